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

    /// Whether the command runs inside the project. Asked for every command: a byte prefix
    /// ends at a separator answers most calls without walking both paths' components.
    pub fn cwd_in_project(&self) -> bool {
        let (cwd, root) =
            (self.cwd.as_os_str().as_encoded_bytes(), self.project_root.as_os_str().as_encoded_bytes());
        let prefix = cwd
            .strip_prefix(root)
            .is_some_and(|rest| rest.is_empty() || rest[0] == b'/' || root.ends_with(b"/"));
        prefix || self.cwd.starts_with(&self.project_root)
    }

    /// The context of a command that an earlier `cd` of its line moved to `cwd`
    /// ([`crate::shell::SimpleCommand::cwd`]).
    pub fn moved_to(&self, cwd: Option<&Word>) -> Cow<'_, Context> {
        let Some(dir) = cwd else { return Cow::Borrowed(self) };
        let mut moved = self.clone();
        let home_relative =
            dir.text.strip_prefix('~').filter(|rest| rest.is_empty() || rest.starts_with('/'));
        let root_relative = dir.text.strip_prefix(crate::shell::PROJECT_ROOT).filter(|_| !dir.dynamic);
        // `cd "$(mktemp -d)"`: a directory just made in the first temp dir.
        let fresh_temp = dir.text.strip_prefix(crate::shell::FRESH_TEMP_DIR).filter(|_| !dir.dynamic);
        match (home_relative, &self.home) {
            _ if dir.dynamic => moved.cwd_known = false,
            _ if fresh_temp.is_some() => match (fresh_temp, self.temp_dirs.first()) {
                (Some(rest), Some(temp)) => {
                    moved.cwd = temp.join("mktemp.d").join(rest.trim_start_matches('/'))
                }
                _ => moved.cwd_known = false,
            },
            _ if root_relative.is_some() => {
                moved.cwd = self.project_root.join(root_relative.unwrap_or_default().trim_start_matches('/'));
            }
            (Some(rest), Some(home)) => moved.cwd = home.join(rest.trim_start_matches('/')),
            // `~user`, or `~` with no home known.
            _ if dir.text.starts_with('~') => moved.cwd_known = false,
            _ => moved.cwd = self.cwd.join(&dir.text),
        }
        Cow::Owned(moved)
    }
}

/// The context of each command of a line ([`Context::moved_to`] by the `cd`s before it),
/// worked out once per line: every rule asks for it, and a run of commands after one `cd`
/// shares one.
pub struct Places<'c> {
    line: &'c Context,
    moved: Vec<Context>,
    /// Per command: its context in `moved`, or `None` for the line's own.
    at: Vec<Option<usize>>,
}

impl<'c> Places<'c> {
    pub fn new(commands: &[crate::shell::SimpleCommand], line: &'c Context) -> Self {
        let mut moved: Vec<Context> = Vec::new();
        let mut last: Option<(&Word, usize)> = None;
        let at = commands
            .iter()
            .map(|command| {
                let dir = command.cwd.as_ref()?;
                if let Some((_, index)) = last.filter(|(seen, _)| *seen == dir) {
                    return Some(index);
                }
                moved.push(line.moved_to(Some(dir)).into_owned());
                last = Some((dir, moved.len() - 1));
                Some(moved.len() - 1)
            })
            .collect();
        Self { line, moved, at }
    }

    /// The context of command `index` (the line's own past the end).
    pub fn of(&self, index: usize) -> &Context {
        match self.at.get(index).copied().flatten() {
            Some(moved) => &self.moved[moved],
            None => self.line,
        }
    }
}

/// The nearest ancestor of `cwd` (itself included) that holds `.git`, else `cwd`.
pub fn find_project_root(cwd: &Path) -> PathBuf {
    cwd.ancestors().find(|dir| dir.join(".git").exists()).unwrap_or(cwd).to_path_buf()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_working_directory_is_in_the_project_by_whole_components() {
        let at = |cwd: &str, root: &str| {
            let ctx = Context {
                cwd: PathBuf::from(cwd),
                project_root: PathBuf::from(root),
                home: None,
                temp_dirs: Vec::new(),
                cwd_known: true,
            };
            ctx.cwd_in_project()
        };
        assert!(at("/p/app", "/p/app"));
        assert!(at("/p/app/src", "/p/app"));
        assert!(at("/p//app/src", "/p/app"));
        assert!(at("/anything", "/"));
        assert!(!at("/p/application", "/p/app"));
        assert!(!at("/p", "/p/app"));
    }
}
