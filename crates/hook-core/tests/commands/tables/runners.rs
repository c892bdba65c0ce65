//! Indirect runners, interpreters and the built-in packs' gaps (issue 14).

#[allow(unused_imports)]
use super::super::{Case, allow, ask, deny};

pub(crate) const CASES: &[Case] = &[];
