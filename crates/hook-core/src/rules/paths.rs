//! Where a target path word points, judged lexically against the project, home and temp dirs.
//!
//! `..` is resolved on the text. The one look at the file system is [`through_links`]: a
//! target inside the project or a temp dir whose way passes a symbolic link that leads out
//! (`homelink/` with `homelink` -> `~`) is judged where the link leads. A word with a run-time part is only resolved when that part is a well-known
//! location (`~`, `$HOME`, `$TMPDIR`, `$PWD`, their PowerShell and cmd.exe spellings);
//! anything else is [`Place::Unknown`].

use std::path::Path;

use crate::project::Context;
use crate::shell::Word;

/// The kind of place a path is, from the most to the least dangerous to delete.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Place {
    /// `/` or a drive root such as `C:\`.
    Root,
    /// The home directory or one of its ancestors (`/home`).
    Home,
    /// An operating-system directory or something inside it (`/etc`, `/usr/bin`, `C:\Windows`).
    System,
    /// Elsewhere outside the project and temp dirs (another project in home, `/data/x`).
    Outside,
    /// A run-time value that cannot be resolved from the line.
    Unknown,
    /// The project root itself (`.`, `*` in the root, the root's absolute path).
    ProjectRoot,
    /// A temp dir itself (`/tmp`).
    TempRoot,
    /// Something strictly inside a temp dir.
    Temp,
    /// Something strictly inside the project.
    Project,
}

impl Place {
    /// Outside the project and temp dirs, or unknowable.
    pub fn is_foreign(self) -> bool {
        matches!(self, Place::Root | Place::Home | Place::System | Place::Outside | Place::Unknown)
    }

    /// What deleting this place means, for messages.
    pub fn describe(self) -> &'static str {
        match self {
            Place::Root => "the whole file system",
            Place::Home => "your home directory",
            Place::System => "operating-system files",
            Place::Outside => "files outside the project",
            Place::Unknown => "a path that is only known at run time",
            Place::ProjectRoot => "the whole project",
            Place::TempRoot => "a whole temp directory",
            Place::Temp => "files in a temp directory",
            Place::Project => "files inside the project",
        }
    }
}

/// Top-level directories of the operating system (compared without case).
const SYSTEM_DIRS: &[&str] = &[
    "bin",
    "boot",
    "dev",
    "etc",
    "home",
    "lib",
    "lib32",
    "lib64",
    "libx32",
    "media",
    "mnt",
    "nix",
    "opt",
    "proc",
    "root",
    "run",
    "sbin",
    "snap",
    "srv",
    "sys",
    "usr",
    "var",
    "applications",
    "library",
    "private",
    "system",
    "users",
    "volumes",
    "cores",
    "windows",
    "program files",
    "program files (x86)",
    "programdata",
];

/// Run-time spellings of the home directory, matched at the start of a word (without case
/// for the PowerShell and cmd.exe forms).
const HOME_VARS: &[&str] = &[
    "$HOME",
    "${HOME}",
    "${HOME:?}",
    "$env:HOME",
    "$env:USERPROFILE",
    "%USERPROFILE%",
    "%HOMEDRIVE%%HOMEPATH%",
];
const TEMP_VARS: &[&str] = &[
    "$TMPDIR",
    "${TMPDIR}",
    "${TMPDIR:?}",
    "${TMPDIR:-/tmp}",
    "$TMP",
    "${TMP}",
    "$TEMP",
    "${TEMP}",
    "$env:TEMP",
    "$env:TMP",
    "%TEMP%",
    "%TMP%",
];
/// Substitutions that print a path `mktemp` has just created in a temp dir (with no `-p` or
/// template pointing elsewhere); `tmp=$(mktemp -d)` makes `$tmp` read as one too.
const FRESH_TEMP: &[&str] = &["$(mktemp)", "$(mktemp -d)", "`mktemp`", "`mktemp -d`"];
const CWD_VARS: &[&str] = &["$PWD", "${PWD}", "$(pwd)", "`pwd`", "%CD%"];
const SYSTEM_VARS: &[&str] =
    &["%SystemRoot%", "%windir%", "$env:SystemRoot", "$env:windir", "%ProgramFiles%", "$env:ProgramFiles"];
const DRIVE_VARS: &[&str] = &["%SystemDrive%", "$env:SystemDrive"];

/// Classify a target word. `wildcards` says whether `*` and `?` in the word are expanded
/// (an unquoted shell glob, or a Windows tool that expands patterns itself).
pub(crate) fn classify(word: &Word, ctx: &Context, wildcards: bool) -> Place {
    let text = word.text.as_str();
    if text.starts_with("\\\\") {
        // UNC shares and device paths (`\\server\share`, `\\.\PhysicalDrive0`).
        return Place::Outside;
    }
    let Some((anchor, rest)) = anchor(word) else {
        return Place::Unknown;
    };
    if word.dynamic && rest.contains(['$', '`']) || has_percent_var(rest) {
        return Place::Unknown;
    }
    // `rm -rf` of a sibling from a project kept in a temp dir (`/tmp/work/app`): a tree
    // reached by climbing out of the project is another of the user's, not scratch space.
    let climbs_out = matches!(anchor, Anchor::Cwd) && rest.contains("..");
    let base = match anchor {
        Anchor::Cwd if !ctx.cwd_known => return Place::Unknown,
        Anchor::Cwd => Lexical::from_path(&ctx.cwd),
        Anchor::Home => match &ctx.home {
            Some(home) => Lexical::from_path(home),
            None => return if is_empty_path(rest) { Place::Home } else { Place::Outside },
        },
        Anchor::OtherHome(user) => match ctx.home.as_deref().and_then(Path::parent) {
            Some(homes) => Lexical::from_path(homes).join(user),
            None => return Place::Outside,
        },
        Anchor::Temp => return classify_in_temp(rest, wildcards),
        // One level below a temp dir: `rm -rf "$(mktemp -d)"` is a delete in a temp dir, and
        // `$(mktemp -d)/..` climbs back to the temp dir itself.
        Anchor::FreshTemp => return classify_in_temp(&format!("mktemp{rest}"), wildcards),
        Anchor::System => return Place::System,
        Anchor::Root(drive) => Lexical { drive, parts: Vec::new() },
    };
    let place = place_of(&base.joined(rest, wildcards).lexical, ctx);
    if place == Place::Temp
        && climbs_out
        && matches!(place_of(&Lexical::from_path(&ctx.cwd), ctx), Place::Project | Place::ProjectRoot)
    {
        return Place::Outside;
    }
    place
}

/// Where `word` really points when the way to it, from inside the project or a temp dir, passes
/// a symbolic link that leads out of the project (`rm -rf homelink/`, `rm -rf homelink/*`,
/// `rm -rf cachedir/x` with `homelink` -> `~`, `cachedir` -> `~/.aws`): that place as a literal
/// word, for a pack to judge instead. Every directory on the way is followed; the last name only
/// when `follow_last` (a program that acts on what a link points at: `chmod`, a bind mount), a
/// `/` ends the word or a wildcard stands for the whole directory. `None` when the word is not in
/// the project or a temp dir, or nothing on its way leads out; only such a word costs the look-up.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
pub(crate) fn through_links(word: &Word, ctx: &Context, follow_last: bool) -> Option<Word> {
    let (anchor, rest) = anchor(word)?;
    if word.dynamic && rest.contains(['$', '`']) || has_percent_var(rest) {
        return None;
    }
    let base = match anchor {
        Anchor::Cwd if ctx.cwd_known => Lexical::from_path(&ctx.cwd),
        Anchor::Root(None) => Lexical { drive: None, parts: Vec::new() },
        _ => return None,
    };
    let joined = base.joined(rest, word.glob);
    if joined.climbed || !matches!(place_of(&joined.lexical, ctx), Place::Project | Place::Temp) {
        return None;
    }
    let lexical = joined.lexical;
    // A wildcard in a directory on the way names no one directory to look at.
    let last = lexical.parts.len().saturating_sub(1);
    if word.glob && lexical.parts[..last].iter().any(|part| part.contains(['*', '?', '['])) {
        return None;
    }
    let path: std::path::PathBuf =
        std::iter::once("/").chain(lexical.parts.iter().map(String::as_str)).collect();
    let wildcard_last = word.glob && lexical.parts.last().is_some_and(|part| part.contains(['*', '?', '[']));
    let follow = !wildcard_last && (follow_last || joined.whole_dir || rest.ends_with(['/', '\\']));
    let real = real_path(&path, follow)?;
    let real = relocated(real, ctx);
    if real == path || real.starts_with(&ctx.project_root) {
        return None;
    }
    let mut text = real.to_string_lossy().into_owned();
    if joined.whole_dir || rest.ends_with(['/', '\\']) {
        text.push('/');
    }
    if joined.whole_dir {
        text.push_str(rest.trim_end_matches(['/', '\\']).rsplit(['/', '\\']).next().unwrap_or("*"));
    }
    Some(Word { raw: text.clone(), text, dynamic: false, glob: word.glob })
}

/// Where `path` really is, links resolved: the path itself when `follow_last` and it exists,
/// else its directory's real path with its name (a link itself, or a file about to be created
/// in a linked directory). `None` when neither exists.
pub(crate) fn real_path(path: &Path, follow_last: bool) -> Option<std::path::PathBuf> {
    if own_descriptor(path) {
        return None;
    }
    follow_last.then(|| std::fs::canonicalize(path).ok()).flatten().or_else(|| {
        let parent = std::fs::canonicalize(path.parent()?).ok()?;
        Some(parent.join(path.file_name()?))
    })
}

/// `/dev/fd/3`, `/proc/self/fd/3`, `/dev/stdin`: resolved here, they would name what the
/// hook's own process holds open, not what the command's does.
fn own_descriptor(path: &Path) -> bool {
    ["/dev/fd", "/proc/self/fd", "/proc/thread-self/fd"].iter().any(|dir| path.starts_with(dir))
        || ["/dev/stdin", "/dev/stdout", "/dev/stderr"].iter().any(|name| path == Path::new(name))
}

/// `real` spelled under the project root, home or a temp dir when it is inside one of them as
/// their own real paths have it (a project under `/tmp` where `/tmp` is itself a link).
fn relocated(real: std::path::PathBuf, ctx: &Context) -> std::path::PathBuf {
    let bases = std::iter::once(ctx.project_root.as_path())
        .chain(ctx.home.as_deref())
        .chain(ctx.temp_dirs.iter().map(|dir| dir.as_path()));
    for base in bases {
        let Ok(canonical) = std::fs::canonicalize(base) else { continue };
        if canonical.as_path() != base {
            if let Ok(rest) = real.strip_prefix(&canonical) {
                return base.join(rest);
            }
        }
    }
    real
}

/// What the start of a word is relative to.
enum Anchor<'a> {
    Cwd,
    Home,
    /// `~user`.
    OtherHome(&'a str),
    Temp,
    /// A directory or file `mktemp` has just made inside a temp dir.
    FreshTemp,
    System,
    /// An absolute path: `/` or a drive root (`c:`).
    Root(Option<String>),
}

/// Split a word into its anchor and the rest of the path; `None` when it starts with a
/// run-time part that is not a known location.
fn anchor(word: &Word) -> Option<(Anchor<'_>, &str)> {
    let text = word.text.as_str();
    let unquoted_tilde = word.raw.is_empty() || word.raw.starts_with('~');
    if let Some(after) = text.strip_prefix('~').filter(|_| unquoted_tilde) {
        let end = after.find(['/', '\\']).unwrap_or(after.len());
        let (user, rest) = after.split_at(end);
        return match user {
            "" => Some((Anchor::Home, rest)),
            "+" => Some((Anchor::Cwd, rest)),
            "-" => None,
            user => Some((Anchor::OtherHome(user), rest)),
        };
    }
    let after = |vars: &[&str]| vars.iter().find_map(|var| strip_var(text, var));
    let known = None
        .or_else(|| after(HOME_VARS).map(|rest| (Anchor::Home, rest)))
        .or_else(|| after(TEMP_VARS).map(|rest| (Anchor::Temp, rest)))
        .or_else(|| after(FRESH_TEMP).map(|rest| (Anchor::FreshTemp, rest)))
        .or_else(|| after(CWD_VARS).map(|rest| (Anchor::Cwd, rest)))
        .or_else(|| after(SYSTEM_VARS).map(|rest| (Anchor::System, rest)))
        .or_else(|| after(DRIVE_VARS).map(|rest| (Anchor::Root(None), rest)));
    if known.is_some() {
        return known;
    }
    // A run-time word with no `$` or backtick left in its text is wholly run-time input
    // (xargs or pipeline input).
    let run_time = text.starts_with(['$', '`']) || !text.contains(['$', '`']);
    if word.dynamic && run_time || has_percent_var(text) {
        return None;
    }
    if let Some(drive) = drive_prefix(text) {
        return Some((Anchor::Root(Some(drive.to_ascii_lowercase())), &text[drive.len()..]));
    }
    // PowerShell's registry drives: `HKLM:\SOFTWARE\…` is the machine's configuration, the
    // others (`HKCU:\…`) are outside any project.
    if let Some((drive, rest)) = registry_path(text) {
        let anchor = if drive == "hklm" { Anchor::System } else { Anchor::Root(Some(drive.to_owned())) };
        return Some((anchor, rest));
    }
    if text.starts_with(['/', '\\']) {
        return Some((Anchor::Root(None), text));
    }
    Some((Anchor::Cwd, text))
}

/// The registry root (lower-case, short) and the key path after it of a registry path as
/// PowerShell takes it: `HKLM:\…`, or the provider's own `Registry::HKEY_LOCAL_MACHINE\…`
/// (`Registry::HKLM\…`).
pub(crate) fn registry_path(text: &str) -> Option<(&'static str, &str)> {
    let provider = text.get(..10).is_some_and(|head| head.eq_ignore_ascii_case("registry::"));
    if provider {
        let key = &text[10..];
        let end = key.find(['\\', '/']).unwrap_or(key.len());
        return Some((registry_root(&key[..end])?, &key[end..]));
    }
    let (drive, rest) = text.split_once(':')?;
    Some((registry_root(drive).filter(|_| drive.len() <= 4)?, rest))
}

/// The short name of a registry root, written short (`HKLM`) or long (`HKEY_LOCAL_MACHINE`).
pub(crate) fn registry_root(name: &str) -> Option<&'static str> {
    const ROOTS: [(&str, &str); 5] = [
        ("hklm", "hkey_local_machine"),
        ("hkcu", "hkey_current_user"),
        ("hkcr", "hkey_classes_root"),
        ("hku", "hkey_users"),
        ("hkcc", "hkey_current_config"),
    ];
    ROOTS
        .iter()
        .find(|(short, long)| name.eq_ignore_ascii_case(short) || name.eq_ignore_ascii_case(long))
        .map(|(short, _)| *short)
}

/// `text` without `var` at its start, when the variable name ends there.
fn strip_var<'t>(text: &'t str, var: &str) -> Option<&'t str> {
    let head = text.get(..var.len())?;
    let matches = if var.starts_with('$') && !var.starts_with("$env:") {
        head == var
    } else {
        head.eq_ignore_ascii_case(var)
    };
    let rest = &text[var.len()..];
    let ends_name = !rest.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_');
    (matches && ends_name).then_some(rest)
}

/// A Windows drive prefix (`C:`) followed by a separator or nothing.
fn drive_prefix(text: &str) -> Option<&str> {
    let bytes = text.as_bytes();
    let is_drive = bytes.len() >= 2
        && bytes[0].is_ascii_alphabetic()
        && bytes[1] == b':'
        && (bytes.len() == 2 || bytes[2] == b'/' || bytes[2] == b'\\');
    is_drive.then(|| &text[..2])
}

/// A cmd.exe `%NAME%` expansion somewhere in `text`.
fn has_percent_var(text: &str) -> bool {
    let mut pieces = text.split('%');
    pieces.next();
    let mut pieces = pieces.peekable();
    while let Some(piece) = pieces.next() {
        let is_name = !piece.is_empty() && piece.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if is_name && pieces.peek().is_some() {
            return true;
        }
    }
    false
}

fn is_empty_path(rest: &str) -> bool {
    rest.split(['/', '\\']).all(|part| part.is_empty() || part == ".")
}

/// A path relative to some temp dir (`$TMPDIR/x`): inside it unless it climbs out.
fn classify_in_temp(rest: &str, wildcards: bool) -> Place {
    let path = Lexical { drive: None, parts: Vec::new() }.joined(rest, wildcards);
    if path.climbed {
        Place::Unknown
    } else if path.lexical.parts.is_empty() {
        Place::TempRoot
    } else {
        Place::Temp
    }
}

/// An absolute path as a drive (Windows) and normalised components.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Lexical {
    drive: Option<String>,
    parts: Vec<String>,
}

/// The result of joining a relative path: the path, and whether `..` went above the base.
struct Joined {
    lexical: Lexical,
    climbed: bool,
    /// A last name of wildcards alone stood for everything in the directory, and was dropped.
    whole_dir: bool,
}

impl Lexical {
    fn from_path(path: &Path) -> Self {
        let text = path.to_string_lossy();
        let (drive, rest) = match drive_prefix(&text) {
            Some(drive) => (Some(drive.to_ascii_lowercase()), &text[drive.len()..]),
            None => (None, &text[..]),
        };
        let mut lexical = Lexical { drive, parts: Vec::new() };
        lexical.push_all(rest);
        lexical
    }

    fn join(mut self, part: &str) -> Self {
        self.parts.push(part.to_owned());
        self
    }

    /// Push every component of `rest` (`..` pops). `climbed` reports `..` above the start.
    fn push_all(&mut self, rest: &str) -> bool {
        let mut climbed = false;
        for part in rest.split(['/', '\\']) {
            match part {
                "" | "." => {}
                ".." => climbed |= self.parts.pop().is_none(),
                part => self.parts.push(part.to_owned()),
            }
        }
        climbed
    }

    /// `self` joined with `rest`. A final component made only of wildcards means "everything
    /// in the directory", judged as the directory itself.
    fn joined(mut self, rest: &str, wildcards: bool) -> Joined {
        let trimmed = rest.trim_end_matches(['/', '\\']);
        let (dir, last) = match trimmed.rfind(['/', '\\']) {
            Some(at) => (&trimmed[..at], &trimmed[at + 1..]),
            None => ("", trimmed),
        };
        let whole_dir = wildcards && is_pure_wildcard(last);
        let climbed = if whole_dir { self.push_all(dir) } else { self.push_all(rest) };
        Joined { lexical: self, climbed, whole_dir }
    }

    fn same_part(&self, a: &str, b: &str) -> bool {
        if self.drive.is_some() { a.eq_ignore_ascii_case(b) } else { a == b }
    }

    /// `self` is `other` or inside it.
    fn starts_with(&self, other: &Lexical) -> bool {
        self.drive == other.drive
            && self.parts.len() >= other.parts.len()
            && self.parts.iter().zip(&other.parts).all(|(a, b)| self.same_part(a, b))
    }

    fn is_same(&self, other: &Lexical) -> bool {
        self.parts.len() == other.parts.len() && self.starts_with(other)
    }
}

/// `*`, `.*`, `*.*`, `??`: a pattern that names no particular file.
fn is_pure_wildcard(part: &str) -> bool {
    part.contains(['*', '?']) && part.chars().all(|c| matches!(c, '*' | '?' | '.'))
}

/// Tools' caches under the home directory, whose contents are fetched or built again.
const HOME_CACHES: &[&str] = &[
    ".cache",
    ".npm",
    ".yarn/cache",
    ".local/share/pnpm/store",
    ".gradle/wrapper/dists",
    ".ivy2/cache",
    ".nuget/packages",
    ".pub-cache",
    ".conda/pkgs",
    ".ccache",
    ".composer/cache",
    ".cabal/packages",
    ".terraform.d/plugin-cache",
    ".node-gyp",
    ".electron",
    ".kube/cache",
    ".minikube/cache",
    "Library/Developer/Xcode/DerivedData",
    ".cargo/registry",
    ".cargo/git",
    ".gradle/caches",
    ".m2/repository",
    ".rustup/downloads",
    ".rustup/tmp",
    "go/pkg/mod",
    "Library/Caches",
    ".bun/install/cache",
    ".yarn/berry/cache",
    ".pnpm-store",
];

/// Classify an absolute path. Order matters: the home directory and the root stay dangerous
/// even when the project is one of them, the project wins over temp and system dirs that
/// contain it (`/srv/app`, `/tmp/checkout`), and home wins over a temp dir holding it.
fn place_of(path: &Lexical, ctx: &Context) -> Place {
    if path.parts.is_empty() {
        return Place::Root;
    }
    let home = ctx.home.as_deref().map(Lexical::from_path);
    if home.as_ref().is_some_and(|home| home.starts_with(path)) {
        return Place::Home;
    }
    let project = Lexical::from_path(&ctx.project_root);
    if path.is_same(&project) {
        return Place::ProjectRoot;
    }
    // A project at `/` or at home or above is no boundary at all.
    let project_is_boundary =
        !project.parts.is_empty() && !home.as_ref().is_some_and(|home| home.starts_with(&project));
    if project_is_boundary && path.starts_with(&project) {
        return Place::Project;
    }
    // Before the temp dirs: where home is itself in one (HOME=/tmp in many containers),
    // `~/.ssh` is still the user's, not scratch space. The tools' caches under home are
    // scratch space: what is in them is fetched or built again (`~/.cache` itself, every
    // tool's at once, stays outside).
    if let Some(home) = home.as_ref().filter(|home| path.starts_with(home)) {
        let below: Vec<&str> = path.parts[home.parts.len()..].iter().map(String::as_str).collect();
        let in_cache = HOME_CACHES.iter().any(|cache| {
            let cache: Vec<&str> = cache.split('/').collect();
            // `~/.cache` and `~/Library/Caches` hold every tool's cache: only what is inside.
            let shared = matches!(cache.as_slice(), [".cache"] | ["Library", "Caches"]);
            below.len() >= cache.len() + usize::from(shared)
                && below[..cache.len()].iter().zip(&cache).all(|(a, b)| a == b)
        });
        return if in_cache { Place::Temp } else { Place::Outside };
    }
    for temp in &ctx.temp_dirs {
        let temp = Lexical::from_path(temp);
        if temp.parts.is_empty() {
            continue;
        }
        if path.is_same(&temp) {
            return Place::TempRoot;
        }
        if path.starts_with(&temp) {
            return Place::Temp;
        }
    }
    let top = &path.parts[0];
    if SYSTEM_DIRS.iter().any(|dir| dir.eq_ignore_ascii_case(top)) {
        return Place::System;
    }
    Place::Outside
}

/// ` of `target`` for a static word, so the agent sees which target was refused. Run-time
/// words are never echoed: they may carry secrets.
pub(super) fn shown(word: &Word) -> String {
    if word.dynamic || word.text.len() > 80 { String::new() } else { format!(" of `{}`", word.text) }
}

/// The root of `ROOT/{}` (find's `-exec`) or `ROOT/{xargs input}` (xargs fed by a listing of
/// ROOT), as a word of its own.
pub(super) fn found_root(word: &Word) -> Option<Word> {
    let root = word
        .text
        .strip_suffix("/{}")
        .or_else(|| word.text.strip_suffix(&format!("/{}", crate::shell::XARGS_INPUT)))?;
    let root = if root.is_empty() { "/" } else { root };
    Some(Word { text: root.to_string(), raw: root.to_string(), dynamic: false, glob: false })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{ctx, word};

    fn place(text: &str) -> Place {
        classify(&word(text), &ctx(), true)
    }

    #[test]
    fn root_and_home() {
        for text in ["/", "/*", "//", "/.", "/..", "C:\\", "c:/", "C:\\*", "%SystemDrive%\\"] {
            assert_eq!(place(text), Place::Root, "{text}");
        }
        for text in ["~", "~/", "$HOME", "${HOME}/", "~/*", "..", "../", "../..", "/home", "/home/dev/"] {
            assert_eq!(place(text), Place::Home, "{text}");
        }
        assert_eq!(place("$env:USERPROFILE"), Place::Home);
        assert_eq!(place("%USERPROFILE%"), Place::Home);
    }

    /// The hook's own descriptor 3 is open on a file: the command's `/dev/fd/3` is not that file.
    #[cfg(unix)]
    #[test]
    fn descriptors_are_not_resolved_in_the_hooks_process() {
        use std::os::fd::AsRawFd;
        let dir = crate::scratch::Scratch::new("own-descriptor");
        let secret = dir.join(".env");
        std::fs::write(&secret, "KEY=x\n").unwrap();
        let open = std::fs::File::open(&secret).unwrap();
        let fd = open.as_raw_fd();
        for path in [format!("/dev/fd/{fd}"), format!("/proc/self/fd/{fd}")] {
            assert_eq!(
                std::fs::canonicalize(&path).ok(),
                Some(secret.clone()),
                "{path} is the open file here"
            );
            assert_eq!(real_path(Path::new(&path), true), None, "{path}");
        }
        assert_eq!(real_path(Path::new("/dev/stdin"), true), None);
        assert_eq!(real_path(&secret, true), Some(secret.clone()), "a named file is still resolved");
    }

    #[test]
    fn home_inside_a_temp_dir_is_still_home() {
        let mut ctx = ctx();
        ctx.home = Some("/tmp/user".into());
        for text in ["~/.ssh", "$HOME/other-project", "/tmp/user/.config"] {
            assert_eq!(classify(&word(text), &ctx, true), Place::Outside, "{text}");
        }
        assert_eq!(classify(&word("/tmp/build"), &ctx, true), Place::Temp);
    }

    #[test]
    fn project() {
        for text in [".", "./", "*", ".*", "./*", "/home/dev/app", "$PWD", "~/app", "build/.."] {
            assert_eq!(place(text), Place::ProjectRoot, "{text}");
        }
        for text in ["target", "./build", "node_modules/", "*.o", "src/*", "./{}", "$PWD/dist", "~/app/x"] {
            assert_eq!(place(text), Place::Project, "{text}");
        }
    }

    #[test]
    fn quoted_wildcards_and_tildes_are_names() {
        let quoted_star = Word { text: "*".into(), raw: "'*'".into(), ..Default::default() };
        assert_eq!(classify(&quoted_star, &ctx(), false), Place::Project);
        let quoted_tilde = Word { text: "~".into(), raw: "\"~\"".into(), ..Default::default() };
        assert_eq!(classify(&quoted_tilde, &ctx(), false), Place::Project);
    }

    #[test]
    fn temp() {
        for text in ["/tmp/foo", "/var/tmp/x", "$TMPDIR/x", "${TMPDIR}/a/b", "${TMPDIR:-/tmp}/x", "%TEMP%\\x"]
        {
            assert_eq!(place(text), Place::Temp, "{text}");
        }
        for text in ["/tmp", "/tmp/*", "$TMPDIR", "$env:TEMP\\"] {
            assert_eq!(place(text), Place::TempRoot, "{text}");
        }
        assert_eq!(place("$TMPDIR/../etc"), Place::Unknown);
    }

    #[test]
    fn outside_and_system() {
        for text in
            ["/etc", "/usr/local/bin", "/var/log", "/home/other", "C:\\Windows\\System32", "$env:windir"]
        {
            assert_eq!(place(text), Place::System, "{text}");
        }
        for text in ["../other", "~/other", "/data/x", "~/.ssh", "\\\\server\\share", "~root"] {
            assert_ne!(place(text).cmp(&Place::Outside), std::cmp::Ordering::Greater, "{text}");
        }
        assert_eq!(place("../other"), Place::Outside);
        assert_eq!(place("~bob"), Place::System);
    }

    #[test]
    fn unknown() {
        for text in ["$X", "$(cmd)", "`cmd`", "${X}/y", "$HOME/$X", "%APPDATA%\\x", "$env:APPDATA", "~-"] {
            assert_eq!(place(text), Place::Unknown, "{text}");
        }
        assert_eq!(place("$HOMER"), Place::Unknown);
    }

    #[test]
    fn project_at_home_or_root_is_no_boundary() {
        let mut at_home = ctx();
        at_home.project_root = at_home.home.clone().expect("home");
        at_home.cwd = at_home.project_root.clone();
        assert_eq!(classify(&word("build"), &at_home, true), Place::Outside);
        let mut at_root = ctx();
        at_root.project_root = "/".into();
        assert_eq!(classify(&word("/etc"), &at_root, true), Place::System);
    }

    #[test]
    fn projects_inside_system_or_temp_dirs() {
        let mut srv = ctx();
        srv.project_root = "/srv/app".into();
        srv.cwd = "/srv/app/sub".into();
        assert_eq!(classify(&word("../build"), &srv, true), Place::Project);
        assert_eq!(classify(&word(".."), &srv, true), Place::ProjectRoot);
        let mut tmp = ctx();
        tmp.project_root = "/tmp/work/app".into();
        tmp.cwd = "/tmp/work/app".into();
        assert_eq!(classify(&word("../other-repo"), &tmp, true), Place::Outside);
        assert_eq!(classify(&word("../.."), &tmp, true), Place::TempRoot);
        assert_eq!(classify(&word("/tmp/work/build"), &tmp, true), Place::Temp);
        assert_eq!(classify(&word("sub/../build"), &tmp, true), Place::Project);
        tmp.cwd = "/tmp/scratch/a".into();
        assert_eq!(classify(&word("../b"), &tmp, true), Place::Temp);
    }
}
