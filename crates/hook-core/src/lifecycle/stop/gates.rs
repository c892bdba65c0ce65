//! Running the `[[stop]]` gates: stage by stage in ascending order, the commands of one stage
//! in parallel, skipping gates whose `when` does not hold, and stopping after the first stage
//! with a failure to report.

use std::ffi::OsString;
use std::path::Path;
use std::time::{Duration, Instant};

use crate::lifecycle::format::OUTPUT_LIMIT;
use crate::lifecycle::runner::{self, Job};
use crate::policy::StopGate;

/// One command that did not pass.
#[derive(Debug, Clone)]
pub(super) struct Failure {
    /// Whether it goes back to the agent ([`StopGate::report`] and the command ran). A gate
    /// that cannot even start is the user's to fix, so it is only ever shown to the user.
    pub to_agent: bool,
    /// One line: the command and how it ended.
    pub summary: String,
    /// What it printed, shortened.
    pub output: String,
}

/// What every gate command is run with.
pub(super) struct Settings<'a> {
    pub root: &'a Path,
    /// For gates without their own timeout.
    pub timeout: Duration,
    /// When every gate of the stop must be done: the longest timeout any of them has, from the
    /// start, so that stages in a row never add up past what one gate may take.
    pub deadline: Instant,
    pub env: &'a [(OsString, OsString)],
}

/// The deadline of a stop's gates: the longest timeout among them (or the policy's), from now.
pub(super) fn deadline(gates: &[StopGate], timeout: Duration) -> Instant {
    let longest = gates.iter().filter_map(|gate| gate.timeout).fold(timeout, Duration::max);
    Instant::now() + longest
}

/// Run the gates that apply, and return what failed.
pub(super) fn run(gates: &[StopGate], settings: &Settings<'_>) -> Vec<Failure> {
    let mut stages: Vec<u8> = gates.iter().map(|gate| gate.stage).collect();
    stages.sort_unstable();
    stages.dedup();
    let mut failures = Vec::new();
    for stage in stages {
        let jobs: Vec<(&str, &StopGate)> = gates
            .iter()
            .filter(|gate| gate.stage == stage && gate.when.unmet(settings.root).is_none())
            .flat_map(|gate| gate.commands.iter().map(move |command| (command.as_str(), gate)))
            .collect();
        let stage_failures: Vec<Failure> = std::thread::scope(|scope| {
            let running: Vec<_> = jobs
                .iter()
                .map(|&(command, gate)| (command, scope.spawn(move || check(command, gate, settings))))
                .collect();
            running
                .into_iter()
                .filter_map(|(command, thread)| {
                    thread.join().unwrap_or_else(|_| {
                        Some(Failure {
                            to_agent: false,
                            summary: format!("`{command}` could not be checked (agent-hooks failed)"),
                            output: String::new(),
                        })
                    })
                })
                .collect()
        });
        let stop_here = stage_failures.iter().any(|failure| failure.to_agent);
        failures.extend(stage_failures);
        if stop_here {
            break;
        }
    }
    failures
}

/// Run one gate command; `None` when it passed.
fn check(command: &str, gate: &StopGate, settings: &Settings<'_>) -> Option<Failure> {
    let left = settings.deadline.saturating_duration_since(Instant::now());
    if left.is_zero() {
        return Some(Failure::setup(format!(
            "`{command}` was not run: the stop's time for gates is used up"
        )));
    }
    let timeout = gate.timeout.unwrap_or(settings.timeout).min(left);
    let argv = match runner::argv(command, None) {
        Ok(argv) => argv,
        Err(e) => return Some(Failure::setup(format!("`{command}` is not a command that can run: {e}"))),
    };
    let mut job = Job::new(argv, settings.root, timeout);
    job.env.extend_from_slice(settings.env);
    match runner::run(&job) {
        Ok(outcome) if outcome.succeeded() => None,
        Ok(outcome) => Some(Failure {
            to_agent: gate.report,
            summary: format!("`{command}` failed ({})", outcome.describe(timeout)),
            output: outcome.output.for_agent(OUTPUT_LIMIT),
        }),
        Err(e) => Some(Failure::setup(format!("`{command}` could not run: {e}"))),
    }
}

impl Failure {
    fn setup(summary: String) -> Self {
        Self { to_agent: false, summary, output: String::new() }
    }
}
