//! `cargo xtask dist`: build every agent binary for each release target this machine can
//! build, pack them into checksummed archives in `target/dist/`, and render the Homebrew
//! formula and the Scoop manifest from the archives that were built.

mod archive;
mod checksum;
#[cfg(test)]
mod install_script;
mod installers;
mod release;
mod render;
#[cfg(test)]
mod scratch;
mod targets;
mod toolchain;

use std::path::Path;

use crate::build;
use archive::Entry;
use installers::{BuiltArchive, HOMEBREW, Installer, SCOOP};
use release::Release;
use targets::{RELEASE_TARGETS, ReleaseTarget};
use toolchain::Toolchain;

const PROFILE: &str = "dist";
/// Cargo's output directory for release builds. Not the default one: with `--target`, cargo
/// keeps the `dist` profile's build scripts in `<target dir>/dist/`, the archives' directory.
const BUILD_DIR: &str = "dist-build";
/// Shipped next to the binaries in every archive.
const DOCUMENTS: [&str; 3] = ["README.md", "LICENSE-MIT", "LICENSE-APACHE"];
/// Published as a release file too, for `curl ... | sh`.
const INSTALL_SCRIPT: &str = "installers/install.sh";

pub fn run(args: &[String]) -> Result<(), String> {
    let requested = requested_targets(args)?;
    let explicit = !requested.is_empty();
    let targets = if explicit { requested } else { RELEASE_TARGETS.iter().collect() };
    let release = Release::from_workspace()?;
    let binaries = build::hook_binaries()?;
    let dist_dir = build::target_dir().join("dist");
    if dist_dir.exists() {
        fs_err::remove_dir_all(&dist_dir).map_err(|e| e.to_string())?;
    }
    fs_err::create_dir_all(&dist_dir).map_err(|e| e.to_string())?;

    let toolchain = Toolchain::probe();
    let mut archives = Vec::new();
    let mut not_built = Vec::new();
    for target in targets {
        match package(&toolchain, &release, &binaries, target, &dist_dir) {
            Ok(archive) => archives.push(archive),
            Err(why) => {
                eprintln!("xtask: dist: {} NOT BUILT: {why}", target.triple);
                not_built.push(target.triple);
            }
        }
    }
    if archives.is_empty() {
        return Err("dist: no target could be built (see above)".into());
    }
    for installer in [HOMEBREW, SCOOP] {
        write_installer(&installer, &release, &binaries, &archives, &dist_dir)?;
    }
    let script = dist_dir.join("install.sh");
    fs_err::copy(build::workspace_root().join(INSTALL_SCRIPT), &script).map_err(|e| e.to_string())?;
    println!("{}", script.display());
    if explicit && !not_built.is_empty() {
        return Err(format!("dist: requested targets not built: {}", not_built.join(", ")));
    }
    Ok(())
}

/// The release targets named by `--target`; none means every release target.
fn requested_targets(args: &[String]) -> Result<Vec<&'static ReleaseTarget>, String> {
    let mut targets = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--target" => {
                let triple = args.next().ok_or("--target needs a target triple")?;
                let target = ReleaseTarget::find(triple).ok_or_else(|| {
                    let known: Vec<&str> = RELEASE_TARGETS.iter().map(|t| t.triple).collect();
                    format!("dist: `{triple}` is not a release target; they are: {}", known.join(", "))
                })?;
                targets.push(target);
            }
            other => return Err(format!("dist: unknown argument `{other}`")),
        }
    }
    Ok(targets)
}

/// Build the binaries for `target`, archive them with the documents, and checksum the archive.
fn package(
    toolchain: &Toolchain,
    release: &Release,
    binaries: &[String],
    target: &'static ReleaseTarget,
    dist_dir: &Path,
) -> Result<BuiltArchive, String> {
    let linker = toolchain
        .linker(target)
        .map_err(|missing| format!("{}; set up with: {}", missing.reason, missing.setup))?;
    eprintln!("xtask: dist: building {} for {} ({})", binaries.join(", "), target.triple, linker.describe());
    let out_dir = linker.build(&build::target_dir().join(BUILD_DIR), PROFILE, target, binaries)?;

    let stem = release.archive_stem(target);
    let read = |path: &Path| fs_err::read(path).map_err(|e| e.to_string());
    let mut entries = Vec::new();
    for binary in binaries {
        let name = target.executable(binary);
        entries.push(Entry {
            path: format!("{stem}/{name}"),
            mode: 0o755,
            contents: read(&out_dir.join(&name))?,
        });
    }
    for document in DOCUMENTS {
        let contents = read(&build::workspace_root().join(document))?;
        entries.push(Entry { path: format!("{stem}/{document}"), mode: 0o644, contents });
    }
    let path = dist_dir.join(release.archive_name(target));
    target.archive_format().write(&path, &entries)?;
    let sha256 = checksum::write_sidecar(&path)?;
    println!("{}", path.display());
    println!("{}", checksum::sidecar_path(&path).display());
    Ok(BuiltArchive { target, sha256 })
}

/// Render `installer` into `dist_dir`, saying which of its platforms it leaves out.
fn write_installer(
    installer: &Installer,
    release: &Release,
    binaries: &[String],
    archives: &[BuiltArchive],
    dist_dir: &Path,
) -> Result<(), String> {
    let left_out: Vec<&str> = installer
        .targets()
        .filter(|target| !archives.iter().any(|archive| archive.target == *target))
        .map(|target| target.triple)
        .collect();
    let Some(text) = installer.render(release, binaries, archives)? else {
        eprintln!(
            "xtask: dist: {} NOT RENDERED: no archive of {} was built",
            installer.file_name,
            left_out.join(", ")
        );
        return Ok(());
    };
    let path = dist_dir.join(installer.file_name);
    fs_err::write(&path, text).map_err(|e| e.to_string())?;
    if !left_out.is_empty() {
        eprintln!("xtask: dist: {} leaves out {} (not built)", installer.file_name, left_out.join(", "));
    }
    println!("{}", path.display());
    Ok(())
}
