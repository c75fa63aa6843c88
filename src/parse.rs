//! The entry points of a parse of the crate's grammars: what
//! [`Spec`](crate::spec::Spec)'s parse of a reference, or of an absolute
//! one, runs. The compiled parser's capture variant fills the lowering's
//! slots as it matches; the slots are lowered, and a rejected input is
//! diagnosed.
//!
//! The top of the parse layer: it imports the lowering, the diagnosis's
//! wiring ([`crate::parsers`]) and the compiled parsers; `spec` (the
//! reference layer) calls it. With the `verify-compiled` feature, and only
//! then, it calls up into `verify` to check each parse and each error
//! against pest_derive's parsers.

use crate::bounds::Bounds;
use crate::compiled::runtime::Parse;
use crate::error::ParseError;
use crate::grammar::Rule;
use crate::iri::IriRule;
use crate::lower::{captured_tiled, lower, KeptSlots, SlotRecorder};
use crate::parsers::{IRI_TILES, URI_TILES};

/// The bounds of `text` as a URI reference (`uri_reference_input`).
#[inline(always)]
pub(crate) fn uri_reference(text: &str) -> Result<Bounds, ParseError> {
    parse_uri::<{ URI_TILES[0] }>(Rule::uri_reference_input, text, |text, kept| {
        uri_error(Rule::uri_reference_input, text, kept)
    })
}

/// The bounds of `text` as an absolute URI (`uri_input`).
#[inline(always)]
pub(crate) fn absolute_uri(text: &str) -> Result<Bounds, ParseError> {
    parse_uri::<{ URI_TILES[1] }>(Rule::uri_input, text, |text, _| not_a_uri(text))
}

/// The bounds of `text` as an IRI reference (`iri_reference_input`).
#[inline(always)]
pub(crate) fn iri_reference(text: &str) -> Result<Bounds, ParseError> {
    parse_iri::<{ IRI_TILES[0] }>(IriRule::iri_reference_input, text, |text, kept| {
        iri_error(IriRule::iri_reference_input, text, kept)
    })
}

/// The bounds of `text` as an absolute IRI (`iri_input`).
#[inline(always)]
pub(crate) fn absolute_iri(text: &str) -> Result<Bounds, ParseError> {
    parse_iri::<{ IRI_TILES[1] }>(IriRule::iri_input, text, |text, _| not_an_iri(text))
}

/// The error of `input`, which the compiled parser of the URI grammar
/// rejects from `entry` ([`parsers::uri_diagnosis`]); with the
/// `verify-compiled` feature, checked against pest_derive's.
///
/// # Panics
///
/// With `verify-compiled`, when the two differ.
fn uri_error(entry: Rule, input: &str, kept: Option<&KeptSlots<'_>>) -> ParseError {
    #[cfg(feature = "verify-compiled")]
    return crate::verify::uri_error(entry, input, kept);
    #[cfg(not(feature = "verify-compiled"))]
    crate::parsers::uri_diagnosis(entry, input, kept)
}

/// [`uri_error`] for the IRI grammar.
///
/// # Panics
///
/// With `verify-compiled`, when the two differ.
fn iri_error(entry: IriRule, input: &str, kept: Option<&KeptSlots<'_>>) -> ParseError {
    #[cfg(feature = "verify-compiled")]
    return crate::verify::iri_error(entry, input, kept);
    #[cfg(not(feature = "verify-compiled"))]
    crate::parsers::iri_diagnosis(entry, input, kept)
}

/// Why `input` is not an absolute URI; with `verify-compiled`, checked
/// against pest_derive's.
///
/// # Panics
///
/// With `verify-compiled`, when the two differ.
fn not_a_uri(input: &str) -> ParseError {
    #[cfg(feature = "verify-compiled")]
    return crate::verify::not_a_uri(input);
    #[cfg(not(feature = "verify-compiled"))]
    crate::parsers::not_a_uri_diagnosis(input)
}

/// [`not_a_uri`] for an absolute IRI.
///
/// # Panics
///
/// With `verify-compiled`, when the two differ.
fn not_an_iri(input: &str) -> ParseError {
    #[cfg(feature = "verify-compiled")]
    return crate::verify::not_an_iri(input);
    #[cfg(not(feature = "verify-compiled"))]
    crate::parsers::not_an_iri_diagnosis(input)
}

/// A parse through a compiled grammar's capture variant (`$parse`), and
/// the lowering of its full pairs where the capture cannot tell (`$full`),
/// for one grammar: `uri.pest`, or `uri.pest` + `iri.pest`.
macro_rules! capture_parse {
    ($(#[$doc:meta])* $parse:ident, $full:ident, $compiled:path, $rule:ty, $oracle:ty) => {
        $(#[$doc])*
        #[inline(always)]
        fn $parse<const TILED: bool>(
            entry: $rule,
            text: &str,
            rejected: fn(&str, Option<&KeptSlots<'_>>) -> ParseError,
        ) -> Result<Bounds, ParseError> {
            use $compiled as compiled;
            let mut parse = Parse::with_sink(text, SlotRecorder::<TILED>::new(text));
            let matched = compiled::run_with(entry, &mut parse).is_some();
            #[cfg(feature = "verify-compiled")]
            {
                crate::verify::verify_entries::<$oracle, _, { compiled::PAIRS }>(
                    &compiled::PARSERS,
                    entry,
                    text,
                );
                if let Err(difference) = crate::verify::compare_capture(text) {
                    panic!("{difference}");
                }
            }
            if !matched {
                return Err(rejected(text, parse.pairs.kept()));
            }
            match captured_tiled::<TILED>(&parse.pairs.slots) {
                Some(bounds) => bounds,
                None => $full(entry, text),
            }
        }

        /// The lowering of the full pairs, where a capture cannot tell.
        #[cold]
        #[inline(never)]
        fn $full(entry: $rule, text: &str) -> Result<Bounds, ParseError> {
            use $compiled as compiled;
            let mut tree = compiled::tree(text);
            compiled::run(entry, &mut tree);
            lower(text, tree.nodes())
        }
    };
}

capture_parse!(
    /// The bounds of `text` from `entry` of `uri.pest`: the compiled
    /// parser's capture variant, which fills the lowering's slots as it
    /// matches, then the lowering of those slots (without the shape checks
    /// where `TILED`); `rejected`'s error (the diagnosis, given the slots
    /// the capture kept where `EOI` failed) when the grammar rejects it.
    parse_uri,
    full_uri,
    crate::compiled::uri,
    Rule,
    crate::grammar::UriParser
);

capture_parse!(
    /// [`parse_uri`] with `uri.pest` + `iri.pest`.
    parse_iri,
    full_iri,
    crate::iri::compiled,
    IriRule,
    crate::iri::IriParser
);
