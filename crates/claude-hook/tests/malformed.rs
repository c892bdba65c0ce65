//! Broken input never wedges Claude: every payload below is answered with exit 0, nothing on
//! stdout (Claude's plain allow) and one diagnostic line on stderr.

use test_support as support;

use support::sandbox::{Answer, Sandbox};

fn answer(name: &str, input: &[u8]) -> Answer {
    let sandbox = Sandbox::new(&format!("malformed-{name}"));
    sandbox.policy("");
    sandbox.run(env!("CARGO_BIN_EXE_claude-hook"), input)
}

fn assert_silent_allow(name: &str, input: &[u8]) {
    let out = answer(name, input);
    assert_eq!(out.code, Some(0), "{name}: exit status");
    assert!(out.stdout.is_empty(), "{name}: stdout {:?}", out.stdout);
    let stderr = &out.stderr;
    assert_eq!(stderr.lines().count(), 1, "{name}: one stderr line, got {stderr:?}");
    assert!(stderr.contains("allowed (fail-open)"), "{name}: {stderr}");
}

#[test]
fn empty_stdin() {
    assert_silent_allow("empty", b"");
}

#[test]
fn not_json() {
    assert_silent_allow("not json", b"rm -rf /");
}

#[test]
fn json_of_the_wrong_shape() {
    assert_silent_allow("array", b"[\"PreToolUse\"]");
    assert_silent_allow("string", b"\"PreToolUse\"");
}

#[test]
fn invalid_utf8() {
    assert_silent_allow("invalid utf-8", b"{\"hook_event_name\":\"PreToolUse\",\"cwd\":\"\xff\xfe\"}");
}

#[test]
fn deeply_nested_json() {
    let mut deep = "[".repeat(100_000);
    deep.push_str(&"]".repeat(100_000));
    assert_silent_allow("nested", deep.as_bytes());
}

#[test]
fn ten_megabytes_of_input() {
    let big = format!(
        r#"{{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{{"command":"ls"}},"pad":"{}"#,
        "x".repeat(10 * 1024 * 1024)
    );
    // Truncated JSON: the closing brace never comes.
    assert_silent_allow("10 MB", big.as_bytes());
}

#[test]
fn well_formed_but_unknown_event_is_a_plain_allow() {
    let out = answer("unknown-event", br#"{"hook_event_name":"SomethingNew","tool_name":"Teleport"}"#);
    assert_eq!(out.code, Some(0));
    assert!(out.stdout.is_empty());
    assert!(out.stderr.is_empty(), "{}", out.stderr);
}

#[test]
fn a_tool_call_of_the_wrong_shape_says_so() {
    assert_silent_allow(
        "input-a-string",
        br#"{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":"rm -rf ~"}"#,
    );
    assert_silent_allow(
        "no-command",
        br#"{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"cmd":"rm -rf ~"}}"#,
    );
    assert_silent_allow(
        "command-a-number",
        br#"{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":5}}"#,
    );
}

#[test]
fn a_tool_call_of_the_wrong_shape_is_denied_under_on_error_deny() {
    let sandbox = Sandbox::new("malformed-on-error-deny");
    sandbox.policy("on_error = \"deny\"\n");
    let out = sandbox.run(
        env!("CARGO_BIN_EXE_claude-hook"),
        br#"{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":"rm -rf ~"}"#,
    );
    assert_eq!(out.code, Some(0));
    assert!(out.stdout.contains(r#""permissionDecision":"deny""#), "{}", out.stdout);
    assert!(out.stdout.contains("not a JSON object"), "{}", out.stdout);
}

#[test]
fn a_tool_no_rule_covers_is_allowed_with_a_line() {
    let out = answer(
        "unknown-tool",
        br#"{"hook_event_name":"PreToolUse","tool_name":"Teleport","tool_input":{"to":"mars"}}"#,
    );
    assert_eq!(out.code, Some(0));
    assert!(out.stdout.is_empty(), "{}", out.stdout);
    assert_eq!(out.stderr.trim(), "claude-hook: no rule covers the tool `Teleport`; allowed");
    let mcp = answer(
        "mcp-tool",
        br#"{"hook_event_name":"PreToolUse","tool_name":"mcp__db__query","tool_input":{}}"#,
    );
    assert!(mcp.stderr.is_empty(), "MCP tools are expected: {}", mcp.stderr);
}

/// An agent that stops reading before the answer is written must not see the hook killed by
/// SIGPIPE (the binaries skip std's start-up, which would have ignored it): the write fails and
/// says so on stderr, the journal line is written after it, and the exit status is the answer's.
#[cfg(unix)]
#[test]
fn a_closed_stdout_is_not_a_crash() {
    use std::process::{Command, Stdio};

    let sandbox = Sandbox::new("malformed-closed-stdout");
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let payload =
        r#"{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /"}}"#;
    let stdin = sandbox.outside("closed-stdout.json");
    std::fs::write(&stdin, payload).expect("payload written");
    let status = Command::new(env!("CARGO_BIN_EXE_claude-hook"))
        .current_dir(&sandbox.project)
        .env("HOME", sandbox.outside("home"))
        .env("XDG_STATE_HOME", sandbox.outside("state"))
        .env("XDG_CACHE_HOME", sandbox.outside("cache"))
        .stdin(std::fs::File::open(&stdin).expect("payload"))
        .stdout(Stdio::from(writer))
        .stderr(Stdio::piped())
        .output()
        .expect("the hook runs");
    assert_eq!(status.status.code(), Some(0), "{status:?}");
    let stderr = String::from_utf8_lossy(&status.stderr);
    assert!(stderr.contains("the answer could not be written to stdout"), "a lost deny says so: {stderr}");
    let journal = std::fs::read_to_string(sandbox.outside("state").join("agent-hooks/journal.jsonl"))
        .expect("the deny is journaled after the failed answer");
    assert!(journal.contains(r#""verdict":"deny""#), "{journal}");
}

/// Run by hand on a terminal, the hook says what it expects instead of waiting for input
/// (`script` gives it a real pseudo-terminal).
#[cfg(target_os = "linux")]
#[test]
fn a_terminal_on_stdin_gets_a_line_instead_of_a_wait() {
    use std::process::Command;

    let hook = env!("CARGO_BIN_EXE_claude-hook");
    let run = Command::new("timeout").args(["10", "script", "-qec", hook, "/dev/null"]).output();
    let Some(out) = run.ok().filter(|out| out.status.code() != Some(127)) else {
        assert!(std::env::var_os("CI").is_none(), "`script` (util-linux) is needed for this test");
        return;
    };
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("answers one Claude Code hook event, as JSON on stdin"), "{text}");
    assert_eq!(out.status.code(), Some(2), "{text}");
}
