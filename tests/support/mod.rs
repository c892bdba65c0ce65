//! Helpers for end-to-end tests of the agent binaries with real child processes, shared by
//! every agent crate: `#[path = "../../../tests/support/mod.rs"] mod support;`.

// Each test crate that includes this uses only part of it.
#![allow(dead_code)]

pub mod format_report;
pub mod sandbox;
pub mod stop_gate;
