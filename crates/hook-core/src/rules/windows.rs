//! Windows' administration tools, judged for the packs that own what they do: the defences
//! switched off (Defender, the script execution policy, the firewall), the event logs and the
//! recovery copies thrown away (`wevtutil cl`, `vssadmin delete shadows`), the boot
//! configuration changed (`bcdedit /set`), the logon process's memory dumped (`procdump
//! lsass`, `rundll32 comsvcs.dll MiniDump`), and code fetched and run by the built-in
//! script hosts (`mshta URL`, `regsvr32 /i:URL scrobj.dll`, `msiexec /i URL`, `wmic /format:URL`); the security services
//! stopped or deleted, the audit policy cleared, inbound firewall holes and proxies, local
//! accounts removed, files zeroed or encrypted. Only a call whose name is one of
//! these tools costs more than a string compare.

use super::Hit;

/// The names [`disk`] judges (lower-case, without `.exe`), sorted.
const DISK_TOOLS: &[&str] = &[
    "add-mppreference",
    "auditpol",
    "bcdedit",
    "certutil",
    "cipher",
    "clear-eventlog",
    "disable-computerrestore",
    "disable-localuser",
    "disable-windowsoptionalfeature",
    "fsutil",
    "import-certificate",
    "limit-eventlog",
    "netsh",
    "remove-ciminstance",
    "remove-eventlog",
    "remove-localuser",
    "remove-windowsfeature",
    "remove-wmiobject",
    "sc",
    "schtasks",
    "set-executionpolicy",
    "set-mppreference",
    "set-netfirewallprofile",
    "set-service",
    "stop-service",
    "uninstall-package",
    "uninstall-windowsfeature",
    "vssadmin",
    "wbadmin",
    "wevtutil",
    "wmic",
];
const DISK_TOOL_NAMES: crate::name_filter::NameFilter = crate::name_filter::NameFilter::of(DISK_TOOLS);

const EVENT_LOGS: &str = "This throws away Windows' event logs, the record of what happened on the machine. Ask the user whether to.";

/// The lower-case words of `args`, `/` options written as `-` ones (`/set` is `-set`).
fn lowered(args: &[crate::shell::Word]) -> Vec<String> {
    args.iter()
        .map(|w| {
            let text = w.text.to_ascii_lowercase();
            match text.strip_prefix('/') {
                Some(option) if !option.contains('/') => format!("-{option}"),
                _ => text,
            }
        })
        .collect()
}

/// The `disk` pack's Windows verbs.
pub(super) fn disk(name: &str, args: &[crate::shell::Word]) -> Option<Hit> {
    DISK_TOOL_NAMES.may_hold(name).then_some(())?;
    DISK_TOOLS.binary_search(&name).ok()?;
    let words = lowered(args);
    let has = |word: &str| words.iter().any(|w| w == word);
    let value_of = |option: &str| {
        let at = words.iter().position(|w| w == option || w.starts_with(&format!("{option}:")))?;
        match words[at].split_once(':') {
            Some((_, value)) => Some(value.to_string()),
            None => words.get(at + 1).cloned(),
        }
    };
    let security_off = |what: &str| {
        Hit::ask(
            "disk.security-off",
            format!("This `{name}` {what}, for the whole machine. Ask the user whether to."),
        )
    };
    match name {
        // `Set-MpPreference -DisableRealtimeMonitoring $true`: a Defender protection off
        // (`-Disable… $false` turns one back on).
        "set-mppreference" => words
            .iter()
            .enumerate()
            .any(|(at, w)| {
                let (option, attached) = w.split_once(':').unwrap_or((w, ""));
                let value = if attached.is_empty() { words.get(at + 1).map_or("", String::as_str) } else { attached };
                option.starts_with("-disable") && !matches!(value, "$false" | "0" | "false")
            })
            .then(|| security_off("switches one of Microsoft Defender's protections off")),
        // `certutil -addstore Root x.cer`, `Import-Certificate -CertStoreLocation
        // Cert:\LocalMachine\Root`: a certificate authority trusted, whose holder can then
        // read and change every TLS connection (`-addstore My` only keeps a certificate).
        "certutil" | "import-certificate" => {
            let store = match name {
                "certutil" => words
                    .iter()
                    .position(|w| w == "-addstore")
                    .and_then(|at| words[at + 1..].iter().find(|w| !w.starts_with('-'))),
                _ => value_of("-certstorelocation").and_then(|_| {
                    words.iter().find(|w| w.starts_with("cert:"))
                }),
            };
            store
                .is_some_and(|store| {
                    let store = store.trim_end_matches(['\\', '/']);
                    ["root", "authroot", "ca"].iter().any(|s| store == *s || store.ends_with(&format!("\\{s}")))
                })
                .then(|| security_off("trusts a new certificate authority, which can then read and change every TLS connection"))
        }
        "add-mppreference" => words
            .iter()
            .any(|w| w.starts_with("-exclusion"))
            .then(|| security_off("adds an exclusion that Microsoft Defender will not scan")),
        // `Set-ExecutionPolicy Bypass|Unrestricted` beyond the one process: every script runs,
        // signed or not, from then on.
        "set-executionpolicy" => {
            let policy = value_of("-executionpolicy")
                .or_else(|| words.iter().find(|w| !w.starts_with('-') && !w.starts_with('$')).cloned());
            let open = policy.is_some_and(|p| matches!(p.as_str(), "bypass" | "unrestricted"));
            let process_only = value_of("-scope").is_some_and(|scope| scope == "process");
            (open && !process_only).then(|| security_off("lets every PowerShell script run, signed or not"))
        }
        // `netsh advfirewall set allprofiles state off`, `netsh firewall set opmode disable`,
        // `netsh advfirewall reset`.
        "netsh" => {
            let firewall = has("advfirewall") || has("firewall");
            let off = words.windows(2).any(|pair| {
                matches!((pair[0].as_str(), pair[1].as_str()), ("state", "off") | ("opmode", "disable"))
            }) || has("advfirewall") && words.get(1).is_some_and(|w| w == "reset");
            (firewall && off)
                .then(|| {
                    Hit::ask(
                        "disk.firewall",
                        "This `netsh` turns the Windows firewall off or resets its rules, opening the machine. Ask the user whether to.",
                    )
                })
                .or_else(|| netsh(&words))
        }
        "set-netfirewallprofile" => value_of("-enabled")
            .is_some_and(|value| matches!(value.as_str(), "false" | "$false" | "0"))
            .then(|| {
                Hit::ask(
                    "disk.firewall",
                    "This `Set-NetFirewallProfile` turns the Windows firewall off, opening the machine. Ask the user whether to.",
                )
            }),
        // `wevtutil cl LOG`, `wevtutil sl LOG /e:false`, `Clear-EventLog`: the record of what
        // happened, gone.
        "wevtutil" => {
            let verb = words.first().map_or("", String::as_str);
            let clears = matches!(verb, "cl" | "clear-log")
                || matches!(verb, "sl" | "set-log") && words.iter().any(|w| w.starts_with("-e:false"));
            clears.then(|| Hit::ask("disk.system-logs", EVENT_LOGS))
        }
        "clear-eventlog" | "remove-eventlog" | "limit-eventlog" => Some(Hit::ask("disk.system-logs", EVENT_LOGS)),
        // `bcdedit /set`, `/deletevalue`, `/delete`: how, and whether, Windows boots (recovery
        // off, test signing, a boot entry gone); `/enum` only lists.
        "bcdedit" => words
            .iter()
            .any(|w| matches!(w.as_str(), "-set" | "-deletevalue" | "-delete" | "-import" | "-default"))
            .then(|| {
                Hit::new(
                    "disk.boot-entry",
                    "This `bcdedit` changes how, or whether, Windows boots. Ask the user to do it.",
                )
            }),
        _ => recovery(name, &words).or_else(|| services(name, &words)),
    }
}

/// The services that keep the machine defended, updated and audited (lower-case): Defender
/// and its parts, the firewall, Windows Update, the event log, the security centre.
const SECURITY_SERVICES: &[&str] = &[
    "bits",
    "eventlog",
    "mpssvc",
    "securityhealthservice",
    "sense",
    "usosvc",
    "wdboot",
    "wdfilter",
    "wdnisdrv",
    "wdnissvc",
    "windefend",
    "wscsvc",
    "wuauserv",
];

const SECURITY_SERVICE: &str = "This stops, disables or deletes a service that keeps Windows defended, updated or audited, for the whole machine. Ask the user whether to.";

/// What else of the machine's the `disk` pack's Windows tools take away: a security service
/// stopped or disabled (`sc stop WinDefend`, `sc config wuauserv start= disabled`,
/// `Stop-Service WinDefend`) or any service deleted, the audit policy cleared, every scheduled
/// task deleted, local accounts removed or left without a password, Defender or every package
/// uninstalled, WMI objects deleted (`Get-CimInstance Win32_ShadowCopy | Remove-CimInstance`),
/// a file's data zeroed, a tree encrypted.
fn services(name: &str, words: &[String]) -> Option<Hit> {
    let has = |word: &str| words.iter().any(|w| w == word);
    let security = || words.iter().any(|w| SECURITY_SERVICES.contains(&w.trim_matches(['"', '\''])));
    let ask = |id: &'static str, what: &str| {
        Some(Hit::ask(id, format!("This `{name}` {what}. Ask the user whether to.")))
    };
    match name {
        "sc" => {
            let verb = words.first().map_or("", String::as_str);
            let disables = verb == "config"
                && (words.windows(2).any(|p| p[0] == "start=" && p[1] == "disabled") || has("start=disabled"));
            if verb == "delete" {
                ask("disk.security-off", "deletes a Windows service, for the whole machine")
            } else if (matches!(verb, "stop" | "pause") || disables) && security() {
                Some(Hit::ask("disk.security-off", SECURITY_SERVICE))
            } else {
                None
            }
        }
        "stop-service" => security().then(|| Hit::ask("disk.security-off", SECURITY_SERVICE)),
        "set-service" => {
            let disables = has("disabled") || has("stopped");
            (disables && security()).then(|| Hit::ask("disk.security-off", SECURITY_SERVICE))
        }
        "auditpol" => (has("-clear") || has("-remove")).then(|| Hit::ask("disk.system-logs", EVENT_LOGS)),
        // `schtasks /delete /tn *`: every task, the system's maintenance and updates among them.
        "schtasks" => (has("-delete") && has("*")).then(|| {
            Hit::ask(
                "disk.security-off",
                "This `schtasks` deletes every scheduled task, the system's own among them. Ask the user whether to.",
            )
        }),
        "remove-localuser" | "disable-localuser" => ask("permissions.password", "removes or disables a local account"),
        "uninstall-windowsfeature" | "remove-windowsfeature" | "disable-windowsoptionalfeature" => {
            if words.iter().any(|w| w.contains("defender")) {
                ask("disk.security-off", "uninstalls Microsoft Defender")
            } else {
                ask("disk.package-remove", "removes a Windows feature")
            }
        }
        "uninstall-package" => has("*").then(|| {
            Hit::ask(
                "disk.package-remove",
                "This `Uninstall-Package *` removes every package installed. Ask the user whether to.",
            )
        }),
        "remove-ciminstance" | "remove-wmiobject" => ask(
            "disk.recovery-delete",
            "deletes WMI objects (shadow copies, accounts, processes) that the line does not name",
        ),
        // `fsutil file setZeroData`: a file's bytes overwritten with zeros, past recovery.
        "fsutil" => has("setzerodata").then(|| {
            Hit::new(
                "disk.recovery-delete",
                "This `fsutil file setZeroData` overwrites a file's data with zeros, past recovery. Ask the user to do it.",
            )
        }),
        // `cipher /e DIR`: a tree encrypted with a key only this account holds.
        "cipher" => has("-e").then(|| {
            Hit::ask(
                "disk.security-off",
                "This `cipher /e` encrypts files with a key only this account holds; lose it and they are gone. Ask the user whether to.",
            )
        }),
        "wmic" => (has("useraccount") && words.iter().any(|w| w.starts_with("passwordrequired=false"))).then(|| {
            Hit::ask(
                "permissions.password",
                "This `wmic` lets a local account log on without a password. Ask the user whether to.",
            )
        }),
        _ => None,
    }
}

/// `netsh advfirewall firewall add rule … action=allow` (inbound unless `dir=out`), `netsh
/// interface portproxy add` (a port forwarded to another host), `netsh winhttp set proxy`
/// (the machine's web traffic through another host).
fn netsh(words: &[String]) -> Option<Hit> {
    let has = |word: &str| words.iter().any(|w| w == word);
    let hole = has("firewall") && has("add") && has("action=allow") && !has("dir=out");
    if hole || has("portproxy") && has("add") {
        return Some(Hit::ask(
            "disk.firewall",
            "This `netsh` opens the Windows firewall to inbound connections or forwards a port through it. Ask the user whether to.",
        ));
    }
    (has("winhttp") && has("proxy") && (has("set") || has("import"))).then(|| {
        Hit::ask(
            "disk.security-off",
            "This `netsh winhttp` sends the machine's web traffic through a proxy, which sees and can change it. Ask the user whether to.",
        )
    })
}

/// The copies Windows keeps to recover from a loss, or the remains of deleted files, thrown
/// away: `vssadmin delete shadows`, `wmic shadowcopy delete`, `wbadmin delete catalog`,
/// `cipher /w:`, `Disable-ComputerRestore`.
fn recovery(name: &str, words: &[String]) -> Option<Hit> {
    let has = |word: &str| words.iter().any(|w| w == word);
    let wipes = match name {
        "vssadmin" => has("delete") || has("resize") && has("shadowstorage"),
        "wmic" => has("shadowcopy") && has("delete"),
        "wbadmin" => has("delete"),
        "cipher" => words.iter().any(|w| w.starts_with("-w")),
        "disable-computerrestore" => true,
        _ => false,
    };
    wipes.then(|| {
        Hit::new(
            "disk.recovery-delete",
            format!("This `{name}` throws away the copies Windows keeps to recover files and the system (or wipes what deleted files left). Ask the user to do it."),
        )
    })
}

/// The `credentials` pack's Windows verbs: the logon process's memory, where the logged-on
/// users' secrets are, written to a file (`procdump -ma lsass.exe`, `rundll32
/// comsvcs.dll,MiniDump PID F full`), the tools made to take them out (`mimikatz`,
/// `pypykatz`), and the stores of the machine's password hashes copied (`reg save HKLM\SAM`,
/// `ntdsutil "ac i ntds" ifm`, `esentutl /y …\ntds.dit`).
pub(super) fn dumps_logon_secrets(name: &str, args: &[crate::shell::Word]) -> bool {
    match name {
        "procdump" | "procdump64" => args.iter().any(|w| w.text.to_ascii_lowercase().starts_with("lsass")),
        "rundll32" => {
            let words = lowered(args);
            words.iter().any(|w| w.contains("comsvcs")) && words.iter().any(|w| w.contains("minidump"))
        }
        "mimikatz" | "mimikatz64" | "pypykatz" | "secretsdump" | "secretsdump.py" | "lazagne" => true,
        "reg" => {
            // `HKLM\SAM` as written: a POSIX shell's reading drops the backslash (`HKLMSAM`).
            let key = |w: &crate::shell::Word, hives: &[&str]| {
                let raw = w.raw.to_ascii_lowercase().replace(['"', '\'', '\\'], "");
                let key = raw.strip_prefix("hklm").or_else(|| raw.strip_prefix("hkey_local_machine"));
                key.is_some_and(|key| hives.iter().any(|hive| key.starts_with(hive)))
            };
            let hives: &[&str] = match args.first().map(|w| w.text.to_ascii_lowercase()).as_deref() {
                Some("save" | "export" | "copy") => &["sam", "security", "system"],
                // Reading `HKLM\SYSTEM` is everyday (the machine's `Path`); the hash stores are not.
                Some("query") => &["sam", "security"],
                _ => &[],
            };
            args.iter().skip(1).any(|w| key(w, hives))
        }
        "ntdsutil" => lowered(args).iter().any(|w| w.contains("ifm") || w.contains("snapshot")),
        "esentutl" | "copy" | "copy-item" | "xcopy" | "robocopy" => {
            args.iter().any(|w| w.text.to_ascii_lowercase().contains("ntds.dit"))
        }
        _ => false,
    }
}

/// Registry keys where programs keep the user's saved passwords: PuTTY's and WinSCP's
/// sessions (proxy and login passwords), the VNC servers' passwords, and Winlogon's
/// automatic logon password. Written without the backslashes a POSIX shell drops.
const CREDENTIAL_KEYS: &[&str] = &[
    "softwaresimontathamputtysessions",
    "softwaremartin prikrylwinscp 2sessions",
    "softwaremartinprikrylwinscp2sessions",
    "softwarerealvnc",
    "softwaretightvnc",
    "softwareorlwinvnc3",
    "softwaretigervnc",
    "softwaremicrosoftwindows ntcurrentversionwinlogon",
    "softwaremicrosoftwindowsntcurrentversionwinlogon",
];

/// `reg query` of a key where a program keeps saved passwords ([`CREDENTIAL_KEYS`]): it
/// prints them.
pub(super) fn prints_registry_credentials(name: &str, args: &[crate::shell::Word]) -> bool {
    name == "reg"
        && args.first().is_some_and(|verb| verb.text.eq_ignore_ascii_case("query"))
        && args.iter().skip(1).any(|w| {
            let key = w.raw.to_ascii_lowercase().replace(['"', '\'', '\\', '/'], "");
            let key = ["hkcu", "hkey_current_user", "hklm", "hkey_local_machine", "hku", "hkey_users"]
                .iter()
                .find_map(|hive| key.strip_prefix(hive))
                .unwrap_or(&key);
            // `HKU\S-1-5-21-…\Software\…`: the user's id before the key.
            CREDENTIAL_KEYS.iter().any(|stored| key.contains(stored))
        })
}

/// The `remote-script` pack's Windows verbs: a script host given code from the network or in
/// its arguments (`mshta http://…`, `mshta vbscript:…`, `regsvr32 /i:http://… scrobj.dll`,
/// `rundll32 javascript:…`).
pub(super) fn runs_remote_code(name: &str, args: &[crate::shell::Word]) -> bool {
    let remote = |text: &str| {
        let text = text.to_ascii_lowercase();
        text.contains("://") || text.starts_with("javascript:") || text.starts_with("vbscript:")
    };
    match name {
        "mshta" | "rundll32" => args.iter().any(|w| remote(&w.text)),
        // `msiexec /i URL`: an installer fetched and run; `wmic … /format:URL`: a style sheet
        // fetched whose script runs.
        "msiexec" => args.iter().any(|w| remote(&w.text) && !w.text.starts_with('/')),
        "wmic" => args.iter().any(|w| {
            let text = w.text.to_ascii_lowercase();
            text.strip_prefix("/format:").or_else(|| text.strip_prefix("-format:")).is_some_and(remote)
        }),
        "regsvr32" => args.iter().any(|w| {
            let text = w.text.to_ascii_lowercase();
            (text.starts_with("/i:") || text.starts_with("-i:")) && remote(&text[3..])
        }),
        _ => false,
    }
}
