//! `cargo xtask dist`: build every agent binary for the release targets, smoke-run those this
//! machine can run, pack them into checksummed archives, and render the Homebrew formula and
//! the Scoop manifest when every archive they point at was built. All of it is staged in a
//! directory of its own and swapped into `target/dist/` only when the run succeeds, so a failed
//! run leaves the last good `target/dist/` as it was.

mod archive;
mod checksum;
#[cfg(test)]
mod install_script;
mod installers;
#[cfg(test)]
mod publish;
mod release;
mod render;
#[cfg(test)]
mod scratch;
mod smoke;
mod staging;
mod targets;
mod toolchain;

use std::path::Path;
use std::process::Command;

use crate::{bench, build, pgo};
use archive::Entry;
use installers::{BuiltArchive, HOMEBREW, Installer, SCOOP};
use release::Release;
use smoke::Runner;
use staging::Staging;
use targets::{Os, RELEASE_TARGETS, ReleaseTarget};
use toolchain::{Linker, Toolchain};

const PROFILE: &str = "dist";
/// Cargo's output directory for release builds. Not the default one: with `--target`, cargo
/// keeps the `dist` profile's build scripts in `<target dir>/dist/`, the archives' directory.
const BUILD_DIR: &str = "dist-build";
/// Where the smoke runs keep their sandboxes and install.sh its trial prefix.
const SMOKE_DIR: &str = "dist-smoke";
/// Shipped next to the binaries in every archive.
const DOCUMENTS: [&str; 3] = ["README.md", "LICENSE-MIT", "LICENSE-APACHE"];
/// Published as release files too, for `curl ... | sh` and `irm ... | iex`.
const INSTALL_SCRIPTS: [&str; 2] = ["installers/install.sh", "installers/install.ps1"];

/// Which targets a run builds, and whether all of them must be built.
#[derive(Debug, PartialEq, Eq)]
enum Request {
    /// Plain `dist`: every target this machine can build; the others are reported.
    Buildable,
    /// `--all`: every release target, or the run fails.
    All,
    /// `--target T...`: these, or the run fails.
    Named(Vec<&'static ReleaseTarget>),
}

impl Request {
    fn targets(&self) -> Vec<&'static ReleaseTarget> {
        match self {
            Request::Buildable | Request::All => RELEASE_TARGETS.iter().collect(),
            Request::Named(targets) => targets.clone(),
        }
    }
}

/// What happened to one release target.
enum Outcome {
    Built { archive: BuiltArchive, smoke: String },
    NotBuilt(String),
}

/// What a run was asked for.
#[derive(Debug, PartialEq, Eq)]
struct Options {
    request: Request,
    /// Build the host's binaries from a profile of the bench payloads (the default);
    /// `--no-profile` builds them as the other targets are.
    profile_guided: bool,
}

pub fn run(args: &[String]) -> Result<(), String> {
    let Options { request, profile_guided } = parse(args)?;
    let release = Release::from_workspace()?;
    let binaries = build::hook_binaries()?;
    let target_dir = build::target_dir();
    let staging = Staging::new(&target_dir.join("dist"))?;
    let toolchain = Toolchain::probe();

    let mut outcomes = Vec::new();
    for target in request.targets() {
        let outcome = match package(&toolchain, &release, &binaries, target, profile_guided, staging.path()) {
            Ok((archive, smoke)) => Outcome::Built { archive, smoke },
            Err(why) => {
                eprintln!("xtask: dist: {} NOT BUILT: {why}", target.triple);
                Outcome::NotBuilt(why)
            }
        };
        outcomes.push((target, outcome));
    }
    let archives: Vec<&BuiltArchive> = outcomes
        .iter()
        .filter_map(|(_, outcome)| match outcome {
            Outcome::Built { archive, .. } => Some(archive),
            Outcome::NotBuilt(_) => None,
        })
        .collect();
    let mut summary: Vec<(String, String)> = outcomes
        .iter()
        .map(|(target, outcome)| {
            let status = match outcome {
                Outcome::Built { smoke, .. } => format!("built; {smoke}"),
                Outcome::NotBuilt(why) => format!("NOT BUILT: {why}"),
            };
            (target.triple.to_string(), status)
        })
        .collect();
    let missing = outcomes.iter().filter(|(_, outcome)| matches!(outcome, Outcome::NotBuilt(_))).count();
    let failure = match &request {
        _ if archives.is_empty() => Some("no target could be built".to_string()),
        Request::All if missing > 0 => {
            Some(format!("--all: {missing} of {} release targets not built", RELEASE_TARGETS.len()))
        }
        Request::Named(_) if missing > 0 => Some(format!("{missing} of the requested targets not built")),
        _ => None,
    };
    if let Some(failure) = failure {
        print_summary(&summary);
        return Err(format!("dist: {failure}; target/dist is left as it was"));
    }

    for installer in [HOMEBREW, SCOOP] {
        let status = write_installer(&installer, &release, &binaries, &archives, staging.path())?;
        summary.push((installer.file_name.to_string(), status));
    }
    for script in INSTALL_SCRIPTS {
        let name = Path::new(script).file_name().ok_or("an install script has no file name")?;
        fs_err::copy(build::workspace_root().join(script), staging.path().join(name))
            .map_err(|e| e.to_string())?;
    }
    if let Some(host) = ReleaseTarget::host().filter(|host| archives.iter().any(|a| a.target == *host)) {
        let status = install_with_script(host, &binaries, staging.path(), &target_dir.join(SMOKE_DIR))?;
        summary.push(("install.sh".into(), status));
    }

    let dist_dir = staging.commit()?;
    print_summary(&summary);
    let mut files = fs_err::read_dir(&dist_dir)
        .map_err(|e| e.to_string())?
        .map(|entry| entry.map(|entry| entry.path()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())?;
    files.sort();
    for file in files {
        println!("{}", file.display());
    }
    let absent = RELEASE_TARGETS.len() - archives.len();
    if absent > 0 {
        eprintln!(
            "xtask: dist: {absent} of {} release targets are missing from {}: not a whole release \
             (`cargo xtask dist --all` builds every target or fails)",
            RELEASE_TARGETS.len(),
            dist_dir.display()
        );
    }
    Ok(())
}

/// `--all`, or `--target TRIPLE` (repeatable); neither means every target this machine can
/// build. `--no-profile` skips the host's profile-guided build.
fn parse(args: &[String]) -> Result<Options, String> {
    let mut all = false;
    let mut profile_guided = true;
    let mut named = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--all" => all = true,
            "--no-profile" => profile_guided = false,
            "--target" => {
                let triple = args.next().ok_or("--target needs a target triple")?;
                let target = ReleaseTarget::find(triple).ok_or_else(|| {
                    let known: Vec<&str> = RELEASE_TARGETS.iter().map(|t| t.triple).collect();
                    format!("dist: `{triple}` is not a release target; they are: {}", known.join(", "))
                })?;
                if !named.contains(&target) {
                    named.push(target);
                }
            }
            other => return Err(format!("dist: unknown argument `{other}`")),
        }
    }
    let request = match (all, named.is_empty()) {
        (true, false) => return Err("dist: --all and --target exclude each other".into()),
        (true, true) => Request::All,
        (false, true) => Request::Buildable,
        (false, false) => Request::Named(named),
    };
    Ok(Options { request, profile_guided })
}

/// Build the binaries for `target`, smoke-run them when this machine can, archive them with
/// the documents, and checksum the archive; also says how the smoke run went.
fn package(
    toolchain: &Toolchain,
    release: &Release,
    binaries: &[String],
    target: &'static ReleaseTarget,
    profile_guided: bool,
    dist_dir: &Path,
) -> Result<(BuiltArchive, String), String> {
    let linker = toolchain
        .linker(target)
        .map_err(|missing| format!("{}; set up with: {}", missing.reason, missing.setup))?;
    let build_dir = build::target_dir().join(BUILD_DIR);
    // Only binaries that run here can be profiled: the host's own target.
    let out_dir = if profile_guided && linker == Linker::Default && ReleaseTarget::host() == Some(target) {
        eprintln!("xtask: dist: building {} for {} (profile-guided)", binaries.join(", "), target.triple);
        let cargo = build::Cargo { subcommand: "build", env: &[], target_dir: &build_dir, config: &[] };
        pgo::build(&cargo, PROFILE, target.triple, binaries, |dir, counts| {
            bench::train(dir, binaries, counts)
        })?
    } else {
        eprintln!(
            "xtask: dist: building {} for {} ({})",
            binaries.join(", "),
            target.triple,
            linker.describe()
        );
        linker.build(&build_dir, PROFILE, target, binaries)?
    };

    let smoke = match Runner::for_target(target) {
        Ok(runner) => {
            let sandbox = build::target_dir().join(SMOKE_DIR).join(target.triple);
            smoke::run(&runner, &out_dir, target, binaries, sandbox)
                .map_err(|e| format!("smoke run {}: {e}", runner.describe()))?;
            format!("every binary denied and allowed {}", runner.describe())
        }
        Err(why) => format!("not smoke-run: {why}"),
    };

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
    Ok((BuiltArchive { target, sha256 }, smoke))
}

/// Render `installer` into `dist_dir` when every archive it points at was built; returns its
/// line of the summary.
fn write_installer(
    installer: &Installer,
    release: &Release,
    binaries: &[String],
    archives: &[&BuiltArchive],
    dist_dir: &Path,
) -> Result<String, String> {
    let missing = installer.missing(archives);
    if !missing.is_empty() {
        return Ok(format!("NOT RENDERED: needs the archives of {}", missing.join(", ")));
    }
    let text = installer.render(release, binaries, archives)?;
    fs_err::write(dist_dir.join(installer.file_name), text).map_err(|e| e.to_string())?;
    Ok("rendered".into())
}

/// Install the `host` archive from `dist_dir` with the shipped install.sh into a scratch
/// prefix, as a user would, and smoke-run the installed binaries; returns the summary line.
fn install_with_script(
    host: &ReleaseTarget,
    binaries: &[String],
    dist_dir: &Path,
    smoke_dir: &Path,
) -> Result<String, String> {
    if host.os == Os::Windows {
        return Ok("not tried: install.sh is not for Windows".into());
    }
    let prefix = smoke_dir.join("install-sh-prefix");
    let _ = std::fs::remove_dir_all(&prefix);
    let out = Command::new("sh")
        .arg(dist_dir.join("install.sh"))
        .arg("--from")
        .arg(dist_dir)
        .arg("--prefix")
        .arg(&prefix)
        .env_remove("AGENT_HOOKS_VERSION")
        .output()
        .map_err(|e| format!("cannot run sh: {e}"))?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        return Err(format!("dist: install.sh failed on the {} archive: {stderr}", host.triple));
    }
    smoke::run(&Runner::Native, &prefix.join("bin"), host, binaries, smoke_dir.join("installed"))
        .map_err(|e| format!("dist: after install.sh: {e}"))?;
    Ok(format!("installed the {} archive, and the installed binaries answered", host.triple))
}

fn print_summary(summary: &[(String, String)]) {
    let width = summary.iter().map(|(name, _)| name.len()).max().unwrap_or(0);
    eprintln!("xtask: dist: summary");
    for (name, status) in summary {
        eprintln!("  {name:width$}  {status}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|arg| arg.to_string()).collect()
    }

    #[test]
    fn all_and_target_choose_what_must_be_built() {
        let request = |list: &[&str]| parse(&args(list)).map(|options| options.request);
        assert_eq!(request(&[]), Ok(Request::Buildable));
        assert_eq!(request(&["--all"]), Ok(Request::All));
        let arm = ReleaseTarget::find("aarch64-unknown-linux-musl").unwrap();
        assert_eq!(request(&["--target", arm.triple]), Ok(Request::Named(vec![arm])));
        assert!(parse(&args(&["--all", "--target", arm.triple])).unwrap_err().contains("exclude"));
        assert!(
            parse(&args(&["--target", "sparc-sun-solaris"])).unwrap_err().contains("not a release target")
        );
    }

    #[test]
    fn the_host_is_profile_guided_unless_told_not_to() {
        assert!(parse(&[]).unwrap().profile_guided);
        assert!(!parse(&args(&["--no-profile", "--all"])).unwrap().profile_guided);
    }
}
