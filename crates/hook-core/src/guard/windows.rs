//! Windows' places that a command writes or reads without naming them as files: the registry
//! keys, scheduled tasks, services and WMI subscriptions that run a program later, unasked
//! (`reg add …\CurrentVersion\Run`, `schtasks /create`, `sc create`, `New-Service`,
//! `Register-ScheduledTask`), and the registry hives that hold the password hashes (`reg save
//! HKLM\SAM`). Each is judged by the `[files]` rules as the hive or directory that holds it.

use super::files::Access;
use crate::shell::Word;

/// Where a Windows command's change is kept, as a file the built-in globs cover.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Place {
    /// The user's hive (`HKCU`), `~/NTUSER.DAT`.
    UserRegistry,
    /// The machine's software hive (`HKLM\SOFTWARE`).
    SystemRegistry,
    /// The machine's system hive (`HKLM\SYSTEM`): its services, boot and credentials' keys.
    SystemHive,
    /// The scheduled tasks' store.
    Tasks,
    /// The WMI repository, which keeps event subscriptions.
    Wmi,
    /// The local accounts' password hashes (`HKLM\SAM`).
    Sam,
    /// The cached logons and LSA secrets (`HKLM\SECURITY`).
    Security,
}

/// The Windows programs and cmdlets [`accessed`] knows, lower-case: the gate before any work.
const NAMES: &[&str] = &[
    "add-localgroupmember",
    "clear-itemproperty",
    "copy-itemproperty",
    "net",
    "net1",
    "new-item",
    "new-itemproperty",
    "new-localuser",
    "new-service",
    "reg",
    "register-scheduledtask",
    "register-wmievent",
    // A value taken away changes what runs as surely as one set: a service's `Start`, a
    // policy that kept Defender on.
    "remove-itemproperty",
    "rename-itemproperty",
    "sc",
    "schtasks",
    "set-item",
    "set-itemproperty",
    "set-localuser",
    "set-scheduledtask",
    "set-service",
    "set-wmiinstance",
    "wmic",
];
const NAME_FILTER: crate::name_filter::NameFilter = crate::name_filter::NameFilter::of(NAMES);

/// Registry keys whose values run a program at log-on, at boot or in place of another
/// (lower-case, `\`-separated).
const AUTOSTART_KEYS: &[&str] = &[
    "\\currentversion\\run",
    "\\currentversion\\policies\\explorer\\run",
    "\\currentversion\\winlogon",
    "\\currentversion\\image file execution options",
    "\\currentversion\\silentprocessexit",
    "\\currentversion\\windows",
    "\\currentversion\\explorer\\shell folders",
    "\\currentversion\\explorer\\user shell folders",
    "\\command processor",
    "\\currentcontrolset\\services",
    "\\currentcontrolset\\control\\lsa",
    "\\currentcontrolset\\control\\session manager",
    "\\shell\\open\\command",
    "\\policies\\microsoft\\windows defender",
    "\\microsoft\\windows defender",
    "\\environment",
    // The proxy every program's web traffic goes through (`ProxyServer`, `AutoConfigURL`).
    "\\currentversion\\internet settings",
];

/// What the Windows command `name` (as written) with `args` writes or reads that none of its
/// words names as a file.
pub(super) fn accessed(name: &str, args: &[Word]) -> Option<(Access, Place)> {
    // Compared without case and without allocating: most commands are none of these.
    // `get`: four bytes from the end may fall inside a character (`/őőq`).
    let stem = name
        .len()
        .checked_sub(4)
        .filter(|&cut| name.get(cut..).is_some_and(|end| end.eq_ignore_ascii_case(".exe")));
    let stem = stem.map_or(name, |cut| &name[..cut]);
    // A lower-case name the filter rules out is none of them (the commonest case by far).
    if !stem.bytes().any(|b| b.is_ascii_uppercase()) && !NAME_FILTER.may_hold(stem) {
        return None;
    }
    let name = *NAMES.iter().find(|known| stem.eq_ignore_ascii_case(known))?;
    // `HKCU:\\Software\\…\\Run`: PowerShell's registry paths take a doubled separator as one.
    let words: Vec<String> = args
        .iter()
        .map(|w| {
            let mut text = windows_text(w).to_ascii_lowercase().replace('/', "\\");
            while text.contains("\\\\") {
                text = text.replace("\\\\", "\\");
            }
            text
        })
        .collect();
    let verb = |verbs: &[&str]| words.iter().any(|w| verbs.contains(&w.trim_start_matches(['-', '\\'])));
    let option = |wanted: &str| words.iter().any(|w| w.starts_with(wanted));
    match name {
        "reg" => {
            let first = words.first().map(String::as_str).unwrap_or_default();
            if matches!(first, "save" | "export" | "copy") {
                let key = words.get(1).map(String::as_str).unwrap_or_default();
                let key = key.strip_prefix("hkey_local_machine").or_else(|| key.strip_prefix("hklm"));
                let hive = key.map(|rest| rest.trim_start_matches(['\\', ':']));
                let read = match hive {
                    Some(rest) if rest.starts_with("sam") => Some(Place::Sam),
                    Some(rest) if rest.starts_with("security") => Some(Place::Security),
                    Some(rest) if rest.is_empty() || rest.starts_with("system") => Some(Place::SystemHive),
                    _ => None,
                };
                if let Some(place) = read.filter(|_| first != "copy") {
                    return Some((Access::Read, place));
                }
            }
            matches!(first, "add" | "delete" | "copy" | "import" | "restore" | "load")
                .then(|| autostart(&words[1..]))
                .flatten()
                .map(|place| (Access::Write, place))
        }
        "schtasks" => verb(&["create", "change"]).then_some((Access::Write, Place::Tasks)),
        "register-scheduledtask" | "set-scheduledtask" => Some((Access::Write, Place::Tasks)),
        // A service made, or pointed at another program (`sc config x binPath= …`, a
        // command run on failure); `sc config ssh-agent start= auto` only starts a known one.
        "sc" => (verb(&["create", "sdset"])
            || verb(&["config"]) && option("binpath=")
            || verb(&["failure"]) && option("command="))
        .then_some((Access::Write, Place::SystemHive)),
        "new-service" => Some((Access::Write, Place::SystemHive)),
        // The local accounts, kept in the SAM hive: `net user NAME PASS /add`, a password or
        // `/active:yes` set, `net localgroup administrators NAME /add`; `net user` only lists.
        "net" | "net1" => {
            let first = words.first().map(String::as_str).unwrap_or_default();
            let changes = match first {
                "user" | "users" => words.len() > 2 || option("\\active") || option("\\add"),
                "localgroup" | "group" => verb(&["add", "delete"]),
                _ => false,
            };
            changes.then_some((Access::Write, Place::Sam))
        }
        "new-localuser" | "set-localuser" | "add-localgroupmember" => Some((Access::Write, Place::Sam)),
        "set-service" => option("-binarypathname").then_some((Access::Write, Place::SystemHive)),
        // `wmic /namespace:\\root\subscription … create`, `Set-WmiInstance -Namespace
        // root\subscription`: a permanent event subscription that runs a command.
        "wmic" | "set-wmiinstance" | "register-wmievent" => words
            .iter()
            .any(|w| w.contains("subscription") || w.contains("commandlineeventconsumer"))
            .then_some((Access::Write, Place::Wmi)),
        _ => autostart(&words).map(|place| (Access::Write, place)),
    }
}

/// The word as the Windows program is meant to get it: `HKCU\Software\…\Run` written unquoted
/// in a POSIX shell loses its backslashes to quote removal, but cmd and PowerShell, where the
/// line is meant to run, keep them.
fn windows_text(word: &Word) -> std::borrow::Cow<'_, str> {
    if word.raw.contains('\\') && !word.text.contains('\\') && !word.dynamic {
        std::borrow::Cow::Owned(word.raw.replace(['"', '\''], ""))
    } else {
        std::borrow::Cow::Borrowed(&word.text)
    }
}

/// The hive of the first of `words` that names an autostart key (`HKCU\…\Run`,
/// `HKLM:\SOFTWARE\…\Winlogon`, `Registry::HKEY_CURRENT_USER\…`).
fn autostart(words: &[String]) -> Option<Place> {
    let key = words.iter().find(|w| AUTOSTART_KEYS.iter().any(|key| contains_key(w, key)))?;
    let key = key.strip_prefix("registry::").unwrap_or(key);
    Some(if key.starts_with("hkcu") || key.starts_with("hkey_current_user") {
        Place::UserRegistry
    } else if key.contains("\\currentcontrolset\\") {
        Place::SystemHive
    } else {
        Place::SystemRegistry
    })
}

/// Whether `word` names `key` or a key below it (`\run` but not `\runtime`).
fn contains_key(word: &str, key: &str) -> bool {
    word.match_indices(key).any(|(at, _)| {
        let after = &word[at + key.len()..];
        after.is_empty()
            || after.starts_with('\\')
            || key == "\\currentversion\\run" && after.starts_with("once")
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::word;

    fn seen(argv: &[&str]) -> Option<(Access, Place)> {
        let args: Vec<Word> = argv[1..].iter().map(|text| word(text)).collect();
        accessed(argv[0], &args)
    }

    #[test]
    fn a_name_ending_inside_a_character_is_no_program_of_these() {
        assert_eq!(seen(&["/\u{151}\u{151}q"]), None);
        assert_eq!(seen(&["\u{151}.exe"]), None);
    }

    #[test]
    fn autostart_keys_and_tasks_are_written() {
        let run = "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run";
        assert_eq!(seen(&["reg", "add", run, "/v", "x"]), Some((Access::Write, Place::UserRegistry)));
        assert_eq!(
            seen(&["REG.EXE", "ADD", &format!("{run}Once")]),
            Some((Access::Write, Place::UserRegistry))
        );
        assert_eq!(seen(&["reg", "query", run]), None);
        assert_eq!(
            seen(&["reg", "add", "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Runtime"]),
            None
        );
        assert_eq!(seen(&["reg", "add", "HKCU\\Console", "/v", "VirtualTerminalLevel"]), None);
        assert_eq!(seen(&["schtasks", "/Create", "/tn", "x"]), Some((Access::Write, Place::Tasks)));
        assert_eq!(seen(&["schtasks", "/query"]), None);
        assert_eq!(
            seen(&["sc.exe", "create", "x", "binPath=", "y"]),
            Some((Access::Write, Place::SystemHive))
        );
        assert_eq!(seen(&["sc", "query", "x"]), None);
    }

    #[test]
    fn saved_hives_are_read() {
        assert_eq!(seen(&["reg", "save", "HKLM\\SAM", "s"]), Some((Access::Read, Place::Sam)));
        assert_eq!(seen(&["reg", "save", "hklm\\system", "s"]), Some((Access::Read, Place::SystemHive)));
        assert_eq!(seen(&["reg", "export", "HKCU\\Software\\Foo", "f.reg"]), None);
    }
}
