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

    /// The rendered file, or `None` when none of its platforms' archives was built.
    pub fn render(
        &self,
        release: &Release,
        binaries: &[String],
        archives: &[BuiltArchive],
    ) -> Result<Option<String>, String> {
        if !archives.iter().any(|archive| self.oses.contains(&archive.target.os)) {
            return Ok(None);
        }
        let path = workspace_root().join(self.template);
        let template = fs_err::read_to_string(&path).map_err(|e| e.to_string())?;
        let context = context(release, binaries, archives)?;
        render(&template, &context).map(Some).map_err(|e| format!("{}: {e}", self.template))
    }
}

/// What the templates may use: `version`, `homepage`, `binaries` (space-separated, for Ruby's
/// `%w[]`), `scoop_bin` (a JSON array of the `.exe` names); a section per OS (`linux`, ...)
/// and per platform (`linux_x86_64`, ...) that is on when its archives are built; and for
/// each built platform `<platform>_url`, `_sha256`, `_dir` (the directory in the archive),
/// and `_autoupdate_url` and `_autoupdate_dir` with the version left as Scoop's `$version`.
fn context(release: &Release, binaries: &[String], archives: &[BuiltArchive]) -> Result<Context, String> {
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
    use std::process::Command;

    use serde_json::Value;

    use super::*;
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

    fn ruby_syntax_check(name: &str, formula: &str) {
        let scratch = Scratch::new(name);
        let path = scratch.path().join(name);
        std::fs::write(&path, formula).unwrap();
        match Command::new("ruby").arg("-c").arg(&path).output() {
            Ok(out) => {
                assert!(out.status.success(), "ruby -c {name}: {}", String::from_utf8_lossy(&out.stderr))
            }
            Err(_) => println!("note: ruby not installed, {name} not syntax-checked"),
        }
    }

    #[test]
    fn homebrew_formula_of_every_platform_matches_golden() {
        let formula = HOMEBREW.render(&release(), &binaries(), &archives("")).unwrap().unwrap();
        assert_golden("agent-hooks.rb", &formula);
        ruby_syntax_check("agent-hooks.rb", &formula);
    }

    #[test]
    fn homebrew_formula_leaves_out_platforms_not_built() {
        let formula = HOMEBREW.render(&release(), &binaries(), &archives("linux")).unwrap().unwrap();
        assert_golden("agent-hooks-linux-only.rb", &formula);
        assert!(!formula.contains("on_macos"));
        ruby_syntax_check("agent-hooks-linux-only.rb", &formula);
    }

    #[test]
    fn scoop_manifest_matches_golden_and_has_what_scoop_reads() {
        let manifest = SCOOP.render(&release(), &binaries(), &archives("")).unwrap().unwrap();
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
    }

    #[test]
    fn scoop_manifest_is_not_rendered_without_a_windows_archive() {
        assert!(SCOOP.render(&release(), &binaries(), &archives("linux")).unwrap().is_none());
    }
}
