//! A cloned repository's `.agent-hooks.toml` through claude-hook, with real files and a real
//! trust store (issue 16): until the user trusts the file's exact contents, it can neither
//! switch the guard off nor run its formatter; `trust` needs a terminal or `--yes`; any edit
//! undoes the trust.

use test_support as support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::json;
use support::sandbox::{Answer, Sandbox};

const HOOK: &str = env!("CARGO_BIN_EXE_claude-hook");

/// A home outside every temp directory, so that `rm -rf ~` is the user's home to the rules.
const HOME: &str = "/agent-hooks-trust-test-home";

/// The repository's policy: `rm` off, an exception for `rm -rf ~`, a formatter of its own.
const POLICY: &str = r#"[rules]
rm = { action = "off" }

[[filter]]
pattern = "^rm -rf ~$"
action = "allow"

[format]
".rs" = ["project-fmt {file}"]
"#;

/// The project layer is in force: the sandbox's explicit policy is switched off.
const ENV: &[(&str, &str)] = &[("AGENT_HOOKS_CONFIG", ""), ("HOME", HOME)];

fn sandbox(name: &str) -> Sandbox {
    let sandbox = Sandbox::new(name);
    sandbox.write(".agent-hooks.toml", POLICY);
    let marker = sandbox.outside("formatted");
    sandbox.script("project-fmt", &format!("echo \"$1\" >> '{}'", marker.display()));
    sandbox
}

fn bash(cwd: &Path, session: &str, line: &str) -> String {
    json!({
        "session_id": session,
        "hook_event_name": "PreToolUse",
        "cwd": cwd,
        "tool_name": "Bash",
        "tool_input": {"command": line},
    })
    .to_string()
}

fn post_write(cwd: &Path, file: &Path) -> String {
    json!({
        "session_id": "s",
        "hook_event_name": "PostToolUse",
        "cwd": cwd,
        "tool_name": "Write",
        "tool_input": {"file_path": file, "content": "x"},
        "tool_response": {"type": "update", "filePath": file},
    })
    .to_string()
}

fn decision(answer: &Answer) -> (String, String) {
    let out = &answer.json()["hookSpecificOutput"];
    let decision = out["permissionDecision"].as_str().unwrap_or("allow").to_string();
    let reason = out["permissionDecisionReason"].as_str().unwrap_or_default().to_string();
    (decision, reason)
}

/// Run `claude-hook ARGS` in the project as the user would, stdin from `/dev/null` (no
/// terminal).
fn cli(sandbox: &Sandbox, args: &[&str]) -> Output {
    Command::new(HOOK)
        .args(args)
        .current_dir(&sandbox.project)
        .env("XDG_CONFIG_HOME", sandbox.root.join("home/.config"))
        .env("XDG_STATE_HOME", sandbox.root.join("state"))
        .env("XDG_CACHE_HOME", sandbox.root.join("cache"))
        .env("AGENT_HOOKS_SYSTEM_CONFIG", sandbox.root.join("no-system-policy.toml"))
        .envs(ENV.iter().copied())
        .stdin(Stdio::null())
        .output()
        .expect("the hook runs")
}

fn store(sandbox: &Sandbox) -> PathBuf {
    sandbox.root.join("state/agent-hooks/trusted-policies")
}

/// How many times the project's formatter ran.
fn formatted(sandbox: &Sandbox) -> usize {
    sandbox.read(&sandbox.outside("formatted")).lines().count()
}

#[test]
fn an_untrusted_policy_neither_weakens_nor_runs_until_trusted_and_an_edit_undoes_it() {
    let sandbox = sandbox("trust-cycle");
    let source = sandbox.write("src/lib.rs", "fn main() {}\n");
    let rm_home =
        |session: &str| decision(&sandbox.run_with(HOOK, bash(&sandbox.project, session, "rm -rf ~"), ENV));
    let edit = || sandbox.run_with(HOOK, post_write(&sandbox.project, &source), ENV);

    let (verdict, reason) = rm_home("s1");
    assert_eq!(verdict, "deny", "{reason}");
    assert!(reason.contains("[agent-hooks rule rm.home]"), "{reason}");
    assert!(reason.contains(".agent-hooks.toml is not trusted, so 3 settings"), "{reason}");
    assert!(reason.contains("`claude-hook trust`"), "{reason}");
    let (verdict, again) = rm_home("s1");
    assert_eq!(verdict, "deny");
    assert!(!again.contains("not trusted"), "told once per session: {again}");
    assert!(rm_home("s2").1.contains("not trusted"), "and again in the next session");
    edit();
    assert_eq!(formatted(&sandbox), 0, "the project's formatter did not run");

    let refused = cli(&sandbox, &["trust"]);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("confirmation on a terminal"), "{stderr}");
    assert!(!store(&sandbox).exists(), "nothing recorded without a confirmation");

    let trusted = cli(&sandbox, &["trust", "--yes"]);
    let stdout = String::from_utf8_lossy(&trusted.stdout);
    assert!(trusted.status.success(), "{trusted:?}");
    assert!(stdout.contains("line 2: pack \"rm\" from \"deny\" to \"off\""), "{stdout}");
    assert!(stdout.contains("an allow exception for `^rm -rf ~$`"), "{stdout}");
    assert!(stdout.contains("[format] runs [\"project-fmt {file}\"] after edits of .rs files"), "{stdout}");
    let check = cli(&sandbox, &["check"]);
    assert!(String::from_utf8_lossy(&check.stdout).contains(".agent-hooks.toml  (trusted)"), "{check:?}");

    assert_eq!(rm_home("s3"), ("allow".to_string(), String::new()));
    edit();
    assert_eq!(formatted(&sandbox), 1, "the trusted formatter ran");

    // The agent (or anyone) edits the file: it is a stranger again.
    sandbox.write(".agent-hooks.toml", &format!("{POLICY}# harmless-looking edit\n"));
    assert_eq!(rm_home("s4").0, "deny");
    edit();
    assert_eq!(formatted(&sandbox), 1, "the edited file's formatter did not run");

    let untrusted = cli(&sandbox, &["untrust"]);
    assert!(String::from_utf8_lossy(&untrusted.stdout).contains("is no longer trusted"), "{untrusted:?}");
    assert_eq!(std::fs::read_to_string(store(&sandbox)).expect("the store"), "");
}

#[test]
fn a_policy_that_only_strengthens_applies_at_once() {
    let sandbox = Sandbox::new("trust-strengthen");
    sandbox.write(
        ".agent-hooks.toml",
        "[[filter]]\ncommand = \"npm\"\nmessage = \"use pnpm\"\n[files]\ndeny_read = [\"secrets/**\"]\n",
    );
    let run = |line: &str| decision(&sandbox.run_with(HOOK, bash(&sandbox.project, "s", line), ENV));
    let (verdict, reason) = run("npm install");
    assert_eq!(verdict, "deny");
    assert!(reason.starts_with("use pnpm"), "{reason}");
    assert!(!reason.contains("not trusted"), "nothing was skipped: {reason}");
    assert_eq!(run("cat secrets/token").0, "deny");
    assert_eq!(run("cat README.md").0, "allow");
    let trust = cli(&sandbox, &["trust"]);
    assert!(trust.status.success(), "{trust:?}");
    assert!(String::from_utf8_lossy(&trust.stdout).contains("only makes the guard stricter"), "{trust:?}");
}

/// The agent cannot write the trust store where `XDG_STATE_HOME` puts it, however it names it;
/// reading it, or writing beside the state directory, stays allowed.
#[test]
fn the_trust_store_is_guarded_where_the_state_directory_is() {
    let sandbox = Sandbox::new("trust-store-guarded");
    let state = sandbox.root.join("state");
    let store = state.join("agent-hooks/trusted-policies");
    let run = |line: &str| decision(&sandbox.run_with(HOOK, bash(&sandbox.project, "s", line), ENV));
    for line in [
        "echo forged > $XDG_STATE_HOME/agent-hooks/trusted-policies".to_string(),
        "echo forged >> \"${XDG_STATE_HOME}/agent-hooks/trusted-policies\"".to_string(),
        format!("cp /tmp/forged {}", store.display()),
        format!("cd {} && tee agent-hooks/trusted-policies < /tmp/forged", state.display()),
    ] {
        let (verdict, reason) = run(&line);
        assert_eq!(verdict, "deny", "{line}: {reason}");
        assert!(reason.contains("$XDG_STATE_HOME/agent-hooks/**"), "{line}: {reason}");
    }
    let config = sandbox.root.join("home/.config/agent-hooks/config.toml");
    let (verdict, reason) = run(&format!("echo '[trust]' > {}", config.display()));
    assert_eq!(verdict, "deny", "the user policy, where XDG_CONFIG_HOME puts it: {reason}");
    assert_eq!(run("echo x > $XDG_CACHE_HOME/agent-hooks/policy-0.bin").0, "deny");
    assert_eq!(run(&format!("cat {}", store.display())).0, "allow");
    assert_eq!(run(&format!("echo x > {}", state.join("other-tool").display())).0, "allow");
}
