//! What the code files that tools load unnamed hold, and what their text comes to: the
//! languages they are written in, the calls that make code the guard does not read worth
//! asking about, and the file names that a tool loads when it next runs.

/// What a loaded file holds.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Code {
    Python,
    /// A `.pth` file: its lines that start with `import` run as Python.
    Pth,
    Node,
    Ruby,
    Perl,
    Php,
    Shell,
    Groovy,
    Kotlin,
    R,
    Julia,
    /// tox's `tox.ini`: its `commands` lines are shell lines.
    Tox,
    /// A `justfile`: its recipes' indented lines are shell lines.
    Just,
    /// Languages the scan does not read: screened for what runs programs or deletes files.
    Compiled(&'static [&'static str]),
    /// npm's configuration: settings that name a program or a registry.
    Npmrc,
    /// CMake's build files: the programs its `COMMAND` arguments and `exec_program` run.
    CMake,
    /// RubyGems' `.gemrc`: the sources it names, as `gem sources -a URL` adds them.
    Gemrc,
}

/// What in Rust code runs programs, deletes or writes files, or reaches outside.
pub(crate) const RUST_CALLS: &[&str] = &[
    "Command",
    "process",
    "remove_dir",
    "remove_file",
    "fs::write",
    "File::create",
    "OpenOptions",
    "unsafe",
    "libc",
    "include!",
    "include_str!",
    "include_bytes!",
    "extern",
    "asm!",
    "net::",
    "home_dir",
    "env::var",
    "#[path",
    "set_permissions",
    "rename",
];

/// What in C and C++ code runs programs, deletes or writes files, or reaches outside; and
/// what hides a call's name (`##` pastes tokens, an included file is code unseen).
pub(crate) const C_CALLS: &[&str] = &[
    "system",
    "exec",
    "popen",
    "fork",
    "spawn",
    "unlink",
    "remove",
    "rmdir",
    "rename",
    "fopen",
    "open(",
    "creat",
    "write",
    "socket",
    "getenv",
    "environ",
    "asm",
    "syscall",
    "dlopen",
    "chmod",
    "chown",
    "##",
    "#include \"",
    "#include <sys",
    "#include <unistd",
    "#include <fcntl",
    "#include <dlfcn",
    "std::filesystem",
    "fstream",
];

/// Cargo settings that run a program of their own: a wrapper, a runner, a linker, an alias.
pub(crate) const CARGO_SETTINGS: &[&str] =
    &["wrapper", "runner", "linker", "rustc", "alias", "link-arg", "-C"];

/// Maven plugins that run programs or scripts.
pub(crate) const MAVEN_PLUGINS: &[&str] =
    &["exec-maven-plugin", "<executable>", "antrun", "<exec", "groovy", "<script>"];

/// What in a Gradle build script runs programs, deletes files or reaches outside.
pub(crate) const GRADLE_CALLS: &[&str] = &[
    "exec",
    "commandLine",
    "ProcessBuilder",
    "Runtime",
    "delete",
    "System.getProperty",
    "System.getenv",
    "URL(",
    "uri(",
];

/// What in CMake code runs programs, deletes or writes files, or reaches outside.
pub(crate) const CMAKE_CALLS: &[&str] = &[
    "execute_process",
    "exec_program",
    "add_custom_command",
    "add_custom_target",
    "REMOVE",
    "RENAME",
    "WRITE",
    "APPEND",
    "DOWNLOAD",
    "UPLOAD",
    "COPY",
    "$ENV{",
    "include(",
    "FetchContent",
    "ExternalProject",
];

/// What in Bazel's files runs programs or reaches outside: rules that run commands, local
/// repositories, and the options a `.bazelrc` gives every build.
pub(crate) const BAZEL_CALLS: &[&str] = &[
    "genrule",
    "cmd",
    "run_shell",
    "actions.run",
    "execute",
    "sh_binary",
    "sh_test",
    "local",
    "http_archive",
    "git_repository",
    "load(",
    "--",
];

/// What in Meson's build files runs programs or reaches outside.
pub(crate) const MESON_CALLS: &[&str] = &[
    "run_command",
    "custom_target",
    "run_target",
    "generator(",
    "add_install_script",
    "add_postconf_script",
    "add_dist_script",
    "subproject",
    "find_program",
];

/// What in MSBuild's projects runs commands, touches files or loads code.
pub(crate) const MSBUILD_CALLS: &[&str] = &[
    "<Exec",
    "$([",
    "<UsingTask",
    "<Import",
    "<Delete",
    "<RemoveDir",
    "<Copy",
    "<Move",
    "<WriteLinesToFile",
    "<DownloadFile",
    "<Unzip",
    "Command",
];

/// What in dune's files runs commands or reads the environment.
pub(crate) const DUNE_CALLS: &[&str] =
    &["(run", "(system", "(bash", "(action", "(with-stdout-to", "(write-file", "%{env:"];

/// The same for Go.
pub(crate) const GO_CALLS: &[&str] = &[
    "exec.",
    "os.Remove",
    "RemoveAll",
    "syscall",
    "unsafe",
    "os.WriteFile",
    "os.Create",
    "os.OpenFile",
    "net.",
    "http.",
    "os.Getenv",
    "UserHomeDir",
    "plugin.",
    "//go:generate",
    "cgo",
    "os.Rename",
    "os.Chmod",
];

/// The JavaScript tools and the stems of the configuration files they load as code.
pub(crate) const JS_CONFIGS: &[(&str, &[&str])] = &[
    ("vite", &["vite.config"]),
    ("vitest", &["vitest.config", "vite.config", "vitest.workspace", "vitest.setup"]),
    ("jest", &["jest.config", "jest.setup"]),
    ("webpack", &["webpack.config"]),
    ("webpack-cli", &["webpack.config"]),
    ("rollup", &["rollup.config"]),
    ("next", &["next.config"]),
    ("nuxt", &["nuxt.config"]),
    ("nuxi", &["nuxt.config"]),
    ("astro", &["astro.config"]),
    ("svelte-kit", &["svelte.config"]),
    ("eslint", &["eslint.config", ".eslintrc"]),
    ("prettier", &["prettier.config", ".prettierrc"]),
    ("babel", &["babel.config", ".babelrc"]),
    ("postcss", &["postcss.config"]),
    ("tailwindcss", &["tailwind.config"]),
    ("playwright", &["playwright.config"]),
    ("cypress", &["cypress.config"]),
    ("gulp", &["gulpfile"]),
    ("grunt", &["Gruntfile", "gruntfile"]),
    ("karma", &["karma.conf"]),
    ("mocha", &[".mocharc"]),
    ("tsup", &["tsup.config"]),
    ("remix", &["remix.config"]),
    ("react-router", &["react-router.config"]),
    ("storybook", &["main"]),
];

/// The extensions of JavaScript and TypeScript code.
pub(crate) const JS_EXTENSIONS: &[&str] = &["js", "cjs", "mjs", "ts", "cts", "mts"];

/// npm settings that name a program npm runs, or code it loads.
pub(crate) const NPM_PROGRAMS: &[&str] = &[
    "script-shell",
    "shell",
    "node-options",
    "onload-script",
    "init-module",
    "editor",
    "browser",
    "git",
    "viewer",
];

/// What a loaded file's text comes to.
pub(crate) enum Judged {
    /// A command line that runs the same code.
    Line(String),
    /// Code the guard cannot read, and why.
    Opaque(String),
    /// Nothing runs.
    Nothing,
}

pub(crate) fn judged(code: Code, text: &str) -> Judged {
    let quoted = crate::shell::quote(text);
    match code {
        Code::Python => Judged::Line(format!("python3 -c {quoted}")),
        Code::Pth => {
            let imports: Vec<&str> = text
                .lines()
                .filter(|line| line.starts_with("import ") || line.starts_with("import\t"))
                .collect();
            if imports.is_empty() {
                Judged::Nothing
            } else {
                Judged::Line(format!("python3 -c {}", crate::shell::quote(&imports.join("\n"))))
            }
        }
        Code::Node => Judged::Line(format!("node -e {quoted}")),
        Code::Ruby => Judged::Line(format!("ruby -e {quoted}")),
        Code::Perl => Judged::Line(format!("perl -e {quoted}")),
        Code::Php => Judged::Line(format!("php -r {quoted}")),
        Code::Groovy | Code::Kotlin => {
            let language = if code == Code::Groovy { "groovy" } else { "kotlin" };
            let mut line = format!("{language} -e {quoted}");
            // A build script's task actions (`exec { commandLine … }`, `delete`) are Gradle's
            // own calls, which the Groovy and Kotlin scans do not read: they run unseen, as
            // the text of an `eval` of a value the line does not fix.
            if let Some(call) = GRADLE_CALLS.iter().find(|call| text.contains(*call)) {
                line.push_str(&format!("\n# Gradle `{call}`\neval \"$GRADLE_TASK_ACTION\""));
            }
            Judged::Line(line)
        }
        Code::R => Judged::Line(format!("Rscript -e {quoted}")),
        Code::Julia => Judged::Line(format!("julia -e {quoted}")),
        Code::Shell => Judged::Line(text.to_string()),
        Code::Tox => Judged::Line(tox_commands(text)),
        Code::Just => Judged::Line(
            text.lines()
                .filter(|line| line.starts_with([' ', '\t']))
                .map(|line| line.trim().trim_start_matches(['@', '-']))
                .collect::<Vec<_>>()
                .join("\n"),
        ),
        Code::Compiled(calls) => match calls.iter().find(|call| text.contains(*call)) {
            Some(call) => Judged::Opaque(format!(
                "code the guard does not read that uses `{call}` (what runs programs, deletes or writes files, or reaches outside)"
            )),
            None => Judged::Nothing,
        },
        Code::Npmrc => npmrc(text),
        Code::Gemrc => {
            let sources: Vec<String> = text
                .split(|c: char| c.is_whitespace() || matches!(c, '"' | '\'' | ',' | '[' | ']'))
                .filter(|word| word.contains("://"))
                .map(|url| format!("gem sources -a {}", crate::shell::quote(url)))
                .collect();
            if sources.is_empty() { Judged::Nothing } else { Judged::Line(sources.join("\n")) }
        }
        Code::CMake => {
            let lines = cmake_commands(text);
            if lines.is_empty() { Judged::Nothing } else { Judged::Line(lines.join("\n")) }
        }
    }
}

/// The words that end a CMake `COMMAND`'s arguments: the other keywords of
/// `execute_process`, `add_custom_command` and `add_custom_target`.
const CMAKE_KEYWORDS: &[&str] = &[
    "COMMAND",
    "ARGS",
    "WORKING_DIRECTORY",
    "OUTPUT",
    "OUTPUT_VARIABLE",
    "ERROR_VARIABLE",
    "RESULT_VARIABLE",
    "RESULTS_VARIABLE",
    "OUTPUT_QUIET",
    "ERROR_QUIET",
    "OUTPUT_STRIP_TRAILING_WHITESPACE",
    "ERROR_STRIP_TRAILING_WHITESPACE",
    "INPUT_FILE",
    "OUTPUT_FILE",
    "ERROR_FILE",
    "TIMEOUT",
    "COMMAND_ECHO",
    "ECHO_OUTPUT_VARIABLE",
    "ECHO_ERROR_VARIABLE",
    "COMMAND_ERROR_IS_FATAL",
    "ENCODING",
    "DEPENDS",
    "BYPRODUCTS",
    "MAIN_DEPENDENCY",
    "IMPLICIT_DEPENDS",
    "DEPFILE",
    "COMMENT",
    "VERBATIM",
    "USES_TERMINAL",
    "COMMAND_EXPAND_LISTS",
    "APPEND",
    "SOURCES",
    "JOB_POOL",
    "JOB_SERVER_AWARE",
    "PRE_BUILD",
    "PRE_LINK",
    "POST_BUILD",
    "TARGET",
    "ALL",
    "RETURN_VALUE",
];

/// The command lines a CMake file runs: each `COMMAND` argument list (`execute_process`
/// at configure time, `add_custom_command`/`add_custom_target` at build time) and
/// `exec_program(PROGRAM ARGS …)`.
fn cmake_commands(text: &str) -> Vec<String> {
    let words = cmake_words(text);
    let mut lines = Vec::new();
    let mut at = 0;
    while at < words.len() {
        let (word, bare) = &words[at];
        let start = match word.as_str() {
            "COMMAND" if *bare => at + 1,
            "exec_program" if *bare && words.get(at + 1).is_some_and(|(w, _)| w == "(") => at + 2,
            _ => {
                at += 1;
                continue;
            }
        };
        let mut command = Vec::new();
        at = start;
        while let Some((word, bare)) = words.get(at) {
            if *bare && (word == "(" || word == ")" || CMAKE_KEYWORDS.contains(&word.as_str())) {
                // `exec_program(prog ARGS a b)`: the arguments follow `ARGS`.
                if word == "ARGS" && *bare {
                    at += 1;
                    continue;
                }
                break;
            }
            // A build's shell sees a bare word as written (`~` is the home directory); CMake's
            // own `${VAR}` stays a name, not a shell expansion.
            if *bare && !word.contains('$') {
                command.push(word.clone());
            } else {
                command.push(crate::shell::quote(word));
            }
            at += 1;
        }
        if !command.is_empty() {
            lines.push(command.join(" "));
        }
    }
    lines
}

/// CMake's words with whether each was bare: quoted strings unquoted, parentheses words of
/// their own, `#` comments left out.
fn cmake_words(text: &str) -> Vec<(String, bool)> {
    let mut words = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '#' => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '(' | ')' => words.push((c.to_string(), true)),
            '"' => {
                let mut word = String::new();
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' => word.extend(chars.next()),
                        _ => word.push(c),
                    }
                }
                words.push((word, false));
            }
            c if c.is_whitespace() => {}
            c => {
                let mut word = c.to_string();
                while let Some(&next) = chars.peek() {
                    if next.is_whitespace() || matches!(next, '(' | ')' | '"' | '#') {
                        break;
                    }
                    word.push(next);
                    chars.next();
                }
                words.push((word, true));
            }
        }
    }
    words
}

/// The shell lines of a `tox.ini`'s `commands`, `commands_pre` and `commands_post`, with
/// their indented continuation lines.
fn tox_commands(text: &str) -> String {
    let mut lines = Vec::new();
    let mut within = false;
    for line in text.lines() {
        if line.starts_with([' ', '\t']) {
            if within {
                lines.push(line.trim());
            }
            continue;
        }
        within = false;
        let Some((key, value)) = line.split_once('=') else { continue };
        if matches!(key.trim(), "commands" | "commands_pre" | "commands_post") {
            within = true;
            lines.push(value.trim());
        }
    }
    lines.retain(|line| !line.is_empty());
    lines.join("\n")
}

/// What code a file the line writes holds, by its name alone, when it is one that a tool runs
/// later unnamed and no program on the line loads it yet: the JavaScript tools' configurations
/// (`*.config.js`, `.eslintrc.js`), R's `.Rprofile`, Julia's `deps/build.jl`, Gradle's and
/// Maven's build files, a `pyproject.toml`'s build hooks, `noxfile.py`, `tox.ini`, a
/// `Cargo.toml`'s build script, `.npmrc`, `.yarnrc.yml`, `.pnpmfile.cjs`, a `Gemfile`, a `Brewfile`, a
/// `justfile`.
pub(crate) fn later_code(file: &str, parent: Option<&str>) -> Option<Code> {
    let extension = file.rsplit_once('.').map(|(_, ext)| ext).unwrap_or_default();
    let js = JS_EXTENSIONS.contains(&extension);
    let stem = file.rsplit_once('.').map_or(file, |(stem, _)| stem);
    match file {
        ".Rprofile" | "Rprofile.site" | ".Rprofile.site" => Some(Code::R),
        "build.jl" if parent == Some("deps") => Some(Code::Julia),
        "noxfile.py" | "hatch_build.py" | "fabfile.py" | "dodo.py" => Some(Code::Python),
        "tox.ini" => Some(Code::Tox),
        "justfile" | "Justfile" | ".justfile" => Some(Code::Just),
        // `brew bundle` evaluates a `Brewfile` as Ruby.
        // Rake evaluates a `Rakefile` as Ruby on every `rake`.
        "Gemfile" | "gems.rb" | "Brewfile" | "Rakefile" | "rakefile" | "Rakefile.rb" => Some(Code::Ruby),
        "CMakeLists.txt" => Some(Code::CMake),
        _ if extension == "cmake" => Some(Code::CMake),
        // cargo runs a package's `build.rs` before every build.
        "build.rs" => Some(Code::Compiled(RUST_CALLS)),
        "pom.xml" => Some(Code::Compiled(MAVEN_PLUGINS)),
        "pyproject.toml" => Some(Code::Compiled(PYPROJECT_HOOKS)),
        "Cargo.toml" => Some(Code::Compiled(&["build =", "build=", "[patch"])),
        ".npmrc" => Some(Code::Npmrc),
        ".gemrc" | "gemrc" => Some(Code::Gemrc),
        ".yarnrc.yml" | ".yarnrc" => Some(Code::Compiled(&["yarnPath", "plugins"])),
        _ if file.ends_with(".gradle.kts") => Some(Code::Kotlin),
        _ if extension == "gradle" => Some(Code::Groovy),
        _ if js
            && (stem.ends_with(".config")
                || stem.ends_with(".conf")
                || matches!(stem, ".pnpmfile" | "gulpfile" | "Gruntfile" | "gruntfile")
                || JS_CONFIGS.iter().any(|(_, stems)| stems.contains(&stem))) =>
        {
            Some(Code::Node)
        }
        _ => None,
    }
}

/// A loaded file's text as the command lines it comes to, or why the guard cannot read it.
pub(crate) fn later_lines(code: Code, text: &str) -> Result<Vec<String>, String> {
    match judged(code, text) {
        Judged::Line(line) => Ok(vec![line]),
        Judged::Opaque(why) => Err(why),
        Judged::Nothing => Ok(Vec::new()),
    }
}

/// What in a `pyproject.toml` runs code when the package is built: a build backend kept in the
/// project, the build hooks of hatch and pdm. (Task runners' tables are judged where the
/// runner runs them.)
const PYPROJECT_HOOKS: &[&str] = &["backend-path", "build.hooks", "build_hook"];

/// `.npmrc`: a setting that names a program npm runs, or a registry other than npm's own.
fn npmrc(text: &str) -> Judged {
    for line in text.lines() {
        let Some((key, value)) = line.split_once('=') else { continue };
        let (key, value) = (key.trim(), value.trim());
        let registry = key == "registry" || key.ends_with(":registry");
        if NPM_PROGRAMS.contains(&key) || registry && !value.starts_with("https://registry.npmjs.org") {
            return Judged::Opaque(format!(
                "an npm setting `{key}={value}`, which npm runs or installs from"
            ));
        }
    }
    Judged::Nothing
}
