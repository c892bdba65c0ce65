//! A policy's filters, rewrites or `[[test]]` cases, in policy order, each with its [`RuleKey`]:
//! the cheap test a command must pass before the rule can match it. Parsed from a file, every rule is at hand;
//! answered from the policy cache, a rule stays encoded until a command passes its key, so
//! that a call decodes (and compiles) the few rules its command line can meet instead of all.

use std::cell::OnceCell;
use std::fmt;
use std::ops::{Index, IndexMut};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::{Location, Text, cached_text};

/// What a command needs before a rule can match it; a command that fails the key is not
/// matched by the rule, so the rule need not be decoded, nor its regex compiled, for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound(deserialize = "'de: 'static"))]
pub enum RuleKey {
    /// The command's name is this word (a `command` without regex syntax).
    Name(#[serde(deserialize_with = "cached_text::string")] Text),
    /// The command's name starts with one of these (a `command` regex's literal prefixes).
    NameStart(#[serde(deserialize_with = "cached_text::list")] Vec<Text>),
    /// The command's text, as a `pattern` reads it, contains one of these.
    TextHas(#[serde(deserialize_with = "cached_text::list")] Vec<Text>),
    /// Nothing is known: every command is tried.
    Any,
}

impl RuleKey {
    /// The key of a `command` name regex.
    pub(crate) fn of_name(source: &str) -> Self {
        if crate::literal::is_plain_word(source) {
            return Self::Name(Text::Owned(source.to_owned()));
        }
        crate::literal::literal_prefixes(source)
            .map_or(Self::Any, |prefixes| Self::NameStart(owned(prefixes)))
    }

    /// The key of a `pattern` regex, matched anywhere in a command's text.
    pub(crate) fn of_text(source: &str) -> Self {
        crate::literal::literal_prefixes(source).map_or(Self::Any, |prefixes| Self::TextHas(owned(prefixes)))
    }

    /// Whether a command named `name` passes; `text` gives the command's text, asked for only
    /// by a [`RuleKey::TextHas`] key.
    pub(crate) fn passes<'t>(&self, name: Option<&str>, text: impl FnOnce() -> &'t str) -> bool {
        match self {
            Self::Name(word) => name == Some(&**word),
            Self::NameStart(prefixes) => {
                name.is_some_and(|name| prefixes.iter().any(|prefix| name.starts_with(&**prefix)))
            }
            Self::TextHas(parts) => {
                let text = text();
                parts.iter().any(|part| crate::literal::contains(text, part))
            }
            Self::Any => true,
        }
    }
}

fn owned(texts: Vec<std::borrow::Cow<'_, str>>) -> Vec<Text> {
    texts.into_iter().map(|text| Text::Owned(text.into_owned())).collect()
}

/// What [`Rules`] needs of a rule.
pub trait Rule: Sized + Deserialize<'static> {
    /// What a command needs before this rule can match it.
    fn key(&self) -> RuleKey;

    fn origin(&self) -> &Location;

    fn origin_mut(&mut self) -> &mut Location;

    /// What stands in for a rule whose cached encoding no longer decodes, for the commands
    /// it could have matched: `None` to leave it out. Never needed unless the cache file was
    /// damaged after it was written (see [`Rules::get`]).
    fn damaged() -> Option<Self>;
}

/// Rules of one kind, in policy order.
pub struct Rules<T> {
    slots: Vec<Slot<T>>,
    /// Where the encoded rules came from; `None` when every rule was built from a file.
    source: Option<Arc<CacheSource>>,
}

struct Slot<T> {
    key: RuleKey,
    rule: OnceCell<T>,
    /// The rule's bytes in the cache entry, and the index of its file among the entry's
    /// layers; `None` for a rule built from a policy file.
    encoded: Option<(&'static [u8], u8)>,
}

/// The cache entry that encoded rules were read from.
pub(super) struct CacheSource {
    /// Removed when a rule does not decode, so that the next call parses the policy again.
    pub(super) entry: PathBuf,
    /// The entry's layer files, by index.
    pub(super) files: Vec<Arc<Path>>,
}

impl<T> Default for Rules<T> {
    fn default() -> Self {
        Self { slots: Vec::new(), source: None }
    }
}

impl<T: Rule> Rules<T> {
    /// Rules as the cache encoded them: `(key, layer index, bytes)` each, in order.
    pub(super) fn encoded(
        source: Arc<CacheSource>,
        encoded: impl IntoIterator<Item = (RuleKey, u8, &'static [u8])>,
    ) -> Self {
        let slots = encoded
            .into_iter()
            .map(|(key, layer, bytes)| Slot { key, rule: OnceCell::new(), encoded: Some((bytes, layer)) })
            .collect();
        Self { slots, source: Some(source) }
    }

    pub fn push(&mut self, rule: T) {
        self.slots.push(Slot { key: rule.key(), rule: OnceCell::from(rule), encoded: None });
    }

    pub fn len(&self) -> usize {
        self.slots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Each rule's key, in order.
    pub fn keys(&self) -> impl ExactSizeIterator<Item = &RuleKey> {
        self.slots.iter().map(|slot| &slot.key)
    }

    /// The rule at `index`, decoded on first use. A rule whose encoding does not decode is
    /// replaced by [`Rule::damaged`], and the cache entry is removed so that the next call
    /// parses the policy files again; `None` when the rule is left out or there is none.
    pub fn get(&self, index: usize) -> Option<&T> {
        let slot = self.slots.get(index)?;
        if let Some(rule) = slot.rule.get() {
            return Some(rule);
        }
        let decoded = slot.encoded.and_then(|(bytes, layer)| self.decode(bytes, layer));
        let rule = match decoded {
            Some(rule) => rule,
            None => {
                if let Some(source) = &self.source {
                    // Best effort: if it stays, every call meets the same damage.
                    let _ = std::fs::remove_file(&source.entry);
                }
                T::damaged()?
            }
        };
        Some(slot.rule.get_or_init(|| rule))
    }

    fn decode(&self, bytes: &'static [u8], layer: u8) -> Option<T> {
        let (mut rule, rest) = postcard::take_from_bytes::<T>(bytes).ok()?;
        let file = self.source.as_ref()?.files.get(usize::from(layer))?;
        if !rest.is_empty() {
            return None;
        }
        rule.origin_mut().file = Arc::clone(file);
        Some(rule)
    }

    /// How many rules are at hand: built from a file, or decoded already.
    #[cfg(test)]
    pub(crate) fn decoded(&self) -> usize {
        self.slots.iter().filter(|slot| slot.rule.get().is_some()).count()
    }

    /// Every rule, in order (decoding those still encoded).
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        (0..self.slots.len()).filter_map(|index| self.get(index))
    }
}

impl<T: Rule> From<Vec<T>> for Rules<T> {
    fn from(rules: Vec<T>) -> Self {
        let mut all = Self::default();
        all.extend(rules);
        all
    }
}

impl<T: Rule> Extend<T> for Rules<T> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, rules: I) {
        for rule in rules {
            self.push(rule);
        }
    }
}

impl<T: Rule> Index<usize> for Rules<T> {
    type Output = T;

    /// Like a `Vec`'s, panics when there is no rule at `index`.
    fn index(&self, index: usize) -> &T {
        self.get(index).unwrap_or_else(|| panic!("no rule at index {index} of {}", self.slots.len()))
    }
}

impl<T: Rule> IndexMut<usize> for Rules<T> {
    fn index_mut(&mut self, index: usize) -> &mut T {
        let len = self.slots.len();
        self.get(index);
        self.slots
            .get_mut(index)
            .and_then(|slot| slot.rule.get_mut())
            .unwrap_or_else(|| panic!("no rule at index {index} of {len}"))
    }
}

impl<T: Clone> Clone for Rules<T> {
    fn clone(&self) -> Self {
        let slots = self
            .slots
            .iter()
            .map(|slot| Slot { key: slot.key.clone(), rule: slot.rule.clone(), encoded: slot.encoded })
            .collect();
        Self { slots, source: self.source.clone() }
    }
}

impl<T: Rule + PartialEq> PartialEq for Rules<T> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl<T: Rule + fmt::Debug> fmt::Debug for Rules<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(texts: &[&str]) -> Vec<Text> {
        texts.iter().map(|text| Text::Owned((*text).to_owned())).collect()
    }

    #[test]
    fn keys_hold_what_a_match_must_start_with_or_contain() {
        assert_eq!(RuleKey::of_name("npm"), RuleKey::Name("npm".into()));
        assert_eq!(RuleKey::of_name("python[23]?"), RuleKey::NameStart(texts(&["python"])));
        assert_eq!(RuleKey::of_name("npm|yarn"), RuleKey::NameStart(texts(&["npm", "yarn"])));
        assert_eq!(RuleKey::of_name("(?i)npm"), RuleKey::Any);
        assert_eq!(RuleKey::of_name(".*"), RuleKey::Any);
        assert_eq!(RuleKey::of_text("git push .*--no-verify"), RuleKey::TextHas(texts(&["git push "])));
        assert_eq!(RuleKey::of_text("^rm -rf (a|b)$"), RuleKey::TextHas(texts(&["rm -rf a", "rm -rf b"])));
        assert_eq!(RuleKey::of_text("[nN]pm"), RuleKey::Any);
    }

    #[test]
    fn a_key_asks_for_the_text_only_when_it_needs_it() {
        let never = || -> &str { panic!("the text was asked for") };
        assert!(RuleKey::of_name("npm").passes(Some("npm"), never));
        assert!(!RuleKey::of_name("npm").passes(Some("pnpm"), never));
        assert!(!RuleKey::of_name("npm").passes(None, never));
        assert!(RuleKey::of_name("python[23]?").passes(Some("python3"), never));
        assert!(RuleKey::Any.passes(None, never));
        let push = RuleKey::of_text("git push .*--force");
        assert!(push.passes(Some("git"), || "git push --force"));
        assert!(!push.passes(Some("git"), || "git status"));
    }
}
