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

use hook_core::install::TrustFile;
use hook_core::{Agent, Install, SettingsPaths};

/// OpenAI Codex CLI.
pub static CODEX: Agent = Agent {
    binary: "codex-hook",
    display_name: "Codex CLI",
    decode: decode::decode,
    encode: encode::encode,
    silent_allow: "",
    someone_at_hand: None,
    // Codex has no personal per-project hooks file.
    settings: SettingsPaths {
        user: Some(".codex/hooks.json"),
        project: Some(".codex/hooks.json"),
        local: None,
    },
    install: Install::Entries(settings::registration),
    trust_file: Some(TrustFile { path: trust::config_path, record: trust::record }),
};

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use hook_core::SettingsScope;

    use super::*;

    #[test]
    fn settings_live_in_dot_codex() {
        let (home, project) = (Path::new("/home/u"), Path::new("/p"));
        assert_eq!(
            CODEX.settings_path(SettingsScope::User, home, project),
            Some(PathBuf::from("/home/u/.codex/hooks.json"))
        );
        assert_eq!(
            CODEX.settings_path(SettingsScope::Project, home, project),
            Some(PathBuf::from("/p/.codex/hooks.json"))
        );
        assert_eq!(CODEX.settings_path(SettingsScope::Local, home, project), None);
    }
}
