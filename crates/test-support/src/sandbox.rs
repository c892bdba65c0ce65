//! A throwaway project for one test: a policy, scripts on `PATH`, an optional git repository,
//! and the hook binary run in it with no trace of the machine's own configuration or state.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::scratch::Scratch;

/// How long a hook may take before the test gives up on it.
const HANG: Duration = Duration::from_secs(60);

/// A temporary directory holding `project/` (the agent's cwd), `bin/` (on `PATH` first),
/// `state/` (`XDG_STATE_HOME`), `cache/` (`XDG_CACHE_HOME`, made by the hook when it caches
/// its policy), `home/` and `policy.toml` (`AGENT_HOOKS_CONFIG`). Everything but `project/`
/// is outside the project, so files written there change no git status.
pub struct Sandbox {
    /// Removed, with all the sandbox holds, when the sandbox is dropped.
    _dir: Scratch,
    pub root: PathBuf,
    pub project: PathBuf,
}

/// What a hook run answered.
#[derive(Debug)]
pub struct Answer {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    pub elapsed: Duration,
}

impl Answer {
    /// stdout as JSON; `Null` when the hook printed nothing.
    pub fn json(&self) -> serde_json::Value {
        if self.stdout.trim().is_empty() {
            return serde_json::Value::Null;
        }
        serde_json::from_str(&self.stdout).unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {self:?}"))
    }

    /// The `reason` of an answer whose top-level `decision` is `decision` (the Claude-style
    /// "block" that sends the agent back, Gemini's "deny"); `None` for any other answer.
    pub fn reason_for(&self, decision: &str) -> Option<String> {
        let out = self.json();
        (out["decision"] == decision)
            .then(|| out["reason"].as_str().expect("a decision has a reason").to_string())
    }

    /// `hookSpecificOutput.additionalContext`, where Claude-style agents read added context.
    pub fn additional_context(&self) -> Option<String> {
        self.json()["hookSpecificOutput"]["additionalContext"].as_str().map(str::to_string)
    }
}

impl Sandbox {
    /// A fresh sandbox; `name` keeps parallel tests apart.
    pub fn new(name: &str) -> Self {
        let dir = Scratch::new(&format!("it-{name}"));
        let root = dir.to_path_buf();
        let project = root.join("project");
        for dir in [&project, &root.join("bin"), &root.join("home"), &root.join("state")] {
            std::fs::create_dir_all(dir).expect("sandbox directories");
        }
        Self { _dir: dir, root, project }
    }

    /// A path outside the project, for logs and counters that scripts write.
    pub fn outside(&self, name: &str) -> PathBuf {
        self.root.join(name)
    }

    pub fn policy(&self, toml: &str) {
        std::fs::write(self.root.join("policy.toml"), toml).expect("policy written");
    }

    /// An executable `sh` script named `name` on the hook's `PATH`.
    pub fn script(&self, name: &str, body: &str) -> PathBuf {
        let path = self.root.join("bin").join(name);
        std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).expect("script written");
        make_executable(&path);
        path
    }

    /// Write `text` to `relative` inside the project.
    pub fn write(&self, relative: &str, text: &str) -> PathBuf {
        let path = self.project.join(relative);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).expect("parent directory");
        }
        std::fs::write(&path, text).expect("project file written");
        path
    }

    /// Read a file (inside or outside the project); empty when it does not exist.
    pub fn read(&self, path: &Path) -> String {
        std::fs::read_to_string(path).unwrap_or_default()
    }

    /// Make the project a git repository on `branch` with one commit of what it holds.
    pub fn git_init(&self, branch: &str) {
        self.git(&["init", "-q", "-b", branch]);
        self.git(&["add", "-A"]);
        self.git(&["commit", "-q", "--allow-empty", "-m", "Initial commit"]);
    }

    pub fn git(&self, args: &[&str]) {
        let status = Command::new("git")
            .args(args)
            .current_dir(&self.project)
            .env("HOME", self.root.join("home"))
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .env("GIT_AUTHOR_NAME", "Test")
            .env("GIT_AUTHOR_EMAIL", "test@example.com")
            .env("GIT_COMMITTER_NAME", "Test")
            .env("GIT_COMMITTER_EMAIL", "test@example.com")
            .status()
            .expect("git runs");
        assert!(status.success(), "git {args:?} failed");
    }

    /// Run `binary` on one event, as the agent would, in the project.
    pub fn run(&self, binary: &str, event: impl AsRef<[u8]>) -> Answer {
        self.run_with(binary, event, &[])
    }

    /// The hook as the agent would start it, in the project, with the sandbox's environment.
    pub fn command(&self, binary: &str) -> Command {
        let path = std::env::join_paths(
            std::iter::once(self.root.join("bin"))
                .chain(std::env::var_os("PATH").iter().flat_map(std::env::split_paths)),
        )
        .expect("PATH");
        let mut command = Command::new(binary);
        command
            .current_dir(&self.project)
            .env("PATH", path)
            .env("HOME", self.root.join("home"))
            .env("XDG_CONFIG_HOME", self.root.join("home/.config"))
            .env("XDG_STATE_HOME", self.root.join("state"))
            .env("XDG_CACHE_HOME", self.root.join("cache"))
            .env("AGENT_HOOKS_SYSTEM_CONFIG", self.root.join("no-system-policy.toml"))
            .env("AGENT_HOOKS_CONFIG", self.root.join("policy.toml"))
            .env_remove("AGENT_HOOKS_STOP_ACTIVE")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        command
    }

    /// [`Sandbox::run`] with extra environment variables.
    pub fn run_with(&self, binary: &str, event: impl AsRef<[u8]>, env: &[(&str, &str)]) -> Answer {
        let mut child = self.command(binary).envs(env.iter().copied()).spawn().expect("the hook starts");
        let start = Instant::now();
        // From a thread, so that a hook that stops reading still meets the hang check below.
        let mut stdin = child.stdin.take().expect("piped stdin");
        let event = event.as_ref().to_vec();
        let writer = std::thread::spawn(move || stdin.write_all(&event));
        while child.try_wait().expect("wait").is_none() {
            if start.elapsed() > HANG {
                let _ = child.kill();
                panic!("{binary} did not answer within {HANG:?}");
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let elapsed = start.elapsed();
        // A hook may answer without reading everything; its answer is what is checked.
        if let Err(e) = writer.join().expect("writer thread") {
            assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "writing the event: {e}");
        }
        let output = child.wait_with_output().expect("output");
        Answer {
            code: output.status.code(),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
            elapsed,
        }
    }
}

/// The name of a built binary, to keep apart the sandboxes of agents tested in parallel.
pub fn binary_name(binary: &str) -> String {
    Path::new(binary).file_stem().map_or_else(|| "agent".into(), |stem| stem.to_string_lossy().into_owned())
}

/// Whether process `pid` still runs (a zombie waiting to be reaped does not count: in a
/// container the reaper may be slow or absent).
pub fn running(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => stat.rsplit_once(") ").is_some_and(|(_, rest)| !rest.starts_with('Z')),
        Err(_) if Path::new("/proc/self/stat").exists() => false,
        Err(_) => Command::new("kill")
            .args(["-0", &pid.to_string()])
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|status| status.success()),
    }
}

/// The pids that a script wrote to `path`, one a line.
pub fn pids(path: &Path) -> Vec<u32> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter_map(|line| line.trim().parse().ok())
        .collect()
}

#[cfg(unix)]
fn make_executable(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
}

#[cfg(not(unix))]
fn make_executable(_path: &Path) {}
