//! Launchers as data: programs that run the command given after their own options and
//! operands (`prlimit --nofile=64 CMD`, `poetry run CMD`, `aws-vault exec P -- CMD`), and
//! those that run each operand as a shell line (`hyperfine 'CMD'`).

use super::Word;

/// Where a launcher's command starts.
#[derive(Clone, Copy)]
enum Start {
    /// After the options: the first operand is the program.
    Operand,
    /// After the options and this many operands of the launcher's own (`gosu USER CMD`).
    After(usize),
    /// After a `--`; without one nothing is run (`aws-vault exec P -- CMD`).
    DashDash,
    /// At the subcommand, which is the program (`yarn node -e CODE` runs `node -e CODE`).
    Subcommand,
}

/// A launcher: its name, the subcommand that launches (`poetry run`), its short options that
/// take a value, its long ones, and where the command starts.
struct Launcher {
    name: &'static str,
    subcommand: Option<&'static str>,
    short_values: &'static str,
    long_values: &'static [&'static str],
    start: Start,
}

const fn launcher(
    name: &'static str,
    subcommand: Option<&'static str>,
    short_values: &'static str,
    long_values: &'static [&'static str],
    start: Start,
) -> Launcher {
    Launcher { name, subcommand, short_values, long_values, start }
}

use Start::{After, DashDash, Operand, Subcommand};

const UV_RUN: &[&str] = &[
    "--with",
    "--with-requirements",
    "--with-editable",
    "--python",
    "--package",
    "--directory",
    "--project",
    "--env-file",
    "--extra",
    "--group",
    "--only-group",
    "--index",
    "--default-index",
    "--index-url",
    "--extra-index-url",
    "--find-links",
    "--config-file",
    "--cache-dir",
];

const LAUNCHERS: &[Launcher] = &[
    // Resource limits, control groups, NUMA, locks, terminals, display and bus sessions.
    launcher("prlimit", None, "p", &["--pid", "--output"], Operand),
    launcher("cgexec", None, "g", &[], Operand),
    launcher("numactl", None, "CNmpiP", &[], Operand),
    launcher("systemd-inhibit", None, "", &["--what", "--who", "--why", "--mode"], Operand),
    launcher(
        "xvfb-run",
        None,
        "nslfe",
        &["--server-num", "--server-args", "--auth-file", "--error-file"],
        Operand,
    ),
    launcher("dbus-run-session", None, "", &["--config-file", "--dbus-daemon"], Operand),
    launcher("eatmydata", None, "", &[], Operand),
    launcher("proxychains", None, "f", &[], Operand),
    launcher("proxychains4", None, "f", &[], Operand),
    launcher("torsocks", None, "aPpuw", &["--address", "--port", "--user", "--pass"], Operand),
    launcher("tsocks", None, "", &[], Operand),
    launcher("catchsegv", None, "", &[], Operand),
    launcher(
        "setpriv",
        None,
        "",
        &["--reuid", "--regid", "--groups", "--securebits", "--selinux-label"],
        Operand,
    ),
    launcher("chpst", None, "ugUebmdofpcrnlL", &[], Operand),
    launcher("dtach", None, "erz", &[], After(1)),
    launcher("abduco", None, "e", &[], After(1)),
    launcher("tsp", None, "LDWSd", &[], Operand),
    launcher("nq", None, "", &[], Operand),
    launcher("daemonize", None, "acepEluo", &[], Operand),
    launcher("gosu", None, "", &[], After(1)),
    launcher("su-exec", None, "", &[], After(1)),
    launcher("setuidgid", None, "", &[], After(1)),
    launcher("flatpak-spawn", None, "", &[], Operand),
    // Runners of one command in another network namespace, job step, terminal pane or log, or
    // only when there is input (`ip netns exec NS CMD`, `srun -n 4 CMD`, `zellij run -- CMD`,
    // `logsave LOG CMD`, `ifne CMD`), and file watchers given the command after `--`.
    launcher("ip", Some("netns"), "", &[], After(2)),
    launcher(
        "srun",
        None,
        "AbcCdDeGiJLmNnoptwx",
        &["--account", "--chdir", "--job-name", "--nodes", "--ntasks", "--partition", "--time", "--output"],
        Operand,
    ),
    launcher(
        "zellij",
        Some("run"),
        "dn",
        &["--direction", "--name", "--cwd", "--width", "--height", "--x", "--y"],
        Operand,
    ),
    launcher("logsave", None, "", &[], After(1)),
    launcher("ifne", None, "", &[], Operand),
    launcher("reflex", None, "rRgG", &["--regex", "--inverse-regex", "--glob", "--inverse-glob"], DashDash),
    launcher("onchange", None, "", &[], DashDash),
    // Containers and sandboxes that share the user's home (toolbox, distrobox) or the host.
    launcher("toolbox", Some("run"), "cdr", &["--container", "--distro", "--release"], Operand),
    launcher("distrobox", Some("enter"), "n", &["--name", "--additional-flags"], DashDash),
    launcher("distrobox-enter", None, "n", &["--name", "--additional-flags"], DashDash),
    launcher("schroot", None, "cud", &["--chroot", "--user", "--directory"], DashDash),
    launcher("lxc", Some("exec"), "", &["--env", "--cwd", "--user", "--group"], DashDash),
    launcher("incus", Some("exec"), "", &["--env", "--cwd", "--user", "--group"], DashDash),
    // Language environments that run a program in the project's environment.
    launcher("poetry", Some("run"), "CP", &["--directory", "--project"], Operand),
    launcher("pipenv", Some("run"), "", &[], Operand),
    launcher("pdm", Some("run"), "p", &["--project"], Operand),
    launcher("hatch", Some("run"), "", &[], Operand),
    launcher("rye", Some("run"), "", &[], Operand),
    launcher("uv", Some("run"), "p", UV_RUN, Operand),
    launcher("bundle", Some("exec"), "", &["--gemfile"], Operand),
    launcher("conda", Some("run"), "np", &["--name", "--prefix", "--cwd"], Operand),
    launcher("mamba", Some("run"), "np", &["--name", "--prefix", "--cwd"], Operand),
    launcher("micromamba", Some("run"), "np", &["--name", "--prefix", "--cwd"], Operand),
    launcher("pixi", Some("run"), "e", &["--environment", "--manifest-path"], Operand),
    launcher("devbox", Some("run"), "c", &["--config"], Operand),
    launcher("asdf", Some("exec"), "", &[], Operand),
    launcher("rbenv", Some("exec"), "", &[], Operand),
    launcher("pyenv", Some("exec"), "", &[], Operand),
    launcher("nodenv", Some("exec"), "", &[], Operand),
    launcher("direnv", Some("exec"), "", &[], After(1)),
    launcher("nvm", Some("exec"), "", &[], After(1)),
    launcher("fnm", Some("exec"), "", &["--using"], Operand),
    launcher("mise", Some("exec"), "C", &["--cd", "--jobs"], DashDash),
    launcher("mise", Some("x"), "C", &["--cd", "--jobs"], DashDash),
    launcher("yarn", Some("node"), "", &[], Subcommand),
    // Secret managers that run a command with secrets in its environment.
    launcher("aws-vault", Some("exec"), "", &["--duration", "--region"], DashDash),
    launcher("op", Some("run"), "", &["--env-file"], DashDash),
    launcher("doppler", Some("run"), "pc", &["--project", "--config", "--token"], DashDash),
    launcher("dotenv", None, "ecv", &[], DashDash),
    launcher("env-cmd", None, "fe", &["--file", "--environments"], Operand),
    launcher(
        "pueue",
        Some("add"),
        "gdwl",
        &["--group", "--delay", "--working-directory", "--label"],
        DashDash,
    ),
];

/// Where the operands start after the options from `argv[from]`, given the short options and
/// long ones that take a value (the wrappers' option scanner).
pub(super) type OptionsEnd = fn(&[Word], usize, &str, &[&str]) -> usize;

/// Where the command a launcher runs starts in `argv`, if `argv` is one.
pub(super) fn command_start(name: &str, argv: &[Word], options_end: OptionsEnd) -> Option<usize> {
    let sub = argv.get(1).map(|w| w.text.as_str());
    let launcher =
        LAUNCHERS.iter().find(|l| l.name == name && (l.subcommand.is_none() || l.subcommand == sub))?;
    let from = 1 + usize::from(launcher.subcommand.is_some());
    let start = match launcher.start {
        Start::Operand => options_end(argv, from, launcher.short_values, launcher.long_values),
        Start::After(own) => options_end(argv, from, launcher.short_values, launcher.long_values) + own,
        Start::DashDash => argv.iter().skip(from).position(|w| w.text == "--")? + from + 1,
        Start::Subcommand => 1,
    };
    (start < argv.len()).then_some(start)
}

/// Programs that run each operand as a shell line, and the options whose value is one
/// (`hyperfine --prepare 'CMD' 'CMD'`).
pub(super) fn shell_lines(name: &str, argv: &[Word]) -> Vec<Word> {
    let (line_options, value_options): (&[&str], &[&str]) = match name {
        // `concurrently 'CMD' 'CMD'`: each operand is a shell line (`npm:NAME` a package script).
        "concurrently" => (
            &[],
            &[
                "-n",
                "--names",
                "-c",
                "--prefix-colors",
                "-p",
                "--prefix",
                "-s",
                "--success",
                "-m",
                "--max-processes",
                "--restart-tries",
                "--restart-after",
                "--timestamp-format",
                "--name-separator",
                "-l",
                "--prefix-length",
                "--default-input-target",
            ],
        ),
        "hyperfine" => (
            &["-p", "--prepare", "-s", "--setup", "-c", "--cleanup", "--conclude"],
            &[
                "-w",
                "--warmup",
                "-m",
                "--min-runs",
                "-M",
                "--max-runs",
                "-r",
                "--runs",
                "-L",
                "--parameter-list",
                "-P",
                "--parameter-scan",
                "-D",
                "--parameter-step-size",
                "-S",
                "--shell",
                "--style",
                "--export-json",
                "--export-csv",
                "--export-markdown",
                "--export-asciidoc",
                "--export-orgmode",
                "-n",
                "--command-name",
                "--output",
                "--input",
                "-u",
                "--time-unit",
                "--sort",
            ],
        ),
        _ => return Vec::new(),
    };
    let mut lines = Vec::new();
    let mut words = argv.iter().skip(1);
    while let Some(word) = words.next() {
        let text = word.text.as_str();
        if line_options.contains(&text) {
            lines.extend(words.next().cloned());
        } else if let Some((_, value)) =
            text.split_once('=').filter(|(option, _)| line_options.contains(option))
        {
            lines.push(Word { text: value.to_string(), ..word.clone() });
        } else if value_options.contains(&text) {
            words.next();
            // `-L name a,b` and `-P name 1 9` take more than one value.
            if matches!(text, "-L" | "--parameter-list") {
                words.next();
            } else if matches!(text, "-P" | "--parameter-scan") {
                words.next();
                words.next();
            }
        } else if let Some((manager, script)) = text.split_once(':').filter(|(manager, _)| {
            name == "concurrently" && matches!(*manager, "npm" | "yarn" | "pnpm" | "bun")
        }) {
            lines.push(Word { text: format!("{manager} run {script}"), ..word.clone() });
        } else if !text.starts_with('-') {
            lines.push(word.clone());
        }
    }
    lines
}

/// Runners that fetch a program from a URL or a repository and run it at once (`deno run
/// https://…`, `npx github:owner/repo`, `uvx --from git+https://…`, `go run mod@v`, `pip
/// install git+https://…`, whose build runs the package's code; `go install` builds without
/// running anything): the source they fetch. A
/// package from the registry by name (`npx prettier`) is the everyday case and is not one.
pub(super) fn fetched_code(argv: &[Word]) -> Option<&Word> {
    let name = crate::shell::base_name(&argv.first()?.text);
    let sub = argv.get(1).map(|w| w.text.as_str());
    let operands = |from: usize| argv.iter().skip(from).filter(|w| !w.text.starts_with('-'));
    let option = |names: &[&str]| {
        argv.windows(2).find(|pair| names.contains(&pair[0].text.as_str())).map(|pair| &pair[1]).or_else(
            || {
                argv.iter().find(|w| {
                    names.iter().any(|n| w.text.strip_prefix(n).is_some_and(|v| v.starts_with('=')))
                })
            },
        )
    };
    match (name, sub) {
        ("deno", Some("run" | "eval" | "test" | "install" | "compile")) | ("bun", Some("run" | "x")) => {
            operands(2).next().filter(|w| is_url(&w.text))
        }
        ("npx" | "bunx" | "pnpx", _) => operands(1).next().filter(|w| is_repository_package(&w.text)),
        ("npm", Some("exec" | "x")) | ("pnpm" | "yarn", Some("dlx")) => {
            operands(2).next().filter(|w| is_repository_package(&w.text))
        }
        ("uvx", _) | ("uv", Some("tool")) | ("pipx", Some("run")) => option(&["--from", "--spec"])
            .filter(|w| is_remote_spec(&w.text))
            .or_else(|| operands(if name == "uvx" { 1 } else { 2 }).find(|w| is_url(&w.text))),
        ("uv", Some("run")) => operands(2).next().filter(|w| is_url(&w.text)),
        ("go", Some("run")) => {
            operands(2).next().filter(|w| w.text.contains('@') && !w.text.starts_with(['.', '/']))
        }
        ("pip" | "pip3" | "uv" | "pipx", Some("install")) => {
            pip_sources(&argv[2..]).find(|w| is_remote_spec(&w.text))
        }
        ("python" | "python3", Some("-m")) if argv.get(2).is_some_and(|w| w.text == "pip") => {
            pip_sources(argv.get(4..).unwrap_or_default()).find(|w| is_remote_spec(&w.text))
        }
        _ => None,
    }
}

/// A program told to run its work through another program the line names, which the guard
/// does not see (`make SHELL=./x`, `npm test --script-shell=./x`): that program.
pub(super) fn replaced_shell(argv: &[Word]) -> Option<&str> {
    let name = crate::shell::base_name(&argv.first()?.text);
    let value = match name {
        "make" | "gmake" => argv.iter().find_map(|w| w.text.strip_prefix("SHELL=")),
        "npm" | "pnpm" | "yarn" => {
            argv.iter().enumerate().find_map(|(at, w)| match w.text.strip_prefix("--script-shell") {
                Some("") => argv.get(at + 1).map(|v| v.text.as_str()),
                Some(rest) => rest.strip_prefix('='),
                None => None,
            })
        }
        _ => None,
    }?;
    let program = value.split_whitespace().next().unwrap_or_default();
    // A shell by name or from the system's directories; `/tmp/sh` is someone's program.
    let (dir, base) = program.rsplit_once('/').unwrap_or(("", program));
    let system = matches!(dir, "" | "/bin" | "/usr/bin" | "/usr/local/bin" | "/opt/homebrew/bin");
    (!system || !matches!(base, "sh" | "bash" | "dash" | "zsh" | "ksh")).then_some(value)
}

/// The package sources of `pip install ARGS`: its operands, without the values of the options
/// that name an index or a requirements file (`-i https://pypi.org/simple` is no package).
fn pip_sources(args: &[Word]) -> impl Iterator<Item = &Word> {
    const VALUED: &[&str] = &[
        "-i",
        "--index-url",
        "--extra-index-url",
        "-f",
        "--find-links",
        "-r",
        "--requirement",
        "-c",
        "--constraint",
        "-t",
        "--target",
        "--prefix",
        "--root",
        "--python",
        "-p",
    ];
    args.iter()
        .enumerate()
        .filter(move |(at, word)| {
            !(word.text.starts_with('-') || *at > 0 && VALUED.contains(&args[at - 1].text.as_str()))
        })
        .map(|(_, word)| word)
}

fn is_url(text: &str) -> bool {
    text.starts_with("https://") || text.starts_with("http://")
}

/// A pip or uv source that is no registry package: a URL or a VCS checkout.
fn is_remote_spec(text: &str) -> bool {
    is_url(text)
        || ["git+", "hg+", "svn+", "bzr+"].iter().any(|vcs| text.starts_with(vcs))
        || text.contains(" @ ")
}

/// An npm package spec that names a repository or a tarball rather than a registry name:
/// `github:o/r`, `git+https://…`, `https://…/x.tgz`, `o/r` (GitHub's shorthand).
fn is_repository_package(text: &str) -> bool {
    is_url(text)
        || ["github:", "gitlab:", "bitbucket:", "gist:", "git+", "git://", "file:"]
            .iter()
            .any(|p| text.starts_with(p))
        || !text.starts_with('@') && text.contains('/') && !text.starts_with(['.', '/'])
}
