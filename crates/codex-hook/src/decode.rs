//! Codex CLI payloads to hook-core events.

use hook_core::shell::Dialect;
use hook_core::vocabulary::{Events, Fields, Moment, Paths, Tool, Vocabulary};
use hook_core::wire::{self, COMMAND_KEYS, text};
use hook_core::{DecodeError, Event, EventKind};
use serde_json::Value;

static VOCABULARY: Vocabulary = Vocabulary {
    events: &[
        ("PreToolUse", Moment::BeforeTool),
        ("PermissionRequest", Moment::BeforeTool),
        ("PostToolUse", Moment::AfterTool),
        ("UserPromptSubmit", Moment::Is(EventKind::PromptSubmit)),
        ("Stop", Moment::Is(EventKind::Stop)),
        ("SubagentStop", Moment::Is(EventKind::Stop)),
        ("SessionStart", Moment::Is(EventKind::SessionStart)),
        ("SessionEnd", Moment::Is(EventKind::SessionEnd)),
        ("PreCompact", Moment::Is(EventKind::Compaction)),
    ],
    tools: &[
        ("Bash", Tool::Shell(Dialect::Posix, COMMAND_KEYS)),
        // `apply_patch` keeps its patch in `command` too: it is a file write, never a shell line.
        ("apply_patch", Tool::Write(Paths { keys: &[], lists: &[], patch: &["command"] })),
    ],
    // Codex has no ask; only its own approval prompt, which `PermissionRequest` precedes, can
    // ask someone (and nobody is there in the unattended modes).
    asks: Events::Only(&["PermissionRequest"]),
    // The events that add `hookSpecificOutput.additionalContext` to the conversation; not
    // `PermissionRequest`, the compactions or the stops.
    context: Events::Only(&[
        "PreToolUse",
        "PostToolUse",
        "UserPromptSubmit",
        "SessionStart",
        "SubagentStart",
    ]),
    fields: Fields::CLAUDE,
};

pub(crate) fn decode(input: &[u8]) -> Result<Event, DecodeError> {
    let raw: Value = serde_json::from_slice(input)?;
    let fields = wire::fields(&raw)?;
    // The legacy `notify` program gets `{"type": "agent-turn-complete", ...}` instead.
    let Some(name) = text(fields.get("hook_event_name")).or_else(|| text(fields.get("type"))) else {
        return Err(DecodeError::Shape("no hook_event_name".into()));
    };
    let tool = text(fields.get("tool_name"))
        .map(|tool| (tool, fields.get("tool_input").cloned().unwrap_or(Value::Null)));
    Ok(VOCABULARY.event(name, tool, raw))
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    fn fixture(name: &str) -> Event {
        let path = format!("{}/../../tests/fixtures/codex/{name}", env!("CARGO_MANIFEST_DIR"));
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        decode(&bytes).unwrap()
    }

    #[test]
    fn every_fixture_decodes_to_its_kind() {
        let expected = [
            ("PermissionRequest-bash.json", EventKind::BeforeShell),
            ("PostToolUse-bash.json", EventKind::AfterTool),
            ("PreToolUse-apply_patch.json", EventKind::BeforeFileWrite),
            ("PreToolUse-bash-rm.json", EventKind::BeforeShell),
            ("PreToolUse-mcp.json", EventKind::BeforeTool),
            ("SessionStart.json", EventKind::SessionStart),
            ("Stop.json", EventKind::Stop),
            ("UserPromptSubmit.json", EventKind::PromptSubmit),
            ("legacy-notify-agent-turn-complete.json", EventKind::Other),
        ];
        for (name, kind) in expected {
            let event = fixture(name);
            assert_eq!(event.kind, kind, "{name}");
            assert_eq!(event.cwd, Some(PathBuf::from("/home/dev/app")), "{name}");
        }
    }

    #[test]
    fn bash_carries_its_command_and_cannot_ask() {
        let event = fixture("PreToolUse-bash-rm.json");
        assert!(!event.can_ask);
        assert_eq!(event.session_id.as_deref(), Some("0199a1b2-3c4d-7e8f-9a0b-1c2d3e4f5a6b"));
        let shell = event.shell().unwrap();
        assert_eq!(shell.line, "rm -rf build/ ~/.cache");
        assert_eq!(shell.field, "command");
        assert_eq!(shell.dialect, Dialect::Posix);
    }

    #[test]
    fn apply_patch_is_a_file_write_with_the_patched_paths() {
        let event = fixture("PreToolUse-apply_patch.json");
        assert!(event.shell().is_none());
        assert_eq!(event.tool.unwrap().paths, ["src/lib.rs", ".env"].map(PathBuf::from));
        let json = r#"{"hook_event_name":"PostToolUse","tool_name":"apply_patch","tool_input":{"command":
            "*** Begin Patch\n*** Delete File: a.rs\n*** Update File: b.rs\n*** Move to: c.rs\n*** End Patch"}}"#;
        let after = decode(json.as_bytes()).unwrap();
        assert_eq!(after.kind, EventKind::AfterFileWrite);
        assert_eq!(after.tool.unwrap().paths, ["a.rs", "b.rs", "c.rs"].map(PathBuf::from));
    }

    #[test]
    fn permission_request_can_ask_unless_nobody_is_there() {
        assert!(fixture("PermissionRequest-bash.json").can_ask);
        let json = r#"{"hook_event_name":"PermissionRequest","permission_mode":"bypassPermissions","tool_name":"Bash","tool_input":{"command":"ls"}}"#;
        assert!(!decode(json.as_bytes()).unwrap().can_ask);
    }

    #[test]
    fn prompt_and_stop_fields_are_read() {
        let prompt = fixture("UserPromptSubmit.json");
        assert_eq!(prompt.prompt.as_deref(), Some("Deploy to production with key AKIAZ7Q2VN4R8KD3XW5T"));
        let stop = fixture("Stop.json");
        assert!(!stop.stop_hook_active);
        assert_eq!(stop.last_message.as_deref(), Some("I widened add() to i64; all tests pass."));
    }

    #[test]
    fn context_is_accepted_on_tool_prompt_and_session_events() {
        for name in
            ["PreToolUse-bash-rm.json", "PostToolUse-bash.json", "UserPromptSubmit.json", "SessionStart.json"]
        {
            assert!(fixture(name).accepts_context, "{name}");
        }
        for name in ["PermissionRequest-bash.json", "Stop.json", "legacy-notify-agent-turn-complete.json"] {
            assert!(!fixture(name).accepts_context, "{name}");
        }
    }

    #[test]
    fn wrong_shapes_are_tolerated_or_refused() {
        assert!(matches!(decode(b"not json"), Err(DecodeError::Json(_))));
        assert!(matches!(decode(b"42"), Err(DecodeError::Shape(_))));
        assert!(matches!(decode(br#"{"tool_name":"Bash"}"#), Err(DecodeError::Shape(_))));
        let odd =
            decode(br#"{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":["ls"]}"#).unwrap();
        assert_eq!(odd.kind, EventKind::BeforeShell);
        assert!(odd.shell().is_none());
        assert_eq!(decode(br#"{"hook_event_name":"Interrupt"}"#).unwrap().kind, EventKind::Other);
    }

    #[test]
    fn live_payloads_decode_to_their_events() {
        // Recorded by `cargo xtask live --record` (docs/agents/codex.md, "Seen live").
        test_support::live_fixtures::assert_live_fixtures(
            "codex",
            decode,
            &[
                (
                    "live-0.171.0-PostToolUse-write-notes.json",
                    "AfterFileWrite apply_patch /tmp/agent-hooks-live/project/notes.txt",
                ),
                ("live-0.171.0-PreToolUse-search-env.json", "BeforeShell Bash: grep -rn API_KEY ."),
                ("live-0.171.0-PreToolUse-shell-cat-env.json", "BeforeShell Bash: cat .env"),
                (
                    "live-0.171.0-PreToolUse-shell-rm-home.json",
                    "BeforeShell Bash: rm -rf /tmp/agent-hooks-live/home/victim",
                ),
                (
                    "live-0.171.0-PreToolUse-write-env.json",
                    "BeforeFileWrite apply_patch /tmp/agent-hooks-live/project/.env",
                ),
                ("live-0.171.0-Stop-stop.json", "Stop"),
                (
                    "live-0.171.0-UserPromptSubmit-prompt-secret.json",
                    "PromptSubmit: Deploy with the key AKIAIOSFODNN7LIVESUIT and report back.",
                ),
            ],
        );
    }
}
