//! Parameter expansions with an operator (`${x:-d}`, `${x:?}`, `${x#p}`, `${x/a/b}`, `${!x}`, `${#x}`,
//! `${x:1:2}`, `${x^^}`), computed as bash does where the line fixes what they read.
//!
//! A name the line never sets is unset in a new shell when it is not an environment variable;
//! environment variables are upper case by convention, so a lower-case name the line does not
//! set is empty (`${f:+x}`) and an upper-case one stays unknown. A default (`${F:-.env}`) is
//! judged whatever the case: the attacker writes the line, not the environment.

/// What the expansion `raw` (`${…}` as written) gives, when the line fixes it. `default`
/// expands the word of `${x:-word}` (it may hold expansions of its own).
pub(super) fn value(
    raw: &str,
    vars: &dyn Lookup,
    default: &mut dyn FnMut(&str) -> Option<String>,
) -> Option<String> {
    let inner = raw.strip_prefix("${")?.strip_suffix('}')?;
    // `${#x}`: the length.
    if let Some(name) = inner.strip_prefix('#').filter(|name| is_name(name)) {
        return current(name, vars).map(|value| value.chars().count().to_string());
    }
    // `${!x}`: the variable that `x` names.
    if let Some(name) = inner.strip_prefix('!').filter(|name| is_name(name)) {
        let target = current(name, vars)?;
        return if is_name(&target) { current(&target, vars) } else { None };
    }
    let name_end = inner.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(inner.len());
    let (name, operation) = inner.split_at(name_end);
    if !is_name(name) {
        return None;
    }
    let value = current(name, vars);
    let set = value.is_some() || vars.is_set(name);
    if let Some((test_empty, word)) =
        alternative(operation, ":-", "-").or_else(|| alternative(operation, ":=", "="))
    {
        return match value {
            Some(value) if !(test_empty && value.is_empty()) => Some(value),
            Some(_) => default(word),
            // `${F:-.env}`: a name the line does not set gives its default, upper case or not;
            // the line is the attacker's, the environment is not (`unset_or_default`).
            None if !set && unset_or_default(name) => default(word),
            None => None,
        };
    }
    // `${x:?message}`: the value when it is set (and not empty); otherwise the shell stops with
    // the message and runs nothing more, which is no value to judge.
    if let Some((test_empty, _)) = alternative(operation, ":?", "?") {
        return value.filter(|value| !(test_empty && value.is_empty()));
    }
    if let Some((test_empty, word)) = alternative(operation, ":+", "+") {
        return match value {
            Some(value) if !(test_empty && value.is_empty()) => default(word),
            Some(_) => Some(String::new()),
            None if !set && unset_here(name) => Some(String::new()),
            None => None,
        };
    }
    let value = value?;
    match operation.as_bytes().first()? {
        b'#' | b'%' => {
            let longest = operation.len() > 1 && operation.as_bytes()[1] == operation.as_bytes()[0];
            let pattern = &operation[1 + usize::from(longest)..];
            let pattern = default(pattern)?;
            Some(strip(&value, &pattern, operation.starts_with('#'), longest))
        }
        b'/' => {
            let (all, rest) = match operation[1..].strip_prefix('/') {
                Some(rest) => (true, rest),
                None => (false, &operation[1..]),
            };
            // `${v/#a/b}`, `${v/%a/b}`: the pattern anchored at the start or the end.
            let (anchor, rest) = match rest.as_bytes().first() {
                Some(b'#' | b'%') if !all => (rest.as_bytes()[0], &rest[1..]),
                _ => (b'/', rest),
            };
            // `${c/\/tmp\/z/~}`: an escaped slash belongs to the pattern.
            let (pattern, replacement) = split_unescaped(rest, '/').unwrap_or((rest, ""));
            let (pattern, replacement) = (default(pattern)?, default(replacement)?);
            if pattern.is_empty() || pattern.contains(['*', '?', '[']) {
                return None;
            }
            Some(match anchor {
                b'#' => match value.strip_prefix(&pattern) {
                    Some(tail) => replacement + tail,
                    None => value,
                },
                b'%' => match value.strip_suffix(&pattern) {
                    Some(head) => head.to_string() + &replacement,
                    None => value,
                },
                _ if all => value.replace(&pattern, &replacement),
                _ => value.replacen(&pattern, &replacement, 1),
            })
        }
        b'^' | b',' => {
            let upper = operation.starts_with('^');
            let all = operation.len() > 1;
            if operation.len() > 2 {
                return None;
            }
            let change =
                |c: char| if upper { c.to_uppercase().to_string() } else { c.to_lowercase().to_string() };
            Some(if all {
                value.chars().map(change).collect()
            } else {
                let mut chars = value.chars();
                chars.next().map(|first| change(first) + chars.as_str()).unwrap_or_default()
            })
        }
        b':' => {
            let (offset, length) = match operation[1..].split_once(':') {
                Some((offset, length)) => (offset, Some(length)),
                None => (&operation[1..], None),
            };
            let count = value.chars().count() as i64;
            let offset: i64 = offset.trim().parse().ok()?;
            let start = if offset < 0 { (count + offset).max(0) } else { offset.min(count) };
            let end = match length.map(|l| l.trim().parse::<i64>()) {
                None => count,
                Some(Ok(length)) if length < 0 => (count + length).max(start),
                Some(Ok(length)) => (start + length).min(count),
                Some(Err(_)) => return None,
            };
            Some(value.chars().skip(start as usize).take((end - start).max(0) as usize).collect())
        }
        b'@' => match &operation[1..] {
            "U" => Some(value.to_uppercase()),
            "L" => Some(value.to_lowercase()),
            "Q" => Some(super::quote(&value)),
            _ => None,
        },
        _ => None,
    }
}

/// `text` split at its first `separator` that no backslash escapes and no quote holds.
fn split_unescaped(text: &str, separator: char) -> Option<(&str, &str)> {
    let mut quote = None;
    let mut escaped = false;
    for (at, c) in text.char_indices() {
        match (c, quote) {
            _ if escaped => escaped = false,
            ('\\', Some('\'')) => {}
            ('\\', _) => escaped = true,
            ('\'' | '"', None) => quote = Some(c),
            (c, Some(open)) if c == open => quote = None,
            (c, None) if c == separator => return Some((&text[..at], &text[at + c.len_utf8()..])),
            _ => {}
        }
    }
    None
}

/// The variables an expansion reads: their values where the line fixes them, and whether the
/// line set them at all.
pub(super) trait Lookup {
    fn value_of(&self, name: &str) -> Option<&str>;
    fn is_set(&self, name: &str) -> bool;
}

fn current(name: &str, vars: &dyn Lookup) -> Option<String> {
    vars.value_of(name).map(str::to_string)
}

/// The word after `with_colon` or `without` at the start of `operation`, and whether an
/// empty value counts as unset (the colon form).
fn alternative<'o>(operation: &'o str, with_colon: &str, without: &str) -> Option<(bool, &'o str)> {
    operation
        .strip_prefix(with_colon)
        .map(|word| (true, word))
        .or_else(|| operation.strip_prefix(without).map(|word| (false, word)))
}

/// A name a new shell does not have unless the line sets it: not an environment variable by
/// convention (those are upper case), nor a special parameter.
fn unset_here(name: &str) -> bool {
    name.bytes().any(|b| b.is_ascii_lowercase()) && !name.bytes().next().is_some_and(|b| b.is_ascii_digit())
}

/// A name whose default a `${x:-word}` or `${x:=word}` gives when the line does not set it:
/// any but the variables every shell or login has (`HOME`, `PATH`, `USER`, …), whose value is
/// the environment's whatever the line says.
fn unset_or_default(name: &str) -> bool {
    const ALWAYS_SET: &[&str] = &[
        "HOME",
        "PATH",
        "PWD",
        "OLDPWD",
        "USER",
        "LOGNAME",
        "SHELL",
        "HOSTNAME",
        "HOSTTYPE",
        "UID",
        "EUID",
        "PPID",
        "RANDOM",
        "SECONDS",
        "LINENO",
        "SHLVL",
        "IFS",
        "PS1",
        "PS4",
        "OSTYPE",
        "MACHTYPE",
        "LANG",
        "TERM",
        "BASH",
        "BASHPID",
        "BASH_VERSION",
        "GROUPS",
        "EPOCHSECONDS",
        "EPOCHREALTIME",
        "SRANDOM",
    ];
    !name.bytes().next().is_some_and(|b| b.is_ascii_digit()) && !ALWAYS_SET.contains(&name)
}

fn is_name(text: &str) -> bool {
    !text.is_empty()
        && !text.as_bytes()[0].is_ascii_digit()
        && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// `${x#p}` (`from_start`), `${x%p}`; `longest` for `##`/`%%`. The pattern is a shell pattern
/// of `*`, `?` and literal characters.
fn strip(value: &str, pattern: &str, from_start: bool, longest: bool) -> String {
    let bounds: Vec<usize> = value.char_indices().map(|(i, _)| i).chain([value.len()]).collect();
    let cuts: Box<dyn Iterator<Item = &usize>> = match (from_start, longest) {
        (true, false) | (false, true) => Box::new(bounds.iter()),
        (true, true) | (false, false) => Box::new(bounds.iter().rev()),
    };
    for &cut in cuts {
        let (matched, kept) =
            if from_start { (&value[..cut], &value[cut..]) } else { (&value[cut..], &value[..cut]) };
        if pattern_matches(pattern, matched) {
            return kept.to_string();
        }
    }
    value.to_string()
}

/// Whether `text` matches the shell pattern `pattern` (`*`, `?`, bracket classes such as
/// `[a-z]` and `[!.]`, literal characters; a `[` that no `]` closes is literal).
pub(crate) fn pattern_matches(pattern: &str, text: &str) -> bool {
    let units = units(pattern);
    let text: Vec<char> = text.chars().collect();
    let (mut p, mut t, mut star, mut mark) = (0, 0, None, 0);
    while t < text.len() {
        if p < units.len() && units[p].matches(text[t]) {
            p += 1;
            t += 1;
        } else if p < units.len() && units[p] == Unit::Star {
            star = Some(p);
            mark = t;
            p += 1;
        } else if let Some(at) = star {
            p = at + 1;
            mark += 1;
            t = mark;
        } else {
            return false;
        }
    }
    units[p..].iter().all(|unit| *unit == Unit::Star)
}

/// One unit of a shell pattern.
#[derive(PartialEq)]
enum Unit {
    Star,
    Any,
    Char(char),
    /// The characters and ranges of a bracket class, and whether it is negated.
    Class(Vec<(char, char)>, bool),
}

impl Unit {
    /// Whether the unit takes the one character `c` (a star takes any run, and is not asked).
    fn matches(&self, c: char) -> bool {
        match self {
            Unit::Star => false,
            Unit::Any => true,
            Unit::Char(own) => *own == c,
            Unit::Class(ranges, negated) => {
                ranges.iter().any(|(low, high)| (*low..=*high).contains(&c)) != *negated
            }
        }
    }
}

fn units(pattern: &str) -> Vec<Unit> {
    let chars: Vec<char> = pattern.chars().collect();
    let mut units = Vec::with_capacity(chars.len());
    let mut at = 0;
    while at < chars.len() {
        let unit = match chars[at] {
            '*' => Unit::Star,
            '?' => Unit::Any,
            '[' => match class(&chars[at + 1..]) {
                Some((unit, used)) => {
                    units.push(unit);
                    at += used + 1;
                    continue;
                }
                None => Unit::Char('['),
            },
            c => Unit::Char(c),
        };
        units.push(unit);
        at += 1;
    }
    units
}

/// The bracket class that `chars` (what follows a `[`) opens, and how many of them it takes,
/// its `]` included; `None` when no `]` closes it.
fn class(chars: &[char]) -> Option<(Unit, usize)> {
    let negated = matches!(chars.first(), Some('!' | '^'));
    let mut at = usize::from(negated);
    let mut ranges = Vec::new();
    // A `]` first in the class is one of its characters.
    while at < chars.len() && (chars[at] != ']' || at == usize::from(negated)) {
        let low = chars[at];
        if chars.get(at + 1) == Some(&'-') && chars.get(at + 2).is_some_and(|high| *high != ']') {
            ranges.push((low, chars[at + 2]));
            at += 3;
        } else {
            ranges.push((low, low));
            at += 1;
        }
    }
    (at < chars.len()).then(|| (Unit::Class(ranges, negated), at + 1))
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    #[derive(Default)]
    struct Vars(HashMap<String, String>);

    impl Vars {
        fn set(&mut self, name: &str, value: Option<String>) {
            self.0.insert(name.to_string(), value.unwrap_or_default());
        }
    }

    impl Lookup for Vars {
        fn value_of(&self, name: &str) -> Option<&str> {
            self.0.get(name).map(String::as_str)
        }
        fn is_set(&self, name: &str) -> bool {
            self.0.contains_key(name)
        }
    }

    fn eval(raw: &str, vars: &Vars) -> Option<String> {
        value(raw, vars, &mut |word| Some(word.to_string()))
    }

    #[test]
    fn defaults_and_alternatives() {
        let mut vars = Vars::default();
        vars.set("e", Some(String::new()));
        vars.set("f", Some("main.rs".into()));
        assert_eq!(eval("${x:-.env}", &vars).as_deref(), Some(".env"));
        assert_eq!(eval("${x-.env}", &vars).as_deref(), Some(".env"));
        assert_eq!(eval("${e:-.env}", &vars).as_deref(), Some(".env"));
        assert_eq!(eval("${e-.env}", &vars).as_deref(), Some(""));
        assert_eq!(eval("${f:-.env}", &vars).as_deref(), Some("main.rs"));
        assert_eq!(eval("${f:+.env}", &vars).as_deref(), Some(".env"));
        assert_eq!(eval("${x:=.env}", &vars).as_deref(), Some(".env"));
        // An environment variable the line does not set gives its default: the line is what
        // the attacker writes. Those every shell has keep the environment's value.
        assert_eq!(eval("${CONFIG:-.env}", &vars).as_deref(), Some(".env"));
        assert_eq!(eval("${CONFIG:=.env}", &vars).as_deref(), Some(".env"));
        assert_eq!(eval("${HOME:-/x}", &vars), None);
        assert_eq!(eval("${CONFIG:+x}", &vars), None);
    }

    #[test]
    fn indirection_length_and_case() {
        let mut vars = Vars::default();
        vars.set("x", Some("f".into()));
        vars.set("f", Some(".env".into()));
        assert_eq!(eval("${!x}", &vars).as_deref(), Some(".env"));
        assert_eq!(eval("${#f}", &vars).as_deref(), Some("4"));
        assert_eq!(eval("${f^^}", &vars).as_deref(), Some(".ENV"));
        assert_eq!(eval("${f@U}", &vars).as_deref(), Some(".ENV"));
    }

    #[test]
    fn patterns_substrings_and_replacements() {
        let mut vars = Vars::default();
        vars.set("p", Some("/home/dev/.ssh/id_rsa.pub".into()));
        vars.set("s", Some("xx.envxx".into()));
        assert_eq!(eval("${p%.pub}", &vars).as_deref(), Some("/home/dev/.ssh/id_rsa"));
        assert_eq!(eval("${p%.*}", &vars).as_deref(), Some("/home/dev/.ssh/id_rsa"));
        assert_eq!(eval("${p%%.*}", &vars).as_deref(), Some("/home/dev/"));
        assert_eq!(eval("${p##*/}", &vars).as_deref(), Some("id_rsa.pub"));
        assert_eq!(eval("${p#*/}", &vars).as_deref(), Some("home/dev/.ssh/id_rsa.pub"));
        assert_eq!(eval("${s:2:4}", &vars).as_deref(), Some(".env"));
        assert_eq!(eval("${s:2:-2}", &vars).as_deref(), Some(".env"));
        assert_eq!(eval("${s//x/}", &vars).as_deref(), Some(".env"));
        assert_eq!(eval("${s/xx/}", &vars).as_deref(), Some(".envxx"));
        assert_eq!(eval("${s/#xx/a}", &vars).as_deref(), Some("a.envxx"));
        assert_eq!(eval("${s/%xx/b}", &vars).as_deref(), Some("xx.envb"));
        assert_eq!(eval("${s/#env/b}", &vars).as_deref(), Some("xx.envxx"));
    }

    #[test]
    fn a_replacement_splits_at_the_first_slash_not_escaped_or_quoted() {
        assert_eq!(split_unescaped(r"\/tmp\/z/~", '/'), Some((r"\/tmp\/z", "~")));
        assert_eq!(split_unescaped("'a/b'/c", '/'), Some(("'a/b'", "c")));
        assert_eq!(split_unescaped(r"a\\/b", '/'), Some((r"a\\", "b")));
        assert_eq!(split_unescaped("abc", '/'), None);
    }
}
