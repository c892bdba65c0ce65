//! Texts of a cached policy ([`Text`]), decoded in place: borrowed from the cache file's bytes,
//! which a hit keeps for the rest of the process, rather than copied out of them.
//!
//! A cached 50-rule policy holds about two hundred short texts; copying each into an
//! allocation of its own cost ~15 K of the ~150 K instructions of a call and two pages of
//! heap (callgrind, page faults). What remains is the UTF-8 check: an ASCII test costs a few
//! instructions, and ASCII is UTF-8; any other text takes the full check. On the wire these
//! are postcard strings (a length, then the bytes), read here as bytes, so the cache format
//! does not change. Only bytes that live as long as the process (`'de: 'static`) can be
//! borrowed; the policy's `Deserialize` implementations demand it.
#![allow(unsafe_code)]

use std::borrow::Cow;
use std::fmt;

use serde::Deserialize;
use serde::de::{self, Deserializer, SeqAccess, Visitor};

use super::Text;

/// For `#[serde(deserialize_with)]` on a [`Text`].
pub(super) fn string<'de: 'static, D: Deserializer<'de>>(deserializer: D) -> Result<Text, D::Error> {
    deserializer.deserialize_bytes(TextVisitor)
}

/// For `#[serde(deserialize_with)]` on an `Option<Text>`.
pub(super) fn option<'de: 'static, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Text>, D::Error> {
    deserializer.deserialize_option(MaybeText)
}

/// For `#[serde(deserialize_with)]` on a `Vec<Text>`.
pub(super) fn list<'de: 'static, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<Text>, D::Error> {
    deserializer.deserialize_seq(TextList)
}

fn borrowed<E: de::Error>(bytes: &'static [u8]) -> Result<Text, E> {
    if bytes.is_ascii() {
        // SAFETY: every ASCII byte sequence is valid UTF-8.
        return Ok(Cow::Borrowed(unsafe { std::str::from_utf8_unchecked(bytes) }));
    }
    std::str::from_utf8(bytes)
        .map(Cow::Borrowed)
        .map_err(|_| E::invalid_value(de::Unexpected::Bytes(bytes), &TextVisitor))
}

struct TextVisitor;

impl<'de: 'static> Visitor<'de> for TextVisitor {
    type Value = Text;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("UTF-8 text")
    }

    fn visit_borrowed_bytes<E: de::Error>(self, bytes: &'de [u8]) -> Result<Text, E> {
        borrowed(bytes)
    }

    fn visit_borrowed_str<E: de::Error>(self, text: &'de str) -> Result<Text, E> {
        Ok(Cow::Borrowed(text))
    }

    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<Text, E> {
        String::from_utf8(bytes.to_vec())
            .map(Cow::Owned)
            .map_err(|_| E::invalid_value(de::Unexpected::Bytes(bytes), &self))
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Text, E> {
        Ok(Cow::Owned(text.to_owned()))
    }
}

struct MaybeText;

impl<'de: 'static> Visitor<'de> for MaybeText {
    type Value = Option<Text>;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("UTF-8 text or nothing")
    }

    fn visit_none<E: de::Error>(self) -> Result<Option<Text>, E> {
        Ok(None)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Option<Text>, D::Error> {
        string(deserializer).map(Some)
    }
}

struct TextList;

impl<'de: 'static> Visitor<'de> for TextList {
    type Value = Vec<Text>;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a list of UTF-8 texts")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Text>, A::Error> {
        // A length from a damaged file must not reserve a huge block.
        let mut list = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1024));
        while let Some(Item(text)) = seq.next_element()? {
            list.push(text);
        }
        Ok(list)
    }
}

/// One element of a [`list`].
struct Item(Text);

impl<'de: 'static> Deserialize<'de> for Item {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        string(deserializer).map(Item)
    }
}

#[cfg(test)]
mod tests {
    use serde::Serialize;

    use super::*;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    #[serde(bound(deserialize = "'de: 'static"))]
    struct Sample {
        #[serde(deserialize_with = "string")]
        name: Text,
        #[serde(deserialize_with = "option")]
        message: Option<Text>,
        #[serde(deserialize_with = "list")]
        args: Vec<Text>,
    }

    /// `sample` encoded, in bytes that live as long as the test process, as a cache hit's do.
    fn encoded(sample: &Sample) -> &'static mut [u8] {
        Vec::leak(postcard::to_allocvec(sample).unwrap())
    }

    #[test]
    fn texts_read_back_as_written_ascii_or_not() {
        for sample in [
            Sample { name: "npm".into(), message: None, args: vec![] },
            Sample {
                name: "grüß".into(),
                message: Some("日本語 ok".into()),
                args: vec!["i".into(), "ü".into()],
            },
        ] {
            let decoded = postcard::from_bytes::<Sample>(encoded(&sample)).unwrap();
            assert_eq!(decoded, sample);
            let texts = std::iter::once(&decoded.name).chain(&decoded.message).chain(&decoded.args);
            assert!(texts.into_iter().all(|text| matches!(text, Cow::Borrowed(_))), "{decoded:?}");
        }
    }

    #[test]
    fn bytes_that_are_not_utf8_are_refused() {
        let bytes = encoded(&Sample { name: "ab".into(), message: None, args: vec![] });
        // The name's two bytes follow its one-byte length.
        bytes[1] = 0xff;
        assert!(postcard::from_bytes::<Sample>(bytes).is_err());
    }
}
