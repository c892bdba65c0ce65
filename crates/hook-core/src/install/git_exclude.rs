//! Keeping what install leaves inside a git work tree out of `git add`: the backup of a
//! project settings file and the personal (`--local`) settings file are listed in the
//! repository's own `.git/info/exclude`, which git reads and never commits.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::error::InstallError;

/// List `path` in the `info/exclude` of the git repository whose work tree holds it; nothing
/// when it is in none, or already listed. Returns the exclude file when it was written.
pub fn exclude(path: &Path) -> Result<Option<PathBuf>, InstallError> {
    let Some((root, git_dir)) = repository_of(path) else { return Ok(None) };
    let Ok(relative) = path.strip_prefix(&root) else { return Ok(None) };
    let entry = format!("/{}", relative.to_string_lossy().replace('\\', "/"));
    let file = git_dir.join("info/exclude");
    let current = std::fs::read_to_string(&file).unwrap_or_default();
    if current.lines().any(|line| line.trim_end() == entry) {
        return Ok(None);
    }
    fs_err::create_dir_all(git_dir.join("info")).map_err(InstallError::File)?;
    let mut out =
        fs_err::OpenOptions::new().create(true).append(true).open(&file).map_err(InstallError::File)?;
    let separator = if current.is_empty() || current.ends_with('\n') { "" } else { "\n" };
    out.write_all(format!("{separator}{entry}\n").as_bytes()).map_err(InstallError::File)?;
    Ok(Some(file))
}

/// The work tree holding `path` and the directory git keeps its own files in: the nearest
/// `.git` directory above it, or a `.git` file's `gitdir:` (a linked worktree or submodule,
/// whose shared `commondir` holds `info/`).
fn repository_of(path: &Path) -> Option<(PathBuf, PathBuf)> {
    let start = path.parent()?;
    for dir in start.ancestors() {
        let dot_git = dir.join(".git");
        if dot_git.is_dir() {
            return Some((dir.to_path_buf(), dot_git));
        }
        if dot_git.is_file() {
            let text = std::fs::read_to_string(&dot_git).ok()?;
            let git_dir = dir.join(text.strip_prefix("gitdir:")?.trim());
            let common = std::fs::read_to_string(git_dir.join("commondir"))
                .map(|common| git_dir.join(common.trim()))
                .unwrap_or(git_dir);
            return Some((dir.to_path_buf(), common));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_in_a_work_tree_is_listed_once() {
        let root = crate::scratch::Scratch::new("exclude");
        std::fs::create_dir_all(root.join(".git")).unwrap();
        std::fs::create_dir_all(root.join(".claude")).unwrap();
        std::fs::create_dir_all(root.join(".git/info")).unwrap();
        std::fs::write(root.join(".git/info/exclude"), "# git's own comment").unwrap();
        let backup = root.join(".claude/settings.json.agent-hooks.bak");
        assert_eq!(exclude(&backup).unwrap(), Some(root.join(".git/info/exclude")));
        assert_eq!(exclude(&backup).unwrap(), None, "listed once");
        let text = std::fs::read_to_string(root.join(".git/info/exclude")).unwrap();
        assert_eq!(text, "# git's own comment\n/.claude/settings.json.agent-hooks.bak\n");
        let elsewhere = crate::scratch::Scratch::new("no-repo-here");
        assert_eq!(exclude(&elsewhere.join("x.bak")).unwrap(), None);
    }
}
