//! Verdicts to Codex CLI answers: one JSON object on stdout with exit 0, or nothing at all.

use hook_core::wire;
use hook_core::{Decision, Event, Response, Verdict};
use serde_json::{Map, json};

/// Events where a top-level `decision:"block"` acts: the prompt is refused, the turn or the
/// subagent continues with the reason, the tool result is replaced by the reason.
const BLOCKING_EVENTS: &[&str] = &["UserPromptSubmit", "Stop", "SubagentStop", "PostToolUse"];

pub(crate) fn encode(event: &Event, verdict: &Verdict) -> Response {
    let mut out = Map::new();
    let mut specific = Map::new();
    let refusal = blocking_reason(event, &verdict.decision);
    match (event.name.as_str(), &verdict.decision) {
        // `updatedInput` counts only next to "allow"; an allow alone is a no-op, so it is omitted.
        ("PreToolUse", Decision::Rewrite { input, .. }) => {
            specific.insert("permissionDecision".into(), json!("allow"));
            specific.insert("updatedInput".into(), input.clone());
        }
        ("PreToolUse", _) => {
            if let Some(reason) = refusal {
                specific.insert("permissionDecision".into(), json!("deny"));
                specific.insert("permissionDecisionReason".into(), json!(reason));
            }
        }
        // The approval prompt is itself the ask; rewriting here would fail closed, so a
        // rewrite is refused with the command to run instead.
        ("PermissionRequest", Decision::Deny { .. } | Decision::Rewrite { .. }) => {
            if let Some(reason) = refusal {
                specific.insert("decision".into(), json!({"behavior": "deny", "message": reason}));
            }
        }
        (name, _) if BLOCKING_EVENTS.contains(&name) => {
            if let Some(reason) = refusal {
                out.insert("decision".into(), json!("block"));
                out.insert("reason".into(), json!(reason));
            }
        }
        _ => {}
    }
    if let Some(context) = verdict.context.as_ref().filter(|_| event.accepts_context) {
        specific.insert("additionalContext".into(), json!(context));
    }
    wire::insert_hook_specific_output(&mut out, &event.name, specific);
    if let Some(message) = &verdict.user_message {
        out.insert("systemMessage".into(), json!(message));
    }
    wire::json_or_silence(out)
}

/// Why the event is refused: a deny, an ask (Codex has none: it would mark the hook failed and
/// let the call run), or a rewrite on an event that cannot change a tool's input.
fn blocking_reason(event: &Event, decision: &Decision) -> Option<String> {
    wire::refusal(decision, &format!("Codex cannot do on {}", event.name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    use crate::CODEX;

    fn fixture(name: &str) -> Event {
        let path = format!("{}/../../tests/fixtures/codex/{name}", env!("CARGO_MANIFEST_DIR"));
        CODEX.decode(&std::fs::read(&path).unwrap()).unwrap()
    }

    fn stdout(event: &Event, verdict: &Verdict) -> Value {
        let response = encode(event, verdict);
        assert_eq!(response.exit_code, 0);
        assert!(response.stderr.is_empty());
        serde_json::from_str(&response.stdout).unwrap()
    }

    fn rewrite() -> Verdict {
        Verdict::from(Decision::Rewrite {
            input: json!({"command": "rtk git status"}),
            command: Some("rtk git status".into()),
            rule: "rewrite.1".into(),
        })
    }

    #[test]
    fn allow_prints_nothing() {
        for name in ["PreToolUse-bash-rm.json", "PermissionRequest-bash.json", "Stop.json"] {
            assert_eq!(encode(&fixture(name), &Verdict::allow()), Response::default(), "{name}");
        }
    }

    #[test]
    fn deny_is_a_permission_decision() {
        let out = stdout(&fixture("PreToolUse-bash-rm.json"), &Verdict::deny("rm.home", "Do not."));
        assert_eq!(
            out,
            json!({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                "permissionDecisionReason": "Do not. [agent-hooks rule rm.home]"}})
        );
    }

    #[test]
    fn ask_that_reaches_pre_tool_use_is_a_deny() {
        let out = stdout(&fixture("PreToolUse-mcp.json"), &Verdict::ask("mcp.sql", "Confirm."));
        assert_eq!(out["hookSpecificOutput"]["permissionDecision"], "deny");
        assert_eq!(
            out["hookSpecificOutput"]["permissionDecisionReason"],
            "Confirm. [agent-hooks rule mcp.sql]"
        );
    }

    #[test]
    fn rewrite_allows_with_the_updated_input() {
        let out = stdout(&fixture("PreToolUse-bash-rm.json"), &rewrite());
        assert_eq!(
            out,
            json!({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow",
                "updatedInput": {"command": "rtk git status"}}})
        );
    }

    #[test]
    fn permission_request_denies_with_behavior_and_leaves_asks_to_the_prompt() {
        let e = fixture("PermissionRequest-bash.json");
        assert_eq!(
            stdout(&e, &Verdict::deny("git.push", "No.")),
            json!({"hookSpecificOutput": {"hookEventName": "PermissionRequest",
                "decision": {"behavior": "deny", "message": "No. [agent-hooks rule git.push]"}}})
        );
        assert_eq!(encode(&e, &Verdict::ask("git.push", "?")), Response::default());
        let refused = stdout(&e, &rewrite());
        assert_eq!(
            refused["hookSpecificOutput"]["decision"]["message"],
            "agent-hooks rewrites this command to `rtk git status`, which Codex cannot do on PermissionRequest; \
             run `rtk git status` instead [agent-hooks rule rewrite.1]"
        );
    }

    #[test]
    fn context_and_user_message() {
        let mut verdict = Verdict::allow();
        verdict.context = Some("touches generated files".into());
        verdict.user_message = Some("policy failed".into());
        assert_eq!(
            stdout(&fixture("PreToolUse-apply_patch.json"), &verdict),
            json!({"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": "touches generated files"},
                "systemMessage": "policy failed"})
        );
    }

    #[test]
    fn prompt_and_stop_block_at_top_level() {
        for name in ["UserPromptSubmit.json", "Stop.json"] {
            let out = stdout(&fixture(name), &Verdict::deny("gate.1", "Not yet."));
            assert_eq!(
                out,
                json!({"decision": "block", "reason": "Not yet. [agent-hooks rule gate.1]"}),
                "{name}"
            );
        }
    }

    #[test]
    fn events_without_decisions_ignore_deny() {
        assert_eq!(encode(&fixture("SessionStart.json"), &Verdict::deny("x.y", "no")), Response::default());
        let notify = fixture("legacy-notify-agent-turn-complete.json");
        assert_eq!(encode(&notify, &Verdict::deny("x.y", "no")), Response::default());
    }
}
