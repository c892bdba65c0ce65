//! Rebuilds hook-core, and so relinks every agent binary, when `link/hot-text.ld` changes:
//! `.cargo/config.toml` hands that script to the linker, and cargo does not track it.

#![allow(clippy::print_stdout)]

fn main() {
    println!("cargo::rerun-if-changed=../../link/hot-text.ld");
}
