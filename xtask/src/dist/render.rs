//! A minimal template language for the installer files: `{{name}}` is replaced by a value,
//! and a section, `{{#name}}` and `{{/name}}` each alone on a line, keeps its lines only when
//! `name` is on. Names unknown to the context are errors, so a typo cannot render silently.

use std::collections::BTreeMap;

/// The values and section switches a template is rendered with.
#[derive(Default)]
pub struct Context {
    values: BTreeMap<String, String>,
    sections: BTreeMap<String, bool>,
}

impl Context {
    pub fn value(&mut self, name: impl Into<String>, value: impl Into<String>) {
        self.values.insert(name.into(), value.into());
    }

    pub fn section(&mut self, name: impl Into<String>, on: bool) {
        self.sections.insert(name.into(), on);
    }
}

/// Render `template`; errors name the line they come from.
pub fn render(template: &str, context: &Context) -> Result<String, String> {
    // The open sections, innermost last, each with whether its lines are kept.
    let mut open: Vec<(&str, bool)> = Vec::new();
    let mut out = String::new();
    for (index, line) in template.lines().enumerate() {
        let at = |message: String| format!("line {}: {message}", index + 1);
        let kept = open.last().is_none_or(|&(_, kept)| kept);
        if let Some(name) = standalone_tag(line, '#') {
            let on = *context.sections.get(name).ok_or_else(|| at(format!("unknown section `{name}`")))?;
            open.push((name, kept && on));
        } else if let Some(name) = standalone_tag(line, '/') {
            match open.pop() {
                Some((opened, _)) if opened == name => {}
                _ => return Err(at(format!("`{{{{/{name}}}}}` closes no open `{{{{#{name}}}}}`"))),
            }
        } else if kept {
            out.push_str(&substitute(line, context).map_err(at)?);
            out.push('\n');
        }
    }
    match open.pop() {
        Some((name, _)) => Err(format!("section `{name}` is never closed")),
        None => Ok(out),
    }
}

/// The name in a line that is only `{{<sigil>name}}` (and spaces).
fn standalone_tag(line: &str, sigil: char) -> Option<&str> {
    line.trim().strip_prefix("{{")?.strip_suffix("}}")?.strip_prefix(sigil)
}

fn substitute(line: &str, context: &Context) -> Result<String, String> {
    let mut out = String::new();
    let mut rest = line;
    while let Some(start) = rest.find("{{") {
        let end = rest[start..].find("}}").ok_or("`{{` without `}}`")? + start;
        let name = &rest[start + 2..end];
        let value = context.values.get(name).ok_or_else(|| format!("unknown value `{name}`"))?;
        out.push_str(&rest[..start]);
        out.push_str(value);
        rest = &rest[end + 2..];
    }
    out.push_str(rest);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn context() -> Context {
        let mut context = Context::default();
        context.value("name", "world");
        context.section("on", true);
        context.section("off", false);
        context
    }

    #[test]
    fn fills_values_and_keeps_only_the_lines_of_sections_that_are_on() {
        let template = "hello {{name}}\n{{#on}}\n  kept {{name}}\n  {{#off}}\n  dropped\n  {{/off}}\n{{/on}}\n{{#off}}\n{{missing}}\n{{/off}}\nend\n";
        assert_eq!(render(template, &context()).unwrap(), "hello world\n  kept world\nend\n");
    }

    #[test]
    fn unknown_names_and_unbalanced_sections_are_errors() {
        let context = context();
        assert_eq!(render("a\n{{nme}}\n", &context).unwrap_err(), "line 2: unknown value `nme`");
        assert_eq!(render("{{#of}}\n{{/of}}\n", &context).unwrap_err(), "line 1: unknown section `of`");
        assert!(render("{{#on}}\n", &context).unwrap_err().contains("never closed"));
        assert!(render("{{#on}}\n{{/off}}\n", &context).unwrap_err().contains("closes no open"));
        assert!(render("x {{name\n", &context).unwrap_err().contains("without `}}`"));
    }
}
