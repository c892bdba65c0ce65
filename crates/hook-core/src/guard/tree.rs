//! Reads of whole directory trees, judged by the deny_read files inside them: recursive
//! searches (`grep -r`, `rg`, `ag`, `ack`, `git grep --untracked`, the agents' own search
//! tools), archives and copies of a
//! directory (`tar c`, `zip -r`, `7z a`, `rsync -r`, `scp -r`, `cp -r` out of the project),
//! directories given to a cluster (`kubectl create secret generic x --from-file=DIR`),
//! `find` handing its files to a command (`-exec`, `| xargs`), and readers whose file is named
//! only by another command's output (`cat $(ls -a | grep env)`).
//!
//! A file rule matches a path; a tree read names only its root. So the tree is walked (bounded
//! by a [`Budget`] of entries, depth and time) with the command's own filters (its include and exclude globs,
//! whether it skips hidden files), and a deny_read file it would read makes the command an
//! ask that says what to exclude. A filter that names the denied file itself (`grep -r
//! --include=.env`) is a deny, as naming the file is. Only commands of these shapes pay for
//! the walk.

use std::path::Path;

use serde_json::Value;

use crate::event::Search;
use crate::policy::{Action, FileRules};
use crate::project::Context;
use crate::shell::{Analysis, SimpleCommand, Stdin, Word, XARGS_INPUT};
use crate::verdict::{Decision, Verdict};

use super::files;
use super::glob;
use super::{Block, command_name};

/// How many entries a walk looks at before it gives up and asks: a tree larger than this is
/// not read unseen.
const MAX_ENTRIES: usize = 50_000;

/// How deep a walk goes below its root before it gives up and asks.
const MAX_DEPTH: usize = 32;

/// How long the walks of one judgement (every root, every narrowing pass) may take: a hook
/// answers before the agent goes on, and a slow disk or a large home makes even a bounded count
/// of entries slow. A debug build matches each entry's globs tens of times slower, and its
/// table tests run side by side on a busy machine: there the bound is ten times longer, so that
/// a small tree is never "too large" by the clock alone.
const MAX_WALK_TIME: std::time::Duration =
    std::time::Duration::from_millis(if cfg!(debug_assertions) { 3_000 } else { 300 });

/// The words that begin the reason of a walk that gave up, which [`unchecked`] looks for.
const TOO_LARGE: &str = "too large to check";

/// What the walks of one judgement may still spend, shared by every root and every pass.
struct Budget {
    entries: usize,
    deadline: std::time::Instant,
}

impl Budget {
    fn new() -> Self {
        Self { entries: MAX_ENTRIES, deadline: std::time::Instant::now() + MAX_WALK_TIME }
    }

    /// Spends one entry; `false` once the entries or the time are spent (the clock is read
    /// once every 256 entries).
    fn spend(&mut self) -> bool {
        let Some(left) = self.entries.checked_sub(1) else { return false };
        self.entries = left;
        left % 256 != 0 || std::time::Instant::now() < self.deadline
    }
}

/// Whether `block` is a tree read the guard gave up checking: what it reads was not all seen.
pub(crate) fn unchecked(block: &Block) -> bool {
    block.rule == "files.deny-read-tree" && block.reason.contains(TOO_LARGE)
}

/// What one command reads as whole trees.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
struct TreeRead<'c> {
    /// What the command does with the tree, for the reason (`searches`, `packs`).
    verb: &'static str,
    /// The directories, as written (relative to the command's cwd).
    roots: Vec<&'c str>,
    /// Dot-files and dot-directories are read (ripgrep and ag skip them by default).
    hidden: bool,
    /// Links to directories met in the tree are followed (`grep -R`, `rg -L`, `find -L`, `zip`).
    follow: bool,
    /// Links met in the tree are copied or packed as links, not as what they point at
    /// (`cp -r`, `tar` without `-h`, `rsync -a`, `zip -y`): no file a link leads to is read.
    keeps_links: bool,
    /// Name globs: when any is given, only files whose name matches one are read.
    include: Vec<&'c str>,
    /// Name or path globs of files and directories left out.
    exclude: Vec<&'c str>,
    /// What to do instead, for the reason; `NAME` stands for the denied file's name.
    exclude_hint: &'static str,
    /// Where the roots are, when not in the command's cwd: tar's first `-C DIR`.
    directory: Option<&'c str>,
    /// Only roots outside the project count: inside it the command keeps to the project's own
    /// choices (`.gitignore`, `.dockerignore`), which the project's own work may rely on.
    outside_only: bool,
}

/// The strongest objection to the tree reads of `analysis.commands[index]`.
pub(crate) fn block(analysis: &Analysis, index: usize, rules: &FileRules, here: &Context) -> Option<Block> {
    if rules.deny_read.is_empty() {
        return None;
    }
    let command = analysis.commands.get(index)?;
    if command.argv.first().is_some_and(|word| crate::shell::program_base(&word.text) == "git")
        && let Some(how) = history_search(command)
    {
        return Some(Block {
            action: Action::Ask,
            rule: "files.deny-read-tree".into(),
            reason: format!(
                "`git` {how}: every file ever committed is read, a `.env` or key committed once and removed since included, which your policy may not let the agent read. Search the work tree, or ask the user"
            ),
            command: index,
        });
    }
    if object_store_read(command) {
        return Some(Block {
            action: Action::Ask,
            rule: "files.deny-read-tree".into(),
            reason: "This decompresses git's object store (`.git/objects`, `.git/lost-found`) by hand: every file ever committed is read, a `.env` or key committed once and removed since included, which your policy may not let the agent read. Use `git show REV:PATH` for the file you need, or ask the user".into(),
            command: index,
        });
    }
    if let Some(block) = unignored_stage(command, rules, here) {
        return Some(Block { command: index, ..block });
    }
    let tree = tree_read(analysis, index, command)?;
    let name = command_name(command).unwrap_or("the command");
    let mut budget = Budget::new();
    // `git -C ~ add .ssh`: git's paths are its work tree's; `tar -C DIR`'s are in DIR.
    let work_tree = (name == "git")
        .then(|| super::file_access::git_work_tree(command))
        .flatten()
        .or_else(|| tree.directory.map(std::borrow::Cow::Borrowed))
        .map(|dir| {
            let mut tree: Context = here.clone();
            tree.cwd = files::resolve(&dir, here);
            tree
        });
    let here = work_tree.as_ref().unwrap_or(here);
    let tree = TreeRead { keeps_links: tree.keeps_links && !copy_used_later(analysis, index, here), ..tree };
    for root in &tree.roots {
        let path = files::resolve(root, here);
        if tree.outside_only && path.starts_with(&here.project_root) {
            continue;
        }
        // A root that is a link is read where it points (`grep -r KEY keys`, `keys` -> `~/.ssh`).
        let path = if path.is_symlink() { std::fs::canonicalize(&path).unwrap_or(path) } else { path };
        // A directory a deny_read glob names a place in (`~/.ssh`): it holds such files on
        // the machines that have them, whether or not this one does.
        // With a name filter, a place whose files it can pick (`find ~ -name '*.pem'`).
        let reached = if tree.include.is_empty() {
            files::could_reach(root, files::Access::Read, rules, here)
                .or_else(|| files::could_reach(&path.to_string_lossy(), files::Access::Read, rules, here))
        } else {
            files::could_reach_named(root, &tree.include, rules, here)
        };
        // The root is the denied place itself (`~/.ssh`, `~/.aws`), not a tree that holds one.
        let inside = |glob: &str| {
            let directory = glob.rsplit_once('/').map_or("", |(directory, _)| directory);
            !directory.is_empty() && path.starts_with(files::resolve(directory, here))
        };
        let at_secret_place = reached.as_ref().is_some_and(|denied| inside(denied.glob));
        let only_denied = || files::picks_only_denied(root, &tree.include, rules, here);
        let named_found = |glob: &str| Walk::Found {
            shown: tree.include.join(" "),
            glob: glob.to_string(),
            named: true,
            directory: false,
        };
        let found = match reached {
            // `find ~ -name 'id_*'`, `find / -name '*key*.pem'`: a filter that picks the denied
            // place's own kind of file, or only denied files, in a tree that holds such a place
            // (under `~/.ssh` itself the file rules name the file).
            Some(denied) if !inside(denied.glob) && names_denied_kind(denied.glob, &tree.include) => {
                named_found(denied.glob)
            }
            Some(denied) => match only_denied().filter(|_| !inside(denied.glob)) {
                Some(glob) => named_found(glob),
                None => Walk::Found {
                    shown: denied.glob.to_string(),
                    glob: denied.glob.to_string(),
                    named: false,
                    directory: true,
                },
            },
            None => match only_denied() {
                Some(glob) => named_found(glob),
                None => walk(&path, &tree, rules, here, &mut budget),
            },
        };
        match found {
            Walk::Clean => {}
            Walk::Found { shown, glob, named, .. } => {
                let (action, reason) = if named {
                    (
                        Action::Deny,
                        format!(
                            "`{name}` {} `{root}` and its filter picks `{shown}`, which your policy does not let the agent read (it matches `{glob}` in [files] deny_read); leave this file to the user",
                            tree.verb
                        ),
                    )
                } else if at_secret_place && crate::rules::output_sent(analysis, index) {
                    // `tar cz ~/.ssh | curl -T - URL`: the secret place sent away, as `curl -T
                    // ~/.ssh/id_rsa` is (a backup of all of home, `tar cz ~ | nc`, is asked).
                    (
                        Action::Deny,
                        format!(
                            "`{name}` {} `{root}`, which holds `{shown}`, and sends it to another machine: your policy does not let the agent read it (it matches `{glob}` in [files] deny_read); leave these files to the user",
                            tree.verb
                        ),
                    )
                } else {
                    (
                        Action::Ask,
                        format!(
                            "`{name}` {} `{root}`, which holds `{shown}`: your policy does not let the agent read it (it matches `{glob}` in [files] deny_read). {}",
                            tree.verb,
                            tree.exclude_hint.replace("NAME", crate::shell::base_name(&shown))
                        ),
                    )
                };
                return Some(Block { action, rule: "files.deny-read-tree".into(), reason, command: index });
            }
            Walk::TooLarge => {
                let reason = format!(
                    "`{name}` {} `{root}`, a tree {TOO_LARGE} (more than {MAX_ENTRIES} entries, {MAX_DEPTH} levels or {} ms) for files your policy does not let the agent read. Name the directories or files you need",
                    tree.verb,
                    MAX_WALK_TIME.as_millis()
                );
                return Some(Block {
                    action: Action::Ask,
                    rule: "files.deny-read-tree".into(),
                    reason,
                    command: index,
                });
            }
        }
    }
    None
}

/// Whether a name filter (`id_*`, `id_rsa`) picks the kind of file a deny glob names in its
/// place (`~/.ssh/id_*`): the glob's last part says more than "any file", and the filter's name,
/// its wildcards filled, is one it denies.
fn names_denied_kind(glob: &str, include: &[&str]) -> bool {
    let last = glob.rsplit('/').next().unwrap_or(glob);
    !last.trim_matches(['*', '?']).is_empty()
        && include.iter().any(|name| super::glob::component_matches(last, &name.replace(['*', '?'], "x")))
}

/// Whether `command` decompresses or prints git's loose objects itself (`zlib-flate
/// -uncompress < .git/objects/ab/cd…`, `python3 -c 'import zlib…' .git/objects/*/*`, `cat
/// .git/lost-found/other/*`), past the rules on `git show` and `git cat-file`. Listing them
/// (`ls`, `du`, `find`) reads no contents.
fn object_store_read(command: &SimpleCommand) -> bool {
    const READERS: &[&str] = &[
        "zlib-flate",
        "pigz",
        "unpigz",
        "openssl",
        "qpdf",
        "python",
        "python3",
        "perl",
        "ruby",
        "node",
        "php",
        "cat",
        "strings",
        "xxd",
        "od",
        "hexdump",
        "head",
        "tail",
        "less",
        "more",
        "grep",
        "rg",
        "zcat",
    ];
    let Some(name) = command_name(command) else { return false };
    if !READERS.contains(&name) {
        return false;
    }
    let store = |text: &str| {
        text.contains(".git/objects/") && !text.contains(".git/objects/info/")
            || text.contains(".git/lost-found/")
    };
    command.argv.iter().skip(1).any(|word| store(&word.text))
        || command.redirects.iter().any(|redirect| store(&redirect.target.text))
}

/// How `command`, a `git` command, searches the files of every commit for a pattern that
/// looks like a secret (`git grep sk_live_ $(git rev-list --all)`, `git rev-list --all | xargs
/// git grep KEY`, `git log -p -S 'BEGIN RSA'`); `None` for anything else (`git grep TODO`,
/// `git log -S parse_args`).
fn history_search(command: &SimpleCommand) -> Option<&'static str> {
    let args = command.argv.get(crate::shell::git_subcommand(&command.argv)..).unwrap_or_default();
    let (subcommand, rest) = args.split_first()?;
    // `git cat-file --batch-all-objects --batch`: the contents of every object in the store,
    // whatever it searches for after.
    if subcommand.text == "cat-file"
        && has(rest, &["--batch-all-objects"])
        && rest.iter().any(|word| {
            let batch = word.text.as_str();
            batch == "--batch"
                || batch == "--batch-command"
                || batch.starts_with("--batch=") && batch.contains("%(contents)")
        })
    {
        return Some("prints every object of the repository");
    }
    let how = match subcommand.text.as_str() {
        // Revisions computed at run time: a list of commits, every one of them searched.
        "grep"
            if rest.iter().any(|word| {
                word.dynamic && (word.raw.contains("rev-list") || word.raw.contains("git log"))
                    || word.text.contains(XARGS_INPUT)
            }) =>
        {
            "searches the files of every listed commit for what looks like a secret"
        }
        "log" | "whatchanged"
            if has(rest, &["-p", "-u", "--patch", "--patch-with-stat", "--patch-with-raw"])
                && rest.iter().any(|word| {
                    matches!(word.text.as_str(), "-S" | "-G")
                        || word.text.starts_with("-S")
                        || word.text.starts_with("-G")
                }) =>
        {
            "prints the changes of every commit that matches what looks like a secret"
        }
        _ => return None,
    };
    rest.iter().any(|word| looks_for_secret(&word.text) || names_secret_files(&word.text)).then_some(how)
}

/// Whether a pathspec picks files that hold secrets by their name (`'*.pem'`, `.env`,
/// `'*id_rsa*'`): over every commit, what any of them ever held.
fn names_secret_files(pathspec: &str) -> bool {
    const NAMES: &[&str] = &[
        ".pem",
        ".key",
        ".env",
        ".p12",
        ".pfx",
        "id_rsa",
        "id_ed25519",
        "credentials",
        ".netrc",
        ".npmrc",
        ".pypirc",
    ];
    let lower = pathspec.to_ascii_lowercase();
    let name = lower.rsplit('/').next().unwrap_or(&lower);
    NAMES.iter().any(|mark| name.contains(mark))
}

/// Whether a search pattern looks for a secret: a credential's name (`SECRET_KEY`, `password`)
/// or the start of a key or token (`sk_live_`, `ghp_`, `AKIA`, `BEGIN RSA PRIVATE KEY`).
fn looks_for_secret(pattern: &str) -> bool {
    const MARKS: &[&str] = &[
        "secret",
        "_token",
        "token_",
        "token=",
        "passw",
        "private",
        "api_key",
        "apikey",
        "api-key",
        "access_key",
        "credential",
        "sk_live",
        "sk_test",
        "rk_live",
        "ghp_",
        "gho_",
        "github_pat",
        "glpat-",
        "xoxb-",
        "xoxp-",
        "akia",
        "aiza",
        "begin ",
        "ssh-rsa",
        "-----",
    ];
    let lower = pattern.to_ascii_lowercase();
    let pattern = lower.strip_prefix("-s").or_else(|| lower.strip_prefix("-g")).unwrap_or(&lower);
    MARKS.iter().any(|mark| pattern.contains(mark))
}

/// How many denied files a rewrite leaves out by name before it gives up and asks.
const MAX_EXCLUDED: usize = 16;

/// A line that is one search reading a tree that holds deny_read files, with those files left
/// out by the search's own option (`grep -rn KEY .` → `grep --exclude=.env -rn KEY .`), for the
/// agents that run a rewritten command. `None` when the line is anything else, or the files
/// cannot all be named.
pub(crate) fn excluding(line: &str, analysis: &Analysis, rules: &FileRules, ctx: &Context) -> Option<String> {
    let [command] = analysis.commands.as_slice() else { return None };
    if !command.via.is_empty() || command.text.trim() != line.trim() {
        return None;
    }
    let name = command.name()?;
    let option: fn(&str) -> String = match name {
        "grep" | "egrep" | "fgrep" | "zgrep" | "ugrep" => |file| format!("--exclude='{file}'"),
        "rg" => |file| format!("-g '!{file}'"),
        "ag" | "pt" => |file| format!("--ignore '{file}'"),
        // A pathspec that leaves a name out at every depth, after the others.
        "git" => |file| format!("':(exclude,glob)**/{file}'"),
        _ => return None,
    };
    let tree = tree_read(analysis, 0, command)?;
    let here = ctx.moved_to(command.cwd.as_ref());
    // A root where a deny_read glob names a place (home, `/`) holds its credentials whatever
    // is on disk: no name left out makes the search safe, and no walk is needed to say so.
    if tree.roots.iter().any(|root| files::could_reach(root, files::Access::Read, rules, &here).is_some()) {
        return None;
    }
    let mut names: Vec<String> = Vec::new();
    // One budget for every pass: each pass walks the tree again, less what it has left out.
    let mut budget = Budget::new();
    while names.len() < MAX_EXCLUDED {
        let mut exclude = tree.exclude.clone();
        exclude.extend(names.iter().map(String::as_str));
        let narrowed = TreeRead { exclude, include: tree.include.clone(), roots: tree.roots.clone(), ..tree };
        let mut found = None;
        for root in &narrowed.roots {
            match walk(&files::resolve(root, &here), &narrowed, rules, &here, &mut budget) {
                Walk::Clean => {}
                Walk::Found { shown, named: false, directory: false, .. } => {
                    found = Some(shown.rsplit('/').next().unwrap_or(&shown).to_string());
                    break;
                }
                // A linked directory the search follows is left to the user: asked about.
                Walk::Found { .. } | Walk::TooLarge => return None,
            }
        }
        match found {
            None if names.is_empty() => return None,
            None => break,
            Some(file) if file.contains(['\'', '\n']) || names.contains(&file) => return None,
            Some(file) => names.push(file),
        }
    }
    let options: Vec<String> = names.iter().map(|file| option(file)).collect();
    if name == "git" {
        return Some(format!("{} {}", line.trim_end(), options.join(" ")));
    }
    let program = command.argv.first()?;
    let at = line.find(program.raw.as_str())? + program.raw.len();
    Some(format!("{} {}{}", &line[..at], options.join(" "), &line[at..]))
}

/// A search tool's call over trees that hold deny_read files: rewritten to leave them out
/// through the tool's own ripgrep glob argument where it has one and the call sets no filter,
/// else an ask. A filter that picks a denied file is a deny, as naming it is.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
pub(crate) fn decide_search(search: &Search, input: &Value, rules: &FileRules, ctx: &Context) -> Verdict {
    if rules.deny_read.is_empty() {
        return Verdict::allow();
    }
    let roots: Vec<&str> =
        search.roots.iter().map(|root| if root.is_empty() { "." } else { root.as_str() }).collect();
    let roots = if roots.is_empty() { vec!["."] } else { roots };
    // `*` and `**/*` filter nothing; `*.{ts,tsx}` is each of its alternatives.
    let include: Vec<String> = search
        .include
        .iter()
        .filter(|glob| !matches!(glob.as_str(), "" | "*" | "**" | "**/*"))
        .flat_map(|glob| alternatives(glob))
        .collect();
    let tree = TreeRead {
        verb: "searches",
        roots,
        // The agents' ripgrep runs with `--hidden`, or may: dot-files are searched.
        hidden: true,
        follow: false,
        keeps_links: false,
        include: include.iter().map(String::as_str).collect(),
        exclude: Vec::new(),
        exclude_hint: "Search with a filter that leaves out `NAME`",
        directory: None,
        outside_only: false,
    };
    let mut names: Vec<String> = Vec::new();
    let mut first: Option<(String, String)> = None;
    let mut budget = Budget::new();
    loop {
        let mut narrowed = tree.clone();
        narrowed.exclude.extend(names.iter().map(String::as_str));
        let mut found = None;
        for root in &narrowed.roots {
            match walk(&files::resolve(root, ctx), &narrowed, rules, ctx, &mut budget) {
                Walk::Clean => {}
                Walk::Found { shown, glob, named: true, .. } => {
                    return Verdict::deny(
                        "files.deny-read-tree",
                        format!(
                            "This search's filter picks `{shown}`, which your policy does not let the agent read (it matches `{glob}` in [files] deny_read); leave this file to the user"
                        ),
                    );
                }
                Walk::Found { shown, glob, named: false, .. } => {
                    found = Some((shown, glob));
                    break;
                }
                Walk::TooLarge => {
                    return Verdict::ask(
                        "files.deny-read-tree",
                        format!(
                            "This search reads a tree {TOO_LARGE} (more than {MAX_ENTRIES} entries, {MAX_DEPTH} levels or {} ms) for files your policy does not let the agent read. Name the directories you need",
                            MAX_WALK_TIME.as_millis()
                        ),
                    );
                }
            }
        }
        let Some((shown, glob)) = found else { break };
        let name = crate::shell::base_name(&shown).to_string();
        let excludable = search.exclude_key.is_some()
            && include.is_empty()
            && names.len() < MAX_EXCLUDED
            && !name.contains(['*', '?', '[', ']', '{', '}', ',', '!', '\\'])
            && !names.contains(&name);
        let (shown, glob) = first.get_or_insert((shown, glob)).clone();
        if !excludable {
            let hint = tree.exclude_hint.replace("NAME", crate::shell::base_name(&shown));
            return Verdict::ask(
                "files.deny-read-tree",
                format!("Asked because {}. {hint}", reads(&shown, &glob)),
            );
        }
        names.push(name);
    }
    let (Some((shown, glob)), Some(key)) = (first, search.exclude_key) else { return Verdict::allow() };
    let exclude = match names.as_slice() {
        [one] => format!("!{one}"),
        many => format!("!{{{}}}", many.join(",")),
    };
    let mut narrowed = input.clone();
    if let Some(fields) = narrowed.as_object_mut() {
        fields.insert(key.to_string(), Value::String(exclude));
    }
    Verdict {
        decision: Decision::Rewrite { input: narrowed, command: None, rule: "files.deny-read-tree".into() },
        context: Some(format!(
            "agent-hooks left out files your policy keeps from the agent: {}",
            reads(&shown, &glob)
        )),
        user_message: None,
    }
}

fn reads(shown: &str, glob: &str) -> String {
    format!(
        "the search reads `{shown}`, which your policy does not let the agent read (it matches `{glob}` in [files] deny_read)"
    )
}

/// A glob's brace alternatives, one level deep (`*.{ts,tsx}`: `*.ts`, `*.tsx`).
fn alternatives(glob: &str) -> Vec<String> {
    match glob.split_once('{').and_then(|(head, rest)| Some((head, rest.split_once('}')?))) {
        Some((head, (choices, tail))) => {
            choices.split(',').map(|choice| format!("{head}{choice}{tail}")).collect()
        }
        None => vec![glob.to_string()],
    }
}

/// The tree `command` reads, if it reads one, and whether it follows links to directories.
fn tree_read<'c>(analysis: &'c Analysis, index: usize, command: &'c SimpleCommand) -> Option<TreeRead<'c>> {
    let tree = tree_shape(analysis, index, command)?;
    let (follow, keeps_links) = links_met(command).unwrap_or((tree.follow, false));
    Some(TreeRead { follow, keeps_links, ..tree })
}

/// Whether a later command of the line names what `analysis.commands[index]` made of its
/// roots (the copy, the archive): `cp -r docs /tmp/x && cat /tmp/x/notes.txt` reads through
/// the copied link what it points at, so the links are judged by their targets after all.
fn copy_used_later(analysis: &Analysis, index: usize, here: &Context) -> bool {
    let Some(command) = analysis.commands.get(index) else { return false };
    let made: Vec<&str> = command
        .args()
        .iter()
        .map(|word| word.text.trim_end_matches('/'))
        .filter(|text| text.len() > 1 && !text.starts_with('-') && !files::resolve(text, here).is_dir())
        .collect();
    analysis.commands.get(index + 1..).unwrap_or_default().iter().any(|later| {
        later
            .args()
            .iter()
            .map(|word| &word.text)
            .chain(later.redirects.iter().map(|r| &r.target.text))
            .any(|text| made.iter().any(|made| text.contains(made)))
    })
}

/// Whether a command of the line before `index` may have taken an entry out of git's ignore
/// files (`echo '!.env' >> .gitignore`, `sed -i /env/d .gitignore`, `rm .gitignore`, a new
/// `.gitignore` written over the old): the files they kept out are then staged as by `git add
/// -f`. Appending a pattern without `!` (`echo dist >> .gitignore`) only ignores more.
fn unignored_before(analysis: &Analysis, index: usize) -> bool {
    analysis.commands.get(..index).unwrap_or_default().iter().any(|earlier| {
        let plain = matches!(earlier.name(), Some("echo" | "printf"))
            && !earlier.args().iter().any(|arg| arg.text.contains('!'));
        super::file_access::accesses(earlier).iter().any(|&(access, word, path)| {
            let ignores =
                path.rsplit(['/', '\\']).next() == Some(".gitignore") || path.ends_with(".git/info/exclude");
            let appended = earlier
                .redirects
                .iter()
                .any(|r| r.op == crate::shell::RedirectOp::Append && std::ptr::eq(&r.target, word));
            access == files::Access::Write && ignores && !(plain && appended)
        })
    })
}

/// A `git add` pathspec read past its magic (`:(glob).env*`, `:/`, `:(top)src`, `:!x`,
/// `:(exclude)x`): a place staged, a name glob picked (git matches an unquoted-by-the-shell
/// `'.env*'` itself), or a name left out.
enum Pathspec<'c> {
    Place(&'c str),
    Pick(&'c str),
    Leave(&'c str),
}

fn pathspec(text: &str) -> Pathspec<'_> {
    if let Some((pattern, _)) = super::file_access::excluding_pathspec(text) {
        return Pathspec::Leave(pattern.trim_start_matches("**/"));
    }
    let bare = text
        .strip_prefix(":(")
        .and_then(|rest| rest.split_once(')'))
        .map(|(_, pattern)| pattern)
        .or_else(|| text.strip_prefix(":/"))
        .unwrap_or(text);
    let bare = bare.trim_start_matches("**/");
    match bare {
        "" => Pathspec::Place("."),
        _ if bare.contains(['*', '?', '[']) && !bare.contains('/') => Pathspec::Pick(bare),
        _ => Pathspec::Place(bare),
    }
}

/// `tree` with the pathspecs of `git add` (its words after the subcommand): the places as
/// roots, name globs as its include filter (staged from the top when no place is named), the
/// excluded names left out.
fn staged<'c>(args: &'c [Word], mut tree: TreeRead<'c>) -> TreeRead<'c> {
    for arg in args.iter().filter(|a| !a.text.starts_with('-')) {
        match pathspec(&arg.text) {
            Pathspec::Place(root) => tree.roots.push(root),
            Pathspec::Pick(name) => tree.include.push(name),
            Pathspec::Leave(name) => tree.exclude.push(name),
        }
    }
    if tree.roots.is_empty() && !(tree.include.is_empty() && tree.exclude.is_empty()) {
        tree.roots.push(".");
    }
    tree
}

/// `git add -A`, `git add .`, `git -c core.excludesFile=/dev/null add .` in the project: a
/// deny_read file directly in a staged directory that neither the project's `.gitignore` nor
/// `.git/info/exclude` keeps out goes into the history (the user's global ignore file may, but
/// nothing says it does). Only the staged directories' own entries are looked at, and only the
/// top ignore files read: one directory listing per root, on these commands alone.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn unignored_stage(command: &SimpleCommand, rules: &FileRules, here: &Context) -> Option<Block> {
    if crate::shell::program_base(&command.argv.first()?.text) != "git" {
        return None;
    }
    let args = command.argv.get(crate::shell::git_subcommand(&command.argv)..)?;
    let forced = has(args, &["--force"]) || has_short(args, 'f');
    let partial = has(args, &["-u", "--update", "-p", "--patch", "-n", "--dry-run", "-i", "--interactive"]);
    if !args.first().is_some_and(|a| matches!(a.text.as_str(), "add" | "stage"))
        || forced
        || partial
        || super::file_access::git_work_tree(command).is_some()
    {
        return None;
    }
    let mut tree = staged(&args[1..], TreeRead::default());
    if tree.roots.is_empty() && has(args, &["-A", "--all"]) {
        tree.roots.push(".");
    }
    if tree.roots.is_empty() {
        return None;
    }
    let top = &here.project_root;
    let ignores: String = [top.join(".gitignore"), top.join(".git/info/exclude")]
        .iter()
        .filter_map(|path| std::fs::read_to_string(path).ok())
        .collect::<Vec<_>>()
        .join("\n");
    for root in &tree.roots {
        let directory = files::resolve(root, here);
        if !directory.starts_with(top) {
            continue;
        }
        let Ok(entries) = std::fs::read_dir(&directory) else { continue };
        for entry in entries.flatten().take(MAX_ENTRIES) {
            let Ok(kind) = entry.file_type() else { continue };
            let name = entry.file_name();
            let name = name.to_string_lossy();
            let path = entry.path();
            let relative =
                path.strip_prefix(top).map(|p| p.to_string_lossy().replace('\\', "/")).unwrap_or_default();
            let picked =
                tree.include.is_empty() || tree.include.iter().any(|glob| excludes(glob, &name, &relative));
            if kind.is_dir()
                || !picked
                || tree.exclude.iter().any(|glob| excludes(glob, &name, &relative))
                || git_ignored(&ignores, &name, &relative)
            {
                continue;
            }
            if let Some(glob) = files::denied_glob(&path, kind.is_symlink(), rules, here) {
                return Some(Block {
                    action: Action::Ask,
                    rule: "files.deny-read-tree".into(),
                    reason: format!(
                        "`git` stages `{root}`, which holds `{relative}`: neither `.gitignore` nor `.git/info/exclude` keeps it out, so it goes into the history, and your policy does not let the agent read it (it matches `{glob}` in [files] deny_read). Add it to `.gitignore` first, or stage the files you need by name"
                    ),
                    command: 0,
                });
            }
        }
    }
    None
}

/// Whether the ignore lines `ignores` keep out the file `name` at `relative` (from the top):
/// the last matching line decides, a `!` line taking a file back in; a line ending in `/`
/// names directories only, and a line with a `/` is matched against the path from the top.
fn git_ignored(ignores: &str, name: &str, relative: &str) -> bool {
    let mut ignored = false;
    for line in ignores.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') || line.ends_with('/') {
            continue;
        }
        let (back, pattern) = line.strip_prefix('!').map_or((false, line), |pattern| (true, pattern));
        let pattern = pattern.trim_start_matches('/');
        let pattern = pattern.strip_prefix("**/").filter(|rest| !rest.contains('/')).unwrap_or(pattern);
        let matched = match pattern.contains('/') {
            true => glob::matches(glob::components(pattern), relative),
            false => glob::component_matches(pattern, name),
        };
        if matched {
            ignored = !back;
        }
    }
    ignored
}

/// What a command that reads a tree of its own does with the links to directories it meets:
/// follows them (`grep -R`, `rg -L`, `ag -f`, `tar -h`, `cp -L`, `rsync -L`, `zip` and `7z`
/// unless told to store links, `scp -r`, `diff -r`, `aws s3 sync`), copies, packs or compares
/// them as links (`cp -r`, whose default is `-P` when recursive, `tar`, `rsync`, whose `-a`
/// holds `-l` and which skips them without it, `rclone`, which skips them, `zip -y`, `7z
/// -snl`, `diff --no-dereference`), or skips them (the searches, which read through a link
/// to a file): whether it follows them, and whether it keeps them as links; `None` for a
/// command that reads no tree of its own.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn links_met(command: &SimpleCommand) -> Option<(bool, bool)> {
    let args = command.args();
    // Whether it follows them, and whether it copies them when it does not.
    let (follows, copies) = match command.name()? {
        "grep" | "egrep" | "fgrep" | "zgrep" | "ugrep" => {
            (has(args, &["--dereference-recursive"]) || has_short(args, 'R'), false)
        }
        "rg" => (has(args, &["--follow"]) || has_short(args, 'L'), false),
        "ag" | "pt" | "sift" => (has(args, &["--follow"]) || has_short(args, 'f'), false),
        "ack" | "ack-grep" => (has(args, &["--follow"]), false),
        // bsdtar (macOS's `tar`) follows every link with `-L`.
        "tar" | "gtar" | "bsdtar" => (
            has(args, &["--dereference"])
                || has_short(args, 'h')
                || has_short(args, 'L')
                || args.first().is_some_and(|a| !a.text.starts_with('-') && a.text.contains(['h', 'L'])),
            true,
        ),
        "cp" | "rclone" => (has(args, &["--dereference", "--copy-links"]) || has_short(args, 'L'), true),
        // `-k` copies a link to a directory as the directory; `--copy-unsafe-links` the links
        // that lead out of the tree, which are the ones that reach a secret.
        "rsync" => (
            has(args, &["--copy-links", "--copy-unsafe-links", "--copy-dirlinks"])
                || has_short(args, 'L')
                || has_short(args, 'k'),
            true,
        ),
        "zip" => (!has(args, &["--symlinks"]) && !has_short(args, 'y'), true),
        "7z" | "7za" | "7zz" => (!has(args, &["-snl"]), true),
        // `scp -r` reads through a link to a file.
        "scp" => (true, false),
        "diff" | "colordiff" => (!has(args, &["--no-dereference"]), true),
        "aws" => (!has(args, &["--no-follow-symlinks"]), false),
        _ => return None,
    };
    Some((follows, !follows && copies))
}

/// The trees (or files) a peer-to-peer or sync tool shares: the operands after `ipfs add`,
/// `croc send` or `wormhole send`, syncthing's `--path`, unison's local roots when the other
/// root is remote (`unison ~/.ssh ssh://host/k`; two local roots copy within the machine).
fn shared_tree<'c>(name: &str, args: &'c [Word]) -> Option<TreeRead<'c>> {
    let roots: Vec<&str> = if name == "unison" {
        // Its preferences are `-name value` but for the switches; `-root` gives a root too.
        const SWITCHES: &[&str] = &["-batch", "-auto", "-silent", "-terse", "-times", "-owner", "-group"];
        let mut operands = Vec::new();
        let mut previous: Option<&str> = None;
        for arg in args {
            let text = arg.text.as_str();
            let value = previous.is_some_and(|option| option != "-root" && !SWITCHES.contains(&option));
            if !text.starts_with('-') && !value {
                operands.push(text);
            }
            previous = text.starts_with('-').then_some(text);
        }
        if !operands.iter().any(|root| root.contains("://")) {
            return None;
        }
        operands.into_iter().filter(|root| !root.contains("://")).collect()
    } else if name == "syncthing" {
        let spelt = args.windows(2).filter(|w| w[0].text == "--path").map(|w| w[1].text.as_str());
        spelt.chain(args.iter().filter_map(|a| a.text.strip_prefix("--path="))).collect()
    } else {
        let verb = if name == "ipfs" { "add" } else { "send" };
        let at = args.iter().position(|a| a.text == verb)?;
        args[at + 1..].iter().map(|a| a.text.as_str()).filter(|text| !text.starts_with('-')).collect()
    };
    (!roots.is_empty()).then(|| TreeRead {
        verb: "shares",
        roots,
        hidden: true,
        exclude_hint: "Share only the files you need",
        ..Default::default()
    })
}

/// The tree `command` reads, as its words say.
fn tree_shape<'c>(analysis: &'c Analysis, index: usize, command: &'c SimpleCommand) -> Option<TreeRead<'c>> {
    let name = command.name()?;
    // git's subcommand comes after its global options (`git -C ~ add .ssh`).
    let args = match name {
        "git" => command.argv.get(crate::shell::git_subcommand(&command.argv)..).unwrap_or_default(),
        _ => command.args(),
    };
    if let Some(producer) = list_substituted(analysis, name, args, command) {
        return Some(TreeRead { verb: "packs the files `find` lists under", ..find(producer.args()) });
    }
    match name {
        "restic" | "borg" | "borgbackup" | "duplicity" | "kopia" => backup(name, args),
        // `find . -name .env | cpio -o`: an archiver packing the names on its standard input.
        _ if packs_names_from_stdin(name, args) => {
            let Stdin::Pipe { from: Some(from) } = command.stdin else { return None };
            let producer = analysis.commands.get(from)?;
            (command_name(producer)? == "find")
                .then(|| TreeRead { verb: "packs the files `find` lists under", ..find(producer.args()) })
        }
        "grep" | "egrep" | "fgrep" | "zgrep" | "ugrep" if grep_recursive(args) => Some(search(
            args,
            GREP_VALUES,
            true,
            TreeRead {
                verb: "searches",
                hidden: true,
                exclude_hint: "Leave it out with `--exclude=NAME`, or search where it is not",
                ..Default::default()
            },
        )),
        "rg" => {
            if has(args, &["--files", "--type-list"]) {
                return None;
            }
            let hidden = has(args, &["--hidden", "-.", "-uu", "-uuu"])
                || args.iter().filter(|a| a.text == "-u").count() >= 2;
            let tree = search(
                args,
                RG_VALUES,
                true,
                TreeRead {
                    verb: "searches",
                    hidden,
                    exclude_hint: "Leave it out with `-g '!NAME'`, or search where it is not",
                    ..Default::default()
                },
            );
            // A `-g` glob that picks files overrides ripgrep's skipping of hidden ones
            // (`rg -g '.env' KEY` searches `.env`).
            let hidden = tree.hidden || !tree.include.is_empty();
            Some(TreeRead { hidden, ..tree })
        }
        "ag" | "pt" | "sift" | "ack" | "ack-grep" => {
            let hidden = name.starts_with("ack") || has(args, &["--hidden", "-u", "--unrestricted"]);
            Some(search(
                args,
                AG_VALUES,
                true,
                TreeRead {
                    verb: "searches",
                    hidden,
                    exclude_hint: "Leave it out with `--ignore NAME`, or search where it is not",
                    ..Default::default()
                },
            ))
        }
        // `git add -f .`, `git add -A -f`: the files `.gitignore` keeps out go into a commit that
        // leaves the machine.
        // So is a plain `git add .` after the line took an entry out of `.gitignore`.
        "git"
            if args.first().is_some_and(|a| matches!(a.text.as_str(), "add" | "stage"))
                && (has(args, &["--force"]) || has_short(args, 'f') || unignored_before(analysis, index))
                && !has(args, &["-u", "--update"]) =>
        {
            let mut tree = staged(
                &args[1..],
                TreeRead {
                    verb: "stages",
                    hidden: true,
                    exclude_hint: "Stage the files by name, without `-f`, or leave it out with the pathspec `':!NAME'`",
                    ..Default::default()
                },
            );
            if tree.roots.is_empty() {
                tree.roots.push(".");
            }
            Some(tree)
        }
        // `git -C ~ add .ssh`, `cd ~ && git add -A`: a work tree outside the project, with no
        // `.gitignore` of the project's to keep the secrets out, staged whole.
        "git"
            if args.first().is_some_and(|a| matches!(a.text.as_str(), "add" | "stage"))
                && !has(args, &["-u", "--update", "-p", "--patch", "-n", "--dry-run"]) =>
        {
            let mut tree = staged(
                &args[1..],
                TreeRead {
                    verb: "stages",
                    hidden: true,
                    exclude_hint: "Stage the files you need by name",
                    outside_only: true,
                    ..Default::default()
                },
            );
            if tree.roots.is_empty() && has(args, &["-A", "--all"]) {
                tree.roots.push(".");
            }
            (!tree.roots.is_empty()).then_some(tree)
        }
        // `docker build ~`: the build context, the whole tree, is sent to the daemon (remote
        // or not) and whatever the Dockerfile copies goes into the image. Inside the project
        // its `.dockerignore` decides.
        "docker" | "podman" | "buildah" | "nerdctl" if builds(args) => {
            let mut roots = build_contexts(args);
            if roots.is_empty() {
                return None;
            }
            roots.dedup();
            Some(TreeRead {
                verb: "sends as a build context",
                roots,
                hidden: true,
                exclude_hint: "Build from a directory that holds only what the image needs",
                outside_only: true,
                ..Default::default()
            })
        }
        // `diff -r A B`, `git diff --no-index A B`: every file of both trees is printed where
        // they differ (`diff -rN /tmp/empty .` prints all of `.`).
        "diff" | "colordiff" if has_short(args, 'r') || has(args, &["--recursive"]) => Some(compare(args)),
        "git" if args.first().is_some_and(|a| a.text == "diff") && has(args, &["--no-index"]) => {
            Some(compare(&args[1..]))
        }
        "git" => {
            let grep = args.first().is_some_and(|a| a.text == "grep");
            (grep && has(args, &["--untracked", "--no-index"])).then(|| {
                let mut tree = search(
                    &args[1..],
                    GREP_VALUES,
                    true,
                    TreeRead {
                        verb: "searches",
                        hidden: true,
                        exclude_hint: "Leave it out with the pathspec `':(exclude,glob)**/NAME'`, or search where it is not",
                        ..Default::default()
                    },
                );
                // `':(exclude,glob)**/.env'` is a pathspec that leaves files out, not a place searched.
                let (excluded, roots): (Vec<&str>, Vec<&str>) = tree
                    .roots
                    .iter()
                    .partition(|root| super::file_access::excluding_pathspec(root).is_some());
                if !excluded.is_empty() {
                    tree.exclude.extend(
                        excluded
                            .iter()
                            .filter_map(|root| super::file_access::excluding_pathspec(root).and_then(|(_, name)| name)),
                    );
                    tree.roots = if roots.is_empty() { vec!["."] } else { roots };
                }
                tree
            })
        }
        "tar" if packs(args) => {
            Some(archive(args, "packs", "Leave it out with `--exclude=NAME`, or pack only what you need", 0))
        }
        "zip" if has_short(args, 'r') || has(args, &["--recurse-paths"]) => {
            Some(archive(args, "packs", "Leave it out with `-x NAME`, or pack only what you need", 1))
        }
        // `jar cf x.jar -C DIR NAMES...`: judged as the whole of each `-C` directory, which
        // holds the names it packs.
        "jar" if args.first().is_some_and(|a| a.text.trim_start_matches('-').starts_with(['c', 'u'])) => {
            let roots: Vec<&str> =
                args.windows(2).filter(|w| w[0].text == "-C").map(|w| w[1].text.as_str()).collect();
            (!roots.is_empty()).then(|| TreeRead {
                verb: "packs",
                roots,
                hidden: true,
                exclude_hint: "Pack only the files you need",
                ..Default::default()
            })
        }
        "7z" | "7za" | "7zz"
            if args.iter().find(|a| !a.text.starts_with('-')).is_some_and(|a| a.text == "a") =>
        {
            Some(archive(args, "packs", "Leave it out with `-xr!NAME`, or pack only what you need", 2))
        }
        "rsync" | "scp"
            if has_short(args, 'r') || has_short(args, 'a') || has(args, &["--recursive", "--archive"]) =>
        {
            Some(archive(
                args,
                "copies",
                "Leave it out with `--exclude=NAME`, or copy only what you need",
                usize::MAX,
            ))
        }
        "cp" if has_short(args, 'r')
            || has_short(args, 'R')
            || has_short(args, 'a')
            || has(args, &["--recursive", "--archive"]) =>
        {
            Some(archive(args, "copies", "Copy only the files you need", usize::MAX))
        }
        // A file-transfer client's mirror of a local tree to the server: `lftp -e 'mirror -R
        // . /srv'`, `sftp h <<< 'put -r .'`.
        "lftp" | "sftp" => transfer_mirror(command),
        "ncftpput" if has_short(args, 'R') => {
            // `ncftpput -R HOST REMOTE-DIR LOCAL...`, past the options that take a value.
            let operands = crate::rules::operands(args, &["-u", "-p", "-P", "-j", "-t", "-U", "-f", "-E"]);
            Some(TreeRead {
                verb: "uploads",
                roots: operands.skip(2).collect(),
                hidden: true,
                exclude_hint: "Upload only the files you need",
                ..Default::default()
            })
        }
        // Uploads of a directory to cloud storage.
        "s3cmd" | "azcopy"
            if args
                .iter()
                .any(|a| matches!(a.text.as_str(), "sync" | "-r" | "--recursive" | "--recursive=true")) =>
        {
            Some(archive(
                args,
                "uploads",
                "Leave it out with `--exclude NAME`, or upload only what you need",
                usize::MAX,
            ))
        }
        // `az storage blob upload-batch -s DIR -d CONTAINER`, `az storage copy -s DIR --recursive`.
        "az" if args
            .iter()
            .any(|a| a.text.ends_with("upload-batch") || matches!(a.text.as_str(), "-r" | "--recursive")) =>
        {
            let sources = super::file_access::option_values(args, &["-s", "--source"]);
            Some(TreeRead {
                verb: "uploads",
                roots: sources.into_iter().map(|(_, dir)| dir).collect(),
                hidden: true,
                exclude_hint: "Upload only what you need (`--pattern`)",
                ..Default::default()
            })
        }
        // `aws s3 sync DIR s3://b`, `gsutil -m cp -r`, `rclone copy`, and MinIO's, s5cmd's and
        // Backblaze's own verbs (`mc mirror DIR alias/b`, `s5cmd sync`, `b2 sync`).
        "aws" | "gsutil" | "gcloud" | "rclone" | "mc" | "mcli" | "s5cmd" | "b2"
            if args.iter().any(|a| {
                matches!(
                    a.text.as_str(),
                    "sync"
                        | "rsync"
                        | "copy"
                        | "move"
                        | "mirror"
                        | "upload-dir"
                        | "-r"
                        | "-R"
                        | "--recursive"
                )
            }) =>
        {
            Some(archive(
                args,
                "uploads",
                "Leave it out with `--exclude NAME`, or upload only what you need",
                usize::MAX,
            ))
        }
        // Peer-to-peer publishing and sync: `ipfs add -r DIR` publishes the tree, `croc send
        // DIR` and `wormhole send DIR` hand it to a peer, `syncthing cli config folders add
        // --path DIR` shares it with every device of the cluster.
        "ipfs" | "croc" | "wormhole" | "syncthing" | "unison" => shared_tree(name, args),
        // `find -exec cat {} +`: the command it runs reads the files it finds; `-exec wc -l`
        // or `-exec chmod` read nothing of them.
        "find" => {
            let ran = analysis.commands.iter().skip(index + 1).take_while(|later| {
                later.via.iter().any(|via| via.starts_with("find -exec") || via.starts_with("find -ok"))
            });
            let reads = ran.into_iter().any(|later| reads_word(later, |text| text.contains("{}")));
            reads.then(|| find(args))
        }
        // `python3 -m zipfile -c out.zip src`, `-m tarfile -c`: an archive of whole trees.
        _ if name.starts_with("python") && super::file_access::packing_module(args).is_some() => {
            let (_, sources) = super::file_access::packing_module(args)?;
            Some(TreeRead {
                verb: "packs",
                roots: sources.iter().map(|word| word.text.as_str()).collect(),
                hidden: true,
                exclude_hint: "Pack only the files you need",
                ..Default::default()
            })
        }
        // `kubectl create secret generic x --from-file=DIR`: every file of the directory goes
        // into the cluster.
        "kubectl" | "oc" | "kustomize" if args.iter().any(|a| a.text.starts_with("--from-file")) => {
            let roots: Vec<&str> = args
                .iter()
                .enumerate()
                .filter_map(|(at, arg)| match arg.text.strip_prefix("--from-file") {
                    Some("") => args.get(at + 1).map(|value| value.text.as_str()),
                    Some(rest) => rest.strip_prefix('='),
                    None => None,
                })
                .map(|value| match value.split_once('=') {
                    Some((key, dir)) if !key.contains('/') && !dir.is_empty() => dir,
                    _ => value,
                })
                .collect();
            Some(TreeRead {
                verb: "uploads into the cluster",
                roots,
                hidden: true,
                exclude_hint: "Name the files you need with `--from-file`",
                ..Default::default()
            })
        }
        // A web server of a directory gives its files to whoever asks.
        // Bound to the loopback address it still serves every program of this machine, the
        // agent's next `curl localhost:8000/.env` too.
        _ if served(name, args).is_some() => Some(TreeRead {
            verb: if loopback_only(args) {
                "serves over loopback, to every local program and the agent,"
            } else {
                "serves to the network"
            },
            roots: served(name, args).into_iter().collect(),
            hidden: true,
            exclude_hint: "Serve a directory that holds no secrets",
            ..Default::default()
        }),
        // Only a command with a word known at run time can read a file named at run time.
        _ if command.argv.iter().any(|word| word.dynamic) => fed_by_find(analysis, command)
            .or_else(|| fed_by_globs(analysis, command))
            .or_else(|| named_at_run_time(command)),
        _ => None,
    }
}

/// The local trees a file-transfer client's commands upload: lftp's `mirror -R` (`--reverse`;
/// the local directory is the first operand, else the one `lcd` chose, else the working one)
/// and `put -r` / `mput -r` of sftp and lftp, in its `-e`/`-c` commands or the batch on its
/// standard input. `-X GLOB` (`--exclude-glob`) and a literal `-x NAME` (`--exclude`) leave
/// files out; `-L` (`--dereference`) follows links.
fn transfer_mirror(command: &SimpleCommand) -> Option<TreeRead<'_>> {
    let mut texts: Vec<&str> = super::file_access::option_values(command.args(), &["-e", "-c"])
        .into_iter()
        .map(|(_, v)| v)
        .collect();
    if let Stdin::Text(text) = &command.stdin {
        texts.push(text);
    }
    let mut tree = TreeRead {
        verb: "uploads",
        hidden: true,
        exclude_hint: "Leave it out with `-X NAME`, or upload only what you need",
        ..Default::default()
    };
    for text in texts {
        let mut local = None;
        for part in
            text.split(['\n', ';']).flat_map(|part| part.split("&&")).flat_map(|part| part.split("||"))
        {
            let mut words = part.split_whitespace().map(|word| word.trim_matches(['"', '\'']));
            match words.next() {
                Some("lcd") => local = words.next(),
                Some("mirror") => {
                    let mut reverse = false;
                    let mut operands = Vec::new();
                    while let Some(word) = words.next() {
                        let (option, attached) = match word.split_once('=') {
                            Some((option, value)) if word.starts_with("--") => (option, Some(value)),
                            _ => (word, None),
                        };
                        let mut value = || attached.or_else(|| words.next());
                        match option {
                            "--reverse" => reverse = true,
                            "--dereference" => tree.follow = true,
                            "-X" | "--exclude-glob" => tree.exclude.extend(value()),
                            // A regex: kept only when it is a plain name, which as a glob
                            // leaves out no more than the regex does.
                            "-x" | "--exclude" => {
                                tree.exclude.extend(value().filter(|rx| {
                                    !rx.contains(['\\', '^', '$', '*', '+', '?', '[', '(', '|'])
                                }))
                            }
                            "-i" | "-I" | "-O" | "-N" | "-F" | "--include" | "--include-glob"
                            | "--target-directory" | "--newer-than" | "--older-than" | "--size-range"
                            | "--log" | "--script" => {
                                value();
                            }
                            _ if option.starts_with("--") => {}
                            // A cluster of switches (`-Rv`, `-eRL`); `-P5` is a count.
                            _ if option.starts_with('-') => {
                                if option[1..].bytes().all(|b| b.is_ascii_alphabetic()) {
                                    reverse |= option.contains('R');
                                    tree.follow |= option.contains('L');
                                }
                            }
                            _ if operands.is_empty() && word.bytes().all(|b| b.is_ascii_digit()) => {}
                            _ => operands.push(word),
                        }
                    }
                    if reverse {
                        tree.roots.push(operands.first().copied().or(local).unwrap_or("."));
                    }
                }
                Some("put" | "mput" | "reput") => {
                    let words: Vec<&str> = words.collect();
                    let recursive = words.iter().any(|w| {
                        w.strip_prefix('-')
                            .is_some_and(|flags| !flags.starts_with('-') && flags.contains(['r', 'R']))
                    });
                    if recursive {
                        tree.roots.extend(words.iter().filter(|w| !w.starts_with('-')).take(1));
                    }
                }
                _ => {}
            }
        }
    }
    (!tree.roots.is_empty()).then_some(tree)
}

/// Whether a container tool's words build an image: `build`, `buildx build`, `image build`,
/// `builder build`, buildah's `bud`.
fn builds(args: &[Word]) -> bool {
    let mut verbs = args.iter().filter(|a| !a.text.starts_with('-')).map(|a| a.text.as_str());
    match verbs.next() {
        Some("build" | "bud") => true,
        Some("buildx" | "image" | "builder") => verbs.next() == Some("build"),
        _ => false,
    }
}

/// The directories a build sends: its context operand and each `--build-context NAME=DIR`.
fn build_contexts(args: &[Word]) -> Vec<&str> {
    // Options of `docker build` (and buildx, podman, buildah) that take a value.
    const VALUED: &[&str] = &[
        "-f",
        "--file",
        "-t",
        "--tag",
        "--build-arg",
        "--target",
        "--platform",
        "--label",
        "--secret",
        "--ssh",
        "--cache-from",
        "--cache-to",
        "-o",
        "--output",
        "--network",
        "--progress",
        "--iidfile",
        "--metadata-file",
        "--build-context",
        "--builder",
        "--add-host",
        "--annotation",
        "--attest",
        "--shm-size",
        "-m",
        "--memory",
        "--ulimit",
        "--cgroup-parent",
        "--isolation",
        "--cpuset-cpus",
        "--security-opt",
        "--allow",
        "--provenance",
        "--sbom",
        "--layers",
        "--format",
        "--volume",
        "-v",
        "--runtime",
        "--authfile",
        "--creds",
        "--sign-by",
        "--jobs",
        "--os",
        "--arch",
        "--variant",
    ];
    let mut roots = Vec::new();
    let mut words = args.iter().skip_while(|a| a.text.starts_with('-'));
    // The verbs (`build`, `buildx build`, `image build`).
    let mut words = words.by_ref().skip_while(|a| matches!(a.text.as_str(), "buildx" | "image" | "builder"));
    // The verb itself.
    words.next();
    let mut operands = Vec::new();
    while let Some(word) = words.next() {
        let text = word.text.as_str();
        if let Some(context) = text.strip_prefix("--build-context=") {
            roots.extend(context.split_once('=').map(|(_, dir)| dir));
        } else if text == "--build-context" {
            roots.extend(words.next().and_then(|w| w.text.split_once('=')).map(|(_, dir)| dir));
        } else if VALUED.contains(&text) {
            words.next();
        } else if !text.starts_with('-') || text == "-" {
            operands.push(text);
        }
    }
    // A context that is a URL or standard input (`-`, a Dockerfile on stdin) is no local tree;
    // a named build context may be an image or a URL too.
    let local =
        |dir: &&str| *dir != "-" && !dir.contains("://") && !dir.starts_with("git@") && !dir.contains(':');
    roots.extend(operands.last().copied());
    roots.retain(local);
    roots
}

/// A command that reads a file named only by another command's output (`cat $(ls -a | grep
/// env)`, `... | xargs cat`): that file may be any under the working directory. A list of
/// tracked files (`git ls-files`) names none that git ignores, so it is left to the rules; a
/// list of untracked or ignored ones (`git ls-files -o`, `--ignored`) is where the secrets are.
fn named_at_run_time(command: &SimpleCommand) -> Option<TreeRead<'_>> {
    // A variable set from a substitution (`p=$(ls | grep env); cat "$p"`) has the
    // substitution's text as its value: the word's text, where its raw text is `"$p"`.
    let computed = |word: &Word| {
        let substituted = |text: &str| text.contains("$(") || text.contains('`');
        let source = if substituted(&word.raw) { &word.raw } else { &word.text };
        word.dynamic
            && (substituted(source) || word.text.contains(XARGS_INPUT))
            && (!source.contains("git ls-files") || lists_untracked(source))
    };
    let reads = super::file_access::accesses(command)
        .into_iter()
        .any(|(access, word, _)| access == super::files::Access::Read && computed(word));
    reads.then(|| TreeRead {
        verb: "reads files named only at run time, any of those under",
        roots: vec!["."],
        hidden: true,
        exclude_hint: "Name the files the command reads",
        ..Default::default()
    })
}

/// Whether a `git ls-files` in `text` lists untracked or ignored files (`-o`, `--others`, `-i`,
/// `--ignored`, a cluster holding `o` or `i`).
fn lists_untracked(text: &str) -> bool {
    let after = text.split("git ls-files").nth(1).unwrap_or_default();
    let own = after.split([')', '`', '|', ';', '&']).next().unwrap_or_default();
    own.split_whitespace().any(|word| {
        matches!(word, "--others" | "--ignored")
            || word
                .strip_prefix('-')
                .is_some_and(|cluster| !cluster.starts_with('-') && cluster.contains(['o', 'i']))
    })
}

/// Whether `command` reads a file named by a word whose text `names` accepts.
fn reads_word(command: &SimpleCommand, names: impl Fn(&str) -> bool) -> bool {
    super::file_access::accesses(command)
        .into_iter()
        .any(|(access, word, _)| access == super::files::Access::Read && names(&word.text))
}

/// A command run by `xargs` on what `find` printed, reading those files: the tree is `find`'s.
fn fed_by_find<'c>(analysis: &'c Analysis, command: &'c SimpleCommand) -> Option<TreeRead<'c>> {
    let Stdin::Pipe { from: Some(from) } = command.stdin else { return None };
    if !command.via.iter().any(|via| via.starts_with("xargs")) {
        return None;
    }
    let producer = analysis.commands.get(from)?;
    (command_name(producer)? == "find" && reads_word(command, |text| text.contains(XARGS_INPUT)))
        .then(|| TreeRead { verb: "reads the files `find` lists under", ..find(producer.args()) })
}

/// A command run by `xargs` on the names `ls`, `echo` or `printf` prints from globs written
/// on the line (`ls *.txt | xargs -I{} cp {} backup/`, `printf '%s\0' src/*.js | xargs -0
/// grep TODO`): the files are those the globs pick, so the tree under each glob's directory
/// is read with its name as the filter. A glob's `*` and `?` skip dot-files, as the shell's
/// do; a glob naming a dot-file, an `ls` option or a computed word is left to
/// [`named_at_run_time`].
fn fed_by_globs<'c>(analysis: &'c Analysis, command: &'c SimpleCommand) -> Option<TreeRead<'c>> {
    let Stdin::Pipe { from: Some(from) } = command.stdin else { return None };
    if !command.via.iter().any(|via| via.starts_with("xargs")) {
        return None;
    }
    let producer = analysis.commands.get(from)?;
    let args = producer.args();
    let operands = match command_name(producer)? {
        "ls" => args.iter().filter(|a| !matches!(a.text.as_str(), "-1" | "-d")).collect::<Vec<_>>(),
        "echo" => args.iter().collect(),
        "printf" => args.iter().skip(1).collect(),
        _ => return None,
    };
    let mut roots = Vec::new();
    let mut include = Vec::new();
    for word in &operands {
        let (dir, name) = word.text.rsplit_once('/').unwrap_or((".", &word.text));
        let plain_dir = !dir.is_empty() && !dir.contains(['*', '?', '[']) && !dir.contains("..");
        if word.dynamic || !plain_dir || dir.starts_with(['/', '~']) || !name.contains(['*', '?']) {
            return None;
        }
        if name.starts_with(['.', '-']) {
            return None;
        }
        roots.push(dir);
        include.push(name);
    }
    (!operands.is_empty() && reads_word(command, |text| text.contains(XARGS_INPUT))).then(|| TreeRead {
        verb: "reads the files the globs pick under",
        roots,
        include,
        exclude_hint: "Name the files the command reads",
        ..Default::default()
    })
}

/// Whether a server's `--bind`/`-b`/`--address`/`-a` is a loopback address.
fn loopback_only(args: &[Word]) -> bool {
    args.windows(2).any(|pair| {
        matches!(pair[0].text.as_str(), "--bind" | "-b" | "--address" | "-a" | "--bind-address")
            && matches!(pair[1].text.as_str(), "127.0.0.1" | "localhost" | "::1")
    }) || args.iter().any(|a| {
        a.text.split_once('=').is_some_and(|(option, value)| {
            matches!(option, "--bind" | "--address" | "--bind-address")
                && matches!(value, "127.0.0.1" | "localhost" | "::1")
        })
    })
}

/// The directory a static web server gives out: `python3 -m http.server --directory DIR`
/// (`-d DIR`), `php -S ADDR -t DIR`, `ruby -run -e httpd DIR`, `http-server DIR`, `serve DIR`,
/// `miniserve DIR`, `httpd -h DIR`, `caddy file-server --root DIR`, `rclone serve http DIR`.
/// Without one it serves its working directory (issue 14: `python3 -m http.server` in a
/// project that holds `.env` gives it out as `--directory .` does).
fn served<'c>(name: &str, args: &'c [Word]) -> Option<&'c str> {
    let value = |options: &[&str]| {
        args.iter().enumerate().find_map(|(at, arg)| {
            options.iter().find_map(|option| match arg.text.strip_prefix(option) {
                Some("") => args.get(at + 1).map(|value| value.text.as_str()),
                Some(rest) => rest.strip_prefix('='),
                None => None,
            })
        })
    };
    // The first operand, past the values of the options that take one (`-p 8080`).
    let operand = |takes_value: &[&str]| crate::rules::operands(args, takes_value).next();
    const SERVER_VALUES: &[&str] = &[
        "-p",
        "--port",
        "-a",
        "--address",
        "-l",
        "--listen",
        "-c",
        "--config",
        "-i",
        "--interfaces",
        "-b",
        "--bind",
    ];
    let module = args.iter().position(|a| a.text == "-m").and_then(|at| args.get(at + 1));
    let here = Some(".");
    match name {
        _ if name.starts_with("python")
            && module.is_some_and(|m| matches!(m.text.as_str(), "http.server" | "SimpleHTTPServer")) =>
        {
            value(&["--directory", "-d"]).or(here)
        }
        "php" if args.iter().any(|a| a.text == "-S") => value(&["-t"]).or(here),
        "ruby"
            if args.windows(3).any(|w| w[0].text == "-run" && w[1].text == "-e" && w[2].text == "httpd") =>
        {
            let at = args.iter().position(|a| a.text == "httpd")?;
            crate::rules::operands(&args[at + 1..], &["--port", "--bind-address"]).next().or(here)
        }
        "http-server" | "live-server" | "serve" | "miniserve" | "darkhttpd" => {
            operand(SERVER_VALUES).or(here)
        }
        // `busybox httpd -h DIR` (busybox is peeled off before this).
        "httpd" => value(&["-h"]).or(here),
        "caddy" if args.first().is_some_and(|a| a.text == "file-server") => value(&["--root", "-r"]).or(here),
        // `rclone serve http|webdav|ftp|sftp|dlna|s3|nfs DIR`: a `remote:` path is not this machine.
        "rclone" if args.first().is_some_and(|a| a.text == "serve") => {
            let dir = args.iter().skip(2).find(|a| !a.text.starts_with('-'))?;
            (!dir.text.contains(':')).then_some(dir.text.as_str())
        }
        _ => None,
    }
}

/// The `find` whose output an archiver packs as its list of names through a process
/// substitution: `tar -T <(find ~)`, `tar --files-from=<(find …)`, `zip -@ < <(find …)`,
/// `cpio -o < <(find …)`.
fn list_substituted<'c>(
    analysis: &'c Analysis,
    name: &str,
    args: &'c [Word],
    command: &'c SimpleCommand,
) -> Option<&'c SimpleCommand> {
    let list = match name {
        "tar" | "gtar" | "bsdtar" => args.iter().enumerate().find_map(|(at, arg)| {
            match arg.text.as_str() {
                "-T" | "--files-from" => args.get(at + 1).map(|value| value.text.as_str()),
                text => text.strip_prefix("--files-from=").or_else(|| text.strip_prefix("-T")),
            }
            .filter(|list| list.starts_with("<("))
        }),
        "zip" | "cpio" if packs_names_from_stdin(name, args) => match &command.stdin {
            Stdin::File(file) => Some(file.text.as_str()),
            _ => None,
        },
        _ => None,
    }?;
    let inner = list.strip_prefix("<(")?.strip_suffix(')')?.trim();
    analysis
        .commands
        .iter()
        .find(|producer| producer.text.trim() == inner && command_name(producer) == Some("find"))
}

/// A backup tool's snapshot of local directories: `restic backup PATHS`, `borg create
/// REPO::NAME PATHS`, `duplicity [full|incr] DIR URL`, `kopia snapshot create PATHS`, with
/// their exclude patterns. Other subcommands (listing, restoring, pruning) read no tree.
fn backup<'c>(name: &str, args: &'c [Word]) -> Option<TreeRead<'c>> {
    let (subcommand, values): (&[&str], &[&str]) = match name {
        "restic" => (
            &["backup"],
            &[
                "-r",
                "--repo",
                "--repository-file",
                "-p",
                "--password-file",
                "--password-command",
                "--exclude",
                "-e",
                "--iexclude",
                "--exclude-file",
                "--iexclude-file",
                "--files-from",
                "--tag",
                "--host",
                "--parent",
                "-o",
                "--option",
                "--cache-dir",
                "--limit-upload",
                "--limit-download",
                "--pack-size",
                "--compression",
                "--exclude-larger-than",
                "--time",
            ],
        ),
        "borg" | "borgbackup" => (
            &["create"],
            &[
                "-e",
                "--exclude",
                "--exclude-from",
                "--pattern",
                "--patterns-from",
                "-C",
                "--compression",
                "--comment",
                "--timestamp",
                "--chunker-params",
                "-c",
                "--checkpoint-interval",
                "--remote-path",
                "--rsh",
                "--lock-wait",
                "--files-cache",
            ],
        ),
        "duplicity" => (
            &[],
            &[
                "--exclude",
                "--include",
                "--exclude-filelist",
                "--include-filelist",
                "--exclude-regexp",
                "--include-regexp",
                "--name",
                "--archive-dir",
                "--encrypt-key",
                "--sign-key",
                "--volsize",
                "--ssh-options",
                "--tempdir",
                "--log-file",
                "--gpg-options",
                "--full-if-older-than",
            ],
        ),
        "kopia" => {
            (&["snapshot", "snap"], &["--description", "--tags", "--parallel", "--config-file", "--password"])
        }
        _ => return None,
    };
    let mut tree = TreeRead {
        verb: "backs up",
        hidden: true,
        exclude_hint: "Leave it out with `--exclude NAME`, or back up only what you need",
        ..Default::default()
    };
    let mut operands = Vec::new();
    let mut words = args.iter();
    while let Some(word) = words.next() {
        let text = word.text.as_str();
        if let Some((option, value)) = text.split_once('=').filter(|(option, _)| values.contains(option)) {
            if matches!(option, "--exclude" | "--iexclude") {
                tree.exclude.push(value);
            }
        } else if values.contains(&text) {
            let value = words.next();
            if matches!(text, "--exclude" | "-e" | "--iexclude") {
                tree.exclude.extend(value.map(|value| value.text.as_str()));
            }
        } else if !text.starts_with('-') {
            operands.push(text);
        }
    }
    let sources = match name {
        // The subcommand, then `create` and the paths.
        "kopia" => match operands.as_slice() {
            [snapshot, "create", paths @ ..] if subcommand.contains(snapshot) => paths.to_vec(),
            _ => return None,
        },
        "duplicity" => {
            let rest = match operands.first() {
                Some(&("full" | "incr" | "incremental")) => &operands[1..],
                _ => &operands[..],
            };
            // Backing up is a local directory to a URL; restoring is the other way round.
            match rest {
                [source, target] if target.contains("://") && !source.contains("://") => vec![*source],
                _ => return None,
            }
        }
        // borg's repository and archive name come first.
        "borg" | "borgbackup" => match operands.as_slice() {
            [create, _archive, paths @ ..] if subcommand.contains(create) => paths.to_vec(),
            _ => return None,
        },
        _ => match operands.split_first() {
            Some((backup, paths)) if subcommand.contains(backup) => paths.to_vec(),
            _ => return None,
        },
    };
    tree.roots = sources;
    (!tree.roots.is_empty()).then_some(tree)
}

/// Whether the archiver takes the names of the files it packs on its standard input: `cpio -o`
/// (`-p`), `tar -T -` (`--files-from=-`), `zip -@`.
fn packs_names_from_stdin(name: &str, args: &[Word]) -> bool {
    match name {
        "cpio" => has_short(args, 'o') || has_short(args, 'p') || has(args, &["--create", "--pass-through"]),
        "tar" => {
            args.windows(2).any(|w| matches!(w[0].text.as_str(), "-T" | "--files-from") && w[1].text == "-")
                || has(args, &["--files-from=-", "-T-"])
        }
        "zip" => has(args, &["-@", "--names-stdin"]),
        _ => false,
    }
}

/// `find ROOTS... EXPRESSION`: the roots before the first test, its `-name` globs as includes
/// (dropped when the expression negates, so a `! -name` never hides a file).
fn find(args: &[Word]) -> TreeRead<'_> {
    // `find -L ROOT`: options before the roots; `-L` (and the older `-follow`) follows links.
    let leading = args.iter().take_while(|a| matches!(a.text.as_str(), "-L" | "-H" | "-P")).count();
    let follow = args[..leading].iter().any(|a| a.text == "-L") || args.iter().any(|a| a.text == "-follow");
    let args = &args[leading..];
    let roots: Vec<&str> = args
        .iter()
        .take_while(|a| !a.text.starts_with('-') && !matches!(a.text.as_str(), "(" | "!" | ")"))
        .map(|a| a.text.as_str())
        .collect();
    let filters = printed_past_prune(args).unwrap_or(args);
    let negates = filters.iter().any(|a| matches!(a.text.as_str(), "!" | "-not" | "-prune"));
    let include = if negates {
        Vec::new()
    } else {
        filters
            .windows(2)
            .filter(|pair| matches!(pair[0].text.as_str(), "-name" | "-iname"))
            .map(|pair| pair[1].text.as_str())
            .collect()
    };
    TreeRead {
        verb: "runs a command on the files under",
        roots: if roots.is_empty() { vec!["."] } else { roots },
        hidden: true,
        follow,
        keeps_links: false,
        include,
        exclude: Vec::new(),
        exclude_hint: "Leave it out with `-not -name NAME`, or pick the files by name",
        directory: None,
        outside_only: false,
    }
}

/// `find . -name node_modules -prune -o -name '*.js' -print`: the branch after the last
/// `-o` when every branch before it only prunes (no action, ending in `-prune`) and it
/// prints: the files listed are those it picks. Without an action of its own the whole
/// expression prints, pruned directories too.
fn printed_past_prune(args: &[Word]) -> Option<&[Word]> {
    let last_or = args.iter().rposition(|a| matches!(a.text.as_str(), "-o" | "-or"))?;
    let (pruned, printed) = (&args[..last_or], &args[last_or + 1..]);
    let acts = |a: &Word| {
        ["-print", "-fprint", "-exec", "-ok", "-delete", "-ls", "-fls"]
            .iter()
            .any(|act| a.text.starts_with(act))
    };
    (pruned.last()?.text == "-prune"
        && !pruned.iter().any(acts)
        && printed.iter().any(|a| matches!(a.text.as_str(), "-print" | "-print0")))
    .then_some(printed)
}

/// Options of grep (and `git grep`, ugrep) that take the next word as their value.
const GREP_VALUES: &[&str] = &[
    "-e",
    "-f",
    "-m",
    "-A",
    "-B",
    "-C",
    "-d",
    "-D",
    "--regexp",
    "--file",
    "--max-count",
    "--include",
    "--exclude",
    "--exclude-dir",
    "--context",
    "--after-context",
    "--before-context",
    "--directories",
    "--devices",
    "--label",
    "--binary-files",
    "--color",
    "--colour",
];

const RG_VALUES: &[&str] = &[
    "-e",
    "-f",
    "-g",
    "-t",
    "-T",
    "-m",
    "-A",
    "-B",
    "-C",
    "-M",
    "-j",
    "-r",
    "-E",
    "-d",
    "--regexp",
    "--file",
    "--glob",
    "--iglob",
    "--type",
    "--type-not",
    "--type-add",
    "--type-clear",
    "--max-count",
    "--context",
    "--after-context",
    "--before-context",
    "--max-columns",
    "--threads",
    "--replace",
    "--encoding",
    "--max-depth",
    "--maxdepth",
    "--pre",
    "--pre-glob",
    "--ignore-file",
    "--path-separator",
    "--engine",
    "--colors",
    "--sort",
    "--sortr",
    "--max-filesize",
    "--context-separator",
    "--field-match-separator",
];

const AG_VALUES: &[&str] = &[
    "-G",
    "-g",
    "-m",
    "-A",
    "-B",
    "-C",
    "--ignore",
    "--ignore-dir",
    "--file-search-regex",
    "--max-count",
    "--context",
    "--after",
    "--before",
    "--depth",
    "--pager",
    "--workers",
    "--type-set",
    "--ignore-file",
];

/// A search: the first operand is its pattern unless `-e`/`-f` gave one; the rest are roots
/// (the working directory when none). Include and exclude globs from the options.
fn search<'c>(
    args: &'c [Word],
    values: &[&str],
    pattern_first: bool,
    mut tree: TreeRead<'c>,
) -> TreeRead<'c> {
    let mut operands = Vec::new();
    let mut given_pattern = false;
    let mut words = args.iter();
    let mut options_done = false;
    while let Some(word) = words.next() {
        let text = word.text.as_str();
        if options_done || !text.starts_with('-') || text == "-" {
            operands.push(text);
            continue;
        }
        if text == "--" {
            options_done = true;
            continue;
        }
        let (option, inline) = match text.split_once('=') {
            Some((option, value)) if option.starts_with("--") => (option, Some(value)),
            _ => (text, None),
        };
        let value = match inline {
            Some(value) => Some(value),
            None if values.contains(&option) => words.next().map(|w| w.text.as_str()),
            None => None,
        };
        given_pattern |= matches!(option, "-e" | "-f" | "--regexp" | "--file");
        let Some(value) = value else { continue };
        match option {
            "--include" => tree.include.push(value),
            "--exclude" | "--exclude-dir" | "--ignore" | "--ignore-dir" | "-x" => tree.exclude.push(value),
            "-g" | "--glob" | "--iglob" => match value.strip_prefix('!') {
                Some(excluded) => tree.exclude.push(excluded),
                None => tree.include.push(value),
            },
            _ => {}
        }
    }
    let roots =
        if pattern_first && !given_pattern { operands.get(1..).unwrap_or(&[]) } else { &operands[..] };
    tree.roots = if roots.is_empty() { vec!["."] } else { roots.to_vec() };
    tree
}

/// Options of `diff` (and `git diff`) that take a value; `-x` is a name glob left out.
const DIFF_VALUES: &[&str] = &[
    "-x",
    "--exclude",
    "-X",
    "--exclude-from",
    "-I",
    "--ignore-matching-lines",
    "-L",
    "--label",
    "-S",
    "--starting-file",
    "-F",
    "--show-function-line",
    "-O",
    "--color",
    "--word-diff",
    "--src-prefix",
    "--dst-prefix",
];

/// A comparison of two trees, both read whole.
fn compare(args: &[Word]) -> TreeRead<'_> {
    search(
        args,
        DIFF_VALUES,
        false,
        TreeRead {
            verb: "compares",
            hidden: true,
            exclude_hint: "Leave it out with `-x NAME`, or compare the files you need",
            ..Default::default()
        },
    )
}

/// An archiver or copier: its operands from `skip` on (the archive itself comes first), all but
/// the last for copies (`usize::MAX`: the last is the target), with `--exclude`/`-x` globs.
fn archive<'c>(
    args: &'c [Word],
    verb: &'static str,
    exclude_hint: &'static str,
    skip: usize,
) -> TreeRead<'c> {
    let mut tree = TreeRead { verb, hidden: true, exclude_hint, ..Default::default() };
    let mut operands = Vec::new();
    // tar's `-C DIR` (skip 0 is tar): its names are inside DIR (`tar czf out.tgz -C build .`
    // packs `build`).
    let tar = skip == 0;
    let mut words = args.iter().peekable();
    while let Some(word) = words.next() {
        let text = word.text.as_str();
        if tar && matches!(text, "-C" | "--directory") {
            tree.directory = tree.directory.or(words.next().map(|dir| dir.text.as_str()));
        } else if let Some(dir) = text.strip_prefix("--directory=").filter(|_| tar) {
            tree.directory = tree.directory.or(Some(dir));
        } else if let Some(value) = text
            .strip_prefix("--exclude=")
            .or_else(|| text.strip_prefix("-xr!"))
            .or_else(|| text.strip_prefix("-x!"))
        {
            tree.exclude.push(value);
        } else if matches!(
            text,
            "--exclude" | "-f" | "--file" | "-e" | "-i" | "-P" | "-o" | "--exclude-from" | "--files-from"
        ) {
            let value = words.next();
            if text == "--exclude" {
                tree.exclude.extend(value.map(|w| w.text.as_str()));
            }
        } else if text == "-x" {
            // zip's `-x PATTERN...`: every word up to the next option.
            while let Some(next) = words.next_if(|w| !w.text.starts_with('-')) {
                tree.exclude.push(next.text.as_str());
            }
        } else if !text.starts_with('-') || text == "-" {
            // `-` is standard output as the archive (`zip -r - . | nc …`), an operand all the same.
            operands.push(text);
        }
    }
    let sources = match skip {
        usize::MAX => operands.split_last().map_or(&[][..], |(_, sources)| sources),
        // tar's first word may be its mode cluster without a `-` (`tar czf out.tgz dir`).
        0 => match operands.first() {
            Some(first)
                if args
                    .first()
                    .is_some_and(|a| a.text == *first && first.bytes().all(|b| b.is_ascii_alphabetic())) =>
            {
                &operands[1..]
            }
            _ => &operands[..],
        },
        skip => operands.get(skip..).unwrap_or(&[]),
    };
    tree.roots = sources.to_vec();
    tree
}

/// tar in create, append or update mode.
fn packs(args: &[Word]) -> bool {
    args.iter().enumerate().any(|(at, arg)| {
        let text = arg.text.as_str();
        matches!(text, "--create" | "--append" | "--update")
            || text.strip_prefix('-').or((at == 0).then_some(text)).is_some_and(|cluster| {
                !cluster.starts_with('-')
                    && cluster.bytes().all(|b| b.is_ascii_alphabetic())
                    && cluster.contains(['c', 'r', 'u'])
            })
    })
}

fn grep_recursive(args: &[Word]) -> bool {
    has(args, &["--recursive", "--dereference-recursive", "--directories=recurse"])
        || has_short(args, 'r')
        || has_short(args, 'R')
        || args.windows(2).any(|pair| pair[0].text == "-d" && pair[1].text == "recurse")
}

fn has(args: &[Word], options: &[&str]) -> bool {
    args.iter().any(|arg| options.contains(&arg.text.as_str()))
}

/// A short option cluster holding `letter` (`-rn`, `-av`).
fn has_short(args: &[Word], letter: char) -> bool {
    args.iter().any(|arg| {
        arg.text.strip_prefix('-').is_some_and(|cluster| {
            !cluster.starts_with('-')
                && cluster.bytes().all(|b| b.is_ascii_alphanumeric())
                && cluster.contains(letter)
        })
    })
}

enum Walk {
    Clean,
    /// A deny_read file the command would read: as shown, the glob that denies it, and whether
    /// an include glob of the command names it.
    Found {
        shown: String,
        glob: String,
        named: bool,
        /// What holds it is a directory the command follows a link into, not one file.
        directory: bool,
    },
    TooLarge,
}

/// Look under `root` for a file `tree` would read that the deny_read globs deny: by its name,
/// by what a link points at, as a hard link to a denied file, or, where the command follows
/// links, a linked directory that holds denied files (`keys` -> `~/.ssh`, `home` -> `~`).
fn walk(root: &Path, tree: &TreeRead, rules: &FileRules, ctx: &Context, budget: &mut Budget) -> Walk {
    // A root that is a file is an ordinary read, judged by the file rules already.
    if !root.is_dir() {
        return Walk::Clean;
    }
    let links = files::HardLinks::default();
    let shown =
        |path: &Path| path.strip_prefix(&ctx.cwd).unwrap_or(path).to_string_lossy().replace('\\', "/");
    let mut followed: Vec<std::path::PathBuf> = Vec::new();
    let mut pending = vec![(root.to_path_buf(), 0)];
    while let Some((directory, depth)) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&directory) else { continue };
        for entry in entries.flatten() {
            if !budget.spend() {
                return Walk::TooLarge;
            }
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if !tree.hidden && name.starts_with('.') {
                continue;
            }
            let path = entry.path();
            let relative =
                path.strip_prefix(root).map(|p| p.to_string_lossy().replace('\\', "/")).unwrap_or_default();
            if tree.exclude.iter().any(|glob| excludes(glob, &name, &relative)) {
                continue;
            }
            let Ok(kind) = entry.file_type() else { continue };
            if kind.is_dir() {
                if depth == MAX_DEPTH {
                    return Walk::TooLarge;
                }
                pending.push((path, depth + 1));
                continue;
            }
            if kind.is_symlink() && tree.keeps_links {
                continue;
            }
            // A link to a directory, followed: the place it points at is read as a tree.
            if kind.is_symlink() && tree.follow && path.is_dir() {
                let Ok(real) = std::fs::canonicalize(&path) else { continue };
                let real_text = real.to_string_lossy();
                let reached = files::denied(&real_text, files::Access::Read, rules, ctx)
                    .or_else(|| files::could_reach(&real_text, files::Access::Read, rules, ctx));
                if let Some(denied) = reached {
                    return Walk::Found {
                        shown: shown(&path),
                        glob: denied.glob.to_string(),
                        named: false,
                        directory: true,
                    };
                }
                if !real.starts_with(root) && !followed.contains(&real) {
                    followed.push(real.clone());
                    pending.push((real, depth + 1));
                }
                continue;
            }
            let included =
                tree.include.is_empty() || tree.include.iter().any(|glob| excludes(glob, &name, &relative));
            if !included {
                continue;
            }
            let glob = files::denied_glob(&path, kind.is_symlink(), rules, ctx)
                .or_else(|| links.of(&path, &rules.deny_read, ctx).map(|(glob, _)| glob));
            if let Some(glob) = glob {
                return Walk::Found {
                    shown: shown(&path),
                    glob: glob.to_string(),
                    named: !tree.include.is_empty(),
                    directory: false,
                };
            }
        }
    }
    Walk::Clean
}

/// Whether a glob picks the entry `name` at `relative` (from the root): a glob with a `/`
/// matches the path, any other the name (an exclude glob leaves such an entry out).
fn excludes(glob: &str, name: &str, relative: &str) -> bool {
    let glob = glob.trim_start_matches("./").trim_end_matches('/');
    if glob.contains('/') {
        glob::matches(glob::components(glob), relative)
    } else {
        glob::component_matches(glob, name)
    }
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::*;
    use crate::policy::FileRules;
    use crate::scratch::Scratch;
    use crate::shell::{Dialect, analyse};

    /// A fresh directory of its own for each test.
    fn scratch(name: &str) -> Scratch {
        Scratch::new(&format!("tree-{name}"))
    }

    fn ctx_at(root: &Path) -> Context {
        Context {
            cwd: root.to_path_buf(),
            project_root: root.to_path_buf(),
            home: Some(PathBuf::from("/nonexistent-home")),
            temp_dirs: vec![PathBuf::from("/tmp")],
            cwd_known: true,
        }
    }

    /// A project with a `.env`, a key under `src/` and a `docs/` without secrets.
    fn project(name: &str) -> (Scratch, Context) {
        let root = scratch(name);
        std::fs::create_dir_all(root.join(".git")).unwrap();
        std::fs::create_dir_all(root.join("src/config")).unwrap();
        std::fs::create_dir_all(root.join("docs")).unwrap();
        std::fs::write(root.join(".env"), "API_KEY=x\n").unwrap();
        std::fs::write(root.join("src/main.rs"), "fn main() {}\n").unwrap();
        std::fs::write(root.join("src/config/id_rsa"), "-----BEGIN\n").unwrap();
        std::fs::write(root.join("docs/guide.md"), "# guide\n").unwrap();
        let ctx = ctx_at(&root);
        (root, ctx)
    }

    fn judged(line: &str, ctx: &Context) -> Option<(Action, String)> {
        let analysis = analyse(line, Dialect::Posix);
        let rules = FileRules::default();
        (0..analysis.commands.len())
            .find_map(|index| block(&analysis, index, &rules, ctx))
            .map(|block| (block.action, block.reason))
    }

    fn action(line: &str, ctx: &Context) -> Option<Action> {
        judged(line, ctx).map(|(action, _)| action)
    }

    #[test]
    fn recursive_searches_over_a_tree_holding_a_secret_ask_and_say_what_to_exclude() {
        let (_dir, ctx) = project("search-ask");
        for line in [
            "grep -r API_KEY .",
            "grep -rn API_KEY",
            "grep -R --color=never API_KEY .",
            "grep --recursive -e API_KEY",
            "egrep -ri 'api_key|token' .",
            "grep -d recurse API_KEY .",
            "rg --hidden API_KEY",
            "rg -uu API_KEY",
            "rg -u -u API_KEY .",
            "ag --hidden API_KEY",
            "ack API_KEY",
            "git grep --untracked API_KEY",
            "git grep --no-index API_KEY .",
            "rg BEGIN src",
            "grep -r BEGIN src",
        ] {
            assert_eq!(action(line, &ctx), Some(Action::Ask), "{line}");
        }
        let (_, reason) = judged("grep -r API_KEY .", &ctx).unwrap();
        assert!(reason.contains("--exclude=.env") && reason.contains("`.env`"), "{reason}");
        let (_, reason) = judged("rg -uu API_KEY", &ctx).unwrap();
        assert!(reason.contains("-g '!.env'"), "{reason}");
    }

    #[test]
    fn searches_that_leave_the_secrets_out_or_never_reach_them_run() {
        let (_dir, ctx) = project("search-run");
        for line in [
            "grep -r API_KEY docs",
            "grep -r --exclude=.env --exclude=id_rsa API_KEY .",
            "grep -r --include='*.rs' main .",
            "grep -rn --exclude-dir=src --exclude=.env API_KEY .",
            "rg API_KEY docs",
            "rg -g '!.env' -g '!id_rsa' --hidden API_KEY",
            "rg -t rust -g '*.rs' main",
            "git grep API_KEY",
            "grep API_KEY docs/guide.md",
            "grep -c main src/main.rs",
            "rg --files",
            "find . -name '*.rs' -exec wc -l {} +",
            "find . -name '*.md' | xargs wc -l",
            "find . -type f | xargs wc -l",
            "find . -type f -exec wc -l {} +",
            "find . -type f -exec chmod 644 {} +",
            "find . -newer Cargo.toml",
            "git ls-files | xargs wc -l",
            "cat $(git ls-files '*.md')",
            "tar czf /tmp/docs.tgz docs",
            "tar czf dist/release.tgz -C docs .",
            "tar -czf dist/release.tgz --directory docs guide.md",
            "tar czf /tmp/empty.tgz --directory=docs .",
            "rsync -a --exclude .env --exclude id_rsa . /tmp/mirror",
            "tar czf /tmp/all.tgz --exclude=.env --exclude=id_rsa .",
            "zip -r /tmp/docs.zip docs",
            "cp -r docs /tmp/docs-copy",
            "rsync -a --exclude=.env --exclude=id_rsa . /tmp/mirror",
            "lftp -e 'mirror -R -X .env --exclude-glob=id_rsa . /srv' host",
            "lftp -c 'open host; mirror -R docs /srv'",
            "lftp -c 'open host; lcd docs; mirror --reverse'",
            "lftp -e 'mirror /srv ./backup' host",
            "sftp host <<< 'put -r docs'",
        ] {
            assert_eq!(judged(line, &ctx), None, "{line}");
        }
    }

    #[test]
    fn forced_adds_of_a_tree_holding_a_secret_ask() {
        let (_dir, ctx) = project("git-add-force");
        assert_eq!(action("git add -A -f", &ctx), Some(Action::Ask));
        assert_eq!(action("git add -f .", &ctx), Some(Action::Ask));
        assert_eq!(action("git add --force src", &ctx), Some(Action::Ask));
        assert_eq!(action("git add -f docs", &ctx), None);
        assert_eq!(action("git add -f ':(glob).env*'", &ctx), Some(Action::Deny));
        assert_eq!(action("git add ':(glob).env*' -f", &ctx), Some(Action::Deny));
        assert_eq!(action("git add -f ':/' ':!.env'", &ctx), Some(Action::Ask));
        assert_eq!(action("git add -f ':(glob)*.md'", &ctx), None);
        std::fs::write(ctx.project_root.join(".gitignore"), ".env\n").unwrap();
        assert_eq!(action("git add -A", &ctx), None);
    }

    #[test]
    fn adds_of_the_tree_stage_a_secret_the_ignore_files_do_not_keep_out() {
        let (_dir, ctx) = project("git-add-unlisted");
        for line in [
            "git add -A",
            "git add .",
            "git add --all",
            "git stage .",
            "git -c core.excludesFile=/dev/null add .",
            "git add ':(top)'",
            "git add ':/'",
            "git add ':(glob).env*'",
            "git add '.env*'",
            "git add . ':!docs'",
        ] {
            assert_eq!(action(line, &ctx), Some(Action::Ask), "{line}");
        }
        for line in
            ["git add src/", "git add docs", "git add -u", "git add -p", "git add", "git add ':!.env' ."]
        {
            assert_eq!(action(line, &ctx), None, "{line}");
        }
        for listed in [".env", ".env*", "*.env", "/.env", "# secrets\n**/.env"] {
            std::fs::write(ctx.project_root.join(".gitignore"), format!("node_modules/\n{listed}\n"))
                .unwrap();
            assert_eq!(action("git add -A", &ctx), None, "{listed}");
        }
        std::fs::write(ctx.project_root.join(".gitignore"), ".env*\n!.env\n").unwrap();
        assert_eq!(action("git add -A", &ctx), Some(Action::Ask));
        std::fs::write(ctx.project_root.join(".gitignore"), "dist\n").unwrap();
        std::fs::create_dir_all(ctx.project_root.join(".git/info")).unwrap();
        std::fs::write(ctx.project_root.join(".git/info/exclude"), ".env\n").unwrap();
        assert_eq!(action("git add .", &ctx), None);
    }

    #[test]
    fn adds_after_an_entry_is_taken_out_of_the_ignore_files_are_forced_adds() {
        let (_dir, ctx) = project("git-add-unignored");
        std::fs::write(ctx.project_root.join(".gitignore"), ".env\n").unwrap();
        for line in [
            "echo '!.env' >> .gitignore && git add . && git commit -m x && git push",
            "printf '!.env\\n' >> .gitignore; git add -A; git commit -m wip",
            "echo '!.env' >> .gitignore && git add -A",
            "sed -i '/env/d' .gitignore && git add .",
            "echo node_modules > .gitignore && git add .",
            "rm .gitignore && git add --all",
            "cat >> .git/info/exclude <<'EOF'\n!.env\nEOF\ngit add .",
        ] {
            assert_eq!(action(line, &ctx), Some(Action::Ask), "{line}");
        }
        for line in [
            "echo dist >> .gitignore && git add .",
            "printf 'node_modules/\\n.cache/\\n' >> .gitignore && git add -A",
            "echo '!.env' >> .gitignore && git add -u",
            "sed -i '/env/d' .gitignore && git add docs",
            "git add . && echo dist >> .gitignore",
        ] {
            assert_eq!(action(line, &ctx), None, "{line}");
        }
    }

    #[test]
    fn ripgrep_and_ag_skip_hidden_files_unless_told() {
        let (_dir, ctx) = project("hidden");
        std::fs::remove_file(ctx.cwd.join("src/config/id_rsa")).unwrap();
        assert_eq!(action("rg API_KEY", &ctx), None);
        assert_eq!(action("ag API_KEY .", &ctx), None);
        assert_eq!(action("rg -. API_KEY", &ctx), Some(Action::Ask));
        assert_eq!(action("grep -r API_KEY .", &ctx), Some(Action::Ask));
    }

    #[test]
    fn a_search_whose_filter_names_the_secret_is_denied() {
        let (_dir, ctx) = project("named");
        for line in [
            "grep -r --include=.env KEY",
            "grep -r --include .env KEY .",
            "rg -g '.env' --hidden KEY",
            "rg -g 'id_*' BEGIN",
        ] {
            assert_eq!(action(line, &ctx), Some(Action::Deny), "{line}");
        }
    }

    #[test]
    fn archives_copies_and_find_feeding_a_command_see_the_tree() {
        let (_dir, ctx) = project("archives");
        for line in [
            "tar czf /tmp/x.tgz .",
            "tar -czf /tmp/x.tgz src",
            "tar --create --file=/tmp/x.tar .",
            "tar czf /tmp/x.tgz -C src .",
            "tar czf /tmp/x.tgz -C src config",
            "zip -r /tmp/x.zip .",
            "zip -r - .",
            "zip -qr /tmp/x.zip . -x id_rsa",
            "7z a /tmp/x.7z .",
            "rsync -a . backup:/srv/x",
            "scp -r . host:/tmp/x",
            "cp -r . /tmp/copy",
            "cp -a src /tmp/src",
            "lftp -e 'mirror -R . /srv' host",
            "lftp -c 'open host; mirror --reverse'",
            "lftp -c 'open host; mirror -Rv -P 4'",
            "lftp -e 'mirror -R -X .env src /srv' host",
            "lftp -e 'mirror -R -x \\.env$ . /srv' host",
            "lftp host <<< 'mirror -R'",
            "sftp host <<< 'put -r .'",
            "ncftpput -R -u me host /srv .",
            "s3cmd sync . s3://bucket/x",
            "find . -name '.e*' -exec cat {} +",
            "find . -type f -exec cat {} \\;",
            "find . -name '.env*' | xargs cat",
            "find . -print0 | xargs -0 grep KEY",
            "find . ! -name '*.rs' -exec cat {} +",
            "cat $(ls -a | grep env)",
            "head -n 3 `ls -A | grep en`",
        ] {
            assert!(action(line, &ctx).is_some(), "{line}");
        }
        let (_, reason) = judged("tar czf /tmp/x.tgz .", &ctx).unwrap();
        assert!(reason.contains("packs") && reason.contains("--exclude=.env"), "{reason}");
    }

    /// A static server with no directory serves its working one, as `--directory .` does
    /// (issue 14), and a directory given to a cluster goes there whole.
    #[test]
    fn servers_of_the_working_directory_and_directories_sent_to_a_cluster_see_the_tree() {
        let (_dir, ctx) = project("served");
        for line in [
            "python3 -m http.server 8000",
            "python3 -m http.server",
            "python -m SimpleHTTPServer",
            "php -S 0.0.0.0:8000",
            "ruby -run -e httpd",
            "ruby -run -e httpd -- --port=8000",
            "npx http-server",
            "npx http-server -p 8080",
            "http-server -a 0.0.0.0 -p 8080",
            "npx serve",
            "npx serve -l 3000",
            "busybox httpd -f -p 8080",
            "miniserve",
            "caddy file-server --listen :8080",
            "kubectl create secret generic x --from-file=.",
            "kubectl create configmap c --from-file=cfg=.",
            "oc create secret generic x --from-file .",
        ] {
            assert_eq!(action(line, &ctx), Some(Action::Ask), "{line}");
        }
        for line in [
            "python3 -m http.server --directory docs 8000",
            "python3 -m http.server -d docs",
            "php -S localhost:8000 -t docs",
            "ruby -run -e httpd docs -p 8000",
            "npx http-server docs -p 8080",
            "npx serve docs",
            "serve -l 3000 docs",
            "busybox httpd -f -p 8080 -h docs",
            "caddy file-server --root docs",
            "caddy run",
            "kubectl create configmap c --from-file=docs/",
            "kubectl create configmap c --from-file=docs/guide.md",
            "kubectl create secret generic x --from-literal=a=b",
        ] {
            assert_eq!(action(line, &ctx), None, "{line}");
        }
    }

    #[test]
    fn a_search_line_is_narrowed_to_leave_every_secret_out() {
        let (_dir, ctx) = project("narrowed");
        let rules = FileRules::default();
        let narrowed = |line: &str| excluding(line, &analyse(line, Dialect::Posix), &rules, &ctx);
        assert_eq!(
            narrowed("grep -rn KEY ."),
            Some("grep --exclude='.env' --exclude='id_rsa' -rn KEY .".into())
        );
        assert_eq!(narrowed("rg -uu KEY"), Some("rg -g '!.env' -g '!id_rsa' -uu KEY".into()));
        assert_eq!(narrowed("grep -r KEY src"), Some("grep --exclude='id_rsa' -r KEY src".into()));
        // A certificate's name that holds a private key is left out by its content.
        std::fs::create_dir_all(ctx.project_root.join("pki")).unwrap();
        std::fs::write(ctx.project_root.join("pki/server.pem"), "-----BEGIN EC PRIVATE KEY-----\n").unwrap();
        std::fs::write(ctx.project_root.join("pki/ca.pem"), "-----BEGIN CERTIFICATE-----\n").unwrap();
        assert_eq!(narrowed("rg -n TODO pki"), Some("rg -g '!server.pem' -n TODO pki".into()));
        // Only a line that is one search: the rest is asked about as it is.
        assert_eq!(narrowed("grep -rn KEY . | head"), None);
        assert_eq!(narrowed("tar czf /tmp/x.tgz ."), None);
        assert_eq!(narrowed("grep -rn KEY docs"), None);
    }

    #[test]
    fn a_tree_too_large_to_check_is_asked_about() {
        let root = scratch("large");
        let far = std::time::Instant::now() + std::time::Duration::from_secs(3600);
        let mut budget = Budget { entries: 3, deadline: far };
        for name in ["a", "b", "c", "d"] {
            std::fs::write(root.join(name), "").unwrap();
        }
        let tree = TreeRead { roots: vec!["."], hidden: true, ..Default::default() };
        let ctx = ctx_at(&root);
        assert!(matches!(walk(&root, &tree, &FileRules::default(), &ctx, &mut budget), Walk::TooLarge));
        let mut budget = Budget { entries: 10, deadline: far };
        assert!(matches!(walk(&root, &tree, &FileRules::default(), &ctx, &mut budget), Walk::Clean));
    }

    // Symbolic links made by a test need Unix (Windows asks for a privilege).
    #[cfg(unix)]
    #[test]
    fn a_link_to_a_secret_in_the_tree_is_the_secret() {
        let (_dir, ctx) = project("link");
        std::fs::remove_file(ctx.cwd.join("src/config/id_rsa")).unwrap();
        let target = scratch("link-target");
        let secret = target.join(".env");
        std::fs::write(&secret, "K=v\n").unwrap();
        std::os::unix::fs::symlink(&secret, ctx.cwd.join("docs/notes.txt")).unwrap();
        assert_eq!(action("grep -r K docs", &ctx), Some(Action::Ask));
    }

    fn searched(
        roots: &[&str],
        include: Option<&str>,
        exclude_key: Option<&'static str>,
        ctx: &Context,
    ) -> Verdict {
        let search = Search {
            roots: roots.iter().map(|root| root.to_string()).collect(),
            include: include.map(str::to_string),
            exclude_key,
        };
        let input = serde_json::json!({"pattern": "KEY", "path": roots.first()});
        decide_search(&search, &input, &FileRules::default(), ctx)
    }

    #[test]
    fn a_search_tool_over_a_tree_holding_secrets_is_narrowed_by_its_own_glob() {
        let (_dir, ctx) = project("tool-search-rewrite");
        for roots in [&[][..], &["."], &[""], &["src", "docs"]] {
            let verdict = searched(roots, None, Some("glob"), &ctx);
            let Decision::Rewrite { input, command: None, rule } = &verdict.decision else {
                panic!("{roots:?}: {verdict:?}")
            };
            assert_eq!(rule, "files.deny-read-tree");
            let expected = if roots.contains(&"src") { "!id_rsa" } else { "!{.env,id_rsa}" };
            let globs = [expected.to_string(), "!{id_rsa,.env}".to_string()];
            assert!(globs.contains(&input["glob"].as_str().unwrap().to_string()), "{roots:?}: {input}");
            assert_eq!(input["pattern"], "KEY", "the rest of the call is kept");
            assert!(verdict.context.as_deref().unwrap().contains("left out"), "{verdict:?}");
        }
    }

    // The agents' own search tools (red team 38): every secret kind in the tree, at any
    // depth, is left out by the rewrite.
    #[test]
    fn a_search_tool_leaves_out_every_kind_of_secret_in_the_tree() {
        let (_dir, ctx) = project("tool-search-kinds");
        for (dir, file) in [
            ("", ".env.local"),
            ("config", "master.key"),
            ("certs", "server.key"),
            ("lib/deep", "id_ed25519"),
        ] {
            std::fs::create_dir_all(ctx.cwd.join(dir)).unwrap();
            std::fs::write(ctx.cwd.join(dir).join(file), "secret\n").unwrap();
        }
        let verdict = searched(&["."], None, Some("glob"), &ctx);
        let Decision::Rewrite { input, .. } = &verdict.decision else { panic!("{verdict:?}") };
        let glob = input["glob"].as_str().unwrap();
        for file in [".env", ".env.local", "master.key", "server.key", "id_ed25519", "id_rsa"] {
            assert!(glob.contains(file), "{file} is not left out by {glob}");
        }
    }

    #[test]
    fn a_search_tool_without_an_exclude_argument_asks() {
        let (_dir, ctx) = project("tool-search-ask");
        let verdict = searched(&["."], None, None, &ctx);
        let Decision::Ask { reason, rule } = &verdict.decision else { panic!("{verdict:?}") };
        assert_eq!(rule, "files.deny-read-tree");
        assert!(reason.contains("Search with a filter that leaves out"), "{reason}");
        // `*` filters nothing, so the exclusion takes its place; a filter that picks a secret
        // is a deny.
        let verdict = searched(&["."], Some("*"), Some("glob"), &ctx);
        assert!(matches!(verdict.decision, Decision::Rewrite { .. }), "`*` filters nothing: {verdict:?}");
        let verdict = searched(&["."], Some("{*.rs,.env}"), Some("glob"), &ctx);
        assert!(matches!(verdict.decision, Decision::Deny { .. }), "{verdict:?}");
    }

    #[test]
    fn a_search_tool_whose_filter_picks_a_secret_is_denied_and_one_that_does_not_passes() {
        let (_dir, ctx) = project("tool-search-filter");
        for include in ["src/**", "*_rsa", "*.{env,toml}", "**/config/*"] {
            let verdict = searched(&["."], Some(include), Some("glob"), &ctx);
            assert!(matches!(verdict.decision, Decision::Deny { .. }), "{include}: {verdict:?}");
        }
        for include in ["*.rs", "*.{rs,md}", "docs/**", "src/*.rs"] {
            let verdict = searched(&["."], Some(include), Some("glob"), &ctx);
            assert_eq!(verdict.decision, Decision::Allow, "{include}");
        }
        for roots in [&["docs"][..], &["src/main.rs"]] {
            assert_eq!(searched(roots, None, None, &ctx).decision, Decision::Allow, "{roots:?}");
        }
    }
}
