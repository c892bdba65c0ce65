//! `[format]` through cursor-hook: `afterFileEdit` hands nothing to the model, so a failing
//! formatter's report is held and given as `agent_message` on the next shell command.

use test_support as support;

use std::path::Path;

use serde_json::json;
use support::format_report::{self, Delivery, EditingAgent};
use support::sandbox::Answer;

const CURSOR: EditingAgent = EditingAgent {
    binary: env!("CARGO_BIN_EXE_cursor-hook"),
    after_edit,
    delivery: Delivery::Later { next_event: shell_command, context },
};

fn after_edit(cwd: &Path, session: &str, file: &Path) -> String {
    json!({
        "conversation_id": session,
        "hook_event_name": "afterFileEdit",
        "workspace_roots": [cwd],
        "file_path": file,
        "edits": [{"old_string": "", "new_string": "import os\n"}],
    })
    .to_string()
}

fn shell_command(cwd: &Path, session: &str) -> String {
    json!({
        "conversation_id": session,
        "hook_event_name": "beforeShellExecution",
        "workspace_roots": [cwd],
        "command": "ls",
        "cwd": cwd,
    })
    .to_string()
}

/// What the answer gives the model: `agent_message` on permission events.
fn context(answer: &Answer) -> Option<String> {
    answer.json()["agent_message"].as_str().map(str::to_string)
}

#[test]
fn a_failing_formatter_is_reported_on_the_next_shell_command() {
    format_report::failing_formatter_reaches_the_model(&CURSOR);
}
