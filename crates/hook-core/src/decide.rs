//! The policy applied to one event: from an [`Event`] to a [`Verdict`].

use crate::event::{Event, EventKind};
use crate::policy::{Action, Policy};
use crate::project::Context;
use crate::shell::{self, Analysis};
use crate::verdict::{Decision, Verdict};
use crate::{context, format, pending, rules, stop};

/// How a shell command line was decided: the analysis and the verdict.
#[derive(Debug, Clone)]
pub struct ShellDecision {
    pub analysis: Analysis,
    pub verdict: Verdict,
}

/// Decide one event.
pub fn decide(event: &Event, policy: &Policy, ctx: &Context) -> Verdict {
    let verdict = match event.kind {
        EventKind::BeforeShell => match event.shell() {
            Some(call) => decide_shell(&call.line, call.dialect, policy, ctx).verdict,
            None => Verdict::allow(),
        },
        EventKind::AfterFileWrite => format::after_write(event, policy, ctx),
        EventKind::Stop => stop::at_stop(event, policy, ctx),
        EventKind::SessionStart => context::at_session_start(event, policy, ctx),
        EventKind::PromptSubmit => context::add_to_prompt(Verdict::allow(), event, policy, ctx),
        _ => Verdict::allow(),
    };
    let verdict = pending::deliver(verdict, event, policy);
    if event.can_ask { verdict } else { ask_to_deny(verdict) }
}

/// Decide one shell command line.
pub fn decide_shell(line: &str, dialect: shell::Dialect, policy: &Policy, ctx: &Context) -> ShellDecision {
    let analysis = shell::analyse(line, dialect);
    let verdict = match rules::evaluate(&analysis, ctx, &policy.packs) {
        Some(finding) if finding.action == Action::Ask => Verdict::ask(finding.rule, finding.message),
        Some(finding) => Verdict::deny(finding.rule, finding.message),
        None => Verdict::allow(),
    };
    ShellDecision { analysis, verdict }
}

/// An ask where nobody can answer becomes a deny that says so.
fn ask_to_deny(verdict: Verdict) -> Verdict {
    match verdict.decision {
        Decision::Ask { reason, rule } => Verdict {
            decision: Decision::Deny {
                reason: format!(
                    "{reason} (this needs confirmation, but nobody can be asked in this mode, so it is denied)"
                ),
                rule,
            },
            ..verdict
        },
        _ => verdict,
    }
}
