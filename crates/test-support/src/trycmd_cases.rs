//! The trycmd runner every agent's case file shares: cases under `tests/cmd/<dir>/`, run in
//! an environment where no policy, config or journal of the machine can leak in.
//!
//! Used as `test_support::trycmd_cases` from each agent crate's `tests/cmd.rs`.

use std::path::PathBuf;

use crate::scratch::Scratch;

/// A config and state directory that hold nothing, removed when dropped. Outside the
/// workspace: a home at or above the project would change which paths count as outside it.
pub fn nowhere() -> Scratch {
    Scratch::new("trycmd-nowhere")
}

/// A policy cache directory that cannot be made, even by root: its parent is a device. Every
/// case then parses its policy files, as on a first call, and shows that a cache that cannot
/// be written changes nothing, not even stderr.
pub const NO_CACHE: &str = "/dev/null/agent-hooks-trycmd-cache";

/// A home that does not exist, outside the workspace and outside every temp directory: a
/// home under `/tmp` would make `rm -rf ~/.ssh` a harmless delete in a temp directory.
pub const HOME: &str = "/agent-hooks-trycmd-home";

/// The workspace's `tests/cmd/<dir>/` folder.
pub fn case_dir(dir: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/cmd").join(dir)
}

/// Runs every `*.toml` (and `*.trycmd`) case in `tests/cmd/<dir>/` with the machine's
/// policy layers, config directory, journal and policy cache shut out.
pub fn run_isolated(dir: &str) {
    let scratch = nowhere();
    let nowhere = scratch.display().to_string();
    let cases = case_dir(dir);
    trycmd::TestCases::new()
        .env("HOME", HOME)
        .env("XDG_CONFIG_HOME", &nowhere)
        .env("XDG_STATE_HOME", &nowhere)
        .env("XDG_CACHE_HOME", NO_CACHE)
        .env("AGENT_HOOKS_SYSTEM_CONFIG", format!("{nowhere}/system.toml"))
        .env("AGENT_HOOKS_CONFIG", "")
        .case(cases.join("*.toml"))
        .case(cases.join("*.trycmd"))
        // Now, while `scratch` is still there (dropped, the cases would run after it).
        .run();
}
