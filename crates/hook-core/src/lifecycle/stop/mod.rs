//! `[[stop]]` gates when the agent is about to end its turn: when a reported gate fails, the
//! verdict is a deny, which every agent crate encodes as "keep working" with the failures as
//! the reason (Claude `decision: block`, Cursor `followup_message`, Gemini `AfterAgent` deny).
//!
//! A governor keeps this from looping: a stop that is already a continuation forced by a
//! stop hook is let through, blocks in a row are budgeted, and gates are skipped when the
//! work tree is as it was at the last green run.

mod fingerprint;
mod gates;
mod governor;

use std::ffi::OsString;

use crate::event::Event;
use crate::lifecycle::pending::{self, Held};
use crate::lifecycle::shorten::shorten;
use crate::policy::Policy;
use crate::project::Context;
use crate::verdict::Verdict;

pub use governor::BLOCK_BUDGET;

/// Set to `1` for every gate command. A hook that finds it set answers allow at once, so
/// that an agent run by a gate (a review by `claude -p`, say) cannot gate itself.
pub const STOP_ACTIVE_ENV: &str = "AGENT_HOOKS_STOP_ACTIVE";

/// The agent's last message, for gate commands that look at it.
pub const AGENT_MESSAGE_ENV: &str = "AGENT_HOOKS_AGENT_MESSAGE";

/// The rule id of a stop sent back by the gates.
pub const RULE: &str = "stop.gates";

/// Bytes of the last message passed on; environment strings are limited (128 KiB on Linux).
const MESSAGE_LIMIT: usize = 32 * 1024;

/// Characters of the reason, below Claude Code's 10 000.
const REASON_LIMIT: usize = 8000;

/// Decide a stop event.
pub fn at_stop(event: &Event, policy: &Policy, ctx: &Context) -> Verdict {
    if event.stop_hook_active {
        return Verdict::allow();
    }
    let session = event.session_id.as_deref();
    let held = if policy.format.is_empty() { None } else { pending::take(session) };
    let held_problems = held.filter(Held::has_problems);
    if policy.stops.is_empty() && held_problems.is_none() {
        return Verdict::allow();
    }
    let root = &ctx.project_root;
    let fingerprint = if policy.stops.is_empty() { None } else { fingerprint::of(root, policy.timeout) };
    let unchanged = fingerprint.is_some() && fingerprint == governor::last_green(root);
    let failures = if unchanged || policy.stops.is_empty() {
        Vec::new()
    } else {
        let env = gate_env(event);
        let deadline = gates::deadline(&policy.stops, policy.timeout);
        gates::run(&policy.stops, &gates::Settings { root, timeout: policy.timeout, deadline, env: &env })
    };
    let (to_agent, to_user): (Vec<_>, Vec<_>) = failures.into_iter().partition(|failure| failure.to_agent);

    let mut verdict = if to_agent.is_empty() && held_problems.is_none() {
        governor::passed(session, root, fingerprint.as_deref());
        Verdict::allow()
    } else if governor::spend_block(session) {
        Verdict::deny(RULE, reason(&to_agent, held_problems.as_ref()))
    } else {
        let mut let_go = Verdict::allow();
        let_go.user_message = Some(format!(
            "agent-hooks: the stop gates still fail after {BLOCK_BUDGET} attempts in a row; the agent may stop \
             (gates block again once they have passed)"
        ));
        let_go
    };
    if !to_user.is_empty() {
        let lines: Vec<&str> = to_user.iter().map(|failure| failure.summary.as_str()).collect();
        let note = format!("agent-hooks stop gates, not sent to the agent: {}", lines.join("; "));
        verdict.user_message =
            Some(verdict.user_message.take().map_or(note.clone(), |earlier| format!("{earlier}\n{note}")));
    }
    verdict
}

/// What keeps the agent working: the failures, then the format problems it has not seen.
fn reason(failures: &[gates::Failure], held: Option<&Held>) -> String {
    let mut parts = Vec::new();
    if !failures.is_empty() {
        let listed: Vec<String> = failures
            .iter()
            .map(|failure| match failure.output.as_str() {
                "" => format!("- {}", failure.summary),
                output => format!("- {}:\n{output}", failure.summary),
            })
            .collect();
        parts.push(format!("The stop gates failed; fix this before finishing:\n{}", listed.join("\n")));
    }
    if let Some(held) = held {
        parts.push(held.text());
    }
    shorten(&parts.join("\n\n"), REASON_LIMIT)
}

/// The environment of gate commands.
fn gate_env(event: &Event) -> Vec<(OsString, OsString)> {
    let mut env = vec![(STOP_ACTIVE_ENV.into(), "1".into())];
    if let Some(message) = &event.last_message {
        // NUL cannot be in an environment string; a cut must fall between characters.
        let mut message: String = message.chars().filter(|c| *c != '\0').collect();
        let mut cut = message.len().min(MESSAGE_LIMIT);
        while !message.is_char_boundary(cut) {
            cut -= 1;
        }
        message.truncate(cut);
        env.push((AGENT_MESSAGE_ENV.into(), message.into()));
    }
    env
}
