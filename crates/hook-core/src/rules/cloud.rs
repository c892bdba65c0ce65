//! The `cloud` pack: deletes through the cloud CLIs: `aws` (recursive or whole-bucket S3
//! deletes, `s3 sync --delete`, and every `delete-*`/`terminate-*` call), `gcloud` and
//! `gsutil` (every `delete`, recursive `rm`, `rb`), `az` (every `delete`).

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
    if !matches!(name, "aws" | "gcloud" | "gsutil" | "az" | "doctl") {
        return None;
    }
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
                    if op.starts_with("delete-") || op.starts_with("terminate-") || op == "deregister" =>
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
        "doctl" => words
            .iter()
            .any(|w| matches!(*w, "delete" | "rm" | "destroy"))
            .then(|| Hit::new("cloud.doctl-delete", DELETE)),
        "az" => words
            .iter()
            .any(|w| matches!(*w, "delete" | "delete-batch" | "purge"))
            .then(|| Hit::new("cloud.az-delete", DELETE)),
        _ => None,
    }
}

const S3: &str = "This deletes objects or buckets in S3 in bulk, with no undo. Delete the specific keys you mean, or ask the user to run it.";
const DELETE: &str =
    "This deletes cloud resources, with no undo. Ask the user to run it, or show them the exact command.";
