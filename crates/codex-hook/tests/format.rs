//! `[format]` through codex-hook: `PostToolUse` of `apply_patch` answers with the failing
//! formatter's report on the patched file as `additionalContext`.

use test_support as support;

use std::path::Path;

use serde_json::json;
use support::format_report::{self, Delivery, EditingAgent};
use support::sandbox::Answer;

const CODEX: EditingAgent = EditingAgent {
    binary: env!("CARGO_BIN_EXE_codex-hook"),
    after_edit,
    delivery: Delivery::OnTheEdit { context: Answer::additional_context },
};

/// The patch names the file relative to `cwd`, as Codex writes it.
fn after_edit(cwd: &Path, session: &str, file: &Path) -> String {
    let relative = file.strip_prefix(cwd).expect("the file is in the project");
    let patch = format!("*** Begin Patch\n*** Add File: {}\n+import os\n*** End Patch\n", relative.display());
    json!({
        "session_id": session,
        "cwd": cwd,
        "hook_event_name": "PostToolUse",
        "permission_mode": "default",
        "tool_name": "apply_patch",
        "tool_input": {"command": patch},
        "tool_response": "Success. Updated the following files:\nA app/main.py\n",
    })
    .to_string()
}

#[test]
fn a_failing_formatter_is_reported_after_the_patch() {
    format_report::failing_formatter_reaches_the_model(&CODEX);
}
