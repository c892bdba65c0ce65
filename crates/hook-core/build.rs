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

// The library's own digest, so that the project has one hash; the build uses part of it.
#[allow(dead_code)]
#[path = "src/digest.rs"]
mod digest;

use digest::Digest;

fn main() {
    println!("cargo::rerun-if-changed=../../link/hot-text.ld");
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let inputs = [manifest.join("src"), manifest.join("Cargo.toml"), manifest.join("../../Cargo.lock")];
    let mut fingerprint = Fingerprint::default();
    for input in &inputs {
        println!("cargo::rerun-if-changed={}", input.display());
        fingerprint.add(input, input);
    }
    println!("cargo::rustc-env=HOOK_CORE_SOURCE={}{}", fingerprint.0[0].hex(), fingerprint.0[1].hex());
}

/// Two digests that start apart (the second has seen one byte more) over file names and
/// contents, in a fixed order: 128 bits that change with any edit, stable across Rust releases.
struct Fingerprint([Digest; 2]);

impl Default for Fingerprint {
    fn default() -> Self {
        Self([Digest::default(), Digest::of(&[1])])
    }
}

impl Fingerprint {
    fn bytes(&mut self, bytes: &[u8]) {
        for digest in &mut self.0 {
            digest.bytes(bytes);
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
