//! Editors that run Ex commands: vim, neovim and ex (`-c CMD`, `--cmd CMD`, `+CMD`, and a
//! script on standard input in Ex mode) and ed (its commands on standard input). `!cmd`,
//! `w !cmd`, `r !cmd` and a filter (`%!cmd`) run a shell line; `:lua`, `:python3`, `:perl`
//! and `:ruby` run code the other scans read; vimscript's `system()` runs a command.
//!
//! `vim -c '!cmd'` itself is also peeled by `shell::wrappers` (an option whose value runs);
//! here the commands it leaves are read: clusters such as `ex -sc`, standard input, and the
//! interpreters.

use super::language::Language;
use super::scanner::Scanner;
use super::{Finding, Source, Stdin};
use crate::shell::Word;

const SHELLS: &[&str] = &["sh", "bash", "zsh", "dash", "ksh", "fish"];

/// Where the editor's commands come from: every `-c`/`--cmd`/`+` value (joined by lines), and
/// standard input when the editor reads commands there (ed, ex, `vim -e`/`-es`).
pub(super) fn source(name: &str, argv: &[Word], stdin: &Stdin) -> Source {
    let mut pieces = Vec::new();
    let mut words = argv.iter().skip(1);
    while let Some(word) = words.next() {
        let text = word.text.as_str();
        if text == "-c"
            || text == "--cmd"
            || text.starts_with('-') && !text.starts_with("--") && text.ends_with('c') && text.len() > 2
        {
            // `-c '!x'` and `--cmd '!x'` are the wrappers' (see the module comment).
            let owned = text == "-c" || text == "--cmd";
            pieces.extend(words.next().map(|w| if owned { without_bang(&w.text) } else { w.text.clone() }));
        } else if let Some(command) = text.strip_prefix('+') {
            pieces.push(without_bang(command));
        }
    }
    if reads_stdin(name, argv) {
        if let Stdin::Text(text) = stdin {
            pieces.push(text.clone());
        } else if pieces.is_empty() {
            return Source::Stdin;
        }
    }
    if pieces.is_empty() { Source::Elsewhere } else { Source::Code("-c".into(), pieces.join("\n")) }
}

/// A `-c` command, unless it is a `!cmd` the wrappers already follow.
fn without_bang(command: &str) -> String {
    let trimmed = command.trim_start_matches(':').trim_start();
    if trimmed.starts_with('!') { String::new() } else { command.to_string() }
}

/// Whether the editor takes commands on standard input: ed always, ex and vim in Ex mode
/// (`-e`, `-E`, `-es`), unless `-` makes standard input the text to edit.
pub(super) fn reads_stdin(name: &str, argv: &[Word]) -> bool {
    if name == "ed" {
        return true;
    }
    let args = || argv.iter().skip(1).map(|w| w.text.as_str());
    if args().any(|a| a == "-") {
        return false;
    }
    name == "ex"
        || args().any(|a| {
            a.starts_with('-') && !a.starts_with("--") && a[1..].contains(['e', 'E']) && !a.contains('c')
        })
}

/// The findings of Ex commands, one a line.
pub(super) fn scan(code: &str) -> Vec<Finding> {
    let mut findings = Vec::new();
    let mut inserting = false;
    for line in code.lines() {
        // ed's `a`, `i` and `c` take text up to a line that is `.`.
        if inserting {
            inserting = line != ".";
            continue;
        }
        let command = line.trim_start().trim_start_matches(':').trim_start();
        let command = command
            .strip_prefix("silent!")
            .or_else(|| command.strip_prefix("silent"))
            .unwrap_or(command)
            .trim_start();
        // A range first: `%`, `1,$`, `.`, `'a,'b`, numbers.
        let body = command.trim_start_matches(|c: char| {
            c.is_ascii_digit() || matches!(c, '%' | ',' | '.' | '$' | ';' | '\'' | '+' | '-')
        });
        if matches!(body, "a" | "i" | "c") && body.len() == 1 {
            inserting = true;
            continue;
        }
        // A filter (`%!sh`, `1,$!bash`): the lines of the range are the command's input.
        if body.len() < command.len()
            && let Some(line) = body.strip_prefix('!')
        {
            buffer_program("%!", line, &mut findings);
        }
        ex_command(body, &mut findings);
    }
    findings
}

fn ex_command(body: &str, findings: &mut Vec<Finding>) {
    let word: String = body.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
    let rest = body[word.len()..].trim_start();
    if let Some(line) = body.strip_prefix('!') {
        findings.push(Finding::Shell(line.to_string()));
        return;
    }
    let language = match word.as_str() {
        "lua" => Some(Language::Lua),
        "py" | "py3" | "python" | "python3" | "pyx" | "pythonx" => Some(Language::Python),
        "perl" => Some(Language::Perl),
        "ruby" | "rub" => Some(Language::Ruby),
        _ => None,
    };
    if let Some(language) = language {
        findings.extend(Scanner::new(language, rest, super::MAX_ALL_ARGUMENTS).run());
        return;
    }
    if let Some(runner) = file_runner(&word) {
        // `luafile x.lua`, `py3file x.py`, `source x.vim`: the file runs as the script it is,
        // which the guard reads like `lua x.lua` or `vim -S x.vim`.
        // `:source! x` reads it as Normal-mode commands: it runs all the same.
        let file = rest.trim_start_matches('!').trim();
        if !file.is_empty() {
            let lua = file.ends_with(".lua");
            let argv: &[&str] = match runner {
                "vim" if lua => &["lua", file],
                "vim" => &["vim", "-S", file],
                runner => &[runner, file],
            };
            let dynamic = file.contains('$') || file.starts_with('%') || file.contains(['<', '`']);
            findings.push(Finding::Argv(
                argv.iter()
                    .map(|text| Word { dynamic: dynamic && *text == file, ..Word::literal(*text) })
                    .collect(),
            ));
        }
        return;
    }
    match word.as_str() {
        // `w !cmd`, `r !cmd`, `e !cmd`: the command reads or writes the buffer.
        "w" | "write" | "r" | "read" | "e" | "edit" => {
            if let Some(line) = rest.strip_prefix('!') {
                findings.push(Finding::Shell(line.to_string()));
                if matches!(word.as_str(), "w" | "write") {
                    buffer_program("w !", line, findings);
                }
            }
        }
        // `exe "!rm -rf ~"`: a string of Ex commands.
        "exe" | "execute" => {
            let text = rest.trim().trim_matches(['"', '\'']);
            if rest.trim().starts_with(['"', '\'']) && !text.contains(['"', '\'']) {
                ex_command(text.trim_start_matches(':'), findings);
            } else {
                findings.push(Finding::Opaque { call: word.clone(), argument: rest.to_string() });
            }
        }
        // `call system("…")`, `echo systemlist(…)`, `let x = system(…)`.
        _ if rest.contains("system") => {
            let scanned = Scanner::new(Language::Editor, rest, super::MAX_ALL_ARGUMENTS).run();
            findings.extend(scanned);
        }
        _ => {}
    }
}

/// `w !sh`, `%!sh`: the buffer, a file's text, is the program of a shell or interpreter the
/// command line starts.
fn buffer_program(call: &str, line: &str, findings: &mut Vec<Finding>) {
    let program = line.split_whitespace().next().unwrap_or_default();
    let program = crate::shell::base_name(program);
    if SHELLS.contains(&program) || super::is_interpreter(program) {
        findings.push(Finding::Opaque { call: format!("{call}{program}"), argument: "the buffer".into() });
    }
}

/// The program that runs the file an Ex command names, for the commands that run one (with
/// their abbreviations): `:source` (`vim`, its own scripts), `:luafile`, `:pyfile`,
/// `:py3file`, `:pyxfile`, `:rubyfile`.
fn file_runner(word: &str) -> Option<&'static str> {
    let abbreviates = |short: &str, long: &str| word.len() >= short.len() && long.starts_with(word);
    Some(match word {
        _ if abbreviates("so", "source") => "vim",
        _ if abbreviates("luaf", "luafile") => "lua",
        _ if abbreviates("pyf", "pyfile")
            || abbreviates("py3f", "py3file")
            || abbreviates("pyxf", "pyxfile") =>
        {
            "python3"
        }
        _ if abbreviates("rubyf", "rubyfile") => "ruby",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shell(line: &str) -> Finding {
        Finding::Shell(line.into())
    }

    #[test]
    fn ex_commands_that_run() {
        assert_eq!(scan("!rm -rf ~\nq"), [shell("rm -rf ~")]);
        assert_eq!(
            scan("1,$w !sh"),
            [shell("sh"), Finding::Opaque { call: "w !sh".into(), argument: "the buffer".into() }]
        );
        assert_eq!(scan("w !wc -l"), [shell("wc -l")]);
        assert_eq!(scan("lua os.execute('rm -rf ~')"), [shell("rm -rf ~")]);
        assert_eq!(scan("py3 import os; os.system('rm -rf ~')"), [shell("rm -rf ~")]);
        assert_eq!(scan("call system('rm -rf ~')"), [shell("rm -rf ~")]);
        assert_eq!(scan("exe \"!rm -rf ~\""), [shell("rm -rf ~")]);
        assert_eq!(scan("a\n!rm -rf ~\n.\nw"), []);
        assert_eq!(scan("set nu\n%s/a/b/g\nwq"), []);
    }

    #[test]
    fn ex_commands_that_run_a_file_run_it_as_its_script() {
        let argv = |words: &[&str]| Finding::Argv(words.iter().map(|w| Word::literal(*w)).collect());
        assert_eq!(scan("luafile x.lua"), [argv(&["lua", "x.lua"])]);
        assert_eq!(scan(":luaf x.lua"), [argv(&["lua", "x.lua"])]);
        assert_eq!(scan("py3file x.py"), [argv(&["python3", "x.py"])]);
        assert_eq!(scan("pyf x.py"), [argv(&["python3", "x.py"])]);
        assert_eq!(scan("rubyfile x.rb"), [argv(&["ruby", "x.rb"])]);
        assert_eq!(scan("so x.vim"), [argv(&["vim", "-S", "x.vim"])]);
        assert_eq!(scan(":source! x.vim"), [argv(&["vim", "-S", "x.vim"])]);
        assert_eq!(scan("source init.lua"), [argv(&["lua", "init.lua"])]);
        assert_eq!(scan("sort\ns/a/b/\nsyntax on"), []);
    }

    #[test]
    fn where_commands_come_from() {
        let words = |argv: &[&str]| argv.iter().map(|w| Word::literal(*w)).collect::<Vec<_>>();
        let code = |argv: &[&str], stdin: Stdin| match source(argv[0], &words(argv), &stdin) {
            Source::Code(_, code) => Some(code),
            _ => None,
        };
        assert_eq!(code(&["ed", "f"], Stdin::Text("!id\n".into())), Some("!id\n".into()));
        assert_eq!(code(&["ex", "-sc", "!id"], Stdin::Inherited), Some("!id".into()));
        assert_eq!(code(&["vim", "-c", "!id"], Stdin::Inherited), Some(String::new()));
        assert_eq!(
            code(&["nvim", "--headless", "-c", "lua print(1)"], Stdin::Inherited),
            Some("lua print(1)".into())
        );
        assert_eq!(code(&["vim", "-"], Stdin::Text("!id".into())), None);
        assert!(reads_stdin("ed", &words(&["ed", "f"])));
        assert!(!reads_stdin("vim", &words(&["vim", "f"])));
    }
}
