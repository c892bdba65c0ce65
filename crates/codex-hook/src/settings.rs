//! Codex CLI's `hooks.json`: the hooks `install` registers there and how `doctor` probes
//! them. Facts from `docs/agents/codex.md` ("Config location and registration"): strict
//! JSON, `hooks.<Event>[] = {matcher, hooks: [{type, command, timeout}]}` like Claude Code,
//! `timeout` in seconds (default 600), `matcher` a regex over the tool name.

use std::path::Path;

use hook_core::install::{
    HookSpec, Layout, Probe, ProbeAnswer, ProbeVerdict, Registration, Syntax, command_handler,
};
use serde_json::{Value, json};

/// The tools whose calls are checked before they run: the shell and file patches (Codex
/// reads files through the shell). `apply_patch` also matches Codex's `Edit` and `Write`.
const BEFORE_TOOLS: &str = "^Bash$|^apply_patch$";
/// The tool after which formatters run.
const AFTER_TOOLS: &str = "^apply_patch$";

pub(crate) fn registration() -> Registration {
    let hook = |event, matcher, timeout| HookSpec { event, matcher, timeout };
    Registration {
        syntax: Syntax::Json,
        layout: Layout::Grouped,
        required_keys: Vec::new(),
        hooks: vec![
            hook("PreToolUse", Some(BEFORE_TOOLS), Some(30)),
            // Formatters and linters run here, so more time than a decision needs.
            hook("PostToolUse", Some(AFTER_TOOLS), Some(120)),
            hook("UserPromptSubmit", None, Some(30)),
            hook("SessionStart", None, Some(30)),
            // Stop gates run test suites: keep Codex's own 10-minute default.
            hook("Stop", None, None),
        ],
        handler: command_handler,
        command_keys: &["command"],
        probe: Probe { shell_event: "PreToolUse", payload: probe_payload, read_answer },
    }
}

/// What Codex sends before its `Bash` tool runs `command` in `cwd`.
fn probe_payload(command: &str, cwd: &Path) -> String {
    json!({
        "session_id": "agent-hooks-doctor",
        "turn_id": "agent-hooks-doctor",
        "transcript_path": null,
        "cwd": cwd,
        "hook_event_name": "PreToolUse",
        "model": "agent-hooks-doctor",
        "permission_mode": "default",
        "tool_name": "Bash",
        "tool_input": {"command": command},
        "tool_use_id": "agent-hooks-doctor",
    })
    .to_string()
}

/// Codex's reading of a PreToolUse answer: exit 2 with a reason on stderr blocks; exit 0
/// with no JSON allows; exit 0 with JSON blocks on `permissionDecision` deny or `decision`
/// block, allows on allow or nothing. Anything else marks the hook failed and the tool runs.
fn read_answer(answer: &ProbeAnswer) -> ProbeVerdict {
    match answer.exit_code {
        Some(2) if !answer.stderr.trim().is_empty() => return ProbeVerdict::Block,
        Some(0) => {}
        Some(code) => {
            return ProbeVerdict::Unrecognised(format!("exit {code} without a reason, which Codex ignores"));
        }
        None => return ProbeVerdict::Unrecognised("killed by a signal".into()),
    }
    if !answer.stdout.trim().starts_with('{') {
        // Plain text on PreToolUse is ignored.
        return ProbeVerdict::Allow;
    }
    let out = match answer.stdout_object() {
        Ok(out) => out,
        Err(why) => return ProbeVerdict::Unrecognised(why),
    };
    if out.get("decision").and_then(Value::as_str) == Some("block") {
        return ProbeVerdict::Block;
    }
    let decision = out.get("hookSpecificOutput").and_then(|specific| specific.get("permissionDecision"));
    ProbeVerdict::from_permission("permissionDecision", decision)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(exit_code: i32, stdout: &str, stderr: &str) -> ProbeVerdict {
        read_answer(&ProbeAnswer { exit_code: Some(exit_code), stdout: stdout.into(), stderr: stderr.into() })
    }

    #[test]
    fn answers_are_read_as_codex_reads_them() {
        assert_eq!(answer(0, "", ""), ProbeVerdict::Allow);
        assert_eq!(answer(0, "note", ""), ProbeVerdict::Allow);
        assert_eq!(answer(2, "", "blocked"), ProbeVerdict::Block);
        assert!(matches!(answer(2, "", ""), ProbeVerdict::Unrecognised(_)), "exit 2 needs a reason");
        assert_eq!(
            answer(
                0,
                r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}"#,
                ""
            ),
            ProbeVerdict::Block
        );
        assert_eq!(answer(0, r#"{"decision":"block","reason":"no"}"#, ""), ProbeVerdict::Block);
        assert!(matches!(
            answer(0, r#"{"hookSpecificOutput":{"permissionDecision":"ask"}}"#, ""),
            ProbeVerdict::Unrecognised(_)
        ));
        assert!(matches!(answer(0, "{} {}", ""), ProbeVerdict::Unrecognised(_)));
    }

    #[test]
    fn the_probe_is_a_bash_call_that_decodes() {
        let payload = probe_payload("rm -rf ~", Path::new("/p"));
        let event = crate::decode::decode(payload.as_bytes()).expect("the probe decodes");
        assert_eq!(event.name, "PreToolUse");
        assert_eq!(event.shell().expect("a shell call").line, "rm -rf ~");
    }
}
