//! The child's process group: the command starts in a group of its own, and the whole group
//! is killed when the command is done or out of time, so that no helper it spawned outlives
//! the hook.

use std::process::{Child, Command};

/// Make the child the leader of a new process group, and on Linux have the kernel kill it
/// when the hook dies: an agent that kills a hook at its timeout kills only the hook, and a
/// formatter or test suite would otherwise run on, unwatched.
#[cfg(unix)]
pub(super) fn isolate(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    command.process_group(0);
    #[cfg(target_os = "linux")]
    die_with_parent(command);
}

#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn die_with_parent(command: &mut Command) {
    use std::os::unix::process::CommandExt;

    let parent = libc::pid_t::try_from(std::process::id()).unwrap_or(0);
    // SAFETY: the closure runs in the child between fork and exec and calls only `prctl` and
    // `getppid`, which are async-signal-safe; it allocates nothing.
    unsafe {
        command.pre_exec(move || {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            // The hook died before the signal was asked for: nothing would send it now.
            if libc::getppid() != parent {
                return Err(std::io::Error::from_raw_os_error(libc::ESRCH));
            }
            Ok(())
        });
    }
}

/// Non-unix systems have no process groups to put the child in.
#[cfg(not(unix))]
pub(super) fn isolate(_command: &mut Command) {}

/// SIGKILL every process in the child's group; the child alone when the group is gone.
///
/// Also called after the child exited on its own: the group id stays reserved while any
/// member lives (Linux frees a pid only when no process uses it as pid or group id), so
/// this reaches exactly the helpers it left behind.
#[cfg(unix)]
#[allow(unsafe_code)]
pub(super) fn kill(child: &mut Child) {
    let Ok(group) = libc::pid_t::try_from(child.id()) else { return };
    // SAFETY: `killpg` takes plain integers; the group is the one `isolate` made for this
    // child, whose pid is still ours (not reaped) or reserved by a live member.
    let killed = unsafe { libc::killpg(group, libc::SIGKILL) } == 0;
    if !killed {
        let _ = child.kill();
    }
}

/// Best effort where there are no process groups: the child itself.
#[cfg(not(unix))]
pub(super) fn kill(child: &mut Child) {
    let _ = child.kill();
}
