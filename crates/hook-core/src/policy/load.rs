//! Finding the policy files of every layer, reading them, and merging what loaded.
//!
//! This runs on every hook call, so it touches only the few files it needs: a `stat` of each
//! layer's file, plus one `.agent-hooks.toml` and one `.git` existence check per ancestor of
//! the event's cwd, and when any policy file exists, one read of the policy cache, which
//! spares reading and parsing files unchanged since the last call. When a project file exists,
//! the trust store is one more `stat`: whether that file is trusted is part of what the cache
//! keeps. It compiles no regex unless asked to (see [`load_checked`]).

use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use super::cache::{Cache, KeyLayer};
use super::merge::{Merger, Source};
use super::schema::{PolicyFile, Problem};
use super::stamp::{self, Stamp};
use super::trust::{self, Trust};
use super::{Effect, Layer, LayerKind, Loaded, Location, PROJECT_FILE, Policy, PolicyError};
use crate::environment::xdg_dir;
use crate::project::{Context, find_project_root};

/// Where the system policy lives when `AGENT_HOOKS_SYSTEM_CONFIG` does not say otherwise.
const SYSTEM_FILE: &str = "/etc/agent-hooks/config.toml";

/// The policy files to load, one per layer; `None` skips the layer.
///
/// [`load`] builds this from the environment; tests build it by hand so that they do not
/// race on process-wide environment variables.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Sources {
    pub system: Option<PathBuf>,
    /// Ignored when `explicit` is set.
    pub user: Option<PathBuf>,
    /// The directory the project file search starts from (the event's cwd); ignored when
    /// `explicit` is set. See [`find_project_file`] for how far up it looks.
    pub project_search_from: Option<PathBuf>,
    /// Where that search stops: the repository root, when the caller knows it already;
    /// `None` looks it up.
    pub project_root: Option<PathBuf>,
    /// `--config FILE` or `AGENT_HOOKS_CONFIG`: replaces the user and project layers, and
    /// unlike the other layers, it is an error for it to be missing.
    pub explicit: Option<PathBuf>,
    /// Also compile every regex, so that a bad one fails its file. Costs start-up time:
    /// for `check` and `test`, not for answering events. Never answered from the cache.
    pub check_patterns: bool,
    /// Where loads are cached ([`cache_dir`]); `None` parses every time.
    pub cache: Option<PathBuf>,
    /// The store of trusted project files ([`trust::store_path`]); `None` trusts no project
    /// file but by the `[trust] directories` of the user's and the system's policies.
    pub trust_store: Option<PathBuf>,
}

impl Sources {
    /// The layers for an event at `place`, from the environment: [`system_config_path`],
    /// [`user_config_path`], the project file between its cwd and its project root, and
    /// `explicit` as resolved by the caller from `--config` or `AGENT_HOOKS_CONFIG`.
    pub fn from_env(place: &Context, explicit: Option<&Path>) -> Self {
        Self {
            system: Some(system_config_path()),
            user: user_config_path(),
            project_search_from: Some(place.cwd.clone()),
            project_root: Some(place.project_root.clone()),
            explicit: explicit.map(Path::to_path_buf),
            check_patterns: false,
            cache: cache_dir(),
            trust_store: trust::store_path(),
        }
    }
}

/// Load every layer for an event at `place`; `explicit` is `--config FILE`.
pub fn load(place: &Context, explicit: Option<&Path>) -> Loaded {
    load_from(&Sources::from_env(place, explicit))
}

/// [`load`], but a regex that does not compile fails its file too, and every file is parsed,
/// never answered from the cache. For `check` and `test`: the hot path leaves regexes to the
/// decision code, which compiles only those it needs.
pub fn load_checked(place: &Context, explicit: Option<&Path>) -> Loaded {
    load_from(&Sources { check_patterns: true, ..Sources::from_env(place, explicit) })
}

/// Load and merge the layers `sources` names, in order: built-in, system, then either
/// user and project or explicit. A missing file is no layer (except an explicit one); a
/// file that fails is reported in [`Loaded::errors`] and contributes nothing.
///
/// With a [`Sources::cache`] directory and no pattern checks, a load whose files are those of
/// an earlier load without errors is answered from the cache, without parsing.
pub fn load_from(sources: &Sources) -> Loaded {
    let mut files = vec![(LayerKind::System, sources.system.clone())];
    match &sources.explicit {
        Some(explicit) => files.push((LayerKind::Explicit, Some(explicit.clone()))),
        None => {
            files.push((LayerKind::User, sources.user.clone()));
            let project = sources.project_search_from.as_deref().and_then(|from| {
                let root = sources.project_root.clone().unwrap_or_else(|| find_project_root(from));
                find_project_file(from, &root)
            });
            files.push((LayerKind::Project, project));
        }
    }
    let found: Vec<Found> = files
        .into_iter()
        .filter_map(|(kind, path)| {
            let path = path?;
            let stamp = stamp(&path, kind == LayerKind::Explicit).transpose()?;
            Some(Found { kind, path, stamp })
        })
        .collect();
    if found.is_empty() {
        return built_in();
    }
    // Only a project layer needs the store: without one, trust costs nothing.
    let store =
        sources.trust_store.as_deref().filter(|_| found.iter().any(|file| file.kind == LayerKind::Project));
    let store = store.map(|path| (path, stamp(path, false)));
    let cache = sources.cache.as_deref().filter(|_| !sources.check_patterns);
    let hit = cache.and_then(|dir| lookup(dir, &found, store.as_ref())).and_then(|cache| cache.get());
    if let Some(loaded) = hit {
        return loaded;
    }
    load_and_store(found, sources, store.map(|(path, _)| path), cache)
}

/// The trust store as found: its path, and its stamp or `None` when it does not exist.
type StoreFound<'a> = (&'a Path, Result<Option<Stamp>, PolicyError>);

/// One policy file that exists, with what `stat` says of it or why it could not be read.
struct Found {
    kind: LayerKind,
    path: PathBuf,
    stamp: Result<Stamp, PolicyError>,
}

/// The cache entry for `found` as the files are now, when there is one to look up: a load
/// with a file that cannot be read is never cached.
fn lookup<'a>(dir: &Path, found: &'a [Found], store: Option<&StoreFound<'a>>) -> Option<Cache<'a>> {
    let layers = found
        .iter()
        .map(|file| {
            let stamp = *file.stamp.as_ref().ok()?;
            Some(KeyLayer { kind: file.kind, path: &file.path, stamp, contents: None })
        })
        .collect::<Option<Vec<_>>>()?;
    let store = match store {
        Some((path, Ok(Some(stamp)))) => {
            Some(KeyLayer { kind: LayerKind::Project, path, stamp: *stamp, contents: None })
        }
        Some((_, Err(_))) => return None,
        Some((_, Ok(None))) | None => None,
    };
    Some(Cache::new(dir, layers, store))
}

/// A cache miss: read and parse `found`, merge, and store the load in `cache` when there is
/// one. Out of line and cold: the calls that need it are the first after an edit, and its
/// code (the TOML parser and the merge) would otherwise sit among the code every call runs.
#[cold]
#[inline(never)]
fn load_and_store(
    found: Vec<Found>,
    sources: &Sources,
    store: Option<&Path>,
    cache: Option<&Path>,
) -> Loaded {
    // Read before the project file is judged, so that a `trust` in between makes the entry
    // stale rather than wrong.
    let store_read = store.and_then(|path| read(path, false).ok().flatten());
    let files: Vec<LayerFile> = found
        .into_iter()
        .filter_map(|file| {
            let required = file.kind == LayerKind::Explicit;
            let read = match file.stamp {
                Ok(_) => read(&file.path, required).transpose()?,
                Err(error) => Err(error),
            };
            Some(LayerFile { kind: file.kind, path: file.path, read })
        })
        .collect();
    let loaded = merge(&files, sources.check_patterns, store);
    let now = crate::clock::now();
    let layers = files
        .iter()
        .map(|file| {
            let (stamp, contents) = file.read.as_ref().ok()?;
            Some(KeyLayer::read(file.kind, &file.path, *stamp, contents, now))
        })
        .collect::<Option<Vec<_>>>();
    let store_layer = store
        .zip(store_read.as_ref())
        .map(|(path, (stamp, contents))| KeyLayer::read(LayerKind::Project, path, *stamp, contents, now));
    if let (Some(dir), Some(layers)) = (cache, layers.filter(|layers| !layers.is_empty())) {
        // The cache only saves time: a hook must not fail, nor say anything, because its
        // cache directory is read-only or full (or because the load had errors, which are
        // not cached).
        let _ = Cache::new(dir, layers, store_layer).put(&loaded);
    }
    loaded
}

/// One policy file that was read: its stamp and contents, or why it could not be read. The
/// contents are checked to be UTF-8 only when parsed.
struct LayerFile {
    kind: LayerKind,
    path: PathBuf,
    read: Result<(Stamp, Vec<u8>), PolicyError>,
}

/// The load when no policy file exists: the built-in policy alone.
fn built_in() -> Loaded {
    let layers = vec![Layer { kind: LayerKind::BuiltIn, path: None, trust: Trust::Own }];
    let policy = Policy::default();
    Loaded { policy, layers, errors: Vec::new(), warnings: Vec::new(), skipped: Vec::new() }
}

/// Parse `files` and merge them, in order, over the built-in policy; a project file is
/// trusted as the `[trust]` settings before it and the trust store at `store` say.
fn merge(files: &[LayerFile], check_patterns: bool, store: Option<&Path>) -> Loaded {
    let mut merger = Merger::new();
    let mut layers = vec![Layer { kind: LayerKind::BuiltIn, path: None, trust: Trust::Own }];
    let mut errors = Vec::new();
    for file in files {
        let read = file.read.as_ref().map_err(Clone::clone).and_then(|(_, bytes)| {
            let text = text(&file.path, bytes)?;
            Ok((bytes, text))
        });
        let parsed = read.map_err(|error| vec![error]).and_then(|(bytes, text)| {
            let (parsed, problems) = parse(&file.path, text, check_patterns);
            errors.extend(problems.iter().filter(|problem| problem.effect == Effect::RuleSkipped).cloned());
            let ignored: Vec<PolicyError> =
                problems.into_iter().filter(|problem| problem.effect == Effect::FileIgnored).collect();
            match parsed {
                Some(parsed) if ignored.is_empty() => Ok((bytes, text, parsed)),
                _ => Err(ignored),
            }
        });
        match parsed {
            Ok((bytes, text, parsed)) => {
                let trust = match file.kind {
                    LayerKind::Project => merger.trust().judge(&file.path, bytes, store),
                    _ => Trust::Own,
                };
                let source = Source::new(file.kind, &file.path, text);
                let source = if trust.is_trusted() { source } else { source.untrusted() };
                merger.apply(&source, &parsed);
                layers.push(Layer { kind: file.kind, path: Some(file.path.clone()), trust });
            }
            Err(ignored) => errors.extend(ignored),
        }
    }
    let skipped = merger.take_skipped();
    let (policy, warnings) = merger.finish();
    Loaded { policy, layers, errors, warnings, skipped }
}

/// The project policy for an event in `cwd`: the nearest `.agent-hooks.toml` from `cwd` up
/// to `root`, the repository root of [`crate::project`] (which is `cwd` itself outside a
/// repository: walking further up would let any directory above, say a shared `/tmp`, set
/// policy for whatever runs below it).
pub fn find_project_file(cwd: &Path, root: &Path) -> Option<PathBuf> {
    let mut dirs = cwd.ancestors();
    let upto: Vec<&Path> = match dirs.position(|dir| dir == root) {
        Some(steps) => cwd.ancestors().take(steps + 1).collect(),
        None => vec![cwd],
    };
    upto.into_iter().map(|dir| dir.join(PROJECT_FILE)).find(|file| file.exists())
}

/// The system policy: `/etc/agent-hooks/config.toml`, or the file that the environment
/// variable `AGENT_HOOKS_SYSTEM_CONFIG` names (meant for tests; note that whoever sets the
/// agent's environment can thereby swap out the locks of the system layer).
pub fn system_config_path() -> PathBuf {
    crate::environment::var_os("AGENT_HOOKS_SYSTEM_CONFIG")
        .filter(|path| !path.is_empty())
        .map_or_else(|| PathBuf::from(SYSTEM_FILE), PathBuf::from)
}

/// `$XDG_CONFIG_HOME/agent-hooks/config.toml`, or `~/.config/agent-hooks/config.toml`.
pub fn user_config_path() -> Option<PathBuf> {
    Some(xdg_dir("XDG_CONFIG_HOME", ".config")?.join("agent-hooks").join("config.toml"))
}

/// `$XDG_CACHE_HOME/agent-hooks`, or `~/.cache/agent-hooks`.
pub fn cache_dir() -> Option<PathBuf> {
    Some(xdg_dir("XDG_CACHE_HOME", ".cache")?.join("agent-hooks"))
}

/// What `stat` says of the policy file at `path`; `Ok(None)` when it does not exist and is not
/// `required`.
fn stamp(path: &Path, required: bool) -> Result<Option<Stamp>, PolicyError> {
    match std::fs::metadata(path) {
        Ok(metadata) => Ok(Some(Stamp::of(&metadata))),
        Err(e) => absent_or_error(path, &e, required),
    }
}

/// The stamp and contents of a policy file; `Ok(None)` when it does not exist (any more) and
/// is not `required`.
fn read(path: &Path, required: bool) -> Result<Option<(Stamp, Vec<u8>)>, PolicyError> {
    match stamp::read(path) {
        Ok(read) => Ok(Some(read)),
        Err(e) => absent_or_error(path, &e, required),
    }
}

fn absent_or_error<T>(path: &Path, error: &std::io::Error, required: bool) -> Result<Option<T>, PolicyError> {
    if error.kind() == ErrorKind::NotFound && !required {
        return Ok(None);
    }
    Err(PolicyError::whole_file(path, format!("cannot read the policy file: {error}")))
}

/// The contents of the policy file at `path` as text.
fn text<'a>(path: &Path, bytes: &'a [u8]) -> Result<&'a str, PolicyError> {
    std::str::from_utf8(bytes).map_err(|e| {
        let offset = e.valid_up_to();
        PolicyError::whole_file(path, format!("not valid UTF-8 (first bad byte at offset {offset})"))
    })
}

/// The file, unless a problem leaves it out, and every problem found: with `check_patterns`,
/// the regexes that do not compile, which skip only their rule.
fn parse(path: &Path, text: &str, check_patterns: bool) -> (Option<PolicyFile>, Vec<PolicyError>) {
    let located = |problem: Problem| match problem.span {
        Some(span) => PolicyError::at(Location::of_offset(path, text, span.start), problem.message),
        None => PolicyError::whole_file(path, problem.message),
    };
    match PolicyFile::parse(text) {
        Ok(file) => {
            let skipped = if check_patterns { file.check_patterns() } else { Vec::new() };
            (Some(file), skipped.into_iter().map(|problem| located(problem).rule_skipped()).collect())
        }
        Err(problems) => (None, problems.into_iter().map(located).collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The trust store is looked at only when a project file is in force: with none, a store
    /// that cannot even be `stat`ed (its parent is a device) leaves every call a cache hit,
    /// which no call could be if the store were part of its key.
    #[test]
    fn without_a_project_file_the_trust_store_is_never_looked_at() {
        let dir = crate::scratch::Scratch::new("load-store");
        let repo = dir.join("repo");
        std::fs::create_dir_all(repo.join(".git")).expect("a repository");
        let user = dir.join("config.toml");
        std::fs::write(&user, "[[filter]]\ncommand = \"npm\"\n").expect("the user policy");
        let sources = Sources {
            user: Some(user.clone()),
            project_search_from: Some(repo.clone()),
            cache: Some(dir.join("cache")),
            trust_store: Some(PathBuf::from("/dev/null/trusted-policies")),
            ..Sources::default()
        };
        let hit = |sources: &Sources| {
            load_from(sources);
            load_from(sources).policy.filters.decoded() == 0
        };
        assert!(hit(&sources), "no project file: the broken store is not looked at");
        std::fs::write(repo.join(PROJECT_FILE), "journal = true\n").expect("a project file");
        assert!(!hit(&sources), "a project file: the store is part of the key, and unreadable");
    }
}
