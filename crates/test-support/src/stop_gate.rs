//! The stop-gate scenarios of issue 6, run through any agent binary that has a stop event:
//! each agent crate describes its stop payload and how its answer sends the agent back.

use std::path::Path;

use crate::sandbox::{Answer, Sandbox, binary_name};

/// How one agent binary stops.
pub struct StopAgent {
    /// `env!("CARGO_BIN_EXE_<name>")`.
    pub binary: &'static str,
    /// The agent's stop payload for `session` in `cwd`; `again` when the agent says that this
    /// stop is already a continuation forced by a stop hook.
    pub stop_event: fn(cwd: &Path, session: &str, again: bool) -> String,
    /// The reason given to the agent when the answer sends it back to work; `None` when the
    /// answer lets it stop.
    pub sent_back: fn(&Answer) -> Option<String>,
}

/// A failing stage-3 gate sends the agent back with the failure as the reason; the stop that
/// follows, flagged as forced by a stop hook, is let through without running the gate.
pub fn failing_gate_sends_the_agent_back_once(agent: &StopAgent) {
    let sandbox = Sandbox::new(&format!("stop-back-{}", binary_name(agent.binary)));
    let runs = sandbox.outside("gate-runs");
    sandbox.script(
        "failing-gate",
        &format!("echo run >> '{}'\necho 'test parser::words ... FAILED'\nexit 1", runs.display()),
    );
    sandbox.policy("[[stop]]\ncommands = [\"failing-gate\"]\nstage = 3\n");

    let first = sandbox.run(agent.binary, (agent.stop_event)(&sandbox.project, "s1", false));
    let reason = (agent.sent_back)(&first).unwrap_or_else(|| panic!("the agent was let go: {first:?}"));
    assert!(reason.contains("`failing-gate` failed (exit 1)"), "{reason}");
    assert!(reason.contains("test parser::words ... FAILED"), "{reason}");

    let again = sandbox.run(agent.binary, (agent.stop_event)(&sandbox.project, "s1", true));
    assert_eq!((agent.sent_back)(&again), None, "{again:?}");
    assert_eq!(sandbox.read(&runs).lines().count(), 1, "the gate ran on the forced stop");
}

/// After a green run, a stop with the work tree unchanged skips the gates; an edit brings
/// them back.
pub fn unchanged_files_skip_the_gates(agent: &StopAgent) {
    let sandbox = Sandbox::new(&format!("stop-unchanged-{}", binary_name(agent.binary)));
    let runs = sandbox.outside("gate-runs");
    sandbox.script("counting-gate", &format!("echo run >> '{}'", runs.display()));
    sandbox.policy("[[stop]]\ncommands = [\"counting-gate\"]\n");
    sandbox.write("src/lib.rs", "pub fn one() {}\n");
    sandbox.git_init("main");
    let stop = || sandbox.run(agent.binary, (agent.stop_event)(&sandbox.project, "s1", false));

    for expected_runs in [1, 1, 1] {
        let answer = stop();
        assert_eq!((agent.sent_back)(&answer), None, "{answer:?}");
        assert_eq!(sandbox.read(&runs).lines().count(), expected_runs);
    }
    sandbox.write("src/lib.rs", "pub fn one() {}\npub fn two() {}\n");
    stop();
    assert_eq!(sandbox.read(&runs).lines().count(), 2, "an edited file must run the gates again");
    stop();
    assert_eq!(sandbox.read(&runs).lines().count(), 2);
    sandbox.write("notes.txt", "new, untracked\n");
    stop();
    assert_eq!(sandbox.read(&runs).lines().count(), 3, "a new untracked file must run the gates again");
    sandbox.write("notes.txt", "new, untracked, and edited again\n");
    stop();
    assert_eq!(sandbox.read(&runs).lines().count(), 4, "an edited untracked file must run the gates again");
}

/// Gate commands run with `AGENT_HOOKS_STOP_ACTIVE=1` and the agent's last message from its
/// stop payload (`message`), empty where the payload carries none.
pub fn gates_see_the_nesting_flag_and_the_agent_message(agent: &StopAgent, message: Option<&str>) {
    let sandbox = Sandbox::new(&format!("stop-env-{}", binary_name(agent.binary)));
    let seen = sandbox.outside("seen");
    sandbox.script(
        "gate",
        &format!(
            "printf '%s|%s' \"$AGENT_HOOKS_STOP_ACTIVE\" \"$AGENT_HOOKS_AGENT_MESSAGE\" > '{}'",
            seen.display()
        ),
    );
    sandbox.policy("[[stop]]\ncommands = [\"gate\"]\n");
    sandbox.run(agent.binary, (agent.stop_event)(&sandbox.project, "s1", false));
    assert_eq!(sandbox.read(&seen), format!("1|{}", message.unwrap_or_default()));
}
