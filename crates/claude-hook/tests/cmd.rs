//! trycmd cases for claude-hook: one TOML per behaviour under `tests/cmd/claude/`, fed real
//! Claude Code payloads and checked byte for byte. Regenerate with `TRYCMD=overwrite`.

#[test]
fn cases() {
    // No policy of the machine's user or system may leak into the expected answers.
    // Outside the workspace: a home at or above the project would change what is "outside".
    let nowhere = std::env::temp_dir().join("agent-hooks-trycmd-nowhere").display().to_string();
    trycmd::TestCases::new()
        .env("HOME", &nowhere)
        .env("XDG_CONFIG_HOME", &nowhere)
        .env("XDG_STATE_HOME", &nowhere)
        .env("AGENT_HOOKS_SYSTEM_CONFIG", format!("{nowhere}/system.toml"))
        .env("AGENT_HOOKS_CONFIG", "")
        .case(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/cmd/claude/*.toml"));
}
