//! Where an event happens: working directory, project root, home and temp directories.

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use crate::shell::Word;

/// The places rules judge paths against.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Context {
    /// The directory the command runs in.
    pub cwd: PathBuf,
    /// The repository root above `cwd` (the nearest directory holding `.git`), else `cwd`.
    pub project_root: PathBuf,
    pub home: Option<PathBuf>,
    /// Directories where deleting is harmless (`/tmp`, `/var/tmp`, `$TMPDIR`).
    pub temp_dirs: Vec<PathBuf>,
    /// False when a `cd` to a directory known only at run time moved the command: paths
    /// relative to `cwd` then mean nothing known.
    pub cwd_known: bool,
}

impl Context {
    /// The context for `cwd`, reading `HOME` and `TMPDIR` from the environment and looking
    /// for the repository root on disk.
    pub fn discover(cwd: &Path) -> Self {
        let home = crate::environment::var_os("HOME").filter(|h| !h.is_empty()).map(PathBuf::from);
        let mut temp_dirs = vec![PathBuf::from("/tmp"), PathBuf::from("/var/tmp")];
        if let Some(tmp) = crate::environment::var_os("TMPDIR").filter(|t| !t.is_empty()) {
            temp_dirs.push(PathBuf::from(tmp));
        }
        Self {
            cwd: cwd.to_path_buf(),
            project_root: find_project_root(cwd),
            home,
            temp_dirs,
            cwd_known: true,
        }
    }

    /// The context of a command that an earlier `cd` of its line moved to `cwd`
    /// ([`crate::shell::SimpleCommand::cwd`]).
    pub fn moved_to(&self, cwd: Option<&Word>) -> Cow<'_, Context> {
        let Some(dir) = cwd else { return Cow::Borrowed(self) };
        let mut moved = self.clone();
        let home_relative =
            dir.text.strip_prefix('~').filter(|rest| rest.is_empty() || rest.starts_with('/'));
        match (home_relative, &self.home) {
            _ if dir.dynamic => moved.cwd_known = false,
            (Some(rest), Some(home)) => moved.cwd = home.join(rest.trim_start_matches('/')),
            // `~user`, or `~` with no home known.
            _ if dir.text.starts_with('~') => moved.cwd_known = false,
            _ => moved.cwd = self.cwd.join(&dir.text),
        }
        Cow::Owned(moved)
    }
}

/// The nearest ancestor of `cwd` (itself included) that holds `.git`, else `cwd`.
pub fn find_project_root(cwd: &Path) -> PathBuf {
    cwd.ancestors().find(|dir| dir.join(".git").exists()).unwrap_or(cwd).to_path_buf()
}
