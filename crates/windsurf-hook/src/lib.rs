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

use hook_core::{Agent, Install, SettingsPaths};

/// Windsurf / Devin Desktop (Cascade).
pub static WINDSURF: Agent = Agent {
    binary: "windsurf-hook",
    display_name: "Windsurf",
    decode: decode::decode,
    encode: encode::encode,
    silent_allow: "",
    someone_at_hand: None,
    // Windsurf has no personal per-project hooks file.
    settings: SettingsPaths {
        user: Some(".codeium/windsurf/hooks.json"),
        project: Some(".windsurf/hooks.json"),
        local: None,
    },
    install: Install::Entries(settings::registration),
    trust_file: None,
};

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use hook_core::SettingsScope;

    use super::*;

    #[test]
    fn settings_paths_per_scope() {
        let (home, project) = (Path::new("/home/u"), Path::new("/p"));
        assert_eq!(
            WINDSURF.settings_path(SettingsScope::User, home, project),
            Some(PathBuf::from("/home/u/.codeium/windsurf/hooks.json"))
        );
        assert_eq!(
            WINDSURF.settings_path(SettingsScope::Project, home, project),
            Some(PathBuf::from("/p/.windsurf/hooks.json"))
        );
        assert_eq!(WINDSURF.settings_path(SettingsScope::Local, home, project), None);
    }
}
