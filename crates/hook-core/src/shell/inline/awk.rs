//! awk's own ways of running commands and writing files: pipes and redirections of `print`.

use super::{CODE_VALUE, Finding};
use crate::shell::Word;

/// awk's pipes, which run through `sh -c`: `print X | "cmd"` runs `cmd` (and when `cmd` is a
/// shell, what is printed is its script), `"cmd" | getline` runs `cmd`; gawk's `|&` too.
/// awk's `print > "file"` and `print >> "file"`: the file is written; `getline < "file"`:
/// the file is read.
pub(super) fn awk_redirects(code: &str) -> Vec<Finding> {
    let mut findings = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("getline") {
        rest = &rest[at + "getline".len()..];
        let operand = rest
            .trim_start()
            .trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '_')
            .trim_start();
        let file = operand.strip_prefix('<').and_then(|tail| term(tail, code, 0)).and_then(|(file, _)| file);
        if let Some(file) = file.filter(|file| !file.is_empty() && !file.starts_with("/dev/std")) {
            findings.push(Finding::Access {
                via: "awk getline <".into(),
                path: Word::literal(file),
                write: false,
            });
        }
    }
    let mut rest = code;
    while let Some(at) = rest.find('>') {
        let before = &rest[..at];
        let after = rest[at + 1..].trim_start_matches('>');
        rest = &rest[at + 1..];
        // `>=` is a comparison.
        if after.starts_with('=') {
            continue;
        }
        // The file is every term up to the end of the statement (`> ENVIRON["HOME"] "/.bashrc"`).
        let target = &after[..statement_end(after)];
        match joined(target, code, 0) {
            Some(file) if file.is_empty() || file.starts_with("/dev/std") => {}
            Some(file) => {
                findings.push(Finding::Access { via: "awk >".into(), path: Word::literal(file), write: true })
            }
            None if is_print(before) => findings.extend(environment_target(target, code)),
            None => {}
        }
    }
    findings
}

/// Where the awk statement starting `text` ends: at `;`, `}`, a newline or a pipe outside
/// strings and parentheses.
fn statement_end(text: &str) -> usize {
    let (mut depth, mut quoted) = (0usize, false);
    for (at, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '(' | '[' if !quoted => depth += 1,
            ')' | ']' if !quoted && depth > 0 => depth -= 1,
            ';' | '}' | '\n' | '|' if !quoted && depth == 0 => return at,
            _ => {}
        }
    }
    text.len()
}

/// Whether the statement `before` ends in is a `print` or `printf` (so its `>` redirects).
fn is_print(before: &str) -> bool {
    let statement = before.rsplit([';', '{', '\n']).next().unwrap_or(before);
    statement.trim_start().starts_with("print")
}

/// A file name the program computes from the environment (`ENVIRON["HOME"] "/" f`, a variable
/// assigned one): a write to a path the scan cannot know, under the home directory when it
/// starts there. A name made of the input's fields (`$1 ".txt"`) is the data's, not the
/// environment's, and is left to the data.
fn environment_target(target: &str, code: &str) -> Option<Finding> {
    let first = target.trim_start().trim_start_matches('(').trim_start();
    let name_end = first.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(first.len());
    let assigned =
        assignment(code, &first[..name_end]).filter(|_| name_end > 0 && &first[..name_end] != "ENVIRON");
    let source = assigned.map_or(first, str::trim_start);
    let from_environment = target.contains("ENVIRON")
        || assigned.is_some_and(|value| value[..statement_end(value)].contains("ENVIRON"));
    if !from_environment {
        return None;
    }
    let home = source.starts_with("ENVIRON[\"HOME\"]");
    let text = if home { format!("~/{CODE_VALUE}") } else { CODE_VALUE.to_string() };
    let path = Word { text, raw: target.trim().to_string(), dynamic: true, glob: false };
    Some(Finding::Access { via: "awk >".into(), path, write: true })
}

/// How deep parentheses and `sprintf` inside a file name are followed.
const MAX_DEPTH: usize = 8;

/// The file name an awk expression starting `text` gives, and the text after it: a string, a
/// variable assigned one, `ENVIRON["HOME"]` (the home directory, `~`), `sprintf` of `%s`
/// formats, and those joined in parentheses (`(ENVIRON["HOME"] "/.bashrc")`). The name is
/// `None` when the program computes it otherwise.
fn term<'t>(text: &'t str, code: &str, depth: usize) -> Option<(Option<String>, &'t str)> {
    let text = text.trim_start();
    if depth > MAX_DEPTH {
        return None;
    }
    if let Some(rest) = text.strip_prefix('"') {
        let (literal, after) = rest.split_once('"')?;
        return Some((Some(literal.to_string()), after));
    }
    if let Some(rest) = text.strip_prefix('(') {
        let end = closing(rest)?;
        return Some((joined(&rest[..end], code, depth + 1), &rest[end + 1..]));
    }
    let name_end = text.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(text.len());
    let (name, after) = text.split_at(name_end);
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    if name == "ENVIRON" {
        let (variable, after) = after.strip_prefix("[\"")?.split_once("\"]")?;
        return Some(((variable == "HOME").then(|| "~".to_string()), after));
    }
    if let Some(arguments) = after.trim_start().strip_prefix('(') {
        let end = closing(arguments)?;
        let after = &arguments[end + 1..];
        if name != "sprintf" {
            return Some((None, after));
        }
        let mut values = arguments[..end].split(',').map(|argument| joined(argument, code, depth + 1));
        let format = values.next().flatten()?;
        let mut out = String::new();
        for (i, piece) in format.split("%s").enumerate() {
            if piece.contains('%') {
                return Some((None, after));
            }
            if i > 0 {
                match values.next().flatten() {
                    Some(value) => out.push_str(&value),
                    None => return Some((None, after)),
                }
            }
            out.push_str(piece);
        }
        return Some((Some(out), after));
    }
    // A variable: the value of what it is assigned (`f = sprintf(…)`), else unknown.
    let value = assignment(code, name).and_then(|expression| {
        let end = expression.find([';', '\n', '}']).unwrap_or(expression.len());
        joined(&expression[..end], code, depth + 1)
    });
    Some((value, after))
}

/// The text after `name =` in the first assignment of the awk variable `name`.
fn assignment<'c>(code: &'c str, name: &str) -> Option<&'c str> {
    code.match_indices(name).find_map(|(at, _)| {
        let joined = code[..at].chars().last().is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
        let value = code[at + name.len()..].trim_start().strip_prefix('=')?;
        (!joined && !value.starts_with('=')).then_some(value)
    })
}

/// The value of awk terms joined by juxtaposition (`ENVIRON["HOME"] "/.bashrc"`).
fn joined(text: &str, code: &str, depth: usize) -> Option<String> {
    let mut out = String::new();
    let mut rest = text;
    while !rest.trim().is_empty() {
        let (value, after) = term(rest, code, depth)?;
        out.push_str(&value?);
        rest = after;
    }
    Some(out)
}

/// Where the parenthesis closing an expression that starts just past `(` is, strings skipped.
fn closing(text: &str) -> Option<usize> {
    let (mut depth, mut quoted) = (0usize, false);
    for (at, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '(' if !quoted => depth += 1,
            ')' if !quoted && depth == 0 => return Some(at),
            ')' if !quoted => depth -= 1,
            _ => {}
        }
    }
    None
}

/// The string literal assigned to the awk variable `name` (`c = "rm -rf ~"`).
fn assigned_string(code: &str, name: &str) -> Option<String> {
    if name.is_empty() {
        return None;
    }
    let (string, _) = assignment(code, name)?.trim_start().strip_prefix('"')?.split_once('"')?;
    Some(string.to_string())
}

pub(super) fn awk_pipes(code: &str) -> Vec<Finding> {
    let mut findings = Vec::new();
    let bytes = code.as_bytes();
    let mut at = 0;
    while let Some(bar) = code[at..].find('|').map(|n| at + n) {
        at = bar + 1;
        // `||` is awk's "or".
        if bytes.get(bar + 1) == Some(&b'|') || bar > 0 && bytes[bar - 1] == b'|' {
            at = bar + 2;
            continue;
        }
        let after = code[bar + 1..].trim_start();
        // gawk's two-way pipe `|&` runs the command as `|` does.
        let after = after.strip_prefix('&').map_or(after, str::trim_start);
        let before = code[..bar].trim_end();
        // `print … | "cmd"`, or `print … | c` with `c = "cmd"`.
        let piped_to =
            after.strip_prefix('"').and_then(|rest| rest.split_once('"')).map(|(c, _)| c.to_string());
        let piped_to = piped_to.or_else(|| {
            let name = after.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).next()?;
            before.contains("print").then(|| assigned_string(code, name)).flatten()
        });
        // `print … | ("s" "h")`: a command the program joins from strings.
        let piped_to = piped_to.or_else(|| {
            after.starts_with('(').then(|| term(after, code, 0)).flatten().and_then(|(command, _)| command)
        });
        if let Some(command) = piped_to.as_deref() {
            // `print ... | "cmd"`: cmd runs; a shell runs what is printed.
            findings.push(Finding::Shell(command.to_string()));
            let shell = command.split_whitespace().next().is_some_and(|program| {
                matches!(program.rsplit('/').next(), Some("sh" | "bash" | "dash" | "zsh" | "ksh"))
            });
            if shell {
                let printed = before.rsplit_once("print").map_or(before, |(_, args)| args).trim();
                let printed = printed.trim_start_matches('f').trim();
                match printed.strip_prefix('"').and_then(|rest| rest.strip_suffix('"')) {
                    Some(script) if !script.contains('"') => {
                        findings.push(Finding::Shell(script.to_string()))
                    }
                    _ => findings.push(Finding::Opaque {
                        call: format!("print | \"{command}\""),
                        argument: printed.to_string(),
                    }),
                }
            }
        } else if after.starts_with("getline") {
            // `"cmd" | getline`: the string before the bar runs.
            if let Some(command) =
                before.strip_suffix('"').and_then(|rest| rest.rsplit_once('"')).map(|(_, cmd)| cmd)
            {
                findings.push(Finding::Shell(command.to_string()));
            } else {
                // `c = "cmd"; c | getline`: the variable's string, or a command not computed.
                let name: String = before
                    .chars()
                    .rev()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect::<Vec<_>>()
                    .into_iter()
                    .rev()
                    .collect();
                match assigned_string(code, &name) {
                    Some(command) => findings.push(Finding::Shell(command)),
                    None => findings.push(Finding::Opaque {
                        call: "| getline".into(),
                        argument: before.rsplit(['{', ';']).next().unwrap_or(before).trim().to_string(),
                    }),
                }
            }
        } else if let Some(name) = after
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .next()
            .filter(|name| !name.is_empty() && !name.starts_with(|c: char| c.is_ascii_digit()))
        {
            // `print … | cmd` with the command in a variable.
            if before.contains("print") {
                match assigned_string(code, name) {
                    Some(command) => findings.push(Finding::Shell(command)),
                    None => {
                        findings.push(Finding::Opaque { call: "print |".into(), argument: name.to_string() })
                    }
                }
            }
        } else if after.starts_with('(') && before.contains("print") {
            // `print … | (c "h")`: a command computed otherwise.
            let end = closing(&after[1..]).map_or(after.len(), |end| end + 2);
            findings.push(Finding::Opaque { call: "print |".into(), argument: after[..end].to_string() });
        }
    }
    findings
}
