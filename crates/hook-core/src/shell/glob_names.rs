//! The programs a command name that is a glob may run (`/bin/r[m] -rf ~`, `/???/?m`): the
//! shell expands it against the files, which the analysis does not read, so each program the
//! packs judge that the glob matches is judged in its place (the name itself still asks).

use super::pattern_matches;

/// The directories programs are in, which a glob's directory part is matched against.
const BIN_DIRECTORIES: &[&str] =
    &["/bin", "/usr/bin", "/sbin", "/usr/sbin", "/usr/local/bin", "/usr/local/sbin"];

/// Programs whose call a pack may deny or ask: deleters and disk tools, shells and
/// interpreters, downloaders and network clients, readers of secrets, the production tools.
const PROGRAMS: &[&str] = &[
    "rm",
    "rmdir",
    "unlink",
    "shred",
    "srm",
    "dd",
    "mkfs",
    "mke2fs",
    "mkfs.ext4",
    "wipefs",
    "fdisk",
    "sfdisk",
    "parted",
    "truncate",
    "mv",
    "cp",
    "ln",
    "install",
    "chmod",
    "chown",
    "chattr",
    "find",
    "xargs",
    "sh",
    "bash",
    "zsh",
    "dash",
    "ksh",
    "fish",
    "env",
    "sudo",
    "su",
    "doas",
    "nohup",
    "python",
    "python3",
    "perl",
    "ruby",
    "node",
    "php",
    "lua",
    "curl",
    "wget",
    "nc",
    "ncat",
    "netcat",
    "socat",
    "telnet",
    "ssh",
    "scp",
    "sftp",
    "rsync",
    "git",
    "gh",
    "kubectl",
    "helm",
    "docker",
    "podman",
    "terraform",
    "aws",
    "gcloud",
    "az",
    "kill",
    "pkill",
    "killall",
    "shutdown",
    "reboot",
    "halt",
    "poweroff",
    "systemctl",
    "crontab",
    "at",
    "cat",
    "tac",
    "head",
    "tail",
    "less",
    "more",
    "base64",
    "xxd",
    "od",
    "strings",
    "tee",
    "printenv",
    "gpg",
    "openssl",
    "psql",
    "mysql",
    "mongosh",
    "redis-cli",
    "sqlite3",
    "npm",
    "pip",
    "pip3",
    "tar",
    "zip",
    "unzip",
    "sed",
    "awk",
    "gawk",
    "vi",
    "vim",
    "nano",
    "iptables",
    "userdel",
    "passwd",
    "chpasswd",
    "mount",
    "umount",
    "security",
];

/// The programs of [`PROGRAMS`] the command name `name`, a glob, may name: by its last part,
/// where its directory part (if any) may be a directory of programs.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
pub(super) fn programs(name: &str) -> Vec<&'static str> {
    let (directory, last) = name.rsplit_once('/').map_or((None, name), |(dir, last)| (Some(dir), last));
    if directory.is_some_and(|directory| !BIN_DIRECTORIES.iter().any(|bin| directory_matches(directory, bin)))
    {
        return Vec::new();
    }
    PROGRAMS.iter().copied().filter(|program| pattern_matches(last, program)).collect()
}

/// Whether the glob `pattern` matches `directory`, part by part.
fn directory_matches(pattern: &str, directory: &str) -> bool {
    let (mut patterns, mut parts) = (pattern.split('/'), directory.split('/'));
    loop {
        match (patterns.next(), parts.next()) {
            (None, None) => return true,
            (Some(pattern), Some(part)) if pattern_matches(pattern, part) => {}
            _ => return false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_name_the_programs_they_match() {
        assert_eq!(programs("/bin/r[m]"), ["rm"]);
        assert_eq!(programs("/???/?m"), ["rm"]);
        assert!(programs("/usr/bin/c?rl").contains(&"curl"));
        assert_eq!(programs("r[!a]"), ["rm"]);
        assert!(programs("./scripts/build-[a]ll.sh").is_empty());
        assert!(programs("/bin/l[s]").is_empty());
    }
}
