//! Compiled grammars: what `rfc3986-generator` makes of a grammar, as one
//! kind of value ([`CompiledGrammar`]), and what its parsers need at run
//! time ([`runtime`]).
//!
//! Every grammar is compiled the same way, by the same generator entry:
//! the crate's two (`uri.pest`, and `uri.pest` + `iri.pest`), which the
//! build script compiles into modules [`uri`] and [`iri`] here, and each
//! grammar `#[derive(rfc3986::Grammar)]` compiles, the crate's scheme
//! types' and users'. Each implements [`CompiledGrammar`] for a type of
//! its own; the library's parse, lowering, diagnosis and errors are
//! written once, generic over it.
//!
//! Each grammar's parser is the same language, and records the same pairs,
//! as the parser `pest_derive` generates from the same files: the library
//! runs the compiled one, and the comparisons (`verify`) the pest_derive
//! one.
//!
//! Grammar layer: this module and [`runtime`] import only `grammar` (the
//! `Rule` types and the `UriRule` trait), `role` (the roles a rule can
//! play) and the character classes below them, never the lowering or the
//! diagnosis. It owns `impl_uri_rule!`, which expands to the roles macro
//! the uri grammar's generated module declares.

#[doc(hidden)]
pub mod runtime;

pub use runtime::CompiledGrammar;
use runtime::{Attempts, PairBuffer, Parse};

// The crate's grammars, each a module holding its compiled parser and the
// type that implements `CompiledGrammar` for it (`Grammar`), as the build
// script writes them (see `build/main.rs`).
// (Each module is `#[macro_use]`: see `mod compiled` in lib.rs.)
include!(concat!(env!("OUT_DIR"), "/grammars.rs"));

/// Implements [`UriRule`](crate::UriRule) for the `Rule` type of a parser derived from a
/// grammar that includes `uri.pest` with its rule names unchanged: each
/// rule plays the role `uri.pest` gives it (the `Role:` lines of the
/// file, which the build script reads into this macro).
///
/// ```
/// // pest_derive's generated code uses `alloc` when pest is built without
/// // its `std` feature, as this crate builds it.
/// extern crate alloc;
///
/// use pest_derive::Parser;
///
/// #[derive(Parser)]
/// #[grammar = "../uri.pest"] // the path is relative to `src/`
/// #[grammar_inline = r#"
/// ftp_input = { SOI ~ &(^"ftp:") ~ URI ~ EOI }
/// "#]
/// struct FtpParser;
///
/// rfc3986::impl_uri_rule!(Rule);
///
/// fn main() -> Result<(), rfc3986::ParseError> {
///     let uri = rfc3986::parse_with::<FtpParser, Rule>(Rule::ftp_input, "ftp://example.com/pub")?;
///     assert_eq!(uri.host_str(), Some("example.com"));
///     assert!(rfc3986::parse_with::<FtpParser, Rule>(Rule::ftp_input, "http://example.com/").is_err());
///     Ok(())
/// }
/// ```
#[macro_export]
macro_rules! impl_uri_rule {
    ($rule:ident) => {
        $crate::__uri_rule_roles!($rule);
    };
}

/// One of the crate's grammars, whose pest_derive parser of the same files
/// (`UriParser`, `IriParser`, with the `pest-parsers` feature) the
/// comparisons (`verify`) check the compiled one against. The build script
/// implements it with the grammar.
pub trait Oracle: CompiledGrammar {
    /// pest_derive's parser of the grammar.
    #[cfg(feature = "pest-parsers")]
    type Parser: pest::Parser<Self::Rule>;
}

/// A parse of `input` by `G` about to start, recording the full pairs.
#[inline(always)]
pub(crate) fn tree<G: CompiledGrammar>(input: &str) -> Parse<'_, G::Buffer> {
    Parse::with_sink(input, G::Buffer::empty(G::FILLER))
}

/// `G`'s fast variant into the full pairs of `tree`: the end of the
/// match, or `None` where pest fails.
#[inline(always)]
pub(crate) fn run<G: CompiledGrammar>(
    rule: G::Rule,
    tree: &mut Parse<'_, G::Buffer>,
) -> Option<usize> {
    G::run_with(rule, tree)
}

/// `G`'s fast variant into `parse`'s sink, as a call of its own,
/// dispatching on `rule` there: for a caller that takes the rule as a
/// parameter (a derived grammar's parse), whose own body then stays small
/// enough to be inlined into its callers.
#[inline(never)]
pub(crate) fn run_outlined<G: CompiledGrammar, K: runtime::Sink<G::Rule>>(
    rule: G::Rule,
    parse: &mut Parse<'_, K>,
) -> Option<usize> {
    G::run_with(rule, parse)
}

/// How many bytes at the start of `input` `rule` of `G` matches, recording
/// nothing; `None` where it fails.
#[inline]
pub(crate) fn match_len<G: CompiledGrammar>(rule: G::Rule, input: &str) -> Option<usize> {
    G::run_with(rule, &mut Parse::with_sink(input, ()))
}

/// What pest's parser records for the error of a failed parse of `input`
/// from `rule` of `G`, with its lists of rules and the full pairs where
/// `EOI` failed furthest.
#[inline(never)]
pub fn failure<G: CompiledGrammar>(
    rule: G::Rule,
    input: &str,
) -> (Attempts<G::Rule, true, G::Buffer>, Option<usize>) {
    let mut attempts = Attempts::new(G::FILLER);
    let end = G::failure_with(rule, input, G::Buffer::empty(G::FILLER), &mut attempts);
    (attempts, end)
}
