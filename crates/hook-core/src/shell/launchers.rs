//! Launchers as data: programs that run the command given after their own options and
//! operands (`prlimit --nofile=64 CMD`, `poetry run CMD`, `aws-vault exec P -- CMD`), and
//! those that run each operand as a shell line (`hyperfine 'CMD'`).

use super::Word;
use crate::name_filter::NameFilter;

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
    /// After any of these options, wherever it stands (`xterm -e CMD`, `nix develop -c CMD`).
    AfterOption(&'static [&'static str]),
}

/// A launcher: its name, the subcommand that launches (`poetry run`), its short options that
/// take a value, its long ones, and where the command starts.
struct Launcher {
    name: &'static str,
    subcommand: Option<&'static str>,
    short_values: &'static str,
    long_values: &'static [&'static str],
    start: Start,
    /// Long options that take two values (`bwrap --bind SRC DEST`).
    long_pairs: &'static [&'static str],
}

const fn launcher(
    name: &'static str,
    subcommand: Option<&'static str>,
    short_values: &'static str,
    long_values: &'static [&'static str],
    start: Start,
) -> Launcher {
    Launcher { name, subcommand, short_values, long_values, start, long_pairs: &[] }
}

impl Launcher {
    const fn with_pairs(self, long_pairs: &'static [&'static str]) -> Launcher {
        Launcher { long_pairs, ..self }
    }
}

use Start::{After, AfterOption, DashDash, Operand, Subcommand};

/// The MPI launchers' options that take a value (Open MPI's, MPICH's and Cray's spellings).
const MPI_VALUES: &[&str] = &[
    "-n",
    "-np",
    "-c",
    "--n",
    "--np",
    "-N",
    "-H",
    "-host",
    "--host",
    "-hosts",
    "-hostfile",
    "--hostfile",
    "-machinefile",
    "--machinefile",
    "-f",
    "-ppn",
    "-npernode",
    "--npernode",
    "-x",
    "-wdir",
    "--wdir",
    "-wd",
    "--map-by",
    "--bind-to",
    "--rank-by",
    "--prefix",
    "-d",
    "-cc",
    "-genvlist",
    "-envlist",
    "-iface",
    "-bootstrap",
    "-launcher",
];

/// The MPI launchers' options that take two values (`--mca NAME VALUE`, `-genv NAME VALUE`).
const MPI_PAIRS: &[&str] = &["--mca", "-mca", "-genv", "-env", "--gmca", "-gmca"];

/// bubblewrap's options that take one value and those that take two; the command follows.
const BWRAP_VALUES: &[&str] = &[
    "--args",
    "--argv0",
    "--userns",
    "--userns2",
    "--pidns",
    "--uid",
    "--gid",
    "--hostname",
    "--chdir",
    "--unsetenv",
    "--lock-file",
    "--sync-fd",
    "--remount-ro",
    "--exec-label",
    "--file-label",
    "--proc",
    "--dev",
    "--tmpfs",
    "--mqueue",
    "--dir",
    "--seccomp",
    "--add-seccomp-fd",
    "--block-fd",
    "--userns-block-fd",
    "--info-fd",
    "--json-status-fd",
    "--cap-add",
    "--cap-drop",
    "--perms",
    "--size",
];
const BWRAP_PAIRS: &[&str] = &[
    "--setenv",
    "--bind",
    "--bind-try",
    "--dev-bind",
    "--dev-bind-try",
    "--ro-bind",
    "--ro-bind-try",
    "--file",
    "--bind-data",
    "--ro-bind-data",
    "--symlink",
    "--chmod",
    "--overlay-src",
];

/// Programs that start the user's shell when they are given no command to run (`fakeroot`,
/// `unshare`, `chroot DIR`, `newgrp GROUP`, `poetry shell`): that shell reads its commands from
/// standard input, as `sh` does; some only with a subcommand (`poetry shell`).
const SHELL_WHEN_BARE: &[(&str, Option<&str>)] = &[
    ("fakeroot", None),
    ("fakeroot-ng", None),
    ("fakechroot", None),
    ("proot", None),
    ("firejail", None),
    ("newgrp", None),
    ("sg", None),
    ("unshare", None),
    ("nsenter", None),
    ("chroot", None),
    ("pkexec", None),
    ("run0", None),
    ("script", None),
    ("machinectl", Some("shell")),
    ("toolbox", Some("enter")),
    ("distrobox", Some("enter")),
    ("distrobox-enter", None),
    ("nix-shell", None),
    ("nix", Some("develop")),
    ("nix", Some("shell")),
    ("poetry", Some("shell")),
    ("pipenv", Some("shell")),
    ("hatch", Some("shell")),
    ("pixi", Some("shell")),
    ("devbox", Some("shell")),
    ("npm", Some("explore")),
    ("podman", Some("unshare")),
    ("buildah", Some("unshare")),
];

/// The names of [`SHELL_WHEN_BARE`].
const BARE_SHELL_NAMES: NameFilter = NameFilter::EMPTY.with_keys(SHELL_WHEN_BARE);

/// Whether `argv` starts the user's shell because it names nothing to run (see
/// [`SHELL_WHEN_BARE`]).
pub(super) fn starts_shell(argv: &[Word]) -> bool {
    let Some(name) = argv.first().map(|w| crate::shell::base_name(&w.text)) else { return false };
    if !BARE_SHELL_NAMES.may_hold(name) {
        return false;
    }
    let sub = argv.get(1).map(|w| w.text.as_str());
    SHELL_WHEN_BARE
        .iter()
        .any(|&(program, subcommand)| program == name && (subcommand.is_none() || subcommand == sub))
}

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

/// The names of [`LAUNCHERS`], which nearly every command is not.
const LAUNCHER_NAMES: NameFilter = {
    let mut filter = NameFilter::EMPTY;
    let mut at = 0;
    while at < LAUNCHERS.len() {
        filter = filter.with(LAUNCHERS[at].name);
        at += 1;
    }
    filter
};

/// `uvx`'s (`uv tool run`'s) options that take a value.
const UV_TOOL: &[&str] = &[
    "--from",
    "--with",
    "--with-editable",
    "--with-requirements",
    "--constraints",
    "--overrides",
    "--build-constraints",
    "--python",
    "--index",
    "--default-index",
    "--index-url",
    "--extra-index-url",
    "--find-links",
    "--config-setting",
    "--env-file",
    "--directory",
    "--project",
    "--config-file",
    "--cache-dir",
    "--upgrade-package",
    "--reinstall-package",
    "--refresh-package",
    "--index-strategy",
    "--keyring-provider",
    "--resolution",
    "--prerelease",
    "--exclude-newer",
    "--link-mode",
    "--python-platform",
    "--color",
];

/// Terminal emulators: given their command as one string (`xterm -e 'rm -rf ~'`), they run it
/// as a shell line (xterm, konsole and the `-e` of the VTE terminals split it; the others
/// fail to run a program of that name, which is no reason to let the line through).
const TERMINALS: &[&str] = &[
    "xterm",
    "uxterm",
    "urxvt",
    "rxvt",
    "alacritty",
    "konsole",
    "x-terminal-emulator",
    "gnome-terminal",
    "kitty",
    "foot",
    "wezterm",
    "xfce4-terminal",
    "mate-terminal",
    "terminator",
    "tilix",
    "lxterminal",
    "st",
];

/// Whether `name` is a terminal emulator (see [`TERMINALS`]).
pub(super) fn is_terminal(name: &str) -> bool {
    TERMINALS.contains(&name)
}

const LAUNCHERS: &[Launcher] = &[
    // Resource limits, control groups, NUMA, locks, terminals, display and bus sessions.
    launcher("prlimit", None, "p", &["--pid", "--output"], Operand),
    launcher("cgexec", None, "g", &[], Operand),
    launcher(
        "numactl",
        None,
        "CNmpiPw",
        &[
            "--physcpubind",
            "--cpunodebind",
            "--membind",
            "--preferred",
            "--preferred-many",
            "--interleave",
            "--weighted-interleave",
        ],
        Operand,
    ),
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
        &[
            "--reuid",
            "--regid",
            "--ruid",
            "--euid",
            "--rgid",
            "--egid",
            "--groups",
            "--securebits",
            "--selinux-label",
            "--apparmor-profile",
            "--inh-caps",
            "--ambient-caps",
            "--bounding-set",
            "--pdeathsig",
            "--landlock-access",
            "--landlock-rule",
            "--seccomp-filter",
        ],
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
    // `salloc [options] CMD`: CMD runs on this machine with the allocation.
    launcher(
        "salloc",
        None,
        "AbcCdDGJLmNnptw",
        &["--account", "--chdir", "--job-name", "--nodes", "--ntasks", "--partition", "--time"],
        Operand,
    ),
    // MPI launchers take single-dash long options (`mpirun -np 4 CMD`, `-genv NAME VALUE`).
    launcher("mpirun", None, "", MPI_VALUES, Operand).with_pairs(MPI_PAIRS),
    launcher("mpiexec", None, "", MPI_VALUES, Operand).with_pairs(MPI_PAIRS),
    launcher("mpiexec.hydra", None, "", MPI_VALUES, Operand).with_pairs(MPI_PAIRS),
    launcher("orterun", None, "", MPI_VALUES, Operand).with_pairs(MPI_PAIRS),
    launcher("aprun", None, "", MPI_VALUES, Operand).with_pairs(MPI_PAIRS),
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
    // Rootless containers' user namespace: the command runs as the user, with the user's files.
    launcher("podman", Some("unshare"), "", &[], Operand),
    launcher("buildah", Some("unshare"), "m", &["--mount"], Operand),
    // Virtual machines: `multipass exec VM [--] CMD`; WSL runs a Linux command whose `/mnt/c`
    // is the Windows host's drive (`wsl -e CMD`, `wsl -- CMD`, `wsl CMD`).
    launcher("multipass", Some("exec"), "d", &["--working-directory"], After(1)),
    launcher("wsl", None, "du", &["--distribution", "--user", "--cd", "--shell-type"], Operand),
    launcher("wsl.exe", None, "du", &["--distribution", "--user", "--cd", "--shell-type"], Operand),
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
    // `npm explore PKG -- CMD` runs CMD in the package's directory; `composer exec BIN`
    // runs a program of the project's `vendor/bin` (or any on `PATH`).
    launcher("npm", Some("explore"), "", &[], DashDash),
    launcher("composer", Some("exec"), "d", &["--working-dir"], Operand),
    // OCaml's and Haskell's environments: `opam exec -- CMD`, `cabal exec -- CMD`,
    // `stack exec -- CMD`, and `dune exec -- PROG`, which runs a program on `PATH` as well
    // as one the project builds.
    launcher("opam", Some("exec"), "", &["--switch", "--root", "--cli"], Operand),
    launcher("cabal", Some("exec"), "", &["--project-file", "--project-dir", "--builddir"], Operand),
    launcher("stack", Some("exec"), "", &["--package", "--cwd", "--stack-yaml", "--resolver"], Operand),
    launcher(
        "dune",
        Some("exec"),
        "",
        &["--root", "--profile", "--context", "--build-dir", "--workspace", "--display"],
        Operand,
    ),
    // Monorepo tools that run a command in each package.
    launcher(
        "lerna",
        Some("exec"),
        "",
        &["--scope", "--ignore", "--concurrency", "--since", "--include-dependents", "--loglevel"],
        Operand,
    ),
    launcher("nx", Some("exec"), "", &[], DashDash),
    // Secret managers that run a command with secrets in its environment.
    launcher("aws-vault", Some("exec"), "", &["--duration", "--region"], DashDash),
    // `envchain NAMESPACE CMD`: the keychain namespace's variables (`envchain prod psql`).
    launcher("envchain", None, "", &[], After(1)),
    launcher("op", Some("run"), "", &["--env-file"], DashDash),
    launcher("doppler", Some("run"), "pc", &["--project", "--config", "--token"], DashDash),
    launcher("dotenv", None, "ecv", &[], DashDash),
    // The same program by its npm package's name (`npx dotenv-cli -e .env.test -- jest`).
    launcher("dotenv-cli", None, "ecv", &[], DashDash),
    launcher("env-cmd", None, "fe", &["--file", "--environments"], Operand),
    launcher("dotenvx", Some("run"), "f", &["--env-file", "--env"], DashDash),
    // Railway's and saml2aws' runs: the service's variables, or a role's credentials.
    launcher("railway", Some("run"), "es", &["--environment", "--service"], Operand),
    launcher(
        "saml2aws",
        Some("exec"),
        "ap",
        &["--idp-account", "--profile", "--exec-profile", "--role", "--region", "--session-duration"],
        Operand,
    ),
    launcher("infisical", Some("run"), "", &["--env", "--path", "--projectId", "--token"], DashDash),
    launcher("chamber", Some("exec"), "", &[], DashDash),
    launcher("teller", Some("run"), "c", &["--config"], DashDash),
    launcher("berglas", Some("exec"), "", &[], DashDash),
    launcher("summon", None, "fpD", &["--provider", "--up", "--yaml"], Operand),
    // Privileges faked or changed, chroots and sandboxes: the command runs with the user's files.
    launcher("fakeroot", None, "lbis", &["--lib", "--faked"], Operand),
    launcher("fakeroot-ng", None, "pl", &[], Operand),
    launcher(
        "fakechroot",
        None,
        "ldecb",
        &["--lib", "--elfloader", "--environment", "--config-dir", "--bindir"],
        Operand,
    ),
    launcher(
        "proot",
        None,
        "rbmwkqvRSpi",
        &[
            "--rootfs",
            "--bind",
            "--mount",
            "--pwd",
            "--cwd",
            "--kernel-release",
            "--qemu",
            "--verbose",
            "--port",
            "--change-id",
        ],
        Operand,
    ),
    launcher("bwrap", None, "", BWRAP_VALUES, Operand).with_pairs(BWRAP_PAIRS),
    launcher("bubblewrap", None, "", BWRAP_VALUES, Operand).with_pairs(BWRAP_PAIRS),
    launcher("systemd-nspawn", None, "DMuS", &["--directory", "--machine", "--user", "--image"], Operand),
    launcher("lxc-attach", None, "nP", &["--name", "--lxcpath"], DashDash),
    launcher("lxc-execute", None, "nfP", &["--name", "--rcfile", "--lxcpath"], DashDash),
    launcher("machinectl", Some("shell"), "", &["--uid", "--setenv"], After(1)),
    // `sandbox-exec -n NAME` names a built-in profile (`-n no-network`); `-f FILE`, `-p TEXT`,
    // `-D KEY=VALUE` give or parameterise one.
    launcher("sandbox-exec", None, "fpnD", &[], Operand),
    launcher("arch", None, "ed", &[], Operand),
    launcher("launchctl", Some("asuser"), "", &[], After(1)),
    launcher("launchctl", Some("bsexec"), "", &[], After(1)),
    // daemontools, runit and s6 helpers that run the rest of their arguments.
    launcher("softlimit", None, "mdsloapfcrt", &[], Operand),
    launcher("envdir", None, "", &[], After(1)),
    launcher("envuidgid", None, "", &[], After(1)),
    launcher("setlock", None, "", &[], After(1)),
    launcher("pgrphack", None, "", &[], Operand),
    launcher("fghack", None, "", &[], Operand),
    // Queues, caches, sessions, sound, graphics and network shims.
    launcher("nocache", None, "n", &[], Operand),
    launcher("ts", None, "LDWN", &[], Operand),
    launcher("ssh-agent", None, "aEPtO", &[], Operand),
    launcher("dbus-launch", None, "", &["--config-file", "--autolaunch"], Operand),
    launcher("authbind", None, "", &["--depth"], Operand),
    launcher("trickle", None, "udwtLn", &[], Operand),
    launcher("pasuspender", None, "s", &["--server"], DashDash),
    launcher("padsp", None, "snmMdD", &[], Operand),
    launcher("aoss", None, "", &[], Operand),
    launcher("optirun", None, "bc", &["--bridge", "--compress"], Operand),
    launcher("primusrun", None, "", &[], Operand),
    launcher("prime-run", None, "", &[], Operand),
    launcher("vglrun", None, "dc", &[], Operand),
    launcher("gamemoderun", None, "", &[], Operand),
    launcher("mangohud", None, "", &[], Operand),
    // Package runners' shims: shx runs ShellJS's version of the command it is given.
    launcher("shx", None, "", &[], Operand),
    launcher("uvx", None, "pwCicf", UV_TOOL, Operand),
    launcher("pipx", Some("run"), "", &["--spec", "--python", "--pip-args", "--index-url"], Operand),
    // Terminal emulators that run a command in a new window.
    launcher("xterm", None, "", &[], AfterOption(&["-e"])),
    launcher("xfce4-terminal", None, "", &[], AfterOption(&["-e", "--command", "-x", "--execute"])),
    launcher("mate-terminal", None, "", &[], AfterOption(&["-e", "--command", "-x", "--execute"])),
    launcher("terminator", None, "", &[], AfterOption(&["-e", "--command", "-x", "--execute"])),
    launcher("tilix", None, "", &[], AfterOption(&["-e", "--command"])),
    launcher("lxterminal", None, "", &[], AfterOption(&["-e", "--command"])),
    launcher("st", None, "", &[], AfterOption(&["-e"])),
    launcher("uxterm", None, "", &[], AfterOption(&["-e"])),
    launcher("urxvt", None, "", &[], AfterOption(&["-e"])),
    launcher("rxvt", None, "", &[], AfterOption(&["-e"])),
    launcher("alacritty", None, "", &[], AfterOption(&["-e", "--command"])),
    launcher("konsole", None, "", &[], AfterOption(&["-e"])),
    launcher("x-terminal-emulator", None, "", &[], AfterOption(&["-e"])),
    // gnome-terminal's old `-e 'CMD'` and `-x CMD…` still run (deprecated for `-- CMD…`).
    launcher("gnome-terminal", None, "", &[], AfterOption(&["--", "-e", "--command", "-x", "--execute"])),
    launcher("wezterm", Some("start"), "", &["--cwd", "--class", "--workspace", "--domain"], Operand),
    launcher(
        "kitty",
        None,
        "co",
        &["--config", "--override", "--class", "--name", "--title", "--directory", "--session"],
        Operand,
    ),
    launcher("foot", None, "cwWtTaLs", &["--config", "--working-directory", "--title", "--app-id"], Operand),
    // Development environments that run a command in them; meson's test and run targets
    // run through `meson --internal exe [OPTIONS] -- CMD`.
    launcher("meson", Some("--internal"), "", &[], DashDash),
    launcher("nix", Some("develop"), "", &[], AfterOption(&["-c", "--command"])),
    launcher("nix", Some("shell"), "", &[], AfterOption(&["-c", "--command"])),
];

/// Whether a name marks production: one of its words ([`name_words`], a trailing number cut:
/// `prod1`) is `prod`, `production`, `prd`, `live` or `mainnet`, in any case, and not right
/// after `pre`, `non` or `not` (`shop-prod`, `ApiStack-Prod`, `deployProd`, `env=production`,
/// `acme.live`, `nomad.prod:4646`; not `pre-prod`, `non-prod`, `preprod` or `product`).
pub(crate) fn production_name(name: &str) -> bool {
    let mut after_negation = false;
    name_words(name).any(|word| {
        let stem = word.trim_end_matches(|c: char| c.is_ascii_digit());
        let production = !after_negation
            && ["prod", "production", "prd", "live", "mainnet"].iter().any(|p| stem.eq_ignore_ascii_case(p));
        after_negation = ["pre", "non", "not"].iter().any(|n| word.eq_ignore_ascii_case(n));
        production
    })
}

/// The words of a name: runs of letters and digits, split where lower case turns upper
/// (`deployProd`).
pub(crate) fn name_words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !c.is_ascii_alphanumeric()).flat_map(camel_parts).filter(|w| !w.is_empty())
}

fn camel_parts(word: &str) -> impl Iterator<Item = &str> {
    let bytes = word.as_bytes();
    let mut start = 0;
    std::iter::from_fn(move || {
        if start >= bytes.len() {
            return None;
        }
        let mut at = start + 1;
        while at < bytes.len() && !(bytes[at - 1].is_ascii_lowercase() && bytes[at].is_ascii_uppercase()) {
            at += 1;
        }
        let part = &word[start..at];
        start = at;
        Some(part)
    })
}

/// Whether a launcher that loads an environment's secrets or settings (`dotenv -e
/// .env.production`, `railway run -e production`, `infisical run --env=prod`, `doppler run -c
/// prd`, `saml2aws exec -a prod`, `direnv exec ./envs/prod`, `sops exec-env prod.enc.yaml`)
/// names production among its options `argv[1..at]`: the
/// command it runs then works on production, as under `APP_ENV=production`.
pub(super) fn loads_production(name: &str, argv: &[Word], at: usize) -> bool {
    loads_environment(name)
        && argv.get(1..at).is_some_and(|options| {
            options.iter().any(|w| {
                let value = w.text.split_once('=').map_or(w.text.as_str(), |(_, value)| value);
                !value.starts_with('-') && production_name(value)
            })
        })
}

/// The environment a launcher of [`loads_production`]'s kind names among its options
/// `argv[1..at]` (`aws-vault exec dev --`, `doppler run -c dev --`, `dotenv -e .env.test --`):
/// its last word that is no option nor the launcher's subcommand.
pub(super) fn environment_named<'a>(name: &str, argv: &'a [Word], at: usize) -> Option<&'a Word> {
    if !loads_environment(name) {
        return None;
    }
    argv.get(1..at)?.iter().rev().find(|w| {
        !w.text.starts_with('-') && !matches!(w.text.as_str(), "exec" | "run" | "exec-env" | "exec-file")
    })
}

/// The launchers that load an environment's secrets or settings, named by their options.
fn loads_environment(name: &str) -> bool {
    matches!(
        name,
        "dotenv"
            | "dotenv-cli"
            | "dotenvx"
            | "env-cmd"
            | "railway"
            | "infisical"
            | "doppler"
            | "saml2aws"
            | "aws-vault"
            | "envchain"
            | "op"
            | "teller"
            | "chamber"
            | "direnv"
            | "devbox"
            | "nix"
            | "sops exec-env"
            | "sops exec-file"
    )
}

/// Where the operands start after the options from `argv[from]`, given the short options and
/// long ones that take a value (the wrappers' option scanner).
pub(super) type OptionsEnd = fn(&[Word], usize, &str, &[&str]) -> usize;

/// Where the command a launcher runs starts in `argv`, if `argv` is one.
pub(super) fn command_start(name: &str, argv: &[Word], options_end: OptionsEnd) -> Option<usize> {
    if !LAUNCHER_NAMES.may_hold(name) {
        return None;
    }
    let sub = argv.get(1).map(|w| w.text.as_str());
    let Some(launcher) =
        LAUNCHERS.iter().find(|l| l.name == name && (l.subcommand.is_none() || l.subcommand == sub))
    else {
        return after_global_options(name, argv, options_end);
    };
    let from = 1 + usize::from(launcher.subcommand.is_some());
    let start = match launcher.start {
        Start::Operand if !launcher.long_pairs.is_empty() => {
            options_with_pairs_end(argv, from, launcher.long_values, launcher.long_pairs)
        }
        Start::Operand => options_end(argv, from, launcher.short_values, launcher.long_values),
        // `multipass exec VM -- CMD`: a `--` may stand between the operands and the command.
        Start::After(own) => {
            let at = options_end(argv, from, launcher.short_values, launcher.long_values) + own;
            at + usize::from(argv.get(at).is_some_and(|w| w.text == "--"))
        }
        Start::DashDash => argv.iter().skip(from).position(|w| w.text == "--")? + from + 1,
        Start::Subcommand => 1,
        Start::AfterOption(options) => argv.iter().position(|w| options.contains(&w.text.as_str()))? + 1,
    };
    // WSL's management options take a distribution's name, not a command (`wsl --unregister
    // Ubuntu`, `wsl --export Ubuntu x.tar`).
    if name.starts_with("wsl") && argv[from..start.min(argv.len())].iter().any(|w| wsl_manages(&w.text)) {
        return None;
    }
    (start < argv.len()).then_some(start)
}

/// A launcher's subcommand after the tool's own options (`stack --resolver lts-22 exec -- CMD`,
/// `poetry -C dir run CMD`): the command starts where it would with the subcommand first.
fn after_global_options(name: &str, argv: &[Word], options_end: OptionsEnd) -> Option<usize> {
    if !argv.get(1).is_some_and(|w| w.text.starts_with('-')) {
        return None;
    }
    let at = argv.iter().enumerate().skip(2).find_map(|(at, w)| {
        LAUNCHERS.iter().any(|l| l.name == name && l.subcommand == Some(w.text.as_str())).then_some(at)
    })?;
    Some(at - 1 + command_start(name, &argv[at - 1..], options_end)?)
}

fn wsl_manages(option: &str) -> bool {
    matches!(
        option.to_ascii_lowercase().as_str(),
        "--unregister"
            | "--export"
            | "--import"
            | "--import-in-place"
            | "--install"
            | "--list"
            | "-l"
            | "--set-default"
            | "-s"
            | "--set-version"
            | "--set-default-version"
            | "--terminate"
            | "-t"
            | "--shutdown"
            | "--status"
            | "--update"
            | "--mount"
            | "--unmount"
            | "--manage"
    )
}

/// Where the operands start after long options of which some take one value and some two
/// (bubblewrap's); `--` ends them.
fn options_with_pairs_end(argv: &[Word], from: usize, values: &[&str], pairs: &[&str]) -> usize {
    let mut at = from;
    while let Some(word) = argv.get(at) {
        let text = word.text.as_str();
        if word.dynamic || !text.starts_with('-') {
            break;
        }
        at += match text {
            "--" => return at + 1,
            _ if pairs.contains(&text) => 3,
            _ if values.contains(&text) => 2,
            _ => 1,
        };
    }
    at
}

/// Programs that run each operand as a shell line, and the options whose value is one
/// (`hyperfine --prepare 'CMD' 'CMD'`, socat's `EXEC:CMD`).
pub(super) fn shell_lines(name: &str, argv: &[Word]) -> Vec<Word> {
    // socat's `EXEC:CMD` and `SYSTEM:CMD` addresses (options after a `,`) run CMD.
    if name == "socat" {
        return argv
            .iter()
            .skip(1)
            .filter_map(|word| {
                let (kind, rest) = word.text.split_once(':')?;
                let line = rest.split(',').next().unwrap_or_default();
                (matches!(kind.to_ascii_uppercase().as_str(), "EXEC" | "SYSTEM") && !line.is_empty())
                    .then(|| Word { text: line.to_string(), ..word.clone() })
            })
            .collect();
    }
    // Shells outside the POSIX family run their `-c` line: simple commands read the same.
    if OTHER_SHELLS.contains(&name) {
        return argv
            .windows(2)
            .find(|pair| pair[0].text == "-c")
            .map(|pair| pair[1].clone())
            .into_iter()
            .collect();
    }
    // `ansible HOST -m shell -a CMD`: the module runs CMD on the hosts (here, for localhost);
    // the file modules are the commands that do the same.
    if name == "ansible" {
        return ansible_module(argv).into_iter().collect();
    }
    if matches!(name, "salt" | "salt-call" | "salt-ssh") {
        return salt_function(name, argv).into_iter().collect();
    }
    if matches!(name, "just" | "deno") {
        return runner_lines(name, argv);
    }
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

/// The shell text a task runner is given on its command line rather than in its task file:
/// `deno task --eval 'CMD'`; `just --command CMD ARGS…` (run as is), `just --shell-arg` words
/// that are not options, and, once the line chose just's shell or its arguments, operands that
/// are shell text rather than recipe names (`just --shell bash --shell-arg -c -- 'CMD'`).
fn runner_lines(name: &str, argv: &[Word]) -> Vec<Word> {
    let joined = |words: &[Word]| {
        let first = words.first().cloned();
        first.map(|first| Word {
            text: words.iter().map(|w| w.text.as_str()).collect::<Vec<_>>().join(" "),
            dynamic: words.iter().any(|w| w.dynamic),
            ..first
        })
    };
    if name == "deno" {
        if argv.get(1).is_none_or(|w| w.text != "task") || !argv.iter().any(|w| w.text == "--eval") {
            return Vec::new();
        }
        let mut at = 2;
        while let Some(word) = argv.get(at).filter(|w| w.text.starts_with('-')) {
            at += if matches!(word.text.as_str(), "--cwd" | "-c" | "--config" | "-f" | "--filter") {
                2
            } else {
                1
            };
        }
        return joined(argv.get(at..).unwrap_or_default()).into_iter().collect();
    }
    let mut lines = Vec::new();
    let mut shell_chosen = false;
    let mut operands = Vec::new();
    let mut at = 1;
    while let Some(word) = argv.get(at) {
        let text = word.text.as_str();
        let (option, attached) = match text.split_once('=') {
            Some((option, value)) if option.starts_with("--") => (option, Some(value)),
            _ => (text, None),
        };
        match option {
            "-c" | "--command" => {
                let rest = argv.get(at + 1..).unwrap_or_default();
                let words = match attached {
                    Some(value) => [&[Word { text: value.to_string(), ..word.clone() }], rest].concat(),
                    None => rest.to_vec(),
                };
                // The program and its arguments, each a word (`just --command sh -c 'CMD'`); one
                // word alone is judged as the line it reads as.
                let quoted: Vec<Word> = match words.len() {
                    1 => words,
                    _ => words.iter().map(|w| Word { text: super::quote(&w.text), ..w.clone() }).collect(),
                };
                lines.extend(joined(&quoted));
                return lines;
            }
            "--shell" | "--shell-arg" => {
                shell_chosen = true;
                let value =
                    attached.map(|value| Word { text: value.to_string(), ..word.clone() }).or_else(|| {
                        at += 1;
                        argv.get(at).cloned()
                    });
                lines.extend(value.filter(|value| option == "--shell-arg" && !value.text.starts_with('-')));
            }
            "-f"
            | "--justfile"
            | "-d"
            | "--working-directory"
            | "--set"
            | "--dotenv-filename"
            | "--dotenv-path"
            | "-E"
            | "--chooser"
            | "--color"
            | "--dump-format"
            | "--list-heading"
            | "--list-prefix"
            | "--tempdir"
            | "--timestamp-format"
            | "--command-color" => {
                at += if option == "--set" { 2 } else { usize::from(attached.is_none()) };
            }
            "--" => operands.extend(argv.get(at + 1..).unwrap_or_default().iter().cloned()),
            _ if !text.starts_with('-') => operands.push(word.clone()),
            _ => {}
        }
        if option == "--" {
            break;
        }
        at += 1;
    }
    if shell_chosen {
        let shell_text =
            |w: &Word| w.text.contains([' ', '\t', '\n', ';', '|', '&', '<', '>', '(', '`', '$']);
        lines.extend(operands.into_iter().filter(shell_text));
    }
    lines
}

/// Files of code an interpreter is told to load before its program, by path or from a
/// directory the line names (`node --require /tmp/x.js`, `perl -I/tmp -MEvil`, `ruby -I/tmp
/// -revil`, `scons --site-dir=/tmp/x`): each as the command that runs it, judged like a script
/// of the language (a project's file is read, a temporary one asks). A module found on the
/// usual search path is not one of them.
pub(super) fn preloaded_code(name: &str, argv: &[Word]) -> Vec<Vec<Word>> {
    let values = |options: &[&str], attached: &[&str]| -> Vec<&Word> {
        argv.iter()
            .enumerate()
            .skip(1)
            .filter_map(|(at, w)| {
                if options.contains(&w.text.as_str()) {
                    return argv.get(at + 1);
                }
                attached
                    .iter()
                    .any(|prefix| w.text.len() > prefix.len() && w.text.starts_with(prefix))
                    .then_some(w)
            })
            .collect()
    };
    let value = |word: &Word, attached: &[&str]| -> String {
        let text = word.text.as_str();
        let text = attached.iter().find_map(|prefix| text.strip_prefix(prefix)).unwrap_or(text);
        text.strip_prefix('=').unwrap_or(text).to_string()
    };
    let run = |program: &str, file: String, from: &Word| {
        vec![Word::literal(program), Word { text: file, ..from.clone() }]
    };
    let path = |text: &str| text.starts_with(['/', '~', '.']);
    match name {
        "node" | "nodejs" => {
            let attached = ["--require=", "--import=", "--loader=", "--experimental-loader=", "-r"];
            values(&["-r", "--require", "--import", "--loader", "--experimental-loader"], &attached)
                .into_iter()
                .map(|w| (value(w, &attached), w))
                .filter(|(file, _)| path(file))
                .map(|(file, w)| run("node", file, w))
                .collect()
        }
        "perl" | "ruby" => {
            let (loads, attached): (&[&str], &[&str]) = match name {
                "perl" => (&["-M", "-m"], &["-M", "-m"]),
                _ => (&["-r", "--require"], &["-r", "--require="]),
            };
            let dirs: Vec<String> = values(&["-I"], &["-I"]).into_iter().map(|w| value(w, &["-I"])).collect();
            let mut found = Vec::new();
            for w in values(loads, attached) {
                let module = value(w, attached);
                // `-MFoo::Bar=a,b` loads `Foo/Bar.pm`; `-M-strict` unloads.
                let module = module.split('=').next().unwrap_or_default().trim_start_matches('-');
                if module.is_empty() {
                    continue;
                }
                if name == "ruby" && path(module) {
                    found.push(run("ruby", module.to_string(), w));
                    continue;
                }
                let relative = match name {
                    "perl" => format!("{}.pm", module.replace("::", "/")),
                    _ if module.ends_with(".rb") => module.to_string(),
                    _ => format!("{module}.rb"),
                };
                found.extend(
                    dirs.iter().map(|dir| run(name, format!("{}/{relative}", dir.trim_end_matches('/')), w)),
                );
            }
            found
        }
        "scons" => values(&["--site-dir"], &["--site-dir="])
            .into_iter()
            .map(|w| {
                run("python3", format!("{}/site_init.py", value(w, &["--site-dir"]).trim_end_matches('/')), w)
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// The code of a one-liner in a language the inline scanner has no table for: `dotnet script
/// eval CODE`, `nim --eval:CODE`, `janet -e`, `fennel -e`, `v -e`, `csi -e`, `gosh -e`,
/// `swipl -g GOAL`.
fn unread_one_liner<'w>(name: &str, argv: &'w [Word]) -> Option<&'w str> {
    let after = |options: &[&str]| {
        argv.iter().enumerate().skip(1).find_map(|(at, w)| {
            options.iter().find_map(|option| match w.text.strip_prefix(option) {
                Some("") => argv.get(at + 1).map(|v| v.text.as_str()),
                Some(rest) if option.starts_with("--") => rest.strip_prefix([':', '=']),
                _ => None,
            })
        })
    };
    match name {
        "dotnet" if argv.get(1).is_some_and(|w| w.text == "script") => after(&["eval", "-e", "--eval"]),
        "nim" => after(&["--eval"]),
        "janet" | "fennel" | "v" | "gosh" => after(&["-e", "--eval"]),
        "csi" | "chicken-csi" => after(&["-e", "-eval", "-p", "-print"]),
        "swipl" => after(&["-g", "-t"]),
        _ => None,
    }
}

/// Whether code holds a call that may reach files or processes (by the words such calls
/// are named with in most languages; a bare `write` is as often the console's).
fn touches_system(code: &str) -> bool {
    let lower = code.to_ascii_lowercase();
    [
        "process", "exec", "system", "shell", "spawn", "popen", "remove", "delete", "unlink", "rmdir",
        "file", "dir", "spit", "os/", "os.",
    ]
    .iter()
    .any(|word| lower.contains(word))
}

/// Whether a pod spec (`kubectl run --overrides JSON`) mounts a node path, runs privileged or
/// shares the node's process, network or IPC namespaces.
pub(crate) fn on_host(spec: &str) -> bool {
    let compact: String = spec.chars().filter(|c| !c.is_whitespace()).collect();
    compact.contains("hostPath")
        || compact.contains("privileged")
        || ["\"hostPID\":true", "\"hostNetwork\":true", "\"hostIPC\":true"]
            .iter()
            .any(|key| compact.contains(key))
}

/// Whether a path is in a temporary directory, where anybody may have written it.
fn temporary(path: &str) -> bool {
    ["/tmp/", "/var/tmp/", "/dev/shm/", "$TMPDIR", "${TMPDIR"].iter().any(|dir| path.starts_with(dir))
}

/// Code a command runs that the guard does not read, said for `explain`: C compiled and run
/// at once (`tcc -run`), a pod with the host's root (`kubectl debug node/X`, `kubectl run
/// --overrides` with a `hostPath`), code Node loads before the program from a `data:` or remote
/// address (`node --import data:…`), a pickle loaded from bytes (`pickle.loads(…)` runs what
/// the bytes name).
pub(super) fn unread_code(argv: &[Word]) -> Option<String> {
    let name = crate::shell::base_name(&argv.first()?.text);
    let sub = argv.get(1).map(|w| w.text.as_str());
    let value_of = |options: &[&str]| {
        argv.iter().enumerate().find_map(|(at, w)| {
            options.iter().find_map(|option| match w.text.strip_prefix(option) {
                Some("") => argv.get(at + 1).map(|v| v.text.as_str()),
                Some(rest) => rest.strip_prefix('='),
                None => None,
            })
        })
    };
    let what = match (name, sub) {
        ("tcc", _) if argv.iter().any(|w| w.text == "-run") => "`tcc -run` compiles and runs C code",
        ("kubectl", Some("debug")) if argv.iter().any(|w| w.text.starts_with("node/")) => {
            "`kubectl debug node/…` runs a pod with the node's root file system at `/host`"
        }
        ("kubectl", Some("run")) if value_of(&["--overrides"]).is_some_and(on_host) => {
            "`kubectl run --overrides` mounts the host's files, runs privileged or shares the host's namespaces"
        }
        ("node" | "bun", _)
            if value_of(&["--import", "-r", "--require", "--loader", "--experimental-loader"])
                .is_some_and(|v| v.starts_with("data:") || is_url(v)) =>
        {
            "Node loads code from an address before the program"
        }
        _ if unread_one_liner(name, argv).is_some_and(touches_system) => {
            "a one-liner in a language the guard does not model calls files or processes"
        }
        // `bazel run --override_repository=x=/tmp/evil`: a dependency built from a directory
        // anybody could have written instead of the pinned source.
        ("bazel" | "bazelisk", _)
            if value_of(&["--override_repository", "--override_module"])
                .is_some_and(|v| temporary(v.split_once('=').map_or(v, |(_, path)| path))) =>
        {
            "Bazel builds a dependency from a temporary directory instead of its pinned source"
        }
        // `UnrealEditor-Cmd -ExecutePythonScript=/tmp/x.py`: the editor runs the script.
        (editor, _)
            if editor.to_ascii_lowercase().starts_with("unrealeditor")
                && value_of(&["-ExecutePythonScript", "-script"]).is_some_and(temporary) =>
        {
            "the Unreal editor runs a Python script from a temporary directory"
        }
        // `mvn antrun:run -Dtarget='<delete …/>'`: Ant tasks given on the command line.
        ("mvn" | "mvnw", _)
            if argv.iter().any(|w| w.text.contains("antrun"))
                && argv.iter().any(|w| w.text.starts_with("-Dtarget=") || w.text.starts_with("-Dant")) =>
        {
            "`mvn antrun` runs Ant tasks given on its command line"
        }
        (_, Some("-c"))
            if name.starts_with("python") && argv.get(2).is_some_and(|c| c.text.contains("pickle.loads")) =>
        {
            "`pickle.loads` of bytes runs whatever they name"
        }
        // Another agent with its approvals off: what its prompt makes it run is never shown
        // to this guard (`claude --dangerously-skip-permissions -p …`, `opencode run …`).
        ("opencode", Some("run")) => "`opencode run` starts another agent that runs commands without asking",
        (agent, _) if unapproved_agent(agent, argv) => {
            "another agent started with its approvals off runs the commands its prompt leads to"
        }
        // Every program launchd starts later loads the library (`launchctl setenv
        // DYLD_INSERT_LIBRARIES /tmp/x.dylib`).
        ("launchctl", Some("setenv"))
            if argv.get(2).is_some_and(|v| v.text.starts_with("DYLD_") || v.text.starts_with("LD_")) =>
        {
            "`launchctl setenv` loads a library into every program launchd starts"
        }
        // git's `ext::` transport runs the command the address names (`git submodule add
        // 'ext::sh -c …'`, `git clone ext::…`).
        ("git", _) if argv.iter().any(|w| w.text.starts_with("ext::")) => {
            "an `ext::` address makes git run the command it names"
        }
        _ => return None,
    };
    Some(format!("{what}, which the guard does not read"))
}

/// Agent CLIs and the words that run them with no approval asked (each agent's `--help`):
/// everything the started agent does is unseen here.
const UNAPPROVED_AGENTS: &[(&str, Unapproved)] = &[
    (
        "claude",
        Unapproved {
            flags: &["--dangerously-skip-permissions", "--permission-mode=bypassPermissions"],
            values: &["bypassPermissions"],
        },
    ),
    (
        "codex",
        Unapproved {
            // `--full-auto` runs every command in its sandbox without asking; `-a never` asks
            // nothing at all.
            flags: &[
                "--yolo",
                "--dangerously-bypass-approvals-and-sandbox",
                "--sandbox=danger-full-access",
                "--full-auto",
                "--ask-for-approval=never",
            ],
            values: &["danger-full-access", "never"],
        },
    ),
    ("gemini", Unapproved { flags: &["--yolo", "-y", "--approval-mode=yolo"], values: &["yolo"] }),
    ("qwen", Unapproved { flags: &["--yolo", "-y", "--approval-mode=yolo"], values: &["yolo"] }),
    ("cursor-agent", Unapproved { flags: &["--force", "-f", "--yolo"], values: &[] }),
    ("copilot", Unapproved { flags: &["--allow-all-tools", "--allow-all", "--yolo"], values: &[] }),
    ("amp", Unapproved { flags: &["--dangerously-allow-all"], values: &[] }),
    ("droid", Unapproved { flags: &["--skip-permissions-unsafe"], values: &[] }),
    ("aider", Unapproved { flags: &["--yes-always"], values: &[] }),
];

/// The words that start one agent of [`UNAPPROVED_AGENTS`] with its approvals off.
struct Unapproved {
    /// Options that do it alone, `--option=value` spellings among them (`--yolo`).
    flags: &'static [&'static str],
    /// Values that do it as the next word after one of the [`APPROVAL_OPTIONS`] (`--approval-mode
    /// yolo`).
    values: &'static [&'static str],
}

/// The agents' options whose value, the next word, says how much they ask.
const APPROVAL_OPTIONS: &[&str] =
    &["--permission-mode", "--approval-mode", "--sandbox", "-s", "--ask-for-approval", "-a"];

static AGENT_NAMES: crate::name_filter::NameFilter =
    crate::name_filter::NameFilter::EMPTY.with_keys(UNAPPROVED_AGENTS);

/// Whether `argv` starts the agent `name` with one of its no-approval options.
fn unapproved_agent(name: &str, argv: &[Word]) -> bool {
    if !AGENT_NAMES.may_hold(name) {
        return false;
    }
    let Some((_, off)) = UNAPPROVED_AGENTS.iter().find(|(agent, _)| *agent == name) else { return false };
    argv.windows(2).any(|pair| {
        let (option, text) = (pair[0].text.as_str(), pair[1].text.as_str());
        off.flags.contains(&text) || APPROVAL_OPTIONS.contains(&option) && off.values.contains(&text)
    })
}

/// Shells of other families whose `-c` line is judged as POSIX text: a command and its words
/// read the same in each.
/// The value of `option` (`-m shell`, `-mshell`, `--module-name=shell`), the last one given.
fn option_value<'w>(argv: &'w [Word], short: &str, long: &str) -> Option<(&'w Word, String)> {
    let mut found = None;
    for (at, word) in argv.iter().enumerate() {
        let text = word.text.as_str();
        if text == short || text == long {
            found = argv.get(at + 1).map(|value| (value, value.text.clone()));
        } else if let Some(value) = text.strip_prefix(long).and_then(|rest| rest.strip_prefix('=')) {
            found = Some((word, value.to_string()));
        } else if let Some(value) =
            text.strip_prefix(short).filter(|v| !v.is_empty() && !text.starts_with("--"))
        {
            found = Some((word, value.to_string()));
        }
    }
    found
}

/// A path for a shell line: quoted, with a leading `~` left to expand, and a template value
/// known only on the hosts left a variable.
fn path_word(path: &str) -> String {
    if path.contains("${ansible_template}") {
        return format!("\"{}\"", path.replace('"', ""));
    }
    match path.strip_prefix('~') {
        Some("") => "~".to_string(),
        Some(rest) if rest.starts_with('/') => format!("~/{}", super::quote(&rest[1..])),
        _ => super::quote(path),
    }
}

/// Ansible's `key=value` module arguments (values may be quoted), or their JSON form.
fn module_arguments(text: &str) -> Vec<(String, String)> {
    if text.trim_start().starts_with('{') {
        let Ok(serde_json::Value::Object(map)) = serde_json::from_str::<serde_json::Value>(text) else {
            return Vec::new();
        };
        let value = |v: &serde_json::Value| v.as_str().map_or_else(|| v.to_string(), str::to_string);
        return map.iter().map(|(key, v)| (key.clone(), value(v))).collect();
    }
    let mut pairs = Vec::new();
    let mut token = String::new();
    let mut quote = None;
    for c in text.chars().chain([' ']) {
        match (quote, c) {
            (Some(q), _) if c == q => quote = None,
            (Some(_), _) => token.push(c),
            (None, '"' | '\'') => quote = Some(c),
            (None, _) if c.is_whitespace() => {
                if let Some((key, value)) = token.split_once('=') {
                    pairs.push((key.to_string(), value.to_string()));
                }
                token.clear();
            }
            (None, _) => token.push(c),
        }
    }
    pairs
}

/// The shell line an ad-hoc `ansible -m MODULE -a ARGS` amounts to: the command modules' own
/// line, `sh FILE` for `script`, and for the file modules the command that changes the same
/// file (`file state=absent` is `rm -rf PATH`, `copy dest=~/.bashrc` a write of it).
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn ansible_module(argv: &[Word]) -> Option<Word> {
    // Without `-m`, ansible runs the `command` module: `ansible web -a 'reboot'`.
    let module = option_value(argv, "-m", "--module-name").map_or_else(|| "command".to_string(), |(_, m)| m);
    let module = module.rsplit('.').next().unwrap_or_default().to_string();
    let (holder, args) = option_value(argv, "-a", "--args")?;
    // `-a '{{ cmd }}' -e "cmd='rm -rf ~'"`: the arguments are a template, rendered with the
    // extra variables the line gives.
    let args = rendered(&args, argv);
    let line = |text: String| Some(Word { text, ..holder.clone() });
    match module.as_str() {
        "shell" | "command" | "raw" | "win_shell" | "win_command" => return line(args),
        "script" => return line(format!("sh {args}")),
        _ => {}
    }
    let pairs = module_arguments(&args);
    let get =
        |keys: &[&str]| pairs.iter().find(|(key, _)| keys.contains(&key.as_str())).map(|(_, v)| v.as_str());
    let path = get(&["path", "dest", "name"]).map(path_word);
    match module.as_str() {
        "file" => {
            let path = path?;
            let recurse = matches!(get(&["recurse"]), Some("yes" | "true" | "True"));
            let r = if recurse { "-R " } else { "" };
            let mut lines = Vec::new();
            if get(&["state"]) == Some("absent") {
                lines.push(format!("rm -rf {path}"));
            }
            if let Some(mode) = get(&["mode"]) {
                lines.push(format!("chmod {r}{} {path}", super::quote(mode)));
            }
            if let Some(owner) = get(&["owner"]) {
                lines.push(format!("chown {r}{} {path}", super::quote(owner)));
            }
            if lines.is_empty() { None } else { line(lines.join("\n")) }
        }
        "copy" | "template" | "win_copy" => match (get(&["src"]), get(&["content"])) {
            (Some(src), _) => line(format!("cp -r {} {}", path_word(src), path?)),
            (None, Some(content)) => line(format!("printf %s {} > {}", super::quote(content), path?)),
            (None, None) => None,
        },
        "lineinfile" | "blockinfile" | "replace" => {
            let text = get(&["line", "block", "replace"]).unwrap_or_default();
            line(format!("printf %s {} >> {}", super::quote(text), path?))
        }
        "get_url" => line(format!("curl -o {} {}", path?, super::quote(get(&["url"])?))),
        // `delete=yes` deletes what the destination has and the source lacks.
        "synchronize" if matches!(get(&["delete"]), Some("yes" | "true" | "True")) => {
            line(format!("rsync -a --delete {} {}", path_word(get(&["src"])?), path?))
        }
        "unarchive" => line(format!("tar -xf {} -C {}", path_word(get(&["src"])?), path?)),
        _ => None,
    }
}

/// Ansible module arguments with each `{{ name }}` replaced by the value `-e name=value`
/// (`--extra-vars`) gives it; one it does not give is known only on the hosts, a variable the
/// line does not set (so `{{ cmd }}` as a program asks, `echo {{ host }}` passes).
fn rendered(args: &str, argv: &[Word]) -> String {
    if !args.contains("{{") {
        return args.to_string();
    }
    let mut out = args.to_string();
    for pair in argv.windows(2).filter(|pair| matches!(pair[0].text.as_str(), "-e" | "--extra-vars")) {
        for (name, value) in module_arguments(&pair[1].text) {
            for spelling in [format!("{{{{ {name} }}}}"), format!("{{{{{name}}}}}")] {
                out = out.replace(&spelling, &value);
            }
        }
    }
    while let Some(start) = out.find("{{") {
        let end = out[start..].find("}}").map_or(out.len(), |end| start + end + 2);
        out.replace_range(start..end, "\"${ansible_template}\"");
    }
    out
}

/// Salt's options that take a value.
const SALT_VALUES: &[&str] = &[
    "-t",
    "--timeout",
    "-b",
    "--batch-size",
    "--out",
    "--output",
    "-l",
    "--log-level",
    "-c",
    "--config-dir",
];

/// `salt TARGET cmd.run 'CMD'` (and `salt-call cmd.run CMD`): the line the function runs;
/// `file.remove PATH` deletes it, directories and all.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn salt_function(name: &str, argv: &[Word]) -> Option<Word> {
    let mut operands = Vec::new();
    let mut words = argv.iter().skip(1);
    while let Some(word) = words.next() {
        if SALT_VALUES.contains(&word.text.as_str()) {
            words.next();
        } else if !word.text.starts_with('-') {
            operands.push(word);
        }
    }
    let skip = usize::from(name != "salt-call");
    let function = operands.get(skip)?;
    if matches!(
        function.text.as_str(),
        "system.reboot" | "system.poweroff" | "system.shutdown" | "system.halt"
    ) {
        let verb = function.text.trim_start_matches("system.");
        return Some(Word { text: verb.replace("shutdown", "poweroff"), ..(*function).clone() });
    }
    let argument = operands.get(skip + 1)?;
    let value = argument.text.split_once('=').filter(|(key, _)| matches!(*key, "cmd" | "name" | "path"));
    let value = value.map_or(argument.text.as_str(), |(_, value)| value);
    let text = match function.text.as_str() {
        // `cmd.exec_code bash 'CODE'`: the code in a shell's language.
        "cmd.exec_code" | "cmd.exec_code_all" if matches!(value, "bash" | "sh" | "zsh" | "dash") => {
            operands.get(skip + 2)?.text.clone()
        }
        "cmd.which" | "cmd.has_exec" | "cmd.shells" | "cmd.tty" | "cmd.script" | "cmd.script_retcode"
        | "cmd.exec_code" | "cmd.exec_code_all" => return None,
        // `cmd.run`, `cmd.shell`, `cmd.run_all`, `cmd.run_bg`, `cmd.retcode`, `cmd.powershell`…
        other if other.starts_with("cmd.") => value.to_string(),
        "file.remove" | "file.rmdir" | "file.absent" => format!("rm -rf {}", path_word(value)),
        // The service and power functions are the commands that do the same on each minion.
        "service.stop" | "service.restart" | "service.disable" | "service.mask" => {
            let verb = function.text.trim_start_matches("service.");
            format!("systemctl {verb} {}", path_word(value))
        }
        _ => return None,
    };
    Some(Word { text, ..(*argument).clone() })
}

const OTHER_SHELLS: &[&str] = &["nu", "elvish", "osh", "oil", "ysh", "rc", "es", "ion", "murex"];

/// How many of a JavaScript package manager's own options come before its subcommand, so
/// that `argv[n..]` starts one word before it: `--silent`, `--loglevel=x`, `--loglevel x`.
fn js_manager_options(argv: &[Word]) -> usize {
    const VALUED: &[&str] = &[
        "--prefix",
        "-C",
        "--dir",
        "--cwd",
        "-w",
        "--workspace",
        "--filter",
        "-F",
        "--registry",
        "--loglevel",
        "--cache",
        "--userconfig",
    ];
    let mut at = 1;
    while let Some(word) = argv.get(at).filter(|w| w.text.starts_with('-') && w.text != "--") {
        at += if VALUED.contains(&word.text.as_str()) { 2 } else { 1 };
    }
    (at - 1).min(argv.len())
}

/// Runners that fetch a program from a URL or a repository and run it at once (`deno run
/// https://…`, `npx github:owner/repo`, `uvx --from git+https://…`, `go run mod@v`), and
/// installers whose build or install scripts run a package taken from a URL, a repository or
/// an index other than the language's own (`pip install git+https://…`, `pip install -i URL`,
/// `npm install https://…/x.tgz`, `cargo install --git URL`, `gem install --source URL`;
/// `go install` builds without running anything): the source they fetch. A package from the
/// registry by name (`npx prettier`, `npx -y pkg`) is the everyday case and is not one.
pub(super) fn fetched_code(argv: &[Word]) -> Option<&Word> {
    let name = crate::shell::base_name(&argv.first()?.text);
    // Asked twice of every command (wrappers and the analyser): most names are ruled out by
    // the filter (ARCHITECTURE.md, "Start-up").
    FETCHER_NAMES.judge(name, || fetched_by(name, argv))
}

/// The programs [`fetched_code`] knows.
const FETCHERS: &[&str] = &[
    "deno",
    "bun",
    "dart",
    "scala-cli",
    "pre-commit",
    "npx",
    "bunx",
    "pnpx",
    "npm",
    "pnpm",
    "yarn",
    "uvx",
    "uv",
    "pipx",
    "go",
    "helm",
    "kubectl",
    "oc",
    "nomad",
    "poetry",
    "mix",
    "composer",
    "dotnet",
    "pip",
    "pip3",
    "python",
    "python3",
    "pdm",
    "rye",
    "pipenv",
    "hatch",
    "vim",
    "nvim",
    "vi",
    "gvim",
    "mvim",
    "view",
    "swift",
    "mvn",
    "mvnw",
    "cargo",
    "gem",
    "brew",
    "installer",
    "cpanm",
    "cpan",
    "luarocks",
    "flutter",
    "asdf",
    "mise",
    "rtx",
    "task",
    "go-task",
    "groovy",
    "jbang",
    "kscript",
    "earthly",
    "clojure",
    "clj",
    "julia",
    "mill",
    "pants",
    "gradle",
    "gradlew",
    "stack",
    "cabal",
    "nimble",
    "raco",
    "opam",
    "zig",
    "rustup",
    "guix",
    "Rscript",
    "R",
    "r",
    "apk",
    "yay",
    "paru",
    "pikaur",
    "trizen",
    "nixos-rebuild",
    "darwin-rebuild",
    "home-manager",
    "gh",
    "nix",
    "nix-env",
    "dpkg",
    "apt",
    "apt-get",
    "aptitude",
    "dnf",
    "yum",
    "zypper",
    "microdnf",
    "rpm",
    "snap",
    "flatpak",
];

const FETCHER_NAMES: NameFilter = NameFilter::of(FETCHERS);

/// helm's global options that take a value, which is not the verb.
pub(crate) const HELM_VALUE_OPTIONS: &[&str] = &[
    "--kube-context",
    "-n",
    "--namespace",
    "--kubeconfig",
    "--kube-apiserver",
    "--kube-as-user",
    "--kube-as-group",
    "--kube-ca-file",
    "--kube-token",
    "--kube-tls-server-name",
    "--registry-config",
    "--repository-config",
    "--repository-cache",
    "--burst-limit",
    "--qps",
];

/// [`fetched_code`] of a command named `name`.
fn fetched_by<'a>(name: &str, argv: &'a [Word]) -> Option<&'a Word> {
    let option = |names: &[&str]| {
        argv.windows(2).find(|pair| names.contains(&pair[0].text.as_str())).map(|pair| &pair[1]).or_else(
            || {
                argv.iter().find(|w| {
                    names.iter().any(|n| w.text.strip_prefix(n).is_some_and(|v| v.starts_with('=')))
                })
            },
        )
    };
    // The JavaScript managers take their own options before the subcommand (`yarn --silent
    // add URL`, `npm --loglevel silent install URL`): the subcommand is read after them.
    let argv = match name {
        "npm" | "pnpm" | "yarn" | "bun" => &argv[js_manager_options(argv)..],
        // helm's too (`helm --kube-context prod install x oci://…`).
        "helm" => {
            let mut at = 1;
            while let Some(word) = argv.get(at).filter(|w| w.text.starts_with('-')) {
                at += if HELM_VALUE_OPTIONS.contains(&word.text.as_str()) { 2 } else { 1 };
            }
            &argv[(at - 1).min(argv.len())..]
        }
        _ => argv,
    };
    let sub = argv.get(1).map(|w| w.text.as_str());
    let operands = |from: usize| argv.iter().skip(from).filter(|w| !w.text.starts_with('-'));
    match (name, sub) {
        // A `data:` URL is code written into the address, which nobody reads.
        ("deno", Some("run" | "eval" | "test" | "install" | "compile")) | ("bun", Some("run" | "x")) => {
            let valued = ["-n", "--name", "-o", "--output", "--root", "-c", "--config", "--import-map"];
            let script =
                argv.iter().enumerate().skip(2).find(|(at, w)| {
                    !w.text.starts_with('-') && !valued.contains(&argv[at - 1].text.as_str())
                });
            script.map(|(_, w)| w).filter(|w| {
                is_url(&w.text)
                    || w.text.starts_with("data:")
                    || sub == Some("x") && is_repository_package(&w.text)
            })
        }
        // `dart run URL`, `scala-cli run URL` (a gist): a script from an address, run as fetched.
        ("dart" | "scala-cli", Some("run")) => operands(2).find(|w| is_url(&w.text)),
        ("dart" | "scala-cli", Some(script)) if is_url(script) => argv.get(1),
        // `pre-commit try-repo URL`: the hooks of a repository nobody reviewed, run at once.
        ("pre-commit", Some("try-repo")) => {
            operands(2).next().filter(|w| is_url(&w.text) || w.text.starts_with("git@"))
        }
        // `--package=SPEC` names what runs as the operand does.
        ("npx" | "bunx" | "pnpx", _) => option(&["--package", "-p"])
            .filter(|w| is_repository_package(w.text.trim_start_matches("--package=")))
            .or_else(|| operands(1).next().filter(|w| is_repository_package(&w.text))),
        ("npm", Some("exec" | "x")) | ("pnpm" | "yarn", Some("dlx")) => option(&["--package", "-p"])
            .filter(|w| is_repository_package(w.text.trim_start_matches("--package=")))
            .or_else(|| operands(2).next().filter(|w| is_repository_package(&w.text))),
        ("uvx", _) | ("uv", Some("tool")) | ("pipx", Some("run")) => option(&["--from", "--spec"])
            .filter(|w| is_remote_spec(&w.text))
            .or_else(|| operands(if name == "uvx" { 1 } else { 2 }).find(|w| is_url(&w.text))),
        // `uv run --with 'x @ https://…'`: the extra package comes from an address.
        ("uv", Some("run")) => operands(2)
            .next()
            .filter(|w| is_url(&w.text))
            .or_else(|| option(&["--with"]).filter(|w| is_remote_spec(w.text.trim_start_matches("--with=")))),
        ("go", Some("run")) => {
            operands(2).next().filter(|w| w.text.contains('@') && !w.text.starts_with(['.', '/']))
        }
        // `go install mod@master`: a branch or commit nobody pinned, installed to be run; a
        // released version (`@v0.20.0`) or `@latest` is the everyday case.
        ("go", Some("install")) => operands(2).find(|w| {
            w.text.split_once('@').is_some_and(|(module, version)| {
                module.contains('.') && !is_go_release(version) && !w.text.starts_with(['.', '/'])
            })
        }),
        // A plugin runs its install hooks; a chart or manifest from an address is applied
        // unread (`helm install x https://…/c.tgz`, `kubectl apply -f https://…`).
        ("helm", Some("plugin")) if argv.get(2).is_some_and(|w| w.text == "install") => operands(3).next(),
        // A chart pulled from an OCI registry is fetched as one from an address is; `helm
        // template` and a `--dry-run` only print what the chart renders, running nothing.
        ("helm", Some("install" | "upgrade")) if !argv.iter().any(|w| w.text.starts_with("--dry-run")) => {
            operands(2).find(|w| is_url(&w.text) || w.text.starts_with("oci://"))
        }
        // `nomad job run https://…/job.nomad`: a job spec fetched, whose tasks run on the cluster.
        ("nomad", Some("job" | "run")) => operands(1).find(|w| is_url(&w.text)),
        ("kubectl" | "oc", _)
            if argv.iter().any(|w| matches!(w.text.as_str(), "apply" | "create" | "replace")) =>
        {
            option(&["-f", "--filename"]).filter(|w| is_url(w.text.trim_start_matches("--filename=")))
        }
        // `poetry self add x@git+https://…`, `mix archive.install https://…`, `composer global
        // require x` (a global plugin runs on every later composer command), `dotnet tool install
        // --add-source URL`.
        ("poetry", Some("self")) if argv.get(2).is_some_and(|w| w.text == "add") => operands(3)
            .find(|w| is_remote_spec(&w.text) || w.text.contains("@git+") || w.text.contains("@http")),
        ("mix", Some("archive.install" | "escript.install")) => {
            operands(2).find(|w| is_url(&w.text) || matches!(w.text.as_str(), "git" | "github"))
        }
        ("composer", Some("global")) if argv.get(2).is_some_and(|w| w.text == "require") => {
            operands(3).next()
        }
        ("dotnet", Some("tool"))
            if argv.get(2).is_some_and(|w| w.text == "install" || w.text == "update") =>
        {
            option(&["--add-source"])
                .filter(|w| !is_default_index(w.text.trim_start_matches("--add-source=")))
        }
        ("pip" | "pip3" | "uv" | "pipx", Some("install")) => pip_sources(&argv[2..])
            .find(|w| is_remote_spec(&w.text) || is_package_elsewhere(&w.text) || computed_spec(w))
            .or_else(|| option(PIP_INDEXES).filter(|w| !is_default_index(&w.text)))
            .or_else(|| option(PIP_LISTS).filter(|w| remote_list(&w.text))),
        ("uv", Some("pip")) if argv.get(2).is_some_and(|w| w.text == "install") => pip_sources(&argv[3..])
            .find(|w| is_remote_spec(&w.text) || is_package_elsewhere(&w.text) || computed_spec(w))
            .or_else(|| option(PIP_INDEXES).filter(|w| !is_default_index(&w.text)))
            .or_else(|| option(PIP_LISTS).filter(|w| remote_list(&w.text))),
        ("python" | "python3", Some("-m")) if argv.get(2).is_some_and(|w| w.text == "pip") => {
            pip_sources(argv.get(4..).unwrap_or_default())
                .find(|w| is_remote_spec(&w.text) || is_package_elsewhere(&w.text) || computed_spec(w))
                .or_else(|| option(PIP_INDEXES).filter(|w| !is_default_index(&w.text)))
                .or_else(|| option(PIP_LISTS).filter(|w| remote_list(&w.text)))
        }
        // A package installed from a URL or a repository runs its install scripts (`npm
        // install https://…/x.tgz`, `yarn add github:o/r`), as one from another registry does;
        // `cargo install --git URL` runs the crate's build script.
        ("npm" | "pnpm" | "yarn" | "bun", Some("install" | "i" | "add" | "update" | "up")) => operands(2)
            .find(|w| {
                is_repository_package(&w.text) && !w.text.starts_with("file:")
                    || is_package_elsewhere(&w.text)
            })
            .or_else(|| option(&["--registry"]).filter(|w| !is_default_index(&w.text))),
        // A dependency added from an address or a repository (`poetry add git+https://…`, `uv
        // add URL`): its build runs at the install that follows, as `pip install URL`'s does.
        ("poetry" | "pdm" | "uv" | "rye" | "pipenv" | "hatch", Some("add" | "install")) => {
            operands(2).find(|w| is_remote_spec(&w.text) || is_url(&w.text))
        }
        // A Vim script sourced from an address (`vim -c 'source https://…'`): netrw fetches it
        // and Vim runs it.
        ("vim" | "nvim" | "vi" | "gvim" | "mvim" | "view", _) => argv.iter().skip(1).find(|w| {
            let command = w.text.trim_start_matches(['+', ':']).trim_start();
            ["so ", "source ", "so! ", "source! ", "luafile ", "runtime "]
                .iter()
                .any(|c| command.starts_with(c))
                && command.contains("://")
        }),
        // A task file from an address (`deno task --config https://…/deno.json build`): its
        // tasks are shell lines nobody read.
        ("deno", Some("task")) => option(&["-c", "--config"])
            .filter(|w| is_url(w.text.trim_start_matches("--config=").trim_start_matches("-c="))),
        // A SwiftPM command plugin (code from the package graph) let out of its sandbox to write
        // anywhere: `--allow-writing-to-directory /` or `~`, or `--disable-sandbox`.
        ("swift", Some("package")) => argv.iter().find(|w| w.text == "--disable-sandbox").or_else(|| {
            option(&["--allow-writing-to-directory"]).filter(|w| {
                matches!(
                    w.text.trim_start_matches("--allow-writing-to-directory=").trim_end_matches('/'),
                    "" | "~" | "$HOME" | "${HOME}"
                ) || w.text.ends_with("/..")
            })
        }),
        // A project file from an address (`mvn -f https://…/pom.xml`), whose plugins run.
        ("mvn" | "mvnw", _) => {
            option(&["-f", "--file"]).filter(|w| is_url(w.text.trim_start_matches("--file=")))
        }
        // `cargo install --git URL` builds a crate whose build script runs; so does one from
        // another registry.
        ("cargo", Some("install")) => option(&["--git", "--index", "--registry"]),
        // A local `.gem` builds its native extensions, running its code, as one from another
        // source does.
        ("gem", Some("install" | "update")) => option(&["--source", "-s"])
            .filter(|w| !is_default_index(&w.text))
            .or_else(|| operands(2).find(|w| w.text.ends_with(".gem"))),
        // A formula from a third-party tap (`brew install owner/tap/formula`), and a cask
        // installed with Gatekeeper's quarantine off (`--no-quarantine`).
        ("brew", Some("install" | "reinstall")) => operands(2)
            .find(|w| is_url(&w.text) || is_third_party_formula(&w.text))
            .or_else(|| argv.iter().find(|w| w.text == "--no-quarantine")),
        // macOS's `installer -pkg P`: the package's scripts run as root; one from a mounted
        // image, a temp directory or an address is someone else's.
        ("installer", _) => option(&["-pkg", "-package"])
            .filter(|w| is_url(&w.text) || is_package_elsewhere(&w.text) || w.text.starts_with("/Volumes/")),
        // Perl's, Lua's and Dart's installers given an address or another server
        // (`cpanm https://…/X.tar.gz`, `luarocks install --server=URL x`, `dart pub global
        // activate --source git URL`).
        ("cpanm" | "cpan", _) => operands(1)
            .find(|w| is_url(&w.text) || w.text.starts_with("git"))
            .or_else(|| option(&["--mirror", "--from", "-M"]).filter(|w| is_url(&w.text))),
        ("luarocks", _) => option(&["--server", "--only-server", "--from"])
            .filter(|w| is_url(w.text.split_once('=').map_or(&w.text, |(_, v)| v)))
            .or_else(|| operands(2).find(|w| is_url(&w.text))),
        ("dart" | "flutter", Some("pub")) if argv.get(2).is_some_and(|w| w.text == "global") => {
            option(&["--source", "-s"])
                .filter(|w| w.text.trim_start_matches("--source=") == "git")
                .and_then(|_| operands(4).find(|w| is_url(&w.text) || w.text.starts_with("git@")))
                .or_else(|| option(&["--hosted-url", "-u"]).filter(|w| is_url(&w.text)))
        }
        // An asdf plugin (its scripts run at every install) from an address, a mise tool built
        // or downloaded from any repository's releases (`ubi:`, `github:`, `aqua:` backends).
        ("asdf", Some("plugin" | "plugin-add")) => {
            operands(2).find(|w| is_url(&w.text) || w.text.starts_with("git@"))
        }
        ("mise" | "rtx", Some("use" | "u" | "install" | "i" | "exec" | "x" | "plugins" | "plugin")) => {
            operands(2).find(|w| {
                ["ubi:", "github:", "gitlab:", "aqua:", "http:", "spm:"].iter().any(|p| w.text.starts_with(p))
                    || is_url(&w.text)
                    || w.text.starts_with("git@")
            })
        }
        // A task file or a script run from an address (`task --taskfile URL`, `groovy URL`,
        // `jbang URL`), an Earthfile target of another repository (`earthly github.com/o/r+t`;
        // the project's are `+t` and `./dir+t`).
        ("task" | "go-task", _) => {
            option(&["--taskfile", "-t"]).filter(|w| is_url(w.text.trim_start_matches("--taskfile=")))
        }
        ("groovy" | "jbang" | "kscript", _) => operands(1).next().filter(|w| is_url(&w.text)),
        ("earthly", _) => operands(1).find(|w| is_remote_earthly(&w.text)),
        // Dependencies from a repository or another index, loaded into the program or the
        // build: `clojure -Sdeps '{:deps {x {:git/url …}}}'`, `julia -e 'Pkg.add(url=…)'`,
        // `mill --import ivy:…` (a plugin the project does not declare), `pants
        // --python-repos-indexes=…`.
        ("clojure" | "clj", _) => option(&["-Sdeps"])
            .filter(|w| [":git/url", ":mvn/repos", ":local/root"].iter().any(|key| w.text.contains(key))),
        ("julia", _) => argv.iter().skip(1).find(|w| {
            (w.text.contains("Pkg.add") || w.text.contains("Pkg.develop"))
                && (w.text.contains("url") || w.text.contains("://") || w.text.contains("path"))
        }),
        ("mill", _) => option(&["--import"]),
        ("pants", _) => {
            option(&["--python-repos-indexes", "--python-repos-find-links", "--python-repos-repos"])
        }
        // Gradle's init script from an address runs before the build.
        ("gradle" | "gradlew", _) => {
            option(&["--init-script", "-I"]).filter(|w| is_url(w.text.trim_start_matches("--init-script=")))
        }
        ("stack", Some("script" | "runghc" | "runhaskell")) => operands(2).find(|w| is_url(&w.text)),
        // Packages built from an address or a repository rather than the language's index:
        // `cabal install URL`, `raco pkg install git://…`, `nimble install URL`, `opam pin [add]
        // NAME URL` (which installs at once); `zig fetch --save URL` makes it a dependency whose
        // `build.zig` runs at the next build.
        ("cabal" | "nimble", Some("install")) => operands(2).find(|w| is_source_address(&w.text)),
        ("raco", Some("pkg"))
            if argv.get(2).is_some_and(|w| matches!(w.text.as_str(), "install" | "update")) =>
        {
            operands(3).find(|w| is_source_address(&w.text) || w.text.starts_with("github://"))
        }
        ("opam", Some("pin" | "install")) => operands(2).find(|w| is_source_address(&w.text)),
        ("zig", Some("fetch")) if argv.iter().any(|w| w.text.starts_with("--save")) => {
            operands(2).find(|w| is_source_address(&w.text))
        }
        // `rustup toolchain link NAME DIR`: a `cargo` and `rustc` from a directory anyone may
        // write (`/tmp/x`), run by every later build with that toolchain.
        ("rustup", Some("toolchain")) if argv.get(2).is_some_and(|w| w.text == "link") => {
            operands(4).find(|w| is_shared_directory(&w.text))
        }
        // `guix system reconfigure /tmp/config.scm`: the whole system rebuilt from code in a
        // directory anyone may write.
        ("guix", Some("system"))
            if argv.get(2).is_some_and(|w| matches!(w.text.as_str(), "reconfigure" | "init" | "build")) =>
        {
            operands(3).find(|w| is_shared_directory(&w.text) || is_url(&w.text))
        }
        // R's installers from a repository: `Rscript -e 'remotes::install_github("o/r")'`.
        ("Rscript" | "R" | "r", _) => argv.iter().skip(1).find(|w| {
            ["install_github(", "install_git(", "install_url(", "install_gitlab(", "install_bitbucket("]
                .iter()
                .any(|call| w.text.contains(call))
        }),
        // `apk add --allow-untrusted`: packages whose signatures are not checked.
        ("apk", Some("add")) => argv.iter().find(|w| w.text == "--allow-untrusted"),
        // The AUR helpers build PKGBUILDs nobody vetted; `--noconfirm` skips showing them.
        ("yay" | "paru" | "pikaur" | "trizen", _)
            if argv.iter().any(|w| {
                w.text.strip_prefix("-S").is_some_and(|rest| !rest.contains(['s', 'i', 'c', 'g', 'l', 'p']))
            }) =>
        {
            argv.iter().find(|w| w.text == "--noconfirm")
        }
        // A system configuration from a repository, built and switched to.
        ("nixos-rebuild" | "darwin-rebuild" | "home-manager", _) => {
            option(&["--flake"]).filter(|w| is_foreign_flake(w.text.trim_start_matches("--flake=")))
        }
        // `gh extension install owner/repo`: a program gh runs from then on.
        ("gh", Some("extension" | "extensions" | "ext"))
            if argv.get(2).is_some_and(|w| matches!(w.text.as_str(), "install" | "i")) =>
        {
            operands(3).find(|w| !w.text.starts_with(['.', '/']))
        }
        // A flake from a repository or an address (`nix run github:o/r`, `nix profile install
        // git+https://…`); nixpkgs and the project's own flake (`.#app`) are not.
        ("nix", Some("run" | "shell" | "develop" | "profile")) => {
            let from = if sub == Some("profile") { 3 } else { 2 };
            operands(from).find(|w| is_foreign_flake(&w.text))
        }
        ("nix-env", _) => option(&["-f", "--file"]).filter(|w| is_url(&w.text) || is_foreign_flake(&w.text)),
        // A package file or address given to the system's package manager: its maintainer
        // scripts run as root (`dpkg -i x.deb`, `apt install ./x.deb`, `rpm -ivh URL`).
        ("dpkg", _) if argv.iter().any(|w| w.text == "--install" || short_flag(&w.text, 'i')) => {
            operands(1).next()
        }
        ("apt" | "apt-get" | "aptitude" | "dnf" | "yum" | "zypper" | "microdnf", _)
            if argv
                .iter()
                .any(|w| matches!(w.text.as_str(), "install" | "in" | "reinstall" | "localinstall")) =>
        {
            operands(2).find(|w| is_package_file(&w.text))
        }
        // `-i` is also query's `--info` (`rpm -qi bash`).
        ("rpm", _)
            if !argv.iter().any(|w| w.text.starts_with("--q") || short_flag(&w.text, 'q'))
                && argv.iter().any(|w| {
                    matches!(w.text.as_str(), "--install" | "--upgrade" | "--freshen")
                        || short_flag(&w.text, 'i')
                        || short_flag(&w.text, 'U')
                        || short_flag(&w.text, 'F')
                }) =>
        {
            operands(1).next()
        }
        ("snap", Some("install")) => operands(2)
            .find(|w| w.text.ends_with(".snap"))
            .or_else(|| argv.iter().find(|w| w.text == "--dangerous")),
        ("flatpak", Some("install")) => operands(2)
            .find(|w| is_url(&w.text) || w.text.ends_with(".flatpakref") || w.text.ends_with(".flatpak"))
            .or_else(|| option(&["--from"])),
        _ => None,
    }
}

/// Whether `argv` runs Nix code from a local path, which the guard judges by where it is
/// (`guard::script_file`): `nix run /tmp/x`, `nix develop ~/dev/f`, `nix shell path:~/f -c CMD`,
/// `nix-shell /tmp/shell.nix`, a `-f FILE`, or nothing (the working directory's). A flake by
/// name or address is not one.
pub(super) fn local_nix(argv: &[Word]) -> bool {
    let name = crate::shell::base_name(argv.first().map_or("", |w| w.text.as_str()));
    let from = match (name, argv.get(1).map(|w| w.text.as_str())) {
        ("nix-shell", _) => 1,
        ("nix", Some("run" | "shell" | "develop" | "bundle")) => 2,
        ("nix", Some("profile")) => 3,
        _ => return false,
    };
    let mut given =
        argv.iter().skip(from).take_while(|w| !matches!(w.text.as_str(), "--" | "-c" | "--command"));
    // With none, the code is the working directory's (`shell.nix`, `flake.nix`), which the
    // line may have written.
    let mut installables = given.clone().filter(|w| !w.text.starts_with('-')).peekable();
    installables.peek().is_none()
        || given.any(|w| {
            let flake = w.text.split(['#', '?']).next().unwrap_or_default();
            let path = flake.strip_prefix("path:").or_else(|| flake.strip_prefix("file:")).unwrap_or(flake);
            path.starts_with(['/', '.', '~', '$'])
        })
}

/// An address or a repository a package is built from (`https://…`, `git+https://…`, `git@…`,
/// `git://…`).
fn is_source_address(text: &str) -> bool {
    is_url(text) || ["git+", "git@", "git://", "ssh://"].iter().any(|prefix| text.starts_with(prefix))
}

/// A directory every user may write: the temp directories.
pub(super) fn is_shared_directory(text: &str) -> bool {
    ["/tmp", "/var/tmp", "/dev/shm", "$TMPDIR", "${TMPDIR"]
        .iter()
        .any(|dir| text.strip_prefix(dir).is_some_and(|rest| rest.is_empty() || rest.starts_with(['/', '}'])))
}

/// A short-option cluster (`-ivh`) that holds `letter`.
fn short_flag(text: &str, letter: char) -> bool {
    text.strip_prefix('-').is_some_and(|flags| !flags.starts_with('-') && flags.contains(letter))
}

/// A Homebrew formula named by its tap (`owner/tap/formula`) outside Homebrew's own taps.
fn is_third_party_formula(text: &str) -> bool {
    text.matches('/').count() == 2 && !text.to_ascii_lowercase().starts_with("homebrew/") && !is_url(text)
}

/// A package file rather than a package name: a path (`./x.deb`, `/tmp/x.rpm`) or an address.
fn is_package_file(text: &str) -> bool {
    is_url(text) || text.contains('/') || [".deb", ".rpm"].iter().any(|end| text.ends_with(end))
}

/// A flake reference to code from a repository or an address, not from nixpkgs, the flake
/// registry's names or the project (`github:o/r`, `git+https://…`, `https://…/x.tar.gz`).
fn is_foreign_flake(text: &str) -> bool {
    let flake = text.split('#').next().unwrap_or_default();
    let lower = flake.to_ascii_lowercase();
    if lower.starts_with("github:nixos/nixpkgs") {
        return false;
    }
    is_url(flake)
        || ["github:", "gitlab:", "sourcehut:", "git+", "hg+", "tarball+", "file+http"]
            .iter()
            .any(|scheme| lower.starts_with(scheme))
}

/// A Go module version that names a release (`v1.2.3`) or `latest`, the newest one; a branch,
/// a commit or a pseudo-version (`v0.0.0-2024…-abcdef`) names code no release vouches for.
fn is_go_release(version: &str) -> bool {
    version == "latest"
        || version.strip_prefix('v').is_some_and(|rest| {
            rest.starts_with(|c: char| c.is_ascii_digit())
                && !rest.contains("-0.")
                && !rest.starts_with("0.0.0-")
        })
}

/// pip's options that name where packages come from.
/// pip's options naming a requirements or constraints file, which may be an address: `pip
/// install -r https://…/req.txt` installs whatever the list fetched then names.
const PIP_LISTS: &[&str] = &["-r", "--requirement", "-c", "--constraint"];

/// Whether the value of a [`PIP_LISTS`] option (`URL` or `--requirement=URL`) is an address.
fn remote_list(text: &str) -> bool {
    let value = if text.starts_with("--") { text.split_once('=').map_or(text, |(_, v)| v) } else { text };
    is_url(value)
}

const PIP_INDEXES: &[&str] = &["-i", "--index-url", "--extra-index-url", "-f", "--find-links", "--index"];

/// Whether `url` is a language's own registry (PyPI, npm, RubyGems), or the vendors' indexes
/// that everyday installs name (PyTorch's, NVIDIA's), rather than one nobody vetted.
pub(crate) fn is_default_index(url: &str) -> bool {
    let host = url.split("://").nth(1).unwrap_or(url).split(['/', ':']).next().unwrap_or_default();
    let host = host.rsplit('@').next().unwrap_or(host);
    matches!(
        host,
        "pypi.org"
            | "pypi.python.org"
            | "files.pythonhosted.org"
            | "download.pytorch.org"
            | "pypi.nvidia.com"
            | "registry.npmjs.org"
            | "registry.yarnpkg.com"
            | "rubygems.org"
            | "api.nuget.org"
            | "index.crates.io"
            | "repo.packagist.org"
            | "conda.anaconda.org"
            | "repo.anaconda.com"
            | "opam.ocaml.org"
            | "dl.flathub.org"
            | "flathub.org"
            | "nixos.org"
            | "channels.nixos.org"
            | "cache.nixos.org"
            | "luarocks.org"
            | "cpan.metacpan.org"
            | "www.cpan.org"
            | "center.conan.io"
            | "center2.conan.io"
            | "static.rust-lang.org"
            | "git.savannah.gnu.org"
    ) || !url.contains("://")
}

/// A program told to run its work through another program the line names, which the guard
/// does not see (`make SHELL=./x`, `npm test --script-shell=./x`): that program.
pub(super) fn replaced_shell(argv: &[Word]) -> Option<&str> {
    let name = crate::shell::base_name(&argv.first()?.text);
    let value = match name {
        "make" | "gmake" => argv.iter().find_map(|w| w.text.strip_prefix("SHELL=")),
        "just" => argv.iter().enumerate().find_map(|(at, w)| match w.text.strip_prefix("--shell") {
            Some("") => argv.get(at + 1).map(|v| v.text.as_str()),
            Some(rest) => rest.strip_prefix('='),
            None => None,
        }),
        "npm" | "pnpm" | "yarn" => {
            argv.iter().enumerate().find_map(|(at, w)| match w.text.strip_prefix("--script-shell") {
                Some("") => argv.get(at + 1).map(|v| v.text.as_str()),
                Some(rest) => rest.strip_prefix('='),
                None => None,
            })
        }
        _ => None,
    }?;
    let mut words = value.split_whitespace();
    let program = words.next().unwrap_or_default();
    // `SHELL='/bin/sh -c "rm -rf ~" #'`: words after the shell that are not options are code.
    if words.any(|word| !word.starts_with('-')) {
        return Some(value);
    }
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

/// A package file in a temp directory (`pip install /tmp/x.whl`, `npm i /tmp/x.tgz`): someone
/// put it there, and its install code runs; the project's own (`./dist/x.whl`) is not one.
fn is_package_elsewhere(text: &str) -> bool {
    ["/tmp/", "/var/tmp/", "/dev/shm/"].iter().any(|temp| text.starts_with(temp))
}

/// An Earthly target in another repository: `host/owner/repo[:ref]+target`.
fn is_remote_earthly(text: &str) -> bool {
    !text.starts_with(['+', '.', '/', '-'])
        && !text.contains('=')
        && text.contains('+')
        && text.split('/').next().is_some_and(|host| host.contains('.'))
}

fn is_url(text: &str) -> bool {
    text.starts_with("https://") || text.starts_with("http://")
}

/// A pip or uv source that is no registry package: a URL or a VCS checkout.
/// `pip install "$(curl -s URL)"`: a package spec that is wholly the output of a command that
/// is not plain data or a file's text, so it may be any URL or repository
/// (`"requests==$(cat VERSION)"` and `"$(cat extra.txt)"` are a name and a list).
fn computed_spec(word: &Word) -> bool {
    word.dynamic
        && word.text.starts_with(['$', '`'])
        && super::opaque::substitutions(&word.text).iter().any(|body| {
            let program = body.split_whitespace().next().unwrap_or_default();
            !super::opaque::prints_data(body) && !matches!(program, "cat" | "head" | "tail" | "<")
        })
}

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

/// Whether a variable selects where tools act: a database, cluster, cloud account or
/// project, service address, or the application's environment (`PGHOST`, `KUBECONFIG`,
/// `AWS_PROFILE`, `CONSUL_HTTP_ADDR`, `RAILS_ENV`, `STAGE`, any `…_ENV`, `…_HOST`, `…_URL`).
pub(super) fn target_variable(name: &str) -> bool {
    const NAMES: &[&str] = &[
        "KUBECONFIG",
        "PGHOST",
        "ENV",
        "STAGE",
        "ENVIRONMENT",
        "PGSERVICE",
        "PGDATABASE",
        "DJANGO_SETTINGS_MODULE",
        "SPRING_PROFILES_ACTIVE",
        "ETCDCTL_ENDPOINTS",
        "CLOUDSDK_ACTIVE_CONFIG_NAME",
        "ARM_SUBSCRIPTION_ID",
        "AZURE_SUBSCRIPTION_ID",
        "HEROKU_APP",
        "FLY_APP",
    ];
    const SUFFIXES: &[&str] = &[
        "_ENV",
        "_ENVIRONMENT",
        "_STAGE",
        "_PROFILE",
        "_CONTEXT",
        "_KUBECONTEXT",
        "_HOST",
        "_URL",
        "_URI",
        "_ADDR",
        "_ENDPOINT",
        "_ENDPOINTS",
        "_PROJECT",
        "_STACK",
        "_WORKSPACE",
    ];
    NAMES.contains(&name) || SUFFIXES.iter().any(|suffix| name.len() > suffix.len() && name.ends_with(suffix))
}

/// The target a command selects for the commands after it on the line
/// ([`SimpleCommand::selected`](super::SimpleCommand::selected)): a target variable it
/// exports, an environment file it sources (`source .env.production`), or the target a tool
/// saves as its current one (`firebase use prod`, `kubectl config use-context prod`, `gcloud
/// config set project acme-prod`, `terraform workspace select prod`, `pulumi stack select
/// prod`, `amplify env checkout prod`, `az account set -s prod`, `heroku git:remote -a
/// shop-prod`, `docker context use prod`, `kubectx prod`, `kubens prod`, `eb use shop-prod`, `kubie ctx prod`,
/// `railway environment production`, `supabase link --project-ref acme-prod`, `git switch prod`).
pub(super) fn selects_target(argv: &[Word]) -> Option<Word> {
    let (name, args) = argv.split_first()?;
    let name = super::program_base(&name.text);
    let ops = || args.iter().filter(|w| !w.text.starts_with('-'));
    let verb = |words: &[&str]| ops().map(|w| w.text.as_str()).take(words.len()).eq(words.iter().copied());
    let operand = |at: usize| ops().nth(at).cloned();
    let option = |names: &[&str]| {
        args.iter().enumerate().find_map(|(at, w)| match w.text.split_once('=') {
            Some((option, value)) if names.contains(&option) => {
                Some(Word { text: value.to_string(), ..w.clone() })
            }
            _ if names.contains(&w.text.as_str()) => args.get(at + 1).cloned(),
            _ => None,
        })
    };
    match name {
        "export" | "declare" | "typeset" => args.iter().rev().find_map(|w| {
            let (variable, value) = w.text.split_once('=')?;
            target_variable(variable).then(|| Word { text: value.to_string(), ..w.clone() })
        }),
        // Only an environment file: `source venv/bin/activate` selects nothing.
        "source" | "." => ops()
            .next()
            .filter(|file| {
                let base = super::program_base(&file.text);
                base.starts_with(".env") || base.ends_with(".env") || production_name(base)
            })
            .cloned(),
        "firebase" if verb(&["use"]) => operand(1),
        "kubectl" | "oc" if verb(&["config", "use-context"]) => operand(2),
        "kubectx" | "kubens" | "eb" if name != "eb" || verb(&["use"]) => operand(usize::from(name == "eb")),
        "gcloud" if verb(&["config", "set", "project"]) => operand(3),
        "gcloud" if verb(&["config", "configurations", "activate"]) => operand(3),
        "terraform" | "tofu" if verb(&["workspace", "select"]) => operand(2),
        "pulumi" if verb(&["stack", "select"]) => operand(2).or_else(|| option(&["-s", "--stack"])),
        "amplify" if verb(&["env", "checkout"]) => operand(2),
        "az" if verb(&["account", "set"]) => option(&["-s", "--subscription", "-n", "--name"]),
        "heroku" if verb(&["git:remote"]) => option(&["-a", "--app"]),
        "docker" if verb(&["context", "use"]) => operand(2),
        "kubie" if verb(&["ctx"]) || verb(&["ns"]) => operand(1),
        "railway" if verb(&["environment"]) || verb(&["link"]) => {
            option(&["-e", "--environment"]).or_else(|| operand(1).filter(|_| verb(&["environment"])))
        }
        "supabase" if verb(&["link"]) => option(&["--project-ref"]),
        // The branch checked out is what the line's deploy script ships (`git switch prod &&
        // make deploy`); a file checkout (`git checkout -- x`) selects nothing.
        "git" if (verb(&["checkout"]) || verb(&["switch"])) && !args.iter().any(|w| w.text == "--") => {
            operand(1)
        }
        _ => None,
    }
}
