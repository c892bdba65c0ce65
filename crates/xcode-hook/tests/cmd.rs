//! trycmd cases for xcode-hook: one TOML per behaviour under `tests/cmd/xcode/`, fed real
//! x-code payloads and checked byte for byte. Regenerate with `TRYCMD=overwrite`.

#[test]
fn cases() {
    // No policy of the machine's user or system may leak into the expected answers.
    let nowhere = concat!(env!("CARGO_MANIFEST_DIR"), "/../../target/trycmd-nowhere");
    trycmd::TestCases::new()
        .env("HOME", nowhere)
        .env("XDG_CONFIG_HOME", nowhere)
        .env("XDG_STATE_HOME", nowhere)
        .env("AGENT_HOOKS_SYSTEM_CONFIG", format!("{nowhere}/system.toml"))
        .env("AGENT_HOOKS_CONFIG", "")
        .case(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/cmd/xcode/*.toml"));
}
