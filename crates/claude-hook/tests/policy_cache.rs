//! The policy cache through claude-hook: the first call writes an entry, later calls answer
//! the same, a damaged entry is replaced, an edit of the policy is seen at once, and a cache
//! that cannot be written is never mentioned. (That an entry is used at all is shown by
//! hook-core's unit tests, which can plant one.)

use test_support as support;

use std::path::PathBuf;

use serde_json::json;
use support::sandbox::{Answer, Sandbox};

const HOOK: &str = env!("CARGO_BIN_EXE_claude-hook");

fn bash(sandbox: &Sandbox, command: &str) -> String {
    json!({
        "session_id": "cache",
        "hook_event_name": "PreToolUse",
        "cwd": sandbox.project,
        "tool_name": "Bash",
        "tool_input": {"command": command},
    })
    .to_string()
}

fn reason(answer: &Answer) -> String {
    assert_eq!(answer.stderr, "", "{answer:?}");
    let output = &answer.json()["hookSpecificOutput"];
    assert_eq!(output["permissionDecision"], "deny", "{answer:?}");
    output["permissionDecisionReason"].as_str().expect("a reason").to_string()
}

fn entries(sandbox: &Sandbox) -> Vec<PathBuf> {
    let dir = sandbox.outside("cache/agent-hooks");
    std::fs::read_dir(dir).map(|dir| dir.map(|e| e.expect("entry").path()).collect()).unwrap_or_default()
}

#[test]
fn later_calls_answer_from_the_cache_and_see_edits() {
    let sandbox = Sandbox::new("policy-cache");
    sandbox.policy("[[filter]]\ncommand = \"npm\"\nmessage = \"Use pnpm\"\n");
    let first = reason(&sandbox.run(HOOK, bash(&sandbox, "npm install")));
    assert!(first.starts_with("Use pnpm"), "{first}");
    let written = entries(&sandbox);
    assert_eq!(written.len(), 1, "{written:?}");
    assert_eq!(reason(&sandbox.run(HOOK, bash(&sandbox, "npm install"))), first);

    // A damaged entry is parsed around and written again.
    let entry = std::fs::read(&written[0]).expect("the entry");
    std::fs::write(&written[0], &entry[..entry.len() / 2]).expect("entry truncated");
    assert_eq!(reason(&sandbox.run(HOOK, bash(&sandbox, "npm install"))), first);
    assert_eq!(std::fs::read(&written[0]).expect("the entry"), entry);

    sandbox.policy("[[filter]]\ncommand = \"npm\"\nmessage = \"Use bun!\"\n");
    let edited = reason(&sandbox.run(HOOK, bash(&sandbox, "npm install")));
    assert!(edited.starts_with("Use bun!"), "{edited}");
    assert_eq!(entries(&sandbox), written);
}

#[test]
fn a_cache_that_cannot_be_written_is_never_mentioned() {
    let sandbox = Sandbox::new("policy-cache-unwritable");
    sandbox.policy("[[filter]]\ncommand = \"npm\"\nmessage = \"Use pnpm\"\n");
    // A file where the cache directory should be: not even root can write there.
    let blocked = sandbox.outside("not-a-directory");
    std::fs::write(&blocked, "x").expect("file written");
    let env = [("XDG_CACHE_HOME", blocked.to_str().expect("UTF-8 path"))];
    for _ in 0..2 {
        let answer = sandbox.run_with(HOOK, bash(&sandbox, "npm install"), &env);
        assert!(reason(&answer).starts_with("Use pnpm"), "{answer:?}");
    }
}
