//! `is_valid`, the verdict without the diagnosis: true exactly where
//! `parse` succeeds, for each type of the family, on the 100,000 inputs of
//! the differential corpus and on IRI references and their mutants.

use proptest::strategy::{Strategy, ValueTree};
use rfc3986::{AbsoluteIri, AbsoluteUri, Iri, Uri};

use crate::support;

/// `is_valid` of `Uri` gives `parse`'s verdict on `input`.
fn assert_uri_verdict(input: &str) {
    assert_eq!(
        Uri::is_valid(input),
        Uri::parse(input).is_ok(),
        "Uri {input:?}"
    );
}

/// `is_valid` of each type gives `parse`'s verdict on `input`.
fn assert_verdicts(input: &str) {
    assert_uri_verdict(input);
    assert_eq!(
        AbsoluteUri::is_valid(input),
        AbsoluteUri::parse(input).is_ok(),
        "AbsoluteUri {input:?}"
    );
    assert_eq!(
        Iri::is_valid(input),
        Iri::parse(input).is_ok(),
        "Iri {input:?}"
    );
    assert_eq!(
        AbsoluteIri::is_valid(input),
        AbsoluteIri::parse(input).is_ok(),
        "AbsoluteIri {input:?}"
    );
}

#[test]
fn is_valid_is_parses_verdict_on_the_differential_corpus() {
    let inputs = support::corpus::differential();
    let (mut valid, mut invalid) = (0, 0);
    // Every input for `Uri`, every fourth for the three other types (each
    // of its own entry rule or grammar), which still meets each verdict
    // thousands of times: with `verify-compiled`, each parse is also
    // checked against pest_derive's, and the whole corpus four times over
    // would be the slowest test of the suite.
    for (i, input) in inputs.iter().enumerate() {
        if i % 4 == 0 {
            assert_verdicts(input);
        } else {
            assert_uri_verdict(input);
        }
        if Uri::is_valid(input) {
            valid += 1;
        } else {
            invalid += 1;
        }
    }
    // Both verdicts, many times each: the test could fail either way.
    assert!(
        valid > 30_000 && invalid > 30_000,
        "{valid} valid, {invalid} invalid"
    );
}

#[test]
fn is_valid_is_parses_verdict_on_iri_references_and_mutants() {
    let mut runner = support::corpus::runner();
    let strategy = support::iri::iri_reference();
    let (mut valid, mut invalid) = (0, 0);
    for base in 0..2_000u64 {
        let text = strategy.new_tree(&mut runner).unwrap().current().text;
        assert_verdicts(&text);
        for mutant in 0..4 {
            let mutated = support::iri::mutate(&text, base * 4 + mutant);
            assert_verdicts(&mutated);
            if Iri::is_valid(&mutated) {
                valid += 1;
            } else {
                invalid += 1;
            }
        }
    }
    assert!(
        valid > 500 && invalid > 500,
        "{valid} valid, {invalid} invalid"
    );
}

/// The cases where the verdict is not the grammar's alone: a port above
/// 65535, which the lowering rejects after the grammar matched.
#[test]
fn is_valid_rejects_a_port_above_65535_as_parse_does() {
    for (input, valid) in [
        ("http://a:65535/", true),
        ("http://a:65536/", false),
        ("//a:99999999999999999999", false),
        ("http://a:/", true),
    ] {
        assert_eq!(Uri::is_valid(input), valid, "{input}");
        assert_verdicts(input);
    }
}
