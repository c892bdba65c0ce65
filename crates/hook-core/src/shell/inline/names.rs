//! Spellings that hide a module or function name, spelled out before the scan: Python's
//! aliases (`import os as o`), `__import__('o' + 's')`, `importlib.import_module(…)`,
//! `getattr(os, 'sys' + 'tem')`, `sys.modules['os']`, and JavaScript's computed `require(…)`
//! and `obj['exec' + 'Sync']`. A name built from strings that the scan cannot compute is
//! reported: the call it makes is unseen.

use super::Finding;
use super::language::Language;
use super::value::{computed, split_top, string_end};

/// Python code with its module aliases spelled out (`import subprocess as sp` makes `sp.run`
/// `subprocess.run`), so that the qualified calls are found under any name.
pub(super) fn unaliased(code: &str) -> String {
    let mut code = code.to_string();
    for module in ["subprocess", "os", "shutil", "pathlib"] {
        let marker = format!("import {module} as ");
        let Some(at) = code.find(&marker) else { continue };
        let alias: String = code[at + marker.len()..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if alias.is_empty() || alias == module {
            continue;
        }
        let mut spelled = String::with_capacity(code.len());
        let mut rest = code.as_str();
        let call = format!("{alias}.");
        while let Some(found) = rest.find(&call) {
            let boundary = rest[..found]
                .chars()
                .last()
                .is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'));
            spelled.push_str(&rest[..found]);
            spelled.push_str(if boundary { module } else { &alias });
            spelled.push('.');
            rest = &rest[found + call.len()..];
        }
        spelled.push_str(rest);
        code = spelled;
    }
    function_aliases(&code, RISKY_MODULES)
}

/// Code with its function aliases spelled out: Python's `from os import system as s`, and
/// `f = os.system` (Lua's `local f = os.execute`) make `s(…)` and `f(…)` calls of the function.
fn function_aliases(code: &str, modules: &[&str]) -> String {
    let mut aliases: Vec<(String, String)> = Vec::new();
    for statement in code.split([';', '\n']) {
        let statement = statement.trim();
        let statement = statement.strip_prefix("local ").unwrap_or(statement);
        if let Some((module, imported)) =
            statement.strip_prefix("from ").and_then(|rest| rest.split_once(" import "))
        {
            for item in imported.split(',') {
                if let Some((name, alias)) = item.split_once(" as ") {
                    aliases.push((alias.trim().to_string(), format!("{}.{}", module.trim(), name.trim())));
                }
            }
        } else if let Some((alias, value)) = statement.split_once('=') {
            let (alias, value) = (alias.trim(), value.trim());
            let is_name =
                |text: &str| !text.is_empty() && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
            let module = value.split('.').next().unwrap_or_default();
            if is_name(alias)
                && value.contains('.')
                && modules.contains(&module)
                && value.split('.').all(is_name)
            {
                aliases.push((alias.to_string(), value.to_string()));
            }
        }
    }
    spelled(code, &aliases)
}

/// `code` with each call of an alias (`alias(`, not part of a longer name) made a call of its
/// target.
fn spelled(code: &str, aliases: &[(String, String)]) -> String {
    let mut code = code.to_string();
    for (alias, target) in aliases {
        let call = format!("{alias}(");
        let mut spelled = String::with_capacity(code.len());
        let mut rest = code.as_str();
        while let Some(found) = rest.find(&call) {
            let boundary = rest[..found]
                .chars()
                .last()
                .is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'));
            spelled.push_str(&rest[..found]);
            spelled.push_str(if boundary { target } else { alias });
            spelled.push('(');
            rest = &rest[found + call.len()..];
        }
        spelled.push_str(rest);
        code = spelled;
    }
    code
}

/// Lua with computed table keys spelled out (`os["exe" .. "cute"]` is `os.execute`, `_G.os`
/// is `os`) and then its function aliases (`local e = os.execute; e("…")`); a key into `os`
/// or `io` that the scan cannot compute is unseen.
pub(super) fn lua_resolved(code: &str, findings: &mut Vec<Finding>) -> String {
    // `_G["os"]["execute"]` takes one pass per key.
    let mut spelled = code.to_string();
    for _ in 0..3 {
        let before = spelled.len();
        spelled = lua_keys(&spelled, findings);
        if spelled.len() == before {
            break;
        }
    }
    function_aliases(&spelled.replace("_G.", ""), &["os", "io"])
}

fn lua_keys(code: &str, findings: &mut Vec<Finding>) -> String {
    rewrite(code, Language::Lua, &["["], findings, |_, inner, object| {
        let object = object.trim_start_matches("_G.");
        match computed(inner, Language::Lua) {
            Some(name)
                if name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') && !object.is_empty() =>
            {
                Some(Ok(if object == "_G" { name } else { format!("{object}.{name}") }))
            }
            // `os[arg[1]]`: any key into `os` or `io` that is not computed.
            None if matches!(object, "os" | "io" | "_G") => Some(Err(opaque(&format!("{object}[…]"), inner))),
            _ => None,
        }
    })
}

/// PHP with variable functions spelled out: `$f = "sys" . "tem"; $f("…")` calls `system`. A
/// variable function whose name is built from strings the scan cannot compute is unseen.
pub(super) fn php_resolved(code: &str, findings: &mut Vec<Finding>) -> String {
    let mut code = code.to_string();
    let mut from = 0;
    for _ in 0..MAX_REWRITES {
        let Some(at) = code[from..].find('$').map(|at| from + at) else { break };
        from = at + 1;
        let name: String =
            code[at + 1..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
        let call_at = at + 1 + name.len();
        if name.is_empty() || !code[call_at..].starts_with('(') {
            continue;
        }
        let Some(value) = php_binding(&code, &name) else { continue };
        match computed(value, Language::Php) {
            Some(function) if function.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') => {
                code.replace_range(at..call_at, &function);
            }
            Some(_) => {}
            None if built_from_strings(value) => findings.push(opaque(&format!("${name}(…)"), value)),
            None => {}
        }
    }
    code
}

/// PHP's `include 'f.php';` (and `include_once`, `require`, `require_once`) written as a call,
/// `include('f.php');`, so the scan finds it as it finds the others.
pub(super) fn php_includes(code: String) -> String {
    if !code.contains("include") && !code.contains("require") {
        return code;
    }
    let mut out = String::with_capacity(code.len() + 8);
    let mut rest = code.as_str();
    while let Some(at) = rest.find(['i', 'r']) {
        let word_start = !rest[..at].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$');
        let keyword = ["include_once", "require_once", "include", "require"]
            .into_iter()
            .find(|k| rest[at..].starts_with(k) && word_start);
        let after = keyword.map(|k| &rest[at + k.len()..]);
        match (keyword, after) {
            (Some(keyword), Some(after))
                if after.starts_with([' ', '\t']) && after.trim_start().starts_with(['\'', '"', '$']) =>
            {
                let end = after.find(';').unwrap_or(after.len());
                out.push_str(&rest[..at]);
                out.push_str(keyword);
                out.push('(');
                out.push_str(after[..end].trim());
                out.push(')');
                rest = &after[end..];
            }
            _ => {
                out.push_str(&rest[..=at]);
                rest = &rest[at + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The expression last assigned to `$name` (`$f = "system";`).
fn php_binding<'c>(code: &'c str, name: &str) -> Option<&'c str> {
    let marker = format!("${name}");
    code.match_indices(&marker)
        .filter_map(|(at, _)| {
            let rest = &code[at + marker.len()..];
            let ends_name = !rest.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_');
            let value = rest.trim_start().strip_prefix('=').filter(|v| !v.starts_with(['=', '>']))?;
            ends_name.then(|| value.split(';').next().unwrap_or(value).trim())
        })
        .last()
}

/// How many computed names one piece of code may have spelled out.
const MAX_REWRITES: usize = 64;

/// Python modules whose attributes run commands or code.
const RISKY_MODULES: &[&str] =
    &["os", "subprocess", "shutil", "pty", "posix", "nt", "builtins", "__builtins__", "importlib", "sys"];

/// Python code with computed module and attribute names spelled out (`getattr(__import__('o'
/// + 's'), 'system')` becomes `os.system`); names it cannot compute are `Opaque` findings.
pub(super) fn resolved(code: &str, findings: &mut Vec<Finding>) -> String {
    const FORMS: &[&str] =
        &["__import__(", "import_module(", "getattr(", "sys.modules[", "__dict__[", "vars("];
    rewrite(code, Language::Python, FORMS, findings, |form, inner, object| {
        let parts = split_top(inner, ",", Language::Python);
        match form {
            "__import__(" | "import_module(" => {
                let module = parts.first()?.trim();
                Some(computed(module, Language::Python).ok_or_else(|| opaque(form, module)))
            }
            "getattr(" => {
                let [target, name, ..] = parts.as_slice() else { return None };
                match computed(name, Language::Python) {
                    Some(attribute) => Some(Ok(format!("{}.{attribute}", target.trim()))),
                    None if RISKY_MODULES.contains(&target.trim()) || built_from_strings(name) => {
                        Some(Err(opaque("getattr", name)))
                    }
                    None => None,
                }
            }
            // `sys.modules['os']`, `os.__dict__['system']`, `vars(os)['system']`.
            "sys.modules[" => computed(inner, Language::Python).map(Ok),
            "__dict__[" => {
                let attribute = computed(inner, Language::Python)?;
                Some(Ok(format!("{}.{attribute}", object.trim_end_matches('.'))))
            }
            _ => None,
        }
    })
}

/// Ruby with dynamic dispatch spelled out: `Kernel.send(:system, "…")`, `public_send`,
/// `__send__` and `method(:system).call(…)` call `system`; a name the scan cannot compute
/// (`send(name, …)`) is unseen.
pub(super) fn ruby_resolved(code: &str, findings: &mut Vec<Finding>) -> String {
    // `%q(…)`, `%w[…]`: the plain literals they spell.
    let code = &super::value::ruby_percent_literals(code);
    // `Dir["~/*"]` is `Dir.glob("~/*")`.
    let code = &dir_globs(code);
    rewrite(code, Language::Ruby, &["send(", "method("], findings, |form, inner, _| {
        let (name, rest) = match inner.split_once(',') {
            Some((name, rest)) => (name.trim(), Some(rest)),
            None => (inner.trim(), None),
        };
        // `send(*%i[system], …)`: a one-name list spread into the arguments is that name.
        let name = name.strip_prefix("*[").and_then(|list| list.strip_suffix(']')).map_or(name, str::trim);
        let identifier = |text: &str| text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
        // `("sys" + "tem").to_sym`, `:"system"`: the name is the string the symbol is made of.
        let expression =
            name.strip_suffix(".to_sym").or_else(|| name.strip_suffix(".intern")).unwrap_or(name);
        let expression =
            expression.strip_prefix(':').filter(|e| e.starts_with(['"', '\''])).unwrap_or(expression);
        let name = match name.strip_prefix(':').filter(|symbol| identifier(symbol)) {
            Some(symbol) => symbol.to_string(),
            None => match computed(expression, Language::Ruby) {
                Some(name) => name,
                None if form == "send(" && built_from_strings(name)
                    || name.starts_with(|c: char| c.is_ascii_lowercase()) =>
                {
                    return Some(Err(opaque("send", name)));
                }
                None => return None,
            },
        };
        if !identifier(&name) {
            return None;
        }
        Some(Ok(match (form, rest) {
            ("send(", Some(rest)) => format!("{name}({rest})"),
            ("send(", None) => format!("{name}()"),
            // `method(:system)` is the function; its `.call(…)` is the call.
            _ => name,
        }))
    })
    .replace(".call(", "(")
}

/// Perl's glob operator `<PATTERN>` as the `glob("PATTERN")` it is (`unlink <~/*>`). A
/// handle read (`<STDIN>`, `<$fh>`, `<>`) and the comparison operators (`$a < $b`) stay: a
/// pattern has no space and is no name, and stands where an operand starts.
pub(super) fn perl_globs(code: &str) -> String {
    if !code.contains('<') {
        return code.to_string();
    }
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(open) = rest.find('<') {
        let (before, after) = rest.split_at(open);
        out.push_str(before);
        let pattern = after[1..].find(['>', '<', '\n']).filter(|&end| after.as_bytes()[end + 1] == b'>');
        let pattern = pattern.map(|end| &after[1..=end]).filter(|pattern| {
            let name = pattern.strip_prefix('$').unwrap_or(pattern);
            let operand = match out.trim_end().chars().last() {
                None => true,
                Some(c) if "(,=[{;!".contains(c) => true,
                // After a block (`grep { -f } <~/*>`), a pattern that looks like one.
                Some('}') => pattern.contains(['*', '?', '/', '~']),
                Some(c) if c.is_ascii_alphabetic() => {
                    let word: String = out
                        .trim_end()
                        .chars()
                        .rev()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                        .collect();
                    !out.trim_end()[..out.trim_end().len() - word.len()].ends_with(['$', '@', '%'])
                }
                Some(_) => false,
            };
            operand
                && !pattern.is_empty()
                && !pattern.contains(char::is_whitespace)
                && !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        });
        match pattern {
            Some(pattern) => {
                out.push_str(&format!("glob(\"{pattern}\")"));
                rest = &after[pattern.len() + 2..];
            }
            None => {
                out.push('<');
                rest = &after[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Ruby's `Dir[pattern]` as the `Dir.glob(pattern)` it is.
fn dir_globs(code: &str) -> String {
    let mut code = code.to_string();
    for _ in 0..MAX_REWRITES {
        let Some(at) = code.find("Dir[") else { break };
        let open = at + "Dir".len();
        let Some(close) = closing(&code, open, Language::Ruby) else { break };
        code.replace_range(close..=close, ")");
        code.replace_range(open..=open, ".glob(");
    }
    code
}

/// JavaScript with computed `require(…)` and `obj[…]` names spelled out, renamed
/// destructured functions called by their own names (`const {execSync: x} = require(…)`
/// makes `x(…)` `execSync(…)`), and a variable given to a process call as its argument list or
/// command replaced by the value the code binds it to (`a = ['-rf', d]; spawnSync('rm', a)`).
pub(super) fn node_resolved(code: &str, findings: &mut Vec<Finding>) -> String {
    let code = &node_variables(&node_destructured(code));
    rewrite(code, Language::Node, &["require(", "["], findings, |form, inner, object| match form {
        "require(" => {
            let module = inner.trim();
            if super::value::literal(module, Language::Node).is_some() {
                return None;
            }
            match computed(module, Language::Node) {
                Some(name) => Some(Ok(format!("require('{name}')"))),
                None if built_from_strings(module) => Some(Err(opaque("require", module))),
                None => None,
            }
        }
        // `cp['exec' + 'Sync'](…)`, `cp[m](…)`: a member whose name is computed.
        _ => {
            if object.is_empty() {
                return None;
            }
            let key = match js_binding(code, inner.trim()) {
                Some(value) if is_identifier(inner.trim()) => value,
                _ => inner,
            };
            let process_module = object.contains("child_process")
                || js_binding(code, object).is_some_and(|value| value.contains("child_process"));
            match computed(key, Language::Node) {
                Some(name)
                    if !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') =>
                {
                    Some(Ok(format!("{object}.{name}")))
                }
                None if process_module && (built_from_strings(key) || is_identifier(inner.trim())) => {
                    Some(Err(opaque("child_process[…]", key)))
                }
                _ => None,
            }
        }
    })
}

fn is_identifier(text: &str) -> bool {
    !text.is_empty()
        && !text.starts_with(|c: char| c.is_ascii_digit())
        && text.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$'))
}

/// The expression a JavaScript variable is last bound to (`const m = 'exec' + 'Sync'`).
fn js_binding<'c>(code: &'c str, name: &str) -> Option<&'c str> {
    if !is_identifier(name) {
        return None;
    }
    code.match_indices(name)
        .filter_map(|(at, _)| {
            let before = code[..at].bytes().last();
            if before.is_some_and(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'.')) {
                return None;
            }
            let rest = &code[at + name.len()..];
            let value = rest.trim_start().strip_prefix('=').filter(|v| !v.starts_with(['=', '>']))?;
            Some(value.split([';', '\n']).next().unwrap_or(value).trim())
        })
        .last()
}

/// `const {execSync: x, spawn: y} = require('child_process')`: each renamed function called by
/// its own name.
fn node_destructured(code: &str) -> String {
    let mut aliases = Vec::new();
    let mut rest = code;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}').map(|c| open + c) else { break };
        let after = rest[close + 1..].trim_start();
        if after.strip_prefix('=').is_some_and(|v| v.trim_start().starts_with("require(")) {
            for item in rest[open + 1..close].split(',') {
                if let Some((name, alias)) = item.split_once(':') {
                    let (name, alias) = (name.trim(), alias.trim());
                    if is_identifier(name) && is_identifier(alias) && name != alias {
                        aliases.push((alias.to_string(), name.to_string()));
                    }
                }
            }
        }
        rest = &rest[close + 1..];
    }
    spelled(code, &aliases)
}

/// Process calls given a variable as their command or argument list: the variable replaced
/// by the literal the code binds it to (`spawnSync('rm', a)` after `a = ['-rf', d]`).
fn node_variables(code: &str) -> String {
    let mut replaced: Vec<(String, String)> = Vec::new();
    for call in
        ["spawnSync(", "spawn(", "execFileSync(", "execFile(", "execSync(", "exec(", "execa(", "execaSync("]
    {
        for (at, _) in code.match_indices(call) {
            let Some(close) = closing(code, at + call.len() - 1, Language::Node) else { continue };
            let arguments = split_top(&code[at + call.len()..close], ",", Language::Node);
            let mut changed = false;
            let spelled: Vec<&str> = arguments
                .iter()
                .map(|argument| {
                    let bound = js_binding(code, argument.trim())
                        .filter(|value| value.starts_with(['[', '\'', '"', '`']) || value.contains('+'));
                    changed |= bound.is_some();
                    bound.unwrap_or(argument)
                })
                .collect();
            if changed {
                replaced.push((code[at..=close].to_string(), format!("{call}{})", spelled.join(","))));
            }
        }
    }
    let mut code = code.to_string();
    for (from, to) in replaced {
        code = code.replacen(&from, &to, 1);
    }
    code
}

fn opaque(call: &str, argument: &str) -> Finding {
    Finding::Opaque {
        call: call.trim_end_matches(['(', '[']).to_string(),
        argument: argument.trim().to_string(),
    }
}

/// Whether an expression builds a string at run time (`'o' + x`, `chr(111)`, `s[::-1]`).
fn built_from_strings(expression: &str) -> bool {
    expression.contains(['\'', '"', '`'])
        || ["chr(", "fromCharCode", "join(", "decode(", "[::-1]", "reverse", "atob(", "Buffer.from"]
            .iter()
            .any(|form| expression.contains(form))
}

/// `code` with each occurrence of `forms` replaced by what `spell` makes of it, innermost (last)
/// first. `spell` gets the form, the text between its brackets and the object before it (for
/// `obj[…]` and `obj.__dict__[…]`); it returns the replacement, a finding, or nothing.
fn rewrite(
    code: &str,
    language: Language,
    forms: &[&'static str],
    findings: &mut Vec<Finding>,
    spell: impl Fn(&str, &str, &str) -> Option<Result<String, Finding>>,
) -> String {
    if !forms.iter().any(|form| code.contains(form.trim_end_matches(['(', '[']))) {
        return code.to_string();
    }
    let mut code = code.to_string();
    let mut limit = code.len();
    for _ in 0..MAX_REWRITES {
        let Some((at, form)) = forms
            .iter()
            .filter_map(|form| Some((code[..limit].rfind(form)?, *form)))
            .max_by_key(|(at, form)| at + form.len())
        else {
            break;
        };
        limit = at;
        let open = at + form.len() - 1;
        let Some(close) = closing(&code, open, language) else { continue };
        let inner = code[open + 1..close].to_string();
        // The object a member form applies to: the identifier path just before it.
        let (start, object) = match form {
            // `Kernel.send(…)`, `obj.public_send(…)`, `__send__(…)`: the receiver goes too.
            "send(" | "method(" => {
                let before = &code[..at];
                let receiver = before
                    .bytes()
                    .rev()
                    .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b':'))
                    .count();
                (at - receiver, String::new())
            }
            "[" | "__dict__[" => {
                let before = &code[..at];
                // A member access follows a name, a call or an index; `f(['a'])` is a list.
                if !before.bytes().last().is_some_and(|b| {
                    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b')' | b']' | b'.')
                }) {
                    continue;
                }
                let length = before
                    .bytes()
                    .rev()
                    .take_while(|b| {
                        b.is_ascii_alphanumeric()
                            || matches!(b, b'_' | b'.' | b'$' | b')' | b'(' | b'\'' | b'"')
                    })
                    .count();
                let object = &before[before.len() - length..];
                // An array literal (`[1, 2]`) has no object; `require('x')[…]` has one.
                if object.is_empty() || object.starts_with('(') && !balanced_call(object) {
                    continue;
                }
                (at - length, object.to_string())
            }
            "import_module(" => {
                let start = if code[..at].ends_with("importlib.") { at - "importlib.".len() } else { at };
                (start, String::new())
            }
            "vars(" => {
                // `vars(os)['system']` is `os.__dict__['system']`.
                let rest = &code[close + 1..];
                if !rest.starts_with('[') {
                    continue;
                }
                let object = inner.trim().to_string();
                let key_close = match closing(&code, close + 1, language) {
                    Some(end) => end,
                    None => continue,
                };
                let key = code[close + 2..key_close].to_string();
                if let Some(attribute) = computed(&key, language) {
                    code.replace_range(at..=key_close, &format!("{object}.{attribute}"));
                }
                continue;
            }
            _ => {
                // Not part of a longer name (`my_getattr(`).
                if code[..at].bytes().last().is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_') {
                    continue;
                }
                (at, String::new())
            }
        };
        match spell(form, &inner, &object) {
            Some(Ok(spelled)) => code.replace_range(start..=close, &spelled),
            Some(Err(finding)) => findings.push(finding),
            None => {}
        }
        limit = limit.min(start).min(code.len());
    }
    code
}

/// Whether an object text that starts with `(` is a whole call's arguments (it is not).
fn balanced_call(object: &str) -> bool {
    let mut depth = 0i32;
    for b in object.bytes() {
        match b {
            b'(' => depth += 1,
            b')' => depth -= 1,
            _ => {}
        }
    }
    depth == 0
}

/// The index of the bracket that closes the one at `open`, skipping strings.
fn closing(code: &str, open: usize, language: Language) -> Option<usize> {
    let bytes = code.as_bytes();
    let mut depth = 0usize;
    let mut i = open;
    while i < bytes.len() {
        match bytes[i] {
            b'\'' | b'"' | b'`' => {
                i = string_end(bytes, i, language);
                continue;
            }
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}
