//! A service's admin API called over HTTP from curl, wget, HTTPie or xh: a call that changes
//! what a path names as administration (`PATCH …/zones/Z/settings/ssl`, `POST …/purge_cache`,
//! `PUT es.prod:9200/_cluster/settings`, `POST host/_shutdown`), a cache purged (`PURGE`), or
//! a query that destroys whatever the method (`GET solr/admin/cores?action=UNLOAD&
//! deleteIndex=true`, ClickHouse's `?query=DROP%20TABLE%20events`), or a body that does
//! (ClickHouse's `ALTER TABLE t DELETE WHERE 1` posted, Solr's `<delete><query>*:*</query>
//! </delete>`, its JSON `{"delete":{"query":…}}`), or one that powers off, reboots or rebuilds a
//! machine (`{"type":"power_off"}` posted to a droplet's actions); a pause or stop of a
//! production host's service (`POST prod-kafka-connect:8083/connectors/sink/pause`); a CI run
//! started through its API that deploys or destroys (`POST …/dispatches` with
//! `{"event_type":"deploy-prod"}`, `job/deploy-prod/buildWithParameters`). A server on this
//! machine is the user's own.

use super::Hit;

/// The finding on a curl, wget (`httpie: false`) or HTTPie/xh (`httpie: true`) call whose
/// `DELETE` the hosting pack has not judged. A call with no URL-looking word costs a scan.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
pub(super) fn judge(args: &[&str], httpie: bool, fed: Option<&str>) -> Option<Hit> {
    let mut urls = args.iter().enumerate().filter(|(at, arg)| url_like(args, *at, arg)).map(|(_, arg)| *arg);
    let first = urls.clone().next()?;
    if urls.clone().all(super::local_target) {
        return None;
    }
    if urls.clone().any(|url| !super::local_target(url) && destroying_query(url)) {
        return Some(Hit::ask("hosting.http-delete", QUERY));
    }
    if bodies(args).chain(fed).any(destroying_body) {
        return Some(Hit::ask("hosting.http-delete", BODY));
    }
    if bodies(args).chain(fed).any(stopping_body) {
        return Some(Hit::ask("hosting.http-delete", ACTION));
    }
    let method = method(args, httpie, first);
    if matches!(method.as_str(), "GET" | "HEAD" | "OPTIONS") {
        return None;
    }
    if urls.clone().any(|url| !super::local_target(url) && ci_trigger(url)) && ci_acts(args) {
        return Some(Hit::ask("hosting.deploy-production", CI));
    }
    if matches!(method.as_str(), "PURGE" | "BAN" | "FASTLYPURGE") {
        return Some(Hit::ask("hosting.http-delete", ADMIN));
    }
    // Elasticsearch's guard on wildcard deletes turned on makes the cluster safer.
    let guards = args.iter().any(|arg| arg.replace(' ', "").contains("destructive_requires_name\":true"));
    (!guards && urls.any(|url| !super::local_target(url) && (admin_path(url) || production_stop(url))))
        .then(|| Hit::ask("hosting.http-delete", ADMIN))
}

/// Whether every URL of the call is on this machine (`curl -X DELETE localhost:9200/test`).
/// Every index or key at once (`/_all`, `/*`) is asked about even there.
pub(super) fn local_only(args: &[&str]) -> bool {
    let mut urls = args.iter().enumerate().filter(|(at, arg)| url_like(args, *at, arg)).map(|(_, arg)| *arg);
    urls.clone().next().is_some()
        && urls.all(|url| super::local_target(url) && !url.contains("/_all") && !url.contains('*'))
}

/// Whether the word at `at` reads as the URL: a scheme's (`https://…`) or a host's path
/// (`es.prod:9200/_cluster/settings`, `host/_shutdown`), not a header's, a body's or a file
/// option's value.
fn url_like(args: &[&str], at: usize, arg: &str) -> bool {
    if arg.starts_with('-') || arg.contains(char::is_whitespace) {
        return false;
    }
    if arg.contains("://") {
        return true;
    }
    let after_file_option = at > 0
        && matches!(
            args[at - 1],
            "-o" | "--output"
                | "-O"
                | "-T"
                | "--upload-file"
                | "-K"
                | "--config"
                | "-c"
                | "-b"
                | "--cookie"
                | "--cacert"
                | "--cert"
                | "--key"
                | "-E"
                | "-D"
                | "--dump-header"
                | "-u"
                | "--user"
                | "-H"
                | "--header"
                | "-d"
                | "--data"
        );
    let Some((host, _)) = arg.split_once('/') else {
        return false;
    };
    !after_file_option
        && host.bytes().next().is_some_and(|b| b.is_ascii_alphanumeric())
        && host.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b':'))
}

/// The call's method: `-X`/`--request`/`--method`, HTTPie's method operand, or what its body
/// makes it (`POST` with curl's `-d`, wget's `--post-data`, HTTPie's `k=v` items).
fn method(args: &[&str], httpie: bool, url: &str) -> String {
    let named = args.iter().enumerate().find_map(|(at, arg)| match *arg {
        "-X" | "--request" | "--method" => args.get(at + 1).copied(),
        _ => arg
            .strip_prefix("--method=")
            .or_else(|| arg.strip_prefix("--request="))
            .or_else(|| arg.strip_prefix("-X").filter(|m| !m.is_empty())),
    });
    if let Some(method) = named {
        return method.to_ascii_uppercase();
    }
    if httpie {
        let before = args.iter().take_while(|arg| **arg != url).filter(|arg| !arg.starts_with('-'));
        if let Some(method) = before.last().filter(|m| m.bytes().all(|b| b.is_ascii_alphabetic())) {
            return method.to_ascii_uppercase();
        }
        let items = args.iter().skip_while(|arg| **arg != url).skip(1);
        let body =
            items.clone().any(|item| item.contains(":=") || item.contains('=') && !item.contains("=="));
        return if body { "POST" } else { "GET" }.to_string();
    }
    let body = args.iter().any(|arg| {
        ["-d", "--data", "--json", "-F", "--form", "--post-data", "--post-file", "--body-data", "--body-file"]
            .iter()
            .any(|option| {
                arg.strip_prefix(option)
                    .is_some_and(|rest| rest.is_empty() || rest.starts_with(['=', '-']) || option.len() == 2)
            })
    });
    if args.iter().any(|arg| matches!(*arg, "-T" | "--upload-file")) {
        return "PUT".to_string();
    }
    if body { "POST" } else { "GET" }.to_string()
}

/// Whether a URL's query destroys what it names, whatever the method: Solr's core unloaded
/// with its index, a collection deleted; Elasticsearch's `_delete_by_query`; destructive SQL
/// in a `query=` parameter (ClickHouse's HTTP interface, percent-encoded).
/// The request bodies given on the line: curl's and wget's data options' values.
fn bodies<'a>(args: &'a [&'a str]) -> impl Iterator<Item = &'a str> + 'a {
    const DATA: &[&str] = &[
        "-d",
        "--data",
        "--data-raw",
        "--data-binary",
        "--data-urlencode",
        "--json",
        "--post-data",
        "--body-data",
    ];
    args.iter().enumerate().filter_map(|(at, arg)| {
        if DATA.contains(arg) {
            return args.get(at + 1).copied();
        }
        let (option, value) = arg.split_once('=')?;
        DATA.contains(&option).then_some(value)
    })
}

/// Whether a request body destroys what the server holds: destructive SQL (ClickHouse's HTTP
/// interface runs it) or a search index's delete-by-query (Solr's XML and JSON updates).
fn destroying_body(body: &str) -> bool {
    let compact = body.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_lowercase();
    // A form's `delete=true` is no statement: SQL has words apart.
    let sql = body.strip_prefix("query=").unwrap_or(body);
    compact.contains("<delete><query>")
        || compact.contains("\"delete\":{\"query\"")
        || sql.contains(char::is_whitespace) && super::sql::destruction(sql).is_some()
}

fn destroying_query(url: &str) -> bool {
    let lower = url.to_ascii_lowercase();
    let Some((path, query)) = lower.split_once('?') else {
        return false;
    };
    if query.split('&').any(|pair| {
        pair.strip_prefix("query=")
            .is_some_and(|sql| super::sql::destruction(&percent_decoded(sql)).is_some())
    }) {
        return true;
    }
    path.contains("/admin/")
        && query.split('&').any(|pair| {
            matches!(pair, "action=unload" | "action=delete" | "action=deletereplica" | "action=deleteshard")
        })
        || query
            .split('&')
            .any(|pair| matches!(pair, "deleteindex=true" | "deletedatadir=true" | "deleteinstancedir=true"))
}

/// A URL parameter's value with its `%XX` escapes and `+` spaces decoded.
fn percent_decoded(value: &str) -> String {
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        let hex =
            bytes.get(at + 1..at + 3).and_then(|h| u8::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok());
        match (bytes[at], hex) {
            (b'%', Some(byte)) => {
                out.push(byte);
                at += 3;
            }
            (b'+', _) => {
                out.push(b' ');
                at += 1;
            }
            (byte, _) => {
                out.push(byte);
                at += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Whether a request body asks a provider's API to stop, restart or overwrite a machine
/// (DigitalOcean's `{"type":"power_off"}` posted to a droplet's actions, a form's
/// `action=reboot`): the machine is down, or holds another image, whatever its id.
fn stopping_body(body: &str) -> bool {
    const ACTIONS: &[&str] = &[
        "power_off",
        "poweroff",
        "shutdown",
        "reboot",
        "power_cycle",
        "powercycle",
        "rebuild",
        "restore",
        "stop",
        "hard_reset",
        "reset",
        "terminate",
    ];
    let compact = body.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_lowercase();
    ["type", "action"].iter().any(|key| {
        let json = format!("\"{key}\":\"");
        let form = format!("{key}=");
        compact.match_indices(&json).any(|(at, _)| {
            let value = &compact[at + json.len()..];
            ACTIONS.iter().any(|action| value.strip_prefix(action).is_some_and(|rest| rest.starts_with('"')))
        }) || compact
            .split('&')
            .any(|pair| pair.strip_prefix(&form).is_some_and(|value| ACTIONS.contains(&value)))
    })
}

/// Whether a URL (or `gh api`'s path) starts a CI run: GitHub's `…/dispatches` (a
/// repository's event or a workflow's), GitLab's `…/trigger/pipeline` and `…/pipeline`,
/// CircleCI's `…/pipeline` and `…/pipeline/run`, Jenkins' `job/J/build` and
/// `buildWithParameters`, Buildkite's `…/builds`, Bitbucket's `…/pipelines/`.
pub(super) fn ci_trigger(url: &str) -> bool {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    let path = rest.split(['?', '#']).next().unwrap_or_default().trim_end_matches('/');
    let mut segments = path.rsplit('/');
    let last = segments.next().unwrap_or_default();
    matches!(last, "dispatches" | "pipeline" | "build" | "buildWithParameters" | "builds" | "pipelines")
        || last == "run" && segments.next() == Some("pipeline")
}

/// Whether what a CI run is given says it deploys, releases, publishes, destroys or acts on
/// production: its workflow or job in the URL (`job/deploy-prod/build`), its event, ref,
/// inputs or parameters (`{"event_type":"deploy-prod"}`, `destroy=true`), or a body the guard
/// cannot read (`-d @payload.json`, whose workflow is not seen).
pub(super) fn ci_acts(args: &[&str]) -> bool {
    const ACTS: &[&str] = &[
        "deploy", "release", "publish", "destroy", "teardown", "rollback", "promote", "migrate", "wipe",
        "nuke",
    ];
    args.iter().any(|arg| {
        arg.starts_with('@') && arg.len() > 1
            || super::production_name(arg)
            || crate::shell::name_words(arg).any(|word| ACTS.iter().any(|act| word.eq_ignore_ascii_case(act)))
    })
}

/// Whether a URL stops or pauses something on a production host (`POST
/// http://prod-kafka-connect:8083/connectors/sink/pause`): a stop elsewhere is a test's.
fn production_stop(url: &str) -> bool {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    let Some((host, path)) = rest.split_once('/') else {
        return false;
    };
    let path = path.split(['?', '#']).next().unwrap_or_default();
    super::production_name(host)
        && path.split(['/', '_', '-', '.']).any(|word| {
            ["pause", "stop", "suspend", "poweroff", "kill", "terminate"]
                .iter()
                .any(|w| w.eq_ignore_ascii_case(word))
        })
}

/// Whether a URL's path names administration: settings, configuration, a purge, a flush, a
/// shutdown, a delete (`/zones/Z/settings/ssl`, `/purge_cache`, `/_cluster/settings`,
/// `/_shutdown`, `/admin/…`).
fn admin_path(url: &str) -> bool {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    let Some((_, path)) = rest.split_once('/') else {
        return false;
    };
    let path = path.split(['?', '#']).next().unwrap_or_default();
    let mut words = path.split(['/', '_', '-', '.']);
    // `POST /admin/login`: a sign-in, not a change.
    words.clone().any(|word| ADMIN_WORDS.iter().any(|admin| admin.eq_ignore_ascii_case(word)))
        && !words.any(|word| {
            ["login", "signin", "oauth", "token", "session"].iter().any(|w| w.eq_ignore_ascii_case(word))
        })
}

/// The path words of an administrative call.
const ADMIN_WORDS: &[&str] = &[
    "admin",
    "settings",
    "setting",
    "config",
    "configuration",
    "purge",
    "flush",
    "flushall",
    "shutdown",
    "delete",
    "close",
    "restart",
    "reboot",
    "reset",
    "disable",
    "drop",
    "truncate",
    "wipe",
    "destroy",
    "maintenance",
];

const ADMIN: &str = "This call changes a service's administration over its HTTP API (its settings, a cache purged, a shutdown, a flush, a delete) on a server that is not this machine. Ask the user to run it.";
const BODY: &str = "This request's body destroys what the server holds (its SQL drops or deletes every row, or it deletes every document a query matches) on a server that is not this machine. Ask the user to run it.";
const ACTION: &str = "This request tells a provider's API to power off, reboot, rebuild or restore a machine: it is down, or holds another image, until someone puts it back. Ask the user to run it.";
const CI: &str = "This starts a CI pipeline or workflow through its API that deploys, releases, destroys or acts on production (by its workflow, event or parameters). Ask the user to run it.";
const QUERY: &str = "This URL's query destroys what it names (a search core unloaded with its index, a collection deleted, a table dropped by its SQL), whatever the method. Ask the user to run it.";
