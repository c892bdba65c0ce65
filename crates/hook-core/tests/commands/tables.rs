//! The command table's themed parts, one file each, so that each area's rows (dangerous lines
//! and their harmless look-alikes) live beside each other.

mod dialects;
mod expansion;
mod frameworks;
mod hostile;
mod indirect;
mod infrastructure;
mod interpreters;
// Symbolic links as Unix makes them; the Windows build only type-checks the tests.
#[cfg(unix)]
pub(crate) mod linked;
mod outside;
mod packs;
mod persistence;
mod planted;
mod runners;
mod secrets;
mod toolchains;
mod trust;
mod windows;
mod writes;

use super::Case;

/// Every themed table; `main.rs` checks each row of each.
pub(crate) const ALL: &[&[Case]] = &[
    expansion::CASES,
    runners::CASES,
    interpreters::CASES,
    infrastructure::CASES,
    secrets::CASES,
    trust::CASES,
    hostile::CASES,
    persistence::CASES,
    indirect::CASES,
    planted::CASES,
    writes::CASES,
    toolchains::CASES,
    packs::CASES,
    outside::CASES,
    dialects::CASES,
    frameworks::CASES,
    windows::CASES,
];
