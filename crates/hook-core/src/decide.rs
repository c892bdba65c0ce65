//! The policy applied to one event: from an [`Event`] to a [`Verdict`].

use serde_json::{Value, json};

use crate::agent::Agent;
use crate::event::{Event, EventKind, ShellCall, ToolCall};
use crate::guard::files::{self, Access};
use crate::guard::filters::Filters;
use crate::guard::{rewrite, secrets};
use crate::lifecycle::{format, pending, session_context, stop};
use crate::policy::Policy;
use crate::project::Context;
use crate::shell::{self, Analysis, Dialect};
use crate::verdict::{Decision, Verdict};

/// How a shell command line was decided: the analysis and the verdict.
#[derive(Debug, Clone)]
pub struct ShellDecision {
    /// The line's analysis; `incomplete` also when the guard found code it could not read
    /// (an `opaque.*` block: the script file an interpreter runs, chosen at run time).
    pub analysis: Analysis,
    pub verdict: Verdict,
    /// Rewrites that would have changed the line but whose condition does not hold, each with
    /// why (`rewrite.git skipped: `rtk` is not on PATH`).
    pub skipped_rewrites: Vec<String>,
}

/// Decide one event.
pub fn decide(event: &Event, policy: &Policy, ctx: &Context) -> Verdict {
    let verdict = match event.kind {
        EventKind::BeforeShell => match event.shell() {
            Some(call) => decide_shell_event(event, call, policy, ctx),
            None => Verdict::allow(),
        },
        EventKind::AfterFileWrite => format::after_write(event, policy, ctx),
        EventKind::Stop => stop::at_stop(event, policy, ctx),
        EventKind::SessionStart => session_context::at_session_start(event, policy, ctx),
        EventKind::BeforeFileWrite => files::decide_tool(event, Access::Write, &policy.files, ctx),
        EventKind::BeforeFileRead => {
            let verdict = files::decide_tool(event, Access::Read, &policy.files, ctx);
            match event.tool.as_ref().filter(|_| verdict.decision == Decision::Allow) {
                Some(ToolCall { search: Some(search), input, .. }) => {
                    crate::guard::tree::decide_search(search, input, &policy.files, ctx)
                }
                _ => verdict,
            }
        }
        EventKind::PromptSubmit => session_context::add_to_prompt(
            secrets::decide_prompt(event.prompt.as_deref(), policy.prompt.secrets),
            event,
            policy,
            ctx,
        ),
        _ => Verdict::allow(),
    };
    let verdict = pending::deliver(verdict, event, policy);
    if event.can_ask { verdict } else { ask_to_deny(verdict) }
}

/// `verdict` as `agent` can take it: an ask that nobody can answer
/// ([`Agent::someone_can_answer`], asked only of an ask) becomes a deny.
pub(crate) fn as_agent_can_take(agent: &Agent, event: &Event, verdict: Verdict) -> Verdict {
    let asking = matches!(verdict.decision, Decision::Ask { .. });
    if asking && !agent.someone_can_answer(event) { ask_to_deny(verdict) } else { verdict }
}

/// The verdict on a POSIX line that is spelled for cmd or PowerShell too
/// ([`shell::windows_readings`]): the first of their readings that objects, where the POSIX
/// reading does not or only asks about what it could not read (a Windows reading that reads
/// the whole of a line POSIX cannot parse, and finds nothing, passes it). Where the POSIX
/// reading misread the line, the Windows readings decide:
/// its objection is to a cmdlet, which no POSIX shell runs, or it cannot see what a `$env:NAME`
/// command runs, a name no POSIX line has set (PowerShell's expression `$env:Path -split ';'`).
fn windows_block(
    line: &str,
    readings: &[Dialect],
    posix: Option<crate::guard::Block>,
    analysis: &mut Analysis,
    judge: impl Fn(&Analysis) -> Option<crate::guard::Block>,
) -> Option<crate::guard::Block> {
    let powershell_expression = posix.as_ref().is_some_and(|block| block.rule.starts_with("opaque."))
        && line.trim_start().get(..5).is_some_and(|head| head.eq_ignore_ascii_case("$env:"))
        && !env_set(line);
    // `Remove-Item $env:TEMP\x -Recurse`: a cmdlet, which only PowerShell runs, read by a POSIX
    // shell as an unknown target.
    // A cmdlet that a PowerShell the line starts runs (`pwsh -c '…'`) is read right. A .NET
    // call (`[Environment]::GetEnvironmentVariable('PATH')`) is no POSIX glob of a program.
    let cmdlet = posix.as_ref().is_some_and(|block| {
        analysis
            .commands
            .get(block.command)
            .filter(|command| command.via.is_empty())
            .and_then(|command| command.argv.first())
            .is_some_and(|first| {
                let name = shell::program_base(&first.text);
                !first.dynamic && shell::is_cmdlet(name) || name.starts_with('[') && name.contains("]::")
            })
    });
    let misread = powershell_expression || cmdlet;
    // `npm run build; if ($LASTEXITCODE -ne 0) { exit 1 }`: syntax no POSIX shell reads, which
    // the PowerShell reading reads whole. Not the cmd reading: cmd's `^` joins lines and `'`
    // quotes nothing there, so it reads whole what is one unterminated POSIX quote (found by
    // the `shell` fuzz target: `~'^` + a new line). And only when it finds commands there: a
    // backtick ends a PowerShell line, and what it continues may read as no command at all, or
    // as a name no program has (`z^2` + a backtick + a new line + `rm …`).
    let unparsed = !misread && posix.as_ref().is_some_and(|block| block.rule == "opaque.syntax");
    // What the POSIX reading could not see, a Windows reading may name (`[Environment]::…`).
    let unseen = posix.as_ref().is_some_and(|block| block.rule.starts_with("opaque."));
    if posix.is_some() && !misread && !unseen {
        return posix;
    }
    // A line that starts with a cmdlet (`Invoke-Expression`, `Start-Process`) or its alias
    // (`iex`, `saps`) is PowerShell, which no POSIX shell runs: what it runs unseen there is
    // an objection.
    let first_word = line.trim_start().split([' ', '\t', '(']).next().unwrap_or_default();
    let invokes = first_word.eq_ignore_ascii_case("iex")
        || first_word.eq_ignore_ascii_case("saps")
        || shell::is_cmdlet(first_word);
    for &dialect in readings {
        let reading = shell::analyse(line, dialect);
        let block = judge(&reading);
        if unparsed
            && dialect == Dialect::PowerShell
            && block.is_none()
            && !reading.incomplete
            && !reading.commands.is_empty()
            && reading.commands.iter().all(|command| command.name().is_some_and(plain_name))
        {
            *analysis = reading;
            return None;
        }
        // What a Windows reading cannot follow is no objection: the line may be POSIX after all.
        let unseen_counts = invokes && dialect == Dialect::PowerShell;
        if let Some(block) = block.filter(|block| unseen_counts || !block.rule.starts_with("opaque.")) {
            *analysis = reading;
            return Some(block);
        }
    }
    if misread { None } else { posix }
}

/// Whether a POSIX line may set the variable `env` (the word appears other than as `$env:`),
/// or names a secret as `$env:TOKEN`, which PowerShell prints as the line's value.
fn env_set(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    let bytes = lower.as_bytes();
    let in_name = |at: Option<usize>| {
        at.and_then(|at| bytes.get(at)).is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
    };
    lower.match_indices("env").any(|(at, _)| {
        // `$env:NODE_ENV='production'`: `env` inside another name is not the variable.
        if in_name(at.checked_sub(1)) || in_name(Some(at + 3)) {
            return false;
        }
        let expanded = at > 0 && bytes[at - 1] == b'$' && bytes.get(at + 3) == Some(&b':');
        let name = || lower[at + 4..].split(|c: char| !c.is_ascii_alphanumeric() && c != '_').next();
        !expanded || name().is_some_and(crate::rules::secret_named)
    })
}

/// Decide one shell command line: the packs, filters and file rules, then the rewrites, whose
/// result is guarded again so that one verdict comes out: allow, ask, deny or rewrite.
///
/// A rewrite's `input` here holds only the line (`{"command": ...}`); [`decide`] puts the line
/// into the agent's whole tool input.
pub fn decide_shell(line: &str, dialect: Dialect, policy: &Policy, ctx: &Context) -> ShellDecision {
    let mut analysis = shell::analyse(line, dialect);
    // Built once for both passes: a rewritten line meets the same regexes, compiled or not.
    let filters = Filters::new(&policy.filters);
    let mut block = crate::guard::line::judge(&analysis, &filters, policy, ctx);
    if dialect == Dialect::Posix {
        let readings = shell::windows_readings(line);
        if !readings.is_empty() {
            block = windows_block(line, readings, block, &mut analysis, |analysis| {
                crate::guard::line::judge(analysis, &filters, policy, ctx)
            });
        }
    }
    if let Some(block) = block {
        // What the guard asks about as unseen was not understood, whoever found it: the
        // analyser (a shell's script) or the guard (an interpreter's, `guard::script_file`).
        analysis.incomplete |= block.rule.starts_with("opaque.") || crate::guard::tree::unchecked(&block);
        // A search over a tree that holds secrets runs with them left out, where the line is
        // one search and the narrowed line passes every rule.
        let narrowed = (block.rule == "files.deny-read-tree" && block.action == crate::policy::Action::Ask)
            .then(|| crate::guard::tree::excluding(line, &analysis, &policy.files, ctx))
            .flatten()
            .filter(|fixed| {
                crate::guard::line::judge(&shell::analyse(fixed, dialect), &filters, policy, ctx).is_none()
            });
        if let Some(fixed) = narrowed {
            let verdict = Verdict {
                decision: Decision::Rewrite {
                    input: json!({ "command": fixed }),
                    command: Some(fixed),
                    rule: block.rule.clone(),
                },
                context: Some(format!(
                    "agent-hooks left out files your policy keeps from the agent: {}",
                    block.reason
                )),
                user_message: None,
            };
            return ShellDecision { analysis, verdict, skipped_rewrites: Vec::new() };
        }
        return ShellDecision { analysis, verdict: block.into_verdict(), skipped_rewrites: Vec::new() };
    }
    // Rewrites read the line with a POSIX tokeniser; other dialects are left as written.
    let outcome = match dialect {
        Dialect::Posix if !policy.rewrites.is_empty() => {
            rewrite::rewrite(line, &policy.rewrites, &ctx.project_root)
        }
        _ => rewrite::Outcome::default(),
    };
    let skipped_rewrites = outcome.skipped;
    let Some(rewritten) = outcome.rewritten else {
        return ShellDecision { analysis, verdict: Verdict::allow(), skipped_rewrites };
    };
    let again = shell::analyse(&rewritten.line, dialect);
    let verdict = match crate::guard::line::judge(&again, &filters, policy, ctx) {
        // What runs is the rewritten line, so its objection stands, as a deny: an ask would
        // confirm a command the user never saw.
        Some(block) => Verdict::deny(
            block.rule,
            format!(
                "Your policy rewrites this command to `{}`, which is blocked: {}",
                rewritten.line, block.reason
            ),
        ),
        None => Verdict {
            decision: Decision::Rewrite {
                input: json!({ "command": rewritten.line }),
                command: Some(rewritten.line),
                rule: rewritten.rule,
            },
            context: rewritten.message,
            user_message: None,
        },
    };
    ShellDecision { analysis, verdict, skipped_rewrites }
}

/// A shell tool call: a rewrite replaces only the line in the agent's tool input, so that
/// everything else the agent sent (description, timeout) is kept.
fn decide_shell_event(event: &Event, call: &ShellCall, policy: &Policy, ctx: &Context) -> Verdict {
    let mut verdict = decide_shell(&call.line, call.dialect, policy, ctx).verdict;
    if let Decision::Rewrite { input, command: Some(line), .. } = &mut verdict.decision {
        let mut whole = event.tool.as_ref().map_or(Value::Null, |tool| tool.input.clone());
        match whole.as_object_mut() {
            Some(fields) => {
                fields.insert(call.field.clone(), Value::String(line.clone()));
            }
            None => whole = json!({ call.field.clone(): line }),
        }
        *input = whole;
    }
    verdict
}

/// An ask where nobody can answer becomes a deny that says so.
fn ask_to_deny(verdict: Verdict) -> Verdict {
    match verdict.decision {
        Decision::Ask { reason, rule } => Verdict {
            decision: Decision::Deny {
                reason: format!(
                    "{reason} (this needs confirmation, which cannot be asked for here, so it is denied)"
                ),
                rule,
            },
            ..verdict
        },
        _ => verdict,
    }
}

/// Whether `name` is spelled as a program or cmdlet is (`npm`, `Write-Host`, `.\build.ps1`):
/// one a reading made of quotes, carets or line breaks is a misreading, not a program.
fn plain_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.:/\\".contains(&b))
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::*;
    use crate::event::ToolCall;
    use crate::guard::pattern::testing::compiled;
    use crate::policy::{self, Sources};
    use crate::rules::testing::ctx;
    use crate::scratch::Scratch;

    /// The policy `text`, loaded as the explicit layer from a file in a directory named after
    /// the test.
    fn policy(test: &str, text: &str) -> Policy {
        let dir = Scratch::new(&format!("decide-{test}"));
        let file = dir.join("policy.toml");
        std::fs::write(&file, text).expect("policy written");
        load(&file)
    }

    fn load(file: &Path) -> Policy {
        let loaded = policy::load_from(&Sources {
            explicit: Some(file.to_path_buf()),
            check_patterns: true,
            ..Sources::default()
        });
        assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
        loaded.policy
    }

    fn bash(line: &str) -> Event {
        let mut event = Event::new(EventKind::BeforeShell, "PreToolUse", Value::Null);
        event.tool = Some(ToolCall {
            name: "Bash".into(),
            input: json!({ "command": line, "description": "d", "timeout": 5 }),
            shell: Some(ShellCall { line: line.into(), dialect: Dialect::Posix, field: "command".into() }),
            paths: Vec::new(),
            search: None,
        });
        event
    }

    /// `when = {}` holds everywhere, so these rewrites apply whether or not `rtk` is installed.
    const RTK: &str = "[[rewrite]]\ncommand = \"git\"\nargs = [\"status\"]\nprefix = \"rtk\"\nwhen = {}\n";

    /// The bench's 50-rule policy, its rewrites made to apply on any machine, in a file in
    /// `dir`.
    fn bench_policy(dir: &Path) -> PathBuf {
        let bench = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/bench/policy-50-rules.toml"));
        let text = std::fs::read_to_string(bench).expect("the bench policy");
        assert!(!text.contains("when ="), "the bench's rewrites have no `when` of their own");
        let text = text.replace("prefix = \"rtk\"\n", "prefix = \"rtk\"\nwhen = {}\n");
        let file = dir.join("policy.toml");
        std::fs::write(&file, text).expect("policy written");
        file
    }

    #[test]
    fn a_rewrite_replaces_only_the_line_in_the_whole_input() {
        let verdict = decide(&bash("git status"), &policy("whole-input", RTK), &ctx());
        let Decision::Rewrite { input, command, rule } = verdict.decision else { panic!("{verdict:?}") };
        assert_eq!(input, json!({ "command": "rtk git status", "description": "d", "timeout": 5 }));
        assert_eq!((command.as_deref(), rule.as_str()), (Some("rtk git status"), "rewrite.git"));
    }

    /// A tree past the walk's bound (here deeper than it goes) is asked about as not all seen:
    /// the verdict does not wait for the walk, whatever the tree holds.
    #[test]
    fn a_search_of_a_tree_too_large_to_check_asks_and_is_incomplete() {
        let root = Scratch::new("decide-deep-tree");
        let mut deep = root.join("src");
        for level in 0..40 {
            deep.push(format!("d{level}"));
        }
        std::fs::create_dir_all(&deep).unwrap();
        std::fs::write(deep.join("notes.txt"), "TODO\n").unwrap();
        let here = Context { cwd: root.to_path_buf(), project_root: root.to_path_buf(), ..ctx() };
        let decision = decide_shell("grep -rn TODO src", Dialect::Posix, &policy("deep-tree", ""), &here);
        assert_eq!(
            (decision.verdict.label(), decision.verdict.rule()),
            ("ask", Some("files.deny-read-tree")),
            "{:?}",
            decision.verdict
        );
        assert!(decision.analysis.incomplete, "the tree was not all seen");
        let within = (0..9).fold("grep -rn TODO src".to_string(), |line, level| format!("{line}/d{level}"));
        assert_eq!(
            decide_shell(&within, Dialect::Posix, &policy("deep-tree-2", ""), &here).verdict.label(),
            "allow",
            "a root within the bound is walked"
        );
    }

    #[test]
    fn the_rewritten_line_is_guarded_again() {
        let text = format!("{RTK}[[filter]]\ncommand = \"rtk\"\naction = \"ask\"\n");
        let verdict =
            decide_shell("git status", Dialect::Posix, &policy("guarded-again", &text), &ctx()).verdict;
        assert_eq!((verdict.label(), verdict.rule()), ("deny", Some("filter.rtk")));
    }

    #[test]
    fn other_dialects_are_not_rewritten() {
        assert_eq!(
            decide_shell("git status", Dialect::PowerShell, &policy("powershell", RTK), &ctx()).verdict,
            Verdict::allow()
        );
    }

    #[test]
    fn a_cached_policy_decodes_only_the_rules_a_line_can_meet() {
        let dir = Scratch::new("decide-cached-decodes");
        let bench = bench_policy(&dir);
        let cache = dir.join("cache");
        let sources = Sources { explicit: Some(bench), cache: Some(cache.clone()), ..Sources::default() };
        let parsed = policy::load_from(&sources).policy;
        let cached = policy::load_from(&sources).policy;
        assert_eq!(cached.filters.decoded(), 0, "a hit decodes no rule before it is needed");

        let decided =
            |line: &str, policy: &Policy| decide_shell(line, Dialect::Posix, policy, &ctx()).verdict;
        assert_eq!(decided("git status --short", &cached).label(), "rewrite");
        // No filter is on `git` or `rtk`, none of the regexes' literal texts is in the line;
        // one rewrite is on `git`.
        assert_eq!((cached.filters.decoded(), cached.rewrites.decoded()), (0, 1));
        assert_eq!(decided("sudo npm i left-pad", &cached).rule(), Some("filter.npm-install"));
        assert_eq!(cached.filters.decoded(), 1);
        // `python[23]?` starts with `python`; the pattern `git push .*--no-verify` holds
        // `git push `.
        assert_eq!(decided("python3 setup.py bdist", &cached).rule(), Some("filter.python-23-setup.py"));
        assert_eq!(decided("git push origin main", &cached).label(), "allow");
        assert_eq!(cached.filters.decoded(), 3);
        // Line by line, the command table shows that both decide alike (`tests/commands/`).
        assert_eq!(cached, parsed);
        std::fs::remove_dir_all(&cache).expect("cache removed");
    }

    #[test]
    fn the_bench_policy_compiles_no_regex_for_lines_its_regexes_cannot_match() {
        let dir = Scratch::new("decide-no-regex");
        let policy = load(&bench_policy(&dir));
        assert_eq!((policy.filters.len(), policy.rewrites.len()), (30, 10));
        let before = compiled();
        let decided = |line: &str| {
            let verdict = decide_shell(line, Dialect::Posix, &policy, &ctx()).verdict;
            (verdict.label(), verdict.rule().map(str::to_string))
        };
        assert_eq!(decided("git status --short"), ("rewrite", Some("rewrite.git".to_string())));
        assert_eq!(
            decided("cd src && npm install && cargo test -q"),
            ("deny", Some("filter.npm-install".to_string()))
        );
        assert_eq!(compiled(), before);
        // The build-directory exception must start `rm -rf target`, `dist` or `build`.
        assert_eq!(decided("rm -rf /").0, "deny");
        assert_eq!(compiled(), before);
        assert_eq!(decided("rm -rf dist"), ("allow", None));
        assert_eq!(compiled(), before + 1);
        assert_eq!(decided("docker compose down"), ("allow", None));
        assert_eq!(decided("docker rm -f web"), ("ask", Some("filter.docker-compose-rm".to_string())));
    }
}
