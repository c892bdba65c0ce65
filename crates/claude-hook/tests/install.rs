//! `install`, `uninstall` and `doctor` for claude-hook: the scenarios every agent shares
//! (`tests/support/install_harness.rs`), and the scopes and dry run, whose handling is the
//! same for every agent and so is checked here once. Golden files: `tests/golden/claude/`.

#[macro_use]
#[path = "../../../tests/support/install_harness.rs"]
mod install_harness;

use install_harness::{Sandbox, assert_success, listing_beside, stdout};

install_scenarios!(CLAUDE = claude_hook::Claude, "claude-hook");

#[test]
fn dry_run_prints_the_diff_and_changes_nothing() {
    let sandbox = Sandbox::new(&CLAUDE, "dry-run");
    let settings = sandbox.user_settings();

    let out = sandbox.hook(&["install", "--dry-run"]);
    assert_success(&out);
    assert!(stdout(&out).contains(&format!("+++ {}", settings.display())), "{}", stdout(&out));
    assert!(!settings.exists(), "dry run created the file");

    sandbox.seed_user_settings("existing.json");
    let out = sandbox.hook(&["install", "--dry-run"]);
    assert_success(&out);
    let diff = sandbox.read_text(&stdout(&out));
    assert!(
        diff.contains("+        \"matcher\": \"Bash|PowerShell|Write|Edit|MultiEdit|NotebookEdit|Read\",\n"),
        "{diff}"
    );
    assert!(diff.contains("+            \"command\": \"'@TMP@/my bin/claude-hook'\",\n"), "{diff}");
    assert!(!diff.lines().any(|l| l.starts_with('-') && !l.starts_with("---")), "only additions: {diff}");
    sandbox.assert_golden(&settings, "existing.json");
    assert_eq!(listing_beside(&settings), ["settings.json"]);

    assert_success(&sandbox.hook(&["install"]));
    let out = sandbox.hook(&["uninstall", "--dry-run"]);
    assert_success(&out);
    assert!(stdout(&out).contains("-            \"timeout\": 120\n"), "{}", stdout(&out));
    sandbox.assert_golden(&settings, "existing.installed.json");
}

#[test]
fn project_and_local_scopes_write_the_project_files() {
    let sandbox = Sandbox::new(&CLAUDE, "scopes");
    let shared = sandbox.project.join(".claude/settings.json");
    let personal = sandbox.project.join(".claude/settings.local.json");

    assert_success(&sandbox.hook(&["install", "--project"]));
    sandbox.assert_golden(&shared, "fresh.installed.json");
    assert!(!personal.exists());

    assert_success(&sandbox.hook(&["install", "--local"]));
    sandbox.assert_golden(&personal, "fresh.installed.json");
    assert!(!sandbox.user_settings().exists(), "the user's settings were touched");

    assert_success(&sandbox.hook(&["uninstall", "--project"]));
    sandbox.assert_golden(&shared, "fresh.uninstalled.json");
    sandbox.assert_golden(&personal, "fresh.installed.json");
}

#[test]
fn uninstall_without_a_registration_changes_nothing() {
    let sandbox = Sandbox::new(&CLAUDE, "not-installed");
    let out = sandbox.hook(&["uninstall"]);
    assert_success(&out);
    assert!(stdout(&out).contains("not registered"), "{}", stdout(&out));
    assert!(!sandbox.user_settings().exists());
}
