//! Text a line turns into other text by fixed rules, `xxd -r -p`'s hex digits and `tr`'s
//! character sets: what the output emulation and the interpreter readers
//! both compute.

/// What `xxd -r -p` makes of hex digits (whitespace between them is skipped).
pub(crate) fn unhex(text: &str) -> Option<String> {
    let digits: Vec<u8> = text.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    let bytes = digits
        .chunks(2)
        .map(|pair| u8::from_str_radix(std::str::from_utf8(pair).ok()?, 16).ok())
        .collect::<Option<Vec<u8>>>()?;
    String::from_utf8(bytes).ok()
}

/// The characters of `tr`'s classes that a translation maps in order (`[:lower:]` to
/// `[:upper:]`).
const TR_CLASSES: &[(&str, &str)] = &[
    ("[:lower:]", "abcdefghijklmnopqrstuvwxyz"),
    ("[:upper:]", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
    ("[:digit:]", "0123456789"),
    ("[:alpha:]", "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"),
    ("[:alnum:]", "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"),
];

/// `tr FROM TO` with literal sets, ranges (`a-z`, rot13's `A-Za-z N-ZA-Mn-za-m`), the letter
/// and digit classes (`[:lower:]`) and the escapes `\n`, `\t`, `\\`; `None` for the other
/// classes, repeats (`[a*]`), octal escapes and options, which are not computed.
pub(crate) fn translate(text: &str, from: &str, to: &str) -> Option<String> {
    let (from, to) = (tr_set(from)?, tr_set(to)?);
    let last = *to.last()?;
    Some(
        text.chars()
            .map(|c| match from.iter().rposition(|&f| f == c) {
                Some(i) => to.get(i).copied().unwrap_or(last),
                None => c,
            })
            .collect(),
    )
}

/// `tr -d SET` (its characters deleted) and `tr -s SET` (each run of one of them squeezed to
/// one), with [`translate`]'s sets; `tr -s FROM TO` translates, then squeezes TO's.
pub(super) fn tr_option(text: &str, option: &str, sets: &[&str]) -> Option<String> {
    match (option, sets) {
        ("-d" | "--delete", [set]) => {
            let set = tr_set(set)?;
            Some(text.chars().filter(|c| !set.contains(c)).collect())
        }
        ("-s" | "--squeeze-repeats", [set]) => Some(squeeze(text, &tr_set(set)?)),
        ("-s" | "--squeeze-repeats", [from, to]) => Some(squeeze(&translate(text, from, to)?, &tr_set(to)?)),
        _ => None,
    }
}

fn squeeze(text: &str, set: &[char]) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if !(set.contains(&c) && out.ends_with(c)) {
            out.push(c);
        }
    }
    out
}

/// The characters of one of `tr`'s sets, in order (see [`translate`]).
fn tr_set(spec: &str) -> Option<Vec<char>> {
    if spec.starts_with('-') {
        return None;
    }
    let mut chars = Vec::with_capacity(spec.len());
    let mut rest = spec;
    while let Some(c) = rest.chars().next() {
        if let Some((class, members)) = TR_CLASSES.iter().find(|(class, _)| rest.starts_with(class)) {
            chars.extend(members.chars().map(|m| (m, true)));
            rest = &rest[class.len()..];
            continue;
        }
        let (c, width, escaped) = match (c, rest[1..].chars().next()) {
            ('[', _) => return None,
            ('\\', Some('n')) => ('\n', 2, true),
            ('\\', Some('t')) => ('\t', 2, true),
            ('\\', Some('\\')) => ('\\', 2, true),
            ('\\', _) => return None,
            _ => (c, c.len_utf8(), false),
        };
        // A class's members and an escape are no range's ends, nor its dash.
        chars.push((c, escaped));
        rest = &rest[width..];
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if i + 2 < chars.len() && chars[i + 1] == ('-', false) && !chars[i].1 && !chars[i + 2].1 {
            let (a, b) = (chars[i].0, chars[i + 2].0);
            if a > b {
                return None;
            }
            out.extend(a..=b);
            i += 3;
        } else {
            out.push(chars[i].0);
            i += 1;
        }
    }
    Some(out)
}
