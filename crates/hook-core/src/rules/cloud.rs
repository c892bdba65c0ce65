//! The `cloud` pack: deletes through the cloud CLIs: `aws` (recursive or whole-bucket S3
//! deletes, `s3 sync --delete`, and every `delete-*`/`batch-delete-*`/`terminate-*` call,
//! `schedule-key-deletion`), `gcloud` and `gsutil` (every `delete`, recursive `rm`, `rb`),
//! `az` (every `delete`, a deployment in `Complete` mode), AzCopy (`sync
//! --delete-destination`, recursive `remove`), image registries' clients (`skopeo|crane delete`, `oras|regctl …
//! delete`), `s3cmd` and MinIO's `mc` (recursive or forced `del`/`rm`/`rb`, a deleting
//! `mirror`/`sync`, a public ACL), the smaller providers' CLIs (`hcloud`, `linode-cli`, `scw`, …), and
//! HDFS and Databricks (`hdfs dfs -rm -r`, `databricks fs rm -r`), `rclone` deleting from a remote or a local directory outside the project (`purge`, `delete`,
//! `sync` into it); and secret managers' secrets deleted or set (`vault kv delete`, `doppler
//! secrets set`, `op item delete`). Beside the deletes: stops and scale-downs, protections and
//! audit switched off, grants, access planted, and a cluster's members or jobs acted on by its
//! own client (`nomad job scale … 0`, `consul leave`, `rd run -p production`, `ssh-copy-id`).

use super::{Call, Hit, operands};

/// The cloud CLIs' global options that take a value.
const VALUE_OPTIONS: &[&str] = &[
    "--profile",
    "--region",
    "--output",
    "--endpoint-url",
    "--query",
    "--color",
    "--ca-bundle",
    "--project",
    "--zone",
    "--account",
    "--configuration",
    "--format",
    "--subscription",
    "-g",
    "--resource-group",
    "-o",
    // The request read from a file: its value is not the service (`aws --cli-input-json
    // file://req.json rds delete-db-instance`).
    "--cli-input-json",
    "--cli-input-yaml",
    "--cli-read-timeout",
    "--cli-connect-timeout",
    "--cli-binary-format",
    "--impersonate-service-account",
    "--verbosity",
];

pub(super) fn judge(call: &Call) -> Option<Hit> {
    let name = call.name?;
    if name == "rclone" {
        return rclone(call);
    }
    if name == "nsupdate" {
        return nsupdate(call);
    }
    if name == "vault"
        && let Some(hit) = vault_weakens(call)
    {
        return Some(hit);
    }
    if matches!(name, "vault" | "doppler" | "op" | "infisical" | "bw" | "gh") {
        return secret_store(name, &operands(call.args(), VALUE_OPTIONS).collect::<Vec<_>>());
    }
    // Other tools whose secrets verbs sit beside verbs judged below.
    if matches!(name, "supabase" | "berglas" | "conjur")
        && let Some(hit) = secret_store(name, &operands(call.args(), VALUE_OPTIONS).collect::<Vec<_>>())
    {
        return Some(hit);
    }
    if name.starts_with("remove-") || name.starts_with("stop-") {
        return cloud_cmdlet(name, call.args());
    }
    if super::HTTP_CLIENTS.contains(&name) {
        return management_delete(name, call.args());
    }
    if matches!(name, "hdfs" | "hadoop" | "databricks") {
        return data_platform(name, call.args());
    }
    if name.starts_with("python") || name.starts_with("pypy") {
        return sdk_delete(&super::database::python_code(call)?);
    }
    if matches!(name, "node" | "nodejs" | "bun" | "deno") {
        return sdk_delete(&js_code(call)?);
    }
    if name == "render" {
        // Its deletes are the fallback for unknown tools'; a service suspended is a stop.
        let words: Vec<&str> = operands(call.args(), VALUE_OPTIONS).collect();
        return stops(name, &words, &[]).then(|| Hit::ask("cloud.stop", STOP));
    }
    if matches!(name, "salt" | "salt-ssh" | "knife" | "bolt" | "mco" | "puppetserver") {
        return fleet(call, name);
    }
    if matches!(name, "nomad" | "consul" | "rd" | "ssh-copy-id") {
        return cluster_member(call, name);
    }
    // `eksctl scale nodegroup --nodes 0`: every node of the group gone, with its pods.
    if name == "eksctl" {
        let args: Vec<&str> = call.args().iter().map(|a| a.text.as_str()).collect();
        let scales = operands(call.args(), VALUE_OPTIONS).next() == Some("scale");
        let zero = zero_count(&args) || args.windows(2).any(|p| p[0] == "-N" && zero(p[1]));
        return (scales && zero && !disposable(name, call.args(), &[])).then(|| Hit::ask("cloud.stop", STOP));
    }
    if !judges(name) {
        return None;
    }
    judge_named(call, name)
}

/// Whether the pack let `call` pass only because its targets are disposable ([`disposable`])
/// or it asks for the manual ([`help`]): the fallback for unknown tools does not ask about it
/// again.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
pub(super) fn passed_on_purpose(call: &Call) -> bool {
    let Some(name) = call.name.filter(|name| judges(name)) else {
        return false;
    };
    let args: Vec<&str> = call.args().iter().map(|a| a.text.as_str()).collect();
    let words: Vec<&str> = operands(call.args(), VALUE_OPTIONS).collect();
    help(name, &args, &words)
        || judge_words(call, name, &args, &words)
            .is_some_and(|hit| DISPOSABLE_RULES.contains(&hit.rule) && disposable(name, call.args(), &words))
}

/// Whether `name` is a CLI whose deletes and stops this pack reads word by word.
fn judges(name: &str) -> bool {
    matches!(name, "aws" | "gcloud" | "gsutil" | "az" | "azcopy" | "doctl" | "s3cmd" | "mc")
        || PROVIDERS.contains(&name)
        || MACHINE_CLIENTS.contains(&name)
        || REGISTRY_CLIENTS.contains(&name)
}

/// The cloud SDKs' deletes in a Python one-liner: boto3's `delete_bucket(…)`,
/// `objects.all().delete()`, `terminate_instances(…)`, Google Cloud's `bucket.delete()`,
/// Azure's `begin_delete(…)`, `delete_container(…)`: what `aws … delete-*` would ask about.
/// The same in JavaScript: the AWS SDK (`@aws-sdk/client-s3`'s `deleteBucket(…)`, v2's
/// `aws-sdk`, `terminateInstances(…)`), `@google-cloud/*` and `@azure/*`.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn sdk_delete(code: &str) -> Option<Hit> {
    let compact: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    let (id, message) = if ["boto3", "botocore", "@aws-sdk/", "'aws-sdk'", "\"aws-sdk\""]
        .iter()
        .any(|sdk| compact.contains(sdk))
    {
        ("cloud.aws-delete", SDK_DELETE)
    } else if compact.contains("google.cloud") || compact.contains("@google-cloud/") {
        ("cloud.gcloud-delete", SDK_DELETE)
    } else if compact.contains("azure.") || compact.contains("@azure/") {
        ("cloud.az-delete", SDK_DELETE)
    } else {
        return None;
    };
    // `.delete` and `.terminate` are Python's `.delete(`, `.delete_bucket(` and JavaScript's
    // `.deleteBucket(`; `newDelete…` a v3 command (`new DeleteObjectsCommand(…)`).
    let deletes = [
        ".delete",
        ".terminate",
        ".begin_delete",
        ".schedule_key_deletion(",
        ".purge_queue(",
        ".beginDelete",
        ".scheduleKeyDeletion(",
        ".purgeQueue(",
        "newDelete",
        "newTerminate",
        "newPurgeQueue",
    ]
    .iter()
    .any(|call| compact.contains(call));
    (deletes || v3_delete_command(&compact)).then(|| Hit::new(id, message))
}

/// Whether JavaScript names an AWS SDK v3 command class that deletes, however it is reached
/// (`new DeleteDBInstanceCommand(…)`, `new (require('@aws-sdk/client-rds').DeleteDBInstanceCommand)(…)`,
/// `const { TerminateInstancesCommand } = …`): the identifier before each `Command`.
fn v3_delete_command(compact: &str) -> bool {
    compact.match_indices("Command").any(|(at, _)| {
        let start = compact[..at].rfind(|c: char| !c.is_ascii_alphanumeric()).map_or(0, |i| i + 1);
        let name = &compact[start..at];
        ["Delete", "Terminate", "PurgeQueue", "ScheduleKeyDeletion"].iter().any(|verb| name.starts_with(verb))
    })
}

/// The JavaScript a runtime runs inline (`node -e CODE`, `node -p CODE`, `deno eval CODE`).
fn js_code(call: &Call) -> Option<String> {
    let args = call.args();
    let at =
        args.iter().position(|a| matches!(a.text.as_str(), "-e" | "--eval" | "-p" | "--print" | "eval"))?;
    args.get(at + 1).map(|code| code.text.clone())
}

/// Whether an AWS operation changes a resource in place: `update-function-code`,
/// `change-resource-record-sets`, `modify-db-instance`, `reboot-instances`, `stop-instances`,
/// `restore-db-instance-to-point-in-time`.
fn production_write(op: &str) -> bool {
    // `eks update-kubeconfig` writes this machine's kubeconfig only; a service or group's
    // size is judged by its count (scaled to zero above), and scaling up is everyday.
    !matches!(op, "update-kubeconfig" | "update-service" | "update-auto-scaling-group")
        && ["update-", "change-", "modify-", "reboot-", "stop-", "restore-"].iter().any(|p| op.starts_with(p))
}

/// Whether the line acts on production: a profile, stage or group that names it (`--profile
/// prod`, `--resource-group rg-prod`, `-g rg-prod`), or a resource an option names so (`--function-name api-prod`).
fn production_account(args: &[crate::shell::Word]) -> bool {
    super::production_target(args)
        || args.windows(2).any(|pair| {
            (pair[0].text.starts_with("--") || pair[0].text == "-g")
                && !pair[0].text.contains('=')
                && !pair[1].text.starts_with('-')
                && super::production_name(&pair[1].text)
        })
}

const PRODUCTION_CHANGE: &str = "This changes a production resource in place (its code, DNS records, settings, or which slot serves traffic), which its users see at once. Make the change in staging and ask the user to apply it to production.";

const SDK_DELETE: &str = "This code deletes cloud resources or their data through the provider's SDK, as the CLI's `delete` would. Ask the user to run it.";

/// Deletes of a data platform's storage and workspace: `hdfs dfs -rm -r` (and `hadoop fs`,
/// the old `-rmr`, `-expunge` of the trash), `databricks fs rm -r`, `databricks workspace
/// delete --recursive`, and the delete of a catalog, schema, table, volume, cluster, job,
/// pipeline or repo. One file removed passes.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn data_platform(name: &str, args: &[crate::shell::Word]) -> Option<Hit> {
    let texts: Vec<&str> = args.iter().map(|a| a.text.as_str()).collect();
    let recursive = texts.iter().any(|t| {
        matches!(*t, "-r" | "-R" | "--recursive")
            // `-rf`, not `-skipTrash`.
            || t.strip_prefix('-').is_some_and(|cluster| {
                cluster.len() > 1 && cluster.contains(['r', 'R']) && cluster.chars().all(|c| "rRf".contains(c))
            })
    });
    let words: Vec<&str> = operands(args, &["-p", "--profile", "-o", "--output", "-conf", "-fs"]).collect();
    let deletes = match name {
        "databricks" => match (words.first().copied()?, words.get(1).copied().unwrap_or_default()) {
            ("fs", "rm") | ("workspace", "delete" | "rm") => recursive,
            (
                "catalogs" | "schemas" | "tables" | "volumes" | "clusters" | "jobs" | "pipelines" | "repos"
                | "warehouses" | "registered-models",
                "delete" | "permanent-delete",
            ) => true,
            _ => false,
        },
        // `hdfs dfs -rm -r PATH`, `hadoop fs -rm -R -skipTrash PATH`.
        _ => texts.iter().any(|t| matches!(*t, "-rmr" | "-expunge")) || texts.contains(&"-rm") && recursive,
    };
    deletes.then(|| Hit::new("cloud.provider-delete", DATA_PLATFORM))
}

const DATA_PLATFORM: &str = "This deletes a data platform's files, tables or workspace recursively, which no recycle bin may bring back (`-skipTrash` skips HDFS's). Delete what you mean by name, or ask the user to run it.";

/// [`judge`] of a command this pack is about, out of line so that an allowed call runs only
/// the name check above (ARCHITECTURE.md, "Start-up").
#[inline(never)]
fn judge_named(call: &Call, name: &str) -> Option<Hit> {
    let args: Vec<&str> = call.args().iter().map(|a| a.text.as_str()).collect();
    let words: Vec<&str> = operands(call.args(), VALUE_OPTIONS).collect();
    // LocalStack and other emulators on this machine (`--endpoint-url http://localhost:4566`).
    if name == "aws" && super::local_endpoint(call.args()) {
        return None;
    }
    if help(name, &args, &words) {
        return None;
    }
    let hit = judge_words(call, name, &args, &words)?;
    // A delete or stop of resources whose names all say they are disposable (`hcloud server
    // delete test-runner-1`, `az group delete -n rg-pr42-ephemeral`) is the user's to make.
    (!DISPOSABLE_RULES.contains(&hit.rule) || !disposable(name, call.args(), &words)).then_some(hit)
}

/// Whether a line shows the manual and runs nothing (`aws ec2 terminate-instances help`,
/// `gcloud compute instances delete --help`).
fn help(name: &str, args: &[&str], words: &[&str]) -> bool {
    args.contains(&"--help") || name == "aws" && words.iter().take(3).any(|w| *w == "help")
}

/// The rules whose hits pass when every target is disposable ([`disposable`]).
const DISPOSABLE_RULES: &[&str] = &[
    "cloud.aws-delete",
    "cloud.aws-s3-delete",
    "cloud.gcloud-delete",
    "cloud.az-delete",
    "cloud.doctl-delete",
    "cloud.provider-delete",
    "cloud.stop",
    "cloud.live-change",
];

/// Whether a cloud line's targets are all disposable ([`super::disposable_target`]): the
/// names after its verb and the options' values, or the project, profile or group it works in
/// (`--project acme-sandbox`). A whole project, account or organization, `--all`, a wildcard,
/// a computed word, a production name anywhere, or no name at all still ask.
fn disposable(name: &str, args: &[crate::shell::Word], words: &[&str]) -> bool {
    const NOT_NAMES: &[&str] = &[
        "--region",
        "--zone",
        "--location",
        "-l",
        "--output",
        "-o",
        "--format",
        "--query",
        "--color",
        "--verbosity",
        "--endpoint-url",
        "--cli-read-timeout",
        "--cli-connect-timeout",
        "--cli-binary-format",
    ];
    const SCOPES: &[&str] = &[
        "--project",
        "--profile",
        "-g",
        "--resource-group",
        "--subscription",
        "--cluster",
        "--cluster-name",
    ];
    if args.iter().any(|a| {
        a.dynamic
            // A wildcard names no one resource, unless it stays in a disposable bucket.
            || (a.glob || a.text.contains('*'))
                && !(url_stem(&a.text).len() < a.text.len() && super::disposable_target(url_stem(&a.text)))
            || a.text == "--all"
            || a.text.starts_with("--all-")
            || super::production_name(&a.text)
    }) {
        return false;
    }
    let verb_at = if name == "aws" {
        1
    } else {
        words.iter().position(|w| ACTION_WORDS.contains(w) || STOP_VERBS.contains(w)).unwrap_or(words.len())
    };
    let scope_words = [
        "project",
        "projects",
        "organization",
        "organizations",
        "account",
        "accounts",
        "subscription",
        "folders",
    ];
    // Identities, keys and domains are no workload, whatever they are called (`iam delete-user
    // --user-name ci`).
    let identity = name == "aws"
        && matches!(
            words.first(),
            Some(&("iam" | "kms" | "organizations" | "route53domains" | "secretsmanager" | "sso-admin"))
        );
    if identity || words.iter().take(verb_at).any(|w| scope_words.contains(w)) {
        return false;
    }
    let mut names: Vec<&str> = words.iter().skip(verb_at + 1).copied().collect();
    // A copy's or sync's files on this machine are its source, not a target (`aws s3 sync
    // ./dist s3://acme-dev-preview/ --delete`).
    if names.iter().any(|n| n.contains("://")) {
        names.retain(|n| n.contains("://"));
    }
    let mut scoped = false;
    for (at, arg) in args.iter().enumerate() {
        let text = arg.text.as_str();
        if !text.starts_with('-') {
            continue;
        }
        let (option, value) = match text.split_once('=') {
            Some((option, value)) => (option, Some(value)),
            None => (text, args.get(at + 1).map(|v| v.text.as_str()).filter(|v| !v.starts_with('-'))),
        };
        let Some(value) = value.filter(|v| !v.is_empty()) else { continue };
        if NOT_NAMES.contains(&option) {
            continue;
        }
        if SCOPES.contains(&option) && super::disposable_target(value) {
            scoped = true;
        }
        names.push(value);
    }
    scoped || !names.is_empty() && names.iter().all(|n| super::disposable_target(url_stem(n)))
}

/// A storage URL up to its first wildcard (`gs://acme-dev-tmp/cache/` of
/// `gs://acme-dev-tmp/cache/**`): the bucket and prefix a bulk delete stays in. Any other word
/// is itself, so that a wildcard name (`test-*`) is still no one resource.
fn url_stem(text: &str) -> &str {
    match text.find(['*', '?', '[']) {
        Some(at) if text.contains("://") && text[..at].contains("://") && text[..at].ends_with('/') => {
            &text[..at]
        }
        _ => text,
    }
}

/// Whether an operand is a storage URL with a wildcard (`gs://bucket/**`, `gs://b/logs/*.gz`):
/// a delete of every object it matches, as a recursive one is.
fn wildcard_url(words: &[&str]) -> bool {
    words.iter().any(|w| w.contains("://") && w.contains(['*', '?']))
}

/// The verbs after which a line names what it deletes (or, [`STOP_VERBS`], stops).
const ACTION_WORDS: &[&str] = &[
    "delete",
    "rm",
    "rb",
    "del",
    "destroy",
    "terminate",
    "purge",
    "rebuild",
    "reinstall",
    "remove",
    "undefine",
    "resize",
    "scale",
    "action",
    "vm.power",
    "vm.destroy",
    "cancel",
];

/// The verbs that stop, restart or power off a machine, a database or an app ([`stops`]).
const STOP_VERBS: &[&str] = &[
    "stop",
    "reset",
    "suspend",
    "restart",
    "deallocate",
    "poweroff",
    "power-off",
    "shutdown",
    "power-cycle",
    "reboot",
    "halt",
    "standby",
    "instance-stop",
    "instance-reboot",
    "force-reboot",
    "failover",
    "pause",
    "shelve",
];

/// [`judge_named`]'s verdict before a disposable target is let through.
fn judge_words(call: &Call, name: &str, args: &[&str], words: &[&str]) -> Option<Hit> {
    let flag = |f: &[&str]| args.iter().any(|a| f.contains(a));
    // `--dryrun` (s3) and `--dry-run` (ec2 and others) only check; an operation that does not
    // know the option fails before it runs.
    if name == "aws" && given(call, &["--dryrun", "--dry-run"]) {
        return None;
    }
    if let Some(hit) = grants(name, words, args) {
        return Some(hit);
    }
    if let Some(hit) = live_change(name, words, args) {
        return Some(hit);
    }
    let hit = match name {
        "aws" => {
            let (service, operation) = (words.first().copied()?, words.get(1).copied()?);
            match (service, operation) {
                ("s3", "rb") => Some(Hit::new("cloud.aws-s3-delete", S3)),
                ("s3", "rm") if flag(&["--recursive"]) => Some(Hit::new("cloud.aws-s3-delete", S3)),
                // One object deleted is gone as well (`s3 rm s3://b/prod/terraform.tfstate`).
                ("s3", "rm") => Some(Hit::ask("cloud.aws-s3-delete", OBJECT)),
                ("s3", "sync") if flag(&["--delete"]) => Some(Hit::new("cloud.aws-s3-delete", S3)),
                // A move takes every object away from the bucket it comes from.
                ("s3", "mv")
                    if flag(&["--recursive"])
                        && words.get(2).is_some_and(|from| from.starts_with("s3://")) =>
                {
                    Some(Hit::new("cloud.aws-s3-delete", S3))
                }
                // A production service or group scaled to zero (`ecs update-service --cluster
                // prod --desired-count 0`): down until someone scales it back.
                ("ecs" | "autoscaling", "update-service" | "update-auto-scaling-group")
                    if zero_count(args) && args.iter().any(|a| super::production_name(a)) =>
                {
                    Some(Hit::new("cloud.aws-delete", SCALE_ZERO))
                }
                (_, op)
                    if op.starts_with("delete-")
                        || op.starts_with("batch-delete-")
                        || op.starts_with("terminate-")
                        || op.starts_with("deregister")
                        // An Elastic IP released is gone: what points at it reaches nobody, or
                        // someone else.
                        || op.starts_with("release-")
                        || matches!(op, "schedule-key-deletion" | "purge-queue")
                        // A spot fleet cancelled with its instances terminated.
                        || op.starts_with("cancel-") && flag(&["--terminate-instances"]) =>
                {
                    Some(Hit::new("cloud.aws-delete", DELETE))
                }
                // A lifecycle rule that expires objects deletes them when it runs, with no undo.
                ("s3api", "put-bucket-lifecycle-configuration" | "put-bucket-lifecycle")
                    if args.iter().any(|a| a.contains("Expiration")) =>
                {
                    Some(Hit::ask("cloud.aws-s3-delete", S3))
                }
                // A record set deleted by an inline change batch.
                ("route53", "change-resource-record-sets")
                    if args.iter().any(|a| a.contains("\"DELETE\"") || a.contains("Action=DELETE")) =>
                {
                    Some(Hit::ask("cloud.aws-delete", DELETE))
                }
                (_, op) if production_write(op) && production_account(call.args()) => {
                    Some(Hit::ask("hosting.deploy-production", PRODUCTION_CHANGE))
                }
                _ => None,
            }
        }
        // `gcloud builds triggers run deploy-prod`: a deploy pipeline started by hand, as `gh
        // workflow run deploy` is; a `builds submit` whose config is a deploy's likewise.
        "gcloud" if words.first() == Some(&"builds") && build_deploys(words, args) => {
            Some(Hit::ask("hosting.deploy-production", BUILD_TRIGGER))
        }
        // `gcloud app services set-traffic --splits v2=1 --project acme-prod`: production's
        // traffic moved to another version at once.
        "gcloud"
            if words.iter().any(|w| matches!(*w, "set-traffic" | "migrate" | "update-traffic"))
                && production_account(call.args()) =>
        {
            Some(Hit::ask("hosting.deploy-production", PRODUCTION_CHANGE))
        }
        "gcloud" => {
            let recursive = flag(&["-r", "-R", "--recursive"]) || wildcard_url(words);
            let deletes = words.iter().any(|w| matches!(*w, "delete" | "destroy"))
                || words.contains(&"storage") && words.contains(&"rm") && recursive
                || words.contains(&"rsync")
                    && flag(&["--delete-unmatched-destination-objects"])
                    && !flag(&["--dry-run"]);
            if !deletes && words.contains(&"storage") && words.contains(&"rm") {
                return Some(Hit::ask("cloud.gcloud-delete", OBJECT));
            }
            deletes.then(|| Hit::new("cloud.gcloud-delete", DELETE))
        }
        "gsutil" => {
            let verb = words.first().copied()?;
            let recursive = args.iter().any(|a| {
                matches!(*a, "-r" | "-R")
                    || a.starts_with('-') && !a.starts_with("--") && a.contains(['r', 'R'])
            });
            // `rsync -d` deletes what the source lacks: from an empty directory, everything.
            let mirrors = verb == "rsync"
                && !args.iter().any(|a| short_flag(a, 'n'))
                && args.iter().any(|a| short_flag(a, 'd'));
            if verb == "rm" && !recursive && !wildcard_url(words) {
                return Some(Hit::ask("cloud.gcloud-delete", OBJECT));
            }
            (verb == "rb" || verb == "rm" || mirrors).then(|| Hit::new("cloud.gcloud-delete", DELETE))
        }
        // s3cmd and MinIO's client: recursive or forced removal of objects, removing a bucket
        // with what it holds, a mirror or sync that deletes what the source lacks.
        "s3cmd" | "mc" => {
            let verb = words.first().copied()?;
            let bulk = flag(&["--recursive", "-r", "--force", "--everything"]);
            let deletes = match verb {
                "del" | "rm" | "rb" => bulk,
                "deleteall" => true,
                "mirror" | "sync" => flag(&["--remove", "--delete", "--delete-removed", "--delete-after"]),
                _ => false,
            };
            // One object or an empty bucket removed is gone as well.
            if !deletes && matches!(verb, "del" | "rm" | "rb") {
                return Some(Hit::ask("cloud.aws-s3-delete", OBJECT));
            }
            deletes.then(|| Hit::new("cloud.aws-s3-delete", S3))
        }
        // A registry's garbage collection with untagged manifests deletes the images deploys
        // pinned by digest.
        "doctl" if words.starts_with(&["registry", "garbage-collection", "start"]) => {
            flag(&["--include-untagged-manifests"]).then(|| Hit::ask("cloud.doctl-delete", DELETE))
        }
        "doctl" => words
            .iter()
            .any(|w| matches!(*w, "delete" | "rm" | "destroy" | "rebuild"))
            .then(|| Hit::new("cloud.doctl-delete", DELETE)),
        // A deployment in `Complete` mode deletes the group's resources the template lacks.
        // `az devops invoke --http-method DELETE`: Azure DevOps' REST API called raw, as `gh
        // api -X DELETE` is.
        "az" if words.iter().any(|w| matches!(*w, "delete" | "delete-batch" | "purge"))
            || words.contains(&"deployment") && complete_mode(args)
            || words.starts_with(&["devops", "invoke"])
                && args.iter().enumerate().any(|(at, a)| {
                    let method = match a.strip_prefix("--http-method") {
                        Some("") => args.get(at + 1).copied().unwrap_or_default(),
                        Some(value) => value.strip_prefix('=').unwrap_or_default(),
                        None => "",
                    };
                    method.eq_ignore_ascii_case("delete")
                }) =>
        {
            Some(Hit::new("cloud.az-delete", DELETE))
        }
        // A slot swapped into production (`--target-slot production`), or a production group's
        // app stopped or restarted.
        "az" => {
            let swaps = words.contains(&"swap")
                && args.windows(2).any(|p| p[0] == "--target-slot" && super::production_name(p[1]))
                || args.iter().any(|a| a.strip_prefix("--target-slot=").is_some_and(super::production_name));
            swaps.then(|| Hit::ask("hosting.deploy-production", PRODUCTION_CHANGE))
        }
        // AzCopy: a sync that deletes what the source lacks, a recursive remove.
        "azcopy" => {
            let sync_deletes = words.first() == Some(&"sync")
                && args.iter().enumerate().any(|(at, a)| {
                    a.strip_prefix("--delete-destination=").is_some_and(|v| !v.eq_ignore_ascii_case("false"))
                        || *a == "--delete-destination"
                            && args.get(at + 1).is_some_and(|v| !v.eq_ignore_ascii_case("false"))
                });
            let removes = matches!(words.first(), Some(&("remove" | "rm")));
            if removes && !flag(&["--recursive", "--recursive=true"]) {
                return Some(Hit::ask("cloud.az-delete", OBJECT));
            }
            (sync_deletes || removes).then(|| Hit::new("cloud.az-delete", DELETE))
        }
        // An image registry's tags, manifests and blobs deleted (`skopeo delete docker://…`,
        // `crane delete`, `oras manifest delete`, `regctl tag delete`): what every deploy pulls.
        "skopeo" | "crane" | "oras" | "regctl" => {
            words.iter().take(2).any(|w| *w == "delete").then(|| Hit::new("cloud.provider-delete", DELETE))
        }
        // A hypervisor's machine removed with its disks (`virsh undefine --remove-all-storage`,
        // `virsh vol-delete`, `govc vm.destroy`); their stops are [`stops`]'.
        "virsh" | "govc" | "ipmitool" | "VBoxManage" | "vboxmanage" => {
            let removes = match name {
                "virsh" => {
                    words.iter().any(|w| matches!(*w, "vol-delete" | "vol-wipe" | "pool-delete"))
                        || words.contains(&"undefine")
                            && args
                                .iter()
                                .any(|a| a.starts_with("--remove-all-storage") || a.starts_with("--storage"))
                }
                "govc" => words.first().is_some_and(|w| {
                    w.ends_with(".destroy") || matches!(*w, "datastore.rm" | "snapshot.remove")
                }),
                // `unregistervm --delete` deletes the machine's disks with it.
                "VBoxManage" | "vboxmanage" => {
                    words.first() == Some(&"unregistervm") && args.iter().any(|a| a.starts_with("--delete"))
                }
                _ => false,
            };
            removes.then(|| Hit::ask("cloud.provider-delete", DELETE))
        }
        // `rb` removes a bucket; `rebuild` and `reinstall` write a fresh image over the disk.
        // IBM Cloud's classic infrastructure cancels what it deletes (`sl vs cancel`, `sl block
        // volume-cancel`).
        _ => words
            .iter()
            .any(|w| {
                matches!(
                    *w,
                    "delete" | "rm" | "rb" | "destroy" | "terminate" | "purge" | "rebuild" | "reinstall"
                ) || name == "ibmcloud" && (*w == "cancel" || w.ends_with("-cancel"))
            })
            .then(|| Hit::new("cloud.provider-delete", DELETE)),
    };
    hit.or_else(|| stops(name, words, args).then(|| Hit::ask("cloud.stop", STOP)))
}

/// The cloud modules' PowerShell deletes, as their CLIs' (`Remove-AzResourceGroup` is `az group
/// delete`): Azure's `Remove-Az*` (and the older `Remove-AzureRm*`, `Remove-AzureAD*`), AWS
/// Tools' `Remove-<service>*` (`Remove-S3Bucket`, `Remove-EC2Instance`, which terminates,
/// `Stop-EC2Instance -Terminate`), Google's `Remove-Gce*`, `Remove-Gcs*`, `Remove-GcSql*`. The
/// modules' local sign-in state (`Remove-AzContext`) is no resource.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn cloud_cmdlet(name: &str, args: &[crate::shell::Word]) -> Option<Hit> {
    const AWS_SERVICES: &[&str] = &[
        "cfn",
        "cw",
        "cwl",
        "ddb",
        "ec2",
        "ecr",
        "ecs",
        "efs",
        "eks",
        "elb",
        "elb2",
        "iam",
        "kms",
        "lm",
        "r53",
        "rds",
        "secsecret",
        "sns",
        "sqs",
        "ssm",
    ];
    if name == "stop-ec2instance" {
        let terminates =
            args.iter().any(|w| w.text.len() > 2 && "-terminate".starts_with(&w.text.to_ascii_lowercase()));
        if terminates {
            return Some(Hit::new("cloud.aws-delete", DELETE));
        }
    }
    // `Stop-AzVM`, `Stop-AzWebApp`, `Stop-EC2Instance`, `Stop-RDSDBInstance`, `Stop-GceInstance`:
    // the CLIs' stops (`az vm stop`), asked about unless a value names a disposable target
    // and none production; one piped from a listing (`Get-AzVM -ResourceGroupName prod | Stop-AzVM`) names
    // none.
    if let Some(noun) = name.strip_prefix("stop-") {
        let cloud = noun.starts_with("az")
            || noun.starts_with("gce")
            || AWS_SERVICES.iter().any(|service| noun.starts_with(service));
        let values: Vec<&str> =
            args.iter().filter(|w| !w.text.starts_with('-')).map(|w| w.text.as_str()).collect();
        let disposable = values.iter().any(|value| super::disposable_target(value))
            && !super::production_target(args)
            && !values.iter().any(|value| super::production_name(value));
        return (cloud && !disposable).then(|| Hit::ask("cloud.stop", STOP));
    }
    let noun = name.strip_prefix("remove-")?;
    if noun.starts_with("az") {
        let local =
            matches!(noun, "azcontext" | "azaccount" | "azenvironment" | "azurermcontext" | "azurermaccount");
        return (!local).then(|| Hit::new("cloud.az-delete", DELETE));
    }
    if noun.starts_with("s3") {
        return Some(Hit::new("cloud.aws-s3-delete", S3));
    }
    if AWS_SERVICES.iter().any(|service| {
        noun.strip_prefix(service).is_some_and(|rest| rest.bytes().all(|b| b.is_ascii_alphabetic()))
    }) {
        return Some(Hit::new("cloud.aws-delete", DELETE));
    }
    ["gce", "gcs", "gcsql", "gcd"]
        .iter()
        .any(|service| noun.starts_with(service))
        .then(|| Hit::new("cloud.gcloud-delete", DELETE))
}

/// An HTTP `DELETE` sent to a cloud's management API (`curl -X DELETE
/// https://management.azure.com/…/resourcegroups/prod`, `Invoke-RestMethod -Method Delete
/// -Uri https://ec2.amazonaws.com/…`): the CLI's delete, spelled as its request.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn management_delete(name: &str, args: &[crate::shell::Word]) -> Option<Hit> {
    let texts: Vec<&str> = args.iter().map(|w| w.text.as_str()).collect();
    let deletes = match name {
        "curl" | "wget" => super::hosting::deletes(&texts),
        "invoke-restmethod" | "irm" | "invoke-webrequest" | "iwr" => {
            super::hosting::powershell_deletes(&texts)
        }
        _ => texts.iter().find(|w| !w.starts_with('-')).is_some_and(|w| w.eq_ignore_ascii_case("delete")),
    };
    if !deletes {
        return None;
    }
    texts.iter().find_map(|word| {
        let lower = word.to_ascii_lowercase();
        let rest = lower.split_once("://").map_or(lower.as_str(), |(_, rest)| rest);
        let host = rest.split(['/', ':', '?', '#']).next().unwrap_or_default();
        let under = |domain: &str| host == domain || host.ends_with(&format!(".{domain}"));
        if under("management.azure.com") || under("management.core.windows.net") {
            Some(Hit::new("cloud.az-delete", DELETE))
        } else if under("amazonaws.com") {
            Some(Hit::new("cloud.aws-delete", DELETE))
        } else if under("googleapis.com") {
            Some(Hit::new("cloud.gcloud-delete", DELETE))
        } else if ["api.digitalocean.com", "api.linode.com", "api.hetzner.cloud", "api.vultr.com"]
            .iter()
            .any(|d| under(d))
        {
            Some(Hit::new("cloud.provider-delete", DELETE))
        } else {
            None
        }
    })
}

/// A secret manager's secrets deleted (`vault kv delete|destroy|metadata delete`, `vault
/// secrets disable`, `doppler secrets delete`, `op item delete`, `infisical secrets delete`,
/// `bw delete`, `gh secret delete`, `supabase secrets unset`, `berglas delete`) or set over the value running services read (`vault kv
/// put|patch`, `doppler secrets set|upload`, `op item edit`, `infisical secrets set`, `bw
/// edit`, `gh secret set`). Reading them is `credentials.print`. `words` are the operands.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn secret_store(name: &str, words: &[&str]) -> Option<Hit> {
    let word = |i: usize| words.get(i).copied().unwrap_or_default();
    let (deletes, writes) = match (name, word(0)) {
        ("vault", "kv") => (
            matches!(word(1), "delete" | "destroy") || (word(1), word(2)) == ("metadata", "delete"),
            matches!(word(1), "put" | "patch" | "rollback"),
        ),
        ("vault", verb) => (verb == "delete" || (verb, word(1)) == ("secrets", "disable"), false),
        ("doppler", "secrets") => (word(1) == "delete", matches!(word(1), "set" | "upload")),
        ("doppler", "configs" | "environments" | "projects") => (word(1) == "delete", false),
        ("op", "item" | "document" | "vault") => (word(1) == "delete", word(1) == "edit"),
        ("infisical", "secrets") => (word(1) == "delete", word(1) == "set"),
        ("bw", verb) => (verb == "delete", verb == "edit"),
        ("gh", "secret") => (word(1) == "delete", word(1) == "set"),
        ("supabase", "secrets") => (word(1) == "unset", word(1) == "set"),
        ("berglas", verb) => (verb == "delete", matches!(verb, "create" | "update")),
        ("conjur", "variable") => (false, matches!(word(1), "set" | "values")),
        _ => return None,
    };
    if deletes {
        return Some(Hit::new("cloud.secret-delete", SECRET_DELETE));
    }
    // A development path's secrets are the developer's own (`vault kv put secret/dev/app k=v`).
    let disposable = || !word(2).contains('=') && super::disposable_target(word(2));
    (writes && !disposable()).then(|| Hit::ask("cloud.secret-write", SECRET_WRITE))
}

/// Vault's own security weakened: its audit devices disabled (`vault audit disable`), an auth
/// method disabled (every token it issued revoked, its users locked out), a policy written
/// (`vault policy write admin -`: what it grants nobody reviewed), a user or role given an
/// admin or root policy or a password (`vault write auth/userpass/users/x password=…
/// policies=admin`), a new root token generated (`vault operator generate-root -init`). A dev
/// server on this machine (`-address=http://127.0.0.1:8200`, `VAULT_ADDR=…`) is the user's.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn vault_weakens(call: &Call) -> Option<Hit> {
    let args = call.args();
    let local = |value: &str| super::local_target(value);
    let address = args.iter().enumerate().find_map(|(at, arg)| match arg.text.split_once('=') {
        Some(("-address" | "--address", value)) => Some(value),
        _ if matches!(arg.text.as_str(), "-address" | "--address") => {
            args.get(at + 1).map(|v| v.text.as_str())
        }
        _ => None,
    });
    let address = address.or_else(|| {
        call.command
            .assignments
            .iter()
            .find(|(name, _)| name == "VAULT_ADDR")
            .map(|(_, value)| value.text.as_str())
    });
    if address.is_some_and(local) {
        return None;
    }
    let words: Vec<&str> =
        operands(args, &["-address", "-namespace", "-format", "-field", "-path"]).collect();
    let word = |i: usize| words.get(i).copied().unwrap_or_default();
    let has = |flag: &str| args.iter().any(|a| a.text == flag || a.text.starts_with(&format!("{flag}=")));
    match (word(0), word(1)) {
        ("audit", "disable") => Some(Hit::new("cloud.audit-off", AUDIT_OFF)),
        // The active server steps down (a failover) or the whole cluster is sealed.
        ("operator", "step-down" | "seal") => Some(Hit::ask("cloud.stop", STOP)),
        ("auth", "disable") => Some(Hit::ask("cloud.live-change", LIVE_CHANGE)),
        // A policy named for power (`admin`, `root`) or read from standard input, unseen.
        ("policy", "write")
            if ["admin", "root", "super", "sudo"].iter().any(|p| word(2).contains(p)) || word(3) == "-" =>
        {
            Some(Hit::ask("cloud.grant", GRANT))
        }
        ("operator", "generate-root") if !has("-status") && !has("-cancel") => {
            Some(Hit::ask("cloud.access", ACCESS))
        }
        ("write", path)
            if path.starts_with("auth/")
                || path.starts_with("sys/policy")
                || path.starts_with("sys/policies") =>
        {
            let powerful = words.iter().skip(2).any(|pair| {
                let Some((key, value)) = pair.split_once('=') else { return false };
                matches!(key, "policies" | "token_policies")
                    && value.split(',').any(|p| matches!(p.trim(), "root" | "admin" | "sudo" | "superuser"))
            });
            let login = words.iter().skip(2).any(|pair| pair.starts_with("password="));
            if powerful || path.starts_with("sys/") {
                Some(Hit::ask("cloud.grant", GRANT))
            } else {
                login.then(|| Hit::ask("cloud.access", ACCESS))
            }
        }
        _ => None,
    }
}

/// Config management acting on a fleet with no shell line to judge: a Salt state run on every
/// minion or on production's (`salt '*' state.apply`, `salt -G env:prod state.highstate`), or a
/// state that tears down (`state.apply decommission`); Chef's Ruby run against the server that
/// destroys or deletes (`knife exec -E 'nodes.all { |n| n.destroy }'`); a Bolt task or plan, or
/// an MCollective action, that stops, uninstalls or removes (`bolt task run package
/// action=uninstall`, `mco service nginx stop`); a node's certificate revoked (`puppetserver ca
/// clean|revoke`). Dry runs (`test=True`, `--noop`) and local or disposable targets pass.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn fleet(call: &Call, name: &str) -> Option<Hit> {
    let args = call.args();
    let text = |w: &crate::shell::Word| w.text.to_ascii_lowercase();
    let tears_down = |w: &crate::shell::Word| {
        let lower = text(w);
        lower.split(['=', '.', '-', '_', ' ', ',', '/', ':']).any(|part| {
            matches!(
                part,
                "decommission" | "uninstall" | "remove" | "purge" | "absent" | "destroy" | "wipe" | "delete"
            )
        })
    };
    let stops = |w: &crate::shell::Word| {
        text(w).split(['=', '.', '-', '_', ' ', ',', '/', ':']).any(|part| {
            matches!(part, "stop" | "restart" | "reboot" | "shutdown" | "poweroff" | "halt" | "disable")
        })
    };
    let throwaway = || {
        args.iter().any(|a| {
            let value = a.text.rsplit(['=', ':']).next().unwrap_or_default();
            super::local_target(value) || super::disposable_target(value)
        })
    };
    match name {
        "salt" | "salt-ssh" => {
            const VALUES: &[&str] =
                &["-t", "--timeout", "-b", "--batch-size", "--out", "--output", "-c", "--config-dir"];
            let words: Vec<&crate::shell::Word> = {
                let mut words = Vec::new();
                let mut iter = args.iter();
                while let Some(word) = iter.next() {
                    if VALUES.contains(&word.text.as_str()) {
                        iter.next();
                    } else if !word.text.starts_with('-') {
                        words.push(word);
                    }
                }
                words
            };
            let (target, function) = (words.first()?, words.get(1)?);
            let state = function.text.starts_with("state.")
                && matches!(
                    function.text.as_str(),
                    "state.apply"
                        | "state.sls"
                        | "state.highstate"
                        | "state.single"
                        | "state.top"
                        | "state.sls_id"
                );
            if args.iter().any(|a| a.text.eq_ignore_ascii_case("test=true")) {
                return None;
            }
            // An execution module's function that removes (`pkg.remove`, `user.delete`) on the
            // minions targeted; its service stops are the remote-service rule's.
            if !state {
                return (tears_down(function) && !throwaway())
                    .then(|| Hit::ask("cloud.unknown-destroy", FLEET_DOWN));
            }
            let everywhere = target.text == "*" || super::production_name(&target.text);
            let production = everywhere || super::production_target(args);
            if words.iter().skip(2).any(|w| tears_down(w)) && !throwaway() {
                Some(Hit::ask("cloud.unknown-destroy", FLEET_DOWN))
            } else {
                production.then(|| Hit::ask("hosting.deploy-production", FLEET_RUN))
            }
        }
        "knife" => {
            let words: Vec<&str> = operands(args, &["-E", "--exec", "-c", "--config"]).collect();
            let code = args.windows(2).find(|p| matches!(p[0].text.as_str(), "-E" | "--exec")).map(|p| &p[1]);
            (words.first() == Some(&"exec")
                && code.is_some_and(|c| {
                    [".destroy", ".delete", "delete_", "destroy_"].iter().any(|d| c.text.contains(d))
                }))
            .then(|| Hit::ask("cloud.unknown-destroy", FLEET_DOWN))
        }
        "bolt" | "mco" => {
            let runs = match name {
                "bolt" => {
                    let words: Vec<&str> = operands(args, &["-t", "--targets", "--query", "-q"]).collect();
                    matches!(words.as_slice(), ["task" | "plan", "run", ..])
                }
                _ => true,
            };
            if !runs || args.iter().any(|a| matches!(a.text.as_str(), "--noop" | "--dry-run")) || throwaway()
            {
                return None;
            }
            let operands: Vec<&crate::shell::Word> =
                args.iter().filter(|a| !a.text.starts_with('-')).collect();
            if operands.iter().any(|w| tears_down(w)) {
                Some(Hit::ask("cloud.unknown-destroy", FLEET_DOWN))
            } else {
                operands.iter().any(|w| stops(w)).then(|| Hit::ask("cloud.stop", STOP))
            }
        }
        "puppetserver" => {
            let words: Vec<&str> = operands(args, &["--certname", "--config"]).collect();
            (words.first() == Some(&"ca") && matches!(words.get(1).copied(), Some("clean" | "revoke")))
                .then(|| Hit::ask("cloud.live-change", LIVE_CHANGE))
        }
        _ => None,
    }
}

/// A cluster's member or job acted on by its own client: a Nomad job's group scaled to zero
/// (`nomad job scale api web 0`), a server forced out (`nomad server force-leave`), a Consul
/// agent leaving its cluster (`consul leave`, `consul force-leave`), a Rundeck job run on a
/// production project (`rd run -p production -j db/failover`), a key added to a production
/// host's `authorized_keys` (`ssh-copy-id root@prod-db-1`). An agent on this machine named by
/// its address (`-address=http://localhost:4646`), or a disposable namespace, passes.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn cluster_member(call: &Call, name: &str) -> Option<Hit> {
    let args = call.args();
    const VALUES: &[&str] = &[
        "-address",
        "-http-addr",
        "-namespace",
        "-region",
        "-token",
        "-check-index",
        "-p",
        "-j",
        "-i",
        "-o",
        "-F",
    ];
    let words: Vec<&str> = operands(args, VALUES).collect();
    let word = |i: usize| words.get(i).copied().unwrap_or_default();
    // `-address=URL` and `-address URL`, long options with one dash or two.
    let option = |names: &[&str]| {
        args.iter().enumerate().find_map(|(at, arg)| {
            names.iter().find_map(|option| match arg.text.strip_prefix(option)? {
                "" => args.get(at + 1).map(|value| value.text.as_str()),
                rest => rest.strip_prefix('='),
            })
        })
    };
    let local = || {
        option(&["-address", "-http-addr"]).is_some_and(super::local_target)
            || option(&["-namespace"]).is_some_and(super::disposable_target)
    };
    match name {
        "nomad" => {
            let scaled_down =
                (word(0), word(1)) == ("job", "scale") && words.len() > 3 && zero(word(words.len() - 1));
            let forced_out = (word(0), word(1)) == ("server", "force-leave");
            // `nomad job revert api 0`: an older version of the job deployed at once.
            if (word(0), word(1)) == ("job", "revert") && !local() {
                return Some(Hit::ask("hosting.deploy-production", NOMAD_REVERT));
            }
            ((scaled_down || forced_out) && !local()).then(|| Hit::ask("cloud.stop", STOP))
        }
        // A node or service put in maintenance (`consul maint -enable`) or a service taken out of
        // the catalog (`services deregister`) gets no traffic.
        "consul" => (matches!(word(0), "leave" | "force-leave")
            || word(0) == "maint" && args.iter().any(|a| matches!(a.text.as_str(), "-enable" | "--enable"))
            || (word(0), word(1)) == ("services", "deregister"))
            .then_some(())
            .filter(|()| !local())
            .map(|()| Hit::ask("cloud.stop", STOP)),
        "rd" => (word(0) == "run"
            && (super::production_target(args)
                || ["-p", "--project", "-j", "--job"]
                    .iter()
                    .any(|o| option(&[o]).is_some_and(super::production_name))))
        .then(|| Hit::ask("hosting.deploy-production", RUNDECK)),
        _ => words
            .last()
            .is_some_and(|host| super::production_name(host) && !super::local_target(host))
            .then(|| Hit::ask("cloud.access", ACCESS)),
    }
}

const NOMAD_REVERT: &str =
    "This deploys an older version of a Nomad job at once, in place of what runs. Ask the user to run it.";
const RUNDECK: &str = "This runs a Rundeck job on a production project: whatever its steps do (a failover, a deploy, a restart) happens there at once. Ask the user to run it.";
const FLEET_RUN: &str = "This applies configuration to every minion, or to production's, with no dry run: what it changes reaches every service at once. Run it with `test=True` and show the user, who can apply it.";
const FLEET_DOWN: &str = "This tears down, uninstalls or destroys across a fleet of managed machines (or the nodes a Chef server knows). Ask the user to run it.";
const SECRET_DELETE: &str = "This deletes secrets from a secret manager: the services and people that read them lose them, and a destroyed version cannot be brought back. Ask the user to run it.";
const SECRET_WRITE: &str = "This sets a secret in a secret manager over the value that services and people read. Ask the user to run it.";

/// Whether an `az deployment` runs in `Complete` mode (`--mode Complete`, `--mode=complete`).
fn complete_mode(args: &[&str]) -> bool {
    args.iter().enumerate().any(|(at, a)| {
        a.strip_prefix("--mode=").is_some_and(|m| m.eq_ignore_ascii_case("complete"))
            || *a == "--mode" && args.get(at + 1).is_some_and(|m| m.eq_ignore_ascii_case("complete"))
    })
}

/// Whether a desired count or group size is set to zero (`--desired-count 0`,
/// `--desired-capacity=0`, `--max-size 0`, `--num-nodes 0`, `--node-count 0`, an EKS node
/// group's `desiredSize=0`, a Lambda function's `--reserved-concurrent-executions 0`).
fn zero_count(args: &[&str]) -> bool {
    if args
        .iter()
        .any(|a| a.split([',', '{', '}', ' ']).any(|part| matches!(part, "desiredSize=0" | "maxSize=0")))
    {
        return true;
    }
    let sizes = [
        "--desired-count",
        "--desired-capacity",
        "--max-size",
        "--num-nodes",
        "--node-count",
        "--new-capacity",
        "--size",
        "--reserved-concurrent-executions",
        "--replicas",
        "--nodes",
        "--nodes-max",
    ];
    args.iter().enumerate().any(|(at, arg)| {
        sizes.iter().any(|size| match arg.strip_prefix(size) {
            Some("") => args.get(at + 1).is_some_and(|v| zero(v)),
            Some(value) => value.strip_prefix('=').is_some_and(zero),
            None => false,
        })
    })
}

/// Whether `arg` is a cluster of single-letter options holding `letter` (`-d`, `-rd`).
fn short_flag(arg: &str, letter: char) -> bool {
    arg.strip_prefix('-').is_some_and(|cluster| {
        !cluster.starts_with('-')
            && cluster.contains(letter)
            && cluster.chars().all(|c| c.is_ascii_alphabetic())
    })
}

/// Whether a count is zero however it is written (`0`, `00`).
pub(super) fn zero(count: &str) -> bool {
    !count.is_empty() && count.bytes().all(|b| b == b'0')
}

/// Whether one of `flags` is given as an option, not as the value of one (`--query --dryrun`).
fn given(call: &Call, flags: &[&str]) -> bool {
    let args = call.args();
    args.iter().enumerate().any(|(at, arg)| {
        flags.contains(&arg.text.as_str())
            && (at == 0 || !VALUE_OPTIONS.contains(&args[at - 1].text.as_str()))
    })
}

/// Access granted or widened rather than deleted: IAM rights and role bindings
/// (`cloud.grant`), data or ports opened to everyone (`cloud.public`), and the protections
/// against deletion switched off (`cloud.protection-off`). `words` are the operands.
fn grants(name: &str, words: &[&str], args: &[&str]) -> Option<Hit> {
    let word = |i: usize| words.get(i).copied().unwrap_or_default();
    let open_to_all = || {
        args.iter().any(|a| {
            a.contains("0.0.0.0/0")
                || a.contains("::/0")
                || matches!(
                    a.rsplit('=').next(),
                    Some(
                        "public-read"
                            | "public-read-write"
                            | "authenticated-read"
                            | "allUsers"
                            | "allAuthenticatedUsers"
                            | "publicRead"
                            | "publicReadWrite"
                    )
                )
                || a.contains("/global/AllUsers")
                || a.contains("/global/AuthenticatedUsers")
        })
    };
    // A link that reads a private object without credentials, for longer than a day: the
    // object is public to whoever gets the link (`aws s3 presign … --expires-in 604800`,
    // `gsutil signurl -d 7d`, `gcloud storage sign-url --duration=7d`).
    let signs = match name {
        "aws" => (word(0), word(1)) == ("s3", "presign"),
        "gsutil" => word(0) == "signurl",
        "gcloud" => words.contains(&"sign-url"),
        _ => false,
    };
    if signs {
        let lasts = ["--expires-in", "-d", "--duration"].iter().any(|option| {
            args.iter().enumerate().any(|(at, arg)| {
                let value = match arg.strip_prefix(option) {
                    Some("") => args.get(at + 1).copied(),
                    Some(value) => value.strip_prefix('='),
                    None => None,
                };
                value.and_then(seconds).is_some_and(|seconds| seconds > 86_400)
            })
        });
        return lasts.then(|| Hit::ask("cloud.public", SIGNED_LINK));
    }
    let (rule, message) = match name {
        "aws" => match (word(0), word(1)) {
            ("iam", op)
                if op.starts_with("attach-")
                    || op.starts_with("put-") && op.ends_with("-policy")
                    || matches!(
                        op,
                        "add-user-to-group"
                            | "update-assume-role-policy"
                            | "create-policy-version"
                            | "set-default-policy-version"
                    ) =>
            {
                ("cloud.grant", GRANT)
            }
            (
                "s3api",
                "put-bucket-policy" | "put-bucket-acl" | "put-object-acl" | "put-bucket-ownership-controls",
            )
            | ("s3control", "put-public-access-block") => ("cloud.public", PUBLIC),
            ("s3api", "put-public-access-block") if args.iter().any(|a| a.contains("=false")) => {
                ("cloud.public", PUBLIC)
            }
            ("ec2", op) if op.starts_with("authorize-security-group-") && open_to_all() => {
                ("cloud.public", PUBLIC)
            }
            // A snapshot or image shared with every account (`--group-names all`,
            // `--values-to-add all`, `Add=[{Group=all}]`), a database made reachable from outside.
            (
                "ec2" | "rds",
                "modify-snapshot-attribute"
                | "modify-image-attribute"
                | "modify-db-snapshot-attribute"
                | "modify-db-cluster-snapshot-attribute",
            ) if args.iter().any(|a| *a == "all" || a.contains("Group=all") || a.contains("\"all\"")) => {
                ("cloud.public", PUBLIC)
            }
            // A function, topic or queue anyone may call (`--principal '*'`), or a function URL
            // with no authentication.
            ("lambda" | "sns" | "sqs", "add-permission")
                if args.iter().enumerate().any(|(at, a)| {
                    *a == "--principal=*" || *a == "--principal" && args.get(at + 1) == Some(&"*")
                }) =>
            {
                ("cloud.public", PUBLIC)
            }
            ("lambda", "create-function-url-config" | "update-function-url-config")
                if args.iter().any(|a| {
                    a.eq_ignore_ascii_case("NONE") || a.eq_ignore_ascii_case("--auth-type=NONE")
                }) =>
            {
                ("cloud.public", PUBLIC)
            }
            ("rds", "modify-db-instance" | "modify-db-cluster")
                if args.contains(&"--publicly-accessible") =>
            {
                ("cloud.public", PUBLIC)
            }
            // `aws s3 cp|sync|mv … --acl public-read`: the objects written readable by anyone.
            ("s3", "cp" | "sync" | "mv") if open_to_all() => ("cloud.public", PUBLIC),
            ("organizations", "leave-organization") => ("cloud.protection-off", PROTECTION),
            // What would undo a deletion switched off: object versions suspended, point-in-time
            // recovery stopped, automated backups kept for no day.
            ("s3api", "put-bucket-versioning") if args.iter().any(|a| a.contains("Suspended")) => {
                ("cloud.protection-off", PROTECTION)
            }
            ("dynamodb", "update-continuous-backups")
                if args.iter().any(|a| {
                    let a = a.replace([' ', '"'], "");
                    a.contains("PointInTimeRecoveryEnabled=false")
                        || a.contains("PointInTimeRecoveryEnabled:false")
                }) =>
            {
                ("cloud.protection-off", PROTECTION)
            }
            ("rds" | "docdb" | "neptune", "modify-db-instance" | "modify-db-cluster")
                if args.contains(&"--backup-retention-period=0")
                    || args.windows(2).any(|p| p[0] == "--backup-retention-period" && p[1] == "0") =>
            {
                ("cloud.protection-off", PROTECTION)
            }
            // The audit trail and the threat detection stopped: what would show what happened.
            ("cloudtrail", "stop-logging" | "delete-trail")
            | ("config" | "configservice", "stop-configuration-recorder" | "delete-configuration-recorder")
            | ("guardduty", "delete-detector" | "disassociate-from-master-account")
            | ("securityhub", "disable-security-hub")
            | ("macie2", "disable-macie")
            | ("inspector2", "disable" | "disable-delegated-admin-account")
            | ("securityhub", "batch-disable-standards" | "disable-organization-admin-account")
            | ("guardduty", "stop-monitoring-members" | "disable-organization-admin-account")
            | ("detective", "delete-graph") => ("cloud.audit-off", AUDIT_OFF),
            // Logs kept for days only: everything older is deleted, and what happens next soon is.
            ("logs", "put-retention-policy")
                if args.windows(2).any(|p| {
                    p[0] == "--retention-in-days" && p[1].parse::<u32>().is_ok_and(|days| days < 7)
                }) || args.iter().any(|a| {
                    a.strip_prefix("--retention-in-days=")
                        .and_then(|d| d.parse::<u32>().ok())
                        .is_some_and(|d| d < 7)
                }) =>
            {
                ("cloud.audit-off", AUDIT_OFF)
            }
            ("guardduty", "update-detector") if args.contains(&"--no-enable") => {
                ("cloud.audit-off", AUDIT_OFF)
            }
            ("cloudtrail", "update-trail" | "put-event-selectors")
                if args.iter().any(|a| a.contains("--no-") || a.contains("ReadWriteType=None")) =>
            {
                ("cloud.audit-off", AUDIT_OFF)
            }
            (_, op)
                if op.starts_with("modify-") || op.starts_with("update-") || op.starts_with("disable-") =>
            {
                let off = args.iter().any(|a| {
                    matches!(
                        *a,
                        "--no-disable-api-termination"
                            | "--no-deletion-protection"
                            | "--no-enable-termination-protection"
                    ) || *a == "--disable-api-termination=false"
                        // `dynamodb update-table --no-deletion-protection-enabled`.
                        || a.starts_with("--no-") && a.contains("protection")
                }) || op.starts_with("disable-") && op.contains("protection");
                if !off {
                    return None;
                }
                ("cloud.protection-off", PROTECTION)
            }
            _ => return None,
        },
        // `gcloud logging sinks delete|update --disabled`, `gcloud logging settings update
        // --disable-default-sink`: the project's logs no longer routed or kept.
        "gcloud"
            if words.first() == Some(&"logging")
                && (words.contains(&"delete")
                    || args.iter().any(|a| a.starts_with("--disable") || a.starts_with("--disabled"))) =>
        {
            ("cloud.audit-off", AUDIT_OFF)
        }
        // A database's backups kept in one datacentre only, a storage account's soft delete or
        // versioning switched off.
        "az" if words.iter().any(|w| matches!(*w, "update" | "create" | "set"))
            && args.iter().enumerate().any(|(at, a)| {
                let (option, value) =
                    a.split_once('=').unwrap_or((a, args.get(at + 1).copied().unwrap_or_default()));
                match option {
                    "--backup-storage-redundancy" => value.eq_ignore_ascii_case("local"),
                    "--enable-delete-retention"
                    | "--enable-container-delete-retention"
                    | "--enable-versioning"
                    | "--enable-soft-delete"
                    | "--enable-purge-protection" => value.eq_ignore_ascii_case("false"),
                    _ => false,
                }
            }) =>
        {
            ("cloud.protection-off", PROTECTION)
        }
        // `az monitor diagnostic-settings delete`, `az monitor log-profiles delete`.
        "az" if words.first() == Some(&"monitor") && words.contains(&"delete") => {
            ("cloud.audit-off", AUDIT_OFF)
        }
        // What would undo a loss switched off: a database's backups or deletion protection,
        // a bucket's retention, soft delete or versioning.
        "gcloud"
            if words.iter().any(|w| matches!(*w, "patch" | "update"))
                && args.iter().any(|a| {
                    matches!(
                        *a,
                        "--no-backup"
                            | "--no-deletion-protection"
                            | "--no-enable-point-in-time-recovery"
                            | "--clear-retention-period"
                            | "--clear-soft-delete"
                            | "--no-versioning"
                    )
                }) =>
        {
            ("cloud.protection-off", PROTECTION)
        }
        "gcloud" => {
            if words.iter().any(|w| matches!(*w, "add-iam-policy-binding" | "set-iam-policy")) {
                if words.contains(&"set-iam-policy") || !args.iter().any(|a| a.contains("allUsers")) {
                    ("cloud.grant", GRANT)
                } else {
                    ("cloud.public", PUBLIC)
                }
            } else if open_to_all()
                // Any change that names everyone: a firewall rule, `sql instances patch
                // --authorized-networks=0.0.0.0/0`, `storage cp --predefined-acl=publicRead`.
                && !words.iter().any(|w| matches!(*w, "list" | "describe" | "get"))
            {
                ("cloud.public", PUBLIC)
            } else {
                return None;
            }
        }
        // `gsutil acl ch -u AllUsers:R`, `gsutil iam ch allUsers:objectViewer`, `gsutil cp -a
        // public-read`, `acl set public-read`; `-d` takes such a grant away.
        "gsutil" => {
            let everyone = |a: &&str| {
                let lower = a.to_ascii_lowercase();
                lower.starts_with("allusers") || lower.starts_with("allauthenticatedusers")
            };
            if args.contains(&"-d") || !(open_to_all() || args.iter().any(everyone)) {
                return None;
            }
            ("cloud.public", PUBLIC)
        }
        "az" => match (word(0), word(1), word(2)) {
            ("role", "assignment", "create") | ("keyvault", "set-policy", _) => ("cloud.grant", GRANT),
            // An NSG rule that lets everyone in (`--source-address-prefixes '*'`, `Internet`).
            ("network", "nsg", "rule")
                if matches!(word(3), "create" | "update")
                    && !args.iter().any(|a| a.eq_ignore_ascii_case("deny"))
                    && args.windows(2).any(|p| {
                        p[0].starts_with("--source-address-prefix")
                            && matches!(
                                p[1].to_ascii_lowercase().as_str(),
                                "*" | "internet" | "any" | "0.0.0.0/0" | "::/0"
                            )
                    }) =>
            {
                ("cloud.public", PUBLIC)
            }
            // A database firewall open to every address, blobs made public.
            (_, _, _)
                if words.contains(&"firewall-rule")
                    && args.contains(&"255.255.255.255")
                    && args.contains(&"0.0.0.0") =>
            {
                ("cloud.public", PUBLIC)
            }
            ("storage", "account", "update" | "create")
                if args
                    .windows(2)
                    .any(|p| p[0] == "--allow-blob-public-access" && p[1].eq_ignore_ascii_case("true")) =>
            {
                ("cloud.public", PUBLIC)
            }
            ("storage", "container", "set-permission" | "create")
                if args.iter().any(|a| {
                    matches!(*a, "blob" | "container" | "--public-access=blob" | "--public-access=container")
                }) =>
            {
                ("cloud.public", PUBLIC)
            }
            _ => return None,
        },
        // `linode-cli firewalls rules-update … 0.0.0.0/0`, `hcloud firewall add-rule --source-ips
        // 0.0.0.0/0`: a provider's firewall opened to everyone.
        // OCI's security lists and NSGs, OpenStack's security groups are its firewalls.
        "hcloud" | "linode-cli" | "scw" | "vultr-cli" | "oci" | "ibmcloud" | "exo" | "doctl"
        | "openstack"
            if words.iter().any(|w| {
                w.contains("firewall")
                    || w.contains("security-group")
                    || w.contains("security-list")
                    || matches!(*w, "nsg" | "security" | "secgroup")
            }) && open_to_all()
                && !words.iter().any(|w| matches!(*w, "list" | "describe" | "get" | "view")) =>
        {
            ("cloud.public", PUBLIC)
        }
        // `s3cmd setacl|put|sync --acl-public`, `mc anonymous set public|download`.
        "s3cmd" if args.contains(&"--acl-public") => ("cloud.public", PUBLIC),
        "mc" if matches!(word(0), "anonymous" | "policy")
            && word(1) == "set"
            && matches!(word(2), "public" | "download" | "upload") =>
        {
            ("cloud.public", PUBLIC)
        }
        _ => return None,
    };
    Some(Hit::new(rule, message))
}

const AUDIT_OFF: &str = "This stops or deletes an audit trail, log sink or threat detector: what would show what happened in the account from now on. Ask the user to do it.";
const SCALE_ZERO: &str = "This scales a production service or group to zero: it is down until someone scales it back. Ask the user to run it.";
const SIGNED_LINK: &str = "This makes a link that lets anyone who has it read a private object without credentials, for more than a day. Make one that lasts an hour or less, or ask the user.";

/// A duration as the signing commands write it (`604800`, `7d`, `12h`, `30m`), in seconds.
fn seconds(text: &str) -> Option<u64> {
    let (number, unit) = match text.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((at, _)) => text.split_at(at),
        None => (text, "s"),
    };
    let factor = match unit {
        "s" => 1,
        "m" => 60,
        "h" => 3_600,
        "d" => 86_400,
        _ => return None,
    };
    number.parse::<u64>().ok().map(|n| n.saturating_mul(factor))
}

/// Hypervisors', vSphere's and BMCs' clients, whose machines [`stops`] reads.
const MACHINE_CLIENTS: &[&str] = &["virsh", "govc", "ipmitool", "racadm", "VBoxManage", "vboxmanage"];

/// Whether a line stops, powers off, resets, restarts, suspends or scales to zero a machine,
/// database, cluster or app: an outage until someone starts it again (`gcloud compute instances
/// stop`, `aws ec2 stop-instances`, `aws rds reboot-db-instance`, `az vm deallocate`, `doctl
/// compute droplet-action power-off`, `hcloud server reset`, `oci compute instance action
/// --action STOP`, `virsh destroy`, `govc vm.power -off`, `ipmitool chassis power off`, `gcloud
/// container clusters resize --num-nodes 0`). `start` and the read verbs pass.
fn stops(name: &str, words: &[&str], args: &[&str]) -> bool {
    let verb = |take: usize| words.iter().take(take).any(|w| STOP_VERBS.contains(w));
    let word = |i: usize| words.get(i).copied().unwrap_or_default();
    match name {
        "aws" => {
            let (service, op) = (word(0), word(1));
            let stops = op.split_once('-').is_some_and(|(verb, object)| {
                matches!(verb, "stop" | "reboot" | "pause" | "failover" | "restart")
                    && matches!(
                        object,
                        "instances"
                            | "instance"
                            | "db-instance"
                            | "db-cluster"
                            | "cache-cluster"
                            | "cluster"
                            | "relational-database"
                            | "workspaces"
                            | "broker"
                            | "service"
                            | "app-server"
                            | "task"
                            | "replication-group"
                            | "global-cluster"
                            | "deployment"
                    )
            }) || (service, op) == ("elasticache", "test-failover");
            stops || service != "configure" && zero_count(args)
        }
        // `billing projects unlink`: a project without billing has every paid service stopped.
        "gcloud" => {
            !words.contains(&"emulators") && verb(5)
                || words.windows(3).any(|w| w == ["billing", "projects", "unlink"])
                || words.iter().any(|w| matches!(*w, "resize" | "update" | "patch")) && zero_count(args)
                || args.iter().any(|a| a.eq_ignore_ascii_case("--activation-policy=never"))
                || args
                    .windows(2)
                    .any(|p| p[0] == "--activation-policy" && p[1].eq_ignore_ascii_case("never"))
        }
        // `reset` is no stop here (`az ad sp credential reset` makes a secret).
        "az" => {
            !matches!(
                word(0),
                "extension" | "config" | "bicep" | "cloud" | "interactive" | "devops" | "pipelines"
            ) && words.iter().take(4).any(|w| STOP_VERBS.contains(w) && *w != "reset")
                || words.iter().any(|w| matches!(*w, "scale" | "update")) && zero_count(args)
        }
        "doctl" => words.contains(&"droplet-action") && verb(4),
        "oci" => {
            verb(5)
                || args.iter().enumerate().any(|(at, a)| {
                    let value = match a.strip_prefix("--action") {
                        Some("") => args.get(at + 1).copied().unwrap_or_default(),
                        Some(value) => value.strip_prefix('=').unwrap_or_default(),
                        None => "",
                    };
                    matches!(value.to_ascii_uppercase().as_str(), "STOP" | "RESET" | "SOFTSTOP" | "SOFTRESET")
                })
        }
        // `openstack server stop|shelve ID`: OpenStack's global options come before the noun.
        "hcloud" | "linode-cli" | "scw" | "vultr-cli" | "ibmcloud" | "exo" | "render" | "openstack" => {
            verb(4)
        }
        // A Dell BMC's power action (`racadm -r HOST serveraction hardreset|powerdown`).
        "racadm" => words.windows(2).any(|p| {
            p[0] == "serveraction"
                && matches!(p[1], "hardreset" | "powerdown" | "powercycle" | "graceshutdown")
        }),
        "virsh" => words
            .iter()
            .any(|w| matches!(*w, "destroy" | "shutdown" | "reboot" | "reset" | "suspend" | "undefine")),
        "govc" => match word(0) {
            "vm.power" => args.iter().any(|a| matches!(*a, "-off" | "-reset" | "-suspend" | "-s" | "-r")),
            "host.shutdown" | "host.reboot" | "vm.unregister" => true,
            _ => false,
        },
        "ipmitool" => words
            .windows(2)
            .any(|p| p[0] == "power" && matches!(p[1], "off" | "reset" | "cycle" | "soft" | "down")),
        _ => false,
    }
}

const BUILD_TRIGGER: &str = "This starts a Cloud Build pipeline that deploys (or runs against production): what its steps change happens at once. Ask the user to run it.";
const CACHE_PURGE: &str = "This purges every cached path of a CloudFront distribution: every request then goes to the origin at once, which can take the site down. Invalidate the paths that changed, or ask the user.";

const STOP: &str = "This stops, powers off, restarts or scales to zero a machine, database or service: whoever uses it loses it until someone starts it again. Ask the user to run it, or name a disposable target (`…-dev-…`, `sandbox`, `pr-42`).";

/// In-place changes that weaken security or can cut a service (`cloud.live-change`), access
/// planted on machines and accounts (`cloud.access`), a parameter store's value overwritten
/// (`cloud.secret-write`): each asks. `words` are the operands.
fn live_change(name: &str, words: &[&str], args: &[&str]) -> Option<Hit> {
    let word = |i: usize| words.get(i).copied().unwrap_or_default();
    let has = |option: &str| {
        args.iter().any(|a| *a == option || a.strip_prefix(option).is_some_and(|r| r.starts_with('=')))
    };
    let (rule, message) = match name {
        "aws" => match (word(0), word(1)) {
            ("ec2", "revoke-security-group-ingress" | "revoke-security-group-egress")
            | ("kms", "disable-key")
            | (
                "elbv2" | "elb",
                "modify-listener"
                | "modify-rule"
                | "set-rule-priorities"
                | "set-security-groups"
                | "set-subnets"
                | "remove-listener-certificates"
                | "modify-target-group",
            )
            | (
                "route53domains",
                "transfer-domain-to-another-aws-account"
                | "disable-domain-transfer-lock"
                | "update-domain-nameservers"
                | "retrieve-domain-auth-code",
            )
            | (
                "ec2",
                "replace-route"
                | "replace-route-table-association"
                | "replace-network-acl-entry"
                | "replace-network-acl-association",
            )
            | ("ec2", "disassociate-address" | "detach-internet-gateway")
            | ("events", "disable-rule")
            | ("cloudwatch", "disable-alarm-actions")
            | ("cloudfront", "update-distribution")
            | ("apigateway", "update-stage") => ("cloud.live-change", LIVE_CHANGE),
            // A whole site's cache purged (`--paths '/*'`): every request goes to the origin at
            // once. A few named paths are a deploy's routine.
            ("cloudfront", "create-invalidation") if whole_site_purge(args) => {
                ("cloud.live-change", CACHE_PURGE)
            }
            // What a resource runs on or with taken from it: a volume from its instance (forced,
            // mid-write), a policy from a role, an instance from its group or load balancer.
            (_, op) if op.starts_with("detach-") => ("cloud.live-change", LIVE_CHANGE),
            // Instance metadata answering without a session token again (IMDSv1): any request
            // forged from the instance reads its role's credentials.
            ("ec2", "modify-instance-metadata-options")
                if args.contains(&"--http-tokens=optional")
                    || args.windows(2).any(|p| p[0] == "--http-tokens" && p[1] == "optional") =>
            {
                ("cloud.live-change", LIVE_CHANGE)
            }
            ("route53", "change-resource-record-sets")
                if args
                    .iter()
                    .any(|a| a.contains("UPSERT") || a.contains("file://") || a.contains("fileb://")) =>
            {
                ("cloud.live-change", LIVE_CHANGE)
            }
            ("rds" | "docdb" | "neptune", "modify-db-instance" | "modify-db-cluster")
                if has("--master-user-password") =>
            {
                ("cloud.live-change", LIVE_CHANGE)
            }
            ("lambda", "update-function-configuration") if has("--environment") => {
                ("cloud.live-change", LIVE_CHANGE)
            }
            ("ec2", "modify-instance-attribute")
                if has("--user-data")
                    || args.windows(2).any(|p| p[0] == "--attribute" && p[1] == "userData") =>
            {
                ("cloud.access", ACCESS)
            }
            // A shell typed into a production container: what runs there the guard never sees.
            ("ecs", "execute-command")
                if args.iter().any(|a| super::production_name(a) && !super::local_target(a))
                    && args.windows(2).any(|p| p[0] == "--command" && interactive_shell(p[1])) =>
            {
                ("cloud.access", INTERACTIVE)
            }
            // User data is a script the new instances run as root at boot; many instances at once
            // are a bill (GPU miners).
            ("ec2", "run-instances") if has("--user-data") || launches_many(args) => ("cloud.access", ACCESS),
            // IAM's keys and passwords made are `credentials.mint`'s.
            ("ec2-instance-connect", "send-ssh-public-key") | ("iam", "upload-ssh-public-key") => {
                ("cloud.access", ACCESS)
            }
            ("configure", "set")
                if matches!(word(2), "aws_access_key_id" | "aws_secret_access_key" | "aws_session_token")
                    || word(2).ends_with(".aws_secret_access_key") =>
            {
                ("cloud.access", ACCESS)
            }
            ("ssm", "put-parameter") if has("--overwrite") => ("cloud.secret-write", PARAMETER_WRITE),
            ("secretsmanager", "put-secret-value" | "update-secret") => {
                ("cloud.secret-write", PARAMETER_WRITE)
            }
            _ => return None,
        },
        "gcloud" => {
            const KEYS: &[&str] = &[
                "startup-script",
                "shutdown-script",
                "ssh-keys",
                "sshKeys",
                "user-data",
                "windows-startup-script",
                "enable-oslogin=false",
                "enable-oslogin=FALSE",
            ];
            let planted = |a: &str| KEYS.iter().any(|key| a.contains(key));
            // A machine created with a startup script runs it as root at boot, as one added later
            // does; only the metadata's values are read (an instance may be named `startup-script-vm`).
            let metadata = words.contains(&"add-metadata") && args.iter().any(|a| planted(a))
                || words.contains(&"create") && metadata_values(args).any(planted);
            let login_key =
                words.contains(&"os-login") && words.contains(&"ssh-keys") && words.contains(&"add");
            if metadata || login_key || words.contains(&"reset-windows-password") {
                ("cloud.access", ACCESS)
            } else if words.contains(&"pubsub") && words.contains(&"seek")
                || words.contains(&"kms") && words.contains(&"disable")
            {
                ("cloud.live-change", LIVE_CHANGE)
            } else {
                return None;
            }
        }
        "az" => match (word(0), word(1), word(2)) {
            ("vm" | "vmss", "user", "update" | "reset-ssh") => ("cloud.access", ACCESS),
            ("vm" | "vmss", "create" | "update", _) if has("--custom-data") || has("--user-data") => {
                ("cloud.access", ACCESS)
            }
            _ => return None,
        },
        // A droplet or server created with user data runs it as root at its first boot.
        "doctl"
            if words.starts_with(&["compute", "droplet", "create"])
                && (has("--user-data") || has("--user-data-file")) =>
        {
            ("cloud.access", ACCESS)
        }
        "hcloud" if words.starts_with(&["server", "create"]) && has("--user-data-from-file") => {
            ("cloud.access", ACCESS)
        }
        "oci"
            if words.contains(&"iam")
                && (words.contains(&"api-key") && words.contains(&"upload")
                    || words
                        .iter()
                        .any(|w| matches!(*w, "auth-token" | "customer-secret-key" | "smtp-credential"))
                        && words.contains(&"create")) =>
        {
            ("cloud.access", ACCESS)
        }
        "hcloud" | "linode-cli" | "scw" | "vultr-cli" | "exo"
            if words.iter().take(3).any(|w| matches!(*w, "reset-password" | "reset-root-password")) =>
        {
            ("cloud.access", ACCESS)
        }
        _ => return None,
    };
    Some(Hit::ask(rule, message))
}

/// The values of gcloud's `--metadata K=V,…` and `--metadata-from-file K=FILE,…`.
fn metadata_values<'a>(args: &'a [&'a str]) -> impl Iterator<Item = &'a str> + 'a {
    let options = ["--metadata", "--metadata-from-file"];
    args.iter().enumerate().filter_map(move |(at, a)| {
        if at > 0 && options.contains(&args[at - 1]) {
            return Some(*a);
        }
        let (option, value) = a.split_once('=')?;
        options.contains(&option).then_some(value)
    })
}

/// `gcloud builds triggers run TRIGGER` of a deploy or production trigger, or `gcloud builds
/// submit --config FILE` of a deploy's config ([`super::hosting::production_workflow`]).
fn build_deploys(words: &[&str], args: &[&str]) -> bool {
    match (words.get(1).copied(), words.get(2).copied()) {
        (Some("triggers"), Some("run")) => super::hosting::production_workflow(args, words.get(3).copied()),
        (Some("submit"), _) => {
            let config = args.iter().enumerate().find_map(|(at, a)| match a.strip_prefix("--config") {
                Some("") => args.get(at + 1).copied(),
                Some(rest) => rest.strip_prefix('='),
                None => None,
            });
            config.is_some_and(|config| super::hosting::production_workflow(&[], Some(config)))
        }
        _ => false,
    }
}

/// A CloudFront invalidation of every path (`/*`, `*`), on the command line or in its batch.
fn whole_site_purge(args: &[&str]) -> bool {
    args.iter().any(|a| {
        matches!(*a, "/*" | "*" | "--paths=/*" | "--paths=*")
            || a.contains("\"/*\"")
            || a.contains("Items=/*")
            || a.contains("Items=*")
    })
}

/// `nsupdate` given a script (standard input, a here-doc, a file operand) that adds or
/// deletes records (`update delete acme.com A`, `add …`, `del …`): the zone changes on its
/// server when the script is sent. A script the guard cannot read asks; `-l` talks to this
/// machine's server and `-h`, `-V` only print.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn nsupdate(call: &Call) -> Option<Hit> {
    const VALUED: &[&str] = &["-k", "-y", "-r", "-t", "-u"];
    let args = call.args();
    if args.iter().any(|a| matches!(a.text.as_str(), "-h" | "-V" | "-l" | "-T" | "-P")) {
        return None;
    }
    let read = |file: &str| {
        super::database::written_sql(call, file).or_else(|| super::database::read_sql(call, file))
    };
    let script = match super::operand_words(args, VALUED).next() {
        Some(file) if file.dynamic => None,
        Some(file) => read(&file.text),
        None => match &call.command.stdin {
            crate::shell::Stdin::File(file) if !file.dynamic => read(&file.text),
            crate::shell::Stdin::Inherited => return None,
            _ => call.analysis.stdin_text(call.index),
        },
    };
    let changes = |script: &str| {
        script.lines().any(|line| {
            let line = line.trim().to_ascii_lowercase();
            let line = line.strip_prefix("update").map_or(line.as_str(), str::trim_start);
            ["add", "del", "delete"]
                .iter()
                .any(|verb| line.strip_prefix(verb).is_some_and(|rest| rest.starts_with([' ', '\t'])))
        })
    };
    script.as_deref().is_none_or(changes).then(|| Hit::ask("cloud.live-change", DNS_UPDATE))
}

const DNS_UPDATE: &str = "This sends `nsupdate` changes (records added or deleted, or a script the guard cannot read) to a DNS server: whoever resolves the names sees them at once. Show the user the update, who can send it.";

/// Whether a command is a bare interactive shell (`/bin/sh`, `bash -l`).
fn interactive_shell(command: &str) -> bool {
    let mut words = command.split_whitespace();
    let program = words.next().unwrap_or_default();
    let name = program.rsplit('/').next().unwrap_or_default();
    matches!(name, "sh" | "bash" | "ash" | "dash" | "zsh" | "ksh")
        && words.all(|w| matches!(w, "-l" | "-i" | "--login"))
}

const INTERACTIVE: &str = "This opens an interactive shell in a production container: what is typed there reaches production unseen. Ask the user to open it.";

/// Whether `aws ec2 run-instances` launches more than a handful of instances (`--count 20`,
/// `--count 5:20`).
fn launches_many(args: &[&str]) -> bool {
    args.iter().enumerate().any(|(at, arg)| {
        let value = match arg.strip_prefix("--count") {
            Some("") => args.get(at + 1).copied(),
            Some(value) => value.strip_prefix('='),
            None => None,
        };
        value.is_some_and(|v| v.split(':').any(|n| n.parse::<u32>().is_ok_and(|n| n > 4)))
    })
}

const LIVE_CHANGE: &str = "This changes a live resource in place in a way that opens it, locks its users out or cuts its traffic (a firewall rule revoked, a key disabled, a listener, DNS record, domain or distribution changed, a password or environment replaced). Show the user the change, who can run it.";
const ACCESS: &str = "This plants access on a machine or account (an SSH key, a startup script or user data that runs as root, an access key, login or password) or overwrites the credentials this machine uses. Ask the user to run it.";
const PARAMETER_WRITE: &str =
    "This overwrites a value in a parameter or secret store that services read. Ask the user to run it.";

/// The other providers' CLIs, whose delete verb is a word of its own (`hcloud server delete`).
const PROVIDERS: &[&str] =
    &["hcloud", "linode-cli", "scw", "vultr-cli", "oci", "ibmcloud", "exo", "openstack"];

/// The image registries' clients, whose delete verb is a word of its own (`crane delete`).
const REGISTRY_CLIENTS: &[&str] = &["skopeo", "crane", "oras", "regctl"];

/// rclone's options that take a value.
const RCLONE_VALUE_OPTIONS: &[&str] = &[
    "--config",
    "--filter",
    "-f",
    "--include",
    "--exclude",
    "--filter-from",
    "--include-from",
    "--exclude-from",
    "--files-from",
    "--backup-dir",
    "--suffix",
    "--log-file",
    "--log-level",
    "--transfers",
    "--checkers",
    "--bwlimit",
    "--max-age",
    "--min-age",
    "--max-size",
    "--min-size",
];

/// `rclone purge|delete|deletefile|rmdirs|cleanup REMOTE:…`, and `sync`/`bisync` whose
/// destination is a remote: sync deletes whatever the destination has and the source lacks.
/// The same of a local path outside the project and temp dirs.
fn rclone(call: &Call) -> Option<Hit> {
    let words: Vec<&str> = operands(call.args(), RCLONE_VALUE_OPTIONS).collect();
    let (verb, paths) = words.split_first()?;
    let remote = |path: &&str| {
        let before_slash = path.split('/').next().unwrap_or_default();
        before_slash.contains(':') && before_slash.len() > 2
    };
    // A local path deleted from, or synced into, that is not the project's or a temp dir's
    // (`rclone sync /tmp/empty ~/Documents` empties the documents).
    let foreign = |path: &&str| {
        !remote(path)
            && call
                .args()
                .iter()
                .find(|w| w.text == **path)
                .is_some_and(|word| super::paths::classify(word, call.ctx, true).is_foreign())
    };
    if call.args().iter().any(|a| matches!(a.text.as_str(), "--dry-run" | "-n")) {
        return None;
    }
    let deletes = match *verb {
        "purge" | "delete" | "deletefile" | "rmdir" | "rmdirs" | "cleanup" => {
            paths.iter().any(|path| remote(path) || foreign(path))
        }
        "sync" | "bisync" => paths.last().is_some_and(|path| remote(path) || foreign(path)),
        _ => false,
    };
    deletes.then(|| Hit::new("cloud.rclone-delete", RCLONE))
}

const RCLONE: &str = "This deletes files in remote storage or outside the project (`sync` deletes whatever the destination has and the source lacks), with no undo. Use `copy`, or `--dry-run` and show the user, who can run it.";
const OBJECT: &str = "This deletes an object in cloud storage (a state file, a backup), with no undo unless the bucket keeps versions. Ask the user to run it, or show them the exact command.";
const S3: &str = "This deletes objects or buckets in S3 in bulk, with no undo. Delete the specific keys you mean, or ask the user to run it.";
const GRANT: &str = "This grants access rights (an IAM policy, a role binding) that outlast the task and that nobody reviewed. Show the user the exact grant, who can run it.";
const PUBLIC: &str = "This opens data or a port to everyone on the internet (a public ACL or bucket policy, an ingress from 0.0.0.0/0). Ask the user to run it.";
const PROTECTION: &str = "This switches off a protection against deletion or what would undo one (termination or deletion protection, object versioning, point-in-time recovery, automated backups, the organization's guardrails). Ask the user to run it.";
const DELETE: &str =
    "This deletes cloud resources, with no undo. Ask the user to run it, or show them the exact command.";
