//! `install`, `uninstall` and `doctor` for copilot-hook: the scenarios every agent shares
//! (`test_support::install_harness`) against the golden files in `tests/golden/copilot/`.

use test_support::install_scenarios;

install_scenarios!(COPILOT = copilot_hook::COPILOT, "copilot-hook");
