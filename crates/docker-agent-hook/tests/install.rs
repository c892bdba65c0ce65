//! `install`, `uninstall` and `doctor` through the real binary in a temporary HOME: the hooks
//! drop-in is written, proved live, and removed again, and a user's own file is left alone.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_docker-agent-hook");

/// A temporary HOME holding a project; removed and made afresh for each test.
fn home(name: &str) -> PathBuf {
    let home = std::env::temp_dir().join(format!("docker-agent-hook-install-{name}-{}", std::process::id()));
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
        .expect("docker-agent-hook runs")
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
    let drop_in = home.join(".config/cagent/hooks.d/agent-hooks.yaml");
    assert!(stdout(&run(&home, &["install", "--dry-run"])).contains("+  pre_tool_use:"));
    assert!(!drop_in.exists(), "a dry run writes nothing");

    let said = stdout(&run(&home, &["install"]));
    assert!(said.contains("for pre_tool_use, post_tool_use, user_prompt_submit, session_start"), "{said}");
    let yaml = std::fs::read_to_string(&drop_in).expect("drop-in written");
    assert!(yaml.contains("preempt_yolo: true"));
    assert!(yaml.contains(&format!("command: \"{BIN}\"")), "{yaml}");
    assert!(stdout(&run(&home, &["install"])).contains("nothing to change"));

    let report = stdout(&run(&home, &["doctor"]));
    assert!(report.contains("asked about `rm -rf ~`: block"), "{report}");
    assert!(report.contains("asked about `echo agent-hooks doctor probe`: allow"), "{report}");

    stdout(&run(&home, &["uninstall"]));
    assert!(!drop_in.exists());
    assert_eq!(
        std::fs::read_to_string(drop_in.with_file_name("agent-hooks.yaml.agent-hooks.bak")).ok(),
        Some(yaml)
    );
    assert!(stdout(&run(&home, &["uninstall"])).contains("nothing to change"));
    assert_eq!(run(&home, &["doctor"]).status.code(), Some(1));
}

#[test]
fn a_file_of_the_users_is_left_alone() {
    let home = home("foreign");
    let drop_in = home.join(".config/cagent/hooks.d/agent-hooks.yaml");
    std::fs::create_dir_all(drop_in.parent().expect("dir")).expect("hooks.d");
    std::fs::write(&drop_in, "hooks: {}\n").expect("user file");
    for action in ["install", "uninstall"] {
        assert_eq!(run(&home, &[action]).status.code(), Some(3), "{action}");
    }
    assert_eq!(std::fs::read_to_string(&drop_in).expect("still there"), "hooks: {}\n");
}

#[test]
fn there_are_no_project_hooks_to_install() {
    assert_eq!(run(&home("project"), &["install", "--project"]).status.code(), Some(1));
}
