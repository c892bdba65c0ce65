//! `install`, `uninstall` and `doctor` for gemini-hook: the scenarios every agent shares
//! (`test_support::install_harness`) against the golden files in `tests/golden/gemini/`,
//! and what JSONC changes: comments and trailing commas are kept through install and uninstall.

use test_support::{install_harness, install_scenarios};

use install_harness::{Sandbox, assert_success, backup_of};

install_scenarios!(GEMINI = gemini_hook::GEMINI, "gemini-hook");

#[test]
fn a_file_with_comments_keeps_them_through_install_and_uninstall() {
    let sandbox = Sandbox::new(&GEMINI, "comments");
    let settings = sandbox.user_settings();
    sandbox.seed_user_settings("commented.json");
    let original = std::fs::read_to_string(&settings).expect("read the settings file");

    assert_success(&sandbox.hook(&["install"]));
    sandbox.assert_golden(&settings, "commented.installed.json");
    std::fs::remove_file(backup_of(&settings)).expect("remove the backup");
    assert_success(&sandbox.hook(&["uninstall"]));
    assert_eq!(std::fs::read_to_string(&settings).expect("read it again"), original);
}
