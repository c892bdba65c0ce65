//! The `iac` pack: infrastructure-as-code tools destroying what they manage: `terraform` and
//! `tofu` (`destroy`, `apply -destroy`, `state rm|mv`, `import`, `workspace delete`), `terragrunt`, `pulumi
//! destroy` and `stack rm`, `cdk destroy`, `serverless remove`, `sam delete`; changes applied
//! unreviewed (`apply -auto-approve`, `pulumi up --yes`, `cdk deploy --require-approval never`,
//! a production stage deployed by `cdk`, `sam` or `serverless`); an ad-hoc
//! `ansible` call that leaves standing access on the hosts (`-m authorized_key`). terraform's
//! flags given through `TF_CLI_ARGS`/`TF_CLI_ARGS_<verb>` (on the line, exported before it, or
//! as a `make` variable for the terraform a recipe runs) are read as its arguments.

use super::{Call, Hit};

pub(super) fn judge(call: &Call) -> Option<Hit> {
    let name = call.name?;
    if !matches!(
        name,
        "npx"
            | "bunx"
            | "pnpx"
            | "terraform"
            | "tf"
            | "tofu"
            | "terragrunt"
            | "pulumi"
            | "cdk"
            | "aws-cdk"
            | "cdktf"
            | "serverless"
            | "sls"
            | "sam"
            | "ansible"
    ) {
        // `make destroy TF_CLI_ARGS_destroy=-auto-approve`, `TF_CLI_ARGS=-destroy ./deploy.sh`:
        // the terraform a wrapper runs reads its flags from there.
        if !call.command.assignments.is_empty() || matches!(name, "make" | "gmake" | "bmake") {
            return injected_by_wrapper(call);
        }
        return None;
    }
    // A disposable scope (`-chdir=envs/dev`) is weighed where every pack's hits are.
    judge_named(call, name)
}

/// The variables terraform reads as arguments: `TF_CLI_ARGS` for every subcommand and
/// `TF_CLI_ARGS_<subcommand>` for one, given by name and value.
fn terraform_variables<'a>(call: &'a Call) -> impl Iterator<Item = (&'a str, &'a str)> + 'a {
    let commands = &call.analysis.commands[..call.index.min(call.analysis.commands.len())];
    let exported = commands.iter().filter(|c| c.name() == Some("export")).flat_map(|c| c.args());
    let make = matches!(call.name, Some("make" | "gmake" | "bmake"));
    call.command
        .assignments
        .iter()
        .map(|(variable, value)| (variable.as_str(), value.text.as_str()))
        .chain(
            exported.chain(call.args().iter().filter(move |_| make)).filter_map(|a| a.text.split_once('=')),
        )
        .filter(|(variable, _)| variable.starts_with("TF_CLI_ARGS"))
}

/// The flags the environment gives `terraform VERB` (`TF_CLI_ARGS`, `TF_CLI_ARGS_VERB`).
fn environment_flags<'a>(call: &'a Call, verb: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    terraform_variables(call)
        .filter(move |(variable, _)| {
            variable
                .strip_prefix("TF_CLI_ARGS")
                .is_some_and(|rest| rest.is_empty() || rest.strip_prefix('_') == Some(verb))
        })
        .flat_map(|(_, value)| value.split_whitespace())
}

/// [`judge`] of a command that runs terraform out of sight, given `-destroy` or
/// `-auto-approve` through the environment.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn injected_by_wrapper(call: &Call) -> Option<Hit> {
    let flag = |value: &str, wanted: &str| {
        value.split_whitespace().any(|word| word.trim_start_matches('-') == wanted.trim_start_matches('-'))
    };
    let mut found = None;
    for (variable, value) in terraform_variables(call) {
        let verb = variable.strip_prefix("TF_CLI_ARGS").unwrap_or_default().trim_start_matches('_');
        let destroys = matches!(verb, "" | "apply") && flag(value, "-destroy")
            || verb == "destroy" && flag(value, "-auto-approve");
        if destroys {
            return Some(Hit::new("iac.destroy", DESTROY));
        }
        if matches!(verb, "" | "apply") && flag(value, "-auto-approve") {
            found = Some(Hit::new("iac.apply-unreviewed", APPLY));
        }
    }
    found
}

/// Whether the line answers the tool's confirmation prompt: its input is `yes` (`echo yes |`,
/// `yes |`, `printf 'yes\n' |`, `<<< yes`).
fn answered(call: &Call) -> bool {
    match &call.command.stdin {
        crate::shell::Stdin::Text(text) => text.trim().eq_ignore_ascii_case("yes"),
        crate::shell::Stdin::Pipe { from: Some(from) } => {
            call.analysis.commands.get(*from).is_some_and(|source| match source.name() {
                Some("yes") => true,
                Some("echo" | "printf") => source
                    .args()
                    .iter()
                    .any(|a| a.text.trim().trim_end_matches("\\n").eq_ignore_ascii_case("yes")),
                _ => false,
            })
        }
        _ => false,
    }
}

/// `cdk deploy --require-approval never` (or `=never`).
fn never_approve(args: &[&str]) -> bool {
    args.contains(&"--require-approval=never")
        || args.windows(2).any(|pair| pair == ["--require-approval", "never"])
}

/// [`judge`] of a command this pack is about, out of line so that an allowed call runs only
/// the name check above (ARCHITECTURE.md, "Start-up").
#[inline(never)]
fn judge_named(call: &Call, name: &str) -> Option<Hit> {
    let args: Vec<&str> = call.args().iter().map(|a| a.text.as_str()).collect();
    // The first word that is not an option (terraform's `-chdir=x` comes before the verb).
    // pulumi's `-C DIR` and `-s STACK`, cdk's `-c KEY=VALUE` and `--require-approval never`
    // take the next word.
    let verbs: Vec<&str> = super::operands(
        call.args(),
        &["-C", "--cwd", "-s", "--stack", "-c", "--context", "--require-approval", "--profile"],
    )
    .collect();
    let verb = |i: usize| verbs.get(i).copied();
    let tool = match name {
        // `npx cdk destroy`, `npx serverless remove`: the package runners' first operand.
        "npx" | "bunx" | "pnpx" => verb(0)?,
        // `tf`, the usual alias of terraform (judged by terraform's verbs only).
        "tf" => "terraform",
        _ => name,
    };
    let verbs = if matches!(name, "npx" | "bunx" | "pnpx") { &verbs[1..] } else { &verbs[..] };
    let verb = |i: usize| verbs.get(i).copied();
    // A production target: an option's value (`--stage prod`, `--config-env prod`, `-c
    // env=production`, `--stack-name api-prod`) or a stack named as an operand (`cdk deploy
    // ApiStack-Prod`).
    let production = |operands: &[&str]| {
        super::production_target(call.args()) || operands.iter().any(|w| super::production_name(w))
    };
    // terraform reads `TF_CLI_ARGS` and `TF_CLI_ARGS_<verb>` as words after the verb.
    let terraform = matches!(tool, "terraform" | "tofu" | "terragrunt");
    let written = verb(0).unwrap_or_default();
    let flag = |f: &str| {
        args.iter().any(|a| crate::shell::is_option(a, f))
            || terraform && environment_flags(call, written).any(|a| crate::shell::is_option(a, f))
    };
    match tool {
        "ansible" => host_access(call.args()).then(|| Hit::ask("iac.host-access", HOST_ACCESS)),
        // The manual runs nothing (`terraform import -help`, `pulumi destroy --help`).
        _ if flag("-help") || flag("-h") || flag("--help") => None,
        "terraform" | "tofu" | "terragrunt" => {
            let verb = if verb(0) == Some("run-all") { verb(1) } else { verb(0) };
            match verb? {
                "destroy" => Some(Hit::new("iac.destroy", DESTROY)),
                "apply" if flag("-destroy") || flag("--destroy") => Some(Hit::new("iac.destroy", DESTROY)),
                // `apply -replace=ADDR`: destroys the resource and makes a new one.
                "apply" if flag("-replace") => Some(Hit::new("iac.replace", REPLACE)),
                // `taint ADDR`: the next apply destroys the resource and creates it again.
                "taint" => Some(Hit::ask("iac.replace", TAINT)),
                // A saved plan applies with no prompt: one made on this same line (`plan -out p
                // && apply p`) was shown to nobody, and one made before it the line does not
                // show either.
                "apply" if saved_plan(call.args()) => Some(Hit::new("iac.apply-unreviewed", APPLY)),
                "state" if matches!(verbs.get(1).copied(), Some("rm")) => {
                    Some(Hit::new("iac.state-rm", STATE_RM))
                }
                // A state written by hand, or a lock broken: what the tool believes it manages
                // is no longer what it made.
                // A resource moved or imported into the state is one the next apply changes or
                // destroys as the configuration says.
                "state" if matches!(verbs.get(1).copied(), Some("push" | "replace-provider" | "mv")) => {
                    Some(Hit::new("iac.state-edit", STATE_EDIT))
                }
                "import" => Some(Hit::ask("iac.state-edit", STATE_EDIT)),
                "force-unlock" => Some(Hit::new("iac.state-edit", STATE_EDIT)),
                // `init -backend-config="address=https://…" -migrate-state`: the state, with
                // every secret the resources hold, copied to a host the line names.
                // `-reconfigure` with a backend named on the line writes every later state
                // there; `-force-copy` answers the copy's prompt unseen, wherever the backend is.
                "init"
                    if (flag("-migrate-state") || flag("-reconfigure")) && backend_on_line(&args)
                        || flag("-force-copy") =>
                {
                    Some(Hit::ask("iac.state-edit", STATE_MOVED))
                }
                // An apply to production (`-var-file=envs/production.tfvars`,
                // `-chdir=envs/prod`) with no saved plan: a prompt answered by a pipe (`yes |`)
                // is no review.
                "apply" if !saved_plan(call.args()) && production(&verbs[1..]) => {
                    Some(Hit::new("iac.apply-unreviewed", APPLY))
                }
                // `apply -auto-approve` with no saved plan: changes nobody reviewed. A saved plan
                // (`apply tf.plan`) was shown when it was made.
                // A prompt answered on the line (`echo yes | terraform apply`, `<<< yes`) is
                // `-auto-approve` spelt another way.
                "apply"
                    if (flag("-auto-approve") || flag("--auto-approve") || answered(call))
                        && !saved_plan(call.args()) =>
                {
                    Some(Hit::new("iac.apply-unreviewed", APPLY))
                }
                "workspace" if matches!(verbs.get(1).copied(), Some("delete")) => {
                    Some(Hit::new("iac.workspace-delete", WORKSPACE_DELETE))
                }
                _ => None,
            }
        }
        "pulumi" => match (verb(0)?, verb(1)) {
            ("destroy" | "down", _) => Some(Hit::new("iac.destroy", DESTROY)),
            ("stack", Some("rm" | "remove")) => Some(Hit::new("iac.stack-rm", STACK_RM)),
            ("state", Some("delete")) => Some(Hit::new("iac.state-rm", STATE_RM)),
            // `state unprotect` takes away the protection against the resources' deletion.
            ("state", Some("edit" | "move" | "unprotect"))
            | ("stack", Some("import"))
            | ("import", _)
            | ("cancel", _) => Some(Hit::new("iac.state-edit", STATE_EDIT)),
            // A refresh accepted unseen writes what it found over production's state, and
            // `--clear-pending-creates` forgets resources half made.
            ("refresh", _)
                if (flag("--yes") || flag("-y") || flag("--skip-preview"))
                    && (production(&verbs[1..]) || flag("--clear-pending-creates")) =>
            {
                Some(Hit::new("iac.apply-unreviewed", APPLY))
            }
            ("up" | "update", _) if flag("--yes") || flag("-y") || flag("--skip-preview") || flag("-f") => {
                Some(Hit::new("iac.apply-unreviewed", APPLY))
            }
            _ => None,
        },
        "cdk" | "aws-cdk" | "cdktf" => match verb(0)? {
            "destroy" => Some(Hit::new("iac.destroy", DESTROY)),
            // `--require-approval never` skips the one review `cdk deploy` has (of widened
            // permissions), as `-auto-approve` does; a production stage or stack gets none.
            // Stacks that all say they are disposable (`cdk deploy DevStack`) are the user's to
            // change unreviewed.
            "deploy"
                if never_approve(&args)
                    && !(verbs.len() > 1
                        && verbs[1..].iter().all(|stack| super::disposable_target(stack)))
                    || production(&verbs[1..]) =>
            {
                Some(Hit::new("iac.apply-unreviewed", APPLY))
            }
            _ => None,
        },
        // `sam delete` deletes the application's CloudFormation stack; `sam deploy
        // --no-confirm-changeset` applies its change set unseen, and `sam sync` (meant for
        // development stacks) skips change sets altogether.
        "sam" => match verb(0)? {
            "delete" => Some(Hit::new("iac.destroy", DESTROY)),
            "deploy" if flag("--no-confirm-changeset") && production(&verbs[1..]) => {
                Some(Hit::new("iac.apply-unreviewed", APPLY))
            }
            "sync" if production(&verbs[1..]) => Some(Hit::new("iac.apply-unreviewed", APPLY)),
            _ => None,
        },
        "serverless" | "sls" => match verb(0)? {
            "remove" => Some(Hit::new("iac.destroy", DESTROY)),
            // `--noDeploy` builds the package and stops short of deploying it.
            "deploy" if production(&verbs[1..]) && !flag("--noDeploy") => {
                Some(Hit::new("iac.apply-unreviewed", APPLY))
            }
            _ => None,
        },
        _ => None,
    }
}

const DESTROY: &str = "This destroys the infrastructure the configuration manages. Run `plan -destroy` (or the tool's preview) and show it to the user, who can run the destroy.";
const STATE_RM: &str =
    "This makes the tool forget resources it manages, so they are no longer tracked. Ask the user to run it.";
const REPLACE: &str = "`-replace` destroys the resource and creates it again, with whatever it held. Show the plan (`plan -replace=...`) to the user, who can apply it.";
const WORKSPACE_DELETE: &str = "`workspace delete` deletes a workspace's state, so the tool loses track of everything it manages there. Ask the user to run it.";
/// Whether `terraform apply` is given a saved plan: an operand that is no option's value. A
/// computed word (`$(cat extra-args.txt)`) may be any flags, so it is no plan.
fn saved_plan(words: &[crate::shell::Word]) -> bool {
    const VALUED: &[&str] = &[
        "-var",
        "-var-file",
        "-target",
        "-replace",
        "-state",
        "-state-out",
        "-backup",
        "-lock-timeout",
        "-parallelism",
        "--var",
        "--var-file",
        "--target",
        "--terragrunt-working-dir",
    ];
    let after = words.iter().position(|w| w.text == "apply").map_or(words.len(), |at| at + 1);
    words.iter().enumerate().skip(after).any(|(at, word)| {
        let arg = word.text.as_str();
        !word.dynamic
            && !arg.starts_with('-')
            && !arg.contains('=')
            && !VALUED.contains(&words[at - 1].text.as_str())
    })
}

const TAINT: &str = "`taint` marks a resource so that the next apply destroys it and creates it again, with whatever it held. Show the plan (`plan -replace=...`) to the user, who can apply it.";

/// Whether a `-backend-config` value of `terraform init` names an address (`address=https://…`,
/// `bucket=…`, `hostname=…`) rather than a file of the project (`-backend-config=prod.hcl`).
fn backend_on_line(args: &[&str]) -> bool {
    args.iter().enumerate().any(|(at, arg)| {
        let value = match arg.trim_start_matches('-') {
            "backend-config" => args.get(at + 1).copied(),
            text => text.strip_prefix("backend-config="),
        };
        value.is_some_and(|value| value.contains('=') || value.contains("://"))
    })
}

const STATE_MOVED: &str = "This copies the state, with the secrets of every resource in it, to a backend named on the line. Check that it is the user's own, or ask the user.";
const STATE_EDIT: &str = "This writes the state by hand or breaks its lock, so the tool may no longer track (or may destroy) what it made. Ask the user to run it.";
const APPLY: &str = "This applies infrastructure changes without showing the plan. Run `plan` (or `pulumi preview`) and show it to the user, who can apply it.";
const STACK_RM: &str = "`pulumi stack rm` deletes a stack and its history. Ask the user to run it.";

/// Whether an ad-hoc `ansible HOSTS -m MODULE -a ARGS` leaves standing access on the hosts: an
/// SSH key authorised (`authorized_key`), a user made or put in an admin group (`user` with
/// `groups=sudo|wheel|admin` or a `password=`), a file written into `authorized_keys` or
/// `sudoers`, a cron job.
fn host_access(args: &[crate::shell::Word]) -> bool {
    let value = |options: &[&str]| {
        args.iter().enumerate().find_map(|(at, a)| {
            options.iter().find_map(|option| {
                if a.text == *option {
                    args.get(at + 1).map(|v| v.text.as_str())
                } else {
                    a.text.strip_prefix(option).and_then(|rest| rest.strip_prefix('='))
                }
            })
        })
    };
    let module = value(&["-m", "--module-name"]).unwrap_or_default();
    let module = module.rsplit('.').next().unwrap_or(module);
    let arguments = value(&["-a", "--args"]).unwrap_or_default();
    match module {
        "authorized_key" | "cron" => true,
        "user" => {
            arguments.contains("password=")
                || arguments.split([' ', ',']).any(|part| {
                    part.strip_prefix("groups=").is_some_and(|g| {
                        g.split(',').any(|group| matches!(group, "sudo" | "wheel" | "admin" | "root"))
                    })
                })
        }
        "copy" | "lineinfile" | "blockinfile" | "template" | "shell" | "command" | "raw" => {
            arguments.contains("authorized_keys") || arguments.contains("sudoers")
        }
        _ => false,
    }
}

const HOST_ACCESS: &str = "This leaves standing access on the managed hosts (an SSH key authorised, an admin user, a sudoers entry, a cron job), which outlasts the task and that nobody reviewed. Show the user the change, who can run it.";
