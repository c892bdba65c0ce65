//! The languages the one-liner scanner reads, and the calls of each that run, read, write or
//! delete: a table per language, looked up by function name and qualifier.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Language {
    Python,
    Node,
    Perl,
    Ruby,
    Php,
    Awk,
    Lua,
    R,
    Julia,
    AppleScript,
}

impl Language {
    pub(super) fn of(name: &str) -> Option<Language> {
        let versioned = |prefix: &str| {
            name.strip_prefix(prefix).is_some_and(|v| v.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
        };
        match name {
            _ if versioned("python") || versioned("pypy") => Some(Language::Python),
            "node" | "nodejs" | "bun" | "deno" => Some(Language::Node),
            "awk" | "gawk" | "mawk" | "nawk" => Some(Language::Awk),
            "luajit" => Some(Language::Lua),
            _ if versioned("lua") => Some(Language::Lua),
            "Rscript" | "R" => Some(Language::R),
            _ if versioned("julia") => Some(Language::Julia),
            "osascript" => Some(Language::AppleScript),
            _ if versioned("perl") => Some(Language::Perl),
            _ if versioned("ruby") => Some(Language::Ruby),
            _ if versioned("php") => Some(Language::Php),
            _ => None,
        }
    }

    /// The calls this language's scan looks for.
    pub(super) fn table(self) -> &'static [Target] {
        match self {
            Language::Python => PYTHON,
            Language::Node => NODE,
            Language::Perl => PERL,
            Language::Ruby => RUBY,
            Language::Php => PHP,
            Language::Awk => AWK,
            Language::Lua => LUA,
            Language::R => R,
            Language::Julia => JULIA,
            Language::AppleScript => APPLESCRIPT,
        }
    }

    pub(super) fn label(self) -> &'static str {
        match self {
            Language::Python => "python",
            Language::Node => "node",
            Language::Perl => "perl",
            Language::Ruby => "ruby",
            Language::Php => "php",
            Language::Awk => "awk",
            Language::Lua => "lua",
            Language::R => "R",
            Language::Julia => "julia",
            Language::AppleScript => "osascript",
        }
    }

    pub(super) fn line_comment(self, bytes: &[u8], i: usize) -> bool {
        let hash = bytes[i] == b'#';
        let slashes = bytes[i] == b'/' && bytes.get(i + 1) == Some(&b'/');
        match self {
            Language::Python
            | Language::Perl
            | Language::Ruby
            | Language::Awk
            | Language::R
            | Language::Julia => hash,
            Language::Node => slashes,
            Language::Php => hash || slashes,
            Language::Lua | Language::AppleScript => bytes[i] == b'-' && bytes.get(i + 1) == Some(&b'-'),
        }
    }
}

/// What a called function does with its arguments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Effect {
    /// A string runs through a shell; a list or several strings are argv.
    Shell,
    /// Program and argument list (`spawnSync("rm", ["-rf", "/"])`).
    Spawn,
    Delete,
    /// Deletes recursively only with a `recursive: true` option.
    DeleteIfRecursive,
    Read,
    Write,
    /// Deletes one file (`os.remove`, `unlink`): a write of it, as the file rules count it.
    Remove,
    /// Runs a string as code of the same language (`exec("...")`, `eval "..."`).
    Eval,
    /// Python's `open(path, mode)`: a write when the mode says so.
    Open,
    /// `pathlib.Path(path)`: what the method called on it does (`.read_text()` reads,
    /// `.write_text(s)` writes, `.open(mode)` as [`Effect::Open`]).
    PathObject,
}

/// Function name, the qualifiers it must be called with (`""`: bare; empty list: any), effect.
pub(super) type Target = (&'static str, &'static [&'static str], Effect);

const PYTHON: &[Target] = &[
    ("system", &["os", ""], Effect::Shell),
    ("popen", &["os", ""], Effect::Shell),
    ("run", &["subprocess"], Effect::Shell),
    ("call", &["subprocess"], Effect::Shell),
    ("Popen", &["subprocess", ""], Effect::Shell),
    ("check_call", &["subprocess", ""], Effect::Shell),
    ("check_output", &["subprocess", ""], Effect::Shell),
    ("getoutput", &["subprocess", ""], Effect::Shell),
    ("getstatusoutput", &["subprocess", ""], Effect::Shell),
    ("rmtree", &["shutil", ""], Effect::Delete),
    ("remove", &["os", ""], Effect::Remove),
    // `os.execvp("rm", ["rm", "-rf", "/"])`: a program and its argv.
    ("execvp", &["os"], Effect::Spawn),
    ("execv", &["os"], Effect::Spawn),
    ("execve", &["os"], Effect::Spawn),
    ("execvpe", &["os"], Effect::Spawn),
    ("spawnvp", &["os"], Effect::Spawn),
    ("spawnv", &["os"], Effect::Spawn),
    ("spawn", &["pty"], Effect::Shell),
    ("exec", &[""], Effect::Eval),
    ("eval", &[""], Effect::Eval),
    ("unlink", &["os", ""], Effect::Remove),
    ("open", &["", "io"], Effect::Open),
    ("Path", &["", "pathlib"], Effect::PathObject),
    ("copy", &["shutil"], Effect::Read),
    ("copyfile", &["shutil"], Effect::Read),
    ("copy2", &["shutil"], Effect::Read),
];

const NODE: &[Target] = &[
    ("execSync", &[], Effect::Shell),
    ("exec", &[], Effect::Shell),
    ("spawnSync", &[], Effect::Spawn),
    ("spawn", &[], Effect::Spawn),
    ("execFileSync", &[], Effect::Spawn),
    ("execFile", &[], Effect::Spawn),
    ("rmSync", &[], Effect::DeleteIfRecursive),
    ("rmdirSync", &[], Effect::DeleteIfRecursive),
    ("rm", &["fs", "fs.promises", "fsp", "promises"], Effect::DeleteIfRecursive),
    ("rmdir", &["fs", "fs.promises", "fsp", "promises"], Effect::DeleteIfRecursive),
    ("removeSync", &[], Effect::Delete),
    ("remove", &["Deno"], Effect::DeleteIfRecursive),
    ("rimraf", &[], Effect::Delete),
    ("unlinkSync", &[], Effect::Remove),
    ("eval", &[""], Effect::Eval),
    ("Function", &["", "new"], Effect::Eval),
    ("runInThisContext", &[], Effect::Eval),
    ("unlink", &["fs", "fs.promises", "fsp", "promises"], Effect::Remove),
    ("readFileSync", &[], Effect::Read),
    ("readFile", &[], Effect::Read),
    ("writeFileSync", &[], Effect::Write),
    ("writeFile", &[], Effect::Write),
    ("appendFileSync", &[], Effect::Write),
];

const PERL: &[Target] = &[
    ("open", &[""], Effect::Open),
    ("system", &[""], Effect::Shell),
    ("exec", &[""], Effect::Shell),
    ("rmtree", &[], Effect::Delete),
    ("remove_tree", &[], Effect::Delete),
    ("unlink", &[""], Effect::Remove),
    ("eval", &[""], Effect::Eval),
];

const RUBY: &[Target] = &[
    ("system", &["", "Kernel"], Effect::Shell),
    ("exec", &["", "Kernel"], Effect::Shell),
    ("spawn", &["", "Kernel", "Process"], Effect::Shell),
    ("popen", &["IO"], Effect::Shell),
    ("capture2", &["Open3"], Effect::Shell),
    ("capture2e", &["Open3"], Effect::Shell),
    ("capture3", &["Open3"], Effect::Shell),
    ("popen3", &["Open3"], Effect::Shell),
    ("rm_rf", &[], Effect::Delete),
    ("rm_r", &[], Effect::Delete),
    ("remove_dir", &[], Effect::Delete),
    ("remove_entry", &[], Effect::Delete),
    ("remove_entry_secure", &[], Effect::Delete),
    ("delete", &["File"], Effect::Remove),
    ("eval", &["", "Kernel"], Effect::Eval),
    ("instance_eval", &[], Effect::Eval),
    ("class_eval", &[], Effect::Eval),
    ("unlink", &["File"], Effect::Remove),
    ("rm", &["FileUtils"], Effect::Remove),
    ("rm_f", &["FileUtils"], Effect::Remove),
    ("read", &["File", "IO"], Effect::Read),
    ("readlines", &["File", "IO"], Effect::Read),
    ("write", &["File", "IO"], Effect::Write),
];

const AWK: &[Target] = &[("system", &[""], Effect::Shell)];

const LUA: &[Target] = &[
    ("execute", &["os"], Effect::Shell),
    ("popen", &["io"], Effect::Shell),
    ("open", &["io"], Effect::Open),
    ("lines", &["io"], Effect::Read),
    ("remove", &["os"], Effect::Remove),
    ("loadstring", &[""], Effect::Eval),
    ("load", &[""], Effect::Eval),
];

const R: &[Target] = &[
    ("system", &[""], Effect::Shell),
    ("system2", &[""], Effect::Shell),
    ("unlink", &[""], Effect::DeleteIfRecursive),
];

/// Julia's backtick commands are found as text; `rm(path; recursive=true)` deletes.
const JULIA: &[Target] = &[("rm", &["", "Base"], Effect::DeleteIfRecursive)];

/// JXA's `app.doShellScript(...)`; AppleScript's `do shell script` is found as text.
const APPLESCRIPT: &[Target] = &[("doShellScript", &[], Effect::Shell)];

const PHP: &[Target] = &[
    ("system", &[], Effect::Shell),
    ("exec", &[], Effect::Shell),
    ("shell_exec", &[], Effect::Shell),
    ("passthru", &[], Effect::Shell),
    ("popen", &[], Effect::Shell),
    ("proc_open", &[], Effect::Shell),
    ("file_get_contents", &[], Effect::Read),
    ("readfile", &[], Effect::Read),
    ("file", &[], Effect::Read),
    ("highlight_file", &[], Effect::Read),
    ("show_source", &[], Effect::Read),
    ("copy", &[], Effect::Read),
    ("fopen", &[], Effect::Open),
    ("file_put_contents", &[], Effect::Write),
    ("unlink", &[], Effect::Remove),
    ("eval", &[], Effect::Eval),
];
