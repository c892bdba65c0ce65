//! Configured command lines to argv: POSIX shell word splitting (quotes and backslashes, no
//! expansion) and the `{file}` placeholder, substituted after splitting.

use std::ffi::OsString;
use std::path::Path;

/// Replaced by the file's path in every word that contains it.
pub const FILE_PLACEHOLDER: &str = "{file}";

/// Why a command line could not be split.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SplitError {
    /// No words at all.
    Empty,
    /// A `'` or `"` that is never closed.
    UnclosedQuote(char),
    /// An unquoted `|`, `;`, `>`... Commands run without a shell, so shell syntax would only
    /// become odd arguments.
    ShellSyntax(char),
}

impl std::fmt::Display for SplitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Empty => f.write_str("the command is empty"),
            Self::UnclosedQuote(quote) => write!(f, "a {quote} quote is never closed"),
            Self::ShellSyntax(c) => write!(
                f,
                "`{c}` is shell syntax, but commands run without a shell; quote it, or run `sh -c '...'`"
            ),
        }
    }
}

impl std::error::Error for SplitError {}

/// Characters that mean something to a shell between words; quoted, they are plain text.
const SHELL_OPERATORS: &[char] = &['|', '&', ';', '<', '>', '(', ')', '`'];

/// Split `line` into words the way a POSIX shell would, without expanding anything:
/// `$HOME`, `*` and `~` stay as written.
pub fn split(line: &str) -> Result<Vec<String>, SplitError> {
    let mut words = Vec::new();
    let mut word = String::new();
    // Distinguishes an empty quoted word (`''`) from no word at all.
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(inner) => word.push(inner),
                        None => return Err(SplitError::UnclosedQuote('\'')),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some('\n') => {}
                            Some(escaped @ ('$' | '`' | '"' | '\\')) => word.push(escaped),
                            Some(other) => {
                                word.push('\\');
                                word.push(other);
                            }
                            None => return Err(SplitError::UnclosedQuote('"')),
                        },
                        Some(inner) => word.push(inner),
                        None => return Err(SplitError::UnclosedQuote('"')),
                    }
                }
            }
            '\\' => match chars.next() {
                Some('\n') => {}
                Some(escaped) => {
                    in_word = true;
                    word.push(escaped);
                }
                None => {
                    in_word = true;
                    word.push('\\');
                }
            },
            _ if SHELL_OPERATORS.contains(&c) => return Err(SplitError::ShellSyntax(c)),
            _ => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() { Err(SplitError::Empty) } else { Ok(words) }
}

/// The argv of `line`, with `{file}` in any word replaced by `file`. The file name is put
/// in after splitting, so whatever it contains (spaces, quotes, `$(...)`) stays inside the
/// one argument it was substituted into.
///
/// Inside a shell's `-c` script (`sh -c 'ruff format {file} | head'`) the file name would
/// become shell text, and a file named `src/$(touch x).rs` would run code. There `{file}` is
/// replaced by `"$1"` and the file is passed after the script as the shell's first positional
/// parameter, which the shell never reads as code.
pub fn argv(line: &str, file: Option<&Path>) -> Result<Vec<OsString>, SplitError> {
    let mut words = split(line)?;
    if let (Some(file), Some(script)) = (file, shell_script(&words)) {
        if words[script].contains(FILE_PLACEHOLDER) {
            words[script] = words[script].replace(FILE_PLACEHOLDER, "\"$1\"");
            // The script's own arguments come after `$0`; ours goes first among them.
            let name = words[0].clone();
            let mut argv: Vec<OsString> = words[..=script].iter().map(OsString::from).collect();
            argv.push(OsString::from(name));
            argv.push(file.as_os_str().to_owned());
            argv.extend(words[script + 1..].iter().map(|word| substitute(word, Some(file))));
            return Ok(argv);
        }
    }
    Ok(words.iter().map(|word| substitute(word, file)).collect())
}

/// The index of the script of `sh -c SCRIPT` (any POSIX shell, options before `-c` allowed).
fn shell_script(words: &[String]) -> Option<usize> {
    let program = crate::shell::base_name(words.first()?);
    if !matches!(program, "sh" | "bash" | "dash" | "zsh" | "ksh" | "ash" | "mksh") {
        return None;
    }
    let at = words.iter().skip(1).position(|word| !word.starts_with('-') || word.contains('c'))? + 1;
    (words[at].starts_with('-') && words[at].contains('c'))
        .then_some(at + 1)
        .filter(|&script| script < words.len())
}

fn substitute(word: &str, file: Option<&Path>) -> OsString {
    let Some(file) = file.filter(|_| word.contains(FILE_PLACEHOLDER)) else {
        return OsString::from(word);
    };
    let mut out = OsString::new();
    let mut pieces = word.split(FILE_PLACEHOLDER);
    if let Some(first) = pieces.next() {
        out.push(first);
    }
    for piece in pieces {
        out.push(file.as_os_str());
        out.push(piece);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_inside_a_shell_script_is_a_positional_parameter() {
        let file = Path::new("src/$(touch pwned).rs");
        let piped = argv("sh -c 'ruff format {file} | head -n 5'", Some(file)).unwrap();
        assert_eq!(piped, ["sh", "-c", "ruff format \"$1\" | head -n 5", "sh", "src/$(touch pwned).rs"]);
        let chained = argv("bash -eu -c 'fmt {file} && lint {file}' extra", Some(file)).unwrap();
        assert_eq!(
            chained,
            ["bash", "-eu", "-c", "fmt \"$1\" && lint \"$1\"", "bash", "src/$(touch pwned).rs", "extra"]
        );
        // Outside a shell script the name is one argument already.
        assert_eq!(argv("rustfmt {file}", Some(file)).unwrap(), ["rustfmt", "src/$(touch pwned).rs"]);
        assert_eq!(argv("sh -c 'cargo fmt'", Some(file)).unwrap(), ["sh", "-c", "cargo fmt"]);
    }

    fn words(line: &str) -> Vec<String> {
        split(line).unwrap()
    }

    #[test]
    fn whitespace_separates_words() {
        assert_eq!(words("  rustfmt\t--edition 2021\n{file} "), ["rustfmt", "--edition", "2021", "{file}"]);
    }

    #[test]
    fn single_quotes_keep_everything() {
        assert_eq!(words(r#"a 'b c' 'x\y"z' ''"#), ["a", "b c", r#"x\y"z"#, ""]);
    }

    #[test]
    fn double_quotes_escape_only_the_posix_four() {
        assert_eq!(words(r#""a \"b\" \$c \\ \n""#), [r#"a "b" $c \ \n"#]);
        assert_eq!(words("\"a\\\nb\""), ["ab"]);
        assert_eq!(words(r#""" x"#), ["", "x"]);
    }

    #[test]
    fn backslashes_escape_outside_quotes() {
        assert_eq!(words(r"a\ b c\'d \|"), ["a b", "c'd", "|"]);
        assert_eq!(words("a\\\nb"), ["ab"]);
        assert_eq!(words(r"trailing\"), [r"trailing\"]);
    }

    #[test]
    fn quotes_join_with_neighbours() {
        assert_eq!(words(r#"--x='a b'"c d"e"#), ["--x=a bc de"]);
    }

    #[test]
    fn nothing_is_expanded() {
        assert_eq!(words("echo $HOME * ~ \"$(id)\""), ["echo", "$HOME", "*", "~", "$(id)"]);
    }

    #[test]
    fn errors() {
        assert_eq!(split(""), Err(SplitError::Empty));
        assert_eq!(split("   "), Err(SplitError::Empty));
        assert_eq!(split("a 'b"), Err(SplitError::UnclosedQuote('\'')));
        assert_eq!(split("a \"b"), Err(SplitError::UnclosedQuote('"')));
        assert_eq!(split("a \"b\\"), Err(SplitError::UnclosedQuote('"')));
        assert_eq!(split("ruff check {file} || true"), Err(SplitError::ShellSyntax('|')));
        assert_eq!(split("a; b"), Err(SplitError::ShellSyntax(';')));
        assert_eq!(split("echo $(id)"), Err(SplitError::ShellSyntax('(')));
        assert_eq!(split("a > out"), Err(SplitError::ShellSyntax('>')));
        assert_eq!(split("a `id`"), Err(SplitError::ShellSyntax('`')));
    }

    #[test]
    fn the_file_is_one_argument_whatever_it_contains() {
        let file = Path::new("/p/a b; $(touch x) 'q\" `id`.rs");
        let argv = argv("fmt --path={file} {file} '{file}'", Some(file)).unwrap();
        let expected_flag = format!("--path={}", file.display());
        assert_eq!(argv, [OsString::from("fmt"), expected_flag.into(), file.into(), file.into()]);
    }

    #[test]
    fn without_a_file_the_placeholder_stays() {
        assert_eq!(argv("echo {file}", None).unwrap(), ["echo", "{file}"]);
    }
}
