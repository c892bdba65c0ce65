//! A cache of the loaded policy, so that a hook call whose policy files have not changed
//! since the last call skips the TOML parser and the pages of code it would fault in.
//!
//! One file per set of layer paths (so one per project, not one per edit), rewritten
//! atomically on a miss. Its key is everything the merge depends on: the build (a fingerprint
//! of hook-core's sources and `Cargo.lock`, made by `build.rs`: another build may have other
//! built-in rules, another parser or another encoding, while the agent binaries of one build
//! share their entries), the format, each layer's kind, path and [`Stamp`], and when a project
//! layer is among them, the trust store's (which decides how much of that layer applies). A hit then
//! costs one `stat` per policy file and no read of it. Where a stamp alone cannot prove the
//! file unchanged (a change too recent when it was read, see [`Stamp::settled`]), the entry
//! also holds the file's text, and a lookup reads the file and compares; once the stamps have
//! settled, the lookup writes the entry again without the texts.
//!
//! The cache can only save time, never change an answer: a missing, truncated or foreign
//! file, another key or trailing bytes are a miss, and a failure to write is the caller's to
//! ignore. Its directory is in the built-in `deny_write` list (see `GUARD_FILES`), since a
//! crafted entry would replace the policy.

use std::io::{self, ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use serde::{Deserialize, Serialize};

use super::keyed::CacheSource;
use super::stamp::Stamp;
use super::{Layer, LayerKind, Loaded, Location, Policy, PolicyError, Rule, RuleKey, Rules, Trust};
use crate::digest::Digest;

/// Changes whenever the layout of a cache file does. Another build misses anyway (see
/// [`BUILD`]); this guards the first bytes against any other file in the directory.
const FORMAT: u32 = 4;

/// This build's fingerprint (see `build.rs`).
const BUILD: &str = env!("HOOK_CORE_SOURCE");

/// The cached loads of one set of policy files, and the key of the files as they are now.
pub(super) struct Cache<'a> {
    file: PathBuf,
    key: Key<'a>,
}

/// Everything a load depends on besides the code: a cache entry is valid only for a key that
/// [`Key::admits`] the files as they are now.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Key<'a> {
    format: u32,
    #[serde(borrow)]
    build: &'a str,
    #[serde(borrow)]
    layers: Vec<KeyLayer<'a>>,
    /// The trust store, when there is a project layer and the store exists.
    #[serde(borrow)]
    store: Option<KeyLayer<'a>>,
}

/// One policy file that was read, in merge order.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
pub(super) struct KeyLayer<'a> {
    pub(super) kind: LayerKind,
    #[serde(borrow)]
    pub(super) path: &'a Path,
    pub(super) stamp: Stamp,
    /// The text the entry was loaded from, kept only while the stamp could not prove it.
    /// Bytes rather than `str`: decoding them as text would check the UTF-8 of the whole file
    /// again, and equal bytes are the same text.
    #[serde(borrow, serialize_with = "as_maybe_bytes")]
    pub(super) contents: Option<&'a [u8]>,
}

impl<'a> KeyLayer<'a> {
    /// The layer as read at `now`: its text is kept unless its stamp has settled.
    pub(super) fn read(
        kind: LayerKind,
        path: &'a Path,
        stamp: Stamp,
        contents: &'a [u8],
        now: SystemTime,
    ) -> Self {
        let contents = (!stamp.settled(now)).then_some(contents);
        Self { kind, path, stamp, contents }
    }
}

impl Key<'_> {
    /// Whether an entry stored under `self` holds for the files as `now` (stamps only)
    /// describes them, reading the files whose texts `self` kept; `Some(true)` when it
    /// compared texts.
    fn admits(&self, now: &Key<'_>) -> Option<bool> {
        let same = self.format == now.format
            && self.build == now.build
            && self.layers.len() == now.layers.len()
            && self.store.is_some() == now.store.is_some()
            && self.layers.iter().chain(&self.store).zip(now.layers.iter().chain(&now.store)).all(
                |(stored, current)| {
                    stored.kind == current.kind
                        && stored.path == current.path
                        && stored.stamp == current.stamp
                },
            );
        if !same {
            return None;
        }
        let mut compared = false;
        for layer in self.layers.iter().chain(&self.store) {
            if let Some(contents) = layer.contents {
                let (_, text) = super::stamp::read(layer.path).ok()?;
                if !same_bytes(&text, contents) {
                    return None;
                }
                compared = true;
            }
        }
        Some(compared)
    }
}

/// What a cache entry holds after its key. The layers of the load are those of the key: a
/// load with errors is not cached.
#[derive(Serialize, Deserialize)]
#[serde(bound(deserialize = "'de: 'static, 'de: 'a"))]
struct Entry<'a> {
    /// Without its filters, rewrites and tests, and without the file of every rule's [`origins`] (see
    /// [`Location::file`]): that file is one of the key's layers, and writing out its path
    /// once per rule nearly doubled the entry (50 rules: 2.6 KB -> 4.8 KB, one more page to
    /// fault in, 2 K more instructions to decode).
    policy: Policy,
    /// For each of the policy's [`origins`], in order, the index of its file among the layers.
    origin_layers: Vec<u8>,
    /// Each rule on its own, so that a call decodes only those its event can meet.
    filters: Vec<EncodedRule<'a>>,
    rewrites: Vec<EncodedRule<'a>>,
    tests: Vec<EncodedRule<'a>>,
    warnings: Vec<PolicyError>,
    /// Each of the key's layers' [`Trust`], in order.
    trust: Vec<Trust>,
    skipped: Vec<PolicyError>,
}

/// A filter, rewrite or test of a cache entry, not decoded until needed (see [`Rules`]).
#[derive(Serialize, Deserialize)]
#[serde(bound(deserialize = "'de: 'static, 'de: 'a"))]
struct EncodedRule<'a> {
    /// [`Rule::key`].
    key: RuleKey,
    /// The index of the rule's file among the layers.
    layer: u8,
    /// The rule, encoded on its own.
    #[serde(serialize_with = "as_bytes")]
    bytes: &'a [u8],
}

/// Each of `rules`, encoded for an [`EncodedRule`]: its key, the index of its file among
/// `layers` (an error when its file is not one of them) and its bytes.
fn encode_rules<T: Rule + Serialize>(
    rules: &Rules<T>,
    layers: &[KeyLayer<'_>],
) -> io::Result<Vec<(RuleKey, u8, Vec<u8>)>> {
    let encode = |rule: &T| {
        let file = &rule.origin().file;
        let layer = layers.iter().position(|layer| layer.path == &**file)?;
        let bytes = postcard::to_allocvec(rule).ok()?;
        Some((rule.key(), u8::try_from(layer).ok()?, bytes))
    };
    rules.iter().map(encode).collect::<Option<Vec<_>>>().ok_or_else(|| ErrorKind::InvalidInput.into())
}

fn encoded_rules(rules: &[(RuleKey, u8, Vec<u8>)]) -> Vec<EncodedRule<'_>> {
    rules.iter().map(|(key, layer, bytes)| EncodedRule { key: key.clone(), layer: *layer, bytes }).collect()
}

impl<'a> Cache<'a> {
    /// The cache under `dir` for these layer files, in merge order: as found now (without
    /// contents) for a lookup, as read (see [`KeyLayer::read`]) for a store.
    /// `store` is the trust store's, when a project layer is among `layers`.
    pub(super) fn new(dir: &Path, layers: Vec<KeyLayer<'a>>, store: Option<KeyLayer<'a>>) -> Self {
        let name = file_name(&layers);
        Self { file: dir.join(name), key: Key { format: FORMAT, build: BUILD, layers, store } }
    }

    /// The load cached under this key, if there is one and it decodes exactly.
    pub(super) fn get(&self) -> Option<Loaded> {
        let (_, bytes) = super::stamp::read(&self.file).ok()?;
        let (key, rest) = postcard::take_from_bytes::<Key<'_>>(&bytes).ok()?;
        let compared_texts = key.admits(&self.key)?;
        let key_len = bytes.len() - rest.len();
        // The policy's texts are borrowed from these bytes (see `cached_text`), so they stay
        // for the rest of the process: a hook call ends right after its answer, and the one other
        // command that loads through the cache, `explain`, loads once.
        let bytes: &'static [u8] = Vec::leak(bytes);
        let (mut entry, rest) = postcard::take_from_bytes::<Entry<'static>>(&bytes[key_len..]).ok()?;
        if !rest.is_empty() {
            return None;
        }
        let files: Vec<Arc<Path>> = self.key.layers.iter().map(|layer| layer.path.into()).collect();
        let mut indices = entry.origin_layers.iter();
        for origin in origins(&mut entry.policy) {
            origin.file = Arc::clone(files.get(usize::from(*indices.next()?))?);
        }
        if indices.next().is_some() {
            return None;
        }
        let source = Arc::new(CacheSource { entry: self.file.clone(), files });
        fn rules(encoded: Vec<EncodedRule<'static>>) -> impl Iterator<Item = (RuleKey, u8, &'static [u8])> {
            encoded.into_iter().map(|rule| (rule.key, rule.layer, rule.bytes))
        }
        entry.policy.filters = Rules::encoded(Arc::clone(&source), rules(entry.filters));
        entry.policy.rewrites = Rules::encoded(Arc::clone(&source), rules(entry.rewrites));
        entry.policy.tests = Rules::encoded(source, rules(entry.tests));
        if entry.trust.len() != self.key.layers.len() {
            return None;
        }
        let built_in = Layer { kind: LayerKind::BuiltIn, path: None, trust: Trust::Own };
        let files = self.key.layers.iter().zip(entry.trust).map(|(layer, trust)| Layer {
            kind: layer.kind,
            path: Some(layer.path.into()),
            trust,
        });
        let layers = std::iter::once(built_in).chain(files).collect();
        let loaded = Loaded {
            policy: entry.policy,
            layers,
            errors: Vec::new(),
            warnings: entry.warnings,
            skipped: entry.skipped,
        };
        if compared_texts {
            self.settle(&loaded);
        }
        Some(loaded)
    }

    /// Once every file's stamp has settled, store `loaded` again under the stamps alone, so
    /// that later lookups read no policy file.
    #[cold]
    #[inline(never)]
    fn settle(&self, loaded: &Loaded) {
        let now = crate::clock::now();
        if self.key.layers.iter().chain(&self.key.store).all(|layer| layer.stamp.settled(now)) {
            // Best effort, as every write of the cache.
            let _ = self.put(loaded);
        }
    }

    /// Keep `loaded`, the load of this key's files, under this key, replacing the previous
    /// entry for these paths; a load with errors is refused, so that each call reports them.
    /// Written to a temporary file first, so that a concurrent hook call reads either the old
    /// entry or the new one, never half of one.
    #[cold]
    #[inline(never)]
    pub(super) fn put(&self, loaded: &Loaded) -> io::Result<()> {
        if !loaded.errors.is_empty() {
            return Err(ErrorKind::InvalidInput.into());
        }
        let mut policy = loaded.policy.clone();
        let layers = &self.key.layers;
        let filters = encode_rules(&policy.filters, layers)?;
        let rewrites = encode_rules(&policy.rewrites, layers)?;
        let tests = encode_rules(&policy.tests, layers)?;
        let origin_layers = origins(&mut policy)
            .map(|origin| {
                let index = self.key.layers.iter().position(|layer| layer.path == &*origin.file)?;
                u8::try_from(index).ok()
            })
            .collect::<Option<Vec<u8>>>()
            .ok_or(ErrorKind::InvalidInput)?;
        let entry = Entry {
            policy,
            origin_layers,
            filters: encoded_rules(&filters),
            rewrites: encoded_rules(&rewrites),
            tests: encoded_rules(&tests),
            warnings: loaded.warnings.clone(),
            trust: loaded.layers.iter().skip(1).map(|layer| layer.trust.clone()).collect(),
            skipped: loaded.skipped.clone(),
        };
        let mut bytes = postcard::to_allocvec(&self.key).map_err(invalid)?;
        bytes = postcard::to_extend(&entry, bytes).map_err(invalid)?;
        let dir = self.file.parent().ok_or(ErrorKind::InvalidInput)?;
        std::fs::create_dir_all(dir)?;
        let name = self.file.file_name().ok_or(ErrorKind::InvalidInput)?.to_string_lossy();
        let temporary = dir.join(format!(".{name}.{}.tmp", std::process::id()));
        let written = std::fs::File::create(&temporary)
            .and_then(|mut file| file.write_all(&bytes))
            .and_then(|()| std::fs::rename(&temporary, &self.file));
        if written.is_err() {
            // Best effort: a leftover would only take space.
            let _ = std::fs::remove_file(&temporary);
        }
        collect_stale(dir, SystemTime::now());
        written
    }
}

/// How long an entry nobody rewrote is kept: a project that was deleted or moved leaves its
/// entry behind, and the directory would only grow.
const STALE_AFTER: Duration = Duration::from_secs(30 * 24 * 60 * 60);

/// Remove the entries (and leftover temporary files) of `dir` not written for
/// [`STALE_AFTER`]. Runs on a miss only, after the entry was written: a hit pays nothing. An
/// entry still in use that goes is written again by its next call.
fn collect_stale(dir: &Path, now: SystemTime) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let ours = name.starts_with("policy-") && name.ends_with(".bin")
            || name.starts_with(".policy-") && name.ends_with(".tmp");
        let age = entry.metadata().and_then(|m| m.modified()).ok().and_then(|at| now.duration_since(at).ok());
        if ours && age.is_some_and(|age| age > STALE_AFTER) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Where each located rule of `policy` that the entry keeps inside the policy comes from (the
/// stop gates: filters, rewrites and tests are kept one by one, each with its layer).
fn origins(policy: &mut Policy) -> impl Iterator<Item = &mut Location> {
    policy.stops.iter_mut().map(|stop| &mut stop.origin)
}

/// The entry's file name: a digest of the layers' kinds and paths, not of their texts, so that
/// an edit replaces the project's entry instead of adding one.
fn file_name(layers: &[KeyLayer<'_>]) -> String {
    let mut digest = Digest::default();
    for layer in layers {
        digest.bytes(&[layer.kind as u8]);
        digest.bytes(layer.path.as_os_str().as_encoded_bytes());
        digest.bytes(&[0]);
    }
    let mut name = String::with_capacity(27);
    name.push_str("policy-");
    name.push_str(&digest.hex());
    name.push_str(".bin");
    name
}

/// Whether `a` and `b` are equal. musl's `memcmp`, which `==` calls, goes a byte at a time;
/// this loop, without an early exit, compiles to wide compares.
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0, |differ, (x, y)| differ | (x ^ y)) == 0
}

/// Serde writes a `&[u8]` as a sequence of numbers; this writes it as bytes, which is what
/// the borrowing `&[u8]` decoder reads.
fn as_bytes<S: serde::Serializer>(bytes: &&[u8], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_bytes(bytes)
}

/// [`as_bytes`] for text that may be absent.
fn as_maybe_bytes<S: serde::Serializer>(bytes: &Option<&[u8]>, serializer: S) -> Result<S::Ok, S::Error> {
    struct Bytes<'a>(&'a [u8]);

    impl Serialize for Bytes<'_> {
        fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.serialize_bytes(self.0)
        }
    }

    match bytes {
        Some(bytes) => serializer.serialize_some(&Bytes(bytes)),
        None => serializer.serialize_none(),
    }
}

fn invalid(error: postcard::Error) -> io::Error {
    io::Error::new(ErrorKind::InvalidData, error)
}

#[cfg(test)]
mod tests {
    use std::fs;
    use std::path::PathBuf;

    use super::*;

    #[test]
    fn entries_nobody_rewrote_for_a_month_are_collected() {
        let dir = crate::scratch::Scratch::new("cache-collect");
        let now = SystemTime::now();
        let old = now - STALE_AFTER - Duration::from_secs(60);
        for (name, modified) in [
            ("policy-0000000000000001.bin", old),
            (".policy-0000000000000002.bin.7.tmp", old),
            ("policy-0000000000000003.bin", now),
            ("notes.txt", old),
        ] {
            let file = fs::File::create(dir.join(name)).unwrap();
            file.set_modified(modified).unwrap();
        }
        collect_stale(&dir, now);
        let mut left: Vec<String> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, ["notes.txt", "policy-0000000000000003.bin"]);
    }
    use crate::policy::{FilterMatch, Sources, load_from};

    /// A filter and a rewrite (whose origins the entry stores as layer indices), and a
    /// `locked` outside the system layer, which loads with a warning.
    const POLICY: &str = "[[filter]]\ncommand = \"npm\"\nmessage = \"use pnpm\"\nlocked = true\n\
                          [[rewrite]]\ncommand = \"git\"\nprefix = \"rtk\"\n";

    /// A policy file and a cache directory of their own, removed when dropped.
    struct Scratch {
        root: crate::scratch::Scratch,
    }

    impl Scratch {
        fn new(name: &str) -> Self {
            Self { root: crate::scratch::Scratch::new(&format!("cache-{name}")) }
        }

        fn policy(&self) -> PathBuf {
            self.root.join("policy.toml")
        }

        fn cache(&self) -> PathBuf {
            self.root.join("cache")
        }

        fn write(&self, text: &str) {
            fs::write(self.policy(), text).unwrap();
        }

        fn sources(&self) -> Sources {
            Sources { explicit: Some(self.policy()), cache: Some(self.cache()), ..Sources::default() }
        }

        fn load(&self) -> Loaded {
            load_from(&self.sources())
        }

        /// The files in the cache directory.
        fn entries(&self) -> Vec<PathBuf> {
            let Ok(dir) = fs::read_dir(self.cache()) else { return Vec::new() };
            dir.map(|entry| entry.unwrap().path()).collect()
        }

        fn entry(&self) -> PathBuf {
            let entries = self.entries();
            assert_eq!(entries.len(), 1, "{entries:?}");
            entries[0].clone()
        }

        /// Store `loaded` under the key of the policy file as read now, as `change` leaves it.
        fn put(&self, loaded: &Loaded, change: impl FnOnce(&mut Key<'_>)) {
            self.put_read_at(&self.policy(), crate::clock::now(), loaded, change);
        }

        /// Store `loaded` under the key of `path` as read at `now`, as `change` leaves it.
        fn put_read_at(
            &self,
            path: &Path,
            now: SystemTime,
            loaded: &Loaded,
            change: impl FnOnce(&mut Key<'_>),
        ) {
            let (stamp, contents) = crate::policy::stamp::read(path).unwrap();
            let layer = KeyLayer::read(LayerKind::Explicit, path, stamp, &contents, now);
            let mut cache = Cache::new(&self.cache(), vec![layer], None);
            change(&mut cache.key);
            cache.put(loaded).unwrap();
        }
    }

    /// `loaded` with its first filter's message replaced: a load that answers with that
    /// message came from the cache.
    fn planted(loaded: &Loaded) -> Loaded {
        let mut planted = loaded.clone();
        planted.policy.filters[0].message = Some("from the cache".into());
        planted
    }

    fn message(loaded: &Loaded) -> Option<&str> {
        loaded.policy.filters.get(0)?.message.as_deref()
    }

    #[test]
    fn an_unchanged_policy_is_answered_from_the_cache() {
        let scratch = Scratch::new("hit");
        scratch.write(POLICY);
        let parsed = scratch.load();
        assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
        assert_eq!(parsed.warnings.len(), 1, "{:?}", parsed.warnings);
        scratch.entry();
        let cached = scratch.load();
        assert_eq!(cached.policy, parsed.policy);
        assert_eq!((&cached.layers, &cached.warnings), (&parsed.layers, &parsed.warnings));
        assert_eq!(&*cached.policy.rewrites[0].origin.file, scratch.policy().as_path());

        scratch.put(&planted(&parsed), |_| {});
        assert_eq!(message(&scratch.load()), Some("from the cache"));
    }

    #[test]
    fn an_edit_is_seen_even_with_the_same_size_and_time() {
        let scratch = Scratch::new("edit");
        scratch.write("[[filter]]\ncommand = \"npm\"\n");
        let modified = fs::metadata(scratch.policy()).unwrap().modified().unwrap();
        assert!(scratch.load().errors.is_empty());
        scratch.write("[[filter]]\ncommand = \"pip\"\n");
        fs::File::options().write(true).open(scratch.policy()).unwrap().set_modified(modified).unwrap();
        assert_eq!(fs::metadata(scratch.policy()).unwrap().modified().unwrap(), modified);

        let edited = scratch.load();
        assert_eq!(
            edited.policy.filters[0].matcher,
            FilterMatch::Command { name: "pip".into(), args: vec![] }
        );
        // The entry of these paths was replaced, not joined by a second one.
        scratch.entry();
    }

    /// A time long after any file of the test was written: every stamp has settled.
    fn much_later() -> SystemTime {
        crate::clock::now() + std::time::Duration::from_secs(3600)
    }

    fn contains(haystack: &[u8], needle: &str) -> bool {
        haystack.windows(needle.len()).any(|window| window == needle.as_bytes())
    }

    #[test]
    fn a_settled_file_is_known_by_its_stamp_alone() {
        let scratch = Scratch::new("settled");
        scratch.write(POLICY);
        let planted = planted(&scratch.load());
        // TOML syntax: only the kept text of the file has it, not the encoded rules.
        assert!(
            contains(&fs::read(scratch.entry()).unwrap(), "command = \"npm\""),
            "a fresh file keeps its text"
        );

        scratch.put_read_at(&scratch.policy(), much_later(), &planted, |_| {});
        let entry = fs::read(scratch.entry()).unwrap();
        assert!(!contains(&entry, "command = \"npm\""), "no text is kept for a settled file");
        assert_eq!(message(&scratch.load()), Some("from the cache"));
    }

    #[test]
    fn a_fresh_file_is_also_compared_by_its_text() {
        let scratch = Scratch::new("fresh");
        scratch.write(POLICY);
        let planted = planted(&scratch.load());
        // The stamp matches, as it would after a same-size edit within one tick of the
        // filesystem's clock; only the kept text tells the files apart.
        scratch.put(&planted, |key| key.layers[0].contents = Some(b"[[filter]]\ncommand = \"pip\"\n"));
        assert_eq!(message(&scratch.load()), Some("use pnpm"));
        scratch.put(&planted, |_| {});
        assert_eq!(message(&scratch.load()), Some("from the cache"));
    }

    #[test]
    fn another_stamp_misses() {
        let scratch = Scratch::new("stamp");
        scratch.write(POLICY);
        let planted = planted(&scratch.load());
        let other = Stamp::of(&fs::metadata(&scratch.root).unwrap());
        scratch.put_read_at(&scratch.policy(), much_later(), &planted, |key| key.layers[0].stamp = other);
        assert_eq!(message(&scratch.load()), Some("use pnpm"));
    }

    #[test]
    fn an_entry_with_texts_is_stored_again_without_them_once_the_files_settle() {
        // A file of the source tree: written when it was checked out, well before this test
        // was built, so its stamp has settled.
        let starter = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src/policy/starter.toml"));
        let stamp = Stamp::of(&fs::metadata(starter).unwrap());
        assert!(stamp.settled(crate::clock::now()), "{} changed in the last seconds", starter.display());
        let scratch = Scratch::new("heal");
        let sources = Sources {
            explicit: Some(starter.to_path_buf()),
            cache: Some(scratch.cache()),
            ..Sources::default()
        };
        let mut loaded = load_from(&sources);
        assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
        loaded.policy.tests[0].rule = Some("from the cache".into());
        // As stored by a call that read the file just after it was written.
        scratch.put_read_at(starter, SystemTime::UNIX_EPOCH, &loaded, |_| {});
        assert!(contains(&fs::read(scratch.entry()).unwrap(), "[[test]]"));

        for _ in 0..2 {
            assert_eq!(load_from(&sources).policy.tests[0].rule.as_deref(), Some("from the cache"));
            assert!(!contains(&fs::read(scratch.entry()).unwrap(), "[[test]]"));
        }
    }

    #[test]
    fn entry_names_are_the_hash_in_sixteen_hex_digits() {
        // No layers: the FNV-1a offset basis itself.
        assert_eq!(file_name(&[]), "policy-cbf29ce484222325.bin");
        let stamp = Stamp::of(&fs::metadata(env!("CARGO_MANIFEST_DIR")).unwrap());
        let layer = |path| KeyLayer { kind: LayerKind::User, path: Path::new(path), stamp, contents: None };
        let name = file_name(&[layer("/a.toml")]);
        assert!(name.len() == 27 && name.starts_with("policy-") && name.ends_with(".bin"), "{name}");
        assert_ne!(name, file_name(&[layer("/b.toml")]));
    }

    #[test]
    fn a_rule_that_no_longer_decodes_blocks_its_commands_once_and_the_entry_is_removed() {
        use crate::decide::decide_shell;
        use crate::shell::Dialect;
        use crate::verdict::Decision;

        let scratch = Scratch::new("damaged-rule");
        scratch.write(POLICY);
        let parsed = scratch.load();
        let file = scratch.entry();
        // The stored key, then an entry whose one filter, on `npm`, is bytes of nothing.
        let stored = fs::read(&file).unwrap();
        let (key, _) = postcard::take_from_bytes::<Key<'_>>(&stored).unwrap();
        let garbage = EncodedRule { key: RuleKey::Name("npm".into()), layer: 0, bytes: &[0xff; 3] };
        let entry = Entry {
            policy: parsed.policy.clone(),
            origin_layers: Vec::new(),
            filters: vec![garbage],
            rewrites: Vec::new(),
            tests: Vec::new(),
            warnings: Vec::new(),
            trust: vec![Trust::Own],
            skipped: Vec::new(),
        };
        let damaged = postcard::to_extend(&entry, postcard::to_allocvec(&key).unwrap()).unwrap();
        fs::write(&file, damaged).unwrap();

        let cached = scratch.load().policy;
        assert_eq!(cached.filters.decoded(), 0, "answered from the damaged entry");
        let decided =
            |line: &str| decide_shell(line, Dialect::Posix, &cached, &crate::rules::testing::ctx()).verdict;
        assert_eq!(decided("yarn test").label(), "allow", "the rule could not have matched");
        assert!(file.exists());
        let verdict = decided("sudo npm test");
        assert_eq!(verdict.rule(), Some("filter.policy-cache-damaged"), "{verdict:?}");
        let Decision::Deny { reason, .. } = &verdict.decision else { panic!("{verdict:?}") };
        assert!(reason.contains("policy cache"), "{reason}");
        assert!(!file.exists(), "the damaged entry is gone");
        assert_eq!(message(&scratch.load()), Some("use pnpm"));
    }

    #[test]
    fn policy_tests_stay_encoded_until_read() {
        let scratch = Scratch::new("tests");
        scratch.write("[[test]]\ncommand = \"git status\"\nexpect = \"allow\"\n[[test]]\ncommand = \"rm -rf ~\"\nexpect = \"deny\"\n");
        let parsed = scratch.load();
        let cached = scratch.load();
        assert_eq!((cached.policy.tests.len(), cached.policy.tests.decoded()), (2, 0));
        assert_eq!(cached.policy.tests[1].input, crate::policy::TestInput::Command("rm -rf ~".into()));
        assert_eq!(cached.policy, parsed.policy);
        assert_eq!(cached.policy.tests.decoded(), 2);
    }

    #[test]
    fn a_damaged_entry_is_parsed_again_and_rewritten() {
        let scratch = Scratch::new("damaged");
        scratch.write(POLICY);
        let parsed = scratch.load();
        let entry = scratch.entry();
        let good = fs::read(&entry).unwrap();
        scratch.put(&planted(&parsed), |_| {});
        let planted = fs::read(&entry).unwrap();
        let truncated = planted[..planted.len() / 2].to_vec();
        let trailing = [planted.as_slice(), b"\0"].concat();
        for damaged in [truncated, trailing, b"not a cache entry".to_vec(), Vec::new()] {
            fs::write(&entry, &damaged).unwrap();
            let loaded = scratch.load();
            assert_eq!(loaded.policy, parsed.policy, "{damaged:?}");
            assert_eq!(fs::read(&entry).unwrap(), good, "{damaged:?}");
        }
    }

    #[test]
    fn another_build_or_format_misses() {
        let scratch = Scratch::new("build");
        scratch.write(POLICY);
        let planted = planted(&scratch.load());
        scratch.put(&planted, |key| key.build = "another build");
        assert_eq!(message(&scratch.load()), Some("use pnpm"));
        scratch.put(&planted, |key| key.format += 1);
        assert_eq!(message(&scratch.load()), Some("use pnpm"));
        scratch.put(&planted, |_| {});
        assert_eq!(message(&scratch.load()), Some("from the cache"));
    }

    #[test]
    fn a_policy_with_errors_is_reported_every_time_and_not_cached() {
        let scratch = Scratch::new("errors");
        scratch.write("[[filter]]\ncommand = \"npm\"\nbogus = 1\n");
        for _ in 0..2 {
            let loaded = scratch.load();
            let errors: Vec<(Option<usize>, Option<usize>)> =
                loaded.errors.iter().map(|error| (error.line, error.column)).collect();
            assert_eq!(errors, [(Some(3), Some(1))], "{:?}", loaded.errors);
            assert!(loaded.policy.filters.is_empty());
        }
        assert!(scratch.entries().is_empty());
        // Nor is a cached load of the file before it broke used.
        scratch.write(POLICY);
        assert!(scratch.load().errors.is_empty());
        scratch.write("[[filter]]\ncommand = \"npm\"\nbogus = 1\n");
        assert_eq!(scratch.load().errors.len(), 1);
    }

    #[test]
    fn pattern_checks_always_parse() {
        let scratch = Scratch::new("checked");
        scratch.write("[[filter]]\npattern = \"(\"\n");
        assert!(scratch.load().errors.is_empty(), "the hot path leaves regexes to the decision");
        scratch.entry();
        let checked = load_from(&Sources { check_patterns: true, ..scratch.sources() });
        assert_eq!(checked.errors.len(), 1, "{:?}", checked.errors);
    }

    #[test]
    fn a_cache_that_cannot_be_written_changes_nothing() {
        let scratch = Scratch::new("unwritable");
        scratch.write(POLICY);
        // A file where the directory should be stops even root from writing there.
        fs::write(scratch.cache(), "not a directory").unwrap();
        for _ in 0..2 {
            let loaded = scratch.load();
            assert!(loaded.errors.is_empty());
            assert_eq!(message(&loaded), Some("use pnpm"));
        }
        assert_eq!(fs::read_to_string(scratch.cache()).unwrap(), "not a directory");
    }

    #[test]
    fn the_built_in_policy_alone_is_not_cached() {
        let scratch = Scratch::new("built-in");
        let loaded = load_from(&Sources {
            system: Some(scratch.root.join("missing.toml")),
            cache: Some(scratch.cache()),
            ..Sources::default()
        });
        assert_eq!(loaded.layers.len(), 1);
        assert!(!scratch.cache().exists());
    }
}
