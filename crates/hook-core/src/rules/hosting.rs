//! The `hosting` pack: deleting repositories, releases, refs and apps on hosting services:
//! `gh repo delete`, `gh release delete`, `gh api` with method `DELETE`, `vercel remove`,
//! `fly apps destroy`, `heroku apps:destroy`, `netlify sites:delete`, `firebase …:delete`;
//! a shell on the deployed app's machine (`heroku run CMD`, `fly ssh console -C CMD`);
//! unpublishing packages (`npm unpublish`); and an HTTP `DELETE` sent to any API by `curl`,
//! HTTPie, `xh` or `wget` (`curl -X DELETE https://api.github.com/repos/o/r` is `gh repo
//! delete`, `curl -XDELETE localhost:9200/_all` every Elasticsearch index).

use super::{Call, Hit, operands};

pub(super) fn judge(call: &Call) -> Option<Hit> {
    let name = call.name?;
    if !matches!(
        name,
        "gh" | "vercel"
            | "fly"
            | "flyctl"
            | "heroku"
            | "netlify"
            | "firebase"
            | "npm"
            | "pnpm"
            | "yarn"
            | "curl"
            | "wget"
            | "http"
            | "https"
            | "xh"
            | "xhs"
    ) {
        return None;
    }
    judge_named(call, name)
}

/// [`judge`] of a command this pack is about, out of line so that an allowed call runs only
/// the name check above (ARCHITECTURE.md, "Start-up").
#[inline(never)]
fn judge_named(call: &Call, name: &str) -> Option<Hit> {
    let args: Vec<&str> = call.args().iter().map(|a| a.text.as_str()).collect();
    let words = operands(
        call.args(),
        &["-R", "--repo", "-a", "--app", "-X", "--method", "-H", "--header", "-f", "-F"],
    );
    let verb = |i: usize| words.get(i).copied();
    match name {
        "gh" => match (verb(0)?, verb(1)) {
            ("repo", Some("delete")) => Some(Hit::new("hosting.repo-delete", REPO)),
            ("release", Some("delete" | "delete-asset")) => Some(Hit::new("hosting.release-delete", RELEASE)),
            ("api", _) if deletes(&args) => Some(Hit::new("hosting.api-delete", API)),
            // Making a repository public publishes its whole history.
            ("repo", Some("edit"))
                if args.windows(2).any(|p| p[0] == "--visibility" && p[1] == "public")
                    || args.contains(&"--visibility=public") =>
            {
                Some(Hit::new("hosting.make-public", PUBLIC))
            }
            _ => None,
        },
        "vercel" => matches!(verb(0)?, "remove" | "rm").then(|| Hit::new("hosting.app-delete", APP)),
        "fly" | "flyctl" => match (verb(0)?, verb(1)) {
            ("apps", Some("destroy" | "delete")) | ("destroy", _) => {
                Some(Hit::new("hosting.app-delete", APP))
            }
            ("volumes", Some("destroy" | "delete")) => Some(Hit::new("hosting.app-delete", APP)),
            // `fly ssh console [-C CMD]`: a shell (or CMD) on the deployed machine.
            ("ssh", Some("console" | "sftp")) | ("console", _) | ("machine" | "machines", Some("exec")) => {
                Some(Hit::new("hosting.remote-shell", REMOTE_SHELL))
            }
            _ => None,
        },
        "heroku" => match verb(0)? {
            "apps:destroy" | "destroy" | "pg:reset" => Some(Hit::new("hosting.app-delete", APP)),
            // `heroku run CMD`: a one-off dyno of the app runs CMD with the app's config.
            "run" | "run:detached" | "run:inside" | "ps:exec" => {
                Some(Hit::new("hosting.remote-shell", REMOTE_SHELL))
            }
            _ => None,
        },
        "netlify" => matches!(verb(0)?, "sites:delete").then(|| Hit::new("hosting.app-delete", APP)),
        // `firestore:delete`, `functions:delete`, `hosting:sites:delete`, `database:remove`, …
        "firebase" => {
            let verb = verb(0)?;
            (verb.ends_with(":delete") || verb.ends_with(":remove") || verb == "hosting:disable")
                .then(|| Hit::new("hosting.app-delete", APP))
        }
        // `npm unpublish`, `yarn npm unpublish`.
        "npm" | "pnpm" | "yarn" => (verb(0)? == "unpublish" || verb(1) == Some("unpublish"))
            .then(|| Hit::new("hosting.unpublish", UNPUBLISH)),
        "curl" | "wget" => deletes(&args).then(|| Hit::new("hosting.http-delete", HTTP_DELETE)),
        // HTTPie and xh take the method as their first operand, after their options (`http
        // --auth u:p DELETE URL`, `xh -A bearer -a T delete URL`).
        _ => operands(call.args(), HTTPIE_VALUE_OPTIONS)
            .first()?
            .eq_ignore_ascii_case("delete")
            .then(|| Hit::new("hosting.http-delete", HTTP_DELETE)),
    }
}

/// The options of HTTPie and xh that take the next word as their value.
const HTTPIE_VALUE_OPTIONS: &[&str] = &[
    "-a",
    "--auth",
    "-A",
    "--auth-type",
    "--bearer",
    "-o",
    "--output",
    "-p",
    "--print",
    "-P",
    "--history-print",
    "-s",
    "--style",
    "--pretty",
    "--format-options",
    "--session",
    "--session-read-only",
    "--proxy",
    "--timeout",
    "--max-redirects",
    "--cert",
    "--cert-key",
    "--cert-key-pass",
    "--ssl",
    "--ciphers",
    "--verify",
    "--default-scheme",
    "--boundary",
    "--raw",
    "--response-charset",
    "--response-mime",
    "--resolve",
    "--interface",
    "--http-version",
    "--unix-socket",
];

/// `-X DELETE`, `-XDELETE`, `--method DELETE`, `--method=delete`, curl's `--request DELETE`.
fn deletes(args: &[&str]) -> bool {
    args.iter().enumerate().any(|(i, arg)| {
        let value = match *arg {
            "-X" | "--method" | "--request" => args.get(i + 1).copied(),
            _ => arg
                .strip_prefix("--method=")
                .or_else(|| arg.strip_prefix("--request="))
                .or_else(|| arg.strip_prefix("-X")),
        };
        value.is_some_and(|method| method.eq_ignore_ascii_case("delete"))
    })
}

const PUBLIC: &str =
    "This makes the repository public, with every commit of its history. Ask the user to do it.";
const REPO: &str =
    "`gh repo delete` deletes a repository with its issues and history. Ask the user to run it.";
const RELEASE: &str = "This deletes a published release. Ask the user to run it.";
const API: &str = "This API call deletes something on the hosting service (a branch, a tag, a repository). Ask the user to run it.";
const HTTP_DELETE: &str = "This HTTP `DELETE` deletes something behind an API (a repository, an index, a record), with no undo. Ask the user to run it.";
const UNPUBLISH: &str = "`unpublish` removes published package versions that others may depend on. Deprecate the version instead, or ask the user.";
const REMOTE_SHELL: &str = "This runs a command on the deployed app's machine, with its data and secrets, where the guard sees nothing. Ask the user to run it.";
const APP: &str = "This deletes a deployed app (or its data). Ask the user to run it.";
