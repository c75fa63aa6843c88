//! The compiled parsers are the grammars, nothing more: on every input
//! below, the parser the build script compiles from a grammar and the one
//! pest_derive generates from the same files give the same verdict and the
//! same pairs (rule, start, end), in the same order.
//!
//! The inputs: the 100,000 strings of the differential corpus and 20,000
//! from the property generator, each from the entry rule of `uri.pest` and
//! of each scheme grammar; the same strings behind each scheme's prefix;
//! and the components of generated references from every rule of
//! `uri.pest`; and IRIs (characters above ASCII where RFC 3987 allows
//! them), damaged and not, and their components, from every rule of
//! `uri.pest` + `iri.pest`. The hostile inputs are compared in `tests/parse/hostile.rs`, and
//! with the `verify-compiled` feature every string the test suite parses.
//!
//! On each of these inputs (`compare_all` includes it), the capture
//! variant that `Uri::parse` and `Iri::parse` run, which fills the
//! lowering's slots as it matches, gives what the lowering makes of the
//! full pairs: the same bounds, or the same error.

use crate::support;

use proptest::strategy::{Strategy, ValueTree};
use rfc3986::__private::{
    compare_all, compare_capture, compare_errors, compare_iri, compare_uri, iri_starts, uri_starts,
};
use rfc3986::schemes::http::HttpUri;
use rfc3986::{Iri, IriRule, Rule, Uri, UriRule};
use support::generate::{mutate, uri_ish, uri_reference};

/// Compares every input, and fails with the first few differences.
fn compare_each<'a>(
    inputs: impl IntoIterator<Item = &'a str>,
    compare: impl Fn(&str) -> Result<(), String>,
) {
    let mut count = 0;
    let mut differences = Vec::new();
    for input in inputs {
        count += 1;
        if let Err(difference) = compare(input) {
            differences.push(difference);
        }
    }
    assert!(
        differences.is_empty(),
        "{} of {count} inputs parsed differently, the first ones:\n{}",
        differences.len(),
        differences[..differences.len().min(10)].join("\n")
    );
    assert!(count > 0);
}

#[test]
fn same_pairs_on_the_differential_corpus() {
    let corpus = support::corpus::differential();
    assert_eq!(corpus.len(), support::corpus::TOTAL);
    compare_each(corpus.iter().map(String::as_str), compare_all);
}

/// Every authority of up to four characters over the bytes that decide
/// what an authority holds, behind `//` and behind a scheme: the fast
/// variant matches `authority` from its host first where the byte after
/// the host and port proves there is no userinfo (the generator's
/// `speculate`), and as written where it does not; either way the pairs,
/// the bounds and the errors are pest_derive's.
#[test]
fn same_pairs_and_errors_on_short_authorities() {
    let alphabet = ["a", "1", ":", "@", "%", "4", "[", "]", ".", "/", "#"];
    let inputs: Vec<String> = ["//", "s://"]
        .iter()
        .flat_map(|prefix| {
            super::compiler::strings(&alphabet, 4)
                .into_iter()
                .map(move |rest| format!("{prefix}{rest}"))
        })
        .collect();
    assert_eq!(inputs.len(), 2 * (1 + 11 + 121 + 1_331 + 14_641));
    compare_each(inputs.iter().map(String::as_str), compare_all);
    compare_each(inputs.iter().map(String::as_str), compare_errors);
}

/// Every rejected input of the property generator gets the same error
/// from the compiled parsers as from pest_derive's: as a URI reference, an
/// absolute URI, an IRI reference and a URI of each scheme.
#[test]
fn same_errors_on_generated_references() {
    let inputs = generated(20_000);
    let rejected: Vec<&str> = inputs
        .iter()
        .map(String::as_str)
        .filter(|input| Uri::parse(input).is_err())
        .collect();
    assert!(rejected.len() > 5_000, "{} rejected", rejected.len());
    compare_each(rejected, compare_errors);
}

/// The same on 100,000 rejected mutants of the differential corpus: each
/// string damaged (a character removed, replaced or inserted, a token
/// inserted) with one seed after another until that many are rejected.
#[test]
fn same_errors_on_mutants_of_the_corpus() {
    const REJECTED: usize = 100_000;
    let corpus = support::corpus::differential();
    let mut rejected = Vec::with_capacity(REJECTED);
    'seeds: for seed in 0u64.. {
        for (i, text) in corpus.iter().enumerate() {
            let mutant = mutate(text, seed << 32 | i as u64);
            if Uri::parse(&mutant).is_err() {
                rejected.push(mutant);
                if rejected.len() == REJECTED {
                    break 'seeds;
                }
            }
        }
    }
    compare_each(rejected.iter().map(String::as_str), |input| {
        compare_capture(input)?;
        compare_errors(input)
    });
}

/// References from the property generator, strings over the URI alphabet,
/// and mutants of both.
fn generated(count: usize) -> Vec<String> {
    let mut runner = support::corpus::runner();
    let valid = uri_reference();
    let arbitrary = uri_ish();
    let mut inputs = Vec::with_capacity(count);
    for i in 0..count / 4 {
        let text = valid.new_tree(&mut runner).unwrap().current().text;
        inputs.push(mutate(&text, i as u64));
        inputs.push(text);
        let other = arbitrary.new_tree(&mut runner).unwrap().current();
        inputs.push(mutate(&other, !(i as u64)));
        inputs.push(other);
    }
    inputs
}

#[test]
fn same_pairs_on_generated_references() {
    let inputs = generated(20_000);
    compare_each(inputs.iter().map(String::as_str), compare_all);
}

/// The scheme grammars reject almost everything above at their first
/// bytes: the same strings behind each scheme's prefix get further.
#[test]
fn same_pairs_behind_scheme_prefixes() {
    const PREFIXES: [&str; 12] = [
        "http://",
        "HTTPS://",
        "http:",
        "https://user@",
        "mailto:",
        "mailto:a@b.example?",
        "MAILTO:?to=",
        "urn:",
        "urn:example:",
        "URN:urn-7:",
        "file://",
        "file:///c:",
    ];
    let suffixes = generated(2_000);
    let inputs: Vec<String> = PREFIXES
        .iter()
        .flat_map(|prefix| {
            suffixes.iter().map(move |suffix| {
                // A suffix that is a URI gives its part after the scheme.
                let rest = suffix
                    .split_once(':')
                    .map_or(suffix.as_str(), |(_, rest)| rest);
                format!("{prefix}{rest}")
            })
        })
        .collect();
    compare_each(inputs.iter().map(String::as_str), compare_all);
}

/// Every rule the compiled parser of `uri.pest` can start from (the
/// reference's entries and the RFC rules; the others, compiled only as far
/// as these call them, are compared inside them): each from every such
/// rule, on the components of generated references and on the references
/// themselves. (The conformance grammars of `tests/grammars/` compile
/// every rule as a start, as the derive does.)
#[test]
fn same_pairs_from_every_rule() {
    let mut runner = support::corpus::runner();
    let valid = uri_reference();
    let mut inputs = Vec::new();
    for _ in 0..500 {
        let generated = valid.new_tree(&mut runner).unwrap().current();
        let uri = Uri::parse(&generated.text).unwrap();
        let mut parts: Vec<String> = vec![generated.text.clone(), uri.path().to_string()];
        parts.extend(uri.scheme().map(str::to_string));
        parts.extend(uri.query().map(str::to_string));
        parts.extend(uri.fragment().map(str::to_string));
        if let Some(authority) = uri.authority() {
            parts.push(authority.as_str().to_string());
            parts.push(authority.host_str().to_string());
            parts.extend(authority.userinfo().map(str::to_string));
            parts.extend(authority.port_str().map(str::to_string));
            // The host without its brackets, for IPv6address and IPvFuture.
            let host = authority.host_str();
            parts.push(
                host.trim_start_matches('[')
                    .trim_end_matches(']')
                    .to_string(),
            );
        }
        inputs.extend(parts);
    }
    // The rules that play a role: the entries, and each component's.
    let rules = uri_starts();
    assert!(rules.iter().all(|rule| rule.role().is_some()), "{rules:?}");
    assert!(rules.contains(&Rule::uri_reference_input) && rules.contains(&Rule::host));
    compare_each(inputs.iter().map(String::as_str), |input| {
        rules.iter().try_for_each(|&rule| compare_uri(rule, input))
    });
}

/// `http.pest` holds every component of the generic syntax, so an `http`
/// parse lowers its own tree into the generic `Uri` (one pass): it must be
/// the `Uri` the generic parser makes.
#[test]
fn one_pass_http_parse_gives_the_generic_uri() {
    let suffixes = generated(8_000);
    let mut parsed = 0;
    for suffix in &suffixes {
        let rest = suffix
            .split_once("//")
            .map_or(suffix.as_str(), |(_, rest)| rest);
        for prefix in ["http://", "HtTpS://"] {
            let input = format!("{prefix}{rest}");
            let Ok(http) = HttpUri::parse(&input) else {
                continue;
            };
            parsed += 1;
            let generic = Uri::parse(&input).unwrap();
            let one_pass = http.uri();
            assert_eq!(format!("{one_pass:?}"), format!("{generic:?}"), "{input}");
            assert_eq!(one_pass.host(), generic.host(), "{input}");
            assert_eq!(one_pass.port(), generic.port(), "{input}");
            assert_eq!(one_pass.check_invariants(), Ok(()), "{input}");
        }
    }
    assert!(parsed > 5_000, "{parsed} http URIs");
}

/// The IRI grammar (`uri.pest` + `iri.pest`), whose classes have ranges
/// above ASCII: generated IRIs, damaged copies, and their components, from
/// every rule it can start from (as for uri.pest).
#[test]
fn same_pairs_on_iris_from_every_rule() {
    let mut runner = support::corpus::runner();
    let valid = support::iri::iri_reference();
    let mut inputs = Vec::new();
    for i in 0..1_000 {
        let generated = valid.new_tree(&mut runner).unwrap().current();
        let iri = Iri::parse(&generated.text).unwrap();
        inputs.push(support::iri::mutate(&generated.text, i));
        inputs.push(generated.text.clone());
        inputs.push(iri.path().to_string());
        inputs.extend(iri.query().map(str::to_string));
        inputs.extend(iri.fragment().map(str::to_string));
        if let Some(authority) = iri.authority() {
            inputs.push(authority.as_str().to_string());
            inputs.push(authority.host_str().to_string());
            inputs.extend(authority.userinfo().map(str::to_string));
        }
    }
    // The rules that play a role, RFC 3987's where iri.pest gives its own
    // rules uri.pest's roles (`ihost`): none of uri.pest's `host`, ...
    let rules = iri_starts();
    assert!(rules.iter().all(|rule| rule.role().is_some()), "{rules:?}");
    assert!(rules.contains(&IriRule::ihost) && !rules.contains(&IriRule::host));
    compare_each(inputs.iter().map(String::as_str), |input| {
        compare_capture(input)?;
        rules.iter().try_for_each(|&rule| compare_iri(rule, input))
    });
}
