//! Production rollouts by the deploy, CI, DNS-as-code, config-management and cluster tools
//! that no delete verb marks (`hosting.deploy-production`): a deploy, push, activation, sync,
//! traffic shift, restore or variable set whose target (an option's value, an operand, a stack,
//! environment, project, app or pipeline name) is production: `gcloud --project acme-prod app
//! deploy`, `aws cloudformation deploy --stack-name production`, `aws codepipeline
//! start-pipeline-execution --name deploy-production`, `az pipelines run --name deploy-prod`,
//! `eb deploy acme-prod`, `skeema push production`, `gh variable set X --env production`, `glab
//! ci run --variables ENV:production`, `puppet agent -t --environment production`, `tilt down
//! --context prod`, `velero restore create … prod`, `nomad job run -namespace prod`, `consul kv
//! put config/prod/…`, `packer build -force prod.pkr.hcl`. Live DNS and CDN have no other
//! stage: `dnscontrol push`, `octodns-sync --doit` and `fastly service-version activate` ask
//! whatever they name. Verbs that stop or forget what they cannot name (`nomad job stop`,
//! `nomad node drain -enable`, `nomad node eligibility -disable`, `puppet node
//! clean|deactivate`) ask unless the cluster is on this machine. Deploys to another
//! environment or to the tool's default, and previews, plans and dry runs, pass. The smaller
//! platforms' and release tools' changes to production: `convex deploy` (its default target is
//! production), `shipit production rollback`, a production tag moved (`crane tag IMG prod`), a
//! production feature flag's value set (`configcat flag-v2 value update --environment-id
//! prod`), `spacectl stack deploy` of a production stack or auto-confirmed, `azd up|deploy -e
//! prod`; a CI pipeline started with parameters that deploy or destroy (`circleci pipeline
//! trigger … --parameters destroy=true`, `bk build create`); and app deletes by their API path (`caprover api --path …/delete`) or an `azd down`
//! of an environment that is not a throwaway one (`hosting.app-delete`).

use super::{Call, Hit};
use crate::name_filter::NameFilter;

/// The tools [`judge`] reads.
const TOOL_NAMES: &[&str] = &[
    "aws",
    "gcloud",
    "az",
    "eb",
    "supabase",
    "skeema",
    "dnscontrol",
    "octodns-sync",
    "fastly",
    "puppet",
    "tilt",
    "packer",
    "velero",
    "nomad",
    "consul",
    "glab",
    "gh",
    "convex",
    "shipit",
    "crane",
    "caprover",
    "configcat",
    "spacectl",
    "azd",
    "circleci",
    "bk",
    "knife",
];
const TOOLS: NameFilter = NameFilter::of(TOOL_NAMES);

/// Whether the call may be one [`judge`] reads: a cheap test on the name.
pub(super) fn may_judge(name: &str) -> bool {
    TOOLS.may_hold(name)
}

/// The options of these tools that take the next word as their value, which is not a verb.
const VALUES: &[&str] = &[
    "--profile",
    "--region",
    "--project",
    "--project_id",
    "-n",
    "--namespace",
    "-namespace",
    "--context",
    "--kube-context",
    "--kubecontext",
    "--stack-name",
    "--name",
    "--function-name",
    "-e",
    "--env",
    "--environment",
    "-c",
    "--config",
    "--config-file",
    "--service-id",
    "-s",
    "--version",
    "-address",
    "--address",
    "-http-addr",
    "-b",
    "--branch",
    "--variables",
    "--body",
    "-R",
    "--repo",
    "-g",
    "--resource-group",
    "--org",
    "-o",
    "--output",
    "--query",
    "--zone",
];

/// [`hosting`](super::hosting)'s judgement of a rollout aimed at production.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
pub(super) fn judge(call: &Call, name: &str) -> Option<Hit> {
    let args: Vec<&str> = call.args().iter().map(|w| w.text.as_str()).collect();
    let previews = args.iter().any(|a| {
        (a.starts_with("--dry-run") || a.starts_with("-dry-run")) && !a.ends_with("=false")
            || matches!(*a, "--noop" | "--preview" | "-h" | "--help")
    });
    if previews {
        return None;
    }
    let ops: Vec<&str> = super::operands(call.args(), VALUES).collect();
    let verb = |i: usize| ops.get(i).copied().unwrap_or_default();
    let target = || super::production_target(call.args());
    // Any word of the line, an option's value or an operand (`--name deploy-prod`, `-var-file
    // envs/production.tfvars`, `ENV:production`), that names production.
    let named = || args.iter().any(|a| super::production_name(a) && !super::local_target(a));
    let flag = |names: &[&str]| args.iter().any(|a| names.contains(a));
    let disposable_namespace = || {
        args.windows(2)
            .any(|w| matches!(w[0], "-namespace" | "--namespace") && super::disposable_target(w[1]))
            || args.iter().any(|a| {
                a.strip_prefix("-namespace=")
                    .or_else(|| a.strip_prefix("--namespace="))
                    .is_some_and(super::disposable_target)
            })
    };
    // A cluster or agent on this machine (`-address=http://localhost:4646`) is the user's own.
    let local = || args.iter().any(|a| a.contains("localhost") || a.contains("127.0.0.1"));
    let fires = match name {
        // `--path /user/apps/appDefinitions/delete`: CapRover's app delete through its API.
        "caprover" if verb(0) == "api" => {
            let path =
                super::database::option_values(call.args(), &["--path", "-t"]).next().unwrap_or_default();
            return crate::shell::name_words(&path)
                .any(|w| matches!(w.to_ascii_lowercase().as_str(), "delete" | "remove" | "unregister"))
                .then(|| Hit::ask("hosting.app-delete", APP_DELETE));
        }
        // `azd down` deletes every resource of the environment, named by `-e` or selected
        // before: asked about unless it is a throwaway one.
        "azd" if verb(0) == "down" => {
            let throwaway = super::database::option_values(call.args(), &["-e", "--environment"])
                .next()
                .is_some_and(|env| super::disposable_target(&env) || super::local_target(&env));
            return (!throwaway).then(|| Hit::ask("hosting.app-delete", APP_DELETE));
        }
        "gcloud" => {
            (ops.iter().any(|v| matches!(*v, "deploy" | "update-traffic" | "set-traffic"))
                || ops.windows(2).any(|w| w == ["builds", "submit"]))
                && (target() || named())
        }
        "aws" => {
            matches!(
                (verb(0), verb(1)),
                ("cloudformation", "deploy" | "create-stack" | "update-stack" | "execute-change-set")
                    | ("codepipeline", "start-pipeline-execution")
                    | ("deploy", "create-deployment")
                    | ("lambda", "update-function-code" | "update-alias" | "publish-version")
                    | ("elasticbeanstalk", "update-environment" | "swap-environment-cnames")
                    | ("apprunner", "start-deployment")
                    | ("amplify", "start-job" | "start-deployment")
            ) && named()
                // A new task definition or a forced redeploy rolls the service; a count alone
                // scales it (scaled to zero is the cloud pack's).
                || (verb(0), verb(1)) == ("ecs", "update-service")
                    && flag(&["--force-new-deployment", "--task-definition"])
                    && named()
        }
        "az" => {
            matches!(verb(0), "pipelines" | "webapp" | "functionapp" | "deployment" | "containerapp")
                && ops.iter().skip(1).take(3).any(|v| {
                    matches!(*v, "run" | "deploy" | "deployment" | "create" | "swap" | "update" | "up")
                })
                && named()
        }
        "eb" => matches!(verb(0), "deploy" | "swap" | "restore") && named(),
        "supabase" => {
            matches!((verb(0), verb(1)), ("db", "push") | ("functions", "deploy") | ("secrets", "set"))
                && named()
        }
        "skeema" => verb(0) == "push" && named(),
        "dnscontrol" => verb(0) == "push",
        "octodns-sync" => flag(&["--doit"]),
        "fastly" => {
            (verb(0), verb(1)) == ("service-version", "activate")
                || verb(0) == "compute" && matches!(verb(1), "deploy" | "publish") && named()
        }
        "puppet" => match verb(0) {
            "agent" | "apply" => target() || named(),
            "node" => matches!(verb(1), "clean" | "deactivate" | "purge"),
            _ => false,
        },
        "tilt" => matches!(verb(0), "up" | "down" | "ci") && target(),
        "packer" => verb(0) == "build" && flag(&["-force", "--force"]) && named(),
        "velero" => {
            matches!((verb(0), verb(1)), ("restore", "create") | ("create", "restore"))
                && (target() || named())
        }
        "nomad" => match (verb(0), verb(1)) {
            // Purged, the job is the unknown-destroy rule's.
            // A disposable namespace (`-namespace dev`) holds nobody's service.
            ("job", "stop") | ("stop", _) => {
                !local() && !flag(&["-purge", "--purge"]) && !disposable_namespace()
            }
            ("node", "drain") => flag(&["-enable", "--enable"]) && !local(),
            ("node", "eligibility") => flag(&["-disable", "--disable"]) && !local(),
            ("job", "run" | "revert" | "dispatch") | ("run", _) | ("deployment", "promote" | "fail") => {
                target() || named()
            }
            _ => false,
        },
        "consul" => verb(0) == "kv" && matches!(verb(1), "put" | "delete" | "import") && named(),
        "glab" => {
            matches!(
                (verb(0), verb(1)),
                ("ci", "run" | "trigger") | ("variable", "set" | "update" | "delete")
            ) && named()
                || matches!((verb(0), verb(1)), ("ci", "run" | "trigger")) && super::http_api::ci_acts(&args)
        }
        // A pipeline started with parameters that deploy, destroy or name production
        // (`circleci pipeline trigger org/app --parameters destroy=true`, `bk build create
        // --pipeline deploy-prod`), as the same run started through the CI's API is.
        "circleci" => {
            (matches!((verb(0), verb(1)), ("pipeline", "trigger" | "run" | "create")) || verb(0) == "trigger")
                && super::http_api::ci_acts(&args)
        }
        // A Chef environment, role or data bag uploaded (`knife environment from file
        // production.json`), a cookbook uploaded to it, or a command run on its nodes.
        "knife" => {
            (ops.iter().take(3).any(|v| *v == "from")
                || matches!(
                    (verb(0), verb(1)),
                    ("cookbook", "upload") | ("environment" | "role" | "node", "edit")
                )
                || verb(0) == "ssh")
                && named()
        }
        "bk" => {
            matches!((verb(0), verb(1)), ("build", "create" | "new" | "rebuild"))
                && super::http_api::ci_acts(&args)
        }
        "gh" => matches!((verb(0), verb(1)), ("variable" | "secret", "set" | "delete")) && target(),
        // A preview deployment is the only other target of `convex deploy`.
        "convex" => {
            verb(0) == "deploy" && !args.iter().any(|a| a.starts_with("--preview-"))
                || (verb(0) == "import" || verb(0) == "env" && matches!(verb(1), "set" | "remove"))
                    && flag(&["--prod"])
        }
        // `shipit STAGE TASK`: any task on a production stage but its listing.
        "shipit" => super::production_name(verb(0)) && !verb(1).is_empty() && !flag(&["-T", "--tasks"]),
        // The tag a production deploy pulls, moved (`crane tag IMG prod`).
        "crane" => verb(0) == "tag" && super::production_name(verb(2)),
        "caprover" => verb(0) == "deploy" && named(),
        "configcat" => {
            ops.iter().take(3).any(|v| *v == "value")
                && ops.iter().take(4).any(|v| matches!(*v, "update" | "create" | "set"))
                && named()
        }
        "spacectl" => {
            verb(0) == "stack"
                && matches!(verb(1), "deploy" | "confirm")
                && (named() || flag(&["--auto-confirm"]) && !args.iter().any(|a| super::disposable_target(a)))
        }
        "azd" => matches!(verb(0), "up" | "deploy" | "provision") && (target() || named()),
        _ => false,
    };
    fires.then(|| Hit::ask("hosting.deploy-production", ROLLOUT))
}

const APP_DELETE: &str = "This deletes an app or an environment's resources on a hosting platform, with their data and settings. Ask the user to run it, or show them the exact command.";
const ROLLOUT: &str = "This changes what production runs or serves (a deploy, an activation, a sync, a traffic shift, a restore or a setting of its environment), unreviewed. Show the user the change, or ask them to roll it out.";
