//! The Homebrew formula and the Scoop manifest of a release, rendered from their templates in
//! `installers/` with the URL and sha256 of each archive actually built.

use crate::build::workspace_root;
use crate::dist::release::Release;
use crate::dist::render::{Context, render};
use crate::dist::targets::{Os, RELEASE_TARGETS, ReleaseTarget};

/// An archive of the release, built and checksummed.
pub struct BuiltArchive {
    pub target: &'static ReleaseTarget,
    pub sha256: String,
}

/// A package-manager file rendered from a template.
pub struct Installer {
    /// The rendered file's name in `target/dist/`.
    pub file_name: &'static str,
    /// The template, relative to the workspace root.
    template: &'static str,
    /// The platforms it installs on: it is rendered only when one of their archives is built.
    oses: &'static [Os],
}

pub const HOMEBREW: Installer = Installer {
    file_name: "agent-hooks.rb",
    template: "installers/homebrew/agent-hooks.rb.in",
    oses: &[Os::Mac, Os::Linux],
};

pub const SCOOP: Installer = Installer {
    file_name: "agent-hooks.json",
    template: "installers/scoop/agent-hooks.json.in",
    oses: &[Os::Windows],
};

impl Installer {
    /// The release targets this installer can point at.
    pub fn targets(&self) -> impl Iterator<Item = &'static ReleaseTarget> {
        RELEASE_TARGETS.iter().filter(|target| self.oses.contains(&target.os))
    }

    /// The triples of the platforms it installs on whose archive is not in `archives`.
    pub fn missing(&self, archives: &[&BuiltArchive]) -> Vec<&'static str> {
        self.targets()
            .filter(|target| !archives.iter().any(|archive| archive.target == *target))
            .map(|target| target.triple)
            .collect()
    }

    /// The rendered file; an error when an archive of one of its platforms was not built (a
    /// formula without its Mac archives would fail on every Mac).
    pub fn render(
        &self,
        release: &Release,
        binaries: &[String],
        archives: &[&BuiltArchive],
    ) -> Result<String, String> {
        let missing = self.missing(archives);
        if !missing.is_empty() {
            return Err(format!("{} needs the archives of {}", self.file_name, missing.join(", ")));
        }
        let path = workspace_root().join(self.template);
        let template = fs_err::read_to_string(&path).map_err(|e| e.to_string())?;
        let context = context(release, binaries, archives)?;
        render(&template, &context).map_err(|e| format!("{}: {e}", self.template))
    }
}

/// What the templates may use: `version`, `homepage`, `binaries` (space-separated, for Ruby's
/// `%w[]`), `scoop_bin` (a JSON array of the `.exe` names); a section per OS (`linux`, ...)
/// and per platform (`linux_x86_64`, ...) that is on when its archives are built; and for
/// each built platform `<platform>_url`, `_sha256`, `_dir` (the directory in the archive),
/// and `_autoupdate_url` and `_autoupdate_dir` with the version left as Scoop's `$version`.
fn context(release: &Release, binaries: &[String], archives: &[&BuiltArchive]) -> Result<Context, String> {
    let mut context = Context::default();
    context.value("version", &release.version);
    context.value("homepage", &release.repository);
    context.value("binaries", binaries.join(" "));
    let windows = RELEASE_TARGETS.iter().find(|t| t.os == Os::Windows).ok_or("no Windows release target")?;
    let exes: Vec<String> = binaries.iter().map(|b| format!("\"{}\"", windows.executable(b))).collect();
    context.value("scoop_bin", format!("[{}]", exes.join(", ")));
    for os in [Os::Linux, Os::Mac, Os::Windows] {
        context.section(os.key(), archives.iter().any(|archive| archive.target.os == os));
    }
    for target in &RELEASE_TARGETS {
        let key = target.key();
        let built = archives.iter().find(|archive| archive.target == target);
        context.section(&key, built.is_some());
        if let Some(archive) = built {
            context.value(format!("{key}_url"), release.download_url(&release.archive_name(target)));
            context.value(format!("{key}_sha256"), &archive.sha256);
            context.value(format!("{key}_dir"), release.archive_stem(target));
            context.value(format!("{key}_autoupdate_url"), release.scoop_autoupdate_url(target));
            context.value(format!("{key}_autoupdate_dir"), release.scoop_autoupdate_stem(target));
        }
    }
    Ok(context)
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};
    use std::process::Command;

    use serde_json::Value;

    use super::*;
    use crate::build;
    use crate::dist::checksum::sha256_hex;
    use crate::dist::scratch::Scratch;

    /// A fixed release, so that the golden files change with the templates only.
    fn release() -> Release {
        Release { version: "0.1.0".into(), repository: "https://github.com/agent-hooks/agent-hooks".into() }
    }

    fn binaries() -> Vec<String> {
        vec!["claude-hook".into(), "cursor-hook".into()]
    }

    /// Fake archives of the targets whose triple contains `filter`, each hash made from its triple.
    fn archives(filter: &str) -> Vec<BuiltArchive> {
        RELEASE_TARGETS
            .iter()
            .filter(|target| target.triple.contains(filter))
            .map(|target| BuiltArchive { target, sha256: sha256_hex(target.triple.as_bytes()) })
            .collect()
    }

    fn refs(archives: &[BuiltArchive]) -> Vec<&BuiltArchive> {
        archives.iter().collect()
    }

    /// Compare with `tests/golden/dist/<name>`; `GOLDEN=overwrite` rewrites it instead.
    fn assert_golden(name: &str, rendered: &str) {
        let path = workspace_root().join("tests/golden/dist").join(name);
        if std::env::var("GOLDEN").is_ok_and(|v| v == "overwrite") {
            std::fs::write(&path, rendered).unwrap();
            return;
        }
        let golden = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            golden == rendered,
            "{} differs from the rendering (GOLDEN=overwrite cargo test -p xtask to accept it):\n{rendered}",
            path.display()
        );
    }

    /// Whether Ruby runs here; CI installs it, so there a missing one is a failure.
    fn ruby_installed() -> bool {
        if Command::new("ruby").arg("--version").output().is_ok() {
            return true;
        }
        assert!(std::env::var_os("CI").is_none(), "no ruby installed: the Homebrew formula is not checked");
        println!("note: ruby not installed, the Homebrew formula is not checked");
        false
    }

    /// The debug builds of `binaries`, built when missing (when only xtask's tests were asked for).
    fn debug_binaries(binaries: &[String]) -> PathBuf {
        let dir = build::target_dir().join("debug");
        let missing: Vec<&String> = binaries.iter().filter(|binary| !dir.join(binary).exists()).collect();
        if !missing.is_empty() {
            let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
            let mut command = Command::new(cargo);
            command.args(["build", "-q"]).current_dir(workspace_root());
            for binary in &missing {
                command.args(["-p", binary]);
            }
            assert!(command.status().unwrap().success(), "cargo build of {missing:?} failed");
        }
        dir
    }

    /// `formula_harness.rb` on `formula` with the binaries of `bin_dir`, away from any policy
    /// of the machine's user, as Homebrew runs a test in a sandbox of its own.
    fn run_formula_test(formula: &Path, bin_dir: &Path, home: &Path) -> std::process::Output {
        Command::new("ruby")
            .arg(workspace_root().join("xtask/src/dist/formula_harness.rb"))
            .arg(formula)
            .arg(bin_dir)
            .current_dir(home)
            .env("HOME", home)
            .env("XDG_CONFIG_HOME", home.join("config"))
            .env("XDG_STATE_HOME", home.join("state"))
            .env("XDG_CACHE_HOME", home.join("cache"))
            .env("AGENT_HOOKS_SYSTEM_CONFIG", home.join("no-system-policy.toml"))
            .env_remove("AGENT_HOOKS_CONFIG")
            .output()
            .unwrap()
    }

    #[test]
    fn homebrew_formula_of_every_platform_matches_golden() {
        let formula = HOMEBREW.render(&release(), &binaries(), &refs(&archives(""))).unwrap();
        assert_golden("agent-hooks.rb", &formula);
        assert!(formula.contains("livecheck do"), "{formula}");
        if ruby_installed() {
            let scratch = Scratch::new("formula-syntax");
            let path = scratch.path().join("agent-hooks.rb");
            std::fs::write(&path, &formula).unwrap();
            let out = Command::new("ruby").arg("-c").arg(&path).output().unwrap();
            assert!(out.status.success(), "ruby -c: {}", String::from_utf8_lossy(&out.stderr));
        }
    }

    /// The formula's `test do` makes a real decision with the real binaries: it passes with
    /// them, and fails with a claude-hook that allows everything.
    #[cfg(unix)]
    #[test]
    fn homebrew_formula_test_denies_with_the_real_binaries() {
        use std::os::unix::fs::PermissionsExt;

        if !ruby_installed() {
            return;
        }
        let release = Release::from_workspace().unwrap();
        let binaries = build::hook_binaries().unwrap();
        let formula = HOMEBREW.render(&release, &binaries, &refs(&archives(""))).unwrap();
        let scratch = Scratch::new("formula-test");
        let path = scratch.path().join("agent-hooks.rb");
        std::fs::write(&path, &formula).unwrap();
        let home = scratch.path().join("home");
        std::fs::create_dir_all(&home).unwrap();

        let out = run_formula_test(&path, &debug_binaries(&binaries), &home);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && stdout == "livecheck\ntest passed\n",
            "formula test failed: {stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        );

        // The same test with a claude-hook that answers every call with an allow.
        let fake = scratch.path().join("fake-bin");
        std::fs::create_dir_all(&fake).unwrap();
        for binary in &binaries {
            let script = format!("#!/bin/sh\ncat >/dev/null\necho \"{binary} {}\"\n", release.version);
            std::fs::write(fake.join(binary), script).unwrap();
            std::fs::set_permissions(fake.join(binary), std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        let out = run_formula_test(&path, &fake, &home);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && stderr.contains("permissionDecision"), "{stderr}");
    }

    #[test]
    fn homebrew_formula_needs_every_platform() {
        let linux_only = archives("linux");
        assert_eq!(HOMEBREW.missing(&refs(&linux_only)), ["x86_64-apple-darwin", "aarch64-apple-darwin"]);
        let error = HOMEBREW.render(&release(), &binaries(), &refs(&linux_only)).unwrap_err();
        assert!(error.contains("needs the archives of x86_64-apple-darwin, aarch64-apple-darwin"), "{error}");
    }

    #[test]
    fn scoop_manifest_matches_golden_and_has_what_scoop_reads() {
        let manifest = SCOOP.render(&release(), &binaries(), &refs(&archives(""))).unwrap();
        assert_golden("agent-hooks.json", &manifest);
        let json: Value = serde_json::from_str(&manifest).unwrap();
        assert_eq!(json["version"], "0.1.0");
        let x64 = &json["architecture"]["64bit"];
        assert_eq!(
            x64["url"],
            "https://github.com/agent-hooks/agent-hooks/releases/download/v0.1.0/agent-hooks-0.1.0-x86_64-pc-windows-gnu.zip"
        );
        assert_eq!(x64["hash"], sha256_hex(b"x86_64-pc-windows-gnu"));
        assert_eq!(x64["extract_dir"], "agent-hooks-0.1.0-x86_64-pc-windows-gnu");
        assert_eq!(json["bin"], serde_json::json!(["claude-hook.exe", "cursor-hook.exe"]));
        assert_eq!(json["checkver"]["github"], "https://github.com/agent-hooks/agent-hooks");
        let autoupdate = &json["autoupdate"]["architecture"]["64bit"]["url"];
        assert!(autoupdate.as_str().unwrap().contains("/v$version/agent-hooks-$version-"), "{autoupdate}");
        assert_eq!(json["autoupdate"]["hash"]["url"], "$url.sha256");
        // Scoop prints `notes` after the install: the next step.
        let notes = json["notes"].as_array().unwrap().iter().map(|n| n.as_str().unwrap()).collect::<Vec<_>>();
        let notes = notes.join("\n");
        assert!(notes.contains("claude-hook install") && notes.contains("doctor"), "{notes}");
    }

    #[test]
    fn scoop_manifest_is_not_rendered_without_a_windows_archive() {
        assert_eq!(SCOOP.missing(&refs(&archives("linux"))), ["x86_64-pc-windows-gnu"]);
        assert!(SCOOP.render(&release(), &binaries(), &refs(&archives("linux"))).is_err());
    }
}
