//! What an untrusted project policy can and cannot change about a verdict (issue 16): the
//! agent may neither run `trust` nor write the trust store, however it spells either.

#[allow(unused_imports)]
use super::super::{Case, allow, ask, deny};

pub(crate) const CASES: &[Case] = &[
    // Trusting is the user's: every way of running our `trust` from the agent's shell.
    deny("guard.reconfigure", "claude-hook trust"),
    deny("guard.reconfigure", "claude-hook trust --yes"),
    deny("guard.reconfigure", "codex-hook trust /home/dev/app/.agent-hooks.toml --yes"),
    deny("guard.reconfigure", "/usr/local/bin/cursor-hook trust --yes"),
    deny("guard.reconfigure", "sudo -n gemini-hook trust --yes"),
    deny("guard.reconfigure", "env FOO=1 claude-hook trust --yes"),
    deny("guard.reconfigure", "yes | claude-hook trust"),
    deny("guard.reconfigure", "bash -c 'claude-hook trust --yes'"),
    deny("guard.reconfigure", "cd /home/dev/app && claude-hook --config x.toml trust --yes"),
    // Look-alikes: withdrawing trust only makes the guard stricter; other tools' trust.
    allow("claude-hook untrust"),
    allow("claude-hook check"),
    allow("direnv allow"),
    allow("mise trust"),
    allow("echo claude-hook trust"),
    // The trust store, under every spelling of the path.
    deny("files.deny-write", "echo x > ~/.local/state/agent-hooks/trusted-policies"),
    deny("files.deny-write", "echo x >> $HOME/.local/state/agent-hooks/trusted-policies"),
    deny("files.deny-write", "tee -a /home/dev/.local/state/agent-hooks/trusted-policies < forged"),
    deny("files.deny-write", "cp forged ~/.local/state/agent-hooks/../agent-hooks/trusted-policies"),
    deny("files.deny-write", "cd ~/.local/state && cp /tmp/forged agent-hooks/trusted-policies"),
    deny("files.deny-write", "sed -i 's/^/x/' ~/.local/state/agent-hooks/trusted-policies"),
    deny("files.deny-write", "rm ~/.local/state/agent-hooks/trusted-policies"),
    // Look-alikes: reading the store, and writing next to it.
    allow("cat ~/.local/state/agent-hooks/trusted-policies"),
    allow("echo x > ~/.local/state/other-tool/state"),
];
