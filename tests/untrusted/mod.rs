//! Checks on URIs from untrusted hands: containment, policies, lints and
//! suggested fixes (`src/checks/`).

mod lints;
mod policy;
mod suggest;
mod within;
