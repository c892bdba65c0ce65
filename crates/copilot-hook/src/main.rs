//! `copilot-hook`: the GitHub Copilot binary (CLI and VS Code), a shim over hook-core.

#![no_main]

hook_core::agent_main!(copilot_hook::COPILOT);
