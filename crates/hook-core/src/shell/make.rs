//! Makefiles as far as the guard reads them: the rules with their recipe lines, and a recipe
//! line as the shell gets it (make's own variables left unknown).

/// The rules of a makefile: each target with its recipe lines (those starting with a tab).
pub(crate) fn rules(text: &str) -> Vec<(&str, Vec<&str>)> {
    let mut rules: Vec<(&str, Vec<&str>)> = Vec::new();
    let mut current: Vec<usize> = Vec::new();
    for line in text.lines() {
        if let Some(recipe) = line.strip_prefix('\t') {
            for &rule in &current {
                rules[rule].1.push(recipe);
            }
            continue;
        }
        current.clear();
        let Some((head, _)) = line.split_once(':') else { continue };
        // `X := value`, `X ::= value` are assignments; a rule's head has no `=` either.
        if line[head.len()..].starts_with(":=")
            || line[head.len()..].starts_with("::=")
            || head.contains(['=', '#'])
        {
            continue;
        }
        // `target: prerequisites ; recipe` starts the recipe on the rule's own line.
        let inline = line[head.len() + 1..].split_once(';').map(|(_, recipe)| recipe);
        for target in head.split_whitespace() {
            current.push(rules.len());
            rules.push((target, inline.into_iter().collect()));
        }
    }
    rules
}

/// One recipe line as the shell gets it.
pub(crate) fn recipe_line(line: &str) -> String {
    let line = line.trim_start().trim_start_matches(['@', '-', '+']);
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        if let Some(tail) = after.strip_prefix('$') {
            out.push('$');
            rest = tail;
        } else if let Some((name, tail)) = after.strip_prefix('(').and_then(|inner| inner.split_once(')')) {
            if name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
                out.push_str("${");
                out.push_str(name);
                out.push('}');
            } else {
                out.push_str("$(");
                out.push_str(name);
                out.push(')');
            }
            rest = tail;
        } else {
            out.push('$');
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// Every recipe line of `text`, as the shell gets them: what `make -f -` may run.
pub(super) fn all_recipes(text: &str) -> String {
    let mut lines: Vec<String> =
        rules(text).iter().flat_map(|(_, recipe)| recipe.iter().map(|line| recipe_line(line))).collect();
    // `target: ; command` on the rule line.
    for line in text.lines().filter(|line| !line.starts_with('\t')) {
        if let Some((head, command)) =
            line.split_once(':').and_then(|(head, rest)| Some((head, rest.split_once(';')?.1)))
        {
            if !head.contains(['=', '#']) {
                lines.push(recipe_line(command));
            }
        }
    }
    lines.join("\n")
}
