//! Release archives (tar.gz and zip) written byte for byte the same from the same files, on
//! any host: fixed owner, timestamp and order, so a rebuild gives the same sha256.

use std::io::Write;
use std::path::Path;

use flate2::Compression;
use flate2::write::{DeflateEncoder, GzEncoder};

/// The two archive formats of a release.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    TarGz,
    Zip,
}

impl Format {
    pub fn extension(self) -> &'static str {
        match self {
            Format::TarGz => "tar.gz",
            Format::Zip => "zip",
        }
    }

    /// Write `entries` to `path` in this format.
    pub fn write(self, path: &Path, entries: &[Entry]) -> Result<(), String> {
        match self {
            Format::TarGz => write_tar_gz(path, entries),
            Format::Zip => write_zip(path, entries),
        }
    }
}

/// One regular file in an archive.
pub struct Entry {
    /// The path inside the archive, `/`-separated.
    pub path: String,
    /// Unix permission bits: 0o755 for binaries, 0o644 for documents.
    pub mode: u32,
    pub contents: Vec<u8>,
}

/// 1980-01-01T00:00:00Z, the timestamp of every entry: the earliest a zip can hold, used for
/// tar too so both formats agree.
const TIMESTAMP: u64 = 315_532_800;

/// Write `entries` to `path` as a gzip-compressed ustar archive.
fn write_tar_gz(path: &Path, entries: &[Entry]) -> Result<(), String> {
    let mut tar = Vec::new();
    for entry in entries {
        tar.extend_from_slice(&ustar_header(entry)?);
        tar.extend_from_slice(&entry.contents);
        tar.resize(tar.len().next_multiple_of(512), 0);
    }
    // The end of a tar archive: two empty blocks.
    tar.resize(tar.len() + 1024, 0);
    let mut gzip = GzEncoder::new(Vec::new(), Compression::best());
    gzip.write_all(&tar).map_err(|e| format!("gzip: {e}"))?;
    let bytes = gzip.finish().map_err(|e| format!("gzip: {e}"))?;
    fs_err::write(path, bytes).map_err(|e| e.to_string())
}

fn ustar_header(entry: &Entry) -> Result<[u8; 512], String> {
    let mut header = [0u8; 512];
    let name = entry.path.as_bytes();
    if name.len() > 100 {
        return Err(format!("{}: longer than the 100 bytes a ustar name holds", entry.path));
    }
    header[..name.len()].copy_from_slice(name);
    put_octal(&mut header[100..108], u64::from(entry.mode));
    put_octal(&mut header[108..116], 0); // uid
    put_octal(&mut header[116..124], 0); // gid
    put_octal(&mut header[124..136], entry.contents.len() as u64);
    put_octal(&mut header[136..148], TIMESTAMP);
    header[156] = b'0'; // a regular file
    header[257..263].copy_from_slice(b"ustar\0");
    header[263..265].copy_from_slice(b"00");
    // The checksum is summed with its own field read as spaces.
    header[148..156].fill(b' ');
    let checksum: u64 = header.iter().map(|&b| u64::from(b)).sum();
    put_octal(&mut header[148..155], checksum);
    Ok(header)
}

/// A zero-padded octal number ending with a NUL, filling `field`.
fn put_octal(field: &mut [u8], value: u64) {
    let digits = format!("{value:0width$o}\0", width = field.len() - 1);
    field.copy_from_slice(digits.as_bytes());
}

/// Write `entries` to `path` as a zip archive of deflated files.
fn write_zip(path: &Path, entries: &[Entry]) -> Result<(), String> {
    let mut zip = Vec::new();
    let mut directory = Vec::new();
    for entry in entries {
        let offset = zip_u32(zip.len(), "archive size")?;
        let mut deflate = DeflateEncoder::new(Vec::new(), Compression::best());
        deflate.write_all(&entry.contents).map_err(|e| format!("deflate: {e}"))?;
        let compressed = deflate.finish().map_err(|e| format!("deflate: {e}"))?;
        let mut crc = flate2::Crc::new();
        crc.update(&entry.contents);
        let name = entry.path.as_bytes();
        // The fields the local header and the central directory share, from "version needed".
        let mut common = Vec::new();
        common.extend_from_slice(&20u16.to_le_bytes()); // version needed: 2.0, deflate
        common.extend_from_slice(&0u16.to_le_bytes()); // flags
        common.extend_from_slice(&8u16.to_le_bytes()); // method: deflate
        common.extend_from_slice(&0u16.to_le_bytes()); // DOS time 00:00:00
        common.extend_from_slice(&DOS_DATE_1980_01_01.to_le_bytes());
        common.extend_from_slice(&crc.sum().to_le_bytes());
        common.extend_from_slice(&zip_u32(compressed.len(), &entry.path)?.to_le_bytes());
        common.extend_from_slice(&zip_u32(entry.contents.len(), &entry.path)?.to_le_bytes());
        common.extend_from_slice(&zip_u16(name.len(), &entry.path)?.to_le_bytes());
        common.extend_from_slice(&0u16.to_le_bytes()); // extra field length

        zip.extend_from_slice(&0x0403_4b50u32.to_le_bytes());
        zip.extend_from_slice(&common);
        zip.extend_from_slice(name);
        zip.extend_from_slice(&compressed);

        directory.extend_from_slice(&0x0201_4b50u32.to_le_bytes());
        // Made by Unix (3), zip 2.0: tells unzip that the external attributes hold a mode.
        directory.extend_from_slice(&(3u16 << 8 | 20).to_le_bytes());
        directory.extend_from_slice(&common);
        directory.extend_from_slice(&0u16.to_le_bytes()); // comment length
        directory.extend_from_slice(&0u16.to_le_bytes()); // disk number
        directory.extend_from_slice(&0u16.to_le_bytes()); // internal attributes
        directory.extend_from_slice(&((S_IFREG | entry.mode) << 16).to_le_bytes());
        directory.extend_from_slice(&offset.to_le_bytes());
        directory.extend_from_slice(name);
    }
    let count = zip_u16(entries.len(), "entry count")?;
    let directory_offset = zip_u32(zip.len(), "archive size")?;
    let directory_size = zip_u32(directory.len(), "central directory size")?;
    zip.extend_from_slice(&directory);
    zip.extend_from_slice(&0x0605_4b50u32.to_le_bytes()); // end of central directory
    zip.extend_from_slice(&0u16.to_le_bytes()); // this disk
    zip.extend_from_slice(&0u16.to_le_bytes()); // disk with the directory
    zip.extend_from_slice(&count.to_le_bytes()); // entries on this disk
    zip.extend_from_slice(&count.to_le_bytes()); // entries in all
    zip.extend_from_slice(&directory_size.to_le_bytes());
    zip.extend_from_slice(&directory_offset.to_le_bytes());
    zip.extend_from_slice(&0u16.to_le_bytes()); // comment length
    fs_err::write(path, zip).map_err(|e| e.to_string())
}

/// [`TIMESTAMP`] as a DOS date: (year - 1980) << 9 | month << 5 | day.
const DOS_DATE_1980_01_01: u16 = 1 << 5 | 1;
/// The Unix file type bits of a regular file.
const S_IFREG: u32 = 0o100_000;

/// A size or count as a classic zip field; zip64 is not written since releases are a few MB.
fn zip_u32(value: usize, what: &str) -> Result<u32, String> {
    u32::try_from(value).map_err(|_| format!("{what}: too large for a zip without zip64"))
}

fn zip_u16(value: usize, what: &str) -> Result<u16, String> {
    u16::try_from(value).map_err(|_| format!("{what}: too large for a zip without zip64"))
}

#[cfg(test)]
mod tests {
    use std::process::Command;

    use super::*;
    use crate::dist::scratch::Scratch;

    fn entries() -> Vec<Entry> {
        vec![
            Entry { path: "pkg/tool".into(), mode: 0o755, contents: b"#!/bin/sh\necho hi\n".to_vec() },
            Entry { path: "pkg/README.md".into(), mode: 0o644, contents: "# read me\n".repeat(100).into() },
        ]
    }

    /// Run a system tool on the archive when it is installed; `None` when it is not.
    fn listing(program: &str, args: &[&str], dir: &Path) -> Option<String> {
        let out = Command::new(program).args(args).current_dir(dir).output().ok()?;
        assert!(out.status.success(), "{program} {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        Some(String::from_utf8_lossy(&out.stdout).into_owned())
    }

    #[test]
    fn tar_gz_unpacks_with_system_tar_keeping_modes() {
        let scratch = Scratch::new("archive-tar");
        let dir = scratch.path();
        write_tar_gz(&dir.join("a.tar.gz"), &entries()).unwrap();
        let Some(list) = listing("tar", &["-tvzf", "a.tar.gz"], dir) else {
            // CI installs tar: there a missing one is a failure, not a skip.
            assert!(std::env::var_os("CI").is_none(), "no tar installed: the archive is not checked");
            println!("note: no tar installed, archive not checked");
            return;
        };
        assert!(list.contains("-rwxr-xr-x") && list.contains("pkg/tool"), "{list}");
        assert!(list.contains("-rw-r--r--") && list.contains("pkg/README.md"), "{list}");
        listing("tar", &["-xzf", "a.tar.gz"], dir);
        assert_eq!(std::fs::read(dir.join("pkg/README.md")).unwrap(), entries()[1].contents);
    }

    #[test]
    fn zip_passes_unzip_integrity_test_keeping_modes() {
        let scratch = Scratch::new("archive-zip");
        let dir = scratch.path();
        write_zip(&dir.join("a.zip"), &entries()).unwrap();
        let Some(test) = listing("unzip", &["-t", "a.zip"], dir) else {
            // CI installs unzip: there a missing one is a failure, not a skip.
            assert!(std::env::var_os("CI").is_none(), "no unzip installed: the archive is not checked");
            println!("note: no unzip installed, archive not checked");
            return;
        };
        assert!(test.contains("No errors detected"), "{test}");
        let list = listing("zipinfo", &["a.zip"], dir).unwrap_or_default();
        assert!(list.contains("-rwxr-xr-x") && list.contains("pkg/tool"), "{list}");
        listing("unzip", &["-q", "a.zip"], dir);
        assert_eq!(std::fs::read(dir.join("pkg/README.md")).unwrap(), entries()[1].contents);
    }

    #[test]
    fn same_files_give_the_same_bytes() {
        let scratch = Scratch::new("archive-repeat");
        let dir = scratch.path();
        for name in ["1", "2"] {
            write_tar_gz(&dir.join(format!("{name}.tar.gz")), &entries()).unwrap();
            write_zip(&dir.join(format!("{name}.zip")), &entries()).unwrap();
        }
        for ext in ["tar.gz", "zip"] {
            let read = |name: &str| std::fs::read(dir.join(format!("{name}.{ext}"))).unwrap();
            assert_eq!(read("1"), read("2"), "{ext}");
        }
    }
}
