//! `cursor-hook`: the Cursor binary, a shim over hook-core.

fn main() -> std::process::ExitCode {
    hook_core::main(&cursor_hook::Cursor)
}
