//! trycmd cases for claude-hook: one TOML (or `.trycmd` for a sequence of commands) per
//! behaviour under `tests/cmd/claude/`, fed real Claude Code payloads and checked byte for
//! byte. Regenerate with `TRYCMD=overwrite`.

/// A directory that holds no policy and takes the journal of every case.
const NOWHERE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../target/trycmd-nowhere");

#[test]
fn cases() {
    // No policy of the machine's user or system may leak into the expected answers.
    trycmd::TestCases::new()
        .env("HOME", NOWHERE)
        .env("XDG_CONFIG_HOME", NOWHERE)
        .env("XDG_STATE_HOME", NOWHERE)
        .env("AGENT_HOOKS_SYSTEM_CONFIG", format!("{NOWHERE}/system.toml"))
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
        .env("HOME", NOWHERE)
        .env("AGENT_HOOKS_CONFIG", "")
        .case(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/cmd/claude/layers/*.toml"));
}
