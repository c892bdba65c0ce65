//! The plugin module `install` places where OpenCode loads plugins: the one in
//! `crates/opencode-hook/plugin/`, with the path of this binary written in, and how `doctor` probes
//! the binary the way the plugin calls it.

use std::path::Path;

use hook_core::install::{OwnedFile, Probe, ProbeAnswer, ProbeVerdict};
use serde_json::{Value, json};

const PLUGIN: &str = include_str!("../plugin/agent-hooks.js");
/// How the plugin names its binary before `install` writes the real path in.
const BINARY_BY_NAME: &str = r#"process.env.OPENCODE_HOOK_BIN || "opencode-hook""#;

pub(crate) fn owned_file() -> OwnedFile {
    OwnedFile {
        marker: "//! agent-hooks for OpenCode",
        render,
        events: &["tool.execute.before", "tool.execute.after"],
        next_step: None,
        probe: Probe { shell_event: "tool.execute.before", payload: probe_payload, read_answer },
    }
}

/// The plugin running the binary at `exe` (a JavaScript string literal, as JSON writes it);
/// `OPENCODE_HOOK_BIN` still wins, for trying another build.
fn render(exe: &Path) -> String {
    let path = json!(exe.to_string_lossy()).to_string();
    PLUGIN.replacen(BINARY_BY_NAME, &format!("process.env.OPENCODE_HOOK_BIN || {path}"), 1)
}

/// What the plugin sends before OpenCode's bash tool runs `command`.
fn probe_payload(command: &str, cwd: &Path) -> String {
    json!({
        "hook": "tool.execute.before",
        "cwd": cwd,
        "input": {"tool": "bash", "sessionID": "agent-hooks-doctor", "callID": "agent-hooks-doctor"},
        "output": {"args": {"command": command, "description": "agent-hooks doctor probe"}},
    })
    .to_string()
}

/// The plugin's reading of an answer: `action: "deny"` throws, anything else lets the call
/// run; a failed or unreadable answer is allowed with a warning.
fn read_answer(answer: &ProbeAnswer) -> ProbeVerdict {
    match answer.exit_code {
        Some(0) => {}
        Some(code) => return ProbeVerdict::Unrecognised(format!("exit {code}, which the plugin allows")),
        None => return ProbeVerdict::Unrecognised("killed by a signal".into()),
    }
    let stdout = answer.stdout.trim();
    if stdout.is_empty() {
        return ProbeVerdict::Allow;
    }
    let Ok(out) = serde_json::from_str::<Value>(stdout) else {
        return ProbeVerdict::Unrecognised(format!("stdout is not one JSON object: {stdout:.80}"));
    };
    match out.get("action").and_then(Value::as_str) {
        Some("deny") => ProbeVerdict::Block,
        Some("allow" | "rewrite") => ProbeVerdict::Allow,
        other => ProbeVerdict::Unrecognised(format!("action {other:?}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(exit_code: i32, stdout: &str) -> ProbeVerdict {
        read_answer(&ProbeAnswer { exit_code: Some(exit_code), stdout: stdout.into(), stderr: String::new() })
    }

    #[test]
    fn the_binary_path_is_written_into_the_plugin() {
        assert!(PLUGIN.contains(BINARY_BY_NAME), "the plugin no longer names its binary as install expects");
        let plugin = render(Path::new("/opt/agent hooks/opencode-hook"));
        assert!(
            plugin.contains(
                r#"const BINARY = process.env.OPENCODE_HOOK_BIN || "/opt/agent hooks/opencode-hook""#
            )
        );
        assert!(plugin.starts_with(owned_file().marker));
    }

    #[test]
    fn answers_are_read_as_the_plugin_reads_them() {
        assert_eq!(answer(0, ""), ProbeVerdict::Allow);
        assert_eq!(answer(0, r#"{"action":"deny","reason":"no"}"#), ProbeVerdict::Block);
        assert_eq!(answer(0, r#"{"action":"rewrite","args":{}}"#), ProbeVerdict::Allow);
        assert!(matches!(answer(2, ""), ProbeVerdict::Unrecognised(_)));
        assert!(matches!(answer(0, "deny"), ProbeVerdict::Unrecognised(_)));
    }

    #[test]
    fn the_probe_is_a_bash_call_that_decodes() {
        let payload = probe_payload("rm -rf ~", Path::new("/p"));
        let event = crate::decode::decode(payload.as_bytes()).unwrap();
        assert_eq!(event.name, "tool.execute.before");
        assert_eq!(event.shell().unwrap().line, "rm -rf ~");
    }
}
