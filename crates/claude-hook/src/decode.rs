//! Claude Code payloads to hook-core events.

use hook_core::shell::Dialect;
use hook_core::vocabulary::{Events, Fields, Moment, Paths, Tool, Vocabulary};
use hook_core::wire::{self, text};
use hook_core::{DecodeError, Event, EventKind};
use serde_json::Value;

static VOCABULARY: Vocabulary = Vocabulary {
    events: &[
        ("PreToolUse", Moment::BeforeTool),
        ("PermissionRequest", Moment::BeforeTool),
        ("PostToolUse", Moment::AfterTool),
        ("PostToolUseFailure", Moment::Is(EventKind::AfterTool)),
        ("UserPromptSubmit", Moment::Is(EventKind::PromptSubmit)),
        ("Stop", Moment::Is(EventKind::Stop)),
        ("SubagentStop", Moment::Is(EventKind::Stop)),
        ("SessionStart", Moment::Is(EventKind::SessionStart)),
        ("SessionEnd", Moment::Is(EventKind::SessionEnd)),
        ("PreCompact", Moment::Is(EventKind::Compaction)),
        ("Notification", Moment::Is(EventKind::Notification)),
    ],
    tools: &[
        ("Bash", Tool::Shell(Dialect::Posix, &["command"])),
        ("PowerShell", Tool::Shell(Dialect::PowerShell, &["command"])),
        ("Read", Tool::Read(Paths::at(&["file_path"]))),
        // `Grep` is ripgrep; its `glob` is handed to it as `--glob`.
        ("Grep", Tool::Grep { roots: &["path"], filters: &["glob"], exclude: Some("glob") }),
        ("Glob", Tool::Glob { roots: &["path"], filters: &["pattern"] }),
        ("Write", Tool::Write(Paths::at(&["file_path"]))),
        ("Edit", Tool::Write(Paths::at(&["file_path"]))),
        ("MultiEdit", Tool::Write(Paths::at(&["file_path"]))),
        ("NotebookEdit", Tool::Write(Paths::at(&["notebook_path"]))),
    ],
    asks: Events::All,
    // Where `hookSpecificOutput.additionalContext` reaches the model. On `Stop` it also keeps
    // the turn going.
    context: Events::Only(&[
        "PreToolUse",
        "PostToolUse",
        "PostToolUseFailure",
        "UserPromptSubmit",
        "SessionStart",
        "Stop",
        "SubagentStop",
    ]),
    fields: Fields::CLAUDE,
};

pub(crate) fn decode(input: &[u8]) -> Result<Event, DecodeError> {
    let raw: Value = serde_json::from_slice(input)?;
    let fields = wire::fields(&raw)?;
    let name = text(fields.get("hook_event_name")).unwrap_or_default();
    let tool = text(fields.get("tool_name"))
        .map(|tool| (tool, fields.get("tool_input").cloned().unwrap_or(Value::Null)));
    Ok(VOCABULARY.event(name, tool, raw))
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    fn fixture(name: &str) -> Event {
        let path = format!("{}/../../tests/fixtures/claude/{name}", env!("CARGO_MANIFEST_DIR"));
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        decode(&bytes).unwrap()
    }

    #[test]
    fn bash_pre_tool_use_is_a_shell_event() {
        let event = fixture("PreToolUse-bash-rm.json");
        assert_eq!(event.kind, EventKind::BeforeShell);
        assert_eq!(event.name, "PreToolUse");
        let shell = event.shell().unwrap();
        assert_eq!(shell.line, "rm -rf / --no-preserve-root");
        assert_eq!(shell.dialect, Dialect::Posix);
        assert_eq!(event.cwd, Some(PathBuf::from("/home/dev/app")));
        assert!(event.can_ask);
    }

    #[test]
    fn file_tools_carry_their_paths() {
        let write = fixture("PreToolUse-write.json");
        assert_eq!(write.kind, EventKind::BeforeFileWrite);
        assert_eq!(write.tool.unwrap().paths, vec![PathBuf::from("/home/dev/app/.env")]);
        assert_eq!(fixture("PreToolUse-edit.json").kind, EventKind::BeforeFileWrite);
        assert_eq!(fixture("PreToolUse-multiedit-legacy.json").kind, EventKind::BeforeFileWrite);
        let read = fixture("PreToolUse-read-env.json");
        assert_eq!(read.kind, EventKind::BeforeFileRead);
        assert_eq!(read.tool.unwrap().paths, vec![PathBuf::from("/home/dev/app/.env.production")]);
        assert_eq!(fixture("PostToolUse-write.json").kind, EventKind::AfterFileWrite);
    }

    #[test]
    fn every_fixture_decodes_to_its_kind() {
        let expected = [
            ("Notification.json", EventKind::Notification),
            ("PermissionRequest-bash.json", EventKind::BeforeShell),
            ("PostToolUse-bash.json", EventKind::AfterTool),
            ("PostToolUseFailure-bash.json", EventKind::AfterTool),
            ("PreCompact.json", EventKind::Compaction),
            ("PreToolUse-bash-git-status.json", EventKind::BeforeShell),
            ("PreToolUse-mcp.json", EventKind::BeforeTool),
            ("PreToolUse-subagent-bash.json", EventKind::BeforeShell),
            ("SessionEnd.json", EventKind::SessionEnd),
            ("SessionStart.json", EventKind::SessionStart),
            ("Stop.json", EventKind::Stop),
            ("SubagentStop.json", EventKind::Stop),
            ("UserPromptSubmit.json", EventKind::PromptSubmit),
        ];
        for (name, kind) in expected {
            assert_eq!(fixture(name).kind, kind, "{name}");
        }
    }

    #[test]
    fn stop_fields_are_read() {
        let again = fixture("Stop-already-continued.json");
        assert!(again.stop_hook_active);
        assert_eq!(again.last_message.as_deref(), Some("Fixed the failing test."));
        assert!(!fixture("Stop.json").stop_hook_active);
    }

    #[test]
    fn context_is_accepted_where_claude_reads_it() {
        assert!(fixture("PostToolUse-write.json").accepts_context);
        assert!(fixture("SessionStart.json").accepts_context);
        assert!(fixture("PreToolUse-bash-rm.json").accepts_context);
        assert!(!fixture("SessionEnd.json").accepts_context);
        assert!(!fixture("PermissionRequest-bash.json").accepts_context);
    }

    #[test]
    fn prompt_is_read() {
        let event = fixture("UserPromptSubmit.json");
        assert_eq!(event.prompt.as_deref(), Some("Deploy to production with key AKIAZ7Q2VN4R8KD3XW5T"));
    }

    #[test]
    fn nobody_to_ask_in_bypass_and_dont_ask_modes() {
        for mode in ["bypassPermissions", "dontAsk"] {
            let json = format!(
                r#"{{"hook_event_name":"PreToolUse","permission_mode":"{mode}","tool_name":"Bash","tool_input":{{"command":"ls"}}}}"#
            );
            assert!(!decode(json.as_bytes()).unwrap().can_ask, "{mode}");
        }
        let json = r#"{"hook_event_name":"PreToolUse","permission_mode":"acceptEdits","tool_name":"Bash","tool_input":{"command":"ls"}}"#;
        assert!(decode(json.as_bytes()).unwrap().can_ask);
    }

    #[test]
    fn powershell_tool_uses_the_powershell_dialect() {
        let json = r#"{"hook_event_name":"PreToolUse","tool_name":"PowerShell","tool_input":{"command":"Remove-Item -Recurse C:\\"}}"#;
        assert_eq!(decode(json.as_bytes()).unwrap().shell().unwrap().dialect, Dialect::PowerShell);
    }

    #[test]
    fn wrong_shapes_are_tolerated_or_refused() {
        assert!(decode(b"[1,2]").is_err());
        assert!(decode(b"not json").is_err());
        let odd =
            decode(br#"{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":42}}"#)
                .unwrap();
        assert_eq!(odd.kind, EventKind::BeforeShell);
        assert!(odd.shell().is_none());
        assert_eq!(decode(br#"{"hook_event_name":"Brand New Event"}"#).unwrap().kind, EventKind::Other);
    }

    #[test]
    fn live_payloads_decode_to_their_events() {
        // Recorded by `cargo xtask live --record` (docs/agents/claude.md, "Seen live").
        test_support::live_fixtures::assert_live_fixtures(
            "claude",
            decode,
            &[
                (
                    "live-2.1.331-PostToolUse-write-notes.json",
                    "AfterFileWrite Write /tmp/agent-hooks-live/project/notes.txt",
                ),
                (
                    "live-2.1.331-PreToolUse-read-env.json",
                    "BeforeFileRead Read /tmp/agent-hooks-live/project/.env",
                ),
                ("live-2.1.331-PreToolUse-search-env.json", "BeforeShell Bash: grep -rn API_KEY ."),
                ("live-2.1.331-PreToolUse-shell-cat-env.json", "BeforeShell Bash: cat .env"),
                (
                    "live-2.1.331-PreToolUse-shell-rm-home.json",
                    "BeforeShell Bash: rm -rf /tmp/agent-hooks-live/home/victim",
                ),
                (
                    "live-2.1.331-PreToolUse-write-env.json",
                    "BeforeFileWrite Write /tmp/agent-hooks-live/project/.env",
                ),
                ("live-2.1.331-Stop-stop.json", "Stop"),
                (
                    "live-2.1.331-UserPromptSubmit-prompt-secret.json",
                    "PromptSubmit: Deploy with the key AKIAIOSFODNN7LIVESUIT and report back.",
                ),
            ],
        );
    }
}
