//! `install`, `uninstall` and `doctor` for cursor-hook: the scenarios every agent shares
//! (`test_support::install_harness`) against the golden files in `tests/golden/cursor/`.

use test_support::install_scenarios;

install_scenarios!(CURSOR = cursor_hook::CURSOR, "cursor-hook");
