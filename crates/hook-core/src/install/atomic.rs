//! Replacing a settings file so that a crash or a full disk never leaves it half written:
//! the previous content is kept as a backup next to it (listed in the repository's
//! `.git/info/exclude` when the file is in a work tree), the new content goes to a temporary
//! file in the same directory and is renamed over the old one.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::error::InstallError;

/// Appended to the settings file's name for the backup of its previous content.
pub const BACKUP_SUFFIX: &str = ".agent-hooks.bak";

/// Where the backup of `path` goes: `settings.json` → `settings.json.agent-hooks.bak`.
pub fn backup_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(BACKUP_SUFFIX);
    path.with_file_name(name)
}

/// Write `contents` to `path`. When `previous` (the file's current text) is given and no
/// backup exists yet, it is saved first as the backup, whose path is returned: the first backup
/// is the user's own file, and later writes never replace it. A symlinked settings file (a
/// dotfiles manager's, even one whose target does not exist yet) is written through, so the
/// link stays a link. A read-only file is refused.
pub fn replace(path: &Path, previous: Option<&str>, contents: &str) -> Result<Option<PathBuf>, InstallError> {
    let target = link_target(path);
    if std::fs::metadata(&target).is_ok_and(|meta| meta.permissions().readonly()) {
        return Err(InstallError::ReadOnly { path: path.to_path_buf() });
    }
    let dir = target.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    fs_err::create_dir_all(dir).map_err(InstallError::File)?;
    let backup = match previous {
        Some(previous) => {
            let backup = backup_path(path);
            if !backup.exists() {
                write_via_temp(&backup, previous, None)?;
                // A backup of a project's file stays out of `git add`.
                super::git_exclude::exclude(&backup)?;
            }
            Some(backup)
        }
        None => None,
    };
    let permissions = std::fs::metadata(&target).ok().map(|m| m.permissions());
    write_via_temp(&target, contents, permissions)?;
    Ok(backup)
}

/// The file a write of `path` goes to: where its links lead (a dangling link's target
/// included), else `path` itself.
fn link_target(path: &Path) -> PathBuf {
    if let Ok(real) = std::fs::canonicalize(path) {
        return real;
    }
    match std::fs::read_link(path) {
        Ok(link) => path.parent().unwrap_or(Path::new("")).join(link),
        Err(_) => path.to_path_buf(),
    }
}

/// Delete `path`, saving `previous` (its current text) first as the backup unless one exists,
/// whose path is returned.
pub fn remove(path: &Path, previous: &str) -> Result<PathBuf, InstallError> {
    let backup = backup_path(path);
    if !backup.exists() {
        write_via_temp(&backup, previous, None)?;
        super::git_exclude::exclude(&backup)?;
    }
    fs_err::remove_file(path).map_err(InstallError::File)?;
    Ok(backup)
}

/// Write `contents` to a temporary file next to `path`, flush it to disk and rename it
/// over `path`: readers see the old file or the new one, never a mix.
fn write_via_temp(
    path: &Path,
    contents: &str,
    permissions: Option<std::fs::Permissions>,
) -> Result<(), InstallError> {
    let mut temp_name = std::ffi::OsString::from(".");
    temp_name.push(path.file_name().unwrap_or_default());
    temp_name.push(format!(".{}.tmp", std::process::id()));
    let temp = path.with_file_name(temp_name);
    let written = (|| {
        let mut file = fs_err::File::create(&temp)?;
        file.write_all(contents.as_bytes())?;
        if let Some(permissions) = permissions {
            file.set_permissions(permissions)?;
        }
        file.sync_all()?;
        fs_err::rename(&temp, path)
    })();
    written.map_err(|error| {
        // The temp file is ours and useless now; failing to remove it changes nothing.
        let _ = std::fs::remove_file(&temp);
        InstallError::File(error)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scratch::Scratch;

    fn scratch(name: &str) -> Scratch {
        Scratch::new(&format!("atomic-{name}"))
    }

    #[test]
    fn new_file_has_no_backup_and_missing_dirs_are_made() {
        let dir = scratch("new");
        let path = dir.join(".claude/settings.json");
        assert_eq!(replace(&path, None, "{}\n").unwrap(), None);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "{}\n");
        assert_eq!(std::fs::read_dir(dir.join(".claude")).unwrap().count(), 1, "no temp file left");
    }

    #[test]
    fn previous_content_is_backed_up_next_to_the_file() {
        let dir = scratch("backup");
        let path = dir.join("settings.json");
        std::fs::write(&path, "old").unwrap();
        let backup = replace(&path, Some("old"), "new").unwrap().unwrap();
        assert_eq!(backup, dir.join("settings.json.agent-hooks.bak"));
        assert_eq!(std::fs::read_to_string(&backup).unwrap(), "old");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
    }

    #[cfg(unix)]
    #[test]
    fn symlinked_settings_stay_a_link() {
        let dir = scratch("link");
        let real = dir.join("dotfiles-settings.json");
        std::fs::write(&real, "old").unwrap();
        let link = dir.join("settings.json");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        replace(&link, Some("old"), "new").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
    }
}
