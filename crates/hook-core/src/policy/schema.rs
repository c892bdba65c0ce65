//! The TOML schema of one policy file, and the checks that serde alone cannot make.
//!
//! Every table denies unknown keys; values whose check needs a place keep their span.

use std::collections::BTreeMap;
use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;

use super::Pack;
use super::{Action, Expect, OnError, Scope, SecretsAction};

/// What is wrong with a file, and where (a byte range of its text) when that is known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Problem {
    pub span: Option<Range<usize>>,
    pub message: String,
}

impl Problem {
    fn at(span: Range<usize>, message: impl Into<String>) -> Self {
        Self { span: Some(span), message: message.into() }
    }
}

/// One policy file as written.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a table")]
pub(crate) struct PolicyFile {
    pub on_error: Option<Spanned<OnErrorName>>,
    pub timeout: Option<Spanned<i64>>,
    pub journal: Option<Spanned<bool>>,
    /// Keys are checked against [`Pack::from_key`] so that the pack list lives in one place.
    #[serde(default)]
    pub rules: BTreeMap<Spanned<String>, PackEntry>,
    #[serde(default, rename = "filter")]
    pub filters: Vec<Spanned<FilterEntry>>,
    #[serde(default, rename = "rewrite")]
    pub rewrites: Vec<Spanned<RewriteEntry>>,
    #[serde(default)]
    pub files: FilesTable,
    #[serde(default)]
    pub prompt: PromptTable,
    #[serde(default)]
    pub format: BTreeMap<Spanned<String>, Vec<String>>,
    #[serde(default, rename = "stop")]
    pub stops: Vec<Spanned<StopEntry>>,
    pub context: Option<Spanned<ContextTable>>,
    #[serde(default, rename = "test")]
    pub tests: Vec<Spanned<TestEntry>>,
    /// Which project policies the user trusts (see `super::trust`); read only in the system,
    /// user and explicit layers.
    pub trust: Option<Spanned<TrustTable>>,
}

/// `[rules].<pack>`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, expecting = r#"an inline table like { action = "deny" }"#)]
pub(crate) struct PackEntry {
    pub action: Option<Spanned<PackActionName>>,
    pub scope: Option<Spanned<ScopeName>>,
    pub message: Option<String>,
    pub locked: Option<Spanned<bool>>,
}

/// `[[filter]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a table")]
pub(crate) struct FilterEntry {
    /// The rule id's name (`filter.<id>`), instead of one derived from what it matches.
    pub id: Option<String>,
    pub command: Option<Spanned<String>>,
    pub args: Option<Spanned<Vec<String>>>,
    pub pattern: Option<Spanned<String>>,
    pub action: Option<FilterActionName>,
    pub message: Option<String>,
    pub locked: Option<Spanned<bool>>,
}

/// `[[rewrite]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a table")]
pub(crate) struct RewriteEntry {
    /// The rule id's name (`rewrite.<id>`), instead of the command's.
    pub id: Option<String>,
    pub command: Spanned<String>,
    #[serde(default)]
    pub args: Vec<String>,
    pub prefix: Option<Spanned<String>>,
    pub replace: Option<Spanned<String>>,
    #[serde(default)]
    pub exclude: Vec<String>,
    pub message: Option<String>,
    pub when: Option<WhenTable>,
}

/// `[files]`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a table")]
pub(crate) struct FilesTable {
    #[serde(default)]
    pub deny_write: Vec<Spanned<String>>,
    #[serde(default)]
    pub deny_read: Vec<Spanned<String>>,
}

/// `[prompt]`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a table")]
pub(crate) struct PromptTable {
    pub secrets: Option<Spanned<SecretsName>>,
}

/// `[[stop]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a table")]
pub(crate) struct StopEntry {
    pub commands: Spanned<Vec<String>>,
    #[serde(default)]
    pub when: WhenTable,
    pub stage: Option<Spanned<i64>>,
    pub report: Option<bool>,
    pub timeout: Option<Spanned<i64>>,
}

/// `when` of a `[[stop]]` gate or a `[[rewrite]]`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, expecting = "an inline table like { file_exists = \"Cargo.toml\" }")]
pub(crate) struct WhenTable {
    pub file_exists: Option<String>,
    pub command_exists: Option<String>,
}

/// `[context]`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a table")]
pub(crate) struct ContextTable {
    pub date: Option<bool>,
    pub git_status: Option<bool>,
    pub recent_commits: Option<Spanned<i64>>,
    pub files: Option<Vec<String>>,
    pub listing: Option<bool>,
}

/// `[trust]`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a table")]
pub(crate) struct TrustTable {
    /// Directory trees (absolute, or `~/`) whose project policies are trusted as they are.
    #[serde(default)]
    pub directories: Vec<Spanned<String>>,
    /// In the system policy: only the system's own `directories` are trusted; `trust` and
    /// the user's `directories` count for nothing.
    pub locked: Option<Spanned<bool>>,
}

impl ContextTable {
    /// Whether the table sets nothing (the starter policy's, all commented out).
    pub fn is_empty(&self) -> bool {
        self.date.is_none()
            && self.git_status.is_none()
            && self.recent_commits.is_none()
            && self.files.is_none()
            && self.listing.is_none()
    }
}

/// `[[test]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a table")]
pub(crate) struct TestEntry {
    pub command: Option<Spanned<String>>,
    pub event: Option<Spanned<String>>,
    pub expect: ExpectName,
    pub rewritten: Option<Spanned<String>>,
    pub rule: Option<String>,
    pub cwd: Option<String>,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum OnErrorName {
    Allow,
    Deny,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum PackActionName {
    Deny,
    Ask,
    Allow,
    Off,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum ScopeName {
    Dangerous,
    All,
}

/// A filter cannot be `off`: delete it instead.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum FilterActionName {
    Deny,
    Ask,
    Allow,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum SecretsName {
    Deny,
    Ask,
    Warn,
    Off,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum ExpectName {
    Allow,
    Ask,
    Deny,
    Rewrite,
}

impl From<OnErrorName> for OnError {
    fn from(name: OnErrorName) -> Self {
        match name {
            OnErrorName::Allow => OnError::Allow,
            OnErrorName::Deny => OnError::Deny,
        }
    }
}

impl From<PackActionName> for Action {
    fn from(name: PackActionName) -> Self {
        match name {
            PackActionName::Deny => Action::Deny,
            PackActionName::Ask => Action::Ask,
            PackActionName::Allow => Action::Allow,
            PackActionName::Off => Action::Off,
        }
    }
}

impl From<FilterActionName> for Action {
    fn from(name: FilterActionName) -> Self {
        match name {
            FilterActionName::Deny => Action::Deny,
            FilterActionName::Ask => Action::Ask,
            FilterActionName::Allow => Action::Allow,
        }
    }
}

impl From<ScopeName> for Scope {
    fn from(name: ScopeName) -> Self {
        match name {
            ScopeName::Dangerous => Scope::Dangerous,
            ScopeName::All => Scope::All,
        }
    }
}

impl From<SecretsName> for SecretsAction {
    fn from(name: SecretsName) -> Self {
        match name {
            SecretsName::Deny => SecretsAction::Deny,
            SecretsName::Ask => SecretsAction::Ask,
            SecretsName::Warn => SecretsAction::Warn,
            SecretsName::Off => SecretsAction::Off,
        }
    }
}

impl From<ExpectName> for Expect {
    fn from(name: ExpectName) -> Self {
        match name {
            ExpectName::Allow => Expect::Allow,
            ExpectName::Ask => Expect::Ask,
            ExpectName::Deny => Expect::Deny,
            ExpectName::Rewrite => Expect::Rewrite,
        }
    }
}

/// The packs whose `scope` means something: the others have no "every use" form.
const SCOPED_PACKS: [Pack; 3] = [Pack::Rm, Pack::Kill, Pack::Dd];

/// The highest `[[stop]].stage`.
pub(crate) const LAST_STAGE: i64 = 5;

impl PolicyFile {
    /// Parse and check one file's text. Any problem fails the whole file; all of them are
    /// reported, in file order.
    pub(crate) fn parse(text: &str) -> Result<Self, Vec<Problem>> {
        match toml::from_str::<Self>(text) {
            Ok(file) => {
                let problems = file.check();
                if problems.is_empty() { Ok(file) } else { Err(problems) }
            }
            Err(e) => {
                // serde stops at the first problem; each section read on its own shows the
                // others.
                let mut problems = vec![problem_of(&e)];
                problems.extend(sections(text).into_iter().flat_map(|section| {
                    match toml::from_str::<Self>(&section) {
                        Ok(file) => file.check(),
                        Err(e) => vec![problem_of(&e)],
                    }
                }));
                Err(in_file_order(problems))
            }
        }
    }

    /// The checks that need more than one key or a range: every one points at a place.
    fn check(&self) -> Vec<Problem> {
        let mut problems = Vec::new();
        if let Some(timeout) = &self.timeout {
            problems.extend(check_seconds(timeout, "timeout").err());
        }
        for (key, entry) in &self.rules {
            match pack_of(key) {
                Err(problem) => problems.push(problem),
                Ok(pack) => {
                    if let Some(scope) = entry.scope.as_ref().filter(|_| !SCOPED_PACKS.contains(&pack)) {
                        problems.push(Problem::at(
                            scope.span(),
                            format!(
                                "\"scope\" applies only to the rm, kill and dd packs, not to \"{}\"",
                                pack.key()
                            ),
                        ));
                    }
                }
            }
        }
        problems.extend(self.filters.iter().filter_map(|filter| filter.get_ref().check(filter.span()).err()));
        problems
            .extend(self.rewrites.iter().filter_map(|rewrite| rewrite.get_ref().check(rewrite.span()).err()));
        for extension in self.format.keys() {
            if !extension.get_ref().starts_with('.') || extension.get_ref().len() < 2 {
                problems.push(Problem::at(
                    extension.span(),
                    format!(
                        "[format] keys are file extensions with their dot, like \".rs\"; got \"{}\"",
                        extension.get_ref()
                    ),
                ));
            }
        }
        problems.extend(self.stops.iter().filter_map(|stop| stop.get_ref().check().err()));
        let context = self.context.as_ref().map(Spanned::get_ref);
        if let Some(count) =
            context.and_then(|context| context.recent_commits.as_ref()).filter(|count| *count.get_ref() < 0)
        {
            problems.push(Problem::at(count.span(), "recent_commits must be 0 or more"));
        }
        for directory in self.trust.iter().flat_map(|trust| &trust.get_ref().directories) {
            let path = directory.get_ref();
            if !(path.starts_with('/') || path.starts_with("~/") || std::path::Path::new(path).is_absolute())
            {
                problems.push(Problem::at(
                    directory.span(),
                    format!("[trust] directories must be absolute or start with ~/; got \"{path}\""),
                ));
            }
        }
        problems.extend(self.tests.iter().filter_map(|test| test.get_ref().check(test.span()).err()));
        in_file_order(problems)
    }

    /// Compile every regex of the file: only for `check`, as it costs start-up time. The
    /// hooks keep a file with a bad regex and skip only the rule that holds it.
    pub(crate) fn check_patterns(&self) -> Vec<Problem> {
        let filter_patterns = self.filters.iter().flat_map(|filter| {
            let filter = filter.get_ref();
            [filter.command.as_ref(), filter.pattern.as_ref()].into_iter().flatten()
        });
        let rewrite_patterns = self.rewrites.iter().map(|rewrite| &rewrite.get_ref().command);
        filter_patterns
            .chain(rewrite_patterns)
            .filter_map(|pattern| {
                regex_lite::Regex::new(pattern.get_ref())
                    .err()
                    .map(|e| Problem::at(pattern.span(), format!("invalid regex: {e}")))
            })
            .collect()
    }
}

fn problem_of(e: &toml::de::Error) -> Problem {
    Problem { span: e.span(), message: reword(e.message().trim_end()) }
}

/// `problems` sorted by place (those without one first), each once.
fn in_file_order(mut problems: Vec<Problem>) -> Vec<Problem> {
    problems.sort_by_key(|problem| problem.span.as_ref().map(|span| (span.start, span.end)));
    problems.dedup_by(|a, b| {
        a.message == b.message && a.span.as_ref().map(|s| s.start) == b.span.as_ref().map(|s| s.start)
    });
    problems
}

/// Each section of `text` (the keys before the first header, then each `[table]` or
/// `[[array]]` with its keys) as a document of its own, the rest blanked so that offsets stay
/// those of `text`.
fn sections(text: &str) -> Vec<String> {
    let mut starts = vec![0];
    let mut offset = 0;
    let mut in_multiline = None;
    for line in text.split_inclusive('\n') {
        for quotes in ["\"\"\"", "\'\'\'"] {
            if line.matches(quotes).count() % 2 == 1 {
                in_multiline = match in_multiline {
                    Some(open) if open == quotes => None,
                    None => Some(quotes),
                    other => other,
                };
            }
        }
        if in_multiline.is_none() && is_header(line) && offset > 0 {
            starts.push(offset);
        }
        offset += line.len();
    }
    starts.push(text.len());
    starts
        .windows(2)
        .map(|range| {
            let (start, end) = (range[0], range[1]);
            let blank =
                |part: &str| part.bytes().map(|b| if b == b'\n' { '\n' } else { ' ' }).collect::<String>();
            format!("{}{}{}", blank(&text[..start]), &text[start..end], blank(&text[end..]))
        })
        .collect()
}

/// A line that opens a table: `[name]`, `[[name]]`, `[a."b"]`, with an optional comment.
fn is_header(line: &str) -> bool {
    let line = line.trim();
    let line = line.split_once('#').map_or(line, |(head, _)| head).trim_end();
    let inner = line.strip_prefix('[').and_then(|l| l.strip_suffix(']'));
    inner.is_some_and(|inner| {
        let inner = inner.strip_prefix('[').and_then(|i| i.strip_suffix(']')).unwrap_or(inner);
        !inner.is_empty() && inner.chars().all(|c| c.is_alphanumeric() || "_-. \"'".contains(c))
    })
}

/// The pack a `[rules]` key names.
pub(crate) fn pack_of(key: &Spanned<String>) -> Result<Pack, Problem> {
    Pack::from_key(key.get_ref()).ok_or_else(|| {
        let known: Vec<&str> = Pack::ALL.iter().map(|pack| pack.key()).collect();
        let near = crate::spelling::did_you_mean(key.get_ref(), known.iter().copied())
            .map(|near| format!(" (did you mean \"{near}\"?)"))
            .unwrap_or_default();
        Problem::at(
            key.span(),
            format!(
                "unknown pack \"{}\"{near} in [rules], expected one of: {}",
                key.get_ref(),
                known.join(", ")
            ),
        )
    })
}

/// A count of seconds must be positive: 0 would kill every command at once.
fn check_seconds(seconds: &Spanned<i64>, key: &str) -> Result<(), Problem> {
    if *seconds.get_ref() > 0 {
        return Ok(());
    }
    Err(Problem::at(seconds.span(), format!("{key} must be a positive number of seconds")))
}

impl FilterEntry {
    fn check(&self, table: Range<usize>) -> Result<(), Problem> {
        match (&self.command, &self.pattern) {
            (None, None) => {
                Err(Problem::at(table, "a [[filter]] needs `command` (a command name regex) or `pattern`"))
            }
            (Some(_), Some(pattern)) => Err(Problem::at(
                pattern.span(),
                "a [[filter]] takes `command` or `pattern`, not both: write two filters",
            )),
            (None, Some(_)) => match &self.args {
                Some(args) => Err(Problem::at(
                    args.span(),
                    "`args` goes with `command`; a `pattern` sees the whole text",
                )),
                None => Ok(()),
            },
            (Some(_), None) => Ok(()),
        }
    }
}

impl RewriteEntry {
    fn check(&self, table: Range<usize>) -> Result<(), Problem> {
        match (&self.prefix, &self.replace) {
            (None, None) => Err(Problem::at(table, "a [[rewrite]] needs `prefix` or `replace`")),
            (Some(_), Some(replace)) => {
                Err(Problem::at(replace.span(), "a [[rewrite]] takes `prefix` or `replace`, not both"))
            }
            _ => Ok(()),
        }
    }
}

impl StopEntry {
    fn check(&self) -> Result<(), Problem> {
        if self.commands.get_ref().is_empty() {
            return Err(Problem::at(self.commands.span(), "a [[stop]] gate needs at least one command"));
        }
        if let Some(stage) = self.stage.as_ref().filter(|stage| !(1..=LAST_STAGE).contains(stage.get_ref())) {
            return Err(Problem::at(
                stage.span(),
                format!("stage must be from 1 to {LAST_STAGE}; got {}", stage.get_ref()),
            ));
        }
        self.timeout.as_ref().map_or(Ok(()), |timeout| check_seconds(timeout, "timeout"))
    }
}

impl TestEntry {
    fn check(&self, table: Range<usize>) -> Result<(), Problem> {
        match (&self.command, &self.event) {
            (None, None) => {
                return Err(Problem::at(
                    table,
                    "a [[test]] needs `command` (a shell command line) or `event` (a JSON event file)",
                ));
            }
            (Some(_), Some(event)) => {
                return Err(Problem::at(event.span(), "a [[test]] takes `command` or `event`, not both"));
            }
            _ => {}
        }
        match &self.rewritten {
            Some(rewritten) if self.expect != ExpectName::Rewrite => {
                Err(Problem::at(rewritten.span(), "`rewritten` goes with expect = \"rewrite\""))
            }
            _ => Ok(()),
        }
    }
}

/// Serde's messages in the policy's words: "key" and "value" instead of "field" and
/// "variant", TOML type names instead of Rust ones, and the allowed names listed.
fn reword(message: &str) -> String {
    let reworded = if let Some(rest) = message.strip_prefix("unknown field ") {
        reword_unknown("key", rest, false)
    } else if let Some(rest) = message.strip_prefix("unknown variant ") {
        reword_unknown("value", rest, true)
    } else {
        message
            .strip_prefix("missing field ")
            .map(|rest| format!("missing key \"{}\"", rest.trim_matches('`')))
    };
    let mut reworded = reworded.unwrap_or_else(|| message.to_string());
    for (rust, toml) in [
        ("expected i64", "expected an integer"),
        ("expected a sequence", "expected an array"),
        ("expected a map", "expected a table"),
    ] {
        if let Some(head) = reworded.strip_suffix(rust) {
            reworded = format!("{head}{toml}");
        }
    }
    reworded
}

/// `` `name`, expected one of `a`, `b` `` → `unknown <what> "name", expected one of: a, b`.
fn reword_unknown(what: &str, rest: &str, quote_expected: bool) -> Option<String> {
    let (name, expected) = rest.strip_prefix('`')?.split_once("`, ")?;
    let expected: Vec<String> = expected
        .split('`')
        .skip(1)
        .step_by(2)
        .map(|allowed| if quote_expected { format!("\"{allowed}\"") } else { allowed.to_string() })
        .collect();
    if expected.is_empty() {
        return Some(format!("unknown {what} \"{name}\""));
    }
    let near = crate::spelling::did_you_mean(name, expected.iter().map(|allowed| allowed.trim_matches('"')))
        .map(|near| format!(" (did you mean \"{near}\"?)"))
        .unwrap_or_default();
    Some(format!("unknown {what} \"{name}\"{near}, expected one of: {}", expected.join(", ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The keys the schema accepts in one place, as serde lists them when it meets one it does
    /// not know: the list comes from the structs themselves, not from a copy of it.
    fn schema_keys(toml_with_unknown_key: &str) -> Vec<String> {
        let message = PolicyFile::parse(toml_with_unknown_key).expect_err("an unknown key").remove(0).message;
        let expected = message.split_once("expected one of:").map_or("", |(_, list)| list);
        expected.split(',').map(|key| key.trim().to_string()).filter(|key| !key.is_empty()).collect()
    }

    /// Each place of the schema: how to reach it with an unknown key, its heading in
    /// `docs/policy.md`, and its path in `docs/policy.schema.json`.
    const PLACES: [(&str, &str, &[&str]); 12] = [
        ("zzz = 1", "## Top level", &[]),
        ("[rules]\nrm = { zzz = 1 }", "## `[rules]`", &["rules", "rm"]),
        ("[[filter]]\nzzz = 1", "## `[[filter]]`", &["filter", "items"]),
        ("[[rewrite]]\nzzz = 1", "## `[[rewrite]]`", &["rewrite", "items"]),
        (
            "[[rewrite]]\ncommand = \"git\"\nprefix = \"rtk\"\nwhen = { zzz = 1 }",
            "### `when`",
            &["rewrite", "items", "when"],
        ),
        ("[files]\nzzz = 1", "## `[files]`", &["files"]),
        ("[prompt]\nzzz = 1", "## `[prompt]`", &["prompt"]),
        ("[[stop]]\nzzz = 1", "## `[[stop]]`", &["stop", "items"]),
        ("[[stop]]\ncommands = []\nwhen = { zzz = 1 }", "### `when`", &["stop", "items", "when"]),
        ("[context]\nzzz = 1", "## `[context]`", &["context"]),
        ("[[test]]\nzzz = 1", "## `[[test]]`", &["test", "items"]),
        ("[trust]\nzzz = 1", "## `[trust]`", &["trust"]),
    ];

    /// `docs/policy.md` and the JSON Schema describe every key the schema accepts, each in
    /// its own section, and the JSON Schema accepts no key the schema does not.
    #[test]
    fn the_reference_and_the_json_schema_list_every_key() {
        let reference = include_str!("../../../../docs/policy.md");
        let json: serde_json::Value =
            serde_json::from_str(include_str!("../../../../docs/policy.schema.json")).expect("valid JSON");
        let mut missing = Vec::new();
        for (provoke, heading, path) in PLACES {
            let keys = schema_keys(provoke);
            assert!(!keys.is_empty(), "no keys found for {heading}");
            let section = reference
                .split_once(&format!("{heading}\n"))
                .map(|(_, rest)| rest.split("\n## ").next().unwrap_or(rest))
                .unwrap_or_else(|| panic!("docs/policy.md has no `{heading}`"));
            let node = path.iter().fold(&json, |node, step| match *step {
                "items" | "properties" => &node[*step],
                name => &node["properties"][name],
            });
            let properties =
                node["properties"].as_object().unwrap_or_else(|| panic!("{heading}: no properties"));
            for key in &keys {
                let is_table = path.is_empty()
                    && [
                        "rules", "filter", "rewrite", "files", "prompt", "format", "stop", "context", "test",
                        "trust",
                    ]
                    .contains(&key.as_str());
                let documented = if is_table {
                    reference.contains(&format!("## `[{key}]`"))
                        || reference.contains(&format!("## `[[{key}]]`"))
                } else {
                    section.contains(&format!("| `{key}` |"))
                };
                if !documented {
                    missing.push(format!("docs/policy.md, {heading}: `{key}`"));
                }
                if !properties.contains_key(key) {
                    missing.push(format!("docs/policy.schema.json, {heading}: `{key}`"));
                }
            }
            for key in properties.keys() {
                if !keys.contains(key) {
                    missing.push(format!("docs/policy.schema.json, {heading}: `{key}` is not in the schema"));
                }
            }
        }
        let packs = json["properties"]["rules"]["properties"].as_object().expect("[rules] in the schema");
        for pack in crate::policy::Pack::ALL {
            if !packs.contains_key(pack.key()) {
                missing.push(format!("docs/policy.schema.json, [rules]: pack `{}`", pack.key()));
            }
        }
        assert!(missing.is_empty(), "{}", missing.join("\n"));
    }

    fn problem(text: &str) -> Problem {
        match PolicyFile::parse(text) {
            Ok(file) => panic!("expected a problem, parsed {file:?}"),
            Err(mut problems) => problems.remove(0),
        }
    }

    /// The text the problem points at.
    fn pointed_at<'a>(text: &'a str, problem: &Problem) -> &'a str {
        &text[problem.span.clone().expect("a span")]
    }

    #[test]
    fn the_design_example_parses() {
        let text = r#"
on_error = "allow"
timeout = 60
journal = true

[rules]
rm   = { action = "deny", scope = "dangerous" }
kill = { action = "deny", scope = "dangerous" }
dd   = { action = "deny", scope = "dangerous" }
git  = { action = "deny" }
disk = { action = "deny" }
permissions = { action = "deny" }
remote-script = { action = "deny" }
fork-bomb = { action = "deny" }

[[filter]]
command = "npm"
args = ["install", "i", "add"]
action = "deny"
message = "Use pnpm instead of npm"

[[filter]]
pattern = 'python[23]? -m pip'
message = "Use uv pip"

[[rewrite]]
command = "git"
args = ["status", "log", "diff"]
prefix = "rtk"

[files]
deny_write = [".env", ".env.*", "!.env.example", "**/*.pem", ".git/**"]
deny_read  = [".env", ".env.*", "!.env.example", "**/id_rsa"]

[prompt]
secrets = "deny"

[format]
".rs" = ["rustfmt {file}"]
".py" = ["ruff format {file}", "ruff check {file}"]

[[stop]]
commands = ["cargo clippy --all-targets -- -D warnings", "cargo test -q"]
when = { file_exists = "Cargo.toml", command_exists = "cargo" }
stage = 3
report = true

[context]
date = true
recent_commits = 5

[[test]]
command = "git status"
expect = "allow"
"#;
        let file = PolicyFile::parse(text).expect("the example policy is valid");
        // The eight packs of the first release.
        assert_eq!(file.rules.len(), 8);
        assert_eq!(
            (file.filters.len(), file.rewrites.len(), file.stops.len(), file.tests.len()),
            (2, 1, 1, 1)
        );
        assert!(file.check_patterns().is_empty());
    }

    #[test]
    fn every_pack_key_is_accepted() {
        for pack in Pack::ALL {
            let text = format!("[rules]\n{} = {{ action = \"ask\" }}\n", pack.key());
            assert!(PolicyFile::parse(&text).is_ok(), "{}", pack.key());
        }
    }

    #[test]
    fn an_unknown_top_level_key_lists_the_allowed_ones() {
        let text = "journal = true\nrulez = 1\n";
        let problem = problem(text);
        assert_eq!(
            problem.message,
            "unknown key \"rulez\" (did you mean \"rules\"?), expected one of: on_error, timeout, journal, rules, filter, rewrite, \
             files, prompt, format, stop, context, test, trust"
        );
        assert_eq!(pointed_at(text, &problem), "rulez");
    }

    #[test]
    fn a_mistyped_key_or_value_gets_the_nearest_one() {
        assert_eq!(
            problem("[[rewrite]]\ncommand = \"git\"\nprefx = \"rtk\"\n").message,
            "unknown key \"prefx\" (did you mean \"prefix\"?), expected one of: id, command, args, prefix, \
             replace, exclude, message, when"
        );
        assert_eq!(
            problem("[rules]\nrm = { action = \"dney\" }\n").message,
            "unknown value \"dney\" (did you mean \"deny\"?), expected one of: \"deny\", \"ask\", \"allow\", \"off\""
        );
    }

    #[test]
    fn an_unknown_value_lists_the_allowed_ones() {
        let text = "[rules]\nrm = { action = \"block\" }\n";
        let problem = problem(text);
        assert_eq!(
            problem.message,
            "unknown value \"block\", expected one of: \"deny\", \"ask\", \"allow\", \"off\""
        );
        assert_eq!(pointed_at(text, &problem), "\"block\"");
    }

    #[test]
    fn an_unknown_pack_is_named() {
        let text = "[rules]\nrmm = { action = \"deny\" }\n";
        let problem = problem(text);
        assert!(
            problem.message.starts_with(
                "unknown pack \"rmm\" (did you mean \"rm\"?) in [rules], expected one of: rm, kill"
            ),
            "{}",
            problem.message
        );
        assert_eq!(pointed_at(text, &problem), "rmm");
    }

    #[test]
    fn scope_is_only_for_rm_kill_and_dd() {
        assert!(PolicyFile::parse("[rules]\nkill = { scope = \"all\" }\n").is_ok());
        let text = "[rules]\ngit = { scope = \"all\" }\n";
        let problem = problem(text);
        assert!(problem.message.contains("only to the rm, kill and dd packs"), "{}", problem.message);
        assert_eq!(pointed_at(text, &problem), "\"all\"");
    }

    #[test]
    fn wrong_types_say_what_is_expected() {
        assert_eq!(problem("timeout = \"60\"\n").message, "invalid type: string \"60\", expected an integer");
        assert_eq!(problem("journal = 1\n").message, "invalid type: integer `1`, expected a boolean");
        assert!(
            problem("[rules]\nrm = \"deny\"\n")
                .message
                .ends_with(r#"expected an inline table like { action = "deny" }"#)
        );
        assert!(problem("[files]\ndeny_read = \".env\"\n").message.ends_with("expected an array"));
    }

    #[test]
    fn ranges_are_checked_at_the_value() {
        let text = "timeout = 0\n";
        assert_eq!(pointed_at(text, &problem(text)), "0");
        let text = "[[stop]]\ncommands = [\"make\"]\nstage = 9\n";
        let problem = problem(text);
        assert_eq!(problem.message, "stage must be from 1 to 5; got 9");
        assert_eq!(pointed_at(text, &problem), "9");
        assert!(PolicyFile::parse("[[stop]]\ncommands = []\n").is_err());
        assert!(PolicyFile::parse("[[stop]]\ncommands = [\"x\"]\ntimeout = -1\n").is_err());
        assert!(PolicyFile::parse("[context]\nrecent_commits = -1\n").is_err());
    }

    #[test]
    fn a_filter_needs_exactly_one_of_command_and_pattern() {
        assert!(problem("[[filter]]\nmessage = \"x\"\n").message.contains("needs `command`"));
        let text = "[[filter]]\ncommand = \"npm\"\npattern = \"npm i\"\n";
        assert_eq!(pointed_at(text, &problem(text)), "\"npm i\"");
        let text = "[[filter]]\npattern = \"npm i\"\nargs = [\"i\"]\n";
        assert_eq!(pointed_at(text, &problem(text)), "[\"i\"]");
    }

    #[test]
    fn a_filter_action_cannot_be_off() {
        assert!(
            problem("[[filter]]\ncommand = \"npm\"\naction = \"off\"\n")
                .message
                .starts_with("unknown value \"off\"")
        );
    }

    #[test]
    fn a_rewrite_needs_exactly_one_of_prefix_and_replace() {
        let text = "[[rewrite]]\ncommand = \"git\"\nprefix = \"rtk\"\nreplace = \"jj\"\n";
        let both = problem(text);
        assert!(both.message.contains("not both"));
        assert_eq!(pointed_at(text, &both), "\"jj\"");
        assert!(PolicyFile::parse("[[rewrite]]\ncommand = \"git\"\n").is_err());
        assert_eq!(problem("[[rewrite]]\nprefix = \"rtk\"\n").message, "missing key \"command\"");
    }

    #[test]
    fn format_keys_are_extensions() {
        let text = "[format]\nrs = [\"rustfmt {file}\"]\n";
        assert_eq!(pointed_at(text, &problem(text)), "rs");
    }

    #[test]
    fn a_test_needs_a_command_or_an_event_and_rewritten_needs_rewrite() {
        assert!(problem("[[test]]\nexpect = \"allow\"\n").message.contains("needs `command`"));
        let text = "[[test]]\ncommand = \"ls\"\nexpect = \"allow\"\nrewritten = \"ls -l\"\n";
        assert_eq!(pointed_at(text, &problem(text)), "\"ls -l\"");
        assert!(
            PolicyFile::parse(
                "[[test]]\ncommand = \"git status\"\nexpect = \"rewrite\"\nrewritten = \"rtk git status\"\n"
            )
            .is_ok()
        );
    }

    #[test]
    fn syntax_errors_have_a_place() {
        let problem = problem("journal = \n");
        assert!(problem.span.is_some());
    }

    #[test]
    fn every_problem_of_a_file_is_found_in_file_order() {
        let text = "timeout = -1\n[rules.rm]\naction = \"maybe\"\n\n[[filter]]\ncommand = \"x\"\nzzz = 1\n\n[[stop]]\ncommands = [\"a\"]\ntimeout = -3\n[format]\n\"rs\" = [\"rustfmt\"]\n";
        let problems = PolicyFile::parse(text).expect_err("four problems");
        let pointed: Vec<&str> = problems.iter().map(|problem| pointed_at(text, problem)).collect();
        assert_eq!(pointed.len(), 5, "{problems:?}");
        assert!(pointed[0].starts_with("-1"), "{pointed:?}");
        assert!(pointed[1].starts_with("\"maybe\""), "{pointed:?}");
        assert!(pointed[2].starts_with("zzz"), "{pointed:?}");
        assert!(pointed[4].starts_with("\"rs\""), "{pointed:?}");
        let text = "[[filter]]\ncommand = \"(\"\n[[filter]]\npattern = \"[z\"\n";
        let file = PolicyFile::parse(text).expect("parses without compiling");
        assert_eq!(file.check_patterns().len(), 2);
    }

    #[test]
    fn bad_regexes_are_found_only_when_asked() {
        let text = "[[filter]]\npattern = \"python(\"\n";
        let file = PolicyFile::parse(text).expect("parses without compiling");
        let problem = file.check_patterns().pop().expect("the regex is invalid");
        assert!(problem.message.starts_with("invalid regex"));
        assert_eq!(pointed_at(text, &problem), "\"python(\"");
    }
}
