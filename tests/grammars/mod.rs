//! The grammars and the code made from them: `uri.pest` is RFC 3986
//! Appendix A (`grammar.rs`), its IPv6address the RFC's alternatives
//! merged (`ipv6.rs`); the character tables (`chars.rs`) and the
//! compiled parsers (`compiled.rs`) the build script makes from the
//! grammars are the grammars, nothing more; and the grammar compiler
//! itself, on the small conformance grammars of this folder (`*.pest`,
//! `compiler.rs`). `user/` holds the users' grammars that
//! `schemes/derive.rs` derives.
//!
//! The conformance grammars and `compiler.rs` stay here, in the
//! integration binary, rather than in `generator/tests/` beside the
//! compiler: they run through `#[derive(rfc3986::Grammar)]` and
//! `rfc3986::__private`, so there they would need `rfc3986` (and
//! pest_derive) as dev-dependencies of the generator: a second test binary
//! linking the crate, and `cargo test -p rfc3986-generator` building the
//! whole crate. And `.ci/run` tests only this package with default
//! features and with the dependencies' features an application shares
//! (pest_derive's `grammar-extras` among them, which changes the tree the
//! compiler is given): there they would no longer run.

mod chars;
mod compiled;
pub mod compiler;
mod generated;
mod grammar;
mod ipv6;
