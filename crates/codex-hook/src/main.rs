//! `codex-hook`: the OpenAI Codex CLI binary, a shim over hook-core.

#![no_main]

hook_core::agent_main!(codex_hook::CODEX);
