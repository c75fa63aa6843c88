//! Property and differential tests of IRIs: generated IRI references
//! (`support/iri.rs`: valid URI references with characters above ASCII put
//! where RFC 3987 allows them) parse into their components; the mappings
//! of section 3 round-trip; resolution commutes with the mapping to URIs;
//! the compiled parser agrees with pest_derive's; and fluent-uri's and
//! oxiri's IRI parsers agree with this crate's on valid and damaged IRIs.
//!
//! Deviations: the one difference with either is deliberate and this
//! crate's, as for URIs: a port above 65535, which the grammar allows
//! (`port = *DIGIT`) and both accept, is `ErrorKind::PortRange` here.
//! Neither crate disagrees on anything else over these inputs, nor on the
//! ends of every `ucschar` and `iprivate` range, noncharacters and bidi
//! formatting characters in each component
//! (`range_ends_agree_with_fluent_uri_and_oxiri`), nor on spot checks of
//! IPv6 forms, zone identifiers and percent-encodings. Neither checks
//! section 4.1 (bidirectional formatting characters) when parsing, and
//! neither does here: [`Iri::check_bidi`] is a separate call.

use crate::support;

use proptest::prelude::*;
use proptest::strategy::ValueTree;
use rfc3986::__private::compare_iri;
use rfc3986::{ErrorKind, Iri, IriRule};
use support::generate::ExpectedHost;
use support::iri::{iri_reference, mutate, IPRIVATE_RANGES, UCSCHAR_RANGES};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5_000))]

    /// A generated IRI reference parses into exactly the components it was
    /// built from, and round-trips.
    #[test]
    fn valid_iris_parse_into_their_components(generated in iri_reference()) {
        let input = &generated.text;
        let expected = &generated.expected;
        let parsed = Iri::parse(input).map_err(|e| TestCaseError::fail(format!("{input:?}: {e}")))?;
        prop_assert_eq!(parsed.as_str(), input);
        prop_assert_eq!(parsed.check_invariants(), Ok(()));
        prop_assert_eq!(parsed.scheme(), expected.scheme.as_deref());
        prop_assert_eq!(parsed.path(), expected.path.as_str());
        prop_assert_eq!(parsed.query(), expected.query.as_deref());
        prop_assert_eq!(parsed.fragment(), expected.fragment.as_deref());
        let authority = expected.authority.as_ref();
        prop_assert_eq!(parsed.userinfo(), authority.and_then(|a| a.userinfo.as_deref()));
        prop_assert_eq!(parsed.host_str(), authority.map(|a| a.host.as_str()));
        prop_assert_eq!(parsed.port_str(), authority.and_then(|a| a.port.as_deref()));
        if let Some(ExpectedHost::RegName(name)) = authority.map(|a| &a.kind) {
            prop_assert!(matches!(parsed.host(), Some(rfc3986::Host::RegName(n)) if n == name.as_str()));
        }
        prop_assert_eq!(compare_iri(IriRule::iri_reference_input, input), Ok(()));
    }

    /// Section 3.1 then section 3.2 gives the IRI back when it has no
    /// percent-encoding (and no bidirectional formatting character, which
    /// the generator never puts in): every character `to_uri` encodes,
    /// `to_iri` decodes. The URI is a URI, and `to_uri` is idempotent.
    #[test]
    fn to_uri_then_to_iri_round_trips(generated in iri_reference()) {
        let parsed = Iri::parse(&generated.text).unwrap();
        let mapped = parsed.to_uri();
        prop_assert!(mapped.as_str().is_ascii());
        prop_assert_eq!(mapped.check_invariants(), Ok(()));
        let reparsed = rfc3986::Uri::parse(mapped.as_str());
        let reparsed = reparsed.map(|r| r.to_owned());
        prop_assert_eq!(reparsed.as_ref(), Ok(&mapped));
        prop_assert_eq!(Iri::parse(mapped.as_str()).unwrap().to_uri(), mapped.clone());
        if !parsed.as_str().contains('%') {
            prop_assert_eq!(mapped.to_iri(), parsed);
        }
    }

    /// Section 3.1: "there is no need to define resolution separately on
    /// the IRI level": resolving IRIs and mapping the target gives the
    /// target of the mapped references.
    #[test]
    fn resolution_commutes_with_to_uri(base in iri_reference(), reference in iri_reference()) {
        let base = Iri::parse(&base.text).unwrap();
        let reference = Iri::parse(&reference.text).unwrap();
        let on_iris = base.resolve(&reference).map(|t| t.to_uri());
        let on_uris = base.to_uri().resolve(&reference.to_uri());
        prop_assert_eq!(on_iris, on_uris);
    }

    /// Normalization is idempotent and keeps the IRI an IRI; equivalent
    /// IRIs map to equivalent URIs.
    #[test]
    fn normalization_is_idempotent(generated in iri_reference()) {
        let parsed = Iri::parse(&generated.text).unwrap();
        let normal = parsed.normalize();
        prop_assert_eq!(normal.check_invariants(), Ok(()));
        prop_assert_eq!(normal.normalize(), normal.clone());
        prop_assert!(parsed.equivalent(&normal));
        let reparsed = Iri::parse(normal.as_str());
        let reparsed = reparsed.map(|r| r.to_owned());
        prop_assert_eq!(reparsed.as_ref(), Ok(&normal));
    }

    /// Damaged IRIs: the compiled parser agrees with pest_derive's, and a
    /// failure is an error at a character boundary, never a panic.
    #[test]
    fn damaged_iris(generated in iri_reference(), seed in any::<u64>()) {
        let input = mutate(&generated.text, seed);
        prop_assert_eq!(compare_iri(IriRule::iri_reference_input, &input), Ok(()));
        match Iri::parse(&input) {
            Ok(parsed) => prop_assert_eq!(parsed.as_str(), input.as_str()),
            Err(err) => {
                prop_assert!(input.is_char_boundary(err.offset()), "{}", err);
                if err.kind() != ErrorKind::PortRange {
                    prop_assert_eq!(err.found(), input[err.offset()..].chars().next());
                }
            }
        }
    }
}

/// The components of a parsed reference, as written, for comparison.
#[derive(Debug, PartialEq, Eq)]
struct Components {
    scheme: Option<String>,
    authority: Option<String>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
}

impl Components {
    fn new(
        scheme: Option<&str>,
        authority: Option<&str>,
        path: &str,
        query: Option<&str>,
        fragment: Option<&str>,
    ) -> Components {
        Components {
            scheme: scheme.map(str::to_owned),
            authority: authority.map(str::to_owned),
            path: path.to_owned(),
            query: query.map(str::to_owned),
            fragment: fragment.map(str::to_owned),
        }
    }
}

fn ours<S: rfc3986::Storage>(iri: &Iri<S>) -> Components {
    Components::new(
        iri.scheme(),
        iri.authority().map(|a| a.as_str()),
        iri.path(),
        iri.query(),
        iri.fragment(),
    )
}

/// Whether `input` is one of the deliberate differences: a port above
/// 65535, which the grammar allows and this crate rejects
/// (`ErrorKind::PortRange`), as for URIs.
fn port_out_of_range(input: &str) -> bool {
    Iri::parse(input).is_err_and(|e| e.kind() == ErrorKind::PortRange)
}

/// The generated IRIs and damaged copies of them.
fn inputs(count: usize) -> Vec<String> {
    let mut runner = support::corpus::runner();
    let strategy = iri_reference();
    let mut inputs = Vec::with_capacity(count);
    for i in 0..count / 2 {
        let text = strategy.new_tree(&mut runner).unwrap().current().text;
        inputs.push(mutate(&text, i as u64));
        inputs.push(text);
    }
    inputs
}

/// Checks that `peer` (the components of an IRI reference, `None` for an
/// error) agrees with `Iri::parse` on 40,000 generated and damaged IRIs:
/// the same verdict and the same components, but for ports above 65535.
fn agrees_with(peer: fn(&str) -> Option<Components>) {
    let mut disagreements = Vec::new();
    let (mut valid, mut invalid) = (0, 0);
    for input in inputs(40_000) {
        let mine = Iri::parse(&input);
        let theirs = peer(&input);
        match (&mine, &theirs) {
            (Ok(mine), Some(theirs)) => {
                valid += 1;
                if ours(mine) != *theirs {
                    disagreements.push(format!("{input:?}: {:?} vs {theirs:?}", ours(mine)));
                }
            }
            (Err(_), None) => invalid += 1,
            (Err(_), Some(_)) if port_out_of_range(&input) => {}
            _ => disagreements.push(format!("{input:?}: {mine:?} vs {theirs:?}")),
        }
    }
    assert!(
        disagreements.is_empty(),
        "{} disagreements:\n{}",
        disagreements.len(),
        disagreements[..disagreements.len().min(10)].join("\n")
    );
    assert!(
        valid > 20_000 && invalid > 5_000,
        "{valid} valid, {invalid} invalid"
    );
}

/// fluent-uri's `IriRef` implements RFC 3987 section 2.2 too.
#[test]
fn agrees_with_fluent_uri_iri_ref() {
    agrees_with(|s| {
        let theirs = fluent_uri::IriRef::parse(s).ok()?;
        Some(Components::new(
            theirs.scheme().map(|s| s.as_str()),
            theirs.authority().map(|a| a.as_str()),
            theirs.path().as_str(),
            theirs.query().map(|q| q.as_str()),
            theirs.fragment().map(|f| f.as_str()),
        ))
    });
}

/// oxiri's `IriRef` (RFC 3987).
#[test]
fn agrees_with_oxiri() {
    agrees_with(|s| {
        let theirs = oxiri::IriRef::parse(s).ok()?;
        Some(Components::new(
            theirs.scheme(),
            theirs.authority(),
            theirs.path(),
            theirs.query(),
            theirs.fragment(),
        ))
    });
}

/// The characters the generator rarely or never puts in: every `ucschar`
/// and `iprivate` range at its first and last code point and just outside,
/// the C1 controls, the noncharacters, the tag block before the last
/// `ucschar` range and the bidirectional formatting characters, in each
/// component and in a first segment, a rootless path and an IP literal.
/// fluent-uri's and oxiri's IRI parsers give the same verdict as this
/// crate on each.
#[test]
fn range_ends_agree_with_fluent_uri_and_oxiri() {
    let mut codes: Vec<u32> = UCSCHAR_RANGES
        .iter()
        .chain(&IPRIVATE_RANGES)
        .flat_map(|&(first, last)| [first - 1, first, last, last + 1])
        .collect();
    codes.extend([0x7F, 0x80, 0x9F, 0xE0000, 0xE0FFF, 0xFFFE, 0xFFFF, 0x1FFFE]);
    codes.extend([0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E]);
    let (mut accepted, mut rejected) = (0, 0);
    let mut disagreements = Vec::new();
    for c in codes.into_iter().filter_map(char::from_u32) {
        for input in [
            format!("http://u{c}@h/"),
            format!("http://h{c}/"),
            format!("http://h/p{c}"),
            format!("http://h/?q{c}"),
            format!("http://h/#f{c}"),
            format!("{c}/x"),
            format!("s:{c}"),
            format!("//[v1.{c}]/"),
        ] {
            let mine = Iri::parse(&input).is_ok();
            let fluent = fluent_uri::IriRef::parse(input.as_str()).is_ok();
            let oxiri = oxiri::IriRef::parse(input.as_str()).is_ok();
            if mine != fluent || mine != oxiri {
                disagreements.push(format!(
                    "{input:?}: ours {mine}, fluent-uri {fluent}, oxiri {oxiri}"
                ));
            }
            if mine {
                accepted += 1;
            } else {
                rejected += 1;
            }
        }
    }
    assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
    assert!(
        accepted > 300 && rejected > 200,
        "{accepted} accepted, {rejected} rejected"
    );
}
