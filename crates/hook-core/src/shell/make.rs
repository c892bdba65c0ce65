//! Makefiles as far as the guard reads them: rules with their prerequisites and recipe lines,
//! make's variables where their values are known, and what `make TARGET…` would run, as the
//! shell gets it.

/// A makefile read once: its rules, its variable assignments, and the commands it runs while
/// it is read (`X != cmd`, `$(shell cmd)` in an immediate assignment).
pub(crate) struct Makefile<'t> {
    rules: Vec<Rule<'t>>,
    variables: Vec<Assignment<'t>>,
    parse_time: Vec<&'t str>,
}

struct Rule<'t> {
    target: &'t str,
    prerequisites: Vec<&'t str>,
    order_only: Vec<&'t str>,
    recipe: Vec<&'t str>,
}

struct Assignment<'t> {
    name: &'t str,
    /// `=`, `:=`, `::=`, `?=` (only where nothing set the name), `+=` (appends).
    operator: &'t str,
    value: &'t str,
    /// `override X = …`: wins over the command line too.
    overriding: bool,
}

/// Variables and their values, last one wins.
type Values = Vec<(String, String)>;

/// make's own defaults (`make -p` of GNU make) for the programs recipes name by variable.
const BUILT_IN: &[(&str, &str)] = &[
    ("AR", "ar"),
    ("AS", "as"),
    ("CC", "cc"),
    ("CXX", "g++"),
    ("CPP", "$(CC) -E"),
    ("FC", "f77"),
    ("LD", "ld"),
    ("LEX", "lex"),
    ("YACC", "yacc"),
    ("PC", "pc"),
    ("M2C", "m2c"),
    ("CO", "co"),
    ("GET", "get"),
    ("MAKEINFO", "makeinfo"),
    ("TEX", "tex"),
    ("RM", "rm -f"),
    ("MAKE", "make"),
    ("SHELL", "/bin/sh"),
    ("ARFLAGS", "rv"),
];

/// Nested variable references followed at most this deep (`A = $(B)`, `B = $(A)` ends).
const MAX_DEPTH: usize = 8;

/// Rules followed through prerequisites at most this many (a make run names few).
const MAX_RULES: usize = 64;

impl<'t> Makefile<'t> {
    pub(crate) fn parse(text: &'t str) -> Self {
        let mut makefile = Makefile { rules: Vec::new(), variables: Vec::new(), parse_time: Vec::new() };
        let mut current: Vec<usize> = Vec::new();
        for line in text.lines() {
            if let Some(recipe) = line.strip_prefix('\t') {
                for &rule in &current {
                    makefile.rules[rule].recipe.push(recipe);
                }
                continue;
            }
            current.clear();
            if line.trim_start().starts_with('#') {
                continue;
            }
            if let Some(assignment) = assignment(line) {
                match assignment.operator {
                    // `X != cmd` runs `cmd` when the makefile is read.
                    "!=" => makefile.parse_time.push(assignment.value),
                    // An immediate assignment runs its `$(shell …)` when it is read.
                    ":=" | "::=" => makefile.parse_time.extend(shell_calls(assignment.value)),
                    _ => {}
                }
                makefile.variables.push(assignment);
                continue;
            }
            // Any other line is expanded when read: its `$(shell …)` runs (`make --eval=…`),
            // in a rule's targets and prerequisites too (`$(shell curl https://…)` holds a `:`).
            let Some((head, rest)) = line.split_once(':') else {
                makefile.parse_time.extend(shell_calls(line));
                continue;
            };
            if head.contains("$(shell ") {
                makefile.parse_time.extend(shell_calls(line));
                continue;
            }
            if head.contains(['=', '#']) {
                continue;
            }
            let (prerequisites, inline) = match rest.split_once(';') {
                Some((prerequisites, recipe)) => (prerequisites, Some(recipe)),
                None => (rest, None),
            };
            // `target: VAR = x` is a target-specific variable, not a recipe.
            if inline.is_none() && prerequisites.contains('=') {
                continue;
            }
            // `target: normal | order-only`: both are made first; only the normal ones are `$^`.
            let listed = prerequisites.split('#').next().unwrap_or_default();
            let (normal, order_only) = listed.split_once('|').unwrap_or((listed, ""));
            let prerequisites: Vec<&str> = normal.split_whitespace().collect();
            let order_only: Vec<&str> = order_only.split_whitespace().collect();
            for target in head.split_whitespace() {
                current.push(makefile.rules.len());
                makefile.rules.push(Rule {
                    target,
                    prerequisites: prerequisites.clone(),
                    order_only: order_only.clone(),
                    recipe: inline.into_iter().collect(),
                });
            }
        }
        makefile
    }

    /// The first target that is not special (`.PHONY`): what a bare `make` builds.
    pub(crate) fn default_target(&self) -> Option<&'t str> {
        self.rules.iter().map(|rule| rule.target).find(|target| !target.starts_with('.'))
    }

    /// What `make TARGETS` runs, one shell line each: the commands run while the makefile is
    /// read, then each target's recipe after its prerequisites', with make's variables as
    /// `given` on the command line, the makefile, the `environment` and make's defaults set
    /// them, and the others left as shell variables (unknown here).
    pub(crate) fn recipes(
        &self,
        targets: &[&str],
        given: &[(&str, &str)],
        environment: &[(&str, &str)],
    ) -> Vec<String> {
        let values = self.values(given, environment);
        let mut lines: Vec<String> =
            self.parse_time.iter().map(|line| expand(line, &values, &[], 0)).collect();
        // Rule heads name targets through variables too (`$(B)/app: … | $(B)`).
        let named = |text: &str| expand(text, &values, &[], 0);
        let heads: Vec<String> = self.rules.iter().map(|rule| named(rule.target)).collect();
        let mut done: Vec<String> = Vec::new();
        let mut started: Vec<String> = Vec::new();
        let mut stack: Vec<String> = targets.iter().rev().map(|target| named(target)).collect();
        while let Some(target) = stack.pop() {
            if done.contains(&target) || done.len() >= MAX_RULES {
                continue;
            }
            let rules: Vec<&Rule> = self
                .rules
                .iter()
                .zip(&heads)
                .filter(|(_, head)| **head == target)
                .map(|(rule, _)| rule)
                .collect();
            let prerequisites: Vec<String> =
                rules.iter().flat_map(|rule| rule.prerequisites.iter().map(|p| named(p))).collect();
            let order_only: Vec<String> =
                rules.iter().flat_map(|rule| rule.order_only.iter().map(|p| named(p))).collect();
            // Prerequisites first: come back to this target after them (once: a cycle ends).
            if !started.contains(&target) {
                started.push(target.clone());
                stack.push(target);
                stack.extend(
                    prerequisites
                        .iter()
                        .chain(&order_only)
                        .rev()
                        .filter(|name| !done.contains(name))
                        .cloned(),
                );
                continue;
            }
            let recipe = rules.iter().flat_map(|rule| &rule.recipe);
            lines.extend(recipe_lines(recipe, &values, &target, &prerequisites, &order_only));
            done.push(target);
        }
        lines
    }

    /// Every recipe line and read-time command: what `make -f -` of this text may run.
    pub(crate) fn everything(&self) -> Vec<String> {
        let values = self.values(&[], &[]);
        let mut lines: Vec<String> =
            self.parse_time.iter().map(|line| expand(line, &values, &[], 0)).collect();
        let named = |text: &str| expand(text, &values, &[], 0);
        for rule in &self.rules {
            let prerequisites: Vec<String> = rule.prerequisites.iter().map(|p| named(p)).collect();
            let order_only: Vec<String> = rule.order_only.iter().map(|p| named(p)).collect();
            let target = named(rule.target);
            lines.extend(recipe_lines(&rule.recipe, &values, &target, &prerequisites, &order_only));
        }
        lines
    }

    /// Each variable's value as make sees it: the command line's unless the makefile says
    /// `override`, else the makefile's in order (`?=` only where nothing set the name, make's
    /// defaults included, as GNU make does; `+=` appends), else make's defaults.
    fn values(&self, given: &[(&str, &str)], environment: &[(&str, &str)]) -> Values {
        let mut values: Values =
            BUILT_IN.iter().map(|&(name, value)| (name.to_string(), value.to_string())).collect();
        // The environment's values replace make's defaults and satisfy a `?=`; the makefile's
        // other assignments replace them.
        for &(name, value) in environment {
            values.push((name.to_string(), value.to_string()));
        }
        for &(name, value) in given {
            values.push((name.to_string(), value.to_string()));
        }
        for assignment in &self.variables {
            let from_line = given.iter().any(|&(name, _)| name == assignment.name);
            let known = values.iter().rposition(|(name, _)| name == assignment.name);
            match (assignment.operator, known) {
                _ if from_line && !assignment.overriding => {}
                ("?=", Some(_)) | ("!=", _) => {}
                ("+=", Some(at)) => {
                    let value = &mut values[at].1;
                    value.push(' ');
                    value.push_str(assignment.value);
                }
                _ => values.push((assignment.name.to_string(), assignment.value.to_string())),
            }
        }
        values
    }
}

/// The recipe lines of one target, expanded with make's automatic variables: `$@` the target,
/// `$<` the first prerequisite, `$^` all of them, `$|` the order-only ones.
fn recipe_lines<'r>(
    recipe: impl IntoIterator<Item = &'r &'r str>,
    values: &Values,
    target: &str,
    prerequisites: &[String],
    order_only: &[String],
) -> Vec<String> {
    let all = prerequisites.join(" ");
    let after = order_only.join(" ");
    let first = prerequisites.first().map_or("", String::as_str);
    let automatic = [("@", target), ("<", first), ("^", all.as_str()), ("|", after.as_str())];
    recipe.into_iter().map(|line| expand(recipe_prefixes(line), values, &automatic, 0)).collect()
}

/// A recipe line without make's `@`, `-` and `+` prefixes.
fn recipe_prefixes(line: &str) -> &str {
    line.trim_start().trim_start_matches(['@', '-', '+'])
}

/// The commands of the `$(shell …)` calls in `value`.
fn shell_calls(value: &str) -> Vec<&str> {
    let mut calls = Vec::new();
    let mut rest = value;
    while let Some(at) = rest.find("$(shell ") {
        let body = &rest[at + "$(shell ".len()..];
        let mut depth = 1;
        let end = body.char_indices().find_map(|(i, c)| {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
            (depth == 0).then_some(i)
        });
        let Some(end) = end else { break };
        calls.push(&body[..end]);
        rest = &body[end + 1..];
    }
    calls
}

/// `NAME = value` with its operator (`=`, `:=`, `::=`, `?=`, `+=`, `!=`), an `override` or
/// `export` in front allowed.
fn assignment(line: &str) -> Option<Assignment<'_>> {
    let line = line.trim_start();
    let overriding = line.starts_with("override ");
    let line = line.strip_prefix("override ").unwrap_or(line).trim_start();
    let line = line.strip_prefix("export ").unwrap_or(line).trim_start();
    let equals = line.find('=')?;
    let head = &line[..equals];
    let (name, operator) = ["::", ":", "?", "+", "!"]
        .iter()
        .find_map(|op| head.strip_suffix(op).map(|name| (name, &line[equals - op.len()..=equals])))
        .unwrap_or((head, "="));
    let name = name.trim();
    let valid = !name.is_empty()
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'));
    valid.then(|| Assignment { name, operator, value: line[equals + 1..].trim(), overriding })
}

/// make's expansion of `line`: `$$` is `$`, `$(NAME)`/`${NAME}` is the value known for it
/// (expanded in turn) or the shell variable `${NAME}` when none is, `$(shell CMD)` is the
/// shell's `$(CMD)`, `$@`/`$<`/`$^`/`$|` are the rule's target and prerequisites.
fn expand(line: &str, variables: &Values, automatic: &[(&str, &str)], depth: usize) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let close = match after.as_bytes().first() {
            Some(b'(') => Some(')'),
            Some(b'{') => Some('}'),
            _ => None,
        };
        if let Some(tail) = after.strip_prefix('$') {
            out.push('$');
            rest = tail;
        } else if let Some((name, tail)) = close.and_then(|close| after[1..].split_once(close)) {
            if let Some(command) = name.strip_prefix("shell ") {
                out.push_str("$(");
                out.push_str(&expand(command, variables, automatic, depth + 1));
                out.push(')');
            } else if let Some(value) =
                variables.iter().rev().find(|(known, _)| known == name).map(|(_, value)| value.as_str())
            {
                if depth < MAX_DEPTH {
                    out.push_str(&expand(value, variables, automatic, depth + 1));
                } else {
                    out.push_str("${");
                    out.push_str(name);
                    out.push('}');
                }
            } else if name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
                out.push_str("${");
                out.push_str(name);
                out.push('}');
            } else {
                out.push_str("$(");
                out.push_str(name);
                out.push(')');
            }
            rest = tail;
        } else if let Some((_, value)) = automatic.iter().find(|(name, _)| after.starts_with(name)) {
            out.push_str(value);
            rest = &after[1..];
        } else {
            out.push('$');
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAKEFILE: &str = "BUILD := out\nCC = clang\nPY ?= python3\nX != date\nNOW := $(shell date +%s)\n\nall: build\n\t@echo all\n\nbuild: gen\n\t$(CC) -o $@ $^ $(CFLAGS)\n\ngen:\n\t$(PY) gen.py\n\nclean distclean:\n\t-rm -rf $(BUILD) $$HOME/x\n\t$(MAKE) -C sub clean\n# done: yes\nt: ; $(RM) t\n";

    #[test]
    fn a_target_runs_after_its_prerequisites_with_make_s_variables() {
        let makefile = Makefile::parse(MAKEFILE);
        assert_eq!(makefile.default_target(), Some("all"));
        assert_eq!(
            makefile.recipes(&["all"], &[], &[]),
            ["date", "date +%s", "python3 gen.py", "clang -o build gen ${CFLAGS}", "echo all"]
        );
        assert_eq!(
            makefile.recipes(&["clean"], &[("BUILD", "/")], &[]),
            ["date", "date +%s", "rm -rf / $HOME/x", "make -C sub clean"]
        );
        assert_eq!(makefile.recipes(&["t"], &[], &[])[2], "rm -f t");
    }

    #[test]
    fn the_command_line_wins_over_the_makefile_and_defaults_fill_in() {
        let makefile = Makefile::parse(
            "CC ?= gcc\nLD = ld.gold\noverride KEEP = yes\nall:\n\t$(CC) $(LD) $(KEEP) $(AR)\n",
        );
        // `?=` keeps make's own default, as GNU make does.
        assert_eq!(makefile.recipes(&["all"], &[], &[]), ["cc ld.gold yes ar"]);
        assert_eq!(
            makefile.recipes(&["all"], &[("CC", "tcc"), ("LD", "mold"), ("KEEP", "no")], &[]),
            ["tcc mold yes ar"]
        );
    }

    #[test]
    fn order_only_prerequisites_are_made_first_and_are_no_part_of_the_inputs() {
        let makefile =
            Makefile::parse("B := build\n$(B)/app: main.c | $(B)\n\t$(CC) -o $@ $^\n$(B):\n\tmkdir -p $@\n");
        assert_eq!(makefile.recipes(&["build/app"], &[], &[]), ["mkdir -p build", "cc -o build/app main.c"]);
    }

    #[test]
    fn variables_that_refer_to_each_other_end() {
        let makefile = Makefile::parse("A = $(B)\nB = $(A)\nall:\n\t$(A) x\n");
        assert!(makefile.recipes(&["all"], &[], &[])[0].ends_with(" x"));
    }

    #[test]
    fn everything_a_piped_makefile_may_run() {
        let makefile = Makefile::parse(MAKEFILE);
        let all = makefile.everything();
        assert!(all.contains(&"rm -rf out $HOME/x".to_string()), "{all:?}");
        assert!(all.contains(&"rm -f t".to_string()), "{all:?}");
    }
}
