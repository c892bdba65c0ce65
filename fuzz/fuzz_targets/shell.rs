//! Fuzz target: the shell analyser never panics, hangs or blows up on any text, in any dialect,
//! and whatever a line holds, a recursive delete of the home directory after it (or inside
//! the nesting it is wrapped in) is never allowed: seen and denied, or not seen and asked.
#![no_main]

use std::path::PathBuf;

use hook_core::decide::decide_shell;
use hook_core::policy::Policy;
use hook_core::project::Context;
use hook_core::shell::{Dialect, analyse};
use hook_core::verdict::Decision;
use libfuzzer_sys::fuzz_target;

/// Ways to put the dangerous command after or around the generated text, each on a line of
/// its own (after `;` a comment in the text would make it data).
const SHAPES: [(&str, &str); 7] = [
    ("", "\nrm -rf ~"),
    ("(", "\nrm -rf ~\n)"),
    ("{ ", "\nrm -rf ~\n}"),
    ("if true; then ", "\nrm -rf ~\nfi"),
    ("bash -c '", "\nrm -rf ~'"),
    ("eval \"", "\nrm -rf ~\""),
    ("f() { ", "\n}; f; rm -rf ~"),
];

fuzz_target!(|line: &str| {
    for dialect in [Dialect::Posix, Dialect::PowerShell, Dialect::Cmd] {
        let analysis = analyse(line, dialect);
        assert!(analysis.commands.len() <= 10_000);
    }
    let ctx = Context {
        cwd: PathBuf::from("/home/dev/app"),
        project_root: PathBuf::from("/home/dev/app"),
        home: Some(PathBuf::from("/home/dev")),
        temp_dirs: vec![PathBuf::from("/tmp")],
        cwd_known: true,
    };
    let policy = Policy::default();
    // A trailing backslash joins the next line to this one: `echo \` + `rm -rf ~` only prints.
    // An extended-glob opener (`?(`, `*(`, `+(`, `@(`, `!(`) makes what follows a pattern or a
    // syntax error, depending on `shopt extglob`: either way the delete does not run.
    if line.ends_with('\\') || ["?(", "*(", "+(", "@(", "!("].iter().any(|opener| line.contains(opener)) {
        return;
    }
    // A heredoc opened in the text (`<<}`) takes the lines after it as its body, up to its
    // delimiter, which the shape's own closing line can be (`}`): the delete is then data.
    if line.contains("<<") {
        return;
    }
    for (open, close) in SHAPES {
        // As the first word of `bash -c` or `eval`, a leading `-` or `+` is an invalid option,
        // and nothing runs.
        if open.ends_with(['\'', '"']) && line.starts_with(['-', '+']) {
            continue;
        }
        // A quote of the same kind in the text closes the shape's own, and what follows is no
        // longer inside it (`bash -c '.'>g'...` redirects to a file named after the rest).
        if open.ends_with('\'') && line.contains('\'') || open.ends_with('"') && line.contains(['"', '\\']) {
            continue;
        }
        let full = format!("{open}{line}{close}");
        let decision = decide_shell(&full, Dialect::Posix, &policy, &ctx);
        assert!(
            !matches!(decision.verdict.decision, Decision::Allow),
            "allowed: {full:?}\n{:#?}",
            decision.analysis
        );
    }
});
