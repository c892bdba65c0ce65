//! What an untrusted project policy can and cannot change about a verdict (issue 16).

#[allow(unused_imports)]
use super::super::{Case, allow, ask, deny};

pub(crate) const CASES: &[Case] = &[];
