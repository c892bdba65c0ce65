//! Other task runners' files as far as the guard reads them, each turned into the shell lines a
//! run of some tasks would execute: a `justfile` (read as the makefile it nearly is, through
//! `shell::make`), a `Taskfile.yml` (go-task), the `tasks` of `deno.json`, the `scripts` of
//! `composer.json`, the `commands` of `tox.ini`, poethepoet's tasks in `pyproject.toml` and the
//! rules' commands of a `build.ninja`.

use super::make::Makefile;

/// Tasks followed through their dependencies at most this many (a run names few).
const MAX_TASKS: usize = 64;

/// What `just RECIPE ARGS…` runs (the first recipe when none is named): the justfile written as
/// a makefile (recipe bodies as tab-indented lines, `{{x}}` as `$(x)`, `` x := `cmd` `` as a
/// command run while the file is read), with the arguments bound to the recipe's parameters.
pub(crate) fn just_recipes(text: &str, args: &[&str]) -> Vec<String> {
    let mut makefile = String::new();
    let mut parameters: Vec<(String, Vec<String>)> = Vec::new();
    let mut in_recipe = false;
    for line in text.lines() {
        let trimmed = line.trim();
        if in_recipe && line.starts_with([' ', '\t']) && !trimmed.is_empty() {
            // The shell gets `$` as is; make would read it as a variable of its own.
            makefile.push('\t');
            makefile.push_str(&interpolated(&trimmed.replace('$', "$$")));
            makefile.push('\n');
            continue;
        }
        in_recipe = false;
        if trimmed.is_empty() || trimmed.starts_with(['#', '[']) || trimmed.starts_with("set ") {
            continue;
        }
        let line = trimmed.strip_prefix("export ").unwrap_or(trimmed);
        if let Some(alias) = line.strip_prefix("alias ") {
            if let Some((name, target)) = alias.split_once(":=") {
                makefile.push_str(&format!("{}: {}\n", name.trim(), target.trim()));
            }
            continue;
        }
        if let Some((name, value)) = line.split_once(":=") {
            let value = value.trim();
            match value.strip_prefix('`').and_then(|v| v.strip_suffix('`')) {
                Some(command) => makefile.push_str(&format!("{} != {command}\n", name.trim())),
                None => makefile.push_str(&format!("{} = {}\n", name.trim(), unquoted(value))),
            }
            continue;
        }
        let Some((head, dependencies)) = line.split_once(':') else { continue };
        let mut words = head.split_whitespace();
        let Some(name) = words.next().map(|n| n.trim_start_matches('@')) else { continue };
        let names: Vec<String> = words
            .map(|p| p.trim_start_matches(['+', '*', '$']).split('=').next().unwrap_or_default().to_string())
            .collect();
        parameters.push((name.to_string(), names));
        let dependencies = dependencies.replace(['(', ')'], " ");
        let dependencies = dependencies.split("&&").next().unwrap_or_default();
        makefile.push_str(&format!("{name}: {}\n", dependencies.trim()));
        in_recipe = true;
    }
    let parsed = Makefile::parse(&makefile);
    let (targets, given): (Vec<&str>, Vec<(&str, &str)>) = match args.split_first() {
        None => (parsed.default_target().into_iter().collect(), Vec::new()),
        Some((recipe, rest)) => {
            let names = parameters.iter().find(|(name, _)| name == recipe).map(|(_, names)| names);
            match names {
                Some(names) if !names.is_empty() => {
                    let given = names.iter().map(String::as_str).zip(rest.iter().copied()).collect();
                    (vec![*recipe], given)
                }
                _ => (args.to_vec(), Vec::new()),
            }
        }
    };
    parsed.recipes(&targets, &given, &[])
}

/// `{{ name }}` as make's `$(name)`; other expressions inside the braces as they are.
fn interpolated(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(at) = rest.find("{{") {
        out.push_str(&rest[..at]);
        let Some(end) = rest[at..].find("}}") else {
            rest = &rest[at..];
            break;
        };
        let inner = rest[at + 2..at + end].trim();
        let inner = inner.trim_start_matches('.');
        if inner.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
            out.push_str(&format!("$({inner})"));
        } else {
            out.push_str(inner);
        }
        rest = &rest[at + end + 2..];
    }
    out.push_str(rest);
    out
}

/// A YAML or justfile scalar without its quotes.
fn unquoted(value: &str) -> String {
    let value = value.trim();
    for quote in ['"', '\''] {
        if let Some(inner) = value.strip_prefix(quote).and_then(|v| v.strip_suffix(quote)) {
            return if quote == '"' {
                inner.replace("\\\"", "\"").replace("\\\\", "\\")
            } else {
                inner.replace("''", "'")
            };
        }
    }
    value.to_string()
}

/// What `task NAMES…` (go-task) runs from a `Taskfile.yml` (the `default` task when none is
/// named): each task's `deps` first, then its `cmds` (a `task:` item runs that task), with
/// `{{.VAR}}` as the shell variable `$VAR`, unknown here.
pub(crate) fn taskfile_commands(text: &str, names: &[&str]) -> Vec<String> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
        .map(|line| (line.len() - line.trim_start().len(), line.trim()))
        .collect();
    let Some(tasks) = lines.iter().position(|(indent, line)| *indent == 0 && *line == "tasks:") else {
        return Vec::new();
    };
    let tasks = block(&lines, tasks);
    let mut out = Vec::new();
    let mut done = Vec::new();
    let default = ["default"];
    for name in if names.is_empty() { &default[..] } else { names } {
        run_task(tasks, name, &mut done, &mut out);
    }
    out
}

/// One go-task task's commands into `out`: its `deps`, then its `cmds` in order.
fn run_task(tasks: &[(usize, &str)], name: &str, done: &mut Vec<String>, out: &mut Vec<String>) {
    if done.iter().any(|d| d == name) || done.len() >= MAX_TASKS {
        return;
    }
    done.push(name.to_string());
    let Some(at) = children(tasks).find(|&at| key(tasks[at].1).is_some_and(|(k, _)| k == name)) else {
        return;
    };
    let (_, value) = key(tasks[at].1).unwrap_or_default();
    let body = block(tasks, at);
    // `NAME: echo x` and `NAME: [a, b]` are the task's commands in short.
    let mut commands = items(value, &[]);
    for child in children(body) {
        let Some((field, value)) = key(body[child].1) else { continue };
        let nested = block(body, child);
        match field {
            "cmds" | "cmd" => commands.extend(items(value, nested)),
            "deps" => {
                for dependency in items(value, nested) {
                    let dependency = dependency.strip_prefix(TASK).unwrap_or(&dependency).to_string();
                    run_task(tasks, &dependency, done, out);
                }
            }
            _ => {}
        }
    }
    for command in commands {
        match command.strip_prefix(TASK) {
            Some(task) => run_task(tasks, task, done, out),
            None => out.push(templated(&command)),
        }
    }
}

/// How [`items`] marks a `task: NAME` item among commands.
const TASK: &str = "\0task ";

/// The lines under the one at `at` that are indented deeper.
fn block<'a, 't>(lines: &'a [(usize, &'t str)], at: usize) -> &'a [(usize, &'t str)] {
    let indent = lines[at].0;
    let end = lines[at + 1..].iter().position(|(i, _)| *i <= indent).map_or(lines.len(), |n| at + 1 + n);
    &lines[at + 1..end]
}

/// The indices of a block's lines at its own (first) indentation.
fn children<'a>(lines: &'a [(usize, &str)]) -> impl Iterator<Item = usize> + 'a {
    let indent = lines.first().map(|(i, _)| *i).unwrap_or_default();
    (0..lines.len()).filter(move |&at| lines[at].0 == indent)
}

/// `key: value` of a YAML mapping line (the value may be empty).
fn key(line: &str) -> Option<(&str, &str)> {
    let line = line.strip_prefix("- ").unwrap_or(line);
    let (key, value) = line.split_once(':')?;
    let key = key.trim().trim_matches(['"', '\'']);
    (!key.is_empty() && !key.contains(' ')).then_some((key, value.trim()))
}

/// The commands or names of a YAML value: a scalar, a flow list `[a, "b c"]`, or a block of
/// `- item` lines (an item may be `cmd: X`, `task: NAME`, or a `|` block of lines).
fn items(value: &str, nested: &[(usize, &str)]) -> Vec<String> {
    if let Some(flow) = value.strip_prefix('[').and_then(|v| v.strip_suffix(']')) {
        return flow_items(flow).into_iter().map(|item| unquoted(&item)).filter(|i| !i.is_empty()).collect();
    }
    if is_block_scalar(value) {
        return nested.iter().map(|(_, line)| line.to_string()).collect();
    }
    if !value.is_empty() {
        return vec![unquoted(value)];
    }
    let mut found = Vec::new();
    for at in children(nested) {
        let Some(item) = nested[at].1.strip_prefix('-').map(str::trim) else { continue };
        let inner = block(nested, at);
        match key(item) {
            _ if is_block_scalar(item) => found.extend(inner.iter().map(|(_, line)| line.to_string())),
            Some(("cmd", value)) => found.extend(items(value, inner)),
            Some(("task", value)) => found.push(format!("{TASK}{}", unquoted(value))),
            // A mapping item without a command (`defer:`, `for:`): its `cmd` is below.
            Some((_, _)) if !item.starts_with(['"', '\'']) => {
                for line in inner {
                    if let Some(("cmd", value)) = key(line.1) {
                        found.push(unquoted(value));
                    }
                }
            }
            _ => found.push(unquoted(item)),
        }
    }
    found
}

/// A YAML block scalar's indicator: its text is the lines below.
fn is_block_scalar(value: &str) -> bool {
    matches!(value, "|" | ">" | "|-" | ">-" | "|+" | ">+")
}

/// The items of a YAML flow list's inside, split at commas outside quotes.
fn flow_items(flow: &str) -> Vec<String> {
    let mut items = vec![String::new()];
    let mut quote = None;
    for c in flow.chars() {
        match (c, quote) {
            ('"' | '\'', None) => quote = Some(c),
            (q, Some(open)) if q == open => quote = None,
            (',', None) => {
                items.push(String::new());
                continue;
            }
            _ => {}
        }
        if let Some(last) = items.last_mut() {
            last.push(c);
        }
    }
    items.iter().map(|item| item.trim().to_string()).collect()
}

/// go-task's `{{.VAR}}` as the shell variable `$VAR`.
fn templated(command: &str) -> String {
    interpolated(command).replace("$(", "$").replace(')', "")
}

/// What task `name` runs, its dependencies first, each task once and at most [`MAX_TASKS`]:
/// `lookup` gives a task's command lines and the names it depends on, `None` when there is
/// no such task.
fn with_dependencies(name: &str, lookup: impl Fn(&str) -> Option<(Vec<String>, Vec<String>)>) -> Vec<String> {
    let mut out = Vec::new();
    let mut done: Vec<String> = Vec::new();
    let mut stack = vec![(name.to_string(), false)];
    while let Some((task, ready)) = stack.pop() {
        let Some((lines, dependencies)) = lookup(&task) else { continue };
        if ready {
            out.extend(lines);
            continue;
        }
        if done.contains(&task) || done.len() >= MAX_TASKS {
            continue;
        }
        done.push(task.clone());
        stack.push((task, true));
        stack.extend(dependencies.into_iter().rev().map(|dependency| (dependency, false)));
    }
    out
}

/// What `deno task NAME` runs from `deno.json`'s `tasks`: a command line, or an object with
/// `command` and `dependencies`, the dependencies first.
pub(crate) fn deno_tasks(config: &serde_json::Value, name: &str) -> Vec<String> {
    let strings = |values: Option<&Vec<serde_json::Value>>| -> Vec<String> {
        values.into_iter().flatten().filter_map(|v| v.as_str().map(str::to_string)).collect()
    };
    with_dependencies(name, |task| {
        let entry = config.get("tasks")?.get(task)?;
        let line = entry.as_str().or_else(|| entry.get("command")?.as_str()).map(str::to_string);
        let dependencies = strings(entry.get("dependencies").and_then(serde_json::Value::as_array));
        Some((line.into_iter().collect(), dependencies))
    })
}

/// What `mise run NAME` runs from `mise.toml`'s `[tasks]`: a command line, a list of them, or
/// a table whose `run` is one or a list, its `depends` first.
pub(crate) fn mise_tasks(text: &str, name: &str) -> Vec<String> {
    let Ok(config) = toml::from_str::<toml::Table>(text) else { return Vec::new() };
    let lines = |value: &toml::Value| -> Vec<String> {
        match value {
            toml::Value::String(line) => vec![line.clone()],
            toml::Value::Array(items) => {
                items.iter().filter_map(|i| i.as_str().map(str::to_string)).collect()
            }
            _ => Vec::new(),
        }
    };
    with_dependencies(name, |task| {
        let entry = config.get("tasks").and_then(toml::Value::as_table)?.get(task)?;
        let run = entry.get("run").map_or_else(|| lines(entry), lines);
        Some((run, entry.get("depends").map(lines).unwrap_or_default()))
    })
}

/// What `composer run NAME` runs from `composer.json`'s `scripts`: each command line (one or a
/// list), `@other` running that script, `@php x` and `@composer x` as `php x` and `composer x`.
/// A PHP callback (`Vendor\\Class::method`) runs the project's PHP, which is not read here.
pub(crate) fn composer_scripts(config: &serde_json::Value, name: &str) -> Vec<String> {
    let mut out = Vec::new();
    composer_script(config.get("scripts"), name, &mut Vec::new(), &mut out);
    out
}

fn composer_script(
    scripts: Option<&serde_json::Value>,
    name: &str,
    done: &mut Vec<String>,
    out: &mut Vec<String>,
) {
    if done.iter().any(|d| d == name) || done.len() >= MAX_TASKS {
        return;
    }
    done.push(name.to_string());
    let Some(entry) = scripts.and_then(|s| s.get(name)) else { return };
    let lines: Vec<&str> = match entry {
        serde_json::Value::Array(list) => list.iter().filter_map(serde_json::Value::as_str).collect(),
        other => other.as_str().into_iter().collect(),
    };
    for line in lines {
        match line.strip_prefix('@') {
            Some(rest) if rest.starts_with("php ") || rest.starts_with("composer ") => {
                out.push(rest.to_string())
            }
            Some(rest) => {
                composer_script(scripts, rest.split_whitespace().next().unwrap_or_default(), done, out)
            }
            None if line.contains("::") && !line.contains(' ') => {}
            None => out.push(line.to_string()),
        }
    }
}

/// What `tox` runs: the `commands_pre`, `commands` and `commands_post` of every test
/// environment of `tox.ini` (`[testenv]`, `[testenv:NAME]`; which ones a run picks is left
/// open, as `-e` and the `env_list` may name any), one command a line (an indented line
/// continues the value, a trailing `\` joins the next). tox's substitutions become what the
/// shell would see: `{env:NAME}` (or `{env:NAME:default}`) the variable, `{posargs}` its
/// default or nothing, `{toxinidir}` and `{tox_root}` the directory tox runs in; a leading `-`
/// (failure ignored) is dropped.
pub(crate) fn tox_commands(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_env = false;
    let mut in_commands = false;
    let mut pending = String::new();
    for line in text.lines() {
        let trimmed = line.trim();
        if let Some(header) = trimmed.strip_prefix('[').and_then(|h| h.split(']').next()) {
            in_env = header == "testenv" || header.starts_with("testenv:");
            in_commands = false;
            continue;
        }
        let continued = line.starts_with([' ', '\t']) && in_commands;
        let value = if continued {
            trimmed
        } else {
            let Some((key, value)) = trimmed.split_once('=') else {
                in_commands = false;
                continue;
            };
            in_commands = in_env && matches!(key.trim(), "commands" | "commands_pre" | "commands_post");
            value.trim()
        };
        if !in_commands || value.is_empty() || value.starts_with(['#', ';']) {
            continue;
        }
        pending.push_str(value.strip_suffix('\\').unwrap_or(value));
        if value.ends_with('\\') {
            pending.push(' ');
            continue;
        }
        out.push(tox_substituted(std::mem::take(&mut pending).trim_start_matches('-').trim_start()));
    }
    out
}

/// A tox command with its `{…}` substitutions as the shell would see them (see
/// [`tox_commands`]); any other is left as written.
fn tox_substituted(command: &str) -> String {
    let mut out = String::new();
    let mut rest = command;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('}') else { break };
        let inner = &rest[open + 1..open + close];
        let mut parts = inner.splitn(3, ':');
        match (parts.next(), parts.next(), parts.next()) {
            (Some("env"), Some(name), default) => match default {
                Some(default) => out.push_str(&format!("${{{name}:-{default}}}")),
                None => out.push_str(&format!("${{{name}}}")),
            },
            (Some("posargs"), default, _) => out.push_str(default.unwrap_or_default()),
            (Some("toxinidir" | "tox_root"), None, _) => out.push('.'),
            _ => out.push_str(&rest[open..=open + close]),
        }
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out
}

/// What `poe TASK` runs: the task of `[tool.poe.tasks]` in `pyproject.toml` `text`, as shell
/// lines: a string or a `cmd`/`shell` value is a command line, an `expr` is Python printed,
/// a sequence (an array, or `sequence`) and a `ref` run the tasks they name. A `script` calls
/// the project's own Python, read as its other files are.
pub(crate) fn poe_tasks(text: &str, name: &str) -> Vec<String> {
    let Ok(doc) = text.parse::<toml::Table>() else { return Vec::new() };
    let tasks = doc.get("tool").and_then(|t| t.get("poe")).and_then(|p| p.get("tasks"));
    let Some(tasks) = tasks.and_then(toml::Value::as_table) else { return Vec::new() };
    let mut out = Vec::new();
    let mut seen = 0;
    poe_reference(tasks, name, &mut seen, &mut out);
    out
}

/// The task `reference` names (its first word; the rest are its arguments), run into `out`.
fn poe_reference(tasks: &toml::Table, reference: &str, seen: &mut usize, out: &mut Vec<String>) {
    *seen += 1;
    let name = reference.split_whitespace().next().unwrap_or_default();
    if *seen <= MAX_TASKS
        && let Some(task) = tasks.get(name)
    {
        poe_task(tasks, task, true, seen, out);
    }
}

/// One task's lines into `out`; a plain string is a command at the top and a reference to
/// another task inside a sequence (poe's default item type).
fn poe_task(tasks: &toml::Table, task: &toml::Value, top: bool, seen: &mut usize, out: &mut Vec<String>) {
    match task {
        toml::Value::String(line) if top => out.push(line.clone()),
        toml::Value::String(reference) => poe_reference(tasks, reference, seen, out),
        toml::Value::Array(items) => {
            for item in items {
                poe_task(tasks, item, false, seen, out);
            }
        }
        toml::Value::Table(table) => {
            let text = |key: &str| table.get(key).and_then(toml::Value::as_str);
            out.extend(["cmd", "shell"].into_iter().filter_map(text).map(str::to_string));
            if let Some(expr) = text("expr") {
                out.push(format!("python3 -c {}", super::quote(&format!("print({expr})"))));
            }
            if let Some(reference) = text("ref") {
                poe_reference(tasks, reference, seen, out);
            }
            if let Some(sequence) = table.get("sequence") {
                poe_task(tasks, sequence, false, seen, out);
            }
        }
        _ => {}
    }
}

/// The commands of the rules of a ninja file `text` (`command = …` under a `rule`), any of
/// which a build may run; ninja's `$in` and `$out` stay the variables they look like, and its
/// escapes (`$$`, `$ `, `$:`) are the characters they stand for.
pub(crate) fn ninja_commands(text: &str) -> Vec<String> {
    text.lines()
        .filter(|line| line.starts_with([' ', '\t']))
        .filter_map(|line| {
            let value = line.trim_start().strip_prefix("command")?.trim_start().strip_prefix('=')?;
            Some(value.trim().replace("$$", "\0").replace("$ ", " ").replace("$:", ":").replace('\0', "$"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tox_runs_the_commands_of_every_test_environment() {
        let ini = "[tox]\nenv_list = py\ncommands = not-an-env\n[testenv]\ndeps = pytest\n\
                   commands = pytest {posargs:tests} \\\n  -x\n[testenv:lint]\ncommands_pre = - ruff --fix\n\
                   commands =\n    ruff check {toxinidir}\n    rm -rf {env:OUT:build}\n\
                   [coverage:run]\ncommands = ignored\n";
        assert_eq!(
            tox_commands(ini),
            ["pytest tests  -x", "ruff --fix", "ruff check .", "rm -rf ${OUT:-build}"]
        );
    }

    #[test]
    fn justfile_recipes_with_dependencies_parameters_and_variables() {
        let justfile = "set shell := [\"bash\", \"-c\"]\nout := \"dist\"\nrev := `git rev-parse HEAD`\n\n# Build it\nbuild: clean\n    cargo build --out {{out}}\n\nclean:\n    rm -rf {{ out }}\n\n@deploy env='dev': build\n    echo $HOME {{env}}\n\nalias b := build\n";
        assert_eq!(
            just_recipes(justfile, &[]),
            ["git rev-parse HEAD", "rm -rf dist", "cargo build --out dist"]
        );
        assert_eq!(
            just_recipes(justfile, &["deploy", "prod"]),
            ["git rev-parse HEAD", "rm -rf dist", "cargo build --out dist", "echo $HOME prod"]
        );
        assert_eq!(just_recipes(justfile, &["b"]).last().map(String::as_str), Some("cargo build --out dist"));
        assert_eq!(just_recipes(justfile, &["clean", "build"]).len(), 3);
    }

    #[test]
    fn taskfile_tasks_in_each_shape() {
        let taskfile = "version: '3'\n\nvars:\n  OUT: dist\n\ntasks:\n  default:\n    cmds:\n      - task: build\n  build:\n    deps: [clean]\n    cmds:\n      - go build -o {{.OUT}}\n      - cmd: echo built\n  clean:\n    cmds: [\"rm -rf dist\", 'echo cleaned']\n  short: echo short\n  block:\n    cmds:\n      - |\n        echo one\n        rm -rf ~\n";
        assert_eq!(
            taskfile_commands(taskfile, &[]),
            ["rm -rf dist", "echo cleaned", "go build -o $OUT", "echo built"]
        );
        assert_eq!(taskfile_commands(taskfile, &["short"]), ["echo short"]);
        assert_eq!(taskfile_commands(taskfile, &["block"]), ["echo one", "rm -rf ~"]);
        assert!(taskfile_commands(taskfile, &["missing"]).is_empty());
        assert!(taskfile_commands("version: '3'\n", &["x"]).is_empty());
    }

    #[test]
    fn mise_tasks_run_their_dependencies_first_and_once() {
        let mise = "[tasks]\nbuild = \"cargo build\"\nlint = [\"cargo fmt\", \"cargo clippy\"]\n\
                    [tasks.ship]\nrun = \"rm -rf ~\"\ndepends = [\"build\", \"lint\", \"ship\"]\n";
        assert_eq!(mise_tasks(mise, "ship"), ["cargo build", "cargo fmt", "cargo clippy", "rm -rf ~"]);
        assert!(mise_tasks(mise, "none").is_empty());
        assert!(mise_tasks("[tasks", "ship").is_empty());
    }

    #[test]
    fn deno_and_composer_scripts() {
        let deno: serde_json::Value = serde_json::from_str(
            r#"{"tasks": {"dev": "deno run -A main.ts", "wipe": {"command": "rm -rf ~", "dependencies": ["dev"]}}}"#,
        )
        .expect("json");
        assert_eq!(deno_tasks(&deno, "wipe"), ["deno run -A main.ts", "rm -rf ~"]);
        assert!(deno_tasks(&deno, "none").is_empty());
        let composer: serde_json::Value = serde_json::from_str(
            r#"{"scripts": {"test": "phpunit", "all": ["@test", "@php bin/x.php", "App\\Hooks::run", "rm -rf ~"]}}"#,
        )
        .expect("json");
        assert_eq!(composer_scripts(&composer, "all"), ["phpunit", "php bin/x.php", "rm -rf ~"]);
    }

    #[test]
    fn poe_tasks_in_each_form_and_ninja_rules() {
        let pyproject = "[tool.poe.tasks]\ntest = \"pytest\"\nsh = { shell = \"a && b\" }\nall = [\"test\", { cmd = \"c\" }]\n\n[tool.poe.tasks.go]\nsequence = [\"all\", \"sh\"]\n";
        assert_eq!(poe_tasks(pyproject, "go"), ["pytest", "c", "a && b"]);
        assert_eq!(poe_tasks(pyproject, "test"), ["pytest"]);
        assert!(poe_tasks(pyproject, "none").is_empty());
        let loops = "[tool.poe.tasks]\na = [\"b\"]\nb = [\"a\"]\n";
        assert!(poe_tasks(loops, "a").is_empty());
        let ninja = "cflags = -O2\nrule cc\n  command = gcc $cflags -c $in -o $out\n  description = CC $out\nbuild a.o: cc a.c\n";
        assert_eq!(ninja_commands(ninja), ["gcc $cflags -c $in -o $out"]);
        let escaped = "rule r\n  command = rm -rf $$HOME/a$ b$:c\n";
        assert_eq!(ninja_commands(escaped), ["rm -rf $HOME/a b:c"]);
    }
}
