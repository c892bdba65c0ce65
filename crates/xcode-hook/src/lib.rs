//! x-code CLI's wire format: its plugin hook events in, its JSON decisions out.
//!
//! Facts from `shared/agents/x-code.md`: one JSON object per call, `{event, session{cwd,
//! sessionId?}, plugin{id, dir}, tool{name, args, callId, output?, isError?}}` plus `prompt`
//! on `UserPromptSubmit`; camelCase tools (`shell {command}`, `writeFile`/`edit {filePath}`);
//! answers are one JSON object on stdout with exit 0 (`decision: allow | deny | modify`,
//! `reason`, whole-object `args`, `output`, `context` on `UserPromptSubmit` only); empty
//! stdout allows. Exit codes carry no decision: any non-zero exit is a hook failure, which
//! x-code allows by default. No ask, no stop blocking; reads never reach `PreToolUse`.
//! Hooks live only in a plugin's `plugin.json`; there is no settings file.

mod decode;
mod encode;

use std::path::{Path, PathBuf};

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

    /// x-code reads hooks only from plugin manifests, never from a settings file.
    fn settings_path(&self, _scope: SettingsScope, _home: &Path, _project: &Path) -> Option<PathBuf> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_is_no_settings_file() {
        let (home, project) = (Path::new("/home/u"), Path::new("/p"));
        for scope in [SettingsScope::User, SettingsScope::Project, SettingsScope::Local] {
            assert_eq!(XCode.settings_path(scope, home, project), None);
        }
    }

    #[test]
    fn the_silent_allow_prints_nothing() {
        assert_eq!(XCode.allow_silently(), Response::default());
    }
}
