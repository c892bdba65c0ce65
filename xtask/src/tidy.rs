//! Tidy checks: the project's conventions, enforced as ordinary `cargo test` cases.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::build::workspace_root;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if name == "target" || name.to_string_lossy().starts_with('.') {
            continue;
        }
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn sources() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in ["crates", "xtask", "fuzz"] {
        rust_files(&workspace_root().join(dir), &mut files);
    }
    files
}

#[test]
fn every_module_says_what_it_owns() {
    let missing: Vec<String> = sources()
        .into_iter()
        .filter(|path| {
            let text = std::fs::read_to_string(path).unwrap_or_default();
            !text.trim_start().starts_with("//!")
        })
        .map(|path| path.display().to_string())
        .collect();
    assert!(
        missing.is_empty(),
        "files without a `//!` line saying what the module owns:\n{}",
        missing.join("\n")
    );
}

#[test]
fn only_the_protocol_writer_prints() {
    // A build script's stdout is how it talks to cargo; it never runs in a hook.
    let allowed = ["crates/hook-core/src/protocol.rs", "crates/hook-core/build.rs", "xtask/"];
    let offenders: Vec<String> = sources()
        .into_iter()
        .filter(|path| {
            let relative =
                path.strip_prefix(workspace_root()).unwrap_or(path).to_string_lossy().replace('\\', "/");
            !allowed.iter().any(|a| relative.starts_with(a)) && !relative.contains("/tests/")
        })
        .filter(|path| {
            let text = std::fs::read_to_string(path).unwrap_or_default();
            // Test modules sit at the end of a file; only code before them ships.
            let shipped = text.split("#[cfg(test)]").next().unwrap_or_default();
            ["println!", "eprintln!", "print!(", "eprint!(", "std::process::exit", "dbg!("]
                .iter()
                .any(|m| shipped.contains(m))
        })
        .map(|path| path.display().to_string())
        .collect();
    assert!(
        offenders.is_empty(),
        "stdout/stderr/exit outside hook-core's protocol writer:\n{}",
        offenders.join("\n")
    );
}

#[test]
fn code_is_formatted() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(workspace_root())
        .args(["fmt", "--all", "--", "--check"])
        .output()
        .expect("cargo runs");
    // Without rustfmt the check cannot be made: a local run says so and passes, CI (which
    // installs rustfmt) fails.
    if String::from_utf8_lossy(&out.stderr).contains("not installed") {
        assert!(std::env::var_os("CI").is_none(), "rustfmt is not installed: `rustup component add rustfmt`");
        return;
    }
    assert!(out.status.success(), "cargo fmt --check:\n{}", String::from_utf8_lossy(&out.stdout));
}

#[test]
fn every_agent_binary_is_known_to_the_lists_that_name_them() {
    let binaries = crate::build::hook_binaries().unwrap_or_default();
    assert!(binaries.len() >= 9, "found {binaries:?}");
    let lists = ["crates/hook-core/src/rules/guard.rs", "tests/cross_agent.rs", "xtask/src/bench.rs"];
    let mut missing = Vec::new();
    for list in lists {
        let text = std::fs::read_to_string(workspace_root().join(list)).unwrap_or_default();
        for binary in &binaries {
            if !text.contains(&format!("\"{binary}\"")) {
                missing.push(format!("{list} does not name {binary}"));
            }
        }
    }
    assert!(missing.is_empty(), "a new agent binary needs adding:\n{}", missing.join("\n"));
}

/// The Markdown files a comment names (`docs/agents/codex.md`), and folders above the
/// repository or beside it. Sections are cited by their titles, so only paths are checked.
fn cited_paths(comment: &str) -> impl Iterator<Item = &str> {
    comment
        .split(|c: char| !(c.is_ascii_alphanumeric() || "_./-".contains(c)))
        .map(|token| token.trim_end_matches('.'))
        .filter(|token| {
            (token.len() > 3 && token.ends_with(".md"))
                || token.starts_with("shared/")
                || token.starts_with("../")
        })
}

#[test]
fn comments_cite_files_in_this_repository() {
    let root = workspace_root();
    let mut markdown = Vec::new();
    markdown_files(&root, &mut markdown);
    let names: Vec<String> =
        markdown.iter().filter_map(|p| p.file_name()).map(|n| n.to_string_lossy().into_owned()).collect();
    let mut outside = Vec::new();
    for path in sources() {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        for (number, line) in text.lines().enumerate() {
            // Whole-line comments: a `//` inside a string is not one.
            let comment = line.trim_start();
            if !comment.starts_with("//") {
                continue;
            }
            for cited in cited_paths(comment) {
                let exists = if cited.contains('/') {
                    !cited.split('/').any(|part| part == "..") && root.join(cited).exists()
                } else {
                    names.iter().any(|name| name == cited)
                };
                if !exists {
                    let relative = path.strip_prefix(&root).unwrap_or(&path).display().to_string();
                    outside.push(format!("{relative}:{}: `{cited}`", number + 1));
                }
            }
        }
    }
    assert!(
        outside.is_empty(),
        "comments citing files that are not in this repository (cite README.md, ARCHITECTURE.md or \
         docs/ instead):\n{}",
        outside.join("\n")
    );
}

fn markdown_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if name == "target" || name.to_string_lossy().starts_with('.') {
            continue;
        }
        if path.is_dir() {
            markdown_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "md") {
            out.push(path);
        }
    }
}

#[test]
fn a_comment_naming_a_file_outside_is_caught() {
    let cited: Vec<&str> =
        cited_paths("// Facts from `shared/agents/codex.md` and ../shared/DESIGN.md, see README.md.")
            .collect();
    assert_eq!(cited, ["shared/agents/codex.md", "../shared/DESIGN.md", "README.md"]);
}
