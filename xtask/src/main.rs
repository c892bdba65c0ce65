//! `cargo xtask`: the project's own tasks, in Rust so they run wherever cargo does.

#![allow(clippy::print_stdout, clippy::print_stderr, clippy::exit)]

mod bench;
mod build;
mod dist;
mod layout;
mod live;
mod pgo;
#[cfg(test)]
#[path = "../../crates/hook-core/src/scratch.rs"]
mod scratch;
#[cfg(test)]
mod tidy;

use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask <task>

tasks:
  bench [--runs N] [--bin NAME]...   median and p95 spawn-to-exit time of each hook binary
                                     on real fixtures, next to an empty static binary
  live [--record] [--jobs N] [AGENT]...
                                     drive the real agent CLIs (installed from npm) against a
                                     fake model server and check what the hooks stopped;
                                     --record also writes the payloads each agent sent its
                                     hook to tests/fixtures/<agent>/live-<version>-*.json;
                                     --jobs N drives N agents at once (default: one per CPU)
  layout                             profile every hook binary with callgrind and write
                                     link/hot-text.ld, which keeps the code a hook call
                                     runs together
  dist [--all | --target TRIPLE...]  release archives, checksums, Homebrew formula, Scoop
       [--no-profile]                manifest and install scripts in target/dist/, swapped in
                                     only when the run succeeds; every binary this machine can
                                     run is smoke-run first (default: every release target
                                     this machine can build, with a summary of the others;
                                     --all fails unless all of them are built); the host's
                                     binaries are profile-guided unless --no-profile";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("bench") => bench::run(&args[1..]),
        Some("dist") => dist::run(&args[1..]),
        Some("layout") => layout::run(&args[1..]),
        Some("live") => live::run(&args[1..]),
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            Ok(())
        }
        Some(other) => Err(format!("unknown task `{other}`\n{USAGE}")),
        None => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}
