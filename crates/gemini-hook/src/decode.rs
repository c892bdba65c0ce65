//! Gemini CLI payloads to hook-core events.

use std::path::PathBuf;

use hook_core::shell::Dialect;
use hook_core::wire::{self, COMMAND_KEYS, first_text, text};
use hook_core::{DecodeError, Event, EventKind, ToolCall};
use serde_json::Value;

const SHELL_TOOL: &str = "run_shell_command";
/// The search tools: what they return is the contents (or names) of the files they search.
const SEARCH_TOOLS: &[&str] = &["grep_search", "search_file_content", "glob"];
const WRITE_TOOLS: &[&str] = &["write_file", "replace"];
const READ_TOOLS: &[&str] = &["read_file", "read_many_files"];
/// Keys a file tool's input may hold its one path under (`absolute_path` in older releases).
const PATH_KEYS: &[&str] = &["file_path", "absolute_path", "filePath", "path"];
/// `read_many_files` lists paths (older releases) or glob patterns (newer ones).
const PATH_LIST_KEYS: &[&str] = &["paths", "include"];
/// Events that add `hookSpecificOutput.additionalContext` to the conversation; `BeforeTool`
/// does not (Gemini says to use `AfterTool`).
const CONTEXT_EVENTS: &[&str] = &["AfterTool", "BeforeAgent", "SessionStart"];

pub(crate) fn decode(input: &[u8]) -> Result<Event, DecodeError> {
    let raw: Value = serde_json::from_slice(input)?;
    let fields = wire::fields(&raw)?;
    let Some(name) = text(fields.get("hook_event_name")) else {
        return Err(DecodeError::Shape("no hook_event_name".into()));
    };
    let tool = text(fields.get("tool_name"))
        .map(|tool_name| tool_call(tool_name, fields.get("tool_input").cloned().unwrap_or(Value::Null)));
    let kind = kind_of(&name, tool.as_ref().map(|tool| tool.name.as_str()));
    let mut event = Event::new(kind, name, Value::Null);
    event.cwd = wire::dir(fields.get("cwd"));
    event.session_id = text(fields.get("session_id"));
    // Only BeforeTool answers can force a confirmation.
    event.can_ask = event.name == "BeforeTool";
    event.accepts_context = CONTEXT_EVENTS.contains(&event.name.as_str());
    event.stop_hook_active = fields.get("stop_hook_active").and_then(Value::as_bool).unwrap_or(false);
    event.last_message = text(fields.get("prompt_response"));
    event.prompt = text(fields.get("prompt"));
    event.tool = tool;
    event.raw = raw;
    Ok(event)
}

fn kind_of(event: &str, tool: Option<&str>) -> EventKind {
    let tool = tool.unwrap_or_default();
    let writes = WRITE_TOOLS.contains(&tool);
    match event {
        "BeforeTool" => match tool {
            SHELL_TOOL => EventKind::BeforeShell,
            _ if SEARCH_TOOLS.contains(&tool) => EventKind::BeforeFileRead,
            _ if writes => EventKind::BeforeFileWrite,
            _ if READ_TOOLS.contains(&tool) => EventKind::BeforeFileRead,
            _ => EventKind::BeforeTool,
        },
        "AfterTool" if writes => EventKind::AfterFileWrite,
        "AfterTool" => EventKind::AfterTool,
        "BeforeAgent" => EventKind::PromptSubmit,
        "AfterAgent" => EventKind::Stop,
        "SessionStart" => EventKind::SessionStart,
        "SessionEnd" => EventKind::SessionEnd,
        "PreCompress" => EventKind::Compaction,
        "Notification" => EventKind::Notification,
        _ => EventKind::Other,
    }
}

fn tool_call(name: String, input: Value) -> ToolCall {
    let shell =
        (name == SHELL_TOOL).then(|| wire::shell_call(&input, COMMAND_KEYS, Dialect::Posix)).flatten();
    let mut paths: Vec<PathBuf> = Vec::new();
    // Its filter goes to git grep, grep or ripgrep depending on the machine, so no argument
    // reliably leaves a file out: a search over denied files is asked about.
    let search = (SEARCH_TOOLS.contains(&name.as_str()) && name != "glob")
        .then(|| wire::search(&input, &["dir_path", "path"], &["include_pattern", "include"], None));
    if SEARCH_TOOLS.contains(&name.as_str()) {
        let filters: &[&str] = if name == "glob" { &["pattern"] } else { &["include_pattern", "include"] };
        paths.extend(wire::search_paths(&input, &["dir_path", "path"], filters));
    } else if WRITE_TOOLS.contains(&name.as_str()) || READ_TOOLS.contains(&name.as_str()) {
        paths.extend(first_text(&input, PATH_KEYS).map(|(_, path)| PathBuf::from(path)));
        let lists = PATH_LIST_KEYS.iter().filter_map(|key| input.get(*key)?.as_array()).flatten();
        paths.extend(lists.filter_map(Value::as_str).map(PathBuf::from));
    }
    ToolCall { name, input, shell, paths, search }
}

#[cfg(test)]
mod tests {
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
