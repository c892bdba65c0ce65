//! OpenAI Codex CLI's wire format: its hook events in, its JSON answers out.
//!
//! Facts from `docs/agents/codex.md`: Claude-compatible input (`hook_event_name`,
//! `tool_name`, `tool_input`, `permission_mode`); `Bash` and `apply_patch` both carry a
//! `{command}` input, the latter holding the whole patch envelope; answers are JSON with exit
//! 0 (`hookSpecificOutput.permissionDecision:"deny"`, `updatedInput` only together with
//! `"allow"`, `decision:"block"` on prompts and stops, `decision.behavior` on
//! `PermissionRequest`). Codex has no ask: `"ask"` marks the hook failed and the tool runs.
//! Settings: `~/.codex/hooks.json`, `.codex/hooks.json`.

mod decode;
mod encode;
mod settings;
mod trust;

use std::path::{Path, PathBuf};

use hook_core::install::{Registration, TrustFile};
use hook_core::{Agent, DecodeError, Event, Response, SettingsScope, Verdict};

/// OpenAI Codex CLI.
pub struct Codex;

impl Agent for Codex {
    fn binary(&self) -> &'static str {
        "codex-hook"
    }

    fn display_name(&self) -> &'static str {
        "Codex CLI"
    }

    fn decode(&self, input: &[u8]) -> Result<Event, DecodeError> {
        decode::decode(input)
    }

    fn encode(&self, event: &Event, verdict: &Verdict) -> Response {
        encode::encode(event, verdict)
    }

    fn settings_path(&self, scope: SettingsScope, home: &Path, project: &Path) -> Option<PathBuf> {
        match scope {
            SettingsScope::User => Some(home.join(".codex/hooks.json")),
            SettingsScope::Project => Some(project.join(".codex/hooks.json")),
            // Codex has no personal per-project hooks file.
            SettingsScope::Local => None,
        }
    }

    fn registration(&self) -> Option<Registration> {
        Some(settings::registration())
    }

    fn trust_file(&self) -> Option<TrustFile> {
        Some(TrustFile { path: trust::config_path, record: trust::record })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_live_in_dot_codex() {
        let (home, project) = (Path::new("/home/u"), Path::new("/p"));
        assert_eq!(
            Codex.settings_path(SettingsScope::User, home, project),
            Some(PathBuf::from("/home/u/.codex/hooks.json"))
        );
        assert_eq!(
            Codex.settings_path(SettingsScope::Project, home, project),
            Some(PathBuf::from("/p/.codex/hooks.json"))
        );
        assert_eq!(Codex.settings_path(SettingsScope::Local, home, project), None);
    }
}
