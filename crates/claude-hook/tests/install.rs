//! `install`, `uninstall` and `doctor` for claude-hook: the scenarios every agent shares
//! (`test_support::install_harness`), and the scopes and dry run, whose handling is the
//! same for every agent and so is checked here once. Golden files: `tests/golden/claude/`.

use test_support::scratch::Scratch;
use test_support::{install_harness, install_scenarios};

use install_harness::{Sandbox, assert_success, backup_of, listing_beside, stdout};

install_scenarios!(CLAUDE = claude_hook::CLAUDE, "claude-hook");

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
        diff.contains(
            "+        \"matcher\": \"Bash|PowerShell|Write|Edit|MultiEdit|NotebookEdit|Read|Grep|Glob\",\n"
        ),
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

    // The project's file was install's alone: it goes, and no backup is left for `git add`.
    assert_success(&sandbox.hook(&["uninstall", "--project"]));
    assert!(!shared.exists());
    assert_eq!(listing_beside(&shared), ["settings.local.json"]);
    sandbox.assert_golden(&personal, "fresh.installed.json");
}

/// What install leaves in a repository for the user alone (the backup of a project file, the
/// `--local` settings file) is listed in `.git/info/exclude`, so `git add -A` never takes it.
#[test]
fn backups_and_local_settings_stay_out_of_git_add() {
    let sandbox = Sandbox::new(&CLAUDE, "git-add");
    let git = |args: &[&str]| {
        let out = std::process::Command::new("git")
            .args(args)
            .current_dir(&sandbox.project)
            .output()
            .expect("git runs (the tests need it)");
        assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    git(&["init", "-q"]);
    let shared = sandbox.project.join(".claude/settings.json");
    std::fs::create_dir_all(shared.parent().unwrap()).unwrap();
    std::fs::write(&shared, "{\"model\": \"opus\"}\n").unwrap();

    assert_success(&sandbox.hook(&["install", "--project"]));
    assert!(backup_of(&shared).exists());
    assert_success(&sandbox.hook(&["install", "--local"]));
    let status = git(&["status", "--porcelain", "--untracked-files=all"]);
    assert!(status.contains(".claude/settings.json\n"), "the shared file is the team's: {status}");
    assert!(!status.contains(".bak"), "{status}");
    assert!(!status.contains("settings.local.json"), "{status}");
}

#[test]
fn uninstall_without_a_registration_changes_nothing() {
    let sandbox = Sandbox::new(&CLAUDE, "not-installed");
    let out = sandbox.hook(&["uninstall"]);
    assert_success(&out);
    assert!(stdout(&out).contains("not registered"), "{}", stdout(&out));
    assert!(!sandbox.user_settings().exists());
}

/// Installed by a package manager, the binary is registered by its stable path: the link on
/// `PATH` it was started by, or Homebrew's `opt/` link for a `Cellar/<version>/` path, so that
/// the next upgrade (a new version directory) keeps every hook working.
#[cfg(unix)]
#[test]
fn install_through_a_link_registers_the_stable_path() {
    use std::os::unix::fs::symlink;
    use std::process::Command;

    let root = Scratch::new("cellar");
    let cellar_bin = root.join("brew/Cellar/agent-hooks/1.2.3/bin");
    std::fs::create_dir_all(&cellar_bin).unwrap();
    std::fs::create_dir_all(root.join("brew/bin")).unwrap();
    std::fs::create_dir_all(root.join("brew/opt")).unwrap();
    {
        // Another test's spawn that forks while this copy is open keeps it "Text file busy".
        let _copying = install_harness::COPY_OR_SPAWN.write().unwrap_or_else(|e| e.into_inner());
        std::fs::copy(env!("CARGO_BIN_EXE_claude-hook"), cellar_bin.join("claude-hook")).unwrap();
    }
    symlink("../Cellar/agent-hooks/1.2.3/bin/claude-hook", root.join("brew/bin/claude-hook")).unwrap();
    symlink("../Cellar/agent-hooks/1.2.3", root.join("brew/opt/agent-hooks")).unwrap();
    let registered = |program: &str, path_dirs: &str| {
        let home = root.join("home");
        let _ = std::fs::remove_dir_all(&home);
        std::fs::create_dir_all(&home).unwrap();
        let out = {
            let _spawning = install_harness::COPY_OR_SPAWN.read().unwrap_or_else(|e| e.into_inner());
            Command::new(program)
                .args(["install", "--user"])
                .current_dir(&root)
                .env("HOME", &home)
                .env("PATH", path_dirs)
                .env("XDG_CONFIG_HOME", home.join(".config"))
                .output()
                .expect("install runs")
        };
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let settings: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(home.join(".claude/settings.json")).unwrap())
                .unwrap();
        settings["hooks"]["PreToolUse"][0]["hooks"][0]["command"].as_str().unwrap().to_string()
    };
    let on_path = format!("{}:/usr/bin:/bin", root.join("brew/bin").display());
    assert_eq!(registered("claude-hook", &on_path), root.join("brew/bin/claude-hook").display().to_string());
    let versioned = cellar_bin.join("claude-hook").display().to_string();
    assert_eq!(
        registered(&versioned, "/usr/bin:/bin"),
        root.join("brew/opt/agent-hooks/bin/claude-hook").display().to_string()
    );
}

/// The user's own bytes survive: an install then an uninstall gives back the file exactly (big
/// integers, escapes, duplicate keys, layout), the first backup is never replaced, a read-only
/// file is refused untouched, and a dangling symlink is written through.
#[test]
fn settings_files_keep_every_byte_the_hooks_do_not_own() {
    use std::process::Command;

    let root = Scratch::new("bytes");
    let home = root.join("home");
    std::fs::create_dir_all(home.join(".claude")).unwrap();
    let settings = home.join(".claude/settings.json");
    let run = |args: &[&str]| {
        let _spawning = install_harness::COPY_OR_SPAWN.read().unwrap_or_else(|e| e.into_inner());
        Command::new(env!("CARGO_BIN_EXE_claude-hook"))
            .args(args)
            .current_dir(&root)
            .env("HOME", &home)
            .env("XDG_CONFIG_HOME", home.join(".config"))
            .output()
            .expect("run claude-hook")
    };
    let original = "{\n    \"big\": 12345678901234567890123,\n    \"esc\": \"caf\\u00e9\",\n    \"x\": 1,\n    \"x\": 2\n}\n";
    std::fs::write(&settings, original).unwrap();
    assert!(run(&["install", "--user"]).status.success());
    assert_ne!(std::fs::read_to_string(&settings).unwrap(), original);
    assert!(run(&["uninstall", "--user"]).status.success());
    assert_eq!(std::fs::read_to_string(&settings).unwrap(), original, "uninstall gives the bytes back");
    let backup = hook_core::install::backup_path(&settings);
    assert_eq!(std::fs::read_to_string(&backup).unwrap(), original, "the first backup is kept");

    // Read-only: refused, untouched.
    let mut permissions = std::fs::metadata(&settings).unwrap().permissions();
    permissions.set_readonly(true);
    std::fs::set_permissions(&settings, permissions).unwrap();
    let refused = run(&["install", "--user"]);
    assert_eq!(refused.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("is read-only"));
    assert_eq!(std::fs::read_to_string(&settings).unwrap(), original);

    // A dangling symlink stays a link; its target is written (a test makes links on Unix only).
    #[cfg(unix)]
    {
        std::fs::remove_file(&settings).unwrap();
        std::fs::remove_file(&backup).unwrap();
        std::os::unix::fs::symlink("../dotfiles/claude.json", &settings).unwrap();
        assert!(run(&["install", "--user"]).status.success());
        assert!(std::fs::symlink_metadata(&settings).unwrap().file_type().is_symlink());
        assert!(std::fs::read_to_string(home.join("dotfiles/claude.json")).unwrap().contains("claude-hook"));
    }
}

/// `doctor` fails, naming the file, when a policy layer does not load: the hooks answer, but
/// without that layer.
#[test]
fn doctor_fails_on_a_policy_that_does_not_load() {
    let sandbox = Sandbox::new(&CLAUDE, "doctor-policy");
    assert_success(&sandbox.hook(&["install"]));
    let ok = sandbox.hook(&["doctor"]);
    assert!(stdout(&ok).contains("policy: every layer loads"), "{}", stdout(&ok));
    // Its probes (one of them a `rm -rf ~` that is denied) are not the agent's decisions.
    let home = sandbox.user_settings().parent().and_then(|dir| dir.parent()).unwrap().to_path_buf();
    assert!(!home.join(".local/state/agent-hooks/journal.jsonl").exists(), "doctor's probes were journaled");
    std::fs::write(sandbox.project.join(".agent-hooks.toml"), "[rules]\nrm = { action = \"maybe\" }\n")
        .unwrap();
    let out = sandbox.hook(&["doctor"]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("FAIL  policy: ") && stdout(&out).contains(".agent-hooks.toml:2"),
        "{}",
        stdout(&out)
    );
}
