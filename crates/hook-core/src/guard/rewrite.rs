//! `[[rewrite]]`: change the simple commands of a line before it runs (`git status` becomes
//! `rtk git status`), editing the line in place so that everything else stays as written.
//!
//! Each top-level simple command is a candidate, except a command reading a pipe: the commands
//! after the first of a pipeline consume its output and are left as they are. Commands inside
//! `find -exec`, `xargs`, `sudo` or `bash -c` are arguments of another command and are never
//! rewritten. A command already in its rewritten form is left alone, so rewriting is
//! idempotent; so is one matching an `exclude` entry, or one written after the opt-out
//! assignment `AGENT_HOOKS_NO_REWRITE=1`, which affects rewrites only and never a deny.
//!
//! A rule whose condition does not hold (its `when`, or without one its program not on
//! `PATH`) is skipped, and the command goes to the next rule; the skip is reported for
//! `explain`.

use std::cell::OnceCell;
use std::ops::Range;
use std::path::Path;

use crate::environment::NO_REWRITE as OPT_OUT;
use crate::policy::{Rewrite, RewriteChange, Rules, not_on_path};
use crate::program;

use super::pattern::NamePattern;
use super::rule_slug;
use super::segments::{self, Token};

/// A line after its rewrites.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Rewritten {
    pub line: String,
    /// The id of the first rule that changed the line.
    pub rule: String,
    /// That rule's message, for the model.
    pub message: Option<String>,
}

/// What the rewrites did to one line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Outcome {
    /// `None` when no rewrite applies.
    pub rewritten: Option<Rewritten>,
    /// The rewrites that would have changed a command but whose condition does not hold, each
    /// with why (`rewrite.git skipped: `rtk` is not on PATH`), for `explain`.
    pub skipped: Vec<String>,
}

/// `line` with every rewrite applied. A rule's condition is looked at in the project at
/// `root`, only once the rule would change a command: it may walk `PATH`.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
pub(crate) fn rewrite(line: &str, rewrites: &Rules<Rewrite>, root: &Path) -> Outcome {
    if rewrites.is_empty() {
        return Outcome::default();
    }
    let Some(segments) = segments::split(line) else { return Outcome::default() };
    // A rule is decoded from the policy cache, and its name pattern built (then kept for the
    // other commands of the line), only for a command whose name passes its key; its condition
    // is looked at once per line, for the first command it would change.
    let seen: Vec<Seen<'_>> = (0..rewrites.len()).map(|_| Seen::default()).collect();
    let change_for = |name: &Token, base: &str, words: &[Token]| {
        for (index, (key, seen)) in rewrites.keys().zip(&seen).enumerate() {
            // Rewrites have name keys; the whole line stands for a command's text.
            if !key.passes(Some(base), || line) {
                continue;
            }
            let Some(rule) = rewrites.get(index) else { continue };
            let pattern = seen.pattern.get_or_init(|| NamePattern::new(&rule.command));
            if !applies(rule, pattern, base, words) {
                continue;
            }
            // A command already in this rule's form is left alone, not handed to a later rule.
            let edit = edit(rule, name, words)?;
            if seen.unmet.get_or_init(|| unmet_condition(rule, root)).is_none() {
                return Some((rule, edit));
            }
        }
        None
    };
    let mut edits: Vec<(Range<usize>, String)> = Vec::new();
    let mut first: Option<&Rewrite> = None;
    for segment in segments.iter().filter(|segment| !segment.piped_in) {
        let (assignments, words) = segment.split_assignments();
        if assignments.iter().any(opts_out) {
            continue;
        }
        let Some(name) = words.first() else { continue };
        let base = crate::shell::program_base(&name.text);
        if let Some((rule, edit)) = change_for(name, base, words) {
            edits.push(edit);
            first.get_or_insert(rule);
        }
    }
    let skipped = seen
        .iter()
        .enumerate()
        .filter_map(|(index, seen)| {
            let why = seen.unmet.get()?.as_ref()?;
            Some(format!("{} skipped: {why}", rule_id(rewrites.get(index)?)))
        })
        .collect();
    let Some(rule) = first else { return Outcome { rewritten: None, skipped } };
    let mut rewritten = line.to_string();
    for (span, replacement) in edits.into_iter().rev() {
        rewritten.replace_range(span, &replacement);
    }
    Outcome {
        rewritten: Some(Rewritten {
            line: rewritten,
            rule: rule_id(rule),
            message: rule.message.as_deref().map(str::to_owned),
        }),
        skipped,
    }
}

/// What one line has found out about one rule.
#[derive(Default)]
struct Seen<'r> {
    pattern: OnceCell<NamePattern<'r>>,
    /// Why its condition does not hold (`None` inside when it does).
    unmet: OnceCell<Option<String>>,
}

/// Why `rule` does not apply in the project at `root`: its `when`, or, without one, the
/// program it puts in front of or in place of the command cannot be run (the rewritten
/// command would fail where the original works).
fn unmet_condition(rule: &Rewrite, root: &Path) -> Option<String> {
    if let Some(when) = &rule.when {
        return when.unmet(root).map(|why| format!("its `when` does not hold: {why}"));
    }
    let (RewriteChange::Prefix(program) | RewriteChange::Replace(program)) = &rule.change;
    // The first word that is not an assignment (`prefix = "RTK_TEE=1 rtk"`).
    let program = program.split_whitespace().find(|word| !word.contains('='))?;
    (!program::exists(program, root)).then(|| not_on_path(program))
}

/// `rewrite.<id>` when the rewrite names itself, else `rewrite.<command>`, as `stats` and
/// `test` name it.
pub(crate) fn rule_id(rule: &Rewrite) -> String {
    format!("rewrite.{}", rule_slug(rule.id.as_deref().unwrap_or(&rule.command)))
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
    use crate::policy::{Condition, Location};
    use crate::program::testing::looked_up;

    /// A rule whose `when` always holds, so that what it does is the same on every machine.
    #[test]
    fn a_rewrite_is_named_by_its_id_or_its_command() {
        let unnamed = rule("git", &[], RewriteChange::Prefix("rtk".into()));
        assert_eq!(rule_id(&unnamed), "rewrite.git");
        assert_eq!(rule_id(&Rewrite { id: Some("rtk".into()), ..unnamed }), "rewrite.rtk");
    }

    fn rule(command: &str, args: &[&str], change: RewriteChange) -> Rewrite {
        Rewrite {
            id: None,
            command: command.to_string().into(),
            args: args.iter().map(|a| a.to_string().into()).collect(),
            change,
            exclude: Vec::new(),
            message: None,
            when: Some(Condition::default()),
            origin: Location { file: Path::new("p.toml").into(), line: 1, column: 1 },
        }
    }

    fn root() -> &'static Path {
        Path::new(env!("CARGO_MANIFEST_DIR"))
    }

    fn rtk() -> Vec<Rewrite> {
        vec![rule("git", &["status", "log", "diff"], RewriteChange::Prefix("rtk".into()))]
    }

    fn outcome(line: &str, rules: &[Rewrite]) -> Outcome {
        rewrite(line, &Rules::from(rules.to_vec()), root())
    }

    fn rewritten(line: &str, rules: &[Rewrite]) -> Option<String> {
        outcome(line, rules).rewritten.map(|r| r.line)
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
        assert_eq!(outcome("git diff", &rtk()).rewritten.map(|r| r.rule).as_deref(), Some("rewrite.git"));
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

    #[test]
    #[cfg(unix)]
    fn without_a_when_the_program_put_in_front_must_exist() {
        let mut rules = [rule("git", &[], RewriteChange::Prefix("RTK=1 sh -c".into()))];
        rules[0].when = None;
        assert_eq!(rewritten("git status", &rules).as_deref(), Some("RTK=1 sh -c git status"));
        rules[0].change = RewriteChange::Prefix("agent-hooks-no-such-tool".into());
        let skipped = outcome("git status", &rules);
        assert_eq!(skipped.rewritten, None);
        assert_eq!(skipped.skipped, ["rewrite.git skipped: `agent-hooks-no-such-tool` is not on PATH"]);
        rules[0].change = RewriteChange::Replace("./no-such-wrapper".into());
        assert_eq!(
            outcome("git status", &rules).skipped,
            ["rewrite.git skipped: `./no-such-wrapper` is not an executable file"]
        );
    }

    #[test]
    fn a_when_replaces_the_default_and_a_skipped_rule_leaves_the_command_to_the_next() {
        let mut rules = rtk();
        rules[0].when = Some(Condition { file_exists: Some("no-such-file".into()), command_exists: None });
        rules.push(rule("git", &[], RewriteChange::Replace("jj".into())));
        let outcome = outcome("git status && git log", &rules);
        assert_eq!(outcome.rewritten.map(|r| r.line).as_deref(), Some("jj status && jj log"));
        assert_eq!(
            outcome.skipped,
            ["rewrite.git skipped: its `when` does not hold: `no-such-file` does not exist"],
            "said once, however many commands it matched"
        );
    }

    #[test]
    fn programs_are_looked_up_only_for_a_command_a_rule_would_change() {
        let mut rules = rtk();
        rules[0].when = None;
        let before = looked_up();
        outcome("cargo test && git push && rtk git status", &rules);
        assert_eq!(looked_up(), before, "no command the rule changes");
        outcome("git status; git log; git diff", &rules);
        assert_eq!(looked_up(), before + 1, "once per line and rule");
    }
}
