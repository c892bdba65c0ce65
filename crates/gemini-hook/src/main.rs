//! `gemini-hook`: the Gemini CLI binary, a shim over hook-core.

#![no_main]

hook_core::agent_main!(gemini_hook::GEMINI);
