//! The payloads `cargo xtask live --record` kept from the real agents
//! (`tests/fixtures/<agent>/live-<version>-<event>-<tag>.json`) and what each must decode to.

use std::path::PathBuf;

use hook_core::{DecodeError, Event};

/// Every `live-*` fixture of `agent` decodes to its line of `expected` (`summary`), and every
/// one of them is listed there, so that a new recording is read before it is kept.
pub fn assert_live_fixtures(
    agent: &str,
    decode: impl Fn(&[u8]) -> Result<Event, DecodeError>,
    expected: &[(&str, &str)],
) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures").join(agent);
    let mut recorded: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("live-"))
        .collect();
    recorded.sort();
    let mut listed: Vec<String> = expected.iter().map(|(name, _)| (*name).to_string()).collect();
    listed.sort();
    assert_eq!(recorded, listed, "the live fixtures of {agent} and the ones the test lists");
    for (name, want) in expected {
        let bytes = std::fs::read(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        let event = decode(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(summary(&event), *want, "{name}");
    }
}

/// One line saying what an event is: its kind, then the shell line, the files, the search or
/// the prompt it carries.
pub fn summary(event: &Event) -> String {
    let mut line = format!("{:?}", event.kind);
    if let Some(tool) = &event.tool {
        line.push_str(&format!(" {}", tool.name));
        if let Some(shell) = &tool.shell {
            line.push_str(&format!(": {}", shell.line));
        }
        for path in &tool.paths {
            line.push_str(&format!(" {}", path.display()));
        }
        if let Some(search) = &tool.search {
            line.push_str(&format!(" search {:?} include {:?}", search.roots, search.include));
        }
    }
    if let Some(prompt) = &event.prompt {
        line.push_str(&format!(": {prompt}"));
    }
    line
}
