//! `[context]`: what the agent is told about the project once per session, at its start or,
//! where the agent missed that, with the session's first prompt: the date, the git branch and
//! status, recent commits, a listing of the project root and the contents of named files.

use std::io::Read;
use std::path::Path;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::event::Event;
use crate::lifecycle::confine;
use crate::lifecycle::runner::{self, Job};
use crate::lifecycle::shorten::shorten;
use crate::policy::{ContextSettings, Policy};
use crate::project::Context;
use crate::state;
use crate::verdict::{Decision, Verdict};

/// Marks the sessions that were given the context already.
const GIVEN_AREA: &str = "context-given";

/// git answers these in milliseconds; a repository that takes longer is left out.
const GIT_TIMEOUT: Duration = Duration::from_secs(10);

const STATUS_LINES: usize = 40;
const MAX_COMMITS: u32 = 50;
const LISTING_ENTRIES: usize = 100;
/// Characters of each named file.
const FILE_LIMIT: usize = 3000;
/// Characters of the whole context, below Claude Code's 10 000.
const CONTEXT_LIMIT: usize = 9000;

/// The context for a session that starts (or resumes, or was cleared or compacted: the
/// model has lost it then).
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
pub fn at_session_start(event: &Event, policy: &Policy, ctx: &Context) -> Verdict {
    let mut verdict = Verdict::allow();
    if !event.accepts_context || is_empty(&policy.context) {
        return verdict;
    }
    if let Some(text) = gather(&policy.context, ctx, policy.timeout) {
        verdict.add_context(&text);
    }
    mark_given(event.session_id.as_deref());
    verdict
}

/// Add the context to the verdict on a submitted prompt, if this session has not had it
/// (agents whose session start takes no context, such as x-code). A refused prompt gets none.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
pub fn add_to_prompt(mut verdict: Verdict, event: &Event, policy: &Policy, ctx: &Context) -> Verdict {
    if !event.accepts_context
        || is_empty(&policy.context)
        || matches!(verdict.decision, Decision::Deny { .. })
    {
        return verdict;
    }
    let Some(marker) = event.session_id.as_deref().and_then(|id| state::file(GIVEN_AREA, id)) else {
        return verdict;
    };
    if marker.exists() {
        return verdict;
    }
    if let Some(text) = gather(&policy.context, ctx, policy.timeout) {
        verdict.add_context(&text);
    }
    let _ = state::write_atomically(&marker, b"");
    verdict
}

fn is_empty(settings: &ContextSettings) -> bool {
    settings == &ContextSettings::default()
}

fn mark_given(session: Option<&str>) {
    if let Some(marker) = session.and_then(|id| state::file(GIVEN_AREA, id)) {
        let _ = state::write_atomically(&marker, b"");
    }
}

/// Every configured section that has something to say.
fn gather(settings: &ContextSettings, ctx: &Context, timeout: Duration) -> Option<String> {
    let root = &ctx.project_root;
    let in_git = root.join(".git").exists();
    let git_timeout = timeout.min(GIT_TIMEOUT);
    let mut sections = Vec::new();
    if settings.date {
        sections.push(format!("Today is {} (UTC).", today()));
    }
    if settings.git_status && in_git {
        if let Some(status) = git(root, &["status", "--short", "--branch"], git_timeout) {
            sections.push(format!("Git branch and status:\n{}", first_lines(&status, STATUS_LINES)));
        }
    }
    if settings.recent_commits > 0 && in_git {
        let count = settings.recent_commits.min(MAX_COMMITS).to_string();
        if let Some(log) = git(root, &["log", "--oneline", "-n", &count], git_timeout) {
            sections.push(format!("Recent commits:\n{log}"));
        }
    }
    if settings.listing {
        if let Some(listing) = listing(root) {
            sections.push(format!("Files in the project root:\n{listing}"));
        }
    }
    for name in &settings.files {
        if let Some(text) = file_contents(root, name) {
            sections.push(format!("Contents of {name}:\n{text}"));
        }
    }
    if sections.is_empty() {
        return None;
    }
    Some(shorten(&format!("Project context from agent-hooks:\n\n{}", sections.join("\n\n")), CONTEXT_LIMIT))
}

/// What `git ARGS` prints, when it succeeds and prints anything.
fn git(root: &Path, args: &[&str], timeout: Duration) -> Option<String> {
    let argv = std::iter::once("git").chain(args.iter().copied()).map(Into::into).collect();
    // Status must not take the index lock that the agent's own git commands may need.
    let job = Job::new(argv, root, timeout).env("GIT_OPTIONAL_LOCKS", "0");
    let outcome = runner::run(&job).ok().filter(runner::Outcome::succeeded)?;
    let text = String::from_utf8_lossy(&outcome.output.stdout.bytes).trim_end().to_string();
    (!text.is_empty()).then_some(text)
}

fn first_lines(text: &str, count: usize) -> String {
    let total = text.lines().count();
    let mut kept: Vec<&str> = text.lines().take(count).collect();
    let more = format!("... and {} more lines", total.saturating_sub(count));
    if total > count {
        kept.push(&more);
    }
    kept.join("\n")
}

/// The project root's entries, directories marked with `/`, `.git` left out.
fn listing(root: &Path) -> Option<String> {
    let mut names: Vec<String> = std::fs::read_dir(root)
        .ok()?
        .flatten()
        .filter(|entry| entry.file_name() != ".git")
        .map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            if entry.file_type().is_ok_and(|kind| kind.is_dir()) { format!("{name}/") } else { name }
        })
        .collect();
    names.sort();
    (!names.is_empty()).then(|| first_lines(&names.join("\n"), LISTING_ENTRIES))
}

/// The beginning of a named file inside the project.
fn file_contents(root: &Path, name: &str) -> Option<String> {
    let path = confine::file_inside(root, root, Path::new(name)).ok()?;
    let mut bytes = Vec::new();
    // UTF-8 takes at most 4 bytes a character: this is enough for FILE_LIMIT characters.
    std::fs::File::open(path).ok()?.take(FILE_LIMIT as u64 * 4 + 4).read_to_end(&mut bytes).ok()?;
    let text = String::from_utf8_lossy(&bytes);
    Some(shorten(text.trim_end(), FILE_LIMIT))
}

/// Today's date in UTC, as `YYYY-MM-DD`.
fn today() -> String {
    let seconds = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |since| since.as_secs());
    let (year, month, day) = civil_date(i64::try_from(seconds / 86_400).unwrap_or(0));
    format!("{year:04}-{month:02}-{day:02}")
}

/// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's
/// `civil_from_days`).
fn civil_date(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 { month_index + 3 } else { month_index - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, u32::try_from(month).unwrap_or(1), u32::try_from(day).unwrap_or(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(11_016), (2000, 2, 29));
        assert_eq!(civil_date(11_017), (2000, 3, 1));
        assert_eq!(civil_date(19_723), (2024, 1, 1));
        assert_eq!(civil_date(-1), (1969, 12, 31));
    }

    #[test]
    fn long_text_keeps_its_first_lines() {
        assert_eq!(first_lines("a\nb\nc", 2), "a\nb\n... and 1 more lines");
        assert_eq!(first_lines("a\nb", 2), "a\nb");
    }

    #[test]
    fn named_files_stay_inside_the_project() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        assert!(file_contents(root, "Cargo.toml").is_some_and(|text| text.contains("hook-core")));
        assert_eq!(file_contents(root, "../../Cargo.toml"), None);
        assert_eq!(file_contents(root, "/etc/hostname"), None);
    }
}
