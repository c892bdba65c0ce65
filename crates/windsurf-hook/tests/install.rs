//! `install`, `uninstall` and `doctor` for windsurf-hook: the scenarios every agent shares
//! (`test_support::install_harness`) against the golden files in `tests/golden/windsurf/`.

use test_support::install_scenarios;

install_scenarios!(WINDSURF = windsurf_hook::WINDSURF, "windsurf-hook");
