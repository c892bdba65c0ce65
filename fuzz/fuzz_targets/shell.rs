//! Fuzz target: the shell analyser must never panic, hang or blow up on any text, in any dialect.
#![no_main]

use hook_core::shell::{Dialect, analyse};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|line: &str| {
    for dialect in [Dialect::Posix, Dialect::PowerShell, Dialect::Cmd] {
        let analysis = analyse(line, dialect);
        assert!(analysis.commands.len() <= 10_000);
    }
});
