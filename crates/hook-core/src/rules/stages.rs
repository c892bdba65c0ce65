//! Task runners and deploy tools aimed at production (`hosting.production-task`): a make, just,
//! go-task, rake, mage, invoke, grunt, gulp, turbo, nx, deno, tox, nox, bazel, cargo-make or
//! xtask, earthly, sbt, lein, gradle, Chef run list or package-manager script, or a project's
//! own script (run from a production directory too), whose name says it destroys, resets,
//! deploys, releases or migrates (`make destroy-prod`, `npm run db:reset -- --env production`,
//! `rake db:drop RAILS_ENV=production`, `./scripts/deploy.sh production`), and the deploy tools
//! that act on the servers of a stage, host list or inventory that names production (`cap
//! production deploy:rollback`, `dep deploy production`, `fab -H web.prod.example.com deploy`,
//! `ansible-playbook -i inventories/production site.yml`, `kamal remove -d production`, or by
//! its old name `mrsk`). Production is a word of a name, an argument or an assignment: `prod`,
//! `production`, `prd`, `live`, `mainnet` (`pre-prod` and `non-prod` are not).
//! A build, a test or a listing aimed at production passes (`npm run build:prod`, `cap -T`,
//! `ansible-playbook --check`). The deploy tools that name their environment by an option
//! (`wrangler deploy --env production`, `skaffold run -p production`) are [`deploys`]'s
//! (`hosting.deploy-production`).

use super::{Call, Hit};
use crate::name_filter::NameFilter;

/// The runners and deploy tools this module reads.
const TOOL_NAMES: &[&str] = &[
    "make",
    "gmake",
    "just",
    "task",
    "go-task",
    "rake",
    "mage",
    "invoke",
    "inv",
    "turbo",
    "npm",
    "pnpm",
    "yarn",
    "bun",
    "composer",
    "cap",
    "capistrano",
    "dep",
    "fab",
    "mina",
    "kamal",
    "mrsk",
    "grunt",
    "gulp",
    "lein",
    "chef-client",
    "chef-solo",
    "ansible",
    "ansible-playbook",
    "tox",
    "nox",
    "bazel",
    "bazelisk",
    "cargo",
    "earthly",
    "sbt",
    "gradle",
    "gradlew",
    "dagger",
    "go",
    "dotnet",
    "nx",
    "deno",
    "mix",
];
const TOOLS: NameFilter = NameFilter::of(TOOL_NAMES);

/// Whether the call may be one this module reads: a cheap test on the name, so that other
/// commands pay nothing more.
pub(super) fn may_judge(call: &Call, name: &str) -> bool {
    TOOLS.may_hold(name)
        || name == "php"
        || name.ends_with(".sh")
        || project_script(call)
        || shell_script(call, name).is_some()
}

/// The script a shell runs by its name (`bash scripts/deploy.sh prod`): its path and the
/// arguments after it.
/// Interpreters too, with no option before the script, which may name the code instead
/// (`python scripts/purge_users.py --env prod`, `node tools/reset.js production`).
fn shell_script<'c>(call: &'c Call, name: &str) -> Option<&'c [crate::shell::Word]> {
    let shell = matches!(name, "sh" | "bash" | "zsh" | "dash");
    if !shell && !INTERPRETERS.contains(&name) {
        return None;
    }
    let at = call.args().iter().position(|w| !w.text.starts_with('-'))?;
    let script = &call.args()[at..];
    let path = script[0].text.as_str();
    let options = &call.args()[..at];
    match shell {
        true => (!options.iter().any(|w| w.text.contains('c') || w.text == "-s")
            && (path.ends_with(".sh") || path.contains('/')))
        .then_some(script),
        false => (options.is_empty()
            && [".py", ".js", ".mjs", ".cjs", ".ts", ".rb"].iter().any(|ext| path.ends_with(ext)))
        .then_some(script),
    }
}

/// The interpreters whose project scripts [`shell_script`] reads.
const INTERPRETERS: &[&str] = &["python", "python3", "node", "ruby", "tsx", "ts-node", "deno"];

/// A program run by its path inside the project (`./scripts/deploy`, `bin/release`), or by
/// a project's environment manager, which runs the project's own commands (`hatch run purge
/// --env prod`, `poetry run purge-users`).
fn project_script(call: &Call) -> bool {
    call.command.argv.first().is_some_and(|w| {
        let path = w.text.as_str();
        !path.starts_with('/') && !path.starts_with('~') && path.contains('/')
    }) || call
        .command
        .via
        .last()
        .is_some_and(|via| matches!(via.as_str(), "poetry" | "pdm" | "hatch" | "rye" | "pipenv" | "uv"))
}

/// [`hosting`](super::hosting)'s judgement of a runner or deploy tool aimed at production.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
pub(super) fn judge(call: &Call, name: &str) -> Option<Hit> {
    // A run list that destroys (`chef-client -o 'recipe[db::wipe]'`) converges this machine,
    // a node Chef manages, as root: the recipe is not seen, whatever the environment.
    if matches!(name, "chef-client" | "chef-solo") {
        let args: Vec<&str> = call.args().iter().map(|w| w.text.as_str()).collect();
        if !flag(&args, SHOWS) && !flag(&args, &["-W", "--why-run"]) && runner_acts(name, "", &args) {
            return Some(Hit::ask("hosting.production-task", MESSAGE));
        }
    }
    // A directory the line moved to counts as a word of the call (`cd deploy/production &&
    // ./deploy.sh`), and so does a target an earlier command selected (`export
    // PGHOST=prod-db.acme.internal && make db-reset`).
    let assigned = call.command.assignments.iter().any(|(_, value)| super::production_name(&value.text))
        || call.command.cwd.as_ref().is_some_and(|dir| super::production_name(&dir.text))
        || super::selected_production(call.command)
        || hatch_env_production(call);
    if !assigned && !call.args().iter().any(|a| super::production_name(&a.text)) {
        return None;
    }
    let mut args: Vec<&str> = call.args().iter().map(|w| w.text.as_str()).collect();
    // `php vendor/bin/dep rollback prod`: Deployer run by PHP is Deployer.
    let name = match name {
        "php" if args.first().is_some_and(|script| deployer(script)) => {
            args.remove(0);
            "dep"
        }
        "php" => return None,
        _ => name,
    };
    if flag(&args, SHOWS) {
        return None;
    }
    let reads = || operands(&args, &[]).any(|op| crate::shell::name_words(op).any(is_reading));
    let fires = match name {
        "cap" | "capistrano" | "mina" | "dep" | "fab" | "kamal" | "mrsk" if reads() => false,
        "cap" | "capistrano" | "mina" => !flag(
            &args,
            &["-T", "--tasks", "-D", "--describe", "-n", "--dry-run", "-h", "--help", "-V", "--version"],
        ),
        "dep" => {
            !matches!(first_operand(&args), Some("list" | "help" | "tree" | "init"))
                && !flag(&args, &["-h", "--help", "-V", "--version"])
        }
        "fab" => !flag(&args, &["-l", "--list", "-h", "--help", "-V", "--version", "--complete"]),
        // MRSK is Kamal's former name.
        "kamal" | "mrsk" => kamal_changes(&args),
        "ansible-playbook" => !flag(
            &args,
            &[
                "--check",
                "-C",
                "--syntax-check",
                "--list-tasks",
                "--list-hosts",
                "--list-tags",
                "-h",
                "--help",
                "--version",
            ],
        ),
        "ansible" => ansible_changes(&args),
        _ if TOOL_NAMES.contains(&name) || name.ends_with(".sh") || project_script(call) => {
            let path = call.command.argv.first().map_or("", |w| w.text.as_str());
            runner_acts(name, path, &args)
        }
        _ => match shell_script(call, name) {
            Some([path, rest @ ..]) => {
                let rest: Vec<&str> = rest.iter().map(|w| w.text.as_str()).collect();
                runner_acts("", &path.text, &rest)
            }
            _ => false,
        },
    };
    fires.then(|| Hit::ask("hosting.production-task", MESSAGE))
}

/// `hatch run prod:wipe`: the script runs in the hatch environment before the `:`, production here.
fn hatch_env_production(call: &Call) -> bool {
    call.command.via.last().is_some_and(|via| via == "hatch")
        && call
            .command
            .argv
            .first()
            .and_then(|w| w.text.split_once(':'))
            .is_some_and(|(env, _)| super::production_name(env))
}

/// Whether a runner's target or script (or the words after its `--`) destroys or deploys.
/// `path` is the program as written, for a project's own script.
fn runner_acts(name: &str, path: &str, args: &[&str]) -> bool {
    let dash = args.iter().position(|a| *a == "--").unwrap_or(args.len());
    let mut after_dash = args.get(dash + 1..).unwrap_or_default().iter().filter(|a| !a.starts_with('-'));
    let acts = |names: &mut dyn Iterator<Item = &&str>| Iterator::any(&mut &mut *names, |n| acts_on(n));
    let targets = || operands(&args[..dash], RUNNER_VALUES);
    match name {
        "make" | "gmake" => {
            !flag(args, &["-n", "--dry-run", "--just-print", "--recon", "-q", "--question", "-h", "--help"])
                && acts(&mut targets().chain(after_dash))
        }
        "just" | "task" | "go-task" | "rake" | "mage" | "invoke" | "inv" | "grunt" | "gulp" => {
            !flag(args, &["-n", "--dry-run", "-l", "--list", "-T", "--tasks", "-h", "--help", "--summary"])
                && acts(&mut targets().chain(after_dash))
        }
        // tox's environments and nox's sessions (`tox -e deploy-prod`, `nox -s deploy --
        // production`), comma-separated lists among them.
        "tox" | "nox" => {
            !flag(args, &["-l", "--list", "--list-sessions", "-a", "--listenvs-all", "-h", "--help"])
                && (operands(&args[..dash], &[]).any(|op| op.split(',').any(acts_on))
                    || acts(&mut after_dash))
        }
        // `bazel run //deploy:prod`, `cargo make deploy-prod`: the runner's verb, then targets.
        // `cargo run`, `go run`, `dotnet run` and `dagger call` run the project's own program:
        // its name or its words (`go run ./cmd/purge --env=prod`, `cargo run --bin admin --
        // --env production purge-all`).
        "bazel" | "bazelisk" | "cargo" | "go" | "dotnet" | "dagger" => {
            // `go run ./cmd/migrate -env=prod -version` only reports.
            if flag(args, &["-version", "--version", "-h", "-help", "--help", "-dry-run", "--dry-run"]) {
                return false;
            }
            let mut ops = operands(&args[..dash], &[]);
            let verbs: &[&str] = match name {
                // `cargo xtask nuke`: the project's own automation, by its conventional alias.
                "cargo" => &["make", "run", "xtask"],
                "dagger" => &["call"],
                _ => &["run"],
            };
            // The program's own options after `--` say what it does too (`dotnet run -- --env
            // Production --drop`).
            let mut own_options = args.get(dash + 1..).unwrap_or_default().iter().filter_map(|a| {
                let option = a.strip_prefix("--")?;
                Some(option.split_once('=').map_or(option, |(name, _)| name))
            });
            ops.next().is_some_and(|verb| verbs.contains(verb))
                && (acts(&mut ops.chain(after_dash)) || own_options.any(acts_on))
        }
        // `nx run api:deploy`, `nx run-many -t deploy`, `nx deploy api`: the targets are operands
        // or `--target=` values.
        "nx" => {
            let mut attached = args[..dash]
                .iter()
                .filter_map(|a| a.strip_prefix("--target=").or_else(|| a.strip_prefix("--targets=")));
            acts(&mut operands(&args[..dash], &[]).chain(after_dash)) || attached.any(acts_on)
        }
        // `deno task db:reset`, `deno run -A scripts/reset.ts --env prod`.
        "deno" => {
            let mut ops = operands(&args[..dash], &[]);
            matches!(ops.next(), Some(&("task" | "run"))) && acts(&mut ops.chain(after_dash))
        }
        // Earthly's targets (`+deploy`, `./svc+deploy`), sbt's commands (`"deploy prod"`), and
        // gradle's tasks (`deployProd`, not a task excluded with `-x`).
        "earthly" | "sbt" => acts(&mut operands(&args[..dash], &[]).chain(after_dash)),
        // Chef's run list given on the line (`chef-client -o 'recipe[cleanup::wipe]' -E production`).
        "chef-client" | "chef-solo" => args.iter().enumerate().any(|(at, a)| {
            let list = match a.split_once('=') {
                Some(("--override-runlist" | "--runlist", list)) => Some(list),
                _ if matches!(*a, "-o" | "--override-runlist" | "-r" | "--runlist") => {
                    args.get(at + 1).copied()
                }
                _ => None,
            };
            list.is_some_and(|list| list.split(',').any(acts_on))
        }),
        // Leiningen's tasks and the namespace `lein run -m` runs (`lein run -m tools.wipe :prod`).
        "lein" => acts(&mut args[..dash].iter().filter(|a| !a.starts_with('-')).chain(after_dash)),
        "gradle" | "gradlew" => acts(&mut operands(args, GRADLE_VALUES)),
        // `mix run priv/repo/wipe.exs` by its script's name, `mix app.purge` by its task's. A
        // release or the assets' digest is a build (`MIX_ENV=prod mix release`).
        "mix" => {
            let mut ops = targets();
            match ops.next() {
                Some(&"run") => ops.next().is_some_and(|script| acts_on(crate::shell::program_base(script))),
                Some(task) => *task != "release" && !task.starts_with("assets.") && acts_on(task),
                None => false,
            }
        }
        "turbo" => {
            let mut ops = targets();
            ops.next() == Some(&"run") && acts(&mut ops.chain(after_dash))
        }
        "npm" | "pnpm" | "yarn" | "bun" | "composer" => {
            let mut ops = targets();
            let script = match ops.next() {
                Some(&("run" | "run-script" | "rum" | "urn")) => ops.next(),
                // `yarn workspace @acme/api run migrate:prod` (or `… migrate:prod`).
                Some(&"workspace") if name == "yarn" => match ops.nth(1) {
                    Some(&("run" | "run-script")) => ops.next(),
                    other => other,
                },
                // `deploy` is pnpm's own command only: `yarn deploy` runs the script.
                Some(&"deploy") if name != "pnpm" && name != "npm" => Some(&"deploy"),
                Some(builtin) if name == "npm" || BUILTINS.contains(builtin) => None,
                other => other,
            };
            script.is_some_and(|s| acts_on(s)) || script.is_some() && acts(&mut after_dash)
        }
        // A project's own script: its name and its words (`./scripts/deploy.sh production`).
        _ => {
            !targets().any(|t| crate::shell::name_words(t).any(is_reading))
                && (acts_on(crate::shell::program_base(path)) || acts(&mut targets()))
        }
    }
}

/// The deploy tools [`deploys`] reads.
const DEPLOYER_NAMES: &[&str] = &[
    "cf",
    "copilot",
    "waypoint",
    "railway",
    "wrangler",
    "firebase",
    "skaffold",
    "devspace",
    "garden",
    "tk",
    "modal",
    "databricks",
    "octo",
    "spin",
    "spinnaker",
    "java",
    "jenkins-cli",
    "amplify",
];
const DEPLOYERS: NameFilter = NameFilter::of(DEPLOYER_NAMES);

/// Whether the call may be one [`deploys`] reads: a cheap test on the name.
pub(super) fn may_deploy(name: &str) -> bool {
    DEPLOYERS.may_hold(name)
}

/// The deploy tools' options that take a value, which is not the verb.
const DEPLOYER_VALUES: &[&str] = &[
    "-f",
    "--manifest",
    "-e",
    "--env",
    "--environment",
    "-p",
    "--profile",
    "-P",
    "--project",
    "-t",
    "--target",
    "-n",
    "--namespace",
    "--kube-context",
    "--application",
    "--name",
    "-s",
];

/// A deploy tool's command that deploys, promotes or runs a deploy job on a production
/// environment (`hosting.deploy-production`): `cf push` of a production app or manifest,
/// `copilot svc deploy --env prod`, `waypoint up -workspace=production`, `railway up
/// --environment production`, `wrangler deploy --env production`, `firebase deploy --project
/// prod`, `skaffold run -p production`, `devspace deploy -p production`, `garden deploy --env
/// prod`, `tk apply environments/prod`, `modal deploy --env prod`, `databricks bundle deploy -t
/// prod`, Octopus' `octo deploy-release --deployTo Production`, Spinnaker's `spin pipeline
/// execute --name deploy-prod`, and `jenkins-cli build deploy-prod`. The same tools on another
/// environment, and their diffs, plans and dry runs, pass.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
pub(super) fn deploys(call: &Call, name: &str) -> Option<Hit> {
    let args: Vec<&str> = call.args().iter().map(|w| w.text.as_str()).collect();
    // Octopus' `--version` names the release, not a request for the tool's version.
    let shows = args.iter().enumerate().any(|(at, a)| {
        SHOWS.contains(a) && !(*a == "--version" && args.get(at + 1).is_some_and(|v| !v.starts_with('-')))
    });
    if shows || args.iter().any(|a| a.starts_with("--dry-run") && !a.ends_with("=false")) {
        return None;
    }
    let ops: Vec<&str> = super::operands(call.args(), DEPLOYER_VALUES).collect();
    let verb = |i: usize| ops.get(i).copied().unwrap_or_default();
    let target = || super::production_target(call.args()) || super::selected_production(call.command);
    // An operand or an option's value that names production (`cf push api-prod`, `-f
    // manifest-prod.yml`, `tk apply environments/prod`).
    let named = || args.iter().any(|a| super::production_name(a) && !super::local_target(a));
    // skaffold's and devspace's `-p PROFILE`, firebase's `-P PROJECT` (not every tool's: `kubectl
    // patch -p` takes a patch).
    let profile =
        || target() || args.windows(2).any(|p| matches!(p[0], "-p" | "-P") && super::production_name(p[1]));
    let fires = match name {
        "cf" => matches!(verb(0), "push" | "p" | "restage" | "rg" | "rollback" | "v3-push") && named(),
        "copilot" => ops.iter().take(2).any(|v| *v == "deploy") && target(),
        "waypoint" => matches!(verb(0), "up" | "deploy" | "release") && target(),
        "railway" => matches!(verb(0), "up" | "redeploy" | "deploy") && target(),
        "wrangler" => {
            (matches!(verb(0), "deploy" | "publish" | "rollback")
                || verb(0) == "versions" && verb(1) == "deploy")
                && target()
        }
        "firebase" => verb(0) == "deploy" && profile(),
        "amplify" => matches!(verb(0), "push" | "publish") && target(),
        "skaffold" => matches!(verb(0), "run" | "deploy" | "apply" | "dev" | "delete") && profile(),
        "devspace" => matches!(verb(0), "deploy" | "run-pipeline" | "dev" | "purge") && profile(),
        "garden" => matches!(verb(0), "deploy" | "run" | "delete" | "cleanup") && target(),
        "tk" => matches!(verb(0), "apply" | "delete" | "prune") && named(),
        "modal" => verb(0) == "deploy" && target(),
        "databricks" => verb(0) == "bundle" && matches!(verb(1), "deploy" | "run" | "destroy") && target(),
        // Octopus' options are case-blind (`--deployTo`, `--deployto=`).
        "octo" => {
            matches!(
                verb(0).to_ascii_lowercase().as_str(),
                "deploy-release" | "promote-release" | "create-release"
            ) && args.iter().enumerate().any(|(at, a)| {
                let lower = a.to_ascii_lowercase();
                let value = match lower.split_once('=') {
                    Some(("--deployto" | "--to" | "--environment", _)) => a.split_once('=').map(|(_, v)| v),
                    _ if matches!(lower.as_str(), "--deployto" | "--to" | "--environment") => {
                        args.get(at + 1).copied()
                    }
                    _ => None,
                };
                value.is_some_and(super::production_name)
            })
        }
        // `spinnaker` is the name `spin` is often installed or aliased under.
        "spin" | "spinnaker" => verb(0) == "pipeline" && verb(1) == "execute" && deploy_job(&args),
        // Jenkins' CLI, alone or as `java -jar jenkins-cli.jar`: a deploy job built.
        "java" | "jenkins-cli" => {
            let jar = name == "jenkins-cli"
                || args
                    .windows(2)
                    .any(|p| p[0] == "-jar" && crate::shell::program_base(p[1]).starts_with("jenkins-cli"));
            jar && ops.contains(&"build") && deploy_job(&args)
        }
        _ => false,
    };
    fires.then(|| Hit::new("hosting.deploy-production", DEPLOY))
}

/// Whether a job or pipeline the line names deploys to production (`deploy-prod`), or one that
/// deploys is given a production parameter (`build deploy -p ENV=production`).
fn deploy_job(args: &[&str]) -> bool {
    args.iter().any(|a| acts_on(a) && super::production_name(a))
        || args.iter().any(|a| acts_on(a))
            && args.iter().any(|a| a.contains('=') && super::production_name(a))
}

const DEPLOY: &str = "This deploys (or runs a deploy job) to a production environment from here, unreviewed. Show the user the change, or ask them to deploy it.";

/// `kamal` verbs that change the servers: everything but its listings and logs.
fn kamal_changes(args: &[&str]) -> bool {
    let ops: Vec<&str> =
        operands(args, &["-d", "--destination", "-c", "--config-file", "-r", "--roles", "-h", "--hosts"])
            .copied()
            .collect();
    let reads = [
        "details",
        "config",
        "version",
        "help",
        "audit",
        "docs",
        "logs",
        "containers",
        "images",
        "status",
        "show",
    ];
    !ops.iter().any(|op| reads.contains(op)) && !flag(args, &["--help"])
}

/// An ad-hoc `ansible` call on production hosts with a module that changes them (any module
/// but the ones that only gather facts or ping, and the command modules, whose line is judged
/// itself), unless `--check` only shows.
fn ansible_changes(args: &[&str]) -> bool {
    let module = args.iter().enumerate().find_map(|(at, a)| match *a {
        "-m" | "--module-name" => args.get(at + 1).copied(),
        _ => a.strip_prefix("--module-name=").or_else(|| a.strip_prefix("-m").filter(|m| !m.is_empty())),
    });
    let module = module.map(|m| m.rsplit('.').next().unwrap_or(m));
    // The command modules' line is judged as it is (`-a 'rm -rf …'`), as `ssh HOST CMD`'s is.
    let reads = matches!(
        module,
        None | Some(
            "ping"
                | "setup"
                | "gather_facts"
                | "debug"
                | "stat"
                | "package_facts"
                | "service_facts"
                | "win_ping"
                | "command"
                | "shell"
                | "raw"
                | "win_command"
                | "win_shell"
        )
    );
    !reads && !flag(args, &["--check", "-C", "--list-hosts", "-h", "--help", "--version"])
}

/// The options of the runners that take the next word as their value.
const RUNNER_VALUES: &[&str] = &[
    "-C",
    "-f",
    "--file",
    "--makefile",
    "--directory",
    "-I",
    "--include-dir",
    "-o",
    "-W",
    "-d",
    "--dir",
    "--justfile",
    "--working-directory",
    "-t",
    "--taskfile",
    "-R",
    "--rakefile",
    "--filter",
    "-w",
    "--workspace",
    "--prefix",
    "--cwd",
];

/// gradle's options that take a value (`-x TASK` excludes the task).
const GRADLE_VALUES: &[&str] = &[
    "-x",
    "--exclude-task",
    "-p",
    "--project-dir",
    "-b",
    "--build-file",
    "-c",
    "--settings-file",
    "-g",
    "--gradle-user-home",
    "-I",
    "--init-script",
];

/// The package managers' own commands (`yarn remove prod-lib` removes a dependency).
const BUILTINS: &[&str] = &[
    "add",
    "remove",
    "rm",
    "install",
    "i",
    "ci",
    "update",
    "upgrade",
    "up",
    "outdated",
    "link",
    "unlink",
    "info",
    "why",
    "list",
    "ls",
    "init",
    "create",
    "dlx",
    "exec",
    "x",
    "workspace",
    "workspaces",
    "global",
    "cache",
    "config",
    "audit",
    "pack",
    "patch",
    "set",
    "plugin",
    "import",
    "licenses",
    "owner",
    "version",
    "tag",
    "login",
    "logout",
    "publish",
    "unpublish",
    "dedupe",
    "prune",
    "require",
    "dump-autoload",
    "show",
    "search",
    "depends",
    "prohibits",
    "diagnose",
    "self-update",
    "clear-cache",
    "validate",
    "test",
    "start",
    "build",
    "dev",
    "env",
    "bin",
    "help",
    "node",
    "npm",
    "store",
    "fetch",
    "deploy",
];

/// Whether a script PHP runs is Deployer's: `dep`, `vendor/bin/dep`, `deployer.phar`.
fn deployer(script: &str) -> bool {
    let file = script.rsplit('/').next().unwrap_or(script);
    matches!(file, "dep" | "dep.phar" | "deployer.phar")
}

fn flag(args: &[&str], names: &[&str]) -> bool {
    args.iter().any(|a| names.contains(a))
}

fn first_operand<'a>(args: &[&'a str]) -> Option<&'a str> {
    args.iter().copied().find(|a| !a.starts_with('-'))
}

/// The words that are neither options, values of `takes_value`, nor `NAME=value` arguments.
fn operands<'a, 'b>(
    args: &'a [&'b str],
    takes_value: &'static [&'static str],
) -> impl Iterator<Item = &'a &'b str> {
    let mut skip = false;
    args.iter().filter(move |a| {
        if std::mem::take(&mut skip) {
            return false;
        }
        if a.starts_with('-') {
            skip = takes_value.contains(a);
            return false;
        }
        !a.contains('=')
    })
}

/// Whether a target's name says it destroys or deploys, and not that it only reads or checks
/// (`deploy-prod`, not `migrate:status`).
fn acts_on(target: &str) -> bool {
    // Ecto's `mix ecto.migrations` lists the migrations and their status.
    (crate::shell::name_words(target).any(is_action) || cleans_data(target))
        && !target.eq_ignore_ascii_case("ecto.migrations")
        && !crate::shell::name_words(target).any(is_reading)
}

/// `clean-db`, `clean_cache`: a clean of stored data, where `make clean` only removes what a
/// build made.
fn cleans_data(target: &str) -> bool {
    let has = |list: &[&str]| {
        crate::shell::name_words(target).any(|w| list.iter().any(|l| w.eq_ignore_ascii_case(l)))
    };
    has(&["clean"])
        && has(&[
            "db",
            "database",
            "databases",
            "data",
            "cache",
            "queue",
            "queues",
            "index",
            "indices",
            "bucket",
            "redis",
            "users",
            "tables",
            "storage",
        ])
}

/// Options that only show what would be done.
const SHOWS: &[&str] = &[
    "--dry-run",
    "--dryrun",
    "--pretend",
    "--check",
    "--plan",
    "--preview",
    "--noop",
    "--what-if",
    "-h",
    "--help",
    "--version",
];

/// Whether a word of a target's name only reads or checks (`db:migrate:status`, `deploy:check`).
fn is_reading(word: &str) -> bool {
    [
        "status", "list", "show", "diff", "plan", "check", "dry", "preview", "validate", "lint", "test",
        "help", "logs", "log", "info", "describe", "doctor", "version", "verify",
    ]
    .iter()
    .any(|reading| word.eq_ignore_ascii_case(reading))
}

/// Whether a word of a target's name destroys, resets, deploys, releases or migrates.
fn is_action(word: &str) -> bool {
    let word = word.strip_suffix(['s', 'S']).filter(|w| w.len() > 3).unwrap_or(word);
    ACTIONS.iter().any(|action| word.eq_ignore_ascii_case(action))
}

const ACTIONS: &[&str] = &[
    // Destroying or resetting.
    "destroy",
    "nuke",
    "teardown",
    "tear",
    "drop",
    "dropdb",
    "reset",
    "wipe",
    "purge",
    "cleanup",
    "delete",
    "rollback",
    "revert",
    "down",
    "truncate",
    "flush",
    "clear",
    "erase",
    "undeploy",
    "decommission",
    "remove",
    "fresh",
    // Deploying, releasing, migrating.
    "deploy",
    "release",
    "ship",
    "promote",
    "migrate",
    "migration",
    "rollout",
    "apply",
    "provision",
    "seed",
    "restore",
    "publish",
    "upgrade",
    "cutover",
    "switchover",
    "failover",
];

const MESSAGE: &str = "This runs a task that destroys, resets, deploys or migrates, aimed at production (by its name, a stage, an inventory or an environment variable). Ask the user to run it.";
