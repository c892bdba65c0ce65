//! The child's process group: the command starts in a group of its own, and the whole group
//! is killed when the command is done or out of time, so that no helper it spawned outlives
//! the hook.

use std::process::{Child, Command};

/// Make the child the leader of a new process group.
#[cfg(unix)]
pub(super) fn isolate(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    command.process_group(0);
}

/// Non-unix systems have no process groups to put the child in.
#[cfg(not(unix))]
pub(super) fn isolate(_command: &mut Command) {}

/// SIGKILL every process in the child's group.
///
/// std can signal only the child itself, and the workspace forbids `unsafe` (no
/// `libc::killpg`), so the system's `kill` utility signals the group. When it cannot (not
/// installed, or the group is already gone) the child alone is killed.
///
/// Also called after the child exited on its own: the group id stays reserved while any
/// member lives (Linux frees a pid only when no process uses it as pid or group id), so
/// this reaches exactly the helpers it left behind.
#[cfg(unix)]
pub(super) fn kill(child: &mut Child) {
    use std::process::Stdio;

    let group = format!("-{}", child.id());
    let killed = Command::new("kill")
        .args(["-KILL", "--", &group])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    if !killed.is_ok_and(|status| status.success()) {
        let _ = child.kill();
    }
}

/// Best effort where there are no process groups: the child itself.
#[cfg(not(unix))]
pub(super) fn kill(child: &mut Child) {
    let _ = child.kill();
}
