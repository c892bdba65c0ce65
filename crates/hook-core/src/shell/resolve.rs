//! Run-time values that the line itself fixes: variables set by plain assignments earlier in
//! the line, and words expanded with them and with resolved command substitutions.
//!
//! Never a guess: a variable assigned in a branch, a loop, a subshell or from a substitution
//! becomes unknown, and an unknown value leaves the word [`Word::dynamic`]; only a name the
//! line had not set keeps what a pipeline after `&&` gave it ([`Vars::leave_kept`]).

use std::collections::HashMap;

use super::Word;
use super::lexer::{LexWord, Part};

/// The longest value kept for a variable or a substitution; longer ones are unknown, which
/// also stops `a=$a$a` doubling from growing without bound.
const MAX_VALUE: usize = 64 * 1024;

/// References followed from one name (`declare -n a=b`, `b` naming `c`…) before the value
/// counts as unknown.
const MAX_REFERENCES: usize = 8;

/// What `IFS` holds when nothing sets it.
const DEFAULT_IFS: &str = " \t\n";

/// Variables in nested scopes. A scope is opened for everything that may not run, or runs in
/// a subshell; what it assigns is unknown once it closes.
#[derive(Debug)]
pub(super) struct Vars {
    scopes: Vec<Scope>,
    /// Names holding what a pipeline that may not have run gave them ([`Vars::leave_kept`]).
    kept: Vec<String>,
    /// The working directory where the analysis knows it (`.` where the line started, `sub`
    /// after `cd sub`): what `$PWD` holds while the line does not set it.
    pub pwd: Option<String>,
}

#[derive(Debug, Default)]
struct Scope {
    values: HashMap<String, Value>,
    /// Lookups stop here: a loop body (the value may come from a later iteration), a function
    /// body (called later) or another shell process.
    isolated: bool,
}

/// What the line says about a variable.
#[derive(Debug, Clone)]
enum Value {
    Known(String),
    /// Assigned, to a value the line does not fix.
    Unknown,
    /// An array whose elements the line fixes (`a=(rm -rf /)`).
    Array(Vec<String>),
    /// An array made from globs (`f=(~/.ssh/id_*)`): its elements are the files the patterns
    /// name, so each expansion of it is those patterns.
    Patterns(Vec<String>),
    /// Assigned the output of a command substitution, written here as in the source
    /// (`$(mktemp -d)`): still unknown, but what it stands for is worth showing the rules.
    Substitution(String),
    /// A `for` variable over a glob (`for f in ~/.ssh/*`): it holds the files the glob names,
    /// so its expansions are that glob, quoted or not.
    Pattern(String),
    /// `declare -n r=x`: `r` is another name for `x`, whatever `x` holds when `r` is used.
    Reference(String),
}

impl Default for Vars {
    fn default() -> Self {
        Self { scopes: vec![Scope::default()], kept: Vec::new(), pwd: None }
    }
}

impl super::param::Lookup for Vars {
    fn value_of(&self, name: &str) -> Option<&str> {
        self.get(name)
    }

    fn is_set(&self, name: &str) -> bool {
        Vars::is_set(self, name)
    }
}

impl Vars {
    /// The value of `name` if the line fixes it here.
    pub fn get(&self, name: &str) -> Option<&str> {
        if name == "IFS" && self.lookup(name).is_none() {
            return Some(DEFAULT_IFS);
        }
        match self.lookup(name)? {
            Value::Known(value) | Value::Pattern(value) => Some(value),
            // `$a` is the first element.
            Value::Array(items) | Value::Patterns(items) => items.first().map(String::as_str),
            Value::Unknown | Value::Substitution(_) | Value::Reference(_) => None,
        }
    }

    /// The elements of `name` when the line fixes them (a plain value is one element).
    pub fn array(&self, name: &str) -> Option<Vec<&str>> {
        match self.lookup(name)? {
            Value::Array(items) | Value::Patterns(items) => Some(items.iter().map(String::as_str).collect()),
            Value::Known(value) | Value::Pattern(value) => Some(vec![value.as_str()]),
            Value::Unknown | Value::Substitution(_) | Value::Reference(_) => None,
        }
    }

    /// `name=(…)`: the elements, or `None` when one is not fixed by the line; `globbed` when
    /// an element is a glob's files.
    pub fn set_array(&mut self, name: &str, items: Option<Vec<String>>, globbed: bool) {
        let fits = |items: &Vec<String>| items.iter().map(String::len).sum::<usize>() <= MAX_VALUE;
        let value = match items.filter(fits) {
            Some(items) if globbed => Value::Patterns(items),
            Some(items) => Value::Array(items),
            None => Value::Unknown,
        };
        self.insert(name, value);
    }

    /// The source text of the substitution whose output `name` holds, if that is all the
    /// line says about it.
    pub fn substitution_of(&self, name: &str) -> Option<&str> {
        self.substitution(name)
    }

    fn substitution(&self, name: &str) -> Option<&str> {
        match self.lookup(name)? {
            Value::Substitution(source) => Some(source),
            Value::Known(_)
            | Value::Unknown
            | Value::Array(_)
            | Value::Patterns(_)
            | Value::Pattern(_)
            | Value::Reference(_) => None,
        }
    }

    /// The field separators: `IFS` as the line sets it, blanks and newlines when it does not
    /// touch it, `None` when it sets it to something unknown.
    pub fn ifs(&self) -> Option<&str> {
        match self.lookup("IFS") {
            None => Some(DEFAULT_IFS),
            Some(Value::Known(value)) => Some(value),
            Some(
                Value::Unknown
                | Value::Substitution(_)
                | Value::Array(_)
                | Value::Patterns(_)
                | Value::Pattern(_)
                | Value::Reference(_),
            ) => None,
        }
    }

    /// What `name` holds, through the names references lead to (a loop of them holds
    /// nothing known).
    fn lookup(&self, name: &str) -> Option<&Value> {
        let mut name = name;
        for _ in 0..MAX_REFERENCES {
            match self.own(name)? {
                Value::Reference(target) => name = target,
                value => return Some(value),
            }
        }
        Some(&Value::Unknown)
    }

    fn own(&self, name: &str) -> Option<&Value> {
        for scope in self.scopes.iter().rev() {
            if let Some(value) = scope.values.get(name) {
                return Some(value);
            }
            if scope.isolated {
                return None;
            }
        }
        None
    }

    /// `declare -n name=target`.
    pub fn set_reference(&mut self, name: &str, target: &str) {
        self.insert(name, Value::Reference(target.to_string()));
    }

    pub fn set(&mut self, name: &str, value: Option<String>) {
        let value = match value.filter(|v| v.len() <= MAX_VALUE) {
            Some(value) => Value::Known(value),
            None => Value::Unknown,
        };
        self.insert(name, value);
    }

    /// `for name in GLOB`: the variable stands for the files the glob names.
    pub fn set_pattern(&mut self, name: &str, pattern: &str) {
        self.insert(name, Value::Pattern(pattern.to_string()));
    }

    /// `"$*"` where the line fixes `$@` and `IFS`: `$@` holds the parameters one field each,
    /// a home directory written `$HOME` (`IFS=/; set -- $HOME .aws credentials; "$*"` is
    /// `$HOME/.aws/credentials`).
    #[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
    pub fn positional_joined(&self) -> Option<String> {
        let separator: String = self.get("IFS")?.chars().take(1).collect();
        // `$*` holds them joined by a blank, known even where one holds blanks.
        if separator == " " {
            return self.get("*").map(str::to_string);
        }
        let values: Vec<&str> = self.positional()?.collect();
        Some(values.join(&separator))
    }

    /// The positional parameters `$1`… when the line fixes them: `$@` holds them one field
    /// each, joined by blanks.
    pub fn positional(&self) -> Option<impl Iterator<Item = &str>> {
        Some(self.get("@")?.split(' ').filter(|value| !value.is_empty()))
    }

    /// Whether the line assigned `name` anything, known or not.
    pub fn is_set(&self, name: &str) -> bool {
        self.lookup(name).is_some()
    }

    /// Whether `name` holds a glob's files (`set_pattern`).
    pub fn is_pattern(&self, name: &str) -> bool {
        matches!(self.lookup(name), Some(Value::Pattern(_) | Value::Patterns(_)))
    }

    /// `name=$(…)` with an output the line does not fix: remember the substitution's text.
    pub fn set_substitution(&mut self, name: &str, source: &str) {
        self.insert(name, Value::Substitution(source.to_string()));
    }

    /// Whether `name` holds what a pipeline that may not have run gave it: as a command's
    /// name it may still be whatever the shell inherited.
    pub fn is_kept(&self, name: &str) -> bool {
        !self.kept.is_empty() && self.kept.iter().any(|kept| kept == name)
    }

    fn insert(&mut self, name: &str, value: Value) {
        // Assigning through a reference assigns the variable it names.
        let mut name = name.to_string();
        if !matches!(value, Value::Reference(_)) {
            for _ in 0..MAX_REFERENCES {
                match self.own(&name) {
                    Some(Value::Reference(target)) => name = target.clone(),
                    _ => break,
                }
            }
        }
        if !self.kept.is_empty() {
            self.kept.retain(|kept| *kept != name);
        }
        if let Some(scope) = self.scopes.last_mut() {
            scope.values.insert(name, value);
        }
    }

    pub fn enter(&mut self, isolated: bool) {
        self.scopes.push(Scope { values: HashMap::new(), isolated });
    }

    /// Close the innermost scope of a pipeline that ran if the ones before it succeeded (`cd
    /// d && a=(x); cat "${a[@]}"`): that is the run the line is written for, so a name the line
    /// had not set before keeps what the scope assigned (otherwise it holds what the shell
    /// inherited, which nothing here knows either; [`Vars::is_kept`] says so). A name of the
    /// environment's kind (no lowercase letter: `HOME`, `PATH`) or one the line had set to
    /// another value may hold either: unknown.
    #[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
    pub fn leave_kept(&mut self) {
        if self.scopes.len() < 2 {
            return;
        }
        let Some(closed) = self.scopes.pop() else { return };
        for (name, value) in closed.values {
            let own =
                name.bytes().any(|b| b.is_ascii_lowercase()) || matches!(name.as_str(), "MAPFILE" | "REPLY");
            let value = match self.own(&name) {
                None if own => {
                    self.kept.push(name.clone());
                    value
                }
                _ => Value::Unknown,
            };
            if let Some(parent) = self.scopes.last_mut() {
                parent.values.insert(name, value);
            }
        }
    }

    /// Close the innermost scope: whatever it assigned may or may not have happened.
    pub fn leave(&mut self) {
        if self.scopes.len() < 2 {
            return;
        }
        let Some(closed) = self.scopes.pop() else { return };
        if let Some(parent) = self.scopes.last_mut() {
            for name in closed.values.into_keys() {
                parent.values.insert(name, Value::Unknown);
            }
        }
    }
}

/// Expand one word. `outputs` holds what each command substitution of the word prints, in
/// order (`None`: unknown). With `fields`, a word that is one unquoted expansion splits into
/// several words the way the shell splits fields. `budget` bounds the bytes produced by
/// expansions over the whole analysis.
pub(super) fn expand(
    word: &LexWord,
    vars: &Vars,
    outputs: &[Option<String>],
    fields: bool,
    budget: &mut usize,
) -> Vec<Word> {
    // Nearly every word stays one word: room for it alone, not the four a first push makes.
    let mut words = Vec::with_capacity(1);
    expand_into(word, vars, outputs, fields, budget, &mut words);
    words
}

/// [`expand`], the words pushed onto `words`: a command's argv takes them without a `Vec` per
/// word in between.
pub(super) fn expand_into(
    word: &LexWord,
    vars: &Vars,
    outputs: &[Option<String>],
    fields: bool,
    budget: &mut usize,
    words: &mut Vec<Word>,
) {
    // Unquoted expansions split into fields on the characters of `IFS` (`rm${IFS}-rf`); with
    // an `IFS` the line does not fix, a split is not guessed.
    let ifs = vars.ifs();
    let first = words.len();
    // Most words are their own text: one allocation of the right size, not a growth per part.
    let mut out =
        Word { raw: word.raw.clone(), text: String::with_capacity(word.raw.len()), ..Word::default() };
    let mut substitutions = outputs.iter();
    for part in &word.parts {
        let computed: Option<String>;
        let (value, raw, quoted) = match part {
            Part::Literal { text, quoted } => {
                out.glob |= !quoted && has_glob(text);
                out.text.push_str(text);
                continue;
            }
            // `"$@"` is one word per parameter: split like an unquoted expansion.
            // `"$*"`: the positional parameters joined by the first character of `IFS`, none
            // when it is empty (`set -- r m; IFS=; "$*"` is `rm`).
            Part::Param { name, raw, quoted } if name == "*" && *quoted => {
                computed = vars.positional_joined();
                match computed.as_deref() {
                    // The home directory the line does not spell stands as `$HOME`, as in `$@`.
                    Some(stands) if stands.contains("$HOME") => match super::home_only(stands) {
                        true => (None, stands, true),
                        false => (None, raw.as_str(), true),
                    },
                    value => (value, raw.as_str(), true),
                }
            }
            // `"$PWD/.git"`: the working directory, where the analysis knows it.
            Part::Param { name, raw, quoted } if name == "PWD" && !vars.is_set(name) => {
                (vars.pwd.as_deref(), raw.as_str(), *quoted)
            }
            Part::Param { name, raw, quoted } => {
                (vars.get(name), vars.substitution(name).unwrap_or(raw.as_str()), *quoted && name != "@")
            }
            Part::Command { raw, quoted, .. } => {
                (substitutions.next().and_then(Option::as_deref), raw.as_str(), *quoted)
            }
            Part::Process { raw, .. } => (None, raw.as_str(), true),
            Part::Opaque { raw, quoted } => {
                computed = operator_value(raw, vars);
                match computed.as_deref() {
                    // A home directory the line does not spell is known only by where it is;
                    // `${!v}` of a variable the line does not set stands for that variable.
                    Some(stands) if stands.starts_with('$') => (None, stands, true),
                    // Unquoted among a command's words, its value splits into fields as
                    // `$x`'s does (`${!n}` with `n=c; c='rm -rf ~'` is three words).
                    value => (value, raw.as_str(), *quoted || !fields),
                }
            }
        };
        if let Part::Param { name, .. } = part
            && vars.is_pattern(name)
        {
            out.glob = true;
        }
        let splits = |ifs: &str| !quoted && value.is_some_and(|v| v.contains(|c| ifs.contains(c)));
        let value = match ifs {
            Some(ifs) if splits(ifs) && !fields => value.filter(|_| false),
            Some(_) => value,
            None if fields && !quoted => None,
            None => value.filter(|v| quoted || !v.contains(char::is_whitespace)),
        };
        match value {
            Some(value) if spend(budget, value.len()) => {
                let separators = ifs.filter(|_| fields && !quoted).unwrap_or_default();
                let mut pieces = value.split(|c| separators.contains(c));
                if let Some(first) = pieces.next() {
                    out.glob |= !quoted && has_glob(first);
                    out.text.push_str(first);
                }
                for piece in pieces {
                    let done = std::mem::replace(&mut out, Word { raw: word.raw.clone(), ..Word::default() });
                    if !done.text.is_empty() || done.dynamic {
                        words.push(done);
                    }
                    out.glob |= !quoted && has_glob(piece);
                    out.text.push_str(piece);
                }
            }
            _ => {
                // A home directory the line does not spell splits after it like a value
                // (`IFS=:; p=~/.aws:credentials; set -- $p` is `$HOME/.aws credentials`), and
                // so does a value of words around it (`a="-rf $HOME"; rm $a` is `rm -rf $HOME`):
                // each field is run-time only where it holds the home directory.
                let separators = ifs.filter(|_| fields && !quoted && super::home_among_words(raw));
                match separators.filter(|ifs| !ifs.contains(['/', '$', '{', '}', 'H', 'O', 'M', 'E'])) {
                    Some(ifs) => {
                        let mut pieces = raw.split(|c| ifs.contains(c));
                        let first = pieces.next().unwrap_or_default();
                        out.dynamic |= first.contains('$');
                        out.text.push_str(first);
                        for piece in pieces {
                            let done = std::mem::replace(
                                &mut out,
                                Word { raw: word.raw.clone(), ..Word::default() },
                            );
                            if !done.text.is_empty() || done.dynamic {
                                words.push(done);
                            }
                            out.dynamic = piece.contains('$');
                            out.text.push_str(piece);
                        }
                    }
                    None => {
                        out.dynamic = true;
                        out.text.push_str(raw);
                    }
                }
            }
        }
    }
    let lone_unquoted_expansion = matches!(
        word.parts.as_slice(),
        [Part::Param { quoted: false, .. } | Part::Command { quoted: false, .. }]
    );
    // An empty field is dropped, unless it is all the word is and something quoted made it.
    let empty_field = out.text.is_empty() && !out.dynamic;
    if !empty_field || (!lone_unquoted_expansion && words.len() == first) {
        words.push(out);
    }
}

/// The value of an expansion with an operator (`${x:-d}`, `${x#p}`, `${!x}`) where the line
/// fixes it; its words (`d`, `p`) are expanded in turn.
#[inline(never)] // off an allowed call's path (ARCHITECTURE.md, "Start-up")
fn operator_value(raw: &str, vars: &Vars) -> Option<String> {
    // `sh -c 'eval "$0"' 'rm -rf ~'`: `$0` is the word after the text, when the line gives one.
    if raw == "$0" || raw == "${0}" {
        return vars.get("0").map(str::to_string);
    }
    if !raw.starts_with("${") {
        return None;
    }
    let mut budget = MAX_VALUE;
    let mut word_value = |word: &str| -> Option<String> {
        if word.is_empty() {
            return Some(String::new());
        }
        let tokens = super::lexer::tokenize(word).tokens;
        let [token] = tokens.as_slice() else { return None };
        let super::lexer::TokenKind::Word(lexed) = &token.kind else { return None };
        // `${d:-~/x}`: the tilde is the home directory, which stands as `$HOME` (see below).
        if let Some(home) = tilde_value(word).filter(|_| lexed.raw == word) {
            return Some(home);
        }
        let value = expand_value(lexed, vars, &[], &mut budget);
        // `${KEY:-$HOME/.ssh/id_rsa}`: a path under the home directory stands as `$HOME/…`.
        (!value.dynamic || value.home_only()).then_some(value.text)
    };
    // `${!v}` with `v=GITHUB_TOKEN`: `$GITHUB_TOKEN`, whatever the environment holds.
    if let Some(target) =
        raw.strip_prefix("${!").and_then(|r| r.strip_suffix('}')).and_then(|name| vars.get(name))
    {
        let is_name = !target.is_empty() && target.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
        if is_name && !vars.is_set(target) {
            return Some(format!("${target}"));
        }
    }
    // `mapfile -t a < list; cat "${a[0]}"`: an element of an array filled with what a
    // command prints stands for that command's output, as `$a` does.
    if let Some(source) = raw
        .strip_prefix("${")
        .and_then(|r| r.strip_suffix("]}"))
        .and_then(|inner| inner.split_once('['))
        .and_then(|(name, _)| vars.substitution(name))
    {
        return Some(source.to_string());
    }
    // `"${p[0]}/${p[1]}"`: an element of an array the line fixes, where the word holds more
    // than the element (a lone one is [`array_words`]'s).
    if let Some((name, index)) =
        raw.strip_prefix("${").and_then(|r| r.strip_suffix("]}")).and_then(|inner| inner.split_once('['))
        && let Ok(n) = index.parse::<usize>()
        && !vars.is_pattern(name)
        && let Some(items) = vars.array(name)
    {
        // An element that unquoted would split into fields is not guessed at.
        let item = items.get(n).copied().unwrap_or_default();
        return vars.ifs().filter(|ifs| !item.contains(|c| ifs.contains(c))).map(|_| item.to_string());
    }
    super::param::value(raw, vars, &mut word_value)
        // A computed value is text: a `$` in it is no expansion.
        .filter(|value| !value.starts_with('$') || value.starts_with("$HOME"))
}

/// `${a[@]}`, `"${a[@]}"`, `${a[*]}`, `"${a[*]}"` and `${a[N]}` of an array the line fixes:
/// its words; `None` for any other word.
pub(super) fn array_words(word: &LexWord, vars: &Vars) -> Option<Vec<Word>> {
    let [Part::Opaque { raw, .. }] = word.parts.as_slice() else { return None };
    let quoted = word.raw.starts_with('"');
    if let Some(slice) = raw.strip_prefix("${@:").or_else(|| raw.strip_prefix("${*:")) {
        return positional_slice(slice.strip_suffix('}')?, word, vars);
    }
    let inner = raw.strip_prefix("${")?.strip_suffix("]}")?;
    let (name, index) = inner.split_once('[')?;
    let items = vars.array(name)?;
    // `f=(~/.ssh/id_*); cat "${f[0]}"`: an element of a glob's files is a file the glob names.
    let glob = vars.is_pattern(name);
    let made = |text: &str| Word {
        text: text.to_string(),
        raw: word.raw.clone(),
        dynamic: false,
        glob: glob && has_glob(text),
    };
    let texts: Vec<String> = match index {
        // `"${a[*]}"`: the elements joined by the first character of `IFS`, nothing when it is
        // empty (`p=(. e n v); IFS=; "${p[*]}"` is `.env`); an `IFS` the line does not fix is
        // not guessed.
        "*" if quoted => {
            let separator: String = vars.get("IFS")?.chars().take(1).collect();
            vec![items.join(&separator)]
        }
        "@" | "*" => items.iter().map(|s| s.to_string()).collect(),
        // A glob gives as many files as it finds: element N of an array made from globs is
        // one the patterns up to it name, or the item at N.
        n if glob => {
            let n = n.parse::<usize>().ok()?;
            let reach = items.iter().take(n + 1).filter(|item| has_glob(item));
            reach.chain(items.get(n)).map(|item| item.to_string()).collect()
        }
        n => vec![items.get(n.parse::<usize>().ok()?).copied().unwrap_or_default().to_string()],
    };
    if quoted {
        return Some(texts.iter().map(|t| made(t)).collect());
    }
    // Unquoted, each element splits into fields as `$x`'s value does (`mapfile -t l <<< 'rm
    // -rf /'; ${l[0]}` runs `rm`); with an `IFS` the line does not fix, the split is not guessed.
    let ifs = vars.ifs()?;
    let fields = texts.iter().flat_map(|t| t.split(|c| ifs.contains(c))).filter(|f| !f.is_empty());
    Some(fields.map(made).collect())
}

/// `${@:N}`, `${@:N:M}` (and `${*:…}`) of positional parameters the line fixes (`set -- -rf
/// ~`): the words from `$N` on, `M` of them; `None` when they are not known, or the slice starts
/// at `$0`, the shell's name.
fn positional_slice(slice: &str, word: &LexWord, vars: &Vars) -> Option<Vec<Word>> {
    let (start, length) = match slice.split_once(':') {
        Some((start, length)) => (start, Some(length.trim().parse::<usize>().ok()?)),
        None => (slice, None),
    };
    let start = start.trim().parse::<usize>().ok().filter(|&n| n > 0)?;
    let items = vars.positional()?.skip(start - 1);
    let made =
        |text: &str| Word { text: text.to_string(), raw: word.raw.clone(), dynamic: false, glob: false };
    Some(items.take(length.unwrap_or(usize::MAX)).map(made).collect())
}

/// The value of a word when nothing in it is unknown (assignments: no field splitting).
pub(super) fn expand_value(
    word: &LexWord,
    vars: &Vars,
    outputs: &[Option<String>],
    budget: &mut usize,
) -> Word {
    expand(word, vars, outputs, false, budget).pop().unwrap_or_default()
}

/// An argument's text with an unquoted leading `~` written as `$HOME`, the directory the
/// shell puts there: what `echo ~` prints is the home directory, not a file named `~`.
pub(super) fn home_word(word: &Word) -> String {
    match word.text.strip_prefix('~') {
        Some(rest) if word.raw.starts_with('~') && (rest.is_empty() || rest.starts_with('/')) => {
            format!("$HOME{rest}")
        }
        _ => word.text.clone(),
    }
}

/// The value of an assignment written without quotes or expansions, with bash's tilde
/// expansion applied (a `~` at its start and after each `:`, as in `PATH=~/bin:~/.local/bin`)
/// written as `$HOME`; `None` when the value has no such tilde.
pub(super) fn tilde_value(value: &str) -> Option<String> {
    let mut out = String::with_capacity(value.len());
    let mut expanded = false;
    for (i, segment) in value.split(':').enumerate() {
        if i > 0 {
            out.push(':');
        }
        match segment.strip_prefix('~') {
            Some(rest) if rest.is_empty() || rest.starts_with('/') => {
                expanded = true;
                out.push_str("$HOME");
                out.push_str(rest);
            }
            _ => out.push_str(segment),
        }
    }
    expanded.then_some(out)
}

/// [`tilde_value`] of a word that is one unquoted literal.
pub(super) fn tilde_assignment(word: &LexWord) -> Option<String> {
    tilde_value(word.plain()?)
}

fn spend(budget: &mut usize, amount: usize) -> bool {
    if amount > MAX_VALUE || amount > *budget {
        return false;
    }
    *budget -= amount;
    true
}

/// Whether `text` holds a pattern bash would match against files: `*`, `?`, or a bracket
/// expression that closes (`[ab]`). A `[` with no `]` after it (the `[` and `[[` commands)
/// is only itself.
pub(super) fn has_glob(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.iter().enumerate().any(|(at, &b)| {
        b == b'*' || b == b'?' || b == b'[' && bytes.get(at + 2..).is_some_and(|rest| rest.contains(&b']'))
    })
}

#[cfg(test)]
mod tests {
    use super::super::lexer::{TokenKind, tokenize};
    use super::*;

    fn word(src: &str) -> LexWord {
        match tokenize(src).tokens.into_iter().next().map(|t| t.kind) {
            Some(TokenKind::Word(word)) => word,
            other => panic!("not a word: {other:?}"),
        }
    }

    fn texts(words: &[Word]) -> Vec<(&str, bool)> {
        words.iter().map(|w| (w.text.as_str(), w.dynamic)).collect()
    }

    #[test]
    fn known_variables_resolve_and_unknown_stay_dynamic() {
        let mut vars = Vars::default();
        vars.set("d", Some("/".into()));
        let mut budget = 1 << 20;
        assert_eq!(texts(&expand(&word("$d"), &vars, &[], true, &mut budget)), [("/", false)]);
        assert_eq!(texts(&expand(&word("${d}x"), &vars, &[], true, &mut budget)), [("/x", false)]);
        assert_eq!(texts(&expand(&word("\"$e/x\""), &vars, &[], true, &mut budget)), [("$e/x", true)]);
        assert_eq!(texts(&expand(&word("$HOME"), &vars, &[], true, &mut budget)), [("$HOME", true)]);
    }

    #[test]
    fn lone_unquoted_expansions_split_into_fields() {
        let mut vars = Vars::default();
        vars.set("c", Some("rm -rf".into()));
        vars.set("empty", Some(String::new()));
        let mut budget = 1 << 20;
        assert_eq!(
            texts(&expand(&word("$c"), &vars, &[], true, &mut budget)),
            [("rm", false), ("-rf", false)]
        );
        assert_eq!(texts(&expand(&word("\"$c\""), &vars, &[], true, &mut budget)), [("rm -rf", false)]);
        assert_eq!(
            texts(&expand(&word("x$c"), &vars, &[], true, &mut budget)),
            [("xrm", false), ("-rf", false)]
        );
        assert_eq!(texts(&[expand_value(&word("x$c"), &vars, &[], &mut budget)]), [("x$c", true)]);
        assert_eq!(
            texts(&expand(&word("rm${IFS}-rf${IFS}/"), &vars, &[], true, &mut budget)),
            [("rm", false), ("-rf", false), ("/", false)]
        );
        vars.set("IFS", Some(",".into()));
        vars.set("l", Some("rm,-rf,/".into()));
        assert_eq!(
            texts(&expand(&word("$l"), &vars, &[], true, &mut budget)),
            [("rm", false), ("-rf", false), ("/", false)]
        );
        assert_eq!(texts(&expand(&word("$c"), &vars, &[], true, &mut budget)), [("rm -rf", false)]);
        vars.set("IFS", None);
        assert_eq!(texts(&expand(&word("$l"), &vars, &[], true, &mut budget)), [("$l", true)]);
        vars.set("IFS", Some(DEFAULT_IFS.into()));
        assert!(expand(&word("$empty"), &vars, &[], true, &mut budget).is_empty());
        let outputs = [Some("rm".to_string())];
        assert_eq!(texts(&expand(&word("$(echo rm)"), &vars, &outputs, true, &mut budget)), [("rm", false)]);
        assert_eq!(texts(&expand(&word("$(x)"), &vars, &[None], true, &mut budget)), [("$(x)", true)]);
    }

    #[test]
    fn globs_and_tilde() {
        let vars = Vars::default();
        let mut budget = 1 << 20;
        let star = expand(&word("*.rs"), &vars, &[], true, &mut budget);
        assert!(star[0].glob && !star[0].dynamic);
        assert!(!expand(&word("'*'"), &vars, &[], true, &mut budget)[0].glob);
        let tilde = expand(&word("~/x"), &vars, &[], true, &mut budget);
        assert_eq!(texts(&tilde), [("~/x", false)]);
        let quoted = expand(&word("\"~\""), &vars, &[], true, &mut budget);
        assert_eq!((quoted[0].text.as_str(), quoted[0].raw.as_str()), ("~", "\"~\""));
    }

    #[test]
    fn scopes_forget_what_may_not_have_run() {
        let mut vars = Vars::default();
        vars.set("a", Some("ls".into()));
        vars.enter(false);
        assert_eq!(vars.get("a"), Some("ls"));
        vars.set("a", Some("rm".into()));
        assert_eq!(vars.get("a"), Some("rm"));
        vars.leave();
        assert_eq!(vars.get("a"), None);
        vars.set("b", Some("x".into()));
        vars.enter(true);
        assert_eq!(vars.get("b"), None);
        vars.leave();
        assert_eq!(vars.get("b"), Some("x"));
    }

    #[test]
    fn the_budget_bounds_expansion() {
        let mut vars = Vars::default();
        vars.set("a", Some("x".repeat(1000)));
        let mut budget = 1500;
        assert!(!expand(&word("$a"), &vars, &[], true, &mut budget)[0].dynamic);
        assert!(expand(&word("$a"), &vars, &[], true, &mut budget)[0].dynamic);
        vars.set("big", Some("x".repeat(MAX_VALUE + 1)));
        assert_eq!(vars.get("big"), None);
    }
}
