//! Registrations that are a whole file of their own (an OpenCode plugin module, a
//! docker-agent hooks drop-in, an x-code plugin manifest): `install` writes the file,
//! `uninstall` deletes it, and neither ever touches a file that `install` did not write.

use std::path::Path;

use super::error::InstallError;
use super::json_edit::Found;
use super::registration::Probe;
use super::{Plan, command_line, settings_file};

/// A file this binary owns outright.
#[derive(Debug, Clone)]
pub struct OwnedFile {
    /// Text that every file `install` writes contains and a user's own file would not.
    pub marker: &'static str,
    /// The whole file, for the binary at `exe`.
    pub render: fn(exe: &Path) -> String,
    /// The events the file registers, for reports.
    pub events: &'static [&'static str],
    /// What the user still has to do once the file is written (x-code installs plugins
    /// itself); `None` when the agent picks the file up on its own.
    pub next_step: Option<fn(path: &Path) -> String>,
    /// How `doctor` proves this binary answers as the agent expects.
    pub probe: Probe,
}

impl OwnedFile {
    /// Whether `text` is a file `install` wrote.
    pub fn wrote(&self, text: &str) -> bool {
        text.contains(self.marker)
    }

    /// The events, as `install` reports registrations.
    pub fn registered(&self, exe: &Path) -> Vec<Found> {
        let command = command_line(exe);
        let found =
            |event: &&str| Found { event: (*event).to_string(), matcher: None, command: command.clone() };
        self.events.iter().map(found).collect()
    }
}

/// What `install` would do: write the file for `exe`, replacing only a file of ours.
pub fn plan_install(owned: &OwnedFile, path: &Path, exe: &Path) -> Result<Plan, InstallError> {
    let before = read_ours(owned, path)?;
    let after = Some((owned.render)(exe));
    Ok(Plan {
        path: path.to_path_buf(),
        before,
        after,
        drops_comments: false,
        registered: owned.registered(exe),
        ours_alone: false,
    })
}

/// What `uninstall` would do: delete the file if it is ours.
pub fn plan_uninstall(owned: &OwnedFile, path: &Path) -> Result<Plan, InstallError> {
    let before = read_ours(owned, path)?;
    Ok(Plan {
        path: path.to_path_buf(),
        before,
        after: None,
        drops_comments: false,
        registered: Vec::new(),
        ours_alone: false,
    })
}

/// The file's text when it is ours; an error, leaving it alone, when it is someone else's.
fn read_ours(owned: &OwnedFile, path: &Path) -> Result<Option<String>, InstallError> {
    match settings_file::read(path)? {
        Some(text) if !owned.wrote(&text) => Err(InstallError::Shape {
            path: path.to_path_buf(),
            what: "this file was not written by agent-hooks, so it is left alone".into(),
        }),
        text => Ok(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::install::ProbeVerdict;
    use crate::scratch::Scratch;

    fn owned() -> OwnedFile {
        OwnedFile {
            marker: "# written by x-hook",
            render: |exe| format!("# written by x-hook\nrun: {}\n", exe.display()),
            events: &["pre", "post"],
            next_step: None,
            probe: Probe {
                shell_event: "pre",
                payload: |_, _| String::new(),
                read_answer: |_| ProbeVerdict::Allow,
            },
        }
    }

    /// A scratch directory and the agent's file path in it.
    fn scratch(name: &str) -> (Scratch, std::path::PathBuf) {
        let dir = Scratch::new(&format!("owned-{name}"));
        let path = dir.join("hooks.yaml");
        (dir, path)
    }

    #[test]
    fn install_writes_and_uninstall_deletes_our_file() {
        let (_dir, path) = scratch("round-trip");
        let plan = plan_install(&owned(), &path, Path::new("/bin/x-hook")).unwrap();
        assert_eq!(plan.before, None);
        assert_eq!(plan.registered.len(), 2);
        crate::install::apply(&plan).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "# written by x-hook\nrun: /bin/x-hook\n");
        assert!(!plan_install(&owned(), &path, Path::new("/bin/x-hook")).unwrap().changes_anything());
        let removal = plan_uninstall(&owned(), &path).unwrap();
        assert!(removal.changes_anything());
        let backup = crate::install::apply(&removal).unwrap().unwrap();
        assert!(!path.exists());
        assert!(backup.exists());
        assert!(!plan_uninstall(&owned(), &path).unwrap().changes_anything());
    }

    #[test]
    fn a_file_someone_else_wrote_is_never_touched() {
        let (_dir, path) = scratch("foreign");
        std::fs::write(&path, "mine\n").unwrap();
        assert!(matches!(plan_install(&owned(), &path, Path::new("/x")), Err(InstallError::Shape { .. })));
        assert!(matches!(plan_uninstall(&owned(), &path), Err(InstallError::Shape { .. })));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "mine\n");
    }
}
