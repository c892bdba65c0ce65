//! `install`, `uninstall` and `doctor` for codex-hook: the scenarios every agent shares
//! (`tests/support/install_harness.rs`) against the golden files in `tests/golden/codex/`.

#[macro_use]
#[path = "../../../tests/support/install_harness.rs"]
mod install_harness;

install_scenarios!(CODEX = codex_hook::Codex, "codex-hook");
