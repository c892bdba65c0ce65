//! `copilot-hook`: the GitHub Copilot binary (CLI and VS Code), a shim over hook-core.

fn main() -> std::process::ExitCode {
    hook_core::main(&copilot_hook::Copilot)
}
