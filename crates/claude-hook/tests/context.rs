//! `[context]` through claude-hook: SessionStart tells Claude about the project, once per
//! session; a first prompt gets it when the session start did not.

use test_support as support;

use std::path::Path;

use serde_json::json;
use support::sandbox::{Answer, Sandbox};

const HOOK: &str = env!("CARGO_BIN_EXE_claude-hook");

fn event(name: &str, cwd: &Path, session: &str) -> String {
    json!({"session_id": session, "hook_event_name": name, "cwd": cwd, "source": "startup", "prompt": "hi"})
        .to_string()
}

fn context_of(answer: &Answer) -> Option<String> {
    answer.json()["hookSpecificOutput"]["additionalContext"].as_str().map(str::to_string)
}

fn project(name: &str) -> Sandbox {
    let sandbox = Sandbox::new(name);
    sandbox.write("README.md", "# Widget\nBuild with make.\n");
    sandbox.write("src/lib.rs", "\n");
    sandbox.git_init("trunk");
    sandbox.write("src/lib.rs", "pub fn changed() {}\n");
    std::fs::write(sandbox.outside("secret.txt"), "outside the project").expect("outside file");
    sandbox.policy(
        "[context]\ndate = true\ngit_status = true\nrecent_commits = 3\nlisting = true\n\
         files = [\"README.md\", \"../secret.txt\", \"missing.md\"]\n",
    );
    sandbox
}

#[test]
fn session_start_tells_the_branch_status_commits_listing_and_files() {
    let sandbox = project("context-start");
    let answer = sandbox.run(HOOK, event("SessionStart", &sandbox.project, "c1"));
    assert_eq!(answer.json()["hookSpecificOutput"]["hookEventName"], "SessionStart");
    let context = context_of(&answer).expect("context");
    assert!(context.contains("## trunk"), "{context}");
    assert!(context.contains(" M src/lib.rs"), "{context}");
    assert!(context.contains("Initial commit"), "{context}");
    assert!(context.contains("Files in the project root:\nREADME.md\nsrc/"), "{context}");
    assert!(context.contains("Contents of README.md:\n# Widget\nBuild with make."), "{context}");
    assert!(!context.contains("outside the project") && !context.contains("missing.md"), "{context}");
    let year = context.split("Today is ").nth(1).expect("the date").get(..4).expect("a year");
    assert!(year.parse::<u32>().is_ok_and(|year| year >= 2024), "{context}");
}

#[test]
fn the_context_is_given_once_per_session() {
    let sandbox = project("context-once");
    assert!(context_of(&sandbox.run(HOOK, event("SessionStart", &sandbox.project, "c1"))).is_some());
    assert_eq!(context_of(&sandbox.run(HOOK, event("UserPromptSubmit", &sandbox.project, "c1"))), None);

    let first_prompt = sandbox.run(HOOK, event("UserPromptSubmit", &sandbox.project, "c2"));
    assert!(
        context_of(&first_prompt).is_some_and(|context| context.contains("## trunk")),
        "{first_prompt:?}"
    );
    assert_eq!(context_of(&sandbox.run(HOOK, event("UserPromptSubmit", &sandbox.project, "c2"))), None);
}

#[test]
fn outside_git_only_the_other_sections_appear() {
    let sandbox = Sandbox::new("context-no-git");
    sandbox.write("notes.txt", "\n");
    sandbox.policy("[context]\ngit_status = true\nrecent_commits = 5\nlisting = true\n");
    let context =
        context_of(&sandbox.run(HOOK, event("SessionStart", &sandbox.project, "c1"))).expect("context");
    assert!(
        context.contains("notes.txt") && !context.contains("Git") && !context.contains("commits"),
        "{context}"
    );
}
