//! Seeing through wrappers: programs that run another command given in their arguments
//! (`sudo`, `env`, `xargs`, `find -exec`, `bash -c`, `cmd /c`, ...), one layer at a time.

use super::{Dialect, Word, XARGS_INPUT, powershell};
use crate::name_filter::NameFilter;
use std::borrow::Cow;

/// What running `argv` means, one wrapper layer down.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Peel {
    /// Not a wrapper (or a wrapper given nothing to run): the command itself runs.
    Runs,
    /// A wrapper running the command `inner`, which it builds (adds to, splits or changes).
    Wraps { via: String, inner: Vec<Word> },
    /// A wrapper running the command that starts at `argv[at]`: nothing is copied, so that a
    /// chain of wrappers peels in linear time.
    Skips { via: String, at: usize },
    /// A wrapper running a command line written in `dialect`.
    Script { via: String, script: Word, dialect: Dialect },
    /// A command that runs itself and others, each judged too (`via`, argv): `find` and its
    /// `-exec` commands, `docker run` (whose own options read files) and the container's.
    Find { execs: Vec<(String, Vec<Word>)> },
}

/// git configuration keys whose value git runs as a shell command line (`-c core.pager=CMD`).
const GIT_COMMAND_KEYS: &[&str] = &[
    "core.pager",
    "core.sshcommand",
    "core.editor",
    "core.fsmonitor",
    "core.askpass",
    "core.gitproxy",
    "core.alternaterefscommand",
    "sequence.editor",
    "diff.external",
    "gpg.program",
    "gpg.ssh.defaultkeycommand",
    "interactive.difffilter",
    "uploadpack.packobjectshook",
    "sendemail.sendmailcmd",
    "sendemail.tocmd",
    "sendemail.cccmd",
    "imap.tunnel",
    "instaweb.httpd",
];

/// The command line git runs for configuration `key` set to `value`: the value of a command
/// key (`core.pager`, `pager.log`, `filter.x.clean`, `diff.x.textconv`, `merge.x.driver`,
/// `remote.x.uploadpack`, `difftool.x.cmd`, ...), a credential helper's after `!` or when it
/// is a path (`store` is `git credential-store`), a submodule's update command after `!`, an
/// alias's after `!` or else `git VALUE`.
/// `None` for settings whose value git does not run.
pub(crate) fn git_setting_command(key: &str, value: &Word) -> Option<Word> {
    let key = key.to_ascii_lowercase();
    let (section, rest) = key.split_once('.')?;
    // The last part of `section.subsection.name` (the subsection may hold dots).
    let name = rest.rsplit('.').next().unwrap_or(rest);
    let named = rest.contains('.');
    let bang = value.text.strip_prefix('!');
    let runs = GIT_COMMAND_KEYS.contains(&key.as_str())
        || section == "pager"
        || named
            && matches!(
                (section, name),
                ("filter", "clean" | "smudge" | "process")
                    | ("diff", "textconv" | "command")
                    | ("merge", "driver")
                    | ("remote", "uploadpack" | "receivepack")
                    | ("difftool" | "mergetool" | "guitool" | "browser" | "man", "cmd")
                    | ("trailer", "command" | "cmd")
                    | ("gpg", "program")
            );
    if runs {
        return Some(value.clone());
    }
    match (section, name) {
        // The program of a tool (`difftool.vimdiff.path`), run by its path.
        ("difftool" | "mergetool" | "browser" | "man", "path") if named => Some(value.clone()),
        // `sendemail.smtpServer` (or an identity's) that is a full path: a sendmail-like
        // program run in place of a server.
        ("sendemail", "smtpserver") if value.text.starts_with('/') || value.dynamic => Some(value.clone()),
        ("alias", _) => Some(match bang {
            Some(shell) => derived(value, shell),
            None => derived(value, &format!("git {}", value.text)),
        }),
        // `submodule.x.update = !CMD`: `git submodule update` runs CMD in the submodule.
        ("submodule", "update") => bang.map(|shell| derived(value, shell)),
        ("credential", "helper") => match bang {
            Some(shell) => Some(derived(value, shell)),
            None => value.text.contains('/').then(|| value.clone()),
        },
        _ => None,
    }
}

/// The key and value `git config [OPTIONS] KEY VALUE` (or `git config set KEY VALUE`) sets,
/// from the words after `config`; `None` when it reads, lists, edits or unsets instead.
pub(crate) fn git_config_setting(args: &[Word]) -> Option<(&Word, &Word)> {
    let mut operands = Vec::new();
    let mut words = args.iter();
    while let Some(word) = words.next() {
        match word.text.as_str() {
            "--file" | "-f" | "--blob" | "--type" | "--default" | "--comment" => {
                words.next();
            }
            "--get" | "--get-all" | "--get-regexp" | "--get-urlmatch" | "--unset" | "--unset-all"
            | "--list" | "-l" | "--edit" | "-e" | "--remove-section" | "--rename-section" | "--get-color"
            | "--get-colorbool" => return None,
            text if text.starts_with('-') => {}
            _ => operands.push(word),
        }
    }
    let operands = match operands.first().map(|w| w.text.as_str()) {
        Some("set") => &operands[1..],
        Some(
            "get" | "unset" | "list" | "edit" | "rename-section" | "remove-section" | "get-color"
            | "get-colorbool",
        ) => return None,
        _ => &operands[..],
    };
    match operands {
        [key, value, ..] => Some((key, value)),
        _ => None,
    }
}

/// Where git's subcommand is in `argv` (`git -C x -c k=v commit`): past the global options.
pub(crate) fn git_subcommand(argv: &[Word]) -> usize {
    let mut at = 1;
    while let Some(word) = argv.get(at).filter(|word| word.text.starts_with('-')) {
        let valued = ["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--config-env"];
        at += if valued.contains(&word.text.as_str()) { 2 } else { 1 };
    }
    at
}

/// Whether a directory git is told to take hooks, templates or included configuration from
/// lies outside the project, as written: absolute, in the home directory, or up from it.
/// `/dev/null` (no hooks at all) and an empty value are not.
pub(crate) fn git_path_outside(path: &str) -> bool {
    !matches!(path, "" | "/dev/null")
        && (path.starts_with(['/', '~', '$']) || path == ".." || path.starts_with("../"))
}

/// Options whose value the program runs as a shell command line, beside its own work
/// (`tar --to-command=CMD`, `rsync -e CMD`, `ssh -o ProxyCommand=CMD`, `git -c core.pager=CMD`,
/// `man -P CMD`, `vim -c '!CMD'`, `expect -c 'spawn CMD'`, `sort --compress-program=PROG`): each
/// value, with how it was given.
fn command_options(name: &str, argv: &[Word]) -> Vec<(String, Word)> {
    let mut found = Vec::new();
    const PROGRAMS: &[&str] = &[
        "tar",
        "gtar",
        "bsdtar",
        "rsync",
        "nodemon",
        "chokidar",
        "ssh",
        "scp",
        "sftp",
        "zip",
        "man",
        "git",
        "vim",
        "vi",
        "nvim",
        "view",
        "ex",
        "gvim",
        "vimdiff",
        "less",
        "more",
        "sed",
        "gsed",
        "expect",
        "cargo",
        "make",
        "gmake",
        "emacs",
        "emacsclient",
        "sqlite3",
        "duckdb",
        "psql",
        "mysql",
        "mariadb",
        "lftp",
        "apt-get",
        "apt",
        "aptitude",
        "apt-cache",
        "nix-shell",
        "go",
        "mutt",
        "neomutt",
        "sort",
        "split",
        "wget",
        "tcpdump",
        "cmake",
        "bazel",
        "bazelisk",
        "msbuild",
        "dotnet",
        "nano",
        "rnano",
        "erl",
        "nix-build",
        "nix-instantiate",
        "sbatch",
    ];
    const PROGRAM_NAMES: NameFilter = NameFilter::of(PROGRAMS);
    if !PROGRAM_NAMES.may_hold(name) || !PROGRAMS.contains(&name) {
        return found;
    }
    for (at, word) in argv.iter().enumerate().skip(1) {
        let text = word.text.as_str();
        let next = argv.get(at + 1);
        let attached =
            |prefixes: &[&str]| prefixes.iter().find_map(|p| text.strip_prefix(p)).map(|v| derived(word, v));
        let line = match name {
            "tar" | "gtar" | "bsdtar" => attached(&[
                "--to-command=",
                "--use-compress-program=",
                "--rsh-command=",
                "--info-script=",
                "--new-volume-script=",
                "--checkpoint-action=exec=",
            ])
            .or_else(|| {
                matches!(text, "-I" | "--to-command" | "--use-compress-program" | "-F" | "--info-script")
                    .then(|| next.cloned())
                    .flatten()
            }),
            // File watchers' commands: `nodemon -x 'CMD'`, `chokidar '**' -c 'CMD'`, `cargo watch -s
            // 'CMD'` (a shell line) and `cargo watch -x CMD` (a cargo command).
            "nodemon" | "chokidar" => {
                let options: &[&str] =
                    if name == "nodemon" { &["-x", "--exec"] } else { &["-c", "--command"] };
                attached(&[&format!("{}=", options[1])])
                    .or_else(|| options.contains(&text).then(|| next.cloned()).flatten())
            }
            "cargo" if argv.get(1).is_some_and(|w| w.text == "watch") && matches!(text, "-s" | "--shell") => {
                next.cloned()
            }
            "cargo" if argv.get(1).is_some_and(|w| w.text == "watch") && matches!(text, "-x" | "--exec") => {
                next.map(|w| derived(w, &format!("cargo {}", w.text)))
            }
            "rsync" => attached(&["--rsh=", "--rsync-path="])
                .or_else(|| matches!(text, "-e" | "--rsh" | "--rsync-path").then(|| next.cloned()).flatten()),
            // `scp -S PROGRAM`, `sftp -S PROGRAM`: the program run for the connection;
            // `sftp -D PROGRAM`: the program run as the server.
            "scp" | "sftp" if matches!(text, "-S" | "-D") && (name == "sftp" || text == "-S") => {
                next.cloned()
            }
            "scp" | "sftp"
                if text.len() > 2 && (text.starts_with("-S") || name == "sftp" && text.starts_with("-D")) =>
            {
                Some(derived(word, &text[2..]))
            }
            "ssh" | "scp" | "sftp" => {
                let option = match text {
                    "-o" => next.map(|w| (w, w.text.as_str())),
                    _ => text.strip_prefix("-o").map(|rest| (word, rest)),
                };
                option.and_then(|(holder, option)| {
                    let (key, value) = option.split_once(['=', ' '])?;
                    let runs = ["proxycommand", "localcommand", "knownhostscommand"];
                    runs.contains(&key.trim().to_ascii_lowercase().as_str())
                        .then(|| derived(holder, value.trim()))
                })
            }
            "zip" => matches!(text, "-TT" | "--unzip-command").then(|| next.cloned()).flatten(),
            // `nano -s PROGRAM`: the spell checker, run through the shell on `^T`.
            "nano" | "rnano" => attached(&["--speller="])
                .or_else(|| matches!(text, "-s" | "--speller").then(|| next.cloned()).flatten()),
            // `apt-get -o APT::Update::Pre-Invoke::=CMD`, `-o DPkg::Post-Invoke::=CMD`: hooks
            // apt runs through the shell; `-o Dir::Bin::dpkg=PROGRAM`: the programs it runs.
            "apt-get" | "apt" | "aptitude" | "apt-cache" => {
                let option = match text {
                    "-o" | "--option" => next.map(|w| (w, w.text.as_str())),
                    _ => text
                        .strip_prefix("--option=")
                        .or_else(|| text.strip_prefix("-o"))
                        .map(|rest| (word, rest)),
                };
                option.and_then(|(holder, option)| {
                    let (key, value) = option.split_once('=')?;
                    let key = key.trim_end_matches(':').to_ascii_lowercase();
                    let runs = ["pre-invoke", "post-invoke", "post-invoke-success", "pre-install-pkgs"]
                        .iter()
                        .any(|hook| key.ends_with(hook))
                        || key.starts_with("dir::bin::");
                    runs.then(|| derived(holder, value))
                })
            }
            // `sbatch --wrap=CMD`: Slurm writes CMD into a `sh` batch script and runs it.
            "sbatch" => {
                attached(&["--wrap="]).or_else(|| (text == "--wrap").then(|| next.cloned()).flatten())
            }
            // `nix-shell --run CMD`, `--command CMD`: a shell line run in the environment.
            "nix-shell" => attached(&["--run=", "--command="])
                .or_else(|| matches!(text, "--run" | "--command").then(|| next.cloned()).flatten()),
            // `go build -toolexec PROG`, `go test -exec PROG`: each tool or test binary is run
            // through PROG.
            "go" if text.starts_with("GOFLAGS=") => {
                go_flags_program(&text["GOFLAGS=".len()..]).map(|program| derived(word, &program))
            }
            "go" => attached(&["-toolexec=", "--toolexec=", "-exec=", "--exec="]).or_else(|| {
                matches!(text, "-toolexec" | "--toolexec" | "-exec" | "--exec")
                    .then(|| next.cloned())
                    .flatten()
            }),
            // `mutt -e 'set sendmail=/tmp/x'`: a variable whose value mutt runs.
            "mutt" | "neomutt" => {
                let commands = match text {
                    "-e" => next,
                    _ => None,
                };
                commands
                    .and_then(|commands| mutt_program(&commands.text).map(|line| derived(commands, &line)))
            }
            // Programs the tool runs itself: sort's compressor (`--compress-program=PROG`),
            // split's filter (a shell line), wget's password prompt, tcpdump's `-z` run on
            // each rotated file.
            "sort" => attached(&["--compress-program="])
                .or_else(|| (text == "--compress-program").then(|| next.cloned()).flatten()),
            "split" => {
                attached(&["--filter="]).or_else(|| (text == "--filter").then(|| next.cloned()).flatten())
            }
            "wget" => attached(&["--use-askpass="])
                .or_else(|| (text == "--use-askpass").then(|| next.cloned()).flatten()),
            "tcpdump" => (text == "-z").then(|| next.cloned()).flatten(),
            "man" => attached(&["--pager="]).or_else(|| (text == "-P").then(|| next.cloned()).flatten()),
            // `git rebase --exec CMD`, `git difftool -x CMD`, `git clone 'ext::CMD'`.
            "git" if matches!(text, "--exec" | "-x" | "--extcmd") => next.cloned(),
            // `git grep -O'CMD'`, `--open-files-in-pager=CMD`: the matching files opened with CMD.
            "git" if argv.iter().any(|w| w.text == "grep") && text.starts_with("--open-files-in-pager=") => {
                text.split_once('=').map(|(_, value)| derived(word, value))
            }
            "git" if argv.iter().any(|w| w.text == "grep") && text.starts_with("-O") && text.len() > 2 => {
                Some(derived(word, &text[2..]))
            }
            "git" if text.starts_with("--exec=") || text.starts_with("--extcmd=") => {
                text.split_once('=').map(|(_, value)| derived(word, value))
            }
            // `git send-email --smtp-server=/path`: a program run in place of a server.
            "git" if text.starts_with("--smtp-server=") => text
                .split_once('=')
                .filter(|(_, value)| value.starts_with('/') || word.dynamic)
                .map(|(_, value)| derived(word, value)),
            "git" if text == "--smtp-server" => {
                next.filter(|value| value.text.starts_with('/') || value.dynamic).cloned()
            }
            // The program git runs on the other end, here for a local or `ext::` remote.
            "git" if matches!(text, "--upload-pack" | "--receive-pack") => next.cloned(),
            "git" if text == "-u" && argv.iter().any(|w| w.text == "clone") => next.cloned(),
            "git" if text.starts_with("--upload-pack=") || text.starts_with("--receive-pack=") => {
                text.split_once('=').map(|(_, value)| derived(word, value))
            }
            "git" if text.starts_with("ext::") => Some(derived(word, &ext_command(&text["ext::".len()..]))),
            // `--config-env=KEY=VAR` sets KEY to `$VAR`'s value, which only the run knows.
            "git" if text == "--config-env" || text.starts_with("--config-env=") => {
                let setting = match text.strip_prefix("--config-env=") {
                    Some(setting) => Some(setting),
                    None => next.map(|w| w.text.as_str()),
                };
                setting.and_then(|setting| {
                    let (key, variable) = setting.split_once('=')?;
                    let value = format!("${variable}");
                    git_setting_command(
                        key,
                        &Word { text: value.clone(), raw: value, dynamic: true, glob: false },
                    )
                })
            }
            // `-c alias.x=…` is run where the alias is used (`git` below).
            "git" if text == "-c" => next.and_then(|w| {
                let (key, value) = w.text.split_once('=')?;
                if key.to_ascii_lowercase().starts_with("alias.") {
                    return None;
                }
                git_setting_command(key, &derived(w, value))
            }),
            "vim" | "vi" | "nvim" | "view" | "ex" | "gvim" | "vimdiff" => {
                let command = match text {
                    "-c" | "--cmd" => next.map(|w| w.text.as_str()),
                    _ => text.strip_prefix('+'),
                };
                command
                    .and_then(|c| c.trim_start_matches(':').trim_start().strip_prefix('!'))
                    .map(|line| derived(word, line))
            }
            "less" | "more" => text.strip_prefix("+!").map(|line| derived(word, line)),
            // GNU sed's `e COMMAND` runs COMMAND (`sed '1e rm -rf ~' f`).
            "sed" | "gsed" => sed_scripts(argv)
                .into_iter()
                .find(|(given, _)| *given == at)
                .and_then(|(_, script)| sed_exec(script).map(|line| derived(word, &line))),
            // `cargo --config 'target.x.runner="CMD"'`: runners, linkers and rustc wrappers.
            "cargo" => {
                let config = match text {
                    "--config" => next,
                    _ if text.starts_with("--config=") => Some(word),
                    _ => None,
                };
                config.and_then(|w| {
                    let setting = w.text.strip_prefix("--config=").unwrap_or(&w.text);
                    let (key, value) = setting.split_once('=')?;
                    let key = key.trim();
                    let runs = key.ends_with(".runner")
                        || key.ends_with(".linker")
                        || matches!(
                            key,
                            "build.rustc-wrapper" | "build.rustc-workspace-wrapper" | "build.rustc"
                        );
                    runs.then(|| derived(w, &toml_command(value)))
                })
            }
            // `make --eval='all:;CMD'`: the recipes of the makefile text given.
            "make" | "gmake" => {
                let text_given = match text {
                    "--eval" | "-E" => next,
                    _ if text.starts_with("--eval=") => Some(word),
                    _ => None,
                };
                // `MAKEFLAGS='--eval=$$(shell CMD)'` given as a variable: make reads its flags,
                // with `$$` for `$`.
                let from_flags = text
                    .strip_prefix("MAKEFLAGS=")
                    .and_then(|flags| flags.split_once("--eval=").map(|(_, eval)| eval.replace("$$", "$")));
                let text_given = text_given.or(from_flags.as_ref().map(|_| word));
                text_given
                    .and_then(|w| {
                        let makefile = from_flags
                            .as_deref()
                            .unwrap_or(w.text.strip_prefix("--eval=").unwrap_or(&w.text));
                        let lines = super::make::Makefile::parse(makefile).everything();
                        (!lines.is_empty()).then(|| derived(w, &lines.join("\n")))
                    })
                    .or_else(|| make_program(argv, word))
            }
            // `cmake -DCMAKE_CXX_COMPILER_LAUNCHER='sh;-c;CMD'`: a list of words cmake runs
            // each compiler (or checker, or emulator) through.
            "cmake" => {
                let definition = match text {
                    "-D" => next,
                    _ if text.starts_with("-D") => Some(word),
                    _ => None,
                };
                definition.and_then(|w| {
                    let (name, value) = w.text.strip_prefix("-D").unwrap_or(&w.text).split_once('=')?;
                    let name = name.split(':').next().unwrap_or(name);
                    let runs = [
                        "_LAUNCHER",
                        "_COMPILER",
                        "_CLANG_TIDY",
                        "_CPPCHECK",
                        "_CPPLINT",
                        "_INCLUDE_WHAT_YOU_USE",
                    ]
                    .iter()
                    .any(|end| name.ends_with(end))
                        || name == "CMAKE_CROSSCOMPILING_EMULATOR";
                    // One element with spaces (`-DCMAKE_C_COMPILER_LAUNCHER="sh -c 'CMD'"`)
                    // reaches the Makefile generators' shell lines as written.
                    if runs && !value.contains(';') && value.contains(' ') {
                        return Some(derived(w, value));
                    }
                    let words: Vec<String> =
                        value.split(';').filter(|w| !w.is_empty()).map(super::quote).collect();
                    (runs && !words.is_empty()).then(|| derived(w, &words.join(" ")))
                })
            }
            // `bazel run --run_under='CMD'`: the target runs as the arguments of CMD; a label
            // (`//tools:wrapper`) is the project's own program.
            "bazel" | "bazelisk" => attached(&["--run_under="])
                .or_else(|| (text == "--run_under").then(|| next.cloned()).flatten())
                .filter(|line| !line.text.starts_with("//") && !line.text.starts_with(['@', ':'])),
            // `msbuild -p:Command='CMD'`, `dotnet build -p:PostBuildEvent=CMD`: a property
            // that an `Exec` task or a build event runs as a command line.
            "msbuild" | "dotnet" => {
                let lower = text.to_ascii_lowercase();
                let properties = ["-p:", "/p:", "-property:", "/property:", "--property:"]
                    .iter()
                    .find_map(|prefix| lower.strip_prefix(prefix).map(|_| &text[prefix.len()..]));
                properties.and_then(|properties| {
                    properties.split(';').find_map(|property| {
                        let (name, value) = property.split_once('=')?;
                        let name = name.trim().to_ascii_lowercase();
                        let runs = name.contains("command")
                            || name.ends_with("cmd")
                            || name.contains("script")
                            || name.ends_with("buildevent");
                        // A property function reads, writes or deletes files as it is
                        // evaluated (`$([System.IO.File]::ReadAllText(…/.ssh/id_rsa))`).
                        let files = msbuild_file_calls(value);
                        if !files.is_empty() {
                            return Some(derived(word, &files.join("\n")));
                        }
                        runs.then(|| derived(word, value))
                    })
                })
            }
            // `erl -s os cmd CMD`, `erl -run os cmd CMD`: `os:cmd` runs its argument in a shell.
            "erl"
                if matches!(text, "-s" | "-run")
                    && next.is_some_and(|w| w.text == "os")
                    && argv.get(at + 2).is_some_and(|w| w.text == "cmd") =>
            {
                argv.get(at + 3).cloned()
            }
            // A Nix expression given on the command line (`nix-build -E`, `nix eval --expr`):
            // a path in it is read into the store, where anyone may read it.
            "nix-build" | "nix-instantiate" => {
                let expression = match text {
                    "-E" | "--expr" => next,
                    _ => None,
                };
                expression.and_then(|w| {
                    let lines: Vec<String> =
                        nix_paths(&w.text).iter().map(|path| format!("cat {}", shell_path(path))).collect();
                    (!lines.is_empty()).then(|| derived(w, &lines.join("\n")))
                })
            }
            // Database shells' own escapes: `.shell`/`.system` (sqlite3, duckdb), `\!` (psql),
            // `system` (mysql), `!` (lftp), in any of their SQL or command arguments.
            "sqlite3" | "duckdb" | "psql" | "mysql" | "mariadb" | "lftp" => {
                database_escapes(name, text)
                    .first()
                    .map(|line| derived(word, line))
                    // Text the line does not fix, where the shell takes its commands, may hold
                    // any escape: run as a shell line of run-time text (`opaque.exec`).
                    .or_else(|| run_time_commands(name, argv, at))
            }
            // `emacs --batch --eval '(shell-command "CMD")'`, `(delete-directory "D" t)`.
            "emacs" | "emacsclient" => {
                let form = match text {
                    "--eval" | "-eval" => next,
                    _ if text.starts_with("--eval=") => Some(word),
                    _ => None,
                };
                form.and_then(|w| elisp_commands(w.text.strip_prefix("--eval=").unwrap_or(&w.text)))
                    .map(|line| derived(word, &line))
            }
            "expect" if text == "-c" => next.and_then(|w| {
                let spawned = w.text.split_once("spawn ")?.1;
                let line = spawned.split(['\n', ';', '}']).next().unwrap_or(spawned).trim();
                Some(derived(w, line))
            }),
            _ => None,
        };
        if let Some(line) = line.filter(|line| !line.text.trim().is_empty()) {
            found.push((format!("{name} {}", text.split('=').next().unwrap_or(text)), line));
        }
    }
    found
}

/// What MSBuild property functions in `value` do to files, as shell lines: `ReadAllText(F)` (and
/// the other readers) is `cat F`, `File]::Delete(F)` is `rm -f F`, `Directory]::Delete(D)` is `rm
/// -rf D`, `WriteAllText(F, …)` and `AppendAllText(F, …)` are `tee -a F`. The user profile's
/// folder and `$(HOME)` are `$HOME`.
fn msbuild_file_calls(value: &str) -> Vec<String> {
    if !value.contains("$([") {
        return Vec::new();
    }
    let value = value
        .replace("$([System.Environment]::GetFolderPath(SpecialFolder.UserProfile))", "$HOME")
        .replace("$([System.Environment]::GetEnvironmentVariable('HOME'))", "$HOME")
        .replace("$(HOME)", "$HOME")
        .replace("$(USERPROFILE)", "$HOME");
    const CALLS: &[(&str, &str)] = &[
        ("File]::ReadAllText(", "cat"),
        ("File]::ReadAllLines(", "cat"),
        ("File]::ReadAllBytes(", "cat"),
        ("File]::Delete(", "rm -f"),
        ("Directory]::Delete(", "rm -rf"),
        ("File]::WriteAllText(", "tee -a"),
        ("File]::AppendAllText(", "tee -a"),
        ("File]::Copy(", "cp"),
    ];
    let mut lines = Vec::new();
    for (call, program) in CALLS {
        for (at, _) in value.match_indices(call) {
            let rest = &value[at + call.len()..];
            let end = rest.find([')', ',']).unwrap_or(rest.len());
            let operand = rest[..end].trim().trim_matches(['\'', '"']);
            if !operand.is_empty() {
                lines.push(format!("{program} {}", shell_path(operand)));
            }
        }
    }
    lines
}

/// A path as a shell word, with a leading `~/` or `$HOME` left for the shell to expand.
fn shell_path(path: &str) -> String {
    match path.strip_prefix("~/").or_else(|| path.strip_prefix("$HOME/")) {
        Some(rest) => format!("\"$HOME\"/{}", super::quote(rest)),
        None => super::quote(path),
    }
}

/// The path literals of a Nix expression (`/root/x`, `~/x`, `${/root/x}` in a string).
fn nix_paths(expression: &str) -> Vec<String> {
    expression
        .split(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-' | '+' | '/' | '~')))
        .filter(|token| {
            token.len() > 2 && (token.starts_with('/') && !token.starts_with("//") || token.starts_with("~/"))
        })
        .map(str::to_string)
        .collect()
}

/// `make CC='CMD'`: a variable naming a program the recipes run; `.SHELLFLAGS` is given to
/// the shell before each recipe line.
fn make_program(argv: &[Word], word: &Word) -> Option<Word> {
    let (variable, value) = word.text.split_once('=')?;
    // `CC:=…`, `CC+=…`, `CC?=…` and `CC!=…` on the command line set it too.
    let variable = variable.trim_end_matches([':', '+', '?', '!']);
    if variable == ".SHELLFLAGS" {
        // `.SHELLFLAGS='-c rm\ -rf\ ~;'`: what follows `-c` is the line the shell runs, with
        // the recipe after it (make splits the flags at blanks its backslashes do not escape;
        // a line left unescaped is judged whole all the same).
        let flag = value.split_whitespace().find(|flag| flag.starts_with('-') && flag.ends_with('c'));
        let line =
            flag.and_then(|flag| value.split_once(flag)).map(|(_, rest)| rest.trim().replace("\\ ", " "));
        if let Some(line) = line.filter(|line| !line.is_empty() && !line.starts_with('-')) {
            return Some(derived(word, &line));
        }
        let shell = argv.iter().find_map(|w| w.text.strip_prefix("SHELL=")).unwrap_or("sh");
        return Some(derived(word, &format!("{shell} {value} :")));
    }
    // `SHELL='sh -c "CMD"'`: a shell given its own line runs it, whatever the recipe.
    if variable == "SHELL" {
        return value.split_whitespace().skip(1).any(|w| !w.starts_with('-')).then(|| derived(word, value));
    }
    MAKE_PROGRAMS.contains(&variable).then(|| derived(word, value))
}

/// make's variables that name a program its recipes run (its built-in rules' and the usual
/// ones of a C project's makefile): `make CC='CMD #'` runs CMD.
const MAKE_PROGRAMS: &[&str] = &[
    "CC",
    "CXX",
    "CPP",
    "LD",
    "AR",
    "AS",
    "FC",
    "RANLIB",
    "STRIP",
    "NM",
    "OBJCOPY",
    "OBJDUMP",
    "LEX",
    "YACC",
    "RM",
    "MAKEINFO",
    "TEX",
    "INSTALL",
    "CCLD",
    "CXXLD",
    "HOSTCC",
    "CROSS_COMPILE",
    // `$(MAKE)` runs the sub-makes of a recursive build.
    "MAKE",
];

/// The program `GOFLAGS` makes go run each tool or test binary through (`-toolexec=PROG`,
/// `-exec=PROG`), as the same flags on go's command line do (`command_options`); `go env -w GOFLAGS=…` keeps them for every later go command.
pub(super) fn go_flags_program(flags: &str) -> Option<String> {
    flags.split_whitespace().find_map(|flag| {
        let (option, value) = flag.trim_start_matches('-').split_once('=')?;
        matches!(option, "toolexec" | "exec").then(|| value.to_string())
    })
}

/// A TOML command value as a shell line: a string (`"sh -c x"`) or an array of words.
fn toml_command(value: &str) -> String {
    let value = value.trim();
    match value.strip_prefix('[').and_then(|v| v.strip_suffix(']')) {
        Some(words) => words
            .split(',')
            .map(|w| {
                let w = w.trim().trim_matches(['"', '\'']);
                format!("'{}'", w.replace('\'', "'\\''"))
            })
            .collect::<Vec<_>>()
            .join(" "),
        None => value.trim_matches(['"', '\'']).to_string(),
    }
}

/// What an Emacs Lisp form runs or deletes, as shell lines: the string of `shell-command`,
/// `async-shell-command` and `shell-command-to-string`, and `delete-directory`/`delete-file`
/// of a literal path as `rm`. A call of those with anything but a string literal, or of
/// `call-process`/`start-process`/`make-process`, is a command the guard cannot read: it is
/// given as `eval "$EMACS_FORM"`, which the analysis asks about. The environment it reads
/// (`process-environment`, `(getenv "NAME")`) is `env` and `printenv NAME`.
fn elisp_commands(form: &str) -> Option<String> {
    let mut lines = Vec::new();
    let literal = |rest: &str| -> Option<String> {
        let rest = rest.trim_start().strip_prefix('"')?;
        let end = rest.find('"')?;
        Some(rest[..end].replace("\\\"", "\""))
    };
    for (function, shell) in [
        ("(shell-command-to-string", true),
        ("(async-shell-command", true),
        ("(shell-command", true),
        ("(delete-directory", false),
        ("(delete-file", false),
        // Files read into a buffer, whose text the form then prints or sends.
        ("(insert-file-contents", false),
        ("(insert-file-contents-literally", false),
        ("(find-file", false),
        ("(find-file-noselect", false),
        ("(call-process", false),
        ("(start-process", false),
        ("(make-process", false),
        ("(process-lines", false),
    ] {
        let mut rest = form;
        while let Some(at) = rest.find(function) {
            let after = &rest[at + function.len()..];
            rest = after;
            // `(shell-command-to-string` also starts with `(shell-command`.
            if after.starts_with(|c: char| c == '-' || c.is_ascii_lowercase()) {
                continue;
            }
            let line = match (function, literal(after)) {
                (_, Some(text)) if shell => text,
                ("(delete-directory", Some(path)) => {
                    let recursive = after.trim_start()[path.len() + 2..].trim_start().starts_with('t');
                    format!("rm {}{}", if recursive { "-rf " } else { "-d " }, elisp_path(&path))
                }
                ("(delete-file", Some(path)) => format!("rm -f {}", elisp_path(&path)),
                (
                    "(insert-file-contents"
                    | "(insert-file-contents-literally"
                    | "(find-file"
                    | "(find-file-noselect",
                    Some(path),
                ) => {
                    format!("cat {}", elisp_path(&path))
                }
                (
                    "(insert-file-contents"
                    | "(insert-file-contents-literally"
                    | "(find-file"
                    | "(find-file-noselect",
                    None,
                ) => {
                    continue;
                }
                _ => "eval \"$EMACS_FORM\"".to_string(),
            };
            lines.push(line);
        }
    }
    // The environment, every variable or one by name, which the form prints or sends: as the
    // shell's `env` and `printenv NAME`, judged as those are.
    if form.contains("process-environment") {
        lines.push("env".to_string());
    }
    let mut rest = form;
    while let Some(at) = rest.find("(getenv") {
        rest = &rest[at + "(getenv".len()..];
        if let Some(name) = literal(rest).filter(|name| !name.is_empty() && !name.contains(['\'', ' '])) {
            lines.push(format!("printenv {name}"));
        }
    }
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// An Emacs file name as a shell word: quoted, with Emacs's leading `~` left for the shell to
/// expand as Emacs does.
fn elisp_path(path: &str) -> String {
    let quoted = |text: &str| format!("'{}'", text.replace('\'', "'\\''"));
    match path.strip_prefix('~') {
        Some("") => "~".to_string(),
        Some(rest) if rest.starts_with('/') => format!("~/{}", quoted(&rest[1..])),
        _ => quoted(path),
    }
}

/// The command line of git's `ext::` transport: words split at spaces, `% ` a space inside one
/// (`sh -c rm% -rf% ~` is `sh -c 'rm -rf ~'`), each word quoted again for the shell.
fn ext_command(spec: &str) -> String {
    let mut words: Vec<String> = Vec::new();
    let mut word = String::new();
    let mut chars = spec.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '%' if chars.peek() == Some(&' ') => {
                chars.next();
                word.push(' ');
            }
            ' ' => words.push(std::mem::take(&mut word)),
            c => word.push(c),
        }
    }
    words.push(word);
    words.retain(|w| !w.is_empty());
    // A shell given no command reads what the other end of the connection sends: code that
    // is not seen, as the text of an `eval` of a value the line does not fix.
    if let [program] = words.as_slice() {
        if SHELLS.contains(&program.rsplit('/').next().unwrap_or(program)) {
            return "eval \"$GIT_EXT_INPUT\"".to_string();
        }
    }
    let quoted: Vec<String> = words.iter().map(|w| format!("'{}'", w.replace('\'', "'\\''"))).collect();
    quoted.join(" ")
}

/// The scripts of a sed command and the words that hold them: the values of `-e`,
/// `--expression`, a cluster ending in `e` (`-ne SCRIPT`, `-nes/x/y/`), else its first operand.
fn sed_scripts(argv: &[Word]) -> Vec<(usize, &str)> {
    let mut given = Vec::new();
    let mut from_file = false;
    let mut operand = None;
    let mut at = 1;
    while at < argv.len() {
        let text = argv[at].text.as_str();
        if text == "--" {
            operand = operand.or(Some(at + 1));
            break;
        }
        if let Some(script) = text.strip_prefix("--expression=") {
            given.push((at, script));
        } else if text == "--expression" || text == "--file" {
            from_file |= text == "--file";
            if text == "--expression" {
                given.extend(argv.get(at + 1).map(|w| (at + 1, w.text.as_str())));
            }
            at += 1;
        } else if text.starts_with("--file=") {
            from_file = true;
        } else if text.len() > 1 && text.starts_with('-') && !text.starts_with("--") {
            // `-i` takes what follows it in the cluster as its suffix (`-ie` is suffix `e`).
            let cluster = &text[1..];
            if let Some(found) = cluster.find(['e', 'f', 'i', 'l']) {
                let rest = &cluster[found + 1..];
                match cluster.as_bytes()[found] {
                    b'e' if rest.is_empty() => {
                        given.extend(argv.get(at + 1).map(|w| (at + 1, w.text.as_str())));
                        at += 1;
                    }
                    b'e' => given.push((at, rest)),
                    b'f' => {
                        from_file = true;
                        at += usize::from(rest.is_empty());
                    }
                    b'l' => at += usize::from(rest.is_empty()),
                    _ => {}
                }
            }
        } else if operand.is_none() {
            operand = Some(at);
        }
        at += 1;
    }
    if let Some(at) = operand.filter(|_| given.is_empty() && !from_file) {
        given.extend(argv.get(at).map(|w| (at, w.text.as_str())));
    }
    given
}

/// Whether a sed script runs its input lines as shell commands: GNU sed's `e` without a
/// command (`sed e`, `sed '/^#/!e'`) runs the pattern space.
pub(super) fn sed_runs_input(argv: &[Word]) -> bool {
    sed_scripts(argv).iter().any(|(_, script)| sed_commands(script).contains(&SedCommand::Exec("")))
}

/// Whether sed reads files named on its line rather than standard input.
pub(super) fn sed_reads_files(argv: &[Word]) -> bool {
    let scripted = argv.iter().any(|w| matches!(w.text.as_str(), "-e" | "--expression" | "-f"))
        || argv.iter().any(|w| w.text.starts_with("--expression="));
    let operands = argv.iter().skip(1).filter(|w| !w.text.starts_with('-')).count();
    // Without `-e`, the first operand is the script; values of `-e` are counted as operands.
    let values =
        argv.windows(2).filter(|p| matches!(p[0].text.as_str(), "-e" | "--expression" | "-f")).count();
    operands > if scripted { values } else { 1 }
}

/// The sed commands that run a shell: `e [COMMAND]`, and `s/REGEX/REPLACEMENT/FLAGS` with
/// the `e` flag.
#[derive(Debug, PartialEq)]
enum SedCommand<'s> {
    Exec(&'s str),
    Substitute { regex: String, replacement: String },
}

/// The commands of a sed script that run a shell, read as GNU sed reads them: addresses
/// (`1`, `$`, `/re/`, `\%re%`, ranges, `!`), blocks, and `;` or newlines between commands.
fn sed_commands(script: &str) -> Vec<SedCommand<'_>> {
    let mut found = Vec::new();
    let bytes = script.as_bytes();
    let mut at = 0;
    // The text up to an unescaped `delimiter`, with `\delimiter` unescaped; `at` moves past it.
    let part = |at: &mut usize, delimiter: char| -> String {
        let mut text = String::new();
        let mut chars = script[*at..].char_indices();
        while let Some((i, c)) = chars.next() {
            if c == delimiter {
                *at += i + c.len_utf8();
                return text;
            }
            if c == '\\' {
                match chars.next() {
                    Some((_, n)) if n == delimiter => text.push(n),
                    Some((_, 'n')) => text.push('\n'),
                    Some((_, n)) => {
                        text.push('\\');
                        text.push(n);
                    }
                    None => text.push('\\'),
                }
                continue;
            }
            text.push(c);
        }
        *at = script.len();
        text
    };
    let line_end = |at: usize| script[at..].find('\n').map_or(script.len(), |end| at + end);
    while at < bytes.len() {
        match bytes[at] {
            b' ' | b'\t' | b'\n' | b';' | b'{' | b'}' | b'!' | b',' | b'$' | b'~' | b'+' | b'0'..=b'9' => {
                at += 1
            }
            b'/' => {
                at += 1;
                part(&mut at, '/');
                at += script[at..].find(|c: char| !matches!(c, 'I' | 'M')).unwrap_or(script.len() - at);
            }
            b'\\' => {
                let Some(delimiter) = script[at + 1..].chars().next() else { break };
                at += 1 + delimiter.len_utf8();
                part(&mut at, delimiter);
            }
            b'#' | b'a' | b'i' | b'c' | b'r' | b'R' | b'w' | b'W' | b':' | b'b' | b't' | b'T' => {
                let end = line_end(at);
                // Labels and branches end at `;` as well.
                let end = match bytes[at] {
                    b':' | b'b' | b't' | b'T' => script[at..end].find([';', '}']).map_or(end, |e| at + e),
                    _ => end,
                };
                at = end;
            }
            b'e' => {
                let end = line_end(at);
                found.push(SedCommand::Exec(script[at + 1..end].trim()));
                at = end;
            }
            b's' | b'y' => {
                let command = bytes[at];
                let Some(delimiter) = script[at + 1..].chars().next() else { break };
                at += 1 + delimiter.len_utf8();
                let regex = part(&mut at, delimiter);
                let replacement = part(&mut at, delimiter);
                let flags_end = script[at..].find([';', '\n', '}']).map_or(script.len(), |e| at + e);
                let flags = &script[at..flags_end];
                // `w FILE` takes the rest of the line as its file name.
                let flags = flags.split_once('w').map_or(flags, |(before, _)| before);
                if command == b's' && flags.contains('e') {
                    found.push(SedCommand::Substitute { regex, replacement });
                }
                at = if script[at..flags_end].contains('w') { line_end(at) } else { flags_end };
            }
            _ => at += script[at..].chars().next().map_or(1, char::len_utf8),
        }
    }
    found
}

/// The shell lines a sed script runs: `e COMMAND` (`sed '1e rm -rf ~' f`), and the pattern
/// space after an `s///e`: its replacement when it replaces the whole line with known text,
/// else the replacement followed by the input's text, which is not known here.
fn sed_exec(script: &str) -> Option<String> {
    let lines: Vec<String> = sed_commands(script)
        .into_iter()
        .filter_map(|command| match command {
            SedCommand::Exec("") => None,
            SedCommand::Exec(line) => Some(line.to_string()),
            SedCommand::Substitute { regex, replacement } => {
                let whole = matches!(regex.as_str(), ".*" | "^.*" | ".*$" | "^.*$");
                let known = !replacement.contains(['&', '\\']);
                Some(if whole && known {
                    replacement
                } else {
                    format!("{replacement}\neval \"$SED_PATTERN_SPACE\"")
                })
            }
        })
        .collect();
    (!lines.is_empty()).then(|| lines.join("\n"))
}

pub(super) const SHELLS: [&str; 12] =
    ["sh", "bash", "zsh", "dash", "ksh", "ash", "fish", "mksh", "yash", "rbash", "csh", "tcsh"];

/// A command's program name: the base name, and lowercased without `.exe` outside POSIX
/// (Windows names are case-insensitive). `None` when the name is only known at run time.
pub(super) fn program_name(word: &Word, dialect: Dialect) -> Option<Cow<'_, str>> {
    if word.dynamic {
        return None;
    }
    let base = crate::shell::program_base(&word.text);
    let exe =
        base.len() > 4 && base.get(base.len() - 4..).is_some_and(|end| end.eq_ignore_ascii_case(".exe"));
    let stem = if exe { &base[..base.len() - 4] } else { base };
    // `pwsh-preview`, `pwsh-lts`: the channels of one PowerShell, named as it is.
    if stem.get(..5).is_some_and(|start| start.eq_ignore_ascii_case("pwsh-")) {
        return Some(Cow::Borrowed("pwsh"));
    }
    // `bash.exe -c CMD` (Git Bash, WSL's launcher) is bash.
    let windows_shell = ["cmd", "powershell", "pwsh"].iter().any(|shell| stem.eq_ignore_ascii_case(shell))
        || exe && SHELLS.iter().any(|shell| stem.eq_ignore_ascii_case(shell));
    if dialect != Dialect::Posix || windows_shell {
        Some(Cow::Owned(stem.to_ascii_lowercase()))
    } else {
        Some(Cow::Borrowed(base))
    }
}

/// Peel one wrapper off `argv`.
pub(super) fn peel(argv: &[Word], dialect: Dialect) -> Peel {
    let Some(name) = argv.first().and_then(|w| program_name(w, dialect)) else { return Peel::Runs };
    // A runner of code it fetches (`npx github:o/r`) is judged itself: what it runs is not here.
    if super::launchers::fetched_code(argv).is_some() {
        // `nix shell github:o/r -c CMD`: the fetched environment, and CMD run in it.
        return match super::launchers::command_start(&name, argv, options_end) {
            Some(at) if name == "nix" => {
                Peel::Find { execs: vec![(format!("{name} -c"), argv[at..].to_vec())] }
            }
            _ => Peel::Runs,
        };
    }
    let mut lines = command_options(&name, argv);
    lines.extend(super::launchers::shell_lines(&name, argv).into_iter().map(|line| (name.to_string(), line)));
    if !lines.is_empty() {
        // The shell is fixed even when its line is not: `sh -c "$(cat f)"`, not a run-time name.
        let shell = |line: Word| vec![Word::literal("sh"), Word::literal("-c"), line];
        return Peel::Find { execs: lines.into_iter().map(|(via, line)| (via, shell(line))).collect() };
    }
    // `nix develop /tmp/f`, `nix shell ~/dev/f -c CMD`: the local Nix code's command is judged
    // too (by where the code is), with what it runs: CMD, or the shell it starts.
    if super::launchers::local_nix(argv) {
        let inner = match super::launchers::command_start(&name, argv, options_end) {
            Some(at) => argv[at..].to_vec(),
            None if super::launchers::starts_shell(argv) => vec![derived(&argv[0], "sh")],
            None => return Peel::Runs,
        };
        return Peel::Find { execs: vec![(name.to_string(), inner)] };
    }
    if matches!(name.as_ref(), "node" | "nodejs" | "perl" | "ruby" | "scons") {
        let loaded = super::launchers::preloaded_code(&name, argv);
        if !loaded.is_empty() {
            return Peel::Find {
                execs: loaded.into_iter().map(|exec| (format!("{name} preload"), exec)).collect(),
            };
        }
    }
    let pytest = match name.as_ref() {
        "pytest" | "py.test" | "tox" | "nox" => true,
        "python" | "python3" => argv.windows(2).any(|pair| pair[0].text == "-m" && pair[1].text == "pytest"),
        _ => false,
    };
    if pytest {
        if let Some(dir) = pytest_basetemp(argv) {
            let rm = vec![Word::literal("rm"), Word::literal("-rf"), Word::literal("--"), dir];
            return Peel::Find { execs: vec![("pytest --basetemp".into(), rm)] };
        }
    }
    match name.as_ref() {
        "sudo" => {
            let scan = scan_options(
                argv,
                1,
                "ugCDhpUrtTR",
                &[
                    "--user",
                    "--group",
                    "--close-from",
                    "--chdir",
                    "--host",
                    "--prompt",
                    "--other-user",
                    "--role",
                    "--type",
                    "--command-timeout",
                    "--chroot",
                ],
            );
            let at = skip_assignments(argv, scan.operand);
            // `sudo -s`, `sudo -i`: the user's shell, given the command or reading stdin.
            let shell = scan.flags.iter().any(|flag| matches!(flag, 's' | 'i'))
                || argv[1..at].iter().any(|w| matches!(w.text.as_str(), "--shell" | "--login"));
            // `sudo -e F` is `sudoedit F`: its operands are the files it edits, not a command.
            let edits = scan.flags.contains(&'e') || argv[1..at].iter().any(|w| w.text == "--edit");
            match option_value(&scan, "D", "--chdir") {
                _ if edits => {
                    let files = argv.get(at..).unwrap_or_default().iter().cloned();
                    let inner = std::iter::once(derived(&argv[0], "sudoedit")).chain(files).collect();
                    Peel::Wraps { via: "sudo -e".into(), inner }
                }
                _ if shell && at >= argv.len() => bare_shell("sudo -s", argv),
                Some(dir) => in_directory("sudo", &dir, argv, at),
                None => wraps("sudo", argv, at),
            }
        }
        "doas" => {
            let scan = scan_options(argv, 1, "uCa", &[]);
            match scan.flags.contains(&'s') {
                true => bare_shell("doas -s", argv),
                false => wraps("doas", argv, scan.operand),
            }
        }
        // `capsh [OPTIONS] -- ARGS` runs `bash ARGS`.
        "capsh" => match argv.iter().position(|w| w.text == "--") {
            Some(dash) => {
                let mut inner = vec![derived(&argv[dash], "bash")];
                inner.extend(argv[dash + 1..].iter().cloned());
                Peel::Wraps { via: "capsh --".into(), inner }
            }
            None => Peel::Runs,
        },
        "env" => env(argv),
        "command" => {
            let scan = scan_options(argv, 1, "", &[]);
            if scan.flags.contains(&'v') || scan.flags.contains(&'V') {
                Peel::Runs
            } else {
                wraps("command", argv, scan.operand)
            }
        }
        "exec" => wraps("exec", argv, scan_options(argv, 1, "a", &[]).operand),
        "builtin" => wraps("builtin", argv, 1),
        "time" => wraps("time", argv, scan_options(argv, 1, "of", &["--output", "--format"]).operand),
        "nice" => wraps("nice", argv, scan_options(argv, 1, "n", &["--adjustment"]).operand),
        "nohup" | "unbuffer" | "setsid" | "chronic" | "valgrind" | "firejail" | "pkexec" => {
            wraps(&name, argv, scan_options(argv, 1, "", &["--user"]).operand)
        }
        "strace" | "ltrace" => {
            let scan = scan_options(argv, 1, "abeEIoOpPsSuUXAFlLnwx", &["--output", "--user"]);
            if scan.values.iter().any(|(key, _)| key == "p") {
                Peel::Runs
            } else {
                wraps(tracer_via(&name, &argv[..scan.operand]), argv, scan.operand)
            }
        }
        "run0" => {
            wraps("run0", argv, scan_options(argv, 1, "ugD", &["--user", "--group", "--chdir"]).operand)
        }
        "systemd-run" => {
            let at = scan_options(
                argv,
                1,
                "upEHMjd",
                &[
                    "--unit",
                    "--property",
                    "--setenv",
                    "--host",
                    "--machine",
                    "--description",
                    "--slice",
                    "--on-active",
                    "--on-boot",
                    "--on-startup",
                    "--on-unit-active",
                    "--on-unit-inactive",
                    "--on-calendar",
                    "--timer-property",
                    "--path-property",
                    "--socket-property",
                    "--working-directory",
                    "--uid",
                    "--gid",
                    "--nice",
                    "--service-type",
                ],
            )
            .operand;
            // A timer or a service is itself a change that outlives the line (the guard's file
            // rules see it), beside the command it runs later.
            if starts_unit(&argv[1..at]) {
                persists("systemd-run", argv, at)
            } else {
                wraps("systemd-run", argv, at)
            }
        }
        // `launchctl submit -l LABEL -- COMMAND`: a job launchd keeps running.
        "launchctl" if argv.get(1).is_some_and(|w| w.text == "submit") => {
            match argv.iter().position(|w| w.text == "--") {
                Some(dash) => persists("launchctl submit", argv, dash + 1),
                None => Peel::Runs,
            }
        }
        "runuser" if argv.iter().any(|w| w.text == "-u" || w.text.starts_with("--user")) => wraps(
            "runuser",
            argv,
            scan_options(argv, 1, "ugGsw", &["--user", "--group", "--supp-group", "--shell"]).operand,
        ),
        "runuser" => su(argv),
        "npx" | "bunx" | "pnpx" if !runs_call(argv, 1) => package_runner(&name, argv, 1),
        "pnpm" | "yarn" if argv.get(1).is_some_and(|w| w.text == "dlx") => package_runner(&name, argv, 2),
        "git" => git(argv),
        // `podman unshare CMD`: the user's command in the rootless containers' namespace.
        "podman" if argv.get(1).is_some_and(|w| w.text == "unshare") => launched(&name, argv),
        "docker" | "podman" | "nerdctl" | "docker-compose" | "podman-compose" => container(&name, argv),
        // `ruby -S PROG ARGS`: PROG found on `PATH` (a `rake`, a `gem` binary) runs with ARGS.
        "ruby" if argv.get(1).is_some_and(|w| w.text == "-S") => wraps("ruby -S", argv, 2),
        "kubectl" | "oc" => match argv.get(kubectl_subcommand(argv)).map(|w| w.text.as_str()) {
            // `kubectl run NAME --image=X -- CMD`: the pod runs CMD in the cluster;
            // `kubectl --context prod exec db-0 -- psql …` after the global options too.
            Some(sub @ ("exec" | "run")) => match argv.iter().position(|w| w.text == "--") {
                Some(dash) => {
                    wraps(&targeted(format!("{name} {sub}"), &argv[..dash], KUBECTL_TARGETS), argv, dash + 1)
                }
                None => Peel::Runs,
            },
            // `kubectl debug node/N -- chroot /host CMD`: a node's debugging pod has the
            // node's root at `/host`.
            Some("debug") => match argv.iter().position(|w| w.text == "--") {
                Some(dash) if dash + 1 < argv.len() => {
                    let node = argv.iter().any(|w| w.text.starts_with("node/"));
                    let host = [("/host".to_string(), Word::literal(""))];
                    let mounts: &[(String, Word)] = if node { &host } else { &[] };
                    let inner = argv[dash + 1..].iter().map(|w| mapped(w, mounts)).collect();
                    Peel::Wraps { via: format!("{name} debug"), inner }
                }
                _ => Peel::Runs,
            },
            _ => Peel::Runs,
        },
        // `brew sh -c CMD` and `brew ruby -e CODE`: a shell and Ruby with Homebrew's environment.
        "brew" => match argv.get(1).map(|w| w.text.as_str()) {
            Some("sh") => match argv.iter().find_map(|w| Some((w, w.text.strip_prefix("--cmd=")?))) {
                Some((word, line)) => Peel::Script {
                    via: "brew sh".into(),
                    script: derived(word, line),
                    dialect: Dialect::Posix,
                },
                None => wraps("brew", argv, 1),
            },
            Some("ruby") => wraps("brew", argv, 1),
            _ => Peel::Runs,
        },
        "flatpak" if argv.get(1).is_some_and(|w| w.text == "run") => flatpak_run(argv),
        "snap" if argv.get(1).is_some_and(|w| w.text == "run") => snap_run(argv),
        "nix" | "nix-instantiate" if argv.iter().any(|w| w.text.contains("builtins.exec")) => nix_exec(argv),
        // `zowe uss issue ssh 'CMD'`: a shell line run in z/OS UNIX over SSH.
        "zowe"
            if matches!(argv.get(1).map(|w| w.text.as_str()), Some("uss" | "zos-uss"))
                && argv.get(2).is_some_and(|w| w.text == "issue")
                && argv.get(3).is_some_and(|w| matches!(w.text.as_str(), "ssh" | "s")) =>
        {
            match argv.get(4) {
                Some(line) => Peel::Script {
                    via: "zowe uss issue ssh".into(),
                    script: line.clone(),
                    dialect: Dialect::Posix,
                },
                None => Peel::Runs,
            }
        }
        // `vcpkg x-script CMD`: vcpkg runs CMD as its download script.
        "vcpkg" if argv.get(1).is_some_and(|w| w.text == "x-script") => match argv.get(2) {
            Some(line) => {
                Peel::Script { via: "vcpkg x-script".into(), script: line.clone(), dialect: Dialect::Posix }
            }
            None => Peel::Runs,
        },
        "tmux" => tmux(argv),
        "screen" => screen(argv),
        // byobu passes its arguments to tmux, or to screen when that is its backend.
        "byobu" | "byobu-tmux" | "byobu-screen" => match tmux(argv) {
            Peel::Runs => screen(argv),
            peeled => peeled,
        },
        "fd" | "fdfind" => fd(argv),
        // `entr -s 'CMD'`: the first operand is a shell line.
        "entr" => {
            let scan = scan_options(argv, 1, "", &[]);
            match argv.get(scan.operand) {
                Some(line) if scan.flags.contains(&'s') => {
                    Peel::Script { via: "entr -s".into(), script: line.clone(), dialect: Dialect::Posix }
                }
                _ => wraps("entr", argv, scan.operand),
            }
        }
        "start-stop-daemon" => start_stop_daemon(argv),
        "watchexec" => {
            let scan = scan_options(
                argv,
                1,
                "ewWifdsEj",
                &["--exts", "--watch", "--ignore", "--filter", "--delay-run", "--signal", "--shell"],
            );
            match &argv[scan.operand..] {
                [line] => {
                    Peel::Script { via: "watchexec".into(), script: line.clone(), dialect: Dialect::Posix }
                }
                _ => wraps("watchexec", argv, scan.operand),
            }
        }
        "timeout" | "gtimeout" => {
            let duration = scan_options(argv, 1, "sk", &["--signal", "--kill-after"]).operand;
            wraps(&name, argv, duration + 1)
        }
        // `sops exec-env FILE 'CMD'`, `sops exec-file FILE 'CMD'`: the last operand is a shell
        // line run with the file's secrets.
        "sops"
            if argv.len() > 3
                && argv.get(1).is_some_and(|w| matches!(w.text.as_str(), "exec-env" | "exec-file")) =>
        {
            Peel::Script {
                via: format!("sops {}", argv[1].text),
                script: argv[argv.len() - 1].clone(),
                dialect: Dialect::Posix,
            }
        }
        // `cross-env A=1 CMD` sets variables and runs the command; `cross-env-shell` runs a line.
        "cross-env" => wraps("cross-env", argv, skip_assignments(argv, 1)),
        "cross-env-shell" => script("cross-env-shell", &argv[skip_assignments(argv, 1)..], Dialect::Posix),
        "stdbuf" => {
            wraps("stdbuf", argv, scan_options(argv, 1, "ioe", &["--input", "--output", "--error"]).operand)
        }
        "watch" => watch(argv),
        "busybox" | "toybox" => match argv.get(1) {
            Some(applet) if !applet.text.starts_with('-') => wraps(&name, argv, 1),
            _ => Peel::Runs,
        },
        // `perf record|stat|trace [OPTIONS] COMMAND`: the profiler runs the command.
        "perf" => match argv.get(1).map(|w| w.text.as_str()) {
            Some("record" | "stat" | "trace" | "mem" | "c2c" | "sched" | "kmem" | "lock" | "ftrace") => {
                let scan = scan_options(
                    argv,
                    2,
                    "eocpCFGtuDmjIrN",
                    &[
                        "--event",
                        "--output",
                        "--cpu",
                        "--pid",
                        "--tid",
                        "--freq",
                        "--cgroup",
                        "--uid",
                        "--call-graph",
                        "--repeat",
                        "--mmap-pages",
                    ],
                );
                if scan.values.iter().any(|(key, _)| matches!(key.as_str(), "p" | "t" | "--pid" | "--tid")) {
                    Peel::Runs
                } else {
                    wraps("perf", argv, scan.operand)
                }
            }
            _ => Peel::Runs,
        },
        // cmake's own commands: `cmake -E rm ARGS` is rm, `remove` and `remove_directory`
        // delete their operands, `copy` writes its last, `env [NAME=VALUE]... CMD` is env.
        "cmake" if argv.get(1).is_some_and(|w| w.text == "-E") => cmake_command(argv),
        "xargs" => xargs(argv),
        "find" => find(argv),
        "eval" => script("eval", &argv[1..], Dialect::Posix),
        "ssh" => ssh(argv),
        "autossh" => autossh(argv),
        "mosh" | "tsh" | "boundary" | "nomad" | "knife" | "bolt" | "et" => host_shell(&name, argv),
        "vagrant" | "adb" | "gcloud" | "gh" | "coder" | "fly" | "flyctl" | "az" | "aws" | "kamal" | "fab"
        | "eb" | "cf" | "scw" | "oci" | "doctl" => machine_shell(&name, argv),
        // `devcontainer exec --workspace-folder . CMD`: the container sees the project at its
        // workspace folder and starts there, so CMD is judged as run here.
        "devcontainer" if argv.get(1).is_some_and(|w| w.text == "exec") => {
            wraps("devcontainer exec", argv, scan_options(argv, 2, "", DEVCONTAINER_VALUES).operand)
        }
        // `guix shell PKGS -- CMD`, `guix environment --ad-hoc PKGS -- CMD`.
        "guix" if argv.get(1).is_some_and(|w| matches!(w.text.as_str(), "shell" | "environment")) => {
            match argv.iter().position(|w| w.text == "--") {
                Some(dash) => wraps("guix shell", argv, dash + 1),
                None => Peel::Runs,
            }
        }
        "pdsh" | "pssh" | "parallel-ssh" | "clush" => remote_shells(&name, argv),
        "puppet" if argv.get(1).is_some_and(|w| w.text == "apply") => puppet_exec(argv),
        "gdb" | "cgdb" | "lldb" => debugger(&name, argv),
        "rg" => ripgrep_preprocessor(argv),
        // Into the namespaces of process 1, or the root directory itself: the host, which the
        // `containers` pack asks about, so the wrapper says so.
        "nsenter" => {
            let host = argv
                .windows(2)
                .any(|pair| matches!(pair[0].text.as_str(), "-t" | "--target") && pair[1].text == "1")
                || argv.iter().any(|w| matches!(w.text.as_str(), "-t1" | "--target=1" | "-a" | "--all"));
            let via = if host { "nsenter -t 1" } else { "nsenter" };
            wraps(via, argv, scan_options(argv, 1, "tSG", &["--target", "--setuid", "--setgid"]).operand)
        }
        "chroot" => {
            let root = scan_options(argv, 1, "", &["--userspec", "--groups"]).operand;
            let host = argv.get(root).is_some_and(|dir| dir.text == "/" || dir.text == "/proc/1/root");
            wraps(if host { "chroot /" } else { "chroot" }, argv, root + 1)
        }
        "ionice" => {
            let scan =
                scan_options(argv, 1, "cnpPu", &["--class", "--classdata", "--pid", "--pgid", "--uid"]);
            if scan
                .values
                .iter()
                .any(|(key, _)| matches!(key.as_str(), "p" | "P" | "u" | "--pid" | "--pgid" | "--uid"))
            {
                Peel::Runs
            } else {
                wraps("ionice", argv, scan.operand)
            }
        }
        "chrt" => {
            let scan =
                scan_options(argv, 1, "TPD", &["--sched-runtime", "--sched-period", "--sched-deadline"]);
            if scan.flags.contains(&'p') || scan.flags.contains(&'m') {
                Peel::Runs
            } else {
                wraps("chrt", argv, scan.operand + 1)
            }
        }
        "flock" => flock(argv),
        "taskset" => {
            // `taskset [-a] [-c] MASK-OR-LIST COMMAND`; with `-p` it changes a running process.
            let scan = scan_options(argv, 1, "", &[]);
            let on_pid = scan.flags.contains(&'p') || argv[1..scan.operand].iter().any(|w| w.text == "--pid");
            if on_pid { Peel::Runs } else { wraps("taskset", argv, scan.operand + 1) }
        }
        "unshare" => wraps(
            "unshare",
            argv,
            scan_options(
                argv,
                1,
                "SGRw",
                &[
                    "--setuid",
                    "--setgid",
                    "--root",
                    "--wd",
                    "--propagation",
                    "--setgroups",
                    "--map-user",
                    "--map-group",
                    "--map-users",
                    "--map-groups",
                    "--monotonic",
                    "--boottime",
                ],
            )
            .operand,
        ),
        "parallel" => parallel(argv),
        "rush" | "gargs" | "xe" | "xjobs" | "pexec" | "sem" | "pueue" => template_runner(&name, argv),
        // `meson devenv -C build CMD…`: CMD runs in the build's environment, in the build
        // directory (or the `--workdir` given).
        "meson" if argv.get(1).is_some_and(|w| w.text == "devenv") => {
            let scan = scan_options(argv, 2, "Cw", &["--workdir", "--dump", "--dump-format"]);
            match option_value(&scan, "w", "--workdir").or_else(|| option_value(&scan, "C", "-C")) {
                Some(dir) => in_directory("meson devenv", &dir, argv, scan.operand),
                None => wraps("meson devenv", argv, scan.operand),
            }
        }
        "corepack" | "uvx" | "uv" | "pipx" | "rake" | "mix" | "tox" | "nox" | "mvn" | "mvnw" => {
            tool_runner(&name, argv).unwrap_or_else(|| launched(&name, argv))
        }
        "rails" | "php" | "python" | "python3" | "django-admin" | "flask" => framework_console(&name, argv)
            .or_else(|| module_program(&name, argv))
            .unwrap_or_else(|| launched(&name, argv)),
        // `jupyter console` is IPython on a kernel: code piped to it runs as `ipython`'s does.
        // `jupyter run F…` runs each file on a kernel, as python runs it; a notebook from an
        // address is the remote-script pack's, which judges the `jupyter` command itself.
        "jupyter" => match argv.get(1).map(|w| w.text.as_str()) {
            Some("console") => {
                Peel::Wraps { via: "jupyter console".into(), inner: vec![derived(&argv[0], "ipython")] }
            }
            Some("run") => {
                let files = argv[2..].iter().filter(|w| !w.text.starts_with('-'));
                let execs: Vec<(String, Vec<Word>)> = files
                    .filter(|w| !w.text.contains("://"))
                    .map(|file| ("jupyter run".to_string(), vec![derived(&argv[0], "python3"), file.clone()]))
                    .collect();
                if execs.is_empty() { Peel::Runs } else { Peel::Find { execs } }
            }
            _ => Peel::Runs,
        },
        // `pip-run PKG… -- ARGS`: python run with ARGS, the packages installed for the run;
        // without `--`, python reads its code from the standard input.
        "pip-run" => {
            let inner = match argv.iter().position(|w| w.text == "--") {
                Some(at) => std::iter::once(derived(&argv[0], "python3"))
                    .chain(argv[at + 1..].iter().cloned())
                    .collect(),
                None => vec![derived(&argv[0], "python3")],
            };
            Peel::Wraps { via: "pip-run".into(), inner }
        }
        "blender" | "stack" | "sbt" | "wp" => {
            embedded_code(&name, argv).unwrap_or_else(|| launched(&name, argv))
        }
        "alias" if dialect == Dialect::Posix => alias(argv),
        "script" => {
            let scan = scan_options(argv, 1, "cOIBTEm", &["--command", "--log-out", "--log-in", "--log-io"]);
            // GNU getopt permutes: `script -q /dev/null -c CMD` has its `-c` after the file.
            let late = || {
                let at = argv.iter().position(|w| w.text == "-c" || w.text == "--command")?;
                argv.get(at + 1).cloned()
            };
            match option_value(&scan, "c", "--command").or_else(late) {
                Some(command) => {
                    Peel::Script { via: "script -c".into(), script: command, dialect: Dialect::Posix }
                }
                None => bare_shell("script", argv),
            }
        }
        // `trap 'CMD' EXIT`: the shell runs CMD when it exits or gets the signal.
        "trap" => match argv.get(1) {
            Some(handler)
                if argv.len() > 2 && !handler.text.starts_with('-') && !handler.text.trim().is_empty() =>
            {
                Peel::Script { via: "trap".into(), script: handler.clone(), dialect: Dialect::Posix }
            }
            _ => Peel::Runs,
        },
        "coproc" => wraps("coproc", argv, 1),
        // `sg GROUP -c CMD`, `sg GROUP CMD...`.
        "sg" => match argv.iter().position(|w| w.text == "-c") {
            Some(at) => match argv.get(at + 1) {
                Some(line) => {
                    Peel::Script { via: "sg -c".into(), script: line.clone(), dialect: Dialect::Posix }
                }
                None => Peel::Runs,
            },
            None => wraps("sg", argv, 2),
        },
        "sshpass" => wraps("sshpass", argv, scan_options(argv, 1, "pfdP", &[]).operand),
        "cpulimit" => wraps(
            "cpulimit",
            argv,
            scan_options(argv, 1, "lpPe", &["--limit", "--pid", "--exe", "--path", "--cpu"]).operand,
        ),
        "caffeinate" => wraps("caffeinate", argv, scan_options(argv, 1, "tw", &[]).operand),
        // `faketime 'yesterday' CMD`: the time spec, then the command.
        "faketime" => wraps("faketime", argv, scan_options(argv, 1, "", &[]).operand + 1),
        // `npm exec -c CMD`, `npx -c CMD`: a shell command line; `npm exec PKG`, `yarn exec
        // BIN`, `pnpm exec BIN`, `bun x PKG`: a package's or the project's program.
        "npm" | "npx" | "yarn" | "pnpm" | "bun"
            if (name == "npx" && runs_call(argv, 1))
                || argv.get(1).is_some_and(|w| w.text == "exec" || w.text == "x") && runs_call(argv, 2) =>
        {
            let at = argv.iter().position(|w| w.text == "-c" || w.text == "--call");
            let line = match at {
                Some(at) => argv.get(at + 1).cloned(),
                None => argv.iter().find_map(|w| w.text.strip_prefix("--call=").map(|v| derived(w, v))),
            };
            match line {
                Some(line) => {
                    Peel::Script { via: format!("{name} -c"), script: line, dialect: Dialect::Posix }
                }
                None => Peel::Runs,
            }
        }
        "npm" if argv.get(1).is_some_and(|w| w.text == "exec" || w.text == "x") => {
            package_runner("npm exec", argv, 2)
        }
        // `del /q dist\*.js` is cmd's `del` (its `/q` a switch, not a path), judged as one.
        "del" if argv[1..].iter().any(|w| cmd_switch(&w.text)) => Peel::Runs,
        name if dialect == Dialect::Posix && DELETERS.contains(&name) => deleter(name, argv),
        "gio" | "gvfs-trash" | "gvfs-rm" | "gvfs-move" | "gvfs-copy" | "kioclient" | "kioclient5"
        | "kioclient6" | "kfmclient"
            if dialect == Dialect::Posix =>
        {
            desktop_file_tool(&name, argv)
        }
        "bun" if argv.get(1).is_some_and(|w| w.text == "x") => package_runner("bun x", argv, 2),
        "yarn" | "pnpm" if argv.get(1).is_some_and(|w| w.text == "exec") => {
            let at = scan_options(argv, 2, "", &[]).operand;
            match &argv[at..] {
                // Yarn runs its `exec` words through its own shell: one word with a blank in it
                // is a command line (`yarn exec 'rm -rf ~'`).
                [line]
                    if name == "yarn"
                        && line.text.contains(|c: char| c.is_whitespace() || ";&|<>()`$".contains(c)) =>
                {
                    Peel::Script { via: "yarn exec".into(), script: line.clone(), dialect: Dialect::Posix }
                }
                _ => wraps(&format!("{name} exec"), argv, at),
            }
        }
        // Monorepo runners of one command in each package: `pnpm -r --filter x exec CMD`,
        // `yarn workspaces foreach -A exec CMD`, `yarn workspace NAME exec CMD`.
        "pnpm" | "yarn" if workspace_exec(&name, argv).is_some() => {
            wraps(&format!("{name} exec"), argv, workspace_exec(&name, argv).unwrap_or_default())
        }
        // `pnpm nx exec -- CMD`, `yarn rimraf ~`: a name that is not the manager's own command
        // is a package script (read from `package.json`) or else the project's program: both
        // are judged.
        "pnpm" | "yarn"
            if argv.get(1).is_some_and(|w| {
                !w.dynamic && !w.text.starts_with('-') && !MANAGER_COMMANDS.contains(&w.text.as_str())
            }) =>
        {
            Peel::Find { execs: vec![(name.to_string(), argv[1..].to_vec())] }
        }
        "claude" | "codex" | "gemini" | "qwen" | "amp"
            if argv.get(1).is_some_and(|w| w.text == "mcp")
                && argv.get(2).is_some_and(|w| matches!(w.text.as_str(), "add" | "add-json")) =>
        {
            mcp_add(&name, argv)
        }
        "su" => su(argv),
        "systemd-nspawn" => nspawn(argv),
        "cmd" => cmd(argv),
        "powershell" | "pwsh" => powershell(&name, argv),
        "invoke-expression" | "iex" if dialect == Dialect::PowerShell => {
            if let Some(file) = argv.get(1).and_then(|code| file_read_as_code(&code.raw)) {
                return Peel::Wraps {
                    via: "Invoke-Expression".into(),
                    inner: vec![Word::literal("pwsh"), Word::literal("-File"), derived(&argv[1], &file)],
                };
            }
            let args: Vec<Word> =
                argv[1..].iter().filter(|w| !w.text.eq_ignore_ascii_case("-command")).cloned().collect();
            if args.is_empty() {
                // Bare, it runs its pipeline input or, with none, the text it prompts for
                // (`powershell -ec` of `IEX`, fed on standard input): code known at run time.
                let input =
                    Word { text: "$input".into(), raw: "$input".into(), dynamic: true, ..Word::default() };
                return Peel::Script {
                    via: "Invoke-Expression".into(),
                    script: input,
                    dialect: Dialect::PowerShell,
                };
            }
            script("Invoke-Expression", &args, Dialect::PowerShell)
        }
        "start-process" | "saps" | "start" if dialect == Dialect::PowerShell => start_process(argv),
        "call" if dialect == Dialect::Cmd => wraps("call", argv, 1),
        "forfiles" => forfiles(argv),
        // `runas /user:X "CMD"`, `wmic process call create "CMD"`: a command line run as
        // another account or by WMI's service.
        "runas" => match argv[1..].iter().position(|w| !w.text.starts_with('/')) {
            Some(at) => {
                script("runas", &argv[at + 1..at + 2].iter().map(cmd_text).collect::<Vec<_>>(), Dialect::Cmd)
            }
            None => Peel::Runs,
        },
        "wmic" => {
            let create = argv.windows(3).position(|w| {
                w[0].text.eq_ignore_ascii_case("process")
                    && w[1].text.eq_ignore_ascii_case("call")
                    && w[2].text.eq_ignore_ascii_case("create")
            });
            match create.and_then(|at| argv.get(at + 3)) {
                Some(line) => script("wmic process call create", &[cmd_text(line)], Dialect::Cmd),
                None => Peel::Runs,
            }
        }
        // Git Bash's `start` hands its words to cmd's.
        "start" => start(argv),
        shell if SHELLS.contains(&shell) => match shell_invocation(argv).command {
            Some(index) => {
                let mut script = shell_command_text(&argv[index]);
                // zsh's and fish's own syntax, written as the bash that runs the same.
                match shell {
                    "zsh" => script.text = super::dialects::zsh(&script.text).into_owned(),
                    "fish" => script.text = super::dialects::fish(&script.text),
                    _ => {}
                }
                Peel::Script { via: format!("{shell} -c"), script, dialect: Dialect::Posix }
            }
            None => Peel::Runs,
        },
        _ => launched(&name, argv),
    }
}

/// `cmake -E COMMAND ARGS`: the deletes as rm (`remove_directory D` is `rm -rf D`, `remove
/// [-f] F` is `rm -f F`), the copies, moves, links and touches as `cp`, `mv`, `ln` and `touch`,
/// `rm`, `env` and `tar` as themselves, `chdir DIR CMD` as CMD; any other command runs itself.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn cmake_command(argv: &[Word]) -> Peel {
    let Some(command) = argv.get(2) else { return Peel::Runs };
    // Its file commands, as the tool that does the same to the same operands (`copy SRC…
    // DEST` is `cp`, `rename A B` is `mv`, `touch F` is `touch`), so the file rules judge them.
    let (program, flags) = match command.text.as_str() {
        // `cmake -E tar cf OUT FILES` is tar with tar's own words.
        "rm" | "env" | "tar" => return wraps("cmake -E", argv, 2),
        "chdir" => return wraps("cmake -E chdir", argv, 4),
        "remove_directory" => ("rm", "-rf"),
        "remove" => ("rm", "-f"),
        "copy" | "copy_if_different" | "copy_if_newer" => ("cp", "-f"),
        "copy_directory" | "copy_directory_if_different" => ("cp", "-rf"),
        "rename" => ("mv", "-f"),
        "touch" => ("touch", "--"),
        "touch_nocreate" => ("touch", "-c"),
        "make_directory" => ("mkdir", "-p"),
        "create_symlink" => ("ln", "-sf"),
        "create_hardlink" => ("ln", "-f"),
        "cat" => ("cat", "--"),
        _ => return Peel::Runs,
    };
    let operands = argv[3..].iter().filter(|w| !(program == "rm" && w.text == "-f")).cloned();
    let inner = [derived(command, program), derived(command, flags)].into_iter().chain(operands).collect();
    Peel::Wraps { via: "cmake -E".into(), inner }
}

/// A web framework's console given code on its command line, as the interpreter that runs it
/// with the app loaded (its models, its database, its secrets): `rails runner CODE` (`r`) is
/// `ruby -e CODE`, `php artisan tinker --execute=CODE` is `php -r CODE`, `manage.py shell -c
/// CODE` (and `django-admin shell -c`) is `python3 -c CODE`; `rails console`, `artisan tinker`,
/// `manage.py shell` without code and `flask shell` are the interpreter reading its standard
/// input.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn framework_console(name: &str, argv: &[Word]) -> Option<Peel> {
    let word = |at: usize| argv.get(at).map_or("", |w| w.text.as_str());
    // `--execute=CODE`, `--execute CODE`, `-c CODE`.
    let option = |from: usize, short: &str, long: &str| {
        argv.iter().enumerate().skip(from).find_map(|(at, w)| {
            if w.text == short || w.text == long {
                return argv.get(at + 1).cloned();
            }
            w.text.strip_prefix(long)?.strip_prefix('=').map(|code| derived(w, code))
        })
    };
    // Without code on the command line, the console reads it from its standard input
    // (`manage.py shell < fix.py`, `echo 'User.delete_all' | rails console`), as the bare
    // interpreter does.
    let (via, interpreter, flag, code) = match name {
        "rails" if matches!(word(1), "runner" | "r") => {
            let code = argv.get(scan_options(argv, 2, "e", &["--environment"]).operand)?.clone();
            ("rails runner", "ruby", "-e", Some(code))
        }
        "rails" if matches!(word(1), "console" | "c") => ("rails console", "ruby", "-e", None),
        "flask" if word(1) == "shell" => ("flask shell", "python3", "-c", None),
        "php" if word(1).ends_with("artisan") && word(2) == "tinker" => {
            ("artisan tinker", "php", "-r", option(3, "--execute", "--execute"))
        }
        _ => {
            let at = match name {
                "django-admin" => 1,
                _ if word(1).ends_with("manage.py") => 2,
                _ => return None,
            };
            if word(at) != "shell" {
                return None;
            }
            ("manage.py shell", "python3", "-c", option(at + 1, "-c", "--command"))
        }
    };
    let inner = match code {
        Some(code) => vec![derived(&argv[0], interpreter), derived(&argv[0], flag), code],
        None => vec![derived(&argv[0], interpreter)],
    };
    Some(Peel::Wraps { via: via.to_string(), inner })
}

/// Python modules that are a command-line tool the packs know by its installed name.
const MODULE_PROGRAMS: &[(&str, &str)] = &[
    ("awscli", "aws"),
    ("azure.cli", "az"),
    ("sqlite3", "sqlite3"),
    ("twine", "twine"),
    ("celery", "celery"),
    ("mlflow", "mlflow"),
    ("httpie", "http"),
];

/// `python -m awscli s3 rm …` is `aws s3 rm …`: the module's tool, with the words after it.
fn module_program(name: &str, argv: &[Word]) -> Option<Peel> {
    if !name.starts_with("python") {
        return None;
    }
    let mut at = 1;
    loop {
        let word = argv.get(at)?.text.as_str();
        match word {
            "-m" => break,
            // Options that take a value; `-c` and a script end the interpreter's options.
            "-W" | "-X" => at += 2,
            _ if word.starts_with('-') && word != "-c" && word != "-" => at += 1,
            _ => return None,
        }
    }
    let module = argv.get(at + 1)?;
    let (_, program) = MODULE_PROGRAMS.iter().find(|(m, _)| *m == module.text)?;
    let inner = std::iter::once(derived(module, program)).chain(argv[at + 2..].iter().cloned()).collect();
    Some(Peel::Wraps { via: format!("{name} -m"), inner })
}

/// The environment a peeled Rails console names by its option (`rails runner -e production
/// CODE`, `--environment=production`, anywhere after the subcommand, as Rails reads it) or, for
/// `rails console`, by its first operand (`rails console production`).
pub(super) fn rails_environment(via: &str, argv: &[Word]) -> Option<Word> {
    if !via.starts_with("rails ") {
        return None;
    }
    let words = argv.get(2..)?;
    let named = words.iter().enumerate().find_map(|(at, w)| match w.text.as_str() {
        "-e" | "--environment" => words.get(at + 1).cloned(),
        text => {
            let value = text.strip_prefix("--environment=").or_else(|| text.strip_prefix("-e"))?;
            (!value.is_empty()).then(|| derived(w, value))
        }
    });
    named.or_else(|| {
        (via == "rails console").then(|| words.iter().find(|w| !w.text.starts_with('-')).cloned())?
    })
}

/// Code a tool runs in its embedded interpreter, as that interpreter's: Blender's Python
/// (`blender -b --python-expr CODE`, `--python FILE`), Haskell through stack (`stack runghc
/// -- -e CODE`, `stack eval CODE`), the Scala sbt evaluates (`sbt 'eval EXPR'`, a `set`
/// whose setting is code, `onLoad := { s => …; s }`, run as the build loads), and the PHP
/// WP-CLI runs with the site loaded (`wp eval CODE` is `php -r CODE`, `wp eval-file FILE`
/// is `php FILE`, `wp shell` reads its standard input).
fn embedded_code(name: &str, argv: &[Word]) -> Option<Peel> {
    let word = |at: usize| argv.get(at).map_or("", |w| w.text.as_str());
    let (via, inner) = match name {
        "wp" => {
            // Its global options are `--name=value`; a leading `@alias` names the site.
            let at =
                argv.iter().skip(1).position(|w| !w.text.starts_with('-') && !w.text.starts_with('@'))? + 1;
            let php = derived(&argv[0], "php");
            match word(at) {
                "eval" => ("wp eval", vec![php, derived(&argv[0], "-r"), argv.get(at + 1)?.clone()]),
                "eval-file" => ("wp eval-file", vec![php, argv.get(at + 1)?.clone()]),
                "shell" => ("wp shell", vec![php]),
                _ => return None,
            }
        }
        "blender" => {
            let at =
                argv.iter().position(|w| matches!(w.text.as_str(), "--python-expr" | "--python" | "-P"))?;
            let code = argv.get(at + 1)?.clone();
            if argv[at].text == "--python-expr" {
                ("blender --python-expr", vec![derived(&argv[0], "python3"), derived(&argv[0], "-c"), code])
            } else {
                ("blender --python", vec![derived(&argv[0], "python3"), code])
            }
        }
        "stack" if matches!(word(1), "runghc" | "runhaskell" | "ghc" | "ghci") => {
            let from = if word(2) == "--" { 3 } else { 2 };
            let mut inner = vec![derived(&argv[0], word(1))];
            inner.extend(argv[from.min(argv.len())..].iter().cloned());
            ("stack runghc", inner)
        }
        "stack" if word(1) == "eval" => {
            ("stack eval", vec![derived(&argv[0], "ghc"), derived(&argv[0], "-e"), argv.get(2)?.clone()])
        }
        "sbt" => {
            let code: Vec<String> = argv[1..]
                .iter()
                // `sbt ';clean;eval X'` runs each command after a `;`.
                .flat_map(|w| match w.text.strip_prefix(';') {
                    Some(commands) => commands.split(';').collect(),
                    None => vec![w.text.as_str()],
                })
                .map(str::trim)
                // `eval` prints the value it computes.
                .filter_map(|command| match command.strip_prefix("eval ") {
                    Some(expression) => Some(format!("println({expression})")),
                    None => command.strip_prefix("set ").map(str::to_string),
                })
                // `Process("A").#|("B")` and `"A" #| "B"`: sys.process's pipe, read as the
                // shell's, so that what the first feeds the second is judged as one line.
                .map(|code| code.replace("\").#|(\"", " | ").replace("\" #| \"", " | "))
                .collect();
            if code.is_empty() {
                return None;
            }
            (
                "sbt eval",
                vec![
                    derived(&argv[0], "scala"),
                    derived(&argv[0], "-e"),
                    derived(&argv[0], &code.join("\n")),
                ],
            )
        }
        _ => return None,
    };
    Some(Peel::Wraps { via: via.to_string(), inner })
}

/// A launcher of the table in `launchers` running the command after its options, or a program
/// that starts the user's shell when given nothing to run. A terminal given its command as one
/// string (`xterm -e 'rm -rf ~'`, `konsole -e 'CMD'`) runs it as a shell line.
fn launched(name: &str, argv: &[Word]) -> Peel {
    match super::launchers::command_start(name, argv, options_end) {
        Some(at)
            if at + 1 == argv.len()
                && argv[at].text.contains(char::is_whitespace)
                && super::launchers::is_terminal(name) =>
        {
            Peel::Script { via: format!("{name} -e"), script: argv[at].clone(), dialect: Dialect::Posix }
        }
        Some(at) => wraps(name, argv, at),
        None => bare_shell(name, argv),
    }
}

fn wraps(via: &str, argv: &[Word], at: usize) -> Peel {
    match argv.get(at..) {
        Some(inner) if !inner.is_empty() => Peel::Skips { via: via.to_string(), at },
        _ => bare_shell(via, argv),
    }
}

/// How a tracer is named among a command's wrappers: `strace -v` when it prints each
/// `execve`'s environment in full (`-v`, `-fv`, `--no-abbrev`), `ltrace -e getenv` when it
/// prints the values `getenv` returns; the credentials pack asks about those.
fn tracer_via<'a>(name: &'a str, options: &[Word]) -> &'a str {
    let verbose = |text: &str| {
        text == "--no-abbrev"
            || text.strip_prefix('-').is_some_and(|letters| {
                letters.contains('v') && letters.bytes().all(|b| b"cCdDfFhikqrtTvwxyYZ".contains(&b))
            })
    };
    match name {
        "strace" if options.iter().any(|w| verbose(&w.text)) => "strace -v",
        "ltrace" if options.iter().any(|w| w.text.contains("getenv")) => "ltrace -e getenv",
        _ => name,
    }
}

/// `flatpak run [OPTIONS] APP ARGS`: with `--command=PROG`, PROG runs with ARGS in the app's
/// sandbox (`flatpak run --command=sh APP -c CMD`); else the app's own program does.
fn flatpak_run(argv: &[Word]) -> Peel {
    let mut command = None;
    let mut at = 2;
    while let Some(word) = argv.get(at) {
        let text = word.text.as_str();
        if text == "--command" {
            command = argv.get(at + 1).map(|w| w.text.as_str());
            at += 2;
        } else if let Some(program) = text.strip_prefix("--command=") {
            command = Some(program);
            at += 1;
        } else if text.starts_with('-') {
            at += 1;
        } else {
            break;
        }
    }
    match command {
        Some(program) if at < argv.len() => {
            let mut inner = vec![derived(&argv[0], program)];
            inner.extend(argv[at + 1..].iter().cloned());
            Peel::Wraps { via: "flatpak run".into(), inner }
        }
        _ => Peel::Runs,
    }
}

/// `snap run APP ARGS` runs the app's command; `snap run --shell APP ARGS` a shell in its
/// environment, given the rest (`-c CMD`).
fn snap_run(argv: &[Word]) -> Peel {
    let mut shell = false;
    let mut at = 2;
    while let Some(word) = argv.get(at).filter(|w| w.text.starts_with('-')) {
        shell |= word.text == "--shell";
        at += 1;
    }
    let Some(app) = argv.get(at) else { return Peel::Runs };
    let inner = if shell {
        std::iter::once(derived(app, "sh")).chain(argv[at + 1..].iter().cloned()).collect()
    } else {
        argv[at..].to_vec()
    };
    Peel::Wraps { via: "snap run".into(), inner }
}

/// `nix eval --expr 'builtins.exec ["sh" "-c" CMD]'` (with unsafe native code allowed):
/// the evaluation runs the list as a command.
fn nix_exec(argv: &[Word]) -> Peel {
    let Some((word, list)) = argv.iter().find_map(|w| Some((w, w.text.split_once("builtins.exec")?.1)))
    else {
        return Peel::Runs;
    };
    let Some(list) = list.trim_start().strip_prefix('[').and_then(|rest| rest.split_once(']')) else {
        return Peel::Runs;
    };
    let inner: Vec<Word> = list.0.split('"').skip(1).step_by(2).map(|item| derived(word, item)).collect();
    if inner.is_empty() { Peel::Runs } else { Peel::Wraps { via: "builtins.exec".into(), inner } }
}

/// A program given nothing to run that starts the user's shell instead (`fakeroot`, `sudo -s`,
/// `su`): a shell reading its commands from standard input. Any other runs itself.
fn bare_shell(via: &str, argv: &[Word]) -> Peel {
    let Some(program) = argv.first() else { return Peel::Runs };
    let named = matches!(via, "sudo -s" | "doas -s" | "su");
    // `./script` is the project's own program, not util-linux's.
    let system = !program.text.starts_with('.');
    let help = || argv.iter().any(|w| matches!(w.text.as_str(), "--help" | "-h" | "--version" | "-V"));
    if system && (named || super::launchers::starts_shell(argv)) && !help() {
        Peel::Wraps { via: via.to_string(), inner: vec![derived(program, "sh")] }
    } else {
        Peel::Runs
    }
}

/// Whether `systemd-run` makes a timer: a unit that runs later, unasked (`--on-calendar`,
/// `--on-active`, `--on-boot`, `--on-unit-active`, ..., `--timer-property`).
fn schedules_timer(args: &[Word]) -> bool {
    args.iter().any(|a| a.text.starts_with("--on-") || a.text.starts_with("--timer-property"))
}

/// Whether `systemd-run`'s options start a unit that outlives the command: a timer, or a
/// service (any form but `--scope`, which runs the command in the foreground and ends with it).
pub(crate) fn starts_unit(args: &[Word]) -> bool {
    schedules_timer(args) || !args.iter().any(|a| a.text == "--scope")
}

/// A wrapper that changes something that outlives the line (a timer, a launchd job) and runs
/// the command that starts at `argv[at]` through it: both are judged.
fn persists(via: &str, argv: &[Word], at: usize) -> Peel {
    match argv.get(at..) {
        Some(inner) if !inner.is_empty() => Peel::Find { execs: vec![(via.to_string(), inner.to_vec())] },
        _ => Peel::Runs,
    }
}

/// A command line made of words joined by spaces (`eval a b`, `cmd /c a b`). Among several
/// words, those holding blanks are quoted again so that a Windows command line keeps them
/// whole; a single word is the whole command line already (`cmd /c "rd /s x"`).
fn script(via: &str, words: &[Word], dialect: Dialect) -> Peel {
    if words.is_empty() {
        return Peel::Runs;
    }
    let mut script = Word::default();
    for (i, word) in words.iter().enumerate() {
        if i > 0 {
            script.text.push(' ');
            script.raw.push(' ');
        }
        // cmd.exe reads its command line with the quotes a word was given; PowerShell joins
        // its `-Command` words with spaces, their quotes gone (`-c iex '(iwr URL)'` runs
        // `iex (iwr URL)`, the download's text).
        if dialect == Dialect::Cmd && words.len() > 1 && word.text.contains(' ') && !word.text.contains('"') {
            script.text.push('"');
            script.text.push_str(&word.text);
            script.text.push('"');
        } else {
            script.text.push_str(&word.text);
        }
        script.raw.push_str(&word.raw);
        script.dynamic |= word.dynamic;
    }
    Peel::Script { via: via.to_string(), script, dialect }
}

/// The options at the start of argv.
#[derive(Debug, Default)]
struct OptionScan {
    /// Index of the first operand.
    operand: usize,
    /// Short options without a value.
    flags: Vec<char>,
    /// Options with a value: the short letter or the long `--name`, and the value.
    values: Vec<(String, Word)>,
}

/// Skip options from `argv[from]`: short ones may be grouped (`-nE`), those in
/// `short_values` take a value (attached or the next word), long ones in `long_values` too
/// (`--user root`, `--user=root`). Stops at `--`, `-`, an operand or a dynamic word.
/// Where kubectl's subcommand stands, after the global options (`--context prod`, `-n ns`,
/// `--kubeconfig=F`): those spelt apart take the next word as their value.
fn kubectl_subcommand(argv: &[Word]) -> usize {
    const VALUED: &[&str] = &[
        "-n",
        "--namespace",
        "--context",
        "--cluster",
        "--user",
        "--kubeconfig",
        "-s",
        "--server",
        "--token",
        "--as",
        "--as-group",
        "--request-timeout",
        "--certificate-authority",
        "--client-certificate",
        "--client-key",
        "--tls-server-name",
        "-v",
        "--v",
        "--cache-dir",
        "--profile",
        "--profile-output",
    ];
    let mut at = 1;
    while let Some(word) = argv.get(at) {
        let text = word.text.as_str();
        if !text.starts_with('-') || text == "--" {
            break;
        }
        at += if VALUED.contains(&text) { 2 } else { 1 };
    }
    at
}

fn scan_options(argv: &[Word], from: usize, short_values: &str, long_values: &[&str]) -> OptionScan {
    let mut scan = OptionScan { operand: from, ..OptionScan::default() };
    while let Some(word) = argv.get(scan.operand) {
        let text = word.text.as_str();
        if word.dynamic || !text.starts_with('-') || text == "-" {
            break;
        }
        scan.operand += 1;
        if text == "--" {
            break;
        }
        if let Some(long) = text.strip_prefix("--") {
            if let Some((name, value)) = long.split_once('=') {
                scan.values.push((format!("--{name}"), derived(word, value)));
            } else if long_values.contains(&text) {
                if let Some(value) = argv.get(scan.operand) {
                    scan.values.push((text.to_string(), value.clone()));
                }
                scan.operand += 1;
            }
            continue;
        }
        for (i, flag) in text.char_indices().skip(1) {
            if !short_values.contains(flag) {
                scan.flags.push(flag);
                continue;
            }
            let attached = &text[i + flag.len_utf8()..];
            if attached.is_empty() {
                if let Some(value) = argv.get(scan.operand) {
                    scan.values.push((flag.to_string(), value.clone()));
                }
                scan.operand += 1;
            } else {
                scan.values.push((flag.to_string(), derived(word, attached)));
            }
            break;
        }
    }
    scan.operand = scan.operand.min(argv.len());
    scan
}

/// Where the operands start after the options from `argv[from]` (see [`scan_options`]).
fn options_end(argv: &[Word], from: usize, short_values: &str, long_values: &[&str]) -> usize {
    scan_options(argv, from, short_values, long_values).operand
}

fn option_value(scan: &OptionScan, short: &str, long: &str) -> Option<Word> {
    scan.values.iter().rev().find(|(key, _)| key == short || key == long).map(|(_, value)| value.clone())
}

/// gdb and lldb run the commands given with `-ex CMD` (gdb) or `-o CMD` (lldb): a shell
/// command (`shell CMD`, `!CMD`, `platform shell CMD`) or Python (`python CODE`, `script
/// CODE`), each judged as the command line that runs the same; with `-ex run` gdb runs the
/// program after `--args`.
fn debugger(name: &str, argv: &[Word]) -> Peel {
    let options: &[&str] = match name {
        "lldb" => &["-o", "--one-line", "-O", "--one-line-before-file", "-k", "--one-line-on-crash"],
        _ => &["-ex", "--ex", "-eval-command", "--eval-command", "-iex", "--init-eval-command"],
    };
    let mut lines: Vec<String> = Vec::new();
    let mut first = None;
    let mut runs = false;
    for (at, word) in argv.iter().enumerate() {
        let value = match word.text.split_once('=') {
            Some((option, value)) if options.contains(&option) => Some(value),
            _ if options.contains(&word.text.as_str()) => argv.get(at + 1).map(|w| w.text.as_str()),
            _ => None,
        };
        let Some(value) = value.map(str::trim) else { continue };
        if let Some(line) = debugger_command(value) {
            first.get_or_insert(word);
            lines.push(line);
        }
        runs |= matches!(value, "run" | "r" | "start" | "starti" | "process launch");
    }
    if let Some(first) = first {
        return Peel::Script {
            via: format!("{name} shell"),
            script: derived(first, &lines.join("\n")),
            dialect: Dialect::Posix,
        };
    }
    match argv.iter().position(|w| w.text == "--args" || name == "lldb" && w.text == "--") {
        Some(at) if runs => wraps(&format!("{name} --args"), argv, at + 1),
        _ => Peel::Runs,
    }
}

/// The shell line that does what one gdb or lldb command does, when it runs a shell command or
/// Python: `shell CMD`, `!CMD`, `pipe … | CMD`, `platform shell CMD`, `python CODE`, `py`,
/// `pi`, `script CODE`.
pub(super) fn debugger_command(command: &str) -> Option<String> {
    let command = command.trim();
    let word = |prefix: &str| {
        command.strip_prefix(prefix).filter(|rest| rest.is_empty() || rest.starts_with(char::is_whitespace))
    };
    if let Some(line) = command.strip_prefix('!').or_else(|| word("shell")).or_else(|| word("platform shell"))
    {
        return Some(line.trim().to_string());
    }
    // gdb's `show environment [NAME]`: the environment the program is given, printed.
    if let Some(rest) = word("show environment").or_else(|| word("show env")) {
        return Some(format!("printenv {}", rest.trim()).trim_end().to_string());
    }
    if let Some(rest) = word("pipe").or_else(|| word("|")) {
        return Some(rest.rsplit_once('|').map_or(rest, |(_, line)| line).trim().to_string());
    }
    let python = ["python-interactive", "python", "pi", "py", "script"].iter().find_map(|p| word(p))?;
    Some(format!("python3 -c {}", super::quote(python.trim())))
}

/// Commands that a program reading its commands from standard input runs as shell lines
/// (`echo '.shell CMD' | sqlite3`, `echo 'shell CMD' | gdb -batch`, `echo ':! CMD' | ghci`):
/// the lines, one per escape.
pub(super) fn stdin_escapes(name: &str, text: &str) -> Option<String> {
    let lines: Vec<String> = match name {
        "gdb" | "cgdb" | "lldb" => text.lines().filter_map(debugger_command).collect(),
        "ghci" | "stack" | "cabal" => {
            text.lines().filter_map(|l| l.trim().strip_prefix(":!").map(|c| c.trim().to_string())).collect()
        }
        "ftp" | "sftp" | "dc" => {
            text.lines().filter_map(|l| l.trim().strip_prefix('!').map(str::to_string)).collect()
        }
        _ => database_escapes(name, text).into_iter().collect(),
    };
    let lines: Vec<String> = lines.into_iter().filter(|line| !line.trim().is_empty()).collect();
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// The commands `argv[at]` gives the database shell or `lftp`, when the line does not fix
/// them: the value of `-e`/`-c` (lftp), `-c`/`--command` (psql), `-e`/`--execute` (mysql),
/// `-cmd` (sqlite3, duckdb), `-c` (duckdb), or an SQL operand after sqlite3's or duckdb's
/// database file.
fn run_time_commands(name: &str, argv: &[Word], at: usize) -> Option<Word> {
    let word = argv.get(at).filter(|word| word.dynamic)?;
    let options: &[&str] = match name {
        "lftp" => &["-e", "-c"],
        "psql" => &["-c", "--command"],
        "mysql" | "mariadb" => &["-e", "--execute"],
        "duckdb" => &["-cmd", "-c"],
        _ => &["-cmd"],
    };
    if options.contains(&argv[at - 1].text.as_str()) {
        return Some(word.clone());
    }
    // `--command=$Q`, `--execute=$Q`.
    if let Some(value) = options.iter().find_map(|option| {
        option.starts_with("--").then(|| word.text.strip_prefix(option)?.strip_prefix('=')).flatten()
    }) {
        return Some(derived(word, value));
    }
    if !matches!(name, "sqlite3" | "duckdb") || word.text.starts_with('-') {
        return None;
    }
    // Options of theirs that take a value, which is no operand.
    const VALUED: &[&str] = &["-cmd", "-separator", "-nullvalue", "-newline", "-init", "-vfs", "-mmap"];
    let operands_before = (1..at)
        .filter(|&i| !argv[i].text.starts_with('-') && !VALUED.contains(&argv[i - 1].text.as_str()))
        .count();
    (operands_before >= 1).then(|| word.clone())
}

/// The shell escapes of a database shell in `text`: `.shell`/`.system` (sqlite3, duckdb), `\!`
/// (psql, mysql), `system` (mysql), `!` (lftp). Every one is the rest of its line, `;` and all
/// (the shell is given the line). sqlite3's and duckdb's dot-commands that read from or write
/// to a command (`.read |CMD`, `.import |CMD TABLE`, `.output |CMD`, `.once |CMD`, quoted or
/// not) run CMD too.
fn database_escapes(name: &str, text: &str) -> Vec<String> {
    let escapes: &[&str] = match name {
        "sqlite3" | "duckdb" => &[".shell ", ".system "],
        "psql" => &["\\! "],
        "mysql" | "mariadb" => &["system ", "\\! "],
        "lftp" => &["!"],
        _ => return Vec::new(),
    };
    let mut lines = Vec::new();
    for escape in escapes {
        let mut rest = text;
        while let Some(at) = rest.find(escape) {
            let after = &rest[at + escape.len()..];
            let line = after.split('\n').next().unwrap_or_default();
            lines.push(line.trim().to_string());
            rest = &after[line.len()..];
        }
    }
    // `source -e CMD`: lftp runs CMD and reads what it prints as its commands.
    if name == "lftp" {
        for part in text.split([';', '\n']) {
            if let Some(command) = part.trim().strip_prefix("source -e ").map(str::trim) {
                // lftp quotes CMD as the shell does: one level of quotes off.
                let quote = command.chars().next().filter(|c| matches!(c, '\'' | '"'));
                let unquoted = quote.and_then(|q| command[1..].strip_suffix(q)).unwrap_or(command);
                lines.push(format!("{unquoted} | lftp"));
            }
        }
    }
    if matches!(name, "sqlite3" | "duckdb") {
        // `.she CMD`, `.sy CMD`: the escapes by a shorter name.
        let abbreviated = dot_commands(text).filter(|(command, argument)| {
            matches!(*command, ".shell" | ".system") && !text.contains(&format!("{command}{argument}"))
        });
        lines.extend(abbreviated.map(|(_, argument)| argument.trim().to_string()));
    }
    if matches!(name, "sqlite3" | "duckdb") && text.contains('|') {
        lines.extend(dot_commands(text).filter_map(|(command, argument)| {
            let piped = matches!(command, ".read" | ".import" | ".output" | ".once");
            let argument = argument.trim_start();
            let quoted = argument.strip_prefix(['\'', '"']).map(|rest| {
                let quote = argument.as_bytes()[0] as char;
                rest.split(quote).next().unwrap_or(rest)
            });
            let program = quoted.unwrap_or(match command {
                // `.import |CMD TABLE`: the table is the last word.
                ".import" => {
                    argument.trim_end().rsplit_once(char::is_whitespace).map_or(argument, |(c, _)| c)
                }
                _ => argument,
            });
            piped.then(|| program.trim().strip_prefix('|')).flatten().map(|line| line.trim().to_string())
        }));
    }
    lines
}

/// The dot-commands of sqlite3's or duckdb's `text`, one a line: the command by its full name
/// ([`dot_command`]) and the rest of its line.
pub(crate) fn dot_commands(text: &str) -> impl Iterator<Item = (&str, &str)> {
    text.lines().filter_map(|line| {
        let line = line.trim_start();
        let end = line.find(char::is_whitespace).unwrap_or(line.len());
        let (command, rest) = line.split_at(end);
        command.starts_with('.').then(|| (dot_command(command), rest))
    })
}

/// The full name of a dot-command that runs, reads or writes files, which the sqlite3 shell
/// also takes by a prefix (`.she`, `.sy`, `.rea`, `.lo`, `.o`): the shortest prefix each is
/// read at, or shorter where another command may come first in its list (a shell command
/// judged where `.sh` is `.sha3sum` judges more, not less). Any other word as it is.
pub(crate) fn dot_command(word: &str) -> &str {
    const NAMES: &[(&str, usize)] = &[
        (".shell", 3),
        (".system", 3),
        (".read", 4),
        (".import", 3),
        (".load", 3),
        (".output", 2),
        (".once", 3),
        (".backup", 4),
        (".save", 4),
    ];
    NAMES
        .iter()
        .find(|(name, shortest)| word.len() >= *shortest && name.starts_with(word))
        .map_or(word, |(name, _)| name)
}

/// ripgrep's options that take a value as the next word (also the analyser's, for the
/// directory `rg -l PATTERN DIR` lists names under).
pub(super) const RIPGREP_VALUED: &[&str] = &[
    "-e",
    "--regexp",
    "-f",
    "--file",
    "-g",
    "--glob",
    "--iglob",
    "-t",
    "--type",
    "-T",
    "--type-not",
    "-A",
    "-B",
    "-C",
    "-m",
    "--max-count",
    "-j",
    "--threads",
    "--pre",
    "--pre-glob",
    "-E",
    "--encoding",
    "-M",
    "--max-columns",
    "-d",
    "--max-depth",
    "--type-add",
    "-r",
    "--replace",
    "--sort",
    "--sortr",
    "--color",
    "--colors",
    "--engine",
    "--ignore-file",
    "--path-separator",
    "--max-filesize",
];

/// `rg --pre COMMAND`: ripgrep runs COMMAND on every file it searches.
fn ripgrep_preprocessor(argv: &[Word]) -> Peel {
    let program = argv.iter().enumerate().find_map(|(at, word)| match word.text.as_str() {
        "--pre" => argv.get(at + 1).cloned(),
        text => text.strip_prefix("--pre=").map(|program| derived(word, program)),
    });
    let Some(program) = program else { return Peel::Runs };
    // The program is given each file searched: those under the roots (`.` when none is named),
    // the operands after the pattern (all of them when `-e`/`-f` gives the pattern).
    let mut operands = Vec::new();
    let mut pattern_given = false;
    let mut at = 1;
    while let Some(word) = argv.get(at) {
        let text = word.text.as_str();
        at += 1;
        if RIPGREP_VALUED.contains(&text) {
            pattern_given |= matches!(text, "-e" | "--regexp" | "-f" | "--file");
            at += 1;
        } else if !text.starts_with('-') || word.dynamic {
            operands.push(word);
        } else {
            pattern_given |= text.starts_with("--regexp=") || text.starts_with("--file=");
        }
    }
    let dot = Word::literal(".");
    let mut roots: Vec<&Word> = operands.into_iter().skip(usize::from(!pattern_given)).collect();
    if roots.is_empty() {
        roots.push(&dot);
    }
    let execs = roots
        .into_iter()
        .map(|root| ("rg --pre".to_string(), vec![program.clone(), found_under(root)]))
        .collect();
    Peel::Find { execs }
}

/// A word cut from another one (an attached option value).
fn derived(word: &Word, text: &str) -> Word {
    Word { text: text.to_string(), raw: word.raw.clone(), dynamic: word.dynamic, glob: word.glob }
}

fn is_assignment(word: &Word) -> bool {
    !word.dynamic && super::lexer::assignment_name(&word.text).is_some()
}

fn skip_assignments(argv: &[Word], mut at: usize) -> usize {
    while argv.get(at).is_some_and(is_assignment) {
        at += 1;
    }
    at
}

fn env(argv: &[Word]) -> Peel {
    let scan = scan_options(
        argv,
        1,
        "uCSP",
        &["--unset", "--chdir", "--split-string", "--default-signal", "--ignore-signal", "--block-signal"],
    );
    let mut at = scan.operand;
    // env sets any `NAME=VALUE`, bash's exported functions too, and a value the line does
    // not fix (`env -i PATH=$PATH node app.js`) is still a value.
    while argv.get(at).is_some_and(|w| super::lexer::env_assignment(&w.text).is_some()) {
        at += 1;
    }
    match option_value(&scan, "S", "--split-string") {
        // `env -S 'bash -c' "rm -rf ~"`: only the `-S` string is split into words; the words
        // after it stay whole, options of the command it names (`env -S bash -c "rm -rf ~"`)
        // as much as operands.
        Some(mut script) => {
            let after = split_string_end(argv).unwrap_or(at).min(argv.len());
            append_words(&mut script, &argv[after..]);
            Peel::Wraps { via: "env".into(), inner: vec![Word::literal("sh"), Word::literal("-c"), script] }
        }
        None => match option_value(&scan, "C", "--chdir") {
            Some(dir) => in_directory("env", &dir, argv, at),
            None => wraps("env", argv, at),
        },
    }
}

/// Where the words after env's `-S STRING` (`-iS STRING`, `--split-string=STRING`) start:
/// env puts the split words in its place and reads on from them, so an option after it
/// belongs to the command the string names.
fn split_string_end(argv: &[Word]) -> Option<usize> {
    argv.iter().enumerate().skip(1).find_map(|(i, word)| {
        let text = word.text.as_str();
        if text == "--split-string" {
            return Some(i + 2);
        }
        if text.starts_with("--split-string=") {
            return Some(i + 1);
        }
        let cluster = text.strip_prefix('-').filter(|c| !c.starts_with('-'))?;
        // The first letter that takes a value takes the rest of the cluster.
        let taker = cluster.find(['u', 'C', 'S', 'P'])?;
        (cluster.as_bytes()[taker] == b'S').then_some(if taker + 1 == cluster.len() { i + 2 } else { i + 1 })
    })
}

/// `words` added to the end of `script` as whole shell words: quoted again, or as written
/// when an expansion is in them.
fn append_words(script: &mut Word, words: &[Word]) {
    for word in words {
        script.text.push(' ');
        if word.dynamic {
            script.text.push_str(&word.raw);
        } else {
            script.text.push_str(&super::quote(&word.text));
        }
        script.raw.push(' ');
        script.raw.push_str(&word.raw);
        script.dynamic |= word.dynamic;
    }
}

/// A wrapper that runs its command in another directory (`env -C DIR`, `sudo -D DIR`): the
/// command as `cd DIR && CMD`, so that its relative paths are judged from there. A command
/// with a word the line does not fix keeps its words as they are.
fn in_directory(via: &str, dir: &Word, argv: &[Word], at: usize) -> Peel {
    let inner = argv.get(at..).unwrap_or_default();
    if inner.is_empty() || dir.dynamic || inner.iter().any(|w| w.dynamic) {
        return wraps(via, argv, at);
    }
    let mut line = format!("cd {} &&", super::quote(&dir.text));
    for word in inner {
        line.push(' ');
        // A glob stays a glob: it is expanded in the new directory.
        if word.glob && !word.text.contains(char::is_whitespace) {
            line.push_str(&word.text);
        } else {
            line.push_str(&super::quote(&word.text));
        }
    }
    Peel::Script { via: format!("{via} -C"), script: derived(dir, &line), dialect: Dialect::Posix }
}

/// `start-stop-daemon --start --exec PROGRAM -- ARGS`: the program (`--startas` when given)
/// with the arguments after `--`.
fn start_stop_daemon(argv: &[Word]) -> Peel {
    let starts = argv.iter().any(|w| w.text == "--start" || w.text == "-S");
    let dash = argv.iter().position(|w| w.text == "--").unwrap_or(argv.len());
    let value = |names: &[&str]| {
        argv[..dash]
            .windows(2)
            .rev()
            .find(|pair| names.contains(&pair[0].text.as_str()))
            .map(|pair| pair[1].clone())
    };
    match value(&["--startas", "-a"]).or_else(|| value(&["--exec", "-x"])) {
        Some(program) if starts => {
            let mut inner = vec![program];
            inner.extend(argv.get(dash + 1..).unwrap_or_default().iter().cloned());
            Peel::Wraps { via: "start-stop-daemon".into(), inner }
        }
        _ => Peel::Runs,
    }
}

/// `ssh [options] host command...`: the words after the host are joined into a line the
/// remote shell runs. It runs elsewhere, but with the user's keys: `rm -rf /` there is still
/// a disaster. No command is an interactive login. The wrapper is named with its host
/// (`ssh HOST`), as the file rules judge a write on another machine apart (`guard::line`).
/// ssh's short options that take a value.
const SSH_VALUES: &str = "bcDEeFIiJLlmOopQRSWwB";

fn ssh(argv: &[Word]) -> Peel {
    const VALUES: &str = SSH_VALUES;
    let host = scan_options(argv, 1, VALUES, &[]).operand;
    // ssh reads options again after the host (`ssh host -t -- rm -rf ~`), unless a `--`
    // came before it.
    let terminated = host > 1 && argv[host - 1].text == "--";
    let command = if terminated { host + 1 } else { scan_options(argv, host + 1, VALUES, &[]).operand };
    // Dokku's `dokku@HOST` account runs its arguments as the `dokku` command.
    let user = argv.get(host).and_then(|w| w.text.split_once('@')).map(|(user, _)| user);
    if user == Some("dokku") && argv.len() > command {
        let mut inner = vec![derived(&argv[host], "dokku")];
        inner.extend_from_slice(&argv[command..]);
        return Peel::Wraps { via: format!("ssh {}", argv[host].text), inner };
    }
    match argv.get(command..) {
        // A computed host (`ssh $h`, `xargs … ssh {}`) is still another machine: the command
        // after it is judged as remote whatever the host turns out to be.
        Some(command) if !command.is_empty() && argv.get(host).is_some() => {
            remote_line(&format!("ssh {}", argv[host].text), command)
        }
        _ => Peel::Runs,
    }
}

/// The words a remote shell runs, as one line in the user's home there: `.ssh/authorized_keys`
/// is `~/.ssh/authorized_keys`. Its via names the remote shell, so that the rules can tell
/// a change to another machine (see [`runs_remotely`]).
fn remote_line(via: &str, command: &[Word]) -> Peel {
    match script(via, command, Dialect::Posix) {
        Peel::Script { via, script, dialect } => {
            let line = format!("cd ~ && {}", script.text);
            Peel::Script { via, script: derived(&script, &line), dialect }
        }
        other => other,
    }
}

/// One word of a command run by its words on another machine, as the line its shell reads: a
/// home directory the local shell expanded (`~`, `~/app`) stays one the remote expands.
fn remote_word(text: &str) -> String {
    let home = text == "~" || text.strip_prefix("~/").is_some_and(|rest| !rest.contains(['\'', ' ']));
    if home { text.to_string() } else { super::quote(text) }
}

/// The options of `kubectl` that say which cluster and namespace its `exec` and `run` reach.
const KUBECTL_TARGETS: &[&str] =
    &["--context", "--cluster", "-n", "--namespace", "--kubeconfig", "-s", "--server"];

/// A runner's via with the values of its `options` that name where it runs appended
/// (`kubectl exec prod data`), so that the rules can tell a production or local target of
/// the command it runs ([`runner_targets`]).
fn targeted(mut via: String, argv: &[Word], options: &[&str]) -> String {
    let mut words = argv.iter();
    while let Some(word) = words.next() {
        let value = match word.text.split_once('=') {
            Some((option, value)) if options.contains(&option) => Some(value),
            _ if options.contains(&word.text.as_str()) => words.next().map(|w| w.text.as_str()),
            _ => None,
        };
        if let Some(value) = value.filter(|v| !v.is_empty()) {
            via.push(' ');
            via.push_str(value);
        }
    }
    via
}

/// The words after a runner's name in its via: the targets [`targeted`] appended, or the
/// host of `ssh HOST`.
pub fn runner_targets<'a>(via: &'a str, runner: &str) -> Option<std::str::SplitWhitespace<'a>> {
    let rest = via.strip_prefix(runner)?;
    (rest.is_empty() || rest.starts_with(' ')).then(|| rest.split_whitespace())
}

/// The vias [`remote_line`], [`machine_shell`] and the fleet runners set: a command under one
/// runs on another machine.
const REMOTE_VIAS: &[&str] = &[
    "ssh",
    "mosh",
    "et",
    "telnet",
    "tsh ssh",
    "boundary connect ssh",
    "nomad alloc exec",
    "knife ssh",
    "bolt command run",
    "gcloud compute ssh",
    "eb ssh",
    "cf ssh",
    "az ssh",
    "az vm run-command",
    "gh codespace ssh",
    "coder ssh",
    "fab",
    "kamal exec",
    "aws ssm send-command",
    "aws ssm start-session",
    "aws ec2-instance-connect ssh",
    "scw instance server ssh",
    "oci instance-agent command",
    "doctl compute ssh",
    "az aks command invoke",
    "aws ecs execute-command",
    "pdsh",
    "pssh",
    "parallel-ssh",
    "clush",
    "salt",
    "salt-ssh",
    "ansible",
];

/// Whether a command with this via chain runs on another machine: under `ssh host`, a cloud's
/// run-command, a fleet runner (`salt`, `ansible`, `pdsh`) or a shell fed to `ssh host`.
pub fn runs_remotely(via: &[String]) -> bool {
    via.iter().any(|via| {
        REMOTE_VIAS.iter().any(|remote| {
            via.strip_prefix(remote).is_some_and(|rest| rest.is_empty() || rest.starts_with(' '))
        })
    })
}

/// `autossh -M PORT [SSH ARGS]`: ssh, kept alive.
fn autossh(argv: &[Word]) -> Peel {
    let mut inner = vec![derived(&argv[0], "ssh")];
    let mut words = argv[1..].iter();
    while let Some(word) = words.next() {
        match word.text.as_str() {
            "-M" => {
                words.next();
            }
            "-f" | "-V" => {}
            text if text.starts_with("-M") => {}
            _ => inner.push(word.clone()),
        }
    }
    ssh(&inner)
}

/// Shells on a fleet's hosts or containers, each running its command as `ssh host CMD` does:
/// `mosh HOST -- CMD`, Teleport's `tsh ssh HOST CMD`, `boundary connect ssh -- CMD`, `nomad
/// alloc exec ALLOC CMD`, `knife ssh QUERY CMD`, `bolt command run CMD --targets T`, Eternal
/// Terminal's `et HOST -c CMD`.
fn host_shell(name: &str, argv: &[Word]) -> Peel {
    let word = |at: usize| argv.get(at).map(|w| w.text.as_str());
    let rest = |at: usize| argv.get(at..).unwrap_or_default();
    match name {
        "et" => {
            const VALUES: &[&str] = &[
                "--command",
                "--port",
                "--tunnel",
                "--reversetunnel",
                "--jumphost",
                "--jport",
                "--logdir",
                "--serverfifo",
                "--terminal-path",
                "--verbose",
                "--ssh-option",
            ];
            let host = scan_options(argv, 1, "cptrjlvu", VALUES).operand;
            // The command is `-c`'s value, wherever it stands; the remote shell reads it.
            let command = argv.iter().enumerate().skip(1).find_map(|(at, w)| match w.text.as_str() {
                "-c" | "--command" => argv.get(at + 1).cloned(),
                text => text.strip_prefix("--command=").map(|line| derived(w, line)),
            });
            match (argv.get(host), command) {
                (Some(host), Some(command)) => remote_line(&format!("et {}", host.text), &[command]),
                _ => Peel::Runs,
            }
        }
        "mosh" => {
            const VALUES: &[&str] = &[
                "--client",
                "--server",
                "--ssh",
                "--port",
                "--family",
                "--predict",
                "--bind-server",
                "--experimental-remote-ip",
            ];
            let host = scan_options(argv, 1, "p", VALUES).operand;
            let at = host + 1 + usize::from(word(host + 1) == Some("--"));
            if argv.get(host).is_none() || rest(at).is_empty() {
                return Peel::Runs;
            }
            // mosh-server runs the remote command by its words (execvp), not as a line its
            // shell reads as ssh's is: `mosh h -- sh -c 'rm -rf ~'` runs `sh` with `-c 'rm -rf ~'`.
            let words: Vec<String> = rest(at).iter().map(|w| remote_word(&w.text)).collect();
            let line = format!("cd ~ && {}", words.join(" "));
            let via = format!("mosh {}", argv[host].text);
            let raw = rest(at).iter().map(|w| w.raw.as_str()).collect::<Vec<_>>().join(" ");
            let dynamic = rest(at).iter().any(|w| w.dynamic);
            let script = Word { text: line, raw, dynamic, glob: false };
            Peel::Script { via, script, dialect: Dialect::Posix }
        }
        "tsh" if word(1) == Some("ssh") => {
            const VALUES: &[&str] = &["--login", "--port", "--proxy", "--cluster", "--user", "--option"];
            let host = scan_options(argv, 2, "lpLRDo", VALUES).operand;
            let at = scan_options(argv, host + 1, "lpLRDo", VALUES).operand;
            if argv.get(host).is_none() || rest(at).is_empty() {
                return Peel::Runs;
            }
            // The Teleport cluster (`--cluster=prod`) names where the host is, as the host may.
            let via = targeted("tsh ssh".into(), &argv[..host], &["--cluster"]);
            remote_line(&format!("{via} {}", argv[host].text), rest(at))
        }
        // Boundary passes the words after `--` to ssh, after the target's address.
        "boundary" if word(1) == Some("connect") && word(2) == Some("ssh") => {
            let Some(dash) = argv.iter().position(|w| w.text == "--") else { return Peel::Runs };
            let at = scan_options(argv, dash + 1, SSH_VALUES, &[]).operand;
            if rest(at).is_empty() {
                return Peel::Runs;
            }
            remote_line("boundary connect ssh", rest(at))
        }
        "nomad" if word(1) == Some("alloc") && word(2) == Some("exec") => {
            let mut at = 3;
            while let Some(option) = word(at).filter(|w| w.starts_with('-')) {
                let flag =
                    option.contains('=') || matches!(option, "-i" | "-t" | "-job" | "-tls-skip-verify");
                at += if flag { 1 } else { 2 };
            }
            // `nomad alloc exec ALLOC -- CMD`: the `--` ends nomad's options, it is no command.
            let at = at + 1 + usize::from(word(at + 1) == Some("--"));
            match rest(at) {
                [] => Peel::Runs,
                command => script("nomad alloc exec", command, Dialect::Posix),
            }
        }
        "knife" if word(1) == Some("ssh") => {
            const VALUES: &[&str] = &[
                "--attribute",
                "--concurrency",
                "--ssh-user",
                "--ssh-password",
                "--ssh-port",
                "--ssh-gateway",
                "--ssh-identity-file",
                "--config",
                "--environment",
                "--server-url",
                "--user",
                "--key",
                "--format",
            ];
            let query = scan_options(argv, 2, "aCxPpGicEsukF", VALUES).operand;
            let at = scan_options(argv, query + 1, "aCxPpGicEsukF", VALUES).operand;
            match argv.get(at) {
                Some(command) => remote_line("knife ssh", std::slice::from_ref(command)),
                None => Peel::Runs,
            }
        }
        "bolt" if word(1) == Some("command") && word(2) == Some("run") => {
            const VALUES: &[&str] = &[
                "--targets",
                "--query",
                "--rerun",
                "--user",
                "--password",
                "--run-as",
                "--transport",
                "--inventoryfile",
                "--project",
                "--concurrency",
                "--env-var",
                "--log-level",
                "--format",
            ];
            let at = scan_options(argv, 3, "tqupic", VALUES).operand;
            match argv.get(at) {
                Some(command) => remote_line("bolt command run", std::slice::from_ref(command)),
                None => Peel::Runs,
            }
        }
        _ => Peel::Runs,
    }
}

/// `devcontainer exec`'s options that take a value.
const DEVCONTAINER_VALUES: &[&str] = &[
    "--workspace-folder",
    "--container-id",
    "--id-label",
    "--config",
    "--override-config",
    "--remote-env",
    "--docker-path",
    "--docker-compose-path",
    "--user-data-folder",
    "--log-level",
    "--log-format",
    "--terminal-columns",
    "--terminal-rows",
    "--default-user-env-probe",
];

/// Kamal's options that take a value.
const KAMAL_VALUES: &[&str] = &["--env", "--destination", "--hosts", "--roles", "--config-file", "--version"];

/// `coder ssh`'s options that take a value.
const CODER_VALUES: &[&str] = &[
    "--identity-agent",
    "--workspace-poll-interval",
    "--wait",
    "--log-dir",
    "--remote-forward",
    "--env",
    "--ssh-host-prefix",
    "--network-info-dir",
];

/// The shells of virtual machines, devices and cloud hosts, followed as `ssh host CMD` is:
/// `vagrant ssh -c CMD` (whose `/vagrant` is the project folder on the host), `gcloud compute
/// ssh VM --command CMD` and `gcloud cloud-shell ssh --command CMD` (in the machine's home),
/// `adb shell CMD`, which starts at the device's root, `gh codespace ssh -- CMD`, `coder ssh
/// WS CMD`, `fly ssh console -C CMD`, Kamal's `app exec CMD` (in the app's container) and
/// `server exec CMD`, and the cloud's run-command services: `az vm
/// run-command invoke --scripts CMD`, `aws ssm send-command --parameters commands=CMD`.
fn machine_shell(name: &str, argv: &[Word]) -> Peel {
    let reordered = globals_last(name, argv);
    let argv = reordered.as_deref().unwrap_or(argv);
    let word = |at: usize| argv.get(at).map(|w| w.text.as_str());
    // The value of `option` (`-c CMD`, `--command CMD`, `--command=CMD`) from `from` on.
    let value = |from: usize, options: &[&str]| {
        argv.iter().enumerate().skip(from).find_map(|(at, w)| match w.text.split_once('=') {
            Some((option, value)) if option.starts_with("--") && options.contains(&option) => {
                Some(derived(w, value))
            }
            _ => options.contains(&w.text.as_str()).then(|| argv.get(at + 1).cloned()).flatten(),
        })
    };
    let (via, command, start) = match name {
        "vagrant" if word(1) == Some("ssh") => {
            // Its paths under `/vagrant` are the project's, spelt relative to where the line
            // runs: judged from there, not from the machine's home.
            let Some(command) = value(2, &["-c", "--command"]) else { return Peel::Runs };
            let script = mapped(&command, &[("/vagrant".into(), Word::literal("."))]);
            return Peel::Script { via: "vagrant ssh -c".into(), script, dialect: Dialect::Posix };
        }
        "gcloud" if matches!(word(1), Some("compute" | "cloud-shell")) && word(2) == Some("ssh") => {
            // The via names the machine (`gcloud compute ssh prod-web`) and its project.
            let machine = word(3).filter(|w| !w.starts_with('-')).unwrap_or_default();
            let via = targeted(format!("gcloud compute ssh {machine}"), argv, &["--project"]);
            if let Some(command) = value(3, &["--command"]) {
                let line = derived(&command, &format!("cd ~ && {}", command.text));
                return Peel::Script { via, script: line, dialect: Dialect::Posix };
            } else {
                // `gcloud compute ssh VM -- [SSH FLAGS] CMD`: ssh's own words after the `--`.
                let Some(dash) = argv.iter().position(|w| w.text == "--") else { return Peel::Runs };
                let at = scan_options(argv, dash + 1, SSH_VALUES, &[]).operand;
                return remote_line(&via, &argv[at..]);
            }
        }
        // Elastic Beanstalk's `eb ssh ENV --command CMD` and Cloud Foundry's `cf ssh APP -c
        // CMD`: CMD runs on the environment's instance or in the app's container.
        "eb" if word(1) == Some("ssh") => {
            let Some(command) = value(2, &["--command", "-c"]) else { return Peel::Runs };
            ("eb ssh --command", command, "cd ~")
        }
        "cf" if word(1) == Some("ssh") => {
            let Some(command) = value(2, &["--command", "-c"]) else { return Peel::Runs };
            ("cf ssh -c", command, "cd ~")
        }
        // `az ssh vm --name VM -g RG -- CMD`: ssh's own words after the `--`.
        "az" if matches!(word(1), Some("ssh")) && matches!(word(2), Some("vm" | "arc")) => {
            let Some(dash) = argv.iter().position(|w| w.text == "--") else { return Peel::Runs };
            let at = scan_options(argv, dash + 1, SSH_VALUES, &[]).operand;
            match script(name, &argv[at..], Dialect::Posix) {
                Peel::Script { script, .. } => ("az ssh", script, "cd ~"),
                other => return other,
            }
        }
        // The console is itself asked about (a shell on the app's machines): both are judged.
        "fly" | "flyctl" if word(1) == Some("ssh") && word(2) == Some("console") => {
            let Some(command) = value(3, &["-C", "--command"]) else { return Peel::Runs };
            let line = derived(&command, &format!("cd ~ && {}", command.text));
            let inner = vec![Word::literal("sh"), Word::literal("-c"), line];
            return Peel::Find { execs: vec![("fly ssh console".into(), inner)] };
        }
        // `gh codespace ssh [FLAGS] -- [SSH FLAGS] CMD`: ssh's own words after the `--`.
        "gh" if matches!(word(1), Some("cs" | "codespace")) && word(2) == Some("ssh") => {
            let Some(dash) = argv.iter().position(|w| w.text == "--") else { return Peel::Runs };
            let at = scan_options(argv, dash + 1, SSH_VALUES, &[]).operand;
            match script(name, &argv[at..], Dialect::Posix) {
                Peel::Script { script, .. } => ("gh codespace ssh", script, "cd ~"),
                other => return other,
            }
        }
        "coder" if word(1) == Some("ssh") => {
            let workspace = scan_options(argv, 2, "lRe", CODER_VALUES).operand;
            let at = workspace + usize::from(word(workspace + 1) == Some("--")) + 1;
            match script(name, argv.get(at..).unwrap_or_default(), Dialect::Posix) {
                Peel::Script { script, .. } => ("coder ssh", script, "cd ~"),
                other => return other,
            }
        }
        // `fab -H HOSTS -- CMD`: Fabric runs CMD on each host, as `ssh HOST CMD` does.
        "fab" => {
            let Some(dash) = argv.iter().position(|w| w.text == "--") else { return Peel::Runs };
            match script(name, &argv[dash + 1..], Dialect::Posix) {
                Peel::Script { script, .. } => ("fab --", script, "cd ~"),
                other => return other,
            }
        }
        // `kamal app exec [--reuse] CMD`, `kamal accessory exec NAME CMD`: CMD's words, joined.
        "kamal" if word(2) == Some("exec") && matches!(word(1), Some("app" | "server" | "accessory")) => {
            let mut at = scan_options(argv, 3, "edhrc", KAMAL_VALUES).operand;
            if word(1) == Some("accessory") {
                at = scan_options(argv, at + 1, "edhrc", KAMAL_VALUES).operand;
            }
            let via = targeted("kamal exec".into(), &argv[..at.min(argv.len())], &["-d", "--destination"]);
            match script(name, argv.get(at..).unwrap_or_default(), Dialect::Posix) {
                Peel::Script { script, .. } => {
                    let line = format!("cd ~ && {}", script.text);
                    return Peel::Script { via, script: derived(&script, &line), dialect: Dialect::Posix };
                }
                other => return other,
            }
        }
        // `aws ec2-instance-connect ssh --instance-id ID -- CMD`, `scw instance server ssh ID --
        // CMD`: ssh's own words after the `--`, on the instance the options name.
        "aws" | "scw"
            if (word(1), word(2)) == (Some("ec2-instance-connect"), Some("ssh"))
                || (word(1), word(2), word(3)) == (Some("instance"), Some("server"), Some("ssh")) =>
        {
            let via = if name == "aws" { "aws ec2-instance-connect ssh" } else { "scw instance server ssh" };
            let Some(dash) = argv.iter().position(|w| w.text == "--") else {
                // `aws ec2-instance-connect ssh --instance-id ID --command CMD`.
                let Some(command) = value(3, &["--command"]).filter(|_| name == "aws") else {
                    return Peel::Runs;
                };
                let via = targeted(via.into(), argv, &["--instance-id"]);
                return remote_line(&via, &[command]);
            };
            let via = targeted(via.into(), &argv[..dash], &["--instance-id"]);
            let at = scan_options(argv, dash + 1, SSH_VALUES, &[]).operand;
            return remote_line(&via, argv.get(at..).unwrap_or_default());
        }
        // `az aks command invoke -g RG -n CLUSTER --command 'kubectl …'`: the line runs in a pod
        // of the cluster, with the cluster's admin credentials.
        "az" if (word(1), word(2), word(3)) == (Some("aks"), Some("command"), Some("invoke")) => {
            let Some(command) = value(4, &["--command", "-c"]) else { return Peel::Runs };
            let via =
                targeted("az aks command invoke".into(), argv, &["-g", "--resource-group", "-n", "--name"]);
            return Peel::Script { via, script: command, dialect: Dialect::Posix };
        }
        // `aws ssm start-session --document-name AWS-StartInteractiveCommand --parameters
        // command=CMD` (or `AWS-StartNonInteractiveCommand`): CMD runs on the target.
        "aws" if word(1) == Some("ssm") && word(2) == Some("start-session") => {
            let Some(parameters) = value(3, &["--parameters"]) else { return Peel::Runs };
            let via = targeted("aws ssm start-session".into(), argv, &["--target"]);
            // `--parameters file://p.json`: the command in a file, read only when it runs.
            if let Some(file) = parameters.text.strip_prefix("file://") {
                let mut unseen = derived(&parameters, &format!("$(cat {file})"));
                unseen.dynamic = true;
                return Peel::Script { via, script: unseen, dialect: Dialect::Posix };
            }
            let Some(lines) = ssm_commands(&parameters.text, "command") else { return Peel::Runs };
            return remote_line(&via, &[derived(&parameters, &lines)]);
        }
        // `oci instance-agent command create --content '{"source":{"sourceType":"TEXT","text":
        // CMD}}'`: the agent runs CMD on the instance the `--target` names.
        "oci" if (word(1), word(2), word(3)) == (Some("instance-agent"), Some("command"), Some("create")) => {
            let Some(content) = value(4, &["--content"]) else { return Peel::Runs };
            let parsed = serde_json::from_str::<serde_json::Value>(&content.text).ok();
            let text = parsed.as_ref().and_then(|c| c.pointer("/source/text")).and_then(|t| t.as_str());
            let Some(text) = text else { return Peel::Runs };
            return remote_line("oci instance-agent command", &[derived(&content, text)]);
        }
        // `az vm extension set --name CustomScript --settings '{"commandToExecute": CMD}'` (or
        // `--protected-settings`): the Custom Script extension runs CMD on the VM.
        "az" if matches!(word(1), Some("vm" | "vmss"))
            && (word(2), word(3)) == (Some("extension"), Some("set")) =>
        {
            let command = ["--settings", "--protected-settings"].iter().find_map(|option| {
                let settings = value(4, &[*option])?;
                let parsed = serde_json::from_str::<serde_json::Value>(&settings.text).ok()?;
                let command = parsed.get("commandToExecute")?.as_str()?.to_string();
                Some(derived(&settings, &command))
            });
            let Some(command) = command else { return Peel::Runs };
            let via = targeted("az vm run-command".into(), argv, &["-g", "--resource-group", "--vm-name"]);
            return remote_line(&via, &[command]);
        }
        // `doctl compute ssh DROPLET --ssh-command CMD`: CMD runs on the droplet.
        "doctl" if (word(1), word(2)) == (Some("compute"), Some("ssh")) => {
            let Some(command) = value(3, &["--ssh-command"]) else { return Peel::Runs };
            let droplet = word(3).filter(|w| !w.starts_with('-')).unwrap_or_default();
            return remote_line(&format!("doctl compute ssh {droplet}"), &[command]);
        }
        "az" if matches!(word(1), Some("vm" | "vmss")) && word(2) == Some("run-command") => {
            // `--scripts` takes every word up to the next option, each a line of the script.
            let Some(at) = argv.iter().position(|w| matches!(w.text.as_str(), "--scripts" | "--script"))
            else {
                return Peel::Runs;
            };
            let lines: Vec<&str> =
                argv[at + 1..].iter().map(|w| w.text.as_str()).take_while(|w| !w.starts_with("--")).collect();
            let Some(first) = argv.get(at + 1).filter(|_| !lines.is_empty()) else { return Peel::Runs };
            let powershell = argv.iter().any(|w| w.text.eq_ignore_ascii_case("RunPowerShellScript"));
            let dialect = if powershell { Dialect::PowerShell } else { Dialect::Posix };
            let via = targeted("az vm run-command".into(), argv, &["-g", "--resource-group", "-n", "--name"]);
            return Peel::Script { via, script: derived(first, &lines.join("\n")), dialect };
        }
        "aws" if word(1) == Some("ssm") && word(2) == Some("send-command") => {
            let Some(parameters) = value(3, &["--parameters"]) else { return Peel::Runs };
            // `--parameters file://cmds.json`: commands in a file, read only when it runs.
            if let Some(file) = parameters.text.strip_prefix("file://") {
                let mut unseen = derived(&parameters, &format!("$(cat {file})"));
                unseen.dynamic = true;
                return Peel::Script {
                    via: "aws ssm send-command".into(),
                    script: unseen,
                    dialect: Dialect::Posix,
                };
            }
            let Some(lines) = ssm_commands(&parameters.text, "commands") else { return Peel::Runs };
            let powershell = argv.iter().any(|w| w.text.contains("RunPowerShellScript"));
            let dialect = if powershell { Dialect::PowerShell } else { Dialect::Posix };
            let script = derived(&parameters, &lines);
            return Peel::Script { via: "aws ssm send-command".into(), script, dialect };
        }
        // `aws ecs execute-command --command CMD`: CMD runs in the task's container.
        "aws" if word(1) == Some("ecs") && word(2) == Some("execute-command") => {
            let Some(command) = value(3, &["--command"]) else { return Peel::Runs };
            // A bare shell (`--command /bin/sh`) runs only what is typed into it: the call
            // itself is judged (an interactive shell on production asks).
            let mut words = command.text.split_whitespace();
            let shell = words.next().and_then(|program| program.rsplit('/').next());
            if shell.is_some_and(|s| SHELLS.contains(&s))
                && words.all(|w| matches!(w, "-l" | "-i" | "--login"))
            {
                return Peel::Runs;
            }
            let via = targeted("aws ecs execute-command".into(), argv, &["--cluster"]);
            return Peel::Script { via, script: command, dialect: Dialect::Posix };
        }
        "adb" => {
            let mut at = 1;
            while let Some(option) = word(at).filter(|w| w.starts_with('-')) {
                at += if matches!(option, "-s" | "-t" | "-H" | "-P" | "-L") { 2 } else { 1 };
            }
            // `exec-out` runs its command as `shell` does, with the output left binary.
            if !matches!(word(at), Some("shell" | "exec-out")) {
                return Peel::Runs;
            }
            at += 1;
            while word(at).is_some_and(|w| matches!(w, "-t" | "-T" | "-x" | "-n" | "-tt")) {
                at += 1;
            }
            // `/data/local/tmp` is the device's scratch directory, as `/tmp` is here.
            match script(name, &argv[at.min(argv.len())..], Dialect::Posix) {
                Peel::Script { script, .. } => (
                    "adb shell",
                    mapped(&script, &[("/data/local/tmp".into(), Word::literal("/tmp"))]),
                    "cd /",
                ),
                other => return other,
            }
        }
        _ => return Peel::Runs,
    };
    let line = format!("{start} && {}", command.text);
    Peel::Script { via: via.into(), script: derived(&command, &line), dialect: Dialect::Posix }
}

/// A cloud CLI's line with the global options written before its subcommand moved after it
/// (`aws --profile prod ssm send-command …` read as `aws ssm send-command … --profile prod`),
/// so that the subcommand is found at its place; `None` when none comes first.
fn globals_last(name: &str, argv: &[Word]) -> Option<Vec<Word>> {
    // The global options that take no value; every other one does, unless written `--o=v`.
    const FLAGS: &[&str] = &[
        "--debug",
        "--no-verify-ssl",
        "--no-paginate",
        "--no-sign-request",
        "--no-cli-pager",
        "--cli-auto-prompt",
        "--no-cli-auto-prompt",
        "--quiet",
        "-q",
        "--log-http",
        "--user-output-enabled",
        "--no-user-output-enabled",
        "--verbose",
        "--only-show-errors",
        "--trace",
        "--raw-output",
        "--no-retry",
    ];
    if !matches!(name, "aws" | "gcloud" | "az" | "oci" | "doctl")
        || !argv.get(1).is_some_and(|w| w.text.starts_with('-'))
    {
        return None;
    }
    let mut at = 1;
    while let Some(w) = argv.get(at).filter(|w| w.text.starts_with('-') && w.text != "--") {
        at += if FLAGS.contains(&w.text.as_str()) || w.text.contains('=') { 1 } else { 2 };
    }
    let at = at.min(argv.len());
    Some([&argv[..1], &argv[at..], &argv[1..at]].concat())
}

/// The lines of `aws ssm send-command --parameters` (`key` is `commands`; `command` for
/// `start-session`): `commands=CMD`, `commands=["A","B"]` (the shorthand), or
/// `{"commands":["A","B"]}` (JSON).
fn ssm_commands(parameters: &str, key: &str) -> Option<String> {
    let lines = |value: &serde_json::Value| -> Option<String> {
        let lines: Vec<&str> = match value {
            serde_json::Value::Array(items) => items.iter().filter_map(serde_json::Value::as_str).collect(),
            serde_json::Value::String(line) => vec![line.as_str()],
            _ => return None,
        };
        Some(lines.join("\n"))
    };
    let text = parameters.trim();
    if text.starts_with('{') {
        return lines(serde_json::from_str::<serde_json::Value>(text).ok()?.get(key)?);
    }
    let value = text.strip_prefix(key)?.strip_prefix('=')?;
    match serde_json::from_str::<serde_json::Value>(value) {
        Ok(parsed @ serde_json::Value::Array(_)) => lines(&parsed),
        _ => Some(value.trim_start_matches('[').trim_end_matches(']').to_string()),
    }
}

/// `puppet apply -e "exec { 'x': command => 'CMD' }"`: an `exec` resource's command is a line
/// the agent runs here, as root. A `--noop` run only reports.
fn puppet_exec(argv: &[Word]) -> Peel {
    if argv.iter().any(|w| w.text == "--noop") {
        return Peel::Runs;
    }
    let Some(code) =
        argv.windows(2).find(|p| matches!(p[0].text.as_str(), "-e" | "--execute")).map(|p| &p[1])
    else {
        return Peel::Runs;
    };
    if !code.text.contains("exec") {
        return Peel::Runs;
    }
    let mut lines = Vec::new();
    let mut rest = code.text.as_str();
    while let Some(at) = rest.find("command") {
        rest = rest[at + "command".len()..].trim_start();
        let Some(after) = rest.strip_prefix("=>") else { continue };
        let after = after.trim_start();
        let Some(quote) = after.chars().next().filter(|c| matches!(c, '\'' | '"')) else { continue };
        let Some(end) = after[1..].find(quote) else { break };
        lines.push(&after[1..1 + end]);
        rest = &after[1 + end..];
    }
    if lines.is_empty() {
        return Peel::Runs;
    }
    Peel::Script {
        via: "puppet apply -e".into(),
        script: derived(code, &lines.join("\n")),
        dialect: Dialect::Posix,
    }
}

/// `pdsh -w HOSTS CMD`, `pssh -h FILE -i CMD`, `clush -a CMD`: like `ssh host CMD`, the
/// words after the options are a line each host's shell runs. `clush -c` copies files.
fn remote_shells(name: &str, argv: &[Word]) -> Peel {
    let (short, long): (&str, &[&str]) = match name {
        "pdsh" => ("wxgXltufRMe", &[]),
        "clush" => (
            "wxgXlfturOoR",
            &[
                "--nodes",
                "--exclude",
                "--group",
                "--user",
                "--fanout",
                "--options",
                "--worker",
                "--rcopy",
                "--dest",
            ],
        ),
        _ => (
            "hHlpoetxXO",
            &["--hosts", "--host", "--user", "--par", "--outdir", "--errdir", "--timeout", "--extra-args"],
        ),
    };
    let scan = scan_options(argv, 1, short, long);
    let copies =
        name == "clush" && argv.iter().any(|w| matches!(w.text.as_str(), "-c" | "--copy" | "--rcopy"));
    match argv.get(scan.operand..) {
        Some(command) if !command.is_empty() && !copies => script(name, command, Dialect::Posix),
        _ => Peel::Runs,
    }
}

/// A cmd switch: `/`, one letter, and maybe `:VALUE` (`/q`, `/a:h`).
fn cmd_switch(text: &str) -> bool {
    text.strip_prefix('/').is_some_and(|switch| {
        let letter = switch.split(':').next().unwrap_or(switch);
        letter.len() == 1 && letter.as_bytes()[0].is_ascii_alphabetic()
    })
}

/// Packages that are known recursive deleters, run by `npx`/`pnpm dlx`: they delete their
/// operands as `rm -rf` does.
const DELETER_PACKAGES: &[&str] = &["rimraf", "del-cli", "del", "trash-cli", "rmrf"];

/// The programs those packages (and trash-cli's Python namesake) install: each deletes its
/// operands, directories and all, as `rm -rf` does (the trash is no backup the agent keeps).
const DELETERS: &[&str] = &["rimraf", "del-cli", "del", "rmrf", "trash", "trash-put"];

/// `npx [OPTIONS] PACKAGE ARGS`: the package's binary runs; a known deleter is `rm -rf`.
/// pnpm's and yarn's own commands (and their aliases): any other name runs a script or a
/// program of the project.
const MANAGER_COMMANDS: &[&str] = &[
    "add",
    "approve-builds",
    "audit",
    "autoclean",
    "bin",
    "cache",
    "cat-file",
    "cat-index",
    "catalog",
    "check",
    "config",
    "constraints",
    "create",
    "dedupe",
    "deploy",
    "dlx",
    "doctor",
    "env",
    "exec",
    "explain",
    "fetch",
    "find-hash",
    "generate-lock-entry",
    "get",
    "global",
    "help",
    "i",
    "ignored-builds",
    "import",
    "info",
    "init",
    "install",
    "install-test",
    "it",
    "licenses",
    "link",
    "list",
    "ln",
    "login",
    "logout",
    "ls",
    "node",
    "npm",
    "outdated",
    "owner",
    "pack",
    "patch",
    "patch-commit",
    "plugin",
    "policies",
    "prune",
    "publish",
    "rb",
    "rebuild",
    "recursive",
    "remove",
    "rm",
    "root",
    "run",
    "run-script",
    "search",
    "self-update",
    "server",
    "set",
    "setup",
    "stage",
    "start",
    "store",
    "t",
    "tag",
    "team",
    "test",
    "un",
    "uninstall",
    "unlink",
    "unplug",
    "up",
    "update",
    "upgrade",
    "upgrade-interactive",
    "version",
    "versions",
    "why",
    "workspace",
    "workspaces",
];

/// pnpm's options before its command that take a value (`--filter x`, `-C dir`).
const PNPM_VALUES: &[&str] = &[
    "--filter",
    "-F",
    "--filter-prod",
    "-C",
    "--dir",
    "--workspace-concurrency",
    "--reporter",
    "--test-pattern",
    "--changed-files-ignore-pattern",
    "--loglevel",
];

/// `yarn workspaces foreach`'s options that take a value.
const FOREACH_VALUES: &[&str] = &["--include", "--exclude", "-j", "--jobs", "--from", "--since"];

/// Where the command of a package manager's `exec` in each package starts, after the options
/// that pick the packages: `pnpm [-r] [--filter X] exec CMD`, `yarn workspaces foreach [OPTS]
/// exec CMD`, `yarn workspace NAME exec CMD`.
pub(crate) fn workspace_exec(name: &str, argv: &[Word]) -> Option<usize> {
    let sub = workspace_subcommand(name, argv)?;
    (argv.get(sub)?.text == "exec").then(|| scan_options(argv, sub + 1, "", &[]).operand)
}

/// Where the subcommand that runs in each package stands (`exec`, `run`), after the options
/// and words that pick the packages; `None` when the line runs no such command.
pub(crate) fn workspace_subcommand(name: &str, argv: &[Word]) -> Option<usize> {
    let skip_options = |mut at: usize, values: &[&str]| {
        while let Some(word) = argv.get(at) {
            let text = word.text.as_str();
            if !text.starts_with('-') || word.dynamic {
                break;
            }
            at += if values.contains(&text) { 2 } else { 1 };
        }
        at
    };
    let at = match (name, argv.get(1).map(|w| w.text.as_str())) {
        ("yarn", Some("workspaces")) if argv.get(2).is_some_and(|w| w.text == "foreach") => {
            skip_options(3, FOREACH_VALUES)
        }
        ("yarn", Some("workspace")) => 3,
        ("pnpm", _) => skip_options(1, PNPM_VALUES),
        _ => return None,
    };
    // Plain `pnpm exec` is the wrapper's own case above.
    (at > 1 || name == "yarn").then_some(at)
}

fn package_runner(via: &str, argv: &[Word], from: usize) -> Peel {
    let at = scan_options(argv, from, "pc", &["--package", "--call"]).operand;
    let Some(package) = argv.get(at) else { return Peel::Runs };
    let bare = package.text.split('@').find(|p| !p.is_empty()).unwrap_or("");
    let bare = crate::shell::base_name(bare);
    // The runner stays a command of its own beside what it runs: whether the project lists
    // the package it fetches is the guard's to judge (`guard::script_file`).
    if !DELETER_PACKAGES.contains(&bare) {
        return persists(via, argv, at);
    }
    deleter(&format!("{via} {bare}"), &argv[at..])
}

/// Whether a word after a test runner's `--` names a program (`rm`, `/bin/sh`) rather than
/// a test file, a test id or an option (`tests/x.py`, `x.py::test_y`, `-k name`).
fn names_program(text: &str) -> bool {
    let bare = super::base_name(text);
    !text.starts_with('-') && !bare.contains(['.', ':']) && (text.starts_with('/') || !text.contains('/'))
}

/// Runners of a tool's program or of code given on their command line, each as the command
/// that runs the same: `corepack pnpm@9 dlx X` is `pnpm dlx X`; `uvx [OPTIONS] TOOL[@VER]
/// ARGS`, `uv tool run …` and `pipx run …` run the tool's program; `rake -e CODE` is `ruby -e
/// CODE`, `mix run -e CODE` is `elixir -e CODE`; `tox -x testenv.commands=LINE` runs LINE;
/// `mvn exec:exec -Dexec.executable=X -Dexec.args=ARGS` runs `X ARGS`. `None` for their other
/// commands, which run themselves.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
/// A runner of packages it fetches (`uvx PKG`, `pipx run PKG`, `uv run --with PKG CMD`) stays
/// a command of its own beside what it runs: the guard judges the packages it names.
fn fetching(argv: &[Word], peel: Peel) -> Option<Peel> {
    let (via, inner) = match peel {
        Peel::Skips { via, at } => (via, argv[at..].to_vec()),
        Peel::Wraps { via, inner } => (via, inner),
        other => return Some(other),
    };
    Some(Peel::Find { execs: vec![(via, inner)] })
}

fn tool_runner(name: &str, argv: &[Word]) -> Option<Peel> {
    let sub = argv.get(1).map(|w| w.text.as_str());
    let program = |at: usize, via: &str| {
        let word = argv.get(at)?;
        let bare = word.text.split(['@', '=', '<', '>', '~', '[']).next().unwrap_or_default();
        if bare.is_empty() || bare == word.text {
            return Some(wraps(via, argv, at));
        }
        let mut inner = vec![derived(word, bare)];
        inner.extend(argv[at + 1..].iter().cloned());
        Some(Peel::Wraps { via: via.to_string(), inner })
    };
    let code = |interpreter: &str, options: &[&str]| {
        let at = argv.iter().position(|w| options.contains(&w.text.as_str()))?;
        let inner = vec![derived(&argv[0], interpreter), derived(&argv[0], "-e"), argv.get(at + 1)?.clone()];
        Some(Peel::Wraps { via: format!("{name} {}", argv[at].text), inner })
    };
    match (name, sub) {
        ("corepack", Some(manager))
            if matches!(
                manager.split('@').next(),
                Some("pnpm" | "pnpx" | "yarn" | "yarnpkg" | "npm" | "npx")
            ) =>
        {
            program(1, "corepack")
        }
        ("uvx", _) => {
            fetching(argv, program(super::launchers::command_start("uvx", argv, options_end)?, "uvx")?)
        }
        ("uv", Some("tool")) if argv.get(2).is_some_and(|w| w.text == "run") => {
            let at = super::launchers::command_start("uvx", &argv[2..], options_end)? + 2;
            fetching(argv, program(at, "uv tool run")?)
        }
        ("pipx", Some("run")) => {
            fetching(argv, program(super::launchers::command_start("pipx", argv, options_end)?, "pipx run")?)
        }
        // `uv run --with PKG CMD`: CMD runs with a package the project may not list.
        ("uv", Some("run")) if argv.iter().any(|w| w.text == "--with" || w.text.starts_with("--with=")) => {
            let at = super::launchers::command_start("uv", argv, options_end)?;
            fetching(argv, Peel::Skips { via: "uv run".into(), at })
        }
        ("rake", _) => {
            code("ruby", &["-e", "--execute", "-p", "--execute-print", "-E", "--execute-continue"])
        }
        ("mix", Some("run")) => code("elixir", &["-e", "--eval"]),
        // tox's `-x KEY=VALUE` overrides a setting of tox.ini; a `commands` key's value is the
        // command lines a test environment runs. What follows `--` is `{posargs}` (nox's
        // `session.posargs`), which a session may run as its command (`commands = {posargs}`):
        // a program named there (`tox -e py -- rm -rf ~`) is judged as run; test paths and
        // options (`-- tests/x.py`, `-- -k name`) are the test runner's.
        ("tox" | "nox", _) => {
            let posargs = argv
                .iter()
                .position(|w| w.text == "--")
                .map(|dash| &argv[dash + 1..])
                .filter(|rest| rest.first().is_some_and(|w| names_program(&w.text)))
                .map(|rest| (format!("{name} --"), rest.to_vec()));
            let lines: Vec<Word> = argv
                .windows(2)
                .filter(|_| name == "tox")
                .filter(|pair| matches!(pair[0].text.as_str(), "-x" | "--override"))
                .filter_map(|pair| {
                    let (key, value) = pair[1].text.split_once('=')?;
                    let last = key.trim().rsplit('.').next().unwrap_or_default();
                    last.starts_with("commands").then(|| derived(&pair[1], value))
                })
                .collect();
            let execs = lines
                .into_iter()
                .map(|line| ("tox -x".to_string(), vec![Word::literal("sh"), Word::literal("-c"), line]))
                .chain(posargs)
                .collect::<Vec<_>>();
            (!execs.is_empty()).then_some(Peel::Find { execs })
        }
        // The exec plugin's `exec` goal runs `exec.executable` with `exec.args` split at blanks.
        ("mvn" | "mvnw", _)
            if argv.iter().any(|w| {
                w.text == "exec:exec"
                    || w.text.ends_with(":exec:exec")
                    || w.text.contains("exec-maven-plugin:") && w.text.ends_with(":exec")
            }) =>
        {
            let property = |key: &str| {
                argv.iter().enumerate().find_map(|(at, w)| {
                    let spec = match w.text.as_str() {
                        "-D" => argv.get(at + 1)?,
                        _ => w,
                    };
                    let text = spec.text.strip_prefix("-D").unwrap_or(&spec.text);
                    text.strip_prefix(key)?.strip_prefix('=').map(|value| derived(spec, value))
                })
            };
            let executable = property("exec.executable")?;
            let args = property("exec.args");
            // The plugin splits `exec.args` as a shell would, quotes and all.
            if let Some(args) = args.as_ref().filter(|args| args.text.contains(['\'', '"'])) {
                let line = derived(args, &format!("{} {}", super::quote(&executable.text), args.text));
                return Some(Peel::Script {
                    via: "mvn exec:exec".into(),
                    script: line,
                    dialect: Dialect::Posix,
                });
            }
            let mut inner = vec![executable];
            if let Some(args) = args {
                // Each piece is known unless it holds the run-time part (`-rf $HOME`).
                inner.extend(args.text.split_whitespace().map(|arg| Word {
                    dynamic: args.dynamic && arg.contains(['$', '`']),
                    ..Word::literal(arg)
                }));
            }
            Some(Peel::Wraps { via: "mvn exec:exec".into(), inner })
        }
        _ => None,
    }
}

/// A deleter (`rimraf ARGS`, from the project's `node_modules/.bin` or anywhere) as `rm -rf`
/// of its operands.
fn deleter(via: &str, argv: &[Word]) -> Peel {
    let Some(program) = argv.first() else { return Peel::Runs };
    let mut inner = vec![derived(program, "rm"), derived(program, "-rf")];
    inner.extend(argv[1..].iter().filter(|w| !w.text.starts_with('-')).cloned());
    Peel::Wraps { via: via.to_string(), inner }
}

/// Desktop file tools (GLib's `gio` and the older `gvfs-*`, KDE's `kioclient`): `gio trash`
/// and `kioclient remove` delete their locations, directories and all, as `rm -rf` does (the
/// trash is no backup the agent keeps; `trash-put` is one of the [`DELETERS`]), `gio remove`
/// as `rm -f`; `move` is `mv`, `copy` is `cp`, `gio rename F NAME` is `mv F DIR/NAME`. A
/// `file://` location is its path. Emptying, listing or restoring the trash runs as itself.
fn desktop_file_tool(name: &str, argv: &[Word]) -> Peel {
    let (sub, from) = match name.strip_prefix("gvfs-") {
        Some(sub) => (sub.to_string(), 1),
        None => match argv.iter().skip(1).position(|w| !w.text.starts_with('-')) {
            Some(at) => (argv[at + 1].text.to_ascii_lowercase(), at + 2),
            None => return Peel::Runs,
        },
    };
    let rest = argv.get(from..).unwrap_or_default();
    if rest.iter().any(|w| matches!(w.text.as_str(), "--empty" | "--list" | "--restore")) {
        return Peel::Runs;
    }
    let mut operands: Vec<Word> = rest
        .iter()
        .filter(|w| !w.text.starts_with('-'))
        .map(|w| match w.text.strip_prefix("file://") {
            Some(path) => derived(w, path),
            None => w.clone(),
        })
        .collect();
    let program = &argv[0];
    let head: &[&str] = match sub.as_str() {
        "trash" => &["rm", "-rf"],
        "remove" | "rm" if name.starts_with('k') => &["rm", "-rf"],
        "remove" | "rm" => &["rm", "-f"],
        "move" | "mv" => &["mv"],
        "copy" | "cp" => &["cp"],
        "rename" if operands.len() == 2 => {
            let target = match operands[0].text.trim_end_matches('/').rsplit_once('/') {
                Some((dir, _)) => format!("{dir}/{}", operands[1].text),
                None => operands[1].text.clone(),
            };
            operands[1] = derived(&operands[1], &target);
            &["mv"]
        }
        _ => return Peel::Runs,
    };
    let mut inner: Vec<Word> = head.iter().map(|text| derived(program, text)).collect();
    inner.extend(operands);
    Peel::Wraps { via: format!("{name} {sub}"), inner }
}

fn git(argv: &[Word]) -> Peel {
    let mut aliases: Vec<(String, Word)> = Vec::new();
    let mut at = 1;
    while let Some(word) = argv.get(at) {
        match word.text.as_str() {
            "-c" => {
                if let Some((key, value)) = argv.get(at + 1).and_then(|w| w.text.split_once('=')) {
                    if let Some(name) = key.strip_prefix("alias.") {
                        aliases.push((name.to_string(), derived(&argv[at + 1], value)));
                    }
                }
                at += 2;
            }
            "-C" | "--git-dir" | "--work-tree" | "--namespace" | "--config-env" => at += 2,
            text if text.starts_with('-') => at += 1,
            _ => break,
        }
    }
    let Some(sub) = argv.get(at) else { return Peel::Runs };
    if let Some((_, value)) = aliases.iter().rev().find(|(name, _)| *name == sub.text) {
        return git_alias(value, &argv[at + 1..]);
    }
    // `git config core.pager CMD`, `git config alias.x '!rm -rf ~'`: git runs the value on
    // later commands, in this line or any later session, which name none of it; so it is
    // judged where it is set, beside the write of the configuration file.
    if sub.text == "config" {
        let line = git_config_setting(&argv[at + 1..])
            .and_then(|(key, value)| git_setting_command(&key.text, value));
        if let Some(line) = line {
            let shell = vec![derived(&line, "sh"), derived(&line, "-c"), line];
            return Peel::Find { execs: vec![("git config".to_string(), shell)] };
        }
    }
    match (sub.text.as_str(), argv.get(at + 1).map(|w| w.text.as_str())) {
        ("submodule", Some("foreach")) => {
            let mut from = at + 2;
            while argv.get(from).is_some_and(|w| w.text.starts_with('-')) {
                from += 1;
            }
            script("git submodule foreach", argv.get(from..).unwrap_or_default(), Dialect::Posix)
        }
        ("bisect", Some("run")) => wraps("git bisect run", argv, at + 2),
        _ => Peel::Runs,
    }
}

/// What running the git alias `value` with `args` runs: a `!` alias is a shell line, any other
/// a git command line (`reset --hard`).
fn git_alias(value: &Word, args: &[Word]) -> Peel {
    let Some(line) = git_setting_command("alias.x", value) else { return Peel::Runs };
    let mut words = vec![line];
    words.extend(args.iter().cloned());
    script("git alias", &words, Dialect::Posix)
}

/// The commands of crontab lines: each line after its five time fields (or an `@reboot`
/// style name); variable settings and comments run nothing.
pub(crate) fn cron_commands(table: &str) -> String {
    let mut commands = String::new();
    for line in table.lines().map(str::trim) {
        let first = line.split_whitespace().next().unwrap_or_default();
        if line.is_empty() || line.starts_with('#') || (first.contains('=') && !first.starts_with('@')) {
            continue;
        }
        let fields = if first.starts_with('@') { 1 } else { 5 };
        let mut rest = line;
        for _ in 0..fields {
            rest = rest.trim_start();
            rest = rest.find(char::is_whitespace).map_or("", |end| &rest[end..]);
        }
        commands.push_str(rest.trim());
        commands.push('\n');
    }
    commands
}

/// The global options of docker, podman and nerdctl that take a value (`-H ssh://host`,
/// `--context prod`, `--connection prod`).
const ENGINE_GLOBAL_VALUES: &[&str] = &[
    "-H",
    "--host",
    "-c",
    "--context",
    "--connection",
    "--url",
    "--identity",
    "--config",
    "-l",
    "--log-level",
    "--tlscacert",
    "--tlscert",
    "--tlskey",
    "--root",
    "--runroot",
    "--storage-driver",
    "--cgroup-manager",
    "-n",
    "--namespace",
    "-a",
    "--address",
];

/// Where a container engine's subcommand stands, after its global options.
pub(crate) fn engine_subcommand(argv: &[Word]) -> usize {
    let mut at = 1;
    while let Some(word) = argv.get(at) {
        let text = word.text.as_str();
        if !text.starts_with('-') || text == "--" {
            break;
        }
        at += if ENGINE_GLOBAL_VALUES.contains(&text) { 2 } else { 1 };
    }
    at
}

/// The daemon a container engine's global options name when it is not this machine's:
/// `-H ssh://deploy@prod`, `--host=tcp://…`, `--context prod`, podman's `--remote`,
/// `--connection` or `--url`. A local socket (`unix://…`) and the stock contexts pass.
pub(crate) fn engine_remote(argv: &[Word]) -> Option<&str> {
    let end = engine_subcommand(argv);
    let mut at = 1;
    while at < end {
        let text = argv[at].text.as_str();
        let (option, value) = match text.split_once('=') {
            Some((option, value)) if option.starts_with("--") => (option, Some(value)),
            _ => (text, argv.get(at + 1).map(|w| w.text.as_str())),
        };
        at += if text.contains('=') || !ENGINE_GLOBAL_VALUES.contains(&option) { 1 } else { 2 };
        match (option, value) {
            ("--remote" | "-r", _) => return Some("--remote"),
            ("-H" | "--host" | "--url", Some(host))
                if !host.starts_with("unix://") && !host.starts_with("npipe:") =>
            {
                return Some(host);
            }
            ("-c" | "--context" | "--connection", Some(context)) if !local_context(context) => {
                return Some(context);
            }
            _ => {}
        }
    }
    None
}

/// The contexts docker and its desktop and VM front ends make for this machine's daemon.
pub(crate) fn local_context(name: &str) -> bool {
    matches!(
        name,
        "default" | "desktop-linux" | "desktop-windows" | "colima" | "rancher-desktop" | "orbstack" | "lima"
    ) || name.starts_with("colima-")
        || name.starts_with("lima-")
}

/// Options of `docker run`/`exec` that take a value.
pub(crate) const CONTAINER_VALUES: &[&str] = &[
    "-v",
    "--volume",
    "-e",
    "--env",
    "--env-file",
    "-w",
    "--workdir",
    "--name",
    "-p",
    "--publish",
    "--entrypoint",
    "--network",
    "--net",
    "-u",
    "--user",
    "-m",
    "--memory",
    "--mount",
    "-l",
    "--label",
    "--cpus",
    "--platform",
    "-h",
    "--hostname",
    "--add-host",
    "--device",
    "--cap-add",
    "--cap-drop",
    "--restart",
    "--pid",
    "--ipc",
    "--security-opt",
    "--tmpfs",
    "--ulimit",
    "--log-driver",
    "--log-opt",
    "--gpus",
    "-a",
    "--attach",
    "--pull",
    "--shm-size",
    "--userns",
    "--uts",
    "--dns",
    "--expose",
    "--group-add",
    "--stop-signal",
];

/// `docker run [OPTIONS] IMAGE CMD...` and `docker exec [OPTIONS] CONTAINER CMD...`: the
/// command runs in the container, where a bind mount (`-v HOST:CTR`) makes CTR paths the
/// host's: they are mapped back, so `rm -rf /h` under `-v ~:/h` deletes the home directory.
/// `docker compose run|exec [OPTIONS] SERVICE CMD...` (and `docker-compose`) the same way, after
/// compose's own options.
fn container(name: &str, argv: &[Word]) -> Peel {
    // `docker -H ssh://host exec …`, `podman --remote --connection prod exec …`: the engine's
    // global options first.
    let first = if name.ends_with("-compose") { 1 } else { crate::shell::engine_subcommand(argv) };
    let compose = name.ends_with("-compose") || argv.get(first).is_some_and(|w| w.text == "compose");
    let mut at = match argv.get(first).map(|w| w.text.as_str()) {
        _ if name.ends_with("-compose") => 1,
        Some("container" | "compose") => first + 1,
        _ => first,
    };
    while compose && argv.get(at).is_some_and(|w| w.text.starts_with('-')) {
        let valued =
            ["-f", "--file", "-p", "--project-name", "--profile", "--env-file", "--project-directory"];
        at += if valued.contains(&argv[at].text.as_str()) { 2 } else { 1 };
    }
    let sub = argv.get(at).map(|w| w.text.as_str());
    let compose_options = first.min(argv.len())..at.min(argv.len());
    at += 1;
    // `create` makes the container whose command `start` runs later: judged where it is made.
    if !matches!(sub, Some("run" | "exec" | "create")) {
        return Peel::Runs;
    }
    let mut mounts: Vec<(String, Word)> = Vec::new();
    let mut entrypoint = false;
    while let Some(word) = argv.get(at) {
        let text = word.text.as_str();
        if !text.starts_with('-') || text == "--" {
            break;
        }
        entrypoint |= text.starts_with("--entrypoint");
        let (option, attached) = match text.split_once('=') {
            Some((option, value)) if option.starts_with("--") => (option, Some(derived(word, value))),
            _ => (text, None),
        };
        let value = if CONTAINER_VALUES.contains(&option) {
            attached.or_else(|| {
                at += 1;
                argv.get(at).cloned()
            })
        } else {
            None
        };
        // `-v/a:/b`: the value attached to the short option.
        let value = value.or_else(|| {
            (option.len() > 2 && option.starts_with("-v") && !option.starts_with("--"))
                .then(|| derived(word, &text[2..]))
        });
        match (value, option) {
            (Some(value), "--mount") => mounts.extend(bind_mount(&value)),
            (Some(value), _)
                if option.starts_with("-v") && !option.starts_with("--") || option == "--volume" =>
            {
                let mut parts = value.text.splitn(3, ':');
                let raw_host = value.raw.split(':').next().unwrap_or_default();
                if let (Some(host), Some(inside)) = (parts.next(), parts.next()) {
                    if inside.starts_with('/') && !host.is_empty() {
                        let host = Word { text: host.into(), raw: raw_host.into(), ..value.clone() };
                        mounts.push((inside.trim_end_matches('/').to_string(), project_relative(host)));
                    }
                }
            }
            _ => {}
        }
        at += 1;
    }
    // The image or container, then the command.
    let Some(command) = argv.get(at + 1..).filter(|c| !c.is_empty()) else { return Peel::Runs };
    let inner: Vec<Word> = command.iter().map(|word| mapped(word, &mounts)).collect();
    let engine = &argv[..first.min(argv.len())];
    let via =
        targeted(format!("{name} {}", sub.unwrap_or_default()), engine, &["-H", "--host", "-c", "--context"]);
    // Every compose file, the project and its environment file name where the stack runs
    // (`docker compose -f base.yml -f docker-compose.prod.yml exec db psql`).
    let via = match compose {
        true => targeted(
            via,
            &argv[compose_options],
            &["-f", "--file", "-p", "--project-name", "--env-file", "--profile", "--project-directory"],
        ),
        false => via,
    };
    // An image whose entrypoint is a tool runs it with the command's words as its arguments
    // (`docker run hashicorp/terraform destroy -auto-approve` is `terraform destroy …`);
    // the words are judged as a command too, in case the image's entrypoint is a shell.
    let tool = argv.get(at).and_then(|image| image_tool(&image.text)).filter(|_| !entrypoint);
    let mut execs = Vec::with_capacity(2);
    if let Some(tool) = tool.filter(|tool| inner.first().is_none_or(|first| first.text != *tool)) {
        let mut run = vec![derived(&argv[at], tool)];
        run.extend_from_slice(&inner);
        execs.push((via.clone(), run));
    }
    execs.push((via, inner));
    Peel::Find { execs }
}

/// The program an official image runs as its entrypoint: Terraform's, OpenTofu's, Pulumi's,
/// the AWS CLI's, Azure's CLI's, kubectl's and Helm's images.
fn image_tool(image: &str) -> Option<&'static str> {
    let name = image.split(['@', ':']).next().unwrap_or(image);
    let name = name.strip_prefix("docker.io/").unwrap_or(name);
    Some(match name.trim_start_matches("public.ecr.aws/").trim_start_matches("ghcr.io/") {
        "hashicorp/terraform" => "terraform",
        "opentofu/opentofu" => "tofu",
        "pulumi/pulumi" | "pulumi/pulumi-nodejs" | "pulumi/pulumi-python" | "pulumi/pulumi-go" => "pulumi",
        "amazon/aws-cli" | "aws-cli/aws-cli" => "aws",
        "bitnami/kubectl" => "kubectl",
        "alpine/helm" => "helm",
        _ => return None,
    })
}

/// systemd-nspawn's options that take the next word as their value.
const NSPAWN_VALUES: &[&str] = &[
    "-D",
    "--directory",
    "-M",
    "--machine",
    "-u",
    "--user",
    "-S",
    "--slice",
    "-i",
    "--image",
    "--bind",
    "--bind-ro",
    "-E",
    "--setenv",
    "--chdir",
    "-p",
    "--port",
    "--overlay",
    "--overlay-ro",
    "--tmpfs",
];

/// `systemd-nspawn [OPTIONS] [CMD…]`: the command runs in the container, where a bind
/// (`--bind=HOST[:CTR]`, `--bind-ro`) makes CTR paths the host's, mapped back as `docker -v`'s are.
fn nspawn(argv: &[Word]) -> Peel {
    let mut mounts: Vec<(String, Word)> = Vec::new();
    let mut at = 1;
    while let Some(word) = argv.get(at) {
        let text = word.text.as_str();
        if !text.starts_with('-') || text == "--" {
            at += usize::from(text == "--");
            break;
        }
        let (option, value) = match text.split_once('=') {
            Some((option, value)) if option.starts_with("--") => (option, Some(derived(word, value))),
            _ if NSPAWN_VALUES.contains(&text) => {
                at += 1;
                (text, argv.get(at).cloned())
            }
            _ => (text, None),
        };
        if let (Some(value), "--bind" | "--bind-ro") = (value, option) {
            let mut parts = value.text.splitn(3, ':');
            let host = parts.next().unwrap_or_default().trim_start_matches('+');
            let inside = parts.next().filter(|inside| inside.starts_with('/')).unwrap_or(host);
            if host.starts_with(['/', '~', '$', '.']) {
                let inside = inside.trim_end_matches('/').to_string();
                mounts.push((inside, project_relative(derived(&value, host))));
            }
        }
        at += 1;
    }
    let Some(command) = argv.get(at..).filter(|c| !c.is_empty()) else { return Peel::Runs };
    let inner = command.iter().map(|word| mapped(word, &mounts)).collect();
    Peel::Find { execs: vec![("systemd-nspawn".to_string(), inner)] }
}

/// mutt variables whose value is a command line mutt runs (beside every `*_command`).
const MUTT_PROGRAMS: &[&str] = &[
    "sendmail",
    "editor",
    "visual",
    "pager",
    "display_filter",
    "print_cmd",
    "ispell",
    "inews",
    "tunnel",
    "new_mail_command",
    "query_command",
    "mime_type_query_command",
    "external_search_command",
];

/// The command line a `set VAR=VALUE` among mutt's `-e` commands (`;`-separated) gives a
/// variable of [`MUTT_PROGRAMS`], its quotes taken off.
fn mutt_program(commands: &str) -> Option<String> {
    commands.split(';').find_map(|command| {
        let assignment = command.trim().strip_prefix("set ")?.trim();
        let (variable, value) = assignment.split_once('=')?;
        let variable = variable.trim();
        let runs = MUTT_PROGRAMS.contains(&variable) || variable.ends_with("_command");
        let value = value.trim();
        let unquoted =
            ['"', '\''].iter().find_map(|q| value.strip_prefix(*q)?.strip_suffix(*q)).unwrap_or(value);
        runs.then(|| unquoted.replace("\\\"", "\""))
    })
}

/// The mount point and host path of `--mount type=bind,source=HOST,target=CTR` (`src`, `dst`,
/// `destination` too; fields and values may be quoted, as docker reads the value as CSV). Other
/// types mount no host path.
fn bind_mount(value: &Word) -> Option<(String, Word)> {
    let mut bind = false;
    let (mut host, mut inside) = (None, None);
    for field in value.text.split(',') {
        let field = field.trim_matches('"');
        let (key, text) = field.split_once('=').unwrap_or((field, ""));
        let text = text.trim_matches('"');
        match key {
            "type" => bind = text == "bind",
            "source" | "src" => host = Some(text),
            "target" | "dst" | "destination" => inside = Some(text),
            _ => {}
        }
    }
    let (host, inside) = (host.filter(|h| !h.is_empty())?, inside.filter(|i| i.starts_with('/'))?);
    bind.then(|| (inside.trim_end_matches('/').to_string(), project_relative(derived(value, host))))
}

/// A host path given as the working directory (`$PWD`, `$(pwd)`, `` `pwd` ``, with or without
/// a path after it) spelled relative to it, as the file rules and packs read a path in the
/// project: the container's `/w/.git` under `-v "$PWD":/w` is the project's `.git`.
fn project_relative(host: Word) -> Word {
    let rest = ["$PWD", "${PWD}", "$(pwd)", "`pwd`"].iter().find_map(|cwd| host.text.strip_prefix(cwd));
    match rest.filter(|rest| rest.is_empty() || rest.starts_with('/') && !rest.contains(['$', '`'])) {
        Some(rest) => {
            let text = format!(".{rest}");
            Word { raw: text.clone(), text, dynamic: false, glob: host.glob }
        }
        None => host,
    }
}

/// A word of a container's command with each bind-mounted path (a blank-separated token
/// at or under the mount point, also inside `sh -c` text or after `@`, `=`, `<` or `>` in
/// one) spelled as on the host.
fn mapped(word: &Word, mounts: &[(String, Word)]) -> Word {
    if mounts.is_empty() {
        return word.clone();
    }
    let map = |token: &str| -> Option<(String, &Word)> {
        mounts.iter().find_map(|(inside, host)| {
            let rest = if inside.is_empty() { Some(token) } else { token.strip_prefix(inside.as_str()) }?;
            // The mount point itself is the directory the host path leads to, through a link
            // too (`-v "$PWD/homelink":/x`, `rm -rf /x`): a `/` after it says so.
            let rest = if rest.is_empty() && !host.text.ends_with('/') { "/" } else { rest };
            (rest.is_empty() || rest.starts_with('/') || inside.is_empty() && token.starts_with('/'))
                .then(|| (format!("{}{}", host.text, rest), host))
        })
    };
    if let Some((text, host)) = map(&word.text) {
        let rest = &text[host.text.len()..];
        return Word {
            text: text.clone(),
            raw: format!("{}{rest}", host.raw),
            dynamic: host.dynamic,
            glob: word.glob,
        };
    }
    // A token that holds the path after a sign (`f=@/h/.netrc`, `--data=@/h/x`, `</h/x`)
    // names it too: the part after the first such sign that maps.
    let embedded = |token: &str| -> Option<String> {
        token.match_indices(['@', '=', '<', '>']).find_map(|(at, sign)| {
            let (text, _) = map(&token[at + sign.len()..])?;
            // `~` is the home directory only at the start of a word.
            let text = match text.strip_prefix('~') {
                Some(rest) if rest.is_empty() || rest.starts_with('/') => format!("$HOME{rest}"),
                _ => text,
            };
            Some(format!("{}{text}", &token[..at + sign.len()]))
        })
    };
    let mut changed = false;
    let text: Vec<String> = word
        .text
        .split(' ')
        .map(|token| match map(token).map(|(text, _)| text).or_else(|| embedded(token)) {
            Some(text) => {
                changed = true;
                text
            }
            None => token.to_string(),
        })
        .collect();
    if changed { Word { text: text.join(" "), ..word.clone() } } else { word.clone() }
}

/// tmux commands that start a shell command (`new-session CMD`) or type into a pane
/// (`send-keys TEXT Enter`).
fn tmux(argv: &[Word]) -> Peel {
    let mut at = scan_options(argv, 1, "cfLST", &[]).operand;
    // `tmux new -d \; run-shell CMD`: a sequence of tmux commands, each peeled on its own.
    if argv[at..].iter().any(|w| w.text == ";") {
        let execs = argv[at..]
            .split(|w| w.text == ";")
            .filter(|part| !part.is_empty())
            .map(|part| {
                let mut inner = argv[..at].to_vec();
                inner.extend(part.iter().cloned());
                ("tmux".to_string(), inner)
            })
            .collect();
        return Peel::Find { execs };
    }
    let Some(sub) = argv.get(at) else { return Peel::Runs };
    at += 1;
    let via = format!("tmux {}", sub.text);
    match sub.text.as_str() {
        "new-session" | "new" | "new-window" | "neww" | "split-window" | "splitw" | "respawn-pane"
        | "respawnp" | "respawn-window" | "respawnw" => {
            let scan = scan_options(argv, at, "cetFnslxyS", &[]);
            // One word is a shell line; several are a command tmux runs without a shell
            // (`tmux new -d sh -c 'CMD'`), whose words joined would lose the inner script.
            match argv.len() - scan.operand.min(argv.len()) {
                0 | 1 => script(&via, &argv[scan.operand..], Dialect::Posix),
                _ => wraps(&via, argv, scan.operand),
            }
        }
        // `run-shell 'CMD'` runs a shell line (`-C`: a tmux command); `if-shell 'TEST' 'A' 'B'`
        // runs the test as a shell line and then one of the tmux commands.
        "run-shell" | "run" => {
            let scan = scan_options(argv, at, "cdt", &[]);
            match argv.get(scan.operand) {
                Some(line) if scan.flags.contains(&'C') => tmux_commands(&via, std::slice::from_ref(line)),
                Some(line) => Peel::Script { via, script: line.clone(), dialect: Dialect::Posix },
                None => Peel::Runs,
            }
        }
        "if-shell" | "if" => {
            let scan = scan_options(argv, at, "t", &[]);
            let Some((test, commands)) = argv[scan.operand..].split_first() else { return Peel::Runs };
            let mut execs = match tmux_commands(&via, commands) {
                Peel::Find { execs } => execs,
                _ => Vec::new(),
            };
            if !scan.flags.contains(&'F') {
                execs.insert(0, (via.clone(), vec![derived(test, "sh"), derived(test, "-c"), test.clone()]));
            }
            Peel::Find { execs }
        }
        // `set-hook -g session-created 'run-shell CMD'`, `bind-key x run-shell CMD`: a tmux
        // command kept to run later (at every new session, at a key press), judged now.
        "set-hook" | "bind-key" | "bind" => {
            let scan = scan_options(argv, at, if sub.text == "set-hook" { "t" } else { "NT" }, &[]);
            if scan.flags.contains(&'u') {
                return Peel::Runs;
            }
            match argv.get(scan.operand + 1..) {
                Some([one]) => tmux_commands(&via, std::slice::from_ref(one)),
                Some(words @ [first, ..]) => {
                    let inner =
                        std::iter::once(derived(first, "tmux")).chain(words.iter().cloned()).collect();
                    Peel::Find { execs: vec![(via, inner)] }
                }
                _ => Peel::Runs,
            }
        }
        "send-keys" | "send" => {
            let scan = scan_options(argv, at, "tNc", &[]);
            let typed: Vec<Word> = argv[scan.operand..]
                .iter()
                .filter(|w| !matches!(w.text.as_str(), "Enter" | "C-m" | "KPEnter" | "C-j"))
                .cloned()
                .collect();
            script(&via, &typed, Dialect::Posix)
        }
        _ => Peel::Runs,
    }
}

/// Each tmux command given as one word (`if-shell … 'run-shell "CMD"'`), run as `tmux WORDS`.
fn tmux_commands(via: &str, commands: &[Word]) -> Peel {
    let execs = commands
        .iter()
        .map(|command| {
            let line = derived(command, &format!("tmux {}", command.text));
            (via.to_string(), vec![derived(command, "sh"), derived(command, "-c"), line])
        })
        .collect();
    Peel::Find { execs }
}

/// `screen -dm CMD` runs a command; `screen -X stuff TEXT` types into a session, with screen's
/// own escapes read (`\n`, `\r`, `^M` and `^J` end a line).
fn screen(argv: &[Word]) -> Peel {
    if let Some(i) = argv.iter().position(|w| w.text == "stuff") {
        let typed: Vec<Word> = argv
            .get(i + 1..)
            .unwrap_or_default()
            .iter()
            .map(|w| {
                let text =
                    w.text.replace("\\n", "\n").replace("\\r", "\n").replace("^M", "\n").replace("^J", "\n");
                derived(w, &text)
            })
            .collect();
        return script("screen stuff", &typed, Dialect::Posix);
    }
    // `screen -X exec [FDPAT] CMD`: the session's window runs the command.
    if let Some(i) = argv.iter().position(|w| w.text == "exec") {
        let fd_pattern =
            argv.get(i + 1).is_some_and(|w| !w.text.is_empty() && w.text.chars().all(|c| ".!:|".contains(c)));
        return wraps("screen exec", argv, i + 1 + usize::from(fd_pattern));
    }
    let scan = scan_options(argv, 1, "SceEhpTtXx", &[]);
    if scan.values.iter().any(|(key, _)| key == "X") {
        return Peel::Runs;
    }
    wraps("screen", argv, scan.operand)
}

/// `fd PATTERN [ROOT…] -x CMD` / `-X CMD`: the command runs on each path found under each root
/// (`{}`, appended when no placeholder is given), as `find ROOT -exec CMD {} ;` does.
fn fd(argv: &[Word]) -> Peel {
    let Some(i) =
        argv.iter().position(|w| matches!(w.text.as_str(), "-x" | "--exec" | "-X" | "--exec-batch"))
    else {
        return Peel::Runs;
    };
    // The operands before the command: the pattern, then the roots (`.` when none is given).
    const VALUED: &[&str] = &[
        "-e",
        "--extension",
        "-t",
        "--type",
        "-d",
        "--max-depth",
        "--min-depth",
        "--exact-depth",
        "-E",
        "--exclude",
        "-S",
        "--size",
        "--changed-within",
        "--changed-before",
        "-j",
        "--threads",
        "-c",
        "--color",
        "-o",
        "--owner",
        "--base-directory",
        "--search-path",
        "--max-results",
        "--format",
        "--ignore-file",
        "--path-separator",
        "--batch-size",
    ];
    let mut operands = Vec::new();
    let mut roots: Vec<Word> = Vec::new();
    let mut base: Option<Word> = None;
    let mut at = 1;
    while at < i {
        let word = &argv[at];
        if VALUED.contains(&word.text.as_str()) {
            if word.text == "--search-path" {
                roots.extend(argv.get(at + 1).cloned());
            }
            if word.text == "--base-directory" {
                base = argv.get(at + 1).cloned();
            }
            at += 2;
            continue;
        }
        if !word.text.starts_with('-') || word.dynamic {
            operands.push(word.clone());
        }
        at += 1;
    }
    roots.extend(operands.into_iter().skip(1));
    if roots.is_empty() {
        roots.push(Word::literal("."));
    }
    // `--base-directory DIR`: fd runs in DIR, so relative roots are under it.
    if let Some(base) = &base {
        for root in roots.iter_mut().filter(|root| !root.text.starts_with(['/', '~'])) {
            let text = format!("{}/{}", base.text.trim_end_matches('/'), root.text);
            *root = Word { text, dynamic: root.dynamic || base.dynamic, ..base.clone() };
        }
    }
    let mut execs = Vec::new();
    for root in &roots {
        let found = found_under(root);
        let mut inner: Vec<Word> = Vec::new();
        let mut placeholder = false;
        for word in &argv[i + 1..] {
            if word.text == ";" {
                break;
            }
            if word.text.contains('{') && word.text.contains('}') {
                placeholder = true;
                inner.push(if word.text == "{}" { found.clone() } else { run_time_input() });
            } else {
                inner.push(word.clone());
            }
        }
        if inner.is_empty() {
            return Peel::Runs;
        }
        if !placeholder {
            inner.push(found);
        }
        execs.push(("fd -x".to_string(), inner));
    }
    Peel::Find { execs }
}

fn watch(argv: &[Word]) -> Peel {
    let scan = scan_options(argv, 1, "nq", &["--interval"]);
    let rest = &argv[scan.operand..];
    if scan.flags.contains(&'x') || rest.len() > 1 {
        return wraps("watch", argv, scan.operand);
    }
    match rest.first() {
        Some(command) => {
            Peel::Script { via: "watch".into(), script: command.clone(), dialect: Dialect::Posix }
        }
        None => Peel::Runs,
    }
}

fn xargs(argv: &[Word]) -> Peel {
    let mut replace: Option<String> = None;
    let mut at = 1;
    while let Some(word) = argv.get(at) {
        let text = word.text.as_str();
        if word.dynamic || !text.starts_with('-') || text == "-" {
            break;
        }
        at += 1;
        if text == "--" {
            break;
        }
        if let Some(long) = text.strip_prefix("--") {
            match long.split_once('=') {
                Some(("replace", value)) => replace = Some(value.to_string()),
                Some(_) => {}
                None if long == "replace" => replace = Some("{}".into()),
                None if matches!(
                    long,
                    "max-args" | "max-lines" | "max-procs" | "delimiter" | "arg-file" | "eof" | "max-chars"
                ) =>
                {
                    at += 1
                }
                None => {}
            }
            continue;
        }
        for (i, flag) in text.char_indices().skip(1) {
            let attached = &text[i + flag.len_utf8()..];
            match flag {
                'I' | 'n' | 'L' | 'P' | 'd' | 'a' | 'E' | 's' => {
                    let value = if attached.is_empty() {
                        at += 1;
                        argv.get(at - 1).map(|w| w.text.clone())
                    } else {
                        Some(attached.to_string())
                    };
                    if flag == 'I' {
                        replace = value;
                    }
                    break;
                }
                'i' => {
                    replace = Some(if attached.is_empty() { "{}".into() } else { attached.to_string() });
                    break;
                }
                'l' | 'e' => break,
                _ => {}
            }
        }
    }
    let Some(command) = argv.get(at..).filter(|c| !c.is_empty()) else { return Peel::Runs };
    let reads_file = argv[..at].iter().any(|w| w.text.starts_with("-a") || w.text.starts_with("--arg-file"));
    let input = run_time_input();
    let inner = match replace.filter(|r| !r.is_empty()) {
        Some(placeholder) => command
            .iter()
            .map(|word| {
                if word.text.contains(&placeholder) {
                    Word { text: word.text.replace(&placeholder, XARGS_INPUT), dynamic: true, ..word.clone() }
                } else {
                    word.clone()
                }
            })
            .collect(),
        None => {
            let mut inner = command.to_vec();
            inner.push(input);
            inner
        }
    };
    // `xargs -a FILE`: xargs itself is judged too, as the reader of its argument file.
    if reads_file {
        return Peel::Find { execs: vec![("xargs".into(), inner)] };
    }
    Peel::Wraps { via: "xargs".into(), inner }
}

/// Arguments that xargs or parallel read at run time.
/// A path a search finds under `root` at run time, as the analyser roots xargs input
/// (`ROOT/{xargs input}`; under `.` the input alone).
fn found_under(root: &Word) -> Word {
    match root.text.as_str() {
        "." | "./" => run_time_input(),
        text => Word {
            text: format!("{}/{XARGS_INPUT}", text.trim_end_matches('/')),
            raw: root.raw.clone(),
            dynamic: true,
            glob: false,
        },
    }
}

fn run_time_input() -> Word {
    Word { text: XARGS_INPUT.into(), raw: XARGS_INPUT.into(), dynamic: true, glob: false }
}

/// The directory pytest is told to use for its temporary files (`pytest --basetemp=DIR`,
/// also through `tox -- --basetemp=DIR` and `python -m pytest`): pytest deletes all of it
/// first.
fn pytest_basetemp(argv: &[Word]) -> Option<Word> {
    argv.iter().enumerate().skip(1).find_map(|(at, w)| match w.text.strip_prefix("--basetemp") {
        Some("") => argv.get(at + 1).cloned(),
        Some(rest) => rest.strip_prefix('=').map(|dir| derived(w, dir)),
        None => None,
    })
}

/// GNU `parallel COMMAND ::: ARGS`: the command with its arguments in place of `{}`, or
/// after it. Arguments from files (`::::`) or from standard input are only known at run
/// time, as xargs input is.
fn parallel(argv: &[Word]) -> Peel {
    let scan = scan_options(
        argv,
        1,
        "jSadICEnNLs",
        &[
            "--jobs",
            "--sshlogin",
            "--arg-file",
            "--delimiter",
            "--colsep",
            "--max-args",
            "--max-replace-args",
            "--max-lines",
            "--results",
            "--joblog",
            "--tmpdir",
            "--timeout",
            "--eof",
        ],
    );
    let rest = &argv[scan.operand..];
    let separator = rest.iter().position(|word| word.text.starts_with(":::"));
    let command = &rest[..separator.unwrap_or(rest.len())];
    // With no command, each input is a command line parallel's shell runs: the words after
    // `:::`, the lines of the `-a`/`::::` file, else the lines of standard input (`echo CMD |
    // parallel` is `echo CMD | sh`).
    let informs = |w: &Word| {
        matches!(
            w.text.as_str(),
            "--version"
                | "--help"
                | "-h"
                | "--citation"
                | "--bibtex"
                | "--number-of-cpus"
                | "--number-of-cores"
        )
    };
    if command.is_empty() && !argv.iter().any(informs) {
        let file = option_value(&scan, "a", "--arg-file").or_else(|| match separator {
            Some(at) if rest[at].text == "::::" => rest.get(at + 1).cloned(),
            _ => None,
        });
        let shell = derived(&argv[0], "sh");
        return match (separator, file) {
            (_, Some(file)) => Peel::Wraps { via: "parallel".into(), inner: vec![shell, file] },
            (Some(at), None) => {
                let lines: Vec<&Word> =
                    rest[at + 1..].iter().filter(|w| !w.text.starts_with(":::")).collect();
                let text = lines.iter().map(|w| w.text.as_str()).collect::<Vec<_>>().join("\n");
                let dynamic = lines.iter().any(|w| w.dynamic);
                let script = Word { raw: text.clone(), text, dynamic, glob: false };
                Peel::Script { via: "parallel".into(), script, dialect: Dialect::Posix }
            }
            (None, None) => Peel::Wraps { via: "parallel".into(), inner: vec![shell] },
        };
    }
    if command.is_empty() {
        return Peel::Runs;
    }
    // `parallel --pipe sh < jobs`: the input goes to each command's standard input in blocks,
    // not into its arguments; what the line feeds it is what the command reads.
    if separator.is_none()
        && argv[1..scan.operand]
            .iter()
            .any(|w| matches!(w.text.as_str(), "--pipe" | "--pipepart" | "--spreadstdin"))
    {
        return wraps("parallel --pipe", argv, scan.operand);
    }
    let inputs: Vec<Word> = match separator {
        Some(at) if !rest[at].text.starts_with("::::") => {
            rest[at + 1..].iter().filter(|word| !word.text.starts_with(":::")).cloned().collect()
        }
        _ => vec![run_time_input()],
    };
    // `parallel 'rm -rf {}' ::: a b`: parallel joins the command's words into a line its
    // shell runs, once per argument, in place of `{}` (or after the line).
    if command.iter().any(|w| w.text.contains([' ', '\t', '\n', ';', '|', '&', '<', '>', '(', '`'])) {
        return parallel_lines(command, &inputs);
    }
    // Every argument in place of `{}` at once: for a command that takes a list of targets,
    // that is what the runs add up to.
    let placeholder = command.iter().any(|word| word.text == "{}");
    let mut inner = Vec::new();
    for word in command {
        if word.text == "{}" {
            inner.extend(inputs.iter().cloned());
        } else {
            inner.push(word.clone());
        }
    }
    if !placeholder {
        inner.extend(inputs);
    }
    // `parallel -a FILE`, `:::: FILE`: parallel itself is judged too, as the reader of it.
    if option_value(&scan, "a", "--arg-file").is_some() || rest.iter().any(|word| word.text == "::::") {
        return Peel::Find { execs: vec![("parallel".into(), inner)] };
    }
    Peel::Wraps { via: "parallel".into(), inner }
}

/// The lines parallel's shell runs for a command written as shell text: one per argument,
/// the argument (quoted, as parallel does, unless it is a plain word: `~/x` stays the home
/// path the outer shell made of it) in place of each replacement string naming it.
fn parallel_lines(command: &[Word], inputs: &[Word]) -> Peel {
    template_lines("parallel", command, inputs)
}

/// The lines a runner's shell runs for a command template (see [`parallel_lines`]): with no
/// input, the template itself.
fn template_lines(via: &str, command: &[Word], inputs: &[Word]) -> Peel {
    let template = command.iter().map(|w| w.text.as_str()).collect::<Vec<_>>().join(" ");
    let lines: Vec<String> = inputs
        .iter()
        .map(|input| {
            let plain = input.text.chars().all(|c| c.is_ascii_alphanumeric() || "/._-~+=:,@%".contains(c));
            let value = match plain || input.dynamic {
                true => input.text.clone(),
                false => crate::shell::quote(&input.text),
            };
            replace_placeholders(&template, &value).unwrap_or_else(|| format!("{template} {value}"))
        })
        .collect();
    let text = if inputs.is_empty() { template } else { lines.join("\n") };
    let dynamic = command.iter().chain(inputs).any(|w| w.dynamic);
    let script = Word { raw: text.clone(), text, dynamic, glob: false };
    Peel::Script { via: via.into(), script, dialect: Dialect::Posix }
}

/// `template` with `value` in place of each replacement string (`{}`, `{.}`, `{/}`, `{//}`,
/// `{/.}`, and the numbered `{1}`, `{0}` of parallel, rush and gargs); `None` without one.
fn replace_placeholders(template: &str, value: &str) -> Option<String> {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    let mut found = false;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let close = after.find('}').filter(|&close| {
            let inner = &after[..close];
            matches!(inner, "" | "." | "/" | "//" | "/.")
                || !inner.is_empty() && inner.bytes().all(|b| b.is_ascii_digit())
        });
        match close {
            Some(close) => {
                out.push_str(value);
                rest = &after[close + 1..];
                found = true;
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    found.then_some(out)
}

/// Whether a word is shell text rather than one argument (`'rm -rf {}'`).
fn shell_text(word: &Word) -> bool {
    word.text.contains([' ', '\t', '\n', ';', '|', '&', '<', '>', '(', '`', '$'])
}

/// Runners given a command template they run once per input (`rush 'rm -rf {}'`, `gargs`,
/// `xe`, `xjobs`, `pexec`) or queue to run later (`sem`, `pueue add`): the command is judged
/// with each input unknown, as a shell line when it is written as one (rush, gargs, sem and
/// pueue hand it to a shell), else as the program with the input in place of `{}` or after.
fn template_runner(name: &str, argv: &[Word]) -> Peel {
    let (from, short, long, input): (usize, &str, &[&str], bool) = match name {
        "rush" => (
            1,
            "CDijnoJdrtTv",
            &[
                "--succ-cmd-file",
                "--field-delimiter",
                "--infile",
                "--jobs",
                "--nrecords",
                "--out-file",
                "--records-join-sep",
                "--record-delimiter",
                "--retries",
                "--retry-interval",
                "--timeout",
                "--trim",
                "--assign",
            ],
            true,
        ),
        "gargs" => (1, "pnsrl", &["--procs", "--nlines", "--sep", "--retry", "--log"], true),
        "xe" => (1, "AINjsf", &[], true),
        "xjobs" => (1, "jslvt", &[], true),
        "pexec" => (1, "nrfeoup", &["--number", "--parameters", "--parameter-file", "--environment"], false),
        "sem" => (1, "j", &["--id", "--jobs", "--semaphoretimeout", "--st", "--timeout"], false),
        "pueue" if argv.get(1).is_some_and(|w| w.text == "add") => {
            (2, "gdwlo", &["--group", "--delay", "--working-directory", "--label", "--priority"], false)
        }
        _ => return launched(name, argv),
    };
    let scan = scan_options(argv, from, short, long);
    // `xe -s SCRIPT`: the script is a shell line run with the inputs as its arguments.
    if name == "xe"
        && let Some(line) = option_value(&scan, "s", "-s")
    {
        return Peel::Script { via: "xe -s".into(), script: line, dialect: Dialect::Posix };
    }
    // `xe -a CMD -- ARGS`, `pexec … -- CMD`: the command ends, or starts, at the `--`.
    let mut command = &argv[scan.operand..];
    if name == "xe" && scan.flags.contains(&'a') {
        command = &command[..command.iter().position(|w| w.text == "--").unwrap_or(command.len())];
    }
    if name == "pexec" {
        command = &command[command.iter().position(|w| w.text == "--").map_or(0, |dash| dash + 1)..];
    }
    if command.is_empty() {
        return Peel::Runs;
    }
    let inputs = if input { vec![run_time_input()] } else { Vec::new() };
    let shell = matches!(name, "rush" | "gargs" | "sem" | "pueue") || scan.flags.contains(&'c');
    if shell && command.iter().any(shell_text) || command.len() == 1 && shell_text(&command[0]) {
        return template_lines(name, command, &inputs);
    }
    let mut inner: Vec<Word> = Vec::new();
    let mut placed = false;
    for word in command {
        match replace_placeholders(&word.text, XARGS_INPUT) {
            Some(text) => {
                placed = true;
                inner.push(Word { raw: text.clone(), text, dynamic: true, glob: false });
            }
            None => inner.push(word.clone()),
        }
    }
    if !placed {
        inner.extend(inputs);
    }
    Peel::Wraps { via: name.into(), inner }
}

/// `alias name='text'`: the text runs wherever the name is used later (zsh expands aliases in
/// scripts too), so it is read as a command line of its own.
fn alias(argv: &[Word]) -> Peel {
    let bodies: Vec<&Word> = argv[1..].iter().filter(|word| word.text.contains('=')).collect();
    if bodies.is_empty() {
        return Peel::Runs;
    }
    let mut script = Word::default();
    for word in bodies {
        let (_, body) = word.text.split_once('=').unwrap_or_default();
        if !script.text.is_empty() {
            script.text.push('\n');
            script.raw.push('\n');
        }
        script.text.push_str(body);
        script.raw.push_str(&word.raw);
        script.dynamic |= word.dynamic;
    }
    Peel::Script { via: "alias".into(), script, dialect: Dialect::Posix }
}

fn find(argv: &[Word]) -> Peel {
    let mut at = 1;
    // Options before the roots: -H -L -P -O3 -D debugopts.
    while let Some(word) = argv.get(at) {
        match word.text.as_str() {
            "-H" | "-L" | "-P" => at += 1,
            "-D" => at += 2,
            t if t.starts_with("-O") && !word.dynamic => at += 1,
            _ => break,
        }
    }
    let mut roots: Vec<&Word> = Vec::new();
    while let Some(word) = argv.get(at) {
        let t = word.text.as_str();
        if !word.dynamic && (t.starts_with('-') || t == "(" || t == "!") {
            break;
        }
        roots.push(word);
        at += 1;
    }
    let dot = Word::literal(".");
    if roots.is_empty() {
        roots.push(&dot);
    }
    let mut execs = Vec::new();
    while let Some(word) = argv.get(at) {
        at += 1;
        let action = word.text.as_str();
        if word.dynamic || !matches!(action, "-exec" | "-execdir" | "-ok" | "-okdir") {
            continue;
        }
        let start = at;
        while let Some(word) = argv.get(at) {
            let ends_batch =
                word.text == "+" && argv.get(at - 1).is_some_and(|w| w.text == "{}") && at > start;
            if word.text == ";" || ends_batch {
                break;
            }
            at += 1;
        }
        let command = &argv[start..at.min(argv.len())];
        at += 1;
        if command.is_empty() {
            continue;
        }
        for root in &roots {
            let found = format!("{}/{{}}", root.text.trim_end_matches('/'));
            let argv = command
                .iter()
                .map(|word| {
                    if word.text.contains("{}") {
                        Word {
                            text: word.text.replace("{}", &found),
                            raw: word.raw.clone(),
                            dynamic: word.dynamic || root.dynamic,
                            glob: word.glob,
                        }
                    } else {
                        word.clone()
                    }
                })
                .collect();
            execs.push((format!("find {action}"), argv));
        }
    }
    if execs.is_empty() { Peel::Runs } else { Peel::Find { execs } }
}

fn flock(argv: &[Word]) -> Peel {
    let scan = scan_options(argv, 1, "wEc", &["--timeout", "--conflict-exit-code", "--command"]);
    if let Some(command) = option_value(&scan, "c", "--command") {
        return Peel::Script { via: "flock -c".into(), script: command, dialect: Dialect::Posix };
    }
    let after_file = scan.operand + 1;
    match argv.get(after_file).map(|w| w.text.as_str()) {
        Some("-c" | "--command") => match argv.get(after_file + 1) {
            Some(command) => {
                Peel::Script { via: "flock -c".into(), script: command.clone(), dialect: Dialect::Posix }
            }
            None => Peel::Runs,
        },
        _ => wraps("flock", argv, after_file),
    }
}

/// `claude mcp add NAME -- CMD ARGS` (codex, gemini, qwen and amp alike) registers CMD as an
/// MCP server, which the agent starts later, unasked: CMD is judged as if it ran now.
/// `claude mcp add-json NAME '{"command": …, "args": […]}'` gives it as JSON. A server reached
/// by URL runs nothing here.
fn mcp_add(name: &str, argv: &[Word]) -> Peel {
    let via = format!("{name} mcp add");
    if argv[2].text == "add-json" {
        let json = argv[3..].iter().find(|w| w.text.trim_start().starts_with('{'));
        let Some(value) = json.and_then(|w| serde_json::from_str::<serde_json::Value>(&w.text).ok()) else {
            return Peel::Runs;
        };
        let Some(command) = value.get("command").and_then(serde_json::Value::as_str) else {
            return Peel::Runs;
        };
        let holder = json.cloned().unwrap_or_default();
        let mut inner = vec![derived(&holder, command)];
        let args = value.get("args").and_then(serde_json::Value::as_array).into_iter().flatten();
        inner.extend(args.filter_map(serde_json::Value::as_str).map(|arg| derived(&holder, arg)));
        return Peel::Find { execs: vec![(via, inner)] };
    }
    let remote = argv.windows(2).any(|pair| {
        matches!(pair[0].text.as_str(), "-t" | "--transport")
            && matches!(pair[1].text.as_str(), "http" | "sse")
    }) || argv
        .iter()
        .any(|w| matches!(w.text.as_str(), "--transport=http" | "--transport=sse" | "--url"));
    let at = match argv.iter().position(|w| w.text == "--") {
        Some(dash) => dash + 1,
        None => {
            let values = [
                "--scope",
                "--transport",
                "--env",
                "--header",
                "--timeout",
                "--description",
                "--include-tools",
                "--exclude-tools",
                "--client-id",
                "--callback-port",
            ];
            scan_options(argv, 3, "steH", &values).operand + 1
        }
    };
    match argv.get(at) {
        Some(program) if !remote && !program.text.contains("://") => persists(&via, argv, at),
        _ => Peel::Runs,
    }
}

fn su(argv: &[Word]) -> Peel {
    let mut at = 1;
    while let Some(word) = argv.get(at) {
        at += 1;
        let text = word.text.as_str();
        if word.dynamic || text == "-" || !text.starts_with('-') {
            continue;
        }
        if text == "--" {
            break;
        }
        let command = match text.strip_prefix("--") {
            Some(long) => match long.split_once('=') {
                Some(("command" | "session-command", value)) => Some(derived(word, value)),
                _ if long == "command" || long == "session-command" => argv.get(at).cloned(),
                _ => None,
            },
            None => match text.find('c') {
                Some(i) if i + 1 < text.len() => Some(derived(word, &text[i + 1..])),
                // Android's `su` (Magisk, toybox) runs every word after `-c` as the command: `su
                // -c rm -rf /data/data`, where util-linux's would stop at `-rf`.
                Some(_) => argv.get(at).map(|program| match argv.get(at + 1) {
                    Some(next)
                        if next.text.starts_with('-') && !program.text.contains(char::is_whitespace) =>
                    {
                        let words: Vec<&str> = argv[at..].iter().map(|w| w.raw.as_str()).collect();
                        derived(program, &words.join(" "))
                    }
                    _ => program.clone(),
                }),
                None => None,
            },
        };
        if let Some(script) = command {
            return Peel::Script { via: "su -c".into(), script, dialect: Dialect::Posix };
        }
    }
    // No command: the user's login shell, reading standard input.
    bare_shell("su", argv)
}

/// How a shell is invoked: where its `-c` string is, or its script operand.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct ShellInvocation {
    /// Index of the `-c` command string.
    pub command: Option<usize>,
    /// Index of the script file operand.
    pub operand: Option<usize>,
    /// `-s`: commands come from standard input even with operands.
    pub reads_stdin: bool,
    /// `-n`: the shell reads its commands without running them (a syntax check).
    pub syntax_only: bool,
}

pub(super) fn shell_invocation(argv: &[Word]) -> ShellInvocation {
    let mut invocation = ShellInvocation::default();
    let mut command_flag = false;
    let mut at = 1;
    while let Some(word) = argv.get(at) {
        let text = word.text.as_str();
        if word.dynamic {
            break;
        }
        if text == "--" || text == "-" {
            at += 1;
            break;
        }
        if let Some(long) = text.strip_prefix("--") {
            at += 1;
            match long.split_once('=') {
                Some(("command", _)) => {
                    invocation.command = Some(at - 1);
                    return invocation;
                }
                _ if long == "command" => command_flag = true,
                _ if long == "rcfile" || long == "init-file" => at += 1,
                _ => {}
            }
            continue;
        }
        if text.len() > 1 && (text.starts_with('-') || text.starts_with('+')) {
            at += 1;
            for flag in text.chars().skip(1) {
                match flag {
                    'c' => command_flag = true,
                    's' => invocation.reads_stdin = true,
                    'n' if text.starts_with('-') => invocation.syntax_only = true,
                    'o' | 'O' => {
                        let noexec = argv.get(at).is_some_and(|w| w.text == "noexec");
                        invocation.syntax_only |= noexec && text.starts_with('-');
                        at += 1;
                    }
                    _ => {}
                }
            }
            continue;
        }
        break;
    }
    let at = at.min(argv.len());
    if command_flag {
        invocation.command = (at < argv.len()).then_some(at);
    } else if at < argv.len() {
        invocation.operand = Some(at);
    }
    invocation
}

/// `--command=STRING` keeps its string after the `=`.
pub(super) fn shell_command_text(word: &Word) -> Word {
    match word.text.strip_prefix("--command=") {
        Some(text) => derived(word, text),
        None => word.clone(),
    }
}

/// A shell that reads its commands from standard input: no `-c`, and no script file or `-s`.
pub(super) fn reads_commands_from_stdin(argv: &[Word], dialect: Dialect) -> Option<String> {
    let name = program_name(argv.first()?, dialect)?;
    if name == "crontab" {
        // `crontab -` (or no file) installs its standard input; `-l`, `-r`, `-e` do not.
        let scan = scan_options(argv, 1, "u", &[]);
        let installs = argv.get(scan.operand).is_none_or(|w| w.text == "-") && scan.flags.is_empty();
        return installs.then(|| name.into_owned());
    }
    if name == "make" || name == "gmake" {
        // `make -f -` reads its makefile from standard input, and runs its recipes.
        let stdin_file =
            argv.windows(2).any(|pair| {
                matches!(pair[0].text.as_str(), "-f" | "--file" | "--makefile")
                    && matches!(pair[1].text.as_str(), "-" | "/dev/stdin")
            }) || argv.iter().any(|w| matches!(w.text.as_str(), "--file=-" | "--makefile=-" | "-f-"));
        return stdin_file.then(|| name.into_owned());
    }
    if matches!(name.as_ref(), "at" | "batch") {
        // `at TIME` runs its standard input later; `-f` names a file, the others only query.
        let queries =
            argv[1..].iter().any(|w| matches!(w.text.as_str(), "-f" | "-l" | "-r" | "-d" | "-c" | "-V"));
        return (!queries).then(|| name.into_owned());
    }
    // `ssh host <<< CMD`, `echo CMD | telnet host`: with no command of its own, the remote
    // login shell reads its commands from standard input.
    if name == "ssh" && ssh(argv) == Peel::Runs && argv.len() > 1 && !argv.iter().any(|w| w.text == "-N") {
        return Some("ssh".into());
    }
    if name == "telnet" && argv.len() > 1 {
        return Some("telnet".into());
    }
    if !SHELLS.contains(&name.as_ref()) {
        return None;
    }
    let invocation = shell_invocation(argv);
    (invocation.command.is_none() && (invocation.operand.is_none() || invocation.reads_stdin))
        .then(|| name.into_owned())
}

fn cmd(argv: &[Word]) -> Peel {
    for (i, word) in argv.iter().enumerate().skip(1) {
        let lower = word.text.to_ascii_lowercase();
        if !lower.starts_with('/') {
            return Peel::Runs;
        }
        if lower.starts_with("/c") || lower.starts_with("/k") {
            let mut words = Vec::new();
            let attached = word.text.get(2..).unwrap_or_default();
            if !attached.is_empty() {
                words.push(derived(word, attached));
            }
            words.extend(argv[i + 1..].iter().map(cmd_text));
            return script("cmd /c", &words, Dialect::Cmd);
        }
    }
    Peel::Runs
}

/// The file of `Invoke-Expression (Get-Content FILE -Raw)` (`iex (gc FILE)`, `iex (cat
/// FILE)`): its text run as code, as `pwsh -File FILE` runs it.
fn file_read_as_code(raw: &str) -> Option<String> {
    let inner = raw.strip_prefix('(')?.strip_suffix(')')?;
    let mut words = inner.split_whitespace();
    let reader = words.next()?.to_ascii_lowercase();
    if !matches!(reader.as_str(), "get-content" | "gc" | "cat" | "type") {
        return None;
    }
    let mut file = None;
    let mut skip = false;
    for word in words {
        let lower = word.to_ascii_lowercase();
        if skip {
            skip = false;
        } else if matches!(lower.as_str(), "-path" | "-literalpath") {
            continue;
        } else if lower.starts_with('-') {
            skip = matches!(
                lower.as_str(),
                "-encoding" | "-totalcount" | "-tail" | "-delimiter" | "-first" | "-last"
            );
        } else if file.is_none() {
            file = Some(word.trim_matches(['\'', '"']).to_string());
        } else {
            return None;
        }
    }
    file
}

/// `forfiles [/p DIR] [/s] [/m MASK] /c "CMD"`: CMD run for each file, `@path` (`@file`,
/// `@fname`, `@relpath`) standing for it, judged as cmd's `for` loop over the same files.
fn forfiles(argv: &[Word]) -> Peel {
    let (mut root, mut mask, mut body, mut recursive) = (String::from("."), String::from("*"), None, false);
    let mut at = 1;
    while let Some(word) = argv.get(at) {
        let value = || argv.get(at + 1).map(|w| cmd_text(w).text);
        match word.text.to_ascii_lowercase().as_str() {
            "/s" | "-s" => recursive = true,
            "/p" | "-p" => root = value().unwrap_or_default(),
            "/m" | "-m" => mask = value().unwrap_or_default(),
            "/c" | "-c" => body = value(),
            _ => {}
        }
        at += if matches!(
            word.text.to_ascii_lowercase().as_str(),
            "/p" | "/m" | "/c" | "/d" | "-p" | "-m" | "-c" | "-d"
        ) {
            2
        } else {
            1
        };
    }
    let Some(body) = body else { return Peel::Runs };
    // forfiles runs its command through `cmd /c`, as the loop does.
    let body = body.trim_start();
    let body = match body.get(..7) {
        Some(head) if head.eq_ignore_ascii_case("cmd /c ") => &body[7..],
        _ => body,
    };
    let mut line = body.to_string();
    for name in ["@path", "@file", "@fname", "@relpath", "@PATH", "@FILE", "@FNAME", "@RELPATH"] {
        line = line.replace(name, "%f");
    }
    let files = format!("{}\\{mask}", root.trim_end_matches('\\'));
    let line = super::cmd::each_file_text(&line, "%f", &files, recursive);
    Peel::Script { via: "forfiles /c".into(), script: derived(&argv[0], &line), dialect: Dialect::Cmd }
}

/// A word of cmd.exe's line as written: a POSIX shell drops an unquoted backslash
/// (`C:\Users` reaches cmd.exe as `C:Users`), but the line means the Windows path it spells.
/// Words with quotes, expansions or escaped backslashes (`C:\\Users`) keep what quote
/// removal made of them.
fn cmd_text(word: &Word) -> Word {
    let written = !word.dynamic
        && word.raw.contains('\\')
        && !word.raw.contains("\\\\")
        && !word.raw.contains(['\'', '"', '$', '`']);
    if written { derived(word, &word.raw) } else { word.clone() }
}

fn powershell(name: &str, argv: &[Word]) -> Peel {
    const WITH_VALUE: [&str; 13] = [
        "executionpolicy",
        "ex",
        "ep",
        "windowstyle",
        "w",
        "inputformat",
        "outputformat",
        "of",
        "workingdirectory",
        "wd",
        "configurationname",
        "settingsfile",
        "custompipename",
    ];
    let mut at = 1;
    while let Some(word) = argv.get(at) {
        let lower = word.text.to_ascii_lowercase();
        let Some(option) = lower.strip_prefix('-').or_else(|| lower.strip_prefix('/')) else { break };
        at += 1;
        let command = option == "c" || (option.len() >= 3 && "command".starts_with(option));
        let encoded =
            option == "e" || option == "ec" || (option.len() >= 2 && "encodedcommand".starts_with(option));
        if command {
            return match argv.get(at) {
                Some(first) if first.text == "-" => Peel::Runs,
                _ => script(&format!("{name} -Command"), &argv[at.min(argv.len())..], Dialect::PowerShell),
            };
        }
        if encoded {
            let Some(encoded) = argv.get(at) else { return Peel::Runs };
            // Text that does not decode to a command is one the guard cannot read, not none.
            let script = match powershell::decode_encoded_command(&encoded.text) {
                Some(text) => Word::literal(text),
                None => Word { dynamic: true, ..encoded.clone() },
            };
            return Peel::Script {
                via: format!("{name} -EncodedCommand"),
                script,
                dialect: Dialect::PowerShell,
            };
        }
        if option == "f" || option == "file" {
            return Peel::Runs;
        }
        // PowerShell takes any unambiguous prefix of a parameter (`-exec bypass`, `-win hidden`).
        let valued =
            WITH_VALUE.iter().any(|full| *full == option || option.len() >= 3 && full.starts_with(option));
        if valued {
            at += 1;
        }
    }
    // powershell.exe runs the rest as a command; pwsh takes it as a script file.
    match argv.get(at) {
        Some(_) if name == "powershell" => {
            script(&format!("{name} -Command"), &argv[at..], Dialect::PowerShell)
        }
        _ => Peel::Runs,
    }
}

/// Whether PowerShell reads its commands from standard input: `-Command -` or `-File -`
/// (abbreviated as PowerShell allows).
pub(super) fn powershell_reads_stdin(argv: &[Word]) -> bool {
    argv.windows(2).any(|pair| {
        let option = pair[0].text.to_ascii_lowercase();
        let option = option.trim_start_matches(['-', '/']);
        let takes_script = option == "c"
            || option == "f"
            || option.len() >= 3 && "command".starts_with(option)
            || option.len() >= 2 && "file".starts_with(option);
        pair[0].text.starts_with(['-', '/']) && takes_script && pair[1].text == "-"
    })
}

/// PowerShell's `Start-Process FILE [-ArgumentList] A,B`: FILE runs with the list's items as
/// its arguments (by name or by position, options abbreviated as PowerShell allows).
fn start_process(argv: &[Word]) -> Peel {
    const VALUED: &[&str] = &[
        "-workingdirectory",
        "-verb",
        "-windowstyle",
        "-redirectstandardoutput",
        "-redirectstandarderror",
        "-redirectstandardinput",
        "-credential",
        "-environment",
    ];
    let mut file = None;
    let mut list = None;
    let mut words = argv.iter().skip(1);
    while let Some(word) = words.next() {
        let lower = word.text.to_ascii_lowercase();
        let is =
            |full: &str, alias: &str| lower == alias || lower.len() > 2 && full.starts_with(lower.as_str());
        if is("-filepath", "-path") {
            file = words.next();
        } else if is("-argumentlist", "-args") {
            list = words.next();
        } else if word.raw.starts_with('-') {
            // A quoted `"-c"` is an argument, not an option of Start-Process.
            if VALUED.iter().any(|option| lower.len() > 2 && option.starts_with(lower.as_str())) {
                words.next();
            }
        } else if file.is_none() {
            file = Some(word);
        } else if list.is_none() {
            list = Some(word);
        }
    }
    let Some(file) = file else { return Peel::Runs };
    let mut inner = vec![file.clone()];
    inner.extend(list.map(powershell_list).unwrap_or_default());
    Peel::Wraps { via: "Start-Process".into(), inner }
}

/// The items of a PowerShell array written with commas (`"-c","rm -rf x"`), each unquoted,
/// read from the word as written; a word without quotes splits its text at the commas.
fn powershell_list(word: &Word) -> Vec<Word> {
    let mut items = Vec::new();
    let mut item = String::new();
    let mut quote = None;
    for c in word.raw.chars() {
        match (quote, c) {
            (None, '\'' | '"') => quote = Some(c),
            (Some(open), c) if c == open => quote = None,
            (None, ',') => items.push(std::mem::take(&mut item)),
            (_, c) => item.push(c),
        }
    }
    items.push(item);
    if quote.is_some() || word.dynamic {
        return word.text.split(',').map(|item| derived(word, item)).collect();
    }
    items.into_iter().filter(|item| !item.is_empty()).map(|item| derived(word, &item)).collect()
}

fn start(argv: &[Word]) -> Peel {
    let mut at = 1;
    // A first quoted argument is the window title.
    if argv.get(at).is_some_and(|w| w.raw.starts_with('"')) {
        at += 1;
    }
    while let Some(word) = argv.get(at) {
        let lower = word.text.to_ascii_lowercase();
        if !lower.starts_with('/') {
            break;
        }
        at += if matches!(lower.as_str(), "/d" | "/node" | "/affinity") { 2 } else { 1 };
    }
    wraps("start", argv, at)
}

/// Whether a package runner's own options, from `argv[from]` to its package (`npx -c CMD`,
/// `npm exec --call=CMD`), hold `-c`/`--call`: after the package (`npx cdk deploy -c
/// env=prod`) the words are the package's.
fn runs_call(argv: &[Word], from: usize) -> bool {
    let mut value = false;
    for word in argv.iter().skip(from) {
        let text = word.text.as_str();
        if std::mem::take(&mut value) {
            continue;
        }
        if text == "-c" || text == "--call" || text.starts_with("--call=") {
            return true;
        }
        if text == "--" || !text.starts_with('-') {
            return false;
        }
        value = matches!(text, "-p" | "--package" | "-w" | "--workspace");
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(words: &[&str]) -> Vec<Word> {
        words.iter().map(|w| Word::literal(*w)).collect()
    }

    fn inner(words: &[&str]) -> (String, Vec<String>) {
        let (via, inner) = inner_words(words, Dialect::Posix);
        (via, inner.into_iter().map(|w| w.text).collect())
    }

    fn inner_words(words: &[&str], dialect: Dialect) -> (String, Vec<Word>) {
        let argv = argv(words);
        match peel(&argv, dialect) {
            Peel::Wraps { via, inner } => (via, inner),
            Peel::Skips { via, at } => (via, argv[at..].to_vec()),
            other => panic!("{words:?} peeled to {other:?}"),
        }
    }

    /// The commands a wrapper that also runs itself runs beside it, with how.
    fn execs(words: &[&str]) -> Vec<(String, Vec<String>)> {
        match peel(&argv(words), Dialect::Posix) {
            Peel::Find { execs } => execs
                .into_iter()
                .map(|(via, argv)| (via, argv.iter().map(|w| w.text.clone()).collect()))
                .collect(),
            _ => Vec::new(),
        }
    }

    fn script_of(words: &[&str], dialect: Dialect) -> (String, String, Dialect) {
        match peel(&argv(words), dialect) {
            Peel::Script { via, script, dialect } => (via, script.text, dialect),
            other => panic!("{words:?} peeled to {other:?}"),
        }
    }

    #[test]
    fn sudo_and_doas_options() {
        assert_eq!(inner(&["sudo", "rm", "-rf", "/"]).1, ["rm", "-rf", "/"]);
        assert_eq!(inner(&["sudo", "-n", "-E", "--", "rm"]).1, ["rm"]);
        assert_eq!(inner(&["sudo", "-u", "root", "-g", "wheel", "-h", "host", "-p", "pw:", "rm"]).1, ["rm"]);
        assert_eq!(inner(&["sudo", "-uroot", "-C", "3", "-U", "x", "-r", "r", "-t", "t", "rm"]).1, ["rm"]);
        assert_eq!(inner(&["sudo", "--user=root", "--user", "root", "FOO=1", "rm"]).1, ["rm"]);
        assert_eq!(inner(&["/usr/bin/sudo", "-nE", "rm"]), ("sudo".into(), vec!["rm".into()]));
        assert_eq!(inner(&["doas", "-u", "root", "rm"]).1, ["rm"]);
        assert_eq!(peel(&argv(&["sudo", "-l"]), Dialect::Posix), Peel::Runs);
    }

    #[test]
    fn env_options_and_assignments() {
        assert_eq!(inner(&["env", "-i", "-u", "X", "A=1", "B=2", "rm", "x"]).1, ["rm", "x"]);
        // In another directory, the command is judged from there.
        assert_eq!(
            script_of(&["env", "-i", "-C", "/tmp", "A=1", "rm", "x y"], Dialect::Posix).1,
            "cd /tmp && rm 'x y'"
        );
        assert_eq!(inner(&["env", "--", "rm"]).1, ["rm"]);
        assert_eq!(inner(&["env", "-S", "rm -rf", "/"]).1, ["sh", "-c", "rm -rf /"]);
        assert_eq!(peel(&argv(&["env"]), Dialect::Posix), Peel::Runs);
    }

    #[test]
    fn small_wrappers() {
        // A timer, a service or a launchd job outlives the line: the wrapper stays beside what
        // it runs; a scope ends with its command.
        let timer = execs(&["systemd-run", "--user", "--on-calendar", "daily", "b", "x"]);
        assert_eq!(timer, [("systemd-run".to_string(), vec!["b".to_string(), "x".to_string()])]);
        assert_eq!(execs(&["systemd-run", "--timer-property=AccuracySec=1", "b"])[0].1, ["b"]);
        assert_eq!(inner(&["systemd-run", "--scope", "--unit", "u", "make"]).1, ["make"]);
        assert_eq!(execs(&["launchctl", "submit", "-l", "x", "--", "b", "y"])[0].1, ["b", "y"]);
        assert_eq!(peel(&argv(&["launchctl", "list"]), Dialect::Posix), Peel::Runs);
        assert_eq!(inner(&["command", "-p", "rm"]).1, ["rm"]);
        assert_eq!(peel(&argv(&["command", "-v", "rm"]), Dialect::Posix), Peel::Runs);
        assert_eq!(inner(&["exec", "-a", "name", "-c", "rm"]).1, ["rm"]);
        assert_eq!(inner(&["builtin", "cd"]).1, ["cd"]);
        assert_eq!(inner(&["time", "-p", "rm"]).1, ["rm"]);
        assert_eq!(inner(&["nice", "-n", "5", "rm"]).1, ["rm"]);
        assert_eq!(inner(&["nice", "-10", "rm"]).1, ["rm"]);
        assert_eq!(inner(&["nohup", "rm"]).1, ["rm"]);
        assert_eq!(inner(&["timeout", "-s", "KILL", "-k", "1", "5s", "rm"]).1, ["rm"]);
        assert_eq!(inner(&["timeout", "--preserve-status", "5", "rm"]).1, ["rm"]);
        assert_eq!(inner(&["stdbuf", "-oL", "-e", "0", "rm"]).1, ["rm"]);
        assert_eq!(inner(&["busybox", "rm", "-rf", "/"]).1, ["rm", "-rf", "/"]);
        assert_eq!(inner(&["nsenter", "-t", "1", "-m", "-u", "rm"]).1, ["rm"]);
        assert_eq!(inner(&["chroot", "/mnt", "rm"]).1, ["rm"]);
        assert_eq!(inner(&["unbuffer", "-p", "rm"]).1, ["rm"]);
        assert_eq!(inner(&["setsid", "-f", "rm"]).1, ["rm"]);
        assert_eq!(inner(&["ionice", "-c", "3", "rm"]).1, ["rm"]);
        assert_eq!(inner(&["chrt", "-f", "10", "rm"]).1, ["rm"]);
        assert_eq!(inner(&["flock", "/tmp/l", "rm"]).1, ["rm"]);
        assert_eq!(inner(&["watch", "-n", "1", "rm", "-rf", "x"]).1, ["rm", "-rf", "x"]);
        assert_eq!(inner(&["strace", "-f", "-o", "log", "rm"]).1, ["rm"]);
        assert_eq!(peel(&argv(&["strace", "-p", "42"]), Dialect::Posix), Peel::Runs);
        assert_eq!(inner(&["valgrind", "--leak-check=full", "rm"]).1, ["rm"]);
        assert_eq!(execs(&["systemd-run", "--user", "-p", "X=1", "rm"])[0].1, ["rm"]);
        assert_eq!(inner(&["runuser", "-u", "dev", "--", "rm"]).1, ["rm"]);
        assert_eq!(inner(&["run0", "-u", "root", "rm"]).1, ["rm"]);
        assert_eq!(inner(&["screen", "-dmS", "x", "rm"]).1, ["rm"]);
        assert_eq!(inner(&["entr", "-r", "rm"]).1, ["rm"]);
        assert_eq!(inner(&["watchexec", "-e", "rs", "rm", "x"]).1, ["rm", "x"]);
        assert_eq!(inner(&["git", "bisect", "run", "rm"]).1, ["rm"]);
    }

    #[test]
    fn package_runners_and_fd() {
        assert_eq!(
            inner(&["npx", "rimraf", "dist"]),
            ("npx rimraf".into(), vec!["rm".into(), "-rf".into(), "dist".into()])
        );
        assert_eq!(inner(&["pnpm", "dlx", "rimraf@5", "--glob", "x"]).1, ["rm", "-rf", "x"]);
        // The runner stays beside what it runs, for the guard to judge the package it fetches.
        assert_eq!(
            execs(&["npx", "--yes", "prettier", "."]),
            [("npx".into(), vec!["prettier".into(), ".".into()])]
        );
        assert_eq!(peel(&argv(&["pnpm", "install"]), Dialect::Posix), Peel::Runs);
        // Bare, by path and through `npm x`, a deleter is `rm -rf` of its operands too.
        assert_eq!(
            inner(&["rimraf", "--glob", "dist"]),
            ("rimraf".into(), vec!["rm".into(), "-rf".into(), "dist".into()])
        );
        assert_eq!(inner(&["./node_modules/.bin/rimraf", "x"]).1, ["rm", "-rf", "x"]);
        assert_eq!(inner(&["npm", "x", "rimraf", "x"]).1, ["rm", "-rf", "x"]);
        assert_eq!(peel(&argv(&["del", "/q", "x"]), Dialect::Cmd), Peel::Runs);
        // Desktop file tools delete, move and copy as rm, mv and cp do.
        assert_eq!(
            inner(&["gio", "trash", "-f", "~/Documents"]),
            ("gio trash".into(), vec!["rm".into(), "-rf".into(), "~/Documents".into()])
        );
        assert_eq!(inner(&["gvfs-trash", "x"]).1, ["rm", "-rf", "x"]);
        assert_eq!(inner(&["gio", "remove", "file:///home/dev/x"]).1, ["rm", "-f", "/home/dev/x"]);
        assert_eq!(inner(&["kioclient5", "remove", "x"]).1, ["rm", "-rf", "x"]);
        assert_eq!(inner(&["kioclient", "move", "~", "/tmp"]).1, ["mv", "~", "/tmp"]);
        assert_eq!(inner(&["gio", "rename", "~/Documents", "x"]).1, ["mv", "~/Documents", "~/x"]);
        assert_eq!(inner(&["gio", "copy", "a", "b"]).1, ["cp", "a", "b"]);
        assert_eq!(peel(&argv(&["gio", "trash", "--empty"]), Dialect::Posix), Peel::Runs);
        assert_eq!(peel(&argv(&["gio", "open", "x.pdf"]), Dialect::Posix), Peel::Runs);
        // What fd finds is under its roots (`.` when none is named); `{/}` and the others are
        // parts of a path the command does not know.
        let found = |words: &[&str]| match peel(&argv(words), Dialect::Posix) {
            Peel::Find { execs } => execs
                .into_iter()
                .map(|(_, argv)| argv.into_iter().map(|w| w.text).collect::<Vec<_>>())
                .collect::<Vec<_>>(),
            other => panic!("{words:?} peeled to {other:?}"),
        };
        let under = |root: &str| format!("{root}/{XARGS_INPUT}");
        assert_eq!(found(&["fd", "-e", "o", "-x", "rm", "{}"]), [["rm", XARGS_INPUT]]);
        assert_eq!(found(&["fd", "-X", "rm", "-f"]), [["rm", "-f", XARGS_INPUT]]);
        assert_eq!(
            found(&["fd", "-H", ".", "a", "b/", "-X", "rm"]),
            [["rm".to_string(), under("a")], ["rm".to_string(), under("b")]]
        );
        assert_eq!(found(&["fd", "--base-directory", "/x", ".", "-x", "rm", "{/}"]), [["rm", XARGS_INPUT]]);
        assert_eq!(
            found(&["fd", "--base-directory", "/x", ".", "-x", "rm"]),
            [["rm".to_string(), under("/x/.")]]
        );
        assert_eq!(
            found(&["fd", "--base-directory", "/x", ".", "y", "-x", "rm"]),
            [["rm".to_string(), under("/x/y")]]
        );
        assert_eq!(peel(&argv(&["fd", "-e", "rs"]), Dialect::Posix), Peel::Runs);
    }

    #[test]
    fn containers_map_bind_mounts_back_to_the_host() {
        assert_eq!(
            execs(&["docker", "run", "--rm", "-v", "/home/u:/h", "-e", "A=1", "img", "rm", "-rf", "/h/x"]),
            [("docker run".to_string(), vec!["rm".to_string(), "-rf".into(), "/home/u/x".into()])]
        );
        assert_eq!(
            execs(&["podman", "run", "--volume=/srv:/d:ro", "img", "sh", "-c", "rm -rf /d"]),
            [("podman run".to_string(), vec!["sh".to_string(), "-c".into(), "rm -rf /srv/".into()])]
        );
        assert_eq!(execs(&["docker", "run", "-v", "/a:/h", "img", "ls", "/hx"])[0].1[1], "/hx");
        assert_eq!(execs(&["docker", "exec", "-u", "root", "app", "ls"])[0].1, ["ls"]);
        assert_eq!(inner(&["kubectl", "exec", "-it", "pod", "--", "ls"]).1, ["ls"]);
        assert_eq!(peel(&argv(&["docker", "run", "img"]), Dialect::Posix), Peel::Runs);
        assert_eq!(peel(&argv(&["docker", "build", "."]), Dialect::Posix), Peel::Runs);
    }

    #[test]
    fn runners_of_command_lines() {
        assert_eq!(script_of(&["git", "-c", "alias.x=!rm -rf y", "x"], Dialect::Posix).1, "rm -rf y");
        assert_eq!(script_of(&["git", "-c", "alias.x=log", "x", "-3"], Dialect::Posix).1, "git log -3");
        // A setting git runs later is judged where it is set, and the `git config` stays.
        let shell =
            |line: &str| vec![("git config".to_string(), vec!["sh".into(), "-c".into(), line.into()])];
        assert_eq!(execs(&["git", "config", "alias.x", "!rm -rf y"]), shell("rm -rf y"));
        assert_eq!(
            execs(&["git", "config", "--global", "alias.x", "reset --hard"]),
            shell("git reset --hard")
        );
        assert_eq!(execs(&["git", "config", "core.fsmonitor", "/tmp/b"]), shell("/tmp/b"));
        assert_eq!(execs(&["git", "config", "set", "--local", "filter.x.smudge", "a b"]), shell("a b"));
        assert_eq!(execs(&["git", "config", "credential.helper", "!f"]), shell("f"));
        assert_eq!(execs(&["git", "config", "remote.origin.uploadpack", "u"]), shell("u"));
        assert_eq!(execs(&["git", "config", "submodule.lib.update", "!./x"]), shell("./x"));
        assert_eq!(
            peel(&argv(&["git", "config", "submodule.lib.update", "rebase"]), Dialect::Posix),
            Peel::Runs
        );
        assert_eq!(peel(&argv(&["git", "config", "credential.helper", "store"]), Dialect::Posix), Peel::Runs);
        assert_eq!(peel(&argv(&["git", "config", "--get", "alias.x"]), Dialect::Posix), Peel::Runs);
        assert_eq!(peel(&argv(&["git", "config", "user.name", "x"]), Dialect::Posix), Peel::Runs);
        let sh = |via: &str, line: &str| vec![(via.to_string(), vec!["sh".into(), "-c".into(), line.into()])];
        assert_eq!(execs(&["git", "-c", "core.gitProxy=a b", "fetch"]), sh("git -c", "a b"));
        assert_eq!(execs(&["git", "-c", "remote.o.receivepack=r", "push"]), sh("git -c", "r"));
        assert_eq!(
            script_of(&["git", "submodule", "foreach", "--recursive", "a", "b"], Dialect::Posix).1,
            "a b"
        );
        assert_eq!(script_of(&["tmux", "new-session", "-d", "-s", "x", "a b"], Dialect::Posix).1, "a b");
        assert_eq!(script_of(&["tmux", "send-keys", "-t", "0", "a b", "Enter"], Dialect::Posix).1, "a b");
        assert_eq!(script_of(&["screen", "-S", "x", "-X", "stuff", "a b"], Dialect::Posix).1, "a b");
        assert_eq!(script_of(&["watchexec", "a b"], Dialect::Posix).1, "a b");
        assert_eq!(peel(&argv(&["tmux", "ls"]), Dialect::Posix), Peel::Runs);
    }

    #[test]
    fn script_wrappers() {
        assert_eq!(script_of(&["bash", "-c", "rm -rf ~"], Dialect::Posix).0, "bash -c");
        assert_eq!(script_of(&["sh", "-lc", "x"], Dialect::Posix).1, "x");
        assert_eq!(script_of(&["bash", "-ec", "x"], Dialect::Posix).1, "x");
        assert_eq!(script_of(&["bash", "--login", "-c", "x"], Dialect::Posix).1, "x");
        assert_eq!(script_of(&["bash", "-o", "pipefail", "-e", "-c", "x", "arg0"], Dialect::Posix).1, "x");
        assert_eq!(script_of(&["/bin/zsh", "-c", "x"], Dialect::Posix).0, "zsh -c");
        assert_eq!(script_of(&["eval", "rm", "-rf", "/"], Dialect::Posix).1, "rm -rf /");
        assert_eq!(script_of(&["watch", "rm -rf x"], Dialect::Posix).1, "rm -rf x");
        assert_eq!(script_of(&["su", "-c", "x"], Dialect::Posix).1, "x");
        assert_eq!(script_of(&["su", "-", "root", "-c", "x"], Dialect::Posix).1, "x");
        assert_eq!(script_of(&["script", "-q", "-c", "x", "/dev/null"], Dialect::Posix).1, "x");
        assert_eq!(script_of(&["flock", "/tmp/l", "-c", "x"], Dialect::Posix).1, "x");
        assert_eq!(peel(&argv(&["bash", "script.sh"]), Dialect::Posix), Peel::Runs);
        // The remote shell starts in the home directory.
        assert_eq!(script_of(&["ssh", "host", "rm -rf /"], Dialect::Posix).1, "cd ~ && rm -rf /");
        assert_eq!(
            script_of(&["ssh", "-p", "22", "-i", "k", "u@h", "sudo", "rm", "-rf", "/"], Dialect::Posix).1,
            "cd ~ && sudo rm -rf /"
        );
        assert_eq!(peel(&argv(&["ssh", "-p", "22", "host"]), Dialect::Posix), Peel::Runs);
    }

    #[test]
    fn windows_wrappers() {
        assert_eq!(
            script_of(&["cmd", "/c", "rd", "/s", "/q", "C:\\"], Dialect::Posix),
            ("cmd /c".into(), "rd /s /q C:\\".into(), Dialect::Cmd)
        );
        assert_eq!(script_of(&["CMD.EXE", "/S", "/K", "rd x"], Dialect::PowerShell).1, "rd x");
        assert_eq!(script_of(&["cmd", "/c", "rd", "C:\\a b"], Dialect::Posix).1, "rd \"C:\\a b\"");
        assert_eq!(
            script_of(
                &["powershell", "-NoProfile", "-ExecutionPolicy", "Bypass", "-Command", "Remove-Item x"],
                Dialect::Posix
            ),
            ("powershell -Command".into(), "Remove-Item x".into(), Dialect::PowerShell)
        );
        assert_eq!(script_of(&["pwsh.exe", "-c", "x"], Dialect::Cmd).1, "x");
        assert_eq!(peel(&argv(&["pwsh", "-File", "x.ps1"]), Dialect::Posix), Peel::Runs);
        assert_eq!(script_of(&["iex", "Remove-Item x"], Dialect::PowerShell).1, "Remove-Item x");
        assert_eq!(peel(&argv(&["call", "x"]), Dialect::Posix), Peel::Runs);
        let (via, inner) = inner_words(&["start", "\"\"", "/wait", "rd", "/s", "x"], Dialect::Cmd);
        assert_eq!((via.as_str(), inner[0].text.as_str()), ("start", "rd"));
    }

    #[test]
    fn xargs_input_is_dynamic() {
        let (via, words) = inner(&["xargs", "-0", "-n", "1", "-P", "4", "rm", "-rf"]);
        assert_eq!((via.as_str(), words), ("xargs", vec!["rm".into(), "-rf".into(), XARGS_INPUT.into()]));
        assert_eq!(
            inner(&["xargs", "-I", "{}", "mv", "{}", "{}.bak"]).1,
            ["mv", XARGS_INPUT, "{xargs input}.bak"]
        );
        assert_eq!(inner(&["xargs", "-I%", "rm", "%"]).1, ["rm", XARGS_INPUT]);
        // With an argument file, xargs itself is judged too, as its reader.
        match peel(&argv(&["xargs", "-d", "\\n", "-a", "list", "rm"]), Dialect::Posix) {
            Peel::Find { execs } => {
                let texts: Vec<&str> = execs[0].1.iter().map(|w| w.text.as_str()).collect();
                assert_eq!(texts, ["rm", XARGS_INPUT]);
            }
            other => panic!("{other:?}"),
        }
        let (_, inner) = inner_words(&["xargs", "rm"], Dialect::Posix);
        assert!(inner[1].dynamic && !inner[0].dynamic);
    }

    #[test]
    fn find_exec_runs_per_root() {
        let Peel::Find { execs } = peel(
            &argv(&["find", "/", "~/x", "-name", "*.o", "-exec", "rm", "-rf", "{}", ";"]),
            Dialect::Posix,
        ) else {
            panic!("not find")
        };
        let texts: Vec<(String, Vec<String>)> =
            execs.into_iter().map(|(via, argv)| (via, argv.into_iter().map(|w| w.text).collect())).collect();
        assert_eq!(
            texts,
            [
                ("find -exec".into(), vec!["rm".into(), "-rf".into(), "/{}".into()]),
                ("find -exec".into(), vec!["rm".into(), "-rf".into(), "~/x/{}".into()]),
            ]
        );
        let Peel::Find { execs } =
            peel(&argv(&["find", "-execdir", "rm", "{}", "+", "-ok", "ls", ";"]), Dialect::Posix)
        else {
            panic!("not find")
        };
        assert_eq!(execs[0].1.iter().map(|w| w.text.as_str()).collect::<Vec<_>>(), ["rm", "./{}"]);
        assert!(!execs[0].1[1].dynamic);
        assert_eq!(execs[1].0, "find -ok");
        assert_eq!(peel(&argv(&["find", ".", "-delete"]), Dialect::Posix), Peel::Runs);
    }

    #[test]
    fn shells_reading_stdin() {
        assert_eq!(
            reads_commands_from_stdin(&argv(&["at", "now", "+", "1", "minute"]), Dialect::Posix).as_deref(),
            Some("at")
        );
        assert_eq!(reads_commands_from_stdin(&argv(&["at", "-l"]), Dialect::Posix), None);
        assert_eq!(
            reads_commands_from_stdin(&argv(&["crontab", "-"]), Dialect::Posix).as_deref(),
            Some("crontab")
        );
        assert_eq!(reads_commands_from_stdin(&argv(&["crontab", "-l"]), Dialect::Posix), None);
        assert_eq!(
            reads_commands_from_stdin(&argv(&["crontab", "-u", "dev", "-"]), Dialect::Posix).as_deref(),
            Some("crontab")
        );
        assert_eq!(cron_commands("# c\nA=1\n*/5 * * * * a b\n@reboot  c\n"), "a b\nc\n");
        assert_eq!(reads_commands_from_stdin(&argv(&["sh"]), Dialect::Posix).as_deref(), Some("sh"));
        assert_eq!(
            reads_commands_from_stdin(&argv(&["bash", "-s", "--", "a"]), Dialect::Posix).as_deref(),
            Some("bash")
        );
        assert_eq!(
            reads_commands_from_stdin(&argv(&["bash", "-x"]), Dialect::Posix).as_deref(),
            Some("bash")
        );
        assert_eq!(reads_commands_from_stdin(&argv(&["bash", "file.sh"]), Dialect::Posix), None);
        assert_eq!(reads_commands_from_stdin(&argv(&["bash", "-c", "x"]), Dialect::Posix), None);
        assert_eq!(reads_commands_from_stdin(&argv(&["cat"]), Dialect::Posix), None);
    }
}
