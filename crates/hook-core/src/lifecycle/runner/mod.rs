//! Runs the commands that the policy configures (formatters, stop gates, context providers)
//! without a shell: in the project root, with a deadline, output captured and bounded, and
//! nothing of them left running afterwards.

mod group;
mod output;
mod words;

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

pub use output::Captured;
pub use words::argv;

/// How long to wait for the pipes to close once the command's group is gone.
const PIPE_GRACE: Duration = Duration::from_millis(500);

/// The longest pause between two looks at the child: short enough that a fast formatter
/// costs no noticeable wait, long enough not to spin.
const MAX_POLL: Duration = Duration::from_millis(20);

/// One command to run.
#[derive(Debug, Clone)]
pub struct Job {
    /// Program and arguments, as [`argv`] makes them.
    pub argv: Vec<OsString>,
    /// The working directory (the project root); also what a relative program path such as
    /// `./tools/fmt` is relative to.
    pub dir: PathBuf,
    pub timeout: Duration,
    /// Added to the hook's own environment.
    pub env: Vec<(OsString, OsString)>,
}

impl Job {
    pub fn new(argv: Vec<OsString>, dir: &Path, timeout: Duration) -> Self {
        Self { argv, dir: dir.to_path_buf(), timeout, env: Vec::new() }
    }

    pub fn env(mut self, name: impl Into<OsString>, value: impl Into<OsString>) -> Self {
        self.env.push((name.into(), value.into()));
        self
    }
}

/// How a command ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Finish {
    /// It exited by itself: the exit code, or `None` when a signal ended it.
    Exited(Option<i32>),
    /// It ran out of time and its process group was killed.
    TimedOut,
}

/// What came of one command.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub finish: Finish,
    pub output: Captured,
}

impl Outcome {
    pub fn succeeded(&self) -> bool {
        self.finish == Finish::Exited(Some(0))
    }

    /// "exit 1", "killed by a signal", "timed out after 60 s and was stopped".
    pub fn describe(&self, timeout: Duration) -> String {
        match self.finish {
            Finish::Exited(Some(code)) => format!("exit {code}"),
            Finish::Exited(None) => "killed by a signal".to_string(),
            Finish::TimedOut => {
                // Tenths of a second: a deadline shared by several commands leaves odd remainders.
                let seconds = format!("{:.1}", timeout.as_secs_f32());
                let seconds = seconds.strip_suffix(".0").unwrap_or(&seconds);
                format!("timed out after {seconds} s and was stopped")
            }
        }
    }
}

/// Why a command did not run at all.
#[derive(Debug)]
pub enum RunError {
    /// The job had no program.
    NoProgram,
    /// The program could not be started (not found, not executable).
    Spawn { program: OsString, source: std::io::Error },
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NoProgram => f.write_str("no program to run"),
            Self::Spawn { program, source } if source.kind() == std::io::ErrorKind::NotFound => {
                write!(f, "`{}` was not found", program.to_string_lossy())
            }
            Self::Spawn { program, source } => {
                write!(f, "`{}` could not start: {source}", program.to_string_lossy())
            }
        }
    }
}

impl std::error::Error for RunError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::NoProgram => None,
            Self::Spawn { source, .. } => Some(source),
        }
    }
}

/// Run `job` to its end or its deadline, whichever comes first.
pub fn run(job: &Job) -> Result<Outcome, RunError> {
    let (program, args) = job.argv.split_first().ok_or(RunError::NoProgram)?;
    let mut command = Command::new(resolve(program, &job.dir));
    command
        .args(args)
        .current_dir(&job.dir)
        .envs(job.env.iter().map(|(name, value)| (name, value)))
        // Nothing of the hook's stdin or stdout reaches the child: it can neither eat the
        // agent's event nor write into the answer.
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    group::isolate(&mut command);
    let start = Instant::now();
    let mut child = command.spawn().map_err(|source| RunError::Spawn { program: program.clone(), source })?;
    let readers = output::read_both(child.stdout.take(), child.stderr.take());
    let deadline = start + job.timeout;
    let mut pause = Duration::from_millis(1);
    let finish = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Finish::Exited(status.code()),
            Ok(None) => {}
            // The child can no longer be waited for; treat it as gone and clean up below.
            Err(_) => break Finish::Exited(None),
        }
        let now = Instant::now();
        if now >= deadline {
            group::kill(&mut child);
            let _ = child.wait();
            break Finish::TimedOut;
        }
        std::thread::sleep(pause.min(deadline - now));
        pause = (pause * 2).min(MAX_POLL);
    };
    // A formatter or test runner may leave helpers behind even when it exits on its own.
    group::kill(&mut child);
    let output = readers.finish(PIPE_GRACE);
    Ok(Outcome { finish, output })
}

/// `./tools/fmt` is relative to the job's directory; std leaves it unspecified whether a
/// relative program path is looked up from the parent's directory or the child's.
fn resolve(program: &OsStr, dir: &Path) -> PathBuf {
    let path = Path::new(program);
    if path.is_relative() && path.components().count() > 1 { dir.join(path) } else { path.to_path_buf() }
}

#[cfg(test)]
#[cfg(unix)]
mod tests {
    use super::*;

    fn job(line: &str) -> Job {
        Job::new(argv(line, None).unwrap(), &std::env::temp_dir(), Duration::from_secs(5))
    }

    #[test]
    fn output_and_exit_code_are_captured() {
        let outcome = run(&job("sh -c 'echo out; echo err >&2; exit 3'")).unwrap();
        assert_eq!(outcome.finish, Finish::Exited(Some(3)));
        assert_eq!(outcome.output.for_agent(100), "out\nerr");
        assert!(!outcome.succeeded());
    }

    #[test]
    fn the_environment_is_added_to() {
        let outcome = run(&job("sh -c 'echo $X'").env("X", "set")).unwrap();
        assert!(outcome.succeeded());
        assert_eq!(outcome.output.for_agent(100), "set");
    }

    #[test]
    fn a_missing_program_is_an_error() {
        let error = run(&job("agent-hooks-no-such-program")).unwrap_err();
        assert_eq!(error.to_string(), "`agent-hooks-no-such-program` was not found");
    }

    #[test]
    fn a_command_past_its_deadline_is_stopped() {
        let mut slow = job("sleep 30");
        slow.timeout = Duration::from_millis(200);
        let started = Instant::now();
        let outcome = run(&slow).unwrap();
        assert_eq!(outcome.finish, Finish::TimedOut);
        // Stopped at the deadline, not after the 30 s the command asked for.
        assert!(started.elapsed() < Duration::from_secs(25), "{:?}", started.elapsed());
        assert_eq!(outcome.describe(slow.timeout), "timed out after 0.2 s and was stopped");
    }

    #[test]
    fn relative_programs_are_found_in_the_job_directory() {
        assert_eq!(resolve(OsStr::new("./fmt"), Path::new("/p")), PathBuf::from("/p/./fmt"));
        assert_eq!(resolve(OsStr::new("rustfmt"), Path::new("/p")), PathBuf::from("rustfmt"));
        assert_eq!(resolve(OsStr::new("/bin/fmt"), Path::new("/p")), PathBuf::from("/bin/fmt"));
    }
}
