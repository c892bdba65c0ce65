//! GNU long options spelled out as the tools read them: getopt_long (and argp, which tar uses)
//! takes any unambiguous prefix (`cp --deref` is `--dereference`, `tar --rem` is
//! `--remove-files`), so the analyser writes an abbreviation out in full once, and every
//! reader after it (the packs, the file rules, the tree walks) compares full spellings.
//!
//! rsync is not here: its option parser (popt) matches long names exactly, so `--dele` is an
//! error there, and `--del` is an option of its own.

use super::Word;
use crate::name_filter::NameFilter;

/// The option among `options` that the long option `name` (after `--`, before any `=`) is, as
/// GNU getopt_long reads it: the option itself, or the first one it is a prefix of (`--rec`
/// is `--recursive`). getopt refuses an ambiguous prefix, so with the destructive options
/// listed first, reading one as the first it begins refuses nothing that would run.
pub(crate) fn long_option<'o>(name: &str, options: &[&'o str]) -> Option<&'o str> {
    let exact = options.iter().find(|o| **o == name);
    exact.or_else(|| options.iter().find(|o| !name.is_empty() && o.starts_with(name))).copied()
}

/// Per program, the long options some reader compares, destructive ones first. A list need
/// not be whole: a prefix of an option left out is either no prefix of one listed or
/// ambiguous, which the tool refuses.
const TOOLS: &[(&str, &[&str])] = &[
    ("cp", COPY),
    ("gcp", COPY),
    ("mv", MOVE),
    ("install", MOVE),
    ("ln", &["force", "symbolic", "target-directory", "no-target-directory"]),
    ("shred", &["remove", "zero", "size", "iterations"]),
    ("truncate", &["size", "reference", "no-create"]),
    (
        "setfacl",
        &[
            "recursive",
            "modify",
            "modify-file",
            "remove",
            "remove-all",
            "remove-default",
            "remove-file",
            "set",
            "set-file",
        ],
    ),
    ("tar", TAR),
    ("gtar", TAR),
    ("bsdtar", TAR),
];

const COPY: &[&str] = &[
    "recursive",
    "archive",
    "dereference",
    "remove-destination",
    "force",
    "link",
    "symbolic-link",
    "target-directory",
    "no-target-directory",
];

const MOVE: &[&str] = &["force", "target-directory", "no-target-directory"];

/// tar's options that delete, follow links, name files or directories, take a value or run a
/// command (`wrappers` reads those).
const TAR: &[&str] = &[
    "remove-files",
    "to-command",
    "use-compress-program",
    "checkpoint-action",
    "info-script",
    "new-volume-script",
    "rsh-command",
    "dereference",
    "directory",
    "file",
    "files-from",
    "exclude",
    "exclude-from",
    "blocking-factor",
    "format",
    "label",
    "newer",
    "owner",
    "group",
    "mode",
    "transform",
];

const FILTER: NameFilter = NameFilter::EMPTY.with_keys(TOOLS);

/// `argv` with each abbreviated long option of its program written out (`--targ=/tmp` becomes
/// `--target-directory=/tmp`); options after `--` are operands and stay.
pub(crate) fn spell_out(argv: &mut [Word]) {
    let Some((name, args)) = argv.split_first_mut() else { return };
    if name.dynamic || !FILTER.may_hold(&name.text) {
        return;
    }
    let Some((_, options)) = TOOLS.iter().find(|(tool, _)| *tool == name.text) else { return };
    spell_each(options, args);
}

#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn spell_each(options: &[&str], args: &mut [Word]) {
    for word in args.iter_mut().take_while(|word| word.text != "--") {
        if let Some(text) = spelled(&word.text, options) {
            word.text = text;
        }
    }
}

/// `text` written out in full when it is a long option of `options` (`--targ=/tmp` is
/// `--target-directory=/tmp`; `--hard$(true)` is `--hard`, its substitution expanding to
/// nothing); `None` when it is not one, or is written so already.
pub(crate) fn spelled(text: &str, options: &[&str]) -> Option<String> {
    let body = text.strip_prefix("--").filter(|b| !b.is_empty() && !b.starts_with('-'))?;
    let cut = body.find(['=', '$', '`']).unwrap_or(body.len());
    let (name, tail) = body.split_at(cut);
    let option = long_option(name, options)?;
    let value = if tail.starts_with('=') { tail } else { "" };
    // Already written in full (the common case): nothing to build.
    if option == name && value.len() == tail.len() {
        return None;
    }
    Some(format!("--{option}{value}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spelled(argv: &[&str]) -> Vec<String> {
        let mut words: Vec<Word> = argv.iter().map(|text| Word::literal(text.to_string())).collect();
        spell_out(&mut words);
        words.into_iter().map(|word| word.text).collect()
    }

    #[test]
    fn abbreviations_are_written_out_for_the_tools_that_take_them() {
        assert_eq!(spelled(&["tar", "--rem", "-cf", "x"]), ["tar", "--remove-files", "-cf", "x"]);
        assert_eq!(spelled(&["mv", "--targ=/tmp", "~"]), ["mv", "--target-directory=/tmp", "~"]);
        assert_eq!(
            spelled(&["cp", "--deref", "--rec", "a", "b"]),
            ["cp", "--dereference", "--recursive", "a", "b"]
        );
        assert_eq!(
            spelled(&["setfacl", "--recur", "-m", "u:x:r", "/"]),
            ["setfacl", "--recursive", "-m", "u:x:r", "/"]
        );
        // Exact names stay, as do operands after `--`, unknown options and other programs.
        assert_eq!(spelled(&["tar", "--file", "x"]), ["tar", "--file", "x"]);
        assert_eq!(spelled(&["cp", "--", "--rec", "b"]), ["cp", "--", "--rec", "b"]);
        assert_eq!(spelled(&["cp", "--sparse=always", "a", "b"]), ["cp", "--sparse=always", "a", "b"]);
        assert_eq!(spelled(&["rsync", "--dele", "a", "b"]), ["rsync", "--dele", "a", "b"]);
    }
}
