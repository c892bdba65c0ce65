//! The `iac` pack: infrastructure-as-code tools destroying what they manage: `terraform` and
//! `tofu` (`destroy`, `apply -destroy`, `state rm`, `workspace delete`), `terragrunt`, `pulumi
//! destroy` and `stack rm`, `cdk destroy`, `serverless remove`, `sam delete`.

use super::{Call, Hit};

pub(super) fn judge(call: &Call) -> Option<Hit> {
    let name = call.name?;
    if !matches!(
        name,
        "npx"
            | "bunx"
            | "pnpx"
            | "terraform"
            | "tofu"
            | "terragrunt"
            | "pulumi"
            | "cdk"
            | "aws-cdk"
            | "cdktf"
            | "serverless"
            | "sls"
            | "sam"
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
    // The first word that is not an option (terraform's `-chdir=x` comes before the verb).
    let verbs: Vec<&str> = args.iter().copied().filter(|a| !a.starts_with('-')).collect();
    let verb = |i: usize| verbs.get(i).copied();
    let flag = |f: &str| args.iter().any(|a| crate::shell::is_option(a, f));
    let tool = match name {
        // `npx cdk destroy`, `npx serverless remove`: the package runners' first operand.
        "npx" | "bunx" | "pnpx" => verb(0)?,
        _ => name,
    };
    let verbs = if tool == name { &verbs[..] } else { &verbs[1..] };
    let verb = |i: usize| verbs.get(i).copied();
    match tool {
        "terraform" | "tofu" | "terragrunt" => {
            let verb = if verb(0) == Some("run-all") { verb(1) } else { verb(0) };
            match verb? {
                "destroy" => Some(Hit::new("iac.destroy", DESTROY)),
                "apply" if flag("-destroy") || flag("--destroy") => Some(Hit::new("iac.destroy", DESTROY)),
                // `apply -replace=ADDR`: destroys the resource and makes a new one.
                "apply" if flag("-replace") => Some(Hit::new("iac.replace", REPLACE)),
                "state" if matches!(verbs.get(1).copied(), Some("rm")) => {
                    Some(Hit::new("iac.state-rm", STATE_RM))
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
            _ => None,
        },
        "cdk" | "aws-cdk" | "cdktf" => (verb(0)? == "destroy").then(|| Hit::new("iac.destroy", DESTROY)),
        // `sam delete` deletes the application's CloudFormation stack.
        "sam" => (verb(0)? == "delete").then(|| Hit::new("iac.destroy", DESTROY)),
        "serverless" | "sls" => (verb(0)? == "remove").then(|| Hit::new("iac.destroy", DESTROY)),
        _ => None,
    }
}

const DESTROY: &str = "This destroys the infrastructure the configuration manages. Run `plan -destroy` (or the tool's preview) and show it to the user, who can run the destroy.";
const STATE_RM: &str =
    "This makes the tool forget resources it manages, so they are no longer tracked. Ask the user to run it.";
const REPLACE: &str = "`-replace` destroys the resource and creates it again, with whatever it held. Show the plan (`plan -replace=...`) to the user, who can apply it.";
const WORKSPACE_DELETE: &str = "`workspace delete` deletes a workspace's state, so the tool loses track of everything it manages there. Ask the user to run it.";
const STACK_RM: &str = "`pulumi stack rm` deletes a stack and its history. Ask the user to run it.";
