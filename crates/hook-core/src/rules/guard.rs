//! The `guard` pack: the agent may not take its own guard apart through the hook binaries.
//!
//! File rules already keep the agent out of the policy and the hook settings; this pack covers
//! what those cannot see: `claude-hook uninstall` (any `*-hook` binary of ours, however the
//! line spells its path) edits the settings from inside our own process, `init` writes a new
//! policy, and the environment variables the hook finds its policy by point it elsewhere.
//! Approvals that are the user's to give (another tool's trust in a directory, a dialog
//! answered by keystrokes sent through System Events) ask.

use super::{Call, Hit, short_cluster_has};
use crate::name_filter::NameFilter;
use crate::shell::RedirectOp;

/// Our binaries: every agent crate is `<agent>-hook`.
pub(crate) const BINARIES: &[&str] = &[
    "claude-hook",
    "codex-hook",
    "copilot-hook",
    "cursor-hook",
    "docker-agent-hook",
    "gemini-hook",
    "opencode-hook",
    "windsurf-hook",
    "xcode-hook",
];

/// Subcommands that only show or answer (`run` is the hook itself; `untrust` only makes the
/// guard stricter). Every other one changes what the guard does (`install`, `uninstall`,
/// `init`, `trust`, which lets a project policy weaken it), or names one a later release may
/// add (`disable`, `config set`): the user's call, never the agent's. Sorted.
const LOOKING: &[&str] =
    &["check", "doctor", "explain", "help", "rules", "run", "stats", "test", "untrust", "version"];

const APPROVE: &str = "This approves a project's `.envrc` (or `mise` configuration) to run in the user's shell each time they enter the directory, a check that tool leaves to the user. Tell the user what it holds and let them approve it.";

/// `direnv allow|permit|grant [DIR]` and `mise trust [DIR]`: the user's approval of code that
/// runs at every `cd`, given by the agent, which may not even read an `.envrc` (a credential
/// file to the file rules). `direnv status`, `reload`, `deny`, and `mise trust
/// --untrust|--ignore|--show` change no approval.
fn approves(name: &str, args: &[crate::shell::Word]) -> bool {
    let Some(first) = args.iter().find(|a| !a.text.starts_with('-')) else { return false };
    match name {
        "direnv" => matches!(first.text.as_str(), "allow" | "permit" | "grant"),
        _ => {
            first.text == "trust"
                && !args.iter().any(|a| matches!(a.text.as_str(), "--untrust" | "--ignore" | "--show"))
        }
    }
}

/// Whether the line wrote the `.envrc` that `direnv allow` approves, before it, from its start
/// and only with text it shows whose every line is of direnv's standard library
/// (`shell::startup`): the approval then covers what the line shows.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn envrc_just_written(call: &Call) -> bool {
    use crate::shell::startup::{self, StartUp};
    let here = call.args().iter().filter(|a| !a.text.starts_with('-')).nth(1);
    if here.is_some_and(|dir| !matches!(dir.text.as_str(), "." | "./" | ".envrc" | "./.envrc")) {
        return false;
    }
    let cwd = |command: &crate::shell::SimpleCommand| command.cwd.as_ref().map(|dir| dir.text.clone());
    let mut whole = false;
    for (index, command) in call.analysis.commands.iter().enumerate().take(call.index) {
        let tee = command.name() == Some("tee");
        let targets = command
            .redirects
            .iter()
            .filter(|r| matches!(r.op, RedirectOp::Write | RedirectOp::Append))
            .map(|r| (&r.target, r.op == RedirectOp::Append))
            .chain(
                tee.then(|| {
                    let append = command.args().iter().any(|w| matches!(w.text.as_str(), "-a" | "--append"));
                    command.args().iter().filter(|w| !w.text.starts_with('-')).map(move |w| (w, append))
                })
                .into_iter()
                .flatten(),
            );
        for (target, append) in targets {
            if !target.text.ends_with(".envrc") {
                continue;
            }
            let text = match command.name() {
                Some("tee" | "cat") => call.analysis.stdin_text(index),
                _ => crate::shell::file_output(&call.analysis.commands, index),
            };
            let same =
                matches!(target.text.as_str(), ".envrc" | "./.envrc") && cwd(command) == cwd(call.command);
            if !same || !text.is_some_and(|text| startup::plain(StartUp::Envrc, &text)) {
                return false;
            }
            whole |= !append;
        }
    }
    whole
}

const MESSAGE: &str = "This changes how the agent's own guard is installed or configured. Leave that to the user: \
     tell them what you would change and why.";

/// File names a policy layer is read from: the project's, and the user's and system's.
const POLICY_NAMES: &[&str] = &[".agent-hooks.toml", "config.toml"];

const NOT_A_FILE: &str = "This puts something that is not a plain file (a FIFO, a device, a link to one) where \
     the guard reads its policy. Leave the policy files to the user.";

/// The variables the hook finds its policy, cache, trust store and journal by, or that switch
/// part of it off, and that no other program reads: `AGENT_HOOKS_CONFIG` (`cli`),
/// `AGENT_HOOKS_SYSTEM_CONFIG` (`policy::load`), `AGENT_HOOKS_STOP_ACTIVE` (`cli::run`: no
/// stop gates). Sorted.
const OWN_VARIABLES: &[&str] =
    &["AGENT_HOOKS_CONFIG", "AGENT_HOOKS_STOP_ACTIVE", "AGENT_HOOKS_SYSTEM_CONFIG"];

/// The variables the hook finds its user policy, cache, state and trust store by that every
/// program reads too (`policy::load`, `state`, `policy::trust`; home also holds the agents'
/// settings that register the hooks).
const SHARED_VARIABLES: &[&str] = &[
    "HOME",
    "XDG_CACHE_HOME",
    "XDG_CONFIG_HOME",
    "XDG_STATE_HOME",
    // Each agent's own settings directory (where its user settings register the hooks), by
    // the variable its documentation gives: an agent started with another one runs unguarded.
    "CLAUDE_CONFIG_DIR",
    "CODEX_HOME",
    "COPILOT_HOME",
    "GEMINI_CLI_HOME",
    "OPENCODE_CONFIG",
    "OPENCODE_CONFIG_DIR",
];

/// The agents' own programs: given a shared variable for one command, the agent and the hooks
/// it runs read their settings and policy from wherever it points.
const AGENTS: &[&str] = &[
    "cagent",
    "claude",
    "codex",
    "copilot",
    "cursor",
    "cursor-agent",
    "docker-agent",
    "gemini",
    "opencode",
    "windsurf",
];

/// Commands that set a variable for the rest of the session or for every program started
/// later: the shells' builtins and the session managers. Sorted.
const SESSION_SETTERS: &[&str] = &[
    "dbus-update-activation-environment",
    "declare",
    "export",
    "launchctl",
    "local",
    "new-item",
    "ni",
    "screen",
    "set",
    "set-item",
    "setenv",
    "setx",
    "systemctl",
    "tmux",
    "typeset",
    "unset",
];

/// The names this pack looks at, for the check made on every command.
const NAMES: NameFilter = NameFilter::of(BINARIES).with("mkfifo").with("mknod").with("ln").with("hash");

/// The keys of Claude Code's settings that register hooks, switch them off, or give the hooks
/// their environment (where the variables the guard finds its policy by are set).
/// Then the keys that widen what it may do without asking the user (`permissions.defaultMode
/// bypassPermissions`, `allowedTools`), run a program of the agent's choice when it starts
/// (`apiKeyHelper`) or approve the project's MCP servers unseen.
const CLAUDE_HOOK_KEYS: &[&str] = &[
    "hooks",
    "disableAllHooks",
    "env",
    "permissions",
    "allowedTools",
    "defaultMode",
    "dangerouslySkipPermissions",
    "skipDangerousModePermissionPrompt",
    "apiKeyHelper",
    "awsAuthRefresh",
    "awsCredentialExport",
    "otelHeadersHelper",
    "enableAllProjectMcpServers",
    "enabledMcpjsonServers",
];
const SETTER_NAMES: NameFilter = NameFilter::of(SESSION_SETTERS);
const EDITOR_NAMES: NameFilter = NameFilter::of(EDITORS);

const KEYSTROKES: &str = "This types keys or clicks in other apps through System Events, which can answer a security or permission dialog (the agent's own too) in the user's place. Ask the user to do it.";

/// AppleScript or JXA that sends keystrokes or clicks through System Events, or drives the
/// security agent's dialogs: `tell application "System Events" to keystroke "allow"`.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn presses_keys(args: &[crate::shell::Word]) -> bool {
    args.iter().any(|arg| {
        let code = arg.text.to_ascii_lowercase().replace(char::is_whitespace, "");
        (code.contains("systemevents") || code.contains("securityagent"))
            && ["keystroke", "keycode", "click"].iter().any(|action| code.contains(action))
    })
}

const ENVIRONMENT: &str = "This points the agent's guard at another policy, cache or trust store (or switches \
     part of it off) for the commands and agents started later. Leave the guard's environment \
     to the user: tell them what you would change and why.";

pub(super) fn judge(call: &Call) -> Option<Hit> {
    // Judged once, at the line's first command.
    if call.index == 0 && !call.analysis.redefined.is_empty() {
        let ours = call.analysis.redefined.iter().any(|name| BINARIES.contains(&name.as_str()));
        if ours {
            return Some(Hit::ask("guard.shadow-binary", SHADOWED));
        }
    }
    if !call.command.assignments.is_empty()
        && let Some(hit) = prefixed(call)
    {
        return Some(hit);
    }
    if (!call.command.redirects.is_empty() || call.name.is_some_and(|name| EDITOR_NAMES.may_hold(name)))
        && let Some(hit) = approvals_in_editor_settings(call, call.name)
    {
        return Some(hit);
    }
    if (!call.command.redirects.is_empty() || call.name.is_some_and(|name| EDITOR_NAMES.may_hold(name)))
        && let Some(hit) = bypass_in_agent_instructions(call, call.name)
    {
        return Some(hit);
    }
    let Some(name) = call.name else { return computed_program(call) };
    if (name == "direnv" || name == "mise")
        && approves(name, call.args())
        && !(name == "direnv" && envrc_just_written(call))
    {
        return Some(Hit::ask("guard.approve", APPROVE));
    }
    if name == "osascript" && presses_keys(call.args()) {
        return Some(Hit::ask("guard.approve", KEYSTROKES));
    }
    if matches!(name, "defaults" | "plutil") && writes_agent_preferences(name, call.args()) {
        return Some(Hit::new("guard.reconfigure", MESSAGE));
    }
    if SETTER_NAMES.may_hold(name) && SESSION_SETTERS.binary_search(&name).is_ok() {
        return for_the_session(name, call.args());
    }
    // Claude Code's CLI, also as the registry runs it (`npx @anthropic-ai/claude-code@latest`).
    if name.starts_with("claude") && matches!(name.split('@').next(), Some("claude" | "claude-code")) {
        return claude_settings(call.args()).then(|| Hit::new("guard.reconfigure", MESSAGE));
    }
    if (INSTALLER_NAMES.may_hold(name) || REMOVER_NAMES.may_hold(name))
        && let Some(hit) = installs_over_guard(name, call.args(), &call.ctx.cwd)
    {
        return Some(hit);
    }
    if !NAMES.may_hold(name) {
        return None;
    }
    if name == "hash" {
        return shadows_binary(call.args());
    }
    if let Some(hit) = special_file_at_policy_path(name, call) {
        return Some(hit);
    }
    if !BINARIES.contains(&name) {
        return None;
    }
    reconfigures(call.args()).then(|| Hit::new("guard.reconfigure", MESSAGE))
}

const APPROVALS: &str = "This switches an agent's approvals off (auto-approve, yolo or auto-run settings) in its \
     settings or the editor's: every later tool call would run without the user seeing it. Leave those \
     settings to the user: tell them what you would change and why.";

/// The editors' settings files an agent in them reads its approvals from: VS Code's, Cursor's,
/// Windsurf's and VSCodium's, the project's (`.vscode/settings.json`, `.cursor/settings.json`)
/// and the user's (`…/Code/User/settings.json`). Most of their keys are everyday
/// (`editor.formatOnSave`): what is written is judged ([`switches_approval_off`]).
pub(crate) fn editor_settings(path: &str) -> bool {
    let mut parts = path.rsplit(['/', '\\']);
    parts.next().is_some_and(|file| file.eq_ignore_ascii_case("settings.json"))
        && parts
            .next()
            .is_some_and(|dir| matches!(dir, ".vscode" | ".cursor" | ".windsurf" | "User" | "user"))
}

/// Whether settings text names a key that approves an agent's tool calls unseen:
/// `chat.tools.autoApprove`, `chat.tools.global.autoApprove`, Copilot's agent auto-approve,
/// Cursor's `yolo`, Windsurf's auto-execution and command allow lists, Gemini's `autoAccept`,
/// Codex's `approval_policy`.
pub(crate) fn switches_approval_off(text: &str) -> bool {
    const KEYS: &[&str] = &[
        "autoapprove",
        "auto_approve",
        "yolo",
        "autorun",
        "autoexecut",
        "auto_execut",
        "autoaccept",
        "approval",
        "bypass",
        "allowlist",
        "allow_list",
        "dangerous",
    ];
    let lower = text.to_ascii_lowercase();
    KEYS.iter().any(|key| lower.contains(key))
}

/// Programs that edit a file named among their words (`sed -i`, `perl -pi`, `sd`, `tee`,
/// moreutils' `sponge`, a script that writes).
const EDITORS: &[&str] = &["gsed", "node", "perl", "python", "python3", "ruby", "sd", "sed", "sponge", "tee"];

/// Whether `name args…` edits the files it names, rather than reading them (`sed -n`, `jq`).
fn edits_in_place(name: &str, args: &[crate::shell::Word]) -> bool {
    let has = |test: &dyn Fn(&str) -> bool| args.iter().any(|arg| test(&arg.text));
    match name {
        "sed" | "gsed" => {
            has(&|a| a.starts_with("-i") || a.starts_with("--in-place") || short_cluster_has(a, 'i'))
        }
        "perl" => has(&|a| !a.starts_with("--") && a.starts_with('-') && a.contains('i')),
        "sd" | "sponge" | "tee" => true,
        _ => has(&|a| a.contains("write") || a.contains("dump")),
    }
}

/// `echo '{"chat.tools.autoApprove": true}' > .vscode/settings.json`, `sed -i
/// 's/"yolo": false/"yolo": true/' .cursor/settings.json`: an editor settings file written with
/// an approval key in what the line shows. Other keys pass, and so does text the line does not
/// show (a copied template). Out of line: off an allowed call's path.
#[inline(never)]
fn approvals_in_editor_settings(call: &Call, name: Option<&str>) -> Option<Hit> {
    let settings_named = |text: &str| {
        editor_settings(text)
            || [".vscode/", ".cursor/", ".windsurf/", "User/"]
                .iter()
                .any(|dir| text.contains(&format!("{dir}settings.json")))
    };
    let shown = written_text(call, name, editor_settings, settings_named)?;
    switches_approval_off(&shown).then(|| Hit::new("guard.reconfigure", APPROVALS))
}

/// An agent's instruction file written with a sentence telling the agent to get past the
/// guard (`Ignore hook denials.` appended with `tee -a`). Editing those files is everyday work, so
/// only that text asks. Out of line: off an allowed call's path.
#[inline(never)]
fn bypass_in_agent_instructions(call: &Call, name: Option<&str>) -> Option<Hit> {
    let named = |text: &str| {
        let lower = text.to_ascii_lowercase();
        agent_instructions(text)
            || ["claude.md", "agents.md", "gemini.md", ".cursorrules", "copilot-instructions.md"]
                .iter()
                .any(|file| lower.contains(file))
    };
    let shown = written_text(call, name, agent_instructions, named)?;
    tells_agent_to_bypass(&shown).then(|| Hit::ask("guard.reconfigure", INSTRUCTIONS))
}

/// The text the line shows `call` writing, when it writes a file `target` accepts by
/// redirection, or edits in place a file one of its words names (`mentions` also accepts a
/// script that names it).
fn written_text(
    call: &Call,
    name: Option<&str>,
    target: fn(&str) -> bool,
    mentions: impl Fn(&str) -> bool,
) -> Option<String> {
    let writes = |r: &&crate::shell::Redirect| matches!(r.op, RedirectOp::Write | RedirectOp::Append);
    let redirected = call.command.redirects.iter().filter(writes).any(|r| target(&r.target.text));
    let named = name.is_some_and(|name| EDITORS.contains(&name) && edits_in_place(name, call.args()))
        && call.args().iter().any(|arg| mentions(&arg.text));
    if !redirected && !named {
        return None;
    }
    let mut shown: String = call.args().iter().map(|arg| arg.text.as_str()).collect::<Vec<_>>().join(" ");
    if redirected {
        shown.extend(crate::shell::file_output(&call.analysis.commands, call.index));
    }
    if matches!(name, Some("tee" | "sponge")) {
        shown.extend(call.analysis.stdin_text(call.index));
        // `jq '."chat.tools.autoApprove"=true' F | sponge F`: the filter that makes the text
        // shows what is written, though its output is not computed.
        for (_, feeder) in call.analysis.upstream(call.command) {
            for arg in feeder.args() {
                shown.push(' ');
                shown.push_str(&arg.text);
            }
        }
    }
    Some(shown)
}

const INSTRUCTIONS: &str = "This writes a line into an agent's instruction file telling it to get past \
     the guard (ignore or bypass its hooks, skip permissions): agents reading it later would work against \
     the user's policy. Leave such instructions to the user: tell them what you would change and why.";

/// The files agents read their standing instructions from: Claude Code's (and its local
/// one), the AGENTS and GEMINI files, `.cursorrules`, `.windsurfrules`, `.clinerules`,
/// Copilot's instructions and prompt files, Cursor's `.cursor/rules/*.mdc`, and the agents'
/// command, skill and subagent files (`.claude/commands/*.md`), read as instructions when run.
pub(crate) fn agent_instructions(path: &str) -> bool {
    let file = path.rsplit(['/', '\\']).next().unwrap_or(path).to_ascii_lowercase();
    matches!(
        file.as_str(),
        "claude.md"
            | "claude.local.md"
            | "agents.md"
            | "agent.md"
            | "gemini.md"
            | ".cursorrules"
            | ".windsurfrules"
            | ".clinerules"
            | "copilot-instructions.md"
    ) || file.ends_with(".instructions.md")
        || file.ends_with(".prompt.md")
        || (file.ends_with(".mdc") && path.contains(".cursor/rules"))
        || file.ends_with(".md")
            && [
                ".claude/commands/",
                ".claude/skills/",
                ".claude/agents/",
                ".cursor/commands/",
                ".opencode/command",
            ]
            .iter()
            .any(|dir| path.contains(dir))
}

/// Whether instruction text has a sentence telling the agent to get past the guard: a verb
/// that does (`ignore`, `bypass`, `disable`, `work around`) with what only the guard is
/// (`hook denials`, `PreToolUse`, `agent-hooks`) anywhere in the sentence, or followed by a
/// wider word for it (`the guard`, `permission prompts`), or Claude Code's own switch
/// (`--dangerously-skip-permissions`, `bypassPermissions`). A sentence that forbids it (`Never
/// bypass the guard.`) passes, and so do git hooks (`skip the pre-commit hook`), which do not
/// guard the agent.
pub(crate) fn tells_agent_to_bypass(text: &str) -> bool {
    const VERBS: &[&str] = &[
        "ignore",
        "bypass",
        "disable",
        "circumvent",
        "evade",
        "work around",
        "get around",
        "turn off",
        "skip",
    ];
    const THE_GUARD: &[&str] = &[
        "hook denial",
        "hook's denial",
        "hooks' denial",
        "hook block",
        "hook decision",
        "hook verdict",
        "pretooluse",
        "agent-hooks",
        "claude-hook",
        "guard hook",
    ];
    const AFTER_VERB: &[&str] = &[
        "the guard",
        "the hook",
        "this hook",
        "these hooks",
        "safety hook",
        "security hook",
        "safety check",
        "guardrail",
        "permission prompt",
        "permission check",
        "approval prompt",
        "permissions",
        "approvals",
        "safety rule",
        "security rule",
        "previous instruction",
        "prior instruction",
        "above instruction",
        "system prompt",
    ];
    const SWITCHES: &[&str] =
        &["dangerously-skip-permissions", "bypasspermissions", "auto-approve everything", "auto-approve all"];
    const NEGATIONS: &[&str] = &["never", "not ", "n't", "nor ", "must no", "forbid", "prohibit"];
    // Telling the agent to act without the user's say on anything: `Always run commands
    // without asking` (not negated: `Never push without asking`; not one task: `Run tests
    // without asking`), `Never ask for permission` (where the negation is the instruction).
    const UNASKED: &[&str] =
        &["without asking", "without confirm", "without approv", "without permission", "without prompting"];
    const ANYTHING: &[&str] = &["command", "everything", "anything", "tool call", "tool use", "any action"];
    const NO_ASKING: &[&str] = &["never ask", "don't ask", "do not ask", "no need to ask", "never wait for"];
    const ASKED_FOR: &[&str] = &["permission", "approv", "confirm", "before"];
    let lower = text.to_ascii_lowercase();
    lower.split(['.', ';', '!', '\n']).any(|sentence| {
        let no_asking = NO_ASKING.iter().any(|phrase| {
            sentence.find(phrase).is_some_and(|at| {
                let after = &sentence[at + phrase.len()..];
                ASKED_FOR.iter().any(|word| after.contains(word))
            })
        });
        if no_asking {
            return true;
        }
        if NEGATIONS.iter().any(|word| sentence.contains(word)) {
            return false;
        }
        let guard_named = THE_GUARD.iter().any(|target| sentence.contains(target));
        UNASKED.iter().any(|phrase| sentence.contains(phrase))
            && ANYTHING.iter().any(|object| sentence.contains(object))
            || SWITCHES.iter().any(|switch| sentence.contains(switch))
            || VERBS.iter().any(|verb| {
                sentence.find(verb).is_some_and(|at| {
                    let after = &sentence[at + verb.len()..];
                    guard_named || AFTER_VERB.iter().any(|target| after.contains(target))
                })
            })
    })
}

/// The macOS preference domains of the agents' desktop apps (Claude, ChatGPT and Codex, Cursor,
/// Windsurf), lower-case: where their approval settings are kept.
const AGENT_DOMAINS: &[&str] =
    &["com.anthropic.", "com.openai.", "com.todesktop.230313mzl4w4u92", "com.exafunction.windsurf"];

/// The agents' settings directories and the guard's own, as a path names them.
const AGENT_DIRECTORIES: &[&str] = &[
    ".claude",
    ".codex",
    ".cursor",
    ".gemini",
    ".codeium",
    ".copilot",
    ".windsurf",
    "opencode",
    "agent-hooks",
];

/// Whether `defaults write|delete|import|rename DOMAIN …` or `plutil -replace|-insert|-remove|
/// -convert … FILE` changes an agent's own settings, by its app's domain
/// (`com.anthropic.claudefordesktop`) or by a file in its settings directory
/// (`~/.claude/settings`): what the file rules forbid writing, written by a preferences tool.
/// Reading them (`defaults read`, `plutil -p`) passes.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn writes_agent_preferences(name: &str, args: &[crate::shell::Word]) -> bool {
    let agents = |text: &str| {
        let text = text.to_ascii_lowercase();
        text.split(['/', '\\']).any(|part| {
            AGENT_DIRECTORIES.contains(&part) || AGENT_DOMAINS.iter().any(|domain| part.starts_with(domain))
        })
    };
    if name == "plutil" {
        let edits =
            args.iter().any(|a| matches!(a.text.as_str(), "-replace" | "-insert" | "-remove" | "-convert"));
        return edits && args.iter().any(|a| agents(&a.text));
    }
    // `defaults [-currentHost | -host H] write DOMAIN …`.
    let mut words = args.iter().map(|a| a.text.as_str()).filter(|w| !w.starts_with('-'));
    let verb = words.find(|w| matches!(*w, "write" | "delete" | "import" | "rename" | "read" | "export"));
    matches!(verb, Some("write" | "delete" | "import" | "rename")) && words.next().is_some_and(agents)
}

/// Package managers that install programs onto `PATH`, where one of our binaries is found.
const INSTALLERS: &[&str] =
    &["bun", "cargo", "gem", "go", "npm", "pip", "pip3", "pipx", "pnpm", "uv", "yarn"];
/// The system's and the version managers' package managers, which only take the guard away
/// here (installing through them is the user's way in). Sorted.
const REMOVERS: &[&str] = &[
    "apk", "apt", "apt-get", "asdf", "brew", "choco", "dnf", "mise", "nix", "nix-env", "pacman", "port",
    "rtx", "scoop", "snap", "winget", "yum", "zypper",
];
const INSTALLER_NAMES: NameFilter = NameFilter::of(INSTALLERS).with("python").with("python3");
const REMOVER_NAMES: NameFilter = NameFilter::of(REMOVERS);

/// Whether `name words…` is a system or version manager's removal (`brew uninstall`, `apt
/// remove|purge`, `pacman -R`, `nix profile remove`, `nix-env -e`, `mise uninstall`): which
/// package is for the caller to see.
fn system_removes(name: &str, words: &[&str]) -> bool {
    if REMOVERS.binary_search(&name).is_err() {
        return false;
    }
    let verb = words.iter().copied().find(|w| !w.starts_with('-'));
    match name {
        "pacman" => words.iter().any(|w| w.starts_with("-R") || *w == "--remove"),
        "nix-env" => words.iter().any(|w| matches!(*w, "-e" | "--uninstall")),
        "nix" => words.windows(2).any(|pair| pair[0] == "profile" && matches!(pair[1], "remove" | "rm")),
        _ => matches!(
            verb,
            Some("uninstall" | "remove" | "rm" | "purge" | "autoremove" | "erase" | "del" | "delete" | "zap")
        ),
    }
}

const REPLACED: &str = "This installs a package that puts a program where the agent's guard is found (a hook \
     binary of the same name, or one that shadows it on PATH). Leave the guard's binaries to the user.";

/// An install onto `PATH` (`cargo install`, `go install`, `pipx install`, `uv tool install`,
/// `pip install --user`, `npm i -g`, `yarn global add`, `gem install`) of a package named
/// after our binaries or this project (`claude-hook-lite`, `agent-hooks-fork`): it replaces
/// the guard, or shadows it, and runs the package's install code first.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn installs_over_guard(name: &str, args: &[crate::shell::Word], cwd: &std::path::Path) -> Option<Hit> {
    // `python3 -m pip install --user x` is `pip install --user x`.
    let (name, args) = super::python_module(name, args);
    let words: Vec<&str> = args.iter().map(|w| w.text.as_str()).collect();
    let removes = system_removes(name, &words);
    if !removes && !INSTALLERS.contains(&name) {
        return None;
    }
    let has = |options: &[&str]| words.iter().any(|w| options.iter().any(|o| crate::shell::is_option(w, o)));
    let onto_path = match (name, words.as_slice()) {
        ("cargo" | "go" | "gem" | "pipx", ["install", ..]) => true,
        ("uv", ["tool", "install" | "upgrade", ..]) => true,
        ("pip" | "pip3", ["install", ..]) => has(&["--user", "--prefix", "--root", "--target", "-t"]),
        ("uv", ["pip", "install", ..]) => has(&["--user", "--prefix", "--target", "--system"]),
        ("npm" | "pnpm" | "bun", ["install" | "i" | "add" | "update" | "up", ..]) => has(&["-g", "--global"]),
        ("yarn", ["global", "add" | "upgrade", ..]) => true,
        _ => false,
    };
    let ours = |word: &&str| {
        let word = word.to_ascii_lowercase();
        word.contains("agent-hooks") || BINARIES.iter().any(|binary| word.contains(binary))
    };
    let removes = removes
        || matches!(
            (name, words.as_slice()),
            ("cargo" | "gem" | "pipx" | "pip" | "pip3", ["uninstall", ..])
                | ("uv", ["tool" | "pip", "uninstall", ..])
                | ("npm" | "pnpm" | "bun" | "yarn", ["uninstall" | "un" | "remove" | "rm" | "r", ..])
                | ("yarn", ["global", "remove", ..])
        );
    if removes && words.iter().skip(1).any(ours) {
        return Some(Hit::ask("guard.uninstall", REMOVED));
    }
    let built_ours =
        || name == "cargo" && cargo_path(&words).is_some_and(|dir| manifest_names_ours(&cwd.join(dir)));
    (onto_path && (words.iter().any(ours) || built_ours()))
        .then(|| Hit::new("guard.replace-binary", REPLACED))
}

/// The directory of `cargo install --path DIR` (`--path=DIR`).
fn cargo_path<'a>(words: &[&'a str]) -> Option<&'a str> {
    words.iter().enumerate().find_map(|(at, word)| match word.strip_prefix("--path") {
        Some("") => words.get(at + 1).copied(),
        Some(value) => value.strip_prefix('='),
        None => None,
    })
}

/// Whether the manifest of the crate in `dir` names one of our binaries (its package or a
/// `[[bin]]`): `cargo install --force --path /tmp/patched` of a crate called `claude-hook`
/// replaces the guard as surely as by name. A manifest that is not there fails the install.
fn manifest_names_ours(dir: &std::path::Path) -> bool {
    use std::io::Read;
    let Ok(file) = std::fs::File::open(dir.join("Cargo.toml")) else { return false };
    let mut text = String::new();
    if file.take(256 * 1024).read_to_string(&mut text).is_err() {
        return false;
    }
    text.lines().any(|line| {
        let Some((key, value)) = line.split_once('=') else { return false };
        key.trim() == "name" && BINARIES.contains(&value.trim().trim_matches(['"', '\'']))
    })
}

const REMOVED: &str =
    "This uninstalls the package the agent's guard comes from (its hook binaries). Ask the user whether to.";

/// Whether Claude Code's CLI given `args` rewrites the hooks or permissions its settings hold
/// (`claude config set -g hooks '{}'`, `config add allowedTools Bash`, `remove`), as writing
/// the settings file does, or starts a session with them switched off (`claude -p …
/// --settings '{"disableAllHooks": true}'`). Other keys (`config set theme dark`) and reading
/// them (`config get`, `list`) pass.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn claude_settings(args: &[crate::shell::Word]) -> bool {
    let hook_key = |key: &str| {
        let key = key.split(['.', '[']).next().unwrap_or(key);
        CLAUDE_HOOK_KEYS.iter().any(|known| known.eq_ignore_ascii_case(key))
    };
    let inline = args.windows(2).any(|pair| {
        pair[0].text == "--settings"
            && CLAUDE_HOOK_KEYS.iter().any(|key| pair[1].text.contains(&format!("\"{key}\"")))
    }) || args.iter().any(|arg| {
        arg.text
            .strip_prefix("--settings=")
            .is_some_and(|json| CLAUDE_HOOK_KEYS.iter().any(|key| json.contains(&format!("\"{key}\""))))
    });
    let mut words = args.iter().map(|a| a.text.as_str()).filter(|text| !text.starts_with('-'));
    let config = words.next() == Some("config")
        && matches!(words.next(), Some("set" | "add" | "remove" | "rm" | "unset"))
        && words.next().is_some_and(hook_key);
    inline || config
}

const SHADOWED: &str = "This gives a hook binary's name to something else (an alias, a shell function, or `hash -p` \
     pointing it at another program): what the shell runs by that name is no longer the agent's guard. Leave \
     the guard's binaries to the user.";

/// `hash -p /bin/true codex-hook`: a later use of one of our names in this shell runs something
/// else, as after an alias or a function of that name (the analyser's `redefined`). `hash
/// claude-hook` only remembers where it is.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn shadows_binary(args: &[crate::shell::Word]) -> Option<Hit> {
    (args.iter().any(|arg| arg.text == "-p") && args.iter().any(|arg| BINARIES.contains(&arg.text.as_str())))
        .then(|| Hit::ask("guard.shadow-binary", SHADOWED))
}

/// Whether our binary given `args` changes how the guard is installed or configured: by its
/// subcommand, the first operand past `--config FILE` (`explain -- make install` only shows).
/// `install` and `uninstall` with `--dry-run` only show the diff.
fn reconfigures(args: &[crate::shell::Word]) -> bool {
    let mut words = args.iter().map(|arg| arg.text.as_str());
    let mut subcommand = None;
    while let Some(word) = words.next() {
        match word {
            "--config" => _ = words.next(),
            _ if word.starts_with('-') => {}
            _ => {
                subcommand = Some(word);
                break;
            }
        }
    }
    let Some(subcommand) = subcommand else { return false };
    let dry_run =
        matches!(subcommand, "install" | "uninstall") && args.iter().any(|arg| arg.text == "--dry-run");
    LOOKING.binary_search(&subcommand).is_err() && !dry_run
}

/// Whether `variable` is one the guard finds its policy by: `Some(true)` for ours alone.
fn guarded(variable: &str) -> Option<bool> {
    let is = |list: &[&str]| list.iter().any(|known| known.eq_ignore_ascii_case(variable));
    // Every `AGENT_HOOKS_*` name is ours, read today or not (`AGENT_HOOKS_DISABLE=1`): an agent
    // setting one means to reach the guard, and a later release may read it.
    // The documented opt-out of rewrites alone never lifts a deny (`guard::rewrite`).
    let ours = (variable.get(..12).is_some_and(|prefix| prefix.eq_ignore_ascii_case("AGENT_HOOKS_"))
        || switches_hooks_off(variable))
        && !variable.eq_ignore_ascii_case(crate::environment::NO_REWRITE);
    if ours || is(OWN_VARIABLES) { Some(true) } else { is(SHARED_VARIABLES).then_some(false) }
}

/// Whether `variable` names a switch that turns an agent's hooks off
/// (`CLAUDE_CODE_DISABLE_HOOKS`, `SKIP_AGENT_HOOKS`, `HOOKS_OFF`): whichever agent reads it
/// today or later, setting it means to get past the guard. git's hook managers' own switches
/// (`HUSKY_SKIP_HOOKS`, `LEFTHOOK_…`) skip a commit's checks, not the agent's guard.
fn switches_hooks_off(variable: &str) -> bool {
    if variable.len() < 7 || !variable.bytes().any(|b| b.eq_ignore_ascii_case(&b'h')) {
        return false;
    }
    let upper = variable.to_ascii_uppercase();
    // By the words of the name: `WEBHOOK_DISABLED` and `HOOK_TIMEOUT_OFFSET` are no switch.
    let words = || upper.split(['_', '-']);
    words().any(|word| word.contains("HOOK") && !word.starts_with("WEBHOOK"))
        && words().any(|word| {
            matches!(word, "OFF" | "NO" | "SKIP" | "BYPASS")
                || ["DISABLE", "SKIP"].iter().any(|w| word.contains(w))
        })
        && !["HUSKY", "LEFTHOOK", "GIT", "PRE_COMMIT", "OVERCOMMIT"]
            .iter()
            .any(|tool| upper.starts_with(tool))
}

/// `AGENT_HOOKS_CONFIG=/dev/null make`, `env XDG_CONFIG_HOME=/tmp/x claude`: a variable set for
/// one command. Ours may reach a hook through any program (a script, `make`, `sh -c`); the
/// shared ones matter only to an agent, whose hooks inherit them (`XDG_CONFIG_HOME=/tmp/x nvim`
/// is everyday). Our own binaries are judged by what they are told to do. Out of line: off an
/// allowed call's path.
#[inline(never)]
fn prefixed(call: &Call) -> Option<Hit> {
    let program = call.name.or_else(|| computed_binary(call));
    if program.is_some_and(|name| BINARIES.contains(&name)) {
        return None;
    }
    let agent = program.is_some_and(|name| AGENTS.contains(&name));
    call.command
        .assignments
        .iter()
        .any(|(variable, _)| guarded(variable).is_some_and(|own| own || agent))
        .then(|| Hit::new("guard.reconfigure", ENVIRONMENT))
}

/// `export AGENT_HOOKS_CONFIG=/tmp/empty.toml`, `declare -x`, `launchctl setenv HOME /tmp/x`,
/// `systemctl --user set-environment`, `tmux set-environment -g`: a guarded variable set for
/// everything started later, the agents and their hooks among them (a shared variable too:
/// one command is what a prefix is for). Out of line: off an allowed call's path.
#[inline(never)]
fn for_the_session(name: &str, args: &[crate::shell::Word]) -> Option<Hit> {
    let options = || args.iter().filter(|arg| arg.text.starts_with('-')).map(|arg| arg.text.as_str());
    let operands: Vec<&str> =
        args.iter().map(|arg| arg.text.as_str()).filter(|text| !text.starts_with('-')).collect();
    // `declare -x`, fish's `set -gx` and `set --export`: exported only with the option.
    let exports = || options().any(|o| o == "--export" || !o.starts_with("--") && o.contains('x'));
    let named: &[&str] = match name {
        // `export -n X` takes the export away; `export -p` lists.
        "export" if !options().any(|o| o.contains(['n', 'p'])) => &operands,
        "declare" | "typeset" | "local" if exports() => &operands,
        "set" if exports() => operands.get(..1).unwrap_or_default(),
        // cmd.exe's `set NAME=VALUE`.
        "set" => operands.get(..1).filter(|first| first[0].contains('=')).unwrap_or_default(),
        // PowerShell's `Set-Item env:NAME VALUE`, `New-Item -Path env:NAME`.
        "set-item" | "new-item" | "si" | "ni" => {
            return operands
                .iter()
                .filter_map(|o| {
                    o.get(..4).filter(|drive| drive.eq_ignore_ascii_case("env:")).map(|_| &o[4..])
                })
                .any(|variable| guarded(variable).is_some())
                .then(|| Hit::new("guard.reconfigure", ENVIRONMENT));
        }
        "setenv" | "setx" => operands.get(..1).unwrap_or_default(),
        // `unset AGENT_HOOKS_CONFIG` takes a policy path away: the guard falls back to another
        // layer. `unset -f` names functions.
        "unset" if !options().any(|o| o.contains('f')) => &operands,
        "launchctl" if operands.first() == Some(&"setenv") => operands.get(1..2).unwrap_or_default(),
        "systemctl" | "dbus-update-activation-environment" => {
            let at = match name {
                "systemctl" => operands
                    .iter()
                    .position(|o| matches!(*o, "set-environment" | "import-environment"))
                    .map_or(operands.len(), |at| at + 1),
                _ => 0,
            };
            operands.get(at..).unwrap_or_default()
        }
        // `tmux set-environment -g -t s NAME VALUE`; `-u` and `-r` take it away.
        "tmux" => {
            let at = args.iter().position(|a| matches!(a.text.as_str(), "set-environment" | "setenv"))?;
            let rest = &args[at + 1..];
            if rest.iter().any(|a| a.text.starts_with('-') && a.text.contains(['u', 'r'])) {
                return None;
            }
            // The first operand, past `-t TARGET`.
            let mut after_target = false;
            let variable = rest.iter().map(|a| a.text.as_str()).find(|word| {
                let value = std::mem::replace(&mut after_target, *word == "-t");
                !value && !word.starts_with('-')
            });
            return variable
                .filter(|v| guarded(v).is_some())
                .map(|_| Hit::new("guard.reconfigure", ENVIRONMENT));
        }
        // `screen -X setenv NAME VALUE`.
        "screen" => match operands.iter().position(|o| *o == "setenv") {
            Some(at) => operands.get(at + 1..at + 2).unwrap_or_default(),
            None => &[],
        },
        _ => &[],
    };
    named
        .iter()
        .any(|word| guarded(word.split_once('=').map_or(word, |(variable, _)| variable)).is_some())
        .then(|| Hit::new("guard.reconfigure", ENVIRONMENT))
}

/// `$HOME/.local/bin/claude-hook`, `"$(command -v claude-hook)"`, `$(which claude-hook)`: the
/// binary of ours a program named at run time is, by the last word of its path (after the
/// home directory the line fixes) or of the command that prints it.
fn computed_binary(call: &Call) -> Option<&'static str> {
    let program = call.command.argv.first()?;
    let text = program.text.trim_end_matches(['"', '\'', ')', '`', '}']);
    let last = text.rsplit(['/', '\\', ' ', '(', '\t']).next().unwrap_or(text);
    let last = last.strip_suffix(".exe").unwrap_or(last);
    BINARIES.iter().copied().find(|binary| binary.eq_ignore_ascii_case(last))
}

/// A program named at run time: ours ([`computed_binary`]) when its name says so, judged as
/// ours is; else, given the subcommand that trusts a project policy, or `uninstall` with no
/// package to take away (`$PIP uninstall requests` has one), worth a question. Out of line:
/// off an allowed call's path.
#[inline(never)]
fn computed_program(call: &Call) -> Option<Hit> {
    let args = call.args();
    if computed_binary(call).is_some() {
        return reconfigures(args).then(|| Hit::new("guard.reconfigure", MESSAGE));
    }
    let program = call.command.argv.first()?;
    let last = program.text.rsplit(['/', '\\']).next().unwrap_or_default();
    // A name the line fixes (`$HOME/bin/cargo`) is not ours.
    let unknown = last.is_empty() || last.contains(['$', '`', '(', ')']);
    let operands: Vec<&str> =
        args.iter().map(|arg| arg.text.as_str()).filter(|text| !text.starts_with('-')).collect();
    let ours = matches!(operands.as_slice(), ["trust", ..] | ["uninstall"]);
    (unknown && ours).then(|| {
        Hit::ask(
            "guard.reconfigure",
            format!("The program is only known at run time, and `{}` is what our hook binaries take to change how the agent's guard is installed or trusted. {MESSAGE}", operands[0]),
        )
    })
}

/// `mkfifo`, `mknod` or a link to a device at a policy file's path: the guard would then read
/// a FIFO or a device instead of a policy (it refuses, and falls back to the built-in rules).
fn special_file_at_policy_path(name: &str, call: &Call) -> Option<Hit> {
    let policy_path = |text: &str| {
        let file = crate::shell::base_name(text);
        file == POLICY_NAMES[0] || (file == POLICY_NAMES[1] && text.contains("agent-hooks"))
    };
    let args = call.args();
    let operands = || args.iter().filter(|arg| !arg.text.starts_with('-'));
    let hit = match name {
        "mkfifo" | "mknod" => operands().any(|arg| policy_path(&arg.text)),
        // `ln -s /dev/zero .agent-hooks.toml`: the link's target is a device.
        "ln" => {
            let words: Vec<_> = operands().collect();
            words.len() >= 2
                && words[..words.len() - 1]
                    .iter()
                    .any(|target| target.text.starts_with("/dev/") || target.text.starts_with("/proc/"))
                && words.last().is_some_and(|link| policy_path(&link.text))
        }
        _ => false,
    };
    hit.then(|| Hit::new("guard.policy-not-a-file", NOT_A_FILE))
}

#[cfg(test)]
mod tests {
    use crate::rules::Pack;
    use crate::rules::testing::{ctx, evaluate_in, sequence};

    fn rule(argv: &[&str]) -> Option<&'static str> {
        let analysis = sequence(&[argv]);
        evaluate_in(&analysis, &ctx(), &Default::default()).filter(|f| f.pack == Pack::Guard).map(|f| f.rule)
    }

    #[test]
    fn uninstalling_or_reinstalling_the_guard_is_denied() {
        assert_eq!(rule(&["claude-hook", "uninstall"]), Some("guard.reconfigure"));
        assert_eq!(
            rule(&["/home/dev/.local/bin/cursor-hook", "install", "--project"]),
            Some("guard.reconfigure")
        );
        assert_eq!(rule(&["claude-hook", "init", "--project"]), Some("guard.reconfigure"));
        assert_eq!(rule(&["claude-hook", "trust", "--yes"]), Some("guard.reconfigure"));
        assert_eq!(rule(&["/opt/bin/gemini-hook", "trust", ".agent-hooks.toml"]), Some("guard.reconfigure"));
    }

    #[test]
    fn installing_a_crate_whose_manifest_names_our_binary_is_denied() {
        let dir = crate::scratch::Scratch::new("guard-manifest");
        for (crate_dir, name) in [("patched", "claude-hook"), ("other", "ripgrep-extra")] {
            std::fs::create_dir_all(dir.join(crate_dir)).expect("a crate directory");
            std::fs::write(dir.join(crate_dir).join("Cargo.toml"), format!("[package]\nname = \"{name}\"\n"))
                .expect("a manifest");
        }
        // Named relative to the scratch, whose own name holds the project's.
        let here =
            crate::project::Context { cwd: dir.to_path_buf(), project_root: dir.to_path_buf(), ..ctx() };
        let judged = |argv: &[&str]| {
            evaluate_in(&sequence(&[argv]), &here, &Default::default())
                .filter(|f| f.pack == Pack::Guard)
                .map(|f| f.rule)
        };
        assert_eq!(
            judged(&["cargo", "install", "--force", "--path", "patched"]),
            Some("guard.replace-binary")
        );
        assert_eq!(judged(&["cargo", "install", "--path=patched"]), Some("guard.replace-binary"));
        assert_eq!(judged(&["cargo", "install", "--path", "other"]), None);
        assert_eq!(judged(&["cargo", "install", "--path", "absent"]), None);
    }

    #[test]
    fn looking_is_allowed() {
        assert_eq!(rule(&["claude-hook", "explain", "--", "rm", "-rf", "/"]), None);
        assert_eq!(rule(&["claude-hook", "doctor"]), None);
        assert_eq!(rule(&["claude-hook", "install", "--dry-run"]), None);
        assert_eq!(rule(&["make", "install"]), None);
        assert_eq!(rule(&["claude-hook", "untrust"]), None);
        assert_eq!(rule(&["direnv", "trust"]), None);
        assert_eq!(rule(&["direnv", "status"]), None);
        assert_eq!(rule(&["direnv", "allow", "."]), Some("guard.approve"));
    }
}
