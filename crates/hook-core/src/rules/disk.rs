//! The `disk` pack: formatting and partitioning disks, writing to block devices, and
//! shutting the machine down.
//!
//! Fires on `mkfs*`, `mke2fs`, `mkswap`, `wipefs` (unless only asking for help or version),
//! on partition editors given a device (`fdisk /dev/sda`, `sgdisk -d 1`, `parted -s DEV
//! mklabel`; not `fdisk -l`, `sgdisk -p`, `parted DEV print`), on `diskpart`,
//! cmd.exe `format C:` and the PowerShell disk cmdlets, on any command that writes to a block
//! device by redirection, `tee`, `cp`, `shred` or `blkdiscard`, on volume, RAID and firmware
//! tools that destroy what a device holds (`zpool destroy`, `mdadm --zero-superblock`,
//! `badblocks -w`, `btrfs subvolume delete`, `flashrom -w`), and on shutdown/reboot in
//! every spelling or by `/proc/sysrq-trigger`, `kexec -e`, `systemctl isolate`; on writes
//! under `/sys`, and the root or a system file system unmounted or made read-only. Flushing the
//! firewall, taking a network link or route down, loading kernel modules, kernel settings
//! (`sysctl -w`, `setenforce 0`), remounting a system file system, removing packages and
//! throwing away the system logs ask, as do macOS's guards switched off (Gatekeeper's
//! quarantine, the application firewall, Apple's services, FileVault, boot arguments, profiles,
//! trusted certificates, Gatekeeper's re-arming and the security updates, the audit and confinement
//! services, app sandboxes), remote access switched on or traffic sent through another proxy or DNS
//! server, and Time Machine disabled; its backups deleted are refused, as are saved passwords and
//! keychains deleted (`security delete-generic-password`) and whole
//! toolchains thrown away (`rustup self uninstall`, `ghcup nuke`). A formatter given a disk image file (`mkfs.ext4
//! disk.img`) is allowed.

use super::dd::is_block_device;
use super::{Call, Hit, short_cluster_has};
use crate::shell::RedirectOp;

pub(super) fn judge(call: &Call) -> Option<Hit> {
    if let Some(hit) = block_device_write(call) {
        return Some(hit);
    }
    if writes_sysrq(call) {
        return Some(Hit::new(
            "disk.shutdown",
            "Writing to `/proc/sysrq-trigger` can reboot, halt or crash the machine at once. Ask the user to do it.",
        ));
    }
    if let Some(hit) = sysfs_write(call) {
        return Some(hit);
    }
    // Most commands write nothing over: the directory test, which walks paths, is skipped.
    let targets = super::overwrite::targets(call);
    if !targets.is_empty()
        && names_log_directory(call)
        && let Some(hit) = log_wipe(call, &targets)
    {
        return Some(hit);
    }
    let name = call.name?;
    if matches!(name, "fastboot" | "pm" | "adb" | "cmd")
        && let Some(hit) = android_device(name, call.args())
    {
        return Some(hit);
    }
    if crate::shell::runs_remotely(&call.command.via)
        && REMOTE_SERVICE_TOOLS.contains(&name)
        && let Some(hit) = judge_lockout(call, name).or_else(|| remote_service(call, name))
    {
        return Some(hit);
    }
    if let Some(hit) = super::windows::disk(name, call.args()) {
        return Some(hit);
    }
    if SYSTEM_TOOL_NAMES.may_hold(name) && SYSTEM_TOOLS.contains(&name) {
        return judge_system(call, name);
    }
    if matches!(
        name,
        "firewall-cmd"
            | "firewall-offline-cmd"
            | "systemctl"
            | "service"
            | "rc-service"
            | "dbus-send"
            | "gdbus"
            | "busctl"
            | "efibootmgr"
            | "rmmod"
            | "modprobe"
            | "insmod"
    ) && let Some(hit) = judge_lockout(call, name)
    {
        return Some(hit);
    }
    if ADMIN_TOOL_NAMES.may_hold(name) && ADMIN_TOOLS.contains(&name) {
        return judge_admin(call, name);
    }
    if is_formatter(name) {
        return judge_device_tool(call, name);
    }
    // Most commands of a line are none of the tools below: ruled out by the filter
    // (ARCHITECTURE.md, "Start-up").
    DEVICE_TOOL_NAMES.judge(name, || judge_device_tool(call, name))
}

/// The formatters' family aside, the programs [`judge_device_tool`] knows.
const DEVICE_TOOLS: &[&str] = &[
    "wipefs",
    "zpool",
    "zfs",
    "gpart",
    "asr",
    "lvremove",
    "vgremove",
    "pvremove",
    "cryptsetup",
    "hdparm",
    "nvme",
    "sgdisk",
    "mdadm",
    "badblocks",
    "btrfs",
    "dmsetup",
    "flashrom",
    "vgreduce",
    "lvreduce",
    "diskpart",
    "diskutil",
    "fdisk",
    "gdisk",
    "cfdisk",
    "cgdisk",
    "disklabel",
    "bsdlabel",
    "sfdisk",
    "parted",
    "format",
    "format-volume",
    "clear-disk",
    "initialize-disk",
    "remove-partition",
    "shutdown",
    "reboot",
    "halt",
    "poweroff",
    "init",
    "telinit",
    "systemctl",
    "loginctl",
    "stop-computer",
    "restart-computer",
    "wsl",
    "wsl.exe",
    "wslconfig",
    "wslconfig.exe",
];

const DEVICE_TOOL_NAMES: crate::name_filter::NameFilter = crate::name_filter::NameFilter::of(DEVICE_TOOLS);

/// [`judge`] of a formatter, a volume manager, a partition editor or a shutdown.
fn judge_device_tool(call: &Call, name: &str) -> Option<Hit> {
    let args: Vec<&str> = call.args().iter().map(|w| w.text.as_str()).collect();
    // `wipefs DEVICE` alone (or with `-n`) only lists the signatures it would erase.
    let lists_signatures = name == "wipefs"
        && (!args.iter().any(|a| {
            matches!(*a, "--all" | "--offset")
                || a.starts_with("--offset=")
                || short_cluster_has(a, 'a')
                || a.starts_with("-o")
        }) || args.iter().any(|a| *a == "--no-act" || short_cluster_has(a, 'n')));
    if is_formatter(name) && !only_asks_for_help(&args) && !formats_image_file(call) && !lists_signatures {
        return Some(Hit::new(
            "disk.mkfs",
            format!("`{name}` would erase a file system. Ask the user to run it."),
        ));
    }
    // Volume managers, encryption and secure erase: each destroys what the volume held.
    let destroys_volume = match name {
        // `zfs rollback -r`: every snapshot newer than the target destroyed with the changes.
        "zpool" | "zfs" => {
            matches!(args.first(), Some(&("destroy" | "labelclear")))
                || args.first() == Some(&"rollback")
                    && args.iter().any(|a| short_cluster_has(a, 'r') || short_cluster_has(a, 'R'))
        }
        "gpart" => matches!(args.first(), Some(&("destroy" | "delete"))),
        // `asr restore --erase`: the target volume erased before the image is written.
        "asr" => args.contains(&"--erase"),
        "lvremove" | "vgremove" | "pvremove" => true,
        "cryptsetup" => args.iter().any(|a| matches!(*a, "luksFormat" | "erase" | "luksErase" | "reencrypt")),
        "hdparm" => args.iter().any(|a| a.starts_with("--security-erase") || *a == "--trim-sector-ranges"),
        "nvme" => matches!(args.first(), Some(&("format" | "sanitize"))),
        "sgdisk" => args.iter().any(|a| a.starts_with("--zap") || *a == "-Z" || *a == "-z"),
        // RAID members' metadata erased, arrays stopped into pieces or made anew over disks.
        "mdadm" => args.iter().any(|a| {
            matches!(*a, "--zero-superblock" | "--create" | "-C" | "--build" | "-B")
                || a.starts_with("--create=")
        }),
        // The destructive read-write test writes patterns over the whole device.
        "badblocks" => args.iter().any(|a| *a == "--write" || short_cluster_has(a, 'w')),
        "btrfs" => args.windows(2).any(|pair| matches!(pair, ["subvolume", "delete"] | ["device", "remove"])),
        "dmsetup" => args.first().is_some_and(|a| matches!(*a, "remove_all" | "wipe_table")),
        "flashrom" => args.iter().any(|a| matches!(*a, "-w" | "--write" | "-E" | "--erase")),
        "vgreduce" | "lvreduce" => true,
        _ => false,
    };
    if destroys_volume {
        return Some(Hit::new(
            "disk.partition",
            format!("`{name}` would destroy a volume and everything on it. Ask the user to run it."),
        ));
    }
    if is_partition_editor(name, &args) {
        return Some(Hit::new(
            "disk.partition",
            format!(
                "`{name}` would change a disk's partitions. List them with `-l`/`print` instead, or ask the user to run it."
            ),
        ));
    }
    if is_windows_format(name, &args) {
        return Some(Hit::new(
            "disk.format",
            format!("`{name}` would erase a disk or volume. Ask the user to run it."),
        ));
    }
    // A WSL distribution unregistered: its virtual disk, the user's whole Linux home, deleted.
    if matches!(name, "wsl" | "wsl.exe") && wsl_action(&args).as_deref() == Some("--unregister")
        || matches!(name, "wslconfig" | "wslconfig.exe")
            && args.first().is_some_and(|a| matches!(a.to_ascii_lowercase().as_str(), "/u" | "/unregister"))
    {
        return Some(Hit::new(
            "disk.format",
            format!(
                "`{name}` would unregister a WSL distribution, deleting it with its disk and everything in it. Ask the user to run it."
            ),
        ));
    }
    is_shutdown(name, &args).then(|| {
        Hit::new(
            "disk.shutdown",
            format!("`{name}` would shut down or restart the machine the user is working on. Ask the user to do it."),
        )
    })
}

/// A redirection, `tee`, `cp`, `shred` or PlatformIO's upload writing to a block device.
fn block_device_write(call: &Call) -> Option<Hit> {
    let redirected = call.command.redirects.iter().any(|r| {
        matches!(r.op, RedirectOp::Write | RedirectOp::Append | RedirectOp::ReadWrite)
            && is_block_device(&r.target.text)
    });
    let args = call.args();
    let by_argument = match call.name {
        Some("tee" | "shred" | "scrub" | "blkdiscard") => args.iter().any(|w| is_block_device(&w.text)),
        Some("cp") => args.last().is_some_and(|w| is_block_device(&w.text)),
        Some("ddrescue") => ddrescue_output(args).is_some_and(|w| is_block_device(&w.text)),
        // PlatformIO writes the firmware image to its upload port (`--upload-port /dev/sda`).
        Some("pio" | "platformio") => args.iter().enumerate().any(|(at, w)| {
            let port = match w.text.split_once('=') {
                Some(("--upload-port" | "--port", port)) => Some(port),
                _ if matches!(w.text.as_str(), "--upload-port" | "--port") => {
                    args.get(at + 1).map(|p| p.text.as_str())
                }
                _ => None,
            };
            port.is_some_and(is_block_device)
        }),
        _ => false,
    };
    (redirected || by_argument).then(|| {
        Hit::new(
            "disk.block-device-write",
            "Writing to a disk device would overwrite the data on it. Write to a file inside the project instead, or ask the user to run it.",
        )
    })
}

/// `ddrescue [OPTIONS] INFILE OUTFILE [MAPFILE]`: the second operand, written over.
fn ddrescue_output(args: &[crate::shell::Word]) -> Option<&crate::shell::Word> {
    // Short options that take the next word as their value.
    const VALUED: &[&str] =
        &["-a", "-b", "-c", "-e", "-i", "-K", "-m", "-o", "-s", "-T", "-x", "-Z", "-w", "-l"];
    let mut skip = false;
    let mut operands = args.iter().filter(|w| {
        let text = w.text.as_str();
        let operand = !(skip || text.starts_with('-') && text.len() > 1);
        skip = !skip && VALUED.contains(&text);
        operand
    });
    operands.nth(1)
}

/// Writes under `/sys` (by redirection or `tee`): removing a disk or a device from the bus
/// (`/sys/block/sda/device/delete`, `…/remove`, `…/unbind`) or suspending the machine
/// (`/sys/power/state`) is refused; any other kernel or hardware setting there asks, as it
/// changes the machine for every user.
fn sysfs_write(call: &Call) -> Option<Hit> {
    let redirected = call
        .command
        .redirects
        .iter()
        .filter(|r| matches!(r.op, RedirectOp::Write | RedirectOp::Append | RedirectOp::ReadWrite));
    let targets = redirected.map(|r| &r.target);
    let teed = call.name.filter(|name| *name == "tee").map(|_| call.args()).unwrap_or_default();
    let path = targets.chain(teed).map(|w| w.text.as_str()).find(|path| path.starts_with("/sys/"))?;
    let last = path.trim_end_matches('/').rsplit('/').next().unwrap_or_default();
    if matches!(last, "delete" | "remove" | "unbind" | "reset") || path.starts_with("/sys/power/") {
        return Some(Hit::new(
            "disk.sysfs-write",
            format!(
                "Writing to `{path}` removes a device or suspends the machine at once. Ask the user to do it."
            ),
        ));
    }
    Some(Hit::ask(
        "disk.sysfs-write",
        format!(
            "Writing to `{path}` changes a kernel or hardware setting for the whole machine. Ask the user whether to."
        ),
    ))
}

const SYSTEM_TOOL_NAMES: crate::name_filter::NameFilter = crate::name_filter::NameFilter::of(SYSTEM_TOOLS);

/// Tools of the running system this pack judges apart from the disk tools: `kexec`, `mount`
/// and `umount`, the firewall and the network links.
const SYSTEM_TOOLS: &[&str] =
    &["kexec", "umount", "mount", "iptables", "ip6tables", "nft", "ufw", "ip", "ifconfig", "ifdown", "nmcli"];

/// [`judge`] of a [`SYSTEM_TOOLS`] command, out of line so that an allowed call runs only the
/// name check (ARCHITECTURE.md, "Start-up"). Unmounting or freezing the root or a system file
/// system, and booting another kernel at once, are refused: everything running, the agent
/// with it, fails. Flushing the firewall and taking a network link down ask: they are undone
/// as easily, and often meant in a container or a VM, but open the machine or cut it off.
#[inline(never)]
fn judge_system(call: &Call, name: &str) -> Option<Hit> {
    let args: Vec<&str> = call.args().iter().map(|w| w.text.as_str()).collect();
    let has = |long: &str, short: char| args.iter().any(|a| *a == long || short_cluster_has(a, short));
    let operands: Vec<&str> = args.iter().copied().filter(|a| !a.starts_with('-')).collect();
    let system_mount = |path: &&str| {
        let path = path.trim_end_matches('/');
        path.is_empty()
            || matches!(
                path,
                "/usr"
                    | "/etc"
                    | "/var"
                    | "/home"
                    | "/boot"
                    | "/opt"
                    | "/bin"
                    | "/sbin"
                    | "/lib"
                    | "/lib64"
                    | "/proc"
                    | "/sys"
                    | "/dev"
                    | "/run"
                    | "/usr/local"
                    | "/nix"
                    | "/System"
                    | "/Users"
            )
    };
    let unmount = Hit::new(
        "disk.unmount-system",
        format!(
            "This `{name}` takes away (or freezes) the root or a system file system that every running program, the agent too, depends on. Ask the user to do it."
        ),
    );
    match name {
        "kexec" if has("--exec", 'e') || has("--force", 'f') => Some(Hit::new(
            "disk.shutdown",
            "`kexec` boots another kernel at once, ending everything running. Ask the user to do it.",
        )),
        "umount" if has("--all", 'a') || operands.iter().any(system_mount) => Some(unmount),
        // `mount -o remount,ro /`: the file system made read-only under everything using it.
        "mount" => {
            let options: Vec<&str> = args
                .windows(2)
                .filter(|pair| pair[0] == "-o" || pair[0] == "--options")
                .map(|pair| pair[1])
                .chain(args.iter().filter_map(|a| a.strip_prefix("-o").filter(|o| !o.is_empty())))
                .chain(args.iter().filter_map(|a| a.strip_prefix("--options=")))
                .flat_map(|o| o.split(','))
                .collect();
            let remount = options.contains(&"remount");
            let system = operands.iter().any(|o| !options.contains(o) && system_mount(o) || o.is_empty());
            if remount && options.contains(&"ro") && system {
                return Some(unmount);
            }
            // `mount -o remount,rw /`: a system file system kept read-only (an image's root,
            // `/boot`, `/usr`) made writable, so that what is meant to stay fixed can change.
            (remount && system).then(|| {
                Hit::ask(
                    "disk.remount-system",
                    "This `mount -o remount` changes how the root or a system file system is mounted (making it writable, or its options looser) for the whole machine. Ask the user whether to.",
                )
            })
        }
        "iptables" | "ip6tables" | "nft" | "ufw" => {
            let flushes = match name {
                // `nft flush ruleset`, `nft delete table inet filter`: the rules gone.
                "nft" => matches!(operands.first(), Some(&("flush" | "delete" | "destroy"))),
                "ufw" => matches!(operands.first(), Some(&("disable" | "reset"))),
                _ => args
                    .iter()
                    .any(|a| matches!(*a, "-F" | "--flush" | "-X" | "--delete-chain" | "-P" | "--policy")),
            };
            if flushes {
                return Some(Hit::ask(
                    "disk.firewall",
                    format!(
                        "This `{name}` flushes the firewall or changes its default policy, opening the machine or cutting it off the network. Ask the user whether to."
                    ),
                ));
            }
            firewall_opens(name, &args).then(|| Hit::ask("disk.firewall", FIREWALL_OPEN))
        }
        "ip" | "ifconfig" | "ifdown" | "nmcli" => {
            let down = match name {
                "ip" => {
                    let object = operands.first().copied().unwrap_or_default();
                    let verb = operands.get(1).copied().unwrap_or_default();
                    let link = matches!(object, "link" | "l") && operands.contains(&"down");
                    // `ip route del default`, `ip route flush …`, `ip addr flush dev eth0`: the
                    // way out, or the address, gone.
                    let route = matches!(object, "route" | "r" | "ro" | "rou" | "rout")
                        && (verb == "flush" || verb.starts_with("del") && operands.contains(&"default"));
                    let address =
                        matches!(object, "address" | "addr" | "a" | "ad" | "add" | "addre" | "addres")
                            && (verb == "flush" || verb.starts_with("del"));
                    link || route || address
                }
                "ifconfig" => operands.last() == Some(&"down"),
                "ifdown" => true,
                _ => {
                    operands.windows(2).any(|pair| {
                        matches!(
                            pair,
                            ["networking" | "radio", "off"]
                                | ["connection" | "con" | "c", "down"]
                                | ["device" | "dev" | "d", "disconnect" | "down"]
                        )
                    }) || operands.len() >= 3 && operands[0] == "radio" && operands[2] == "off"
                }
            };
            down.then(|| {
                Hit::ask(
                    "disk.network-down",
                    format!("This `{name}` takes a network connection, address or route down, which can cut the machine (and the agent) off. Ask the user whether to."),
                )
            })
        }
        _ => None,
    }
}

const ADMIN_TOOL_NAMES: crate::name_filter::NameFilter = crate::name_filter::NameFilter::of(ADMIN_TOOLS);

/// System administration tools judged by [`judge_admin`].
const ADMIN_TOOLS: &[&str] = &[
    "sysctl",
    "setenforce",
    "spctl",
    "csrutil",
    "tccutil",
    "journalctl",
    "apt",
    "apt-get",
    "aptitude",
    "dpkg",
    "yum",
    "dnf",
    "microdnf",
    "zypper",
    "rpm",
    "pacman",
    "apk",
    "snap",
    "brew",
    "pkg",
    "nix-env",
    "nix",
    "conda",
    "mamba",
    "micromamba",
    "flatpak",
    "tmutil",
    "socketfilterfw",
    "xattr",
    "defaults",
    "launchctl",
    "fdesetup",
    "pfctl",
    "nvram",
    "profiles",
    "security",
    "gpg",
    "gpg2",
    "kextload",
    "kldload",
    "kmutil",
    "nix-store",
    "nix-collect-garbage",
    "guix",
    "rustup",
    "ghcup",
    "opam",
    "systemsetup",
    "kickstart",
    "networksetup",
    "xcode-select",
    "port",
    "pip",
    "pip3",
    "pipx",
    "gem",
    "npm",
    "pnpm",
    "yarn",
];

/// [`judge`] of an [`ADMIN_TOOLS`] command, out of line as [`judge_system`] is. Each asks: the
/// change is the machine's, not the project's, and often meant in a container, but it weakens
/// the kernel (`sysctl -w`, `setenforce 0`), throws away the logs of what happened
/// (`journalctl --vacuum-*`; emptied in place: [`log_wipe`]) or takes software away from everything
/// using it. Removing a package dpkg marks essential (`--force-remove-essential`) is refused:
/// it breaks the system's shell or libc.
#[inline(never)]
fn judge_admin(call: &Call, name: &str) -> Option<Hit> {
    let args: Vec<&str> = call.args().iter().map(|w| w.text.as_str()).collect();
    let operands: Vec<&str> = args.iter().copied().filter(|a| !a.starts_with('-')).collect();
    let option = |long: &str, short: char| {
        args.iter().any(|a| crate::shell::is_option(a, long) || short_cluster_has(a, short))
    };
    match name {
        // `sysctl -w KEY=VALUE`, `sysctl KEY=VALUE`, `sysctl -p [FILE]`, `sysctl --system`;
        // `sysctl KEY` and `sysctl -a` only read.
        "sysctl" => {
            let writes = option("--write", 'w')
                || option("--load", 'p')
                || args.contains(&"--system")
                || operands.iter().any(|o| o.contains('='));
            writes.then(|| {
                Hit::ask(
                    "disk.kernel-setting",
                    "This `sysctl` changes a setting of the running kernel for the whole machine. Ask the user whether to.",
                )
            })
        }
        // `setenforce 0|Permissive` turns SELinux enforcement off.
        "setenforce" => operands
            .first()
            .is_some_and(|mode| matches!(mode.to_ascii_lowercase().as_str(), "0" | "permissive"))
            .then(|| {
                Hit::ask(
                    "disk.kernel-setting",
                    "`setenforce 0` turns SELinux enforcement off for the whole machine. Ask the user whether to.",
                )
            }),
        // macOS's own guards: Gatekeeper (`spctl --master-disable`, `--global-disable`,
        // `--disable`), System Integrity Protection (`csrutil disable`, `authenticated-root
        // disable`) and the privacy permissions the user granted (`tccutil reset`).
        "spctl" | "csrutil" | "tccutil" => {
            let off = match name {
                "spctl" => args.iter().any(|a| {
                    matches!(*a, "--master-disable" | "--global-disable" | "--disable" | "--add")
                }),
                "csrutil" => operands.contains(&"disable") || operands.contains(&"clear"),
                _ => operands.first() == Some(&"reset"),
            };
            off.then(|| {
                Hit::ask(
                    "disk.security-off",
                    format!("This `{name}` switches one of macOS's security controls off (Gatekeeper, System Integrity Protection) or resets the privacy permissions the user granted. Ask the user whether to."),
                )
            })
        }
        "journalctl" => args
            .iter()
            .any(|a| a.starts_with("--vacuum-") || *a == "--rotate")
            .then(|| Hit::ask("disk.system-logs", LOGS)),
        "launchctl" if is_shutdown(name, &args) => Some(Hit::new(
            "disk.shutdown",
            "This `launchctl` stops everything launchd runs (the machine restarted, or a whole domain booted out). Ask the user to do it.",
        )),
        "tmutil" | "socketfilterfw" | "xattr" | "defaults" | "launchctl" => judge_macos(name, &args, &operands),
        // `gpg --delete-secret-keys`: a private key deleted, which nothing else keeps a copy of.
        "gpg" | "gpg2" => args
            .iter()
            .any(|a| matches!(*a, "--delete-secret-keys" | "--delete-secret-key" | "--delete-secret-and-public-key" | "--delete-secret-and-public-keys"))
            .then(|| {
                Hit::new(
                    "disk.keychain-delete",
                    "This `gpg` deletes a secret key for good: what it signs or decrypts can no longer be, and nothing keeps a copy. Ask the user to do it.",
                )
            }),
        "fdesetup" | "pfctl" | "nvram" | "profiles" | "security" | "kextload" | "kldload" | "kmutil" => {
            judge_guards(name, &args, &operands)
        }
        "systemsetup" | "kickstart" | "networksetup" => remote_access(name, &args),
        "xcode-select" => {
            let switch = args
                .windows(2)
                .find(|pair| matches!(pair[0], "-s" | "--switch"))
                .map(|pair| pair[1])
                .or_else(|| args.iter().find_map(|a| a.strip_prefix("--switch=")));
            switch.filter(|path| !trusted_developer_dir(path)).map(|_| {
                Hit::ask(
                    "disk.security-off",
                    "This `xcode-select` makes every build on the machine use compilers from outside the installed Xcode. Ask the user whether to.",
                )
            })
        }
        "snap" => sandbox_off(name, &args, &operands).or_else(|| package_removal(name, &args)),
        "flatpak" => sandbox_off(name, &args, &operands).or_else(|| bulk_removal(name, &args, &operands)),
        "nix-env" | "nix" | "conda" | "mamba" | "micromamba" => bulk_removal(name, &args, &operands),
        "nix-store" | "nix-collect-garbage" | "guix" | "rustup" | "ghcup" | "opam" => {
            toolchain_removal(name, &args, &operands)
        }
        // One formula by name is the user's to remove; a list the line computes
        // (`brew uninstall $(brew list)`) may be all of them.
        "brew" if !call.args().iter().any(|w| w.dynamic) => None,
        "port" | "pip" | "pip3" | "pipx" | "gem" | "npm" | "pnpm" | "yarn" => listed_removal(call, name, &args),
        _ => package_removal(name, &args),
    }
}

/// An Android device's storage rewritten over USB or in its shell: `fastboot erase|format
/// PARTITION`, `fastboot -w` (user data wiped), `fastboot flash|flashall|update` (its firmware
/// replaced), `fastboot flashing|oem unlock` (which wipes it too), and a system package
/// removed for its user (`pm uninstall --user 0 com.android.systemui`, run by `adb shell`),
/// which leaves the device without what the package did. `fastboot boot IMG` starts an image
/// once, writing nothing.
///
/// An app's data cleared (`pm clear`, `cmd package clear`) or the app removed with it (`pm
/// uninstall`, `adb uninstall`) is gone from the device as a wiped partition is: it asks.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn android_device(name: &str, args: &[crate::shell::Word]) -> Option<Hit> {
    let mut words = args.iter().map(|w| w.text.as_str());
    let mut operands: Vec<&str> = Vec::new();
    while let Some(word) = words.next() {
        match word {
            // adb's options that take a value (serial, transport, host, port, socket).
            "-s" | "-t" | "-H" | "-P" | "-L" if name == "adb" => {
                words.next();
            }
            _ if word.starts_with('-') => {}
            _ => operands.push(word),
        }
    }
    if name == "cmd" {
        // `cmd package VERB` is `pm VERB`; `cmd` elsewhere (Windows) is not this.
        if operands.first() != Some(&"package") {
            return None;
        }
        operands.remove(0);
    }
    let verb = |i: usize| operands.get(i).copied().unwrap_or_default();
    if name != "fastboot" {
        let system = |package: &&str| {
            package.starts_with("com.android.")
                || package.starts_with("com.google.android.")
                || *package == "android"
        };
        if verb(0) == "uninstall" && args.iter().any(|a| a.text == "--user") && operands.iter().any(system) {
            return Some(Hit::ask(
                "disk.package-remove",
                "This removes one of the device's system packages for its user, which can leave it without its interface or updates. Ask the user whether to.",
            ));
        }
        let app_data = match verb(0) {
            "clear" => name != "adb" && operands.len() > 1,
            "uninstall" => operands.len() > 1,
            _ => false,
        };
        return app_data.then(|| {
            Hit::ask(
                "disk.package-remove",
                "This deletes an app's data on the connected device (`pm clear`), or the app with its data (`uninstall`). Ask the user whether to.",
            )
        });
    }
    let wipes = args.iter().any(|a| a.text == "-w")
        || matches!(verb(0), "erase" | "format" | "wipe-super" | "flash" | "flashall" | "update")
        || matches!(verb(0), "flashing" | "oem") && verb(1).starts_with("unlock");
    wipes.then(|| {
        Hit::ask(
            "disk.partition",
            "This `fastboot` erases or rewrites the connected device's partitions (its data, its firmware). Ask the user whether to.",
        )
    })
}

/// macOS's backups and guards: Time Machine's backups deleted (`tmutil delete PATH`,
/// `tmutil deletelocalsnapshots /`) or switched off (`tmutil disable`), the application
/// firewall off (`socketfilterfw --setglobalstate off`, `defaults write …com.apple.alf
/// globalstate 0`), Gatekeeper's quarantine taken off a file (`xattr -d com.apple.quarantine`)
/// or off every download (`defaults write com.apple.LaunchServices LSQuarantine -bool false`),
/// and Apple's own services stopped for good (`launchctl bootout system/com.apple.syspolicyd`,
/// `launchctl unload /System/Library/LaunchDaemons/…`).
fn judge_macos(name: &str, args: &[&str], operands: &[&str]) -> Option<Hit> {
    const SECURITY: &str = "This switches one of macOS's security controls off (Gatekeeper's quarantine, XProtect, an Apple service). Ask the user whether to.";
    const FIREWALL: &str = "This switches macOS's application firewall off, opening the machine to the network. Ask the user whether to.";
    match name {
        "tmutil" => match operands.first().copied().unwrap_or_default() {
            "delete" | "deletelocalsnapshots" | "thinlocalsnapshots" | "deleteinprogress" => Some(Hit::new(
                "disk.backups",
                "This `tmutil` deletes Time Machine backups or snapshots, the copies the user restores from. Ask the user to do it.",
            )),
            "disable" | "disablelocal" | "removedestination" => Some(Hit::ask(
                "disk.backups",
                "This `tmutil` switches Time Machine's backups off. Ask the user whether to.",
            )),
            _ => None,
        },
        "socketfilterfw" => args
            .windows(2)
            .any(|pair| pair[0] == "--setglobalstate" && matches!(pair[1], "off" | "0"))
            .then(|| Hit::ask("disk.firewall", FIREWALL)),
        "xattr" => (operands.contains(&"com.apple.quarantine")
            && args.iter().any(|a| a.starts_with('-') && !a.starts_with("--") && a.contains('d')))
        .then(|| Hit::ask("disk.security-off", SECURITY)),
        "defaults" => {
            let ["write", domain, key, value @ ..] = operands else { return None };
            let domain = domain.rsplit('/').next().unwrap_or_default().trim_end_matches(".plist");
            let off = |v: &&str| matches!(v.to_ascii_lowercase().as_str(), "false" | "0" | "no");
            match (domain, *key) {
                // Gatekeeper's quarantine, its re-arming, and the automatic security updates.
                (
                    "com.apple.LaunchServices"
                    | "com.apple.security"
                    | "com.apple.SoftwareUpdate"
                    | "com.apple.commerce",
                    "LSQuarantine"
                    | "GKAutoRearm"
                    | "AutomaticCheckEnabled"
                    | "AutomaticDownload"
                    | "CriticalUpdateInstall"
                    | "ConfigDataInstall"
                    | "AutoUpdate",
                ) if value.iter().any(off) => Some(Hit::ask("disk.security-off", SECURITY)),
                ("com.apple.alf", "globalstate") if value.iter().any(off) => {
                    Some(Hit::ask("disk.firewall", FIREWALL))
                }
                _ => None,
            }
        }
        _ => (matches!(operands.first(), Some(&("unload" | "bootout" | "disable" | "remove")))
            && operands[1..].iter().any(|o| o.starts_with("/System/") || o.contains("com.apple.")))
        .then(|| Hit::ask("disk.security-off", SECURITY)),
    }
}

/// macOS's and the BSDs' other guards: FileVault switched off (`fdesetup disable`), the packet
/// filter off or flushed (`pfctl -d`, `pfctl -F all`), firmware boot arguments that switch
/// protections off (`nvram boot-args=…`, `nvram -c`), a configuration profile installed or
/// removed (`profiles install -path=…`: an MDM profile can trust a CA, route traffic or
/// manage the machine), a certificate authority trusted or the authorization rules rewritten
/// (`security add-trusted-cert`, `security authorizationdb write`), and a kernel extension
/// loaded from outside the system's own directories (`kextload /tmp/x.kext`, `kldload
/// ./x.ko`; `kldload zfs` loads the system's).
fn judge_guards(name: &str, args: &[&str], operands: &[&str]) -> Option<Hit> {
    const SECURITY: &str = "This switches off or weakens one of the machine's security controls (disk encryption, boot protections, trusted certificates, managed profiles, the authorization rules). Ask the user whether to.";
    let system_module = |path: &str| {
        ["/System/", "/Library/Extensions/", "/boot/kernel/"].iter().any(|dir| path.starts_with(dir))
    };
    match name {
        "fdesetup" => (operands.first() == Some(&"disable")).then(|| Hit::ask("disk.security-off", SECURITY)),
        "pfctl" => {
            let flush =
                args.windows(2).any(|pair| pair[0] == "-F" && matches!(pair[1], "all" | "rules" | "nat"))
                    || args.iter().any(|a| matches!(*a, "-Fa" | "-Fall" | "-Fr" | "-Frules"));
            (args.contains(&"-d") || flush).then(|| {
                Hit::ask(
                    "disk.firewall",
                    "This `pfctl` switches the packet filter off or flushes its rules, opening the machine to the network. Ask the user whether to.",
                )
            })
        }
        "nvram" => (args.iter().any(|a| matches!(*a, "-c" | "-d" | "-f"))
            || operands.iter().any(|o| o.contains('=')))
        .then(|| Hit::ask("disk.security-off", SECURITY)),
        "profiles" => (matches!(operands.first(), Some(&("install" | "remove")))
            || args.iter().any(|a| matches!(*a, "-I" | "-R" | "-D")))
        .then(|| Hit::ask("disk.security-off", SECURITY)),
        "security" => {
            let verb = operands.first().copied().unwrap_or_default();
            if matches!(
                verb,
                "delete-generic-password"
                    | "delete-internet-password"
                    | "delete-keychain"
                    | "delete-identity"
            ) {
                return Some(Hit::new(
                    "disk.keychain-delete",
                    "This `security` deletes a password, identity or keychain for good: whatever signs in with it stops working and nothing keeps a copy. Ask the user to do it.",
                ));
            }
            let changes = match verb {
                "add-trusted-cert" | "trust-settings-import" => true,
                "authorizationdb" => operands.get(1) == Some(&"write"),
                _ => false,
            };
            changes.then(|| Hit::ask("disk.security-off", SECURITY))
        }
        _ => {
            let modules: Vec<&str> = match name {
                // `kmutil load -p PATH`.
                "kmutil" if operands.first() == Some(&"load") => args
                    .windows(2)
                    .filter(|pair| matches!(pair[0], "-p" | "--bundle-path"))
                    .map(|pair| pair[1])
                    .collect(),
                "kmutil" => Vec::new(),
                // `kldload NAME` loads the system's module of that name; a path or a `.ko` file
                // is someone's own.
                "kldload" => {
                    operands.iter().copied().filter(|o| o.contains('/') || o.ends_with(".ko")).collect()
                }
                // `kextload -b BUNDLE.ID` loads an installed extension by its identifier.
                _ => operands.iter().copied().filter(|o| o.contains('/') || o.ends_with(".kext")).collect(),
            };
            modules.iter().any(|path| !system_module(path)).then(|| {
                Hit::ask(
                    "disk.kernel-module",
                    format!("This `{name}` loads code into the running kernel from outside the system's own modules, where it can do anything to the machine. Ask the user whether to."),
                )
            })
        }
    }
}

/// Whether `path` is an installed Xcode or the command line tools (`/Applications/Xcode*.app`,
/// `/Library/Developer/CommandLineTools`), as `xcode-select --switch` is usually given.
fn trusted_developer_dir(path: &str) -> bool {
    path.starts_with("/Applications/") || path.starts_with("/Library/Developer/")
}

/// macOS's remote access switched on (`systemsetup -setremotelogin on`, Apple Remote
/// Desktop's `kickstart -activate`), and the machine's traffic or name lookups routed through
/// another server (`networksetup -setwebproxy`, `-setdnsservers`, `-setautoproxyurl`): whoever
/// runs it reaches the machine or reads what it sends. Reading the settings (`-getwebproxy`)
/// and switching a proxy off pass.
fn remote_access(name: &str, args: &[&str]) -> Option<Hit> {
    let on =
        |value: Option<&&str>| value.is_some_and(|v| matches!(v.to_ascii_lowercase().as_str(), "on" | "yes"));
    let fires = match name {
        "systemsetup" => args.iter().enumerate().any(|(i, a)| {
            matches!(a.to_ascii_lowercase().as_str(), "-setremotelogin" | "-setremoteappleevents")
                && on(args.get(i + 1))
        }),
        "kickstart" => args.contains(&"-activate"),
        _ => args.iter().enumerate().any(|(i, a)| {
            let option = a.to_ascii_lowercase();
            let redirect = matches!(
                option.as_str(),
                "-setwebproxy"
                    | "-setsecurewebproxy"
                    | "-setsocksfirewallproxy"
                    | "-setautoproxyurl"
                    | "-setdnsservers"
            );
            // `-setdnsservers Wi-Fi empty` goes back to the network's own.
            redirect && args.get(i + 2).is_some_and(|v| !v.eq_ignore_ascii_case("empty"))
        }),
    };
    fires.then(|| {
        Hit::ask(
            "disk.remote-access",
            format!("This `{name}` opens the machine to remote logins or sends its traffic or name lookups through another server. Ask the user whether to."),
        )
    })
}

/// A package's sandbox taken away: `snap install --devmode` (unconfined; an unsigned
/// `--dangerous` file is opaque code, the opaque pack's), `flatpak override --filesystem=host|home|/` (the whole disk, or the user's
/// files, opened to the app). `--classic` is the publisher's own, reviewed confinement.
fn sandbox_off(name: &str, args: &[&str], operands: &[&str]) -> Option<Hit> {
    let off = match name {
        "snap" => {
            matches!(operands.first(), Some(&("install" | "refresh" | "try"))) && args.contains(&"--devmode")
        }
        _ => {
            operands.first() == Some(&"override")
                && args.iter().any(|a| {
                    a.strip_prefix("--filesystem=").is_some_and(|fs| {
                        matches!(
                            fs.trim_end_matches(":rw").trim_end_matches(":ro"),
                            "host" | "home" | "/" | "host-os" | "host-etc"
                        )
                    })
                })
        }
    };
    off.then(|| {
        Hit::ask(
            "disk.security-off",
            format!("This `{name}` runs an app without its sandbox, with the user's files or the whole machine open to it. Ask the user whether to."),
        )
    })
}

/// A whole toolchain or store thrown away, or the generations a profile rolls back to:
/// `rustup self uninstall`, `ghcup nuke`, `opam switch remove default` (the user's own switch)
/// and `nix-store --delete --ignore-liveness` (paths still in use, breaking what runs them)
/// are refused; `nix-collect-garbage -d`, `guix gc --delete-generations` and `guix package
/// --delete-generations` ask (no rollback left). A named opam switch, plain `nix-collect-garbage`
/// and `guix gc`, and deleting only generations older than a period, pass.
fn toolchain_removal(name: &str, args: &[&str], operands: &[&str]) -> Option<Hit> {
    let wipes = match name {
        "rustup" => operands.starts_with(&["self", "uninstall"]),
        "ghcup" => operands.first() == Some(&"nuke"),
        "opam" => {
            operands.starts_with(&["switch", "remove"]) && operands.get(2).is_some_and(|s| *s == "default")
        }
        "nix-store" => args.contains(&"--delete") && args.contains(&"--ignore-liveness"),
        _ => false,
    };
    if wipes {
        return Some(Hit::new(
            "disk.package-remove",
            format!(
                "This `{name}` throws away a whole toolchain or store the user's programs run from. Ask the user to do it."
            ),
        ));
    }
    let generations = match name {
        // `--delete-older-than 30d` keeps the recent ones to roll back to, and passes.
        "nix-collect-garbage" => args.iter().any(|a| matches!(*a, "-d" | "--delete-old")),
        // `--delete-generations` or `-d` with no pattern deletes every old one; `=1m` keeps a month.
        "guix" => {
            matches!(operands.first(), Some(&("gc" | "package" | "pull" | "home" | "system")))
                && args.iter().enumerate().any(|(at, a)| {
                    matches!(*a, "--delete-generations" | "-d")
                        && args.get(at + 1).is_none_or(|next| next.starts_with('-'))
                })
        }
        _ => false,
    };
    generations.then(|| {
        Hit::ask(
            "disk.package-remove",
            format!("This `{name}` deletes a profile's old generations, the states the user rolls back to. Ask the user whether to."),
        )
    })
}

/// Every package of a profile or an environment removed at once (`nix-env -e '.*'`, `nix
/// profile remove --all`, `conda env remove -n NAME`, `conda remove --all`, `flatpak uninstall
/// --all`); one package by name (`nix-env -e hello`) is the user's own profile and passes.
/// Conda's `base` environment is conda itself: removing it is refused.
fn bulk_removal(name: &str, args: &[&str], operands: &[&str]) -> Option<Hit> {
    let every = |o: &&str| matches!(*o, ".*" | "*" | "'.*'");
    let all = args.contains(&"--all");
    let removes = match name {
        "nix-env" => {
            args.iter().any(|a| *a == "--uninstall" || short_cluster_has(a, 'e') && !a.starts_with("--"))
                && operands.iter().any(every)
        }
        "nix" => operands.starts_with(&["profile", "remove"]) && (all || operands.iter().any(every)),
        "flatpak" => matches!(operands.first(), Some(&("uninstall" | "remove"))) && all,
        _ => {
            operands.starts_with(&["env", "remove"])
                || matches!(operands.first(), Some(&("remove" | "uninstall"))) && all
        }
    };
    // `conda env remove -p ./.env`: the project's own environment.
    let project_prefix = args
        .windows(2)
        .any(|pair| matches!(pair[0], "-p" | "--prefix") && !pair[1].starts_with(['/', '~', '$']));
    if !removes || project_prefix {
        return None;
    }
    let conda = !matches!(name, "nix" | "nix-env" | "flatpak");
    let named = args
        .windows(2)
        .filter(|pair| matches!(pair[0], "-n" | "--name"))
        .map(|pair| pair[1])
        .chain(args.iter().filter_map(|a| a.strip_prefix("--name=")))
        .next();
    // The prefix of a conda installation itself (`-p ~/miniconda3`, `-p /opt/conda`), not one
    // of its `envs/`, is its base environment.
    let install_root = args.windows(2).any(|pair| {
        let last = pair[1].trim_end_matches('/').rsplit('/').next().unwrap_or_default();
        matches!(pair[0], "-p" | "--prefix")
            && matches!(
                last,
                "miniconda3" | "anaconda3" | "miniforge3" | "mambaforge" | "micromamba" | "conda"
            )
    });
    let base = named == Some("base") || install_root;
    // `conda env remove -n scratch`: one environment the user made, by name.
    if conda && !base && named.is_some() {
        return None;
    }
    if base && conda {
        return Some(Hit::new(
            "disk.package-remove",
            format!("This `{name}` removes the base environment, conda itself. Ask the user to do it."),
        ));
    }
    Some(Hit::ask(
        "disk.package-remove",
        format!(
            "This `{name}` removes every package of a profile or an environment at once. Ask the user whether to."
        ),
    ))
}

const LOGS: &str = "This throws away the system's logs, the record of what happened on the machine. Ask the user whether to.";

/// The cheap test in front of [`log_wipe`]: a word or redirection of the command names
/// `/var/log`, or the command runs there.
fn names_log_directory(call: &Call) -> bool {
    call.ctx.cwd.starts_with("/var/log")
        || call.command.redirects.iter().any(|r| crate::literal::contains(&r.target.text, "/var/log"))
        || call.args().iter().any(|a| crate::literal::contains(&a.text, "/var/log"))
}

/// `: > /var/log/syslog`, `truncate -s 0 /var/log/auth.log`, `cp /dev/null /var/log/wtmp`,
/// `tee /var/log/x < /dev/null`, `dd of=/var/log/…`: a system log emptied or written over in
/// place, judged as `journalctl --vacuum-*` is (an ask: often meant in a container). Deleting
/// one is the rm pack's (`rm.system-file`). Out of line: off an allowed call's path.
#[inline(never)]
fn log_wipe(call: &Call, targets: &[(std::borrow::Cow<'_, crate::shell::Word>, bool, &str)]) -> Option<Hit> {
    targets
        .iter()
        .any(|(word, _, _)| {
            let root = super::paths::found_root(word);
            let word = root.as_ref().unwrap_or(word);
            super::overwrite::absolute(word, call.ctx).is_some_and(|path| path.starts_with("/var/log"))
        })
        .then(|| Hit::ask("disk.system-logs", LOGS))
}

/// A language's or MacPorts' package manager removing every package a listing names
/// (`pip uninstall -y $(pip freeze)`, `pip freeze | xargs pip uninstall -y`, `npm uninstall -g
/// $(npm ls -g --parseable)`, `port uninstall installed`): what the user's programs run on,
/// taken away at once. Packages named one by one pass, and so do a project's own npm
/// dependencies (`npm install` brings them back).
fn listed_removal(call: &Call, name: &str, args: &[&str]) -> Option<Hit> {
    let verb = args.iter().position(|a| !a.starts_with('-'))?;
    let removes = match name {
        "npm" | "pnpm" => {
            matches!(args[verb], "uninstall" | "remove" | "rm" | "un" | "r" | "unlink")
                && args.iter().any(|a| matches!(*a, "-g" | "--global"))
        }
        "yarn" => args[verb] == "global" && matches!(args.get(verb + 1), Some(&"remove")),
        _ => args[verb] == "uninstall",
    };
    // MacPorts' pseudo-ports for every installed port (`inactive` and `leaves` are clean-ups).
    let every =
        name == "port" && args.iter().any(|a| matches!(*a, "installed" | "active" | "requested" | "all"));
    // A word the line computes from a command's output or from xargs' input.
    let listed = call.args().iter().any(|w| {
        w.dynamic
            && (w.raw.contains("$(") || w.raw.contains('`') || w.text.contains(crate::shell::XARGS_INPUT))
    });
    (removes && (every || listed)).then(|| {
        Hit::ask(
            "disk.package-remove",
            format!("This `{name}` removes every package a listing names at once, which the user's programs may run on. Ask the user whether to."),
        )
    })
}

/// The package managers' options whose value is the next word: apt's `-o`, `-c`, `-t`, dnf's
/// and yum's `--setopt`, `--repo`, `--releasever`.
const PACKAGE_VALUED_OPTIONS: &[&str] = &[
    "-o",
    "-c",
    "-t",
    "--option",
    "--config-file",
    "--target-release",
    "--setopt",
    "--repo",
    "--releasever",
];

/// Package managers removing packages: `apt purge`, `dpkg -r`, `dnf remove`, `pacman -R`, …
fn package_removal(name: &str, args: &[&str]) -> Option<Hit> {
    // The first word that is neither an option nor the value of one (`apt-get -o K=V remove`).
    let mut words = args.iter();
    let verb = loop {
        match words.next() {
            Some(option) if PACKAGE_VALUED_OPTIONS.contains(option) => {
                words.next();
            }
            Some(option) if option.starts_with('-') => {}
            Some(word) => break *word,
            None => break "",
        }
    };
    let removes = match name {
        "apt" | "apt-get" | "aptitude" => matches!(verb, "remove" | "purge" | "autoremove" | "autopurge"),
        "dpkg" => args.iter().any(|a| {
            matches!(*a, "--purge" | "--remove" | "-P" | "-r")
                || a.starts_with('-') && !a.starts_with("--") && (a.contains('P') || a.contains('r'))
        }),
        "yum" | "dnf" | "microdnf" => matches!(verb, "remove" | "erase" | "autoremove" | "rm"),
        "zypper" => matches!(verb, "remove" | "rm"),
        "rpm" => args
            .iter()
            .any(|a| *a == "--erase" || a.starts_with('-') && !a.starts_with("--") && a.contains('e')),
        "pacman" => args.iter().any(|a| *a == "--remove" || a.starts_with("-R")),
        "apk" => verb == "del",
        "snap" => verb == "remove",
        "brew" => matches!(verb, "uninstall" | "remove" | "rm" | "autoremove"),
        // FreeBSD's `pkg delete -a`; the Node packager of the same name has no such verb.
        "pkg" => matches!(verb, "delete" | "remove"),
        _ => false,
    };
    if !removes {
        return None;
    }
    let forces_essential = args.iter().any(|a| {
        a.strip_prefix("--force-").is_some_and(|f| {
            f.split(',').any(|f| matches!(f, "all" | "remove-essential" | "remove-protected"))
        })
    }) || args.contains(&"--allow-remove-essential");
    if forces_essential {
        return Some(Hit::new(
            "disk.package-remove",
            format!(
                "This `{name}` forces the removal of packages the system needs to run (its shell, libc, init). Ask the user to do it."
            ),
        ));
    }
    Some(Hit::ask(
        "disk.package-remove",
        format!(
            "This `{name}` removes installed software from the machine, for every program that uses it. Ask the user whether to."
        ),
    ))
}

/// Services whose stop cuts the machine off the network, and those whose stop locks out a
/// user who reaches it remotely.
const NETWORK_SERVICES: &[&str] = &[
    "NetworkManager",
    "networking",
    "network",
    "systemd-networkd",
    "systemd-resolved",
    "wpa_supplicant",
    "dhcpcd",
];
const REMOTE_LOGIN_SERVICES: &[&str] = &["sshd", "ssh", "openssh-server", "openssh"];
/// Services that watch or confine the machine: stopped, nothing records or blocks an intrusion.
const SECURITY_SERVICES: &[&str] = &[
    "auditd",
    "apparmor",
    "fail2ban",
    "selinux",
    "clamav-daemon",
    "clamav-freshclam",
    "osqueryd",
    "falcon-sensor",
    "wazuh-agent",
    "crowdstrike",
];
const FIREWALL_SERVICES: &[&str] =
    &["firewalld", "ufw", "nftables", "iptables", "ip6tables", "netfilter-persistent"];

/// Commands that cut the machine off or keep it from coming back, out of line as
/// The service managers, whose stops and restarts on another machine ask, and the killers
/// of processes by name.
const REMOTE_SERVICE_TOOLS: &[&str] = &[
    "systemctl",
    "service",
    "rc-service",
    "launchctl",
    "stop-service",
    "restart-service",
    "set-service",
    "sc",
    "sc.exe",
    "pkill",
    "killall",
    "kill",
    "supervisorctl",
    "pm2",
    "passwd",
    "usermod",
];

/// A service stopped, disabled, masked or restarted on another machine (`ssh prod systemctl
/// stop nginx`): on this one it is the user's own development service, on a server it is
/// what others use.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn remote_service(call: &Call, name: &str) -> Option<Hit> {
    // A machine named disposable (`ssh dev-box`) is the user's own to restart.
    if super::runner_disposable(&call.command.via) {
        return None;
    }
    let args: Vec<String> = call.args().iter().map(|w| w.text.to_ascii_lowercase()).collect();
    let operands: Vec<&str> = args.iter().map(String::as_str).filter(|a| !a.starts_with('-')).collect();
    const STOPS: &[&str] =
        &["stop", "kill", "mask", "disable", "restart", "try-restart", "reload-or-restart"];
    let changes = match (name, operands.as_slice()) {
        ("systemctl", [verb, _, ..]) => STOPS.contains(verb),
        ("service" | "rc-service", [_, verb, ..]) => STOPS.contains(verb),
        ("launchctl", [verb, ..]) => {
            matches!(*verb, "stop" | "unload" | "bootout" | "disable" | "remove" | "kill" | "kickstart")
        }
        ("sc" | "sc.exe", [verb, ..]) => matches!(*verb, "stop" | "delete" | "config" | "pause"),
        ("set-service", _) => args.iter().any(|a| matches!(a.as_str(), "stopped" | "disabled")),
        ("stop-service" | "restart-service", _) => true,
        // A service's processes killed by name (`pkill -9 postgres`) stop it as `systemctl stop` does.
        ("pkill" | "killall", [_, ..]) => true,
        // `kill $(pgrep -f gunicorn)`: a signal that ends the process (not a reload's `-HUP`
        // or `-USR1`, nor `-0`'s check).
        ("kill", [_, ..]) => !args.iter().any(|a| {
            matches!(
                a.trim_start_matches('-'),
                "0" | "hup" | "sighup" | "1" | "usr1" | "sigusr1" | "usr2" | "sigusr2" | "l" | "list"
            )
        }),
        // A process manager's programs stopped or deleted (`supervisorctl stop all`, `pm2
        // delete all`).
        ("supervisorctl" | "pm2", [verb, ..]) => {
            matches!(*verb, "stop" | "restart" | "remove" | "shutdown" | "delete" | "kill" | "del")
        }
        _ => false,
    };
    // An account locked or its password deleted on a server (`passwd -l root`, `usermod -L
    // deploy`): whoever logs in with it is shut out.
    let locks = match name {
        "passwd" => {
            args.iter().any(|a| matches!(a.as_str(), "-l" | "--lock" | "-d" | "--delete" | "-e" | "--expire"))
        }
        "usermod" => args.iter().any(|a| matches!(a.as_str(), "-l" | "--lock" | "-e" | "--expiredate")),
        _ => false,
    };
    if locks {
        return Some(Hit::ask(
            "disk.remote-lockout",
            "This locks an account (or its password) on another machine: whoever logs in with it there is shut out. Ask the user whether to.",
        ));
    }
    changes.then(|| {
        Hit::ask(
            "disk.remote-service",
            "This stops, disables or restarts a service on another machine, which whoever uses it there loses. Ask the user whether to.",
        )
    })
}

const FIREWALL_OPEN: &str = "This opens the firewall (a port, a service, a source or an interface let in, a more open zone, an accept rule) or closes the remote login, changing who reaches the machine. Ask the user whether to.";

/// Whether a firewall command lets traffic in that it did not, or shuts SSH out: `ufw allow
/// 5432/tcp`, `ufw default allow incoming`, `iptables -I INPUT -j ACCEPT`, `nft add rule … accept`,
/// `firewall-cmd --add-port=…|--add-service=…|--add-source=…|--add-interface=…`,
/// `--set-default-zone=trusted`, `--remove-service=ssh`. Reading the rules is not.
fn firewall_opens(name: &str, args: &[&str]) -> bool {
    let operands: Vec<&str> = args.iter().copied().filter(|a| !a.starts_with('-')).collect();
    match name {
        // `ufw allow …`, `ufw insert 1 allow …`, `ufw route allow …`, `ufw default allow`.
        "ufw" => {
            matches!(operands.first(), Some(&("allow" | "default" | "insert" | "prepend" | "route")))
                && operands.contains(&"allow")
        }
        // A rule written as one word or many (`nft 'add rule inet filter input tcp dport 22 accept'`).
        "nft" => {
            let words: Vec<&str> = operands.iter().flat_map(|o| o.split_whitespace()).collect();
            matches!(words.first(), Some(&("add" | "insert" | "create")))
                && words.get(1) == Some(&"rule")
                && words.contains(&"accept")
        }
        "iptables" | "ip6tables" => {
            let adds = args.iter().any(|a| matches!(*a, "-A" | "--append" | "-I" | "--insert"));
            let accepts = args.windows(2).any(|p| matches!(p[0], "-j" | "--jump") && p[1] == "ACCEPT");
            adds && accepts && !args.contains(&"OUTPUT")
        }
        _ => args.iter().any(|a| {
            let (option, value) = a.split_once('=').unwrap_or((a, ""));
            match option {
                "--add-port" | "--add-service" | "--add-source" | "--add-interface"
                | "--add-forward-port" | "--add-masquerade" | "--add-protocol" | "--add-source-port"
                | "--add-rich-rule" => !option.ends_with("rich-rule") || value.contains("accept"),
                "--set-default-zone" | "--set-target" => {
                    !matches!(value, "drop" | "block" | "DROP" | "REJECT")
                }
                "--remove-service" | "--remove-port" => {
                    value.is_empty() || value == "ssh" || value.starts_with("22/")
                }
                _ => false,
            }
        }),
    }
}

/// [`judge_system`] is: firewalld's panic mode (every packet dropped), stopping the network or
/// the remote login service, systemd-logind's power-off over D-Bus, deleting a firmware boot
/// entry, and unloading kernel modules (a file system's or a network card's, in use).
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn judge_lockout(call: &Call, name: &str) -> Option<Hit> {
    let args: Vec<&str> = call.args().iter().map(|w| w.text.as_str()).collect();
    let operands: Vec<&str> = args.iter().copied().filter(|a| !a.starts_with('-')).collect();
    match name {
        "firewall-cmd" | "firewall-offline-cmd"
            if args.iter().any(|a| matches!(*a, "--panic-on" | "--set-default-zone=drop")) =>
        {
            Some(Hit::ask(
                "disk.firewall",
                "`firewall-cmd` would drop every packet, cutting the machine (and the agent) off the network. Ask the user whether to.",
            ))
        }
        "firewall-cmd" | "firewall-offline-cmd" => {
            firewall_opens(name, &args).then(|| Hit::ask("disk.firewall", FIREWALL_OPEN))
        }
        "systemctl" | "service" | "rc-service" => {
            // `systemctl stop UNIT…`, `service UNIT stop`: the verb and the units it acts on.
            let (verb, units) = match (name, operands.as_slice()) {
                ("systemctl", [verb, units @ ..]) => (*verb, units),
                (_, [unit, verb, ..]) => (*verb, std::slice::from_ref(unit)),
                _ => return None,
            };
            let stops = matches!(verb, "stop" | "kill" | "mask" | "disable");
            let disables_now = verb != "disable" || args.contains(&"--now");
            let unit = |list: &[&str]| {
                units
                    .iter()
                    .map(|u| u.trim_end_matches(".service").trim_end_matches(".socket"))
                    .any(|u| list.contains(&u))
            };
            // Disabled for the next boot is as much off as stopped now.
            if stops && unit(SECURITY_SERVICES) {
                return Some(Hit::ask(
                    "disk.security-off",
                    "This stops a service that audits or confines the machine (auditd, AppArmor, fail2ban), so that nothing records or blocks what happens next. Ask the user whether to.",
                ));
            }
            if !stops || !disables_now {
                return None;
            }
            if unit(NETWORK_SERVICES) {
                return Some(Hit::ask(
                    "disk.network-down",
                    "This stops the network service, which can cut the machine (and the agent) off. Ask the user whether to.",
                ));
            }
            if unit(FIREWALL_SERVICES) {
                return Some(Hit::ask(
                    "disk.firewall",
                    "This stops the firewall, opening the machine to the network. Ask the user whether to.",
                ));
            }
            unit(REMOTE_LOGIN_SERVICES).then(|| {
                Hit::ask(
                    "disk.remote-lockout",
                    "This stops the SSH server, which locks out whoever reaches the machine remotely. Ask the user whether to.",
                )
            })
        }
        "dbus-send" | "gdbus" | "busctl" => {
            let login = args.iter().any(|a| a.contains("login1"));
            let power = args.iter().any(|a| {
                let method = a.rsplit('.').next().unwrap_or(a);
                matches!(method, "PowerOff" | "Reboot" | "Halt" | "KExec" | "SoftReboot")
            });
            (login && power).then(|| {
                Hit::new(
                    "disk.shutdown",
                    format!("This `{name}` asks systemd-logind to shut down or restart the machine the user is working on. Ask the user to do it."),
                )
            })
        }
        "efibootmgr" => args
            .iter()
            .any(|a| *a == "--delete-bootnum" || short_cluster_has(a, 'B'))
            .then(|| {
                Hit::new(
                    "disk.boot-entry",
                    "`efibootmgr -B` deletes a firmware boot entry, which can leave the machine unable to start. Ask the user to do it.",
                )
            }),
        "rmmod" | "modprobe" | "insmod" => {
            let removes = name == "rmmod" || args.iter().any(|a| *a == "--remove" || short_cluster_has(a, 'r'));
            // `modprobe -n` (dry run), `-c` (print the configuration), `-D` (print the
            // dependencies) load nothing.
            let looks = name == "modprobe"
                && args.iter().any(|a| {
                    matches!(*a, "--dry-run" | "--show" | "--showconfig" | "--show-depends" | "--show-modversions")
                        || ['n', 'c', 'D'].iter().any(|o| short_cluster_has(a, *o))
                });
            if operands.is_empty() || only_asks_for_help(&args) || looks && !removes {
                return None;
            }
            let what = if removes {
                "unloads a kernel module from the running system, which can take away a file system, a disk or the network in use"
            } else {
                "loads code into the running kernel, where it can do anything to the machine"
            };
            Some(Hit::ask(
                "disk.kernel-module",
                format!("This `{name}` {what}. Ask the user whether to."),
            ))
        }
        _ => None,
    }
}

/// The kernel's magic SysRq switch, written by redirection, `tee`, `dd of=` or `cp`.
fn writes_sysrq(call: &Call) -> bool {
    const SYSRQ: &str = "/proc/sysrq-trigger";
    call.command.redirects.iter().any(|r| {
        matches!(r.op, RedirectOp::Write | RedirectOp::Append | RedirectOp::ReadWrite)
            && r.target.text == SYSRQ
    }) || match call.name {
        Some("tee") => call.args().iter().any(|w| w.text == SYSRQ),
        // `dd of=/proc/sysrq-trigger <<< b`, `cp x /proc/sysrq-trigger`.
        Some("dd") => call.args().iter().any(|w| w.text.strip_prefix("of=") == Some(SYSRQ)),
        Some("cp" | "install") => call.args().last().is_some_and(|w| w.text == SYSRQ),
        _ => false,
    }
}

/// A formatter pointed at a disk image file, not a device: nothing outside the file is
/// erased. Its target is the last operand (a block count may follow a device, but then a
/// `/dev/` word is among the arguments).
fn formats_image_file(call: &Call) -> bool {
    let args = call.args();
    let Some(target) = args.iter().rev().find(|w| !w.text.starts_with('-')) else { return false };
    !target.dynamic
        && target.text.contains('.')
        && !args.iter().any(|w| w.dynamic || w.text.starts_with("/dev"))
}

fn is_formatter(name: &str) -> bool {
    name.starts_with("mkfs")
        || name.starts_with("newfs")
        || matches!(name, "mke2fs" | "mkswap" | "mkdosfs" | "mkntfs" | "mkexfatfs" | "wipefs")
}

fn only_asks_for_help(args: &[&str]) -> bool {
    !args.is_empty() && args.iter().all(|a| matches!(*a, "-h" | "--help" | "-V" | "--version" | "-?"))
}

/// A partition editor pointed at a device, not just listing (`fdisk -l`, `sfdisk --dump`,
/// `sgdisk -p`, `parted /dev/sda print`).
/// A BSD disk tool given one of the editing options `edits` and a disk by its BSD name (`sd0`,
/// `ada0`, `wd1`, `nvd0`), which it reads without `/dev/`.
fn bsd_edit(args: &[&str], edits: &[char]) -> bool {
    let disk = |a: &&str| {
        let a = a.strip_prefix("/dev/").unwrap_or(a);
        let letters = a.trim_end_matches(|c: char| c.is_ascii_digit());
        letters.len() < a.len() && !letters.is_empty() && letters.bytes().all(|b| b.is_ascii_lowercase())
    };
    args.iter().any(|a| edits.iter().any(|o| short_cluster_has(a, *o))) && args.iter().any(disk)
}

fn is_partition_editor(name: &str, args: &[&str]) -> bool {
    let lists = |listing: &[&str]| args.iter().any(|a| listing.contains(a));
    let device = args.iter().any(|a| a.starts_with("/dev/"));
    match name {
        "diskpart" => true,
        "diskutil" => args.first().is_some_and(|verb| {
            let verb = verb.to_ascii_lowercase();
            // The APFS, Core Storage and RAID verbs are one word further in
            // (`diskutil apfs deleteVolume disk1s5`).
            let nested = matches!(verb.as_str(), "apfs" | "cs" | "corestorage" | "ar" | "appleraid")
                && args.get(1).is_some_and(|sub| {
                    let sub = sub.to_ascii_lowercase();
                    sub.starts_with("delete") || sub.starts_with("erase") || sub.starts_with("remove")
                });
            nested
                || verb.starts_with("erase")
                || verb.starts_with("partition")
                || verb.ends_with("disk") && verb != "listdisk"
                || matches!(verb.as_str(), "reformat" | "secureerase")
        }),
        "fdisk" | "gdisk" | "cfdisk" | "cgdisk" => {
            device && !lists(&["-l", "--list", "-s", "--getsz"])
                || name == "fdisk" && bsd_edit(args, &['i', 'u', 'e', 'A'])
        }
        // The BSDs' label editors: `disklabel -E sd0`, `-w`, `-R`, `-e`; `disklabel sd0` prints.
        "disklabel" | "bsdlabel" => bsd_edit(args, &['E', 'e', 'w', 'R', 'r', 'B']),
        "sfdisk" => {
            device
                && !lists(&[
                    "-l",
                    "--list",
                    "-d",
                    "--dump",
                    "-s",
                    "--show-size",
                    "-g",
                    "--show-geometry",
                    "-J",
                    "--json",
                    "-F",
                    "--list-free",
                    "-V",
                    "--verify",
                ])
        }
        // sgdisk does what its options say: only printing, verifying and backing up to a file
        // leave the disk alone (`-d 1` deletes a partition).
        "sgdisk" => {
            const READS: &[&str] = &[
                "-p",
                "--print",
                "-i",
                "--info",
                "-v",
                "--verify",
                "-O",
                "--print-mbr",
                "-b",
                "--backup",
                "-L",
                "--list-types",
            ];
            device
                && args
                    .iter()
                    .any(|a| a.starts_with('-') && !READS.iter().any(|r| crate::shell::is_option(a, r)))
        }
        // `parted [-s] DEVICE [COMMAND...]`: `print`, `unit` and `help` change nothing; with no
        // command it is interactive.
        "parted" => {
            let commands: Vec<&&str> =
                args.iter().filter(|a| !a.starts_with('-') && !a.starts_with("/dev/")).collect();
            device
                && !lists(&["-l", "--list"])
                && (commands.is_empty()
                    || !commands.iter().all(|c| {
                        matches!(
                            **c,
                            "print"
                                | "p"
                                | "unit"
                                | "help"
                                | "s"
                                | "B"
                                | "MB"
                                | "GB"
                                | "MiB"
                                | "GiB"
                                | "free"
                                | "list"
                                | "all"
                        )
                    }))
        }
        _ => false,
    }
}

/// cmd.exe `format C:` and the PowerShell disk-erasing cmdlets.
fn is_windows_format(name: &str, args: &[&str]) -> bool {
    let names_a_drive = |a: &&str| {
        let bytes = a.as_bytes();
        (bytes.len() == 2 || bytes.len() == 3 && matches!(bytes[2], b'\\' | b'/'))
            && bytes[0].is_ascii_alphabetic()
            && bytes[1] == b':'
    };
    match name {
        "format" => args.iter().any(names_a_drive),
        "format-volume" | "clear-disk" | "initialize-disk" | "remove-partition" => true,
        _ => false,
    }
}

fn is_shutdown(name: &str, args: &[&str]) -> bool {
    let first_operand = args.iter().find(|a| !a.starts_with('-'));
    match name {
        "shutdown" => !args
            .iter()
            .any(|a| matches!(a.to_ascii_lowercase().as_str(), "-c" | "/a" | "-a" | "--help" | "/?" | "-k")),
        "reboot" | "halt" | "poweroff" => !only_asks_for_help(args),
        // Level 1 (`s`, `S`): single-user mode, which stops every user's programs.
        "init" | "telinit" => {
            first_operand.is_some_and(|level| matches!(*level, "0" | "6" | "1" | "s" | "S"))
        }
        // `isolate TARGET` stops every unit the target does not want; `rescue` and `emergency`
        // leave only a root shell on the console.
        "systemctl" | "loginctl" => first_operand.is_some_and(|verb| {
            matches!(*verb, "poweroff" | "reboot" | "halt" | "kexec" | "soft-reboot")
                || name == "systemctl" && matches!(*verb, "isolate" | "rescue" | "emergency")
        }),
        "stop-computer" | "restart-computer" => true,
        // WSL's virtual machine stopped (every distribution, the agent's own with them) or one
        // distribution stopped: its programs are killed mid-write.
        "wsl" | "wsl.exe" => wsl_action(args)
            .is_some_and(|action| matches!(action.as_str(), "--shutdown" | "--terminate" | "-t")),
        // The older `wslconfig /t DISTRO` (`/terminate`).
        "wslconfig" | "wslconfig.exe" => {
            args.first().is_some_and(|a| matches!(a.to_ascii_lowercase().as_str(), "/t" | "/terminate"))
        }
        // `launchctl reboot` (userspace, halt, logout too) and `launchctl bootout system` (a
        // whole domain, not one service's `system/LABEL`): everything launchd runs is stopped.
        "launchctl" => match first_operand {
            Some(&"reboot") => !only_asks_for_help(args),
            Some(&"bootout") => args
                .iter()
                .filter(|a| !a.starts_with('-'))
                .nth(1)
                .is_some_and(|domain| *domain == "system" || whole_user_domain(domain)),
            _ => false,
        },
        _ => false,
    }
}

/// `wsl`'s own action (`--shutdown`, `--unregister`), lower-cased: its first argument past
/// the distribution and user chosen. Anything after a command (`wsl ls -t`, `wsl -e …`) is
/// that command's.
pub(super) fn wsl_action(args: &[&str]) -> Option<String> {
    let mut args = args.iter().map(|a| a.to_ascii_lowercase());
    loop {
        let arg = args.next()?;
        if matches!(arg.as_str(), "-d" | "--distribution" | "-u" | "--user" | "--cd") {
            args.next();
        } else {
            return arg.starts_with('-').then_some(arg);
        }
    }
}

/// A launchd user domain as a whole (`gui/501`, `user/501`), not one service in it.
fn whole_user_domain(domain: &str) -> bool {
    let domain = domain.trim_end_matches('/');
    domain
        .split_once('/')
        .is_some_and(|(kind, uid)| matches!(kind, "gui" | "user") && uid.bytes().all(|b| b.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::*;
    use crate::shell::{Redirect, RedirectOp};

    #[test]
    fn formatting_and_partitioning() {
        let cases: &[(&[&str], Option<&str>)] = &[
            (&["mkfs", "-t", "ext4", "/dev/sda1"], Some("disk.mkfs")),
            (&["mkfs.ext4", "/dev/sdb"], Some("disk.mkfs")),
            (&["mkswap", "/dev/sda2"], Some("disk.mkfs")),
            (&["wipefs", "-a", "/dev/sda"], Some("disk.mkfs")),
            (&["mkfs.ext4", "--version"], None),
            (&["mkfs.ext4", "-F", "disk.img"], None),
            (&["mkfs.ext4", "/dev/sdb", "1024"], Some("disk.mkfs")),
            (&["blkdiscard", "/dev/nvme0n1"], Some("disk.block-device-write")),
            (&["tee", "/proc/sysrq-trigger"], Some("disk.shutdown")),
            (&["fdisk", "/dev/sda"], Some("disk.partition")),
            (&["parted", "/dev/sda", "mklabel", "gpt"], Some("disk.partition")),
            (&["fdisk", "-l", "/dev/sda"], None),
            (&["parted", "/dev/sda", "print"], None),
            (&["parted", "-s", "/dev/sda", "mklabel", "gpt"], Some("disk.partition")),
            (&["parted", "-s", "/dev/sda", "unit", "MiB", "print", "free"], None),
            (&["parted", "-l"], None),
            (&["sgdisk", "-d", "1", "/dev/sda"], Some("disk.partition")),
            (&["sgdisk", "-n", "1:0:0", "/dev/sda"], Some("disk.partition")),
            (&["sgdisk", "-p", "/dev/sda"], None),
            (&["sgdisk", "--backup=table.bin", "/dev/sda"], None),
            (&["sfdisk", "--delete", "/dev/sda", "1"], Some("disk.partition")),
            (&["sfdisk", "-d", "/dev/sda"], None),
            (&["wipefs", "--all", "/dev/nvme0n1"], Some("disk.mkfs")),
            (&["wipefs", "-af", "/dev/sdb1"], Some("disk.mkfs")),
            (&["wipefs", "/dev/sda"], None),
            (&["wipefs", "-n", "-a", "/dev/sda"], None),
            (&["fdisk", "-l"], None),
            (&["diskpart"], Some("disk.partition")),
            (&["diskutil", "eraseDisk", "APFS", "X", "disk2"], Some("disk.partition")),
            (&["diskutil", "list"], None),
            (&["format", "C:"], Some("disk.format")),
            (&["Format-Volume", "-DriveLetter", "D"], Some("disk.format")),
            (&["shred", "-n", "1", "/dev/sda"], Some("disk.block-device-write")),
            (&["tee", "/dev/sda"], Some("disk.block-device-write")),
            (&["cp", "image.iso", "/dev/sdb"], Some("disk.block-device-write")),
            (&["cp", "/dev/sdb", "image.iso"], None),
        ];
        for (argv, expected) in cases {
            assert_eq!(rule(argv), *expected, "{argv:?}");
        }
    }

    #[test]
    fn shutdown_in_every_spelling() {
        let cases: &[(&[&str], Option<&str>)] = &[
            (&["shutdown", "-h", "now"], Some("disk.shutdown")),
            (&["shutdown", "/s", "/t", "0"], Some("disk.shutdown")),
            (&["reboot"], Some("disk.shutdown")),
            (&["halt"], Some("disk.shutdown")),
            (&["poweroff"], Some("disk.shutdown")),
            (&["init", "0"], Some("disk.shutdown")),
            (&["init", "6"], Some("disk.shutdown")),
            (&["systemctl", "reboot"], Some("disk.shutdown")),
            (&["systemctl", "--no-wall", "poweroff"], Some("disk.shutdown")),
            (&["Stop-Computer", "-Force"], Some("disk.shutdown")),
            (&["Restart-Computer"], Some("disk.shutdown")),
            (&["shutdown", "-c"], None),
            (&["systemctl", "restart", "nginx"], None),
            (&["reboot", "--help"], None),
            (&["init", "3"], None),
        ];
        for (argv, expected) in cases {
            assert_eq!(rule(argv), *expected, "{argv:?}");
        }
    }

    #[test]
    fn redirections_to_block_devices_on_any_command() {
        let mut analysis = sequence(&[&["echo", "x"], &["$UNKNOWN"]]);
        let redirect = |target: &str| Redirect { fd: None, op: RedirectOp::Write, target: word(target) };
        analysis.commands[1].redirects.push(redirect("/dev/sda"));
        assert_eq!(rule_of(&analysis), Some("disk.block-device-write"));
        analysis.commands[1].redirects[0] = redirect("/dev/null");
        assert_eq!(rule_of(&analysis), None);
    }
}
