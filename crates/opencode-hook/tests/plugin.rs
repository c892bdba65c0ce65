//! The OpenCode plugin (`crates/opencode-hook/plugin/agent-hooks.js`) under `node --test`, with this
//! crate's real binary behind it. Without Node it fails (`.ci/run` installs Node).

use std::path::{Path, PathBuf};
use std::process::Command;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn plugin_under_node() {
    // The plugin is JavaScript: without node it is not exercised, which is a failure.
    assert!(
        Command::new("node").arg("--version").output().is_ok(),
        "`node` is not installed: the OpenCode plugin cannot be exercised (install Node.js)"
    );
    // No policy of the machine's user or system may leak into the verdicts.
    let nowhere = workspace().join("target/opencode-plugin-nowhere");
    let out = Command::new("node")
        .args(["--test", "plugin/test/"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("OPENCODE_HOOK_BIN", env!("CARGO_BIN_EXE_opencode-hook"))
        .env("HOME", &nowhere)
        .env("XDG_CONFIG_HOME", &nowhere)
        .env("XDG_STATE_HOME", &nowhere)
        .env("XDG_CACHE_HOME", &nowhere)
        .env("AGENT_HOOKS_SYSTEM_CONFIG", nowhere.join("system.toml"))
        .env_remove("AGENT_HOOKS_CONFIG")
        .output()
        .expect("node runs");
    assert!(
        out.status.success(),
        "node --test failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
