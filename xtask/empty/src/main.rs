//! The cost of starting a process and doing nothing: the baseline of `cargo xtask bench`.

fn main() {}
