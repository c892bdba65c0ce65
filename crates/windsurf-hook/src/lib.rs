//! Windsurf's (Cascade's) wire format: its hook events in, exit codes out.
//!
//! Facts from `docs/agents/windsurf.md`: every payload names its event in
//! `agent_action_name` and carries event-specific `tool_info` (`command_line` for commands);
//! decisions are exit codes only: exit 2 from a `pre_*` hook blocks with the reason on
//! stderr, anything else proceeds. No JSON output, no ask, no rewrite, no context, no way to
//! keep the agent going. Settings: `~/.codeium/windsurf/hooks.json`, `.windsurf/hooks.json`.
//!
//! So Windsurf has no stop event to gate: `post_cascade_response` runs asynchronously after
//! the answer, and `[[stop]]` gates never run here. `[format]` commands still run after
//! `post_write_code`, but their reports reach no model.

mod decode;
mod encode;
mod settings;

use std::path::{Path, PathBuf};

use hook_core::install::Registration;
use hook_core::{Agent, DecodeError, Event, Response, SettingsScope, Verdict};

/// Windsurf / Devin Desktop (Cascade).
pub struct Windsurf;

impl Agent for Windsurf {
    fn binary(&self) -> &'static str {
        "windsurf-hook"
    }

    fn display_name(&self) -> &'static str {
        "Windsurf"
    }

    fn decode(&self, input: &[u8]) -> Result<Event, DecodeError> {
        decode::decode(input)
    }

    fn encode(&self, event: &Event, verdict: &Verdict) -> Response {
        encode::encode(event, verdict)
    }

    fn settings_path(&self, scope: SettingsScope, home: &Path, project: &Path) -> Option<PathBuf> {
        match scope {
            SettingsScope::User => Some(home.join(".codeium/windsurf/hooks.json")),
            SettingsScope::Project => Some(project.join(".windsurf/hooks.json")),
            // Windsurf has no personal per-project hooks file.
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
    fn settings_paths_per_scope() {
        let (home, project) = (Path::new("/home/u"), Path::new("/p"));
        assert_eq!(
            Windsurf.settings_path(SettingsScope::User, home, project),
            Some(PathBuf::from("/home/u/.codeium/windsurf/hooks.json"))
        );
        assert_eq!(
            Windsurf.settings_path(SettingsScope::Project, home, project),
            Some(PathBuf::from("/p/.windsurf/hooks.json"))
        );
        assert_eq!(Windsurf.settings_path(SettingsScope::Local, home, project), None);
    }
}
