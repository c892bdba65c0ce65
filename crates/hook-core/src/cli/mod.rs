//! The command line shared by every agent binary: flags parsed with lexopt, one function
//! per subcommand.

mod check;
mod explain;
mod init;
mod run;
mod stats;
mod test;

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::agent::Agent;
use crate::protocol;

/// What the user asked for.
#[derive(Debug, PartialEq, Eq)]
enum Command {
    Run,
    Explain { json: bool, cwd: Option<PathBuf>, words: Vec<String> },
    Check,
    Init { project: bool },
    Test { file: Option<PathBuf> },
    Stats,
    Version,
    Help,
}

/// Global options.
#[derive(Debug, PartialEq, Eq)]
struct Args {
    command: Command,
    config: Option<PathBuf>,
}

/// The entry point of every agent binary.
pub fn main(agent: &dyn Agent) -> ExitCode {
    let args = match parse(std::env::args_os().skip(1)) {
        Ok(args) => args,
        Err(e) => {
            protocol::warn(&format!("{}: {e}\nRun `{} --help` for usage.", agent.binary(), agent.binary()));
            return ExitCode::from(2);
        }
    };
    let config = args
        .config
        .or_else(|| std::env::var_os("AGENT_HOOKS_CONFIG").filter(|c| !c.is_empty()).map(PathBuf::from));
    match args.command {
        Command::Run => run::run(agent, config.as_deref()),
        Command::Explain { json, cwd, words } => explain::explain(json, cwd, &words, config.as_deref()),
        Command::Check => check::check(config.as_deref()),
        Command::Init { project } => init::init(project),
        Command::Test { file } => test::test(agent, file.as_deref().or(config.as_deref())),
        Command::Stats => stats::stats(),
        Command::Version => {
            protocol::print(&format!("{} {}", agent.binary(), env!("CARGO_PKG_VERSION")));
            ExitCode::SUCCESS
        }
        Command::Help => {
            protocol::print(&help(agent));
            ExitCode::SUCCESS
        }
    }
}

fn parse(raw: impl IntoIterator<Item = OsString>) -> Result<Args, lexopt::Error> {
    use lexopt::prelude::*;

    let mut parser = lexopt::Parser::from_iter(std::iter::once(OsString::from("hook")).chain(raw));
    let mut config = None;
    let mut subcommand: Option<String> = None;
    let mut json = false;
    let mut project = false;
    let mut cwd = None;
    let mut words = Vec::new();
    let mut file = None;

    while let Some(arg) = parser.next()? {
        match arg {
            Long("config") => config = Some(PathBuf::from(parser.value()?)),
            Long("help") | Short('h') => subcommand = Some("help".into()),
            Long("version") | Short('V') => subcommand = Some("version".into()),
            Long("json") if subcommand.as_deref() == Some("explain") => json = true,
            Long("cwd") if subcommand.as_deref() == Some("explain") => {
                cwd = Some(PathBuf::from(parser.value()?))
            }
            Long("project") if subcommand.as_deref() == Some("init") => project = true,
            Value(value) if subcommand.is_none() => subcommand = Some(value.string()?),
            Value(value) if subcommand.as_deref() == Some("test") && file.is_none() => {
                file = Some(PathBuf::from(value))
            }
            Value(value) if subcommand.as_deref() == Some("explain") => {
                words.push(value.string()?);
                words.extend(parser.raw_args()?.map(|w| w.to_string_lossy().into_owned()));
            }
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
        "explain" => Command::Explain { json, cwd, words },
        "check" => Command::Check,
        "init" => Command::Init { project },
        "test" => Command::Test { file },
        "stats" => Command::Stats,
        "version" => Command::Version,
        "help" => Command::Help,
        other => return Err(lexopt::Error::from(format!("unknown command `{other}`"))),
    };
    Ok(Args { command, config })
}

fn help(agent: &dyn Agent) -> String {
    let bin = agent.binary();
    format!(
        "{bin} {version}: agent-hooks for {name}.
Guards the agent's shell commands, files and prompts with one TOML policy.

Usage:
  {bin} [run]                     answer one event read on stdin (what {name} calls)
  {bin} explain [--json] [--cwd DIR] -- COMMAND...
                                  show how the policy decides a shell command
  {bin} check                     load and validate every policy layer
  {bin} init [--project]          write a commented starter policy
  {bin} test [FILE]               run the policy's [[test]] cases (or those of FILE)
  {bin} stats                     rank the rules of the decision journal by how often they fired
  {bin} version | --version       print the version
  {bin} --help                    print this help

Options:
  --config FILE                   use only this policy file (also: AGENT_HOOKS_CONFIG)
",
        version = env!("CARGO_PKG_VERSION"),
        name = agent.display_name(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> Result<Args, String> {
        parse(words.iter().map(OsString::from)).map_err(|e| e.to_string())
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
                words: vec!["rm".into(), "-rf".into(), "--cwd".into()]
            }
        );
    }

    #[test]
    fn explain_without_command_is_an_error() {
        assert!(args(&["explain", "--json"]).unwrap_err().contains("explain needs a command"));
    }

    #[test]
    fn unknown_subcommand_is_named() {
        assert!(args(&["frobnicate"]).unwrap_err().contains("frobnicate"));
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
