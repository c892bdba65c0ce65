//! `rules`: every built-in pack and rule id, with the action the loaded policy gives each pack
//! and one line of what it catches, so that a user can find what to switch off.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::policy::{self, Action, Scope};
use crate::project::Context;
use crate::protocol;
use crate::rules::CATALOGUE;

pub(crate) fn rules(config: Option<&Path>) -> ExitCode {
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/"));
    let loaded = policy::load(&Context::discover(&cwd), config);
    let mut out = String::from(
        "built-in packs, with the action this policy gives each (set it under [rules], e.g. `database = { action = \"off\" }`):\n",
    );
    for info in CATALOGUE {
        let setting = loaded.policy.packs.get(info.pack);
        let action = match setting.action {
            Action::Allow => "allow",
            Action::Ask => "ask",
            Action::Deny => "deny",
            Action::Off => "off",
        };
        let scope = if setting.scope == Scope::All { ", scope all" } else { "" };
        let locked = if setting.locked { ", locked" } else { "" };
        out.push_str(&format!("\n{} ({action}{scope}{locked}): {}\n", info.pack.key(), info.catches));
        for (id, what) in info.rules {
            out.push_str(&format!("  {id:<30} {what}\n"));
        }
    }
    protocol::print(&out);
    ExitCode::SUCCESS
}
