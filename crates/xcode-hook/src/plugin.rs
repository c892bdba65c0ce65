//! The x-code plugin `install` writes: a plugin directory whose `.x-code-plugin/plugin.json`
//! registers this binary for the events it decides, and how `doctor` probes the binary the
//! way x-code calls it. Facts from `docs/agents/xcode.md` ("Config location and
//! registration"): hooks only in plugin manifests, `timeout` in milliseconds, per-OS
//! `command*` overrides, `${homedir}`-style variables substituted before the shell runs.

use std::path::Path;

use hook_core::install::{OwnedFile, Probe, ProbeAnswer, ProbeVerdict, quote};
use serde_json::{Map, Value, json};

/// In every manifest `install` writes, and in no one else's.
const MARKER: &str = "written by `xcode-hook install`";
/// Decisions take milliseconds; x-code's default 5 s leaves room for a cold disk.
const TIMEOUT_MS: u64 = 5000;
/// Formatters run after writes, so the cap x-code allows.
const AFTER_TIMEOUT_MS: u64 = 30000;

pub(crate) fn owned_file() -> OwnedFile {
    OwnedFile {
        marker: MARKER,
        render,
        events: &["PreToolUse", "PostToolUse", "UserPromptSubmit"],
        next_step: Some(|manifest| {
            let plugin = manifest.parent().and_then(Path::parent).unwrap_or(manifest);
            format!("register the plugin with x-code: xc plugin install {}", quote(&plugin.to_string_lossy()))
        }),
        probe: Probe { shell_event: "PreToolUse", payload: probe_payload, read_answer },
    }
}

fn render(exe: &Path) -> String {
    let home = std::env::var_os("HOME").filter(|home| !home.is_empty());
    manifest(exe, home.as_deref().map(Path::new))
}

/// The manifest for the binary at `exe`. Under the home directory the binary is named
/// through `${homedir}`, so the plugin still works copied to another user's machine with
/// the same layout; on Windows the same place with `.exe`, else `xcode-hook.exe` on PATH.
fn manifest(exe: &Path, home: Option<&Path>) -> String {
    let under_home = home.and_then(|home| exe.strip_prefix(home).ok());
    let (unix, windows) = match under_home {
        Some(rest) => {
            let rest = rest.to_string_lossy().replace('\\', "/");
            let windows_rest = rest.trim_end_matches(".exe").replace('/', "\\");
            (quote(&format!("${{homedir}}/{rest}")), format!("\"${{homedir}}\\{windows_rest}.exe\""))
        }
        None => (quote(&exe.to_string_lossy()), "xcode-hook.exe".to_string()),
    };
    let hook = |matcher: Option<&str>, timeout: u64| {
        let mut hook = Map::new();
        if let Some(matcher) = matcher {
            hook.insert("matcher".into(), json!(matcher));
        }
        hook.insert("command".into(), json!(unix));
        hook.insert("commandWindows".into(), json!(windows));
        hook.insert("timeout".into(), json!(timeout));
        hook.insert("description".into(), json!("agent-hooks policy"));
        // A crashed hook allows, as every agent-hooks binary does on its own failures.
        hook.insert("failurePolicy".into(), json!("allow"));
        json!([hook])
    };
    let manifest = json!({
        "name": "agent-hooks",
        "version": env!("CARGO_PKG_VERSION"),
        "description": format!("One policy for every coding agent's shell commands, files and prompts; {MARKER}"),
        "hooks": {
            "PreToolUse": hook(Some("shell|writeFile|edit|readFile"), TIMEOUT_MS),
            "PostToolUse": hook(Some("writeFile|edit"), AFTER_TIMEOUT_MS),
            "UserPromptSubmit": hook(None, TIMEOUT_MS),
        },
    });
    let mut text = serde_json::to_string_pretty(&manifest).unwrap_or_else(|_| manifest.to_string());
    text.push('\n');
    text
}

/// What x-code sends before its shell tool runs `command` in `cwd`.
fn probe_payload(command: &str, cwd: &Path) -> String {
    json!({
        "event": "PreToolUse",
        "session": {"cwd": cwd, "modelId": "agent-hooks-doctor"},
        "plugin": {"id": "agent-hooks@local", "dir": cwd},
        "tool": {"name": "shell", "args": {"command": command}, "callId": "agent-hooks-doctor"},
    })
    .to_string()
}

/// x-code's reading of a `PreToolUse` answer: exit 0 with `decision: "deny"` blocks; empty
/// stdout, `allow` or `modify` lets the call run; any other exit is a hook failure, which
/// x-code allows by default, so it counts as no usable answer.
fn read_answer(answer: &ProbeAnswer) -> ProbeVerdict {
    match answer.exit_code {
        Some(0) => {}
        Some(code) => {
            return ProbeVerdict::Unrecognised(format!("exit {code}, a hook failure x-code ignores"));
        }
        None => return ProbeVerdict::Unrecognised("killed by a signal".into()),
    }
    let stdout = answer.stdout.trim();
    if stdout.is_empty() {
        return ProbeVerdict::Allow;
    }
    let Ok(out) = serde_json::from_str::<Value>(stdout) else {
        return ProbeVerdict::Unrecognised(format!("stdout is not JSON, which x-code ignores: {stdout:.80}"));
    };
    match out.get("decision").and_then(Value::as_str) {
        Some("deny") => ProbeVerdict::Block,
        Some("allow" | "modify") => ProbeVerdict::Allow,
        other => ProbeVerdict::Unrecognised(format!("decision {other:?}, which x-code ignores")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(exit_code: i32, stdout: &str) -> ProbeVerdict {
        read_answer(&ProbeAnswer { exit_code: Some(exit_code), stdout: stdout.into(), stderr: String::new() })
    }

    #[test]
    fn a_binary_under_home_is_named_through_homedir_for_each_os() {
        let text = manifest(Path::new("/home/u/.cargo/bin/xcode-hook"), Some(Path::new("/home/u")));
        let manifest: Value = serde_json::from_str(&text).unwrap();
        let pre = &manifest["hooks"]["PreToolUse"][0];
        assert_eq!(pre["command"], "'${homedir}/.cargo/bin/xcode-hook'");
        assert_eq!(pre["commandWindows"], r#""${homedir}\.cargo\bin\xcode-hook.exe""#);
        assert_eq!(pre["matcher"], "shell|writeFile|edit|readFile");
        assert_eq!(pre["timeout"], 5000);
        assert_eq!(pre["failurePolicy"], "allow");
        assert_eq!(manifest["hooks"]["PostToolUse"][0]["timeout"], 30000);
        assert!(manifest["hooks"]["UserPromptSubmit"][0].get("matcher").is_none());
        assert!(text.contains(MARKER));
    }

    #[test]
    fn a_binary_elsewhere_is_named_by_its_path() {
        let manifest: Value = serde_json::from_str(&manifest(
            Path::new("/opt/agent hooks/xcode-hook"),
            Some(Path::new("/home/u")),
        ))
        .unwrap();
        assert_eq!(manifest["hooks"]["PreToolUse"][0]["command"], "'/opt/agent hooks/xcode-hook'");
        assert_eq!(manifest["hooks"]["PreToolUse"][0]["commandWindows"], "xcode-hook.exe");
    }

    #[test]
    fn answers_are_read_as_x_code_reads_them() {
        assert_eq!(answer(0, ""), ProbeVerdict::Allow);
        assert_eq!(answer(0, r#"{"decision":"deny","reason":"no"}"#), ProbeVerdict::Block);
        assert_eq!(answer(0, r#"{"decision":"modify","args":{}}"#), ProbeVerdict::Allow);
        assert!(matches!(answer(2, ""), ProbeVerdict::Unrecognised(_)));
        assert!(matches!(answer(0, "deny"), ProbeVerdict::Unrecognised(_)));
    }

    #[test]
    fn the_probe_is_a_shell_call_that_decodes() {
        let payload = probe_payload("rm -rf ~", Path::new("/p"));
        let event = crate::decode::decode(payload.as_bytes()).unwrap();
        assert_eq!(event.name, "PreToolUse");
        assert_eq!(event.shell().unwrap().line, "rm -rf ~");
    }
}
