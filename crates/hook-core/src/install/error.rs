//! Why an install, uninstall or settings read did not happen. Nothing is changed on disk
//! when one of these is returned.

use std::fmt;
use std::path::PathBuf;

use super::SettingsScope;

/// A failed install or uninstall. Every variant leaves the settings file untouched.
#[derive(Debug)]
pub enum InstallError {
    /// The agent declares no registration: it has no hook settings to manage.
    NotSupported { agent: &'static str },
    /// `HOME` is not set, so the user settings file cannot be found.
    NoHome,
    /// The agent has no settings file for this scope.
    NoScope { agent: &'static str, scope: SettingsScope },
    /// The path of the running binary is unknown.
    CurrentExe(std::io::Error),
    /// The current directory is unknown, so a project settings file cannot be found.
    CurrentDir(std::io::Error),
    /// A file could not be read or written; the error (from `fs-err`) names the file.
    File(std::io::Error),
    /// The file is not valid JSON (or JSONC where the agent allows it).
    Invalid { path: PathBuf, line: usize, column: usize, message: String },
    /// Valid JSON, but not the shape the agent reads (`hooks` is not an object, ...).
    Shape { path: PathBuf, what: String },
    /// The file has comments that rewriting it would drop.
    Comments { path: PathBuf },
    /// The file changed between reading and writing it (the agent saved its settings).
    Raced { path: PathBuf },
    /// The file is read-only: its owner keeps it from being edited, so it is left alone.
    ReadOnly { path: PathBuf },
}

impl fmt::Display for InstallError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotSupported { agent } => {
                write!(f, "{agent} has no hook settings that agent-hooks can manage")
            }
            Self::NoHome => write!(f, "HOME is not set: cannot find the user settings file"),
            Self::NoScope { agent, scope } => {
                write!(f, "{agent} has no {} settings file", scope_name(*scope))
            }
            Self::CurrentExe(e) => write!(f, "cannot find the path of this binary: {e}"),
            Self::CurrentDir(e) => write!(f, "cannot find the current directory: {e}"),
            Self::File(e) => write!(f, "{e}"),
            Self::Invalid { path, line, column, message } => write!(
                f,
                "{}:{line}:{column}: not valid JSON: {message}; fix or move the file, nothing was changed",
                path.display()
            ),
            Self::Shape { path, what } => {
                write!(f, "{}: {what}; fix the file, nothing was changed", path.display())
            }
            Self::Comments { path } => write!(
                f,
                "{} has comments, which rewriting it would drop; nothing was changed. Add the entry \
                 shown by --dry-run by hand, or remove the comments and run again",
                path.display()
            ),
            Self::Raced { path } => {
                write!(
                    f,
                    "{} changed while agent-hooks was editing it; nothing was written, run again",
                    path.display()
                )
            }
            Self::ReadOnly { path } => write!(
                f,
                "{} is read-only; nothing was changed (make it writable, e.g. `chmod u+w`, to register the hooks there)",
                path.display()
            ),
        }
    }
}

impl std::error::Error for InstallError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::CurrentExe(e) | Self::CurrentDir(e) | Self::File(e) => Some(e),
            _ => None,
        }
    }
}

/// The scope as the command line spells it.
pub fn scope_name(scope: SettingsScope) -> &'static str {
    match scope {
        SettingsScope::User => "user",
        SettingsScope::Project => "project",
        SettingsScope::Local => "local",
    }
}
