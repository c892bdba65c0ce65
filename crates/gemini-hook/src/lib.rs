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

use hook_core::{Agent, Install, SettingsPaths};

/// Gemini CLI.
pub static GEMINI: Agent = Agent {
    binary: "gemini-hook",
    display_name: "Gemini CLI",
    decode: decode::decode,
    encode: encode::encode,
    silent_allow: "",
    // Gemini's payload does not say whether anyone is there to answer an ask; its process
    // does (a headless `-p` run ends on an ask with no result).
    someone_at_hand: Some(headless::someone_can_answer),
    // Gemini has no personal per-project settings file.
    settings: SettingsPaths {
        user: Some(".gemini/settings.json"),
        project: Some(".gemini/settings.json"),
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
    fn settings_live_in_dot_gemini() {
        let (home, project) = (Path::new("/home/u"), Path::new("/p"));
        assert_eq!(
            GEMINI.settings_path(SettingsScope::User, home, project),
            Some(PathBuf::from("/home/u/.gemini/settings.json"))
        );
        assert_eq!(
            GEMINI.settings_path(SettingsScope::Project, home, project),
            Some(PathBuf::from("/p/.gemini/settings.json"))
        );
        assert_eq!(GEMINI.settings_path(SettingsScope::Local, home, project), None);
    }
}
