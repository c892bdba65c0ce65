//! What the hooks do around the agent's work rather than guarding it: format after edits,
//! gate the stop, give context at session start, and the runner and state these share.

pub mod confine;
pub mod format;
pub mod pending;
pub mod runner;
pub mod session_context;
mod shorten;
pub mod stop;
pub mod trust_notice;
