//! Verdicts to docker-agent answers: one snake_case JSON object on stdout with exit 0, or
//! nothing at all. Never exit 2: docker-agent drops stdout then, and with it the reason.

use hook_core::wire;
use hook_core::{Decision, Event, Response, Verdict};
use serde_json::{Map, Value, json};

/// Events where a top-level `decision:"block"` acts: the prompt is refused, compaction is
/// cancelled. (`post_tool_use` would halt the whole run, far more than a note to the model.)
const BLOCKING_EVENTS: &[&str] = &["user_prompt_submit", "pre_compact"];

pub(crate) fn encode(event: &Event, verdict: &Verdict) -> Response {
    let mut out = Map::new();
    let mut specific = Map::new();
    let refusal = wire::refusal(&verdict.decision, &format!("docker-agent cannot do on {}", event.name));
    match (event.name.as_str(), &verdict.decision) {
        // The merge is shallow: sending the complete object sets every key the rewrite holds.
        ("pre_tool_use", Decision::Rewrite { input, rule, .. }) => {
            specific.insert("permission_decision".into(), json!("allow"));
            specific.insert(
                "permission_decision_reason".into(),
                json!(format!("rewritten by agent-hooks rule {rule}")),
            );
            specific.insert("updated_input".into(), input.clone());
        }
        // The permission prompt is itself the ask: only a refusal has anything to say there.
        ("permission_request", Decision::Ask { .. }) => {}
        ("pre_tool_use" | "permission_request", decision) => {
            if let Some(reason) = refusal {
                let permission = if matches!(decision, Decision::Ask { .. }) { "ask" } else { "deny" };
                specific.insert("permission_decision".into(), json!(permission));
                specific.insert("permission_decision_reason".into(), json!(reason));
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
        specific.insert("additional_context".into(), json!(context));
    }
    if !specific.is_empty() {
        let mut with_name = Map::new();
        with_name.insert("hook_event_name".into(), json!(event.name));
        with_name.extend(specific);
        out.insert("hook_specific_output".into(), Value::Object(with_name));
    }
    if let Some(message) = &verdict.user_message {
        out.insert("system_message".into(), json!(message));
    }
    wire::json_or_silence(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::DOCKER_AGENT;

    fn fixture(name: &str) -> Event {
        let path = format!("{}/../../tests/fixtures/docker-agent/{name}", env!("CARGO_MANIFEST_DIR"));
        DOCKER_AGENT.decode(&std::fs::read(&path).unwrap()).unwrap()
    }

    fn stdout(event: &Event, verdict: &Verdict) -> Value {
        let response = encode(event, verdict);
        assert_eq!(response.exit_code, 0);
        assert!(response.stderr.is_empty());
        serde_json::from_str(&response.stdout).unwrap()
    }

    fn rewrite(input: Value) -> Verdict {
        Verdict::from(Decision::Rewrite {
            input,
            command: Some("rtk git status".into()),
            rule: "rewrite.1".into(),
        })
    }

    #[test]
    fn allow_prints_nothing_so_the_default_lane_still_asks() {
        for name in ["pre_tool_use-shell-rm.json", "permission_request-shell.json", "stop.json"] {
            assert_eq!(encode(&fixture(name), &Verdict::allow()), Response::default(), "{name}");
        }
    }

    #[test]
    fn deny_is_a_snake_case_permission_decision() {
        assert_eq!(
            stdout(&fixture("pre_tool_use-shell-rm.json"), &Verdict::deny("rm.home", "Do not.")),
            json!({"hook_specific_output": {"hook_event_name": "pre_tool_use", "permission_decision": "deny",
                "permission_decision_reason": "Do not. [agent-hooks rule rm.home]"}})
        );
    }

    #[test]
    fn ask_is_a_permission_decision() {
        assert_eq!(
            stdout(&fixture("pre_tool_use-run_background_job.json"), &Verdict::ask("remote.sh", "Confirm.")),
            json!({"hook_specific_output": {"hook_event_name": "pre_tool_use", "permission_decision": "ask",
                "permission_decision_reason": "Confirm. [agent-hooks rule remote.sh]"}})
        );
    }

    #[test]
    fn rewrite_sends_the_complete_input() {
        let input = json!({"cmd": "rtk git status", "cwd": "."});
        assert_eq!(
            stdout(&fixture("pre_tool_use-shell-git-status.json"), &rewrite(input.clone())),
            json!({"hook_specific_output": {"hook_event_name": "pre_tool_use", "permission_decision": "allow",
                "permission_decision_reason": "rewritten by agent-hooks rule rewrite.1", "updated_input": input}})
        );
    }

    #[test]
    fn permission_request_denies_and_leaves_asks_to_the_prompt() {
        let e = fixture("permission_request-shell.json");
        assert_eq!(
            stdout(&e, &Verdict::deny("git.push", "No.")),
            json!({"hook_specific_output": {"hook_event_name": "permission_request", "permission_decision": "deny",
                "permission_decision_reason": "No. [agent-hooks rule git.push]"}})
        );
        assert_eq!(encode(&e, &Verdict::ask("git.push", "?")), Response::default());
        assert_eq!(
            stdout(&e, &rewrite(json!({"cmd": "rtk git status"})))["hook_specific_output"]["permission_decision_reason"],
            "agent-hooks rewrites this command to `rtk git status`, which docker-agent cannot do on \
             permission_request; run `rtk git status` instead [agent-hooks rule rewrite.1]"
        );
    }

    #[test]
    fn prompt_blocks_at_top_level_and_takes_context() {
        let e = fixture("user_prompt_submit.json");
        assert_eq!(
            stdout(&e, &Verdict::deny("prompt.secret", "No keys.")),
            json!({"decision": "block", "reason": "No keys. [agent-hooks rule prompt.secret]"})
        );
        let mut verdict = Verdict::allow();
        verdict.context = Some("Never push to main.".into());
        verdict.user_message = Some("policy failed".into());
        assert_eq!(
            stdout(&e, &verdict),
            json!({"hook_specific_output": {"hook_event_name": "user_prompt_submit",
                "additional_context": "Never push to main."}, "system_message": "policy failed"})
        );
    }

    #[test]
    fn context_only_where_the_runtime_reads_it() {
        let mut verdict = Verdict::allow();
        verdict.context = Some("uses pnpm".into());
        assert_eq!(
            stdout(&fixture("session_start.json"), &verdict)["hook_specific_output"]["additional_context"],
            "uses pnpm"
        );
        for name in ["pre_tool_use-shell-rm.json", "post_tool_use-shell.json", "stop.json"] {
            assert_eq!(encode(&fixture(name), &verdict), Response::default(), "{name}");
        }
    }

    #[test]
    fn events_that_cannot_block_ignore_deny() {
        for name in ["stop.json", "post_tool_use-shell.json", "session_end.json", "before_llm_call.json"] {
            assert_eq!(encode(&fixture(name), &Verdict::deny("x.y", "no")), Response::default(), "{name}");
        }
    }
}
