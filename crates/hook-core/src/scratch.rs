//! A directory of its own for one test, removed with all it holds when the test ends, passed
//! or failed. The one such type of the workspace: hook-core's unit tests cannot use
//! `test-support` (it depends on hook-core), so `test-support`, hook-core's integration tests
//! and xtask's tests include this file by `#[path]`, as `crates/hook-core/build.rs` does
//! `digest.rs`.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// An empty `agent-hooks-<name>-<pid>-<n>` in the temp directory, canonical (the binaries'
/// `current_exe()` and the code under test answer canonical paths); `n` counts this process's
/// scratches, so two tests that pick the same name never share a directory.
pub struct Scratch {
    root: PathBuf,
}

impl Scratch {
    pub fn new(name: &str) -> Self {
        static MADE: AtomicUsize = AtomicUsize::new(0);
        let n = MADE.fetch_add(1, Ordering::Relaxed);
        let root = std::env::temp_dir().join(format!("agent-hooks-{name}-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&root).expect("scratch directory made");
        Self { root: root.canonicalize().expect("scratch directory resolved") }
    }
}

impl std::ops::Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.root
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.root
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}
