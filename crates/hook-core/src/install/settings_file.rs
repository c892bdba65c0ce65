//! Reading and writing one agent settings file: JSON, or JSONC where the agent allows it,
//! written back in the file's own indentation and line endings so a diff shows only what
//! changed.

use std::path::Path;

use serde_json::Value;

use super::error::InstallError;
use super::registration::Syntax;

/// A settings file as read from disk.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    pub value: Value,
    /// The text had comments, which writing it back would drop.
    pub had_comments: bool,
    pub style: Style,
}

/// How the file lays out its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Style {
    pub indent: String,
    pub crlf: bool,
    pub final_newline: bool,
}

impl Default for Style {
    fn default() -> Self {
        Self { indent: "  ".into(), crlf: false, final_newline: true }
    }
}

/// The file's text, or `None` when it does not exist.
pub fn read(path: &Path) -> Result<Option<String>, InstallError> {
    match fs_err::read(path) {
        Ok(bytes) => String::from_utf8(bytes).map(Some).map_err(|e| InstallError::Invalid {
            path: path.to_path_buf(),
            line: 1,
            column: 1,
            message: format!("not UTF-8 text ({e})"),
        }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(error) => Err(InstallError::File(error)),
    }
}

/// Parse `text` (the content of `path`). An empty file is an empty object, as agents read it.
pub fn parse(path: &Path, text: &str, syntax: Syntax) -> Result<Settings, InstallError> {
    let (json, had_comments) = match syntax {
        Syntax::Json => (text.to_string(), false),
        Syntax::Jsonc => strip_jsonc(text),
    };
    let value = if json.trim().is_empty() {
        Value::Object(serde_json::Map::new())
    } else {
        serde_json::from_str(&json).map_err(|e| InstallError::Invalid {
            path: path.to_path_buf(),
            line: e.line(),
            column: e.column(),
            message: without_location(&e),
        })?
    };
    Ok(Settings { value, had_comments, style: style_of(text) })
}

/// `value` as the file's text in `style`.
pub fn render(value: &Value, style: &Style) -> String {
    let mut out = Vec::new();
    let formatter = serde_json::ser::PrettyFormatter::with_indent(style.indent.as_bytes());
    let mut serializer = serde_json::Serializer::with_formatter(&mut out, formatter);
    // Serialising a `Value` into memory cannot fail: its keys are strings, its numbers finite.
    let _ = serde::Serialize::serialize(value, &mut serializer);
    let mut text = String::from_utf8_lossy(&out).into_owned();
    if style.final_newline {
        text.push('\n');
    }
    // JSON strings escape their newlines, so every raw newline is a line break.
    if style.crlf { text.replace('\n', "\r\n") } else { text }
}

/// serde_json's message without its " at line L column C" tail (we print file:line:col).
fn without_location(e: &serde_json::Error) -> String {
    let message = e.to_string();
    match message.rfind(" at line ") {
        Some(cut) => message[..cut].to_string(),
        None => message,
    }
}

fn style_of(text: &str) -> Style {
    if text.trim().is_empty() {
        return Style::default();
    }
    let indent = text
        .lines()
        .map(|line| &line[..line.len() - line.trim_start().len()])
        .find(|lead| !lead.is_empty())
        .unwrap_or("  ")
        .to_string();
    Style { indent, crlf: text.contains("\r\n"), final_newline: text.ends_with('\n') }
}

/// JSONC as plain JSON: comments and trailing commas become spaces, byte for byte, so that
/// error locations and text spans still point into the original text. Also says whether
/// there were comments.
pub(super) fn strip_jsonc(text: &str) -> (String, bool) {
    let mut out: Vec<char> = Vec::with_capacity(text.len());
    let mut had_comments = false;
    let mut chars = text.chars().peekable();
    let mut in_string = false;
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            match c {
                '\\' => out.extend(chars.next()),
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match (c, chars.peek()) {
            ('"', _) => {
                in_string = true;
                out.push(c);
            }
            ('/', Some('/')) => {
                had_comments = true;
                out.push(' ');
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                        break;
                    }
                    out.extend(std::iter::repeat_n(' ', c.len_utf8()));
                }
            }
            ('/', Some('*')) => {
                had_comments = true;
                out.extend([' ', ' ']);
                chars.next();
                let mut previous = ' ';
                for c in chars.by_ref() {
                    match c {
                        '\n' => out.push('\n'),
                        c => out.extend(std::iter::repeat_n(' ', c.len_utf8())),
                    }
                    if previous == '*' && c == '/' {
                        break;
                    }
                    previous = c;
                }
            }
            _ => out.push(c),
        }
    }
    blank_trailing_commas(&mut out);
    (out.into_iter().collect(), had_comments)
}

/// Replace each comma that is followed (after whitespace) by `}` or `]` with a space.
/// Runs after comments are blanked, so only strings need skipping.
fn blank_trailing_commas(chars: &mut [char]) {
    let mut in_string = false;
    let mut escaped = false;
    let mut pending_comma = None;
    for i in 0..chars.len() {
        let c = chars[i];
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => {
                in_string = true;
                pending_comma = None;
            }
            ',' => pending_comma = Some(i),
            '}' | ']' => {
                if let Some(comma) = pending_comma.take() {
                    chars[comma] = ' ';
                }
            }
            c if c.is_whitespace() => {}
            _ => pending_comma = None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn jsonc(text: &str) -> Settings {
        parse(Path::new("s.json"), text, Syntax::Jsonc).unwrap()
    }

    #[test]
    fn jsonc_comments_and_trailing_commas_are_read() {
        let settings = jsonc("{\n  // a note\n  \"a\": [1, 2,], /* b */\n  \"u\": \"http://x/*y*/\",\n}\n");
        assert_eq!(settings.value, serde_json::json!({"a": [1, 2], "u": "http://x/*y*/"}));
        assert!(settings.had_comments);
    }

    #[test]
    fn jsonc_without_comments_says_so() {
        assert!(!jsonc("{\"a\": \"// not a comment\",}").had_comments);
    }

    #[test]
    fn strict_json_rejects_comments_with_a_location() {
        let err = parse(Path::new("s.json"), "{\n  // no\n}", Syntax::Json).unwrap_err();
        let InstallError::Invalid { line, column, .. } = err else { panic!("{err}") };
        assert_eq!((line, column), (2, 3));
    }

    #[test]
    fn jsonc_errors_point_into_the_original_text() {
        let err = parse(Path::new("s.json"), "{ /* c */\n  \"a\": }", Syntax::Jsonc).unwrap_err();
        let InstallError::Invalid { line, .. } = err else { panic!("{err}") };
        assert_eq!(line, 2);
    }

    #[test]
    fn empty_file_is_an_empty_object() {
        assert_eq!(jsonc("  \n").value, serde_json::json!({}));
    }

    #[test]
    fn rendering_keeps_indent_line_endings_and_key_order() {
        let text = "{\r\n    \"z\": 1,\r\n    \"a\": {\r\n        \"k\": []\r\n    }\r\n}";
        let settings = jsonc(text);
        assert_eq!(render(&settings.value, &settings.style), text);
    }
}
