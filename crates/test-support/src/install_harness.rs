//! The `install`, `uninstall` and `doctor` scenarios every agent binary must pass, run on
//! real files in a temporary HOME and project through the real binary. Each agent crate
//! calls `test_support::install_scenarios!` once from its `tests/install.rs`.
//!
//! Settings files are compared byte for byte with the reviewed files in
//! `tests/golden/<agent>/` (`GOLDEN=overwrite cargo test` rewrites them; review the diff
//! before committing). Each agent's golden directory holds the inputs `existing.json`
//! (unrelated keys and another tool's hooks), `older.json` (older entries of ours) and
//! `invalid.json` (broken at line 4, column 1), and the expected outputs.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::RwLock;

use hook_core::{Agent, SettingsScope};

use crate::scratch::Scratch;

/// Where the golden directories live, from the including crate.
const GOLDEN_ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/golden");
/// Stands for the sandbox's directory in golden files, so they do not depend on the machine.
const TMP: &str = "@TMP@";

/// Copying the binary takes this for writing, spawning for reading: a child forked while
/// another test still holds the copy open for writing would make running that copy fail
/// with "text file busy".
pub static COPY_OR_SPAWN: RwLock<()> = RwLock::new(());

/// The agent binary a test file checks: what it says about itself, and where cargo built it.
pub struct AgentUnderTest {
    pub agent: &'static Agent,
    /// `env!("CARGO_BIN_EXE_<binary>")`.
    pub built: &'static str,
}

impl AgentUnderTest {
    fn binary(&self) -> &'static str {
        self.agent.binary()
    }

    fn display_name(&self) -> &'static str {
        self.agent.display_name()
    }

    /// The user's settings file, relative to HOME.
    fn user_settings(&self) -> PathBuf {
        let user = self.agent.settings_path(SettingsScope::User, Path::new(""), Path::new(""));
        user.expect("every agent has user settings")
    }

    /// The event doctor probes; each registration lists it first.
    fn shell_event(&self) -> &'static str {
        self.agent.registration().expect("the agent can be installed").probe.shell_event
    }

    /// Golden file `name`, in the directory named after the binary without `-hook`.
    fn golden(&self, name: &str) -> PathBuf {
        let dir = self.binary().trim_end_matches("-hook");
        Path::new(GOLDEN_ROOT).join(dir).join(name)
    }
}

/// A temporary HOME and project, and a copy of the binary in a directory whose name needs
/// quoting. Removed on drop.
pub struct Sandbox {
    agent: &'static AgentUnderTest,
    /// Removed, with all the sandbox holds, when the sandbox is dropped.
    _dir: Scratch,
    root: PathBuf,
    home: PathBuf,
    pub project: PathBuf,
    /// The copy of the binary that installs itself.
    bin: PathBuf,
}

impl Sandbox {
    pub fn new(agent: &'static AgentUnderTest, name: &str) -> Self {
        // Canonical, as current_exe() answers; the golden placeholder must match it.
        let dir = Scratch::new(&format!("{}-install-{name}", agent.binary()));
        let root = dir.to_path_buf();
        let home = root.join("home");
        let project = root.join("project");
        for dir in [home.clone(), project.join(".git"), project.join("src/deep"), root.join("my bin")] {
            std::fs::create_dir_all(dir).expect("create a sandbox directory");
        }
        let bin = root.join("my bin").join(agent.binary());
        {
            let _copying = COPY_OR_SPAWN.write().unwrap_or_else(|e| e.into_inner());
            std::fs::copy(agent.built, &bin).expect("copy the binary into the sandbox");
        }
        Self { agent, _dir: dir, root, home, project, bin }
    }

    pub fn user_settings(&self) -> PathBuf {
        self.home.join(self.agent.user_settings())
    }

    /// Run `program` with `args` from deep inside the project, HOME and config in the sandbox.
    pub fn run_program(&self, program: &Path, args: &[&str]) -> Output {
        let child = {
            let _spawning = COPY_OR_SPAWN.read().unwrap_or_else(|e| e.into_inner());
            Command::new(program)
                .args(args)
                .current_dir(self.project.join("src/deep"))
                .env("HOME", &self.home)
                .env("XDG_CONFIG_HOME", self.home.join(".config"))
                .env("XDG_CACHE_HOME", self.home.join(".cache"))
                .env("AGENT_HOOKS_SYSTEM_CONFIG", self.root.join("no-system-config.toml"))
                .env_remove("AGENT_HOOKS_CONFIG")
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("spawn the binary")
        };
        child.wait_with_output().expect("wait for the binary")
    }

    /// Run the sandbox's copy of the binary.
    pub fn hook(&self, args: &[&str]) -> Output {
        self.run_program(&self.bin, args)
    }

    /// Put golden file `name` where the user's settings live.
    pub fn seed_user_settings(&self, name: &str) {
        let settings = self.user_settings();
        std::fs::create_dir_all(settings.parent().expect("settings have a directory")).expect("create it");
        std::fs::copy(self.agent.golden(name), settings).expect("seed the settings file");
    }

    /// `text` with the sandbox directory written as the placeholder.
    pub fn read_text(&self, text: &str) -> String {
        text.replace(self.root.to_str().expect("UTF-8 sandbox path"), TMP)
    }

    pub fn assert_golden(&self, path: &Path, name: &str) {
        let actual = self.read_text(&std::fs::read_to_string(path).expect("read the settings file"));
        let golden = self.agent.golden(name);
        if std::env::var_os("GOLDEN").is_some_and(|v| v == "overwrite") {
            std::fs::write(golden, &actual).expect("overwrite the golden file");
            return;
        }
        let expected = std::fs::read_to_string(golden).expect("read the golden file");
        assert!(actual == expected, "{} differs from golden {name}:\n{actual}", path.display());
    }
}

pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[track_caller]
pub fn assert_success(out: &Output) {
    assert!(
        out.status.success(),
        "exit {:?}\nstdout:\n{}\nstderr:\n{}",
        out.status,
        stdout(out),
        stderr(out)
    );
}

pub fn backup_of(path: &Path) -> PathBuf {
    let mut name = path.file_name().expect("a file name").to_os_string();
    name.push(".agent-hooks.bak");
    path.with_file_name(name)
}

/// The files in the directory of `path`, by name, sorted.
pub fn listing_beside(path: &Path) -> Vec<String> {
    let dir = path.parent().expect("a directory");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("list the directory")
        .map(|e| e.expect("a directory entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The settings file's name alone, as [`listing_beside`] shows it.
fn file_name(path: &Path) -> String {
    path.file_name().expect("a file name").to_string_lossy().into_owned()
}

pub fn install_into_no_file_then_uninstall(agent: &'static AgentUnderTest) {
    let sandbox = Sandbox::new(agent, "fresh");
    let settings = sandbox.user_settings();

    let out = sandbox.hook(&["install"]);
    assert_success(&out);
    assert!(stdout(&out).contains(&format!("installed {} in", agent.binary())), "{}", stdout(&out));
    sandbox.assert_golden(&settings, "fresh.installed.json");
    assert!(!backup_of(&settings).exists(), "no previous file, so no backup");

    // The file was install's alone: uninstall removes it and leaves nothing behind.
    assert_success(&sandbox.hook(&["uninstall"]));
    assert!(!settings.exists(), "an empty settings file of install's own is removed");
    assert!(!backup_of(&settings).exists(), "and no backup of it is left");
}

pub fn install_twice_is_byte_identical(agent: &'static AgentUnderTest) {
    let sandbox = Sandbox::new(agent, "twice");
    let settings = sandbox.user_settings();
    assert_success(&sandbox.hook(&["install"]));
    // Beside the settings file, an agent's trust record (Codex's `config.toml`) if it keeps one.
    let contents = || {
        let dir = settings.parent().expect("settings in a directory");
        listing_beside(&settings)
            .into_iter()
            .map(|name| {
                let bytes = std::fs::read(dir.join(&name)).expect("read a file beside the settings");
                (name, bytes)
            })
            .collect::<Vec<_>>()
    };
    let first = contents();
    assert!(first.iter().any(|(name, _)| *name == file_name(&settings)), "{first:?}");

    let out = sandbox.hook(&["install"]);
    assert_success(&out);
    assert!(stdout(&out).contains("already installed"), "{}", stdout(&out));
    assert_eq!(contents(), first, "nothing written the second time, no backup left");
}

pub fn install_keeps_unrelated_keys_and_other_tools_hooks(agent: &'static AgentUnderTest) {
    install_over_then_uninstall(agent, "existing", "existing.json");
}

pub fn install_updates_an_older_entry_in_place(agent: &'static AgentUnderTest) {
    install_over_then_uninstall(agent, "older", "older.uninstalled.json");
}

/// Install over golden `<seed>.json` twice (the second time writes nothing, not even the
/// backup), then uninstall, which leaves golden `uninstalled`.
fn install_over_then_uninstall(agent: &'static AgentUnderTest, seed: &str, uninstalled: &str) {
    let sandbox = Sandbox::new(agent, seed);
    let settings = sandbox.user_settings();
    let (original, installed) = (format!("{seed}.json"), format!("{seed}.installed.json"));
    sandbox.seed_user_settings(&original);

    for _ in 0..2 {
        assert_success(&sandbox.hook(&["install"]));
        sandbox.assert_golden(&settings, &installed);
        sandbox.assert_golden(&backup_of(&settings), &original);
    }

    assert_success(&sandbox.hook(&["uninstall"]));
    sandbox.assert_golden(&settings, uninstalled);
    // The first backup is the user's own file, whatever was written since.
    sandbox.assert_golden(&backup_of(&settings), &original);
}

/// Over every hand-written file in `tests/golden/corpus/` (tabs, CRLF, big and odd numbers,
/// escapes, duplicate keys, one-line files): install inserts its entries and changes no other
/// byte, uninstall gives the file back byte for byte, with the backup as the user's flow keeps
/// it and, where install added no keys of the agent's own, without it (the text edit alone).
pub fn every_byte_of_the_users_survives_a_round_trip(agent: &'static AgentUnderTest) {
    let corpus = Path::new(GOLDEN_ROOT).join("corpus");
    let mut names: Vec<_> = std::fs::read_dir(&corpus)
        .expect("read the corpus")
        .map(|entry| entry.expect("corpus entry").file_name().into_string().expect("UTF-8 name"))
        .collect();
    names.sort();
    assert!(names.len() >= 6, "{names:?}");
    let adds_keys = !agent.agent.registration().expect("installable").required_keys.is_empty();
    for name in names {
        let original = std::fs::read_to_string(corpus.join(&name)).expect("read a corpus file");
        for keep_backup in [true, false] {
            let sandbox =
                Sandbox::new(agent, &format!("corpus-{}-{keep_backup}", name.trim_end_matches(".json")));
            let settings = sandbox.user_settings();
            std::fs::create_dir_all(settings.parent().expect("settings have a directory"))
                .expect("create it");
            std::fs::write(&settings, &original).expect("seed the settings file");
            assert_success(&sandbox.hook(&["install"]));
            let installed = std::fs::read_to_string(&settings).expect("read the installed file");
            // The user's text is a prefix and a suffix of the new one: install only inserted.
            let split = original.trim_end().len() - 1;
            let (head, tail) = original.split_at(split);
            let head = head.trim_end();
            assert!(
                installed.starts_with(head) && installed.ends_with(tail) && installed.len() > original.len(),
                "{name}: install changed the user's bytes:\n{installed}"
            );
            if !keep_backup {
                if adds_keys {
                    continue;
                }
                std::fs::remove_file(backup_of(&settings)).expect("remove the backup");
            }
            assert_success(&sandbox.hook(&["uninstall"]));
            assert_eq!(
                std::fs::read_to_string(&settings).expect("read the uninstalled file"),
                original,
                "{name}: uninstall (backup kept: {keep_backup}) did not give the bytes back"
            );
        }
    }
}

pub fn invalid_json_is_refused_and_left_unchanged(agent: &'static AgentUnderTest) {
    let sandbox = Sandbox::new(agent, "invalid");
    let settings = sandbox.user_settings();
    sandbox.seed_user_settings("invalid.json");
    let original = std::fs::read(&settings).expect("read the settings file");

    for command in ["install", "uninstall"] {
        let out = sandbox.hook(&[command]);
        assert_eq!(out.status.code(), Some(3), "{command}: {}", stderr(&out));
        let message = stderr(&out);
        assert!(message.contains(&format!("{}:4:1: not valid JSON", settings.display())), "{message}");
        assert!(message.contains("nothing was changed"), "{message}");
        assert_eq!(std::fs::read(&settings).expect("read it again"), original, "{command} changed the file");
        assert_eq!(listing_beside(&settings), [file_name(&settings)], "{command} left a file behind");
    }
}

/// A settings file that cannot be read (a directory where the file should be) fails
/// install and uninstall with an error that names it, and nothing is written.
pub fn an_unreadable_settings_file_is_named(agent: &'static AgentUnderTest) {
    let sandbox = Sandbox::new(agent, "unreadable");
    let settings = sandbox.user_settings();
    std::fs::create_dir_all(&settings).expect("a directory where the settings file goes");

    for command in ["install", "uninstall"] {
        let out = sandbox.hook(&[command]);
        assert_eq!(out.status.code(), Some(1), "{command}: {}", stderr(&out));
        let message = stderr(&out);
        assert!(message.contains(&format!("`{}`", settings.display())), "{command}: {message}");
        assert_eq!(listing_beside(&settings), [file_name(&settings)], "{command} left a file behind");
    }
}

/// Whether the built-in policy blocks `rm -rf ~` yet (the rule packs are built on their
/// own branch): decides what a healthy doctor must report.
fn policy_blocks_rm_rf_home(sandbox: &Sandbox) -> bool {
    let out = sandbox.hook(&["explain", "--json", "--", "rm", "-rf", "~"]);
    assert_success(&out);
    stdout(&out).contains(r#""verdict":"deny""#)
}

pub fn doctor_passes_after_install(agent: &'static AgentUnderTest) {
    let sandbox = Sandbox::new(agent, "doctor-ok");
    assert_success(&sandbox.hook(&["install"]));
    let out = sandbox.hook(&["doctor"]);
    let report = sandbox.read_text(&stdout(&out));
    let registered = format!(
        "ok    user: {TMP}/home/{}: registered for {}",
        agent.user_settings().display(),
        agent.shell_event()
    );
    assert!(report.contains(&registered), "{report}");
    let runs = format!("ok    user: runs {TMP}/my bin/{}, an executable file", agent.binary());
    assert!(report.contains(&runs), "{report}");
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

pub fn doctor_fails_when_the_binary_is_moved_away(agent: &'static AgentUnderTest) {
    let sandbox = Sandbox::new(agent, "doctor-moved");
    assert_success(&sandbox.hook(&["install"]));
    std::fs::remove_file(&sandbox.bin).expect("move the binary away");

    let out = sandbox.run_program(Path::new(agent.built), &["doctor"]);
    assert_eq!(out.status.code(), Some(1));
    let report = sandbox.read_text(&stdout(&out));
    let binary = agent.binary();
    let missing = format!("FAIL  user: {TMP}/my bin/{binary} does not exist: the hook cannot start");
    assert!(report.contains(&missing), "{report}");
    let fix = format!("-> run `{binary} install --user` again from the binary you want");
    assert!(report.contains(&fix), "{report}");
    assert!(
        report.contains(
            "asked about `echo agent-hooks doctor probe`: no usable answer (the command could not start"
        ),
        "{report}"
    );
    assert!(report.contains(&format!("is not protecting {}", agent.display_name())), "{report}");
}

pub fn doctor_fails_when_nothing_is_installed(agent: &'static AgentUnderTest) {
    let sandbox = Sandbox::new(agent, "doctor-none");
    let out = sandbox.hook(&["doctor"]);
    assert_eq!(out.status.code(), Some(1));
    let report = stdout(&out);
    let binary = agent.binary();
    let unregistered =
        format!("FAIL  {binary} is not registered in any {} settings file", agent.display_name());
    assert!(report.contains(&unregistered), "{report}");
    assert!(report.contains(&format!("-> run `{binary} install`")), "{report}");
}

/// A static [`AgentUnderTest`] named `$name` for the agent `$agent` and its binary
/// `$binary`, and one `#[test]` per scenario above.
#[macro_export]
macro_rules! install_scenarios {
    ($name:ident = $agent:expr, $binary:literal) => {
        static $name: $crate::install_harness::AgentUnderTest = $crate::install_harness::AgentUnderTest {
            agent: &$agent,
            built: env!(concat!("CARGO_BIN_EXE_", $binary)),
        };
        $crate::install_scenarios!(
            $name:
            install_into_no_file_then_uninstall,
            install_twice_is_byte_identical,
            install_keeps_unrelated_keys_and_other_tools_hooks,
            install_updates_an_older_entry_in_place,
            every_byte_of_the_users_survives_a_round_trip,
            invalid_json_is_refused_and_left_unchanged,
            an_unreadable_settings_file_is_named,
            doctor_passes_after_install,
            doctor_fails_when_the_binary_is_moved_away,
            doctor_fails_when_nothing_is_installed,
        );
    };
    ($name:ident: $($scenario:ident,)*) => {
        $(
            #[test]
            fn $scenario() {
                $crate::install_harness::$scenario(&$name);
            }
        )*
    };
}
