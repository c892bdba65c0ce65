//! The agent binaries' process entry point: a C `main` that skips Rust's runtime start-up.
//!
//! Before a Rust `fn main`, std polls the three standard descriptors, ignores SIGPIPE, and
//! maps, protects and at exit unmaps an alternate signal stack for its stack-overflow message:
//! thirteen system calls and eight page faults, measured at 12 µs of the 50 µs an empty static
//! binary takes from spawn to exit. Of that, a hook needs only SIGPIPE ignored: a write to a
//! pipe nobody reads (an agent that stopped listening, a probe or formatter that exited
//! before reading its input) must be an error the code handles, not the end of the process.
//! The rest prepares for what a hook never meets, and a stack overflow ends it the same way
//! either way (the agent sees a crash, which its contract treats as a non-blocking error). So
//! the binaries are `#![no_main]`, [`agent_main!`](crate::agent_main) defines the `main` that the C runtime
//! calls, and [`start`] ignores SIGPIPE itself: one system call.
#![allow(unsafe_code)]

use std::ffi::{OsString, c_char, c_int};
use std::process::ExitCode;

use crate::agent::Agent;

/// Defines the binary's C `main` over [`crate::main`], for `agent`. The crate root must
/// say `#![no_main]`:
///
/// ```ignore
/// #![no_main]
/// hook_core::agent_main!(claude_hook::CLAUDE);
/// ```
#[macro_export]
macro_rules! agent_main {
    ($agent:expr) => {
        #[allow(unsafe_code)]
        #[unsafe(no_mangle)]
        extern "C" fn main(
            argc: ::std::ffi::c_int,
            argv: *const *const ::std::ffi::c_char,
        ) -> ::std::ffi::c_int {
            // SAFETY: the C runtime calls `main` with its own `argc` and `argv`.
            unsafe { $crate::entry::start(&$agent, argc, argv) }
        }
    };
}

/// Run the binary for `agent` with the process's arguments and return its exit status.
///
/// # Safety
///
/// `argv` must hold `argc` pointers to NUL-terminated strings that outlive the call, as
/// the C runtime's arguments to `main` do.
pub unsafe fn start(agent: &Agent, argc: c_int, argv: *const *const c_char) -> c_int {
    ignore_sigpipe();
    // SAFETY: passed on from the caller.
    let args = unsafe { arguments(argc, argv) };
    let code = crate::cli::main(agent, args);
    crate::protocol::finish();
    c_int::from(status(code))
}

/// As std's start-up does. Children get the default back: std's `Command` resets SIGPIPE in
/// every process it starts.
#[cfg(unix)]
fn ignore_sigpipe() {
    unsafe extern "C" {
        fn signal(signal: c_int, handler: usize) -> usize;
    }
    // The same numbers on Linux, macOS and the BSDs.
    const SIGPIPE: c_int = 13;
    const SIG_IGN: usize = 1;
    // SAFETY: installs no handler, only the disposition "ignore", before any thread exists.
    unsafe {
        signal(SIGPIPE, SIG_IGN);
    }
}

#[cfg(not(unix))]
fn ignore_sigpipe() {}

/// The arguments after the program name. std's own list is filled by its runtime start-up on
/// most Unix targets, which this entry skips, so they come from `argv` there.
#[cfg(unix)]
unsafe fn arguments(argc: c_int, argv: *const *const c_char) -> Vec<OsString> {
    use std::ffi::CStr;
    use std::os::unix::ffi::OsStrExt;

    let count = usize::try_from(argc).unwrap_or(0);
    (1..count)
        .map(|index| {
            // SAFETY: `index < argc`, and each of those pointers is a C string (see `start`).
            let arg = unsafe { CStr::from_ptr(*argv.add(index)) };
            std::ffi::OsStr::from_bytes(arg.to_bytes()).to_os_string()
        })
        .collect()
}

/// Elsewhere std reads the arguments from the operating system itself (on Windows, the
/// UTF-16 command line, which the C runtime's `argv` has lost to the code page).
#[cfg(not(unix))]
unsafe fn arguments(_argc: c_int, _argv: *const *const c_char) -> Vec<OsString> {
    std::env::args_os().skip(1).collect()
}

/// The byte `code` was made from. std has no stable way to read an `ExitCode` back, but
/// every one this crate makes is `ExitCode::from(u8)` or `SUCCESS` (which is `from(0)`), so
/// the search is exact; it ends at the first compare for the usual 0 and within three for
/// the exit-code contract's 2.
fn status(code: ExitCode) -> u8 {
    (0..=u8::MAX).find(|&byte| ExitCode::from(byte) == code).unwrap_or(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_exit_code_reads_back_as_its_byte() {
        for byte in 0..=u8::MAX {
            assert_eq!(status(ExitCode::from(byte)), byte);
        }
        assert_eq!(status(ExitCode::SUCCESS), 0);
        assert_eq!(status(ExitCode::FAILURE), 1);
    }
}
