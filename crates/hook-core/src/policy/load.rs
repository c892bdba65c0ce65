//! Finding the policy files of every layer, reading them, and merging what loaded.
//!
//! This runs on every hook call, so it touches only the few files it needs: up to four small
//! reads, plus one `.agent-hooks.toml` and one `.git` existence check per ancestor of the
//! event's cwd, and when any policy file exists, one read of the policy cache, which spares
//! the parse of files unchanged since the last call. It compiles no regex unless asked to
//! (see [`load_checked`]).

use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use super::cache::Cache;
use super::merge::{Merger, Source};
use super::schema::PolicyFile;
use super::{Layer, LayerKind, Loaded, Location, PROJECT_FILE, Policy, PolicyError};
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
    // Every file is read before any is parsed: the cache is keyed on their contents.
    let read: Vec<LayerFile> = files
        .into_iter()
        .filter_map(|(kind, path)| {
            let path = path?;
            let bytes = read(&path, kind == LayerKind::Explicit).transpose()?;
            Some(LayerFile { kind, path, bytes })
        })
        .collect();
    if read.is_empty() {
        return built_in();
    }
    let cache =
        sources.cache.as_deref().filter(|_| !sources.check_patterns).and_then(|dir| cache_for(dir, &read));
    if let Some(loaded) = cache.as_ref().and_then(Cache::get) {
        return loaded;
    }
    let loaded = merge(&read, sources.check_patterns);
    if let Some(cache) = cache {
        // The cache only saves time: a hook must not fail, nor say anything, because its
        // cache directory is read-only or full (or because the load had errors, which are
        // not cached).
        let _ = cache.put(&loaded);
    }
    loaded
}

/// One policy file that exists, with its contents or why it could not be read. The contents
/// are checked to be UTF-8 only when parsed: a cache hit proves they were.
struct LayerFile {
    kind: LayerKind,
    path: PathBuf,
    bytes: Result<Vec<u8>, PolicyError>,
}

/// The cache entry for `files`, when there is something to cache: a built-in-only load
/// parses nothing, and a load with an unreadable file is not cached.
fn cache_for<'a>(dir: &Path, files: &'a [LayerFile]) -> Option<Cache<'a>> {
    let layers: Vec<(LayerKind, &Path, &[u8])> = files
        .iter()
        .map(|file| file.bytes.as_deref().ok().map(|bytes| (file.kind, file.path.as_path(), bytes)))
        .collect::<Option<_>>()?;
    if layers.is_empty() {
        return None;
    }
    Some(Cache::new(dir, layers))
}

/// The load when no policy file exists: the built-in policy alone.
fn built_in() -> Loaded {
    let layers = vec![Layer { kind: LayerKind::BuiltIn, path: None }];
    Loaded { policy: Policy::default(), layers, errors: Vec::new(), warnings: Vec::new() }
}

/// Parse `files` and merge them, in order, over the built-in policy. Out of line and cold:
/// the calls that need it are the first after an edit, and its code (the TOML parser and the
/// merge) would otherwise sit among the code every call runs.
#[cold]
#[inline(never)]
fn merge(files: &[LayerFile], check_patterns: bool) -> Loaded {
    let mut merger = Merger::new();
    let mut layers = vec![Layer { kind: LayerKind::BuiltIn, path: None }];
    let mut errors = Vec::new();
    for file in files {
        let parsed = file.bytes.as_ref().map_err(Clone::clone).and_then(|bytes| {
            let text = text(&file.path, bytes)?;
            Ok((text, parse(&file.path, text, check_patterns)?))
        });
        match parsed {
            Ok((text, parsed)) => {
                merger.apply(&Source::new(file.kind, &file.path, text), &parsed);
                layers.push(Layer { kind: file.kind, path: Some(file.path.clone()) });
            }
            Err(error) => errors.push(error),
        }
    }
    let (policy, warnings) = merger.finish();
    Loaded { policy, layers, errors, warnings }
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

/// The contents of a policy file; `Ok(None)` when it does not exist and is not `required`.
fn read(path: &Path, required: bool) -> Result<Option<Vec<u8>>, PolicyError> {
    match read_file(path) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(e) if e.kind() == ErrorKind::NotFound && !required => Ok(None),
        Err(e) => Err(PolicyError::whole_file(path, format!("cannot read the policy file: {e}"))),
    }
}

/// The whole file at `path`, read up to the size it has when opened. `std::fs::read` makes
/// one more `read` to be sure the file ended; a file being written at that moment is read
/// half-written either way.
pub(super) fn read_file(path: &Path) -> std::io::Result<Vec<u8>> {
    use std::io::Read;

    let file = std::fs::File::open(path)?;
    let len = file.metadata()?.len();
    let mut bytes = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
    file.take(len).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// The contents of the policy file at `path` as text.
fn text<'a>(path: &Path, bytes: &'a [u8]) -> Result<&'a str, PolicyError> {
    std::str::from_utf8(bytes).map_err(|e| {
        let offset = e.valid_up_to();
        PolicyError::whole_file(path, format!("not valid UTF-8 (first bad byte at offset {offset})"))
    })
}

fn parse(path: &Path, text: &str, check_patterns: bool) -> Result<PolicyFile, PolicyError> {
    let file = PolicyFile::parse(text);
    let checked = match file {
        Ok(file) if check_patterns => file.check_patterns().map(|()| file),
        other => other,
    };
    checked.map_err(|problem| match problem.span {
        Some(span) => PolicyError::at(Location::of_offset(path, text, span.start), problem.message),
        None => PolicyError::whole_file(path, problem.message),
    })
}
