//! The directory a `dist` run fills before it is swapped into `target/dist/`: a sibling of it,
//! so that the swap is a rename on one file system; dropped without a commit, it is removed and
//! the previous `target/dist/` stays as it was.

use std::path::{Path, PathBuf};

pub struct Staging {
    dir: PathBuf,
    destination: PathBuf,
    committed: bool,
}

impl Staging {
    /// An empty staging directory for `destination` (one per process, so that two runs never
    /// share one).
    pub fn new(destination: &Path) -> Result<Staging, String> {
        let dir = sibling(destination, "staging");
        let _ = std::fs::remove_dir_all(&dir);
        fs_err::create_dir_all(&dir).map_err(|e| e.to_string())?;
        Ok(Staging { dir, destination: destination.to_path_buf(), committed: false })
    }

    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// Put the staged files in place of the destination's, and return the destination.
    pub fn commit(mut self) -> Result<PathBuf, String> {
        let old = sibling(&self.destination, "old");
        let _ = std::fs::remove_dir_all(&old);
        let had_old = self.destination.exists();
        if had_old {
            fs_err::rename(&self.destination, &old).map_err(|e| e.to_string())?;
        }
        if let Err(e) = fs_err::rename(&self.dir, &self.destination) {
            if had_old {
                let _ = std::fs::rename(&old, &self.destination);
            }
            return Err(e.to_string());
        }
        self.committed = true;
        if had_old {
            fs_err::remove_dir_all(&old).map_err(|e| e.to_string())?;
        }
        Ok(self.destination.clone())
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if !self.committed {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// `<destination>.<what>-<pid>`, beside the destination.
fn sibling(destination: &Path, what: &str) -> PathBuf {
    let mut name = destination.file_name().unwrap_or_default().to_owned();
    name.push(format!(".{what}-{}", std::process::id()));
    destination.with_file_name(name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dist::scratch::Scratch;

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> =
            std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
        names.sort();
        names
    }

    #[test]
    fn a_dropped_staging_leaves_the_destination_as_it_was() {
        let scratch = Scratch::new("staging-dropped");
        let dist = scratch.path().join("dist");
        std::fs::create_dir_all(&dist).unwrap();
        std::fs::write(dist.join("good.tar.gz"), "good").unwrap();
        {
            let staging = Staging::new(&dist).unwrap();
            std::fs::write(staging.path().join("half.tar.gz"), "half").unwrap();
        }
        assert_eq!(names(scratch.path()), ["dist"]);
        assert_eq!(names(&dist), ["good.tar.gz"]);
    }

    #[test]
    fn a_commit_replaces_the_destination_whole() {
        let scratch = Scratch::new("staging-commit");
        let dist = scratch.path().join("dist");
        std::fs::create_dir_all(&dist).unwrap();
        std::fs::write(dist.join("old.tar.gz"), "old").unwrap();
        let staging = Staging::new(&dist).unwrap();
        std::fs::write(staging.path().join("new.tar.gz"), "new").unwrap();
        assert_eq!(staging.commit().unwrap(), dist);
        assert_eq!(names(scratch.path()), ["dist"]);
        assert_eq!(names(&dist), ["new.tar.gz"]);

        // The first run, with no destination yet.
        std::fs::remove_dir_all(&dist).unwrap();
        let staging = Staging::new(&dist).unwrap();
        std::fs::write(staging.path().join("first.tar.gz"), "first").unwrap();
        staging.commit().unwrap();
        assert_eq!(names(&dist), ["first.tar.gz"]);
    }
}
