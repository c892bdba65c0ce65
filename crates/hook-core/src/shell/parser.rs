//! POSIX sh/bash grammar: tokens become lists, pipelines, compound commands and simple
//! commands, with a bound on nesting so hostile input cannot exhaust the stack.

use super::lexer::{LexWord, Op, Part, Redir, Token, TokenKind, assignment_name};

/// Commands separated by `;`, `&` or newlines.
#[derive(Debug, Default)]
pub(super) struct List {
    pub items: Vec<Item>,
}

#[derive(Debug)]
pub(super) struct Item {
    pub and_or: AndOr,
    /// Ended by `&`: runs in the background, in a subshell.
    pub background: bool,
}

/// Pipelines joined by `&&` and `||`: only the first always runs.
#[derive(Debug)]
pub(super) struct AndOr {
    pub pipelines: Vec<Pipeline>,
    /// For each pipeline after the first: whether `||` (not `&&`) joins it to the one before.
    pub or_joined: Vec<bool>,
}

#[derive(Debug)]
pub(super) struct Pipeline {
    pub commands: Vec<Command>,
    /// Begun by `!`, an odd number of times: its status is the last command's, inverted.
    pub negated: bool,
}

#[derive(Debug)]
pub(super) enum Command {
    Simple(Simple),
    Compound {
        body: Compound,
        redirects: Vec<Redirection>,
    },
    /// `f() { ...; }` or `function f { ...; }`: the body runs when `f` is called.
    Function {
        name: String,
        body: Box<Command>,
        /// Where the body is in the line's text, to be read again at each call.
        source: std::ops::Range<usize>,
    },
}

#[derive(Debug)]
pub(super) enum Compound {
    Subshell(List),
    Group(List),
    /// `if` and `elif` conditions with their bodies, then the `else` body.
    If {
        branches: Vec<(List, List)>,
        otherwise: Option<List>,
    },
    /// `while` and `until`, and `for ((;;))`.
    Loop {
        condition: List,
        body: List,
        /// The condition never ends the loop (`while true`, `until false`, `for ((;;))`) and
        /// no pass waits a second or more: a loop paced by `while sleep 5` or `…; sleep 1;
        /// done` polls, and starts a process now and then rather than without end.
        endless: bool,
    },
    /// `for` and `select`; `words` are the values the variable takes.
    For {
        name: Option<String>,
        words: Vec<LexWord>,
        /// `for f; do …`, without `in`: the loop runs over the positional parameters.
        positional: bool,
        body: List,
    },
    /// `case`: the subject and each arm's body (patterns are not commands).
    Case {
        subject: LexWord,
        arms: Vec<List>,
    },
    /// `(( ... ))`: arithmetic, no command; its words' substitutions still run.
    Arithmetic(Vec<LexWord>),
}

/// A simple command before expansion.
#[derive(Debug, Default)]
pub(super) struct Simple {
    pub assignments: Vec<(String, LexWord)>,
    pub words: Vec<LexWord>,
    pub redirects: Vec<Redirection>,
    /// Source span, for [`crate::shell::SimpleCommand::text`].
    pub start: usize,
    pub end: usize,
}

impl Simple {
    pub fn is_empty(&self) -> bool {
        self.assignments.is_empty() && self.words.is_empty() && self.redirects.is_empty()
    }
}

#[derive(Debug)]
pub(super) enum Redirection {
    To { fd: Option<u32>, redir: Redir, target: LexWord },
    HereDoc { fd: Option<u32>, body: String, expand: bool },
}

/// A parsed command line.
#[derive(Debug, Default)]
pub(super) struct Parsed {
    pub list: List,
    /// Syntax the parser could not follow.
    pub incomplete: bool,
    /// Nesting went beyond the bound: what is deeper was not parsed.
    pub too_deep: bool,
}

/// Parse tokens, nesting compound commands at most `max_nesting` deep. The words are moved
/// out of `tokens` into the commands (a 250 KB line holds a hundred thousand of them; a copy
/// doubled the analysis's memory), leaving empty words behind.
pub(super) fn parse(tokens: &mut [Token], max_nesting: usize) -> Parsed {
    let mut parser = Parser { tokens, pos: 0, nesting: 0, max_nesting, aborted: false, incomplete: false };
    let mut list = List::default();
    loop {
        list.items.extend(parser.list().items);
        if parser.aborted || parser.pos >= parser.tokens.len() {
            break;
        }
        // A closer nothing opened (`fi`, `)`, `done`): skip it and go on.
        parser.incomplete = true;
        parser.pos += 1;
    }
    Parsed { list, incomplete: parser.incomplete, too_deep: parser.aborted }
}

const CLOSERS: [&str; 8] = ["then", "elif", "else", "fi", "do", "done", "esac", "}"];

struct Parser<'t> {
    tokens: &'t mut [Token],
    pos: usize,
    nesting: usize,
    max_nesting: usize,
    /// Nesting went beyond the bound: stop, keeping what was parsed.
    aborted: bool,
    incomplete: bool,
}

impl<'t> Parser<'t> {
    fn peek(&self) -> Option<&TokenKind> {
        self.tokens.get(self.pos).map(|t| &t.kind)
    }

    /// The current token's word, moved out, and the position past it; `None` at another token.
    /// The parser never goes back, so no one reads the emptied word.
    fn take_word(&mut self) -> Option<LexWord> {
        let TokenKind::Word(word) = &mut self.tokens.get_mut(self.pos)?.kind else { return None };
        let word = std::mem::take(word);
        self.pos += 1;
        Some(word)
    }

    fn peek_op(&self) -> Option<Op> {
        match self.peek() {
            Some(TokenKind::Op(op)) => Some(*op),
            _ => None,
        }
    }

    /// The current token as an unquoted word, for recognising reserved words.
    fn reserved(&self) -> Option<&str> {
        match self.peek() {
            Some(TokenKind::Word(word)) => word.plain(),
            _ => None,
        }
    }

    fn at_closer(&self) -> bool {
        matches!(self.peek_op(), Some(Op::RParen | Op::CaseEnd))
            || self.reserved().is_some_and(|w| CLOSERS.contains(&w))
    }

    fn skip_newlines(&mut self) {
        while self.peek_op() == Some(Op::Newline) {
            self.pos += 1;
        }
    }

    fn expect(&mut self, reserved: &str) -> bool {
        if self.reserved() == Some(reserved) {
            self.pos += 1;
            true
        } else {
            self.incomplete = true;
            false
        }
    }

    fn list(&mut self) -> List {
        let mut list = List::default();
        loop {
            while matches!(self.peek_op(), Some(Op::Newline | Op::Semi)) {
                self.pos += 1;
            }
            if self.aborted || self.pos >= self.tokens.len() || self.at_closer() {
                return list;
            }
            let before = self.pos;
            let and_or = self.and_or();
            let background = match self.peek_op() {
                Some(Op::Amp) => {
                    self.pos += 1;
                    true
                }
                Some(Op::Semi | Op::Newline) => {
                    self.pos += 1;
                    false
                }
                _ => false,
            };
            list.items.push(Item { and_or, background });
            if self.pos == before {
                // A token that cannot start a command (`|`, `&&`, `(` in a bad place).
                self.incomplete = true;
                self.pos += 1;
            }
        }
    }

    fn and_or(&mut self) -> AndOr {
        let mut pipelines = vec![self.pipeline()];
        let mut or_joined = Vec::new();
        while let Some(op @ (Op::And | Op::Or)) = self.peek_op().filter(|_| !self.aborted) {
            or_joined.push(op == Op::Or);
            self.pos += 1;
            self.skip_newlines();
            pipelines.push(self.pipeline());
        }
        AndOr { pipelines, or_joined }
    }

    fn pipeline(&mut self) -> Pipeline {
        let mut negated = false;
        loop {
            match self.reserved() {
                Some("!") => {
                    negated = !negated;
                    self.pos += 1;
                }
                Some("time") if self.time_is_keyword() => {
                    self.pos += 1;
                    if self.reserved() == Some("-p") {
                        self.pos += 1;
                    }
                }
                _ => break,
            }
        }
        let mut commands = vec![self.command()];
        while matches!(self.peek_op(), Some(Op::Pipe | Op::PipeAll)) && !self.aborted {
            self.pos += 1;
            self.skip_newlines();
            commands.push(self.command());
        }
        if commands.iter().any(|c| matches!(c, Command::Simple(simple) if simple.is_empty())) {
            // `| a`, `a | | b`, `a && ;`: a command is missing.
            self.incomplete = true;
        }
        Pipeline { commands, negated }
    }

    /// `time` before a compound command is the keyword; before a simple command it is left
    /// to the wrapper logic, which records it in `via`.
    fn time_is_keyword(&self) -> bool {
        let mut next = self.pos + 1;
        if matches!(self.tokens.get(next).map(|t| &t.kind), Some(TokenKind::Word(w)) if w.plain() == Some("-p"))
        {
            next += 1;
        }
        match self.tokens.get(next).map(|t| &t.kind) {
            Some(TokenKind::Op(Op::LParen)) => true,
            Some(TokenKind::Word(word)) => {
                matches!(word.plain(), Some("{" | "if" | "while" | "until" | "for" | "case" | "select" | "!"))
            }
            _ => false,
        }
    }

    fn command(&mut self) -> Command {
        if self.peek_op() == Some(Op::LParen) {
            if self.arithmetic_follows() {
                let words = self.skip_arithmetic();
                return self.compound(Compound::Arithmetic(words));
            }
            return self.nested(|p| {
                p.pos += 1;
                let list = p.list();
                if p.peek_op() == Some(Op::RParen) {
                    p.pos += 1;
                } else {
                    p.incomplete = true;
                }
                // `()` alone is a syntax error to every shell: the line does not run as read.
                if list.items.is_empty() {
                    p.incomplete = true;
                }
                Compound::Subshell(list)
            });
        }
        match self.reserved() {
            Some("{") => self.nested(|p| {
                p.pos += 1;
                let list = p.list();
                // `{ }` is a syntax error to the shell: what follows is not read as it reads it.
                if list.items.is_empty() {
                    p.incomplete = true;
                }
                p.expect("}");
                Compound::Group(list)
            }),
            Some("if") => self.nested(Parser::if_clause),
            Some(keyword @ ("while" | "until")) => {
                let until = keyword == "until";
                self.nested(|p| {
                    p.pos += 1;
                    let condition = p.list();
                    let body = p.do_group();
                    let endless = constant(&condition) == Some(!until) && !paced(&condition, &body);
                    Compound::Loop { condition, body, endless }
                })
            }
            Some("for" | "select") => self.nested(Parser::for_clause),
            Some("case") => self.nested(Parser::case_clause),
            Some("function") => {
                self.pos += 1;
                let mut name = String::new();
                if let Some(TokenKind::Word(word)) = self.peek() {
                    name = word.raw.clone();
                    self.pos += 1;
                }
                self.function_body(name)
            }
            Some("[[") => self.double_bracket(),
            // `coproc NAME { …; }`, `coproc ( … )`: the compound runs as a coprocess, which
            // the analyser follows through the descriptors written to (`Analyser::coprocesses`).
            Some("coproc") if self.coproc_compound().is_some() => {
                self.pos += self.coproc_compound().unwrap_or(1);
                self.command()
            }
            _ => self.simple(),
        }
    }

    /// How many words `coproc` and its name take before a compound command; `None` when
    /// a simple command follows (`coproc sh`: a wrapper of that command).
    fn coproc_compound(&self) -> Option<usize> {
        let compound_at = |at: usize| match self.tokens.get(at).map(|t| &t.kind) {
            Some(TokenKind::Op(Op::LParen)) => true,
            Some(TokenKind::Word(word)) => {
                matches!(word.plain(), Some("{" | "if" | "while" | "until" | "for" | "case" | "select"))
            }
            _ => false,
        };
        if compound_at(self.pos + 1) {
            return Some(1);
        }
        let named = matches!(self.tokens.get(self.pos + 1).map(|t| &t.kind), Some(TokenKind::Word(word))
            if word.plain().is_some_and(|name| name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')));
        (named && compound_at(self.pos + 2)).then_some(2)
    }

    fn compound(&mut self, body: Compound) -> Command {
        let redirects = self.redirects();
        // A word right after a compound command (`(a)b`, `{ a; }b`) is a syntax error to the
        // shell, which then runs nothing of the line.
        let closes =
            matches!(self.reserved(), Some("fi" | "done" | "esac" | "then" | "else" | "elif" | "do" | "}"));
        if matches!(self.peek(), Some(TokenKind::Word(_)))
            && !closes
            && !matches!(body, Compound::Arithmetic(_))
        {
            self.incomplete = true;
        }
        Command::Compound { body, redirects }
    }

    /// Parse one compound command one level deeper, or stop everything past the bound.
    fn nested(&mut self, parse: impl FnOnce(&mut Self) -> Compound) -> Command {
        if self.nesting >= self.max_nesting {
            self.aborted = true;
            return Command::Simple(Simple::default());
        }
        self.nesting += 1;
        let body = parse(self);
        self.nesting -= 1;
        self.compound(body)
    }

    /// After `function name` or `name ()`: the body command.
    fn function_body(&mut self, name: String) -> Command {
        if self.peek_op() == Some(Op::LParen)
            && matches!(self.tokens.get(self.pos + 1).map(|t| &t.kind), Some(TokenKind::Op(Op::RParen)))
        {
            self.pos += 2;
        }
        self.skip_newlines();
        if self.nesting >= self.max_nesting {
            self.aborted = true;
            return Command::Simple(Simple::default());
        }
        self.nesting += 1;
        let start = self.tokens.get(self.pos).map_or(0, |token| token.start);
        let body = self.command();
        let end =
            self.pos.checked_sub(1).and_then(|last| self.tokens.get(last)).map_or(start, |token| token.end);
        self.nesting -= 1;
        Command::Function { name, body: Box::new(body), source: start..end.max(start) }
    }

    fn do_group(&mut self) -> List {
        if !self.expect("do") {
            return List::default();
        }
        let body = self.list();
        self.expect("done");
        body
    }

    fn if_clause(&mut self) -> Compound {
        let mut branches = Vec::new();
        let mut otherwise = None;
        // At `if` or `elif`.
        loop {
            self.pos += 1;
            let condition = self.list();
            if !self.expect("then") {
                branches.push((condition, List::default()));
                return Compound::If { branches, otherwise };
            }
            let body = self.list();
            branches.push((condition, body));
            match self.reserved() {
                Some("elif") => continue,
                Some("else") => {
                    self.pos += 1;
                    otherwise = Some(self.list());
                    self.expect("fi");
                }
                _ => {
                    self.expect("fi");
                }
            }
            return Compound::If { branches, otherwise };
        }
    }

    fn for_clause(&mut self) -> Compound {
        self.pos += 1;
        let mut name = None;
        let mut words = Vec::new();
        let mut positional = false;
        if self.peek_op() == Some(Op::LParen) {
            // `for ((init; test; step))`: no loop variable, and the substitutions of the three
            // expressions run like those of a word list.
            words = self.skip_arithmetic();
            // `for ((;;))`: no test, so the loop never ends.
            if words.is_empty() {
                while matches!(self.peek_op(), Some(Op::Semi | Op::Newline)) {
                    self.pos += 1;
                }
                let body = self.do_group();
                let endless = !paced(&List::default(), &body);
                return Compound::Loop { condition: List::default(), body, endless };
            }
        } else if let Some(TokenKind::Word(word)) = self.peek() {
            name = word.plain().map(str::to_string);
            self.pos += 1;
            self.skip_newlines();
            if self.reserved() == Some("in") {
                self.pos += 1;
                while let Some(word) = self.take_word() {
                    words.push(word);
                }
            } else {
                positional = true;
            }
        }
        while matches!(self.peek_op(), Some(Op::Semi | Op::Newline)) {
            self.pos += 1;
        }
        let body = self.do_group();
        Compound::For { name, words, positional, body }
    }

    fn case_clause(&mut self) -> Compound {
        self.pos += 1;
        let subject = self.take_word().unwrap_or_default();
        self.skip_newlines();
        let mut arms = Vec::new();
        if !self.expect("in") {
            return Compound::Case { subject, arms };
        }
        loop {
            self.skip_newlines();
            if self.reserved() == Some("esac") {
                self.pos += 1;
                break;
            }
            if self.peek_op() == Some(Op::LParen) {
                self.pos += 1;
            }
            // Patterns: words and `|` up to `)`.
            while let Some(TokenKind::Word(_) | TokenKind::Op(Op::Pipe)) = self.peek() {
                self.pos += 1;
            }
            if self.peek_op() != Some(Op::RParen) {
                self.incomplete = true;
                break;
            }
            self.pos += 1;
            arms.push(self.list());
            if self.peek_op() == Some(Op::CaseEnd) {
                self.pos += 1;
            } else if self.reserved() != Some("esac") {
                self.incomplete = true;
                break;
            }
        }
        Compound::Case { subject, arms }
    }

    /// At `((`: arithmetic rather than two subshells. bash decides as it reads: the text is
    /// arithmetic when the first `)` that closes nothing opened inside it is directly followed
    /// by a second `)`; otherwise (`((cmd); cmd)`, `((cmd) )`) it is subshells after all.
    fn arithmetic_follows(&self) -> bool {
        let adjacent = |at: usize| match (self.tokens.get(at), self.tokens.get(at + 1)) {
            (Some(first), Some(second)) => {
                second.kind == TokenKind::Op(Op::RParen) && first.end == second.start
            }
            _ => false,
        };
        match (self.tokens.get(self.pos), self.tokens.get(self.pos + 1)) {
            (Some(first), Some(second))
                if second.kind == TokenKind::Op(Op::LParen) && first.end == second.start => {}
            _ => return false,
        }
        let mut depth = 0usize;
        for at in self.pos + 2..self.tokens.len() {
            match self.tokens[at].kind {
                TokenKind::Op(Op::LParen) => depth += 1,
                TokenKind::Op(Op::RParen) if depth > 0 => depth -= 1,
                TokenKind::Op(Op::RParen) => return adjacent(at),
                _ => {}
            }
        }
        // Unclosed: bash reports a syntax error and runs nothing.
        true
    }

    /// Skip balanced parentheses starting at the current `(`, keeping the words inside (their
    /// substitutions run).
    fn skip_arithmetic(&mut self) -> Vec<LexWord> {
        let mut words = Vec::new();
        let mut depth = 0usize;
        while let Some(token) = self.tokens.get_mut(self.pos) {
            self.pos += 1;
            match &mut token.kind {
                TokenKind::Op(Op::LParen) => depth += 1,
                TokenKind::Op(Op::RParen) => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return words;
                    }
                }
                TokenKind::Op(Op::Newline | Op::Semi) if depth == 0 => return words,
                TokenKind::Word(word) => words.push(std::mem::take(word)),
                _ => {}
            }
        }
        self.incomplete = true;
        words
    }

    /// `[[ ... ]]`: a test whose operators are words; substitutions in it still run.
    fn double_bracket(&mut self) -> Command {
        let start = self.tokens.get(self.pos).map_or(0, |t| t.start);
        let mut simple = Simple { start, end: start, ..Simple::default() };
        while let Some(token) = self.tokens.get_mut(self.pos) {
            match &mut token.kind {
                TokenKind::Word(word) => {
                    let closes = word.plain() == Some("]]");
                    simple.words.push(std::mem::take(word));
                    simple.end = token.end;
                    self.pos += 1;
                    if closes {
                        break;
                    }
                }
                TokenKind::Op(Op::Newline | Op::Semi | Op::Amp) | TokenKind::HereDoc { .. } => break,
                TokenKind::Op(_) | TokenKind::Redirect { .. } => self.pos += 1,
            }
        }
        Command::Simple(simple)
    }

    fn redirects(&mut self) -> Vec<Redirection> {
        let mut redirects = Vec::new();
        while let Some(redirect) = self.redirection() {
            redirects.push(redirect);
        }
        redirects
    }

    fn redirection(&mut self) -> Option<Redirection> {
        match &mut self.tokens.get_mut(self.pos)?.kind {
            TokenKind::Redirect { fd, redir } => {
                let (fd, redir) = (*fd, *redir);
                self.pos += 1;
                let target = self.take_word().unwrap_or_else(|| {
                    self.incomplete = true;
                    LexWord::default()
                });
                Some(Redirection::To { fd, redir, target })
            }
            TokenKind::HereDoc { fd, body, expand } => {
                let redirect = Redirection::HereDoc { fd: *fd, body: std::mem::take(body), expand: *expand };
                self.pos += 1;
                Some(redirect)
            }
            _ => None,
        }
    }

    fn simple(&mut self) -> Command {
        let start = self.tokens.get(self.pos).map_or(0, |t| t.start);
        let mut simple = Simple { start, end: start, ..Simple::default() };
        loop {
            let end = self.tokens.get(self.pos).map_or(simple.end, |t| t.end);
            if let Some(redirect) = self.redirection() {
                simple.redirects.push(redirect);
                simple.end = self.tokens.get(self.pos - 1).map_or(end, |t| t.end);
                continue;
            }
            let Some(word) = self.take_word() else { break };
            simple.end = end;
            if simple.words.is_empty() {
                if let Some((name, value)) = split_assignment(&word) {
                    simple.assignments.push((name, value));
                    continue;
                }
                let defines_function = self.peek_op() == Some(Op::LParen)
                    && matches!(
                        self.tokens.get(self.pos + 1).map(|t| &t.kind),
                        Some(TokenKind::Op(Op::RParen))
                    );
                if defines_function && simple.assignments.is_empty() {
                    return self.function_body(word.raw);
                }
            }
            simple.words.push(word);
        }
        Command::Simple(simple)
    }
}

/// `NAME=value` as an assignment: the name and the value's word.
fn split_assignment(word: &LexWord) -> Option<(String, LexWord)> {
    let super::lexer::Part::Literal { text, quoted: false } = word.parts.first()? else { return None };
    // `NAME+=value` appends: the name keeps its `+` for the analyser.
    let name = assignment_name(text).or_else(|| super::lexer::append_assignment_name(text))?.to_string();
    let mut value = word.clone();
    let prefix = name.len() + 1;
    if let Some(super::lexer::Part::Literal { text, .. }) = value.parts.first_mut() {
        text.drain(..prefix);
        if text.is_empty() {
            value.parts.remove(0);
        }
    }
    value.raw = word.raw.get(prefix..).unwrap_or_default().to_string();
    Some((name, value))
}

/// The exit status a loop condition always has: `true` and `:` succeed, `false` fails;
/// `None` for any other condition.
fn constant(condition: &List) -> Option<bool> {
    let [item] = condition.items.as_slice() else { return None };
    let [pipeline] = item.and_or.pipelines.as_slice() else { return None };
    let status = match pipeline.commands.as_slice() {
        [Command::Simple(simple)] => simple_status(&simple.words)?,
        // `((1))`: a number other than 0 is true.
        [Command::Compound { body: Compound::Arithmetic(words), .. }] => match words.as_slice() {
            [word] => word.plain()?.parse::<i64>().ok()? != 0,
            _ => return None,
        },
        _ => return None,
    };
    Some(status != pipeline.negated)
}

/// The status of a condition whose outcome the line fixes: `true`, `[ 1 ]`, `test 1 = 1`,
/// `[[ x ]]`, `sleep 0` (it succeeds each time, only slower).
fn simple_status(words: &[LexWord]) -> Option<bool> {
    let texts: Option<Vec<String>> = words.iter().map(fixed_text).collect();
    let texts = texts?;
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    let operands = match texts.as_slice() {
        ["true" | ":"] => return Some(true),
        ["false"] => return Some(false),
        ["sleep", time] if time.starts_with(|c: char| c.is_ascii_digit()) => return Some(true),
        ["test", operands @ ..] => operands,
        ["[", operands @ .., "]"] | ["[[", operands @ .., "]]"] => operands,
        _ => return None,
    };
    match operands {
        [] => Some(false),
        [text] => Some(!text.is_empty()),
        // `[[ a == a* ]]` matches a pattern: only words without one are compared.
        [_, _, right] if right.contains(['*', '?', '[']) => None,
        [left, "=" | "==", right] => Some(left == right),
        [left, "!=", right] => Some(left != right),
        _ => None,
    }
}

/// Whether a loop's condition or body waits a second or more in the foreground on every pass
/// (`sleep 5`, `sleep 1m`): the pace of a poller, not of a bomb.
fn paced(condition: &List, body: &List) -> bool {
    condition.items.iter().chain(&body.items).filter(|item| !item.background).any(|item| {
        let Some(pipeline) = item.and_or.pipelines.first() else { return false };
        let [Command::Simple(simple)] = pipeline.commands.as_slice() else { return false };
        let texts: Option<Vec<String>> = simple.words.iter().map(fixed_text).collect();
        matches!(texts.as_deref(), Some([sleep, time]) if sleep == "sleep" && seconds(time).is_some_and(|s| s >= 1.0))
    })
}

/// The seconds `sleep` reads in `time` (`5`, `0.5`, `2m`).
fn seconds(time: &str) -> Option<f64> {
    let (number, unit) = match time.strip_suffix(['s', 'm', 'h', 'd']) {
        Some(number) => (number, &time[number.len()..]),
        None => (time, "s"),
    };
    let scale = match unit {
        "m" => 60.0,
        "h" => 3_600.0,
        "d" => 86_400.0,
        _ => 1.0,
    };
    number.parse::<f64>().ok().filter(|n| n.is_finite()).map(|n| n * scale)
}

/// A word's text when the source fixes it (literal parts, quoted or not).
fn fixed_text(word: &LexWord) -> Option<String> {
    word.parts
        .iter()
        .map(|part| match part {
            Part::Literal { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::lexer::tokenize;
    use super::*;

    fn parse_src(src: &str) -> Parsed {
        parse(&mut tokenize(src).tokens, 64)
    }

    /// Every simple command's words (plain text), in source order, through all structures.
    fn simples(src: &str) -> Vec<String> {
        fn list(list: &List, out: &mut Vec<String>) {
            for item in &list.items {
                for pipeline in &item.and_or.pipelines {
                    for command in &pipeline.commands {
                        cmd(command, out);
                    }
                }
            }
        }
        fn cmd(command: &Command, out: &mut Vec<String>) {
            match command {
                Command::Simple(s) if !s.words.is_empty() => {
                    out.push(s.words.iter().map(|w| w.raw.as_str()).collect::<Vec<_>>().join(" "))
                }
                Command::Simple(_) => {}
                Command::Function { body, .. } => cmd(body, out),
                Command::Compound { body, .. } => match body {
                    Compound::Subshell(l) | Compound::Group(l) => list(l, out),
                    Compound::If { branches, otherwise } => {
                        for (c, b) in branches {
                            list(c, out);
                            list(b, out);
                        }
                        if let Some(o) = otherwise {
                            list(o, out);
                        }
                    }
                    Compound::Loop { condition, body, .. } => {
                        list(condition, out);
                        list(body, out);
                    }
                    Compound::For { body, .. } => list(body, out),
                    Compound::Case { arms, .. } => arms.iter().for_each(|a| list(a, out)),
                    Compound::Arithmetic(_) => {}
                },
            }
        }
        let mut out = Vec::new();
        list(&parse_src(src).list, &mut out);
        out
    }

    #[test]
    fn control_structures_yield_their_commands() {
        assert_eq!(simples("if a; then b; elif c; then d; else e; fi"), ["a", "b", "c", "d", "e"]);
        assert_eq!(simples("while a; do b; done; until c\ndo d\ndone"), ["a", "b", "c", "d"]);
        assert_eq!(simples("for x in 1 2; do rm $x; done"), ["rm $x"]);
        assert_eq!(simples("for ((i=0;i<3;i++)); do b; done"), ["b"]);
        assert_eq!(simples("case $x in a|b) c;; (d) e ;& *) f;; esac"), ["c", "e", "f"]);
        assert_eq!(simples("f() { a; }; function g { b; }; function h() ( c )"), ["a", "b", "c"]);
        assert_eq!(simples("(a; (b)) && { c; } || ! d | time e"), ["a", "b", "c", "d", "time e"]);
        assert_eq!(simples("time { a; }; (( x = 1 + 2 )); [[ -f x && y ]]"), ["a", "[[ -f x y ]]"]);
    }

    #[test]
    fn reserved_words_are_arguments_after_the_name() {
        assert_eq!(simples("echo if then done }"), ["echo if then done }"]);
    }

    #[test]
    fn assignments_and_redirections() {
        let parsed = parse_src("A=1 B=\"x y\" cmd arg >out 2>&1 C=3");
        let Some(Command::Simple(simple)) =
            parsed.list.items.first().map(|i| &i.and_or.pipelines[0].commands[0])
        else {
            panic!("no simple command")
        };
        let names: Vec<&str> = simple.assignments.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["A", "B"]);
        assert_eq!(simple.assignments[1].1.raw, "\"x y\"");
        let words: Vec<&str> = simple.words.iter().map(|w| w.raw.as_str()).collect();
        assert_eq!(words, ["cmd", "arg", "C=3"]);
        assert_eq!(simple.redirects.len(), 2);
        assert_eq!((simple.start, simple.end), (0, 33));
    }

    #[test]
    fn stray_closers_are_skipped() {
        let parsed = parse_src("fi; a ) b");
        assert!(parsed.incomplete);
        assert_eq!(simples("fi; a ) b"), ["a", "b"]);
        assert!(parse_src("if a; then b").incomplete);
        assert!(parse_src("| a").incomplete);
    }

    #[test]
    fn nesting_beyond_the_bound_stops() {
        let deep = "( ".repeat(10_000) + "a" + &")".repeat(10_000);
        let parsed = parse(&mut tokenize(&deep).tokens, 16);
        assert!(parsed.incomplete);
        let deep = "{ ".repeat(5_000) + "a;" + &" }".repeat(5_000);
        assert!(parse(&mut tokenize(&deep).tokens, 16).incomplete);
        let deep = "if a; then ".repeat(5_000);
        assert!(parse(&mut tokenize(&deep).tokens, 16).incomplete);
    }
}
