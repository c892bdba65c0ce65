//! `install`, `uninstall` and `doctor` for windsurf-hook: the scenarios every agent shares
//! (`tests/support/install_harness.rs`) against the golden files in `tests/golden/windsurf/`.

#[macro_use]
#[path = "../../../tests/support/install_harness.rs"]
mod install_harness;

use install_harness::AgentUnderTest;

static WINDSURF: AgentUnderTest = AgentUnderTest {
    binary: "windsurf-hook",
    built: env!("CARGO_BIN_EXE_windsurf-hook"),
    display_name: "Windsurf",
    user_settings: ".codeium/windsurf/hooks.json",
    shell_event: "pre_run_command",
};

install_scenarios!(WINDSURF);
