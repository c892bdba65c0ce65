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

    /// This filter with `name` added.
    pub(crate) const fn with(mut self, name: &str) -> NameFilter {
        let key = key(name.as_bytes());
        let mut bit = 0;
        while bit < 3 {
            let at = (key >> (11 * bit)) as usize & 2047;
            self.0[at / 64] |= 1 << (at % 64);
            bit += 1;
        }
        self
    }

    /// Whether `name` may be in the table: `false` means it is not.
    #[inline]
    pub(crate) fn may_hold(&self, name: &str) -> bool {
        let key = key(name.as_bytes());
        (0..3).all(|bit| {
            let at = (key >> (11 * bit)) as usize & 2047;
            self.0[at / 64] & (1 << (at % 64)) != 0
        })
    }
}

/// The hash of `name`'s length and first, middle and last bytes without a trailing version
/// (digits and dots), mixed with MurmurHash3's finaliser so that its bits are independent.
const fn key(name: &[u8]) -> u32 {
    let mut len = name.len();
    while len > 1 && (name[len - 1].is_ascii_digit() || name[len - 1] == b'.') {
        len -= 1;
    }
    if len == 0 {
        return 0;
    }
    let mut key = (len as u32 & 0xff)
        | (name[0] as u32) << 8
        | (name[len / 2] as u32) << 16
        | (name[len - 1] as u32) << 24;
    key ^= key >> 16;
    key = key.wrapping_mul(0x85EB_CA6B);
    key ^= key >> 13;
    key = key.wrapping_mul(0xC2B2_AE35);
    key ^ (key >> 16)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE: &[&str] = &["python", "lua", "node", "rm", "git", "proxychains4", "x"];
    const FILTER: NameFilter = NameFilter::of(TABLE);

    #[test]
    fn every_name_of_its_table_may_be_held() {
        for name in TABLE {
            assert!(FILTER.may_hold(name), "{name}");
        }
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
