//! `codex-hook`: the OpenAI Codex CLI binary, a shim over hook-core.

fn main() -> std::process::ExitCode {
    hook_core::main(&codex_hook::Codex)
}
