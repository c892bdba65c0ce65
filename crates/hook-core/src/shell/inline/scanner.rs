//! The scan of call-syntax languages (Python, JavaScript, Perl, Ruby, PHP, Lua, R, Julia,
//! AppleScript, awk): strings and comments skipped, each dotted name looked up in its
//! language's table, the arguments of a known call read as literals where they are literals.

use super::language::{Effect, Language};
use super::value::{
    HOME_EXPRESSIONS, computed, computed_with, find, is_url, is_write_mode, literal, split_top, string_end,
    url_in,
};
use super::{Finding, is_one_expansion};
use crate::shell::Word;

/// How far one call's arguments are read, how far all of them are, and how many findings
/// one piece of code may give: hostile code like `system(system(...` must stay linear.
const MAX_ARGUMENTS: usize = 16 * 1024;
pub(super) const MAX_ALL_ARGUMENTS: usize = 256 * 1024;
pub(super) const MAX_FINDINGS: usize = 256;

pub(super) struct Scanner<'a> {
    language: Language,
    code: &'a str,
    bytes: &'a [u8],
    findings: Vec<Finding>,
    /// Bytes of call arguments that may still be read.
    argument_budget: usize,
    /// Patterns whose matches the code may read (`glob.glob(".e*")`).
    globs: Vec<String>,
    /// Directories the code lists (`os.walk(d)`, `readdirSync(d)`), and patterns it globs
    /// with a computed or unknown root.
    listings: Vec<Word>,
    /// Deletes of a name the code computes (`os.remove(f)`, `forEach(fs.unlinkSync)`): one
    /// at a time over a listing, they delete what was listed.
    computed_removes: Vec<String>,
    /// Reads of names the scan cannot compute: the call and its argument.
    unknown_reads: Vec<(String, String)>,
    /// Recursive deletes of a target the scan cannot compute: of what the code lists, if it
    /// lists anything, else of an unknown path.
    unknown_deletes: Vec<(String, Word)>,
    /// Whether the code signals a process id it computes (`os.kill(pid, 9)`).
    computed_kills: bool,
    /// Whether the code runs once per input line with the line in `$_` (`perl -n`, `-p`).
    line_loop: bool,
    /// Whether the code calls a network client ([`Scanner::uses_network`]), found on first use.
    network: std::cell::OnceCell<bool>,
}

/// Calls that read a file the code names by a variable (`open(f)`, `fs.readFileSync(f)`):
/// with one of these, the names a glob lists are read.
pub(crate) const READS_BY_NAME: &[&str] = &[
    "open(",
    "read_text(",
    "read_bytes(",
    "readFile",
    "File.read",
    "IO.read",
    "file_get_contents(",
    "readlines(",
    "readLines(",
    "<$",
    "cat ",
];

/// One argument of a call.
#[derive(Debug)]
enum Arg {
    /// A string literal: its value, and whether it interpolates run-time values.
    Str(String, bool),
    /// A list of literals and expressions, as argv words.
    List(Vec<Word>),
    Other(String),
}

impl<'a> Scanner<'a> {
    pub(super) fn new(language: Language, code: &'a str, argument_budget: usize) -> Self {
        Scanner {
            language,
            code,
            bytes: code.as_bytes(),
            findings: Vec::new(),
            argument_budget,
            globs: Vec::new(),
            listings: Vec::new(),
            computed_removes: Vec::new(),
            unknown_reads: Vec::new(),
            unknown_deletes: Vec::new(),
            computed_kills: false,
            line_loop: false,
            network: std::cell::OnceCell::new(),
        }
    }

    /// Whether the code calls a network client: masking the code's strings to find out is
    /// done once a scan, however many calls ask.
    fn uses_network(&self) -> bool {
        *self.network.get_or_init(|| super::environment::uses_network(self.language, self.code))
    }

    /// The scan of code perl runs once per line of its input (`-n`, `-p`), the line in `$_`.
    pub(super) fn per_input_line(self) -> Self {
        Scanner { line_loop: true, ..self }
    }

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
                && let Some(len) = apple_command(&self.bytes[i..])
            {
                i = self.apple_shell_script(i + len);
            } else if self.language == Language::AppleScript
                && let Some((len, target)) = finder_delete(&self.bytes[i..])
            {
                self.findings.push(Finding::Delete { via: "Finder".into(), target: Word::literal(target) });
                i += len;
            } else if b == b'`' && self.language != Language::Node {
                let end = self.bytes[i + 1..]
                    .iter()
                    .position(|&c| c == b'`')
                    .map_or(self.bytes.len(), |n| i + 1 + n);
                let command = self.command_text(self.slice(i + 1, end));
                self.findings.push(Finding::Shell(command));
                i = end + 1;
            } else if b == b'`' && self.tagged_shell(i) {
                // zx's and Bun's `` $`rm -rf ${dir}` ``: a template run by a shell.
                let end = string_end(self.bytes, i, self.language);
                self.findings.push(Finding::Shell(self.slice(i + 1, end.saturating_sub(1)).to_string()));
                i = end;
            } else if b == b'\'' || b == b'"' || b == b'`' {
                let end = string_end(self.bytes, i, self.language);
                if self.language == Language::Groovy {
                    self.groovy_execute(i, end);
                }
                i = end;
            } else if b == b'[' && self.language == Language::Groovy {
                self.groovy_execute_list(i);
                i += 1;
            } else if b.is_ascii_alphabetic() || b == b'_' {
                i = self.identifier(i);
            } else if b == b'%' && self.language == Language::Ruby && self.bytes.get(i + 1) == Some(&b'x') {
                i = self.quoted_command(i + 2);
            } else {
                i += 1;
            }
        }
        // Stopped at the bound with code left: what it calls is unseen.
        if i < self.bytes.len() {
            let what = format!("more than {MAX_FINDINGS} calls");
            self.findings.push(Finding::Opaque { call: "the code".into(), argument: what });
        }
        // `fetch(url).then(r => r.text()).then(eval)`: eval handed the fetched text.
        if self.language == Language::Node && self.code.contains("(eval)") {
            let finding = match url_in(self.code) {
                Some(url) => Finding::Remote { via: "node eval".into(), url },
                None => Finding::Opaque { call: "eval".into(), argument: "a promise's value".into() },
            };
            self.findings.push(finding);
        }
        // `import('https://x/m.mjs')`, Deno's `import "https://…"`: a module fetched and run.
        if self.language == Language::Node
            && self.code.contains("import")
            && let Some(url) = remote_import(self.code)
        {
            self.findings.push(Finding::Remote { via: "node import".into(), url });
        }
        self.delete_loops();
        self.fed_shells();
        if !self.unknown_reads.is_empty() && self.uses_network() {
            for (call, argument) in std::mem::take(&mut self.unknown_reads) {
                self.findings.push(Finding::UnknownRead { call, argument });
            }
        }
        let reads_by_name = READS_BY_NAME.iter().any(|read| self.code.contains(read));
        if reads_by_name && !self.listings.is_empty() {
            self.listed_reads();
        }
        if reads_by_name && !self.globs.is_empty() {
            for pattern in std::mem::take(&mut self.globs) {
                let path = Word { glob: pattern.contains(['*', '?', '[']), ..Word::literal(pattern) };
                let via = format!("{} glob", self.language.label());
                self.findings.push(Finding::Access { via, path, write: false });
            }
        }
        self.findings
    }

    /// Code that lists a directory it knows and reads files by a name it computes
    /// (`for (f of readdirSync(d)) readFileSync(d + f)`) reads what it listed: the files of
    /// each such directory, as `cat DIR/*`.
    #[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
    fn listed_reads(&mut self) {
        let label = self.language.label();
        for root in &self.listings {
            let root = match root {
                Word { dynamic: false, glob: false, text, .. } => text.trim_end_matches('/'),
                Word { dynamic: true, text, .. } if text == "$HOME" => "~",
                _ => continue,
            };
            let path = Word { glob: true, ..Word::literal(format!("{root}/*")) };
            self.findings.push(Finding::Access { via: format!("{label} listing"), path, write: false });
        }
    }

    /// Deletes one name at a time over a listing (`for f in os.listdir(d): os.remove(f)`,
    /// `readdirSync(d).forEach(fs.unlinkSync)`) are a recursive delete of what was listed;
    /// a recursive delete of a computed name is one of the listed names.
    fn delete_loops(&mut self) {
        let roots: Vec<Word> = self
            .globs
            .iter()
            .map(|pattern| Word { glob: pattern.contains(['*', '?', '[']), ..Word::literal(pattern.clone()) })
            .chain(self.listings.iter().cloned())
            .collect();
        // `io.popen("ls ~")`, `` `find /etc` ``: a listing the code reads from a command.
        let listed_by_commands: Vec<Word> = self
            .findings
            .iter()
            .filter_map(|finding| {
                let Finding::Shell(line) = finding else { return None };
                let mut words = line.split_whitespace();
                matches!(words.next()?, "ls" | "find" | "fd").then_some(())?;
                words.find(|w| !w.starts_with('-')).map(Word::literal)
            })
            .collect();
        let roots: Vec<Word> = roots.into_iter().chain(listed_by_commands).collect();
        // Signals to every process id the code lists (`os.listdir('/proc')`, `psutil.pids()`)
        // reach every process, as `kill -1` does.
        let every_process = roots.iter().any(|root| root.text.trim_end_matches('/') == "/proc")
            || ["process_iter(", "psutil.pids(", "pids()"].iter().any(|call| self.code.contains(call));
        if self.computed_kills && every_process {
            let argv = ["kill", "-s", "KILL", "--", "-1"].map(Word::literal).to_vec();
            self.findings.push(Finding::Argv(argv));
        }
        let unknown = std::mem::take(&mut self.unknown_deletes);
        if roots.is_empty() {
            for (via, target) in unknown {
                self.findings.push(Finding::Delete { via, target });
            }
            return;
        }
        let label = self.language.label();
        let deletes = unknown.into_iter().map(|(via, _)| via);
        let removes = self.computed_removes.iter().map(|call| format!("{label} {call}"));
        let vias: Vec<String> = deletes.chain(removes).collect();
        for via in vias {
            for root in &roots {
                let via = format!("{via} of what the code lists");
                self.findings.push(Finding::Delete { via, target: root.clone() });
            }
        }
    }

    /// A shell the code starts with no script (`open(my $h, "|-", "sh")`,
    /// `subprocess.Popen("bash", stdin=PIPE)`) runs what the code writes to it: the strings
    /// written, or unseen text.
    fn fed_shells(&mut self) {
        let fed = self.findings.iter().find_map(|finding| {
            let program = match finding {
                Finding::Shell(line) => {
                    let words: Vec<&str> = line.split_whitespace().collect();
                    match words.as_slice() {
                        [program] | [program, "-s" | "-i" | "-"] => *program,
                        _ => return None,
                    }
                }
                Finding::Argv(argv) if argv.len() == 1 => argv[0].text.as_str(),
                _ => return None,
            };
            let base = program.rsplit('/').next().unwrap_or(program);
            matches!(base, "sh" | "bash" | "dash" | "zsh" | "ksh" | "ash" | "fish").then(|| base.to_string())
        });
        let Some(shell) = fed else { return };
        const WRITES: &[&str] = &[
            "print ",
            "print(",
            "printf ",
            "say ",
            ".write(",
            ".puts(",
            ".puts ",
            ".print(",
            "fwrite(",
            "fputs(",
            ".communicate(",
            ".end(",
            "input=",
            "input:",
            "stdin_data:",
            ".stdin.write(",
        ];
        let mut scripts = Vec::new();
        let mut unseen = None;
        for write in WRITES {
            for (at, _) in self.code.match_indices(write) {
                let rest = &self.code[at + write.len()..];
                // `print $h "…"`, `fwrite($p, "…")`: the text is the last argument.
                let rest = rest.trim_start();
                let rest = match rest.strip_prefix(['$', '{']) {
                    Some(_) => rest.split_once([' ', ',']).map_or("", |(_, text)| text).trim_start(),
                    None if rest.starts_with(|c: char| c.is_ascii_uppercase()) && *write == "print " => {
                        rest.split_once(' ').map_or("", |(_, text)| text).trim_start()
                    }
                    None => rest,
                };
                let quoted = rest.trim_start_matches(['(', 'b']);
                let Some(&quote) = quoted.as_bytes().first() else { continue };
                // Perl's `q{…}`: up to the end of the statement.
                let statement = quoted.split([';', '\n']).next().unwrap_or(quoted).trim_end_matches(')');
                if let Some((text, false)) = literal(statement, self.language).filter(|_| quote == b'q') {
                    scripts.push(text);
                    continue;
                }
                if !matches!(quote, b'\'' | b'"' | b'`') {
                    unseen.get_or_insert_with(|| rest.chars().take(40).collect::<String>());
                    continue;
                }
                let end = string_end(quoted.as_bytes(), 0, self.language);
                match literal(&quoted[..end], self.language) {
                    Some((text, false)) => scripts.push(text),
                    _ => {
                        unseen.get_or_insert_with(|| quoted[..end].to_string());
                    }
                }
            }
        }
        match (scripts.is_empty(), unseen) {
            (false, _) => self.findings.push(Finding::Shell(scripts.join("\n"))),
            (true, argument) => self.findings.push(Finding::Opaque {
                call: format!("the `{shell}` the code starts"),
                argument: argument.unwrap_or_else(|| "what the code writes to it".into()),
            }),
        }
    }

    /// Whether the template literal at `at` is tagged `$` (zx) or `Bun.$`.
    fn tagged_shell(&self, at: usize) -> bool {
        self.language == Language::Node
            && at > 0
            && self.bytes[at - 1] == b'$'
            && (at < 2
                || !(self.bytes[at - 2].is_ascii_alphanumeric() || matches!(self.bytes[at - 2], b'_' | b'$')))
    }

    /// Groovy's `"rm -rf ~".execute()` and Scala's `"rm -rf ~".!`: the string between
    /// `start` and `end` runs.
    fn groovy_execute(&mut self, start: usize, end: usize) {
        let rest = &self.bytes[end..];
        if !(rest.starts_with(b".execute(")
            || rest.starts_with(b".!")
            || rest.starts_with(b" !") && rest.get(2) != Some(&b'='))
        {
            return;
        }
        match literal(self.slice(start, end), self.language) {
            Some((line, false)) => self.findings.push(Finding::Shell(line)),
            _ => self.findings.push(Finding::Opaque {
                call: "execute()".into(),
                argument: self.slice(start, end).to_string(),
            }),
        }
    }

    /// Groovy's `["rm", "-rf", "/"].execute()`: the list opening at `open` is an argv.
    fn groovy_execute_list(&mut self, open: usize) {
        let mut depth = 0usize;
        let mut j = open;
        while j < self.bytes.len() {
            match self.bytes[j] {
                b'\'' | b'"' => {
                    j = string_end(self.bytes, j, self.language);
                    continue;
                }
                b'[' => depth += 1,
                b']' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
            j += 1;
        }
        if !self.bytes.get(j + 1..).is_some_and(|rest| rest.starts_with(b".execute(")) {
            return;
        }
        if let Arg::List(argv) = self.argument(self.slice(open, j + 1)) {
            if !argv.is_empty() {
                self.findings.push(Finding::Argv(argv));
            }
        }
    }

    /// AppleScript's `do shell script "..."` and Terminal's `do script "..."`: the string
    /// after it, or unknown text.
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
        let command = self.command_text(self.slice(open + 1, end));
        self.findings.push(Finding::Shell(command));
        end + 1
    }

    /// A backtick or `%x` command's text with Ruby's `#{…}` and Perl's `$ENV{HOME}` as the
    /// shell expansions they are: `` `rm -rf #{Dir.home}` `` is `rm -rf $HOME`, not a command
    /// cut short by a shell comment.
    fn command_text(&self, text: &str) -> String {
        if matches!(self.language, Language::Ruby | Language::Perl)
            && (text.contains("#{") || text.contains("$ENV{"))
        {
            super::value::as_shell_expansions(text, self.language)
        } else {
            text.to_string()
        }
    }

    /// At the start of an identifier: read the dotted path and check it for a known call.
    fn identifier(&mut self, start: usize) -> usize {
        let mut end = start;
        while end < self.bytes.len() {
            let b = self.bytes[end];
            // `os.path`, `File::Path`, Erlang's `os:cmd`.
            let double_colon = b == b':' && self.bytes.get(end + 1) == Some(&b':');
            let colon = double_colon || b == b':' && self.language == Language::Erlang;
            let joins = (b == b'.' || colon)
                && self
                    .bytes
                    .get(end + 1 + usize::from(double_colon))
                    .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_');
            if b.is_ascii_alphanumeric() || b == b'_' {
                end += 1;
            } else if joins {
                end += if double_colon { 2 } else { 1 };
            } else {
                break;
            }
        }
        // Elixir's `File.read!`, `File.exists?`.
        if self.language == Language::Elixir
            && matches!(self.bytes.get(end), Some(b'!' | b'?'))
            && self.bytes.get(end + 1) != Some(&b'=')
        {
            end += 1;
        }
        let path = self.slice(start, end).to_string();
        // `$x`, `@list`, `%hash`; PHP's `@f(…)` only silences errors.
        let sigil = start > 0
            && (self.bytes[start - 1] == b'$'
                || matches!(self.bytes[start - 1], b'@' | b'%') && self.language != Language::Php);
        if sigil {
            return end;
        }
        // Perl's `qx{…}`, Raku's `qqx{…}`.
        if self.language == Language::Perl && matches!(path.as_str(), "qx" | "qqx") {
            return self.quoted_command(end);
        }
        let (qualifier, name) = match path.rfind(['.', ':']) {
            Some(dot) => (path[..dot].trim_end_matches(':'), &path[dot + 1..]),
            None => ("", path.as_str()),
        };
        // `require('dotenv').config()`: the call's qualifier is a value, not a name.
        let dotenv = self.language == Language::Node
            && name == "config"
            && qualifier.is_empty()
            && ["require('dotenv').", "require(\"dotenv\")."].iter().any(|r| self.code[..start].ends_with(r));
        let table = self.language.table();
        let effect = match table.iter().find(|(function, qualifiers, _)| {
            *function == name && (qualifiers.is_empty() || qualifiers.contains(&qualifier))
        }) {
            Some(&(_, _, effect)) => effect,
            None if dotenv => Effect::Dotenv,
            None => return end,
        };
        // Perl's `unlink` with no argument deletes `$_` (`map { unlink } <~/*>`), and so does
        // one with a statement modifier after it (`unlink if /x/`) or `$_` named.
        let perl_topic = self.language == Language::Perl && effect == Effect::Remove && {
            let rest = self.code[end..].trim_start_matches([' ', '\t']);
            let topic = rest.strip_prefix("$_").map_or(rest, str::trim_start);
            topic.is_empty()
                || topic.starts_with(['}', ';', '\n'])
                || ["if", "unless", "for", "foreach", "while", "until", "or", "and"].iter().any(|word| {
                    topic.strip_prefix(word).is_some_and(|after| after.starts_with([' ', '(', '/']))
                })
        };
        let arguments = if perl_topic { None } else { self.call_arguments(end) };
        let Some((args, raw, close)) = arguments else {
            if perl_topic {
                self.computed_removes.push(path.clone());
                // In `perl -ne`, `$_` is a line of the input: a delete of a name the input
                // lists, as `xargs rm -f < FILE` is, which the scan cannot know.
                if self.line_loop {
                    let path = Word {
                        text: super::CODE_VALUE.into(),
                        raw: format!("{name} $_"),
                        dynamic: true,
                        glob: false,
                    };
                    self.findings.push(Finding::Access { via: format!("perl {name}"), path, write: true });
                }
            }
            self.function_value(effect, &path, end);
            return end;
        };
        let effect = match effect {
            Effect::PathObject => {
                let base = if name == "home" {
                    Some("~".to_string())
                } else {
                    match args.first() {
                        Some(Arg::Str(path, false)) => Some(path.clone()),
                        // `new File(System.getProperty("user.home"))`.
                        Some(Arg::Other(text)) if HOME_EXPRESSIONS.contains(&text.as_str()) => {
                            Some("~".into())
                        }
                        _ => None,
                    }
                };
                let Some(base) = base else { return end };
                return self.path_object(&path, base, close).unwrap_or(end);
            }
            effect => effect,
        };
        self.record(effect, &path, args, &raw);
        end
    }

    /// A known function named without a call: handed to another (`map(os.system, cmds)`,
    /// `forEach(fs.unlinkSync)`) or kept in a container (`{'f': os.system}`), it is called
    /// later with arguments the scan does not follow.
    fn function_value(&mut self, effect: Effect, path: &str, end: usize) {
        let next = self.bytes[end..].iter().find(|b| !b.is_ascii_whitespace());
        let start = end - path.len();
        let before = self.bytes[..start].iter().rev().find(|b| !b.is_ascii_whitespace());
        // An argument (`map(os.system, …)`) or a container's item (`{'f': os.system}`); a bare
        // name only as an argument, as `{exec, spawn} = require(…)` names what is imported.
        let handed = if path.contains(['.', ':']) {
            matches!(before, Some(b'(' | b',' | b':' | b'['))
        } else {
            before == Some(&b'(')
        };
        // Haskell applies a function without parentheses: `… >>= removeDirectoryRecursive`.
        let handed =
            handed && matches!(next, Some(b',' | b')' | b']' | b'}')) || self.language == Language::Haskell;
        if !handed {
            return;
        }
        match effect {
            Effect::Shell
            | Effect::Spawn
            | Effect::Command
            | Effect::ExecList(_)
            | Effect::ExecArgs(_)
            | Effect::Eval
            | Effect::Kill { .. }
                if self.computes_command(path) =>
            {
                let argument = "arguments given where it is handed on".to_string();
                self.findings.push(Finding::Opaque { call: path.to_string(), argument });
            }
            Effect::Remove => self.computed_removes.push(path.to_string()),
            Effect::Delete => {
                let via = format!("{} {path}", self.language.label());
                let target = Word { dynamic: true, ..Word::literal(format!("{path}(…)")) };
                self.unknown_deletes.push((via, target));
            }
            _ => {}
        }
    }

    /// What is done with a path object (`Path(p)`, `Path.home()`, `new File(p)`,
    /// `Bun.file(p)`) whose construction ends at `close`: joins (`/ ".ssh"`, `.joinpath(…)`),
    /// `.expanduser()`, then the method that reads, writes, deletes or globs. Returns where
    /// the scan goes on.
    fn path_object(&mut self, via: &str, mut path: String, close: usize) -> Option<usize> {
        let mut at = close + 1;
        let skip_space = |bytes: &[u8], mut at: usize| {
            while bytes.get(at).is_some_and(|b| b.is_ascii_whitespace()) {
                at += 1;
            }
            at
        };
        loop {
            at = skip_space(self.bytes, at);
            let rest = self.bytes.get(at..)?;
            if self.language == Language::Python && rest.first() == Some(&b'/') && rest.get(1) != Some(&b'/')
            {
                let operand_start = skip_space(self.bytes, at + 1);
                let quote = *self.bytes.get(operand_start)?;
                if !matches!(quote, b'\'' | b'"') {
                    return None;
                }
                let operand_end = string_end(self.bytes, operand_start, self.language);
                let (segment, false) = literal(self.slice(operand_start, operand_end), self.language)? else {
                    return None;
                };
                path = format!("{}/{segment}", path.trim_end_matches('/'));
                at = operand_end;
            } else if rest.first() == Some(&b')') {
                // `(Path.home() / ".ssh").read_text()`.
                at += 1;
            } else if let Some(method) = [".expanduser()", ".resolve()", ".absolute()"]
                .iter()
                .find(|method| rest.starts_with(method.as_bytes()))
            {
                at += method.len();
            } else if rest.starts_with(b".joinpath(") {
                let (args, _, end) = self.call_arguments(at + ".joinpath".len())?;
                for arg in args {
                    let Arg::Str(segment, false) = arg else { return None };
                    path = format!("{}/{segment}", path.trim_end_matches('/'));
                }
                at = end + 1;
            } else {
                break;
            }
        }
        let Some((method, args, end)) = self.method_at(at) else {
            // `fetch(u, {body: Bun.file(p)})`, `new Response(Bun.file(p))`: a Bun file handed
            // on is read by what takes it.
            if via.ends_with("Bun.file") {
                let via = format!("{} {via}", self.language.label());
                self.findings.push(Finding::Access { via, path: Word::literal(path), write: false });
            }
            return None;
        };
        let effect = match method {
            "read_text" | "read_bytes" | "text" | "json" | "arrayBuffer" | "bytes" | "getText"
            | "readLines" | "eachLine" | "newReader" | "withReader" | "readBytes" => Effect::Read,
            "write_text" | "write_bytes" | "write" | "setText" | "append" | "newWriter" | "withWriter" => {
                Effect::Write
            }
            "unlink" | "delete" => Effect::Remove,
            "deleteDir" => Effect::Delete,
            // `Path(a).rename(b)`, `.replace(b)`, Groovy's `renameTo(b)`: a move to b.
            "rename" | "replace" | "renameTo" => {
                let to = args.into_iter().next().and_then(|arg| self.path_word(arg));
                if let Some(to) = to {
                    let via = format!("{} {via}.{method}", self.language.label());
                    let kind = super::Transfer::Move;
                    self.findings.push(Finding::Transfer { via, from: Word::literal(path), to, kind });
                }
                return Some(end);
            }
            "chmod" | "lchmod" => {
                let argv =
                    vec![Word::literal("chmod"), mode_word(args.into_iter().next()), Word::literal(path)];
                self.findings.push(Finding::Argv(argv));
                return Some(end);
            }
            // `Path(new).hardlink_to(old)` and `.symlink_to(old)` make the path object a name
            // for `old`; Python 3.8's `Path(old).link_to(new)` the other way round.
            "hardlink_to" | "symlink_to" | "link_to" => {
                if let Some(other) = args.into_iter().next().and_then(|arg| self.path_word(arg)) {
                    let via = format!("{} {via}.{method}", self.language.label());
                    let kind = match method {
                        "symlink_to" => super::Transfer::Link,
                        _ => super::Transfer::HardLink,
                    };
                    let (from, to) = match method {
                        "link_to" => (Word::literal(path), other),
                        _ => (other, Word::literal(path)),
                    };
                    self.findings.push(Finding::Transfer { via, from, to, kind });
                }
                return Some(end);
            }
            "glob" | "rglob" => {
                if let Some(Arg::Str(pattern, false)) = args.first() {
                    // `rglob` matches at every depth.
                    let pattern = if method == "rglob" { format!("**/{pattern}") } else { pattern.clone() };
                    let pattern = if path == "." { pattern } else { format!("{path}/{pattern}") };
                    self.globs.push(pattern);
                }
                return Some(end);
            }
            "open" => {
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
            _ => return Some(end),
        };
        self.record(effect, via, vec![Arg::Str(path, false)], "");
        Some(end)
    }

    /// The method called at `at` (`.read_text()`, Groovy's property `.text`), its arguments
    /// and where it ends.
    fn method_at(&mut self, at: usize) -> Option<(&'a str, Vec<Arg>, usize)> {
        let after_dot = self.bytes.get(at..)?.strip_prefix(b".")?;
        let length = after_dot.iter().take_while(|b| b.is_ascii_alphanumeric() || **b == b'_').count();
        let name = self.code.get(at + 1..at + 1 + length)?;
        let name_end = at + 1 + length;
        match self.call_arguments(name_end) {
            Some((args, _, close)) => Some((name, args, close + 1)),
            None => Some((name, Vec::new(), name_end)),
        }
    }

    /// The arguments of a call starting at `at` (after the name): in parentheses, or for perl
    /// and ruby up to the end of the statement.
    /// With the position where they end (the closing parenthesis, if any).
    fn call_arguments(&mut self, at: usize) -> Option<(Vec<Arg>, String, usize)> {
        let mut i = at;
        while self.bytes.get(i).is_some_and(|b| *b == b' ' || *b == b'\t') {
            i += 1;
        }
        if self.language == Language::Haskell {
            return self.applied_arguments(i);
        }
        let parens = self.bytes.get(i) == Some(&b'(');
        // Perl's list operators also take a call or a variable: `unlink glob("~/*")`, `unlink $f`.
        // Ruby's and Elixir's calls without parentheses: `eval URI.open(u).read`, `File.read! ".env"`.
        let bare_call = matches!(self.language, Language::Perl | Language::Ruby | Language::Elixir)
            && matches!(self.bytes.get(i), Some(b'\'' | b'"'))
            || matches!(self.language, Language::Perl | Language::Ruby)
                && i > at
                && self.bytes.get(i).is_some_and(|b| b.is_ascii_alphabetic() || matches!(b, b'$' | b'@'))
            // Ruby's array argument: `FileUtils.rm_rf ["dist", "/"]`.
            || self.language == Language::Ruby && i > at && self.bytes.get(i) == Some(&b'[')
            // Perl's `kill 9, -1`; gnuplot's `system "cmd"`.
            || self.language == Language::Perl
                && i > at
                && self.bytes.get(i).is_some_and(|b| b.is_ascii_digit() || *b == b'-')
            || self.language == Language::Gnuplot && matches!(self.bytes.get(i), Some(b'\'' | b'"'));
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
        // Swift's and Groovy's argument labels (`removeItem(atPath: p)`) name what follows.
        let unlabelled = |arg: &str| -> Option<String> {
            (self.language == Language::Groovy).then_some(())?;
            let (label, value) = arg.split_once(':')?;
            let is_label = !label.is_empty() && label.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
            (is_label && !value.starts_with(':')).then(|| value.trim().to_string())
        };
        let args = args.iter().map(|a| self.argument(unlabelled(a).as_deref().unwrap_or(a))).collect();
        Some((args, raw, j))
    }

    /// Haskell's arguments: the terms after the function, up to the end of the expression
    /// (`callProcess "rm" ["-rf", "/"]`, `callCommand $ "rm -rf " ++ d`, `(callCommand "x")`).
    fn applied_arguments(&mut self, mut i: usize) -> Option<(Vec<Arg>, String, usize)> {
        if self.bytes.get(i) == Some(&b'$') && self.bytes.get(i + 1) == Some(&b' ') {
            // `f $ x ++ y`: one argument, the rest of the expression.
            let end = self.bytes[i..]
                .iter()
                .position(|&b| b == b'\n' || b == b';')
                .map_or(self.bytes.len(), |n| i + n);
            let text = self.slice(i + 1, end).trim().to_string();
            return Some((vec![self.argument(&text)], text, end));
        }
        let start = i;
        let mut args = Vec::new();
        while i < self.bytes.len() && args.len() < 8 {
            let term_start = i;
            match self.bytes[i] {
                b'"' => i = string_end(self.bytes, i, self.language),
                b'(' | b'[' => {
                    let mut depth = 0usize;
                    while i < self.bytes.len() {
                        match self.bytes[i] {
                            b'"' => {
                                i = string_end(self.bytes, i, self.language);
                                continue;
                            }
                            b'(' | b'[' => depth += 1,
                            b')' | b']' => {
                                depth -= 1;
                                if depth == 0 {
                                    i += 1;
                                    break;
                                }
                            }
                            _ => {}
                        }
                        i += 1;
                    }
                }
                b if b.is_ascii_alphanumeric() || b == b'_' => {
                    while self
                        .bytes
                        .get(i)
                        .is_some_and(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'\''))
                    {
                        i += 1;
                    }
                }
                _ => break,
            }
            let term = self.slice(term_start, i).trim();
            let term = term.strip_prefix('(').and_then(|t| t.strip_suffix(')')).unwrap_or(term).to_string();
            args.push(self.argument(&term));
            while self.bytes.get(i) == Some(&b' ') {
                i += 1;
            }
        }
        if args.is_empty() {
            return None;
        }
        let raw = self.slice(start, i).to_string();
        Some((args, raw, i))
    }

    fn argument(&self, text: &str) -> Arg {
        let bound = |name: &str| self.binding(name).map(str::to_string);
        if let Some(value) = computed_with(text, self.language, &bound) {
            return Arg::Str(value, false);
        }
        if let Some((value, interpolated)) = literal(text, self.language) {
            return Arg::Str(value, interpolated);
        }
        // `p = os.path.expanduser('~/.x'); open(p, 'w')`: a name bound once to a path the code
        // computes is that path.
        if let Some(value) = self.binding(text.trim()).and_then(|value| computed(value, self.language)) {
            return Arg::Str(value, false);
        }
        // Erlang's `open_port({spawn, "cmd"}, …)`.
        if let Some(inner) = text.strip_prefix('{').and_then(|t| t.strip_suffix('}')) {
            if let Some(("spawn" | "spawn_executable", command)) =
                inner.split_once(',').map(|(kind, command)| (kind.trim(), command))
            {
                return self.argument(command);
            }
        }
        // A list: `[…]`, R's `c(…)`, Perl's `(…)`; spread into the call's arguments (Ruby's and
        // Python's `*[…]`), it is those arguments.
        let spread = matches!(self.language, Language::Ruby | Language::Python)
            .then(|| text.strip_prefix('*'))
            .flatten()
            .filter(|rest| rest.starts_with('['));
        let list = spread.unwrap_or(text).strip_prefix('[').and_then(|t| t.strip_suffix(']')).or_else(|| {
            (self.language == Language::R).then(|| text.strip_prefix("c(")?.strip_suffix(')')).flatten()
        });
        // Java's `new String[]{…}`, Kotlin's `arrayOf(…)`, Scala's `Seq(…)`, `List.of(…)`.
        let list = list.or_else(|| {
            (self.language == Language::Groovy).then_some(())?;
            if let Some(inner) = text.strip_prefix("new String[]") {
                return inner.trim().strip_prefix('{')?.strip_suffix('}');
            }
            ["arrayOf(", "listOf(", "Seq(", "List(", "List.of(", "Arrays.asList(", "Array("]
                .iter()
                .find_map(|open| text.strip_prefix(open)?.strip_suffix(')'))
        });
        if let Some(inner) = list {
            let items = split_top(inner, ",", self.language);
            let words = items.iter().map(|item| item.trim()).filter(|item| !item.is_empty()).map(|item| {
                match self.argument(item) {
                    Arg::Str(value, interpolated) => Word { dynamic: interpolated, ..Word::literal(value) },
                    _ => self.target_expression(item),
                }
            });
            return Arg::List(words.collect());
        }
        Arg::Other(text.to_string())
    }

    /// An argument after the first as a word of an argv: a literal, or an expression the
    /// command gets at run time (unknown, never dropped); keyword arguments and options
    /// (`shell=True`, `exception: true`, `{cwd: d}`) are not argv.
    fn positional_word(&self, arg: Arg) -> Option<Word> {
        match arg {
            Arg::Str(value, interpolated) => Some(Word { dynamic: interpolated, ..Word::literal(value) }),
            Arg::List(_) => None,
            Arg::Other(text) => {
                let name_length =
                    text.bytes().take_while(|b| b.is_ascii_alphanumeric() || *b == b'_').count();
                let rest = text[name_length..].trim_start();
                let keyword = name_length > 0
                    && (rest.starts_with('=') && !rest.starts_with("==")
                        || rest.starts_with(':') && !rest.starts_with("::"));
                let options = text.starts_with(['{', '*', '&', ':']) || text.contains("=>");
                (!keyword && !options).then(|| self.target_expression(&text))
            }
        }
    }

    fn record(&mut self, effect: Effect, path: &str, args: Vec<Arg>, raw: &str) {
        let mut args = args.into_iter();
        // The module's name comes before the file it loads.
        if path.ends_with("spec_from_file_location") {
            args.next();
        }
        match (effect, args.next()) {
            (Effect::Shell, Some(Arg::Str(program, _))) => {
                // `system2("rm", c("-rf", "~"))`: a list among the arguments is more of them.
                let rest: Vec<Word> = args
                    .flat_map(|arg| match arg {
                        Arg::List(words) => words,
                        arg => self.positional_word(arg).into_iter().collect(),
                    })
                    .collect();
                if rest.is_empty() {
                    self.findings.push(Finding::Shell(program));
                } else {
                    let argv = std::iter::once(Word::literal(program)).chain(rest).collect();
                    self.findings.push(Finding::Argv(argv));
                }
            }
            (Effect::Command, Some(Arg::Str(line, _))) => self.findings.push(Finding::Shell(line)),
            (Effect::Shell | Effect::Spawn | Effect::Command, Some(Arg::List(argv))) if !argv.is_empty() => {
                self.findings.push(Finding::Argv(argv));
            }
            (Effect::Spawn, Some(Arg::Str(program, _))) => match args.next() {
                Some(Arg::List(rest)) => {
                    let argv = std::iter::once(Word::literal(program)).chain(rest).collect();
                    self.findings.push(Finding::Argv(argv));
                }
                // `new Deno.Command("rm", {args: [...]})`.
                Some(Arg::Other(options)) if self.option_list(&options, "args").is_some() => {
                    let rest = self.option_list(&options, "args").unwrap_or_default();
                    let argv = std::iter::once(Word::literal(program)).chain(rest).collect();
                    self.findings.push(Finding::Argv(argv));
                }
                _ => self.findings.push(Finding::Shell(program)),
            },
            // `Deno.run({cmd: [...]})`, `Bun.spawn({cmd: [...]})`.
            (Effect::Spawn, Some(Arg::Other(options))) if self.option_list(&options, "cmd").is_some() => {
                let argv = self.option_list(&options, "cmd").unwrap_or_default();
                self.findings.push(Finding::Argv(argv));
            }
            (Effect::ExecList(skip), first) => match first.into_iter().chain(args).nth(skip) {
                Some(Arg::List(argv)) if !argv.is_empty() => self.findings.push(Finding::Argv(argv)),
                Some(Arg::Other(argument) | Arg::Str(argument, _)) => {
                    self.findings.push(Finding::Opaque { call: path.to_string(), argument });
                }
                _ => {}
            },
            (Effect::ExecArgs(skip), first) => {
                let argv: Vec<Word> = first
                    .into_iter()
                    .chain(args)
                    .skip(skip)
                    .filter_map(|arg| self.positional_word(arg))
                    .collect();
                if !argv.is_empty() {
                    self.findings.push(Finding::Argv(argv));
                }
            }
            // `fork("worker.js", args)` runs a JavaScript file, as `node worker.js` would.
            (Effect::Fork, Some(Arg::Str(module, false))) => {
                let rest = args.filter_map(|arg| self.positional_word(arg));
                let argv = [Word::literal("node"), Word::literal(module)].into_iter().chain(rest).collect();
                self.findings.push(Finding::Argv(argv));
            }
            (Effect::Load, Some(Arg::Str(library, false))) if library.contains('/') => {
                self.findings.push(Finding::Argv(vec![Word::literal(library)]));
            }
            (Effect::Shell | Effect::Spawn | Effect::Command | Effect::Fork, Some(Arg::Other(argument)))
                if self.computes_command(path) =>
            {
                self.findings.push(Finding::Opaque { call: path.to_string(), argument });
            }
            (Effect::Delete, Some(target)) => self.delete(path, target),
            (Effect::List, first) => {
                // `find(sub { … }, "dir")`: the root is the first argument that is a path.
                let words: Vec<Word> = first
                    .into_iter()
                    .chain(args)
                    .filter_map(|arg| match arg {
                        Arg::Str(dir, interpolated) => {
                            Some(Word { dynamic: interpolated, ..Word::literal(dir) })
                        }
                        Arg::Other(expression) => Some(self.target_expression(&expression)),
                        Arg::List(_) => None,
                    })
                    .collect();
                // `opendir(my $d, $ENV{HOME})`, `find(sub { … }, "dir")`: the root is the
                // argument that is a place, else the first; `os.listdir()` lists the working
                // directory.
                let known = words.iter().position(|w| !w.dynamic || w.text != w.raw).unwrap_or(0);
                let word = words.into_iter().nth(known).unwrap_or_else(|| Word::literal("."));
                self.listings.push(word);
            }
            // `Dir.glob("#{Dir.home}/*")`: a pattern with run-time parts lists from where it starts.
            (Effect::Glob, Some(Arg::Str(pattern, true))) => {
                self.listings.push(Word { dynamic: true, glob: true, ..Word::literal(pattern) });
            }
            (Effect::Glob, Some(Arg::Other(expression))) => {
                let word = self.target_expression(&expression);
                self.listings.push(word);
            }
            (Effect::Kill { pid, group }, first) => {
                let all: Vec<Arg> = first.into_iter().chain(args).collect();
                let signal =
                    all.get(if pid == 0 { 1 } else { 0 }).map_or("TERM".to_string(), |arg| match arg {
                        Arg::Str(name, _) => name.trim_start_matches("SIG").to_string(),
                        Arg::Other(text) => text
                            .rsplit(['.', ':'])
                            .next()
                            .unwrap_or(text)
                            .trim_start_matches("SIG")
                            .to_string(),
                        Arg::List(_) => "TERM".to_string(),
                    });
                let mut argv = vec![
                    Word::literal("kill"),
                    Word::literal("-s"),
                    Word::literal(signal),
                    Word::literal("--"),
                ];
                // `os.kill(pid, sig)` names one process; `kill SIG, PIDS` (Perl, Ruby) several.
                let count = if pid == 0 { 1 } else { usize::MAX };
                for arg in all.into_iter().skip(pid).take(count) {
                    let text = match arg {
                        Arg::Str(text, false) | Arg::Other(text) => text.trim().to_string(),
                        _ => continue,
                    };
                    let word = process_id(&text, group);
                    self.computed_kills |= word.dynamic && word.text != "$$";
                    argv.push(word);
                }
                if argv.len() > 4 {
                    self.findings.push(Finding::Argv(argv));
                }
            }
            // `call_user_func("system", "…")`: the named function with the rest.
            (Effect::CallByName, Some(Arg::Str(name, false))) => {
                let table = self.language.table();
                if let Some(&(function, _, effect)) = table.iter().find(|(function, _, _)| *function == name)
                {
                    let rest: Vec<Arg> = args.collect();
                    let rest = match (path, rest.as_slice()) {
                        // `call_user_func_array("system", ["…"])`: the list is the arguments.
                        ("call_user_func_array", [Arg::List(words)]) => {
                            words.iter().map(|w| Arg::Str(w.text.clone(), w.dynamic)).collect()
                        }
                        // `array_map("system", ["…", "…"])`, `array_walk($list, …)`: the
                        // function is called on each element of the list, one at a time.
                        ("array_map" | "array_walk", [Arg::List(words), ..]) => {
                            for word in words {
                                self.record(
                                    effect,
                                    function,
                                    vec![Arg::Str(word.text.clone(), word.dynamic)],
                                    raw,
                                );
                            }
                            return;
                        }
                        _ => rest,
                    };
                    self.record(effect, function, rest, raw);
                }
            }
            (Effect::CallByName, Some(Arg::Other(argument) | Arg::Str(argument, true)))
                if (built_from_strings(&argument) || argument.starts_with('$'))
                    && !argument.starts_with("fn")
                    && !argument.starts_with("function") =>
            {
                self.findings.push(Finding::Opaque { call: path.to_string(), argument });
            }
            // `os.chmod(p, 0o600)`, Perl's `chmod 0755, @files`: as `chmod MODE P…`.
            (Effect::Chmod { mode_first }, first) => {
                let mut all = first.into_iter().chain(args);
                let (mode, paths): (Option<Arg>, Vec<Arg>) = match mode_first {
                    true => (all.next(), all.collect()),
                    // Python's and Node's arguments after the mode are options, not files.
                    false => {
                        let path = all.next();
                        (all.next(), path.into_iter().collect())
                    }
                };
                let files: Vec<Word> = paths
                    .into_iter()
                    .flat_map(|arg| match arg {
                        Arg::List(words) => words,
                        // Ruby's `noop: true`, a callback.
                        Arg::Other(text) if text.contains([':', '=', '>']) => Vec::new(),
                        arg => self.path_word(arg).into_iter().collect(),
                    })
                    .collect();
                if !files.is_empty() {
                    let argv = [Word::literal("chmod"), mode_word(mode)].into_iter().chain(files).collect();
                    self.findings.push(Finding::Argv(argv));
                }
            }
            // `os.truncate(p, 0)`: a write of the whole file, as `truncate -s 0 p`.
            (Effect::Truncate, Some(first)) => {
                if let Some(file) = self.path_word(first) {
                    let argv = ["truncate", "-s", "0"].map(Word::literal).into_iter().chain([file]).collect();
                    self.findings.push(Finding::Argv(argv));
                }
            }
            (Effect::Transfer(kind), first) => {
                let mut words = first.into_iter().chain(args).map(|arg| self.path_word(arg));
                if let (Some(Some(from)), Some(Some(to))) = (words.next(), words.next()) {
                    let via = format!("{} {path}", self.language.label());
                    self.findings.push(Finding::Transfer { via, from, to, kind });
                }
            }
            (Effect::Read, Some(target)) => self.access(path, target, false),
            (Effect::Write, Some(target)) => self.access(path, target, true),
            (Effect::Remove, Some(target)) => self.remove(path, target),
            // `p.unlink()`: a method of a path the code computed.
            (Effect::Remove, None) if path.contains('.') => self.computed_removes.push(path.to_string()),
            (Effect::Glob, Some(Arg::Str(pattern, false))) => self.globs.push(pattern),
            // `load_dotenv()`, `dotenv_values(".env.local")`, `dotenv.config({path: p})`.
            (Effect::Pack, first) => {
                let function = path.rsplit('.').next().unwrap_or(path);
                let module = match function {
                    "add" => "tarfile",
                    "write" => "zipfile",
                    _ => "shutil",
                };
                if !self.code.contains(module) {
                    return;
                }
                let all: Vec<Arg> = first.into_iter().chain(args).collect();
                let target = if function == "make_archive" {
                    // `make_archive(base, format, root_dir=None, base_dir=None)`: the working
                    // directory unless told.
                    let root = self.keyword_or_positional(&all, "root_dir", 2);
                    let base = self.keyword_or_positional(&all, "base_dir", 3);
                    match (root, base) {
                        (None, None) => Some(Word::literal(".")),
                        (Some(root), None) => Some(root),
                        (None, Some(base)) => Some(base),
                        (Some(root), Some(base)) => {
                            Some(Word { text: format!("{}/{}", root.text, base.text), ..root })
                        }
                    }
                } else {
                    self.keyword_or_positional(&all, "name", 0)
                };
                if let Some(target) = target {
                    let argv =
                        vec![Word::literal("tar"), Word::literal("-cf"), Word::literal("/dev/null"), target];
                    self.findings.push(Finding::Argv(argv));
                }
            }
            (Effect::Dotenv, first) => {
                let file = match first {
                    Some(Arg::Str(file, false)) => Some(file),
                    Some(Arg::Other(options)) => {
                        ["dotenv_path", "path"].iter().find_map(|key| self.option_literal(&options, key))
                    }
                    None => Some(".env".into()),
                    Some(_) => None,
                };
                if let Some(file) = file {
                    self.access(path, Arg::Str(file, false), false);
                }
            }
            (Effect::Source, Some(Arg::Str(file, false))) if is_url(&file) => {
                self.findings
                    .push(Finding::Remote { via: format!("{} {path}", self.language.label()), url: file });
            }
            (Effect::Source, Some(Arg::Other(argument) | Arg::Str(argument, true))) => {
                self.remote_or_opaque(path, argument);
            }
            // `dofile("x.lua")`, `source("x.R")`, `runpy.run_path("x.py")`: the file runs as a
            // script of the language, which the guard reads like `lua x.lua`.
            // `urlretrieve(url, 'm.py')` then `run_path('m.py')`: the file the code downloads
            // is not on disk to be read yet.
            (Effect::Source, Some(Arg::Str(file, false)))
                if self.code.matches(file.as_str()).nth(1).is_some() && self.uses_network() =>
            {
                self.findings.push(Finding::Opaque { call: path.to_string(), argument: file });
            }
            (Effect::Source, Some(Arg::Str(file, false))) => {
                if let Some(runner) = self.language.script_runner() {
                    self.findings.push(Finding::Argv(vec![Word::literal(runner), Word::literal(file)]));
                }
            }
            // A literal is code to scan like the rest; anything else runs unseen.
            // A literal that is one shell expansion (`exec('$X')`) holds what the shell puts there.
            (Effect::Eval, Some(Arg::Str(code, false))) if is_one_expansion(&code) => {
                self.findings.push(Finding::Opaque { call: path.to_string(), argument: code });
            }
            (Effect::Eval, Some(Arg::Str(code, false))) => {
                let budget = self.argument_budget;
                self.argument_budget = budget.saturating_sub(code.len());
                // Ruby's `%` literals in the code, as in the code around it (`inline::names`).
                let code = match self.language {
                    Language::Ruby => super::value::ruby_percent_literals(&code),
                    _ => code,
                };
                self.findings.extend(Scanner::new(self.language, &code, budget).run());
                // `exec(b64decode('…'))` of `print(os.environ)`: the dump is in the text run.
                if let Some(sent) = super::environment::dump(self.language, &code, false) {
                    self.findings.push(Finding::Environment { sent });
                }
            }
            // R's `parse(text = "…")`, `parse(file = "x.R")`.
            (Effect::Eval, Some(Arg::Other(argument)))
                if self.language == Language::R && argument.contains('=') =>
            {
                match self.option_value(&argument, "text").map(|text| self.argument(text)) {
                    Some(Arg::Str(code, false)) => {
                        let budget = self.argument_budget;
                        self.findings.extend(Scanner::new(self.language, &code, budget).run());
                    }
                    Some(_) => self.remote_or_opaque(path, argument),
                    None => {}
                }
            }
            (Effect::Eval, Some(Arg::Other(argument) | Arg::Str(argument, true))) => {
                self.remote_or_opaque(path, argument);
            }
            // Perl's `open(F, '>', 'path')` and `open(F, '>path')`: a filehandle first, the
            // mode a string of `<`, `>`, `>>`, `+<`; `'|-'`/`'-|'` and `"| cmd"`/`"cmd |"` run
            // a command.
            (Effect::Open, Some(_)) if self.language == Language::Perl => {
                let (mode, target) = match (args.next(), args.next()) {
                    (Some(Arg::Str(mode, _)), Some(Arg::Str(command, _))) if mode.contains('|') => {
                        let rest: Vec<Word> = args.filter_map(|arg| self.positional_word(arg)).collect();
                        if rest.is_empty() {
                            self.findings.push(Finding::Shell(command));
                        } else {
                            let argv = std::iter::once(Word::literal(command)).chain(rest).collect();
                            self.findings.push(Finding::Argv(argv));
                        }
                        return;
                    }
                    (Some(Arg::Str(mode, _)), Some(target @ Arg::Str(..))) => (mode, target),
                    (Some(Arg::Str(both, _)), None)
                        if both.trim().starts_with('|') || both.trim().ends_with('|') =>
                    {
                        self.findings.push(Finding::Shell(both.trim().trim_matches('|').to_string()));
                        return;
                    }
                    (Some(Arg::Str(both, interpolated)), None) => {
                        let path = both.trim_start_matches(['<', '>', '+', ' ']).to_string();
                        (both[..both.len() - path.len()].to_string(), Arg::Str(path, interpolated))
                    }
                    _ => return,
                };
                self.access(path, target, mode.contains('>') || mode.contains('+'));
            }
            // Ruby's `open("| cmd")`.
            (Effect::Open, Some(Arg::Str(command, _)))
                if self.language == Language::Ruby && command.starts_with('|') =>
            {
                self.findings.push(Finding::Shell(command[1..].to_string()));
            }
            (Effect::Open, Some(target)) => {
                let write = matches!(args.next(), Some(Arg::Str(mode, _)) if is_write_mode(&mode));
                self.access(path, target, write);
            }
            (Effect::DeleteIfRecursive, Some(target)) => {
                let compact: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
                let recursive = ["recursive:true", "\"recursive\":true", "recursive=TRUE", "recursive=true"];
                // Octave's and MATLAB's `rmdir(d, "s")`.
                let subdirectories = self.language == Language::Octave
                    && (compact.ends_with(",\"s\"") || compact.ends_with(",'s'"));
                if subdirectories || recursive.iter().any(|flag| compact.contains(flag)) {
                    self.delete(path, target);
                } else {
                    // `fs.rmSync(f)`: one file, as `unlink` deletes it.
                    self.remove(path, target);
                }
            }
            _ => {}
        }
    }

    /// Code that is not a literal: fetched from a URL the call names (`eval(get(URL))`,
    /// `include(download(URL))`), else unseen.
    fn remote_or_opaque(&mut self, path: &str, argument: String) {
        match url_in(&argument) {
            Some(url) => {
                self.findings.push(Finding::Remote { via: format!("{} {path}", self.language.label()), url });
            }
            None => self.findings.push(Finding::Opaque { call: path.to_string(), argument }),
        }
    }

    /// The list under `key` in an options object (`{args: ["-rf", "/"]}`), as words.
    fn option_list(&self, options: &str, key: &str) -> Option<Vec<Word>> {
        let value = self.option_value(options, key)?;
        match self.argument(value) {
            Arg::List(words) => Some(words),
            _ => None,
        }
    }

    /// The string under `key` in an options object or keyword argument (`{path: ".env"}`,
    /// `dotenv_path=".env"`).
    /// The path a call is given as keyword `key` (`root_dir=p`) or else as positional argument
    /// `at`: a string, or an expression of a known place (`os.path.expanduser('~')`); `None`
    /// for anything else.
    fn keyword_or_positional(&self, args: &[Arg], key: &str, at: usize) -> Option<Word> {
        let keyword = |arg: &Arg| match arg {
            Arg::Other(text) => {
                let (name, value) = text.split_once('=')?;
                (name.trim() == key).then(|| value.trim().to_string())
            }
            _ => None,
        };
        let word_of = |arg: &Arg| match arg {
            Arg::Str(text, false) => Some(Word::literal(text.clone())),
            Arg::Other(expression) => {
                let word = self.target_expression(expression);
                (!word.dynamic || word.text != word.raw).then_some(word)
            }
            _ => None,
        };
        if let Some(value) = args.iter().find_map(keyword) {
            return word_of(&self.argument(&value));
        }
        let mut positional = args.iter().filter(|arg| !matches!(arg, Arg::Other(text) if text.contains('=')));
        positional.nth(at).and_then(word_of)
    }

    fn option_literal(&self, options: &str, key: &str) -> Option<String> {
        match self.argument(self.option_value(options, key)?) {
            Arg::Str(value, false) => Some(value),
            _ => None,
        }
    }

    fn option_value<'t>(&self, options: &'t str, key: &str) -> Option<&'t str> {
        let inner = options.trim();
        let inner = inner.strip_prefix('{').and_then(|i| i.strip_suffix('}')).unwrap_or(inner);
        split_top(inner, ",", self.language).into_iter().find_map(|entry| {
            let (name, value) = entry.split_once([':', '='])?;
            (name.trim().trim_matches(['\'', '"']) == key).then_some(value.trim())
        })
    }

    /// Whether a call of `path` with a computed argument surely runs a command: a bare
    /// `exec(x)` in JavaScript is as likely a regular expression's method.
    fn computes_command(&self, path: &str) -> bool {
        !(self.language == Language::Node && path.rsplit('.').next() == Some("exec"))
    }

    fn delete(&mut self, path: &str, target: Arg) {
        let via = format!("{} {path}", self.language.label());
        let target = match target {
            Arg::Str(value, interpolated) => Word { dynamic: interpolated, ..Word::literal(value) },
            // `FileUtils.rm_rf(["dist", "/"])`: each name.
            Arg::List(targets) => {
                for target in targets {
                    self.findings.push(Finding::Delete { via: via.clone(), target });
                }
                return;
            }
            Arg::Other(expression) => {
                let target = self.target_expression(&expression);
                // Not a place the scan knows: one of the names the code lists, if it lists.
                if target.dynamic && target.text == expression {
                    self.unknown_deletes.push((via, target));
                    return;
                }
                target
            }
        };
        self.findings.push(Finding::Delete { via, target });
    }

    /// A file the code reads or writes, when its name is a plain string: the file rules judge
    /// it like `cat` or `tee` of that path.
    fn access(&mut self, path: &str, target: Arg, write: bool) {
        let name = match target {
            Arg::Str(name, false) => name,
            // `">>$ENV{HOME}/.zshrc"`: an interpolated name whose only run-time part is home.
            Arg::Str(name, true) if crate::shell::home_only(&name) => {
                format!("~{}", name.find('/').map_or("", |at| &name[at..]))
            }
            // `open(os.path.expanduser('~/') + n, 'w')`, `"$ENV{HOME}/$f"`: a file under the
            // home directory whose name the code computes, asked about (`guard::line`).
            Arg::Str(name, true) if write && name.starts_with("$HOME/") => {
                return self.computed_home_write(path, name);
            }
            Arg::Other(expression) if write && self.starts_at_home(&expression) => {
                return self.computed_home_write(path, expression);
            }
            // `open(os.path.join(site.getsitepackages()[0], 'z.pth'), 'w')`: Python's site
            // directory, where a `.pth` or `sitecustomize.py` runs in every later Python.
            Arg::Other(expression) if write && site_directory(&expression) => {
                self.site_write(path, &expression);
                return;
            }
            Arg::Other(expression) | Arg::Str(expression, true) if !write => {
                self.unknown_reads.push((path.to_string(), expression));
                return;
            }
            _ => return,
        };
        let via = format!("{} {path}", self.language.label());
        self.findings.push(Finding::Access { via, path: Word::literal(name), write });
    }

    /// Whether an expression the scan cannot compute starts from the home directory
    /// (`os.homedir() + '/' + f`, `path.join(os.homedir(), f)`).
    fn starts_at_home(&self, expression: &str) -> bool {
        let expression = expression.trim();
        let expression =
            ["path.join(", "os.path.join(", "File.join(", "path.resolve(", "require('path').join("]
                .iter()
                .find_map(|join| expression.strip_prefix(join))
                .unwrap_or(expression);
        HOME_EXPRESSIONS.iter().any(|home| expression.starts_with(home))
            || computed(expression.split(['+', ',']).next().unwrap_or_default(), self.language)
                .is_some_and(|start| start == "~" || start.starts_with("~/"))
    }

    /// A write into Python's site directory, named by the code (`site.getsitepackages()`):
    /// judged as a write of the file the expression ends with (`'z.pth'`), or of one the code
    /// computes, in the user's site directory (the scan cannot tell which one it is; the
    /// file rules guard the same names in each).
    #[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
    fn site_write(&mut self, path: &str, expression: &str) {
        let last = expression.trim().trim_end_matches(')').rsplit([',', '+']).next().unwrap_or_default();
        let name = literal(last.trim(), self.language).filter(|(_, interpolated)| !interpolated).map_or_else(
            || super::CODE_VALUE.to_string(),
            |(name, _)| name.trim_start_matches('/').to_string(),
        );
        let via = format!("{} {path}", self.language.label());
        let word = Word {
            raw: expression.to_string(),
            dynamic: true,
            ..Word::literal(format!("~/.local/lib/python3/site-packages/{name}"))
        };
        self.findings.push(Finding::Access { via, path: word, write: true });
    }

    #[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
    fn computed_home_write(&mut self, path: &str, expression: String) {
        let via = format!("{} {path}", self.language.label());
        let text = format!("~/{}", super::CODE_VALUE);
        let word = Word { text, raw: expression, dynamic: true, glob: false };
        self.findings.push(Finding::Access { via, path: word, write: true });
    }

    /// A path argument as a file operand: a string, a home path (`"$ENV{HOME}/x"` is `~/x`),
    /// the home directory or another expression the scan knows, else an unknown word.
    fn path_word(&self, arg: Arg) -> Option<Word> {
        match arg {
            Arg::Str(name, false) => Some(Word::literal(name)),
            Arg::Str(name, true) if crate::shell::home_only(&name) => {
                Some(Word::literal(format!("~{}", name.find('/').map_or("", |at| &name[at..]))))
            }
            Arg::Str(name, true) => Some(Word { dynamic: true, ..Word::literal(name) }),
            Arg::Other(expression) => Some(self.target_expression(&expression)),
            Arg::List(_) => None,
        }
    }

    /// One file deleted: a write of it when its name is a string or a known expression
    /// (`expanduser("~/.bashrc")`, `glob("~/.ssh/*")`).
    fn remove(&mut self, path: &str, target: Arg) {
        let word = match target {
            Arg::Str(name, false) => Word::literal(name),
            Arg::Other(expression) => {
                let inner = expression.trim().strip_prefix("glob(").and_then(|rest| rest.strip_suffix(')'));
                match inner.and_then(|inner| computed(inner.trim(), self.language)) {
                    // `unlink glob("~/.ssh/*")`: each name the pattern lists.
                    Some(pattern) => {
                        self.globs.push(pattern.clone());
                        self.computed_removes.push(path.to_string());
                        Word { glob: pattern.contains(['*', '?', '[']), ..Word::literal(pattern) }
                    }
                    None => self.target_expression(&expression),
                }
            }
            Arg::Str(..) | Arg::List(_) => {
                self.computed_removes.push(path.to_string());
                return;
            }
        };
        if word.dynamic {
            self.computed_removes.push(path.to_string());
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
        if HOME.contains(&compact.as_str())
            || compact == "$ENV{'HOME'}"
            || HOME_EXPRESSIONS.contains(&expression.trim())
        {
            return Word { text: "$HOME".into(), raw: expression.to_string(), dynamic: true, glob: false };
        }
        // Whether each wrapper expands a leading `~` (a `Path("~")` is a directory named `~`).
        let wrappers = [
            ("os.path.expanduser(", true),
            ("expanduser(", true),
            ("File.expand_path(", true),
            // Elixir's.
            ("Path.expand(", true),
            ("Path(", false),
            ("pathlib.Path(", false),
            ("path.resolve(", false),
            // Swift's (labels are gone by now: `URL(fileURLWithPath: p)` is `URL(p)`).
            ("URL(", false),
        ];
        for (wrapper, expands_tilde) in wrappers {
            let inner = expression.trim().strip_prefix(wrapper).and_then(|rest| rest.strip_suffix(')'));
            if let Some((value, interpolated)) = inner.and_then(|inner| literal(inner, self.language)) {
                // The raw text is what tells the path rules whether a `~` was quoted.
                let raw = if expands_tilde { value.clone() } else { expression.to_string() };
                return Word { raw, dynamic: interpolated, ..Word::literal(value) };
            }
        }
        let unknown =
            Word { text: expression.to_string(), raw: expression.to_string(), dynamic: true, glob: false };
        // A directory the code has just made (`tempfile.mkdtemp()`), and a name bound once to
        // one (`d = tempfile.mkdtemp()`; `with tempfile.TemporaryDirectory() as d`).
        if let Some(temp) = temp_directory(expression) {
            return Word { dynamic: true, ..Word::literal(temp) };
        }
        match self.binding(expression.trim()) {
            Some(value) if temp_directory(value).is_some() => {
                Word { dynamic: true, ..Word::literal(temp_directory(value).unwrap_or_default()) }
            }
            // `h = os.path.expanduser("~")`, `d = "dist"`: the place it names.
            Some(value) if value != expression.trim() => match self.argument(value) {
                Arg::Str(text, false) => Word::literal(text),
                Arg::Other(other) if other != expression.trim() => {
                    let word = self.target_expression_once(&other);
                    if word.dynamic && word.text == other { unknown } else { word }
                }
                _ => unknown,
            },
            _ => unknown,
        }
    }

    /// [`Self::target_expression`] without following names bound in the code, so that
    /// `a = b; b = a` cannot loop.
    fn target_expression_once(&self, expression: &str) -> Word {
        let compact: String = expression.chars().filter(|c| !c.is_whitespace()).collect();
        if HOME_EXPRESSIONS.contains(&expression.trim()) || HOME_EXPRESSIONS.contains(&compact.as_str()) {
            return Word { text: "$HOME".into(), raw: expression.to_string(), dynamic: true, glob: false };
        }
        match temp_directory(expression) {
            Some(temp) => Word { dynamic: true, ..Word::literal(temp) },
            None => {
                Word { text: expression.to_string(), raw: expression.to_string(), dynamic: true, glob: false }
            }
        }
    }

    /// The expression a plain name is bound to, when the code binds it exactly once
    /// (`d = tempfile.mkdtemp()`, `const d = fs.mkdtempSync(p)`, `my $d = tempdir()`).
    fn binding(&self, name: &str) -> Option<&'a str> {
        let is_name = !name.is_empty()
            && name.trim_start_matches(['$', '@']).bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
        if !is_name {
            return None;
        }
        let mut values = self.code.match_indices(name).filter_map(|(at, _)| {
            let before = self.code[..at].bytes().last();
            if before.is_some_and(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'$')) {
                return None;
            }
            let rest = &self.code[at + name.len()..];
            if rest.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
                return None;
            }
            // `with tempfile.TemporaryDirectory() as d:`.
            if let Some(with) = self.code[..at].strip_suffix(" as ") {
                return Some(with.rsplit("with ").next().map(str::trim));
            }
            // `d += c`: the name is bound again, to what the code computes.
            let rest = rest.trim_start();
            if COMPOUND_ASSIGNMENTS.iter().any(|op| rest.starts_with(op)) {
                return Some(None);
            }
            let value = rest.strip_prefix('=').filter(|v| !v.starts_with(['=', '>', '~']))?;
            Some(Some(value.split([';', '\n']).next().unwrap_or(value).trim()))
        });
        let value = values.next()??;
        values.next().is_none().then_some(value)
    }
}

/// Operators that assign a name what it held combined with another value (`d += chunk`).
const COMPOUND_ASSIGNMENTS: &[&str] =
    &["+=", "-=", "*=", "/=", "%=", ".=", "|=", "&=", "^=", "||=", "&&=", "??=", "<<=", ">>=", "**=", "//="];

/// A process id argument as `kill` takes it: `-1`, `1`, `os.getppid()` (the agent: `$PPID`),
/// a process group as its negative (`os.killpg(pgid, sig)`; group 0 is the caller's own).
fn process_id(text: &str, group: bool) -> Word {
    let parent = ["os.getppid()", "process.ppid", "Process.ppid", "getppid", "getppid()", "posix_getppid()"];
    if parent.contains(&text) {
        return Word::literal("$PPID");
    }
    let own = ["os.getpid()", "process.pid", "Process.pid", "$$", "getmypid()", "Deno.pid"];
    if own.contains(&text) {
        return Word { dynamic: true, ..Word::literal("$$") };
    }
    match text.parse::<i64>() {
        Ok(0) if group => Word::literal("0"),
        Ok(pid) if group => Word::literal(format!("-{pid}")),
        Ok(pid) => Word::literal(pid.to_string()),
        Err(_) => Word { dynamic: true, ..Word::literal(text) },
    }
}

/// The mode a chmod call gives, as the chmod command spells it: `0o755`, Perl's `0755`, a
/// decimal `493` and hex `0x1ed` are all `755`; a string is as written (Node's `'755'`), and
/// anything the code computes (`stat.S_IRWXU`) is a value only known at run time.
fn mode_word(mode: Option<Arg>) -> Word {
    let computed = || Word { dynamic: true, ..Word::literal("$mode") };
    let number = match mode {
        Some(Arg::Str(text, false)) => return Word::literal(text),
        Some(Arg::Other(text)) => text.trim().replace('_', ""),
        _ => return computed(),
    };
    let lower = number.to_ascii_lowercase();
    let value = match lower.as_bytes() {
        [b'0', b'o', ..] => u32::from_str_radix(&lower[2..], 8),
        [b'0', b'x', ..] => u32::from_str_radix(&lower[2..], 16),
        [b'0', _, ..] => u32::from_str_radix(&lower[1..], 8),
        _ => lower.parse(),
    };
    value.map_or_else(|_| computed(), |value| Word::literal(format!("{value:o}")))
}

/// Whether an expression builds a name at run time (`"sys" . $x`, `chr(115)`).
fn built_from_strings(expression: &str) -> bool {
    expression.contains(['\'', '"', '`', '.']) || expression.contains("chr(")
}

/// Whether `expression` names Python's site directory, where every later Python loads
/// `.pth` files and `sitecustomize.py` from (`site.getsitepackages()[0]`, `site.USER_SITE`,
/// `sysconfig.get_paths()["purelib"]`).
fn site_directory(expression: &str) -> bool {
    ["getsitepackages(", "getusersitepackages(", "USER_SITE", "get_python_lib(", "purelib", "platlib"]
        .iter()
        .any(|name| expression.contains(name))
}

/// A temp directory an expression names: one it makes (`tempfile.mkdtemp()`, `fs.mkdtempSync(p)`,
/// `Dir.mktmpdir`) as `$(mktemp -d)`, the system's (`tempfile.gettempdir()`) as `$TMPDIR`.
fn temp_directory(expression: &str) -> Option<String> {
    const MADE: &[&str] = &[
        "mkdtemp(",
        "TemporaryDirectory(",
        "mkdtempSync(",
        "Dir.mktmpdir",
        "makeTempDir",
        "tempdir(",
        "File::Temp->newdir",
        "createTempDirectory(",
    ];
    const SYSTEM: &[&str] = &["gettempdir()", "os.tmpdir()", "Dir.tmpdir", "sys_get_temp_dir()", "tempdir()"];
    let expression = expression.trim();
    if SYSTEM.iter().any(|system| expression.ends_with(system)) {
        return Some("$TMPDIR".into());
    }
    MADE.iter().any(|made| expression.contains(made)).then(|| "$(mktemp -d)".into())
}
/// AppleScript that runs its string as a command line: `do shell script "…"`, and Terminal's
/// `do script "…"` (typed into a new window's shell): the length of the words.
fn apple_command(bytes: &[u8]) -> Option<usize> {
    [&b"do shell script"[..], b"do script"]
        .into_iter()
        .find(|words| bytes.starts_with(words))
        .map(<[u8]>::len)
}

/// Finder told to throw away what the user keeps (`delete every item of home`, `empty
/// trash`): the length of the words and the directory, judged as `rm -rf` of it (the trash
/// is emptied for good; what is moved there leaves its place as a delete does).
fn finder_delete(bytes: &[u8]) -> Option<(usize, &'static str)> {
    const PHRASES: &[(&[u8], &str)] = &[
        (b"empty trash", "~/.Trash"),
        (b"empty the trash", "~/.Trash"),
        (b"delete every item of home", "~"),
        (b"delete (every item of home)", "~"),
        (b"delete every item of desktop", "~/Desktop"),
        (b"delete every item of (path to home folder)", "~"),
        (b"delete every item of folder \"Documents\" of home", "~/Documents"),
    ];
    PHRASES
        .iter()
        .find(|(phrase, _)| bytes.starts_with(phrase))
        .map(|(phrase, target)| (phrase.len(), *target))
}

/// The address of a module the code imports from the network: `import('https://…')`,
/// `await import("http://…")`, `import "https://…"`, `import x from 'https://…'`.
fn remote_import(code: &str) -> Option<String> {
    code.match_indices("import").find_map(|(at, _)| {
        let before = code[..at].bytes().next_back();
        if before.is_some_and(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'.')) {
            return None;
        }
        let rest = code[at + 6..].trim_start();
        // `import x from '…'`, `import { a } from "…"`: the specifier follows `from`.
        let rest = match rest.strip_prefix('(') {
            Some(call) => call.trim_start(),
            None if rest.starts_with(['\'', '"']) => rest,
            None => rest.split_once(" from ").map(|(_, after)| after.trim_start())?,
        };
        let quote = rest.chars().next().filter(|c| matches!(c, '\'' | '"' | '`'))?;
        let specifier = rest[1..].split(quote).next()?;
        let lower = specifier.get(..8).unwrap_or(specifier).to_ascii_lowercase();
        (lower.starts_with("https://") || lower.starts_with("http://")).then(|| specifier.to_string())
    })
}
