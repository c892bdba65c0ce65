//! The `permissions` pack: ownership and mode changes across the system or the home dir.
//!
//! A recursive `chmod` of the root, the home directory or a system directory fires whatever
//! the mode (`chmod -R 755 /usr` breaks setuid programs as surely as 777 opens them); so does
//! a recursive `chown`/`chgrp` of the root or a system directory (`chown -R me ~` is a common
//! repair and stays allowed). A non-recursive `chmod` that makes the root, home or a system
//! path world-writable fires too, and so does one that takes execute from a system program or
//! directory (`chmod a-x /bin/sh`), a set-user-ID copy made (`chmod u+s`, `install -m 4755`), and
//! an account's password removed or set (`passwd -d`).
//! Project paths and run-time targets are allowed.

use super::paths::{Place, classify, through_links};
use super::{Call, Hit};
use crate::shell::Word;

pub(super) const GUESSES: &[&str] = &["chmod", "chown"];

pub(super) fn judge(call: &Call) -> Option<Hit> {
    let name = call.name?;
    match name {
        "find" => return judge_find(call),
        "setfacl" => return judge_setfacl(call),
        "setcap" => return judge_setcap(call),
        "chattr" => return judge_chattr(call),
        "passwd" | "usermod" => return judge_password(call, name),
        "install" => return judge_install(call),
        "icacls" | "takeown" => return judge_windows_acl(call, name),
        "chmod" | "chown" | "chgrp" => {}
        _ => return None,
    }
    judge_named(call, name)
}

/// [`judge`] of `chmod`, `chown` and `chgrp`, out of line so that an allowed call runs only
/// the name check above (ARCHITECTURE.md, "Start-up").
#[inline(never)]
fn judge_named(call: &Call, name: &str) -> Option<Hit> {
    let args = ModeArgs::parse(name, call.args());
    if name == "chmod" && args.operand.is_some_and(sets_id_bit) {
        // In a temp dir too: a set-user-ID copy of a shell in `/tmp` is the classic way back in.
        let outside = args
            .targets
            .iter()
            .any(|w| !matches!(classify(w, call.ctx, w.glob), Place::Project) || w.dynamic);
        if outside {
            return Some(Hit::new("permissions.setuid", SETUID));
        }
    }
    if name == "chmod" && args.operand.is_some_and(removes_execute) {
        if let Some(target) = args.targets.iter().find(|w| !w.dynamic && runs_the_system(&w.text)) {
            return Some(Hit::new(
                "permissions.remove-execute",
                format!(
                    "This `chmod` takes execute away from `{}`, which the system (and every user's shell) needs to run programs. Change only files inside the project, or ask the user.",
                    target.text
                ),
            ));
        }
    }
    let is_chmod = name == "chmod";
    let fires_without_recursion = is_chmod && args.operand.is_some_and(is_world_writable);
    if !args.recursive && !fires_without_recursion {
        return root_itself(name, call);
    }
    // Owning one's home recursively is a common repair; opening it to everyone, or giving it
    // to another owner, is not.
    let another_owner = !is_chmod && args.operand.is_some_and(|owner| !is_own_user(owner, call));
    let protected = |place: &Place| match place {
        Place::Root | Place::System => true,
        Place::Home => is_chmod || another_owner,
        _ => false,
    };
    // Files in the home directory made writable by every user (`chmod -R go+w ~/.ssh`): any
    // user of the machine can then change the keys, start-up files or documents there.
    let opened = is_chmod && args.operand.is_some_and(is_world_writable);
    let in_home = |w: &crate::shell::Word| {
        w.text.starts_with("~/")
            || w.text.starts_with("$HOME/")
            || call.ctx.home.as_deref().is_some_and(|home| std::path::Path::new(&w.text).starts_with(home))
    };
    // chmod acts on what a link points at; chown and chgrp with `-R` only when told (`-L`, `-H`).
    let follows =
        is_chmod || call.args().iter().any(|w| matches!(w.text.as_str(), "-L" | "-H" | "--dereference"));
    let targets: Vec<std::borrow::Cow<Word>> = args
        .targets
        .iter()
        .map(|w| {
            through_links(w, call.ctx, follows)
                .map_or(std::borrow::Cow::Borrowed(*w), std::borrow::Cow::Owned)
        })
        .collect();
    let worst = targets
        .iter()
        .map(|w| match classify(w, call.ctx, w.glob) {
            Place::Outside if opened && in_home(w) => Place::Home,
            place => place,
        })
        .filter(protected)
        .min()?;
    Some(Hit::new(
        if args.recursive { "permissions.recursive-system" } else { "permissions.world-writable-system" },
        format!(
            "This `{name}` would change permissions on {}, which can break the system or open it to every user. Change only files inside the project, or ask the user to run it.",
            worst_description(worst)
        ),
    ))
}

/// `takeown /f C:\Windows\System32 /r`, `icacls C:\Users\dev /grant Everyone:F /t`, `icacls
/// %USERPROFILE% /reset /t`, `icacls C:\Users\dev /deny Everyone:(F)`: the owner or the access
/// list of the root, a system tree or a home changed (recursively, to everyone, or denied);
/// `icacls x /t` in the project, or one that only lists (`icacls C:\Windows`), passes.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn judge_windows_acl(call: &Call, name: &str) -> Option<Hit> {
    let args = call.args();
    let lower: Vec<String> = args.iter().map(|w| w.text.to_ascii_lowercase()).collect();
    let has =
        |switch: &str| lower.iter().any(|w| w == switch || w.strip_prefix('-') == switch.strip_prefix('/'));
    let target = match name {
        "takeown" => lower.iter().position(|w| w == "/f").and_then(|at| args.get(at + 1)),
        _ => args.iter().find(|w| !w.text.starts_with('/')),
    }?;
    let changes = name == "takeown"
        || ["/grant", "/grant:r", "/deny", "/reset", "/setowner", "/remove", "/remove:g", "/inheritance:r"]
            .iter()
            .any(|switch| has(switch));
    let recursive = has(if name == "takeown" { "/r" } else { "/t" });
    let opens = lower
        .iter()
        .any(|w| w.starts_with("everyone:") || w.starts_with("*s-1-1-0:") || w.starts_with("users:"));
    let place = classify(target, call.ctx, target.glob);
    let protected =
        matches!(place, Place::Root | Place::System | Place::Home) || windows_protected(&target.text);
    (changes && protected && (recursive || opens || has("/deny") || name == "takeown")).then(|| {
        Hit::new(
            "permissions.recursive-system",
            format!(
                "This `{name}` changes who owns or may use `{}`, a system directory or a home, which can break Windows or open it to every user. Change only files inside the project, or ask the user to run it.",
                target.text
            ),
        )
    })
}

/// Whether a Windows path is a drive's root, a system tree or a home (`C:\`, `C:\Windows\…`,
/// `C:\Program Files`, `C:\Users\dev`, `%USERPROFILE%`, `%SystemRoot%\…`).
fn windows_protected(path: &str) -> bool {
    let path = path.to_ascii_lowercase().replace('/', "\\");
    let bytes = path.as_bytes();
    let rest = if bytes.len() >= 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':' {
        &path[2..]
    } else {
        &path
    };
    let rest = rest.trim_end_matches('\\');
    if rest.is_empty() {
        return bytes.len() >= 2 && bytes[1] == b':';
    }
    let system = [
        "\\windows",
        "\\program files",
        "\\programdata",
        "%systemroot%",
        "%windir%",
        "%programfiles%",
        "$env:windir",
        "$env:systemroot",
    ];
    let home = ["%userprofile%", "$env:userprofile", "$home", "~"];
    system.iter().any(|top| rest.starts_with(top))
        || home.contains(&rest)
        || rest.strip_prefix("\\users").is_some_and(|user| !user.trim_start_matches('\\').contains('\\'))
}

/// A mode that takes execute (search, for a directory) from someone: octal without the
/// others' `x` bit, `a-x`, `-x`, `go-x`, `u=rw`.
fn removes_execute(mode: &str) -> bool {
    if !mode.is_empty() && mode.bytes().all(|b| (b'0'..=b'7').contains(&b)) {
        return mode.bytes().last().is_some_and(|others| (others - b'0') & 1 == 0);
    }
    mode.split(',').any(|clause| match clause.find(['+', '-', '=']) {
        Some(at) => match clause.as_bytes()[at] {
            b'-' => clause[at + 1..].contains(['x', 'X']),
            b'=' => !clause[at + 1..].contains(['x', 'X']),
            _ => false,
        },
        None => false,
    })
}

/// A path the running system needs to execute or search: a top-level system directory, or
/// anything in a directory of programs or libraries (the root itself is `root_itself`'s).
fn runs_the_system(path: &str) -> bool {
    const DIRECTORIES: &[&str] = &[
        "/usr",
        "/etc",
        "/var",
        "/bin",
        "/sbin",
        "/lib",
        "/lib32",
        "/lib64",
        "/opt",
        "/boot",
        "/home",
        "/usr/local",
        "/usr/share",
        "/System",
        "/Library",
        "/Applications",
    ];
    const PROGRAMS: &[&str] = &[
        "/bin/",
        "/sbin/",
        "/usr/bin/",
        "/usr/sbin/",
        "/usr/local/bin/",
        "/usr/local/sbin/",
        "/lib/",
        "/lib32/",
        "/lib64/",
        "/usr/lib/",
        "/usr/lib32/",
        "/usr/lib64/",
        "/usr/libexec/",
        "/usr/local/lib/",
    ];
    let trimmed = path.trim_end_matches('/');
    DIRECTORIES.contains(&trimmed) || PROGRAMS.iter().any(|dir| path.starts_with(dir))
}

/// `passwd -d USER`, `usermod -p HASH USER`: an account's password removed, so anyone can log
/// in as it, or set to one the agent chose (`chpasswd` writes the password files, which the
/// file rules keep). `passwd -S` only shows the state,
/// and `passwd` of the agent's own account waits for a terminal it does not have.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn judge_password(call: &Call, name: &str) -> Option<Hit> {
    let args = call.args();
    let texts: Vec<&str> = args.iter().map(|w| w.text.as_str()).collect();
    if texts.iter().any(|a| matches!(*a, "-h" | "--help" | "-V" | "--version")) {
        return None;
    }
    let changes = match name {
        "passwd" => texts.iter().any(|a| *a == "--delete" || crate::rules::short_cluster_has(a, 'd')),
        _ => texts.iter().any(|a| matches!(*a, "-p" | "--password") || a.starts_with("--password=")),
    };
    changes.then(|| {
        Hit::new(
            "permissions.password",
            format!("This `{name}` removes or sets an account's password, letting whoever knows it (or anyone) log in as that user. Ask the user to do it."),
        )
    })
}

/// A mode that sets the set-user-ID or set-group-ID bit: `u+s`, `g+s`, `+s`, `4755`, `2755`.
fn sets_id_bit(mode: &str) -> bool {
    let symbolic = mode
        .split(',')
        .filter_map(|clause| clause.split_once(['+', '=']))
        .any(|(who, what)| what.contains('s') && who != "o");
    let octal = mode.len() == 4
        && mode.bytes().all(|b| (b'0'..=b'7').contains(&b))
        && matches!(mode.as_bytes()[0], b'2'..=b'7');
    symbolic || octal
}

/// `install -m 4755 /bin/sh /tmp/.rootsh`: a copy made set-user-ID (or set-group-ID) as it is
/// installed, judged as `chmod u+s` of the copy is.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn judge_install(call: &Call) -> Option<Hit> {
    let args = call.args();
    let mode = args.iter().enumerate().find_map(|(at, w)| {
        let text = w.text.as_str();
        match text {
            "-m" | "--mode" => args.get(at + 1).map(|w| w.text.as_str()),
            _ => text.strip_prefix("--mode=").or_else(|| text.strip_prefix("-m").filter(|m| !m.is_empty())),
        }
    })?;
    if !sets_id_bit(mode) {
        return None;
    }
    let target = args
        .windows(2)
        .find(|pair| matches!(pair[0].text.as_str(), "-t" | "--target-directory"))
        .map(|pair| &pair[1])
        .or_else(|| args.last())?;
    (!matches!(classify(target, call.ctx, target.glob), Place::Project) || target.dynamic)
        .then(|| Hit::new("permissions.setuid", SETUID))
}

/// `setcap` giving a program a capability that makes it root: whoever runs it owns the machine.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn judge_setcap(call: &Call) -> Option<Hit> {
    const ROOTING: [&str; 6] =
        ["cap_setuid", "cap_setgid", "cap_sys_admin", "cap_dac_override", "cap_sys_ptrace", "cap_sys_module"];
    let grants = call.args().iter().any(|arg| {
        let text = arg.text.to_ascii_lowercase();
        (text.contains('+') || text.contains('='))
            && (ROOTING.iter().any(|cap| text.contains(cap)) || text.starts_with("all"))
    });
    grants.then(|| Hit::new("permissions.setuid", SETUID))
}

const SETUID: &str = "This makes a program run with root's (or another user's) rights for whoever starts it: a way in that outlives the session. Ask the user to do it.";

/// Any mode or owner change of the root directory itself (`chmod 000 /` locks every user
/// out): nothing real work does.
fn root_itself(name: &str, call: &Call) -> Option<Hit> {
    let args = ModeArgs::parse(name, call.args());
    args.targets.iter().any(|w| classify(w, call.ctx, w.glob) == Place::Root).then(|| {
        Hit::new(
            "permissions.recursive-system",
            format!("This `{name}` changes the root directory itself, which can lock every user out. Ask the user to run it."),
        )
    })
}

/// Whether a chown owner (`user`, `user:group`, `:group`) is the user whose home this is.
fn is_own_user(owner: &str, call: &Call) -> bool {
    let user = owner.split([':', '.']).next().unwrap_or_default();
    let home_user =
        call.ctx.home.as_ref().and_then(|home| home.file_name()).map(|n| n.to_string_lossy().into_owned());
    user.is_empty()
        || matches!(user, "$USER" | "${USER}" | "$(whoami)" | "$(id -u)" | "$(id -un)" | "`whoami`" | "$UID")
        || home_user.as_deref() == Some(user)
}

/// `setfacl -R` (or `--recursive`) on the root, the home directory or system directories.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn judge_setfacl(call: &Call) -> Option<Hit> {
    let args = call.args();
    let recursive = args.iter().any(|a| {
        a.text == "--recursive"
            || a.text.starts_with('-') && !a.text.starts_with("--") && a.text.contains('R')
    });
    if !recursive {
        return None;
    }
    // The operands after the ACL spec (`-m u:x:r`, `-x u:x`, `-b`, `--set=...`).
    let mut skip = false;
    let targets: Vec<&Word> = args
        .iter()
        .filter(|a| {
            let keep = !skip && !a.text.starts_with('-');
            skip = matches!(
                a.text.as_str(),
                "-m" | "-x" | "-M" | "-X" | "--modify" | "--remove" | "--set" | "--set-file"
            );
            keep
        })
        .collect();
    recursive_change(call, targets.into_iter(), "`setfacl -R` would change access on")
}
/// `chattr -R +i ~`: every file made immutable (or append-only), which not even their owner
/// can then change or delete until it is undone as root.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn judge_chattr(call: &Call) -> Option<Hit> {
    let args = call.args();
    let recursive =
        args.iter().any(|a| a.text.starts_with('-') && !a.text.starts_with("--") && a.text.contains('R'));
    if !recursive {
        return None;
    }
    let targets = args.iter().filter(|a| !a.text.starts_with(['-', '+', '=']));
    recursive_change(call, targets, "`chattr -R` would change the attributes of")
}

/// The finding for a recursive change (`what`, "`setfacl -R` would change access on") of
/// `targets`, when one is the root, a system directory or the home directory.
fn recursive_change<'w>(call: &Call, targets: impl Iterator<Item = &'w Word>, what: &str) -> Option<Hit> {
    let worst = targets
        .map(|w| classify(w, call.ctx, w.glob))
        .filter(|p| matches!(p, Place::Root | Place::System | Place::Home))
        .min()?;
    Some(Hit::new(
        "permissions.recursive-system",
        format!(
            "This {what} {}. Change only files inside the project, or ask the user.",
            worst_description(worst)
        ),
    ))
}
/// `find ROOTS ... -exec chmod|chown|chgrp|setfacl ...`: a recursive change of everything under
/// the roots.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn judge_find(call: &Call) -> Option<Hit> {
    let args = call.args();
    let changes = args.windows(2).any(|pair| {
        matches!(pair[0].text.as_str(), "-exec" | "-execdir" | "-ok" | "-okdir")
            && matches!(
                pair[1].text.rsplit('/').next(),
                Some("chmod" | "chown" | "chgrp" | "setfacl" | "chattr")
            )
    });
    if !changes {
        return None;
    }
    let roots = args.iter().take_while(|a| !a.text.starts_with(['-', '(', '!']));
    let worst = roots
        .map(|w| classify(w, call.ctx, w.glob))
        .filter(|p| matches!(p, Place::Root | Place::System | Place::Home))
        .min()?;
    let opens = args.windows(2).any(|pair| pair[0].text == "chmod" && is_world_writable(&pair[1].text));
    Some(Hit::new(
        if opens { "permissions.world-writable-system" } else { "permissions.recursive-system" },
        format!(
            "This `find -exec` would change permissions on {}. Change only files inside the project, or ask the user.",
            worst_description(worst)
        ),
    ))
}

fn worst_description(place: Place) -> &'static str {
    match place {
        Place::Root => "the whole file system",
        Place::Home => "your home directory",
        _ => "operating-system files",
    }
}

/// The mode or owner operand and the targets of chmod/chown/chgrp.
struct ModeArgs<'a> {
    recursive: bool,
    /// The mode (chmod) or owner/group (chown, chgrp); absent with `--reference`.
    operand: Option<&'a str>,
    targets: Vec<&'a crate::shell::Word>,
}

/// GNU chmod's, chown's and chgrp's long options, the recursive one first (`--rec` is `-R`).
const MODE_LONG_OPTIONS: &[&str] = &[
    "recursive",
    "reference",
    "changes",
    "dereference",
    "from",
    "help",
    "no-dereference",
    "no-preserve-root",
    "preserve-root",
    "quiet",
    "silent",
    "verbose",
    "version",
];

impl<'a> ModeArgs<'a> {
    fn parse(name: &str, args: &'a [crate::shell::Word]) -> Self {
        let mut parsed = ModeArgs { recursive: false, operand: None, targets: Vec::new() };
        let mut has_reference = false;
        let mut operands = Vec::new();
        let mut only_operands = false;
        for word in args {
            let text = word.text.as_str();
            if only_operands || word.dynamic {
                operands.push(word);
            } else if text == "--" {
                only_operands = true;
            } else if let Some(long) = text.strip_prefix("--") {
                let name = long.split('=').next().unwrap_or(long);
                let long = super::long_option(name, MODE_LONG_OPTIONS).unwrap_or(long);
                parsed.recursive |= long == "recursive";
                has_reference |= long.starts_with("reference");
            } else if is_option_cluster(name, text) {
                parsed.recursive |= text.contains('R');
            } else {
                operands.push(word);
            }
        }
        let mut operands = operands.into_iter();
        if !has_reference {
            parsed.operand = operands.next().map(|w| w.text.as_str());
        }
        parsed.targets = operands.collect();
        parsed
    }
}

/// `-R`, `-Rfv`, `-hR`: options, not a chmod mode such as `-x` or `-rwx`.
fn is_option_cluster(name: &str, text: &str) -> bool {
    let options = if name == "chmod" { "RcfvHLP" } else { "RcfvhHLP" };
    text.strip_prefix('-').is_some_and(|rest| !rest.is_empty() && rest.chars().all(|c| options.contains(c)))
}

/// A mode that gives write access to everyone: octal `o+w` bit, or `a+w`/`o+w`/`+w`-style.
fn is_world_writable(mode: &str) -> bool {
    if mode.chars().all(|c| c.is_ascii_digit()) {
        return mode.chars().last().and_then(|c| c.to_digit(8)).is_some_and(|others| others & 2 != 0);
    }
    mode.split(',').any(|clause| {
        let (who, perms) = match clause.find(['+', '=']) {
            Some(at) => (&clause[..at], &clause[at + 1..]),
            None => return false,
        };
        (who.is_empty() || who.contains(['a', 'o'])) && perms.contains('w')
    })
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::*;

    #[test]
    fn recursive_changes_of_system_paths() {
        let cases: &[(&[&str], Option<&str>)] = &[
            (&["chmod", "-R", "777", "/"], Some("permissions.recursive-system")),
            (&["chmod", "--recursive", "a+rwx", "/etc"], Some("permissions.recursive-system")),
            (&["chmod", "777", "-R", "/usr"], Some("permissions.recursive-system")),
            (&["chmod", "-Rf", "0777", "~"], Some("permissions.recursive-system")),
            (&["chmod", "-R", "755", "/var"], Some("permissions.recursive-system")),
            (&["chown", "-R", "me", "/"], Some("permissions.recursive-system")),
            (&["chown", "-R", "me:me", "/usr/local"], Some("permissions.recursive-system")),
            (&["chgrp", "-R", "staff", "/etc"], Some("permissions.recursive-system")),
            (&["chmod", "777", "/"], Some("permissions.world-writable-system")),
            (&["chmod", "o+w", "/etc/passwd"], Some("permissions.world-writable-system")),
            (&["chmod", "+x", "script.sh"], None),
            (&["chmod", "-R", "755", "./dist"], None),
            (&["chmod", "-R", "777", "."], None),
            (&["chown", "-R", "me", "./build"], None),
            (&["chown", "-R", "dev", "~"], None),
            (&["chown", "-R", "dev:staff", "~"], None),
            (&["chown", "-R", "nobody", "~"], Some("permissions.recursive-system")),
            (&["chown", "-R", "dev", "~", "/etc"], Some("permissions.recursive-system")),
            (&["chmod", "755", "/usr/local/bin/tool"], None),
            (&["chmod", "-R", "777", "$DIR"], None),
            (&["chmod", "-x", "/etc/x"], None),
            (&["chmod", "--reference=a", "-R", "/etc"], Some("permissions.recursive-system")),
        ];
        for (argv, expected) in cases {
            assert_eq!(rule(argv), *expected, "{argv:?}");
        }
    }
}
