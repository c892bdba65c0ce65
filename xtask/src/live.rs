//! `cargo xtask live`: the hooks inside the real agents. Each agent's CLI is installed from the
//! npm registry (pinned, cached under `target/live/npm`), registered with the binary's own
//! `install --user` in a scratch HOME, and driven headless against a fake model server on
//! 127.0.0.1 that answers with one scripted tool call and logs every request it receives.
//! The evidence is the filesystem and that log, not the hook's own output.
//!
//! Proven today: Claude Code, Gemini CLI, Codex CLI, OpenCode and Copilot CLI (README, "Agents"). The scratch directories live
//! under `target/live/`, so even a hook that failed open could only delete what the suite made
//! for it.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::build;

/// An agent CLI the suite drives: its npm package (pinned), its program, its hook binary, the
/// model API its fake server speaks, and its tool names for the scenarios' actions.
struct AgentCli {
    name: &'static str,
    package: &'static str,
    program: &'static str,
    hook: &'static str,
    api: Api,
    shell_tool: &'static str,
    /// The read tool and its input aimed at `.env`; `None`: not driven live yet (README,
    /// "Agents", says why).
    read_tool: Option<(&'static str, &'static str)>,
    /// The write tool and its input overwriting `.env`.
    write_tool: Option<(&'static str, &'static str)>,
    /// The search tool and its input aimed at `.env` (each agent names its arguments).
    search: Option<(&'static str, &'static str)>,
    /// The search tool and its input over the whole project, and whether the agent runs the
    /// call the hook narrowed (else the hook's refusal is the evidence).
    search_tree: Option<(&'static str, &'static str, bool)>,
    /// The agent lets a hook stop a prompt before it is sent.
    prompt_guard: bool,
    /// The agent runs a tool with the input a hook rewrote.
    rewrites: bool,
    /// The agent keeps working when a stop hook refuses the end of its turn.
    stop_gate: bool,
    /// What a hook that exits 2 with a reason on stderr does to a tool call (as the live run
    /// shows); `None`: not driven.
    exit_2: Option<ExitTwo>,
    /// The agent's names of the events the recorded fixtures are taken from.
    events: Events,
}

/// What a before-tool hook's exit status 2, with a reason on stderr and nothing on stdout, does.
#[derive(Clone, Copy)]
struct ExitTwo {
    /// The tool does not run.
    blocks: bool,
    /// The stderr text is what the model is told.
    reason_reaches_model: bool,
}

/// An agent's names for the hook events `--record` keeps.
struct Events {
    before_tool: &'static str,
    after_tool: &'static str,
    prompt: &'static str,
    stop: &'static str,
}

/// The model API a fake server speaks.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Api {
    /// Anthropic Messages (`/v1/messages`), streaming or not.
    Anthropic,
    /// Gemini `generateContent` and `streamGenerateContent` (`?alt=sse`).
    Gemini,
    /// OpenAI Responses (`/v1/responses`), streamed.
    OpenAiResponses,
    /// OpenAI Chat Completions (`/v1/chat/completions`), streamed.
    OpenAiChat,
}

/// Slowest first (an OpenCode scenario takes about 8 s, a Codex one about 1 s): `run`'s lanes
/// take the agents in this order, so that the slowest is not left to run alone at the end.
const AGENTS: &[AgentCli] = &[
    AgentCli {
        name: "opencode",
        package: "opencode-ai@1.18.33",
        program: "opencode",
        hook: "opencode-hook",
        api: Api::OpenAiChat,
        shell_tool: "bash",
        read_tool: Some(("read", r#"{"filePath": "{project}/.env"}"#)),
        write_tool: Some(("write", r#"{"filePath": "{project}/.env", "content": "OVERWRITTEN=1\n"}"#)),
        search: Some(("grep", r#"{"pattern": "API_KEY", "include": ".env"}"#)),
        search_tree: Some(("grep", r#"{"pattern": "API_KEY", "path": "{project}"}"#, true)),
        prompt_guard: true,
        rewrites: true,
        // OpenCode has no hook that can refuse the end of a turn.
        stop_gate: false,
        exit_2: None,
        // No stop event (`stop_gate`).
        events: Events {
            before_tool: "tool.execute.before",
            after_tool: "tool.execute.after",
            prompt: "chat.message",
            stop: "",
        },
    },
    AgentCli {
        name: "gemini",
        package: "@google/gemini-cli@0.61.0",
        program: "gemini",
        hook: "gemini-hook",
        api: Api::Gemini,
        shell_tool: "run_shell_command",
        // Gemini CLI 0.61.0's file tools refuse a path with a `.env`, `.git` or `node_modules`
        // segment themselves ("Path not in workspace"), before any hook runs; `.env.local`,
        // which the policy guards too, reaches the hook.
        read_tool: Some(("read_file", r#"{"file_path": "{project}/.env.local"}"#)),
        write_tool: Some((
            "write_file",
            r#"{"file_path": "{project}/.env.local", "content": "OVERWRITTEN=1\n"}"#,
        )),
        search: Some(("grep_search", r#"{"pattern": "API_KEY", "include_pattern": ".env"}"#)),
        // No argument of grep_search leaves a file out: the hook asks, which `-p` makes a deny.
        search_tree: Some(("grep_search", r#"{"pattern": "API_KEY", "dir_path": "{project}"}"#, false)),
        prompt_guard: true,
        rewrites: true,
        stop_gate: true,
        exit_2: None,
        events: Events {
            before_tool: "BeforeTool",
            after_tool: "AfterTool",
            prompt: "BeforeAgent",
            stop: "AfterAgent",
        },
    },
    AgentCli {
        name: "copilot",
        package: "@github/copilot@1.0.102",
        program: "copilot",
        hook: "copilot-hook",
        api: Api::OpenAiChat,
        shell_tool: "bash",
        read_tool: Some(("view", r#"{"path": "{project}/.env"}"#)),
        write_tool: Some(("create", r#"{"path": "{project}/.env", "file_text": "OVERWRITTEN=1\n"}"#)),
        search: Some(("grep", r#"{"pattern": "API_KEY", "paths": "{project}/.env"}"#)),
        search_tree: Some((
            "grep",
            r#"{"pattern": "API_KEY", "paths": "{project}", "output_mode": "content"}"#,
            true,
        )),
        prompt_guard: true,
        rewrites: true,
        stop_gate: true,
        // 1.0.102 blocks, but tells the model only "Denied by preToolUse hook: hook exited
        // with code 2": the reason stays behind.
        exit_2: Some(ExitTwo { blocks: true, reason_reaches_model: false }),
        events: Events {
            before_tool: "preToolUse",
            after_tool: "postToolUse",
            prompt: "userPromptSubmitted",
            stop: "agentStop",
        },
    },
    AgentCli {
        name: "claude",
        package: "@anthropic-ai/claude-code@2.1.331",
        program: "claude",
        hook: "claude-hook",
        api: Api::Anthropic,
        shell_tool: "Bash",
        read_tool: Some(("Read", r#"{"file_path": "{project}/.env"}"#)),
        write_tool: Some(("Write", r#"{"file_path": "{project}/.env", "content": "OVERWRITTEN=1\n"}"#)),
        // Claude Code 2.1.331 offers no Grep or Glob tool (its requests list none): it searches
        // with its shell, so the search a user would see is a recursive grep.
        search: Some(("Bash", r#"{"command": "grep -rn API_KEY .", "description": "find the key"}"#)),
        search_tree: None,
        prompt_guard: true,
        rewrites: true,
        stop_gate: true,
        exit_2: None,
        events: Events {
            before_tool: "PreToolUse",
            after_tool: "PostToolUse",
            prompt: "UserPromptSubmit",
            stop: "Stop",
        },
    },
    AgentCli {
        name: "codex",
        package: "@openai/codex@0.171.0",
        program: "codex",
        hook: "codex-hook",
        api: Api::OpenAiResponses,
        // Codex 0.171.0's shell tool takes `{"cmd": "..."}`; it reads files through it and
        // writes them through `apply_patch`, a free-form (custom) tool whose input is the patch
        // text itself, offered to the models its catalogue marks so (`prepare_codex`).
        shell_tool: "exec_command",
        read_tool: None,
        write_tool: Some((
            "apply_patch",
            r#""*** Begin Patch\n*** Add File: {project}/.env\n+OVERWRITTEN=1\n*** End Patch\n""#,
        )),
        search: Some(("exec_command", r#"{"cmd": "grep -rn API_KEY ."}"#)),
        // Codex has no search tool of its own.
        search_tree: None,
        prompt_guard: true,
        rewrites: true,
        stop_gate: true,
        exit_2: None,
        events: Events {
            before_tool: "PreToolUse",
            after_tool: "PostToolUse",
            prompt: "UserPromptSubmit",
            stop: "Stop",
        },
    },
];

/// How long one agent run may take before the scenario fails.
const RUN_LIMIT: Duration = Duration::from_secs(120);

/// The user policy of every scenario: one rewrite whose effect shows on the filesystem.
const REWRITE_POLICY: &str =
    "[[rewrite]]\ncommand = \"touch\"\nargs = [\"rewrite-source.txt\"]\nreplace = \"mkdir\"\n";

/// An AWS key id of the documented shape (not the documentation's own `EXAMPLE` key, which the
/// guard lets through) put in the prompt of the prompt scenario.
const PROMPT_SECRET: &str = "AKIAIOSFODNN7LIVESUIT";

/// Beside the key's name in the search scenario's README.md: a search that ran returns it.
const FOUND_IN_README: &str = "NARROWED_SEARCH_FOUND_ME";

/// A secret the scenarios put in `.env`: it must be in no request the model server receives.
const SECRET: &str = "LIVE_SECRET_7Qm2Vx9Kp4Zr";

/// The files that hold `SECRET`: `.env` always, `.env.local` where a scenario's input names it
/// (`AgentCli::read_tool`).
const GUARDED: [&str; 2] = [".env", ".env.local"];

/// One scripted session: the tool call the model makes, and what must hold afterwards.
struct Scenario {
    name: &'static str,
    action: Action,
    /// Added to the user policy for this scenario only.
    policy: &'static str,
    /// The tool's input; `{home}` and `{project}` are replaced by the scratch paths.
    input: &'static str,
    check: fn(&Run) -> Result<(), String>,
    /// What `--record` keeps of this scenario: the fixture's tag and the event it is taken from.
    fixture: Option<(&'static str, Stage)>,
}

/// The event of a scenario that `--record` keeps (`Events` names it per agent).
#[derive(Clone, Copy)]
enum Stage {
    BeforeTool,
    AfterTool,
    Prompt,
    Stop,
}

/// Which of the agent's tools a scenario calls (`Prompt`: none; the prompt itself is the test).
#[derive(Clone, Copy)]
enum Action {
    Prompt,
    /// The write tool, on a file the policy's formatter runs for.
    Format,
    /// A harmless shell command, then the end of the turn, which a failing stop gate refuses.
    Stop,
    /// The shell tool, with a command the user policy rewrites.
    Rewrite,
    Shell,
    Read,
    Write,
    Search,
    /// The search tool over the whole project, which holds `.env` and `README.md`.
    SearchTree,
    /// The shell tool, with a stand-in hook that refuses it by exit status 2 alone
    /// (`EXIT_2_HOOK`).
    ExitTwo,
}

impl AgentCli {
    fn tool(&self, action: Action) -> Option<&'static str> {
        match action {
            Action::Shell => Some(self.shell_tool),
            Action::Read => self.read_tool.map(|(tool, _)| tool),
            Action::Write => self.write_tool.map(|(tool, _)| tool),
            Action::Search => self.search.map(|(tool, _)| tool),
            Action::SearchTree => self.search_tree.map(|(tool, ..)| tool),
            Action::Prompt => self.prompt_guard.then_some(self.shell_tool),
            Action::Rewrite => self.rewrites.then_some(self.shell_tool),
            Action::Format => self.write_tool.map(|(tool, _)| tool),
            Action::Stop => self.stop_gate.then_some(self.shell_tool),
            Action::ExitTwo => self.exit_2.map(|_| self.shell_tool),
        }
    }
}

/// What a scenario left behind.
struct Run {
    home: PathBuf,
    project: PathBuf,
    requests: Vec<String>,
    /// The agent runs the search the hook narrowed (`AgentCli::search_tree`).
    narrowed: bool,
    /// `AgentCli::exit_2`.
    exit_2: Option<ExitTwo>,
}

impl Run {
    /// The tool result the agent sent back to the model.
    fn tool_result(&self) -> Option<String> {
        self.requests.iter().find_map(|body| {
            let request: Value = serde_json::from_str(body).ok()?;
            let messages = request["messages"].as_array()?;
            messages.iter().rev().find_map(|message| {
                message["content"]
                    .as_array()?
                    .iter()
                    .find_map(|block| (block["type"] == "tool_result").then(|| block["content"].to_string()))
            })
        })
    }

    /// The hook's reason reached the model: a later request carries it as the tool's result.
    fn blocked_by_the_hook(&self) -> Result<(), String> {
        match self.requests.iter().any(|body| body.contains("agent-hooks rule")) {
            true => Ok(()),
            false => {
                Err(format!("no request carries the hook's reason; tool result: {:?}", self.tool_result()))
            }
        }
    }

    fn secret_never_sent(&self) -> Result<(), String> {
        match self.requests.iter().any(|body| body.contains(SECRET)) {
            true => Err("the secret from .env reached the model server".into()),
            false => Ok(()),
        }
    }
}

const SCENARIOS: &[Scenario] = &[
    Scenario {
        policy: "",
        name: "a recursive delete outside the project is blocked",
        fixture: Some(("shell-rm-home", Stage::BeforeTool)),
        action: Action::Shell,
        input: r#"{"command": "rm -rf {home}/victim", "description": "clean up"}"#,
        check: |run| {
            if !run.home.join("victim/keep.txt").exists() {
                return Err("the directory was deleted".into());
            }
            run.blocked_by_the_hook()
        },
    },
    Scenario {
        policy: "",
        name: "a harmless command runs",
        fixture: None,
        action: Action::Shell,
        input: r#"{"command": "touch made-by-agent.txt", "description": "make a file"}"#,
        check: |run| match run.project.join("made-by-agent.txt").exists() {
            true => Ok(()),
            false => Err(format!("the command did not run; tool result: {:?}", run.tool_result())),
        },
    },
    Scenario {
        policy: "",
        name: "reading .env with the read tool is blocked",
        fixture: Some(("read-env", Stage::BeforeTool)),
        action: Action::Read,
        // The agent's own input for its read tool (`AgentCli::read_tool`).
        input: "",
        check: |run| run.secret_never_sent().and_then(|()| run.blocked_by_the_hook()),
    },
    Scenario {
        policy: "",
        name: "reading .env through the shell is blocked",
        fixture: Some(("shell-cat-env", Stage::BeforeTool)),
        action: Action::Shell,
        input: r#"{"command": "cat .env", "description": "show config"}"#,
        check: |run| run.secret_never_sent().and_then(|()| run.blocked_by_the_hook()),
    },
    Scenario {
        policy: "",
        name: "a search never returns .env",
        fixture: Some(("search-env", Stage::BeforeTool)),
        action: Action::Search,
        // The agent's own input for its search tool (`AgentCli::search`).
        input: "",
        // A shell search over the tree runs with `.env` left out, where the agent runs a
        // rewritten command; a search tool aimed at `.env` is denied.
        check: |run| {
            run.secret_never_sent()?;
            match run.requests.iter().any(|body| body.contains("agent-hooks left out")) {
                true => Ok(()),
                false => run.blocked_by_the_hook(),
            }
        },
    },
    Scenario {
        policy: "",
        name: "a search tool over the project leaves .env out",
        fixture: Some(("search-tree", Stage::BeforeTool)),
        action: Action::SearchTree,
        // The agent's own input for its search tool (`AgentCli::search_tree`).
        input: "",
        check: |run| {
            run.secret_never_sent()?;
            match run.narrowed {
                // The narrowed search ran: it found the key's name in README.md.
                true => match run.requests.iter().any(|body| body.contains(FOUND_IN_README)) {
                    true => Ok(()),
                    false => {
                        Err(format!("the narrowed search did not run; tool result: {:?}", run.tool_result()))
                    }
                },
                false => run.blocked_by_the_hook(),
            }
        },
    },
    Scenario {
        policy: "",
        name: "a rewrite is applied",
        fixture: None,
        action: Action::Rewrite,
        // The user policy (`REWRITE_POLICY`) turns this `touch` into a `mkdir`.
        input: r#"{"command": "touch rewrite-source.txt", "description": "make a file"}"#,
        check: |run| match run.project.join("rewrite-source.txt").is_dir() {
            true => Ok(()),
            false => Err(format!(
                "rewrite-source.txt is not the directory the rewritten command makes; tool result: {:?}",
                run.tool_result()
            )),
        },
    },
    Scenario {
        policy: "[format]\n\".txt\" = [\"touch formatter-ran\"]\n",
        name: "a harmless write runs and a formatter runs after it",
        fixture: Some(("write-notes", Stage::AfterTool)),
        action: Action::Format,
        input: "",
        check: |run| {
            let written = std::fs::read_to_string(run.project.join("notes.txt")).unwrap_or_default();
            if !written.contains("OVERWRITTEN=1") {
                return Err(format!("notes.txt was not written; tool result: {:?}", run.tool_result()));
            }
            match run.project.join("formatter-ran").exists() {
                true => Ok(()),
                false => Err(format!("the formatter did not run; tool result: {:?}", run.tool_result())),
            }
        },
    },
    Scenario {
        policy: "[[stop]]\ncommands = [\"sh -c 'echo LIVE-GATE-FAILED; exit 1'\"]\n",
        name: "a failing stop gate sends the agent back",
        fixture: Some(("stop", Stage::Stop)),
        action: Action::Stop,
        input: r#"{"command": "touch made-by-agent.txt", "description": "make a file"}"#,
        check: |run| match run.requests.iter().any(|body| body.contains("LIVE-GATE-FAILED")) {
            true => Ok(()),
            false => Err("no request after the stop carries the gate's output".into()),
        },
    },
    Scenario {
        policy: "",
        name: "a credential in the prompt never reaches the server",
        fixture: Some(("prompt-secret", Stage::Prompt)),
        action: Action::Prompt,
        input: "",
        check: |run| {
            if run.requests.iter().any(|body| body.contains(PROMPT_SECRET)) {
                return Err("the prompt's credential reached the model server".into());
            }
            // An agent that never started would send nothing either: the hook's journal shows
            // that it saw the prompt and refused it.
            let journal = run.home.join(".local/state/agent-hooks/journal.jsonl");
            match std::fs::read_to_string(&journal).is_ok_and(|lines| lines.contains("prompt.secret")) {
                true => Ok(()),
                false => Err(format!("{} records no refused prompt", journal.display())),
            }
        },
    },
    Scenario {
        policy: "",
        name: "writing .env is blocked",
        fixture: Some(("write-env", Stage::BeforeTool)),
        action: Action::Write,
        // The agent's own input for its write tool (`AgentCli::write_tool`).
        input: "",
        check: |run| {
            for name in GUARDED {
                let path = run.project.join(name);
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                if path.exists() && !text.contains(SECRET) {
                    return Err(format!("{name} was changed: {text:?}"));
                }
            }
            run.blocked_by_the_hook()
        },
    },
    Scenario {
        policy: "",
        name: "a hook's exit status 2 with a reason blocks the shell",
        fixture: None,
        action: Action::ExitTwo,
        input: r#"{"command": "rm -rf {home}/victim", "description": "clean up"}"#,
        check: |run| {
            let Some(expected) = run.exit_2 else { return Err("no expectation for exit 2".into()) };
            let blocked = run.home.join("victim/keep.txt").exists();
            let told = run.requests.iter().any(|body| body.contains(EXIT_2_REASON));
            match (blocked == expected.blocks, told == expected.reason_reaches_model) {
                (true, true) => Ok(()),
                _ => Err(format!(
                    "exit 2: blocked {blocked} (expected {}), reason reached the model {told} (expected {}); tool result: {:?}",
                    expected.blocks,
                    expected.reason_reaches_model,
                    run.tool_result()
                )),
            }
        },
    },
];

/// The reason `EXIT_2_HOOK` gives on stderr.
const EXIT_2_REASON: &str = "refused by exit status 2 alone";

/// A stand-in hook that refuses the tool call about `victim` by its exit status alone: 2, with
/// the reason on stderr and nothing on stdout. Every other event (Copilot CLI's
/// `permissionRequest`, which names itself, and the tool's result) gets a silent allow, so
/// that only the before-tool event can block.
const EXIT_2_HOOK: &str = r#"#!/bin/sh
payload=$(cat)
case "$payload" in
  *'"hookName"'* | *'"toolResult"'*) exit 0 ;;
  *victim*) echo '{reason}' >&2; exit 2 ;;
esac
"#;

/// The recorder `--record` puts where the agent finds the hook: it keeps each payload in
/// `{payloads}`, then hands it to the real hook unchanged.
const RECORDER: &str = r#"#!/bin/sh
payload=$(mktemp '{payloads}/payload.XXXXXX') && cat > "$payload" && exec '{hook}' "$@" < "$payload"
exec '{hook}' "$@"
"#;

/// Where recorded payloads say the scratch directory was: fixtures name no path of this machine.
const FIXTURE_ROOT: &str = "/tmp/agent-hooks-live";

pub fn run(args: &[String]) -> Result<(), String> {
    let mut record = false;
    // Each lane keeps about one CPU busy (an agent's start-up is most of a scenario).
    let mut lanes = std::thread::available_parallelism().map_or(1, usize::from);
    let mut names = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--record" => record = true,
            "--jobs" => {
                lanes = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .filter(|n| *n > 0)
                    .ok_or("live: --jobs needs a number of agents to drive at once")?;
            }
            name => names.push(name),
        }
    }
    if let Some(other) = names.iter().find(|name| !AGENTS.iter().any(|agent| agent.name == **name)) {
        let names: Vec<&str> = AGENTS.iter().map(|agent| agent.name).collect();
        return Err(format!("live: unknown agent `{other}` (proven live: {})", names.join(", ")));
    }
    let agents: Vec<&AgentCli> =
        AGENTS.iter().filter(|agent| names.is_empty() || names.contains(&agent.name)).collect();
    let root = build::target_dir().join("live");
    let hooks = build_hooks(&agents)?;
    let lanes = lanes.min(agents.len());
    eprintln!("xtask: live: {} agents, {lanes} at a time", agents.len());
    let started = Instant::now();
    // Lanes take whole agents, so that no two runs of one agent share its caches outside the
    // scratch HOME (Copilot's unpacked package); each scenario has its own HOME, project and
    // server port.
    let queue = Mutex::new(agents.iter());
    let outcomes = Mutex::new((0, Vec::new()));
    std::thread::scope(|scope| {
        for _ in 0..lanes {
            scope.spawn(|| {
                loop {
                    // Taken in its own statement: a `while let` would hold the lock for the body.
                    let next = queue.lock().unwrap_or_else(PoisonError::into_inner).next();
                    let Some(agent) = next else { break };
                    let (passed, failed) = run_agent(&root, agent, &hooks, record);
                    let mut outcomes = outcomes.lock().unwrap_or_else(PoisonError::into_inner);
                    outcomes.0 += passed;
                    outcomes.1.extend(failed);
                }
            });
        }
    });
    let (passed, failures) = outcomes.into_inner().unwrap_or_else(PoisonError::into_inner);
    let took = started.elapsed().as_secs_f32();
    if failures.is_empty() {
        eprintln!("xtask: live: {passed} scenarios passed in {took:.0} s");
        Ok(())
    } else {
        Err(format!("live: {} scenarios failed ({took:.0} s): {}", failures.len(), failures.join("; ")))
    }
}

/// Every scenario `agent` takes, one after the other, each reported as it ends with its time:
/// how many passed, and the names of those that failed.
fn run_agent(root: &Path, agent: &AgentCli, hooks: &Path, record: bool) -> (usize, Vec<String>) {
    let started = Instant::now();
    let program = match install_agent(&root.join("npm").join(agent.name), agent.package, agent.program) {
        Ok(program) => program,
        Err(why) => {
            eprintln!("xtask: live: {}: FAIL  {why}", agent.name);
            return (0, vec![format!("{}: {why}", agent.name)]);
        }
    };
    let hook = hooks.join(agent.hook);
    let (mut passed, mut failures) = (0, Vec::new());
    for (index, scenario) in SCENARIOS.iter().enumerate() {
        let Some(tool) = agent.tool(scenario.action) else { continue };
        let began = Instant::now();
        let outcome = run_scenario(root, index, agent, tool, scenario, &program, &hook, record);
        let took = began.elapsed().as_secs_f32();
        match outcome {
            Ok(()) => {
                passed += 1;
                eprintln!("xtask: live: {}: ok    {} ({took:.1} s)", agent.name, scenario.name);
            }
            Err(why) => {
                eprintln!("xtask: live: {}: FAIL  {} ({took:.1} s): {why}", agent.name, scenario.name);
                failures.push(format!("{}: {}", agent.name, scenario.name));
            }
        }
    }
    let took = started.elapsed().as_secs_f32();
    eprintln!("xtask: live: {} ({}) done: {passed} passed in {took:.1} s", agent.name, agent.package);
    (passed, failures)
}

/// `npm install` of `package` into `prefix` once; the path of its `bin` program.
fn install_agent(prefix: &Path, package: &str, bin: &str) -> Result<PathBuf, String> {
    let program = prefix.join("node_modules/.bin").join(bin);
    let marker = prefix.join(format!(".installed-{}", package.replace(['/', '@'], "_")));
    if program.exists() && marker.exists() {
        return Ok(program);
    }
    fs_err::create_dir_all(prefix).map_err(|e| e.to_string())?;
    eprintln!("xtask: live: npm install {package} (cached in {})", prefix.display());
    let status = Command::new("npm")
        .args(["install", "--no-audit", "--no-fund", "--loglevel=error", "--prefix"])
        .arg(prefix)
        .arg(package)
        .status()
        .map_err(|e| format!("npm is needed for the live suite: {e}"))?;
    if !status.success() || !program.exists() {
        return Err(format!("npm install {package} failed ({status})"));
    }
    fs_err::write(&marker, "").map_err(|e| e.to_string())?;
    Ok(program)
}

/// The debug builds of the agents' hooks, as a user's `cargo build` would leave them, in one
/// cargo run (hook-core is built once, the binaries side by side): their directory.
fn build_hooks(agents: &[&AgentCli]) -> Result<PathBuf, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut command = Command::new(cargo);
    command.current_dir(build::workspace_root()).args(["build", "--quiet"]);
    for agent in agents {
        command.args(["-p", agent.hook]);
    }
    let status = command.status().map_err(|e| format!("cargo: {e}"))?;
    if !status.success() {
        return Err(format!("{command:?} failed"));
    }
    Ok(build::target_dir().join("debug"))
}

#[allow(clippy::too_many_arguments)]
fn run_scenario(
    root: &Path,
    index: usize,
    agent: &AgentCli,
    tool: &'static str,
    scenario: &Scenario,
    program: &Path,
    hook: &Path,
    record: bool,
) -> Result<(), String> {
    let scratch = root.join(format!("run-{}-{}-{index}", agent.name, std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    let (home, project) = (scratch.join("home"), scratch.join("project"));
    let io = |e: std::io::Error| e.to_string();
    fs_err::create_dir_all(home.join("victim")).map_err(io)?;
    fs_err::create_dir_all(&project).map_err(io)?;
    fs_err::write(home.join("victim/keep.txt"), "keep\n").map_err(io)?;
    fs_err::write(project.join(".env"), format!("API_KEY={SECRET}\n")).map_err(io)?;
    if let Action::SearchTree = scenario.action {
        fs_err::write(
            project.join("README.md"),
            format!("API_KEY is read from the environment ({FOUND_IN_README}).\n"),
        )
        .map_err(io)?;
    }
    let policy = home.join(".config/agent-hooks/config.toml");
    fs_err::create_dir_all(home.join(".config/agent-hooks")).map_err(io)?;
    fs_err::write(&policy, format!("{REWRITE_POLICY}{}", scenario.policy)).map_err(io)?;
    Command::new("git").args(["init", "-q"]).current_dir(&project).status().map_err(io)?;
    let payloads = scratch.join("payloads");
    let stand_in = match scenario.action {
        Action::ExitTwo => Some(EXIT_2_HOOK.replace("{reason}", EXIT_2_REASON)),
        _ if record => {
            std::fs::create_dir_all(&payloads).map_err(io)?;
            let script = RECORDER.replace("{payloads}", &payloads.display().to_string());
            Some(script.replace("{hook}", &hook.display().to_string()))
        }
        _ => None,
    };
    // A stand-in is registered by a link to the binary (install registers the path it was
    // started by), which the script then replaces.
    let registered = match stand_in {
        Some(_) => {
            let link = scratch.join("bin").join(agent.hook);
            std::fs::create_dir_all(scratch.join("bin")).map_err(io)?;
            std::fs::hard_link(hook, &link).or_else(|_| std::fs::copy(hook, &link).map(drop)).map_err(io)?;
            link
        }
        None => hook.to_path_buf(),
    };
    let installed = Command::new(&registered)
        .args(["install", "--user"])
        .env("HOME", &home)
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .output()
        .map_err(io)?;
    if !installed.status.success() {
        return Err(format!("install failed: {}", String::from_utf8_lossy(&installed.stderr)));
    }
    if let Some(script) = stand_in {
        // Removed first: the link shares the real binary's contents.
        std::fs::remove_file(&registered).map_err(io)?;
        std::fs::write(&registered, script).map_err(io)?;
        std::fs::set_permissions(&registered, std::fs::Permissions::from_mode(0o755)).map_err(io)?;
    }
    let template = match scenario.action {
        Action::Search => agent.search.map_or("", |(_, input)| input),
        Action::SearchTree => agent.search_tree.map_or("", |(_, input, _)| input),
        Action::Read => agent.read_tool.map_or("", |(_, input)| input),
        Action::Write => agent.write_tool.map_or("", |(_, input)| input),
        Action::Shell | Action::Rewrite | Action::Stop | Action::ExitTwo => scenario.input,
        // The agent's write tool, on a harmless file of the formatter's extension.
        Action::Format => agent.write_tool.map_or("", |(_, input)| input),
        // Only the prompt matters; a model that got it may run something harmless.
        Action::Prompt => r#"{"command": "echo the-prompt-was-sent"}"#,
    };
    let template = match scenario.action {
        Action::Format => {
            GUARDED.iter().rev().fold(template.to_string(), |t, name| t.replace(name, "notes.txt"))
        }
        _ => template.to_string(),
    };
    if template.contains(GUARDED[1]) {
        std::fs::write(project.join(GUARDED[1]), format!("API_KEY={SECRET}\n")).map_err(io)?;
    }
    let input = template
        .replace("{home}", &home.display().to_string())
        .replace("{project}", &project.display().to_string());
    let mut input: Value = serde_json::from_str(&input).map_err(|e| e.to_string())?;
    if agent.api == Api::OpenAiResponses
        && let Some(command) = input.get("command").cloned()
    {
        input = json!({ "cmd": command });
    }
    if agent.api == Api::Gemini {
        prepare_gemini(&home, &project)?;
    }
    if agent.name == "opencode" {
        prepare_opencode(&home)?;
    }
    let server = FakeModel::start(agent.api, tool, input)?;
    let prompt = match scenario.action {
        Action::Prompt => format!("Deploy with the key {PROMPT_SECRET} and report back."),
        _ => "Do the task.".to_string(),
    };
    let prompt = prompt.as_str();
    let base_url = format!("http://{}", server.address);
    if agent.api == Api::OpenAiResponses {
        prepare_codex(&home, &base_url)?;
    }
    if agent.name == "opencode" {
        configure_opencode(&home, &base_url)?;
    }
    let mut command = Command::new(program);
    command
        .current_dir(&project)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", &home)
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env("XDG_STATE_HOME", home.join(".local/state"))
        .env("XDG_CACHE_HOME", home.join(".cache"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    match agent.api {
        Api::Anthropic => command
            .args(["-p", prompt, "--dangerously-skip-permissions", "--output-format", "json"])
            .env("IS_SANDBOX", "1")
            .env("ANTHROPIC_BASE_URL", &base_url)
            .env("ANTHROPIC_API_KEY", "sk-ant-live-suite")
            .env("DISABLE_AUTOUPDATER", "1")
            .env("DISABLE_TELEMETRY", "1")
            .env("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1"),
        Api::Gemini => command
            .args(["-p", prompt, "--yolo", "--output-format", "json"])
            .env("GEMINI_API_KEY", "live-suite")
            .env("GOOGLE_GEMINI_BASE_URL", &base_url)
            .env("GEMINI_CLI_NO_RELAUNCH", "true"),
        Api::OpenAiResponses => command
            .args([
                "exec",
                "--dangerously-bypass-approvals-and-sandbox",
                "--skip-git-repo-check",
                "--json",
                prompt,
            ])
            .env("LIVE_SUITE_API_KEY", "live-suite"),
        Api::OpenAiChat if agent.name == "opencode" => command
            // OpenCode takes the project from `PWD`, not from the process's directory.
            .args(["run", "--title", "live", prompt])
            .env("PWD", &project)
            .env("OPENCODE_DISABLE_MODELS_FETCH", "1")
            .env("OPENCODE_DISABLE_AUTOUPDATE", "1")
            .env("OPENCODE_DISABLE_LSP_DOWNLOAD", "1")
            .env("OPENCODE_DISABLE_SHARE", "1"),
        Api::OpenAiChat => command
            .args(["-p", prompt, "--allow-all-tools", "--no-color"])
            .env("COPILOT_OFFLINE", "true")
            .env("COPILOT_PROVIDER_BASE_URL", format!("{base_url}/v1"))
            .env("COPILOT_MODEL", "gpt-4.1")
            .env("COPILOT_AUTO_UPDATE", "false")
            // Copilot unpacks itself on first launch: once per cache, not per scratch HOME.
            .env("COPILOT_PKG_CACHE_HOME", root.join("npm/copilot-unpacked")),
    };
    let mut child = command.spawn().map_err(|e| format!("cannot start {}: {e}", agent.program))?;
    let started = Instant::now();
    while child.try_wait().map_err(io)?.is_none() {
        if started.elapsed() > RUN_LIMIT {
            let _ = child.kill();
            return Err(format!("{} did not finish within {} s", agent.program, RUN_LIMIT.as_secs()));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let output = child.wait_with_output().map_err(io)?;
    let requests = server.requests();
    // A refused prompt may leave the agent nothing to send at all.
    if requests.is_empty() && !matches!(scenario.action, Action::Prompt) {
        return Err(format!(
            "the agent made no request to the model server: {}",
            String::from_utf8_lossy(&output.stderr).lines().last().unwrap_or_default()
        ));
    }
    let narrowed = agent.search_tree.is_some_and(|(.., narrowed)| narrowed);
    let run = Run { home, project, requests, narrowed, exit_2: agent.exit_2 };
    match (scenario.check)(&run) {
        Ok(()) => {
            if let (true, Some((tag, stage))) = (record, scenario.fixture) {
                keep_fixture(agent, tag, stage, &payloads, &scratch)?;
            }
            let _ = std::fs::remove_dir_all(&scratch);
            Ok(())
        }
        Err(why) => {
            // What the agent sent and printed, kept beside its scratch HOME for the failure's reader.
            let kept = scratch.join("requests.jsonl");
            let _ = std::fs::write(&kept, run.requests.join("\n"));
            let _ = std::fs::write(scratch.join("agent.stdout"), &output.stdout);
            let _ = std::fs::write(scratch.join("agent.stderr"), &output.stderr);
            Err(format!("{why} (requests and output kept in {})", scratch.display()))
        }
    }
}

/// The first payload recorded in `payloads` for `stage`'s event, written to
/// `tests/fixtures/<agent>/live-<version>-<event>-<tag>.json` as the agent sent it, with the
/// scratch directory's path replaced by `FIXTURE_ROOT`.
fn keep_fixture(
    agent: &AgentCli,
    tag: &str,
    stage: Stage,
    payloads: &Path,
    scratch: &Path,
) -> Result<(), String> {
    let event = match stage {
        Stage::BeforeTool => agent.events.before_tool,
        Stage::AfterTool => agent.events.after_tool,
        Stage::Prompt => agent.events.prompt,
        Stage::Stop => agent.events.stop,
    };
    let mut recorded: Vec<(std::time::SystemTime, String)> = std::fs::read_dir(payloads)
        .map_err(|e| format!("{}: {e}", payloads.display()))?
        .flatten()
        .filter_map(|entry| {
            let written = entry.metadata().and_then(|m| m.modified()).ok()?;
            Some((written, std::fs::read_to_string(entry.path()).ok()?))
        })
        .collect();
    recorded.sort();
    let Some((_, payload)) = recorded.into_iter().find(|(_, payload)| {
        serde_json::from_str::<Value>(payload).is_ok_and(|payload| event_of(&payload) == Some(event))
    }) else {
        return Err(format!("--record: the agent sent its hook no {event} payload"));
    };
    let version = agent.package.rsplit_once('@').map_or("", |(_, version)| version);
    let path = build::workspace_root()
        .join("tests/fixtures")
        .join(agent.name)
        .join(format!("live-{version}-{event}-{tag}.json"));
    // Claude Code also names the project by its path with every `/` and `.` made a `-`.
    let munged = |path: &str| path.replace(['/', '.'], "-");
    let scratch = scratch.display().to_string();
    let payload = payload.replace(&scratch, FIXTURE_ROOT).replace(&munged(&scratch), &munged(FIXTURE_ROOT));
    std::fs::write(&path, payload).map_err(|e| format!("{}: {e}", path.display()))?;
    eprintln!("xtask: live: recorded {}", path.display());
    Ok(())
}

/// The event a recorded payload is for, by the field each agent names it in. Copilot CLI's
/// camelCase payloads name none but `permissionRequest`: a tool result, a tool, a prompt or a
/// stop reason tells them apart (as copilot-hook's decoder does).
fn event_of(payload: &Value) -> Option<&str> {
    if let Some(name) = ["hook_event_name", "hookName", "hook"].iter().find_map(|key| payload[key].as_str()) {
        return Some(name);
    }
    let has = |key: &str| payload.get(key).is_some();
    match () {
        () if has("toolResult") => Some("postToolUse"),
        () if has("toolName") => Some("preToolUse"),
        () if has("prompt") => Some("userPromptSubmitted"),
        () if has("stopReason") => Some("agentStop"),
        () => None,
    }
}

/// Gemini CLI's own settings beside the hook registration: API-key auth (the key and the base
/// URL come from the environment) and the project folder trusted, without which its hooks and
/// `--yolo` do not apply.
fn prepare_gemini(home: &Path, project: &Path) -> Result<(), String> {
    let path = home.join(".gemini/settings.json");
    let text = fs_err::read_to_string(&path).map_err(|e| e.to_string())?;
    let mut settings: Value = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    settings["security"]["auth"]["selectedType"] = json!("gemini-api-key");
    settings["security"]["folderTrust"]["enabled"] = json!(false);
    fs_err::write(&path, settings.to_string()).map_err(|e| e.to_string())?;
    let trusted = json!({ project.display().to_string(): "TRUST_FOLDER" });
    fs_err::write(home.join(".gemini/trustedFolders.json"), trusted.to_string()).map_err(|e| e.to_string())
}

/// Codex's own settings beside the hook registration and the trust `install` recorded: the
/// fake server as its model provider, put before the tables already in `config.toml`. The
/// model is one of Codex's own catalogue: it offers `apply_patch` only to the models the
/// catalogue gives an `apply_patch_tool_type` (an unknown name gets no write tool at all).
fn prepare_codex(home: &Path, base_url: &str) -> Result<(), String> {
    let path = home.join(".codex/config.toml");
    let recorded = fs_err::read_to_string(&path).map_err(|e| e.to_string())?;
    if !recorded.contains("[hooks.state.") {
        return Err(format!("codex-hook install recorded no trust in {}", path.display()));
    }
    let provider = format!(
        "model = \"gpt-5.5\"\nmodel_provider = \"live\"\n\n[model_providers.live]\nname = \"live\"\nbase_url = \"{base_url}/v1\"\nwire_api = \"responses\"\nenv_key = \"LIVE_SUITE_API_KEY\"\nrequest_max_retries = 0\nstream_max_retries = 0\n\n"
    );
    fs_err::write(&path, provider + &recorded).map_err(|e| e.to_string())
}

/// OpenCode runs `npm install @opencode-ai/plugin` in every directory that holds plugins before
/// it loads them (about 70 s offline); a lock file naming it makes it skip that.
fn prepare_opencode(home: &Path) -> Result<(), String> {
    let dir = home.join(".config/opencode");
    fs_err::create_dir_all(dir.join("node_modules")).map_err(|e| e.to_string())?;
    let lock = r#"{"lockfileVersion":3,"packages":{"":{"dependencies":{"@opencode-ai/plugin":"1.18.33"}}}}"#;
    fs_err::write(dir.join("package-lock.json"), lock).map_err(|e| e.to_string())
}

/// OpenCode's own settings beside the plugin: the fake server as an OpenAI-compatible provider
/// (bundled in OpenCode, nothing to download), and every tool allowed, as `--yolo` would.
fn configure_opencode(home: &Path, base_url: &str) -> Result<(), String> {
    let config = json!({
        "$schema": "https://opencode.ai/config.json",
        "model": "live/live-model",
        "small_model": "live/live-model",
        "autoupdate": false,
        "share": "disabled",
        "permission": {"*": "allow", "bash": "allow", "edit": "allow", "external_directory": "allow"},
        "provider": {"live": {
            "npm": "@ai-sdk/openai-compatible",
            "name": "Live suite",
            "options": {"baseURL": format!("{base_url}/v1"), "apiKey": "live-suite"},
            "models": {"live-model": {"name": "Live model", "tool_call": true}}
        }}
    });
    let path = home.join(".config/opencode/opencode.json");
    fs_err::write(&path, config.to_string()).map_err(|e| e.to_string())
}

/// A model server that speaks one model API, streaming or not: the first request that offers
/// `tool` gets a call of it with `input`, every other request a short text answer.
struct FakeModel {
    address: String,
    log: Arc<Mutex<Vec<String>>>,
}

impl FakeModel {
    fn start(api: Api, tool: &'static str, input: Value) -> Result<Self, String> {
        let listener = TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
        let address = listener.local_addr().map_err(|e| e.to_string())?.to_string();
        let log = Arc::new(Mutex::new(Vec::new()));
        let called = Arc::new(Mutex::new(false));
        let (server_log, input) = (Arc::clone(&log), Arc::new(input));
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let (log, called, input) = (Arc::clone(&server_log), Arc::clone(&called), Arc::clone(&input));
                std::thread::spawn(move || serve(stream, api, tool, &input, &log, &called));
            }
        });
        Ok(Self { address, log })
    }

    fn requests(&self) -> Vec<String> {
        self.log.lock().map(|log| log.clone()).unwrap_or_default()
    }
}

/// Answer the requests of one connection (keep-alive) until it closes.
fn serve(
    stream: TcpStream,
    api: Api,
    tool: &str,
    input: &Value,
    log: &Mutex<Vec<String>>,
    called: &Mutex<bool>,
) {
    let Ok(mut writer) = stream.try_clone() else { return };
    let mut reader = BufReader::new(stream);
    loop {
        let mut request_line = String::new();
        if reader.read_line(&mut request_line).unwrap_or(0) == 0 {
            return;
        }
        let mut length = 0;
        loop {
            let mut header = String::new();
            if reader.read_line(&mut header).unwrap_or(0) == 0 {
                return;
            }
            if header.trim().is_empty() {
                break;
            }
            if let Some((name, value)) = header.split_once(':')
                && name.eq_ignore_ascii_case("content-length")
            {
                length = value.trim().parse().unwrap_or(0);
            }
        }
        let mut body = vec![0; length];
        if reader.read_exact(&mut body).is_err() {
            return;
        }
        let body = String::from_utf8_lossy(&body).into_owned();
        if let Ok(mut log) = log.lock() {
            log.push(body.clone());
        }
        let path = request_line.split_whitespace().nth(1).unwrap_or_default();
        let (content_type, response) = match api {
            Api::Anthropic => answer(path, &body, tool, input, called),
            Api::Gemini => answer_gemini(path, &body, tool, input, called),
            Api::OpenAiResponses => answer_responses(&body, tool, input, called),
            Api::OpenAiChat => answer_chat(&body, tool, input, called),
        };
        let head = format!(
            "HTTP/1.1 200 OK\r\ncontent-type: {content_type}\r\ncontent-length: {}\r\n\r\n",
            response.len()
        );
        if writer.write_all(head.as_bytes()).and_then(|()| writer.write_all(response.as_bytes())).is_err() {
            return;
        }
    }
}

fn answer(path: &str, body: &str, tool: &str, input: &Value, called: &Mutex<bool>) -> (&'static str, String) {
    let request: Value = serde_json::from_str(body).unwrap_or(Value::Null);
    if path.contains("count_tokens") {
        return ("application/json", json!({"input_tokens": 10}).to_string());
    }
    let offers = request["tools"].as_array().is_some_and(|tools| tools.iter().any(|t| t["name"] == tool));
    let call =
        offers && called.lock().map(|mut called| !std::mem::replace(&mut *called, true)).unwrap_or(false);
    let model = request["model"].as_str().unwrap_or("claude");
    let (block, delta, stop) = if call {
        (
            json!({"type": "tool_use", "id": "toolu_live", "name": tool, "input": {}}),
            json!({"type": "input_json_delta", "partial_json": input.to_string()}),
            "tool_use",
        )
    } else {
        (json!({"type": "text", "text": ""}), json!({"type": "text_delta", "text": "Done."}), "end_turn")
    };
    if request["stream"] != true {
        let content = if call {
            json!([{"type": "tool_use", "id": "toolu_live", "name": tool, "input": input}])
        } else {
            json!([{"type": "text", "text": "Done."}])
        };
        let message = json!({"id": "msg_live", "type": "message", "role": "assistant", "model": model,
            "content": content, "stop_reason": stop, "stop_sequence": null,
            "usage": {"input_tokens": 10, "output_tokens": 5}});
        return ("application/json", message.to_string());
    }
    let events = [
        (
            "message_start",
            json!({"type": "message_start", "message": {"id": "msg_live", "type": "message",
            "role": "assistant", "model": model, "content": [], "stop_reason": null, "stop_sequence": null,
            "usage": {"input_tokens": 10, "output_tokens": 1}}}),
        ),
        ("content_block_start", json!({"type": "content_block_start", "index": 0, "content_block": block})),
        ("content_block_delta", json!({"type": "content_block_delta", "index": 0, "delta": delta})),
        ("content_block_stop", json!({"type": "content_block_stop", "index": 0})),
        (
            "message_delta",
            json!({"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": null},
            "usage": {"output_tokens": 5}}),
        ),
        ("message_stop", json!({"type": "message_stop"})),
    ];
    let stream = events.iter().map(|(name, data)| format!("event: {name}\ndata: {data}\n\n")).collect();
    ("text/event-stream", stream)
}

/// The tool call for `tool` once, when the request offers it; `false` for every other request.
fn calls_now(offered: bool, called: &Mutex<bool>) -> bool {
    offered && called.lock().map(|mut called| !std::mem::replace(&mut *called, true)).unwrap_or(false)
}

fn answer_gemini(
    path: &str,
    body: &str,
    tool: &str,
    input: &Value,
    called: &Mutex<bool>,
) -> (&'static str, String) {
    if path.contains("countTokens") {
        return ("application/json", json!({"totalTokens": 10}).to_string());
    }
    let request: Value = serde_json::from_str(body).unwrap_or(Value::Null);
    let offered = request["tools"].as_array().is_some_and(|tools| {
        tools.iter().any(|t| {
            t["functionDeclarations"].as_array().is_some_and(|d| d.iter().any(|f| f["name"] == tool))
        })
    });
    let schema = &request["generationConfig"]["responseJsonSchema"];
    let part = if calls_now(offered, called) {
        json!({"functionCall": {"name": tool, "args": input}})
    } else if schema.is_object() {
        // The CLI's own side questions (routing, loop checks) want JSON of a schema: an answer
        // that does not parse is retried with back-off, for minutes.
        json!({"text": filled(schema).to_string()})
    } else {
        json!({"text": "Done."})
    };
    let response = json!({"candidates": [{"content": {"role": "model", "parts": [part]}, "finishReason": "STOP", "index": 0}],
        "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15}});
    if path.contains("streamGenerateContent") {
        ("text/event-stream", format!("data: {response}\r\n\r\n"))
    } else {
        ("application/json", response.to_string())
    }
}

/// OpenAI Responses, streamed: one `response.output_item.done` (the tool call once, when the
/// request offers the tool, else a short message) and `response.completed`, the two events
/// Codex requires. A `custom` tool (Codex's `apply_patch`) is called with a `custom_tool_call`.
fn answer_responses(body: &str, tool: &str, input: &Value, called: &Mutex<bool>) -> (&'static str, String) {
    let request: Value = serde_json::from_str(body).unwrap_or(Value::Null);
    let offered = request["tools"].as_array().and_then(|tools| tools.iter().find(|t| t["name"] == tool));
    let item = if calls_now(offered.is_some(), called) {
        match offered.is_some_and(|t| t["type"] == "custom") {
            // A free-form tool's input is its text, not JSON arguments.
            true => json!({"type": "custom_tool_call", "call_id": "call_live", "name": tool,
                "input": input.as_str().unwrap_or_default()}),
            false => json!({"type": "function_call", "call_id": "call_live", "name": tool,
                "arguments": input.to_string()}),
        }
    } else {
        json!({"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "Done."}]})
    };
    let events = [
        json!({"type": "response.output_item.done", "output_index": 0, "item": item}),
        json!({"type": "response.completed", "response": {"id": "resp_live", "usage": {"input_tokens": 10, "output_tokens": 5, "total_tokens": 15}}}),
    ];
    ("text/event-stream", events.iter().map(|event| format!("data: {event}\n\n")).collect())
}

/// OpenAI Chat Completions, streamed: the tool call once, when the request offers the tool
/// (OpenCode's title requests offer none), else a short answer; then `[DONE]`.
fn answer_chat(body: &str, tool: &str, input: &Value, called: &Mutex<bool>) -> (&'static str, String) {
    let request: Value = serde_json::from_str(body).unwrap_or(Value::Null);
    let offered =
        request["tools"].as_array().is_some_and(|tools| tools.iter().any(|t| t["function"]["name"] == tool));
    let model = request["model"].as_str().unwrap_or("live-model");
    let chunk = |delta: Value, finish: Value| {
        json!({"id": "chatcmpl-live", "object": "chat.completion.chunk", "created": 0, "model": model,
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]})
    };
    let chunks = if calls_now(offered, called) {
        let call = json!({"index": 0, "id": "call_live", "type": "function",
            "function": {"name": tool, "arguments": input.to_string()}});
        [
            chunk(json!({"role": "assistant", "tool_calls": [call]}), Value::Null),
            chunk(json!({}), json!("tool_calls")),
        ]
    } else {
        [
            chunk(json!({"role": "assistant", "content": "Done."}), Value::Null),
            chunk(json!({}), json!("stop")),
        ]
    };
    let usage = json!({"id": "chatcmpl-live", "object": "chat.completion.chunk", "created": 0, "model": model,
        "choices": [], "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}});
    let mut stream: String =
        chunks.iter().chain([&usage]).map(|chunk| format!("data: {chunk}\n\n")).collect();
    stream.push_str("data: [DONE]\n\n");
    ("text/event-stream", stream)
}

/// A value of JSON Schema `schema`, with every property filled.
fn filled(schema: &Value) -> Value {
    match schema["type"].as_str().map(str::to_ascii_uppercase).as_deref() {
        Some("OBJECT") => {
            let properties = schema["properties"].as_object().cloned().unwrap_or_default();
            Value::Object(
                properties.iter().map(|(name, property)| (name.clone(), filled(property))).collect(),
            )
        }
        Some("ARRAY") => json!([]),
        Some("INTEGER" | "NUMBER") => json!(10),
        Some("BOOLEAN") => json!(false),
        _ => schema["enum"].get(0).cloned().unwrap_or_else(|| json!("ok")),
    }
}
