//! The command line a registration runs: built from the binary's path, quoted for the
//! agent's POSIX shell (sh on Unix, Git Bash on Windows), and read back to tell our
//! entries from everyone else's.

use std::path::Path;

/// The command line that runs `exe`: forward slashes (Git Bash eats backslashes) and POSIX
/// quotes where the path needs them.
pub fn command_line(exe: &Path) -> String {
    let path = exe.to_string_lossy();
    crate::shell::quote(&posix_path(&path, cfg!(windows)))
}

/// `path` as a POSIX shell on this platform spells it: on Windows, `C:\x\y` becomes `C:/x/y`,
/// which Git Bash and Windows both accept. Elsewhere a backslash is an ordinary character.
fn posix_path(path: &str, windows: bool) -> String {
    if windows { path.replace('\\', "/") } else { path.to_string() }
}

/// Whether `command` runs the binary called `binary`: the base name of its program (first
/// word after `NAME=value` assignments, quotes removed, `.exe` ignored) is exactly `binary`.
/// `claude-hook-extra` and `my-claude-hook` are someone else's.
pub fn runs_binary(command: &str, binary: &str) -> bool {
    let Some(program) = program(command) else { return false };
    let base = crate::shell::program_base(&program);
    let base = strip_exe(base);
    base == binary
}

fn strip_exe(name: &str) -> &str {
    let cut = name.len().saturating_sub(4);
    match name.get(cut..) {
        Some(ext) if ext.eq_ignore_ascii_case(".exe") => &name[..cut],
        _ => name,
    }
}

/// The program a POSIX command line runs: its first word that is not a `NAME=value`
/// assignment, with quotes and backslash escapes removed.
pub fn program(command: &str) -> Option<String> {
    words(command).into_iter().find(|word| !is_assignment(word))
}

fn is_assignment(word: &str) -> bool {
    match word.split_once('=') {
        Some((name, _)) => {
            !name.is_empty()
                && !name.starts_with(|c: char| c.is_ascii_digit())
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        }
        None => false,
    }
}

/// The leading words of a command line, up to the first operator or unquoted character a
/// plain word cannot hold. Enough to find the program; not a shell parser.
fn words(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut current = String::new();
    let mut in_word = false;
    let mut chars = command.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' => {
                if in_word {
                    words.push(std::mem::take(&mut current));
                    in_word = false;
                }
            }
            ';' | '&' | '|' | '<' | '>' | '(' | ')' => break,
            '\'' => {
                in_word = true;
                current.extend(chars.by_ref().take_while(|&c| c != '\''));
            }
            '"' => {
                in_word = true;
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' => current.extend(chars.next()),
                        c => current.push(c),
                    }
                }
            }
            '\\' => {
                in_word = true;
                current.extend(chars.next());
            }
            c => {
                in_word = true;
                current.push(c);
            }
        }
    }
    if in_word {
        words.push(current);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::quote;

    #[test]
    fn plain_paths_stay_unquoted() {
        assert_eq!(quote("/usr/local/bin/claude-hook"), "/usr/local/bin/claude-hook");
    }

    #[test]
    fn spaces_and_quotes_are_single_quoted() {
        assert_eq!(quote("/home/a b/claude-hook"), "'/home/a b/claude-hook'");
        assert_eq!(quote("/it's/claude-hook"), r"'/it'\''s/claude-hook'");
        assert_eq!(quote("/x/$HOME/claude-hook"), "'/x/$HOME/claude-hook'");
    }

    #[test]
    fn windows_paths_get_forward_slashes_for_git_bash() {
        assert_eq!(
            quote(&posix_path(r"C:\Users\Ann Lee\bin\claude-hook.exe", true)),
            "'C:/Users/Ann Lee/bin/claude-hook.exe'"
        );
        assert_eq!(posix_path(r"/odd\name", false), r"/odd\name");
    }

    #[test]
    fn quoted_commands_read_back_to_the_path() {
        for path in ["/usr/bin/claude-hook", "/home/a b/claude-hook", "/it's/claude-hook"] {
            assert_eq!(program(&quote(path)).as_deref(), Some(path));
        }
        assert_eq!(program(r#""/a b/claude-hook" run"#).as_deref(), Some("/a b/claude-hook"));
        assert_eq!(program(r"/a\ b/claude-hook").as_deref(), Some("/a b/claude-hook"));
    }

    #[test]
    fn ownership_is_the_exact_base_name_of_the_program() {
        assert!(runs_binary("/old/path/claude-hook", "claude-hook"));
        assert!(runs_binary("claude-hook run", "claude-hook"));
        assert!(runs_binary("AGENT_HOOKS_CONFIG=/p.toml '/a b/claude-hook'", "claude-hook"));
        assert!(runs_binary(r"'C:\bin\claude-hook.EXE'", "claude-hook"));
        assert!(runs_binary("C:/bin/claude-hook.exe", "claude-hook"));
        assert!(!runs_binary("/x/claude-hook-extra", "claude-hook"));
        assert!(!runs_binary("/x/my-claude-hook", "claude-hook"));
        assert!(!runs_binary("/usr/bin/other-guard claude-hook", "claude-hook"));
        assert!(!runs_binary("echo hi; claude-hook", "claude-hook"));
        assert!(!runs_binary("", "claude-hook"));
    }
}
