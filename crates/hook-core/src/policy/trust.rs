//! Which project policy files the user trusts: the trust store that `trust` and `untrust`
//! keep, and the `[trust]` settings of the user's and the system's own policies.
//!
//! A project `.agent-hooks.toml` comes with whatever repository the agent works in, so until
//! the user trusts it, it may only make the guard stricter (see `super::merge`). Trust is
//! given to exact contents: the store records each file's path with the SHA-256 of its bytes,
//! and an edit, by anyone, makes the file untrusted again.
//!
//! The store is one text file in the state directory, a line per file: the digest in hex, a
//! space, the absolute path. It is rewritten whole and atomically, and it is in the built-in
//! `deny_write` list (`GUARD_FILES` of `super`), so that the agent cannot trust on its own.

use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::state::{state_dir, write_atomically};

/// The store's file name in the state directory.
const STORE_FILE: &str = "trusted-policies";

/// Whether a layer may weaken the guard and run commands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Trust {
    /// The built-in policy, or a file that the user or the system put in place (the system,
    /// user and explicit layers).
    Own,
    /// A project file whose exact contents the user trusted with `trust`.
    Approved,
    /// A project file under a directory that a `[trust] directories` entry names.
    Directory(PathBuf),
    /// A project file nobody trusted: only what makes the guard stricter applies.
    Untrusted,
    /// Untrusted, and the system policy's `[trust] locked` forbids trusting it.
    Forbidden,
}

impl Trust {
    /// Whether the whole file applies.
    pub fn is_trusted(&self) -> bool {
        matches!(self, Self::Own | Self::Approved | Self::Directory(_))
    }
}

/// `$XDG_STATE_HOME/agent-hooks/trusted-policies`, or under `~/.local/state`.
pub fn store_path() -> Option<PathBuf> {
    Some(state_dir()?.join(STORE_FILE))
}

/// The SHA-256 of `bytes`, in lower-case hex.
pub fn digest(bytes: &[u8]) -> String {
    let hash = Sha256::digest(bytes);
    let mut hex = String::with_capacity(64);
    for byte in hash.iter() {
        for nibble in [byte >> 4, byte & 0xf] {
            hex.push(char::from(b"0123456789abcdef"[usize::from(nibble)]));
        }
    }
    hex
}

/// The trusted files of a store, as (digest, path) pairs.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Store {
    entries: Vec<(String, PathBuf)>,
}

impl Store {
    /// The store at `path`; a missing or unreadable store trusts nothing.
    pub fn read(path: &Path) -> Self {
        std::fs::read(path).map(|bytes| Self::parse(&bytes)).unwrap_or_default()
    }

    fn parse(bytes: &[u8]) -> Self {
        let entries = bytes
            .split(|&byte| byte == b'\n')
            .filter_map(|line| {
                let space = line.iter().position(|&byte| byte == b' ')?;
                let (hex, path) = (&line[..space], &line[space + 1..]);
                let hex = std::str::from_utf8(hex).ok().filter(|hex| hex.len() == 64)?;
                Some((hex.to_string(), path_of(path)?))
            })
            .collect();
        Self { entries }
    }

    fn render(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for (hex, path) in &self.entries {
            out.extend_from_slice(hex.as_bytes());
            out.push(b' ');
            out.extend_from_slice(path.as_os_str().as_encoded_bytes());
            out.push(b'\n');
        }
        out
    }

    /// Whether the file at `path`, whose contents have the SHA-256 `hex`, is trusted.
    pub fn trusts(&self, path: &Path, hex: &str) -> bool {
        self.entries.iter().any(|(trusted, file)| trusted == hex && file == path)
    }

    /// The digest trusted for `path`, if any.
    pub fn digest_of(&self, path: &Path) -> Option<&str> {
        self.entries.iter().find(|(_, file)| file == path).map(|(hex, _)| hex.as_str())
    }

    /// Trust `path` with contents of SHA-256 `hex`, replacing an earlier digest for it.
    /// A path holding a line break cannot be written as a line, so it is refused.
    pub fn insert(&mut self, path: &Path, hex: &str) -> io::Result<()> {
        if path.as_os_str().as_encoded_bytes().contains(&b'\n') {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, "the path holds a line break"));
        }
        self.remove(path);
        self.entries.push((hex.to_string(), path.to_path_buf()));
        Ok(())
    }

    /// Forget `path`; whether it was trusted.
    pub fn remove(&mut self, path: &Path) -> bool {
        let before = self.entries.len();
        self.entries.retain(|(_, file)| file != path);
        self.entries.len() != before
    }

    /// Replace the store at `path` with this one, atomically.
    pub fn write(&self, path: &Path) -> io::Result<()> {
        write_atomically(path, &self.render())
    }
}

#[cfg(unix)]
fn path_of(bytes: &[u8]) -> Option<PathBuf> {
    use std::os::unix::ffi::OsStrExt;
    (!bytes.is_empty()).then(|| PathBuf::from(std::ffi::OsStr::from_bytes(bytes)))
}

#[cfg(not(unix))]
fn path_of(bytes: &[u8]) -> Option<PathBuf> {
    std::str::from_utf8(bytes).ok().filter(|path| !path.is_empty()).map(PathBuf::from)
}

/// The `[trust]` settings merged so far: directories trusted by the system and by the user,
/// and whether the system locked trust to its own.
#[derive(Debug, Clone, Default)]
pub(crate) struct Settings {
    pub system_directories: Vec<PathBuf>,
    pub user_directories: Vec<PathBuf>,
    pub locked: bool,
}

impl Settings {
    /// How far the project file at `path` (as found), with contents `bytes`, is trusted,
    /// given the store at `store`. Reads the store, and resolves the file's real path, only
    /// when no directory setting decides first.
    pub(crate) fn judge(&self, path: &Path, bytes: &[u8], store: Option<&Path>) -> Trust {
        let real = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        let under = |dirs: &[PathBuf]| {
            dirs.iter().find(|dir| real.starts_with(dir) || path.starts_with(dir)).cloned()
        };
        if let Some(dir) = under(&self.system_directories) {
            return Trust::Directory(dir);
        }
        if self.locked {
            return Trust::Forbidden;
        }
        if let Some(dir) = under(&self.user_directories) {
            return Trust::Directory(dir);
        }
        match store {
            Some(store) if Store::read(store).trusts(&real, &digest(bytes)) => Trust::Approved,
            _ => Trust::Untrusted,
        }
    }
}

/// A `[trust] directories` entry as a path: `~/` is the home directory; `None` when there is
/// no home to expand.
pub(crate) fn directory(entry: &str) -> Option<PathBuf> {
    match entry.strip_prefix("~/") {
        Some(rest) => Some(
            crate::environment::var_os("HOME").filter(|home| !home.is_empty()).map(PathBuf::from)?.join(rest),
        ),
        None => Some(PathBuf::from(entry)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_digest_is_sha256() {
        assert_eq!(digest(b"abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }

    #[test]
    fn the_store_round_trips_and_replaces_a_files_digest() {
        let mut store = Store::default();
        store.insert(Path::new("/a/.agent-hooks.toml"), &digest(b"one")).expect("insert");
        store.insert(Path::new("/b c/.agent-hooks.toml"), &digest(b"two")).expect("insert");
        store.insert(Path::new("/a/.agent-hooks.toml"), &digest(b"three")).expect("insert");
        let read = Store::parse(&store.render());
        assert_eq!(read, store);
        assert!(read.trusts(Path::new("/a/.agent-hooks.toml"), &digest(b"three")));
        assert!(!read.trusts(Path::new("/a/.agent-hooks.toml"), &digest(b"one")));
        assert!(read.trusts(Path::new("/b c/.agent-hooks.toml"), &digest(b"two")));
        assert!(store.insert(Path::new("/x\n/y"), &digest(b"")).is_err());
        assert!(store.remove(Path::new("/a/.agent-hooks.toml")));
        assert!(!store.remove(Path::new("/a/.agent-hooks.toml")));
    }

    #[test]
    fn damaged_lines_trust_nothing() {
        let store = Store::parse(b"xyz /a\n\nabc\n");
        assert_eq!(store, Store::default());
    }

    #[test]
    fn directories_decide_before_the_store_and_a_system_lock_keeps_only_its_own() {
        let file = Path::new("/nonexistent-agent-hooks/src/mine/app/.agent-hooks.toml");
        let mine = PathBuf::from("/nonexistent-agent-hooks/src/mine");
        let user = Settings { user_directories: vec![mine.clone()], ..Settings::default() };
        assert_eq!(user.judge(file, b"", None), Trust::Directory(mine.clone()));
        let locked = Settings { locked: true, ..user.clone() };
        assert_eq!(locked.judge(file, b"", None), Trust::Forbidden);
        let system = Settings { system_directories: vec![mine.clone()], ..locked };
        assert_eq!(system.judge(file, b"", None), Trust::Directory(mine));
        assert_eq!(Settings::default().judge(file, b"", None), Trust::Untrusted);
        let sibling = Path::new("/nonexistent-agent-hooks/src/mine-too/.agent-hooks.toml");
        assert_eq!(user.judge(sibling, b"", None), Trust::Untrusted);
    }
}
