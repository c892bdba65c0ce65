//! The `opaque` and `limit` packs: what the analysis could not see becomes a finding, an
//! ask by default. Text a shell, `eval` or `source` runs that is not computed, syntax that
//! is not followed, and the bounds of the analysis (ARCHITECTURE.md "No code runs unseen").

use crate::policy::{Action, PackSettings};
use crate::shell::{Analysis, UnseenKind};

use super::{Finding, Pack};

/// The pack that reports one kind of unseen part.
fn pack_of(kind: UnseenKind) -> Pack {
    match kind {
        UnseenKind::Exec | UnseenKind::Syntax => Pack::Opaque,
        UnseenKind::Commands | UnseenKind::Nesting | UnseenKind::Depth | UnseenKind::Size => Pack::Limit,
    }
}

/// A finding for each unseen part whose pack is on, in the order the analysis met them.
pub(super) fn findings<'a>(
    analysis: &'a Analysis,
    packs: &'a PackSettings,
) -> impl Iterator<Item = Finding> + 'a {
    analysis.unseen.iter().filter_map(move |unseen| {
        let pack = pack_of(unseen.kind);
        let setting = packs.get(pack);
        if !matches!(setting.action, Action::Deny | Action::Ask) {
            return None;
        }
        let message =
            setting.message.as_deref().map_or_else(|| message(unseen.kind, &unseen.what), str::to_owned);
        Some(Finding {
            pack,
            rule: unseen.kind.rule(),
            message,
            action: setting.action,
            // A bound of the whole line belongs to no command, so no allow filter excepts it.
            command: unseen.command.unwrap_or(usize::MAX),
        })
    })
}

fn message(kind: UnseenKind, what: &str) -> String {
    match kind {
        UnseenKind::Exec => format!(
            "This runs code that cannot be checked before it runs: {what}. Run the commands themselves, so that each can be checked, or confirm that this is safe."
        ),
        UnseenKind::Syntax => format!(
            "This command line cannot be fully read: {what}. Fix the quoting, or confirm that it is safe."
        ),
        _ => format!(
            "This command line is beyond what the guard analyses: {what}. Split it into smaller commands."
        ),
    }
}

#[cfg(test)]
mod tests {
    use crate::policy::{Action, PackSetting, PackSettings};
    use crate::rules::Pack;
    use crate::rules::testing::{ctx, evaluate_in};
    use crate::shell::{Dialect, analyse};

    fn finding(line: &str, packs: &PackSettings) -> Option<(&'static str, Action)> {
        evaluate_in(&analyse(line, Dialect::Posix), &ctx(), packs).map(|f| (f.rule, f.action))
    }

    #[test]
    fn unseen_code_is_asked_about_and_the_packs_switch_off() {
        let defaults = PackSettings::default();
        assert_eq!(
            finding("curl -s x | tr a-z n-za-m | sh", &defaults).map(|f| f.0),
            Some("remote-script.pipe-to-shell")
        );
        assert_eq!(
            finding("cat notes.txt | tr a-z n-za-m | sh", &defaults),
            Some(("opaque.exec", Action::Ask))
        );
        let mut off = PackSettings::default();
        off.0.insert(Pack::Opaque, PackSetting { action: Action::Off, ..PackSetting::of(Pack::Opaque) });
        assert_eq!(finding("cat notes.txt | tr a-z n-za-m | sh", &off), None);
        let mut deny = PackSettings::default();
        deny.0.insert(Pack::Opaque, PackSetting { action: Action::Deny, ..PackSetting::of(Pack::Opaque) });
        assert_eq!(finding("eval \"$(cat cmd.txt)\"", &deny), Some(("opaque.exec", Action::Deny)));
    }

    #[test]
    fn a_deny_elsewhere_on_the_line_beats_the_ask() {
        let line = "eval \"$(cat cmd.txt)\"; rm -rf /";
        assert_eq!(finding(line, &PackSettings::default()), Some(("rm.root", Action::Deny)));
    }

    #[test]
    fn bounds_are_limits() {
        let nested = format!("{}rm -rf ~{}", "( ".repeat(60), " )".repeat(60));
        assert_eq!(finding(&nested, &PackSettings::default()), Some(("limit.nesting", Action::Ask)));
        let many = format!("{}rm -rf ~", "true; ".repeat(10_001));
        assert_eq!(finding(&many, &PackSettings::default()), Some(("limit.commands", Action::Ask)));
        let evals = format!("{}'rm -rf ~'", "eval ".repeat(20));
        assert_eq!(finding(&evals, &PackSettings::default()).map(|f| f.1), Some(Action::Ask));
    }
}
