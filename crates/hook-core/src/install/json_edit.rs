//! Adding, finding and removing this binary's hook entries in a parsed settings document,
//! leaving every other key, every other tool's hooks and the order of everything as it was.

use serde_json::{Map, Value};

use super::command::runs_binary;
use super::registration::{HookSpec, Layout, Registration};

/// One of our entries, as found in a document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    pub event: String,
    /// The matcher it fires for (`None`: every tool, or an event without tools).
    pub matcher: Option<String>,
    pub command: String,
}

/// Where one of our handlers sits in an event's array.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Slot {
    /// Index of the array item: the group ([`Layout::Grouped`]) or the handler itself.
    item: usize,
    /// Index of the handler in the group's `hooks` array; `None` in the flat layout.
    handler: Option<usize>,
}

/// Register `command` for every hook of `registration`: our older entries are updated in
/// place, missing ones appended, duplicates of ours removed. Err says what in the document
/// has a shape the agent does not read.
pub fn add(doc: &mut Value, registration: &Registration, binary: &str, command: &str) -> Result<(), String> {
    let root = doc.as_object_mut().ok_or("the file is not a JSON object")?;
    for (key, value) in &registration.required_keys {
        if !root.contains_key(*key) {
            root.insert((*key).to_string(), value.clone());
        }
    }
    let hooks = root
        .entry("hooks")
        .or_insert_with(|| Value::Object(Map::new()))
        .as_object_mut()
        .ok_or("`hooks` is not an object")?;
    for event in events_in_order(registration) {
        let specs: Vec<&HookSpec> = registration.hooks.iter().filter(|h| h.event == event).collect();
        let entries = hooks
            .entry(event)
            .or_insert_with(|| Value::Array(Vec::new()))
            .as_array_mut()
            .ok_or_else(|| format!("`hooks.{event}` is not an array"))?;
        register_event(entries, &specs, registration, binary, command);
    }
    Ok(())
}

/// Remove every handler of ours from every event. An event array, or `hooks` itself, is
/// removed only when this removal emptied it.
pub fn remove(doc: &mut Value, registration: &Registration, binary: &str) -> Result<(), String> {
    let root = doc.as_object_mut().ok_or("the file is not a JSON object")?;
    let Some(hooks) = root.get_mut("hooks") else { return Ok(()) };
    let hooks = hooks.as_object_mut().ok_or("`hooks` is not an object")?;
    let mut emptied = Vec::new();
    for (event, entries) in hooks.iter_mut() {
        // Not an array: not something the agent runs, so nothing of ours.
        let Some(entries) = entries.as_array_mut() else { continue };
        let ours = slots(entries, registration, binary);
        if ours.is_empty() {
            continue;
        }
        for slot in ours.iter().rev() {
            remove_slot(entries, *slot);
        }
        if entries.is_empty() {
            emptied.push(event.clone());
        }
    }
    for event in &emptied {
        hooks.shift_remove(event);
    }
    if !emptied.is_empty() && hooks.is_empty() {
        root.shift_remove("hooks");
    }
    Ok(())
}

/// Our entries, in file order.
pub fn find(doc: &Value, registration: &Registration, binary: &str) -> Vec<Found> {
    let Some(hooks) = doc.get("hooks").and_then(Value::as_object) else { return Vec::new() };
    let mut found = Vec::new();
    for (event, entries) in hooks {
        let Some(entries) = entries.as_array() else { continue };
        for slot in slots(entries, registration, binary) {
            let item = &entries[slot.item];
            let handler = match slot.handler {
                Some(h) => item.get("hooks").and_then(|handlers| handlers.get(h)).unwrap_or(&Value::Null),
                None => item,
            };
            let matcher = match registration.layout {
                Layout::Grouped => item.get("matcher"),
                Layout::Flat => handler.get("matcher"),
            };
            found.push(Found {
                event: event.clone(),
                matcher: matcher.and_then(Value::as_str).map(str::to_string),
                command: own_command(handler, registration, binary).unwrap_or_default().to_string(),
            });
        }
    }
    found
}

/// Make `entries` hold exactly one handler of ours per spec.
fn register_event(
    entries: &mut Vec<Value>,
    specs: &[&HookSpec],
    registration: &Registration,
    binary: &str,
    command: &str,
) {
    let ours = slots(entries, registration, binary);
    // Back to front, so that each removal leaves the slots still to visit where they are.
    for slot in ours.iter().skip(specs.len()).rev() {
        remove_slot(entries, *slot);
    }
    let mut appended = Vec::new();
    for (i, spec) in specs.iter().enumerate().rev() {
        let handler = (registration.handler)(command, spec);
        let kept = ours.get(i).is_some_and(|slot| update_slot(entries, *slot, spec, &handler));
        if !kept {
            appended.push(new_entry(spec, handler, registration.layout));
        }
    }
    entries.extend(appended.into_iter().rev());
}

/// Update our handler at `slot` to `handler`, keeping its position and any keys the user
/// added to it. False when it cannot stay where it is: its group is shared with other
/// handlers and fires for another matcher. It is then taken out of that group.
fn update_slot(entries: &mut [Value], slot: Slot, spec: &HookSpec, handler: &Map<String, Value>) -> bool {
    let item = &mut entries[slot.item];
    let Some(h) = slot.handler else {
        merge(item, handler);
        return true;
    };
    let same_matcher = matcher_of(item) == spec.matcher.filter(|m| !is_match_all(m));
    let alone = item.get("hooks").and_then(Value::as_array).is_some_and(|handlers| handlers.len() == 1);
    if !alone && !same_matcher {
        if let Some(handlers) = item.get_mut("hooks").and_then(Value::as_array_mut) {
            handlers.remove(h);
        }
        return false;
    }
    if !same_matcher {
        set_group_matcher(item, spec.matcher);
    }
    if let Some(ours) = item.get_mut("hooks").and_then(|handlers| handlers.get_mut(h)) {
        merge(ours, handler);
    }
    true
}

/// Set `handler`'s keys on `target`: existing keys keep their place, new ones go last.
fn merge(target: &mut Value, handler: &Map<String, Value>) {
    if let Some(target) = target.as_object_mut() {
        for (key, value) in handler {
            target.insert(key.clone(), value.clone());
        }
    }
}

fn set_group_matcher(group: &mut Value, matcher: Option<&str>) {
    let Some(group) = group.as_object_mut() else { return };
    match matcher {
        Some(matcher) if group.contains_key("matcher") => {
            group.insert("matcher".into(), Value::from(matcher));
        }
        Some(matcher) => {
            // A group reads best with its matcher first, as the agents' docs write it.
            let rest = std::mem::take(group);
            group.insert("matcher".into(), Value::from(matcher));
            group.extend(rest);
        }
        None => {
            group.shift_remove("matcher");
        }
    }
}

/// A new array item for one hook.
fn new_entry(spec: &HookSpec, handler: Map<String, Value>, layout: Layout) -> Value {
    match layout {
        Layout::Flat => Value::Object(handler),
        Layout::Grouped => {
            let mut group = Map::new();
            if let Some(matcher) = spec.matcher {
                group.insert("matcher".into(), Value::from(matcher));
            }
            group.insert("hooks".into(), Value::Array(vec![Value::Object(handler)]));
            Value::Object(group)
        }
    }
}

/// Remove our handler at `slot`; a group goes with it when this left the group empty.
fn remove_slot(entries: &mut Vec<Value>, slot: Slot) {
    let Some(h) = slot.handler else {
        entries.remove(slot.item);
        return;
    };
    let Some(handlers) = entries[slot.item].get_mut("hooks").and_then(Value::as_array_mut) else { return };
    handlers.remove(h);
    if handlers.is_empty() {
        entries.remove(slot.item);
    }
}

/// Where our handlers are in `entries`, in order.
fn slots(entries: &[Value], registration: &Registration, binary: &str) -> Vec<Slot> {
    let ours = |handler: &Value| own_command(handler, registration, binary).is_some();
    let mut found = Vec::new();
    for (item, entry) in entries.iter().enumerate() {
        match registration.layout {
            Layout::Flat if ours(entry) => found.push(Slot { item, handler: None }),
            Layout::Flat => {}
            Layout::Grouped => {
                let handlers = entry.get("hooks").and_then(Value::as_array).map(Vec::as_slice).unwrap_or(&[]);
                found.extend(
                    handlers
                        .iter()
                        .enumerate()
                        .filter(|(_, handler)| ours(handler))
                        .map(|(h, _)| Slot { item, handler: Some(h) }),
                );
            }
        }
    }
    found
}

/// The command line of `handler` when it runs this binary.
fn own_command<'v>(handler: &'v Value, registration: &Registration, binary: &str) -> Option<&'v str> {
    registration
        .command_keys
        .iter()
        .filter_map(|key| handler.get(*key).and_then(Value::as_str))
        .find(|command| runs_binary(command, binary))
}

/// A group's matcher, with the spellings of "every tool" read as none.
fn matcher_of(group: &Value) -> Option<&str> {
    group.get("matcher").and_then(Value::as_str).filter(|m| !is_match_all(m))
}

fn is_match_all(matcher: &str) -> bool {
    matcher.is_empty() || matcher == "*"
}

/// The registration's event names, each once, in the order of their first hook.
fn events_in_order(registration: &Registration) -> Vec<&'static str> {
    let mut events = Vec::new();
    for hook in &registration.hooks {
        if !events.contains(&hook.event) {
            events.push(hook.event);
        }
    }
    events
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use serde_json::json;

    use super::*;
    use crate::install::registration::{Probe, ProbeAnswer, ProbeVerdict, Syntax};

    fn grouped_handler(command: &str, _: &HookSpec) -> Map<String, Value> {
        let mut handler = Map::new();
        handler.insert("command".into(), json!(command));
        handler
    }

    /// In the flat layout the handler carries its own matcher.
    fn flat_handler(command: &str, hook: &HookSpec) -> Map<String, Value> {
        let mut handler = grouped_handler(command, hook);
        if let Some(matcher) = hook.matcher {
            handler.insert("matcher".into(), json!(matcher));
        }
        handler
    }

    fn registration(layout: Layout, hooks: Vec<HookSpec>) -> Registration {
        Registration {
            syntax: Syntax::Json,
            layout,
            required_keys: vec![("version", json!(1))],
            hooks,
            handler: if layout == Layout::Flat { flat_handler } else { grouped_handler },
            command_keys: &["command", "bash"],
            probe: Probe {
                shell_event: "pre",
                payload: |_: &str, _: &Path| String::new(),
                read_answer: |_: &ProbeAnswer| ProbeVerdict::Allow,
            },
        }
    }

    fn hook(event: &'static str, matcher: Option<&'static str>) -> HookSpec {
        HookSpec { event, matcher, timeout: None }
    }

    #[test]
    fn flat_layout_adds_required_keys_and_handlers() {
        let reg = registration(Layout::Flat, vec![hook("pre", None), hook("stop", None)]);
        let mut doc = json!({"hooks": {"pre": [{"bash": "other-guard"}]}});
        add(&mut doc, &reg, "x-hook", "/bin/x-hook").unwrap();
        assert_eq!(
            doc,
            json!({"hooks": {"pre": [{"bash": "other-guard"}, {"command": "/bin/x-hook"}],
                             "stop": [{"command": "/bin/x-hook"}]},
                   "version": 1})
        );
        remove(&mut doc, &reg, "x-hook").unwrap();
        assert_eq!(doc, json!({"hooks": {"pre": [{"bash": "other-guard"}]}, "version": 1}));
    }

    #[test]
    fn any_command_key_marks_an_entry_as_ours() {
        let reg = registration(Layout::Flat, vec![hook("pre", None)]);
        let mut doc = json!({"version": 1, "hooks": {"pre": [{"bash": "/old/x-hook", "timeoutSec": 5}]}});
        add(&mut doc, &reg, "x-hook", "/new/x-hook").unwrap();
        assert_eq!(
            doc,
            json!({"version": 1, "hooks": {"pre": [{"bash": "/old/x-hook", "timeoutSec": 5, "command": "/new/x-hook"}]}})
        );
    }

    #[test]
    fn our_handler_leaves_a_shared_group_with_another_matcher() {
        let reg = registration(Layout::Grouped, vec![hook("pre", Some("Bash|Read"))]);
        let mut doc = json!({"hooks": {"pre": [
            {"matcher": "Bash", "hooks": [{"command": "/old/x-hook"}, {"command": "other-guard"}]}
        ]}});
        add(&mut doc, &reg, "x-hook", "/new/x-hook").unwrap();
        assert_eq!(
            doc["hooks"]["pre"],
            json!([
                {"matcher": "Bash", "hooks": [{"command": "other-guard"}]},
                {"matcher": "Bash|Read", "hooks": [{"command": "/new/x-hook"}]}
            ])
        );
    }

    #[test]
    fn a_group_of_our_own_gets_the_new_matcher_first() {
        let reg = registration(Layout::Grouped, vec![hook("pre", Some("Bash"))]);
        let mut doc = json!({"hooks": {"pre": [{"hooks": [{"command": "x-hook"}]}]}});
        add(&mut doc, &reg, "x-hook", "x-hook").unwrap();
        let group = doc["hooks"]["pre"][0].as_object().unwrap();
        assert_eq!(group.keys().collect::<Vec<_>>(), ["matcher", "hooks"]);
    }

    #[test]
    fn uninstall_keeps_containers_it_did_not_empty() {
        let reg = registration(Layout::Grouped, vec![hook("pre", None)]);
        let mut doc = json!({"hooks": {"stop": [], "pre": [{"hooks": [{"command": "x-hook"}]}]}});
        remove(&mut doc, &reg, "x-hook").unwrap();
        assert_eq!(doc, json!({"hooks": {"stop": []}}));
        let mut empty = json!({"hooks": {}});
        remove(&mut empty, &reg, "x-hook").unwrap();
        assert_eq!(empty, json!({"hooks": {}}));
    }

    #[test]
    fn shapes_the_agent_cannot_read_are_errors() {
        let reg = registration(Layout::Grouped, vec![hook("pre", None)]);
        assert!(add(&mut json!([]), &reg, "x-hook", "x-hook").unwrap_err().contains("not a JSON object"));
        assert!(add(&mut json!({"hooks": []}), &reg, "x-hook", "x-hook").unwrap_err().contains("`hooks`"));
        let err = add(&mut json!({"hooks": {"pre": {}}}), &reg, "x-hook", "x-hook").unwrap_err();
        assert!(err.contains("`hooks.pre` is not an array"), "{err}");
    }
}
