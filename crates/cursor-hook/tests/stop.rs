//! The shared `[[stop]]` gate scenarios through cursor-hook: `followup_message` on `stop`
//! sends Cursor back to work, and `loop_count` above 0 marks a stop forced by a follow-up.

use test_support as support;

use std::path::Path;

use serde_json::json;
use support::sandbox::Answer;
use support::stop_gate::{self, StopAgent};

const CURSOR: StopAgent = StopAgent { binary: env!("CARGO_BIN_EXE_cursor-hook"), stop_event, sent_back };

/// Cursor's `stop` names no cwd: the workspace root stands for it.
fn stop_event(cwd: &Path, session: &str, again: bool) -> String {
    json!({
        "conversation_id": session,
        "generation_id": "0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0",
        "hook_event_name": "stop",
        "cursor_version": "2.3.41",
        "workspace_roots": [cwd],
        "status": "completed",
        "loop_count": u8::from(again),
    })
    .to_string()
}

fn sent_back(answer: &Answer) -> Option<String> {
    answer.json()["followup_message"].as_str().map(str::to_string)
}

#[test]
fn a_failing_gate_sends_cursor_back_once() {
    stop_gate::failing_gate_sends_the_agent_back_once(&CURSOR);
}

#[test]
fn unchanged_files_skip_the_gates() {
    stop_gate::unchanged_files_skip_the_gates(&CURSOR);
}

#[test]
fn gates_see_the_nesting_flag_and_the_agent_message() {
    stop_gate::gates_see_the_nesting_flag_and_the_agent_message(&CURSOR, None);
}
