//! The fallback for the command-line tools no pack knows, judged only once every pack has let a
//! command pass: a cloud, database-as-a-service or ops CLI deleting a remote resource by its
//! subcommand words (`turso db destroy prod --yes`, `eksctl delete cluster`, `couchbase-cli
//! bucket-delete`, `eas project:delete`), and one printing a credential (`doctl auth token`,
//! `pscale password create`, `neonctl connection-string`); a release made live or rolled
//! back on production (`akamai property-manager activate … -n PRODUCTION`), a flag toggled
//! off there, and a set replaced by nothing (`… setHosts acme.com --hosts '[]'`). The
//! providers are too many to list; their subcommands share a vocabulary. Local tools (package
//! managers, local clusters and VMs, version managers) and text tools, whose words are data,
//! are left out by name.

use super::{Hit, Pack};
use crate::shell::Word;

/// How many leading subcommand words are read: the verb and its resource come first.
const WINDOW: usize = 4;

/// The fallback's finding on a command no pack objected to: the pack it belongs to and the hit.
/// Most commands have no destroying or credential word among their first words and cost a scan
/// of a few words, with nothing allocated.
pub(super) fn judge(name: &str, args: &[Word]) -> Option<(Pack, Hit)> {
    let (buffer, count) = subcommand_words(args);
    let words = &buffer[..count];
    if matches!(name, "sky" | "ray" | "zowe")
        && let Some(hit) = cluster_or_mainframe(name, words, args)
    {
        return Some((Pack::Cloud, hit));
    }
    // rabbitmqadmin's deletes are judged by its host alone; pscale's other verbs go on below.
    if name == "rabbitmqadmin" {
        return data_service(name, args);
    }
    if name == "pscale"
        && let Some(found) = data_service(name, args)
    {
        return Some(found);
    }
    if matches!(name, "salt" | "salt-call" | "salt-ssh" | "consul" | "nomad" | "helm" | "hcloud")
        && ops_secret(name, args)
    {
        return Some((Pack::Credentials, Hit::ask("credentials.print", PRINT)));
    }
    if matches!(name, "firebase" | "aws")
        && let Some(found) = exports_or_invokes(name, args)
    {
        return Some(found);
    }
    if name.ends_with("-nuke") {
        return nukes(name, words, args).then(|| (Pack::Cloud, Hit::ask("cloud.unknown-destroy", DESTROY)));
    }
    // `ldcli flags toggle-off --environment production`: a flag or service switched off where
    // production's users are.
    // `growthbook features toggle checkout --env production --off`: a toggle told which way.
    // `statsig gates update checkout --enabled false --env production`: an update that
    // switches it off.
    let off = || {
        args.iter().any(|a| {
            matches!(a.text.as_str(), "--off" | "--disable" | "--disabled" | "off" | "--enabled=false")
        }) || args.windows(2).any(|w| w[0].text == "--enabled" && w[1].text == "false")
    };
    if words.iter().any(|word| {
        parts(word).any(|part| among(&["disable", "archive", "kill"], part))
            || ["toggle-off", "turn-off", "switch-off"].iter().any(|off| word.eq_ignore_ascii_case(off))
            || among(&["toggle", "flip", "update", "set"], word) && off()
    }) && !LOCAL.contains(&name)
        && production_option(args)
    {
        return Some((Pack::Cloud, Hit::ask("cloud.unknown-destroy", STOP)));
    }
    // `akamai property-manager activate … -n PRODUCTION`, `envoyer deploy --project=acme-prod
    // --force`: a release made live, or taken back, where production's users are. A plain
    // deploy is a provider's everyday path (`sst deploy --stage production`); forced, it skips
    // the checks that would stop it.
    let flips = words.iter().any(|word| parts(word).any(|part| among(FLIPS, part)));
    let forced_deploy = words.iter().any(|word| parts(word).any(|part| among(&["deploy", "redeploy"], part)))
        && args.iter().any(|arg| FORCING.contains(&arg.text.as_str()));
    if (flips || forced_deploy)
        && !words.iter().any(|word| parts(word).any(|part| among(READS, part)))
        && !LOCAL.contains(&name)
        && production_option(args)
        && !args.iter().any(|a| matches!(a.text.as_str(), "--dry-run" | "--dryrun" | "-h" | "--help"))
    {
        return Some((Pack::Hosting, Hit::ask("hosting.deploy-production", DEPLOY)));
    }
    // `namecheap-cli domains dns setHosts acme.com --hosts '[]'`: a set replaced by nothing.
    let replaces =
        |word: &&str| crate::shell::name_words(word).next().is_some_and(|verb| among(REPLACES, verb));
    if words.iter().any(replaces)
        && args.iter().any(|a| {
            let value = a.text.split_once('=').map_or(a.text.as_str(), |(_, value)| value);
            matches!(value, "[]" | "{}")
        })
        && !LOCAL.contains(&name)
    {
        return Some((Pack::Cloud, Hit::ask("cloud.unknown-destroy", DESTROY)));
    }
    // `tctl workflow reset-batch`, `tctl batch start --batch_type terminate`, `temporal
    // workflow reset --query …`: a reset or stop of every workflow a query matches.
    let batch = words.iter().any(|word| parts(word).any(|part| among(&["batch", "bulk"], part)))
        || args.iter().any(|a| a.text == "--query" || a.text.starts_with("--query="));
    if batch
        && args
            .iter()
            .any(|a| parts(&a.text).any(|part| among(&["reset", "terminate", "cancel", "kill"], part)))
        && !LOCAL.contains(&name)
        && !args.iter().any(|a| matches!(a.text.as_str(), "--dry-run" | "--dryrun" | "-h" | "--help"))
    {
        return Some((Pack::Cloud, Hit::ask("cloud.unknown-destroy", DESTROY)));
    }
    let destroying = words.iter().any(|word| destroying_word(word))
        || words.first().is_some_and(|word| among(&["rm", "del", "sync", "mirror"], word))
        || words.iter().skip(1).any(|word| among(&["rm", "del"], word));
    let credential = name == "mc"
        || words.iter().any(|word| parts(word).any(credential_part))
        || args.iter().any(|arg| REVEALS.contains(&arg.text.as_str()));
    // `nomad job stop -purge api`: a verb that stops, with an option that deletes for good.
    let purges = args.iter().any(|arg| matches!(arg.text.as_str(), "-purge" | "--purge"));
    // Laravel's `php artisan` is judged in full by the database pack.
    let artisan = name == "php" && args.first().is_some_and(|a| a.text.ends_with("artisan"));
    if !destroying && !credential && !purges && name != "salt-key" || LOCAL.contains(&name) || artisan {
        return None;
    }
    if purges && !destroying && words.iter().any(|word| among(&["stop", "deregister", "kill"], word)) {
        return (!args.iter().any(|a| matches!(a.text.as_str(), "--dry-run" | "-h" | "--help")))
            .then(|| (Pack::Cloud, Hit::ask("cloud.unknown-destroy", DESTROY)));
    }
    // A Salesforce scratch org is made to be thrown away (`sf org delete scratch -o s1`), and
    // so is what it holds (`sf data delete record … -o scratch1`).
    if matches!(name, "sf" | "sfdx") && args.iter().any(|a| a.text.contains("scratch")) {
        return None;
    }
    if destroying && destroys(words, args) && !super::local_endpoint(args)
        || name == "salt-key" && deletes_every_key(args)
    {
        return Some((Pack::Cloud, Hit::ask("cloud.unknown-destroy", DESTROY)));
    }
    (credential && prints_credential(name, words, args))
        .then(|| (Pack::Credentials, Hit::ask("credentials.print", PRINT)))
}

/// `firebase auth:export FILE --project acme-prod`: production's users, with their password
/// hashes, copied out where the agent reads them; `aws lambda invoke --function-name
/// db-admin-prod --payload '{"action":"drop_all"}'`: a production function run with a payload
/// that asks it to destroy.
#[inline(never)]
fn exports_or_invokes(name: &str, args: &[Word]) -> Option<(Pack, Hit)> {
    let text = |at: usize| args.get(at).map_or("", |w| w.text.as_str());
    if name == "firebase" {
        return (super::operands(args, &["--project", "-P"]).next() == Some("auth:export")
            && production_option(args))
        .then(|| (Pack::Credentials, Hit::ask("credentials.print", USERS_EXPORT)));
    }
    if !args.windows(2).any(|pair| pair[0].text == "lambda" && pair[1].text == "invoke") {
        return None;
    }
    let value = |option: &str| {
        args.iter().enumerate().find_map(|(at, arg)| match arg.text.split_once('=') {
            Some((name, value)) if name == option => Some(value),
            _ if arg.text == option => Some(text(at + 1)),
            _ => None,
        })
    };
    let function = value("--function-name").unwrap_or_default();
    let payload = value("--payload").unwrap_or_default();
    let destroys = crate::shell::name_words(payload).any(|word| {
        among(&["drop", "delete", "purge", "wipe", "truncate", "destroy", "nuke", "reset", "flush"], word)
    });
    (destroys && super::production_name(function) && !super::local_endpoint(args))
        .then(|| (Pack::Cloud, Hit::ask("cloud.unknown-destroy", DESTROY)))
}

/// SkyPilot's and Ray's clusters torn down in the cloud (`sky down -a`, `ray down
/// cluster.yaml -y`); a z/OS system's work stopped from Zowe: a job cancelled, or an operator
/// command that cancels, stops, forces or halts (`C CICSPROD`, `P`, `FORCE`, `Z EOD`, JES2's
/// `$P`, `$C`).
#[inline(never)]
fn cluster_or_mainframe(name: &str, words: &[&str], args: &[Word]) -> Option<Hit> {
    if args.iter().any(|arg| matches!(arg.text.as_str(), "-h" | "--help")) {
        return None;
    }
    let stops = match (name, words) {
        ("sky" | "ray", ["down", ..]) => true,
        ("zowe", [_, "cancel", ..]) => true,
        // An operator command that stops work, or a TSO command that deletes a data set
        // (`DELETE 'PROD.CUSTOMER.VSAM' CLUSTER`).
        ("zowe", ["zos-console" | "console" | "zos-tso" | "tso", "issue", "command" | "cmd", ..]) => {
            let verb = zowe_command(args)?;
            let verb = verb.split([' ', ',']).next().unwrap_or_default().to_ascii_uppercase();
            matches!(verb.as_str(), "C" | "CANCEL" | "P" | "STOP" | "FORCE" | "Z" | "HALT")
                || verb.starts_with("$P")
                || verb.starts_with("$C")
                || words[0].ends_with("tso") && matches!(verb.as_str(), "DELETE" | "DEL" | "SCRATCH")
        }
        // A program's, transaction's or file's definition removed from a production CICS
        // region, or a production job stream submitted.
        ("zowe", ["cics", "discard" | "delete" | "disable", ..]) => {
            args.iter().any(|arg| mainframe_production(&arg.text))
        }
        ("zowe", ["jobs" | "zos-jobs", "submit", "data-set" | "ds", ..]) => {
            super::operands(args, &[]).nth(3).is_some_and(mainframe_production)
        }
        _ => false,
    };
    stops.then(|| Hit::ask("cloud.unknown-destroy", STOP))
}

/// The operand of Zowe's `issue command`, past its options (`--zosmf-profile prod`).
fn zowe_command(args: &[Word]) -> Option<&str> {
    let at = args.iter().position(|arg| matches!(arg.text.as_str(), "command" | "cmd"))?;
    let mut rest = args[at + 1..].iter();
    loop {
        let arg = rest.next()?;
        if !arg.text.starts_with('-') {
            return Some(&arg.text);
        }
        if !arg.text.contains('=') {
            rest.next();
        }
    }
}

/// Whether a z/OS name (a data set, a CICS region) is production's: [`super::production_name`]'s
/// parts, or `PROD`/`PRD` run into a qualifier (`CICSPRD`, `PRODJCL`).
fn mainframe_production(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    super::production_name(name) || upper.contains("PROD") || upper.ends_with("PRD")
}

/// RabbitMQ's queues, exchanges or vhosts deleted or purged on a server that is not this
/// machine's (`rabbitmqadmin -H rabbit.prod delete queue name=orders`; without `-H` it talks
/// to `localhost`); PlanetScale's deploy request deployed, which applies its schema change to
/// the production branch.
#[inline(never)]
fn data_service(name: &str, args: &[Word]) -> Option<(Pack, Hit)> {
    if args.iter().any(|arg| matches!(arg.text.as_str(), "-h" | "--help")) {
        return None;
    }
    if name == "pscale" {
        let mut words = super::operands(args, &["--org", "--service-token", "--service-token-id"]);
        let deploys = matches!((words.next(), words.next()), (Some("deploy-request" | "dr"), Some("deploy")));
        return deploys.then(|| (Pack::Hosting, Hit::ask("hosting.deploy-production", SCHEMA_DEPLOY)));
    }
    let valued = [
        "-H",
        "--host",
        "-P",
        "--port",
        "-V",
        "--vhost",
        "-u",
        "--username",
        "-p",
        "--password",
        "-N",
        "--node",
        "-c",
        "--config",
        "-f",
        "--format",
    ];
    let mut words = super::operands(args, &valued);
    let first = words.next()?;
    let second = words.next().unwrap_or_default();
    let destroys = [first, second].iter().any(|w| matches!(*w, "delete" | "purge"));
    let host = args.iter().enumerate().find_map(|(at, arg)| match arg.text.as_str() {
        "-H" | "--host" => args.get(at + 1).map(|v| v.text.as_str()),
        text => text.strip_prefix("--host="),
    });
    let node = args
        .windows(2)
        .any(|p| matches!(p[0].text.as_str(), "-N" | "--node") && super::production_name(&p[1].text));
    let remote = host.is_some_and(|h| !super::local_target(h)) || node;
    (destroys && remote).then(|| (Pack::Cloud, Hit::ask("cloud.unknown-destroy", DESTROY)))
}

/// `salt-key -D` (`--delete-all`): every minion's accepted key deleted, the fleet cut off.
fn deletes_every_key(args: &[Word]) -> bool {
    args.iter().any(|arg| matches!(arg.text.as_str(), "-D" | "--delete-all"))
}

/// Whether `part` is one of `list`, in any case.
fn among(list: &[&str], part: &str) -> bool {
    list.iter().any(|item| item.eq_ignore_ascii_case(part))
}

/// Whether a part of a word may name a credential (the full test is [`prints_credential`]'s).
fn credential_part(part: &str) -> bool {
    among(CREDENTIALS, part)
        || among(&["apikey", "apikeys", "connection", "connections", "key", "keys"], part)
}

/// The leading operands that read as subcommand words (`db`, `destroy`, `prod-db`,
/// `project:delete`), at most [`WINDOW`]: the options are passed over, and the first word that
/// is no plain name (a path, a URL, quoted text) ends them.
fn subcommand_words(args: &[Word]) -> ([&str; WINDOW], usize) {
    let mut words = [""; WINDOW];
    let mut count = 0;
    let mut after_option = false;
    for arg in args {
        let text = arg.text.as_str();
        if text.starts_with('-') {
            after_option = !text.contains('=');
            continue;
        }
        // `cfcli -d acme.com rm www`: a global option's value (a host, a domain, a file) before
        // the subcommand; code or quoted text still ends the words (`python -c 'print(1)' x`).
        if std::mem::take(&mut after_option)
            && count == 0
            && !subcommand_word(arg)
            && !arg.dynamic
            && text.bytes().all(|b| b.is_ascii_alphanumeric() || b"._-/~:@".contains(&b))
        {
            continue;
        }
        if !subcommand_word(arg) || count == WINDOW {
            break;
        }
        words[count] = text;
        count += 1;
    }
    (words, count)
}

/// Whether an operand reads as a subcommand word: a plain name, no path, URL nor quoted text.
fn subcommand_word(arg: &Word) -> bool {
    let text = arg.text.as_str();
    !arg.dynamic
        && text.bytes().next().is_some_and(|b| b.is_ascii_alphabetic())
        && text.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b':'))
}

/// The parts of a subcommand word (`bucket-delete`, `project:delete`, `delete_keychain`).
fn parts(word: &str) -> impl Iterator<Item = &str> {
    word.split(['-', '_', ':']).filter(|part| !part.is_empty())
}

/// The leading verb of an API action named in CamelCase that destroys or stops
/// (`DeleteInstance`, `TerminateInstances`, `ReleaseEipAddress`): Alibaba's, Tencent's and
/// other clouds' CLIs name the call itself, and so do `netlify api deleteDnsRecord` and
/// other API clients, in lower camel case.
fn camel_verb(word: &str) -> Option<&str> {
    if !word.bytes().next().is_some_and(|b| b.is_ascii_alphabetic()) {
        return None;
    }
    let (at, _) = word.char_indices().skip(1).find(|(_, c)| c.is_ascii_uppercase())?;
    let verb = &word[..at];
    CAMEL_VERBS.iter().any(|v| v.eq_ignore_ascii_case(verb)).then_some(verb)
}

/// Whether a subcommand word destroys: one of its parts, or its CamelCase verb.
fn destroying_word(word: &str) -> bool {
    parts(word).any(|part| among(DESTROYS, part)) || camel_verb(word).is_some() || among(&["rm", "del"], word)
}

/// A remote resource's name, singular or plural.
fn is_resource(part: &str) -> bool {
    let singular = |p: &str| among(RESOURCES, p);
    singular(part)
        || part.strip_suffix('s').is_some_and(singular)
        || part.strip_suffix("es").is_some_and(singular)
}

/// Whether the subcommand words delete a remote resource: a destroying verb among them (or in
/// one with its resource, `bucket-delete`), with a resource named before it or right after it
/// (`eksctl delete cluster`), or with an option that skips the confirmation or takes everything
/// (`--yes`, `--force`, `--all`, `--purge`). `remove` and `reset` are everyday words: `remove`
/// needs a resource (`mc admin user remove`), `reset` a forcing option (`kubeadm reset -f`).
fn destroys(words: &[&str], args: &[Word]) -> bool {
    // The manual (`terraform destroy -help`, `nomad job stop -help`, `help delete`) runs nothing.
    if args
        .iter()
        .any(|arg| matches!(arg.text.as_str(), "--dry-run" | "--dryrun" | "-h" | "--help" | "-help"))
        || words.first() == Some(&"help")
    {
        return false;
    }
    // `s5cmd rm 's3://prod/*'`, `s5cmd sync --delete . s3://b/`: a bucket's objects deleted
    // by their address, whatever the tool calls the verb. One object named whole is
    // everyday, as `aws s3 rm s3://b/k` is.
    if let Some(verb) = words.first().filter(|word| among(&["rm", "del", "delete", "sync", "mirror"], word)) {
        let syncs = among(&["sync", "mirror"], verb);
        let deleting =
            !syncs || args.iter().any(|arg| arg.text.starts_with("--delete") || arg.text == "--remove");
        let remote = args.iter().filter(|arg| !arg.text.starts_with('-')).skip(1);
        let many = |arg: &Word| {
            object_store(&arg.text)
                && (syncs || arg.text.ends_with('/') || arg.glob || arg.text.contains(['*', '?']))
        };
        let recursive =
            args.iter().any(|arg| matches!(arg.text.as_str(), "-r" | "-R" | "--recursive" | "--all"));
        if deleting && remote.clone().any(|arg| many(arg) || recursive && object_store(&arg.text)) {
            return !syncs || remote.last().is_some_and(|arg| object_store(&arg.text));
        }
        if !among(&["delete"], verb) {
            return false;
        }
    }
    let Some(at) = words.iter().position(|word| destroying_word(word)) else {
        return false;
    };
    let verb = words[at];
    // `gcloud auth revoke`: a login of this machine's, given up.
    let login = |word: &&str| parts(word).any(|part| among(&["auth", "login", "logout", "session"], part));
    if parts(verb).any(|part| among(&["revoke"], part)) && words.iter().any(login) {
        return false;
    }
    // `chamber delete prod-api DB_PASSWORD`, `lexicon cloudflare delete acme.com A`, `akamai
    // purge delete --cpcode 1`, `aliyun ecs DeleteInstance --InstanceId i-1`: a verb that
    // only destroys, given what it destroys, however opaque.
    let strong = parts(verb).any(|part| among(STRONG, part)) || camel_verb(verb).is_some();
    if strong
        && let Some(at) = args.iter().position(|arg| arg.text == verb)
        && at + 1 < args.len()
    {
        return production_option(args) || !throwaway_or_local(&args[at + 1..]);
    }
    // `sst remove --stage production`, `serverless remove -s prod`: the whole app's deployment
    // in that stage, every resource it made; `flux delete source git infra --context=prod`,
    // `sanity documents delete --dataset production`, `kamal remove -d production`: whatever an
    // option names production's.
    let production_stage = production_option(args);
    let resource_near = parts(verb).any(is_resource)
        || words[..at].iter().chain(words.get(at + 1)).any(|word| parts(word).any(is_resource))
        || production_stage;
    let forced = args.iter().any(|arg| FORCING.contains(&arg.text.as_str()));
    // `jfrog rt del PATTERN --quiet`: a short verb (`rm`, `del`) has no part among the
    // destroying words, so it is neither only a `remove` nor only a `reset`.
    // `certbot revoke --cert-name acme.com`: the certificate named by an option.
    let resource_near = resource_near
        || parts(verb).any(|part| among(&["revoke"], part))
            && args.iter().any(|a| a.text.starts_with("--cert"));
    let only = |w: &str| {
        parts(verb).any(|part| part.eq_ignore_ascii_case(w))
            && parts(verb).all(|part| part.eq_ignore_ascii_case(w) || !among(DESTROYS, part))
    };
    if only("remove") {
        return resource_near;
    }
    if only("reset") {
        return forced;
    }
    resource_near || forced
}

/// Whether an option names production (`--context=prod`, `--environment production`,
/// `-workspace=production`).
fn production_option(args: &[Word]) -> bool {
    super::production_target(args)
        || args.windows(2).any(|pair| {
            pair[0].text.starts_with('-')
                && !pair[0].text.contains('=')
                && super::production_name(&pair[1].text)
        })
        || args.iter().any(|arg| {
            arg.text.starts_with('-')
                && arg.text.split_once('=').is_some_and(|(_, value)| super::production_name(value))
        })
}

/// Whether a verb's arguments name a throwaway target (`…/tmp`, `myapp.testnet`, `scratch-1`)
/// or a server on this machine (`-http-addr=localhost:8500`).
fn throwaway_or_local(args: &[Word]) -> bool {
    args.iter().any(|arg| {
        let value = arg.text.split_once('=').map_or(arg.text.as_str(), |(_, value)| value);
        super::local_target(value)
            || arg.text.split(|c: char| !c.is_ascii_alphanumeric()).any(|word| {
                among(
                    &[
                        "tmp",
                        "temp",
                        "test",
                        "testnet",
                        "devnet",
                        "localnet",
                        "scratch",
                        "sandbox",
                        "throwaway",
                    ],
                    word,
                )
            })
    })
}

/// The account nukers (`aws-nuke`, `azure-nuke`, `gcp-nuke`, `cloud-nuke`): every resource of
/// an account deleted. The `*-nuke` tools only list unless `--no-dry-run`; `cloud-nuke`
/// deletes unless `--dry-run` or an `inspect-*` command.
#[inline(never)]
fn nukes(name: &str, words: &[&str], args: &[Word]) -> bool {
    let has = |options: &[&str]| args.iter().any(|arg| options.contains(&arg.text.as_str()));
    if has(&["-h", "--help", "--dry-run", "--version", "-v"]) || words.is_empty() && args.is_empty() {
        return false;
    }
    if name == "cloud-nuke" {
        return words
            .first()
            .is_some_and(|word| !word.starts_with("inspect") && !among(&["help", "version"], word));
    }
    has(&["--no-dry-run"])
}

/// An ops tool printing the secrets it keeps: Salt's pillar (`salt '*' pillar.items`), Consul's
/// key-value tree taken whole or a secret's key (`consul kv get -recurse secrets/`, `kv
/// export`), Nomad's variables (`nomad var get`), a cluster's first management token (`nomad
/// acl bootstrap`, `consul acl bootstrap`), helm-secrets' plaintext on the terminal (`helm
/// secrets decrypt f.yaml` without `-i`), a server's new root password (`hcloud server
/// reset-password`).
#[inline(never)]
fn ops_secret(name: &str, args: &[Word]) -> bool {
    let has = |options: &[&str]| args.iter().any(|arg| options.contains(&arg.text.as_str()));
    if has(&["-h", "--help", "-help"]) {
        return false;
    }
    let mut words =
        super::operands(args, &["-out", "-namespace", "-address", "-token", "--kube-context", "-n"]);
    let verb = (words.next().unwrap_or_default(), words.next().unwrap_or_default());
    match name {
        "salt" | "salt-call" | "salt-ssh" => args.iter().any(|arg| {
            arg.text
                .strip_prefix("pillar.")
                .is_some_and(|f| matches!(f, "items" | "item" | "get" | "raw" | "data" | "fetch"))
        }),
        "consul" => match verb {
            ("kv", "get") => words.any(|key| {
                key.split(['/', '-', '_', '.'])
                    .any(|part| credential_part(part) || among(&["private", "vault", "certs"], part))
            }),
            ("kv", "export") | ("acl", "bootstrap") => true,
            _ => false,
        },
        "nomad" => matches!(verb, ("var", "get" | "read") | ("acl", "bootstrap")),
        "helm" => {
            verb == ("secrets", "decrypt") && !has(&["-i", "--in-place"]) || verb == ("secrets", "view")
        }
        "hcloud" => verb == ("server", "reset-password"),
        _ => false,
    }
}

/// An object store's address: `s3://b/k`, `gs://`, `az://`, `r2://`, `b2://`, `oss://`, ….
fn object_store(text: &str) -> bool {
    text.split_once("://").is_some_and(|(scheme, _)| {
        among(
            &[
                "s3", "s3a", "gs", "gcs", "az", "azure", "abfs", "abfss", "wasb", "wasbs", "r2", "b2", "oss",
                "cos", "obs", "swift",
            ],
            scheme,
        )
    })
}

/// Whether the subcommand words print a credential: one is named (a token, a password, an API
/// key, a connection string) with a verb that shows or makes it (`get`, `show`, `create`,
/// `generate-token`), or with no verb at all (`doctl auth token`). A listing, a delete or a
/// set does not print it, unless an option reveals the values (`--include-sensitive`); a
/// names-only listing never does.
fn prints_credential(name: &str, words: &[&str], args: &[Word]) -> bool {
    if name == "mc" {
        // MinIO's aliases hold each server's access and secret keys, which `alias list` prints.
        return matches!(words, ["alias", "list" | "ls" | "export", ..]);
    }
    // `az aks get-credentials` writes the cluster's kubeconfig and prints nothing.
    if KNOWN_PRINTERS.contains(&name) || name == "az" && words.contains(&"get-credentials") {
        return false;
    }
    let option = |options: &[&str]| args.iter().any(|a| options.contains(&a.text.as_str()));
    if option(&["--only-names", "--names-only", "--name-only", "-h", "--help"]) {
        return false;
    }
    // `eas env:list --include-sensitive`: the values shown, whatever the listing is named.
    if option(REVEALS) && !words.is_empty() {
        return true;
    }
    let parts: Vec<String> = words.iter().flat_map(|word| parts(word)).map(str::to_ascii_lowercase).collect();
    let named = parts.iter().enumerate().any(|(at, part)| {
        let next = parts.get(at + 1).map_or("", String::as_str);
        let before = &parts[..at];
        CREDENTIALS.contains(&part.as_str())
            || matches!(
                (part.as_str(), next),
                ("api" | "access" | "secret" | "private" | "signing", "key" | "keys")
            )
            || part == "apikey"
            || part == "apikeys"
            || part.starts_with("connection")
                && (matches!(next, "string" | "uri" | "url")
                    || before.iter().any(|p| {
                        is_resource(p)
                            && matches!(
                                p.as_str(),
                                "db" | "dbs" | "database" | "databases" | "cluster" | "clusters"
                            )
                    }))
    });
    if !named {
        return false;
    }
    if parts.iter().any(|part| SHOWS.contains(&part.as_str())) {
        return true;
    }
    !parts.iter().any(|part| KEEPS.contains(&part.as_str()))
}

/// The destroying verbs.
const DESTROYS: &[&str] = &[
    "delete",
    "destroy",
    "drop",
    "purge",
    "obliterate",
    "wipe",
    "nuke",
    "teardown",
    "terminate",
    "erase",
    "deprovision",
    "decommission",
    "rb",
    "uninstall",
    "remove",
    "reset",
    "undeploy",
    "revoke",
];

/// The verbs that make a release live or take it back.
const FLIPS: &[&str] = &["rollback", "activate", "promote", "cutover", "failover"];

/// The words of a deploy verb's command that only read or preview (`deploy releases list`,
/// `project deploy validate`, liquibase's `rollback-count-sql`, which prints the statements).
const READS: &[&str] = &[
    "list", "ls", "describe", "get", "show", "status", "logs", "log", "history", "view", "diff", "info",
    "preview", "validate", "check", "plan", "sql",
];

/// The verbs that replace a whole set with the value given.
const REPLACES: &[&str] = &["set", "replace", "overwrite", "put"];

/// The options that skip a confirmation or widen a delete to everything.
const FORCING: &[&str] = &[
    "--yes",
    "-y",
    "--force",
    "-f",
    "--all",
    "--confirm",
    "--purge",
    "--silent",
    // jfrog's answer to its confirmation prompt (`jfrog rt del PATTERN --quiet`).
    "--quiet",
    "--non-interactive",
    "--no-prompt",
    "--auto-approve",
    "--skip-confirmation",
    // Zowe's confirmation of a delete.
    "--for-sure",
];

/// The remote resources a provider's CLI deletes, singular.
const RESOURCES: &[&str] = &[
    "project",
    "app",
    "application",
    "db",
    "database",
    "cluster",
    "bucket",
    "service",
    "server",
    "instance",
    "topic",
    "namespace",
    "ns",
    "branch",
    "deployment",
    "deploy",
    "site",
    "env",
    "environment",
    "org",
    "organization",
    "stack",
    "function",
    "queue",
    "table",
    "dataset",
    "index",
    "keyspace",
    "backup",
    "snapshot",
    "volume",
    "zone",
    "dns",
    "domain",
    "record",
    "user",
    "key",
    "keychain",
    "certificate",
    "cert",
    "tester",
    "member",
    "peer",
    "team",
    "workspace",
    "repo",
    "repository",
    "registry",
    "node",
    "vm",
    "machine",
    "droplet",
    "group",
    "tenant",
    "account",
    "role",
    "policy",
    "secret",
    "build",
    "release",
    "schema",
    "collection",
    "vault",
    "storage",
    "disk",
    "network",
    "vpc",
    "subnet",
    "firewall",
    "loadbalancer",
    "lb",
    "worker",
    "job",
    "pipeline",
    "workflow",
    "channel",
    "stream",
    "webhook",
    "source",
    "destination",
    "theme",
    "document",
    "monitor",
    "dashboard",
    "synthetic",
    "flag",
    "feature",
    "segment",
    "cache",
    "parameter",
    "param",
    "variable",
    "var",
];

/// The verbs that do nothing but destroy: given a target, they ask whatever it is named.
const STRONG: &[&str] = &[
    "delete",
    "destroy",
    "purge",
    "obliterate",
    "wipe",
    "nuke",
    "teardown",
    "terminate",
    "erase",
    "deprovision",
    "decommission",
    "undeploy",
];

/// The leading verbs of a CamelCase API action that destroys or stops (`DeleteInstance`).
const CAMEL_VERBS: &[&str] =
    &["Delete", "Terminate", "Release", "Stop", "Destroy", "Purge", "Drop", "Remove"];

/// The words that name a credential.
const CREDENTIALS: &[&str] =
    &["token", "tokens", "password", "passwords", "credential", "credentials", "creds", "secret", "secrets"];

/// The verbs that print or make what they name.
const SHOWS: &[&str] = &[
    "get", "show", "print", "reveal", "view", "read", "display", "cat", "dump", "create", "generate", "new",
    "issue", "mint",
];

/// The verbs that print no credential's value.
const KEEPS: &[&str] = &[
    "list",
    "ls",
    "delete",
    "rm",
    "remove",
    "revoke",
    "set",
    "unset",
    "add",
    "update",
    "edit",
    "rotate",
    "import",
    "upload",
    "push",
    "sync",
    "login",
    "logout",
    "disable",
    "enable",
    "rename",
    "expire",
    "help",
    "lookup",
    "renew",
    "describe",
    "inspect",
    "info",
    "reset",
    "encrypt",
    "rekey",
    "verify",
    "check",
    "validate",
    "use",
    "helper",
    "configure",
    "status",
    "prune",
    "clear",
    "invalidate",
    "scan",
];

/// The options that print values a listing otherwise masks.
const REVEALS: &[&str] =
    &["--include-sensitive", "--reveal", "--show-secrets", "--show-values", "--unmask", "--show-token"];

/// The CLIs whose credential printing the credentials pack judges in full.
const KNOWN_PRINTERS: &[&str] =
    &["gh", "git", "kubectl", "oc", "k", "docker", "podman", "aws", "gcloud", "op", "pass"];

/// Local, text and fully-judged tools: the fallback leaves them to their packs or to the user.
const LOCAL: &[&str] = &[
    // Package and tool managers.
    "apt",
    "apt-get",
    "dpkg",
    "yum",
    "dnf",
    "pacman",
    "zypper",
    "apk",
    "brew",
    "port",
    "snap",
    "flatpak",
    "nix",
    "nix-env",
    "choco",
    "winget",
    "scoop",
    "npm",
    "pnpm",
    "yarn",
    "bun",
    "npx",
    "pip",
    "pip3",
    "pipx",
    "uv",
    "poetry",
    "pdm",
    "hatch",
    "conda",
    "mamba",
    "micromamba",
    "gem",
    "bundle",
    "cargo",
    "rustup",
    "go",
    "dotnet",
    "composer",
    // Drupal's drush: its own rules judge a production site; a local site's modules are the
    // user's to uninstall.
    "drush",
    "cpan",
    "cpanm",
    "opam",
    "cabal",
    "stack",
    "mix",
    "nvm",
    "fnm",
    "volta",
    "pyenv",
    "rbenv",
    "jenv",
    "goenv",
    "asdf",
    "mise",
    "rtx",
    "sdk",
    "tfenv",
    "proto",
    "pre-commit",
    "code",
    "cursor",
    "jupyter",
    "ollama",
    "pm2",
    "nx",
    "turbo",
    "lerna",
    "helm",
    // Queues and search engines the database pack judges by their server or index.
    "rabbitmqctl",
    "nats",
    "pulsar-admin",
    "celery",
    "rq",
    "algolia",
    // Local containers, clusters and VMs (the containers pack judges the engines).
    "docker",
    "podman",
    "nerdctl",
    "buildah",
    "kind",
    "minikube",
    "k3d",
    "colima",
    "multipass",
    "vagrant",
    "lxc",
    "docker-compose",
    "podman-compose",
    "ddev",
    "lando",
    "devbox",
    "awslocal",
    "tflocal",
    "samlocal",
    "cdklocal",
    "tmuxinator",
    "adb",
    "avdmanager",
    "sdkmanager",
    "emulator",
    "xcrun",
    "ansible-galaxy",
    "conan",
    "vcpkg",
    "pixi",
    "spack",
    // Version control other than git, and git's stacking tools: their branches are local.
    "hg",
    "jj",
    "sl",
    "bzr",
    "darcs",
    "fossil",
    "svn",
    "gt",
    "git-town",
    "stg",
    "incus",
    "limactl",
    "orbctl",
    "virsh",
    "vboxmanage",
    // Runners and build tools, whose targets are the project's.
    "make",
    "just",
    "task",
    "rake",
    "gradle",
    "gradlew",
    "mvn",
    "mvnw",
    "ant",
    "bazel",
    "ninja",
    // The tools the git, kubernetes, database and disk packs judge in full (a local test
    // database dropped, a keychain's item).
    "git",
    "gh",
    "glab",
    "kubectl",
    "oc",
    "rails",
    "prisma",
    "diesel",
    "sqlx",
    "sequelize",
    "knex",
    "typeorm",
    "mysqladmin",
    "dropdb",
    "django-admin",
    "security",
    // Windows' registry and Perforce's depot files, judged as local.
    "reg",
    "p4",
    // Personal task, time and note keepers: their deletes are the user's own records.
    "timew",
    "nb",
    "watson",
    "dstask",
    "jrnl",
    "buku",
    "zellij",
    // HTTP clients, whose methods and URLs the hosting pack judges (`curl -X DELETE`).
    "curl",
    "wget",
    "http",
    "https",
    "xh",
    "xhs",
    // Text, file and shell tools, whose words are data.
    "echo",
    "printf",
    "grep",
    "egrep",
    "fgrep",
    "rg",
    "ag",
    "ack",
    "sed",
    "awk",
    "gawk",
    "cat",
    "less",
    "more",
    "head",
    "tail",
    "sort",
    "uniq",
    "wc",
    "cut",
    "tr",
    "jq",
    "yq",
    "man",
    "info",
    "tldr",
    "help",
    "which",
    "type",
    "whatis",
    "apropos",
    "command",
    "alias",
    "export",
    "set",
    "unset",
    "read",
    "declare",
    "local",
    "test",
    "true",
    "false",
    "ls",
    "cd",
    "touch",
    "mkdir",
    "cp",
    "mv",
    "rm",
    "rmdir",
    "find",
    "fd",
    "fzf",
    "vim",
    "vi",
    "nvim",
    "nano",
    "emacs",
    "open",
    "xdg-open",
    "say",
    "logger",
    "notify-send",
    "tmux",
    "screen",
    "history",
    "fc",
    "nmcli",
    "systemctl",
    "journalctl",
    "launchctl",
    "crontab",
];

const DESTROY: &str = "This runs a delete, destroy or uninstall of a remote resource (a project, database, cluster, bucket or service) through a provider's CLI, which no recycle bin may bring back. Ask the user to run it, or show them the exact command.";
const DEPLOY: &str = "This makes a release live (or rolls it back) on a production target through a provider's CLI, with its users watching. Show the user the change, or ask them to deploy it.";
const STOP: &str = "This tears down a cloud cluster, cancels a job or stops a system's work on a mainframe: what runs there stops for its users. Ask the user to run it, or show them the exact command.";
const SCHEMA_DEPLOY: &str = "`pscale deploy-request deploy` applies the request's schema change to the production branch, where a dropped column or table is gone with its data. Ask the user to deploy it.";
const USERS_EXPORT: &str = "This exports a production project's user accounts, with their password hashes and personal data, where the agent reads them. Export from a development project, or ask the user to run it.";
const PRINT: &str = "This prints a credential (a token, password, API key or connection string) where the agent reads it, and from there into the conversation. Use it inside the command that needs it, or ask the user.";
