//! Shell analysis: a command line becomes the simple commands it would run.
//!
//! The analyser never executes anything and never guesses: a word whose value is only known
//! at run time is marked [`Word::dynamic`]. It sees through the wrappers, operators and
//! structures listed in the README ("The policy"), in linear time with bounded depth.

mod analyser;
pub(crate) mod base64;
mod braces;
mod cmd;
mod dialects;
mod flat;
mod glob_names;
mod inline;
mod launchers;
mod lexer;
pub(crate) mod make;
mod opaque;
mod options;
mod output;
mod param;
mod parser;
mod powershell;
mod recode;
mod resolve;
pub(crate) mod startup;
pub(crate) mod tasks;
mod wrappers;

pub(crate) use inline::{CODE_VALUE, READS_BY_NAME, is_interpreter, reads_code_from_stdin};
pub(crate) use launchers::{HELM_VALUE_OPTIONS, is_default_index, name_words, on_host, production_name};
pub(crate) use opaque::chosen_at_run_time;
pub(crate) use options::{long_option, spelled};
pub(crate) use output::names_stdin;
pub(crate) use param::pattern_matches;
pub(crate) use wrappers::{
    CONTAINER_VALUES, cron_commands, dot_command, dot_commands, engine_remote, engine_subcommand,
    git_config_setting, git_path_outside, git_setting_command, git_subcommand, local_context, starts_unit,
    workspace_subcommand,
};
pub(crate) use wrappers::{runner_targets, runs_remotely};

/// Which shell language a command line is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// POSIX sh and bash.
    Posix,
    PowerShell,
    /// cmd.exe.
    Cmd,
}

/// One word of a command after quote removal.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Word {
    /// The word after quote removal. Parts that are only known at run time
    /// (`$HOME`, `$(cmd)`) stay as written in the source.
    pub text: String,
    /// The word as written, quotes included.
    pub raw: String,
    /// Some part depends on run-time expansion (variable, command substitution,
    /// arithmetic, xargs input): `text` is not what the command will see.
    pub dynamic: bool,
    /// The word contains unquoted glob characters (`*`, `?`, `[`).
    pub glob: bool,
}

impl Word {
    /// A word known statically, as if written unquoted.
    pub fn literal(text: impl Into<String>) -> Self {
        let text = text.into();
        Self { raw: text.clone(), text, dynamic: false, glob: false }
    }

    /// Whether the word's only run-time part is the home directory (`"$HOME/.claude"`,
    /// `${HOME}/x.sh`, a variable the line set to `~/bin`), which the file rules and script
    /// reading resolve as they do `~`.
    pub(crate) fn home_only(&self) -> bool {
        home_only(&self.text)
    }
}

/// Whether `text` is the home directory or a path under it, `$HOME` being its only run-time
/// part.
pub(crate) fn home_only(text: &str) -> bool {
    ["$HOME", "${HOME}"].iter().any(|home| {
        text.strip_prefix(home)
            .is_some_and(|rest| (rest.is_empty() || rest.starts_with('/')) && !rest.contains(['$', '`']))
    })
}

/// Whether `text` is words of which those with a run-time part are each the home directory or
/// a path under it (`$HOME/x`, `-rf $HOME`): split into fields, every word but those is known.
pub(crate) fn home_among_words(text: &str) -> bool {
    (text.contains("$HOME") || text.contains("${HOME}"))
        && text.split([' ', '\t', '\n']).all(|field| !field.contains(['$', '`']) || home_only(field))
}

/// The text that xargs substitutes at run time.
pub(crate) const XARGS_INPUT: &str = "{xargs input}";
/// [`XARGS_INPUT`] while a command line holding it is parsed again (a token keeps it one word).
const XARGS_INPUT_TOKEN: &str = "{xargs-input}";

/// How a command's working directory ([`SimpleCommand::cwd`]) names the project root: a `cd`
/// to what `git rev-parse --show-toplevel` prints, which the context knows
/// ([`crate::project::Context::moved_to`]).
pub(crate) const PROJECT_ROOT: &str = "$(git rev-parse --show-toplevel)";

/// How a command's working directory ([`SimpleCommand::cwd`]) names the directory `mktemp -d`
/// has just made: a `cd` to its output, which the context places in a temp dir
/// ([`crate::project::Context::moved_to`]).
pub(crate) const FRESH_TEMP_DIR: &str = "$(mktemp -d)";

/// Whether a `cd` operand, as written, is the project root: `"$(git rev-parse
/// --show-toplevel)"` (or `--show-cdup`, the same directory spelt relative to this one), and
/// what it appends (`/sub`).
pub(crate) fn project_root_operand(raw: &str) -> Option<&str> {
    let (body, rest) = leading_substitution(raw)?;
    let words: Vec<&str> = body.split_ascii_whitespace().collect();
    let root = matches!(words.as_slice(), ["git", "rev-parse", "--show-toplevel" | "--show-cdup"]);
    let rest = rest.strip_prefix('"').and_then(|r| r.strip_suffix('"')).unwrap_or(rest);
    (root
        && (rest.is_empty() || rest.starts_with('/'))
        && !rest.contains(['$', '`', '"', '\'', '*', '?', '[']))
    .then_some(rest)
}

/// The body of the command substitution (`$(…)` or `` `…` ``) a word, quoted or not, starts
/// with, and the text after it: `"$(git rev-parse --show-toplevel)/sub"` is
/// `git rev-parse --show-toplevel` and `/sub`.
pub(crate) fn leading_substitution(raw: &str) -> Option<(&str, &str)> {
    let unquoted = raw.strip_prefix('"').and_then(|rest| rest.strip_suffix('"')).unwrap_or(raw);
    match unquoted.strip_prefix("$(") {
        Some(inner) => inner.split_once(')'),
        None => unquoted.strip_prefix('`')?.split_once('`'),
    }
}

/// Where a simple command's standard input comes from.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Stdin {
    /// Whatever the whole line was given.
    #[default]
    Inherited,
    /// The output of another command: the index in [`Analysis::commands`] of the command
    /// that writes into the pipe (the last one of the left side), if known.
    Pipe { from: Option<usize> },
    /// Text fixed by the line: a heredoc body or here-string.
    Text(String),
    /// A file redirected in with `<`.
    File(Word),
}

/// The kind of a redirection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RedirectOp {
    /// `<`
    Read,
    /// `>`, `>|`, `&>`
    Write,
    /// `>>`, `&>>`
    Append,
    /// `<>`
    ReadWrite,
    /// `>&N`, `<&N`: duplicates a descriptor, target is the descriptor number.
    Duplicate,
}

/// One redirection of a simple command (heredocs are in [`SimpleCommand::stdin`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Redirect {
    pub fd: Option<u32>,
    pub op: RedirectOp,
    pub target: Word,
}

/// One command that the line would run, with its argv after quote removal.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SimpleCommand {
    /// argv; `argv[0]` is the command name as written (possibly a path). Wrappers that were
    /// seen through are not in argv but in `via`.
    pub argv: Vec<Word>,
    /// `NAME=value` assignments written before the command.
    pub assignments: Vec<(String, Word)>,
    pub redirects: Vec<Redirect>,
    pub stdin: Stdin,
    /// The wrappers and feeders this command was found through, outermost first
    /// (`sudo`, `bash -c`, `xargs`, `find -exec`, `python -c`, ...).
    pub via: Vec<String>,
    /// The source text of this simple command (for regex filters and messages).
    pub text: String,
    /// Where an earlier `cd` (or `pushd`, `popd`) of the line moved this command: a path
    /// relative to the line's starting directory, or absolute; a dynamic word when the
    /// directory is not known. `None`: the line's starting directory.
    pub cwd: Option<Word>,
    /// The target an earlier command of the line selected for the ones after it: a
    /// target-selecting variable it exported or assigned (`export KUBECONFIG=~/.kube/prod.yaml`),
    /// an environment file it sourced (`. ./.env.production`), or a tool's saved state it
    /// switched (`firebase use prod`, `kubectl config use-context prod`). The last one holds.
    pub selected: Option<Word>,
    /// Whether the command's pipeline runs whatever became of the one before it: it starts a
    /// list item (after `;`, a newline or `&`) or follows `||`, not `&&`.
    pub sequenced: bool,
    /// Whether its pipeline is the second of an and-or list, joined by `||` to a first that
    /// is not negated: it runs only if the first failed (`test -f .env || cp …`).
    pub or_else: bool,
}

impl SimpleCommand {
    /// The command's base name (`/usr/bin/rm` → `rm`, `C:\x\rm.exe` stays as written but
    /// lowercased comparisons are the caller's job); `None` when the name is dynamic or absent.
    pub fn name(&self) -> Option<&str> {
        let first = self.argv.first()?;
        if first.dynamic {
            return None;
        }
        Some(program_base(&first.text))
    }

    /// The arguments after the command name.
    pub fn args(&self) -> &[Word] {
        self.argv.get(1..).unwrap_or(&[])
    }
}

/// Everything the analyser found in one command line.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Analysis {
    /// Every simple command the line may run, in source order, wrappers unwrapped.
    pub commands: Vec<SimpleCommand>,
    /// The line could not be fully understood (unterminated quote, depth limit, ...).
    /// The commands found so far are still listed.
    pub incomplete: bool,
    /// What the line runs that the analyser could not see: text a shell, `eval` or `source`
    /// executes that is not computed, and the bounds the analysis hit. Each one is also
    /// `incomplete`.
    pub unseen: Vec<Unseen>,
    /// Commands that start a fork bomb: the body of a function that runs itself twice or
    /// more and is called (`f(){ f & f & }; f`), and interpreter code that forks in a loop
    /// (`perl -e 'fork while fork'`).
    pub fork_bombs: Vec<usize>,
    /// Interpreter commands whose code dumps the whole environment (`print(os.environ)`).
    pub environment_dumps: Vec<EnvironmentDump>,
    /// The names the line defines as aliases or shell functions: a later use of the name runs
    /// the definition, whatever program has the name.
    pub redefined: Vec<String>,
}

/// An interpreter command that prints the whole environment where the agent reads it, or
/// sends it to the network.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EnvironmentDump {
    /// The index in [`Analysis::commands`] of the interpreter command.
    pub command: usize,
    /// The code also talks to the network (`requests.post(url, json=dict(os.environ))`).
    pub sent: bool,
}

/// What `commands[index]` writes to a file its standard output is redirected to, when the
/// line fixes it (`printf 'a\tb' > f`, `echo cm0= | base64 -d > f`).
pub(crate) fn file_output(commands: &[SimpleCommand], index: usize) -> Option<String> {
    output::output(commands, index)
}

/// What `commands[index]` reads on its standard input (a here-string, a heredoc, a pipe from
/// a command whose output is known), when the line fixes it: what `cp /dev/stdin f` copies.
pub(crate) fn stdin_text(commands: &[SimpleCommand], index: usize) -> Option<String> {
    output::stdin_text(commands, index)
}

/// `text` with its backslash escapes decoded as zsh's and dash's `echo` decode them (`\n`,
/// `\t`, `\0NNN`), which bash's does only with `-e`.
pub(crate) fn echo_escapes_decoded(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    output::unescape(text, &mut out, false);
    out
}

/// How many stages back along a pipeline [`Analysis::upstream`] follows (`env | gzip |
/// base64 | curl …`).
pub(crate) const MAX_UPSTREAM: usize = 8;

impl Analysis {
    /// The text command `index` reads on its standard input when the line fixes it: a heredoc
    /// or here-string, or what an `echo`, `printf` or `cat` piped into it prints. `None` when
    /// it reads anything else (a file, the line's own input, another command's output).
    pub fn stdin_text(&self, index: usize) -> Option<String> {
        match &self.commands.get(index)?.stdin {
            Stdin::Text(text) => Some(text.clone()),
            Stdin::Pipe { from: Some(from) } => output::printed(&self.commands, *from),
            Stdin::Pipe { from: None } | Stdin::File(_) | Stdin::Inherited => None,
        }
    }

    /// The commands that write into `command`'s standard input along its pipeline, nearest
    /// first, with their indices: at most [`MAX_UPSTREAM`] of them.
    pub(crate) fn upstream<'a>(
        &'a self,
        command: &'a SimpleCommand,
    ) -> impl Iterator<Item = (usize, &'a SimpleCommand)> {
        let writer = |stdin: &Stdin| match *stdin {
            Stdin::Pipe { from: Some(from) } => Some((from, self.commands.get(from)?)),
            _ => None,
        };
        std::iter::successors(writer(&command.stdin), move |(_, earlier)| writer(&earlier.stdin))
            .take(MAX_UPSTREAM)
    }
}

/// One part of a line that runs unseen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unseen {
    pub kind: UnseenKind,
    /// Index into [`Analysis::commands`] of the command it belongs to, when there is one.
    pub command: Option<usize>,
    /// What was not seen and why, for the agent and `explain` ("the script fed to `sh` is
    /// the output of `tr`, which is not computed").
    pub what: String,
}

/// Why a part of the line was not seen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnseenKind {
    /// A shell, `eval`, `source` or runner executes text that is not computed.
    Exec,
    /// Syntax the analyser could not follow (an unterminated quote or heredoc, a stray
    /// closer): what it means to the shell is not known.
    Syntax,
    /// More simple commands than the analyser records.
    Commands,
    /// Compound commands nested deeper than the analyser follows.
    Nesting,
    /// Text inside text (substitutions, `-c` strings, `eval`) deeper than it follows.
    Depth,
    /// More text than it analyses (the line, or what its expansions produce).
    Size,
}

impl UnseenKind {
    /// The rule id an ask about it carries.
    pub fn rule(self) -> &'static str {
        match self {
            UnseenKind::Exec => "opaque.exec",
            UnseenKind::Syntax => "opaque.syntax",
            UnseenKind::Commands => "limit.commands",
            UnseenKind::Nesting => "limit.nesting",
            UnseenKind::Depth => "limit.depth",
            UnseenKind::Size => "limit.size",
        }
    }
}

/// The part of `path` after its last `/` (`/usr/bin/rm` → `rm`). A byte loop: names are a
/// few bytes, and the generic `rsplit` searcher costs more than the search on every command.
pub(crate) fn base_name(path: &str) -> &str {
    path.bytes().rposition(|b| b == b'/').map_or(path, |at| &path[at + 1..])
}

/// [`base_name`] also cut at `\` (`C:\x\rm.exe` → `rm.exe`): a program may be named the
/// Windows way.
pub(crate) fn program_base(path: &str) -> &str {
    path.bytes().rposition(|b| b == b'/' || b == b'\\').map_or(path, |at| &path[at + 1..])
}

/// Whether `arg` is the option `name`, alone or with its value attached (`--output`,
/// `--output=x`).
pub(crate) fn is_option(arg: &str, name: &str) -> bool {
    arg.strip_prefix(name).is_some_and(|rest| rest.is_empty() || rest.starts_with('='))
}

/// `word` as one POSIX shell word: unchanged when it has nothing the shell would interpret,
/// else in single quotes (an inner `'` becomes `'\''`).
pub fn quote(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-./:@%+=,".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        return word.to_string();
    }
    format!("'{}'", word.replace('\'', r"'\''"))
}

/// The Windows shells a line given as POSIX text may have been written for: an agent's tool
/// that says "bash" may run cmd or PowerShell (a Windows agent without Git Bash), so a line
/// spelled for them (`$env:X`, `%X%`, `C:\`, `HKLM:\`, `.\x`, `~\x`, a `Verb-Noun` cmdlet, a
/// `c^m^d` name) is read their way too. Empty for a line with none of these marks: a few byte
/// scans, no allocation.
pub fn windows_readings(line: &str) -> &'static [Dialect] {
    const BOTH: &[Dialect] = &[Dialect::PowerShell, Dialect::Cmd];
    let bytes = line.as_bytes();
    let first_word = line.trim_start().split([' ', '\t']).next().unwrap_or_default();
    let marked = bytes.windows(2).enumerate().any(|(at, pair)| match pair {
        // `C:\`, `HKLM:\`, `.\x`, `~\x`, `$HOME\x`.
        [b':' | b'.' | b'~', b'\\'] => true,
        [b'E' | b'e', b'\\'] => at >= 4 && bytes[at - 4..=at].eq_ignore_ascii_case(b"$home"),
        // `$env:NAME`.
        [b'$', b'e' | b'E'] => line.get(at + 1..at + 5).is_some_and(|s| s.eq_ignore_ascii_case("env:")),
        // `%NAME%`, two characters or more.
        [b'%', c] if c.is_ascii_alphabetic() => {
            let rest = &bytes[at + 1..];
            let len = rest.iter().take_while(|b| b.is_ascii_alphanumeric() || **b == b'_').count();
            len >= 2 && rest.get(len) == Some(&b'%')
        }
        // A cmdlet's `Verb-Noun`: a lower-case letter, `-`, an upper-case one.
        [b'-', c] if c.is_ascii_uppercase() => at > 0 && bytes[at - 1].is_ascii_lowercase(),
        // A .NET static member: `[Environment]::GetEnvironmentVariables()`.
        [b']', b':'] => bytes.get(at + 2) == Some(&b':'),
        // `$LASTEXITCODE`, which only PowerShell sets.
        [b'$', b'L' | b'l'] => {
            line.get(at + 1..at + 13).is_some_and(|s| s.eq_ignore_ascii_case("lastexitcode"))
        }
        // PowerShell's aliases of code fetched and run, starting a command: `IEX (iwr URL)`.
        [b' ' | b'\t' | b'\n' | b'(' | b';' | b'|', b'i' | b'I'] => powershell_alias_at(line, at + 1),
        _ => false,
    }) || powershell_alias_at(line, line.len() - line.trim_start().len());
    if marked || first_word.contains('^') { BOTH } else { &[] }
}

/// Whether `line` has, at `at`, one of PowerShell's aliases that no POSIX system has (`iex`,
/// `iwr`, `irm`) as a whole word.
fn powershell_alias_at(line: &str, at: usize) -> bool {
    let word = line.get(at..at + 3);
    let ends = line.as_bytes().get(at + 3).is_none_or(|b| !b.is_ascii_alphanumeric() && !b"-_.".contains(b));
    ends && word.is_some_and(|w| ["iex", "iwr", "irm"].iter().any(|alias| w.eq_ignore_ascii_case(alias)))
}

/// PowerShell's approved verbs, the first half of a cmdlet's `Verb-Noun` name, sorted.
const POWERSHELL_VERBS: &[&str] = &[
    "add",
    "clear",
    "compress",
    "convertfrom",
    "convertto",
    "copy",
    "disable",
    "enable",
    "expand",
    "export",
    "get",
    "import",
    "install",
    "invoke",
    "move",
    "new",
    "out",
    "register",
    "remove",
    "rename",
    "restart",
    "set",
    "start",
    "stop",
    "uninstall",
    "unregister",
    "write",
];

/// Whether `name` is a PowerShell cmdlet's (`Remove-Item`, `get-childitem`): no POSIX shell
/// runs one, so a POSIX reading of it is a misreading.
pub fn is_cmdlet(name: &str) -> bool {
    name.split_once('-').is_some_and(|(verb, noun)| {
        !noun.is_empty()
            && noun.bytes().all(|b| b.is_ascii_alphabetic())
            && POWERSHELL_VERBS.binary_search(&verb.to_ascii_lowercase().as_str()).is_ok()
    })
}

/// The text the process substitution `word` (`<(printf …)`) gives the program that reads it,
/// when the line fixes it.
pub(crate) fn substituted_text(word: &Word) -> Option<String> {
    let body = word.raw.strip_prefix("<(")?.strip_suffix(')')?;
    analyser::printed_by(body)
}

/// The longest command line analysed. A longer one is asked about unread (`limit.size`): the
/// analysis keeps a few hundred bytes of structure per byte of text, and an agent's command
/// is rarely a tenth of this.
pub const MAX_LINE: usize = 256 * 1024;

/// Analyse one command line.
pub fn analyse(line: &str, dialect: Dialect) -> Analysis {
    if line.len() > MAX_LINE {
        let what = format!(
            "the command line is {} KB, longer than the {} KB the guard reads",
            line.len().div_ceil(1024),
            MAX_LINE / 1024
        );
        return Analysis {
            commands: Vec::new(),
            incomplete: true,
            unseen: vec![Unseen { kind: UnseenKind::Size, command: None, what }],
            fork_bombs: Vec::new(),
            environment_dumps: Vec::new(),
            redefined: Vec::new(),
        };
    }
    analyser::analyse(line, dialect)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_longer_than_the_guard_reads_is_asked_about_unread() {
        let long = "echo ".to_string() + &"w ".repeat(MAX_LINE / 2);
        let analysis = analyse(&long, Dialect::Posix);
        assert!(analysis.incomplete && analysis.commands.is_empty());
        assert_eq!(analysis.unseen.iter().map(|u| u.kind).collect::<Vec<_>>(), [UnseenKind::Size]);
        let within = "echo ".to_string() + &"w ".repeat(MAX_LINE / 2 - 4);
        assert!(!analyse(&within, Dialect::Posix).incomplete);
    }

    /// Pieces of shell syntax the random lines are made of: every quote, operator and wrapper
    /// the analyser treats specially, plus multi-byte text.
    const PIECES: [&str; 48] = [
        "rm",
        " ",
        "-rf",
        "/",
        "~",
        "'",
        "\"",
        "$",
        "(",
        ")",
        "{",
        "}",
        "`",
        "\\",
        "|",
        "&",
        ";",
        "<",
        ">",
        "\n",
        "#",
        "*",
        "é",
        "^",
        "%",
        "!",
        "=",
        "$(",
        "$((",
        "${",
        "<<EOF\n",
        "EOF",
        "<<<",
        "bash -c ",
        "sudo ",
        "eval ",
        "xargs ",
        "find . -exec ",
        "{} \\;",
        "python3 -c ",
        "os.system(",
        "cmd /c ",
        "powershell -c ",
        "-EncodedCommand cgBt",
        "case x in ",
        "esac",
        "if a; then ",
        "fi",
    ];

    /// A deterministic xorshift generator, so failures reproduce.
    struct Random(u64);

    impl Random {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    #[test]
    fn random_lines_never_panic_and_stay_bounded() {
        let mut random = Random(0x9e37_79b9_7f4a_7c15);
        for _ in 0..2000 {
            let len = random.below(60);
            let line: String = (0..len).map(|_| PIECES[random.below(PIECES.len())]).collect();
            for dialect in [Dialect::Posix, Dialect::PowerShell, Dialect::Cmd] {
                let analysis = analyse(&line, dialect);
                assert!(analysis.commands.len() <= 10_000, "{line:?}");
                let words: usize = analysis.commands.iter().map(|c| c.argv.len()).sum();
                assert!(words <= 64 * line.len() + 64, "{line:?} in {dialect:?} gave {words} words");
            }
        }
    }

    #[test]
    fn command_name_is_the_base_name() {
        let command = SimpleCommand { argv: vec![Word::literal("/usr/bin/rm")], ..SimpleCommand::default() };
        assert_eq!(command.name(), Some("rm"));
        assert!(command.args().is_empty());
    }
}
