//! `[format]` through claude-hook with real formatter scripts: PostToolUse after a Write
//! answers with the formatter's complaints and changes as `additionalContext`.
//!
//! Context rather than `decision: "block"`: the file is written either way, Claude gives the
//! model both, and context keeps the verdict agent-neutral (hook-core's `format` module).

use test_support as support;

use std::path::Path;
use std::time::Duration;

use serde_json::json;
use support::format_report::{self, Delivery, EditingAgent};
use support::sandbox::{Answer, Sandbox, pids, running};

const HOOK: &str = env!("CARGO_BIN_EXE_claude-hook");

const CLAUDE: EditingAgent = EditingAgent {
    binary: HOOK,
    after_edit: post_write_in,
    delivery: Delivery::OnTheEdit { context: added_context },
};

fn post_write(cwd: &Path, file: &Path) -> String {
    post_write_in(cwd, "format-session", file)
}

fn post_write_in(cwd: &Path, session: &str, file: &Path) -> String {
    json!({
        "session_id": session,
        "hook_event_name": "PostToolUse",
        "cwd": cwd,
        "tool_name": "Write",
        "tool_input": {"file_path": file, "content": "x"},
        "tool_response": {"type": "update", "filePath": file},
    })
    .to_string()
}

/// The `additionalContext` of a PostToolUse answer.
fn added_context(answer: &Answer) -> Option<String> {
    assert_eq!(answer.json()["hookSpecificOutput"]["hookEventName"], "PostToolUse", "{answer:?}");
    answer.additional_context()
}

fn context_of(answer: &Answer) -> String {
    added_context(answer).expect("additionalContext")
}

#[test]
fn a_failing_formatter_is_reported_to_the_model() {
    format_report::failing_formatter_reaches_the_model(&CLAUDE);
}

#[test]
fn a_formatter_that_rewrites_the_file_says_to_re_read_it() {
    let sandbox = Sandbox::new("format-rewrites");
    sandbox.script("fmt", "printf 'fn main() {}\\n' > \"$1\"\necho reformatted 1 file");
    sandbox.policy("[format]\n\".rs\" = [\"fmt {file}\"]\n");
    let file = sandbox.write("src/main.rs", "fn   main(){}");

    let context = context_of(&sandbox.run(HOOK, post_write(&sandbox.project, &file)));
    assert!(context.contains("`fmt {file}` changed the file"), "{context}");
    assert!(context.contains("reformatted 1 file"), "{context}");
    assert!(context.contains("src/main.rs was changed on disk: re-read it"), "{context}");
    assert_eq!(sandbox.read(&file), "fn main() {}\n");
}

/// All the formatters of an edit share one deadline: once a hanging one has used up the
/// policy's `timeout`, the next is not started (the agent would kill the hook first).
#[test]
fn the_formatters_of_an_edit_share_one_deadline() {
    let sandbox = Sandbox::new("format-deadline");
    let log = sandbox.outside("started");
    sandbox.script("hang", &format!("echo \"$1\" >> '{}'\nexec sleep 30", log.display()));
    sandbox.policy("timeout = 1\n[format]\n\".rs\" = [\"hang first {file}\", \"hang second {file}\"]\n");
    let file = sandbox.write("src/lib.rs", "\n");

    let context = context_of(&sandbox.run(HOOK, post_write(&sandbox.project, &file)));
    assert!(context.contains("`hang first {file}` failed (timed out after 1 s"), "{context}");
    assert!(
        context.contains("`hang second {file}` was not run: this edit's 1 s for formatters are used up"),
        "{context}"
    );
    assert_eq!(sandbox.read(&log), "first\n", "only the first formatter started");
}

/// The starter policy's form for pipes, `sh -c '... {file} ...'`: a file name that is shell
/// code reaches the shell as data (`"$1"`), never as part of the script.
#[test]
fn a_file_name_is_never_shell_code() {
    let sandbox = Sandbox::new("format-file-name-code");
    sandbox.policy("[format]\n\".rs\" = [\"sh -c 'wc -c {file} >/dev/null && echo checked {file}'\"]\n");
    let file = sandbox.write("src/$(touch pwned).rs", "fn main() {}\n");

    let answer = sandbox.run(HOOK, post_write(&sandbox.project, &file));
    assert!(!sandbox.project.join("pwned").exists(), "the file name ran as code: {answer:?}");
    assert!(!sandbox.project.join("src/pwned").exists(), "the file name ran as code: {answer:?}");
    assert_eq!(sandbox.read(&file), "fn main() {}\n");
}

#[test]
fn a_formatter_that_passes_without_changes_says_nothing() {
    let sandbox = Sandbox::new("format-quiet");
    sandbox.script("check", "echo all good");
    sandbox.policy("[format]\n\".rs\" = [\"check {file}\"]\n");
    let file = sandbox.write("src/lib.rs", "\n");

    let answer = sandbox.run(HOOK, post_write(&sandbox.project, &file));
    assert_eq!(answer.stdout, "", "{answer:?}");
}

#[test]
fn a_formatter_past_its_timeout_is_killed_with_its_children() {
    let sandbox = Sandbox::new("format-timeout");
    let pid_file = sandbox.outside("pids");
    sandbox.script(
        "slow-fmt",
        &format!(
            "echo $$ > '{pids}'\nsleep 30 &\necho $! >> '{pids}'\nsleep 30 &\necho $! >> '{pids}'\nsleep 30",
            pids = pid_file.display()
        ),
    );
    sandbox.policy("timeout = 1\n[format]\n\".rs\" = [\"slow-fmt {file}\"]\n");
    let file = sandbox.write("src/lib.rs", "\n");

    let answer = sandbox.run(HOOK, post_write(&sandbox.project, &file));
    assert!(answer.elapsed < Duration::from_secs(2), "answered after {:?}", answer.elapsed);
    let context = context_of(&answer);
    assert!(context.contains("timed out after 1 s and was stopped"), "{context}");

    let started = pids(&pid_file);
    assert_eq!(started.len(), 3, "the script and its two children wrote their pids");
    let left: Vec<u32> = started.into_iter().filter(|pid| running(*pid)).collect();
    assert!(left.is_empty(), "still running after the hook answered: {left:?}");
}

#[test]
fn an_odd_file_name_is_one_argument_and_runs_nothing() {
    let sandbox = Sandbox::new("format-odd-name");
    let argv_file = sandbox.outside("argv");
    sandbox.script(
        "record-args",
        &format!(
            "echo $# > '{argv}'\nfor arg in \"$@\"; do printf '%s\\n' \"$arg\" >> '{argv}'; done",
            argv = argv_file.display()
        ),
    );
    sandbox.policy("[format]\n\".rs\" = [\"record-args {file}\"]\n");
    let name = "a b; $(touch pwned) 'q\" `touch pwned2` && touch pwned3.rs";
    let file = sandbox.write(name, "\n");

    let answer = sandbox.run(HOOK, post_write(&sandbox.project, &file));
    assert_eq!(answer.stdout, "", "{answer:?}");
    assert_eq!(sandbox.read(&argv_file), format!("1\n{}\n", file.display()));
    for marker in ["pwned", "pwned2", "pwned3.rs"] {
        assert!(!sandbox.project.join(marker).exists(), "{marker} was created");
        assert!(!sandbox.root.join(marker).exists(), "{marker} was created");
    }
}

#[test]
fn files_outside_the_project_are_not_formatted() {
    let sandbox = Sandbox::new("format-outside");
    let runs = sandbox.outside("runs");
    sandbox.script("fmt", &format!("echo \"$1\" >> '{}'", runs.display()));
    sandbox.policy("[format]\n\".rs\" = [\"fmt {file}\"]\n");
    sandbox.write("src/lib.rs", "\n");
    let outside = sandbox.outside("elsewhere.rs");
    std::fs::write(&outside, "\n").expect("outside file");

    for path in [outside.clone(), sandbox.project.join("src/../../elsewhere.rs"), sandbox.project.join("src")]
    {
        let answer = sandbox.run(HOOK, post_write(&sandbox.project, &path));
        assert_eq!(answer.stdout, "", "{path:?}: {answer:?}");
    }
    assert_eq!(sandbox.read(&runs), "", "the formatter ran on a path it must not touch");
}
