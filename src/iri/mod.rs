//! Internationalized Resource Identifiers (RFC 3987).

mod grammar;

pub use grammar::{IriParser, IriRule};
pub(crate) use grammar::{chars, compare_iri, compiled};
