//! A parse of a reference with any compiled grammar: what the reference
//! types' parse runs ([`reference`], [`absolute`]), written once over the
//! grammar as one value ([`CompiledGrammar`]). The compiled parser's fast
//! variant fills the lowering's slots as it matches; the slots are
//! lowered, and a rejected input is diagnosed.
//!
//! The top of the parse layer: it imports the lowering, the diagnosis and
//! the compiled parsers, and nothing of the reference types, the
//! algorithms or the schemes; `spec` (the reference layer) calls it with
//! its grammar. With the `verify-compiled` feature, and only then, it
//! calls up into `verify` to check each parse and each error against
//! pest_derive's parsers.

use crate::bounds::{Bounds, HostKind, MAX_LEN};
use crate::compiled::runtime::{PairBuffer, Parse, Sink};
use crate::compiled::{self, CompiledGrammar, Oracle};
use crate::diagnose;
use crate::error::ParseError;
use crate::grammar::Rule;
use crate::lower::{self, captured_tiled, lower, Entries, KeptSlots, SlotRecorder};
use crate::syntax::Syntax;

/// A grammar a reference type parses with, and where: its compiled
/// grammar, its entry rules, and what differs between grammars for the
/// diagnosis. The specs implement it (`spec::sealed::Sealed` builds on
/// it); a parse and its errors are written once, generic over it, so that
/// each is compiled with the spec's entries and syntax as constants.
pub(crate) trait EntryPoints {
    /// The compiled grammar.
    type Grammar: Oracle;
    /// Its entry rules: a reference, an absolute one.
    const ENTRIES: Entries<<Self::Grammar as CompiledGrammar>::Rule>;

    /// What differs between the grammars, for the diagnosis and the
    /// algorithms.
    fn syntax() -> &'static Syntax;
}

/// The bounds of `text` as a reference of `X`, from its reference entry
/// rule.
///
/// # Errors
///
/// The diagnosis of a rejected `text`.
#[inline(always)]
pub(crate) fn reference<X: EntryPoints>(text: &str) -> Result<Bounds, ParseError> {
    let entry = X::ENTRIES.reference;
    if X::ENTRIES.tiles[0] {
        capture::<X::Grammar, true>(entry, text, rejected_reference::<X>)
    } else {
        capture::<X::Grammar, false>(entry, text, rejected_reference::<X>)
    }
}

/// Whether `text` is a reference of `X` ([`reference`] without the
/// diagnosis): the compiled parser's fast variant and the lowering, and
/// nothing more where it is not.
#[inline(always)]
pub(crate) fn is_reference<X: EntryPoints>(text: &str) -> bool {
    let entry = X::ENTRIES.reference;
    if X::ENTRIES.tiles[0] {
        verdict::<X::Grammar, true>(entry, text)
    } else {
        verdict::<X::Grammar, false>(entry, text)
    }
}

/// Whether `text` is an absolute reference of `X` ([`absolute`] without
/// the diagnosis).
#[inline(always)]
pub(crate) fn is_absolute<X: EntryPoints>(text: &str) -> bool {
    let entry = X::ENTRIES.absolute;
    if X::ENTRIES.tiles[1] {
        verdict::<X::Grammar, true>(entry, text)
    } else {
        verdict::<X::Grammar, false>(entry, text)
    }
}

/// The bounds of `text` as an absolute reference of `X` (one with a
/// scheme), from its absolute entry rule.
///
/// # Errors
///
/// Why `text` is not an absolute reference.
#[inline(always)]
pub(crate) fn absolute<X: EntryPoints>(text: &str) -> Result<Bounds, ParseError> {
    let entry = X::ENTRIES.absolute;
    let rejected = |text: &str, _: Option<&KeptSlots<'_>>| rejected_absolute::<X>(text);
    if X::ENTRIES.tiles[1] {
        capture::<X::Grammar, true>(entry, text, rejected)
    } else {
        capture::<X::Grammar, false>(entry, text, rejected)
    }
}

/// The bounds of `text` from `entry` of `G`: the compiled parser's fast
/// variant recording into the lowering's slots as it matches, then the
/// lowering of those slots (without the shape checks where `TILED`);
/// `rejected`'s error (the diagnosis, given the slots the parse kept where
/// `EOI` failed) when the grammar rejects it.
#[inline(always)]
fn capture<G: Oracle, const TILED: bool>(
    entry: G::Rule,
    text: &str,
    rejected: impl FnOnce(&str, Option<&KeptSlots<'_>>) -> ParseError,
) -> Result<Bounds, ParseError> {
    let recorder = SlotRecorder::<TILED>::new(text).reading_addresses(G::IP_ADDRESSES_READ);
    let mut parse = Parse::with_sink(text, recorder);
    let matched = G::run_with(entry, &mut parse).is_some();
    #[cfg(feature = "verify-compiled")]
    {
        crate::verify::verify_grammar::<G>(entry, text);
        if let Err(difference) = crate::verify::compare_capture_of::<G>(entry, TILED, text) {
            panic!("{difference}");
        }
    }
    if !matched {
        return Err(rejected(text, parse.pairs.kept()));
    }
    match captured_tiled::<TILED>(&parse.pairs.slots) {
        Some(bounds) => bounds,
        None => full::<G>(entry, text),
    }
}

/// Whether [`capture`] would give bounds: the same parse and lowering,
/// into a sink of its own type ([`Verdict`]), so that the parser's code
/// for it is an instance of its own, and [`capture`]'s keeps one caller.
#[inline(always)]
fn verdict<G: Oracle, const TILED: bool>(entry: G::Rule, text: &str) -> bool {
    let recorder = SlotRecorder::<TILED>::new(text).reading_addresses(G::IP_ADDRESSES_READ);
    let mut parse = Parse::with_sink(text, Verdict(recorder));
    #[cfg(feature = "verify-compiled")]
    crate::verify::verify_grammar::<G>(entry, text);
    if G::run_with(entry, &mut parse).is_none() {
        return false;
    }
    match captured_tiled::<TILED>(&parse.pairs.0.slots) {
        Some(bounds) => bounds.is_ok(),
        None => full::<G>(entry, text).is_ok(),
    }
}

/// The lowering's slots, as the sink of a parse whose verdict alone is
/// read ([`verdict`]).
struct Verdict<S>(S);

impl<R: Copy, S: Sink<R>> Sink<R> for Verdict<S> {
    type Mark = S::Mark;

    #[inline(always)]
    fn mark(&self) -> S::Mark {
        self.0.mark()
    }

    #[inline(always)]
    fn enter(&mut self, rule: R, start: usize) -> S::Mark {
        self.0.enter(rule, start)
    }

    #[inline(always)]
    fn leave(&mut self, at: S::Mark, rule: R, start: usize, end: Option<usize>) -> Option<usize> {
        self.0.leave(at, rule, start, end)
    }

    #[inline(always)]
    fn restore(&mut self, mark: S::Mark) {
        self.0.restore(mark);
    }
}

/// The lowering of the full pairs, where the slots cannot tell.
#[cold]
#[inline(never)]
fn full<G: CompiledGrammar>(entry: G::Rule, text: &str) -> Result<Bounds, ParseError> {
    let mut tree = compiled::tree::<G>(text);
    compiled::run::<G>(entry, &mut tree);
    lower(text, tree.pairs.nodes())
}

/// The error of `input`, which `X`'s grammar rejects from its reference
/// entry rule, where its failed parse kept `kept`; with the
/// `verify-compiled` feature, checked against pest_derive's.
///
/// # Panics
///
/// With `verify-compiled`, when the two differ.
fn rejected_reference<X: EntryPoints>(input: &str, kept: Option<&KeptSlots<'_>>) -> ParseError {
    let error = diagnose::reference_diagnosis::<X::Grammar>(&X::ENTRIES, X::syntax(), input, kept);
    #[cfg(feature = "verify-compiled")]
    crate::verify::check_error(
        "reference",
        input,
        &error,
        &crate::verify::derived_reference_error::<X::Grammar>(&X::ENTRIES, X::syntax(), input),
    );
    error
}

/// Why `input` is not an absolute reference of `X`; with
/// `verify-compiled`, checked against pest_derive's.
///
/// # Panics
///
/// With `verify-compiled`, when the two differ.
fn rejected_absolute<X: EntryPoints>(input: &str) -> ParseError {
    let error = diagnose::absolute_diagnosis::<X::Grammar>(&X::ENTRIES, X::syntax(), input);
    #[cfg(feature = "verify-compiled")]
    crate::verify::check_error(
        "absolute reference",
        input,
        &error,
        &crate::verify::derived_absolute_error::<X::Grammar>(&X::ENTRIES, X::syntax(), input),
    );
    error
}

/// The kind of host `text` is when all of it is a `host` by `uri.pest`
/// (the compiled parser from that rule, read as an authority's host is
/// read); `None` when it is not.
pub(crate) fn parse_host_kind(text: &str) -> Option<HostKind> {
    type G = compiled::uri::Grammar;
    if text.len() > MAX_LEN {
        return None;
    }
    let mut tree = compiled::tree::<G>(text);
    let end = compiled::run::<G>(Rule::host, &mut tree)?;
    if end != text.len() {
        return None;
    }
    lower::host_of(text, tree.pairs.nodes())
}
