//! What an agent crate declares: its names, its wire format and where its settings live.

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

/// Where an agent's settings file (or the file of its own that registers our hooks) is for
/// each scope: the user's relative to the home directory, the others relative to the
/// project. `None` where the agent has no such file.
#[derive(Debug, Clone, Copy)]
pub struct SettingsPaths {
    pub user: Option<&'static str>,
    pub project: Option<&'static str>,
    /// The personal file of one project, kept out of version control.
    pub local: Option<&'static str>,
}

/// How `install` registers the hooks.
#[derive(Debug, Clone, Copy)]
pub enum Install {
    /// Entries in a settings file the agent shares with its user.
    Entries(fn() -> Registration),
    /// A file of the agent's own (a plugin module, a drop-in hooks file, a plugin manifest),
    /// written whole at the settings path.
    OwnedFile(fn() -> OwnedFile),
}

/// One coding agent: a row of data and its wire format. Everything else lives in hook-core.
/// Each agent crate holds one as a `static`, which its binary runs with `agent_main!`.
#[derive(Debug)]
pub struct Agent {
    /// Binary name, e.g. `claude-hook`.
    pub binary: &'static str,
    /// Human name, e.g. `Claude Code`.
    pub display_name: &'static str,
    /// Stdin bytes into an event.
    pub decode: fn(&[u8]) -> Result<Event, DecodeError>,
    /// A verdict on an event into the agent's answer, degrading verdicts the agent cannot
    /// express (and saying so in the reason).
    pub encode: fn(&Event, &Verdict) -> Response,
    /// The stdout of the agent's "allow, nothing to say", the answer to every internal
    /// failure: empty for most agents.
    pub silent_allow: &'static str,
    /// For an agent whose payload does not say whether anyone will answer an ask: how to find
    /// out (Gemini reads its process in `/proc`). `None`: the event's own flag says.
    pub someone_at_hand: Option<fn() -> bool>,
    pub settings: SettingsPaths,
    pub install: Install,
    /// For agents that run only the hooks a user has trusted: where `install` records that
    /// trust.
    pub trust_file: Option<TrustFile>,
}

impl Agent {
    /// Binary name, e.g. `claude-hook`.
    pub fn binary(&self) -> &'static str {
        self.binary
    }

    /// Human name, e.g. `Claude Code`.
    pub fn display_name(&self) -> &'static str {
        self.display_name
    }

    /// Turn stdin bytes into an event.
    pub fn decode(&self, input: &[u8]) -> Result<Event, DecodeError> {
        (self.decode)(input)
    }

    /// Turn a verdict on `event` into the agent's answer.
    pub fn encode(&self, event: &Event, verdict: &Verdict) -> Response {
        (self.encode)(event, verdict)
    }

    /// Whether someone will answer an ask on `event`; asked only when the verdict is an ask,
    /// and a deny that says why replaces the ask when not.
    pub fn someone_can_answer(&self, event: &Event) -> bool {
        event.can_ask && self.someone_at_hand.is_none_or(|look| look())
    }

    /// The agent's "allow, nothing to say": the answer to every internal failure.
    pub fn allow_silently(&self) -> Response {
        Response { stdout: self.silent_allow.to_string(), ..Response::default() }
    }

    /// The settings file for `scope`, given the home and project directories.
    pub fn settings_path(&self, scope: SettingsScope, home: &Path, project: &Path) -> Option<PathBuf> {
        match scope {
            SettingsScope::User => self.settings.user.map(|path| home.join(path)),
            SettingsScope::Project => self.settings.project.map(|path| project.join(path)),
            SettingsScope::Local => self.settings.local.map(|path| project.join(path)),
        }
    }

    /// How to register this binary in the agent's settings files and probe it live, for
    /// `install`, `uninstall` and `doctor`; `None` for an agent with a file of its own.
    pub fn registration(&self) -> Option<Registration> {
        match self.install {
            Install::Entries(registration) => Some(registration()),
            Install::OwnedFile(_) => None,
        }
    }

    /// The file of its own that registers the hooks, for agents that have one: `install`
    /// writes it whole at [`Agent::settings_path`].
    pub fn owned_file(&self) -> Option<OwnedFile> {
        match self.install {
            Install::OwnedFile(owned_file) => Some(owned_file()),
            Install::Entries(_) => None,
        }
    }

    /// Where `install` records the user's trust, for agents that need it.
    pub fn trust_file(&self) -> Option<TrustFile> {
        self.trust_file
    }
}

/// Every agent is something `install`, `uninstall` and `doctor` can work on; they know it by
/// these methods alone, so that the install code does not depend on the whole agent.
impl Installable for Agent {
    fn binary(&self) -> &'static str {
        self.binary
    }

    fn display_name(&self) -> &'static str {
        self.display_name
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
        self.trust_file
    }
}
