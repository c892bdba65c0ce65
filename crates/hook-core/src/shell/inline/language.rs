//! The languages the one-liner scanner reads, and the calls of each that run, read, write or
//! delete: a table per language, looked up by function name and qualifier.

use super::Transfer;
use crate::name_filter::NameFilter;
use Language::*;

/// The programs of each language, by exact name. Each name also matches in [`VERSIONED`] form
/// when it is listed there.
const NAMED: &[(&str, Language)] = &[
    // xonsh is a superset of Python (its subprocess syntax is read in `inline::scan`).
    ("xonsh", Python),
    // TypeScript runners run the same code as node (`ts-node -e`, `tsx -e`).
    ("node", Node),
    // The MongoDB shells run JavaScript (`mongosh --eval '…'`), with node's modules in mongosh.
    ("mongosh", Node),
    ("mongo", Node),
    ("nodejs", Node),
    ("bun", Node),
    ("deno", Node),
    ("ts-node", Node),
    ("ts-node-esm", Node),
    ("ts-node-script", Node),
    ("tsx", Node),
    ("esno", Node),
    ("esr", Node),
    ("babel-node", Node),
    ("sucrase-node", Node),
    ("swc-node", Node),
    ("awk", Awk),
    ("gawk", Awk),
    ("mawk", Awk),
    ("nawk", Awk),
    ("luajit", Lua),
    ("Rscript", Language::R),
    ("R", Language::R),
    ("osascript", AppleScript),
    // Raku shares Perl's call syntax; its `shell` and `run` are in Perl's table.
    ("raku", Perl),
    ("rakudo", Perl),
    ("perl6", Perl),
    // irb and pry are Ruby's REPLs; Crystal (`crystal eval`) shares Ruby's calls; Rake runs
    // Ruby given with `-e` (its `sh` is in Ruby's table).
    ("irb", Ruby),
    ("pry", Ruby),
    ("crystal", Ruby),
    ("rake", Ruby),
    ("erl", Erlang),
    ("elixir", Elixir),
    // The JVM's REPLs and scripts, and Swift: Java's process API and C-like syntax.
    ("groovy", Groovy),
    ("jshell", Groovy),
    ("kotlin", Groovy),
    ("kotlinc", Groovy),
    ("kotlinc-jvm", Groovy),
    ("scala", Groovy),
    ("scala-cli", Groovy),
    ("amm", Groovy),
    ("swift", Groovy),
    // Nim (`nim --eval:…`) and GNU Smalltalk (`gst`): call syntax near enough to be read
    // by the same table, and the shared checks (`shared`).
    ("nim", Groovy),
    ("gst", Groovy),
    ("ghc", Haskell),
    ("ghci", Haskell),
    ("runghc", Haskell),
    ("runhaskell", Haskell),
    // OCaml applies functions as Haskell does (`Sys.command "…"`); its calls are in that table.
    ("ocaml", Haskell),
    ("utop", Haskell),
    ("gnuplot", Gnuplot),
    ("octave", Octave),
    ("octave-cli", Octave),
    ("matlab", Octave),
    ("dc", Dc),
    ("m4", M4),
    ("gm4", M4),
    ("guile", Lisp),
    ("racket", Lisp),
    ("sbcl", Lisp),
    ("clisp", Lisp),
    ("ecl", Lisp),
    ("clojure", Lisp),
    ("clj", Lisp),
    ("bb", Lisp),
    ("expect", Tcl),
    ("wish", Tcl),
    ("vi", Editor),
    ("vim", Editor),
    ("nvim", Editor),
    ("view", Editor),
    ("ex", Editor),
    ("gvim", Editor),
    ("vimdiff", Editor),
    ("ed", Editor),
];

/// The programs named with a version after them or without one (`python`, `python3.12`).
const VERSIONED: &[(&str, Language)] = &[
    ("python", Python),
    ("pypy", Python),
    ("ipython", Python),
    ("lua", Lua),
    ("julia", Julia),
    ("perl", Perl),
    ("ruby", Ruby),
    ("php", Php),
    ("tclsh", Tcl),
];

/// The names of [`NAMED`] and [`VERSIONED`]; the filter cuts a version as `VERSIONED` does.
const INTERPRETER_NAMES: NameFilter = NameFilter::EMPTY.with_keys(NAMED).with_keys(VERSIONED);

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
    Erlang,
    Elixir,
    Groovy,
    /// Scheme, Racket, Common Lisp, Clojure: s-expressions, read by `lisp`.
    Lisp,
    /// Tcl and expect: command words, read by `tcl`.
    Tcl,
    /// vi, vim, neovim, ex and ed: Ex commands, read by `editor`.
    Editor,
    /// `ghc -e`, `ghci`, `runghc`, and OCaml's `ocaml` and `utop`: calls without parentheses
    /// (`callCommand "…"`, `Sys.command "…"`).
    Haskell,
    /// gnuplot: `system("…")`, `` `…` ``, `!cmd` lines and `"< cmd"`/`"| cmd"` files.
    Gnuplot,
    /// Octave and MATLAB: `system("…")`, `unix`, `rmdir(d, "s")`, `!cmd` lines.
    Octave,
    /// dc: `!cmd` runs the rest of the line in a shell; nothing else runs.
    Dc,
    /// m4: `syscmd(CMD)` and `esyscmd(CMD)` run CMD in a shell.
    M4,
}

impl Language {
    pub(super) fn of(name: &str) -> Option<Language> {
        if !INTERPRETER_NAMES.may_hold(name) {
            return None;
        }
        let named = NAMED.iter().find(|(named, _)| *named == name);
        let versioned = || {
            VERSIONED.iter().find(|(prefix, _)| {
                name.strip_prefix(prefix).is_some_and(|v| v.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
            })
        };
        named.or_else(versioned).map(|&(_, language)| language)
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
            Language::Erlang => ERLANG,
            Language::Elixir => ELIXIR,
            Language::Groovy => GROOVY,
            Language::Editor => VIMSCRIPT,
            Language::Haskell => HASKELL,
            Language::Gnuplot => GNUPLOT,
            Language::Octave => OCTAVE,
            Language::Lisp | Language::Tcl | Language::Dc | Language::M4 => &[],
        }
    }

    /// The program that runs a script file of the language, as `shell::script_file` reads
    /// it (`lua x.lua`), for the languages whose code runs a file by name.
    pub(super) fn script_runner(self) -> Option<&'static str> {
        match self {
            Language::Python => Some("python3"),
            Language::Ruby => Some("ruby"),
            Language::Lua => Some("lua"),
            Language::R => Some("Rscript"),
            Language::Julia => Some("julia"),
            Language::Php => Some("php"),
            _ => None,
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
            Language::Erlang => "erl",
            Language::Elixir => "elixir",
            Language::Groovy => "groovy",
            Language::Lisp => "lisp",
            Language::Tcl => "tcl",
            Language::Editor => "vim",
            Language::Haskell => "haskell",
            Language::Gnuplot => "gnuplot",
            Language::Octave => "octave",
            Language::Dc => "dc",
            Language::M4 => "m4",
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
            | Language::Julia
            | Language::Elixir
            | Language::Tcl
            | Language::Gnuplot
            | Language::Dc => hash,
            Language::M4 => bytes[i] == b'd' && bytes[i..].starts_with(b"dnl"),
            Language::Node | Language::Groovy => slashes,
            Language::Haskell => bytes[i] == b'-' && bytes.get(i + 1) == Some(&b'-'),
            Language::Octave => hash || bytes[i] == b'%',
            Language::Erlang => bytes[i] == b'%',
            Language::Lisp => bytes[i] == b';',
            Language::Editor => false,
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
    /// Moves or copies its first argument to its second (`os.rename`, `shutil.copytree`).
    Transfer(Transfer),
    /// Changes a file's mode: the path first and the mode second (`os.chmod(p, m)`), or the
    /// mode first and the paths after it (`mode_first`: Perl's and Ruby's `chmod(m, p…)`).
    /// As `chmod m p`, which the permissions pack and the file rules judge.
    Chmod {
        mode_first: bool,
    },
    /// Cuts its first argument to a length (`os.truncate(p, n)`): as `truncate -s 0 p`.
    Truncate,
    /// Runs a string as code of the same language (`exec("...")`, `eval "..."`).
    Eval,
    /// Runs a file or URL as code of the same language (R's `source(x)`, Julia's
    /// `include(x)`).
    Source,
    /// The first argument is a shell command line, the others are modes and options
    /// (`os.popen(cmd, "r")`, `proc_open(cmd, $spec, $pipes)`).
    Command,
    /// `exec*`/`spawn*` with the argv as a list after `skip` leading arguments (mode, path):
    /// `os.execv(path, argv)`, `os.spawnv(mode, path, argv)`, `os.posix_spawn(path, argv, env)`.
    ExecList(usize),
    /// `exec*`/`spawn*` with the argv as the arguments after `skip` leading ones:
    /// `os.execl(path, "rm", "-rf", "/")`, `os.spawnlp(mode, "rm", "rm", "-rf", "/")`.
    ExecArgs(usize),
    /// Node's `fork(module, args)`: runs a JavaScript file.
    Fork,
    /// Loads a native library (`ctypes.CDLL(path)`), whose code runs as a program at that
    /// path would; a bare name (`CDLL("libc.so.6")`) is the system's.
    Load,
    /// A file's names matched by a pattern (`glob.glob(".e*")`): read when the code reads
    /// files it does not name.
    Glob,
    /// A dotenv loader (`load_dotenv()`, `dotenv_values(p)`, `dotenv.config()`): reads
    /// `.env` or the file given.
    Dotenv,
    /// Python's `open(path, mode)`: a write when the mode says so.
    Open,
    /// Packs a file or tree into an archive (`shutil.make_archive(base, fmt, root_dir,
    /// base_dir)`, a tarfile's `add(p)`, a zipfile's `write(p)`): a read of what it packs.
    Pack,
    /// `pathlib.Path(path)`, Groovy's `new File(path)`, `Bun.file(path)`: what the method
    /// called on it does (`.read_text()` reads, `.write_text(s)` writes, `.open(mode)` as
    /// [`Effect::Open`]); `Path.home()` is the home directory.
    PathObject,
    /// Lists a directory named by the first argument (`os.walk(d)`, `readdirSync(d)`): a
    /// delete of each name it gives is a delete of the whole directory.
    List,
    /// Sends a signal (`os.kill(pid, sig)`): the process ids start at argument `pid`, the
    /// signal is the other of the first two; `group` ids are process groups (`os.killpg`).
    Kill {
        pid: usize,
        group: bool,
    },
    /// Runs a function named by its first argument with the rest (`call_user_func("system",
    /// …)`, `array_map("unlink", …)`): the call of that function.
    CallByName,
}

/// Function name, the qualifiers it must be called with (`""`: bare; empty list: any), effect.
pub(super) type Target = (&'static str, &'static [&'static str], Effect);

const PYTHON: &[Target] = &[
    ("run_path", &["runpy"], Effect::Source),
    // `spec_from_file_location(name, path)` then `exec_module`: the file at `path` runs.
    ("spec_from_file_location", &[], Effect::Source),
    ("system", &["os", ""], Effect::Shell),
    ("popen", &["os", ""], Effect::Command),
    ("run", &["subprocess"], Effect::Shell),
    ("call", &["subprocess"], Effect::Shell),
    ("Popen", &["subprocess", ""], Effect::Shell),
    ("check_call", &["subprocess", ""], Effect::Shell),
    ("check_output", &["subprocess", ""], Effect::Shell),
    ("getoutput", &["subprocess", ""], Effect::Shell),
    ("getstatusoutput", &["subprocess", ""], Effect::Shell),
    ("rmtree", &["shutil", ""], Effect::Delete),
    ("remove", &["os", ""], Effect::Remove),
    ("execv", &["os"], Effect::ExecList(1)),
    ("execve", &["os"], Effect::ExecList(1)),
    ("execvp", &["os"], Effect::ExecList(1)),
    ("execvpe", &["os"], Effect::ExecList(1)),
    ("posix_spawn", &["os"], Effect::ExecList(1)),
    ("posix_spawnp", &["os"], Effect::ExecList(1)),
    ("spawnv", &["os"], Effect::ExecList(2)),
    ("spawnve", &["os"], Effect::ExecList(2)),
    ("spawnvp", &["os"], Effect::ExecList(2)),
    ("spawnvpe", &["os"], Effect::ExecList(2)),
    ("execl", &["os"], Effect::ExecArgs(1)),
    ("execle", &["os"], Effect::ExecArgs(1)),
    ("execlp", &["os"], Effect::ExecArgs(1)),
    ("execlpe", &["os"], Effect::ExecArgs(1)),
    ("spawnl", &["os"], Effect::ExecArgs(2)),
    ("spawnle", &["os"], Effect::ExecArgs(2)),
    ("spawnlp", &["os"], Effect::ExecArgs(2)),
    ("spawnlpe", &["os"], Effect::ExecArgs(2)),
    ("spawn", &["pty"], Effect::Shell),
    // `posix.system`, `libc.system` through ctypes, Python 2's `commands` and `popen2`.
    ("system", &["posix", "nt", "libc", "ctypes.CDLL(None)"], Effect::Shell),
    ("CDLL", &["ctypes", ""], Effect::Load),
    ("PyDLL", &["ctypes", ""], Effect::Load),
    ("LoadLibrary", &["ctypes.cdll", "cdll", "ctypes.pydll"], Effect::Load),
    ("getoutput", &["commands"], Effect::Shell),
    ("getstatusoutput", &["commands"], Effect::Shell),
    ("getstatus", &["commands"], Effect::Shell),
    ("popen2", &["os", "popen2"], Effect::Command),
    ("popen3", &["os", "popen2"], Effect::Command),
    ("popen4", &["os", "popen2"], Effect::Command),
    ("create_subprocess_shell", &["asyncio", ""], Effect::Command),
    ("create_subprocess_exec", &["asyncio", ""], Effect::ExecArgs(0)),
    ("remove_tree", &["dir_util", "distutils.dir_util"], Effect::Delete),
    ("rmdir", &["os"], Effect::Remove),
    ("removedirs", &["os"], Effect::Remove),
    ("walk", &["os"], Effect::List),
    ("fwalk", &["os"], Effect::List),
    ("listdir", &["os"], Effect::List),
    ("scandir", &["os"], Effect::List),
    ("kill", &["os"], Effect::Kill { pid: 0, group: false }),
    ("killpg", &["os"], Effect::Kill { pid: 0, group: true }),
    ("exec", &["", "builtins"], Effect::Eval),
    ("eval", &["", "builtins"], Effect::Eval),
    // `os.unlink(p)`, and pathlib's `p.unlink()` on a path the code computed.
    ("unlink", &[], Effect::Remove),
    ("open", &["", "io", "builtins"], Effect::Open),
    ("Path", &["", "pathlib"], Effect::PathObject),
    ("home", &["Path", "pathlib.Path"], Effect::PathObject),
    ("rename", &["os"], Effect::Transfer(Transfer::Move)),
    ("renames", &["os"], Effect::Transfer(Transfer::Move)),
    ("replace", &["os"], Effect::Transfer(Transfer::Move)),
    ("move", &["shutil"], Effect::Transfer(Transfer::Move)),
    ("copy", &["shutil"], Effect::Transfer(Transfer::Copy)),
    ("copyfile", &["shutil"], Effect::Transfer(Transfer::Copy)),
    ("copy2", &["shutil"], Effect::Transfer(Transfer::Copy)),
    ("copytree", &["shutil"], Effect::Transfer(Transfer::CopyTree)),
    ("copy_file", &["file_util", "distutils.file_util"], Effect::Transfer(Transfer::Copy)),
    ("copy_tree", &["dir_util", "distutils.dir_util"], Effect::Transfer(Transfer::CopyTree)),
    ("symlink", &["os"], Effect::Transfer(Transfer::Link)),
    // `from os import chmod`: bare too, as `remove` is.
    ("link", &["os", ""], Effect::Transfer(Transfer::HardLink)),
    ("chmod", &["os", ""], Effect::Chmod { mode_first: false }),
    ("lchmod", &["os", ""], Effect::Chmod { mode_first: false }),
    ("truncate", &["os", ""], Effect::Truncate),
    ("glob", &["glob"], Effect::Glob),
    ("iglob", &["glob"], Effect::Glob),
    ("make_archive", &["shutil", ""], Effect::Pack),
    // The archive object's own name is the code's: any `x.add(p)` and `x.write(p)`, in code
    // that uses tarfile or zipfile (see `Scanner::record`).
    ("add", &[], Effect::Pack),
    ("write", &[], Effect::Pack),
    ("load_dotenv", &["", "dotenv"], Effect::Dotenv),
    ("dotenv_values", &["", "dotenv"], Effect::Dotenv),
];

const NODE: &[Target] = &[
    ("execSync", &[], Effect::Shell),
    ("exec", &[], Effect::Shell),
    ("spawnSync", &[], Effect::Spawn),
    ("spawn", &[], Effect::Spawn),
    ("execFileSync", &[], Effect::Spawn),
    ("execFile", &[], Effect::Spawn),
    ("execa", &[], Effect::Spawn),
    ("execaSync", &[], Effect::Spawn),
    ("execaCommand", &[], Effect::Shell),
    ("execaCommandSync", &[], Effect::Shell),
    ("fork", &["", "child_process", "cp", "childProcess"], Effect::Fork),
    // `new Deno.Command("rm", {args: [...]})`, `Deno.run({cmd: [...]})`, `Bun.spawn({cmd})`.
    ("Command", &["Deno"], Effect::Spawn),
    ("run", &["Deno"], Effect::Spawn),
    ("rmSync", &[], Effect::DeleteIfRecursive),
    ("rmdirSync", &[], Effect::DeleteIfRecursive),
    // `require("fs/promises").rm(d, {recursive: true})`: recursive only with the option.
    ("rm", &[], Effect::DeleteIfRecursive),
    ("rmdir", &[], Effect::DeleteIfRecursive),
    // fs-extra's `emptyDir` deletes what a directory holds.
    ("emptyDirSync", &[], Effect::Delete),
    ("emptyDir", &[], Effect::Delete),
    ("deleteSync", &[], Effect::Delete),
    ("sync", &["rimraf", "del"], Effect::Delete),
    ("readdirSync", &[], Effect::List),
    ("readdir", &[], Effect::List),
    ("opendirSync", &[], Effect::List),
    ("readDirSync", &["Deno"], Effect::List),
    ("readDir", &["Deno"], Effect::List),
    ("sync", &["glob", "fg", "fastGlob"], Effect::Glob),
    ("kill", &["process"], Effect::Kill { pid: 0, group: false }),
    ("kill", &["Deno"], Effect::Kill { pid: 0, group: false }),
    ("runInNewContext", &[], Effect::Eval),
    ("runInContext", &[], Effect::Eval),
    ("removeSync", &[], Effect::Delete),
    ("remove", &["Deno"], Effect::DeleteIfRecursive),
    ("rimraf", &[], Effect::Delete),
    ("unlinkSync", &[], Effect::Remove),
    ("eval", &["", "global", "globalThis", "window"], Effect::Eval),
    ("Function", &["", "new"], Effect::Eval),
    ("runInThisContext", &[], Effect::Eval),
    ("unlink", &[], Effect::Remove),
    ("removeSync", &["Deno"], Effect::Remove),
    ("readFileSync", &[], Effect::Read),
    // The MongoDB shells' built-in `cat(path)` returns a file's text.
    ("cat", &[""], Effect::Read),
    ("readFile", &[], Effect::Read),
    ("readTextFileSync", &[], Effect::Read),
    ("readTextFile", &[], Effect::Read),
    ("createReadStream", &[], Effect::Read),
    ("file", &["Bun"], Effect::PathObject),
    // fs's moves and copies, with their callback and promise forms; fs-extra's and Deno's.
    ("renameSync", &[], Effect::Transfer(Transfer::Move)),
    ("rename", &[], Effect::Transfer(Transfer::Move)),
    ("moveSync", &[], Effect::Transfer(Transfer::Move)),
    ("move", &["fs", "fse", "fsExtra", "Deno"], Effect::Transfer(Transfer::Move)),
    ("copyFileSync", &[], Effect::Transfer(Transfer::Copy)),
    ("copyFile", &[], Effect::Transfer(Transfer::Copy)),
    ("cpSync", &[], Effect::Transfer(Transfer::CopyTree)),
    ("cp", &["", "fs", "fsp", "promises", "fs.promises", "fse"], Effect::Transfer(Transfer::CopyTree)),
    ("copySync", &[], Effect::Transfer(Transfer::CopyTree)),
    ("symlinkSync", &[], Effect::Transfer(Transfer::Link)),
    ("symlink", &["fs", "fsp", "promises", "fs.promises", "fse", "Deno"], Effect::Transfer(Transfer::Link)),
    ("ensureSymlinkSync", &[], Effect::Transfer(Transfer::Link)),
    ("linkSync", &[], Effect::Transfer(Transfer::HardLink)),
    ("link", &["fs", "fsp", "promises", "fs.promises", "fse", "Deno"], Effect::Transfer(Transfer::HardLink)),
    ("ensureLinkSync", &[], Effect::Transfer(Transfer::HardLink)),
    ("chmodSync", &[], Effect::Chmod { mode_first: false }),
    ("lchmodSync", &[], Effect::Chmod { mode_first: false }),
    // Any object's: `require('fs/promises').truncate(p)`, an SFTP client's `chmod(p, m)`.
    ("chmod", &[], Effect::Chmod { mode_first: false }),
    ("truncateSync", &[], Effect::Truncate),
    ("truncate", &[], Effect::Truncate),
    ("copy", &["fs", "fse", "fsExtra"], Effect::Transfer(Transfer::CopyTree)),
    ("writeFileSync", &[], Effect::Write),
    ("writeFile", &[], Effect::Write),
    ("writeTextFileSync", &[], Effect::Write),
    ("writeTextFile", &[], Effect::Write),
    ("appendFileSync", &[], Effect::Write),
    ("createWriteStream", &[], Effect::Write),
    ("write", &["Bun"], Effect::Write),
    ("globSync", &[], Effect::Glob),
    ("config", &["dotenv"], Effect::Dotenv),
];

const PERL: &[Target] = &[
    ("open", &[""], Effect::Open),
    ("system", &[""], Effect::Shell),
    ("exec", &[""], Effect::Shell),
    ("readpipe", &[""], Effect::Shell),
    ("rmtree", &[], Effect::Delete),
    ("remove_tree", &[], Effect::Delete),
    ("unlink", &[""], Effect::Remove),
    // `rename`, and File::Copy's `move`/`mv`, `copy`/`cp`.
    ("rename", &[""], Effect::Transfer(Transfer::Move)),
    ("move", &["", "File::Copy"], Effect::Transfer(Transfer::Move)),
    ("mv", &["", "File::Copy"], Effect::Transfer(Transfer::Move)),
    ("copy", &["", "File::Copy"], Effect::Transfer(Transfer::Copy)),
    ("cp", &["", "File::Copy"], Effect::Transfer(Transfer::Copy)),
    ("dircopy", &["", "File::Copy::Recursive"], Effect::Transfer(Transfer::CopyTree)),
    ("symlink", &[""], Effect::Transfer(Transfer::Link)),
    ("link", &[""], Effect::Transfer(Transfer::HardLink)),
    ("chmod", &[""], Effect::Chmod { mode_first: true }),
    ("truncate", &[""], Effect::Truncate),
    ("eval", &[""], Effect::Eval),
    ("glob", &[""], Effect::Glob),
    ("opendir", &[""], Effect::List),
    ("find", &["", "File::Find"], Effect::List),
    ("finddepth", &["", "File::Find"], Effect::List),
    ("kill", &[""], Effect::Kill { pid: 1, group: false }),
    // Raku: `shell "cmd"`, `run "rm", "-rf", "/"`, `"x".IO.rmtree`.
    ("shell", &[""], Effect::Shell),
    ("run", &[""], Effect::Shell),
    ("EVAL", &[""], Effect::Eval),
];

const RUBY: &[Target] = &[
    ("system", &["", "Kernel"], Effect::Shell),
    ("exec", &["", "Kernel"], Effect::Shell),
    // Rake's and FileUtils' `sh "cmd"`, as a Rakefile writes it.
    ("sh", &["", "FileUtils"], Effect::Shell),
    ("spawn", &["", "Kernel", "Process"], Effect::Shell),
    ("popen", &["IO"], Effect::Command),
    ("capture2", &["Open3"], Effect::Shell),
    ("capture2e", &["Open3"], Effect::Shell),
    ("capture3", &["Open3"], Effect::Shell),
    ("popen3", &["Open3"], Effect::Shell),
    ("popen2", &["Open3"], Effect::Shell),
    ("popen2e", &["Open3"], Effect::Shell),
    ("pipeline", &["Open3"], Effect::Shell),
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
    ("rename", &["File"], Effect::Transfer(Transfer::Move)),
    ("mv", &["FileUtils"], Effect::Transfer(Transfer::Move)),
    ("move", &["FileUtils"], Effect::Transfer(Transfer::Move)),
    ("cp", &["FileUtils"], Effect::Transfer(Transfer::Copy)),
    ("copy", &["FileUtils", "IO"], Effect::Transfer(Transfer::Copy)),
    ("copy_file", &["FileUtils"], Effect::Transfer(Transfer::Copy)),
    ("copy_stream", &["IO"], Effect::Transfer(Transfer::Copy)),
    ("install", &["FileUtils"], Effect::Transfer(Transfer::Copy)),
    ("cp_r", &["FileUtils"], Effect::Transfer(Transfer::CopyTree)),
    ("symlink", &["File"], Effect::Transfer(Transfer::Link)),
    ("ln_s", &["FileUtils"], Effect::Transfer(Transfer::Link)),
    ("ln_sf", &["FileUtils"], Effect::Transfer(Transfer::Link)),
    ("link", &["File"], Effect::Transfer(Transfer::HardLink)),
    ("ln", &["FileUtils"], Effect::Transfer(Transfer::HardLink)),
    ("chmod", &["File", "FileUtils"], Effect::Chmod { mode_first: true }),
    ("chmod_R", &["FileUtils"], Effect::Chmod { mode_first: true }),
    ("lchmod", &["File"], Effect::Chmod { mode_first: true }),
    ("truncate", &["File"], Effect::Truncate),
    ("copy_entry", &["FileUtils"], Effect::Transfer(Transfer::CopyTree)),
    ("read", &["File", "IO"], Effect::Read),
    ("readlines", &["File", "IO"], Effect::Read),
    ("binread", &["File", "IO"], Effect::Read),
    ("foreach", &["File", "IO"], Effect::Read),
    ("open", &["", "File", "Kernel"], Effect::Open),
    ("write", &["File", "IO"], Effect::Write),
    ("glob", &["Dir"], Effect::Glob),
    ("children", &["Dir"], Effect::List),
    ("entries", &["Dir"], Effect::List),
    ("each_child", &["Dir"], Effect::List),
    ("foreach", &["Dir"], Effect::List),
    ("find", &["Find"], Effect::List),
    ("kill", &["Process"], Effect::Kill { pid: 1, group: false }),
    // Crystal's `Process.run("rm", ["-rf", "/"])` and `Process.new`.
    ("run", &["Process"], Effect::Spawn),
    ("new", &["Process"], Effect::Spawn),
    ("load", &["", "Kernel"], Effect::Source),
];

const AWK: &[Target] = &[("system", &[""], Effect::Shell)];

const LUA: &[Target] = &[
    ("execute", &["os"], Effect::Shell),
    ("popen", &["io"], Effect::Command),
    ("open", &["io"], Effect::Open),
    ("lines", &["io"], Effect::Read),
    ("remove", &["os"], Effect::Remove),
    ("rename", &["os"], Effect::Transfer(Transfer::Move)),
    ("loadstring", &[""], Effect::Eval),
    ("load", &[""], Effect::Eval),
    ("dofile", &[""], Effect::Source),
    ("loadfile", &[""], Effect::Source),
    ("dir", &["lfs"], Effect::List),
    ("rmdir", &["lfs"], Effect::Remove),
    ("kill", &["posix", "posix.signal"], Effect::Kill { pid: 0, group: false }),
    // Neovim's Lua API (`nvim -c 'lua vim.fn.system("…")'`).
    ("system", &["vim.fn"], Effect::Command),
    ("systemlist", &["vim.fn"], Effect::Command),
    ("jobstart", &["vim.fn"], Effect::Shell),
    ("system", &["vim"], Effect::Spawn),
];

const R: &[Target] = &[
    ("system", &[""], Effect::Shell),
    ("system2", &[""], Effect::Shell),
    ("unlink", &[""], Effect::DeleteIfRecursive),
    ("readLines", &[""], Effect::Read),
    ("readRenviron", &[""], Effect::Read),
    ("source", &[""], Effect::Source),
    // `eval(parse(text = …))`: the text is code.
    ("parse", &[""], Effect::Eval),
    ("list.files", &[""], Effect::List),
    ("dir", &[""], Effect::List),
    ("file.remove", &[""], Effect::Remove),
    ("file.rename", &[""], Effect::Transfer(Transfer::Move)),
    ("file.copy", &[""], Effect::Transfer(Transfer::Copy)),
    ("pskill", &["", "tools"], Effect::Kill { pid: 0, group: false }),
];

/// Julia's backtick commands are found as text; `rm(path; recursive=true)` deletes;
/// `Cmd(["rm", "-rf", p])` is the argv a `run` of it runs.
const JULIA: &[Target] = &[
    ("Cmd", &["", "Base"], Effect::Shell),
    ("rm", &["", "Base"], Effect::DeleteIfRecursive),
    ("mv", &["", "Base"], Effect::Transfer(Transfer::Move)),
    ("cp", &["", "Base"], Effect::Transfer(Transfer::CopyTree)),
    ("read", &["", "Base"], Effect::Read),
    ("readlines", &["", "Base"], Effect::Read),
    ("open", &["", "Base"], Effect::Open),
    ("include", &["", "Base"], Effect::Source),
    ("eval", &["", "Base", "Core"], Effect::Eval),
];

/// JXA's `app.doShellScript(...)`, `$.system(...)` (after `ObjC.import("stdlib")`) and
/// Terminal's `doScript(...)`; AppleScript's `do shell script` is found as text.
const APPLESCRIPT: &[Target] = &[
    ("doShellScript", &[], Effect::Shell),
    ("system", &[], Effect::Shell),
    ("doScript", &[], Effect::Shell),
    // JXA's Cocoa bridge: `$.NSTask.launchedTaskWithLaunchPathArguments("/bin/sh", ["-c", CMD])`.
    ("launchedTaskWithLaunchPathArguments", &[], Effect::Spawn),
];

const PHP: &[Target] = &[
    ("system", &[], Effect::Shell),
    ("exec", &[], Effect::Shell),
    ("shell_exec", &[], Effect::Shell),
    ("passthru", &[], Effect::Shell),
    ("popen", &[], Effect::Command),
    ("proc_open", &[], Effect::Command),
    ("pcntl_exec", &[], Effect::Spawn),
    ("file_get_contents", &[], Effect::Read),
    ("readfile", &[], Effect::Read),
    ("file", &[], Effect::Read),
    ("highlight_file", &[], Effect::Read),
    ("show_source", &[], Effect::Read),
    ("parse_ini_file", &[], Effect::Read),
    ("copy", &[], Effect::Transfer(Transfer::Copy)),
    ("symlink", &[], Effect::Transfer(Transfer::Link)),
    ("link", &[], Effect::Transfer(Transfer::HardLink)),
    ("chmod", &[], Effect::Chmod { mode_first: false }),
    ("rename", &[], Effect::Transfer(Transfer::Move)),
    ("fopen", &[], Effect::Open),
    ("file_put_contents", &[], Effect::Write),
    ("unlink", &[], Effect::Remove),
    ("eval", &[], Effect::Eval),
    // `include 'f.php'` runs the file as PHP (a file the code just downloaded is not read).
    ("include", &[], Effect::Source),
    ("include_once", &[], Effect::Source),
    ("require", &[], Effect::Source),
    ("require_once", &[], Effect::Source),
    ("glob", &[], Effect::Glob),
    ("scandir", &[], Effect::List),
    ("opendir", &[], Effect::List),
    ("RecursiveDirectoryIterator", &["", "new"], Effect::List),
    ("DirectoryIterator", &["", "new"], Effect::List),
    ("rmdir", &[], Effect::Remove),
    ("posix_kill", &[], Effect::Kill { pid: 0, group: false }),
    ("call_user_func", &[], Effect::CallByName),
    ("call_user_func_array", &[], Effect::CallByName),
    ("array_map", &[], Effect::CallByName),
    ("array_walk", &[], Effect::CallByName),
    ("forward_static_call", &[], Effect::CallByName),
];

/// Erlang's `os:cmd("…")`, `open_port({spawn, "…"}, Opts)` and the `file` module.
const ERLANG: &[Target] = &[
    ("cmd", &["os"], Effect::Shell),
    ("open_port", &["", "erlang"], Effect::Shell),
    ("read_file", &["file"], Effect::Read),
    ("consult", &["file"], Effect::Read),
    ("open", &["file"], Effect::Read),
    ("write_file", &["file"], Effect::Write),
    ("delete", &["file"], Effect::Remove),
    ("del_dir_r", &["file"], Effect::Delete),
];

const ELIXIR: &[Target] = &[
    ("cmd", &["System"], Effect::Spawn),
    ("shell", &["System"], Effect::Shell),
    ("cmd", &["os", ":os"], Effect::Shell),
    ("open_port", &[":erlang", "Port"], Effect::Shell),
    ("open", &["Port"], Effect::Shell),
    ("read", &["File"], Effect::Read),
    ("read!", &["File"], Effect::Read),
    ("stream!", &["File"], Effect::Read),
    ("open", &["File"], Effect::Read),
    ("open!", &["File"], Effect::Read),
    ("write", &["File"], Effect::Write),
    ("write!", &["File"], Effect::Write),
    ("rm", &["File"], Effect::Remove),
    ("rm!", &["File"], Effect::Remove),
    ("rm_rf", &["File"], Effect::Delete),
    ("rm_rf!", &["File"], Effect::Delete),
    ("eval_string", &["Code"], Effect::Eval),
    ("wildcard", &["Path"], Effect::Glob),
];

/// Groovy (and Java's API from it); `"cmd".execute()` and `[argv].execute()` are found as
/// text.
const GROOVY: &[Target] = &[
    ("exec", &[], Effect::Shell),
    ("ProcessBuilder", &["", "new", "java.lang"], Effect::Shell),
    ("File", &["", "new", "java.io"], Effect::PathObject),
    ("me", &["Eval"], Effect::Eval),
    ("evaluate", &["", "shell", "new GroovyShell()"], Effect::Eval),
    ("readAllBytes", &["Files"], Effect::Read),
    ("readString", &["Files"], Effect::Read),
    ("readAllLines", &["Files"], Effect::Read),
    ("delete", &["Files"], Effect::Remove),
    ("deleteIfExists", &["Files"], Effect::Remove),
    ("walk", &["Files"], Effect::List),
    ("list", &["Files"], Effect::List),
    ("deleteDirectory", &["FileUtils"], Effect::Delete),
    // Scala's `Process("cmd").!` and `sys.process`; Swift's `system` and `Process.run(url, …)`.
    ("Process", &["", "sys.process", "scala.sys.process"], Effect::Shell),
    ("system", &[""], Effect::Shell),
    ("run", &["Process"], Effect::Spawn),
    // Swift's Foundation: `FileManager.default.removeItem(atPath: p)` deletes a tree.
    ("removeItem", &["FileManager.default", "fm", "manager", "FileManager()"], Effect::Delete),
    ("contentsOfDirectory", &["FileManager.default", "fm", "manager", "FileManager()"], Effect::List),
    ("contents", &["FileManager.default", "fm", "manager", "FileManager()"], Effect::Read),
    // Swift's `String(contentsOfFile: p)`, read as `String.contentsOfFile(p)` (`inline::scan`).
    ("contentsOfFile", &["String", "NSString"], Effect::Read),
];

/// Haskell's `System.Process` and `System.Directory`, called without parentheses.
const HASKELL: &[Target] = &[
    ("callCommand", &[], Effect::Shell),
    ("system", &[], Effect::Shell),
    ("spawnCommand", &[], Effect::Shell),
    ("shell", &[], Effect::Shell),
    ("readCreateProcess", &[], Effect::Shell),
    ("callProcess", &[], Effect::Spawn),
    ("rawSystem", &[], Effect::Spawn),
    ("spawnProcess", &[], Effect::Spawn),
    ("readProcess", &[], Effect::Spawn),
    ("readProcessWithExitCode", &[], Effect::Spawn),
    ("proc", &[], Effect::Spawn),
    ("executeFile", &[], Effect::Spawn),
    ("removeDirectoryRecursive", &[], Effect::Delete),
    ("removePathForcibly", &[], Effect::Delete),
    ("removeFile", &[], Effect::Remove),
    ("removeDirectory", &[], Effect::Remove),
    ("listDirectory", &[], Effect::List),
    ("getDirectoryContents", &[], Effect::List),
    ("readFile", &[], Effect::Read),
    ("writeFile", &[], Effect::Write),
    ("appendFile", &[], Effect::Write),
    ("signalProcess", &[], Effect::Kill { pid: 1, group: false }),
    // OCaml's standard library and `Unix` (whose `system` is the one above).
    ("command", &["Sys"], Effect::Shell),
    ("open_process", &["Unix"], Effect::Shell),
    ("open_process_in", &["Unix"], Effect::Shell),
    ("remove", &["Sys"], Effect::Remove),
    ("unlink", &["Unix"], Effect::Remove),
    ("open_in", &["", "Stdlib", "In_channel"], Effect::Read),
    ("open_in_bin", &["", "Stdlib", "In_channel"], Effect::Read),
    ("with_open_text", &["In_channel"], Effect::Read),
    ("open_out", &["", "Stdlib", "Out_channel"], Effect::Write),
    ("open_out_bin", &["", "Stdlib", "Out_channel"], Effect::Write),
    ("with_open_text", &["Out_channel"], Effect::Write),
];

/// gnuplot's `system("…")`; backticks, `!cmd` lines and piped file names are found as text.
const GNUPLOT: &[Target] = &[("system", &[""], Effect::Shell)];

/// Octave's and MATLAB's shell-outs and deletes (`rmdir(d, "s")` is recursive).
const OCTAVE: &[Target] = &[
    ("system", &[""], Effect::Command),
    ("unix", &[""], Effect::Command),
    ("dos", &[""], Effect::Command),
    ("shell_cmd", &[""], Effect::Command),
    ("popen", &[""], Effect::Command),
    ("popen2", &[""], Effect::Spawn),
    ("rmdir", &[""], Effect::DeleteIfRecursive),
    ("delete", &[""], Effect::Remove),
    ("unlink", &[""], Effect::Remove),
    ("eval", &[""], Effect::Eval),
    ("evalin", &[""], Effect::Eval),
    ("feval", &[""], Effect::CallByName),
    ("fileread", &[""], Effect::Read),
    ("dir", &[""], Effect::List),
    ("kill", &[""], Effect::Kill { pid: 0, group: false }),
];

/// Vimscript's functions (in `:call`, `:echo`, `:let`).
const VIMSCRIPT: &[Target] = &[
    ("system", &[""], Effect::Command),
    ("systemlist", &[""], Effect::Command),
    ("readfile", &[""], Effect::Read),
    ("readblob", &[""], Effect::Read),
];
