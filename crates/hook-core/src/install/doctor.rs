//! `doctor`: where this binary is registered, whether each registration can start, and a
//! live probe that runs each registered command line the way the agent would, with a
//! harmless command and with `rm -rf ~`, and reads the answers as the agent would.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::command::{command_line, program};
use super::json_edit::Found;
use super::owned_file::OwnedFile;
use super::registration::{Layout, Probe, ProbeAnswer, ProbeVerdict, Registration};
use super::{Installable, SettingsScope};
use super::{registered, scope_name, settings_file};

/// The shell command a harmless probe asks about.
pub const HARMLESS_PROBE: &str = "echo agent-hooks doctor probe";
/// The shell command a blocking probe asks about.
pub const DANGEROUS_PROBE: &str = "rm -rf ~";
/// A hook answers in milliseconds; this only catches a hang.
const PROBE_TIMEOUT: Duration = Duration::from_secs(10);
/// The shell agents run hook commands with: sh on Unix, Git Bash on Windows.
const SHELL: &str = if cfg!(windows) { "bash" } else { "sh" };

/// How one check went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Ok,
    /// Worth knowing, not a failure.
    Note,
    Fail,
}

/// One line of the doctor's report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub status: Status,
    pub text: String,
    /// What to do about a failure or a note.
    pub fix: Option<String>,
}

impl Finding {
    pub fn new(status: Status, text: impl Into<String>, fix: Option<String>) -> Self {
        Self { status, text: text.into(), fix }
    }
}

/// Check every settings file of `agent` and probe every registered command line.
/// `project` is the repository root whose project settings are checked; probes run there.
pub fn examine<A: Installable + ?Sized>(agent: &A, home: Option<&Path>, project: &Path) -> Vec<Finding> {
    if let Some(owned) = agent.owned_file() {
        return examine_owned(agent, &owned, home, project);
    }
    let bin = agent.binary();
    let Some(registration) = agent.registration() else {
        return vec![Finding::new(
            Status::Fail,
            format!("{} has no hook settings that {bin} can manage", agent.display_name()),
            None,
        )];
    };
    let mut findings = Vec::new();
    let mut commands: Vec<String> = Vec::new();
    let mut shell_event_covered = false;
    if home.is_none() {
        findings.push(Finding::new(Status::Note, "HOME is not set: the user settings are not checked", None));
    }
    for (scopes, path) in settings_files(agent, home, project) {
        let label = scopes.iter().map(|s| scope_name(*s)).collect::<Vec<_>>().join("+");
        let reinstall = format!("run `{bin} install --{}` again", scope_name(scopes[0]));
        let found = match registered(agent, &registration, &path) {
            Ok(found) => found,
            Err(e) => {
                findings.push(Finding::new(
                    Status::Fail,
                    format!("{label}: {e}"),
                    Some(format!("fix it: {} may ignore the whole file", agent.display_name())),
                ));
                continue;
            }
        };
        if found.is_empty() {
            let state = if path.exists() { "not registered" } else { "no file" };
            findings.push(Finding::new(Status::Note, format!("{label}: {}: {state}", path.display()), None));
            continue;
        }
        shell_event_covered |= found.iter().any(|f| f.event == registration.probe.shell_event);
        findings.push(Finding::new(
            Status::Ok,
            format!("{label}: {}: registered for {}", path.display(), events(&found)),
            None,
        ));
        findings.extend(outdated(&registration, &found, &label, &reinstall));
        findings.extend(untrusted(agent, &path, home, &label, &reinstall));
        for command in distinct_commands(&found) {
            findings.push(check_program(&command, &label, &reinstall));
            if !commands.contains(&command) {
                commands.push(command);
            }
        }
    }
    if commands.is_empty() {
        findings.push(Finding::new(
            Status::Fail,
            format!("{bin} is not registered in any {} settings file", agent.display_name()),
            Some(format!("run `{bin} install` (or `--project` / `--local`)")),
        ));
        return findings;
    }
    if !shell_event_covered {
        findings.push(Finding::new(
            Status::Fail,
            format!(
                "{bin} is not registered for {}: shell commands are not checked",
                registration.probe.shell_event
            ),
            Some(format!("run `{bin} install`")),
        ));
    }
    for command in &commands {
        findings.push(probe(bin, &registration.probe, command, HARMLESS_PROBE, ProbeVerdict::Allow, project));
        findings.push(probe(
            bin,
            &registration.probe,
            command,
            DANGEROUS_PROBE,
            ProbeVerdict::Block,
            project,
        ));
    }
    findings
}

/// For agents that run only trusted hooks: whether the trust on record covers our entries in
/// `path` as they are now (an edit to an entry, or trust revoked, makes the agent skip it).
fn untrusted<A: Installable + ?Sized>(
    agent: &A,
    path: &Path,
    home: Option<&Path>,
    label: &str,
    reinstall: &str,
) -> Option<Finding> {
    let trust = agent.trust_file()?;
    let file = (trust.path)(path, home)?;
    let settings: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()?;
    let current = std::fs::read_to_string(&file).ok();
    let recorded = (trust.record)(current.as_deref(), path, &settings, agent.binary());
    let name = agent.display_name();
    Some(match recorded {
        Ok(text) if current.as_deref() == Some(text.as_str()) => Finding::new(
            Status::Ok,
            format!("{label}: {name} has these hooks on record as trusted in {}", file.display()),
            None,
        ),
        Ok(_) => Finding::new(
            Status::Fail,
            format!(
                "{label}: {name} would skip these hooks without a word: {} does not record them as trusted",
                file.display()
            ),
            Some(format!("{reinstall} (it records the trust), or trust them in {name} itself")),
        ),
        Err(why) => Finding::new(
            Status::Fail,
            format!("{label}: {}: {why}", file.display()),
            Some(format!("fix the file, then {reinstall}")),
        ),
    })
}

/// `doctor` for an agent registered by a file of its own: where that file is, whether it
/// runs this binary, and the live probe of this binary.
fn examine_owned<A: Installable + ?Sized>(
    agent: &A,
    owned: &OwnedFile,
    home: Option<&Path>,
    project: &Path,
) -> Vec<Finding> {
    let bin = agent.binary();
    let mut findings = Vec::new();
    let exe = std::env::current_exe().ok();
    let mut installed = false;
    for (scopes, path) in settings_files(agent, home, project) {
        let label = scopes.iter().map(|s| scope_name(*s)).collect::<Vec<_>>().join("+");
        let text = match settings_file::read(&path) {
            Ok(Some(text)) => text,
            Ok(None) => {
                findings.push(Finding::new(
                    Status::Note,
                    format!("{label}: {}: no file", path.display()),
                    None,
                ));
                continue;
            }
            Err(e) => {
                findings.push(Finding::new(Status::Fail, format!("{label}: {e}"), None));
                continue;
            }
        };
        if !owned.wrote(&text) {
            findings.push(Finding::new(
                Status::Note,
                format!("{label}: {}: not written by agent-hooks", path.display()),
                None,
            ));
            continue;
        }
        installed = true;
        findings.push(Finding::new(
            Status::Ok,
            format!("{label}: {}: registers {}", path.display(), owned.events.join(", ")),
            owned.next_step.map(|step| step(&path)),
        ));
        if exe.as_deref().is_some_and(|exe| text != (owned.render)(exe)) {
            findings.push(Finding::new(
                Status::Note,
                format!("{label}: the file was written for another {bin} or another version"),
                Some(format!("run `{bin} install --{}` again from this binary", scope_name(scopes[0]))),
            ));
        }
    }
    if !installed {
        findings.push(Finding::new(
            Status::Fail,
            format!("{bin} is not installed for {}", agent.display_name()),
            Some(format!("run `{bin} install` (or `--project`)")),
        ));
        return findings;
    }
    let Some(exe) = exe else {
        findings.push(Finding::new(Status::Fail, "cannot find the path of this binary to probe it", None));
        return findings;
    };
    let command = command_line(&exe);
    findings.push(probe(bin, &owned.probe, &command, HARMLESS_PROBE, ProbeVerdict::Allow, project));
    findings.push(probe(bin, &owned.probe, &command, DANGEROUS_PROBE, ProbeVerdict::Block, project));
    findings
}

/// The agent's settings files, each with the scopes that name it (a project at the home
/// directory shares the user's file).
fn settings_files<A: Installable + ?Sized>(
    agent: &A,
    home: Option<&Path>,
    project: &Path,
) -> Vec<(Vec<SettingsScope>, PathBuf)> {
    let mut files: Vec<(Vec<SettingsScope>, PathBuf)> = Vec::new();
    for scope in [SettingsScope::User, SettingsScope::Project, SettingsScope::Local] {
        let Some(home) = home.or((scope != SettingsScope::User).then_some(Path::new(""))) else { continue };
        let Some(path) = agent.settings_path(scope, home, project) else { continue };
        match files.iter_mut().find(|(_, p)| *p == path) {
            Some((scopes, _)) => scopes.push(scope),
            None => files.push((vec![scope], path)),
        }
    }
    files
}

/// `PreToolUse (Bash|Read), Stop`.
fn events(found: &[Found]) -> String {
    let named: Vec<String> = found
        .iter()
        .map(|f| match &f.matcher {
            Some(m) if !m.is_empty() => format!("{} ({m})", f.event),
            _ => f.event.clone(),
        })
        .collect();
    named.join(", ")
}

/// Notes for hooks `install` would register differently today.
fn outdated(registration: &Registration, found: &[Found], label: &str, reinstall: &str) -> Vec<Finding> {
    let mut notes = Vec::new();
    for hook in &registration.hooks {
        let on_event: Vec<&Found> = found.iter().filter(|f| f.event == hook.event).collect();
        let text = if on_event.is_empty() {
            format!("{label}: not registered for {}", hook.event)
        } else if registration.layout == Layout::Grouped
            && !on_event.iter().any(|f| f.matcher.as_deref() == hook.matcher)
        {
            format!("{label}: {} fires for other tools than `{}`", hook.event, hook.matcher.unwrap_or("*"))
        } else {
            continue;
        };
        notes.push(Finding::new(
            Status::Note,
            text,
            Some(format!("{reinstall} to register what this version handles")),
        ));
    }
    notes
}

fn distinct_commands(found: &[Found]) -> Vec<String> {
    let mut commands: Vec<String> = Vec::new();
    for f in found {
        if !commands.contains(&f.command) {
            commands.push(f.command.clone());
        }
    }
    commands
}

/// Whether the program of `command` exists and can be run.
fn check_program(command: &str, label: &str, reinstall: &str) -> Finding {
    let fix = Some(format!("{reinstall} from the binary you want, or `uninstall` the dead entry"));
    let Some(program) = program(command) else {
        return Finding::new(Status::Fail, format!("{label}: `{command}` names no program"), fix);
    };
    match resolve(&program) {
        Some(path) if crate::program::is_executable(&path) => {
            Finding::new(Status::Ok, format!("{label}: runs {}, an executable file", path.display()), None)
        }
        Some(path) => {
            Finding::new(Status::Fail, format!("{label}: {} is not executable", path.display()), fix)
        }
        None => Finding::new(
            Status::Fail,
            format!("{label}: {program} does not exist: the hook cannot start, so nothing is checked"),
            fix,
        ),
    }
}

/// `program` as a file: itself when it is a path, else the first match on `PATH`.
fn resolve(program: &str) -> Option<PathBuf> {
    if program.contains(['/', '\\']) {
        let path = PathBuf::from(program);
        return path.is_file().then_some(path);
    }
    let dirs = crate::environment::var_os("PATH")?;
    std::env::split_paths(&dirs).map(|dir| dir.join(program)).find(|path| path.is_file())
}

/// Run `command` as the agent would for a shell call of `shell_command`; check the agent
/// would read the answer as `expected`.
fn probe(
    bin: &str,
    registered: &Probe,
    command: &str,
    shell_command: &str,
    expected: ProbeVerdict,
    cwd: &Path,
) -> Finding {
    let payload = (registered.payload)(shell_command, cwd);
    let wanted = if expected == ProbeVerdict::Allow { "allow" } else { "block" };
    let about = format!("live: `{command}` asked about `{shell_command}`");
    let verdict = match run(command, &payload, cwd) {
        Ok(answer) if matches!(answer.exit_code, Some(126 | 127)) => {
            ProbeVerdict::Unrecognised(format!("the command could not start: {}", first_line(&answer.stderr)))
        }
        Ok(answer) => (registered.read_answer)(&answer),
        Err(why) => ProbeVerdict::Unrecognised(why),
    };
    match verdict {
        v if v == expected => Finding::new(Status::Ok, format!("{about}: {wanted}"), None),
        ProbeVerdict::Unrecognised(why) => Finding::new(
            Status::Fail,
            format!("{about}: no usable answer ({why})"),
            Some("fix the registration above, then run doctor again".into()),
        ),
        ProbeVerdict::Allow => Finding::new(
            Status::Fail,
            format!("{about}: allow, expected block"),
            Some(format!(
                "your policy lets `{shell_command}` through: see why with `{bin} explain -- {shell_command}`"
            )),
        ),
        ProbeVerdict::Block => Finding::new(
            Status::Fail,
            format!("{about}: block, expected allow"),
            Some(format!(
                "your policy blocks `{shell_command}`: see why with `{bin} explain -- {shell_command}`"
            )),
        ),
    }
}

/// Set in the environment of `doctor`'s probes.
pub const PROBE_VARIABLE: &str = "AGENT_HOOKS_DOCTOR_PROBE";

/// Run `command` through the agent's shell with `payload` on stdin, killed after
/// [`PROBE_TIMEOUT`].
fn run(command: &str, payload: &str, cwd: &Path) -> Result<ProbeAnswer, String> {
    let mut child = Command::new(SHELL)
        .arg("-c")
        .arg(command)
        // A probe is no decision of the agent's: kept out of the journal and `stats`.
        .env(PROBE_VARIABLE, "1")
        .current_dir(cwd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {SHELL}: {e}"))?;
    // Feed and drain from threads: a hook that answers before reading, or writes a lot,
    // must not block us.
    let stdin = child.stdin.take().map(|mut pipe| {
        let payload = payload.as_bytes().to_vec();
        std::thread::spawn(move || {
            let _ = pipe.write_all(&payload);
        })
    });
    let stdout = child.stdout.take().map(drain);
    let stderr = child.stderr.take().map(drain);
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if start.elapsed() > PROBE_TIMEOUT => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("no answer within {} s", PROBE_TIMEOUT.as_secs()));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => return Err(format!("cannot wait for the hook: {e}")),
        }
    };
    if let Some(writer) = stdin {
        let _ = writer.join();
    }
    let collect = |reader: Option<std::thread::JoinHandle<String>>| {
        reader.and_then(|r| r.join().ok()).unwrap_or_default()
    };
    Ok(ProbeAnswer { exit_code: status.code(), stdout: collect(stdout), stderr: collect(stderr) })
}

fn drain(mut pipe: impl Read + Send + 'static) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or("no message")
}
