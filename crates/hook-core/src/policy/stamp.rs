//! What `stat` says of a policy file, so that the policy cache can tell an unchanged file
//! without reading it, and the one way a policy file is read: with the stamp of what was read.
//!
//! A write to a file moves its change time (`ctime`), which no user can set back, so equal
//! stamps mean an unchanged file, with one exception that git's index knows as "racy": a
//! filesystem's clock ticks in steps (a jiffy, or two seconds on FAT), and two same-size writes
//! within one step leave equal stamps. A stamp read while the file's last change is that
//! recent is therefore not [`settled`](Stamp::settled), and the cache then also keeps and
//! compares the file's contents. Elsewhere than Unix no stamp is ever settled: the contents
//! always decide.

use std::fs::Metadata;
use std::path::Path;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

/// How long after its last change a file's stamp is trusted alone: well over any filesystem's
/// timestamp step (FAT's two seconds), so that a later write cannot share the stamp.
const SETTLE: Duration = Duration::from_secs(3);

/// The identity, size and times of one file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Stamp {
    device: u64,
    inode: u64,
    size: u64,
    /// Seconds and nanoseconds since the epoch, as `stat` gives them.
    modified: (i64, i64),
    changed: (i64, i64),
}

impl Stamp {
    #[cfg(unix)]
    pub(super) fn of(metadata: &Metadata) -> Self {
        use std::os::unix::fs::MetadataExt;

        Self {
            device: metadata.dev(),
            inode: metadata.ino(),
            size: metadata.size(),
            modified: (metadata.mtime(), metadata.mtime_nsec()),
            changed: (metadata.ctime(), metadata.ctime_nsec()),
        }
    }

    #[cfg(not(unix))]
    pub(super) fn of(metadata: &Metadata) -> Self {
        let since = |time: std::io::Result<SystemTime>| {
            time.ok().and_then(|time| time.duration_since(UNIX_EPOCH).ok()).unwrap_or_default()
        };
        let modified = since(metadata.modified());
        let modified =
            (i64::try_from(modified.as_secs()).unwrap_or(i64::MAX), i64::from(modified.subsec_nanos()));
        Self { device: 0, inode: 0, size: metadata.len(), modified, changed: modified }
    }

    /// Whether a stamp read at `now` is enough to know the file: its last change is at least
    /// [`SETTLE`] older than `now`. A change time in the future (a skewed clock) is never
    /// settled.
    pub(super) fn settled(&self, now: SystemTime) -> bool {
        if cfg!(not(unix)) {
            return false;
        }
        let latest = self.modified.max(self.changed);
        let Ok(seconds) = u64::try_from(latest.0) else { return false };
        let nanos = u32::try_from(latest.1).unwrap_or(0);
        let changed_at = UNIX_EPOCH + Duration::new(seconds, nanos.min(999_999_999));
        changed_at.checked_add(SETTLE).is_some_and(|settled_at| settled_at <= now)
    }
}

#[cfg(all(test, unix))]
mod tests {
    use std::fs;

    use super::*;

    #[test]
    fn a_write_changes_the_stamp_even_with_the_same_size_and_time() {
        let dir = crate::scratch::Scratch::new("stamp");
        let file = dir.join("policy.toml");
        fs::write(&file, "a = 1\n").unwrap();
        let before = Stamp::of(&fs::metadata(&file).unwrap());
        let modified = fs::metadata(&file).unwrap().modified().unwrap();
        std::thread::sleep(Duration::from_millis(20));
        fs::write(&file, "a = 2\n").unwrap();
        fs::File::options().write(true).open(&file).unwrap().set_modified(modified).unwrap();
        let after = Stamp::of(&fs::metadata(&file).unwrap());
        assert_eq!((after.size, after.modified), (before.size, before.modified));
        assert_ne!(after, before, "the change time moved");
    }

    #[test]
    fn a_stamp_settles_some_seconds_after_the_last_change() {
        let at = |seconds| UNIX_EPOCH + Duration::from_secs(seconds);
        let stamp = Stamp { device: 1, inode: 2, size: 3, modified: (1000, 0), changed: (1001, 500) };
        assert!(!stamp.settled(at(1001)));
        assert!(!stamp.settled(at(1003)), "within the settling time of the change time");
        assert!(stamp.settled(at(1005)));
        let future = Stamp { changed: (5000, 0), ..stamp };
        assert!(!future.settled(at(1005)));
        let before_the_epoch = Stamp { changed: (-1, 0), modified: (-1, 0), ..stamp };
        assert!(!before_the_epoch.settled(at(1005)));
    }
}
/// The largest policy file read: far above any real policy, far below what could slow a hook.
pub(super) const MAX_FILE: u64 = 1 << 20;

/// The whole file at `path`, read up to the size it has when opened, with the stamp of what
/// was opened. `std::fs::read` makes one more `read` to be sure the file ended; a file being
/// written at that moment is read half-written either way.
///
/// Only a regular file of at most [`MAX_FILE`] bytes is read: a FIFO at a policy path would
/// block every hook call on its open, a device never ends. The open does not block (a FIFO
/// opens at once), and what it opened is checked before anything is read.
pub(super) fn read(path: &Path) -> std::io::Result<(Stamp, Vec<u8>)> {
    use std::io::{Error, ErrorKind, Read};

    let file = open_without_blocking(path)?;
    let metadata = file.metadata()?;
    if !metadata.is_file() {
        let what =
            if metadata.is_dir() { "a directory" } else { "not a regular file (a FIFO, socket or device)" };
        return Err(Error::new(ErrorKind::InvalidInput, format!("{what}: only a regular file is read")));
    }
    let len = metadata.len();
    if len > MAX_FILE {
        let message =
            format!("{} KB, over the {} KB a policy file may have", len.div_ceil(1024), MAX_FILE / 1024);
        return Err(Error::new(ErrorKind::InvalidData, message));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
    file.take(len).read_to_end(&mut bytes)?;
    Ok((Stamp::of(&metadata), bytes))
}

#[cfg(unix)]
fn open_without_blocking(path: &Path) -> std::io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;

    std::fs::OpenOptions::new().read(true).custom_flags(libc::O_NONBLOCK).open(path)
}

#[cfg(not(unix))]
fn open_without_blocking(path: &Path) -> std::io::Result<std::fs::File> {
    std::fs::File::open(path)
}
