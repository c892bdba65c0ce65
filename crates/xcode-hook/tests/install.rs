//! `install`, `uninstall` and `doctor` through the real binary in a temporary HOME: the plugin
//! manifest is written, proved live, and removed again, and a user's own manifest is left alone.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_xcode-hook");

/// A temporary HOME holding a project; removed and made afresh for each test.
fn home(name: &str) -> PathBuf {
    let home = std::env::temp_dir().join(format!("xcode-hook-install-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(home.join("project/.git")).expect("sandbox");
    home.canonicalize().expect("sandbox path")
}

fn run(home: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .current_dir(home.join("project"))
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env("XDG_STATE_HOME", home.join(".state"))
        .env("AGENT_HOOKS_SYSTEM_CONFIG", home.join("system.toml"))
        .env_remove("AGENT_HOOKS_CONFIG")
        .output()
        .expect("xcode-hook runs")
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn install_doctor_uninstall_round_trip() {
    let home = home("round-trip");
    let manifest = home.join(".x-code/agent-hooks-plugin/.x-code-plugin/plugin.json");
    assert!(stdout(&run(&home, &["install", "--dry-run"])).contains(r#"+    "PreToolUse": ["#));
    assert!(!manifest.exists(), "a dry run writes nothing");

    let said = stdout(&run(&home, &["install"]));
    assert!(said.contains("for PreToolUse, PostToolUse, UserPromptSubmit"), "{said}");
    let plugin = home.join(".x-code/agent-hooks-plugin");
    assert!(said.contains(&format!("xc plugin install {}", plugin.display())), "{said}");
    let json = std::fs::read_to_string(&manifest).expect("manifest written");
    let parsed: serde_json::Value = serde_json::from_str(&json).expect("manifest is JSON");
    assert_eq!(parsed["hooks"]["PreToolUse"][0]["command"], BIN);
    assert!(stdout(&run(&home, &["install"])).contains("nothing to change"));

    let report = stdout(&run(&home, &["doctor"]));
    assert!(report.contains("asked about `rm -rf ~`: block"), "{report}");
    assert!(report.contains("asked about `echo agent-hooks doctor probe`: allow"), "{report}");

    stdout(&run(&home, &["uninstall"]));
    assert!(!manifest.exists());
    assert_eq!(
        std::fs::read_to_string(manifest.with_file_name("plugin.json.agent-hooks.bak")).ok(),
        Some(json)
    );
    assert!(stdout(&run(&home, &["uninstall"])).contains("nothing to change"));
    assert_eq!(run(&home, &["doctor"]).status.code(), Some(1));
}

#[test]
fn a_file_of_the_users_is_left_alone() {
    let home = home("foreign");
    let manifest = home.join(".x-code/agent-hooks-plugin/.x-code-plugin/plugin.json");
    std::fs::create_dir_all(manifest.parent().expect("dir")).expect("plugin dir");
    std::fs::write(&manifest, "{\"name\": \"mine\"}\n").expect("user file");
    for action in ["install", "uninstall"] {
        assert_eq!(run(&home, &[action]).status.code(), Some(3), "{action}");
    }
    assert_eq!(std::fs::read_to_string(&manifest).expect("still there"), "{\"name\": \"mine\"}\n");
}

#[test]
fn there_are_no_project_plugins_to_install() {
    assert_eq!(run(&home("project"), &["install", "--project"]).status.code(), Some(1));
}
