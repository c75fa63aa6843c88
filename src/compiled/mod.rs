//! The parsers that the build script compiles from the grammars (with
//! `rfc3986-generator`), and what they need at run time, which the parsers
//! `#[derive(rfc3986::Grammar)]` compiles use too.
//!
//! Each grammar's parser is the same language, and records the same pairs,
//! as the parser `pest_derive` generates from the same files: `Uri::parse`
//! runs the compiled one, and the pest_derive one only to explain a failure.

#[doc(hidden)]
pub mod runtime;

/// Declares module `$name` holding the parser that the build script
/// compiled into `OUT_DIR/$file` (see `build/main.rs`), for the `Rule` type
/// of `$parser`, the pest_derive parser of the same grammar files, with its
/// entry points as one value ([`Entries`]).
macro_rules! compiled_parser {
    ($(#[$doc:meta])* $name:ident, $file:literal, $rule:path, $parser:path) => {
        $(#[$doc])*
        #[allow(dead_code, non_snake_case, clippy::all, clippy::pedantic)]
        pub(crate) mod $name {
            use $rule;

            include!(concat!(env!("OUT_DIR"), "/", $file));

            /// Both variants, for the comparisons.
            pub(crate) const PARSERS: crate::compiled::Entries<Rule, PAIRS> =
                crate::compiled::Entries {
                    run,
                    failure: failure_into,
                    rule_name,
                    rules: RULES,
                };

            /// Both variants, for a diagnosis: [`PARSERS`], and the
            /// diagnostic variant recording into the lowering's slots
            /// ([`held`]).
            pub(crate) const OWN: crate::diagnose::Own<Rule, PAIRS> =
                crate::diagnose::Own {
                    parsers: PARSERS,
                    held,
                    furthest,
                    kept,
                    reach,
                };

            /// The diagnostic variant recording nothing: the furthest
            /// position, for a diagnosis that lowers the slots the fast
            /// variant kept ([`kept`]).
            #[inline(never)]
            fn furthest(
                rule: Rule,
                input: &str,
                a: &mut rt::Attempts<Rule, PAIRS, false, ()>,
            ) -> Option<usize> {
                failure_with(rule, input, (), a)
            }

            /// The slots a parse of `input` from `rule`, an entry rule that
            /// tiles its input, kept where `EOI` failed furthest, as
            /// `Uri::parse` gets them; `None` where it matched, or never
            /// reached `EOI`.
            fn kept<'i>(rule: Rule, input: &'i str) -> Option<crate::lower::Kept<'i>> {
                let mut parse = rt::Parse::with_sink(input, crate::lower::Capture::<true>::new(input));
                match run_with(rule, &mut parse) {
                    Some(_) => None,
                    None => parse.pairs.kept().copied(),
                }
            }

            /// The diagnostic variant without pest's lists of rules,
            /// recording into the lowering's slots: the furthest position,
            /// and the slots where `EOI` failed there, which is all a
            /// diagnosis of this grammar reads.
            #[inline(never)]
            fn held<'i>(
                rule: Rule,
                input: &'i str,
                a: &mut rt::Attempts<Rule, PAIRS, false, crate::lower::Held<'i>>,
            ) -> Option<usize> {
                failure_with(rule, input, crate::lower::Held::new(input), a)
            }
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
pub struct Entries<R: 'static, const N: usize> {
    /// The fast variant, recording the full pairs.
    pub run: for<'i> fn(R, &mut runtime::Tree<'i, R, N>) -> Option<usize>,
    /// The diagnostic variant.
    pub failure: fn(R, &str, &mut runtime::Attempts<R, N>) -> Option<usize>,
    /// The rules' names, as the RFCs write them.
    pub rule_name: fn(R) -> &'static str,
    /// Every rule, `EOI` too.
    pub rules: &'static [R],
}
