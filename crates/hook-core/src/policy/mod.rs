//! The user's policy: its schema, its layers and how they merge.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use serde::{Deserialize, Serialize};

mod cache;
mod cached_text;
mod keyed;
mod load;
mod merge;
mod pack;
mod schema;
mod stamp;
mod trust;

pub use keyed::{Rule, RuleKey, Rules};
pub use pack::{Pack, PackSetting, PackSettings, Scope};
pub use trust::{Store as TrustStore, Trust, digest as trust_digest, store_path as trust_store_path};

pub use load::{
    Sources, cache_dir, find_project_file, load, load_checked, load_from, system_config_path,
    user_config_path,
};

/// The text of a rule: owned when parsed from a policy file, borrowed from the bytes of the
/// policy cache when a hit decoded it, so that a hit copies none of the rules' texts.
pub type Text = Cow<'static, str>;

/// What a rule does when it matches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Action {
    /// Let the command through (for a pack: never fire; for a filter: an exception).
    Allow,
    Ask,
    Deny,
    /// The pack is switched off.
    Off,
}

/// What to answer when the hook itself fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum OnError {
    #[default]
    Allow,
    Deny,
}

/// A custom `[[filter]]`: a command the packs do not know about.
///
/// Patterns are kept as strings: compiling regexes costs start-up time (README
/// "Performance"), so the decision code compiles only the filters an event needs, and
/// [`load_checked`] (for `check`) proves that every pattern compiles. A pattern that does not
/// compile on the hot path is the decision code's to report; it must not match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound(deserialize = "'de: 'static"))]
pub struct Filter {
    /// The user's name for the rule (`id = "no-npm"`), if given.
    #[serde(deserialize_with = "cached_text::option")]
    pub id: Option<Text>,
    pub matcher: FilterMatch,
    /// `Deny`, `Ask` or `Allow` (an exception that wins over packs); never `Off`.
    pub action: Action,
    #[serde(deserialize_with = "cached_text::option")]
    pub message: Option<Text>,
    /// Only ever true for a filter of the system layer: the decision code must not let a
    /// later `allow` filter override it.
    pub locked: bool,
    /// From a project layer the user has not trusted: the decision code lets it replace an
    /// earlier filter's decision only with one at least as strict.
    pub untrusted: bool,
    pub origin: Location,
}

impl Rule for Filter {
    fn key(&self) -> RuleKey {
        match &self.matcher {
            FilterMatch::Command { name, .. } => RuleKey::of_name(name),
            FilterMatch::Pattern(pattern) => RuleKey::of_text(pattern),
        }
    }

    fn origin(&self) -> &Location {
        &self.origin
    }

    fn origin_mut(&mut self) -> &mut Location {
        &mut self.origin
    }

    /// A locked deny of every command the lost filter could have matched: the pattern, all of
    /// it optional, matches any command (and names the rule `filter.policy-cache-damaged`),
    /// and [`Rules`] offers it only to those that pass the lost filter's key.
    fn damaged() -> Option<Self> {
        Some(Self {
            id: None,
            matcher: FilterMatch::Pattern(Text::Borrowed("(?:policy-cache-damaged)?")),
            action: Action::Deny,
            message: Some(Text::Borrowed(
                "A rule of the policy cache could not be read, so this command is blocked once; the cache was removed and the next call reads the policy files again",
            )),
            locked: true,
            untrusted: false,
            origin: Location { file: unknown_file(), line: 0, column: 0 },
        })
    }
}

/// What a [`Filter`] matches.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound(deserialize = "'de: 'static"))]
pub enum FilterMatch {
    /// A regex matched against the command name as a whole word; when `args` is not empty,
    /// the first argument must be one of them.
    Command {
        #[serde(deserialize_with = "cached_text::string")]
        name: Text,
        #[serde(deserialize_with = "cached_text::list")]
        args: Vec<Text>,
    },
    /// A regex matched against the text of one simple command.
    Pattern(#[serde(deserialize_with = "cached_text::string")] Text),
}

/// A `[[rewrite]]`: change a command before it runs, then guard the result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound(deserialize = "'de: 'static"))]
pub struct Rewrite {
    /// The user's name for the rule (`id = "rtk"`), if given.
    #[serde(deserialize_with = "cached_text::option")]
    pub id: Option<Text>,
    /// A regex matched against the command name, as in [`FilterMatch::Command`].
    #[serde(deserialize_with = "cached_text::string")]
    pub command: Text,
    /// When not empty, the first argument must be one of these.
    #[serde(deserialize_with = "cached_text::list")]
    pub args: Vec<Text>,
    pub change: RewriteChange,
    /// Command lines left alone even though they match.
    #[serde(deserialize_with = "cached_text::list")]
    pub exclude: Vec<Text>,
    #[serde(deserialize_with = "cached_text::option")]
    pub message: Option<Text>,
    /// When the rewrite applies. Without one, a prefix rewrite applies when the prefix's
    /// program can be run: a rewrite to a missing tool would break the command.
    pub when: Option<Condition>,
    pub origin: Location,
}

impl Rule for Rewrite {
    fn key(&self) -> RuleKey {
        RuleKey::of_name(&self.command)
    }

    fn origin(&self) -> &Location {
        &self.origin
    }

    fn origin_mut(&mut self) -> &mut Location {
        &mut self.origin
    }

    /// A rewrite that cannot be read is left out: the command then runs as written.
    fn damaged() -> Option<Self> {
        None
    }
}

/// How a [`Rewrite`] changes the command.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound(deserialize = "'de: 'static"))]
pub enum RewriteChange {
    /// Put this in front: `git status` becomes `rtk git status`.
    Prefix(#[serde(deserialize_with = "cached_text::string")] Text),
    /// Run this instead of the command name.
    Replace(#[serde(deserialize_with = "cached_text::string")] Text),
}

/// `[files]`: gitignore-style globs relative to the project root unless absolute; a `!`
/// entry is an exception and the last matching entry wins.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound(deserialize = "'de: 'static"), from = "CachedFileRules", into = "CachedFileRules")]
pub struct FileRules {
    pub deny_write: Globs,
    pub deny_read: Globs,
}

/// One `[files]` list: the built-in globs it starts with, borrowed from the statics, then the
/// ones layers added. Kept apart so that neither the built-in policy nor a user's builds the
/// whole list: a user policy's five globs once cost a copy of the 1,500 built-in ones (nine
/// pages of memory on every call).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Globs {
    built_in: &'static [Text],
    added: Vec<Text>,
}

impl Globs {
    /// Every glob in order: the built-in ones first.
    pub fn iter(&self) -> std::iter::Chain<std::slice::Iter<'_, Text>, std::slice::Iter<'_, Text>> {
        self.built_in.iter().chain(&self.added)
    }

    pub fn len(&self) -> usize {
        self.built_in.len() + self.added.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The glob at `index` of [`Globs::iter`].
    pub fn get(&self, index: usize) -> Option<&Text> {
        match index.checked_sub(self.built_in.len()) {
            None => self.built_in.get(index),
            Some(added) => self.added.get(added),
        }
    }

    /// A glob added after every other (it wins over them where it matches).
    pub fn push(&mut self, glob: Text) {
        self.added.push(glob);
    }
}

impl<'a> IntoIterator for &'a Globs {
    type Item = &'a Text;
    type IntoIter = std::iter::Chain<std::slice::Iter<'a, Text>, std::slice::Iter<'a, Text>>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl From<Vec<Text>> for Globs {
    /// A list of its own, without the built-in globs.
    fn from(added: Vec<Text>) -> Self {
        Self { built_in: &[], added }
    }
}

/// [`FileRules`] in the policy cache: each list without the built-in globs it starts with
/// (layers only add to them), which a decode takes from the statics again, so that a call
/// decodes only the user's globs (28 fewer texts).
#[derive(Clone, Serialize, Deserialize)]
#[serde(bound(deserialize = "'de: 'static"))]
struct CachedFileRules {
    deny_write: CachedGlobs,
    deny_read: CachedGlobs,
}

#[derive(Clone, Serialize, Deserialize)]
#[serde(bound(deserialize = "'de: 'static"))]
struct CachedGlobs {
    after_built_in: bool,
    #[serde(deserialize_with = "cached_text::list")]
    globs: Vec<Text>,
}

impl CachedGlobs {
    fn of(list: Globs) -> Self {
        Self { after_built_in: !list.built_in.is_empty(), globs: list.added }
    }

    fn into_list(self, built_in: &'static [Text]) -> Globs {
        Globs { built_in: if self.after_built_in { built_in } else { &[] }, added: self.globs }
    }
}

impl From<FileRules> for CachedFileRules {
    fn from(files: FileRules) -> Self {
        Self { deny_write: CachedGlobs::of(files.deny_write), deny_read: CachedGlobs::of(files.deny_read) }
    }
}

impl From<CachedFileRules> for FileRules {
    fn from(cached: CachedFileRules) -> Self {
        Self {
            deny_write: cached.deny_write.into_list(&BUILT_IN_DENY_WRITE),
            deny_read: cached.deny_read.into_list(BUILT_IN_DENY_READ),
        }
    }
}

/// Credentials of tools no list names, by the names their files are given (`credentials`,
/// `token`, `*.secret`, `auth.json`, `c.pwd`), where tools keep their state outside any project:
/// hidden directories of the home (`~/.config` among them), the macOS and Windows application
/// data, `/etc`, `/var/lib`, `/opt`. Not in the libraries and caches kept there (a package's
/// `credentials.py`), not in templates, and never in the project (`!**/*`, last): a project's
/// files are named by the lists after this one, which all come after it.
const CREDENTIAL_NAMES: [&str; 132] = [
    "~/.*/**/*[Cc]redential*",
    "~/.*/**/*[Ss]ecret*",
    "~/.*/**/*[Pp]assword*",
    "~/.*/**/*.pwd",
    "~/.*/**/*[Tt]oken",
    "~/.*/**/*[Tt]oken.*",
    "~/.*/**/*[Tt]okens*",
    "~/.*/**/auth.json",
    "~/.*/**/*[Aa]pi[Kk]ey*",
    "~/.*/**/*[Aa]pi_[Kk]ey*",
    "~/Library/Application Support/**/*[Cc]redential*",
    "~/Library/Application Support/**/*[Ss]ecret*",
    "~/Library/Application Support/**/*[Pp]assword*",
    "~/Library/Application Support/**/*.pwd",
    "~/Library/Application Support/**/*[Tt]oken",
    "~/Library/Application Support/**/*[Tt]oken.*",
    "~/Library/Application Support/**/*[Tt]okens*",
    "~/Library/Application Support/**/auth.json",
    "~/Library/Application Support/**/*[Aa]pi[Kk]ey*",
    "~/Library/Application Support/**/*[Aa]pi_[Kk]ey*",
    "~/AppData/Roaming/**/*[Cc]redential*",
    "~/AppData/Roaming/**/*[Ss]ecret*",
    "~/AppData/Roaming/**/*[Pp]assword*",
    "~/AppData/Roaming/**/*.pwd",
    "~/AppData/Roaming/**/*[Tt]oken",
    "~/AppData/Roaming/**/*[Tt]oken.*",
    "~/AppData/Roaming/**/*[Tt]okens*",
    "~/AppData/Roaming/**/auth.json",
    "~/AppData/Roaming/**/*[Aa]pi[Kk]ey*",
    "~/AppData/Roaming/**/*[Aa]pi_[Kk]ey*",
    "/etc/**/*[Cc]redential*",
    "/etc/**/*[Ss]ecret*",
    "/etc/**/*[Pp]assword*",
    "/etc/**/*.pwd",
    "/etc/**/*[Tt]oken",
    "/etc/**/*[Tt]oken.*",
    "/etc/**/*[Tt]okens*",
    "/etc/**/auth.json",
    "/etc/**/*[Aa]pi[Kk]ey*",
    "/etc/**/*[Aa]pi_[Kk]ey*",
    "/var/lib/**/*[Cc]redential*",
    "/var/lib/**/*[Ss]ecret*",
    "/var/lib/**/*[Pp]assword*",
    "/var/lib/**/*.pwd",
    "/var/lib/**/*[Tt]oken",
    "/var/lib/**/*[Tt]oken.*",
    "/var/lib/**/*[Tt]okens*",
    "/var/lib/**/auth.json",
    "/var/lib/**/*[Aa]pi[Kk]ey*",
    "/var/lib/**/*[Aa]pi_[Kk]ey*",
    "/opt/**/*[Cc]redential*",
    "/opt/**/*[Ss]ecret*",
    "/opt/**/*[Pp]assword*",
    "/opt/**/*.pwd",
    "/opt/**/*[Tt]oken",
    "/opt/**/*[Tt]oken.*",
    "/opt/**/*[Tt]okens*",
    "/opt/**/auth.json",
    "/opt/**/*[Aa]pi[Kk]ey*",
    "/opt/**/*[Aa]pi_[Kk]ey*",
    // Files of the home itself named so (`~/.secrets`, `~/.vault-token` is listed).
    "~/.*[Cc]redential*",
    "~/.*[Ss]ecret*",
    "~/.*[Pp]assword*",
    "~/.*[Tt]oken",
    "~/.*[Tt]okens*",
    // Templates, and the trees of packages and caches, whose names describe code.
    "!*.example",
    "!*.sample",
    "!*.template",
    "!*.md",
    // Code: a library's, a plugin's (`~/.local/share/nvim/lazy/*/lua/secrets.lua`).
    "!*.py",
    "!*.pyc",
    "!*.rs",
    "!*.js",
    "!*.mjs",
    "!*.cjs",
    "!*.ts",
    "!*.go",
    "!*.rb",
    "!*.java",
    "!*.kt",
    "!*.class",
    "!*.jar",
    "!*.lua",
    "!*.vim",
    "!*.el",
    "!*.c",
    "!*.h",
    "!*.cpp",
    "!*.hpp",
    "!*.html",
    "!*.css",
    "!*.so",
    "!*.dylib",
    "!/**/node_modules/**",
    "!/**/site-packages/**",
    "!/**/dist-packages/**",
    "!/**/gems/**",
    "!/**/bin/*",
    "!~/.cargo/registry/**",
    "!~/.cargo/git/**",
    "!~/.rustup/**",
    "!~/.m2/repository/**",
    "!~/.gradle/caches/**",
    "!~/.ivy2/cache/**",
    "!~/.nuget/packages/**",
    "!~/.npm/_cacache/**",
    "!~/.nvm/versions/**",
    "!~/.pyenv/versions/**",
    "!~/.rbenv/versions/**",
    "!~/.sdkman/candidates/**",
    "!~/.asdf/installs/**",
    "!~/.local/share/mise/installs/**",
    "!~/.julia/packages/**",
    "!~/.hex/packages/**",
    "!~/.cache/pip/**",
    "!~/.cache/uv/**",
    "!~/.cache/pypoetry/**",
    "!~/.cache/go-build/**",
    "!~/.cache/bazel/**",
    "!~/.cache/yarn/**",
    "!~/.cache/huggingface/hub/**",
    "!~/.vscode*/extensions/**",
    "!~/.cursor/extensions/**",
    "!/etc/pam.d/**",
    "!/var/lib/dpkg/**",
    "!/var/lib/rpm/**",
    "!/var/lib/pacman/**",
    "!/var/lib/apt/**",
    "!/opt/homebrew/Cellar/**",
    "!/opt/homebrew/Library/**",
    "!/opt/homebrew/share/**",
    // Anything in the project.
    "!**/*",
];

/// Environment files hold secrets; their documented templates do not.
/// The templates stay readable, and so do their copies (`.env.example.bak`). A file named for
/// what it holds (`secrets.env`, `app.env.production`, given to `docker --env-file`) is one too
/// (`?*`: `.env` itself is named by its own entry, which the reasons cite).
const ENV_FILES: [&str; 17] = [
    ".env",
    ".env.*",
    "!.env.example*",
    "!.env.sample*",
    "!.env.template*",
    "!.env.*.example",
    "!.env.*.sample",
    "!.env.*.template",
    "!.env.dist",
    "!.env.defaults",
    "!.env.schema",
    // A TypeScript declaration of the environment's names (`src/.env.d.ts`): code, no values.
    "!.env.d.ts",
    "?*.env",
    "?*.env.production",
    "?*.env.prod",
    "?*.env.staging",
    "?*.env.local",
];

/// Where the guard itself is configured: this policy, and the agents' files that register the
/// hooks, and the policy cache, whose entries replace the policy files they were loaded from.
/// An agent that may edit them can switch its own guard off.
const GUARD_FILES: [&str; 46] = [
    ".agent-hooks.toml",
    "~/.config/agent-hooks/**",
    "~/.cache/agent-hooks/**",
    // The trust store (see `trust`) among the state files: trusting is the user's to do.
    "~/.local/state/agent-hooks/**",
    ".claude/settings.json",
    ".claude/settings.local.json",
    "~/.claude/settings.json",
    "~/.claude/settings.local.json",
    // The scripts the agents' hook settings run, by their conventional directories: emptied
    // or rewritten (`echo 'exit 0' > .claude/hooks/pre_tool_use.sh`), the hook allows anything.
    ".claude/hooks/**",
    "~/.claude/hooks/**",
    ".cursor/hooks.json",
    "~/.cursor/hooks.json",
    ".cursor/hooks/**",
    "~/.cursor/hooks/**",
    ".github/hooks/**",
    "~/.copilot/hooks/**",
    // Copilot's settings for a project and the user's, which register hooks too, and x-code's
    // plugin (its manifest registers the hook).
    ".github/copilot/**",
    "~/.copilot/settings.json",
    "~/.x-code/agent-hooks-plugin/**",
    ".gemini/settings.json",
    "~/.gemini/settings.json",
    ".gemini/hooks/**",
    "~/.gemini/hooks/**",
    ".codex/hooks.json",
    "~/.codex/hooks.json",
    ".windsurf/hooks.json",
    "~/.codeium/windsurf/hooks.json",
    "~/.config/cagent/hooks.d/**",
    "~/.config/cagent/config.yaml",
    "~/.codeium/hooks.json",
    // The other agents' configuration that can switch their hooks off or start programs:
    // Codex's trust records and MCP servers, Cursor's and VS Code's MCP servers, OpenCode's
    // plugins (where its hook lives).
    "~/.codex/config.toml",
    ".codex/config.toml",
    "~/.cursor/mcp.json",
    ".cursor/mcp.json",
    // Cursor CLI's permissions (its allow list, `yolo`), the user's and the project's, and
    // Copilot CLI's trusted folders and allowed tools: approvals the agent may not give itself.
    "~/.cursor/cli-config.json",
    ".cursor/cli.json",
    "~/.copilot/config.json",
    ".vscode/mcp.json",
    "~/.config/opencode/plugin/**",
    "~/.config/opencode/plugins/**",
    ".opencode/plugin/**",
    ".opencode/plugins/**",
    // OpenCode's configuration, the project's and the user's, lists the plugins it loads.
    "opencode.json",
    "opencode.jsonc",
    "~/.config/opencode/opencode.json",
    "~/.config/opencode/opencode.jsonc",
];

/// Credentials outside the project: private keys (not their `.pub` halves), the cloud CLIs'
/// and package registries' tokens, cluster and registry logins, GnuPG's private keys, and a
/// project's `.envrc`.
const CREDENTIAL_FILES: [&str; 496] = [
    "~/.ssh/id_*",
    "!~/.ssh/*.pub",
    // A key kept in the project under the name its guides give it (`deploy_key`, `signing_key`,
    // GitHub's deploy keys); its `.pub` half has an extension and stays readable.
    "*_key",
    "!*pub*_key",
    // The MongoDB shells' startup files, where `db.auth(user, password)` is kept, and the
    // legacy shell's history of the commands typed, logins among them.
    "~/.mongorc.js",
    "~/.mongoshrc.js",
    "~/.dbshell",
    "~/.mongodb/mongosh/*_history",
    "**/id_rsa",
    "**/id_ed25519",
    "**/id_ecdsa",
    "**/id_dsa",
    "~/.aws/credentials",
    "~/.aws/sso/cache/**",
    "~/.aws/cli/cache/**",
    "~/.config/gcloud/**",
    // A named configuration holds the account's name and the project, no key; the active
    // configuration's name the same (writing them stays denied: [`PERSISTENCE_FILES`]).
    "!~/.config/gcloud/configurations/**",
    "!~/.config/gcloud/active_config",
    "~/.azure/**",
    "~/.kube/config",
    // Kubeconfigs by the other names people keep them under (`~/.kube/prod.yaml`,
    // `~/.kube/config-staging`, `~/.kube/configs/eks`): each holds a cluster's token or key.
    "~/.kube/*.yaml",
    "~/.kube/*.yml",
    "~/.kube/*.conf",
    "~/.kube/*.config",
    "~/.kube/*.kubeconfig",
    "~/.kube/config-*",
    "~/.kube/config.*",
    "~/.kube/configs/**",
    // Their templates hold no cluster's key.
    "!~/.kube/*.example",
    "!~/.kube/*.sample",
    "!~/.kube/*.template",
    "~/.docker/config.json",
    "~/.netrc",
    "~/.git-credentials",
    "~/.npmrc",
    "~/.pypirc",
    "~/.config/pypoetry/auth.toml",
    "~/Library/Application Support/pypoetry/auth.toml",
    "~/.gnupg/private-keys-v1.d/**",
    "~/.gnupg/secring.gpg",
    "~/.config/gh/hosts.yml",
    "~/.cargo/credentials.toml",
    "~/.cargo/credentials",
    "~/.vault-token",
    "~/.terraform.d/credentials.tfrc.json",
    // Terraform's state holds every resource's attributes in clear: passwords, keys, tokens.
    "**/*.tfstate",
    "**/*.tfstate.backup",
    // Android signing configuration (`storePassword`, `keyPassword`), and Terraform variable
    // files named for the secrets they hold, and those Terraform loads by itself
    // (`terraform.tfvars`, `*.auto.tfvars`), which its `.gitignore` template keeps out of the
    // repository for the passwords they hold; a named `dev.tfvars` and the templates
    // (`terraform.tfvars.example`) stay readable.
    "terraform.tfvars",
    "terraform.tfvars.json",
    "*.auto.tfvars",
    "*.auto.tfvars.json",
    // Azure Functions' local settings: the storage account's and the services' connection
    // strings, kept out of the repository by `func init`.
    "local.settings.json",
    "**/keystore.properties",
    "**/key.properties",
    "**/signing.properties",
    "**/*secret*.tfvars",
    "**/*secret*.tfvars.json",
    "~/.config/hub",
    "~/.password-store/**",
    "~/.pgpass",
    "~/.my.cnf",
    ".envrc",
    // R's environment file (the home's or the project's), where `usethis` keeps `GITHUB_PAT`.
    ".Renviron",
    // A process's environment, with every token it was given, and its memory (read through
    // its map), where the keys an agent or shell holds are; core dumps are that memory too.
    "/proc/*/environ",
    "/proc/*/mem",
    "/proc/*/maps",
    // Its threads' copies of those, and its open files: a descriptor reads the file it holds
    // (a key opened and deleted, a socket's pipe), whatever its name. The reader's own are
    // what its shell opened for it (`. /proc/self/fd/3` after `exec 3<<<…`), judged there.
    "/proc/*/task/*/environ",
    "/proc/*/task/*/mem",
    "/proc/*/fd/*",
    "/proc/*/task/*/fd/*",
    "!/proc/self/fd/*",
    "!/proc/self/task/*/fd/*",
    "!/proc/thread-self/fd/*",
    "core.[0-9]*",
    "/var/lib/systemd/coredump/**",
    "/var/crash/**",
    "/cores/**",
    // Password hashes, the agents' own logins, shell histories (where typed secrets stay),
    // and macOS's keychains (the browsers' stores are further down).
    "/etc/shadow",
    "/etc/gshadow",
    // The BSDs' and macOS's shadow files: the password hashes `/etc/passwd` leaves out.
    "/etc/master.passwd",
    "/etc/spwd.db",
    // Windows' password hashes, cached logons and LSA secrets, and a domain's.
    "/Windows/System32/config/SAM",
    "/Windows/System32/config/SYSTEM",
    "/Windows/System32/config/SECURITY",
    "/Windows/NTDS/ntds.dit",
    "~/.claude/.credentials.json",
    // Claude Code's configuration: its API key, and the MCP servers it starts.
    "~/.claude.json",
    "~/.bash_history",
    "~/.zsh_history",
    "~/.local/share/fish/fish_history",
    "~/Library/Keychains/**",
    // Any other private key in ~/.ssh (`deploy_key`, `*.pem`); its public halves, the known
    // hosts and the client configuration stay readable.
    "~/.ssh/*",
    "!~/.ssh/*.pub",
    "!~/.ssh/known_hosts*",
    "!~/.ssh/config",
    "!~/.ssh/authorized_keys*",
    "/etc/ssh/ssh_host_*_key",
    // Secrets mounted into containers and pods.
    "/var/run/secrets/**",
    "/run/secrets/**",
    // The other agents' logins.
    "~/.codex/auth.json",
    "~/.gemini/oauth_creds.json",
    "~/.local/share/opencode/auth.json",
    "~/.config/github-copilot/**",
    // AI clients' API keys, and the editors' state databases, where VS Code's and Cursor's
    // extensions and logins keep tokens.
    "~/.config/anthropic/**",
    "~/.config/openai/**",
    "~/.config/*/User/globalStorage/state.vscdb*",
    "~/Library/Application Support/*/User/globalStorage/state.vscdb*",
    "~/AppData/Roaming/*/User/globalStorage/state.vscdb*",
    // More tools' tokens.
    "~/.config/rclone/rclone.conf",
    "~/.gem/credentials",
    "~/.m2/settings.xml",
    "~/.gradle/gradle.properties",
    "~/.config/composer/auth.json",
    "~/.s3cfg",
    "~/.config/doctl/config.yaml",
    "~/.cache/huggingface/token",
    "~/.huggingface/token",
    "~/.kaggle/kaggle.json",
    "~/.pulumi/credentials.json",
    "~/.databrickscfg",
    "~/.local/share/com.vercel.cli/auth.json",
    "~/.vercel/auth.json",
    "~/.python_history",
    "~/.psql_history",
    "~/.mysql_history",
    "~/.node_repl_history",
    "~/.sqlite_history",
    "~/.rediscli_history",
    // More credential stores: the browsers' saved passwords, keys and cookies (Firefox's NSS
    // databases, Chromium's `Login Data`/`Cookies` in any of its browsers), the desktop
    // keyrings, password managers' vaults and caches, wallets.
    "key[34].db",
    "cert[89].db",
    "signons.sqlite",
    "cookies.sqlite*",
    "~/**/.mozilla/**/logins*",
    "~/.thunderbird/**/logins*",
    "~/Library/Application Support/Firefox/**/logins*",
    "~/Library/Thunderbird/**/logins*",
    "Login Data*",
    "Web Data",
    "~/.config/**/Cookies",
    "~/.config/**/Local State",
    "~/Library/Application Support/**/Cookies",
    "~/Library/Cookies/**",
    "~/snap/**/Cookies",
    "~/.var/app/**/Cookies",
    "~/.local/share/keyrings/**",
    "~/.local/share/kwalletd/**",
    "~/.kde/share/apps/kwallet/**",
    "~/.kde4/share/apps/kwallet/**",
    "/Library/Keychains/**",
    "*.keychain",
    "*.keychain-db",
    "*.kdbx",
    "~/.local/share/gopass/**",
    "~/.config/Bitwarden*/data.json",
    "~/Library/Application Support/Bitwarden*/data.json",
    "~/.config/op/**",
    "~/.lpass/**",
    "wallet.dat",
    "~/.bitcoin/wallets/**",
    "~/.electrum/wallets/**",
    "~/.ethereum/keystore/**",
    "~/.config/solana/id.json",
    // Foundry's encrypted wallets: a copy is open to guessing the password offline.
    "~/.foundry/keystores/**",
    // More tools' tokens and keys: git's own credential store, forges, registries, clouds,
    // tunnels, age keys, the system's TLS and cluster keys, saved Wi-Fi passwords.
    "~/.config/git/credentials",
    "~/.config/glab-cli/config.yml",
    "~/.config/containers/auth.json",
    "/run/user/*/containers/auth.json",
    "~/.yarnrc.yml",
    "~/.mylogin.cnf",
    "~/.boto",
    "~/.oci/**",
    "~/.config/openstack/**",
    "~/.tsh/**",
    "~/.minikube/**/*.key",
    "~/.config/sops/age/keys.txt",
    "~/.ngrok2/ngrok.yml",
    "~/.config/ngrok/ngrok.yml",
    "~/.config/stripe/config.toml",
    "~/.config/netlify/config.json",
    "~/.netlify/config.json",
    "~/.fly/config.yml",
    "~/.wrangler/config/**",
    "~/.config/.wrangler/config/**",
    "~/.supabase/access-token",
    "~/.config/configstore/firebase-tools.json",
    "~/.circleci/cli.yml",
    "~/.config/hcloud/cli.toml",
    "~/.aliyun/config.json",
    "/etc/ssl/private/**",
    "/etc/letsencrypt/**/privkey*",
    "/etc/letsencrypt/accounts/**",
    "/etc/kubernetes/*.conf",
    "/etc/kubernetes/pki/**",
    "/etc/rancher/k3s/k3s.yaml",
    // A node's kubelet client certificates with their keys (`kubelet-client-current.pem`),
    // and k3s' server keys and node token: a login to the cluster's API.
    "/var/lib/kubelet/pki/*.pem",
    "/var/lib/kubelet/pki/*.key",
    "/var/lib/rancher/k3s/server/tls/*.key",
    "/var/lib/rancher/k3s/server/token",
    "/var/lib/rancher/k3s/server/node-token",
    // macOS' local accounts, one property list each with its password hash (`ShadowHashData`).
    "/var/db/dslocal/nodes/*/users/*.plist",
    "/etc/NetworkManager/system-connections/**",
    "/etc/wpa_supplicant/**",
    // Package managers' and platforms' logins where their documentation puts them: Composer's
    // home outside XDG, Heroku's old toolbelt, Bundler's per-source credentials, NuGet's
    // package source passwords, sbt's and Ivy's publishing credentials, Terraform's CLI
    // configuration (`credentials` blocks), Helm's repository passwords.
    "~/.composer/auth.json",
    "~/Library/Application Support/Composer/auth.json",
    "~/.heroku/credentials",
    "~/.config/heroku/credentials",
    "~/.bundle/config",
    "~/.nuget/NuGet/NuGet.Config",
    "~/.config/NuGet/NuGet.Config",
    "~/.sbt/.credentials",
    "~/.ivy2/.credentials",
    "~/.terraformrc",
    "~/.config/helm/repositories.yaml",
    // More stores where their vendors' documentation puts them: Cloudflare Tunnel's origin
    // certificate and tunnel credentials, age keys (sops looks in `age/keys.txt` under its
    // configuration directory), Snowflake's and dbt's warehouse logins, Talos' and InfluxDB's
    // cluster tokens, chat and FTP clients' saved passwords, mail fetchers' passwords, more
    // clouds' and registries' CLI logins, Ansible's vault password, WireGuard's keys.
    "~/.cloudflared/*.pem",
    "~/.cloudflared/*.json",
    "/etc/cloudflared/*.pem",
    "/etc/cloudflared/*.json",
    "~/.config/age/**",
    "!~/.config/age/recipients*",
    "~/.age/**",
    "~/**/age/keys.txt",
    "~/.snowsql/config",
    "~/.snowsql.cnf",
    "~/.snowflake/connections.toml",
    "~/.snowflake/config.toml",
    "~/.dbt/profiles.yml",
    "~/.talos/config",
    "~/.influxdbv2/configs",
    "~/.purple/accounts.xml",
    "~/.config/filezilla/sitemanager.xml",
    "~/.config/filezilla/recentservers.xml",
    "~/.filezilla/sitemanager.xml",
    "~/.filezilla/recentservers.xml",
    "~/.ansible/vault_pass*",
    "~/.vault_pass*",
    "~/.msmtprc",
    "~/.config/msmtp/config",
    "~/.fetchmailrc",
    "~/.config/scw/config.yaml",
    "~/.bluemix/config.json",
    "~/.cf/config.json",
    "~/.jfrog/jfrog-cli.conf*",
    "~/.sentryclirc",
    "~/.config/linode-cli",
    "~/.config/gspread/**",
    "/etc/wireguard/**",
    "~/.smbcredentials",
    // Hex's and Dart's registry tokens, npm's global configuration on Windows (`npm config
    // set` writes the token there), and PowerShell's history, where typed secrets stay.
    // The `~/**` forms reach the home's own (`~/AppData/Roaming/…`, `~/.local/share/powershell/…`),
    // the `**` ones a Windows path spelt from its drive.
    "~/.hex/hex.config",
    "~/.config/dart/pub-tokens.json",
    "~/Library/Application Support/dart/pub-tokens.json",
    "~/**/dart/pub-tokens.json",
    "~/**/npm/etc/npmrc",
    "**/AppData/Roaming/npm/etc/npmrc",
    "~/**/PSReadLine/ConsoleHost_history.txt",
    "**/PSReadLine/ConsoleHost_history.txt",
    // The same stores at their Windows homes (`%APPDATA%` is `~/AppData/Roaming`), and DPAPI's
    // master keys and Credential Manager's files, which decrypt every saved Windows secret.
    "~/AppData/Roaming/gcloud/**",
    "~/AppData/Roaming/NuGet/NuGet.Config",
    "~/AppData/Roaming/Microsoft/Protect/**",
    "~/AppData/Roaming/Microsoft/Credentials/**",
    "~/AppData/Local/Microsoft/Credentials/**",
    // The browsers' whole profiles: a copy or an archive of one (`tar czf b.tgz
    // ~/.config/google-chrome/Default`) takes its cookies, saved logins and keys along, which
    // the names above catch only one by one.
    "~/.config/google-chrome/**",
    "~/.config/chromium/**",
    "~/.config/BraveSoftware/**",
    "~/.config/microsoft-edge*/**",
    "~/.config/vivaldi/**",
    "~/.config/opera/**",
    "~/.mozilla/firefox/**",
    "~/snap/firefox/common/.mozilla/**",
    "~/snap/chromium/common/chromium/**",
    "~/Library/Application Support/Google/Chrome/**",
    "~/Library/Application Support/Chromium/**",
    "~/Library/Application Support/BraveSoftware/**",
    "~/Library/Application Support/Microsoft Edge/**",
    "~/Library/Application Support/Firefox/Profiles/**",
    "~/Library/Safari/**",
    // macOS's private data: messages, mail, contacts, notes, and the privacy permissions
    // (TCC) whose database, written, grants a program the camera or the whole disk.
    "~/Library/Messages/**",
    "~/Library/Mail/**",
    "~/Library/Application Support/AddressBook/**",
    "~/Library/Group Containers/group.com.apple.notes/**",
    "~/Library/Application Support/com.apple.TCC/**",
    "/Library/Application Support/com.apple.TCC/**",
    "~/.config/1Password/**",
    "~/Library/Group Containers/*.com.1password/**",
    // What of a profile holds no secret: Firefox's list of profiles, Chromium's settings.
    "!~/.mozilla/firefox/*.ini",
    "!~/.config/google-chrome/*/Preferences",
    "!~/.config/chromium/*/Preferences",
    // Conan's logins to its remotes (2.x's file, 1.x's database).
    "~/.conan2/credentials.json",
    "~/.conan/.conan.db",
    "~/.config/pip/pip.conf",
    "~/.pip/pip.conf",
    // Less common ecosystems' logins where their tools keep them: Dart's pub.dev OAuth
    // credentials, Hackage's (cabal's config holds its token and password), Sonatype's for
    // sbt and Maven's master password, PlatformIO's account session, itch.io's butler key.
    "pub-credentials.json",
    "~/.cabal/config",
    "~/.config/cabal/config",
    "~/.sbt/*/sonatype.sbt",
    "~/.m2/settings-security.xml",
    "~/.platformio/appstate.json",
    "butler_creds",
    // A project's own keys and logins, by the names their tools give them: TLS and signing
    // keys (`server.key`, Rails' `master.key`, `privkey.pem`, mkcert's `*-key.pem`), key
    // stores, Google's service account and OAuth client files, secrets files, PyPI's login.
    // A `.pem` is named by what it holds: certificates (`cert.pem`, `chain.pem`) are public
    // and stay readable, so only a `.pem` named a key is denied (its `pub` halves excepted).
    "*.key",
    "*key*.pem",
    "!*pub*key*.pem",
    "*.p12",
    "*.pfx",
    "*.jks",
    "*.keystore",
    // The Android SDK generates the debug keystore with the published password `android`:
    // apps signed with it cannot be published, so it guards nothing.
    "!debug.keystore",
    // App Store Connect's and APNs' API keys are PKCS#8 `.p8` files (`AuthKey_<id>.p8`).
    "*.p8",
    "credentials.json",
    "service-account*.json",
    "*-service-account.json",
    "*service_account*.json",
    // Firebase's Admin SDK guides name the downloaded key `serviceAccountKey.json`.
    "*serviceAccount*.json",
    // Google Play's upload key for fastlane supply, by the name its guides give it.
    "play-store-credentials.json",
    // Godot's export passwords (keystores, signing identities), Elixir's untracked production
    // secrets (`config/prod.secret.exs`), Arduino sketches' Wi-Fi and cloud passwords.
    "export_credentials.cfg",
    "*.secret.exs",
    "arduino_secrets.h",
    "secrets.h",
    "client_secret*.json",
    "secrets.json",
    // Data tools' logins kept in the project: DVC's remote credentials (`.dvc/config.local`,
    // made for them), Great Expectations' secrets file; and Prefect's API key.
    "**/.dvc/config.local",
    "**/uncommitted/config_variables.yml",
    "~/.prefect/profiles.toml",
    // Rails' plain secrets file before encrypted credentials (`secret_key_base`, API keys),
    // and the same file spelt `.yaml` or named for the credentials it holds. Bare names: a
    // directory in the pattern makes every tree served or copied look for it.
    "secrets.yml",
    "secrets.yaml",
    "credentials.yml",
    "credentials.yaml",
    ".pypirc",
    // More of a project's secrets by the names their tools give them: WordPress's database
    // password and salts (its `wp-config-sample.php` template stays readable), Firebase's
    // Admin SDK key (a service account), Wrangler's local secrets, `act`'s and Dynaconf's
    // secrets files (detect-secrets' `.secrets.baseline` holds only hashes), the Android
    // secrets plugin's keys, Apache's password hashes, and keys kept in a `secrets` directory.
    "wp-config.php",
    "*firebase-adminsdk*.json",
    ".dev.vars",
    ".dev.vars.*",
    "!.dev.vars.example*",
    "!.dev.vars.sample*",
    "!.dev.vars.template*",
    ".secrets",
    ".secrets.*",
    "!.secrets.baseline",
    "!.secrets.example*",
    "!.secrets.sample*",
    "!.secrets.template*",
    "secrets.properties",
    ".htpasswd",
    "**/secrets/**/*.pem",
    // Still more of a project's logins by the names their tools give them: a registry token in
    // the project's `.npmrc` or `.yarnrc.yml` (`_authToken`, `npmAuthToken`) as in the
    // home's, Streamlit's and other apps' `secrets.toml`, Flask's instance configuration (its
    // `SECRET_KEY`, kept out of the repository), and cloud keys by the names people save them
    // under (`gcp-key.json`, `ci-sa.json`, `prod-credentials.json`). Flask's
    // `.flaskenv` is its committed, public half and stays readable.
    ".npmrc",
    ".yarnrc.yml",
    "secrets.toml",
    "**/instance/config.py",
    "*-key.json",
    "*_key.json",
    "!*pub*key*.json",
    "*-sa.json",
    "*credentials*.json",
    "!*credentials*.example.json",
    "!*credentials*.sample.json",
    "!*credentials*.template.json",
    // More CLIs' logins where their documentation puts them: Puppet's RBAC token, fastlane's
    // App Store session, Cloudflare Tunnel's other homes, Helm's OCI registry logins, Gitea's
    // tea, Vultr, Railway, MinIO's client, Twilio, Expo, Mercurial's `[auth]` passwords, Yarn
    // 1's, Stack's Hackage login, Steam's login tokens, Epic's through Legendary, Modal, Neon,
    // Turso, PlanetScale, Render, MongoDB Atlas, Datadog, Travis, OVH, Exoscale, doctl's,
    // ngrok's and Wrangler's macOS homes, Tailscale's node keys, ClickHouse's, Cassandra's
    // and sqlcmd's saved passwords, Rancher, Argo CD, Tencent Cloud, Akamai, Backblaze B2,
    // Anaconda's tokens, Slack's CLI.
    "~/.puppetlabs/token",
    "~/.fastlane/spaceship/**",
    "~/.config/cloudflared/*.pem",
    "~/.cloudflare-warp/*.pem",
    "~/cloudflare-warp/*.pem",
    "/usr/local/etc/cloudflared/*.pem",
    "/usr/local/etc/cloudflared/*.json",
    "~/.config/helm/registry/config.json",
    "~/Library/Preferences/helm/registry/config.json",
    "~/Library/Preferences/helm/repositories.yaml",
    "~/.tea/tea.yml",
    "~/.config/tea/config.yml",
    "~/.vultr-cli.yaml",
    "~/.config/vultr-cli.yaml",
    "~/.railway/config.json",
    "~/.mc/config.json",
    "~/.mcli/config.json",
    "~/.twilio-cli/config.json",
    "~/.expo/state.json",
    "~/.hgrc",
    "~/.config/hg/hgrc",
    "~/.yarnrc",
    "~/.stack/upload/credentials.json",
    "~/**/Steam/config/config.vdf",
    "~/.steam/**/config.vdf",
    "~/.config/legendary/user.json",
    "~/.modal.toml",
    "~/.config/neonctl/credentials.json",
    "~/.config/neon/credentials.json",
    "~/.config/turso/settings.json",
    "~/Library/Application Support/turso/settings.json",
    "~/.config/planetscale/access-token",
    "~/.render/cli.yaml",
    "~/.config/atlascli/config.toml",
    "~/.config/mongocli/config.toml",
    "~/.config/mongocli.toml",
    "~/.dogrc",
    "~/.travis/config.yml",
    "~/.ovh.conf",
    "~/.config/exoscale/exoscale.toml",
    "~/Library/Application Support/doctl/config.yaml",
    "~/Library/Application Support/ngrok/ngrok.yml",
    "~/Library/Preferences/.wrangler/config/**",
    "/var/lib/tailscale/tailscaled.state",
    "~/.clickhouse-client/config.xml",
    "~/.cassandra/cqlshrc",
    "~/.cassandra/credentials",
    "~/.sqlcmd/sqlconfig",
    "~/.rancher/cli2.json",
    "~/.config/argocd/config",
    "~/.argocd/config",
    "~/.tccli/**",
    "~/.edgerc",
    "~/.b2_account_info",
    "~/.continuum/anaconda-client/tokens/**",
    "~/.slack/credentials.json",
    // Perforce's login tickets (`%USERPROFILE%\p4tickets.txt` on Windows) and the file `p4
    // set` writes on Unix, which holds `P4PASSWD` once set there; Turborepo's remote cache
    // token from `turbo login`; Airflow's configuration (`fernet_key`, the metadata
    // database's `sql_alchemy_conn` with its password, the web server's `secret_key`) wherever
    // `$AIRFLOW_HOME` puts it; Unity's license file, which carries the serial number.
    "~/.p4tickets",
    "~/p4tickets.txt",
    "~/.p4enviro",
    "~/AppData/Roaming/Perforce/p4enviro",
    "~/.turbo/config.json",
    "~/.config/turborepo/config.json",
    "~/Library/Application Support/turborepo/config.json",
    "~/AppData/Roaming/turborepo/config.json",
    "airflow.cfg",
    "Unity_lic.ulf",
    // More histories, where secrets typed or pasted stay: other shells' and database shells',
    // and the agents' own transcripts and prompt histories (Claude Code's, Codex's, Gemini's,
    // OpenCode's), which hold whatever the user pasted into a session and every file and
    // command output a session read. Claude Code's memory files beside them stay readable.
    "~/.sh_history",
    "~/.histfile",
    "~/.ksh_history",
    "~/.config/nushell/history.*",
    "~/.dbshell",
    "~/.mongodb/mongosh/mongosh_repl_history",
    "~/.cassandra/cqlsh_history",
    "~/.clickhouse-client-history",
    "~/.influx_history",
    "~/.claude/history.jsonl",
    "~/.claude/projects/**/*.jsonl",
    "~/.codex/history.jsonl",
    "~/.codex/sessions/**",
    "~/.codex/archived_sessions/**",
    "~/.gemini/tmp/**/logs.json",
    "~/.gemini/tmp/**/chats/**",
    "~/.local/share/opencode/storage/**",
    // More tools' logins in files their names do not give away: CI agents' and runners'
    // registration tokens (Buildkite, GitLab Runner), Snyk's, WakaTime's, Artifactory's,
    // Salesforce's, Doppler's, Hex's under Mix, Bun's registry tokens, cqlsh's, InfluxDB 2's
    // and MinIO's client's, mail, IRC and chat clients' passwords (mutt, himalaya, WeeChat's
    // secured data, irssi), Jira's, Linear's, Todoist's, Chamber's and Shopify's CLIs. And the
    // user's MCP servers of the other agents and Claude Desktop, whose entries carry their API
    // keys in `env` (a project's `.mcp.json` is shared in the repository and stays readable).
    "~/.buildkite/config.yml",
    "~/.buildkite-agent/buildkite-agent.cfg",
    "/etc/buildkite-agent/buildkite-agent.cfg",
    "~/.config/bk.yaml",
    "/etc/gitlab-runner/config.toml",
    "~/.gitlab-runner/config.toml",
    "~/.config/gitlab-runner/config.toml",
    "~/.snyk/config.json",
    "~/.config/configstore/snyk.json",
    "~/.wakatime.cfg",
    "~/.artifactory/config",
    "~/.sfdx/*.json",
    "~/.doppler/.doppler.yaml",
    "~/.config/doppler/.doppler.yaml",
    "~/.mix/hex.config",
    "~/.bunfig.toml",
    "~/.cqlshrc",
    "~/.config/influxdb2/configs",
    "~/.config/mc/config.json",
    "~/.muttrc",
    "~/.mutt/muttrc",
    "~/.config/mutt/muttrc",
    "~/.config/himalaya/config.toml",
    "~/.config/weechat/sec.conf",
    "~/.weechat/sec.conf",
    "~/.irssi/config",
    "~/.config/jira/.config.yml",
    "~/.config/linear/config.json",
    "~/.config/todoist/config.json",
    "~/.config/chamber/config",
    "~/.shopify/config.json",
    "~/.config/shopify-cli-kit-nodejs/config.json",
    "~/.cursor/mcp.json",
    "~/.codeium/windsurf/mcp_config.json",
    "~/.config/Claude/claude_desktop_config.json",
    "~/.copilot/mcp-config.json",
    // Stores no tool names as secret that keep what the user typed, pasted or was sent: the
    // editors' histories, swap and auto-save files (a buffer with a key or `.env` in it),
    // atuin's shell history database, the clipboard managers' histories, the OIDC tokens
    // kubelogin caches, pm2's logs of every app's output, and the chat clients' token stores.
    "~/.viminfo",
    "~/.vim/viminfo",
    "~/.vim/swap/**",
    "~/.local/share/nvim/swap/**",
    "~/.local/state/nvim/swap/**",
    "~/.local/share/nvim/shada/**",
    "~/.local/state/nvim/shada/**",
    "~/.emacs.d/auto-save-list/**",
    "~/.config/*/User/History/**",
    "~/Library/Application Support/*/User/History/**",
    "~/AppData/Roaming/*/User/History/**",
    "~/.local/share/atuin/history.db*",
    "~/.kube/cache/oidc-login/**",
    "~/.pm2/logs/**",
    "~/.local/share/clipman.json",
    "~/.cache/cliphist/**",
    "~/.config/copyq/*.dat",
    "~/.local/share/gpaste/**",
    "~/.config/discord*/Local Storage/**",
    "~/.config/Slack/Local Storage/**",
    "~/Library/Application Support/discord*/Local Storage/**",
    "~/Library/Application Support/Slack/Local Storage/**",
    "~/AppData/Roaming/discord*/Local Storage/**",
];

/// Where a change persists beyond the session and runs later, unasked: shell start-up files,
/// SSH's keys and config, system configuration, user services and login items, cron tables.
const PERSISTENCE_FILES: [&str; 351] = [
    "~/.bashrc",
    "~/.bash_profile",
    "~/.bash_login",
    "~/.bash_logout",
    "~/.profile",
    "~/.zshrc",
    "~/.zshenv",
    "~/.zprofile",
    "~/.zlogin",
    "~/.bash_aliases",
    // gcloud's configurations are readable (no key in them) but name the proxy and the
    // access-token file every later command uses.
    "~/.config/gcloud/configurations/**",
    "~/.config/gcloud/active_config",
    // git runs the hooks, pager and editor its global configuration names.
    "~/.gitconfig",
    "~/.config/git/**",
    "~/.ssh/authorized_keys2",
    // A project's MCP servers (Claude Code's own list, `~/.claude.json`, is a credential), and
    // OpenCode's project configuration (its permissions, plugins and MCP servers).
    ".mcp.json",
    "opencode.json",
    "opencode.jsonc",
    ".opencode/**",
    // Copilot CLI's configuration (its trusted folders and allowed tools) and everything
    // else it loads.
    "~/.copilot/**",
    // Bazel's and pm2's files that run later: `build --run_under=…`, the process list pm2
    // starts again at boot.
    "~/.bazelrc",
    "~/.pm2/dump.pm2*",
    "~/.config/systemd/user.conf",
    "~/.config/fish/**",
    "~/.ssh/authorized_keys",
    "~/.ssh/config",
    // The keys ssh checks a host against: emptied, linked to /dev/null or removed, the next
    // connection trusts whatever answers.
    "~/.ssh/known_hosts*",
    "~/.ssh/rc",
    "~/.ssh/environment",
    "/etc/**",
    // The running kernel's settings (`echo 0 > /proc/sys/kernel/randomize_va_space`), as
    // `sysctl -w` changes them; `/proc/sysrq-trigger` is the disk pack's.
    "/proc/sys/**",
    "~/.config/systemd/user/**",
    "~/.config/autostart/**",
    "~/Library/LaunchAgents/**",
    // Windows runs what its Startup folders hold at every log-on.
    "~/AppData/Roaming/Microsoft/Windows/Start Menu/Programs/Startup/**",
    "/ProgramData/Microsoft/Windows/Start Menu/Programs/StartUp/**",
    // PowerShell's profiles, its start-up files (`$PROFILE`), as `~/.bashrc` is bash's.
    "~/**/WindowsPowerShell/*profile.ps1",
    "~/**/Documents/PowerShell/*profile.ps1",
    "~/.config/powershell/*profile.ps1",
    // Windows' programs and the registry's hives: the user's hive holds the keys that run a
    // program at log-on (`HKCU\…\Run`), the system's its services and scheduled tasks.
    "~/NTUSER.DAT",
    "/Windows/System32/**",
    "/Windows/SysWOW64/**",
    // Login and logout hooks (`defaults write com.apple.loginwindow LoginHook`), login items.
    "~/Library/Preferences/com.apple.loginwindow.plist",
    "/Library/Preferences/com.apple.loginwindow.plist",
    "~/Library/Application Support/com.apple.backgroundtaskmanagementagent/**",
    "~/Library/Preferences/com.apple.loginitems.plist",
    // The command Terminal and iTerm2 start in every new window.
    "~/Library/Preferences/com.apple.Terminal.plist",
    "~/Library/Preferences/com.googlecode.iterm2.plist",
    "/var/spool/cron/**",
    // A lingering user's units start at boot (`loginctl enable-linger`).
    "/var/lib/systemd/linger/**",
    "/Library/LaunchDaemons/**",
    // System programs and libraries, and more start-up files: editors, terminals, X
    // sessions, Python's and IPython's start-up, cargo's wrappers, git's templates.
    "/bin/**",
    "/sbin/**",
    "/usr/**",
    "/lib/**",
    "/lib64/**",
    "/boot/**",
    "~/.tmux.conf",
    "~/.vimrc",
    "~/.xprofile",
    "~/.xinitrc",
    "~/.xsession",
    "~/.config/environment.d/**",
    "~/.local/share/systemd/user/**",
    "**/site-packages/*.pth",
    "**/site-packages/usercustomize.py",
    "**/site-packages/sitecustomize.py",
    "**/dist-packages/sitecustomize.py",
    "~/.ipython/profile_*/startup/**",
    "~/.cargo/config.toml",
    "~/.cargo/config",
    "~/.git-templates/**",
    "~/.bashrc.d/**",
    "~/.oh-my-zsh/custom/**",
    // The guard's own hook binaries, where the installers put them, and the agents' own
    // programs (Claude Code's installer puts `claude` there).
    "~/.local/bin/*-hook",
    "~/.local/bin/*-hook.exe",
    // Programs found on PATH before the system's: a `git` there runs instead of git. The
    // user's own tools installed there (`install -m 755 build/mytool ~/.local/bin/`) shadow
    // nothing, and are everyday work.
    "~/.local/bin/git",
    "~/.local/bin/sudo",
    "~/.local/bin/su",
    "~/.local/bin/ssh",
    "~/.local/bin/scp",
    "~/.local/bin/bash",
    "~/.local/bin/sh",
    "~/.local/bin/zsh",
    "~/.local/bin/fish",
    "~/.local/bin/env",
    "~/.local/bin/python",
    "~/.local/bin/python3",
    "~/.local/bin/pip",
    "~/.local/bin/pip3",
    "~/.local/bin/node",
    "~/.local/bin/npm",
    "~/.local/bin/npx",
    "~/.local/bin/pnpm",
    "~/.local/bin/yarn",
    "~/.local/bin/bun",
    "~/.local/bin/deno",
    "~/.local/bin/cargo",
    "~/.local/bin/rustc",
    "~/.local/bin/go",
    "~/.local/bin/make",
    "~/.local/bin/curl",
    "~/.local/bin/wget",
    "~/.local/bin/ls",
    "~/.local/bin/cat",
    "~/.local/bin/cp",
    "~/.local/bin/mv",
    "~/.local/bin/rm",
    "~/.local/bin/chmod",
    "~/.local/bin/grep",
    "~/.local/bin/sed",
    "~/.local/bin/find",
    "~/.local/bin/which",
    "~/.local/bin/xargs",
    "~/.local/bin/docker",
    "~/.local/bin/kubectl",
    "~/.local/bin/terraform",
    "~/.local/bin/aws",
    "~/.local/bin/gcloud",
    "~/.local/bin/gh",
    "~/.local/bin/code",
    "~/.local/bin/claude",
    "~/.local/bin/codex",
    "~/.local/bin/gemini",
    "~/.local/bin/cursor-agent",
    "~/.local/bin/copilot",
    "~/.local/bin/opencode",
    "~/bin/**",
    // Python runs these at every start, outside any project too.
    "~/.local/lib/python*/site-packages/*.pth",
    "~/.local/lib/python*/site-packages/usercustomize.py",
    "~/.local/lib/python*/site-packages/sitecustomize.py",
    "~/.emacs",
    "~/.emacs.d/init.el",
    "~/.emacs.d/early-init.el",
    "~/.config/emacs/init.el",
    "~/.pam_environment",
    "~/.config/pip/pip.conf",
    "~/.pip/pip.conf",
    // Nix's settings (`substituters`, `trusted-public-keys`, `post-build-hook`) and its flake
    // registry (what `nixpkgs` names): where every later build's binaries come from.
    "~/.config/nix/nix.conf",
    "~/.config/nix/registry.json",
    // The agents' own instructions for every project: a line there steers every session.
    "~/.claude/CLAUDE.md",
    "~/.codex/AGENTS.md",
    "~/.gemini/GEMINI.md",
    "~/.config/opencode/AGENTS.md",
    // Other package managers' directories on PATH, their shims and what their launchers
    // load: a program there runs instead of the one the user meant (this guard's own hooks
    // are installed in `~/.cargo/bin` too), and rustup's and nvm's files are sourced by the
    // shell's start-up files.
    "~/.cargo/bin/**",
    "~/.cargo/env*",
    "~/go/bin/**",
    "~/.npm-global/**",
    "~/.npm-packages/**",
    "~/.node_modules/**",
    "~/.node_libraries/**",
    "~/.bun/bin/**",
    "~/.deno/bin/**",
    "~/.volta/bin/**",
    "~/.volta/tools/**",
    "~/.asdf/shims/**",
    "~/.asdf/bin/**",
    "~/.asdf/asdf.sh",
    "~/.local/share/mise/shims/**",
    "~/.local/share/mise/installs/**/bin/**",
    "~/.pyenv/shims/**",
    "~/.pyenv/bin/**",
    "~/.rbenv/shims/**",
    "~/.rbenv/bin/**",
    "~/.nodenv/shims/**",
    "~/.goenv/shims/**",
    "~/.jenv/shims/**",
    "~/.nvm/nvm.sh",
    "~/.nvm/versions/*/*/bin/**",
    "~/.nvm/versions/*/*/lib/node_modules/**",
    "~/.sdkman/bin/**",
    "~/.sdkman/candidates/**/bin/**",
    "~/.local/share/pnpm/**",
    "~/Library/pnpm/**",
    "~/.yarn/bin/**",
    "~/.config/yarn/global/**",
    "~/.dotnet/tools/**",
    "~/.ghcup/bin/**",
    "~/.cabal/bin/**",
    "~/.juliaup/bin/**",
    "~/.elan/bin/**",
    "~/.nimble/bin/**",
    "~/.poetry/bin/**",
    "~/.pixi/bin/**",
    "~/.rye/shims/**",
    "~/.local/share/uv/tools/**",
    "~/.linuxbrew/bin/**",
    "/home/linuxbrew/.linuxbrew/bin/**",
    "/opt/homebrew/bin/**",
    "/opt/homebrew/sbin/**",
    "/opt/local/bin/**",
    "~/.nix-profile/bin/**",
    "~/.composer/vendor/bin/**",
    "~/.config/composer/vendor/bin/**",
    "~/.gem/ruby/*/bin/**",
    "~/.local/share/gem/ruby/*/bin/**",
    "~/.luarocks/bin/**",
    "~/.fly/bin/**",
    "~/.krew/bin/**",
    "~/.foundry/bin/**",
    "~/.wasmtime/bin/**",
    "~/.opam/*/bin/**",
    "~/.docker/cli-plugins/**",
    "~/Library/Python/*/bin/**",
    // Start-up files of other shells and terminals, and what the shells load on the way
    // (completions, prompts, direnv's library, KDE's login scripts).
    "~/.zlogout",
    // readline binds keys to text it types into every bash, python and psql prompt.
    "~/.inputrc",
    "~/.kshrc",
    "~/.mkshrc",
    "~/.shrc",
    "~/.cshrc",
    "~/.tcshrc",
    "~/.login",
    "~/.logout",
    "~/.config/zsh/**",
    "~/.xonshrc",
    "~/.config/xonsh/**",
    "~/.config/nushell/**",
    "~/.config/powershell/**",
    "~/.config/elvish/**",
    "~/.bash_completion",
    "~/.bash_completion.d/**",
    "~/.local/share/bash-completion/**",
    "~/.config/starship.toml",
    "~/.direnvrc",
    "~/.config/direnv/**",
    "~/.config/tmux/**",
    "~/.screenrc",
    "~/.wezterm.lua",
    "~/.config/wezterm/**",
    "~/.config/kitty/**",
    "~/.config/alacritty/**",
    "~/.config/ghostty/**",
    "~/.xsessionrc",
    "~/.config/plasma-workspace/env/**",
    "~/.config/autostart-scripts/**",
    "~/.config/openbox/autostart*",
    "~/.config/i3/**",
    "~/.config/sway/**",
    "~/.config/hypr/**",
    "~/.local/share/applications/**",
    "/Library/LaunchAgents/**",
    "/Library/StartupItems/**",
    "/private/var/at/**",
    "/var/at/**",
    // Editors' start-up files and plugins, VS Code's user settings, tasks and extensions.
    "~/.vim/**",
    "~/.gvimrc",
    "~/.exrc",
    "~/.config/nvim/**",
    "~/.emacs.el",
    "~/.emacs.d/**/*.el",
    "~/.config/emacs/**/*.el",
    "~/.spacemacs",
    "~/.doom.d/**",
    "~/.config/doom/**",
    "~/.config/Code/User/settings.json",
    "~/.config/Code/User/tasks.json",
    "~/Library/Application Support/Code/User/settings.json",
    "~/Library/Application Support/Code/User/tasks.json",
    "~/.vscode/extensions/**",
    "~/.vscode-server/extensions/**",
    "~/.cursor/extensions/**",
    // Start-up files of the tools that run code: debuggers, REPLs and database shells run
    // theirs at every start (`shell`, `system()`, `\!`, `.shell`), pinentry and credential
    // processes run what the configuration names, and build tools load their init scripts
    // in every build.
    "~/.gdbinit",
    "~/.gdbearlyinit",
    "~/.config/gdb/**",
    "~/.lldbinit*",
    "~/.pdbrc*",
    "~/.pythonrc*",
    "~/.ipython/profile_*/*.py",
    "~/.jupyter/*.py",
    "~/.irbrc",
    "~/.config/irb/**",
    "~/.pryrc",
    "~/.perldb",
    "~/.re.pl/**",
    "~/.psqlrc*",
    "~/.sqliterc",
    "~/.duckdbrc",
    "~/.myclirc",
    "~/.config/mycli/**",
    "~/.mongoshrc.js",
    "~/.mongorc.js",
    "~/.Rprofile",
    "~/.Renviron",
    "~/.julia/config/**",
    "~/.octaverc",
    "~/.ghci",
    "~/.config/ghc/ghci.conf",
    "~/.erlang",
    "~/.iex.exs",
    "~/.ocamlinit",
    "~/.guile",
    "~/.sbclrc",
    "~/.tclshrc",
    "~/.wishrc",
    "~/.lein/profiles.clj",
    "~/.ammonite/predef*.sc",
    "~/.radare2rc",
    "~/.gnupg/*.conf",
    "~/.aws/config",
    "~/.config/gh/config.yml",
    "~/.terraformrc",
    "~/.terraform.d/plugins/**",
    "~/.ansible.cfg",
    "~/.curlrc",
    "~/.config/.curlrc",
    "~/.wgetrc",
    "~/.mailcap",
    "~/.muttrc",
    "~/.lesskey",
    "~/.config/lesskey",
    "~/.lessfilter",
    "~/.yarnrc",
    "~/.bunfig.toml",
    "~/.config/uv/uv.toml",
    "~/.mavenrc",
    "~/.m2/mavenrc",
    "~/.gradle/init.gradle*",
    "~/.gradle/init.d/**",
    "~/.sbt/*/plugins/**",
    "~/.sbt/*/*.sbt",
    // The agents' own commands, sub-agents, skills, plugins, rules and MCP servers for every
    // project: a file there is a prompt (or a program) every later session runs.
    "~/.claude/commands/**",
    "~/.claude/agents/**",
    "~/.claude/skills/**",
    "~/.claude/plugins/**",
    "~/.claude/hooks/**",
    "~/.claude/output-styles/**",
    "~/.codex/prompts/**",
    "~/.codex/skills/**",
    "~/.codex/rules/**",
    "~/.gemini/commands/**",
    "~/.gemini/extensions/**",
    "~/.gemini/skills/**",
    "~/.copilot/agents/**",
    "~/.copilot/skills/**",
    "~/.copilot/instructions/**",
    "~/.copilot/copilot-instructions.md",
    "~/.copilot/mcp-config.json",
    "~/.copilot/installed-plugins/**",
    "~/.cursor/commands/**",
    "~/.cursor/rules/**",
    "~/.codeium/windsurf/mcp_config.json",
    "~/.codeium/windsurf/memories/**",
    "~/.codeium/windsurf/global_workflows/**",
    "~/.config/opencode/opencode.json*",
    "~/.config/opencode/command/**",
    "~/.config/opencode/commands/**",
    "~/.config/opencode/agent/**",
    "~/.config/opencode/agents/**",
    "~/.config/opencode/skills/**",
    "~/.config/opencode/tool/**",
    "~/.config/opencode/tools/**",
];

impl Default for FileRules {
    /// Built in: agents neither read nor write `.env` files (their templates excepted) or the
    /// credentials of the user's tools, never write inside `.git`, where a hook script or
    /// config edit would outlive the session, nor where a change would run at the next login
    /// or boot, and never edit the files that configure this guard. Any entry is switched off
    /// by a later `!` entry in a policy (`"!.env"`, `"!~/.kube/config"`).
    fn default() -> Self {
        Self {
            deny_write: Globs { built_in: &BUILT_IN_DENY_WRITE, added: Vec::new() },
            deny_read: Globs { built_in: BUILT_IN_DENY_READ, added: Vec::new() },
        }
    }
}

/// The built-in deny_write list; the deny_read list is its start.
static BUILT_IN_DENY_WRITE: [Text;
    CREDENTIAL_NAMES.len()
        + ENV_FILES.len()
        + CREDENTIAL_FILES.len()
        + WRITABLE_DUMPS.len()
        + WRITABLE_DESCRIPTORS.len()
        + WRITABLE_KEYS.len()
        + GIT_FILES.len()
        + GUARD_FILES.len()
        + PERSISTENCE_FILES.len()] = concat(&[
    &CREDENTIAL_NAMES,
    &ENV_FILES,
    &CREDENTIAL_FILES,
    &WRITABLE_DUMPS,
    &WRITABLE_DESCRIPTORS,
    &WRITABLE_KEYS,
    &GIT_FILES,
    &GUARD_FILES,
    &PERSISTENCE_FILES,
]);

/// Core dumps are secret to read but the agent's to delete: their [`CREDENTIAL_FILES`]
/// entries end where writes begin (the last matching entry wins).
const WRITABLE_DUMPS: [&str; 4] =
    ["!core.[0-9]*", "!/var/lib/systemd/coredump/**", "!/var/crash/**", "!/cores/**"];

/// A process's open files are secret to read but writable: `echo done > /proc/1/fd/1` is a
/// container's way to log to its main process's output.
const WRITABLE_DESCRIPTORS: [&str; 2] = ["!/proc/*/fd/*", "!/proc/*/task/*/fd/*"];

/// A project's key files (and registry settings) are secret to read but the agent's to make: a development
/// certificate's key (`openssl req -newkey … -keyout key.pem`), a test keystore. Their
/// [`CREDENTIAL_FILES`] entries end where writes begin, inside the project only (a glob with
/// `/` is the project's): `~/.ssh/deploy.key` stays unwritten.
const WRITABLE_KEYS: [&str; 19] = [
    // A project's registry configuration is edited as any other project file is (`echo
    // engine-strict=true >> .npmrc`, `yarn set version`); only reading it shows a token.
    "!**/.npmrc",
    "!**/.yarnrc.yml",
    // The project's Terraform variables and Functions settings are written as it is set up.
    "!**/terraform.tfvars",
    "!**/terraform.tfvars.json",
    "!**/*.auto.tfvars",
    "!**/*.auto.tfvars.json",
    "!**/local.settings.json",
    "!**/*.key",
    "!**/*_key",
    "!**/*key*.pem",
    "!**/*.p12",
    "!**/*.pfx",
    "!**/*.jks",
    "!**/*.keystore",
    "!**/secrets/**/*.pem",
    // A key fetched or made in a temporary directory (a repository's signing key, `curl …
    // nodesource.gpg.key -o /tmp/ns.key`) overwrites no secret the user keeps.
    "!/tmp/**/*.key",
    "!/tmp/**/*key*.pem",
    "!/var/tmp/**/*.key",
    "!/var/tmp/**/*key*.pem",
];

/// The repository's own files (hooks and config run commands); but `info/exclude` holds
/// ignore patterns, which run nothing, and a `*.lock` file is git's claim on the file beside
/// it, which git renames into place only in the process that made it: removing one a crashed
/// git left (`rm -f .git/index.lock`) is routine (the last matching entry wins). The other version
/// controls' stores are the history as much as `.git` is (and `.hg/hgrc` runs hooks too):
/// Mercurial's and Sapling's, Subversion's, Breezy's, Darcs', Jujutsu's and Fossil's.
const GIT_FILES: [&str; 11] = [
    ".git/**",
    "!.git/info/exclude",
    "!.git/**/*.lock",
    ".hg/**",
    ".sl/**",
    ".svn/**",
    ".bzr/**",
    "_darcs/**",
    ".jj/**",
    ".fslckout",
    "*.fossil",
];
static BUILT_IN_DENY_READ: &[Text] =
    BUILT_IN_DENY_WRITE.split_at(CREDENTIAL_NAMES.len() + ENV_FILES.len() + CREDENTIAL_FILES.len()).0;

/// `lists` one after the other, as texts, at compile time.
const fn concat<const N: usize>(lists: &[&[&'static str]]) -> [Text; N] {
    let mut out = [const { Cow::Borrowed("") }; N];
    let (mut list, mut at) = (0, 0);
    while list < lists.len() {
        let mut item = 0;
        while item < lists[list].len() {
            // A `Cow`'s destructor cannot run at compile time; what it replaces is a borrow.
            std::mem::forget(std::mem::replace(&mut out[at], Cow::Borrowed(lists[list][item])));
            (item, at) = (item + 1, at + 1);
        }
        list += 1;
    }
    assert!(at == N, "the built-in lists fill the array exactly");
    out
}

/// `[prompt]`: checks on what the user submits to the agent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PromptRules {
    /// What to do with a prompt that contains credentials.
    pub secrets: SecretsAction,
}

/// What to do with a prompt that contains credentials (API keys, private keys).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum SecretsAction {
    /// Built in: a pasted key would be sent to the model provider.
    #[default]
    Deny,
    Ask,
    /// Let the prompt through with a notice.
    Warn,
    Off,
}

/// `[context]`: what to tell the agent when a session starts. Built in: nothing.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ContextSettings {
    pub date: bool,
    pub git_status: bool,
    /// How many recent commits to list; 0 for none.
    pub recent_commits: u32,
    /// Files whose contents are added.
    pub files: Vec<String>,
    /// A listing of the project's top directory.
    pub listing: bool,
}

/// A `[[stop]]` gate: commands that must pass before the agent may stop.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StopGate {
    /// Run in parallel within the gate's stage.
    pub commands: Vec<String>,
    pub when: Condition,
    /// 1..=5; stages run in order. Defaults to 3 so that gates can go before or after.
    pub stage: u8,
    /// Whether failures go back to the agent as the reason to continue (default true).
    pub report: bool,
    /// Overrides [`Policy::timeout`] for these commands.
    pub timeout: Option<Duration>,
    pub origin: Location,
}

/// When a [`StopGate`] or a [`Rewrite`] applies; every condition given must hold.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Condition {
    /// Relative to the project root.
    pub file_exists: Option<String>,
    /// A program on `PATH`, or a path relative to the project root.
    pub command_exists: Option<String>,
}

impl Condition {
    /// The first condition that does not hold in the project at `root`, said for a person;
    /// `None` when all hold.
    pub(crate) fn unmet(&self, root: &Path) -> Option<String> {
        if let Some(file) = self.file_exists.as_ref().filter(|file| !root.join(file).exists()) {
            return Some(format!("`{file}` does not exist"));
        }
        self.command_exists
            .as_ref()
            .filter(|program| !crate::program::exists(program, root))
            .map(|program| not_on_path(program))
    }
}

/// Why a program cannot be run: a name is missing from `PATH`, a path is not an executable file.
pub(crate) fn not_on_path(program: &str) -> String {
    if program.contains(['/', '\\']) {
        format!("`{program}` is not an executable file")
    } else {
        format!("`{program}` is not on PATH")
    }
}

/// A `[[test]]` case: the policy's own regression test, run by `<bin> test`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PolicyTest {
    pub input: TestInput,
    pub expect: Expect,
    /// The expected command after a rewrite (only with `Expect::Rewrite`).
    pub rewritten: Option<String>,
    /// The expected rule id.
    pub rule: Option<String>,
    /// Where the command runs; relative paths are resolved against the policy file's
    /// directory.
    pub cwd: Option<PathBuf>,
    pub origin: Location,
}

impl Rule for PolicyTest {
    /// A test is not matched against commands: it is only ever read whole, by `test`.
    fn key(&self) -> RuleKey {
        RuleKey::Any
    }

    fn origin(&self) -> &Location {
        &self.origin
    }

    fn origin_mut(&mut self) -> &mut Location {
        &mut self.origin
    }

    fn damaged() -> Option<Self> {
        None
    }
}

/// What a [`PolicyTest`] decides.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum TestInput {
    /// A shell command line.
    Command(String),
    /// A file holding an agent's JSON event, resolved against the policy file's directory.
    Event(PathBuf),
}

/// The verdict a [`PolicyTest`] expects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Expect {
    Allow,
    Ask,
    Deny,
    Rewrite,
}

/// The merged policy in force for one event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(bound(deserialize = "'de: 'static"))]
pub struct Policy {
    pub on_error: OnError,
    /// For commands the hooks run (formatters, stop gates).
    pub timeout: Duration,
    pub journal: bool,
    pub packs: PackSettings,
    /// Not in the policy cache's encoding of the policy: the cache keeps each rule apart, to
    /// decode only those an event can meet (see [`Rules`]).
    #[serde(skip)]
    pub filters: Rules<Filter>,
    #[serde(skip)]
    pub rewrites: Rules<Rewrite>,
    pub files: FileRules,
    pub prompt: PromptRules,
    /// After a file write or edit: the commands to run, by extension (`".rs"`).
    pub format: BTreeMap<String, Vec<String>>,
    pub stops: Vec<StopGate>,
    pub context: ContextSettings,
    /// Only `test` reads them: a hook call leaves them encoded in the policy cache.
    #[serde(skip)]
    pub tests: Rules<PolicyTest>,
}

impl Default for Policy {
    /// The built-in default policy.
    fn default() -> Self {
        Self {
            on_error: OnError::Allow,
            timeout: Duration::from_secs(60),
            journal: true,
            packs: PackSettings::default(),
            filters: Rules::default(),
            rewrites: Rules::default(),
            files: FileRules::default(),
            prompt: PromptRules::default(),
            format: BTreeMap::new(),
            stops: Vec::new(),
            context: ContextSettings::default(),
            tests: Rules::default(),
        }
    }
}

/// A place in a policy file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Location {
    /// Shared: every rule of a file records it. Not in the policy cache, whose entries record
    /// each rule's file as an index among their layers: decoding a path for every rule, to
    /// replace it at once, cost ~100 instructions a rule.
    #[serde(skip, default = "unknown_file")]
    pub file: Arc<Path>,
    /// 1-based.
    pub line: usize,
    /// 1-based, in characters.
    pub column: usize,
}

/// The file of a [`Location`] decoded from the policy cache, until the cache sets the real one.
fn unknown_file() -> Arc<Path> {
    static UNKNOWN: OnceLock<Arc<Path>> = OnceLock::new();
    Arc::clone(UNKNOWN.get_or_init(|| Path::new("").into()))
}

impl Location {
    /// The line and column of byte `offset` in `text`, the contents of `file`.
    pub(crate) fn of_offset(file: &Path, text: &str, offset: usize) -> Self {
        let before = text.get(..offset).unwrap_or(text);
        let line_start = before.rfind('\n').map_or(0, |newline| newline + 1);
        Self {
            file: file.into(),
            line: before.matches('\n').count() + 1,
            column: before[line_start..].chars().count() + 1,
        }
    }
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}:{}", self.file.display(), self.line, self.column)
    }
}

/// A policy file that failed to load, with where and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PolicyError {
    pub file: PathBuf,
    /// 1-based line and column, when the error has a place.
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub message: String,
    /// What the hooks do about it.
    #[serde(default)]
    pub effect: Effect,
}

/// What the hooks do with a policy file that has an error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Effect {
    /// The whole file is left out until it is fixed; the other layers stay in force.
    #[default]
    FileIgnored,
    /// The file is in force without the rule that holds the error (a regex that does not
    /// compile, a glob that matches nothing).
    RuleSkipped,
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

impl PolicyError {
    pub(crate) fn at(location: Location, message: impl Into<String>) -> Self {
        Self {
            file: location.file.to_path_buf(),
            line: Some(location.line),
            column: Some(location.column),
            message: message.into(),
            effect: Effect::FileIgnored,
        }
    }

    /// The same error, for a rule the hooks skip while keeping the file.
    pub(crate) fn rule_skipped(self) -> Self {
        Self { effect: Effect::RuleSkipped, ..self }
    }

    /// An error about the file as a whole (unreadable, not UTF-8).
    pub(crate) fn whole_file(file: &Path, message: impl Into<String>) -> Self {
        Self {
            file: file.to_path_buf(),
            line: None,
            column: None,
            message: message.into(),
            effect: Effect::FileIgnored,
        }
    }
}

impl std::error::Error for PolicyError {}

/// Which layer a policy file belongs to (README "The policy").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum LayerKind {
    BuiltIn,
    System,
    User,
    Project,
    /// `--config FILE` or `AGENT_HOOKS_CONFIG`: replaces the user and project layers.
    Explicit,
}

/// One layer in force.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Layer {
    pub kind: LayerKind,
    /// `None` for the built-in layer.
    pub path: Option<PathBuf>,
    /// Only a project layer can be anything but [`Trust::Own`].
    pub trust: Trust,
}

/// The outcome of loading every layer: the merged policy, what was loaded, and the
/// errors of the files that failed (whose contents were then ignored).
#[derive(Debug, Clone)]
pub struct Loaded {
    pub policy: Policy,
    /// The built-in layer, then every file that loaded, in merge order. A file that
    /// failed is in `errors` instead.
    pub layers: Vec<Layer>,
    pub errors: Vec<PolicyError>,
    /// Settings that were ignored without failing their file: attempts to weaken a pack
    /// locked by the system layer, and `locked` outside the system layer.
    pub warnings: Vec<PolicyError>,
    /// What untrusted project layers would have weakened or run, each at its place: not
    /// applied until the user trusts the file.
    pub skipped: Vec<PolicyError>,
}

impl Loaded {
    /// The project layer the user has not trusted, when one was skipped in part.
    pub fn untrusted_layer(&self) -> Option<&Layer> {
        self.layers.iter().find(|layer| !layer.trust.is_trusted()).filter(|_| !self.skipped.is_empty())
    }
}

/// The project policy file name, looked up from the event's cwd to the repository root.
pub const PROJECT_FILE: &str = ".agent-hooks.toml";

/// The commented starter policy that `init` writes.
pub const STARTER: &str = include_str!("starter.toml");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(unix)]
    fn conditions_look_at_the_project_and_path() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let when = |file: Option<&str>, command: Option<&str>| Condition {
            file_exists: file.map(str::to_string),
            command_exists: command.map(str::to_string),
        };
        assert_eq!(when(None, None).unmet(root), None);
        assert_eq!(when(Some("Cargo.toml"), Some("sh")).unmet(root), None);
        assert_eq!(when(None, Some("/bin/sh")).unmet(root), None);
        assert_eq!(
            when(Some("no-such-file"), Some("sh")).unmet(root).as_deref(),
            Some("`no-such-file` does not exist")
        );
        assert_eq!(
            when(None, Some("agent-hooks-no-such-program")).unmet(root).as_deref(),
            Some("`agent-hooks-no-such-program` is not on PATH")
        );
        assert_eq!(
            when(None, Some("./Cargo.toml")).unmet(root).as_deref(),
            Some("`./Cargo.toml` is not an executable file")
        );
    }

    #[test]
    fn the_starter_policy_is_valid_and_changes_nothing_but_tests() {
        let file = schema::PolicyFile::parse(STARTER).expect("STARTER parses");
        assert!(file.check_patterns().is_empty());
        let mut merger = merge::Merger::new();
        let source = merge::Source::new(LayerKind::User, Path::new("starter.toml"), STARTER);
        merger.apply(&source, &file);
        let (policy, warnings) = merger.finish();
        assert!(warnings.is_empty(), "{warnings:?}");
        let expects: Vec<Expect> = policy.tests.iter().map(|test| test.expect).collect();
        assert_eq!(expects, [Expect::Allow, Expect::Deny]);
        assert_eq!(Policy { tests: Rules::default(), ..policy }, Policy::default());
    }

    #[test]
    fn locations_count_lines_and_characters_from_one() {
        let text = "a = 1\nb = \"é\" x\n";
        let at = |offset| {
            let location = Location::of_offset(Path::new("p.toml"), text, offset);
            (location.line, location.column)
        };
        assert_eq!(at(0), (1, 1));
        assert_eq!(at(6), (2, 1));
        assert_eq!(at(text.find('x').expect("x is in the text")), (2, 9));
    }

    #[test]
    fn errors_display_as_file_line_column() {
        let location = Location { file: Path::new("/p/.agent-hooks.toml").into(), line: 3, column: 7 };
        assert_eq!(PolicyError::at(location, "bad").to_string(), "/p/.agent-hooks.toml:3:7: bad");
        assert_eq!(
            PolicyError::whole_file(Path::new("/p/x.toml"), "unreadable").to_string(),
            "/p/x.toml: unreadable"
        );
    }

    #[test]
    fn file_rules_are_cached_without_their_built_in_globs() {
        let mut added = FileRules::default();
        added.deny_write.push("secrets/**".into());
        added.deny_read.push("!.env".into());
        let replaced = FileRules { deny_write: vec!["a".into()].into(), deny_read: Vec::new().into() };
        for files in [FileRules::default(), added, replaced] {
            let bytes: &'static [u8] = Vec::leak(postcard::to_allocvec(&files).unwrap());
            let text = String::from_utf8_lossy(bytes);
            assert!(!text.contains(".claude/settings.json"), "{text}");
            assert_eq!(postcard::from_bytes::<FileRules>(bytes).unwrap(), files);
        }
    }

    #[test]
    fn the_built_in_file_rules_guard_env_files_and_git() {
        let files = FileRules::default();
        // The names of credentials outside the project come first: the project's own lists,
        // `.env` first among them, are not overruled by their exceptions.
        let read: Vec<&str> = files.deny_read.iter().map(|glob| &**glob).collect();
        assert_eq!(read[CREDENTIAL_NAMES.len() - 1], "!**/*");
        assert_eq!(
            read[CREDENTIAL_NAMES.len()..][..5],
            [".env", ".env.*", "!.env.example*", "!.env.sample*", "!.env.template*"]
        );
        for credential in ["~/.ssh/id_*", "!~/.ssh/*.pub", "~/.aws/credentials", "~/.kube/config", ".envrc"] {
            assert!(files.deny_read.iter().any(|glob| glob == credential), "{credential}");
        }
        for persistence in ["~/.bashrc", "~/.ssh/authorized_keys", "/etc/**"] {
            assert!(files.deny_write.iter().any(|glob| glob == persistence), "{persistence}");
        }
        assert!(files.deny_write.iter().any(|glob| glob == ".git/**"));
        assert!(files.deny_write.iter().any(|glob| glob == ".claude/settings.json"));
    }
}
