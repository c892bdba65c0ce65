//! Fuzz target: any bytes on stdin are decoded, decided and encoded by claude-hook's code
//! without a panic, and the answer is always one JSON object or nothing.
#![no_main]

use claude_hook::Claude;
use hook_core::Agent;
use hook_core::decide::decide;
use hook_core::policy::Policy;
use hook_core::project::Context;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| {
    let Ok(event) = Claude.decode(input) else { return };
    let ctx = Context::discover(std::path::Path::new("/nonexistent-fuzz-project"));
    let verdict = decide(&event, &Policy::default(), &ctx);
    let response = Claude.encode(&event, &verdict);
    if !response.stdout.is_empty() {
        assert!(serde_json::from_str::<serde_json::Value>(&response.stdout).is_ok_and(|v| v.is_object()));
    }
});
