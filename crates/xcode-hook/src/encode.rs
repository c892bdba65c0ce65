//! Verdicts to x-code answers: one JSON decision on stdout or nothing (allow), always exit 0,
//! since any other exit is a hook failure that x-code allows by default.

use hook_core::wire;
use hook_core::{Decision, Event, Response, Verdict};
use serde_json::{Map, Value, json};

pub(crate) fn encode(event: &Event, verdict: &Verdict) -> Response {
    let refusal = wire::refusal(&verdict.decision, &format!("x-code cannot do on {}", event.name));
    let mut out = Map::new();
    match (event.name.as_str(), &verdict.decision) {
        // `args` replaces the whole argument object, which is what a rewrite carries.
        ("PreToolUse", Decision::Rewrite { input, .. }) => {
            out.insert("decision".into(), json!("modify"));
            out.insert("args".into(), input.clone());
        }
        ("PreToolUse" | "UserPromptSubmit", _) if refusal.is_some() => {
            out.insert("decision".into(), json!("deny"));
            out.insert("reason".into(), json!(refusal));
        }
        ("UserPromptSubmit", _) => {
            if let Some(context) = &verdict.context {
                out.insert("decision".into(), json!("allow"));
                out.insert("context".into(), json!(context));
            }
        }
        // The tool has run and x-code ignores a deny here; what the model should hear is
        // appended to the output it sees, the only channel this event has.
        ("PostToolUse", _) => {
            if let Some(note) = wire::lines(&[refusal.as_deref(), verdict.context.as_deref()]) {
                out.insert("decision".into(), json!("modify"));
                out.insert("output".into(), json!(with_note(tool_output(event), &note)));
            }
        }
        _ => {}
    }
    let mut response = wire::json_or_silence(out);
    // x-code keeps hook stderr out of sight (its debug log), the most a user message can get.
    response.stderr = verdict.user_message.clone().unwrap_or_default();
    response
}

fn tool_output(event: &Event) -> &str {
    event.raw.get("tool").and_then(|tool| tool.get("output")).and_then(Value::as_str).unwrap_or_default()
}

fn with_note(output: &str, note: &str) -> String {
    if output.is_empty() { note.to_string() } else { format!("{output}\n\n{note}") }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::XCODE;

    fn fixture(name: &str) -> Event {
        let path = format!("{}/../../tests/fixtures/xcode/{name}", env!("CARGO_MANIFEST_DIR"));
        XCODE.decode(&std::fs::read(&path).unwrap()).unwrap()
    }

    fn stdout(event: &Event, verdict: &Verdict) -> Value {
        let response = encode(event, verdict);
        assert_eq!(response.exit_code, 0);
        assert!(response.stdout.ends_with('\n'));
        serde_json::from_str(&response.stdout).unwrap()
    }

    fn rewrite() -> Verdict {
        Verdict::from(Decision::Rewrite {
            input: json!({"command": "rtk git status", "timeout": 30000}),
            command: Some("rtk git status".into()),
            rule: "rewrite.1".into(),
        })
    }

    #[test]
    fn allow_prints_nothing() {
        for name in [
            "PreToolUse-shell-rm.json",
            "UserPromptSubmit.json",
            "PostToolUse-shell.json",
            "TurnComplete.json",
        ] {
            assert_eq!(encode(&fixture(name), &Verdict::allow()), Response::default(), "{name}");
        }
    }

    #[test]
    fn deny_is_a_decision_with_the_rule() {
        assert_eq!(
            stdout(&fixture("PreToolUse-shell-rm.json"), &Verdict::deny("rm.root", "Do not.")),
            json!({"decision": "deny", "reason": "Do not. [agent-hooks rule rm.root]"})
        );
    }

    #[test]
    fn ask_that_reaches_the_encoder_is_a_deny() {
        assert_eq!(
            stdout(&fixture("PreToolUse-mcp.json"), &Verdict::ask("mcp.sql", "Confirm.")),
            json!({"decision": "deny", "reason": "Confirm. [agent-hooks rule mcp.sql]"})
        );
    }

    #[test]
    fn rewrite_modifies_the_whole_args_object() {
        assert_eq!(
            stdout(&fixture("PreToolUse-shell-rm.json"), &rewrite()),
            json!({"decision": "modify", "args": {"command": "rtk git status", "timeout": 30000}})
        );
    }

    #[test]
    fn prompt_deny_and_context() {
        let prompt = fixture("UserPromptSubmit.json");
        assert_eq!(
            stdout(&prompt, &Verdict::deny("prompt.secret", "No keys.")),
            json!({"decision": "deny", "reason": "No keys. [agent-hooks rule prompt.secret]"})
        );
        let mut verdict = Verdict::allow();
        verdict.context = Some("Sprint 42".into());
        assert_eq!(stdout(&prompt, &verdict), json!({"decision": "allow", "context": "Sprint 42"}));
        assert_eq!(
            stdout(&prompt, &rewrite())["reason"],
            "agent-hooks rewrites this command to `rtk git status`, which x-code cannot do on UserPromptSubmit; \
             run `rtk git status` instead [agent-hooks rule rewrite.1]"
        );
    }

    #[test]
    fn context_is_dropped_where_x_code_ignores_it() {
        let mut verdict = Verdict::allow();
        verdict.context = Some("uses pnpm".into());
        for name in ["PreToolUse-shell-rm.json", "SessionStart.json"] {
            assert_eq!(encode(&fixture(name), &verdict), Response::default(), "{name}");
        }
    }

    #[test]
    fn post_tool_use_feedback_is_appended_to_the_output() {
        let out = stdout(&fixture("PostToolUse-shell.json"), &Verdict::deny("fmt.rs", "rustfmt failed."));
        assert_eq!(
            out,
            json!({"decision": "modify",
                "output": "Tests: 1 failed, 41 passed\nExit code 1\n\nrustfmt failed. [agent-hooks rule fmt.rs]"})
        );
        let mut verdict = Verdict::allow();
        verdict.context = Some("formatted".into());
        let bare = XCODE.decode(br#"{"event":"PostToolUse","tool":{"name":"edit","args":{}}}"#).unwrap();
        assert_eq!(stdout(&bare, &verdict), json!({"decision": "modify", "output": "formatted"}));
    }

    #[test]
    fn events_without_decisions_ignore_deny() {
        for name in ["SessionStart.json", "PreCompact.json", "SubagentStop.json", "TurnComplete.json"] {
            assert_eq!(encode(&fixture(name), &Verdict::deny("x.y", "no")), Response::default(), "{name}");
        }
    }

    #[test]
    fn user_message_goes_to_stderr_only() {
        let mut verdict = Verdict::deny("rm.root", "Do not.");
        verdict.user_message = Some("policy failed".into());
        let response = encode(&fixture("PreToolUse-shell-rm.json"), &verdict);
        assert_eq!(response.stderr, "policy failed");
        assert_eq!(response.exit_code, 0);
    }
}
