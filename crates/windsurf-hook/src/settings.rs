//! Windsurf's (Cascade's) `hooks.json`: the hooks `install` registers there and how `doctor`
//! probes them. Facts from `docs/agents/windsurf.md` ("Config location and registration"):
//! strict JSON, `hooks.<event>[] = {command, …}` (flat), no matcher and no timeout key: each
//! kind of action has its own event instead.

use std::path::Path;

use hook_core::install::{HookSpec, Layout, Probe, ProbeAnswer, ProbeVerdict, Registration, Syntax};
use serde_json::{Map, Value, json};

pub(crate) fn registration() -> Registration {
    let hook = |event| HookSpec { event, matcher: None, timeout: None };
    Registration {
        syntax: Syntax::Json,
        layout: Layout::Flat,
        required_keys: Vec::new(),
        // Cascade has no session-start or stop event to register.
        hooks: vec![
            hook("pre_run_command"),
            hook("pre_write_code"),
            hook("pre_read_code"),
            hook("post_write_code"),
            hook("pre_user_prompt"),
        ],
        handler,
        command_keys: &["command"],
        probe: Probe { shell_event: "pre_run_command", payload: probe_payload, read_answer },
    }
}

fn handler(command: &str, _hook: &HookSpec) -> Map<String, Value> {
    Map::from_iter([("command".to_string(), json!(command))])
}

/// What Cascade sends before it runs `command` in the terminal, in `cwd`.
fn probe_payload(command: &str, cwd: &Path) -> String {
    json!({
        "agent_action_name": "pre_run_command",
        "trajectory_id": "agent-hooks-doctor",
        "execution_id": "agent-hooks-doctor",
        "timestamp": "1970-01-01T00:00:00Z",
        "tool_info": {"command_line": command, "cwd": cwd},
    })
    .to_string()
}

/// Cascade's reading of a `pre_*` answer: exit 2 blocks, exit 0 proceeds; output is only
/// shown, never read. Other exits also proceed, but as a failed hook.
fn read_answer(answer: &ProbeAnswer) -> ProbeVerdict {
    match answer.exit_code {
        Some(2) => ProbeVerdict::Block,
        Some(0) => ProbeVerdict::Allow,
        Some(code) => ProbeVerdict::Unrecognised(format!("exit {code}, which Windsurf ignores")),
        None => ProbeVerdict::Unrecognised("killed by a signal".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(exit_code: i32, stdout: &str) -> ProbeVerdict {
        read_answer(&ProbeAnswer { exit_code: Some(exit_code), stdout: stdout.into(), stderr: String::new() })
    }

    #[test]
    fn answers_are_read_as_cascade_reads_them() {
        assert_eq!(answer(0, ""), ProbeVerdict::Allow);
        assert_eq!(answer(0, r#"{"decision":"deny"}"#), ProbeVerdict::Allow, "stdout is never read");
        assert_eq!(answer(2, ""), ProbeVerdict::Block);
        assert!(matches!(answer(1, ""), ProbeVerdict::Unrecognised(_)));
    }

    #[test]
    fn the_probe_is_a_command_that_decodes() {
        let payload = probe_payload("rm -rf ~", Path::new("/p"));
        let event = crate::decode::decode(payload.as_bytes()).expect("the probe decodes");
        assert_eq!(event.name, "pre_run_command");
        assert_eq!(event.shell().expect("a shell call").line, "rm -rf ~");
    }
}
