//! `install`, `uninstall` and `doctor` for windsurf-hook: the scenarios every agent shares
//! (`tests/support/install_harness.rs`) against the golden files in `tests/golden/windsurf/`.

#[macro_use]
#[path = "../../../tests/support/install_harness.rs"]
mod install_harness;

install_scenarios!(WINDSURF = windsurf_hook::Windsurf, "windsurf-hook");
