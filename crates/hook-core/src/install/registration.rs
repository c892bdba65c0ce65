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
