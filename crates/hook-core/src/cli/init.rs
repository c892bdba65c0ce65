//! `init`: write the commented starter policy, never over an existing file.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::policy;
use crate::protocol;

pub(crate) fn init(project: bool) -> ExitCode {
    let path = if project { Some(PathBuf::from(policy::PROJECT_FILE)) } else { policy::user_config_path() };
    let Some(path) = path else {
        protocol::warn(
            "agent-hooks: cannot find the user config directory: set HOME or XDG_CONFIG_HOME, or use --project",
        );
        return ExitCode::from(1);
    };
    if path.exists() {
        protocol::warn(&format!(
            "agent-hooks: {} already exists; not overwritten (remove it first to start over)",
            path.display()
        ));
        return ExitCode::from(1);
    }
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        if let Err(e) = fs_err::create_dir_all(parent) {
            protocol::warn(&format!("agent-hooks: {e}"));
            return ExitCode::from(1);
        }
    }
    if let Err(e) = fs_err::write(&path, policy::STARTER) {
        protocol::warn(&format!("agent-hooks: {e}"));
        return ExitCode::from(1);
    }
    protocol::print(&format!("wrote {}; check it with `check`", path.display()));
    ExitCode::SUCCESS
}
