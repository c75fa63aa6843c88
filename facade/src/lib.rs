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
