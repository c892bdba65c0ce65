//! The decision journal written by real claude-hook processes: complete lines when several
//! hooks deny at once, secrets redacted, and rotation past the size bound.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;
use test_support::scratch::Scratch;

/// Hooks denying at the same moment.
const HOOKS: usize = 8;

const POLICY: &str = "[[filter]]\ncommand = \"npm\"\nargs = [\"install\"]\nmessage = \"Use pnpm\"\n";

/// A command that the policy denies and that carries a credential.
const COMMAND: &str = "AWS_ACCESS_KEY_ID=AKIAZ7Q2VN4R8KD3XW5T npm install";

/// A fresh directory holding the policy; the journal goes under its `state/`.
fn sandbox(name: &str) -> Scratch {
    let dir = Scratch::new(&format!("claude-journal-{name}"));
    std::fs::create_dir_all(&dir).expect("sandbox dir");
    std::fs::write(dir.join("policy.toml"), POLICY).expect("policy");
    dir
}

fn journal(dir: &Path) -> PathBuf {
    dir.join("state/agent-hooks/journal.jsonl")
}

fn spawn_hook(dir: &Path) -> std::process::Child {
    let mut child = Command::new(env!("CARGO_BIN_EXE_claude-hook"))
        .current_dir(dir)
        .env("HOME", dir)
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_STATE_HOME", dir.join("state"))
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .env("AGENT_HOOKS_SYSTEM_CONFIG", dir.join("no-system.toml"))
        .env("AGENT_HOOKS_CONFIG", dir.join("policy.toml"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("claude-hook starts");
    let event = serde_json::json!({
        "hook_event_name": "PreToolUse",
        "cwd": dir,
        "tool_name": "Bash",
        "tool_input": {"command": COMMAND},
    });
    child.stdin.take().expect("piped stdin").write_all(event.to_string().as_bytes()).expect("event written");
    child
}

fn assert_denied(child: std::process::Child) {
    let out = child.wait_with_output().expect("claude-hook ends");
    assert_eq!(out.status.code(), Some(0));
    let answer = String::from_utf8_lossy(&out.stdout);
    assert!(answer.contains("\"permissionDecision\":\"deny\""), "{answer}");
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn hooks_denying_at_once_each_append_one_whole_redacted_line() {
    let dir = sandbox("concurrent");
    let children: Vec<_> = (0..HOOKS).map(|_| spawn_hook(&dir)).collect();
    children.into_iter().for_each(assert_denied);
    let text = std::fs::read_to_string(journal(&dir)).expect("journal written");
    assert_eq!(text.lines().count(), HOOKS, "{text}");
    for line in text.lines() {
        let entry: Value = serde_json::from_str(line).expect("each line is one JSON object");
        assert_eq!(entry["rule"], "filter.npm-install");
        assert_eq!(entry["verdict"], "deny");
        assert_eq!(entry["agent"], "claude-hook");
        assert_eq!(entry["command"], "AWS_ACCESS_KEY_ID=[redacted: an AWS access key id] npm install");
    }
    assert!(!text.contains("AKIA"));
}

#[test]
fn a_full_journal_is_rotated_and_the_new_line_starts_a_fresh_file() {
    let dir = sandbox("rotate");
    let path = journal(&dir);
    std::fs::create_dir_all(path.parent().expect("journal dir")).expect("journal dir");
    let old_line = "{\"verdict\":\"deny\",\"rule\":\"old\"}\n";
    std::fs::write(&path, old_line.repeat(1024 * 1024 / old_line.len() + 1)).expect("full journal");
    assert_denied(spawn_hook(&dir));
    let rotated = std::fs::read_to_string(dir.join("state/agent-hooks/journal.jsonl.1")).expect("rotated");
    assert!(rotated.lines().all(|line| line.contains("\"old\"")));
    let fresh = std::fs::read_to_string(&path).expect("fresh journal");
    assert_eq!(fresh.lines().count(), 1);
    assert!(fresh.contains("filter.npm-install"));
}
