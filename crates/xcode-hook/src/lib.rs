//! x-code CLI's wire format: its plugin hook events in, its JSON decisions out.
//!
//! Facts from `docs/agents/xcode.md`: one JSON object per call, `{event, session{cwd,
//! sessionId?}, plugin{id, dir}, tool{name, args, callId, output?, isError?}}` plus `prompt`
//! on `UserPromptSubmit`; camelCase tools (`shell {command}`, `writeFile`/`edit {filePath}`);
//! answers are one JSON object on stdout with exit 0 (`decision: allow | deny | modify`,
//! `reason`, whole-object `args`, `output`, `context` on `UserPromptSubmit` only); empty
//! stdout allows. Exit codes carry no decision: any non-zero exit is a hook failure, which
//! x-code allows by default. No ask, no stop blocking; reads never reach `PreToolUse`.
//! Hooks live only in a plugin's `plugin.json`: `install` writes a plugin of ours under
//! `~/.x-code/agent-hooks-plugin/`, which `xc plugin install` then registers.

mod decode;
mod encode;
mod plugin;

use std::path::{Path, PathBuf};

use hook_core::install::OwnedFile;
use hook_core::{Agent, DecodeError, Event, Response, SettingsScope, Verdict};

/// The x-code CLI (`xc`).
pub struct XCode;

impl Agent for XCode {
    fn binary(&self) -> &'static str {
        "xcode-hook"
    }

    fn display_name(&self) -> &'static str {
        "x-code CLI"
    }

    fn decode(&self, input: &[u8]) -> Result<Event, DecodeError> {
        decode::decode(input)
    }

    fn encode(&self, event: &Event, verdict: &Verdict) -> Response {
        encode::encode(event, verdict)
    }

    /// The manifest of our plugin; x-code has no settings file and no project plugins.
    fn settings_path(&self, scope: SettingsScope, home: &Path, _project: &Path) -> Option<PathBuf> {
        match scope {
            SettingsScope::User => Some(home.join(".x-code/agent-hooks-plugin/.x-code-plugin/plugin.json")),
            SettingsScope::Project | SettingsScope::Local => None,
        }
    }

    fn owned_file(&self) -> Option<OwnedFile> {
        Some(plugin::owned_file())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plugin_is_the_users() {
        let (home, project) = (Path::new("/home/u"), Path::new("/p"));
        assert_eq!(
            XCode.settings_path(SettingsScope::User, home, project),
            Some(PathBuf::from("/home/u/.x-code/agent-hooks-plugin/.x-code-plugin/plugin.json"))
        );
        assert_eq!(XCode.settings_path(SettingsScope::Project, home, project), None);
        assert_eq!(XCode.settings_path(SettingsScope::Local, home, project), None);
    }
}
