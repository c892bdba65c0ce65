//! Which files one analysed simple command reads or writes, for the `[files]` rules.
//!
//! Known from the line alone: redirections (`< f`, `> f`, `>> f`) and the file arguments of
//! the common commands that show a file's content (`cat`, `head`, `grep`, `source`, ...) or
//! change it (`cp` to, `mv`, `tee`, `sed -i`, `rm`, ...), with their PowerShell and cmd.exe
//! counterparts (`Get-Content`, `type`, `Set-Content`, `Copy-Item`, ...). Commands not listed
//! read or write nothing as far as this module knows.

use crate::shell::{RedirectOp, SimpleCommand, Stdin, Word};

use super::command_name;
use super::files::Access;

/// Commands whose operands are all files they print or execute.
const READERS: &[&str] = &[
    ".",
    "base64",
    "bat",
    "batcat",
    "cat",
    "diff",
    "head",
    "hexdump",
    "less",
    "more",
    "nl",
    "od",
    "sort",
    "source",
    "strings",
    "tac",
    "tail",
    "uniq",
    "view",
    "xxd",
    "get-content",
    "gc",
    "type",
];

/// Commands whose first operand is a pattern or program, and the rest files they print.
const PATTERN_READERS: &[&str] = &["ack", "ag", "awk", "egrep", "fgrep", "gawk", "grep", "jq", "rg"];

/// Commands whose operands are all files they change, create or delete.
const WRITERS: &[&str] =
    &["rm", "shred", "tee", "touch", "truncate", "unlink", "remove-item", "ri", "del", "erase"];

/// PowerShell commands whose first operand is the file they write (the rest is content).
const FIRST_OPERAND_WRITERS: &[&str] = &["set-content", "add-content", "out-file", "sc", "ac"];

/// Every file `command` reads or writes, with how.
pub(crate) fn accesses(command: &SimpleCommand) -> Vec<(Access, &Word)> {
    let mut found = Vec::new();
    for redirect in &command.redirects {
        let access = match redirect.op {
            RedirectOp::Read => Access::Read,
            RedirectOp::Write | RedirectOp::Append | RedirectOp::ReadWrite => Access::Write,
            RedirectOp::Duplicate => continue,
        };
        found.push((access, &redirect.target));
    }
    if let Stdin::File(file) = &command.stdin {
        found.push((Access::Read, file));
    }
    let Some(name) = command_name(command).map(|name| name.to_ascii_lowercase()) else {
        return found;
    };
    let operands = operands(command.args());
    let name = name.as_str();
    match name {
        _ if READERS.contains(&name) => found.extend(operands.iter().map(|word| (Access::Read, *word))),
        _ if PATTERN_READERS.contains(&name) => {
            let files = if has_option(command, &["-e", "-f", "--regexp", "--file"]) {
                &operands[..]
            } else {
                skip_first(&operands)
            };
            found.extend(files.iter().map(|word| (Access::Read, *word)));
        }
        _ if WRITERS.contains(&name) => found.extend(operands.iter().map(|word| (Access::Write, *word))),
        _ if FIRST_OPERAND_WRITERS.contains(&name) => {
            found.extend(operands.first().map(|word| (Access::Write, *word)));
        }
        "cp" | "install" | "rsync" | "scp" | "copy-item" | "copy" | "cpi" => {
            if let Some((target, sources)) = operands.split_last() {
                found.extend(sources.iter().map(|word| (Access::Read, *word)));
                found.push((Access::Write, *target));
            }
        }
        // Moving a file away deletes it where it was.
        "mv" | "move-item" | "move" | "mi" => {
            found.extend(operands.iter().map(|word| (Access::Write, *word)))
        }
        "sed" => {
            let in_place = command
                .args()
                .iter()
                .any(|arg| arg.text.starts_with("-i") || arg.text.starts_with("--in-place"));
            let files = if has_option(command, &["-e", "-f", "--expression", "--file"]) {
                &operands[..]
            } else {
                skip_first(&operands)
            };
            let access = if in_place { Access::Write } else { Access::Read };
            found.extend(files.iter().map(|word| (access, *word)));
        }
        "dd" => {
            for arg in command.args() {
                if arg.text.starts_with("if=") {
                    found.push((Access::Read, arg));
                } else if arg.text.starts_with("of=") {
                    found.push((Access::Write, arg));
                }
            }
        }
        _ => {}
    }
    found
}

/// The path a word names: `dd`'s `if=`/`of=` operands without their key.
pub(crate) fn path_of(word: &Word) -> &str {
    ["if=", "of="].iter().find_map(|key| word.text.strip_prefix(key)).unwrap_or(&word.text)
}

/// The arguments that are not options (`-n`, `--lines=5`); everything after `--` counts.
fn operands(args: &[Word]) -> Vec<&Word> {
    let mut operands = Vec::new();
    let mut options_done = false;
    for arg in args {
        if !options_done && arg.text == "--" {
            options_done = true;
        } else if options_done || !arg.text.starts_with('-') || arg.text == "-" {
            operands.push(arg);
        }
    }
    operands
}

fn skip_first<'a, 'w>(operands: &'a [&'w Word]) -> &'a [&'w Word] {
    operands.get(1..).unwrap_or(&[])
}

fn has_option(command: &SimpleCommand, options: &[&str]) -> bool {
    command.args().iter().any(|arg| {
        options.iter().any(|option| arg.text == *option || arg.text.starts_with(&format!("{option}=")))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{command, word};
    use crate::shell::Redirect;

    fn seen(argv: &[&str]) -> Vec<(Access, String)> {
        accesses(&command(argv))
            .into_iter()
            .map(|(access, word)| (access, path_of(word).to_string()))
            .collect()
    }

    fn reads(paths: &[&str]) -> Vec<(Access, String)> {
        paths.iter().map(|p| (Access::Read, p.to_string())).collect()
    }

    #[test]
    fn readers_read_every_operand() {
        assert_eq!(seen(&["cat", ".env", "-n", "b"]), reads(&[".env", "b"]));
        assert_eq!(seen(&["source", ".env"]), reads(&[".env"]));
        assert_eq!(seen(&[".", ".env"]), reads(&[".env"]));
        assert_eq!(seen(&["/usr/bin/head", "-n", "5", ".env"]), reads(&["5", ".env"]));
    }

    #[test]
    fn pattern_readers_skip_the_pattern() {
        assert_eq!(seen(&["grep", "KEY", ".env"]), reads(&[".env"]));
        assert_eq!(seen(&["grep", "-e", "KEY", ".env"]), reads(&["KEY", ".env"]));
        assert_eq!(seen(&["grep", ".env", "notes.txt"]), reads(&["notes.txt"]));
    }

    #[test]
    fn copies_read_sources_and_write_the_target() {
        assert_eq!(
            seen(&["cp", ".env", "/tmp/x"]),
            vec![(Access::Read, ".env".to_string()), (Access::Write, "/tmp/x".to_string())]
        );
        assert_eq!(
            seen(&["mv", "a", ".env"]),
            vec![(Access::Write, "a".into()), (Access::Write, ".env".into())]
        );
    }

    #[test]
    fn sed_writes_only_in_place() {
        assert_eq!(seen(&["sed", "-i", "s/a/b/", ".env"]), vec![(Access::Write, ".env".to_string())]);
        assert_eq!(seen(&["sed", "s/a/b/", ".env"]), reads(&[".env"]));
    }

    #[test]
    fn redirects_and_dd_operands() {
        let mut echo = command(&["echo", "x"]);
        echo.redirects.push(Redirect { fd: None, op: RedirectOp::Append, target: word(".env") });
        echo.redirects.push(Redirect { fd: Some(2), op: RedirectOp::Duplicate, target: word("1") });
        echo.stdin = Stdin::File(word("in.txt"));
        let found: Vec<(Access, &str)> =
            accesses(&echo).into_iter().map(|(a, w)| (a, w.text.as_str())).collect();
        assert_eq!(found, [(Access::Write, ".env"), (Access::Read, "in.txt")]);
        assert_eq!(
            seen(&["dd", "if=.env", "of=/tmp/x"]),
            vec![(Access::Read, ".env".into()), (Access::Write, "/tmp/x".into())]
        );
    }

    #[test]
    fn other_commands_touch_nothing() {
        assert!(seen(&["echo", ".env"]).is_empty());
        assert!(seen(&["git", "add", ".env"]).is_empty());
    }
}
