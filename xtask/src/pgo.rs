//! Profile-guided release builds: the hook binaries are built instrumented, run on the
//! payloads a caller gives them, and built again from the counts.
//!
//! With the counts, LLVM inlines and lays out what a hook call runs and moves the blocks it
//! never runs out of the functions it does (`-enable-split-machine-functions`), so a call
//! executes fewer instructions and touches fewer 64 KB blocks of code (ARCHITECTURE.md,
//! "Start-up"). Only the host's target can be profiled: its instrumented binaries must run.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::build::{self, Cargo};

/// Flags of the optimised build, after `-Cprofile-use=FILE`.
const USE_FLAGS: &[&str] = &["-Cllvm-args=-enable-split-machine-functions"];

/// `cargo build` of `packages` as `cargo` says, guided by a profile: `train` is given the
/// directory of the instrumented binaries and the `LLVM_PROFILE_FILE` pattern to run them
/// with. Returns the directory of the optimised binaries.
pub fn build(
    cargo: &Cargo,
    profile: &str,
    target: &str,
    packages: &[String],
    train: impl FnOnce(&Path, &Path) -> Result<(), String>,
) -> Result<PathBuf, String> {
    let profdata = llvm_profdata()?;
    // One place for every caller, so that the bench's build and the one `layout` profiles are
    // given the same flags.
    let dir = build::target_dir().join("pgo");
    let counts = dir.join("counts");
    let _ = std::fs::remove_dir_all(&counts);
    fs_err::create_dir_all(&counts).map_err(|e| e.to_string())?;
    eprintln!("xtask: pgo: building {} instrumented", packages.join(", "));
    let generate = rustflags(target, &[format!("-Cprofile-generate={}", counts.display())]);
    let instrumented = build::build_with(
        &Cargo {
            subcommand: cargo.subcommand,
            env: &[],
            target_dir: &dir.join("instrumented"),
            config: &generate,
        },
        profile,
        target,
        packages,
    )?;
    eprintln!("xtask: pgo: running the instrumented binaries");
    train(&instrumented, &counts.join("%m-%p.profraw"))?;
    let merged = dir.join("hooks.profdata");
    let status = Command::new(&profdata)
        .arg("merge")
        .arg("-o")
        .arg(&merged)
        .arg(&counts)
        .status()
        .map_err(|e| format!("cannot run {}: {e}", profdata.display()))?;
    if !status.success() {
        return Err(format!("{} merge failed with {status}", profdata.display()));
    }
    eprintln!("xtask: pgo: building {} from the profile", packages.join(", "));
    let mut flags = vec![format!("-Cprofile-use={}", merged.display())];
    flags.extend(USE_FLAGS.iter().map(|flag| flag.to_string()));
    let mut config = rustflags(target, &flags);
    config.extend(cargo.config.iter().cloned());
    build::build_with(
        &Cargo {
            subcommand: cargo.subcommand,
            env: cargo.env,
            target_dir: cargo.target_dir,
            config: &config,
        },
        profile,
        target,
        packages,
    )
}

/// A `--config` value that adds `flags` to the target's rustflags (cargo appends a command
/// line's array to the one `.cargo/config.toml` gives).
fn rustflags(target: &str, flags: &[String]) -> Vec<String> {
    let quoted: Vec<String> = flags.iter().map(|flag| format!("{flag:?}")).collect();
    vec![format!("target.{target}.rustflags=[{}]", quoted.join(", "))]
}

/// The toolchain's `llvm-profdata`, from rustup's `llvm-tools` component (installed when
/// missing): the one that reads the counts this rustc's LLVM writes.
fn llvm_profdata() -> Result<PathBuf, String> {
    let find = || -> Result<PathBuf, String> {
        let sysroot = rustc(&["--print", "sysroot"])?;
        let verbose = rustc(&["-vV"])?;
        let host =
            verbose.lines().find_map(|line| line.strip_prefix("host: ")).ok_or("rustc -vV names no host")?;
        Ok(Path::new(sysroot.trim()).join("lib/rustlib").join(host.trim()).join("bin/llvm-profdata"))
    };
    let path = find()?;
    if path.exists() {
        return Ok(path);
    }
    eprintln!("xtask: pgo: installing rustup's llvm-tools component (for llvm-profdata)");
    let status = Command::new("rustup")
        .args(["component", "add", "llvm-tools"])
        .status()
        .map_err(|e| format!("cannot run rustup: {e}"))?;
    if status.success() && path.exists() {
        Ok(path)
    } else {
        Err(format!("pgo: needs {} (rustup component add llvm-tools)", path.display()))
    }
}

fn rustc(args: &[&str]) -> Result<String, String> {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let out = Command::new(&rustc).args(args).output().map_err(|e| format!("cannot run {rustc}: {e}"))?;
    if !out.status.success() {
        return Err(format!("{rustc} {} failed with {}", args.join(" "), out.status));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}
