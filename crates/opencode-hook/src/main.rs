//! `opencode-hook`: the OpenCode binary behind the agent-hooks plugin, a shim over hook-core.

fn main() -> std::process::ExitCode {
    hook_core::main(&opencode_hook::OpenCode)
}
