//! Scratch directories for tests, under `target/xtask-tests/`: removed when the test passes,
//! kept to look at when it fails.

use std::path::{Path, PathBuf};

use crate::build::target_dir;

pub struct Scratch(PathBuf);

impl Scratch {
    /// A fresh, empty directory for the test `name` (the process id keeps concurrent runs apart).
    pub fn new(name: &str) -> Scratch {
        let dir = target_dir().join("xtask-tests").join(format!("{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}
