//! Claude Code's wire format: decoding its hook events and encoding verdicts.

use std::path::{Path, PathBuf};

use hook_core::{Agent, DecodeError, Event, EventKind, Response, SettingsScope, Verdict};

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
        let raw: serde_json::Value = serde_json::from_slice(input)?;
        Ok(Event::new(EventKind::Other, "", raw))
    }

    fn encode(&self, _event: &Event, _verdict: &Verdict) -> Response {
        Response::default()
    }

    fn settings_path(&self, scope: SettingsScope, home: &Path, project: &Path) -> Option<PathBuf> {
        Some(match scope {
            SettingsScope::User => home.join(".claude/settings.json"),
            SettingsScope::Project => project.join(".claude/settings.json"),
            SettingsScope::Local => project.join(".claude/settings.local.json"),
        })
    }
}
