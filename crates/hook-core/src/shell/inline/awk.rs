//! awk's own ways of running commands and writing files: pipes and redirections of `print`.

use super::Finding;
use crate::shell::Word;

/// awk's pipes, which run through `sh -c`: `print X | "cmd"` runs `cmd` (and when `cmd` is a
/// shell, what is printed is its script), `"cmd" | getline` runs `cmd`.
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
        let file = operand
            .strip_prefix('<')
            .map(str::trim_start)
            .and_then(|tail| tail.strip_prefix('"')?.split_once('"'));
        if let Some((file, _)) = file.filter(|(file, _)| !file.is_empty() && !file.starts_with("/dev/std")) {
            findings.push(Finding::Access {
                via: "awk getline <".into(),
                path: Word::literal(file),
                write: false,
            });
        }
    }
    let mut rest = code;
    while let Some(at) = rest.find('>') {
        let after = rest[at + 1..].trim_start_matches('>').trim_start();
        rest = &rest[at + 1..];
        if let Some((file, _)) = after.strip_prefix('"').and_then(|tail| tail.split_once('"')) {
            if !file.is_empty() && !file.starts_with("/dev/std") {
                findings.push(Finding::Access {
                    via: "awk >".into(),
                    path: Word::literal(file),
                    write: true,
                });
            }
        }
    }
    findings
}

/// The string literal assigned to the awk variable `name` (`c = "rm -rf ~"`).
fn assigned_string(code: &str, name: &str) -> Option<String> {
    if name.is_empty() {
        return None;
    }
    code.match_indices(name).find_map(|(at, _)| {
        let joined = code[..at].chars().last().is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
        let value = code[at + name.len()..].trim_start().strip_prefix('=')?.trim_start();
        if joined || value.starts_with('=') {
            return None;
        }
        let (string, _) = value.strip_prefix('"')?.split_once('"')?;
        Some(string.to_string())
    })
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
        let before = code[..bar].trim_end();
        // `print … | "cmd"`, or `print … | c` with `c = "cmd"`.
        let piped_to =
            after.strip_prefix('"').and_then(|rest| rest.split_once('"')).map(|(c, _)| c.to_string());
        let piped_to = piped_to.or_else(|| {
            let name = after.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).next()?;
            before.contains("print").then(|| assigned_string(code, name)).flatten()
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
        }
    }
    findings
}
