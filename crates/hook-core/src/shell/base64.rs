//! Base64 decoding, for text the line hides from a plain reading: PowerShell's
//! `-EncodedCommand` and `echo … | base64 -d | sh`.

/// The bytes of `text` in standard or URL-safe base64; whitespace is skipped, decoding stops
/// at padding. `None` for any other character.
pub(crate) fn decode(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() / 4 * 3);
    let mut buffer = 0u32;
    let mut bits = 0u32;
    for b in text.bytes() {
        let value = match b {
            b'A'..=b'Z' => b - b'A',
            b'a'..=b'z' => b - b'a' + 26,
            b'0'..=b'9' => b - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            b'=' => break,
            b' ' | b'\t' | b'\r' | b'\n' => continue,
            _ => return None,
        };
        buffer = (buffer << 6) | u32::from(value);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
            buffer &= (1 << bits) - 1;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_url_safe_and_wrapped() {
        assert_eq!(decode("cm0gLXJmIC8K").as_deref(), Some(&b"rm -rf /\n"[..]));
        assert_eq!(decode("cm0g\nLXJm\nIC8K").as_deref(), Some(&b"rm -rf /\n"[..]));
        assert_eq!(decode("aGk=").as_deref(), Some(&b"hi"[..]));
        assert_eq!(decode("not base64!"), None);
    }
}
