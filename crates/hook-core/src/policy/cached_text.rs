//! Strings of a cached policy, decoded without a second UTF-8 check when they are ASCII.
//!
//! postcard checks every string it decodes, and a cached 50-rule policy holds about two
//! hundred, short enough that the check's set-up is most of its cost: 19 K of the ~160 K
//! instructions of a call (callgrind). An ASCII test costs a few, and ASCII is UTF-8; any
//! other text takes the full check. On the wire these are postcard strings (a length, then
//! the bytes), read here as bytes, so the cache format does not change.
#![allow(unsafe_code)]

use std::fmt;

use serde::Deserialize;
use serde::de::{self, Deserializer, SeqAccess, Visitor};

/// For `#[serde(deserialize_with)]` on a `String`.
pub(super) fn string<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    deserializer.deserialize_bytes(Text)
}

/// For `#[serde(deserialize_with)]` on an `Option<String>`.
pub(super) fn option<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
    deserializer.deserialize_option(MaybeText)
}

/// For `#[serde(deserialize_with)]` on a `Vec<String>`.
pub(super) fn list<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<String>, D::Error> {
    deserializer.deserialize_seq(TextList)
}

fn text<E: de::Error>(bytes: &[u8]) -> Result<String, E> {
    if bytes.is_ascii() {
        // SAFETY: every ASCII byte sequence is valid UTF-8.
        return Ok(unsafe { String::from_utf8_unchecked(bytes.to_vec()) });
    }
    String::from_utf8(bytes.to_vec()).map_err(|_| E::invalid_value(de::Unexpected::Bytes(bytes), &Text))
}

struct Text;

impl Visitor<'_> for Text {
    type Value = String;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("UTF-8 text")
    }

    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<String, E> {
        text(bytes)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<String, E> {
        Ok(text.to_owned())
    }
}

struct MaybeText;

impl<'de> Visitor<'de> for MaybeText {
    type Value = Option<String>;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("UTF-8 text or nothing")
    }

    fn visit_none<E: de::Error>(self) -> Result<Option<String>, E> {
        Ok(None)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Option<String>, D::Error> {
        string(deserializer).map(Some)
    }
}

struct TextList;

impl<'de> Visitor<'de> for TextList {
    type Value = Vec<String>;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a list of UTF-8 texts")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<String>, A::Error> {
        // A length from a damaged file must not reserve a huge block.
        let mut list = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1024));
        while let Some(Item(text)) = seq.next_element()? {
            list.push(text);
        }
        Ok(list)
    }
}

/// One element of a [`list`].
struct Item(String);

impl<'de> Deserialize<'de> for Item {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        string(deserializer).map(Item)
    }
}

#[cfg(test)]
mod tests {
    use serde::Serialize;

    use super::*;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Sample {
        #[serde(deserialize_with = "string")]
        name: String,
        #[serde(deserialize_with = "option")]
        message: Option<String>,
        #[serde(deserialize_with = "list")]
        args: Vec<String>,
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
            let bytes = postcard::to_allocvec(&sample).unwrap();
            assert_eq!(postcard::from_bytes::<Sample>(&bytes).unwrap(), sample);
        }
    }

    #[test]
    fn bytes_that_are_not_utf8_are_refused() {
        let mut bytes =
            postcard::to_allocvec(&Sample { name: "ab".into(), message: None, args: vec![] }).unwrap();
        // The name's two bytes follow its one-byte length.
        bytes[1] = 0xff;
        assert!(postcard::from_bytes::<Sample>(&bytes).is_err());
    }
}
