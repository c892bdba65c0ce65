//! Claude Code's wire format: its hook events in, its JSON answers out.
//!
//! Facts from `docs/agents/claude.md`: snake_case input, `hookSpecificOutput` with the
//! firing `hookEventName`, decisions as JSON on stdout with exit 0 (never JSON and exit 2).

mod decode;
mod encode;
mod settings;

use hook_core::{Agent, Install, SettingsPaths};

/// Claude Code.
pub static CLAUDE: Agent = Agent {
    binary: "claude-hook",
    display_name: "Claude Code",
    decode: decode::decode,
    encode: encode::encode,
    silent_allow: "",
    someone_at_hand: None,
    settings: SettingsPaths {
        user: Some(".claude/settings.json"),
        project: Some(".claude/settings.json"),
        local: Some(".claude/settings.local.json"),
    },
    install: Install::Entries(settings::registration),
    trust_file: None,
};
