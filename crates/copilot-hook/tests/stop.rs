//! The shared `[[stop]]` gate scenarios through copilot-hook: the CLI's `agentStop` (which
//! names no event; its fields tell it) is answered `decision: "block"` to send Copilot back.

use test_support as support;

use std::path::Path;

use serde_json::json;
use support::sandbox::Answer;
use support::stop_gate::{self, StopAgent};

const COPILOT: StopAgent = StopAgent { binary: env!("CARGO_BIN_EXE_copilot-hook"), stop_event, sent_back };

fn stop_event(cwd: &Path, session: &str, again: bool) -> String {
    json!({
        "sessionId": session,
        "timestamp": 1788547879559_u64,
        "cwd": cwd,
        "transcriptPath": "/home/dev/.copilot/session-state/events.jsonl",
        "stopReason": "end_turn",
        "stop_hook_active": again,
    })
    .to_string()
}

fn sent_back(answer: &Answer) -> Option<String> {
    answer.reason_for("block")
}

#[test]
fn a_failing_gate_sends_copilot_back_once() {
    stop_gate::failing_gate_sends_the_agent_back_once(&COPILOT);
}

#[test]
fn unchanged_files_skip_the_gates() {
    stop_gate::unchanged_files_skip_the_gates(&COPILOT);
}

#[test]
fn gates_see_the_nesting_flag_and_the_agent_message() {
    stop_gate::gates_see_the_nesting_flag_and_the_agent_message(&COPILOT, None);
}
