//! `install`, `uninstall` and `doctor` for copilot-hook: the scenarios every agent shares
//! (`tests/support/install_harness.rs`) against the golden files in `tests/golden/copilot/`.

#[macro_use]
#[path = "../../../tests/support/install_harness.rs"]
mod install_harness;

use install_harness::AgentUnderTest;

static COPILOT: AgentUnderTest = AgentUnderTest {
    binary: "copilot-hook",
    built: env!("CARGO_BIN_EXE_copilot-hook"),
    display_name: "GitHub Copilot",
    user_settings: ".copilot/hooks/agent-hooks.json",
    shell_event: "preToolUse",
};

install_scenarios!(COPILOT);
