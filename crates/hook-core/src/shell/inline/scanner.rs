//! The scan of call-syntax languages (Python, JavaScript, Perl, Ruby, PHP, Lua, R, Julia,
//! AppleScript, awk): strings and comments skipped, each dotted name looked up in its
//! language's table, the arguments of a known call read as literals where they are literals.

use super::language::{Effect, Language};
use super::{Finding, is_one_expansion};
use crate::shell::Word;

/// The languages' ways of naming the home directory.
const HOME_EXPRESSIONS: &[&str] = &[
    "process.env.HOME",
    "process.env['HOME']",
    "process.env[\"HOME\"]",
    "os.homedir()",
    "require('os').homedir()",
    "require(\"os\").homedir()",
    "os.path.expanduser('~')",
    "os.path.expanduser(\"~\")",
    "os.environ['HOME']",
    "os.environ[\"HOME\"]",
    "os.getenv('HOME')",
    "os.getenv(\"HOME\")",
    "str(Path.home())",
    "Path.home()",
    "pathlib.Path.home()",
    "Dir.home",
    "ENV['HOME']",
    "ENV[\"HOME\"]",
    "$ENV{HOME}",
    "$ENV{'HOME'}",
    "getenv('HOME')",
    "getenv(\"HOME\")",
    "$_SERVER['HOME']",
];

/// A path built from the home directory and a literal (`os.homedir() + '/.bashrc'`,
/// `path.join(os.homedir(), '.ssh')`, `Path.home() / '.aws'`, `"$ENV{HOME}/.bashrc"`,
/// `"#{Dir.home}/.ssh"`), as `~/…`; `None` for anything else.
fn home_path(text: &str, language: Language) -> Option<String> {
    let text = text.trim();
    // `path.join(HOME, 'a', 'b')`, `os.path.join(…)`, `File.join(…)`, `path.resolve(…)`.
    for join in ["path.join(", "os.path.join(", "File.join(", "path.resolve(", "Join-Path("] {
        if let Some(inner) = text.strip_prefix(join).and_then(|rest| rest.strip_suffix(')')) {
            let mut parts = inner.split(',').map(str::trim);
            let home = parts.next()?;
            HOME_EXPRESSIONS.contains(&home).then_some(())?;
            let rest: Option<Vec<String>> =
                parts.map(|part| literal(part, language).map(|(value, _)| value)).collect();
            return Some(format!("~/{}", rest?.join("/").trim_start_matches('/')));
        }
    }
    // `HOME + '/x'`, `HOME . '/x'` (Perl, PHP), `HOME / 'x'` (pathlib).
    if let Some(home) = HOME_EXPRESSIONS.iter().find(|home| text.starts_with(**home)) {
        // The bare home directory is the scanner's own `$HOME` finding.
        let rest = text[home.len()..].trim_start();
        let rest = rest.strip_prefix(['+', '.', '/'])?.trim_start();
        let (value, _) = literal(rest, language)?;
        return Some(format!("~/{}", value.trim_start_matches('/')));
    }
    // `"$ENV{HOME}/.bashrc"`, `"#{Dir.home}/.ssh"`, `f"{Path.home()}/.aws"`, `` `${os.homedir()}/x` ``.
    let (value, true) = literal(text, language)? else { return None };
    let home = [
        "$ENV{HOME}",
        "#{Dir.home}",
        "#{ENV['HOME']}",
        "{Path.home()}",
        "{os.path.expanduser('~')}",
        "${process.env.HOME}",
        "${os.homedir()}",
        "{os.environ['HOME']}",
    ]
    .iter()
    .find(|home| value.starts_with(**home))?;
    let rest = &value[home.len()..];
    (rest.is_empty() || rest.starts_with('/')).then(|| format!("~{rest}"))
}

/// How far one call's arguments are read, how far all of them are, and how many findings
/// one piece of code may give: hostile code like `system(system(...` must stay linear.
const MAX_ARGUMENTS: usize = 16 * 1024;
pub(super) const MAX_ALL_ARGUMENTS: usize = 256 * 1024;
const MAX_FINDINGS: usize = 256;

pub(super) struct Scanner<'a> {
    pub language: Language,
    pub code: &'a str,
    pub bytes: &'a [u8],
    pub findings: Vec<Finding>,
    /// Bytes of call arguments that may still be read.
    pub argument_budget: usize,
}

/// One argument of a call.
#[derive(Debug)]
enum Arg {
    /// A string literal: its value, and whether it interpolates run-time values.
    Str(String, bool),
    List(Vec<String>),
    Other(String),
}

impl Scanner<'_> {
    pub(super) fn run(mut self) -> Vec<Finding> {
        let mut i = 0;
        while i < self.bytes.len() && self.findings.len() < MAX_FINDINGS {
            let b = self.bytes[i];
            if self.language.line_comment(self.bytes, i) {
                i += self.bytes[i..].iter().position(|&c| c == b'\n').unwrap_or(self.bytes.len() - i);
            } else if b == b'/'
                && self.bytes.get(i + 1) == Some(&b'*')
                && matches!(self.language, Language::Node | Language::Php)
            {
                i = find(self.bytes, i + 2, b"*/").map_or(self.bytes.len(), |end| end + 2);
            } else if self.language == Language::AppleScript
                && self.bytes[i..].starts_with(b"do shell script")
            {
                i = self.apple_shell_script(i + b"do shell script".len());
            } else if b == b'`' && self.language != Language::Node {
                let end = self.bytes[i + 1..]
                    .iter()
                    .position(|&c| c == b'`')
                    .map_or(self.bytes.len(), |n| i + 1 + n);
                self.findings.push(Finding::Shell(self.slice(i + 1, end).to_string()));
                i = end + 1;
            } else if b == b'\'' || b == b'"' || b == b'`' {
                i = string_end(self.bytes, i, self.language);
            } else if b.is_ascii_alphabetic() || b == b'_' {
                i = self.identifier(i);
            } else if b == b'%' && self.language == Language::Ruby && self.bytes.get(i + 1) == Some(&b'x') {
                i = self.quoted_command(i + 2);
            } else {
                i += 1;
            }
        }
        self.findings
    }

    /// AppleScript's `do shell script "..."`: the string after it, or unknown text.
    fn apple_shell_script(&mut self, mut at: usize) -> usize {
        while self.bytes.get(at).is_some_and(u8::is_ascii_whitespace) {
            at += 1;
        }
        let end = if self.bytes.get(at) == Some(&b'"') {
            string_end(self.bytes, at, self.language)
        } else {
            self.bytes[at..].iter().position(|&c| c == b'\n').map_or(self.bytes.len(), |n| at + n)
        };
        let text = self.slice(at, end).to_string();
        let rest_of_line = self.bytes[end..].iter().take_while(|&&c| c != b'\n').all(u8::is_ascii_whitespace);
        match literal(&text, self.language) {
            Some((line, false)) if rest_of_line => self.findings.push(Finding::Shell(line)),
            _ => self.findings.push(Finding::Opaque { call: "do shell script".into(), argument: text }),
        }
        end
    }

    fn slice(&self, start: usize, end: usize) -> &str {
        self.code.get(start..end.min(self.code.len())).unwrap_or_default()
    }

    /// `%x(...)` and `qx(...)`: a command between delimiters starting at `open`.
    fn quoted_command(&mut self, open: usize) -> usize {
        let Some(&delimiter) = self.bytes.get(open) else { return open };
        let close = match delimiter {
            b'(' => b')',
            b'{' => b'}',
            b'[' => b']',
            b'<' => b'>',
            _ if delimiter.is_ascii_punctuation() => delimiter,
            _ => return open,
        };
        let end = self.bytes[open + 1..]
            .iter()
            .position(|&c| c == close)
            .map_or(self.bytes.len(), |n| open + 1 + n);
        self.findings.push(Finding::Shell(self.slice(open + 1, end).to_string()));
        end + 1
    }

    /// At the start of an identifier: read the dotted path and check it for a known call.
    fn identifier(&mut self, start: usize) -> usize {
        let mut end = start;
        while end < self.bytes.len() {
            let b = self.bytes[end];
            let joins = (b == b'.' || (b == b':' && self.bytes.get(end + 1) == Some(&b':')))
                && self
                    .bytes
                    .get(end + 1 + usize::from(b == b':'))
                    .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_');
            if b.is_ascii_alphanumeric() || b == b'_' {
                end += 1;
            } else if joins {
                end += if b == b':' { 2 } else { 1 };
            } else {
                break;
            }
        }
        let path = self.slice(start, end).to_string();
        let sigil = start > 0 && matches!(self.bytes[start - 1], b'$' | b'@' | b'%');
        if sigil {
            return end;
        }
        if self.language == Language::Perl && path == "qx" {
            return self.quoted_command(end);
        }
        let (qualifier, name) = match path.rfind(['.', ':']) {
            Some(dot) => (path[..dot].trim_end_matches(':'), &path[dot + 1..]),
            None => ("", path.as_str()),
        };
        let table = self.language.table();
        let Some(&(_, _, effect)) = table.iter().find(|(function, qualifiers, _)| {
            *function == name && (qualifiers.is_empty() || qualifiers.contains(&qualifier))
        }) else {
            return end;
        };
        let Some((args, raw, close)) = self.call_arguments(end) else { return end };
        let effect = match effect {
            Effect::PathObject => match self.method_after(close) {
                Some(("read_text" | "read_bytes", _)) => Effect::Read,
                Some(("write_text" | "write_bytes" | "unlink", _)) => Effect::Write,
                Some(("open", args)) => {
                    // `open("w")` or `open(mode="w")`.
                    let positional = matches!(args.first(), Some(Arg::Str(mode, _)) if is_write_mode(mode));
                    let keyword = args.iter().any(|arg| match arg {
                        Arg::Other(text) => text.strip_prefix("mode").is_some_and(|rest| {
                            let value = rest.trim_start().strip_prefix('=').unwrap_or("").trim();
                            literal(value, Language::Python).is_some_and(|(mode, _)| is_write_mode(&mode))
                        }),
                        Arg::Str(..) | Arg::List(_) => false,
                    });
                    let write = positional || keyword;
                    if write { Effect::Write } else { Effect::Read }
                }
                _ => return end,
            },
            effect => effect,
        };
        self.record(effect, &path, args, &raw);
        end
    }

    /// The method called on the value of a call whose arguments end at `close`
    /// (`Path(p).read_text()`), with its arguments.
    fn method_after(&mut self, close: usize) -> Option<(&'static str, Vec<Arg>)> {
        const METHODS: [&str; 6] = ["read_text", "read_bytes", "write_text", "write_bytes", "open", "unlink"];
        let rest = self.bytes.get(close + 1..)?;
        let skipped = rest.iter().take_while(|b| b.is_ascii_whitespace()).count();
        let after_dot = rest.get(skipped..)?.strip_prefix(b".")?;
        let name = METHODS.into_iter().find(|method| {
            after_dot.starts_with(method.as_bytes())
                && !after_dot.get(method.len()).is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
        })?;
        let name_end = close + 1 + skipped + 1 + name.len();
        let (args, ..) = self.call_arguments(name_end)?;
        Some((name, args))
    }

    /// The arguments of a call starting at `at` (after the name): in parentheses, or for perl
    /// and ruby up to the end of the statement.
    /// With the position where they end (the closing parenthesis, if any).
    fn call_arguments(&mut self, at: usize) -> Option<(Vec<Arg>, String, usize)> {
        let mut i = at;
        while self.bytes.get(i).is_some_and(|b| *b == b' ' || *b == b'\t') {
            i += 1;
        }
        let parens = self.bytes.get(i) == Some(&b'(');
        // Perl's list operators also take a call or a variable: `unlink glob("~/*")`, `unlink $f`.
        let bare_call = matches!(self.language, Language::Perl | Language::Ruby)
            && matches!(self.bytes.get(i), Some(b'\'' | b'"'))
            || self.language == Language::Perl
                && self.bytes.get(i).is_some_and(|b| b.is_ascii_alphabetic() || *b == b'$');
        if !parens && !bare_call {
            return None;
        }
        let start = if parens { i + 1 } else { i };
        let mut depth = 0usize;
        let mut args = Vec::new();
        let mut arg_start = start;
        let mut j = start;
        let limit = self.bytes.len().min(start + MAX_ARGUMENTS.min(self.argument_budget));
        while j < limit {
            let b = self.bytes[j];
            match b {
                b'\'' | b'"' | b'`' => {
                    j = string_end(self.bytes, j, self.language);
                    continue;
                }
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' if depth > 0 => depth -= 1,
                b')' if parens => break,
                b';' | b'\n' if !parens => break,
                b',' if depth == 0 => {
                    args.push(self.slice(arg_start, j).trim().to_string());
                    arg_start = j + 1;
                }
                _ => {}
            }
            j += 1;
        }
        self.argument_budget = self.argument_budget.saturating_sub(j - start);
        let last = self.slice(arg_start, j).trim().to_string();
        if !last.is_empty() {
            args.push(last);
        }
        let raw = self.slice(start, j).to_string();
        Some((args.iter().map(|a| self.argument(a)).collect(), raw, j))
    }

    fn argument(&self, text: &str) -> Arg {
        if let Some(path) = home_path(text, self.language) {
            return Arg::Str(path, false);
        }
        // `'.e' + 'nv'`, `".e" . "nv"`: literals joined are the joined literal.
        for operator in ['+', '.'] {
            let parts: Vec<&str> = text.split(operator).map(str::trim).collect();
            if parts.len() > 1 {
                let literals: Option<Vec<String>> = parts
                    .iter()
                    .map(|part| literal(part, self.language).filter(|(_, i)| !i).map(|(v, _)| v))
                    .collect();
                if let Some(literals) = literals {
                    return Arg::Str(literals.concat(), false);
                }
            }
        }
        if let Some((value, interpolated)) = literal(text, self.language) {
            return Arg::Str(value, interpolated);
        }
        if let Some(inner) = text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
            let items: Option<Vec<String>> = inner
                .split(',')
                .map(str::trim)
                .filter(|item| !item.is_empty())
                .map(|item| literal(item, self.language).map(|(value, _)| value))
                .collect();
            if let Some(items) = items {
                return Arg::List(items);
            }
        }
        Arg::Other(text.to_string())
    }

    fn record(&mut self, effect: Effect, path: &str, args: Vec<Arg>, raw: &str) {
        let mut args = args.into_iter();
        match (effect, args.next()) {
            (Effect::Shell, Some(Arg::Str(program, _))) => {
                let rest: Vec<String> = args
                    .map_while(|arg| match arg {
                        Arg::Str(value, _) => Some(value),
                        _ => None,
                    })
                    .collect();
                if rest.is_empty() {
                    self.findings.push(Finding::Shell(program));
                } else {
                    let argv = std::iter::once(program).chain(rest).map(Word::literal).collect();
                    self.findings.push(Finding::Argv(argv));
                }
            }
            (Effect::Shell | Effect::Spawn, Some(Arg::List(argv))) if !argv.is_empty() => {
                self.findings.push(Finding::Argv(argv.into_iter().map(Word::literal).collect()));
            }
            (Effect::Spawn, Some(Arg::Str(program, _))) => match args.next() {
                Some(Arg::List(rest)) => {
                    let argv = std::iter::once(program).chain(rest).map(Word::literal).collect();
                    self.findings.push(Finding::Argv(argv));
                }
                _ => self.findings.push(Finding::Shell(program)),
            },
            (Effect::Shell | Effect::Spawn, Some(Arg::Other(argument))) if self.computes_command(path) => {
                self.findings.push(Finding::Opaque { call: path.to_string(), argument });
            }
            (Effect::Delete, Some(target)) => self.delete(path, target),
            (Effect::Read, Some(target)) => self.access(path, target, false),
            (Effect::Write, Some(target)) => self.access(path, target, true),
            (Effect::Remove, Some(target)) => self.remove(path, target),
            // A literal is code to scan like the rest; anything else runs unseen.
            // A literal that is one shell expansion (`exec('$X')`) holds what the shell puts there.
            (Effect::Eval, Some(Arg::Str(code, false))) if is_one_expansion(&code) => {
                self.findings.push(Finding::Opaque { call: path.to_string(), argument: code });
            }
            (Effect::Eval, Some(Arg::Str(code, false))) => {
                let budget = self.argument_budget;
                self.argument_budget = budget.saturating_sub(code.len());
                let inner = Scanner {
                    language: self.language,
                    bytes: code.as_bytes(),
                    code: &code,
                    findings: Vec::new(),
                    argument_budget: budget,
                };
                self.findings.extend(inner.run());
            }
            (Effect::Eval, Some(Arg::Other(argument) | Arg::Str(argument, true))) => {
                self.findings.push(Finding::Opaque { call: path.to_string(), argument });
            }
            // Perl's `open(F, '>', 'path')` and `open(F, '>path')`: a filehandle first, the
            // mode a string of `<`, `>`, `>>`, `+<`.
            (Effect::Open, Some(_)) if self.language == Language::Perl => {
                let (mode, target) = match (args.next(), args.next()) {
                    (Some(Arg::Str(mode, _)), Some(target @ Arg::Str(..))) => (mode, target),
                    (Some(Arg::Str(both, interpolated)), None) => {
                        let path = both.trim_start_matches(['<', '>', '+', ' ']).to_string();
                        (both[..both.len() - path.len()].to_string(), Arg::Str(path, interpolated))
                    }
                    _ => return,
                };
                self.access(path, target, mode.contains('>') || mode.contains('+'));
            }
            (Effect::Open, Some(target)) => {
                let write = matches!(args.next(), Some(Arg::Str(mode, _)) if is_write_mode(&mode));
                self.access(path, target, write);
            }
            (Effect::DeleteIfRecursive, Some(target)) => {
                let compact: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
                let recursive = ["recursive:true", "\"recursive\":true", "recursive=TRUE", "recursive=true"];
                if recursive.iter().any(|flag| compact.contains(flag)) {
                    self.delete(path, target);
                }
            }
            _ => {}
        }
    }

    /// Whether a call of `path` with a computed argument surely runs a command: a bare
    /// `exec(x)` in JavaScript is as likely a regular expression's method.
    fn computes_command(&self, path: &str) -> bool {
        !(self.language == Language::Node && path.rsplit('.').next() == Some("exec"))
    }

    fn delete(&mut self, path: &str, target: Arg) {
        let target = match target {
            Arg::Str(value, interpolated) => Word { dynamic: interpolated, ..Word::literal(value) },
            Arg::List(_) => return,
            Arg::Other(expression) => self.target_expression(&expression),
        };
        self.findings.push(Finding::Delete { via: format!("{} {path}", self.language.label()), target });
    }

    /// A file the code reads or writes, when its name is a plain string: the file rules judge
    /// it like `cat` or `tee` of that path.
    fn access(&mut self, path: &str, target: Arg, write: bool) {
        let Arg::Str(name, false) = target else { return };
        let via = format!("{} {path}", self.language.label());
        self.findings.push(Finding::Access { via, path: Word::literal(name), write });
    }

    /// One file deleted: a write of it when its name is a string or a known expression
    /// (`expanduser("~/.bashrc")`, `glob("~/.ssh/*")`).
    fn remove(&mut self, path: &str, target: Arg) {
        let word = match target {
            Arg::Str(name, false) => Word::literal(name),
            Arg::Other(expression) => {
                let inner = expression.trim().strip_prefix("glob(").and_then(|rest| rest.strip_suffix(')'));
                match inner.and_then(|inner| literal(inner.trim(), self.language)) {
                    Some((pattern, false)) => {
                        Word { glob: pattern.contains(['*', '?', '[']), ..Word::literal(pattern) }
                    }
                    _ => self.target_expression(&expression),
                }
            }
            Arg::Str(..) | Arg::List(_) => return,
        };
        if word.dynamic {
            return;
        }
        let via = format!("{} {path}", self.language.label());
        self.findings.push(Finding::Access { via, path: word, write: true });
    }

    /// A delete target that is not a plain string: the home directory in its usual
    /// spellings, `expanduser("~/x")`, `Path("x")`, or else a dynamic word.
    fn target_expression(&self, expression: &str) -> Word {
        let compact: String = expression
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| if c == '"' { '\'' } else { c })
            .collect();
        const HOME: [&str; 12] = [
            "Path.home()",
            "pathlib.Path.home()",
            "os.environ['HOME']",
            "os.environ.get('HOME')",
            "os.getenv('HOME')",
            "os.homedir()",
            "require('os').homedir()",
            "process.env.HOME",
            "process.env['HOME']",
            "Dir.home",
            "ENV['HOME']",
            "$ENV{HOME}",
        ];
        if HOME.contains(&compact.as_str()) || compact == "$ENV{'HOME'}" {
            return Word { text: "$HOME".into(), raw: expression.to_string(), dynamic: true, glob: false };
        }
        // Whether each wrapper expands a leading `~` (a `Path("~")` is a directory named `~`).
        let wrappers = [
            ("os.path.expanduser(", true),
            ("expanduser(", true),
            ("File.expand_path(", true),
            ("Path(", false),
            ("pathlib.Path(", false),
            ("path.resolve(", false),
        ];
        for (wrapper, expands_tilde) in wrappers {
            let inner = expression.trim().strip_prefix(wrapper).and_then(|rest| rest.strip_suffix(')'));
            if let Some((value, interpolated)) = inner.and_then(|inner| literal(inner, self.language)) {
                // The raw text is what tells the path rules whether a `~` was quoted.
                let raw = if expands_tilde { value.clone() } else { expression.to_string() };
                return Word { raw, dynamic: interpolated, ..Word::literal(value) };
            }
        }
        Word { text: expression.to_string(), raw: expression.to_string(), dynamic: true, glob: false }
    }
}

fn find(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    bytes.get(from..)?.windows(needle.len()).position(|w| w == needle).map(|p| from + p)
}

/// The index just past the string literal opening at `start`.
pub(super) fn string_end(bytes: &[u8], start: usize, language: Language) -> usize {
    let quote = bytes[start];
    let triple =
        language == Language::Python && bytes.get(start..start + 3) == Some(&[quote, quote, quote][..]);
    if triple {
        return find(bytes, start + 3, &[quote, quote, quote]).map_or(bytes.len(), |end| end + 3);
    }
    let mut i = start + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b if b == quote => return i + 1,
            _ => i += 1,
        }
    }
    bytes.len()
}

/// The value of `text` when it is exactly one string literal; and whether it interpolates.
/// Whether Python's `open` mode writes (`"w"`, `"a"`, `"x"`, `"r+"`).
fn is_write_mode(mode: &str) -> bool {
    mode.contains(['w', 'a', 'x', '+'])
}

pub(super) fn literal(text: &str, language: Language) -> Option<(String, bool)> {
    let text = text.trim();
    if let Some(found) = quote_operator(text, language) {
        return Some(found);
    }
    let prefix_len = if language == Language::Python {
        text.bytes()
            .take_while(|b| matches!(b.to_ascii_lowercase(), b'r' | b'b' | b'u' | b'f'))
            .count()
            .min(2)
    } else {
        0
    };
    let prefix = text[..prefix_len].to_ascii_lowercase();
    let body = &text[prefix_len..];
    let quote = *body.as_bytes().first()?;
    if !matches!(quote, b'\'' | b'"' | b'`') || (quote == b'`' && language != Language::Node) {
        return None;
    }
    if string_end(body.as_bytes(), 0, language) != body.len() {
        return None;
    }
    let triple = language == Language::Python && body.len() >= 6 && body.as_bytes()[..3] == [quote; 3];
    let delimiter = if triple { 3 } else { 1 };
    let inner = body.get(delimiter..body.len().checked_sub(delimiter)?)?;
    let raw = prefix.contains('r')
        || (quote == b'\'' && matches!(language, Language::Perl | Language::Ruby | Language::Php));
    let interpolated = match language {
        Language::Python => prefix.contains('f') && inner.contains('{'),
        Language::Node => quote == b'`' && inner.contains("${"),
        Language::Ruby => quote == b'"' && inner.contains("#{"),
        Language::Perl | Language::Php => quote == b'"' && inner.contains(['$', '@']),
        Language::Awk | Language::Lua | Language::R | Language::Julia | Language::AppleScript => false,
    };
    let mut value = if raw { inner.to_string() } else { unescape(inner) };
    if interpolated && language == Language::Ruby {
        value = value.replace("#{", "${");
    }
    Some((value, interpolated))
}

/// Perl's `q{…}`/`qq{…}` and Ruby's `%q(…)`/`%Q(…)`/`%(…)`: string literals with a delimiter
/// of the writer's choosing, as in `perl -e 'system(q{rm -rf /})'`.
fn quote_operator(text: &str, language: Language) -> Option<(String, bool)> {
    let (rest, interpolating) = match language {
        Language::Perl => match text.strip_prefix("qq") {
            Some(rest) => (rest, true),
            None => (text.strip_prefix('q')?, false),
        },
        Language::Ruby => {
            let rest = text.strip_prefix('%')?;
            match rest.strip_prefix('q') {
                Some(rest) => (rest, false),
                None => (rest.strip_prefix('Q').unwrap_or(rest), true),
            }
        }
        _ => return None,
    };
    let open = rest.chars().next()?;
    let close = match open {
        '{' => '}',
        '(' => ')',
        '[' => ']',
        '<' => '>',
        c if c.is_ascii_punctuation() => c,
        _ => return None,
    };
    let inner = rest[open.len_utf8()..].strip_suffix(close)?;
    let interpolated = interpolating && inner.contains(['$', '@', '#']);
    Some((inner.to_string(), interpolated))
}

fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some(e @ ('\\' | '\'' | '"' | '`')) => out.push(e),
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out
}
