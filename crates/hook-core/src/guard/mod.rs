//! The user's policy applied to events: filters, rewrites, file rules and prompt secrets, and
//! how they combine with the built-in packs into one verdict.

mod compose;
pub(crate) mod file_access;
pub(crate) mod files;
pub(crate) mod filters;
pub(crate) mod glob;
mod implicit;
pub(crate) mod line;
mod loaded;
pub(crate) mod pattern;
pub(crate) mod rewrite;
mod script_file;
pub mod secrets;
mod segments;
pub(crate) mod tree;
mod windows;
mod yaml;

use crate::policy::Action;
use crate::shell::SimpleCommand;
use crate::verdict::Verdict;

/// A rule that objects to one command of a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Block {
    /// `Deny` or `Ask`.
    pub action: Action,
    pub rule: String,
    pub reason: String,
    /// Index of the command in the analysis.
    pub command: usize,
}

impl Block {
    pub(crate) fn into_verdict(self) -> Verdict {
        match self.action {
            Action::Ask => Verdict::ask(self.rule, self.reason),
            _ => Verdict::deny(self.rule, self.reason),
        }
    }

    /// Whether `self` wins over `other`: deny beats ask, then the earlier command wins.
    fn beats(&self, other: &Block) -> bool {
        (self.action == Action::Deny, std::cmp::Reverse(self.command))
            > (other.action == Action::Deny, std::cmp::Reverse(other.command))
    }
}

/// The strongest of `blocks`; among equals, the first given.
pub(crate) fn strongest(blocks: impl IntoIterator<Item = Block>) -> Option<Block> {
    blocks.into_iter().fold(None, |best, block| match best {
        Some(best) if !block.beats(&best) => Some(best),
        _ => Some(block),
    })
}

/// The command's base name as filters and rewrites match it: without a Windows executable
/// suffix, so that a filter on `npm` also catches `npm.cmd`.
pub(crate) fn command_name(command: &SimpleCommand) -> Option<&str> {
    let name = command.name()?;
    let stem = [".exe", ".com", ".cmd", ".bat"]
        .iter()
        .find_map(|suffix| {
            let cut = name.len().checked_sub(suffix.len()).filter(|&cut| cut > 0)?;
            name.get(cut..).filter(|end| end.eq_ignore_ascii_case(suffix)).map(|_| &name[..cut])
        })
        .unwrap_or(name);
    Some(stem)
}

/// `text` as part of a rule id: lower-case letters, digits, `_` and `.`, other runs as `-`,
/// at most 40 characters.
pub(crate) fn rule_slug(text: &str) -> String {
    let mut slug = String::new();
    for c in text.chars().map(|c| c.to_ascii_lowercase()) {
        if c.is_ascii_alphanumeric() || c == '_' || c == '.' {
            slug.push(c);
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    let slug: String = slug.trim_end_matches('-').chars().take(40).collect();
    if slug.is_empty() { "custom".to_string() } else { slug }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::command;

    fn block(action: Action, command: usize, rule: &str) -> Block {
        Block { action, rule: rule.into(), reason: String::new(), command }
    }

    #[test]
    fn deny_beats_ask_then_source_order_then_first_given() {
        let found = strongest([
            block(Action::Ask, 0, "a"),
            block(Action::Deny, 2, "b"),
            block(Action::Deny, 1, "c"),
            block(Action::Deny, 1, "d"),
        ]);
        assert_eq!(found.map(|b| b.rule), Some("c".to_string()));
        assert_eq!(strongest([]), None);
    }

    #[test]
    fn names_lose_windows_suffixes() {
        assert_eq!(command_name(&command(&["C:\\bin\\npm.CMD", "i"])), Some("npm"));
        assert_eq!(command_name(&command(&["/usr/bin/git"])), Some("git"));
        assert_eq!(command_name(&command(&[".exe"])), Some(".exe"));
    }

    #[test]
    fn slugs_are_short_and_tame() {
        assert_eq!(rule_slug("python[23]? -m pip"), "python-23-m-pip");
        assert_eq!(rule_slug("***"), "custom");
        assert_eq!(rule_slug(&"x".repeat(99)).len(), 40);
    }
}
