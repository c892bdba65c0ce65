//! `install`, `uninstall` and `doctor` for xcode-hook: the scenarios every agent with a file
//! of its own shares (`test_support::owned_file_harness`), and the plugin manifest.

use test_support::{owned_file_harness, owned_file_scenarios};

use hook_core::SettingsScope;
use owned_file_harness::Home;

owned_file_scenarios!(XCODE = xcode_hook::XCODE, "xcode-hook");

#[test]
fn the_manifest_registers_the_binary_and_says_how_to_load_it() {
    let home = Home::new(&XCODE, "content");
    let said = home.succeed(&["install"]);
    let plugin = home.root.join(".x-code/agent-hooks-plugin");
    assert!(said.contains(&format!("xc plugin install {}", plugin.display())), "{said}");
    let manifest = std::fs::read_to_string(home.file(SettingsScope::User)).expect("manifest written");
    let manifest: serde_json::Value = serde_json::from_str(&manifest).expect("the manifest is JSON");
    for event in ["PreToolUse", "PostToolUse", "UserPromptSubmit"] {
        assert_eq!(manifest["hooks"][event][0]["command"], XCODE.built, "{event}");
    }
}

#[test]
fn there_are_no_project_plugins_to_install() {
    let home = Home::new(&XCODE, "project");
    assert_eq!(home.run(&["install", "--project"]).status.code(), Some(1));
}
