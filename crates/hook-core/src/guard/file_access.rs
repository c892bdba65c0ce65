//! Which files one analysed simple command reads or writes, for the `[files]` rules.
//!
//! Known from the line alone: redirections (`< f`, `> f`, `>> f`) and the file arguments of
//! the common commands that show a file's content (`cat`, `head`, `grep`, `source`, ...),
//! open it in an editor, run it as a script (`python3 f`), pack it (`tar c`, `zip`), give
//! it another name (`ln`), hand it to a container (`docker run --env-file f`) or show it from
//! git (`git show HEAD:f`), or change it (`cp` to, `mv`, `tee`, `sed -i`, `rm`, ...), with
//! their PowerShell and cmd.exe counterparts (`Get-Content`, `type`, `Set-Content`,
//! `Copy-Item`, ...). Commands not listed read or write nothing as far as this module knows.

use std::borrow::Cow;

use crate::shell::{
    RedirectOp, SimpleCommand, Stdin, Word, git_config_setting, git_path_outside, git_setting_command,
    git_subcommand, starts_unit,
};

use super::files::Access;
use super::{command_name, script_file};
use crate::name_filter::NameFilter;

/// Commands whose operands are all files they print or execute. Sorted, as are the other
/// name lists here: they are binary-searched on every command.
const READERS: &[&str] = &[
    ".",
    "base32",
    "base64",
    "basenc",
    "bat",
    "batcat",
    "brotli",
    "bunzip2",
    "bzcat",
    "bzip2",
    "cat",
    "cmp",
    "colordiff",
    "column",
    "comm",
    "cut",
    "diff",
    "diff3",
    "expand",
    "fmt",
    "fold",
    "gc",
    "get-content",
    "gunzip",
    "gzip",
    "hd",
    "head",
    "hexdump",
    "iconv",
    "join",
    "less",
    "lz4",
    "lzip",
    "lzma",
    "more",
    "nl",
    "od",
    "paste",
    "pbzip2",
    "pigz",
    "pr",
    "pv",
    "pygmentize",
    "rev",
    "sdiff",
    "shuf",
    "sort",
    "source",
    "split",
    "sqlite3",
    "strings",
    "tac",
    "tail",
    "type",
    "unexpand",
    "uniq",
    "unlzma",
    "unpigz",
    "unxz",
    "unzstd",
    "uuencode",
    "view",
    "vimdiff",
    "xmllint",
    "xxd",
    "xz",
    "xzcat",
    "zcat",
    "zless",
    "zmore",
    "zstd",
];

/// Editors: they show a file and may save it.
const EDITORS: &[&str] =
    &["dos2unix", "ed", "emacs", "ex", "micro", "nano", "notepad", "nvim", "unix2dos", "vi", "vim"];

/// Commands whose first operand is a pattern or program, and the rest files they print.
const PATTERN_READERS: &[&str] =
    &["ack", "ag", "awk", "egrep", "fgrep", "gawk", "gojq", "grep", "jaq", "jq", "look", "rg", "yq"];

/// Programs whose operands are names, text, numbers, jobs, units or subcommands, never contents
/// they show (those of them that write a place have their own arms above), and ssh's family,
/// which uses the key it is given without showing it: the file rules leave their operands
/// alone. Sorted, for a binary search on every command.
const NAME_ONLY: &[&str] = &[
    ":",
    "[",
    "[[",
    "alias",
    "apt",
    "apt-get",
    "at",
    "atq",
    "atrm",
    "autossh",
    "b2sum",
    "basename",
    "batch",
    "bg",
    "brew",
    "builtin",
    "bun",
    "cargo",
    "cd",
    "cksum",
    // Editors and openers with a window of their own: what they open is shown to the user,
    // not in the terminal the agent reads.
    "code",
    "code-insiders",
    "codium",
    "command",
    "crontab",
    "cursor",
    "date",
    "declare",
    "df",
    "dirname",
    "disown",
    "dnf",
    "dotenv-linter",
    "dotnet",
    "du",
    "echo",
    "exa",
    "exit",
    "export",
    "expr",
    "eza",
    "false",
    "fd",
    "fdfind",
    "fg",
    "file",
    "find",
    "free",
    "fuser",
    "getfacl",
    "getfattr",
    "go",
    "gradle",
    "hash",
    "helm",
    "history",
    "hostname",
    "id",
    "inotifywait",
    "jobs",
    "join-path",
    "journalctl",
    "kill",
    "killall",
    "launchctl",
    "let",
    "local",
    "locate",
    "loginctl",
    "ls",
    "lsattr",
    "lsd",
    "lsof",
    "mate",
    "md5sum",
    "mkdir",
    "mkfifo",
    "mknod",
    "mktemp",
    "mlocate",
    "mosh",
    "mvn",
    "namei",
    "npm",
    "nproc",
    "open",
    "pacman",
    "pdm",
    "pip",
    "pip3",
    "pkill",
    "plocate",
    "pnpm",
    "poetry",
    "popd",
    "printf",
    "ps",
    "pushd",
    "read",
    "readlink",
    "readonly",
    "realpath",
    "resolve-path",
    "return",
    "rmdir",
    "rustup",
    "seq",
    "service",
    "set",
    "sftp",
    "sha1sum",
    "sha224sum",
    "sha256sum",
    "sha384sum",
    "sha512sum",
    "shasum",
    "shift",
    "sleep",
    "split-path",
    "ssh",
    "ssh-add",
    "ssh-keygen",
    "stat",
    "subl",
    "sum",
    "swift",
    "systemctl",
    "systemd-run",
    "test",
    // PowerShell's `Test-Path`: a name's existence, no content (as `Join-Path`, `Resolve-Path`
    // and `Split-Path` work on names alone).
    "test-path",
    "tree",
    "true",
    "type",
    "typeset",
    "ulimit",
    "umask",
    "unalias",
    "uname",
    "unset",
    "uptime",
    "uv",
    "wait",
    "wc",
    "whereis",
    "which",
    "whoami",
    "windsurf",
    "xdg-open",
    "yarn",
    "yum",
    "zed",
];

/// The programs of [`NAME_ONLY`] that `words_accessed` still looks at, for the places they
/// write or the forms that read (a test keeps this list whole).
const NAMED_WITH_ARMS: &[&str] = &[
    "at",
    "batch",
    "brew",
    "crontab",
    "find",
    "go",
    "launchctl",
    "loginctl",
    "npm",
    "pip",
    "pip3",
    "pnpm",
    "poetry",
    "set",
    "ssh-keygen",
    "systemctl",
    "systemd-run",
    "type",
    "unset",
    "yarn",
];

/// Programs that mount a file system over a directory or file: what was there is replaced
/// for every program, the agent's hooks too, so the mount point is written. Sorted.
const MOUNTERS: &[&str] = &[
    "archivemount",
    "bindfs",
    "encfs",
    "fuse-overlayfs",
    "gocryptfs",
    "guestmount",
    "mount",
    "rclone",
    "s3fs",
    "squashfuse",
    "sshfs",
    "systemd-mount",
    "unionfs",
    "unionfs-fuse",
];

/// Whether the command `name` with `args` mounts a file system: one of the [`MOUNTERS`]
/// (rclone only as `rclone mount`), not a remount or a change of propagation
/// (`mount -o remount,rw /`, `mount --make-private /`), which leave the files in place.
pub(crate) fn mounts(name: &str, args: &[Word]) -> bool {
    listed(MOUNTERS, &MOUNTER_NAMES, name) && mounts_listed(name, args)
}

/// [`mounts`] of one of the [`MOUNTERS`].
fn mounts_listed(name: &str, args: &[Word]) -> bool {
    let remounts = args.iter().enumerate().any(|(at, arg)| {
        let options = match arg.text.as_str() {
            "-o" | "--options" => args.get(at + 1).map_or("", |value| value.text.as_str()),
            text => text.strip_prefix("--options=").or_else(|| text.strip_prefix("-o")).unwrap_or(""),
        };
        arg.text.starts_with("--make-") || options.split(',').any(|option| option == "remount")
    });
    let operand = args.iter().find(|arg| !arg.text.starts_with('-')).map(|arg| arg.text.as_str());
    !remounts && (name != "rclone" || matches!(operand, Some("mount" | "nfsmount")))
}

/// The options of [`MOUNTERS`] whose value is the next word (mount's, bindfs's, sshfs's,
/// guestmount's); a mount point given by option is `--target`'s.
const MOUNT_OPTIONS_WITH_VALUE: &[&str] = &[
    "-F",
    "-L",
    "-M",
    "-N",
    "-O",
    "-T",
    "-U",
    "-g",
    "-m",
    "-o",
    "-p",
    "-t",
    "-u",
    "--config",
    "--fstab",
    "--label",
    "--namespace",
    "--options",
    "--source",
    "--target",
    "--test-opts",
    "--types",
    "--uuid",
];

/// Network clients, whose `@file` (and `-T file`) arguments are files they send.
const UPLOADERS: &[&str] = &["curl", "wget", "http", "https", "xh", "xhs", "httpie"];

/// Commands whose operands are all files they change, create or delete.
const WRITERS: &[&str] =
    &["del", "erase", "remove-item", "ri", "rm", "shred", "sponge", "tee", "touch", "truncate", "unlink"];

/// The filters of the sorted name tables `words_accessed` looks a name up in, which most
/// names are in none of (ARCHITECTURE.md, "Start-up").
const NAME_ONLY_NAMES: NameFilter = NameFilter::of(NAME_ONLY);
const READER_NAMES: NameFilter = NameFilter::of(READERS);
const PATTERN_READER_NAMES: NameFilter = NameFilter::of(PATTERN_READERS);
const WRITER_NAMES: NameFilter = NameFilter::of(WRITERS);
const EDITOR_NAMES: NameFilter = NameFilter::of(EDITORS);
const MOUNTER_NAMES: NameFilter = NameFilter::of(MOUNTERS);

/// What a [`MOUNTERS`] command writes and reads: the mount point (the last operand, or
/// `--target`'s value) is replaced; the directories or images it shows there are read
/// (`mount --bind ~/.ssh keys` shows the keys under another name). `mount` alone lists the
/// mounts, and `mount -a` mounts what `/etc/fstab` names: no word names a file.
fn mounted<'w>(name: &str, args: &'w [Word], operands: &[&'w Word]) -> Vec<(Access, &'w Word)> {
    let mut found = Vec::new();
    let target = args.iter().enumerate().find_map(|(at, arg)| match arg.text.as_str() {
        "--target" => args.get(at + 1),
        text if text.starts_with("--target=") => Some(arg),
        _ => None,
    });
    let operands = match name {
        "rclone" => operands.get(1..).unwrap_or_default(),
        // `systemd-mount /dev/sdb1` picks its own mount point under `/run/media`.
        "systemd-mount" | "sshfs" | "bindfs" | "encfs" | "gocryptfs" | "archivemount" | "squashfuse"
            if operands.len() < 2 =>
        {
            return found;
        }
        _ => operands,
    };
    let (point, sources) = match target {
        Some(target) => (Some(target), operands),
        None => match operands.split_last() {
            Some((point, sources)) => (Some(*point), sources),
            None => (None, operands),
        },
    };
    // A remote (`host:dir`) or a file system type standing as the source (`none`, `tmpfs`).
    let local = |word: &Word| word.text.contains('/') || word.text.starts_with(['.', '~']);
    found.extend(sources.iter().filter(|word| local(word)).map(|word| (Access::Read, *word)));
    found.extend(point.map(|point| (Access::Write, point)));
    found
}

/// Whether `name` is in the sorted `table`, whose filter is `filter`.
fn listed(table: &[&str], filter: &NameFilter, name: &str) -> bool {
    filter.may_hold(name) && table.binary_search(&name).is_ok()
}

/// PowerShell commands whose first operand is the file they write (the rest is content, or
/// none: `Clear-Content` empties it).
const FIRST_OPERAND_WRITERS: &[&str] =
    &["set-content", "add-content", "out-file", "sc", "ac", "clear-content", "clc"];

/// Every file `command` reads or writes: how, the word that names it, and its path (the
/// word without `dd`'s `if=`/`of=`, `--env-file=`, or the revision of git's `REV:path`).
pub(crate) fn accesses(command: &SimpleCommand) -> Vec<(Access, &Word, &str)> {
    let name = command_name(command).map(|name| match name.bytes().any(|b| b.is_ascii_uppercase()) {
        true => Cow::Owned(name.to_ascii_lowercase()),
        false => Cow::Borrowed(name),
    });
    let committed = name.as_deref() == Some("git");
    let container = matches!(name.as_deref(), Some("docker" | "podman" | "kubectl" | "oc"));
    let name = name.as_deref();
    // Whether it is one of the [`MOUNTERS`], looked up once for the command.
    let mounter = name.is_some_and(|name| listed(MOUNTERS, &MOUNTER_NAMES, name));
    let attached = name.map_or(&[][..], |name| attached_value_options(name, mounter));
    // `rm -- -oops` removes `./-oops`: past `--` no word is an option.
    let options = command.args().split(|arg| arg.text == "--").next().unwrap_or_default();
    // One `extend` per source rather than a chain of them: a chain's `collect` asks each link
    // for its size in turn, which costs more than the search on most commands.
    let mut found: Vec<(Access, &Word, &str)> = words_accessed(command, name, mounter)
        .into_iter()
        .map(|(access, word)| {
            // A place the command writes that none of its words names.
            if let Some(at) = PLACES.iter().position(|place| std::ptr::eq(word, place)) {
                return (access, word, PLACE_PATHS[at]);
            }
            let text = [
                "if=",
                "of=",
                "--env-file=",
                "--post-file=",
                "--body-file=",
                "--body=",
                "--file=",
                "--source=",
                "--output=",
                "--output-document=",
                "file://",
                "--directory=",
                "--target-directory=",
            ]
            .iter()
            .find_map(|key| word.text.strip_prefix(key))
            .or_else(|| {
                let option = !attached.is_empty() && options.iter().any(|arg| std::ptr::eq(arg, word));
                option.then(|| attached.iter().find_map(|key| word.text.strip_prefix(key))).flatten()
            });
            let text = text
                .or_else(|| uploaded_path(&word.text))
                .or_else(|| windows_switch_value(&word.text))
                .unwrap_or(&word.text);
            let path = if committed {
                committed_path(text).unwrap_or(text)
            } else if container {
                container_path(text).unwrap_or(text)
            } else {
                text
            };
            (access, word, path)
        })
        .collect();
    found.extend(sed_writes(command, name).into_iter().map(|(word, path)| (Access::Write, word, path)));
    found.extend(stdin_reads(command, name).into_iter().map(|(word, path)| (Access::Read, word, path)));
    found.extend(sql_reads(command, name));
    found.extend(
        transfer_option_reads(command, name).into_iter().map(|(word, path)| (Access::Read, word, path)),
    );
    found.extend(decompressed(command, name).into_iter().map(|(word, path)| (Access::Write, word, path)));
    found.extend(option_reads(command, name));
    if name.is_some_and(object_store) {
        found.retain(|(_, _, path)| is_local(path));
    }
    found
}

/// Whether `name` is an object store's client, whose `s3://b/k`, `gs://b/k` or `remote:k`
/// operands name remote objects, not files of this machine (the cloud pack judges those).
fn object_store(name: &str) -> bool {
    matches!(
        name,
        "aws" | "gsutil" | "gcloud" | "az" | "azcopy" | "s3cmd" | "s5cmd" | "mc" | "mcli" | "rclone" | "b2"
    )
}

/// The Windows path given to a Windows switch (`/file:%APPDATA%\x`, `/out:C:\k.txt`,
/// `/in:$env:USERPROFILE\y`): the switch is one word of letters, the value a path Windows
/// spells from a variable or a drive.
fn windows_switch_value(text: &str) -> Option<&str> {
    let rest = text.strip_prefix('/')?;
    let colon = rest.find(':')?;
    if colon == 0 || !rest[..colon].bytes().all(|b| b.is_ascii_alphabetic()) {
        return None;
    }
    let value = &rest[colon + 1..];
    let bytes = value.as_bytes();
    let drive = bytes.len() > 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':' && bytes[2] == b'\\';
    (drive || value.starts_with('%') || value.starts_with("$env:") || value.starts_with("\\\\"))
        .then_some(value)
}

/// The options of program `name` that carry a file's name attached (which [`accesses`] strips
/// from the program's own option words only): go's flags (`go build -o=F`), an output attached
/// to its option (`sort -oF`, `strip -oF`; no other option of theirs starts with `-o`), a
/// mount point (`mount --target=DIR`).
fn attached_value_options(name: &str, mounter: bool) -> &'static [&'static str] {
    match name {
        "go" => &["-o=", "--o="],
        "sort" | "shuf" | "iconv" | "gpg" | "gpg2" | "strip" | "llvm-strip" | "cc" | "gcc" | "g++"
        | "c++" | "clang" | "clang++" | "tcc" | "ld" | "rustc" | "zig" => &["-o", "--prefix="],
        "pip" | "pip3" => &["--target="],
        "cabal" => &["--installdir="],
        _ if mounter => &["--target="],
        _ => &[],
    }
}

/// Options whose value is a file whose content the program sends or shows, whatever the
/// program: a body, notes or message from a file, an attachment, a request's data.
const CONTENT_OPTIONS: &[&str] = &[
    "--body-file",
    "--notes-file",
    "--message-file",
    "--description-file",
    "--content-file",
    "--data-file",
    "--input-file",
    "--upload-file",
    "--attach",
    "--attachment",
    // `kubectl create secret|configmap --from-file=[KEY=]F`, `--from-env-file=F` (and `oc`,
    // `kustomize edit add secret`): the file's content goes into the cluster.
    "--from-file",
    "--from-env-file",
];

/// Files a program reads through an option or an address of its own syntax: the
/// [`CONTENT_OPTIONS`], `gh`'s `-F FILE`, `secret set --env-file FILE` and `api --input`, mail clients' attachments
/// (`mail -A F`, `mutt -a F`), `wget -i F`, `curl -K F`, the AWS CLI's `file://F` and
/// `fileb://F` values, `socat`'s file addresses (`FILE:.env`, `OPEN:`, `GOPEN:`, a path
/// with a `/`; `CREATE:` is written) and `git send-email`'s files.
fn option_reads<'c>(command: &'c SimpleCommand, name: Option<&str>) -> Vec<(Access, &'c Word, &'c str)> {
    let args = command.args();
    // A value `KEY=F` names the file F under the key KEY (`--from-file=id=~/.ssh/id_rsa`).
    let keyed = |path: &'c str| match path.split_once('=') {
        Some((key, file)) if !key.contains('/') && !file.is_empty() => file,
        _ => path,
    };
    let mut found: Vec<(Access, &Word, &str)> = option_values(args, CONTENT_OPTIONS)
        .into_iter()
        .map(|(word, path)| (Access::Read, word, keyed(path)))
        .collect();
    let Some(name) = name else { return found };
    let short: &[&str] = match name {
        "gh" if args.first().is_some_and(|a| a.text == "api") => &["--input"],
        // `gh secret set --env-file .env`: every line of the file becomes a repository secret.
        "gh" | "glab" => &["-F", "--env-file"],
        "mail" | "mailx" | "s-nail" | "bsd-mailx" | "nail" => &["-A", "-a"],
        "mutt" | "neomutt" => &["-a", "-i", "-H"],
        "wget" => &["-i"],
        "curl" => &["-K", "--config"],
        // `aws ec2 get-password-data --priv-launch-key KEY`: the private key is read.
        "aws" => &["--body", "--priv-launch-key"],
        // `oci os object put --file F` uploads F.
        "oci" => &["--file"],
        // `az storage blob upload --file F`, `az storage file upload --source F`: F is sent
        // to a storage account, which may be anyone's.
        "az" if args.first().is_some_and(|a| a.text == "storage")
            && args.iter().any(|a| matches!(a.text.as_str(), "upload" | "upload-batch")) =>
        {
            &["--file", "-f", "--source"]
        }
        // `git commit -F F`, `git tag -a -F F`, `git notes add -F F`, `git merge -F F`, a
        // commit's `--template F`: the file's content becomes a message in history, which a
        // push sends and `git log` prints.
        "git"
            if operands(args)
                .first()
                .is_some_and(|w| matches!(w.text.as_str(), "commit" | "tag" | "notes" | "merge")) =>
        {
            &["-F", "--file", "-t", "--template"]
        }
        _ => &[],
    };
    found.extend(option_values(args, short).into_iter().map(|(word, path)| (Access::Read, word, path)));
    match name {
        "aws" => found.extend(args.iter().filter_map(|arg| {
            let at = arg.text.find("file://")?;
            let scheme = if arg.text[..at].ends_with('b') { at - 1 } else { at };
            let path = &arg.text[at + "file://".len()..];
            (scheme == 0 || arg.text[..scheme].ends_with(['=', ','])).then_some((Access::Read, arg, path))
        })),
        "socat" => {
            for arg in args.iter().filter(|arg| !arg.text.starts_with('-') || arg.text.len() == 1) {
                let text = arg.text.as_str();
                let (kind, rest) = text.split_once(':').unwrap_or(("GOPEN", text));
                if !text.contains(':') && !text.contains('/') {
                    continue;
                }
                let path = rest.split(',').next().unwrap_or_default();
                match kind.to_ascii_uppercase().as_str() {
                    "FILE" | "OPEN" | "GOPEN" => {
                        found.push((Access::Read, arg, path));
                        found.push((Access::Write, arg, path));
                    }
                    "CREATE" | "CREAT" => found.push((Access::Write, arg, path)),
                    _ => {}
                }
            }
        }
        // `docker build --secret id=k,src=~/.ssh/id_rsa`: the build's `RUN --mount=type=secret`
        // lines read the file; `--ssh default=KEY[,KEY]` hands the build those keys (a bare
        // `--ssh default` forwards the agent, whose keys it cannot read; `env=VAR` is no file).
        "docker" | "podman" | "nerdctl" | "buildah" | "buildctl" => {
            for (word, value) in option_values(args, &["--secret"]) {
                let files = value
                    .split(',')
                    .filter_map(|f| f.strip_prefix("src=").or_else(|| f.strip_prefix("source=")));
                found.extend(files.map(|f| (Access::Read, word, f)));
            }
            for (word, value) in option_values(args, &["--ssh"]) {
                let files = value.split_once('=').map_or("", |(_, files)| files);
                found.extend(files.split(',').filter(|f| !f.is_empty()).map(|f| (Access::Read, word, f)));
            }
        }
        // `tar -czf F`, `tar --file=F -c`: the archive written ([`tar_archive`]).
        "tar" | "gtar" | "bsdtar" => {
            found.extend(tar_archive(args).map(|(word, path)| (Access::Write, word, path)));
        }
        // `cpio -o -F F` (`-O F`, `--file=F`): the archive written.
        "cpio" if args.iter().any(|a| a.text == "--create") || has_short_flag(command, &['o']) => {
            found.extend(
                option_values(args, &["-F", "-O", "--file"])
                    .into_iter()
                    .map(|(word, path)| (Access::Write, word, path)),
            );
        }
        // `openssl rsa -in key.pem`, `openssl pkey -in=F`, `openssl req -key F`: the files it
        // reads, written with one dash or two and with the value after `=` or in the next word.
        "openssl" => {
            for (at, arg) in args.iter().enumerate() {
                let Some(option) = arg.text.strip_prefix("--").or_else(|| arg.text.strip_prefix('-')) else {
                    continue;
                };
                let (option, inline) = match option.split_once('=') {
                    Some((option, value)) => (option, Some(value)),
                    None => (option, None),
                };
                if !matches!(
                    option,
                    "in" | "inkey" | "infiles" | "key" | "signkey" | "CAkey" | "kfile" | "passin"
                ) {
                    continue;
                }
                let value = match inline {
                    Some(value) => Some((arg, value)),
                    None => args.get(at + 1).map(|value| (value, value.text.as_str())),
                };
                // `-passin file:F` reads F; `pass:…` and `env:…` name no file.
                let value = value.and_then(|(word, value)| match option {
                    "passin" => value.strip_prefix("file:").map(|file| (word, file)),
                    _ => Some((word, value)),
                });
                found.extend(value.map(|(word, path)| (Access::Read, word, path)));
            }
        }
        "git" if operands(args).first().is_some_and(|w| w.text == "send-email") => {
            found.extend(
                operands(args).into_iter().skip(1).map(|word| (Access::Read, word, word.text.as_str())),
            );
        }
        _ => {}
    }
    found
}

/// The values of `options` in `args`, written `--opt V`, `--opt=V` or (for a short option)
/// `-oV`: the word that holds each and the value.
pub(crate) fn option_values<'w>(args: &'w [Word], options: &[&str]) -> Vec<(&'w Word, &'w str)> {
    let mut values = Vec::new();
    // A word that is not an option is skipped in one test: a line of many words pays one
    // comparison per word, not one per word and option.
    let dashed = options.iter().all(|option| option.starts_with('-'));
    for (at, arg) in args.iter().enumerate() {
        let text = arg.text.as_str();
        if dashed && !text.starts_with('-') {
            continue;
        }
        for option in options {
            let Some(rest) = text.strip_prefix(option) else { continue };
            if rest.is_empty() {
                values.extend(args.get(at + 1).map(|value| (value, value.text.as_str())));
            } else if let Some(value) = rest.strip_prefix('=').filter(|_| option.starts_with("--")) {
                values.push((arg, value));
            } else if !option.starts_with("--") {
                values.push((arg, rest));
            }
        }
    }
    values
}

/// Files a database shell's SQL or dot commands read (`sqlite3 :memory: "select
/// readfile('.env')"`, `.import .env t`, duckdb's `read_text('.env')`, MySQL's `LOAD_FILE`,
/// PostgreSQL's `pg_read_file`) or write its output to (`.output F`, `.once F`, `.backup F`,
/// psql's `\o F`, MySQL's `tee F`): the access, the argument and the file name in it.
fn sql_reads<'c>(command: &'c SimpleCommand, name: Option<&str>) -> Vec<(Access, &'c Word, &'c str)> {
    if !matches!(
        name,
        Some(
            "sqlite3"
                | "duckdb"
                | "mysql"
                | "mariadb"
                | "psql"
                | "pgcli"
                | "mycli"
                | "litecli"
                | "usql"
                | "clickhouse"
                | "clickhouse-local"
                | "clickhouse-client"
        )
    ) {
        return Vec::new();
    }
    sql_client_reads(command)
}

/// [`sql_reads`] of an SQL client, out of line (ARCHITECTURE.md, "Start-up").
#[inline(never)]
fn sql_client_reads(command: &SimpleCommand) -> Vec<(Access, &Word, &str)> {
    let mysql = matches!(command.name(), Some("mysql" | "mariadb" | "mycli"));
    const CALLS: &[&str] = &[
        "readfile(",
        "read_text(",
        "read_blob(",
        "read_csv(",
        "read_csv_auto(",
        "read_json(",
        "load_file(",
        "pg_read_file(",
        "pg_read_binary_file(",
        "lo_import(",
        "read_parquet(",
        "read_json_auto(",
        "read_ndjson(",
        "file(",
    ];
    let mut reads = Vec::new();
    // The SQL is in the arguments (`-c`, `-e`, `-q`, `--query`) or fed on standard input.
    let stdin = match (&command.stdin, command.argv.first()) {
        (Stdin::Text(text), Some(program)) => Some((program, text.as_str())),
        _ => None,
    };
    for (arg, text) in command.args().iter().map(|arg| (arg, arg.text.as_str())).chain(stdin) {
        let lower = text.to_ascii_lowercase();
        for call in CALLS {
            for (at, _) in lower.match_indices(call) {
                let rest = text[at + call.len()..].trim_start();
                let Some(quote) = rest.chars().next().filter(|c| *c == '\'' || *c == '"') else { continue };
                if let Some(file) = rest[1..].split(quote).next() {
                    reads.push((Access::Read, arg, file));
                }
            }
        }
        // Dot commands (`.import FILE TABLE`, `.read FILE`), psql's meta-commands (`\i FILE`,
        // `\copy t from FILE`, `\lo_import FILE`), MySQL's `source FILE` and `LOAD DATA LOCAL
        // INFILE 'FILE'`, ClickHouse's `FROM INFILE 'FILE'`, COPY's `FROM 'FILE'`.
        for line in text.split(['\n', ';']) {
            let words: Vec<&str> = line.split_whitespace().collect();
            let first = words.first().map(|w| w.to_ascii_lowercase()).unwrap_or_default();
            // sqlite3's dot-commands by any prefix that picks them (`.o F`, `.rea F`).
            let first = crate::shell::dot_command(&first).to_string();
            let file = match first.as_str() {
                ".import" | ".read" | ".open" => words[1..].iter().find(|w| !w.starts_with("--")),
                "\\i" | "\\ir" | "\\include" | "\\include_relative" | "\\lo_import" | "source" | "\\." => {
                    words.get(1)
                }
                "\\copy" | "copy" => words
                    .iter()
                    .position(|w| w.eq_ignore_ascii_case("from"))
                    .and_then(|at| words.get(at + 1))
                    .filter(|w| !matches!(w.to_ascii_lowercase().as_str(), "stdin" | "pstdin" | "program")),
                _ => words
                    .iter()
                    .position(|w| w.eq_ignore_ascii_case("infile"))
                    .and_then(|at| words.get(at + 1)),
            };
            reads.extend(file.map(|file| (Access::Read, arg, file.trim_matches(['\'', '"', '(', ')']))));
            let written = match first.as_str() {
                ".output" | ".once" | ".save" => words[1..].iter().find(|w| !w.starts_with('-')),
                // `.backup ?DB? FILE`, `.clone FILE`: the last word.
                ".backup" | ".clone" => words[1..].last(),
                "\\o" | "\\out" | "\\w" | "\\write" => words.get(1),
                "tee" | "\\t" if mysql => words.get(1),
                _ => None,
            };
            let written =
                written.map(|file| file.trim_matches(['\'', '"'])).filter(|file| !file.starts_with('|'));
            reads.extend(written.map(|file| (Access::Write, arg, file)));
        }
    }
    reads
}

/// The files a sed script writes with its `w FILE` command or the `w FILE` flag of `s`
/// (`sed -n 'w ~/.profile' x`, `sed 's/a/b/w out' x`): the script word and the file name in it.
fn sed_writes<'c>(command: &'c SimpleCommand, name: Option<&str>) -> Vec<(&'c Word, &'c str)> {
    if name != Some("sed") {
        return Vec::new();
    }
    sed_script_writes(command)
}

/// [`sed_writes`] of a `sed` command, out of line (ARCHITECTURE.md, "Start-up").
#[inline(never)]
fn sed_script_writes(command: &SimpleCommand) -> Vec<(&Word, &str)> {
    let args = command.args();
    let scripts: Vec<&Word> = match args.iter().position(|a| a.text == "-e" || a.text == "--expression") {
        Some(_) => args
            .windows(2)
            .filter(|p| p[0].text == "-e" || p[0].text == "--expression")
            .map(|p| &p[1])
            .collect(),
        None if has_option(command, &["-f", "--file"]) => Vec::new(),
        None => operands(args).into_iter().take(1).collect(),
    };
    let mut writes = Vec::new();
    for script in scripts {
        for piece in script.text.split(['\n', ';']) {
            let command = sed_command(piece);
            let file = match command.as_bytes().first() {
                Some(b'w' | b'W') => Some(&command[1..]),
                Some(b's') => sed_substitution_flags(command)
                    .and_then(|flags| flags.split_once('w').map(|(_, file)| file)),
                _ => None,
            };
            if let Some(file) = file.map(str::trim).filter(|file| !file.is_empty() && *file != "/dev/stdout")
            {
                writes.push((script, file));
            }
        }
    }
    writes
}

/// The files named on the standard input the line gives a program that reads them: the
/// `put`/`mput` commands of an `sftp`/`ftp`/`lftp` batch (`sftp h <<< 'put .env'`), the file
/// list of `cpio -o`/`-p` (`cpio -o <<< .env`). The program's name stands for the word.
fn stdin_reads<'c>(command: &'c SimpleCommand, name: Option<&str>) -> Vec<(&'c Word, &'c str)> {
    let (Some(name), Stdin::Text(text), Some(program)) = (name, &command.stdin, command.argv.first()) else {
        return Vec::new();
    };
    match name {
        "sftp" | "ftp" | "lftp" | "smbclient" | "tftp" | "ncftp" => {
            transfer_uploads(text).into_iter().map(|file| (program, file)).collect()
        }
        "cpio" if has_short_flag(command, &['o', 'p']) => {
            text.lines().map(str::trim).filter(|line| !line.is_empty()).map(|file| (program, file)).collect()
        }
        _ => Vec::new(),
    }
}

/// The local files the commands of a file-transfer client's script send: `put F`, `mput F…`,
/// `reput`, `append` (ftp, sftp, lftp, smbclient, tftp), one command a line or after `;`,
/// `&&` or `||` (`lftp -e 'put .env; bye'`), past their options (`put -O dir F`).
fn transfer_uploads(text: &str) -> Vec<&str> {
    let mut files = Vec::new();
    for command in text.split(['\n', ';']).flat_map(|part| part.split("&&")).flat_map(|part| part.split("||"))
    {
        let mut words = command.split_whitespace().map(|word| word.trim_matches(['"', '\'']));
        let Some(verb) = words.next() else { continue };
        let all = verb == "mput";
        if !all && !matches!(verb, "put" | "reput" | "append") {
            continue;
        }
        let mut valued = false;
        for word in words {
            if std::mem::take(&mut valued) {
                continue;
            }
            if word.starts_with('-') && word.len() > 1 {
                valued = matches!(word, "-O" | "-o");
                continue;
            }
            files.push(word);
            if !all {
                break;
            }
        }
    }
    files
}

/// The files a file-transfer client's command options send: `lftp -e CMDS`, `-c CMDS`,
/// `smbclient -c CMDS` (`--command`), `tftp -c put F`.
fn transfer_option_reads<'c>(command: &'c SimpleCommand, name: Option<&str>) -> Vec<(&'c Word, &'c str)> {
    let args = command.args();
    let options: &[&str] = match name {
        Some("lftp") => &["-e", "-c"],
        Some("smbclient") => &["-c", "--command"],
        Some("tftp") => {
            // `tftp HOST -c put F [R]`: the command is the words after `-c`.
            let Some(at) = args.iter().position(|a| a.text == "-c") else { return Vec::new() };
            return match args.get(at + 1..) {
                Some([verb, file, ..]) if verb.text == "put" => vec![(file, file.text.as_str())],
                _ => Vec::new(),
            };
        }
        _ => return Vec::new(),
    };
    option_values(args, options)
        .into_iter()
        .flat_map(|(word, value)| transfer_uploads(value).into_iter().map(move |file| (word, file)))
        .collect()
}

/// One sed command without its address (`3`, `$`, `1,5`, `/re/`) and leading blanks.
fn sed_command(piece: &str) -> &str {
    let mut rest = piece.trim_start();
    loop {
        if let Some(after) = rest.strip_prefix('/') {
            let end = after.find('/').map_or(after.len(), |at| at + 1);
            rest = &after[end..];
        } else if rest.starts_with(|c: char| c.is_ascii_digit() || c == '$' || c == ',' || c == '!') {
            rest = rest.trim_start_matches(|c: char| c.is_ascii_digit() || c == '$' || c == ',' || c == '!');
        } else {
            return rest.trim_start();
        }
    }
}

/// The flags of `s/a/b/FLAGS` (with any delimiter).
fn sed_substitution_flags(command: &str) -> Option<&str> {
    let delimiter = command[1..].chars().next()?;
    let mut parts = command[1 + delimiter.len_utf8()..].splitn(3, delimiter);
    parts.next()?;
    parts.next()?;
    parts.next()
}

/// `cp -n .env.example .env`: an environment file made from the project's template where
/// none is, which never overwrites one (`-n`, `--no-clobber`, `--update=none`): the everyday
/// setup step, with no secret in it and none lost. Without the option the copy may replace
/// the user's `.env`, and stays a write.
fn creates_env_from_template(args: &[Word], sources: &[&Word], target: &Word) -> bool {
    let no_clobber = args.iter().any(|a| {
        matches!(a.text.as_str(), "--no-clobber" | "--update=none" | "--update=none-fail")
            || a.text.starts_with('-')
                && !a.text.starts_with("--")
                && a.text.contains('n')
                && a.text.bytes().skip(1).all(|b| b.is_ascii_alphabetic())
    });
    no_clobber && copies_env_template(sources, target)
}

/// Whether `cp SOURCE TARGET` copies a `.env` template (`.env.example`, `.env.sample`, …)
/// onto an environment file, both named on the line.
pub(crate) fn copies_env_template(sources: &[&Word], target: &Word) -> bool {
    let file_name = |word: &Word| word.text.rsplit(['/', '\\']).next().unwrap_or_default().to_string();
    // Wrangler's `.dev.vars` is a dotenv file by another name, with its own `.dev.vars.example`.
    let dotenv = |name: &str| name.starts_with(".env") || name.starts_with(".dev.vars");
    let template = |name: &str| {
        dotenv(name)
            && ["example", "sample", "template", "dist", "defaults"].iter().any(|kind| name.contains(kind))
    };
    !target.dynamic
        && dotenv(&file_name(target))
        && matches!(sources, [source] if !source.dynamic && template(&file_name(source)))
}

/// The words naming the files `command`, named `name` (lowercase), reads or writes.
/// `mounter`: whether `name` is one of the [`MOUNTERS`].
fn words_accessed<'c>(
    command: &'c SimpleCommand,
    name: Option<&str>,
    mounter: bool,
) -> Vec<(Access, &'c Word)> {
    let mut found = words_touched(command, name, mounter);
    // `grep -c KEY .env`: read, but only a count or a status shown. A reader of names
    // (`cut -d= -f1 .env`) keeps its reads: whether the file's lines are all `KEY=value` is
    // for [`shows_only_names`]' caller to see on disk.
    if found.iter().any(|(access, _)| *access == Access::Read)
        && name
            .is_some_and(|name| may_show_no_values(name) && shows_no_values(name, command) == Shown::Nothing)
    {
        found.retain(|(access, _)| *access != Access::Read);
    }
    found
}

/// Whether `command` prints only the names of the `KEY=value` files it reads (`cut -d= -f1`,
/// `awk -F= '{print $1}'`, `sed 's/=.*//'`, `grep -o '^[A-Z_]*'`): a line that is not one
/// (the body of a quoted multi-line value, a key file's line) it prints whole or in part, so
/// each file's text is for the caller to check with [`names_and_values_only`].
pub(crate) fn shows_only_names(command: &SimpleCommand) -> bool {
    command_name(command)
        .is_some_and(|name| may_show_no_values(name) && shows_no_values(name, command) == Shown::Names)
}

/// The longest file [`names_and_values_only`] reads; a longer one stays unread and refused.
const MAX_NAMES_FILE: u64 = 256 << 10;

/// Whether the file at `path`, named by `word`, is written as `KEY=value` lines (see
/// [`env_style`]) and each of its lines, but blanks and comments, is one whole: a name, `=`,
/// and a value that ends on that line (no open quote, `<<` heredoc or trailing `\`). A file
/// that is missing, too long or not text is not.
pub(crate) fn names_and_values_only(word: &Word, path: &std::path::Path) -> bool {
    if !env_style(word) || std::fs::metadata(path).map_or(true, |meta| meta.len() > MAX_NAMES_FILE) {
        return false;
    }
    let Ok(text) = std::fs::read_to_string(path) else { return false };
    text.lines().map(str::trim).filter(|line| !line.is_empty() && !line.starts_with(['#', '!'])).all(|line| {
        let line = line.strip_prefix("export ").unwrap_or(line);
        let Some((key, value)) = line.split_once('=') else { return false };
        let key = key.trim_end();
        let value = value.trim();
        let named = key.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && key.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'));
        let closed = match value.chars().next() {
            Some(quote @ ('"' | '\'' | '`')) => value[1..].contains(quote),
            _ => !value.starts_with("<<"),
        };
        named && closed && !value.ends_with('\\')
    })
}

/// [`words_accessed`] before the reads that show no value are taken out.
fn words_touched<'c>(
    command: &'c SimpleCommand,
    name: Option<&str>,
    mounter: bool,
) -> Vec<(Access, &'c Word)> {
    let mut found = Vec::new();
    for redirect in &command.redirects {
        let access = match redirect.op {
            RedirectOp::Read => Access::Read,
            RedirectOp::Write | RedirectOp::Append | RedirectOp::ReadWrite => Access::Write,
            RedirectOp::Duplicate => continue,
        };
        found.push((access, &redirect.target));
    }
    if let Stdin::File(file) = &command.stdin {
        found.push((Access::Read, file));
    }
    let Some(name) = name else { return found };
    // `npx dotenv-cli -e .env.test -- jest`: an environment loader's words are its own, judged
    // on the command the analyser peels out of the runner (the file goes into the environment).
    if matches!(name, "npx" | "bunx" | "pnpx")
        && command.args().iter().find(|a| !a.text.starts_with('-')).is_some_and(|package| {
            matches!(package.text.as_str(), "dotenv" | "dotenv-cli" | "env-cmd" | "@dotenvx/dotenvx")
        })
    {
        return found;
    }
    if let Some((access, place)) = super::windows::accessed(name, command.args()) {
        found.push((access, &PLACES[windows_place(place)]));
    }
    // `telegram-send --file ~/.ssh/id_rsa`: a program named for sending, uploading or sharing
    // reads the files it is given, an option's value too.
    if ["send", "upload", "share"].iter().any(|verb| crate::literal::contains(name, verb))
        && !listed(NAME_ONLY, &NAME_ONLY_NAMES, name)
    {
        found.extend(command.args().iter().filter(|a| !a.text.starts_with('-')).map(|a| (Access::Read, a)));
        return found;
    }
    // `cargo run -- ~/.ssh/id_rsa`, `go run ./cmd/x F`, `python s.py F`, `node s.js F`: the
    // project's own program, which the guard does not read, is given the words after it as
    // an unknown program is, and read as that one's are (a long option's value is where it
    // is told which credentials to use: `--env-file .env`).
    if let Some(words) = own_program_arguments(name, command.args()) {
        let bare = |word: &Word| !word.text.contains(['.', '/', '~']);
        let after_long_option =
            |at: usize| at > 0 && words[at - 1].text.starts_with("--") && !words[at - 1].text.contains('=');
        found.extend(
            words
                .iter()
                .enumerate()
                .filter(|(at, word)| {
                    !word.dynamic && !word.text.starts_with('-') && !bare(word) && !after_long_option(*at)
                })
                .map(|(_, word)| (Access::Read, word)),
        );
    }
    // Most commands of a line name no file (`cd`, `echo`, `cargo`): decided by the name before
    // anything is collected, unless an arm below knows the program too.
    if !NAMED_WITH_ARMS.contains(&name)
        && !script_file::is_runner(name)
        && listed(NAME_ONLY, &NAME_ONLY_NAMES, name)
    {
        return found;
    }
    let operands = match name {
        // `tail -n 20`: the count is no file.
        "head" | "tail" => operands_after(command.args(), &["-n", "-c", "--lines", "--bytes"]),
        // `diff -r -x .env A B`: the glob left out is no file.
        "diff" | "colordiff" => operands_after(command.args(), &["-x", "-X", "-I", "-L", "-S", "-F"]),
        // `git -C sub config …`: the subcommand comes after git's global options.
        "git" => operands(command.argv.get(git_subcommand(&command.argv)..).unwrap_or_default()),
        // `rg -g '!.env' KEY`, `ag --ignore .env KEY`: a search's name filter is a glob the
        // tree reads judge, not a file it reads.
        "grep" | "egrep" | "fgrep" | "zgrep" | "ugrep" => {
            operands_after(command.args(), &["--exclude", "--include", "--exclude-dir"])
        }
        "rg" => operands_after(command.args(), &["-g", "--glob", "--iglob"]),
        "ag" | "pt" => {
            operands_after(command.args(), &["--ignore", "--ignore-dir", "-G", "--file-search-regex"])
        }
        // `rsync -a --exclude .env src/ dst/`: a filter's value is a pattern, not a source.
        "rsync" => operands_after(command.args(), crate::rules::RSYNC_OPTIONS_WITH_VALUE),
        // rclone's options are its own (`-u` takes no value).
        _ if name != "rclone" && mounter => operands_after(command.args(), MOUNT_OPTIONS_WITH_VALUE),
        // `zip -r out.zip src -x .env '*.pem'`: the patterns after `-x`/`-i` up to the next
        // option are filters, not files.
        "zip" => {
            let mut operands = Vec::new();
            let mut filters = false;
            for arg in command.args() {
                if arg.text.starts_with('-') && arg.text != "-" {
                    filters = matches!(arg.text.as_str(), "-x" | "-i" | "--exclude" | "--include");
                } else if !filters {
                    operands.push(arg);
                }
            }
            operands
        }
        _ => operands(command.args()),
    };
    match name {
        _ if in_place_edits(name, command.args(), &operands).is_some() => {
            let files = in_place_edits(name, command.args(), &operands).unwrap_or_default();
            found.extend(files.into_iter().flat_map(|word| [(Access::Read, word), (Access::Write, word)]));
        }
        // `uniq IN OUT`: the second operand is written.
        "uniq" => {
            let operands = operands_after(command.args(), &["-f", "-s", "-w"]);
            found.extend(operands.first().map(|word| (Access::Read, *word)));
            found.extend(operands.get(1).map(|word| (Access::Write, *word)));
        }
        _ if listed(READERS, &READER_NAMES, name) => {
            found.extend(operands.iter().map(|word| (Access::Read, *word)));
            // `gzip F` leaves `F.gz` and takes `F` away.
            if removes_input(name, command) {
                found.extend(operands.iter().map(|word| (Access::Write, *word)));
            }
        }
        _ if listed(PATTERN_READERS, &PATTERN_READER_NAMES, name) => {
            let files = if has_option(command, &["-e", "-f", "--regexp", "--file"]) {
                &operands[..]
            } else {
                skip_first(&operands)
            };
            found.extend(files.iter().map(|word| (Access::Read, *word)));
        }
        _ if listed(WRITERS, &WRITER_NAMES, name) => {
            found.extend(operands.iter().map(|word| (Access::Write, *word)))
        }
        _ if listed(EDITORS, &EDITOR_NAMES, name) => {
            // vim's option values are its scripts and commands, not files it edits.
            let vim =
                operands_after(command.args(), &["-S", "-u", "-c", "--cmd", "-i", "-T", "-U", "-w", "-W"]);
            // `nvim -l x.lua ARGS`: a Lua script run with its arguments, which it reads as it
            // likes (as an interpreter's are); nothing is edited.
            if name == "nvim"
                && let Some(at) = command.args().iter().position(|w| w.text == "-l")
            {
                let script = command.args().get(at + 1..).unwrap_or_default();
                found.extend(script.iter().filter(|w| !w.text.starts_with('-')).map(|w| (Access::Read, w)));
                return found;
            }
            let edited = if matches!(name, "vi" | "vim" | "nvim" | "ex") { &vim } else { &operands };
            found.extend(edited.iter().flat_map(|word| [(Access::Read, *word), (Access::Write, *word)]));
        }
        // `python3 -m json.tool .env`: modules that print the files they are given.
        _ if name.starts_with("python") && printing_module(command.args()).is_some() => {
            let at = printing_module(command.args()).unwrap_or_default();
            found.extend(
                operands_after(&command.args()[at..], &[]).into_iter().map(|word| (Access::Read, word)),
            );
        }
        // `python3 -m zipfile -c out.zip .env`, `-m tarfile -c out.tar .env`: the files it
        // packs, and the archive it writes.
        _ if name.starts_with("python") && packing_module(command.args()).is_some() => {
            if let Some((archive, sources)) = packing_module(command.args()) {
                found.push((Access::Write, archive));
                found.extend(sources.iter().map(|word| (Access::Read, word)));
            }
        }
        // `rclone mount REMOTE: DIR`; rclone's other commands are the cloud arm's.
        _ if mounter && mounts_listed(name, command.args()) => {
            found.extend(mounted(name, command.args(), &operands));
        }
        // Cloud storage uploads read their sources: `aws s3 cp .env s3://b/`, `gsutil cp`,
        // `gcloud storage cp`, `rclone copy`; so do copies to a cloud's machines (`gcloud
        // compute scp`) and uploads given the file by an option (`az storage blob upload -f F`,
        // `aws s3api put-object --body F`).
        "aws" | "gsutil" | "gcloud" | "rclone" | "az" | "s3cmd" | "s5cmd" | "mc" | "mcli" | "azcopy" => {
            found.extend(cloud_uploads(name, command.args()).into_iter().map(|word| (Access::Read, word)));
            let words: Vec<&str> = operands.iter().map(|word| word.text.as_str()).collect();
            let sources = match (name, words.as_slice()) {
                // The machine's files are `HOST:PATH`; a local target is written.
                ("gcloud", ["compute" | "alpha" | "beta", "scp" | "copy-files", ..]) => {
                    let files = &operands[2..];
                    found.extend(
                        files
                            .iter()
                            .filter(|word| !word.text.contains(':'))
                            .map(|word| (Access::Read, *word)),
                    );
                    None
                }
                ("aws", ["s3", "cp" | "mv" | "sync", ..])
                | ("gcloud", ["storage", "cp" | "mv" | "rsync", ..]) => {
                    operands.get(2..operands.len().saturating_sub(1))
                }
                ("gsutil", ["cp" | "mv" | "rsync", ..])
                | ("rclone", ["copy" | "copyto" | "sync" | "move" | "moveto", ..])
                | ("s3cmd", ["get" | "put" | "sync" | "cp" | "mv", ..])
                | ("s5cmd", ["cp" | "mv" | "sync", ..])
                | ("mc" | "mcli", ["cp" | "mv" | "mirror", ..])
                | ("azcopy", ["copy" | "cp" | "sync", ..]) => {
                    operands.get(1..operands.len().saturating_sub(1))
                }
                // The other commands of these clients read or remove what they name (`mc cat
                // .env`, `s3cmd del s3://b/k`): a remote object is dropped in [`accesses`].
                ("s3cmd" | "s5cmd" | "mc" | "mcli" | "azcopy", _) => {
                    let verb = |word: &&Word| word.text.chars().all(|c| c.is_ascii_alphabetic() || c == '-');
                    found
                        .extend(operands.iter().filter(|word| !verb(word)).map(|word| (Access::Read, *word)));
                    None
                }
                _ => None,
            };
            found.extend(sources.unwrap_or_default().iter().map(|word| (Access::Read, *word)));
            // A download to this machine writes its target (`aws s3 cp s3://b/x ~/.bashrc`).
            if sources.is_some() {
                found.extend(
                    operands.last().filter(|dest| is_local(&dest.text)).map(|dest| (Access::Write, *dest)),
                );
            }
        }
        // `sops -e -i secrets.yaml` rewrites the file encrypted to the keys the project's
        // `.sops.yaml` names, and prints nothing of it. Keys given on the line may be anyone's:
        // the file is then rewritten for them.
        "sops"
            if command.args().iter().any(|a| matches!(a.text.as_str(), "-e" | "--encrypt" | "encrypt"))
                && command.args().iter().any(|a| matches!(a.text.as_str(), "-i" | "--in-place")) =>
        {
            const KEYS: &[&str] =
                &["--age", "--pgp", "--kms", "--gcp-kms", "--azure-kv", "--hc-vault-transit", "--config"];
            let keyed = command.args().iter().any(|a| KEYS.iter().any(|key| a.text.starts_with(key)));
            if keyed {
                found.extend(
                    operands_after(command.args(), KEYS)
                        .into_iter()
                        .filter(|word| word.text != "encrypt")
                        .map(|word| (Access::Write, word)),
                );
            }
        }
        // Encrypting, signing or decrypting a file reads it.
        "gpg" | "gpg2" => found.extend(
            operands_after(
                command.args(),
                &[
                    "-r",
                    "--recipient",
                    "-o",
                    "--output",
                    "-u",
                    "--local-user",
                    "--passphrase",
                    "--homedir",
                    "-z",
                    "--trust-model",
                    "--default-key",
                ],
            )
            .into_iter()
            .map(|word| (Access::Read, word)),
        ),
        // A shell or interpreter reads the script it runs (and its errors quote its lines:
        // `python3 .env`).
        // osascript's code is judged for the login items it adds below.
        _ if name != "osascript" && script_file::is_runner(name) => {
            if let Some(script) = script_file::script_operand(command) {
                found.push((Access::Read, script));
            } else if crate::shell::is_interpreter(name) && !command.args().iter().any(|a| a.text == "-m") {
                // `perl -ne CODE FILE...` loops over the lines of its files, `perl -e 'print
                // <>' FILE` and `ruby -e 'puts ARGF.read' FILE` read them unasked; with `-i`
                // they are rewritten. Any other program given as code reads the files it is
                // given as it likes (`python3 -c '…open(sys.argv[1])…' .env`). A module's words
                // are its own (`python3 -m http.server 8000`).
                let in_place = matches!(name, "perl" | "ruby") && edits_in_place(command.args());
                let access = if in_place { Access::Write } else { Access::Read };
                found.extend(skip_first(&operands).iter().map(|word| (access, *word)));
            }
        }
        // Changing who may read or write a file changes the file, as the rules count it.
        "chmod" | "chown" | "chgrp" => {
            let reference = command.args().iter().any(|arg| arg.text.starts_with("--reference"));
            // `chmod -x f`: a mode that starts with `-` reads as an option, but is the mode.
            let dash_mode = name == "chmod"
                && command.args().first().is_some_and(|arg| {
                    arg.text.len() > 1 && arg.text[1..].bytes().all(|b| b"rwxXst".contains(&b))
                });
            let files = if reference || dash_mode { &operands[..] } else { skip_first(&operands) };
            // `chmod 600 .env`, `chmod go-rwx key`: only others lose access and the owner
            // keeps reading it, which is what ssh and tools ask for; nothing is weakened.
            let mode = operands.first().map(|mode| mode.text.as_str()).unwrap_or_default();
            let closes = name == "chmod" && !reference && !dash_mode && closes_to_others(mode);
            // A program that loses its owner's execute bit no longer runs: a hook binary made
            // `600` switches the guard off.
            let stops_program = |word: &Word| {
                let base = crate::shell::program_base(&word.text);
                takes_owner_execute(mode) && (base.ends_with("-hook") || base.ends_with("-hook.exe"))
            };
            found.extend(
                files.iter().filter(|word| !closes || stops_program(word)).map(|word| (Access::Write, *word)),
            );
        }
        // BSD's and macOS' `chflags uchg F` (`schg`, `uappnd`): like chattr's `+i`, the file made
        // immutable or append-only; the first operand is the flags.
        "setfacl" | "chflags" => {
            found.extend(skip_first(&operands).iter().map(|word| (Access::Write, *word)))
        }
        // `chattr -i F` takes the immutable flag off: its mode reads as an option (chattr's
        // own options, `-R -V -f -v -p`, are no attribute letters), `+i` and `=i` as an operand.
        "chattr" => {
            let mode = |word: &Word| {
                word.text.len() > 1
                    && word.text.starts_with(['-', '+', '='])
                    && word.text[1..].bytes().all(|b| b"aAcCdDeFijmPsStTux".contains(&b))
            };
            found.extend(
                command
                    .args()
                    .iter()
                    .filter(|word| !mode(word) && !word.text.starts_with('-'))
                    .map(|word| (Access::Write, word)),
            );
        }
        "tar" => found.extend(tar_reads(command.args()).into_iter().map(|word| (Access::Read, word))),
        // `jar cf ARCHIVE FILES...` (with `-C DIR`, the whole directory counts: see tree.rs).
        "jar"
            if operands
                .first()
                .is_some_and(|mode| mode.text.starts_with(['c', 'u']) && mode.text.contains('f')) =>
        {
            found.extend(operands.iter().skip(2).map(|word| (Access::Read, *word)));
        }
        // `zip ARCHIVE FILES...`, `7z a ARCHIVE FILES...`.
        // The archive is written (`zip -r ~/.bashrc src` replaces the file).
        "zip" => {
            found.extend(operands.first().map(|word| (Access::Write, *word)));
            found.extend(skip_first(&operands).iter().map(|word| (Access::Read, *word)));
        }
        "7z" | "7za" if operands.first().is_some_and(|mode| mode.text == "a") => {
            found.extend(operands.get(1).map(|word| (Access::Write, *word)));
            found.extend(operands.iter().skip(2).map(|word| (Access::Read, *word)));
        }
        // `7z u|d ARCHIVE`: the archive updated, or its entries deleted.
        "7z" | "7za" if operands.first().is_some_and(|mode| matches!(mode.text.as_str(), "u" | "d")) => {
            found.extend(operands.get(1).map(|word| (Access::Write, *word)));
        }
        // A link is the file under another name: making one reads it, as far as the rules go,
        // and replaces whatever had the link's name (`ln -sf /dev/null settings.json`). A hard
        // link is the same file, writable under the new name: making one writes it too.
        // `link FILE NAME` (coreutils) makes a hard link, with no options.
        "link" => {
            if let [target, link] = operands.as_slice() {
                found.extend([(Access::Read, *target), (Access::Write, *target), (Access::Write, *link)]);
            }
        }
        "ln" => {
            let hard = !command.args().iter().any(|a| {
                a.text == "--symbolic" || short_cluster(&a.text).is_some_and(|cluster| cluster.contains('s'))
            });
            let (targets, link): (Vec<&Word>, Option<&Word>) = match target_directory(name, command.args()) {
                Some(dir) => {
                    (operands.iter().copied().filter(|word| !std::ptr::eq(*word, dir)).collect(), Some(dir))
                }
                None => match operands.split_last() {
                    Some((link, targets)) if !targets.is_empty() => (targets.to_vec(), Some(*link)),
                    _ => (operands.clone(), None),
                },
            };
            for target in targets {
                found.push((Access::Read, target));
                if hard {
                    found.push((Access::Write, target));
                }
            }
            found.extend(link.map(|link| (Access::Write, link)));
        }
        // `git show REV:path`, `git cat-file -p REV:path`: a file as committed; `git add`
        // (with `-f` past `.gitignore`) puts the file in a commit that leaves the machine;
        // `git diff --no-index a b` shows two files.
        "git" => match operands.split_first() {
            // `git hash-object -w .env`, `git update-index --add .env`: the file into the
            // object store, whence `git cat-file` prints it.
            Some((subcommand, rest))
                if matches!(subcommand.text.as_str(), "add" | "stage" | "hash-object")
                    || subcommand.text == "update-index" && has_option(command, &["--add"])
                    || subcommand.text == "diff" && has_option(command, &["--no-index"]) =>
            {
                // `git add . ':!.env'`: a pathspec that leaves a file out stages none of it.
                found.extend(
                    rest.iter()
                        .filter(|arg| excluding_pathspec(&arg.text).is_none())
                        .map(|arg| (Access::Read, *arg)),
                );
            }
            // `git commit -am msg -- .env`, `git commit .env -m x`: the pathspecs name files
            // the commit takes, as `git add` would; `-F .env` makes the file its message.
            Some((subcommand, _)) if subcommand.text == "commit" => {
                let args = command.argv.get(git_subcommand(&command.argv) + 1..).unwrap_or_default();
                found.extend(commit_reads(args).into_iter().map(|arg| (Access::Read, arg)));
            }
            // `git archive HEAD .env | tar -xO`: the committed files streamed out, where the
            // next command prints them (to a file, `-o`, they stay packed).
            Some((subcommand, rest))
                if subcommand.text == "archive" && !has_option(command, &["-o", "--output"]) =>
            {
                found.extend(rest.iter().skip(1).map(|arg| (Access::Read, *arg)));
            }
            // `git grep --no-index '' .env`, `git grep KEY -- .env`: the pathspecs are the
            // files it prints lines of; the first operand is the pattern unless `-e`/`-f` gave
            // it (an option's value read as a path names no file).
            Some((subcommand, rest)) if subcommand.text == "grep" => {
                let given = has_option(command, &["-e", "-f"]);
                found.extend(
                    rest.iter()
                        .skip(usize::from(!given))
                        .filter(|arg| excluding_pathspec(&arg.text).is_none())
                        .map(|arg| (Access::Read, *arg)),
                );
            }
            // `git show HEAD -- .env`: a pathspec after `--` is a file whose versions it prints.
            Some((subcommand, rest)) if matches!(subcommand.text.as_str(), "show" | "cat-file") => {
                found.extend(
                    rest.iter()
                        .filter(|arg| committed_path(&arg.text).is_some())
                        .map(|arg| (Access::Read, *arg)),
                );
                found.extend(after_dashes(command.args()).iter().map(|arg| (Access::Read, arg)));
            }
            // `git rm`, `git mv`: the work tree's files deleted or moved (`--cached` leaves
            // them alone).
            Some((subcommand, rest))
                if subcommand.text == "mv"
                    || subcommand.text == "rm" && !has_option(command, &["--cached"]) =>
            {
                found.extend(
                    rest.iter().filter(|arg| !arg.text.starts_with('-')).map(|arg| (Access::Write, *arg)),
                );
            }
            // `git checkout REV -- .claude`, `git restore --source=REV x`: the files written
            // over with another version.
            Some((subcommand, _))
                if subcommand.text == "checkout" && command.args().iter().any(|a| a.text == "--") =>
            {
                let args = command.args();
                let dash = args.iter().position(|a| a.text == "--").unwrap_or(args.len());
                found.extend(args[dash + 1..].iter().map(|arg| (Access::Write, arg)));
            }
            Some((subcommand, rest))
                if subcommand.text == "restore"
                    && (!has_option(command, &["--staged", "-S"])
                        || has_option(command, &["--worktree", "-W"])) =>
            {
                found.extend(
                    rest.iter().filter(|arg| !arg.text.starts_with('-')).map(|arg| (Access::Write, *arg)),
                );
            }
            // `git config --global core.hooksPath x`: a setting that runs code on later git
            // commands writes the configuration file it goes to.
            Some((subcommand, _))
                if subcommand.text == "config"
                    && git_config_setting(after(command.args(), subcommand))
                        .is_some_and(|(key, value)| runs_code(key, value)) =>
            {
                let args = command.args();
                let file = args
                    .iter()
                    .position(|a| a.text == "--file" || a.text == "-f")
                    .and_then(|at| args.get(at + 1));
                found.push((
                    Access::Write,
                    match file {
                        Some(file) => file,
                        None if has_option(command, &["--global"]) => &PLACES[GLOBAL_GIT_CONFIG],
                        None if has_option(command, &["--system"]) => &PLACES[SYSTEM_GIT_CONFIG],
                        None => &PLACES[LOCAL_GIT_CONFIG],
                    },
                ));
            }
            // `git log -p -- .env`, `git blame .env`, `git stash show -p stash@{0} -- .env`: the
            // file's contents, then and now.
            // `git log --oneline -- .env`, `--stat`, `--name-only`: which commits touched the
            // file, none of its contents (unless an option prints the changes).
            Some((subcommand, _))
                if matches!(subcommand.text.as_str(), "log" | "whatchanged")
                    && !log_prints_changes(after(command.args(), subcommand)) => {}
            Some((subcommand, rest))
                if matches!(
                    subcommand.text.as_str(),
                    "log" | "diff" | "blame" | "annotate" | "whatchanged" | "diff-tree" | "format-patch"
                ) || subcommand.text == "stash"
                    && rest.first().is_some_and(|verb| verb.text == "show") =>
            {
                let args = command.args();
                match args.iter().position(|arg| arg.text == "--") {
                    Some(dash) => found.extend(args[dash + 1..].iter().map(|arg| (Access::Read, arg))),
                    None if matches!(subcommand.text.as_str(), "blame" | "annotate") => {
                        found.extend(operands.last().map(|arg| (Access::Read, *arg)))
                    }
                    None => {}
                }
            }
            _ => {}
        },
        // `docker cp c:/x ~/.bashrc`: a local source is read, a local target written. A
        // container's file is read too, judged by its name (`docker cp app:/app/.env -`,
        // `kubectl cp pod:/app/.env ./x`): it comes out where the agent reads it.
        "docker" | "podman" | "kubectl" | "oc" if operands.first().is_some_and(|w| w.text == "cp") => {
            found.extend(operands.get(1).map(|w| (Access::Read, *w)));
            found.extend(
                operands
                    .get(2..)
                    .and_then(|rest| rest.last())
                    .filter(|w| !w.text.contains(':'))
                    .map(|w| (Access::Write, *w)),
            );
        }
        "docker" | "podman" => {
            // `docker secret create NAME FILE`, `docker config create NAME FILE`: the file goes
            // to the swarm's store (`-` is the standard input, judged as a redirect).
            let words: Vec<&str> = operands.iter().map(|word| word.text.as_str()).collect();
            if let ["secret" | "config", "create", _, .., _] = words.as_slice() {
                found.extend(
                    operands.last().filter(|file| file.text != "-").map(|file| (Access::Read, *file)),
                );
            }
            // `docker compose --env-file .env up`: compose fills the compose file's variables
            // with it and shows none of them; `compose config` prints them all.
            let compose_runs = words.first() == Some(&"compose")
                && words.iter().skip(1).any(|w| {
                    matches!(*w, "up" | "down" | "build" | "start" | "stop" | "restart" | "pull" | "create")
                })
                && !words.contains(&"config");
            let args = if compose_runs { &[][..] } else { command.args() };
            for (at, arg) in args.iter().enumerate() {
                if arg.text == "--env-file" {
                    found.extend(args.get(at + 1).map(|file| (Access::Read, file)));
                } else if arg.text.starts_with("--env-file=") {
                    found.push((Access::Read, arg));
                }
            }
        }
        _ if FIRST_OPERAND_WRITERS.contains(&name) => {
            found.extend(operands.first().map(|word| (Access::Write, *word)));
        }
        "cp" | "install" | "rsync" | "scp" | "copy-item" | "copy" | "cpi" => {
            // `cp -l`, `cp --link` make hard links: the source, writable under the new name.
            let linked = name == "cp" && hard_links(command.args());
            let mut source = |word: &'c Word| {
                found.push((Access::Read, word));
                if linked {
                    found.push((Access::Write, word));
                }
            };
            if let Some(dir) = target_directory(name, command.args()) {
                operands.iter().filter(|word| !std::ptr::eq(**word, dir)).for_each(|word| source(word));
                found.push((Access::Write, dir));
            } else if let Some((target, sources)) = operands.split_last() {
                sources.iter().for_each(|word| source(word));
                if !(name == "cp" && creates_env_from_template(command.args(), sources, target)) {
                    found.push((Access::Write, *target));
                }
            }
        }
        // `find .git -delete`: every file under its roots, unless a test picks some.
        "find" if command.args().iter().any(|a| a.text == "-delete") => {
            let args = command.args();
            let tests = args.iter().any(|a| {
                matches!(
                    a.text.as_str(),
                    "-name"
                        | "-iname"
                        | "-path"
                        | "-ipath"
                        | "-regex"
                        | "-newer"
                        | "-mtime"
                        | "-mmin"
                        | "-size"
                        | "-empty"
                )
            });
            let alternatives = args.iter().any(|a| matches!(a.text.as_str(), "-o" | "-or"));
            let roots =
                args.iter().take_while(|a| !a.text.starts_with('-') && !matches!(a.text.as_str(), "(" | "!"));
            if !tests || alternatives {
                found.extend(roots.map(|word| (Access::Write, word)));
            } else if !only_lock_files(args) {
                // Under `.git` every file is the history (`find .git -name '*.pack' -delete`):
                // a test narrows which of them go, not whether the history survives. Stale
                // `*.lock` files are the one thing there to clear.
                found.extend(roots.filter(|word| in_git_dir(&word.text)).map(|word| (Access::Write, word)));
            }
        }
        // Downloads write where they are told (`curl -o f`, `wget -O f`).
        "curl" | "wget" => {
            found.extend(download_targets(name, command.args()).into_iter().map(|w| (Access::Write, w)));
            found.extend(uploaded(command.args()).into_iter().map(|word| (Access::Read, word)));
            // `curl file:///home/u/.ssh/id_rsa` reads the file.
            found.extend(
                command.args().iter().filter(|w| w.text.starts_with("file://")).map(|w| (Access::Read, w)),
            );
        }
        // `gh gist create f`, `gh release upload TAG f`: files sent to GitHub.
        "gh" if matches!(
            (operands.first().map(|w| w.text.as_str()), operands.get(1).map(|w| w.text.as_str())),
            (Some("gist"), Some("create" | "edit")) | (Some("release"), Some("upload" | "create"))
        ) =>
        {
            found.extend(operands.iter().skip(2).map(|word| (Access::Read, *word)));
        }
        // A C compiler that links, given no `-o`, writes `a.out` in its working directory.
        "cc" | "gcc" | "g++" | "c++" | "clang" | "clang++"
            if !operands.is_empty()
                && !command.args().iter().any(|a| {
                    a.text.starts_with("-o") || matches!(a.text.as_str(), "-c" | "-S" | "-E" | "-M" | "-MM")
                }) =>
        {
            found.push((Access::Write, &PLACES[A_OUT]))
        }
        // Installing, editing or removing the user's cron table writes the cron spool: a job
        // that runs later, unasked, is persistence whatever it runs (its commands are judged
        // too, `script_file`). Listing it does not.
        // A cron daemon started by the agent (`busybox crond -c /tmp/cron`) runs the tables of its
        // spool later, unasked, as an installed one does.
        "crontab" | "crond" | "cron" | "dcron"
            if !command.args().iter().any(|a| matches!(a.text.as_str(), "-l" | "-V" | "--help" | "-h")) =>
        {
            found.push((Access::Write, &PLACES[CRON_SPOOL]))
        }
        // `npm config set`, `pip config set`: the user's configuration file (a registry, a
        // script shell, a token), read by every later install.
        "npm" | "pnpm" | "yarn"
            if matches!(operands.first().map(|w| w.text.as_str()), Some("config" | "c"))
                && matches!(operands.get(1).map(|w| w.text.as_str()), Some("set" | "edit" | "delete"))
                && !has_option(command, &["--location=project", "--project"])
                && !sets_only_npm_manners(&operands[1..]) =>
        {
            found.push((Access::Write, &PLACES[NPMRC]))
        }
        "pip" | "pip3"
            if operands.first().is_some_and(|w| w.text == "config")
                && matches!(operands.get(1).map(|w| w.text.as_str()), Some("set" | "edit" | "unset"))
                && !has_option(command, &["--site"]) =>
        {
            found.push((Access::Write, &PLACES[PIP_CONF]))
        }
        // `poetry config http-basic.REPO USER PASS`, `pypi-token.REPO TOKEN`: a registry's login
        // kept in poetry's auth file (or the keyring), as `npm config set //…/:_authToken` keeps
        // one in `~/.npmrc`. `poetry config --list` only reads.
        "poetry"
            if operands.first().is_some_and(|w| w.text == "config")
                && operands.get(1).is_some_and(|w| {
                    w.text.starts_with("http-basic.") || w.text.starts_with("pypi-token.")
                })
                && (operands.len() > 2 || has_option(command, &["--unset"])) =>
        {
            found.push((Access::Write, &PLACES[POETRY_AUTH]))
        }
        // FreeBSD's `sysrc NAME=VALUE` (or `-x NAME`) edits `/etc/rc.conf` (or the `-f` file),
        // which the boot runs; `sysrc NAME` only prints.
        "sysrc"
            if operands.iter().any(|w| w.text.contains('='))
                || command.args().iter().any(|a| a.text == "-x") =>
        {
            let file = command.args().windows(2).find(|w| w[0].text == "-f").map(|w| &w[1]);
            found.push((Access::Write, file.unwrap_or(&PLACES[RC_CONF])));
        }
        // OpenBSD's `rcctl enable|set NAME` writes `/etc/rc.conf.local`, which the boot runs.
        "rcctl"
            if operands.first().is_some_and(|w| matches!(w.text.as_str(), "enable" | "set" | "order")) =>
        {
            found.push((Access::Write, &PLACES[RC_CONF]))
        }
        // `brew services start ./x`, `--file=x.plist`: a service definition from outside
        // Homebrew's formulae, installed as a launch agent started at every login.
        "brew"
            if operands.first().is_some_and(|w| w.text == "services")
                && operands
                    .get(1)
                    .is_some_and(|w| matches!(w.text.as_str(), "start" | "run" | "restart"))
                && (operands[2..].iter().any(|w| w.text.contains('/'))
                    || command.args().iter().any(|a| a.text.starts_with("--file"))) =>
        {
            found.push((Access::Write, &PLACES[LAUNCH_AGENTS]))
        }
        // Accounts and passwords are files under /etc.
        "useradd" | "usermod" | "userdel" | "adduser" | "deluser" | "groupadd" | "groupmod" | "chpasswd"
        | "chsh" | "vipw" | "vigr" => found.push((Access::Write, &PLACES[ACCOUNTS])),
        // macOS keeps accounts in its directory service, not in `/etc`: `dscl . -create
        // /Users/x UniqueID 0`, `dscl . -append /Groups/admin GroupMembership x`, `sysadminctl
        // -addUser`, `dseditgroup -o edit` change them as `usermod` does. Reading passes.
        "dscl" | "sysadminctl" | "dseditgroup"
            if command.args().iter().any(|a| {
                let a = a.text.trim_start_matches('-').to_ascii_lowercase();
                matches!(
                    a.as_str(),
                    "create"
                        | "createpl"
                        | "append"
                        | "appendpl"
                        | "merge"
                        | "mergepl"
                        | "delete"
                        | "deletepl"
                        | "change"
                        | "changei"
                        | "passwd"
                        | "adduser"
                        | "deleteuser"
                        | "resetpasswordfor"
                        | "newpassword"
                        | "edit"
                        | "securetokenon"
                )
            }) =>
        {
            found.push((Access::Write, &PLACES[ACCOUNTS]))
        }
        // `visudo` runs `$VISUAL`/`$EDITOR`/`$SUDO_EDITOR` on the sudoers file, and `sudoedit F`
        // on F, as root: whatever program the variable names (`EDITOR='sh -c "…"'`, `tee -a`)
        // writes the file, so the edit is judged as the write it is. `visudo -c` only checks.
        "visudo" if !command.args().iter().any(|a| matches!(a.text.as_str(), "-c" | "--check" | "-V")) => {
            let file = command.args().windows(2).find(|w| w[0].text == "-f").map(|w| &w[1]);
            found.push((Access::Write, file.unwrap_or(&PLACES[SUDOERS])));
        }
        "sudoedit" => {
            found.extend(operands.iter().flat_map(|word| [(Access::Read, *word), (Access::Write, *word)]))
        }
        // `getent shadow`, `getent gshadow`: the password hashes, read from their files.
        "getent" => match operands.first().map(|w| w.text.as_str()) {
            Some("shadow") => found.push((Access::Read, &PLACES[SHADOW])),
            Some("gshadow") => found.push((Access::Read, &PLACES[GSHADOW])),
            _ => {}
        },
        // `ssh-copy-id localhost` appends a key to this machine's `~/.ssh/authorized_keys`: a
        // way back in that outlives the session. A host known only at run time may be this
        // one; another machine's keys are its owner's business.
        "ssh-copy-id" => {
            let host = crate::rules::operands(command.args(), &["-i", "-p", "-o", "-F", "-t", "-J"])
                .next()
                .map(|host| {
                    (host.rsplit_once('@').map_or(host, |(_, host)| host), operands.iter().any(|w| w.dynamic))
                });
            if host.is_some_and(|(host, dynamic)| dynamic || is_this_machine(host)) {
                found.push((Access::Write, &PLACES[AUTHORIZED_KEYS]));
            }
        }
        // A timer (`systemd-run --on-calendar=…`) is a unit that runs later, unasked; a
        // service (`systemd-run --user --unit=x CMD`) one that keeps running.
        "systemd-run" if starts_unit(command.args()) => {
            let user = command.args().iter().any(|a| a.text == "--user");
            found.push((Access::Write, if user { &PLACES[SYSTEMD_USER] } else { &PLACES[SYSTEMD_SYSTEM] }));
        }
        // Boot scripts enabled (`update-rc.d x defaults`, `chkconfig x on`, `rc-update add
        // x`) and pm2's boot service and saved process list (`pm2 startup`, `pm2 save`).
        // Only a verb that changes the boot set writes: `rc-update` alone and `chkconfig
        // NAME` only list or query.
        "update-rc.d" | "chkconfig" | "rc-update"
            if command.args().iter().any(|a| {
                matches!(
                    a.text.as_str(),
                    "defaults"
                        | "defaults-disabled"
                        | "enable"
                        | "disable"
                        | "remove"
                        | "start"
                        | "stop"
                        | "on"
                        | "off"
                        | "reset"
                        | "--add"
                        | "--del"
                        | "add"
                        | "del"
                        | "delete"
                )
            }) =>
        {
            found.push((Access::Write, &PLACES[BOOT_SCRIPTS]));
        }
        "pm2" if operands.first().is_some_and(|verb| matches!(verb.text.as_str(), "startup" | "save")) => {
            let startup = operands.first().is_some_and(|verb| verb.text == "startup");
            found.push((Access::Write, if startup { &PLACES[SYSTEMD_SYSTEM] } else { &PLACES[PM2_DUMP] }));
        }
        // fish's universal variables (`set -U`, `set -Ux LD_PRELOAD …`) are kept in a file
        // every later fish reads at start.
        "set"
            if command.args().iter().any(|a| {
                a.text == "--universal"
                    || a.text.starts_with('-') && !a.text.starts_with("--") && a.text.contains('U')
            }) =>
        {
            found.push((Access::Write, &PLACES[FISH_VARIABLES]));
        }
        // `at TIME`, `batch`: a job queued to run later, unasked, whatever it runs (its
        // commands are judged too, `script_file`), as `crontab` is. Listing, showing and
        // removing jobs queue none.
        "at" | "batch"
            if !command
                .args()
                .iter()
                .any(|a| matches!(a.text.as_str(), "-l" | "-r" | "-d" | "-c" | "-V")) =>
        {
            found.push((Access::Write, &PLACES[AT_SPOOL]));
        }
        // `launchctl load|bootstrap|enable|submit`: a launchd job that starts at login or
        // boot (`system` domain and `/Library` plists: a daemon).
        "launchctl"
            if operands.first().is_some_and(|verb| {
                matches!(verb.text.as_str(), "load" | "bootstrap" | "enable" | "submit")
            }) =>
        {
            let system = operands.get(1).is_some_and(|target| {
                target.text.starts_with("system") || target.text.starts_with("/Library/")
            });
            found
                .push((Access::Write, if system { &PLACES[LAUNCH_DAEMONS] } else { &PLACES[LAUNCH_AGENTS] }));
        }
        // `defaults write ~/Library/LaunchAgents/x Program /tmp/x`: a domain given as a path is
        // that plist (`.plist` added); `com.apple.loginwindow` holds the login and logout hooks
        // (`LoginHook`), run as root at each login, `com.apple.loginitems` the login items.
        "defaults"
            if operands.first().is_some_and(|verb| {
                matches!(verb.text.as_str(), "write" | "import" | "delete" | "rename")
            }) =>
        {
            if let Some(domain) = operands.get(1) {
                let name = domain.text.trim_end_matches(".plist");
                let name = name.rsplit('/').next().unwrap_or(name);
                // A terminal's start-up command (`Shell` given a command line rather than a
                // shell's path, iTerm2's `Command`) runs in every new window; its other
                // settings are the user's to change.
                let command = || {
                    let line =
                        |w: &&Word| w.text.contains(|c: char| c.is_whitespace() || ";|&$`".contains(c));
                    let rest = &operands[2..];
                    rest.first().is_some_and(|key| key.text == "Shell") && rest[1..].iter().any(line)
                        || rest.iter().any(|w| w.text.contains("Command"))
                };
                let place = match name {
                    "com.apple.loginwindow" => &PLACES[LOGIN_WINDOW],
                    "com.apple.loginitems" => &PLACES[LOGIN_ITEMS],
                    "com.apple.Terminal" if command() => &PLACES[TERMINAL],
                    "com.googlecode.iterm2" if command() => &PLACES[ITERM],
                    _ => *domain,
                };
                found.push((Access::Write, place));
            }
        }
        // `plutil -replace KEY -string V F`, `PlistBuddy -c 'Set :K V' F`: the plist edited in
        // place (`plutil -p`, `-lint`, `-extract` and `PlistBuddy -c Print` only read it).
        "plutil"
            if command.args().iter().any(|a| {
                matches!(a.text.as_str(), "-replace" | "-insert" | "-remove" | "-convert" | "-create")
            }) && !command.args().iter().any(|a| a.text == "-o") =>
        {
            found.extend(command.args().last().map(|file| (Access::Write, file)));
        }
        "plistbuddy"
            if command.args().windows(2).any(|pair| {
                pair[0].text == "-c" && !pair[1].text.trim_start().to_ascii_lowercase().starts_with("print")
            }) =>
        {
            found.extend(command.args().last().map(|file| (Access::Write, file)));
        }
        // `osascript -e 'tell application "System Events" to make login item …'`: an app or
        // script started at every login, kept in the background task database.
        "osascript" if makes_login_item(command.args()) => found.push((Access::Write, &PLACES[LOGIN_ITEMS])),
        // `sfltool add-item …LoginItems URL`: the same login items, added directly.
        "sfltool" if operands.first().is_some_and(|verb| verb.text == "add-item") => {
            found.push((Access::Write, &PLACES[LOGIN_ITEMS]));
        }
        // A lingering user's units start at boot, logged in or not.
        "loginctl" if operands.first().is_some_and(|verb| verb.text == "enable-linger") => {
            found.push((Access::Write, &PLACES[LINGER]));
        }
        // Enabling, linking or masking a unit writes the unit directory: user units under
        // `~/.config/systemd/user`, system ones under `/etc/systemd/system`.
        "systemctl"
            if command.args().iter().any(|a| {
                matches!(
                    a.text.as_str(),
                    "enable"
                        | "reenable"
                        | "link"
                        | "mask"
                        | "edit"
                        | "preset"
                        | "add-wants"
                        | "add-requires"
                        | "set-property"
                )
            }) =>
        {
            let user = command.args().iter().any(|a| a.text == "--user");
            found.push((Access::Write, if user { &PLACES[SYSTEMD_USER] } else { &PLACES[SYSTEMD_SYSTEM] }));
        }
        // Moving a file away deletes it where it was.
        "mv" | "move-item" | "move" | "mi" => {
            found.extend(operands.iter().map(|word| (Access::Write, *word)))
        }
        "sed" => {
            let in_place = command
                .args()
                .iter()
                .any(|arg| arg.text.starts_with("-i") || arg.text.starts_with("--in-place"));
            // The values of `-e` and `-f` are the script, not the files edited.
            let given = operands_after(command.args(), &["-e", "-f", "--expression", "--file", "-l"]);
            let files = if has_option(command, &["-e", "-f", "--expression", "--file"]) {
                &given[..]
            } else {
                skip_first(&operands)
            };
            let access = if in_place { Access::Write } else { Access::Read };
            found.extend(files.iter().map(|word| (access, *word)));
        }
        _ if UPLOADERS.contains(&name) => {
            found.extend(uploaded(command.args()).into_iter().map(|word| (Access::Read, word)))
        }
        "dd" => {
            for arg in command.args() {
                if arg.text.starts_with("if=") {
                    found.push((Access::Read, arg));
                } else if arg.text.starts_with("of=") {
                    found.push((Access::Write, arg));
                }
            }
        }
        // `ssh-keygen -p -f KEY` rewrites the key (a passphrase taken off is a key weakened).
        "ssh-keygen" if has_short_flag(command, &['p']) => {
            let args = command.args();
            found.extend(
                args.windows(2).filter(|pair| pair[0].text == "-f").map(|pair| (Access::Write, &pair[1])),
            );
        }
        // `xargs -a F`, `parallel -a F`/`:::: F`: the file's lines become arguments.
        "xargs" | "parallel" => {
            let args = command.args();
            for (at, arg) in args.iter().enumerate() {
                if matches!(arg.text.as_str(), "-a" | "--arg-file" | "::::") {
                    found.extend(args.get(at + 1).map(|file| (Access::Read, file)));
                } else if arg.text.starts_with("--arg-file=") {
                    found.push((Access::Read, arg));
                }
            }
        }
        // `keytool -list|-exportcert` shows a store's certificates, which are public; its
        // private keys stay in it. The certificate exported is written to `-file`.
        "keytool"
            if command
                .args()
                .iter()
                .any(|a| matches!(a.text.as_str(), "-list" | "-exportcert" | "-export")) =>
        {
            let args = command.args();
            found.extend(
                args.windows(2).filter(|pair| pair[0].text == "-file").map(|pair| (Access::Write, &pair[1])),
            );
        }
        // openssl's files come by option (`option_reads`); its operands are no file.
        "openssl" => {}
        _ if NAME_ONLY.binary_search(&name).is_ok() => {}
        // A program none of these lists knows, given a file by name, may print it or send it
        // on (`csvlook .env`, `man -l .env`, `mlr cat .env`): as the rules count it, it reads
        // it. Programs that take files by name only (`ls`, `stat`) or text (`echo`) are
        // listed apart.
        // The value of a long option is where a program is told which credentials to use
        // (`--kubeconfig F`, `--key-file F`), not what to show.
        _ => {
            let args = command.args();
            let after_long_option = |word: &Word| {
                let at = args.iter().position(|arg| std::ptr::eq(arg, word)).unwrap_or_default();
                at > 0 && args[at - 1].text.starts_with("--") && !args[at - 1].text.contains('=')
            };
            // Only the names the line spells: an unknown program's run-time operand (`eval
            // "$(ssh-agent -s)"`) is not taken for a file it reads; nor is a first operand that
            // is a bare word, a subcommand by its looks (`rtk git status`, `tool build`).
            // Other bare words are looked at only where a secret may be named without a dot
            // (`id_rsa`, `credentials`): matching every word against every glob costs a call
            // as much as the rest of its work.
            let bare = |word: &Word| !word.text.contains(['.', '/', '~']);
            let subcommand = |at: usize, word: &Word| {
                bare(word) && (at == 0 || !(word.text.starts_with("id_") || word.text.contains("credential")))
            };
            found.extend(
                operands
                    .iter()
                    .enumerate()
                    .filter(|(at, word)| !word.dynamic && !after_long_option(word) && !subcommand(*at, word))
                    .map(|(_, word)| (Access::Read, *word)),
            );
        }
    }
    found.extend(option_outputs(name, command.args()).into_iter().map(|word| (Access::Write, word)));
    found
}

/// The words a runner hands the project's program it runs: `cargo run … -- ARGS`, `go run
/// PKG ARGS` (or `F.go… ARGS`), `python S.py ARGS`, `node S.js ARGS`. Only a few names reach
/// past the first comparison.
fn own_program_arguments<'w>(name: &str, args: &'w [Word]) -> Option<&'w [Word]> {
    let first = args.first()?;
    let rest = &args[1..];
    match name {
        "cargo" if matches!(first.text.as_str(), "run" | "r") => {
            let dashes = rest.iter().position(|w| w.text == "--")?;
            Some(&rest[dashes + 1..])
        }
        "go" if first.text == "run" => {
            const VALUED: &[&str] = &[
                "-tags",
                "-ldflags",
                "-gcflags",
                "-asmflags",
                "-mod",
                "-exec",
                "-o",
                "-p",
                "-C",
                "-modfile",
                "-overlay",
                "-toolexec",
            ];
            let mut at = 0;
            while let Some(word) = rest.get(at).filter(|w| w.text.starts_with('-')) {
                at += if VALUED.contains(&word.text.as_str()) { 2 } else { 1 };
            }
            let program = rest.get(at..)?;
            let files = program.iter().take_while(|w| w.text.ends_with(".go")).count();
            program.get(files.max(1)..)
        }
        _ if name.starts_with("python") || matches!(name, "node" | "nodejs") => {
            let js = |text: &str| {
                text.rsplit_once('.').is_some_and(|(_, ext)| super::loaded::JS_EXTENSIONS.contains(&ext))
            };
            let script = args.iter().position(|w| !w.text.starts_with('-'))?;
            let inline = args[..script]
                .iter()
                .any(|w| matches!(w.text.as_str(), "-c" | "-m" | "-e" | "-p" | "--eval" | "--print"));
            let text = args[script].text.as_str();
            let is_script = if name.starts_with("python") { text.ends_with(".py") } else { js(text) };
            (is_script && !inline).then(|| &args[script + 1..])
        }
        _ => None,
    }
}

/// Whether the chmod `mode` only takes access away and leaves the owner able to read (`600`,
/// `0400`, `go-rwx`, `o=`, `a-w`, `u=rw,go=`), or only gives the owner more (`u+w`, `u+rwX`):
/// nobody else gains anything and nothing the owner runs or reads is taken. Not `000`, `644`,
/// `u-r`, `a-r`, `+x` or `u-x`.
fn closes_to_others(mode: &str) -> bool {
    let digits = mode.strip_prefix('0').filter(|rest| rest.len() == 3).unwrap_or(mode);
    if digits.len() == 3 && digits.bytes().all(|b| (b'0'..=b'7').contains(&b)) {
        return digits.as_bytes()[0] & 4 != 0 && digits.ends_with("00");
    }
    mode.split(',').all(|clause| {
        let who_end = clause.find(['-', '=', '+']).unwrap_or(clause.len());
        let (who, rest) = clause.split_at(who_end);
        let owner = who.is_empty() || who.contains(['u', 'a']);
        if !who.bytes().all(|b| matches!(b, b'u' | b'g' | b'o' | b'a')) {
            return false;
        }
        match (rest.as_bytes().first(), &rest.get(1..).unwrap_or_default()) {
            // Taking away: anything from group and others, anything but reading from the owner.
            (Some(b'-'), perms) => !(perms.is_empty() || owner && perms.contains('r')),
            // Giving: to the owner alone.
            (Some(b'+'), perms) => {
                who.bytes().all(|b| b == b'u')
                    && !who.is_empty()
                    && perms.bytes().all(|b| b"rwxX".contains(&b))
            }
            // Setting: nothing for group and others, or the owner's own with reading kept.
            (Some(b'='), perms) => {
                let owner_only = who.bytes().all(|b| b == b'u') && !who.is_empty();
                if owner_only { perms.contains('r') } else { !owner && perms.is_empty() }
            }
            _ => false,
        }
    })
}

/// Whether the chmod `mode` leaves the owner without execute: a number whose owner digit is
/// even (`600`), or a clause taking `x` from the owner (`u-x`, `a-x`, `u=rw`).
fn takes_owner_execute(mode: &str) -> bool {
    let digits = mode.strip_prefix('0').filter(|rest| rest.len() == 3).unwrap_or(mode);
    if digits.len() == 3 && digits.bytes().all(|b| (b'0'..=b'7').contains(&b)) {
        return digits.as_bytes()[0] & 1 == 0;
    }
    mode.split(',').any(|clause| {
        let who_end = clause.find(['-', '=']).unwrap_or(clause.len());
        let (who, rest) = clause.split_at(who_end);
        let owner = who.is_empty() || who.contains(['u', 'a']);
        owner && (rest.starts_with('-') && rest.contains('x') || rest.starts_with('=') && !rest.contains('x'))
    })
}

/// The directory a package install writes its files into, when the line names one:
/// `pip install --target DIR` (`python3 -m pip` too), `cabal install --installdir=DIR`, `zig build --prefix DIR`
/// (`/usr/local/bin` or a system site-packages as much as a project's `./vendor`).
fn install_directory<'c>(name: &str, args: &'c [Word]) -> Option<&'c Word> {
    // `python3 -m pip install --target DIR` is pip's.
    if name.starts_with("python") && args.len() > 2 && args[0].text == "-m" && args[1].text == "pip" {
        return install_directory("pip", &args[2..]);
    }
    let (verb, options): (&str, &[&str]) = match name {
        "pip" | "pip3" => ("install", &["-t", "--target"]),
        "cabal" => ("install", &["--installdir"]),
        "zig" => ("build", &["-p", "--prefix"]),
        _ => return None,
    };
    if args.first().is_none_or(|w| w.text != verb) {
        return None;
    }
    args.iter().enumerate().find_map(|(at, arg)| {
        let text = arg.text.as_str();
        if options.contains(&text) {
            return args.get(at + 1);
        }
        options
            .iter()
            .any(|option| text.strip_prefix(option).is_some_and(|v| v.starts_with('=')))
            .then_some(arg)
    })
}

/// Files a command writes through an option or a second operand: `sort -o F`, `shuf -o F`,
/// `iconv -o F`, `openssl … -out F`, `gpg -o F`, `xxd -r IN F`, `cc -o F`, `go build -o F`,
/// `find -fprint F`, `-fprintf F`, `-fls F`, sed's `w F` command; and the binaries a binary
/// editor rewrites ([`binary_edits`]).
fn option_outputs<'c>(name: &str, args: &'c [Word]) -> Vec<&'c Word> {
    let mut outputs = Vec::new();
    if matches!(name, "strip" | "llvm-strip" | "objcopy" | "llvm-objcopy" | "patchelf" | "install_name_tool")
    {
        return binary_edits(name, args);
    }
    if let Some(dir) = install_directory(name, args) {
        outputs.push(dir);
        return outputs;
    }
    if !matches!(
        name,
        "go" | "sort"
            | "shuf"
            | "iconv"
            | "openssl"
            | "gpg"
            | "gpg2"
            | "find"
            | "xxd"
            | "cc"
            | "gcc"
            | "g++"
            | "c++"
            | "clang"
            | "clang++"
            | "tcc"
            | "ld"
            | "rustc"
            | "zig"
            | "deno"
            | "bun"
    ) {
        return outputs;
    }
    // `deno compile -o F`, `bun build --compile --outfile F`: the compiled program.
    let (long, short): (&[&str], &[&str]) = match (name, args.first().map(|a| a.text.as_str())) {
        ("deno", Some("compile")) => (&["--output"], &["-o"]),
        ("bun", Some("build")) => (&["--outfile"], &[]),
        ("deno" | "bun", _) => return outputs,
        _ => (&[], &[]),
    };
    if !long.is_empty() {
        for (at, arg) in args.iter().enumerate() {
            let text = arg.text.as_str();
            if long.contains(&text) || short.contains(&text) {
                outputs.extend(args.get(at + 1));
            } else if long.iter().any(|option| text.strip_prefix(option).is_some_and(|v| v.starts_with('=')))
            {
                outputs.push(arg);
            }
        }
        return outputs;
    }
    for (at, arg) in args.iter().enumerate() {
        let next = args.get(at + 1);
        match (name, arg.text.as_str()) {
            ("sort" | "shuf" | "iconv" | "gpg" | "gpg2", "-o" | "--output")
            | ("openssl", "-out")
            | ("find", "-fprint" | "-fprint0" | "-fprintf" | "-fls")
            | ("cc" | "gcc" | "g++" | "c++" | "clang" | "clang++" | "tcc" | "ld" | "rustc" | "zig", "-o") => {
                outputs.extend(next);
            }
            // `go build -o F`, `go test -c -o F`, `go tool link -o F`; not `go run . -o F`,
            // whose `-o` is the program's.
            ("go", "-o" | "--o") if go_builds(args) => outputs.extend(next),
            ("go", text) if go_builds(args) && (text.starts_with("-o=") || text.starts_with("--o=")) => {
                outputs.push(arg);
            }
            ("sort" | "shuf" | "iconv" | "gpg" | "gpg2", text)
                if text.starts_with("--output=") || text.starts_with("-o") && text.len() > 2 =>
            {
                outputs.push(arg);
            }
            // `gcc -oF`: no other option of theirs starts with `-o`.
            ("cc" | "gcc" | "g++" | "c++" | "clang" | "clang++" | "tcc" | "ld" | "rustc" | "zig", text)
                if text.starts_with("-o") && text.len() > 2 =>
            {
                outputs.push(arg);
            }
            _ => {}
        }
    }
    if name == "xxd" && args.iter().any(|a| a.text == "-r" || a.text.starts_with("-r")) {
        let operands: Vec<&Word> = args.iter().filter(|a| !a.text.starts_with('-')).collect();
        outputs.extend(operands.get(1).copied());
    }
    outputs
}

/// Whether go's subcommand (`args`' first word) is one that writes its `-o` file.
fn go_builds(args: &[Word]) -> bool {
    args.first().is_some_and(|sub| matches!(sub.text.as_str(), "build" | "test" | "tool"))
}

/// The binaries a binary editor writes: `strip -o OUT IN` OUT, `strip F…` each F in place,
/// `objcopy IN OUT` OUT (IN in place when alone), `patchelf --set-interpreter X F…` each F
/// (or its `--output`) unless it only prints, `install_name_tool -change A B F` F. A value of
/// an option not listed here is taken for a file, as written: a wrong guess costs an ask on a
/// file the rules protect, never a binary replaced unseen.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn binary_edits<'c>(name: &str, args: &'c [Word]) -> Vec<&'c Word> {
    match name {
        "strip" | "llvm-strip" => {
            let output = args.windows(2).find(|pair| pair[0].text == "-o").map(|pair| &pair[1]);
            let output =
                output.or_else(|| args.iter().find(|a| a.text.starts_with("-o") && a.text.len() > 2));
            match output {
                Some(output) => vec![output],
                None => operands_after(args, &["-F", "-I", "-O", "-R", "-K", "-N"]),
            }
        }
        "objcopy" | "llvm-objcopy" => {
            let operands = operands_after(
                args,
                &["-I", "-O", "-B", "-F", "-j", "-R", "-K", "-N", "-G", "-L", "-W", "-i", "-b"],
            );
            match operands.as_slice() {
                [only] => vec![*only],
                [_, written @ ..] => written.to_vec(),
                [] => Vec::new(),
            }
        }
        "patchelf" => {
            let edits = args.iter().any(|a| {
                [
                    "--set-",
                    "--add-",
                    "--remove-",
                    "--replace-",
                    "--shrink-",
                    "--clear-",
                    "--rename-",
                    "--no-default-lib",
                ]
                .iter()
                .any(|prefix| a.text.starts_with(prefix))
            });
            if !edits {
                return Vec::new();
            }
            if let Some(pair) = args.windows(2).find(|pair| pair[0].text == "--output") {
                return vec![&pair[1]];
            }
            operands_after(
                args,
                &[
                    "--set-interpreter",
                    "--interpreter",
                    "--page-size",
                    "--set-rpath",
                    "--add-rpath",
                    "--set-soname",
                    "--add-needed",
                    "--remove-needed",
                    "--replace-needed",
                    "--set-os-abi",
                    "--rename-dynamic-symbols",
                    "--clear-symbol-version",
                    "--allowed-rpath-prefixes",
                ],
            )
        }
        // Every option takes values (`-change OLD NEW`, `-id NAME`): the file is the last word.
        _ => args.last().filter(|file| !file.text.starts_with('-')).into_iter().collect(),
    }
}

/// Whether `word` is one of [`PLACES`]: a file a command writes that none of its words names.
pub(crate) fn is_place(word: &Word) -> bool {
    PLACES.iter().any(|place| std::ptr::eq(word, place))
}

/// The npm settings that change how npm saves, reports and resolves, and nothing it runs
/// or fetches from: setting them alone (`npm config set save-exact true`) is no write of
/// the configuration the rules guard.
const NPM_MANNERS: &[&str] = &[
    "audit",
    "color",
    "engine-strict",
    "fund",
    "init-author-email",
    "init-author-name",
    "init-license",
    "init-version",
    "legacy-peer-deps",
    "loglevel",
    "package-lock",
    "prefer-offline",
    "progress",
    "save-exact",
    "save-prefix",
    "update-notifier",
];

/// `set KEY VALUE…` or `set KEY=VALUE…` (after `config`) whose every key is one of the
/// [`NPM_MANNERS`].
fn sets_only_npm_manners(words: &[&Word]) -> bool {
    let [verb, rest @ ..] = words else { return false };
    if verb.text != "set" || rest.is_empty() || rest.iter().any(|w| w.dynamic) {
        return false;
    }
    let mut at = 0;
    while let Some(word) = rest.get(at) {
        let (key, inline) = match word.text.split_once('=') {
            Some((key, _)) => (key, true),
            None => (word.text.as_str(), false),
        };
        if !NPM_MANNERS.contains(&key) {
            return false;
        }
        at += if inline { 1 } else { 2 };
    }
    true
}

/// Places a command writes or reads that none of its words names (`crontab` the cron spool,
/// `useradd` `/etc/passwd`, `git config --global` `~/.gitconfig`, `systemctl enable` a unit
/// directory, `getent shadow` `/etc/shadow`, `ssh-copy-id localhost` `~/.ssh/authorized_keys`),
/// as words for the `[files]` rules, each with the path that stands for it
/// ([`PLACE_PATHS`], at the same index): a path the built-in globs cover.
static PLACES: [Word; 34] = [PLACE; 34];
const PLACE: Word = Word { text: String::new(), raw: String::new(), dynamic: false, glob: false };
const PLACE_PATHS: [&str; 34] = [
    "/var/spool/cron/crontabs/user",
    "/etc/passwd",
    "~/.gitconfig",
    "/etc/gitconfig",
    ".git/config",
    "~/.config/systemd/user/unit",
    "/etc/systemd/system/unit",
    "/var/spool/cron/atjobs/job",
    "~/Library/LaunchAgents/job.plist",
    "/Library/LaunchDaemons/job.plist",
    "/var/lib/systemd/linger/user",
    "~/.npmrc",
    "~/.config/pip/pip.conf",
    "/etc/sudoers",
    "/etc/shadow",
    "/etc/gshadow",
    "~/.ssh/authorized_keys",
    "a.out",
    "~/Library/Preferences/com.apple.loginwindow.plist",
    "~/Library/Application Support/com.apple.backgroundtaskmanagementagent/backgrounditems.btm",
    "/etc/rc.d/service",
    "~/.pm2/dump.pm2",
    "~/.config/fish/fish_variables",
    "~/NTUSER.DAT",
    "/Windows/System32/config/SOFTWARE",
    "/Windows/System32/config/SYSTEM",
    "/Windows/System32/Tasks/task",
    "/Windows/System32/wbem/Repository/OBJECTS.DATA",
    "/Windows/System32/config/SAM",
    "/Windows/System32/config/SECURITY",
    "~/.config/pypoetry/auth.toml",
    "/etc/rc.conf",
    "~/Library/Preferences/com.apple.Terminal.plist",
    "~/Library/Preferences/com.googlecode.iterm2.plist",
];
const CRON_SPOOL: usize = 0;
const ACCOUNTS: usize = 1;
const GLOBAL_GIT_CONFIG: usize = 2;
const SYSTEM_GIT_CONFIG: usize = 3;
const LOCAL_GIT_CONFIG: usize = 4;
const SYSTEMD_USER: usize = 5;
const SYSTEMD_SYSTEM: usize = 6;
const AT_SPOOL: usize = 7;
const LAUNCH_AGENTS: usize = 8;
const LAUNCH_DAEMONS: usize = 9;
const LINGER: usize = 10;
const NPMRC: usize = 11;
const PIP_CONF: usize = 12;
const SUDOERS: usize = 13;
const SHADOW: usize = 14;
const GSHADOW: usize = 15;
const AUTHORIZED_KEYS: usize = 16;
const A_OUT: usize = 17;
const LOGIN_WINDOW: usize = 18;
const LOGIN_ITEMS: usize = 19;
const BOOT_SCRIPTS: usize = 20;
const PM2_DUMP: usize = 21;
const FISH_VARIABLES: usize = 22;
const POETRY_AUTH: usize = 30;
const RC_CONF: usize = 31;
const TERMINAL: usize = 32;
const ITERM: usize = 33;

/// The index in [`PLACES`] of a Windows place.
fn windows_place(place: super::windows::Place) -> usize {
    use super::windows::Place;
    match place {
        Place::UserRegistry => 23,
        Place::SystemRegistry => 24,
        Place::SystemHive => 25,
        Place::Tasks => 26,
        Place::Wmi => 27,
        Place::Sam => 28,
        Place::Security => 29,
    }
}

/// Whether AppleScript (or JavaScript for Automation) code given with `-e` adds a login item.
fn makes_login_item(args: &[Word]) -> bool {
    args.windows(2).filter(|pair| pair[0].text == "-e").any(|pair| {
        let code = pair[1].text.to_ascii_lowercase().replace(char::is_whitespace, "");
        (code.contains("loginitem") || code.contains("loginitems"))
            && ["make", "push", "add", "new"].iter().any(|verb| code.contains(verb))
    })
}

/// Whether `host` names this machine: the loopback names and addresses, or its host name
/// (read from `/etc/hostname` only for the one command that asks).
pub(super) fn is_this_machine(host: &str) -> bool {
    let host = host.trim_matches(['[', ']']).to_ascii_lowercase();
    matches!(host.as_str(), "localhost" | "localhost.localdomain" | "ip6-localhost" | "::1" | "0.0.0.0" | "0")
        || host.starts_with("127.")
        || std::fs::read_to_string("/etc/hostname")
            .is_ok_and(|name| !name.trim().is_empty() && name.trim().eq_ignore_ascii_case(&host))
}

/// Whether `git config KEY VALUE` makes later git commands, in any session, run code nobody
/// has read: a command key (`core.pager`, `core.fsmonitor`, `filter.x.clean`,
/// `remote.x.uploadpack`, ...), a `!` alias or credential helper, hooks, templates or included
/// configuration from elsewhere, the `ext::` transport allowed. The everyday values are left
/// alone: a bare program with plain options (`vim`, `code --wait`, `less -R`, `store`, an
/// alias without `!`), and `core.hooksPath .githooks` inside the project.
fn runs_code(key: &Word, value: &Word) -> bool {
    let lower = key.text.to_ascii_lowercase();
    match lower.as_str() {
        "core.hookspath" => value.dynamic || git_path_outside(&value.text),
        "include.path" | "init.templatedir" => true,
        "protocol.allow" | "protocol.ext.allow" => {
            value.dynamic || matches!(value.text.as_str(), "always" | "user")
        }
        _ if lower.starts_with("includeif.") => true,
        _ => git_setting_command(&key.text, value).is_some_and(|line| !everyday_program(&line)),
    }
}

/// A command line that runs one program found on `PATH` with plain options: no shell syntax,
/// no path to a program, no shell or interpreter that would run a script operand, nothing
/// the analyser peels as a wrapper (`env X`, `nice X`), and no path inside an option's value.
fn everyday_program(line: &Word) -> bool {
    // git's own placeholders for a diff or merge tool (`code --wait $REMOTE $LOCAL`) and a
    // quoted plain option value (`vim -c 'set tw=72'`) are plain too.
    let mut text = line.text.trim().to_string();
    for placeholder in ["$REMOTE", "$LOCAL", "$BASE", "$MERGED"] {
        text = text.replace(&format!("\"{placeholder}\""), "file").replace(placeholder, "file");
    }
    let plain = |b: u8| b.is_ascii_alphanumeric() || b" _.,:=+@%^~/-".contains(&b);
    let mut pieces = text.split('\'');
    let mut unquoted = pieces.next().unwrap_or_default().to_string();
    for (at, piece) in pieces.enumerate() {
        let quoted = at % 2 == 0;
        if quoted && !piece.bytes().all(plain) {
            return false;
        }
        unquoted.push_str(if quoted { "x" } else { piece });
    }
    let text = unquoted.as_str();
    if line.dynamic || !text.bytes().all(plain) {
        return false;
    }
    let mut words = text.split(' ').filter(|w| !w.is_empty());
    let Some(program) = words.next() else { return true };
    // A program from the system's own directories by path (git's contrib helpers) is one too.
    let system = ["/usr/bin/", "/usr/local/bin/", "/usr/share/", "/usr/lib/", "/opt/homebrew/", "/bin/"]
        .iter()
        .any(|dir| program.starts_with(dir) && !program.contains(".."));
    if program.starts_with(['-', '.', '~'])
        || program.contains('/') && !system
        || script_file::is_runner(crate::shell::base_name(program))
    {
        return false;
    }
    if words.any(|w| w.contains('=') && w.contains(['/', '~'])) {
        return false;
    }
    let analysis = crate::shell::analyse(text, crate::shell::Dialect::Posix);
    let base = crate::shell::base_name(program);
    matches!(analysis.commands.as_slice(), [only] if only.via.is_empty() && only.name().is_some_and(|name| name == program || name == base))
        && !analysis.incomplete
}

/// The files `curl` (`-o F`, `--output F`, `-oF`, a cluster ending in `o`) and `wget` (`-O F`,
/// `--output-document=F`) write.
fn download_targets<'w>(name: &str, args: &'w [Word]) -> Vec<&'w Word> {
    let mut targets = Vec::new();
    let output = if name == "curl" { 'o' } else { 'O' };
    for (at, arg) in args.iter().enumerate() {
        let text = arg.text.as_str();
        match text {
            "--output" | "--output-document" => targets.extend(args.get(at + 1)),
            _ if text.starts_with("--output=") || text.starts_with("--output-document=") => targets.push(arg),
            _ if text.starts_with('-') && !text.starts_with("--") && text[1..].ends_with(output) => {
                targets.extend(args.get(at + 1));
            }
            _ => {}
        }
    }
    targets.retain(|word| word.text != "-");
    targets
}

/// The directories `command` writes into with names it does not know before it runs:
/// extraction (`tar -x -C D`, `unzip -d D`, `7z x -oD`, `dpkg-deb -x PKG D`), clones and work trees
/// (`git clone URL D`, `git -C D checkout .`, `git --work-tree D reset --hard`), downloads whose
/// names the server picks (`wget -r -P D`, `curl -J --output-dir D -O`), and copies of a tree's
/// contents (`rsync -a SRC/ D`, `cp -r SRC/. D`): whatever names the archive, the diff, the
/// server or the source tree holds are made there. An extractor run after a `cd` writes into
/// that directory (`cd ~ && tar xf x.tar`).
pub(crate) fn directory_writes(command: &SimpleCommand) -> Vec<Cow<'_, str>> {
    // Most commands are none of these: decided on the bare name, with nothing allocated.
    let Some(name) = command.name().filter(|name| {
        matches!(
            *name,
            "tar"
                | "gtar"
                | "bsdtar"
                | "unzip"
                | "7z"
                | "7za"
                | "7zz"
                | "unrar"
                | "cpio"
                | "dpkg"
                | "dpkg-deb"
                | "aria2c"
                | "wget"
                | "curl"
                | "git"
                | "cp"
                | "rsync"
                | "ditto"
                | "aws"
                | "gsutil"
                | "gcloud"
                | "rclone"
                | "docker"
                | "podman"
                | "kubectl"
                | "oc"
                | "cargo"
        )
    }) else {
        return Vec::new();
    };
    let args = command.args();
    let after = |options: &[&str]| -> Vec<Cow<'_, str>> {
        args.iter()
            .enumerate()
            .filter_map(|(at, arg)| {
                let text = arg.text.as_str();
                if options.contains(&text) {
                    return args.get(at + 1).map(|value| Cow::Borrowed(value.text.as_str()));
                }
                options.iter().filter(|o| o.starts_with("--")).find_map(|o| {
                    text.strip_prefix(o).and_then(|rest| rest.strip_prefix('=')).map(Cow::Borrowed)
                })
            })
            .collect()
    };
    match name {
        "tar" | "gtar" | "bsdtar" => {
            let dirs = after(&["-C", "--directory"]);
            if extracts(args) { or_moved(command, extraction_dirs(args, dirs)) } else { dirs }
        }
        "unzip" => or_moved(command, after(&["-d"])),
        // `cargo build --artifact-dir D`: the binaries, named by the manifests, copied into D.
        "cargo" => after(&["--artifact-dir", "--out-dir"]),
        "7z" | "7za" | "7zz"
            if operands(args).first().is_some_and(|mode| matches!(mode.text.as_str(), "x" | "e")) =>
        {
            let dirs: Vec<Cow<'_, str>> = args
                .iter()
                .filter_map(|arg| {
                    arg.text.strip_prefix("-o").filter(|dir| !dir.is_empty()).map(Cow::Borrowed)
                })
                .collect();
            or_moved(command, dirs)
        }
        // `unrar x archive.rar DIR/`: a last operand that ends in `/` is the directory.
        "unrar" if operands(args).first().is_some_and(|mode| matches!(mode.text.as_str(), "x" | "e")) => {
            match operands(args).last().filter(|dir| dir.text.ends_with('/')) {
                Some(dir) => vec![Cow::Borrowed(dir.text.as_str())],
                None => or_moved(command, Vec::new()),
            }
        }
        "cpio" if has_short_flag(command, &['i']) => or_moved(command, after(&["-D", "--directory"])),
        // `dpkg-deb -x PKG DIR` (`-X`, `-R`, and dpkg's `-x`, `-X`): the package's tree in DIR.
        "dpkg" | "dpkg-deb"
            if args.iter().any(|a| {
                matches!(a.text.as_str(), "-x" | "-X" | "--extract" | "--vextract")
                    || name == "dpkg-deb" && matches!(a.text.as_str(), "-R" | "--raw-extract")
            }) =>
        {
            operands(args).last().map(|dir| Cow::Borrowed(dir.text.as_str())).into_iter().collect()
        }
        "aria2c" => after(&["-d", "--dir"]),
        "wget" if download_names_unknown(name, args) => {
            or_moved(command, after(&["-P", "--directory-prefix"]))
        }
        "curl" if download_names_unknown(name, args) => or_moved(command, after(&["--output-dir"])),
        "git" => git_work_tree_writes(command),
        "cp" | "rsync" if copies_contents(name, args) => {
            let target = target_directory(name, args).or_else(|| operands(args).last().copied());
            target.map(|dir| Cow::Borrowed(dir.text.as_str())).into_iter().collect()
        }
        // `ditto SRC DEST` copies SRC's contents.
        "ditto" => match operands(args).as_slice() {
            [_, .., dest] => vec![Cow::Borrowed(dest.text.as_str())],
            _ => Vec::new(),
        },
        // A bucket or remote tree brought to this machine (`aws s3 sync s3://b ~/`, `rclone copy
        // remote:dots ~`, `gsutil cp -r`), or a container's (`docker cp c:/root/. ~`).
        "aws" | "gsutil" | "gcloud" | "rclone" | "docker" | "podman" | "kubectl" | "oc" => {
            let operands = operands(args);
            let words: Vec<&str> = operands.iter().map(|word| word.text.as_str()).collect();
            let recursive = args.iter().any(|a| matches!(a.text.as_str(), "-r" | "-R" | "--recursive"));
            let tree = match (name, words.as_slice()) {
                ("aws", ["s3", "sync", ..])
                | ("gsutil", ["rsync", ..])
                | ("gcloud", ["storage", "rsync", ..]) => true,
                ("aws", ["s3", "cp", ..]) | ("gsutil", ["cp", ..]) | ("gcloud", ["storage", "cp", ..]) => {
                    recursive
                }
                ("rclone", ["copy" | "sync" | "move", ..]) => true,
                ("docker" | "podman" | "kubectl" | "oc", ["cp", source, _]) => source.ends_with("/."),
                _ => false,
            };
            let dest = operands.last().filter(|dest| tree && is_local(&dest.text));
            dest.map(|dest| Cow::Borrowed(dest.text.as_str())).into_iter().collect()
        }
        _ => Vec::new(),
    }
}

/// The directories `command` fills with files brought from elsewhere, which nobody has read:
/// a clone (`git clone URL [D]`), an archive extracted into a directory (`tar -x -C D`,
/// `unzip -d D`), a download of a tree (`wget -r -P D`). Copies and checkouts of the
/// project's own files are not among them (their files are the project's).
pub(crate) fn fills(command: &SimpleCommand) -> Vec<Cow<'_, str>> {
    match command.name() {
        Some("git") => {
            let argv = &command.argv;
            let at = crate::shell::git_subcommand(argv);
            if argv.get(at).is_none_or(|w| w.text != "clone") {
                return Vec::new();
            }
            let dirs = directory_writes(command);
            if !dirs.is_empty() {
                return dirs;
            }
            // `git clone URL`: the repository's last path component, without `.git`.
            let url = argv[at + 1..].iter().rfind(|w| !w.text.starts_with('-') && !w.dynamic);
            url.and_then(|url| {
                let last = url.text.trim_end_matches('/').rsplit(['/', ':']).next()?;
                let name = last.strip_suffix(".git").unwrap_or(last);
                (!name.is_empty() && name != "." && name != "..").then(|| Cow::Owned(name.to_string()))
            })
            .into_iter()
            .collect()
        }
        Some(
            "tar" | "gtar" | "bsdtar" | "unzip" | "7z" | "7za" | "7zz" | "unrar" | "cpio" | "dpkg"
            | "dpkg-deb" | "wget" | "aria2c",
        ) => directory_writes(command),
        _ => Vec::new(),
    }
}

/// Whether a copy's target is on this machine: no URL scheme (`s3://`, `gs://`) and no
/// remote of rclone's (`remote:path`).
fn is_local(text: &str) -> bool {
    !text.contains("://") && !text.split('/').next().is_some_and(|first| first.contains(':'))
}

/// The directories of `dirs` (tar's `-C` values, in order) that members are extracted into:
/// each `-C` holds for the members after it, so one followed by another `-C` before any
/// member (`tar -xf a.tar -C ~ -C out`) extracts nothing there; the last one takes the rest.
fn extraction_dirs<'c>(args: &[Word], dirs: Vec<Cow<'c, str>>) -> Vec<Cow<'c, str>> {
    let changes: Vec<usize> = args
        .iter()
        .enumerate()
        .filter(|(_, arg)| {
            matches!(arg.text.as_str(), "-C" | "--directory") || arg.text.starts_with("--directory=")
        })
        .map(|(at, _)| at)
        .collect();
    if changes.len() != dirs.len() {
        return dirs;
    }
    let used = |n: usize| {
        let from = changes[n] + if args[changes[n]].text.contains('=') { 1 } else { 2 };
        let to = changes.get(n + 1).copied().unwrap_or(args.len());
        to == args.len()
            || args.get(from..to).is_some_and(|between| between.iter().any(|w| !w.text.starts_with('-')))
    };
    dirs.into_iter().enumerate().filter(|(n, _)| used(*n)).map(|(_, dir)| dir).collect()
}

/// `dirs`, or for an extractor told no directory, the one a `cd` of the line moved it to.
fn or_moved<'c>(command: &SimpleCommand, dirs: Vec<Cow<'c, str>>) -> Vec<Cow<'c, str>> {
    if dirs.is_empty() && command.cwd.is_some() { vec![Cow::Borrowed(".")] } else { dirs }
}

/// tar (or bsdtar) in extract mode: `-x`, `--extract`, `--get`, a first cluster holding `x`.
fn extracts(args: &[Word]) -> bool {
    args.iter().enumerate().any(|(at, arg)| {
        let text = arg.text.as_str();
        matches!(text, "--extract" | "--get")
            || text.strip_prefix('-').or((at == 0).then_some(text)).is_some_and(|cluster| {
                !cluster.starts_with('-')
                    && cluster.bytes().all(|b| b.is_ascii_alphabetic())
                    && cluster.contains('x')
            })
    })
}

/// The directory git writes its work tree into for a subcommand that checks files out with
/// names from the repository (`checkout`, `switch`, `reset --hard`, `restore`, `stash pop`,
/// `pull`, `merge`, ...), when the line says where that is: `-C D`, `--work-tree D`,
/// `GIT_WORK_TREE=D`, or a `cd`. `git clone URL D` and `git worktree add D` make a new one.
fn git_work_tree_writes(command: &SimpleCommand) -> Vec<Cow<'_, str>> {
    let argv = &command.argv;
    let at = git_subcommand(argv);
    let Some(subcommand) = argv.get(at).map(|w| w.text.as_str()) else { return Vec::new() };
    let rest = &argv[at + 1..];
    let plain: Vec<&Word> = rest.iter().filter(|a| !a.text.starts_with('-')).collect();
    match subcommand {
        "clone" if plain.len() >= 2 => {
            return plain.last().map(|dir| Cow::Borrowed(dir.text.as_str())).into_iter().collect();
        }
        "worktree" if plain.first().is_some_and(|verb| verb.text == "add") => {
            return plain.get(1).map(|dir| Cow::Borrowed(dir.text.as_str())).into_iter().collect();
        }
        _ => {}
    }
    let checks_out = match subcommand {
        "checkout" | "switch" | "restore" | "pull" | "merge" | "rebase" | "cherry-pick" | "revert" | "am"
        | "apply" | "checkout-index" => true,
        "reset" => rest.iter().any(|a| matches!(a.text.as_str(), "--hard" | "--merge" | "--keep")),
        "stash" => plain.first().is_some_and(|verb| matches!(verb.text.as_str(), "pop" | "apply")),
        "read-tree" => rest.iter().any(|a| a.text == "-u"),
        _ => false,
    };
    if !checks_out {
        return Vec::new();
    }
    match git_work_tree(command) {
        Some(dir) => vec![dir],
        None if command.cwd.is_some() => vec![Cow::Borrowed(".")],
        None => Vec::new(),
    }
}

/// The work tree a git command names: `--work-tree D` (or `=D`), `GIT_WORK_TREE=D`, else the
/// directories of its `-C` options, one after the other.
pub(crate) fn git_work_tree(command: &SimpleCommand) -> Option<Cow<'_, str>> {
    let argv = &command.argv;
    let globals = &argv[1..git_subcommand(argv).min(argv.len())];
    let mut chdir: Option<Cow<'_, str>> = None;
    for (at, word) in globals.iter().enumerate() {
        let value = || globals.get(at + 1).map(|w| w.text.as_str());
        match word.text.as_str() {
            "--work-tree" => return value().map(Cow::Borrowed),
            text if text.starts_with("--work-tree=") => {
                return Some(Cow::Borrowed(&text["--work-tree=".len()..]));
            }
            "-C" => {
                let Some(dir) = value() else { continue };
                chdir = Some(match chdir {
                    Some(before) if !dir.starts_with(['/', '~', '$']) => {
                        Cow::Owned(format!("{before}/{dir}"))
                    }
                    _ => Cow::Borrowed(dir),
                });
            }
            _ => {}
        }
    }
    command
        .assignments
        .iter()
        .find(|(name, _)| name == "GIT_WORK_TREE")
        .map(|(_, dir)| Cow::Borrowed(dir.text.as_str()))
        .or(chdir)
}

/// Whether a download names its file after something only the server knows: curl's
/// `-J`/`--remote-header-name`, wget's `--content-disposition`, `--trust-server-names`, a
/// recursive or mirroring wget, a wget reading its URLs from a file, or a URL known only at run
/// time.
fn download_names_unknown(name: &str, args: &[Word]) -> bool {
    if name == "curl" {
        let remote_name = args.iter().any(|a| {
            matches!(a.text.as_str(), "--remote-name" | "--remote-name-all")
                || short_cluster(&a.text).is_some_and(|cluster| cluster.contains('O'))
        });
        let header = args.iter().any(|a| {
            a.text == "--remote-header-name"
                || short_cluster(&a.text).is_some_and(|cluster| cluster.contains('J'))
        });
        return remote_name && (header || urls(args).any(|url| url.dynamic));
    }
    if !download_targets(name, args).is_empty() {
        return false;
    }
    args.iter().any(|a| {
        matches!(
            a.text.as_str(),
            "--content-disposition"
                | "--trust-server-names"
                | "--recursive"
                | "--mirror"
                | "-r"
                | "-m"
                | "-i"
        ) || a.text.starts_with("--input-file")
    }) || urls(args).any(|url| url.dynamic)
}

/// Whether `cp`'s options make hard links: `-l` in a cluster, `--link` or an abbreviation of it
/// (GNU accepts any unambiguous prefix, `--li`).
pub(super) fn hard_links(args: &[Word]) -> bool {
    args.iter().any(|a| {
        short_cluster(&a.text).is_some_and(|cluster| cluster.contains('l'))
            || a.text.len() >= 3 && "--link".starts_with(a.text.as_str())
    })
}

/// A short option cluster without its `-` (`-sSLO` → `sSLO`); `None` for other words.
fn short_cluster(text: &str) -> Option<&str> {
    text.strip_prefix('-').filter(|cluster| {
        !cluster.is_empty() && !cluster.starts_with('-') && cluster.bytes().all(|b| b.is_ascii_alphanumeric())
    })
}

/// The URL operands of a download, dynamic ones as written.
fn urls(args: &[Word]) -> impl Iterator<Item = &Word> {
    args.iter().filter(|a| a.text.contains("://") || a.dynamic && !a.text.starts_with('-'))
}

/// The file name a download of `url` is saved as by default: the last part of its path,
/// without the query; `None` when the URL ends in `/`, has no path, or is known only at run
/// time.
fn url_file_name(url: &Word) -> Option<&str> {
    if url.dynamic {
        return None;
    }
    let path = url.text.split_once("://")?.1.split(['?', '#']).next()?;
    let (_, path) = path.split_once('/')?;
    path.rsplit('/').next().filter(|name| !name.is_empty() && *name != "." && *name != "..")
}

/// The files a download makes under names taken from its URLs: `curl -O URL` (with
/// `--output-dir D`), `wget URL` (with `-P D`): the directory joined with each URL's file name.
pub(crate) fn downloaded_into(command: &SimpleCommand) -> Vec<String> {
    let Some(name) = command.name().filter(|name| matches!(*name, "curl" | "wget")) else {
        return command
            .name()
            .filter(|name| object_store(name))
            .map(|_| objects_into(command))
            .unwrap_or_default();
    };
    let args = command.args();
    let (named, dir_option) = if name == "curl" {
        let remote_name = args.iter().any(|a| {
            matches!(a.text.as_str(), "--remote-name" | "--remote-name-all")
                || short_cluster(&a.text).is_some_and(|cluster| cluster.contains('O'))
        });
        (remote_name, "--output-dir")
    } else {
        (download_targets(name, args).is_empty(), "-P")
    };
    if !named {
        return Vec::new();
    }
    let dir = args
        .iter()
        .enumerate()
        .find_map(|(at, arg)| {
            let text = arg.text.as_str();
            if text == dir_option || name == "wget" && text == "--directory-prefix" {
                return args.get(at + 1).map(|w| w.text.as_str());
            }
            text.strip_prefix(dir_option)
                .and_then(|rest| rest.strip_prefix('='))
                .or_else(|| text.strip_prefix("--directory-prefix="))
        })
        .unwrap_or(".");
    // wget saves a URL that names no file as `index.html`.
    let fallback = (name == "wget").then_some("index.html");
    urls(args)
        .filter(|url| !url.dynamic)
        .filter_map(|url| url_file_name(url).or(fallback))
        .map(|file| format!("{}/{file}", dir.trim_end_matches('/')))
        .collect()
}

/// The files a copy of remote objects into a directory of this machine makes, named for the
/// objects: `gsutil cp gs://b/.bashrc ~/`, `mc cp alias/b/.env .` write `~/.bashrc`, `./.env`.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn objects_into(command: &SimpleCommand) -> Vec<String> {
    let operands = operands(command.args());
    let Some(verb) = operands.iter().take(3).position(|word| {
        matches!(word.text.as_str(), "cp" | "mv" | "get" | "copy" | "copyto" | "moveto" | "move")
    }) else {
        return Vec::new();
    };
    let Some((dest, sources)) = operands[verb + 1..].split_last() else { return Vec::new() };
    let directory = matches!(dest.text.as_str(), "." | ".." | "~") || dest.text.ends_with('/');
    if dest.dynamic || !directory || !is_local(&dest.text) {
        return Vec::new();
    }
    sources
        .iter()
        .filter(|source| !source.dynamic)
        .filter_map(|source| source.text.trim_end_matches('/').rsplit(['/', ':']).next())
        .filter(|file| !file.is_empty() && !file.contains('*'))
        .map(|file| format!("{}/{file}", dest.text.trim_end_matches('/')))
        .collect()
}

/// Files a command reads that only the text of another file names, which is read from disk
/// (`here` resolves it) for these commands alone: what `docker compose config` prints (see
/// [`compose_prints`]), and the uploads of a file-transfer client's batch file (`sftp -b F`,
/// `lftp -f F`, `ftp host < F`).
pub(crate) fn named_in_files(
    analysis: &crate::shell::Analysis,
    index: usize,
    command: &SimpleCommand,
    here: &crate::project::Context,
) -> Vec<String> {
    match command.name() {
        Some("curl") => curl_config_reads(analysis, index, command, here),
        Some("docker" | "podman" | "docker-compose" | "podman-compose") => compose_prints(command, here),
        Some(name @ ("sftp" | "lftp" | "ftp" | "smbclient" | "ncftp")) => {
            let option = match name {
                "sftp" => command.args().windows(2).find(|w| w[0].text == "-b").map(|w| &w[1]),
                "lftp" => command.args().windows(2).find(|w| w[0].text == "-f").map(|w| &w[1]),
                _ => None,
            };
            let batch = option.or(match &command.stdin {
                Stdin::File(file) => Some(file),
                _ => None,
            });
            let Some(batch) = batch.filter(|file| !file.dynamic && file.text != "-") else {
                return Vec::new();
            };
            let Ok(text) = std::fs::read_to_string(super::files::resolve(&batch.text, here)) else {
                return Vec::new();
            };
            transfer_uploads(&text).into_iter().map(str::to_string).collect()
        }
        // `tar -T LIST`, `cpio -o < LIST`, `zip -@ < LIST`: every line of the list is a file
        // packed.
        Some(name @ ("tar" | "gtar" | "bsdtar" | "cpio" | "zip")) => {
            let args = command.args();
            let list = match name {
                "cpio" | "zip" => match &command.stdin {
                    Stdin::File(file)
                        if name == "zip"
                            && args.iter().any(|a| matches!(a.text.as_str(), "-@" | "--names-stdin"))
                            || name == "cpio"
                                && args.iter().any(|a| a.text.starts_with('-') && a.text.contains('o')) =>
                    {
                        Some(file)
                    }
                    _ => None,
                },
                _ => args
                    .iter()
                    .position(|a| matches!(a.text.as_str(), "-T" | "--files-from"))
                    .and_then(|at| args.get(at + 1)),
            };
            let list = list.map(|word| (word.text.as_str(), word.dynamic)).or_else(|| {
                args.iter().find_map(|a| a.text.strip_prefix("--files-from=").map(|list| (list, a.dynamic)))
            });
            let Some((list, false)) = list.filter(|(list, _)| *list != "-") else { return Vec::new() };
            let Ok(text) = std::fs::read_to_string(super::files::resolve(list, here)) else {
                return Vec::new();
            };
            text.lines().map(str::trim).filter(|line| !line.is_empty()).map(str::to_string).collect()
        }
        _ => Vec::new(),
    }
}

/// The files the configuration `curl -K F` (`--config F`) reads makes curl send: `data =
/// "@.env"`, `upload-file = x`, `form = "k=@x"`. The configuration is `-` (standard input: a
/// here-string, a heredoc or what an `echo` piped in prints), a file an earlier command of the
/// line writes, or a file on disk.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn curl_config_reads(
    analysis: &crate::shell::Analysis,
    index: usize,
    command: &SimpleCommand,
    here: &crate::project::Context,
) -> Vec<String> {
    let mut configs = option_values(command.args(), &["-K", "--config"]);
    // `-sK F`: the option last in a cluster of one-letter flags.
    configs.extend(command.args().windows(2).filter_map(|pair| {
        let flags = pair[0].text.as_str();
        (flags.len() > 2 && flags.starts_with('-') && !flags.starts_with("--") && flags.ends_with('K'))
            .then(|| (&pair[1], pair[1].text.as_str()))
    }));
    let mut files = Vec::new();
    for (word, path) in configs {
        if word.dynamic {
            continue;
        }
        let written = || {
            let commands = &analysis.commands[..index];
            commands.iter().enumerate().rev().find_map(|(at, writer)| {
                writer
                    .redirects
                    .iter()
                    .any(|r| matches!(r.op, RedirectOp::Write | RedirectOp::Append) && r.target.text == path)
                    .then(|| crate::shell::file_output(&analysis.commands, at))
                    .flatten()
            })
        };
        let text = match path {
            "-" => analysis.stdin_text(index),
            _ => written().or_else(|| std::fs::read_to_string(super::files::resolve(path, here)).ok()),
        };
        files.extend(text.iter().flat_map(|text| curl_config_files(text)));
    }
    files
}

/// The files a curl configuration's lines send: each line is a long option without its
/// dashes (or a short one with), then its value after a space, `=` or `:`, quoted or not.
fn curl_config_files(text: &str) -> Vec<String> {
    let mut files = Vec::new();
    for line in text.lines().map(str::trim).filter(|line| !line.is_empty() && !line.starts_with('#')) {
        let line = line.trim_start_matches('-');
        let at = line.find([' ', '\t', '=', ':']).unwrap_or(line.len());
        let (key, value) = line.split_at(at);
        let value = value.trim_start_matches([' ', '\t', '=', ':']).trim();
        let value = value.strip_prefix('"').and_then(|v| v.strip_suffix('"')).unwrap_or(value);
        let file = match key {
            "T" | "upload-file" => Some(value),
            "K" | "config" => Some(value),
            "url" | "url-query" if value.starts_with("file://") => Some(&value["file://".len()..]),
            "d" | "data" | "data-binary" | "data-ascii" | "data-urlencode" | "json" | "F" | "form"
            | "form-string" | "H" | "header" => uploaded_path(value),
            _ => None,
        };
        files.extend(file.filter(|file| !file.is_empty() && *file != "-").map(str::to_string));
    }
    files
}

/// The files `docker compose config` (`convert`, `docker-compose config`, `podman compose
/// config`) prints the values of: the project's `.env`, which it interpolates into the model it
/// prints, and the `env_file:` files of the compose files, whose variables it lists under each
/// service. `--services`, `--volumes` and the other listings print names only. The compose
/// files are read from disk (`here` resolves them) only for such a command; `--env-file F` is
/// the `docker` arm's.
fn compose_prints(command: &SimpleCommand, here: &crate::project::Context) -> Vec<String> {
    let Some(name) = command.name() else { return Vec::new() };
    let args = command.args();
    let args = match name {
        "docker-compose" | "podman-compose" => args,
        "docker" | "podman" => match args.iter().position(|a| a.text == "compose") {
            // `docker --context x compose config`: only docker's options before it.
            Some(at)
                if args[..at].iter().enumerate().all(|(i, a)| {
                    a.text.starts_with('-')
                        || i > 0 && args[i - 1].text.starts_with('-') && !args[i - 1].text.contains('=')
                }) =>
            {
                &args[at + 1..]
            }
            _ => return Vec::new(),
        },
        _ => return Vec::new(),
    };
    const VALUED: &[&str] = &[
        "-f",
        "--file",
        "-p",
        "--project-name",
        "--project-directory",
        "--env-file",
        "--profile",
        "--ansi",
        "--parallel",
        "--progress",
    ];
    let mut files: Vec<&str> = Vec::new();
    let mut directory = None;
    let mut env_file = false;
    let mut at = 0;
    let subcommand = loop {
        let Some(arg) = args.get(at) else { return Vec::new() };
        let (option, attached) = match arg.text.split_once('=') {
            Some((option, value)) if option.starts_with("--") => (option, Some(value)),
            _ => (arg.text.as_str(), None),
        };
        if !option.starts_with('-') {
            break option;
        }
        let value = match attached {
            Some(value) => Some(value),
            None if VALUED.contains(&option) => {
                at += 1;
                args.get(at).map(|w| w.text.as_str())
            }
            None => None,
        };
        match (option, value) {
            ("-f" | "--file", Some(file)) => files.push(file),
            ("--project-directory", Some(dir)) => directory = Some(dir),
            ("--env-file", _) => env_file = true,
            _ => {}
        }
        at += 1;
    };
    let listing = |a: &Word| {
        matches!(
            a.text.as_str(),
            "--services"
                | "--volumes"
                | "--profiles"
                | "--images"
                | "--networks"
                | "--hash"
                | "-q"
                | "--quiet"
        ) || a.text.starts_with("--hash=")
    };
    if !matches!(subcommand, "config" | "convert") || args[at + 1..].iter().any(listing) {
        return Vec::new();
    }
    let interpolates = !args[at + 1..].iter().any(|a| a.text == "--no-interpolate");
    // The project directory: `--project-directory`, else that of the first compose file.
    let directory = directory
        .or_else(|| files.first().map(|file| file.rsplit_once('/').map_or(".", |(dir, _)| dir)))
        .unwrap_or(".");
    let join = |dir: &str, file: &str| match file.starts_with(['/', '~']) || dir == "." {
        true => file.to_string(),
        false => format!("{}/{file}", dir.trim_end_matches('/')),
    };
    let mut printed = Vec::new();
    if interpolates && !env_file {
        printed.push(join(directory, ".env"));
    }
    let defaults = ["compose.yaml", "compose.yml", "docker-compose.yml", "docker-compose.yaml"];
    let compose_files: Vec<String> = match files.is_empty() {
        true => defaults.iter().map(|file| join(directory, file)).collect(),
        false => files.iter().map(|file| file.to_string()).collect(),
    };
    for file in compose_files {
        let Ok(text) = std::fs::read_to_string(super::files::resolve(&file, here)) else { continue };
        let dir = file.rsplit_once('/').map_or(".", |(dir, _)| dir);
        printed.extend(env_files(&text).into_iter().map(|env| join(dir, env)));
    }
    printed
}

/// The files the `env_file:` keys of a compose file name: `env_file: F`, a list of `- F`, or
/// of `- path: F` entries.
fn env_files(compose: &str) -> Vec<&str> {
    fn unquote(value: &str) -> &str {
        value.trim().trim_matches(['"', '\''])
    }
    let mut found = Vec::new();
    let mut lines = compose.lines().peekable();
    while let Some(line) = lines.next() {
        let Some(value) = line.trim_start().strip_prefix("env_file:") else { continue };
        let value = value.split(" #").next().unwrap_or_default().trim();
        if let Some(list) = value.strip_prefix('[').and_then(|v| v.strip_suffix(']')) {
            found.extend(list.split(',').map(unquote).filter(|f| !f.is_empty()));
        } else if !value.is_empty() {
            found.push(unquote(value));
        } else {
            while let Some(item) = lines.peek().and_then(|next| next.trim_start().strip_prefix('-')) {
                let item = item.trim_start();
                let item = item.strip_prefix("path:").unwrap_or(item);
                found.push(unquote(item));
                lines.next();
                // `- path: F` may be followed by its `required:` key.
                while lines.peek().is_some_and(|next| next.trim_start().starts_with("required:")) {
                    lines.next();
                }
            }
        }
    }
    found
}

/// The directory a dotfile manager fills from its source, which the agent may have written:
/// `stow` (its `-t`/`--target`, else the parent of its stow directory), `chezmoi apply`
/// (`update`, `init --apply`; `--destination`, else home), `yadm` checking out or merging,
/// `home-manager switch`, `rcup`, `dotbot`, `mackup restore`. `None` for a command that only
/// shows or lists.
pub(crate) fn dotfiles_applied(command: &SimpleCommand) -> Option<Cow<'_, str>> {
    let name = command.name()?;
    let args = command.args();
    let value = |options: &[&str]| {
        option_values(args, options).into_iter().next().map(|(_, value)| Cow::Borrowed(value))
    };
    let verb = args.iter().find(|a| !a.text.starts_with('-')).map(|a| a.text.as_str());
    let home = || Cow::Borrowed("~");
    match name {
        "stow" | "xstow" => Some(value(&["-t", "--target"]).unwrap_or_else(|| {
            let dir = value(&["-d", "--dir"]).unwrap_or(Cow::Borrowed("."));
            Cow::Owned(format!("{}/..", dir.trim_end_matches('/')))
        })),
        "chezmoi"
            if matches!(verb, Some("apply" | "update" | "upgrade" | "merge-all"))
                || verb == Some("init") && args.iter().any(|a| a.text == "--apply") =>
        {
            Some(value(&["-D", "--destination"]).unwrap_or_else(home))
        }
        "yadm"
            if matches!(
                verb,
                Some(
                    "clone"
                        | "checkout"
                        | "pull"
                        | "reset"
                        | "restore"
                        | "merge"
                        | "rebase"
                        | "stash"
                        | "switch"
                        | "bootstrap"
                        | "alt"
                        | "decrypt"
                        | "cherry-pick"
                        | "revert"
                        | "am"
                        | "apply"
                )
            ) =>
        {
            Some(home())
        }
        "home-manager" if matches!(verb, Some("switch" | "activate")) => Some(home()),
        "rcup" | "dotbot" => Some(home()),
        "mackup" if verb == Some("restore") => Some(home()),
        _ => None,
    }
}

/// The directory of cp's, mv's, install's or ln's `-t D`, `--target-directory D` or `=D`.
fn target_directory<'w>(name: &str, args: &'w [Word]) -> Option<&'w Word> {
    if !matches!(name, "cp" | "mv" | "install" | "ln") {
        return None;
    }
    // `-t D`, or a cluster that ends in it (`install -Dt D`, `cp -vt D`).
    args.iter().enumerate().find_map(|(at, arg)| match arg.text.as_str() {
        "--target-directory" => args.get(at + 1),
        text if text.starts_with("--target-directory=") => Some(arg),
        text if short_cluster(text).is_some_and(|cluster| cluster.ends_with('t')) => args.get(at + 1),
        _ => None,
    })
}

/// A recursive copy of a directory's contents rather than the directory (`rsync -a SRC/ D`,
/// `cp -r SRC/. D`, `cp -r SRC/* D` of a glob not expanded here, a remote source), which makes
/// in the target whatever names the source holds.
fn copies_contents(name: &str, args: &[Word]) -> bool {
    let recursive = args.iter().any(|a| {
        matches!(a.text.as_str(), "--recursive" | "--archive")
            || short_cluster(&a.text).is_some_and(|cluster| cluster.contains(['r', 'R', 'a']))
    });
    if !recursive {
        return false;
    }
    let all = operands(args);
    let sources: Vec<&Word> = match target_directory(name, args) {
        Some(dir) => all.into_iter().filter(|w| !std::ptr::eq(*w, dir)).collect(),
        None => all.split_last().map(|(_, sources)| sources.to_vec()).unwrap_or_default(),
    };
    // `cp -rT SRC DEST`: DEST is SRC's copy, its contents SRC's.
    if name == "cp"
        && args.iter().any(|a| {
            a.text == "--no-target-directory" || short_cluster(&a.text).is_some_and(|c| c.contains('T'))
        })
    {
        return true;
    }
    sources.iter().any(|source| {
        let text = source.text.as_str();
        text.ends_with("/.")
            || text == "."
            || name == "rsync" && (text.ends_with('/') || text.contains(':'))
            || source.glob && text.rsplit('/').next().is_some_and(|last| last.contains(['*', '?', '[']))
    })
}

/// The files a copy or move into a directory creates there (`cp settings.json ~/.claude/`
/// writes `~/.claude/settings.json`, as does `cp -t ~/.claude settings.json`): the target
/// directory joined with each source's name, and whether the target is written as a directory
/// (a trailing `/`, or a `-t` option).
pub(crate) fn copied_into(command: &SimpleCommand) -> Vec<(String, bool)> {
    let Some(name) = command.name() else { return Vec::new() };
    if !matches!(name, "cp" | "mv" | "install" | "rsync" | "scp" | "ln") {
        return Vec::new();
    }
    let args = command.args();
    let all = if name == "rsync" {
        operands_after(args, crate::rules::RSYNC_OPTIONS_WITH_VALUE)
    } else {
        operands(args)
    };
    let (target, sources, slashed) = match target_directory(name, args) {
        Some(dir) => {
            let sources: Vec<&Word> = all.into_iter().filter(|w| !std::ptr::eq(*w, dir)).collect();
            (dir, sources, true)
        }
        None => {
            let Some((target, sources)) = all.split_last() else { return Vec::new() };
            (*target, sources.to_vec(), target.text.ends_with('/'))
        }
    };
    if sources.is_empty() || target.dynamic && !target.home_only() {
        return Vec::new();
    }
    let target = target.text.strip_prefix("--target-directory=").unwrap_or(&target.text);
    let base = target.trim_end_matches('/');
    // A remote source's name follows its host (`host:.claude`).
    sources
        .iter()
        .filter(|source| !source.dynamic || source.home_only())
        .filter_map(|source| source.text.trim_end_matches('/').rsplit(['/', ':']).next())
        .filter(|file| !file.is_empty() && *file != "." && *file != "..")
        .map(|file| (format!("{base}/{file}"), slashed))
        .collect()
}

/// The words of a network client's arguments that name a file it sends: curl's `-d @f`,
/// `--data-binary @f`, `-F k=@f`, `-F k=<f`, `--json @f`, `-T f`, `--upload-file f`; wget's
/// `--post-file=f`, `--body-file=f`; httpie's `@f`, `k@f`, `k=@f`, `k:=@f`.
fn uploaded(args: &[Word]) -> Vec<&Word> {
    let mut files = Vec::new();
    for (at, arg) in args.iter().enumerate() {
        let text = arg.text.as_str();
        if matches!(text, "-T" | "--upload-file" | "--post-file" | "--body-file") {
            files.extend(args.get(at + 1).filter(|next| next.text != "-"));
        } else if text.starts_with("--post-file=")
            || text.starts_with("--body-file=")
            || uploaded_path(text).is_some()
        {
            files.push(arg);
        }
    }
    files
}

/// The most names one curl glob is expanded to; past it, each set and range becomes `*`.
const MAX_CURL_NAMES: usize = 4096;

/// Whether the curl `command` expands its own globs in the names it is given: unless `-g`
/// (`--globoff`).
pub(super) fn curl_globs(command: &SimpleCommand) -> bool {
    !command
        .args()
        .iter()
        .any(|a| a.text == "--globoff" || short_cluster(&a.text).is_some_and(|cluster| cluster.contains('g')))
}

/// What curl makes of `path`, a file it uploads (`-T "{.env,a}"`) or reads (`file:///p/.en[u-v]`)
/// when it holds curl's own glob of `{a,b}` sets and `[a-z]`/`[1-10]` ranges, which curl
/// expands itself ([`curl_globs`]): the names, or a shell glob of them when there are more
/// than [`MAX_CURL_NAMES`]. `None`: no curl glob, or curl turns it down.
pub(super) fn curl_names(word: &Word, path: &str) -> Option<CurlNames> {
    if !path.contains(['{', '[']) || uploaded_path(&word.text).is_some() || word.text.starts_with('-') {
        return None;
    }
    // Each part: the choices it stands for.
    let mut parts: Vec<Vec<String>> = Vec::new();
    let mut literal = String::new();
    let mut chars = path.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => literal.extend(chars.next()),
            '{' | '[' => {
                let close = if c == '{' { '}' } else { ']' };
                let body: String = chars.by_ref().take_while(|&d| d != close).collect();
                parts.push(vec![std::mem::take(&mut literal)]);
                parts.push(if c == '{' {
                    body.split(',').map(str::to_string).collect()
                } else {
                    curl_range(&body)?
                });
            }
            _ => literal.push(c),
        }
    }
    parts.push(vec![literal]);
    let count = parts.iter().try_fold(1usize, |n, choices| n.checked_mul(choices.len()));
    if count.is_none_or(|n| n > MAX_CURL_NAMES) {
        let glob =
            parts.iter().map(|choices| if choices.len() == 1 { choices[0].as_str() } else { "*" }).collect();
        return Some(CurlNames::Glob(glob));
    }
    let names = parts.iter().fold(vec![String::new()], |names, choices| {
        names.iter().flat_map(|name| choices.iter().map(move |choice| format!("{name}{choice}"))).collect()
    });
    Some(CurlNames::Names(names))
}

/// What curl expands a glob to: [`curl_names`].
pub(super) enum CurlNames {
    Names(Vec<String>),
    Glob(String),
}

/// The names of curl's range `a-z` or `1-100` (`001-100` pads; `:N` steps); `None` when curl
/// would refuse it.
fn curl_range(body: &str) -> Option<Vec<String>> {
    let (range, step) = match body.split_once(':') {
        Some((range, step)) => (range, step.parse::<usize>().ok().filter(|&n| n > 0)?),
        None => (body, 1),
    };
    let (from, to) = range.split_once('-')?;
    let letters = |text: &str| (text.chars().count() == 1).then(|| text.chars().next()).flatten();
    if let (Some(a), Some(b)) = (letters(from), letters(to)) {
        if a.is_ascii_alphabetic() && b.is_ascii_alphabetic() {
            return Some((a..=b).step_by(step).map(String::from).collect());
        }
    }
    let (a, b): (usize, usize) = (from.parse().ok()?, to.parse().ok()?);
    let width = if from.starts_with('0') { from.len() } else { 0 };
    Some(
        (a..=b.min(a.saturating_add(MAX_CURL_NAMES))).step_by(step).map(|n| format!("{n:0width$}")).collect(),
    )
}

/// The file of an argument that sends one: the text after `@` (or curl's `<`), without curl's
/// `;type=...` suffix; `None` for `@-` (standard input) and words that send no file.
fn uploaded_path(text: &str) -> Option<&str> {
    let at = text.find(['@', '<'])?;
    // `-d @f`, `k=@f`, `k:=@f`, `k@f` (httpie), `k=<f`; not an e-mail address in a value.
    let before = &text[..at];
    let sends = before.is_empty()
        || before.ends_with('=')
        || !before.contains(['=', '.', '/']) && text.as_bytes()[at] == b'@';
    // curl's form fields may quote the name (`a=@"./.env";type=text/plain`), and end it at a
    // `;` that starts a modifier (`;type=`, `;filename=`, `;headers=`, `;encoder=`).
    let after = &text[at + 1..];
    let file = match after.strip_prefix('"') {
        Some(quoted) => quoted.split('"').next().unwrap_or_default(),
        None => [";type=", ";filename=", ";headers=", ";encoder="]
            .iter()
            .filter_map(|modifier| after.find(modifier))
            .min()
            .map_or(after, |end| &after[..end]),
    };
    (sends && !file.is_empty() && file != "-" && !file.starts_with("http")).then_some(file)
}

/// The absolute path inside a container or pod of `docker cp`'s and `kubectl cp`'s
/// `NAME:/path` (`app-0:/root/.aws/credentials`, `ns/pod:/etc/shadow`): judged as that path
/// is here, another user's home included. `None` for other words.
fn container_path(text: &str) -> Option<&str> {
    let (name, path) = text.split_once(':')?;
    let named = !name.is_empty() && !name.starts_with(['/', '.', '~']) && !path.starts_with("//");
    (named && path.starts_with('/')).then_some(path)
}

/// `path` of git's `REV:path` (`HEAD:.env`, `main:config/.env`), `:path` and `:0:path` (the
/// index); `None` for other words.
fn committed_path(text: &str) -> Option<&str> {
    let (revision, path) = text.split_once(':')?;
    let (revision, path) = match path.split_once(':') {
        Some((stage, staged)) if revision.is_empty() && matches!(stage, "0" | "1" | "2" | "3") => {
            ("0", staged)
        }
        _ if revision.is_empty() => ("0", path),
        _ => (revision, path),
    };
    let plain = !revision.is_empty()
        && !path.is_empty()
        && revision.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_./~^@{}".contains(&b));
    plain.then_some(path).or_else(|| computed_revision_path(text))
}

/// Whether the options of `git log` (or `whatchanged`) print the changes themselves: a patch
/// (`-p`, `-u`, `--cc`, `--word-diff`), a line range's history (`-L`), or a word known only at
/// run time. Up to `--`; the words after it are paths.
fn log_prints_changes(args: &[Word]) -> bool {
    args.iter().take_while(|word| word.text != "--").any(|word| {
        let text = word.text.as_str();
        word.dynamic
            || matches!(text, "-p" | "-u" | "-c" | "--cc" | "-W" | "--function-context" | "--ext-diff")
            || text.starts_with("--patch")
            || text.starts_with("--word-diff")
            || text.starts_with("--color-words")
            || text.starts_with("-L")
            || text.starts_with("--diff-merges")
            || text.len() > 2
                && text.starts_with('-')
                && !text.starts_with("--")
                && text[1..].contains(['p', 'u'])
    })
}

/// The path of `REV:PATH` whose revision is computed at run time and whose path is written
/// out (`$(git rev-list --all | tail -1):.env`): whichever commit it turns out to be, the
/// file printed is the one named.
fn computed_revision_path(text: &str) -> Option<&str> {
    if !text.starts_with(['$', '`']) {
        return None;
    }
    // `$(git rev-parse HEAD:.env)`: the blob's id, which `cat-file -p` or `show` prints.
    let inner = text.strip_prefix("$(").and_then(|t| t.strip_suffix(')'));
    let inner = inner.or_else(|| text.strip_prefix('`').and_then(|t| t.strip_suffix('`')));
    if let Some(inner) = inner {
        let words: Vec<&str> = inner.split_whitespace().collect();
        if let ["git", "rev-parse", .., object] = words.as_slice()
            && let Some((revision, path)) = object.split_once(':')
            && !path.is_empty()
            && !path.contains(['$', '`'])
            && revision.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_./~^@{}".contains(&b))
        {
            return Some(path);
        }
    }
    let (_, path) = text.rsplit_once(':')?;
    let literal = !path.is_empty() && !path.contains(['$', '`', ')', '}', ' ', '\t', '|', ';']);
    literal.then_some(path)
}

/// The files `tar` packs: its operands in create, append or update mode (`tar czf out.tgz
/// f`, `tar -c -f out.tar f`, `tar --create --file=out.tar f`), without the archive itself;
/// and the members it extracts to standard output (`tar xOf x.tar .env`, `tar -x -O .env`),
/// printed as a reader prints a file of that name.
fn tar_reads(args: &[Word]) -> Vec<&Word> {
    let tar = tar_line(args);
    if tar.packs || tar.extracts && tar.to_stdout { tar.operands } else { Vec::new() }
}

/// The archive `tar` writes when it creates, appends to, updates or deletes from one (`-cf
/// F`, `czf F`, `-czfF`, `--file=F`): the word that holds it and its name. `-` is the
/// standard output, no file.
fn tar_archive(args: &[Word]) -> Option<(&Word, &str)> {
    let tar = tar_line(args);
    tar.writes.then_some(tar.archive).flatten().filter(|(_, name)| *name != "-")
}

/// What [`tar_reads`] and [`tar_archive`] read of a `tar` command line.
struct TarLine<'w> {
    operands: Vec<&'w Word>,
    archive: Option<(&'w Word, &'w str)>,
    packs: bool,
    writes: bool,
    extracts: bool,
    to_stdout: bool,
}

fn tar_line(args: &[Word]) -> TarLine<'_> {
    // Options whose value is the next word (or the rest of a cluster).
    const WITH_VALUE: &str = "fCTXbgKNVH";
    let mut tar = TarLine {
        operands: Vec::new(),
        archive: None,
        packs: false,
        writes: false,
        extracts: false,
        to_stdout: false,
    };
    let mut words = args.iter().enumerate();
    while let Some((at, word)) = words.next() {
        let text = word.text.as_str();
        if let Some(long) = text.strip_prefix("--") {
            let (long, inline) = match long.split_once('=') {
                Some((long, value)) => (long, Some(value)),
                None => (long, None),
            };
            tar.packs |= matches!(long, "create" | "append" | "update");
            tar.writes |=
                matches!(long, "create" | "append" | "update" | "delete" | "catenate" | "concatenate");
            tar.extracts |= matches!(long, "extract" | "get");
            tar.to_stdout |= long == "to-stdout";
            let takes_value =
                ["file", "directory", "files-from", "exclude-from", "exclude", "transform"].contains(&long);
            if takes_value && inline.is_none() {
                let value = words.next().map(|(_, value)| value);
                if long == "file" {
                    tar.archive = value.map(|value| (value, value.text.as_str()));
                }
            } else if long == "file" {
                tar.archive = inline.map(|value| (word, value));
            }
            continue;
        }
        // The first word may be a cluster without its `-` (`tar czf`), whose options take
        // their values from the next words in turn; after a `-`, an option's value is the
        // rest of the cluster when there is one (`-czfout.tgz`).
        let dashed = text.strip_prefix('-').filter(|c| !c.is_empty());
        let cluster = dashed.or((at == 0).then_some(text));
        let Some(cluster) = cluster.filter(|c| {
            c.bytes().next().is_some_and(|b| b.is_ascii_alphabetic())
                && (dashed.is_some() || c.bytes().all(|b| b.is_ascii_alphabetic()))
        }) else {
            tar.operands.push(word);
            continue;
        };
        for (index, letter) in cluster.char_indices() {
            tar.packs |= matches!(letter, 'c' | 'r' | 'u');
            tar.writes |= matches!(letter, 'c' | 'r' | 'u' | 'A');
            tar.extracts |= letter == 'x';
            tar.to_stdout |= letter == 'O';
            if !WITH_VALUE.contains(letter) {
                continue;
            }
            let rest = &cluster[index + 1..];
            if dashed.is_some() && !rest.is_empty() {
                if letter == 'f' {
                    tar.archive = Some((word, rest));
                }
                break;
            }
            let value = words.next().map(|(_, value)| value);
            if letter == 'f' {
                tar.archive = value.map(|value| (value, value.text.as_str()));
            }
            if dashed.is_some() {
                break;
            }
        }
    }
    tar
}

/// Whether a path is a repository's `.git` directory or lies inside one.
fn in_git_dir(path: &str) -> bool {
    path.split('/').any(|part| part == ".git")
}

/// Whether every name test of a `find` picks lock files only (`-name '*.lock'`), and there
/// is at least one.
fn only_lock_files(args: &[Word]) -> bool {
    let mut names = args
        .windows(2)
        .filter(|pair| matches!(pair[0].text.as_str(), "-name" | "-iname"))
        .map(|pair| pair[1].text.as_str())
        .peekable();
    names.peek().is_some() && names.all(|name| name.ends_with(".lock") && !name.contains('/'))
}

/// Where the operands of `python -m MODULE` start, when the module prints the files it is
/// given.
fn printing_module(args: &[Word]) -> Option<usize> {
    let at = args.iter().position(|arg| arg.text == "-m")?;
    let module = args.get(at + 1)?;
    matches!(module.text.as_str(), "json.tool" | "base64" | "quopri" | "uu" | "tokenize" | "pickletools")
        .then_some(at + 2)
}

/// The archive and the sources of `python -m zipfile -c ARCHIVE FILES...` or `-m tarfile -c`
/// (`--create`).
pub(super) fn packing_module(args: &[Word]) -> Option<(&Word, &[Word])> {
    let at = args.iter().position(|arg| arg.text == "-m")?;
    if !matches!(args.get(at + 1)?.text.as_str(), "zipfile" | "tarfile") {
        return None;
    }
    let create =
        at + 2 + args[at + 2..].iter().position(|arg| matches!(arg.text.as_str(), "-c" | "--create"))?;
    let archive = args.get(create + 1)?;
    Some((archive, &args[create + 2..]))
}

/// The local files a cloud CLI's upload takes by an option: `az storage blob upload -f F`
/// (`--file`), `az storage file upload --source F`, `aws s3api put-object --body F`.
fn cloud_uploads<'w>(name: &str, args: &'w [Word]) -> Vec<&'w Word> {
    let words: Vec<&str> =
        args.iter().map(|word| word.text.as_str()).filter(|w| !w.starts_with('-')).collect();
    let options: &[&str] = match (name, words.as_slice()) {
        ("az", ["storage", "blob" | "file" | "fs", "upload", ..]) => &["-f", "--file", "--source", "-s"],
        ("az", ["storage", "fs", "file", "upload", ..]) => &["--source", "-s"],
        ("aws", ["s3api", "put-object" | "upload-part", ..]) => &["--body"],
        _ => return Vec::new(),
    };
    let mut files = Vec::new();
    for (at, arg) in args.iter().enumerate() {
        if options.contains(&arg.text.as_str()) {
            files.extend(args.get(at + 1));
        } else if let Some((option, _)) = arg.text.split_once('=')
            && options.contains(&option)
        {
            files.push(arg);
        }
    }
    files
}

/// The operands of a command whose `options` take the next word as their value.
fn operands_after<'w>(args: &'w [Word], options: &[&str]) -> Vec<&'w Word> {
    let mut operands = Vec::new();
    let mut words = args.iter();
    while let Some(arg) = words.next() {
        if arg.text == "--" {
            operands.extend(words);
            break;
        }
        if options.contains(&arg.text.as_str()) {
            words.next();
        } else if !arg.text.starts_with('-') || arg.text == "-" {
            operands.push(arg);
        }
    }
    operands
}

/// The files `git commit` reads (its words after the subcommand): the pathspecs, once the
/// options that take the next word (`-m msg`, `-am msg`, `--author A`) have theirs, less
/// those that leave files out; and the message file of `-F FILE`, which the commit carries.
fn commit_reads(args: &[Word]) -> Vec<&Word> {
    const VALUED: &[&str] = &[
        "--message",
        "--file",
        "--reuse-message",
        "--reedit-message",
        "--template",
        "--author",
        "--date",
        "--fixup",
        "--squash",
        "--trailer",
        "--cleanup",
        "--pathspec-from-file",
    ];
    let mut reads = Vec::new();
    let mut words = args.iter();
    while let Some(arg) = words.next() {
        let text = arg.text.as_str();
        if text == "--" {
            reads.extend(words.by_ref().filter(|arg| excluding_pathspec(&arg.text).is_none()));
            break;
        }
        let value = if text.starts_with("--") {
            VALUED.contains(&text).then_some(text == "--file")
        } else if let Some(cluster) = text.strip_prefix('-').filter(|c| !c.is_empty()) {
            // The first valued letter takes the rest of the cluster, or the next word.
            cluster
                .find(['m', 'F', 'C', 'c', 't'])
                .filter(|at| at + 1 == cluster.len())
                .map(|at| cluster.as_bytes()[at] == b'F')
        } else {
            if excluding_pathspec(text).is_none() {
                reads.push(arg);
            }
            None
        };
        if let Some(file) = value {
            reads.extend(words.next().filter(|_| file));
        }
    }
    reads
}

/// The arguments that are not options (`-n`, `--lines=5`); everything after `--` counts.
fn operands(args: &[Word]) -> Vec<&Word> {
    let mut operands = Vec::new();
    let mut options_done = false;
    for arg in args {
        if !options_done && arg.text == "--" {
            options_done = true;
        } else if options_done || !arg.text.starts_with('-') || arg.text == "-" {
            operands.push(arg);
        }
    }
    operands
}

/// A pathspec that leaves files out (`:!.env`, `:^.env`, `:(exclude,glob)**/.env`): its
/// pattern, and the name glob it leaves out at every depth when it is `**/NAME` with the
/// `glob` magic (a plain pathspec names a path from the top, not a name).
pub(crate) fn excluding_pathspec(text: &str) -> Option<(&str, Option<&str>)> {
    if let Some(pattern) = text.strip_prefix(":!").or_else(|| text.strip_prefix(":^")) {
        return Some((pattern, None));
    }
    let (magic, pattern) = text.strip_prefix(":(")?.split_once(')')?;
    let mut words = magic.split(',');
    if !words.clone().any(|word| word == "exclude") {
        return None;
    }
    let name =
        pattern.strip_prefix("**/").filter(|name| !name.contains('/') && words.any(|word| word == "glob"));
    Some((pattern, name))
}

/// The words of `args` after the first `--`, none when there is none.
fn after_dashes(args: &[Word]) -> &[Word] {
    args.iter().position(|arg| arg.text == "--").map_or(&[], |dash| &args[dash + 1..])
}

/// The words of `args` after `word`, one of them.
fn after<'w>(args: &'w [Word], word: &Word) -> &'w [Word] {
    let at = args.iter().position(|arg| std::ptr::eq(arg, word)).map_or(args.len(), |at| at + 1);
    &args[at..]
}

/// The files an in-place editor rewrites: `yq -i EXPR F`, `gawk -i inplace PROG F`,
/// `sd FIND REPLACE F` (unless `-p` previews), `rpl OLD NEW F`, `xmlstarlet ed -L … F`,
/// `dasel put -f F …`; `None` for any other command.
fn in_place_edits<'w>(name: &str, args: &'w [Word], operands: &[&'w Word]) -> Option<Vec<&'w Word>> {
    let has = |options: &[&str]| args.iter().any(|arg| options.contains(&arg.text.as_str()));
    let value_of =
        |options: &[&str]| args.windows(2).find(|w| options.contains(&w[0].text.as_str())).map(|w| &w[1]);
    match name {
        "yq" if has(&["-i", "--inplace"]) => Some(skip_first(operands).to_vec()),
        "gawk" | "awk"
            if args
                .windows(2)
                .any(|w| matches!(w[0].text.as_str(), "-i" | "--include") && w[1].text == "inplace")
                || has(&["-iinplace", "--include=inplace"]) =>
        {
            let rest: Vec<&Word> = operands.iter().copied().filter(|word| word.text != "inplace").collect();
            Some(if has(&["-f", "--file"]) { rest } else { skip_first(&rest).to_vec() })
        }
        "sd" if !has(&["-p", "--preview"]) => Some(operands.get(2..).unwrap_or_default().to_vec()),
        "rpl" => Some(operands.get(2..).unwrap_or_default().to_vec()),
        "xmlstarlet" | "xml"
            if operands.first().is_some_and(|mode| matches!(mode.text.as_str(), "ed" | "edit"))
                && has(&["-L", "--inplace"]) =>
        {
            Some(operands.last().copied().into_iter().collect())
        }
        "dasel" if operands.iter().any(|word| matches!(word.text.as_str(), "put" | "delete")) => {
            Some(value_of(&["-f", "--file"]).into_iter().collect())
        }
        _ => None,
    }
}

/// Whether the compressor `name` deletes the files it packs or unpacks: gzip's family unless
/// told to keep them, write to standard output, list or test; zstd, lz4 and brotli only when
/// told to (`--rm`).
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn removes_input(name: &str, command: &SimpleCommand) -> bool {
    match name {
        "gzip" | "gunzip" | "pigz" | "unpigz" | "bzip2" | "bunzip2" | "pbzip2" | "xz" | "unxz" | "lzma"
        | "unlzma" | "lzip" => {
            !has_short_flag(command, &['k', 'c', 'l', 't'])
                && !has_option(command, &["--keep", "--stdout", "--to-stdout", "--list", "--test"])
        }
        "zstd" | "unzstd" | "lz4" => has_option(command, &["--rm"]),
        "brotli" => has_option(command, &["--rm"]) || has_short_flag(command, &['j']),
        _ => false,
    }
}

/// The files a decompressor writes, each named by its archive without the suffix
/// (`gunzip ~/.bashrc.gz` writes `~/.bashrc`), unless it writes to standard output.
fn decompressed<'c>(command: &'c SimpleCommand, name: Option<&str>) -> Vec<(&'c Word, &'c str)> {
    let unpacks = match name {
        Some("gunzip" | "unpigz" | "bunzip2" | "unxz" | "unlzma" | "unzstd") => true,
        Some("gzip" | "pigz" | "bzip2" | "pbzip2" | "xz" | "lzma" | "lzip" | "zstd" | "lz4" | "brotli") => {
            has_short_flag(command, &['d']) || has_option(command, &["--decompress", "--uncompress"])
        }
        _ => false,
    };
    if !unpacks
        || has_short_flag(command, &['c', 'l', 't'])
        || has_option(command, &["--stdout", "--to-stdout"])
    {
        return Vec::new();
    }
    operands(command.args())
        .into_iter()
        .filter_map(|word| {
            let suffix = [".gz", ".bz2", ".xz", ".lzma", ".lz", ".zst", ".lz4", ".br", ".z"]
                .iter()
                .find(|suffix| word.text.len() > suffix.len() && word.text.ends_with(*suffix))?;
            Some((word, &word.text[..word.text.len() - suffix.len()]))
        })
        .collect()
}

/// The files `command` writes over from their start or takes away at their name, by the
/// judgement of [`accesses`]: what the rm pack's overwrite rule (`rules::overwrite`) judges
/// when such a file is the user's own, outside the project. Left out: redirections and the
/// programs that rule reads itself (`cp`, `mv`, `tee`, `truncate`, `ln -f`, `dd`), deletes
/// (the rm pack's), writes that keep the content (`touch`, `chmod`), the places a command
/// writes that no word names, and an editor opened for the user to type in (`vim F`, not
/// `vim -es F`).
pub(crate) fn replaced(command: &SimpleCommand) -> Vec<(&Word, &str)> {
    let Some(name) = command_name(command) else { return Vec::new() };
    let name = name.to_ascii_lowercase();
    // Programs of names, not contents, write only places no word names (as `words_accessed`
    // decides before it collects anything).
    if !NAMED_WITH_ARMS.contains(&name.as_str())
        && !script_file::is_runner(&name)
        && NAME_ONLY.binary_search(&name.as_str()).is_ok()
    {
        return Vec::new();
    }
    // Given commands by option, `+CMD` or on its standard input (`ex F <<< $'%d\nwq'`).
    let scripted = |options: &[&str], letters: &[char]| {
        command.args().iter().any(|arg| arg.text.starts_with('+'))
            || has_option(command, options)
            || has_short_flag(command, letters)
            || !matches!(command.stdin, Stdin::Inherited)
    };
    let judged_elsewhere = match name.as_str() {
        "cp" | "install" | "rsync" | "mv" | "move" | "move-item" | "mi" | "ln" | "tee" | "truncate"
        | "dd" | "rm" | "del" | "erase" | "remove-item" | "ri" | "unlink" | "shred" | "touch" | "chmod"
        | "chown" | "chgrp" | "chattr" | "chflags" | "setfacl" | "code" | "notepad" | "micro" | "nano" => {
            true
        }
        "vi" | "vim" | "nvim" | "ex" | "view" => !scripted(&["--cmd"], &['c', 's', 'e']),
        "emacs" => {
            !scripted(&["--batch", "-batch", "--script", "--eval", "-l", "--load", "-f", "--funcall"], &[])
        }
        _ => false,
    };
    if judged_elsewhere {
        return Vec::new();
    }
    let redirected = |word: &Word| command.redirects.iter().any(|r| std::ptr::eq(&r.target, word));
    accesses(command)
        .into_iter()
        .filter(|(access, word, _)| *access == Access::Write && !is_place(word) && !redirected(word))
        .map(|(_, word, path)| (word, path))
        .collect()
}

fn skip_first<'a, 'w>(operands: &'a [&'w Word]) -> &'a [&'w Word] {
    operands.get(1..).unwrap_or(&[])
}

/// Whether a short option cluster holds one of `letters` (`-ne`, `-pi.bak`).
fn has_short_flag(command: &SimpleCommand, letters: &[char]) -> bool {
    command.args().iter().any(|arg| {
        arg.text
            .strip_prefix('-')
            .is_some_and(|cluster| !cluster.starts_with('-') && cluster.contains(letters))
    })
}

/// Whether perl's or ruby's switches, up to the script or the files, hold `-i` (`-pi.bak`,
/// `-i -pe`); the value of `-M`, `-I`, `-r`... is no switch (`-Mstrict`), nor is the code.
fn edits_in_place(args: &[Word]) -> bool {
    let mut words = args.iter();
    while let Some(word) = words.next() {
        let Some(cluster) = word.text.strip_prefix('-').filter(|c| !c.is_empty() && !c.starts_with('-'))
        else {
            return false;
        };
        let mut letters = cluster.chars().peekable();
        while let Some(letter) = letters.next() {
            match letter {
                'i' => return true,
                // The code, or a value, is the next word when nothing follows in the cluster.
                'e' | 'E' => {
                    words.next();
                    break;
                }
                // `-0[octal]`, `-0x[hex]` and `-l[octal]` take only digits: the switches after
                // them still count (`-0pi` is `-0 -p -i`).
                '0' | 'l' => {
                    if letter == '0' && letters.peek() == Some(&'x') {
                        letters.next();
                        while letters.next_if(char::is_ascii_hexdigit).is_some() {}
                    }
                    while letters.next_if(|c| ('0'..='7').contains(c)).is_some() {}
                }
                'M' | 'm' | 'I' | 'r' | 'x' | 'd' | 'D' | 'C' | 'F' | 'K' | 'T' => break,
                _ => {}
            }
        }
    }
    false
}

/// What a reader shows of the files it reads: their values, only names (the keys of an
/// environment file), or nothing of them (counts, file names, an exit status).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Shown {
    Values,
    Names,
    Nothing,
}

/// The programs [`shows_no_values`] knows: a name compared before anything is looked at.
fn may_show_no_values(name: &str) -> bool {
    matches!(name, "grep" | "egrep" | "fgrep" | "rg" | "cut" | "awk" | "gawk" | "sed" | "diff" | "wc")
}

/// What `command` shows of the files it reads: nothing of them for `grep -c|-l|-L|-q` (with
/// a pattern that stops at the `=`, so that no value is guessed at a bit a call), `diff -q`
/// and `wc`; names for `grep -o '^[A-Z_]*'`, `cut -d= -f1`, `awk -F= '{print $1}'` and `sed
/// 's/=.*//'`, which print whole the lines that hold no `=` (so only of files written as
/// `KEY=value` lines, see [`env_style`]); values for anything else.
fn shows_no_values(name: &str, command: &SimpleCommand) -> Shown {
    let args = command.args();
    let shown = match name {
        "grep" | "egrep" | "fgrep" | "rg" => return grep_shows(name, args),
        "diff" => cluster_has(args, 'q', "xXILSFCUDW") || args.iter().any(|a| a.text == "--brief"),
        // `wc --files0-from=F` names in its errors the lines of F it cannot open.
        "wc" if !args.iter().any(|a| a.text.contains("files0-from")) => return Shown::Nothing,
        "wc" => false,
        "cut" => cut_names(args),
        "awk" | "gawk" => awk_names(args),
        _ => sed_names(args),
    };
    match (name, shown) {
        ("diff", true) => Shown::Nothing,
        (_, true) => Shown::Names,
        _ => Shown::Values,
    }
}

/// Whether a short option cluster of `args` holds `letter`, the letters of `valued` taking the
/// rest of their cluster or the next word as their value (`-Iq` is `-I q`).
fn cluster_has(args: &[Word], letter: char, valued: &str) -> bool {
    let mut words = args.iter();
    while let Some(word) = words.next() {
        if word.text == "--" {
            return false;
        }
        let Some(cluster) = word.text.strip_prefix('-').filter(|c| !c.is_empty() && !c.starts_with('-'))
        else {
            continue;
        };
        for (at, found) in cluster.char_indices() {
            if found == letter {
                return true;
            }
            if valued.contains(found) {
                if at + 1 == cluster.len() {
                    words.next();
                }
                break;
            }
        }
    }
    false
}

/// [`shows_no_values`] of grep and ripgrep.
fn grep_shows(name: &str, args: &[Word]) -> Shown {
    let (valued, separate): (&str, &[&str]) = if name == "rg" {
        ("efmABCgtTjMrE", &["-m", "-A", "-B", "-C", "-g", "-t", "-T", "-j", "-M", "-r", "-E"])
    } else {
        ("efmABCdD", &["-m", "-A", "-B", "-C", "-d", "-D"])
    };
    let long =
        |options: &[&str]| args.iter().any(|a| options.iter().any(|o| crate::shell::is_option(&a.text, o)));
    // Patterns read from a file, or matches printed as JSON, are not judged here.
    if cluster_has(args, 'f', valued) || long(&["--file", "--json"]) {
        return Shown::Values;
    }
    let mut patterns: Vec<&str> =
        option_values(args, &["-e", "--regexp"]).into_iter().map(|(_, p)| p).collect();
    if patterns.is_empty() {
        patterns.extend(operands_after(args, separate).first().map(|w| w.text.as_str()));
    }
    let counts = ['c', 'l', 'L', 'q'].iter().any(|letter| cluster_has(args, *letter, valued))
        || long(&["--count", "--files-with-matches", "--files-without-match", "--quiet", "--silent"]);
    if counts && patterns.iter().all(|pattern| stops_at_value(pattern)) {
        return Shown::Nothing;
    }
    let only = cluster_has(args, 'o', valued) || long(&["--only-matching"]);
    if only && !patterns.is_empty() && patterns.iter().all(|pattern| matches_a_name(pattern)) {
        return Shown::Names;
    }
    Shown::Values
}

/// Whether a pattern is a name, or names, matching nothing past a line's `=` but what any
/// value matches (`^API_KEY=`, `KEY=.*`, `DB_HOST\|DB_PORT`): a pattern spelling part of a
/// value (`sk-live-4f`) would let its count or status guess the value a call at a time.
/// A pattern of wildcards and anchors alone spells nothing: `grep -c . .env` counts the lines
/// that are not empty.
fn stops_at_value(pattern: &str) -> bool {
    if pattern.chars().all(|c| ".*^$".contains(c)) {
        return true;
    }
    let (name, value) = pattern.split_once('=').unwrap_or((pattern, ""));
    name.chars().all(|c| c.is_ascii_alphanumeric() || "_^|\\() ".contains(c))
        && value.chars().all(|c| ".*+?$\\".contains(c))
}

/// Whether a pattern anchored at the line's start matches only a name, or a name and its `=`
/// (`^[A-Z_]*`, `^[A-Za-z0-9_]+=`, `^[^=]*`): letters, digits, `_` and `-`, and classes of
/// them or of everything but `=`, repeated.
fn matches_a_name(pattern: &str) -> bool {
    let Some(mut rest) = pattern.strip_prefix('^') else { return false };
    rest = rest.strip_suffix('=').unwrap_or(rest);
    while !rest.is_empty() {
        if let Some(class) = rest.strip_prefix('[') {
            let Some(end) = class.find(']') else { return false };
            let body = &class[..end];
            let named = body.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | ':'));
            if !(named || body.starts_with('^') && body.contains('=')) {
                return false;
            }
            rest = &class[end + 1..];
        } else if rest.starts_with(|c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '*' | '+' | '?'))
        {
            rest = &rest[1..];
        } else {
            return false;
        }
    }
    true
}

/// `cut -d= -f1`: the names of `KEY=value` lines.
fn cut_names(args: &[Word]) -> bool {
    let delimiter = option_values(args, &["-d", "--delimiter"]);
    let fields = option_values(args, &["-f", "--fields"]);
    let mut words = args.iter();
    while let Some(word) = words.next() {
        match word.text.as_str() {
            "-d" | "-f" | "--delimiter" | "--fields" => {
                words.next();
            }
            "-s" | "--only-delimited" => {}
            text if text.starts_with("-d") || text.starts_with("-f") => {}
            text if text.starts_with("--delimiter=") || text.starts_with("--fields=") => {}
            text if text.starts_with('-') && text != "-" => return false,
            _ => {}
        }
    }
    matches!(delimiter[..], [(_, "=")]) && matches!(fields[..], [(_, "1")])
}

/// `awk -F= '{print $1}'` (after a `/regex/` that picks the lines): the names of `KEY=value` lines.
fn awk_names(args: &[Word]) -> bool {
    let separator = option_values(args, &["-F"]);
    if !matches!(separator[..], [(_, "=")]) {
        return false;
    }
    if args.iter().any(|a| a.text.starts_with('-') && !a.text.starts_with("-F") && a.text != "-") {
        return false;
    }
    let operands = operands_after(args, &["-F"]);
    let Some((program, files)) = operands.split_first() else { return false };
    // `FS=: .env` between the files splits the next one otherwise.
    if files.iter().any(|file| file.text.contains('=')) {
        return false;
    }
    let code: String = program.text.chars().filter(|c| !c.is_whitespace()).collect();
    let body = code.strip_suffix("{print$1}").or_else(|| code.strip_suffix("{print$1;}"));
    body.is_some_and(|select| {
        let select = select.strip_prefix('!').unwrap_or(select);
        select.is_empty()
            || select.len() >= 2
                && select.starts_with('/')
                && select.ends_with('/')
                && !select.contains(['{', '}', ';', '(', '"'])
    })
}

/// `sed 's/=.*//'` (or `sed -n 's/=.*//p'`, or a constant in the value's place:
/// `sed 's/=.*/=***/'`): the names of `KEY=value` lines.
fn sed_names(args: &[Word]) -> bool {
    let quiet = args.iter().any(|a| matches!(a.text.as_str(), "-n" | "--quiet" | "--silent"));
    let mut scripts: Vec<&str> =
        option_values(args, &["-e", "--expression"]).into_iter().map(|(_, s)| s).collect();
    if args.iter().any(|a| {
        a.text.starts_with('-')
            && a.text != "-"
            && !matches!(
                a.text.as_str(),
                "-n" | "--quiet" | "--silent" | "-E" | "-r" | "--regexp-extended" | "-e" | "--expression"
            )
            && !a.text.starts_with("--expression=")
    }) {
        return false;
    }
    if scripts.is_empty() {
        scripts.extend(operands(args).first().map(|w| w.text.as_str()));
    }
    !scripts.is_empty()
        && scripts.iter().all(|script| {
            let Some(delimiter) = script.strip_prefix('s').and_then(|r| r.chars().next()) else {
                return false;
            };
            let parts: Vec<&str> = script[1 + delimiter.len_utf8()..].split(delimiter).collect();
            match parts[..] {
                // No `&` nor `\1`: the replacement cannot bring back what was matched.
                [find, replacement, flags] if !replacement.contains(['&', '\\']) => {
                    matches!(find, "=.*" | "=.*$") && flags.chars().all(|f| f == 'g' || quiet && f == 'p')
                }
                _ => false,
            }
        })
}

/// Whether `word` names a file written as `KEY=value` lines, whose keys a [`Shown::Names`]
/// reader prints: an environment file (`.env`, `.env.production`, `prod.env`, `.envrc`), a
/// Java properties file or Terraform's variables. A key file's lines hold no `=`, and such a
/// reader would print them whole.
pub(crate) fn env_style(word: &Word) -> bool {
    if word.dynamic {
        return false;
    }
    let name = word.text.rsplit('/').next().unwrap_or_default();
    name.starts_with(".env")
        || name.ends_with(".env")
        || name.ends_with(".properties")
        || name.ends_with(".tfvars")
}

fn has_option(command: &SimpleCommand, options: &[&str]) -> bool {
    command.args().iter().any(|arg| options.iter().any(|option| crate::shell::is_option(&arg.text, option)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_only_programs_that_words_accessed_names_are_looked_at() {
        let source = include_str!("file_access.rs");
        let start = source.find("fn words_accessed").expect("the function");
        let body = &source[start..start + source[start..].find("\n}\n").expect("its end")];
        for name in NAME_ONLY {
            let quoted = format!("\"{name}\"");
            assert!(!body.contains(&quoted) || NAMED_WITH_ARMS.contains(name), "{name} has an arm");
        }
    }

    #[test]
    fn the_name_lists_are_sorted_for_their_binary_search() {
        for list in [NAME_ONLY, READERS, EDITORS, PATTERN_READERS, WRITERS, MOUNTERS] {
            assert!(list.windows(2).all(|pair| pair[0] < pair[1]), "{list:?}");
        }
    }
    use crate::rules::testing::{command, word};
    use crate::shell::Redirect;

    fn seen(argv: &[&str]) -> Vec<(Access, String)> {
        accesses(&command(argv)).into_iter().map(|(access, _, path)| (access, path.to_string())).collect()
    }

    fn reads(paths: &[&str]) -> Vec<(Access, String)> {
        paths.iter().map(|p| (Access::Read, p.to_string())).collect()
    }

    #[test]
    fn readers_read_every_operand() {
        assert_eq!(seen(&["cat", ".env", "-n", "b"]), reads(&[".env", "b"]));
        assert_eq!(seen(&["source", ".env"]), reads(&[".env"]));
        assert_eq!(seen(&[".", ".env"]), reads(&[".env"]));
        assert_eq!(seen(&["/usr/bin/head", "-n", "5", ".env"]), reads(&[".env"]));
        assert_eq!(seen(&["tail", "-c", "100", "--", "-n", ".env"]), reads(&["-n", ".env"]));
    }

    #[test]
    fn pattern_readers_skip_the_pattern() {
        assert_eq!(seen(&["grep", "KEY", ".env"]), reads(&[".env"]));
        assert_eq!(seen(&["grep", "-e", "KEY", ".env"]), reads(&["KEY", ".env"]));
        assert_eq!(seen(&["grep", ".env", "notes.txt"]), reads(&["notes.txt"]));
    }

    #[test]
    fn copies_read_sources_and_write_the_target() {
        assert_eq!(
            seen(&["cp", ".env", "/tmp/x"]),
            vec![(Access::Read, ".env".to_string()), (Access::Write, "/tmp/x".to_string())]
        );
        assert_eq!(
            seen(&["mv", "a", ".env"]),
            vec![(Access::Write, "a".into()), (Access::Write, ".env".into())]
        );
    }

    #[test]
    fn sed_writes_only_in_place() {
        assert_eq!(seen(&["sed", "-i", "s/a/b/", ".env"]), vec![(Access::Write, ".env".to_string())]);
        assert_eq!(seen(&["sed", "s/a/b/", ".env"]), reads(&[".env"]));
    }

    #[test]
    fn redirects_and_dd_operands() {
        let mut echo = command(&["echo", "x"]);
        echo.redirects.push(Redirect { fd: None, op: RedirectOp::Append, target: word(".env") });
        echo.redirects.push(Redirect { fd: Some(2), op: RedirectOp::Duplicate, target: word("1") });
        echo.stdin = Stdin::File(word("in.txt"));
        let found: Vec<(Access, &str)> = accesses(&echo).into_iter().map(|(a, _, path)| (a, path)).collect();
        assert_eq!(found, [(Access::Write, ".env"), (Access::Read, "in.txt")]);
        assert_eq!(
            seen(&["dd", "if=.env", "of=/tmp/x"]),
            vec![(Access::Read, ".env".into()), (Access::Write, "/tmp/x".into())]
        );
    }

    #[test]
    fn editors_interpreters_archives_links_git_and_containers() {
        let both = |path: &str| vec![(Access::Read, path.to_string()), (Access::Write, path.to_string())];
        assert_eq!(seen(&["vim", ".env"]), both(".env"));
        assert_eq!(seen(&["python3", "-u", ".env", "x"]), reads(&[".env"]));
        // Code given a file's name reads it as it likes.
        assert_eq!(seen(&["python3", "-c", "print(open(sys.argv[1]).read())", ".env"]), reads(&[".env"]));
        assert_eq!(seen(&["perl", "-Mstrict", "-we", "print <>", ".env"]), reads(&[".env"]));
        assert_eq!(seen(&["perl", "-i", "-e", "print", ".env"]), vec![(Access::Write, ".env".into())]);
        // `-0` and `-l` take digits only; the switches after them count.
        for cluster in ["-0pi", "-0777pi", "-lpi", "-l012pi", "-0x1Fpi"] {
            assert_eq!(
                seen(&["perl", cluster, "-e", "s/a/b/", ".env"]),
                vec![(Access::Write, ".env".into())],
                "{cluster}"
            );
        }
        assert_eq!(seen(&["perl", "-0777ne", "print", ".env"]), reads(&[".env"]));
        assert!(seen(&["bash", "-lc", "cat x"]).is_empty());
        assert_eq!(seen(&["perl", "-ne", "print", ".env"]), reads(&[".env"]));
        assert_eq!(seen(&["perl", "-pi", "-e", "s/a/b/", "x.json"]), vec![(Access::Write, "x.json".into())]);
        assert_eq!(seen(&["chmod", "000", ".env"]), vec![(Access::Write, ".env".into())]);
        assert_eq!(seen(&["chmod", "--reference=a", ".env"]), vec![(Access::Write, ".env".into())]);
        assert_eq!(seen(&["bash", "-e", ".env"]), reads(&[".env"]));
        assert_eq!(seen(&["bash", "-o", "pipefail", ".env"]), reads(&[".env"]));
        assert!(seen(&["node", "-e", "1"]).is_empty());
        assert_eq!(seen(&["python3", "-m", "json.tool", ".env"]), reads(&[".env"]));
        assert!(seen(&["python3", "-m", "pytest"]).is_empty());
        assert_eq!(seen(&["gpg", "-c", ".env"]), reads(&[".env"]));
        assert_eq!(
            seen(&["gpg", "-e", "-r", "me@x", "-o", "out.gpg", ".env"]),
            vec![(Access::Read, ".env".into()), (Access::Write, "out.gpg".into())]
        );
        // The sources are read and the archive written.
        let packed = |archive: &str, sources: &[&str], archive_first: bool| {
            let mut found = reads(sources);
            let at = if archive_first { 0 } else { found.len() };
            found.insert(at, (Access::Write, archive.into()));
            found
        };
        assert_eq!(
            seen(&["tar", "czf", "out.tgz", ".env", "src"]),
            packed("out.tgz", &[".env", "src"], false)
        );
        assert_eq!(
            seen(&["tar", "-c", "-f", "out.tar", "--exclude", "x", ".env"]),
            packed("out.tar", &[".env"], false)
        );
        assert_eq!(seen(&["tar", "--create", "--file=out.tar", ".env"]), packed("out.tar", &[".env"], false));
        assert_eq!(seen(&["tar", "-czfout.tgz", ".env"]), packed("out.tgz", &[".env"], false));
        assert_eq!(seen(&["tar", "cbf", "20", "out.tar", ".env"]), packed("out.tar", &[".env"], false));
        assert_eq!(seen(&["tar", "-czf", "-", ".env"]), reads(&[".env"]));
        assert!(seen(&["tar", "xzf", "in.tgz", ".env"]).is_empty());
        assert_eq!(seen(&["zip", "out.zip", ".env"]), packed("out.zip", &[".env"], true));
        assert_eq!(seen(&["7z", "a", "out.7z", ".env"]), packed("out.7z", &[".env"], true));
        assert_eq!(
            seen(&["ln", "-s", ".env", "x"]),
            vec![(Access::Read, ".env".into()), (Access::Write, "x".into())]
        );
        assert_eq!(seen(&["ln", "-s", ".env"]), reads(&[".env"]));
        assert_eq!(seen(&["git", "show", "HEAD:.env"]), reads(&[".env"]));
        assert_eq!(seen(&["git", "cat-file", "-p", "main~2:config/.env"]), reads(&["config/.env"]));
        assert!(seen(&["git", "show", "HEAD"]).is_empty());
        assert_eq!(seen(&["git", "show", ":.env"]), reads(&[".env"]));
        assert_eq!(seen(&["git", "show", ":0:.env"]), reads(&[".env"]));
        assert_eq!(seen(&["git", "log", "-p", "--", ".env"]), reads(&[".env"]));
        assert_eq!(seen(&["git", "blame", ".env"]), reads(&[".env"]));
        assert!(seen(&["git", "log", "--oneline", "-5"]).is_empty());
        assert_eq!(seen(&["docker", "run", "--env-file", ".env", "alpine"]), reads(&[".env"]));
        assert_eq!(seen(&["podman", "run", "--env-file=.env", "alpine"]), reads(&[".env"]));
        // Only git reads `REV:path`: for scp it is a host.
        assert_eq!(
            seen(&["scp", "a", "web:.env"]),
            vec![(Access::Read, "a".to_string()), (Access::Write, "web:.env".to_string())]
        );
    }

    #[test]
    fn settings_that_run_code_write_the_git_config() {
        let writes = |path: &str| vec![(Access::Write, path.to_string())];
        assert_eq!(seen(&["git", "config", "core.fsmonitor", "/tmp/b"]), writes(".git/config"));
        assert_eq!(
            seen(&["git", "-C", "x", "config", "--global", "core.pager", "p | q"]),
            writes("~/.gitconfig")
        );
        assert_eq!(seen(&["git", "config", "--system", "alias.x", "!./b"]), writes("/etc/gitconfig"));
        assert_eq!(seen(&["git", "config", "--file", "f.cfg", "diff.x.textconv", "./c"]), writes("f.cfg"));
        assert_eq!(seen(&["git", "config", "set", "credential.helper", "/tmp/h"]), writes(".git/config"));
        assert_eq!(seen(&["git", "config", "protocol.ext.allow", "always"]), writes(".git/config"));
        assert_eq!(seen(&["git", "config", "core.editor", "env ./e"]), writes(".git/config"));
        assert_eq!(seen(&["git", "config", "core.editor", "python3 e.py"]), writes(".git/config"));
        assert_eq!(
            seen(&["git", "config", "core.sshCommand", "ssh -oProxyCommand=/tmp/p"]),
            writes(".git/config")
        );
        // Everyday values: a bare program with plain options, hooks inside the project.
        for (key, value) in [
            ("core.editor", "code --wait"),
            ("core.pager", "less -R"),
            ("core.sshCommand", "ssh -i ~/.ssh/id_work"),
            ("credential.helper", "cache --timeout=3600"),
            ("credential.helper", "store"),
            ("alias.st", "status -sb"),
            ("alias.lg", "!git log --oneline"),
            ("core.hooksPath", ".githooks"),
            ("core.fsmonitor", "true"),
            ("protocol.ext.allow", "never"),
            ("user.name", "Dev"),
        ] {
            assert!(seen(&["git", "config", "--global", key, value]).is_empty(), "{key} {value}");
        }
        assert!(seen(&["git", "config", "--get", "core.pager", "/tmp/b"]).is_empty());
    }

    #[test]
    fn scheduling_writes_its_spool() {
        let writes = |path: &str| vec![(Access::Write, path.to_string())];
        assert_eq!(seen(&["at", "now"]), writes("/var/spool/cron/atjobs/job"));
        assert_eq!(seen(&["batch"]), writes("/var/spool/cron/atjobs/job"));
        assert!(seen(&["at", "-l"]).is_empty());
        assert!(seen(&["at", "-r", "3"]).is_empty());
        assert_eq!(seen(&["launchctl", "load", "-w", "a.plist"]), writes("~/Library/LaunchAgents/job.plist"));
        assert_eq!(
            seen(&["launchctl", "bootstrap", "system", "/Library/LaunchDaemons/a.plist"]),
            writes("/Library/LaunchDaemons/job.plist")
        );
        assert!(seen(&["launchctl", "list"]).is_empty());
        assert_eq!(seen(&["loginctl", "enable-linger"]), writes("/var/lib/systemd/linger/user"));
        assert!(seen(&["loginctl", "disable-linger"]).is_empty());
        assert_eq!(seen(&["systemd-run", "--timer-property=x", "b"]), writes("/etc/systemd/system/unit"));
        assert!(seen(&["systemd-run", "--scope", "make"]).is_empty());
    }

    #[test]
    fn other_commands_touch_nothing() {
        assert!(seen(&["echo", ".env"]).is_empty());
        assert!(seen(&["git", "status", ".env"]).is_empty());
        // Adding a file puts its contents in a commit that leaves the machine.
        assert_eq!(seen(&["git", "add", "-f", ".env"]), reads(&[".env"]));
    }
}
