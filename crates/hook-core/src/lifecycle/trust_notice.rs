//! Telling the agent and the user, once per session, that a project policy nobody trusted
//! applies only in part, and how the user trusts it.

use std::io::Write;
use std::path::Path;

use crate::event::Event;
use crate::policy::Loaded;
use crate::state;
use crate::verdict::{Decision, Verdict};

/// Where each session's marker lists the project files it was told about.
const AREA: &str = "trust-notices";

/// Add the notice about `loaded`'s untrusted project layer to `verdict`, unless this session
/// was told already: to the reason of a deny or ask (which the agent always reads), else to
/// the context for the model, and to the message for the user. `binary` is the hook's name.
pub fn tell(verdict: &mut Verdict, event: &Event, loaded: &Loaded, binary: &str) {
    let Some(file) = loaded.untrusted_layer().and_then(|layer| layer.path.as_deref()) else { return };
    let marker = event.session_id.as_deref().and_then(|id| state::file(AREA, id));
    if marker.as_deref().is_some_and(|marker| told(marker, file)) {
        return;
    }
    let note = notice(file, loaded.skipped.len(), binary);
    match &mut verdict.decision {
        Decision::Deny { reason, .. } | Decision::Ask { reason, .. } => {
            reason.push_str("\n\n");
            reason.push_str(&note);
        }
        Decision::Allow | Decision::Rewrite { .. } => verdict.add_context(&note),
    }
    verdict.user_message = Some(match verdict.user_message.take() {
        Some(message) => format!("{message}\n{note}"),
        None => note,
    });
    if let Some(marker) = marker {
        // Best effort: failing to remember only means telling again.
        let _ = remember(&marker, file);
    }
}

/// The notice for the untrusted project file `file`, of which `skipped` settings were left out.
pub fn notice(file: &Path, skipped: usize, binary: &str) -> String {
    let settings = if skipped == 1 { "setting" } else { "settings" };
    format!(
        "agent-hooks: the project policy {} is not trusted, so {skipped} {settings} in it that would weaken the guard or run commands are not applied (its stricter rules are). The user can review it and trust it by running `{binary} trust` in a terminal; an agent cannot.",
        file.display()
    )
}

fn told(marker: &Path, file: &Path) -> bool {
    let Ok(bytes) = std::fs::read(marker) else { return false };
    let file = file.as_os_str().as_encoded_bytes();
    bytes.split(|&byte| byte == b'\n').any(|line| line == file)
}

fn remember(marker: &Path, file: &Path) -> std::io::Result<()> {
    if let Some(dir) = marker.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut line = file.as_os_str().as_encoded_bytes().to_vec();
    line.push(b'\n');
    std::fs::OpenOptions::new().create(true).append(true).open(marker)?.write_all(&line)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_marker_remembers_each_file_once() {
        let dir = crate::scratch::Scratch::new("trust-notice");
        let marker = dir.join("session");
        let (a, b) = (Path::new("/a/.agent-hooks.toml"), Path::new("/a/b/.agent-hooks.toml"));
        assert!(!told(&marker, a));
        remember(&marker, a).expect("remember");
        assert!(told(&marker, a) && !told(&marker, b));
    }

    #[test]
    fn the_notice_names_the_file_and_the_command() {
        let note = notice(Path::new("/r/.agent-hooks.toml"), 1, "claude-hook");
        assert!(note.contains("/r/.agent-hooks.toml is not trusted, so 1 setting in it"), "{note}");
        assert!(note.contains("`claude-hook trust`"), "{note}");
    }
}
