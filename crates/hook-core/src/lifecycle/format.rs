//! `[format]`: after the agent wrote or edited a file, run the commands configured for the
//! file's extension on it, and tell the agent which failed and whether they changed the file.
//!
//! The report is context for the model, never a deny: the write has happened, and a deny on
//! an after-tool event means something different to each agent (Gemini replaces the tool's
//! result with it). Where the event cannot carry context, the report is held for a later
//! event ([`crate::lifecycle::pending`]).

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Instant;

use crate::digest::Digest;
use crate::event::Event;
use crate::lifecycle::confine;
use crate::lifecycle::pending::{self, ReportKind};
use crate::lifecycle::runner::{self, Job};
use crate::lifecycle::shorten::shorten;
use crate::policy::Policy;
use crate::project::Context;
use crate::verdict::Verdict;

/// Characters of one command's output shown to the agent.
pub(crate) const OUTPUT_LIMIT: usize = 4000;

/// Characters of all reports of one event together, below Claude Code's 10 000.
const REPORT_LIMIT: usize = 9000;

/// Files up to this size are compared by content; larger ones by size and modification
/// time, which is cheaper to read but also changes when a formatter rewrites a file as it was.
const HASH_LIMIT: u64 = 8 * 1024 * 1024;

/// Run the `[format]` commands on every file the tool wrote, and report.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
pub fn after_write(event: &Event, policy: &Policy, ctx: &Context) -> Verdict {
    let mut verdict = Verdict::allow();
    let Some(tool) = event.tool.as_ref().filter(|_| !policy.format.is_empty()) else { return verdict };
    let mut reports = Vec::new();
    // One deadline for every command of the event: six files and a hanging formatter take
    // `timeout` in all, not six times it (the agent's own timeout would end the hook first).
    let deadline = Instant::now() + policy.timeout;
    for path in &tool.paths {
        let Some(report) = format_file(path, policy, ctx, deadline) else { continue };
        if event.accepts_context {
            reports.push(report.text);
        } else {
            pending::hold(event.session_id.as_deref(), report.kind, &shorten(&report.text, REPORT_LIMIT));
        }
    }
    if !reports.is_empty() {
        verdict.add_context(&shorten(&reports.join("\n\n"), REPORT_LIMIT));
    }
    verdict
}

/// What the commands said about one file.
struct Report {
    text: String,
    /// A problem if any command failed; else a note that the file changed.
    kind: ReportKind,
}

/// Run the commands for `path`; `None` when there is nothing to tell: no commands for its
/// extension, a path outside the project or not a regular file, or commands that passed
/// without touching it.
fn format_file(path: &Path, policy: &Policy, ctx: &Context, deadline: Instant) -> Option<Report> {
    let commands = commands_for(&policy.format, path)?;
    let file = confine::file_inside(&ctx.project_root, &ctx.cwd, path).ok()?;
    let shown = file.strip_prefix(&ctx.project_root).unwrap_or(&file).display().to_string();
    let mut lines = Vec::new();
    let mut failed = false;
    let mut changed = false;
    for command in commands {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            failed = true;
            let seconds = policy.timeout.as_secs();
            lines.push(format!(
                "- `{command}` was not run: this edit's {seconds} s for formatters are used up."
            ));
            continue;
        }
        let before = FileState::read(&file);
        let outcome = runner::argv(command, Some(&file))
            .map_err(|e| format!("`{command}` is not a command that can run: {e}"))
            .and_then(|argv| {
                let job = Job::new(argv, &ctx.project_root, left);
                runner::run(&job).map_err(|e| format!("`{command}` could not run: {e}"))
            });
        let outcome = match outcome {
            Ok(outcome) => outcome,
            Err(problem) => {
                failed = true;
                lines.push(format!("- {problem}"));
                continue;
            }
        };
        let output = outcome.output.for_agent(OUTPUT_LIMIT);
        let this_changed = FileState::read(&file) != before;
        changed |= this_changed;
        if !outcome.succeeded() {
            failed = true;
            lines.push(format!("- `{command}` failed ({}):", outcome.describe(left)));
        } else if this_changed {
            lines.push(format!("- `{command}` changed the file."));
        } else {
            continue;
        }
        if !output.is_empty() {
            lines.push(output);
        }
    }
    if lines.is_empty() {
        return None;
    }
    let mut text = format!("agent-hooks ran the [format] commands for {shown}:\n{}", lines.join("\n"));
    if changed {
        text.push_str(&format!("\n{shown} was changed on disk: re-read it before editing it again."));
    }
    Some(Report { text, kind: if failed { ReportKind::Problem } else { ReportKind::Note } })
}

/// The commands of the longest `[format]` key that the file name ends with, so that a
/// `".d.ts"` entry wins over `".ts"`.
fn commands_for<'p>(format: &'p BTreeMap<String, Vec<String>>, path: &Path) -> Option<&'p [String]> {
    let name = path.file_name()?.to_str()?;
    format
        .iter()
        .filter(|(extension, _)| name.ends_with(extension.as_str()))
        .max_by_key(|(extension, _)| extension.len())
        .map(|(_, commands)| commands.as_slice())
        .filter(|commands| !commands.is_empty())
}

/// Enough of a file to tell whether a command changed it.
#[derive(Debug, PartialEq, Eq)]
enum FileState {
    Content { len: u64, digest: Digest },
    Stamp { len: u64, modified: Option<std::time::SystemTime> },
    Unreadable,
}

impl FileState {
    fn read(path: &Path) -> Self {
        let Ok(meta) = std::fs::metadata(path) else { return Self::Unreadable };
        if meta.len() > HASH_LIMIT {
            return Self::Stamp { len: meta.len(), modified: meta.modified().ok() };
        }
        match std::fs::read(path) {
            Ok(bytes) => Self::Content { len: bytes.len() as u64, digest: Digest::of(&bytes) },
            Err(_) => Self::Unreadable,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longest_matching_extension_wins() {
        let format: BTreeMap<String, Vec<String>> = [
            (".ts".to_string(), vec!["prettier {file}".to_string()]),
            (".d.ts".to_string(), vec![]),
            (".rs".to_string(), vec!["rustfmt {file}".to_string()]),
        ]
        .into();
        assert_eq!(
            commands_for(&format, Path::new("/p/src/main.rs")),
            Some(&["rustfmt {file}".to_string()][..])
        );
        assert_eq!(commands_for(&format, Path::new("a.ts")), Some(&["prettier {file}".to_string()][..]));
        assert_eq!(commands_for(&format, Path::new("a.d.ts")), None);
        assert_eq!(commands_for(&format, Path::new("main.rsx")), None);
    }
}
