//! Tests of `installers/install.sh` against a fake dist directory, written with the same
//! archive and checksum code as `cargo xtask dist`, holding a stand-in `claude-hook` script.

use std::path::Path;
use std::process::{Command, Output};

use crate::build::workspace_root;
use crate::dist::archive::{Entry, Format};
use crate::dist::checksum;
use crate::dist::release::Release;
use crate::dist::scratch::Scratch;
use crate::dist::targets::{Os, ReleaseTarget};

const VERSION: &str = "9.9.9";

/// The release target install.sh picks on this machine; `None` where it cannot run (no `sh`).
fn host_target() -> Option<&'static ReleaseTarget> {
    let target = ReleaseTarget::host().filter(|target| target.os != Os::Windows);
    if target.is_none() {
        println!("note: install.sh does not run on this machine, not tested");
    }
    target
}

/// A scratch directory holding `dist/` with one archive for `target`.
fn fake_release(test: &str, target: &ReleaseTarget) -> Scratch {
    let scratch = Scratch::new(test);
    let root = scratch.path();
    std::fs::create_dir_all(root.join("dist")).unwrap();
    let release = Release { version: VERSION.into(), repository: "https://example.invalid".into() };
    let stem = release.archive_stem(target);
    let entries = [
        Entry {
            path: format!("{stem}/claude-hook"),
            mode: 0o755,
            contents: format!("#!/bin/sh\necho \"claude-hook {VERSION}\"\n").into_bytes(),
        },
        Entry { path: format!("{stem}/README.md"), mode: 0o644, contents: b"# agent-hooks\n".to_vec() },
    ];
    let archive = root.join("dist").join(release.archive_name(target));
    Format::TarGz.write(&archive, &entries).unwrap();
    checksum::write_sidecar(&archive).unwrap();
    scratch
}

fn install(source: &str, prefix: &Path) -> Output {
    Command::new("sh")
        .arg(workspace_root().join("installers/install.sh"))
        .arg("--prefix")
        .arg(prefix)
        .env("AGENT_HOOKS_DIST", source)
        .env_remove("AGENT_HOOKS_PREFIX")
        .env_remove("AGENT_HOOKS_VERSION")
        .output()
        .unwrap()
}

#[test]
fn installs_the_binaries_from_a_local_dist_directory() {
    let Some(target) = host_target() else { return };
    let scratch = fake_release("install-sh-ok", target);
    let root = scratch.path();
    let prefix = root.join("prefix");
    let out = install(root.join("dist").to_str().unwrap(), &prefix);
    assert!(out.status.success(), "install.sh failed: {}", String::from_utf8_lossy(&out.stderr));

    let version = Command::new(prefix.join("bin/claude-hook")).arg("--version").output().unwrap();
    assert_eq!(String::from_utf8_lossy(&version.stdout), format!("claude-hook {VERSION}\n"));
    assert!(!prefix.join("bin/README.md").exists(), "only binaries go to PREFIX/bin");
    // The prefix is not on PATH, so the next step names the binary by its path.
    let stderr = String::from_utf8_lossy(&out.stderr);
    let hook = prefix.join("bin/claude-hook");
    let next = format!("    {} install && {} doctor\n", hook.display(), hook.display());
    assert!(stderr.contains(&next), "no next step in:\n{stderr}");
}

#[test]
fn refuses_an_archive_whose_checksum_does_not_match() {
    let Some(target) = host_target() else { return };
    let scratch = fake_release("install-sh-tampered", target);
    let root = scratch.path();
    let release = Release { version: VERSION.into(), repository: String::new() };
    let sidecar = checksum::sidecar_path(&root.join("dist").join(release.archive_name(target)));
    let line = std::fs::read_to_string(&sidecar).unwrap();
    std::fs::write(&sidecar, format!("{}{}", "0".repeat(64), &line[64..])).unwrap();

    let prefix = root.join("prefix");
    let out = install(&format!("file://{}", root.join("dist").display()), &prefix);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && stderr.contains("checksum mismatch"), "{stderr}");
    assert!(!prefix.join("bin/claude-hook").exists(), "nothing may be installed");
}

#[test]
fn downloads_from_the_workspace_repository() {
    let repository = Release::from_workspace().unwrap().repository;
    for (script, line) in [
        ("installers/install.sh", format!("\nrepository=\"{repository}\"\n")),
        ("installers/install.ps1", format!("\n$Repository = \"{repository}\"\n")),
    ] {
        let text = std::fs::read_to_string(workspace_root().join(script)).unwrap();
        assert!(text.contains(&line), "{script} must download from the workspace's repository, {repository}");
    }
}

/// install.ps1 cannot run here (no PowerShell in Debian, and npm's `pwsh` downloads it from
/// GitHub when installed): what is checked is that it asks for the archive `dist` names, and
/// ends with the next step.
#[test]
fn the_powershell_installer_asks_for_the_windows_archive_and_says_what_next() {
    let script = std::fs::read_to_string(workspace_root().join("installers/install.ps1")).unwrap();
    let windows = ReleaseTarget::find("x86_64-pc-windows-gnu").unwrap();
    let release = Release { version: "$Version".into(), repository: String::new() };
    assert!(script.contains(&format!("$target = \"{}\"\n", windows.triple)), "the Windows target");
    // `$stem` is the archive stem with the version and target filled in by PowerShell.
    let stem = release.archive_stem(windows).replace(windows.triple, "$target");
    assert!(script.contains(&format!("$stem = \"{stem}\"\n")), "the stem {stem}");
    assert!(script.contains("$archive = \"$stem.zip\"\n"), "the archive name");
    assert_eq!(windows.archive_format().extension(), "zip");
    assert!(script.contains("claude-hook install; claude-hook doctor"), "the next step");
}
