//! Gemini CLI payloads to hook-core events.

use hook_core::shell::Dialect;
use hook_core::vocabulary::{Events, Fields, Moment, Paths, Tool, Vocabulary};
use hook_core::wire::{self, COMMAND_KEYS, text};
use hook_core::{DecodeError, Event, EventKind};
use serde_json::Value;

/// A file tool's one path (`absolute_path` in older releases), or the paths (older releases)
/// or glob patterns (newer ones) `read_many_files` lists.
const FILES: Paths = Paths {
    keys: &["file_path", "absolute_path", "filePath", "path"],
    lists: &["paths", "include"],
    patch: &[],
};

/// Where a search tool's roots and filter are.
const SEARCH_ROOTS: &[&str] = &["dir_path", "path"];
const SEARCH_FILTERS: &[&str] = &["include_pattern", "include"];

static VOCABULARY: Vocabulary = Vocabulary {
    events: &[
        ("BeforeTool", Moment::BeforeTool),
        ("AfterTool", Moment::AfterTool),
        ("BeforeAgent", Moment::Is(EventKind::PromptSubmit)),
        ("AfterAgent", Moment::Is(EventKind::Stop)),
        ("SessionStart", Moment::Is(EventKind::SessionStart)),
        ("SessionEnd", Moment::Is(EventKind::SessionEnd)),
        ("PreCompress", Moment::Is(EventKind::Compaction)),
        ("Notification", Moment::Is(EventKind::Notification)),
    ],
    tools: &[
        ("run_shell_command", Tool::Shell(Dialect::Posix, COMMAND_KEYS)),
        // The search tools: what they return is the contents (or names) of the files they
        // search. Their filter goes to git grep, grep or ripgrep depending on the machine, so
        // no argument reliably leaves a file out: a search over denied files is asked about.
        ("grep_search", Tool::Grep { roots: SEARCH_ROOTS, filters: SEARCH_FILTERS, exclude: None }),
        ("search_file_content", Tool::Grep { roots: SEARCH_ROOTS, filters: SEARCH_FILTERS, exclude: None }),
        ("glob", Tool::Glob { roots: SEARCH_ROOTS, filters: &["pattern"] }),
        ("write_file", Tool::Write(FILES)),
        ("replace", Tool::Write(FILES)),
        ("read_file", Tool::Read(FILES)),
        ("read_many_files", Tool::Read(FILES)),
    ],
    // Only BeforeTool answers can force a confirmation.
    asks: Events::Only(&["BeforeTool"]),
    // The events that add `hookSpecificOutput.additionalContext` to the conversation;
    // `BeforeTool` does not (Gemini says to use `AfterTool`).
    context: Events::Only(&["AfterTool", "BeforeAgent", "SessionStart"]),
    fields: Fields { last_message: &["prompt_response"], unattended: None, ..Fields::CLAUDE },
};

pub(crate) fn decode(input: &[u8]) -> Result<Event, DecodeError> {
    let raw: Value = serde_json::from_slice(input)?;
    let fields = wire::fields(&raw)?;
    let Some(name) = text(fields.get("hook_event_name")) else {
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
        let path = format!("{}/../../tests/fixtures/gemini/{name}", env!("CARGO_MANIFEST_DIR"));
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        decode(&bytes).unwrap()
    }

    #[test]
    fn every_fixture_decodes_to_its_kind() {
        let expected = [
            ("AfterAgent.json", EventKind::Stop),
            ("AfterTool-run_shell_command.json", EventKind::AfterTool),
            ("AfterTool-write_file.json", EventKind::AfterFileWrite),
            ("BeforeAgent.json", EventKind::PromptSubmit),
            ("BeforeTool-mcp.json", EventKind::BeforeTool),
            ("BeforeTool-read_file.json", EventKind::BeforeFileRead),
            ("BeforeTool-replace.json", EventKind::BeforeFileWrite),
            ("BeforeTool-run_shell_command.json", EventKind::BeforeShell),
            ("BeforeTool-write_file.json", EventKind::BeforeFileWrite),
            ("Notification.json", EventKind::Notification),
            ("SessionEnd.json", EventKind::SessionEnd),
            ("SessionStart.json", EventKind::SessionStart),
        ];
        for (name, kind) in expected {
            let event = fixture(name);
            assert_eq!(event.kind, kind, "{name}");
            assert_eq!(event.cwd, Some(PathBuf::from("/home/dev/app")), "{name}");
            assert_eq!(event.session_id.as_deref(), Some("d3c1b2a4-6f7e-4a3b-9c2d-1e0f9a8b7c6d"), "{name}");
        }
    }

    #[test]
    fn shell_tool_carries_its_command() {
        let event = fixture("BeforeTool-run_shell_command.json");
        assert!(event.can_ask);
        let shell = event.shell().unwrap();
        assert_eq!(shell.line, "rm -rf ~/.ssh");
        assert_eq!(shell.field, "command");
        assert_eq!(shell.dialect, Dialect::Posix);
        assert_eq!(fixture("AfterTool-run_shell_command.json").shell().unwrap().line, "cargo test");
    }

    #[test]
    fn file_tools_carry_their_paths() {
        let cases = [
            ("BeforeTool-write_file.json", "/home/dev/app/.env"),
            ("BeforeTool-replace.json", "/home/dev/app/src/lib.rs"),
            ("BeforeTool-read_file.json", "/home/dev/app/.env.production"),
            ("AfterTool-write_file.json", "/home/dev/app/src/util.rs"),
        ];
        for (name, path) in cases {
            assert_eq!(fixture(name).tool.unwrap().paths, vec![PathBuf::from(path)], "{name}");
        }
    }

    #[test]
    fn read_many_files_lists_paths_and_patterns() {
        let json = r#"{"hook_event_name":"BeforeTool","tool_name":"read_many_files",
            "tool_input":{"paths":[".env"],"include":["secrets/**"]}}"#;
        let event = decode(json.as_bytes()).unwrap();
        assert_eq!(event.kind, EventKind::BeforeFileRead);
        assert_eq!(event.tool.unwrap().paths, [".env", "secrets/**"].map(PathBuf::from));
    }

    #[test]
    fn mcp_tools_are_other_tools() {
        let tool = fixture("BeforeTool-mcp.json").tool.unwrap();
        assert_eq!(tool.name, "mcp_postgres_query");
        assert!(tool.shell.is_none());
        assert!(tool.paths.is_empty());
    }

    #[test]
    fn prompt_and_stop_fields_are_read() {
        let prompt = fixture("BeforeAgent.json");
        assert_eq!(prompt.prompt.as_deref(), Some("Deploy to production with key AKIAZ7Q2VN4R8KD3XW5T"));
        assert!(!prompt.can_ask);
        let stop = fixture("AfterAgent.json");
        assert!(!stop.stop_hook_active);
        assert_eq!(stop.last_message.as_deref(), Some("Done. I changed add() to use i64."));
    }

    #[test]
    fn context_is_accepted_after_tools_at_prompts_and_at_session_start() {
        for name in ["AfterTool-write_file.json", "BeforeAgent.json", "SessionStart.json"] {
            assert!(fixture(name).accepts_context, "{name}");
        }
        for name in ["BeforeTool-write_file.json", "BeforeTool-run_shell_command.json", "AfterAgent.json"] {
            assert!(!fixture(name).accepts_context, "{name}");
        }
    }

    #[test]
    fn wrong_shapes_are_tolerated_or_refused() {
        assert!(matches!(decode(b"not json"), Err(DecodeError::Json(_))));
        assert!(matches!(decode(b"[1,2]"), Err(DecodeError::Shape(_))));
        assert!(matches!(decode(br#"{"tool_name":"run_shell_command"}"#), Err(DecodeError::Shape(_))));
        let odd =
            decode(br#"{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":"ls"}"#)
                .unwrap();
        assert_eq!(odd.kind, EventKind::BeforeShell);
        assert!(odd.shell().is_none());
        assert_eq!(decode(br#"{"hook_event_name":"AfterModel"}"#).unwrap().kind, EventKind::Other);
    }

    #[test]
    fn live_payloads_decode_to_their_events() {
        // Recorded by `cargo xtask live --record` (docs/agents/gemini.md, "Seen live").
        test_support::live_fixtures::assert_live_fixtures(
            "gemini",
            decode,
            &[
                ("live-0.61.0-AfterAgent-stop.json", "Stop: Do the task."),
                (
                    "live-0.61.0-AfterTool-write-notes.json",
                    "AfterFileWrite write_file /tmp/agent-hooks-live/project/notes.txt",
                ),
                (
                    "live-0.61.0-BeforeAgent-prompt-secret.json",
                    "PromptSubmit: Deploy with the key AKIAIOSFODNN7LIVESUIT and report back.",
                ),
                (
                    "live-0.61.0-BeforeTool-read-env.json",
                    "BeforeFileRead read_file /tmp/agent-hooks-live/project/.env.local",
                ),
                (
                    "live-0.61.0-BeforeTool-search-env.json",
                    "BeforeFileRead grep_search .env .env .env search [] include Some(\".env\")",
                ),
                (
                    "live-0.61.0-BeforeTool-search-tree.json",
                    "BeforeFileRead grep_search /tmp/agent-hooks-live/project search [\"/tmp/agent-hooks-live/project\"] include None",
                ),
                ("live-0.61.0-BeforeTool-shell-cat-env.json", "BeforeShell run_shell_command: cat .env"),
                (
                    "live-0.61.0-BeforeTool-shell-rm-home.json",
                    "BeforeShell run_shell_command: rm -rf /tmp/agent-hooks-live/home/victim",
                ),
                (
                    "live-0.61.0-BeforeTool-write-env.json",
                    "BeforeFileWrite write_file /tmp/agent-hooks-live/project/.env.local",
                ),
            ],
        );
    }
}
