//! The `guard` pack: the agent may not take its own guard apart through the hook binaries.
//!
//! File rules already keep the agent out of the policy and the hook settings; this pack covers
//! what those cannot see: `claude-hook uninstall` (any `*-hook` binary of ours) edits the
//! settings from inside our own process, and `init` writes a new policy.

use super::{Call, Hit};

/// Our binaries: every agent crate is `<agent>-hook`.
pub(crate) const BINARIES: &[&str] = &[
    "claude-hook",
    "codex-hook",
    "copilot-hook",
    "cursor-hook",
    "docker-agent-hook",
    "gemini-hook",
    "opencode-hook",
    "windsurf-hook",
    "xcode-hook",
];

/// Subcommands that change what the guard does; `--dry-run` only shows. `trust` lets a
/// project policy weaken the guard: the user's call, never the agent's (`untrust` only
/// makes it stricter).
const CHANGING: &[&str] = &["install", "uninstall", "init", "trust"];

const MESSAGE: &str = "This changes how the agent's own guard is installed or configured. Leave that to the user: \
     tell them what you would change and why.";

/// File names a policy layer is read from: the project's, and the user's and system's.
const POLICY_NAMES: &[&str] = &[".agent-hooks.toml", "config.toml"];

const NOT_A_FILE: &str = "This puts something that is not a plain file (a FIFO, a device, a link to one) where \
     the guard reads its policy. Leave the policy files to the user.";

pub(super) fn judge(call: &Call) -> Option<Hit> {
    let name = call.name?;
    if let Some(hit) = special_file_at_policy_path(name, call) {
        return Some(hit);
    }
    if !BINARIES.contains(&name) {
        return None;
    }
    let args = call.command.args();
    let changing = args.iter().any(|arg| CHANGING.contains(&arg.text.as_str()));
    let dry_run = args.iter().any(|arg| arg.text == "--dry-run");
    (changing && !dry_run).then(|| Hit::new("guard.reconfigure", MESSAGE))
}

/// `mkfifo`, `mknod` or a link to a device at a policy file's path: the guard would then read
/// a FIFO or a device instead of a policy (it refuses, and falls back to the built-in rules).
fn special_file_at_policy_path(name: &str, call: &Call) -> Option<Hit> {
    let policy_path = |text: &str| {
        let file = crate::shell::base_name(text);
        file == POLICY_NAMES[0] || (file == POLICY_NAMES[1] && text.contains("agent-hooks"))
    };
    let args = call.args();
    let operands = || args.iter().filter(|arg| !arg.text.starts_with('-'));
    let hit = match name {
        "mkfifo" | "mknod" => operands().any(|arg| policy_path(&arg.text)),
        // `ln -s /dev/zero .agent-hooks.toml`: the link's target is a device.
        "ln" => {
            let words: Vec<_> = operands().collect();
            words.len() >= 2
                && words[..words.len() - 1]
                    .iter()
                    .any(|target| target.text.starts_with("/dev/") || target.text.starts_with("/proc/"))
                && words.last().is_some_and(|link| policy_path(&link.text))
        }
        _ => false,
    };
    hit.then(|| Hit::new("guard.policy-not-a-file", NOT_A_FILE))
}

#[cfg(test)]
mod tests {
    use crate::rules::Pack;
    use crate::rules::testing::{ctx, evaluate_in, sequence};

    fn rule(argv: &[&str]) -> Option<&'static str> {
        let analysis = sequence(&[argv]);
        evaluate_in(&analysis, &ctx(), &Default::default()).filter(|f| f.pack == Pack::Guard).map(|f| f.rule)
    }

    #[test]
    fn uninstalling_or_reinstalling_the_guard_is_denied() {
        assert_eq!(rule(&["claude-hook", "uninstall"]), Some("guard.reconfigure"));
        assert_eq!(
            rule(&["/home/dev/.local/bin/cursor-hook", "install", "--project"]),
            Some("guard.reconfigure")
        );
        assert_eq!(rule(&["claude-hook", "init", "--project"]), Some("guard.reconfigure"));
        assert_eq!(rule(&["claude-hook", "trust", "--yes"]), Some("guard.reconfigure"));
        assert_eq!(rule(&["/opt/bin/gemini-hook", "trust", ".agent-hooks.toml"]), Some("guard.reconfigure"));
    }

    #[test]
    fn looking_is_allowed() {
        assert_eq!(rule(&["claude-hook", "explain", "--", "rm", "-rf", "/"]), None);
        assert_eq!(rule(&["claude-hook", "doctor"]), None);
        assert_eq!(rule(&["claude-hook", "install", "--dry-run"]), None);
        assert_eq!(rule(&["make", "install"]), None);
        assert_eq!(rule(&["claude-hook", "untrust"]), None);
        assert_eq!(rule(&["direnv", "trust"]), None);
    }
}
