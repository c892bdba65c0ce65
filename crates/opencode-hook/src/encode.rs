//! Verdicts to the plugin's answers: one JSON object on stdout, always exit 0.

use hook_core::wire;
use hook_core::{Decision, Event, Response, Verdict};
use serde_json::{Map, json};

pub(crate) fn encode(event: &Event, verdict: &Verdict) -> Response {
    let refusal = wire::refusal(&verdict.decision, &format!("OpenCode cannot do on {}", event.name));
    let mut out = Map::new();
    match (event.name.as_str(), &verdict.decision) {
        ("tool.execute.before", Decision::Rewrite { input, rule, .. }) => {
            out.insert("action".into(), json!("rewrite"));
            out.insert("reason".into(), json!(format!("rewritten by agent-hooks rule {rule}")));
            out.insert("args".into(), input.clone());
        }
        ("tool.execute.before" | "chat.message", _) if refusal.is_some() => {
            out.insert("action".into(), json!("deny"));
            out.insert("reason".into(), json!(refusal));
        }
        // The tool has run: what the model should hear is appended to the output it sees.
        ("tool.execute.after", _) => {
            out.insert("action".into(), json!("allow"));
            if let Some(note) = wire::lines(&[refusal.as_deref(), verdict.context.as_deref()]) {
                out.insert("context".into(), json!(note));
            }
        }
        _ => {
            out.insert("action".into(), json!("allow"));
        }
    }
    if let Some(message) = &verdict.user_message {
        out.insert("message".into(), json!(message));
    }
    wire::json_or_silence(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    use crate::OPENCODE;

    fn fixture(name: &str) -> Event {
        let path = format!("{}/../../tests/fixtures/opencode/{name}", env!("CARGO_MANIFEST_DIR"));
        OPENCODE.decode(&std::fs::read(&path).unwrap()).unwrap()
    }

    fn stdout(event: &Event, verdict: &Verdict) -> Value {
        let response = encode(event, verdict);
        assert_eq!(response.exit_code, 0);
        assert!(response.stderr.is_empty());
        serde_json::from_str(&response.stdout).unwrap()
    }

    #[test]
    fn allow_is_said_explicitly() {
        for name in
            ["tool.execute.before-bash.json", "tool.execute.after-bash.json", "event-session.idle.json"]
        {
            assert_eq!(stdout(&fixture(name), &Verdict::allow()), json!({"action": "allow"}), "{name}");
        }
    }

    #[test]
    fn deny_and_ask_are_thrown_reasons() {
        let e = fixture("tool.execute.before-bash.json");
        assert_eq!(
            stdout(&e, &Verdict::deny("rm.root", "Do not.")),
            json!({"action": "deny", "reason": "Do not. [agent-hooks rule rm.root]"})
        );
        assert_eq!(
            stdout(&fixture("tool.execute.before-write.json"), &Verdict::ask("files.env", "Confirm.")),
            json!({"action": "deny", "reason": "Confirm. [agent-hooks rule files.env]"})
        );
    }

    #[test]
    fn rewrite_sends_the_whole_args_object() {
        let args = json!({"command": "rtk git status", "description": "d"});
        let verdict = Verdict::from(Decision::Rewrite {
            input: args.clone(),
            command: Some("rtk git status".into()),
            rule: "rewrite.1".into(),
        });
        assert_eq!(
            stdout(&fixture("tool.execute.before-bash.json"), &verdict),
            json!({"action": "rewrite", "reason": "rewritten by agent-hooks rule rewrite.1", "args": args})
        );
    }

    #[test]
    fn after_a_tool_refusals_and_context_become_context() {
        let e = fixture("tool.execute.after-bash.json");
        let mut verdict = Verdict::deny("fmt.rs", "rustfmt failed.");
        verdict.context = Some("run cargo fmt".into());
        assert_eq!(
            stdout(&e, &verdict),
            json!({"action": "allow", "context": "rustfmt failed. [agent-hooks rule fmt.rs]\nrun cargo fmt"})
        );
    }

    #[test]
    fn context_before_a_tool_has_nowhere_to_go() {
        let mut verdict = Verdict::allow();
        verdict.context = Some("uses pnpm".into());
        assert_eq!(stdout(&fixture("tool.execute.before-bash.json"), &verdict), json!({"action": "allow"}));
    }

    #[test]
    fn user_message_is_passed_on() {
        let mut verdict = Verdict::allow();
        verdict.user_message = Some("policy failed".into());
        assert_eq!(
            stdout(&fixture("tool.execute.before-read.json"), &verdict),
            json!({"action": "allow", "message": "policy failed"})
        );
    }

    #[test]
    fn events_ignore_deny() {
        assert_eq!(
            stdout(&fixture("event-session.idle.json"), &Verdict::deny("x.y", "no")),
            json!({"action": "allow"})
        );
    }
}
