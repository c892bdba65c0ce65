//! The `hosting` pack's platform CLIs whose production is picked by a flag value rather than by
//! the verb: a contract deployed or a transaction sent on a live blockchain (`forge script
//! --rpc-url mainnet --broadcast`, `cast send --rpc-url $RPC`, `solana transfer --url
//! mainnet-beta`, `anchor deploy --provider.cluster mainnet`), a Salesforce org's records or
//! metadata deleted (`sf data delete bulk -o prod`, Apex that deletes, `sf project deploy
//! start --post-destructive-changes`), a WordPress site emptied, reset, taken over or changed
//! live (`wp db reset`, `wp @production …`, `wp user create … --role=administrator`), and
//! Laravel's encryption key replaced (`php artisan key:generate --force`). A local node, a
//! test network, a scratch org and a local site pass.

use super::{Call, Hit};
use crate::shell::{Stdin, Word};

/// Whether `name` is one of the platform CLIs [`judge`] reads: the hosting pack hands them
/// here, and only here.
pub(super) fn judges(name: &str) -> bool {
    matches!(
        name,
        "forge"
            | "cast"
            | "solana"
            | "anchor"
            | "sf"
            | "sfdx"
            | "wp"
            | "php"
            | "artisan"
            | "truffle"
            | "hardhat"
            | "sui"
            | "bitcoin-cli"
            | "shopify"
            | "brownie"
            | "ape"
            | "aptos"
            | "near"
    )
}

/// The finding on a command named `name`, one of the platform CLIs [`judges`] names.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
pub(super) fn judge(call: &Call, name: &str) -> Option<Hit> {
    let args = call.args();
    match name {
        "forge" | "cast" => foundry(name, args),
        "solana" => solana(args),
        "anchor" => anchor(args),
        "truffle" | "hardhat" => truffle(name, args),
        "sui" => sui(call, args),
        "brownie" | "ape" => python_chain(name, args),
        "aptos" => aptos(args),
        "near" => near(args),
        "bitcoin-cli" => bitcoin(args),
        "shopify" => shopify(args),
        "sf" | "sfdx" => salesforce(call, args),
        "wp" => wordpress(args),
        "php" | "artisan" => artisan(name, args),
        _ => None,
    }
}

/// The value of an option spelt `--name VALUE`, `--name=VALUE`, or a short `-x VALUE`, `-xVALUE`.
fn value<'a>(args: &'a [Word], long: &[&str], short: &str) -> Option<&'a Word> {
    args.iter().enumerate().find_map(|(at, arg)| {
        let text = arg.text.as_str();
        if long.contains(&text) || !short.is_empty() && text == short {
            return args.get(at + 1);
        }
        let attached = long.iter().any(|l| text.strip_prefix(l).is_some_and(|v| v.starts_with('=')))
            || !short.is_empty() && text.len() > short.len() && text.starts_with(short);
        attached.then_some(arg)
    })
}

/// An option's value without its `--name=` or `-x` prefix.
fn bare<'a>(word: &'a Word, short: &str) -> &'a str {
    let text = word.text.as_str();
    match text.split_once('=') {
        Some((option, rest)) if option.starts_with("--") => rest,
        _ => {
            text.strip_prefix(short).filter(|_| !short.is_empty() && text.len() > short.len()).unwrap_or(text)
        }
    }
}

/// Whether an endpoint (a URL, a named endpoint, a cluster's name) is this machine or a test
/// network, where nothing of value moves: a URL by its host alone (a query naming
/// `localhost` is no local node), a variable by its name (`$SEPOLIA_RPC_URL`, `$LOCAL_RPC`).
fn harmless_endpoint(word: &Word, short: &str) -> bool {
    let text = bare(word, short).to_ascii_lowercase();
    let subject = if word.dynamic {
        word.raw.to_ascii_lowercase()
    } else {
        match text.split_once("://") {
            Some((_, rest)) => {
                let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
                authority.rsplit('@').next().unwrap_or_default().to_string()
            }
            None => text.clone(),
        }
    };
    let named = |marks: &[&str]| marks.iter().any(|m| subject.contains(m));
    named(&["localhost", "127.0.0.1", "0.0.0.0", "[::1]", "anvil", "hardhat", "ganache", "localnet"])
        || named(&["sepolia", "goerli", "holesky", "hoodi", "testnet", "devnet", "amoy", "mumbai", "fuji"])
        || matches!(subject.as_str(), "local" | "l" | "d" | "t" | "development" | "dev" | "test")
}

const CHAIN: &str = "This sends a transaction (a deployment, a transfer, a program's upgrade or closing) to a live blockchain with a real key: it cannot be undone, and what it moves is money. Run it against a local node (`anvil`, `solana-test-validator`) or a test network, and ask the user to send it.";

/// Foundry: `forge script … --broadcast`, `forge create`, `cast send|publish` sent to an RPC
/// that is not this machine's nor a test network's. Without `--rpc-url`, `cast` and `forge`
/// talk to `localhost:8545` (or `ETH_RPC_URL`, which the line does not show).
fn foundry(name: &str, args: &[Word]) -> Option<Hit> {
    let verb = super::operands(args, &["--rpc-url", "-r", "--fork-url", "-f", "--private-key"]).next()?;
    let sends = match name {
        "forge" => {
            verb == "create"
                || verb == "script" && args.iter().any(|a| a.text == "--broadcast" || a.text == "--resume")
        }
        _ => matches!(verb, "send" | "publish"),
    };
    if !sends {
        return None;
    }
    let rpc = value(args, &["--rpc-url", "--fork-url"], "").or_else(|| value(args, &[], "-r"));
    let rpc = rpc.or_else(|| (name == "forge").then(|| value(args, &[], "-f")).flatten())?;
    (!harmless_endpoint(rpc, "")).then(|| Hit::new("hosting.deploy-production", CHAIN))
}

/// `solana transfer`, `program deploy|close|upgrade|set-upgrade-authority`, a stake or vote
/// account's withdrawal or closing, on a cluster that is not local, devnet nor testnet; without
/// `--url` the CLI's configured cluster is used, which is mainnet until set otherwise.
fn solana(args: &[Word]) -> Option<Hit> {
    let mut words = super::operands(args, &["--url", "-u", "-k", "--keypair", "--fee-payer", "--from"]);
    let sends = match words.next()? {
        "transfer" | "withdraw-stake" | "withdraw-from-vote-account" | "close-vote-account" => true,
        "program" => matches!(words.next(), Some("deploy" | "close" | "upgrade" | "set-upgrade-authority")),
        _ => false,
    };
    let cluster = value(args, &["--url"], "-u");
    (sends && !cluster.is_some_and(|c| harmless_endpoint(c, "-u")))
        .then(|| Hit::new("hosting.deploy-production", CHAIN))
}

/// `anchor deploy|upgrade|migrate` with `--provider.cluster` naming mainnet or a remote RPC;
/// without it, `Anchor.toml`'s cluster, localnet in a new workspace.
fn anchor(args: &[Word]) -> Option<Hit> {
    let verb = super::operands(args, &["--provider.cluster", "--provider.wallet"]).next()?;
    if !matches!(verb, "deploy" | "upgrade" | "migrate") {
        return None;
    }
    let cluster = value(args, &["--provider.cluster"], "")?;
    (!harmless_endpoint(cluster, "")).then(|| Hit::new("hosting.deploy-production", CHAIN))
}

/// Truffle's `migrate`/`deploy` and Hardhat's `run`/`deploy`/`ignition deploy` with
/// `--network` naming a live chain; without it, the local development network.
fn truffle(name: &str, args: &[Word]) -> Option<Hit> {
    let mut words = super::operands(args, &["--network", "--config", "--deployment-id"]);
    let deploys = match (name, words.next()?) {
        ("truffle", verb) => matches!(verb, "migrate" | "deploy" | "exec"),
        (_, "ignition") => words.next() == Some("deploy"),
        (_, verb) => matches!(verb, "run" | "deploy"),
    };
    let network = value(args, &["--network"], "")?;
    (deploys && !harmless_endpoint(network, "")).then(|| Hit::new("hosting.deploy-production", CHAIN))
}

/// Sui's coins moved (`sui client transfer-sui|pay-sui|pay-all-sui|transfer|pay`) on the
/// client's active environment, which the line does not show, unless a local or test
/// network's name is on the line; a package published, upgraded or called when the line
/// switches the client to mainnet (`sui client switch --env mainnet && sui client publish`).
fn sui(call: &Call, args: &[Word]) -> Option<Hit> {
    let mut words = super::operands(args, &["--client.config", "--gas-budget", "--to", "--amount"]);
    if words.next()? != "client" {
        return None;
    }
    let verb = words.next()?;
    let sends = matches!(verb, "transfer-sui" | "pay-sui" | "pay-all-sui" | "transfer" | "pay");
    let local = args.iter().any(|a| ["localnet", "devnet", "testnet"].iter().any(|net| a.text.contains(net)));
    if matches!(verb, "publish" | "upgrade" | "call") {
        let mainnet = call.analysis.commands.iter().any(|c| c.text.contains("mainnet"));
        return (mainnet && !local).then(|| Hit::new("hosting.deploy-production", CHAIN));
    }
    (sends && !local).then(|| Hit::new("hosting.deploy-production", CHAIN))
}

/// Whether a network's name is a live chain's: `mainnet`, or one [`super::production_name`]
/// marks, in any of its parts (`ethereum:mainnet:alchemy`, `polygon-main`).
fn live_network(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    lower.split([':', '-', '_', '.', '/']).any(|part| matches!(part, "mainnet" | "main"))
        || super::production_name(&lower)
}

/// Brownie's and Ape's scripts run (`brownie run`, `ape run`) against a network named with
/// `--network`: a live chain's sends the script's transactions with a real key. Without the
/// option, both use a local development chain; a test network or a fork passes.
fn python_chain(name: &str, args: &[Word]) -> Option<Hit> {
    let verb = super::operands(args, &["--network"]).next()?;
    let runs = match name {
        "brownie" => matches!(verb, "run" | "console"),
        _ => matches!(verb, "run" | "console") || verb == "deploy",
    };
    let network = value(args, &["--network"], "")?;
    let network = bare(network, "");
    (runs && live_network(network) && !network.contains("fork"))
        .then(|| Hit::new("hosting.deploy-production", CHAIN))
}

/// Aptos: a Move package published or upgraded, a function run, coins moved, with a profile
/// or URL naming mainnet (`aptos move publish --profile mainnet`). The default profile's
/// network is not on the line, and passes.
fn aptos(args: &[Word]) -> Option<Hit> {
    let mut words = super::operands(args, &["--profile", "--url", "--network", "--package-dir"]);
    let sends = match (words.next()?, words.next().unwrap_or_default()) {
        ("move", verb) => matches!(
            verb,
            "publish"
                | "deploy-object"
                | "upgrade-object"
                | "create-object-and-publish-package"
                | "run"
                | "run-script"
        ),
        ("account", verb) => matches!(verb, "transfer" | "rotate-key"),
        _ => false,
    };
    let network = value(args, &["--profile", "--url", "--network"], "");
    (sends && network.is_some_and(|n| live_network(bare(n, ""))))
        .then(|| Hit::new("hosting.deploy-production", CHAIN))
}

/// NEAR: an account deleted (its balance sent to a beneficiary), a contract deployed, tokens
/// sent, on mainnet: `--networkId mainnet`, a `network-config mainnet` of the newer CLI, or a
/// mainnet account's `.near` name, unless a test network's is on the line.
fn near(args: &[Word]) -> Option<Hit> {
    let words: Vec<&str> =
        super::operands(args, &["--networkId", "--accountId", "--masterAccount"]).collect();
    let changes = words.iter().take(3).any(|w| {
        matches!(*w, "delete" | "delete-account" | "deploy" | "send" | "send-near" | "send-ft" | "transfer")
    });
    let test = args.iter().any(|a| a.text.contains("testnet") || a.text.contains("localnet"));
    let mainnet = value(args, &["--networkId", "--network-id"], "")
        .is_some_and(|n| live_network(bare(n, "")))
        || words.iter().any(|w| *w == "mainnet" || w.ends_with(".near"));
    (changes && mainnet && !test).then(|| Hit::new("hosting.deploy-production", CHAIN))
}

/// Bitcoin Core's wallet spending on the main chain: `sendtoaddress`, `sendmany`, `send`,
/// `sendall`, a raw transaction broadcast. `-regtest`, `-testnet`, `-signet` or `-chain=`
/// a test chain pass.
fn bitcoin(args: &[Word]) -> Option<Hit> {
    let verb = args.iter().find(|a| !a.text.starts_with('-'))?.text.as_str();
    let sends = matches!(verb, "sendtoaddress" | "sendmany" | "send" | "sendall" | "sendrawtransaction");
    let test_chain = args.iter().any(|a| {
        matches!(a.text.as_str(), "-regtest" | "-testnet" | "-testnet4" | "-signet")
            || a.text.strip_prefix("-chain=").is_some_and(|chain| chain != "main")
    });
    (sends && !test_chain).then(|| Hit::new("hosting.deploy-production", CHAIN))
}

/// Shopify's live store changed: a theme pushed or published over the live one (`theme push
/// --live`, `theme publish`), an app version released without its confirmation (`app deploy
/// --force`). `theme dev`, an unpublished push and `app dev` pass.
fn shopify(args: &[Word]) -> Option<Hit> {
    let mut words = super::operands(args, &["--store", "-s", "--theme", "-t", "--path", "--password"]);
    let has = |flag: &str| args.iter().any(|a| a.text == flag);
    let live = match (words.next()?, words.next()) {
        ("theme", Some("push")) => has("--live") || has("-l"),
        ("theme", Some("publish")) => has("--force") || has("-f"),
        ("app", Some("deploy" | "release")) => has("--force") || has("-f"),
        _ => false,
    };
    live.then(|| Hit::new("hosting.deploy-production", SHOPIFY))
}

const SHOPIFY: &str = "This changes a Shopify store's live theme or releases an app version to every store that installed it, without the confirmation. Push to an unpublished theme or a development store, and ask the user to publish.";

const ORG_DATA: &str = "This deletes a Salesforce org's records (a bulk delete, or Apex that deletes), which a production org's users and integrations depend on. Ask the user to run it.";
const ORG_DEPLOY: &str = "This deploys metadata to a production Salesforce org, or deletes the components a destructive-changes manifest names. Deploy to a sandbox or a scratch org and ask the user to promote it.";
const ORG_LOGOUT: &str = "`sf org logout --all` drops the logins of every org, and a scratch org with no password set cannot be logged into again. Log out of the one org meant, or ask the user.";

/// Salesforce's `sf` (and the legacy `sfdx` spelling, `force:source:deploy -u ORG`): records
/// deleted (`data delete bulk|record`), anonymous Apex that deletes (on its standard input or
/// in a line's `echo`) or runs in an org named for production, metadata deployed to such an
/// org or with destructive changes, every org logged out of.
fn salesforce(call: &Call, args: &[Word]) -> Option<Hit> {
    let valued = [
        "-o",
        "--target-org",
        "-u",
        "--targetusername",
        "-f",
        "--file",
        "-s",
        "--sobject",
        "--manifest",
        "-x",
    ];
    let mut words = super::operands(args, &valued);
    let first = words.next()?;
    // `force:source:deploy`, `project:deploy:start`: the topic and verb in one word.
    let mut pieces = first.split(':').filter(|p| *p != "force");
    let (first, second, third) = if first.contains(':') {
        let topic = pieces.next().unwrap_or_default();
        let rest: Vec<&str> = pieces.collect();
        let verb =
            if rest.contains(&"delete") { "delete" } else { rest.first().copied().unwrap_or_default() };
        (topic, verb, rest.get(1).copied())
    } else {
        (first, words.next().unwrap_or_default(), words.next())
    };
    // `project deploy preview|validate|report`, and `--dry-run`, change nothing in the org.
    let changes = !matches!(third, Some("preview" | "validate" | "report" | "cancel"))
        && !args.iter().any(|a| a.text == "--dry-run");
    let org = value(args, &["--target-org", "--targetusername"], "-o")
        .map(|o| bare(o, "-o"))
        .or_else(|| value(args, &[], "-u").map(|o| bare(o, "-u")))
        .map(str::to_ascii_lowercase);
    let production = org.as_deref().is_some_and(|o| o.contains("prod") && !o.contains("preprod"));
    let destructive = args.iter().any(|a| a.text.to_ascii_lowercase().contains("destructive"));
    match (first, second) {
        ("data", "delete") if !org.as_deref().is_some_and(|o| o.contains("scratch")) => {
            Some(Hit::ask("hosting.data-delete", ORG_DATA))
        }
        ("apex", "run" | "execute") if production || apex_deletes(call) => {
            Some(Hit::ask("hosting.data-delete", ORG_DATA))
        }
        ("project" | "source" | "mdapi", "deploy") if changes && (production || destructive) => {
            Some(Hit::ask("hosting.deploy-production", ORG_DEPLOY))
        }
        ("org", "logout") if args.iter().any(|a| a.text == "--all" || a.text == "-a") => {
            Some(Hit::ask("hosting.app-delete", ORG_LOGOUT))
        }
        _ => None,
    }
}

/// Whether the Apex `sf apex run` reads from its standard input deletes records.
fn apex_deletes(call: &Call) -> bool {
    let deletes = |code: &str| {
        let code = code.to_ascii_lowercase();
        code.contains("delete ")
            || code.contains("delete[")
            || code.contains("database.delete")
            || code.contains("emptyrecyclebin")
    };
    match &call.command.stdin {
        Stdin::Text(text) => deletes(text),
        Stdin::Pipe { from: Some(from) } => {
            call.analysis.commands.get(*from).is_some_and(|c| deletes(&c.text))
        }
        _ => false,
    }
}

const SITE_DATA: &str = "This empties or drops a WordPress site's database (its posts, users, settings), or rewrites every table of a live site. Take a backup (`wp db export`) and ask the user to run it.";
const SITE_LIVE: &str = "This changes a live WordPress site (a remote alias, `--ssh` or `--http`): its plugins, themes, settings or content, with its visitors watching. Make the change on a local copy and ask the user to deploy it.";
const SITE_ADMIN: &str = "This makes a WordPress administrator, or sets an account's password: a standing way into the site. Ask the user to do it.";
const SITE_URL: &str = "This changes the WordPress site's own address (`siteurl`, `home`): every page and login then goes there. Ask the user to run it.";
const SITE_CODE: &str = "This installs a plugin or theme from a URL or an archive, not from the WordPress directory, and runs its code in the site. Ask the user to install it.";

/// WP-CLI: the database reset or dropped (`db reset|drop|clean`, `site empty`), the site's
/// address changed, an administrator made or a password set, a plugin or theme installed from
/// a URL or a ZIP, and any change to a remote site (`@alias` other than a local one, `--ssh`,
/// `--http`): what reads (`list`, `get`, `status`, `export`) passes.
fn wordpress(args: &[Word]) -> Option<Hit> {
    let alias = args.iter().find(|a| a.text.starts_with('@')).map(|a| a.text.to_ascii_lowercase());
    let remote =
        alias.as_deref().is_some_and(|a| !matches!(a, "@local" | "@dev" | "@development" | "@docker"))
            || args.iter().any(|a| a.text.starts_with("--ssh=") || a.text.starts_with("--http="));
    let words: Vec<&str> = super::operands(args, &[]).filter(|w| !w.starts_with('@')).collect();
    let verb = |i: usize| words.get(i).copied().unwrap_or_default();
    let has = |flag: &str| {
        args.iter().any(|a| a.text == flag || a.text.strip_prefix(flag).is_some_and(|v| v.starts_with('=')))
    };
    let value_of = |flag: &str| args.iter().find_map(|a| a.text.strip_prefix(flag)?.strip_prefix('='));
    match (verb(0), verb(1)) {
        ("db", "reset" | "drop" | "clean") | ("site", "empty") => {
            return Some(Hit::new("hosting.data-delete", SITE_DATA));
        }
        ("search-replace", _) if remote && !has("--dry-run") => {
            return Some(Hit::new("hosting.data-delete", SITE_DATA));
        }
        ("option", "update" | "set" | "patch") if matches!(verb(2), "siteurl" | "home") => {
            return Some(Hit::ask("hosting.config-set", SITE_URL));
        }
        ("user", "create" | "add")
            if value_of("--role").is_some_and(|r| r == "administrator") || has("--user_pass") =>
        {
            return Some(Hit::ask("credentials.mint", SITE_ADMIN));
        }
        ("user", "update")
            if has("--user_pass") || value_of("--role").is_some_and(|r| r == "administrator") =>
        {
            return Some(Hit::ask("credentials.mint", SITE_ADMIN));
        }
        ("user", "set-role" | "add-role") if verb(3) == "administrator" => {
            return Some(Hit::ask("credentials.mint", SITE_ADMIN));
        }
        ("super-admin", "add") | ("user", "reset-password") => {
            return Some(Hit::ask("credentials.mint", SITE_ADMIN));
        }
        ("plugin" | "theme", "install" | "update")
            if words.iter().skip(2).any(|w| w.contains("://") || w.ends_with(".zip")) =>
        {
            return Some(Hit::ask("remote-script.pipe-to-shell", SITE_CODE));
        }
        _ => {}
    }
    let reads = matches!(verb(0), "help" | "cli" | "info" | "--info" | "")
        || words.iter().take(3).any(|w| {
            matches!(
                *w,
                "list"
                    | "get"
                    | "status"
                    | "is-installed"
                    | "is-active"
                    | "version"
                    | "check"
                    | "export"
                    | "search"
                    | "path"
                    | "exists"
                    | "verify-checksums"
                    | "check-update"
                    | "size"
                    | "tables"
                    | "describe"
                    | "flush"
            )
        });
    (remote && !reads && !has("--dry-run")).then(|| Hit::ask("hosting.deploy-production", SITE_LIVE))
}

const APP_KEY: &str = "`php artisan key:generate --force` replaces the app's `APP_KEY`: everything encrypted with the old one (sessions, encrypted columns, signed URLs) can no longer be read. Ask the user to rotate it.";

/// Laravel's `artisan key:generate --force`, which replaces a key already set (in production
/// it asks first unless forced); `--show` only prints a new one.
fn artisan(name: &str, args: &[Word]) -> Option<Hit> {
    let mut words = super::operands(args, &[]);
    if name == "php" && !words.next()?.ends_with("artisan") {
        return None;
    }
    (words.next()? == "key:generate"
        && args.iter().any(|a| a.text == "--force")
        && !args.iter().any(|a| a.text == "--show"))
    .then(|| Hit::ask("hosting.config-set", APP_KEY))
}
