//! Tests that the crates can be published: `cargo package` accepts them, what they include
//! stays inside them, and each agent crate's `cargo binstall` metadata names the archives
//! `cargo xtask dist` builds.

use std::path::Path;
use std::process::Command;

use crate::build::{self, workspace_root};
use crate::dist::release::Release;
use crate::dist::targets::RELEASE_TARGETS;

/// The crates that are published: hook-core and every agent crate.
fn published() -> Vec<String> {
    let mut crates = build::hook_binaries().unwrap();
    crates.insert(0, "hook-core".into());
    crates
}

fn manifest(krate: &str) -> toml::Table {
    let path = workspace_root().join("crates").join(krate).join("Cargo.toml");
    std::fs::read_to_string(path).unwrap().parse().unwrap()
}

/// Fill cargo-binstall's `{ name }` placeholders.
fn expand(template: &str, values: &[(&str, &str)]) -> String {
    values
        .iter()
        .fold(template.to_string(), |text, (name, value)| text.replace(&format!("{{ {name} }}"), value))
}

/// `cargo package` of every published crate, offline and without the verifying build (the
/// agent crates need hook-core, which is not on crates.io yet; packaged together, cargo takes
/// it from the packages it just made).
#[test]
fn every_published_crate_packages_offline() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut command = Command::new(cargo);
    command.current_dir(workspace_root()).args([
        "package",
        "--no-verify",
        "--offline",
        "--allow-dirty",
        "--quiet",
    ]);
    for krate in published() {
        command.args(["-p", &krate]);
    }
    let out = command.output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "cargo package failed:\n{stderr}");
    // crates.io refuses a crate without a description or licence; cargo only warns.
    assert!(!stderr.contains("manifest has no"), "{stderr}");
    let version = Release::from_workspace().unwrap().version;
    for krate in published() {
        let file = build::target_dir().join("package").join(format!("{krate}-{version}.crate"));
        assert!(file.exists(), "{} was not written", file.display());
    }
}

/// A published crate is built from its own directory: `include_str!` of a file outside it
/// builds here but not from crates.io. Test code (after a file's `#[cfg(test)]` line) is not
/// packaged for building, so it may reach out.
#[test]
fn published_sources_include_nothing_outside_their_crate() {
    let mut outside = Vec::new();
    for krate in published() {
        let root = workspace_root().join("crates").join(&krate);
        let mut files = vec![root.join("src")];
        while let Some(path) = files.pop() {
            if path.is_dir() {
                files.extend(std::fs::read_dir(&path).unwrap().map(|entry| entry.unwrap().path()));
                continue;
            }
            if path.extension().is_none_or(|ext| ext != "rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let code = text.split("\n#[cfg(test)]\n").next().unwrap_or_default();
            let included = ["include_str!(\"", "include_bytes!(\""].map(|mac| code.split(mac).skip(1));
            for include in included.into_iter().flatten() {
                let Some((relative, _)) = include.split_once('"') else { continue };
                let target = normalise(&path.parent().unwrap().join(relative));
                if !target.starts_with(&root) {
                    outside.push(format!("{}: {relative}", path.display()));
                }
            }
        }
    }
    assert!(outside.is_empty(), "included from outside the crate:\n{}", outside.join("\n"));
}

/// `path` with its `..` steps taken, without touching the file system.
fn normalise(path: &Path) -> std::path::PathBuf {
    let mut out = std::path::PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

#[test]
fn binstall_metadata_points_at_the_release_archives() {
    let release = Release::from_workspace().unwrap();
    let version = release.version.as_str();
    for krate in build::hook_binaries().unwrap() {
        let manifest = manifest(&krate);
        let binstall = manifest["package"]["metadata"]["binstall"].as_table().unwrap_or_else(|| {
            panic!("crates/{krate}/Cargo.toml has no [package.metadata.binstall]");
        });
        // What cargo-binstall asks for on each platform: every release target, and Windows'
        // usual MSVC target, which takes the GNU build.
        let mut asked: Vec<(&str, &str)> = RELEASE_TARGETS.iter().map(|t| (t.triple, t.triple)).collect();
        asked.push(("x86_64-pc-windows-msvc", "x86_64-pc-windows-gnu"));
        for (asked, shipped) in asked {
            let target = RELEASE_TARGETS.iter().find(|t| t.triple == shipped).unwrap();
            let key = |key: &str| {
                binstall
                    .get("overrides")
                    .and_then(|overrides| overrides.get(asked))
                    .and_then(|o| o.get(key))
                    .or_else(|| binstall.get(key))
                    .and_then(toml::Value::as_str)
                    .unwrap_or_else(|| panic!("{krate}: no binstall `{key}` for {asked}"))
                    .to_string()
            };
            let exe = if asked.contains("windows") { ".exe" } else { "" };
            let values = [
                ("repo", release.repository.as_str()),
                ("version", version),
                ("target", asked),
                ("bin", krate.as_str()),
                ("binary-ext", exe),
            ];
            assert_eq!(
                expand(&key("pkg-url"), &values),
                release.download_url(&release.archive_name(target)),
                "{krate} on {asked}"
            );
            assert_eq!(
                expand(&key("bin-dir"), &values),
                format!("{}/{}", release.archive_stem(target), target.executable(&krate)),
                "{krate} on {asked}"
            );
            let format = if target.archive_format().extension() == "zip" { "zip" } else { "tgz" };
            assert_eq!(key("pkg-fmt"), format, "{krate} on {asked}");
        }
        // `{ repo }` is the crate's repository: the one the release is published in.
        assert_eq!(manifest["package"]["repository"]["workspace"].as_bool(), Some(true), "{krate}");
    }
}
