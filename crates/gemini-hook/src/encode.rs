//! Verdicts to Gemini CLI answers: one JSON object on stdout with exit 0, or nothing at all.

use hook_core::wire::{self, with_rule};
use hook_core::{Decision, Event, Response, Verdict};
use serde_json::{Map, json};

/// Events whose `decision` Gemini acts on: a tool call refused, a tool result replaced, a
/// prompt discarded, a final answer rejected and retried.
const DECIDING_EVENTS: &[&str] = &["BeforeTool", "AfterTool", "BeforeAgent", "AfterAgent"];

pub(crate) fn encode(event: &Event, verdict: &Verdict) -> Response {
    let mut out = Map::new();
    let mut specific = Map::new();
    let mut system_message = None;
    match (&verdict.decision, event.name.as_str()) {
        (Decision::Rewrite { input, .. }, "BeforeTool") => {
            out.insert("decision".into(), json!("allow"));
            specific.insert("tool_input".into(), input.clone());
        }
        // Gemini shows `systemMessage` in the confirmation prompt that an ask forces.
        (Decision::Ask { reason, rule }, "BeforeTool") => {
            out.insert("decision".into(), json!("ask"));
            system_message = Some(with_rule(reason, rule));
        }
        (decision, name) if DECIDING_EVENTS.contains(&name) => {
            if let Some(reason) = blocking_reason(event, decision) {
                out.insert("decision".into(), json!("deny"));
                out.insert("reason".into(), json!(reason));
            }
        }
        _ => {}
    }
    if let Some(context) = verdict.context.as_ref().filter(|_| event.accepts_context) {
        specific.insert("additionalContext".into(), json!(context));
    }
    wire::insert_hook_specific_output(&mut out, &event.name, specific);
    if let Some(messages) = wire::lines(&[system_message.as_deref(), verdict.user_message.as_deref()]) {
        out.insert("systemMessage".into(), json!(messages));
    }
    wire::json_or_silence(out)
}

/// Why the event is refused: a deny, an ask where none can be forced, or a rewrite on an
/// event that cannot change a tool's input.
fn blocking_reason(event: &Event, decision: &Decision) -> Option<String> {
    wire::refusal(decision, &format!("Gemini CLI cannot do on {}", event.name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    use crate::GEMINI;

    fn fixture(name: &str) -> Event {
        let path = format!("{}/../../tests/fixtures/gemini/{name}", env!("CARGO_MANIFEST_DIR"));
        GEMINI.decode(&std::fs::read(&path).unwrap()).unwrap()
    }

    fn stdout(event: &Event, verdict: &Verdict) -> Value {
        let response = encode(event, verdict);
        assert_eq!(response.exit_code, 0);
        assert!(response.stderr.is_empty());
        serde_json::from_str(&response.stdout).unwrap()
    }

    #[test]
    fn allow_prints_nothing() {
        for name in ["BeforeTool-run_shell_command.json", "AfterAgent.json", "BeforeAgent.json"] {
            assert_eq!(encode(&fixture(name), &Verdict::allow()), Response::default(), "{name}");
        }
    }

    #[test]
    fn deny_is_a_top_level_decision() {
        let out = stdout(&fixture("BeforeTool-run_shell_command.json"), &Verdict::deny("rm.home", "Do not."));
        assert_eq!(out, json!({"decision": "deny", "reason": "Do not. [agent-hooks rule rm.home]"}));
    }

    #[test]
    fn ask_forces_a_confirmation_with_a_system_message() {
        let out =
            stdout(&fixture("BeforeTool-run_shell_command.json"), &Verdict::ask("git.push", "Confirm."));
        assert_eq!(out, json!({"decision": "ask", "systemMessage": "Confirm. [agent-hooks rule git.push]"}));
    }

    #[test]
    fn rewrite_sends_the_whole_tool_input() {
        let input = json!({"command": "rtk git status", "description": "Show status"});
        let verdict = Verdict::from(Decision::Rewrite {
            input: input.clone(),
            command: Some("rtk git status".into()),
            rule: "rewrite.1".into(),
        });
        let out = stdout(&fixture("BeforeTool-run_shell_command.json"), &verdict);
        assert_eq!(
            out,
            json!({"decision": "allow", "hookSpecificOutput": {"hookEventName": "BeforeTool", "tool_input": input}})
        );
    }

    #[test]
    fn context_goes_to_after_tool_prompt_and_session_start() {
        let mut verdict = Verdict::allow();
        verdict.context = Some("Formatter rewrote 3 lines.".into());
        for (name, event) in [
            ("AfterTool-write_file.json", "AfterTool"),
            ("BeforeAgent.json", "BeforeAgent"),
            ("SessionStart.json", "SessionStart"),
        ] {
            assert_eq!(
                stdout(&fixture(name), &verdict),
                json!({"hookSpecificOutput": {"hookEventName": event, "additionalContext": "Formatter rewrote 3 lines."}}),
                "{name}"
            );
        }
        assert_eq!(encode(&fixture("BeforeTool-write_file.json"), &verdict), Response::default());
    }

    #[test]
    fn user_message_is_a_system_message() {
        let mut verdict = Verdict::allow();
        verdict.user_message = Some("policy failed".into());
        assert_eq!(stdout(&fixture("SessionEnd.json"), &verdict), json!({"systemMessage": "policy failed"}));
    }

    #[test]
    fn prompt_deny_discards_the_prompt() {
        let out = stdout(&fixture("BeforeAgent.json"), &Verdict::deny("prompt.secret", "No keys."));
        assert_eq!(out, json!({"decision": "deny", "reason": "No keys. [agent-hooks rule prompt.secret]"}));
    }

    #[test]
    fn stop_deny_retries_the_turn() {
        let out = stdout(&fixture("AfterAgent.json"), &Verdict::deny("stop.tests", "Tests fail."));
        assert_eq!(out, json!({"decision": "deny", "reason": "Tests fail. [agent-hooks rule stop.tests]"}));
    }

    #[test]
    fn events_without_decisions_ignore_deny() {
        assert_eq!(encode(&fixture("SessionStart.json"), &Verdict::deny("x.y", "no")), Response::default());
    }
}
