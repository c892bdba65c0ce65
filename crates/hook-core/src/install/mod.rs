//! Registering this binary in the agent's settings files: `install` and `uninstall` as a
//! plan (the new text and its diff) that is then written atomically with a backup, and
//! `doctor`'s checks.
//!
//! Ownership: an entry is ours when its command's program has exactly this binary's name.
//! Everything else in the file (other keys, other tools' hooks, key order, indentation) is
//! kept. JSONC files with comments are read but never rewritten, since the comments would
//! be lost.

mod atomic;
mod command;
mod diff;
pub mod doctor;
mod error;
mod git_exclude;
mod json_edit;
mod owned_file;
mod registration;
mod settings_file;
mod splice;

use std::path::{Path, PathBuf};

use crate::project::find_project_root;

pub use crate::shell::quote;
pub use atomic::backup_path;
pub use command::{command_line, runs_binary};
pub use error::{InstallError, scope_name};
pub use git_exclude::exclude as git_exclude;
pub use json_edit::Found;
pub use owned_file::OwnedFile;
pub use registration::{
    HookSpec, Layout, Probe, ProbeAnswer, ProbeVerdict, Registration, Syntax, command_handler,
};

/// Which of the agent's settings files an install touches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SettingsScope {
    /// The user's own settings, for every project.
    User,
    /// The project's shared, committed settings.
    Project,
    /// The project's personal, uncommitted settings.
    Local,
}

/// What install, uninstall and doctor know of an agent: every [`crate::Agent`] is one.
pub trait Installable {
    /// Binary name, e.g. `claude-hook`.
    fn binary(&self) -> &'static str;
    /// Human name, e.g. `Claude Code`.
    fn display_name(&self) -> &'static str;
    /// The settings file for `scope`, given the home and project directories.
    fn settings_path(&self, scope: SettingsScope, home: &Path, project: &Path) -> Option<PathBuf>;
    /// How to register the binary; `None`: the agent cannot be installed (yet).
    fn registration(&self) -> Option<Registration>;
    /// The file of its own that registers the binary, for agents that have one.
    fn owned_file(&self) -> Option<OwnedFile>;
    /// Where the agent records which hooks the user trusts, for agents that run no other.
    fn trust_file(&self) -> Option<TrustFile>;
}

/// The second file of agents that run only the hooks a user has trusted (Codex records a hash
/// per hook in its `config.toml`): `install` records trust for exactly the entries it wrote,
/// since running `install` is the user's consent.
#[derive(Debug, Clone, Copy)]
pub struct TrustFile {
    /// The file, given the settings file and the home directory.
    pub path: fn(settings: &Path, home: Option<&Path>) -> Option<PathBuf>,
    /// The file's text once it records trust for every entry of `binary` in `doc` (the
    /// settings file at `settings`), given its text now; `Err` says why it cannot be edited.
    pub record: fn(
        current: Option<&str>,
        settings: &Path,
        doc: &serde_json::Value,
        binary: &str,
    ) -> Result<String, String>,
}

/// Record trust for the entries `plan` leaves in its settings file, where the agent needs it:
/// the trust file written (with a backup of what it held) when that changes it. `None` when the
/// agent keeps no trust file.
pub fn record_trust<A: Installable + ?Sized>(
    agent: &A,
    plan: &Plan,
    home: Option<&Path>,
) -> Result<Option<PathBuf>, InstallError> {
    let Some(trust) = agent.trust_file() else { return Ok(None) };
    let Some(path) = (trust.path)(&plan.path, home) else { return Ok(None) };
    let settings = plan.after.as_deref().unwrap_or("{}");
    let doc: serde_json::Value = serde_json::from_str(settings).map_err(|e| InstallError::Invalid {
        path: plan.path.clone(),
        line: e.line(),
        column: e.column(),
        message: e.to_string(),
    })?;
    let current = settings_file::read(&path)?;
    let next = (trust.record)(current.as_deref(), &plan.path, &doc, agent.binary())
        .map_err(|what| InstallError::Shape { path: path.clone(), what })?;
    if current.as_deref() != Some(next.as_str()) {
        atomic::replace(&path, current.as_deref(), &next)?;
    }
    Ok(Some(path))
}

/// A change to one settings file, worked out but not written yet.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    pub path: PathBuf,
    /// The file's text now; `None` when it does not exist.
    pub before: Option<String>,
    /// The file's text after the change; equal to `before` when there is nothing to do.
    pub after: Option<String>,
    /// The file has comments and the change could not be made as an edit of its text, so
    /// writing it would drop them: [`apply`] refuses.
    pub drops_comments: bool,
    /// Our entries once the change is made.
    pub registered: Vec<Found>,
    /// The file is ours alone (install created it and nothing else was added): deleting it
    /// keeps no backup.
    pub ours_alone: bool,
}

impl Plan {
    pub fn changes_anything(&self) -> bool {
        self.before != self.after
    }

    /// The unified diff of the change; empty when there is none.
    pub fn diff(&self) -> String {
        let text = |t: &Option<String>| t.clone().unwrap_or_default();
        diff::unified(&self.path.display().to_string(), &text(&self.before), &text(&self.after))
    }
}

/// The path to register for this binary: the one it was started by (the link on `PATH`, not
/// the versioned file a package manager points it at), so that an upgrade that moves the real
/// file keeps every hook working. A Homebrew `Cellar/<formula>/<version>/` path becomes the
/// formula's `opt/` link and a Scoop `apps/<app>/<version>/` path its `current/` one. A cargo
/// `target/` build is registered as it is, with a warning: `cargo clean` removes it.
pub fn stable_exe() -> std::io::Result<(PathBuf, Option<String>)> {
    let real = std::env::current_exe()?;
    let invoked = std::env::args_os().next().map(PathBuf::from).and_then(|argv0| {
        if argv0.components().count() > 1 {
            Some(std::env::current_dir().ok()?.join(argv0))
        } else {
            std::env::var_os("PATH").and_then(|paths| {
                std::env::split_paths(&paths).map(|dir| dir.join(&argv0)).find(|p| p.is_file())
            })
        }
    });
    let same_file = |path: &Path| std::fs::canonicalize(path).ok() == std::fs::canonicalize(&real).ok();
    let chosen = invoked.filter(|path| same_file(path)).unwrap_or_else(|| real.clone());
    let chosen = versionless(&chosen).filter(|path| same_file(path)).unwrap_or(chosen);
    let text = chosen.to_string_lossy().replace('\\', "/");
    let warning = (text.contains("/target/debug/") || text.contains("/target/release/")).then(|| {
        format!("{} is a cargo build output: `cargo clean` or a rebuild elsewhere breaks the hooks; install a release (or `cargo install`) and run install from there", chosen.display())
    });
    Ok((chosen, warning))
}

/// The unversioned path of a package manager's versioned one: Homebrew's
/// `<prefix>/Cellar/<formula>/<version>/bin/x` is `<prefix>/opt/<formula>/bin/x`, Scoop's
/// `apps/<app>/<version>/x` is `apps/<app>/current/x`.
fn versionless(path: &Path) -> Option<PathBuf> {
    let parts: Vec<&std::ffi::OsStr> = path.iter().collect();
    let at = |name: &str| parts.iter().position(|part| *part == name);
    if let Some(cellar) = at("Cellar").filter(|&i| i + 2 < parts.len()) {
        let mut stable: PathBuf = parts[..cellar].iter().collect();
        stable.push("opt");
        stable.push(parts[cellar + 1]);
        stable.extend(&parts[cellar + 3..]);
        return Some(stable);
    }
    if let Some(apps) = at("apps").filter(|&i| i + 2 < parts.len() && parts[i + 2] != "current") {
        let mut stable: PathBuf = parts[..=apps + 1].iter().collect();
        stable.push("current");
        stable.extend(&parts[apps + 3..]);
        return Some(stable);
    }
    None
}

/// The settings file of `agent` for `scope`: under `home` for the user's, under the
/// repository root above `cwd` for the project's.
pub fn settings_file<A: Installable + ?Sized>(
    agent: &A,
    scope: SettingsScope,
    home: Option<&Path>,
    cwd: &Path,
) -> Result<PathBuf, InstallError> {
    let home = match (scope, home) {
        (SettingsScope::User, None) => return Err(InstallError::NoHome),
        (_, home) => home.unwrap_or(Path::new("")),
    };
    agent
        .settings_path(scope, home, &find_project_root(cwd))
        .ok_or(InstallError::NoScope { agent: agent.display_name(), scope })
}

/// What `install` would do to `path`: register `exe` for every hook the agent declares.
pub fn plan_install<A: Installable + ?Sized>(
    agent: &A,
    path: &Path,
    exe: &Path,
) -> Result<Plan, InstallError> {
    if let Some(owned) = agent.owned_file() {
        return owned_file::plan_install(&owned, path, exe);
    }
    let registration = registration(agent)?;
    let command = command_line(exe);
    plan(agent, path, &registration, |doc| json_edit::add(doc, &registration, agent.binary(), &command))
}

/// What `uninstall` would do to `path`: remove every entry of ours.
pub fn plan_uninstall<A: Installable + ?Sized>(agent: &A, path: &Path) -> Result<Plan, InstallError> {
    if let Some(owned) = agent.owned_file() {
        return owned_file::plan_uninstall(&owned, path);
    }
    let registration = registration(agent)?;
    // The keys install adds for the agent (Copilot's `"version": 1`) go too when the user's
    // own file, as its first backup keeps it, did not have them.
    let users = settings_file::read(&atomic::backup_path(path))
        .ok()
        .flatten()
        .and_then(|text| settings_file::parse(path, &text, registration.syntax).ok());
    plan(agent, path, &registration, |doc| {
        json_edit::remove(doc, &registration, agent.binary())?;
        if let (Some(users), Some(root)) = (&users, doc.as_object_mut()) {
            for (key, value) in &registration.required_keys {
                if users.value.get(key).is_none() && root.get(*key) == Some(value) {
                    root.shift_remove(*key);
                }
            }
        }
        Ok(())
    })
}

/// Write `plan` (or delete the file, when the plan leaves none); returns the backup of the
/// previous file, if there was one. Nothing is written when the plan changes nothing, drops
/// comments, or the file changed since the plan.
pub fn apply(plan: &Plan) -> Result<Option<PathBuf>, InstallError> {
    if !plan.changes_anything() {
        return Ok(None);
    }
    if plan.drops_comments {
        return Err(InstallError::Comments { path: plan.path.clone() });
    }
    if settings_file::read(&plan.path)? != plan.before {
        return Err(InstallError::Raced { path: plan.path.clone() });
    }
    match (plan.after.as_deref(), plan.before.as_deref()) {
        (Some(after), before) => atomic::replace(&plan.path, before, after),
        (None, Some(_)) if plan.ours_alone => {
            fs_err::remove_file(&plan.path).map(|()| None).map_err(InstallError::File)
        }
        (None, Some(before)) => atomic::remove(&plan.path, before).map(Some),
        (None, None) => Ok(None),
    }
}

/// The agent's registration, or why it has none.
pub fn registration<A: Installable + ?Sized>(agent: &A) -> Result<Registration, InstallError> {
    agent.registration().ok_or(InstallError::NotSupported { agent: agent.display_name() })
}

/// Our entries in `path` (none when the file does not exist).
pub fn registered<A: Installable + ?Sized>(
    agent: &A,
    registration: &Registration,
    path: &Path,
) -> Result<Vec<Found>, InstallError> {
    let Some(text) = settings_file::read(path)? else { return Ok(Vec::new()) };
    let settings = settings_file::parse(path, &text, registration.syntax)?;
    Ok(json_edit::find(&settings.value, registration, agent.binary()))
}

/// Read `path`, apply `edit` to its JSON and work out the resulting text.
fn plan<A: Installable + ?Sized>(
    agent: &A,
    path: &Path,
    registration: &Registration,
    edit: impl FnOnce(&mut serde_json::Value) -> Result<(), String>,
) -> Result<Plan, InstallError> {
    let before = settings_file::read(path)?;
    let settings = settings_file::parse(path, before.as_deref().unwrap_or_default(), registration.syntax)?;
    let mut value = settings.value.clone();
    edit(&mut value).map_err(|what| InstallError::Shape { path: path.to_path_buf(), what })?;
    // The user's own file, as the first backup keeps it: when the change leaves the same
    // settings it held (an uninstall after an install), its exact bytes come back.
    let original = settings_file::read(&atomic::backup_path(path)).ok().flatten().filter(|text| {
        settings_file::parse(path, text, registration.syntax).is_ok_and(|original| original.value == value)
    });
    let empty = value.as_object().is_some_and(serde_json::Map::is_empty);
    // Install created the file (no backup of a user's file exists) and the change leaves
    // nothing but the keys install adds itself (Copilot's `"version": 1`): it goes, with
    // nothing left behind.
    let only_required = value.as_object().is_some_and(|map| {
        map.iter().all(|(key, held)| registration.required_keys.iter().any(|(k, v)| k == key && v == held))
    });
    let ours_alone = only_required && before.is_some() && !atomic::backup_path(path).exists();
    let mut rendered_whole = false;
    let after = if value == settings.value && before.is_some() {
        before.clone()
    } else if original.is_some() {
        original
    } else if ours_alone || before.is_none() && empty {
        // Uninstall from a file that does not exist: leave it not existing.
        None
    } else {
        let spliced =
            before.as_deref().and_then(|text| splice::edit(text, &settings.value, &value, &settings.style));
        rendered_whole = spliced.is_none();
        Some(spliced.unwrap_or_else(|| settings_file::render(&value, &settings.style)))
    };
    let drops_comments = settings.had_comments && rendered_whole && after != before;
    let registered = json_edit::find(&value, registration, agent.binary());
    Ok(Plan { path: path.to_path_buf(), before, after, drops_comments, registered, ours_alone })
}

#[cfg(test)]
mod tests {
    use serde_json::{Map, Value, json};

    use super::*;
    use crate::agent::{Agent, DecodeError, Install, Response, SettingsPaths};
    use crate::scratch::Scratch;

    /// An agent with a JSONC settings file, as Gemini CLI has.
    static COMMENTED: Agent = Agent {
        binary: "x-hook",
        display_name: "X",
        decode: |_| Err(DecodeError::Shape("unused".into())),
        encode: |_, _| Response::default(),
        silent_allow: "",
        someone_at_hand: None,
        settings: SettingsPaths { user: Some("settings.json"), project: None, local: None },
        install: Install::Entries(|| Registration {
            syntax: Syntax::Jsonc,
            layout: Layout::Flat,
            required_keys: Vec::new(),
            hooks: vec![HookSpec { event: "pre", matcher: None, timeout: None }],
            handler: |command, _| Map::from_iter([("command".to_string(), json!(command))]),
            command_keys: &["command"],
            probe: Probe {
                shell_event: "pre",
                payload: |_, _| String::new(),
                read_answer: |_| ProbeVerdict::Allow,
            },
        }),
        trust_file: None,
    };

    /// A scratch directory and a settings file holding `text` in it.
    fn scratch(name: &str, text: &str) -> (Scratch, PathBuf) {
        let dir = Scratch::new(&format!("install-{name}"));
        let path = dir.join("settings.json");
        std::fs::write(&path, text).unwrap();
        (dir, path)
    }

    #[test]
    fn a_commented_file_keeps_its_comments() {
        let text = "{\n  // keep me\n  \"a\": 1 /* and me */\n}\n";
        let (_dir, path) = scratch("comments", text);
        let plan = plan_install(&COMMENTED, &path, Path::new("/bin/x-hook")).unwrap();
        assert!(!plan.drops_comments);
        apply(&plan).unwrap();
        let written = std::fs::read_to_string(&path).unwrap();
        assert!(
            written.starts_with("{\n  // keep me\n  \"a\": 1, /* and me */\n  \"hooks\": {\n"),
            "{written}"
        );
        apply(&plan_uninstall(&COMMENTED, &path).unwrap()).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    }

    #[test]
    fn a_commented_file_that_cannot_be_spliced_is_never_rewritten() {
        let text = "{\n  // keep me\n  \"a\": 1,\n  \"b\": 2\n}\n";
        let (_dir, path) = scratch("reordered", text);
        let registration = registration(&COMMENTED).unwrap();
        let reorder = |doc: &mut Value| {
            *doc = json!({"b": 3, "a": 1});
            Ok(())
        };
        let plan = plan(&COMMENTED, &path, &registration, reorder).unwrap();
        assert!(plan.drops_comments);
        assert!(plan.diff().contains("-  // keep me"), "{}", plan.diff());
        assert!(matches!(apply(&plan), Err(InstallError::Comments { .. })));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    }

    #[test]
    fn trailing_commas_alone_do_not_stop_a_rewrite() {
        let (_dir, path) = scratch("commas", "{\n  \"a\": [1,],\n}\n");
        let plan = plan_install(&COMMENTED, &path, Path::new("/bin/x-hook")).unwrap();
        assert!(!plan.drops_comments);
        apply(&plan).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let written = settings_file::parse(&path, &text, Syntax::Jsonc).unwrap().value;
        assert_eq!(written, json!({"a": [1], "hooks": {"pre": [{"command": "/bin/x-hook"}]}}));
    }

    #[test]
    fn a_file_changed_since_the_plan_is_not_overwritten() {
        let (_dir, path) = scratch("raced", "{}\n");
        let plan = plan_install(&COMMENTED, &path, Path::new("/bin/x-hook")).unwrap();
        std::fs::write(&path, "{\"saved\": true}\n").unwrap();
        assert!(matches!(apply(&plan), Err(InstallError::Raced { .. })));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "{\"saved\": true}\n");
    }
}
