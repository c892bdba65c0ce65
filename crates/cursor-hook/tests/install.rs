//! `install`, `uninstall` and `doctor` for cursor-hook: the scenarios every agent shares
//! (`tests/support/install_harness.rs`) against the golden files in `tests/golden/cursor/`.

#[macro_use]
#[path = "../../../tests/support/install_harness.rs"]
mod install_harness;

use install_harness::AgentUnderTest;

static CURSOR: AgentUnderTest = AgentUnderTest {
    binary: "cursor-hook",
    built: env!("CARGO_BIN_EXE_cursor-hook"),
    display_name: "Cursor",
    user_settings: ".cursor/hooks.json",
    shell_event: "beforeShellExecution",
};

install_scenarios!(CURSOR);
