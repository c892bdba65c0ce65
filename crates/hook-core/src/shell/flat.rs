//! The flat form of a script in a dialect without variables or compound syntax (PowerShell,
//! cmd.exe): what their parsers hand to the analyser.

use super::{Dialect, Redirect, Stdin, Word};

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
