//! OpenCode plugin calls, as the agent-hooks plugin forwards them, to hook-core events.

use std::path::PathBuf;

use hook_core::shell::Dialect;
use hook_core::vocabulary::{Events, Fields, Moment, Paths, Tool, Vocabulary};
use hook_core::wire::{self, COMMAND_KEYS, PATH_KEYS, text};
use hook_core::{DecodeError, Event, EventKind, ToolCall};
use serde_json::{Map, Value};

static VOCABULARY: Vocabulary = Vocabulary {
    events: &[
        ("tool.execute.before", Moment::BeforeTool),
        ("tool.execute.after", Moment::AfterTool),
        // The plugin forwards the text of a message about to be sent.
        ("chat.message", Moment::Is(EventKind::PromptSubmit)),
        ("session.created", Moment::Is(EventKind::SessionStart)),
        ("session.deleted", Moment::Is(EventKind::SessionEnd)),
        ("session.compacted", Moment::Is(EventKind::Compaction)),
        // `session.idle` is observe only: OpenCode cannot be kept working from it.
    ],
    tools: &[
        ("bash", Tool::Shell(Dialect::Posix, COMMAND_KEYS)),
        ("read", Tool::Read(Paths::at(PATH_KEYS))),
        // The search tools: what they return is the contents (or names) of the files they
        // search. `grep {pattern, path, include}` hands `include` to ripgrep as `--glob` (with
        // `--hidden`); `glob {pattern, path}`, `list {path}`.
        ("grep", Tool::Grep { roots: &["path"], filters: &["include"], exclude: Some("include") }),
        ("glob", Tool::Glob { roots: &["path"], filters: &["pattern"] }),
        ("list", Tool::Glob { roots: &["path"], filters: &["include"] }),
        ("write", Tool::Write(Paths::at(PATH_KEYS))),
        ("edit", Tool::Write(Paths::at(PATH_KEYS))),
        // `multiedit` in older versions.
        ("multiedit", Tool::Write(Paths::at(PATH_KEYS))),
        (
            "apply_patch",
            Tool::Write(Paths { keys: &[], lists: &[], patch: &["patchText", "patch", "input"] }),
        ),
    ],
    // `tool.execute.before` can only let a call through or throw: hook-core turns asks into
    // denies that say so.
    asks: Events::NONE,
    // Only a finished tool's output can carry text to the model.
    context: Events::Only(&["tool.execute.after"]),
    fields: Fields {
        cwd: &["cwd"],
        session: &["input.sessionID", "input.event.properties.sessionID"],
        prompt: &["prompt"],
        ..Fields::NONE
    },
};

pub(crate) fn decode(input: &[u8]) -> Result<Event, DecodeError> {
    let raw: Value = serde_json::from_slice(input)?;
    let fields = wire::fields(&raw)?;
    let Some(hook) = text(fields.get("hook")) else {
        return Err(DecodeError::Shape("no hook".into()));
    };
    let call = fields.get("input");
    let (name, tool) = match hook.as_str() {
        "tool.execute.before" | "tool.execute.after" => {
            let tool = call.and_then(|call| tool_call(call, fields.get("output")));
            (hook, tool)
        }
        "chat.message" => (hook, None),
        // Bus events are named by their type (`session.idle`, ...).
        _ => (text(call.and_then(|call| call.get("event")?.get("type"))).unwrap_or(hook), None),
    };
    let mut event = VOCABULARY.event(name, tool, raw);
    event.cwd = working_dir(event.cwd.take(), event.tool.as_ref());
    Ok(event)
}

/// The tool call: its id in `input.tool`, its arguments in `output.args` before it runs (where
/// the plugin may change them) and in `input.args` after.
fn tool_call(call: &Value, output: Option<&Value>) -> Option<(String, Value)> {
    let name = text(call.get("tool"))?;
    let args = output.and_then(|output| output.get("args")).or_else(|| call.get("args"));
    let input = args.filter(|args| args.is_object()).cloned().unwrap_or_else(|| Value::Object(Map::new()));
    Some((name, input))
}

/// Where the call runs: `bash`'s own `workdir` (relative to the project) when it has one.
fn working_dir(project: Option<PathBuf>, tool: Option<&ToolCall>) -> Option<PathBuf> {
    let workdir =
        tool.filter(|tool| tool.shell.is_some()).and_then(|tool| wire::dir(tool.input.get("workdir")));
    match (project, workdir) {
        (Some(project), Some(workdir)) => Some(project.join(workdir)),
        (project, workdir) => workdir.filter(|dir| dir.is_absolute()).or(project),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(name: &str) -> Event {
        let path = format!("{}/../../tests/fixtures/opencode/{name}", env!("CARGO_MANIFEST_DIR"));
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        decode(&bytes).unwrap()
    }

    #[test]
    fn every_fixture_decodes_to_its_kind() {
        let expected = [
            ("chat.message.json", "chat.message", EventKind::PromptSubmit, None),
            ("event-session.idle.json", "session.idle", EventKind::Other, None),
            ("tool.execute.after-bash.json", "tool.execute.after", EventKind::AfterTool, Some("bash")),
            ("tool.execute.before-bash.json", "tool.execute.before", EventKind::BeforeShell, Some("bash")),
            (
                "tool.execute.before-edit.json",
                "tool.execute.before",
                EventKind::BeforeFileWrite,
                Some("edit"),
            ),
            ("tool.execute.before-grep.json", "tool.execute.before", EventKind::BeforeFileRead, Some("grep")),
            ("tool.execute.before-read.json", "tool.execute.before", EventKind::BeforeFileRead, Some("read")),
            (
                "tool.execute.before-write.json",
                "tool.execute.before",
                EventKind::BeforeFileWrite,
                Some("write"),
            ),
        ];
        for (file, name, kind, tool) in expected {
            let event = fixture(file);
            assert_eq!(event.name, name, "{file}");
            assert_eq!(event.kind, kind, "{file}");
            assert_eq!(event.tool.as_ref().map(|t| t.name.as_str()), tool, "{file}");
            assert_eq!(event.session_id.as_deref(), Some("ses_4f2a9c1e8b7d"), "{file}");
            assert!(!event.can_ask, "{file}");
            assert_eq!(event.accepts_context, name == "tool.execute.after", "{file}");
        }
    }

    #[test]
    fn a_message_carries_its_prompt() {
        let message = fixture("chat.message.json");
        assert_eq!(message.prompt.as_deref(), Some("deploy with this key: AKIAIOSFODNN7REALKEY please"));
        assert_eq!(message.cwd, Some(PathBuf::from("/home/dev/app")));
    }

    #[test]
    fn search_tools_read_their_root_and_include_filter() {
        let grep = fixture("tool.execute.before-grep.json");
        assert_eq!(grep.kind, EventKind::BeforeFileRead);
        let paths = grep.tool.unwrap().paths;
        assert!(paths.contains(&PathBuf::from("/home/dev/app")), "{paths:?}");
        assert!(paths.contains(&PathBuf::from("/home/dev/app/.env")), "{paths:?}");
    }

    #[test]
    fn bash_carries_its_command_before_and_after() {
        let before = fixture("tool.execute.before-bash.json");
        let shell = before.shell().unwrap();
        assert_eq!(shell.line, "rm -rf / --no-preserve-root");
        assert_eq!(shell.field, "command");
        assert_eq!(shell.dialect, Dialect::Posix);
        assert_eq!(before.tool.unwrap().input["timeout"], 120000);
        assert_eq!(fixture("tool.execute.after-bash.json").shell().unwrap().line, "cargo test");
    }

    #[test]
    fn cwd_is_the_plugin_directory_or_bash_workdir() {
        let call = |extra: &str| {
            let json = format!(
                r#"{{"hook":"tool.execute.before","cwd":"/p","input":{{"tool":"bash"}},"output":{{"args":{{"command":"ls"{extra}}}}}}}"#
            );
            decode(json.as_bytes()).unwrap().cwd
        };
        assert_eq!(call(""), Some(PathBuf::from("/p")));
        assert_eq!(call(r#","workdir":"sub""#), Some(PathBuf::from("/p/sub")));
        assert_eq!(call(r#","workdir":"/tmp""#), Some(PathBuf::from("/tmp")));
        assert_eq!(fixture("tool.execute.before-bash.json").cwd, None);
    }

    #[test]
    fn file_tools_carry_their_paths() {
        let cases = [
            ("tool.execute.before-edit.json", "/home/dev/app/src/lib.rs"),
            ("tool.execute.before-read.json", "/home/dev/app/.env.production"),
            ("tool.execute.before-write.json", "/home/dev/app/.env"),
        ];
        for (name, path) in cases {
            assert_eq!(fixture(name).tool.unwrap().paths, vec![PathBuf::from(path)], "{name}");
        }
        let patch = serde_json::json!({"hook": "tool.execute.before", "input": {"tool": "apply_patch"},
            "output": {"args": {"patchText": "*** Begin Patch\n*** Add File: a.rs\n+x\n*** Delete File: .env\n*** End Patch"}}});
        let event = decode(patch.to_string().as_bytes()).unwrap();
        assert_eq!(event.kind, EventKind::BeforeFileWrite);
        assert_eq!(event.tool.unwrap().paths, ["a.rs", ".env"].map(PathBuf::from));
        let after = br#"{"hook":"tool.execute.after","input":{"tool":"write","args":{"filePath":"/a/b.rs"}},"output":{}}"#;
        let after = decode(after).unwrap();
        assert_eq!(after.kind, EventKind::AfterFileWrite);
        assert_eq!(after.tool.unwrap().paths, vec![PathBuf::from("/a/b.rs")]);
    }

    #[test]
    fn session_events_are_named_by_their_type() {
        let created = br#"{"hook":"event","input":{"event":{"type":"session.created","properties":{"sessionID":"s"}}}}"#;
        let created = decode(created).unwrap();
        assert_eq!((created.name.as_str(), created.kind), ("session.created", EventKind::SessionStart));
        assert_eq!(created.session_id.as_deref(), Some("s"));
    }

    #[test]
    fn wrong_shapes_are_tolerated_or_refused() {
        assert!(matches!(decode(b"not json"), Err(DecodeError::Json(_))));
        assert!(matches!(decode(b"[]"), Err(DecodeError::Shape(_))));
        assert!(matches!(decode(br#"{"input":{"tool":"bash"}}"#), Err(DecodeError::Shape(_))));
        // MCP tools have been seen without arguments: an empty object, never a crash.
        let bare = decode(br#"{"hook":"tool.execute.before","input":{"tool":"bash"},"output":{}}"#).unwrap();
        assert_eq!(bare.kind, EventKind::BeforeShell);
        assert!(bare.shell().is_none());
        assert_eq!(bare.tool.unwrap().input, serde_json::json!({}));
        let bare = decode(br#"{"hook":"chat.message"}"#).unwrap();
        assert_eq!((bare.kind, bare.prompt), (EventKind::PromptSubmit, None));
    }

    #[test]
    fn live_payloads_decode_to_their_events() {
        // Recorded by `cargo xtask live --record` (docs/agents/opencode.md, "Seen live").
        test_support::live_fixtures::assert_live_fixtures(
            "opencode",
            decode,
            &[
                (
                    "live-1.18.33-chat.message-prompt-secret.json",
                    "PromptSubmit: \"Deploy with the key AKIAIOSFODNN7LIVESUIT and report back.\"",
                ),
                (
                    "live-1.18.33-tool.execute.after-write-notes.json",
                    "AfterFileWrite write /tmp/agent-hooks-live/project/notes.txt",
                ),
                (
                    "live-1.18.33-tool.execute.before-read-env.json",
                    "BeforeFileRead read /tmp/agent-hooks-live/project/.env",
                ),
                (
                    "live-1.18.33-tool.execute.before-search-env.json",
                    "BeforeFileRead grep .env .env .env search [] include Some(\".env\")",
                ),
                (
                    "live-1.18.33-tool.execute.before-search-tree.json",
                    "BeforeFileRead grep /tmp/agent-hooks-live/project search [\"/tmp/agent-hooks-live/project\"] include None",
                ),
                ("live-1.18.33-tool.execute.before-shell-cat-env.json", "BeforeShell bash: cat .env"),
                (
                    "live-1.18.33-tool.execute.before-shell-rm-home.json",
                    "BeforeShell bash: rm -rf /tmp/agent-hooks-live/home/victim",
                ),
                (
                    "live-1.18.33-tool.execute.before-write-env.json",
                    "BeforeFileWrite write /tmp/agent-hooks-live/project/.env",
                ),
            ],
        );
    }
}
