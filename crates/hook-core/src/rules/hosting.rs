//! The `hosting` pack: deleting repositories, releases, refs and apps on hosting services:
//! `gh repo delete`, `gh release delete`, `gh api` with method `DELETE`, `vercel remove`,
//! `fly apps destroy`, `heroku apps:destroy`, `netlify sites:delete`, `firebase …:delete`,
//! `wrangler delete`, `glab repo delete`, `stripe … delete`, `gigalixir apps:destroy`, `dokku
//! apps:destroy`, `deployctl projects delete`, `railway down`; production deploys (`vercel
//! --prod`, a deploy workflow started by `gh workflow run`, `fly deploy` or `heroku releases:rollback`
//! to a production app); a production app taken offline (`fly scale count 0`, `heroku ps:scale
//! web=0`, `heroku maintenance:on`, `cf scale api-prod -i 0`, `modal app stop prod-app`); Cloud
//! Foundry's and Elastic Beanstalk's apps deleted or a production one's settings changed;
//! a shell on the deployed app's machine (`heroku run CMD`, `fly ssh console -C CMD`);
//! unpublishing packages (`npm unpublish`); and an HTTP `DELETE` sent to any API by `curl`,
//! HTTPie, `xh`, `wget` or PowerShell's `Invoke-RestMethod` (`curl -X DELETE https://api.github.com/repos/o/r` is `gh repo
//! delete`, `curl -XDELETE localhost:9200/_all` every Elasticsearch index, `_delete_by_query`, `_close`). Publishing to a
//! public registry asks (`cargo publish`, `npm publish`, `twine upload`, `docker push`,
//! `cargo yank`, `cargo owner --add`): it cannot be taken back, and it ships whatever the
//! package holds.

use super::{Call, Hit, operands};
use crate::name_filter::NameFilter;

pub(super) fn judge(call: &Call) -> Option<Hit> {
    let name = call.name?;
    if PUBLISHERS.may_hold(name)
        && let Some(hit) = publishes(call, name)
    {
        return Some(hit);
    }
    if super::stages::may_judge(call, name)
        && let Some(hit) = super::stages::judge(call, name)
    {
        return Some(hit);
    }
    if super::stages::may_deploy(name)
        && let Some(hit) = super::stages::deploys(call, name)
    {
        return Some(hit);
    }
    if super::rollout::may_judge(name)
        && let Some(hit) = super::rollout::judge(call, name)
    {
        return Some(hit);
    }
    if super::platforms::judges(name) {
        return super::platforms::judge(call, name);
    }
    if !matches!(
        name,
        "gh" | "glab"
            | "vercel"
            | "wrangler"
            | "stripe"
            | "fly"
            | "flyctl"
            | "heroku"
            | "netlify"
            | "gigalixir"
            | "dokku"
            | "deployctl"
            | "railway"
            | "firebase"
            | "npm"
            | "pnpm"
            | "yarn"
            | "curl"
            | "wget"
            | "invoke-restmethod"
            | "irm"
            | "invoke-webrequest"
            | "iwr"
            | "http"
            | "https"
            | "xh"
            | "xhs"
            | "dvc"
            | "fastlane"
            | "huggingface-cli"
            | "hf"
            | "kaggle"
            | "mlflow"
            | "xcrun"
            | "pilot"
            | "deliver"
            | "supply"
            | "steamcmd"
            | "butler"
            | "codepush"
            | "code-push"
            | "appcenter"
            | "eas"
            | "restic"
            | "borg"
            | "borgbackup"
            | "kopia"
            | "b2"
            | "cf"
            | "eb"
            | "modal"
    ) {
        return None;
    }
    // An app the line scopes to a disposable one (`heroku pg:reset --app acme-review-123`) is
    // weighed where every pack's hits are ([`super::disposable_scope`]).
    judge_named(call, name)
}

/// The registry clients of [`publishes`].
const PUBLISHER_NAMES: &[&str] = &[
    "anaconda",
    "buildah",
    "bun",
    "cabal",
    "cargo",
    "changeset",
    "conan",
    "crane",
    "dart",
    "deno",
    "docker",
    "dotnet",
    "elm",
    "flit",
    "flutter",
    "gem",
    "gh",
    "gradle",
    "gradlew",
    "hatch",
    "helm",
    "jf",
    "jfrog",
    "jsr",
    "lerna",
    "luarocks",
    "maturin",
    "mix",
    "mvn",
    "mvnw",
    "nimble",
    "npm",
    "nuget",
    "opam",
    "oras",
    "ovsx",
    "pdm",
    "pnpm",
    "pod",
    "podman",
    "poetry",
    "pub",
    "python",
    "python3",
    "rebar3",
    "skopeo",
    "stack",
    "swift",
    "twine",
    "uv",
    "vsce",
    "wasm-pack",
    "yarn",
];
const PUBLISHERS: NameFilter = NameFilter::of(PUBLISHER_NAMES);

/// Publishing to a public registry, or changing who owns a package there: `cargo
/// publish|yank|owner`, `npm|pnpm|bun publish`, `yarn npm publish`, `npm owner|dist-tag add`,
/// `twine upload`, `poetry|uv|flit|hatch|pdm publish`, `gem push|yank|owner`, `mix
/// hex.publish|hex.retire|hex.owner`, `dotnet nuget push|delete`, `mvn deploy`, `docker|podman|
/// buildah push`, `helm push`; an image built and pushed (`docker build --push`, `buildx build
/// --output type=registry`, `buildx imagetools create`) or copied to a registry (`skopeo
/// copy|sync` to `docker://`, `oras push|attach|cp`, `crane push|copy|append|mutate`); files
/// attached to a GitHub release (`gh release upload`, `gh release create TAG FILE…`); Gradle's
/// `publish` tasks (`publish`, `:lib:publishToSonatype`, `publishPlugins`; to Maven local
/// passes); the other ecosystems' registries (`dart|flutter pub publish`, `swift
/// package-registry publish`, `nimble|opam|deno|vsce|lerna publish`, `anaconda|conan|luarocks
/// upload`, `pod trunk push`, `cabal upload --publish`, `jf rt upload`); a model or dataset uploaded by Python code (`HfApi().upload_folder(…)`,
/// `push_to_hub(…)`), as `hf upload` is. A `--dry-run` only shows.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn publishes(call: &Call, name: &str) -> Option<Hit> {
    let (name, args) = super::python_module(name, call.args());
    // Dart's and Flutter's `pub publish -n` is their dry run.
    let dry = |a: &crate::shell::Word| {
        matches!(a.text.as_str(), "--dry-run" | "--dryrun")
            || a.text == "-n" && matches!(name, "dart" | "flutter" | "pub")
    };
    if args.iter().any(dry) {
        return None;
    }
    if name.starts_with("python") {
        return uploads_to_hub(args).then(|| Hit::ask("hosting.publish", PUBLISH));
    }
    let valued = [
        "--token",
        "-u",
        "--username",
        "-p",
        "--password",
        "--repository",
        "--registry",
        "-k",
        "--api-key",
        "-s",
        "--source",
        "-w",
        "--workspace",
        "--filter",
        "--otp",
        "--tag",
        "--access",
        "-Z",
        "--config",
        "-C",
        "--context",
        "-H",
        "--host",
        "-l",
        "--log-level",
        "-n",
        "--namespace",
        "--kube-context",
        "-R",
        "--repo",
        "-t",
        "--title",
        "--notes",
        "-F",
        "--notes-file",
        "--target",
        "--notes-start-tag",
        "--discussion-category",
    ];
    // `cargo +nightly publish`: the toolchain comes before the verb.
    let words: Vec<&str> = operands(args, &valued).filter(|w| !w.starts_with('+')).collect();
    let verb = |i: usize| words.get(i).copied().unwrap_or_default();
    let fires = match name {
        "cargo" => matches!(verb(0), "publish" | "yank" | "owner"),
        "npm" | "pnpm" | "bun" => {
            verb(0) == "publish"
                || matches!((verb(0), verb(1)), ("owner" | "dist-tag", "add" | "rm"))
                || verb(0) == "access" && access_opened(&words[1..])
        }
        "yarn" => {
            verb(0) == "publish"
                || (verb(0), verb(1)) == ("npm", "publish")
                || verb(0) == "access" && access_opened(&words[1..])
                || (verb(0), verb(1)) == ("npm", "access") && access_opened(&words[2..])
        }
        "twine" => verb(0) == "upload",
        "poetry" | "uv" | "flit" | "hatch" | "pdm" => verb(0) == "publish",
        "gem" => matches!(verb(0), "push" | "yank" | "owner"),
        "mix" => matches!(verb(0), "hex.publish" | "hex.retire" | "hex.owner"),
        "dotnet" => verb(0) == "nuget" && matches!(verb(1), "push" | "delete"),
        "mvn" | "mvnw" => {
            // `release:perform` deploys the tagged release.
            words
                .iter()
                .any(|w| matches!(*w, "deploy" | "deploy:deploy" | "deploy:deploy-file" | "release:perform"))
        }
        "docker" | "podman" | "buildah" => {
            // `--push` is `--output type=registry` (or `type=image,push=true`); a cache sent
            // with `--cache-to` is no image.
            let output = |text: &str| text.contains("type=registry") || text.contains("push=true");
            let built = matches!((verb(0), verb(1)), ("build", _) | ("buildx" | "builder", "build"))
                && args.iter().enumerate().any(|(i, a)| match a.text.as_str() {
                    "--push" => true,
                    "--output" | "-o" => args.get(i + 1).is_some_and(|v| output(&v.text)),
                    text => text.strip_prefix("--output=").is_some_and(output),
                });
            let pushed = verb(0) == "push" || (verb(0), verb(1)) == ("image", "push");
            // A registry on this machine (`localhost:5000/api:dev`) publishes nothing.
            pushed && !words.last().is_some_and(|to| loopback_registry(to))
                || built
                || (verb(0), verb(1), verb(2)) == ("buildx", "imagetools", "create")
        }
        // The destination is the last operand; a registry's is a `docker://` reference.
        "skopeo" => match verb(0) {
            "copy" => words
                .last()
                .and_then(|to| to.strip_prefix("docker://"))
                .is_some_and(|to| !loopback_registry(to)),
            "sync" => {
                args.windows(2)
                    .any(|w| matches!(w[0].text.as_str(), "--dest" | "-d") && w[1].text == "docker")
                    || args.iter().any(|a| a.text == "--dest=docker")
            }
            _ => false,
        },
        "oras" => {
            matches!(verb(0), "push" | "attach" | "cp" | "copy") || (verb(0), verb(1)) == ("manifest", "push")
        }
        "crane" => matches!(verb(0), "push" | "copy" | "cp" | "append" | "mutate"),
        "gh" => {
            (verb(0), verb(1)) == ("release", "upload")
                || (verb(0), verb(1)) == ("release", "create") && words.len() > 3
        }
        "helm" => verb(0) == "push",
        // pub.dev: `dart pub publish` (`lish` is its alias), `flutter pub publish`.
        "dart" | "flutter" => verb(0) == "pub" && matches!(verb(1), "publish" | "lish" | "upload"),
        "pub" => matches!(verb(0), "publish" | "lish" | "upload"),
        "swift" => (verb(0), verb(1)) == ("package-registry", "publish"),
        "nimble" | "opam" | "elm" | "vsce" | "ovsx" | "wasm-pack" | "lerna" | "changeset" | "jsr"
        | "deno" => verb(0) == "publish",
        "maturin" => matches!(verb(0), "publish" | "upload"),
        "anaconda" | "conan" | "luarocks" => verb(0) == "upload",
        "nuget" => matches!(verb(0), "push" | "delete"),
        "pod" => (verb(0), verb(1)) == ("trunk", "push"),
        "rebar3" => (verb(0), verb(1)) == ("hex", "publish"),
        // Hackage: a candidate stays private until `--publish`.
        "cabal" => verb(0) == "upload" && args.iter().any(|a| a.text == "--publish"),
        "stack" => verb(0) == "upload",
        // JFrog Artifactory: `jf rt upload|u`, and the build tools' publishing through it.
        "jf" | "jfrog" => {
            verb(0) == "rt" && matches!(verb(1), "upload" | "u" | "build-promote" | "bpr")
                || matches!((verb(0), verb(1)), ("npm" | "pnpm" | "yarn", "publish") | ("docker", "push"))
                || verb(0) == "mvn" && words.contains(&"deploy")
        }
        // `gradle help --task publish`, `gradle tasks --group publishing` only describe.
        "gradle" | "gradlew" => {
            !words.iter().any(|w| matches!(*w, "help" | "tasks"))
                && words.iter().any(|task| gradle_publishes(task))
        }
        _ => false,
    };
    fires.then(|| Hit::ask("hosting.publish", PUBLISH))
}

/// `npm access public`, `npm access set status=public` (or `mfa=none`), `npm access grant`:
/// a private package opened to everyone, its two-factor check removed, or a team given it.
fn access_opened(words: &[&str]) -> bool {
    match words.first().copied().unwrap_or_default() {
        "public" | "grant" => true,
        "set" => words.iter().any(|w| matches!(*w, "status=public" | "mfa=none")),
        _ => false,
    }
}

/// An image reference whose registry is this machine's (`localhost:5000/api`,
/// `127.0.0.1:5000/api`, `[::1]:5000/api`).
fn loopback_registry(reference: &str) -> bool {
    let Some((host, _)) = reference.split_once('/') else { return false };
    let host = host.rsplit_once(':').filter(|(h, _)| !h.ends_with(':')).map_or(host, |(h, _)| h);
    matches!(host, "localhost" | "[::1]")
        || host.parse::<std::net::Ipv4Addr>().is_ok_and(|ip| ip.is_loopback())
}

/// `gh api` fields that make a repository public: `-f private=false`, `--field
/// visibility=public`, or a GraphQL mutation setting `visibility: PUBLIC`.
fn api_makes_public(args: &[&str]) -> bool {
    let public = |field: &str| {
        let field = field.to_ascii_lowercase();
        matches!(field.as_str(), "private=false" | "visibility=public")
            || field.contains("visibility:public")
            || field.contains("visibility: public")
    };
    args.iter().enumerate().any(|(at, arg)| {
        let value =
            ["--field=", "--raw-field=", "-f", "-F"].iter().find_map(|option| arg.strip_prefix(option));
        let given =
            matches!(*arg, "-f" | "-F" | "--field" | "--raw-field").then(|| args.get(at + 1)).flatten();
        value.is_some_and(public) || given.is_some_and(|v| public(v))
    })
}

/// `gh api` writing to a repository's collaborators, or an organization's or team's members:
/// someone given access (a deploy key is `credentials.mint`'s).
fn api_grants_access(args: &[&str]) -> bool {
    api_writes(args, |path| {
        ["/collaborators/", "/memberships/", "/members/", "/invitations"].iter().any(|p| path.contains(p))
    })
}

/// `gh api` writing (`-X PUT|PATCH|POST`, or fields without a method, which post) to a
/// branch's protection or a repository's rulesets.
fn api_changes_protection(args: &[&str]) -> bool {
    api_writes(args, |path| path.contains("/protection") || path.contains("/rulesets"))
}

/// Whether `gh api` writes (a method other than GET, or fields without a method) to a path
/// `target` picks.
fn api_writes(args: &[&str], target: impl Fn(&str) -> bool) -> bool {
    let path = args.iter().any(|arg| !arg.starts_with('-') && target(arg));
    let method = args.iter().enumerate().find_map(|(at, arg)| {
        let value =
            arg.strip_prefix("--method=").or_else(|| arg.strip_prefix("-X").filter(|v| !v.is_empty()));
        value.or_else(|| matches!(*arg, "-X" | "--method").then(|| args.get(at + 1).copied()).flatten())
    });
    let fields = args.iter().any(|arg| matches!(*arg, "-f" | "-F" | "--field" | "--raw-field" | "--input"));
    path && match method {
        Some(method) => !method.eq_ignore_ascii_case("GET"),
        None => fields,
    }
}

/// Whether a Gradle task publishes to a repository: `publish`, `publishPlugins`,
/// `publishToSonatype`, `publishAllPublicationsToXRepository`, `uploadArchives`, with or
/// without a project path (`:lib:publish`). Publishing to the local Maven cache
/// (`publishToMavenLocal`) stays on this machine.
fn gradle_publishes(task: &str) -> bool {
    let task = task.rsplit(':').next().unwrap_or(task);
    task == "uploadArchives"
        || task.starts_with("publish") && task != "publishing" && !task.ends_with("MavenLocal")
}

/// Python code (`python -c`) that uploads to the Hugging Face Hub: `upload_folder`,
/// `upload_file`, `upload_large_folder`, `create_commit`, `push_to_hub`.
fn uploads_to_hub(args: &[crate::shell::Word]) -> bool {
    let code = args.windows(2).find(|pair| pair[0].text == "-c").map(|pair| pair[1].text.as_str());
    code.is_some_and(|code| {
        ["upload_folder(", "upload_file(", "upload_large_folder(", "create_commit(", "push_to_hub("]
            .iter()
            .any(|call| code.contains(call))
    })
}

/// [`judge`] of a command this pack is about, out of line so that an allowed call runs only
/// the name check above (ARCHITECTURE.md, "Start-up").
#[inline(never)]
fn judge_named(call: &Call, name: &str) -> Option<Hit> {
    let args: Vec<&str> = call.args().iter().map(|a| a.text.as_str()).collect();
    let words: Vec<&str> = operands(
        call.args(),
        &["-R", "--repo", "-a", "--app", "-X", "--method", "-H", "--header", "-f", "-F"],
    )
    .collect();
    let verb = |i: usize| words.get(i).copied();
    match name {
        "gh" => match (verb(0)?, verb(1)) {
            ("repo", Some("delete")) => Some(Hit::new("hosting.repo-delete", REPO)),
            ("release", Some("delete" | "delete-asset")) => Some(Hit::new("hosting.release-delete", RELEASE)),
            ("api", _) if deletes(&args) => Some(Hit::new("hosting.api-delete", API)),
            // Every codespace deleted, with the work not pushed from any of them.
            ("codespace" | "cs", Some("delete")) if args.contains(&"--all") => Some(Hit::new(
                "hosting.app-delete",
                "`gh codespace delete --all` deletes every codespace, with whatever was not pushed from them. Ask the user to do it.",
            )),
            // Making a repository public publishes its whole history.
            ("repo", Some("edit"))
                if args.windows(2).any(|p| p[0] == "--visibility" && p[1] == "public")
                    || args.contains(&"--visibility=public") =>
            {
                Some(Hit::new("hosting.make-public", PUBLIC))
            }
            // The same through the API (`gh api -X PATCH repos/o/r -f private=false`).
            ("api", _) if api_makes_public(&args) => Some(Hit::new("hosting.make-public", PUBLIC)),
            // Branch protection or rulesets rewritten through the API (`gh api -X PUT
            // repos/o/r/branches/main/protection -f enforce_admins=false`): what guards `main`.
            ("api", _) if api_changes_protection(&args) => Some(Hit::ask("hosting.config-set", PROTECTION)),
            // Access to a repository or organization given through the API (`gh api -X PUT
            // repos/o/r/collaborators/u -f permission=admin`, a membership).
            ("api", _) if api_grants_access(&args) => Some(Hit::ask("hosting.config-set", ACCESS)),
            // A public gist of the project's files: anyone can read and search them.
            ("gist", Some("create"))
                if args.iter().any(|a| matches!(*a, "--public" | "-p" | "--public=true")) =>
            {
                Some(Hit::ask("hosting.make-public", PUBLIC_GIST))
            }
            // A new public repository, pushed at once (`gh repo create x --public --push`).
            ("repo", Some("create")) if args.contains(&"--public") => {
                Some(Hit::new("hosting.make-public", PUBLIC))
            }
            // The same started through the API (`gh api repos/o/r/dispatches -f
            // event_type=deploy-prod`, `…/actions/workflows/deploy.yml/dispatches`).
            ("api", _) if api_writes(&args, super::http_api::ci_trigger) => (super::http_api::ci_acts(&args)
                || args.contains(&"--input"))
            .then(|| Hit::ask("hosting.deploy-production", PRODUCTION)),
            // A deploy workflow, or any workflow given a production target, started by hand.
            ("workflow", Some("run")) if production_workflow(&args, verb(2)) => {
                Some(Hit::new("hosting.deploy-production", PRODUCTION))
            }
            _ => None,
        },
        "glab" => match (verb(0)?, verb(1)) {
            ("repo", Some("delete")) => Some(Hit::new("hosting.repo-delete", REPO)),
            ("repo", Some("create"))
                if args.contains(&"--public")
                    || args.windows(2).any(|p| p[0] == "--visibility" && p[1] == "public") =>
            {
                Some(Hit::new("hosting.make-public", PUBLIC))
            }
            _ => None,
        },
        // `wrangler delete` (a Worker), `wrangler d1|r2|kv|pages|queues … delete`.
        "wrangler" => words
            .iter()
            .take(4)
            .any(|w| matches!(*w, "delete" | "remove"))
            .then(|| Hit::new("hosting.app-delete", APP)),
        // `stripe products delete ID`, `stripe delete /v1/customers/ID`: a `DELETE` to the API.
        "stripe" => {
            words.iter().take(3).any(|w| *w == "delete").then(|| Hit::new("hosting.http-delete", HTTP_DELETE))
        }

        "vercel" => match (verb(0), verb(1)) {
            (Some("remove" | "rm"), _)
            | (
                Some("projects" | "project" | "domains" | "domain" | "dns" | "certs" | "alias"),
                Some("rm" | "remove"),
            ) => Some(Hit::new("hosting.app-delete", APP)),
            (Some("env"), Some("rm" | "remove" | "add")) => Some(Hit::new("hosting.config-set", CONFIG)),
            // `vercel --prod` (or `deploy --prod`, `promote`): straight to production.
            (None | Some("deploy" | "redeploy"), _)
                if args.iter().any(|a| matches!(*a, "--prod" | "--prod=true" | "--target=production"))
                    || args.windows(2).any(|pair| pair == ["--target", "production"]) =>
            {
                Some(Hit::new("hosting.deploy-production", PRODUCTION))
            }
            (Some("promote" | "rollback"), _) => Some(Hit::new("hosting.deploy-production", PRODUCTION)),
            _ => None,
        },
        "fly" | "flyctl" => match (verb(0)?, verb(1)) {
            ("apps", Some("destroy" | "delete")) | ("destroy", _) => {
                Some(Hit::new("hosting.app-delete", APP))
            }
            (
                "volumes" | "volume" | "vol" | "machine" | "machines" | "m" | "postgres" | "pg" | "redis"
                | "ips" | "certs",
                Some("destroy" | "delete" | "remove" | "rm" | "release" | "detach"),
            ) => Some(Hit::new("hosting.app-delete", APP)),
            // `fly scale count 0 -a shop-prod`: every machine of a production app stopped.
            ("scale", Some("count"))
                if words.get(2).is_some_and(|count| scaled_to_zero(count))
                    && super::production_target(call.args()) =>
            {
                Some(Hit::new("hosting.app-stop", STOP))
            }
            // A production app (or config) deployed from the working tree.
            ("deploy", _) if super::production_target(call.args()) => {
                Some(Hit::new("hosting.deploy-production", PRODUCTION))
            }
            ("secrets", Some("set" | "unset" | "import")) => Some(Hit::new("hosting.config-set", CONFIG)),
            // `fly ssh console [-C CMD]`: a shell (or CMD) on the deployed machine.
            ("ssh", Some("console" | "sftp")) | ("console", _) | ("machine" | "machines", Some("exec")) => {
                Some(Hit::new("hosting.remote-shell", REMOTE_SHELL))
            }
            _ => None,
        },
        "heroku" => match verb(0)? {
            "apps:destroy" | "destroy" | "pg:reset" | "addons:destroy" | "domains:remove" => {
                Some(Hit::new("hosting.app-delete", APP))
            }
            "config:set" | "config:unset" | "config:add" | "config:remove" => {
                Some(Hit::new("hosting.config-set", CONFIG))
            }
            // A backup or another database written over the app's database.
            "pg:backups:restore" | "pg:copy" => Some(Hit::new("database.load", HEROKU_RESTORE)),
            // A production app's dynos scaled to zero, or put behind the maintenance page.
            "ps:scale" | "scale" | "ps:type" | "maintenance:on"
                if super::production_target(call.args())
                    && (verb(0) == Some("maintenance:on")
                        || words[1..]
                            .iter()
                            .any(|w| w.split_once('=').is_some_and(|(_, n)| scaled_to_zero(n)))) =>
            {
                Some(Hit::new("hosting.app-stop", STOP))
            }
            "releases:rollback" | "rollback" if super::production_target(call.args()) => {
                Some(Hit::new("hosting.deploy-production", PRODUCTION))
            }
            // `heroku run CMD`: a one-off dyno of the app runs CMD with the app's config.
            "run" | "run:detached" | "run:inside" | "ps:exec" => {
                Some(Hit::new("hosting.remote-shell", REMOTE_SHELL))
            }
            _ => None,
        },
        "netlify" => match verb(0)? {
            "sites:delete" => Some(Hit::new("hosting.app-delete", APP)),
            "env:set" | "env:unset" | "env:import" => Some(Hit::new("hosting.config-set", CONFIG)),
            "deploy" if args.iter().any(|a| matches!(*a, "--prod" | "--prod=true" | "-p")) => {
                Some(Hit::new("hosting.deploy-production", PRODUCTION))
            }
            _ => None,
        },
        // `gigalixir apps:destroy`, `gigalixir pg:destroy`, `dokku apps:destroy`, `dokku postgres:destroy`.
        "gigalixir" | "dokku" => {
            let verb = verb(0)?;
            (verb.ends_with(":destroy") || verb.ends_with(":delete"))
                .then(|| Hit::new("hosting.app-delete", APP))
        }
        // `deployctl projects delete`, `railway delete`, `railway volume delete`; `railway down`
        // takes the service's running deployment away.
        "deployctl" | "railway" => (words.iter().take(3).any(|w| *w == "delete")
            || name == "railway" && verb(0) == Some("down"))
        .then(|| Hit::new("hosting.app-delete", APP)),
        "xcrun" | "pilot" | "deliver" | "supply" | "steamcmd" | "butler" | "codepush" | "code-push"
        | "appcenter" | "eas" => {
            let action: Vec<&str> = std::iter::once(name).chain(words.iter().copied()).collect();
            store_upload(&args, &action).then(|| Hit::ask("hosting.publish", STORE))
        }
        // `firestore:delete`, `functions:delete`, `hosting:sites:delete`, `database:remove`, …
        "firebase" => {
            let verb = verb(0)?;
            if verb == "appdistribution:distribute" {
                return Some(Hit::ask("hosting.publish", STORE));
            }
            // The accounts imported over the project's users, a database path written over.
            if matches!(verb, "auth:import" | "database:set" | "database:import") {
                return Some(Hit::new("hosting.data-delete", FIREBASE_OVERWRITE));
            }
            (verb.ends_with(":delete") || verb.ends_with(":remove") || verb == "hosting:disable")
                .then(|| Hit::new("hosting.app-delete", APP))
        }
        // `npm unpublish`, `yarn npm unpublish`; `npm deprecate pkg@'*' msg` warns every user of
        // the versions off them.
        "npm" | "pnpm" | "yarn" if verb(0)? == "deprecate" => Some(Hit::ask("hosting.unpublish", DEPRECATE)),
        "npm" | "pnpm" | "yarn" => (verb(0)? == "unpublish" || verb(1) == Some("unpublish"))
            .then(|| Hit::new("hosting.unpublish", UNPUBLISH)),
        "restic" | "borg" | "borgbackup" | "kopia" | "b2" => backup_delete(name, &args, &words),
        "cf" | "eb" | "modal" => paas(name, call.args(), &words),
        "curl" | "wget" if deletes(&args) => {
            (!super::http_api::local_only(&args)).then(|| Hit::new("hosting.http-delete", HTTP_DELETE))
        }
        "curl" | "wget" => elasticsearch(&args).or_else(|| {
            // `--data-binary @-`: the body is what the line pipes in.
            let piped = args.iter().any(|a| a.ends_with("@-"));
            let fed = piped.then(|| call.analysis.stdin_text(call.index)).flatten();
            super::http_api::judge(&args, false, fed.as_deref())
        }),
        "invoke-restmethod" | "irm" | "invoke-webrequest" | "iwr" => {
            powershell_deletes(&args).then(|| Hit::new("hosting.http-delete", HTTP_DELETE))
        }
        "dvc" | "fastlane" | "huggingface-cli" | "hf" | "kaggle" | "mlflow" => data_tool(name, &args, &words),
        // HTTPie and xh take the method as their first operand, after their options (`http
        // --auth u:p DELETE URL`, `xh -A bearer -a T delete URL`).
        _ if operands(call.args(), HTTPIE_VALUE_OPTIONS).next()?.eq_ignore_ascii_case("delete") => {
            (!super::http_api::local_only(&args)).then(|| Hit::new("hosting.http-delete", HTTP_DELETE))
        }
        _ => super::http_api::judge(&args, true, None),
    }
}

/// Cloud Foundry's, Elastic Beanstalk's and Modal's apps: deleted (`cf delete`, `cf
/// delete-service`, `eb terminate`), a production one stopped or scaled to zero (`cf stop`,
/// `cf scale api-prod -i 0`, `modal app stop prod-app`), its services unbound or its settings
/// changed (`cf unbind-service`, `cf set-env`, `eb setenv -e acme-prod K=V`). Production is an
/// option's value or an app's name; a development app's changes pass.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn paas(name: &str, args: &[crate::shell::Word], words: &[&str]) -> Option<Hit> {
    let verb = |i: usize| words.get(i).copied().unwrap_or_default();
    let production = super::production_target(args)
        || words.iter().skip(1).any(|w| !w.contains('=') && super::production_name(w));
    let has = |options: &[&str]| args.iter().any(|a| options.contains(&a.text.as_str()));
    match (name, verb(0), verb(1)) {
        ("cf", verb, _) if verb.starts_with("delete") || verb.starts_with("purge-") => {
            Some(Hit::new("hosting.app-delete", APP))
        }
        ("cf", "stop", _) if production => Some(Hit::new("hosting.app-stop", STOP)),
        ("cf", "scale", _)
            if production && args.windows(2).any(|p| p[0].text == "-i" && scaled_to_zero(&p[1].text)) =>
        {
            Some(Hit::new("hosting.app-stop", STOP))
        }
        (
            "cf",
            "unbind-service" | "unbind-route-service" | "unshare-service" | "set-env" | "unset-env",
            _,
        ) if production => Some(Hit::ask("hosting.config-set", CONFIG)),
        ("eb", "terminate", _) if !has(&["-h", "--help"]) => Some(Hit::new("hosting.app-delete", APP)),
        ("eb", "setenv", _) if production => Some(Hit::ask("hosting.config-set", CONFIG)),
        ("modal", "app", "stop") if production => Some(Hit::ask("hosting.app-stop", STOP)),
        _ => None,
    }
}

/// Whether a scale count is zero: `0`, and heroku's `0:standard-1x`.
fn scaled_to_zero(count: &str) -> bool {
    count.split(':').next() == Some("0")
}

/// Backups deleted for good: `restic forget` with no snapshot kept (`--keep-last 0`, or no
/// keep policy at all: the snapshots named, or with `--prune` nothing to keep), `borg delete`,
/// `borg prune --keep-* 0`, `kopia snapshot delete`, and B2's `rm --versions` and
/// `delete-bucket` (every stored version, not the hidden latest one). A retention policy that
/// keeps snapshots (`restic forget --keep-daily 7 --prune`) is routine and passes.
fn backup_delete(name: &str, args: &[&str], words: &[&str]) -> Option<Hit> {
    // The values of the keep options (`--keep-last 0`, `--keep-daily=7`, restic's `-l 3`).
    let kept = args.iter().enumerate().filter_map(|(at, arg)| {
        let long = arg.strip_prefix("--keep-")?;
        Some(match long.split_once('=') {
            Some((_, value)) => value,
            None => args.get(at + 1).copied().unwrap_or_default(),
        })
    });
    let keeps_some = {
        let short = ["-l", "-H", "-d", "-w", "-m", "-y"];
        let short = args.windows(2).filter(|p| name == "restic" && short.contains(&p[0])).map(|p| p[1]);
        kept.chain(short).any(|value| !value.trim_start_matches('0').is_empty())
    };
    let deletes = match name {
        "restic" => words.contains(&"forget") && !keeps_some,
        "borg" | "borgbackup" => {
            words.first() == Some(&"delete") || words.first() == Some(&"prune") && !keeps_some
        }
        "kopia" => words.windows(2).any(|w| matches!(w, ["snapshot" | "snapshots", "delete"])),
        _ => match words.first() {
            Some(&"rm") => args.contains(&"--versions"),
            Some(&"delete-bucket" | &"delete-file-version") => true,
            _ => false,
        },
    };
    deletes.then(|| Hit::ask("hosting.data-delete", BACKUP_DELETE))
}

/// The data, model and signing tools: `dvc gc` (cached versions of the data deleted, with
/// `--cloud` from the remote too) and `dvc destroy`, `mlflow gc` (deleted runs and their
/// artifacts purged); `fastlane match nuke` (every signing certificate and profile revoked);
/// the Hugging Face Hub's `repo delete` (a repository, as `gh repo delete`), `repo create`
/// without `--private` (public), `upload` (published as `twine upload` is: `--private` only
/// applies when the upload creates the repository); Kaggle's `datasets create|version
/// --public` and `kernels push` (the notebook's visibility is in a metadata file the guard
/// does not read). `dvc remove` keeps the data in the cache and `git lfs prune` only what was
/// pushed, so both pass.
fn data_tool(name: &str, args: &[&str], words: &[&str]) -> Option<Hit> {
    let verb = |i: usize| words.get(i).copied().unwrap_or_default();
    let flag = |names: &[&str]| args.iter().any(|a| names.contains(a));
    match name {
        "dvc" => matches!(verb(0), "gc" | "destroy").then(|| Hit::new("hosting.data-delete", DATA_DELETE)),
        "mlflow" => (verb(0) == "gc").then(|| Hit::new("hosting.data-delete", DATA_DELETE)),
        "fastlane" => {
            if words.windows(2).any(|w| w == ["match", "nuke"]) {
                return Some(Hit::new("hosting.app-delete", NUKE));
            }
            let action = if verb(0) == "run" { &words[1..] } else { words };
            store_upload(args, action).then(|| Hit::ask("hosting.publish", STORE))
        }
        "kaggle" => match (verb(0), verb(1)) {
            ("datasets" | "d", "create" | "version") if flag(&["-u", "--public"]) => {
                Some(Hit::new("hosting.make-public", PUBLIC_DATA))
            }
            ("kernels" | "k", "push") => Some(Hit::ask("hosting.publish", PUBLISH)),
            _ => None,
        },
        // `huggingface-cli` and `hf` (which also says `repos`).
        _ => match (verb(0), verb(1)) {
            ("repo" | "repos", "delete") => Some(Hit::new("hosting.repo-delete", REPO)),
            ("repo" | "repos", "create")
                if !args.iter().any(|a| *a == "--private" || *a == "--private=true")
                    || args.windows(2).any(|p| p == ["--private", "false"]) =>
            {
                Some(Hit::new("hosting.make-public", PUBLIC_DATA))
            }
            ("upload" | "upload-large-folder", _) => Some(Hit::ask("hosting.publish", PUBLISH)),
            _ => None,
        },
    }
}

/// Whether a build is sent to an app or game store, or to the installed apps and testers:
/// fastlane's `deliver`, `pilot upload|distribute`, `supply` and `upload_to_app_store|
/// testflight|play_store` actions (alone or as `fastlane ACTION`, `fastlane run ACTION`),
/// `xcrun altool --upload-app|--upload-package`, `steamcmd +run_app_build`, `butler push`,
/// CodePush's `release-react` (and `appcenter codepush release…`), `appcenter distribute
/// release`, `eas submit`. Notarizing (`notarytool submit`) only sends the build to Apple's
/// scan, and fastlane's setup verbs (`deliver init`, `supply init`) write files.
/// `action` is the tool (or fastlane's action) and its operands.
fn store_upload(args: &[&str], action: &[&str]) -> bool {
    let word = |i: usize| action.get(i).copied().unwrap_or_default();
    match word(0) {
        "upload_to_app_store"
        | "upload_to_testflight"
        | "upload_to_play_store"
        | "appstore"
        | "testflight"
        | "upload_to_play_store_internal_app_sharing" => true,
        "deliver" | "supply" => !matches!(word(1), "init" | "download_metadata" | "download_screenshots"),
        "pilot" => matches!(word(1), "upload" | "distribute"),
        "xcrun" => args.iter().any(|a| matches!(*a, "--upload-app" | "--upload-package")),
        "steamcmd" => args.iter().any(|a| {
            let lower = a.to_ascii_lowercase();
            lower.starts_with("+run_app_build") || lower.starts_with("+workshop_build_item")
        }),
        "butler" => word(1) == "push",
        "codepush" | "code-push" => word(1).starts_with("release") || word(1) == "promote",
        "appcenter" => match (word(1), word(2)) {
            ("codepush", sub) => sub.starts_with("release") || sub == "promote",
            ("distribute", "release") => true,
            _ => false,
        },
        "eas" => word(1) == "submit",
        _ => false,
    }
}

/// Whether `gh workflow run WORKFLOW` deploys or releases to production: a field sets a
/// production target (`-f env=prod`, `-F environment=production`), or the workflow's name says
/// it deploys or releases and no field names another environment (`deploy.yml -f
/// environment=staging` deploys to staging; `deploy-prod.yml` to production whatever it is told).
pub(super) fn production_workflow(args: &[&str], workflow: Option<&str>) -> bool {
    let lower = workflow.map(str::to_ascii_lowercase).unwrap_or_default();
    let named = ["deploy", "release", "publish"].iter().any(|word| lower.contains(word));
    let fields = || {
        args.windows(2)
            .filter(|pair| matches!(pair[0], "-f" | "-F" | "--field" | "--raw-field"))
            .filter_map(|pair| pair[1].split_once('='))
    };
    let production =
        |value: &str| matches!(value.to_ascii_lowercase().as_str(), "prod" | "production" | "live");
    // `staging`, `qa`, `dev`, `pr-42`: an environment that is plainly not production.
    let elsewhere = |(field, value): (&str, &str)| {
        let field = field.to_ascii_lowercase();
        (field.contains("env") || field.contains("stage") || field == "target")
            && (matches!(value.to_ascii_lowercase().as_str(), "staging" | "stage" | "qa" | "uat")
                || super::disposable_target(value))
    };
    lower.contains("prod")
        || fields().any(|(_, value)| production(value))
        || named && !fields().any(elsewhere)
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
pub(super) fn deletes(args: &[&str]) -> bool {
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

/// Elasticsearch's (and OpenSearch's) deletes by another method: `POST index/_delete_by_query`
/// (every document its query matches, `match_all` every one) and the cluster setting that
/// lets a wildcard or `_all` delete every index at once.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn elasticsearch(args: &[&str]) -> Option<Hit> {
    if args.iter().any(|a| a.contains("/_delete_by_query") && !super::local_target(a)) {
        return Some(Hit::new("hosting.http-delete", DELETE_BY_QUERY));
    }
    // `POST index/_close` (or `_all/_close`) takes indices offline: every search and write to
    // them fails until they are opened again. A node on this machine is the user's own.
    if let Some(url) =
        args.iter().find(|a| a.split(['?', '#']).next().is_some_and(|p| p.ends_with("/_close")))
    {
        return (!super::local_target(url)).then(|| Hit::ask("hosting.http-delete", CLOSE_INDEX));
    }
    let settings = args.iter().any(|a| a.contains("/_cluster/settings"));
    let compact = |a: &&str| a.chars().filter(|c| !c.is_whitespace()).collect::<String>();
    let unguarded = args.iter().map(compact).any(|body| {
        body.contains("destructive_requires_name\":false")
            || body.contains("destructive_requires_name\":\"false\"")
    });
    (settings && unguarded).then(|| Hit::new("cloud.protection-off", UNGUARDED_INDICES))
}

/// PowerShell's `-Method Delete`, `-Method:Delete`, `-CustomMethod DELETE`, the parameter's
/// name abbreviated as PowerShell allows (`-Me`), in any case.
pub(super) fn powershell_deletes(args: &[&str]) -> bool {
    args.iter().enumerate().any(|(at, word)| {
        let lower = word.to_ascii_lowercase();
        let (option, attached) = lower.split_once(':').unwrap_or((&lower, ""));
        let method = option.len() > 2 && "-method".starts_with(option) || option == "-custommethod";
        let value = if attached.is_empty() { args.get(at + 1).copied() } else { Some(attached) };
        method && value.is_some_and(|v| v.eq_ignore_ascii_case("delete"))
    })
}

const ACCESS: &str = "This gives someone access on GitHub (a collaborator, a membership) that outlasts the task. Show the user the grant, who can make it.";
const PROTECTION: &str = "This changes a branch's protection or the repository's rulesets on GitHub: \
     what keeps unreviewed or forced pushes off `main`. Ask the user to change it.";

const PUBLIC: &str =
    "This makes the repository public, with every commit of its history. Ask the user to do it.";
const PUBLIC_GIST: &str = "A public gist puts these files where anyone can read and search them. Make it secret (without `--public`), or ask the user.";
const REPO: &str =
    "`gh repo delete` deletes a repository with its issues and history. Ask the user to run it.";
const RELEASE: &str = "This deletes a published release. Ask the user to run it.";
const API: &str = "This API call deletes something on the hosting service (a branch, a tag, a repository). Ask the user to run it.";
const DELETE_BY_QUERY: &str = "`_delete_by_query` deletes every document its query matches (`match_all`: the whole index), with no undo. Ask the user to run it.";
const CLOSE_INDEX: &str = "`_close` takes the indices offline (`_all`: every one of the cluster): every search and write to them fails until they are opened again. Ask the user to run it.";
const UNGUARDED_INDICES: &str = "Setting `action.destructive_requires_name` to false lets one wildcard or `_all` delete every index of the cluster. Ask the user to do it.";
const HTTP_DELETE: &str = "This HTTP `DELETE` deletes something behind an API (a repository, an index, a record), with no undo. Ask the user to run it.";
const UNPUBLISH: &str = "`unpublish` removes published package versions that others may depend on. Deprecate the version instead, or ask the user.";
const HEROKU_RESTORE: &str = "`heroku pg:backups:restore` and `pg:copy` replace everything in the app's database with the backup's or the other database's contents. Ask the user before overwriting a hosted database.";
const CONFIG: &str = "This changes a deployed app's settings or secrets (a database address, an API key), which the running app picks up. Ask the user to run it.";
const PRODUCTION: &str = "This deploys straight to production, with no preview anybody looked at. Deploy a preview and show it to the user, who can promote it.";
const PUBLISH: &str = "This publishes to a public registry (or changes who owns a package there): it cannot be taken back, and it ships whatever the package holds, secrets included. Ask the user to run it.";
const REMOTE_SHELL: &str = "This runs a command on the deployed app's machine, with its data and secrets, where the guard sees nothing. Ask the user to run it.";
const PUBLIC_DATA: &str =
    "This publishes a dataset, model or repository for anyone to download. Ask the user to do it.";
const BACKUP_DELETE: &str = "This deletes backups (snapshots, archives or every stored version) for good, with none kept to restore from. Ask the user whether to.";
const DEPRECATE: &str = "`npm deprecate` shows every user of the matched published versions a warning to move off them. Ask the user whether to.";
const DATA_DELETE: &str = "This deletes stored versions of the data, models or run artifacts for good (with `--cloud`, from the remote storage too). Ask the user to run it.";
const NUKE: &str = "`fastlane match nuke` revokes every signing certificate and provisioning profile of the account: builds signed with them stop installing. Ask the user to run it.";
const STORE: &str = "This sends a build to an app or game store, or to the users and testers of the app, who install it: it cannot be taken back. Ask the user to run it.";
const STOP: &str = "This takes a production app offline (its machines or dynos scaled to zero, or the maintenance page on). Ask the user to run it.";
const APP: &str = "This deletes a deployed app (or its data). Ask the user to run it.";

const FIREBASE_OVERWRITE: &str = "This writes over a Firebase project's live data (`auth:import` replaces the accounts it names, password hashes included; `database:set` and `database:import` replace what the path holds). Ask the user to run it.";
