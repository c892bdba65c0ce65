//! `stats`: rank the rules of the decision journal (and its rotated file) by how often they
//! fired, with a count per verdict.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::ExitCode;

use serde_json::Value;

use crate::journal;
use crate::protocol;

/// How often one rule fired, by verdict.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
struct Counts {
    deny: usize,
    ask: usize,
    rewrite: usize,
}

impl Counts {
    fn total(&self) -> usize {
        self.deny + self.ask + self.rewrite
    }
}

pub(crate) fn stats() -> ExitCode {
    let Some(path) = journal::journal_path() else {
        protocol::warn("agent-hooks: cannot find the journal: set XDG_STATE_HOME or HOME");
        return ExitCode::from(1);
    };
    let mut texts = Vec::new();
    for file in [journal::rotated_path(&path), path.clone()] {
        match fs_err::read_to_string(file) {
            Ok(text) => texts.push(text),
            // No journal yet, or never rotated: nothing to count.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => {
                protocol::warn(&format!("agent-hooks: {e}"));
                return ExitCode::from(1);
            }
        }
    }
    let counts = count(texts.iter().flat_map(|text| text.lines()));
    protocol::print(&report(&counts, &path));
    ExitCode::SUCCESS
}

/// Counts per rule from journal lines; lines that are not journal entries are skipped.
fn count<'a>(lines: impl Iterator<Item = &'a str>) -> BTreeMap<String, Counts> {
    let mut counts: BTreeMap<String, Counts> = BTreeMap::new();
    for line in lines {
        let Ok(entry) = serde_json::from_str::<Value>(line) else { continue };
        let Some(rule) = entry.get("rule").and_then(Value::as_str) else { continue };
        let rule = counts.entry(rule.to_string()).or_default();
        match entry.get("verdict").and_then(Value::as_str) {
            Some("deny") => rule.deny += 1,
            Some("ask") => rule.ask += 1,
            Some("rewrite") => rule.rewrite += 1,
            _ => {}
        }
    }
    counts.retain(|_, counts| counts.total() > 0);
    counts
}

fn report(counts: &BTreeMap<String, Counts>, path: &Path) -> String {
    if counts.is_empty() {
        return format!("no decisions journaled yet in {}", path.display());
    }
    let mut ranked: Vec<(&String, &Counts)> = counts.iter().collect();
    ranked.sort_by(|(rule_a, a), (rule_b, b)| b.total().cmp(&a.total()).then_with(|| rule_a.cmp(rule_b)));
    let width = ranked.iter().map(|(rule, _)| rule.chars().count()).max().unwrap_or(0).max("rule".len());
    let mut out =
        format!("{:<width$}  {:>6}  {:>6}  {:>6}  {:>7}\n", "rule", "total", "deny", "ask", "rewrite");
    for (rule, counts) in &ranked {
        out.push_str(&format!(
            "{rule:<width$}  {:>6}  {:>6}  {:>6}  {:>7}\n",
            counts.total(),
            counts.deny,
            counts.ask,
            counts.rewrite
        ));
    }
    let decisions: usize = ranked.iter().map(|(_, counts)| counts.total()).sum();
    out.push_str(&format!("{decisions} decisions, {} rules, from {}", ranked.len(), path.display()));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_rank_by_total_then_name() {
        let lines = [
            r#"{"verdict":"ask","rule":"git.push-force"}"#,
            r#"{"verdict":"deny","rule":"filter.npm-install"}"#,
            "not json",
            r#"{"verdict":"deny","rule":"filter.npm-install"}"#,
            r#"{"verdict":"deny","rule":"files.deny-read"}"#,
            r#"{"verdict":"allow"}"#,
        ];
        let counts = count(lines.into_iter());
        assert_eq!(counts["filter.npm-install"], Counts { deny: 2, ask: 0, rewrite: 0 });
        assert_eq!(
            report(&counts, Path::new("j.jsonl")),
            "rule                 total    deny     ask  rewrite\n\
             filter.npm-install       2       2       0        0\n\
             files.deny-read          1       1       0        0\n\
             git.push-force           1       0       1        0\n\
             4 decisions, 3 rules, from j.jsonl"
        );
    }

    #[test]
    fn an_empty_journal_says_so() {
        assert_eq!(report(&BTreeMap::new(), Path::new("j")), "no decisions journaled yet in j");
    }
}
