//! `test [FILE]`: run the policy's own `[[test]]` cases through the real decision and list
//! the ones that fail.
//!
//! A command case is decided as a shell tool call of the running agent would be; an event case
//! is decoded with the running agent's own decoder, so it checks the wire format too.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::json;

use crate::agent::Agent;
use crate::decide::{as_agent_can_take, decide};
use crate::event::{Event, EventKind, ShellCall, ToolCall};
use crate::policy::{self, Expect, Policy, PolicyTest, TestInput};
use crate::project::Context;
use crate::protocol;
use crate::shell::Dialect;
use crate::verdict::{Decision, Verdict};

/// Longest input shown in the table, in characters.
const MAX_SHOWN: usize = 50;

pub(crate) fn test(agent: &Agent, explicit: Option<&Path>) -> ExitCode {
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/"));
    let loaded = policy::load_checked(&Context::discover(&cwd), explicit);
    for error in &loaded.errors {
        protocol::warn(&format!("error: {error} (the cases of this file were not run)"));
    }
    // The cases run against the policy in force, which leaves out what an untrusted project
    // file would weaken: say so, or its own cases would fail for no visible reason.
    if let Some(file) = loaded.untrusted_layer().and_then(|layer| layer.path.as_deref()) {
        protocol::warn(super::skipped_text(file, &loaded, agent.binary()).trim_end());
    }
    let failures: Vec<Failure<'_>> =
        loaded.policy.tests.iter().filter_map(|case| failure(agent, case, &loaded.policy, &cwd)).collect();
    if !failures.is_empty() {
        protocol::print(&table(&failures, &cwd));
    }
    let passed = loaded.policy.tests.len() - failures.len();
    protocol::print(&format!("{passed} passed, {} failed", failures.len()));
    if failures.is_empty() && loaded.errors.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) }
}

/// A case whose verdict was not the expected one.
struct Failure<'c> {
    case: &'c PolicyTest,
    /// What came out instead, or why the case could not run.
    actual: String,
    rule: Option<String>,
}

fn failure<'c>(agent: &Agent, case: &'c PolicyTest, policy: &Policy, cwd: &Path) -> Option<Failure<'c>> {
    let verdict = match run(agent, case, policy, cwd) {
        Ok(verdict) => verdict,
        Err(why) => return Some(Failure { case, actual: format!("error: {why}"), rule: None }),
    };
    let rewritten = match &verdict.decision {
        Decision::Rewrite { command, .. } => command.as_deref(),
        _ => None,
    };
    let as_expected = verdict.label() == expect_label(case.expect)
        && case.rewritten.as_deref().is_none_or(|expected| rewritten == Some(expected))
        && case.rule.as_deref().is_none_or(|expected| verdict.rule() == Some(expected));
    (!as_expected).then(|| Failure {
        case,
        actual: describe(verdict.label(), rewritten),
        rule: verdict.rule().map(str::to_string),
    })
}

/// The verdict on one case.
fn run(agent: &Agent, case: &PolicyTest, policy: &Policy, cwd: &Path) -> Result<Verdict, String> {
    let event = match &case.input {
        TestInput::Command(line) => shell_event(line),
        TestInput::Event(path) => {
            let bytes = fs_err::read(path).map_err(|e| e.to_string())?;
            agent.decode(&bytes).map_err(|e| format!("{}: {e}", path.display()))?
        }
    };
    let dir = case.cwd.clone().or_else(|| event.cwd.clone()).unwrap_or_else(|| cwd.to_path_buf());
    Ok(as_agent_can_take(agent, &event, decide(&event, policy, &Context::discover(&dir))))
}

/// The shell tool call every agent's shell tool decodes to.
fn shell_event(line: &str) -> Event {
    let mut event = Event::new(EventKind::BeforeShell, "test", json!({}));
    event.tool = Some(ToolCall {
        name: "shell".into(),
        input: json!({ "command": line }),
        shell: Some(ShellCall { line: line.into(), dialect: Dialect::Posix, field: "command".into() }),
        paths: Vec::new(),
        search: None,
    });
    event
}

fn expect_label(expect: Expect) -> &'static str {
    match expect {
        Expect::Allow => "allow",
        Expect::Ask => "ask",
        Expect::Deny => "deny",
        Expect::Rewrite => "rewrite",
    }
}

fn describe(label: &str, rewritten: Option<&str>) -> String {
    match rewritten {
        Some(line) => format!("{label} to `{line}`"),
        None => label.to_string(),
    }
}

fn table(failures: &[Failure<'_>], cwd: &Path) -> String {
    let header = ["case", "input", "expected", "actual", "rule"].map(str::to_string);
    let rows: Vec<[String; 5]> = failures
        .iter()
        .map(|failure| {
            let case = failure.case;
            let origin = &case.origin;
            let file = origin.file.strip_prefix(cwd).unwrap_or(&origin.file);
            let input = match &case.input {
                TestInput::Command(line) => line.clone(),
                TestInput::Event(path) => {
                    format!("event {}", path.strip_prefix(cwd).unwrap_or(path).display())
                }
            };
            let mut expected = describe(expect_label(case.expect), case.rewritten.as_deref());
            if let Some(rule) = &case.rule {
                expected.push_str(&format!(" by {rule}"));
            }
            [
                format!("{}:{}", file.display(), origin.line),
                shorten(&input),
                expected,
                failure.actual.clone(),
                failure.rule.clone().unwrap_or_else(|| "-".to_string()),
            ]
        })
        .collect();
    let widths: Vec<usize> = (0..header.len())
        .map(|column| rows.iter().chain([&header]).map(|row| row[column].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for row in [&header].into_iter().chain(&rows) {
        let cells: Vec<String> =
            row.iter().zip(&widths).map(|(cell, width)| format!("{cell:<width$}")).collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    out
}

/// One line, at most [`MAX_SHOWN`] characters.
fn shorten(input: &str) -> String {
    let line = input.replace('\n', " ");
    match line.char_indices().nth(MAX_SHOWN) {
        Some((cut, _)) => format!("{}…", &line[..cut]),
        None => line,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::Location;

    fn case(input: &str, expect: Expect) -> PolicyTest {
        PolicyTest {
            input: TestInput::Command(input.into()),
            expect,
            rewritten: None,
            rule: None,
            cwd: None,
            origin: Location { file: Path::new("/p/.agent-hooks.toml").into(), line: 7, column: 1 },
        }
    }

    #[test]
    fn the_table_aligns_columns_and_paths_are_relative() {
        let wrong = case("cat .env", Expect::Allow);
        let failures =
            [Failure { case: &wrong, actual: "deny".into(), rule: Some("files.deny-read".into()) }];
        assert_eq!(
            table(&failures, Path::new("/p")),
            "case                 input     expected  actual  rule\n\
             .agent-hooks.toml:7  cat .env  allow     deny    files.deny-read\n"
        );
    }

    #[test]
    fn long_inputs_are_shortened_to_one_line() {
        assert_eq!(shorten("a\nb"), "a b");
        assert_eq!(shorten(&"x".repeat(60)).chars().count(), MAX_SHOWN + 1);
    }
}
