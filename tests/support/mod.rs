//! Helpers shared by the integration tests. Each test file uses part of
//! them, so unused items are expected.
#![allow(dead_code)]

pub mod corpus;
pub mod differential;
pub mod generate;
pub mod iri;
pub mod recompose;
