//! What a release is called and where its files are downloaded from, from the workspace manifest.

use crate::build::workspace_root;
use crate::dist::targets::ReleaseTarget;

/// The version and home of a release: `[workspace.package]` in the root Cargo.toml.
#[derive(Debug, PartialEq, Eq)]
pub struct Release {
    pub version: String,
    /// The GitHub repository, e.g. `https://github.com/agent-hooks/agent-hooks`.
    pub repository: String,
}

impl Release {
    /// Read the version and repository of the workspace being released.
    pub fn from_workspace() -> Result<Release, String> {
        let path = workspace_root().join("Cargo.toml");
        let text = fs_err::read_to_string(&path).map_err(|e| e.to_string())?;
        Release::from_manifest(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    fn from_manifest(text: &str) -> Result<Release, String> {
        let manifest: toml::Table = text.parse().map_err(|e| format!("{e}"))?;
        let package =
            manifest.get("workspace").and_then(|w| w.get("package")).ok_or("no [workspace.package] table")?;
        let field = |name: &str| {
            package
                .get(name)
                .and_then(toml::Value::as_str)
                .map(|value| value.trim_end_matches('/').to_string())
                .ok_or(format!("no `{name}` string in [workspace.package]"))
        };
        Ok(Release { version: field("version")?, repository: field("repository")? })
    }

    /// `agent-hooks-<version>-<target>`: the archive's name without extension, and the one
    /// directory inside it (so that unpacking never scatters files into the current directory).
    pub fn archive_stem(&self, target: &ReleaseTarget) -> String {
        stem(&self.version, target)
    }

    /// The archive's file name, e.g. `agent-hooks-0.1.0-x86_64-unknown-linux-musl.tar.gz`.
    pub fn archive_name(&self, target: &ReleaseTarget) -> String {
        format!("{}.{}", self.archive_stem(target), target.archive_format().extension())
    }

    /// Where the release's GitHub page serves the file `name`.
    pub fn download_url(&self, name: &str) -> String {
        format!("{}/releases/download/v{}/{name}", self.repository, self.version)
    }

    /// [`Release::download_url`] of the target's archive with the version left as `$version`,
    /// for Scoop's autoupdate to fill in.
    pub fn scoop_autoupdate_url(&self, target: &ReleaseTarget) -> String {
        let name = format!("{}.{}", stem("$version", target), target.archive_format().extension());
        format!("{}/releases/download/v$version/{name}", self.repository)
    }

    /// [`Release::archive_stem`] with the version left as `$version`, for Scoop's autoupdate.
    pub fn scoop_autoupdate_stem(&self, target: &ReleaseTarget) -> String {
        stem("$version", target)
    }
}

fn stem(version: &str, target: &ReleaseTarget) -> String {
    format!("agent-hooks-{version}-{}", target.triple)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_version_and_repository_of_the_workspace() {
        let release = Release::from_manifest(
            "[workspace.package]\nversion = \"1.2.3\"\nrepository = \"https://github.com/o/r/\"\n",
        )
        .unwrap();
        assert_eq!(release, Release { version: "1.2.3".into(), repository: "https://github.com/o/r".into() });
        assert!(Release::from_workspace().is_ok());
    }

    #[test]
    fn names_archives_and_urls_by_version_and_target() {
        let release = Release { version: "1.2.3".into(), repository: "https://github.com/o/r".into() };
        let windows = ReleaseTarget::find("x86_64-pc-windows-gnu").unwrap();
        assert_eq!(release.archive_name(windows), "agent-hooks-1.2.3-x86_64-pc-windows-gnu.zip");
        assert_eq!(
            release.download_url("install.sh"),
            "https://github.com/o/r/releases/download/v1.2.3/install.sh"
        );
        assert_eq!(
            release.scoop_autoupdate_url(windows),
            "https://github.com/o/r/releases/download/v$version/agent-hooks-$version-x86_64-pc-windows-gnu.zip"
        );
    }
}
