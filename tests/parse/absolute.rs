//! `AbsoluteUri`: a URI with a scheme (the `URI` rule), as its own type.

use crate::support;

use proptest::prelude::*;
use rfc3986::{AbsoluteUri, ErrorKind, Uri};
use rstest::rstest;
use support::generate::{uri_ish, uri_reference};

#[rstest]
#[case::http("http://example.com/a?b#c")]
#[case::urn("urn:isbn:0451450523")]
#[case::empty_path("foo:")]
#[case::fragment_only("s:#f")]
#[case::empty_authority("file:///etc/hosts")]
#[case::rootless("mailto:a@example.com")]
fn parses_a_uri_with_a_scheme(#[case] input: &str) {
    let uri = AbsoluteUri::parse(input).unwrap();
    assert_eq!(uri.as_str(), input);
    assert_eq!(uri.scheme(), Uri::parse(input).unwrap().scheme().unwrap());
    assert_eq!(*uri.as_uri(), Uri::parse(input).unwrap());
    uri.check_invariants().unwrap();
}

/// A relative reference is an error where a scheme stops being possible;
/// what is not a URI reference at all has the error of its parse.
#[rstest]
#[case::empty("", ErrorKind::Scheme, 0)]
#[case::host_and_path("example.com/api", ErrorKind::Scheme, 11)]
#[case::one_segment("a", ErrorKind::Scheme, 1)]
#[case::network_path("//host/a", ErrorKind::Scheme, 0)]
#[case::absolute_path("/etc/hosts", ErrorKind::Scheme, 0)]
#[case::query("?q", ErrorKind::Scheme, 0)]
#[case::fragment("#f", ErrorKind::Scheme, 0)]
#[case::dot_segment("./a:b", ErrorKind::Scheme, 0)]
#[case::bad_scheme("1http://a", ErrorKind::Scheme, 0)]
#[case::bad_scheme_char("ht_tp://a", ErrorKind::Scheme, 2)]
#[case::bad_host("http://a b/", ErrorKind::InvalidCharacter, 8)]
#[case::bad_relative("a b", ErrorKind::InvalidCharacter, 1)]
#[case::port_range("http://a:99999/", ErrorKind::PortRange, 9)]
fn rejects_what_is_not_a_uri(#[case] input: &str, #[case] kind: ErrorKind, #[case] offset: usize) {
    let err = AbsoluteUri::parse(input).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (kind, offset), "{err}");
    assert_eq!(input.parse::<AbsoluteUri>().unwrap_err(), err);
    assert_eq!(AbsoluteUri::try_from(input).unwrap_err(), err);
    assert_eq!(
        AbsoluteUri::try_from(input.to_string())
            .unwrap_err()
            .without_input(),
        err
    );
    if let Ok(uri) = Uri::parse(input) {
        assert_eq!(AbsoluteUri::try_from(uri).unwrap_err(), err);
    }
}

#[test]
fn error_messages() {
    let message = |input| AbsoluteUri::parse(input).unwrap_err().to_string();
    assert_eq!(
        message(""),
        "invalid scheme at byte 0: expected ALPHA, found end of input"
    );
    assert_eq!(
        message("example.com/api"),
        r#"invalid scheme at byte 11: expected ALPHA, DIGIT, "+", "-", "." or ":", found '/'"#
    );
}

#[test]
fn is_a_uri() {
    let uri = AbsoluteUri::parse("https://alice:s3cret@example.com:8443/a?b#c").unwrap();
    // Through Deref, every method of Uri.
    assert_eq!(uri.host_str(), Some("example.com"));
    assert_eq!(uri.port(), Some(8443));
    assert_eq!(
        uri.normalize(),
        "https://alice:s3cret@example.com:8443/a?b#c"
    );
    assert_eq!(
        uri.resolve(&Uri::parse("../x").unwrap()).unwrap(),
        "https://alice:s3cret@example.com:8443/x"
    );
    // Comparisons and conversions.
    let plain = Uri::parse(uri.as_str()).unwrap();
    assert_eq!(uri, plain);
    assert_eq!(uri, *"https://alice:s3cret@example.com:8443/a?b#c");
    assert_eq!(AbsoluteUri::try_from(plain).unwrap(), uri);
    assert_eq!(Uri::from(uri), plain);
    assert_eq!(uri.into_uri(), plain);
    let as_uri: &Uri<&str> = uri.as_ref();
    assert_eq!(as_uri, &plain);
    let as_str: &str = uri.as_ref();
    assert_eq!(as_str, plain.as_str());
    assert_eq!(uri.to_string(), plain.to_string());
    // Debug shows the components as Uri's does, under its own name, and
    // hides the password.
    assert_eq!(format!("{uri:?}"), format!("Absolute{plain:?}"));
    assert!(!format!("{uri:?}").contains("s3cret"));
    // Ordering and hashing are the text's.
    let mut set = std::collections::BTreeSet::new();
    set.insert(AbsoluteUri::parse("b:").unwrap());
    set.insert(AbsoluteUri::parse("a:").unwrap());
    assert_eq!(
        set.iter().map(|u| u.as_str()).collect::<Vec<_>>(),
        ["a:", "b:"]
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    /// The grammar's `URI` rule takes exactly the references that have a
    /// scheme. A string that is no URI reference either has the same error
    /// where it starts with a scheme and its ":" (the reference's `URI`
    /// alternative is then what got furthest); otherwise the error is at
    /// the first byte no scheme takes, where no URI can go on.
    #[test]
    fn accepts_exactly_the_references_with_a_scheme(input in prop_oneof![uri_reference().prop_map(|g| g.text), uri_ish()]) {
        let absolute = AbsoluteUri::parse(&input);
        let scheme = input
            .char_indices()
            .take_while(|&(i, c)| c.is_ascii_alphabetic() || i > 0 && (c.is_ascii_digit() || "+-.".contains(c)))
            .count();
        match Uri::parse(&input) {
            Ok(uri) if !uri.is_relative() => prop_assert_eq!(absolute.map(Uri::from), Ok(uri)),
            Ok(_) => prop_assert_eq!(absolute.unwrap_err().kind(), ErrorKind::Scheme),
            Err(err) if scheme > 0 && input[scheme..].starts_with(':') => {
                prop_assert_eq!(absolute.unwrap_err(), err)
            }
            Err(_) => {
                let err = absolute.unwrap_err();
                prop_assert_eq!(err.offset(), scheme);
                prop_assert!(matches!(err.kind(), ErrorKind::Scheme | ErrorKind::InvalidCharacter), "{}", err);
            }
        }
    }
}
