//! Smoke runs of release binaries before they ship: each binary this machine can run answers
//! a real deny and a real allow, its agent's own payload on stdin and the answer on stdout, in
//! a sandbox where no policy of the machine's user applies.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::bench::{self, ALLOW, DENY, Sandbox};
use crate::dist::targets::{Os, ReleaseTarget};
use crate::dist::toolchain::on_path;

/// How this machine runs a target's binaries.
#[derive(Debug, PartialEq, Eq)]
pub enum Runner {
    Native,
    /// A user-mode emulator such as `qemu-aarch64-static`, given the binary as its argument.
    Emulator(String),
}

impl Runner {
    /// How `target`'s binaries run here, or why they cannot.
    pub fn for_target(target: &ReleaseTarget) -> Result<Runner, String> {
        Runner::on(ReleaseTarget::host(), target, on_path)
    }

    /// [`Runner::for_target`] on a machine whose release target is `host` and where
    /// `installed` says which programs run.
    fn on(
        host: Option<&ReleaseTarget>,
        target: &ReleaseTarget,
        installed: impl Fn(&str) -> bool,
    ) -> Result<Runner, String> {
        if host == Some(target) {
            return Ok(Runner::Native);
        }
        // qemu's user mode runs a static Linux binary of another CPU on a Linux host.
        if target.os == Os::Linux && host.is_some_and(|host| host.os == Os::Linux) {
            let qemu = format!("qemu-{}", target.arch.key());
            let static_qemu = format!("{qemu}-static");
            return [static_qemu.clone(), qemu]
                .into_iter()
                .find(|program| installed(program))
                .map(Runner::Emulator)
                .ok_or(format!("no {static_qemu} to run it (apt-get install qemu-user-static)"));
        }
        Err("this machine cannot run its binaries".into())
    }

    /// How the smoke run was made, for the summary.
    pub fn describe(&self) -> String {
        match self {
            Runner::Native => "natively".into(),
            Runner::Emulator(program) => format!("under {program}"),
        }
    }

    fn command(&self, sandbox: &Sandbox, binary: &Path) -> Command {
        match self {
            Runner::Native => sandbox.command(binary, None),
            Runner::Emulator(program) => {
                let mut command = sandbox.command(Path::new(program), None);
                command.arg(binary);
                command
            }
        }
    }
}

/// Feed each of `binaries` (in `dir`, named as on `target`) the allow and the deny payload of
/// its agent in a fresh sandbox at `sandbox_dir`; an error says which answer was wrong.
pub fn run(
    runner: &Runner,
    dir: &Path,
    target: &ReleaseTarget,
    binaries: &[String],
    sandbox_dir: PathBuf,
) -> Result<(), String> {
    let sandbox = Sandbox::at(sandbox_dir)?;
    for binary in binaries {
        let path = dir.join(target.executable(binary));
        let cases = bench::cases(binary);
        for (case_name, deny) in [(ALLOW, false), (DENY, true)] {
            let case = cases
                .iter()
                .find(|case| case.name == case_name)
                .ok_or(format!("{binary} has no `{case_name}` payload in tests/fixtures to smoke-run"))?;
            let out = answer(runner.command(&sandbox, &path), &case.stdin)
                .map_err(|e| format!("{binary} did not run {}: {e}", runner.describe()))?;
            let stdout = String::from_utf8_lossy(&out.stdout);
            let code = out.status.code();
            let denied =
                code == Some(2) || ["\"deny\"", "\"block\""].iter().any(|word| stdout.contains(word));
            if !matches!(code, Some(0 | 2)) || denied != deny {
                return Err(format!(
                    "{binary} answered `{case_name}` wrongly: exit {code:?}, stdout {:?}, stderr {:?}",
                    stdout.trim(),
                    String::from_utf8_lossy(&out.stderr).trim()
                ));
            }
        }
    }
    Ok(())
}

/// Run `command` with `stdin` as its input, as an agent does.
fn answer(mut command: Command, stdin: &[u8]) -> Result<Output, String> {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    // A hook that exits before reading all of its input closes the pipe; its answer still counts.
    if let Some(mut input) = child.stdin.take() {
        let _ = input.write_all(stdin);
    }
    child.wait_with_output().map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn target(triple: &str) -> &'static ReleaseTarget {
        ReleaseTarget::find(triple).unwrap()
    }

    #[test]
    fn the_host_runs_its_own_binaries_and_qemu_those_of_the_other_linux_cpu() {
        let x86 = target("x86_64-unknown-linux-musl");
        let host = Some(x86);
        let arm = target("aarch64-unknown-linux-musl");
        assert_eq!(Runner::on(host, x86, |_| false), Ok(Runner::Native));
        assert_eq!(
            Runner::on(host, arm, |program| program == "qemu-aarch64-static"),
            Ok(Runner::Emulator("qemu-aarch64-static".into()))
        );
        let missing = Runner::on(host, arm, |_| false).unwrap_err();
        assert!(missing.contains("apt-get install qemu-user-static"), "{missing}");
        assert!(Runner::on(host, target("aarch64-apple-darwin"), |_| true).is_err());
        assert!(Runner::on(host, target("x86_64-pc-windows-gnu"), |_| true).is_err());
    }
}
