//! Shell analysis: a command line becomes the simple commands it would run.
//!
//! The analyser never executes anything and never guesses: a word whose value is only known
//! at run time is marked [`Word::dynamic`]. It sees through the wrappers, operators and
//! structures listed in DESIGN.md ("The default policy"), in linear time with bounded depth.

mod analyser;
mod cmd;
mod inline;
mod lexer;
mod output;
mod parser;
mod powershell;
mod resolve;
mod wrappers;

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
}

impl SimpleCommand {
    /// The command's base name (`/usr/bin/rm` → `rm`, `C:\x\rm.exe` stays as written but
    /// lowercased comparisons are the caller's job); `None` when the name is dynamic or absent.
    pub fn name(&self) -> Option<&str> {
        let first = self.argv.first()?;
        if first.dynamic {
            return None;
        }
        let text = first.text.as_str();
        Some(text.rsplit(['/', '\\']).next().unwrap_or(text))
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
}

/// Analyse one command line.
pub fn analyse(line: &str, dialect: Dialect) -> Analysis {
    analyser::analyse(line, dialect)
}
