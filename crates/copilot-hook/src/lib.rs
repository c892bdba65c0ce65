//! GitHub Copilot's two hook wire formats, told apart by the event name.
//!
//! Facts from `docs/agents/copilot.md`:
//! - Copilot CLI (camelCase events, configured as `preToolUse`, ...): camelCase payload
//!   (`toolName`, `toolArgs` as an object or a JSON string) with **no event name** except
//!   `hookName` on `permissionRequest`; flat answers on stdout with exit 0
//!   (`permissionDecision` deny/ask + `permissionDecisionReason`, `behavior` on
//!   `permissionRequest`, `decision:"block"` on `agentStop`/`subagentStop`,
//!   `additionalContext` on session/subagent start, notification, tool failure). Exit 2 is
//!   only a warning. Seen live on 1.0.102: `decision:"block"` on `userPromptSubmitted` holds the
//!   prompt back (the docs said prompts are only observed), and `modifiedArgs` with `"allow"`
//!   runs the tool with the rewritten arguments.
//! - VS Code Copilot Chat, and the CLI when configured with PascalCase names: Claude-style
//!   `hook_event_name`/`hookEventName`, `tool_name`/`tool_input`, `hookSpecificOutput` answers.
//!
//! Settings: `.github/hooks/*.json` (read by both), `~/.copilot/hooks/*.json`, and the CLI's
//! personal `.github/copilot/settings.local.json`.

mod decode;
mod encode;
mod settings;

use hook_core::{Agent, Install, SettingsPaths};

/// GitHub Copilot CLI, its cloud agent, and VS Code Copilot Chat.
pub static COPILOT: Agent = Agent {
    binary: "copilot-hook",
    display_name: "GitHub Copilot",
    decode: decode::decode,
    encode: encode::encode,
    silent_allow: "",
    someone_at_hand: None,
    settings: SettingsPaths {
        user: Some(".copilot/hooks/agent-hooks.json"),
        project: Some(".github/hooks/agent-hooks.json"),
        local: Some(".github/copilot/settings.local.json"),
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
        let path = |scope| COPILOT.settings_path(scope, home, project).unwrap();
        assert_eq!(path(SettingsScope::User), PathBuf::from("/home/u/.copilot/hooks/agent-hooks.json"));
        assert_eq!(path(SettingsScope::Project), PathBuf::from("/p/.github/hooks/agent-hooks.json"));
        assert_eq!(path(SettingsScope::Local), PathBuf::from("/p/.github/copilot/settings.local.json"));
    }
}
