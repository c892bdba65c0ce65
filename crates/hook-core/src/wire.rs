//! Helpers shared by agent wire formats: reading payload fields, tool arguments and patch
//! envelopes, and wording refusals the same way for every agent.

use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};

use crate::agent::{DecodeError, Response};
use crate::event::{Search, ShellCall};
use crate::shell::Dialect;
use crate::verdict::Decision;

/// Keys a shell tool's arguments hold its command under, most common first.
pub const COMMAND_KEYS: &[&str] = &["command", "cmd", "command_line"];
/// Keys a file tool's arguments hold its path under, most common first.
pub const PATH_KEYS: &[&str] = &["file_path", "filePath", "path"];
/// Lines of an `apply_patch` envelope that name a file the patch writes.
const PATCH_FILE_HEADERS: &[&str] =
    &["*** Add File: ", "*** Update File: ", "*** Delete File: ", "*** Move to: "];

/// The payload's fields, or the error every decoder gives for a payload that is not an object.
pub fn fields(raw: &Value) -> Result<&Map<String, Value>, DecodeError> {
    raw.as_object().ok_or_else(|| DecodeError::Shape("the event is not a JSON object".into()))
}

/// The string in `value`, if it is one.
pub fn text(value: Option<&Value>) -> Option<String> {
    value?.as_str().map(str::to_string)
}

/// A directory field: agents send `""` when they do not know, which is no directory at all.
pub fn dir(value: Option<&Value>) -> Option<PathBuf> {
    text(value).filter(|dir| !dir.is_empty()).map(PathBuf::from)
}

/// The first of `keys` holding a string in `object`, with that key.
pub fn first_text<'k>(object: &Value, keys: &[&'k str]) -> Option<(&'k str, String)> {
    keys.iter().find_map(|key| Some((*key, object.get(*key)?.as_str()?.to_string())))
}

/// The shell line in a shell tool's arguments, under the first of `keys` that holds one.
pub fn shell_call(arguments: &Value, keys: &[&str], dialect: Dialect) -> Option<ShellCall> {
    first_text(arguments, keys).map(|(field, line)| ShellCall { line, dialect, field: field.into() })
}

/// Tool arguments sent either as an object or as a JSON-encoded string. A string that is not
/// JSON is kept as it is (an `apply_patch` may send the bare patch).
pub fn arguments(value: &Value) -> Value {
    match value {
        Value::String(encoded) => serde_json::from_str(encoded).unwrap_or_else(|_| value.clone()),
        other => other.clone(),
    }
}

/// Files written by an `apply_patch` envelope: added, updated, deleted, and move targets.
pub fn patch_paths(patch: &str) -> Vec<PathBuf> {
    patch
        .lines()
        .filter_map(|line| PATCH_FILE_HEADERS.iter().find_map(|header| line.strip_prefix(header)))
        .map(|path| PathBuf::from(path.trim()))
        .collect()
}

/// A reason followed by the rule that gave it, so the user can find and change the rule.
pub fn with_rule(reason: &str, rule: &str) -> String {
    // Pushed rather than formatted: this is on every deny's path.
    const OPEN: &str = " [agent-hooks rule ";
    let mut text = String::with_capacity(reason.len() + OPEN.len() + rule.len() + 1);
    text.push_str(reason);
    text.push_str(OPEN);
    text.push_str(rule);
    text.push(']');
    text
}

/// Why a call is refused, for every decision that refuses it where no rewrite can be applied:
/// a deny, an ask that cannot be asked, or a rewrite, refused with what to run instead.
/// `inability` completes "which ... ", e.g. `Codex cannot do on PermissionRequest`.
pub fn refusal(decision: &Decision, inability: &str) -> Option<String> {
    match decision {
        Decision::Allow => None,
        Decision::Deny { reason, rule } | Decision::Ask { reason, rule } => Some(with_rule(reason, rule)),
        Decision::Rewrite { input, command, rule } => {
            Some(unapplied_rewrite(input, command.as_deref(), rule, inability))
        }
    }
}

/// The deny that stands for a rewrite the agent cannot apply: it names the command (or the
/// input) to use instead, so the model can retry with it.
pub fn unapplied_rewrite(input: &Value, command: Option<&str>, rule: &str, inability: &str) -> String {
    let reason = match command {
        Some(command) => format!(
            "agent-hooks rewrites this command to `{command}`, which {inability}; run `{command}` instead"
        ),
        None => format!(
            "agent-hooks rewrites this call's input to {input}, which {inability}; call the tool again with that input"
        ),
    };
    with_rule(&reason, rule)
}

/// The present parts, one per line.
pub fn lines(parts: &[Option<&str>]) -> Option<String> {
    let present: Vec<&str> = parts.iter().flatten().copied().collect();
    (!present.is_empty()).then(|| present.join("\n"))
}

/// Claude-style `hookSpecificOutput`: the event-specific answer, named after the firing event.
/// Nothing is added when there is nothing specific to say.
pub fn insert_hook_specific_output(
    out: &mut Map<String, Value>,
    event_name: &str,
    specific: Map<String, Value>,
) {
    if specific.is_empty() {
        return;
    }
    let mut with_name = Map::new();
    with_name.insert("hookEventName".into(), json!(event_name));
    with_name.extend(specific);
    out.insert("hookSpecificOutput".into(), Value::Object(with_name));
}

/// `out` as one JSON line with exit 0, or the silent allow when it is empty.
pub fn json_or_silence(out: Map<String, Value>) -> Response {
    if out.is_empty() { Response::default() } else { Response::json(&Value::Object(out)) }
}

/// A content search's roots (under the first of `root_keys` present: one string or a list)
/// and filter (the first of `include_keys`); `exclude_key` as [`Search::exclude_key`] says.
pub fn search(
    input: &Value,
    root_keys: &[&str],
    include_keys: &[&str],
    exclude_key: Option<&'static str>,
) -> Search {
    let roots = match root_keys.iter().find_map(|key| input.get(*key)) {
        Some(Value::Array(roots)) => roots.iter().filter_map(|root| text(Some(root))).collect(),
        root => text(root).into_iter().collect(),
    };
    let include = include_keys.iter().find_map(|key| text(input.get(*key)));
    Search { roots, include, exclude_key }
}

/// The files a search tool (Claude Code's `Grep`/`Glob`, Gemini CLI's `grep_search`/`glob`)
/// would read, as far as the `[files]` rules can judge them: each root (a file or a
/// directory; as [`search`] reads them) and the file filter under each, both as a path and
/// with its wildcards taken away (`.env*` names `.env`), so that a search aimed at a denied
/// file is denied like a read of it.
pub fn search_paths(input: &Value, root_keys: &[&str], glob_keys: &[&str]) -> Vec<PathBuf> {
    let roots: Vec<Option<&str>> = match root_keys.iter().find_map(|key| input.get(*key)) {
        Some(Value::Array(roots)) => roots.iter().map(Value::as_str).collect(),
        root => vec![root.and_then(Value::as_str)],
    };
    let mut paths = Vec::new();
    for root in roots {
        paths.extend(root.map(PathBuf::from));
        let base = root.map(Path::new).unwrap_or(Path::new(""));
        for glob in glob_keys.iter().filter_map(|key| text(input.get(*key))) {
            for candidate in [glob.clone(), glob.replace(['*', '?'], ""), glob.replace(['*', '?'], "x")] {
                // `**/.env` and `{a,.env}`: the last component, and each brace alternative.
                let candidate = candidate.rsplit('/').next().unwrap_or_default().to_string();
                let alternatives: Vec<String> = match candidate
                    .split_once('{')
                    .and_then(|(head, rest)| Some((head, rest.split_once('}')?)))
                {
                    Some((head, (choices, tail))) => {
                        choices.split(',').map(|choice| format!("{head}{choice}{tail}")).collect()
                    }
                    None => vec![candidate],
                };
                paths.extend(alternatives.into_iter().filter(|a| !a.is_empty()).map(|a| base.join(a)));
            }
        }
    }
    paths
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reason_names_its_rule() {
        assert_eq!(with_rule("Do not.", "rm.root"), "Do not. [agent-hooks rule rm.root]");
    }

    #[test]
    fn first_present_string_wins() {
        let args = json!({"cmd": 1, "command_line": "ls", "path": "/a"});
        assert_eq!(first_text(&args, COMMAND_KEYS), Some(("command_line", "ls".into())));
        let shell = shell_call(&args, COMMAND_KEYS, Dialect::Posix).unwrap();
        assert_eq!((shell.line.as_str(), shell.field.as_str()), ("ls", "command_line"));
        assert_eq!(first_text(&args, PATH_KEYS), Some(("path", "/a".into())));
        assert_eq!(first_text(&json!("ls"), COMMAND_KEYS), None);
    }

    #[test]
    fn directories_are_never_empty() {
        assert_eq!(dir(Some(&json!("/a"))), Some(PathBuf::from("/a")));
        assert_eq!(dir(Some(&json!(""))), None);
        assert_eq!(dir(None), None);
    }

    #[test]
    fn arguments_are_objects_or_json_strings() {
        assert_eq!(arguments(&json!({"a": 1})), json!({"a": 1}));
        assert_eq!(arguments(&json!(r#"{"a":1}"#)), json!({"a": 1}));
        assert_eq!(arguments(&json!("*** Begin Patch")), json!("*** Begin Patch"));
    }

    #[test]
    fn patch_envelope_names_every_written_file() {
        let patch = "*** Begin Patch\n*** Add File: a.rs\n+x\n*** Update File: b.rs\n*** Move to: c.rs\n\
                     @@\n-x\n+y\n*** Delete File: d.rs\n*** End Patch\n";
        assert_eq!(patch_paths(patch), ["a.rs", "b.rs", "c.rs", "d.rs"].map(PathBuf::from));
    }

    #[test]
    fn refusals_name_the_rule_and_what_to_run_instead() {
        assert_eq!(refusal(&Decision::Allow, "X cannot"), None);
        let ask = Decision::Ask { reason: "Confirm.".into(), rule: "a.b".into() };
        assert_eq!(refusal(&ask, "X cannot").as_deref(), Some("Confirm. [agent-hooks rule a.b]"));
        let rewrite = Decision::Rewrite {
            input: json!({"command": "rtk ls"}),
            command: Some("rtk ls".into()),
            rule: "r.1".into(),
        };
        assert_eq!(
            refusal(&rewrite, "X cannot do").as_deref(),
            Some(
                "agent-hooks rewrites this command to `rtk ls`, which X cannot do; run `rtk ls` instead [agent-hooks rule r.1]"
            )
        );
        let input_only = Decision::Rewrite { input: json!({"a": 1}), command: None, rule: "r.2".into() };
        assert_eq!(
            refusal(&input_only, "X cannot do").as_deref(),
            Some(
                r#"agent-hooks rewrites this call's input to {"a":1}, which X cannot do; call the tool again with that input [agent-hooks rule r.2]"#
            )
        );
    }

    #[test]
    fn hook_specific_output_is_named_and_omitted_when_empty() {
        let mut out = Map::new();
        insert_hook_specific_output(&mut out, "PreToolUse", Map::new());
        assert!(out.is_empty());
        assert_eq!(json_or_silence(out.clone()), Response::default());
        let mut specific = Map::new();
        specific.insert("additionalContext".into(), json!("c"));
        insert_hook_specific_output(&mut out, "PreToolUse", specific);
        assert_eq!(
            Value::Object(out.clone()),
            json!({"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": "c"}})
        );
        assert_eq!(json_or_silence(out).stdout.lines().count(), 1);
    }

    #[test]
    fn lines_keep_only_present_parts() {
        assert_eq!(lines(&[None, None]), None);
        assert_eq!(lines(&[Some("a"), None, Some("b")]).as_deref(), Some("a\nb"));
    }
}
