//! OpenCode's wire format, which is ours: OpenCode has no command hooks, only in-process
//! plugins, so `crates/opencode-hook/plugin/agent-hooks.js` forwards each hook call here as JSON.
//!
//! In (one object, as `docs/agents/opencode.md` renders a plugin call):
//! `{"hook": "tool.execute.before" | "tool.execute.after" | "event", "cwd": <plugin directory>,
//! "input": {tool, sessionID, callID, args?}, "output": {args?}}`. Tools are OpenCode's ids:
//! `bash {command, workdir?}`, `write`/`edit`/`read {filePath}`, `apply_patch {patchText}`.
//!
//! Out (one object on stdout, always exit 0): `{"action": "allow" | "deny" | "rewrite",
//! "reason"?, "args"?, "context"?, "message"?}`. The plugin throws `reason` on deny, replaces
//! the call's arguments with `args` on rewrite, appends `context` to a finished tool's output
//! and shows `message` to the user. Empty stdout (every internal failure) allows.
//! OpenCode has no per-call ask and no stop that can be kept going.

mod decode;
mod encode;
mod plugin;

use hook_core::{Agent, Install, SettingsPaths};

/// OpenCode, through the agent-hooks plugin.
pub static OPENCODE: Agent = Agent {
    binary: "opencode-hook",
    display_name: "OpenCode",
    decode: decode::decode,
    encode: encode::encode,
    silent_allow: "",
    someone_at_hand: None,
    // Where the plugin module goes: OpenCode loads every module in these directories, and
    // has no personal per-project plugin directory.
    settings: SettingsPaths {
        user: Some(".config/opencode/plugins/agent-hooks.js"),
        project: Some(".opencode/plugins/agent-hooks.js"),
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
    fn the_plugin_goes_where_opencode_loads_plugins() {
        let (home, project) = (Path::new("/home/u"), Path::new("/p"));
        assert_eq!(
            OPENCODE.settings_path(SettingsScope::User, home, project),
            Some(PathBuf::from("/home/u/.config/opencode/plugins/agent-hooks.js"))
        );
        assert_eq!(
            OPENCODE.settings_path(SettingsScope::Project, home, project),
            Some(PathBuf::from("/p/.opencode/plugins/agent-hooks.js"))
        );
        assert_eq!(OPENCODE.settings_path(SettingsScope::Local, home, project), None);
    }
}
