//! `cargo xtask dist` end to end, with a stand-in for cargo that "builds" each binary as a
//! small script answering like a hook: what is staged, smoke-run, installed with install.sh,
//! swapped into `target/dist/`, and what a failure leaves behind. The real builds are too slow
//! for a test; `cargo xtask dist` itself smoke-runs the real binaries.

#![cfg(unix)]
// The one print: a note when this machine has no release target to test with.
#![allow(clippy::print_stdout)]

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Stands in for cargo: `build ... --target T -p NAME...` writes the hook stand-in as each
/// binary where cargo would; a target named in FAKE_CARGO_FAIL fails to build. Anything else
/// (such as `cargo zigbuild --help`, the Zig probe) fails, as on a machine without it.
const FAKE_CARGO: &str = r#"#!/bin/sh
[ "$1" = build ] || exit 1
target=""
packages=""
while [ $# -gt 0 ]; do
    case "$1" in
        --target) target=$2; shift 2 ;;
        -p) packages="$packages $2"; shift 2 ;;
        *) shift ;;
    esac
done
case " $FAKE_CARGO_FAIL " in *" $target "*) echo "fake cargo: $target does not build" >&2; exit 101 ;; esac
out="$CARGO_TARGET_DIR/$target/dist"
mkdir -p "$out"
for package in $packages; do
    case "$target" in *windows*) name="$package.exe" ;; *) name="$package" ;; esac
    cp "$FAKE_HOOK" "$out/$name"
    chmod 755 "$out/$name"
done
"#;

/// A hook that blocks `rm -rf` (exit 2, as most agents read a block) and allows the rest.
const GOOD_HOOK: &str = "#!/bin/sh\ncase \"$(cat)\" in *\"rm -rf\"*) echo blocked >&2; exit 2 ;; esac\n";
/// A broken hook: it allows everything.
const ALLOWING_HOOK: &str = "#!/bin/sh\ncat >/dev/null\n";

/// The release target of this machine, when it has one.
fn host_triple() -> Option<&'static str> {
    match (std::env::consts::OS, std::env::consts::ARCH) {
        ("linux", "x86_64") => Some("x86_64-unknown-linux-musl"),
        ("linux", "aarch64") => Some("aarch64-unknown-linux-musl"),
        ("macos", "x86_64") => Some("x86_64-apple-darwin"),
        ("macos", "aarch64") => Some("aarch64-apple-darwin"),
        _ => None,
    }
}

const ALL: [&str; 5] = [
    "x86_64-unknown-linux-musl",
    "aarch64-unknown-linux-musl",
    "x86_64-pc-windows-gnu",
    "x86_64-apple-darwin",
    "aarch64-apple-darwin",
];

/// A target directory of its own for one test, holding a previous `dist/` with one file.
struct Run {
    dir: PathBuf,
}

impl Run {
    fn new(name: &str) -> Run {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("dist-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("target/dist")).expect("the test's own files and processes");
        std::fs::write(dir.join("target/dist/previous.tar.gz"), "the last good release")
            .expect("the test's own files and processes");
        Run { dir }
    }

    fn script(&self, name: &str, text: &str) -> PathBuf {
        let path = self.dir.join(name);
        std::fs::write(&path, text).expect("the test's own files and processes");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755))
            .expect("the test's own files and processes");
        path
    }

    /// `cargo xtask dist ARGS` with the stand-in cargo building `hook`; targets in `failing`
    /// do not build. Without a profile: a stand-in's binaries write no counts.
    fn dist(&self, args: &[&str], hook: &str, failing: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_xtask"))
            .args(["dist", "--no-profile"])
            .args(args)
            .env("CARGO", self.script("cargo", FAKE_CARGO))
            .env("FAKE_HOOK", self.script("hook", hook))
            .env("FAKE_CARGO_FAIL", failing.join(" "))
            .env("CARGO_TARGET_DIR", self.target())
            .env_remove("AGENT_HOOKS_VERSION")
            .output()
            .expect("the test's own files and processes")
    }

    fn target(&self) -> PathBuf {
        self.dir.join("target")
    }

    /// The files of `target/dist/`, sorted.
    fn dist_files(&self) -> Vec<String> {
        let mut names = names_in(&self.target().join("dist"));
        names.sort();
        names
    }

    /// Staging or swapped-out directories left beside `dist/`.
    fn leftovers(&self) -> Vec<String> {
        names_in(&self.target()).into_iter().filter(|name| name.starts_with("dist.")).collect()
    }
}

/// The names of the entries of `dir`.
fn names_in(dir: &std::path::Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .expect("the test's own files and processes")
        .map(|entry| {
            entry
                .expect("the test's own files and processes")
                .file_name()
                .into_string()
                .expect("the test's own files and processes")
        })
        .collect()
}

impl Drop for Run {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// The host target's triple, with its standard library installed (`dist` checks it first).
fn host() -> Option<&'static str> {
    let Some(host) = host_triple() else {
        println!("note: this machine has no release target; dist is not tested");
        return None;
    };
    let libdir = Command::new("rustc")
        .args(["--print", "target-libdir", "--target", host])
        .output()
        .expect("the test's own files and processes");
    let installed = Path::new(String::from_utf8_lossy(&libdir.stdout).trim()).is_dir();
    assert!(installed, "the {host} standard library is missing: rustup target add {host}");
    Some(host)
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn a_good_run_replaces_dist_whole_after_smoke_runs_and_an_install() {
    let Some(host) = host() else { return };
    let run = Run::new("good");
    let out = run.dist(&["--target", host], GOOD_HOOK, &[]);
    let stderr = stderr(&out);
    assert!(out.status.success(), "{stderr}");

    let version = env!("CARGO_PKG_VERSION");
    let archive = format!("agent-hooks-{version}-{host}.tar.gz");
    assert_eq!(
        run.dist_files(),
        [archive.clone(), format!("{archive}.sha256"), "install.ps1".into(), "install.sh".into()]
    );
    assert!(run.leftovers().is_empty(), "{:?}", run.leftovers());
    assert!(stderr.contains(&format!("{host}  built; every binary denied and allowed natively")), "{stderr}");
    assert!(
        stderr.contains("installed the") && stderr.contains("and the installed binaries answered"),
        "{stderr}"
    );
    // Only Linux (or only one Mac) built: a formula would fail elsewhere, so there is none.
    let formula =
        stderr.lines().find(|line| line.trim_start().starts_with("agent-hooks.rb ")).unwrap_or_default();
    assert!(formula.contains("NOT RENDERED: needs the archives of"), "{stderr}");
    assert!(stderr.contains("not a whole release"), "{stderr}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains(&archive), "the files are listed on stdout: {stdout}");
}

#[test]
fn a_target_that_fails_to_build_leaves_the_previous_dist_as_it_was() {
    let Some(host) = host() else { return };
    let run = Run::new("build-fails");
    let out = run.dist(&["--target", host], GOOD_HOOK, &[host]);
    let stderr = stderr(&out);
    assert!(!out.status.success(), "{stderr}");
    assert!(stderr.contains(&format!("{host} NOT BUILT")), "{stderr}");
    assert!(stderr.contains("target/dist is left as it was"), "{stderr}");
    assert_eq!(run.dist_files(), ["previous.tar.gz"]);
    assert!(run.leftovers().is_empty(), "{:?}", run.leftovers());
}

#[test]
fn a_binary_that_allows_rm_rf_fails_the_smoke_run() {
    let Some(host) = host() else { return };
    let run = Run::new("smoke-fails");
    let out = run.dist(&["--target", host], ALLOWING_HOOK, &[]);
    let stderr = stderr(&out);
    assert!(!out.status.success(), "{stderr}");
    assert!(
        stderr.contains("smoke run natively: claude-hook answered `deny (rm -rf /)` wrongly"),
        "{stderr}"
    );
    assert_eq!(run.dist_files(), ["previous.tar.gz"]);
}

#[test]
fn all_fails_unless_every_release_target_is_built() {
    let Some(host) = host() else { return };
    let run = Run::new("all");
    let macs = ["x86_64-apple-darwin", "aarch64-apple-darwin"];
    let failing: Vec<&str> = macs.into_iter().filter(|mac| *mac != host).collect();
    let out = run.dist(&["--all"], GOOD_HOOK, &failing);
    let stderr = stderr(&out);
    assert!(!out.status.success(), "{stderr}");
    assert!(stderr.contains("--all: ") && stderr.contains("release targets not built"), "{stderr}");
    for triple in failing {
        assert!(stderr.contains(&format!("{triple} NOT BUILT")), "{stderr}");
    }
    assert_eq!(run.dist_files(), ["previous.tar.gz"]);
}

#[test]
fn plain_dist_builds_what_it_can_and_says_what_it_did_not() {
    let Some(host) = host() else { return };
    let run = Run::new("plain");
    let others: Vec<&str> = ALL.into_iter().filter(|triple| *triple != host).collect();
    let out = run.dist(&[], GOOD_HOOK, &others);
    let stderr = stderr(&out);
    assert!(out.status.success(), "{stderr}");
    for triple in &others {
        assert!(
            stderr.contains(&format!("  {triple}")) && stderr.contains(&format!("{triple} NOT BUILT")),
            "{stderr}"
        );
    }
    assert!(stderr.contains("4 of 5 release targets are missing"), "{stderr}");
    let files = run.dist_files();
    assert!(!files.iter().any(|f| f.ends_with(".rb") || f.ends_with(".json")), "{files:?}");
}
