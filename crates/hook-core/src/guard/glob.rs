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

/// Whether `path` (components separated by `/`, no leading or trailing `/`) matches `glob`.
/// A malformed glob matches nothing.
pub fn matches(glob: &str, path: &str) -> bool {
    let glob: Vec<&str> = glob.split('/').filter(|part| !part.is_empty()).collect();
    let path: Vec<&str> = path.split('/').filter(|part| !part.is_empty()).collect();
    components_match(&glob, &path)
}

fn components_match(glob: &[&str], path: &[&str]) -> bool {
    match glob.split_first() {
        None => path.is_empty(),
        Some((&"**", rest)) => (0..=path.len()).any(|skip| components_match(rest, &path[skip..])),
        Some((first, rest)) => path
            .split_first()
            .is_some_and(|(name, tail)| component_matches(first, name) && components_match(rest, tail)),
    }
}

/// One path component against one glob component (no `/` in either).
pub fn component_matches(glob: &str, name: &str) -> bool {
    let glob: Vec<char> = glob.chars().collect();
    let name: Vec<char> = name.chars().collect();
    wildcard(&glob, &name)
}

fn wildcard(glob: &[char], name: &[char]) -> bool {
    match glob.split_first() {
        None => name.is_empty(),
        Some(('*', rest)) => (0..=name.len()).any(|skip| wildcard(rest, &name[skip..])),
        Some(('?', rest)) => !name.is_empty() && wildcard(rest, &name[1..]),
        Some(('[', rest)) => {
            let text: String = rest.iter().collect();
            let Some(end) = class_end(&text) else { return false };
            let class: Vec<char> = text[..end].chars().collect();
            let after = &rest[class.len() + 1..];
            name.split_first().is_some_and(|(&c, tail)| class_contains(&class, c) && wildcard(after, tail))
        }
        Some(('\\', rest)) => match rest.split_first() {
            Some((&escaped, rest)) => name.first() == Some(&escaped) && wildcard(rest, &name[1..]),
            None => false,
        },
        Some((&literal, rest)) => name.first() == Some(&literal) && wildcard(rest, &name[1..]),
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
fn class_contains(class: &[char], c: char) -> bool {
    let (negated, body) = match class.split_first() {
        Some(('!' | '^', body)) => (true, body),
        _ => (false, class),
    };
    let mut found = false;
    let mut i = 0;
    while i < body.len() {
        if i + 2 < body.len() && body[i + 1] == '-' {
            found |= (body[i]..=body[i + 2]).contains(&c);
            i += 3;
        } else {
            found |= body[i] == c;
            i += 1;
        }
    }
    found != negated
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stars_stay_within_a_component() {
        assert!(matches(".env.*", ".env.local"));
        assert!(!matches(".env.*", ".env"));
        assert!(!matches("*.pem", "keys/server.pem"));
        assert!(matches("keys/*.pem", "keys/server.pem"));
    }

    #[test]
    fn double_stars_match_any_depth_including_none() {
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
