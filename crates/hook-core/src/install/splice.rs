//! Writing an edited settings document back as a few text edits of the original file, so
//! every byte the hooks do not own (numbers, escapes, duplicate keys, comments, whitespace,
//! line endings) stays exactly as the user wrote it.
//!
//! The edited document is compared with the parsed original: equal subtrees keep their bytes,
//! changed scalars and unmatched array items are re-rendered in place, added keys and items
//! are inserted after their last sibling at that sibling's indentation, removed ones are cut
//! with their comma. The result is parsed again and must equal the edited document; an edit
//! that is not a splice (keys reordered) is left to the caller, which renders the document.

use serde_json::Value;

use super::settings_file::{self, Style};

/// `original` edited so that it reads as `new`; `old` is what it reads as now. `None` when
/// the edit is not a splice (the caller renders the whole document).
pub fn edit(original: &str, old: &Value, new: &Value, style: &Style) -> Option<String> {
    let (plain, _) = settings_file::strip_jsonc(original);
    let root = Node::parse(&plain)?;
    let mut edits = Vec::new();
    let mut splicer = Splicer { text: original, plain: &plain, style, edits: &mut edits };
    splicer.diff(&root, old, new).then_some(())?;
    Some(apply(original, edits)).filter(|text| reads_as(text, new))
}

fn reads_as(text: &str, value: &Value) -> bool {
    let (plain, _) = settings_file::strip_jsonc(text);
    serde_json::from_str::<Value>(&plain).is_ok_and(|read| read == *value)
}

fn apply(original: &str, mut edits: Vec<Edit>) -> String {
    edits.sort_by_key(|edit| (edit.start, edit.end));
    let mut out = String::with_capacity(original.len() + 256);
    let mut at = 0;
    for edit in edits {
        out.push_str(&original[at..edit.start]);
        out.push_str(&edit.text);
        at = edit.end;
    }
    out.push_str(&original[at..]);
    out
}

/// Replace `start..end` of the original with `text` (an insertion when they are equal).
struct Edit {
    start: usize,
    end: usize,
    text: String,
}

/// A JSON value's place in the text.
struct Node {
    start: usize,
    end: usize,
    kind: Kind,
}

enum Kind {
    Scalar,
    /// Members in text order, with their decoded keys; `close` is the `}`'s offset.
    Object {
        members: Vec<(String, Node, usize)>,
        close: usize,
    },
    Array {
        items: Vec<Node>,
        close: usize,
    },
}

impl Node {
    /// The spans of `plain`, which serde_json has already accepted (comments and trailing
    /// commas blanked); `None` on anything unexpected.
    fn parse(plain: &str) -> Option<Node> {
        let mut reader = Reader { bytes: plain.as_bytes(), at: 0, depth: 0 };
        let node = reader.value()?;
        reader.blank();
        (reader.at == plain.len()).then_some(node)
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    depth: usize,
}

impl Reader<'_> {
    fn blank(&mut self) {
        while self.bytes.get(self.at).is_some_and(|b| b.is_ascii_whitespace()) {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.blank();
        self.bytes.get(self.at).copied()
    }

    fn value(&mut self) -> Option<Node> {
        // serde_json refuses deeper documents; so do we, without recursing further.
        if self.depth > 128 {
            return None;
        }
        let start = self.at_value()?;
        match self.bytes[start] {
            b'{' => self.object(start),
            b'[' => self.array(start),
            b'"' => {
                self.string()?;
                Some(Node { start, end: self.at, kind: Kind::Scalar })
            }
            _ => {
                while self.bytes.get(self.at).is_some_and(|b| !b",]} \t\r\n".contains(b)) {
                    self.at += 1;
                }
                Some(Node { start, end: self.at, kind: Kind::Scalar })
            }
        }
    }

    fn at_value(&mut self) -> Option<usize> {
        self.peek()?;
        Some(self.at)
    }

    fn string(&mut self) -> Option<String> {
        let start = self.at;
        self.at += 1;
        loop {
            match self.bytes.get(self.at)? {
                b'\\' => self.at += 2,
                b'"' => break,
                _ => self.at += 1,
            }
        }
        self.at += 1;
        serde_json::from_slice(&self.bytes[start..self.at]).ok()
    }

    fn object(&mut self, start: usize) -> Option<Node> {
        self.at += 1;
        self.depth += 1;
        let mut members = Vec::new();
        loop {
            match self.peek()? {
                b'}' => break,
                b'"' => {
                    let key_start = self.at;
                    let key = self.string()?;
                    (self.peek()? == b':').then_some(())?;
                    self.at += 1;
                    let value = self.value()?;
                    members.push((key, value, key_start));
                    if self.peek()? == b',' {
                        self.at += 1;
                    }
                }
                _ => return None,
            }
        }
        self.depth -= 1;
        let close = self.at;
        self.at += 1;
        Some(Node { start, end: self.at, kind: Kind::Object { members, close } })
    }

    fn array(&mut self, start: usize) -> Option<Node> {
        self.at += 1;
        self.depth += 1;
        let mut items = Vec::new();
        while self.peek()? != b']' {
            items.push(self.value()?);
            if self.peek()? == b',' {
                self.at += 1;
            }
        }
        self.depth -= 1;
        let close = self.at;
        self.at += 1;
        Some(Node { start, end: self.at, kind: Kind::Array { items, close } })
    }
}

struct Splicer<'a> {
    text: &'a str,
    /// `text` with comments and trailing commas blanked.
    plain: &'a str,
    style: &'a Style,
    edits: &'a mut Vec<Edit>,
}

/// An entry to add: a member's quoted key (none for an array item) and its value.
type Added<'v> = (Option<String>, &'v Value);

impl Splicer<'_> {
    /// Edits turning `node` (which reads as `old`) into `new`; false when not handled.
    fn diff(&mut self, node: &Node, old: &Value, new: &Value) -> bool {
        if old == new {
            return true;
        }
        match (&node.kind, old, new) {
            (Kind::Object { members, close }, Value::Object(old), Value::Object(new)) => {
                // serde_json keeps the last of duplicate keys; so must the edit.
                let last = |key: &str| members.iter().rposition(|(k, ..)| k == key);
                let mut kept = Vec::new();
                let mut added = Vec::new();
                for (key, value) in new {
                    match last(key) {
                        Some(i) => {
                            if !self.diff(&members[i].1, &old[key], value) {
                                return false;
                            }
                            kept.push(i);
                        }
                        None => added.push((Some(quoted(key)), value)),
                    }
                }
                // Keys that stay must keep their order for the edit to be a splice.
                if !kept.is_sorted() {
                    return false;
                }
                // Every member whose key is gone (all of a duplicate's copies).
                let removed: Vec<bool> = members.iter().map(|(k, ..)| !new.contains_key(k)).collect();
                let spans: Vec<(usize, usize)> = members.iter().map(|(_, v, key)| (*key, v.end)).collect();
                self.sequence(node.start, *close, &spans, &removed, &added);
                true
            }
            (Kind::Array { items, close }, Value::Array(old), Value::Array(new)) => {
                if old.len() == new.len() {
                    return items.iter().zip(old.iter().zip(new)).all(|(item, (o, n))| self.diff(item, o, n));
                }
                // Items removed from anywhere, items added at the end: the edits install and
                // uninstall make. Anything else is rendered whole.
                let mut removed = vec![true; old.len()];
                let mut next = 0;
                for (i, item) in old.iter().enumerate() {
                    if new.get(next) == Some(item) {
                        removed[i] = false;
                        next += 1;
                    }
                }
                let added: Vec<Added> = new[next..].iter().map(|v| (None, v)).collect();
                let spans: Vec<(usize, usize)> = items.iter().map(|item| (item.start, item.end)).collect();
                self.sequence(node.start, *close, &spans, &removed, &added);
                true
            }
            _ => {
                let text = self.render(new, &self.line_lead(node.start));
                self.edits.push(Edit { start: node.start, end: node.end, text });
                true
            }
        }
    }

    /// Cut the `removed` entries of a `{…}`/`[…]` (entries given as `start..end` spans) with
    /// their separating commas, and append `added` after the last entry kept.
    fn sequence(
        &mut self,
        open: usize,
        close: usize,
        spans: &[(usize, usize)],
        removed: &[bool],
        added: &[Added],
    ) {
        let newline = if self.style.crlf { "\r\n" } else { "\n" };
        let Some(last_kept) = (0..spans.len()).rev().find(|&i| !removed[i]) else {
            // Nothing of the old stays: the brackets hold exactly the new entries, one a line.
            let base = self.line_lead(open);
            let inner = format!("{base}{}", self.style.indent);
            let mut text = String::new();
            for (i, entry) in added.iter().enumerate() {
                text.push_str(if i == 0 { "" } else { "," });
                text.push_str(newline);
                text.push_str(&inner);
                text.push_str(&self.entry(entry, &inner));
            }
            if !added.is_empty() {
                text.push_str(newline);
                text.push_str(&base);
            }
            self.edits.push(Edit { start: open + 1, end: close, text });
            return;
        };
        let mut i = 0;
        while i < spans.len() {
            if !removed[i] {
                i += 1;
                continue;
            }
            let run_start = i;
            while i < spans.len() && removed[i] {
                i += 1;
            }
            // A run after a kept entry goes with the comma before it; a leading run with the
            // comma after it.
            let (start, end) = match run_start.checked_sub(1) {
                Some(before) => (spans[before].1, spans[i - 1].1),
                None => (spans[run_start].0, spans[i].0),
            };
            self.edits.push(Edit { start, end, text: String::new() });
        }
        let (last_start, last_end) = spans[last_kept];
        // Entries one a line stay so; entries sharing a line get the new ones on it too.
        let own_line = self.indent_of(last_start);
        let lead = own_line.clone().unwrap_or_else(|| self.line_lead(last_start));
        if added.is_empty() {
            return;
        }
        // A comment closing the last entry's line stays with that entry.
        let rest = &self.text[last_end..];
        let comment_follows = own_line.is_some()
            && ["//", "/*"].iter().any(|c| rest.trim_start_matches([' ', '\t']).starts_with(c));
        let at = match rest.find('\n') {
            Some(eol) if comment_follows && self.plain[last_end..last_end + eol].trim().is_empty() => {
                self.edits.push(Edit { start: last_end, end: last_end, text: ",".into() });
                last_end + rest[..eol].trim_end_matches('\r').len()
            }
            _ => last_end,
        };
        let mut text = String::new();
        for (i, entry) in added.iter().enumerate() {
            if i > 0 || at == last_end {
                text.push(',');
            }
            match &own_line {
                Some(indent) => {
                    text.push_str(newline);
                    text.push_str(indent);
                }
                None => text.push(' '),
            }
            text.push_str(&self.entry(entry, &lead));
        }
        self.edits.push(Edit { start: at, end: at, text });
    }

    fn entry(&self, (key, value): &Added, lead: &str) -> String {
        let value = self.render(value, lead);
        match key {
            Some(key) => format!("{key}: {value}"),
            None => value,
        }
    }

    /// The blanks that start the line `at` is on, when nothing else precedes it there.
    fn indent_of(&self, at: usize) -> Option<String> {
        let lead = &self.text[self.line_start(at)..at];
        lead.bytes().all(|b| b == b' ' || b == b'\t').then(|| lead.to_string())
    }

    /// The blanks that start the line `at` is on.
    fn line_lead(&self, at: usize) -> String {
        let line = &self.text[self.line_start(at)..at];
        line[..line.len() - line.trim_start_matches([' ', '\t']).len()].to_string()
    }

    fn line_start(&self, at: usize) -> usize {
        self.text[..at].rfind('\n').map_or(0, |n| n + 1)
    }

    /// `value` pretty-printed for a place on a line that starts with `lead`.
    fn render(&self, value: &Value, lead: &str) -> String {
        let flat = Style { indent: self.style.indent.clone(), crlf: false, final_newline: false };
        let text = settings_file::render(value, &flat);
        let newline = if self.style.crlf { "\r\n" } else { "\n" };
        text.replace('\n', &format!("{newline}{lead}"))
    }
}

fn quoted(key: &str) -> String {
    Value::String(key.to_string()).to_string()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn splice(original: &str, new: &Value) -> String {
        let (plain, _) = settings_file::strip_jsonc(original);
        let old: Value = serde_json::from_str(&plain).unwrap();
        let style =
            settings_file::parse(std::path::Path::new("s.json"), original, super::super::Syntax::Jsonc)
                .unwrap()
                .style;
        edit(original, &old, new, &style).unwrap_or_else(|| settings_file::render(new, &style))
    }

    #[test]
    fn a_key_added_at_the_end_keeps_every_other_byte() {
        let original = "{\n\t\"big\": 12345678901234567890123,\n\t\"esc\": \"caf\\u00e9\"\n}\n";
        let mut new: Value = serde_json::from_str(original).unwrap();
        new["hooks"] = json!({"Stop": [1]});
        assert_eq!(
            splice(original, &new),
            "{\n\t\"big\": 12345678901234567890123,\n\t\"esc\": \"caf\\u00e9\",\n\t\"hooks\": {\n\t\t\"Stop\": [\n\t\t\t1\n\t\t]\n\t}\n}\n"
        );
    }

    #[test]
    fn comments_crlf_and_trailing_commas_survive_an_insertion_and_its_removal() {
        let original =
            "{\r\n  // mine\r\n  \"a\": [1, 2,], /* b */\r\n  \"hooks\": {\"Pre\": [\"x\"]},\r\n}\r\n";
        let mut new = json!({"a": [1, 2], "hooks": {"Pre": ["x", "ours"]}});
        let added = splice(original, &new);
        assert_eq!(
            added,
            "{\r\n  // mine\r\n  \"a\": [1, 2,], /* b */\r\n  \"hooks\": {\"Pre\": [\"x\", \"ours\"]},\r\n}\r\n"
        );
        new["hooks"]["Pre"] = json!(["x"]);
        assert_eq!(splice(&added, &new), original);
    }

    #[test]
    fn duplicate_keys_stay_and_the_last_one_is_edited() {
        let original = "{\"x\": 1, \"h\": [], \"h\": [ ]}";
        let new = json!({"x": 1, "h": [true]});
        assert_eq!(splice(original, &new), "{\"x\": 1, \"h\": [], \"h\": [\n  true\n]}");
        assert_eq!(splice(original, &json!({"x": 1})), "{\"x\": 1}");
    }

    #[test]
    fn removed_entries_take_their_commas_with_them() {
        let original = "[\n  1,\n  2,\n  3,\n  4\n]";
        assert_eq!(splice(original, &json!([2, 4])), "[\n  2,\n  4\n]");
        assert_eq!(splice(original, &json!([1, 2])), "[\n  1,\n  2\n]");
        assert_eq!(splice(original, &json!([])), "[]");
        assert_eq!(splice("{\"a\": 1, \"b\": 2}", &json!({"b": 2})), "{\"b\": 2}");
    }

    #[test]
    fn an_empty_object_gets_its_first_key_on_its_own_line() {
        assert_eq!(splice("{}", &json!({"hooks": {}})), "{\n  \"hooks\": {}\n}");
    }

    #[test]
    fn a_reordering_is_not_a_splice() {
        let old = json!({"a": 1, "b": 2});
        assert_eq!(edit("{\"a\":1,\"b\":2}", &old, &json!({"b": 3, "a": 1}), &Style::default()), None);
    }
}
