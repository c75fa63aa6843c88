//! The comparisons of every grammar the crate parses with: the specs'
//! (`uri.pest`, and `uri.pest` + `iri.pest`, from each entry rule a
//! reference type parses from), and each scheme's grammar as
//! `#[derive(rfc3986::Grammar)]` compiles it against pest_derive's parser
//! of the same files; and all of them at once ([`compare_all`],
//! [`compare_errors`]). The top of the crate: it imports the specs, the
//! [`schemes`](crate::schemes) and the comparisons of one grammar
//! ([`super`]); nothing imports it but the tests, through `__private`.

use alloc::string::String;

use super::{
    compare_capture_of, compare_held_from, compare_iri, compare_uri, derived_absolute_error,
    derived_reference_error, error_detail, same_error,
};
use crate::compiled::runtime::PairBuffer;
use crate::compiled::{self, CompiledGrammar, Oracle};
use crate::diagnose::{self, CompiledParsers, Derived, Tokens};
use crate::grammar::{Rule, UriRule};
use crate::iri::IriRule;
use crate::lower::pest_nodes;
use crate::parse::EntryPoints;
use crate::role::Role;
use crate::schemes::{self, SchemeViolation};
use crate::spec::sealed::Sealed;
use crate::spec::{Rfc3986, Rfc3987};

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
    compare_uri(Rule::uri_reference_input, input)?;
    compare_uri(Rule::uri_input, input)?;
    compare_iri(IriRule::iri_reference_input, input)?;
    compare_capture(input)?;
    compare_held(input)?;
    compare_schemes(input)
}

/// Compares what the diagnosis of the crate's grammars reads of a rejected
/// `input`, the furthest byte and the bounds of the input up to it, as the
/// diagnostic variant that records into the lowering's slots gives it, as
/// the one that records nothing gives it with the slots the fast variant
/// kept (what `Uri::parse` runs), and as the one that records the full
/// pairs gives it. From each entry the crate parses with, with and without
/// the checks of the tree's shape.
///
/// # Errors
///
/// The first difference.
pub fn compare_held(input: &str) -> Result<(), String> {
    for_each_entry(input, &mut HeldOf)
}

/// Compares what a parse makes of `input` through the compiled parsers'
/// fast variant recording into the lowering's slots (what
/// [`Uri::parse`](crate::Uri::parse) runs) with the lowering of the full
/// pairs of the same parser: the same bounds, or the same error. From each
/// entry the crate parses with: `uri_reference_input`, `uri_input`,
/// `iri_reference_input` and `iri_input`.
///
/// # Errors
///
/// The first difference.
pub fn compare_capture(input: &str) -> Result<(), String> {
    for_each_entry(input, &mut CaptureOf)
}

/// A comparison from one entry rule of one of the crate's grammars.
trait FromEntry {
    fn compare<G: Oracle>(&mut self, entry: G::Rule, input: &str) -> Result<(), String>;
}

/// The rule of `G` that plays `role`, which each of the crate's grammars
/// has.
fn entry<G: CompiledGrammar>(role: Role) -> Result<G::Rule, String> {
    G::Rule::with_role(role).ok_or_else(|| alloc::format!("no rule plays {}", role.name()))
}

/// `compare` from each entry rule of each of the crate's grammars.
fn for_each_entry(input: &str, compare: &mut impl FromEntry) -> Result<(), String> {
    fn both<X: Sealed>(input: &str, compare: &mut impl FromEntry) -> Result<(), String> {
        compare.compare::<X::Grammar>(entry::<X::Grammar>(Role::ReferenceEntry)?, input)?;
        compare.compare::<X::Grammar>(entry::<X::Grammar>(Role::UriEntry)?, input)
    }
    both::<Rfc3986>(input, compare)?;
    both::<Rfc3987>(input, compare)
}

struct HeldOf;

impl FromEntry for HeldOf {
    fn compare<G: Oracle>(&mut self, entry: G::Rule, input: &str) -> Result<(), String> {
        compare_held_from::<G>(entry, input)
    }
}

struct CaptureOf;

impl FromEntry for CaptureOf {
    fn compare<G: Oracle>(&mut self, entry: G::Rule, input: &str) -> Result<(), String> {
        compare_capture_of::<G>(entry, input)
    }
}

/// Compares the errors the compiled parsers and pest_derive's give `input`
/// as a reference and as an absolute reference of spec `X`, where its
/// grammar rejects it.
///
/// # Errors
///
/// The first difference.
fn compare_spec_errors<X: Sealed>(input: &str) -> Result<(), String> {
    type G<X> = <X as EntryPoints>::Grammar;
    let reference = entry::<G<X>>(Role::ReferenceEntry)?;
    let absolute = entry::<G<X>>(Role::UriEntry)?;
    let syntax = X::syntax();
    if compiled::match_len::<G<X>>(reference, input).is_none() {
        let kept = super::kept::<G<X>>(reference, input);
        let error = diagnose::reference_diagnosis::<G<X>>(reference, syntax, input, kept.as_ref());
        let derived = derived_reference_error::<G<X>>(reference, syntax, input);
        same_error(X::NAME, input, &error, &derived)?;
    }
    if compiled::match_len::<G<X>>(absolute, input).is_none() {
        let error = diagnose::absolute_diagnosis::<G<X>>(reference, syntax, input);
        let derived = derived_absolute_error::<G<X>>(reference, syntax, input);
        same_error(X::ABSOLUTE_NAME, input, &error, &derived)?;
    }
    Ok(())
}

/// Compares each scheme's grammar, as `#[derive(rfc3986::Grammar)]`
/// compiles it, with pest_derive's parser of the same files, on `input`
/// from its entry rules ([`compare_derived`]); without the `schemes`
/// feature, there are none.
fn compare_schemes(input: &str) -> Result<(), String> {
    #[cfg(feature = "schemes")]
    {
        use schemes::Grammar;
        {
            use schemes::http::{derived, grammar::HttpGrammar as G};
            compare_derived::<derived::HttpParser, <G as Grammar>::Compiled, _>(
                G::SCHEME,
                derived::Rule::http_input,
                input,
            )?;
        }
        {
            use schemes::mailto::{derived, grammar::MailtoGrammar as G};
            for entry in [derived::Rule::mailto_input, derived::Rule::to_input] {
                compare_derived::<derived::MailtoParser, <G as Grammar>::Compiled, _>(
                    G::SCHEME,
                    entry,
                    input,
                )?;
            }
        }
        {
            use schemes::urn::{derived, grammar::UrnGrammar as G};
            compare_derived::<derived::UrnParser, <G as Grammar>::Compiled, _>(
                G::SCHEME,
                derived::Rule::urn_input,
                input,
            )?;
        }
        {
            use schemes::file::{derived, grammar::FileGrammar as G};
            compare_derived::<derived::FileParser, <G as Grammar>::Compiled, _>(
                G::SCHEME,
                derived::Rule::file_input,
                input,
            )?;
        }
    }
    let _ = input;
    Ok(())
}

/// Compares the errors the crate makes of `input` from the compiled
/// parsers with the ones it makes from pest_derive's: as a URI reference,
/// an absolute URI, an IRI reference, and a URI of each scheme (its
/// grammar's violation), wherever the grammar rejects it.
///
/// # Errors
///
/// The first difference.
pub fn compare_errors(input: &str) -> Result<(), String> {
    compare_spec_errors::<Rfc3986>(input)?;
    compare_spec_errors::<Rfc3987>(input)?;
    compare_schemes(input)
}

/// Compares a grammar compiled by `#[derive(rfc3986::Grammar)]` (`G`,
/// over the derive's `Rule`) with pest_derive's parser
/// `P` of the same files (over pest_derive's `Rule`, `Q`), on `input` from
/// `entry`: the same verdict, the same pairs in the same order, and where
/// both reject it, the same record of the failure (the furthest position,
/// the rules tried there) and the same violation, named for `scheme`.
///
/// The two `Rule` types have the same variants in the same order (the
/// derive declares them as pest_derive does): a rule of one is the rule of
/// the other with the same name.
///
/// # Errors
///
/// What each parser found, when they differ.
pub fn compare_derived<P, G, Q>(scheme: &'static str, entry: Q, input: &str) -> Result<(), String>
where
    P: pest::Parser<Q>,
    G: CompiledGrammar,
    Q: UriRule,
{
    use alloc::format;
    use alloc::vec::Vec;
    let name = |rule: &dyn core::fmt::Debug| format!("{rule:?}");
    let Some(rule) = G::RULES.iter().copied().find(|r| name(r) == name(&entry)) else {
        return Err(format!("the derived grammar has no rule {entry:?}"));
    };
    let mut tree = compiled::tree::<G>(input);
    let matched = compiled::run::<G>(rule, &mut tree).is_some();
    error_detail();
    match (matched, P::parse(entry, input)) {
        (true, Ok(pairs)) => {
            let compiled: Vec<_> = tree.pairs.nodes().map(|n| (name(&n.rule), n.start, n.end)).collect();
            let derived: Vec<_> = pest_nodes(pairs)
                .map(|n| (name(&n.rule), n.start, n.end))
                .collect();
            if compiled == derived {
                return Ok(());
            }
            Err(format!(
                "the derived grammar and pest_derive's parser give other pairs for {input:?} from {entry:?}:\n  derived: {compiled:?}\n  pest_derive: {derived:?}"
            ))
        }
        (false, Err(error)) => {
            let expected = diagnose::attempts(&error, entry);
            let (attempts, end) = compiled::failure::<G>(rule, input);
            let names = |rules: &[G::Rule]| rules.iter().map(|r| name(r)).collect::<Vec<_>>();
            let expected_names = |rules: &[Q]| rules.iter().map(|r| name(r)).collect::<Vec<_>>();
            let tokens = Tokens::of_tokens(G::TOKENS, attempts.tokens());
            let expected_tokens = Tokens::of_pest(&error);
            if end.is_some()
                || attempts.pos() != expected.pos()
                || attempts.far() != expected.far()
                || !Tokens::agree(
                    &expected_tokens,
                    G::TOKENS,
                    G::COUNTS_SUCCESSES,
                    attempts.tokens(),
                    attempts.first_token(),
                )
                || names(attempts.positives()) != expected_names(expected.positives())
                || names(attempts.negatives()) != expected_names(expected.negatives())
            {
                return Err(format!(
                    "the derived grammar's diagnostic variant and pest_derive's parser disagree on the error for {input:?} from {entry:?}:\n  derived: at {}, reached {} expecting {tokens:?}, positives {:?}, negatives {:?}, end {end:?}\n  pest_derive: at {}, reached {} expecting {expected_tokens:?}, positives {:?}, negatives {:?}",
                    attempts.pos(),
                    attempts.far(),
                    attempts.positives(),
                    attempts.negatives(),
                    expected.pos(),
                    expected.far(),
                    expected.positives(),
                    expected.negatives(),
                ));
            }
            // Where pest left out the token whose failure got furthest
            // (`Tokens::agree`), its violation names less than the
            // compiled parser's, which is the one to trust.
            if tokens != expected_tokens {
                return Ok(());
            }
            same_violation(
                input,
                &schemes::violation(&CompiledParsers::<G>::PARSERS, scheme, rule, input),
                &schemes::violation(&Derived::<P>::PARSERS, scheme, entry, input),
            )
        }
        (matched, derived) => Err(format!(
            "the derived grammar and pest_derive's parser disagree on {input:?} from {entry:?}: derived {}, pest_derive {}",
            if matched { "matches" } else { "fails" },
            if derived.is_ok() { "matches" } else { "fails" },
        )),
    }
}

/// [`same_error`] for a scheme's violations.
pub(crate) fn same_violation(
    input: &str,
    compiled: &SchemeViolation,
    derived: &SchemeViolation,
) -> Result<(), String> {
    if compiled == derived && alloc::format!("{compiled:#}") == alloc::format!("{derived:#}") {
        return Ok(());
    }
    Err(alloc::format!(
        "the violations from the compiled parser and from pest_derive's differ for {input:?}:\n  compiled: {compiled}\n  pest_derive: {derived}"
    ))
}
