//! hook-core: everything an agent-hooks binary does except speaking its agent's format.
//!
//! An agent crate implements [`Agent`] and its binary defines its entry with [`agent_main!`]; hook-core reads the
//! event, decides it with the policy and hands the verdict back for encoding.

pub mod agent;
pub mod arena;
pub mod cli;
pub mod clock;
pub mod decide;
pub mod digest;
pub mod entry;
pub mod environment;
pub mod event;
pub mod guard;
pub mod install;
pub mod journal;
pub mod lifecycle;
pub mod literal;
pub mod policy;
pub mod project;
pub mod protocol;
pub mod rules;
pub mod shell;
pub mod state;
pub mod verdict;
pub mod wire;

/// Every agent binary links hook-core, so this is every binary's allocator. Not under
/// cargo-fuzz, so that the sanitizers see every allocation.
#[cfg(not(fuzzing))]
#[global_allocator]
static ALLOCATOR: arena::Arena = arena::Arena::new();

pub use agent::{Agent, DecodeError, Response, SettingsScope};
pub use cli::main;
pub use event::{Event, EventKind, Search, ShellCall, ToolCall};
pub use verdict::{Decision, Verdict};
