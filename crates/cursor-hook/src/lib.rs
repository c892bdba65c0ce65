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

use hook_core::{Agent, Install, SettingsPaths};

/// Cursor (agent chat, Cmd+K and Tab).
pub static CURSOR: Agent = Agent {
    binary: "cursor-hook",
    display_name: "Cursor",
    decode: decode::decode,
    encode: encode::encode,
    // Cursor reads stdout on every event; an empty object is its documented no-op.
    silent_allow: "{}\n",
    someone_at_hand: None,
    // Cursor has no personal per-project hooks file.
    settings: SettingsPaths {
        user: Some(".cursor/hooks.json"),
        project: Some(".cursor/hooks.json"),
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
    fn settings_live_in_dot_cursor() {
        let (home, project) = (Path::new("/home/u"), Path::new("/p"));
        assert_eq!(
            CURSOR.settings_path(SettingsScope::User, home, project),
            Some(PathBuf::from("/home/u/.cursor/hooks.json"))
        );
        assert_eq!(
            CURSOR.settings_path(SettingsScope::Project, home, project),
            Some(PathBuf::from("/p/.cursor/hooks.json"))
        );
        assert_eq!(CURSOR.settings_path(SettingsScope::Local, home, project), None);
    }

    #[test]
    fn the_silent_allow_is_an_empty_object() {
        let answer = CURSOR.allow_silently();
        assert_eq!(answer.stdout, "{}\n");
        assert_eq!(answer.exit_code, 0);
    }
}
