//! The shared `[[stop]]` gate scenarios through codex-hook: `Stop` answered
//! `decision: "block"` continues the turn with the reason as a new prompt.

use test_support as support;

use std::path::Path;

use serde_json::json;
use support::sandbox::Answer;
use support::stop_gate::{self, StopAgent};

const CODEX: StopAgent = StopAgent { binary: env!("CARGO_BIN_EXE_codex-hook"), stop_event, sent_back };

const LAST_MESSAGE: &str = "I widened add() to i64; all tests pass.";

fn stop_event(cwd: &Path, session: &str, again: bool) -> String {
    json!({
        "session_id": session,
        "turn_id": "turn-8",
        "transcript_path": null,
        "cwd": cwd,
        "hook_event_name": "Stop",
        "model": "gpt-5.5-codex",
        "permission_mode": "default",
        "stop_hook_active": again,
        "last_assistant_message": LAST_MESSAGE,
    })
    .to_string()
}

fn sent_back(answer: &Answer) -> Option<String> {
    answer.reason_for("block")
}

#[test]
fn a_failing_gate_sends_codex_back_once() {
    stop_gate::failing_gate_sends_the_agent_back_once(&CODEX);
}

#[test]
fn unchanged_files_skip_the_gates() {
    stop_gate::unchanged_files_skip_the_gates(&CODEX);
}

#[test]
fn gates_see_the_nesting_flag_and_the_agent_message() {
    stop_gate::gates_see_the_nesting_flag_and_the_agent_message(&CODEX, Some(LAST_MESSAGE));
}
