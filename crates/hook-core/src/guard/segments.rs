//! A POSIX command line cut at its top-level operators into simple commands whose words carry
//! their byte spans in the line, so that a rewrite can edit the line in place.
//!
//! The analyser reports simple commands without spans, so this reads the plain cases itself:
//! words, quotes, escapes, `;`, `&&`, `||`, `|`, `&`, newlines, redirections and comments.
//! Anything else (subshells, groups, command substitutions, heredocs, `if`/`for`/`while`
//! bodies) makes it decline the whole line: a rewrite is a convenience, and a line it does
//! not fully understand is better left alone.

use std::ops::Range;

/// One word of a simple command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Token {
    /// Where the word is in the line, quotes included.
    pub span: Range<usize>,
    /// The word after quote removal.
    pub text: String,
    /// `NAME=value` written unquoted up to the `=`.
    pub assignment: bool,
}

/// One simple command at the top level of the line.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Segment {
    /// Assignments, then the name and arguments; redirections are left out.
    pub words: Vec<Token>,
    /// Its standard input is the output of the command before it (`a | b`: true for `b`).
    pub piped_in: bool,
}

impl Segment {
    /// The leading `NAME=value` assignments and the words after them.
    pub(crate) fn split_assignments(&self) -> (&[Token], &[Token]) {
        let count = self.words.iter().take_while(|word| word.assignment).count();
        self.words.split_at(count)
    }
}

/// Words that start a compound command or negate one: the line is not a plain list.
const RESERVED: &[&str] = &[
    "!", "[[", "]]", "case", "do", "done", "elif", "else", "esac", "fi", "for", "function", "if", "select",
    "then", "until", "while",
];

/// The top-level simple commands of `line`, or `None` when the line holds anything more
/// than a list of pipelines of simple commands.
pub(crate) fn split(line: &str) -> Option<Vec<Segment>> {
    let mut reader = Reader { line, bytes: line.as_bytes(), pos: 0 };
    let mut segments = vec![Segment::default()];
    let mut redirect_target = false;
    while let Some(&byte) = reader.bytes.get(reader.pos) {
        let current = segments.last_mut()?;
        match byte {
            b' ' | b'\t' => reader.pos += 1,
            b'\\' if reader.bytes.get(reader.pos + 1) == Some(&b'\n') => reader.pos += 2,
            b'\n' | b';' | b'&' | b'|' => {
                let piped = reader.separator()?;
                if redirect_target {
                    return None;
                }
                if current.words.is_empty() {
                    // A newline may follow nothing; `; ;` and `| b` are not plain lists.
                    if byte == b'\n' {
                        continue;
                    }
                    return None;
                }
                segments.push(Segment { words: Vec::new(), piped_in: piped });
            }
            b'<' | b'>' => {
                reader.redirection()?;
                redirect_target = true;
            }
            b'#' => reader.skip_comment(),
            b'(' | b')' | b'`' => return None,
            _ => {
                let token = reader.word()?;
                if redirect_target {
                    redirect_target = false;
                } else if reader.bytes.get(reader.pos).is_some_and(|b| matches!(b, b'<' | b'>'))
                    && token.text.bytes().all(|b| b.is_ascii_digit())
                    && token.span.len() == token.text.len()
                {
                    // `2>file`: the digits name a descriptor, they are not a word.
                } else {
                    let command_position = current.words.iter().all(|word| word.assignment);
                    if command_position && !token.assignment && RESERVED.contains(&token.text.as_str()) {
                        return None;
                    }
                    if token.text == "{" || token.text == "}" {
                        return None;
                    }
                    current.words.push(token);
                }
            }
        }
    }
    if redirect_target {
        return None;
    }
    segments.retain(|segment| !segment.words.is_empty());
    Some(segments)
}

struct Reader<'l> {
    line: &'l str,
    bytes: &'l [u8],
    pos: usize,
}

impl Reader<'_> {
    /// Consume one list or pipeline operator; `Some(true)` for a pipe.
    fn separator(&mut self) -> Option<bool> {
        let rest = &self.bytes[self.pos..];
        let (length, piped) = match rest {
            [b'&', b'&', ..] | [b'|', b'|', ..] => (2, false),
            [b'|', b'&', ..] => (2, true),
            [b';', b';', ..] | [b'&', b'>', ..] => return None,
            [b'|', ..] => (1, true),
            _ => (1, false),
        };
        self.pos += length;
        Some(piped)
    }

    /// Consume a redirection operator (`<`, `>`, `>>`, `>|`, `<>`, `>&`, `<&`); heredocs,
    /// here-strings and process substitutions are declined.
    fn redirection(&mut self) -> Option<()> {
        let rest = &self.bytes[self.pos..];
        let length = match rest {
            [b'<', b'<', ..] | [b'<' | b'>', b'(', ..] => return None,
            [b'>', b'>' | b'|' | b'&', ..] | [b'<', b'>' | b'&', ..] => 2,
            _ => 1,
        };
        self.pos += length;
        Some(())
    }

    fn skip_comment(&mut self) {
        while self.bytes.get(self.pos).is_some_and(|b| *b != b'\n') {
            self.pos += 1;
        }
    }

    /// One word with quote removal; `None` for what this reader declines (`$(`, backticks,
    /// unterminated quotes).
    fn word(&mut self) -> Option<Token> {
        let start = self.pos;
        let mut text = String::new();
        let mut quoted_before_equals = false;
        let mut assignment = false;
        while let Some(&byte) = self.bytes.get(self.pos) {
            match byte {
                b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'<' | b'>' => break,
                b'(' | b')' | b'`' => return None,
                b'$' if self.bytes.get(self.pos + 1) == Some(&b'(') => return None,
                b'\'' => {
                    let end = self.line[self.pos + 1..].find('\'')? + self.pos + 1;
                    text.push_str(&self.line[self.pos + 1..end]);
                    self.pos = end + 1;
                    quoted_before_equals |= !assignment;
                }
                b'"' => {
                    self.pos += 1;
                    self.double_quoted(&mut text)?;
                    quoted_before_equals |= !assignment;
                }
                b'\\' => {
                    let escaped = self.line[self.pos + 1..].chars().next()?;
                    text.push(escaped);
                    self.pos += 1 + escaped.len_utf8();
                    quoted_before_equals |= !assignment;
                }
                _ => {
                    let c = self.line[self.pos..].chars().next()?;
                    if c == '=' && !assignment && !quoted_before_equals && is_name(&text) {
                        assignment = true;
                    }
                    text.push(c);
                    self.pos += c.len_utf8();
                }
            }
        }
        Some(Token { span: start..self.pos, text, assignment })
    }

    /// The inside of a double-quoted string, up to and including its closing quote.
    fn double_quoted(&mut self, text: &mut String) -> Option<()> {
        loop {
            let c = self.line[self.pos..].chars().next()?;
            match c {
                '"' => {
                    self.pos += 1;
                    return Some(());
                }
                '`' => return None,
                '$' if self.bytes.get(self.pos + 1) == Some(&b'(') => return None,
                '\\' => {
                    let escaped = self.line[self.pos + 1..].chars().next()?;
                    if !matches!(escaped, '"' | '\\' | '$' | '`') {
                        text.push('\\');
                    }
                    text.push(escaped);
                    self.pos += 1 + escaped.len_utf8();
                }
                _ => {
                    text.push(c);
                    self.pos += c.len_utf8();
                }
            }
        }
    }
}

/// A shell variable name.
fn is_name(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Option<Vec<Vec<String>>> {
        let segments = split(line)?;
        Some(segments.iter().map(|s| s.words.iter().map(|w| w.text.clone()).collect()).collect())
    }

    #[test]
    fn lists_and_pipelines_split_at_their_operators() {
        assert_eq!(words("cd src && git status").unwrap(), [vec!["cd", "src"], vec!["git", "status"]]);
        assert_eq!(words("a; b || c & d\ne").unwrap().len(), 5);
        let segments = split("git log | head -5").unwrap();
        assert_eq!((segments[0].piped_in, segments[1].piped_in), (false, true));
    }

    #[test]
    fn spans_point_into_the_line_with_quotes() {
        let line = "FOO='a b' git  \"status\"";
        let segment = &split(line).unwrap()[0];
        let (assignments, rest) = segment.split_assignments();
        assert_eq!(assignments.len(), 1);
        assert_eq!(&line[rest[0].span.clone()], "git");
        assert_eq!((&line[rest[1].span.clone()], rest[1].text.as_str()), ("\"status\"", "status"));
    }

    #[test]
    fn redirections_and_comments_are_not_words() {
        assert_eq!(words("git status 2>&1 >out.txt # note").unwrap(), [vec!["git", "status"]]);
        assert_eq!(words("git status>/dev/null").unwrap(), [vec!["git", "status"]]);
    }

    #[test]
    fn quoted_equals_is_not_an_assignment() {
        let segment = &split("'A'=1 x B=\"2\"").unwrap()[0];
        let flags: Vec<bool> = segment.words.iter().map(|w| w.assignment).collect();
        assert_eq!(flags, [false, false, true]);
    }

    #[test]
    fn anything_beyond_plain_lists_is_declined() {
        for line in [
            "(cd x && git status)",
            "echo $(git status)",
            "echo `git status`",
            "{ git status; }",
            "if true; then git status; fi",
            "cat <<EOF\ngit status\nEOF",
            "echo 'unterminated",
            "a ;; b",
            "| b",
            "git status >",
            "diff <(a) <(b)",
        ] {
            assert_eq!(words(line), None, "{line}");
        }
    }

    #[test]
    fn blank_lines_and_trailing_separators_are_fine() {
        assert_eq!(words("\ngit status;\n").unwrap(), [vec!["git", "status"]]);
        assert_eq!(words("").unwrap(), Vec::<Vec<String>>::new());
    }
}
