//! `claude-hook`: the Claude Code binary, a shim over hook-core.

fn main() -> std::process::ExitCode {
    hook_core::main(&claude_hook::Claude)
}
