//! Verdicts to Claude Code answers: one JSON object on stdout, exit 0, or nothing at all.

use hook_core::wire::{self, with_rule};
use hook_core::{Decision, Event, EventKind, Response, Verdict};
use serde_json::{Map, Value, json};

pub(crate) fn encode(event: &Event, verdict: &Verdict) -> Response {
    let mut out = Map::new();
    let mut specific = Map::new();
    match event.name.as_str() {
        "PreToolUse" => pre_tool_use(&verdict.decision, &mut specific),
        "PermissionRequest" => permission_request(&verdict.decision, &mut specific),
        _ => match &verdict.decision {
            Decision::Deny { reason, rule } | Decision::Ask { reason, rule } if can_block(event.kind) => {
                out.insert("decision".into(), json!("block"));
                out.insert("reason".into(), json!(with_rule(reason, rule)));
            }
            _ => {}
        },
    }
    if let Some(context) = &verdict.context {
        if event.accepts_context {
            specific.insert("additionalContext".into(), json!(context));
        }
    }
    wire::insert_hook_specific_output(&mut out, &event.name, specific);
    if let Some(message) = &verdict.user_message {
        out.insert("systemMessage".into(), json!(message));
    }
    wire::json_or_silence(out)
}

fn pre_tool_use(decision: &Decision, specific: &mut Map<String, Value>) {
    let (permission, reason) = match decision {
        Decision::Allow => return,
        Decision::Ask { reason, rule } => ("ask", with_rule(reason, rule)),
        Decision::Deny { reason, rule } => ("deny", with_rule(reason, rule)),
        Decision::Rewrite { input, rule, .. } => {
            specific.insert("updatedInput".into(), input.clone());
            ("allow", format!("rewritten by agent-hooks rule {rule}"))
        }
    };
    specific.insert("permissionDecision".into(), json!(permission));
    specific.insert("permissionDecisionReason".into(), json!(reason));
}

/// The permission dialog is itself the ask: only a deny or a rewrite has anything to say.
fn permission_request(decision: &Decision, specific: &mut Map<String, Value>) {
    let answer = match decision {
        Decision::Deny { reason, rule } => json!({"behavior": "deny", "message": with_rule(reason, rule)}),
        Decision::Rewrite { input, .. } => json!({"behavior": "allow", "updatedInput": input}),
        Decision::Allow | Decision::Ask { .. } => return,
    };
    specific.insert("decision".into(), answer);
}

/// Events where `decision: "block"` means something: prompts are erased, stops keep going,
/// post-tool feedback reaches the model, compaction is stopped.
fn can_block(kind: EventKind) -> bool {
    matches!(
        kind,
        EventKind::PromptSubmit
            | EventKind::Stop
            | EventKind::AfterFileWrite
            | EventKind::AfterTool
            | EventKind::Compaction
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::CLAUDE;

    fn event(json: &str) -> Event {
        CLAUDE.decode(json.as_bytes()).unwrap()
    }

    const BASH: &str = r#"{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git status","description":"d"}}"#;

    fn stdout(event: &Event, verdict: &Verdict) -> Value {
        let response = encode(event, verdict);
        assert_eq!(response.exit_code, 0);
        serde_json::from_str(&response.stdout).unwrap()
    }

    #[test]
    fn allow_prints_nothing() {
        assert_eq!(encode(&event(BASH), &Verdict::allow()), Response::default());
    }

    #[test]
    fn deny_names_the_rule() {
        let out = stdout(&event(BASH), &Verdict::deny("rm.root", "Do not."));
        assert_eq!(
            out,
            json!({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                "permissionDecisionReason": "Do not. [agent-hooks rule rm.root]"}})
        );
    }

    #[test]
    fn ask_is_a_permission_decision() {
        let out = stdout(&event(BASH), &Verdict::ask("git.push-force", "Confirm."));
        assert_eq!(out["hookSpecificOutput"]["permissionDecision"], "ask");
    }

    #[test]
    fn rewrite_sends_the_whole_input() {
        let input = json!({"command": "rtk git status", "description": "d"});
        let verdict = Verdict::from(Decision::Rewrite {
            input: input.clone(),
            command: Some("rtk git status".into()),
            rule: "rewrite.1".into(),
        });
        let out = stdout(&event(BASH), &verdict);
        assert_eq!(out["hookSpecificOutput"]["permissionDecision"], "allow");
        assert_eq!(out["hookSpecificOutput"]["updatedInput"], input);
    }

    #[test]
    fn context_and_user_message() {
        let mut verdict = Verdict::allow();
        verdict.context = Some("uses pnpm".into());
        verdict.user_message = Some("policy failed".into());
        let out = stdout(&event(BASH), &verdict);
        assert_eq!(
            out["hookSpecificOutput"],
            json!({"hookEventName": "PreToolUse", "additionalContext": "uses pnpm"})
        );
        assert_eq!(out["systemMessage"], "policy failed");
    }

    #[test]
    fn prompt_and_stop_block_at_top_level() {
        for name in ["UserPromptSubmit", "Stop", "SubagentStop", "PostToolUse"] {
            let e = event(&format!(r#"{{"hook_event_name":"{name}"}}"#));
            let out = stdout(&e, &Verdict::deny("prompt.secret", "No keys."));
            assert_eq!(out["decision"], "block", "{name}");
            assert_eq!(out["reason"], "No keys. [agent-hooks rule prompt.secret]");
            assert!(out.get("hookSpecificOutput").is_none());
        }
    }

    #[test]
    fn permission_request_deny_uses_behavior() {
        let e = event(
            r#"{"hook_event_name":"PermissionRequest","tool_name":"Bash","tool_input":{"command":"x"}}"#,
        );
        let out = stdout(&e, &Verdict::deny("rm.root", "No."));
        assert_eq!(out["hookSpecificOutput"]["decision"]["behavior"], "deny");
        assert_eq!(encode(&e, &Verdict::ask("a.b", "?")), Response::default());
    }

    #[test]
    fn events_without_decisions_ignore_deny() {
        let e = event(r#"{"hook_event_name":"SessionEnd"}"#);
        assert_eq!(encode(&e, &Verdict::deny("x.y", "no")), Response::default());
    }
}
