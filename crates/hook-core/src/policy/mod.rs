//! The user's policy: its schema, its layers and how they merge.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use crate::rules::Pack;

/// What a rule does when it matches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Action {
    /// Let the command through (for a pack: never fire; for a filter: an exception).
    Allow,
    Ask,
    Deny,
    /// The pack is switched off.
    Off,
}

/// How much of a command family a pack covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Scope {
    /// Only the destructive forms of DESIGN.md's default policy.
    #[default]
    Dangerous,
    /// Every use of the commands (every rm, every kill, every dd).
    All,
}

/// The settings of one built-in pack.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackSetting {
    pub action: Action,
    pub scope: Scope,
    /// Replaces the pack's default message.
    pub message: Option<String>,
    /// Set in the system layer: later layers cannot weaken this pack.
    pub locked: bool,
}

impl Default for PackSetting {
    fn default() -> Self {
        Self { action: Action::Deny, scope: Scope::Dangerous, message: None, locked: false }
    }
}

/// The settings of every built-in pack.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackSettings(pub BTreeMap<Pack, PackSetting>);

impl Default for PackSettings {
    fn default() -> Self {
        Self(Pack::ALL.into_iter().map(|p| (p, PackSetting::default())).collect())
    }
}

impl PackSettings {
    pub fn get(&self, pack: Pack) -> PackSetting {
        self.0.get(&pack).cloned().unwrap_or_default()
    }
}

/// What to answer when the hook itself fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OnError {
    #[default]
    Allow,
    Deny,
}

/// The merged policy in force for one event.
#[derive(Debug, Clone, PartialEq)]
pub struct Policy {
    pub on_error: OnError,
    /// For commands the hooks run (formatters, stop gates).
    pub timeout: Duration,
    pub journal: bool,
    pub packs: PackSettings,
}

impl Default for Policy {
    /// The built-in default policy.
    fn default() -> Self {
        Self {
            on_error: OnError::Allow,
            timeout: Duration::from_secs(60),
            journal: true,
            packs: PackSettings::default(),
        }
    }
}

/// A policy file that failed to load, with where and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PolicyError {
    pub file: PathBuf,
    /// 1-based line and column, when the error has a place.
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub message: String,
}

impl std::fmt::Display for PolicyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.file.display())?;
        if let (Some(line), Some(col)) = (self.line, self.column) {
            write!(f, ":{line}:{col}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for PolicyError {}

/// Which layer a policy file belongs to (DESIGN.md "Policy files").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LayerKind {
    BuiltIn,
    System,
    User,
    Project,
    /// `--config FILE` or `AGENT_HOOKS_CONFIG`: replaces the user and project layers.
    Explicit,
}

/// One layer that was loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layer {
    pub kind: LayerKind,
    /// `None` for the built-in layer.
    pub path: Option<PathBuf>,
}

/// The outcome of loading every layer: the merged policy, what was loaded, and the
/// errors of the files that failed (whose contents were then ignored).
#[derive(Debug, Clone)]
pub struct Loaded {
    pub policy: Policy,
    pub layers: Vec<Layer>,
    pub errors: Vec<PolicyError>,
}

/// Load every layer for an event in `cwd`; `explicit` is `--config FILE`.
pub fn load(cwd: &std::path::Path, explicit: Option<&std::path::Path>) -> Loaded {
    let _ = (cwd, explicit);
    Loaded {
        policy: Policy::default(),
        layers: vec![Layer { kind: LayerKind::BuiltIn, path: None }],
        errors: vec![],
    }
}

/// The project policy file name, looked up from the event's cwd to the repository root.
pub const PROJECT_FILE: &str = ".agent-hooks.toml";

/// The commented starter policy that `init` writes.
pub const STARTER: &str = include_str!("starter.toml");

/// `$XDG_CONFIG_HOME/agent-hooks/config.toml`, or `~/.config/agent-hooks/config.toml`.
pub fn user_config_path() -> Option<PathBuf> {
    let base =
        std::env::var_os("XDG_CONFIG_HOME").filter(|v| !v.is_empty()).map(PathBuf::from).or_else(|| {
            std::env::var_os("HOME").filter(|v| !v.is_empty()).map(|h| PathBuf::from(h).join(".config"))
        })?;
    Some(base.join("agent-hooks").join("config.toml"))
}
