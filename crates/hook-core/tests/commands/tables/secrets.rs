//! Secrets and self-protection: real files, searches, uploads, credentials, persistence (issue 17).

#[allow(unused_imports)]
use super::super::{Case, allow, ask, deny};

pub(crate) const CASES: &[Case] = &[];
