//! trycmd cases for codex-hook: one TOML per behaviour under `tests/cmd/codex/`, fed real
//! payloads and checked byte for byte. Regenerate with `TRYCMD=overwrite`.

use test_support::trycmd_cases;

#[test]
fn cases() {
    trycmd_cases::run_isolated("codex");
}
