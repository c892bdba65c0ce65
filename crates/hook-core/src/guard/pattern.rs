//! The regexes of filters and rewrites, compiled only when a cheap literal check says they could
//! match.
//!
//! Compiling is what makes a policy expensive at start-up (README "Performance"), so a
//! command name that is a plain word is compared as a string and never reaches regex-lite, and
//! a regex is compiled only once the literal text it must start with is found in its input.

use std::borrow::Cow;
use std::cell::OnceCell;

use regex_lite::Regex;

use crate::literal::{contains, is_plain_word, literal_prefixes};
use crate::protocol;

/// A regex matched against a whole command name: `npm` matches `npm`, not `pnpm`.
#[derive(Debug)]
pub(crate) enum NamePattern<'p> {
    /// No regex syntax at all: compared as a string.
    Word(&'p str),
    /// Compiled as `^(?:source)$` on first need. Boxed: most names are words, and a line's
    /// rewrites keep a slot for every rule's pattern (see `rewrite`), each slot this small.
    Regex(Box<LazyRegex<'p>>),
}

impl<'p> NamePattern<'p> {
    pub(crate) fn new(source: &'p str) -> Self {
        if is_plain_word(source) {
            return Self::Word(source);
        }
        Self::Regex(Box::new(LazyRegex::new(source, Anchoring::WholeInput)))
    }

    pub(crate) fn matches(&self, name: &str) -> bool {
        match self {
            Self::Word(word) => *word == name,
            Self::Regex(regex) => regex.is_match(name),
        }
    }
}

/// Whether a regex must match the whole input or may match anywhere in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Anchoring {
    WholeInput,
    Anywhere,
}

/// A regex from the policy, compiled on its first match attempt that passes the literal check.
#[derive(Debug)]
pub(crate) struct LazyRegex<'p> {
    source: &'p str,
    anchoring: Anchoring,
    /// Literal texts of which every match starts with one; `None` when that is not known.
    /// Borrowed from the source unless a group of choices was expanded.
    prefixes: Option<Vec<Cow<'p, str>>>,
    /// `None` inside: the source does not compile, and then it never matches. Boxed: a
    /// compiled regex is a few hundred bytes, and most matchers never compile theirs.
    compiled: OnceCell<Option<Box<Regex>>>,
}

impl<'p> LazyRegex<'p> {
    pub(crate) fn new(source: &'p str, anchoring: Anchoring) -> Self {
        Self { source, anchoring, prefixes: literal_prefixes(source), compiled: OnceCell::new() }
    }

    pub(crate) fn is_match(&self, input: &str) -> bool {
        if let Some(prefixes) = &self.prefixes {
            let possible = match self.anchoring {
                Anchoring::WholeInput => prefixes.iter().any(|prefix| input.starts_with(&**prefix)),
                Anchoring::Anywhere => prefixes.iter().any(|prefix| contains(input, prefix)),
            };
            if !possible {
                return false;
            }
        }
        self.compiled
            .get_or_init(|| compile(self.source, self.anchoring))
            .as_ref()
            .is_some_and(|regex| regex.is_match(input))
    }
}

fn compile(source: &str, anchoring: Anchoring) -> Option<Box<Regex>> {
    #[cfg(test)]
    testing::COMPILED.with(|count| count.set(count.get() + 1));
    let full = match anchoring {
        Anchoring::WholeInput => format!("^(?:{source})$"),
        Anchoring::Anywhere => source.to_string(),
    };
    match Regex::new(&full) {
        Ok(regex) => Some(Box::new(regex)),
        Err(e) => {
            // `check` reports this with its place; here the rule just cannot match.
            protocol::warn(&format!("agent-hooks: ignoring the policy regex `{source}`: {e}"));
            None
        }
    }
}

#[cfg(test)]
pub(crate) mod testing {
    //! A count of regex compilations on this thread, to prove what is not compiled.

    use std::cell::Cell;

    thread_local! {
        pub(crate) static COMPILED: Cell<usize> = const { Cell::new(0) };
    }

    /// How many regexes this thread compiled so far.
    pub(crate) fn compiled() -> usize {
        COMPILED.with(Cell::get)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_words_compare_as_strings_without_compiling() {
        let before = testing::compiled();
        let npm = NamePattern::new("npm");
        assert!(matches!(npm, NamePattern::Word("npm")));
        assert!(npm.matches("npm") && !npm.matches("pnpm") && !npm.matches("npm2"));
        assert_eq!(testing::compiled(), before);
    }

    #[test]
    fn name_regexes_match_the_whole_name() {
        let python = NamePattern::new("python[23]?");
        assert!(python.matches("python3") && python.matches("python"));
        assert!(!python.matches("ipython") && !python.matches("python3.12"));
        let either = NamePattern::new("npm|yarn");
        assert!(either.matches("yarn") && !either.matches("yarnpkg"));
    }

    #[test]
    fn a_regex_whose_prefix_is_absent_is_not_compiled() {
        let before = testing::compiled();
        let pattern = NamePattern::new("docker(-compose)?");
        assert!(!pattern.matches("git"));
        assert!(!pattern.matches("cargo"));
        assert_eq!(testing::compiled(), before);
        assert!(pattern.matches("docker-compose"));
        assert!(pattern.matches("docker"));
        assert_eq!(testing::compiled(), before + 1, "compiled once, then reused");
    }

    #[test]
    fn text_regexes_check_their_prefix_anywhere() {
        let before = testing::compiled();
        let pip = LazyRegex::new("python[23]? -m pip", Anchoring::Anywhere);
        assert!(!pip.is_match("cargo test"));
        assert_eq!(testing::compiled(), before);
        assert!(pip.is_match("sudo python3 -m pip install x"));
    }

    #[test]
    fn a_group_of_choices_after_the_prefix_spares_the_compile() {
        let before = testing::compiled();
        let clean = LazyRegex::new("^rm -rf (target|dist|build)/?$", Anchoring::Anywhere);
        assert!(!clean.is_match("rm -rf / --no-preserve-root"));
        assert!(!clean.is_match("rm -rf ~"));
        assert_eq!(testing::compiled(), before);
        assert!(clean.is_match("rm -rf dist/"));
        assert!(clean.is_match("rm -rf target"));
        assert!(!clean.is_match("rm -rf targets"));
        assert_eq!(testing::compiled(), before + 1);
    }

    #[test]
    fn an_invalid_regex_never_matches() {
        let broken = NamePattern::new("npm(");
        assert!(!broken.matches("npm("));
    }
}
