//! The parsers that the build script compiles from the grammars (see
//! `build/compiler`), and what they need at run time.
//!
//! Each grammar's parser is the same language, and records the same pairs,
//! as the parser `pest_derive` generates from the same files: `Uri::parse`
//! runs the compiled one, and the pest_derive one only to explain a failure.

use alloc::string::String;

#[doc(hidden)]
pub mod runtime;

/// Declares module `$name` holding the parser that the build script
/// compiled into `OUT_DIR/$file` (see `build/main.rs`), for the `Rule` type
/// of `$parser`, the pest_derive parser of the same grammar files, and a
/// `compare` of the two (see [`compare`]).
macro_rules! compiled_parser {
    ($(#[$doc:meta])* $name:ident, $file:literal, $rule:path, $parser:path) => {
        $(#[$doc])*
        #[allow(dead_code, non_snake_case, clippy::all, clippy::pedantic)]
        pub(crate) mod $name {
            use $rule;

            include!(concat!(env!("OUT_DIR"), "/", $file));

            /// Both variants, for a diagnosis.
            pub(crate) const PARSERS: crate::diagnose::Compiled<Rule, PAIRS> =
                crate::diagnose::Compiled {
                    run,
                    failure: failure_into,
                    rule_name,
                };

            /// Compares this parser with pest_derive's on `input` from
            /// `rule`: verdict, pairs and error.
            pub(crate) fn compare(rule: Rule, input: &str) -> Result<(), alloc::string::String> {
                let mut tree = tree(input);
                let matched = run(rule, &mut tree).is_some();
                crate::compiled::compare::<$parser, _, _, PAIRS>(
                    rule,
                    input,
                    matched.then(|| tree.nodes()),
                    || failure(rule, input),
                )
            }

            /// [`compare`] that panics on a difference, for the
            /// `verify-compiled` feature.
            #[cfg(feature = "verify-compiled")]
            pub(crate) fn verify(rule: Rule, input: &str) {
                let mut tree = tree(input);
                let matched = run(rule, &mut tree).is_some();
                crate::compiled::verify::<$parser, _, _, PAIRS>(
                    rule,
                    input,
                    matched.then(|| tree.nodes()),
                    || failure(rule, input),
                );
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

/// Compares the compiled parser's result for `input` from `entry` with
/// pest_derive's: the same verdict and the same pairs, in the same order;
/// and where both reject it, the same error (the furthest position at which
/// a rule failed, and the rules tried there), which `failure` gives from
/// the compiled parser's diagnostic variant. It makes no allocation of its
/// own beyond pest's parse, unless they differ.
///
/// # Errors
///
/// What each parser found, when they differ: that is a bug of the grammar
/// compiler.
pub(crate) fn compare<P, R, I, const N: usize>(
    entry: R,
    input: &str,
    compiled: Option<I>,
    failure: impl FnOnce() -> (runtime::Attempts<R, N>, Option<usize>),
) -> Result<(), String>
where
    P: pest::Parser<R>,
    R: pest::RuleType,
    I: Iterator<Item = runtime::Node<R>> + Clone,
{
    use alloc::vec::Vec;
    let derived = P::parse(entry, input);
    let same = match (&compiled, &derived) {
        (Some(nodes), Ok(pairs)) => nodes.clone().eq(crate::lower::pest_nodes(pairs.clone())),
        (None, Err(error)) => {
            let (attempts, end) = failure();
            return same_failure(entry, input, error, &attempts, end);
        }
        _ => false,
    };
    if same {
        return Ok(());
    }
    let compiled: Option<Vec<_>> = compiled.map(Iterator::collect);
    let derived: Option<Vec<_>> = derived
        .ok()
        .map(|pairs| crate::lower::pest_nodes(pairs).collect());
    Err(alloc::format!(
        "the compiled parser and pest_derive's disagree on {input:?} from {entry:?}:\n  compiled: {compiled:?}\n  pest_derive: {derived:?}"
    ))
}

/// Whether the diagnostic variant's record of a failed parse (`attempts`,
/// and `end`, which must be `None`) is pest's `error`.
fn same_failure<R: pest::RuleType, const N: usize>(
    entry: R,
    input: &str,
    error: &pest::error::Error<R>,
    attempts: &runtime::Attempts<R, N>,
    end: Option<usize>,
) -> Result<(), String> {
    use pest::error::{ErrorVariant, InputLocation};
    let pos = match error.location {
        InputLocation::Pos(pos) | InputLocation::Span((pos, _)) => pos,
    };
    let (positives, negatives): (&[R], &[R]) = match &error.variant {
        ErrorVariant::ParsingError {
            positives,
            negatives,
        } => (positives, negatives),
        ErrorVariant::CustomError { .. } => (&[], &[]),
    };
    if end.is_none()
        && attempts.pos() == pos
        && attempts.positives() == positives
        && attempts.negatives() == negatives
    {
        return Ok(());
    }
    Err(alloc::format!(
        "the compiled parser's diagnostic variant and pest_derive's parser disagree on the error for {input:?} from {entry:?}:\n  compiled: at {}, positives {:?}, negatives {:?}, end {end:?}\n  pest_derive: at {pos}, positives {positives:?}, negatives {negatives:?}",
        attempts.pos(),
        attempts.positives(),
        attempts.negatives(),
    ))
}

/// [`compare`] that panics on a difference. With the `verify-compiled`
/// feature, every `Uri::parse` and scheme parse calls it, so that every
/// string the test suite parses, and every error it meets, is a test of
/// the compiler.
///
/// # Panics
///
/// When the two parsers disagree.
#[cfg(feature = "verify-compiled")]
pub(crate) fn verify<P, R, I, const N: usize>(
    entry: R,
    input: &str,
    compiled: Option<I>,
    failure: impl FnOnce() -> (runtime::Attempts<R, N>, Option<usize>),
) where
    P: pest::Parser<R>,
    R: pest::RuleType,
    I: Iterator<Item = runtime::Node<R>> + Clone,
{
    if let Err(difference) = compare::<P, R, I, N>(entry, input, compiled, failure) {
        panic!("{difference}");
    }
}
