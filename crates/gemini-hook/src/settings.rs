//! Gemini CLI's `settings.json`: the hooks `install` registers there and how `doctor`
//! probes them. Facts from `docs/agents/gemini.md` ("Config location and
//! registration"): JSON with comments allowed, `hooks.<Event>[] = {matcher, hooks: [{type,
//! command, timeout}]}` like Claude Code, Gemini's own event and tool names, `timeout` in
//! milliseconds (default 60 000), `matcher` an unanchored JavaScript regex.

use std::path::Path;

use hook_core::install::{
    HookSpec, Layout, Probe, ProbeAnswer, ProbeVerdict, Registration, Syntax, command_handler,
};
use serde_json::{Value, json};

/// The tools whose calls are checked before they run: shells, file writes, reads. Anchored,
/// since Gemini's matcher would otherwise also fire for any tool whose name contains one.
const BEFORE_TOOLS: &str =
    "^(run_shell_command|write_file|replace|read_file|read_many_files|grep_search|search_file_content|glob)$";
/// The tools after which formatters run.
const AFTER_TOOLS: &str = "^(write_file|replace)$";

pub(crate) fn registration() -> Registration {
    let hook = |event, matcher, timeout| HookSpec { event, matcher, timeout: Some(timeout) };
    Registration {
        syntax: Syntax::Jsonc,
        layout: Layout::Grouped,
        required_keys: Vec::new(),
        hooks: vec![
            hook("BeforeTool", Some(BEFORE_TOOLS), 30_000),
            // Formatters and linters run here, so more time than a decision needs.
            hook("AfterTool", Some(AFTER_TOOLS), 120_000),
            hook("BeforeAgent", None, 30_000),
            hook("SessionStart", None, 30_000),
            // Stop gates run test suites: Gemini's one-minute default would cut them off.
            hook("AfterAgent", None, 600_000),
        ],
        handler: command_handler,
        command_keys: &["command"],
        probe: Probe { shell_event: "BeforeTool", payload: probe_payload, read_answer },
    }
}

/// What Gemini CLI sends before its `run_shell_command` tool runs `command` in `cwd`.
fn probe_payload(command: &str, cwd: &Path) -> String {
    json!({
        "session_id": "agent-hooks-doctor",
        "transcript_path": "",
        "cwd": cwd,
        "hook_event_name": "BeforeTool",
        "timestamp": "1970-01-01T00:00:00.000Z",
        "tool_name": "run_shell_command",
        "tool_input": {"command": command, "description": "agent-hooks doctor probe"},
    })
    .to_string()
}

/// Gemini CLI's reading of a `BeforeTool` answer: JSON on stdout (or on stderr when stdout
/// is empty) decides whatever the exit code, `decision` deny or block and `continue:false`
/// blocking. Text that is not JSON blocks with exit 2 or above and allows otherwise; no
/// output at all allows.
fn read_answer(answer: &ProbeAnswer) -> ProbeVerdict {
    let Some(code) = answer.exit_code else {
        return ProbeVerdict::Unrecognised("killed by a signal".into());
    };
    let text = match answer.stdout.trim() {
        "" => answer.stderr.trim(),
        stdout => stdout,
    };
    if text.is_empty() {
        return ProbeVerdict::Allow;
    }
    let Ok(Value::Object(out)) = serde_json::from_str::<Value>(text) else {
        return if code >= 2 { ProbeVerdict::Block } else { ProbeVerdict::Allow };
    };
    if out.get("continue") == Some(&Value::Bool(false)) {
        return ProbeVerdict::Block;
    }
    match out.get("decision").and_then(Value::as_str) {
        Some("deny" | "block") => ProbeVerdict::Block,
        None | Some("allow" | "approve") => ProbeVerdict::Allow,
        Some(other) => ProbeVerdict::Unrecognised(format!("decision `{other}`")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(exit_code: i32, stdout: &str, stderr: &str) -> ProbeVerdict {
        read_answer(&ProbeAnswer { exit_code: Some(exit_code), stdout: stdout.into(), stderr: stderr.into() })
    }

    #[test]
    fn answers_are_read_as_gemini_cli_reads_them() {
        assert_eq!(answer(0, "", ""), ProbeVerdict::Allow);
        assert_eq!(answer(0, r#"{"decision":"deny","reason":"no"}"#, ""), ProbeVerdict::Block);
        assert_eq!(answer(2, r#"{"decision":"allow"}"#, "ignored"), ProbeVerdict::Allow);
        assert_eq!(answer(2, "", "blocked"), ProbeVerdict::Block);
        assert_eq!(answer(2, "", r#"{"decision":"block"}"#), ProbeVerdict::Block);
        assert_eq!(answer(1, "", "oops"), ProbeVerdict::Allow);
        assert_eq!(answer(2, "", ""), ProbeVerdict::Allow, "no output never blocks");
        assert_eq!(answer(0, r#"{"continue":false}"#, ""), ProbeVerdict::Block);
        assert!(matches!(answer(0, r#"{"decision":"ask"}"#, ""), ProbeVerdict::Unrecognised(_)));
    }

    #[test]
    fn the_probe_is_a_shell_call_that_decodes() {
        let payload = probe_payload("rm -rf ~", Path::new("/p"));
        let event = crate::decode::decode(payload.as_bytes()).expect("the probe decodes");
        assert_eq!(event.name, "BeforeTool");
        assert_eq!(event.shell().expect("a shell call").line, "rm -rf ~");
    }
}
