//! cmd.exe: `&`, `&&`, `||`, `|`, `^` escapes, double quotes, `%VAR%`, parenthesised
//! blocks, and the `if`/`for` forms whose command comes after a condition.

use super::flat::{FlatCommand, FlatScript};
use super::{Dialect, Redirect, RedirectOp, Stdin, Word};

/// Split a cmd.exe command line into pipelines of commands; `true` when it is incomplete.
pub(super) fn parse(src: &str) -> (FlatScript, bool) {
    let mut parser = Parser {
        src,
        bytes: src.as_bytes(),
        pos: 0,
        incomplete: false,
        script: Vec::new(),
        pipeline: Vec::new(),
        words: Vec::new(),
        redirects: Vec::new(),
        stdin: None,
        start: 0,
        vars: Vec::new(),
    };
    parser.run();
    (parser.script, parser.incomplete)
}

/// A word, or a parenthesised block (`inner` is its text).
struct CmdWord {
    word: Word,
    block: Option<String>,
}

struct Parser<'a> {
    src: &'a str,
    bytes: &'a [u8],
    pos: usize,
    incomplete: bool,
    script: FlatScript,
    pipeline: Vec<FlatCommand>,
    words: Vec<CmdWord>,
    redirects: Vec<Redirect>,
    stdin: Option<Stdin>,
    start: usize,
    /// `set NAME=value` made earlier in the line (names lowercase): cmd.exe expands `%NAME%`
    /// again under `call` and `!NAME!` when the command runs under delayed expansion, so a
    /// later command may be spelled by them.
    vars: Vec<(String, String)>,
}

fn ends_word(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b'&' | b'|' | b'<' | b'>' | b')')
}

impl Parser<'_> {
    fn peek_at(&self, offset: usize) -> Option<u8> {
        self.bytes.get(self.pos + offset).copied()
    }

    fn slice(&self, start: usize, end: usize) -> &str {
        self.src.get(start..end.min(self.src.len())).unwrap_or_default()
    }

    fn run(&mut self) {
        while let Some(b) = self.peek_at(0) {
            match b {
                b' ' | b'\t' | b'\r' => self.pos += 1,
                b'\n' => {
                    self.pos += 1;
                    self.end_statement();
                }
                b'&' | b'|' if self.peek_at(1) == Some(b) => {
                    self.pos += 2;
                    self.end_statement();
                }
                b'&' => {
                    self.pos += 1;
                    self.end_statement();
                }
                b'|' => {
                    self.pos += 1;
                    self.end_command();
                }
                b'>' | b'<' => self.redirect(None),
                b'0'..=b'9' if matches!(self.peek_at(1), Some(b'>' | b'<')) => {
                    let fd = char::from(b).to_digit(10);
                    self.pos += 1;
                    self.redirect(fd);
                }
                b')' => {
                    self.pos += 1;
                    self.incomplete = true;
                }
                b'@' if self.words.is_empty() => self.pos += 1,
                _ if self.words.is_empty() && self.at_comment() => {
                    let rest = &self.bytes[self.pos..];
                    self.pos += rest.iter().position(|&c| c == b'\n').unwrap_or(rest.len());
                }
                _ => self.word(),
            }
        }
        self.end_statement();
    }

    /// `rem ...` and `:: ...` run nothing up to the end of the line.
    fn at_comment(&self) -> bool {
        let rest = &self.bytes[self.pos..];
        let rem = rest.len() >= 3
            && rest[..3].eq_ignore_ascii_case(b"rem")
            && rest.get(3).is_none_or(|b| b.is_ascii_whitespace());
        rem || rest.starts_with(b"::")
    }

    fn end_command(&mut self) {
        let words = std::mem::take(&mut self.words);
        let redirects = std::mem::take(&mut self.redirects);
        let stdin = self.stdin.take();
        let text = self.slice(self.start, self.pos).trim().trim_end_matches(['|', '&']).trim().to_string();
        self.start = self.pos;
        if words.is_empty() {
            return;
        }
        let expanded = self.expanded(&words, &text);
        if words[0].block.is_none() && words[0].word.text.eq_ignore_ascii_case("set") {
            // `set b=%a% /s`: the value as it is once the earlier variables are in.
            self.assignment(expanded.as_deref().unwrap_or(&text));
        } else if let Some(line) = expanded {
            // The line as cmd.exe runs it, once the variables are in, is read again.
            let nested = vec![(line, Dialect::Cmd)];
            self.pipeline.push(FlatCommand { argv: Vec::new(), redirects, stdin, text, nested, runs: false });
            return;
        }
        let (argv, nested) = command_words(words);
        let nested = nested.into_iter().map(|body| (body, Dialect::Cmd)).collect();
        let runs = !argv.is_empty();
        self.pipeline.push(FlatCommand { argv, redirects, stdin, text, nested, runs });
    }

    /// Records `set NAME=value` and `set "NAME=value"` (not `/a` sums or `/p` prompts).
    fn assignment(&mut self, text: &str) {
        let rest = text.trim_start_matches(['@', ' ']).get(3..).unwrap_or_default().trim_start();
        if rest.starts_with('/') {
            return;
        }
        let rest = match rest.strip_prefix('"') {
            Some(quoted) => quoted.rsplit_once('"').map_or(quoted, |(inside, _)| inside),
            None => rest,
        };
        let plain = |name: &str| !name.is_empty() && !name.contains([' ', '%', '!']);
        if let Some((name, value)) = rest.split_once('=').filter(|(name, _)| plain(name)) {
            let name = name.to_ascii_lowercase();
            self.vars.retain(|(known, _)| *known != name);
            self.vars.push((name, value.to_string()));
        }
    }

    /// The command's text with the variables set earlier in the line put in, when it uses one.
    fn expanded(&self, words: &[CmdWord], text: &str) -> Option<String> {
        if self.vars.is_empty() || !words.iter().any(|w| w.word.dynamic || w.block.is_some()) {
            return None;
        }
        let mut line = String::with_capacity(text.len());
        let mut changed = false;
        let mut rest = text;
        while let Some(at) = rest.find(['%', '!']) {
            line.push_str(&rest[..at]);
            let mark = &rest[at..at + 1];
            let after = &rest[at + 1..];
            let value = after.find(mark).and_then(|end| {
                let name = after[..end].to_ascii_lowercase();
                let value = self.vars.iter().rev().find(|(known, _)| *known == name)?;
                Some((value.1.as_str(), end))
            });
            match value {
                Some((value, end)) => {
                    line.push_str(value);
                    rest = &after[end + 1..];
                    changed = true;
                }
                None => {
                    line.push_str(mark);
                    rest = after;
                }
            }
        }
        line.push_str(rest);
        changed.then_some(line)
    }

    fn end_statement(&mut self) {
        self.end_command();
        if !self.pipeline.is_empty() {
            self.script.push(std::mem::take(&mut self.pipeline));
        }
        self.start = self.pos;
    }

    fn redirect(&mut self, fd: Option<u32>) {
        let input = self.peek_at(0) == Some(b'<');
        self.pos += 1;
        let op = if input {
            RedirectOp::Read
        } else if self.peek_at(0) == Some(b'>') {
            self.pos += 1;
            RedirectOp::Append
        } else {
            RedirectOp::Write
        };
        if self.peek_at(0) == Some(b'&') {
            let start = self.pos + 1;
            self.pos = start + self.bytes[start..].iter().take_while(|b| b.is_ascii_digit()).count();
            let target = Word::literal(self.slice(start, self.pos));
            self.redirects.push(Redirect { fd, op: RedirectOp::Duplicate, target });
            return;
        }
        while matches!(self.peek_at(0), Some(b' ' | b'\t')) {
            self.pos += 1;
        }
        let target = self.lex_word().word;
        if input && matches!(fd, None | Some(0)) {
            self.stdin = Some(Stdin::File(target.clone()));
        }
        self.redirects.push(Redirect { fd, op, target });
    }

    fn word(&mut self) {
        let start = self.pos;
        let word = self.lex_word();
        if self.pos == start {
            self.pos += 1;
            self.incomplete = true;
            return;
        }
        self.words.push(word);
    }

    fn lex_word(&mut self) -> CmdWord {
        let start = self.pos;
        if self.peek_at(0) == Some(b'(') {
            let end = match find_close(self.bytes, start + 1) {
                Some(end) => end,
                None => {
                    self.incomplete = true;
                    self.bytes.len()
                }
            };
            let inner = self.slice(start + 1, end.saturating_sub(1).max(start + 1)).to_string();
            self.pos = end;
            let raw = self.slice(start, end).to_string();
            return CmdWord {
                word: Word { text: raw.clone(), raw, dynamic: false, glob: false },
                block: Some(inner),
            };
        }
        let mut word = Word::default();
        while let Some(b) = self.peek_at(0) {
            match b {
                _ if ends_word(b) => break,
                b'^' => {
                    self.pos += 1;
                    match self.slice(self.pos, self.bytes.len()).chars().next() {
                        Some('\r') if self.peek_at(1) == Some(b'\n') => self.pos += 2,
                        Some('\n') => self.pos += 1,
                        Some(c) => {
                            self.pos += c.len_utf8();
                            word.text.push(c);
                        }
                        None => {}
                    }
                }
                b'"' => {
                    self.pos += 1;
                    let rest = &self.bytes[self.pos..];
                    let len = rest.iter().position(|&c| c == b'"' || c == b'\n').unwrap_or(rest.len());
                    let text = self.slice(self.pos, self.pos + len).to_string();
                    word.dynamic |= has_variable(&text);
                    word.text.push_str(&text);
                    self.pos += len;
                    if self.peek_at(0) == Some(b'"') {
                        self.pos += 1;
                    } else {
                        self.incomplete = true;
                    }
                }
                b'%' | b'!' => {
                    let rest = &self.bytes[self.pos + 1..];
                    let len = match rest.iter().position(|&c| c == b || ends_word(c)) {
                        Some(len) if rest.get(len) == Some(&b) && len > 0 => len + 2,
                        // `%1`, `%~dp0`, `%%i`: parameters and loop variables.
                        _ if b == b'%' => {
                            1 + rest.iter().take_while(|c| !ends_word(**c) && **c != b'%').count()
                        }
                        _ => 1,
                    };
                    let text = self.slice(self.pos, self.pos + len).to_string();
                    word.dynamic |= len > 1;
                    word.text.push_str(&text);
                    self.pos += len;
                }
                _ => {
                    let Some(c) = self.slice(self.pos, self.bytes.len()).chars().next() else { break };
                    self.pos += c.len_utf8();
                    word.glob |= c == '*' || c == '?';
                    word.text.push(c);
                }
            }
        }
        word.raw = self.slice(start, self.pos).to_string();
        CmdWord { word, block: None }
    }
}

fn has_variable(text: &str) -> bool {
    let percents = text.matches('%').count();
    percents >= 2 || text.matches('!').count() >= 2
}

/// The command of a statement: `if` conditions and `for` headers are removed, and
/// parenthesised blocks become nested text.
fn command_words(words: Vec<CmdWord>) -> (Vec<Word>, Vec<String>) {
    let mut nested = Vec::new();
    let mut words = std::collections::VecDeque::from(words);
    while let Some(first) = words.front() {
        if let Some(block) = &first.block {
            nested.push(block.clone());
            words.pop_front();
            continue;
        }
        let lower = first.word.text.to_ascii_lowercase();
        match lower.as_str() {
            "else" => {
                words.pop_front();
            }
            "if" => {
                words.pop_front();
                let skip = condition_length(&words);
                words.drain(..skip.min(words.len()));
            }
            "for" => {
                let body =
                    words.iter().position(|w| w.block.is_none() && w.word.text.eq_ignore_ascii_case("do"));
                let files = body.and_then(|body| loop_files(words.range(1..body)));
                words.drain(..body.map_or(words.len(), |at| at + 1));
                if let Some((var, files, recursive)) = files {
                    each_file(&mut words, &var, &files, recursive);
                }
            }
            _ => break,
        }
    }
    let argv = words.into_iter().map(|w| w.word).collect();
    (argv, nested)
}

/// The loop variable of a `for` header over files (`%f`, `%%f`), the files it takes (`ROOT\SET`
/// for `for /r ROOT`, else the set) and whether the walk is recursive. `None` for the forms
/// over numbers, lines or a command's output (`/l`, `/f`).
fn loop_files<'w>(header: impl Iterator<Item = &'w CmdWord>) -> Option<(String, String, bool)> {
    let (mut var, mut set, mut root, mut recursive) = (None, None, None, false);
    let mut expects_root = false;
    for word in header {
        let text = word.word.text.as_str();
        if let Some(block) = &word.block {
            set = block.split_whitespace().next().map(|item| item.trim_matches('"').to_string());
        } else if text.eq_ignore_ascii_case("/l") || text.eq_ignore_ascii_case("/f") {
            return None;
        } else if text.eq_ignore_ascii_case("/r") {
            recursive = true;
            expects_root = true;
        } else if expects_root && !loop_variable(text) {
            root = Some(text.to_string());
            expects_root = false;
        } else if loop_variable(text) && var.is_none() {
            var = Some(text.to_string());
            expects_root = false;
        }
    }
    let set = set?;
    let files = match root {
        Some(root) => format!("{}\\{set}", root.trim_end_matches('\\')),
        None if recursive => format!(".\\{set}"),
        None => set,
    };
    Some((var?, files, recursive))
}

/// A `for` loop's variable: `%f`, or `%%f` in a batch file.
fn loop_variable(text: &str) -> bool {
    let name = text.strip_prefix("%%").or_else(|| text.strip_prefix('%')).unwrap_or_default();
    name.len() == 1 && name.as_bytes()[0].is_ascii_alphabetic()
}

/// A loop body run once per file, read as one run over them all: the loop variable stands
/// for the files, and a recursive walk makes a delete recursive (`for /r R %f in (*) do del
/// "%f"` is `del /s R\*`).
fn each_file(words: &mut std::collections::VecDeque<CmdWord>, var: &str, files: &str, recursive: bool) {
    for word in words.iter_mut() {
        if let Some(block) = &mut word.block {
            *block = each_file_text(block, var, files, recursive);
        } else if word.word.text.contains(var) {
            word.word.text = word.word.text.replace(var, files);
            word.word.raw = word.word.text.clone();
            word.word.dynamic = has_variable(&word.word.text);
            word.word.glob |= files.contains(['*', '?']);
        }
    }
    let deletes = words.front().is_some_and(|w| {
        w.block.is_none() && ["del", "erase"].iter().any(|d| w.word.text.eq_ignore_ascii_case(d))
    });
    if recursive && deletes {
        words.insert(1, CmdWord { word: Word::literal("/s"), block: None });
    }
}

/// [`each_file`] of a body given as text (a parenthesised block, `forfiles /c "…"`).
pub(super) fn each_file_text(body: &str, var: &str, files: &str, recursive: bool) -> String {
    let mut line = body.replace(&format!("\"{var}\""), var).replace(var, &format!("\"{files}\""));
    if recursive {
        let lower = line.to_ascii_lowercase();
        let at = ["del ", "erase "].iter().find_map(|d| {
            lower
                .match_indices(d)
                .find(|(at, _)| {
                    *at == 0
                        || lower.as_bytes()[at - 1].is_ascii_whitespace()
                        || lower.as_bytes()[at - 1] == b'('
                })
                .map(|(at, _)| at + d.len())
        });
        if let Some(at) = at {
            line.insert_str(at, "/s ");
        }
    }
    line
}

/// How many words an `if` condition takes (after `if`).
fn condition_length(words: &std::collections::VecDeque<CmdWord>) -> usize {
    let text = |i: usize| words.get(i).map(|w| w.word.text.to_ascii_lowercase()).unwrap_or_default();
    let mut at = 0;
    if text(at) == "/i" {
        at += 1;
    }
    if text(at) == "not" {
        at += 1;
    }
    let first = text(at);
    if matches!(first.as_str(), "exist" | "defined" | "errorlevel" | "cmdextversion") {
        return at + 2;
    }
    if matches!(text(at + 1).as_str(), "==" | "equ" | "neq" | "lss" | "leq" | "gtr" | "geq") {
        return at + 3;
    }
    if first.ends_with("==") {
        return at + 2;
    }
    at + 1
}

/// The index just past the `)` closing a block whose inside starts at `from`.
fn find_close(bytes: &[u8], from: usize) -> Option<usize> {
    let mut depth = 1usize;
    let mut i = from;
    let mut quoted = false;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => quoted = !quoted,
            b'^' if !quoted => i += 1,
            b'(' if !quoted => depth += 1,
            b')' if !quoted => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(src: &str) -> Vec<Vec<String>> {
        parse(src)
            .0
            .into_iter()
            .flatten()
            .filter(|c| c.runs)
            .map(|c| c.argv.into_iter().map(|w| w.text).collect())
            .collect()
    }

    #[test]
    fn operators_quotes_and_escapes() {
        assert_eq!(
            run("rd /s /q \"C:\\Program Files\\x\" & del /s /q *.tmp && echo a^&b || erase x | more"),
            [
                vec!["rd", "/s", "/q", "C:\\Program Files\\x"],
                vec!["del", "/s", "/q", "*.tmp"],
                vec!["echo", "a&b"],
                vec!["erase", "x"],
                vec!["more"],
            ]
        );
    }

    #[test]
    fn echo_off_and_comments() {
        assert_eq!(
            run("@echo off\nrem rd /s /q C:\\ & x\n:: del y\nrmdir /s C:\\"),
            [vec!["echo", "off"], vec!["rmdir", "/s", "C:\\"]]
        );
    }

    #[test]
    fn variables_are_dynamic() {
        let script = parse("rd /s /q %USERPROFILE% !X! %~dp0 %%i 100%").0;
        let dynamic: Vec<bool> = script[0][0].argv.iter().map(|w| w.dynamic).collect();
        assert_eq!(dynamic, [false, false, false, true, true, true, true, false]);
    }

    #[test]
    fn if_and_for_run_their_command() {
        assert_eq!(run("if exist C:\\x rd /s /q C:\\x"), [vec!["rd", "/s", "/q", "C:\\x"]]);
        assert_eq!(run("if /i not \"%a%\"==\"b\" del x"), [vec!["del", "x"]]);
        assert_eq!(run("if %a% equ 1 del y"), [vec!["del", "y"]]);
        assert_eq!(run("for %%i in (*.txt) do del %%i"), [vec!["del", "*.txt"]]);
        assert_eq!(run("for /r C:\\x %f in (*.doc) do del \"%f\""), [vec!["del", "/s", "C:\\x\\*.doc"]]);
        assert_eq!(run("for /f %l in (a.txt) do echo %l"), [vec!["echo", "%l"]]);
        let (script, _) = parse("if exist x (rd /s x) else (del y)");
        let nested: Vec<&str> = script[0][0].nested.iter().map(|(b, _)| b.as_str()).collect();
        assert_eq!(nested, ["rd /s x", "del y"]);
    }

    #[test]
    fn variables_set_earlier_are_put_in() {
        let nested = |src: &str| -> Vec<String> {
            parse(src).0.into_iter().flatten().flat_map(|c| c.nested).map(|(body, _)| body).collect()
        };
        assert_eq!(nested("set x=del & set y= /s /q C:\\Users & call %x%%y%"), ["call del /s /q C:\\Users"]);
        assert_eq!(nested("set a=r&&set \"B=d\"&& !a!!b! /s x"), ["rd /s x"]);
        assert_eq!(nested("set a=rd&&set b=%a% /s&& call %b% x"), ["call rd /s x"]);
        assert_eq!(nested("set /p a=name? & %a% x & %USERPROFILE%"), Vec::<String>::new());
        assert_eq!(run("set x=a & echo %y% 100%"), [vec!["set", "x=a"], vec!["echo", "%y%", "100%"]]);
    }

    #[test]
    fn redirections() {
        let script = parse("dir > out.txt 2>&1 < in.txt").0;
        let command = &script[0][0];
        assert_eq!(command.argv.len(), 1);
        assert_eq!(command.redirects.len(), 3);
        assert_eq!(
            command.redirects[1],
            Redirect { fd: Some(2), op: RedirectOp::Duplicate, target: Word::literal("1") }
        );
        assert_eq!(command.stdin, Some(Stdin::File(Word::literal("in.txt"))));
    }

    #[test]
    fn broken_input_never_panics() {
        for src in ["(", ")", "\"", "^", "%", "!", "if", "for", "é^é", "(a & (b"] {
            let _ = parse(src);
        }
        assert!(parse("echo \"x").1);
    }
}
