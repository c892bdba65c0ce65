//! Codex runs only hooks it has on record as trusted: `install` records that trust for the
//! entries it writes, `doctor` fails when the record no longer covers them, and installing
//! again restores it. Real binary, real files in a scratch HOME.

use std::path::Path;
use std::process::{Command, Output};

use test_support::scratch::Scratch;

fn scratch(name: &str) -> Scratch {
    let dir = Scratch::new(&format!("codex-trust-{name}"));
    std::fs::create_dir_all(dir.join("home/.codex")).expect("make the scratch HOME");
    std::fs::create_dir_all(dir.join("project")).expect("make the scratch project");
    dir
}

fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_codex-hook"))
        .args(args)
        .current_dir(dir.join("project"))
        .env("HOME", dir.join("home"))
        .env_remove("CODEX_HOME")
        .output()
        .expect("run codex-hook")
}

#[test]
fn install_records_trust_doctor_checks_it_and_a_reinstall_restores_it() {
    let dir = scratch("round-trip");
    let config = dir.join("home/.codex/config.toml");
    std::fs::write(&config, "model = \"gpt-5\"\n").expect("write the user's config");

    let installed = run(&dir, &["install", "--user"]);
    assert!(installed.status.success(), "{installed:?}");
    assert!(String::from_utf8_lossy(&installed.stdout).contains("recorded Codex CLI's trust"));
    let recorded = std::fs::read_to_string(&config).expect("read config.toml");
    assert!(recorded.starts_with("model = \"gpt-5\"\n"), "{recorded}");
    assert_eq!(recorded.matches("trusted_hash = \"sha256:").count(), 5, "{recorded}");
    let hooks_json = dir.join("home/.codex/hooks.json");
    assert!(recorded.contains(&format!("[hooks.state.\"{}:pre_tool_use:0:0\"]", hooks_json.display())));

    let doctor = run(&dir, &["doctor"]);
    let said = String::from_utf8_lossy(&doctor.stdout);
    assert!(doctor.status.success() && said.contains("on record as trusted"), "{said}");

    // Codex compares hashes: a changed one is a hook it skips.
    std::fs::write(&config, recorded.replacen("sha256:", "sha256:0", 1)).expect("tamper");
    let doctor = run(&dir, &["doctor"]);
    let said = String::from_utf8_lossy(&doctor.stdout);
    assert!(!doctor.status.success() && said.contains("would skip these hooks"), "{said}");

    assert!(run(&dir, &["install", "--user"]).status.success());
    assert!(run(&dir, &["doctor"]).status.success());
}
