//! The agent-neutral event: what happened, with the tool call or prompt it carries.

use std::path::PathBuf;

use crate::shell::Dialect;

/// What kind of moment in the agent's life this event is.
///
/// Every agent in `docs/agents/` maps onto these; the agent's own event name is kept in
/// [`Event::name`] so that its encoder can answer in the right shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventKind {
    /// A shell command is about to run (Bash, PowerShell, run_shell_command, shell, ...).
    BeforeShell,
    /// A file is about to be created, written, edited or deleted by a file tool.
    BeforeFileWrite,
    /// A file tool is about to read a file.
    BeforeFileRead,
    /// Any other tool (MCP tools, web fetch, search) is about to run.
    BeforeTool,
    /// A file tool has written or edited a file.
    AfterFileWrite,
    /// Any other tool has finished (successfully or not).
    AfterTool,
    /// The user submitted a prompt; it has not reached the model yet.
    PromptSubmit,
    /// A session started or resumed.
    SessionStart,
    /// The agent (or a subagent) is about to end its turn.
    Stop,
    /// The session ended.
    SessionEnd,
    /// The conversation is about to be compacted.
    Compaction,
    /// The agent notified the user (idle, permission prompt, ...).
    Notification,
    /// Anything else: answered with the agent's plain allow.
    Other,
}

/// One event, decoded from the agent's JSON.
#[derive(Debug, Clone)]
pub struct Event {
    pub kind: EventKind,
    /// The agent's own name for the event (`PreToolUse`, `beforeShellExecution`, ...).
    pub name: String,
    /// The tool call, for tool events.
    pub tool: Option<ToolCall>,
    /// The submitted prompt, for [`EventKind::PromptSubmit`].
    pub prompt: Option<String>,
    /// Where the agent is working; `None` when the agent did not say.
    pub cwd: Option<PathBuf>,
    pub session_id: Option<String>,
    /// False when nobody will answer a confirmation (headless runs, bypass modes):
    /// an ask must then become a deny. An agent whose payload does not say looks further in
    /// `Agent::someone_can_answer`.
    pub can_ask: bool,
    /// The agent reads the context of this event's answer ([`Verdict::context`]) and hands
    /// it to the model. Decoders set it false where the agent drops it (Cursor's
    /// `afterFileEdit`, Copilot's `postToolUse`, every Windsurf event): post-edit reports are
    /// then held and delivered on a later event that can carry them.
    ///
    /// [`Verdict::context`]: crate::verdict::Verdict::context
    pub accepts_context: bool,
    /// The agent says this stop is already a continuation forced by a stop hook.
    pub stop_hook_active: bool,
    /// The agent's last message, on stop events.
    pub last_message: Option<String>,
    /// The payload as received, for encoders that echo parts of it back.
    pub raw: serde_json::Value,
}

/// A tool call as the agent described it.
#[derive(Debug, Clone)]
pub struct ToolCall {
    /// The agent's tool name (`Bash`, `write_file`, `mcp__postgres__query`, ...).
    pub name: String,
    /// The tool's arguments, as the agent sent them (always a JSON object when known).
    pub input: serde_json::Value,
    /// The shell command, for shell tools.
    pub shell: Option<ShellCall>,
    /// Files the tool reads or writes, as given (absolute or relative to `cwd`).
    pub paths: Vec<PathBuf>,
    /// What a content-search tool reads, for search tools.
    pub search: Option<Search>,
}

/// A content search over files (Claude Code's `Grep`, Gemini CLI's `grep_search`, OpenCode's
/// `grep`, Copilot CLI's `grep`/`rg`): it reads every file under its roots that its filter
/// picks, so a deny_read file anywhere in them is read unless left out.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Search {
    /// The directories (or files) searched, as given; empty: the cwd.
    pub roots: Vec<String>,
    /// The tool's file filter (a glob), when the call gives one.
    pub include: Option<String>,
    /// The argument the tool hands to ripgrep as `--glob`, where `!name` leaves a file out:
    /// a call without a filter can then be rewritten to exclude the denied files.
    pub exclude_key: Option<&'static str>,
}

/// The command line of a shell tool call.
#[derive(Debug, Clone)]
pub struct ShellCall {
    pub line: String,
    pub dialect: Dialect,
    /// The key of `ToolCall::input` holding the line (`command`, `cmd`, `command_line`),
    /// so a rewrite can replace it in the whole input object.
    pub field: String,
}

impl Event {
    /// An event of `kind` with nothing else known; decoders fill in the rest.
    pub fn new(kind: EventKind, name: impl Into<String>, raw: serde_json::Value) -> Self {
        Self {
            kind,
            name: name.into(),
            tool: None,
            prompt: None,
            cwd: None,
            session_id: None,
            can_ask: true,
            accepts_context: true,
            stop_hook_active: false,
            last_message: None,
            raw,
        }
    }

    /// The shell command line of a shell tool call.
    pub fn shell(&self) -> Option<&ShellCall> {
        self.tool.as_ref()?.shell.as_ref()
    }

    /// What is wrong with a tool event whose payload does not have the shape its tool has: a
    /// shell call without a command, arguments that are not an object. Such an event is an
    /// internal failure (answered as `on_error` says), never a silent allow.
    pub fn malformed(&self) -> Option<String> {
        let tool = self.tool.as_ref()?;
        if !(tool.input.is_object() || tool.input.is_null()) {
            return Some(format!("the `{}` call's arguments are not a JSON object", tool.name));
        }
        (self.kind == EventKind::BeforeShell && tool.shell.is_none())
            .then(|| format!("the `{}` call carries no command", tool.name))
    }

    /// A tool the guard has no rules for (not a shell, file or MCP tool): allowed, with a
    /// line on stderr so that a tool the agent renamed does not pass unnoticed.
    pub fn unknown_tool(&self) -> Option<&str> {
        let tool = self.tool.as_ref()?;
        let mcp = tool.name.to_ascii_lowercase().starts_with("mcp");
        (self.kind == EventKind::BeforeTool && !mcp).then_some(tool.name.as_str())
    }
}
