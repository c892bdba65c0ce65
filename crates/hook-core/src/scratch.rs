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

#[cfg(test)]
mod tests {
    use super::*;

    /// A failing test unwinds through its scratch, which is removed all the same; one made
    /// again under the same name is another directory.
    #[test]
    fn a_scratch_is_removed_when_its_test_fails() {
        let mut made = PathBuf::new();
        let failed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let scratch = Scratch::new("scratch-unwinds");
            std::fs::create_dir_all(scratch.join("deep/er")).expect("a tree");
            std::fs::write(scratch.join("deep/er/file"), "x").expect("a file");
            made = scratch.to_path_buf();
            // Without the panic hook's message: this failure is the point of the test.
            std::panic::resume_unwind(Box::new("the test failed"));
        }));
        assert!(failed.is_err());
        assert!(made.starts_with(std::env::temp_dir().canonicalize().expect("temp dir")), "{made:?}");
        assert!(!made.exists(), "{made:?} is left behind");
        assert_ne!(*Scratch::new("scratch-unwinds"), *made);
    }
}
