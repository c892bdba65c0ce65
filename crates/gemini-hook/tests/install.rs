//! `install`, `uninstall` and `doctor` for gemini-hook: the scenarios every agent shares
//! (`tests/support/install_harness.rs`) against the golden files in `tests/golden/gemini/`,
//! and what JSONC changes: comments are read but a file holding them is never rewritten.

#[macro_use]
#[path = "../../../tests/support/install_harness.rs"]
mod install_harness;

use install_harness::{Sandbox, listing_beside, stderr};

install_scenarios!(GEMINI = gemini_hook::Gemini, "gemini-hook");

#[test]
fn a_file_with_comments_is_refused_and_left_unchanged() {
    let sandbox = Sandbox::new(&GEMINI, "comments");
    let settings = sandbox.user_settings();
    sandbox.seed_user_settings("commented.json");
    let original = std::fs::read(&settings).expect("read the settings file");

    let out = sandbox.hook(&["install"]);
    assert!(!out.status.success());
    let message = stderr(&out);
    assert!(message.contains(&format!("{} has comments", settings.display())), "{message}");
    assert!(message.contains("nothing was changed"), "{message}");
    assert_eq!(std::fs::read(&settings).expect("read it again"), original);
    assert_eq!(listing_beside(&settings), ["settings.json"]);
}
