//! The environment variables a hook call reads, found in one pass over the environment.
//!
//! `std::env::var_os` asks libc's `getenv`, which compares the name with every variable in
//! turn; a hook call asks for eight or so names, and an agent's environment holds dozens of
//! variables: 7 K of the 58 K instructions of an allowed command (callgrind, 39 variables).
//! Here the first look walks the environment once, recording the variables of `NAMES` by
//! their first byte; later looks are an index. Nothing in this program changes its own
//! environment (`set_var` appears nowhere), so the walk cannot race a writer and the
//! snapshot stays true.
#![allow(unsafe_code)]

use std::ffi::OsString;
use std::path::PathBuf;
use std::sync::OnceLock;

/// The assignment that keeps one command as the agent wrote it, unrewritten (it never lifts
/// a deny).
pub(crate) const NO_REWRITE: &str = "AGENT_HOOKS_NO_REWRITE";

/// The variables of the hot path. Any other name goes to `std::env::var_os`.
const NAMES: [&str; 8] = [
    "AGENT_HOOKS_CONFIG",
    "AGENT_HOOKS_SYSTEM_CONFIG",
    "AGENT_HOOKS_STOP_ACTIVE",
    "HOME",
    "TMPDIR",
    "XDG_CACHE_HOME",
    "XDG_CONFIG_HOME",
    "XDG_STATE_HOME",
];

/// An XDG base directory: `$variable` when set and not empty, else `$HOME/home_relative`.
pub fn xdg_dir(variable: &str, home_relative: &str) -> Option<PathBuf> {
    let set = |name| var_os(name).filter(|value| !value.is_empty());
    set(variable)
        .map(PathBuf::from)
        .or_else(|| set("HOME").map(|home| PathBuf::from(home).join(home_relative)))
}

/// The first bytes of [`NAMES`], for the Unix pass over `environ`.
#[cfg(any(unix, test))]
const FIRST_BYTES: [u8; 4] = *b"AHTX";

/// The value of the environment variable `name`, as `std::env::var_os` gives it.
pub fn var_os(name: &str) -> Option<OsString> {
    match NAMES.iter().position(|known| *known == name) {
        Some(index) => snapshot()[index].clone(),
        None => std::env::var_os(name),
    }
}

fn snapshot() -> &'static [Option<OsString>; NAMES.len()] {
    static SNAPSHOT: OnceLock<[Option<OsString>; NAMES.len()]> = OnceLock::new();
    SNAPSHOT.get_or_init(read)
}

/// One pass over the environment. Like `getenv`, the first definition of a name wins.
#[cfg(unix)]
fn read() -> [Option<OsString>; NAMES.len()] {
    use std::ffi::{CStr, OsStr, c_char};
    use std::os::unix::ffi::OsStrExt;

    unsafe extern "C" {
        // `char **environ`; read as bytes, whatever the sign of `c_char` on the target.
        static environ: *const *const u8;
    }
    let mut found: [Option<OsString>; NAMES.len()] = Default::default();
    // SAFETY: `environ` is the C runtime's NULL-terminated array of NUL-terminated strings;
    // no code in this process modifies it (see the module docs), so it stays valid while read.
    let mut entry = unsafe { environ };
    if entry.is_null() {
        return found;
    }
    // SAFETY: as above; the loop stops at the terminating NULL.
    while let Some(text) = unsafe { (*entry).as_ref() } {
        let first = *text;
        // Most variables start with none of the names' first letters: one test skips them.
        let candidate = FIRST_BYTES.contains(&first);
        for (index, name) in NAMES.iter().enumerate().filter(|_| candidate) {
            if name.as_bytes()[0] != first || found[index].is_some() {
                continue;
            }
            // SAFETY: the string is NUL-terminated, and every byte compared before the NUL
            // matched a byte of `name`, which has none, so no read goes past the NUL.
            let value = unsafe { value_of(text, name.as_bytes()) };
            if let Some(value) = value {
                // SAFETY: `value` points into the same NUL-terminated string.
                let bytes = unsafe { CStr::from_ptr(value.cast::<c_char>()) }.to_bytes();
                found[index] = Some(OsStr::from_bytes(bytes).to_os_string());
            }
        }
        // SAFETY: not past the terminating NULL, which ended the loop.
        entry = unsafe { entry.add(1) };
    }
    found
}

/// Where the value starts when `text` (a `NAME=value` C string) defines `name`.
///
/// # Safety
///
/// `text` must point to a NUL-terminated string.
#[cfg(unix)]
unsafe fn value_of(text: *const u8, name: &[u8]) -> Option<*const u8> {
    for (offset, &expected) in name.iter().enumerate() {
        // SAFETY: the bytes before `offset` matched `name` (no NUL), so the string goes on.
        if unsafe { *text.add(offset) } != expected {
            return None;
        }
    }
    // SAFETY: as above, `name.len()` is at most the NUL's offset.
    (unsafe { *text.add(name.len()) } == b'=').then(|| unsafe { text.add(name.len() + 1) })
}

#[cfg(not(unix))]
fn read() -> [Option<OsString>; NAMES.len()] {
    NAMES.map(std::env::var_os)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_bytes_are_those_of_the_names() {
        for name in NAMES {
            assert!(FIRST_BYTES.contains(&name.as_bytes()[0]), "{name}");
        }
    }

    #[test]
    fn every_known_name_reads_as_std_reads_it() {
        for name in NAMES {
            assert_eq!(var_os(name), std::env::var_os(name), "{name}");
        }
        assert_eq!(var_os("PATH"), std::env::var_os("PATH"));
    }

    #[cfg(unix)]
    #[test]
    fn a_definition_matches_its_whole_name_and_the_equals_sign() {
        let value = |text: &std::ffi::CStr, name: &str| {
            // SAFETY: a `CStr` is NUL-terminated.
            let start = unsafe { value_of(text.as_ptr().cast(), name.as_bytes()) }?;
            // SAFETY: `start` points into `text`, before or at its NUL.
            Some(unsafe { std::ffi::CStr::from_ptr(start.cast()) }.to_str().ok()?.to_string())
        };
        assert_eq!(value(c"HOME=/home/dev", "HOME").as_deref(), Some("/home/dev"));
        assert_eq!(value(c"HOME=", "HOME").as_deref(), Some(""));
        assert_eq!(value(c"HOME=a=b", "HOME").as_deref(), Some("a=b"));
        assert_eq!(value(c"HOMEDIR=/x", "HOME"), None);
        assert_eq!(value(c"HOM", "HOME"), None);
        assert_eq!(value(c"TMPDIR=/t", "HOME"), None);
    }
}
