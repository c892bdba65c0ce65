//! Copilot CLI's hook files: the hooks `install` registers there and how `doctor` probes
//! them. Facts from `docs/agents/copilot.md` ("Config location and registration"): strict
//! JSON, `"version": 1`, `hooks.<event>[] = {type, bash, timeoutSec}` (flat), camelCase
//! events (they select the CLI's own payloads, which `decode` reads), `timeoutSec` in
//! seconds (default 30), `matcher` an anchored regex over `toolName` on `preToolUse` only.

use std::path::Path;

use hook_core::install::{HookSpec, Layout, Probe, ProbeAnswer, ProbeVerdict, Registration, Syntax};
use serde_json::{Map, Value, json};

/// The CLI's tools whose calls are checked before they run: shells, file writes, reads.
const BEFORE_TOOLS: &str = "bash|powershell|create|edit|apply_patch|view|grep|rg|glob";

pub(crate) fn registration() -> Registration {
    let hook = |event, matcher, timeout| HookSpec { event, matcher, timeout: Some(timeout) };
    Registration {
        syntax: Syntax::Json,
        layout: Layout::Flat,
        required_keys: vec![("version", json!(1))],
        hooks: vec![
            hook("preToolUse", Some(BEFORE_TOOLS), 30),
            // Under `--allow-all-tools` the CLI still asks this hook unless `preToolUse` allowed
            // the call explicitly: a second place where a deny holds.
            hook("permissionRequest", Some(BEFORE_TOOLS), 30),
            // Formatters and linters run here, so more time than a decision needs.
            hook("postToolUse", None, 120),
            hook("userPromptSubmitted", None, 30),
            hook("sessionStart", None, 30),
            // Stop gates run test suites: the CLI's 30-second default would cut them off.
            hook("agentStop", None, 600),
        ],
        handler,
        // `bash` is what the CLI and the cloud agent run; `command` is its portable spelling.
        command_keys: &["bash", "command"],
        probe: Probe { shell_event: "preToolUse", payload: probe_payload, read_answer },
    }
}

fn handler(command: &str, hook: &HookSpec) -> Map<String, Value> {
    let mut handler = Map::new();
    handler.insert("type".into(), json!("command"));
    handler.insert("bash".into(), json!(command));
    if let Some(matcher) = hook.matcher {
        handler.insert("matcher".into(), json!(matcher));
    }
    if let Some(timeout) = hook.timeout {
        handler.insert("timeoutSec".into(), json!(timeout));
    }
    handler
}

/// What Copilot CLI sends before its `bash` tool runs `command` in `cwd`: no event name,
/// the tool and its arguments in camelCase.
fn probe_payload(command: &str, cwd: &Path) -> String {
    json!({
        "sessionId": "agent-hooks-doctor",
        "timestamp": 0,
        "cwd": cwd,
        "toolName": "bash",
        "toolArgs": {"command": command, "description": "agent-hooks doctor probe"},
    })
    .to_string()
}

/// Copilot CLI's reading of a `preToolUse` answer: only exit 0 is read, and there an empty
/// stdout allows and a JSON object's `permissionDecision` deny blocks (allow or none
/// allows). Exit 2 is a mere warning and other exits are logged and skipped: the tool runs.
fn read_answer(answer: &ProbeAnswer) -> ProbeVerdict {
    match answer.exit_code {
        Some(0) => {}
        Some(code) => {
            return ProbeVerdict::Unrecognised(format!("exit {code}, which Copilot CLI does not obey"));
        }
        None => return ProbeVerdict::Unrecognised("killed by a signal".into()),
    }
    let out = match answer.stdout_object() {
        Ok(out) => out,
        Err(why) => return ProbeVerdict::Unrecognised(why),
    };
    ProbeVerdict::from_permission("permissionDecision", out.get("permissionDecision"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(exit_code: i32, stdout: &str) -> ProbeVerdict {
        read_answer(&ProbeAnswer { exit_code: Some(exit_code), stdout: stdout.into(), stderr: String::new() })
    }

    #[test]
    fn answers_are_read_as_copilot_cli_reads_them() {
        assert_eq!(answer(0, ""), ProbeVerdict::Allow);
        assert_eq!(answer(0, r#"{"permissionDecision":"allow"}"#), ProbeVerdict::Allow);
        assert_eq!(
            answer(0, r#"{"permissionDecision":"deny","permissionDecisionReason":"no"}"#),
            ProbeVerdict::Block
        );
        assert!(matches!(answer(2, ""), ProbeVerdict::Unrecognised(_)), "exit 2 only warns");
        assert!(matches!(answer(0, "not json"), ProbeVerdict::Unrecognised(_)));
        assert!(matches!(answer(0, r#"{"permissionDecision":"later"}"#), ProbeVerdict::Unrecognised(_)));
    }

    #[test]
    fn the_probe_is_a_bash_call_that_decodes() {
        let payload = probe_payload("rm -rf ~", Path::new("/p"));
        let event = crate::decode::decode(payload.as_bytes()).expect("the probe decodes");
        assert_eq!(event.name, "preToolUse");
        assert_eq!(event.shell().expect("a shell call").line, "rm -rf ~");
    }
}
