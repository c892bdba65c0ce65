//! The work tree's fingerprint, to tell whether anything changed since the stop gates last
//! passed.
//!
//! It digests git's own status (the commit, staged and unstaged changes, untracked files) and
//! the size and modification time of every file the status lists: a file edited again keeps
//! the same ` M` status line, and an untracked file's content is in no `git diff`.

use std::path::{Path, PathBuf};
use std::time::{Duration, UNIX_EPOCH};

use crate::digest::Digest;
use crate::lifecycle::runner::{self, Job};

/// Status takes milliseconds; anything slower is a repository to leave alone.
const GIT_TIMEOUT: Duration = Duration::from_secs(10);

/// The fingerprint of the work tree at `root`; `None` outside git, when git fails, or when
/// the status is too long to keep (then the gates simply run).
pub(super) fn of(root: &Path, timeout: Duration) -> Option<String> {
    if !root.join(".git").exists() {
        return None;
    }
    let argv = ["git", "status", "--porcelain=v2", "-z", "--branch", "--untracked-files=all"];
    // Status must not take the index lock that the agent's own git commands may need.
    let job = Job::new(argv.iter().map(Into::into).collect(), root, timeout.min(GIT_TIMEOUT))
        .env("GIT_OPTIONAL_LOCKS", "0");
    let outcome = runner::run(&job).ok().filter(runner::Outcome::succeeded)?;
    let status = &outcome.output.stdout;
    if status.is_cut() {
        return None;
    }
    let mut digest = Digest::default();
    digest.field(&status.bytes);
    for path in listed_paths(&status.bytes) {
        match std::fs::symlink_metadata(root.join(path)) {
            Ok(meta) => {
                let modified = meta.modified().ok().and_then(|time| time.duration_since(UNIX_EPOCH).ok());
                digest.number(u128::from(meta.len()));
                digest.number(modified.map_or(0, |since| since.as_nanos()));
            }
            Err(_) => digest.number(u128::MAX),
        }
    }
    Some(digest.hex())
}

/// The paths of `git status --porcelain=v2 -z` records: changed (`1`), renamed or copied
/// (`2`, followed by a record with the original path), unmerged (`u`), untracked (`?`).
fn listed_paths(status: &[u8]) -> Vec<PathBuf> {
    let mut paths = Vec::new();
    let mut records = status.split(|byte| *byte == 0);
    while let Some(record) = records.next() {
        let fields_before_path = match record.first() {
            Some(b'1') => 8,
            Some(b'2') => 9,
            Some(b'u') => 10,
            Some(b'?') => 1,
            _ => continue,
        };
        if let Some(path) =
            record.splitn(fields_before_path + 1, |byte| *byte == b' ').nth(fields_before_path)
        {
            paths.push(path_from_bytes(path));
        }
        if record.first() == Some(&b'2') {
            records.next();
        }
    }
    paths
}

#[cfg(unix)]
fn path_from_bytes(bytes: &[u8]) -> PathBuf {
    use std::os::unix::ffi::OsStrExt;
    PathBuf::from(std::ffi::OsStr::from_bytes(bytes))
}

/// git writes paths as UTF-8 where the OS has no byte paths.
#[cfg(not(unix))]
fn path_from_bytes(bytes: &[u8]) -> PathBuf {
    PathBuf::from(String::from_utf8_lossy(bytes).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_record_yields_its_path() {
        let status = b"# branch.oid abc\0# branch.head main\0\
1 .M N... 100644 100644 100644 aaa aaa src/a file.rs\0\
2 R. N... 100644 100644 100644 bbb bbb R100 new.rs\0old.rs\0\
u UU N... 100644 100644 100644 100644 c1 c2 c3 conflict.rs\0\
? notes/new file.txt\0";
        let paths = listed_paths(status);
        let expected: Vec<PathBuf> = ["src/a file.rs", "new.rs", "conflict.rs", "notes/new file.txt"]
            .iter()
            .map(PathBuf::from)
            .collect();
        assert_eq!(paths, expected);
    }
}
