//! Build-time facts for hook-core:
//!
//! - Rebuilds hook-core, and so relinks every agent binary, when `link/hot-text.ld` changes:
//!   `.cargo/config.toml` hands that script to the linker, and cargo does not track it.
//! - `HOOK_CORE_SOURCE`: a fingerprint of everything a loaded policy depends on (this crate's
//!   sources, whose built-in rules, merge and cache encoding they are, and `Cargo.lock`, which
//!   pins the TOML parser and the encoder). The policy cache keys its entries on it, so a
//!   build that could load a policy differently never reads an older build's entries, while
//!   the agent binaries of one build share theirs.

#![allow(clippy::print_stdout)]

use std::path::Path;

fn main() {
    println!("cargo::rerun-if-changed=../../link/hot-text.ld");
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let inputs = [manifest.join("src"), manifest.join("Cargo.toml"), manifest.join("../../Cargo.lock")];
    let mut fingerprint = Fingerprint::default();
    for input in &inputs {
        println!("cargo::rerun-if-changed={}", input.display());
        fingerprint.add(input, input);
    }
    println!("cargo::rustc-env=HOOK_CORE_SOURCE={:016x}{:016x}", fingerprint.0[0], fingerprint.0[1]);
}

/// Two FNV-1a hashes with different offset bases over file names and contents, in a fixed
/// order: 128 bits that change with any edit, stable across Rust releases.
struct Fingerprint([u64; 2]);

impl Default for Fingerprint {
    fn default() -> Self {
        Self([0xcbf2_9ce4_8422_2325, 0x6c62_272e_07bb_0142])
    }
}

impl Fingerprint {
    fn bytes(&mut self, bytes: &[u8]) {
        const PRIME: u64 = 0x0000_0100_0000_01b3;
        for hash in &mut self.0 {
            for &byte in bytes {
                *hash = (*hash ^ u64::from(byte)).wrapping_mul(PRIME);
            }
        }
    }

    /// `path` (a file, or a directory taken recursively), named relative to `root`.
    fn add(&mut self, path: &Path, root: &Path) {
        if let Ok(entries) = std::fs::read_dir(path) {
            let mut entries: Vec<_> = entries.filter_map(|entry| Some(entry.ok()?.path())).collect();
            entries.sort();
            for entry in entries {
                self.add(&entry, root);
            }
            return;
        }
        let name = path.strip_prefix(root).unwrap_or(path);
        self.bytes(name.as_os_str().as_encoded_bytes());
        self.bytes(&[0]);
        self.bytes(&std::fs::read(path).unwrap_or_default());
        self.bytes(&[0xff]);
    }
}
