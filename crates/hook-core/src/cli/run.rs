//! `run`: answer one event from stdin, under the exit-code contract (ARCHITECTURE.md, invariant 1).
//!
//! Every internal failure (unreadable stdin, bad JSON, a panic) ends as the agent's
//! allow-with-no-output plus one stderr line, unless the policy says `on_error = "deny"`.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;

use crate::agent::{Agent, Response};
use crate::decide::{as_agent_can_take, decide};
use crate::event::{Event, EventKind};
use crate::journal;
use crate::lifecycle::stop::STOP_ACTIVE_ENV;
use crate::lifecycle::trust_notice;
use crate::policy::{self, Loaded, OnError};
use crate::project::Context;
use crate::protocol;
use crate::verdict::Verdict;

/// The answer the panic hook gives. Starts as the agent's silent allow and becomes the
/// deny once the policy asks for fail-closed.
static ON_PANIC: Mutex<Option<Response>> = Mutex::new(None);

/// Never read more than this from stdin; a larger event is answered as malformed.
const MAX_INPUT: u64 = 16 * 1024 * 1024;

pub(crate) fn run(agent: &Agent, config: Option<&Path>) -> ExitCode {
    use std::io::IsTerminal;
    // Run by hand on a terminal, the hook would wait for an event nobody types.
    if std::io::stdin().is_terminal() {
        let bin = agent.binary();
        protocol::warn(&format!(
            "{bin} answers one {} hook event, as JSON on stdin; try `{bin} < event.json`, or `{bin} explain -- COMMAND` (see `{bin} --help`)",
            agent.display_name()
        ));
        return ExitCode::from(2);
    }
    set_failure_answer(with_diagnostic(agent.allow_silently(), agent.binary(), "internal error"));
    std::panic::set_hook(Box::new(|info| {
        let answer = ON_PANIC.lock().ok().and_then(|slot| slot.clone()).unwrap_or_default();
        let mut answer = answer;
        answer.stderr = format!("agent-hooks: internal error ({info}); answered as on_error says");
        protocol::answer_and_exit(&answer)
    }));
    let (response, journal_line) = answer(agent, config);
    // The answer first: whatever happens while journaling (a full disk, a file size limit that
    // ends the process), the agent has its answer.
    let code = protocol::answer(&response);
    if let Some((path, line)) = journal_line {
        if let Err(e) = journal::append(&path, &line) {
            protocol::warn(&format!(
                "{}: cannot write the decision journal {}: {e}",
                agent.binary(),
                path.display()
            ));
        }
    }
    code
}

/// The answer, and the journal line to append once it is written.
fn answer(agent: &Agent, config: Option<&Path>) -> (Response, Option<(PathBuf, String)>) {
    let failed = |response| (response, None);
    let mut input = Vec::new();
    if let Err(e) = std::io::stdin().take(MAX_INPUT + 1).read_to_end(&mut input) {
        return failed(failure(agent, config, None, &format!("cannot read stdin: {e}")));
    }
    if input.len() as u64 > MAX_INPUT {
        return failed(failure(agent, config, None, "input larger than 16 MiB"));
    }
    let event = match agent.decode(&input) {
        Ok(event) => event,
        Err(e) => return failed(failure(agent, config, None, &e.to_string())),
    };
    if let Some(why) = event.malformed() {
        return failed(failure(agent, config, Some(&event), &format!("unexpected input: {why}")));
    }
    if runs_commands(&event) && nested_in_stop_gate() {
        return failed(agent.allow_silently());
    }
    let ctx = Context::discover(&event_cwd(&event));
    let loaded = policy::load(&ctx, config);
    if loaded.policy.on_error == OnError::Deny {
        set_failure_answer(fail_closed(agent, &event, "internal error"));
    }
    let mut verdict = as_agent_can_take(agent, &event, decide(&event, &loaded.policy, &ctx));
    if !loaded.skipped.is_empty() {
        trust_notice::tell(&mut verdict, &event, &loaded, agent.binary());
    }
    let probe = crate::environment::var_os(crate::install::doctor::PROBE_VARIABLE).is_some();
    let journal_line = journal::is_journaled(&verdict, loaded.policy.journal && !probe)
        .then(|| {
            Some((
                journal::journal_path()?,
                journal::line(crate::clock::now(), agent.binary(), &event, &verdict),
            ))
        })
        .flatten();
    let mut response_note = None;
    if let Some(note) = policy_failure_note(&loaded) {
        verdict.user_message = Some(match verdict.user_message.take() {
            Some(message) => format!("{message}\n{note}"),
            None => note.clone(),
        });
        response_note = Some(note);
    }
    let mut response = agent.encode(&event, &verdict);
    let unknown = event
        .unknown_tool()
        .map(|tool| format!("{}: no rule covers the tool `{tool}`; allowed", agent.binary()));
    for note in response_note.into_iter().chain(unknown) {
        response.stderr = join_lines(&response.stderr, &note);
    }
    // The process ends right after this answer, and the arena allocator gives nothing back
    // to the system: dropping these (a 50-rule policy is a few hundred strings) would only
    // walk them, ~10 K instructions of pure cost.
    std::mem::forget((input, event, loaded, verdict, ctx));
    (response, journal_line)
}

/// Events that make the hook run the policy's own commands (formatters, gates, context).
fn runs_commands(event: &Event) -> bool {
    matches!(event.kind, EventKind::Stop | EventKind::AfterFileWrite | EventKind::SessionStart)
}

/// Spawned, at some depth, by one of our own stop gates (an agent run by a gate, say). Such a
/// hook must not start gates or formatters again, but it still guards: a nested agent gets
/// no licence to run `rm -rf ~`.
fn nested_in_stop_gate() -> bool {
    crate::environment::var_os(STOP_ACTIVE_ENV).is_some_and(|value| value == "1")
}

/// Where the event happens: its own cwd if it names an existing directory, else ours.
fn event_cwd(event: &Event) -> PathBuf {
    event
        .cwd
        .clone()
        .filter(|dir| dir.is_dir())
        .or_else(|| std::env::current_dir().ok())
        .unwrap_or_else(|| PathBuf::from("/"))
}

/// What to tell the agent and the user when a policy file did not load.
fn policy_failure_note(loaded: &Loaded) -> Option<String> {
    if loaded.errors.is_empty() {
        return None;
    }
    let errors: Vec<String> = loaded.errors.iter().map(ToString::to_string).collect();
    Some(format!(
        "agent-hooks: your policy failed to load, the built-in rules are in force instead: {} (fix it, then run `check`)",
        errors.join("; ")
    ))
}

/// The answer to an internal failure before or without a decodable event.
fn failure(agent: &Agent, config: Option<&Path>, event: Option<&Event>, why: &str) -> Response {
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/"));
    let on_error = policy::load(&Context::discover(&cwd), config).policy.on_error;
    match (on_error, event) {
        (OnError::Deny, Some(event)) => fail_closed(agent, event, why),
        (OnError::Deny, None) => Response {
            stdout: String::new(),
            stderr: format!("agent-hooks: {why}; denied because the policy says on_error = \"deny\""),
            exit_code: 2,
        },
        (OnError::Allow, _) => with_diagnostic(agent.allow_silently(), agent.binary(), why),
    }
}

fn fail_closed(agent: &Agent, event: &Event, why: &str) -> Response {
    let reason = format!("agent-hooks: {why}; denied because the policy says on_error = \"deny\"");
    agent.encode(event, &Verdict::deny("on-error", reason))
}

fn with_diagnostic(mut response: Response, binary: &str, why: &str) -> Response {
    response.stderr = join_lines(&response.stderr, &format!("{binary}: {why}; allowed (fail-open)"));
    response
}

fn set_failure_answer(response: Response) {
    if let Ok(mut slot) = ON_PANIC.lock() {
        *slot = Some(response);
    }
}

fn join_lines(first: &str, second: &str) -> String {
    if first.is_empty() { second.to_string() } else { format!("{}\n{second}", first.trim_end()) }
}
