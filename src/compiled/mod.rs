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
/// of the pest_derive parser of the same grammar files, `$rule`.
macro_rules! compiled_parser {
    ($(#[$doc:meta])* $name:ident, $file:literal, $rule:path) => {
        $(#[$doc])*
        #[allow(dead_code, non_snake_case, clippy::all, clippy::pedantic)]
        pub(crate) mod $name {
            use $rule;

            include!(concat!(env!("OUT_DIR"), "/", $file));
        }
    };
}
pub(crate) use compiled_parser;

compiled_parser!(
    /// The parser compiled from `uri.pest`.
    uri,
    "uri.rs",
    crate::grammar::Rule
);

/// Compares the compiled parser's result for `input` from `entry` with
/// pest_derive's: the same verdict and the same pairs, in the same order.
/// It makes no allocation of its own beyond pest's parse, unless they
/// differ.
///
/// # Errors
///
/// What each parser found, when they differ: that is a bug of the grammar
/// compiler.
pub(crate) fn compare<P, R, I>(entry: R, input: &str, compiled: Option<I>) -> Result<(), String>
where
    P: pest::Parser<R>,
    R: pest::RuleType,
    I: Iterator<Item = runtime::Node<R>> + Clone,
{
    use alloc::vec::Vec;
    let derived = P::parse(entry, input).ok();
    let same = match (&compiled, &derived) {
        (Some(nodes), Some(pairs)) => nodes.clone().eq(crate::lower::pest_nodes(pairs.clone())),
        (None, None) => true,
        _ => false,
    };
    if same {
        return Ok(());
    }
    let compiled: Option<Vec<_>> = compiled.map(Iterator::collect);
    let derived: Option<Vec<_>> = derived.map(|pairs| crate::lower::pest_nodes(pairs).collect());
    Err(alloc::format!(
        "the compiled parser and pest_derive's disagree on {input:?} from {entry:?}:\n  compiled: {compiled:?}\n  pest_derive: {derived:?}"
    ))
}

/// [`compare`] that panics on a difference. With the `verify-compiled`
/// feature, every `Uri::parse` and scheme parse calls it, so that every
/// string the test suite parses is a test of the compiler.
///
/// # Panics
///
/// When the two parsers disagree.
#[cfg(feature = "verify-compiled")]
pub(crate) fn verify<P, R, I>(entry: R, input: &str, compiled: Option<I>)
where
    P: pest::Parser<R>,
    R: pest::RuleType,
    I: Iterator<Item = runtime::Node<R>> + Clone,
{
    if let Err(difference) = compare::<P, R, I>(entry, input, compiled) {
        panic!("{difference}");
    }
}

/// Compares the compiled and pest_derive parsers of `uri.pest` on `input`
/// from `rule`.
///
/// # Errors
///
/// What each found, when they differ.
pub fn compare_uri(rule: crate::Rule, input: &str) -> Result<(), String> {
    let mut tree = uri::tree(input);
    let matched = uri::run(rule, &mut tree).is_some();
    compare::<crate::UriParser, _, _>(rule, input, matched.then(|| tree.nodes()))
}

/// Compares the compiled and pest_derive parsers of `uri.pest`, of
/// `uri.pest` + `iri.pest` and of each scheme grammar on `input`, each from
/// its entry rules (`uri_reference_input` and `uri_input`,
/// `iri_reference_input`, `http_input`, `mailto_input`, `to_input`,
/// `urn_input`, `file_input`).
///
/// # Errors
///
/// The first difference.
pub fn compare_all(input: &str) -> Result<(), String> {
    compare_uri(crate::Rule::uri_reference_input, input)?;
    compare_uri(crate::Rule::uri_input, input)?;
    crate::iri::compare_iri(crate::IriRule::iri_reference_input, input)?;
    crate::schemes::http::compare(input)?;
    crate::schemes::mailto::compare(input)?;
    crate::schemes::urn::compare(input)?;
    crate::schemes::file::compare(input)
}
