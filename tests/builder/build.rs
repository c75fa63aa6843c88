//! Building URI references and changing their components: percent-encoding
//! per component, the disambiguation rules, and the errors.

use std::net::{Ipv4Addr, Ipv6Addr};

use rfc3986::{BuildError, Component, ErrorKind, Uri, UriBuilder};
use rstest::rstest;

/// Builds, and checks the invariants of what was built.
fn build(builder: UriBuilder) -> Result<Uri, BuildError> {
    let uri = builder.build()?;
    uri.check_invariants().unwrap();
    Ok(uri)
}

fn built(builder: UriBuilder) -> String {
    build(builder).unwrap().to_string()
}

/// The component, the error kind and offset in the text given for it.
fn invalid(builder: UriBuilder) -> (Component, ErrorKind, usize) {
    match builder.build() {
        Err(BuildError::Invalid { component, source }) => {
            (component, source.kind(), source.offset())
        }
        other => panic!("expected BuildError::Invalid, got {other:?}"),
    }
}

/// Every character that some component must encode, and the sub-delims and
/// unreserved marks that none does.
const MIXED: &str = " \"#%/:<>?@[\\]^`{|}é!$&'()*+,;=-._~";

#[test]
fn each_component_encodes_exactly_what_its_rule_excludes() {
    let uri = build(
        Uri::builder()
            .scheme("s")
            .userinfo_decoded(MIXED)
            .host_decoded(MIXED)
            .path_segments(["", MIXED])
            .query_decoded(MIXED)
            .fragment_decoded(MIXED),
    )
    .unwrap();
    // userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
    assert_eq!(
        uri.userinfo(),
        Some("%20%22%23%25%2F:%3C%3E%3F%40%5B%5C%5D%5E%60%7B%7C%7D%C3%A9!$&'()*+,;=-._~")
    );
    // reg-name = *( unreserved / pct-encoded / sub-delims )
    assert_eq!(
        uri.host_str(),
        Some("%20%22%23%25%2F%3A%3C%3E%3F%40%5B%5C%5D%5E%60%7B%7C%7D%C3%A9!$&'()*+,;=-._~")
    );
    // segment = *pchar; pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
    assert_eq!(
        uri.path(),
        "/%20%22%23%25%2F:%3C%3E%3F@%5B%5C%5D%5E%60%7B%7C%7D%C3%A9!$&'()*+,;=-._~"
    );
    // query = fragment = *( pchar / "/" / "?" )
    let query = "%20%22%23%25/:%3C%3E?@%5B%5C%5D%5E%60%7B%7C%7D%C3%A9!$&'()*+,;=-._~";
    assert_eq!(uri.query(), Some(query));
    assert_eq!(uri.fragment(), Some(query));
}

#[test]
fn a_relative_references_first_segment_encodes_colons() {
    // segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
    assert_eq!(
        built(Uri::builder().path_segments([MIXED, MIXED])),
        "%20%22%23%25%2F%3A%3C%3E%3F@%5B%5C%5D%5E%60%7B%7C%7D%C3%A9!$&'()*+,;=-._~/\
         %20%22%23%25%2F:%3C%3E%3F@%5B%5C%5D%5E%60%7B%7C%7D%C3%A9!$&'()*+,;=-._~"
    );
    // With a scheme, the first segment is a segment-nz and keeps its ":".
    assert_eq!(
        built(
            Uri::builder()
                .scheme("urn")
                .path_segments(["isbn:0451450523"])
        ),
        "urn:isbn:0451450523"
    );
}

#[test]
fn query_pairs_encode_their_delimiters_and_plus() {
    let uri = build(Uri::builder().path("/search").query_pairs([
        ("q", "a&b=c+d e"),
        ("", ""),
        ("x=y", "?/"),
    ]))
    .unwrap();
    assert_eq!(uri.as_str(), "/search?q=a%26b%3Dc%2Bd%20e&=&x%3Dy=?/");
    let pairs: Vec<(String, String)> = uri
        .query_pairs()
        .map(|(name, value)| (name.into_owned(), value.into_owned()))
        .collect();
    // The pair ("", "") is the piece "=", which is not empty.
    assert_eq!(
        pairs,
        [("q", "a&b=c+d e"), ("", ""), ("x=y", "?/")].map(|(n, v)| (n.to_string(), v.to_string()))
    );
}

/// `query_pairs` takes tuples of strings or references to them: slices and
/// vectors of owned pairs, maps, iterators of borrowed pairs.
#[test]
fn query_pairs_take_owned_and_borrowed_pairs() {
    use std::collections::{BTreeMap, HashMap};

    let owned: Vec<(String, String)> = vec![("a".into(), "1 2".into()), ("b".into(), "&".into())];
    let expected = "?a=1%202&b=%26";
    let query = |builder: UriBuilder| built(builder);
    assert_eq!(query(Uri::builder().query_pairs(&owned)), expected);
    assert_eq!(query(Uri::builder().query_pairs(&owned[..])), expected);
    assert_eq!(query(Uri::builder().query_pairs(owned.iter())), expected);
    assert_eq!(query(Uri::builder().query_pairs(owned.clone())), expected);
    let map: BTreeMap<String, String> = owned.iter().cloned().collect();
    assert_eq!(query(Uri::builder().query_pairs(&map)), expected);
    let hash: HashMap<&str, &str> = HashMap::from([("a", "1 2")]);
    assert_eq!(query(Uri::builder().query_pairs(&hash)), "?a=1%202");
    assert_eq!(
        query(Uri::builder().query_pairs([("a", String::from("1 2"))])),
        "?a=1%202"
    );
    let borrowed = [(&owned[0].0, &owned[0].1)];
    assert_eq!(query(Uri::builder().query_pairs(borrowed)), "?a=1%202");
    assert_eq!(
        query(Uri::builder().query_pairs(Vec::<(&str, &str)>::new())),
        "?"
    );
}

#[rstest]
// path-noscheme: a relative reference's first segment has no ":".
#[case(Uri::builder().path("a:b"), "./a:b")]
#[case(Uri::builder().path("a:b/c").query("q"), "./a:b/c?q")]
#[case(Uri::builder().path("a/b:c"), "a/b:c")]
#[case(Uri::builder().scheme("s").path("a:b"), "s:a:b")]
// Without an authority the path cannot start with "//".
#[case(Uri::builder().path("//a"), "/.//a")]
#[case(Uri::builder().scheme("s").path("//a/b"), "s:/.//a/b")]
#[case(Uri::builder().path_segments(["", "", "a"]), "/.//a")]
#[case(Uri::builder().path("/"), "/")]
// With an authority the path is empty or starts with "/".
#[case(Uri::builder().host("h").path(""), "//h")]
#[case(Uri::builder().host("h").path("//a"), "//h//a")]
#[case(Uri::builder().host("h").path_segments(["", "a:b"]), "//h/a:b")]
// An empty host is an authority (file:///), not no host.
#[case(Uri::builder().scheme("file").host("").path("/etc/hosts"), "file:///etc/hosts")]
#[case(Uri::builder().scheme("file").path("/etc/hosts"), "file:/etc/hosts")]
#[case(Uri::builder().host("h").port_str(""), "//h:")]
#[case(Uri::builder().host("h").port(0), "//h:0")]
#[case(Uri::builder().host("h").userinfo(""), "//@h")]
#[case(Uri::builder().query("").fragment(""), "?#")]
#[case(Uri::builder(), "")]
fn disambiguation(#[case] builder: UriBuilder, #[case] expected: &str) {
    assert_eq!(built(builder), expected);
}

#[test]
fn hosts_typed_and_as_ip_addresses() {
    assert_eq!(
        built(
            Uri::builder()
                .scheme("http")
                .host_ip(Ipv4Addr::new(192, 0, 2, 16))
        ),
        "http://192.0.2.16"
    );
    assert_eq!(
        built(
            Uri::builder()
                .scheme("http")
                .host_ip("2001:db8::7".parse::<Ipv6Addr>().unwrap())
        ),
        "http://[2001:db8::7]"
    );
    for text in [
        "http://192.0.2.16/",
        "http://[2001:db8::7]/",
        "http://[v1F.a:b]/",
        "http://ex%41mple.com/",
        "http:///",
    ] {
        let uri = Uri::parse(text).unwrap();
        let rebuilt = built(
            Uri::builder()
                .scheme("http")
                .host_typed(uri.host().unwrap())
                .path("/"),
        );
        assert_eq!(rebuilt, text);
    }
}

#[rstest]
#[case(Uri::builder().scheme(""), Component::Scheme, ErrorKind::Scheme, 0)]
#[case(Uri::builder().scheme("1http"), Component::Scheme, ErrorKind::Scheme, 0)]
#[case(Uri::builder().scheme("ht tp"), Component::Scheme, ErrorKind::InvalidCharacter, 2)]
#[case(Uri::builder().scheme("http:"), Component::Scheme, ErrorKind::Scheme, 4)]
#[case(Uri::builder().userinfo("a@b").host("h"), Component::Userinfo, ErrorKind::Userinfo, 1)]
#[case(Uri::builder().userinfo("a%2").host("h"), Component::Userinfo, ErrorKind::PercentEncoding, 3)]
#[case(Uri::builder().host("evil.com/x"), Component::Host, ErrorKind::Host, 8)]
#[case(Uri::builder().host("evil.com@good.com"), Component::Host, ErrorKind::Host, 8)]
#[case(Uri::builder().host("evil.com?x"), Component::Host, ErrorKind::Host, 8)]
#[case(Uri::builder().host("evil.com#x"), Component::Host, ErrorKind::Host, 8)]
#[case(Uri::builder().host("a:80"), Component::Host, ErrorKind::Host, 1)]
#[case(Uri::builder().host("[::1]:80"), Component::Host, ErrorKind::Host, 5)]
#[case(Uri::builder().host("[::1]x"), Component::Host, ErrorKind::Host, 5)]
#[case(Uri::builder().host("[::1::]"), Component::Host, ErrorKind::Ipv6Address, 5)]
#[case(Uri::builder().host("b%C3%BCcher%g0"), Component::Host, ErrorKind::PercentEncoding, 12)]
#[case(Uri::builder().host("[::1"), Component::Host, ErrorKind::IpLiteral, 4)]
#[case(Uri::builder().host("exa mple"), Component::Host, ErrorKind::InvalidCharacter, 3)]
// A `:` the parse would read as the start of a port is the host's error.
#[case(Uri::builder().host("::1"), Component::Host, ErrorKind::Host, 0)]
#[case(Uri::builder().host("2001:db8::7"), Component::Host, ErrorKind::Host, 0)]
#[case(Uri::builder().host("a:b"), Component::Host, ErrorKind::Host, 1)]
#[case(Uri::builder().host("a:99999"), Component::Host, ErrorKind::Host, 1)]
#[case(Uri::builder().host("[::1]:x"), Component::Host, ErrorKind::Host, 5)]
#[case(Uri::builder().host("h").port_str("8o"), Component::Port, ErrorKind::Port, 1)]
#[case(Uri::builder().host("h").port_str("70000"), Component::Port, ErrorKind::PortRange, 0)]
#[case(Uri::builder().host("h").port_str("0065536"), Component::Port, ErrorKind::PortRange, 0)]
#[case(Uri::builder().path("/a?b"), Component::Path, ErrorKind::Path, 2)]
#[case(Uri::builder().path("a#b"), Component::Path, ErrorKind::Path, 1)]
#[case(Uri::builder().path("a b"), Component::Path, ErrorKind::InvalidCharacter, 1)]
#[case(Uri::builder().query("a#b"), Component::Query, ErrorKind::Query, 1)]
#[case(Uri::builder().query("%zz"), Component::Query, ErrorKind::PercentEncoding, 1)]
#[case(Uri::builder().path("/a%2"), Component::Path, ErrorKind::PercentEncoding, 4)]
#[case(Uri::builder().fragment("%"), Component::Fragment, ErrorKind::PercentEncoding, 1)]
#[case(Uri::builder().fragment("a#b"), Component::Fragment, ErrorKind::Fragment, 1)]
fn invalid_components(
    #[case] builder: UriBuilder,
    #[case] component: Component,
    #[case] kind: ErrorKind,
    #[case] offset: usize,
) {
    assert_eq!(invalid(builder), (component, kind, offset));
}

#[test]
fn combinations_no_uri_can_have() {
    assert_eq!(
        Uri::builder().port(80).build().unwrap_err(),
        BuildError::PortWithoutHost
    );
    assert_eq!(
        Uri::builder().userinfo("u").path("/").build().unwrap_err(),
        BuildError::UserinfoWithoutHost
    );
    assert_eq!(
        Uri::builder().host("h").path("a").build().unwrap_err(),
        BuildError::RootlessPathWithAuthority
    );
    assert_eq!(
        Uri::builder()
            .host("h")
            .path_segments(["a"])
            .build()
            .unwrap_err(),
        BuildError::RootlessPathWithAuthority
    );
}

#[test]
fn error_messages() {
    assert_eq!(
        Uri::builder().port(80).build().unwrap_err().to_string(),
        "a port needs a host: the port belongs to the authority, which has a host (RFC 3986 section 3.2)"
    );
    assert_eq!(
        Uri::builder()
            .host("h")
            .path("a")
            .build()
            .unwrap_err()
            .to_string(),
        r#"with an authority, the path must be empty or start with "/" (RFC 3986 section 3.3)"#
    );
    let err = Uri::builder().host("evil.com/x").build().unwrap_err();
    assert_eq!(
        err.to_string(),
        "the host given is not a valid host: invalid host at byte 8: expected unreserved, pct-encoded, sub-delims or end of host, found '/'"
    );
    let BuildError::Invalid { source, .. } = err else {
        panic!()
    };
    assert_eq!(
        format!("{source:#}").lines().skip(1).collect::<Vec<_>>(),
        ["  evil.com/x", "          ^"]
    );
}

/// An IPv6 address given without its brackets: the error says so, at the
/// host, not in a port that the host's `:` would start.
#[test]
fn an_ipv6_host_needs_brackets() {
    const MESSAGE: &str = "the host given is not a valid host: invalid host at byte 0: \
        expected \"[\" (an IPv6 address is written in brackets), found ':'";
    let err = Uri::builder()
        .scheme("http")
        .host("::1")
        .build()
        .unwrap_err();
    assert_eq!(err.to_string(), MESSAGE);
    // The alternate form shows the text given, with a caret under the byte.
    assert_eq!(format!("{err:#}"), format!("{MESSAGE}\n  ::1\n  ^"));
    // So does the umbrella error, and a setter's.
    assert_eq!(
        format!("{:#}", rfc3986::Error::from(err.clone())),
        format!("{MESSAGE}\n  ::1\n  ^")
    );
    let mut uri: Uri = "http://h/".parse().unwrap();
    assert_eq!(uri.set_host(Some("::1")), Err(err));
    uri.set_host(Some("[::1]")).unwrap();
    assert_eq!(uri.as_str(), "http://[::1]/");

    let err = Uri::builder().host("a:b").build().unwrap_err();
    assert_eq!(
        format!("{err:#}"),
        "the host given is not a valid host: invalid host at byte 1: \
         expected unreserved, pct-encoded, sub-delims or end of host, found ':'\n  a:b\n   ^"
    );
    let err = rfc3986::Iri::builder().host("fe80::1").build().unwrap_err();
    assert_eq!(
        err.to_string(),
        "the host given is not a valid host: invalid host at byte 0: \
         expected \"[\" (an IPv6 address is written in brackets), found 'f'"
    );
}

#[test]
fn debug_hides_the_password() {
    let builder = Uri::builder().userinfo("user:secret").host("h");
    let debug = format!("{builder:?}");
    assert!(debug.contains(r#"userinfo: Some("user:***")"#), "{debug}");
    assert!(!debug.contains("secret"), "{debug}");
}

#[test]
fn setters_change_one_component() {
    let mut uri: Uri = "http://user@example.com:8080/a/b?q#f".parse().unwrap();
    uri.set_scheme(Some("https")).unwrap();
    assert_eq!(uri, "https://user@example.com:8080/a/b?q#f");
    uri.set_userinfo(None).unwrap();
    assert_eq!(uri, "https://example.com:8080/a/b?q#f");
    uri.set_port(Some(443)).unwrap();
    assert_eq!(uri, "https://example.com:443/a/b?q#f");
    uri.set_port(None).unwrap();
    assert_eq!(uri, "https://example.com/a/b?q#f");
    uri.set_host(Some("192.0.2.16")).unwrap();
    assert_eq!(uri, "https://192.0.2.16/a/b?q#f");
    uri.set_path("").unwrap();
    assert_eq!(uri, "https://192.0.2.16?q#f");
    uri.set_query(Some("a=1&b=2")).unwrap();
    assert_eq!(uri, "https://192.0.2.16?a=1&b=2#f");
    uri.set_query(None).unwrap();
    uri.set_fragment(Some("")).unwrap();
    assert_eq!(uri, "https://192.0.2.16#");
    uri.set_fragment(None).unwrap();
    uri.set_userinfo(Some("a:b")).unwrap();
    assert_eq!(uri, "https://a:b@192.0.2.16");
    uri.check_invariants().unwrap();
}

#[test]
fn setters_keep_the_disambiguation_rules() {
    let mut uri: Uri = "http://h//a/b".parse().unwrap();
    uri.set_host(None).unwrap();
    assert_eq!(uri, "http:/.//a/b");
    uri.set_scheme(None).unwrap();
    assert_eq!(uri, "/.//a/b");

    let mut uri: Uri = "urn:example:animal".parse().unwrap();
    uri.set_scheme(None).unwrap();
    assert_eq!(uri, "./example:animal");
    assert_eq!(uri.path(), "./example:animal");

    let mut uri: Uri = "mailto:a@example.com".parse().unwrap();
    assert_eq!(
        uri.set_host(Some("h")),
        Err(BuildError::RootlessPathWithAuthority)
    );
    assert_eq!(uri, "mailto:a@example.com");
}

#[test]
fn a_failed_set_leaves_the_uri_unchanged() {
    let original = "http://user@example.com:8080/a?q#f";
    let mut uri = Uri::parse(original).unwrap().into_owned();
    for host in [
        "evil.com/x",
        "evil.com@good.com",
        "evil.com:1",
        "evil.com?",
        "evil.com#",
    ] {
        let err = uri.set_host(Some(host)).unwrap_err();
        assert!(
            matches!(
                err,
                BuildError::Invalid {
                    component: Component::Host,
                    ..
                }
            ),
            "{host}: {err:?}"
        );
    }
    assert!(uri.set_host(None).is_err());
    assert!(uri.set_path("a").is_err());
    assert!(uri.set_path("/a?b").is_err());
    assert!(uri.set_query(Some("a#b")).is_err());
    assert!(uri.set_fragment(Some("#")).is_err());
    assert!(uri.set_userinfo(Some("a@b")).is_err());
    assert!(uri.set_scheme(Some("")).is_err());
    assert_eq!(uri, original);

    let mut no_host: Uri = "/a".parse().unwrap();
    assert_eq!(no_host.set_port(Some(1)), Err(BuildError::PortWithoutHost));
    assert_eq!(
        no_host.set_userinfo(Some("u")),
        Err(BuildError::UserinfoWithoutHost)
    );
    assert_eq!(no_host, "/a");
}

#[test]
fn to_builder_gives_the_same_uri() {
    for text in [
        "foo://user:pw@example.com:8042/over/there?name=ferret#nose",
        "urn:example:animal:ferret:nose",
        "http://h:/",
        "//@:",
        "./a:b",
        "/.//a",
        "",
        "?#",
    ] {
        let uri = Uri::parse(text).unwrap();
        assert_eq!(uri.to_builder().build().unwrap(), uri);
    }
}

/// A setter's or the builder's error lists what that component takes,
/// never what would follow it in a reference: `set_host("bücher.de")`
/// said `expected reg-name character, ":" port, "/", "?", "#" or end of
/// input`, and `set_host` takes none of the last five.
#[rstest]
#[case::non_ascii(
    "bücher.de",
    "invalid character at byte 1: expected unreserved, pct-encoded, sub-delims or end of host, found 'ü'"
)]
#[case::port(
    "a:80",
    "invalid host at byte 1: expected unreserved, pct-encoded, sub-delims or end of host, found ':'"
)]
#[case::port_alone(
    ":80",
    r#"invalid host at byte 0: expected unreserved, pct-encoded, sub-delims, "[" IP-literal or end of host, found ':'"#
)]
#[case::path("a/b", "invalid host at byte 1: expected unreserved, pct-encoded, sub-delims or end of host, found '/'")]
#[case::after_literal("[::1]x", "invalid host at byte 5: expected end of host, found 'x'")]
#[case::unclosed(
    "[::1",
    r#"invalid IP literal at byte 4: expected HEXDIG, ":", "." or "]", found end of input"#
)]
#[case::pct(
    "a%2",
    "invalid percent-encoding at byte 3: expected HEXDIG, found end of input"
)]
fn setter_errors_list_what_the_component_takes(#[case] host: &str, #[case] message: &str) {
    let mut uri: Uri = "http://example.com/".parse().unwrap();
    let err = uri.set_host(Some(host)).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("the host given is not a valid host: {message}")
    );
    assert_eq!(uri.as_str(), "http://example.com/");
    assert_eq!(Uri::builder().host(host).build().unwrap_err(), err);
    // An IRI's host takes what RFC 3987 adds, and says so.
    let mut iri: rfc3986::Iri = "http://example.com/".parse().unwrap();
    iri.set_host(Some("bücher.de")).unwrap();
    assert_eq!(
        iri.set_host(Some("b c")).unwrap_err().to_string(),
        "the host given is not a valid host: invalid character at byte 1: \
         expected iunreserved, pct-encoded, sub-delims or end of host, found ' '"
    );
}
