//! Tcl and expect scripts (`echo 'exec rm -rf ~' | tclsh`, `expect -c '…'`): each command's
//! words are read as Tcl reads them (braces quote, `[…]` substitutes a command), and `exec`,
//! `spawn` and `open "|cmd"` run a command line, `open` reads or writes a file, `file delete
//! -force` deletes a tree, and `eval` runs a script. Braced words are scripts of their own
//! (`if`, `while`, `proc`, `catch` bodies) and are read too.

use super::Finding;
use crate::shell::Word;

/// How deep scripts inside scripts are read.
const MAX_DEPTH: usize = 16;

pub(super) fn scan(code: &str) -> Vec<Finding> {
    let mut findings = Vec::new();
    script(code, 0, &mut findings);
    findings
}

/// One word of a command: its text (braces removed), whether it was braced (literal), and
/// whether it holds a substitution (`$x`, `[cmd]`).
struct TclWord {
    text: String,
    braced: bool,
    dynamic: bool,
}

fn script(code: &str, depth: usize, findings: &mut Vec<Finding>) {
    if depth > MAX_DEPTH {
        return;
    }
    let bytes = code.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        let (words, next) = command(code, at, depth, findings);
        at = next.max(at + 1);
        judge(&words, depth, findings);
    }
}

/// The words of the command starting at `at`, and where the next command starts.
fn command(code: &str, mut at: usize, depth: usize, findings: &mut Vec<Finding>) -> (Vec<TclWord>, usize) {
    let bytes = code.as_bytes();
    let mut words = Vec::new();
    loop {
        while bytes.get(at).is_some_and(|b| *b == b' ' || *b == b'\t') {
            at += 1;
        }
        match bytes.get(at) {
            None => return (words, at),
            Some(b'\n' | b';') => return (words, at + 1),
            Some(b'#') if words.is_empty() => {
                let end = bytes[at..].iter().position(|b| *b == b'\n').map_or(bytes.len(), |n| at + n);
                return (words, end + 1);
            }
            Some(b'{') => {
                let end = matching(bytes, at, b'{', b'}');
                words.push(TclWord {
                    text: code[at + 1..end.min(bytes.len())].to_string(),
                    braced: true,
                    dynamic: false,
                });
                at = end + 1;
            }
            Some(_) => {
                let quoted = bytes[at] == b'"';
                if quoted {
                    at += 1;
                }
                let mut text = String::new();
                let mut dynamic = false;
                while let Some(&b) = bytes.get(at) {
                    if quoted && b == b'"' {
                        at += 1;
                        break;
                    }
                    if !quoted && (b.is_ascii_whitespace() || b == b';') {
                        break;
                    }
                    match b {
                        b'[' => {
                            let end = matching(bytes, at, b'[', b']');
                            let inner = &code[at + 1..end.min(bytes.len())];
                            match substitution(inner, depth + 1, findings) {
                                Some(value) => text.push_str(&value),
                                None => {
                                    text.push_str(&code[at..(end + 1).min(bytes.len())]);
                                    dynamic = true;
                                }
                            }
                            at = end + 1;
                        }
                        b'\\' => {
                            let length = 1 + code[at + 1..].chars().next().map_or(0, char::len_utf8);
                            text.push_str(&code[at..at + length]);
                            at += length;
                        }
                        _ => {
                            if b == b'$' {
                                dynamic = true;
                            }
                            let length = code[at..].chars().next().map_or(1, char::len_utf8);
                            text.push_str(&code[at..at + length]);
                            at += length;
                        }
                    }
                }
                words.push(TclWord { text, braced: false, dynamic });
            }
        }
    }
}

/// Reads the script of a `[…]` substitution, and gives its value when it is a path computed
/// from words known here: `[file normalize ~/.ssh/id_rsa]`, `[file join $env(HOME) .ssh
/// id_rsa]`, `[file nativename P]`, `[file home]` (`~` and `$env(HOME)` are the home).
fn substitution(inner: &str, depth: usize, findings: &mut Vec<Finding>) -> Option<String> {
    if depth > MAX_DEPTH || !inner.trim_start().starts_with("file") {
        script(inner, depth, findings);
        return None;
    }
    let (words, next) = command(inner, 0, depth, findings);
    judge(&words, depth, findings);
    if next < inner.len() {
        script(&inner[next..], depth, findings);
        return None;
    }
    let [file, operation, args @ ..] = words.as_slice() else { return None };
    let parts = args
        .iter()
        .map(|w| {
            let text = w.text.replace("$::env(HOME)", "~").replace("$env(HOME)", "~");
            (!text.contains(['$', '['])).then_some(text)
        })
        .collect::<Option<Vec<String>>>()?;
    match (file.text.as_str(), operation.text.as_str(), parts.as_slice()) {
        ("file", "home", []) => Some("~".into()),
        ("file", "normalize" | "nativename", [path]) => Some(path.clone()),
        // A part that is absolute (or the home) starts the path again, as Tcl's does.
        ("file", "join", [_, ..]) => Some(parts.iter().fold(String::new(), |joined, part| {
            if joined.is_empty() || part.starts_with(['/', '~']) {
                part.clone()
            } else {
                format!("{}/{part}", joined.trim_end_matches('/'))
            }
        })),
        _ => None,
    }
}

/// The index of the bracket closing the one at `open` (or the end).
fn matching(bytes: &[u8], open: usize, left: u8, right: u8) -> usize {
    let mut depth = 0usize;
    let mut i = open;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 1,
            b if b == left => depth += 1,
            b if b == right => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
        i += 1;
    }
    bytes.len()
}

fn judge(words: &[TclWord], depth: usize, findings: &mut Vec<Finding>) {
    let Some(name) = words.first() else { return };
    let args = &words[1..];
    let name = name.text.trim_start_matches("::");
    match name {
        "exec" | "spawn" => {
            let start = args.iter().position(|w| !w.text.starts_with('-') || w.text == "--");
            let start = start.map_or(args.len(), |i| i + usize::from(args[i].text == "--"));
            run(name, &args[start..], findings);
        }
        "open" => match args.first() {
            Some(first) if first.text.starts_with('|') => {
                let line = first.text[1..].trim().to_string();
                findings.push(if first.dynamic {
                    Finding::Opaque { call: "open |".into(), argument: line }
                } else {
                    Finding::Shell(line)
                });
            }
            Some(first) => {
                let write = args
                    .get(1)
                    .is_some_and(|mode| mode.text.contains(['w', 'a', '+']) || mode.text.contains("WR"));
                access("tcl open", first, write, findings);
            }
            None => {}
        },
        "file" if args.first().is_some_and(|w| w.text == "delete") => {
            let force = args.iter().any(|w| w.text == "-force");
            for target in args[1..].iter().filter(|w| !w.text.starts_with('-')) {
                if force {
                    findings
                        .push(Finding::Delete { via: "tcl file delete -force".into(), target: word(target) });
                } else {
                    access("tcl file delete", target, true, findings);
                }
            }
        }
        "eval" | "uplevel" | "subst" => {
            for arg in args {
                if arg.braced {
                    continue;
                }
                if let Some(url) = super::value::url_in(&arg.text) {
                    findings.push(Finding::Remote { via: format!("tcl {name}"), url });
                } else if arg.dynamic {
                    findings.push(Finding::Opaque { call: name.to_string(), argument: arg.text.clone() });
                } else {
                    script(&arg.text, depth + 1, findings);
                }
            }
        }
        _ => {}
    }
    // Bodies of `if`, `while`, `proc`, `catch`, `eval {…}`: scripts of their own.
    for arg in args.iter().filter(|w| w.braced) {
        script(&arg.text, depth + 1, findings);
    }
}

/// `exec` and `spawn`: the words are a command line much as a shell would take it (pipes
/// and redirections included); `$env(HOME)` is the home directory.
fn run(name: &str, args: &[TclWord], findings: &mut Vec<Finding>) {
    let Some(program) = args.first() else { return };
    if program.dynamic {
        findings.push(Finding::Opaque { call: name.to_string(), argument: program.text.clone() });
        return;
    }
    let line: Vec<String> = args
        .iter()
        .map(|w| {
            let text = w.text.replace("$env(HOME)", "$HOME").replace("$::env(HOME)", "$HOME");
            // `[exec curl -s URL]` is what that command prints, as the shell's `$(curl -s URL)`;
            // another command's result is a value the scan does not compute.
            if w.dynamic && !w.braced && text.starts_with('[') && text.ends_with(']') {
                return match text[1..text.len() - 1].trim().strip_prefix("exec ") {
                    Some(inner) if !inner.contains(['[', ']']) => format!("\"$({inner})\""),
                    _ => "\"$TCL_RESULT\"".to_string(),
                };
            }
            if w.braced || text.contains(char::is_whitespace) {
                format!("'{}'", text.replace('\'', "'\\''"))
            } else {
                text
            }
        })
        .collect();
    findings.push(Finding::Shell(line.join(" ")));
}

fn word(w: &TclWord) -> Word {
    let text = w.text.replace("$env(HOME)", "~").replace("$::env(HOME)", "~");
    if text == "~" || !text.contains(['$', '[']) {
        if text == "~" {
            return Word { text: "$HOME".into(), raw: w.text.clone(), dynamic: true, glob: false };
        }
        return Word::literal(text);
    }
    Word { text: text.clone(), raw: text, dynamic: true, glob: false }
}

fn access(via: &str, target: &TclWord, write: bool, findings: &mut Vec<Finding>) {
    let path = word(target);
    if path.dynamic && path.text != "$HOME" {
        return;
    }
    let path = if path.dynamic { Word::literal("~") } else { path };
    findings.push(Finding::Access { via: via.to_string(), path, write });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_files_and_bodies() {
        assert_eq!(scan("exec rm -rf ~"), [Finding::Shell("rm -rf ~".into())]);
        assert_eq!(scan("set f [open \"|rm -rf /\"]"), [Finding::Shell("rm -rf /".into())]);
        assert_eq!(
            scan("puts [read [open ~/.ssh/id_rsa]]"),
            [Finding::Access { via: "tcl open".into(), path: Word::literal("~/.ssh/id_rsa"), write: false }]
        );
        assert_eq!(scan("if {1} {exec rm -rf ~}"), [Finding::Shell("rm -rf ~".into())]);
        assert_eq!(scan("exec sh -c {rm -rf ~}"), [Finding::Shell("sh -c 'rm -rf ~'".into())]);
        assert!(matches!(&scan("exec $cmd")[..], [Finding::Opaque { .. }]));
        assert_eq!(scan("puts hello\n# exec rm -rf ~"), []);
        assert_eq!(
            scan("exec cat [file normalize ~/.ssh/id_rsa]"),
            [Finding::Shell("cat ~/.ssh/id_rsa".into())]
        );
        assert_eq!(
            scan("exec cat [file join $env(HOME) .ssh id_rsa]"),
            [Finding::Shell("cat ~/.ssh/id_rsa".into())]
        );
        assert_eq!(scan("puts [file join src main.tcl]"), []);
        let delete = scan("file delete -force $env(HOME)");
        assert!(
            matches!(&delete[..], [Finding::Delete { target, .. }] if target.text == "$HOME"),
            "{delete:?}"
        );
    }

    #[test]
    fn hostile_input_stays_bounded() {
        let deep = "eval {".repeat(1000);
        let _ = scan(&deep);
        for code in ["[", "{", "\"", "exec", "open", "\\"] {
            let _ = scan(code);
        }
    }
}
