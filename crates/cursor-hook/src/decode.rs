//! Cursor payloads to hook-core events.

use std::path::PathBuf;

use hook_core::shell::Dialect;
use hook_core::vocabulary::{Events, Fields, Moment, Paths, Tool, Vocabulary};
use hook_core::wire::{self, COMMAND_KEYS, PATH_KEYS, first_text, text};
use hook_core::{DecodeError, Event, EventKind};
use serde_json::{Map, Value};

static VOCABULARY: Vocabulary = Vocabulary {
    events: &[
        ("beforeShellExecution", Moment::Is(EventKind::BeforeShell)),
        ("beforeMCPExecution", Moment::Is(EventKind::BeforeTool)),
        ("beforeReadFile", Moment::Is(EventKind::BeforeFileRead)),
        ("beforeTabFileRead", Moment::Is(EventKind::BeforeFileRead)),
        ("preToolUse", Moment::BeforeTool),
        ("afterFileEdit", Moment::Is(EventKind::AfterFileWrite)),
        ("afterTabFileEdit", Moment::Is(EventKind::AfterFileWrite)),
        ("postToolUse", Moment::AfterTool),
        ("afterShellExecution", Moment::Is(EventKind::AfterTool)),
        ("afterMCPExecution", Moment::Is(EventKind::AfterTool)),
        ("postToolUseFailure", Moment::Is(EventKind::AfterTool)),
        ("beforeSubmitPrompt", Moment::Is(EventKind::PromptSubmit)),
        ("stop", Moment::Is(EventKind::Stop)),
        ("sessionStart", Moment::Is(EventKind::SessionStart)),
        ("sessionEnd", Moment::Is(EventKind::SessionEnd)),
        ("preCompact", Moment::Is(EventKind::Compaction)),
    ],
    // The generic `preToolUse` family's tools, which the specific events are named after too.
    tools: &[
        ("Shell", Tool::Shell(Dialect::Posix, COMMAND_KEYS)),
        ("Read", Tool::Read(Paths::at(PATH_KEYS))),
        ("Write", Tool::Write(Paths::at(PATH_KEYS))),
        ("Edit", Tool::Write(Paths::at(PATH_KEYS))),
        // The agent's in-place edit and the tab completion's write, as public hooks.json
        // files register them (`docs/agents/cursor.md`).
        ("StrReplace", Tool::Write(Paths::at(PATH_KEYS))),
        ("TabWrite", Tool::Write(Paths::at(PATH_KEYS))),
        ("Delete", Tool::Write(Paths::at(PATH_KEYS))),
    ],
    // The events whose answer has a `permission:"ask"`.
    asks: Events::Only(&["beforeShellExecution", "beforeMCPExecution", "preToolUse"]),
    // The events whose answer reaches the model: `agent_message` on the permission events
    // (broken in some 2.0/2.1 builds, yet the only channel there), `additional_context` on
    // the others. `afterFileEdit`, `beforeSubmitPrompt` and `stop` have none.
    context: Events::Only(&[
        "beforeShellExecution",
        "beforeMCPExecution",
        "preToolUse",
        "postToolUse",
        "sessionStart",
    ]),
    fields: Fields {
        cwd: &["cwd"],
        session: &["session_id", "conversation_id"],
        prompt: &["prompt"],
        ..Fields::NONE
    },
};

pub(crate) fn decode(input: &[u8]) -> Result<Event, DecodeError> {
    let mut raw: Value = serde_json::from_slice(input)?;
    if let Some(fields) = raw.as_object_mut() {
        // `beforeReadFile` sends the whole file: keep secrets and bulk out of the event.
        fields.remove("content");
    }
    let fields = wire::fields(&raw)?;
    let Some(name) = text(fields.get("hook_event_name")) else {
        return Err(DecodeError::Shape("no hook_event_name".into()));
    };
    let tool = tool_call(&name, fields);
    // Attached files reach the model through the same event.
    let attached: Vec<PathBuf> = match name.as_str() {
        "beforeReadFile" => {
            let attachments = fields.get("attachments").and_then(Value::as_array).into_iter().flatten();
            attachments.filter_map(|a| first_text(a, PATH_KEYS)).map(|(_, p)| PathBuf::from(p)).collect()
        }
        _ => Vec::new(),
    };
    let mut event = VOCABULARY.event(name, tool, raw);
    if let Some(tool) = &mut event.tool {
        tool.paths.extend(attached);
    }
    // `cwd` may be an empty string, so the tool's own `cwd` and then the first workspace root
    // stand in for it.
    if event.cwd.is_none() {
        let candidates = [
            event.tool.as_ref().and_then(|tool| tool.input.get("cwd")),
            event.raw.get("workspace_roots").and_then(|roots| roots.get(0)),
        ];
        event.cwd = candidates
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .find(|dir| !dir.is_empty())
            .map(PathBuf::from);
    }
    // `loop_count` counts the follow-ups already forced at stop: any means we are one of them.
    event.stop_hook_active = event.raw.get("loop_count").and_then(Value::as_u64).is_some_and(|n| n > 0);
    Ok(event)
}

/// The tool call an event carries, with its arguments. The generic family names it in
/// `tool_name`/`tool_input`; the specific events put the arguments at top level, and are
/// named here after the generic tool they stand for.
fn tool_call(event: &str, fields: &Map<String, Value>) -> Option<(String, Value)> {
    let (name, input) = match event {
        "beforeShellExecution" | "afterShellExecution" => ("Shell", pick(fields, &["command", "cwd"])),
        "beforeReadFile" | "beforeTabFileRead" => ("Read", pick(fields, &["file_path"])),
        "afterFileEdit" | "afterTabFileEdit" => ("Edit", pick(fields, &["file_path"])),
        _ => (fields.get("tool_name")?.as_str()?, arguments(fields.get("tool_input"))),
    };
    Some((name.to_string(), input))
}

/// `tool_input` is an object on `preToolUse` but a JSON-encoded string on `beforeMCPExecution`;
/// anything that is not an object once decoded is no input at all.
fn arguments(value: Option<&Value>) -> Value {
    value.map(wire::arguments).filter(Value::is_object).unwrap_or(Value::Null)
}

/// An object of the given top-level fields that are present.
fn pick(fields: &Map<String, Value>, keys: &[&str]) -> Value {
    keys.iter().filter_map(|key| Some((key.to_string(), fields.get(*key)?.clone()))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(name: &str) -> Event {
        let path = format!("{}/../../tests/fixtures/cursor/{name}", env!("CARGO_MANIFEST_DIR"));
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        decode(&bytes).unwrap()
    }

    #[test]
    fn the_edit_tools_public_registrations_name_are_writes() {
        // Tool names as public `hooks.json` files register them for `preToolUse`; the input's
        // path key is one of the keys every write tool is read with.
        for tool in ["StrReplace", "TabWrite", "Write", "Edit", "Delete"] {
            let payload = format!(
                r#"{{"hook_event_name":"preToolUse","tool_name":"{tool}","tool_input":{{"file_path":".env"}},"cwd":"/home/dev/app"}}"#
            );
            let event = decode(payload.as_bytes()).unwrap();
            assert_eq!(event.kind, EventKind::BeforeFileWrite, "{tool}");
        }
    }

    #[test]
    fn every_fixture_decodes_to_its_kind() {
        let expected = [
            ("afterFileEdit.json", EventKind::AfterFileWrite, Some("Edit")),
            ("afterShellExecution.json", EventKind::AfterTool, Some("Shell")),
            ("beforeMCPExecution.json", EventKind::BeforeTool, Some("query")),
            ("beforeReadFile-env.json", EventKind::BeforeFileRead, Some("Read")),
            ("beforeShellExecution-empty-cwd.json", EventKind::BeforeShell, Some("Shell")),
            ("beforeShellExecution.json", EventKind::BeforeShell, Some("Shell")),
            ("beforeSubmitPrompt.json", EventKind::PromptSubmit, None),
            ("preToolUse-shell.json", EventKind::BeforeShell, Some("Shell")),
            ("stop.json", EventKind::Stop, None),
        ];
        for (name, kind, tool) in expected {
            let event = fixture(name);
            assert_eq!(event.kind, kind, "{name}");
            assert_eq!(event.tool.as_ref().map(|t| t.name.as_str()), tool, "{name}");
            assert_eq!(event.session_id.as_deref(), Some("8f1c2b3a-4d5e-6f70-8192-a3b4c5d6e7f8"), "{name}");
        }
    }

    #[test]
    fn shell_execution_carries_its_command() {
        let event = fixture("beforeShellExecution.json");
        let shell = event.shell().unwrap();
        assert_eq!(shell.line, "rm -rf / --no-preserve-root");
        assert_eq!(shell.dialect, Dialect::Posix);
        assert_eq!(shell.field, "command");
        assert_eq!(event.cwd, Some(PathBuf::from("/home/dev/app")));
        assert!(event.can_ask);
    }

    #[test]
    fn empty_cwd_falls_back_to_the_workspace_root() {
        let event = fixture("beforeShellExecution-empty-cwd.json");
        assert_eq!(event.shell().unwrap().line, "git push --force origin main");
        assert_eq!(event.cwd, Some(PathBuf::from("/home/dev/app")));
    }

    #[test]
    fn generic_shell_tool_reads_tool_input() {
        let event = fixture("preToolUse-shell.json");
        assert_eq!(event.shell().unwrap().line, "git status");
        assert_eq!(event.tool.unwrap().input["cwd"], "/home/dev/app");
    }

    #[test]
    fn read_file_has_its_path_and_never_its_content() {
        let event = fixture("beforeReadFile-env.json");
        assert!(!event.can_ask);
        assert!(event.raw.get("content").is_none());
        let tool = event.tool.unwrap();
        assert_eq!(tool.paths, vec![PathBuf::from("/home/dev/app/.env")]);
        assert!(!tool.input.to_string().contains("sk_live"));
    }

    #[test]
    fn read_file_attachments_are_paths_too() {
        let json = r#"{"hook_event_name":"beforeReadFile","file_path":"/a/x","content":"s",
            "attachments":[{"type":"file","filePath":"/a/y"},{"type":"rule","file_path":"/a/z"}]}"#;
        let paths = decode(json.as_bytes()).unwrap().tool.unwrap().paths;
        assert_eq!(paths, ["/a/x", "/a/y", "/a/z"].map(PathBuf::from));
    }

    #[test]
    fn mcp_input_is_a_json_string_or_an_object() {
        let tool = fixture("beforeMCPExecution.json").tool.unwrap();
        assert_eq!(tool.input, serde_json::json!({"sql": "DROP TABLE users;"}));
        assert!(tool.shell.is_none());
        let json = r#"{"hook_event_name":"beforeMCPExecution","tool_name":"q","tool_input":{"a":1}}"#;
        assert_eq!(decode(json.as_bytes()).unwrap().tool.unwrap().input["a"], 1);
    }

    #[test]
    fn after_file_edit_names_the_file() {
        let tool = fixture("afterFileEdit.json").tool.unwrap();
        assert_eq!(tool.paths, vec![PathBuf::from("/home/dev/app/src/main.ts")]);
    }

    #[test]
    fn generic_file_tools_accept_every_path_spelling() {
        for (tool, key, kind) in [
            ("Write", "file_path", EventKind::BeforeFileWrite),
            ("Edit", "filePath", EventKind::BeforeFileWrite),
            ("Delete", "path", EventKind::BeforeFileWrite),
            ("Read", "path", EventKind::BeforeFileRead),
        ] {
            let json = format!(
                r#"{{"hook_event_name":"preToolUse","tool_name":"{tool}","tool_input":{{"{key}":"/a/f"}}}}"#
            );
            let event = decode(json.as_bytes()).unwrap();
            assert_eq!(event.kind, kind, "{tool}");
            assert_eq!(event.tool.unwrap().paths, vec![PathBuf::from("/a/f")], "{tool}");
        }
        let json = r#"{"hook_event_name":"postToolUse","tool_name":"Write","tool_input":{"file_path":"/a"}}"#;
        assert_eq!(decode(json.as_bytes()).unwrap().kind, EventKind::AfterFileWrite);
    }

    #[test]
    fn prompt_and_stop_fields_are_read() {
        let prompt = fixture("beforeSubmitPrompt.json");
        assert_eq!(prompt.prompt.as_deref(), Some("Deploy to production with key AKIAZ7Q2VN4R8KD3XW5T"));
        assert!(!prompt.can_ask);
        assert!(!fixture("stop.json").stop_hook_active);
        let again = decode(br#"{"hook_event_name":"stop","status":"completed","loop_count":2}"#).unwrap();
        assert!(again.stop_hook_active);
    }

    #[test]
    fn context_is_accepted_only_where_cursor_gives_it_to_the_model() {
        let accepted = |name: &str| {
            decode(format!(r#"{{"hook_event_name":"{name}"}}"#).as_bytes()).unwrap().accepts_context
        };
        for name in
            ["beforeShellExecution", "beforeMCPExecution", "preToolUse", "postToolUse", "sessionStart"]
        {
            assert!(accepted(name), "{name}");
        }
        let silent = ["afterFileEdit", "afterTabFileEdit", "beforeSubmitPrompt", "stop", "beforeReadFile"];
        for name in silent.into_iter().chain(["afterShellExecution", "afterMCPExecution", "sessionEnd"]) {
            assert!(!accepted(name), "{name}");
        }
    }

    #[test]
    fn wrong_shapes_are_tolerated_or_refused() {
        assert!(matches!(decode(b"not json"), Err(DecodeError::Json(_))));
        assert!(matches!(decode(b"[1,2]"), Err(DecodeError::Shape(_))));
        assert!(matches!(decode(br#"{"command":"ls"}"#), Err(DecodeError::Shape(_))));
        let odd = decode(br#"{"hook_event_name":"beforeShellExecution","command":42}"#).unwrap();
        assert_eq!(odd.kind, EventKind::BeforeShell);
        assert!(odd.shell().is_none());
        assert_eq!(decode(br#"{"hook_event_name":"afterAgentThought"}"#).unwrap().kind, EventKind::Other);
    }
}
