//! Brace expansion as bash does it, before every other expansion: `{a,b}`, `{1..3}`, `{a..c}`,
//! nested and with a prefix and suffix (`r{m,}` is `rm r`), bounded in the words it makes.

use super::Word;
use super::lexer::{LexWord, Part};

/// The most words one word expands to; more is reported instead of read.
pub(super) const MAX_WORDS: usize = 256;
/// Longer words with an unquoted brace are reported instead of scanned.
const MAX_CHARS: usize = 4096;
/// Brace groups expanded for one word (each copies the word once).
const MAX_STEPS: usize = 512;

/// What brace expansion made of a word that has one.
#[derive(Debug)]
pub(super) enum Braces {
    Words(Vec<Word>),
    /// More words or work than the bounds allow.
    TooMany,
}

/// One character of a word and whether it was quoted.
type Text = Vec<(char, bool)>;

/// The words `word` expands to, or `None` when it has no brace group (the common case, found
/// by one scan for an unquoted `{`). Words with other expansions in them are left whole.
pub(super) fn expand(word: &LexWord) -> Option<Braces> {
    let mut open = false;
    for part in &word.parts {
        let Part::Literal { text, quoted } = part else { return None };
        open |= !quoted && text.contains('{');
    }
    if !open {
        return None;
    }
    let chars = literal_chars(&word.parts);
    if chars.len() > MAX_CHARS {
        return Some(Braces::TooMany);
    }
    let mut out = Vec::new();
    let mut steps = MAX_STEPS;
    match expand_into(&chars, &mut out, &mut steps) {
        Err(TooMany) => Some(Braces::TooMany),
        Ok(false) => None,
        Ok(true) => {
            Some(Braces::Words(out.iter().filter(|t| !t.is_empty()).map(|t| to_word(t, word)).collect()))
        }
    }
}

/// The words a word expands to when its braces follow a variable (`$HOME/.{ssh/id_rsa,aws/credentials}`),
/// each still to be expanded: bash expands braces first, so each alternative is a word of its
/// own with the variable in front. `None` when the word is not that shape: a variable (no
/// command substitution) in front, then literal text holding a brace group, or when it makes
/// more words than the bounds allow.
pub(super) fn expand_after_variable(word: &LexWord) -> Option<Vec<LexWord>> {
    let tail = word.parts.iter().rposition(|part| !matches!(part, Part::Literal { .. }))? + 1;
    let (head, rest) = word.parts.split_at(tail);
    let opens = |part: &Part| matches!(part, Part::Literal { text, quoted: false } if text.contains('{'));
    if !rest.iter().any(opens)
        || head.iter().any(|part| !matches!(part, Part::Param { .. } | Part::Literal { .. }) || opens(part))
    {
        return None;
    }
    let chars = literal_chars(rest);
    if chars.len() > MAX_CHARS {
        return None;
    }
    let mut out = Vec::new();
    let mut steps = MAX_STEPS;
    if !matches!(expand_into(&chars, &mut out, &mut steps), Ok(true)) {
        return None;
    }
    let words = out.iter().map(|text| {
        let mut parts = head.to_vec();
        for (c, quoted) in text {
            match parts.last_mut() {
                Some(Part::Literal { text, quoted: was }) if was == quoted => text.push(*c),
                _ => parts.push(Part::Literal { text: c.to_string(), quoted: *quoted }),
            }
        }
        LexWord { parts, raw: word.raw.clone() }
    });
    Some(words.collect())
}

/// The characters of `parts`' literal text, each with whether it was quoted; other parts
/// (expansions) add none.
fn literal_chars(parts: &[Part]) -> Text {
    parts
        .iter()
        .flat_map(|part| match part {
            Part::Literal { text, quoted } => text.chars().map(|c| (c, *quoted)).collect(),
            _ => Vec::new(),
        })
        .collect()
}

struct TooMany;

/// Expand the first group of `chars` and then each result; `Ok(false)` when there is none.
fn expand_into(chars: &[(char, bool)], out: &mut Vec<Text>, steps: &mut usize) -> Result<bool, TooMany> {
    let Some((start, end, alternatives)) = group(chars)? else {
        if out.len() >= MAX_WORDS {
            return Err(TooMany);
        }
        out.push(chars.to_vec());
        return Ok(false);
    };
    for alternative in alternatives {
        *steps = steps.checked_sub(1).ok_or(TooMany)?;
        let mut next = chars[..start].to_vec();
        next.extend(alternative);
        next.extend_from_slice(&chars[end + 1..]);
        expand_into(&next, out, steps)?;
    }
    Ok(true)
}

/// The first brace group: where it opens and closes, and its alternatives. A `{` without a
/// top-level comma or a valid sequence is literal, and the search goes on after it.
type Group = (usize, usize, Vec<Text>);

fn group(chars: &[(char, bool)]) -> Result<Option<Group>, TooMany> {
    for start in 0..chars.len() {
        if chars[start] != ('{', false) {
            continue;
        }
        let mut depth = 0usize;
        let mut commas = Vec::new();
        let mut end = None;
        for (j, &(c, quoted)) in chars.iter().enumerate().skip(start + 1) {
            match c {
                _ if quoted => {}
                '{' => depth += 1,
                '}' if depth == 0 => {
                    end = Some(j);
                    break;
                }
                '}' => depth -= 1,
                ',' if depth == 0 => commas.push(j),
                _ => {}
            }
        }
        let Some(end) = end else { continue };
        if !commas.is_empty() {
            let mut alternatives = Vec::new();
            let mut from = start + 1;
            for &stop in commas.iter().chain([&end]) {
                alternatives.push(chars[from..stop].to_vec());
                from = stop + 1;
            }
            return Ok(Some((start, end, alternatives)));
        }
        if let Some(items) = sequence(&chars[start + 1..end])? {
            let alternatives = items.into_iter().map(|s| s.chars().map(|c| (c, false)).collect()).collect();
            return Ok(Some((start, end, alternatives)));
        }
    }
    Ok(None)
}

/// `1..5`, `5..1..2`, `01..10`, `a..e`: the items of a sequence expression.
fn sequence(inner: &[(char, bool)]) -> Result<Option<Vec<String>>, TooMany> {
    if inner.iter().any(|&(_, quoted)| quoted) {
        return Ok(None);
    }
    let text: String = inner.iter().map(|&(c, _)| c).collect();
    let fields: Vec<&str> = text.split("..").collect();
    let (from, to, step) = match fields.as_slice() {
        [from, to] => (*from, *to, None),
        [from, to, step] => (*from, *to, Some(*step)),
        _ => return Ok(None),
    };
    let step = match step.map(str::parse::<i64>) {
        None => 1,
        Some(Ok(step)) => step.unsigned_abs().max(1),
        Some(Err(_)) => return Ok(None),
    };
    let letter = |s: &str| {
        let mut chars = s.chars();
        chars.next().filter(|c| c.is_ascii_alphabetic() && chars.next().is_none()).map(|c| c as i64)
    };
    let (numbers, width) = match (from.parse::<i64>(), to.parse::<i64>(), letter(from), letter(to)) {
        (Ok(a), Ok(b), ..) => {
            let padded =
                |s: &str| s.trim_start_matches('-').len() > 1 && s.trim_start_matches('-').starts_with('0');
            let width = if padded(from) || padded(to) { from.len().max(to.len()) } else { 0 };
            ((a, b), Some(width))
        }
        (_, _, Some(a), Some(b)) => ((a, b), None),
        _ => return Ok(None),
    };
    let (a, b) = numbers;
    if a.abs_diff(b) / step >= MAX_WORDS as u64 {
        return Err(TooMany);
    }
    let mut items = Vec::new();
    let mut n = a;
    loop {
        items.push(match width {
            Some(width) => format!("{n:0width$}"),
            None => u8::try_from(n).map(char::from).unwrap_or_default().to_string(),
        });
        if n == b || items.len() > MAX_WORDS {
            break;
        }
        let next = if a <= b { n.saturating_add(step as i64) } else { n.saturating_sub(step as i64) };
        if (a <= b && next > b) || (a > b && next < b) {
            break;
        }
        n = next;
    }
    Ok(Some(items))
}

/// A word brace expansion made. It is its own source text when nothing in it was quoted, so
/// that a `~` it starts with is the home directory, as bash expands it after the braces.
fn to_word(text: &[(char, bool)], original: &LexWord) -> Word {
    let plain: String = text.iter().map(|&(c, _)| c).collect();
    let unquoted = text.iter().all(|&(_, quoted)| !quoted);
    let unquoted_text: String = text.iter().filter(|&&(_, quoted)| !quoted).map(|&(c, _)| c).collect();
    let glob = super::resolve::has_glob(&unquoted_text);
    let raw = if unquoted { plain.clone() } else { original.raw.clone() };
    Word { text: plain, raw, dynamic: false, glob }
}

#[cfg(test)]
mod tests {
    use super::super::lexer::{TokenKind, tokenize};
    use super::*;

    fn words(src: &str) -> Option<Vec<String>> {
        let word = match tokenize(src).tokens.into_iter().next().map(|t| t.kind) {
            Some(TokenKind::Word(word)) => word,
            other => panic!("not a word: {other:?}"),
        };
        match expand(&word)? {
            Braces::Words(words) => Some(words.into_iter().map(|w| w.text).collect()),
            Braces::TooMany => Some(vec!["too many".into()]),
        }
    }

    #[test]
    fn expands_like_bash() {
        assert_eq!(words("{rm,-rf,~}").unwrap(), ["rm", "-rf", "~"]);
        assert_eq!(words("r{m,}").unwrap(), ["rm", "r"]);
        assert_eq!(words("a{b,c{d,e}}f").unwrap(), ["abf", "acdf", "acef"]);
        assert_eq!(words("{1..3}").unwrap(), ["1", "2", "3"]);
        assert_eq!(words("{3..1}").unwrap(), ["3", "2", "1"]);
        assert_eq!(words("{01..3}").unwrap(), ["01", "02", "03"]);
        assert_eq!(words("{1..7..3}").unwrap(), ["1", "4", "7"]);
        assert_eq!(words("{a..c}").unwrap(), ["a", "b", "c"]);
        assert_eq!(words("x{a}{b,c}").unwrap(), ["x{a}b", "x{a}c"]);
    }

    #[test]
    fn quoted_and_lone_braces_stay_literal() {
        assert_eq!(words("'{a,b}'"), None);
        assert_eq!(words("{a\\,b}"), None);
        assert_eq!(words("{}"), None);
        assert_eq!(words("{a}"), None);
        assert_eq!(words("{1..x}"), None);
        assert_eq!(words("\"{\"a,b}"), None);
    }

    #[test]
    fn bounded() {
        assert_eq!(words("{1..100000}").unwrap(), ["too many"]);
        assert_eq!(words("{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}").unwrap(), ["too many"]);
        assert_eq!(words("{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}").unwrap().len(), 256);
    }
}
