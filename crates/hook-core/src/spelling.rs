//! "Did you mean": the nearest of some names to a mistyped one, for unknown commands,
//! options and policy keys alike.

/// The candidate closest to `word` within an edit distance of 2 (or a third of its length).
pub(crate) fn did_you_mean<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let limit = (word.chars().count() / 3).max(2);
    candidates
        .into_iter()
        .map(|candidate| (edit_distance(word, candidate), candidate))
        .filter(|(distance, _)| *distance <= limit)
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, candidate)| candidate)
}

/// Levenshtein distance, over characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut current = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            current[j + 1] =
                (previous[j] + usize::from(ca != *cb)).min(previous[j + 1] + 1).min(current[j] + 1);
        }
        previous = current;
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nearest_name_within_reach() {
        let names = ["install", "explain", "check", "uninstall"];
        assert_eq!(did_you_mean("instal", names), Some("install"));
        assert_eq!(did_you_mean("exlpain", names), Some("explain"));
        assert_eq!(did_you_mean("chekc", names), Some("check"));
        assert_eq!(did_you_mean("frobnicate", names), None);
        assert_eq!(did_you_mean("prefx", ["command", "prefix", "replace"]), Some("prefix"));
    }
}
