//! Codex's hook trust: Codex runs a hook from `hooks.json` only when the user's `config.toml`
//! records its hash under `[hooks.state."<key>"]`, and skips the others without a word. Facts
//! from `docs/agents/codex.md` ("Trust"), checked against Codex 0.171.0 in the live suite.
//!
//! The key is `<hooks.json path>:<event in snake_case>:<group index>:<handler index>`; the hash
//! is `sha256:` and the hex SHA-256 of the compact JSON, keys sorted, of `{event_name,
//! matcher (when set), hooks: [{type, command, timeout (600 when unset), async}]}`.

use std::path::{Path, PathBuf};

use hook_core::install::runs_binary;
use serde_json::Value;
use sha2::{Digest, Sha256};
use toml_edit::{DocumentMut, Item, Table, value};

/// The user's `config.toml`, where Codex reads trust from: `$CODEX_HOME`, else `~/.codex`.
pub(crate) fn config_path(_settings: &Path, home: Option<&Path>) -> Option<PathBuf> {
    match hook_core::environment::var_os("CODEX_HOME").filter(|dir| !dir.is_empty()) {
        Some(dir) => Some(PathBuf::from(dir).join("config.toml")),
        None => Some(home?.join(".codex/config.toml")),
    }
}

/// `current` (the text of `config.toml`) with trust recorded for every hook of `binary` in
/// `doc`, the `hooks.json` at `settings`.
pub(crate) fn record(
    current: Option<&str>,
    settings: &Path,
    doc: &Value,
    binary: &str,
) -> Result<String, String> {
    let mut config: DocumentMut =
        current.unwrap_or_default().parse().map_err(|e| format!("not valid TOML: {e}"))?;
    let hooks = config.entry("hooks").or_insert_with(implicit_table);
    let state =
        hooks.as_table_like_mut().ok_or("`hooks` is not a table")?.entry("state").or_insert(implicit_table());
    let state = state.as_table_like_mut().ok_or("`hooks.state` is not a table")?;
    for (key, hash) in entries(settings, doc, binary) {
        let entry = state.entry(&key).or_insert(Item::Table(Table::new()));
        let entry =
            entry.as_table_like_mut().ok_or_else(|| format!("`hooks.state.\"{key}\"` is not a table"))?;
        entry.insert("enabled", value(true));
        entry.insert("trusted_hash", value(hash));
    }
    Ok(config.to_string())
}

fn implicit_table() -> Item {
    let mut table = Table::new();
    table.set_implicit(true);
    Item::Table(table)
}

/// The trust key and hash of every handler of `binary` in `doc`.
pub(crate) fn entries(settings: &Path, doc: &Value, binary: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let Some(events) = doc.get("hooks").and_then(Value::as_object) else { return found };
    for (event, groups) in events {
        let label = snake_case(event);
        for (group_index, group) in groups.as_array().into_iter().flatten().enumerate() {
            let matcher = group.get("matcher").and_then(Value::as_str);
            for (handler_index, handler) in
                group.get("hooks").and_then(Value::as_array).into_iter().flatten().enumerate()
            {
                let Some(command) = handler.get("command").and_then(Value::as_str) else { continue };
                if !runs_binary(command, binary) {
                    continue;
                }
                let key = format!("{}:{label}:{group_index}:{handler_index}", settings.display());
                found.push((key, hash(&label, matcher, handler)));
            }
        }
    }
    found
}

/// Codex's hash of one handler of a group.
fn hash(label: &str, matcher: Option<&str>, handler: &Value) -> String {
    let timeout = handler.get("timeout").and_then(Value::as_u64).unwrap_or(600).max(1);
    let is_async = handler.get("async").and_then(Value::as_bool).unwrap_or(false);
    let mut normalized = serde_json::Map::new();
    normalized.insert("async".into(), Value::Bool(is_async));
    normalized.insert("command".into(), handler["command"].clone());
    for optional in ["statusMessage"] {
        if let Some(set) = handler.get(optional) {
            normalized.insert(optional.into(), set.clone());
        }
    }
    normalized.insert("timeout".into(), Value::from(timeout));
    normalized.insert("type".into(), handler.get("type").cloned().unwrap_or_else(|| Value::from("command")));
    let mut identity = serde_json::Map::new();
    identity.insert("event_name".into(), Value::from(label));
    identity.insert("hooks".into(), Value::Array(vec![Value::Object(normalized)]));
    if let Some(matcher) = matcher {
        identity.insert("matcher".into(), Value::from(matcher));
    }
    let digest = Sha256::digest(canonical(&Value::Object(identity)).as_bytes());
    let hex: String = digest.iter().map(|byte| format!("{byte:02x}")).collect();
    format!("sha256:{hex}")
}

/// Compact JSON with every object's keys sorted, as Codex hashes it.
fn canonical(value: &Value) -> String {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            let fields: Vec<String> = keys
                .into_iter()
                .map(|key| format!("{}:{}", Value::from(key.as_str()), canonical(&map[key])))
                .collect();
            format!("{{{}}}", fields.join(","))
        }
        Value::Array(items) => format!("[{}]", items.iter().map(canonical).collect::<Vec<_>>().join(",")),
        other => other.to_string(),
    }
}

/// `PreToolUse` → `pre_tool_use`.
fn snake_case(event: &str) -> String {
    let mut label = String::new();
    for (at, c) in event.char_indices() {
        if c.is_ascii_uppercase() && at > 0 {
            label.push('_');
        }
        label.push(c.to_ascii_lowercase());
    }
    label
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hash Codex 0.171.0 recorded (and then ran the hook for) in a live run, for a
    /// `PreToolUse` group `{"matcher": "^Bash$", "hooks": [{"type": "command", "command":
    /// "/h/hook.sh", "timeout": 30}]}`, computed by its own algorithm.
    #[test]
    fn hashes_follow_codex() {
        let handler = serde_json::json!({"type": "command", "command": "/h/hook.sh", "timeout": 30});
        let expected = {
            let text = r#"{"event_name":"pre_tool_use","hooks":[{"async":false,"command":"/h/hook.sh","timeout":30,"type":"command"}],"matcher":"^Bash$"}"#;
            let digest = Sha256::digest(text.as_bytes());
            format!("sha256:{}", digest.iter().map(|b| format!("{b:02x}")).collect::<String>())
        };
        assert_eq!(hash("pre_tool_use", Some("^Bash$"), &handler), expected);
        assert_eq!(snake_case("UserPromptSubmit"), "user_prompt_submit");
    }

    #[test]
    fn trust_is_recorded_for_our_entries_only_and_keeps_the_rest_of_the_file() {
        let doc = serde_json::json!({"hooks": {
            "PreToolUse": [
                {"matcher": "^Bash$", "hooks": [{"type": "command", "command": "/bin/other-tool"}]},
                {"matcher": "^Bash$|^apply_patch$", "hooks": [{"type": "command", "command": "/opt/bin/codex-hook", "timeout": 30}]}
            ],
            "Stop": [{"hooks": [{"type": "command", "command": "/opt/bin/codex-hook"}]}]
        }});
        let current = "model = \"gpt-5\"\n\n[model_providers.x]\nbase_url = \"http://127.0.0.1\"\n";
        let settings = Path::new("/home/u/.codex/hooks.json");
        let text = record(Some(current), settings, &doc, "codex-hook").unwrap();
        assert!(text.starts_with(current), "{text}");
        assert!(text.contains("[hooks.state.\"/home/u/.codex/hooks.json:pre_tool_use:1:0\"]"), "{text}");
        assert!(text.contains("[hooks.state.\"/home/u/.codex/hooks.json:stop:0:0\"]"), "{text}");
        assert!(!text.contains("pre_tool_use:0:0"), "{text}");
        assert_eq!(text.matches("enabled = true").count(), 2);
        // Recording again changes nothing.
        assert_eq!(record(Some(&text), settings, &doc, "codex-hook").unwrap(), text);
        assert!(record(Some("hooks = 3\n"), settings, &doc, "codex-hook").is_err());
    }
}
