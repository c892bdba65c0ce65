//! `[[stop]]` gates through claude-hook with real gate scripts: `decision: "block"` sends
//! Claude back to work with the failures as the reason.

use test_support as support;

use std::path::Path;
use std::time::Duration;

use serde_json::json;
use support::sandbox::{Answer, Sandbox};
use support::stop_gate::{self, StopAgent};

const CLAUDE: StopAgent = StopAgent { binary: env!("CARGO_BIN_EXE_claude-hook"), stop_event, sent_back };

const LAST_MESSAGE: &str = "All done: the parser handles quotes now.";

fn stop_event(cwd: &Path, session: &str, again: bool) -> String {
    json!({
        "session_id": session,
        "hook_event_name": "Stop",
        "cwd": cwd,
        "stop_hook_active": again,
        "last_assistant_message": LAST_MESSAGE,
    })
    .to_string()
}

fn sent_back(answer: &Answer) -> Option<String> {
    answer.reason_for("block")
}

fn stop(sandbox: &Sandbox, session: &str) -> Answer {
    sandbox.run(CLAUDE.binary, stop_event(&sandbox.project, session, false))
}

#[test]
fn a_failing_gate_sends_claude_back_once() {
    stop_gate::failing_gate_sends_the_agent_back_once(&CLAUDE);
}

#[test]
fn unchanged_files_skip_the_gates() {
    stop_gate::unchanged_files_skip_the_gates(&CLAUDE);
}

#[test]
fn stages_run_in_order_and_a_stage_runs_in_parallel() {
    let sandbox = Sandbox::new("stop-stages");
    let log = sandbox.outside("log");
    sandbox.script("step", &format!("sleep \"$2\"\necho \"$1\" >> '{}'", log.display()));
    sandbox.policy(
        "[[stop]]\ncommands = [\"step late 0\"]\nstage = 4\n\
         [[stop]]\ncommands = [\"step first-a 1\", \"step first-b 1\"]\nstage = 1\n\
         [[stop]]\ncommands = [\"step middle 0\"]\nstage = 2\n",
    );

    let answer = stop(&sandbox, "s1");
    assert_eq!(sent_back(&answer), None, "{answer:?}");
    assert!(
        answer.elapsed < Duration::from_secs(2),
        "two 1 s commands of one stage took {:?}",
        answer.elapsed
    );
    let order: Vec<String> = sandbox.read(&log).lines().map(str::to_string).collect();
    assert_eq!(order.len(), 4, "{order:?}");
    assert!(
        order[..2].contains(&"first-a".to_string()) && order[..2].contains(&"first-b".to_string()),
        "{order:?}"
    );
    assert_eq!(order[2..], ["middle", "late"]);
}

#[test]
fn a_failing_stage_keeps_later_stages_from_running() {
    let sandbox = Sandbox::new("stop-stage-fails");
    let log = sandbox.outside("log");
    sandbox.script("lint", "echo 'warning: unused variable' ; exit 1");
    sandbox.script("tests", &format!("echo ran >> '{}'", log.display()));
    sandbox
        .policy("[[stop]]\ncommands = [\"tests\"]\nstage = 3\n[[stop]]\ncommands = [\"lint\"]\nstage = 1\n");

    let reason = sent_back(&stop(&sandbox, "s1")).expect("sent back");
    assert!(reason.contains("`lint` failed (exit 1)") && reason.contains("unused variable"), "{reason}");
    assert!(reason.ends_with("[agent-hooks rule stop.gates]"), "{reason}");
    assert_eq!(sandbox.read(&log), "", "stage 3 ran after stage 1 failed");
}

#[test]
fn when_conditions_skip_gates() {
    let sandbox = Sandbox::new("stop-when");
    sandbox.script("fail", "exit 1");
    sandbox.write("Cargo.toml", "");
    sandbox.policy(
        "[[stop]]\ncommands = [\"fail\"]\nwhen = { file_exists = \"package.json\" }\n\
         [[stop]]\ncommands = [\"fail\"]\nwhen = { file_exists = \"Cargo.toml\", command_exists = \"agent-hooks-no-such-tool\" }\n",
    );
    let answer = stop(&sandbox, "s1");
    assert_eq!(sent_back(&answer), None, "{answer:?}");

    sandbox.policy("[[stop]]\ncommands = [\"fail\"]\nwhen = { file_exists = \"Cargo.toml\", command_exists = \"fail\" }\n");
    assert!(sent_back(&stop(&sandbox, "s2")).is_some(), "a gate whose conditions hold must run");
}

#[test]
fn unreported_gates_tell_the_user_only() {
    let sandbox = Sandbox::new("stop-unreported");
    sandbox.script("audit", "echo 2 advisories; exit 1");
    sandbox
        .policy("[[stop]]\ncommands = [\"audit\", \"agent-hooks-no-such-tool --check\"]\nreport = false\n");

    let answer = stop(&sandbox, "s1");
    assert_eq!(sent_back(&answer), None, "{answer:?}");
    let message = answer.json()["systemMessage"].as_str().expect("systemMessage").to_string();
    assert!(message.contains("`audit` failed (exit 1)"), "{message}");
    assert!(message.contains("`agent-hooks-no-such-tool` was not found"), "{message}");
}

#[test]
fn a_missing_program_never_sends_the_agent_back() {
    let sandbox = Sandbox::new("stop-missing-program");
    sandbox.policy("[[stop]]\ncommands = [\"agent-hooks-no-such-tool\"]\n");
    let answer = stop(&sandbox, "s1");
    assert_eq!(sent_back(&answer), None, "{answer:?}");
    assert!(answer.json()["systemMessage"].as_str().is_some_and(|m| m.contains("was not found")));
}

#[test]
fn blocks_in_a_row_are_budgeted() {
    let sandbox = Sandbox::new("stop-budget");
    let verdict = sandbox.outside("verdict");
    std::fs::write(&verdict, "1").expect("verdict file");
    sandbox.script("gate", &format!("exit $(cat '{}')", verdict.display()));
    sandbox.policy("[[stop]]\ncommands = [\"gate\"]\n");

    for attempt in 1..=3 {
        assert!(sent_back(&stop(&sandbox, "s1")).is_some(), "block {attempt} of the budget");
    }
    let let_go = stop(&sandbox, "s1");
    assert_eq!(sent_back(&let_go), None, "{let_go:?}");
    assert!(let_go.json()["systemMessage"].as_str().is_some_and(|m| m.contains("3 attempts in a row")));
    assert!(sent_back(&stop(&sandbox, "another-session")).is_some(), "budgets are per session");

    std::fs::write(&verdict, "0").expect("verdict file");
    assert_eq!(sent_back(&stop(&sandbox, "s1")), None);
    std::fs::write(&verdict, "1").expect("verdict file");
    assert!(sent_back(&stop(&sandbox, "s1")).is_some(), "a green run restores the budget");
}

#[test]
fn gates_see_the_agent_message_and_the_nesting_flag() {
    stop_gate::gates_see_the_nesting_flag_and_the_agent_message(&CLAUDE, Some(LAST_MESSAGE));
}

#[test]
fn a_hook_run_by_a_gate_does_nothing() {
    let sandbox = Sandbox::new("stop-nested");
    let runs = sandbox.outside("runs");
    sandbox.script("gate", &format!("echo run >> '{}'; exit 1", runs.display()));
    sandbox.policy("[[stop]]\ncommands = [\"gate\"]\n");

    let answer = sandbox.run_with(
        CLAUDE.binary,
        stop_event(&sandbox.project, "s1", false),
        &[("AGENT_HOOKS_STOP_ACTIVE", "1")],
    );
    assert_eq!((answer.code, answer.stdout.as_str(), answer.stderr.as_str()), (Some(0), "", ""));
    assert_eq!(sandbox.read(&runs), "");
}

#[test]
fn a_hook_run_by_a_gate_still_guards() {
    let sandbox = Sandbox::new("stop-nested-guard");
    let event = format!(
        r#"{{"hook_event_name":"PreToolUse","cwd":"{}","tool_name":"Bash","tool_input":{{"command":"rm -rf ~"}}}}"#,
        sandbox.project.display()
    );
    let answer = sandbox.run_with(CLAUDE.binary, &event, &[("AGENT_HOOKS_STOP_ACTIVE", "1")]);
    assert!(answer.stdout.contains(r#""permissionDecision":"deny""#), "{}", answer.stdout);
}

#[test]
fn a_gate_past_its_own_timeout_is_a_failure() {
    let sandbox = Sandbox::new("stop-timeout");
    sandbox.policy("timeout = 60\n[[stop]]\ncommands = [\"sleep 30\"]\ntimeout = 1\n");
    let answer = stop(&sandbox, "s1");
    assert!(answer.elapsed < Duration::from_secs(2), "answered after {:?}", answer.elapsed);
    let reason = sent_back(&answer).expect("sent back");
    assert!(reason.contains("`sleep 30` failed (timed out after 1 s and was stopped)"), "{reason}");
}

/// An agent kills a hook at its timeout, and only the hook: the gate it was running dies with
/// it instead of running on unwatched (Linux: the parent-death signal).
#[cfg(target_os = "linux")]
#[test]
fn a_gate_dies_with_a_killed_hook() {
    use std::io::Write;

    use support::sandbox::{pids, running};

    let sandbox = Sandbox::new("stop-killed-hook");
    let pid_file = sandbox.outside("gate.pid");
    sandbox.script("slow-gate", &format!("echo $$ >> '{}'\nexec sleep 60", pid_file.display()));
    sandbox.policy("timeout = 120\n[[stop]]\ncommands = [\"slow-gate\"]\n");
    let mut hook = sandbox.command(CLAUDE.binary).spawn().expect("the hook starts");
    let event = stop_event(&sandbox.project, "killed", false);
    hook.stdin.take().expect("stdin").write_all(event.as_bytes()).expect("event written");
    let waited = std::time::Instant::now();
    while pids(&pid_file).is_empty() {
        assert!(waited.elapsed() < Duration::from_secs(20), "the gate never started");
        std::thread::sleep(Duration::from_millis(20));
    }
    let gate = pids(&pid_file)[0];
    assert!(running(gate));
    hook.kill().expect("the agent kills the hook");
    hook.wait().expect("reaped");
    let killed = std::time::Instant::now();
    while running(gate) {
        assert!(killed.elapsed() < Duration::from_secs(10), "gate {gate} outlived the killed hook");
        std::thread::sleep(Duration::from_millis(20));
    }
}
