//! The `install`, `uninstall` and `doctor` scenarios of every agent registered by a file of
//! its own ([`hook_core::install::OwnedFile`]: x-code, docker-agent, OpenCode), run through
//! the real binary in a temporary HOME. Each such agent crate calls
//! `test_support::owned_file_scenarios!` once from its `tests/install.rs`, then adds its own
//! cases.

use std::path::PathBuf;
use std::process::{Command, Output};

use hook_core::install::OwnedFile;
use hook_core::{Agent, SettingsScope};

use crate::scratch::Scratch;

/// The agent binary a test file checks, and where cargo built it.
pub struct AgentUnderTest {
    pub agent: &'static Agent,
    /// `env!("CARGO_BIN_EXE_<binary>")`.
    pub built: &'static str,
}

impl AgentUnderTest {
    fn owned(&self) -> OwnedFile {
        self.agent.owned_file().expect("the agent is registered by a file of its own")
    }
}

/// A temporary HOME holding a project (a git repository); removed and made afresh per test.
pub struct Home {
    /// Removed, with all the home holds, when the home is dropped.
    _dir: Scratch,
    pub root: PathBuf,
    agent: &'static AgentUnderTest,
}

impl Home {
    pub fn new(agent: &'static AgentUnderTest, name: &str) -> Self {
        // Canonical, as current_exe() answers; compare against the same spelling.
        let dir = Scratch::new(&format!("{}-owned-{name}", agent.agent.binary()));
        std::fs::create_dir_all(dir.join("project/.git")).expect("create the sandbox");
        Self { root: dir.to_path_buf(), _dir: dir, agent }
    }

    /// Where `scope`'s file of ours goes.
    pub fn file(&self, scope: SettingsScope) -> PathBuf {
        let path = self.agent.agent.settings_path(scope, &self.root, &self.root.join("project"));
        path.expect("the agent has a file for this scope")
    }

    /// Run the built binary from the project, with HOME and every config in the sandbox.
    pub fn run(&self, args: &[&str]) -> Output {
        Command::new(self.agent.built)
            .args(args)
            .current_dir(self.root.join("project"))
            .env("HOME", &self.root)
            .env("XDG_CONFIG_HOME", self.root.join(".config"))
            .env("XDG_STATE_HOME", self.root.join(".state"))
            .env("XDG_CACHE_HOME", self.root.join(".cache"))
            .env("AGENT_HOOKS_SYSTEM_CONFIG", self.root.join("no-system-config.toml"))
            .env_remove("AGENT_HOOKS_CONFIG")
            .output()
            .expect("run the binary")
    }

    /// stdout of a run that must succeed.
    pub fn succeed(&self, args: &[&str]) -> String {
        let out = self.run(args);
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(out.status.success(), "{args:?}: {text}\n{}", String::from_utf8_lossy(&out.stderr));
        text
    }
}

pub fn install_writes_the_file_and_uninstall_removes_it(agent: &'static AgentUnderTest) {
    let home = Home::new(agent, "round-trip");
    let file = home.file(SettingsScope::User);
    assert!(home.succeed(&["install", "--dry-run"]).contains("dry run"));
    assert!(!file.exists(), "a dry run writes nothing");

    let said = home.succeed(&["install"]);
    assert!(said.contains(&agent.owned().events.join(", ")), "{said}");
    let written = std::fs::read_to_string(&file).expect("the file is written");
    assert!(agent.owned().wrote(&written));
    assert!(written.contains(agent.built), "the file runs the built binary:\n{written}");
    assert!(home.succeed(&["install"]).contains("nothing to change"));

    home.succeed(&["uninstall"]);
    assert!(!file.exists());
    let backup = hook_core::install::backup_path(&file);
    assert_eq!(std::fs::read_to_string(backup).ok(), Some(written));
    assert!(home.succeed(&["uninstall"]).contains("nothing to change"));
}

pub fn doctor_passes_after_install(agent: &'static AgentUnderTest) {
    let home = Home::new(agent, "doctor");
    home.succeed(&["install"]);
    let report = home.succeed(&["doctor"]);
    assert!(report.contains("asked about `rm -rf ~`: block"), "{report}");
    assert!(report.contains("asked about `echo agent-hooks doctor probe`: allow"), "{report}");
}

pub fn doctor_fails_when_nothing_is_installed(agent: &'static AgentUnderTest) {
    let home = Home::new(agent, "nothing");
    assert_eq!(home.run(&["doctor"]).status.code(), Some(1));
}

pub fn a_file_of_the_users_is_left_alone(agent: &'static AgentUnderTest) {
    let home = Home::new(agent, "foreign");
    let file = home.file(SettingsScope::User);
    std::fs::create_dir_all(file.parent().expect("the file has a directory")).expect("create it");
    std::fs::write(&file, "the user's own\n").expect("seed the file");
    for action in ["install", "uninstall"] {
        assert_eq!(home.run(&[action]).status.code(), Some(3), "{action}");
    }
    assert_eq!(std::fs::read_to_string(&file).expect("still there"), "the user's own\n");
}

/// Declares `$name` for the agent and one `#[test]` per shared scenario.
#[macro_export]
macro_rules! owned_file_scenarios {
    ($name:ident = $agent:expr, $binary:literal) => {
        static $name: $crate::owned_file_harness::AgentUnderTest = $crate::owned_file_harness::AgentUnderTest {
            agent: &$agent,
            built: env!(concat!("CARGO_BIN_EXE_", $binary)),
        };
        $crate::owned_file_scenarios!(
            $name:
            install_writes_the_file_and_uninstall_removes_it,
            doctor_passes_after_install,
            doctor_fails_when_nothing_is_installed,
            a_file_of_the_users_is_left_alone,
        );
    };
    ($name:ident: $($scenario:ident,)*) => {
        $(
            #[test]
            fn $scenario() {
                $crate::owned_file_harness::$scenario(&$name);
            }
        )*
    };
}
