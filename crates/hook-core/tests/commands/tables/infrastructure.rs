//! The data and infrastructure packs: databases, Kubernetes, IaC, cloud CLIs, containers, hosting (issue 19).

#[allow(unused_imports)]
use super::super::{Case, allow, ask, deny};

pub(crate) const CASES: &[Case] = &[];
