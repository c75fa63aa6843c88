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

use crate::compiled::runtime::{Attempts, Node, PairBuffer, Parse, Token};
use crate::compiled::{self, iri, uri, CompiledGrammar, Oracle};
use crate::diagnose::{self, CompiledParsers, Derived, Tokens};
use crate::error::ParseError;
use crate::grammar::Rule;
use crate::iri::grammar::IriRule;
use crate::lower::{finish, lower, pest_nodes, Capture, Kept};
use crate::syntax::Syntax;

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
    compare_grammar::<uri::Grammar>(rule, input)
}

/// The rules a parse of `uri.pest`'s compiled parser can start from: the
/// reference's entries and the RFC rules (the others are compiled only as
/// far as these call them), from which the comparisons start.
pub fn uri_starts() -> &'static [Rule] {
    <uri::Grammar as CompiledGrammar>::STARTS
}

/// The rules a parse of `uri.pest` + `iri.pest`'s compiled parser can
/// start from, as [`uri_starts`].
pub fn iri_starts() -> &'static [IriRule] {
    <iri::Grammar as CompiledGrammar>::STARTS
}

/// Compares the compiled and pest_derive parsers of `uri.pest` + `iri.pest`
/// on `input` from `rule`.
///
/// # Errors
///
/// What each found, when they differ.
pub fn compare_iri(rule: IriRule, input: &str) -> Result<(), String> {
    compare_grammar::<iri::Grammar>(rule, input)
}

/// Compares what the diagnosis reads of a rejected `input` from `entry`
/// of `G`: the furthest byte and the bounds of the input up to it, as the
/// diagnostic variant that records nothing gives it with the record the
/// fast variant kept (what `Uri::parse` runs), and as the one that records
/// the full pairs gives it.
pub(crate) fn compare_held_from<G: CompiledGrammar>(
    entry: G::Rule,
    input: &str,
) -> Result<(), String> {
    use diagnose::Parsers;
    let own = &CompiledParsers::<G>::PARSERS;
    if compiled::match_len::<G>(entry, input).is_some() {
        return Ok(());
    }
    let kept = kept::<G>(entry, input);
    let from_kept = own.furthest_kept(entry, input, kept.as_ref());
    let full = own.furthest(entry, input);
    if from_kept != full {
        return Err(alloc::format!(
            "the record the fast variant kept and the full pairs differ for {input:?} from {entry:?}:\n  kept: {from_kept:?}\n  full pairs: {full:?}"
        ));
    }
    Ok(())
}

/// Compares what a parse of `input` from `entry` of `G` makes of it
/// through the fast variant recording into the one record (what
/// `Uri::parse` runs) with the lowering of the full pairs of the same
/// parser: the same bounds, or the same error.
pub(crate) fn compare_capture_of<G: CompiledGrammar>(
    entry: G::Rule,
    input: &str,
) -> Result<(), String> {
    let mut parse = Parse::with_sink(input, Capture::new());
    let capture = G::run_with(entry, &mut parse).map(|_| finish(&parse.pairs.record, input));
    let mut tree = compiled::tree::<G>(input);
    let full = compiled::run::<G>(entry, &mut tree).map(|_| lower(input, tree.pairs.nodes()));
    if capture == full {
        return Ok(());
    }
    Err(alloc::format!(
        "the record and the full pairs differ for {input:?} from {entry:?}:\n  record: {capture:?}\n  full pairs: {full:?}"
    ))
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

/// The error pest_derive's parser of `G` gives `input`, rejected as a
/// reference from `entry`, through the same diagnosis.
pub(crate) fn derived_reference_error<G: Oracle>(
    entry: G::Rule,
    syntax: &Syntax,
    input: &str,
) -> ParseError {
    error_detail();
    let derived = &Derived::<G::Parser>::PARSERS;
    diagnose::diagnose(derived, syntax, entry, input)
}

/// The error pest_derive's parser of `G` gives `input`, rejected as an
/// absolute reference (`entry` being its reference entry).
pub(crate) fn derived_absolute_error<G: Oracle>(
    entry: G::Rule,
    syntax: &Syntax,
    input: &str,
) -> ParseError {
    error_detail();
    let derived = &Derived::<G::Parser>::PARSERS;
    diagnose::not_absolute(derived, syntax, entry, input)
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
fn compare<P, R, I, B>(
    entry: R,
    input: &str,
    compiled: Option<I>,
    tokens: (&[Token], bool),
    failure: impl FnOnce() -> (Attempts<R, true, B>, Option<usize>),
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
            return same_failure(entry, input, error, (&attempts, tokens), end);
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
/// whose tokens are indices into `tokens`, and `end`, which must be
/// `None`) is pest's `error`.
fn same_failure<R: pest::RuleType, B>(
    entry: R,
    input: &str,
    error: &pest::error::Error<R>,
    (attempts, (tokens, counts_successes)): (&Attempts<R, true, B>, (&[Token], bool)),
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
    let (expected, derived_expected) = (
        Tokens::of_tokens(tokens, attempts.tokens()),
        Tokens::of_pest(error),
    );
    let first = attempts.first_token();
    if end.is_none()
        && attempts.pos() == pos
        && far == Some(attempts.far())
        && Tokens::agree(
            &derived_expected,
            tokens,
            counts_successes,
            attempts.tokens(),
            first,
        )
        && attempts.positives() == positives
        && attempts.negatives() == negatives
    {
        return Ok(());
    }
    Err(alloc::format!(
        "the compiled parser's diagnostic variant and pest_derive's parser disagree on the error for {input:?} from {entry:?}:\n  compiled: at {}, reached {} expecting {expected:?}, positives {:?}, negatives {:?}, end {end:?}\n  pest_derive: at {pos}, reached {far:?} expecting {derived_expected:?}, positives {positives:?}, negatives {negatives:?}",
        attempts.pos(),
        attempts.far(),
        attempts.positives(),
        attempts.negatives(),
    ))
}

/// [`compare`] for the compiled parser of `G`, from `rule`, against its
/// pest_derive parser.
///
/// # Errors
///
/// What each parser found, when they differ.
pub(crate) fn compare_grammar<G: Oracle>(rule: G::Rule, input: &str) -> Result<(), String> {
    let mut tree = compiled::tree::<G>(input);
    let matched = compiled::run::<G>(rule, &mut tree).is_some();
    let nodes = matched.then(|| tree.pairs.nodes());
    let tokens = (G::TOKENS, G::COUNTS_SUCCESSES);
    compare::<G::Parser, G::Rule, _, _>(rule, input, nodes, tokens, || {
        compiled::failure::<G>(rule, input)
    })
}

/// The record a parse of `input` from `entry` of `G` kept where `EOI`
/// failed furthest, as `Uri::parse` gets it; `None` where it matched, or
/// never reached `EOI`.
pub(crate) fn kept<G: CompiledGrammar>(entry: G::Rule, input: &str) -> Option<Kept> {
    let mut parse = Parse::with_sink(input, Capture::new());
    match G::run_with(entry, &mut parse) {
        Some(_) => None,
        None => parse.pairs.kept().copied(),
    }
}
