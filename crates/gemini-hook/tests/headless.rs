//! An ask where no one can answer it: under a Gemini process with no terminal (a headless
//! `gemini -p` run ends on an ask with no result), gemini-hook answers a deny that says why;
//! under any other process the ask stays an ask. The hook finds the Gemini process among its
//! ancestors in `/proc` (`docs/agents/gemini.md`), so this runs where `/proc` is.
#![cfg(target_os = "linux")]

use serde_json::json;
use test_support::sandbox::Sandbox;

const HOOK: &str = env!("CARGO_BIN_EXE_gemini-hook");

/// The answer of gemini-hook to an ask-worthy shell call, run by a script named `parent`.
fn answer_under(parent: &str) -> serde_json::Value {
    let sandbox = Sandbox::new(&format!("gemini-headless-{parent}"));
    sandbox.policy("");
    let script = sandbox.script(parent, "\"$GEMINI_HOOK\"");
    let event = json!({
        "session_id": "d3c1b2a4-6f7e-4a3b-9c2d-1e0f9a8b7c6d",
        "cwd": sandbox.project,
        "hook_event_name": "BeforeTool",
        "timestamp": "2026-08-21T10:03:12.123Z",
        "tool_name": "run_shell_command",
        "tool_input": { "command": "terraform destroy", "dir_path": "." },
    });
    let answer = sandbox.run_with(&script.to_string_lossy(), event.to_string(), &[("GEMINI_HOOK", HOOK)]);
    assert_eq!(answer.code, Some(0), "{answer:?}");
    answer.json()
}

#[test]
fn a_headless_gemini_run_gets_a_deny_that_says_why() {
    let out = answer_under("gemini");
    assert_eq!(out["decision"], "deny", "{out}");
    let reason = out["reason"].as_str().expect("a reason");
    assert!(reason.contains("cannot be asked for here"), "{reason}");
}

#[test]
fn the_same_call_under_another_process_stays_an_ask() {
    let out = answer_under("not-an-agent");
    assert_eq!(out["decision"], "ask", "{out}");
}
