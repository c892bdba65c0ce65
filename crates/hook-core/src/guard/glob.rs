//! Gitignore-style globs over `/`-separated paths: `*`, `**`, `?`, `[...]` and `\` escapes.
//!
//! `*` and `?` never cross a `/`; a `**` that is a whole path component matches any number of
//! components, none included. Small enough to write rather than add a crate.

/// Why a glob cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GlobError {
    /// A `[` without its `]`.
    UnclosedClass,
    /// A `\` at the very end.
    TrailingEscape,
}

impl std::fmt::Display for GlobError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::UnclosedClass => write!(f, "`[` without a closing `]`"),
            Self::TrailingEscape => write!(f, "a `\\` at the end escapes nothing"),
        }
    }
}

impl std::error::Error for GlobError {}

/// Check that `glob` is well formed.
pub fn validate(glob: &str) -> Result<(), GlobError> {
    let mut chars = glob.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.next().is_none() => return Err(GlobError::TrailingEscape),
            '[' => {
                let rest = chars.as_str();
                let end = class_end(rest).ok_or(GlobError::UnclosedClass)?;
                chars = rest[end + 1..].chars();
            }
            _ => {}
        }
    }
    Ok(())
}

/// Whether `path` (components separated by `/`) matches the glob made of the components
/// `glob` (see [`components`]). A malformed glob matches nothing.
///
/// The glob comes as components so that one made of several parts (a home directory and a
/// glob under it) needs no string built to hold it.
pub fn matches<'g>(glob: impl Iterator<Item = &'g str> + Clone, path: &str) -> bool {
    components_match(glob, components(path))
}

/// The non-empty `/`-separated components of `text`.
pub fn components(text: &str) -> Components<'_> {
    Components { rest: text }
}

/// The iterator of [`components`]. Paths and globs are short: a byte loop finds each `/`
/// for a fraction of what `str::split`'s searcher costs per component.
#[derive(Clone)]
pub struct Components<'a> {
    rest: &'a str,
}

impl<'a> Iterator for Components<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        loop {
            if self.rest.is_empty() {
                return None;
            }
            // `/` is ASCII, so both sides of it are character boundaries.
            let (part, rest) = match self.rest.bytes().position(|byte| byte == b'/') {
                Some(slash) => (&self.rest[..slash], &self.rest[slash + 1..]),
                None => (self.rest, ""),
            };
            self.rest = rest;
            if !part.is_empty() {
                return Some(part);
            }
        }
    }
}

// Iterators rather than collected slices: a hook checks a few dozen globs per path, and
// collecting them cost an allocation or two per glob and per path.
fn components_match<'g, 'p>(
    mut glob: impl Iterator<Item = &'g str> + Clone,
    mut path: impl Iterator<Item = &'p str> + Clone,
) -> bool {
    loop {
        match glob.next() {
            None => return path.next().is_none(),
            Some("**") => loop {
                // Any number of components, none included; `**/**` is `**` (one branch per
                // `**` of a run made a line of sixty of them take seconds).
                while glob.clone().next() == Some("**") {
                    glob.next();
                }
                if components_match(glob.clone(), path.clone()) {
                    return true;
                }
                if path.next().is_none() {
                    return false;
                }
            },
            Some(first) => {
                if !path.next().is_some_and(|name| component_matches(first, name)) {
                    return false;
                }
            }
        }
    }
}

/// Whether some path could match both globs `a` and `b` (`~/.s?h/id_rsa` and `~/.ssh/id_*`),
/// given as components: one by one, with `**` on either side taking any number of them. An
/// approximation that errs towards meeting (see [`components_meet`]).
pub fn overlap(a: &[&str], b: &[&str]) -> bool {
    // A line of many `**` on both sides could branch without end: past the budget, they meet.
    let mut budget = 4096_u32;
    overlap_within(a, b, &mut budget)
}

fn overlap_within(a: &[&str], b: &[&str], budget: &mut u32) -> bool {
    if *budget == 0 {
        return true;
    }
    *budget -= 1;
    match (a.split_first(), b.split_first()) {
        (None, None) => true,
        (Some((&"**", rest)), _) => (0..=b.len()).any(|taken| overlap_within(rest, &b[taken..], budget)),
        (_, Some((&"**", rest))) => (0..=a.len()).any(|taken| overlap_within(&a[taken..], rest, budget)),
        (Some((x, a_rest)), Some((y, b_rest))) => {
            components_meet(x, y) && overlap_within(a_rest, b_rest, budget)
        }
        _ => false,
    }
}

/// Whether one name could match both component globs: either matches the other, or a name
/// made from one (its stars empty, its `?` any character) matches both.
fn components_meet(a: &str, b: &str) -> bool {
    let witness = |glob: &str| glob.replace('*', "").replace('?', "x");
    component_matches(a, b)
        || component_matches(b, a)
        || [witness(a), witness(b)]
            .iter()
            .any(|name| component_matches(a, name) && component_matches(b, name))
}

/// One path component against one glob component (no `/` in either). Greedy, going back only
/// to the last `*`: every other unit matches one character, so that is enough, and a glob of
/// many stars costs time linear in the name, not exponential (a line of forty `*` took
/// seconds).
pub fn component_matches(glob: &str, name: &str) -> bool {
    let (mut pattern, mut name) = (glob, name);
    // Where to resume after the last `*`: the pattern after it, and the name it took up to.
    let mut star: Option<(&str, &str)> = None;
    loop {
        if let Some(after) = pattern.strip_prefix('*') {
            pattern = after.trim_start_matches('*');
            star = Some((pattern, name));
            continue;
        }
        if pattern.is_empty() && name.is_empty() {
            return true;
        }
        if let Some((pattern_rest, name_rest)) = one_unit(pattern, name) {
            (pattern, name) = (pattern_rest, name_rest);
            continue;
        }
        // A mismatch: let the last `*` take one more character, or fail.
        let Some((after_star, taken)) = star else { return false };
        let mut chars = taken.chars();
        if chars.next().is_none() {
            return false;
        }
        star = Some((after_star, chars.as_str()));
        (pattern, name) = (after_star, chars.as_str());
    }
}

/// The first unit of `pattern` (not `*`) matched against the first character of `name`: what
/// is left of both, or `None` when it does not match.
fn one_unit<'p, 'n>(pattern: &'p str, name: &'n str) -> Option<(&'p str, &'n str)> {
    let mut units = pattern.chars();
    let first = units.next()?;
    let rest = units.as_str();
    let mut chars = name.chars();
    let head = chars.next()?;
    let tail = chars.as_str();
    match first {
        '?' => Some((rest, tail)),
        '[' => {
            let end = class_end(rest)?;
            class_contains(&rest[..end], head).then_some((&rest[end + 1..], tail))
        }
        '\\' => {
            let mut escaped = rest.chars();
            (escaped.next()? == head).then_some((escaped.as_str(), tail))
        }
        literal => (literal == head).then_some((rest, tail)),
    }
}

/// The byte offset of the `]` closing a class whose body starts `text`; a `]` right at the
/// start (after an optional negation) is part of the class.
fn class_end(text: &str) -> Option<usize> {
    let body_start = usize::from(text.starts_with(['!', '^']));
    let first_searchable = body_start + usize::from(text[body_start..].starts_with(']'));
    text[first_searchable..].find(']').map(|end| end + first_searchable)
}

/// `[abc]`, `[a-z]`, `[!a]` / `[^a]`.
fn class_contains(class: &str, c: char) -> bool {
    let (negated, body) = match class.strip_prefix(['!', '^']) {
        Some(body) => (true, body),
        None => (false, class),
    };
    let mut found = false;
    let mut chars = body.chars();
    while let Some(first) = chars.next() {
        let mut ahead = chars.clone();
        match (ahead.next(), ahead.next()) {
            (Some('-'), Some(last)) => {
                found |= (first..=last).contains(&c);
                chars = ahead;
            }
            _ => found |= first == c,
        }
    }
    found != negated
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matches(glob: &str, path: &str) -> bool {
        super::matches(components(glob), path)
    }

    #[test]
    fn globs_overlap_when_some_path_matches_both() {
        let overlap = |a: &str, b: &str| {
            super::overlap(&components(a).collect::<Vec<_>>(), &components(b).collect::<Vec<_>>())
        };
        assert!(overlap("/h/.s?h/id_rsa", "/h/.ssh/id_*"));
        assert!(overlap("/h/.s*/id_rsa", "/h/.ssh/*"));
        assert!(overlap("/h/.c?nfig/gcloud/x.db", "/h/.config/gcloud/**"));
        assert!(overlap("/h/**/id_rsa", "/h/.ssh/id_*"));
        assert!(!overlap("/h/.s?h/known_hosts", "/h/.ssh/id_*"));
        assert!(!overlap("/h/src/*.rs", "/h/.ssh/*"));
    }

    #[test]
    fn stars_stay_within_a_component() {
        assert!(matches(".env.*", ".env.local"));
        assert!(!matches(".env.*", ".env"));
        assert!(!matches("*.pem", "keys/server.pem"));
        assert!(matches("keys/*.pem", "keys/server.pem"));
    }

    #[test]
    fn many_stars_match_as_one_and_backtrack_only_to_the_last() {
        // Each of these took exponential time with one recursive branch per `*`.
        assert!(component_matches(&"*".repeat(200), "anything"));
        assert!(component_matches(&format!("{}x", "*".repeat(80)), "abcx"));
        assert!(!component_matches(&format!("{}b", "*a".repeat(30)), &"a".repeat(60)));
        assert!(component_matches(&format!("{}b", "*a".repeat(3)), "xaxaaab"));
        assert!(component_matches("*.p?m", "server.pem"));
        assert!(component_matches("id_*[!b]", "id_rsa"));
        assert!(!component_matches("id_*[!a]", "id_rsa"));
        assert!(component_matches("a\\*b", "a*b"));
        assert!(!component_matches("a\\*b", "axb"));
    }

    #[test]
    fn double_stars_match_any_depth_including_none() {
        assert!(matches(&"**/".repeat(300), "a/b/c"));
        assert!(matches(&format!("{}.ssh/id_rsa", "**/".repeat(300)), "home/dev/.ssh/id_rsa"));
        assert!(!matches(&format!("{}.ssh/id_rsa", "**/".repeat(300)), "home/dev/.ssh/id_rsa.pub"));
        assert!(matches("**/*.pem", "server.pem"));
        assert!(matches("**/*.pem", "a/b/server.pem"));
        assert!(matches(".git/**", ".git/hooks/pre-commit"));
        assert!(matches("a/**/b", "a/b"));
        assert!(matches("a/**/b", "a/x/y/b"));
        assert!(!matches("a/**/b", "a/x/c"));
    }

    #[test]
    fn question_marks_classes_and_escapes() {
        assert!(matches("id_?sa", "id_rsa"));
        assert!(matches("id_[rd]sa", "id_dsa"));
        assert!(!matches("id_[!rd]sa", "id_rsa"));
        assert!(matches("[a-c]x", "bx"));
        assert!(matches("[]]", "]"));
        assert!(matches("\\*", "*"));
        assert!(!matches("\\*", "a"));
    }

    #[test]
    fn malformed_globs_are_reported_and_match_nothing() {
        assert_eq!(validate("secrets/[ab"), Err(GlobError::UnclosedClass));
        assert_eq!(validate("x\\"), Err(GlobError::TrailingEscape));
        assert_eq!(validate("**/[!a-z]*.pem"), Ok(()));
        assert!(!matches("[ab", "[ab"));
    }
}
