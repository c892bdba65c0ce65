//! What an agent declares so that `install`, `uninstall` and `doctor` can manage its hooks:
//! the shape of its settings file, the hooks to register and how to probe them live.

use std::path::Path;

use serde_json::{Map, Value};

/// How the agent reads its settings file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Syntax {
    /// Strict JSON (Claude Code).
    Json,
    /// JSON with `//` and `/* */` comments and trailing commas (Gemini CLI, VS Code style).
    Jsonc,
}

/// Where handler objects sit under an event name of the file's top-level `hooks` object.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// `hooks.<event>[] = {"matcher": …, "hooks": [handler]}`: Claude Code, Gemini CLI, Codex.
    Grouped,
    /// `hooks.<event>[] = handler`, with the matcher (if the agent has one) inside the
    /// handler: Cursor, Copilot CLI, Windsurf.
    Flat,
}

/// One hook to register.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HookSpec {
    /// The agent's own event name (`PreToolUse`, `beforeShellExecution`, ...).
    pub event: &'static str,
    /// Which tools the hook fires for; `None` for every tool or an event without tools.
    pub matcher: Option<&'static str>,
    /// In the agent's own unit (seconds for Claude Code, milliseconds for Gemini CLI);
    /// `None` leaves the agent's default.
    pub timeout: Option<u64>,
}

/// The answer a probed hook gave: what the agent would read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProbeAnswer {
    /// `None` when the process was killed by a signal.
    pub exit_code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl ProbeAnswer {
    /// Stdout as the one JSON object the JSON-reading agents expect; an empty stdout reads
    /// as `{}`, which says nothing. Err says why stdout is not usable.
    pub fn stdout_object(&self) -> Result<Map<String, Value>, String> {
        let stdout = self.stdout.trim();
        if stdout.is_empty() {
            return Ok(Map::new());
        }
        match serde_json::from_str::<Value>(stdout) {
            Ok(Value::Object(out)) => Ok(out),
            _ => Err(format!("stdout is not one JSON object: {stdout:.80}")),
        }
    }
}

/// How the agent would understand a probed hook's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProbeVerdict {
    /// The tool call would go ahead.
    Allow,
    /// The tool call would be blocked.
    Block,
    /// Not an answer the agent understands, and why.
    Unrecognised(String),
}

impl ProbeVerdict {
    /// A permission field as the agents that have one read it (Claude Code's and Codex's
    /// `permissionDecision`, Copilot CLI's flat one, Cursor's `permission`): `deny` blocks,
    /// `allow` or no value allows, anything else is named by `field` in the reason.
    pub fn from_permission(field: &str, value: Option<&Value>) -> Self {
        match value.and_then(Value::as_str) {
            Some("deny") => Self::Block,
            None | Some("allow") => Self::Allow,
            Some(other) => Self::Unrecognised(format!("{field} `{other}`")),
        }
    }
}

/// How `doctor` proves a registration live: the payload the agent sends before running a
/// shell command, and how the agent reads the hook's answer.
#[derive(Debug, Clone, Copy)]
pub struct Probe {
    /// The event a shell command fires; `doctor` fails when this binary is not registered
    /// for it.
    pub shell_event: &'static str,
    /// The stdin the agent would send before running shell `command` in `cwd`.
    pub payload: fn(command: &str, cwd: &Path) -> String,
    /// The agent's reading of an answer.
    pub read_answer: fn(&ProbeAnswer) -> ProbeVerdict,
}

/// Everything `install`, `uninstall` and `doctor` need to know about one agent's settings.
#[derive(Debug, Clone)]
pub struct Registration {
    pub syntax: Syntax,
    pub layout: Layout,
    /// Top-level keys the file must hold (Cursor's and Copilot's `"version": 1`): added
    /// when absent, never removed.
    pub required_keys: Vec<(&'static str, Value)>,
    /// The hooks `install` registers, in the order they are added to the file.
    pub hooks: Vec<HookSpec>,
    /// The handler object for one hook running `command`. In the [`Layout::Flat`] layout
    /// it carries the matcher itself; in [`Layout::Grouped`] the group does.
    pub handler: fn(command: &str, hook: &HookSpec) -> Map<String, Value>,
    /// Handler keys that hold a command line (`command`, Copilot's `bash`): an entry is
    /// this binary's when one of them runs it.
    pub command_keys: &'static [&'static str],
    pub probe: Probe,
}

/// The handler Claude Code's format uses, which Gemini CLI and Codex copied:
/// `{"type": "command", "command": …, "timeout": …}`, the timeout left out when the hook
/// keeps the agent's default.
pub fn command_handler(command: &str, hook: &HookSpec) -> Map<String, Value> {
    let mut handler = Map::new();
    handler.insert("type".into(), Value::from("command"));
    handler.insert("command".into(), Value::from(command));
    if let Some(timeout) = hook.timeout {
        handler.insert("timeout".into(), Value::from(timeout));
    }
    handler
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn permission_values_read_as_the_agents_read_them() {
        assert_eq!(ProbeVerdict::from_permission("p", Some(&json!("deny"))), ProbeVerdict::Block);
        assert_eq!(ProbeVerdict::from_permission("p", Some(&json!("allow"))), ProbeVerdict::Allow);
        assert_eq!(ProbeVerdict::from_permission("p", None), ProbeVerdict::Allow);
        assert_eq!(
            ProbeVerdict::from_permission("p", Some(&json!("ask"))),
            ProbeVerdict::Unrecognised("p `ask`".into())
        );
    }

    #[test]
    fn empty_stdout_is_an_empty_object_and_text_is_unusable() {
        let answer =
            |stdout: &str| ProbeAnswer { exit_code: Some(0), stdout: stdout.into(), stderr: String::new() };
        assert_eq!(answer(" \n").stdout_object(), Ok(Map::new()));
        assert_eq!(answer("{\"a\":1}\n").stdout_object().map(|o| o.len()), Ok(1));
        assert!(answer("[1]").stdout_object().is_err());
        assert!(answer("{} {}").stdout_object().is_err());
    }

    #[test]
    fn the_command_handler_leaves_out_a_default_timeout() {
        let hook = |timeout| HookSpec { event: "Stop", matcher: None, timeout };
        assert_eq!(
            Value::Object(command_handler("/bin/x", &hook(Some(30)))),
            json!({"type": "command", "command": "/bin/x", "timeout": 30})
        );
        assert_eq!(
            Value::Object(command_handler("/bin/x", &hook(None))),
            json!({"type": "command", "command": "/bin/x"})
        );
    }
}
