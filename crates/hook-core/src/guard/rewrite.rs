//! `[[rewrite]]`: change the simple commands of a line before it runs (`git status` becomes
//! `rtk git status`), editing the line in place so that everything else stays as written.
//!
//! Each top-level simple command is a candidate, except a command reading a pipe: the commands
//! after the first of a pipeline consume its output and are left as they are. Commands inside
//! `find -exec`, `xargs`, `sudo` or `bash -c` are arguments of another command and are never
//! rewritten. A command already in its rewritten form is left alone, so rewriting is
//! idempotent; so is one matching an `exclude` entry, or one written after the opt-out
//! assignment `AGENT_HOOKS_NO_REWRITE=1`, which affects rewrites only and never a deny.

use std::cell::OnceCell;
use std::ops::Range;

use crate::policy::{Rewrite, RewriteChange, Rules};

use super::pattern::NamePattern;
use super::rule_slug;
use super::segments::{self, Token};

/// The assignment that keeps one command as written.
pub(crate) const OPT_OUT: &str = "AGENT_HOOKS_NO_REWRITE";

/// A line after its rewrites.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Rewritten {
    pub line: String,
    /// The id of the first rule that changed the line.
    pub rule: String,
    /// That rule's message, for the model.
    pub message: Option<String>,
}

/// `line` with every rewrite applied, or `None` when none applies.
pub(crate) fn rewrite(line: &str, rewrites: &Rules<Rewrite>) -> Option<Rewritten> {
    if rewrites.is_empty() {
        return None;
    }
    let segments = segments::split(line)?;
    // A rule is decoded from the policy cache, and its name pattern built (then kept for the
    // other commands of the line), only for a command whose name passes its key.
    let patterns: Vec<OnceCell<NamePattern<'_>>> = (0..rewrites.len()).map(|_| OnceCell::new()).collect();
    let rule_for = |base: &str, words: &[Token]| {
        rewrites.keys().zip(&patterns).enumerate().find_map(|(index, (key, pattern))| {
            // Rewrites have name keys; the whole line stands for a command's text.
            if !key.passes(Some(base), || line) {
                return None;
            }
            let rule = rewrites.get(index)?;
            let pattern = pattern.get_or_init(|| NamePattern::new(&rule.command));
            applies(rule, pattern, base, words).then_some(rule)
        })
    };
    let mut edits: Vec<(Range<usize>, String)> = Vec::new();
    let mut first: Option<&Rewrite> = None;
    for segment in segments.iter().filter(|segment| !segment.piped_in) {
        let (assignments, words) = segment.split_assignments();
        if assignments.iter().any(opts_out) {
            continue;
        }
        let Some(name) = words.first() else { continue };
        let base = name.text.rsplit(['/', '\\']).next().unwrap_or(&name.text);
        let Some(rule) = rule_for(base, words) else { continue };
        if let Some(edit) = edit(rule, name, words) {
            edits.push(edit);
            first.get_or_insert(rule);
        }
    }
    let rule = first?;
    let mut rewritten = line.to_string();
    for (span, replacement) in edits.into_iter().rev() {
        rewritten.replace_range(span, &replacement);
    }
    Some(Rewritten {
        line: rewritten,
        rule: rule_id(rule),
        message: rule.message.as_deref().map(str::to_owned),
    })
}

/// `rewrite.<command>`, as `stats` and `test` name it.
pub(crate) fn rule_id(rule: &Rewrite) -> String {
    format!("rewrite.{}", rule_slug(&rule.command))
}

/// Whether `rule` is meant for this command (name, first argument, not excluded).
fn applies(rule: &Rewrite, pattern: &NamePattern<'_>, name: &str, words: &[Token]) -> bool {
    pattern.matches(name)
        && (rule.args.is_empty()
            || words.get(1).is_some_and(|first| rule.args.iter().any(|arg| *arg == first.text)))
        && !rule.exclude.iter().any(|excluded| starts_with_words(words, excluded))
}

/// The change `rule` makes to the command whose words are `words`, or `None` when the command
/// already has that form.
fn edit(rule: &Rewrite, name: &Token, words: &[Token]) -> Option<(Range<usize>, String)> {
    match &rule.change {
        RewriteChange::Prefix(prefix) if !starts_with_words(words, prefix) => {
            Some((name.span.start..name.span.start, format!("{prefix} ")))
        }
        RewriteChange::Replace(replacement) if name.text != *replacement => {
            Some((name.span.clone(), replacement.to_string()))
        }
        _ => None,
    }
}

/// The command's words begin with the words of `text` (`exclude = ["git status --short"]`).
fn starts_with_words(words: &[Token], text: &str) -> bool {
    let expected: Vec<&str> = text.split_whitespace().collect();
    !expected.is_empty()
        && expected.len() <= words.len()
        && expected.iter().zip(words).all(|(expected, word)| *expected == word.text)
}

fn opts_out(assignment: &Token) -> bool {
    assignment
        .text
        .strip_prefix(OPT_OUT)
        .and_then(|rest| rest.strip_prefix('='))
        .is_some_and(|value| !value.is_empty() && value != "0")
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::guard::pattern::testing::compiled;
    use crate::policy::Location;

    fn rule(command: &str, args: &[&str], change: RewriteChange) -> Rewrite {
        Rewrite {
            command: command.to_string().into(),
            args: args.iter().map(|a| a.to_string().into()).collect(),
            change,
            exclude: Vec::new(),
            message: None,
            origin: Location { file: Path::new("p.toml").into(), line: 1, column: 1 },
        }
    }

    fn rtk() -> Vec<Rewrite> {
        vec![rule("git", &["status", "log", "diff"], RewriteChange::Prefix("rtk".into()))]
    }

    fn rewritten(line: &str, rules: &[Rewrite]) -> Option<String> {
        rewrite(line, &Rules::from(rules.to_vec())).map(|r| r.line)
    }

    #[test]
    fn prefixes_each_matching_command_of_a_list() {
        assert_eq!(rewritten("git status", &rtk()).as_deref(), Some("rtk git status"));
        assert_eq!(rewritten("cd src && git status", &rtk()).as_deref(), Some("cd src && rtk git status"));
        assert_eq!(
            rewritten("git status && cargo test; git  log -3", &rtk()).as_deref(),
            Some("rtk git status && cargo test; rtk git  log -3")
        );
        assert_eq!(rewritten("git push", &rtk()), None);
        assert_eq!(rewrite("git diff", &Rules::from(rtk())).map(|r| r.rule).as_deref(), Some("rewrite.git"));
    }

    #[test]
    fn rewriting_is_idempotent() {
        assert_eq!(rewritten("rtk git status", &rtk()), None);
        let anything = [rule(".*", &[], RewriteChange::Prefix("rtk".into()))];
        assert_eq!(rewritten("ls", &anything).as_deref(), Some("rtk ls"));
        assert_eq!(rewritten("rtk ls", &anything), None);
        let replace = [rule("npm|pnpm", &[], RewriteChange::Replace("pnpm".into()))];
        assert_eq!(rewritten("npm i && pnpm test", &replace).as_deref(), Some("pnpm i && pnpm test"));
        assert_eq!(rewritten("pnpm test", &replace), None);
    }

    #[test]
    fn pipelines_only_on_the_left() {
        assert_eq!(rewritten("git log | git diff", &rtk()).as_deref(), Some("rtk git log | git diff"));
        assert_eq!(rewritten("ls | git status", &rtk()), None);
    }

    #[test]
    fn never_inside_other_commands_arguments() {
        for line in
            ["find . -exec git status \\;", "xargs git status", "sudo git status", "bash -c 'git status'"]
        {
            assert_eq!(rewritten(line, &rtk()), None, "{line}");
        }
    }

    #[test]
    fn the_opt_out_prefix_and_exclude_list_keep_commands_as_written() {
        assert_eq!(rewritten("AGENT_HOOKS_NO_REWRITE=1 git status", &rtk()), None);
        assert_eq!(
            rewritten("AGENT_HOOKS_NO_REWRITE=0 git status", &rtk()).as_deref(),
            Some("AGENT_HOOKS_NO_REWRITE=0 rtk git status")
        );
        assert_eq!(
            rewritten("AGENT_HOOKS_NO_REWRITE=1 git status && git log", &rtk()).as_deref(),
            Some("AGENT_HOOKS_NO_REWRITE=1 git status && rtk git log")
        );
        let mut rules = rtk();
        rules[0].exclude = vec!["git status --porcelain".into()];
        assert_eq!(rewritten("git status --porcelain", &rules), None);
        assert_eq!(rewritten("git status -s", &rules).as_deref(), Some("rtk git status -s"));
    }

    #[test]
    fn replace_swaps_the_name_and_keeps_assignments() {
        let rules = [rule("npm", &[], RewriteChange::Replace("pnpm".into()))];
        assert_eq!(rewritten("CI=1 npm install", &rules).as_deref(), Some("CI=1 pnpm install"));
        assert_eq!(rewritten("/usr/bin/npm test", &rules).as_deref(), Some("pnpm test"));
    }

    #[test]
    fn unsure_lines_are_left_alone() {
        assert_eq!(rewritten("(git status)", &rtk()), None);
        assert_eq!(rewritten("git status $(cat x)", &rtk()), None);
    }

    #[test]
    fn plain_word_rewrites_compile_nothing() {
        let before = compiled();
        assert!(rewritten("cargo test && git status", &rtk()).is_some());
        assert_eq!(compiled(), before);
    }
}
