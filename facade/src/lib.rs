#![doc = include_str!("lib.md")]
//!
//! # This crate and `rfc3986-core`
//!
//! Every item of this crate is [`rfc3986-core`]'s, re-exported: the
//! grammars, the parsers, the types and the algorithms live there. This
//! crate adds the literals of [`rfc3986-macros`] with the `macros`
//! feature, which rfc3986-core cannot re-export: the macros run its parse
//! when they expand, so they depend on it.
//!
//! [`rfc3986-core`]: https://docs.rs/rfc3986-core
//! [`rfc3986-macros`]: https://docs.rs/rfc3986-macros

// `lib.md` is rfc3986-core's crate documentation (`src/lib.md` at the
// repository's root, linked here so that the package holds it). Its links
// to what a feature adds, where the feature is off: the same items on
// docs.rs, which documents every feature.
#![cfg_attr(
    not(feature = "iri"),
    doc = "[`Iri`]: https://docs.rs/rfc3986/latest/rfc3986/type.Iri.html"
)]
#![cfg_attr(
    not(feature = "template"),
    doc = "[`Template`]: https://docs.rs/rfc3986/latest/rfc3986/struct.Template.html"
)]
#![cfg_attr(
    not(feature = "derive"),
    doc = "[`Grammar`]: https://docs.rs/rfc3986/latest/rfc3986/derive.Grammar.html"
)]
#![cfg_attr(
    not(feature = "pest-parsers"),
    doc = "[`UriParser`]: https://docs.rs/rfc3986/latest/rfc3986/struct.UriParser.html"
)]
#![cfg_attr(
    not(feature = "macros"),
    doc = "[`uri!`]: https://docs.rs/rfc3986/latest/rfc3986/macro.uri.html"
)]
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
             rfc3986's `macros` feature: `features = [\"macros\"]` on the `rfc3986` dependency"
        )
    };
}
