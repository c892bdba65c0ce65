//! `trust` and `untrust`: the user approves (or withdraws) a project policy's exact contents,
//! after reading what it would weaken or run.
//!
//! The agent must not do this for itself: `trust` needs a terminal to confirm on (or `--yes`),
//! the `guard` pack denies the agent running it, and the store is in the built-in
//! `deny_write` list.

use std::io::{BufRead, IsTerminal};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::policy::{self, LayerKind, Sources, Trust, TrustStore};
use crate::project::Context;
use crate::protocol;

/// What `trust` and `untrust` were asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Request {
    /// The project policy file, or a directory holding one; `None` for the one in force here.
    pub file: Option<PathBuf>,
    /// Trust without asking (`--yes`).
    pub yes: bool,
}

pub(crate) fn trust(binary: &str, request: &Request) -> ExitCode {
    let Some((file, store)) = locate(request.file.as_deref()) else { return ExitCode::from(1) };
    let Ok(bytes) = fs_err::read(&file).map_err(|e| fail(&e.to_string())) else {
        return ExitCode::from(1);
    };
    let loaded = review(&file, &store);
    if let Some(error) = loaded.errors.first() {
        fail(&format!(
            "{error}\nFix the file first (see `{binary} check`); a file that does not load is not trusted."
        ));
        return ExitCode::from(1);
    }
    let Some(layer) = loaded.layers.iter().find(|layer| layer.kind == LayerKind::Project) else {
        fail(&format!("{} is not a project policy", file.display()));
        return ExitCode::from(1);
    };
    match &layer.trust {
        Trust::Forbidden => {
            fail("the system policy allows no project policy to be trusted ([trust] locked = true)");
            return ExitCode::from(1);
        }
        Trust::Approved => {
            protocol::print(&format!("{} is trusted already, as it is now.", file.display()));
            return ExitCode::SUCCESS;
        }
        Trust::Directory(dir) => {
            protocol::print(&format!(
                "{} is trusted already: [trust] directories holds {}.",
                file.display(),
                dir.display()
            ));
            return ExitCode::SUCCESS;
        }
        Trust::Own | Trust::Untrusted => {}
    }
    if loaded.skipped.is_empty() {
        protocol::print(&format!(
            "{} only makes the guard stricter, which applies without trust; nothing to do.",
            file.display()
        ));
        return ExitCode::SUCCESS;
    }
    let mut summary = format!("Once trusted, {} will also:\n", file.display());
    for skip in &loaded.skipped {
        let place = skip.line.map(|line| format!("line {line}: ")).unwrap_or_default();
        summary.push_str(&format!("  {place}{}\n", skip.message));
    }
    summary
        .push_str("Any later change to the file, by anyone (the agent included), makes it untrusted again.");
    protocol::print(&summary);
    if !request.yes && !confirmed() {
        return ExitCode::from(1);
    }
    // What is trusted is what was reviewed: a file changed meanwhile is refused.
    if std::fs::read(&file).ok().as_deref() != Some(bytes.as_slice()) {
        fail(&format!("{} changed while it was being reviewed; run trust again", file.display()));
        return ExitCode::from(1);
    }
    let mut trusted = TrustStore::read(&store);
    let recorded = trusted.insert(&file, &policy::trust_digest(&bytes)).and_then(|()| trusted.write(&store));
    if let Err(e) = recorded {
        fail(&format!("cannot record the trust in {}: {e}", store.display()));
        return ExitCode::from(1);
    }
    protocol::print(&format!("trusted {}", file.display()));
    ExitCode::SUCCESS
}

pub(crate) fn untrust(request: &Request) -> ExitCode {
    let Some((file, store)) = locate(request.file.as_deref()) else { return ExitCode::from(1) };
    let mut trusted = TrustStore::read(&store);
    if !trusted.remove(&file) {
        protocol::print(&format!("{} was not trusted", file.display()));
        return ExitCode::SUCCESS;
    }
    if let Err(e) = trusted.write(&store) {
        fail(&format!("cannot write {}: {e}", store.display()));
        return ExitCode::from(1);
    }
    protocol::print(&format!("{} is no longer trusted", file.display()));
    ExitCode::SUCCESS
}

/// The project policy file asked for, as its real path, and the trust store; `None` after
/// saying why there is none.
fn locate(asked: Option<&Path>) -> Option<(PathBuf, PathBuf)> {
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/"));
    let file = match asked {
        Some(path) if path.is_dir() => path.join(policy::PROJECT_FILE),
        Some(path) => path.to_path_buf(),
        None => {
            let ctx = Context::discover(&cwd);
            let Some(found) = policy::find_project_file(&cwd, &ctx.project_root) else {
                fail(&format!("no {} here or above, up to the repository root", policy::PROJECT_FILE));
                return None;
            };
            found
        }
    };
    if file.file_name().is_none_or(|name| name != policy::PROJECT_FILE) {
        fail(&format!(
            "only project policies ({}) are trusted; {} is not one",
            policy::PROJECT_FILE,
            file.display()
        ));
        return None;
    }
    let file = match fs_err::canonicalize(&file) {
        Ok(real) => real,
        Err(e) => {
            fail(&e.to_string());
            return None;
        }
    };
    let Some(store) = policy::trust_store_path() else {
        fail("cannot find the state directory for the trust store: set HOME or XDG_STATE_HOME");
        return None;
    };
    Some((file, store))
}

/// The layers in force for `file` as the project policy, merged as a hook would (never from
/// the cache): what it would change over the user's and the system's policies is what was
/// skipped.
fn review(file: &Path, store: &Path) -> policy::Loaded {
    let dir = file.parent().map(Path::to_path_buf);
    policy::load_from(&Sources {
        system: Some(policy::system_config_path()),
        user: policy::user_config_path(),
        project_search_from: dir.clone(),
        project_root: dir,
        explicit: None,
        check_patterns: true,
        cache: None,
        trust_store: Some(store.to_path_buf()),
    })
}

/// Whether the person at the terminal says yes; without a terminal nobody can, so no.
fn confirmed() -> bool {
    let stdin = std::io::stdin();
    if !stdin.is_terminal() {
        fail(
            "trust asks for confirmation on a terminal, and there is none: run it yourself in a terminal, or add --yes if you have read the above",
        );
        return false;
    }
    protocol::prompt("Trust this file? [y/N] ");
    let mut answer = String::new();
    if stdin.lock().read_line(&mut answer).is_err() {
        return false;
    }
    let yes = matches!(answer.trim(), "y" | "Y" | "yes" | "YES" | "Yes");
    if !yes {
        protocol::print("not trusted");
    }
    yes
}

fn fail(message: &str) {
    protocol::warn(&format!("agent-hooks: {message}"));
}
