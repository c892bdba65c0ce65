//! The `[format]` scenario of issue 6, run through any agent binary with an after-edit event:
//! a failing formatter's report reaches the model, on the edit's own answer where the agent
//! takes context there, else held and delivered once on the next event that can carry it.

use std::path::Path;

use crate::sandbox::{Answer, Sandbox, binary_name};

/// How one agent binary reports an edit and hands context to the model.
pub struct EditingAgent {
    /// `env!("CARGO_BIN_EXE_<name>")`.
    pub binary: &'static str,
    /// The agent's event after its file tool wrote `file`, for `session` in `cwd`.
    pub after_edit: fn(cwd: &Path, session: &str, file: &Path) -> String,
    pub delivery: Delivery,
}

/// Where the model gets a post-edit report.
pub enum Delivery {
    /// On the answer to the edit; `context` reads what an answer gives the model.
    OnTheEdit { context: fn(&Answer) -> Option<String> },
    /// Not on the edit, which takes no context: on `next_event` (for `cwd` and `session`).
    Later { next_event: fn(cwd: &Path, session: &str) -> String, context: fn(&Answer) -> Option<String> },
}

/// A linter that fails on the edited file: its complaint, the command and the file reach the
/// model exactly once, without a note to re-read the unchanged file.
pub fn failing_formatter_reaches_the_model(agent: &EditingAgent) {
    let sandbox = Sandbox::new(&format!("format-report-{}", binary_name(agent.binary)));
    sandbox.script("lint", "echo \"$1:1:1: E999 unused import\" >&2\nexit 3");
    sandbox.policy("[format]\n\".py\" = [\"lint {file}\"]\n");
    let file = sandbox.write("app/main.py", "import os\n");
    let run = |event: String| sandbox.run(agent.binary, &event);

    let edited = run((agent.after_edit)(&sandbox.project, "s1", &file));
    assert_eq!(edited.code, Some(0), "{edited:?}");
    let report = match agent.delivery {
        Delivery::OnTheEdit { context } => {
            context(&edited).unwrap_or_else(|| panic!("the edit's answer has no context: {edited:?}"))
        }
        Delivery::Later { next_event, context } => {
            assert_eq!(context(&edited), None, "this event takes no context: {edited:?}");
            let next = run(next_event(&sandbox.project, "s1"));
            let report = context(&next).unwrap_or_else(|| panic!("the report was not delivered: {next:?}"));
            assert!(report.contains("held until now"), "{report}");
            let again = run(next_event(&sandbox.project, "s1"));
            assert_eq!(context(&again), None, "a held report is delivered once: {again:?}");
            report
        }
    };
    assert!(report.contains("app/main.py"), "{report}");
    assert!(report.contains("`lint {file}` failed (exit 3)"), "{report}");
    assert!(report.contains("E999 unused import"), "{report}");
    assert!(!report.contains("re-read"), "the file did not change: {report}");
}
