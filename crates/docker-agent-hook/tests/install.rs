//! `install`, `uninstall` and `doctor` for docker-agent-hook: the scenarios every agent with a
//! file of its own shares (`test_support::owned_file_harness`), and the drop-in's content.

use test_support::{owned_file_harness, owned_file_scenarios};

use hook_core::SettingsScope;
use owned_file_harness::Home;

owned_file_scenarios!(DOCKER_AGENT = docker_agent_hook::DOCKER_AGENT, "docker-agent-hook");

#[test]
fn the_drop_in_guards_every_call_with_this_binary() {
    let home = Home::new(&DOCKER_AGENT, "content");
    home.succeed(&["install"]);
    let yaml = std::fs::read_to_string(home.file(SettingsScope::User)).expect("drop-in written");
    assert!(yaml.contains("preempt_yolo: true"));
    assert!(yaml.contains("shell|run_background_job"));
    assert!(yaml.contains(&format!("command: \"{}\"", DOCKER_AGENT.built)), "{yaml}");
}

#[test]
fn there_are_no_project_hooks_to_install() {
    let home = Home::new(&DOCKER_AGENT, "project");
    assert_eq!(home.run(&["install", "--project"]).status.code(), Some(1));
}
