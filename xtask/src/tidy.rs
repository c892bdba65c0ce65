//! Tidy checks: the project's conventions, enforced as ordinary `cargo test` cases.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::build::workspace_root;

/// The files under `dir` whose name ends in `.extension`, build output and hidden folders left out.
fn files_with(extension: &str, dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if name == "target" || name.to_string_lossy().starts_with('.') {
            continue;
        }
        if path.is_dir() {
            files_with(extension, &path, out);
        } else if path.extension().is_some_and(|e| e == extension) {
            out.push(path);
        }
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    files_with("rs", dir, out);
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

/// A test's directory in the temp directory comes from the one `Scratch`, which removes it when
/// the test ends, passed or failed; a path joined onto `temp_dir()` by hand is left behind.
#[test]
fn temp_directories_come_from_the_one_scratch() {
    let allowed = ["crates/hook-core/src/scratch.rs", "xtask/src/tidy.rs"];
    let offenders: Vec<String> = sources()
        .into_iter()
        .filter(|path| {
            let relative =
                path.strip_prefix(workspace_root()).unwrap_or(path).to_string_lossy().replace('\\', "/");
            !allowed.contains(&relative.as_str())
        })
        .filter(|path| std::fs::read_to_string(path).unwrap_or_default().contains("temp_dir().join("))
        .map(|path| path.display().to_string())
        .collect();
    assert!(
        offenders.is_empty(),
        "a directory in temp_dir() made by hand (use `Scratch::new`, crates/hook-core/src/scratch.rs):\n{}",
        offenders.join("\n")
    );
}

/// `fs-err` names the file in every I/O error, for the commands whose errors a person reads;
/// a hook call keeps `std::fs` (ARCHITECTURE.md, "Hand-written pieces and why").
#[test]
fn fs_err_stays_off_a_hook_calls_path() {
    let src = workspace_root().join("crates/hook-core/src");
    let cold = ["install/", "cli/"];
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let offenders: Vec<String> = files
        .into_iter()
        .filter(|path| {
            let relative = path.strip_prefix(&src).unwrap_or(path).to_string_lossy().replace('\\', "/");
            relative == "cli/run.rs" || !cold.iter().any(|c| relative.starts_with(c))
        })
        .filter(|path| std::fs::read_to_string(path).unwrap_or_default().contains("fs_err"))
        .map(|path| path.display().to_string())
        .collect();
    assert!(
        offenders.is_empty(),
        "fs_err on a hook call's path (keep std::fs there):\n{}",
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
                || token.starts_with(concat!("sha", "red/"))
                || token.starts_with("../")
        })
}

#[test]
fn comments_cite_files_in_this_repository() {
    let root = workspace_root();
    let mut markdown = Vec::new();
    files_with("md", &root, &mut markdown);
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

#[test]
fn a_comment_naming_a_file_outside_is_caught() {
    // The outside names are put together here, so that this test's own text cites nothing.
    let outside = ["sha", "red"].concat();
    let (notes, design) = (["codex", ".md"].concat(), ["DESIGN", ".md"].concat());
    let comment =
        format!("// Facts from `{outside}/agents/{notes}` and ../{outside}/{design}, see README.md.");
    let cited: Vec<&str> = cited_paths(&comment).collect();
    let expected =
        [format!("{outside}/agents/{notes}"), format!("../{outside}/{design}"), "README.md".into()];
    assert_eq!(cited, expected);
}

/// hook-core's modules, by path (`["policy", "load"]`), with the shipped part of their text
/// (before the tests) and without comments.
fn core_modules() -> Vec<(Vec<String>, String)> {
    let src = workspace_root().join("crates/hook-core/src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files
        .into_iter()
        .map(|path| {
            let relative = path.strip_prefix(&src).unwrap_or(&path).with_extension("");
            let mut module: Vec<String> =
                relative.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
            if module.last().is_some_and(|last| last == "mod" || last == "lib") {
                module.pop();
            }
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            let shipped = text.split("#[cfg(test)]").next().unwrap_or_default();
            let code: Vec<&str> =
                shipped.lines().map(|line| line.split("//").next().unwrap_or_default()).collect();
            (module, code.join("\n"))
        })
        .collect()
}

/// The module paths `code` names through `crate::` and `super::`, braces expanded one level
/// (`crate::{a, b::c}`), relative to the crate root. `module` is the file's own path.
fn named_paths(module: &[String], code: &str) -> Vec<Vec<String>> {
    let is_name = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':';
    let mut paths = Vec::new();
    for (at, _) in code.match_indices("crate::").chain(code.match_indices("super::")) {
        if code[..at].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        let rest = &code[at..];
        let end = rest.find(|c: char| !is_name(c)).unwrap_or(rest.len());
        let mut words: Vec<&str> = rest[..end].split("::").filter(|w| !w.is_empty()).collect();
        let mut base: Vec<String> = Vec::new();
        if words.first() == Some(&"crate") {
            words.remove(0);
        } else {
            let ups = words.iter().take_while(|w| **w == "super").count();
            base = module[..module.len().saturating_sub(ups)].to_vec();
            words.drain(..ups);
        }
        base.extend(words.iter().map(|w| (*w).to_string()));
        if rest[end..].starts_with('{') {
            let inner = &rest[end + 1..rest[end..].find('}').map_or(rest.len(), |n| end + n)];
            for item in inner.split(',') {
                let mut path = base.clone();
                path.extend(item.trim().split("::").filter(|w| !w.is_empty()).map(str::to_string));
                paths.push(path);
            }
        } else {
            paths.push(base);
        }
    }
    paths
}

/// Edges between sibling modules: a file of `a::x` naming `a::y::z` is an edge `a::x -> a::y`.
/// A module naming its own ancestors or descendants is not an edge.
fn module_edges() -> std::collections::BTreeMap<String, std::collections::BTreeSet<String>> {
    let modules = core_modules();
    let known: std::collections::BTreeSet<Vec<String>> = modules.iter().map(|(m, _)| m.clone()).collect();
    let mut edges: std::collections::BTreeMap<String, std::collections::BTreeSet<String>> =
        Default::default();
    for (module, code) in &modules {
        for path in named_paths(module, code) {
            let Some(target) = (1..=path.len()).rev().map(|n| &path[..n]).find(|p| known.contains(*p)) else {
                continue;
            };
            let shared = module.iter().zip(target).take_while(|(a, b)| a == b).count();
            if shared >= module.len() || shared >= target.len() {
                continue;
            }
            edges.entry(module[..=shared].join("::")).or_default().insert(target[..=shared].join("::"));
        }
    }
    edges
}

/// Every cycle of `edges`, as the sorted members of each strongly connected component with more
/// than one module (Tarjan's algorithm).
fn cycles(
    edges: &std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
) -> Vec<Vec<String>> {
    struct Walk<'a> {
        edges: &'a std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
        index: std::collections::BTreeMap<&'a str, (usize, usize)>,
        stack: Vec<&'a str>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, node: &'a str) {
            let n = self.index.len();
            self.index.insert(node, (n, n));
            self.stack.push(node);
            for next in self.edges.get(node).into_iter().flatten() {
                let next = next.as_str();
                if let Some(&(seen, _)) = self.index.get(next) {
                    if self.stack.contains(&next) {
                        let entry = self.index.get_mut(node).expect("visited");
                        entry.1 = entry.1.min(seen);
                    }
                } else {
                    self.visit(next);
                    let low = self.index[next].1;
                    let entry = self.index.get_mut(node).expect("visited");
                    entry.1 = entry.1.min(low);
                }
            }
            let (index, low) = self.index[node];
            if index == low {
                let at = self.stack.iter().rposition(|n| *n == node).expect("on the stack");
                let mut component: Vec<String> = self.stack.drain(at..).map(str::to_string).collect();
                if component.len() > 1 {
                    component.sort();
                    self.found.push(component);
                }
            }
        }
    }
    let mut walk = Walk { edges, index: Default::default(), stack: Vec::new(), found: Vec::new() };
    for node in edges.keys() {
        if !walk.index.contains_key(node.as_str()) {
            walk.visit(node);
        }
    }
    walk.found.sort();
    walk.found
}

/// Sibling modules of hook-core depend one way: a cycle is a knot that no one module can be
/// understood or changed without the others (ARCHITECTURE.md, invariant 9).
#[test]
fn hook_core_modules_have_no_cycles() {
    let edges = module_edges();
    let found: Vec<String> = cycles(&edges)
        .iter()
        .map(|cycle| {
            let inside: Vec<String> = cycle
                .iter()
                .flat_map(|from| {
                    edges[from]
                        .iter()
                        .filter(|to| cycle.contains(to))
                        .map(move |to| format!("  {from} -> {to}"))
                })
                .collect();
            format!("{}\n{}", cycle.join(" <-> "), inside.join("\n"))
        })
        .collect();
    assert!(found.is_empty(), "module cycles in hook-core (take one edge away):\n{}", found.join("\n"));
}

#[test]
fn a_cycle_between_sibling_modules_is_found() {
    let module = |name: &str| name.split("::").map(str::to_string).collect::<Vec<_>>();
    let mut paths = named_paths(
        &module("policy::load"),
        "use super::cache::{Cache, x};\nuse crate::{rules::Pack, event};",
    );
    paths.sort();
    assert_eq!(
        paths,
        [module("event"), module("policy::cache::Cache"), module("policy::cache::x"), module("rules::Pack")]
    );
    let mut edges: std::collections::BTreeMap<String, std::collections::BTreeSet<String>> =
        Default::default();
    for (from, to) in [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")] {
        edges.entry(from.to_string()).or_default().insert(to.to_string());
    }
    assert_eq!(cycles(&edges), [["a", "b", "c"]]);
}

/// The path segments of a legacy-mangled symbol name in the linker script
/// once its hash is cut off (`_ZN9hook_core5guard5files6denied` is `hook_core`, `guard`,
/// `files`, `denied`).
fn mangled_segments(mut name: &str) -> Vec<&str> {
    let mut segments = Vec::new();
    while let Some(digits) = name.find(|c: char| !c.is_ascii_digit()).filter(|&n| n > 0) {
        let Ok(len) = name[..digits].parse::<usize>() else { break };
        let Some(segment) = name.get(digits..digits + len) else { break };
        segments.push(segment);
        name = &name[digits + len..];
    }
    segments
}

#[test]
fn the_linker_script_names_functions_that_exist() {
    let root = workspace_root();
    let script = std::fs::read_to_string(root.join("link/hot-text.ld")).expect("link/hot-text.ld");
    let mut stale = Vec::new();
    for pattern in script.split(|c: char| c.is_whitespace() || c == '(' || c == ')') {
        let Some(name) = pattern.strip_prefix(".text._ZN") else { continue };
        let name = name.trim_end_matches("17h*");
        let segments = mangled_segments(name);
        let (Some(krate), Some(function)) = (segments.first(), segments.last()) else { continue };
        // Our crates: `hook_core` and the agent crates (`claude_hook` is `crates/claude-hook`).
        let dir = root.join("crates").join(krate.replace('_', "-")).join("src");
        if !(*krate == "hook_core" || krate.ends_with("_hook")) || !dir.is_dir() {
            continue;
        }
        if function.contains('$') || function.contains('{') || segments.len() < 2 {
            continue;
        }
        let mut files = Vec::new();
        rust_files(&dir, &mut files);
        let defined = files.iter().any(|file| {
            std::fs::read_to_string(file).unwrap_or_default().contains(&format!("fn {function}"))
        });
        if !defined {
            stale.push(segments.join("::"));
        }
    }
    assert!(
        stale.is_empty(),
        "link/hot-text.ld names functions that no longer exist (run `cargo xtask layout`):\n{}",
        stale.join("\n")
    );
}

#[test]
fn mangled_names_split_into_their_path() {
    assert_eq!(
        mangled_segments("9hook_core5rules5paths15has_percent_var"),
        ["hook_core", "rules", "paths", "has_percent_var"]
    );
    assert_eq!(mangled_segments("11cursor_hook6decode4pick"), ["cursor_hook", "decode", "pick"]);
}

/// One id names an agent everywhere: its crate `crates/<id>-hook`, its fixtures
/// `tests/fixtures/<id>/`, trycmd cases `tests/cmd/<id>/`, golden files `tests/golden/<id>/` and
/// protocol notes `docs/agents/<id>.md`.
#[test]
fn one_agent_id_names_the_crate_fixtures_cases_and_notes() {
    let root = workspace_root();
    let ids: Vec<String> = std::fs::read_dir(root.join("crates"))
        .expect("crates/")
        .flatten()
        .filter_map(|e| e.file_name().to_string_lossy().strip_suffix("-hook").map(str::to_string))
        .collect();
    assert!(ids.len() >= 9, "{ids:?}");
    let mut wrong = Vec::new();
    for id in &ids {
        for required in
            [format!("tests/fixtures/{id}"), format!("tests/cmd/{id}"), format!("docs/agents/{id}.md")]
        {
            if !root.join(&required).exists() {
                wrong.push(format!("missing {required}"));
            }
        }
    }
    for dir in ["tests/fixtures", "tests/cmd", "tests/golden", "docs/agents"] {
        for entry in std::fs::read_dir(root.join(dir)).expect(dir).flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let id = name.strip_suffix(".md").unwrap_or(&name);
            // Golden release archives, the settings corpus every agent installs over and the
            // agents' index are not an agent's.
            if !ids.iter().any(|known| known == id)
                && !matches!(name.as_str(), "dist" | "corpus" | "README.md")
            {
                wrong.push(format!("{dir}/{name} is not named by an agent id ({})", ids.join(", ")));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// trycmd cases take their stdin from fixtures through symlinks; a renamed fixture must not
/// leave a case reading nothing.
#[test]
fn symlinks_under_tests_resolve() {
    fn walk(dir: &Path, broken: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            let Ok(kind) = entry.file_type() else { continue };
            if kind.is_symlink() && !path.exists() {
                broken.push(path.display().to_string());
            } else if kind.is_dir() {
                walk(&path, broken);
            }
        }
    }
    let mut broken = Vec::new();
    walk(&workspace_root().join("tests"), &mut broken);
    assert!(broken.is_empty(), "symlinks to nothing:\n{}", broken.join("\n"));
}
