//! Broken input never wedges Claude: every payload below is answered with exit 0, nothing on
//! stdout (Claude's plain allow) and one diagnostic line on stderr.

#![allow(clippy::unwrap_used, reason = "test set-up helpers: a failed set-up should panic")]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Far above the real cost (well under a millisecond); only a hang or a runaway parser hits it.
const HANG: Duration = Duration::from_secs(10);

fn sandbox() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("claude-hook-malformed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn answer(input: &[u8]) -> std::process::Output {
    let dir = sandbox();
    let mut child = Command::new(env!("CARGO_BIN_EXE_claude-hook"))
        .current_dir(&dir)
        .env("HOME", &dir)
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("AGENT_HOOKS_SYSTEM_CONFIG", dir.join("none.toml"))
        .env_remove("AGENT_HOOKS_CONFIG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // Write from a thread: a hook that answers before reading everything must not block us.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let start = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if start.elapsed() > HANG {
            child.kill().unwrap();
            panic!("claude-hook did not answer within {HANG:?}");
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    writer.join().unwrap();
    child.wait_with_output().unwrap()
}

fn assert_silent_allow(name: &str, input: &[u8]) {
    let out = answer(input);
    assert_eq!(out.status.code(), Some(0), "{name}: exit status");
    assert!(out.stdout.is_empty(), "{name}: stdout {:?}", String::from_utf8_lossy(&out.stdout));
    let stderr = String::from_utf8_lossy(&out.stderr);
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
    let out = answer(br#"{"hook_event_name":"SomethingNew","tool_name":"Teleport"}"#);
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
}
