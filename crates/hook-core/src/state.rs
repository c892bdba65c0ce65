//! The state directory: small files that one hook run leaves for the next (held reports, stop
//! counters, fingerprints), under `$XDG_STATE_HOME/agent-hooks/`.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::digest::Digest;

/// Keys longer than this are replaced by their digest.
const MAX_KEY: usize = 96;

/// `$XDG_STATE_HOME/agent-hooks`, or `~/.local/state/agent-hooks`; `None` when neither
/// variable is set.
pub fn state_dir() -> Option<PathBuf> {
    Some(crate::environment::xdg_dir("XDG_STATE_HOME", ".local/state")?.join("agent-hooks"))
}

/// The file for `key` (a session id, a project path) in the state directory's `area`.
///
/// Keys come from the agent's payload: anything but a short plain name becomes its digest,
/// so that no key can climb out of the directory or collide with another once cleaned.
pub(crate) fn file(area: &str, key: &str) -> Option<PathBuf> {
    let plain = !key.is_empty()
        && key.len() <= MAX_KEY
        && !key.starts_with('.')
        && key.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
    let name = if plain { key.to_string() } else { format!("h-{}", Digest::of(key.as_bytes()).hex()) };
    Some(state_dir()?.join(area).join(name))
}

/// Replace `path` with `bytes` so that readers see the old file or the new one, never half
/// of it: write a sibling, then rename it over.
pub(crate) fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut sibling = path.as_os_str().to_owned();
    sibling.push(format!(".{}.tmp", std::process::id()));
    let sibling = PathBuf::from(sibling);
    let written = std::fs::File::create(&sibling).and_then(|mut file| file.write_all(bytes));
    match written.and_then(|()| std::fs::rename(&sibling, path)) {
        Ok(()) => Ok(()),
        Err(e) => {
            let _ = std::fs::remove_file(&sibling);
            Err(e)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_never_leave_their_area() {
        for key in ["../../etc/passwd", "a/b", ".hidden", "", &"x".repeat(200)] {
            let Some(path) = file("pending", key) else { return };
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            assert!(name.starts_with("h-"), "{key:?} became {name}");
            assert_eq!(path.parent().unwrap().file_name().unwrap(), "pending");
        }
    }

    #[test]
    fn plain_session_ids_are_kept() {
        if let Some(path) = file("pending", "9ecf22fa-edf8-4332") {
            assert!(path.ends_with("pending/9ecf22fa-edf8-4332"));
        }
    }
}
