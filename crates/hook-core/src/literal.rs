//! The literal text a regex must start with or contain, found without compiling it: what lets
//! the policy key its rules and the guard skip the regexes that cannot match.

use std::borrow::Cow;

/// Whether `source`, as a command-name regex, is a plain word: it then matches that one name.
pub(crate) fn is_plain_word(source: &str) -> bool {
    !source.is_empty() && source.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// Whether `text` contains `part`. The inputs are one simple command's text, a few dozen
/// bytes: trying each place where `part`'s first byte occurs costs far less than setting up
/// the two-way search of `str::contains` (callgrind: ~250 instructions a call).
pub(crate) fn contains(text: &str, part: &str) -> bool {
    let (text, part) = (text.as_bytes(), part.as_bytes());
    let Some((&first, _)) = part.split_first() else { return true };
    text.iter().enumerate().any(|(at, &byte)| byte == first && text[at..].starts_with(part))
}

/// The literal text each top-level alternative of `source` starts with, or `None` when an
/// alternative may start with anything (a group, a class, a flag, an escape). A group of plain
/// alternatives right after the literal text extends it: `^rm -rf (target|dist)/` must start
/// with `rm -rf target/` or `rm -rf dist/`, so `rm -rf /` compiles nothing.
pub(crate) fn literal_prefixes(source: &str) -> Option<Vec<Cow<'_, str>>> {
    // A byte test: `contains(char)` sets up a searcher that costs more than these few bytes.
    if !source.bytes().any(|byte| byte == b'|') {
        return non_empty(alternative_prefixes(source.strip_prefix('^').unwrap_or(source)));
    }
    let mut prefixes = Vec::new();
    for alternative in top_level_alternatives(source) {
        prefixes
            .extend(non_empty(alternative_prefixes(alternative.strip_prefix('^').unwrap_or(alternative)))?);
    }
    Some(prefixes)
}

/// `prefixes`, unless one is empty: then a match may start with anything.
fn non_empty(prefixes: Vec<Cow<'_, str>>) -> Option<Vec<Cow<'_, str>>> {
    (!prefixes.iter().any(|prefix| prefix.is_empty())).then_some(prefixes)
}

/// How many prefixes one alternative may expand to before the expansion stops.
const MAX_PREFIXES: usize = 16;

/// The texts one alternative (without `|` at its top level) must start with one of: a slice of
/// it, unless its literal text runs into a group (most patterns do not: no copy is made).
fn alternative_prefixes(alternative: &str) -> Vec<Cow<'_, str>> {
    let literal_end = alternative.bytes().position(is_special).unwrap_or(alternative.len());
    let (literal, after) = alternative.split_at(literal_end);
    let literal = match after.as_bytes().first() {
        Some(b'(') => return expanded_prefixes(alternative).into_iter().map(Cow::Owned).collect(),
        // The quantifier applies to the last character only: that one is optional.
        _ if is_quantifier(after) => {
            literal.char_indices().next_back().map_or("", |(last, _)| &literal[..last])
        }
        _ => literal,
    };
    vec![Cow::Borrowed(literal)]
}

/// [`alternative_prefixes`] of an alternative whose literal text may continue into groups of
/// plain choices, each choice making one more prefix.
fn expanded_prefixes(alternative: &str) -> Vec<String> {
    let mut prefixes = vec![String::with_capacity(alternative.len())];
    let mut rest = alternative;
    loop {
        // Every special byte is ASCII, so this position is a character boundary.
        let literal_end = rest.bytes().position(is_special).unwrap_or(rest.len());
        let (literal, after) = rest.split_at(literal_end);
        if is_quantifier(after) {
            let mut chars = literal.chars();
            chars.next_back();
            extend(&mut prefixes, chars.as_str());
            return prefixes;
        }
        extend(&mut prefixes, literal);
        let Some(group) = after.strip_prefix('(') else { return prefixes };
        let Some(close) = group.find(')') else { return prefixes };
        let (choices, after_group) = (&group[..close], &group[close + 1..]);
        let plain = !choices.is_empty() && !choices.bytes().any(|b| b != b'|' && is_special(b));
        let count = choices.split('|').count();
        if !plain || is_quantifier(after_group) || prefixes.len() * count > MAX_PREFIXES {
            return prefixes;
        }
        prefixes = prefixes
            .iter()
            .flat_map(|prefix| {
                choices.split('|').map(move |choice| {
                    let mut joined = String::with_capacity(prefix.len() + choice.len());
                    joined.push_str(prefix);
                    joined.push_str(choice);
                    joined
                })
            })
            .collect();
        rest = after_group;
    }
}

/// Bytes with a meaning in regex syntax (or that end a literal run, like `#` in verbose mode).
fn is_special(byte: u8) -> bool {
    matches!(
        byte,
        b'\\'
            | b'.'
            | b'+'
            | b'*'
            | b'?'
            | b'('
            | b')'
            | b'|'
            | b'['
            | b']'
            | b'{'
            | b'}'
            | b'^'
            | b'$'
            | b'#'
    )
}

fn is_quantifier(text: &str) -> bool {
    text.starts_with(['?', '*', '{'])
}

fn extend(prefixes: &mut [String], literal: &str) {
    for prefix in prefixes {
        prefix.push_str(literal);
    }
}

/// `source` split at the `|` that are outside groups, classes and escapes. By bytes: every
/// delimiter is ASCII, and no byte of a multi-byte character is.
fn top_level_alternatives(source: &str) -> Vec<&str> {
    let mut alternatives = Vec::new();
    let (mut depth, mut in_class, mut escaped, mut start) = (0usize, false, false, 0);
    for (i, byte) in source.bytes().enumerate() {
        match byte {
            _ if escaped => escaped = false,
            b'\\' => escaped = true,
            b'[' if !in_class => in_class = true,
            b']' if in_class => in_class = false,
            b'(' if !in_class => depth += 1,
            b')' if !in_class => depth = depth.saturating_sub(1),
            b'|' if !in_class && depth == 0 => {
                alternatives.push(&source[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    alternatives.push(&source[start..]);
    alternatives
}

#[cfg(test)]
mod tests {
    use super::*;

    fn literal_prefixes(source: &str) -> Option<Vec<String>> {
        super::literal_prefixes(source).map(|prefixes| prefixes.into_iter().map(Cow::into_owned).collect())
    }

    #[test]
    fn prefixes_without_groups_are_slices_of_the_source() {
        for source in ["git push .*--no-verify", "python[23]?", "^chmod -R 777", "pythons?", "npm|yarn"] {
            let prefixes = super::literal_prefixes(source).unwrap();
            assert!(
                prefixes.iter().all(|prefix| matches!(prefix, Cow::Borrowed(_))),
                "{source}: {prefixes:?}"
            );
        }
    }

    #[test]
    fn contains_finds_a_part_anywhere() {
        assert!(contains("sudo git push --no-verify", "git push "));
        assert!(contains("aab", "ab") && contains("ab", "ab") && contains("x", ""));
        assert!(!contains("git pus", "git push") && !contains("", "a") && !contains("gti push", "git"));
        assert!(contains("é git", "git") && !contains("é", "\u{e8}"));
    }

    #[test]
    fn prefixes_are_only_claimed_when_certain() {
        assert_eq!(literal_prefixes("npm|yarn"), Some(vec!["npm".to_string(), "yarn".to_string()]));
        assert_eq!(literal_prefixes("^git"), Some(vec!["git".to_string()]));
        assert_eq!(literal_prefixes("pythons?"), Some(vec!["python".to_string()]));
        assert_eq!(literal_prefixes("é?"), None);
        assert_eq!(literal_prefixes("aé?"), Some(vec!["a".to_string()]));
        assert_eq!(literal_prefixes("(?i)npm"), None);
        assert_eq!(literal_prefixes("a|[bc]"), None);
        assert_eq!(literal_prefixes("x?y"), None);
        assert_eq!(top_level_alternatives("a(b|c)|[|]|d"), ["a(b|c)", "[|]", "d"]);
        let expanded = literal_prefixes("^rm -rf (target|dist|build)/?$");
        assert_eq!(expanded, Some(vec!["rm -rf target".into(), "rm -rf dist".into(), "rm -rf build".into()]));
        assert_eq!(literal_prefixes("(git|hg) push"), Some(vec!["git push".into(), "hg push".into()]));
        assert_eq!(literal_prefixes("docker(-compose)? up"), Some(vec!["docker".into()]));
        assert_eq!(literal_prefixes("a(b|c)+"), Some(vec!["ab".into(), "ac".into()]));
        assert_eq!(literal_prefixes("a(b|c)*"), Some(vec!["a".into()]));
        assert_eq!(literal_prefixes("a(?i:b)"), Some(vec!["a".into()]));
        assert_eq!(literal_prefixes("a(b|c.)"), Some(vec!["a".into()]));
        assert_eq!(literal_prefixes("(|x)y"), Some(vec!["y".into(), "xy".into()]));
        assert_eq!(literal_prefixes("(|x)"), None, "an empty choice leaves an empty prefix");
        assert_eq!(literal_prefixes("x(a|)y"), Some(vec!["xay".into(), "xy".into()]));
    }
}
