//! `install`, `uninstall` and `doctor` for opencode-hook: the scenarios every agent with a
//! file of its own shares (`test_support::owned_file_harness`), and the project's plugin.

use test_support::{owned_file_harness, owned_file_scenarios};

use hook_core::SettingsScope;
use owned_file_harness::Home;

owned_file_scenarios!(OPENCODE = opencode_hook::OPENCODE, "opencode-hook");

#[test]
fn the_plugin_runs_this_binary() {
    let home = Home::new(&OPENCODE, "content");
    home.succeed(&["install"]);
    let module = std::fs::read_to_string(home.file(SettingsScope::User)).expect("plugin written");
    assert!(module.contains(&format!("process.env.OPENCODE_HOOK_BIN || \"{}\"", OPENCODE.built)), "{module}");
}

#[test]
fn the_project_gets_its_own_plugin() {
    let home = Home::new(&OPENCODE, "project");
    home.succeed(&["install", "--project"]);
    let plugin = home.file(SettingsScope::Project);
    assert!(plugin.exists());
    assert!(home.succeed(&["doctor"]).contains("project: "));
    home.succeed(&["uninstall", "--project"]);
    assert!(!plugin.exists());
}
