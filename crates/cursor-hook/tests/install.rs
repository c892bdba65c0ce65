//! `install`, `uninstall` and `doctor` for cursor-hook: the scenarios every agent shares
//! (`tests/support/install_harness.rs`) against the golden files in `tests/golden/cursor/`.

#[macro_use]
#[path = "../../../tests/support/install_harness.rs"]
mod install_harness;

install_scenarios!(CURSOR = cursor_hook::Cursor, "cursor-hook");
