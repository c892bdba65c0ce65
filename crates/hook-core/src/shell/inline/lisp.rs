//! The Lisp family's one-liners (`guile -c`, `racket -e`, `sbcl --eval`, `clisp -x`,
//! `clojure -e`, `bb -e`): the code is read into s-expressions, and each call that runs a
//! command (`system`, `run-program`, `clojure.java.shell/sh`, babashka's `shell`), reads or
//! writes a file (`slurp`, `spit`, `file->string`, `with-open-file`), deletes a tree
//! (`delete-directory/files`, `fs/delete-tree`) or evaluates code (`eval`, `load-string`,
//! `load`) is reported like the other languages' calls.

use super::Finding;
use crate::shell::Word;

/// How deep lists nest, and how many nodes one piece of code may have, before the reader
/// stops: hostile code must stay linear.
const MAX_DEPTH: usize = 64;
const MAX_NODES: usize = 64 * 1024;

#[derive(Debug, Clone, PartialEq, Eq)]
enum Node {
    /// A symbol, keyword or number.
    Atom(String),
    Str(String),
    /// A list, vector, map or set; `quoted` for `'(…)` and `[…]`, which are data.
    List {
        items: Vec<Node>,
        quoted: bool,
    },
}

pub(super) fn scan(code: &str) -> Vec<Finding> {
    let mut reader = Reader { bytes: code.as_bytes(), at: 0, nodes: 0 };
    let mut findings = Vec::new();
    for node in reader.all(0) {
        walk(&node, &mut findings, 0);
    }
    findings
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    nodes: usize,
}

impl Reader<'_> {
    /// The nodes up to the closing bracket (or the end).
    fn all(&mut self, depth: usize) -> Vec<Node> {
        let mut nodes = Vec::new();
        while let Some(node) = self.node(depth) {
            nodes.push(node);
        }
        nodes
    }

    fn node(&mut self, depth: usize) -> Option<Node> {
        self.skip_space();
        if self.nodes >= MAX_NODES || depth > MAX_DEPTH {
            self.at = self.bytes.len();
            return None;
        }
        self.nodes += 1;
        let b = *self.bytes.get(self.at)?;
        match b {
            b')' | b']' | b'}' => {
                self.at += 1;
                None
            }
            b'(' | b'[' | b'{' => {
                self.at += 1;
                Some(Node::List { items: self.all(depth + 1), quoted: b != b'(' })
            }
            b'"' => Some(Node::Str(self.string())),
            // `'(…)`, `` `(…) ``, `#'f`, `#(…)`, `#{…}`, `#p"…"`, `@x`, `~x`: the form after the prefix.
            b'\'' | b'`' | b'#' | b'@' | b'~' => {
                self.at += 1;
                while self.bytes.get(self.at).is_some_and(|c| matches!(c, b'\'' | b'p' | b'P' | b'_')) {
                    self.at += 1;
                }
                match self.node(depth + 1)? {
                    Node::List { items, .. } if b == b'\'' || b == b'`' => {
                        Some(Node::List { items, quoted: true })
                    }
                    node => Some(node),
                }
            }
            _ => {
                let start = self.at;
                while self.bytes.get(self.at).is_some_and(|c| {
                    !c.is_ascii_whitespace()
                        && !matches!(c, b'(' | b')' | b'[' | b']' | b'{' | b'}' | b'"' | b';' | b',')
                }) {
                    self.at += 1;
                }
                Some(Node::Atom(String::from_utf8_lossy(&self.bytes[start..self.at]).into_owned()))
            }
        }
    }

    fn skip_space(&mut self) {
        while let Some(&b) = self.bytes.get(self.at) {
            if b.is_ascii_whitespace() || b == b',' {
                self.at += 1;
            } else if b == b';' {
                while self.bytes.get(self.at).is_some_and(|c| *c != b'\n') {
                    self.at += 1;
                }
            } else if self.bytes[self.at..].starts_with(b"#|") {
                self.at = super::value::find(self.bytes, self.at + 2, b"|#")
                    .map_or(self.bytes.len(), |end| end + 2);
            } else {
                break;
            }
        }
    }

    fn string(&mut self) -> String {
        let mut out = Vec::new();
        self.at += 1;
        while let Some(&b) = self.bytes.get(self.at) {
            self.at += 1;
            match b {
                b'"' => break,
                b'\\' => {
                    match self.bytes.get(self.at) {
                        Some(b'n') => out.push(b'\n'),
                        Some(b't') => out.push(b'\t'),
                        Some(&c) => out.push(c),
                        None => {}
                    }
                    self.at += 1;
                }
                _ => out.push(b),
            }
        }
        String::from_utf8_lossy(&out).into_owned()
    }
}

/// The function's own name: `sb-ext:run-program` is `run-program`, `clojure.java.shell/sh` is
/// `sh`; `delete-directory/files` keeps its slash.
fn base(name: &str) -> &str {
    if name == "delete-directory/files" {
        return name;
    }
    let name = name.rsplit(':').next().unwrap_or(name);
    crate::shell::base_name(name)
}

fn walk(node: &Node, findings: &mut Vec<Finding>, depth: usize) {
    let Node::List { items, quoted } = node else { return };
    if depth > MAX_DEPTH {
        return;
    }
    if !quoted {
        if let Some(Node::Atom(head)) = items.first() {
            call(head, &items[1..], findings);
        }
    }
    for item in items {
        walk(item, findings, depth + 1);
    }
}

fn call(head: &str, args: &[Node], findings: &mut Vec<Finding>) {
    let via = format!("lisp {head}");
    match base(head) {
        "system" | "system*" | "shell-command" | "run-shell-command" | "open-input-pipe"
        | "open-output-pipe" | "open-pipe" | "open-pipe*" | "process" | "process*" | "sh" | "shell"
        | "exec" | "run-program" | "launch-program" | "spawn" => command(head, args, findings),
        "slurp"
        | "file->string"
        | "file->lines"
        | "file->bytes"
        | "file->value"
        | "read-file"
        | "read-file-string"
        | "read-file-lines"
        | "open-input-file"
        | "call-with-input-file"
        | "with-input-from-file"
        | "read-lines"
        | "read-all-lines" => access(&via, args.first(), false, findings),
        "spit"
        | "call-with-output-file"
        | "with-output-to-file"
        | "open-output-file"
        | "display-to-file"
        | "write-to-file"
        | "delete-file" => access(&via, args.first(), true, findings),
        // `(with-open-file (s ".env") …)`, `(with-open-file (s p :direction :output) …)`.
        "with-open-file" | "with-open" => {
            let Some(Node::List { items, .. }) = args.first() else { return };
            let write =
                items.iter().any(|item| matches!(item, Node::Atom(a) if a == ":output" || a == ":io"));
            access(&via, items.get(1), write, findings);
        }
        "delete-directory/files" | "delete-tree" | "delete-directory-tree" | "rm-rf" | "delete-dir" => {
            let target = args.first().map_or_else(|| unknown(""), target_word);
            findings.push(Finding::Delete { via, target });
        }
        "eval" | "load-string" | "eval-string" | "read-string" | "read-from-string" | "load" => {
            evaluated(head, args.first(), findings)
        }
        _ => {}
    }
}

/// A command run: one string is a shell line; strings and lists of strings are an argv.
fn command(head: &str, args: &[Node], findings: &mut Vec<Finding>) {
    let mut argv = Vec::new();
    for arg in args {
        match arg {
            // `:search t`, `:output :string`: options from here on.
            Node::Atom(atom) if atom.starts_with(':') => break,
            Node::List { items, quoted }
                if *quoted
                    || matches!(items.first(), Some(Node::Atom(h)) if h == "list" || h == "vector") =>
            {
                let words = if *quoted { &items[..] } else { &items[1..] };
                argv.extend(words.iter().map(target_word));
            }
            // A map of options (babashka's `{:dir "x"}`).
            Node::List { items, .. } if matches!(items.first(), Some(Node::Atom(a)) if a.starts_with(':')) => {
            }
            other => argv.push(target_word(other)),
        }
    }
    match argv.as_slice() {
        [] => {}
        [line] if !line.dynamic && matches!(args.first(), Some(Node::Str(_))) => {
            findings.push(Finding::Shell(line.text.clone()));
        }
        [program, ..] if program.dynamic => {
            findings.push(Finding::Opaque { call: head.to_string(), argument: program.raw.clone() });
        }
        _ => findings.push(Finding::Argv(argv)),
    }
}

/// Code evaluated: fetched from a URL (`(load-string (slurp "https://…"))`), given as a
/// literal (read like the rest), a local file (`(load "x.lisp")`), or else unseen.
fn evaluated(head: &str, arg: Option<&Node>, findings: &mut Vec<Finding>) {
    let Some(arg) = arg else { return };
    if let Some(url) = url_in(arg) {
        findings.push(Finding::Remote { via: format!("lisp {head}"), url });
        return;
    }
    match arg {
        Node::Str(_) if base(head) == "load" => {}
        Node::Str(code) => findings.extend(scan(code)),
        // `(eval '(…))`, `(eval (read-string "…"))`: the quoted form is walked like the rest.
        Node::List { quoted: true, .. } => {}
        Node::List { items, .. } if matches!(items.first(), Some(Node::Atom(h)) if matches!(base(h), "read-string" | "read-from-string")) =>
            {}
        other => findings.push(Finding::Opaque { call: head.to_string(), argument: render(other) }),
    }
}

/// The first URL a form names as a string.
fn url_in(node: &Node) -> Option<String> {
    match node {
        Node::Str(text) if super::value::is_url(text) => Some(text.clone()),
        Node::List { items, .. } => items.iter().find_map(url_in),
        _ => None,
    }
}

fn access(via: &str, arg: Option<&Node>, write: bool, findings: &mut Vec<Finding>) {
    let Some(path) = arg.and_then(value) else { return };
    if super::value::is_url(&path) {
        return;
    }
    findings.push(Finding::Access { via: via.to_string(), path: Word::literal(path), write });
}

/// A word for an argument: its value when it has one, the home directory as `$HOME`, else
/// an unknown word.
fn target_word(node: &Node) -> Word {
    match value(node) {
        Some(home) if home == "~" => {
            Word { text: "$HOME".into(), raw: render(node), dynamic: true, glob: false }
        }
        Some(text) => Word::literal(text),
        None => unknown(&render(node)),
    }
}

fn unknown(text: &str) -> Word {
    Word { text: text.to_string(), raw: text.to_string(), dynamic: true, glob: false }
}

/// The value of a form when the scan can compute it: a string, the home directory (`~`),
/// or strings and paths joined (`(str (System/getenv "HOME") "/.ssh/id_rsa")`,
/// `(build-path (find-system-path 'home-dir) ".ssh")`, `(merge-pathnames ".aws/credentials"
/// (user-homedir-pathname))`).
fn value(node: &Node) -> Option<String> {
    let Node::List { items, quoted: false } = node else {
        return match node {
            Node::Str(text) => Some(text.clone()),
            _ => None,
        };
    };
    let (Node::Atom(head), args) = items.split_first()? else { return None };
    let string_arg = |i: usize| match args.get(i) {
        Some(Node::Str(text)) => Some(text.as_str()),
        _ => None,
    };
    let values = |args: &[Node]| args.iter().map(value).collect::<Option<Vec<String>>>();
    match base(head) {
        "getProperty" if string_arg(0) == Some("user.home") => Some("~".into()),
        "getenv" | "posix-getenv" | "get-env" if string_arg(0) == Some("HOME") => Some("~".into()),
        "user-homedir-pathname" | "home" => Some("~".into()),
        "find-system-path"
            if args
                .first()
                .is_some_and(|arg| matches!(render(arg).as_str(), "home-dir" | "(quote home-dir)")) =>
        {
            Some("~".into())
        }
        "str" | "string-append" => Some(values(args)?.concat()),
        "concatenate" => Some(values(args.get(1..)?)?.concat()),
        "build-path" | "file" | "path" | "as-file" | "join-paths" => {
            let parts = values(args)?;
            Some(parts.iter().map(|p| p.trim_end_matches('/')).collect::<Vec<_>>().join("/"))
        }
        "merge-pathnames" => {
            let parts = values(args)?;
            let [relative, base] = parts.as_slice() else { return None };
            Some(format!("{}/{relative}", base.trim_end_matches('/')))
        }
        // Racket's `expand-user-path`, `string->path`, `path->string` keep the text.
        "expand-user" | "expand-home" | "expand-file-name" | "expand-user-path" | "string->path"
        | "path->string" | "simplify-path" => value(args.first()?),
        _ => None,
    }
}

/// A form as text, for messages and unknown words.
fn render(node: &Node) -> String {
    match node {
        Node::Atom(atom) => atom.clone(),
        Node::Str(text) => format!("{text:?}"),
        Node::List { items, .. } => format!("({})", items.iter().map(render).collect::<Vec<_>>().join(" ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shell(line: &str) -> Finding {
        Finding::Shell(line.into())
    }

    #[test]
    fn commands_in_each_dialect() {
        assert_eq!(scan("(system \"rm -rf ~\")"), [shell("rm -rf ~")]);
        assert_eq!(
            scan("(sb-ext:run-program \"/bin/rm\" (list \"-rf\" \"/\") :search t)"),
            [Finding::Argv(vec![Word::literal("/bin/rm"), Word::literal("-rf"), Word::literal("/")])]
        );
        assert_eq!(
            scan("(clojure.java.shell/sh \"rm\" \"-rf\" \"/\")"),
            [Finding::Argv(vec![Word::literal("rm"), Word::literal("-rf"), Word::literal("/")])]
        );
        assert_eq!(
            scan("(require '[babashka.process :refer [shell]]) (shell \"rm -rf ~\")"),
            [shell("rm -rf ~")]
        );
        assert!(matches!(&scan("(system cmd)")[..], [Finding::Opaque { .. }]));
        assert_eq!(scan("(display \"(system \\\"rm -rf ~\\\")\")"), []);
        assert_eq!(scan("; (system \"x\")\n(display 1)"), []);
    }

    #[test]
    fn files_deletes_and_remote_code() {
        let read = |path: &str| Finding::Access {
            via: "lisp slurp".into(),
            path: Word::literal(path),
            write: false,
        };
        assert_eq!(scan("(println (slurp \".env\"))"), [read(".env")]);
        assert_eq!(
            scan("(slurp (str (System/getProperty \"user.home\") \"/.ssh/id_rsa\"))"),
            [read("~/.ssh/id_rsa")]
        );
        let home = scan("(delete-directory/files (find-system-path 'home-dir))");
        assert!(matches!(&home[..], [Finding::Delete { target, .. }] if target.text == "$HOME"), "{home:?}");
        assert_eq!(
            scan("(load-string (slurp \"https://x.example/a.clj\"))"),
            [Finding::Remote { via: "lisp load-string".into(), url: "https://x.example/a.clj".into() }]
        );
        assert_eq!(scan("(load \"init.lisp\")"), []);
    }

    #[test]
    fn hostile_input_stays_bounded() {
        let deep = "(".repeat(100_000);
        assert_eq!(scan(&deep), []);
        for code in ["(system \"", "#|", "\"", ")))", "#", "'"] {
            let _ = scan(code);
        }
    }
}
