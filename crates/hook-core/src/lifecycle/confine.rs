//! Paths that hooks open or hand to commands on the agent's behalf, kept inside the project.

use std::path::{Component, Path, PathBuf};

/// Why a path was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathError {
    /// It leads out of the project root (`..`, another absolute path, a symlink).
    OutsideProject,
    /// Nothing is there.
    Missing,
    /// It is a directory, a device, a socket...
    NotAFile,
}

impl std::fmt::Display for PathError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::OutsideProject => "outside the project",
            Self::Missing => "does not exist",
            Self::NotAFile => "not a regular file",
        })
    }
}

impl std::error::Error for PathError {}

/// `path` with `.` dropped and every `..` applied to the component before it, without
/// asking the file system; `None` when a `..` would climb above the start.
pub fn normalise(path: &Path) -> Option<PathBuf> {
    let mut parts: Vec<Component<'_>> = Vec::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => match parts.last() {
                Some(Component::Normal(_)) => {
                    parts.pop();
                }
                _ => return None,
            },
            other => parts.push(other),
        }
    }
    Some(parts.iter().collect())
}

/// `path` (absolute, or relative to `base`) as a regular file inside `root`, in its
/// normalised form.
///
/// Checked twice: lexically, which catches `..` and foreign absolute paths, then on the
/// real file system, which catches symlinks that lead elsewhere.
pub fn file_inside(root: &Path, base: &Path, path: &Path) -> Result<PathBuf, PathError> {
    let lexical = normalise(&base.join(path)).ok_or(PathError::OutsideProject)?;
    let lexical_root = normalise(root).ok_or(PathError::OutsideProject)?;
    if !lexical.starts_with(&lexical_root) {
        return Err(PathError::OutsideProject);
    }
    let real = lexical.canonicalize().map_err(|_| PathError::Missing)?;
    let real_root = root.canonicalize().map_err(|_| PathError::Missing)?;
    if !real.starts_with(&real_root) {
        return Err(PathError::OutsideProject);
    }
    if !real.metadata().is_ok_and(|meta| meta.is_file()) {
        return Err(PathError::NotAFile);
    }
    Ok(lexical)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalise_applies_dots_lexically() {
        assert_eq!(normalise(Path::new("/p/a/./b/../c")), Some(PathBuf::from("/p/a/c")));
        assert_eq!(normalise(Path::new("a/../b")), Some(PathBuf::from("b")));
        assert_eq!(normalise(Path::new("/p/../..")), None);
        assert_eq!(normalise(Path::new("../x")), None);
        assert_eq!(normalise(Path::new("/..")), None);
    }

    fn project() -> crate::scratch::Scratch {
        let root = crate::scratch::Scratch::new("confine");
        std::fs::create_dir_all(root.join("src")).unwrap();
        std::fs::write(root.join("src/lib.rs"), "").unwrap();
        root
    }

    #[test]
    fn files_inside_the_project_are_accepted() {
        let root = project();
        let expected = root.join("src/lib.rs");
        assert_eq!(file_inside(&root, &root, Path::new("src/lib.rs")), Ok(expected.clone()));
        assert_eq!(file_inside(&root, &root.join("src"), Path::new("./lib.rs")), Ok(expected.clone()));
        assert_eq!(file_inside(&root, &root.join("src"), Path::new("../src/lib.rs")), Ok(expected.clone()));
        assert_eq!(file_inside(&root, Path::new("/elsewhere"), &expected), Ok(expected));
    }

    #[test]
    fn escapes_and_odd_files_are_refused() {
        let root = project();
        let outside = PathError::OutsideProject;
        assert_eq!(file_inside(&root, &root, Path::new("../x")), Err(outside));
        assert_eq!(file_inside(&root, &root, Path::new("src/../../x")), Err(outside));
        assert_eq!(file_inside(&root, &root, Path::new("/etc/passwd")), Err(outside));
        assert_eq!(file_inside(&root, &root, Path::new("src")), Err(PathError::NotAFile));
        assert_eq!(file_inside(&root, &root, Path::new("nope.rs")), Err(PathError::Missing));
    }

    #[cfg(unix)]
    #[test]
    fn symlinks_out_of_the_project_are_refused() {
        let root = project();
        let link = root.join("passwd-link");
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink("/etc/passwd", &link).unwrap();
        assert_eq!(file_inside(&root, &root, Path::new("passwd-link")), Err(PathError::OutsideProject));
    }
}
