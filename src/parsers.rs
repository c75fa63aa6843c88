//! The crate's two grammars (`uri.pest`, and `uri.pest` + `iri.pest`) wired
//! to the lowering and the diagnosis: the parsers a diagnosis of each runs
//! ([`uri::DIAGNOSIS`], [`iri::DIAGNOSIS`]), whether each entry rule tiles
//! its input ([`TILES`]), the diagnoses of a rejected input, and the kind
//! of a host given as text ([`parse_host_kind`]).
//!
//! Parse layer, above the lowering and the diagnosis, which it joins to the
//! compiled parsers of the grammar layer (`compiled`, `iri::compiled`): the
//! compiled parsers themselves know neither. It imports nothing of the
//! reference types, the algorithms or `verify`; the entry points that
//! `spec` calls ([`crate::parse`]) and the comparisons (`verify`) sit
//! above it.

use crate::bounds::{HostKind, MAX_LEN};
use crate::diagnose;
use crate::error::ParseError;
use crate::grammar::{Rule, UriRule};
use crate::iri::IriRule;
use crate::lower::{self, KeptSlots};
use crate::syntax;

/// Declares module `$name` with the parsers a diagnosis of the grammar
/// compiled into `$compiled` runs ([`diagnose::DiagnosisParsers`]): its
/// compiled parsers, and the variants that record into the lowering's
/// slots.
macro_rules! diagnosis_parsers {
    ($(#[$doc:meta])* $name:ident, $compiled:path, $rule:path) => {
        $(#[$doc])*
        pub(crate) mod $name {
            use $compiled::{failure_with, reach, run_with, PAIRS, PARSERS};
            use $rule as Rule;
            use crate::compiled::runtime as rt;
            use crate::diagnose::DiagnosisParsers;
            use crate::lower::{SlotRecorder, DiagnosisRecorder, KeptSlots};

            /// Both variants, for a diagnosis: the compiled parsers, and
            /// the diagnostic variant recording into the lowering's slots
            /// ([`failure_into_slots`]).
            pub(crate) const DIAGNOSIS: DiagnosisParsers<Rule, PAIRS> = DiagnosisParsers {
                parsers: PARSERS,
                failure_into_slots,
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
            fn kept<'i>(rule: Rule, input: &'i str) -> Option<KeptSlots<'i>> {
                let mut parse = rt::Parse::with_sink(input, SlotRecorder::<true>::new(input));
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
            fn failure_into_slots<'i>(
                rule: Rule,
                input: &'i str,
                a: &mut rt::Attempts<Rule, PAIRS, false, DiagnosisRecorder<'i>>,
            ) -> Option<usize> {
                failure_with(rule, input, DiagnosisRecorder::new(input), a)
            }
        }
    };
}

diagnosis_parsers!(
    /// The diagnosis's parsers of `uri.pest`.
    uri,
    crate::compiled::uri,
    crate::grammar::Rule
);

diagnosis_parsers!(
    /// The diagnosis's parsers of `uri.pest` + `iri.pest`.
    iri,
    crate::iri::compiled,
    crate::iri::IriRule
);

/// Whether every tree of `uri.pest`'s entry rules (a reference, a URI)
/// tiles its input as the lowering checks, decided from the grammar when
/// the crate is compiled ([`lower::tiles`]): where it does, the lowering
/// skips those checks. An edit of `uri.pest` that breaks the shape turns
/// them back on.
pub(crate) const URI_TILES: [bool; 2] = {
    let grammar = lower::Grammar {
        layouts: crate::compiled::uri::LAYOUTS,
        rfc: <Rule as UriRule>::RFC_RULES,
    };
    [
        lower::tiles(&grammar, Rule::uri_reference_input as usize),
        lower::tiles(&grammar, Rule::uri_input as usize),
    ]
};

/// [`URI_TILES`] for `uri.pest` + `iri.pest`.
pub(crate) const IRI_TILES: [bool; 2] = {
    let grammar = lower::Grammar {
        layouts: crate::iri::compiled::LAYOUTS,
        rfc: <IriRule as UriRule>::RFC_RULES,
    };
    [
        lower::tiles(&grammar, IriRule::iri_reference_input as usize),
        lower::tiles(&grammar, IriRule::iri_input as usize),
    ]
};

/// [`URI_TILES`] and [`IRI_TILES`], for the tests and `verify-compiled`.
pub(crate) const TILES: [bool; 4] = [URI_TILES[0], URI_TILES[1], IRI_TILES[0], IRI_TILES[1]];

/// Whether every tree of `uri.pest`'s rule `entry` tiles its input
/// ([`URI_TILES`]; `false` for a rule that is not an entry rule).
pub(crate) fn uri_tiles(entry: Rule) -> bool {
    match entry {
        Rule::uri_reference_input => URI_TILES[0],
        Rule::uri_input => URI_TILES[1],
        _ => false,
    }
}

/// [`uri_tiles`] for `uri.pest` + `iri.pest`.
pub(crate) fn iri_tiles(entry: IriRule) -> bool {
    match entry {
        IriRule::iri_reference_input => IRI_TILES[0],
        IriRule::iri_input => IRI_TILES[1],
        _ => false,
    }
}

/// The error of `input`, which the compiled parser of the URI grammar
/// rejects from `entry`, where its failed parse kept `kept`.
#[inline(always)]
pub(crate) fn uri_diagnosis(entry: Rule, input: &str, kept: Option<&KeptSlots<'_>>) -> ParseError {
    let tiled = uri_tiles(entry);
    diagnose::diagnose_kept(&uri::DIAGNOSIS, &syntax::URI, entry, tiled, input, kept)
}

/// [`uri_diagnosis`] for the IRI grammar.
#[inline(always)]
pub(crate) fn iri_diagnosis(
    entry: IriRule,
    input: &str,
    kept: Option<&KeptSlots<'_>>,
) -> ParseError {
    let tiled = iri_tiles(entry);
    diagnose::diagnose_kept(&iri::DIAGNOSIS, &syntax::IRI, entry, tiled, input, kept)
}

/// Why `input` is not an absolute URI.
#[inline(always)]
pub(crate) fn not_a_uri_diagnosis(input: &str) -> ParseError {
    let entry = Rule::uri_reference_input;
    diagnose::not_absolute(
        &uri::DIAGNOSIS,
        &syntax::URI,
        entry,
        uri_tiles(entry),
        input,
    )
}

/// Why `input` is not an absolute IRI.
#[inline(always)]
pub(crate) fn not_an_iri_diagnosis(input: &str) -> ParseError {
    let entry = IriRule::iri_reference_input;
    diagnose::not_absolute(
        &iri::DIAGNOSIS,
        &syntax::IRI,
        entry,
        iri_tiles(entry),
        input,
    )
}

/// The kind of host `text` is when all of it is a `host` by the grammar
/// (the compiled parser from that rule, read as an authority's host is
/// read); `None` when it is not.
pub(crate) fn parse_host_kind(text: &str) -> Option<HostKind> {
    use crate::compiled::uri;
    if text.len() > MAX_LEN {
        return None;
    }
    let mut tree = uri::tree(text);
    let end = uri::run(Rule::host, &mut tree)?;
    if end != text.len() {
        return None;
    }
    lower::host_of(text, tree.nodes())
}
