//! The parsers that the build script compiles from the grammars (with
//! `rfc3986-generator`), and what they need at run time, which the parsers
//! `#[derive(rfc3986::Grammar)]` compiles use too.
//!
//! Each grammar's parser is the same language, and records the same pairs,
//! as the parser `pest_derive` generates from the same files: `Uri::parse`
//! runs the compiled one, and the pest_derive one only to explain a failure.
//!
//! Grammar layer: this module and [`runtime`] import only `grammar` (the
//! `Rule` types), never the lowering or the diagnosis. Wiring a parser to
//! the recorders of the lowering and to the diagnosis is the parse layer's
//! job (`crate::parsers`).

#[doc(hidden)]
pub mod runtime;

/// Declares module `$name` holding the parser that the build script
/// compiled into `OUT_DIR/$file` (see `build/main.rs`), for the `Rule` type
/// of `$parser`, the pest_derive parser of the same grammar files, with its
/// entry points as one value ([`ParserEntries`]).
macro_rules! compiled_parser {
    ($(#[$doc:meta])* $name:ident, $file:literal, $rule:path, $parser:path) => {
        $(#[$doc])*
        #[allow(dead_code, non_snake_case, clippy::all, clippy::pedantic)]
        pub(crate) mod $name {
            use $rule as Rule;

            include!(concat!(env!("OUT_DIR"), "/", $file));

            /// Both variants, for the comparisons.
            pub(crate) const PARSERS: crate::compiled::ParserEntries<Rule, PAIRS> =
                crate::compiled::ParserEntries {
                    run,
                    failure: failure_into,
                    rule_name,
                    holds_delimiter,
                    rules: RULES,
                };
        }
    };
}
pub(crate) use compiled_parser;

compiled_parser!(
    /// The parser compiled from `uri.pest`.
    uri,
    "uri.rs",
    crate::grammar::Rule,
    crate::grammar::UriParser
);

/// A grammar's compiled parser (see `rfc3986-generator`), as its entry
/// points: `run` is its fast variant (into a full tree), `failure` its
/// diagnostic one, and `rule_name` names its rules as the RFCs write them.
///
/// Public (hidden) because `#[derive(rfc3986::Grammar)]` builds one in the
/// user's crate, where the crate's parse and diagnosis take it.
pub struct ParserEntries<R: 'static, const N: usize> {
    /// The fast variant, recording the full pairs.
    pub run: for<'i> fn(R, &mut runtime::Tree<'i, R, N>) -> Option<usize>,
    /// The diagnostic variant.
    pub failure: fn(R, &str, &mut runtime::Attempts<R, N>) -> Option<usize>,
    /// The rules' names, as the RFCs write them.
    pub rule_name: fn(R) -> &'static str,
    /// Whether a match of a rule can hold a byte at which RFC 3986 ends or
    /// starts a component (`:` `/` `?` `#` `@`), decided from the grammar
    /// by the generator: only such a rule's pair can run across one.
    pub holds_delimiter: fn(R) -> bool,
    /// Every rule, `EOI` too.
    pub rules: &'static [R],
}
