//! Where an event happens: working directory, project root, home and temp directories.

use std::path::{Path, PathBuf};

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
}

impl Context {
    /// The context for `cwd`, reading `HOME` and `TMPDIR` from the environment and looking
    /// for the repository root on disk.
    pub fn discover(cwd: &Path) -> Self {
        let home = std::env::var_os("HOME").filter(|h| !h.is_empty()).map(PathBuf::from);
        let mut temp_dirs = vec![PathBuf::from("/tmp"), PathBuf::from("/var/tmp")];
        if let Some(tmp) = std::env::var_os("TMPDIR").filter(|t| !t.is_empty()) {
            temp_dirs.push(PathBuf::from(tmp));
        }
        Self { cwd: cwd.to_path_buf(), project_root: find_project_root(cwd), home, temp_dirs }
    }
}

/// The nearest ancestor of `cwd` (itself included) that holds `.git`, else `cwd`.
pub fn find_project_root(cwd: &Path) -> PathBuf {
    cwd.ancestors().find(|dir| dir.join(".git").exists()).unwrap_or(cwd).to_path_buf()
}
