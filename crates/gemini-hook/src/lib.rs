//! Gemini CLI's wire format: its hook events in, its JSON answers out.
//!
//! Facts from `docs/agents/gemini.md`: Claude's field names (`hook_event_name`,
//! `tool_name`, `tool_input`, `hookSpecificOutput`) under Gemini's own event names
//! (`BeforeTool`, `AfterTool`, `BeforeAgent`, `AfterAgent`, ...); `decision` is
//! `allow|ask|deny` at top level with `reason`; a rewrite is `hookSpecificOutput.tool_input`
//! (the whole argument object); `AfterAgent` deny retries the turn with the reason;
//! `additionalContext` on AfterTool, BeforeAgent and SessionStart. Stdout JSON decides
//! whatever the exit code, so every answer is JSON (or nothing) with exit 0. Settings:
//! `~/.gemini/settings.json`, `.gemini/settings.json`.

mod decode;
mod encode;
mod headless;
mod settings;

use std::path::{Path, PathBuf};

use hook_core::install::Registration;
use hook_core::{Agent, DecodeError, Event, Response, SettingsScope, Verdict};

/// Gemini CLI.
pub struct Gemini;

impl Agent for Gemini {
    fn binary(&self) -> &'static str {
        "gemini-hook"
    }

    fn display_name(&self) -> &'static str {
        "Gemini CLI"
    }

    fn decode(&self, input: &[u8]) -> Result<Event, DecodeError> {
        decode::decode(input)
    }

    /// Gemini's payload does not say whether anyone is there to answer an ask; its process
    /// does (a headless `-p` run ends on an ask with no result).
    fn someone_can_answer(&self, event: &Event) -> bool {
        event.can_ask && headless::someone_can_answer()
    }

    fn encode(&self, event: &Event, verdict: &Verdict) -> Response {
        encode::encode(event, verdict)
    }

    fn settings_path(&self, scope: SettingsScope, home: &Path, project: &Path) -> Option<PathBuf> {
        match scope {
            SettingsScope::User => Some(home.join(".gemini/settings.json")),
            SettingsScope::Project => Some(project.join(".gemini/settings.json")),
            // Gemini has no personal per-project settings file.
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
    fn settings_live_in_dot_gemini() {
        let (home, project) = (Path::new("/home/u"), Path::new("/p"));
        assert_eq!(
            Gemini.settings_path(SettingsScope::User, home, project),
            Some(PathBuf::from("/home/u/.gemini/settings.json"))
        );
        assert_eq!(
            Gemini.settings_path(SettingsScope::Project, home, project),
            Some(PathBuf::from("/p/.gemini/settings.json"))
        );
        assert_eq!(Gemini.settings_path(SettingsScope::Local, home, project), None);
    }
}
