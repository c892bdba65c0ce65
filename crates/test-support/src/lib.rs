//! What the tests of every agent crate share, as a dev-dependency: a throwaway project with
//! real child processes (`sandbox`), the trycmd runner (`trycmd_cases`), the install scenarios
//! of agents with a settings file (`install_harness`) or a file of their own
//! (`owned_file_harness`), the stop-gate and formatter scenarios, the payloads recorded
//! from the real agents (`live_fixtures`), and the temp directory each of them removes when
//! dropped (`scratch`).

pub mod format_report;
pub mod install_harness;
pub mod live_fixtures;
pub mod owned_file_harness;
pub mod sandbox;
#[path = "../../hook-core/src/scratch.rs"]
pub mod scratch;
pub mod stop_gate;
pub mod trycmd_cases;
