//! The `kill` pack: killing every process, init, or processes chosen by name.
//!
//! `kill -1`, `kill -9 -1` and `kill 1` hit every process or init; `killall`, `pkill`,
//! `taskkill /IM` and PowerShell `Stop-Process` pick processes by name or pattern and so
//! may hit the agent, the editor or the user's own programs; so does `kill` of the pids `pgrep`
//! or `pidof` lists, and pids listed from `/proc` are every process. `kill` of a specific pid or job
//! (`kill 1234`, `kill %1`) is allowed. In scope `all`, every one of these commands fires.

use super::{Call, Hit};
use crate::policy::Scope;

pub(super) const GUESSES: &[&str] = &["kill"];

const KILLERS: &[&str] = &[
    "kill",
    "pkill",
    "killall",
    "killall5",
    "taskkill",
    "tskill",
    "stop-process",
    "spps",
    "skill",
    "slay",
    "scancel",
];

const ADVICE: &str = "Kill the specific process id you started (`kill <pid>`), or ask the user to do it.";

pub(super) fn judge(call: &Call) -> Option<Hit> {
    let name = call.name?;
    if !KILLERS.contains(&name) {
        return None;
    }
    judge_named(call, name)
}

/// [`judge`] of a command this pack is about, out of line so that an allowed call runs only
/// the name check above (ARCHITECTURE.md, "Start-up").
#[inline(never)]
fn judge_named(call: &Call, name: &str) -> Option<Hit> {
    if call.scope == Scope::All {
        return Some(Hit::new(
            "kill.all",
            format!("Killing processes with `{name}` is not allowed by this policy. Ask the user to do it."),
        ));
    }
    match name {
        "kill" => judge_kill(call),
        "killall5" => {
            Some(Hit::new("kill.all-processes", format!("`killall5` signals every process. {ADVICE}")))
        }
        "taskkill" => judge_taskkill(call),
        "stop-process" | "spps" => Some(stop_process_hit(name)),
        "scancel" => cancels_every_job(call.args()).then(|| {
            Hit::ask(
                "kill.all-processes",
                "`scancel` by user, state, partition or account (or of every id `squeue` lists) cancels every job it matches, the user's other runs with their progress. Cancel the job ids you submitted (`scancel 1234`), or ask the user.",
            )
        }),
        "pkill" if names_one_program_run(call.args()) => None,
        "killall" if restarts_itself(call.args()) => None,
        _ => Some(Hit::new(
            "kill.by-name",
            format!(
                "`{name}` kills every process whose name matches, which may include the agent or the user's programs. {ADVICE}"
            ),
        )),
    }
}

/// Whether Slurm's `scancel` picks jobs by a filter rather than by id: a user (`-u $USER`,
/// `--me`), a state, a partition, an account or a QOS with no job id nor name, or the ids
/// `squeue` lists (`scancel $(squeue -h -o %i)`). A job name (`-n train`) is one run.
fn cancels_every_job(args: &[crate::shell::Word]) -> bool {
    let listed = args.iter().any(|a| a.raw.contains("squeue"));
    let option = |a: &crate::shell::Word, names: &[&str]| {
        names.iter().any(|n| a.text == *n || a.text.strip_prefix(n).is_some_and(|v| v.starts_with('=')))
    };
    let filtered = args.iter().any(|a| {
        option(
            a,
            &["-u", "--user", "--me", "-t", "--state", "-p", "--partition", "-A", "--account", "-q", "--qos"],
        )
    });
    let named = args.iter().any(|a| option(a, &["-n", "--name", "--jobname"]));
    let values = [
        "-u",
        "--user",
        "-t",
        "--state",
        "-p",
        "--partition",
        "-A",
        "--account",
        "-q",
        "--qos",
        "-s",
        "--signal",
        "-M",
        "--clusters",
        "-w",
        "--nodelist",
        "--reservation",
        "--wckey",
    ];
    let ids = super::operand_words(args, &values).next().is_some();
    listed || filtered && !named && !ids
}

/// `pkill -f 'node server.js'`, `pkill -f my-dev-server`: a full command line that names a script, an argument or a compound program name is one
/// program the user started, not every process of a name; the agent and the user's session
/// run under other command lines; so is one development tool's word (`pkill -f vite`, also
/// without `-f`: [`one_tool`]). A bare interpreter's name (`pkill -f node`), a pattern with regex
/// wildcards (`.*`, `|`), or one naming an agent is still a kill by name.
fn names_one_program_run(args: &[crate::shell::Word]) -> bool {
    let full = args.iter().any(|a| a.text == "-f" || a.text == "--full");
    // Options that select more than the pattern (`-u`, `-t`, `-g`, `-P`, `-s`, a newest/oldest
    // pick) leave the judgement to the rule.
    let only_full = args.iter().filter(|a| a.text.starts_with('-')).all(|a| {
        matches!(a.text.as_str(), "-f" | "--full" | "-9" | "-KILL" | "-TERM" | "-INT" | "-HUP" | "-15" | "-2")
    });
    let patterns: Vec<&str> =
        args.iter().filter(|a| !a.text.starts_with('-')).map(|a| a.text.as_str()).collect();
    let [pattern] = patterns.as_slice() else { return false };
    let narrow = |pattern: &str| {
        let words: Vec<&str> = pattern.split_whitespace().collect();
        // Two words (`node server.js`) or a file with its extension (`server.js`, `src/app.py`).
        let names_a_file = words.iter().any(|word| {
            word.rsplit_once('.').is_some_and(|(stem, ext)| {
                !stem.is_empty() && !ext.is_empty() && ext.bytes().all(|b| b.is_ascii_alphanumeric())
            })
        });
        let wild = pattern.contains(".*")
            || pattern.contains(".+")
            || pattern.contains(['|', '^', '$', '[', '(', '?'])
            || pattern.contains("\\");
        let agent = ["claude", "codex", "gemini", "copilot", "opencode", "cursor", "cli.js", "node_modules"]
            .iter()
            .any(|agent| pattern.to_ascii_lowercase().contains(agent));
        // A compound name (`my-dev-server`, `celery_worker`) is one program's, not an
        // interpreter's that every script runs under (`node`, `python`).
        let compound = words.len() == 1 && pattern.trim_matches(['-', '_']).contains(['-', '_']);
        (words.len() >= 2 || names_a_file || compound || one_tool(pattern)) && !wild && !agent
    };
    // A tool's word matches the names of its processes too (`pkill vite`).
    (full || one_tool(pattern)) && only_full && !args.iter().any(|a| a.dynamic) && narrow(pattern)
}

/// Programs and words in the command lines of the agents, their shells, the editors and the
/// user's session: a `pkill -f` pattern found in one of them, or holding one, may hit them.
const BROAD: &[&str] = &[
    "alacritty",
    "bash",
    "bun",
    "chrome",
    "code",
    "cursor",
    "dbus",
    "deno",
    "dock",
    "electron",
    "emacs",
    "finder",
    "firefox",
    "ghostty",
    "gnome",
    "init",
    "iterm",
    "java",
    "kitty",
    "launchd",
    "login",
    "node",
    "perl",
    "php",
    "pipewire",
    "plasma",
    "pulseaudio",
    "python",
    "ruby",
    "safari",
    "screen",
    "slack",
    "ssh",
    "sudo",
    "sway",
    "systemd",
    "terminal",
    "tmux",
    "vim",
    "wayland",
    "wezterm",
    "windowserver",
    "windsurf",
    "xorg",
    "zsh",
];

/// `pkill -f vite`, `pkill -f uvicorn`: one word naming a development tool, which appears in
/// no agent's, shell's or session program's command line (`node`, `python`, `code`, or a part
/// of one such as `ode`), long enough not to match by chance.
fn one_tool(pattern: &str) -> bool {
    let lower = pattern.to_ascii_lowercase();
    lower.len() >= 4
        && lower.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.')
        && !BROAD.iter().any(|broad| broad.contains(lower.as_str()) || lower.contains(broad))
        && !lower.chars().all(|c| c.is_ascii_digit())
}

/// `killall Finder`, `killall Dock`, `killall SystemUIServer`: macOS's own interface
/// programs, which launchd starts again at once (the usual way to apply a `defaults write`).
/// Only those names, with at most a signal: a pattern, a user or any other name stays a kill
/// by name.
fn restarts_itself(args: &[crate::shell::Word]) -> bool {
    const RESTARTED: &[&str] = &[
        "Finder",
        "Dock",
        "SystemUIServer",
        "ControlCenter",
        "NotificationCenter",
        "cfprefsd",
        "corebrightnessd",
        "mds",
        "coreaudiod",
    ];
    let mut names = args.iter().filter(|a| {
        !matches!(
            a.text.as_str(),
            "-9" | "-KILL" | "-HUP" | "-TERM" | "-15" | "-1" | "-SIGHUP" | "-SIGTERM" | "-SIGKILL"
        )
    });
    names.clone().next().is_some() && names.all(|a| !a.dynamic && RESTARTED.contains(&a.text.as_str()))
}

fn stop_process_hit(name: &str) -> Hit {
    Hit::new(
        "kill.stop-process",
        format!(
            "`{name}` stops processes, possibly by name, including the agent or the user's programs. {ADVICE}"
        ),
    )
}

/// POSIX `kill`; in PowerShell `kill` is `Stop-Process`, recognised by its parameters.
fn judge_kill(call: &Call) -> Option<Hit> {
    let args = call.args();
    let is_powershell = args.iter().any(|w| {
        let lower = w.text.to_ascii_lowercase();
        ["-name", "-processname", "-inputobject"].contains(&lower.as_str())
    });
    if is_powershell && !call.guessed {
        return Some(stop_process_hit("kill"));
    }
    if args.iter().any(|w| matches!(w.text.as_str(), "-l" | "-L" | "--list" | "--table")) {
        return None;
    }
    // A run-time name read as `kill` needs a signal and a target: `$LS -1` is not a kill.
    if call.guessed && args.len() < 2 {
        return None;
    }
    if lists_every_process(call) {
        return Some(Hit::new(
            "kill.all-processes",
            format!("The process ids come from a listing of every process (`ps -e`, `pgrep .`). {ADVICE}"),
        ));
    }
    if let Some(hit) = listed_by_name(call) {
        return Some(hit);
    }
    let pids = kill_targets(args.iter().map(|w| w.text.as_str()));
    // `for p in /proc/[0-9]*; do kill ${p#/proc/}; done`: a pattern of pids, every one there is.
    if !call.guessed && pids.iter().any(|pid| is_pid_pattern(pid)) {
        return Some(Hit::new(
            "kill.all-processes",
            format!("The process ids are every name a pattern matches in `/proc`: every process. {ADVICE}"),
        ));
    }
    // `for p in {1..99999}; do kill $p; done`: a range too long to expand is every pid.
    if pids.iter().any(|pid| pid_range(pid).is_some_and(|(first, last)| takes_in_many(first, last))) {
        return Some(Hit::new(
            "kill.all-processes",
            format!("The process ids are a range that takes in init or every process. {ADVICE}"),
        ));
    }
    if pids.contains(&"-1") {
        return Some(Hit::new(
            "kill.all-processes",
            format!("`kill -1` signals every process you own. {ADVICE}"),
        ));
    }
    // `kill 0` signals the whole process group (the agent's own shell and the agent with it);
    // `$PPID` is the shell's parent, the agent itself.
    if !call.guessed && pids.iter().any(|pid| matches!(*pid, "0" | "-0" | "$PPID" | "${PPID}")) {
        return Some(Hit::new(
            "kill.all-processes",
            format!("This signals the agent's own process group or the agent itself. {ADVICE}"),
        ));
    }
    // A run-time name read as `kill` with a bare `1` is too likely something else (`$SLEEP 1`).
    if pids.contains(&"1") && !call.guessed {
        return Some(Hit::new(
            "kill.init",
            format!("`kill 1` signals init, the first process of the system. {ADVICE}"),
        ));
    }
    None
}

/// The pids and job specs of a POSIX `kill` command line.
/// The pids are computed from a listing of every process: `kill $(pgrep .)`,
/// `kill -9 $(ps -e -o pid=)`, `ps aux | awk '{print $2}' | xargs kill`.
fn lists_every_process(call: &Call) -> bool {
    let everything = |text: &str| {
        let text = text.replace(['"', '\'', '$', '(', ')', '`'], " ");
        let words: Vec<&str> = text.split_whitespace().collect();
        words.windows(2).any(|pair| match pair {
            ["ps", options] => {
                ["-e", "-A", "aux", "-aux", "ax", "-ax", "-ef", "-eo", "-Ao", "axo", "-ely"].contains(options)
                    || options.starts_with("-e")
                    || options.starts_with("-A")
            }
            ["pgrep" | "pidof", pattern] => {
                matches!(*pattern, "." | ".*" | "^" | "-u" | "-U" | "-v")
            }
            _ => false,
        }) || words.windows(3).any(|triple| matches!(triple, ["pgrep", "-f" | "-x" | "-l", "." | ".*" | "^"]))
            // `$(seq 1 99999)`: a range of pids that takes in init or more than a few
            // processes is every one there is.
            || words.iter().position(|w| *w == "seq").is_some_and(|at| {
                let numbers: Vec<u64> = words[at + 1..].iter().map_while(|w| w.parse().ok()).collect();
                let (first, last) = match numbers.as_slice() {
                    [last] => (1, *last),
                    [first, last] | [first, _, last] => (*first, *last),
                    _ => return false,
                };
                takes_in_many(first, last)
            })
            // `ls /proc`, `awk … /proc/[0-9]*/stat`: the process directories listed.
            || words.iter().any(|word| {
                *word == "/proc" || *word == "/proc/" || word.strip_prefix("/proc/").is_some_and(|rest| rest.starts_with(['*', '[', '?']))
            })
    };
    // `for p in $(ps -eo pid=); do kill $p; done`: the word's text is what the loop reads.
    let substituted =
        call.args().iter().any(|arg| arg.dynamic && (everything(&arg.raw) || everything(&arg.text)));
    // Back along the pipeline: `ps aux | grep -v x | awk ... | xargs kill`.
    let piped = call.analysis.upstream(call.command).any(|(_, feeder)| everything(&feeder.text));
    // `xargs kill < <(pgrep -u "$USER")`: the list read from a process substitution.
    let substituted_input = match &call.command.stdin {
        crate::shell::Stdin::File(file) => file.raw.starts_with("<(") && everything(&file.raw),
        _ => false,
    };
    substituted || piped || substituted_input
}

/// A run of pids this long is not a list of processes someone started.
const MANY_PIDS: u64 = 64;

/// Whether the pids `first..=last` take in init or more than a few processes.
fn takes_in_many(first: u64, last: u64) -> bool {
    last >= first && (first <= 1 || last - first >= MANY_PIDS)
}

/// The bounds of a brace range of pids, `{1..99999}`.
fn pid_range(pid: &str) -> Option<(u64, u64)> {
    let (first, last) = pid.strip_prefix('{')?.strip_suffix('}')?.split_once("..")?;
    let last = last.split("..").next()?;
    Some((first.parse().ok()?, last.parse().ok()?))
}

/// A pid that is a pattern of digits (`[0-9]*`, `/proc/[1-9]*`): what it matches in `/proc`.
fn is_pid_pattern(pid: &str) -> bool {
    let pattern = pid.strip_prefix("/proc/").unwrap_or(pid);
    let mut rest = String::new();
    let mut class = false;
    for c in pattern.chars() {
        match c {
            '[' => class = true,
            ']' => class = false,
            _ if class => {}
            _ => rest.push(c),
        }
    }
    pattern.contains(['*', '?', '['])
        && rest.chars().all(|c| c.is_ascii_digit() || matches!(c, '*' | '?' | '/'))
}

/// The pids come from `pgrep ARGS` (substituted, piped or read from a process substitution),
/// which picks processes as `pkill ARGS` does, or from `pidof NAME`, as `killall NAME` does:
/// judged as that command is, so that `kill $(pgrep node)` is `pkill node`.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn listed_by_name(call: &Call) -> Option<Hit> {
    let dynamic: Vec<&str> = call.args().iter().filter(|w| w.dynamic).map(|w| w.raw.as_str()).collect();
    let input = match &call.command.stdin {
        crate::shell::Stdin::Pipe { from: Some(from) } => Some(*from),
        _ => None,
    };
    let input_text = match &call.command.stdin {
        crate::shell::Stdin::File(file) if file.raw.starts_with("<(") => Some(file.raw.as_str()),
        _ => None,
    };
    let lister = call.analysis.commands[..call.index].iter().enumerate().rev().find(|(at, lister)| {
        matches!(lister.name(), Some("pgrep" | "pidof"))
            && (Some(*at) == input
                || dynamic.iter().chain(input_text.iter()).any(|text| text.contains(lister.text.as_str())))
    })?;
    let lister = lister.1;
    let names: Vec<&str> =
        lister.args().iter().filter(|w| !w.text.starts_with('-')).map(|w| w.text.as_str()).collect();
    if lister.name() == Some("pidof") {
        if names.iter().any(|name| matches!(name.rsplit('/').next(), Some("init" | "systemd"))) {
            return Some(Hit::new(
                "kill.init",
                format!(
                    "`pidof` of `{}` lists init, the first process of the system. {ADVICE}",
                    names.join(" ")
                ),
            ));
        }
    } else if names_one_program_run(lister.args()) {
        return None;
    }
    let by = if lister.name() == Some("pidof") { "killall" } else { "pkill" };
    Some(Hit::new(
        "kill.by-name",
        format!(
            "The process ids are `{}`'s, every process of that name, as `{by}` picks them; they may include the agent or the user's programs. {ADVICE}",
            lister.text
        ),
    ))
}

fn kill_targets<'a>(mut words: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let mut targets = Vec::new();
    let mut leading_dash_word = None;
    while let Some(text) = words.next() {
        match text {
            "-s" | "-n" | "--signal" => {
                words.next();
                leading_dash_word = Some("");
            }
            "--" => break,
            // `-9`, `-KILL`: the signal, the first time only; `kill -9 -1` targets pid -1.
            _ if text.starts_with('-') && leading_dash_word.is_none() => leading_dash_word = Some(text),
            _ => targets.push(text),
        }
    }
    targets.extend(words);
    // `kill -1` alone has no pid after the signal, so the shell reads `-1` as the target.
    if targets.is_empty() {
        targets.extend(leading_dash_word.filter(|w| !w.is_empty()));
    }
    targets
}

/// `taskkill /IM name` (and `/FI` filters) pick by image name; `/PID n` is a specific process.
fn judge_taskkill(call: &Call) -> Option<Hit> {
    let by_name = call.args().iter().any(|w| {
        let lower = w.text.to_ascii_lowercase();
        matches!(lower.as_str(), "/im" | "-im" | "/fi" | "-fi")
    });
    by_name.then(|| {
        Hit::new(
            "kill.by-name",
            format!("`taskkill /IM` kills every process with that image name, which may include the agent or the user's programs. {ADVICE}"),
        )
    })
}

#[cfg(test)]
mod tests {
    use crate::policy::{PackSetting, PackSettings, Scope};
    use crate::rules::Pack;
    use crate::rules::testing::*;

    #[test]
    fn every_process_and_init() {
        let cases: &[(&[&str], Option<&str>)] = &[
            (&["kill", "-1"], Some("kill.all-processes")),
            (&["kill", "-9", "-1"], Some("kill.all-processes")),
            (&["kill", "-KILL", "-1"], Some("kill.all-processes")),
            (&["kill", "-s", "KILL", "-1"], Some("kill.all-processes")),
            (&["kill", "--", "-1"], Some("kill.all-processes")),
            (&["kill", "1"], Some("kill.init")),
            (&["kill", "-9", "1"], Some("kill.init")),
            (&["kill", "-s", "KILL", "1"], Some("kill.init")),
            (&["killall5"], Some("kill.all-processes")),
            (&["kill", "1234"], None),
            (&["kill", "-9", "1234"], None),
            (&["kill", "-1", "1234"], None),
            (&["kill", "%1"], None),
            (&["kill", "-l"], None),
            (&["kill", "-TERM", "$PID"], None),
        ];
        for (argv, expected) in cases {
            assert_eq!(rule(argv), *expected, "{argv:?}");
        }
    }

    #[test]
    fn by_name() {
        let cases: &[(&[&str], Option<&str>)] = &[
            (&["killall", "node"], Some("kill.by-name")),
            (&["pkill", "-f", "python"], Some("kill.by-name")),
            (&["taskkill", "/IM", "node.exe"], Some("kill.by-name")),
            (&["taskkill", "/F", "/im", "node.exe"], Some("kill.by-name")),
            (&["taskkill", "/PID", "1234"], None),
            (&["Stop-Process", "-Id", "1234"], Some("kill.stop-process")),
            (&["spps", "-Name", "node"], Some("kill.stop-process")),
            (&["kill", "-Name", "node"], Some("kill.stop-process")),
        ];
        for (argv, expected) in cases {
            assert_eq!(rule(argv), *expected, "{argv:?}");
        }
    }

    #[test]
    fn guessed_names_need_an_unmistakable_form() {
        assert_eq!(rule(&["$K", "-9", "-1"]), Some("kill.all-processes"));
        assert_eq!(rule(&["$SLEEP", "1"]), None);
        assert_eq!(rule(&["$LS", "-1"]), None);
        assert_eq!(rule(&["$HEAD", "-n", "-1"]), None);
    }

    #[test]
    fn scope_all_fires_on_every_kill() {
        let mut packs = PackSettings::default();
        packs.0.insert(Pack::Kill, PackSetting { scope: Scope::All, ..Default::default() });
        let finding = evaluate_in(&sequence(&[&["kill", "1234"]]), &ctx(), &packs).expect("a finding");
        assert_eq!(finding.rule, "kill.all");
    }
}
