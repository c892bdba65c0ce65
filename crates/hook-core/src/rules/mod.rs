//! The built-in rule packs of the default policy, judged over analysed shell commands.
//!
//! Each pack lives in its own module and judges one simple command at a time through a
//! `Call`; [`evaluate`] runs every enabled pack over every command of the line and keeps
//! the strongest finding. A command whose name is only known at run time is judged as each
//! of the names a pack offers to guess, so `$x -rf /` is read as `rm -rf /`.

mod catalogue;
mod cloud;
mod containers;
mod credentials;
mod database;
mod dd;
mod disk;
mod exfiltration;
mod fork_bomb;
mod git;
mod guard;
pub(crate) use guard::{
    BINARIES, agent_instructions, editor_settings, switches_approval_off, tells_agent_to_bypass,
};
mod hosting;
mod http_api;
mod iac;
mod kill;
mod kubernetes;
mod opaque;
mod overwrite;
mod paths;
pub(crate) use paths::real_path;
mod permissions;
mod platforms;
mod remote_script;
mod rm;
mod rollout;
mod sql;
mod stages;
mod unknown_cli;
mod windows;

pub use crate::policy::Pack;
pub(crate) use credentials::{dumps_environment, secret_named};
pub(crate) use exfiltration::output_sent;
use std::borrow::Cow;
use std::cell::OnceCell;

use crate::policy::{Action, PackSetting, PackSettings, Scope};
use crate::project::{Context, Places};
use crate::shell::{Analysis, SimpleCommand};
pub use catalogue::{CATALOGUE, PackInfo};
pub(crate) use rm::RSYNC_OPTIONS_WITH_VALUE;

/// Judge one call with `pack`'s rules.
fn judge(pack: Pack, call: &Call) -> Option<Hit> {
    match pack {
        Pack::Rm => overwrite::judge(call).or_else(|| rm::judge(call)),
        Pack::Kill => kill::judge(call),
        Pack::Dd => dd::judge(call),
        Pack::Git => git::judge(call),
        Pack::Disk => disk::judge(call),
        Pack::Permissions => permissions::judge(call),
        Pack::RemoteScript => remote_script::judge(call),
        Pack::ForkBomb => fork_bomb::judge(call),
        Pack::Guard => guard::judge(call),
        Pack::Database => database::judge(call),
        Pack::Kubernetes => kubernetes::judge(call),
        Pack::Iac => iac::judge(call),
        Pack::Cloud => cloud::judge(call),
        Pack::Containers => containers::judge(call),
        Pack::Hosting => hosting::judge(call),
        Pack::Exfiltration => exfiltration::judge(call),
        Pack::Credentials => credentials::judge(call),
        // Judged over the whole analysis, in `evaluate`.
        Pack::Opaque | Pack::Limit => None,
    }
}

/// The command names an unknown (run-time) command name is tried as for `pack`. Only commands
/// whose destructive forms are recognisable from their arguments alone belong here.
fn guesses(pack: Pack) -> &'static [&'static str] {
    match pack {
        Pack::Rm => rm::GUESSES,
        Pack::Kill => kill::GUESSES,
        Pack::Dd => dd::GUESSES,
        Pack::Git => git::GUESSES,
        Pack::Permissions => permissions::GUESSES,
        Pack::RemoteScript => remote_script::GUESSES,
        Pack::Disk
        | Pack::ForkBomb
        | Pack::Guard
        | Pack::Opaque
        | Pack::Limit
        | Pack::Database
        | Pack::Kubernetes
        | Pack::Iac
        | Pack::Cloud
        | Pack::Containers
        | Pack::Hosting
        | Pack::Exfiltration
        | Pack::Credentials => &[],
    }
}

/// A rule that fired on one command of the line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub pack: Pack,
    /// Stable rule id, `<pack>.<rule>` (e.g. `rm.outside-project`, `git.reset-hard`).
    pub rule: &'static str,
    /// What is wrong and what to do instead, for the agent.
    pub message: String,
    /// The action from the pack's settings: `Deny` or `Ask`.
    pub action: Action,
    /// Index into [`Analysis::commands`] of the command that fired.
    pub command: usize,
}

/// One simple command as a pack sees it.
pub(crate) struct Call<'a> {
    pub analysis: &'a Analysis,
    /// Index of [`Call::command`] in the analysis.
    pub index: usize,
    pub command: &'a SimpleCommand,
    /// The lower-cased base name without `.exe`; `None` when the name is only known at run
    /// time (the pack then judges only what does not depend on the name).
    pub name: Option<&'a str>,
    /// `name` is a guess for a run-time name, not what was written.
    pub guessed: bool,
    pub ctx: &'a Context,
    pub scope: Scope,
    /// The files the command writes over or takes away at their name, as the file rules read
    /// its words (the guard's, given to [`evaluate`]).
    pub replaced: Replaced,
    /// The files the line fills with the environment, found once per line on first use
    /// ([`credentials::environment_files`]).
    pub environment_files: &'a OnceCell<Vec<(usize, String)>>,
    /// The files the line's commands export stored secrets into, found once per line on first
    /// use ([`credentials::secret_exports`]).
    pub secret_exports: &'a OnceCell<Vec<(usize, String)>>,
    /// The index of the line's first `git-crypt unlock`, found once per line on first use
    /// ([`credentials::first_unlock`]).
    pub unlocked_at: &'a OnceCell<Option<usize>>,
}

/// The files a command writes over from their start or takes away at their name, with the path
/// each word names (`--output=F` names `F`): the guard's reading of the command's words, which
/// the rm pack judges as it judges `> F` (`overwrite`).
pub type Replaced = for<'c> fn(&'c SimpleCommand) -> Vec<(&'c crate::shell::Word, &'c str)>;

impl Call<'_> {
    /// The arguments after the command name.
    pub fn args(&self) -> &[crate::shell::Word] {
        self.command.args()
    }
}

/// What a pack reports: its rule id and default message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Hit {
    pub rule: &'static str,
    pub message: String,
    /// The rule is worth a question, never a refusal, even in a pack that denies: what it
    /// catches is often meant (opening a tunnel for a demo).
    pub asks: bool,
}

impl Hit {
    pub fn new(rule: &'static str, message: impl Into<String>) -> Self {
        Self { rule, message: message.into(), asks: false }
    }

    /// A hit that at most asks (see [`Hit::asks`]).
    pub fn ask(rule: &'static str, message: impl Into<String>) -> Self {
        Self { asks: true, ..Self::new(rule, message) }
    }
}

/// The strongest finding on the line (deny beats ask; first in source order within a kind),
/// or `None` when no enabled pack objects. `replaced` says which files a command writes over.
pub fn evaluate(
    analysis: &Analysis,
    places: &Places<'_>,
    packs: &PackSettings,
    replaced: Replaced,
) -> Option<Finding> {
    let enabled: Vec<(Pack, PackSetting)> = Pack::ALL
        .into_iter()
        .map(|pack| (pack, packs.get(pack)))
        .filter(|(_, setting)| matches!(setting.action, Action::Deny | Action::Ask))
        .collect();
    if enabled.is_empty() {
        return None;
    }
    let mut first_ask = None;
    let environment_files = OnceCell::new();
    let secret_exports = OnceCell::new();
    let unlocked_at = OnceCell::new();
    for (index, command) in analysis.commands.iter().enumerate() {
        let name = command_name(command);
        let mut call = Call {
            analysis,
            index,
            command,
            name: name.as_deref(),
            guessed: false,
            ctx: places.of(index),
            scope: Scope::Dangerous,
            replaced,
            environment_files: &environment_files,
            secret_exports: &secret_exports,
            unlocked_at: &unlocked_at,
        };
        let mut missed = true;
        for (pack, setting) in &enabled {
            call.scope = setting.scope;
            let Some(hit) = judge_command(*pack, &call) else {
                continue;
            };
            missed = false;
            // A destroy scoped to a disposable target is the user's to make (`terraform
            // -chdir=envs/dev destroy`, `fly apps destroy acme-pr-88`, `kubectl delete -f
            // k8s/dev/pod.yaml`); no other pack reads the command as an unknown tool's then.
            if SCOPED_RULES.contains(&hit.rule) && disposable_scope(&call, hit.rule) {
                continue;
            }
            let finding = Finding {
                pack: *pack,
                rule: hit.rule,
                message: setting.message.as_deref().map_or(hit.message, str::to_owned),
                action: if hit.asks { Action::Ask } else { setting.action },
                command: index,
            };
            // A deny cannot be beaten, and later commands only come later in source order.
            if finding.action == Action::Deny {
                return Some(finding);
            }
            first_ask.get_or_insert(finding);
        }
        // A tool no pack knows, judged by its subcommand words once every pack let it pass.
        if missed
            && let Some(name) = call.name
            && let Some((pack, hit)) = unknown_cli::judge(name, command.args())
            && let Some((_, setting)) = enabled.iter().find(|(enabled, _)| *enabled == pack)
            // A credential the line itself uses (`$(doctl auth token)`) is not printed.
            && !(pack == Pack::Credentials && credentials::consumed(&call))
            // The cloud pack has judged its own CLIs' deletes (a disposable target or the manual
            // passed).
            && !(pack == Pack::Cloud && cloud::passed_on_purpose(&call))
            // A line scoped to a disposable target, which the packs let pass too (`pulumi
            // destroy --stack pr-42`, `heroku apps:destroy --app acme-review-12`, `python -m
            // app.cli wipe --env dev`).
            && !(pack == Pack::Cloud && disposable_scope(&call, hit.rule))
        {
            first_ask.get_or_insert(Finding {
                pack,
                rule: hit.rule,
                message: setting.message.as_deref().map_or(hit.message, str::to_owned),
                action: Action::Ask,
                command: index,
            });
        }
    }
    for finding in opaque::findings(analysis, packs) {
        if finding.action == Action::Deny {
            return Some(finding);
        }
        first_ask.get_or_insert(finding);
    }
    first_ask
}

/// Judge one command with one pack, trying the pack's guesses when the name is unknown.
fn judge_command(pack: Pack, call: &Call) -> Option<Hit> {
    if let Some(hit) = judge(pack, call) {
        return Some(hit);
    }
    if call.name.is_some() {
        return None;
    }
    guesses_of(pack, call)
}

/// [`judge_command`] of a command whose name is known only at run time, out of line
/// (ARCHITECTURE.md, "Start-up").
#[inline(never)]
fn guesses_of(pack: Pack, call: &Call) -> Option<Hit> {
    // Scope `all` is not applied to guesses: it would fire on every run-time command name.
    guesses(pack).iter().find_map(|guess| {
        let call = Call { name: Some(guess), guessed: true, scope: Scope::Dangerous, ..*call };
        judge(pack, &call).map(|hit| Hit {
            rule: hit.rule,
            asks: hit.asks,
            message: format!(
                "The command name is only known at run time; read as `{guess}`: {}",
                hit.message
            ),
        })
    })
}

/// The command's base name, lower-cased (Windows and macOS file systems ignore case) and
/// without a Windows executable suffix.
fn command_name(command: &SimpleCommand) -> Option<Cow<'_, str>> {
    let name = command.name().or_else(|| fixed_last_component(command))?;
    // Most names are already lower-case with no Windows suffix: borrowed as they are.
    if !name.bytes().any(|b| b.is_ascii_uppercase() || b == b'.') {
        return Some(Cow::Borrowed(name));
    }
    let name = name.to_ascii_lowercase();
    let stem = [".exe", ".com", ".cmd", ".bat"]
        .iter()
        .find_map(|suffix| name.strip_suffix(suffix))
        .filter(|stem| !stem.is_empty());
    Some(Cow::Owned(stem.map_or_else(|| name.clone(), str::to_owned)))
}

/// `$HOME/.local/bin/claude-hook`, `$D/rm`: a program whose directory is known only at run
/// time, but whose own name the line fixes, is that program.
fn fixed_last_component(command: &SimpleCommand) -> Option<&str> {
    let (_, last) = command.argv.first()?.text.rsplit_once('/')?;
    let fixed = !last.is_empty() && !last.contains(['$', '`', '(', ')', '{', '}', '"', '\'', '*', '?', '[']);
    fixed.then_some(last)
}

/// Options of `curl` and `wget` that take the next word as their value: `-O` first, which
/// takes one in wget (`-O FILE`) and none in curl (the file is named after the address).
const HTTP_VALUED: &[&str] = &[
    "-O",
    "-A",
    "-b",
    "-c",
    "-d",
    "-e",
    "-E",
    "-F",
    "-H",
    "-K",
    "-m",
    "-o",
    "-P",
    "-T",
    "-u",
    "-w",
    "-x",
    "-X",
    "--cookie",
    "--data",
    "--data-binary",
    "--data-raw",
    "--data-urlencode",
    "--directory-prefix",
    "--form",
    "--header",
    "--json",
    "--method",
    "--output",
    "--output-document",
    "--body-data",
    "--body-file",
    "--post-data",
    "--post-file",
    "--password",
    "--request",
    "--upload-file",
    "--user",
    "--user-agent",
];

/// HTTP clients whose arguments become a request.
const HTTP_CLIENTS: &[&str] = &[
    "curl",
    "wget",
    "wget2",
    "http",
    "https",
    "xh",
    "xhs",
    "httpie",
    "curlie",
    "aria2c",
    "lwp-request",
    "invoke-webrequest",
    "iwr",
    "invoke-restmethod",
    "irm",
];

/// [`HTTP_VALUED`] as `client` (`curl`, `wget`, or another HTTP client) reads it.
pub(crate) fn http_valued(client: &str) -> &'static [&'static str] {
    if client == "wget" { HTTP_VALUED } else { &HTTP_VALUED[1..] }
}

/// The operands of `args`: words that are not options, nor the value after an option of
/// `takes_value` (`kubectl --context prod delete ...` has the operands `delete ...`). Lazy,
/// so that a rule that looks at the first word or two collects nothing.
pub(crate) fn operands<'a>(
    args: &'a [crate::shell::Word],
    takes_value: &[&str],
) -> impl Iterator<Item = &'a str> {
    operand_words(args, takes_value).map(|word| word.text.as_str())
}

/// [`operands`] as words, for a rule that asks whether one was computed.
pub(crate) fn operand_words<'a>(
    args: &'a [crate::shell::Word],
    takes_value: &[&str],
) -> impl Iterator<Item = &'a crate::shell::Word> {
    let mut skip = false;
    args.iter().filter(move |arg| {
        if std::mem::take(&mut skip) {
            return false;
        }
        let text = arg.text.as_str();
        let option = text.starts_with('-') && text.len() > 1;
        skip = option && takes_value.contains(&text);
        !option
    })
}

pub(crate) use crate::shell::long_option;

/// `python3 -m twine upload` is `twine upload`: for `python… -m MODULE ARGS`, the module as the
/// program and the words after it as its arguments; any other call as it is.
fn python_module<'a>(name: &'a str, args: &'a [crate::shell::Word]) -> (&'a str, &'a [crate::shell::Word]) {
    match args {
        [dash_m, module, rest @ ..] if name.starts_with("python") && dash_m.text == "-m" => {
            (module.text.as_str(), rest)
        }
        _ => (name, args),
    }
}

/// Whether a command reads the clipboard: `pbpaste`, `xclip -o`, `xsel -o`/`--output`
/// (`-b` alone reads too, unless fed: `echo x | xsel -b` fills the clipboard), `wl-paste`,
/// Termux's `termux-clipboard-get`, PowerShell's `Get-Clipboard`, and the clipboard managers'
/// histories (`copyq read`, `cliphist list`, `gpaste-client history`).
pub(crate) fn reads_clipboard(command: &crate::shell::SimpleCommand) -> bool {
    let Some(name) = command.name() else { return false };
    let has = |options: &[&str]| command.args().iter().any(|a| options.contains(&a.text.as_str()));
    match name {
        "pbpaste" | "wl-paste" | "termux-clipboard-get" => true,
        // Clipboard managers' histories: every item copied, not only the last.
        "copyq" => command
            .args()
            .first()
            .is_some_and(|verb| matches!(verb.text.as_str(), "read" | "clipboard" | "selection" | "primary")),
        "cliphist" => {
            command.args().first().is_some_and(|verb| matches!(verb.text.as_str(), "list" | "decode"))
        }
        "gpaste-client" => command
            .args()
            .first()
            .is_none_or(|verb| matches!(verb.text.as_str(), "history" | "get" | "get-raw" | "show-history")),
        "xclip" => has(&["-o", "-out"]),
        "xsel" => {
            has(&["-o", "--output"])
                || !has(&["-i", "--input", "-a", "--append"])
                    && matches!(command.stdin, crate::shell::Stdin::Inherited)
        }
        _ => name.eq_ignore_ascii_case("get-clipboard") || name.eq_ignore_ascii_case("gcb"),
    }
}

// The shell's analysis marks production environments that launchers name too.
pub(crate) use crate::shell::production_name;

/// The options by which deploy and ops tools name where they act: a cluster's context or
/// namespace, a stage, environment, app, stack, profile, remote or server address.
const TARGET_OPTIONS: &[&str] = &[
    "--context",
    "--kube-context",
    "--kubecontext",
    "-n",
    "--namespace",
    "-namespace",
    "--cluster",
    "--stage",
    "-s",
    "--env",
    "--environment",
    "-e",
    "--app",
    "-a",
    "--stack",
    "--stack-name",
    "--config-env",
    "-c",
    "--config",
    "--remote",
    "-r",
    "--target",
    "-t",
    "--profile",
    "--project",
    "--project_id",
    "--project-id",
    "-var-file",
    "--var-file",
    "-chdir",
    "--address",
    "-address",
    "--http-addr",
    "-http-addr",
    "--uri",
    "-l",
    "-workspace",
    "--workspace",
    "--env-id",
];

/// Whether a deploy or ops tool's line names a production target: a [`TARGET_OPTIONS`] value
/// (`--context prod`, `--stage=production`, `-a shop-prod`, `-c env=production`,
/// `-address=https://nomad.prod:4646`) or a site alias (`@prod`, `@live`) that
/// [`production_name`] marks. A context of a local cluster ([`local_target`]) is none.
pub(crate) fn production_target(args: &[crate::shell::Word]) -> bool {
    args.iter().enumerate().any(|(at, arg)| {
        let text = arg.text.as_str();
        let value = match text.split_once('=') {
            Some((option, value)) if TARGET_OPTIONS.contains(&option) => Some(value),
            _ if TARGET_OPTIONS.contains(&text) => {
                args.get(at + 1).map(|v| v.text.as_str()).filter(|v| !v.starts_with('-'))
            }
            _ => text.strip_prefix('@'),
        };
        value.is_some_and(|value| production_name(value) && !local_target(value))
    })
}

/// Whether an earlier command of the line selected a production target for this one
/// ([`SimpleCommand::selected`](crate::shell::SimpleCommand::selected): `export
/// AWS_PROFILE=prod`, `source .env.production`, `firebase use prod`), by the same test as
/// [`production_target`]'s, or the command runs on a production host (`ssh prod-web-1 'docker
/// compose down -v'`, [`runner_production`]): the packs judge it as they would a local
/// command aimed at production.
pub(crate) fn selected_production(command: &crate::shell::SimpleCommand) -> bool {
    command
        .selected
        .as_ref()
        .is_some_and(|target| production_name(&target.text) && !local_target(&target.text))
        || !command.via.is_empty() && runner_production(&command.via)
}

/// Whether an earlier command of the line selected a target on this machine for this one
/// (`kubectl config use-context kind-dev`), by [`local_target`].
pub(crate) fn selected_local(command: &crate::shell::SimpleCommand) -> bool {
    command.selected.as_ref().is_some_and(|target| local_target(&target.text))
}

/// Whether a cluster context or endpoint is on this machine: kind's, k3d's, minikube's, Docker
/// Desktop's, Rancher Desktop's, OrbStack's, Colima's, MicroK8s' contexts, and a `localhost`
/// address (LocalStack's `http://localhost:4566`).
pub(crate) fn local_target(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    let host = lower.split_once("://").map_or(lower.as_str(), |(_, rest)| rest);
    let host = host.split(['/', '?', '#']).next().unwrap_or_default();
    let host = host
        .rsplit_once(':')
        .filter(|(_, port)| port.bytes().all(|b| b.is_ascii_digit()))
        .map_or(host, |(h, _)| h);
    [
        "kind-",
        "k3d-",
        "minikube",
        "docker-desktop",
        "docker-for-desktop",
        "rancher-desktop",
        "orbstack",
        "colima",
        "microk8s",
    ]
    .iter()
    .any(|prefix| lower.starts_with(prefix))
        || matches!(
            host,
            "localhost" | "127.0.0.1" | "[::1]" | "0.0.0.0" | "host.docker.internal" | "localstack"
        )
        || host.ends_with(".localhost")
}

/// Whether a command runs on another machine or in a cluster by the runners it came
/// through, where a client with no host reaches that machine's server: a remote shell
/// ([`crate::shell::runs_remotely`]), `kubectl exec|run` unless its context or server is a local
/// cluster's, and `docker exec` on an engine (`-H`, `--context`) elsewhere or in a compose
/// stack named for production.
pub(crate) fn runs_elsewhere(via: &[String]) -> bool {
    if via.is_empty() {
        return false;
    }
    crate::shell::runs_remotely(via)
        || via.iter().any(|via| {
            let kubectl = ["kubectl exec", "kubectl run", "oc exec", "oc run"]
                .iter()
                .find_map(|runner| crate::shell::runner_targets(via, runner));
            if let Some(mut targets) = kubectl {
                return !targets.any(local_target);
            }
            // A compose stack's via holds its files and project (`docker-compose exec
            // docker-compose.prod.yml`).
            let engine = [
                "docker exec",
                "docker run",
                "podman exec",
                "podman run",
                "docker-compose exec",
                "docker-compose run",
                "podman-compose exec",
                "podman-compose run",
            ]
            .iter()
            .find_map(|runner| crate::shell::runner_targets(via, runner));
            engine.is_some_and(|mut targets| {
                targets.any(|t| !local_target(t) && (t.contains("://") || production_name(t)))
            })
        })
}

/// Whether a runner a command came through names production as where it runs: `kubectl
/// --context prod exec`, `kubectl exec -n prod`, `kamal app exec -d production`, `ssh
/// prod-db`, `docker -H ssh://prod-host exec` ([`production_name`], a local cluster's name
/// excepted).
pub(crate) fn runner_production(via: &[String]) -> bool {
    via.iter().any(|via| {
        PRODUCTION_RUNNERS
            .iter()
            .filter_map(|runner| crate::shell::runner_targets(via, runner))
            .any(|mut targets| targets.any(|t| production_name(t) && !local_target(t)))
    })
}

/// The runners whose via names where the command runs ([`runner_production`]).
const PRODUCTION_RUNNERS: &[&str] = &[
    "ssh",
    "mosh",
    "et",
    "tsh ssh",
    "aws ec2-instance-connect ssh",
    "aws ssm start-session",
    "aws ecs execute-command",
    "scw instance server ssh",
    "az aks command invoke",
    "az vm run-command",
    "gcloud compute ssh",
    "kubectl exec",
    "kubectl run",
    "oc exec",
    "oc run",
    "kamal exec",
    "docker exec",
    "docker run",
    "docker-compose exec",
    "docker-compose run",
    "podman exec",
    "podman run",
    "podman-compose exec",
    "podman-compose run",
    "doctl compute ssh",
    "nomad alloc exec",
];

/// Whether a runner a command came through names a disposable machine as where it runs (`ssh
/// dev-box`, `gcloud compute ssh ci-runner-3`, [`disposable_target`]), and none production.
pub(crate) fn runner_disposable(via: &[String]) -> bool {
    let mut targets = via.iter().filter_map(|via| {
        PRODUCTION_RUNNERS.iter().find_map(|runner| crate::shell::runner_targets(via, runner))
    });
    let mut any = false;
    let all = targets.all(|mut targets| {
        targets.any(|t| {
            any = true;
            disposable_target(t)
        })
    });
    any && all && !runner_production(via)
}

/// The rules a line scoped to a disposable target ([`disposable_scope`]) passes: destroys and
/// unreviewed applies of infrastructure, app deletes, and deletes in a cluster short of a
/// whole namespace.
const SCOPED_RULES: &[&str] = &[
    "iac.destroy",
    "iac.apply-unreviewed",
    "hosting.app-delete",
    "kubernetes.helm-uninstall",
    "kubernetes.delete-volume",
    "kubernetes.delete-workload",
    "kubernetes.delete-manifest",
    "kubernetes.scale-to-zero",
    "containers.machine-delete",
];

/// The rules whose target is the operand they delete, so that a disposable operand scopes the
/// line (`fly apps destroy acme-pr-88`, `pscale branch delete acme feature-x`).
const OPERAND_RULES: &[&str] = &["hosting.app-delete", "cloud.unknown-destroy", "containers.machine-delete"];

/// Whether a deploy or infrastructure tool's line is scoped to a disposable target
/// ([`disposable_target`]): every scoping option names one (`-chdir=envs/dev`, `--stack pr-42`,
/// `-n pr-42-preview`, `helmfile -e dev`, `--terragrunt-working-dir live/sandbox/app`,
/// `-var-file=dev.tfvars`, `--stage dev`, `-target=null_resource.test`, `--app acme-review-12`,
/// `kubectl delete -f k8s/dev/pod.yaml`), or none is given and the infrastructure's directory
/// below the project (`cd infra/envs/dev && terraform destroy`), an earlier command of the line (`export
/// PULUMI_STACK=dev`, `terraform workspace select dev`) or a launcher's profile (`aws-vault exec
/// dev --`) selected one, or the app or branch a delete names is one (`fly apps destroy
/// acme-pr-88`, a database's `feature-x` branch). A production target anywhere, or every
/// namespace (`-A`), is none.
pub(crate) fn disposable_scope(call: &Call, rule: &str) -> bool {
    const SCOPES: &[&str] = &[
        "-chdir",
        "--terragrunt-working-dir",
        "--working-dir",
        "-s",
        "--stage",
        "--stack",
        "-var-file",
        "--var-file",
        "-target",
        "--target",
        "-e",
        "--environment",
        "--env",
        "-n",
        "--namespace",
        "--kube-context",
        "--context",
        "-a",
        "--app",
        "--project",
        "-f",
        "--filename",
        "-address",
        "--address",
    ];
    let command = call.command;
    let args = command.args();
    if production_target(args) || selected_production(command) {
        return false;
    }
    // A scope named disposable does not hold against production named anywhere else on the
    // command (`-var env=prod`, `TF_WORKSPACE=prod`, `--kubeconfig ~/.kube/prod.yaml`).
    let production = |text: &str| production_name(text) && !local_target(text);
    if args.iter().any(|a| production(&a.text) || a.text == "-A" || a.text == "--all-namespaces")
        || command.assignments.iter().any(|(_, v)| production(&v.text))
    {
        return false;
    }
    let mut scoped = false;
    for (at, arg) in args.iter().enumerate() {
        let text = arg.text.as_str();
        let (option, value) = match text.split_once('=') {
            Some((option, value)) if SCOPES.contains(&option) => (option, Some(value)),
            _ if SCOPES.contains(&text) => (text, args.get(at + 1).map(|v| v.text.as_str())),
            _ => continue,
        };
        // A manifest's path scopes a cluster's deletes (`kubectl delete -f k8s/dev/pod.yaml`);
        // other tools' `-f` is a flag or a file of settings (`helmfile -f helmfile.yaml`).
        if matches!(option, "-f" | "--filename") && !matches!(call.name, Some("kubectl" | "oc")) {
            continue;
        }
        let Some(value) = value else { return false };
        // A resource address's name is its last part (`-target=null_resource.test`), and a
        // production module anywhere in it (`module.prod.x.test`) is production's.
        let name = if text.starts_with("-target") || text.starts_with("--target") {
            value.rsplit('.').next().unwrap_or(value)
        } else {
            value
        };
        if arg.dynamic || production_name(value) || !(disposable_target(name) || local_target(name)) {
            return false;
        }
        scoped = true;
    }
    // A server on this machine named by the tool's address variable (`NOMAD_ADDR=http://127.0.0.1:4646`).
    let local_address = command.assignments.iter().any(|(variable, value)| {
        ["_ADDR", "_ADDRESS", "_HOST", "_URL", "_ENDPOINT"].iter().any(|end| variable.ends_with(end))
            && !value.dynamic
            && local_target(&value.text)
    });
    scoped
        || local_address
        || command.selected.as_ref().is_some_and(|t| !t.dynamic && disposable_target(&t.text))
        || rule.starts_with("iac.") && disposable_directory(call)
        || disposable_operand(call, rule)
}

/// Whether the command runs in a directory of the project named disposable (`infra/envs/dev`,
/// `stacks/sandbox`), by the line's `cd` or where the line started: an infrastructure tool's
/// configuration there is its scope. The project's own place (`~/dev/acme`) says nothing.
fn disposable_directory(call: &Call) -> bool {
    let ctx = call.ctx;
    if !ctx.cwd_known {
        return false;
    }
    let below = ctx.cwd.strip_prefix(&ctx.project_root).ok().and_then(std::path::Path::to_str);
    below.is_some_and(|below| !below.is_empty() && !below.contains("..") && disposable_target(below))
}

/// Whether an app or database-branch delete ([`OPERAND_RULES`]) names a disposable one as
/// its last operand: an app by a name of its own that says so (`acme-pr-88`; a bare
/// `development` is a kind of thing, as `fastlane match nuke development`'s certificates), a
/// branch by such a name or a work branch's prefix (`feature-x`, `fix/login`; never `main`
/// nor a production one).
fn disposable_operand(call: &Call, rule: &str) -> bool {
    if !OPERAND_RULES.contains(&rule) {
        return false;
    }
    let args = call.args();
    if args.iter().any(|a| a.dynamic || a.glob || a.text.contains([' ', '\'', '"'])) {
        return false;
    }
    let mut operands = args.iter().map(|a| a.text.as_str()).filter(|text| !text.starts_with('-'));
    let branch = operands.clone().any(|w| matches!(w, "branch" | "branches"));
    if !branch && !matches!(rule, "hosting.app-delete" | "containers.machine-delete") {
        return false;
    }
    operands.next_back().is_some_and(|last| {
        disposable_target(last) && crate::shell::name_words(last).nth(1).is_some()
            || branch
                && crate::shell::name_words(last).next().is_some_and(|first| {
                    ["feature", "feat", "fix", "bugfix", "chore", "wip", "experiment"]
                        .iter()
                        .any(|prefix| first.eq_ignore_ascii_case(prefix))
                })
    })
}

/// Whether a resource's name says it is disposable: one of its words ([`crate::shell::name_words`], a
/// trailing number cut) is `dev`, `development`, `sandbox`, `test`, `ephemeral`, `preview`,
/// `scratch`, `tmp`, `temp`, `review`, `demo`, `playground`, `ci`, `e2e` or `localstack` (an
/// emulator on this machine), or `pr` with a
/// number (`pr-42`, `pr42`), and none marks production ([`production_name`]):
/// `ci-runner-tmp-8812`, `rg-pr42-ephemeral-sandbox`, `s3://acme-dev-preview/pr-42/`. A
/// wildcard names no one resource (`test-*`).
pub(crate) fn disposable_target(name: &str) -> bool {
    const DISPOSABLE: &[&str] = &[
        "dev",
        "development",
        "sandbox",
        "test",
        "tests",
        "testing",
        "ephemeral",
        "preview",
        "scratch",
        "tmp",
        "temp",
        "temporary",
        "review",
        "demo",
        "playground",
        "ci",
        "e2e",
        "localstack",
    ];
    if name.contains(['*', '?', '$', '`']) || production_name(name) {
        return false;
    }
    // A host's top-level domain is no environment (`us-docker.pkg.dev/p/r/app`); a dotfile's
    // last part is (`.env.development`).
    let path = name.split_once("://").map_or(name, |(_, rest)| rest);
    let (host, rest) = path.split_once('/').unwrap_or((path, ""));
    let host =
        if host.starts_with('.') { host } else { host.rsplit_once('.').map_or(host, |(inner, _)| inner) };
    let mut words = crate::shell::name_words(host).chain(crate::shell::name_words(rest)).peekable();
    while let Some(word) = words.next() {
        let stem = word.trim_end_matches(|c: char| c.is_ascii_digit());
        if DISPOSABLE.iter().any(|d| stem.eq_ignore_ascii_case(d)) {
            return true;
        }
        let numbered =
            stem.len() < word.len() || words.peek().is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()));
        if stem.eq_ignore_ascii_case("pr") && numbered {
            return true;
        }
    }
    false
}

/// Whether the line sends its calls to an emulator on this machine (`--endpoint-url
/// http://localhost:4566`, LocalStack's), whose resources are the user's to break.
pub(crate) fn local_endpoint(args: &[crate::shell::Word]) -> bool {
    args.iter().enumerate().any(|(at, arg)| {
        let text = arg.text.as_str();
        let value = match text.split_once('=') {
            Some(("--endpoint-url" | "--endpoint", value)) => Some(value),
            _ if matches!(text, "--endpoint-url" | "--endpoint") => args.get(at + 1).map(|v| v.text.as_str()),
            _ => None,
        };
        value.is_some_and(local_target)
    })
}

/// The value of a cluster context option (`--context`, `--kube-context`), if given.
pub(crate) fn context_value(args: &[crate::shell::Word]) -> Option<&str> {
    args.iter().enumerate().find_map(|(at, arg)| {
        let text = arg.text.as_str();
        match text.split_once('=') {
            Some(("--context" | "--kube-context", value)) => Some(value),
            _ if matches!(text, "--context" | "--kube-context") => args.get(at + 1).map(|v| v.text.as_str()),
            _ => None,
        }
    })
}

/// Whether `arg` is a short-option cluster (`-rf`) that contains `letter`.
pub(crate) fn short_cluster_has(arg: &str, letter: char) -> bool {
    arg.strip_prefix('-').is_some_and(|rest| {
        !rest.starts_with('-')
            && !rest.is_empty()
            && rest.chars().all(|c| c.is_ascii_alphanumeric())
            && rest.contains(letter)
    })
}

#[cfg(test)]
pub(crate) mod testing {
    //! Builders for hand-made analyses and the context every rule test runs in.

    use std::path::PathBuf;

    use super::*;
    use crate::shell::{Stdin, Word};

    /// The project `/home/dev/app` of user `dev`, with `/tmp` and `/var/tmp` as temp dirs.
    pub fn ctx() -> Context {
        Context {
            cwd: PathBuf::from("/home/dev/app"),
            project_root: PathBuf::from("/home/dev/app"),
            home: Some(PathBuf::from("/home/dev")),
            temp_dirs: vec![PathBuf::from("/tmp"), PathBuf::from("/var/tmp")],
            cwd_known: true,
        }
    }

    /// [`evaluate`] of a whole line that starts in `ctx`.
    pub fn evaluate_in(analysis: &Analysis, ctx: &Context, packs: &PackSettings) -> Option<Finding> {
        evaluate(analysis, &Places::new(&analysis.commands, ctx), packs, |_| Vec::new())
    }

    /// A word as the analyser would give it for unquoted text: `$` or a backtick makes it
    /// dynamic, `*`, `?` or `[` a glob.
    pub fn word(text: &str) -> Word {
        Word {
            text: text.to_owned(),
            raw: text.to_owned(),
            dynamic: text.contains(['$', '`']),
            glob: text.contains(['*', '?', '[']),
        }
    }

    pub fn command(argv: &[&str]) -> SimpleCommand {
        SimpleCommand {
            argv: argv.iter().map(|w| word(w)).collect(),
            text: argv.join(" "),
            ..Default::default()
        }
    }

    /// Commands run one after the other (`a; b; c`).
    pub fn sequence(commands: &[&[&str]]) -> Analysis {
        Analysis {
            commands: commands.iter().map(|argv| command(argv)).collect(),
            incomplete: false,
            unseen: Vec::new(),
            fork_bombs: Vec::new(),
            environment_dumps: Vec::new(),
            redefined: Vec::new(),
        }
    }

    /// One pipeline (`a | b | c`).
    pub fn pipeline(commands: &[&[&str]]) -> Analysis {
        let mut analysis = sequence(commands);
        for (index, command) in analysis.commands.iter_mut().enumerate().skip(1) {
            command.stdin = Stdin::Pipe { from: Some(index - 1) };
        }
        analysis
    }

    /// The rule the default policy fires on `analysis`, if any.
    pub fn rule_of(analysis: &Analysis) -> Option<&'static str> {
        evaluate_in(analysis, &ctx(), &PackSettings::default()).map(|f| f.rule)
    }

    /// The rule the default policy fires on one command.
    pub fn rule(argv: &[&str]) -> Option<&'static str> {
        rule_of(&sequence(&[argv]))
    }
}

#[cfg(test)]
mod tests {
    use super::testing::*;
    use super::*;

    fn settings(pack: Pack, setting: PackSetting) -> PackSettings {
        let mut packs = PackSettings::default();
        packs.0.insert(pack, setting);
        packs
    }

    #[test]
    fn deny_beats_an_earlier_ask() {
        let packs = settings(Pack::Git, PackSetting { action: Action::Ask, ..Default::default() });
        let analysis = sequence(&[&["git", "reset", "--hard"], &["rm", "-rf", "/"]]);
        let finding = evaluate_in(&analysis, &ctx(), &packs).expect("a finding");
        assert_eq!((finding.rule, finding.action, finding.command), ("rm.root", Action::Deny, 1));
    }

    #[test]
    fn first_ask_in_source_order_wins() {
        let ask = PackSetting { action: Action::Ask, ..Default::default() };
        let mut packs = settings(Pack::Git, ask.clone());
        packs.0.insert(Pack::Rm, ask);
        let analysis = sequence(&[&["git", "reset", "--hard"], &["rm", "-rf", "/"]]);
        let finding = evaluate_in(&analysis, &ctx(), &packs).expect("a finding");
        assert_eq!((finding.rule, finding.action), ("git.reset-hard", Action::Ask));
    }

    #[test]
    fn allow_and_off_never_fire() {
        for action in [Action::Allow, Action::Off] {
            let packs = settings(Pack::Rm, PackSetting { action, ..Default::default() });
            assert_eq!(evaluate_in(&sequence(&[&["rm", "-rf", "/"]]), &ctx(), &packs), None);
        }
    }

    #[test]
    fn message_override_replaces_the_default() {
        let message = Some("Ask Sam first".into());
        let packs = settings(Pack::Rm, PackSetting { message, ..Default::default() });
        let finding = evaluate_in(&sequence(&[&["rm", "-rf", "/"]]), &ctx(), &packs).expect("a finding");
        assert_eq!(finding.message, "Ask Sam first");
    }

    #[test]
    fn unknown_names_are_judged_as_each_guess() {
        assert_eq!(rule(&["$x", "-rf", "/"]), Some("rm.root"));
        assert_eq!(rule(&["$(echo git)", "reset", "--hard"]), Some("git.reset-hard"));
        assert_eq!(rule(&["$cmd", "-la"]), None);
        assert_eq!(rule(&["$SLEEP", "1"]), None);
    }

    #[test]
    fn names_are_compared_without_case_and_exe_suffix() {
        assert_eq!(rule(&["/bin/RM", "-rf", "/"]), Some("rm.root"));
        assert_eq!(rule(&["C:\\Windows\\git.exe", "reset", "--hard"]), Some("git.reset-hard"));
    }

    #[test]
    fn short_clusters() {
        assert!(short_cluster_has("-rf", 'r'));
        assert!(!short_cluster_has("--rf", 'r'));
        assert!(!short_cluster_has("-", 'r'));
        assert!(!short_cluster_has("-r=1", 'r'));
    }
}
