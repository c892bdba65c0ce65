//! A unified line diff, enough to show what `--dry-run` would change in a settings file.

/// How many unchanged lines are shown around each change.
const CONTEXT: usize = 3;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Same,
    Removed,
    Added,
}

/// The unified diff from `before` to `after`, headed by `label`; empty when they are equal.
pub fn unified(label: &str, before: &str, after: &str) -> String {
    let old: Vec<&str> = before.lines().collect();
    let new: Vec<&str> = after.lines().collect();
    let script = edit_script(&old, &new);
    if script.iter().all(|(op, _)| *op == Op::Same) {
        return String::new();
    }
    let mut out = format!("--- {label}\n+++ {label}\n");
    for hunk in hunks(&script) {
        out.push_str(&render_hunk(&script[hunk.clone()], &script[..hunk.start]));
    }
    out
}

/// The lines of `old` and `new` as same/removed/added, in order. The common head and tail
/// are cut first, so the quadratic part only sees the edited middle.
fn edit_script<'a>(old: &[&'a str], new: &[&'a str]) -> Vec<(Op, &'a str)> {
    let head = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    let tail = old[head..].iter().rev().zip(new[head..].iter().rev()).take_while(|(a, b)| a == b).count();
    let (old_mid, new_mid) = (&old[head..old.len() - tail], &new[head..new.len() - tail]);

    // lcs[i][j]: length of the longest common subsequence of old_mid[i..] and new_mid[j..].
    let mut lcs = vec![vec![0usize; new_mid.len() + 1]; old_mid.len() + 1];
    for i in (0..old_mid.len()).rev() {
        for j in (0..new_mid.len()).rev() {
            lcs[i][j] = if old_mid[i] == new_mid[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let mut script: Vec<(Op, &str)> = old[..head].iter().map(|l| (Op::Same, *l)).collect();
    let (mut i, mut j) = (0, 0);
    while i < old_mid.len() || j < new_mid.len() {
        if i < old_mid.len() && j < new_mid.len() && old_mid[i] == new_mid[j] {
            script.push((Op::Same, old_mid[i]));
            (i, j) = (i + 1, j + 1);
        } else if i < old_mid.len() && (j == new_mid.len() || lcs[i + 1][j] >= lcs[i][j + 1]) {
            // Removals first, as unified diffs show a replaced line.
            script.push((Op::Removed, old_mid[i]));
            i += 1;
        } else {
            script.push((Op::Added, new_mid[j]));
            j += 1;
        }
    }
    script.extend(old[old.len() - tail..].iter().map(|l| (Op::Same, *l)));
    script
}

/// Ranges of the script to show: each change with its context, nearby changes merged.
fn hunks(script: &[(Op, &str)]) -> Vec<std::ops::Range<usize>> {
    let mut hunks: Vec<std::ops::Range<usize>> = Vec::new();
    for (at, (op, _)) in script.iter().enumerate() {
        if *op == Op::Same {
            continue;
        }
        let start = at.saturating_sub(CONTEXT);
        let end = (at + CONTEXT + 1).min(script.len());
        match hunks.last_mut() {
            Some(last) if start <= last.end => last.end = end,
            _ => hunks.push(start..end),
        }
    }
    hunks
}

/// One `@@ -a,b +c,d @@` hunk; `before` is the script ahead of it, for the line numbers.
fn render_hunk(hunk: &[(Op, &str)], before: &[(Op, &str)]) -> String {
    let count = |lines: &[(Op, &str)], skip: Op| lines.iter().filter(|(op, _)| *op != skip).count();
    let (old_start, new_start) = (count(before, Op::Added) + 1, count(before, Op::Removed) + 1);
    let (old_len, new_len) = (count(hunk, Op::Added), count(hunk, Op::Removed));
    let mut out = format!(
        "@@ -{},{old_len} +{},{new_len} @@\n",
        if old_len == 0 { old_start - 1 } else { old_start },
        if new_len == 0 { new_start - 1 } else { new_start },
    );
    for (op, line) in hunk {
        let sign = match op {
            Op::Same => ' ',
            Op::Removed => '-',
            Op::Added => '+',
        };
        out.push(sign);
        out.push_str(line);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_texts_have_no_diff() {
        assert_eq!(unified("f", "a\nb\n", "a\nb\n"), "");
    }

    #[test]
    fn insertion_shows_context_and_line_numbers() {
        let before = "1\n2\n3\n4\n5\n6\n7\n8\n";
        let after = "1\n2\n3\n4\nnew\n5\n6\n7\n8\n";
        assert_eq!(
            unified("f", before, after),
            "--- f\n+++ f\n@@ -2,6 +2,7 @@\n 2\n 3\n 4\n+new\n 5\n 6\n 7\n"
        );
    }

    #[test]
    fn new_file_is_all_added() {
        assert_eq!(unified("f", "", "{\n}\n"), "--- f\n+++ f\n@@ -0,0 +1,2 @@\n+{\n+}\n");
    }

    #[test]
    fn distant_changes_are_separate_hunks() {
        let before: String = (1..=20).map(|n| format!("{n}\n")).collect();
        let after: String = (1..=20)
            .map(|n| match n {
                2 => "two\n".to_string(),
                19 => "nineteen\n".to_string(),
                n => format!("{n}\n"),
            })
            .collect();
        let diff = unified("f", &before, &after);
        assert_eq!(diff.matches("@@ -").count(), 2, "{diff}");
        assert!(diff.contains("-2\n+two\n") && diff.contains("-19\n+nineteen\n"), "{diff}");
    }
}
