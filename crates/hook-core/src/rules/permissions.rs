//! The `permissions` pack: ownership and mode changes across the system or the home dir.
//!
//! A recursive `chmod` of the root, the home directory or a system directory fires whatever
//! the mode (`chmod -R 755 /usr` breaks setuid programs as surely as 777 opens them); so does
//! a recursive `chown`/`chgrp` of the root or a system directory (`chown -R me ~` is a common
//! repair and stays allowed). A non-recursive `chmod` that makes the root, home or a system
//! path world-writable fires too. Project paths and run-time targets are allowed.

use super::paths::{Place, classify};
use super::{Call, Hit};

pub(super) const GUESSES: &[&str] = &["chmod", "chown"];

pub(super) fn judge(call: &Call) -> Option<Hit> {
    let name = call.name?;
    if !matches!(name, "chmod" | "chown" | "chgrp") {
        return None;
    }
    let args = ModeArgs::parse(name, call.args());
    let is_chmod = name == "chmod";
    let fires_without_recursion = is_chmod && args.operand.is_some_and(is_world_writable);
    if !args.recursive && !fires_without_recursion {
        return None;
    }
    // Owning one's home recursively is a common repair; opening it to everyone is not.
    let protected = |place: &Place| match place {
        Place::Root | Place::System => true,
        Place::Home => is_chmod,
        _ => false,
    };
    let worst = args.targets.iter().map(|w| classify(w, call.ctx, w.glob)).filter(protected).min()?;
    Some(Hit::new(
        if args.recursive { "permissions.recursive-system" } else { "permissions.world-writable-system" },
        format!(
            "This `{name}` would change permissions on {}, which can break the system or open it to every user. Change only files inside the project, or ask the user to run it.",
            worst_description(worst)
        ),
    ))
}

fn worst_description(place: Place) -> &'static str {
    match place {
        Place::Root => "the whole file system",
        Place::Home => "your home directory",
        _ => "operating-system files",
    }
}

/// The mode or owner operand and the targets of chmod/chown/chgrp.
struct ModeArgs<'a> {
    recursive: bool,
    /// The mode (chmod) or owner/group (chown, chgrp); absent with `--reference`.
    operand: Option<&'a str>,
    targets: Vec<&'a crate::shell::Word>,
}

impl<'a> ModeArgs<'a> {
    fn parse(name: &str, args: &'a [crate::shell::Word]) -> Self {
        let mut parsed = ModeArgs { recursive: false, operand: None, targets: Vec::new() };
        let mut has_reference = false;
        let mut operands = Vec::new();
        let mut only_operands = false;
        for word in args {
            let text = word.text.as_str();
            if only_operands || word.dynamic {
                operands.push(word);
            } else if text == "--" {
                only_operands = true;
            } else if let Some(long) = text.strip_prefix("--") {
                parsed.recursive |= long == "recursive";
                has_reference |= long.starts_with("reference");
            } else if is_option_cluster(name, text) {
                parsed.recursive |= text.contains('R');
            } else {
                operands.push(word);
            }
        }
        let mut operands = operands.into_iter();
        if !has_reference {
            parsed.operand = operands.next().map(|w| w.text.as_str());
        }
        parsed.targets = operands.collect();
        parsed
    }
}

/// `-R`, `-Rfv`, `-hR`: options, not a chmod mode such as `-x` or `-rwx`.
fn is_option_cluster(name: &str, text: &str) -> bool {
    let options = if name == "chmod" { "RcfvHLP" } else { "RcfvhHLP" };
    text.strip_prefix('-').is_some_and(|rest| !rest.is_empty() && rest.chars().all(|c| options.contains(c)))
}

/// A mode that gives write access to everyone: octal `o+w` bit, or `a+w`/`o+w`/`+w`-style.
fn is_world_writable(mode: &str) -> bool {
    if mode.chars().all(|c| c.is_ascii_digit()) {
        return mode.chars().last().and_then(|c| c.to_digit(8)).is_some_and(|others| others & 2 != 0);
    }
    mode.split(',').any(|clause| {
        let (who, perms) = match clause.find(['+', '=']) {
            Some(at) => (&clause[..at], &clause[at + 1..]),
            None => return false,
        };
        (who.is_empty() || who.contains(['a', 'o'])) && perms.contains('w')
    })
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::*;

    #[test]
    fn recursive_changes_of_system_paths() {
        let cases: &[(&[&str], Option<&str>)] = &[
            (&["chmod", "-R", "777", "/"], Some("permissions.recursive-system")),
            (&["chmod", "--recursive", "a+rwx", "/etc"], Some("permissions.recursive-system")),
            (&["chmod", "777", "-R", "/usr"], Some("permissions.recursive-system")),
            (&["chmod", "-Rf", "0777", "~"], Some("permissions.recursive-system")),
            (&["chmod", "-R", "755", "/var"], Some("permissions.recursive-system")),
            (&["chown", "-R", "me", "/"], Some("permissions.recursive-system")),
            (&["chown", "-R", "me:me", "/usr/local"], Some("permissions.recursive-system")),
            (&["chgrp", "-R", "staff", "/etc"], Some("permissions.recursive-system")),
            (&["chmod", "777", "/"], Some("permissions.world-writable-system")),
            (&["chmod", "o+w", "/etc/passwd"], Some("permissions.world-writable-system")),
            (&["chmod", "+x", "script.sh"], None),
            (&["chmod", "-R", "755", "./dist"], None),
            (&["chmod", "-R", "777", "."], None),
            (&["chown", "-R", "me", "./build"], None),
            (&["chown", "-R", "me", "~"], None),
            (&["chown", "-R", "me", "~", "/etc"], Some("permissions.recursive-system")),
            (&["chmod", "755", "/usr/local/bin/tool"], None),
            (&["chmod", "-R", "777", "$DIR"], None),
            (&["chmod", "-x", "/etc/x"], None),
            (&["chmod", "--reference=a", "-R", "/etc"], Some("permissions.recursive-system")),
        ];
        for (argv, expected) in cases {
            assert_eq!(rule(argv), *expected, "{argv:?}");
        }
    }
}
