//! Copilot CLI and VS Code Copilot Chat payloads to hook-core events.

use hook_core::shell::Dialect;
use hook_core::vocabulary::{Events, Fields, Moment, Paths, Tool, Vocabulary};
use hook_core::wire::{self, COMMAND_KEYS, text};
use hook_core::{DecodeError, Event, EventKind};
use serde_json::{Map, Value};

const POSIX: Tool = Tool::Shell(Dialect::Posix, COMMAND_KEYS);
const POWERSHELL: Tool = Tool::Shell(Dialect::PowerShell, COMMAND_KEYS);
/// Keys a file tool's arguments may hold its path under.
const FILE: Paths = Paths::at(&["path", "file_path", "filePath"]);
const WRITE: Tool = Tool::Write(FILE);
/// The search tools: what they return is the contents or names of the files they search.
/// 1.0.102 names their roots `paths`, one string or a list; earlier ones `path`. `grep`/`rg`
/// are ripgrep; their `glob` is handed to it as `--glob`.
const GREP: Tool =
    Tool::Grep { roots: &["paths", "path"], filters: &["glob", "include"], exclude: Some("glob") };
const GLOB: Tool = Tool::Glob { roots: &["paths", "path"], filters: &["pattern"] };

static VOCABULARY: Vocabulary = Vocabulary {
    // The CLI's camelCase names and VS Code's (and the CLI's PascalCase mode's) Claude-style ones.
    events: &[
        ("preToolUse", Moment::BeforeTool),
        ("PreToolUse", Moment::BeforeTool),
        ("permissionRequest", Moment::BeforeTool),
        ("postToolUse", Moment::AfterTool),
        ("PostToolUse", Moment::AfterTool),
        ("postToolUseFailure", Moment::Is(EventKind::AfterTool)),
        ("PostToolUseFailure", Moment::Is(EventKind::AfterTool)),
        ("userPromptSubmitted", Moment::Is(EventKind::PromptSubmit)),
        ("UserPromptSubmit", Moment::Is(EventKind::PromptSubmit)),
        ("agentStop", Moment::Is(EventKind::Stop)),
        ("Stop", Moment::Is(EventKind::Stop)),
        ("subagentStop", Moment::Is(EventKind::Stop)),
        ("SubagentStop", Moment::Is(EventKind::Stop)),
        ("sessionStart", Moment::Is(EventKind::SessionStart)),
        ("SessionStart", Moment::Is(EventKind::SessionStart)),
        ("sessionEnd", Moment::Is(EventKind::SessionEnd)),
        ("SessionEnd", Moment::Is(EventKind::SessionEnd)),
        ("preCompact", Moment::Is(EventKind::Compaction)),
        ("PreCompact", Moment::Is(EventKind::Compaction)),
        ("notification", Moment::Is(EventKind::Notification)),
        ("Notification", Moment::Is(EventKind::Notification)),
    ],
    // Both runtimes' tools: CLI ids, VS Code ids, and the Claude names of PascalCase mode.
    tools: &[
        ("bash", POSIX),
        ("Bash", POSIX),
        ("run_in_terminal", POSIX),
        ("runTerminalCommand", POSIX),
        ("powershell", POWERSHELL),
        ("PowerShell", POWERSHELL),
        ("view", Tool::Read(FILE)),
        ("read_file", Tool::Read(FILE)),
        ("Read", Tool::Read(FILE)),
        // 1.0.102 renames `grep` to `rg` for GPT-5 models.
        ("grep", GREP),
        ("rg", GREP),
        ("Grep", GREP),
        ("glob", GLOB),
        ("Glob", GLOB),
        ("create", WRITE),
        ("edit", WRITE),
        // `apply_patch` holds its patch under one of these keys when its arguments are an
        // object, or is the patch itself.
        ("apply_patch", Tool::Write(Paths { patch: &["input", "patch", "command"], ..FILE })),
        ("create_file", WRITE),
        ("replace_string_in_file", WRITE),
        ("insert_edit_into_file", WRITE),
        ("createFile", WRITE),
        ("editFiles", WRITE),
        ("Write", WRITE),
        ("Edit", WRITE),
    ],
    asks: Events::Only(&["preToolUse", "PreToolUse", "permissionRequest"]),
    // The events whose `additionalContext` reaches the model: few of the CLI's (not
    // `postToolUse`, not `userPromptSubmitted`, whose output is ignored), and VS Code's
    // Claude-style ones.
    context: Events::Only(&[
        "sessionStart",
        "subagentStart",
        "Notification",
        "postToolUseFailure",
        "PreToolUse",
        "PostToolUse",
        "UserPromptSubmit",
        "SessionStart",
        "SubagentStart",
    ]),
    fields: Fields {
        cwd: &["cwd"],
        session: &["sessionId", "session_id"],
        prompt: &["prompt"],
        stop_hook_active: &["stop_hook_active"],
        ..Fields::NONE
    },
};

pub(crate) fn decode(input: &[u8]) -> Result<Event, DecodeError> {
    let raw: Value = serde_json::from_slice(input)?;
    let fields = wire::fields(&raw)?;
    let name = ["hook_event_name", "hookEventName", "hookName"]
        .iter()
        .find_map(|key| text(fields.get(*key)))
        .unwrap_or_else(|| inferred_name(fields).to_string());
    let tool = tool_call(fields);
    Ok(VOCABULARY.event(name, tool, raw))
}

/// The tool's name and arguments: an object in recent CLIs, a JSON-encoded string in older ones.
fn tool_call(fields: &Map<String, Value>) -> Option<(String, Value)> {
    let name = text(fields.get("toolName")).or_else(|| text(fields.get("tool_name")))?;
    let input = ["toolArgs", "tool_input", "toolInput"]
        .iter()
        .find_map(|key| fields.get(*key))
        .map(wire::arguments)
        .unwrap_or(Value::Null);
    Some((name, input))
}

/// The CLI's camelCase payloads name no event (only `permissionRequest` has `hookName`), and
/// argv belongs to hook-core's command line, so the event is told by the fields it carries.
fn inferred_name(fields: &Map<String, Value>) -> &'static str {
    let has = |key: &str| fields.contains_key(key);
    let stops = has("stopReason") || has("stop_hook_active");
    if has("toolName") {
        if has("toolResult") {
            "postToolUse"
        } else if has("error") {
            "postToolUseFailure"
        } else if has("toolInput") {
            "permissionRequest"
        } else {
            "preToolUse"
        }
    } else if has("prompt") {
        "userPromptSubmitted"
    } else if has("agentName") {
        if stops { "subagentStop" } else { "subagentStart" }
    } else if stops {
        "agentStop"
    } else if has("source") {
        "sessionStart"
    } else if has("errorContext") {
        "errorOccurred"
    } else if has("trigger") {
        "preCompact"
    } else if has("reason") {
        "sessionEnd"
    } else {
        "unknown"
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    fn fixture(name: &str) -> Event {
        let path = format!("{}/../../tests/fixtures/copilot/{name}", env!("CARGO_MANIFEST_DIR"));
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        decode(&bytes).unwrap()
    }

    #[test]
    fn every_fixture_decodes_to_its_event_and_kind() {
        let expected = [
            ("cli-PreToolUse-pascal.json", "PreToolUse", EventKind::BeforeShell),
            ("cli-agentStop.json", "agentStop", EventKind::Stop),
            ("cli-permissionRequest-bash.json", "permissionRequest", EventKind::BeforeShell),
            ("cli-postToolUse-bash.json", "postToolUse", EventKind::AfterTool),
            ("cli-preToolUse-bash-stringargs.json", "preToolUse", EventKind::BeforeShell),
            ("cli-preToolUse-bash.json", "preToolUse", EventKind::BeforeShell),
            ("cli-preToolUse-create.json", "preToolUse", EventKind::BeforeFileWrite),
            ("cli-preToolUse-edit.json", "preToolUse", EventKind::BeforeFileWrite),
            ("cli-sessionEnd.json", "sessionEnd", EventKind::SessionEnd),
            ("cli-sessionStart.json", "sessionStart", EventKind::SessionStart),
            ("cli-userPromptSubmitted.json", "userPromptSubmitted", EventKind::PromptSubmit),
            ("vscode-PreToolUse-run_in_terminal.json", "PreToolUse", EventKind::BeforeShell),
            ("vscode-Stop.json", "Stop", EventKind::Stop),
        ];
        for (file, name, kind) in expected {
            let event = fixture(file);
            assert_eq!(event.name, name, "{file}");
            assert_eq!(event.kind, kind, "{file}");
            assert_eq!(event.cwd, Some(PathBuf::from("/home/dev/app")), "{file}");
        }
    }

    #[test]
    fn tool_args_may_be_an_object_or_a_json_string() {
        for file in ["cli-preToolUse-bash.json", "cli-preToolUse-bash-stringargs.json"] {
            let event = fixture(file);
            assert!(event.can_ask);
            let shell = event.shell().unwrap();
            assert_eq!(shell.line, "rm -rf dist", "{file}");
            assert_eq!(shell.field, "command");
            assert_eq!(shell.dialect, Dialect::Posix);
            assert_eq!(event.tool.unwrap().input["description"], "Clean build directory", "{file}");
        }
    }

    #[test]
    fn every_shell_tool_spelling_is_a_shell() {
        assert_eq!(fixture("cli-PreToolUse-pascal.json").shell().unwrap().line, "rm -rf dist");
        let vscode = fixture("vscode-PreToolUse-run_in_terminal.json");
        assert_eq!(vscode.shell().unwrap().line, "rm -rf node_modules");
        assert_eq!(vscode.session_id.as_deref(), Some("vscode-session-4b2f"));
        assert_eq!(fixture("cli-permissionRequest-bash.json").shell().unwrap().line, "git push origin main");
        let powershell =
            decode(br#"{"toolName":"powershell","toolArgs":{"cmd":"Remove-Item -Recurse C:\\"}}"#);
        let powershell = powershell.unwrap();
        assert_eq!(powershell.shell().unwrap().dialect, Dialect::PowerShell);
        assert_eq!(powershell.shell().unwrap().field, "cmd");
    }

    #[test]
    fn file_tools_carry_their_paths() {
        let create = fixture("cli-preToolUse-create.json").tool.unwrap();
        assert_eq!(create.paths, vec![PathBuf::from("/home/dev/app/.env")]);
        let edit = fixture("cli-preToolUse-edit.json").tool.unwrap();
        assert_eq!(edit.paths, vec![PathBuf::from("/home/dev/app/src/lib.rs")]);
        let read = decode(
            br#"{"hookEventName":"PreToolUse","tool_name":"read_file","tool_input":{"filePath":"/a/.env"}}"#,
        )
        .unwrap();
        assert_eq!(read.kind, EventKind::BeforeFileRead);
        assert_eq!(read.tool.unwrap().paths, vec![PathBuf::from("/a/.env")]);
    }

    #[test]
    fn apply_patch_names_the_files_it_writes() {
        let patch = "*** Begin Patch\n*** Update File: src/a.rs\n*** Move to: src/b.rs\n@@\n-x\n+y\n\
                     *** Delete File: old.rs\n*** End Patch\n";
        let as_object = serde_json::json!({"toolName": "apply_patch", "toolArgs": {"input": patch}});
        let as_text = serde_json::json!({"toolName": "apply_patch", "toolArgs": patch});
        for payload in [as_object, as_text] {
            let event = decode(payload.to_string().as_bytes()).unwrap();
            assert_eq!(event.kind, EventKind::BeforeFileWrite);
            assert_eq!(event.tool.unwrap().paths, ["src/a.rs", "src/b.rs", "old.rs"].map(PathBuf::from));
        }
    }

    #[test]
    fn events_without_a_name_are_told_by_their_fields() {
        let cases = [
            (r#"{"toolName":"bash","toolArgs":{},"error":{"message":"x"}}"#, "postToolUseFailure"),
            (r#"{"agentName":"explore","transcriptPath":"/t"}"#, "subagentStart"),
            (r#"{"agentName":"explore","stop_hook_active":false}"#, "subagentStop"),
            (r#"{"error":{"message":"x"},"errorContext":"tool","recoverable":true}"#, "errorOccurred"),
            (r#"{"trigger":"auto","customInstructions":""}"#, "preCompact"),
            (r#"{"sessionId":"s","cwd":"/a"}"#, "unknown"),
        ];
        for (json, name) in cases {
            assert_eq!(decode(json.as_bytes()).unwrap().name, name, "{json}");
        }
    }

    #[test]
    fn prompt_and_stop_fields_are_read() {
        let prompt = fixture("cli-userPromptSubmitted.json");
        assert_eq!(prompt.prompt.as_deref(), Some("Deploy to production with key AKIAZ7Q2VN4R8KD3XW5T"));
        assert!(!prompt.can_ask);
        assert!(!fixture("cli-agentStop.json").stop_hook_active);
        assert!(decode(br#"{"hookEventName":"Stop","stop_hook_active":true}"#).unwrap().stop_hook_active);
    }

    #[test]
    fn context_is_accepted_only_where_copilot_gives_it_to_the_model() {
        let accepted = |file: &str| fixture(file).accepts_context;
        assert!(accepted("cli-sessionStart.json"));
        assert!(accepted("vscode-PreToolUse-run_in_terminal.json"));
        for file in ["cli-postToolUse-bash.json", "cli-userPromptSubmitted.json", "cli-preToolUse-edit.json"]
        {
            assert!(!accepted(file), "{file}");
        }
        assert!(!accepted("cli-agentStop.json"));
        let failure = decode(br#"{"toolName":"bash","toolArgs":{},"error":{"message":"x"}}"#).unwrap();
        assert!(failure.accepts_context);
    }

    #[test]
    fn wrong_shapes_are_tolerated_or_refused() {
        assert!(matches!(decode(b"not json"), Err(DecodeError::Json(_))));
        assert!(matches!(decode(b"\"preToolUse\""), Err(DecodeError::Shape(_))));
        let odd = decode(br#"{"toolName":"bash","toolArgs":"{not json"}"#).unwrap();
        assert_eq!(odd.kind, EventKind::BeforeShell);
        assert!(odd.shell().is_none());
        assert_eq!(decode(b"{}").unwrap().kind, EventKind::Other);
    }

    #[test]
    fn live_payloads_decode_to_their_events() {
        // Recorded by `cargo xtask live --record` (docs/agents/copilot.md, "Seen live").
        test_support::live_fixtures::assert_live_fixtures(
            "copilot",
            decode,
            &[
                ("live-1.0.102-agentStop-stop.json", "Stop"),
                (
                    "live-1.0.102-postToolUse-write-notes.json",
                    "AfterFileWrite create /tmp/agent-hooks-live/project/notes.txt",
                ),
                (
                    "live-1.0.102-preToolUse-read-env.json",
                    "BeforeFileRead view /tmp/agent-hooks-live/project/.env",
                ),
                (
                    "live-1.0.102-preToolUse-search-env.json",
                    "BeforeFileRead grep /tmp/agent-hooks-live/project/.env search [\"/tmp/agent-hooks-live/project/.env\"] include None",
                ),
                (
                    "live-1.0.102-preToolUse-search-tree.json",
                    "BeforeFileRead grep /tmp/agent-hooks-live/project search [\"/tmp/agent-hooks-live/project\"] include None",
                ),
                ("live-1.0.102-preToolUse-shell-cat-env.json", "BeforeShell bash: cat .env"),
                (
                    "live-1.0.102-preToolUse-shell-rm-home.json",
                    "BeforeShell bash: rm -rf /tmp/agent-hooks-live/home/victim",
                ),
                (
                    "live-1.0.102-preToolUse-write-env.json",
                    "BeforeFileWrite create /tmp/agent-hooks-live/project/.env",
                ),
                (
                    "live-1.0.102-userPromptSubmitted-prompt-secret.json",
                    "PromptSubmit: Deploy with the key AKIAIOSFODNN7LIVESUIT and report back.",
                ),
            ],
        );
    }
}
