//! How each release target can be built on this machine, or why it cannot and what to
//! install so that it can.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::build;
use crate::dist::targets::{Os, ReleaseTarget};

/// How cargo is told to link a target's binaries.
#[derive(Debug, PartialEq, Eq)]
pub enum Linker {
    /// Cargo's default for the target is installed: the host's own target, Linux musl for the
    /// host's CPU (rustc brings musl's C runtime and links with `cc`), or a cross linker.
    Default,
    /// The `rust-lld` rustup ships: with rustc's self-contained musl runtime it links static
    /// Linux binaries for any CPU, with nothing else installed.
    RustLld,
    /// `cargo zigbuild`, which links with Zig and its bundled libc and macOS stubs.
    Zig,
}

/// Why a target cannot be built here, and the set-up step that would fix it.
#[derive(Debug)]
pub struct Missing {
    pub reason: String,
    pub setup: String,
}

/// What this machine offers for cross builds, probed once per run.
pub struct Toolchain {
    host: Option<&'static ReleaseTarget>,
    zig: bool,
}

/// Cargo's default linker for x86_64-pc-windows-gnu.
const MINGW_LINKER: &str = "x86_64-w64-mingw32-gcc";
/// The set-up step that makes Zig available to cargo.
const ZIG_SETUP: &str = "pip install ziglang && cargo install --locked cargo-zigbuild";

impl Toolchain {
    pub fn probe() -> Toolchain {
        Toolchain { host: ReleaseTarget::host(), zig: zig_available() }
    }

    /// How `target` can be built here.
    pub fn linker(&self, target: &ReleaseTarget) -> Result<Linker, Missing> {
        if !has_std_for(target.triple) {
            return Err(Missing {
                reason: "the Rust standard library for this target is not installed".into(),
                setup: format!("rustup target add {}", target.triple),
            });
        }
        // Apple's linker links for both Mac CPUs.
        let native =
            self.host.is_some_and(|host| host == target || host.os == Os::Mac && target.os == Os::Mac);
        if native {
            return Ok(Linker::Default);
        }
        match target.os {
            Os::Linux => Ok(Linker::RustLld),
            Os::Windows if on_path(MINGW_LINKER) => Ok(Linker::Default),
            _ if self.zig => Ok(Linker::Zig),
            Os::Windows => Err(Missing {
                reason: format!("no MinGW-w64 linker ({MINGW_LINKER}) and no Zig"),
                setup: format!("apt-get install gcc-mingw-w64-x86-64 (or: {ZIG_SETUP})"),
            }),
            Os::Mac => Err(Missing {
                reason: "linking for macOS off a Mac needs Zig (with cargo-zigbuild)".into(),
                setup: ZIG_SETUP.into(),
            }),
        }
    }
}

impl Linker {
    /// How the build is linked, for the progress line.
    pub fn describe(&self) -> &'static str {
        match self {
            Linker::Default => "cargo build, default linker",
            Linker::RustLld => "cargo build, rust-lld",
            Linker::Zig => "cargo zigbuild",
        }
    }

    /// Build `packages` for `target` with `profile` into `target_dir`, returning the directory
    /// of the binaries.
    pub fn build(
        &self,
        target_dir: &Path,
        profile: &str,
        target: &ReleaseTarget,
        packages: &[String],
    ) -> Result<PathBuf, String> {
        let linker_variable =
            format!("CARGO_TARGET_{}_LINKER", target.triple.to_uppercase().replace('-', "_"));
        let env = match self {
            // A linker the user configured wins.
            Linker::RustLld if std::env::var_os(&linker_variable).is_none() => {
                vec![(linker_variable, "rust-lld".to_string())]
            }
            _ => vec![],
        };
        let subcommand = if *self == Linker::Zig { "zigbuild" } else { "build" };
        build::build_with(
            &build::Cargo { subcommand, env: &env, target_dir, config: &[] },
            profile,
            target.triple,
            packages,
        )
    }
}

/// Whether rustc has the standard library of `triple` (installed by `rustup target add`).
fn has_std_for(triple: &str) -> bool {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    Command::new(rustc)
        .args(["--print", "target-libdir", "--target", triple])
        .output()
        .ok()
        .filter(|out| out.status.success())
        .is_some_and(|out| Path::new(String::from_utf8_lossy(&out.stdout).trim()).is_dir())
}

/// cargo-zigbuild finds Zig on PATH or as the `ziglang` Python package.
fn zig_available() -> bool {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    succeeds(Command::new(cargo).args(["zigbuild", "--help"]))
        && (succeeds(Command::new("zig").arg("version"))
            || succeeds(Command::new("python3").args(["-m", "ziglang", "version"])))
}

/// Whether `program --version` runs.
pub fn on_path(program: &str) -> bool {
    succeeds(Command::new(program).arg("--version"))
}

fn succeeds(command: &mut Command) -> bool {
    command.stdout(Stdio::null()).stderr(Stdio::null()).status().is_ok_and(|status| status.success())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn linux_without_zig() -> Toolchain {
        Toolchain { host: ReleaseTarget::find("x86_64-unknown-linux-musl"), zig: false }
    }

    #[test]
    fn a_mac_target_off_a_mac_without_zig_is_reported_with_its_setup_step() {
        let mac = ReleaseTarget::find("aarch64-apple-darwin").unwrap();
        let missing = linux_without_zig().linker(mac).unwrap_err();
        let setup = [ZIG_SETUP, "rustup target add aarch64-apple-darwin"];
        assert!(setup.contains(&missing.setup.as_str()), "{missing:?}");
    }

    #[test]
    fn linux_targets_link_with_cc_natively_and_rust_lld_across_cpus() {
        let toolchain = linux_without_zig();
        for (triple, linker) in
            [("x86_64-unknown-linux-musl", Linker::Default), ("aarch64-unknown-linux-musl", Linker::RustLld)]
        {
            match toolchain.linker(ReleaseTarget::find(triple).unwrap()) {
                Ok(found) => assert_eq!(found, linker, "{triple}"),
                Err(missing) => assert_eq!(missing.setup, format!("rustup target add {triple}")),
            }
        }
    }
}
