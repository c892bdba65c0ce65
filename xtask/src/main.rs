//! `cargo xtask`: the project's build tasks (bench, dist, tidy).

fn main() {}
