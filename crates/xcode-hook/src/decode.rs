//! x-code CLI payloads to hook-core events.

use hook_core::shell::Dialect;
use hook_core::vocabulary::{Events, Fields, Moment, Paths, Tool, Vocabulary};
use hook_core::wire::{self, COMMAND_KEYS, PATH_KEYS, text};
use hook_core::{DecodeError, Event, EventKind};
use serde_json::Value;

static VOCABULARY: Vocabulary = Vocabulary {
    events: &[
        ("PreToolUse", Moment::BeforeTool),
        ("PostToolUse", Moment::AfterTool),
        ("UserPromptSubmit", Moment::Is(EventKind::PromptSubmit)),
        ("SessionStart", Moment::Is(EventKind::SessionStart)),
        ("SessionEnd", Moment::Is(EventKind::SessionEnd)),
        ("PreCompact", Moment::Is(EventKind::Compaction)),
        // `TurnComplete` fires after every model round and, like `SubagentStop`, is observe
        // only: x-code cannot be kept working, so neither is a stop to decide.
    ],
    tools: &[
        ("shell", Tool::Shell(Dialect::Posix, COMMAND_KEYS)),
        // The tools send `filePath`; the hooks doc's examples read `path`: both are accepted.
        ("writeFile", Tool::Write(Paths::at(PATH_KEYS))),
        ("edit", Tool::Write(Paths::at(PATH_KEYS))),
        // Never seen by `PreToolUse` today (reads run before the dispatcher), mapped for when
        // they are.
        ("readFile", Tool::Read(Paths::at(PATH_KEYS))),
    ],
    // x-code has no ask: hook-core turns asks into denies that say so.
    asks: Events::NONE,
    // Context is read on prompts; after a tool it is appended to the output the model sees.
    context: Events::Only(&["UserPromptSubmit", "PostToolUse"]),
    fields: Fields {
        cwd: &["session.cwd"],
        session: &["session.sessionId"],
        prompt: &["prompt"],
        ..Fields::NONE
    },
};

pub(crate) fn decode(input: &[u8]) -> Result<Event, DecodeError> {
    let raw: Value = serde_json::from_slice(input)?;
    let fields = wire::fields(&raw)?;
    let Some(name) = text(fields.get("event")) else {
        return Err(DecodeError::Shape("no event".into()));
    };
    // `tool` is `{name, args, callId, output?, isError?}`.
    let tool = fields
        .get("tool")
        .and_then(|tool| Some((text(tool.get("name"))?, tool.get("args").cloned().unwrap_or(Value::Null))));
    Ok(VOCABULARY.event(name, tool, raw))
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    fn fixture(name: &str) -> Event {
        let path = format!("{}/../../tests/fixtures/xcode/{name}", env!("CARGO_MANIFEST_DIR"));
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        decode(&bytes).unwrap()
    }

    #[test]
    fn every_fixture_decodes_to_its_kind() {
        let expected = [
            ("PostToolUse-shell.json", EventKind::AfterTool, Some("shell")),
            ("PreCompact.json", EventKind::Compaction, None),
            ("PreToolUse-edit.json", EventKind::BeforeFileWrite, Some("edit")),
            ("PreToolUse-mcp.json", EventKind::BeforeTool, Some("postgres__query")),
            ("PreToolUse-shell-rm.json", EventKind::BeforeShell, Some("shell")),
            ("PreToolUse-writeFile.json", EventKind::BeforeFileWrite, Some("writeFile")),
            ("SessionStart.json", EventKind::SessionStart, None),
            ("SubagentStop.json", EventKind::Other, None),
            ("TurnComplete.json", EventKind::Other, None),
            ("UserPromptSubmit.json", EventKind::PromptSubmit, None),
        ];
        for (name, kind, tool) in expected {
            let event = fixture(name);
            assert_eq!(event.kind, kind, "{name}");
            assert_eq!(event.tool.as_ref().map(|t| t.name.as_str()), tool, "{name}");
            assert_eq!(event.cwd, Some(PathBuf::from("/home/dev/app")), "{name}");
            assert!(!event.can_ask, "{name}");
            let takes_context = name.starts_with("UserPromptSubmit") || name.starts_with("PostToolUse");
            assert_eq!(event.accepts_context, takes_context, "{name}");
        }
    }

    #[test]
    fn shell_carries_its_command_and_whole_args() {
        let event = fixture("PreToolUse-shell-rm.json");
        assert_eq!(event.name, "PreToolUse");
        let shell = event.shell().unwrap();
        assert_eq!(shell.line, "rm -rf / --no-preserve-root");
        assert_eq!(shell.field, "command");
        assert_eq!(shell.dialect, Dialect::Posix);
        assert_eq!(event.tool.unwrap().input["timeout"], 30000);
        assert_eq!(fixture("PostToolUse-shell.json").shell().unwrap().line, "npm test");
    }

    #[test]
    fn file_tools_carry_their_paths() {
        let cases = [
            ("PreToolUse-writeFile.json", "/home/dev/app/.env"),
            ("PreToolUse-edit.json", "/home/dev/app/src/index.ts"),
        ];
        for (name, path) in cases {
            assert_eq!(fixture(name).tool.unwrap().paths, vec![PathBuf::from(path)], "{name}");
        }
        let documented = br#"{"event":"PreToolUse","tool":{"name":"writeFile","args":{"path":"a.txt"}}}"#;
        assert_eq!(decode(documented).unwrap().tool.unwrap().paths, vec![PathBuf::from("a.txt")]);
        let read =
            decode(br#"{"event":"PreToolUse","tool":{"name":"readFile","args":{"filePath":"/a/.env"}}}"#);
        assert_eq!(read.unwrap().kind, EventKind::BeforeFileRead);
        let after =
            br#"{"event":"PostToolUse","tool":{"name":"edit","args":{"filePath":"/a/b.rs"},"output":"ok"}}"#;
        assert_eq!(decode(after).unwrap().kind, EventKind::AfterFileWrite);
    }

    #[test]
    fn mcp_tools_are_other_tools() {
        let tool = fixture("PreToolUse-mcp.json").tool.unwrap();
        assert_eq!(tool.input["sql"], "DROP TABLE users;");
        assert!(tool.shell.is_none());
        assert!(tool.paths.is_empty());
    }

    #[test]
    fn prompt_and_session_are_read() {
        let event = fixture("UserPromptSubmit.json");
        assert_eq!(event.prompt.as_deref(), Some("Deploy to production with key AKIAZ7Q2VN4R8KD3XW5T"));
        assert_eq!(event.session_id, None);
        let with_id = decode(br#"{"event":"SessionStart","session":{"cwd":"","sessionId":"s-1"}}"#).unwrap();
        assert_eq!(with_id.session_id.as_deref(), Some("s-1"));
        assert_eq!(with_id.cwd, None);
    }

    #[test]
    fn wrong_shapes_are_tolerated_or_refused() {
        assert!(matches!(decode(b"not json"), Err(DecodeError::Json(_))));
        assert!(matches!(decode(b"[1,2]"), Err(DecodeError::Shape(_))));
        assert!(matches!(decode(br#"{"tool":{"name":"shell"}}"#), Err(DecodeError::Shape(_))));
        let odd = decode(br#"{"event":"PreToolUse","tool":{"name":"shell","args":{"command":7}}}"#).unwrap();
        assert_eq!(odd.kind, EventKind::BeforeShell);
        assert!(odd.shell().is_none());
        assert_eq!(decode(br#"{"event":"PostCompact"}"#).unwrap().kind, EventKind::Other);
    }
}
