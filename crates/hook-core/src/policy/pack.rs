//! The built-in packs by name (the keys of `[rules]`) and what a policy sets for each: action,
//! scope, message, lock. What each pack catches is `crate::rules`'.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{Action, Text, cached_text};

/// A built-in rule pack. The names are the `[rules]` keys of the policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Pack {
    Rm,
    Kill,
    Dd,
    Git,
    Disk,
    Permissions,
    RemoteScript,
    ForkBomb,
    Guard,
    /// Text a shell, `eval` or `source` runs that the analyser cannot compute, and syntax it
    /// cannot follow.
    Opaque,
    /// The bounds of the analysis: a line beyond them is not fully seen.
    Limit,
    Database,
    Kubernetes,
    Iac,
    Cloud,
    Containers,
    Hosting,
    /// Secrets sent to the network: the process environment dumped into a network client.
    Exfiltration,
    /// Stored credentials printed where the agent reads them (`gh auth token`).
    Credentials,
}

impl Pack {
    pub const ALL: [Pack; 19] = [
        Pack::Rm,
        Pack::Kill,
        Pack::Dd,
        Pack::Git,
        Pack::Disk,
        Pack::Permissions,
        Pack::RemoteScript,
        Pack::ForkBomb,
        Pack::Guard,
        Pack::Opaque,
        Pack::Limit,
        Pack::Database,
        Pack::Kubernetes,
        Pack::Iac,
        Pack::Cloud,
        Pack::Containers,
        Pack::Hosting,
        Pack::Exfiltration,
        Pack::Credentials,
    ];

    /// The pack's key in `[rules]`.
    pub fn key(self) -> &'static str {
        match self {
            Pack::Rm => "rm",
            Pack::Kill => "kill",
            Pack::Dd => "dd",
            Pack::Git => "git",
            Pack::Disk => "disk",
            Pack::Permissions => "permissions",
            Pack::RemoteScript => "remote-script",
            Pack::ForkBomb => "fork-bomb",
            Pack::Guard => "guard",
            Pack::Opaque => "opaque",
            Pack::Limit => "limit",
            Pack::Database => "database",
            Pack::Kubernetes => "kubernetes",
            Pack::Iac => "iac",
            Pack::Cloud => "cloud",
            Pack::Containers => "containers",
            Pack::Hosting => "hosting",
            Pack::Exfiltration => "exfiltration",
            Pack::Credentials => "credentials",
        }
    }

    /// The action of a pack no policy mentions: what was not seen is asked about, and so is
    /// what the data and infrastructure packs catch (often meant, always to be confirmed);
    /// the rest is denied.
    pub fn default_action(self) -> Action {
        match self {
            Pack::Opaque
            | Pack::Limit
            | Pack::Database
            | Pack::Kubernetes
            | Pack::Iac
            | Pack::Cloud
            | Pack::Containers
            | Pack::Hosting
            | Pack::Credentials => Action::Ask,
            _ => Action::Deny,
        }
    }

    pub fn from_key(key: &str) -> Option<Pack> {
        Pack::ALL.into_iter().find(|p| p.key() == key)
    }
}

/// How much of a command family a pack covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Scope {
    /// Only the destructive forms, as the built-in policy has them.
    #[default]
    Dangerous,
    /// Every use of the commands (every rm, every kill, every dd).
    All,
}

/// The settings of one built-in pack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound(deserialize = "'de: 'static"))]
pub struct PackSetting {
    pub action: Action,
    pub scope: Scope,
    /// Replaces the pack's default message.
    #[serde(deserialize_with = "cached_text::option")]
    pub message: Option<Text>,
    /// Set in the system layer: later layers cannot weaken this pack.
    pub locked: bool,
}

impl Default for PackSetting {
    fn default() -> Self {
        Self { action: Action::Deny, scope: Scope::Dangerous, message: None, locked: false }
    }
}

/// The settings of every built-in pack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound(deserialize = "'de: 'static"))]
pub struct PackSettings(pub BTreeMap<Pack, PackSetting>);

impl Default for PackSettings {
    fn default() -> Self {
        Self(Pack::ALL.into_iter().map(|p| (p, PackSetting::of(p))).collect())
    }
}

impl PackSettings {
    pub fn get(&self, pack: Pack) -> PackSetting {
        self.0.get(&pack).cloned().unwrap_or_else(|| PackSetting::of(pack))
    }
}

impl PackSetting {
    /// The built-in setting of `pack`.
    pub fn of(pack: Pack) -> Self {
        Self { action: pack.default_action(), ..Self::default() }
    }
}
