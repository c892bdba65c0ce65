//! Quote-aware POSIX sh/bash tokenizer: words split into their parts, operators, redirections
//! and heredoc bodies.
//!
//! Substitutions (`$(...)`, backticks, `<(...)`) are not tokenized here: their closing
//! character is found with an iterative scan ([`find_close`]) and the inner text is kept for
//! the analyser, which parses it at the next depth only if the depth bound allows.

/// One piece of a word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Part {
    /// Text fixed by the source. `quoted` text came from quotes or a backslash: it is neither
    /// globbed nor split into fields.
    Literal { text: String, quoted: bool },
    /// `$name` or `${name}`.
    Param { name: String, raw: String, quoted: bool },
    /// `$(...)` or backticks; `body` is the command line inside.
    Command { body: String, raw: String, quoted: bool },
    /// `<(...)` or `>(...)`.
    Process { body: String, raw: String },
    /// Any other expansion (`$1`, `${x:-y}`, `$((1+2))`, `a=(1 2)`): known only at run time.
    Opaque { raw: String, quoted: bool },
}

/// A word as written: its parts and its source text.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(super) struct LexWord {
    pub parts: Vec<Part>,
    pub raw: String,
}

impl LexWord {
    /// The word's text when it is one unquoted literal (how reserved words are recognised).
    pub fn plain(&self) -> Option<&str> {
        match self.parts.as_slice() {
            [Part::Literal { text, quoted: false }] => Some(text),
            _ => None,
        }
    }

    fn push_char(&mut self, c: char, quoted: bool) {
        if let Some(Part::Literal { text, quoted: q }) = self.parts.last_mut() {
            if *q == quoted {
                text.push(c);
                return;
            }
        }
        self.parts.push(Part::Literal { text: c.to_string(), quoted });
    }

    fn push_str(&mut self, s: &str, quoted: bool) {
        if let Some(Part::Literal { text, quoted: q }) = self.parts.last_mut() {
            if *q == quoted {
                text.push_str(s);
                return;
            }
        }
        self.parts.push(Part::Literal { text: s.to_string(), quoted });
    }
}

/// A control operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Op {
    Semi,
    Amp,
    And,
    Or,
    Pipe,
    /// `|&`: pipes stderr too.
    PipeAll,
    LParen,
    RParen,
    /// `;;`, `;&`, `;;&`: the end of a case arm.
    CaseEnd,
    Newline,
}

/// A redirection operator; its target is the next word token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Redir {
    Read,
    Write,
    Append,
    ReadWrite,
    /// `&>`, `&>>`: stdout and stderr.
    WriteAll,
    AppendAll,
    /// `<&`
    DupIn,
    /// `>&`: a descriptor, or a file when the target is not a number.
    DupOut,
    /// `<<<`
    HereString,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum TokenKind {
    Word(LexWord),
    Op(Op),
    Redirect {
        fd: Option<u32>,
        redir: Redir,
    },
    /// `<<EOF`: the delimiter is consumed here; `body` is filled at the next newline.
    HereDoc {
        fd: Option<u32>,
        body: String,
        expand: bool,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Token {
    pub kind: TokenKind,
    pub start: usize,
    pub end: usize,
}

/// The tokens of a command line.
#[derive(Debug, Default)]
pub(super) struct Lexed {
    pub tokens: Vec<Token>,
    /// An unterminated quote, substitution or heredoc was found.
    pub incomplete: bool,
}

/// Split a command line into tokens.
pub(super) fn tokenize(src: &str) -> Lexed {
    let mut lexer = Lexer { src, bytes: src.as_bytes(), pos: 0, out: Lexed::default(), heredocs: Vec::new() };
    lexer.run();
    lexer.out
}

/// The parts of an unquoted heredoc body: like a double-quoted string without the quotes.
pub(super) fn heredoc_parts(body: &str) -> (Vec<Part>, bool) {
    let mut lexer =
        Lexer { src: body, bytes: body.as_bytes(), pos: 0, out: Lexed::default(), heredocs: Vec::new() };
    let mut word = LexWord::default();
    lexer.double_quoted(&mut word, None);
    (word.parts, lexer.out.incomplete)
}

/// A heredoc whose body starts after the next newline.
struct PendingHereDoc {
    token: usize,
    delimiter: String,
    strip_tabs: bool,
}

struct Lexer<'a> {
    src: &'a str,
    bytes: &'a [u8],
    pos: usize,
    out: Lexed,
    heredocs: Vec<PendingHereDoc>,
}

fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r')
}

fn ends_word(b: u8) -> bool {
    is_blank(b) || matches!(b, b'\n' | b';' | b'&' | b'|' | b'(' | b')' | b'<' | b'>')
}

/// A byte that stands for itself inside a word: not one that ends it, quotes, escapes,
/// expands or may open a parenthesis belonging to the word.
fn plain_in_word(b: u8) -> bool {
    !ends_word(b) && !matches!(b, b'\\' | b'\'' | b'"' | b'`' | b'$')
}

fn is_name_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// `NAME+=` at the start of `text` (an appending assignment prefix): `NAME+`.
pub(super) fn append_assignment_name(text: &str) -> Option<&str> {
    // The first `+` ends a name, so it is the only one that can start the `+=`.
    let at = text.find('+')?;
    (text[at + 1..].starts_with('=') && is_name(&text[..at])).then(|| &text[..at + 1])
}

/// `NAME=` at the start of `text` (an assignment prefix).
pub(super) fn assignment_name(text: &str) -> Option<&str> {
    let (name, _) = text.split_once('=')?;
    is_name(name).then_some(name)
}

/// The name and value of a word `env` or `sudo` sets for the command it runs: a
/// `NAME=VALUE` assignment, or an exported bash function (`BASH_FUNC_ls%%=() { …; }`), whose
/// name (`%` and all) is no shell name.
pub(super) fn env_assignment(text: &str) -> Option<(&str, &str)> {
    let (name, value) = text.split_once('=')?;
    (name.starts_with("BASH_FUNC_") || is_name(name)).then_some((name, value))
}

/// Whether `name` is a shell variable name.
fn is_name(name: &str) -> bool {
    let bytes = name.as_bytes();
    bytes.first().is_some_and(|&b| is_name_start(b)) && bytes.iter().all(|&b| is_name_byte(b))
}

impl<'a> Lexer<'a> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn peek_at(&self, offset: usize) -> Option<u8> {
        self.bytes.get(self.pos + offset).copied()
    }

    fn next_char(&self) -> Option<char> {
        self.src.get(self.pos..)?.chars().next()
    }

    fn slice(&self, start: usize, end: usize) -> &'a str {
        self.src.get(start..end).unwrap_or_default()
    }

    fn push(&mut self, kind: TokenKind, start: usize) {
        self.out.tokens.push(Token { kind, start, end: self.pos });
    }

    fn run(&mut self) {
        while let Some(b) = self.peek() {
            let start = self.pos;
            match b {
                _ if is_blank(b) => self.pos += 1,
                b'\\' if self.peek_at(1) == Some(b'\n') => self.pos += 2,
                b'\n' => {
                    self.pos += 1;
                    self.push(TokenKind::Op(Op::Newline), start);
                    self.read_heredoc_bodies();
                }
                b'#' => self.skip_comment(),
                b';' => {
                    let op = if self.peek_at(1) == Some(b';') {
                        self.pos += if self.peek_at(2) == Some(b'&') { 3 } else { 2 };
                        Op::CaseEnd
                    } else if self.peek_at(1) == Some(b'&') {
                        self.pos += 2;
                        Op::CaseEnd
                    } else {
                        self.pos += 1;
                        Op::Semi
                    };
                    self.push(TokenKind::Op(op), start);
                }
                b'&' => match (self.peek_at(1), self.peek_at(2)) {
                    (Some(b'&'), _) => self.op(Op::And, 2),
                    (Some(b'>'), Some(b'>')) => self.redirect(None, Redir::AppendAll, 3),
                    (Some(b'>'), _) => self.redirect(None, Redir::WriteAll, 2),
                    _ => self.op(Op::Amp, 1),
                },
                b'|' => match self.peek_at(1) {
                    Some(b'|') => self.op(Op::Or, 2),
                    Some(b'&') => self.op(Op::PipeAll, 2),
                    _ => self.op(Op::Pipe, 1),
                },
                b'(' => self.op(Op::LParen, 1),
                b')' => self.op(Op::RParen, 1),
                b'<' | b'>' if self.peek_at(1) == Some(b'(') => self.word(),
                b'<' | b'>' => self.redirect_operator(None),
                b'0'..=b'9' => {
                    let digits = self.bytes[self.pos..].iter().take_while(|b| b.is_ascii_digit()).count();
                    match self.peek_at(digits) {
                        Some(b'<' | b'>') if self.peek_at(digits + 1) != Some(b'(') => {
                            let fd = self.slice(self.pos, self.pos + digits).parse().ok();
                            self.pos += digits;
                            self.redirect_operator_from(fd, start);
                        }
                        _ => self.word(),
                    }
                }
                _ => self.word(),
            }
        }
        if !self.heredocs.is_empty() {
            self.out.incomplete = true;
        }
    }

    fn op(&mut self, op: Op, len: usize) {
        let start = self.pos;
        self.pos += len;
        self.push(TokenKind::Op(op), start);
    }

    fn redirect(&mut self, fd: Option<u32>, redir: Redir, len: usize) {
        let start = self.pos;
        self.pos += len;
        self.push(TokenKind::Redirect { fd, redir }, start);
    }

    fn redirect_operator(&mut self, fd: Option<u32>) {
        let start = self.pos;
        self.redirect_operator_from(fd, start);
    }

    /// At `<` or `>`, after an optional descriptor number that started at `start`.
    fn redirect_operator_from(&mut self, fd: Option<u32>, start: usize) {
        let (redir, len) = match (self.peek(), self.peek_at(1), self.peek_at(2)) {
            (Some(b'<'), Some(b'<'), Some(b'<')) => (Redir::HereString, 3),
            (Some(b'<'), Some(b'<'), Some(b'-')) => return self.heredoc(fd, start, 3, true),
            (Some(b'<'), Some(b'<'), _) => return self.heredoc(fd, start, 2, false),
            (Some(b'<'), Some(b'&'), _) => (Redir::DupIn, 2),
            (Some(b'<'), Some(b'>'), _) => (Redir::ReadWrite, 2),
            (Some(b'<'), _, _) => (Redir::Read, 1),
            (Some(b'>'), Some(b'>'), _) => (Redir::Append, 2),
            (Some(b'>'), Some(b'&'), _) => (Redir::DupOut, 2),
            (Some(b'>'), Some(b'|'), _) => (Redir::Write, 2),
            _ => (Redir::Write, 1),
        };
        self.pos += len;
        self.push(TokenKind::Redirect { fd, redir }, start);
    }

    fn heredoc(&mut self, fd: Option<u32>, start: usize, len: usize, strip_tabs: bool) {
        self.pos += len;
        while self.peek().is_some_and(is_blank) {
            self.pos += 1;
        }
        let delimiter_word = self.lex_word();
        let expand = !delimiter_word.raw.contains(['\'', '"', '\\']);
        let delimiter: String = delimiter_word
            .parts
            .iter()
            .map(|part| match part {
                Part::Literal { text, .. } => text.as_str(),
                Part::Param { raw, .. }
                | Part::Command { raw, .. }
                | Part::Process { raw, .. }
                | Part::Opaque { raw, .. } => raw.as_str(),
            })
            .collect();
        self.heredocs.push(PendingHereDoc { token: self.out.tokens.len(), delimiter, strip_tabs });
        self.push(TokenKind::HereDoc { fd, body: String::new(), expand }, start);
    }

    fn read_heredoc_bodies(&mut self) {
        for pending in std::mem::take(&mut self.heredocs) {
            let mut body = String::new();
            let mut closed = false;
            while self.pos < self.bytes.len() {
                let line_end = self.bytes[self.pos..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(self.bytes.len(), |i| self.pos + i);
                let mut line = self.slice(self.pos, line_end);
                self.pos = (line_end + 1).min(self.bytes.len());
                if pending.strip_tabs {
                    line = line.trim_start_matches('\t');
                }
                if line.trim_end_matches('\r') == pending.delimiter {
                    closed = true;
                    break;
                }
                body.push_str(line);
                body.push('\n');
            }
            if !closed {
                self.out.incomplete = true;
            }
            if let Some(TokenKind::HereDoc { body: slot, .. }) =
                self.out.tokens.get_mut(pending.token).map(|t| &mut t.kind)
            {
                *slot = body;
            }
        }
    }

    fn skip_comment(&mut self) {
        let rest = &self.bytes[self.pos..];
        self.pos += rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
    }

    fn word(&mut self) {
        let start = self.pos;
        let word = self.lex_word();
        self.push(TokenKind::Word(word), start);
    }

    /// One word, up to the next unquoted blank or operator character.
    fn lex_word(&mut self) -> LexWord {
        let start = self.pos;
        // Nearly every word is one part: room for it alone, where a first push would make
        // room for four (a 250 KB line of one-letter words spent 256 bytes a word on it).
        let mut word = LexWord { parts: Vec::with_capacity(1), raw: String::new() };
        // zsh's `=(cmd)` is `<(cmd)` through a temporary file; bash rejects it, so a line that
        // has it is meant for zsh. Its raw text is spelled `<(…)`, as the readers of a process
        // substitution look for it.
        if let (Some(b'<' | b'>' | b'='), Some(b'(')) = (self.peek(), self.peek_at(1)) {
            let body_start = self.pos + 2;
            let end = self.close(body_start, Ctx::Paren { case_depth: 0 });
            let body = self.slice(body_start, end.saturating_sub(1).max(body_start)).to_string();
            let raw = match self.peek() {
                Some(b'=') => format!("<{}", self.slice(start + 1, end)),
                _ => self.slice(start, end).to_string(),
            };
            self.pos = end;
            word.parts.push(Part::Process { body, raw });
        }
        while let Some(b) = self.peek() {
            match b {
                b'(' if self.opens_word_paren(&word) => {
                    let open = self.pos;
                    let end = self.close(open + 1, Ctx::Paren { case_depth: 0 });
                    let raw = self.slice(open, end).to_string();
                    self.pos = end;
                    if matches!(word.parts.as_slice(), [Part::Literal { quoted: false, text }] if text.ends_with('='))
                    {
                        word.parts.push(Part::Opaque { raw, quoted: false });
                    } else {
                        word.push_str(&raw, false);
                    }
                }
                // `X=<(cmd)`, `x<(cmd)`: a process substitution inside a word belongs to it.
                b'<' | b'>' if self.peek_at(1) == Some(b'(') && !word.parts.is_empty() => {
                    let open = self.pos;
                    let end = self.close(open + 2, Ctx::Paren { case_depth: 0 });
                    let body = self.slice(open + 2, end.saturating_sub(1).max(open + 2)).to_string();
                    let raw = self.slice(open, end).to_string();
                    self.pos = end;
                    word.parts.push(Part::Process { body, raw });
                }
                _ if ends_word(b) => break,
                b'\\' => {
                    self.pos += 1;
                    match self.next_char() {
                        Some('\n') => self.pos += 1,
                        Some(c) => {
                            self.pos += c.len_utf8();
                            word.push_char(c, true);
                        }
                        None => word.push_char('\\', true),
                    }
                }
                b'\'' => {
                    self.pos += 1;
                    let rest = &self.bytes[self.pos..];
                    let len = match rest.iter().position(|&b| b == b'\'') {
                        Some(len) => len,
                        None => {
                            self.out.incomplete = true;
                            rest.len()
                        }
                    };
                    let text = self.slice(self.pos, self.pos + len).to_string();
                    word.push_str(&text, true);
                    self.pos = (self.pos + len + 1).min(self.bytes.len());
                }
                b'"' => {
                    self.pos += 1;
                    self.double_quoted(&mut word, Some(b'"'));
                }
                b'`' => self.backtick(&mut word, false),
                b'$' => self.dollar(&mut word, false),
                _ => {
                    // Most of a word is plain text: take it in one run, not a char at a time.
                    // The run stops at ASCII bytes only, so it ends on a character boundary.
                    let run = self.bytes[self.pos..].iter().position(|&b| !plain_in_word(b));
                    let end = run.map_or(self.bytes.len(), |run| self.pos + run);
                    if end > self.pos {
                        word.push_str(self.slice(self.pos, end), false);
                        self.pos = end;
                        continue;
                    }
                    let Some(c) = self.next_char() else { break };
                    self.pos += c.len_utf8();
                    word.push_char(c, false);
                }
            }
        }
        word.raw = match word.parts.first() {
            Some(Part::Process { raw, .. }) if self.bytes[start] == b'=' => {
                format!("{raw}{}", self.slice(start + raw.len(), self.pos))
            }
            _ => self.slice(start, self.pos).to_string(),
        };
        word
    }

    /// A `(` inside a word that belongs to it: an array assignment `a=(1 2)` or an extglob
    /// `!(x)`, `@(x)`, `*(x)`, `+(x)`, `?(x)`.
    fn opens_word_paren(&self, word: &LexWord) -> bool {
        match word.parts.last() {
            Some(Part::Literal { text, quoted: false }) => {
                let assignment = word.parts.len() == 1
                    && text.ends_with('=')
                    && (assignment_name(text).is_some() || append_assignment_name(text).is_some());
                assignment || text.ends_with(['!', '@', '*', '+', '?'])
            }
            _ => false,
        }
    }

    /// The end (just past the closer) of a construct whose inside starts at `from`; the end
    /// of input, marked incomplete, when it is not closed.
    fn close(&mut self, from: usize, ctx: Ctx) -> usize {
        match find_close(self.bytes, from, ctx) {
            Some(end) => end,
            None => {
                self.out.incomplete = true;
                self.bytes.len()
            }
        }
    }

    /// Inside double quotes (or a heredoc body when `terminator` is `None`).
    fn double_quoted(&mut self, word: &mut LexWord, terminator: Option<u8>) {
        while let Some(b) = self.peek() {
            match b {
                _ if Some(b) == terminator => {
                    self.pos += 1;
                    return;
                }
                b'\\' => {
                    self.pos += 1;
                    match self.peek() {
                        Some(b'\n') => self.pos += 1,
                        Some(e @ (b'$' | b'`' | b'\\')) => {
                            self.pos += 1;
                            word.push_char(char::from(e), true);
                        }
                        Some(b'"') if terminator.is_some() => {
                            self.pos += 1;
                            word.push_char('"', true);
                        }
                        _ => word.push_char('\\', true),
                    }
                }
                b'`' => self.backtick(word, true),
                b'$' => self.dollar(word, true),
                _ => {
                    let Some(c) = self.next_char() else { break };
                    self.pos += c.len_utf8();
                    word.push_char(c, true);
                }
            }
        }
        if terminator.is_some() {
            self.out.incomplete = true;
        }
    }

    fn backtick(&mut self, word: &mut LexWord, quoted: bool) {
        let start = self.pos;
        let end = self.close(start + 1, Ctx::Backtick);
        let inner = self.slice(start + 1, end.saturating_sub(1).max(start + 1));
        // Inside backticks a backslash only escapes `$`, `` ` `` and `\`.
        let mut body = String::with_capacity(inner.len());
        let mut chars = inner.chars().peekable();
        while let Some(c) = chars.next() {
            match (c, chars.peek()) {
                ('\\', Some(&e @ ('$' | '`' | '\\'))) => {
                    body.push(e);
                    chars.next();
                }
                _ => body.push(c),
            }
        }
        let raw = self.slice(start, end).to_string();
        self.pos = end;
        word.parts.push(Part::Command { body, raw, quoted });
    }

    /// At `$`: a parameter, substitution, ANSI-C string or a plain dollar sign.
    fn dollar(&mut self, word: &mut LexWord, quoted: bool) {
        let start = self.pos;
        match self.peek_at(1) {
            Some(b'\'') if !quoted => {
                self.pos += 2;
                let text = self.ansi_c();
                word.push_str(&text, true);
            }
            Some(b'"') if !quoted => {
                self.pos += 2;
                self.double_quoted(word, Some(b'"'));
            }
            Some(b'(') if self.peek_at(2) == Some(b'(') => {
                let end = self.close(start + 2, Ctx::Paren { case_depth: 0 });
                self.pos = end;
                word.parts.push(Part::Opaque { raw: self.slice(start, end).to_string(), quoted });
            }
            Some(b'(') => {
                let end = self.close(start + 2, Ctx::Paren { case_depth: 0 });
                let body = self.slice(start + 2, end.saturating_sub(1).max(start + 2)).to_string();
                let raw = self.slice(start, end).to_string();
                self.pos = end;
                word.parts.push(Part::Command { body, raw, quoted });
            }
            Some(b'{') => {
                let end = self.close(start + 2, Ctx::Brace);
                let inner = self.slice(start + 2, end.saturating_sub(1).max(start + 2));
                let raw = self.slice(start, end).to_string();
                // `${@}`, `${*}`, `${1}`…`${9}` are `$@`, `$*`, `$1`…`$9`.
                let positional = matches!(inner.as_bytes(), [b'@' | b'*' | b'1'..=b'9']);
                let part = match assignment_name(&format!("{inner}=")) {
                    _ if positional && raw.ends_with('}') => {
                        Part::Param { name: inner.to_string(), raw, quoted }
                    }
                    Some(name) if end <= self.bytes.len() && raw.ends_with('}') => {
                        Part::Param { name: name.to_string(), raw, quoted }
                    }
                    _ => Part::Opaque { raw, quoted },
                };
                // `${HOME` then a blank or a newline: a bad substitution, which the shell
                // refuses before running the command; what it means is not read here.
                let name_len = inner.bytes().take_while(|b| b.is_ascii_alphanumeric() || *b == b'_').count();
                if name_len > 0 && inner.as_bytes().get(name_len).is_some_and(|b| b.is_ascii_whitespace()) {
                    self.out.incomplete = true;
                }
                self.pos = end;
                word.parts.push(part);
            }
            Some(b) if is_name_start(b) => {
                let len = self.bytes[start + 1..].iter().take_while(|&&b| is_name_byte(b)).count();
                let name = self.slice(start + 1, start + 1 + len).to_string();
                self.pos = start + 1 + len;
                word.parts.push(Part::Param { name, raw: self.slice(start, self.pos).to_string(), quoted });
            }
            // `$1`…`$9`, `$@`, `$*`: parameters a `set --` of the line may fix.
            Some(b) if (b'1'..=b'9').contains(&b) || b == b'@' || b == b'*' => {
                self.pos += 2;
                let name = (b as char).to_string();
                word.parts.push(Part::Param { name, raw: self.slice(start, self.pos).to_string(), quoted });
            }
            Some(b) if b.is_ascii_digit() || b"@*#?$!-".contains(&b) => {
                self.pos += 2;
                word.parts.push(Part::Opaque { raw: self.slice(start, self.pos).to_string(), quoted });
            }
            _ => {
                self.pos += 1;
                word.push_char('$', quoted);
            }
        }
    }

    /// The inside of `$'...'`, after the opening quote, with its escapes decoded.
    fn ansi_c(&mut self) -> String {
        let mut text = String::new();
        loop {
            let Some(c) = self.next_char() else {
                self.out.incomplete = true;
                return text;
            };
            self.pos += c.len_utf8();
            match c {
                '\'' => return text,
                '\\' => self.ansi_c_escape(&mut text),
                _ => text.push(c),
            }
        }
    }

    fn ansi_c_escape(&mut self, text: &mut String) {
        let Some(c) = self.next_char() else { return text.push('\\') };
        self.pos += c.len_utf8();
        let simple = match c {
            'n' => Some('\n'),
            't' => Some('\t'),
            'r' => Some('\r'),
            'a' => Some('\x07'),
            'b' => Some('\x08'),
            'e' | 'E' => Some('\x1b'),
            'f' => Some('\x0c'),
            'v' => Some('\x0b'),
            '\\' | '\'' | '"' | '?' => Some(c),
            _ => None,
        };
        if let Some(decoded) = simple {
            return text.push(decoded);
        }
        let (radix, max_digits) = match c {
            'x' => (16, 2),
            'u' => (16, 4),
            'U' => (16, 8),
            '0'..='7' => {
                // The first octal digit was already consumed.
                self.pos -= 1;
                (8, 3)
            }
            _ => {
                text.push('\\');
                return text.push(c);
            }
        };
        let digits = self.bytes[self.pos..]
            .iter()
            .take(max_digits)
            .take_while(|b| (**b as char).is_digit(radix))
            .count();
        let value = u32::from_str_radix(self.slice(self.pos, self.pos + digits), radix).ok();
        self.pos += digits;
        match value.and_then(char::from_u32) {
            Some(decoded) => text.push(decoded),
            None => {
                text.push('\\');
                text.push(c);
            }
        }
    }
}

/// The kind of construct being skipped by [`find_close`].
#[derive(Debug, Clone, Copy)]
pub(super) enum Ctx {
    /// `$(`, `(`, `<(`: code. `case_depth` counts open `case` statements, whose patterns end
    /// with an unbalanced `)`.
    Paren {
        case_depth: u32,
    },
    /// `${`
    Brace,
    DQuote,
    Backtick,
}

/// The index just past the character that closes the construct `outer` whose inside starts
/// at `from`, or `None` when the input ends first. Iterative with an explicit stack, so
/// nesting depth costs no call stack, and linear in the bytes scanned.
pub(super) fn find_close(bytes: &[u8], from: usize, outer: Ctx) -> Option<usize> {
    let mut stack = vec![outer];
    let mut i = from;
    while i < bytes.len() {
        let b = bytes[i];
        let next = bytes.get(i + 1).copied();
        let top = stack.last_mut()?;
        match top {
            Ctx::Paren { .. } | Ctx::Brace => match b {
                b'\\' => i += 1,
                b'\'' => match bytes[i + 1..].iter().position(|&c| c == b'\'') {
                    Some(len) => i += len + 1,
                    None => return None,
                },
                b'"' => stack.push(Ctx::DQuote),
                b'`' => stack.push(Ctx::Backtick),
                b'$' if next == Some(b'(') => {
                    stack.push(Ctx::Paren { case_depth: 0 });
                    i += 1;
                }
                b'$' if next == Some(b'{') => {
                    stack.push(Ctx::Brace);
                    i += 1;
                }
                b'}' if matches!(top, Ctx::Brace) => {
                    stack.pop();
                }
                b'(' if matches!(top, Ctx::Paren { .. }) => stack.push(Ctx::Paren { case_depth: 0 }),
                b')' => {
                    if let Ctx::Paren { case_depth } = top {
                        if *case_depth == 0 {
                            stack.pop();
                        }
                    }
                }
                b'#' if matches!(top, Ctx::Paren { .. }) && starts_word(bytes, i, from) => {
                    i += bytes[i..].iter().position(|&c| c == b'\n').unwrap_or(bytes.len() - i);
                    continue;
                }
                b'c' | b'e' if starts_word(bytes, i, from) => {
                    if let Ctx::Paren { case_depth } = top {
                        if keyword_at(bytes, i, b"case") {
                            *case_depth += 1;
                        } else if keyword_at(bytes, i, b"esac") {
                            *case_depth = case_depth.saturating_sub(1);
                        }
                    }
                }
                _ => {}
            },
            Ctx::DQuote => match b {
                b'\\' => i += 1,
                b'"' => {
                    stack.pop();
                }
                b'`' => stack.push(Ctx::Backtick),
                b'$' if next == Some(b'(') => {
                    stack.push(Ctx::Paren { case_depth: 0 });
                    i += 1;
                }
                b'$' if next == Some(b'{') => {
                    stack.push(Ctx::Brace);
                    i += 1;
                }
                _ => {}
            },
            Ctx::Backtick => match b {
                b'\\' => i += 1,
                b'`' => {
                    stack.pop();
                }
                _ => {}
            },
        }
        i += 1;
        if stack.is_empty() {
            return Some(i);
        }
    }
    None
}

fn starts_word(bytes: &[u8], i: usize, from: usize) -> bool {
    i == from
        || bytes.get(i - 1).is_some_and(|&b| is_blank(b) || matches!(b, b'\n' | b';' | b'(' | b'&' | b'|'))
}

fn keyword_at(bytes: &[u8], i: usize, keyword: &[u8]) -> bool {
    bytes[i..].starts_with(keyword) && bytes.get(i + keyword.len()).is_none_or(|&b| ends_word(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(src: &str) -> Vec<String> {
        tokenize(src)
            .tokens
            .into_iter()
            .filter_map(|t| match t.kind {
                TokenKind::Word(w) => Some(
                    w.parts
                        .iter()
                        .map(|p| match p {
                            Part::Literal { text, .. } => text.clone(),
                            Part::Param { raw, .. }
                            | Part::Command { raw, .. }
                            | Part::Process { raw, .. }
                            | Part::Opaque { raw, .. } => raw.clone(),
                        })
                        .collect(),
                ),
                _ => None,
            })
            .collect()
    }

    fn ops(src: &str) -> Vec<Op> {
        tokenize(src)
            .tokens
            .into_iter()
            .filter_map(|t| match t.kind {
                TokenKind::Op(op) => Some(op),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn quote_removal_gives_the_same_name() {
        for src in ["r''m", "\"rm\"", "\\rm", "$'rm'", "'r'\"m\"", "r\\\nm"] {
            assert_eq!(words(src), ["rm"], "{src}");
        }
    }

    #[test]
    fn ansi_c_escapes_are_decoded() {
        assert_eq!(
            words(r"$'\x72\x6d' $'a\nb' $'\162m' $'\u00e9' $'it\'s'"),
            ["rm", "a\nb", "rm", "é", "it's"]
        );
    }

    #[test]
    fn operators_split_words() {
        assert_eq!(words("a;b&&c||d|e|&f&g\nh"), ["a", "b", "c", "d", "e", "f", "g", "h"]);
        assert_eq!(
            ops("a;b&&c||d|e|&f&g\nh"),
            [Op::Semi, Op::And, Op::Or, Op::Pipe, Op::PipeAll, Op::Amp, Op::Newline]
        );
        assert_eq!(ops(";; ;& ;;& ( )"), [Op::CaseEnd, Op::CaseEnd, Op::CaseEnd, Op::LParen, Op::RParen]);
    }

    #[test]
    fn escaped_and_quoted_separators_are_data() {
        assert_eq!(words(r"echo rm \; ls"), ["echo", "rm", ";", "ls"]);
        assert!(ops(r"echo rm \; ls").is_empty());
        assert_eq!(words("echo 'a;b' \"c|d\""), ["echo", "a;b", "c|d"]);
    }

    #[test]
    fn comments_start_only_at_word_start() {
        assert_eq!(words("echo a#b # c d\nls"), ["echo", "a#b", "ls"]);
    }

    #[test]
    fn substitutions_keep_their_body() {
        let lexed = tokenize("echo \"$(rm -rf \"/\")\" `ls \\`x\\``");
        let TokenKind::Word(word) = &lexed.tokens[1].kind else { panic!("not a word") };
        assert_eq!(
            word.parts,
            [Part::Command { body: "rm -rf \"/\"".into(), raw: "$(rm -rf \"/\")".into(), quoted: true }]
        );
        let TokenKind::Word(word) = &lexed.tokens[2].kind else { panic!("not a word") };
        assert_eq!(
            word.parts,
            [Part::Command { body: "ls `x`".into(), raw: "`ls \\`x\\``".into(), quoted: false }]
        );
        assert!(!lexed.incomplete);
    }

    #[test]
    fn substitution_end_skips_quotes_and_case_patterns() {
        assert_eq!(words("echo $(echo ')' \")\" $(x) ) y"), ["echo", "$(echo ')' \")\" $(x) )", "y"]);
        assert_eq!(words("a $(case x in a) b;; esac) c"), ["a", "$(case x in a) b;; esac)", "c"]);
        assert_eq!(words("a $((1 + (2))) c"), ["a", "$((1 + (2)))", "c"]);
    }

    #[test]
    fn parameters() {
        let lexed = tokenize("$a ${b} ${c:-d} $1 \"$e\" ${@} ${2} ${10}");
        let parts: Vec<Part> = lexed
            .tokens
            .into_iter()
            .flat_map(|t| match t.kind {
                TokenKind::Word(w) => w.parts,
                _ => Vec::new(),
            })
            .collect();
        assert_eq!(
            parts,
            [
                Part::Param { name: "a".into(), raw: "$a".into(), quoted: false },
                Part::Param { name: "b".into(), raw: "${b}".into(), quoted: false },
                Part::Opaque { raw: "${c:-d}".into(), quoted: false },
                Part::Param { name: "1".into(), raw: "$1".into(), quoted: false },
                Part::Param { name: "e".into(), raw: "$e".into(), quoted: true },
                Part::Param { name: "@".into(), raw: "${@}".into(), quoted: false },
                Part::Param { name: "2".into(), raw: "${2}".into(), quoted: false },
                Part::Opaque { raw: "${10}".into(), quoted: false },
            ]
        );
    }

    #[test]
    fn redirections() {
        let kinds: Vec<TokenKind> = tokenize("a >f 2>&1 >>g <h <>i >|j &>k &>>l 3<&0 <<<w")
            .tokens
            .into_iter()
            .filter(|t| !matches!(t.kind, TokenKind::Word(_)))
            .map(|t| t.kind)
            .collect();
        let redirect = |fd, redir| TokenKind::Redirect { fd, redir };
        assert_eq!(
            kinds,
            [
                redirect(None, Redir::Write),
                redirect(Some(2), Redir::DupOut),
                redirect(None, Redir::Append),
                redirect(None, Redir::Read),
                redirect(None, Redir::ReadWrite),
                redirect(None, Redir::Write),
                redirect(None, Redir::WriteAll),
                redirect(None, Redir::AppendAll),
                redirect(Some(3), Redir::DupIn),
                redirect(None, Redir::HereString),
            ]
        );
    }

    #[test]
    fn heredoc_bodies_are_read_after_the_line() {
        let lexed = tokenize("cat <<EOF | sh\nrm -rf /\nEOF\necho done\n");
        assert!(!lexed.incomplete);
        let heredoc = lexed.tokens.iter().find_map(|t| match &t.kind {
            TokenKind::HereDoc { body, expand, .. } => Some((body.clone(), *expand)),
            _ => None,
        });
        assert_eq!(heredoc, Some(("rm -rf /\n".to_string(), true)));
        assert_eq!(words("cat <<EOF | sh\nrm -rf /\nEOF\necho done\n"), ["cat", "sh", "echo", "done"]);
    }

    #[test]
    fn heredoc_variants() {
        let body = |src: &str| {
            tokenize(src).tokens.into_iter().find_map(|t| match t.kind {
                TokenKind::HereDoc { body, expand, .. } => Some((body, expand)),
                _ => None,
            })
        };
        assert_eq!(body("cat <<-EOF\n\t\tx\n\tEOF\n"), Some(("x\n".into(), true)));
        assert_eq!(body("cat <<'EOF'\n$x\nEOF"), Some(("$x\n".into(), false)));
        assert_eq!(body("cat << \"E O\"\ny\nE O\n"), Some(("y\n".into(), false)));
        assert!(tokenize("cat <<EOF\nnever closed").incomplete);
    }

    #[test]
    fn heredoc_body_parts_find_substitutions() {
        let (parts, incomplete) = heredoc_parts("a $(rm x) \"b\"\n");
        assert!(!incomplete);
        assert!(parts.iter().any(|p| matches!(p, Part::Command { body, .. } if body == "rm x")));
    }

    #[test]
    fn process_substitution_and_arrays() {
        assert_eq!(words("diff <(ls a) >(cat)"), ["diff", "<(ls a)", ">(cat)"]);
        assert_eq!(words("a=(1 2) b"), ["a=(1 2)", "b"]);
        assert_eq!(words("a+=(1 2) b"), ["a+=(1 2)", "b"]);
        assert_eq!(append_assignment_name("a+=(x)"), Some("a+"));
        assert_eq!(append_assignment_name("x=a+=b"), None);
        assert_eq!(words("ls !(x|y) z"), ["ls", "!(x|y)", "z"]);
    }

    #[test]
    fn unterminated_quotes_are_incomplete() {
        for src in ["echo 'abc", "echo \"abc", "echo $(ls", "echo `ls", "echo ${x", "echo $'x"] {
            assert!(tokenize(src).incomplete, "{src}");
        }
    }

    #[test]
    fn multibyte_text_never_splits_a_character() {
        assert_eq!(words("échο \\é 'ü' \"ß\" $'\\é'"), ["échο", "é", "ü", "ß", "\\é"]);
        let _ = tokenize("\\");
        let _ = tokenize("$'\\");
        let _ = tokenize("`\\é");
    }
}
