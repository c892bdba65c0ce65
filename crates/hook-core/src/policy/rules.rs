//! A policy's filters or rewrites, in policy order, each with the one command name it can
//! match when there is just one. Parsed from a file, every rule is at hand; answered from the
//! policy cache, a rule stays encoded until an event has a command of that name, so that a
//! call decodes the few rules its command line can meet instead of all of them.

use std::cell::OnceCell;
use std::fmt;
use std::ops::{Index, IndexMut};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Deserialize;

use super::{Location, Text};

/// What [`Rules`] needs of a rule.
pub trait Rule: Sized + Deserialize<'static> {
    /// The one command name this rule can match (a `command` that is a plain word); `None`
    /// when it may match others (a regex).
    fn only_name(&self) -> Option<&str>;

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
    name: Option<Text>,
    rule: OnceCell<T>,
    /// The rule's bytes in the cache entry, and the index of its file among the entry's
    /// layers; `None` for a rule built from a policy file.
    encoded: Option<(&'static [u8], u8)>,
}

/// The cache entry that encoded rules were read from.
#[derive(Debug)]
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
    /// Rules as the cache encoded them: `(only name, layer index, bytes)` each, in order.
    pub(super) fn encoded(
        source: Arc<CacheSource>,
        encoded: impl IntoIterator<Item = (Option<Text>, u8, &'static [u8])>,
    ) -> Self {
        let slots = encoded
            .into_iter()
            .map(|(name, layer, bytes)| Slot { name, rule: OnceCell::new(), encoded: Some((bytes, layer)) })
            .collect();
        Self { slots, source: Some(source) }
    }

    pub fn push(&mut self, rule: T) {
        let name = rule.only_name().map(|name| Text::Owned(name.to_owned()));
        self.slots.push(Slot { name, rule: OnceCell::from(rule), encoded: None });
    }

    pub fn len(&self) -> usize {
        self.slots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// For each rule in order, the one command name it can match, or `None` for any.
    pub fn names(&self) -> impl ExactSizeIterator<Item = Option<&str>> {
        self.slots.iter().map(|slot| slot.name.as_deref())
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

    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut T> {
        for index in 0..self.slots.len() {
            self.get(index);
        }
        self.slots.iter_mut().filter_map(|slot| slot.rule.get_mut())
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
            .map(|slot| Slot { name: slot.name.clone(), rule: slot.rule.clone(), encoded: slot.encoded })
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
