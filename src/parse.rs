//! A parse of a reference with any compiled grammar: what the reference
//! types' parse runs ([`reference`], [`absolute`]), written once over the
//! grammar as one value ([`CompiledGrammar`]). The compiled parser writes
//! the one record of positions as it matches ([`Capture`]); the record is
//! lowered ([`finish`]), and a rejected input is diagnosed.
//!
//! The top of the parse layer: it imports the lowering, the diagnosis and
//! the compiled parsers, and nothing of the reference types, the
//! algorithms or the schemes; `spec` (the reference layer) calls it with
//! its grammar.

use crate::bounds::{Bounds, HostKind, MAX_LEN};
use crate::compiled::runtime::Parse;
use crate::compiled::{self, CompiledGrammar, Oracle};
use crate::diagnose;
use crate::error::{ErrorKind, ParseError};
use crate::grammar::{Rule, UriRule};
use crate::lower::{self, finish, Capture, Kept};
use crate::role::Role;
use crate::syntax::Syntax;

/// A grammar a reference type parses with: its compiled grammar, whose
/// rules that play `URI-reference entry` and `URI entry` are where a parse
/// starts, and what differs between grammars for the diagnosis. The specs
/// implement it (`spec::sealed::Sealed` builds on it); a parse and its
/// errors are written once, generic over it.
pub(crate) trait EntryPoints {
    /// The compiled grammar.
    type Grammar: Oracle;

    /// What differs between the grammars, for the diagnosis and the
    /// algorithms.
    fn syntax() -> &'static Syntax;
}

/// Why a parse gave no bounds.
enum Rejected {
    /// The grammar rejected the input; the record was kept where `EOI`
    /// failed furthest, if it did.
    Input(Option<Kept>),
    /// The record is no reference, or a value in it is out of range (a
    /// port above 65535); or the grammar has no rule for the entry.
    Lowering(ParseError),
}

/// The bounds of `text` from the rule of `G` that plays `entry`: the
/// compiled parser recording into the one record as it matches, then the
/// lowering of that record. Every parse of a reference runs this, and
/// only this: with a diagnosis of what it rejects ([`reference`],
/// [`absolute`]), or without ([`is_reference`], [`is_absolute`]).
#[inline(always)]
fn run<G: CompiledGrammar>(entry: Role, text: &str) -> Result<Bounds, Rejected> {
    let Some(rule) = G::Rule::with_role(entry) else {
        return Err(Rejected::Lowering(no_entry(entry, text)));
    };
    let mut parse = Parse::with_sink(text, Capture::new());
    if G::run_with(rule, &mut parse).is_none() {
        return Err(Rejected::Input(parse.pairs.kept().copied()));
    }
    finish(&parse.pairs.record, text).map_err(Rejected::Lowering)
}

/// The error of a grammar that has no rule for `entry`: only one edited to
/// lose its `Role:` line.
#[cold]
#[inline(never)]
fn no_entry(entry: Role, text: &str) -> ParseError {
    ParseError::new(
        ErrorKind::Grammar,
        text,
        0,
        match entry {
            Role::UriEntry => "a rule that plays `URI entry`",
            _ => "a rule that plays `URI-reference entry`",
        },
    )
}

/// The bounds of `text` as a reference of `X`.
///
/// # Errors
///
/// The diagnosis of a rejected `text`.
#[inline(always)]
pub(crate) fn reference<X: EntryPoints>(text: &str) -> Result<Bounds, ParseError> {
    run::<X::Grammar>(Role::ReferenceEntry, text).map_err(|rejected| match rejected {
        Rejected::Input(kept) => rejected_reference::<X>(text, kept.as_ref()),
        Rejected::Lowering(error) => error,
    })
}

/// Whether `text` is a reference of `X` ([`reference`] without the
/// diagnosis).
#[inline(always)]
pub(crate) fn is_reference<X: EntryPoints>(text: &str) -> bool {
    run::<X::Grammar>(Role::ReferenceEntry, text).is_ok()
}

/// The bounds of `text` as an absolute reference of `X` (one with a
/// scheme).
///
/// # Errors
///
/// Why `text` is not an absolute reference.
#[inline(always)]
pub(crate) fn absolute<X: EntryPoints>(text: &str) -> Result<Bounds, ParseError> {
    run::<X::Grammar>(Role::UriEntry, text).map_err(|rejected| match rejected {
        Rejected::Input(_) => rejected_absolute::<X>(text),
        Rejected::Lowering(error) => error,
    })
}

/// Whether `text` is an absolute reference of `X` ([`absolute`] without
/// the diagnosis).
#[inline(always)]
pub(crate) fn is_absolute<X: EntryPoints>(text: &str) -> bool {
    run::<X::Grammar>(Role::UriEntry, text).is_ok()
}

/// The error of `input`, which `X`'s grammar rejects from its reference
/// entry rule, where its failed parse kept `kept`.
#[cold]
#[inline(never)]
fn rejected_reference<X: EntryPoints>(input: &str, kept: Option<&Kept>) -> ParseError {
    match <X::Grammar as CompiledGrammar>::Rule::with_role(Role::ReferenceEntry) {
        Some(entry) => diagnose::reference_diagnosis::<X::Grammar>(entry, X::syntax(), input, kept),
        None => no_entry(Role::ReferenceEntry, input),
    }
}

/// Why `input` is not an absolute reference of `X`.
#[cold]
#[inline(never)]
fn rejected_absolute<X: EntryPoints>(input: &str) -> ParseError {
    match <X::Grammar as CompiledGrammar>::Rule::with_role(Role::ReferenceEntry) {
        Some(entry) => diagnose::absolute_diagnosis::<X::Grammar>(entry, X::syntax(), input),
        None => no_entry(Role::ReferenceEntry, input),
    }
}

/// The kind of host `text` is when all of it is a host by `uri.pest` (the
/// compiled parser from its rule that plays `host`, read as an
/// authority's host is read); `None` when it is not.
pub(crate) fn parse_host_kind(text: &str) -> Option<HostKind> {
    type G = compiled::uri::Grammar;
    if text.len() > MAX_LEN {
        return None;
    }
    let rule = Rule::with_role(Role::Host)?;
    let mut tree = compiled::tree::<G>(text);
    let end = compiled::run::<G>(rule, &mut tree)?;
    if end != text.len() {
        return None;
    }
    lower::host_of(text, tree.nodes())
}
