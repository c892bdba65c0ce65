//! Windsurf payloads to hook-core events.

use hook_core::shell::Dialect;
use hook_core::vocabulary::{Events, Fields, Moment, Paths, Tool, Vocabulary};
use hook_core::wire::{self, PATH_KEYS, text};
use hook_core::{DecodeError, Event, EventKind};
use serde_json::Value;

static VOCABULARY: Vocabulary = Vocabulary {
    events: &[
        ("pre_run_command", Moment::Is(EventKind::BeforeShell)),
        ("pre_write_code", Moment::Is(EventKind::BeforeFileWrite)),
        ("pre_read_code", Moment::Is(EventKind::BeforeFileRead)),
        ("pre_mcp_tool_use", Moment::Is(EventKind::BeforeTool)),
        ("post_write_code", Moment::Is(EventKind::AfterFileWrite)),
        ("post_run_command", Moment::Is(EventKind::AfterTool)),
        ("post_read_code", Moment::Is(EventKind::AfterTool)),
        ("post_mcp_tool_use", Moment::Is(EventKind::AfterTool)),
        ("pre_user_prompt", Moment::Is(EventKind::PromptSubmit)),
        // Not in the official list; some third parties report them.
        ("session_start", Moment::Is(EventKind::SessionStart)),
        ("session_end", Moment::Is(EventKind::SessionEnd)),
        // `post_cascade_response` runs asynchronously and cannot keep the agent going: it is
        // no stop to decide.
    ],
    // Windsurf names no tools: commands, reads and writes are named after their events here.
    tools: &[
        // `command_line` is documented, the others are older or foreign spellings some
        // adapters handle.
        ("run_command", Tool::Shell(Dialect::Posix, &["command_line", "command", "cmd"])),
        ("read_code", Tool::Read(Paths::at(PATH_KEYS))),
        ("write_code", Tool::Write(Paths::at(PATH_KEYS))),
    ],
    // Windsurf has no ask: hook-core turns asks into blocks that say so.
    asks: Events::NONE,
    // Windsurf only displays stdout: no event hands context to the model.
    context: Events::NONE,
    fields: Fields {
        cwd: &["tool_info.cwd"],
        session: &["trajectory_id"],
        prompt: &["tool_info.user_prompt"],
        ..Fields::NONE
    },
};

pub(crate) fn decode(input: &[u8]) -> Result<Event, DecodeError> {
    let mut raw: Value = serde_json::from_slice(input)?;
    if let Some(info) = raw.get_mut("tool_info").and_then(Value::as_object_mut) {
        // `post_read_code` may carry the file read: keep secrets and bulk out of the event.
        info.remove("content");
    }
    let fields = wire::fields(&raw)?;
    let Some(name) = text(fields.get("agent_action_name")) else {
        return Err(DecodeError::Shape("no agent_action_name".into()));
    };
    let tool = tool_call(&name, fields.get("tool_info").cloned().unwrap_or(Value::Null));
    Ok(VOCABULARY.event(name, tool, raw))
}

/// The tool behind a tool event, with its arguments: commands, reads and writes are named
/// after the event (`run_command`, `read_code`, `write_code`), MCP tools by their own name.
fn tool_call(event: &str, info: Value) -> Option<(String, Value)> {
    let action = event.strip_prefix("pre_").or_else(|| event.strip_prefix("post_"))?;
    match action {
        "run_command" | "read_code" | "write_code" => Some((action.to_string(), info)),
        "mcp_tool_use" => Some((
            text(info.get("mcp_tool_name")).unwrap_or_default(),
            info.get("mcp_tool_arguments").cloned().unwrap_or(Value::Null),
        )),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    fn fixture(name: &str) -> Event {
        let path = format!("{}/../../tests/fixtures/windsurf/{name}", env!("CARGO_MANIFEST_DIR"));
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        decode(&bytes).unwrap()
    }

    #[test]
    fn every_fixture_decodes_to_its_kind() {
        let expected = [
            ("post_cascade_response.json", EventKind::Other, None),
            ("post_run_command.json", EventKind::AfterTool, Some("run_command")),
            ("post_write_code.json", EventKind::AfterFileWrite, Some("write_code")),
            ("pre_mcp_tool_use.json", EventKind::BeforeTool, Some("create_issue")),
            ("pre_read_code.json", EventKind::BeforeFileRead, Some("read_code")),
            ("pre_run_command.json", EventKind::BeforeShell, Some("run_command")),
            ("pre_user_prompt.json", EventKind::PromptSubmit, None),
            ("pre_write_code.json", EventKind::BeforeFileWrite, Some("write_code")),
        ];
        for (name, kind, tool) in expected {
            let event = fixture(name);
            assert_eq!(event.kind, kind, "{name}");
            assert_eq!(event.tool.as_ref().map(|t| t.name.as_str()), tool, "{name}");
            assert_eq!(event.session_id.as_deref(), Some("traj-2c7f4e1a"), "{name}");
            assert!(!event.can_ask, "{name}");
            assert!(!event.accepts_context, "{name}");
        }
    }

    #[test]
    fn run_command_reads_command_line() {
        let event = fixture("pre_run_command.json");
        let shell = event.shell().unwrap();
        assert_eq!(shell.line, "rm -rf / --no-preserve-root");
        assert_eq!(shell.field, "command_line");
        assert_eq!(shell.dialect, Dialect::Posix);
        assert_eq!(event.cwd, Some(PathBuf::from("/home/dev/app")));
        let older =
            decode(br#"{"agent_action_name":"pre_run_command","tool_info":{"command":"ls"}}"#).unwrap();
        assert_eq!(older.shell().unwrap().field, "command");
    }

    #[test]
    fn file_events_carry_their_paths() {
        let cases = [
            ("pre_read_code.json", "/home/dev/.ssh/id_ed25519"),
            ("pre_write_code.json", "/home/dev/app/.env"),
            ("post_write_code.json", "/home/dev/app/src/foo.ts"),
        ];
        for (name, path) in cases {
            assert_eq!(fixture(name).tool.unwrap().paths, vec![PathBuf::from(path)], "{name}");
        }
    }

    #[test]
    fn mcp_arguments_are_the_tool_input() {
        let tool = fixture("pre_mcp_tool_use.json").tool.unwrap();
        assert_eq!(tool.input["title"], "Rotate leaked key");
    }

    #[test]
    fn prompt_is_read() {
        let event = fixture("pre_user_prompt.json");
        assert_eq!(event.prompt.as_deref(), Some("Deploy to production with key AKIAZ7Q2VN4R8KD3XW5T"));
    }

    #[test]
    fn read_content_is_dropped() {
        let json =
            r#"{"agent_action_name":"post_read_code","tool_info":{"file_path":"/a/.env","content":"KEY=1"}}"#;
        let event = decode(json.as_bytes()).unwrap();
        assert!(!event.raw.to_string().contains("KEY=1"));
        assert!(!event.tool.unwrap().input.to_string().contains("KEY=1"));
    }

    #[test]
    fn wrong_shapes_are_tolerated_or_refused() {
        assert!(matches!(decode(b"not json"), Err(DecodeError::Json(_))));
        assert!(matches!(decode(b"[]"), Err(DecodeError::Shape(_))));
        assert!(matches!(decode(br#"{"tool_info":{}}"#), Err(DecodeError::Shape(_))));
        let odd = decode(br#"{"agent_action_name":"pre_run_command"}"#).unwrap();
        assert_eq!(odd.kind, EventKind::BeforeShell);
        assert!(odd.shell().is_none());
        assert_eq!(decode(br#"{"agent_action_name":"post_setup_worktree"}"#).unwrap().kind, EventKind::Other);
    }
}
