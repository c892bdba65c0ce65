//! hook-core: everything an agent-hooks binary does except speaking its agent's format.
//!
//! An agent crate declares one [`Agent`], a row of data: its names, where its settings live
//! ([`SettingsPaths`]) and how `install` registers it ([`install::Registration`], or an
//! [`install::OwnedFile`]), with its wire format: `decode` (the agent's JSON into an
//! [`Event`]: the names read in the agent's shape, the rest from its
//! [`vocabulary::Vocabulary`], with the helpers of [`wire`]) and `encode` (a [`Verdict`] into
//! the agent's [`Response`]). Its binary is one line, `hook_core::agent_main!(MY_AGENT);`.
//! hook-core reads the event, decides it with the policy and hands the verdict back for
//! encoding; the CLI (`install`, `doctor`, `check`, `explain`, ...) is hook-core's too.
//!
//! Everything else is private to this crate. The modules still public are what the agent
//! crates, the workspace's tests, the fuzz targets and `xtask` use: `decide`, `environment`,
//! `install`, `policy`, `project`, `rules`, `shell`, `verdict`, `vocabulary`, `wire` (and `entry`, which
//! `agent_main!` expands to).

pub(crate) mod agent;
pub(crate) mod arena;
pub(crate) mod cli;
pub(crate) mod clock;
pub mod decide;
pub(crate) mod digest;
#[doc(hidden)]
pub mod entry;
pub mod environment;
pub(crate) mod event;
pub(crate) mod guard;
pub mod install;
pub(crate) mod journal;
pub(crate) mod lifecycle;
pub(crate) mod literal;
pub(crate) mod name_filter;
pub mod policy;
pub(crate) mod program;
pub mod project;
pub(crate) mod protocol;
pub mod rules;
#[cfg(test)]
pub(crate) mod scratch;
pub mod shell;
pub(crate) mod spelling;
pub(crate) mod state;
pub mod verdict;
pub mod vocabulary;
pub mod wire;

/// Every agent binary links hook-core, so this is every binary's allocator. Not under
/// cargo-fuzz, so that the sanitizers see every allocation.
#[cfg(not(fuzzing))]
#[global_allocator]
static ALLOCATOR: arena::Arena = arena::Arena::new();

pub use agent::{Agent, DecodeError, Install, Response, SettingsPaths, SettingsScope};
pub use cli::main;
pub use event::{Event, EventKind, Search, ShellCall, ToolCall};
pub use verdict::{Decision, Verdict};
