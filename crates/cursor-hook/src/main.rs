//! `cursor-hook`: the Cursor binary, a shim over hook-core.

#![no_main]

hook_core::agent_main!(cursor_hook::CURSOR);
