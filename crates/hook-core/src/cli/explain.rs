//! `explain`: show how the policy decides a shell command, for people and for scripts.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::json;

use crate::decide::{ShellDecision, decide_shell};
use crate::policy;
use crate::project::Context;
use crate::protocol;
use crate::shell::{Dialect, SimpleCommand};
use crate::verdict::Decision;

pub(crate) fn explain(
    binary: &str,
    json: bool,
    cwd: Option<PathBuf>,
    shell: Dialect,
    words: &[String],
    config: Option<&Path>,
) -> ExitCode {
    let cwd = cwd.or_else(|| std::env::current_dir().ok()).unwrap_or_else(|| PathBuf::from("/"));
    let line = command_line(words, shell);
    let ctx = Context::discover(&cwd);
    let loaded = policy::load(&ctx, config);
    for error in &loaded.errors {
        protocol::warn(&format!("agent-hooks: policy ignored, built-in rules in force: {error}"));
    }
    let decision = decide_shell(&line, shell, &loaded.policy, &ctx);
    let untrusted = loaded.untrusted_layer().and_then(|layer| layer.path.as_deref());
    if json {
        let mut answer = to_json(&decision);
        if let Some(file) = untrusted {
            let skipped: Vec<String> = loaded.skipped.iter().map(ToString::to_string).collect();
            answer["untrusted"] = json!({ "file": file, "skipped": skipped });
        }
        protocol::print(&answer.to_string());
    } else {
        let mut out = to_text(&line, &decision);
        if let Some(file) = untrusted {
            out.push_str(&super::skipped_text(file, &loaded, binary));
        }
        protocol::print(&out);
    }
    ExitCode::SUCCESS
}

/// The command line to judge. One word is a whole line, as the agent would send it
/// (`explain -- "git status && rm -rf ~"`); several words are an argv that the user's shell
/// already split, quoted back so that `explain -- bash -c 'rm -rf ~'` means what it says
/// (for PowerShell and cmd.exe, words with blanks are double-quoted).
fn command_line(words: &[String], shell: Dialect) -> String {
    let quote = |word: &String| match shell {
        Dialect::Posix => shell_quote(word),
        _ if word.contains(char::is_whitespace) => format!("\"{word}\""),
        _ => word.clone(),
    };
    match words {
        [line] => line.clone(),
        _ => words.iter().map(quote).collect::<Vec<_>>().join(" "),
    }
}

/// `word` as one POSIX shell word. `~`, globs and `$` stay bare: a user who quoted them for
/// their own shell meant them as shell syntax in the command being explained.
fn shell_quote(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-+=:,./@%~*?$!^[]{}".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

fn reason(decision: &ShellDecision) -> Option<&str> {
    match &decision.verdict.decision {
        Decision::Allow => None,
        Decision::Ask { reason, .. } | Decision::Deny { reason, .. } => Some(reason),
        Decision::Rewrite { .. } => None,
    }
}

fn rewritten(decision: &ShellDecision) -> Option<&str> {
    match &decision.verdict.decision {
        Decision::Rewrite { command, .. } => command.as_deref(),
        _ => None,
    }
}

fn command_json(command: &SimpleCommand) -> serde_json::Value {
    json!({
        "argv": command.argv.iter().map(|w| w.text.as_str()).collect::<Vec<_>>(),
        "dynamic": command.argv.iter().map(|w| w.dynamic).collect::<Vec<_>>(),
        "via": command.via,
        "text": command.text,
        // Where an earlier `cd` moved the command; null for the starting directory.
        "cwd": command.cwd.as_ref().map(|dir| if dir.dynamic { "(unknown)" } else { dir.text.as_str() }),
    })
}

fn to_json(decision: &ShellDecision) -> serde_json::Value {
    json!({
        "verdict": decision.verdict.label(),
        "rule": decision.verdict.rule(),
        "reason": reason(decision).unwrap_or(""),
        "rewritten": rewritten(decision),
        "skipped_rewrites": decision.skipped_rewrites,
        "commands": decision.analysis.commands.iter().map(command_json).collect::<Vec<_>>(),
        "incomplete": decision.analysis.incomplete,
    })
}

fn to_text(line: &str, decision: &ShellDecision) -> String {
    let mut out = format!("command: {line}\n");
    if decision.analysis.commands.is_empty() {
        out.push_str("simple commands: none\n");
    } else {
        out.push_str("simple commands:\n");
    }
    for (i, command) in decision.analysis.commands.iter().enumerate() {
        let argv: Vec<String> = command
            .argv
            .iter()
            .map(|w| if w.dynamic { format!("{}(dynamic)", w.text) } else { format!("{:?}", w.text) })
            .collect();
        out.push_str(&format!("  {}. {}", i + 1, argv.join(" ")));
        if !command.via.is_empty() {
            out.push_str(&format!("    via {}", command.via.join(" > ")));
        }
        match &command.cwd {
            Some(dir) if dir.dynamic => out.push_str("    in an unknown directory"),
            Some(dir) => out.push_str(&format!("    in {}", dir.text)),
            None => {}
        }
        out.push('\n');
    }
    if decision.analysis.incomplete {
        out.push_str("note: the line could not be fully parsed; the commands above were found\n");
    }
    out.push_str(&format!("verdict: {}", decision.verdict.label()));
    if let Some(rule) = decision.verdict.rule() {
        out.push_str(&format!(" (rule {rule})"));
    }
    out.push('\n');
    if let Some(reason) = reason(decision) {
        out.push_str(&format!("reason: {reason}\n"));
    }
    if let Some(rewritten) = rewritten(decision) {
        out.push_str(&format!("rewritten: {rewritten}\n"));
    }
    for skipped in &decision.skipped_rewrites {
        out.push_str(&format!("note: {skipped}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(words: &[&str]) -> String {
        command_line(&words.iter().map(|w| w.to_string()).collect::<Vec<_>>(), Dialect::Posix)
    }

    #[test]
    fn one_word_is_a_whole_line() {
        assert_eq!(line(&["git status && rm -rf ~"]), "git status && rm -rf ~");
    }

    #[test]
    fn several_words_keep_their_boundaries() {
        assert_eq!(line(&["sudo", "-n", "bash", "-c", "rm -rf ~"]), "sudo -n bash -c 'rm -rf ~'");
        assert_eq!(line(&["echo", "it's", "&&", "ls"]), "echo 'it'\\''s' '&&' ls");
        assert_eq!(line(&["rm", "-rf", "~", "$HOME/x", "*"]), "rm -rf ~ $HOME/x *");
        assert_eq!(line(&["printf", ""]), "printf ''");
    }
}
