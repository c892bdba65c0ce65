//! Base64 and base32 decoding, for text the line hides from a plain reading: PowerShell's
//! `-EncodedCommand`, `echo … | base64 -d | sh`, `base32 -d`.

/// The bytes of `text` in standard or URL-safe base64; whitespace is skipped, decoding stops
/// at padding. `None` for any other character.
pub(crate) fn decode(text: &str) -> Option<Vec<u8>> {
    decode_digits(text, 6, |b| match b {
        b'A'..=b'Z' => Some(b - b'A'),
        b'a'..=b'z' => Some(b - b'a' + 26),
        b'0'..=b'9' => Some(b - b'0' + 52),
        b'+' | b'-' => Some(62),
        b'/' | b'_' => Some(63),
        _ => None,
    })
}

/// The bytes of `text` in RFC 4648 base32 (`base32 -d`, `basenc --base32`), either case;
/// whitespace is skipped, decoding stops at padding. `None` for any other character.
pub(crate) fn decode32(text: &str) -> Option<Vec<u8>> {
    decode_digits(text, 5, |b| match b.to_ascii_uppercase() {
        c @ b'A'..=b'Z' => Some(c - b'A'),
        c @ b'2'..=b'7' => Some(c - b'2' + 26),
        _ => None,
    })
}

/// The bytes that `text`'s digits of `width` bits each make, `digit` giving each one's value.
fn decode_digits(text: &str, width: u32, digit: fn(u8) -> Option<u8>) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * width as usize / 8);
    let (mut buffer, mut bits) = (0u32, 0u32);
    for b in text.bytes() {
        let value = match b {
            b'=' => break,
            b' ' | b'\t' | b'\r' | b'\n' => continue,
            _ => digit(b)?,
        };
        buffer = (buffer << width) | u32::from(value);
        bits += width;
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

    #[test]
    fn base32_in_either_case_with_padding() {
        assert_eq!(decode32("OJWSALLSMYQC6===").as_deref(), Some(&b"rm -rf /"[..]));
        assert_eq!(decode32("ojwsallsmyqc6===").as_deref(), Some(&b"rm -rf /"[..]));
        assert_eq!(decode32("OJWS ALLS\nMYQC6").as_deref(), Some(&b"rm -rf /"[..]));
        assert_eq!(decode32("OJWS1"), None, "1 is no base32 digit");
    }
}
