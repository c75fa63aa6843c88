#![doc = include_str!("../README.md")]
//!
//! # This crate and `rfc3986-core`
//!
//! Every item of this crate is [`rfc3986-core`]'s, re-exported: the
//! grammars, the parsers, the types and the algorithms live there, and
//! its crate documentation is the guide to them. This crate adds the
//! literals of [`rfc3986-macros`] with the `macros` feature, which
//! rfc3986-core cannot re-export: the macros run its parse when they
//! expand, so they depend on it.
//!
//! [`rfc3986-core`]: https://docs.rs/rfc3986-core
//! [`rfc3986-macros`]: https://docs.rs/rfc3986-macros

#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

#[doc(inline)]
pub use rfc3986_core::*;

// `uri!`, `iri!`, `absolute_uri!` and `absolute_iri!` (the `macros`
// feature): a `const`-usable reference of a string literal, checked by the
// crate's parse when the macro expands.
#[cfg(feature = "macros")]
#[doc(inline)]
pub use rfc3986_macros::{absolute_iri, absolute_uri, iri, uri};

// What the macro of a derived grammar's `#[literal_macro = "..."]` expands
// to: the check of a literal of the grammar, in rfc3986-macros.
#[cfg(feature = "macros")]
#[doc(hidden)]
pub use rfc3986_macros::__grammar_literal;

// Without the `macros` feature, the same macro says what it needs.
#[cfg(not(feature = "macros"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __grammar_literal {
    ($($input:tt)*) => {
        ::core::compile_error!(
            "a literal of a derived grammar (`#[literal_macro = \"...\"]`) is checked by \
             rfc3986's `macros` feature: rfc3986 = { version = \"0.1\", features = [\"macros\"] }"
        )
    };
}
