//! What an interpreter one-liner prints when its code only prints string literals
//! (`python3 -c "print('ls')"`, `node -e "console.log('ls')"`, `ruby -e 'puts "ls"'`,
//! `perl -e 'print "ls\n"'`, `awk 'BEGIN{print "ls"}'`), or values the scan computes from
//! literals (`print(bytes.fromhex('6c73').decode())`): the text a shell reads from its pipe.
//! Any other code prints what only its run knows, and gives `None`.

use super::super::Word;
use super::language::Language;
use super::value;

/// Longer code is not worth reading for its literals.
const MAX_CODE: usize = 4096;

/// How a language's strings and print statements are written.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Python,
    Node,
    Ruby,
    Perl,
    Awk,
}

/// What `argv` prints, when it is an interpreter whose code only prints string literals.
pub(in crate::shell) fn printed(argv: &[Word]) -> Option<String> {
    let name = crate::shell::program_base(&argv.first()?.text);
    let kind = match name {
        _ if name.starts_with("python") => Kind::Python,
        "node" | "nodejs" | "bun" => Kind::Node,
        "ruby" => Kind::Ruby,
        "perl" => Kind::Perl,
        "awk" | "gawk" | "mawk" | "nawk" => Kind::Awk,
        _ => return None,
    };
    if argv.iter().any(|w| w.dynamic || w.glob) {
        return None;
    }
    let code = match (kind, &argv[1..]) {
        (Kind::Python, [flag, code]) if flag.text == "-c" => code,
        (Kind::Node, [flag, code]) if matches!(flag.text.as_str(), "-e" | "--eval") => code,
        (Kind::Ruby | Kind::Perl, [flag, code]) if flag.text == "-e" => code,
        // An awk program of `BEGIN` blocks alone reads no input.
        (Kind::Awk, [code]) => code,
        _ => return None,
    };
    let code = code.text.trim();
    if code.len() > MAX_CODE {
        return None;
    }
    let code = match kind {
        Kind::Awk => {
            code.strip_prefix("BEGIN")?.trim_start().strip_prefix('{')?.trim_end().strip_suffix('}')?
        }
        _ => code,
    };
    statements(kind, code)
}

/// The output of `;`- or newline-separated print statements of one literal or computed value
/// each, after the imports of the decoding modules.
fn statements(kind: Kind, mut code: &str) -> Option<String> {
    let mut out = String::new();
    loop {
        code = code.trim_start_matches(|c: char| c.is_whitespace() || c == ';');
        if code.is_empty() {
            return Some(out);
        }
        if let Some(rest) = decoding_import(kind, code) {
            code = rest;
            continue;
        }
        let (call, newline) = [
            ("print(", kind == Kind::Python, true),
            ("console.log(", kind == Kind::Node, true),
            ("process.stdout.write(", kind == Kind::Node, false),
            ("puts", kind == Kind::Ruby, true),
            ("print", matches!(kind, Kind::Ruby | Kind::Perl | Kind::Awk), kind == Kind::Awk),
        ]
        .into_iter()
        .find(|(call, language, _)| *language && code.starts_with(call))
        .map(|(call, _, newline)| (call, newline))?;
        code = code[call.len()..].trim_start();
        // `puts("x")` as well as `puts "x"`, where the call's parenthesis is optional.
        let parenthesised = call.ends_with('(') || code.starts_with('(');
        if parenthesised && !call.ends_with('(') {
            code = code[1..].trim_start();
        }
        let literal = literal(kind, code).and_then(|(text, rest)| {
            let rest = rest.trim_start();
            let rest = if parenthesised { rest.strip_prefix(')')? } else { rest };
            // A statement ends here: anything else (`print("a" + x)`) is not a literal.
            (rest.is_empty() || rest.starts_with([';', '\n'])).then_some((text, rest))
        });
        let (text, rest) = match literal {
            Some(found) => found,
            None => computed(kind, code, parenthesised)?,
        };
        out.push_str(&text);
        code = rest;
        if newline {
            out.push('\n');
        }
    }
}

/// The value of the expression a print statement's argument starts at `code`
/// (`bytes.fromhex('6c73').decode())`, `pack("H*", "6c73")`), when the scan computes it, and
/// the code after the statement.
fn computed(kind: Kind, code: &str, parenthesised: bool) -> Option<(String, &str)> {
    let language = match kind {
        Kind::Python => Language::Python,
        Kind::Node => Language::Node,
        Kind::Ruby => Language::Ruby,
        Kind::Perl => Language::Perl,
        Kind::Awk => return None,
    };
    let statement = value::split_top(code, ";", language).into_iter().next()?;
    let statement = value::split_top(statement, "\n", language).into_iter().next()?;
    let rest = &code[statement.len()..];
    let expression = statement.trim_end();
    let expression = if parenthesised { expression.strip_suffix(')')? } else { expression };
    Some((value::computed(expression, language)?, rest))
}

/// The code after an import of a decoding module that starts `code` (`import base64`,
/// `use MIME::Base64`, `require 'base64'`), which prints nothing.
fn decoding_import(kind: Kind, code: &str) -> Option<&str> {
    let end = code.find([';', '\n']).unwrap_or(code.len());
    let statement = code[..end].trim_end();
    let words: Vec<&str> = statement.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    let modules = |names: &[&str]| names.iter().all(|n| matches!(*n, "base64" | "binascii" | "codecs"));
    let imports = match (kind, words.as_slice()) {
        (Kind::Python, ["import", names @ ..]) => !names.is_empty() && modules(names),
        (Kind::Python, ["from", module, "import", names @ ..]) => {
            modules(&[module])
                && names.iter().all(|n| n.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'))
        }
        (Kind::Perl, ["use", "MIME::Base64"]) => true,
        (Kind::Ruby, ["require", name]) => matches!(*name, "'base64'" | "\"base64\""),
        _ => false,
    };
    imports.then(|| &code[end..])
}

/// A string literal at the start of `code`, and what follows it. Strings that interpolate
/// (`"$x"` in Perl, `"#{x}"` in Ruby, JavaScript's backticks, Python's prefixed strings) are
/// not literals.
fn literal(kind: Kind, code: &str) -> Option<(String, &str)> {
    let quote = code.chars().next().filter(|q| *q == '"' || (*q == '\'' && kind != Kind::Awk))?;
    // Perl's and Ruby's single quotes escape only the quote and the backslash.
    let raw = quote == '\'' && matches!(kind, Kind::Perl | Kind::Ruby);
    let mut text = String::new();
    let mut chars = code[1..].char_indices();
    while let Some((at, c)) = chars.next() {
        match c {
            _ if c == quote => return Some((text, &code[1 + at + 1..])),
            '\\' => {
                let (_, escaped) = chars.next()?;
                match escaped {
                    _ if raw && escaped != quote && escaped != '\\' => {
                        text.push('\\');
                        text.push(escaped);
                    }
                    'n' => text.push('\n'),
                    't' => text.push('\t'),
                    '\\' | '"' | '\'' | '$' | '@' | '/' => text.push(escaped),
                    _ => return None,
                }
            }
            '$' | '@' if !raw && kind == Kind::Perl => return None,
            '#' if !raw && kind == Kind::Ruby && code[1 + at..].starts_with("#{") => return None,
            _ => text.push(c),
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn print(argv: &[&str]) -> Option<String> {
        let argv: Vec<Word> = argv.iter().map(|w| Word::literal(*w)).collect();
        printed(&argv)
    }

    #[test]
    fn literals_printed() {
        assert_eq!(print(&["python3", "-c", "print('rm -rf ~')"]).as_deref(), Some("rm -rf ~\n"));
        assert_eq!(
            print(&["node", "-e", "console.log(\"ls\"); console.log('pwd')"]).as_deref(),
            Some("ls\npwd\n")
        );
        assert_eq!(print(&["ruby", "-e", "puts \"ls\""]).as_deref(), Some("ls\n"));
        assert_eq!(print(&["perl", "-e", "print \"ls\\n\""]).as_deref(), Some("ls\n"));
        assert_eq!(print(&["awk", "BEGIN{print \"ls\"}"]).as_deref(), Some("ls\n"));
    }

    #[test]
    fn decoded_values_printed() {
        let python = "import base64; print(base64.b64decode('bHM=').decode())";
        assert_eq!(print(&["python3", "-c", python]).as_deref(), Some("ls\n"));
        let python = "print(bytes.fromhex('6c73').decode())";
        assert_eq!(print(&["python3", "-c", python]).as_deref(), Some("ls\n"));
        assert_eq!(print(&["perl", "-e", "print pack(\"H*\",\"6c73\")"]).as_deref(), Some("ls"));
        assert_eq!(print(&["ruby", "-e", "puts [\"6c73\"].pack(\"H*\")"]).as_deref(), Some("ls\n"));
        let node = "console.log(Buffer.from('6c73', 'hex').toString())";
        assert_eq!(print(&["node", "-e", node]).as_deref(), Some("ls\n"));
        assert_eq!(print(&["python3", "-c", "import this"]), None);
        assert_eq!(print(&["python3", "-c", "print(bytes.fromhex(x).decode())"]), None);
    }

    #[test]
    fn computed_output_is_none() {
        assert_eq!(print(&["python3", "-c", "import os; print(os.getcwd())"]), None);
        assert_eq!(print(&["python3", "-c", "print('a' + x)"]), None);
        assert_eq!(print(&["perl", "-e", "print \"$x\""]), None);
        assert_eq!(print(&["ruby", "-e", "puts \"#{x}\""]), None);
        assert_eq!(print(&["awk", "{print \"ls\"}"]), None);
        assert_eq!(print(&["node", "-e", "console.log(`${x}`)"]), None);
    }
}
