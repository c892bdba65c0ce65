//! The `hosting` pack: deleting repositories, releases, refs and apps on hosting services:
//! `gh repo delete`, `gh release delete`, `gh api` with method `DELETE`, `vercel remove`,
//! `fly apps destroy`, `heroku apps:destroy`, `netlify sites:delete`.

use super::{Call, Hit, operands};

pub(super) fn judge(call: &Call) -> Option<Hit> {
    let name = call.name?;
    if !matches!(name, "gh" | "vercel" | "fly" | "flyctl" | "heroku" | "netlify") {
        return None;
    }
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
            _ => None,
        },
        "heroku" => matches!(verb(0)?, "apps:destroy" | "destroy" | "pg:reset")
            .then(|| Hit::new("hosting.app-delete", APP)),
        "netlify" => matches!(verb(0)?, "sites:delete").then(|| Hit::new("hosting.app-delete", APP)),
        _ => None,
    }
}

/// `-X DELETE`, `-XDELETE`, `--method DELETE`, `--method=delete`.
fn deletes(args: &[&str]) -> bool {
    args.iter().enumerate().any(|(i, arg)| {
        let value = match *arg {
            "-X" | "--method" => args.get(i + 1).copied(),
            _ => arg.strip_prefix("--method=").or_else(|| arg.strip_prefix("-X")),
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
const APP: &str = "This deletes a deployed app (or its data). Ask the user to run it.";
