//! `xcode-hook`: the x-code CLI binary, a shim over hook-core.

#![no_main]

hook_core::agent_main!(xcode_hook::XCODE);
