//! x-code CLI's wire format: its plugin hook events in, its JSON decisions out.
//!
//! Facts from `docs/agents/xcode.md`: one JSON object per call, `{event, session{cwd,
//! sessionId?}, plugin{id, dir}, tool{name, args, callId, output?, isError?}}` plus `prompt`
//! on `UserPromptSubmit`; camelCase tools (`shell {command}`, `writeFile`/`edit {filePath}`);
//! answers are one JSON object on stdout with exit 0 (`decision: allow | deny | modify`,
//! `reason`, whole-object `args`, `output`, `context` on `UserPromptSubmit` only); empty
//! stdout allows. Exit codes carry no decision: any non-zero exit is a hook failure, which
//! x-code allows by default. No ask, no stop blocking; reads never reach `PreToolUse`.
//! Hooks live only in a plugin's `plugin.json`: `install` writes a plugin of ours under
//! `~/.x-code/agent-hooks-plugin/`, which `xc plugin install` then registers.

mod decode;
mod encode;
mod plugin;

use hook_core::{Agent, Install, SettingsPaths};

/// The x-code CLI (`xc`).
pub static XCODE: Agent = Agent {
    binary: "xcode-hook",
    display_name: "x-code CLI",
    decode: decode::decode,
    encode: encode::encode,
    silent_allow: "",
    someone_at_hand: None,
    // The manifest of our plugin; x-code has no settings file and no project plugins.
    settings: SettingsPaths {
        user: Some(".x-code/agent-hooks-plugin/.x-code-plugin/plugin.json"),
        project: None,
        local: None,
    },
    install: Install::OwnedFile(plugin::owned_file),
    trust_file: None,
};

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use hook_core::SettingsScope;

    use super::*;

    #[test]
    fn the_plugin_is_the_users() {
        let (home, project) = (Path::new("/home/u"), Path::new("/p"));
        assert_eq!(
            XCODE.settings_path(SettingsScope::User, home, project),
            Some(PathBuf::from("/home/u/.x-code/agent-hooks-plugin/.x-code-plugin/plugin.json"))
        );
        assert_eq!(XCODE.settings_path(SettingsScope::Project, home, project), None);
        assert_eq!(XCODE.settings_path(SettingsScope::Local, home, project), None);
    }
}
