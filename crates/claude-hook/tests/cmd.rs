//! trycmd cases for claude-hook: one TOML (or `.trycmd` for a sequence of commands) per
//! behaviour under `tests/cmd/claude/`, fed real Claude Code payloads and checked byte for
//! byte. Regenerate with `TRYCMD=overwrite`.

/// A directory that holds no policy and takes the journal of every case. Outside the
/// workspace: a home at or above the project would change what counts as "outside".
fn nowhere() -> String {
    std::env::temp_dir().join("agent-hooks-trycmd-nowhere").display().to_string()
}

#[test]
fn cases() {
    // No policy of the machine's user or system may leak into the expected answers.
    let nowhere = nowhere();
    trycmd::TestCases::new()
        .env("HOME", &nowhere)
        .env("XDG_CONFIG_HOME", &nowhere)
        .env("XDG_STATE_HOME", &nowhere)
        .env("AGENT_HOOKS_SYSTEM_CONFIG", format!("{nowhere}/system.toml"))
        .env("AGENT_HOOKS_CONFIG", "")
        .case(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/cmd/claude/*.toml"))
        .case(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/cmd/claude/*.trycmd"));
}

/// Cases under `layers/` name their own system policy, user config directory and journal
/// directory in `[env.add]` (every one of the three, so that nothing of the machine leaks in);
/// trycmd lets the harness's variables win over a case's, so they are not set here.
#[test]
fn cases_with_their_own_layers() {
    trycmd::TestCases::new()
        .env("HOME", nowhere())
        .env("AGENT_HOOKS_CONFIG", "")
        .case(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/cmd/claude/layers/*.toml"));
}
