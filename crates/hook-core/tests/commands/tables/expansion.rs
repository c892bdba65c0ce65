//! Opaque text fed to an executor, expansion as bash does it, and the analyser's limits (issues 14 and 15).

#[allow(unused_imports)]
use super::super::{Case, allow, ask, deny};

pub(crate) const CASES: &[Case] = &[];
