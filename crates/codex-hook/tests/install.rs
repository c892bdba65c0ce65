//! `install`, `uninstall` and `doctor` for codex-hook: the scenarios every agent shares
//! (`test_support::install_harness`) against the golden files in `tests/golden/codex/`.

use test_support::install_scenarios;

install_scenarios!(CODEX = codex_hook::CODEX, "codex-hook");
