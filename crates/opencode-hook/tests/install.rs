//! `install`, `uninstall` and `doctor` through the real binary in a temporary HOME: the plugin
//! module is placed for the user or the project, proved live, and removed again, and a user's
//! own module of the same name is left alone.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_opencode-hook");

/// A temporary HOME holding a project; removed and made afresh for each test.
fn home(name: &str) -> PathBuf {
    let home = std::env::temp_dir().join(format!("opencode-hook-install-{name}-{}", std::process::id()));
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
        .expect("opencode-hook runs")
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
    let plugin = home.join(".config/opencode/plugins/agent-hooks.js");
    assert!(stdout(&run(&home, &["install", "--dry-run"])).contains("+//! agent-hooks for OpenCode"));
    assert!(!plugin.exists(), "a dry run writes nothing");

    let said = stdout(&run(&home, &["install"]));
    assert!(said.contains("for tool.execute.before, tool.execute.after"), "{said}");
    let module = std::fs::read_to_string(&plugin).expect("plugin written");
    assert!(module.contains(&format!("process.env.OPENCODE_HOOK_BIN || \"{BIN}\"")), "{module}");
    assert!(stdout(&run(&home, &["install"])).contains("nothing to change"));

    let report = stdout(&run(&home, &["doctor"]));
    assert!(report.contains("asked about `rm -rf ~`: block"), "{report}");
    assert!(report.contains("asked about `echo agent-hooks doctor probe`: allow"), "{report}");

    stdout(&run(&home, &["uninstall"]));
    assert!(!plugin.exists());
    assert_eq!(
        std::fs::read_to_string(plugin.with_file_name("agent-hooks.js.agent-hooks.bak")).ok(),
        Some(module)
    );
    assert!(stdout(&run(&home, &["uninstall"])).contains("nothing to change"));
    assert_eq!(run(&home, &["doctor"]).status.code(), Some(1));
}

#[test]
fn a_file_of_the_users_is_left_alone() {
    let home = home("foreign");
    let plugin = home.join(".config/opencode/plugins/agent-hooks.js");
    std::fs::create_dir_all(plugin.parent().expect("dir")).expect("plugins dir");
    std::fs::write(&plugin, "export const Mine = async () => ({})\n").expect("user file");
    for action in ["install", "uninstall"] {
        assert_eq!(run(&home, &[action]).status.code(), Some(3), "{action}");
    }
    assert_eq!(
        std::fs::read_to_string(&plugin).expect("still there"),
        "export const Mine = async () => ({})\n"
    );
}

#[test]
fn the_project_gets_its_own_plugin() {
    let home = home("project");
    stdout(&run(&home, &["install", "--project"]));
    let plugin = home.join("project/.opencode/plugins/agent-hooks.js");
    assert!(plugin.exists());
    assert!(stdout(&run(&home, &["doctor"])).contains("project: "));
    stdout(&run(&home, &["uninstall", "--project"]));
    assert!(!plugin.exists());
}
