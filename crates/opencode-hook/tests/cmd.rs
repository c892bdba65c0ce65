//! trycmd cases for opencode-hook: one TOML per behaviour under `tests/cmd/opencode/`, fed real
//! payloads and checked byte for byte. Regenerate with `TRYCMD=overwrite`.

use test_support::trycmd_cases;

#[test]
fn cases() {
    trycmd_cases::run_isolated("opencode");
}
