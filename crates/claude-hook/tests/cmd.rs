//! trycmd cases for claude-hook: one TOML (or `.trycmd` for a sequence of commands) per
//! behaviour under `tests/cmd/claude/`, fed real Claude Code payloads and checked byte for
//! byte. Regenerate with `TRYCMD=overwrite`.

use test_support::trycmd_cases;

#[test]
fn cases() {
    trycmd_cases::run_isolated("claude");
}

/// Cases under `layers/` name their own system policy, user config directory and journal
/// directory in `[env.add]` (every one of the three, so that nothing of the machine leaks in);
/// trycmd lets the harness's variables win over a case's, so they are not set here.
#[test]
fn cases_with_their_own_layers() {
    let nowhere = trycmd_cases::nowhere();
    trycmd::TestCases::new()
        .env("HOME", nowhere.display().to_string())
        .env("XDG_CACHE_HOME", trycmd_cases::NO_CACHE)
        .env("AGENT_HOOKS_CONFIG", "")
        .case(trycmd_cases::case_dir("claude/layers").join("*.toml"))
        // Now, while `nowhere` is still there.
        .run();
}

/// Cases under `trust/` record trust in a state directory of their own sandbox (a relative
/// `XDG_STATE_HOME`), so that what `trust` writes stays in the case; `cp` edits a policy.
#[test]
fn trust_cases() {
    trycmd::TestCases::new()
        .register_bin("cp", std::path::Path::new("/bin/cp"))
        .env("HOME", trycmd_cases::HOME)
        .env("XDG_CONFIG_HOME", "no-user-config")
        .env("XDG_STATE_HOME", "state")
        .env("XDG_CACHE_HOME", trycmd_cases::NO_CACHE)
        .env("AGENT_HOOKS_SYSTEM_CONFIG", "no-system-policy.toml")
        .env("AGENT_HOOKS_CONFIG", "")
        .case(trycmd_cases::case_dir("claude/trust").join("*.trycmd"));
}
