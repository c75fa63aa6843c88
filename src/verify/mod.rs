//! The comparisons between the two parsers generated from each grammar: the
//! compiled one, which the crate runs, and pest_derive's, the oracle. They
//! must give the same verdict, the same pairs, the same record of a failure
//! (the furthest byte and the rules tried there) and, through the
//! diagnosis, the same error.
//!
//! This module and [`schemes`] sit above everything they compare: the
//! parsers, the diagnosis, and the URI, IRI and scheme types. The tests and
//! fuzz targets reach it through `__private`; with the `verify-compiled`
//! feature every parse and every error of the crate goes through it too.
//!
//! pest_derive's parsers run here with pest's error detail on
//! ([`error_detail`]), so that their errors record the furthest byte a
//! token reached, which the compiled parsers' errors name.

use alloc::string::String;

use crate::compiled::runtime::{Attempts, Node, Tree};
use crate::compiled::ParserEntries;
use crate::diagnose::{self, Derived};
use crate::error::ParseError;
use crate::grammar::{Rule, UriParser, UriRule};
use crate::iri::grammar::{IriParser, IriRule};
use crate::lower::{pest_nodes, KeptSlots};
use crate::parsers;
use crate::syntax;

pub(crate) mod schemes;

/// Turns pest's error detail on (`pest::set_error_detail`): pest's errors
/// then record the furthest byte a token reached, which the compiled
/// parsers' errors name and the comparisons check. A process-wide switch,
/// which only the comparisons turn, and only on: it changes nothing else
/// of what pest's parsers give.
pub fn error_detail() {
    pest::set_error_detail(true);
}

/// Compares the compiled and pest_derive parsers of `uri.pest` on `input`
/// from `rule`.
///
/// # Errors
///
/// What each found, when they differ.
pub fn compare_uri(rule: Rule, input: &str) -> Result<(), String> {
    compare_entries::<UriParser, _, { crate::compiled::uri::PAIRS }>(
        &crate::compiled::uri::PARSERS,
        rule,
        input,
    )
}

/// Compares the compiled and pest_derive parsers of `uri.pest` + `iri.pest`
/// on `input` from `rule`.
///
/// # Errors
///
/// What each found, when they differ.
pub fn compare_iri(rule: IriRule, input: &str) -> Result<(), String> {
    compare_entries::<IriParser, _, { crate::iri::compiled::PAIRS }>(
        &crate::iri::compiled::PARSERS,
        rule,
        input,
    )
}

/// Compares what the diagnosis of the crate's grammars reads of a rejected
/// `input`, the furthest byte and the bounds of the input up to it, as the
/// diagnostic variant that records into the lowering's slots gives it
/// ([`DiagnosisParsers`](diagnose::DiagnosisParsers)), as the one that
/// records nothing gives it with the slots the fast variant kept (what
/// `Uri::parse` runs), and as the one that records the full pairs gives it.
/// From each entry the crate parses with, with and without the checks of
/// the tree's shape.
///
/// # Errors
///
/// The first difference.
pub fn compare_held(input: &str) -> Result<(), String> {
    use crate::parsers::TILES;
    compare_held_from(
        &crate::parsers::uri::DIAGNOSIS,
        Rule::uri_reference_input,
        TILES[0],
        input,
    )?;
    compare_held_from(
        &crate::parsers::uri::DIAGNOSIS,
        Rule::uri_input,
        TILES[1],
        input,
    )?;
    compare_held_from(
        &crate::parsers::iri::DIAGNOSIS,
        IriRule::iri_reference_input,
        TILES[2],
        input,
    )?;
    compare_held_from(
        &crate::parsers::iri::DIAGNOSIS,
        IriRule::iri_input,
        TILES[3],
        input,
    )
}

/// [`compare_held`] from `entry` of one grammar, whose trees tile their
/// input where `tiled`.
fn compare_held_from<R: UriRule, const N: usize>(
    own: &diagnose::DiagnosisParsers<R, N>,
    entry: R,
    tiled: bool,
    input: &str,
) -> Result<(), String> {
    use diagnose::Parsers;
    if (own.parsers.run)(entry, &mut Tree::new(input, entry)).is_some() {
        return Ok(());
    }
    if tiled {
        // As `Uri::parse` runs it: the slots the fast variant kept.
        let kept = (own.kept)(entry, input);
        let slots = own.furthest_kept(entry, input, kept.as_ref());
        let full = own.parsers.furthest(entry, tiled, input);
        if slots != full {
            return Err(alloc::format!(
                "the slots the fast variant kept and the full pairs differ for {input:?} from {entry:?}:\n  kept: {slots:?}\n  full pairs: {full:?}"
            ));
        }
    }
    for tiled in [false, tiled] {
        let slots = own.furthest(entry, tiled, input);
        let full = own.parsers.furthest(entry, tiled, input);
        if slots != full {
            return Err(alloc::format!(
                "the diagnostic variant into the slots and the one with the full pairs differ for {input:?} from {entry:?}:\n  slots: {slots:?}\n  full pairs: {full:?}"
            ));
        }
    }
    Ok(())
}

/// Compares what a parse makes of `input` through the capture variant of
/// the compiled parsers (the lowering's slots, filled as the parser
/// matches: what [`Uri::parse`](crate::Uri::parse) runs) with the lowering
/// of the full pairs of the same parser: the same bounds, or the same
/// error. From each entry the crate parses with: `uri_reference_input`,
/// `uri_input`, `iri_reference_input` and `iri_input`.
///
/// # Errors
///
/// The first difference.
pub fn compare_capture(input: &str) -> Result<(), String> {
    use crate::compiled::runtime::Parse;
    use crate::compiled::uri;
    use crate::iri::compiled as iri;
    use crate::lower::{captured, captured_tiled, lower, SlotRecorder};
    use crate::parsers::TILES;

    // Each entry twice: with the checks of the tree's shape, and as
    // `Uri::parse` runs it, without them where the grammar makes them
    // ([`TILES`]).
    macro_rules! compare {
        ($grammar:ident, $entry:expr, $tiled:expr) => {{
            compare!(@one $grammar, $entry, false, captured);
            compare!(@one $grammar, $entry, $tiled, captured_tiled::<{ $tiled }>);
        }};
        (@one $grammar:ident, $entry:expr, $tiled:expr, $captured:expr) => {{
            let mut parse = Parse::with_sink(input, SlotRecorder::<{ $tiled }>::new(input));
            let capture = $grammar::run_with($entry, &mut parse).map(|_| $captured(&parse.pairs.slots));
            let full = $grammar::parse($entry, input).map(|tree| lower(input, tree.nodes()));
            let same = match (&capture, &full) {
                // Where the capture cannot tell, the parse lowers the full
                // pairs.
                (Some(None), Some(_)) | (None, None) => true,
                (Some(Some(capture)), Some(full)) => capture == full,
                _ => false,
            };
            if !same {
                return Err(alloc::format!(
                    "the capture and the full pairs differ for {input:?} from {:?}:\n  capture: {capture:?}\n  full pairs: {full:?}",
                    $entry
                ));
            }
        }};
    }
    compare!(uri, Rule::uri_reference_input, TILES[0]);
    compare!(uri, Rule::uri_input, TILES[1]);
    compare!(iri, IriRule::iri_reference_input, TILES[2]);
    compare!(iri, IriRule::iri_input, TILES[3]);
    Ok(())
}

/// Whether two errors for `input` are the same, in every field and in both
/// forms of their message.
pub(crate) fn same_error(
    what: &str,
    input: &str,
    compiled: &ParseError,
    derived: &ParseError,
) -> Result<(), String> {
    if compiled == derived && alloc::format!("{compiled:#}") == alloc::format!("{derived:#}") {
        return Ok(());
    }
    Err(alloc::format!(
        "the errors from the compiled parsers and from pest_derive's differ for {input:?} as a {what}:\n  compiled: {compiled}\n  pest_derive: {derived}"
    ))
}

/// The error of `input`, which the compiled parser of the URI grammar
/// rejects from `entry`, from the compiled parsers; with the
/// `verify-compiled` feature, checked against pest_derive's.
///
/// # Panics
///
/// With `verify-compiled`, when the two differ.
#[cfg(feature = "verify-compiled")]
pub(crate) fn uri_error(entry: Rule, input: &str, kept: Option<&KeptSlots<'_>>) -> ParseError {
    checked("URI reference", input, uri_errors(entry, input, kept))
}

/// [`uri_error`] for the IRI grammar.
///
/// # Panics
///
/// With `verify-compiled`, when the two differ.
#[cfg(feature = "verify-compiled")]
pub(crate) fn iri_error(entry: IriRule, input: &str, kept: Option<&KeptSlots<'_>>) -> ParseError {
    checked("IRI reference", input, iri_errors(entry, input, kept))
}

/// Why `input` is not an absolute URI, from the compiled parsers; with
/// `verify-compiled`, checked against pest_derive's.
///
/// # Panics
///
/// With `verify-compiled`, when the two differ.
#[cfg(feature = "verify-compiled")]
pub(crate) fn not_a_uri(input: &str) -> ParseError {
    checked("absolute URI", input, not_a_uri_errors(input))
}

/// [`not_a_uri`] for an absolute IRI.
///
/// # Panics
///
/// With `verify-compiled`, when the two differ.
#[cfg(feature = "verify-compiled")]
pub(crate) fn not_an_iri(input: &str) -> ParseError {
    checked("absolute IRI", input, not_an_iri_errors(input))
}

/// The compiled parsers' error of `input`, rejected as a `what`, checked
/// against pest_derive's, which `derived` makes.
///
/// # Panics
///
/// When the two differ.
#[cfg(feature = "verify-compiled")]
#[inline(always)]
fn checked(
    what: &str,
    input: &str,
    (error, derived): (ParseError, impl FnOnce() -> ParseError),
) -> ParseError {
    error_detail();
    if let Err(difference) = same_error(what, input, &error, &derived()) {
        panic!("{difference}");
    }
    error
}

/// [`same_error`] of the compiled parsers' error and pest_derive's, which
/// `derived` makes.
pub(crate) fn same_errors(
    what: &str,
    input: &str,
    (compiled, derived): (ParseError, impl FnOnce() -> ParseError),
) -> Result<(), String> {
    error_detail();
    same_error(what, input, &compiled, &derived())
}

/// The compiled parsers' error of `input`, rejected from `entry` of the URI
/// grammar, and a closure that makes pest_derive's.
#[inline(always)]
pub(crate) fn uri_errors<'i>(
    entry: Rule,
    input: &'i str,
    kept: Option<&KeptSlots<'_>>,
) -> (ParseError, impl FnOnce() -> ParseError + 'i) {
    let derived = &Derived::<UriParser>::PARSERS;
    (parsers::uri_diagnosis(entry, input, kept), move || {
        diagnose::diagnose(derived, &syntax::URI, entry, false, input)
    })
}

/// [`uri_errors`] for the IRI grammar.
#[inline(always)]
pub(crate) fn iri_errors<'i>(
    entry: IriRule,
    input: &'i str,
    kept: Option<&KeptSlots<'_>>,
) -> (ParseError, impl FnOnce() -> ParseError + 'i) {
    let derived = &Derived::<IriParser>::PARSERS;
    (parsers::iri_diagnosis(entry, input, kept), move || {
        diagnose::diagnose(derived, &syntax::IRI, entry, false, input)
    })
}

/// [`uri_errors`] for `input` as an absolute URI.
#[inline(always)]
pub(crate) fn not_a_uri_errors(input: &str) -> (ParseError, impl FnOnce() -> ParseError + '_) {
    let entry = Rule::uri_reference_input;
    let derived = &Derived::<UriParser>::PARSERS;
    (parsers::not_a_uri_diagnosis(input), move || {
        diagnose::not_absolute(derived, &syntax::URI, entry, false, input)
    })
}

/// [`uri_errors`] for `input` as an absolute IRI.
#[inline(always)]
pub(crate) fn not_an_iri_errors(input: &str) -> (ParseError, impl FnOnce() -> ParseError + '_) {
    let entry = IriRule::iri_reference_input;
    let derived = &Derived::<IriParser>::PARSERS;
    (parsers::not_an_iri_diagnosis(input), move || {
        diagnose::not_absolute(derived, &syntax::IRI, entry, false, input)
    })
}

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
fn compare<P, R, I, const N: usize>(
    entry: R,
    input: &str,
    compiled: Option<I>,
    failure: impl FnOnce() -> (Attempts<R, N>, Option<usize>),
) -> Result<(), String>
where
    P: pest::Parser<R>,
    R: pest::RuleType,
    I: Iterator<Item = Node<R>> + Clone,
{
    use alloc::vec::Vec;
    error_detail();
    let derived = P::parse(entry, input);
    let same = match (&compiled, &derived) {
        (Some(nodes), Ok(pairs)) => nodes.clone().eq(pest_nodes(pairs.clone())),
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
    let derived: Option<Vec<_>> = derived.ok().map(|pairs| pest_nodes(pairs).collect());
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
    attempts: &Attempts<R, N>,
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
    let far = error.parse_attempts().map(|detail| detail.max_position);
    if end.is_none()
        && attempts.pos() == pos
        && far == Some(attempts.far())
        && attempts.positives() == positives
        && attempts.negatives() == negatives
    {
        return Ok(());
    }
    Err(alloc::format!(
        "the compiled parser's diagnostic variant and pest_derive's parser disagree on the error for {input:?} from {entry:?}:\n  compiled: at {}, reached {}, positives {:?}, negatives {:?}, end {end:?}\n  pest_derive: at {pos}, reached {far:?}, positives {positives:?}, negatives {negatives:?}",
        attempts.pos(),
        attempts.far(),
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
fn verify<P, R, I, const N: usize>(
    entry: R,
    input: &str,
    compiled: Option<I>,
    failure: impl FnOnce() -> (Attempts<R, N>, Option<usize>),
) where
    P: pest::Parser<R>,
    R: pest::RuleType,
    I: Iterator<Item = Node<R>> + Clone,
{
    if let Err(difference) = compare::<P, R, I, N>(entry, input, compiled, failure) {
        panic!("{difference}");
    }
}

/// [`compare`] for the compiled parser `entries`, from `rule`.
pub(crate) fn compare_entries<P, R, const N: usize>(
    entries: &ParserEntries<R, N>,
    rule: R,
    input: &str,
) -> Result<(), String>
where
    P: pest::Parser<R>,
    R: pest::RuleType,
{
    let mut tree = Tree::new(input, rule);
    let matched = (entries.run)(rule, &mut tree).is_some();
    compare::<P, R, _, N>(rule, input, matched.then(|| tree.nodes()), || {
        failure_of(entries, rule, input)
    })
}

/// The diagnostic variant's record of a failed parse of `input` from
/// `rule`, and the end of its match.
fn failure_of<R: Copy + Ord, const N: usize>(
    entries: &ParserEntries<R, N>,
    rule: R,
    input: &str,
) -> (Attempts<R, N>, Option<usize>) {
    let mut attempts = Attempts::new(rule);
    let end = (entries.failure)(rule, input, &mut attempts);
    (attempts, end)
}

/// [`compare_entries`] that panics on a difference: the hook of the
/// `verify-compiled` feature, which every parse of the crate calls (the one
/// call into this module from below it).
///
/// # Panics
///
/// When the two parsers disagree.
#[cfg(feature = "verify-compiled")]
pub(crate) fn verify_entries<P, R, const N: usize>(
    entries: &ParserEntries<R, N>,
    rule: R,
    input: &str,
) where
    P: pest::Parser<R>,
    R: pest::RuleType,
{
    let mut tree = Tree::new(input, rule);
    let matched = (entries.run)(rule, &mut tree).is_some();
    verify::<P, R, _, N>(rule, input, matched.then(|| tree.nodes()), || {
        failure_of(entries, rule, input)
    });
}
