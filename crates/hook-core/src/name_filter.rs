//! A filter built at compile time from a table of program names, that rules most names out in
//! a few instructions: every command of a line is looked up in dozens of such tables, and
//! nearly every lookup misses (ARCHITECTURE.md, "Start-up").
//!
//! It answers "maybe" for every name of its table, and for a few others: a hit still needs the
//! table's own lookup. A name is keyed on its length, first, middle and last bytes once a
//! trailing version is cut (`python3.12` is keyed as `python`), so that a table of versioned
//! names (`lua` for `lua5.4`) is filtered by the same key.

/// A 2048-bit Bloom filter of names, with three bits per name: a table of 200 names sets
/// about a quarter of them, and lets about one other name in a hundred through.
#[derive(Debug, Clone, Copy)]
pub(crate) struct NameFilter([u64; 32]);

impl NameFilter {
    /// The filter of no name.
    pub(crate) const EMPTY: NameFilter = NameFilter([0; 32]);

    /// The filter of every name of `names`.
    pub(crate) const fn of(names: &[&str]) -> NameFilter {
        let mut filter = NameFilter::EMPTY;
        let mut at = 0;
        while at < names.len() {
            filter = filter.with(names[at]);
            at += 1;
        }
        filter
    }

    /// This filter with the first of each row of `table` added (`(name, what it is)` rows).
    pub(crate) const fn with_keys<T>(mut self, table: &[(&str, T)]) -> NameFilter {
        let mut at = 0;
        while at < table.len() {
            self = self.with(table[at].0);
            at += 1;
        }
        self
    }

    /// This filter with `name` added.
    pub(crate) const fn with(mut self, name: &str) -> NameFilter {
        let key = key(name.as_bytes());
        let mut bit = 0;
        while bit < 3 {
            // The same bits as `may_hold` reads: 53, 42 and 31 places down.
            let at = (key >> (53 - 11 * bit)) as usize & 2047;
            self.0[at / 64] |= 1 << (at % 64);
            bit += 1;
        }
        self
    }

    /// `judge()` when `name` may be in the table; for any other name what the judgement gives
    /// a program it does not know (`T::default()`: `None`, `false`). A `match` too large to
    /// turn into data sits behind a list of its names this way: debug builds run the judgement
    /// on every name, so that the tests check the list against the `match`.
    #[inline]
    pub(crate) fn judge<T: Default + PartialEq>(&self, name: &str, judge: impl FnOnce() -> T) -> T {
        if self.may_hold(name) {
            return judge();
        }
        debug_assert!(judge() == T::default(), "`{name}` is judged, but missing from the filter's list");
        T::default()
    }

    /// Whether `name` may be in the table: `false` means it is not.
    #[inline]
    pub(crate) fn may_hold(&self, name: &str) -> bool {
        let key = key(name.as_bytes());
        let bit = |shift: u32| {
            let at = (key >> shift) as usize & 2047;
            self.0[at / 64] & (1 << (at % 64)) != 0
        };
        bit(53) && bit(42) && bit(31)
    }
}

/// The hash of `name`'s length and first, middle and last bytes without a trailing version
/// (digits and dots): one multiplication by the golden ratio, whose top bits are well mixed.
const fn key(mut name: &[u8]) -> u64 {
    while let [rest @ .., b'0'..=b'9' | b'.'] = name
        && !rest.is_empty()
    {
        name = rest;
    }
    let (first, last) = match name {
        [] => return 0,
        [only] => (*only, *only),
        [first, .., last] => (*first, *last),
    };
    let packed = (name.len() as u64 & 0xff)
        | (first as u64) << 8
        | (name[name.len() / 2] as u64) << 16
        | (last as u64) << 24;
    packed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE: &[&str] = &["python", "lua", "node", "rm", "git", "proxychains4", "x"];
    const FILTER: NameFilter = NameFilter::of(TABLE);

    #[test]
    fn a_judgement_behind_the_filter_runs_for_its_names_only() {
        let known = |name: &str| TABLE.contains(&name).then_some(name.len());
        assert_eq!(FILTER.judge("node", || known("node")), Some(4));
        assert_eq!(FILTER.judge("cargo", || known("cargo")), None);
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "missing from the filter's list")]
    fn a_name_the_judgement_knows_but_the_list_lacks_fails_a_debug_build() {
        FILTER.judge("cargo", || true);
    }

    #[test]
    fn every_name_of_its_table_may_be_held() {
        for name in TABLE {
            assert!(FILTER.may_hold(name), "{name}");
        }
    }

    #[test]
    fn a_table_of_rows_is_filtered_by_its_first_column() {
        const ROWS: &[(&str, u8)] = &[("perl", 1), ("ruby", 2)];
        const ROW_FILTER: NameFilter = NameFilter::EMPTY.with_keys(ROWS);
        assert!(ROW_FILTER.may_hold("perl") && ROW_FILTER.may_hold("ruby5.1"));
        assert!(!ROW_FILTER.may_hold("cargo"));
    }

    #[test]
    fn a_version_after_a_name_keeps_it_in_the_filter() {
        for name in ["python3", "python3.12", "lua5.4", "proxychains", "node18"] {
            assert!(FILTER.may_hold(name), "{name}");
        }
    }

    #[test]
    fn most_other_names_are_ruled_out() {
        let others =
            ["cd", "echo", "cargo", "grep", "tail", "date", "make", "ls", "cat", "npm", "sed", "awk"];
        let held = others.iter().filter(|name| FILTER.may_hold(name)).count();
        assert!(held <= 1, "{held} of {others:?} pass a filter of {TABLE:?}");
    }

    #[test]
    fn empty_and_version_only_names_are_keyed_without_panicking() {
        assert!(!NameFilter::EMPTY.may_hold(""));
        assert!(NameFilter::EMPTY.with("").may_hold(""));
        assert!(NameFilter::EMPTY.with("7").may_hold("7"));
        assert!(NameFilter::EMPTY.with("1.2").may_hold("1.2"));
    }
}
