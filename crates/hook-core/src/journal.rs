//! The decision journal: one JSON line per deny and ask under
//! `$XDG_STATE_HOME/agent-hooks/journal.jsonl`, for `stats` and for auditing false positives.
//!
//! Several hooks may append at once: the file is opened with `O_APPEND` and each line, kept
//! under [`MAX_LINE`] bytes, goes out in one write, so lines never interleave. Past
//! [`ROTATE_AT`] bytes the file is renamed to `journal.jsonl.1` (replacing the previous one);
//! rename is atomic, and a hook that still holds the old file just finishes its line there.
//! Secrets in commands are redacted. Journaling never changes a decision: its errors are the
//! caller's to report and ignore.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde_json::{Map, Value, json};

use crate::event::Event;
use crate::guard::secrets;
use crate::verdict::{Decision, Verdict};

/// The journal's file name in its directory.
pub const FILE_NAME: &str = "journal.jsonl";

/// Size after which the journal is rotated.
pub const ROTATE_AT: u64 = 1024 * 1024;

/// A line is written with one `write`; below `PIPE_BUF` (4096 on Linux), no system splits it.
pub const MAX_LINE: usize = 4000;

/// Longest command, in characters, kept whole in a line.
const MAX_COMMAND: usize = 1000;

/// Longest other text field, in characters.
const MAX_FIELD: usize = 300;

/// `$XDG_STATE_HOME/agent-hooks/journal.jsonl`, or `~/.local/state/agent-hooks/journal.jsonl`.
pub fn journal_path() -> Option<PathBuf> {
    let state =
        std::env::var_os("XDG_STATE_HOME").filter(|v| !v.is_empty()).map(PathBuf::from).or_else(|| {
            std::env::var_os("HOME")
                .filter(|v| !v.is_empty())
                .map(|home| PathBuf::from(home).join(".local/state"))
        })?;
    Some(state.join("agent-hooks").join(FILE_NAME))
}

/// Where a rotated journal goes: `journal.jsonl.1`.
pub fn rotated_path(journal: &Path) -> PathBuf {
    let mut name = journal.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(".1");
    journal.with_file_name(name)
}

/// Whether the policy's `journal` switch records this verdict: denies and asks only.
pub fn is_journaled(verdict: &Verdict, enabled: bool) -> bool {
    enabled && matches!(verdict.decision, Decision::Deny { .. } | Decision::Ask { .. })
}

/// Append one line for `verdict` on `event` to the journal at `path`.
pub fn record(path: &Path, agent: &str, event: &Event, verdict: &Verdict) -> io::Result<()> {
    append(path, &line(SystemTime::now(), agent, event, verdict))
}

/// The journal line (with its newline) for `verdict` on `event` at `time`.
pub fn line(time: SystemTime, agent: &str, event: &Event, verdict: &Verdict) -> String {
    let seconds = time.duration_since(UNIX_EPOCH).map_or(0, |since| since.as_secs());
    let mut entry = Map::new();
    entry.insert("time".into(), json!(rfc3339(seconds)));
    entry.insert("agent".into(), json!(agent));
    entry.insert("event".into(), json!(clip(&event.name, MAX_FIELD)));
    entry.insert("verdict".into(), json!(verdict.label()));
    entry.insert("rule".into(), json!(verdict.rule().map(|rule| clip(rule, MAX_FIELD))));
    entry.insert("cwd".into(), json!(event.cwd.as_ref().map(|cwd| clip(&cwd.to_string_lossy(), MAX_FIELD))));
    if let Some(tool) = &event.tool {
        entry.insert("tool".into(), json!(clip(&tool.name, MAX_FIELD)));
    }
    if let Some(shell) = event.shell() {
        entry.insert("command".into(), json!(clip(&secrets::redact(&shell.line), MAX_COMMAND)));
    }
    if let Some(tool) = event.tool.as_ref().filter(|tool| !tool.paths.is_empty()) {
        let paths: Vec<String> =
            tool.paths.iter().map(|path| clip(&path.to_string_lossy(), MAX_FIELD)).collect();
        entry.insert("paths".into(), json!(paths));
    }
    match &verdict.decision {
        Decision::Ask { reason, .. } | Decision::Deny { reason, .. } => {
            entry.insert("reason".into(), json!(clip(&secrets::redact(reason), MAX_FIELD)));
        }
        Decision::Rewrite { command: Some(command), .. } => {
            entry.insert("rewritten".into(), json!(clip(&secrets::redact(command), MAX_COMMAND)));
        }
        Decision::Rewrite { command: None, .. } | Decision::Allow => {}
    }
    let mut text = Value::Object(entry.clone()).to_string();
    if text.len() >= MAX_LINE {
        // Escapes can make even clipped fields long; keep the line's identity, drop the detail.
        for key in ["reason", "rewritten", "paths", "command"] {
            entry.remove(key);
        }
        entry.insert("clipped".into(), json!(true));
        text = Value::Object(entry).to_string();
    }
    text.push('\n');
    text
}

fn append(path: &Path, line: &str) -> io::Result<()> {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir)?;
    }
    let mut file = open(path)?;
    if file.metadata()?.len() >= ROTATE_AT && still_at(&file, path)? {
        fs::rename(path, rotated_path(path))?;
        file = open(path)?;
    }
    file.write_all(line.as_bytes())
}

fn open(path: &Path) -> io::Result<File> {
    OpenOptions::new().create(true).append(true).open(path)
}

/// Whether `path` is still the file we opened: another hook may have rotated it meanwhile,
/// and rotating again would throw its fresh journal over the full one.
#[cfg(unix)]
fn still_at(file: &File, path: &Path) -> io::Result<bool> {
    use std::os::unix::fs::MetadataExt;
    let (opened, named) = (file.metadata()?, fs::metadata(path)?);
    Ok(opened.dev() == named.dev() && opened.ino() == named.ino())
}

#[cfg(not(unix))]
fn still_at(_file: &File, _path: &Path) -> io::Result<bool> {
    Ok(true)
}

/// At most `max` characters of `text`, marked with `…` when cut.
fn clip(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

/// `seconds` since the Unix epoch as `YYYY-MM-DDTHH:MM:SSZ`.
pub fn rfc3339(seconds: u64) -> String {
    let days = seconds / 86_400;
    let of_day = seconds % 86_400;
    let (year, month, day) = civil_from_days(days);
    format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z", of_day / 3600, of_day / 60 % 60, of_day % 60)
}

/// The proleptic Gregorian date of day `days` after 1970-01-01 (Howard Hinnant's
/// `civil_from_days`, for non-negative days).
fn civil_from_days(days: u64) -> (u64, u64, u64) {
    let z = days + 719_468;
    let era = z / 146_097;
    let day_of_era = z % 146_097;
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 { shifted_month + 3 } else { shifted_month - 9 };
    let year = year_of_era + era * 400 + u64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::event::{EventKind, ShellCall, ToolCall};
    use crate::shell::Dialect;

    fn shell_event(line: &str) -> Event {
        let mut event = Event::new(EventKind::BeforeShell, "PreToolUse", Value::Null);
        event.cwd = Some(PathBuf::from("/home/dev/app"));
        event.tool = Some(ToolCall {
            name: "Bash".into(),
            input: json!({ "command": line }),
            shell: Some(ShellCall { line: line.into(), dialect: Dialect::Posix, field: "command".into() }),
            paths: Vec::new(),
        });
        event
    }

    fn temp_journal(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("agent-hooks-journal-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir.join(FILE_NAME)
    }

    #[test]
    fn times_are_utc_rfc3339() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(rfc3339(1_700_000_000), "2023-11-14T22:13:20Z");
        assert_eq!(rfc3339(4_102_444_799), "2099-12-31T23:59:59Z");
    }

    #[test]
    fn a_line_names_the_rule_and_redacts_the_command() {
        let event = shell_event("AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE npm install");
        let verdict = Verdict::deny("filter.npm", "Use pnpm");
        let text = line(UNIX_EPOCH + Duration::from_secs(1_700_000_000), "claude-hook", &event, &verdict);
        assert!(text.ends_with('\n') && text.len() < MAX_LINE);
        let entry: Value = serde_json::from_str(&text).expect("one JSON object");
        assert_eq!(
            entry,
            json!({"time": "2023-11-14T22:13:20Z", "agent": "claude-hook", "event": "PreToolUse",
                "verdict": "deny", "rule": "filter.npm", "cwd": "/home/dev/app", "tool": "Bash",
                "command": "AWS_ACCESS_KEY_ID=[redacted: an AWS access key id] npm install",
                "reason": "Use pnpm"})
        );
    }

    #[test]
    fn long_commands_keep_lines_short() {
        let event = shell_event(&"\u{1}".repeat(50_000));
        let text = line(SystemTime::now(), "claude-hook", &event, &Verdict::deny("r", "x"));
        assert!(text.len() < MAX_LINE, "{}", text.len());
        assert!(text.contains("\"clipped\":true"));
    }

    #[test]
    fn only_denies_and_asks_are_journaled() {
        assert!(is_journaled(&Verdict::deny("a", "b"), true));
        assert!(is_journaled(&Verdict::ask("a", "b"), true));
        assert!(!is_journaled(&Verdict::deny("a", "b"), false));
        assert!(!is_journaled(&Verdict::allow(), true));
    }

    #[test]
    fn a_full_journal_is_rotated_once() {
        let path = temp_journal("rotate");
        let event = shell_event("npm install");
        let verdict = Verdict::deny("filter.npm", "no");
        fs::create_dir_all(path.parent().expect("dir")).expect("dir");
        fs::write(&path, "x".repeat(usize::try_from(ROTATE_AT).expect("fits"))).expect("fill");
        record(&path, "claude-hook", &event, &verdict).expect("append");
        record(&path, "claude-hook", &event, &verdict).expect("append");
        let rotated = fs::metadata(rotated_path(&path)).expect("rotated").len();
        assert_eq!(rotated, ROTATE_AT);
        assert_eq!(fs::read_to_string(&path).expect("journal").lines().count(), 2);
        let _ = fs::remove_dir_all(path.parent().expect("dir"));
    }
}
