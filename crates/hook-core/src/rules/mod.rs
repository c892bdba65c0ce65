//! The built-in rule packs of the default policy, judged over analysed shell commands.

use crate::policy::{Action, PackSettings};
use crate::project::Context;
use crate::shell::Analysis;

/// A built-in rule pack. The names are the `[rules]` keys of the policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Pack {
    Rm,
    Kill,
    Dd,
    Git,
    Disk,
    Permissions,
    RemoteScript,
    ForkBomb,
}

impl Pack {
    pub const ALL: [Pack; 8] = [
        Pack::Rm,
        Pack::Kill,
        Pack::Dd,
        Pack::Git,
        Pack::Disk,
        Pack::Permissions,
        Pack::RemoteScript,
        Pack::ForkBomb,
    ];

    /// The pack's key in `[rules]`.
    pub fn key(self) -> &'static str {
        match self {
            Pack::Rm => "rm",
            Pack::Kill => "kill",
            Pack::Dd => "dd",
            Pack::Git => "git",
            Pack::Disk => "disk",
            Pack::Permissions => "permissions",
            Pack::RemoteScript => "remote-script",
            Pack::ForkBomb => "fork-bomb",
        }
    }

    pub fn from_key(key: &str) -> Option<Pack> {
        Pack::ALL.into_iter().find(|p| p.key() == key)
    }
}

/// A rule that fired on one command of the line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub pack: Pack,
    /// Stable rule id, `<pack>.<rule>` (e.g. `rm.outside-project`, `git.reset-hard`).
    pub rule: &'static str,
    /// What is wrong and what to do instead, for the agent.
    pub message: String,
    /// The action from the pack's settings: `Deny` or `Ask`.
    pub action: Action,
    /// Index into [`Analysis::commands`] of the command that fired.
    pub command: usize,
}

/// The strongest finding on the line (deny beats ask; first in source order within a kind),
/// or `None` when no enabled pack objects.
pub fn evaluate(analysis: &Analysis, ctx: &Context, packs: &PackSettings) -> Option<Finding> {
    let _ = (analysis, ctx, packs);
    None
}
