//! The policy's `[[filter]]`s judged over one analysed simple command.
//!
//! Filters see what the built-in packs see: the analyser has already unwrapped `sudo`,
//! `bash -c`, `xargs` and the rest, so a filter on `npm` catches `sudo npm i`. They never match
//! data: a `command` filter looks only at the command name and its first argument, and a
//! `pattern` filter reads the command as words in which every quoted argument is `""` (see
//! [`code_view`]), so `echo "npm install"` is not `npm install`. Heredoc bodies are not words
//! of any command, so no filter sees them.

use std::cell::OnceCell;

use crate::policy::{Action, Filter, FilterMatch, Rules, Text};
use crate::shell::SimpleCommand;

use super::pattern::{Anchoring, LazyRegex, NamePattern};
use super::{Block, command_name, rule_slug};

/// The policy's filters, ready to match. Building this compiles and decodes nothing: a
/// filter is decoded from the policy cache, and its matcher built, when a command first passes
/// its [`RuleKey`], and that matcher (with its compiled regex) then serves every command of
/// the decision.
#[derive(Debug)]
pub(crate) struct Filters<'p> {
    rules: &'p Rules<Filter>,
    /// By the filter's position.
    matchers: Vec<OnceCell<Box<Matcher<'p>>>>,
}

#[derive(Debug)]
enum Matcher<'p> {
    Command(NamePattern<'p>, &'p [Text]),
    Pattern(LazyRegex<'p>),
}

impl<'p> Matcher<'p> {
    fn of(filter: &'p Filter) -> Self {
        match &filter.matcher {
            FilterMatch::Command { name, args } => Matcher::Command(NamePattern::new(name), args),
            FilterMatch::Pattern(pattern) => Matcher::Pattern(LazyRegex::new(pattern, Anchoring::Anywhere)),
        }
    }

    fn matches(&self, name: Option<&str>, command: &SimpleCommand, view: &mut Option<String>) -> bool {
        match self {
            Matcher::Command(pattern, args) => name.is_some_and(|name| {
                pattern.matches(name)
                    && (args.is_empty()
                        || command
                            .args()
                            .first()
                            .is_some_and(|first| args.iter().any(|arg| *arg == first.text)))
            }),
            Matcher::Pattern(regex) => regex.is_match(view.get_or_insert_with(|| code_view(command))),
        }
    }
}

impl<'p> Filters<'p> {
    pub(crate) fn new(rules: &'p Rules<Filter>) -> Self {
        Self { rules, matchers: (0..rules.len()).map(|_| OnceCell::new()).collect() }
    }

    /// The filter that decides `command`: the last one that matches, except that a locked
    /// filter (system layer) is only replaced by a later filter at least as strict, and a
    /// filter of an untrusted project layer only replaces one it is at least as strict as.
    pub(crate) fn decide(&self, command: &SimpleCommand) -> Option<&'p Filter> {
        if self.rules.is_empty() {
            return None;
        }
        let name = command_name(command);
        let mut view = None;
        let mut decided: Option<&'p Filter> = None;
        for ((index, key), matcher) in self.rules.keys().enumerate().zip(&self.matchers) {
            if !key.passes(name, || view.get_or_insert_with(|| code_view(command))) {
                continue;
            }
            let Some(filter) = self.rules.get(index) else { continue };
            let matcher = matcher.get_or_init(|| Box::new(Matcher::of(filter)));
            if !matcher.matches(name, command, &mut view) {
                continue;
            }
            let overridable = decided.is_none_or(|current| {
                !(current.locked || filter.untrusted)
                    || strictness(filter.action) >= strictness(current.action)
            });
            if overridable {
                decided = Some(filter);
            }
        }
        decided
    }
}

/// What a deny or ask filter says about the command at `index` of the analysis.
pub(crate) fn block(filter: &Filter, command: &SimpleCommand, index: usize) -> Option<Block> {
    let action = match filter.action {
        Action::Deny | Action::Ask => filter.action,
        Action::Allow | Action::Off => return None,
    };
    let reason = match &filter.message {
        Some(message) => format!("{message} (`{}`)", command.text.trim()),
        None => {
            format!("`{}` is blocked by a filter of your policy ({})", command.text.trim(), filter.origin)
        }
    };
    Some(Block { action, rule: rule_id(filter), reason, command: index })
}

/// `filter.<id>` when the filter names itself, else `filter.<what it matches>`: stable across
/// edits elsewhere in the file, readable in `stats`.
pub(crate) fn rule_id(filter: &Filter) -> String {
    if let Some(id) = &filter.id {
        return format!("filter.{}", rule_slug(id));
    }
    let what = match &filter.matcher {
        FilterMatch::Command { name, args } => match args.as_slice() {
            [first, ..] => format!("{name}-{first}"),
            [] => name.to_string(),
        },
        FilterMatch::Pattern(pattern) => pattern.to_string(),
    };
    format!("filter.{}", rule_slug(&what))
}

/// The command as a `pattern` filter reads it: assignments, name and arguments separated by
/// single spaces, after quote removal, with every quoted argument (data) read as `""`.
pub(crate) fn code_view(command: &SimpleCommand) -> String {
    let quoted = |raw: &str| raw.contains(['"', '\'']);
    let assignments = command.assignments.iter().map(|(name, value)| {
        if quoted(&value.raw) { format!("{name}=\"\"") } else { format!("{name}={}", value.text) }
    });
    let words = command.argv.iter().enumerate().map(|(position, word)| {
        // The name is never data, even when quoted (`"npm" i`).
        if position > 0 && quoted(&word.raw) { "\"\"".to_string() } else { word.text.clone() }
    });
    assignments.chain(words).collect::<Vec<_>>().join(" ")
}

/// How much an action blocks: a locked filter is never replaced by a weaker one.
fn strictness(action: Action) -> u8 {
    match action {
        Action::Off => 0,
        Action::Allow => 1,
        Action::Ask => 2,
        Action::Deny => 3,
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::guard::pattern::testing::compiled;
    use crate::policy::Location;
    use crate::rules::testing::command;
    use crate::shell::Word;

    fn filter(matcher: FilterMatch, action: Action, locked: bool) -> Filter {
        Filter {
            id: None,
            matcher,
            action,
            message: None,
            locked,
            untrusted: false,
            origin: Location { file: Path::new("p.toml").into(), line: 1, column: 1 },
        }
    }

    fn npm(args: &[&str], action: Action) -> Filter {
        let args = args.iter().map(|a| a.to_string().into()).collect();
        filter(FilterMatch::Command { name: "npm".into(), args }, action, false)
    }

    fn pattern(source: &str) -> Filter {
        filter(FilterMatch::Pattern(source.to_string().into()), Action::Deny, false)
    }

    fn quoted(text: &str) -> Word {
        Word { text: text.into(), raw: format!("\"{text}\""), dynamic: false, glob: false }
    }

    #[test]
    fn args_mode_checks_the_first_argument() {
        let policy = Rules::from(vec![npm(&["install", "i"], Action::Deny)]);
        let filters = Filters::new(&policy);
        assert!(filters.decide(&command(&["npm", "install"])).is_some());
        assert!(filters.decide(&command(&["/usr/bin/npm", "i", "x"])).is_some());
        assert!(filters.decide(&command(&["npm", "test"])).is_none());
        assert!(filters.decide(&command(&["pnpm", "install"])).is_none());
    }

    #[test]
    fn a_plain_word_filter_decides_without_compiling_a_regex() {
        let policy = Rules::from(vec![npm(&[], Action::Deny), npm(&["ci"], Action::Allow)]);
        let before = compiled();
        let filters = Filters::new(&policy);
        assert_eq!(filters.decide(&command(&["npm", "ci"])).map(|f| f.action), Some(Action::Allow));
        assert_eq!(filters.decide(&command(&["npm", "i"])).map(|f| f.action), Some(Action::Deny));
        assert!(filters.decide(&command(&["cargo", "test"])).is_none());
        assert_eq!(compiled(), before);
    }

    #[test]
    fn pattern_filters_never_see_quoted_data() {
        let policy = Rules::from(vec![pattern("npm install")]);
        let filters = Filters::new(&policy);
        let mut echo = command(&["echo", "npm install"]);
        echo.argv[1] = quoted("npm install");
        assert_eq!(code_view(&echo), "echo \"\"");
        assert!(filters.decide(&echo).is_none());
        assert!(filters.decide(&command(&["npm", "install", "left-pad"])).is_some());
        let mut quoted_name = command(&["npm", "install"]);
        quoted_name.argv[0] = quoted("npm");
        assert!(filters.decide(&quoted_name).is_some());
    }

    #[test]
    fn pattern_filters_see_assignments() {
        let policy = Rules::from(vec![pattern("CI=1 .*deploy")]);
        let mut deploy = command(&["make", "deploy"]);
        deploy.assignments.push(("CI".into(), Word::literal("1")));
        assert!(Filters::new(&policy).decide(&deploy).is_some());
    }

    #[test]
    fn the_last_matching_filter_decides() {
        let policy =
            Rules::from(vec![npm(&[], Action::Deny), npm(&["test"], Action::Allow), npm(&[], Action::Ask)]);
        let filters = Filters::new(&policy);
        assert_eq!(filters.decide(&command(&["npm", "test"])).map(|f| f.action), Some(Action::Ask));
    }

    #[test]
    fn a_locked_filter_is_not_overridden_by_a_later_allow() {
        let mut locked = npm(&[], Action::Deny);
        locked.locked = true;
        let policy = Rules::from(vec![locked, npm(&["install"], Action::Allow)]);
        let filters = Filters::new(&policy);
        assert_eq!(filters.decide(&command(&["npm", "install"])).map(|f| f.action), Some(Action::Deny));
    }

    #[test]
    fn rule_ids_name_what_the_filter_matches() {
        assert_eq!(rule_id(&npm(&["install", "i"], Action::Deny)), "filter.npm-install");
        assert_eq!(rule_id(&pattern("python[23]? -m pip")), "filter.python-23-m-pip");
        let named = Filter { id: Some("No pip!".into()), ..pattern("python[23]? -m pip") };
        assert_eq!(rule_id(&named), "filter.no-pip");
    }

    #[test]
    fn blocks_quote_the_command_and_the_message() {
        let mut deny = npm(&["install"], Action::Deny);
        deny.message = Some("Use pnpm instead of npm".into());
        let found = block(&deny, &command(&["npm", "install"]), 2).expect("a deny filter blocks");
        assert_eq!(found.reason, "Use pnpm instead of npm (`npm install`)");
        assert_eq!((found.action, found.command), (Action::Deny, 2));
        assert!(block(&npm(&[], Action::Allow), &command(&["npm"]), 0).is_none());
    }
}
