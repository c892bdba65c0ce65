//! The `rm` pack's judgement of a file destroyed without a delete: emptied (`: > F`,
//! `truncate -s 0 F`, `cp /dev/null F`, `tee F < /dev/null`, `dd of=F`) or written over by a
//! truncating write (`echo x > F`, `cp x F`, `mv x F`) when F already exists. The same places
//! count as for `rm F`: the user's own files in the home directory, outside the project and the
//! dot files (which the file rules judge); a file emptied elsewhere outside the project and the
//! temp dirs (`truncate -s 0 /var/lib/app/data.db`) is a service's data. Any other program that rewrites or replaces a file
//! it is given (`sed -i F`, `sort -o F`, `gzip F`) is judged the same, from the guard's reading
//! of its words (`Call::replaced`).

use std::borrow::Cow;
use std::path::{Component, PathBuf};

use super::paths::{Place, classify, shown};
use super::{Call, Hit};
use crate::project::Context;
use crate::shell::{RedirectOp, Stdin, Word};

/// Devices that read as nothing (or as zeros): what a command copies from them empties its target.
const EMPTY_SOURCES: &[&str] = &["/dev/null", "/dev/zero", "/dev/random", "/dev/urandom"];

pub(super) fn judge(call: &Call) -> Option<Hit> {
    if call.guessed {
        return None;
    }
    let targets = targets(call);
    if let Some((word, empties, how)) =
        targets.iter().find(|(word, empties, _)| destroys(word, *empties, call))
    {
        return Some(overwritten_hit(how, word, *empties));
    }
    // A file emptied on a production host (`ssh prod1 truncate -s 0 /var/lib/app/data.db`):
    // production's data, wherever it is kept there.
    if !call.command.via.is_empty()
        && super::runner_production(&call.command.via)
        && let Some((word, _, how)) =
            targets.iter().find(|(word, empties, _)| *empties && !word.text.starts_with("/tmp/"))
    {
        return Some(Hit::ask(
            "rm.outside-project",
            format!(
                "`{how}`{} would empty a file on a production host. Ask the user whether to.",
                shown(word)
            ),
        ));
    }
    // Emptied state under a dot directory of the home (`truncate -s 0 ~/.gnupg/pubring.kbx`,
    // `dd of=$HOME/.local/share/app.db`): the file rules deny the files they name; the rest
    // (keyrings, databases, histories) is asked about.
    if let Some((word, _, how)) =
        targets.iter().find(|(word, empties, _)| *empties && empties_home_state(word, call))
    {
        return Some(Hit::ask(
            "rm.outside-project",
            format!(
                "`{how}`{} would empty a file of the user's in the home directory, outside the project (application state, keys or data). Ask the user whether to.",
                shown(word)
            ),
        ));
    }
    // A file emptied outside the project, the home and the temp dirs (`truncate -s 0
    // /var/lib/app/data.db`, `cp /dev/null /srv/app/db.sqlite`): a service's data, gone as
    // surely as by `rm -rf` of its directory, which is refused.
    if let Some((word, _, how)) =
        targets.iter().find(|(word, empties, how)| *empties && empties_data(word, how, call))
    {
        return Some(Hit::new(
            "rm.outside-project",
            format!(
                "`{how}`{} would empty a file outside the project (a database, a service's data), as surely as deleting it. Leave it alone, or ask the user to run it.",
                shown(word)
            ),
        ));
    }
    // Every other program that rewrites or replaces a file it is given (`sed -i`, `sort -o`,
    // `gzip`), as the file rules read its words: looked for only when a word may lead out of
    // the project.
    if !may_leave_project(call) {
        return None;
    }
    let how = call.name?;
    (call.replaced)(call.command).into_iter().find_map(|(word, path)| {
        let word = match word.text == path {
            true => Cow::Borrowed(word),
            false => Cow::Owned(Word { text: path.to_string(), raw: path.to_string(), ..word.clone() }),
        };
        destroys(&word, false, call).then(|| overwritten_hit(how, &word, false))
    })
}

/// Whether a word of the command may name a file outside the project: the command runs
/// outside it, or a word is absolute, starts at home or climbs (`..`).
fn may_leave_project(call: &Call) -> bool {
    !call.ctx.cwd_in_project()
        || call.args().iter().any(|arg| {
            let text = arg.text.as_str();
            // `..`, `=/`, `=~` anywhere, in one pass over the word.
            text.starts_with(['~', '/', '$'])
                || text.as_bytes().windows(2).any(|pair| matches!(pair, b".." | b"=/" | b"=~"))
        })
}

/// A file of the user's own, outside the project, emptied or written over by `how` (`>`,
/// `truncate`, `cp`).
fn overwritten_hit(how: &str, word: &Word, empties: bool) -> Hit {
    Hit::new(
        "rm.outside-project",
        format!(
            "`{how}`{} would {} the user's own file outside the project, as surely as deleting it. Leave it alone, or ask the user to run it.",
            shown(word),
            if empties { "empty" } else { "write over" }
        ),
    )
}

/// Whether writing `word` this way destroys a file of the user's own: emptied, or (when it
/// exists) written over. System files are the file rules' (`/etc/**`, `/usr/**`).
fn destroys(word: &Word, empties: bool, call: &Call) -> bool {
    // A file a lister names under its root (`find ~/Documents | xargs sed -i d`, `find … -exec
    // gzip {} +`) exists there: the root is judged, as `rm` judges it. The home directory itself
    // is left to `rm`'s home rule and the file rules (what is found there may be a dot file).
    let root = super::paths::found_root(word);
    let word = root.as_ref().unwrap_or(word);
    if classify(word, call.ctx, word.glob) != Place::Outside {
        return false;
    }
    let (Some(home), Some(path)) = (call.ctx.home.as_deref(), absolute(word, call.ctx)) else { return false };
    if path.starts_with(&call.ctx.project_root) {
        return false;
    }
    // Dot files and directories are configuration, caches and state, which the file rules
    // judge (`~/.bashrc`); the rest is the user's own (`~/Documents`, `~/notes.txt`).
    let own = path
        .strip_prefix(home)
        .ok()
        .and_then(|rest| rest.components().next())
        .is_some_and(|first| !first.as_os_str().to_string_lossy().starts_with('.'));
    own && (empties
        || root.is_some()
        || !word.glob && path.symlink_metadata().is_ok_and(|meta| !meta.is_dir()))
}

/// Whether `word` names a file under a dot directory (or a dot file) of the home directory,
/// outside the project: what [`destroys`] leaves to the file rules.
fn empties_home_state(word: &Word, call: &Call) -> bool {
    if classify(word, call.ctx, word.glob) != Place::Outside {
        return false;
    }
    let (Some(home), Some(path)) = (call.ctx.home.as_deref(), absolute(word, call.ctx)) else { return false };
    if path.starts_with(&call.ctx.project_root) || path.is_dir() {
        return false;
    }
    path.strip_prefix(home).ok().and_then(|rest| rest.components().next()).is_some_and(|first| {
        let first = first.as_os_str().to_string_lossy();
        first.starts_with('.') && first.len() > 1
    })
}

/// Where emptying a file loses no data: logs (the disk pack's `disk.system-logs`), caches,
/// scratch, and the kernel's and run time's files.
const NO_DATA_DIRS: &[&str] = &["/var/log", "/var/tmp", "/var/cache", "/var/run"];

/// The operating system's directories that hold data rather than programs and settings (those
/// are the file rules': `/etc/**`, `/usr/**`).
const SYSTEM_DATA_DIRS: &[&str] = &["/var", "/srv", "/opt", "/mnt", "/media", "/home", "/Users", "/Volumes"];

/// Whether `word` names a file outside the project, the home directory and the temp dirs
/// whose emptying loses data (`/var/lib/app/data.db`, `/srv/app/db.sqlite`). `/proc`, `/sys`
/// and `/dev` are not data (and the disk pack's).
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn empties_data(word: &Word, how: &str, call: &Call) -> bool {
    let place = classify(word, call.ctx, word.glob);
    if !matches!(place, Place::System | Place::Outside) {
        return false;
    }
    let Some(path) = absolute(word, call.ctx) else { return false };
    let home = call.ctx.home.as_deref();
    if place == Place::System && !SYSTEM_DATA_DIRS.iter().any(|dir| path.starts_with(dir))
        || path.starts_with(&call.ctx.project_root)
        || home.is_some_and(|home| path.starts_with(home))
        || NO_DATA_DIRS.iter().any(|dir| path.starts_with(dir))
        || path.is_dir()
    {
        return false;
    }
    // `truncate -s 1G /srv/disk.img` makes an image; only a file that exists loses data to it.
    how != "truncate" || truncates_to_zero(call) || path.symlink_metadata().is_ok()
}

/// Whether `truncate` is given size 0 (`-s 0`, `--size=0`) or an empty file's size (`-r F`).
fn truncates_to_zero(call: &Call) -> bool {
    let args = call.args();
    args.iter().enumerate().any(|(at, arg)| {
        let next = || args.get(at + 1).map(|w| w.text.as_str());
        match arg.text.as_str() {
            "-s" | "--size" => next() == Some("0"),
            "-r" | "--reference" => true,
            text => matches!(text, "-s0" | "--size=0") || text.starts_with("--reference="),
        }
    })
}

/// The absolute path `word` names (`~/x`, `$HOME/x`, `/x`, or relative to where the command
/// runs), with `.` and `..` resolved on the text; `None` for any other run-time word.
pub(super) fn absolute(word: &Word, ctx: &Context) -> Option<PathBuf> {
    let text = word.text.as_str();
    let home = || ctx.home.clone();
    let joined = if let Some(rest) = text.strip_prefix("~/").or_else(|| text.strip_prefix("$HOME/")) {
        home()?.join(rest)
    } else if word.dynamic || text.starts_with(['~', '\\']) || text.starts_with("/dev/") {
        // Devices (`\\.\PhysicalDrive0`, `/dev/sda`) are the dd and disk packs'.
        return None;
    } else {
        ctx.cwd.join(text)
    };
    let mut path = PathBuf::new();
    for part in joined.components() {
        match part {
            Component::ParentDir => {
                path.pop();
            }
            Component::CurDir => {}
            part => path.push(part),
        }
    }
    Some(path)
}

/// The files the command writes from their start, whether what it writes is nothing, and the
/// command's name (or `>`) for the message.
pub(super) fn targets<'c>(call: &Call<'c>) -> Vec<(Cow<'c, Word>, bool, &'c str)> {
    let command = call.command;
    let args = command.args();
    let mut found = Vec::new();
    let writes_nothing = || writes_nothing(call);
    for redirect in &command.redirects {
        if redirect.op == RedirectOp::Write {
            found.push((Cow::Borrowed(&redirect.target), writes_nothing(), ">"));
        }
    }
    let Some(name) = call.name else { return found };
    let operands = || -> Vec<&Word> { args.iter().filter(|w| !w.text.starts_with('-')).collect() };
    match name {
        // `truncate -s 0 F`, `truncate -r EMPTY F`; a size that only grows (`-s +1M`) keeps it.
        "truncate" => {
            let mut grows = false;
            let mut files = Vec::new();
            let mut value_next = false;
            for arg in args {
                let text = arg.text.as_str();
                if value_next {
                    value_next = false;
                    grows |= text.starts_with('+');
                } else if matches!(text, "-s" | "--size" | "-r" | "--reference") {
                    value_next = true;
                } else if let Some(size) = text.strip_prefix("--size=").or_else(|| text.strip_prefix("-s")) {
                    grows |= size.starts_with('+');
                } else if !text.starts_with('-') {
                    files.push(arg);
                }
            }
            if !grows {
                found.extend(files.into_iter().map(|file| (Cow::Borrowed(file), true, "truncate")));
            }
        }
        // A copy, link or move onto the file replaces it.
        // `ln` replaces only with `-f`.
        "ln" if !args.iter().any(|a| {
            a.text == "--force"
                || a.text.starts_with('-') && !a.text.starts_with("--") && a.text.contains('f')
        }) => {}
        "cp" | "install" | "ln" | "mv" | "rsync" => {
            if let Some((target, sources)) =
                operands().split_last().filter(|(_, sources)| !sources.is_empty())
            {
                let empties = sources.iter().all(|source| EMPTY_SOURCES.contains(&source.text.as_str()));
                let into_directory = target.text.ends_with('/');
                if !into_directory {
                    found.push((Cow::Borrowed(*target), empties, name));
                }
            }
        }
        // `tee F < /dev/null`, `: | tee F`; `tee -a` appends.
        "tee"
            if !args
                .iter()
                .any(|a| a.text == "--append" || a.text.starts_with('-') && a.text.contains('a')) =>
        {
            let empty_input = match &command.stdin {
                Stdin::File(file) => EMPTY_SOURCES.contains(&file.text.as_str()),
                _ => call.analysis.stdin_text(call.index).is_some_and(|text| text.trim().is_empty()),
            };
            found.extend(operands().into_iter().map(|file| (Cow::Borrowed(file), empty_input, "tee")));
        }
        // `shuf -n 0 -o F`: no line chosen, F emptied (`sort -o F F` keeps what it sorts).
        "shuf"
            if args.iter().any(|a| matches!(a.text.as_str(), "-n0" | "--head-count=0"))
                || args
                    .windows(2)
                    .any(|p| matches!(p[0].text.as_str(), "-n" | "--head-count") && p[1].text == "0") =>
        {
            for (at, arg) in args.iter().enumerate() {
                if matches!(arg.text.as_str(), "-o" | "--output") {
                    found.extend(args.get(at + 1).map(|file| (Cow::Borrowed(file), true, "shuf")));
                } else if let Some(file) = arg.text.strip_prefix("--output=") {
                    let word = Word { text: file.to_string(), raw: file.to_string(), ..arg.clone() };
                    found.push((Cow::Owned(word), true, "shuf"));
                }
            }
        }
        // `dd of=F` writes over F from its start (or its `seek=`), whatever it copies and
        // whether or not it truncates the rest (`conv=notrunc`).
        "dd" => found.extend(args.iter().filter_map(|a| {
            let file = a.text.strip_prefix("of=")?;
            let raw = a.raw.strip_prefix("of=").unwrap_or(file);
            Some((Cow::Owned(Word { text: file.to_string(), raw: raw.to_string(), ..a.clone() }), true, "dd"))
        })),
        _ => {}
    }
    found
}

/// Whether the command puts nothing in the file its output goes to: no command at all (`> F`),
/// `:`/`true`/`false`, `cat /dev/null`, or text the line fixes as blank (`echo -n`, `printf ''`).
fn writes_nothing(call: &Call) -> bool {
    let command = call.command;
    if command.argv.is_empty() {
        return true;
    }
    match call.name {
        Some(":" | "true" | "false") => true,
        Some("cat") if !command.args().is_empty() => {
            command.args().iter().all(|a| EMPTY_SOURCES.contains(&a.text.as_str()))
        }
        Some("echo" | "printf") => crate::shell::file_output(&call.analysis.commands, call.index)
            .is_some_and(|text| text.trim().is_empty()),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use crate::policy::PackSettings;
    use crate::rules::testing::evaluate_in;
    use crate::shell::{Dialect, analyse};

    /// A file of the user's own that exists is destroyed by any write from its start; one that
    /// does not is only made. Appends, directories and dot files are left to other rules.
    #[test]
    fn an_existing_file_of_the_users_own_written_over_is_destroyed() {
        let root = crate::scratch::Scratch::new("overwrite");
        let home = root.join("home");
        std::fs::create_dir_all(home.join("Documents")).unwrap();
        std::fs::create_dir_all(home.join("app")).unwrap();
        std::fs::write(home.join("Documents/taxes.pdf"), "%PDF").unwrap();
        let mut ctx = crate::rules::testing::ctx();
        ctx.home = Some(home.clone());
        ctx.cwd = home.join("app");
        ctx.project_root = home.join("app");
        let rule = |line: &str| {
            evaluate_in(&analyse(line, Dialect::Posix), &ctx, &PackSettings::default()).map(|f| f.rule)
        };
        for line in [
            "echo hi > ~/Documents/taxes.pdf",
            "python3 gen.py > $HOME/Documents/taxes.pdf",
            "make 2> ~/Documents/taxes.pdf",
            "cp /tmp/x ~/Documents/taxes.pdf",
            "mv /tmp/x ~/Documents/taxes.pdf",
            "rsync /tmp/x ~/Documents/taxes.pdf",
            "echo x | tee ~/Documents/taxes.pdf",
            "echo x > ../Documents/taxes.pdf",
            "cd ~/Documents && echo x > taxes.pdf",
            "echo x > ~/Documents/./sub/../taxes.pdf",
        ] {
            assert_eq!(rule(line), Some("rm.outside-project"), "{line}");
        }
        for line in [
            "echo hi > ~/Documents/new.txt",
            "echo x >> ~/Documents/taxes.pdf",
            "echo x | tee -a ~/Documents/taxes.pdf",
            "cp report.pdf ~/Documents",
            "cp report.pdf ~/Documents/",
            "cat ~/Documents/taxes.pdf",
            "echo x > notes.txt",
            "ln -s /tmp/x ~/Documents/taxes.pdf",
        ] {
            assert_eq!(rule(line), None, "{line}");
        }
    }
}
