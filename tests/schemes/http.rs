//! The `http` and `https` schemes, RFC 9110 section 4.2.

use rfc3986::schemes::http::HttpUri;
use rfc3986::schemes::SchemeError;
use rfc3986::{ErrorKind, Host};
use rstest::rstest;

/// RFC 9110's examples (sections 4.2.1, 4.2.3) and others, with scheme,
/// host, port as written, port or default, path and query.
#[rstest]
#[case(
    "http://www.example.com/",
    false,
    "www.example.com",
    None,
    80,
    "/",
    None
)]
#[case(
    "http://example.com:80/~smith/home.html",
    false,
    "example.com",
    Some(80),
    80,
    "/~smith/home.html",
    None
)]
#[case(
    "http://EXAMPLE.com/%7Esmith/home.html",
    false,
    "EXAMPLE.com",
    None,
    80,
    "/%7Esmith/home.html",
    None
)]
#[case(
    "http://EXAMPLE.com:/%7esmith/home.html",
    false,
    "EXAMPLE.com",
    None,
    80,
    "/%7esmith/home.html",
    None
)]
#[case(
    "https://www.example.com:8443/a?b=c",
    true,
    "www.example.com",
    Some(8443),
    8443,
    "/a",
    Some("b=c")
)]
#[case("HTTPS://example.com", true, "example.com", None, 443, "", None)]
#[case(
    "http://192.0.2.16:8080?q",
    false,
    "192.0.2.16",
    Some(8080),
    8080,
    "",
    Some("q")
)]
#[case("http://[2001:db8::7]/", false, "[2001:db8::7]", None, 80, "/", None)]
fn valid(
    #[case] input: &str,
    #[case] https: bool,
    #[case] host: &str,
    #[case] port: Option<u16>,
    #[case] port_or_default: u16,
    #[case] path: &str,
    #[case] query: Option<&str>,
) {
    let uri = HttpUri::parse(input).unwrap();
    assert_eq!(uri.is_https(), https);
    assert_eq!(uri.host_str(), host);
    assert_eq!(uri.port(), port);
    assert_eq!(uri.port_or_default(), port_or_default);
    assert_eq!(uri.default_port(), if https { 443 } else { 80 });
    assert_eq!(uri.path(), path);
    assert_eq!(uri.query(), query);
    assert_eq!(uri.to_string(), input);
    assert_eq!(uri.uri().as_str(), input);
}

#[test]
fn typed_host_and_fragment() {
    let uri = HttpUri::parse("http://192.0.2.16/a#frag").unwrap();
    assert_eq!(uri.host(), Host::Ipv4([192, 0, 2, 16].into()));
    assert_eq!(uri.fragment(), Some("frag"));
    assert_eq!(uri.authority().as_str(), "192.0.2.16");
}

/// Scheme-specific violations: rule, byte offset and the whole message.
#[rstest]
#[case::userinfo("http://user:pass@example.com/", "userinfo", 7,
    "invalid http URI at byte 7: expected no userinfo: it is deprecated and unsafe (RFC 9110 section 4.2.4), found 'u'")]
#[case::empty_userinfo("https://@example.com/", "userinfo", 8,
    "invalid http URI at byte 8: expected no userinfo: it is deprecated and unsafe (RFC 9110 section 4.2.4), found '@'")]
#[case::empty_host("http:///path", "host", 7,
    "invalid http URI at byte 7: expected a host that is not empty (RFC 9110 section 4.2.1), found '/'")]
#[case::empty_host_port("http://:80/", "host", 7,
    "invalid http URI at byte 7: expected a host that is not empty (RFC 9110 section 4.2.1), found ':'")]
#[case::no_authority(
    "http:/path",
    "https-URI",
    4,
    "invalid http URI at byte 4: expected \"://\" in https-URI or http-URI, found ':'"
)]
#[case::other_scheme(
    "ftp://example.com/",
    "https-URI",
    0,
    "invalid http URI at byte 0: expected https-URI or http-URI, found 'f'"
)]
#[case::relative(
    "//example.com/",
    "https-URI",
    0,
    "invalid http URI at byte 0: expected https-URI or http-URI, found '/'"
)]
#[case::longer_scheme(
    "httpx://example.com/",
    "https-URI",
    4,
    "invalid http URI at byte 4: expected \"://\" in https-URI or http-URI, found 'x'"
)]
fn violations(
    #[case] input: &str,
    #[case] rule: &str,
    #[case] offset: usize,
    #[case] message: &str,
) {
    let err = HttpUri::parse(input).unwrap_err();
    super::assert_violation(input, &err, rule, offset, message);
    let SchemeError::Scheme(violation) = &err else {
        unreachable!("assert_violation checked it")
    };
    assert_eq!(violation.scheme(), "http");
}

/// What is not a URI reference at all is a generic error.
#[rstest]
#[case("http://exa mple.com/", ErrorKind::InvalidCharacter, 10)]
#[case("http://[::1::]/", ErrorKind::Ipv6Address, 12)]
#[case("http://example.com:99999/", ErrorKind::PortRange, 19)]
fn syntax_errors(#[case] input: &str, #[case] kind: ErrorKind, #[case] offset: usize) {
    match HttpUri::parse(input).unwrap_err() {
        SchemeError::Syntax(err) => {
            assert_eq!(err.kind(), kind);
            assert_eq!(err.offset(), offset);
        }
        other => panic!("{input}: {other:?}"),
    }
}
