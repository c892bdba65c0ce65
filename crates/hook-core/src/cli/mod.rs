//! The command line shared by every agent binary: flags parsed with lexopt, one function
//! per subcommand.

mod check;
mod explain;
mod init;
mod install;
mod rules;
mod run;
mod stats;
mod test;
mod trust;

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::agent::{Agent, SettingsScope};
use crate::protocol;
use crate::shell::Dialect;
use crate::spelling::did_you_mean;

/// What the user asked for.
#[derive(Debug, PartialEq, Eq)]
enum Command {
    Run,
    Explain {
        json: bool,
        cwd: Option<PathBuf>,
        shell: Dialect,
        words: Vec<String>,
    },
    Check,
    Init {
        project: bool,
    },
    Install {
        scope: SettingsScope,
        dry_run: bool,
    },
    Uninstall {
        scope: SettingsScope,
        dry_run: bool,
    },
    Doctor,
    Test {
        file: Option<PathBuf>,
    },
    Stats,
    Rules,
    Trust(trust::Request),
    Untrust(trust::Request),
    Version,
    /// The whole help, or one command's (`help CMD`, `CMD --help`).
    Help(Option<String>),
}

/// Global options.
#[derive(Debug, PartialEq, Eq)]
struct Args {
    command: Command,
    config: Option<PathBuf>,
}

/// Every agent binary, given the arguments after the program name (see [`crate::entry`]).
pub fn main(agent: &Agent, raw: impl IntoIterator<Item = OsString>) -> ExitCode {
    let mut subcommand = None;
    let args = match parse(raw, &mut subcommand) {
        Ok(args) => args,
        Err(e) => {
            // The help of the command the mistake was made in, when it is one.
            let bin = agent.binary();
            let known =
                |command: &String| command != "help" && COMMANDS.iter().any(|(name, ..)| name == command);
            let help = match subcommand.filter(known) {
                Some(command) => format!("{bin} {command} --help"),
                None => format!("{bin} --help"),
            };
            protocol::warn(&format!("{bin}: {e}\nRun `{help}` for usage."));
            return ExitCode::from(2);
        }
    };
    let named = args.config.clone();
    let config = args.config.or_else(|| {
        crate::environment::var_os("AGENT_HOOKS_CONFIG").filter(|c| !c.is_empty()).map(PathBuf::from)
    });
    match args.command {
        Command::Run => run::run(agent, config.as_deref()),
        // A policy file named on the command line must be there: a typo would otherwise run
        // every command against the built-in policy alone.
        _ if named.as_ref().is_some_and(|file| !file.exists()) => {
            let file = named.as_deref().unwrap_or(std::path::Path::new("")).display().to_string();
            protocol::warn(&format!("{}: --config {file}: no such file", agent.binary()));
            ExitCode::from(2)
        }
        command => other(agent, command, config),
    }
}

/// Every subcommand but `run`. Kept out of line: inlined into [`main`], their code would sit
/// between the instructions each hook call runs, and every 64 KB of code a call touches
/// costs it a page fault.
#[cold]
#[inline(never)]
fn other(agent: &Agent, command: Command, config: Option<PathBuf>) -> ExitCode {
    match command {
        Command::Run => run::run(agent, config.as_deref()),
        Command::Explain { json, cwd, shell, words } => {
            explain::explain(agent.binary(), json, cwd, shell, &words, config.as_deref())
        }
        Command::Check => check::check(agent.binary(), config.as_deref()),
        Command::Init { project } => init::init(project),
        Command::Install { scope, dry_run } => install::install(agent, scope, dry_run),
        Command::Uninstall { scope, dry_run } => install::uninstall(agent, scope, dry_run),
        Command::Doctor => install::doctor(agent),
        Command::Test { file } => test::test(agent, file.as_deref().or(config.as_deref())),
        Command::Stats => stats::stats(),
        Command::Rules => rules::rules(config.as_deref()),
        Command::Trust(request) => trust::trust(agent.binary(), &request),
        Command::Untrust(request) => trust::untrust(&request),
        Command::Version => {
            protocol::print(&format!("{} {}", agent.binary(), env!("CARGO_PKG_VERSION")));
            ExitCode::SUCCESS
        }
        Command::Help(None) => {
            protocol::print(&help(agent));
            ExitCode::SUCCESS
        }
        Command::Help(Some(command)) => {
            protocol::print(&command_help(agent, &command));
            ExitCode::SUCCESS
        }
    }
}

/// The command line; `subcommand` is left naming the command being parsed, for the hint of an
/// error.
fn parse(
    raw: impl IntoIterator<Item = OsString>,
    subcommand: &mut Option<String>,
) -> Result<Args, lexopt::Error> {
    use lexopt::prelude::*;

    let mut parser = lexopt::Parser::from_iter(std::iter::once(OsString::from("hook")).chain(raw));
    let mut config = None;
    let mut json = false;
    let mut project = false;
    let mut cwd = None;
    let mut shell = Dialect::Posix;
    let mut words = Vec::new();
    let mut scope = None;
    let mut dry_run = false;
    let mut file = None;
    let mut yes = false;
    let mut help_for: Option<String> = None;

    while let Some(arg) = parser.next()? {
        match arg {
            Long("config") => config = Some(PathBuf::from(parser.value()?)),
            Long("help") | Short('h') => {
                // `CMD --help` is that command's help; `--help` alone the whole help.
                help_for = subcommand.take().filter(|command| command != "help");
                *subcommand = Some("help".into());
            }
            Long("version") | Short('V') => *subcommand = Some("version".into()),
            Long("json") if subcommand.as_deref() == Some("explain") => json = true,
            Long("cwd") if subcommand.as_deref() == Some("explain") => {
                cwd = Some(PathBuf::from(parser.value()?))
            }
            Long("shell") if subcommand.as_deref() == Some("explain") => {
                shell = match parser.value()?.string()?.as_str() {
                    "sh" | "bash" | "posix" => Dialect::Posix,
                    "powershell" | "pwsh" => Dialect::PowerShell,
                    "cmd" => Dialect::Cmd,
                    other => {
                        return Err(lexopt::Error::from(format!(
                            "unknown shell `{other}`: use posix, powershell or cmd"
                        )));
                    }
                }
            }
            Long("project") if subcommand.as_deref() == Some("init") => project = true,
            Long(flag @ ("user" | "project" | "local")) if edits_settings(subcommand.as_deref()) => {
                let chosen = match flag {
                    "user" => SettingsScope::User,
                    "project" => SettingsScope::Project,
                    _ => SettingsScope::Local,
                };
                if scope.is_some_and(|s| s != chosen) {
                    return Err(lexopt::Error::from("choose one of --user, --project and --local"));
                }
                scope = Some(chosen);
            }
            Long("dry-run") if edits_settings(subcommand.as_deref()) => dry_run = true,
            Long("yes") if subcommand.as_deref() == Some("trust") => yes = true,
            Value(value) if subcommand.is_none() => *subcommand = Some(value.string()?),
            Value(value) if subcommand.as_deref() == Some("help") && help_for.is_none() => {
                help_for = Some(value.string()?)
            }
            Value(value)
                if matches!(subcommand.as_deref(), Some("test" | "trust" | "untrust")) && file.is_none() =>
            {
                file = Some(PathBuf::from(value))
            }
            Value(value) if subcommand.as_deref() == Some("explain") => {
                words.push(value.string()?);
                words.extend(parser.raw_args()?.map(|w| w.to_string_lossy().into_owned()));
            }
            Long(option) => return Err(lexopt::Error::from(unknown_option(option, subcommand.as_deref()))),
            _ => return Err(arg.unexpected()),
        }
    }

    let command = match subcommand.as_deref().unwrap_or("run") {
        "run" => Command::Run,
        "explain" if words.is_empty() => {
            return Err(lexopt::Error::from(
                "explain needs a command: explain [--json] [--cwd DIR] -- COMMAND...",
            ));
        }
        "explain" => Command::Explain { json, cwd, shell, words },
        "check" => Command::Check,
        "init" => Command::Init { project },
        "install" => Command::Install { scope: scope.unwrap_or(SettingsScope::User), dry_run },
        "uninstall" => Command::Uninstall { scope: scope.unwrap_or(SettingsScope::User), dry_run },
        "doctor" => Command::Doctor,
        "test" => Command::Test { file },
        "stats" => Command::Stats,
        "rules" => Command::Rules,
        "trust" => Command::Trust(trust::Request { file, yes }),
        "untrust" => Command::Untrust(trust::Request { file, yes }),
        "version" => Command::Version,
        "help" => match help_for {
            Some(command) if !COMMANDS.iter().any(|(name, ..)| *name == command) => {
                return Err(lexopt::Error::from(unknown_command(&command)));
            }
            command => Command::Help(command),
        },
        other => return Err(lexopt::Error::from(unknown_command(other))),
    };
    Ok(Args { command, config })
}

/// What an untrusted project file would have changed, for `explain`, `check` and
/// `test`.
pub(crate) fn skipped_text(file: &std::path::Path, loaded: &crate::policy::Loaded, binary: &str) -> String {
    let mut out = format!(
        "untrusted: {} is not trusted, so these of its settings are not applied (`{binary} trust` reviews and trusts it):\n",
        file.display()
    );
    for skip in &loaded.skipped {
        out.push_str(&format!("  {skip}\n"));
    }
    out
}

/// Each command: its usage, what it does, and examples, for `help CMD` and `CMD --help`.
const COMMANDS: &[(&str, &str, &str, &[&str])] = &[
    (
        "run",
        "run",
        "Answer one event read on stdin, as the agent calls the hook (the default command).",
        &["BIN < event.json"],
    ),
    (
        "explain",
        "explain [--json] [--cwd DIR] [--shell posix|powershell|cmd] -- COMMAND...",
        "Show how the policy decides a shell command: the simple commands found, the rule that fired, the verdict, and what was not seen.",
        &[
            "BIN explain -- 'rm -rf ~'",
            "BIN explain --json -- 'curl -fsSL x.sh | sh'",
            "BIN explain --shell powershell -- 'Remove-Item -Recurse C:\\'",
        ],
    ),
    (
        "check",
        "check",
        "Load and validate every policy layer; errors as file:line:col.",
        &["BIN check", "BIN --config policy.toml check"],
    ),
    (
        "test",
        "test [FILE]",
        "Run the policy's [[test]] cases (or those of FILE) through the real decision.",
        &["BIN test", "BIN test .agent-hooks.toml"],
    ),
    (
        "init",
        "init [--project]",
        "Write a commented starter policy (the user's, or .agent-hooks.toml with --project), never over an existing file.",
        &["BIN init", "BIN init --project"],
    ),
    ("stats", "stats", "Rank the rules of the decision journal by how often they fired.", &["BIN stats"]),
    (
        "rules",
        "rules",
        "List every built-in pack and rule id, with the action the policy gives it.",
        &["BIN rules"],
    ),
    (
        "install",
        "install [--user | --project | --local] [--dry-run]",
        "Register the hook with the agent: in the user's settings (default), the project's shared ones or its personal ones. Keeps a backup; --dry-run prints the diff.",
        &["BIN install", "BIN install --project --dry-run"],
    ),
    (
        "uninstall",
        "uninstall [--user | --project | --local] [--dry-run]",
        "Remove exactly what install added.",
        &["BIN uninstall", "BIN uninstall --local"],
    ),
    (
        "doctor",
        "doctor",
        "Show where the hook is registered and prove each registration answers.",
        &["BIN doctor"],
    ),
    (
        "trust",
        "trust [FILE] [--yes]",
        "Show what the project policy would weaken or run and, once you confirm, let it. An edit undoes the trust.",
        &["BIN trust", "BIN trust path/to/.agent-hooks.toml --yes"],
    ),
    ("untrust", "untrust [FILE]", "Withdraw trust from a project policy.", &["BIN untrust"]),
    ("version", "version", "Print the version (also --version).", &["BIN version"]),
    ("help", "help [COMMAND]", "Print the help, or one command's.", &["BIN help explain"]),
];

/// One command's help, with examples.
fn command_help(agent: &Agent, command: &str) -> String {
    let bin = agent.binary();
    let Some((_, usage, what, examples)) = COMMANDS.iter().find(|(name, ..)| *name == command) else {
        return help(agent);
    };
    let mut out = format!("Usage: {bin} {usage}\n\n{what}\n\nExamples:\n");
    for example in *examples {
        out.push_str(&format!("  {}\n", example.replace("BIN", bin)));
    }
    out
}

/// `unknown command `x``, with the closest command when one is near.
fn unknown_command(command: &str) -> String {
    let names = COMMANDS.iter().map(|(name, ..)| *name);
    match did_you_mean(command, names) {
        Some(near) => format!("unknown command `{command}`; did you mean `{near}`?"),
        None => format!("unknown command `{command}`"),
    }
}

/// The options every command takes.
const GLOBAL_OPTIONS: [&str; 3] = ["--config", "--help", "--version"];

/// The options `command` takes: those its usage in [`COMMANDS`] lists, and the global ones.
fn options_of(command: Option<&str>) -> Vec<&'static str> {
    let usage = COMMANDS.iter().find(|(name, ..)| Some(*name) == command).map_or("", |(_, usage, ..)| *usage);
    let own = usage
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .filter(|word| word.len() > 2 && word.starts_with("--"));
    GLOBAL_OPTIONS.into_iter().chain(own).collect()
}

/// `--option` that `command` does not take: which commands do take it, or the nearest one
/// it does.
fn unknown_option(option: &str, command: Option<&str>) -> String {
    let option = format!("--{option}");
    let takers: Vec<&str> = COMMANDS
        .iter()
        .map(|(name, ..)| *name)
        .filter(|name| options_of(Some(name)).contains(&option.as_str()))
        .collect();
    let mut message = match command {
        Some(command) => format!("`{command}` has no option `{option}`"),
        None if !takers.is_empty() => format!("`{option}` goes after its command"),
        None => format!("unknown option `{option}`"),
    };
    if !takers.is_empty() {
        message.push_str(&format!(" (it is an option of {})", takers.join(", ")));
    } else if let Some(near) = did_you_mean(&option, options_of(command)) {
        message.push_str(&format!("; did you mean `{near}`?"));
    }
    message
}

/// The subcommands that take a settings scope and `--dry-run`.
fn edits_settings(subcommand: Option<&str>) -> bool {
    matches!(subcommand, Some("install" | "uninstall"))
}

fn help(agent: &Agent) -> String {
    let bin = agent.binary();
    format!(
        "{bin} {version}: agent-hooks for {name}.
Guards the agent's shell commands, files and prompts with one TOML policy.

Usage: {bin} [COMMAND] [OPTIONS]

Commands:
  run                 answer one event read on stdin (the default; what {name} calls)
  explain [--json] [--cwd DIR] [--shell posix|powershell|cmd] -- COMMAND...
                      show how the policy decides a shell command
  check               load and validate every policy layer
  init [--project]    write a commented starter policy
  install [--user | --project | --local] [--dry-run]
                      register {bin} with {name}: user settings (default), the
                      project's shared or personal ones; keeps a backup;
                      --dry-run prints the diff and writes nothing
  uninstall [--user | --project | --local] [--dry-run]
                      remove exactly what install added
  doctor              show where {bin} is registered and prove it answers
  test [FILE]         run the policy's [[test]] cases (or those of FILE)
  stats               rank the rules of the decision journal by how often they fired
  rules               list every built-in pack and rule id, with its action
  trust [FILE] [--yes]
                      show what the project policy (FILE, or the one here) would
                      weaken or run, and once you confirm, let it: until then
                      only its stricter rules apply; an edit undoes the trust
  untrust [FILE]      withdraw that trust
  version             print the version (also --version)

Options:
  --config FILE       use only this policy file (also: AGENT_HOOKS_CONFIG)
  -h, --help          print this help
",
        version = env!("CARGO_PKG_VERSION"),
        name = agent.display_name(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> Result<Args, String> {
        parse(words.iter().map(OsString::from), &mut None).map_err(|e| e.to_string())
    }

    #[test]
    fn no_arguments_means_run() {
        assert_eq!(args(&[]).unwrap().command, Command::Run);
    }

    #[test]
    fn explain_takes_everything_after_double_dash() {
        let parsed = args(&["--config", "p.toml", "explain", "--json", "--", "rm", "-rf", "--cwd"]).unwrap();
        assert_eq!(parsed.config, Some(PathBuf::from("p.toml")));
        assert_eq!(
            parsed.command,
            Command::Explain {
                json: true,
                cwd: None,
                shell: Dialect::Posix,
                words: vec!["rm".into(), "-rf".into(), "--cwd".into()]
            }
        );
    }

    #[test]
    fn explain_takes_a_shell() {
        let parsed = args(&["explain", "--shell", "powershell", "--", "Remove-Item", "x"]).unwrap();
        assert!(matches!(parsed.command, Command::Explain { shell: Dialect::PowerShell, .. }));
        assert!(
            args(&["explain", "--shell", "fish", "--", "ls"]).unwrap_err().contains("unknown shell `fish`")
        );
    }

    #[test]
    fn explain_without_command_is_an_error() {
        assert!(args(&["explain", "--json"]).unwrap_err().contains("explain needs a command"));
    }

    #[test]
    fn an_unknown_option_gets_the_nearest_one_or_the_commands_that_take_it() {
        assert_eq!(
            options_of(Some("explain")),
            ["--config", "--help", "--version", "--json", "--cwd", "--shell"]
        );
        assert_eq!(
            args(&["explain", "--jsn", "--", "ls"]).unwrap_err(),
            "`explain` has no option `--jsn`; did you mean `--json`?"
        );
        assert_eq!(
            args(&["--confg", "p.toml", "check"]).unwrap_err(),
            "unknown option `--confg`; did you mean `--config`?"
        );
        assert_eq!(
            args(&["check", "--project"]).unwrap_err(),
            "`check` has no option `--project` (it is an option of init, install, uninstall)"
        );
        assert_eq!(
            args(&["--dry-run", "install"]).unwrap_err(),
            "`--dry-run` goes after its command (it is an option of install, uninstall)"
        );
        assert_eq!(args(&["stats", "--frobnicate"]).unwrap_err(), "`stats` has no option `--frobnicate`");
    }

    #[test]
    fn unknown_subcommand_is_named() {
        assert!(args(&["frobnicate"]).unwrap_err().contains("frobnicate"));
    }

    #[test]
    fn install_defaults_to_the_user_settings() {
        assert_eq!(
            args(&["install"]).unwrap().command,
            Command::Install { scope: SettingsScope::User, dry_run: false }
        );
    }

    #[test]
    fn install_and_uninstall_take_a_scope_and_dry_run() {
        assert_eq!(
            args(&["install", "--project", "--dry-run"]).unwrap().command,
            Command::Install { scope: SettingsScope::Project, dry_run: true }
        );
        assert_eq!(
            args(&["uninstall", "--local"]).unwrap().command,
            Command::Uninstall { scope: SettingsScope::Local, dry_run: false }
        );
        assert_eq!(args(&["doctor"]).unwrap().command, Command::Doctor);
    }

    #[test]
    fn two_scopes_are_an_error() {
        assert!(args(&["install", "--user", "--local"]).unwrap_err().contains("choose one"));
        assert!(args(&["install", "--local", "--local"]).is_ok());
    }

    #[test]
    fn settings_flags_only_for_install_and_uninstall() {
        assert!(args(&["doctor", "--dry-run"]).is_err());
        assert!(args(&["check", "--local"]).is_err());
        assert!(args(&["--dry-run", "install"]).is_err());
    }

    #[test]
    fn test_takes_an_optional_file() {
        assert_eq!(args(&["test"]).unwrap().command, Command::Test { file: None });
        assert_eq!(
            args(&["test", "p.toml"]).unwrap().command,
            Command::Test { file: Some(PathBuf::from("p.toml")) }
        );
        assert!(args(&["test", "a.toml", "b.toml"]).is_err());
    }

    #[test]
    fn trust_takes_an_optional_file_and_yes() {
        let request = |file: Option<&str>, yes| trust::Request { file: file.map(PathBuf::from), yes };
        assert_eq!(args(&["trust"]).unwrap().command, Command::Trust(request(None, false)));
        assert_eq!(
            args(&["trust", "repo", "--yes"]).unwrap().command,
            Command::Trust(request(Some("repo"), true))
        );
        assert_eq!(
            args(&["untrust", "repo"]).unwrap().command,
            Command::Untrust(request(Some("repo"), false))
        );
        assert!(args(&["untrust", "--yes"]).is_err());
        assert!(args(&["check", "--yes"]).is_err());
    }

    #[test]
    fn stats_takes_nothing() {
        assert_eq!(args(&["stats"]).unwrap().command, Command::Stats);
        assert!(args(&["stats", "x"]).is_err());
    }

    #[test]
    fn project_flag_only_for_init() {
        assert_eq!(args(&["init", "--project"]).unwrap().command, Command::Init { project: true });
        assert!(args(&["check", "--project"]).is_err());
    }
}
