//! What the tests of every agent crate share, as a dev-dependency: a throwaway project with
//! real child processes (`sandbox`), the trycmd runner (`trycmd_cases`), the install scenarios
//! of agents with a settings file (`install_harness`) or a file of their own
//! (`owned_file_harness`), the stop-gate and formatter scenarios, and the payloads recorded
//! from the real agents (`live_fixtures`).

pub mod format_report;
pub mod install_harness;
pub mod live_fixtures;
pub mod owned_file_harness;
pub mod sandbox;
pub mod stop_gate;
pub mod trycmd_cases;
