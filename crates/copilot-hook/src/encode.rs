//! Verdicts to Copilot answers: flat JSON for the CLI's camelCase events, Claude-style
//! `hookSpecificOutput` for PascalCase events (VS Code, or the CLI in compatibility mode).

use hook_core::wire;
use hook_core::{Decision, Event, Response, Verdict};
use serde_json::{Map, Value, json};

pub(crate) fn encode(event: &Event, verdict: &Verdict) -> Response {
    if event.name == "userPromptSubmitted" {
        return prompt_refusal(event, &verdict.decision);
    }
    let out = if is_vscode_shaped(&event.name) {
        vscode_answer(event, verdict)
    } else {
        cli_answer(event, verdict)
    };
    wire::json_or_silence(out)
}

/// PascalCase events want VS Code's answer, except the CLI's notification: VS Code has no
/// such event, and the CLI names it `Notification` in its payload.
fn is_vscode_shaped(event: &str) -> bool {
    event != "Notification" && event.starts_with(|first: char| first.is_ascii_uppercase())
}

fn cli_answer(event: &Event, verdict: &Verdict) -> Map<String, Value> {
    let mut out = Map::new();
    let refusal = blocking_reason(event, &verdict.decision);
    let asks = matches!(verdict.decision, Decision::Ask { .. });
    match event.name.as_str() {
        // Copilot CLI 1.0.102 runs the tool with `modifiedArgs`, the whole argument object,
        // when the decision is allow (seen live: `cargo xtask live copilot`).
        "preToolUse" if matches!(verdict.decision, Decision::Rewrite { .. }) => {
            if let Decision::Rewrite { input, rule, .. } = &verdict.decision {
                out.insert("permissionDecision".into(), json!("allow"));
                out.insert(
                    "permissionDecisionReason".into(),
                    json!(format!("rewritten by agent-hooks rule {rule}")),
                );
                out.insert("modifiedArgs".into(), input.clone());
            }
        }
        "preToolUse" => {
            if let Some(reason) = refusal {
                out.insert("permissionDecision".into(), json!(if asks { "ask" } else { "deny" }));
                out.insert("permissionDecisionReason".into(), json!(reason));
            }
        }
        // The permission dialog is itself the ask: only a refusal has anything to say.
        "permissionRequest" => {
            if let Some(reason) = refusal.filter(|_| !asks) {
                out.insert("behavior".into(), json!("deny"));
                out.insert("message".into(), json!(reason));
                out.insert("interrupt".into(), json!(false));
            }
        }
        "agentStop" | "subagentStop" => {
            if let Some(reason) = refusal {
                out.insert("decision".into(), json!("block"));
                out.insert("reason".into(), json!(reason));
            }
        }
        "sessionStart" | "subagentStart" | "Notification" | "postToolUseFailure" => {
            if let Some(context) = &verdict.context {
                out.insert("additionalContext".into(), json!(context));
            }
        }
        _ => {}
    }
    out
}

fn vscode_answer(event: &Event, verdict: &Verdict) -> Map<String, Value> {
    let mut out = Map::new();
    let mut specific = Map::new();
    let refusal = blocking_reason(event, &verdict.decision);
    match (event.name.as_str(), &verdict.decision) {
        ("PreToolUse", Decision::Rewrite { input, rule, .. }) => {
            specific.insert("permissionDecision".into(), json!("allow"));
            specific.insert(
                "permissionDecisionReason".into(),
                json!(format!("rewritten by agent-hooks rule {rule}")),
            );
            specific.insert("updatedInput".into(), input.clone());
        }
        ("PreToolUse", decision) => {
            if let Some(reason) = refusal {
                let permission = if matches!(decision, Decision::Ask { .. }) { "ask" } else { "deny" };
                specific.insert("permissionDecision".into(), json!(permission));
                specific.insert("permissionDecisionReason".into(), json!(reason));
                // The CLI sends PascalCase payloads too, and reads the flat fields.
                out.insert("permissionDecision".into(), json!(permission));
                out.insert("permissionDecisionReason".into(), json!(reason));
            }
        }
        ("UserPromptSubmit" | "Stop" | "SubagentStop", _) => {
            if let Some(reason) = refusal {
                out.insert("decision".into(), json!("block"));
                out.insert("reason".into(), json!(reason));
                // VS Code documents Stop's block inside hookSpecificOutput, SubagentStop's at top
                // level: Stop gets both.
                if event.name == "Stop" {
                    specific.insert("decision".into(), json!("block"));
                    specific.insert("reason".into(), json!(reason));
                }
            }
        }
        _ => {}
    }
    let takes_context = matches!(
        event.name.as_str(),
        "PreToolUse" | "PostToolUse" | "UserPromptSubmit" | "SessionStart" | "SubagentStart"
    );
    if let Some(context) = verdict.context.as_ref().filter(|_| takes_context) {
        specific.insert("additionalContext".into(), json!(context));
    }
    wire::insert_hook_specific_output(&mut out, &event.name, specific);
    if let Some(message) = &verdict.user_message {
        out.insert("systemMessage".into(), json!(message));
    }
    out
}

/// A refused prompt: `{"decision": "block", "reason"}`, which Copilot CLI 1.0.102 honours (the
/// prompt is never sent; seen live, `cargo xtask live copilot`; its docs said prompt hooks could
/// only observe).
fn prompt_refusal(event: &Event, decision: &Decision) -> Response {
    match blocking_reason(event, decision) {
        Some(reason) => wire::json_or_silence(
            [("decision".to_string(), json!("block")), ("reason".to_string(), json!(reason))]
                .into_iter()
                .collect(),
        ),
        None => Response::default(),
    }
}

/// Why the event is refused, for every decision that refuses it here: a deny, an ask, or a
/// rewrite that this event cannot apply.
fn blocking_reason(event: &Event, decision: &Decision) -> Option<String> {
    wire::refusal(decision, &format!("Copilot does not reliably apply on {}", event.name))
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::COPILOT;

    fn event(json: &str) -> Event {
        COPILOT.decode(json.as_bytes()).unwrap()
    }

    fn fixture(name: &str) -> Event {
        let path = format!("{}/../../tests/fixtures/copilot/{name}", env!("CARGO_MANIFEST_DIR"));
        COPILOT.decode(&std::fs::read(&path).unwrap()).unwrap()
    }

    fn stdout(event: &Event, verdict: &Verdict) -> Value {
        let response = encode(event, verdict);
        assert_eq!(response.exit_code, 0);
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
        for name in
            ["cli-preToolUse-bash.json", "vscode-PreToolUse-run_in_terminal.json", "cli-agentStop.json"]
        {
            assert_eq!(encode(&fixture(name), &Verdict::allow()), Response::default(), "{name}");
        }
    }

    #[test]
    fn cli_deny_and_ask_are_flat() {
        let e = fixture("cli-preToolUse-bash.json");
        assert_eq!(
            stdout(&e, &Verdict::deny("rm.root", "Do not.")),
            json!({"permissionDecision": "deny", "permissionDecisionReason": "Do not. [agent-hooks rule rm.root]"})
        );
        assert_eq!(
            stdout(&e, &Verdict::ask("git.push", "Confirm.")),
            json!({"permissionDecision": "ask", "permissionDecisionReason": "Confirm. [agent-hooks rule git.push]"})
        );
    }

    #[test]
    fn cli_rewrite_runs_the_tool_with_modified_args() {
        let out = stdout(&fixture("cli-preToolUse-bash-stringargs.json"), &rewrite());
        assert_eq!(
            out,
            json!({
                "permissionDecision": "allow",
                "permissionDecisionReason": "rewritten by agent-hooks rule rewrite.1",
                "modifiedArgs": {"command": "rtk git status"}
            })
        );
    }

    #[test]
    fn permission_request_denies_with_behavior() {
        let e = fixture("cli-permissionRequest-bash.json");
        assert_eq!(
            stdout(&e, &Verdict::deny("git.push", "No.")),
            json!({"behavior": "deny", "message": "No. [agent-hooks rule git.push]", "interrupt": false})
        );
        assert_eq!(encode(&e, &Verdict::ask("git.push", "?")), Response::default());
    }

    #[test]
    fn cli_stop_deny_blocks() {
        for e in [fixture("cli-agentStop.json"), event(r#"{"agentName":"a","stopReason":"end_turn"}"#)] {
            assert_eq!(
                stdout(&e, &Verdict::deny("stop.tests", "Tests fail.")),
                json!({"decision": "block", "reason": "Tests fail. [agent-hooks rule stop.tests]"})
            );
        }
    }

    #[test]
    fn cli_prompt_is_blocked_with_its_reason() {
        let e = fixture("cli-userPromptSubmitted.json");
        let response = encode(&e, &Verdict::deny("prompt.secret", "No keys."));
        assert_eq!(response.exit_code, 0);
        assert!(response.stderr.is_empty());
        let out: Value = serde_json::from_str(&response.stdout).unwrap();
        assert_eq!(out, json!({"decision": "block", "reason": "No keys. [agent-hooks rule prompt.secret]"}));
        assert_eq!(encode(&e, &Verdict::allow()), Response::default());
    }

    #[test]
    fn cli_context_goes_where_the_cli_reads_it() {
        let mut verdict = Verdict::allow();
        verdict.context = Some("uses pnpm".into());
        assert_eq!(
            stdout(&fixture("cli-sessionStart.json"), &verdict),
            json!({"additionalContext": "uses pnpm"})
        );
        assert_eq!(encode(&fixture("cli-preToolUse-bash.json"), &verdict), Response::default());
        let notification =
            event(r#"{"hook_event_name":"Notification","message":"m","notification_type":"idle"}"#);
        assert_eq!(stdout(&notification, &verdict), json!({"additionalContext": "uses pnpm"}));
    }

    /// The decoder's `accepts_context` and this encoder's fields must agree, or held reports
    /// would be taken from the store and then dropped.
    #[test]
    fn context_is_answered_exactly_where_it_is_accepted() {
        let mut verdict = Verdict::allow();
        verdict.context = Some("held report".into());
        let cli = [
            "sessionStart",
            "subagentStart",
            "Notification",
            "postToolUseFailure",
            "postToolUse",
            "preToolUse",
        ];
        let vscode =
            ["PreToolUse", "PostToolUse", "UserPromptSubmit", "SessionStart", "SubagentStart", "Stop"];
        for name in cli.into_iter().chain(vscode).chain(["userPromptSubmitted", "agentStop"]) {
            let event = event(&format!(r#"{{"hookEventName":"{name}","prompt":"p"}}"#));
            let answered = encode(&event, &verdict).stdout.contains("held report");
            assert_eq!(answered, event.accepts_context, "{name}");
        }
    }

    #[test]
    fn vscode_deny_is_claude_shaped_with_the_flat_fields_too() {
        let out =
            stdout(&fixture("vscode-PreToolUse-run_in_terminal.json"), &Verdict::deny("rm.root", "Do not."));
        let reason = "Do not. [agent-hooks rule rm.root]";
        assert_eq!(
            out,
            json!({
                "permissionDecision": "deny", "permissionDecisionReason": reason,
                "hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                    "permissionDecisionReason": reason}
            })
        );
        let ask = stdout(&fixture("cli-PreToolUse-pascal.json"), &Verdict::ask("a.b", "?"));
        assert_eq!(ask["hookSpecificOutput"]["permissionDecision"], "ask");
    }

    #[test]
    fn vscode_rewrite_sends_updated_input() {
        let out = stdout(&fixture("vscode-PreToolUse-run_in_terminal.json"), &rewrite());
        assert_eq!(
            out,
            json!({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow",
                "permissionDecisionReason": "rewritten by agent-hooks rule rewrite.1",
                "updatedInput": {"command": "rtk git status"}}})
        );
    }

    #[test]
    fn vscode_stop_blocks_in_both_places() {
        let out = stdout(&fixture("vscode-Stop.json"), &Verdict::deny("stop.tests", "Tests fail."));
        let reason = "Tests fail. [agent-hooks rule stop.tests]";
        assert_eq!(
            out,
            json!({"decision": "block", "reason": reason,
                "hookSpecificOutput": {"hookEventName": "Stop", "decision": "block", "reason": reason}})
        );
        let prompt = stdout(
            &event(r#"{"hookEventName":"UserPromptSubmit","prompt":"x"}"#),
            &Verdict::deny("p.s", "No."),
        );
        assert_eq!(prompt, json!({"decision": "block", "reason": "No. [agent-hooks rule p.s]"}));
    }

    #[test]
    fn vscode_context_and_user_message() {
        let mut verdict = Verdict::allow();
        verdict.context = Some("uses pnpm".into());
        verdict.user_message = Some("policy failed".into());
        assert_eq!(
            stdout(&fixture("vscode-PreToolUse-run_in_terminal.json"), &verdict),
            json!({"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": "uses pnpm"},
                "systemMessage": "policy failed"})
        );
    }

    #[test]
    fn events_without_decisions_ignore_deny() {
        assert_eq!(encode(&fixture("cli-sessionEnd.json"), &Verdict::deny("x.y", "no")), Response::default());
        assert_eq!(
            encode(&fixture("cli-postToolUse-bash.json"), &Verdict::deny("x.y", "no")),
            Response::default()
        );
    }
}
