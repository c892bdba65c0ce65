//! Keeps stop gates from trapping the agent in a loop: a budget of blocks in a row for each
//! session, and for each project the fingerprint of the work tree at the last green run.

use std::path::Path;

use crate::digest::Digest;
use crate::state;

/// Blocks in a row before the agent is let go even though gates fail; well below Claude
/// Code's own cap of 8, and Cursor's 5 follow-ups.
pub const BLOCK_BUDGET: u32 = 3;

const BLOCKS_AREA: &str = "stop-blocks";
const GREEN_AREA: &str = "stop-green";

/// Sessions without an id share one budget.
const NO_SESSION: &str = "no-session";

/// Take one block from the session's budget; false when it is spent. Without a state
/// directory the budget cannot be kept, and blocking is left to the agent's own cap.
pub(super) fn spend_block(session: Option<&str>) -> bool {
    let Some(path) = state::file(BLOCKS_AREA, session.unwrap_or(NO_SESSION)) else { return true };
    let spent: u32 = std::fs::read_to_string(&path).ok().and_then(|n| n.trim().parse().ok()).unwrap_or(0);
    if spent >= BLOCK_BUDGET {
        return false;
    }
    let _ = state::write_atomically(&path, (spent + 1).to_string().as_bytes());
    true
}

/// The gates passed: the budget starts again, and the work tree as it is now needs no
/// second run.
pub(super) fn passed(session: Option<&str>, root: &Path, fingerprint: Option<&str>) {
    if let Some(path) = state::file(BLOCKS_AREA, session.unwrap_or(NO_SESSION)) {
        let _ = std::fs::remove_file(path);
    }
    if let (Some(path), Some(fingerprint)) = (green_file(root), fingerprint) {
        let _ = state::write_atomically(&path, fingerprint.as_bytes());
    }
}

/// The fingerprint of the work tree when the gates last passed in `root`.
pub(super) fn last_green(root: &Path) -> Option<String> {
    std::fs::read_to_string(green_file(root)?).ok()
}

fn green_file(root: &Path) -> Option<std::path::PathBuf> {
    state::file(GREEN_AREA, &Digest::of(root.as_os_str().as_encoded_bytes()).hex())
}
