//! Shell escapes written as text rather than calls: IPython's `!cmd` and `%%bash` cells, GHCi's
//! `:!cmd`, MATLAB's `!cmd`, gnuplot's `!cmd` lines and `"< cmd"` files, dc's `!cmd`, and m4's
//! `syscmd(cmd)` and `esyscmd(cmd)`.

use super::Finding;
use super::language::Language;

/// The shell command lines `code` runs through its language's escapes; `ipython` says whether
/// Python code is read by IPython, whose escapes plain Python does not have.
pub(super) fn scan(language: Language, code: &str, ipython: bool) -> Vec<Finding> {
    let mut findings = Vec::new();
    match language {
        Language::Python if ipython => ipython_escapes(code, &mut findings),
        Language::Haskell => {
            for line in code.lines() {
                if let Some(command) = line.trim_start().strip_prefix(":!") {
                    findings.push(Finding::Shell(command.trim().to_string()));
                }
            }
        }
        Language::Octave => line_escapes(code, &mut findings),
        Language::Gnuplot => {
            for statement in code.split(['\n', ';']) {
                if let Some(command) = statement.trim_start().strip_prefix('!') {
                    findings.push(Finding::Shell(command.trim().to_string()));
                }
            }
            piped_files(code, &mut findings);
        }
        Language::Dc => dc_escapes(code, &mut findings),
        Language::M4 => m4_escapes(code, &mut findings),
        _ => {}
    }
    findings
}

/// `!cmd` at the start of a line: the rest of the line is a shell command.
fn line_escapes(code: &str, findings: &mut Vec<Finding>) {
    for line in code.lines() {
        if let Some(command) = line.trim_start().strip_prefix('!') {
            findings.push(Finding::Shell(command.trim().to_string()));
        }
    }
}

/// IPython: `!cmd`, `!!cmd`, `x = !cmd`, `%system cmd`, `%sx cmd`, and cells of `%%bash`,
/// `%%sh`, `%%system` or `%%script sh`, whose whole body is a shell script.
fn ipython_escapes(code: &str, findings: &mut Vec<Finding>) {
    let mut lines = code.lines();
    while let Some(line) = lines.next() {
        let line = line.trim_start();
        let cell = line.strip_prefix("%%").map(|magic| magic.split_whitespace().collect::<Vec<_>>());
        if let Some(words) = cell {
            let shell = match words.as_slice() {
                ["bash" | "sh" | "system" | "zsh", ..] => true,
                ["script", program, ..] => matches!(*program, "sh" | "bash" | "zsh" | "dash"),
                _ => false,
            };
            if shell {
                let body: Vec<&str> = lines.by_ref().collect();
                findings.push(Finding::Shell(body.join("\n")));
            }
            continue;
        }
        // `files = !ls`: the command's output is assigned.
        let statement = match line.split_once('=') {
            Some((name, value))
                if value.trim_start().starts_with('!')
                    && name.trim().bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') =>
            {
                value.trim_start()
            }
            _ => line,
        };
        let command = statement
            .strip_prefix('!')
            .map(|rest| rest.trim_start_matches('!'))
            .or_else(|| statement.strip_prefix("%system "))
            .or_else(|| statement.strip_prefix("%sx "))
            .or_else(|| statement.strip_prefix("system "))
            .or_else(|| statement.strip_prefix("sx "));
        if let Some(command) = command {
            findings.push(Finding::Shell(command.trim().to_string()));
        }
    }
}

/// gnuplot reads a file name that starts with `<` from a command's output (`plot "< cmd"`)
/// and writes one that starts with `|` to a command (`set print "| cmd"`).
fn piped_files(code: &str, findings: &mut Vec<Finding>) {
    let bytes = code.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let quote = bytes[i];
        if !matches!(quote, b'"' | b'\'') {
            i += 1;
            continue;
        }
        let end = super::value::string_end(bytes, i, Language::Gnuplot);
        let inner = code.get(i + 1..end.saturating_sub(1).max(i + 1)).unwrap_or_default();
        if let Some(command) = inner.trim_start().strip_prefix(['<', '|']) {
            let command = command.trim();
            findings.push(Finding::Shell(command.to_string()));
            // `set print "| sh"`: what the code prints is the shell's script.
            if inner.trim_start().starts_with('|') && matches!(command, "sh" | "bash" | "dash" | "zsh") {
                for (at, _) in code.match_indices("print ").filter(|(at, _)| !code[..*at].ends_with("set ")) {
                    let printed = code[at + "print ".len()..].trim_start();
                    let quote = printed.chars().next().filter(|q| matches!(q, '"' | '\''));
                    let script = quote.and_then(|q| printed[1..].split_once(q)).map(|(script, _)| script);
                    match script {
                        Some(script) => findings.push(Finding::Shell(script.to_string())),
                        None => findings.push(Finding::Opaque {
                            call: format!("print to `{command}`"),
                            argument: printed.chars().take(40).collect(),
                        }),
                    }
                }
            }
        }
        i = end.max(i + 1);
    }
}

/// dc's `!` runs the rest of the line in a shell; `!<`, `!>` and `!=` are comparisons.
fn dc_escapes(code: &str, findings: &mut Vec<Finding>) {
    let mut rest = code;
    while let Some(at) = rest.find('!') {
        let after = &rest[at + 1..];
        rest = after;
        if after.starts_with(['<', '>', '=']) {
            continue;
        }
        let line = after.split('\n').next().unwrap_or_default();
        // Inside a macro (`[!cmd]x`), the string ends the command.
        let command = line.split(']').next().unwrap_or_default();
        findings.push(Finding::Shell(command.trim().to_string()));
    }
}

/// m4's `syscmd(CMD)` and `esyscmd(CMD)`: the argument up to its closing parenthesis (nested
/// ones and m4's `` `quotes' `` counted), the quotes taken off, is a shell line. m4 expands
/// macros in it first; a line the guard cannot read whole is judged as written.
fn m4_escapes(code: &str, findings: &mut Vec<Finding>) {
    let mut rest = code;
    while let Some(at) = rest.find("syscmd(") {
        let after = &rest[at + "syscmd(".len()..];
        rest = after;
        let (mut depth, mut quotes, mut end) = (0usize, 0usize, after.len());
        for (i, c) in after.char_indices() {
            match c {
                '`' => quotes += 1,
                '\'' if quotes > 0 => quotes -= 1,
                '(' if quotes == 0 => depth += 1,
                ')' if quotes == 0 && depth == 0 => {
                    end = i;
                    break;
                }
                ')' if quotes == 0 => depth -= 1,
                _ => {}
            }
        }
        let line: String = after[..end].chars().filter(|c| !matches!(c, '`' | '\'')).collect();
        findings.push(Finding::Shell(line.trim().to_string()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shells(language: Language, code: &str, ipython: bool) -> Vec<String> {
        scan(language, code, ipython)
            .into_iter()
            .map(|finding| match finding {
                Finding::Shell(line) => line,
                other => format!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn escapes_of_each_language() {
        assert_eq!(shells(Language::Python, "!rm -rf ~", true), ["rm -rf ~"]);
        assert_eq!(shells(Language::Python, "x = !ls ~\nprint(x)", true), ["ls ~"]);
        assert_eq!(shells(Language::Python, "%%bash\nrm -rf ~\necho done", true), ["rm -rf ~\necho done"]);
        assert_eq!(shells(Language::Python, "%sx rm -rf ~", true), ["rm -rf ~"]);
        assert!(shells(Language::Python, "!rm -rf ~", false).is_empty());
        assert!(shells(Language::Python, "print(x != 1)", true).is_empty());
        assert_eq!(shells(Language::Haskell, ":! rm -rf ~", false), ["rm -rf ~"]);
        assert_eq!(shells(Language::Octave, "x = 1;\n!rm -rf ~", false), ["rm -rf ~"]);
        assert_eq!(shells(Language::Gnuplot, "plot '< rm -rf ~' using 1", false), ["rm -rf ~"]);
        assert_eq!(shells(Language::Gnuplot, "set print \"| sh\"; !id", false), ["id", "sh"]);
        assert_eq!(shells(Language::Dc, "[!rm -rf ~]x", false), ["rm -rf ~"]);
        assert!(shells(Language::Dc, "1 2 !<a 3 !=b p", false).is_empty());
        assert!(shells(Language::Gnuplot, "plot 'data.csv' using 1:2", false).is_empty());
        assert_eq!(shells(Language::M4, "esyscmd(rm -rf ~)dnl", false), ["rm -rf ~"]);
        assert_eq!(shells(Language::M4, "define(x, 1)syscmd(`echo $(date)')", false), ["echo $(date)"]);
        assert!(shells(Language::M4, "define(`x', `1')x", false).is_empty());
    }
}
