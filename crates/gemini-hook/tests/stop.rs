//! The shared `[[stop]]` gate scenarios through gemini-hook: `AfterAgent` answered
//! `decision: "deny"` rejects the final answer and retries the turn with the reason.

use test_support as support;

use std::path::Path;

use serde_json::json;
use support::sandbox::Answer;
use support::stop_gate::{self, StopAgent};

const GEMINI: StopAgent = StopAgent { binary: env!("CARGO_BIN_EXE_gemini-hook"), stop_event, sent_back };

const LAST_MESSAGE: &str = "Done. I changed add() to use i64.";

fn stop_event(cwd: &Path, session: &str, again: bool) -> String {
    json!({
        "session_id": session,
        "transcript_path": "/home/dev/.gemini/tmp/chats/session.json",
        "cwd": cwd,
        "hook_event_name": "AfterAgent",
        "timestamp": "2026-08-21T10:10:00.000Z",
        "prompt": "Add an i64 version of add() and make the tests pass.",
        "prompt_response": LAST_MESSAGE,
        "stop_hook_active": again,
    })
    .to_string()
}

fn sent_back(answer: &Answer) -> Option<String> {
    answer.reason_for("deny")
}

#[test]
fn a_failing_gate_sends_gemini_back_once() {
    stop_gate::failing_gate_sends_the_agent_back_once(&GEMINI);
}

#[test]
fn unchanged_files_skip_the_gates() {
    stop_gate::unchanged_files_skip_the_gates(&GEMINI);
}

#[test]
fn gates_see_the_nesting_flag_and_the_agent_message() {
    stop_gate::gates_see_the_nesting_flag_and_the_agent_message(&GEMINI, Some(LAST_MESSAGE));
}
