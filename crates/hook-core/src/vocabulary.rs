//! An agent's vocabulary as data: what its event and tool names mean, and where its payload
//! keeps the fields every event may carry. A decoder reads the event's name and its tool call
//! in the agent's own shape and hands them to [`Vocabulary::event`], the one place an
//! [`Event`] is put together, so that adding an agent is writing its tables, not its logic.
//!
//! The tables are plain slices searched in order: an agent has a few dozen names, and a scan
//! of them costs less than building any index would at a hook's start-up.

use std::path::PathBuf;

use serde_json::Value;

use crate::event::{Event, EventKind, ToolCall};
use crate::shell::Dialect;
use crate::wire;

/// What one agent's names and payload fields mean. Each agent crate holds one, as a `static`
/// beside its decoder.
#[derive(Debug)]
pub struct Vocabulary {
    /// The agent's event names and the moment each is; a name not listed is
    /// [`EventKind::Other`], answered with the agent's plain allow.
    pub events: &'static [(&'static str, Moment)],
    /// The tools judged by what they do (run a shell, read, write, search files). Any other
    /// tool (MCP, web fetch) is judged as a tool, by its name.
    pub tools: &'static [(&'static str, Tool)],
    /// The events whose answer can ask the user ([`Event::can_ask`]).
    pub asks: Events,
    /// The events whose answer's context reaches the model ([`Event::accepts_context`]).
    pub context: Events,
    /// Where the payload keeps the fields that are not the event's name or tool call.
    pub fields: Fields,
}

/// What an event name says about the moment it marks.
#[derive(Debug, Clone, Copy)]
pub enum Moment {
    /// Always this kind, whatever the tool.
    Is(EventKind),
    /// A tool is about to run: a shell, a file read or search, or a file write as its [`Tool`]
    /// says, any other tool [`EventKind::BeforeTool`].
    BeforeTool,
    /// A tool has run: a write tool is [`EventKind::AfterFileWrite`], any other
    /// [`EventKind::AfterTool`].
    AfterTool,
}

/// What a tool does, with the argument keys that say what it does it to.
#[derive(Debug, Clone, Copy)]
pub enum Tool {
    /// Runs a shell line of `Dialect`, held under the first of the keys that holds a string.
    Shell(Dialect, &'static [&'static str]),
    /// Reads the files its arguments name.
    Read(Paths),
    /// Creates, writes, edits or deletes the files its arguments name.
    Write(Paths),
    /// Searches the contents of files (a grep): it reads every file under its roots that its
    /// filter picks. `exclude` is the key of the filter handed to ripgrep as `--glob`, where
    /// `!name` leaves a file out ([`crate::Search::exclude_key`]).
    Grep { roots: &'static [&'static str], filters: &'static [&'static str], exclude: Option<&'static str> },
    /// Searches names of files (a glob, a listing) under its roots.
    Glob { roots: &'static [&'static str], filters: &'static [&'static str] },
}

/// Where a file tool's arguments name its files.
#[derive(Debug, Clone, Copy)]
pub struct Paths {
    /// Keys that may hold the one path; the first that holds a string is read.
    pub keys: &'static [&'static str],
    /// Keys that hold lists of paths; every one present is read.
    pub lists: &'static [&'static str],
    /// Keys that may hold an `apply_patch` envelope (the first that holds a string), whose
    /// headers name the files; arguments that are a bare string are the envelope itself.
    pub patch: &'static [&'static str],
}

impl Paths {
    /// The one path under the first of `keys` that holds one.
    pub const fn at(keys: &'static [&'static str]) -> Self {
        Self { keys, lists: &[], patch: &[] }
    }
}

/// A set of the agent's event names.
#[derive(Debug, Clone, Copy)]
pub enum Events {
    /// Every event, listed or not.
    All,
    /// These events only.
    Only(&'static [&'static str]),
}

impl Events {
    /// No event.
    pub const NONE: Self = Self::Only(&[]);

    fn contains(self, name: &str) -> bool {
        match self {
            Self::All => true,
            Self::Only(names) => names.contains(&name),
        }
    }
}

/// Where a payload keeps the fields every event may carry. Each is a list of keys tried in
/// order; a key is a path of object keys joined by `.` (`session.cwd`). An empty list: the
/// agent never sends the field.
#[derive(Debug, Clone, Copy)]
pub struct Fields {
    /// The working directory: the first key holding a non-empty string (agents send `""` when
    /// they do not know).
    pub cwd: &'static [&'static str],
    /// The session's id: the first key holding a string.
    pub session: &'static [&'static str],
    /// The submitted prompt.
    pub prompt: &'static [&'static str],
    /// The agent's last message, on stops.
    pub last_message: &'static [&'static str],
    /// The flag that this stop is already one a stop hook forced: the first key holding a
    /// boolean.
    pub stop_hook_active: &'static [&'static str],
    /// A field and the values of it that say nobody answers a confirmation (bypass modes):
    /// an event then cannot ask, whatever [`Vocabulary::asks`] says.
    pub unattended: Option<(&'static str, &'static [&'static str])>,
}

impl Fields {
    /// An agent that sends none of these fields; rows start from it with `..Fields::NONE`.
    pub const NONE: Self = Self {
        cwd: &[],
        session: &[],
        prompt: &[],
        last_message: &[],
        stop_hook_active: &[],
        unattended: None,
    };

    /// Claude Code's spelling, which Codex CLI and Gemini CLI copied.
    pub const CLAUDE: Self = Self {
        cwd: &["cwd"],
        session: &["session_id"],
        prompt: &["prompt"],
        last_message: &["last_assistant_message"],
        stop_hook_active: &["stop_hook_active"],
        // Nobody answers a prompt in these modes: an ask would be approved or stall.
        unattended: Some(("permission_mode", &["bypassPermissions", "dontAsk"])),
    };
}

impl Vocabulary {
    /// The event `name`, with its tool call (the tool's name and arguments) when it has one,
    /// and the other fields read from `raw`, the payload, which the event keeps.
    pub fn event(&self, name: String, tool: Option<(String, Value)>, raw: Value) -> Event {
        let what = tool.as_ref().and_then(|(tool, _)| self.tool(tool));
        let kind = self.kind(&name, what);
        let fields = &self.fields;
        let mut event = Event::new(kind, name, Value::Null);
        event.tool = tool.map(|(name, input)| tool_call(name, input, what));
        event.cwd =
            first(&raw, fields.cwd, |dir| dir.as_str().filter(|dir| !dir.is_empty()).map(PathBuf::from));
        event.session_id = first(&raw, fields.session, text);
        event.can_ask = self.asks.contains(&event.name)
            && !fields.unattended.is_some_and(|(key, values)| {
                at(&raw, key).and_then(Value::as_str).is_some_and(|value| values.contains(&value))
            });
        event.accepts_context = self.context.contains(&event.name);
        event.prompt = first(&raw, fields.prompt, text);
        event.last_message = first(&raw, fields.last_message, text);
        event.stop_hook_active = first(&raw, fields.stop_hook_active, Value::as_bool).unwrap_or(false);
        event.raw = raw;
        event
    }

    /// What the tool `name` does, when the table says.
    pub fn tool(&self, name: &str) -> Option<&Tool> {
        self.tools.iter().find(|(tool, _)| *tool == name).map(|(_, what)| what)
    }

    fn kind(&self, name: &str, tool: Option<&Tool>) -> EventKind {
        let moment = self.events.iter().find(|(event, _)| *event == name).map(|(_, moment)| *moment);
        match (moment, tool) {
            (None, _) => EventKind::Other,
            (Some(Moment::Is(kind)), _) => kind,
            (Some(Moment::BeforeTool), Some(Tool::Shell(..))) => EventKind::BeforeShell,
            (Some(Moment::BeforeTool), Some(Tool::Read(_) | Tool::Grep { .. } | Tool::Glob { .. })) => {
                EventKind::BeforeFileRead
            }
            (Some(Moment::BeforeTool), Some(Tool::Write(_))) => EventKind::BeforeFileWrite,
            (Some(Moment::BeforeTool), None) => EventKind::BeforeTool,
            (Some(Moment::AfterTool), Some(Tool::Write(_))) => EventKind::AfterFileWrite,
            (Some(Moment::AfterTool), _) => EventKind::AfterTool,
        }
    }
}

/// The tool call `name(input)`, with what `what` says the arguments hold.
fn tool_call(name: String, input: Value, what: Option<&Tool>) -> ToolCall {
    let mut call = ToolCall { name, input, shell: None, paths: Vec::new(), search: None };
    let input = &call.input;
    match what {
        None => {}
        Some(Tool::Shell(dialect, keys)) => call.shell = wire::shell_call(input, keys, *dialect),
        Some(Tool::Read(paths) | Tool::Write(paths)) => call.paths = named(paths, input),
        Some(Tool::Grep { roots, filters, exclude }) => {
            call.paths = wire::search_paths(input, roots, filters);
            call.search = Some(wire::search(input, roots, filters, *exclude));
        }
        Some(Tool::Glob { roots, filters }) => call.paths = wire::search_paths(input, roots, filters),
    }
    call
}

/// The files `input` names where `paths` says: the one path, the lists, the patch's headers.
fn named(paths: &Paths, input: &Value) -> Vec<PathBuf> {
    let mut named: Vec<PathBuf> =
        wire::first_text(input, paths.keys).map(|(_, path)| PathBuf::from(path)).into_iter().collect();
    let lists = paths.lists.iter().filter_map(|key| input.get(*key)?.as_array()).flatten();
    named.extend(lists.filter_map(Value::as_str).map(PathBuf::from));
    if !paths.patch.is_empty() {
        let patch =
            input.as_str().map(str::to_string).or_else(|| Some(wire::first_text(input, paths.patch)?.1));
        named.extend(patch.iter().flat_map(|patch| wire::patch_paths(patch)));
    }
    named
}

/// The value at `path`, object keys joined by `.`.
fn at<'v>(raw: &'v Value, path: &str) -> Option<&'v Value> {
    path.split('.').try_fold(raw, |value, key| value.get(key))
}

/// The first of `paths` whose value `read` accepts.
fn first<'v, T>(raw: &'v Value, paths: &[&str], read: impl Fn(&'v Value) -> Option<T>) -> Option<T> {
    paths.iter().find_map(|path| read(at(raw, path)?))
}

fn text(value: &Value) -> Option<String> {
    value.as_str().map(str::to_string)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    static TOY: Vocabulary = Vocabulary {
        events: &[
            ("pre", Moment::BeforeTool),
            ("post", Moment::AfterTool),
            ("prompt", Moment::Is(EventKind::PromptSubmit)),
            ("stop", Moment::Is(EventKind::Stop)),
        ],
        tools: &[
            ("sh", Tool::Shell(Dialect::Posix, &["cmd"])),
            ("cat", Tool::Read(Paths { keys: &["file"], lists: &["files"], patch: &[] })),
            ("patch", Tool::Write(Paths { keys: &[], lists: &[], patch: &["patch"] })),
            ("grep", Tool::Grep { roots: &["dirs"], filters: &["glob"], exclude: Some("glob") }),
            ("ls", Tool::Glob { roots: &["dirs"], filters: &[] }),
        ],
        asks: Events::Only(&["pre"]),
        context: Events::All,
        fields: Fields {
            cwd: &["where", "session.cwd"],
            session: &["session.id"],
            prompt: &["text"],
            last_message: &["said"],
            stop_hook_active: &["again"],
            unattended: Some(("mode", &["yolo"])),
        },
    };

    fn event(name: &str, tool: Option<(&str, Value)>, raw: Value) -> Event {
        TOY.event(name.into(), tool.map(|(tool, input)| (tool.to_string(), input)), raw)
    }

    #[test]
    fn the_tool_decides_the_kind_of_tool_events() {
        let kind = |name, tool: Option<&str>| event(name, tool.map(|tool| (tool, json!({}))), json!({})).kind;
        assert_eq!(kind("pre", Some("sh")), EventKind::BeforeShell);
        assert_eq!(kind("pre", Some("cat")), EventKind::BeforeFileRead);
        assert_eq!(kind("pre", Some("grep")), EventKind::BeforeFileRead);
        assert_eq!(kind("pre", Some("ls")), EventKind::BeforeFileRead);
        assert_eq!(kind("pre", Some("patch")), EventKind::BeforeFileWrite);
        assert_eq!(kind("pre", Some("mcp__x")), EventKind::BeforeTool);
        assert_eq!(kind("post", Some("patch")), EventKind::AfterFileWrite);
        assert_eq!(kind("post", Some("sh")), EventKind::AfterTool);
        assert_eq!(kind("prompt", Some("sh")), EventKind::PromptSubmit);
        assert_eq!(kind("unheard-of", None), EventKind::Other);
    }

    #[test]
    fn tool_arguments_are_read_where_the_table_says() {
        let shell = event("pre", Some(("sh", json!({"cmd": "ls"}))), json!({}));
        assert_eq!(shell.shell().map(|call| (call.line.as_str(), call.field.as_str())), Some(("ls", "cmd")));
        let read = event("pre", Some(("cat", json!({"file": "a", "files": ["b", 1, "c"]}))), json!({}));
        assert_eq!(read.tool.unwrap().paths, ["a", "b", "c"].map(PathBuf::from));
        let envelope = "*** Begin Patch\n*** Add File: d.rs\n+x\n*** End Patch\n";
        for input in [json!({ "patch": envelope }), json!(envelope)] {
            let write = event("pre", Some(("patch", input)), json!({}));
            assert_eq!(write.tool.unwrap().paths, [PathBuf::from("d.rs")]);
        }
        let grep = event("pre", Some(("grep", json!({"dirs": ["x", "y"], "glob": ".env"}))), json!({}));
        let grep = grep.tool.unwrap();
        assert_eq!(
            grep.paths,
            ["x", "x/.env", "x/.env", "x/.env", "y", "y/.env", "y/.env", "y/.env"].map(PathBuf::from)
        );
        let search = grep.search.unwrap();
        assert_eq!(
            (search.roots, search.include, search.exclude_key),
            (vec!["x".into(), "y".into()], Some(".env".into()), Some("glob"))
        );
        assert!(event("pre", Some(("ls", json!({"dirs": "x"}))), json!({})).tool.unwrap().search.is_none());
    }

    #[test]
    fn fields_are_read_where_the_table_says() {
        let raw = json!({"where": "", "session": {"cwd": "/p", "id": "s1"}, "text": "hi", "said": "done", "again": true});
        let stop = event("stop", None, raw.clone());
        assert_eq!(stop.cwd, Some(PathBuf::from("/p")), "an empty directory is none");
        assert_eq!(stop.session_id.as_deref(), Some("s1"));
        assert_eq!(stop.prompt.as_deref(), Some("hi"));
        assert_eq!((stop.last_message.as_deref(), stop.stop_hook_active), (Some("done"), true));
        let bare = event("prompt", None, json!({"where": 1, "again": "yes"}));
        assert_eq!(
            (bare.cwd, bare.prompt, bare.stop_hook_active),
            (None, None, false),
            "wrong types are absent"
        );
        assert_eq!(stop.raw, raw, "the payload is kept");
    }

    #[test]
    fn asks_and_context_follow_their_sets() {
        assert!(event("pre", None, json!({})).can_ask);
        assert!(!event("pre", None, json!({"mode": "yolo"})).can_ask, "nobody is there");
        assert!(!event("post", None, json!({})).can_ask);
        assert!(event("unheard-of", None, json!({})).accepts_context);
        assert!(!Events::NONE.contains("pre"));
    }
}
