//! `[format]` through gemini-hook: `AfterTool` of `write_file` answers with the failing
//! formatter's report as `additionalContext`.

use test_support as support;

use std::path::Path;

use serde_json::json;
use support::format_report::{self, Delivery, EditingAgent};
use support::sandbox::Answer;

const GEMINI: EditingAgent = EditingAgent {
    binary: env!("CARGO_BIN_EXE_gemini-hook"),
    after_edit,
    delivery: Delivery::OnTheEdit { context: Answer::additional_context },
};

fn after_edit(cwd: &Path, session: &str, file: &Path) -> String {
    json!({
        "session_id": session,
        "cwd": cwd,
        "hook_event_name": "AfterTool",
        "tool_name": "write_file",
        "tool_input": {"file_path": file, "content": "import os\n"},
        "tool_response": {"llmContent": "Successfully wrote the file.", "returnDisplay": "Wrote it"},
    })
    .to_string()
}

#[test]
fn a_failing_formatter_is_reported_after_the_write() {
    format_report::failing_formatter_reaches_the_model(&GEMINI);
}
