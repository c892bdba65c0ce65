//! The platforms a release ships for: each one's Rust target, OS, CPU and archive format.

use crate::dist::archive::Format;

/// An operating system a release archive is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Os {
    Linux,
    Mac,
    Windows,
}

/// A CPU architecture a release archive is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arch {
    X86_64,
    Aarch64,
}

/// One platform of a release.
#[derive(Debug, PartialEq, Eq)]
pub struct ReleaseTarget {
    /// The Rust target triple the binaries are built for.
    pub triple: &'static str,
    pub os: Os,
    pub arch: Arch,
}

/// Every platform a release is meant to cover, in the order they are built and reported.
/// Linux builds are static musl binaries: they run on any distribution, and start fastest.
pub const RELEASE_TARGETS: [ReleaseTarget; 5] = [
    ReleaseTarget { triple: "x86_64-unknown-linux-musl", os: Os::Linux, arch: Arch::X86_64 },
    ReleaseTarget { triple: "aarch64-unknown-linux-musl", os: Os::Linux, arch: Arch::Aarch64 },
    ReleaseTarget { triple: "x86_64-pc-windows-gnu", os: Os::Windows, arch: Arch::X86_64 },
    ReleaseTarget { triple: "x86_64-apple-darwin", os: Os::Mac, arch: Arch::X86_64 },
    ReleaseTarget { triple: "aarch64-apple-darwin", os: Os::Mac, arch: Arch::Aarch64 },
];

impl ReleaseTarget {
    /// The release target with this triple, if there is one.
    pub fn find(triple: &str) -> Option<&'static ReleaseTarget> {
        RELEASE_TARGETS.iter().find(|t| t.triple == triple)
    }

    /// The release target for the machine this program runs on, if there is one.
    pub fn host() -> Option<&'static ReleaseTarget> {
        let os = match std::env::consts::OS {
            "linux" => Os::Linux,
            "macos" => Os::Mac,
            "windows" => Os::Windows,
            _ => return None,
        };
        let arch = match std::env::consts::ARCH {
            "x86_64" => Arch::X86_64,
            "aarch64" => Arch::Aarch64,
            _ => return None,
        };
        RELEASE_TARGETS.iter().find(|t| t.os == os && t.arch == arch)
    }

    /// The name templates use for this platform, e.g. `macos_aarch64`.
    pub fn key(&self) -> String {
        format!("{}_{}", self.os.key(), self.arch.key())
    }

    /// Windows users get a zip (what Scoop and Explorer open), everyone else a tar.gz.
    pub fn archive_format(&self) -> Format {
        if self.os == Os::Windows { Format::Zip } else { Format::TarGz }
    }

    /// The file name of the binary `name` on this platform.
    pub fn executable(&self, name: &str) -> String {
        if self.os == Os::Windows { format!("{name}.exe") } else { name.to_string() }
    }
}

impl Os {
    /// The name templates use for this OS.
    pub fn key(self) -> &'static str {
        match self {
            Os::Linux => "linux",
            Os::Mac => "macos",
            Os::Windows => "windows",
        }
    }
}

impl Arch {
    /// The name templates and qemu use for this CPU.
    pub fn key(self) -> &'static str {
        match self {
            Arch::X86_64 => "x86_64",
            Arch::Aarch64 => "aarch64",
        }
    }
}
