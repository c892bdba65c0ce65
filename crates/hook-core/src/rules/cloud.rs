//! The `cloud` pack: deletes through the cloud CLIs: `aws` (recursive or whole-bucket S3
//! deletes, `s3 sync --delete`, and every `delete-*`/`batch-delete-*`/`terminate-*` call,
//! `schedule-key-deletion`), `gcloud` and `gsutil` (every `delete`, recursive `rm`, `rb`),
//! `az` (every `delete`), `s3cmd` and MinIO's `mc` (recursive or forced `del`/`rm`/`rb`), the smaller providers' CLIs (`hcloud`, `linode-cli`, `scw`, …), and
//! `rclone` deleting from a remote or a local directory outside the project (`purge`, `delete`,
//! `sync` into it).

use super::{Call, Hit, operands};

/// The cloud CLIs' global options that take a value.
const VALUE_OPTIONS: &[&str] = &[
    "--profile",
    "--region",
    "--output",
    "--endpoint-url",
    "--query",
    "--color",
    "--ca-bundle",
    "--project",
    "--zone",
    "--account",
    "--configuration",
    "--format",
    "--subscription",
    "-g",
    "--resource-group",
    "-o",
];

pub(super) fn judge(call: &Call) -> Option<Hit> {
    let name = call.name?;
    if name == "rclone" {
        return rclone(call);
    }
    if !matches!(name, "aws" | "gcloud" | "gsutil" | "az" | "doctl" | "s3cmd" | "mc")
        && !PROVIDERS.contains(&name)
    {
        return None;
    }
    judge_named(call, name)
}

/// [`judge`] of a command this pack is about, out of line so that an allowed call runs only
/// the name check above (ARCHITECTURE.md, "Start-up").
#[inline(never)]
fn judge_named(call: &Call, name: &str) -> Option<Hit> {
    let args: Vec<&str> = call.args().iter().map(|a| a.text.as_str()).collect();
    let words = operands(call.args(), VALUE_OPTIONS);
    let flag = |f: &[&str]| args.iter().any(|a| f.contains(a));
    match name {
        "aws" => {
            let (service, operation) = (words.first().copied()?, words.get(1).copied()?);
            match (service, operation) {
                ("s3", "rb") => Some(Hit::new("cloud.aws-s3-delete", S3)),
                ("s3", "rm") if flag(&["--recursive"]) => Some(Hit::new("cloud.aws-s3-delete", S3)),
                ("s3", "sync") if flag(&["--delete"]) => Some(Hit::new("cloud.aws-s3-delete", S3)),
                (_, op)
                    if op.starts_with("delete-")
                        || op.starts_with("batch-delete-")
                        || op.starts_with("terminate-")
                        || op.starts_with("deregister")
                        || matches!(op, "schedule-key-deletion" | "purge-queue") =>
                {
                    Some(Hit::new("cloud.aws-delete", DELETE))
                }
                _ => None,
            }
        }
        "gcloud" => {
            let recursive = flag(&["-r", "-R", "--recursive"]);
            let deletes = words.iter().any(|w| matches!(*w, "delete" | "destroy"))
                || words.contains(&"storage") && words.contains(&"rm") && recursive;
            deletes.then(|| Hit::new("cloud.gcloud-delete", DELETE))
        }
        "gsutil" => {
            let verb = words.first().copied()?;
            let recursive = args.iter().any(|a| {
                matches!(*a, "-r" | "-R")
                    || a.starts_with('-') && !a.starts_with("--") && a.contains(['r', 'R'])
            });
            (verb == "rb" || verb == "rm" && recursive).then(|| Hit::new("cloud.gcloud-delete", DELETE))
        }
        // s3cmd and MinIO's client: recursive or forced removal of objects, removing a bucket
        // with what it holds.
        "s3cmd" | "mc" => {
            let verb = words.first().copied()?;
            let bulk = flag(&["--recursive", "-r", "--force", "--everything"]);
            let deletes = match verb {
                "del" | "rm" | "rb" => bulk,
                "deleteall" => true,
                _ => false,
            };
            deletes.then(|| Hit::new("cloud.aws-s3-delete", S3))
        }
        "doctl" => words
            .iter()
            .any(|w| matches!(*w, "delete" | "rm" | "destroy"))
            .then(|| Hit::new("cloud.doctl-delete", DELETE)),
        "az" => words
            .iter()
            .any(|w| matches!(*w, "delete" | "delete-batch" | "purge"))
            .then(|| Hit::new("cloud.az-delete", DELETE)),
        _ => words
            .iter()
            .any(|w| matches!(*w, "delete" | "rm" | "destroy" | "terminate" | "purge"))
            .then(|| Hit::new("cloud.provider-delete", DELETE)),
    }
}

/// The other providers' CLIs, whose delete verb is a word of its own (`hcloud server delete`).
const PROVIDERS: &[&str] = &["hcloud", "linode-cli", "scw", "vultr-cli", "oci", "ibmcloud", "exo"];

/// rclone's options that take a value.
const RCLONE_VALUE_OPTIONS: &[&str] = &[
    "--config",
    "--filter",
    "-f",
    "--include",
    "--exclude",
    "--filter-from",
    "--include-from",
    "--exclude-from",
    "--files-from",
    "--backup-dir",
    "--suffix",
    "--log-file",
    "--log-level",
    "--transfers",
    "--checkers",
    "--bwlimit",
    "--max-age",
    "--min-age",
    "--max-size",
    "--min-size",
];

/// `rclone purge|delete|deletefile|rmdirs|cleanup REMOTE:…`, and `sync`/`bisync` whose
/// destination is a remote: sync deletes whatever the destination has and the source lacks.
/// The same of a local path outside the project and temp dirs.
fn rclone(call: &Call) -> Option<Hit> {
    let words = operands(call.args(), RCLONE_VALUE_OPTIONS);
    let (verb, paths) = words.split_first()?;
    let remote = |path: &&str| {
        let before_slash = path.split('/').next().unwrap_or_default();
        before_slash.contains(':') && before_slash.len() > 2
    };
    // A local path deleted from, or synced into, that is not the project's or a temp dir's
    // (`rclone sync /tmp/empty ~/Documents` empties the documents).
    let foreign = |path: &&str| {
        !remote(path)
            && call
                .args()
                .iter()
                .find(|w| w.text == **path)
                .is_some_and(|word| super::paths::classify(word, call.ctx, true).is_foreign())
    };
    let deletes = match *verb {
        "purge" | "delete" | "deletefile" | "rmdir" | "rmdirs" | "cleanup" => {
            paths.iter().any(|path| remote(path) || foreign(path))
        }
        "sync" | "bisync" => paths.last().is_some_and(|path| remote(path) || foreign(path)),
        _ => false,
    };
    deletes.then(|| Hit::new("cloud.rclone-delete", RCLONE))
}

const RCLONE: &str = "This deletes files in remote storage or outside the project (`sync` deletes whatever the destination has and the source lacks), with no undo. Use `copy`, or `--dry-run` and show the user, who can run it.";
const S3: &str = "This deletes objects or buckets in S3 in bulk, with no undo. Delete the specific keys you mean, or ask the user to run it.";
const DELETE: &str =
    "This deletes cloud resources, with no undo. Ask the user to run it, or show them the exact command.";
