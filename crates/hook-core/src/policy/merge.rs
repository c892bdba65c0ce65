//! Merging policy files, layer by layer, over the built-in policy.
//!
//! The rules, each applied as a file is merged over everything before it:
//! - scalars (`on_error`, `timeout`, `journal`): the later layer wins;
//! - `[rules].<pack>`: field by field, so a later layer may set only `message`;
//! - `[[filter]]`, `[[rewrite]]`, `[[stop]]`, `[[test]]`: appended in layer order;
//! - `[files]` lists: appended, so a later `!exception` overrides an earlier entry
//!   (gitignore-style, the last matching entry wins);
//! - `[format]`: by extension, a later list replaces the earlier one (`[]` switches it off);
//! - `[prompt]` and `[context]`: field by field (`context.files` is replaced as a whole).
//!
//! A project layer that the user has not trusted (see `super::trust`) may only make the guard
//! stricter: whatever would weaken it (a pack off or softened, an `allow` filter, a `!`
//! exception in `[files]`, `on_error = "allow"`, the journal off, a weaker `[prompt]`) or run
//! something (`[[rewrite]]`, `[format]`, `[[stop]]`, `[context]`) is skipped and reported in
//! [`Merger::take_skipped`]; its filters may replace an earlier filter's decision only with
//! one at least as strict. Whatever its trust, no project layer lowers a pack that the user's
//! own policy sets to `deny`. `[trust]` counts only in the system, user and explicit layers.
//!
//! `locked = true` counts only in the system layer. A locked pack keeps the action and scope
//! the system layer left it with as a floor: a later layer may make it stricter (action
//! off < allow < ask < deny, scope dangerous < all) but an attempt to weaken it is ignored
//! and reported as a warning. A locked filter is carried with `locked` set; the decision
//! code does not let a later `allow` filter override it. `locked` elsewhere is ignored with
//! a warning.

use std::borrow::Cow;
use std::cell::OnceCell;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use toml::Spanned;

use super::Pack;
use super::schema::{
    self, FilterEntry, PackEntry, PolicyFile, RewriteEntry, StopEntry, TestEntry, WhenTable,
};
use super::trust;
use super::{
    Action, Condition, ContextSettings, Filter, FilterMatch, LayerKind, Location, OnError, Policy,
    PolicyError, PolicyTest, Rewrite, RewriteChange, Scope, SecretsAction, StopGate, TestInput, Text,
};

/// Where `[[stop]]` gates go when they name no stage: the middle, so that others can be
/// placed before or after them.
const DEFAULT_STAGE: u8 = 3;

/// One file being merged: which layer it is, where it is, and its text for locations.
pub(crate) struct Source<'a> {
    pub kind: LayerKind,
    pub path: &'a Path,
    pub text: &'a str,
    /// `path`, shared by the location of every rule in the file.
    file: Arc<Path>,
    /// False only for a project file the user has not trusted.
    trusted: bool,
    /// Byte offsets where each line of `text` starts, found once on the first location asked
    /// for: every rule records where it came from, and rescanning the text for each one made
    /// loading a 50-rule policy quadratic.
    line_starts: OnceCell<Vec<usize>>,
}

impl<'a> Source<'a> {
    pub(crate) fn new(kind: LayerKind, path: &'a Path, text: &'a str) -> Self {
        Self { kind, path, text, file: path.into(), trusted: true, line_starts: OnceCell::new() }
    }

    /// This file as one the user has not trusted: it may only make the guard stricter.
    pub(crate) fn untrusted(self) -> Self {
        Self { trusted: false, ..self }
    }

    fn locate(&self, span: &Range<usize>) -> Location {
        let starts = self.line_starts.get_or_init(|| {
            std::iter::once(0).chain(self.text.match_indices('\n').map(|(at, _)| at + 1)).collect()
        });
        let offset = span.start.min(self.text.len());
        let line = starts.partition_point(|&start| start <= offset);
        let line_start = starts[line - 1];
        let column = self.text.get(line_start..offset).map_or(1, |prefix| prefix.chars().count() + 1);
        Location { file: Arc::clone(&self.file), line, column }
    }

    fn warning(&self, span: &Range<usize>, message: String) -> PolicyError {
        PolicyError::at(self.locate(span), message)
    }

    /// Relative paths in a policy file are relative to the file's directory.
    fn resolve(&self, path: &str) -> PathBuf {
        self.path.parent().map_or_else(|| path.into(), |dir| dir.join(path))
    }
}

/// The policy built so far, and what the system layer locked.
pub(crate) struct Merger {
    policy: Policy,
    /// The settings of the packs the system layer locked: later layers cannot go below them.
    floors: BTreeMap<Pack, (Action, Scope)>,
    /// The packs the user's own policy sets to `deny`: no project layer lowers them.
    user_denies: BTreeSet<Pack>,
    trust: trust::Settings,
    warnings: Vec<PolicyError>,
    /// What untrusted layers would have weakened or run, at its place.
    skipped: Vec<PolicyError>,
}

impl Merger {
    /// Start from the built-in policy.
    pub(crate) fn new() -> Self {
        Self {
            policy: Policy::default(),
            floors: BTreeMap::new(),
            user_denies: BTreeSet::new(),
            trust: trust::Settings::default(),
            warnings: Vec::new(),
            skipped: Vec::new(),
        }
    }

    /// The `[trust]` settings of the layers merged so far.
    pub(crate) fn trust(&self) -> &trust::Settings {
        &self.trust
    }

    /// What the untrusted layers merged so far would have weakened or run, each at its place.
    pub(crate) fn take_skipped(&mut self) -> Vec<PolicyError> {
        std::mem::take(&mut self.skipped)
    }

    /// Report that `source` (untrusted) wanted `what` at `span`, which was not applied until
    /// the user trusts the file.
    fn skip(&mut self, source: &Source<'_>, span: &Range<usize>, what: impl std::fmt::Display) {
        self.skipped.push(source.warning(span, what.to_string()));
    }

    pub(crate) fn finish(self) -> (Policy, Vec<PolicyError>) {
        (self.policy, self.warnings)
    }

    /// Merge one file that parsed and passed its checks over the layers before it.
    pub(crate) fn apply(&mut self, source: &Source<'_>, file: &PolicyFile) {
        let skipped_before = self.skipped.len();
        self.apply_settings(source, file);
        // In the file's order, for reading next to it ([rules] is merged in key order).
        self.skipped[skipped_before..].sort_by_key(|skip| (skip.line, skip.column));
    }

    fn apply_settings(&mut self, source: &Source<'_>, file: &PolicyFile) {
        if let Some(on_error) = &file.on_error {
            let wanted = OnError::from(*on_error.get_ref());
            if !source.trusted && wanted == OnError::Allow && self.policy.on_error == OnError::Deny {
                self.skip(source, &on_error.span(), "on_error = \"allow\" (fail open)");
            } else {
                self.policy.on_error = wanted;
            }
        }
        if let Some(timeout) = &file.timeout {
            self.policy.timeout = seconds(timeout);
        }
        if let Some(journal) = &file.journal {
            if !source.trusted && !*journal.get_ref() && self.policy.journal {
                self.skip(source, &journal.span(), "journal = false (the decision journal off)");
            } else {
                self.policy.journal = *journal.get_ref();
            }
        }
        for (key, entry) in &file.rules {
            // The file's checks already proved every key names a pack.
            if let Ok(pack) = schema::pack_of(key) {
                self.apply_pack(source, pack, entry);
            }
        }
        if let Some(table) = &file.trust {
            self.apply_trust(source, table);
        }
        self.apply_lists(source, file);
    }

    fn apply_trust(&mut self, source: &Source<'_>, table: &Spanned<schema::TrustTable>) {
        let entry = table.get_ref();
        let directories = entry.directories.iter().filter_map(|dir| trust::directory(dir.get_ref()));
        match source.kind {
            LayerKind::System => {
                self.trust.system_directories.extend(directories);
                self.trust.locked |= entry.locked.as_ref().is_some_and(|locked| *locked.get_ref());
            }
            LayerKind::User | LayerKind::Explicit => {
                self.trust.user_directories.extend(directories);
                if let Some(locked) = entry.locked.as_ref().filter(|locked| *locked.get_ref()) {
                    self.warnings.push(ignored_lock(source, locked));
                }
            }
            LayerKind::Project | LayerKind::BuiltIn => self.warnings.push(source.warning(
                &table.span(),
                "a project policy cannot trust itself: [trust] counts only in the user and system policies; ignored"
                    .to_string(),
            )),
        }
    }

    fn apply_pack(&mut self, source: &Source<'_>, pack: Pack, entry: &PackEntry) {
        // Changed on a copy, put back at the end: the checks below report through `self`.
        let mut setting = self.policy.packs.get(pack);
        let floor = self.floors.get(&pack).copied();
        if let Some(action) = &entry.action {
            let wanted = Action::from(*action.get_ref());
            let user_denied = source.kind == LayerKind::Project && self.user_denies.contains(&pack);
            if source.kind == LayerKind::User && wanted == Action::Deny {
                self.user_denies.insert(pack);
            }
            match floor {
                Some((locked, _)) if strictness(wanted) < strictness(locked) => {
                    self.warnings.push(source.warning(
                        &action.span(),
                        format!(
                            "the system policy locks pack \"{}\" at action \"{}\"; this weaker action is ignored",
                            pack.key(),
                            action_name(locked)
                        ),
                    ));
                }
                _ if user_denied && wanted != Action::Deny => {
                    self.warnings.push(source.warning(
                        &action.span(),
                        format!(
                            "your user policy sets pack \"{}\" to \"deny\"; a project policy cannot lower it, so \"{}\" is ignored",
                            pack.key(),
                            action_name(wanted)
                        ),
                    ));
                }
                _ if !source.trusted && strictness(wanted) < strictness(setting.action) => {
                    let what = format!(
                        "pack \"{}\" from \"{}\" to \"{}\"",
                        pack.key(),
                        action_name(setting.action),
                        action_name(wanted)
                    );
                    self.skip(source, &action.span(), what);
                }
                _ => {
                    // A repository's own file switching protection off is worth a look: it
                    // applies to everyone who runs an agent in that checkout.
                    if source.kind == LayerKind::Project && strictness(wanted) < strictness(setting.action) {
                        self.warnings.push(source.warning(
                            &action.span(),
                            format!(
                                "this project policy weakens pack \"{}\" from \"{}\" to \"{}\" for everyone working here",
                                pack.key(),
                                action_name(setting.action),
                                action_name(wanted)
                            ),
                        ));
                    }
                    setting.action = wanted;
                }
            }
        }
        if let Some(scope) = &entry.scope {
            let wanted = Scope::from(*scope.get_ref());
            match floor {
                Some((_, Scope::All)) if wanted == Scope::Dangerous => {
                    self.warnings.push(source.warning(
                        &scope.span(),
                        format!(
                            "the system policy locks pack \"{}\" at scope \"all\"; this narrower scope is ignored",
                            pack.key()
                        ),
                    ));
                }
                _ if !source.trusted && wanted == Scope::Dangerous && setting.scope == Scope::All => {
                    self.skip(
                        source,
                        &scope.span(),
                        format!("pack \"{}\" narrowed to scope \"dangerous\"", pack.key()),
                    );
                }
                _ => setting.scope = wanted,
            }
        }
        if let Some(message) = &entry.message {
            setting.message = Some(text(message));
        }
        if let Some(locked) = entry.locked.as_ref().filter(|locked| *locked.get_ref()) {
            if source.kind == LayerKind::System {
                setting.locked = true;
                self.floors.insert(pack, (setting.action, setting.scope));
            } else {
                self.warnings.push(ignored_lock(source, locked));
            }
        }
        self.policy.packs.0.insert(pack, setting);
    }

    fn apply_lists(&mut self, source: &Source<'_>, file: &PolicyFile) {
        for spanned in &file.filters {
            let filter = self.filter_from(source, spanned);
            if source.trusted || filter.action != Action::Allow {
                self.policy.filters.push(filter);
                continue;
            }
            let what = format!("an allow exception for `{}`", matched(&filter.matcher));
            self.skip(source, &spanned.span(), what);
        }
        for rewrite in &file.rewrites {
            if source.trusted {
                self.policy.rewrites.push(rewrite_from(source, rewrite));
                continue;
            }
            let what =
                format!("a [[rewrite]] of `{}` (it changes what runs)", rewrite.get_ref().command.get_ref());
            self.skip(source, &rewrite.span(), what);
        }
        for (globs, merged) in
            [(&file.files.deny_write, Access::Write), (&file.files.deny_read, Access::Read)]
        {
            for glob in globs {
                if source.trusted || !glob.get_ref().starts_with('!') {
                    let list = match merged {
                        Access::Write => &mut self.policy.files.deny_write,
                        Access::Read => &mut self.policy.files.deny_read,
                    };
                    list.push(text(glob.get_ref()));
                    continue;
                }
                let what = format!("the [files] exception \"{}\"", glob.get_ref());
                self.skip(source, &glob.span(), what);
            }
        }
        if let Some(secrets) = &file.prompt.secrets {
            let wanted = SecretsAction::from(*secrets.get_ref());
            if !source.trusted && secrets_strictness(wanted) < secrets_strictness(self.policy.prompt.secrets)
            {
                self.skip(source, &secrets.span(), "a weaker [prompt] secrets action");
            } else {
                self.policy.prompt.secrets = wanted;
            }
        }
        for (extension, commands) in &file.format {
            if source.trusted {
                self.policy.format.insert(extension.get_ref().clone(), commands.clone());
                continue;
            }
            let what = format!("[format] runs {:?} after edits of {} files", commands, extension.get_ref());
            self.skip(source, &extension.span(), what);
        }
        for stop in &file.stops {
            if source.trusted {
                self.policy.stops.push(stop_gate_from(source, stop));
                continue;
            }
            let what =
                format!("a [[stop]] gate runs {:?} when the agent stops", stop.get_ref().commands.get_ref());
            self.skip(source, &stop.span(), what);
        }
        if let Some(context) = file.context.as_ref().filter(|context| !context.get_ref().is_empty()) {
            if source.trusted {
                merge_context(&mut self.policy.context, context.get_ref());
            } else {
                self.skip(
                    source,
                    &context.span(),
                    "[context] runs git and reads files into the agent's context",
                );
            }
        }
        let policy = &mut self.policy;
        policy.tests.extend(file.tests.iter().map(|test| policy_test_from(source, test)));
    }

    fn filter_from(&mut self, source: &Source<'_>, filter: &Spanned<FilterEntry>) -> Filter {
        let entry = filter.get_ref();
        // The file's checks proved exactly one of `command` and `pattern` is set.
        let matcher = match (&entry.command, &entry.pattern) {
            (Some(name), _) => FilterMatch::Command {
                name: text(name.get_ref()),
                args: entry.args.as_ref().map(|args| texts(args.get_ref())).unwrap_or_default(),
            },
            (None, pattern) => {
                FilterMatch::Pattern(pattern.as_ref().map(|p| text(p.get_ref())).unwrap_or_default())
            }
        };
        let locked = match entry.locked.as_ref().filter(|locked| *locked.get_ref()) {
            Some(_) if source.kind == LayerKind::System => true,
            Some(locked) => {
                self.warnings.push(ignored_lock(source, locked));
                false
            }
            None => false,
        };
        Filter {
            id: entry.id.as_deref().map(text),
            matcher,
            action: entry.action.map_or(Action::Deny, Action::from),
            message: entry.message.as_deref().map(text),
            locked,
            untrusted: !source.trusted,
            origin: source.locate(&filter.span()),
        }
    }
}

/// Which `[files]` list a glob goes to.
#[derive(Clone, Copy)]
enum Access {
    Write,
    Read,
}

fn merge_context(merged: &mut ContextSettings, context: &schema::ContextTable) {
    if let Some(date) = context.date {
        merged.date = date;
    }
    if let Some(git_status) = context.git_status {
        merged.git_status = git_status;
    }
    if let Some(count) = &context.recent_commits {
        merged.recent_commits = u32::try_from(*count.get_ref()).unwrap_or(u32::MAX);
    }
    if let Some(files) = &context.files {
        merged.files = files.clone();
    }
    if let Some(listing) = context.listing {
        merged.listing = listing;
    }
}

/// What a filter matches, as its file wrote it.
fn matched(matcher: &FilterMatch) -> String {
    match matcher {
        FilterMatch::Command { name, args } if args.is_empty() => name.to_string(),
        FilterMatch::Command { name, args } => format!("{name} {}", args.join("|")),
        FilterMatch::Pattern(pattern) => pattern.to_string(),
    }
}

/// A policy file's text as a rule's.
fn text(text: &str) -> Text {
    Cow::Owned(text.to_owned())
}

fn texts(list: &[String]) -> Vec<Text> {
    list.iter().map(|item| text(item)).collect()
}

fn rewrite_from(source: &Source<'_>, rewrite: &Spanned<RewriteEntry>) -> Rewrite {
    let entry = rewrite.get_ref();
    // The file's checks proved exactly one of `prefix` and `replace` is set.
    let change = match (&entry.prefix, &entry.replace) {
        (Some(prefix), _) => RewriteChange::Prefix(text(prefix.get_ref())),
        (None, replace) => {
            RewriteChange::Replace(replace.as_ref().map(|r| text(r.get_ref())).unwrap_or_default())
        }
    };
    Rewrite {
        id: entry.id.as_deref().map(text),
        command: text(entry.command.get_ref()),
        args: texts(&entry.args),
        change,
        exclude: texts(&entry.exclude),
        message: entry.message.as_deref().map(text),
        when: entry.when.as_ref().map(condition),
        origin: source.locate(&rewrite.span()),
    }
}

fn condition(when: &WhenTable) -> Condition {
    Condition { file_exists: when.file_exists.clone(), command_exists: when.command_exists.clone() }
}

fn stop_gate_from(source: &Source<'_>, stop: &Spanned<StopEntry>) -> StopGate {
    let entry = stop.get_ref();
    StopGate {
        commands: entry.commands.get_ref().clone(),
        when: condition(&entry.when),
        stage: entry
            .stage
            .as_ref()
            .and_then(|stage| u8::try_from(*stage.get_ref()).ok())
            .unwrap_or(DEFAULT_STAGE),
        report: entry.report.unwrap_or(true),
        timeout: entry.timeout.as_ref().map(seconds),
        origin: source.locate(&stop.span()),
    }
}

fn policy_test_from(source: &Source<'_>, test: &Spanned<TestEntry>) -> PolicyTest {
    let entry = test.get_ref();
    // The file's checks proved exactly one of `command` and `event` is set.
    let input = match (&entry.command, &entry.event) {
        (Some(command), _) => TestInput::Command(command.get_ref().clone()),
        (None, event) => TestInput::Event(source.resolve(event.as_ref().map_or("", |e| e.get_ref()))),
    };
    PolicyTest {
        input,
        expect: entry.expect.into(),
        rewritten: entry.rewritten.as_ref().map(|r| r.get_ref().clone()),
        rule: entry.rule.clone(),
        cwd: entry.cwd.as_deref().map(|cwd| source.resolve(cwd)),
        origin: source.locate(&test.span()),
    }
}

/// A count of seconds that the file's checks proved positive.
fn seconds(value: &Spanned<i64>) -> Duration {
    Duration::from_secs(value.get_ref().unsigned_abs())
}

fn ignored_lock(source: &Source<'_>, locked: &Spanned<bool>) -> PolicyError {
    source
        .warning(&locked.span(), "`locked` takes effect only in the system policy; ignored here".to_string())
}

/// How much an action blocks: a lock forbids going down this order.
fn strictness(action: Action) -> u8 {
    match action {
        Action::Off => 0,
        Action::Allow => 1,
        Action::Ask => 2,
        Action::Deny => 3,
    }
}

/// How much a `[prompt] secrets` action blocks.
fn secrets_strictness(action: SecretsAction) -> u8 {
    match action {
        SecretsAction::Off => 0,
        SecretsAction::Warn => 1,
        SecretsAction::Ask => 2,
        SecretsAction::Deny => 3,
    }
}

fn action_name(action: Action) -> &'static str {
    match action {
        Action::Off => "off",
        Action::Allow => "allow",
        Action::Ask => "ask",
        Action::Deny => "deny",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::{Expect, SecretsAction};

    /// Merge `(kind, text)` layers over the built-in policy.
    fn merge(layers: &[(LayerKind, &str)]) -> (Policy, Vec<PolicyError>) {
        let path = PathBuf::from("/policies/config.toml");
        let mut merger = Merger::new();
        for (kind, text) in layers {
            let file = PolicyFile::parse(text).expect("valid layer");
            merger.apply(&Source::new(*kind, &path, text), &file);
        }
        merger.finish()
    }

    #[test]
    fn scalars_later_wins() {
        let (policy, _) = merge(&[
            (LayerKind::System, "on_error = \"deny\"\ntimeout = 5\n"),
            (LayerKind::User, "timeout = 7\njournal = false\n"),
        ]);
        assert_eq!(policy.on_error, crate::policy::OnError::Deny);
        assert_eq!(policy.timeout, Duration::from_secs(7));
        assert!(!policy.journal);
    }

    #[test]
    fn packs_merge_field_by_field() {
        let (policy, _) = merge(&[
            (LayerKind::User, "[rules]\nrm = { action = \"ask\", scope = \"all\" }\n"),
            (LayerKind::Project, "[rules]\nrm = { message = \"use trash\" }\n"),
        ]);
        let rm = policy.packs.get(Pack::Rm);
        assert_eq!(
            (rm.action, rm.scope, rm.message.as_deref()),
            (Action::Ask, Scope::All, Some("use trash"))
        );
        assert_eq!(policy.packs.get(Pack::Git), crate::policy::PackSetting::default());
    }

    #[test]
    fn lists_append_in_layer_order() {
        let (policy, _) = merge(&[
            (LayerKind::User, "[[filter]]\ncommand = \"npm\"\n[[stop]]\ncommands = [\"a\"]\n"),
            (
                LayerKind::Project,
                "[[filter]]\npattern = \"pip\"\naction = \"ask\"\n[[stop]]\ncommands = [\"b\"]\nstage = 1\n",
            ),
        ]);
        let matchers: Vec<&FilterMatch> = policy.filters.iter().map(|f| &f.matcher).collect();
        assert_eq!(
            matchers,
            [&FilterMatch::Command { name: "npm".into(), args: vec![] }, &FilterMatch::Pattern("pip".into())]
        );
        assert_eq!((policy.filters[0].action, policy.filters[1].action), (Action::Deny, Action::Ask));
        let stages: Vec<u8> = policy.stops.iter().map(|s| s.stage).collect();
        assert_eq!(stages, [DEFAULT_STAGE, 1]);
        assert_eq!(policy.filters[1].origin.line, 1);
    }

    #[test]
    fn file_lists_append_after_the_built_in_ones() {
        let (policy, _) = merge(&[(LayerKind::Project, "[files]\ndeny_read = [\"!.env\"]\n")]);
        assert_eq!(policy.files.deny_read.iter().next().map(AsRef::as_ref), Some("~/.*/**/*[Cc]redential*"));
        assert_eq!(policy.files.deny_read.iter().last().map(AsRef::as_ref), Some("!.env"));
        assert!(policy.files.deny_write.iter().any(|glob| glob == ".git/**"));
    }

    #[test]
    fn format_replaces_by_extension() {
        let (policy, _) = merge(&[
            (LayerKind::User, "[format]\n\".rs\" = [\"rustfmt {file}\"]\n\".py\" = [\"black {file}\"]\n"),
            (LayerKind::Project, "[format]\n\".py\" = [\"ruff format {file}\"]\n"),
        ]);
        assert_eq!(policy.format[".rs"], ["rustfmt {file}"]);
        assert_eq!(policy.format[".py"], ["ruff format {file}"]);
    }

    #[test]
    fn prompt_and_context_merge_field_by_field() {
        let (policy, _) = merge(&[
            (LayerKind::User, "[prompt]\nsecrets = \"warn\"\n[context]\ndate = true\nrecent_commits = 3\n"),
            (LayerKind::Project, "[prompt]\n[context]\nrecent_commits = 0\nfiles = [\"NOTES.md\"]\n"),
        ]);
        assert_eq!(policy.prompt.secrets, SecretsAction::Warn);
        assert!(policy.context.date);
        assert_eq!(policy.context.recent_commits, 0);
        assert_eq!(policy.context.files, ["NOTES.md"]);
    }

    #[test]
    fn a_locked_pack_cannot_be_weakened_but_can_be_strengthened() {
        let (policy, warnings) = merge(&[
            (LayerKind::System, "[rules]\nrm = { action = \"ask\", scope = \"all\", locked = true }\n"),
            (LayerKind::User, "[rules]\nrm = { action = \"off\", scope = \"dangerous\", message = \"m\" }\n"),
            (LayerKind::Project, "[rules]\nrm = { action = \"deny\" }\n"),
        ]);
        let rm = policy.packs.get(Pack::Rm);
        assert_eq!(
            (rm.action, rm.scope, rm.locked, rm.message.as_deref()),
            (Action::Deny, Scope::All, true, Some("m"))
        );
        assert_eq!(warnings.len(), 2, "{warnings:?}");
        assert!(warnings[0].message.contains("locks pack \"rm\" at action \"ask\""));
        assert_eq!((warnings[0].line, warnings[0].column), (Some(2), Some(17)));
    }

    #[test]
    fn a_project_weakening_a_pack_is_reported() {
        let (policy, warnings) = merge(&[(
            LayerKind::Project,
            "[rules]\nrm = { action = \"off\" }\ngit = { action = \"deny\" }\n",
        )]);
        assert_eq!(policy.packs.get(Pack::Rm).action, Action::Off);
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(
            warnings[0].message.contains("weakens pack \"rm\" from \"deny\" to \"off\""),
            "{}",
            warnings[0]
        );
        let (_, from_user) = merge(&[(LayerKind::User, "[rules]\nrm = { action = \"off\" }\n")]);
        assert!(from_user.is_empty());
    }

    #[test]
    fn locked_outside_the_system_layer_is_ignored_with_a_warning() {
        let (policy, warnings) = merge(&[(
            LayerKind::User,
            "[rules]\ngit = { locked = true }\n[[filter]]\ncommand = \"npm\"\nlocked = true\n",
        )]);
        assert!(!policy.packs.get(Pack::Git).locked);
        assert!(!policy.filters[0].locked);
        assert_eq!(warnings.len(), 2);
    }

    #[test]
    fn a_system_filter_keeps_its_lock() {
        let (policy, warnings) =
            merge(&[(LayerKind::System, "[[filter]]\ncommand = \"npm\"\nlocked = true\n")]);
        assert!(policy.filters[0].locked && warnings.is_empty());
    }

    #[test]
    fn rewrites_and_tests_are_converted() {
        let (policy, _) = merge(&[(
            LayerKind::Project,
            "[[rewrite]]\ncommand = \"git\"\nreplace = \"jj\"\n\
             [[test]]\nevent = \"events/push.json\"\nexpect = \"deny\"\ncwd = \"sub\"\n",
        )]);
        assert_eq!(policy.rewrites[0].change, RewriteChange::Replace("jj".into()));
        let test = &policy.tests[0];
        assert_eq!(test.input, TestInput::Event(PathBuf::from("/policies/events/push.json")));
        assert_eq!((test.expect, test.cwd.as_deref()), (Expect::Deny, Some(Path::new("/policies/sub"))));
    }
}
