//! `windsurf-hook`: the Windsurf (Cascade) binary, a shim over hook-core.

fn main() -> std::process::ExitCode {
    hook_core::main(&windsurf_hook::Windsurf)
}
