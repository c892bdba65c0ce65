//! Claude Code's wire format: its hook events in, its JSON answers out.
//!
//! Facts from `docs/agents/claude.md`: snake_case input, `hookSpecificOutput` with the
//! firing `hookEventName`, decisions as JSON on stdout with exit 0 (never JSON and exit 2).

mod decode;
mod encode;
mod settings;

use std::path::{Path, PathBuf};

use hook_core::install::Registration;
use hook_core::{Agent, DecodeError, Event, Response, SettingsScope, Verdict};

/// Claude Code.
pub struct Claude;

impl Agent for Claude {
    fn binary(&self) -> &'static str {
        "claude-hook"
    }

    fn display_name(&self) -> &'static str {
        "Claude Code"
    }

    fn decode(&self, input: &[u8]) -> Result<Event, DecodeError> {
        decode::decode(input)
    }

    fn encode(&self, event: &Event, verdict: &Verdict) -> Response {
        encode::encode(event, verdict)
    }

    fn settings_path(&self, scope: SettingsScope, home: &Path, project: &Path) -> Option<PathBuf> {
        Some(match scope {
            SettingsScope::User => home.join(".claude/settings.json"),
            SettingsScope::Project => project.join(".claude/settings.json"),
            SettingsScope::Local => project.join(".claude/settings.local.json"),
        })
    }

    fn registration(&self) -> Option<Registration> {
        Some(settings::registration())
    }
}
