//! `cargo xtask bench`: spawn-to-exit time of every hook binary on real payloads, next to
//! an empty binary built with the same profile for the same target in the same run.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::json;

use crate::build;

/// Static musl binaries: what ships on Linux, and the fastest to start.
const TARGET: &str = "x86_64-unknown-linux-musl";
const PROFILE: &str = "release";
const BASELINE: &str = "bench-empty";
/// The ratio to the empty binary that counts as "costs nothing" (issue #2).
const TARGET_RATIO: f64 = 1.5;

/// One payload fed to a binary.
struct Case {
    name: &'static str,
    stdin: Vec<u8>,
}

pub fn run(args: &[String]) -> Result<(), String> {
    let mut runs = 300usize;
    let mut only: Vec<String> = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--runs" => {
                runs = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .filter(|&n| n >= 10)
                    .ok_or("--runs needs a number >= 10")?
            }
            "--bin" => only.push(args.next().ok_or("--bin needs a binary name")?.clone()),
            other => return Err(format!("bench: unknown argument `{other}`")),
        }
    }
    let mut binaries = build::hook_binaries()?;
    if !only.is_empty() {
        binaries.retain(|b| only.contains(b));
    }
    build::ensure_target(TARGET)?;
    let mut packages = binaries.clone();
    packages.push(BASELINE.into());
    eprintln!("xtask: building {} for {TARGET} ({PROFILE} profile)", packages.join(", "));
    let out_dir = build::build(PROFILE, TARGET, &packages)?;
    let sandbox = Sandbox::create()?;

    let baseline_path = out_dir.join(BASELINE);
    let baseline = measure(&sandbox, &baseline_path, b"{}", runs)?;
    let mut rows = Vec::new();
    for binary in &binaries {
        for case in cases(binary) {
            eprint!("xtask: {binary} {} ...\r", case.name);
            let stats = measure(&sandbox, &out_dir.join(binary), &case.stdin, runs)?;
            rows.push((binary.clone(), case.name, stats));
        }
    }
    eprintln!();
    report(&baseline, &rows, runs)
}

/// The payloads for one binary: an allowed and a denied shell command, in its own format.
fn cases(binary: &str) -> Vec<Case> {
    let fixtures = build::workspace_root().join("tests/fixtures");
    let read = |agent: &str, file: &str| std::fs::read(fixtures.join(agent).join(file)).unwrap_or_default();
    match binary {
        "claude-hook" => vec![
            Case {
                name: "allow (git status)",
                stdin: read("claude-code", "PreToolUse-bash-git-status.json"),
            },
            Case { name: "deny (rm -rf /)", stdin: read("claude-code", "PreToolUse-bash-rm.json") },
            Case { name: "compound 2 KB", stdin: claude_bash(&compound_line()) },
        ],
        _ => Vec::new(),
    }
}

fn claude_bash(command: &str) -> Vec<u8> {
    json!({"hook_event_name": "PreToolUse", "cwd": "/tmp", "tool_name": "Bash", "tool_input": {"command": command}})
        .to_string()
        .into_bytes()
}

/// A realistic long line: a chain of harmless commands with pipes, quotes and substitutions.
fn compound_line() -> String {
    let piece = r#"cd src && git status --short | grep -v '^??' && cargo build --release 2>&1 | tail -n 20 && echo "done: $(date +%s)"; "#;
    piece.repeat(2048 / piece.len() + 1)
}

/// Timing results of one binary on one payload.
struct Stats {
    median: Duration,
    p95: Duration,
    instructions: Option<u64>,
}

fn measure(sandbox: &Sandbox, binary: &Path, stdin: &[u8], runs: usize) -> Result<Stats, String> {
    // One warm-up spawn pulls the binary into the page cache.
    spawn(sandbox, binary, stdin)?;
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs {
        let start = Instant::now();
        spawn(sandbox, binary, stdin)?;
        times.push(start.elapsed());
    }
    times.sort();
    let median = times[times.len() / 2];
    let p95 = times[(times.len() * 95 / 100).min(times.len() - 1)];
    Ok(Stats { median, p95, instructions: instructions(sandbox, binary, stdin) })
}

fn spawn(sandbox: &Sandbox, binary: &Path, stdin: &[u8]) -> Result<(), String> {
    let mut child = sandbox
        .command(binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", binary.display()))?;
    if let Some(mut pipe) = child.stdin.take() {
        // A binary that exits before reading everything (the empty one) closes the pipe.
        let _ = pipe.write_all(stdin);
    }
    child.wait().map_err(|e| format!("{}: {e}", binary.display()))?;
    Ok(())
}

/// Instructions executed, counted by callgrind, when valgrind is installed.
fn instructions(sandbox: &Sandbox, binary: &Path, stdin: &[u8]) -> Option<u64> {
    let mut child = sandbox
        .command(Path::new("valgrind"))
        .args(["--tool=callgrind", "--callgrind-out-file=/dev/null"])
        .arg(binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .ok()?;
    if let Some(mut pipe) = child.stdin.take() {
        let _ = pipe.write_all(stdin);
    }
    let out = child.wait_with_output().ok()?;
    let text = String::from_utf8_lossy(&out.stderr);
    let line = text.lines().find(|l| l.contains("Collected :"))?;
    line.rsplit(':').next()?.trim().parse().ok()
}

fn report(baseline: &Stats, rows: &[(String, &str, Stats)], runs: usize) -> Result<(), String> {
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let ratio = |s: &Stats| ms(s.median) / ms(baseline.median);
    let count = |i: Option<u64>| i.map_or_else(|| "-".to_string(), |n| format!("{:.0} K", n as f64 / 1000.0));
    println!("spawn to exit, {runs} runs each, {TARGET} {PROFILE} build");
    println!(
        "{:<16} {:<20} {:>10} {:>10} {:>8} {:>12}",
        "binary", "case", "median ms", "p95 ms", "ratio", "instructions"
    );
    println!(
        "{:<16} {:<20} {:>10.3} {:>10.3} {:>8} {:>12}",
        BASELINE,
        "empty main",
        ms(baseline.median),
        ms(baseline.p95),
        "1.00",
        count(baseline.instructions)
    );
    let mut over = Vec::new();
    let mut json_rows = Vec::new();
    for (binary, case, stats) in rows {
        let r = ratio(stats);
        println!(
            "{:<16} {:<20} {:>10.3} {:>10.3} {:>8.2} {:>12}",
            binary,
            case,
            ms(stats.median),
            ms(stats.p95),
            r,
            count(stats.instructions)
        );
        if r > TARGET_RATIO {
            over.push(format!("{binary} {case} ({r:.2}x)"));
        }
        json_rows.push(
            json!({"binary": binary, "case": case, "median_ms": ms(stats.median), "p95_ms": ms(stats.p95),
            "ratio": r, "instructions": stats.instructions}),
        );
    }
    if over.is_empty() {
        println!("every case is within {TARGET_RATIO}x of the empty binary");
    } else {
        println!("over {TARGET_RATIO}x of the empty binary: {}", over.join(", "));
    }
    let report = json!({
        "target": TARGET, "profile": PROFILE, "runs": runs, "cpus": std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1),
        "baseline": {"binary": BASELINE, "median_ms": ms(baseline.median), "p95_ms": ms(baseline.p95), "instructions": baseline.instructions},
        "results": json_rows, "target_ratio": TARGET_RATIO,
    });
    let dir = build::target_dir().join("bench");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let path = dir.join("bench.json");
    std::fs::write(&path, format!("{report:#}\n")).map_err(|e| format!("{}: {e}", path.display()))?;
    println!("written to {}", path.display());
    Ok(())
}

/// An empty HOME, config directory and working directory, so that no policy of the machine's
/// user changes what is measured.
struct Sandbox {
    dir: PathBuf,
}

impl Sandbox {
    fn create() -> Result<Self, String> {
        let dir = build::target_dir().join("bench/sandbox");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        Ok(Self { dir })
    }

    fn command(&self, program: &Path) -> Command {
        let mut command = Command::new(program);
        command
            .current_dir(&self.dir)
            .env("HOME", &self.dir)
            .env("XDG_CONFIG_HOME", self.dir.join("config"))
            .env("XDG_STATE_HOME", self.dir.join("state"))
            .env("AGENT_HOOKS_SYSTEM_CONFIG", self.dir.join("none.toml"))
            .env_remove("AGENT_HOOKS_CONFIG");
        command
    }
}
