//! The hooks drop-in file `install` writes into docker-agent's `hooks.d/`, and how `doctor`
//! probes the binary the way docker-agent calls it. Facts from `docs/agents/docker-agent.md`
//! ("Config location and registration"): YAML; tool events take `{matcher, preempt_yolo,
//! hooks: [...]}`, the others a plain list of hooks; timeouts in seconds.

use std::path::Path;

use hook_core::install::{OwnedFile, Probe, ProbeAnswer, ProbeVerdict, command_line};
use serde_json::{Value, json};

/// The first line of every file `install` writes.
const MARKER: &str = "# agent-hooks for docker-agent";
/// Both shell tools, the file tools and reads: everything the policy judges before it runs.
const BEFORE_TOOLS: &str = "shell|run_background_job|write_file|edit_file|read_file|read_multiple_files";
/// The tools after which formatters run.
const AFTER_TOOLS: &str = "write_file|edit_file";

pub(crate) fn owned_file() -> OwnedFile {
    OwnedFile {
        marker: MARKER,
        render,
        events: &["pre_tool_use", "post_tool_use", "user_prompt_submit", "session_start"],
        next_step: None,
        probe: Probe { shell_event: "pre_tool_use", payload: probe_payload, read_answer },
    }
}

/// The drop-in for the binary at `exe`. `preempt_yolo` puts the guard before the safety
/// mode and permission rules: without it, auto-approved calls never reach the hook.
fn render(exe: &Path) -> String {
    // A JSON string is a valid YAML double-quoted scalar: no quoting rules of our own.
    let command = json!(command_line(exe)).to_string();
    format!(
        "{MARKER}: written by `docker-agent-hook install`, removed by `docker-agent-hook uninstall`.
# To guard one agent only, move the `hooks:` block under `agents.<name>:` in its agent file.
hooks:
  pre_tool_use:
    - matcher: \"{BEFORE_TOOLS}\"
      preempt_yolo: true
      hooks:
        - type: command
          name: agent-hooks
          command: {command}
          timeout: 30
  post_tool_use:
    - matcher: \"{AFTER_TOOLS}\"
      hooks:
        - type: command
          name: agent-hooks
          command: {command}
          # Formatters run here: more time than a decision needs, and never a reason to stop.
          timeout: 120
          on_error: ignore
  user_prompt_submit:
    - type: command
      name: agent-hooks
      command: {command}
      timeout: 30
  session_start:
    - type: command
      name: agent-hooks
      command: {command}
      timeout: 30
"
    )
}

/// What docker-agent sends before its shell tool runs `command` in `cwd`.
fn probe_payload(command: &str, cwd: &Path) -> String {
    json!({
        "session_id": "agent-hooks-doctor",
        "cwd": cwd,
        "hook_event_name": "pre_tool_use",
        "agent_name": "root",
        "tool_name": "shell",
        "tool_use_id": "agent-hooks-doctor",
        "tool_input": {"cmd": command},
    })
    .to_string()
}

/// docker-agent's reading of a `pre_tool_use` answer: exit 2 blocks; exit 0 with JSON is
/// read for `permission_decision` or `decision:"block"`; any other exit is a hook failure,
/// which blocks the call too (fail-closed), so it counts as no usable answer.
fn read_answer(answer: &ProbeAnswer) -> ProbeVerdict {
    match answer.exit_code {
        Some(2) => return ProbeVerdict::Block,
        Some(0) => {}
        Some(code) => {
            return ProbeVerdict::Unrecognised(format!("exit {code}, a hook failure that blocks every call"));
        }
        None => return ProbeVerdict::Unrecognised("killed by a signal".into()),
    }
    let stdout = answer.stdout.trim();
    if stdout.is_empty() {
        return ProbeVerdict::Allow;
    }
    let Ok(Value::Object(out)) = serde_json::from_str::<Value>(stdout) else {
        return ProbeVerdict::Unrecognised(format!("stdout is not one JSON object: {stdout:.80}"));
    };
    if out.get("decision").and_then(Value::as_str) == Some("block") {
        return ProbeVerdict::Block;
    }
    let specific = out.get("hook_specific_output");
    match specific.and_then(|s| s.get("permission_decision")).and_then(Value::as_str) {
        Some("deny") => ProbeVerdict::Block,
        None | Some("allow" | "ask") => ProbeVerdict::Allow,
        Some(other) => ProbeVerdict::Unrecognised(format!("permission_decision `{other}`")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(exit_code: i32, stdout: &str) -> ProbeVerdict {
        read_answer(&ProbeAnswer { exit_code: Some(exit_code), stdout: stdout.into(), stderr: String::new() })
    }

    #[test]
    fn the_drop_in_guards_every_call_with_this_binary() {
        let yaml = render(Path::new("/opt/agent hooks/docker-agent-hook"));
        assert!(yaml.starts_with(MARKER));
        assert!(yaml.contains("preempt_yolo: true"));
        assert!(yaml.contains("shell|run_background_job|"));
        assert_eq!(yaml.matches(r#"command: "'/opt/agent hooks/docker-agent-hook'""#).count(), 4);
        assert!(!yaml.contains('\t'), "YAML forbids tabs in indentation");
    }

    #[test]
    fn answers_are_read_as_docker_agent_reads_them() {
        assert_eq!(answer(0, ""), ProbeVerdict::Allow);
        assert_eq!(answer(2, ""), ProbeVerdict::Block);
        assert_eq!(
            answer(
                0,
                r#"{"hook_specific_output":{"hook_event_name":"pre_tool_use","permission_decision":"deny"}}"#
            ),
            ProbeVerdict::Block
        );
        assert_eq!(answer(0, r#"{"decision":"block","reason":"no"}"#), ProbeVerdict::Block);
        assert_eq!(answer(0, r#"{"system_message":"note"}"#), ProbeVerdict::Allow);
        assert!(matches!(answer(1, ""), ProbeVerdict::Unrecognised(_)));
        assert!(matches!(answer(0, "{} {}"), ProbeVerdict::Unrecognised(_)));
    }

    #[test]
    fn the_probe_is_a_shell_call_that_decodes() {
        let payload = probe_payload("rm -rf ~", Path::new("/p"));
        let event = crate::decode::decode(payload.as_bytes()).unwrap();
        assert_eq!(event.name, "pre_tool_use");
        assert_eq!(event.shell().unwrap().line, "rm -rf ~");
    }
}
