//! The trait an agent crate implements: its wire format and where its settings live.

use std::path::{Path, PathBuf};

use crate::event::Event;
pub use crate::install::SettingsScope;
use crate::install::{Installable, OwnedFile, Registration, TrustFile};
use crate::verdict::Verdict;

/// What the binary writes and how it exits, exactly as the agent expects.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Response {
    /// Bytes for stdout; empty means print nothing.
    pub stdout: String,
    /// Text for stderr (the block reason, for exit-2 agents, or a diagnostic line).
    pub stderr: String,
    pub exit_code: u8,
}

impl Response {
    /// Exit 0 with `json` as the only line on stdout.
    pub fn json(json: &serde_json::Value) -> Self {
        // Straight into the buffer: `format!` would pass every token through `fmt::Write`.
        // A `Value` has only string keys, so it always serializes.
        let mut stdout = serde_json::to_string(json).unwrap_or_default();
        stdout.push('\n');
        Self { stdout, ..Self::default() }
    }
}

/// Why the agent's input could not become an [`Event`].
#[derive(Debug)]
pub enum DecodeError {
    /// Not JSON at all, or not UTF-8.
    Json(serde_json::Error),
    /// JSON, but not the shape this agent sends.
    Shape(String),
}

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Json(e) => write!(f, "input is not JSON: {e}"),
            Self::Shape(what) => write!(f, "unexpected input: {what}"),
        }
    }
}

impl std::error::Error for DecodeError {}

impl From<serde_json::Error> for DecodeError {
    fn from(e: serde_json::Error) -> Self {
        Self::Json(e)
    }
}

/// One coding agent's wire format. Everything else lives in hook-core.
pub trait Agent: Sync {
    /// Binary name, e.g. `claude-hook`.
    fn binary(&self) -> &'static str;

    /// Human name, e.g. `Claude Code`.
    fn display_name(&self) -> &'static str;

    /// Turn stdin bytes into an event.
    fn decode(&self, input: &[u8]) -> Result<Event, DecodeError>;

    /// Turn a verdict on `event` into the agent's answer, degrading verdicts the agent
    /// cannot express (and saying so in the reason).
    fn encode(&self, event: &Event, verdict: &Verdict) -> Response;

    /// Whether someone will answer an ask on `event`; asked only when the verdict is an ask,
    /// and a deny that says why replaces the ask when not. The event's own flag by default;
    /// an agent whose payload does not say looks further (Gemini: its process in `/proc`).
    fn someone_can_answer(&self, event: &Event) -> bool {
        event.can_ask
    }

    /// The agent's "allow, nothing to say": the answer to every internal failure.
    fn allow_silently(&self) -> Response {
        Response::default()
    }

    /// The settings file for `scope`, given the home and project directories.
    fn settings_path(&self, scope: SettingsScope, home: &Path, project: &Path) -> Option<PathBuf>;

    /// How to register this binary in the agent's settings files and probe it live, for
    /// `install`, `uninstall` and `doctor`. `None`: the agent cannot be installed (yet).
    fn registration(&self) -> Option<Registration> {
        None
    }

    /// For agents whose hooks are registered by a file of their own (a plugin module, a
    /// drop-in hooks file, a plugin manifest) rather than an entry in a shared settings
    /// file: that file, which `install` writes whole at [`Agent::settings_path`].
    fn owned_file(&self) -> Option<OwnedFile> {
        None
    }

    /// For agents that run only the hooks a user has trusted: where `install` records that
    /// trust.
    fn trust_file(&self) -> Option<TrustFile> {
        None
    }
}

/// Every agent is something `install`, `uninstall` and `doctor` can work on; they know it by
/// these methods alone, so that the install code does not depend on the whole agent.
impl<A: Agent + ?Sized> Installable for A {
    fn binary(&self) -> &'static str {
        Agent::binary(self)
    }

    fn display_name(&self) -> &'static str {
        Agent::display_name(self)
    }

    fn settings_path(&self, scope: SettingsScope, home: &Path, project: &Path) -> Option<PathBuf> {
        Agent::settings_path(self, scope, home, project)
    }

    fn registration(&self) -> Option<Registration> {
        Agent::registration(self)
    }

    fn owned_file(&self) -> Option<OwnedFile> {
        Agent::owned_file(self)
    }

    fn trust_file(&self) -> Option<TrustFile> {
        Agent::trust_file(self)
    }
}
