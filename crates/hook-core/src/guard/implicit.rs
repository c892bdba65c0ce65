//! Files a program loads without being named on the line: the code files an interpreter
//! imports from its working directory (a `json.py` that shadows Python's standard library,
//! pytest's `conftest.py` and test files, a required `lib.js`), Python's `sitecustomize.py`
//! and `.pth` files, cargo's `build.rs` and `.cargo/config.toml`, `.npmrc`, a `Rakefile`, a
//! `Gemfile`, direnv's `.envrc`, gradle's build scripts, a `pom.xml`, the JavaScript tools'
//! `*.config.js`.
//! When the line writes such a file before the program runs, what the file holds runs too: it
//! is judged as the code it is (a Python module as `python3 -c TEXT`), asked about when the
//! guard cannot read it (text computed at run time, a language the scan does not read that
//! calls what runs programs or deletes files).
//!
//! Only files the line itself writes are looked at (the files already on the disk are the
//! project's), and only for the programs named here: other commands pay nothing.

use std::path::Path;

use crate::project::Context;
use crate::shell::SimpleCommand;

use super::loaded::{
    BAZEL_CALLS, CARGO_SETTINGS, CMAKE_CALLS, Code, DUNE_CALLS, GO_CALLS, JS_CONFIGS, JS_EXTENSIONS, Judged,
    MAVEN_PLUGINS, MESON_CALLS, MSBUILD_CALLS, RUST_CALLS, judged,
};
use super::script_file::{Held, Written};

/// Whether `command` runs a program that loads files unnamed, and the line may have written
/// some before it (`written`, asked only then: see [`first_written`]); a playbook is judged
/// whatever the line wrote, as it may come on standard input.
pub(crate) fn loads_unnamed(command: &SimpleCommand, written: impl FnOnce() -> bool) -> bool {
    let Some(name) = command.name() else { return false };
    if name == "ansible-playbook" {
        return true;
    }
    // `./gradlew`, `./mvnw`: the project's build wrapper, run by its path.
    (python(name)
        || matches!(crate::shell::program_base(name), "gradlew" | "mvnw")
        || matches!(
            name,
            "pytest"
                | "py.test"
                | "pip"
                | "pip3"
                | "pipx"
                | "tox"
                | "nox"
                | "node"
                | "nodejs"
                | "bun"
                | "deno"
                | "ts-node"
                | "tsx"
                | "ruby"
                | "rspec"
                | "rails"
                | "rake"
                | "bundle"
                | "bundler"
                | "perl"
                | "prove"
                | "php"
                | "phpunit"
                | "composer"
                | "cargo"
                | "go"
                | "npm"
                | "pnpm"
                | "yarn"
                | "npx"
                | "direnv"
                | "gradle"
                | "gradlew"
                | "mvn"
                | "mvnw"
                | "cmake"
                | "bazel"
                | "bazelisk"
                | "meson"
                | "dune"
                | "buck"
                | "buck2"
                | "dotnet"
                | "msbuild"
                // The JavaScript tools of `JS_CONFIGS`, in one match rather than a scan.
                | "vite"
                | "vitest"
                | "jest"
                | "webpack"
                | "webpack-cli"
                | "rollup"
                | "next"
                | "nuxt"
                | "nuxi"
                | "astro"
                | "svelte-kit"
                | "eslint"
                | "prettier"
                | "babel"
                | "postcss"
                | "tailwindcss"
                | "playwright"
                | "cypress"
                | "gulp"
                | "grunt"
                | "karma"
                | "mocha"
                | "tsup"
                | "remix"
                | "react-router"
                | "storybook"
        ))
        && written()
}

/// The first of `commands` that may write a file some program loads unnamed: a word or a
/// redirection naming a code file or one of the configurations above, or an archive or patch
/// unpacked, or a directory filled from elsewhere (`git clone`). Only the words are looked at, once per line, so that a long line of other
/// commands (`cargo build` in a chain of `git status`) pays no more than one scan of them.
pub(crate) fn first_written(commands: &[SimpleCommand]) -> Option<usize> {
    const DOTTED: &[&str] = &[
        ".py",
        ".pth",
        ".rs",
        ".js",
        ".mjs",
        ".cjs",
        ".ts",
        ".mts",
        ".cts",
        ".rb",
        ".rake",
        ".pl",
        ".pm",
        ".t",
        ".php",
        ".go",
        ".gradle",
        ".cmake",
        "CMakeLists.txt",
        "BUILD",
        "WORKSPACE",
        ".bazel",
        ".bzl",
        ".gemspec",
        ".yml",
        ".yaml",
        ".npmrc",
        ".yarnrc",
        ".pnpmfile",
        ".envrc",
        "pom.xml",
        ".cargo",
        "-wrapper.",
        "meson.build",
        "meson.options",
        "meson_options.txt",
        "BUCK",
        ".buckconfig",
        ".props",
        ".csproj",
        ".fsproj",
        ".vbproj",
        ".proj",
    ];
    // Every name holds a dot, a `B` or a `W`: one byte scan rules most words out before the
    // substring searches.
    let names = |text: &str| {
        text.bytes().any(|b| matches!(b, b'.' | b'B' | b'W'))
            && DOTTED.iter().any(|name| crate::literal::contains(text, name))
            || text.ends_with("akefile")
            || text.ends_with("Gemfile")
            || text.ends_with("dune")
            || crate::literal::contains(text, "dune-")
            || text.ends_with("TARGETS")
    };
    commands.iter().position(|command| {
        command.args().iter().any(|w| names(&w.text))
            || command.redirects.iter().any(|r| names(&r.target.text))
            || super::script_file::unpacks(command)
            || !super::file_access::fills(command).is_empty()
    })
}

fn python(name: &str) -> bool {
    ["python", "pypy"].iter().any(|prefix| {
        name.strip_prefix(prefix).is_some_and(|v| v.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
    })
}

/// What command `index` runs: the script it names (`named`, see `script_file::script`) and the
/// files the line wrote before it that it loads unnamed (`sitecustomize.py`, `build.rs`,
/// `conftest.py`); a file the guard cannot read wins, else the texts run one after the other.
pub(crate) fn with_loaded(
    named: Option<(String, Held)>,
    command: &SimpleCommand,
    index: usize,
    ctx: &Context,
    written: &Written,
) -> Option<(String, Held)> {
    match (named, loaded(command, index, ctx, written)) {
        (Some((named, Held::Line(first))), Some((loaded, Held::Line(then)))) => {
            Some((format!("{named} and {loaded}"), Held::Line(format!("{first}\n{then}"))))
        }
        (named, Some(loaded)) if !matches!(loaded.1, Held::Line(_)) || named.is_none() => Some(loaded),
        (named, _) => named,
    }
}

/// The files command `index` loads that the line wrote before it, each with what it runs:
/// `None` when it loads none of them.
fn loaded(command: &SimpleCommand, index: usize, ctx: &Context, written: &Written) -> Option<(String, Held)> {
    let name = command.name()?;
    if name == "ansible-playbook" {
        return playbook(command, index, ctx, written);
    }
    let mut lines = Vec::new();
    let mut names = Vec::new();
    // Compared with `..` taken out: `cd .cargo && … > config.toml && cd .. && cargo build`.
    let cwd = super::files::resolve(".", ctx);
    for (path, text) in written.files_before(index) {
        // A build wrapper's jar or settings the line replaced: the wrapper runs that jar, or
        // the distribution the settings name (`gradle-wrapper.jar` from a download is remote code).
        if wrapper_file(name, path) {
            let what = format!("`{}` (run by `{name}`)", shown(path, ctx));
            if let Some(url) = written.download(path) {
                return Some((what, Held::Line(format!("curl -fsSL '{url}' | sh"))));
            }
            if let Err(writer) = text {
                return Some((what, Held::Unknown(writer.to_string())));
            }
        }
        let Some(code) =
            code_loaded(name, command, &cwd, &super::files::resolve(&path.to_string_lossy(), ctx))
        else {
            continue;
        };
        let what = format!("`{}` (loaded by `{name}`)", shown(path, ctx));
        // An everyday edit (`sed -i 's/a/b/' app.py`) is judged by the text it puts there.
        let edited =
            text.err().and_then(|writer| written.substituted(path, writer)).map(|lines| lines.join("\n"));
        let text = match (text, edited.as_deref()) {
            (_, Some(edited)) => edited,
            (Ok(text), None) => text,
            // Output of the project's own script, loaded as the project's files are.
            (Err(_), None) if written.generated(path) => continue,
            (Err(writer), None) => return Some((what, Held::Unknown(writer.to_string()))),
        };
        match judged(code, text) {
            Judged::Line(line) => {
                lines.push(line);
                names.push(what);
            }
            Judged::Opaque(why) => {
                let reason = format!("{what} is {why}, which runs when `{name}` does");
                return Some((what, Held::Opaque(reason)));
            }
            Judged::Nothing => {}
        }
    }
    // A directory the line filled from elsewhere (`git clone URL d && cd d && cargo build`):
    // its `build.rs`, package scripts or modules run unseen.
    if let Some(filler) = written.filler(&cwd, index) {
        let reason = format!(
            "`{filler}` on this line fills `{}` with files nobody has read, which `{name}` loads and runs there; run the steps apart, so that the files can be read first",
            cwd.display()
        );
        return Some((format!("the files `{filler}` writes"), Held::Opaque(reason)));
    }
    // An archive unpacked or a patch applied by the line may have put any of those files there.
    if let Some(unpacker) = written.unpacker() {
        let reason = format!(
            "`{unpacker}` on this line writes files it does not name, which `{name}` may load and run unseen; run the steps apart, so that the files can be read first"
        );
        return Some((format!("the files `{unpacker}` writes"), Held::Opaque(reason)));
    }
    (!lines.is_empty()).then(|| (names.join(" with "), Held::Line(lines.join("\n"))))
}

/// Whether `path` is a file of the build wrapper `name` runs (`./gradlew`'s
/// `gradle/wrapper/gradle-wrapper.jar` and `.properties`, `./mvnw`'s `.mvn/wrapper/…`).
fn wrapper_file(name: &str, path: &Path) -> bool {
    let file = path.file_name().and_then(|f| f.to_str()).unwrap_or_default();
    match crate::shell::program_base(name) {
        "gradlew" | "gradlew.bat" => file.starts_with("gradle-wrapper."),
        "mvnw" | "mvnw.cmd" => file.starts_with("maven-wrapper."),
        _ => false,
    }
}

/// `ansible-playbook` of a playbook the line writes, or gives on standard input or through a
/// process substitution: its tasks run modules on the hosts, which the guard does not read.
fn playbook(
    command: &SimpleCommand,
    index: usize,
    ctx: &Context,
    written: &Written,
) -> Option<(String, Held)> {
    let given = command.args().iter().filter(|w| !w.text.starts_with('-')).find(|word| {
        let path = ctx.cwd.join(&word.text);
        word.raw.starts_with("<(")
            || matches!(word.text.as_str(), "/dev/stdin" | "/proc/self/fd/0")
            || word.text.starts_with("/dev/fd/")
            || !word.dynamic && written.files_before(index).any(|(file, _)| file == path)
    })?;
    let what = format!("the playbook `{}`", given.raw);
    let reason = format!(
        "{what} is written on this line: the modules its tasks run on the hosts are not read by the guard; write it first and show it to the user"
    );
    Some((what, Held::Opaque(reason)))
}

/// A path as the user wrote it, relative to the working directory where it is inside it.
fn shown(path: &Path, ctx: &Context) -> String {
    path.strip_prefix(&ctx.cwd).unwrap_or(path).display().to_string()
}

/// What `name` run with `args` in `cwd` loads `path` as, if it loads it. An interpreter (and
/// a tool run by one: pytest, pip, rspec, prove) loads the code files of its language under
/// its working directory (imports, test files, `conftest.py`, a `json.py` that shadows the
/// standard library, a module its `PYTHONPATH` names); Python also the site directories'
/// `sitecustomize.py`, `usercustomize.py` and `.pth` files wherever they are.
fn code_loaded(name: &str, command: &SimpleCommand, cwd: &Path, path: &Path) -> Option<Code> {
    let args = command.args();
    let file = path.file_name()?.to_str()?;
    let parts: Vec<&str> = path.components().filter_map(|c| c.as_os_str().to_str()).collect();
    let in_site = parts.iter().any(|part| matches!(*part, "site-packages" | "dist-packages"));
    let under_cwd = path.starts_with(cwd);
    let extension = file.rsplit_once('.').map(|(_, ext)| ext).unwrap_or_default();
    if python(name) || matches!(name, "pytest" | "py.test" | "pip" | "pip3" | "pipx" | "tox" | "nox") {
        let on_path = command.assignments.iter().any(|(variable, value)| {
            variable == "PYTHONPATH"
                && value.text.split(':').any(|dir| !dir.is_empty() && path.starts_with(cwd.join(dir)))
        });
        return match file {
            "sitecustomize.py" | "usercustomize.py" if in_site => Some(Code::Python),
            _ if in_site && extension == "pth" => Some(Code::Pth),
            _ if extension == "py" && (under_cwd || on_path) => Some(Code::Python),
            _ => None,
        };
    }
    let sub = args.iter().find(|w| !w.text.starts_with('-')).map(|w| w.text.as_str());
    match name {
        "node" | "nodejs" | "bun" | "deno" | "ts-node" | "tsx"
            if under_cwd && JS_EXTENSIONS.contains(&extension) =>
        {
            Some(Code::Node)
        }
        "ruby" | "rspec" | "rails" | "rake" | "bundle" | "bundler" if under_cwd => {
            let ruby = extension == "rb"
                || matches!(file, "Rakefile" | "rakefile" | "Gemfile" | "gems.rb")
                || matches!(extension, "rake" | "gemspec");
            ruby.then_some(Code::Ruby)
        }
        "perl" | "prove" if under_cwd && matches!(extension, "pm" | "pl" | "t") => Some(Code::Perl),
        "php" | "phpunit" | "composer" if under_cwd && extension == "php" => Some(Code::Php),
        "cargo" if under_cwd => {
            let builds = matches!(
                sub,
                Some(
                    "build"
                        | "b"
                        | "check"
                        | "c"
                        | "clippy"
                        | "test"
                        | "t"
                        | "run"
                        | "r"
                        | "bench"
                        | "doc"
                        | "d"
                        | "install"
                        | "nextest"
                        | "llvm-cov"
                        | "miri"
                )
            );
            let runs =
                matches!(sub, Some("test" | "t" | "run" | "r" | "bench" | "nextest" | "llvm-cov" | "miri"));
            let config =
                parts.windows(2).any(|pair| pair[0] == ".cargo") && matches!(file, "config" | "config.toml");
            match () {
                _ if config => Some(Code::Compiled(CARGO_SETTINGS)),
                _ if builds && file == "build.rs" || runs && extension == "rs" => {
                    Some(Code::Compiled(RUST_CALLS))
                }
                _ => None,
            }
        }
        "go" if under_cwd => {
            let runs = matches!(sub, Some("test" | "run" | "generate"));
            (runs && extension == "go").then_some(Code::Compiled(GO_CALLS))
        }
        "npm" | "pnpm" | "yarn" | "npx" if under_cwd || file == ".npmrc" => match file {
            ".npmrc" => Some(Code::Npmrc),
            ".pnpmfile.cjs" | ".pnpmfile.mjs" if name == "pnpm" => Some(Code::Node),
            ".yarnrc.yml" | ".yarnrc" if name == "yarn" => Some(Code::Compiled(&["yarnPath", "plugins"])),
            _ => None,
        },
        "direnv"
            if file == ".envrc" && matches!(sub, Some("allow" | "permit" | "grant" | "reload" | "exec")) =>
        {
            Some(Code::Shell)
        }
        "gradle" | "gradlew" if under_cwd => match file {
            _ if file.ends_with(".gradle.kts") => Some(Code::Kotlin),
            _ if extension == "gradle" => Some(Code::Groovy),
            _ => None,
        },
        // `cmake -B build` reads `CMakeLists.txt` and the `.cmake` files it includes.
        // (`cmake -P x.cmake` runs a script, read as one by `script_file`.)
        "cmake"
            if under_cwd
                && (file == "CMakeLists.txt" || extension == "cmake")
                && !args.iter().any(|w| w.text == "-P" || w.text == "-E") =>
        {
            Some(Code::Compiled(CMAKE_CALLS))
        }
        "bazel" | "bazelisk"
            if under_cwd
                && (matches!(
                    file,
                    "BUILD" | "BUILD.bazel" | "WORKSPACE" | "WORKSPACE.bazel" | "MODULE.bazel" | ".bazelrc"
                ) || extension == "bzl") =>
        {
            Some(Code::Compiled(BAZEL_CALLS))
        }
        "mvn" | "mvnw" if under_cwd && file == "pom.xml" => Some(Code::Compiled(MAVEN_PLUGINS)),
        // `meson setup BUILD [SOURCE]` reads the `meson.build` of the source directory (the
        // working directory, or one named on the line).
        "meson" if matches!(file, "meson.build" | "meson.options" | "meson_options.txt") => {
            let named = args
                .iter()
                .filter(|w| !w.text.starts_with('-'))
                .any(|w| path.parent() == Some(cwd.join(&w.text).as_path()));
            (under_cwd || named).then_some(Code::Compiled(MESON_CALLS))
        }
        // dune's `dune` files: rules whose actions run commands.
        "dune" if under_cwd && matches!(file, "dune" | "dune-project" | "dune-workspace") => {
            Some(Code::Compiled(DUNE_CALLS))
        }
        // MSBuild reads the project of its working directory and the `Directory.Build.*`
        // files above it; a project named on the line is read as one (`script_file`).
        "dotnet" | "msbuild"
            if under_cwd
                && (matches!(extension, "props" | "targets")
                    || extension.ends_with("proj")
                        && !args.iter().any(|w| w.text.rsplit(['/', '\\']).next() == Some(file))) =>
        {
            let builds = name == "msbuild"
                || matches!(sub, Some("build" | "msbuild" | "run" | "test" | "pack" | "publish" | "restore"));
            builds.then_some(Code::Compiled(MSBUILD_CALLS))
        }
        // Buck's build files are Starlark, as Bazel's are.
        "buck" | "buck2"
            if under_cwd
                && (matches!(
                    file,
                    "BUCK" | "BUCK.v2" | "TARGETS" | "TARGETS.v2" | "PACKAGE" | ".buckconfig"
                ) || extension == "bzl") =>
        {
            Some(Code::Compiled(BAZEL_CALLS))
        }
        _ => {
            let (_, stems) = JS_CONFIGS.iter().find(|(tool, _)| *tool == name)?;
            let config = stems.iter().any(|config| {
                file.strip_prefix(config)
                    .and_then(|rest| rest.strip_prefix('.'))
                    .is_some_and(|ext| JS_EXTENSIONS.contains(&ext))
            });
            // A code file named on the tool's line (`jest --setupFiles ./x.js`) runs too.
            let named = JS_EXTENSIONS.contains(&extension)
                && args.iter().any(|w| w.text.rsplit(['/', '=', ',']).next() == Some(file));
            // A test runner loads the test files it finds: test code is code.
            let test = matches!(name, "vitest" | "jest" | "mocha" | "playwright" | "cypress" | "karma")
                && JS_EXTENSIONS.contains(&extension)
                && (file.contains(".test.")
                    || file.contains(".spec.")
                    || file.contains(".cy.")
                    || parts.iter().any(|part| matches!(*part, "__tests__" | "test" | "tests")));
            (under_cwd && (config || named || test)).then_some(Code::Node)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::command;

    #[test]
    fn every_javascript_tool_with_a_configuration_is_asked_about() {
        for (tool, _) in JS_CONFIGS {
            assert!(loads_unnamed(&command(&[tool, "build"]), || true), "{tool}");
        }
        assert!(!loads_unnamed(&command(&["git", "status"]), || true));
        assert!(!loads_unnamed(&command(&["cargo", "build"]), || false), "nothing written before it");
        assert!(loads_unnamed(&command(&["ansible-playbook", "/dev/stdin"]), || false));
    }

    #[test]
    fn the_first_command_that_may_write_a_loaded_file() {
        let commands = [
            command(&["git", "status"]),
            command(&["cargo", "build"]),
            command(&["cp", "x", "src/json.py"]),
            command(&["tar", "xf", "a.tar"]),
        ];
        assert_eq!(first_written(&commands), Some(2));
        assert_eq!(first_written(&commands[..2]), None);
        assert_eq!(first_written(&commands[3..]), Some(0), "an archive may hold any file");
        assert_eq!(first_written(&[command(&["echo", "task"]), command(&["cp", "a", "Rakefile"])]), Some(1));
    }
}
