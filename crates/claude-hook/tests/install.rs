//! `install`, `uninstall` and `doctor` on real files in a temporary HOME and project, run
//! through the real binary. Settings files are compared byte for byte with the reviewed
//! files in `tests/golden/claude/` (`GOLDEN=overwrite cargo test` rewrites them; review the
//! diff before committing).

#![allow(clippy::unwrap_used, reason = "test set-up helpers: a failed set-up should panic")]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::RwLock;

/// Where the golden files live, from the workspace root.
const GOLDEN_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/golden/claude");
/// Stands for the sandbox's directory in golden files, so they do not depend on the machine.
const TMP: &str = "@TMP@";

/// Copying the binary takes this for writing, spawning for reading: a child forked while
/// another test still holds the copy open for writing would make running that copy fail
/// with "text file busy".
static COPY_OR_SPAWN: RwLock<()> = RwLock::new(());

/// A temporary HOME and project, and a copy of the binary in a directory whose name needs
/// quoting. Removed on drop.
struct Sandbox {
    root: PathBuf,
    home: PathBuf,
    project: PathBuf,
    /// The copy of claude-hook that installs itself.
    bin: PathBuf,
}

impl Sandbox {
    fn new(name: &str) -> Self {
        let root = std::env::temp_dir().join(format!("claude-hook-install-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).unwrap();
        // current_exe() answers the canonical path; the golden placeholder must match it.
        let root = root.canonicalize().unwrap();
        let home = root.join("home");
        let project = root.join("project");
        std::fs::create_dir_all(&home).unwrap();
        std::fs::create_dir_all(project.join(".git")).unwrap();
        std::fs::create_dir_all(project.join("src/deep")).unwrap();
        let bin = root.join("my bin/claude-hook");
        std::fs::create_dir_all(bin.parent().unwrap()).unwrap();
        {
            let _copying = COPY_OR_SPAWN.write().unwrap_or_else(|e| e.into_inner());
            std::fs::copy(env!("CARGO_BIN_EXE_claude-hook"), &bin).unwrap();
        }
        Self { root, home, project, bin }
    }

    fn user_settings(&self) -> PathBuf {
        self.home.join(".claude/settings.json")
    }

    /// Run `program` with `args` from deep inside the project, HOME and config in the sandbox.
    fn run_program(&self, program: &Path, args: &[&str]) -> Output {
        let child = {
            let _spawning = COPY_OR_SPAWN.read().unwrap_or_else(|e| e.into_inner());
            Command::new(program)
                .args(args)
                .current_dir(self.project.join("src/deep"))
                .env("HOME", &self.home)
                .env("XDG_CONFIG_HOME", self.home.join(".config"))
                .env("AGENT_HOOKS_SYSTEM_CONFIG", self.root.join("no-system-config.toml"))
                .env_remove("AGENT_HOOKS_CONFIG")
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        };
        child.wait_with_output().unwrap()
    }

    /// Run the sandbox's copy of claude-hook.
    fn hook(&self, args: &[&str]) -> Output {
        self.run_program(&self.bin, args)
    }

    /// Put golden file `name` where the user's settings live.
    fn seed_user_settings(&self, name: &str) {
        std::fs::create_dir_all(self.user_settings().parent().unwrap()).unwrap();
        std::fs::copy(golden(name), self.user_settings()).unwrap();
    }

    /// `path`'s content with the sandbox directory written as the placeholder.
    fn read(&self, path: &Path) -> String {
        self.read_text(&std::fs::read_to_string(path).unwrap())
    }

    /// `text` with the sandbox directory written as the placeholder.
    fn read_text(&self, text: &str) -> String {
        text.replace(self.root.to_str().unwrap(), TMP)
    }

    fn assert_golden(&self, path: &Path, name: &str) {
        let actual = self.read(path);
        if std::env::var_os("GOLDEN").is_some_and(|v| v == "overwrite") {
            std::fs::write(golden(name), &actual).unwrap();
            return;
        }
        let expected = std::fs::read_to_string(golden(name)).unwrap();
        assert!(actual == expected, "{} differs from golden {name}:\n{actual}", path.display());
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

fn golden(name: &str) -> PathBuf {
    Path::new(GOLDEN_DIR).join(name)
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[track_caller]
fn assert_success(out: &Output) {
    assert!(
        out.status.success(),
        "exit {:?}\nstdout:\n{}\nstderr:\n{}",
        out.status,
        stdout(out),
        stderr(out)
    );
}

fn backup_of(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap().to_os_string();
    name.push(".agent-hooks.bak");
    path.with_file_name(name)
}

/// The files in `dir`, by name, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn install_into_no_file_then_uninstall() {
    let sandbox = Sandbox::new("fresh");
    let settings = sandbox.user_settings();

    let out = sandbox.hook(&["install"]);
    assert_success(&out);
    assert!(stdout(&out).contains("installed claude-hook in"), "{}", stdout(&out));
    sandbox.assert_golden(&settings, "fresh.installed.json");
    assert!(!backup_of(&settings).exists(), "no previous file, so no backup");

    assert_success(&sandbox.hook(&["uninstall"]));
    sandbox.assert_golden(&settings, "fresh.uninstalled.json");
    sandbox.assert_golden(&backup_of(&settings), "fresh.installed.json");
}

#[test]
fn install_twice_is_byte_identical() {
    let sandbox = Sandbox::new("twice");
    let settings = sandbox.user_settings();
    assert_success(&sandbox.hook(&["install"]));
    let first = std::fs::read(&settings).unwrap();

    let out = sandbox.hook(&["install"]);
    assert_success(&out);
    assert!(stdout(&out).contains("already installed"), "{}", stdout(&out));
    assert_eq!(std::fs::read(&settings).unwrap(), first);
    assert_eq!(listing(settings.parent().unwrap()), ["settings.json"], "nothing written the second time");
}

#[test]
fn install_keeps_unrelated_keys_and_other_tools_hooks() {
    let sandbox = Sandbox::new("existing");
    let settings = sandbox.user_settings();
    sandbox.seed_user_settings("existing.json");

    assert_success(&sandbox.hook(&["install"]));
    sandbox.assert_golden(&settings, "existing.installed.json");
    sandbox.assert_golden(&backup_of(&settings), "existing.json");

    // Again: nothing to do, so neither the file nor its backup changes.
    assert_success(&sandbox.hook(&["install"]));
    sandbox.assert_golden(&settings, "existing.installed.json");
    sandbox.assert_golden(&backup_of(&settings), "existing.json");

    assert_success(&sandbox.hook(&["uninstall"]));
    sandbox.assert_golden(&settings, "existing.json");
    sandbox.assert_golden(&backup_of(&settings), "existing.installed.json");
}

#[test]
fn install_updates_an_older_entry_in_place() {
    let sandbox = Sandbox::new("older");
    let settings = sandbox.user_settings();
    sandbox.seed_user_settings("older.json");

    assert_success(&sandbox.hook(&["install"]));
    sandbox.assert_golden(&settings, "older.installed.json");
    sandbox.assert_golden(&backup_of(&settings), "older.json");

    assert_success(&sandbox.hook(&["uninstall"]));
    sandbox.assert_golden(&settings, "older.uninstalled.json");
}

#[test]
fn invalid_json_is_refused_and_left_unchanged() {
    let sandbox = Sandbox::new("invalid");
    let settings = sandbox.user_settings();
    sandbox.seed_user_settings("invalid.json");
    let original = std::fs::read(&settings).unwrap();

    for command in ["install", "uninstall"] {
        let out = sandbox.hook(&[command]);
        assert_eq!(out.status.code(), Some(3), "{command}: {}", stderr(&out));
        let message = stderr(&out);
        assert!(message.contains(&format!("{}:4:1: not valid JSON", settings.display())), "{message}");
        assert!(message.contains("nothing was changed"), "{message}");
        assert_eq!(std::fs::read(&settings).unwrap(), original, "{command} changed the file");
        assert_eq!(listing(settings.parent().unwrap()), ["settings.json"], "{command} left a file behind");
    }
}

#[test]
fn dry_run_prints_the_diff_and_changes_nothing() {
    let sandbox = Sandbox::new("dry-run");
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
    assert_eq!(listing(settings.parent().unwrap()), ["settings.json"]);

    assert_success(&sandbox.hook(&["install"]));
    let out = sandbox.hook(&["uninstall", "--dry-run"]);
    assert_success(&out);
    assert!(stdout(&out).contains("-            \"timeout\": 120\n"), "{}", stdout(&out));
    sandbox.assert_golden(&settings, "existing.installed.json");
}

#[test]
fn project_and_local_scopes_write_the_project_files() {
    let sandbox = Sandbox::new("scopes");
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
    let sandbox = Sandbox::new("not-installed");
    let out = sandbox.hook(&["uninstall"]);
    assert_success(&out);
    assert!(stdout(&out).contains("not registered"), "{}", stdout(&out));
    assert!(!sandbox.user_settings().exists());
}

/// Whether the built-in policy blocks `rm -rf ~` yet (the rule packs are built on their
/// own branch): decides what a healthy doctor must report.
fn policy_blocks_rm_rf_home(sandbox: &Sandbox) -> bool {
    let out = sandbox.hook(&["explain", "--json", "--", "rm", "-rf", "~"]);
    assert_success(&out);
    stdout(&out).contains(r#""verdict":"deny""#)
}

#[test]
fn doctor_passes_after_install() {
    let sandbox = Sandbox::new("doctor-ok");
    assert_success(&sandbox.hook(&["install"]));
    let out = sandbox.hook(&["doctor"]);
    let report = sandbox.read_text(&stdout(&out));
    assert!(
        report.contains("ok    user: @TMP@/home/.claude/settings.json: registered for PreToolUse"),
        "{report}"
    );
    assert!(report.contains("ok    user: runs @TMP@/my bin/claude-hook, an executable file"), "{report}");
    assert!(report.contains("asked about `echo agent-hooks doctor probe`: allow"), "{report}");
    if policy_blocks_rm_rf_home(&sandbox) {
        assert_success(&out);
        assert!(report.contains("asked about `rm -rf ~`: block"), "{report}");
        assert!(!report.contains("FAIL"), "{report}");
    } else {
        // The live probe is the proof: it must say that nothing blocks `rm -rf ~`.
        assert_eq!(out.status.code(), Some(1), "{report}");
        let failures: Vec<&str> = report.lines().filter(|l| l.starts_with("FAIL")).collect();
        assert_eq!(failures.len(), 1, "{report}");
        assert!(failures[0].contains("asked about `rm -rf ~`: allow, expected block"), "{report}");
    }
}

#[test]
fn doctor_fails_when_the_binary_is_moved_away() {
    let sandbox = Sandbox::new("doctor-moved");
    assert_success(&sandbox.hook(&["install"]));
    std::fs::remove_file(&sandbox.bin).unwrap();

    let out = sandbox.run_program(Path::new(env!("CARGO_BIN_EXE_claude-hook")), &["doctor"]);
    assert_eq!(out.status.code(), Some(1));
    let report = sandbox.read_text(&stdout(&out));
    assert!(
        report.contains("FAIL  user: @TMP@/my bin/claude-hook does not exist: the hook cannot start"),
        "{report}"
    );
    assert!(
        report.contains("-> run `claude-hook install --user` again from the binary you want"),
        "{report}"
    );
    assert!(
        report.contains(
            "asked about `echo agent-hooks doctor probe`: no usable answer (the command could not start"
        ),
        "{report}"
    );
    assert!(report.contains("is not protecting Claude Code"), "{report}");
}

#[test]
fn doctor_fails_when_nothing_is_installed() {
    let sandbox = Sandbox::new("doctor-none");
    let out = sandbox.hook(&["doctor"]);
    assert_eq!(out.status.code(), Some(1));
    let report = stdout(&out);
    assert!(
        report.contains("FAIL  claude-hook is not registered in any Claude Code settings file"),
        "{report}"
    );
    assert!(report.contains("-> run `claude-hook install`"), "{report}");
}
