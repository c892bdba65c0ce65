//! The walk over a parsed command line: expands words, tracks variables, peels wrappers,
//! follows text fed to shells and interpreters, and records every simple command.
//!
//! All recursion into nested text (substitutions, `-c` strings, eval, fed text, script
//! blocks) goes through [`Analyser::text`], which enforces the depth bound and the budget.

use super::lexer::{self, LexWord, Part, Redir};
use super::parser::{self, Command, Compound, List, Redirection, Simple};
use super::resolve::{self, Vars};
use super::wrappers::{self, Peel};
use super::{Analysis, Dialect, Redirect, RedirectOp, SimpleCommand, Stdin, Word};
use super::{cmd, inline, output, powershell};

/// Nesting of text inside text: substitutions, `-c` strings, eval, text fed to a shell.
const MAX_DEPTH: usize = 16;
/// Nesting of compound commands within one text.
const MAX_NESTING: usize = 48;
/// Commands recorded for one line.
const MAX_COMMANDS: usize = 10_000;

/// A command of a dialect without variables or compound syntax (PowerShell, cmd.exe).
#[derive(Debug, Default)]
pub(super) struct FlatCommand {
    pub argv: Vec<Word>,
    pub redirects: Vec<Redirect>,
    /// Standard input set by the command itself (`< file`).
    pub stdin: Option<Stdin>,
    pub text: String,
    /// Text inside the command that runs too: script blocks, subexpressions.
    pub nested: Vec<(String, Dialect)>,
    /// `false` for statements that are not commands (keywords, expressions): only their
    /// nested text runs.
    pub runs: bool,
}

/// Pipelines of flat commands, in order.
pub(super) type FlatScript = Vec<Vec<FlatCommand>>;

/// Where the commands being analysed come from.
#[derive(Debug, Clone, Default)]
struct Origin {
    via: Vec<String>,
    /// Standard input for commands that do not redirect theirs.
    stdin: Stdin,
    depth: usize,
}

impl Origin {
    /// Text run one level deeper, through `via`.
    fn through(&self, via: &[String], stdin: Stdin) -> Origin {
        Origin { via: via.to_vec(), stdin, depth: self.depth + 1 }
    }
}

pub(super) struct Analyser {
    commands: Vec<SimpleCommand>,
    incomplete: bool,
    vars: Vars,
    /// Bytes of text that may still be lexed, so nested re-analysis stays linear.
    source_budget: usize,
    /// Bytes that variable and substitution values may still produce.
    expansion_budget: usize,
}

/// Analyse one command line.
pub(super) fn analyse(line: &str, dialect: Dialect) -> Analysis {
    let mut analyser = Analyser {
        commands: Vec::new(),
        incomplete: false,
        vars: Vars::default(),
        source_budget: line.len().saturating_mul(32).saturating_add(1 << 20),
        expansion_budget: line.len().saturating_mul(4).saturating_add(4 << 20),
    };
    analyser.text(line, dialect, &Origin::default());
    Analysis { commands: analyser.commands, incomplete: analyser.incomplete }
}

impl Analyser {
    /// Analyse `src` as commands of `dialect`; the index of the last command that writes to
    /// standard output, if any.
    fn text(&mut self, src: &str, dialect: Dialect, origin: &Origin) -> Option<usize> {
        if !self.admit(src, origin) {
            return None;
        }
        match dialect {
            Dialect::Posix => {
                let parsed = self.parse_posix(src);
                self.list(&parsed.list, src, origin)
            }
            Dialect::PowerShell => {
                let (script, incomplete) = powershell::parse(src);
                self.incomplete |= incomplete;
                self.flat(script, dialect, origin)
            }
            Dialect::Cmd => {
                let (script, incomplete) = cmd::parse(src);
                self.incomplete |= incomplete;
                self.flat(script, dialect, origin)
            }
        }
    }

    /// Whether nested text may be analysed: within the depth bound and the budget.
    fn admit(&mut self, src: &str, origin: &Origin) -> bool {
        if origin.depth > MAX_DEPTH || src.len() > self.source_budget {
            self.incomplete = true;
            return false;
        }
        self.source_budget -= src.len();
        true
    }

    fn parse_posix(&mut self, src: &str) -> parser::Parsed {
        let lexed = lexer::tokenize(src);
        let parsed = parser::parse(&lexed.tokens, MAX_NESTING);
        self.incomplete |= lexed.incomplete || parsed.incomplete;
        parsed
    }

    /// Run `walk` in a scope whose assignments are forgotten afterwards.
    fn scoped<T>(&mut self, isolated: bool, walk: impl FnOnce(&mut Self) -> T) -> T {
        self.vars.enter(isolated);
        let result = walk(self);
        self.vars.leave();
        result
    }

    fn list(&mut self, list: &List, src: &str, origin: &Origin) -> Option<usize> {
        let mut last = None;
        for item in &list.items {
            last = if item.background {
                self.scoped(false, |a| a.and_or(&item.and_or.pipelines, src, origin))
            } else {
                self.and_or(&item.and_or.pipelines, src, origin)
            };
        }
        last
    }

    fn and_or(&mut self, pipelines: &[parser::Pipeline], src: &str, origin: &Origin) -> Option<usize> {
        let mut last = None;
        for (i, pipeline) in pipelines.iter().enumerate() {
            // Only the first pipeline surely runs.
            last = if i == 0 {
                self.pipeline(pipeline, src, origin)
            } else {
                self.scoped(false, |a| a.pipeline(pipeline, src, origin))
            };
        }
        last
    }

    fn pipeline(&mut self, pipeline: &parser::Pipeline, src: &str, origin: &Origin) -> Option<usize> {
        if let [command] = pipeline.commands.as_slice() {
            return self.command(command, src, origin);
        }
        let mut writer = None;
        for (i, command) in pipeline.commands.iter().enumerate() {
            let mut stage = origin.clone();
            if i > 0 {
                stage.stdin = Stdin::Pipe { from: writer };
            }
            // Each side of a pipe runs in a subshell.
            writer = self.scoped(false, |a| a.command(command, src, &stage));
        }
        writer
    }

    fn command(&mut self, command: &Command, src: &str, origin: &Origin) -> Option<usize> {
        match command {
            Command::Simple(simple) => self.simple(simple, src, origin),
            Command::Function(body) => {
                self.scoped(true, |a| a.command(body, src, origin));
                None
            }
            Command::Compound { body, redirects } => {
                let mut inner = origin.clone();
                self.redirections(redirects, &mut inner.stdin, origin);
                self.compound(body, src, &inner)
            }
        }
    }

    fn compound(&mut self, body: &Compound, src: &str, origin: &Origin) -> Option<usize> {
        match body {
            Compound::Group(list) => self.list(list, src, origin),
            Compound::Subshell(list) => self.scoped(false, |a| a.list(list, src, origin)),
            Compound::If { branches, otherwise } => self.scoped(false, |a| {
                let mut last = None;
                for (i, (condition, body)) in branches.iter().enumerate() {
                    let branch = |a: &mut Self| {
                        a.list(condition, src, origin);
                        a.scoped(false, |a| a.list(body, src, origin))
                    };
                    last = if i == 0 { branch(a) } else { a.scoped(false, branch) };
                }
                if let Some(otherwise) = otherwise {
                    last = a.scoped(false, |a| a.list(otherwise, src, origin));
                }
                last
            }),
            Compound::Loop { condition, body } => self.scoped(true, |a| {
                a.list(condition, src, origin);
                a.list(body, src, origin)
            }),
            Compound::For { name, words, body } => {
                for word in words {
                    self.substitutions(word, origin);
                }
                self.scoped(true, |a| {
                    if let Some(name) = name {
                        a.vars.set(name, None);
                    }
                    a.list(body, src, origin)
                })
            }
            Compound::Case { subject, arms } => {
                self.substitutions(subject, origin);
                self.scoped(false, |a| {
                    let mut last = None;
                    for arm in arms {
                        last = a.scoped(false, |a| a.list(arm, src, origin));
                    }
                    last
                })
            }
            Compound::Arithmetic => None,
        }
    }

    /// Run the substitutions of a word; what each command substitution prints, if known.
    fn substitutions(&mut self, word: &LexWord, origin: &Origin) -> Vec<Option<String>> {
        let mut outputs = Vec::new();
        for part in &word.parts {
            match part {
                Part::Command { body, .. } => outputs.push(self.substitution(body, origin)),
                Part::Process { body, .. } => {
                    let inner = origin.through(&origin.via, origin.stdin.clone());
                    self.scoped(false, |a| a.text(body, Dialect::Posix, &inner));
                }
                _ => {}
            }
        }
        outputs
    }

    /// Analyse the commands of `$(body)`; its output when it is one plain echo or printf.
    fn substitution(&mut self, body: &str, origin: &Origin) -> Option<String> {
        let inner = origin.through(&origin.via, origin.stdin.clone());
        if !self.admit(body, &inner) {
            return None;
        }
        let parsed = self.parse_posix(body);
        let writer = self.scoped(false, |a| a.list(&parsed.list, body, &inner));
        let single = match parsed.list.items.as_slice() {
            [item] => {
                !item.background
                    && matches!(item.and_or.pipelines.as_slice(), [p] if matches!(p.commands.as_slice(), [Command::Simple(_)]))
            }
            _ => false,
        };
        if !single {
            return None;
        }
        let mut printed = output::printed(&self.commands, writer?)?;
        // A substitution drops the trailing newlines.
        printed.truncate(printed.trim_end_matches('\n').len());
        Some(printed)
    }

    fn expand_word(&mut self, word: &LexWord, origin: &Origin) -> Vec<Word> {
        let outputs = self.substitutions(word, origin);
        resolve::expand(word, &self.vars, &outputs, true, &mut self.expansion_budget)
    }

    fn expand_value(&mut self, word: &LexWord, origin: &Origin) -> Word {
        let outputs = self.substitutions(word, origin);
        resolve::expand_value(word, &self.vars, &outputs, &mut self.expansion_budget)
    }

    /// Run the substitutions of redirections; update `stdin` for input redirections.
    fn redirections(
        &mut self,
        redirections: &[Redirection],
        stdin: &mut Stdin,
        origin: &Origin,
    ) -> Vec<Redirect> {
        let mut redirects = Vec::new();
        for redirection in redirections {
            match redirection {
                Redirection::To { fd, redir, target } => {
                    let target = self.expand_value(target, origin);
                    let is_descriptor = target.text == "-" || target.text.bytes().all(|b| b.is_ascii_digit());
                    let op = match redir {
                        Redir::HereString => {
                            *stdin = Stdin::Text(format!("{}\n", target.text));
                            continue;
                        }
                        Redir::Read => {
                            if matches!(fd, None | Some(0)) {
                                *stdin = Stdin::File(target.clone());
                            }
                            RedirectOp::Read
                        }
                        Redir::DupIn | Redir::DupOut if is_descriptor && !target.text.is_empty() => {
                            RedirectOp::Duplicate
                        }
                        Redir::DupIn => RedirectOp::Read,
                        Redir::Write | Redir::WriteAll | Redir::DupOut => RedirectOp::Write,
                        Redir::Append | Redir::AppendAll => RedirectOp::Append,
                        Redir::ReadWrite => RedirectOp::ReadWrite,
                    };
                    redirects.push(Redirect { fd: *fd, op, target });
                }
                Redirection::HereDoc { fd, body, expand } => {
                    if *expand {
                        let (parts, _) = lexer::heredoc_parts(body);
                        self.substitutions(&LexWord { parts, raw: String::new() }, origin);
                    }
                    if matches!(fd, None | Some(0)) {
                        *stdin = Stdin::Text(body.clone());
                    }
                }
            }
        }
        redirects
    }

    fn simple(&mut self, simple: &Simple, src: &str, origin: &Origin) -> Option<usize> {
        if simple.is_empty() {
            return None;
        }
        // Expansions happen left to right: assignments, words, then redirections.
        let mut assignments = Vec::new();
        for (name, value) in &simple.assignments {
            let word = self.expand_value(value, origin);
            if simple.words.is_empty() {
                let from_substitution = value.parts.iter().any(|p| matches!(p, Part::Command { .. }));
                let known = !word.dynamic && !from_substitution;
                self.vars.set(name, known.then(|| word.text.clone()));
            }
            assignments.push((name.clone(), word));
        }
        let mut argv = Vec::new();
        for word in &simple.words {
            argv.extend(self.expand_word(word, origin));
        }
        let mut stdin = origin.stdin.clone();
        let redirects = self.redirections(&simple.redirects, &mut stdin, origin);
        if argv.is_empty() && redirects.is_empty() {
            return None;
        }
        self.builtin_assignments(&argv);
        let text = src.get(simple.start..simple.end).unwrap_or_default().to_string();
        let command = SimpleCommand { argv, assignments, redirects, stdin, via: origin.via.clone(), text };
        self.emit(command, Dialect::Posix, origin)
    }

    /// Builtins that set variables: `export a=rm` sets it, `read a`/`unset a` make it unknown.
    fn builtin_assignments(&mut self, argv: &[Word]) {
        let Some(name) = argv.first().filter(|w| !w.dynamic) else { return };
        let sets = matches!(name.text.as_str(), "export" | "local" | "declare" | "typeset" | "readonly");
        let forgets = matches!(name.text.as_str(), "unset" | "read" | "mapfile" | "readarray" | "getopts");
        if !sets && !forgets {
            return;
        }
        for arg in &argv[1..] {
            if arg.text.starts_with(['-', '+']) {
                continue;
            }
            match arg.text.split_once('=') {
                Some((var, value)) if sets && lexer::assignment_name(&arg.text).is_some() => {
                    self.vars.set(var, (!arg.dynamic).then(|| value.to_string()));
                }
                _ if forgets && lexer::assignment_name(&format!("{}=", arg.text)).is_some() => {
                    self.vars.set(&arg.text, None);
                }
                _ => {}
            }
        }
    }

    fn push(&mut self, command: SimpleCommand) -> Option<usize> {
        if self.commands.len() >= MAX_COMMANDS {
            self.incomplete = true;
            return None;
        }
        self.commands.push(command);
        Some(self.commands.len() - 1)
    }

    /// Record a command after peeling its wrappers; returns the index of the command that
    /// writes its standard output.
    fn emit(&mut self, mut command: SimpleCommand, dialect: Dialect, origin: &Origin) -> Option<usize> {
        loop {
            match wrappers::peel(&command.argv, dialect) {
                Peel::Runs => break,
                Peel::Wraps { via, inner } => {
                    command.via.push(via);
                    command.argv = inner;
                }
                Peel::Script { via, script, dialect: script_dialect } => {
                    return self.script(command, via, &script, script_dialect, origin);
                }
                Peel::Find { execs } => {
                    let find = self.push(command.clone());
                    let inner = origin.through(&origin.via, origin.stdin.clone());
                    if inner.depth > MAX_DEPTH {
                        self.incomplete = true;
                        return find;
                    }
                    for (via, argv) in execs {
                        let mut via_chain = command.via.clone();
                        via_chain.push(via);
                        let exec = SimpleCommand {
                            argv,
                            via: via_chain,
                            text: command.text.clone(),
                            ..Default::default()
                        };
                        self.emit(exec, dialect, &inner);
                    }
                    return find;
                }
            }
        }
        let index = self.push(command.clone());
        self.interpreter(&command, origin);
        self.fed_shell(&command, dialect, origin);
        index
    }

    /// A wrapper that runs a command line: analyse it, keeping the wrapper itself when the
    /// line is only known at run time.
    fn script(
        &mut self,
        command: SimpleCommand,
        via: String,
        script: &Word,
        dialect: Dialect,
        origin: &Origin,
    ) -> Option<usize> {
        let substituted = script.text.contains("$(") || script.text.contains('`');
        let own = if script.dynamic { self.push(command.clone()) } else { None };
        if script.dynamic && substituted {
            return own;
        }
        let eval = via == "eval";
        let mut via_chain = command.via;
        via_chain.push(via);
        let inner = origin.through(&via_chain, command.stdin);
        // eval runs in the same shell; every other wrapper starts a new process.
        let last = if eval {
            self.text(&script.text, dialect, &inner)
        } else {
            self.scoped(true, |a| a.text(&script.text, dialect, &inner))
        };
        own.or(last)
    }

    /// Interpreter one-liners: their shell-outs and recursive deletes.
    fn interpreter(&mut self, command: &SimpleCommand, origin: &Origin) {
        let Some(found) = inline::scan(&command.argv, &command.stdin) else { return };
        let mut via = command.via.clone();
        via.push(found.via);
        let inner = origin.through(&via, Stdin::Inherited);
        for finding in found.findings {
            match finding {
                inline::Finding::Shell(line) => {
                    self.scoped(true, |a| a.text(&line, Dialect::Posix, &inner));
                }
                inline::Finding::Argv(argv) => {
                    let exec = SimpleCommand {
                        argv,
                        via: via.clone(),
                        text: command.text.clone(),
                        ..Default::default()
                    };
                    self.emit(exec, Dialect::Posix, &inner);
                }
                inline::Finding::Delete { via: how, target } => {
                    let mut delete_via = command.via.clone();
                    delete_via.push(how);
                    self.push(SimpleCommand {
                        argv: vec![Word::literal("rm"), Word::literal("-rf"), target],
                        via: delete_via,
                        text: command.text.clone(),
                        ..Default::default()
                    });
                }
            }
        }
    }

    /// A shell reading its commands from standard input that the line fixes.
    fn fed_shell(&mut self, command: &SimpleCommand, dialect: Dialect, origin: &Origin) {
        let Some(shell) = wrappers::reads_commands_from_stdin(&command.argv, dialect) else { return };
        let text = match &command.stdin {
            Stdin::Text(text) => Some(text.clone()),
            Stdin::Pipe { from: Some(from) } => output::printed(&self.commands, *from),
            _ => None,
        };
        let Some(text) = text else { return };
        let mut via = command.via.clone();
        via.push(format!("{shell} stdin"));
        let inner = origin.through(&via, Stdin::Inherited);
        self.scoped(true, |a| a.text(&text, Dialect::Posix, &inner));
    }

    fn flat(&mut self, script: FlatScript, dialect: Dialect, origin: &Origin) -> Option<usize> {
        let mut last = None;
        for pipeline in script {
            let mut writer = None;
            for (i, command) in pipeline.into_iter().enumerate() {
                let inner = origin.through(&origin.via, origin.stdin.clone());
                for (body, nested_dialect) in &command.nested {
                    self.text(body, *nested_dialect, &inner);
                }
                if !command.runs || command.argv.is_empty() {
                    continue;
                }
                let stdin = match command.stdin {
                    Some(stdin) => stdin,
                    None if i > 0 => Stdin::Pipe { from: writer },
                    None => origin.stdin.clone(),
                };
                let simple = SimpleCommand {
                    argv: command.argv,
                    redirects: command.redirects,
                    stdin,
                    via: origin.via.clone(),
                    text: command.text,
                    assignments: Vec::new(),
                };
                writer = self.emit(simple, dialect, origin);
            }
            last = writer;
        }
        last
    }
}
