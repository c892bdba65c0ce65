//! SHA-256 of release files, written next to them in the `sha256sum` format.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

/// The lowercase hex SHA-256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|byte| format!("{byte:02x}")).collect()
}

/// Write `<file>.sha256` holding `<hex>  <file name>`, the line `sha256sum -c` checks;
/// returns the hex digest.
pub fn write_sidecar(file: &Path) -> Result<String, String> {
    let bytes = fs_err::read(file).map_err(|e| e.to_string())?;
    let name =
        file.file_name().and_then(|n| n.to_str()).ok_or(format!("{}: no file name", file.display()))?;
    let hex = sha256_hex(&bytes);
    let sidecar = sidecar_path(file);
    fs_err::write(&sidecar, format!("{hex}  {name}\n")).map_err(|e| e.to_string())?;
    Ok(hex)
}

/// `<file>.sha256`.
pub fn sidecar_path(file: &Path) -> PathBuf {
    let mut path = file.as_os_str().to_owned();
    path.push(".sha256");
    PathBuf::from(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_published_test_vector() {
        assert_eq!(sha256_hex(b"abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }
}
