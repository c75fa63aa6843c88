//! Scheme grammars: the crate's own (`file`, `http` and `https`, `mailto`,
//! `urn`, each checked on the examples of its RFC), a user's
//! (`examples/custom_scheme.rs`), and `#[derive(rfc3986::Grammar)]` on
//! users' grammars (`tests/grammars/user/`) against pest_derive's parsers
//! of the same files.

mod custom_scheme;
mod derive;
mod file;
mod http;
mod mailto;
mod urn;
