#![doc = include_str!("lib.md")]
//!
//! # This crate and `rfc3986`
//!
//! This is `rfc3986-core`, the package that holds the grammars, the
//! parsers and the algorithms. Users depend on [`rfc3986`], which
//! re-exports all of it, with the literals of `rfc3986-macros` (`uri!`)
//! beside it: a proc-macro that runs this crate's parse depends on this
//! crate, which therefore cannot re-export it.
//!
//! [`rfc3986`]: https://docs.rs/rfc3986
//! [`uri!`]: https://docs.rs/rfc3986/latest/rfc3986/macro.uri.html

// The map's links to what a feature adds, where the feature is off (the
// crate's docs at its default features): the same items on docs.rs, which
// documents every feature.
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
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

extern crate alloc;
// The standard library, with the `std` feature only: for what needs it
// (`Vars` for `HashMap`). `::std` is this crate (below), so it goes by
// another name.
#[cfg(feature = "std")]
extern crate std as host_std;

// The parsers pest_derive generates inside this crate (`UriParser`,
// `IriParser`, the schemes') name `::std::boxed::Box`,
// `::std::result::Result` and `::std::option::Option` when any crate of the
// build turns on pest_derive's `std` feature, and the `::alloc`/`::core`
// paths otherwise. Cargo unifies features across the whole dependency tree,
// so this crate cannot choose which. It is `no_std`, where `::std` names no
// crate: here it names this crate, whose root provides exactly those three
// modules, from `alloc` and `core`, in both configurations. Declaring the
// real `std` instead would tie the crate to targets that have one.
extern crate self as std;
// `#[derive(rfc3986::Grammar)]` generates code that names the crate as
// `::rfc3986`, in a user's crate and in this one, whose scheme types are
// derived the same way.
extern crate self as rfc3986;
#[allow(unused_imports)]
use alloc::boxed;
#[allow(unused_imports)]
use core::{option, result};

// The files of `src/` form layers, each importing only from the layers
// below it, so that each can be read, tested and changed without those
// above (`python3 ../shared/tools/layers.py` finds no import circle):
//
// - base: `role` (the roles a grammar gives its rules), `bounds` (the
//   one record of positions, and the checked `Bounds` it gives), `error`,
//   `pest_error`, `component`;
// - grammar: `grammar` (the pest_derive parsers, the `Rule` type and the
//   `UriRule` trait), `compiled` (the generated parsers, each with its
//   table of roles, and `compiled::runtime`, which the derive's generated
//   code calls too), `iri::grammar`, `chars`, `percent`, and `ip` (the
//   values of IP addresses, with `percent`'s hex digits);
// - parse: `lower` (the record written from a parse's pairs by role, and
//   the lowering that checks and reads it), `syntax`, `diagnose`, `parse`
//   (one path for any compiled grammar and entry role: capture, lowering,
//   diagnosis);
// - reference: `spec` (the marker types; its sealed trait names each
//   spec's compiled grammar and entry rules, and delegates to `parse`),
//   `authority`, `path`, `reference`;
// - algorithms: `resolve`, `relative`, `normalize`, `recompose`;
// - above them: `builder`, `query`, `iri`, `schemes`, `convert`,
//   `serde_impl`, `redact`, `checks` (containment, policies, lints and
//   suggested fixes, for URIs from untrusted hands), `any_error` (the crate-wide `Error`, which
//   each of their errors converts into) and `join` (which returns it);
//   then this root.
//
// `guide` is documentation only (the chapters of `docs/`), and imports
// nothing.
//
// `verify` (the comparisons with pest_derive's parsers) is reached only
// from the tests, through `__private`, and, under the `verify-compiled`
// feature only, from `parse`: `verify` itself (one grammar's comparisons)
// imports the parse layer and below, and `verify::schemes`, which reaches
// the specs and the scheme types, is the top.
mod any_error;
mod authority;
mod bounds;
mod builder;
mod chars;
mod checks;
// `#[macro_use]`: the roles macro its generated code declares
// (`__uri_rule_roles!`) is named by the scheme modules below, which a
// macro declared by an `include!` can only be, by its name.
#[macro_use]
mod compiled;
mod component;
mod convert;
mod diagnose;
mod error;
mod grammar;
pub mod guide;
mod ip;
#[cfg(feature = "iri")]
mod iri;
mod join;
mod literal;
mod lower;
mod normalize;
mod parse;
mod path;
mod percent;
mod pest_error;
mod query;
mod recompose;
mod redact;
mod reference;
mod relative;
mod resolve;
mod role;
pub mod schemes;
#[cfg(feature = "serde")]
mod serde_impl;
pub mod spec;
mod syntax;
#[cfg(feature = "template")]
#[cfg_attr(docsrs, doc(cfg(feature = "template")))]
pub mod template;
#[cfg(feature = "pest-parsers")]
mod verify;

/// Not public API: what the code `#[derive(Grammar)]` generates calls, and
/// what this crate's own tests and fuzz targets reach into.
#[doc(hidden)]
pub mod __private {
    pub use crate::compiled::runtime;
    pub use crate::compiled::{failure, CompiledGrammar};
    pub use crate::literal::{bounds as literal_bounds, expansion as literal_expansion};
    pub use crate::literal::{raw_bounds, LiteralError, LiteralKind};
    pub use crate::schemes::grammar::{parse_grammar, parse_pairs};
    pub use crate::schemes::pest_violation;

    #[cfg(feature = "grammar-literals")]
    pub use crate::literal::grammar::{
        GrammarFacts, GrammarLiteral, GrammarMatcher, LiteralParse, NamedRule,
    };

    // Empty without `pest-parsers`.
    #[cfg(feature = "template")]
    #[allow(unused_imports)]
    pub use crate::template::private::*;
    #[cfg(feature = "pest-parsers")]
    pub use crate::verify::schemes::{
        compare_all, compare_capture, compare_derived, compare_errors, compare_held,
    };
    #[cfg(feature = "pest-parsers")]
    pub use crate::verify::{compare_iri, compare_uri, error_detail, iri_starts, uri_starts};

    /// The character tables derived from `uri.pest`.
    pub mod chars {
        pub use crate::chars::*;
    }

    /// The character tables derived from `uri.pest` and `iri.pest`.
    #[cfg(feature = "iri")]
    pub mod iri_chars {
        pub use crate::chars::iri::*;
    }
}

/// A fixed-seed xorshift generator (Marsaglia's 13, 7, 17), for the unit
/// tests that want many varied inputs, the same ones every run.
#[cfg(test)]
pub(crate) fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

/// The README's examples, run as doctests so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub use any_error::Error;
pub use authority::{Authority, Host};
#[cfg(feature = "iri")]
pub use builder::IriBuilder;
pub use builder::{BuildError, Builder, UriBuilder};
pub use checks::lints::{Lint, LintKind, LintNameError, Severity};
pub use checks::policy::{Policy, PolicyError, Violation, ViolationKind};
pub use checks::suggest::{Fix, FixKind, Suggestion};
pub use checks::within::WithinError;
pub use component::Component;
pub use convert::ConvertError;
pub use error::{ErrorKind, ParseError};
#[cfg(feature = "pest-parsers")]
#[cfg_attr(docsrs, doc(cfg(feature = "pest-parsers")))]
pub use grammar::UriParser;
pub use grammar::{parse_rule, Rule, UriRule};
#[cfg(feature = "idna")]
pub use iri::IdnaError;
#[cfg(feature = "pest-parsers")]
#[cfg_attr(docsrs, doc(cfg(feature = "pest-parsers")))]
pub use iri::IriParser;
#[cfg(feature = "iri")]
#[cfg_attr(docsrs, doc(cfg(feature = "iri")))]
pub use iri::IriRule;
pub use path::remove_dot_segments;
#[doc(hidden)]
pub use path::remove_dot_segments_trace;
pub use percent::{
    percent_decode, percent_decode_lenient, percent_decode_utf8, percent_encode,
    percent_encode_bytes, DecodeError,
};
pub use query::{AsQueryPair, FormPairs, QueryPairs};
pub use redact::Redacted;
pub use reference::{Absolute, AbsoluteUri, Input, Owned, PathSegments, Reference, Storage, Uri};
#[cfg(feature = "iri")]
pub use reference::{AbsoluteIri, Iri};
pub use resolve::ResolveError;
#[cfg(feature = "derive")]
#[cfg_attr(docsrs, doc(cfg(feature = "derive")))]
#[doc = include_str!("derive.md")]
pub use rfc3986_derive::Grammar;
pub use role::Role;
#[cfg(feature = "template")]
#[cfg_attr(docsrs, doc(cfg(feature = "template")))]
pub use template::at_root::*;

/// Parses `input` with a parser derived from `uri.pest` (alone, or with
/// rules of your own), starting at `entry`, and lowers the parse tree into a
/// [`Uri`].
///
/// `entry` must match the whole input (anchor it between `SOI` and `EOI`)
/// and must contain the RFC rules that make up a URI reference, by way of
/// `URI_reference`, `URI`, `absolute_URI` or `relative_ref`. The lowering
/// descends through rules it does not know, so those RFC rules may sit inside
/// rules of your own. [`Uri::parse`] is
/// `parse_with::<UriParser, Rule>(Rule::uri_reference_input, input)`.
///
/// # Errors
///
/// A [`ParseError`] when the grammar rejects the input, when a port is
/// above 65535, or ([`ErrorKind::Grammar`]) when the parse tree lacks
/// the components of a URI reference.
///
/// The error is at the byte [`Uri::parse`] names, the furthest a token of
/// the parse reached, where pest records it: with its error detail on
/// (`pest::set_error_detail(true)`, a process-wide switch this crate does
/// not turn for you). Without it, pest records only the furthest byte at
/// which a rule failed, which can be short of it (the `%` of `%g0`, where
/// `Uri::parse` names the `g`).
///
/// ```
/// use rfc3986::{parse_with, ErrorKind, Rule, Uri, UriParser};
///
/// let uri = parse_with::<UriParser, Rule>(Rule::uri_reference_input, "http://a/b?c")?;
/// assert_eq!(uri, Uri::parse("http://a/b?c")?);
/// // From the grammar's `URI` entry, a relative reference fails.
/// let err = parse_with::<UriParser, Rule>(Rule::uri_input, "/b").unwrap_err();
/// assert_eq!(err.offset(), 0);
/// # Ok::<(), rfc3986::Error>(())
/// ```
pub fn parse_with<P, R>(entry: R, input: &str) -> Result<Uri<&str>, ParseError>
where
    P: pest::Parser<R>,
    R: UriRule,
{
    match P::parse(entry, input) {
        Ok(pairs) => lower::lower(input, lower::pest_nodes(pairs))
            .map(|bounds| Uri::from_bounds(input, bounds)),
        Err(_) => Err(diagnose::diagnose(
            &diagnose::Derived::<P>::PARSERS,
            &syntax::URI,
            entry,
            input,
        )),
    }
}
