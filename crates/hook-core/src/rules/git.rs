//! The `git` pack: git commands that destroy history or uncommitted work.
//!
//! `reset --hard`, `clean` with force (unless dry-run), force pushes without a lease (`-f`,
//! `--force`, `+refspec`, `--mirror`), deletes of remote branches (`push --delete`,
//! `push origin :branch`), `checkout`/`restore` of the whole work tree (`.`, `*`, `:/`, a
//! run-time pathspec; a named file is allowed: that is how an agent undoes its own edit),
//! forced `checkout -f`/`switch --discard-changes`, `worktree remove --force`, `submodule
//! deinit --force`, `rm -r` of the whole tree (not `--cached`), refs moved by `update-ref`,
//! `stash drop`/`stash clear`, `branch -D`, and what takes away the way back: `update-ref -d`,
//! `reflog expire`/`gc --prune` of everything at once, and whole-history rewrites
//! (`filter-branch`, `filter-repo`); also `rm -r -f` of a directory, `diff | apply -R`, and
//! `branch -M|-C` over a branch that exists. Global options before the subcommand (`-C dir`,
//! `-c k=v`, `--git-dir=...`) are skipped; long options are read as git reads their prefixes.

use super::{Call, Hit, short_cluster_has};
use crate::shell::{SimpleCommand, Word};

pub(super) const GUESSES: &[&str] = &["git"];

/// Global options that take the next word as their value.
const GLOBAL_OPTIONS_WITH_VALUE: &[&str] =
    &["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--config-env", "--super-prefix", "--exec-path"];

/// `cat cmds | xargs git`, `… | xargs git reset`: the subcommand, or a flag of one that a
/// flag turns destructive (`--hard`, `-f`), read from standard input the line does not fix.
/// (Input the line fixes is already in the arguments: `echo --hard | xargs git reset`.)
/// `parsed` is [`subcommand`] of `args`.
fn from_xargs_input(args: &[Word], parsed: Option<(&str, &[Word])>) -> Option<Hit> {
    let input = |word: &Word| word.text == crate::shell::XARGS_INPUT;
    let (subcommand, unknown) = match parsed {
        Some((subcommand, rest)) => {
            // After `--` the words are paths, never flags.
            let options = rest.iter().take_while(|w| w.text != "--");
            (subcommand, matches!(subcommand, "reset" | "clean" | "push") && options.into_iter().any(input))
        }
        // The first word past the global options is xargs input.
        None => ("", args.iter().any(input)),
    };
    unknown.then(|| {
        Hit::ask(
            "opaque.exec",
            format!("xargs hands `git{}` words read at run time, which can be a subcommand or a flag (`--hard`, `-f`) that throws work away. Run the git command itself, or confirm that this is safe.", if subcommand.is_empty() { String::new() } else { format!(" {subcommand}") }),
        )
    })
}

pub(super) fn judge(call: &Call) -> Option<Hit> {
    let name = call.name?;
    if name == "patch" {
        return reverses_by_patch(call);
    }
    if name != "git" {
        return match name {
            "bfg" => bfg(call.args()),
            "hg" | "chg" | "sl" | "svn" | "svnadmin" | "fossil" | "jj" | "bzr" | "brz" | "darcs" => {
                other_vcs(name, call.args())
            }
            "p4" => other_vcs(name, p4_command(call.args())),
            _ => None,
        };
    }
    let args = call.args();
    let parsed = subcommand(args);
    if let Some(hit) = from_xargs_input(args, parsed) {
        return Some(hit);
    }
    let (subcommand, rest) = parsed?;
    let spelled = spelled_out(subcommand, rest);
    let rest: Vec<&Word> = spelled.iter().collect();
    let texts: Vec<&str> = rest.iter().map(|w| w.text.as_str()).collect();
    // `git -c clean.requireForce=false clean`, `-c gc.pruneExpire=now gc`: settings given on
    // the line that turn the command into its forced form.
    let setting = |key: &str, values: &[&str]| {
        args.windows(2).any(|pair| {
            pair[0].text == "-c"
                && pair[1].text.split_once('=').is_some_and(|(k, v)| {
                    k.eq_ignore_ascii_case(key) && values.iter().any(|value| v.eq_ignore_ascii_case(value))
                })
        })
    };
    match subcommand {
        "clean" if setting("clean.requireForce", &["false", "0", "no", "off"]) && !texts.iter().any(|a| *a == "--dry-run" || short_cluster_has(a, 'n')) => {
            Some(Hit::new("git.clean-force", "`git clean` with `clean.requireForce=false` permanently deletes untracked files. Preview with `git clean -n`, then delete specific paths, or ask the user."))
        }
        "gc" | "prune" | "reflog" if setting("gc.reflogExpire", &["now", "all"]) || setting("gc.reflogExpireUnreachable", &["now", "all"]) => {
            Some(Hit::new("git.prune-now", "Expiring the reflog now and pruning deletes the commits that `reset` or `rebase` left behind, which `git reflog` could otherwise bring back. Run `git gc` without those settings, or ask the user."))
        }
        "prune" if texts.windows(2).any(|pair| pair[0] == "--expire" && matches!(pair[1], "now" | "all")) => Some(prune_now()),
        "gc" | "prune" if setting("gc.pruneExpire", &["now", "all"]) => Some(prune_now()),
        // `git checkout-index -a -f`: every tracked file written over from the index.
        "checkout-index" if texts.iter().any(|a| *a == "--all" || short_cluster_has(a, 'a')) && texts.iter().any(|a| *a == "--force" || short_cluster_has(a, 'f')) => {
            Some(Hit::new("git.checkout-discard", "`git checkout-index -a -f` overwrites every uncommitted change in the work tree. Commit or `git stash` first."))
        }
        "reset" if texts.contains(&"--hard") => {
            Some(Hit::new("git.reset-hard", "`git reset --hard` throws away uncommitted changes. Commit or `git stash` them first, or use `git reset --soft`/`--mixed`."))
        }
        // `--merge` resets the index and every file whose staged change has no unstaged edit
        // on top (git-reset(1)): staged work is lost as with `--hard`.
        "reset" if texts.contains(&"--merge") => Some(Hit::new("git.reset-hard", "`git reset --merge` throws away staged changes (those with no unstaged edits on top). Commit or `git stash` them first, or use `git merge --abort`/`git reset --keep`.")),
        "clean" => is_forced_clean(&texts).then(|| {
            Hit::new("git.clean-force", "`git clean -f` permanently deletes untracked files. Preview with `git clean -n`, then delete specific paths, or ask the user.")
        }),
        "push" => judge_push(&texts),
        // `git checkout -B main x`, `git switch -C main x`: an existing branch reset to x.
        "checkout" | "switch" if moves_branch_by_force(subcommand, &texts).is_some() => moves_branch_by_force(subcommand, &texts),
        "checkout" | "switch" if forces_switch(subcommand, &texts) => Some(Hit::new(
            "git.checkout-discard",
            format!("A forced `git {subcommand}` discards every uncommitted change it would conflict with. Commit or `git stash` first."),
        )),
        "worktree" if texts.first() == Some(&"remove") && texts.iter().any(|a| *a == "--force" || short_cluster_has(a, 'f')) => {
            Some(Hit::new(
                "git.worktree-force-remove",
                "`git worktree remove --force` deletes a work tree with its uncommitted changes. Commit or stash there first, or ask the user.",
            ))
        }
        "rm" if !texts.contains(&"--cached") && !texts.iter().any(|a| *a == "--dry-run" || short_cluster_has(a, 'n')) && texts.iter().any(|a| short_cluster_has(a, 'r')) => {
            if discards_work_tree(&rest, false) {
                return Some(Hit::new("git.rm-tree", "`git rm -r` of the whole tree deletes every tracked file from the work tree. Remove the specific paths, or use `--cached`."));
            }
            // Forced, it also drops the uncommitted changes under a directory, as `git checkout
            // -- DIR/` does; unforced, git refuses to remove a file with changes.
            let forced = texts.iter().any(|a| *a == "--force" || short_cluster_has(a, 'f'));
            let directory = pathspecs(&rest).find(|(word, _)| !names_a_file(word, call));
            directory.filter(|_| forced).map(|(word, _)| {
                Hit::new("git.rm-tree", format!("`git rm -r -f {}` deletes the directory's tracked files with their uncommitted changes. Commit or `git stash` first, or remove it without `-f`.", word.text))
            })
        }
        "checkout" if discards_work_tree(&rest, false) => Some({
            Hit::new("git.checkout-discard", "This `git checkout` discards every uncommitted change in the work tree. Restore the specific files you changed, or `git stash` first.")
        }),
        "restore" if restores_work_tree(&texts) && discards_work_tree(&rest, true) => Some({
            Hit::new("git.restore-worktree", "This `git restore` discards every uncommitted change in the work tree. Restore the specific files you changed, or `git stash` first.")
        }),
        // A directory or a glob: every uncommitted change under it (`git checkout HEAD -- src/`).
        "checkout" => discarded_directory(&rest, false, call).map(|dir| {
            Hit::new("git.checkout-discard", format!("This `git checkout` discards every uncommitted change under `{dir}`. Restore the specific files you changed, or `git stash` first."))
        }),
        "restore" if restores_work_tree(&texts) => discarded_directory(&rest, true, call).map(|dir| {
            Hit::new("git.restore-worktree", format!("This `git restore` discards every uncommitted change under `{dir}`. Restore the specific files you changed, or `git stash` first."))
        }),
        "stash" => match texts.first() {
            Some(&"drop") => Some(Hit::new("git.stash-drop", "`git stash drop` deletes stashed work for good. Leave the stash in place, or ask the user.")),
            Some(&"clear") => Some(Hit::new("git.stash-clear", "`git stash clear` deletes every stash for good. Leave the stashes in place, or ask the user.")),
            _ => None,
        },
        "branch" => is_forced_branch_delete(&texts).then(|| {
            Hit::new("git.branch-force-delete", "`git branch -D` deletes a branch even if its commits are not merged anywhere. Use `git branch -d`, or ask the user.")
        }).or_else(|| moves_branch_by_force(subcommand, &texts)).or_else(|| renames_over_branch(call, args, &texts)),
        "fetch" | "pull" => fetch_moves_branch(subcommand, &texts),
        "apply" => reverses_work_tree_diff(call, &texts).then(|| {
            Hit::new("git.checkout-discard", "Reverse-applying `git diff` discards the uncommitted changes it shows. Restore the specific files you changed, or `git stash` first.")
        }),
        "update-ref" if texts.iter().any(|a| short_cluster_has(a, 'd')) => {
            Some(Hit::new("git.update-ref-delete", "`git update-ref -d` deletes a ref, with no check that its commits are kept anywhere. Use `git branch -d`, or ask the user."))
        }
        // `git update-ref refs/heads/main HEAD~3`: a ref moved, as `branch -f` moves it; to
        // `HEAD` itself (a new ref at the current commit) nothing is left behind.
        "update-ref" => moves_ref(&texts).then(|| {
            Hit::new("git.branch-force-move", "`git update-ref` moves a ref to another commit; what was only on it is left behind. Create a new branch, or ask the user.")
        }),
        // `git submodule deinit -f`: the submodules' work trees removed with their changes.
        "submodule" if texts.first() == Some(&"deinit") && texts.iter().any(|a| *a == "--force" || short_cluster_has(a, 'f')) => {
            Some(Hit::new("git.submodule-deinit-force", "`git submodule deinit --force` deletes submodule work trees with their uncommitted changes. Run it without `--force`, or ask the user."))
        }
        // `git read-tree --reset -u HEAD`: the work tree reset to the index, changes gone.
        "read-tree" if texts.contains(&"-u") && texts.iter().any(|a| matches!(*a, "--reset" | "-m")) && texts.contains(&"--reset") => {
            Some(Hit::new("git.checkout-discard", "`git read-tree --reset -u` discards every uncommitted change in the work tree. Commit or `git stash` first."))
        }
        "reflog" => drops_reflog_now(&texts).then(|| {
            Hit::new("git.reflog-expire", "Expiring the reflog now removes the only record of commits that `reset` or `rebase` left behind. Leave the reflog to expire on its own, or ask the user.")
        }),
        "gc" | "prune" => texts.iter().any(|a| matches!(*a, "--prune=now" | "--prune=all" | "--expire=now" | "--expire=all")).then(prune_now),
        // `git lfs migrate import|export` rewrites the commits of the current branch (every
        // branch with `--everything`) to move files in or out of LFS; `--no-rewrite` adds a
        // commit instead, and `info` only reports.
        "lfs" if texts.first() == Some(&"migrate")
            && matches!(texts.get(1), Some(&"import" | &"export"))
            && !texts.contains(&"--no-rewrite") =>
        {
            Some(Hit::new(
                "git.history-rewrite",
                "`git lfs migrate` rewrites the history of the repository's branches (every one with `--everything`). Ask the user to run it.",
            ))
        }
        // `git tag -d $(git tag)`, `git tag -l | xargs git tag -d`: tags named only at run time,
        // every one of them as likely as one.
        "tag" if texts.iter().any(|a| *a == "--delete" || short_cluster_has(a, 'd'))
            && rest.iter().any(|w| !w.text.starts_with('-') && (w.dynamic || w.text.contains(crate::shell::XARGS_INPUT))) =>
        {
            Some(Hit::ask(
                "git.update-ref-delete",
                "`git tag -d` of tags listed at run time deletes every tag the list holds. Delete the tags you mean by name, or ask the user.",
            ))
        }
        // `git filter-repo --analyze` (or `--dry-run`) only reports.
        "filter-repo" if texts.iter().any(|a| matches!(*a, "--analyze" | "--dry-run")) => None,
        "filter-branch" | "filter-repo" => Some(Hit::new(
            "git.history-rewrite",
            format!("`git {subcommand}` rewrites the whole history of the repository. Ask the user to run it."),
        )),
        _ => None,
    }
}

/// The long options each subcommand's judgement reads, destructive ones first. git's
/// option parser takes any unambiguous prefix of a long option (`reset --har` is `--hard`) and
/// refuses an ambiguous one, so a prefix read as the first option it begins refuses nothing
/// that would run.
const LONG_OPTIONS: &[(&str, &[&str])] = &[
    ("reset", &["hard", "soft", "mixed", "merge", "keep"]),
    ("clean", &["force", "dry-run", "exclude"]),
    (
        "push",
        &[
            "force",
            "force-with-lease",
            "force-if-includes",
            "delete",
            "prune",
            "mirror",
            "dry-run",
            "push-option",
            "repo",
            "receive-pack",
            "exec",
        ],
    ),
    ("checkout", &["force", "pathspec-from-file"]),
    ("switch", &["discard-changes", "force", "force-create"]),
    ("restore", &["worktree", "staged", "source", "pathspec-from-file"]),
    ("worktree", &["force"]),
    ("submodule", &["force"]),
    ("rm", &["force", "cached", "dry-run", "pathspec-from-file"]),
    ("branch", &["delete", "force", "move", "copy"]),
    ("fetch", &["force"]),
    ("pull", &["force"]),
    ("read-tree", &["reset"]),
    ("gc", &["prune"]),
    ("prune", &["expire", "dry-run"]),
    ("apply", &["reverse", "index", "cached", "check"]),
    ("checkout-index", &["all", "force"]),
    ("update-ref", &["stdin"]),
];

/// `args` with each abbreviated long option written out in full (`--forc` -> `--force`,
/// `--force-with-lea=x` -> `--force-with-lease=x`). A word whose run-time part follows the
/// option's name (`--hard$(true)`) is that option: anything else it could become is refused by
/// git. Options after `--` are operands.
fn spelled_out<'a>(subcommand: &str, args: &'a [Word]) -> std::borrow::Cow<'a, [Word]> {
    match LONG_OPTIONS.iter().find(|(name, _)| *name == subcommand) {
        Some((_, options)) => spell_out(options, args),
        None => std::borrow::Cow::Borrowed(args),
    }
}

#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn spell_out<'a>(options: &[&str], args: &'a [Word]) -> std::borrow::Cow<'a, [Word]> {
    let end = args.iter().position(|w| w.text == "--").unwrap_or(args.len());
    let full = |word: &Word| crate::shell::spelled(&word.text, options);
    if !args[..end].iter().any(|w| full(w).is_some()) {
        return std::borrow::Cow::Borrowed(args);
    }
    let words = args
        .iter()
        .enumerate()
        .map(|(at, word)| match full(word).filter(|_| at < end) {
            Some(text) => Word { text, ..word.clone() },
            None => word.clone(),
        })
        .collect();
    std::borrow::Cow::Owned(words)
}

/// A pathspec that names one file: on the disk as a file, or with no directory to be known
/// (the project's files are not there to look at); not a glob, a run-time word, the whole
/// tree or a name written as a directory.
/// Mercurial's, Subversion's, Fossil's, Jujutsu's and Breezy's commands that do what the git
/// rules stop, judged under the same ids: `hg strip`/`prune` (commits taken out of history,
/// `--no-backup` or not), `hg rollback` and `hg update -C` (the last transaction or the
/// uncommitted changes undone), `hg revert --all`, `svn revert -R`, `fossil revert` of
/// everything, `hg purge` and `svn cleanup --remove-unversioned` (untracked files deleted),
/// `svn delete URL` (a commit on the server, as a remote branch deleted), `jj op abandon` (the
/// operation log that undoes anything), `hg push -f` and its kin (`sl`, `jj git push`), `darcs
/// obliterate`, `bzr uncommit`, `svnadmin load --force-uuid`. `hg revert FILE`, `svn delete FILE` in a working copy
/// (a local change until committed) and `jj abandon` (undone by `jj undo`) pass. Perforce:
/// `p4 obliterate -y` (files and history gone from the depot), `p4 client -d -f`, `p4 delete` of a depot tree
/// (`//depot/main/...`), `p4 revert` of one (opened changes thrown away) and `p4 clean`;
/// `obliterate` without `-y` only previews, `revert -a` reverts unchanged files only.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn other_vcs(name: &str, args: &[Word]) -> Option<Hit> {
    let words: Vec<&str> = args.iter().map(|w| w.text.as_str()).collect();
    let has = |options: &[&str]| words.iter().any(|w| options.contains(w));
    let operands: Vec<&str> = words.iter().copied().filter(|w| !w.starts_with('-')).collect();
    let verb = operands.first().copied().unwrap_or_default();
    let whole = |at: usize| operands.len() <= at || operands[at..].iter().any(|o| is_whole_tree(o));
    let hit = |id: &'static str, what: &str| Some(Hit::new(id, format!("`{name} {verb}` {what}")));
    match (name, verb) {
        ("hg" | "chg" | "sl", "strip" | "debugstrip" | "prune" | "histedit" | "obsolete") => hit(
            "git.history-rewrite",
            "takes commits out of the repository's history. Ask the user to run it.",
        ),
        ("hg" | "chg", "rollback") => hit(
            "git.reset-hard",
            "undoes the last transaction (a commit or a pull) for good. Ask the user to run it.",
        ),
        ("hg" | "chg", "update" | "up" | "checkout" | "co") if has(&["-C", "--clean"]) => hit(
            "git.checkout-discard",
            "with `--clean` throws away every uncommitted change. Commit or `hg shelve` first.",
        ),
        ("hg" | "chg", "revert") if has(&["-a", "--all"]) => hit(
            "git.restore-worktree",
            "of every file throws away the uncommitted changes. Revert the files you changed by name.",
        ),
        ("hg" | "chg", "purge" | "clean") if !has(&["-p", "--print"]) => hit(
            "git.clean-force",
            "deletes every untracked file (and ignored ones with `--all`). List them with `--print` first.",
        ),
        // `hg push -f` (`sl push --force`, `jj git push --force`): heads the server had are
        // no longer the only ones, as a git force push replaces what others fetched.
        ("hg" | "chg" | "sl", "push") | ("jj", "git")
            if has(&["-f", "--force"]) && (name != "jj" || operands.get(1) == Some(&"push")) =>
        {
            hit("git.push-force", "with `--force` pushes over what the server holds. Ask the user to run it.")
        }
        // A URL, or `^/branches` (the repository's root, as a URL).
        ("svn", "delete" | "del" | "remove" | "rm")
            if operands[1..].iter().any(|o| o.contains("://") || o.starts_with("^/")) =>
        {
            hit(
                "git.push-delete",
                "of a URL commits the deletion on the server at once. Ask the user to run it.",
            )
        }
        ("svn", "revert")
            if has(&["-R", "--recursive", "--depth=infinity"])
                || words.windows(2).any(|pair| pair == ["--depth", "infinity"]) =>
        {
            hit(
                "git.restore-worktree",
                "of a whole tree throws away its uncommitted changes. Revert the files you changed by name.",
            )
        }
        ("svn", "cleanup") if has(&["--remove-unversioned", "--remove-ignored"]) => {
            hit("git.clean-force", "deletes every unversioned file. Delete the files you mean by name.")
        }
        ("fossil", "revert") if whole(1) => hit(
            "git.restore-worktree",
            "of everything throws away the uncommitted changes. Revert the files you changed by name.",
        ),
        ("fossil", "clean") if !has(&["-n", "--dry-run"]) => hit(
            "git.clean-force",
            "deletes the files the repository does not hold. Run it with `--dry-run` first.",
        ),
        ("fossil", "scrub") => {
            hit("git.history-rewrite", "deletes data from the repository for good. Ask the user to run it.")
        }
        // `jj abandon 'all()'`, `jj abandon 'main..'`: a revset of many revisions (one
        // named, or none, which is `@`, is everyday work; `jj undo` brings any back).
        ("jj", "abandon") if operands[1..].iter().any(|o| many_revisions(o)) || operands.len() > 3 => {
            Some(Hit::ask(
                "git.history-rewrite",
                "`jj abandon` of a set of revisions drops their changes from the history. Abandon the revisions you mean by name, or ask the user.",
            ))
        }
        ("jj", "op" | "operation") if operands.get(1) == Some(&"abandon") => hit(
            "git.reflog-expire",
            "deletes the operation log that `jj undo` goes back by. Ask the user to run it.",
        ),
        // `svnadmin load --force-uuid` gives the repository the dump's identity: every working
        // copy of it is another repository's from then on.
        ("svnadmin", "load") if has(&["--force-uuid"]) => hit(
            "git.history-rewrite",
            "with `--force-uuid` loads another repository's history and identity over this one. Ask the user to run it.",
        ),
        ("darcs", "obliterate" | "unpull" | "prune") if !has(&["--dry-run"]) => hit(
            "git.history-rewrite",
            "deletes patches from the repository and the changes they hold for good. Ask the user to run it.",
        ),
        ("darcs", "revert") if has(&["-a", "--all"]) => hit(
            "git.restore-worktree",
            "of everything throws away the unrecorded changes. Revert the files you changed by name.",
        ),
        ("bzr" | "brz", "uncommit") if !has(&["--dry-run"]) => hit(
            "git.history-rewrite",
            "takes commits off the branch (and its bound master). Ask the user to run it.",
        ),
        // `client -d -f`: a workspace deleted with the files opened in it.
        ("p4", "client" | "workspace") if has(&["-d"]) && has(&["-f"]) => hit(
            "git.worktree-force-remove",
            "with `-d -f` deletes a workspace even with changes opened in it. Ask the user to run it.",
        ),
        ("p4", "obliterate") if has(&["-y"]) => hit(
            "git.history-rewrite",
            "with `-y` removes the files and their whole history from the depot for good. Run it without `-y` to preview, or ask the user.",
        ),
        ("p4", "delete") if !has(&["-n"]) && operands[1..].iter().any(|o| depot_tree(o)) => hit(
            "git.rm-tree",
            "of a whole tree deletes every file in it at the next submit. Delete the files you mean by name.",
        ),
        ("p4", "revert") if !has(&["-a", "-n", "-k"]) && operands[1..].iter().any(|o| depot_tree(o)) => hit(
            "git.restore-worktree",
            "of a whole tree throws away its opened changes. Revert the files you changed by name, or preview with `-n`.",
        ),
        ("p4", "clean") if !has(&["-n"]) => hit(
            "git.clean-force",
            "deletes the local files the depot does not hold and undoes the local changes. Run it with `-n` first.",
        ),
        ("bzr" | "brz", "clean-tree") if !has(&["--dry-run"]) => hit(
            "git.clean-force",
            "deletes the files the branch does not hold. Run it with `--dry-run` first.",
        ),
        ("bzr" | "brz", "revert") if whole(1) && !has(&["--dry-run"]) => hit(
            "git.restore-worktree",
            "of everything throws away the uncommitted changes. Revert the files you changed by name.",
        ),
        _ => None,
    }
}

/// `bfg --delete-files id_rsa`, `--replace-text words.txt`, `--strip-blobs-bigger-than 1M`:
/// BFG Repo-Cleaner rewrites every commit of the repository it is given (`--help` and a bare
/// `bfg` only print).
fn bfg(args: &[Word]) -> Option<Hit> {
    const REWRITES: &[&str] = &[
        "-D",
        "--delete-files",
        "--delete-folders",
        "-rt",
        "--replace-text",
        "-b",
        "--strip-blobs-bigger-than",
        "-B",
        "--strip-biggest-blobs",
        "-bi",
        "--strip-blobs-with-ids",
        "--convert-to-git-lfs",
    ];
    args.iter().any(|w| REWRITES.contains(&w.text.split('=').next().unwrap_or_default())).then(|| {
        Hit::new(
            "git.history-rewrite",
            "`bfg` rewrites every commit of the repository. Ask the user to run it.",
        )
    })
}

/// A p4 command's words from its subcommand on, past the global options (`p4 -c WS -u U
/// delete …`).
fn p4_command(args: &[Word]) -> &[Word] {
    let mut at = 0;
    while let Some(option) = args.get(at).map(|w| w.text.as_str()).filter(|t| t.starts_with('-')) {
        let valued = matches!(
            option,
            "-c" | "-p" | "-u" | "-P" | "-H" | "-d" | "-C" | "-Q" | "-x" | "-z" | "-r" | "-L"
        );
        at += if valued { 2 } else { 1 };
    }
    args.get(at..).unwrap_or_default()
}

/// A jj revset that can hold many revisions: a function (`all()`, `mutable()`), a range
/// (`x..y`, `::x`), a union or a difference, or one known only at run time.
fn many_revisions(revset: &str) -> bool {
    revset.contains(['(', '|', '~', '&', '$', '`']) || revset.contains("..") || revset.contains("::")
}

/// A Perforce path that names a whole tree: `...`, `//...`, `//depot/main/...` (a revision
/// or range after it too).
fn depot_tree(path: &str) -> bool {
    let path = path.split(['#', '@']).next().unwrap_or(path);
    matches!(path, "..." | "./..." | "//...") || path.starts_with("//") && path.ends_with("/...")
}

fn names_a_file(word: &Word, call: &Call) -> bool {
    let text = word.text.as_str();
    !word.dynamic
        && !text.contains(['*', '?'])
        && !text.ends_with('/')
        && !is_whole_tree(text)
        && call.ctx.cwd_known
        && call.ctx.cwd.join(text).is_file()
}

/// `git diff [...] | git apply -R`: the work tree's changes applied in reverse, which takes
/// them out of it (and of the index with `--index`). `--cached` alone changes only the index,
/// `--check` and the listing options nothing; a diff limited to named files (after `--`) undoes
/// only what those files hold, as `git checkout -- FILE` does.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn reverses_work_tree_diff(call: &Call, args: &[&str]) -> bool {
    let reverse = args.iter().any(|a| *a == "--reverse" || short_cluster_has(a, 'R'));
    let only_index = args.contains(&"--cached") && !args.contains(&"--index");
    let no_change = args.iter().any(|a| matches!(*a, "--check" | "--stat" | "--numstat" | "--summary"))
        && !args.contains(&"--apply");
    let operand =
        call.args().iter().skip_while(|w| w.text != "apply").skip(1).find(|w| !w.text.starts_with('-'));
    reverse
        && !only_index
        && !no_change
        && diff_given(call, operand).is_some_and(|diff| is_work_tree_diff(diff, call))
}

/// `patch -R` of the work tree's own diff (`git diff | patch -R -p1`, `git diff > c.diff &&
/// patch -R -p1 < c.diff`): the uncommitted changes taken out, as `git apply -R` does.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn reverses_by_patch(call: &Call) -> Option<Hit> {
    let args = call.args();
    let reverse = args.iter().any(|a| a.text == "--reverse" || short_cluster_has(&a.text, 'R'));
    let dry = args.iter().any(|a| a.text == "--dry-run");
    let input =
        args.windows(2).find(|pair| pair[0].text == "-i" || pair[0].text == "--input").map(|pair| &pair[1]);
    (reverse && !dry && diff_given(call, input).is_some_and(|diff| is_work_tree_diff(diff, call))).then(|| {
        Hit::new("git.checkout-discard", "Reverse-applying `git diff` discards the uncommitted changes it shows. Restore the specific files you changed, or `git stash` first.")
    })
}

/// The command whose output a patch tool reads: the one piped in, or the one an earlier
/// command of the line redirected into the file it is given (as an operand or on `<`).
fn diff_given<'a>(call: &Call<'a>, file: Option<&Word>) -> Option<&'a SimpleCommand> {
    use crate::shell::{RedirectOp, Stdin};
    let commands = &call.analysis.commands;
    let file = match &call.command.stdin {
        Stdin::Pipe { from: Some(from) } => return commands.get(*from),
        Stdin::File(word) => Some(word),
        _ => file,
    }
    .filter(|word| !word.dynamic)?;
    commands[..call.index.min(commands.len())].iter().rev().find(|earlier| {
        earlier.redirects.iter().any(|r| {
            r.op == RedirectOp::Write
                && matches!(r.fd, None | Some(1))
                && !r.target.dynamic
                && r.target.text == file.text
        })
    })
}

/// Whether `diff` prints the work tree's uncommitted changes (`git diff [REV]`, `git stash
/// show -p`), not only the named files' (those are `git checkout -- FILE`'s business).
fn is_work_tree_diff(diff: &SimpleCommand, call: &Call) -> bool {
    let stash = diff.name() == Some("git")
        && subcommand(diff.args()).is_some_and(|(sub, rest)| {
            sub == "stash"
                && rest.first().is_some_and(|w| w.text == "show")
                && rest.iter().any(|w| matches!(w.text.as_str(), "-p" | "--patch"))
        });
    stash
        || diff.name() == Some("git")
            && subcommand(diff.args()).is_some_and(|(sub, rest)| {
                sub == "diff"
                    && !rest
                        .iter()
                        .any(|w| matches!(w.text.as_str(), "--stat" | "--name-only" | "--name-status"))
                    && {
                        let rest: Vec<&Word> = rest.iter().collect();
                        // Operands before `--` are revisions unless they are files on the disk.
                        let paths: Vec<(&Word, bool)> = pathspecs(&rest)
                            .filter(|(word, after)| *after || call.ctx.cwd.join(&word.text).exists())
                            .collect();
                        paths.is_empty()
                            || paths.iter().any(|(word, _)| !names_a_file(word, call) && !is_named_file(word))
                    }
            })
}

/// A pathspec written as one file (`src/lib.rs`): a last component with an extension, no glob.
fn is_named_file(word: &Word) -> bool {
    let last = word.text.rsplit('/').next().unwrap_or_default();
    !word.dynamic
        && !word.text.contains(['*', '?'])
        && last.rsplit_once('.').is_some_and(|(stem, ext)| !stem.is_empty() && !ext.is_empty())
}

/// `git branch -M OLD NEW` (`--move --force`, `-C`: copy): the branch NEW is written over when
/// it exists, and what was only on it is left behind. Whether it exists is read from the
/// repository (`refs/heads/NEW` or `packed-refs`); a store the guard cannot read asks.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn renames_over_branch(call: &Call, argv: &[Word], args: &[&str]) -> Option<Hit> {
    let short = |letter| args.iter().any(|a| short_cluster_has(a, letter));
    let forced = args.contains(&"--force") || short('f');
    let over = short('M')
        || short('C')
        || forced && (args.iter().any(|a| matches!(*a, "--move" | "--copy")) || short('m') || short('c'));
    if !over {
        return None;
    }
    let new = args.iter().rev().find(|a| !a.starts_with('-'))?;
    // `git -C DIR branch -M x`: the repository is DIR's.
    let mut dir = call.ctx.cwd.clone();
    for pair in argv.windows(2).filter(|pair| pair[0].text == "-C") {
        if pair[1].dynamic {
            return None;
        }
        dir = dir.join(&pair[1].text);
    }
    let message = format!(
        "`git branch` by force over the existing branch `{new}` leaves what was only on it behind. Pick a new name, or ask the user."
    );
    match call.ctx.cwd_known.then(|| branch_exists(&dir, new))? {
        Some(true) => Some(Hit::new("git.branch-force-move", message)),
        Some(false) => None,
        None => Some(Hit::ask("git.branch-force-move", message)),
    }
}

/// The directory holding the refs and `config` of the repository `dir` is in: the nearest
/// `.git` directory, or for a linked work tree or submodule (a `.git` file) the `commondir`
/// of the git dir it names.
pub(super) fn common_dir(dir: &std::path::Path) -> Option<std::path::PathBuf> {
    let dot_git = dir.ancestors().map(|d| d.join(".git")).find(|p| p.exists())?;
    let git_dir = match std::fs::read_to_string(&dot_git) {
        Ok(text) => dot_git.parent()?.join(text.strip_prefix("gitdir:")?.trim()),
        Err(_) => dot_git,
    };
    Some(match std::fs::read_to_string(git_dir.join("commondir")) {
        Ok(text) => git_dir.join(text.trim()),
        Err(_) => git_dir,
    })
}

/// Whether branch `name` exists in the repository `dir` is in: `Some(false)` too when `dir` is
/// in none (git then refuses), `None` when its refs are in a store the guard does not read.
fn branch_exists(dir: &std::path::Path, name: &str) -> Option<bool> {
    if !dir.ancestors().any(|d| d.join(".git").exists()) {
        return Some(false);
    }
    let common = common_dir(dir)?;
    if common.join("reftable").exists() {
        return None;
    }
    if common.join("refs/heads").join(name).is_file() {
        return Some(true);
    }
    let packed = std::fs::read_to_string(common.join("packed-refs")).unwrap_or_default();
    let full = format!(" refs/heads/{name}");
    Some(packed.lines().any(|line| line.ends_with(&full)))
}

/// `checkout -f`/`--force` and `switch --discard-changes`/`-f` throw local changes away.
fn forces_switch(subcommand: &str, args: &[&str]) -> bool {
    args.iter().take_while(|a| **a != "--").any(|a| {
        matches!(*a, "--force" | "--discard-changes")
            || (subcommand == "checkout" && short_cluster_has(a, 'f'))
            || (subcommand == "switch" && *a == "-f")
    })
}

/// The subcommand after git's global options, and its arguments.
fn subcommand(args: &[Word]) -> Option<(&str, &[Word])> {
    let mut index = 0;
    while let Some(word) = args.get(index) {
        let text = word.text.as_str();
        if GLOBAL_OPTIONS_WITH_VALUE.contains(&text) {
            index += 2;
        } else if text.starts_with('-') {
            index += 1;
        } else if word.dynamic {
            return None;
        } else {
            return Some((text, &args[index + 1..]));
        }
    }
    None
}

/// `git clean` with `-f`/`--force` and without `-n`/`--dry-run`, unless every pathspec is a
/// build output directory of the project (`git clean -fdx -- build/`): what it removes there
/// the next build makes again.
fn is_forced_clean(args: &[&str]) -> bool {
    let mut forced = false;
    let mut dry_run = false;
    let mut paths = Vec::new();
    let mut words = args.iter();
    while let Some(arg) = words.next() {
        match *arg {
            "--" => {
                paths.extend(words.by_ref());
                break;
            }
            "--force" => forced = true,
            "--dry-run" => dry_run = true,
            "-e" | "--exclude" => {
                words.next();
            }
            short if short.starts_with('-') && !short.starts_with("--") => {
                // `-e` swallows the rest of its cluster as the pattern (`-fe*.o`).
                let options = short[1..].split('e').next().unwrap_or_default();
                forced |= options.contains('f');
                dry_run |= options.contains('n');
            }
            path if !path.starts_with('-') => paths.push(path),
            _ => {}
        }
    }
    forced && !dry_run && (paths.is_empty() || !paths.iter().all(|path| build_output(path)))
}

/// Directories the usual build tools write and make again (cargo, npm bundlers, CMake, Python,
/// Gradle, coverage tools).
const BUILD_OUTPUTS: &[&str] = &[
    "build",
    "dist",
    "target",
    "out",
    "_build",
    "coverage",
    "__pycache__",
    ".pytest_cache",
    ".next",
    ".gradle",
];

/// `build/`, `./target/debug`: a relative path in one of [`BUILD_OUTPUTS`], spelled with no
/// glob, `..` or variable that could reach past it.
fn build_output(path: &str) -> bool {
    let path = path.strip_prefix("./").unwrap_or(path);
    let mut parts = path.split('/').filter(|part| !part.is_empty() && *part != ".");
    !path.starts_with('/')
        && !path.contains(['*', '?', '[', '$', '`', ':', '\\'])
        && !path.split('/').any(|part| part == "..")
        && parts.next().is_some_and(|first| BUILD_OUTPUTS.contains(&first))
}

/// A force push without `--force-with-lease`, a `+refspec`, `--mirror`, or a delete of a
/// remote branch (`--delete`, `-d`, or a `:branch` refspec); a dry run changes nothing.
fn judge_push(args: &[&str]) -> Option<Hit> {
    if args.iter().any(|a| *a == "--dry-run" || short_cluster_has(a, 'n')) {
        return None;
    }
    let leased = args.iter().any(|a| a.starts_with("--force-with-lease"));
    if args.contains(&"--mirror") {
        return Some(Hit::new(
            "git.push-mirror",
            "`git push --mirror` overwrites and deletes every branch on the remote. Push the branches you mean to, or ask the user.",
        ));
    }
    let mut forced = false;
    let mut deletes = false;
    let mut stash = false;
    // A lease is still a force push: onto the default branch it rewrites what everyone builds on.
    let mut default_branch = args.iter().any(|a| {
        a.strip_prefix("--force-with-lease=").is_some_and(|lease| is_default_branch(lease.split(':').next()))
    });
    let mut positional = 0;
    let mut remote = None;
    let mut words = args.iter();
    while let Some(arg) = words.next() {
        match *arg {
            "--force" => forced = true,
            "--delete" | "--prune" => deletes = true,
            "-o" | "--push-option" | "--repo" | "--receive-pack" | "--exec" => {
                words.next();
            }
            short if short_cluster_has(short, 'f') || short_cluster_has(short, 'd') => {
                forced |= short_cluster_has(short, 'f');
                deletes |= short_cluster_has(short, 'd');
            }
            refspec if !refspec.starts_with('-') => {
                // The first operand is the remote; `+` on a later one forces that ref, and an
                // empty source (`:branch`) deletes it.
                forced |= positional > 0 && refspec.starts_with('+');
                default_branch |= positional > 0 && is_default_branch(refspec.rsplit(':').next());
                deletes |= positional > 0 && refspec.starts_with(':') && refspec.len() > 1;
                // `git push origin stash@{0}:refs/heads/x`, `refs/stash`: a stash holds what
                // `git stash -u`/`--all` took, ignored `.env` files among them.
                let source = refspec.trim_start_matches('+').split(':').next().unwrap_or_default();
                let source = source.strip_prefix("refs/").unwrap_or(source);
                // `stash@{1}`, `stash^3` (the untracked files' commit), `stash~0`, `stash^{commit}`.
                stash |= positional > 0
                    && source
                        .strip_prefix("stash")
                        .is_some_and(|rest| rest.is_empty() || rest.starts_with(['@', '^', '~']));
                if positional == 0 {
                    remote = Some(refspec);
                }
                positional += 1;
            }
            _ => {}
        }
    }
    if stash {
        return Some(Hit::ask(
            "git.push-stash",
            "This pushes a stash, which holds the untracked and ignored files `git stash -u`/`--all` took (`.env` among them) to the remote. Commit what you mean to share and push that, or ask the user.",
        ));
    }
    if deletes {
        return Some(Hit::new(
            "git.push-delete",
            "This push deletes a branch on the remote, with any commits nobody else has. Ask the user to delete it.",
        ));
    }
    if leased && default_branch {
        return Some(Hit::ask(
            "git.push-force-default",
            "This force push (with a lease) rewrites the default branch on the remote, which everyone builds on. Push to a branch of your own, or ask the user.",
        ));
    }
    if forced && !leased {
        return Some(Hit::new(
            "git.push-force",
            "A force push can overwrite commits on the remote that you do not have. Use `git push --force-with-lease`, or ask the user.",
        ));
    }
    remote.is_some_and(production_remote).then(|| {
        Hit::ask(
            "hosting.deploy-production",
            "This pushes to a production remote: on Heroku, Dokku or a deploy hook the push deploys what it carries. Ask the user to run it.",
        )
    })
}

/// Whether a push's remote is a production one: a remote named for production (`production`,
/// `heroku-prod`), or a URL whose host names it (`dokku@prod.acme.com:api`). A repository's
/// path does not count (`git@github.com:acme/prod-tools.git` is a code host).
fn production_remote(remote: &str) -> bool {
    let host = match remote.split_once("://") {
        Some((_, rest)) => rest.split('/').next().unwrap_or_default(),
        None if remote.contains(':') => remote.split(':').next().unwrap_or_default(),
        None if remote.contains('/') => return false,
        None => remote,
    };
    let host = host.rsplit('@').next().unwrap_or(host);
    super::production_name(host) && !super::local_target(host)
}

/// `main`, `master`, `trunk` (also as `+refs/heads/main`): the branches a remote's default
/// usually is.
fn is_default_branch(reference: Option<&str>) -> bool {
    let Some(reference) = reference else { return false };
    let name = reference.trim_start_matches('+');
    let name = name.strip_prefix("refs/heads/").unwrap_or(name);
    matches!(name, "main" | "master" | "trunk")
}

/// `git restore` touches the work tree unless only `--staged` is given.
fn restores_work_tree(args: &[&str]) -> bool {
    let has = |long: &str, short: char| {
        args.iter().any(|a| *a == long || a.starts_with('-') && !a.starts_with("--") && a.contains(short))
    };
    has("--worktree", 'W') || !has("--staged", 'S')
}

/// The pathspecs name the whole work tree, or cannot be known. A run-time word before `--`
/// may be a branch (`git checkout "$BRANCH"`), so it counts only when `dynamic_before_separator`.
fn discards_work_tree(args: &[&Word], dynamic_before_separator: bool) -> bool {
    pathspecs(args).any(|(word, after_separator)| {
        let unknowable = word.dynamic && (after_separator || dynamic_before_separator);
        unknowable || word.text.starts_with("--pathspec-from-file") || is_whole_tree(&word.text)
    })
}

/// A pathspec that names a directory (written with a trailing `/`, or one on the disk) or a
/// glob: after `--` for `checkout` (before it a word may be a branch), anywhere for `restore`.
fn discarded_directory<'w>(args: &[&'w Word], before_separator: bool, call: &Call) -> Option<&'w str> {
    pathspecs(args).filter(|(_, after_separator)| *after_separator || before_separator).find_map(
        |(word, _)| {
            let text = word.text.as_str();
            let directory = text.ends_with('/')
                || text.contains(['*', '?'])
                || call.ctx.cwd_known && !word.dynamic && call.ctx.cwd.join(text).is_dir();
            directory.then_some(text)
        },
    )
}

/// The words of a checkout or restore that may be pathspecs, each with whether it comes after
/// `--`: options and `--source`'s value left out, except `--pathspec-from-file`.
fn pathspecs<'a, 'w>(args: &'a [&'w Word]) -> impl Iterator<Item = (&'w Word, bool)> + 'a {
    let mut after_separator = false;
    let mut skip_value = false;
    args.iter().filter_map(move |word| {
        let text = word.text.as_str();
        if skip_value {
            skip_value = false;
            return None;
        }
        if after_separator {
            return Some((*word, true));
        }
        match text {
            "--" => after_separator = true,
            "-s" | "--source" => skip_value = true,
            _ if text.starts_with("--pathspec-from-file") => return Some((*word, false)),
            _ if text.starts_with('-') => {}
            _ => return Some((*word, false)),
        }
        None
    })
}

/// `.`, `..`, `./`, `*`, `:/`, `:(top)`: a pathspec covering the project (or the cwd's part
/// of it, which is all of it when the agent works from the root).
fn is_whole_tree(text: &str) -> bool {
    let top = text.strip_prefix(":/").or_else(|| text.strip_prefix(":(top)"));
    let rest = top.unwrap_or(text);
    let only_dots = !rest.is_empty() && rest.split(['/', '\\']).all(|part| matches!(part, "" | "." | ".."));
    only_dots || matches!(rest, "*" | "**" | "./*") || top.is_some() && rest.is_empty()
}

/// Pruning at once: git keeps every object a ref or a reflog reaches, so what goes is only
/// what nothing names any more (a dropped stash, a file staged and then discarded), which
/// `git fsck --lost-found` could still recover during the two weeks git otherwise waits. Often
/// meant (shrinking a repository), so it asks.
fn prune_now() -> Hit {
    Hit::ask(
        "git.prune-now",
        "Pruning now deletes at once what no branch or reflog reaches (a dropped stash, a file staged and then discarded), which `git fsck --lost-found` could otherwise recover for two weeks. Run `git gc` without `--prune=now`, or ask the user.",
    )
}

/// `reflog delete`, or `reflog expire` of entries up to now.
fn drops_reflog_now(args: &[&str]) -> bool {
    let now = |arg: &&str| {
        let when = arg.strip_prefix("--expire=").or_else(|| arg.strip_prefix("--expire-unreachable="));
        when.is_some_and(|when| matches!(when, "now" | "all"))
    };
    // `--expire now`, the value as its own word.
    let spaced = args.windows(2).any(|pair| {
        matches!(pair[0], "--expire" | "--expire-unreachable") && matches!(pair[1], "now" | "all")
    });
    match args.first() {
        Some(&"delete") => true,
        Some(&"expire") => spaced || args.iter().any(now),
        _ => false,
    }
}

/// `git update-ref REF NEW [OLD]` with `NEW` another commit than `HEAD` (`--stdin` reads its
/// updates, unseen, from standard input).
fn moves_ref(args: &[&str]) -> bool {
    let mut operands = Vec::new();
    let mut words = args.iter();
    while let Some(arg) = words.next() {
        match *arg {
            "--stdin" => return true,
            "-m" => {
                words.next();
            }
            _ if arg.starts_with('-') => {}
            _ => operands.push(*arg),
        }
    }
    operands.get(1).is_some_and(|new| !matches!(*new, "HEAD" | "@"))
}

/// `branch -D`, `branch --delete --force`, `branch -df`.
/// `git branch -f NAME [START]`, `git checkout -B NAME`, `git switch -C NAME`: a branch that
/// exists is moved to another commit, and what was only on it is left behind.
fn moves_branch_by_force(subcommand: &str, args: &[&str]) -> Option<Hit> {
    let forced = match subcommand {
        "branch" => args.iter().any(|a| *a == "--force" || short_cluster_has(a, 'f')),
        "checkout" => args.iter().any(|a| short_cluster_has(a, 'B')),
        "switch" => args.iter().any(|a| *a == "--force-create" || short_cluster_has(a, 'C')),
        _ => false,
    };
    let named = args.iter().any(|a| !a.starts_with('-'));
    (forced && named).then(|| {
        Hit::new(
            "git.branch-force-move",
            format!("A forced `git {subcommand}` moves an existing branch to another commit; what was only on it is left behind. Create a new branch, or ask the user."),
        )
    })
}

/// Options of `git fetch` and `git pull` that take the next word as their value.
const FETCH_OPTIONS_WITH_VALUE: &[&str] = &[
    "--depth",
    "--deepen",
    "--shallow-since",
    "--shallow-exclude",
    "-j",
    "--jobs",
    "--upload-pack",
    "--refmap",
    "-o",
    "--server-option",
    "--negotiation-tip",
    "-s",
    "--strategy",
    "-X",
    "--strategy-option",
];

/// `git fetch origin +main:main`, `git fetch -f origin main:main`, `git pull --force origin
/// main:main`: a local branch force-updated to what was fetched, so that the commits only it
/// held are left behind, as `git reset --hard` leaves them. A refspec into remote-tracking
/// refs (`main:refs/remotes/origin/main`) or tags moves no branch of the user's. A bare
/// `git pull --force` updates only what the remote's configured refspecs name, which may be
/// local branches: asked.
fn fetch_moves_branch(subcommand: &str, args: &[&str]) -> Option<Hit> {
    let forced_all = args.iter().any(|a| *a == "--force" || short_cluster_has(a, 'f'));
    let mut operands = Vec::new();
    let mut skip = false;
    for arg in args {
        if skip {
            skip = false;
        } else if arg.starts_with('-') && arg.len() > 1 {
            skip = FETCH_OPTIONS_WITH_VALUE.contains(arg);
        } else {
            operands.push(*arg);
        }
    }
    // The first operand is the repository (a URL may hold a `:`); the rest are refspecs.
    let moved = operands.iter().skip(1).find(|refspec| {
        let forced = forced_all || refspec.starts_with('+');
        let Some((_, destination)) = refspec.trim_start_matches('+').split_once(':') else { return false };
        let destination = destination.trim();
        forced
            && !destination.is_empty()
            && (destination.starts_with("refs/heads/") || !destination.starts_with("refs/"))
    });
    if let Some(refspec) = moved {
        return Some(Hit::new(
            "git.branch-force-move",
            format!(
                "`git {subcommand}` of `{refspec}` by force moves a local branch to the fetched commit; what was only on it is left behind, as with `git reset --hard`. Fetch into `refs/remotes/…` and merge, or ask the user."
            ),
        ));
    }
    (subcommand == "pull" && forced_all && operands.len() <= 1).then(|| {
        Hit::ask(
            "git.branch-force-move",
            "`git pull --force` force-updates every ref the remote's configured refspecs name, which may be local branches whose own commits are then left behind. Run `git pull` without `--force`, or ask the user.",
        )
    })
}

fn is_forced_branch_delete(args: &[&str]) -> bool {
    let short = |letter| args.iter().any(|a| short_cluster_has(a, letter));
    let deletes = args.contains(&"--delete") || short('d');
    let forced = args.contains(&"--force") || short('f');
    short('D') || deletes && forced
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::*;

    #[test]
    fn destructive_forms() {
        let cases: &[(&[&str], &str)] = &[
            (&["git", "reset", "--hard"], "git.reset-hard"),
            (&["git", "reset", "--hard", "origin/main"], "git.reset-hard"),
            (&["git", "-C", "sub", "reset", "--hard", "HEAD~3"], "git.reset-hard"),
            (&["git", "clean", "-f"], "git.clean-force"),
            (&["git", "clean", "-fd"], "git.clean-force"),
            (&["git", "clean", "-xdf"], "git.clean-force"),
            (&["git", "clean", "-ffdx"], "git.clean-force"),
            (&["git", "--git-dir=.git", "clean", "--force", "-d"], "git.clean-force"),
            (&["git", "push", "--force"], "git.push-force"),
            (&["git", "push", "-f", "origin", "main"], "git.push-force"),
            (&["git", "-c", "x=y", "push", "-uf", "origin", "main"], "git.push-force"),
            (&["git", "push", "origin", "+main"], "git.push-force"),
            (&["git", "push", "origin", "+refs/heads/x:refs/heads/x"], "git.push-force"),
            (&["git", "push", "--mirror"], "git.push-mirror"),
            (&["git", "checkout", "--", "."], "git.checkout-discard"),
            (&["git", "checkout", "."], "git.checkout-discard"),
            (&["git", "checkout", "HEAD", "--", ":/"], "git.checkout-discard"),
            (&["git", "checkout", "--", "$FILES"], "git.checkout-discard"),
            (&["git", "restore", "."], "git.restore-worktree"),
            (&["git", "restore", "$FILES"], "git.restore-worktree"),
            (&["git", "restore", "--worktree", "--staged", "."], "git.restore-worktree"),
            (&["git", "restore", "--source=HEAD~2", "--", "*"], "git.restore-worktree"),
            (&["git", "stash", "drop"], "git.stash-drop"),
            (&["git", "stash", "drop", "stash@{1}"], "git.stash-drop"),
            (&["git", "stash", "clear"], "git.stash-clear"),
            (&["git", "checkout", "-f", "main"], "git.checkout-discard"),
            (&["git", "rm", "-rf", "."], "git.rm-tree"),
            (&["git", "switch", "--discard-changes", "main"], "git.checkout-discard"),
            (&["git", "push", "--prune", "origin"], "git.push-delete"),
            (&["git", "fetch", "origin", "+master:master"], "git.branch-force-move"),
            (&["git", "fetch", "-f", "origin", "main:main"], "git.branch-force-move"),
            (&["git", "fetch", "--force", "origin", "main:refs/heads/main"], "git.branch-force-move"),
            (&["git", "fetch", "origin", "+refs/heads/*:refs/heads/*"], "git.branch-force-move"),
            (&["git", "pull", "--force", "origin", "main:main"], "git.branch-force-move"),
            (&["git", "pull", "--force"], "git.branch-force-move"),
            (&["git", "worktree", "remove", "-f", "../wt"], "git.worktree-force-remove"),
            (&["git", "branch", "-D", "feature"], "git.branch-force-delete"),
            (&["git", "branch", "--delete", "--force", "feature"], "git.branch-force-delete"),
            (&["git", "branch", "-df", "feature"], "git.branch-force-delete"),
            (&["git", "update-ref", "refs/heads/main", "HEAD~3"], "git.branch-force-move"),
            (
                &["git", "update-ref", "-m", "x", "refs/heads/main", "abc123", "def456"],
                "git.branch-force-move",
            ),
            (&["git", "update-ref", "--stdin"], "git.branch-force-move"),
            (&["git", "update-ref", "-d", "refs/heads/x"], "git.update-ref-delete"),
            (&["git", "prune", "--expire", "now"], "git.prune-now"),
            (&["git", "reflog", "expire", "--expire", "now", "--all"], "git.reflog-expire"),
            (&["git", "submodule", "deinit", "-f", "--all"], "git.submodule-deinit-force"),
        ];
        for (argv, expected) in cases {
            assert_eq!(rule(argv), Some(*expected), "{argv:?}");
        }
    }

    #[test]
    fn a_forced_rename_is_judged_by_whether_the_branch_it_replaces_exists() {
        let repo = crate::scratch::Scratch::new("git-branch");
        std::fs::create_dir_all(repo.join(".git/refs/heads")).expect("repository made");
        std::fs::write(repo.join(".git/refs/heads/main"), "0123\n").expect("ref written");
        std::fs::write(repo.join(".git/packed-refs"), "4567 refs/heads/release\n")
            .expect("packed refs written");
        let here =
            crate::project::Context { cwd: repo.to_path_buf(), project_root: repo.to_path_buf(), ..ctx() };
        let judged = |argv: &[&str]| {
            evaluate_in(&sequence(&[argv]), &here, &crate::policy::PackSettings::default()).map(|f| f.rule)
        };
        assert_eq!(judged(&["git", "branch", "-M", "main"]), Some("git.branch-force-move"));
        assert_eq!(judged(&["git", "branch", "-C", "old", "release"]), Some("git.branch-force-move"));
        assert_eq!(
            judged(&["git", "branch", "--move", "--force", "x", "main"]),
            Some("git.branch-force-move")
        );
        assert_eq!(judged(&["git", "branch", "-M", "trunk"]), None);
        assert_eq!(judged(&["git", "branch", "-m", "main"]), None);
        std::fs::create_dir_all(repo.join(".git/reftable")).expect("reftable made");
        let asked = evaluate_in(&sequence(&[&["git", "branch", "-M", "trunk"]]), &here, &Default::default());
        assert_eq!(
            asked.map(|f| (f.rule, f.action)),
            Some(("git.branch-force-move", crate::policy::Action::Ask))
        );
    }

    #[test]
    fn long_options_are_read_as_git_reads_their_prefixes() {
        let cases: &[(&[&str], Option<&str>)] = &[
            (&["git", "reset", "--har"], Some("git.reset-hard")),
            (&["git", "reset", "--hard$(true)"], Some("git.reset-hard")),
            (&["git", "clean", "--for", "-d"], Some("git.clean-force")),
            (&["git", "clean", "--for", "--dry"], None),
            (&["git", "push", "--force-with-lea", "origin", "feature"], None),
            (&["git", "push", "--force", "--force-with-lea=feature:abc", "origin", "feature"], None),
            (&["git", "push", "--force-with-lea", "origin", "main"], Some("git.push-force-default")),
            (&["git", "push", "--mir"], Some("git.push-mirror")),
            (&["git", "checkout", "--", "--forc"], None),
            (&["git", "status", "--sh"], None),
        ];
        for (argv, expected) in cases {
            assert_eq!(rule(argv), *expected, "{argv:?}");
        }
    }

    #[test]
    fn everyday_forms() {
        let cases: &[&[&str]] = &[
            &["git", "status"],
            &["git", "commit", "-m", "rm -rf /"],
            &["git", "commit", "--amend", "--no-edit"],
            &["git", "reset"],
            &["git", "reset", "--soft", "HEAD~1"],
            &["git", "reset", "HEAD", "file.rs"],
            &["git", "fetch", "origin"],
            &["git", "fetch", "origin", "main:refs/remotes/origin/main"],
            &["git", "fetch", "origin", "main:main"],
            &["git", "fetch", "-f", "origin", "+refs/tags/*:refs/tags/*"],
            &["git", "fetch", "--depth", "1", "git@github.com:o/r.git", "main"],
            &["git", "pull", "--rebase"],
            &["git", "pull", "origin", "main"],
            &["git", "push"],
            &["git", "push", "-u", "origin", "main"],
            &["git", "push", "--force-with-lease"],
            &["git", "push", "--force-with-lease=feature:abc", "origin", "feature"],
            &["git", "push", "--force", "--force-with-lease"],
            &["git", "branch", "-d", "feature"],
            &["git", "clean", "-n"],
            &["git", "clean", "-fdn"],
            &["git", "clean", "--dry-run", "-f"],
            &["git", "stash"],
            &["git", "stash", "pop"],
            &["git", "stash", "list"],
            &["git", "checkout", "main"],
            &["git", "checkout", "-b", "feature"],
            &["git", "checkout", "$BRANCH"],
            &["git", "restore", "-s", "$REV", "src/lib.rs"],
            &["git", "checkout", "--", "src/lib.rs"],
            &["git", "restore", "--staged", "."],
            &["git", "restore", "-S", "src/lib.rs"],
            &["git", "restore", "src/lib.rs"],
            &["git", "log", "--", "."],
            &["git", "-C", "reset", "status"],
            &["git", "diff", "--", "."],
            &["git", "update-ref", "-m", "msg", "HEAD", "HEAD"],
            &["git", "update-ref", "refs/heads/backup", "HEAD"],
            &["git", "prune", "--expire", "2.weeks.ago"],
            &["git", "prune", "-n"],
            &["git", "submodule", "deinit", "vendor/x"],
            &["git", "submodule", "update", "--init", "--force"],
        ];
        for argv in cases {
            assert_eq!(rule(argv), None, "{argv:?}");
        }
    }
}
