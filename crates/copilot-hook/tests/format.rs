//! `[format]` through copilot-hook: the CLI ignores `postToolUse` output, so a failing
//! formatter's report is held and keeps the agent from stopping, as `agentStop`'s reason.

use test_support as support;

use std::path::Path;

use serde_json::json;
use support::format_report::{self, Delivery, EditingAgent};
use support::sandbox::Answer;

const COPILOT: EditingAgent = EditingAgent {
    binary: env!("CARGO_BIN_EXE_copilot-hook"),
    after_edit,
    delivery: Delivery::Later { next_event: agent_stop, context: block_reason },
};

fn after_edit(cwd: &Path, session: &str, file: &Path) -> String {
    json!({
        "sessionId": session,
        "timestamp": 1788547870001_u64,
        "cwd": cwd,
        "toolName": "edit",
        "toolArgs": {"path": file, "old_str": "", "new_str": "import os\n"},
        "toolResult": {"resultType": "success", "textResultForLlm": "File updated."},
    })
    .to_string()
}

fn agent_stop(cwd: &Path, session: &str) -> String {
    json!({"sessionId": session, "cwd": cwd, "stopReason": "end_turn", "stop_hook_active": false}).to_string()
}

fn block_reason(answer: &Answer) -> Option<String> {
    answer.reason_for("block")
}

#[test]
fn a_failing_formatter_is_reported_when_copilot_stops() {
    format_report::failing_formatter_reaches_the_model(&COPILOT);
}
