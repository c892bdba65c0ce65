//! `opencode-hook`: the OpenCode binary behind the agent-hooks plugin, a shim over hook-core.

#![no_main]

hook_core::agent_main!(opencode_hook::OPENCODE);
