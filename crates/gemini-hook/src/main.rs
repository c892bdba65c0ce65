//! `gemini-hook`: the Gemini CLI binary, a shim over hook-core.

fn main() -> std::process::ExitCode {
    hook_core::main(&gemini_hook::Gemini)
}
