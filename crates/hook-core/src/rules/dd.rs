//! The `dd` pack: `dd` writing to a block device.
//!
//! `dd of=/dev/sda` overwrites a disk. Any `of=` under `/dev/` fires except the harmless
//! character devices (`/dev/null`, `/dev/zero`, `/dev/stdout`, ...); a run-time `of=` fires
//! only when it starts with `/dev/`. Writing to a block device by redirection (`> /dev/sda`)
//! is the disk pack's `disk.block-device-write`, since any command can do it. In scope
//! `all`, every `dd` fires.

use super::{Call, Hit};
use crate::policy::Scope;

pub(super) const GUESSES: &[&str] = &["dd"];

pub(super) fn judge(call: &Call) -> Option<Hit> {
    // dcfldd and dc3dd take dd's operands (and more outputs: `of=` again, `hof=`, `wipe=`).
    if !matches!(call.name?, "dd" | "dcfldd" | "dc3dd") {
        return None;
    }
    if call.scope == Scope::All {
        return Some(Hit::new(
            "dd.all",
            "Running `dd` is not allowed by this policy. Ask the user to do it.",
        ));
    }
    let outputs = call.args().iter().filter_map(|w| {
        ["of=", "hof=", "ofs=", "hofs=", "wipe=", "hwipe="].iter().find_map(|key| w.text.strip_prefix(key))
    });
    outputs.into_iter().any(is_block_device).then(|| {
        Hit::new(
            "dd.block-device",
            "`dd` writing to a device would overwrite a disk. Write to an image file inside the project instead, or ask the user to run it.",
        )
    })
}

/// Devices under `/dev/` that are safe to write to.
const HARMLESS_DEVICES: &[&str] =
    &["null", "zero", "full", "random", "urandom", "stdout", "stderr", "stdin", "tty"];

/// A path that names a disk, partition or other device that holds data. Windows raw disks
/// (`\\.\PhysicalDrive0`) count too.
pub(super) fn is_block_device(path: &str) -> bool {
    if path.to_ascii_lowercase().starts_with("\\\\.\\") {
        return true;
    }
    let Some(device) = path.strip_prefix("/dev/") else {
        return false;
    };
    let harmless = HARMLESS_DEVICES.contains(&device)
        || ["fd/", "pts/", "shm/", "tty", "tcp/", "udp/"].iter().any(|prefix| device.starts_with(prefix));
    !device.is_empty() && !harmless
}

#[cfg(test)]
mod tests {
    use crate::policy::{PackSetting, PackSettings, Scope};
    use crate::rules::Pack;
    use crate::rules::testing::evaluate_in;
    use crate::rules::testing::*;

    #[test]
    fn block_devices() {
        for device in [
            "/dev/sda",
            "/dev/nvme0n1p1",
            "/dev/disk2",
            "/dev/rdisk2",
            "/dev/mapper/root",
            "/dev/md0",
            "/dev/mmcblk0",
            "/dev/$DISK",
        ] {
            let of = format!("of={device}");
            assert_eq!(rule(&["dd", "if=image.iso", &of, "bs=4M"]), Some("dd.block-device"), "{device}");
        }
        assert_eq!(rule(&["dd", "if=x", "of=\\\\.\\PhysicalDrive0"]), Some("dd.block-device"));
    }

    #[test]
    fn harmless_outputs() {
        for of in ["of=/dev/null", "of=file.img", "of=/tmp/x", "of=/dev/stdout", "of=/dev/fd/1", "of=$OUT"] {
            assert_eq!(rule(&["dd", "if=/dev/zero", of, "count=1"]), None, "{of}");
        }
        assert_eq!(rule(&["dd", "if=/dev/sda", "of=disk.img"]), None);
    }

    #[test]
    fn scope_all_fires_on_every_dd() {
        let mut packs = PackSettings::default();
        packs.0.insert(Pack::Dd, PackSetting { scope: Scope::All, ..Default::default() });
        let finding = evaluate_in(&sequence(&[&["dd", "if=a", "of=b"]]), &ctx(), &packs).expect("a finding");
        assert_eq!(finding.rule, "dd.all");
    }
}
