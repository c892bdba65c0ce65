//! `check`: load every policy layer, list them with their locked rules, and report errors
//! as file:line:col.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::guard::glob;
use crate::policy::{self, Effect, LayerKind, Loaded, Location, PolicyError, Trust};
use crate::project::Context;
use crate::protocol;

pub(crate) fn check(binary: &str, config: Option<&Path>) -> ExitCode {
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/"));
    let loaded = policy::load_checked(&Context::discover(&cwd), config);
    let mut out = String::from("policy layers, later overriding earlier:\n");
    for layer in &loaded.layers {
        let kind = match layer.kind {
            LayerKind::BuiltIn => "built-in",
            LayerKind::System => "system",
            LayerKind::User => "user",
            LayerKind::Project => "project",
            LayerKind::Explicit => "explicit",
        };
        let path =
            layer.path.as_ref().map_or_else(|| "(compiled in)".to_string(), |p| p.display().to_string());
        let trust = match &layer.trust {
            Trust::Own => String::new(),
            Trust::Approved => "  (trusted)".to_string(),
            Trust::Directory(dir) => format!("  (trusted: under {})", dir.display()),
            Trust::Untrusted => "  (untrusted: only what makes the guard stricter applies)".to_string(),
            Trust::Forbidden => {
                "  (untrusted, and the system policy allows no trust: only what makes the guard stricter applies)"
                    .to_string()
            }
        };
        out.push_str(&format!("  {kind:<9} {path}{trust}\n"));
    }
    let locked: Vec<&str> = loaded
        .policy
        .packs
        .0
        .iter()
        .filter(|(_, setting)| setting.locked)
        .map(|(pack, _)| pack.key())
        .collect();
    let locked_filters = loaded.policy.filters.iter().filter(|f| f.locked).count();
    if !locked.is_empty() || locked_filters > 0 {
        out.push_str(&format!(
            "locked by the system layer: packs [{}], {locked_filters} filter(s)\n",
            locked.join(", ")
        ));
    }
    if let Some(file) = loaded.untrusted_layer().and_then(|layer| layer.path.as_deref()) {
        out.push_str(&super::skipped_text(file, &loaded, binary));
    }
    protocol::print(&out);
    for warning in &loaded.warnings {
        protocol::warn(&format!("warning: {warning}"));
    }
    let glob_errors = invalid_globs(&loaded);
    if loaded.errors.is_empty() && glob_errors.is_empty() {
        protocol::print("ok: every layer is valid");
        return ExitCode::SUCCESS;
    }
    let mut errors: Vec<&PolicyError> = loaded.errors.iter().chain(&glob_errors).collect();
    // In layer order (a file left out is not among the layers in force: a user file sits
    // before the project's), then in file order.
    let layer_of = |error: &PolicyError| {
        let loaded_at =
            loaded.layers.iter().position(|layer| layer.path.as_deref() == Some(error.file.as_path()));
        loaded_at.unwrap_or_else(|| match error.file.file_name() {
            Some(name) if name == policy::PROJECT_FILE => usize::MAX,
            _ => usize::MAX - 1,
        })
    };
    errors.sort_by_key(|error| (layer_of(error), error.line, error.column));
    for error in &errors {
        protocol::warn(&shown(error));
    }
    let ignored = errors.iter().filter(|error| error.effect == Effect::FileIgnored).count();
    protocol::warn(&format!(
        "{} error(s): {ignored} leave their file out of the hooks until fixed (the other layers stay in force), {} skip only their rule",
        errors.len(),
        errors.len() - ignored
    ));
    ExitCode::from(1)
}

/// One error the way compilers show them: the message, the place, the source line with a
/// caret under the column, and what the hooks do about it.
fn shown(error: &PolicyError) -> String {
    let mut out = format!("error: {}\n", error.message);
    let place = match (error.line, error.column) {
        (Some(line), Some(column)) => format!("{}:{line}:{column}", error.file.display()),
        _ => error.file.display().to_string(),
    };
    out.push_str(&format!("  --> {place}\n"));
    let source = error.line.and_then(|line| {
        let text = std::fs::read_to_string(&error.file).ok()?;
        Some((line, text.lines().nth(line.checked_sub(1)?)?.to_string()))
    });
    if let (Some((line, text)), Some(column)) = (source, error.column) {
        let gutter = " ".repeat(line.to_string().len());
        // The caret sits under the column's character, tabs kept so it lines up.
        let pad: String =
            text.chars().take(column.saturating_sub(1)).map(|c| if c == '\t' { '\t' } else { ' ' }).collect();
        out.push_str(&format!("{gutter} |\n{line} | {text}\n{gutter} | {pad}^\n"));
    }
    out.push_str(match error.effect {
        Effect::FileIgnored => "  = the hooks leave this file out until it is fixed",
        Effect::RuleSkipped => "  = the hooks keep this file and skip only this rule",
    });
    out
}

/// The `[files]` globs that cannot match anything as written, located in the layer that
/// holds them. The schema keeps these lists without spans, so the place is found by looking
/// for the glob as a TOML string in each loaded file.
fn invalid_globs(loaded: &Loaded) -> Vec<PolicyError> {
    let files = &loaded.policy.files;
    let mut errors = Vec::new();
    for entry in files.deny_write.iter().chain(files.deny_read.iter()) {
        let pattern = entry.strip_prefix('!').unwrap_or(entry);
        let Err(problem) = glob::validate(pattern) else { continue };
        let message = format!("invalid glob \"{entry}\" in [files]: {problem}");
        let place = loaded.layers.iter().filter_map(|layer| layer.path.as_deref()).find_map(|path| {
            let text = std::fs::read_to_string(path).ok()?;
            let offset = [format!("\"{entry}\""), format!("'{entry}'")]
                .iter()
                .find_map(|quoted| text.find(quoted.as_str()))?;
            Some(Location::of_offset(path, &text, offset))
        });
        let error = match place {
            Some(place) => PolicyError::at(place, message),
            None => PolicyError::whole_file(Path::new("[files]"), message),
        }
        .rule_skipped();
        if !errors.contains(&error) {
            errors.push(error);
        }
    }
    errors
}
