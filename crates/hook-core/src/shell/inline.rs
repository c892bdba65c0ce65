//! Interpreter one-liners (`python -c`, `node -e`, `deno eval`, `perl -e`, `ruby -e`, `php -r`,
//! awk programs, `lua -e`, `Rscript -e`, `julia -e`, `osascript -e`): the shell commands and
//! recursive deletes written in their code, found by one hand-written scan.
//!
//! Strings and comments are skipped while looking for calls, so `print('os.system("x")')`
//! is data. The scan only reads string literals; anything computed stays dynamic.

use super::{Stdin, Word};

/// What an interpreter command runs besides itself.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Inline {
    /// How the code was given: `python3 -c`, `node -e`, `perl stdin`.
    pub via: String,
    pub findings: Vec<Finding>,
}

#[derive(Debug, PartialEq, Eq)]
pub(super) enum Finding {
    /// A command line run through a shell (`os.system("...")`, backticks).
    Shell(String),
    /// A command run without a shell (`subprocess.run(["rm", "-rf", "/"])`).
    Argv(Vec<Word>),
    /// A recursive delete (`shutil.rmtree(x)`): `via` names the function.
    Delete { via: String, target: Word },
    /// A file read or written (`open(".env").read()`, `fs.writeFileSync(p, s)`).
    Access { via: String, path: Word, write: bool },
    /// A command run from text the scan cannot compute (`os.system(cmd)`): the call and
    /// its argument.
    Opaque { call: String, argument: String },
    /// The code forks in a loop (`while True: os.fork()`, `fork while fork`): a fork bomb.
    ForkLoop,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Language {
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
    fn of(name: &str) -> Option<Language> {
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

    fn label(self) -> &'static str {
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

    fn line_comment(self, bytes: &[u8], i: usize) -> bool {
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
enum Effect {
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
type Target = (&'static str, &'static [&'static str], Effect);

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

/// Whether `argv` is an interpreter that reads its code from standard input (`python3`,
/// `python3 -`, `node /dev/stdin`, `perl`).
pub(super) fn reads_code_from_stdin(argv: &[Word]) -> bool {
    let Some(program) = argv.first().filter(|w| !w.dynamic) else { return false };
    let name = program.text.rsplit(['/', '\\']).next().unwrap_or(&program.text);
    match Language::of(name) {
        Some(Language::Awk) | None => false,
        Some(language) if name != "deno" => matches!(code_argument(language, argv), Source::Stdin),
        Some(_) => false,
    }
}

/// Scan an interpreter command's code, given with `-c`/`-e`/`-r` or as standard input.
pub(super) fn scan(argv: &[Word], stdin: &Stdin) -> Option<Inline> {
    let program = argv.first().filter(|w| !w.dynamic)?;
    let name = program.text.rsplit(['/', '\\']).next().unwrap_or(&program.text);
    let language = Language::of(name)?;
    let source = match name {
        "deno" => deno_code(argv),
        _ if language == Language::Awk => awk_program(argv),
        _ => code_argument(language, argv),
    };
    let (flag, code) = match source {
        Source::Code(flag, code) => (flag, code),
        Source::Stdin => match stdin {
            Stdin::Text(text) => ("stdin".to_string(), text.clone()),
            _ => return None,
        },
        Source::Elsewhere => return None,
    };
    // `python3 -c "$CODE"`, `perl -e "$(curl …)"`: the whole program is a value the line does
    // not fix (a known one would stand here as its text).
    if is_one_expansion(&code) && argv.iter().any(|word| word.dynamic && word.text.ends_with(code.trim())) {
        let finding = Finding::Opaque { call: format!("{name} {flag}"), argument: code.trim().to_string() };
        return Some(Inline { via: format!("{name} {flag}"), findings: vec![finding] });
    }
    let code = if language == Language::Python { unaliased(&code) } else { code };
    let mut findings = Scanner {
        language,
        bytes: code.as_bytes(),
        code: &code,
        findings: Vec::new(),
        argument_budget: MAX_ALL_ARGUMENTS,
    }
    .run();
    if language == Language::Awk {
        findings.extend(awk_pipes(&code));
        findings.extend(awk_redirects(&code));
    }
    if forks_in_a_loop(language, &code) {
        findings.push(Finding::ForkLoop);
    }
    (!findings.is_empty()).then(|| Inline { via: format!("{name} {flag}"), findings })
}

/// The languages' ways of naming the home directory.
const HOME_EXPRESSIONS: &[&str] = &[
    "process.env.HOME",
    "process.env['HOME']",
    "process.env[\"HOME\"]",
    "os.homedir()",
    "require('os').homedir()",
    "require(\"os\").homedir()",
    "os.path.expanduser('~')",
    "os.path.expanduser(\"~\")",
    "os.environ['HOME']",
    "os.environ[\"HOME\"]",
    "os.getenv('HOME')",
    "os.getenv(\"HOME\")",
    "str(Path.home())",
    "Path.home()",
    "pathlib.Path.home()",
    "Dir.home",
    "ENV['HOME']",
    "ENV[\"HOME\"]",
    "$ENV{HOME}",
    "$ENV{'HOME'}",
    "getenv('HOME')",
    "getenv(\"HOME\")",
    "$_SERVER['HOME']",
];

/// A path built from the home directory and a literal (`os.homedir() + '/.bashrc'`,
/// `path.join(os.homedir(), '.ssh')`, `Path.home() / '.aws'`, `"$ENV{HOME}/.bashrc"`,
/// `"#{Dir.home}/.ssh"`), as `~/…`; `None` for anything else.
fn home_path(text: &str, language: Language) -> Option<String> {
    let text = text.trim();
    // `path.join(HOME, 'a', 'b')`, `os.path.join(…)`, `File.join(…)`, `path.resolve(…)`.
    for join in ["path.join(", "os.path.join(", "File.join(", "path.resolve(", "Join-Path("] {
        if let Some(inner) = text.strip_prefix(join).and_then(|rest| rest.strip_suffix(')')) {
            let mut parts = inner.split(',').map(str::trim);
            let home = parts.next()?;
            HOME_EXPRESSIONS.contains(&home).then_some(())?;
            let rest: Option<Vec<String>> =
                parts.map(|part| literal(part, language).map(|(value, _)| value)).collect();
            return Some(format!("~/{}", rest?.join("/").trim_start_matches('/')));
        }
    }
    // `HOME + '/x'`, `HOME . '/x'` (Perl, PHP), `HOME / 'x'` (pathlib).
    if let Some(home) = HOME_EXPRESSIONS.iter().find(|home| text.starts_with(**home)) {
        // The bare home directory is the scanner's own `$HOME` finding.
        let rest = text[home.len()..].trim_start();
        let rest = rest.strip_prefix(['+', '.', '/'])?.trim_start();
        let (value, _) = literal(rest, language)?;
        return Some(format!("~/{}", value.trim_start_matches('/')));
    }
    // `"$ENV{HOME}/.bashrc"`, `"#{Dir.home}/.ssh"`, `f"{Path.home()}/.aws"`, `` `${os.homedir()}/x` ``.
    let (value, true) = literal(text, language)? else { return None };
    let home = [
        "$ENV{HOME}",
        "#{Dir.home}",
        "#{ENV['HOME']}",
        "{Path.home()}",
        "{os.path.expanduser('~')}",
        "${process.env.HOME}",
        "${os.homedir()}",
        "{os.environ['HOME']}",
    ]
    .iter()
    .find(|home| value.starts_with(**home))?;
    let rest = &value[home.len()..];
    (rest.is_empty() || rest.starts_with('/')).then(|| format!("~{rest}"))
}

/// Whether `code` is nothing but one shell expansion: `$X`, `${X}`, `$(…)`, `` `…` ``.
fn is_one_expansion(code: &str) -> bool {
    let code = code.trim();
    let name = |rest: &str| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    code.strip_prefix("$(").is_some_and(|rest| rest.ends_with(')'))
        || code.len() > 1 && code.starts_with('`') && code.ends_with('`')
        || code.strip_prefix("${").and_then(|rest| rest.strip_suffix('}')).is_some_and(name)
        || code.strip_prefix('$').is_some_and(name)
}

/// Whether `code` calls its language's `fork` and loops: no real one-liner does both, every
/// interpreter fork bomb does.
fn forks_in_a_loop(language: Language, code: &str) -> bool {
    let words: Vec<&str> =
        code.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).filter(|w| !w.is_empty()).collect();
    let has = |word: &str| words.contains(&word);
    let forks = has("fork") || has("pcntl_fork") || has("forkpty");
    let loops = match language {
        Language::Python => has("while"),
        Language::Node => {
            has("while") || has("setInterval") || code.contains("for(;;)") || code.contains("for (;;)")
        }
        Language::Perl | Language::Ruby | Language::Php => {
            has("while")
                || has("until")
                || has("loop")
                || code.contains("for(;;)")
                || code.contains("for (;;)")
        }
        Language::Lua => has("while") || has("repeat"),
        _ => false,
    };
    forks && loops
}

/// Python code with its module aliases spelled out (`import subprocess as sp` makes `sp.run`
/// `subprocess.run`), so that the qualified calls are found under any name.
fn unaliased(code: &str) -> String {
    let mut code = code.to_string();
    for module in ["subprocess", "os", "shutil", "pathlib"] {
        let marker = format!("import {module} as ");
        let Some(at) = code.find(&marker) else { continue };
        let alias: String = code[at + marker.len()..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if alias.is_empty() || alias == module {
            continue;
        }
        let mut spelled = String::with_capacity(code.len());
        let mut rest = code.as_str();
        let call = format!("{alias}.");
        while let Some(found) = rest.find(&call) {
            let boundary = rest[..found]
                .chars()
                .last()
                .is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'));
            spelled.push_str(&rest[..found]);
            spelled.push_str(if boundary { module } else { &alias });
            spelled.push('.');
            rest = &rest[found + call.len()..];
        }
        spelled.push_str(rest);
        code = spelled;
    }
    code
}

enum Source {
    /// The flag that gave the code, and the code.
    Code(String, String),
    Stdin,
    /// A script file or module.
    Elsewhere,
}

/// `deno eval [OPTIONS] CODE`; any other deno command runs a file.
fn deno_code(argv: &[Word]) -> Source {
    match (argv.get(1), argv.last()) {
        (Some(sub), Some(code)) if sub.text == "eval" && argv.len() > 2 => {
            Source::Code("eval".into(), code.text.clone())
        }
        _ => Source::Elsewhere,
    }
}

/// awk's pipes, which run through `sh -c`: `print X | "cmd"` runs `cmd` (and when `cmd` is a
/// shell, what is printed is its script), `"cmd" | getline` runs `cmd`.
/// awk's `print > "file"` and `print >> "file"`: the file is written.
fn awk_redirects(code: &str) -> Vec<Finding> {
    let mut findings = Vec::new();
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

fn awk_pipes(code: &str) -> Vec<Finding> {
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
        if let Some((command, _)) = after.strip_prefix('"').and_then(|rest| rest.split_once('"')) {
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
            }
        }
    }
    findings
}

/// awk's program: the first operand, unless `-f`/`-E` names a program file.
fn awk_program(argv: &[Word]) -> Source {
    let mut at = 1;
    while let Some(word) = argv.get(at) {
        let text = word.text.as_str();
        if text == "--" {
            at += 1;
            break;
        }
        if !text.starts_with('-') || text == "-" {
            break;
        }
        let value_letter = text.chars().nth(1).filter(|c| "fFvEi".contains(*c));
        match value_letter {
            Some('f' | 'E') => return Source::Elsewhere,
            Some(_) if text.len() == 2 => at += 2,
            _ if text.starts_with("--file") || text.starts_with("--exec") => return Source::Elsewhere,
            _ => at += 1,
        }
    }
    match argv.get(at) {
        Some(program) => Source::Code("program".into(), program.text.clone()),
        None => Source::Elsewhere,
    }
}

fn code_argument(language: Language, argv: &[Word]) -> Source {
    let (code_flags, value_flags): (&str, &str) = match language {
        Language::Python => ("c", "WXm"),
        Language::Node => ("ep", "r"),
        Language::Perl => ("eE", "IMmix"),
        Language::Ruby => ("e", "rICEFx"),
        Language::Php => ("r", "cdfz"),
        Language::Lua => ("e", "l"),
        Language::R => ("e", ""),
        Language::Julia => ("eE", "LJtpC"),
        Language::AppleScript => ("e", "ls"),
        Language::Awk => ("", ""),
    };
    let mut pieces: Vec<String> = Vec::new();
    let mut flag = String::new();
    let mut at = 1;
    let mut operand = false;
    while let Some(word) = argv.get(at) {
        at += 1;
        let text = word.text.as_str();
        if text == "-" {
            break;
        }
        // `python3 /dev/stdin`: a script path that is standard input.
        if matches!(text, "/dev/stdin" | "/proc/self/fd/0" | "/dev/fd/0") {
            break;
        }
        if text == "--" || !text.starts_with('-') {
            operand = text != "--" || argv.get(at).is_some();
            break;
        }
        if let Some(long) = text.strip_prefix("--") {
            match long.split_once('=') {
                Some(("eval" | "print", code)) => pieces.push(code.to_string()),
                None if matches!(long, "eval" | "print") => {
                    pieces.extend(argv.get(at).map(|w| w.text.clone()));
                    at += 1;
                }
                None if long == "require" => at += 1,
                _ => {}
            }
            flag = format!("--{}", long.split('=').next().unwrap_or(long));
            continue;
        }
        for (i, c) in text.char_indices().skip(1) {
            let attached = &text[i + c.len_utf8()..];
            if code_flags.contains(c) {
                flag = format!("-{c}");
                if attached.is_empty() {
                    pieces.extend(argv.get(at).map(|w| w.text.clone()));
                    at += 1;
                } else {
                    pieces.push(attached.to_string());
                }
                break;
            }
            if value_flags.contains(c) {
                if c == 'm' && language == Language::Python {
                    return Source::Elsewhere;
                }
                if attached.is_empty() && !matches!((language, c), (Language::Perl, 'i' | 'x')) {
                    at += 1;
                }
                break;
            }
        }
        // Python ends its options at -c; perl and ruby accept several -e.
        if language == Language::Python && !pieces.is_empty() {
            break;
        }
    }
    if !pieces.is_empty() {
        return Source::Code(flag, pieces.join("\n"));
    }
    if operand { Source::Elsewhere } else { Source::Stdin }
}

/// How far one call's arguments are read, how far all of them are, and how many findings
/// one piece of code may give: hostile code like `system(system(...` must stay linear.
const MAX_ARGUMENTS: usize = 16 * 1024;
const MAX_ALL_ARGUMENTS: usize = 256 * 1024;
const MAX_FINDINGS: usize = 256;

struct Scanner<'a> {
    language: Language,
    code: &'a str,
    bytes: &'a [u8],
    findings: Vec<Finding>,
    /// Bytes of call arguments that may still be read.
    argument_budget: usize,
}

/// One argument of a call.
#[derive(Debug)]
enum Arg {
    /// A string literal: its value, and whether it interpolates run-time values.
    Str(String, bool),
    List(Vec<String>),
    Other(String),
}

impl Scanner<'_> {
    fn run(mut self) -> Vec<Finding> {
        let mut i = 0;
        while i < self.bytes.len() && self.findings.len() < MAX_FINDINGS {
            let b = self.bytes[i];
            if self.language.line_comment(self.bytes, i) {
                i += self.bytes[i..].iter().position(|&c| c == b'\n').unwrap_or(self.bytes.len() - i);
            } else if b == b'/'
                && self.bytes.get(i + 1) == Some(&b'*')
                && matches!(self.language, Language::Node | Language::Php)
            {
                i = find(self.bytes, i + 2, b"*/").map_or(self.bytes.len(), |end| end + 2);
            } else if self.language == Language::AppleScript
                && self.bytes[i..].starts_with(b"do shell script")
            {
                i = self.apple_shell_script(i + b"do shell script".len());
            } else if b == b'`' && self.language != Language::Node {
                let end = self.bytes[i + 1..]
                    .iter()
                    .position(|&c| c == b'`')
                    .map_or(self.bytes.len(), |n| i + 1 + n);
                self.findings.push(Finding::Shell(self.slice(i + 1, end).to_string()));
                i = end + 1;
            } else if b == b'\'' || b == b'"' || b == b'`' {
                i = string_end(self.bytes, i, self.language);
            } else if b.is_ascii_alphabetic() || b == b'_' {
                i = self.identifier(i);
            } else if b == b'%' && self.language == Language::Ruby && self.bytes.get(i + 1) == Some(&b'x') {
                i = self.quoted_command(i + 2);
            } else {
                i += 1;
            }
        }
        self.findings
    }

    /// AppleScript's `do shell script "..."`: the string after it, or unknown text.
    fn apple_shell_script(&mut self, mut at: usize) -> usize {
        while self.bytes.get(at).is_some_and(u8::is_ascii_whitespace) {
            at += 1;
        }
        let end = if self.bytes.get(at) == Some(&b'"') {
            string_end(self.bytes, at, self.language)
        } else {
            self.bytes[at..].iter().position(|&c| c == b'\n').map_or(self.bytes.len(), |n| at + n)
        };
        let text = self.slice(at, end).to_string();
        let rest_of_line = self.bytes[end..].iter().take_while(|&&c| c != b'\n').all(u8::is_ascii_whitespace);
        match literal(&text, self.language) {
            Some((line, false)) if rest_of_line => self.findings.push(Finding::Shell(line)),
            _ => self.findings.push(Finding::Opaque { call: "do shell script".into(), argument: text }),
        }
        end
    }

    fn slice(&self, start: usize, end: usize) -> &str {
        self.code.get(start..end.min(self.code.len())).unwrap_or_default()
    }

    /// `%x(...)` and `qx(...)`: a command between delimiters starting at `open`.
    fn quoted_command(&mut self, open: usize) -> usize {
        let Some(&delimiter) = self.bytes.get(open) else { return open };
        let close = match delimiter {
            b'(' => b')',
            b'{' => b'}',
            b'[' => b']',
            b'<' => b'>',
            _ if delimiter.is_ascii_punctuation() => delimiter,
            _ => return open,
        };
        let end = self.bytes[open + 1..]
            .iter()
            .position(|&c| c == close)
            .map_or(self.bytes.len(), |n| open + 1 + n);
        self.findings.push(Finding::Shell(self.slice(open + 1, end).to_string()));
        end + 1
    }

    /// At the start of an identifier: read the dotted path and check it for a known call.
    fn identifier(&mut self, start: usize) -> usize {
        let mut end = start;
        while end < self.bytes.len() {
            let b = self.bytes[end];
            let joins = (b == b'.' || (b == b':' && self.bytes.get(end + 1) == Some(&b':')))
                && self
                    .bytes
                    .get(end + 1 + usize::from(b == b':'))
                    .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_');
            if b.is_ascii_alphanumeric() || b == b'_' {
                end += 1;
            } else if joins {
                end += if b == b':' { 2 } else { 1 };
            } else {
                break;
            }
        }
        let path = self.slice(start, end).to_string();
        let sigil = start > 0 && matches!(self.bytes[start - 1], b'$' | b'@' | b'%');
        if sigil {
            return end;
        }
        if self.language == Language::Perl && path == "qx" {
            return self.quoted_command(end);
        }
        let (qualifier, name) = match path.rfind(['.', ':']) {
            Some(dot) => (path[..dot].trim_end_matches(':'), &path[dot + 1..]),
            None => ("", path.as_str()),
        };
        let table = match self.language {
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
        };
        let Some(&(_, _, effect)) = table.iter().find(|(function, qualifiers, _)| {
            *function == name && (qualifiers.is_empty() || qualifiers.contains(&qualifier))
        }) else {
            return end;
        };
        let Some((args, raw, close)) = self.call_arguments(end) else { return end };
        let effect = match effect {
            Effect::PathObject => match self.method_after(close) {
                Some(("read_text" | "read_bytes", _)) => Effect::Read,
                Some(("write_text" | "write_bytes" | "unlink", _)) => Effect::Write,
                Some(("open", args)) => {
                    // `open("w")` or `open(mode="w")`.
                    let positional = matches!(args.first(), Some(Arg::Str(mode, _)) if is_write_mode(mode));
                    let keyword = args.iter().any(|arg| match arg {
                        Arg::Other(text) => text.strip_prefix("mode").is_some_and(|rest| {
                            let value = rest.trim_start().strip_prefix('=').unwrap_or("").trim();
                            literal(value, Language::Python).is_some_and(|(mode, _)| is_write_mode(&mode))
                        }),
                        Arg::Str(..) | Arg::List(_) => false,
                    });
                    let write = positional || keyword;
                    if write { Effect::Write } else { Effect::Read }
                }
                _ => return end,
            },
            effect => effect,
        };
        self.record(effect, &path, args, &raw);
        end
    }

    /// The method called on the value of a call whose arguments end at `close`
    /// (`Path(p).read_text()`), with its arguments.
    fn method_after(&mut self, close: usize) -> Option<(&'static str, Vec<Arg>)> {
        const METHODS: [&str; 6] = ["read_text", "read_bytes", "write_text", "write_bytes", "open", "unlink"];
        let rest = self.bytes.get(close + 1..)?;
        let skipped = rest.iter().take_while(|b| b.is_ascii_whitespace()).count();
        let after_dot = rest.get(skipped..)?.strip_prefix(b".")?;
        let name = METHODS.into_iter().find(|method| {
            after_dot.starts_with(method.as_bytes())
                && !after_dot.get(method.len()).is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
        })?;
        let name_end = close + 1 + skipped + 1 + name.len();
        let (args, ..) = self.call_arguments(name_end)?;
        Some((name, args))
    }

    /// The arguments of a call starting at `at` (after the name): in parentheses, or for perl
    /// and ruby up to the end of the statement.
    /// With the position where they end (the closing parenthesis, if any).
    fn call_arguments(&mut self, at: usize) -> Option<(Vec<Arg>, String, usize)> {
        let mut i = at;
        while self.bytes.get(i).is_some_and(|b| *b == b' ' || *b == b'\t') {
            i += 1;
        }
        let parens = self.bytes.get(i) == Some(&b'(');
        // Perl's list operators also take a call or a variable: `unlink glob("~/*")`, `unlink $f`.
        let bare_call = matches!(self.language, Language::Perl | Language::Ruby)
            && matches!(self.bytes.get(i), Some(b'\'' | b'"'))
            || self.language == Language::Perl
                && self.bytes.get(i).is_some_and(|b| b.is_ascii_alphabetic() || *b == b'$');
        if !parens && !bare_call {
            return None;
        }
        let start = if parens { i + 1 } else { i };
        let mut depth = 0usize;
        let mut args = Vec::new();
        let mut arg_start = start;
        let mut j = start;
        let limit = self.bytes.len().min(start + MAX_ARGUMENTS.min(self.argument_budget));
        while j < limit {
            let b = self.bytes[j];
            match b {
                b'\'' | b'"' | b'`' => {
                    j = string_end(self.bytes, j, self.language);
                    continue;
                }
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' if depth > 0 => depth -= 1,
                b')' if parens => break,
                b';' | b'\n' if !parens => break,
                b',' if depth == 0 => {
                    args.push(self.slice(arg_start, j).trim().to_string());
                    arg_start = j + 1;
                }
                _ => {}
            }
            j += 1;
        }
        self.argument_budget = self.argument_budget.saturating_sub(j - start);
        let last = self.slice(arg_start, j).trim().to_string();
        if !last.is_empty() {
            args.push(last);
        }
        let raw = self.slice(start, j).to_string();
        Some((args.iter().map(|a| self.argument(a)).collect(), raw, j))
    }

    fn argument(&self, text: &str) -> Arg {
        if let Some(path) = home_path(text, self.language) {
            return Arg::Str(path, false);
        }
        // `'.e' + 'nv'`, `".e" . "nv"`: literals joined are the joined literal.
        for operator in ['+', '.'] {
            let parts: Vec<&str> = text.split(operator).map(str::trim).collect();
            if parts.len() > 1 {
                let literals: Option<Vec<String>> = parts
                    .iter()
                    .map(|part| literal(part, self.language).filter(|(_, i)| !i).map(|(v, _)| v))
                    .collect();
                if let Some(literals) = literals {
                    return Arg::Str(literals.concat(), false);
                }
            }
        }
        if let Some((value, interpolated)) = literal(text, self.language) {
            return Arg::Str(value, interpolated);
        }
        if let Some(inner) = text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
            let items: Option<Vec<String>> = inner
                .split(',')
                .map(str::trim)
                .filter(|item| !item.is_empty())
                .map(|item| literal(item, self.language).map(|(value, _)| value))
                .collect();
            if let Some(items) = items {
                return Arg::List(items);
            }
        }
        Arg::Other(text.to_string())
    }

    fn record(&mut self, effect: Effect, path: &str, args: Vec<Arg>, raw: &str) {
        let mut args = args.into_iter();
        match (effect, args.next()) {
            (Effect::Shell, Some(Arg::Str(program, _))) => {
                let rest: Vec<String> = args
                    .map_while(|arg| match arg {
                        Arg::Str(value, _) => Some(value),
                        _ => None,
                    })
                    .collect();
                if rest.is_empty() {
                    self.findings.push(Finding::Shell(program));
                } else {
                    let argv = std::iter::once(program).chain(rest).map(Word::literal).collect();
                    self.findings.push(Finding::Argv(argv));
                }
            }
            (Effect::Shell | Effect::Spawn, Some(Arg::List(argv))) if !argv.is_empty() => {
                self.findings.push(Finding::Argv(argv.into_iter().map(Word::literal).collect()));
            }
            (Effect::Spawn, Some(Arg::Str(program, _))) => match args.next() {
                Some(Arg::List(rest)) => {
                    let argv = std::iter::once(program).chain(rest).map(Word::literal).collect();
                    self.findings.push(Finding::Argv(argv));
                }
                _ => self.findings.push(Finding::Shell(program)),
            },
            (Effect::Shell | Effect::Spawn, Some(Arg::Other(argument))) if self.computes_command(path) => {
                self.findings.push(Finding::Opaque { call: path.to_string(), argument });
            }
            (Effect::Delete, Some(target)) => self.delete(path, target),
            (Effect::Read, Some(target)) => self.access(path, target, false),
            (Effect::Write, Some(target)) => self.access(path, target, true),
            (Effect::Remove, Some(target)) => self.remove(path, target),
            // A literal is code to scan like the rest; anything else runs unseen.
            // A literal that is one shell expansion (`exec('$X')`) holds what the shell puts there.
            (Effect::Eval, Some(Arg::Str(code, false))) if is_one_expansion(&code) => {
                self.findings.push(Finding::Opaque { call: path.to_string(), argument: code });
            }
            (Effect::Eval, Some(Arg::Str(code, false))) => {
                let budget = self.argument_budget;
                self.argument_budget = budget.saturating_sub(code.len());
                let inner = Scanner {
                    language: self.language,
                    bytes: code.as_bytes(),
                    code: &code,
                    findings: Vec::new(),
                    argument_budget: budget,
                };
                self.findings.extend(inner.run());
            }
            (Effect::Eval, Some(Arg::Other(argument) | Arg::Str(argument, true))) => {
                self.findings.push(Finding::Opaque { call: path.to_string(), argument });
            }
            // Perl's `open(F, '>', 'path')` and `open(F, '>path')`: a filehandle first, the
            // mode a string of `<`, `>`, `>>`, `+<`.
            (Effect::Open, Some(_)) if self.language == Language::Perl => {
                let (mode, target) = match (args.next(), args.next()) {
                    (Some(Arg::Str(mode, _)), Some(target @ Arg::Str(..))) => (mode, target),
                    (Some(Arg::Str(both, interpolated)), None) => {
                        let path = both.trim_start_matches(['<', '>', '+', ' ']).to_string();
                        (both[..both.len() - path.len()].to_string(), Arg::Str(path, interpolated))
                    }
                    _ => return,
                };
                self.access(path, target, mode.contains('>') || mode.contains('+'));
            }
            (Effect::Open, Some(target)) => {
                let write = matches!(args.next(), Some(Arg::Str(mode, _)) if is_write_mode(&mode));
                self.access(path, target, write);
            }
            (Effect::DeleteIfRecursive, Some(target)) => {
                let compact: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
                let recursive = ["recursive:true", "\"recursive\":true", "recursive=TRUE", "recursive=true"];
                if recursive.iter().any(|flag| compact.contains(flag)) {
                    self.delete(path, target);
                }
            }
            _ => {}
        }
    }

    /// Whether a call of `path` with a computed argument surely runs a command: a bare
    /// `exec(x)` in JavaScript is as likely a regular expression's method.
    fn computes_command(&self, path: &str) -> bool {
        !(self.language == Language::Node && path.rsplit('.').next() == Some("exec"))
    }

    fn delete(&mut self, path: &str, target: Arg) {
        let target = match target {
            Arg::Str(value, interpolated) => Word { dynamic: interpolated, ..Word::literal(value) },
            Arg::List(_) => return,
            Arg::Other(expression) => self.target_expression(&expression),
        };
        self.findings.push(Finding::Delete { via: format!("{} {path}", self.language.label()), target });
    }

    /// A file the code reads or writes, when its name is a plain string: the file rules judge
    /// it like `cat` or `tee` of that path.
    fn access(&mut self, path: &str, target: Arg, write: bool) {
        let Arg::Str(name, false) = target else { return };
        let via = format!("{} {path}", self.language.label());
        self.findings.push(Finding::Access { via, path: Word::literal(name), write });
    }

    /// One file deleted: a write of it when its name is a string or a known expression
    /// (`expanduser("~/.bashrc")`, `glob("~/.ssh/*")`).
    fn remove(&mut self, path: &str, target: Arg) {
        let word = match target {
            Arg::Str(name, false) => Word::literal(name),
            Arg::Other(expression) => {
                let inner = expression.trim().strip_prefix("glob(").and_then(|rest| rest.strip_suffix(')'));
                match inner.and_then(|inner| literal(inner.trim(), self.language)) {
                    Some((pattern, false)) => {
                        Word { glob: pattern.contains(['*', '?', '[']), ..Word::literal(pattern) }
                    }
                    _ => self.target_expression(&expression),
                }
            }
            Arg::Str(..) | Arg::List(_) => return,
        };
        if word.dynamic {
            return;
        }
        let via = format!("{} {path}", self.language.label());
        self.findings.push(Finding::Access { via, path: word, write: true });
    }

    /// A delete target that is not a plain string: the home directory in its usual
    /// spellings, `expanduser("~/x")`, `Path("x")`, or else a dynamic word.
    fn target_expression(&self, expression: &str) -> Word {
        let compact: String = expression
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| if c == '"' { '\'' } else { c })
            .collect();
        const HOME: [&str; 12] = [
            "Path.home()",
            "pathlib.Path.home()",
            "os.environ['HOME']",
            "os.environ.get('HOME')",
            "os.getenv('HOME')",
            "os.homedir()",
            "require('os').homedir()",
            "process.env.HOME",
            "process.env['HOME']",
            "Dir.home",
            "ENV['HOME']",
            "$ENV{HOME}",
        ];
        if HOME.contains(&compact.as_str()) || compact == "$ENV{'HOME'}" {
            return Word { text: "$HOME".into(), raw: expression.to_string(), dynamic: true, glob: false };
        }
        // Whether each wrapper expands a leading `~` (a `Path("~")` is a directory named `~`).
        let wrappers = [
            ("os.path.expanduser(", true),
            ("expanduser(", true),
            ("File.expand_path(", true),
            ("Path(", false),
            ("pathlib.Path(", false),
            ("path.resolve(", false),
        ];
        for (wrapper, expands_tilde) in wrappers {
            let inner = expression.trim().strip_prefix(wrapper).and_then(|rest| rest.strip_suffix(')'));
            if let Some((value, interpolated)) = inner.and_then(|inner| literal(inner, self.language)) {
                // The raw text is what tells the path rules whether a `~` was quoted.
                let raw = if expands_tilde { value.clone() } else { expression.to_string() };
                return Word { raw, dynamic: interpolated, ..Word::literal(value) };
            }
        }
        Word { text: expression.to_string(), raw: expression.to_string(), dynamic: true, glob: false }
    }
}

fn find(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    bytes.get(from..)?.windows(needle.len()).position(|w| w == needle).map(|p| from + p)
}

/// The index just past the string literal opening at `start`.
fn string_end(bytes: &[u8], start: usize, language: Language) -> usize {
    let quote = bytes[start];
    let triple =
        language == Language::Python && bytes.get(start..start + 3) == Some(&[quote, quote, quote][..]);
    if triple {
        return find(bytes, start + 3, &[quote, quote, quote]).map_or(bytes.len(), |end| end + 3);
    }
    let mut i = start + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b if b == quote => return i + 1,
            _ => i += 1,
        }
    }
    bytes.len()
}

/// The value of `text` when it is exactly one string literal; and whether it interpolates.
/// Whether Python's `open` mode writes (`"w"`, `"a"`, `"x"`, `"r+"`).
fn is_write_mode(mode: &str) -> bool {
    mode.contains(['w', 'a', 'x', '+'])
}

fn literal(text: &str, language: Language) -> Option<(String, bool)> {
    let text = text.trim();
    if let Some(found) = quote_operator(text, language) {
        return Some(found);
    }
    let prefix_len = if language == Language::Python {
        text.bytes()
            .take_while(|b| matches!(b.to_ascii_lowercase(), b'r' | b'b' | b'u' | b'f'))
            .count()
            .min(2)
    } else {
        0
    };
    let prefix = text[..prefix_len].to_ascii_lowercase();
    let body = &text[prefix_len..];
    let quote = *body.as_bytes().first()?;
    if !matches!(quote, b'\'' | b'"' | b'`') || (quote == b'`' && language != Language::Node) {
        return None;
    }
    if string_end(body.as_bytes(), 0, language) != body.len() {
        return None;
    }
    let triple = language == Language::Python && body.len() >= 6 && body.as_bytes()[..3] == [quote; 3];
    let delimiter = if triple { 3 } else { 1 };
    let inner = body.get(delimiter..body.len().checked_sub(delimiter)?)?;
    let raw = prefix.contains('r')
        || (quote == b'\'' && matches!(language, Language::Perl | Language::Ruby | Language::Php));
    let interpolated = match language {
        Language::Python => prefix.contains('f') && inner.contains('{'),
        Language::Node => quote == b'`' && inner.contains("${"),
        Language::Ruby => quote == b'"' && inner.contains("#{"),
        Language::Perl | Language::Php => quote == b'"' && inner.contains(['$', '@']),
        Language::Awk | Language::Lua | Language::R | Language::Julia | Language::AppleScript => false,
    };
    let mut value = if raw { inner.to_string() } else { unescape(inner) };
    if interpolated && language == Language::Ruby {
        value = value.replace("#{", "${");
    }
    Some((value, interpolated))
}

/// Perl's `q{…}`/`qq{…}` and Ruby's `%q(…)`/`%Q(…)`/`%(…)`: string literals with a delimiter
/// of the writer's choosing, as in `perl -e 'system(q{rm -rf /})'`.
fn quote_operator(text: &str, language: Language) -> Option<(String, bool)> {
    let (rest, interpolating) = match language {
        Language::Perl => match text.strip_prefix("qq") {
            Some(rest) => (rest, true),
            None => (text.strip_prefix('q')?, false),
        },
        Language::Ruby => {
            let rest = text.strip_prefix('%')?;
            match rest.strip_prefix('q') {
                Some(rest) => (rest, false),
                None => (rest.strip_prefix('Q').unwrap_or(rest), true),
            }
        }
        _ => return None,
    };
    let open = rest.chars().next()?;
    let close = match open {
        '{' => '}',
        '(' => ')',
        '[' => ']',
        '<' => '>',
        c if c.is_ascii_punctuation() => c,
        _ => return None,
    };
    let inner = rest[open.len_utf8()..].strip_suffix(close)?;
    let interpolated = interpolating && inner.contains(['$', '@', '#']);
    Some((inner.to_string(), interpolated))
}

fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some(e @ ('\\' | '\'' | '"' | '`')) => out.push(e),
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn findings(argv: &[&str]) -> Vec<Finding> {
        let argv: Vec<Word> = argv.iter().map(|w| Word::literal(*w)).collect();
        scan(&argv, &Stdin::Inherited).map(|i| i.findings).unwrap_or_default()
    }

    fn shell(line: &str) -> Finding {
        Finding::Shell(line.into())
    }

    fn argv(words: &[&str]) -> Finding {
        Finding::Argv(words.iter().map(|w| Word::literal(*w)).collect())
    }

    fn delete(via: &str, target: &str) -> Finding {
        Finding::Delete { via: via.into(), target: Word::literal(target) }
    }

    #[test]
    fn more_interpreters() {
        assert_eq!(findings(&["awk", "-F", ":", "BEGIN{system(\"a b\")}"]), [shell("a b")]);
        assert_eq!(findings(&["awk", "-f", "x.awk", "BEGIN{system(\"a\")}"]), []);
        assert_eq!(findings(&["lua", "-e", "os.execute('a')"]), [shell("a")]);
        assert_eq!(findings(&["Rscript", "-e", "unlink('/x', recursive=TRUE)"]), [delete("R unlink", "/x")]);
        assert_eq!(findings(&["julia", "-e", "run(`a b`)"]), [shell("a b")]);
        assert_eq!(findings(&["osascript", "-e", "do shell script \"a\""]), [shell("a")]);
        assert_eq!(
            findings(&["deno", "eval", "Deno.remove('/x', {recursive: true})"]),
            [delete("node Deno.remove", "/x")]
        );
        assert_eq!(findings(&["deno", "run", "x.ts"]), []);
        assert_eq!(
            findings(&["python3", "-c", "import os; os.system(cmd)"]),
            [Finding::Opaque { call: "os.system".into(), argument: "cmd".into() }]
        );
        assert_eq!(findings(&["node", "-e", "/a/.exec(s)"]), []);
    }

    #[test]
    fn python_shell_outs() {
        assert_eq!(findings(&["python3", "-c", "import os; os.system('rm -rf /')"]), [shell("rm -rf /")]);
        assert_eq!(
            findings(&["python", "-c", "import subprocess; subprocess.run(['rm', '-rf', '/'])"]),
            [argv(&["rm", "-rf", "/"])]
        );
        assert_eq!(
            findings(&["python3", "-c", "import subprocess as s; s.check_output(\"ls\")"]),
            [shell("ls")]
        );
        assert_eq!(
            findings(&["python3", "-c", "import os as o; o.system('id'); co.system('x')"]),
            [shell("id")]
        );
        assert_eq!(
            findings(&["python3", "-c", "from subprocess import Popen; Popen(\"rm x\", shell=True)"]),
            [shell("rm x")]
        );
        assert_eq!(findings(&["python2", "-Bc", "__import__('os').popen(\"id\")"]), [shell("id")]);
    }

    #[test]
    fn python_data_is_not_code() {
        assert_eq!(findings(&["python3", "-c", "print('rm -rf /')"]), []);
        assert_eq!(findings(&["python3", "-c", "print('os.system(\"rm -rf /\")')  # os.system('x')"]), []);
        assert_eq!(findings(&["python3", "script.py", "-c", "os.system('x')"]), []);
        assert_eq!(findings(&["python3", "-m", "http.server"]), []);
    }

    #[test]
    fn python_recursive_deletes() {
        let via = "python shutil.rmtree";
        assert_eq!(findings(&["python3", "-c", "import shutil; shutil.rmtree('/')"]), [delete(via, "/")]);
        assert_eq!(
            findings(&["python3", "-c", "import shutil,os; shutil.rmtree(os.path.expanduser('~'))"]),
            [Finding::Delete { via: via.into(), target: Word::literal("~") }]
        );
        let home = findings(&["python3", "-c", "shutil.rmtree(os.environ['HOME'])"]);
        assert!(
            matches!(&home[..], [Finding::Delete { target, .. }] if target.text == "$HOME" && target.dynamic)
        );
        let home = findings(&["python3", "-c", "from pathlib import Path; shutil.rmtree(Path.home())"]);
        assert!(
            matches!(&home[..], [Finding::Delete { target, .. }] if target.text == "$HOME" && target.dynamic)
        );
        let computed = findings(&["python3", "-c", "shutil.rmtree(sys.argv[1])"]);
        assert!(matches!(&computed[..], [Finding::Delete { target, .. }] if target.dynamic));
    }

    #[test]
    fn node_one_liners() {
        assert_eq!(
            findings(&["node", "-e", "require('child_process').execSync('rm -rf ~')"]),
            [shell("rm -rf ~")]
        );
        assert_eq!(
            findings(&["node", "--eval", "cp.spawnSync('rm', ['-rf', '/'])"]),
            [argv(&["rm", "-rf", "/"])]
        );
        assert_eq!(
            findings(&["node", "-e", "fs.rmSync('/x', {recursive: true, force: true})"]),
            [delete("node fs.rmSync", "/x")]
        );
        assert_eq!(findings(&["node", "-e", "fs.rmSync('/x')"]), []);
        assert_eq!(
            findings(&["node", "-e", "fs.rmdirSync(\"/y\",{recursive:true})"]),
            [delete("node fs.rmdirSync", "/y")]
        );
        let template = findings(&["node", "-p", "execSync(`rm -rf ${dir}`)"]);
        assert_eq!(template, [shell("rm -rf ${dir}")]);
        let home = findings(&["node", "-e", "fs.rmSync(os.homedir(), {recursive: true})"]);
        assert!(matches!(&home[..], [Finding::Delete { target, .. }] if target.text == "$HOME"));
        assert_eq!(findings(&["node", "-e", "console.log('execSync(\"x\")') // exec('y')"]), []);
    }

    #[test]
    fn perl_ruby_php() {
        assert_eq!(findings(&["perl", "-e", "system(\"rm -rf /\")"]), [shell("rm -rf /")]);
        assert_eq!(
            findings(&["perl", "-le", "system 'rm', '-rf', '/'; print 1"]),
            [argv(&["rm", "-rf", "/"])]
        );
        assert_eq!(findings(&["perl", "-e", "`rm -rf ~`; qx(ls)"]), [shell("rm -rf ~"), shell("ls")]);
        assert_eq!(
            findings(&["perl", "-MFile::Path", "-e", "rmtree('/tmp/x')"]),
            [delete("perl rmtree", "/tmp/x")]
        );
        assert_eq!(
            findings(&["perl", "-e", "File::Path::remove_tree('/a')"]),
            [delete("perl File::Path::remove_tree", "/a")]
        );
        assert_eq!(findings(&["ruby", "-e", "system('rm -rf /')"]), [shell("rm -rf /")]);
        assert_eq!(
            findings(&["ruby", "-rfileutils", "-e", "FileUtils.rm_rf('/')"]),
            [delete("ruby FileUtils.rm_rf", "/")]
        );
        assert_eq!(findings(&["ruby", "-e", "%x(rm -rf /)"]), [shell("rm -rf /")]);
        let home = findings(&["ruby", "-e", "FileUtils.rm_r(Dir.home)"]);
        assert!(matches!(&home[..], [Finding::Delete { target, .. }] if target.text == "$HOME"));
        assert_eq!(findings(&["php", "-r", "shell_exec('rm -rf /');"]), [shell("rm -rf /")]);
        assert_eq!(findings(&["ruby", "-e", "puts 'system(\"x\")'"]), []);
    }

    #[test]
    fn quote_operators_are_strings() {
        assert_eq!(findings(&["perl", "-e", "system(q{rm -rf /})"]), [shell("rm -rf /")]);
        assert_eq!(findings(&["ruby", "-e", "system(%q(rm -rf ~))"]), [shell("rm -rf ~")]);
        assert!(findings(&["perl", "-e", "print q{rm -rf /}"]).is_empty());
    }

    #[test]
    fn file_reads_and_writes() {
        let read = |path: &str| Finding::Access {
            via: "python open".into(),
            path: Word::literal(path),
            write: false,
        };
        assert_eq!(findings(&["python3", "-c", "print(open('.env').read())"]), [read(".env")]);
        let written = findings(&["python3", "-c", "open('out.txt', 'w').write('x')"]);
        assert!(matches!(&written[..], [Finding::Access { write: true, .. }]), "{written:?}");
        assert!(findings(&["python3", "-c", "open(name).read()"]).is_empty());
        assert!(findings(&["python3", "-c", "print(\"open('.env')\")"]).is_empty());
    }

    #[test]
    fn pathlib_and_shutil_file_access() {
        let access = |via: &str, path: &str, write: bool| Finding::Access {
            via: format!("python {via}"),
            path: Word::literal(path),
            write,
        };
        let python = |code: &str| findings(&["python3", "-c", code]);
        assert_eq!(
            python("from pathlib import Path; print(Path('.env').read_text())"),
            [access("Path", ".env", false)]
        );
        assert_eq!(
            python("import pathlib; pathlib.Path(\".env\") .read_bytes()"),
            [access("pathlib.Path", ".env", false)]
        );
        assert_eq!(python("Path('out.txt').write_text('x')"), [access("Path", "out.txt", true)]);
        assert_eq!(
            python("Path('.git/config').open(mode='a').write('x')"),
            [access("Path", ".git/config", true)]
        );
        assert_eq!(
            python("Path('.git/config').open(mode = \"r\").read()"),
            [access("Path", ".git/config", false)]
        );
        assert_eq!(python("Path('.env').open().read()"), [access("Path", ".env", false)]);
        assert_eq!(
            python("import shutil; shutil.copy('.env', '/tmp/x')"),
            [access("shutil.copy", ".env", false)]
        );
        // Not a read: no method that reads, or the text is data.
        assert!(python("print(Path('.env').exists())").is_empty());
        assert!(python("Path('.env').read_textual()").is_empty());
        assert!(python("print(\"Path('.env').read_text()\")").is_empty());
        assert!(python("Path(name).read_text()").is_empty());
    }

    #[test]
    fn code_from_stdin() {
        let argv = [Word::literal("python3")];
        let found = scan(&argv, &Stdin::Text("import os\nos.system('rm -rf /')\n".into()));
        assert_eq!(found, Some(Inline { via: "python3 stdin".into(), findings: vec![shell("rm -rf /")] }));
        assert_eq!(
            scan(&[Word::literal("python3"), Word::literal("x.py")], &Stdin::Text("os.system('x')".into())),
            None
        );
    }

    #[test]
    fn broken_code_never_panics() {
        for code in
            ["os.system(", "os.system('", "shutil.rmtree(\"", "`", "%x", "qx", "f'''", "system \"é", "r'é"]
        {
            let _ = findings(&["python3", "-c", code]);
            let _ = findings(&["perl", "-e", code]);
            let _ = findings(&["ruby", "-e", code]);
            let _ = findings(&["node", "-e", code]);
        }
    }
}
