//! `xcode-hook`: the x-code CLI binary, a shim over hook-core.

fn main() -> std::process::ExitCode {
    hook_core::main(&xcode_hook::XCode)
}
