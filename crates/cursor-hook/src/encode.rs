//! Verdicts to Cursor answers: always one JSON object on stdout, always exit 0.

use hook_core::wire::{self, lines, with_rule};
use hook_core::{Decision, Event, Response, Verdict};
use serde_json::{Map, Value, json};

pub(crate) fn encode(event: &Event, verdict: &Verdict) -> Response {
    let answer = match event.name.as_str() {
        "beforeShellExecution" | "beforeMCPExecution" | "preToolUse" => permission(event, verdict),
        "beforeReadFile" | "beforeTabFileRead" => read_permission(event, &verdict.decision),
        "beforeSubmitPrompt" => prompt(event, verdict),
        "stop" => stop(event, &verdict.decision),
        "sessionStart" | "postToolUse" => context(verdict),
        _ => Map::new(),
    };
    Response::json(&Value::Object(answer))
}

/// The full permission answer; `agent_message` reaches the model, `user_message` the UI.
fn permission(event: &Event, verdict: &Verdict) -> Map<String, Value> {
    let mut out = Map::new();
    let (permission, reason) = match &verdict.decision {
        Decision::Allow => (None, None),
        Decision::Ask { reason, rule } => (Some("ask"), Some(with_rule(reason, rule))),
        // Only the generic event can change a tool's input.
        Decision::Rewrite { input, .. } if event.name == "preToolUse" => {
            out.insert("updated_input".into(), input.clone());
            (Some("allow"), None)
        }
        decision => (Some("deny"), blocking_reason(event, decision)),
    };
    if let Some(permission) = permission {
        out.insert("permission".into(), json!(permission));
    }
    if let Some(message) = lines(&[reason.as_deref(), verdict.user_message.as_deref()]) {
        out.insert("user_message".into(), json!(message));
    }
    let for_model = if permission == Some("deny") { reason.as_deref() } else { None };
    if let Some(message) = lines(&[for_model, verdict.context.as_deref()]) {
        out.insert("agent_message".into(), json!(message));
    }
    out
}

/// `beforeReadFile` honours `permission` only: no message fields, no ask.
fn read_permission(event: &Event, decision: &Decision) -> Map<String, Value> {
    let mut out = Map::new();
    if blocking_reason(event, decision).is_some() {
        out.insert("permission".into(), json!("deny"));
    }
    out
}

fn prompt(event: &Event, verdict: &Verdict) -> Map<String, Value> {
    let mut out = Map::new();
    let reason = blocking_reason(event, &verdict.decision);
    if reason.is_some() {
        out.insert("continue".into(), json!(false));
    }
    if let Some(message) = lines(&[reason.as_deref(), verdict.user_message.as_deref()]) {
        out.insert("user_message".into(), json!(message));
    }
    out
}

/// Cursor ignores `permission` on `stop`; a follow-up message is what keeps the agent working.
fn stop(event: &Event, decision: &Decision) -> Map<String, Value> {
    let mut out = Map::new();
    if let Some(reason) = blocking_reason(event, decision) {
        out.insert("followup_message".into(), json!(reason));
    }
    out
}

fn context(verdict: &Verdict) -> Map<String, Value> {
    let mut out = Map::new();
    if let Some(context) = &verdict.context {
        out.insert("additional_context".into(), json!(context));
    }
    out
}

/// Why the event is refused, for every decision that refuses it here: a deny, an ask that
/// reached an event without one, or a rewrite that Cursor cannot apply on this event.
fn blocking_reason(event: &Event, decision: &Decision) -> Option<String> {
    wire::refusal(decision, &format!("Cursor cannot do on {}", event.name))
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::CURSOR;

    fn event(json: &str) -> Event {
        CURSOR.decode(json.as_bytes()).unwrap()
    }

    fn fixture(name: &str) -> Event {
        let path = format!("{}/../../tests/fixtures/cursor/{name}", env!("CARGO_MANIFEST_DIR"));
        CURSOR.decode(&std::fs::read(&path).unwrap()).unwrap()
    }

    fn stdout(event: &Event, verdict: &Verdict) -> Value {
        let response = encode(event, verdict);
        assert_eq!(response.exit_code, 0);
        assert!(response.stderr.is_empty());
        serde_json::from_str(&response.stdout).unwrap()
    }

    fn rewrite(input: Value, command: Option<&str>) -> Verdict {
        Verdict::from(Decision::Rewrite { input, command: command.map(Into::into), rule: "rewrite.1".into() })
    }

    const PRE_TOOL_SHELL: &str = r#"{"hook_event_name":"preToolUse","tool_name":"Shell","tool_input":{"command":"git status","cwd":"/a"}}"#;

    #[test]
    fn allow_is_an_empty_object_everywhere() {
        for name in
            ["beforeShellExecution.json", "beforeReadFile-env.json", "stop.json", "afterFileEdit.json"]
        {
            assert_eq!(stdout(&fixture(name), &Verdict::allow()), json!({}), "{name}");
        }
    }

    #[test]
    fn deny_tells_the_user_and_the_model() {
        let out = stdout(&fixture("beforeShellExecution.json"), &Verdict::deny("rm.root", "Do not."));
        let reason = "Do not. [agent-hooks rule rm.root]";
        assert_eq!(out, json!({"permission": "deny", "user_message": reason, "agent_message": reason}));
    }

    #[test]
    fn ask_is_a_permission() {
        let out = stdout(&fixture("beforeMCPExecution.json"), &Verdict::ask("git.push", "Confirm."));
        assert_eq!(out, json!({"permission": "ask", "user_message": "Confirm. [agent-hooks rule git.push]"}));
    }

    #[test]
    fn rewrite_on_pre_tool_use_updates_the_input() {
        let input = json!({"command": "rtk git status", "cwd": "/a"});
        let out = stdout(&event(PRE_TOOL_SHELL), &rewrite(input.clone(), Some("rtk git status")));
        assert_eq!(out, json!({"permission": "allow", "updated_input": input}));
    }

    #[test]
    fn rewrite_on_shell_execution_is_a_deny_naming_the_command() {
        let verdict = rewrite(json!({"command": "rtk git status"}), Some("rtk git status"));
        let out = stdout(&fixture("beforeShellExecution.json"), &verdict);
        let reason = "agent-hooks rewrites this command to `rtk git status`, which Cursor cannot do on \
                      beforeShellExecution; run `rtk git status` instead [agent-hooks rule rewrite.1]";
        assert_eq!(out, json!({"permission": "deny", "user_message": reason, "agent_message": reason}));
    }

    #[test]
    fn context_and_user_message() {
        let mut verdict = Verdict::allow();
        verdict.context = Some("uses pnpm".into());
        verdict.user_message = Some("policy failed".into());
        assert_eq!(
            stdout(&event(PRE_TOOL_SHELL), &verdict),
            json!({"user_message": "policy failed", "agent_message": "uses pnpm"})
        );
        for name in ["sessionStart", "postToolUse"] {
            let out = stdout(&event(&format!(r#"{{"hook_event_name":"{name}"}}"#)), &verdict);
            assert_eq!(out, json!({"additional_context": "uses pnpm"}), "{name}");
        }
        assert_eq!(stdout(&fixture("stop.json"), &verdict), json!({}));
    }

    /// The decoder's `accepts_context` and this encoder's fields must agree, or held reports
    /// would be taken from the store and then dropped.
    #[test]
    fn context_is_answered_exactly_where_it_is_accepted() {
        let mut verdict = Verdict::allow();
        verdict.context = Some("held report".into());
        let names =
            ["beforeShellExecution", "beforeMCPExecution", "preToolUse", "postToolUse", "sessionStart"];
        let others = ["afterFileEdit", "beforeSubmitPrompt", "stop", "beforeReadFile", "afterShellExecution"];
        for name in names.into_iter().chain(others) {
            let event = event(&format!(r#"{{"hook_event_name":"{name}"}}"#));
            let answered = stdout(&event, &verdict).to_string().contains("held report");
            assert_eq!(answered, event.accepts_context, "{name}");
        }
    }

    #[test]
    fn read_deny_has_no_message_fields() {
        let out = stdout(&fixture("beforeReadFile-env.json"), &Verdict::deny("files.read", "Secret."));
        assert_eq!(out, json!({"permission": "deny"}));
    }

    #[test]
    fn prompt_deny_stops_the_submission() {
        let out = stdout(&fixture("beforeSubmitPrompt.json"), &Verdict::deny("prompt.secret", "No keys."));
        assert_eq!(
            out,
            json!({"continue": false, "user_message": "No keys. [agent-hooks rule prompt.secret]"})
        );
    }

    #[test]
    fn stop_deny_is_a_follow_up() {
        let out = stdout(&fixture("stop.json"), &Verdict::deny("stop.tests", "Tests fail."));
        assert_eq!(out, json!({"followup_message": "Tests fail. [agent-hooks rule stop.tests]"}));
    }

    #[test]
    fn events_without_decisions_answer_an_empty_object() {
        let out = stdout(&fixture("afterShellExecution.json"), &Verdict::deny("x.y", "no"));
        assert_eq!(out, json!({}));
    }
}
