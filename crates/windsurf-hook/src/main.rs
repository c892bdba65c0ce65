//! `windsurf-hook`: the Windsurf (Cascade) binary, a shim over hook-core.

#![no_main]

hook_core::agent_main!(windsurf_hook::WINDSURF);
