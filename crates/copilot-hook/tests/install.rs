//! `install`, `uninstall` and `doctor` for copilot-hook: the scenarios every agent shares
//! (`tests/support/install_harness.rs`) against the golden files in `tests/golden/copilot/`.

#[macro_use]
#[path = "../../../tests/support/install_harness.rs"]
mod install_harness;

install_scenarios!(COPILOT = copilot_hook::Copilot, "copilot-hook");
