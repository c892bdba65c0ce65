//! `check`: load every policy layer, list them with their locked rules, and report errors
//! as file:line:col.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::guard::glob;
use crate::policy::{self, LayerKind, Loaded, Location, PolicyError, Trust};
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
    for error in loaded.errors.iter().chain(&glob_errors) {
        protocol::warn(&format!("error: {error}"));
    }
    protocol::warn("the files above are ignored by the hooks until fixed; the other layers stay in force");
    ExitCode::from(1)
}

/// The `[files]` globs that cannot match anything as written, located in the layer that
/// holds them. The schema keeps these lists without spans, so the place is found by looking
/// for the glob as a TOML string in each loaded file.
fn invalid_globs(loaded: &Loaded) -> Vec<PolicyError> {
    let files = &loaded.policy.files;
    let mut errors = Vec::new();
    for entry in files.deny_write.iter().chain(&files.deny_read) {
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
        };
        if !errors.contains(&error) {
            errors.push(error);
        }
    }
    errors
}
