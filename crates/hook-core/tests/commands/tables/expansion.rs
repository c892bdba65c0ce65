//! Opaque text fed to an executor and expansion exactly as bash does it (issue 14, classes 1-2).

#[allow(unused_imports)]
use super::super::{Case, allow, ask, deny};

pub(crate) const CASES: &[Case] = &[];
