//! Post-edit reports held back because the event that produced them could not carry them
//! ([`Event::accepts_context`] false), until one that can: the next event whose answer takes
//! context, or the stop reason.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::event::{Event, EventKind};
use crate::policy::Policy;
use crate::state;
use crate::verdict::Verdict;

const AREA: &str = "pending";

/// The most a session holds; the oldest reports make way for newer ones.
const CAP_BYTES: usize = 16 * 1024;

/// Ends every record in the file (ASCII record separator: tool output does not use it).
const SEPARATOR: char = '\u{1e}';

/// What a held report is about; only problems are worth keeping the agent from stopping.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ReportKind {
    /// A command failed.
    Problem,
    /// A formatter changed the file; the agent's copy is stale.
    Note,
}

impl ReportKind {
    fn tag(self) -> char {
        match self {
            Self::Problem => 'P',
            Self::Note => 'N',
        }
    }
}

/// The reports held for one session, oldest first.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Held {
    pub reports: Vec<(ReportKind, String)>,
}

impl Held {
    pub(crate) fn has_problems(&self) -> bool {
        self.reports.iter().any(|(kind, _)| *kind == ReportKind::Problem)
    }

    /// The reports as one text for the model.
    pub(crate) fn text(&self) -> String {
        let reports: Vec<&str> = self.reports.iter().map(|(_, text)| text.as_str()).collect();
        format!("agent-hooks reports on earlier edits, held until now:\n\n{}", reports.join("\n\n"))
    }

    fn parse(text: &str) -> Self {
        let reports = text
            .split(SEPARATOR)
            .filter_map(|record| {
                let mut chars = record.chars();
                let kind = match chars.next()? {
                    'P' => ReportKind::Problem,
                    'N' => ReportKind::Note,
                    _ => return None,
                };
                Some((kind, chars.as_str().to_string()))
            })
            .collect();
        Self { reports }
    }
}

/// Keep `report` for `session`. Without a session id there is no telling which agent it is
/// for, so it is dropped.
pub(crate) fn hold(session: Option<&str>, kind: ReportKind, report: &str) {
    if let Some(path) = session.and_then(|id| state::file(AREA, id)) {
        hold_at(&path, kind, report);
    }
}

fn hold_at(path: &Path, kind: ReportKind, report: &str) {
    let mut record: String = report.chars().filter(|c| *c != SEPARATOR).collect();
    record.insert(0, kind.tag());
    record.push(SEPARATOR);
    let size = path.metadata().map_or(0, |meta| meta.len() as usize);
    // Appending is one write to a file opened for appending, so that hooks of edits made in
    // parallel do not lose each other's reports; only a full file is rewritten.
    if size + record.len() <= CAP_BYTES && append(path, &record).is_ok() {
        return;
    }
    rewrite_keeping_newest(path, &record);
}

fn append(path: &Path, record: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut file = std::fs::OpenOptions::new().create(true).append(true).open(path)?;
    file.write_all(record.as_bytes())
}

fn rewrite_keeping_newest(path: &Path, record: &str) {
    let mut text = std::fs::read_to_string(path).unwrap_or_default();
    text.push_str(record);
    let mut start = 0;
    while text.len() - start > CAP_BYTES {
        match text[start..].find(SEPARATOR) {
            Some(end) if start + end + SEPARATOR.len_utf8() < text.len() => {
                start += end + SEPARATOR.len_utf8();
            }
            // A single report larger than the whole store: keep its beginning.
            _ => {
                let mut cut = start + CAP_BYTES - SEPARATOR.len_utf8();
                while !text.is_char_boundary(cut) {
                    cut -= 1;
                }
                text.truncate(cut);
                text.push(SEPARATOR);
                break;
            }
        }
    }
    let _ = state::write_atomically(path, &text.as_bytes()[start..]);
}

/// Everything held for `session`, removed from the store. The file is renamed first, so
/// that of two hooks running at once only one delivers it.
pub(crate) fn take(session: Option<&str>) -> Option<Held> {
    take_at(&state::file(AREA, session?)?)
}

fn take_at(path: &Path) -> Option<Held> {
    let mut claimed = path.as_os_str().to_owned();
    claimed.push(format!(".taking.{}", std::process::id()));
    let claimed = PathBuf::from(claimed);
    std::fs::rename(path, &claimed).ok()?;
    let text = std::fs::read_to_string(&claimed).unwrap_or_default();
    let _ = std::fs::remove_file(&claimed);
    Some(Held::parse(&text)).filter(|held| !held.reports.is_empty())
}

/// Put the reports held for this session in front of `verdict`'s context, when this event
/// can carry them. Stops are left to [`crate::lifecycle::stop`], which puts them in its reason.
///
/// Costs one failed `rename` per event when nothing is held, and nothing at all unless the
/// policy has `[format]` commands.
pub fn deliver(mut verdict: Verdict, event: &Event, policy: &Policy) -> Verdict {
    if policy.format.is_empty() || !event.accepts_context || event.kind == EventKind::Stop {
        return verdict;
    }
    let Some(held) = take(event.session_id.as_deref()) else { return verdict };
    let later = verdict.context.take();
    verdict.add_context(&held.text());
    if let Some(later) = later {
        verdict.add_context(&later);
    }
    verdict
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_parse_back_with_their_kinds() {
        let text = format!("Pfirst\nline{SEPARATOR}Nsecond{SEPARATOR}junk");
        let held = Held::parse(&text);
        assert_eq!(
            held.reports,
            [(ReportKind::Problem, "first\nline".to_string()), (ReportKind::Note, "second".to_string())]
        );
        assert!(held.has_problems());
        assert!(held.text().ends_with("first\nline\n\nsecond"));
    }

    /// A scratch directory and a session's store in a directory not yet made inside it.
    fn store(name: &str) -> (crate::scratch::Scratch, PathBuf) {
        let dir = crate::scratch::Scratch::new(&format!("pending-{name}"));
        let path = dir.join("pending").join("session");
        (dir, path)
    }

    #[test]
    fn held_reports_are_taken_once_in_order() {
        let (_dir, path) = store("roundtrip");
        hold_at(&path, ReportKind::Note, "main.rs was changed");
        hold_at(&path, ReportKind::Problem, &format!("lint failed{SEPARATOR}"));
        let held = take_at(&path).unwrap();
        assert_eq!(
            held.reports,
            [
                (ReportKind::Note, "main.rs was changed".to_string()),
                (ReportKind::Problem, "lint failed".to_string())
            ]
        );
        assert_eq!(take_at(&path), None);
    }

    #[test]
    fn a_full_store_drops_the_oldest() {
        let (_dir, path) = store("full");
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let old = format!("Pold{}{SEPARATOR}", "o".repeat(CAP_BYTES / 2));
        std::fs::write(&path, &old).unwrap();
        rewrite_keeping_newest(&path, &format!("Nnew{}{SEPARATOR}", "n".repeat(CAP_BYTES * 2 / 3)));
        let held = Held::parse(&std::fs::read_to_string(&path).unwrap());
        assert_eq!(held.reports.len(), 1);
        assert!(held.reports[0].1.starts_with("new"));

        rewrite_keeping_newest(&path, &format!("Phuge{}{SEPARATOR}", "h".repeat(CAP_BYTES * 2)));
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.len() <= CAP_BYTES);
        assert_eq!(Held::parse(&text).reports.last().map(|r| r.0), Some(ReportKind::Problem));
    }
}
