//! Whether the Gemini CLI that spawned this hook can put an ask to its user: under `-p` (or
//! with stdin not a terminal) an ask ends the run with no result and no reason, so the hook
//! answers such a session with a deny that says why (`docs/agents/gemini.md`).
//!
//! Gemini's payload does not say; its process does. The hook runs under Gemini's shell, so
//! the Gemini process is an ancestor a few levels up. Where `/proc` cannot tell (another OS,
//! an ancestor not found), someone is assumed to be there.

/// How many ancestors are looked at for the Gemini process.
const MAX_DEPTH: usize = 4;

/// Whether the Gemini process above this hook has a user at a terminal; looked at by
/// `Agent::someone_can_answer` only when the answer is an ask.
pub fn someone_can_answer() -> bool {
    let mut pid = std::process::id();
    for _ in 0..MAX_DEPTH {
        let Some(parent) = parent_of(pid) else { return true };
        pid = parent;
        let Ok(cmdline) = std::fs::read(format!("/proc/{pid}/cmdline")) else { return true };
        let args: Vec<String> =
            cmdline.split(|&b| b == 0).map(|arg| String::from_utf8_lossy(arg).into_owned()).collect();
        if is_gemini(&args) {
            let terminal = std::fs::read_link(format!("/proc/{pid}/fd/0"))
                .is_ok_and(|stdin| stdin.starts_with("/dev/pts") || stdin.starts_with("/dev/tty"));
            return terminal && !headless(&args);
        }
    }
    true
}

/// The parent of `pid`: the field after the command name in `/proc/PID/stat`.
fn parent_of(pid: u32) -> Option<u32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name is in parentheses and may hold anything, so read after its last `)`.
    let after = &stat[stat.rfind(')')? + 1..];
    after.split_whitespace().nth(1)?.parse().ok().filter(|&parent| parent > 1)
}

/// `node …/bin/gemini …` or a `gemini` executable.
fn is_gemini(args: &[String]) -> bool {
    args.iter().take(2).any(|arg| {
        let name = arg.rsplit('/').next().unwrap_or(arg);
        name == "gemini" || name == "gemini.js" || arg.contains("/@google/gemini-cli/")
    })
}

/// Gemini's own arguments ask for a headless run: `-p`/`--prompt` without `-i`.
fn headless(args: &[String]) -> bool {
    let prompt = args.iter().any(|arg| arg == "-p" || arg == "--prompt" || arg.starts_with("--prompt="));
    let interactive = args.iter().any(|arg| arg == "-i" || arg.starts_with("--prompt-interactive"));
    prompt && !interactive
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Vec<String> {
        line.split(' ').map(str::to_string).collect()
    }

    #[test]
    fn a_prompt_flag_makes_a_headless_run() {
        assert!(headless(&args("node /usr/lib/node_modules/@google/gemini-cli/dist/index.js -p hi --yolo")));
        assert!(headless(&args("gemini --prompt=hi")));
        assert!(!headless(&args("gemini -i hi")));
        assert!(!headless(&args("gemini --yolo")));
    }

    #[test]
    fn the_gemini_process_is_known_by_its_program() {
        assert!(is_gemini(&args("node /home/u/.npm/bin/gemini -p x")));
        assert!(is_gemini(&args("/usr/local/bin/gemini")));
        assert!(is_gemini(&args("node /x/node_modules/@google/gemini-cli/bundle/gemini.js")));
        assert!(!is_gemini(&args("bash -c '/bin/gemini-hook'")));
        assert!(!is_gemini(&args("node server.js gemini")));
    }
}
