//! Claude Code's settings files: the hooks `install` registers there and how `doctor`
//! probes them. Facts from `docs/agents/claude.md` ("Config location and
//! registration"): `hooks.<Event>[] = {matcher, hooks: [{type, command, timeout}]}`,
//! timeouts in seconds, strict JSON.

use std::path::Path;

use hook_core::install::{
    HookSpec, Layout, Probe, ProbeAnswer, ProbeVerdict, Registration, Syntax, command_handler,
};
use serde_json::{Value, json};

/// The tools whose calls are checked before they run: shells, file writes, reads and searches.
const BEFORE_TOOLS: &str = "Bash|PowerShell|Write|Edit|MultiEdit|NotebookEdit|Read|Grep|Glob";
/// The tools after which formatters run.
const AFTER_TOOLS: &str = "Write|Edit|MultiEdit|NotebookEdit";

pub(crate) fn registration() -> Registration {
    Registration {
        syntax: Syntax::Json,
        layout: Layout::Grouped,
        required_keys: Vec::new(),
        hooks: vec![
            HookSpec { event: "PreToolUse", matcher: Some(BEFORE_TOOLS), timeout: Some(30) },
            // Formatters and linters run here, so more time than a decision needs.
            HookSpec { event: "PostToolUse", matcher: Some(AFTER_TOOLS), timeout: Some(120) },
            HookSpec { event: "UserPromptSubmit", matcher: None, timeout: Some(30) },
            HookSpec { event: "SessionStart", matcher: None, timeout: Some(30) },
            // Stop gates run test suites: keep Claude Code's own 10-minute default.
            HookSpec { event: "Stop", matcher: None, timeout: None },
        ],
        handler: command_handler,
        command_keys: &["command"],
        probe: Probe { shell_event: "PreToolUse", payload: probe_payload, read_answer },
    }
}

/// What Claude Code sends before its Bash tool runs `command` in `cwd`.
fn probe_payload(command: &str, cwd: &Path) -> String {
    json!({
        "session_id": "agent-hooks-doctor",
        "transcript_path": "",
        "cwd": cwd,
        "permission_mode": "default",
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": command, "description": "agent-hooks doctor probe"},
        "tool_use_id": "agent-hooks-doctor",
    })
    .to_string()
}

/// Claude Code's reading of a PreToolUse answer: exit 2 blocks; exit 0 with no output
/// allows; exit 0 with JSON is read for `permissionDecision` (deny blocks, allow or none
/// allows). Anything else is a hook error, which Claude Code lets through.
fn read_answer(answer: &ProbeAnswer) -> ProbeVerdict {
    match answer.exit_code {
        Some(2) => return ProbeVerdict::Block,
        Some(0) => {}
        Some(code) => return ProbeVerdict::Unrecognised(format!("exit {code}, which Claude Code ignores")),
        None => return ProbeVerdict::Unrecognised("killed by a signal".into()),
    }
    let out = match answer.stdout_object() {
        Ok(out) => out,
        Err(why) => return ProbeVerdict::Unrecognised(why),
    };
    let Some(specific) = out.get("hookSpecificOutput") else { return ProbeVerdict::Allow };
    if specific.get("hookEventName").and_then(Value::as_str) != Some("PreToolUse") {
        return ProbeVerdict::Unrecognised("hookSpecificOutput without hookEventName PreToolUse".into());
    }
    ProbeVerdict::from_permission("permissionDecision", specific.get("permissionDecision"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(exit_code: i32, stdout: &str) -> ProbeVerdict {
        read_answer(&ProbeAnswer { exit_code: Some(exit_code), stdout: stdout.into(), stderr: String::new() })
    }

    #[test]
    fn answers_are_read_as_claude_code_reads_them() {
        assert_eq!(answer(0, ""), ProbeVerdict::Allow);
        assert_eq!(answer(2, ""), ProbeVerdict::Block);
        assert_eq!(
            answer(0, r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}"#),
            ProbeVerdict::Block
        );
        assert_eq!(answer(0, r#"{"systemMessage":"note"}"#), ProbeVerdict::Allow);
        assert!(matches!(answer(1, ""), ProbeVerdict::Unrecognised(_)));
        assert!(matches!(answer(0, "{} {}"), ProbeVerdict::Unrecognised(_)));
        assert!(matches!(
            answer(0, r#"{"hookSpecificOutput":{"permissionDecision":"deny"}}"#),
            ProbeVerdict::Unrecognised(_)
        ));
    }

    #[test]
    fn the_probe_is_a_bash_call_that_decodes() {
        let payload = probe_payload("rm -rf ~", Path::new("/p"));
        let event = crate::decode::decode(payload.as_bytes()).unwrap();
        assert_eq!(event.name, "PreToolUse");
        assert_eq!(event.shell().unwrap().line, "rm -rf ~");
    }
}
