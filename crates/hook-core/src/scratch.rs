//! A directory of its own for one unit test, removed with all it holds when the test ends,
//! passed or failed. Unit tests of this crate cannot use `test-support` (it depends on this
//! crate), so this is their one scratch type.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// An empty `agent-hooks-<name>-<pid>-<n>` in the temp directory, canonical (so that paths
/// the code under test resolves compare equal); `n` counts this process's scratches, so two
/// tests that pick the same name, or one test run twice, never share a directory.
pub(crate) struct Scratch {
    root: PathBuf,
}

impl Scratch {
    pub(crate) fn new(name: &str) -> Self {
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
