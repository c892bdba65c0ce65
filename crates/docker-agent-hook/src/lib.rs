//! docker-agent's wire format: its hook events in, its snake_case JSON answers out.
//!
//! Facts from `docs/agents/docker-agent.md`: a snake_case re-spelling of Claude Code's
//! protocol, in and out (`hook_event_name`, `tool_name`, `tool_input`;
//! `hook_specific_output.permission_decision` allow/ask/deny with
//! `permission_decision_reason`, `updated_input` shallow-merged over the arguments,
//! `additional_context`, top-level `decision:"block"` + `reason`, `system_message`). Two
//! shell tools, `shell` and `run_background_job`, both `{cmd, cwd?}`. stdout is read only on
//! exit 0, and exit 2 drops it, so answers are always JSON with exit 0. `stop` cannot block.
//! Hooks live in YAML (agent file, `~/.config/cagent/config.yaml`, `hooks.d/*.yaml`).

mod decode;
mod encode;
mod hooks_file;

use hook_core::{Agent, Install, SettingsPaths};

/// docker-agent (formerly cagent).
pub static DOCKER_AGENT: Agent = Agent {
    binary: "docker-agent-hook",
    display_name: "docker-agent",
    decode: decode::decode,
    encode: encode::encode,
    silent_allow: "",
    someone_at_hand: None,
    settings: SettingsPaths {
        // A drop-in file of its own, so the user's config.yaml is never rewritten.
        user: Some(".config/cagent/hooks.d/agent-hooks.yaml"),
        // Project hooks belong in the agent file itself, which only its author edits.
        project: None,
        local: None,
    },
    install: Install::OwnedFile(hooks_file::owned_file),
    trust_file: None,
};

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use hook_core::SettingsScope;

    use super::*;

    #[test]
    fn hooks_go_to_a_user_drop_in_file() {
        let (home, project) = (Path::new("/home/u"), Path::new("/p"));
        assert_eq!(
            DOCKER_AGENT.settings_path(SettingsScope::User, home, project),
            Some(PathBuf::from("/home/u/.config/cagent/hooks.d/agent-hooks.yaml"))
        );
        assert_eq!(DOCKER_AGENT.settings_path(SettingsScope::Project, home, project), None);
        assert_eq!(DOCKER_AGENT.settings_path(SettingsScope::Local, home, project), None);
    }
}
