//! Building the workspace's binaries for a target, through cargo.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace root (the parent of `xtask/`).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap_or(Path::new(".")).to_path_buf()
}

/// The agent binaries: every `crates/*-hook` package.
pub fn hook_binaries() -> Result<Vec<String>, String> {
    let crates = workspace_root().join("crates");
    let mut names: Vec<String> = fs_err::read_dir(&crates)
        .map_err(|e| e.to_string())?
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| name.ends_with("-hook"))
        .collect();
    names.sort();
    Ok(names)
}

/// Make sure rustup has `target`, installing it when missing.
pub fn ensure_target(target: &str) -> Result<(), String> {
    let installed = Command::new("rustup").args(["target", "list", "--installed"]).output();
    if let Ok(out) = &installed
        && String::from_utf8_lossy(&out.stdout).lines().any(|t| t.trim() == target)
    {
        return Ok(());
    }
    eprintln!("xtask: installing the {target} target with rustup");
    run(Command::new("rustup").args(["target", "add", target]))
}

/// `cargo build --profile PROFILE --target TARGET -p BIN...`, returning the output directory.
pub fn build(profile: &str, target: &str, packages: &[String]) -> Result<PathBuf, String> {
    build_with(
        &Cargo { subcommand: "build", env: &[], target_dir: &target_dir(), config: &[] },
        profile,
        target,
        packages,
    )
}

/// How [`build_with`] runs cargo.
pub struct Cargo<'a> {
    /// `build`, or another subcommand that takes the same arguments (e.g. `zigbuild`).
    pub subcommand: &'a str,
    /// Extra environment variables, e.g. a target's linker.
    pub env: &'a [(String, String)],
    /// Cargo's output directory.
    pub target_dir: &'a Path,
    /// `--config` values, e.g. rustflags added to `.cargo/config.toml`'s.
    pub config: &'a [String],
}

/// [`build`], run as `cargo` says.
pub fn build_with(
    cargo: &Cargo,
    profile: &str,
    target: &str,
    packages: &[String],
) -> Result<PathBuf, String> {
    let program = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut command = Command::new(program);
    command
        .current_dir(workspace_root())
        .env("CARGO_TARGET_DIR", cargo.target_dir)
        .envs(cargo.env.iter().map(|(name, value)| (name, value)))
        .args([cargo.subcommand, "--quiet", "--profile", profile, "--target", target]);
    for config in cargo.config {
        command.args(["--config", config]);
    }
    for package in packages {
        command.args(["-p", package]);
    }
    run(&mut command)?;
    let dir = if profile == "dev" { "debug" } else { profile };
    Ok(cargo.target_dir.join(target).join(dir))
}

/// Where cargo puts its output.
pub fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| workspace_root().join("target"))
}

fn run(command: &mut Command) -> Result<(), String> {
    let status = command.status().map_err(|e| format!("cannot run {command:?}: {e}"))?;
    if status.success() { Ok(()) } else { Err(format!("{command:?} failed with {status}")) }
}
