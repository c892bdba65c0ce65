//! A small reader of YAML's block structure, enough to find the commands of a compose file or
//! a CI workflow that a line writes: maps, lists, plain and quoted scalars, block scalars
//! (`|`, `>`) and one-line flow lists and maps. Anchors, tags and multi-line flow
//! collections are read as plain text; what it cannot place it leaves out.

/// A node of the document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Node {
    Scalar(String),
    List(Vec<Node>),
    Map(Vec<(String, Node)>),
}

impl Node {
    /// The value of `key` in a map.
    pub(crate) fn get(&self, key: &str) -> Option<&Node> {
        match self {
            Node::Map(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The text of a scalar.
    pub(crate) fn text(&self) -> Option<&str> {
        match self {
            Node::Scalar(text) => Some(text),
            _ => None,
        }
    }

    /// The map's entries (none for another node).
    pub(crate) fn entries(&self) -> &[(String, Node)] {
        match self {
            Node::Map(entries) => entries,
            _ => &[],
        }
    }

    /// The list's items, or a scalar as its only item.
    pub(crate) fn items(&self) -> Vec<&Node> {
        match self {
            Node::List(items) => items.iter().collect(),
            Node::Scalar(_) => vec![self],
            Node::Map(_) => Vec::new(),
        }
    }
}

/// The first document of `text`.
pub(crate) fn parse(text: &str) -> Node {
    let mut lines: Vec<(usize, String)> = text
        .lines()
        .filter(|line| {
            let trimmed = line.trim();
            !trimmed.is_empty() && !trimmed.starts_with('#') && trimmed != "---" && trimmed != "..."
        })
        .map(|line| {
            let content = line.trim_start_matches([' ', '\t']);
            (line.len() - content.len(), content.trim_end().to_string())
        })
        .collect();
    let mut at = 0;
    block(&mut lines, &mut at, 0)
}

/// The node whose lines start at `at`, indented by at least `min`.
fn block(lines: &mut [(usize, String)], at: &mut usize, min: usize) -> Node {
    let Some((indent, content)) = lines.get(*at).cloned() else { return Node::Scalar(String::new()) };
    if indent < min {
        return Node::Scalar(String::new());
    }
    if content == "-" || content.starts_with("- ") {
        return list(lines, at, indent);
    }
    if key_value(&content).is_none() {
        *at += 1;
        return Node::Scalar(unquote(&content));
    }
    let mut entries = Vec::new();
    while let Some((line_indent, content)) = lines.get(*at).cloned() {
        if line_indent != indent || content.starts_with('-') {
            break;
        }
        *at += 1;
        let Some((key, value)) = key_value(&content) else { continue };
        let node = match value {
            "" => match lines.get(*at) {
                // `steps:` followed by `- run: x` at the key's own indent is a list.
                Some((next, text)) if *next == indent && (text == "-" || text.starts_with("- ")) => {
                    list(lines, at, indent)
                }
                Some((next, _)) if *next > indent => block(lines, at, indent + 1),
                _ => Node::Scalar(String::new()),
            },
            value if value.starts_with('|') || value.starts_with('>') => {
                let mut body = Vec::new();
                let base = lines.get(*at).map_or(0, |(i, _)| *i);
                while let Some((next, text)) = lines.get(*at).filter(|(next, _)| *next > indent) {
                    body.push(format!("{}{text}", " ".repeat(next.saturating_sub(base))));
                    *at += 1;
                }
                Node::Scalar(body.join(if value.starts_with('|') { "\n" } else { " " }))
            }
            value => inline(value),
        };
        entries.push((unquote(key), node));
    }
    Node::Map(entries)
}

/// A block list whose `-` items are at `indent`.
fn list(lines: &mut [(usize, String)], at: &mut usize, indent: usize) -> Node {
    let mut items = Vec::new();
    while let Some((line_indent, content)) = lines.get(*at).cloned() {
        if line_indent != indent || !(content == "-" || content.starts_with("- ")) {
            break;
        }
        let rest = content[1..].trim_start();
        if rest.is_empty() {
            *at += 1;
            items.push(block(lines, at, indent + 1));
            continue;
        }
        // `- key: value` opens a map whose further keys line up with `key`.
        let inner = indent + (content.len() - rest.len());
        if key_value(rest).is_some() || rest.starts_with("- ") {
            lines[*at] = (inner, rest.to_string());
            items.push(block(lines, at, inner));
        } else {
            *at += 1;
            items.push(inline(rest));
        }
    }
    Node::List(items)
}

/// `key: value` (or `key:`), the key plain or quoted; `None` for other text.
fn key_value(content: &str) -> Option<(&str, &str)> {
    let end = match content.chars().next()? {
        quote @ ('"' | '\'') => content[1..].find(quote)? + 2,
        '[' | '{' => return None,
        _ => 0,
    };
    let colon = content[end..]
        .find(": ")
        .map(|at| at + end)
        .or_else(|| content.ends_with(':').then(|| content.len() - 1))?;
    let key = &content[..colon];
    (!key.is_empty() && !key.contains(" #")).then(|| (key.trim(), content[colon + 1..].trim()))
}

/// A value on the key's line: a flow list or map, or a scalar.
fn inline(value: &str) -> Node {
    if let Some(body) = value.strip_prefix('[').and_then(|v| v.strip_suffix(']')) {
        return Node::List(split_flow(body).into_iter().map(|item| Node::Scalar(unquote(item))).collect());
    }
    if let Some(body) = value.strip_prefix('{').and_then(|v| v.strip_suffix('}')) {
        let entries = split_flow(body)
            .into_iter()
            .filter_map(|item| {
                let (key, value) = item.split_once(':')?;
                Some((unquote(key.trim()), Node::Scalar(unquote(value.trim()))))
            })
            .collect();
        return Node::Map(entries);
    }
    Node::Scalar(unquote(value))
}

/// The comma-separated items of a flow collection's body, commas in quotes kept.
fn split_flow(body: &str) -> Vec<&str> {
    let mut items = Vec::new();
    let (mut start, mut quote) = (0, None);
    for (at, c) in body.char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, ',') => {
                items.push(body[start..at].trim());
                start = at + 1;
            }
            _ => {}
        }
    }
    items.push(body[start..].trim());
    items.retain(|item| !item.is_empty());
    items
}

/// A scalar's text: quotes taken off (`''` in single quotes is `'`, backslash escapes in
/// double quotes), a plain scalar's trailing ` # comment` dropped.
fn unquote(value: &str) -> String {
    if let Some(body) = value.strip_prefix('\'').and_then(|v| v.strip_suffix('\'')) {
        return body.replace("''", "'");
    }
    if let Some(body) = value.strip_prefix('"').and_then(|v| v.strip_suffix('"')) {
        return body.replace("\\\"", "\"").replace("\\n", "\n").replace("\\\\", "\\");
    }
    value.split(" #").next().unwrap_or_default().trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_compose_and_workflow_structure() {
        let compose = "services:\n  web:\n    image: alpine\n    privileged: true\n    volumes:\n      - /:/host\n      - type: bind\n        source: ~/.ssh\n        target: /k\n    command: [\"sh\", \"-c\", \"cat /host/etc/shadow\"]\n";
        let doc = parse(compose);
        let web = doc.get("services").and_then(|s| s.get("web")).expect("service");
        assert_eq!(web.get("privileged").and_then(Node::text), Some("true"));
        let volumes = web.get("volumes").expect("volumes").items();
        assert_eq!(volumes[0].text(), Some("/:/host"));
        assert_eq!(volumes[1].get("target").and_then(Node::text), Some("/k"));
        assert_eq!(web.get("command").expect("command").items().len(), 3);
        let workflow = "on: push\njobs:\n  b:\n    steps:\n    - uses: actions/checkout@v4\n    - name: t\n      run: |\n        npm ci\n        npm test\n";
        let doc = parse(workflow);
        let steps = doc.get("jobs").and_then(|j| j.get("b")).and_then(|b| b.get("steps")).expect("steps");
        assert_eq!(steps.items()[1].get("run").and_then(Node::text), Some("npm ci\nnpm test"));
    }
}
