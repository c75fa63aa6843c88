//! Property tests: generated valid references parse into exactly the
//! components they were built from, and no string makes the parser panic
//! or break its invariants.
//!
//! The generators are in `support/generate.rs`;
//! `algorithms/properties_resolve.rs` uses them for resolution and
//! normalization.

use crate::support;

use proptest::prelude::*;
use rfc3986::{ErrorKind, Host, Uri};
use support::generate::{uri_ish, uri_reference, ExpectedHost};
use support::recompose::recompose;

/// What every successful parse must satisfy.
fn check_parsed<S: rfc3986::Storage>(input: &str, uri: &Uri<S>) -> Result<(), TestCaseError> {
    prop_assert_eq!(uri.as_str(), input);
    prop_assert_eq!(uri.to_string(), input);
    prop_assert_eq!(recompose(uri), input);
    prop_assert_eq!(uri.check_invariants(), Ok(()));
    prop_assert_eq!(
        uri.path_segments().collect::<Vec<_>>().join("/"),
        uri.path()
    );
    prop_assert_eq!(uri.is_relative(), uri.scheme().is_none());
    // Parsing the output again gives the same URI.
    let shown = uri.to_string();
    let again = Uri::parse(&shown);
    let (again, expected) = (again.map(|r| r.to_owned()), uri.to_owned());
    prop_assert_eq!(again.as_ref(), Ok(&expected));
    Ok(())
}

/// What every failed parse must satisfy.
fn check_error(input: &str, err: &rfc3986::ParseError) -> Result<(), TestCaseError> {
    prop_assert!(err.offset() <= input.len(), "{err}");
    prop_assert!(input.is_char_boundary(err.offset()), "{err}");
    if err.kind() != ErrorKind::PortRange {
        prop_assert_eq!(err.found(), input[err.offset()..].chars().next());
    }
    // Display is one bounded line; the alternate form adds a bounded
    // excerpt (at most 32 characters each side, each escaped to at most
    // 10 bytes).
    let line = err.to_string();
    prop_assert!(!line.contains('\n') && line.len() < 200, "{line}");
    let alternate = format!("{err:#}");
    prop_assert!(alternate.len() < 200 + 2 * (3 + 64 * 10), "{alternate}");
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    /// A generated valid reference parses into exactly the components it
    /// was built from, and round-trips.
    #[test]
    fn valid_references_parse_into_their_components(generated in uri_reference()) {
        let input = &generated.text;
        let expected = &generated.expected;
        let uri = Uri::parse(input).map_err(|e| TestCaseError::fail(format!("{input:?}: {e}")))?;
        check_parsed(input, &uri)?;

        prop_assert_eq!(uri.scheme(), expected.scheme.as_deref());
        prop_assert_eq!(uri.path(), expected.path.as_str());
        prop_assert_eq!(uri.query(), expected.query.as_deref());
        prop_assert_eq!(uri.fragment(), expected.fragment.as_deref());
        prop_assert_eq!(uri.authority().is_some(), expected.authority.is_some());
        if let (Some(authority), Some(exp)) = (uri.authority(), &expected.authority) {
            prop_assert_eq!(authority.as_str(), exp.text());
            prop_assert_eq!(authority.userinfo(), exp.userinfo.as_deref());
            prop_assert_eq!(authority.host_str(), exp.host.as_str());
            prop_assert_eq!(authority.port_str(), exp.port.as_deref());
            prop_assert_eq!(authority.port(), exp.port_number());
            prop_assert_eq!(authority.has_port(), exp.port.is_some());
            match (authority.host(), &exp.kind) {
                (Host::Ipv4(a), ExpectedHost::Ipv4(b)) => prop_assert_eq!(a, *b),
                (Host::Ipv6(a), ExpectedHost::Ipv6(b)) => prop_assert_eq!(a, *b),
                (
                    Host::IpvFuture { version, address },
                    ExpectedHost::IpvFuture { version: v, address: a },
                ) => {
                    prop_assert_eq!(version, v.as_str());
                    prop_assert_eq!(address, a.as_str());
                }
                (Host::RegName(a), ExpectedHost::RegName(b)) => prop_assert_eq!(a, b.as_str()),
                (host, kind) => prop_assert!(false, "{input:?}: host {host:?}, expected {kind:?}"),
            }
        }
    }

    /// No string makes the parser panic. A parse gives the input back and
    /// keeps the invariants; an error points into the input at a character
    /// boundary and displays in bounded space.
    #[test]
    fn arbitrary_strings_never_break_the_parser(input in uri_ish()) {
        match Uri::parse(&input) {
            Ok(uri) => check_parsed(&input, &uri)?,
            Err(err) => check_error(&input, &err)?,
        }
    }

    /// The same over any Unicode string at all.
    #[test]
    fn any_string_never_breaks_the_parser(input in any::<String>()) {
        match Uri::parse(&input) {
            Ok(uri) => check_parsed(&input, &uri)?,
            Err(err) => check_error(&input, &err)?,
        }
    }
}
