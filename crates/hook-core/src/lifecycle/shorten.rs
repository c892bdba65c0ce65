//! Text for the agent, kept short: agents cap what a hook may say (Claude Code at 10 000
//! characters) and every character costs the model context.

/// `text` cut to at most `limit` characters, with a note at the end when anything was left
/// out.
pub(crate) fn shorten(text: &str, limit: usize) -> String {
    match text.char_indices().nth(limit) {
        None => text.to_string(),
        Some((cut, _)) => {
            let left_out = text[cut..].chars().count();
            format!("{}\n[{left_out} more characters left out]", &text[..cut])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_kept() {
        assert_eq!(shorten("abc", 3), "abc");
    }

    #[test]
    fn long_text_is_cut_on_a_character_with_a_note() {
        assert_eq!(shorten("ééééé", 2), "éé\n[3 more characters left out]");
    }
}
