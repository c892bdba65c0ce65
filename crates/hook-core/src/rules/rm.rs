//! The `rm` pack: deletes whose targets leave the project or cannot be known.
//!
//! Covers POSIX `rm`/`rmdir`/`unlink`/`shred`, `find -delete` and `find -exec rm`, `rsync
//! --delete` (which deletes whatever in its destination the source lacks: `rsync -a --delete
//! empty/ ~/` empties the home directory), PowerShell `Remove-Item` and its aliases, and cmd.exe
//! `del`/`erase`/`rd`/`rmdir`, and the archivers and copiers that delete their sources once
//! packed or copied (`tar --remove-files`, `zip -m`, `7z a -sdel`, `rsync
//! --remove-source-files`), judged like a recursive `rm` of those sources. In scope
//! `dangerous`, a recursive delete fires when a target is the root, home, outside the project
//! and temp dirs (or a whole temp dir), the project root itself, or unknown; a non-recursive
//! delete fires on system files and on the user's own files in the home directory outside the
//! project and the tools' caches (`rm ~/Documents/thesis.docx`, `find ~/Documents -name '*.docx'
//! -delete`). In scope `all`, every delete fires.

use super::dd::is_block_device;
use std::borrow::Cow;

use super::paths::{Place, classify, found_root, shown, through_links};
use super::{Call, Hit};
use crate::policy::Scope;
use crate::shell::{Stdin, Word};

pub(super) const GUESSES: &[&str] = &["rm"];

/// Deleting commands whose names mean the same in every shell (`srm`: secure-delete's rm,
/// `wipe`: the wipe package's, `scrub`'s overwrite, Sysinternals' `sdelete`).
const POSIX_DELETES: &[&str] =
    &["rm", "rmdir", "unlink", "shred", "srm", "wipe", "scrub", "sdelete", "sdelete64"];
/// Windows deleting commands: they expand `*` and `?` themselves.
const WINDOWS_DELETES: &[&str] = &["del", "erase", "rd", "remove-item", "ri"];
/// Deleting commands that only PowerShell has: they take targets from the pipeline.
const POWERSHELL_ONLY_DELETES: &[&str] = &["remove-item", "ri"];
/// cmd.exe commands that take `/s`-style switches.
const CMD_DELETES: &[&str] = &["del", "erase", "rd", "rmdir"];
/// What `find -exec` may run that deletes.
const FIND_EXEC_DELETES: &[&str] = &["rm", "rmdir", "unlink", "shred", "srm", "wipe", "scrub"];

const ADVICE: &str =
    "Delete specific paths inside the project or a temp dir instead, or ask the user to run it.";

pub(super) fn judge(call: &Call) -> Option<Hit> {
    let name = call.name?;
    if name == "find" {
        return judge_find(call);
    }
    if name == "rsync" {
        return judge_rsync(call);
    }
    if name == "scp" {
        return judge_scp(call);
    }
    if name == "sftp" {
        return judge_sftp(call);
    }
    if name == "mv" {
        return judge_move(call);
    }
    if name == "robocopy" {
        return judge_robocopy(call);
    }
    if name == "reg" {
        return judge_reg(call);
    }
    if let Some((how, sources)) = archived_and_deleted(name, call.args()) {
        return sources
            .iter()
            .map(|word| (classify(word, call.ctx, word.glob), word))
            .min_by_key(|(place, _)| *place)
            .and_then(|worst| recursive_delete_hit(how, worst));
    }
    // Names handed on by `find`/`xargs` (`ROOT/{}`) are every file under ROOT: deleting or
    // emptying each of them is a recursive delete of ROOT.
    let each_found =
        |word: &Word| word.text.ends_with("/{}") || word.text.ends_with(crate::shell::XARGS_INPUT);
    let empties = matches!(name, "truncate" | "shred");
    // Emptying or overwriting each file `git ls-files` lists destroys the tree as deleting
    // them does (`git ls-files -z | xargs -0 shred -u`, `truncate -s0 $(git ls-files)`).
    if empties {
        let inputs: Vec<&Word> = call.args().iter().collect();
        if let Some(hit) = tracked_files_deleted(call, &inputs) {
            return Some(hit);
        }
    }
    if empties && call.args().iter().any(|word| each_found(word) && word.text.len() > 3) {
        let roots: Vec<Word> = call.args().iter().filter_map(found_root).collect();
        let worst = roots
            .iter()
            .map(|root| (classify(root, call.ctx, false), root))
            .filter(|(place, _)| matches!(place, Place::Root | Place::Home | Place::System | Place::Outside))
            .min_by_key(|(place, _)| *place);
        return worst.and_then(|worst| recursive_delete_hit(name, worst));
    }
    if matches!(name, "trash-empty" | "trash-rm") || name == "gio" && emptied_trash(call.args()) {
        // What the user put in the trash, kept so that it can be got back, is gone for good.
        let trash = Word {
            text: "~/.local/share/Trash/files".into(),
            raw: "~/.local/share/Trash".into(),
            dynamic: false,
            glob: false,
        };
        let place = classify(&trash, call.ctx, false);
        return recursive_delete_hit(name, (place, &trash));
    }
    if !POSIX_DELETES.contains(&name) && !WINDOWS_DELETES.contains(&name) {
        return None;
    }
    if call.scope == Scope::All {
        return Some(Hit::new(
            "rm.all",
            format!("Deleting files with `{name}` is not allowed by this policy. Ask the user to do it."),
        ));
    }
    let mut args = DeleteArgs::parse(name, call.args());
    // `sdelete -s DIR` wipes the directory's tree.
    args.recursive |= name.starts_with("sdelete")
        && call.args().iter().any(|w| w.text.eq_ignore_ascii_case("-s") || w.text.eq_ignore_ascii_case("/s"));
    if args.no_preserve_root {
        return Some(Hit::new(
            "rm.root",
            format!("`{name} --no-preserve-root` would allow deleting the whole file system. {ADVICE}"),
        ));
    }
    let wildcards_expanded_by_tool = WINDOWS_DELETES.contains(&name);
    // `Get-ChildItem X | Remove-Item` deletes what the pipeline hands it, like xargs.
    let piped_input = Word { text: "<pipeline input>".into(), dynamic: true, ..Word::default() };
    // Each `ROOT/{}` stands for the files under ROOT: `find . -name '*.pyc' -exec rm {} +` is
    // cleaning up, the same over home or `/` is deleting it.
    let place_found = |root: &Word| match source_find(call) {
        Some(find) => found_under(root, find.args(), call),
        None => classify(root, call.ctx, false),
    };
    let found_hit = args
        .targets
        .iter()
        .filter_map(|word| found_root(word))
        .map(|root| (place_found(&root), root))
        .filter(|(place, _)| matches!(place, Place::Root | Place::Home | Place::System | Place::Outside))
        .min_by_key(|(place, _)| *place);
    if let Some((place, root)) = found_hit {
        return recursive_delete_hit(name, (place, &root));
    }
    if let Some(hit) = tracked_files_deleted(call, &args.targets) {
        return Some(hit);
    }
    let piped = args.targets.is_empty()
        && POWERSHELL_ONLY_DELETES.contains(&name)
        && matches!(call.command.stdin, Stdin::Pipe { .. });
    // `Get-ChildItem $HOME -Recurse | Remove-Item`: what the lister lists is deleted, all of
    // the tree when it recurses.
    let listed = if piped { piped_lister(call) } else { None };
    let mut targets: Vec<&Word> = args.targets;
    let mut recursive = args.recursive;
    match &listed {
        Some((paths, recurses)) => {
            targets.extend(paths);
            recursive |= recurses;
        }
        None if piped => targets.push(&piped_input),
        None => {}
    }
    // `rm -rf homelink/` deletes what the link points at; `rm -rf homelink`, the link.
    let targets: Vec<Cow<Word>> = targets
        .into_iter()
        // Shredding a disk is the disk pack's `disk.block-device-write`.
        .filter(|word| !matches!(name, "shred" | "scrub") || !is_block_device(&word.text))
        .map(|word| real(word, call, false))
        .collect();
    let places = targets
        .iter()
        .map(|word| (classify(word, call.ctx, word.glob || wildcards_expanded_by_tool), &**word));
    if recursive {
        places.min_by_key(|(place, _)| *place).and_then(|worst| recursive_delete_hit(name, worst)).or_else(
            || targets.iter().find(|word| unexpanded_home(word)).map(|word| unexpanded_home_hit(name, word)),
        )
    } else {
        let mut places = places.peekable();
        let worst = places.clone().find(|(place, _)| matches!(place, Place::Root | Place::System));
        if let Some((_, word)) = worst {
            return Some(system_file_hit(name, word));
        }
        places
            .find(|(place, word)| *place == Place::Outside && in_home(word, call))
            .map(|(_, word)| home_file_hit(name, word))
    }
}

/// The paths a PowerShell lister piped into `call` lists (`Get-ChildItem PATH`, the current
/// directory when it names none), and whether it descends into them (`-Recurse`). A filtered
/// listing (`-Include *.pyc`, `-Filter`) deletes files under each path, not the path: `PATH/x`.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn piped_lister(call: &Call) -> Option<(Vec<Word>, bool)> {
    let Stdin::Pipe { from: Some(from) } = call.command.stdin else { return None };
    let lister = call.analysis.commands.get(from)?;
    let name = lister.name()?.to_ascii_lowercase();
    if !matches!(name.as_str(), "get-childitem" | "gci" | "dir" | "ls" | "get-item" | "gi") {
        return None;
    }
    let mut paths = Vec::new();
    let (mut recurses, mut filtered) = (false, false);
    let mut words = lister.args().iter();
    while let Some(word) = words.next() {
        let lower = word.text.to_ascii_lowercase();
        match lower.strip_prefix('-') {
            Some("path" | "literalpath" | "lp") => paths.extend(words.next().cloned()),
            Some(option) if !option.is_empty() && "recurse".starts_with(option) => recurses = true,
            Some("force" | "file" | "directory" | "hidden" | "name") => {}
            // `-Include *.log`, `-Filter x`, `-Depth 2`: an option and its value.
            Some(option) => {
                filtered |= ["include", "filter", "exclude"].iter().any(|o| o.starts_with(option));
                words.next();
            }
            None => paths.push(word.clone()),
        }
    }
    if paths.is_empty() {
        paths.push(Word::literal("."));
    }
    if filtered {
        for path in &mut paths {
            let separator = if path.text.ends_with(['/', '\\']) { "" } else { "/" };
            path.text = format!("{}{separator}x", path.text);
        }
    }
    Some((paths, recurses))
}

/// `word`, or where it really points when its way passes a link out of the project
/// ([`through_links`]); `follow_last` when the command acts on what a last link points at.
fn real<'w>(word: &'w Word, call: &Call, follow_last: bool) -> Cow<'w, Word> {
    through_links(word, call.ctx, follow_last).map_or(Cow::Borrowed(word), Cow::Owned)
}

/// Whether `word` names a path under the user's home directory (`~/Documents/x`, `$HOME/x`).
fn in_home(word: &Word, call: &Call) -> bool {
    let text = word.text.as_str();
    let home = call.ctx.home.as_ref().map(|home| home.to_string_lossy());
    let rest = text
        .strip_prefix("~/")
        .or_else(|| text.strip_prefix("$HOME/"))
        .or_else(|| home.as_deref().and_then(|home| text.strip_prefix(home)?.strip_prefix('/')));
    // Dot files and directories are configuration, caches and state, which the file rules
    // judge (`~/.bashrc`, `~/.claude`); the rest is the user's own (`~/Documents`, `~/notes.txt`).
    rest.is_some_and(|rest| !rest.is_empty() && !rest.starts_with('.'))
}

/// A file of the user's own, outside the project and the caches, deleted or emptied.
fn home_file_hit(name: &str, word: &Word) -> Hit {
    Hit::new(
        "rm.outside-project",
        format!(
            "`{name}`{} would delete the user's own files outside the project. Leave them alone, or ask the user to run it.",
            shown(word)
        ),
    )
}

/// rsync options that take the next word as their value (unless written `--option=value`): a
/// filter's pattern (`--exclude .env`), a shell or a directory is no file copied.
pub(crate) const RSYNC_OPTIONS_WITH_VALUE: &[&str] = &[
    "-e",
    "--rsh",
    "--rsync-path",
    "-f",
    "--filter",
    "--exclude",
    "--include",
    "--exclude-from",
    "--include-from",
    "--files-from",
    "-T",
    "--temp-dir",
    "--backup-dir",
    "--suffix",
    "--chmod",
    "--chown",
    "--log-file",
    "--log-file-format",
    "--password-file",
    "--compare-dest",
    "--copy-dest",
    "--link-dest",
    "--partial-dir",
    "--max-size",
    "--min-size",
    "--max-delete",
    "--timeout",
    "--contimeout",
    "--port",
    "--address",
    "--bwlimit",
    "-B",
    "--block-size",
    "-M",
    "--remote-option",
    "--out-format",
    "--usermap",
    "--groupmap",
    "--iconv",
    "--info",
    "--debug",
    "--checksum-choice",
    "--compress-choice",
    "--compress-level",
    "--skip-compress",
    "--sockopts",
    "--stop-after",
    "--stop-at",
    "--write-batch",
    "--read-batch",
    "--only-write-batch",
    "--outbuf",
    "--modify-window",
    "--max-alloc",
];

/// `rsync --delete SOURCE... DEST` deletes what DEST has and the sources lack: a recursive
/// delete of DEST. A remote DEST (`host:path`, `rsync://`) is another machine's business.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn judge_rsync(call: &Call) -> Option<Hit> {
    let mut deletes = false;
    let mut removes_sources = false;
    let mut operands: Vec<&Word> = Vec::new();
    let mut words = call.args().iter();
    while let Some(word) = words.next() {
        let text = word.text.as_str();
        match text {
            "--" => operands.extend(words.by_ref()),
            // A dry run (`-n`, `--dry-run`) lists what it would delete and deletes nothing.
            "--dry-run" | "-n" => return None,
            "--del" => deletes = true,
            "--remove-source-files" => removes_sources = true,
            _ if text.starts_with("--delete") => deletes = true,
            _ if text.starts_with("--") && text.contains('=') => {}
            _ if RSYNC_OPTIONS_WITH_VALUE.contains(&text) => {
                words.next();
            }
            // A short cluster ending in an option that takes a value (`-ae ssh`).
            _ if text.starts_with('-') && !text.starts_with("--") && text.len() > 2 => {
                let letters = text[1..].split(['e', 'f', 'T', 'B', 'M']).next().unwrap_or_default();
                if letters.contains('n') {
                    return None;
                }
                if text.ends_with(['e', 'f', 'T', 'B', 'M']) {
                    words.next();
                }
            }
            _ if text.starts_with('-') && text.len() > 1 => {}
            _ => operands.push(word),
        }
    }
    let (destination, sources) = operands.split_last()?;
    // `--remove-source-files` deletes every file it copied: a recursive delete of the sources.
    let sources_hit = || {
        sources
            .iter()
            .filter(|source| removes_sources && !is_remote(&source.text))
            .map(|source| (classify(source, call.ctx, source.glob), *source))
            .min_by_key(|(place, _)| *place)
            .and_then(|worst| recursive_delete_hit("rsync --remove-source-files", worst))
    };
    // Files deleted on a production machine: what the destination holds there, or the
    // sources fetched from it. A deploy to another host (`deploy@web:/srv/www/`) passes.
    let remote_delete = deletes && !sources.is_empty() && production_host(&destination.text)
        || removes_sources && sources.iter().any(|source| production_host(&source.text));
    if remote_delete {
        return Some(Hit::ask(
            "rm.remote",
            "This `rsync` deletes files on a production machine (`--delete` at its path, or `--remove-source-files` of its files). Ask the user whether to.",
        ));
    }
    if !deletes || sources.is_empty() || is_remote(&destination.text) {
        return sources_hit();
    }
    let place = classify(destination, call.ctx, destination.glob);
    recursive_delete_hit("rsync --delete", (place, destination)).or_else(sources_hit)
}

/// `robocopy SRC DST /MIR` (or `/PURGE`) deletes what DST holds that SRC does not, all of it
/// from an empty SRC, as `rsync --delete` does; `/MOVE` deletes SRC once copied.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn judge_robocopy(call: &Call) -> Option<Hit> {
    let switch = |names: &[&str]| {
        call.args().iter().any(|w| {
            let text = w.text.trim_start_matches(['/', '-']);
            (w.text.starts_with(['/', '-'])) && names.iter().any(|n| text.eq_ignore_ascii_case(n))
        })
    };
    let mut operands = call.args().iter().filter(|w| !w.text.starts_with('/'));
    let (source, destination) = (operands.next()?, operands.next()?);
    if switch(&["mir", "purge"]) {
        let place = classify(destination, call.ctx, false);
        if let Some(hit) = recursive_delete_hit("robocopy /MIR", (place, destination)) {
            return Some(hit);
        }
    }
    switch(&["move"])
        .then(|| (classify(source, call.ctx, false), source))
        .and_then(|worst| recursive_delete_hit("robocopy /MOVE", worst))
}

/// `reg delete KEY` without `/v`, `/ve` or `/va`: the key and every key under it, as
/// `Remove-Item -Recurse HKLM:\…` deletes them (the key written `HKLM\…`, `HKEY_CURRENT_USER\…`,
/// or as a POSIX shell leaves it when its backslashes were unquoted).
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn judge_reg(call: &Call) -> Option<Hit> {
    let args = call.args();
    if !args.first().is_some_and(|verb| verb.text.eq_ignore_ascii_case("delete")) {
        return None;
    }
    let value_only = args.iter().any(|w| {
        let option = w.text.trim_start_matches(['/', '-']);
        w.text.starts_with(['/', '-']) && ["v", "ve", "va"].iter().any(|o| option.eq_ignore_ascii_case(o))
    });
    let key = args.get(1).filter(|_| !value_only)?;
    let written = if key.raw.contains('\\') && !key.text.contains('\\') && !key.dynamic {
        key.raw.replace(['"', '\''], "")
    } else {
        key.text.clone()
    };
    // A key on another machine (`\\HOST\HKLM\…`) is judged as the same key here.
    let local = written.trim_start_matches('\\');
    let local = if written.starts_with("\\\\") { local.split_once('\\')?.1 } else { local };
    let (root, rest) = local.split_once('\\').unwrap_or((local, ""));
    let root = super::paths::registry_root(root)?;
    let key = Word::literal(format!("{}:\\{rest}", root.to_ascii_uppercase()));
    recursive_delete_hit("reg delete", (classify(&key, call.ctx, false), &key))
}

/// The sources an archiver deletes once it has packed them: `tar --remove-files`, `zip -m`
/// (`--move`, `-rm`), `7z a -sdel`. Relative sources after tar's `-C DIR` are under DIR.
fn archived_and_deleted(name: &str, args: &[Word]) -> Option<(&'static str, Vec<Word>)> {
    let has = |test: &dyn Fn(&str) -> bool| args.iter().any(|a| test(&a.text));
    match name {
        "tar" | "bsdtar" | "gtar" if has(&|t| t == "--remove-files") => {
            Some(("tar --remove-files", tar_sources(args)))
        }
        "zip" if has(&|t| t == "--move" || zip_cluster_moves(t)) => {
            let mut operands = Vec::new();
            let mut words = args.iter();
            while let Some(word) = words.next() {
                match word.text.as_str() {
                    // Pattern lists run to the next option: nothing after them is a source.
                    "-x" | "-i" | "--exclude" | "--include" => break,
                    "-b" | "-n" | "-t" | "-tt" | "-P" | "-Z" | "-O" | "--out" | "-TT" => {
                        words.next();
                    }
                    text if text.starts_with('-') && text.len() > 1 => {}
                    _ => operands.push(word.clone()),
                }
            }
            // The first operand is the archive.
            Some(("zip -m", operands.into_iter().skip(1).collect()))
        }
        "7z" | "7za" | "7zz" | "7zr" if has(&|t| t == "-sdel") => {
            let operands = args.iter().filter(|a| !a.text.starts_with('-'));
            // `7z a ARCHIVE SOURCES...`
            Some(("7z -sdel", operands.skip(2).cloned().collect()))
        }
        _ => None,
    }
}

/// zip's `-m` alone or in a cluster of single-letter options (`-rm`, `-9mr`).
fn zip_cluster_moves(text: &str) -> bool {
    text.strip_prefix('-').is_some_and(|letters| {
        letters.contains('m') && letters.chars().all(|c| c.is_ascii_digit() || "rRmqvjJDXyTgu".contains(c))
    })
}

/// tar options (besides `-f`, `-C`) that take the next word as their value.
const TAR_OPTIONS_WITH_VALUE: &[&str] = &[
    "-T",
    "--files-from",
    "-X",
    "--exclude-from",
    "--exclude",
    "-b",
    "--blocking-factor",
    "-H",
    "--format",
    "-I",
    "--use-compress-program",
    "-V",
    "--label",
    "-N",
    "--newer",
    "--owner",
    "--group",
    "--mode",
    "--transform",
];

/// The files tar packs: its operands, less the archive (`-f X`, `-czf X`, the old-style
/// bundle `czf X`) and option values; relative ones after `-C DIR` are joined to DIR.
fn tar_sources(args: &[Word]) -> Vec<Word> {
    let mut sources = Vec::new();
    let mut directory: Option<String> = None;
    let mut words = args.iter().enumerate();
    while let Some((i, word)) = words.next() {
        let text = word.text.as_str();
        let short = text.starts_with('-') && !text.starts_with("--");
        let bundle = i == 0 && !text.starts_with('-') && text.chars().all(|c| c.is_ascii_alphabetic());
        if text == "--file" || text == "--directory" || TAR_OPTIONS_WITH_VALUE.contains(&text) {
            let value = words.next().map(|(_, value)| value.text.clone());
            if text == "--directory" {
                directory = value;
            }
        } else if let Some(value) = text.strip_prefix("--directory=") {
            directory = Some(value.to_string());
        } else if (short || bundle) && (text.ends_with('f') || text.ends_with('C')) {
            let value = words.next().map(|(_, value)| value.text.clone());
            if text.ends_with('C') {
                directory = value;
            }
        } else if !text.starts_with('-') && !bundle {
            let mut source = word.clone();
            if let Some(dir) = directory.as_ref().filter(|_| !text.starts_with(['/', '~', '$'])) {
                source.text = format!("{}/{text}", dir.trim_end_matches('/'));
            }
            sources.push(source);
        }
    }
    sources
}

/// `scp FILE… HOST:PATH` onto a production host: its files there written over.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn judge_scp(call: &Call) -> Option<Hit> {
    let (destination, sources) = call.args().split_last()?;
    let copies = sources.iter().any(|w| !w.text.starts_with('-'));
    (copies && production_host(&destination.text)).then(|| {
        Hit::ask(
            "rm.remote",
            "This `scp` writes over files on a production machine. Ask the user whether to.",
        )
    })
}

/// `sftp prod-web <<< 'rm /var/www/html/index.php'`: batch commands fed on standard input
/// that delete files (`rm`, `rmdir`) on a production host.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn judge_sftp(call: &Call) -> Option<Hit> {
    const VALUED: &[&str] = &["-b", "-B", "-c", "-D", "-F", "-i", "-J", "-l", "-o", "-P", "-R", "-S", "-X"];
    let host = super::operands(call.args(), VALUED).next()?;
    let host = host.strip_prefix("sftp://").unwrap_or(host);
    let host = host.split([':', '/']).next().unwrap_or_default();
    let host = host.rsplit_once('@').map_or(host, |(_, host)| host);
    if !super::production_name(host) || super::local_target(host) {
        return None;
    }
    let fed = call.analysis.stdin_text(call.index)?;
    let deletes = fed.lines().any(|line| {
        matches!(line.trim_start().trim_start_matches('-').split_whitespace().next(), Some("rm" | "rmdir"))
    });
    deletes.then(|| {
        Hit::ask(
            "rm.remote",
            "This `sftp` batch deletes files on a production machine. Ask the user whether to.",
        )
    })
}

/// A remote location ([`is_remote`]) whose host is production's (`deploy@prod-app-1:/srv`).
fn production_host(text: &str) -> bool {
    if !is_remote(text) {
        return false;
    }
    let address = text.strip_prefix("rsync://").or_else(|| text.strip_prefix("scp://")).unwrap_or(text);
    let address = address.split([':', '/']).next().unwrap_or_default();
    let host = address.rsplit_once('@').map_or(address, |(_, host)| host);
    super::production_name(host)
}

/// An rsync location on another machine: `host:path`, `host::module`, `rsync://...`.
fn is_remote(text: &str) -> bool {
    let before_slash = text.split('/').next().unwrap_or_default();
    text.starts_with("rsync://") || before_slash.contains(':') && !is_drive(before_slash)
}

/// A Windows drive (`C:`), which rsync under Cygwin or MSYS writes before a local path.
fn is_drive(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.len() == 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':'
}

/// The finding for a recursive delete whose most dangerous target is `place`.
fn recursive_delete_hit(name: &str, (place, word): (Place, &Word)) -> Option<Hit> {
    let rule = rule_for(place)?;
    let advice = match place {
        Place::Unknown => {
            "Write the target out literally (a path inside the project or a temp dir), or ask the user to run it."
        }
        Place::ProjectRoot => {
            "Delete the specific build or output directories instead, or ask the user to run it."
        }
        _ => ADVICE,
    };
    Some(Hit::new(
        rule,
        format!("This recursive `{name}`{} would delete {}. {advice}", shown(word), place.describe()),
    ))
}

/// A `~` that reached the command unexpanded: quoted (`"~/src"`) or the result of an expansion
/// (`x='rm -rf ~'; $x`), which bash does not tilde-expand. The command then names a directory
/// called `~` in the current one, which is almost always a mistake about the home directory.
fn unexpanded_home(word: &Word) -> bool {
    let text = word.text.as_str();
    (text == "~" || text.starts_with("~/")) && !word.raw.is_empty() && !word.raw.starts_with('~')
}

/// The question for a recursive delete of an unexpanded `~` (see [`unexpanded_home`]).
fn unexpanded_home_hit(name: &str, word: &Word) -> Hit {
    Hit::ask(
        "rm.home",
        format!(
            "This recursive `{name}`{} deletes a directory literally named `~` here, not the home directory, as the `~` is quoted or comes from an expansion; that is most likely a mistake about the home directory. Write the path out plainly, or ask the user to run it.",
            shown(word)
        ),
    )
}

/// `mv` that destroys: into `/dev/null` (the sources are gone, like `rm -rf`), or moving the
/// root, the home directory or a system directory away from where everything expects it.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn judge_move(call: &Call) -> Option<Hit> {
    let mut operands: Vec<&Word> = Vec::new();
    let mut target: Option<Cow<Word>> = None;
    let mut words = call.args().iter();
    while let Some(word) = words.next() {
        match word.text.as_str() {
            "-t" | "--target-directory" => target = words.next().map(Cow::Borrowed),
            text if text.starts_with("--target-directory=") => {
                let value = &text["--target-directory=".len()..];
                target = Some(Cow::Owned(Word { text: value.to_string(), ..word.clone() }));
            }
            text if text.starts_with('-') => {}
            _ => operands.push(word),
        }
    }
    // `mv -t DIR SOURCES...`: every operand is a source.
    let (destination, sources) = match &target {
        Some(target) => (&**target, &operands[..]),
        None => operands.split_last().map(|(destination, sources)| (*destination, sources))?,
    };
    let sources: Vec<Cow<Word>> = sources.iter().map(|word| real(word, call, false)).collect();
    let places = sources.iter().map(|word| (classify(word, call.ctx, word.glob), &**word));
    if destination.text == "/dev/null" {
        return places.min_by_key(|(place, _)| *place).and_then(|worst| {
            recursive_delete_hit("mv", worst).or_else(|| {
                Some(Hit::new(
                    "rm.outside-project",
                    format!(
                        "`mv` into `/dev/null`{} destroys it. Delete it with `rm`, or ask the user.",
                        shown(worst.1)
                    ),
                ))
            })
        });
    }
    let moved_away = places
        .clone()
        .filter(|(place, _)| matches!(place, Place::Root | Place::Home | Place::System))
        .find_map(|(place, word)| {
            Some(Hit::new(
                rule_for(place)?,
                format!(
                    "Moving{} away takes {} from where the system expects it. {ADVICE}",
                    shown(word),
                    place.describe()
                ),
            ))
        });
    // The user's own files moved out of the project's reach are gone from where they keep
    // them, as with `rm`; moved into the project (`mv ~/Downloads/data.csv data/`) they are kept.
    let into_project =
        matches!(classify(destination, call.ctx, destination.glob), Place::Project | Place::ProjectRoot);
    moved_away.or_else(|| {
        if into_project {
            return None;
        }
        places.filter(|(place, word)| *place == Place::Outside && in_home(word, call)).map(|(_, word)| {
            Hit::new(
                "rm.outside-project",
                format!(
                    "`mv`{} takes the user's own files outside the project away from where they keep them. Leave them alone, or ask the user to run it.",
                    shown(word)
                ),
            )
        }).next()
    })
}

/// Non-recursive deletes are everyday work; only operating-system files are protected.
fn system_file_hit(name: &str, word: &Word) -> Hit {
    Hit::new(
        "rm.system-file",
        format!(
            "`{name}`{} would delete operating-system files. Leave them alone, or ask the user to run it.",
            shown(word)
        ),
    )
}

/// The rule id for a recursive delete reaching `place`, if that is dangerous.
fn rule_for(place: Place) -> Option<&'static str> {
    match place {
        Place::Root => Some("rm.root"),
        Place::Home => Some("rm.home"),
        Place::System | Place::Outside => Some("rm.outside-project"),
        Place::Unknown => Some("rm.unknown-target"),
        Place::ProjectRoot => Some("rm.project-root"),
        // A whole temp dir holds other programs' files and sockets.
        Place::TempRoot => Some("rm.outside-project"),
        Place::Temp | Place::Project => None,
    }
}

/// The flags and targets of a delete command, read the POSIX, PowerShell or cmd.exe way.
struct DeleteArgs<'a> {
    recursive: bool,
    no_preserve_root: bool,
    targets: Vec<&'a Word>,
}

/// The short options of rm, rmdir, unlink and shred: a cluster of these (`-rf`) is POSIX,
/// anything else after `-` is a PowerShell parameter (`-Verbose` is not `-r`).
const POSIX_SHORT_OPTIONS: &str = "fiIrRdvpuxznslmE";
/// PowerShell parameters of `Remove-Item` that name the target.
const PS_PATH_PARAMS: &[&str] = &["path", "literalpath", "lp", "pspath"];
/// PowerShell parameters that take a value that is not a target.
const PS_VALUE_PARAMS: &[&str] = &[
    "include",
    "exclude",
    "filter",
    "credential",
    "stream",
    "erroraction",
    "ea",
    "warningaction",
    "wa",
    "informationaction",
    "infa",
    "errorvariable",
    "ev",
    "warningvariable",
    "wv",
    "informationvariable",
    "iv",
    "outvariable",
    "ov",
    "outbuffer",
    "ob",
    "pipelinevariable",
    "pv",
];

/// GNU rm's long options, the destructive ones first (`--rec --forc` is `-rf`).
const RM_LONG_OPTIONS: &[&str] = &[
    "recursive",
    "force",
    "no-preserve-root",
    "dir",
    "interactive",
    "one-file-system",
    "preserve-root",
    "verbose",
    "help",
    "version",
];

impl<'a> DeleteArgs<'a> {
    #[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
    fn parse(name: &str, args: &'a [Word]) -> Self {
        let cmd_switches = CMD_DELETES.contains(&name);
        let mut parsed = DeleteArgs { recursive: false, no_preserve_root: false, targets: Vec::new() };
        let mut words = args.iter();
        while let Some(word) = words.next() {
            let text = word.text.as_str();
            if word.dynamic {
                parsed.targets.push(word);
            } else if text == "--" {
                parsed.targets.extend(words.by_ref());
            } else if let Some(long) = text.strip_prefix("--") {
                let long = super::long_option(long, RM_LONG_OPTIONS).unwrap_or(long);
                parsed.recursive |= long == "recursive";
                parsed.no_preserve_root |= long == "no-preserve-root";
            } else if cmd_switches && is_cmd_switch(text) {
                parsed.recursive |= text[1..].eq_ignore_ascii_case("s");
            } else if let Some(option) = text.strip_prefix('-').filter(|o| o.starts_with(char::is_alphabetic))
            {
                parsed.option(option, &mut words);
            } else {
                parsed.targets.push(word);
            }
        }
        parsed
    }

    /// One option after `-`: a PowerShell parameter (`-Recurse`, `-Path x`, `-rec`) or a
    /// POSIX short cluster (`-rf`).
    fn option(&mut self, option: &str, rest: &mut std::slice::Iter<'a, Word>) {
        let (param, inline_value) = match option.split_once(':') {
            Some((param, value)) => (param, Some(value)),
            None => (option, None),
        };
        let lower = param.to_ascii_lowercase();
        let is_prefix_of = |full: &str| lower.len() >= 2 && full.starts_with(&lower) || lower == full;
        if lower.len() >= 2 && "recurse".starts_with(&lower) {
            self.recursive = true;
        } else if PS_PATH_PARAMS.iter().any(|p| is_prefix_of(p)) && lower != "p" {
            if inline_value.is_none() {
                self.targets.extend(rest.next());
            }
        } else if lower.len() >= 2 && PS_VALUE_PARAMS.iter().any(|p| is_prefix_of(p)) {
            if inline_value.is_none() {
                rest.next();
            }
        } else if param.chars().all(|c| POSIX_SHORT_OPTIONS.contains(c)) {
            self.recursive |= param.contains(['r', 'R']);
        }
    }
}

/// `gio trash --empty`: the trash emptied.
fn emptied_trash(args: &[Word]) -> bool {
    args.first().is_some_and(|w| w.text == "trash") && args.iter().any(|w| w.text == "--empty")
}

/// `/s`, `/Q`, `/A:H`: a cmd.exe switch rather than a path.
fn is_cmd_switch(text: &str) -> bool {
    let Some(switch) = text.strip_prefix('/') else {
        return false;
    };
    let letter = switch.split(':').next().unwrap_or(switch);
    letter.len() == 1 && letter.chars().all(|c| c.is_ascii_alphabetic())
}

/// `find ROOTS... -delete` or `find ROOTS... -exec rm ...`: judged by its roots.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn judge_find(call: &Call) -> Option<Hit> {
    let args = call.args();
    let expression_start = args.iter().position(|w| is_expression_start(&w.text)).unwrap_or(args.len());
    let expression = &args[expression_start..];
    if !find_deletes(expression) {
        return None;
    }
    if call.scope == Scope::All {
        return Some(Hit::new(
            "rm.all",
            "Deleting files with `find` is not allowed by this policy. Ask the user to do it.",
        ));
    }
    let roots: Vec<&Word> =
        args[..expression_start].iter().filter(|w| !is_find_global_option(&w.text)).collect();
    let default_root = Word::literal(".");
    let roots = if roots.is_empty() { vec![&default_root] } else { roots };
    // `-o` joins alternatives: `-path ./.git -prune -o -delete` deletes everything else, while
    // `-name bin -o -name obj -prune -exec rm -rf {} +` deletes only what its own tests found.
    // Alternatives grouped in parentheses are not read apart: any `-o` there is unfiltered.
    let deleting: Vec<&[Word]> = match find_alternatives(expression) {
        Some(alternatives) => alternatives.into_iter().filter(|a| find_deletes(a)).collect(),
        None => Vec::new(),
    };
    let unfiltered = deleting.is_empty() || deleting.iter().any(|a| !has_find_test(a));
    // A root above home whose `-maxdepth` and `-name` cannot pick home or a directory on its
    // way is judged as if it held no home (`find /tmp -maxdepth 1 -name 'pytest-of-*'` where
    // home is `/tmp/x/home`).
    let (place, root) =
        roots.iter().map(|word| (found_under(word, args, call), *word)).min_by_key(|(p, _)| *p)?;
    // `find ~/.cache -name '*.whl' -delete`: files of one kind, not the tree (the home directory
    // itself stays guarded: `find ~ -name '*.bak' -delete` reaches every backup the user has).
    let by_name = !unfiltered && deleting.iter().all(|a| narrow_name(a));
    let dangerous = match place {
        // In the user's home it is still the user's own files (`~/Documents`); the caches there
        // are scratch space, classified apart.
        Place::Outside if by_name => in_home(root, call),
        _ => place.is_foreign() || unfiltered && place == Place::ProjectRoot,
    };
    if !dangerous {
        return None;
    }
    let root = if root.dynamic { String::new() } else { format!(" `{}`", root.text) };
    Some(Hit::new(
        rule_for(place)?,
        format!(
            "This `find` would delete what it finds under{root}, that is {}. Search inside the project or a temp dir, with a filter such as `-name`, or ask the user to run it.",
            place.describe()
        ),
    ))
}

/// Where what a `find` with `find_args` finds under `root` is: the root's place, unless the
/// root is above home and the find cannot reach home ([`misses_home`]): then the place the
/// root would have if it held no home.
fn found_under(root: &Word, find_args: &[Word], call: &Call) -> Place {
    // `find homelink/ -delete`, `find -L homelink`: find walks what the link points at.
    let option = |names: &[&str]| find_args.iter().any(|w| names.contains(&w.text.as_str()));
    // The root as find was given it: `ROOT/{}` has lost the `/` of `find homelink/`.
    let slashed = find_args.iter().any(|w| w.text.strip_suffix('/') == Some(root.text.as_str()));
    let root = &*real(root, call, slashed || option(&["-L", "-H", "-follow"]));
    // `find -L . -delete` follows every link it meets too, out of the project as well.
    if option(&["-L", "-follow"]) {
        if let Some(place) = linked_out_below(root, call) {
            return place;
        }
    }
    match classify(root, call.ctx, root.glob) {
        Place::Home if misses_home(root, find_args, call) => {
            let away = crate::project::Context { home: None, ..call.ctx.clone() };
            classify(root, &away, root.glob)
        }
        place => place,
    }
}

/// How many entries under a `find -L` root are looked through for links that lead out.
const MAX_LINK_WALK: usize = 20_000;

/// The most dangerous place a link under `root` (inside the project or a temp dir) leads to,
/// when one leads out of them: `find -L` deletes through it. Trees larger than
/// [`MAX_LINK_WALK`] are judged by what was seen.
fn linked_out_below(root: &Word, call: &Call) -> Option<Place> {
    if !matches!(classify(root, call.ctx, false), Place::Project | Place::ProjectRoot | Place::Temp) {
        return None;
    }
    let mut pending = vec![super::overwrite::absolute(root, call.ctx)?];
    let mut budget = MAX_LINK_WALK;
    let mut worst: Option<Place> = None;
    while let Some(directory) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&directory) else { continue };
        for entry in entries.flatten() {
            budget = budget.checked_sub(1)?;
            let Ok(kind) = entry.file_type() else { continue };
            if kind.is_dir() {
                pending.push(entry.path());
            } else if kind.is_symlink() {
                let word = Word::literal(entry.path().to_string_lossy());
                if let Some(target) = through_links(&word, call.ctx, true) {
                    let place = classify(&target, call.ctx, false);
                    if place.is_foreign() {
                        worst = Some(worst.map_or(place, |worst| worst.min(place)));
                    }
                }
            }
        }
    }
    worst
}

/// The `find` whose findings command `call` is given (`find … -exec rm -rf {} +`, `find … |
/// xargs rm -rf`).
/// `git ls-files | xargs rm -f`: the names xargs hands on are every tracked file (or every
/// untracked one, `-o`), so the delete is `git rm -rf .` with the uncommitted changes lost;
/// a pathspec (`git ls-files '*.orig'`) narrows it to those files.
fn tracked_files_deleted(call: &Call, targets: &[&Word]) -> Option<Hit> {
    // `rm $(git ls-files)`, and a loop's `rm "$f"` over `git ls-files` (the analyser gives
    // `$f` the substitution it reads from).
    let substituted = targets.iter().find_map(|word| {
        let inner = word.text.strip_prefix("$(")?.strip_suffix(')')?;
        inner.strip_prefix("git ls-files").filter(|rest| rest.is_empty() || rest.starts_with(' '))
    });
    if let Some(rest) = substituted {
        return lists_whole_tree(rest.split_whitespace()).then(tracked_files_hit);
    }
    if !targets.iter().any(|word| word.text == crate::shell::XARGS_INPUT) {
        return None;
    }
    let Stdin::Pipe { from: Some(from) } = call.command.stdin else { return None };
    let lister = call.analysis.commands.get(from)?;
    let args = lister.args();
    let at = args.iter().position(|w| w.text == "ls-files").filter(|_| lister.name() == Some("git"))?;
    lists_whole_tree(args[at + 1..].iter().map(|w| w.text.as_str())).then(tracked_files_hit)
}

fn tracked_files_hit() -> Hit {
    Hit::new(
        "rm.tracked-files",
        "Deleting each file `git ls-files` lists deletes the whole work tree with its uncommitted changes. Remove the specific paths, or ask the user.",
    )
}

/// Whether `git ls-files` given these arguments lists every tracked file: no pathspec but the
/// whole tree's, and no exclusion.
fn lists_whole_tree<'a>(args: impl Iterator<Item = &'a str>) -> bool {
    let mut words = args;
    let mut whole = true;
    while let Some(word) = words.next() {
        match word {
            // Options whose value is a separate word.
            "-x" | "-X" | "--exclude" | "--exclude-from" | "--exclude-per-directory" | "--with-tree" => {
                words.next();
            }
            "--" | "." | "./" | ":/" => {}
            option if option.starts_with('-') => {}
            _ => whole = false,
        }
    }
    whole
}

fn source_find<'a>(call: &Call<'a>) -> Option<&'a crate::shell::SimpleCommand> {
    let commands = &call.analysis.commands;
    let via = |prefix: &str| call.command.via.iter().any(|via| via.starts_with(prefix));
    let source = match call.command.stdin {
        Stdin::Pipe { from: Some(from) } if via("xargs") => commands.get(from),
        _ if via("find -") => commands[..call.index].iter().rev().find(|c| c.name() == Some("find")),
        _ => None,
    };
    source.filter(|command| command.name() == Some("find"))
}

/// Whether a `find` from `root` (home or above it) cannot act on home or a directory on its
/// way: `-maxdepth` keeps it from reaching below home, and each entry it can reach on the way
/// (the root itself, named as written, unless `-mindepth` skips it) fails one of the `-name`
/// or `-iname` tests, which all must pass (no `!`, `-not` or parentheses; `-o` is judged apart).
/// A pattern with a class or an escape may match anything.
fn misses_home(root: &Word, find_args: &[Word], call: &Call) -> bool {
    let start = find_args.iter().position(|w| is_expression_start(&w.text)).unwrap_or(find_args.len());
    let expression = &find_args[start..];
    if root.dynamic
        || expression.iter().any(|w| matches!(w.text.as_str(), "!" | "-not" | "(" | ")" | "-o" | "-or"))
    {
        return false;
    }
    let depth = |option: &str| {
        expression
            .windows(2)
            .find(|pair| pair[0].text == option)
            .and_then(|pair| pair[1].text.parse::<usize>().ok())
    };
    let Some(max) = depth("-maxdepth") else { return false };
    let min = depth("-mindepth").unwrap_or(0);
    let names: Vec<(&str, bool)> = expression
        .windows(2)
        .filter_map(|pair| match pair[0].text.as_str() {
            "-name" => Some((pair[1].text.as_str(), false)),
            "-iname" => Some((pair[1].text.as_str(), true)),
            _ => None,
        })
        .collect();
    let (Some(home), Some(path)) = (call.ctx.home.as_deref(), super::overwrite::absolute(root, call.ctx))
    else {
        return false;
    };
    let Ok(below) = home.strip_prefix(&path) else { return false };
    let parts: Vec<String> =
        below.components().map(|part| part.as_os_str().to_string_lossy().into_owned()).collect();
    if names.is_empty() || max > parts.len() {
        return false;
    }
    let may_match = |pattern: &str, name: &str, folded: bool| {
        pattern.contains(['[', '\\'])
            || match folded {
                true => crate::shell::pattern_matches(&pattern.to_lowercase(), &name.to_lowercase()),
                false => crate::shell::pattern_matches(pattern, name),
            }
    };
    let root_name = crate::shell::base_name(root.text.trim_end_matches('/'));
    let reached = std::iter::once(root_name).chain(parts.iter().map(String::as_str)).enumerate();
    reached
        .filter(|(depth, _)| (min..=max).contains(depth))
        .all(|(_, name)| names.iter().any(|(pattern, folded)| !may_match(pattern, name, *folded)))
}

/// Whether the expression picks files by a name pattern that is more than a wildcard
/// (`-name '*.pyc'`, not `-name '*'`).
fn narrow_name(expression: &[Word]) -> bool {
    expression.windows(2).any(|pair| {
        matches!(pair[0].text.as_str(), "-name" | "-iname")
            && pair[1].text.chars().any(|c| !matches!(c, '*' | '?' | '.'))
    })
}

/// Whether a find expression deletes what it finds: `-delete`, or `-exec rm … {}`.
fn find_deletes(expression: &[Word]) -> bool {
    expression.windows(2).any(|pair| {
        matches!(pair[0].text.as_str(), "-exec" | "-execdir" | "-ok" | "-okdir")
            && base_name(&pair[1].text).is_some_and(|n| FIND_EXEC_DELETES.contains(&n.as_str()))
    }) || expression.iter().any(|w| w.text == "-delete")
}

/// The alternatives of a find expression, split at its `-o` and `,` operators (outside the
/// commands of `-exec`); `None` when parentheses group them, which are not read apart.
fn find_alternatives(expression: &[Word]) -> Option<Vec<&[Word]>> {
    let mut alternatives = Vec::new();
    let mut start = 0;
    let mut in_exec = false;
    for (i, word) in expression.iter().enumerate() {
        let text = word.text.as_str();
        if in_exec {
            in_exec = !matches!(text, ";" | "+");
            continue;
        }
        match text {
            "(" | ")" if expression.iter().any(|w| matches!(w.text.as_str(), "-o" | "-or" | ",")) => {
                return None;
            }
            "-o" | "-or" | "," => {
                alternatives.push(&expression[start..i]);
                start = i + 1;
            }
            _ => in_exec = matches!(text, "-exec" | "-execdir" | "-ok" | "-okdir"),
        }
    }
    alternatives.push(&expression[start..]);
    Some(alternatives)
}

/// Where find's roots end: the first test, action, operator or option.
fn is_expression_start(text: &str) -> bool {
    (text.starts_with('-') && text.len() > 1 && !is_find_global_option(text))
        || matches!(text, "(" | "!" | ")" | ",")
}

/// `-H`, `-L`, `-P`, `-O2`: options before the roots.
fn is_find_global_option(text: &str) -> bool {
    matches!(text, "-H" | "-L" | "-P") || text.starts_with("-O") && text.len() <= 3
}

/// Whether the expression has a test that narrows what find matches (outside the commands
/// of `-exec`); without one, find deletes everything it walks.
fn has_find_test(expression: &[Word]) -> bool {
    const NOT_TESTS: &[&str] = &[
        "-delete",
        "-depth",
        "-d",
        "-xdev",
        "-mount",
        "-maxdepth",
        "-mindepth",
        "-print",
        "-print0",
        "-ignore_readdir_race",
        "-noleaf",
        "-follow",
    ];
    let mut in_exec = false;
    expression.iter().map(|w| w.text.as_str()).any(|text| {
        if in_exec {
            in_exec = !matches!(text, ";" | "+");
            return false;
        }
        in_exec = matches!(text, "-exec" | "-execdir" | "-ok" | "-okdir");
        !in_exec && text.starts_with('-') && !NOT_TESTS.contains(&text)
    })
}

fn base_name(text: &str) -> Option<String> {
    let name = crate::shell::program_base(text).to_ascii_lowercase();
    Some(name.strip_suffix(".exe").map(str::to_owned).unwrap_or(name))
}

#[cfg(test)]
mod tests {
    use crate::policy::{Action, PackSetting, PackSettings, Scope};
    use crate::rules::Pack;
    use crate::rules::testing::*;

    #[test]
    fn recursive_deletes_of_dangerous_targets() {
        let cases: &[(&[&str], &str)] = &[
            (&["rm", "-rf", "/"], "rm.root"),
            (&["rm", "-fr", "/*"], "rm.root"),
            (&["rm", "-r", "--force", "/"], "rm.root"),
            (&["rm", "--recursive", "--force", "~"], "rm.home"),
            (&["rm", "-Rf", "~/"], "rm.home"),
            (&["rm", "-rf", "$HOME"], "rm.home"),
            (&["rm", "-rf", ".."], "rm.home"),
            (&["rm", "-rf", "../other"], "rm.outside-project"),
            (&["rm", "-rf", "/etc"], "rm.outside-project"),
            (&["rm", "-rf", "~/Documents"], "rm.outside-project"),
            (&["rm", "-rf", "/tmp"], "rm.outside-project"),
            (&["rm", "-rf", "/tmp/*"], "rm.outside-project"),
            (&["rm", "-rf", "."], "rm.project-root"),
            (&["rm", "-rf", "*"], "rm.project-root"),
            (&["rm", "-rf", "./"], "rm.project-root"),
            (&["rm", "-rf", "/home/dev/app"], "rm.project-root"),
            (&["rm", "-rf", "$X"], "rm.unknown-target"),
            (&["rm", "-rf", "$(cmd)"], "rm.unknown-target"),
            (&["rm", "-rf", "build", "/"], "rm.root"),
            (&["rm", "-f", "--no-preserve-root", "x"], "rm.root"),
            (&["rm", "-rf", "--", "/"], "rm.root"),
        ];
        for (argv, expected) in cases {
            assert_eq!(rule(argv), Some(*expected), "{argv:?}");
        }
    }

    #[test]
    fn deletes_inside_the_project_or_temp_are_allowed() {
        let cases: &[&[&str]] = &[
            &["rm", "-rf", "target"],
            &["rm", "-rf", "./build", "dist", "node_modules"],
            &["rm", "-rf", "/tmp/foo"],
            &["rm", "-rf", "/tmp/build-*"],
            &["rm", "-rf", "$TMPDIR/x"],
            &["rm", "-rf", "./{}"],
            &["rm", "file.txt"],
            &["rm", "-f", "~/.cache/pip/wheel.whl"],
            &["rm", "-f", "~/.bash_history"],
            &["rm", "-rf"],
            &["rm", "-r", "-i", "src/old"],
            &["rmdir", "empty"],
        ];
        for argv in cases {
            assert_eq!(rule(argv), None, "{argv:?}");
        }
    }

    #[test]
    fn non_recursive_deletes_of_the_users_own_files() {
        assert_eq!(rule(&["rm", "-f", "~/notes.txt"]), Some("rm.outside-project"));
        assert_eq!(rule(&["shred", "-u", "~/Documents/thesis.docx"]), Some("rm.outside-project"));
        assert_eq!(rule(&["rm", "/tmp/x"]), None);
    }

    #[test]
    fn non_recursive_deletes_of_system_files() {
        assert_eq!(rule(&["rm", "-f", "/etc/passwd"]), Some("rm.system-file"));
        assert_eq!(rule(&["unlink", "/usr/bin/python"]), Some("rm.system-file"));
        assert_eq!(rule(&["rm", "$X"]), None);
        assert_eq!(rule(&["rm", "-f", "~", "/etc/hosts"]), Some("rm.system-file"));
    }

    #[test]
    fn powershell_and_cmd_deletes() {
        let cases: &[(&[&str], Option<&str>)] = &[
            (&["Remove-Item", "-Recurse", "-Force", "C:\\"], Some("rm.root")),
            (&["Remove-Item", "-Path", "~", "-Recurse"], Some("rm.home")),
            (&["ri", "-r", "-fo", "$env:USERPROFILE"], Some("rm.home")),
            (&["rm", "-rec", "-LiteralPath", "C:\\Windows"], Some("rm.outside-project")),
            (&["Remove-Item", "-Path:C:\\Users", "-Recurse"], None),
            (&["Remove-Item", "-Recurse", "-Force", ".\\build"], None),
            (&["Remove-Item", "-Force", "C:\\"], Some("rm.system-file")),
            (&["Remove-Item", "-Force", "-Filter", "*.txt", "."], None),
            (&["rd", "/s", "/q", "C:\\"], Some("rm.root")),
            (&["RMDIR", "/S", "/Q", "%USERPROFILE%"], Some("rm.home")),
            (&["del", "/s", "/q", "*"], Some("rm.project-root")),
            (&["del", "/S", "C:\\*"], Some("rm.root")),
            (&["del", "/s", "*.tmp"], None),
            (&["rd", "/s", "/q", "build"], None),
            (&["Remove-Item", "-Verbose", "C:\\"], Some("rm.system-file")),
        ];
        for (argv, expected) in cases {
            assert_eq!(rule(argv), *expected, "{argv:?}");
        }
        let piped = pipeline(&[&["Get-ChildItem", "C:\\"], &["Remove-Item", "-Recurse"]]);
        assert_eq!(rule_of(&piped), Some("rm.root"));
        let piped = pipeline(&[&["Get-ChildItem", "*.log"], &["Remove-Item"]]);
        assert_eq!(rule_of(&piped), None);
    }

    #[test]
    fn find_deletes() {
        let cases: &[(&[&str], Option<&str>)] = &[
            (&["find", "/", "-name", "*.log", "-delete"], Some("rm.root")),
            (&["find", "~", "-type", "f", "-delete"], Some("rm.home")),
            (&["find", "$DIR", "-delete"], Some("rm.unknown-target")),
            (&["find", "..", "-exec", "rm", "-rf", "{}", "+"], Some("rm.home")),
            (&["find", ".", "-delete"], Some("rm.project-root")),
            (
                &["find", "-L", "/etc", "-name", "x", "-exec", "/bin/rm", "{}", ";"],
                Some("rm.outside-project"),
            ),
            (&["find", ".", "-name", "*.o", "-delete"], None),
            (&["find", ".", "-type", "d", "-name", "node_modules", "-exec", "rm", "-rf", "{}", "+"], None),
            (&["find", "/tmp", "-mtime", "+3", "-delete"], None),
            (&["find", ".", "-exec", "rm", "-rf", "{}", "+"], Some("rm.project-root")),
            (&["find", ".", "-maxdepth", "1", "-delete"], Some("rm.project-root")),
            (&["find", "/", "-name", "x"], None),
        ];
        for (argv, expected) in cases {
            assert_eq!(rule(argv), *expected, "{argv:?}");
        }
    }

    #[test]
    fn scope_all_fires_on_every_delete() {
        let mut packs = PackSettings::default();
        packs.0.insert(Pack::Rm, PackSetting { scope: Scope::All, ..Default::default() });
        for argv in
            [&["rm", "x"][..], &["shred", "x"], &["del", "x"], &["find", ".", "-name", "x", "-delete"]]
        {
            let finding = evaluate_in(&sequence(&[argv]), &ctx(), &packs).expect("a finding");
            assert_eq!((finding.rule, finding.action), ("rm.all", Action::Deny), "{argv:?}");
        }
        assert_eq!(evaluate_in(&sequence(&[&["ls"]]), &ctx(), &packs), None);
    }

    #[test]
    fn messages_say_what_to_do_and_hide_run_time_values() {
        let finding = evaluate_in(&sequence(&[&["rm", "-rf", "~"]]), &ctx(), &PackSettings::default());
        let message = finding.expect("a finding").message;
        assert!(message.contains("home directory") && message.contains("instead"), "{message}");
        let finding =
            evaluate_in(&sequence(&[&["rm", "-rf", "$SECRET_TOKEN"]]), &ctx(), &PackSettings::default());
        assert!(!finding.expect("a finding").message.contains("SECRET"));
    }
    /// With home in a temp dir (`/tmp/ci/home`, as in many test runners), a `find` over the temp
    /// dir is a delete of home only where its `-maxdepth` and `-name` can reach home or a
    /// directory on its way (issue 14).
    #[test]
    fn a_find_that_cannot_reach_home_above_it_is_judged_without_it() {
        let mut ctx = ctx();
        ctx.home = Some(std::path::PathBuf::from("/tmp/ci/home"));
        let rule = |line: &str| {
            evaluate_in(
                &crate::shell::analyse(line, crate::shell::Dialect::Posix),
                &ctx,
                &PackSettings::default(),
            )
            .map(|f| f.rule)
        };
        for line in [
            "find /tmp -maxdepth 1 -name 'pytest-of-*' -exec rm -rf {} +",
            "find /tmp -maxdepth 2 -name 'pytest-of-*' -exec rm -rf {} +",
            "find /tmp -maxdepth 1 -type d -name 'pytest-of-*' -exec rm -rf {} +",
            "find /tmp -mindepth 1 -maxdepth 1 -name 'pytest-of-*' -exec rm -rf {} \\;",
            "find /tmp -maxdepth 1 -name 'pytest-of-*' -delete",
            "find /tmp -maxdepth 1 -name 'pytest-of-*' -execdir rm -rf {} +",
            "find /tmp -maxdepth 1 -name 'c*' -name '*.log' -delete",
            "find /tmp -maxdepth 0 -name x -exec rm -rf {} +",
        ] {
            assert_eq!(rule(line), None, "{line}");
        }
        for line in [
            "find /tmp -maxdepth 1 -name 'ci' -exec rm -rf {} +",
            "find /tmp -maxdepth 1 -name 'c*' -exec rm -rf {} +",
            "find /tmp -maxdepth 1 -iname 'CI' -exec rm -rf {} +",
            "find /tmp -maxdepth 1 -name '[c]i' -exec rm -rf {} +",
            "find /tmp -maxdepth 2 -name 'home' -exec rm -rf {} +",
            "find /tmp -maxdepth 3 -name 'pytest-of-*' -exec rm -rf {} +",
            "find /tmp -name 'pytest-of-*' -exec rm -rf {} +",
            "find /tmp -maxdepth 1 ! -name 'pytest-of-*' -exec rm -rf {} +",
            "find /tmp -maxdepth 1 -not -name 'pytest-of-*' -delete",
            "find /tmp -maxdepth 1 -name 'pytest-of-*' -o -name ci -exec rm -rf {} +",
            "find /tmp -maxdepth 1 \\( -name 'pytest-of-*' \\) -exec rm -rf {} +",
            "find /tmp -maxdepth 0 -name tmp -exec rm -rf {} +",
            "find /tmp -maxdepth 1 -name '*' -exec rm -rf {} +",
            "find /tmp -maxdepth 1 -exec rm -rf {} +",
            "find /tmp -maxdepth 1 -name ci | xargs rm -rf",
        ] {
            assert_eq!(rule(line), Some("rm.home"), "{line}");
        }
    }
}
