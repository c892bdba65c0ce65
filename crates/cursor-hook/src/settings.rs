//! Cursor's `hooks.json`: the hooks `install` registers there and how `doctor` probes them.
//! Facts from `docs/agents/cursor.md` ("Config location and registration"): strict JSON,
//! `"version": 1` required, `hooks.<event>[] = {command, …}` (flat, no groups), `matcher`
//! only on the generic `preToolUse` family, `timeout` units unconfirmed (so never written).

use std::path::Path;

use hook_core::install::{HookSpec, Layout, Probe, ProbeAnswer, ProbeVerdict, Registration, Syntax};
use serde_json::{Map, Value, json};

/// The generic tools that change files: the specific events have no before-write hook, so
/// writes are gated through `preToolUse`, filtered to them (shells and reads have their own).
const WRITE_TOOLS: &str = "Write|Edit|StrReplace|TabWrite|Delete";

pub(crate) fn registration() -> Registration {
    let hook = |event, matcher| HookSpec { event, matcher, timeout: None };
    Registration {
        syntax: Syntax::Json,
        layout: Layout::Flat,
        required_keys: vec![("version", json!(1))],
        hooks: vec![
            hook("beforeShellExecution", None),
            hook("beforeReadFile", None),
            hook("preToolUse", Some(WRITE_TOOLS)),
            hook("afterFileEdit", None),
            hook("beforeSubmitPrompt", None),
            hook("sessionStart", None),
            hook("stop", None),
        ],
        handler,
        command_keys: &["command"],
        probe: Probe { shell_event: "beforeShellExecution", payload: probe_payload, read_answer },
    }
}

fn handler(command: &str, hook: &HookSpec) -> Map<String, Value> {
    let mut handler = Map::new();
    handler.insert("command".into(), json!(command));
    if let Some(matcher) = hook.matcher {
        handler.insert("matcher".into(), json!(matcher));
    }
    handler
}

/// What Cursor sends before its agent runs `command` in the terminal, in `cwd`.
fn probe_payload(command: &str, cwd: &Path) -> String {
    json!({
        "conversation_id": "agent-hooks-doctor",
        "generation_id": "agent-hooks-doctor",
        "hook_event_name": "beforeShellExecution",
        "workspace_roots": [cwd],
        "command": command,
        "cwd": cwd,
    })
    .to_string()
}

/// Cursor's reading of a `beforeShellExecution` answer: exit 2 blocks; exit 0 must come
/// with one JSON object, whose `permission` deny blocks and allow (or none) allows. Other
/// exits and unreadable output are hook errors, which Cursor lets through.
fn read_answer(answer: &ProbeAnswer) -> ProbeVerdict {
    match answer.exit_code {
        Some(2) => return ProbeVerdict::Block,
        Some(0) => {}
        Some(code) => return ProbeVerdict::Unrecognised(format!("exit {code}, which Cursor ignores")),
        None => return ProbeVerdict::Unrecognised("killed by a signal".into()),
    }
    if answer.stdout.trim().is_empty() {
        return ProbeVerdict::Unrecognised("no JSON on stdout, which Cursor reads as a failed hook".into());
    }
    let out = match answer.stdout_object() {
        Ok(out) => out,
        Err(why) => return ProbeVerdict::Unrecognised(why),
    };
    ProbeVerdict::from_permission("permission", out.get("permission"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(exit_code: i32, stdout: &str) -> ProbeVerdict {
        read_answer(&ProbeAnswer { exit_code: Some(exit_code), stdout: stdout.into(), stderr: String::new() })
    }

    #[test]
    fn answers_are_read_as_cursor_reads_them() {
        assert_eq!(answer(0, "{}"), ProbeVerdict::Allow);
        assert_eq!(answer(0, r#"{"permission":"allow"}"#), ProbeVerdict::Allow);
        assert_eq!(answer(0, r#"{"permission":"deny","agent_message":"no"}"#), ProbeVerdict::Block);
        assert_eq!(answer(2, ""), ProbeVerdict::Block);
        assert!(matches!(answer(0, ""), ProbeVerdict::Unrecognised(_)), "Cursor expects JSON");
        assert!(matches!(answer(1, "{}"), ProbeVerdict::Unrecognised(_)));
        assert!(matches!(answer(0, r#"{"permission":"maybe"}"#), ProbeVerdict::Unrecognised(_)));
    }

    #[test]
    fn the_probe_is_a_shell_call_that_decodes() {
        let payload = probe_payload("rm -rf ~", Path::new("/p"));
        let event = crate::decode::decode(payload.as_bytes()).expect("the probe decodes");
        assert_eq!(event.name, "beforeShellExecution");
        assert_eq!(event.shell().expect("a shell call").line, "rm -rf ~");
    }
}
