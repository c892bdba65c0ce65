//! Input shaped to hit the analyser's bounds rather than its rules: each limit asks (issue 15).

#[allow(unused_imports)]
use super::super::{Case, allow, ask, deny};

pub(crate) const CASES: &[Case] = &[];
