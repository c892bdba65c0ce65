//! Verdicts to Windsurf answers: exit 2 with the reason on stderr blocks a `pre_*` event;
//! everything else is exit 0. Nothing is ever printed on stdout (Windsurf only displays it).

use hook_core::wire;
use hook_core::{Decision, Event, Response, Verdict};

pub(crate) fn encode(event: &Event, verdict: &Verdict) -> Response {
    // Exit 2 from a post hook has no effect: only pre hooks can refuse.
    let refusal = if event.name.starts_with("pre_") { blocking_reason(&verdict.decision) } else { None };
    Response {
        stdout: String::new(),
        stderr: wire::lines(&[refusal.as_deref(), verdict.user_message.as_deref()]).unwrap_or_default(),
        exit_code: if refusal.is_some() { 2 } else { 0 },
    }
}

/// Why the event is refused. Windsurf has neither ask nor rewrite: an ask that reaches it is a
/// block, and a rewrite is a block naming the command to run instead.
fn blocking_reason(decision: &Decision) -> Option<String> {
    wire::refusal(decision, "Windsurf cannot do")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    use crate::WINDSURF;

    fn fixture(name: &str) -> Event {
        let path = format!("{}/../../tests/fixtures/windsurf/{name}", env!("CARGO_MANIFEST_DIR"));
        WINDSURF.decode(&std::fs::read(&path).unwrap()).unwrap()
    }

    fn blocked(stderr: &str) -> Response {
        Response { stdout: String::new(), stderr: stderr.into(), exit_code: 2 }
    }

    #[test]
    fn allow_is_a_silent_exit_0() {
        for name in ["pre_run_command.json", "pre_write_code.json", "post_cascade_response.json"] {
            assert_eq!(encode(&fixture(name), &Verdict::allow()), Response::default(), "{name}");
        }
    }

    #[test]
    fn deny_is_exit_2_with_the_reason_on_stderr() {
        let response = encode(&fixture("pre_run_command.json"), &Verdict::deny("rm.root", "Do not."));
        assert_eq!(response, blocked("Do not. [agent-hooks rule rm.root]"));
    }

    #[test]
    fn ask_is_a_block() {
        let response = encode(&fixture("pre_mcp_tool_use.json"), &Verdict::ask("mcp.github", "Confirm."));
        assert_eq!(response, blocked("Confirm. [agent-hooks rule mcp.github]"));
    }

    #[test]
    fn rewrite_is_a_block_naming_the_command() {
        let verdict = Verdict::from(Decision::Rewrite {
            input: json!({"command_line": "rtk git status", "cwd": "/a"}),
            command: Some("rtk git status".into()),
            rule: "rewrite.1".into(),
        });
        assert_eq!(
            encode(&fixture("pre_run_command.json"), &verdict),
            blocked(
                "agent-hooks rewrites this command to `rtk git status`, which Windsurf cannot do; \
                 run `rtk git status` instead [agent-hooks rule rewrite.1]"
            )
        );
    }

    #[test]
    fn prompt_deny_blocks_the_prompt() {
        let response = encode(&fixture("pre_user_prompt.json"), &Verdict::deny("prompt.secret", "No keys."));
        assert_eq!(response, blocked("No keys. [agent-hooks rule prompt.secret]"));
    }

    #[test]
    fn context_is_dropped_and_user_message_goes_to_stderr() {
        let mut verdict = Verdict::allow();
        verdict.context = Some("uses pnpm".into());
        verdict.user_message = Some("policy failed".into());
        let response = encode(&fixture("pre_write_code.json"), &verdict);
        assert_eq!(
            response,
            Response { stdout: String::new(), stderr: "policy failed".into(), exit_code: 0 }
        );
    }

    #[test]
    fn post_events_and_the_response_cannot_be_refused() {
        for name in ["post_run_command.json", "post_write_code.json", "post_cascade_response.json"] {
            assert_eq!(
                encode(&fixture(name), &Verdict::deny("stop.tests", "no")),
                Response::default(),
                "{name}"
            );
        }
    }
}
