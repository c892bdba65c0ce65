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
use std::io::{self, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

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
    Some(crate::state::state_dir()?.join(FILE_NAME))
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

/// The journal line (with its newline) for `verdict` on `event` at `time`.
pub fn line(time: SystemTime, agent: &str, event: &Event, verdict: &Verdict) -> String {
    let seconds = time.duration_since(UNIX_EPOCH).map_or(0, |since| since.as_secs());
    let mut entry = Object::default();
    entry.string("time", &rfc3339(seconds), usize::MAX);
    entry.string("agent", agent, usize::MAX);
    entry.string("event", &event.name, MAX_FIELD);
    entry.string("verdict", verdict.label(), usize::MAX);
    entry.key("rule");
    entry.optional(verdict.rule(), MAX_FIELD);
    entry.key("cwd");
    entry.optional(event.cwd.as_ref().map(|cwd| cwd.to_string_lossy()).as_deref(), MAX_FIELD);
    if let Some(tool) = &event.tool {
        entry.string("tool", &tool.name, MAX_FIELD);
    }
    // What identifies the call ends here; the details after it are dropped from a long line.
    let identity = entry.text.len();
    if let Some(shell) = event.shell() {
        entry.string("command", &secrets::redact(&shell.line), MAX_COMMAND);
    }
    if let Some(tool) = event.tool.as_ref().filter(|tool| !tool.paths.is_empty()) {
        entry.key("paths");
        for (index, path) in tool.paths.iter().enumerate() {
            entry.text.push(if index == 0 { '[' } else { ',' });
            entry.value(&path.to_string_lossy(), MAX_FIELD);
        }
        entry.text.push(']');
    }
    match &verdict.decision {
        Decision::Ask { reason, .. } | Decision::Deny { reason, .. } => {
            entry.string("reason", &secrets::redact(reason), MAX_FIELD);
        }
        Decision::Rewrite { command: Some(command), .. } => {
            entry.string("rewritten", &secrets::redact(command), MAX_COMMAND);
        }
        Decision::Rewrite { command: None, .. } | Decision::Allow => {}
    }
    // The object's length once closed by its `}`.
    if entry.text.len() + 1 >= MAX_LINE {
        // Escapes can make even clipped fields long; keep the line's identity, drop the detail.
        entry.text.truncate(identity);
        entry.key("clipped");
        entry.text.push_str("true");
    }
    entry.text.push_str("}\n");
    entry.text
}

/// A JSON object written member by member, in order, with strings escaped exactly as
/// `serde_json` escapes them: the lines are the bytes they were when built with it, without
/// building a map of values first.
#[derive(Default)]
struct Object {
    text: String,
}

impl Object {
    /// Start the member `key`, a plain name with nothing to escape.
    fn key(&mut self, key: &str) {
        if self.text.is_empty() {
            self.text.reserve(512);
            self.text.push('{');
        } else {
            self.text.push(',');
        }
        self.text.push('"');
        self.text.push_str(key);
        self.text.push_str("\":");
    }

    /// The member `key` with at most `max` characters of `value`.
    fn string(&mut self, key: &str, value: &str, max: usize) {
        self.key(key);
        self.value(value, max);
    }

    /// At most `max` characters of `value`, or `null` without a value.
    fn optional(&mut self, value: Option<&str>, max: usize) {
        match value {
            Some(value) => self.value(value, max),
            None => self.text.push_str("null"),
        }
    }

    /// At most `max` characters of `value` as a JSON string, marked with `…` when cut.
    fn value(&mut self, value: &str, max: usize) {
        let cut = if value.len() > max { value.char_indices().nth(max).map(|(cut, _)| cut) } else { None };
        self.text.push('"');
        self.escaped(&value[..cut.unwrap_or(value.len())]);
        if cut.is_some() {
            self.text.push('…');
        }
        self.text.push('"');
    }

    fn escaped(&mut self, value: &str) {
        let mut plain = 0;
        for (at, byte) in value.bytes().enumerate() {
            let escape = ESCAPES[usize::from(byte)];
            if escape == 0 {
                continue;
            }
            // Only ASCII bytes are escaped, so `at` is a character boundary.
            self.text.push_str(&value[plain..at]);
            self.text.push('\\');
            self.text.push(char::from(escape));
            if escape == b'u' {
                self.text.push_str("00");
                self.text.push(char::from(HEX_DIGITS[usize::from(byte >> 4)]));
                self.text.push(char::from(HEX_DIGITS[usize::from(byte & 0xf)]));
            }
            plain = at + 1;
        }
        self.text.push_str(&value[plain..]);
    }
}

/// For each byte, what follows the `\` that escapes it in a JSON string (`u` for `\u00XX`),
/// or 0 for a byte that stands for itself: the escapes `serde_json` writes. A table, as each
/// of the line's few hundred bytes is looked at.
const ESCAPES: [u8; 256] = {
    let mut table = [0; 256];
    let mut byte = 0;
    while byte < 0x20 {
        table[byte] = b'u';
        byte += 1;
    }
    table[0x08] = b'b';
    table[0x0c] = b'f';
    table[b'\n' as usize] = b'n';
    table[b'\r' as usize] = b'r';
    table[b'\t' as usize] = b't';
    table[b'"' as usize] = b'"';
    table[b'\\' as usize] = b'\\';
    table
};

/// Append `line` (one JSON object and its newline) to the journal at `path`, rotating it when
/// it is full.
pub fn append(path: &Path, line: &str) -> io::Result<()> {
    // The directory exists but for the very first line: try the file first, which spares
    // every other deny a `mkdir` and a `stat`.
    let mut file = match open(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            if let Some(dir) = path.parent() {
                fs::create_dir_all(dir)?;
            }
            open(path)?
        }
        opened => opened?,
    };
    // Another hook may rotate at the same moment: whatever of the rotation fails (the name
    // already moved, the new file not there yet), the line still goes into the file we hold,
    // which is the journal or its rotated copy, never nowhere.
    // The size is where the end is, not `metadata()`: musl's `fstat` reads an empty path
    // string kept in cold read-only data, a page fault on every deny (ARCHITECTURE.md,
    // "Start-up").
    if file.seek(SeekFrom::End(0))? >= ROTATE_AT {
        // One rotation at a time: two hooks that both found the journal full would otherwise
        // both rename, and the second would throw the fresh journal over the full one.
        lock(&file);
        if still_at(&file, path).unwrap_or(false) && fs::rename(path, rotated_path(path)).is_ok() {
            if let Ok(fresh) = open(path) {
                // Dropping the old file closes it, which releases the lock.
                file = fresh;
            }
        }
    }
    file.write_all(line.as_bytes())
}

/// Wait for the exclusive lock on `file` (released when it is closed). Best effort: without
/// it, a rotation may still race.
#[cfg(unix)]
#[allow(unsafe_code)]
fn lock(file: &File) {
    use std::os::fd::AsRawFd;
    // SAFETY: `flock` on a descriptor this `File` owns, for as long as it is open.
    unsafe {
        libc::flock(file.as_raw_fd(), libc::LOCK_EX);
    }
}

#[cfg(not(unix))]
fn lock(_file: &File) {}

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

/// Lowercase, as `serde_json` writes `\u00XX` escapes.
const HEX_DIGITS: &[u8; 16] = b"0123456789abcdef";

/// `seconds` since the Unix epoch as `YYYY-MM-DDTHH:MM:SSZ`.
pub fn rfc3339(seconds: u64) -> String {
    let days = seconds / 86_400;
    let of_day = seconds % 86_400;
    let (year, month, day) = civil_from_days(days);
    // Digit by digit: `format!` costs more than the whole line around it.
    let mut text = String::with_capacity(20);
    let fields = [(year, 4, '-'), (month, 2, '-'), (day, 2, 'T')];
    let times = [(of_day / 3600, 2, ':'), (of_day / 60 % 60, 2, ':'), (of_day % 60, 2, 'Z')];
    for (value, width, separator) in fields.into_iter().chain(times) {
        push_padded(&mut text, value, width);
        text.push(separator);
    }
    text
}

/// `value` in decimal, zero-padded to at least `width` digits.
fn push_padded(text: &mut String, value: u64, width: usize) {
    let mut digits = [b'0'; 20];
    let mut rest = value;
    let mut start = digits.len();
    while rest > 0 || digits.len() - start < width {
        start -= 1;
        digits[start] = b'0' + (rest % 10) as u8;
        rest /= 10;
    }
    text.extend(digits[start..].iter().map(|digit| char::from(*digit)));
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

    use serde_json::{Value, json};

    use super::*;
    use crate::scratch::Scratch;

    /// Hooks journal at once while the file rotates: every line is in the journal or in its
    /// rotated copy (one rotation's worth of lines is written, so no copy is replaced).
    #[test]
    fn concurrent_writers_lose_no_line_across_a_rotation() {
        let dir = Scratch::new("journal-concurrent");
        let path = dir.join(FILE_NAME);
        let line = format!("{{\"pad\":\"{}\"}}\n", "x".repeat(240));
        let per_writer = 800;
        let writers = 8;
        let threads: Vec<_> = (0..writers)
            .map(|_| {
                let (path, line) = (path.clone(), line.clone());
                std::thread::spawn(move || {
                    for _ in 0..per_writer {
                        append(&path, &line).expect("appended");
                    }
                })
            })
            .collect();
        for thread in threads {
            thread.join().expect("writer");
        }
        let lines = |p: &Path| fs::read_to_string(p).map(|t| t.lines().count()).unwrap_or(0);
        assert!(fs::metadata(rotated_path(&path)).is_ok(), "the journal rotated once");
        assert_eq!(lines(&path) + lines(&rotated_path(&path)), writers * per_writer);
    }
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
            search: None,
        });
        event
    }

    /// A scratch directory and, in a directory not yet made inside it, a journal path.
    fn temp_journal(name: &str) -> (Scratch, PathBuf) {
        let dir = Scratch::new(&format!("journal-{name}"));
        let path = dir.join("journal").join(FILE_NAME);
        (dir, path)
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
        let event = shell_event("AWS_ACCESS_KEY_ID=AKIAZ7Q2VN4R8KD3XW5T npm install");
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
    fn lines_are_the_json_serde_json_writes() {
        let tricky = [
            "say \"hi\" \\ back\\slash",
            "line\nbreak\r\ttab \u{8}\u{c} \u{0}\u{1}\u{1f}\u{7f}",
            "héllo wörld ✓ 🦀 \u{2028}",
            "/slashes/ and 'quotes'",
        ];
        for (index, text) in tricky.iter().enumerate() {
            let mut event = shell_event(text);
            event.name = (*text).to_string();
            event.cwd = Some(PathBuf::from(text));
            let tool = event.tool.as_mut().expect("tool");
            tool.name = (*text).to_string();
            tool.paths = vec![PathBuf::from(text), PathBuf::from("b")];
            let verdict = if index % 2 == 0 {
                Verdict::deny(*text, *text)
            } else {
                Verdict::from(Decision::Rewrite {
                    input: Value::Null,
                    command: Some((*text).to_string()),
                    rule: (*text).to_string(),
                })
            };
            let text_line = line(UNIX_EPOCH, text, &event, &verdict);
            let entry: Value = serde_json::from_str(&text_line).expect("one JSON object");
            let detail = if index % 2 == 0 { "reason" } else { "rewritten" };
            assert_eq!(
                entry,
                json!({"time": "1970-01-01T00:00:00Z", "agent": text, "event": text,
                    "verdict": verdict.label(), "rule": text, "cwd": text, "tool": text,
                    "command": text, "paths": [text, "b"], detail: text}),
                "{text_line}"
            );
            // Written back by serde_json (keys in their order), the line is byte for byte the same.
            assert_eq!(format!("{}\n", serde_json::to_string(&entry).expect("json")), text_line);
        }
    }

    #[test]
    fn missing_fields_are_null_and_long_ones_are_clipped() {
        let mut event = Event::new(EventKind::BeforeShell, "Stop", Value::Null);
        event.name = "é".repeat(MAX_FIELD + 1);
        let text = line(UNIX_EPOCH, "a", &event, &Verdict::ask("", "x"));
        let entry: Value = serde_json::from_str(&text).expect("one JSON object");
        assert_eq!(entry["cwd"], Value::Null);
        assert_eq!(entry["event"], json!(format!("{}…", "é".repeat(MAX_FIELD))));
        assert_eq!(entry.as_object().map(|entry| entry.len()), Some(7), "{text}");
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
    fn the_first_line_creates_the_directory() {
        let (_dir, path) = temp_journal("create");
        append(
            &path,
            &line(crate::clock::now(), "claude-hook", &shell_event("npm install"), &Verdict::deny("r", "x")),
        )
        .expect("append");
        assert_eq!(fs::read_to_string(&path).expect("journal").lines().count(), 1);
    }

    #[test]
    fn a_full_journal_is_rotated_once() {
        let (_dir, path) = temp_journal("rotate");
        let event = shell_event("npm install");
        let verdict = Verdict::deny("filter.npm", "no");
        fs::create_dir_all(path.parent().expect("dir")).expect("dir");
        fs::write(&path, "x".repeat(usize::try_from(ROTATE_AT).expect("fits"))).expect("fill");
        append(&path, &line(crate::clock::now(), "claude-hook", &event, &verdict)).expect("append");
        append(&path, &line(crate::clock::now(), "claude-hook", &event, &verdict)).expect("append");
        let rotated = fs::metadata(rotated_path(&path)).expect("rotated").len();
        assert_eq!(rotated, ROTATE_AT);
        assert_eq!(fs::read_to_string(&path).expect("journal").lines().count(), 2);
    }
}
