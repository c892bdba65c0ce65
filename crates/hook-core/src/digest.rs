//! The one hash of the project: a stable 64-bit digest (FNV-1a) for names and fingerprints that
//! hook runs leave on disk for later ones (the policy cache's file names, stop fingerprints,
//! state keys), and for the build's source fingerprint (`build.rs` includes this file).
//!
//! std's `DefaultHasher` may hash differently in another Rust release, and a fingerprint
//! written by one build of the hook is read by the next.

/// FNV-1a over everything fed to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Digest(u64);

const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME: u64 = 0x0100_0000_01b3;

impl Default for Digest {
    fn default() -> Self {
        Self(OFFSET_BASIS)
    }
}

impl Digest {
    /// The digest of `bytes` alone.
    pub(crate) fn of(bytes: &[u8]) -> Self {
        let mut digest = Self::default();
        digest.bytes(bytes);
        digest
    }

    pub(crate) fn bytes(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 ^= u64::from(byte);
            self.0 = self.0.wrapping_mul(PRIME);
        }
    }

    /// One field of a record: its length goes in first, so that `("ab", "c")` and
    /// `("a", "bc")` differ.
    pub(crate) fn field(&mut self, bytes: &[u8]) {
        self.bytes(&(bytes.len() as u64).to_le_bytes());
        self.bytes(bytes);
    }

    pub(crate) fn number(&mut self, value: u128) {
        self.bytes(&value.to_le_bytes());
    }

    /// Sixteen lowercase hex digits. By hand: `format!` runs the formatting machinery, about
    /// 700 instructions, and the policy cache names its file with this on every call.
    pub(crate) fn hex(&self) -> String {
        (0..16)
            .rev()
            .map(|nibble| char::from(b"0123456789abcdef"[((self.0 >> (nibble * 4)) & 0xf) as usize]))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_fnv1a_values() {
        assert_eq!(Digest::of(b"").hex(), "cbf29ce484222325");
        assert_eq!(Digest::of(b"a").hex(), "af63dc4c8601ec8c");
    }

    #[test]
    fn fields_keep_their_boundaries() {
        let mut left = Digest::default();
        left.field(b"ab");
        left.field(b"c");
        let mut right = Digest::default();
        right.field(b"a");
        right.field(b"bc");
        assert_ne!(left, right);
    }
}
