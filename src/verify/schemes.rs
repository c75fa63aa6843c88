//! The comparisons that reach the scheme types: each scheme's grammar as
//! `#[derive(rfc3986::Grammar)]` compiles it against pest_derive's parser
//! of the same files, and the comparisons of every grammar at once
//! ([`compare_all`], [`compare_errors`]). The top of the crate: it imports
//! [`schemes`](crate::schemes) and the comparisons of the URI and IRI
//! parsers ([`super`]); nothing imports it but the tests, through
//! `__private`.

use alloc::string::String;

use super::{
    compare_capture, compare_held, compare_iri, compare_uri, error_detail, iri_errors,
    not_a_uri_errors, not_an_iri_errors, same_errors, uri_errors,
};
use crate::compiled::runtime::{Attempts, Tree};
use crate::compiled::ParserEntries;
use crate::diagnose::{self, Derived};
use crate::grammar::{Rule, UriRule};
use crate::iri::IriRule;
use crate::lower::pest_nodes;
use crate::schemes::{self, SchemeViolation};

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

/// Compares each scheme's grammar, as `#[derive(rfc3986::Grammar)]`
/// compiles it, with pest_derive's parser of the same files, on `input`
/// from its entry rules ([`compare_derived`]).
fn compare_schemes(input: &str) -> Result<(), String> {
    use schemes::Grammar;
    {
        use schemes::http::{derived, grammar::HttpGrammar as G};
        compare_derived::<derived::HttpParser, _, _, _>(
            &G::__PARSERS,
            G::SCHEME,
            derived::Rule::http_input,
            input,
        )?;
    }
    {
        use schemes::mailto::{derived, grammar::MailtoGrammar as G};
        for entry in [derived::Rule::mailto_input, derived::Rule::to_input] {
            compare_derived::<derived::MailtoParser, _, _, _>(
                &G::__PARSERS,
                G::SCHEME,
                entry,
                input,
            )?;
        }
    }
    {
        use schemes::urn::{derived, grammar::UrnGrammar as G};
        compare_derived::<derived::UrnParser, _, _, _>(
            &G::__PARSERS,
            G::SCHEME,
            derived::Rule::urn_input,
            input,
        )?;
    }
    {
        use schemes::file::{derived, grammar::FileGrammar as G};
        compare_derived::<derived::FileParser, _, _, _>(
            &G::__PARSERS,
            G::SCHEME,
            derived::Rule::file_input,
            input,
        )
    }
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
    use crate::compiled::uri;
    use crate::iri::compiled as iri;
    if uri::parse(Rule::uri_reference_input, input).is_none() {
        let entry = Rule::uri_reference_input;
        let kept = (crate::parsers::uri::DIAGNOSIS.kept)(entry, input);
        let errors = uri_errors(entry, input, kept.as_ref());
        same_errors("URI reference", input, errors)?;
    }
    if uri::parse(Rule::uri_input, input).is_none() {
        same_errors("absolute URI", input, not_a_uri_errors(input))?;
    }
    if iri::parse(IriRule::iri_input, input).is_none() {
        same_errors("absolute IRI", input, not_an_iri_errors(input))?;
    }
    if iri::parse(IriRule::iri_reference_input, input).is_none() {
        let entry = IriRule::iri_reference_input;
        let kept = (crate::parsers::iri::DIAGNOSIS.kept)(entry, input);
        let errors = iri_errors(entry, input, kept.as_ref());
        same_errors("IRI reference", input, errors)?;
    }
    compare_schemes(input)
}

/// Compares a grammar compiled by `#[derive(rfc3986::Grammar)]` (its
/// parsers `entries`, over the derive's `Rule`) with pest_derive's parser
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
pub fn compare_derived<P, Q, R, const N: usize>(
    entries: &ParserEntries<R, N>,
    scheme: &'static str,
    entry: Q,
    input: &str,
) -> Result<(), String>
where
    P: pest::Parser<Q>,
    Q: UriRule,
    R: UriRule,
{
    use alloc::format;
    use alloc::vec::Vec;
    let name = |rule: &dyn core::fmt::Debug| format!("{rule:?}");
    let Some(rule) = entries
        .rules
        .iter()
        .copied()
        .find(|r| name(r) == name(&entry))
    else {
        return Err(format!("the derived grammar has no rule {entry:?}"));
    };
    let mut tree = Tree::new(input, rule);
    let matched = (entries.run)(rule, &mut tree).is_some();
    error_detail();
    match (matched, P::parse(entry, input)) {
        (true, Ok(pairs)) => {
            let compiled: Vec<_> = tree.nodes().map(|n| (name(&n.rule), n.start, n.end)).collect();
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
            let mut attempts = Attempts::new(rule);
            let end = (entries.failure)(rule, input, &mut attempts);
            let names = |rules: &[R]| rules.iter().map(|r| name(r)).collect::<Vec<_>>();
            let expected_names = |rules: &[Q]| rules.iter().map(|r| name(r)).collect::<Vec<_>>();
            if end.is_some()
                || attempts.pos() != expected.pos()
                || attempts.far() != expected.far()
                || names(attempts.positives()) != expected_names(expected.positives())
                || names(attempts.negatives()) != expected_names(expected.negatives())
            {
                return Err(format!(
                    "the derived grammar's diagnostic variant and pest_derive's parser disagree on the error for {input:?} from {entry:?}:\n  derived: at {}, reached {}, positives {:?}, negatives {:?}, end {end:?}\n  pest_derive: at {}, reached {}, positives {:?}, negatives {:?}",
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
            same_violation(
                input,
                &schemes::violation(entries, scheme, rule, input),
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
