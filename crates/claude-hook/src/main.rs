//! `claude-hook`: the Claude Code binary, a shim over hook-core.

#![no_main]

hook_core::agent_main!(claude_hook::CLAUDE);
