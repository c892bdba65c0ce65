//! Cursor's wire format: its hook events in, its JSON answers out.
//!
//! Facts from `docs/agents/cursor.md`: snake_case input named by `hook_event_name`, both the
//! specific events (`beforeShellExecution`, `beforeReadFile`, ...) and the generic
//! `preToolUse` family; Cursor always expects one JSON object on stdout with exit 0 (`{}` is
//! the no-op); `permission` allow/deny/ask with `user_message`/`agent_message`;
//! `updated_input` only on `preToolUse`; `continue:false` blocks a prompt;
//! `followup_message` keeps the agent going at `stop`; `additional_context` on
//! `sessionStart`/`postToolUse`. Settings: `~/.cursor/hooks.json`, `.cursor/hooks.json`.

mod decode;
mod encode;
mod settings;

use std::path::{Path, PathBuf};

use hook_core::install::Registration;
use hook_core::{Agent, DecodeError, Event, Response, SettingsScope, Verdict};

/// Cursor (agent chat, Cmd+K and Tab).
pub struct Cursor;

impl Agent for Cursor {
    fn binary(&self) -> &'static str {
        "cursor-hook"
    }

    fn display_name(&self) -> &'static str {
        "Cursor"
    }

    fn decode(&self, input: &[u8]) -> Result<Event, DecodeError> {
        decode::decode(input)
    }

    fn encode(&self, event: &Event, verdict: &Verdict) -> Response {
        encode::encode(event, verdict)
    }

    /// Cursor reads stdout on every event; an empty object is its documented no-op.
    fn allow_silently(&self) -> Response {
        Response::json(&serde_json::json!({}))
    }

    fn settings_path(&self, scope: SettingsScope, home: &Path, project: &Path) -> Option<PathBuf> {
        match scope {
            SettingsScope::User => Some(home.join(".cursor/hooks.json")),
            SettingsScope::Project => Some(project.join(".cursor/hooks.json")),
            // Cursor has no personal per-project hooks file.
            SettingsScope::Local => None,
        }
    }

    fn registration(&self) -> Option<Registration> {
        Some(settings::registration())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_live_in_dot_cursor() {
        let (home, project) = (Path::new("/home/u"), Path::new("/p"));
        assert_eq!(
            Cursor.settings_path(SettingsScope::User, home, project),
            Some(PathBuf::from("/home/u/.cursor/hooks.json"))
        );
        assert_eq!(
            Cursor.settings_path(SettingsScope::Project, home, project),
            Some(PathBuf::from("/p/.cursor/hooks.json"))
        );
        assert_eq!(Cursor.settings_path(SettingsScope::Local, home, project), None);
    }

    #[test]
    fn the_silent_allow_is_an_empty_object() {
        let answer = Cursor.allow_silently();
        assert_eq!(answer.stdout, "{}\n");
        assert_eq!(answer.exit_code, 0);
    }
}
