//! The values of expressions the scan can compute: string literals in each language's
//! spellings, literals joined at run time (`'.e' + 'nv'`, `['.', 'env'].join('')`, `chr(46)`),
//! and paths built from the home directory (`os.path.expanduser("~/.ssh")`,
//! `Path.home() / ".aws"`).

use super::language::Language;

/// The languages' ways of naming the home directory.
pub(super) const HOME_EXPRESSIONS: &[&str] = &[
    "process.env.HOME",
    "process.env['HOME']",
    "process.env[\"HOME\"]",
    "os.homedir()",
    "require('os').homedir()",
    "require(\"os\").homedir()",
    "os.path.expanduser('~')",
    "os.path.expanduser(\"~\")",
    "os.environ['HOME']",
    "os.environ[\"HOME\"]",
    "os.getenv('HOME')",
    "os.getenv(\"HOME\")",
    "str(Path.home())",
    "Path.home()",
    "pathlib.Path.home()",
    "Dir.home",
    "ENV['HOME']",
    "ENV[\"HOME\"]",
    "$ENV{HOME}",
    "$ENV{'HOME'}",
    "getenv('HOME')",
    "getenv(\"HOME\")",
    "$_SERVER['HOME']",
    "System.getProperty(\"user.home\")",
    "System.getProperty('user.home')",
    "System.getenv(\"HOME\")",
    "NSHomeDirectory()",
    "FileManager.default.homeDirectoryForCurrentUser.path",
    "FileManager.default.homeDirectoryForCurrentUser",
    "System.user_home!()",
    "System.user_home()",
    "homedir()",
    "Sys.getenv(\"HOME\")",
    "Sys.getenv('HOME')",
    "path.expand(\"~\")",
    "Deno.env.get(\"HOME\")",
    "Deno.env.get('HOME')",
    "Bun.env.HOME",
    "Bun.env['HOME']",
    "Bun.env[\"HOME\"]",
];

/// A path built from the home directory and a literal (`os.homedir() + '/.bashrc'`,
/// `path.join(os.homedir(), '.ssh')`, `Path.home() / '.aws'`, `"$ENV{HOME}/.bashrc"`,
/// `"#{Dir.home}/.ssh"`), as `~/…`; `None` for anything else.
pub(super) fn home_path(text: &str, language: Language) -> Option<String> {
    let text = text.trim();
    // `path.join(HOME, 'a', 'b')`, `os.path.join(…)`, `File.join(…)`, `path.resolve(…)`.
    for join in ["path.join(", "os.path.join(", "File.join(", "path.resolve(", "Join-Path("] {
        if let Some(inner) = text.strip_prefix(join).and_then(|rest| rest.strip_suffix(')')) {
            let mut parts = inner.split(',').map(str::trim);
            let home = parts.next()?;
            HOME_EXPRESSIONS.contains(&home).then_some(())?;
            let rest: Option<Vec<String>> =
                parts.map(|part| literal(part, language).map(|(value, _)| value)).collect();
            return Some(format!("~/{}", rest?.join("/").trim_start_matches('/')));
        }
    }
    // `HOME + '/x'`, `HOME . '/x'` (Perl, PHP), `HOME / 'x'` (pathlib).
    if let Some(home) = HOME_EXPRESSIONS.iter().find(|home| text.starts_with(**home)) {
        // The bare home directory is the scanner's own `$HOME` finding.
        let rest = text[home.len()..].trim_start();
        let rest = rest.strip_prefix(['+', '.', '/'])?.trim_start();
        let (value, _) = literal(rest, language)?;
        return Some(format!("~/{}", value.trim_start_matches('/')));
    }
    // `"$ENV{HOME}/.bashrc"`, `"#{Dir.home}/.ssh"`, `f"{Path.home()}/.aws"`, `` `${os.homedir()}/x` ``.
    let (value, true) = literal(text, language)? else { return None };
    let home = [
        "$HOME",
        "$ENV{HOME}",
        "#{Dir.home}",
        "#{ENV['HOME']}",
        "{Path.home()}",
        "{os.path.expanduser('~')}",
        "${process.env.HOME}",
        "${os.homedir()}",
        "{os.environ['HOME']}",
    ]
    .iter()
    .find(|home| value.starts_with(**home))?;
    let rest = &value[home.len()..];
    (rest.is_empty() || rest.starts_with('/')).then(|| format!("~{rest}"))
}

pub(super) fn find(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    bytes.get(from..)?.windows(needle.len()).position(|w| w == needle).map(|p| from + p)
}

/// The index just past the string literal opening at `start`.
pub(super) fn string_end(bytes: &[u8], start: usize, language: Language) -> usize {
    let quote = bytes[start];
    let triple =
        language == Language::Python && bytes.get(start..start + 3) == Some(&[quote, quote, quote][..]);
    if triple {
        return find(bytes, start + 3, &[quote, quote, quote]).map_or(bytes.len(), |end| end + 3);
    }
    let mut i = start + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b if b == quote => return i + 1,
            _ => i += 1,
        }
    }
    bytes.len()
}

/// Whether Python's `open` mode writes (`"w"`, `"a"`, `"x"`, `"r+"`).
pub(super) fn is_write_mode(mode: &str) -> bool {
    mode.contains(['w', 'a', 'x', '+'])
}

/// The value of `text` when it is exactly one string literal; and whether it interpolates.
pub(super) fn literal(text: &str, language: Language) -> Option<(String, bool)> {
    let text = text.trim();
    if let Some(found) = quote_operator(text, language) {
        return Some(found);
    }
    let prefix_len = if language == Language::Python {
        text.bytes()
            .take_while(|b| matches!(b.to_ascii_lowercase(), b'r' | b'b' | b'u' | b'f'))
            .count()
            .min(2)
    } else {
        0
    };
    let prefix = text[..prefix_len].to_ascii_lowercase();
    let body = &text[prefix_len..];
    let quote = *body.as_bytes().first()?;
    if !matches!(quote, b'\'' | b'"' | b'`') || (quote == b'`' && language != Language::Node) {
        return None;
    }
    if string_end(body.as_bytes(), 0, language) != body.len() {
        return None;
    }
    let triple = language == Language::Python && body.len() >= 6 && body.as_bytes()[..3] == [quote; 3];
    let delimiter = if triple { 3 } else { 1 };
    let inner = body.get(delimiter..body.len().checked_sub(delimiter)?)?;
    let raw = prefix.contains('r')
        || (quote == b'\'' && matches!(language, Language::Perl | Language::Ruby | Language::Php));
    let interpolated = match language {
        Language::Python => prefix.contains('f') && inner.contains('{'),
        Language::Node => quote == b'`' && inner.contains("${"),
        Language::Ruby => quote == b'"' && inner.contains("#{"),
        Language::Perl | Language::Php => quote == b'"' && inner.contains(['$', '@']),
        Language::Elixir => quote == b'"' && inner.contains("#{"),
        Language::Groovy => quote == b'"' && inner.contains('$'),
        Language::Awk
        | Language::Lua
        | Language::R
        | Language::Julia
        | Language::AppleScript
        | Language::Erlang
        | Language::Lisp
        | Language::Tcl
        | Language::Editor
        | Language::Haskell
        | Language::Gnuplot
        | Language::Octave
        | Language::Dc
        | Language::M4 => false,
    };
    let mut value = if raw { inner.to_string() } else { unescape(inner) };
    if interpolated {
        value = as_shell_expansions(&value, language);
    }
    Some((value, interpolated))
}

/// An interpolating string's run-time parts as shell expansions, so that a command line built
/// from it has unknown words where they are (`f"rm -rf {d}"` is `rm -rf ${d}`), and the home
/// directory where it is named (`"rm -rf #{Dir.home}"` is `rm -rf $HOME`).
pub(super) fn as_shell_expansions(value: &str, language: Language) -> String {
    let value = match language {
        Language::Ruby | Language::Elixir => value.replace("#{", "${"),
        // `{{` and `}}` are literal braces in an f-string.
        Language::Python => value
            .replace("{{", "\u{1}")
            .replace("}}", "\u{2}")
            .replace('{', "${")
            .replace('\u{1}', "{")
            .replace('\u{2}', "}"),
        // `"$ENV{HOME}/.zshrc"`: the home directory.
        Language::Perl => value
            .replace("$ENV{HOME}", "$HOME")
            .replace("$ENV{'HOME'}", "$HOME")
            .replace("$ENV{\"HOME\"}", "$HOME"),
        _ => value.to_string(),
    };
    let mut out = String::with_capacity(value.len());
    let mut rest = value.as_str();
    while let Some(at) = rest.find("${") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let Some(end) = after.find('}') else {
            out.push_str(&rest[at..]);
            return out;
        };
        let expression = after[..end].trim();
        if HOME_EXPRESSIONS.contains(&expression) || matches!(expression, "Dir.home" | "HOME") {
            out.push_str("$HOME");
        } else {
            out.push_str(&rest[at..at + 2 + end + 1]);
        }
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    out
}

/// Perl's `q{…}`/`qq{…}` and Ruby's `%q(…)`/`%Q(…)`/`%(…)`: string literals with a delimiter
/// of the writer's choosing, as in `perl -e 'system(q{rm -rf /})'`.
fn quote_operator(text: &str, language: Language) -> Option<(String, bool)> {
    let (rest, interpolating) = match language {
        Language::Perl => match text.strip_prefix("qq") {
            Some(rest) => (rest, true),
            None => (text.strip_prefix('q')?, false),
        },
        Language::Ruby => {
            let rest = text.strip_prefix('%')?;
            match rest.strip_prefix('q') {
                Some(rest) => (rest, false),
                None => (rest.strip_prefix('Q').unwrap_or(rest), true),
            }
        }
        _ => return None,
    };
    let open = rest.chars().next()?;
    let close = match open {
        '{' => '}',
        '(' => ')',
        '[' => ']',
        '<' => '>',
        c if c.is_ascii_punctuation() => c,
        _ => return None,
    };
    let inner = rest[open.len_utf8()..].strip_suffix(close)?;
    let interpolated = interpolating && inner.contains(['$', '@', '#']);
    Some((inner.to_string(), interpolated))
}

/// Ruby's `%` literals spelled as the plain ones they are, so that every call reads them where
/// it reads a string or an array: `%q(…)` as `'…'`, `%Q(…)` and `%(…)` as `"…"`, `%w[a b]` as
/// `['a', 'b']` (`%W` with `"…"`), `%s(a)` as `:a` and `%i[a b]` as `[:a, :b]`. A `%` after a value (`10 % 3`, `x %(2)`) is the operator:
/// a literal stands where an expression starts, or as the argument of a call without
/// parentheses (`system %q(…)`). `%x(…)` is a command the scan reads as it is.
pub(super) fn ruby_percent_literals(code: &str) -> String {
    if !code.contains('%') {
        return code.to_string();
    }
    let bytes = code.as_bytes();
    let mut out = String::with_capacity(code.len());
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\'' | b'"' | b'`' => {
                i = string_end(bytes, i, Language::Ruby);
                continue;
            }
            b'#' => {
                // A comment runs to the end of the line (`#{` only interpolates in strings).
                i = bytes[i..].iter().position(|&b| b == b'\n').map_or(bytes.len(), |n| i + n);
                continue;
            }
            b'%' => {}
            _ => {
                i += 1;
                continue;
            }
        }
        let Some((spelled, end)) = percent_literal(code, i) else {
            i += 1;
            continue;
        };
        out.push_str(&code[copied..i]);
        out.push_str(&spelled);
        copied = end;
        i = end;
    }
    out.push_str(&code[copied..]);
    out
}

/// The `%` literal starting at `at` in `code` as plain Ruby, and where it ends.
fn percent_literal(code: &str, at: usize) -> Option<(String, usize)> {
    let before = code[..at].trim_end();
    let spaced = before.len() < at;
    // `system(*%w[rm -rf /])`: spread into the arguments where an argument starts.
    let before = match before.strip_suffix('*') {
        Some(stars) => match stars.trim_end().chars().last() {
            None | Some('(' | ',' | '[' | '=') => stars.trim_end(),
            Some(_) => return None,
        },
        None => before,
    };
    // After a value the `%` is the operator, unless a call without parentheses takes the
    // literal (`system %q(…)`: a name, a space, and the literal right after the `%`).
    let operand = match before.chars().last() {
        None => true,
        Some(c) if "(,=[{;|&!?:+<>\n".contains(c) => true,
        Some(c) if c.is_ascii_alphanumeric() || c == '_' => {
            let word: String =
                before.chars().rev().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            spaced && !word.chars().last().is_some_and(|c| c.is_ascii_digit()) && {
                let word: String = word.chars().rev().collect();
                // A call's name, not a variable's: the scan's calls are lower-case names that
                // no one-liner assigns (`x = 7; x %(2)` stays the operator).
                !code[..at].contains(&format!("{word} ="))
            }
        }
        Some(_) => false,
    };
    if !operand {
        return None;
    }
    let rest = &code[at + 1..];
    let (kind, rest) = match rest.chars().next()? {
        kind @ ('q' | 'Q' | 'w' | 'W' | 's' | 'i' | 'I') => (kind, &rest[1..]),
        _ => ('Q', rest),
    };
    let open = rest.chars().next()?;
    let close = match open {
        '(' => ')',
        '[' => ']',
        '{' => '}',
        '<' => '>',
        c if c.is_ascii_punctuation() && !"=%".contains(c) => c,
        _ => return None,
    };
    let start = code.len() - rest.len() + open.len_utf8();
    let mut depth = 0usize;
    let mut end = None;
    let mut chars = code[start..].char_indices();
    while let Some((offset, c)) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            c if c == close && depth == 0 => {
                end = Some(start + offset);
                break;
            }
            c if c == close => depth -= 1,
            c if c == open => depth += 1,
            _ => {}
        }
    }
    let end = end?;
    let inner = &code[start..end];
    let quoted = |text: &str, interpolating: bool| match interpolating {
        true => format!("\"{}\"", text.replace('"', "\\\"")),
        false => format!("'{}'", text.replace('\\', "\\\\").replace('\'', "\\'")),
    };
    // `%s(system)`, `%i[system exec]`: symbols, which `send` and `method` take as names.
    let symbol = |text: &str| match text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        true => format!(":{text}"),
        false => format!(":{}", quoted(text, false)),
    };
    let spelled = match kind {
        'q' => quoted(inner, false),
        'Q' => quoted(inner, true),
        's' => symbol(inner),
        'i' | 'I' => format!("[{}]", inner.split_whitespace().map(symbol).collect::<Vec<_>>().join(", ")),
        _ => {
            let words: Vec<String> = inner.split_whitespace().map(|word| quoted(word, kind == 'W')).collect();
            format!("[{}]", words.join(", "))
        }
    };
    Some((spelled, end + close.len_utf8()))
}

fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some(e @ ('\\' | '\'' | '"' | '`')) => out.push(e),
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out
}

/// The value of `text` when the scan can compute it: a literal without interpolation, literals
/// joined (`'.e' + 'nv'`, `".e" . "nv"`, `['.', 'env'].join('')`, `"".join([...])`,
/// `chr(46) + 'env'`), or a path from the home directory (`~/…`: `os.path.expanduser("~/x")`,
/// `Path.home() / ".ssh" / "id_rsa"`, `path.join(os.homedir(), ".aws")`). The bare home
/// directory is not a value here: callers name it `$HOME`.
pub(super) fn computed(text: &str, language: Language) -> Option<String> {
    computed_with(text, language, &|_| None)
}

/// [`computed`], with the names the code binds once read through `bound` (`d =
/// os.path.expanduser('~')`, then `os.path.join(d, '.netrc')` is `~/.netrc`).
pub(super) fn computed_with(text: &str, language: Language, bound: Bound) -> Option<String> {
    let text = text.trim();
    if HOME_EXPRESSIONS.contains(&text) {
        return None;
    }
    part(text, language, 0, bound)
}

/// The expression a name is bound to in the code, when it is bound once.
pub(super) type Bound<'b> = &'b dyn Fn(&str) -> Option<String>;

/// How deep joins inside joins are followed.
const MAX_DEPTH: usize = 8;

fn part(text: &str, language: Language, depth: usize, bound: Bound) -> Option<String> {
    let text = strip_parens(text.trim());
    if depth > MAX_DEPTH || text.is_empty() {
        return None;
    }
    if let Some((value, false)) = literal(text, language) {
        return Some(value);
    }
    if HOME_EXPRESSIONS.contains(&text) || text == "Path.home()" {
        return Some("~".into());
    }
    if let Some(path) = home_path(text, language) {
        return Some(path);
    }
    if let Some(value) = bound(text) {
        return part(&value, language, depth + 1, bound);
    }
    // `'vne.'[::-1]`, `'vne.'.split('').reverse().join('')`: the text reversed.
    let reversed = text.strip_suffix("[::-1]").or_else(|| text.strip_suffix(".split('').reverse().join('')"));
    if let Some(object) = reversed.or_else(|| text.strip_suffix(".split(\"\").reverse().join(\"\")")) {
        return Some(part(object, language, depth + 1, bound)?.chars().rev().collect());
    }
    // `'/proc/%d/environ' % 1`, `'%s/.ssh/%s' % (h, k)`: Python's `%` formatting, each
    // conversion taking the next value.
    if language == Language::Python
        && let [format, values] = split_top(text, "%", language).as_slice()
        && let Some((format, false)) = literal(format.trim(), language)
    {
        let values = strip_parens(values.trim());
        let mut values = split_top(values, ",", language).into_iter().filter(|v| !v.trim().is_empty());
        let mut out = String::new();
        let mut chars = format.chars();
        while let Some(c) = chars.next() {
            match (c, c == '%') {
                (_, true) => match chars.next()? {
                    '%' => out.push('%'),
                    's' | 'd' | 'i' | 'r' => {
                        let value = values.next()?.trim();
                        match value.bytes().all(|b| b.is_ascii_digit()) {
                            true => out.push_str(value),
                            false => out.push_str(&part(value, language, depth + 1, bound)?),
                        }
                    }
                    _ => return None,
                },
                (c, false) => out.push(c),
            }
        }
        return Some(out);
    }
    let operators: &[&str] = match language {
        Language::Perl | Language::Php => &["."],
        Language::Lua => &[".."],
        Language::Julia => &["*"],
        Language::Elixir => &["<>"],
        Language::Haskell => &["++"],
        Language::Python => &["+", "/"],
        _ => &["+"],
    };
    for operator in operators {
        let parts = split_top(text, operator, language);
        if parts.len() > 1 {
            let values: Option<Vec<String>> =
                parts.iter().map(|p| part(p, language, depth + 1, bound)).collect();
            let values = values?;
            let separator = if *operator == "/" { "/" } else { "" };
            return Some(values.join(separator));
        }
    }
    let call = |name: &str| text.strip_prefix(name).and_then(|rest| rest.strip_suffix(')'));
    // `os.path.expanduser("~/x")`, `File.expand_path("~/x")`, `Path("~/x").expanduser()`.
    for wrapper in [
        "os.path.expanduser(",
        "expanduser(",
        "File.expand_path(",
        "path.normalize(",
        "path.expand(",
        "Path.expand(",
    ] {
        if let Some(inner) = call(wrapper) {
            return part(inner, language, depth + 1, bound);
        }
    }
    for suffix in [".expanduser()", ".resolve()", ".absolute()"] {
        if let Some(object) = text.strip_suffix(suffix) {
            let value = part(object, language, depth + 1, bound)?;
            let expands = suffix == ".expanduser()";
            return Some(if expands {
                value.strip_prefix("./").unwrap_or(&value).to_string()
            } else {
                value
            });
        }
    }
    // `Path("~")` is a directory named `~` until `.expanduser()`.
    for constructor in ["Path(", "pathlib.Path(", "PurePath("] {
        if let Some(inner) = call(constructor) {
            let value = part(inner, language, depth + 1, bound)?;
            return Some(if value.starts_with('~') { format!("./{value}") } else { value });
        }
    }
    for constructor in ["String(", "str("] {
        if let Some(inner) = call(constructor) {
            return part(inner, language, depth + 1, bound);
        }
    }
    // `base64.b64decode('LmVudg==').decode()`, `atob('…')`, `Buffer.from('…', 'base64')`: the
    // decoded text, when it is text.
    let decoded = text
        .strip_suffix(".decode()")
        .or_else(|| text.strip_suffix(".decode('utf-8')"))
        .or_else(|| text.strip_suffix(".decode(\"utf-8\")"))
        .or_else(|| text.strip_suffix(".toString()"))
        .or_else(|| text.strip_suffix(".toString('utf8')"))
        .or_else(|| text.strip_suffix(".toString('utf-8')"))
        .or_else(|| text.strip_suffix(".toString(\"utf8\")"))
        .or_else(|| text.strip_suffix(".toString(\"utf-8\")"))
        .unwrap_or(text);
    // PHP's `base64_decode`, Ruby's `Base64.decode64`, Perl's `decode_base64` too.
    let encoded = [
        "base64.b64decode(",
        "b64decode(",
        "base64.standard_b64decode(",
        "atob(",
        "Buffer.from(",
        "base64_decode(",
        "Base64.decode64(",
        "Base64.strict_decode64(",
        "decode_base64(",
    ]
    .iter()
    .find_map(|function| decoded.strip_prefix(function).and_then(|rest| rest.strip_suffix(')')));
    if let Some(inner) = encoded {
        let (argument, encoding) = match split_top(inner, ",", language).as_slice() {
            [argument] if !decoded.starts_with("Buffer.from(") => (*argument, "base64".to_string()),
            [argument, encoding] => {
                (*argument, literal(encoding, language).filter(|(_, computed)| !computed)?.0)
            }
            _ => return None,
        };
        let text = part(argument, language, depth + 1, bound)?;
        // `Buffer.from('726d…', 'hex')`: the text of the digits.
        return match encoding.as_str() {
            "base64" => String::from_utf8(crate::shell::base64::decode(&text)?).ok(),
            "hex" if decoded.starts_with("Buffer.from(") => crate::shell::recode::unhex(&text),
            _ => None,
        };
    }
    // `bytes.fromhex('2e656e76')`, `binascii.unhexlify(…)`, PHP's `hex2bin(…)`: the text of the digits.
    if let Some(inner) = ["bytes.fromhex(", "hex2bin(", "binascii.unhexlify(", "binascii.a2b_hex("]
        .iter()
        .find_map(|function| decoded.strip_prefix(function).and_then(|rest| rest.strip_suffix(')')))
    {
        return crate::shell::recode::unhex(&part(inner, language, depth + 1, bound)?);
    }
    // Ruby's `['2e656e76'].pack('H*')`: the text of the digits.
    if let Some(inner) = text
        .strip_suffix(".pack('H*')")
        .or_else(|| text.strip_suffix(".pack(\"H*\")"))
        .and_then(|list| list.strip_prefix('[')?.strip_suffix(']'))
    {
        return crate::shell::recode::unhex(&part(inner, language, depth + 1, bound)?);
    }
    // Perl's `pack("H*", '2e656e76')` (and `pack 'H*', …`): the text of the digits.
    if language == Language::Perl
        && let Some(inner) = text.strip_prefix("pack").map(str::trim_start)
        && let [template, digits] = split_top(strip_parens(inner), ",", language).as_slice()
        && literal(template, language).is_some_and(|(template, computed)| !computed && template == "H*")
    {
        return crate::shell::recode::unhex(&part(digits, language, depth + 1, bound)?);
    }
    // PHP's `str_rot13('…')`.
    if let Some(inner) = call("str_rot13(") {
        return rot13(&part(inner, language, depth + 1, bound)?);
    }
    // `codecs.decode('…', 'rot13')` (`encode`, `rot_13`, `rot-13`: rot13 is its own inverse).
    for function in ["codecs.decode(", "codecs.encode(", "decode(", "encode("] {
        if let Some(inner) = call(function)
            && let [argument, codec] = split_top(inner, ",", language).as_slice()
            && literal(codec, language)
                .is_some_and(|(codec, _)| codec.to_ascii_lowercase().replace(['_', '-'], "") == "rot13")
        {
            return rot13(&part(argument, language, depth + 1, bound)?);
        }
    }
    // Ruby's `'…'.tr('A-Za-z', 'N-ZA-Mn-za-m')`, Perl's `'…' =~ tr/…/…/r` (or `y///r`): the
    // characters mapped, when both sets are literal.
    if let Some((object, sets)) = text.rsplit_once(".tr(")
        && let Some(sets) = sets.strip_suffix(')')
        && let [from, to] = split_top(sets, ",", language).as_slice()
    {
        let (from, to) = (literal(from, language)?.0, literal(to, language)?.0);
        return crate::shell::recode::translate(&part(object, language, depth + 1, bound)?, &from, &to);
    }
    if let Some((object, operator)) = text.rsplit_once("=~")
        && let Some(sets) = operator.trim().strip_prefix("tr/").or_else(|| operator.trim().strip_prefix("y/"))
        && let [from, to, flags] = sets.splitn(3, '/').collect::<Vec<_>>()[..]
        && flags.contains('r')
    {
        return crate::shell::recode::translate(&part(object, language, depth + 1, bound)?, from, to);
    }
    // `chr(46)`, `String.fromCharCode(46, 101)`.
    for function in ["chr(", "String.fromCharCode("] {
        if let Some(inner) = call(function) {
            return inner
                .split(',')
                .map(|code| code.trim().parse::<u32>().ok().and_then(char::from_u32))
                .collect();
        }
    }
    // `path.join(a, b)`, `os.path.join(a, b)`, `File.join(a, b)`, `joinpath(a, b)`.
    for join in [
        "path.join(",
        "os.path.join(",
        "File.join(",
        "path.resolve(",
        "joinpath(",
        "file.path(",
        "require('path').join(",
        "require(\"path\").join(",
    ] {
        if let Some(inner) = call(join) {
            let values: Option<Vec<String>> =
                split_top(inner, ",", language).iter().map(|p| part(p, language, depth + 1, bound)).collect();
            return Some(values?.join("/"));
        }
    }
    // `"".join([...])` (Python), `[...].join("")` (JavaScript, Ruby), `paste0(...)` (R).
    if let Some((before, after)) = text.split_once(".join(") {
        let inside = after.strip_suffix(')')?;
        let (separator, items) = match part(before, language, depth + 1, bound) {
            Some(separator) => (separator, inside),
            None if inside.trim().is_empty() => {
                (if language == Language::Node { ",".into() } else { String::new() }, before)
            }
            None => (part(inside, language, depth + 1, bound)?, before),
        };
        // `''.join(map(chr, [46, 101]))`: the characters of the codes.
        if let Some(codes) =
            items.trim().strip_prefix("map(chr,").and_then(|rest| rest.trim().strip_suffix(')'))
        {
            let codes = codes.trim().strip_prefix('[').and_then(|c| c.strip_suffix(']'))?;
            let letters: Option<Vec<String>> = codes
                .split(',')
                .map(|code| code.trim().parse::<u32>().ok().and_then(char::from_u32).map(String::from))
                .collect();
            return Some(letters?.join(&separator));
        }
        let items = items.trim().strip_prefix(['[', '(']).and_then(|i| i.strip_suffix([']', ')']))?;
        let values: Option<Vec<String>> =
            split_top(items, ",", language).iter().map(|p| part(p, language, depth + 1, bound)).collect();
        return Some(values?.join(&separator));
    }
    if let Some(inner) = call("paste0(") {
        let values: Option<Vec<String>> =
            split_top(inner, ",", language).iter().map(|p| part(p, language, depth + 1, bound)).collect();
        return Some(values?.concat());
    }
    None
}

/// `text` with each ASCII letter moved 13 places round the alphabet.
fn rot13(text: &str) -> Option<String> {
    crate::shell::recode::translate(text, "A-Za-z", "N-ZA-Mn-za-m")
}

/// `text` without parentheses that enclose all of it.
fn strip_parens(text: &str) -> &str {
    let mut text = text;
    while let Some(inner) = text.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
        // `(a) + (b)` is not enclosed.
        if split_top(inner, ")", Language::Python).len() > 1 || !balanced(inner) {
            break;
        }
        text = inner.trim();
    }
    text
}

fn balanced(text: &str) -> bool {
    let mut depth = 0i32;
    for b in text.bytes() {
        match b {
            b'(' => depth += 1,
            b')' => depth -= 1,
            _ => {}
        }
        if depth < 0 {
            return false;
        }
    }
    depth == 0
}

/// `text` cut at each `operator` outside strings, parentheses, brackets and braces.
pub(super) fn split_top<'t>(text: &'t str, operator: &str, language: Language) -> Vec<&'t str> {
    let bytes = text.as_bytes();
    let op = operator.as_bytes();
    let mut parts = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b'\'' | b'"' | b'`' => {
                i = string_end(bytes, i, language);
                continue;
            }
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' if depth > 0 => depth -= 1,
            _ if depth == 0 && bytes[i..].starts_with(op) => {
                // `//` is not a path join, `..` not a concatenation of `.`.
                let doubled =
                    op.len() == 1 && (bytes.get(i + 1) == Some(&op[0]) || i > 0 && bytes[i - 1] == op[0]);
                if !doubled {
                    parts.push(&text[start..i]);
                    start = i + op.len();
                    i += op.len();
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    parts.push(&text[start..]);
    parts
}

/// Whether `text` is a URL that code is fetched from.
pub(super) fn is_url(text: &str) -> bool {
    text.starts_with("http://") || text.starts_with("https://") || text.starts_with("ftp://")
}

/// The first URL written in `text` as a string literal's start (`open(urlopen("https://x/a"))`).
pub(super) fn url_in(text: &str) -> Option<String> {
    let at = ["https://", "http://", "ftp://"].iter().filter_map(|scheme| text.find(scheme)).min()?;
    let url: String =
        text[at..].chars().take_while(|c| !matches!(c, '\'' | '"' | '`' | ')' | ' ' | ',')).collect();
    Some(url)
}
