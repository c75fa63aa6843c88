//! `Policy`: a table per rule (schemes, exact hosts, host suffixes on label
//! boundaries, IP hosts, ports with the scheme's default, each required or
//! forbidden component, the password, the length), each row with the exact
//! kinds, byte ranges and messages of the violations; several violations
//! at once, in the order of the text; and, with the `serde` feature, a
//! policy read from JSON.

use std::ops::Range;

use rfc3986::{Component, Iri, Policy, Uri, ViolationKind};
use rstest::rstest;

use ViolationKind::*;

/// What `policy` finds in `uri`: each violation's kind, component, range
/// and message; empty when the reference passes.
fn found(
    policy: &Policy,
    uri: &str,
) -> Vec<(ViolationKind, Option<Component>, Range<usize>, String)> {
    let uri = Uri::parse(uri).unwrap_or_else(|e| panic!("{uri:?}: {e}"));
    match policy.check(&uri) {
        Ok(()) => Vec::new(),
        Err(err) => {
            assert!(
                !err.violations().is_empty(),
                "{uri}: an error without violations"
            );
            let lines: Vec<String> = err.violations().iter().map(|v| v.to_string()).collect();
            assert_eq!(err.to_string(), lines.join("; "), "{uri}");
            err.violations()
                .iter()
                .map(|v| (v.kind(), v.component(), v.range(), v.to_string()))
                .collect()
        }
    }
}

/// `expected`, each violation in the one component `component`.
fn expect(
    component: Option<Component>,
    expected: &[(ViolationKind, Range<usize>, &str)],
) -> Vec<(ViolationKind, Option<Component>, Range<usize>, String)> {
    expected
        .iter()
        .map(|(kind, range, message)| (*kind, component, range.clone(), message.to_string()))
        .collect()
}

#[rstest]
#[case("https://h/", &[])]
#[case("HTTPS://h/", &[])]
#[case("WsS://h", &[])]
#[case("https:", &[])]
#[case("http://h/", &[(SchemeNotAllowed, 0..4, r#"scheme "http" at bytes 0..4 is not allowed (allowed: https, wss)"#)])]
#[case("httpsx://h", &[(SchemeNotAllowed, 0..6, r#"scheme "httpsx" at bytes 0..6 is not allowed (allowed: https, wss)"#)])]
#[case("a+b.c-d:x", &[(SchemeNotAllowed, 0..7, r#"scheme "a+b.c-d" at bytes 0..7 is not allowed (allowed: https, wss)"#)])]
#[case("//h/a", &[(MissingScheme, 0..0, "missing scheme at byte 0 (allowed: https, wss)")])]
#[case("https%3A//h", &[(MissingScheme, 0..0, "missing scheme at byte 0 (allowed: https, wss)")])]
#[case("", &[(MissingScheme, 0..0, "missing scheme at byte 0 (allowed: https, wss)")])]
fn schemes(#[case] uri: &str, #[case] expected: &[(ViolationKind, Range<usize>, &str)]) {
    let policy = Policy::new().with_schemes(["https", "WSS"]);
    // The list is shown as written.
    let expected: Vec<_> = expect(Some(Component::Scheme), expected)
        .into_iter()
        .map(|(k, c, r, m)| (k, c, r, m.replace("https, wss", "https, WSS")))
        .collect();
    assert_eq!(found(&policy, uri), expected, "{uri}");
}

#[rstest]
#[case("https://api.example.com/", &[])]
#[case("https://API.Example.COM:8/", &[])]
// One trailing dot, on either side, is the DNS root label.
#[case("https://api.example.com./", &[])]
#[case("https://example.net/", &[])]
#[case("https://EXAMPLE.net./", &[])]
#[case("https://api.example.com../", &[(HostNotAllowed, 8..25, r#"host "api.example.com.." at bytes 8..25 is not allowed (allowed: api.example.com, Example.NET.)"#)])]
// Exact names allow no subdomain, and no parent.
#[case("https://www.api.example.com/", &[(HostNotAllowed, 8..27, r#"host "www.api.example.com" at bytes 8..27 is not allowed (allowed: api.example.com, Example.NET.)"#)])]
#[case("https://example.com/", &[(HostNotAllowed, 8..19, r#"host "example.com" at bytes 8..19 is not allowed (allowed: api.example.com, Example.NET.)"#)])]
// Percent-encodings are compared as written.
#[case("https://api%2Eexample.com/", &[(HostNotAllowed, 8..25, r#"host "api%2Eexample.com" at bytes 8..25 is not allowed (allowed: api.example.com, Example.NET.)"#)])]
// The userinfo is no host.
#[case("https://api.example.com@evil.com:443/", &[(HostNotAllowed, 24..32, r#"host "evil.com" at bytes 24..32 is not allowed (allowed: api.example.com, Example.NET.)"#)])]
#[case("https://evil.com#@api.example.com", &[(HostNotAllowed, 8..16, r#"host "evil.com" at bytes 8..16 is not allowed (allowed: api.example.com, Example.NET.)"#)])]
// An empty host is a host.
#[case("file:///etc", &[(HostNotAllowed, 7..7, r#"host "" at byte 7 is not allowed (allowed: api.example.com, Example.NET.)"#)])]
// No authority, no host: where the authority would go.
#[case("mailto:a@api.example.com", &[(MissingHost, 7..7, "missing host at byte 7 (allowed: api.example.com, Example.NET.)")])]
#[case("/path", &[(MissingHost, 0..0, "missing host at byte 0 (allowed: api.example.com, Example.NET.)")])]
fn exact_hosts(#[case] uri: &str, #[case] expected: &[(ViolationKind, Range<usize>, &str)]) {
    let policy = Policy::new().with_hosts(["api.example.com", "Example.NET."]);
    assert_eq!(
        found(&policy, uri),
        expect(Some(Component::Host), expected),
        "{uri}"
    );
}

#[rstest]
#[case("http://example.com", &[])]
#[case("http://a.example.com", &[])]
#[case("http://a.b.EXAMPLE.com./x", &[])]
// A leading dot in a suffix is ignored.
#[case("http://example.org/", &[])]
#[case("http://x.example.org/", &[])]
#[case("http://badexample.com", &[(HostNotAllowed, 7..21, r#"host "badexample.com" at bytes 7..21 is not allowed (allowed: example.com and its subdomains, .Example.org and its subdomains)"#)])]
#[case("http://xexample.org", &[(HostNotAllowed, 7..19, r#"host "xexample.org" at bytes 7..19 is not allowed (allowed: example.com and its subdomains, .Example.org and its subdomains)"#)])]
#[case("http://example.com.evil", &[(HostNotAllowed, 7..23, r#"host "example.com.evil" at bytes 7..23 is not allowed (allowed: example.com and its subdomains, .Example.org and its subdomains)"#)])]
#[case("http://example.com.evil.", &[(HostNotAllowed, 7..24, r#"host "example.com.evil." at bytes 7..24 is not allowed (allowed: example.com and its subdomains, .Example.org and its subdomains)"#)])]
#[case("http://com", &[(HostNotAllowed, 7..10, r#"host "com" at bytes 7..10 is not allowed (allowed: example.com and its subdomains, .Example.org and its subdomains)"#)])]
#[case("http://a%2Eexample.com", &[(HostNotAllowed, 7..22, r#"host "a%2Eexample.com" at bytes 7..22 is not allowed (allowed: example.com and its subdomains, .Example.org and its subdomains)"#)])]
#[case("http://example.com@evil.com/", &[(HostNotAllowed, 19..27, r#"host "evil.com" at bytes 19..27 is not allowed (allowed: example.com and its subdomains, .Example.org and its subdomains)"#)])]
#[case("http://evil.com?.example.com", &[(HostNotAllowed, 7..15, r#"host "evil.com" at bytes 7..15 is not allowed (allowed: example.com and its subdomains, .Example.org and its subdomains)"#)])]
#[case("http://evil.com/.example.com", &[(HostNotAllowed, 7..15, r#"host "evil.com" at bytes 7..15 is not allowed (allowed: example.com and its subdomains, .Example.org and its subdomains)"#)])]
#[case("http:example.com", &[(MissingHost, 5..5, "missing host at byte 5 (allowed: example.com and its subdomains, .Example.org and its subdomains)")])]
fn host_suffixes(#[case] uri: &str, #[case] expected: &[(ViolationKind, Range<usize>, &str)]) {
    let policy = Policy::new().with_host_suffixes(["example.com", ".Example.org"]);
    assert_eq!(
        found(&policy, uri),
        expect(Some(Component::Host), expected),
        "{uri}"
    );
}

/// Hosts and suffixes together: a host passes by either.
#[rstest]
#[case("https://api.example.com/", true)]
#[case("https://www.example.org/", true)]
#[case("https://example.org/", true)]
#[case("https://www.example.com/", false)]
#[case("https://example.net/", false)]
fn hosts_and_suffixes_together(#[case] uri: &str, #[case] passes: bool) {
    let policy = Policy::new()
        .with_hosts(["api.example.com"])
        .with_host_suffixes(["example.org"]);
    assert_eq!(found(&policy, uri).is_empty(), passes, "{uri}");
}

#[rstest]
#[case("http://[::1]/", &[])]
#[case("http://[0:0::1]:80/", &[])]
#[case("http://[0000:0000:0000:0000:0000:0000:0000:0001]/", &[])]
// An entry without brackets.
#[case("http://[2001:DB8:0::7]/", &[])]
#[case("http://127.0.0.1/", &[])]
#[case("http://[V1.fe]/", &[])]
#[case("http://[::2]/", &[(HostNotAllowed, 7..12, r#"host "[::2]" at bytes 7..12 is not allowed (allowed: [::1], 127.0.0.1, 2001:db8::7, [v1.Fe], 0.1 and its subdomains)"#)])]
#[case("http://127.0.0.2/", &[(HostNotAllowed, 7..16, r#"host "127.0.0.2" at bytes 7..16 is not allowed (allowed: [::1], 127.0.0.1, 2001:db8::7, [v1.Fe], 0.1 and its subdomains)"#)])]
// A suffix never allows an IP address.
#[case("http://10.0.0.1/", &[(HostNotAllowed, 7..15, r#"host "10.0.0.1" at bytes 7..15 is not allowed (allowed: [::1], 127.0.0.1, 2001:db8::7, [v1.Fe], 0.1 and its subdomains)"#)])]
// The same address in another family is another host.
#[case("http://[::ffff:127.0.0.1]/", &[(HostNotAllowed, 7..25, r#"host "[::ffff:127.0.0.1]" at bytes 7..25 is not allowed (allowed: [::1], 127.0.0.1, 2001:db8::7, [v1.Fe], 0.1 and its subdomains)"#)])]
// A leading zero makes a registered name, not an IPv4 address.
#[case("http://127.0.0.01/", &[(HostNotAllowed, 7..17, r#"host "127.0.0.01" at bytes 7..17 is not allowed (allowed: [::1], 127.0.0.1, 2001:db8::7, [v1.Fe], 0.1 and its subdomains)"#)])]
#[case("http://[v1.fF]/", &[(HostNotAllowed, 7..14, r#"host "[v1.fF]" at bytes 7..14 is not allowed (allowed: [::1], 127.0.0.1, 2001:db8::7, [v1.Fe], 0.1 and its subdomains)"#)])]
#[case("http://localhost/", &[(HostNotAllowed, 7..16, r#"host "localhost" at bytes 7..16 is not allowed (allowed: [::1], 127.0.0.1, 2001:db8::7, [v1.Fe], 0.1 and its subdomains)"#)])]
fn ip_hosts(#[case] uri: &str, #[case] expected: &[(ViolationKind, Range<usize>, &str)]) {
    let policy = Policy::new()
        .with_hosts(["[::1]", "127.0.0.1", "2001:db8::7", "[v1.Fe]"])
        .with_host_suffixes(["0.1"]);
    assert_eq!(
        found(&policy, uri),
        expect(Some(Component::Host), expected),
        "{uri}"
    );
}

#[rstest]
#[case("https://h/", &[])]
#[case("HTTPS://h", &[])]
#[case("wss://h", &[])]
// An explicit default port passes, and an empty port is the default.
#[case("https://h:443/", &[])]
#[case("https://h:0443/", &[])]
#[case("https://h:/", &[])]
#[case("https://h:8443", &[])]
// The port written wins over the scheme's default.
#[case("ftp://h:443/", &[])]
#[case("foo://h:8443/", &[])]
#[case("http://h/", &[(PortNotAllowed, 8..8, "port 80 (the scheme's default) at byte 8 is not allowed (allowed: 443, 8443)")])]
#[case("http://h:/", &[(PortNotAllowed, 9..9, "port 80 (the scheme's default) at byte 9 is not allowed (allowed: 443, 8443)")])]
#[case("https://h:80/", &[(PortNotAllowed, 10..12, "port 80 at bytes 10..12 is not allowed (allowed: 443, 8443)")])]
#[case("https://h:00080/", &[(PortNotAllowed, 10..15, "port 80 at bytes 10..15 is not allowed (allowed: 443, 8443)")])]
#[case("https://u@[::1]:444/x", &[(PortNotAllowed, 16..19, "port 444 at bytes 16..19 is not allowed (allowed: 443, 8443)")])]
#[case("ws://h?q", &[(PortNotAllowed, 6..6, "port 80 (the scheme's default) at byte 6 is not allowed (allowed: 443, 8443)")])]
// No port, and no default known for the scheme.
#[case("foo://h/", &[(MissingPort, 7..7, "missing port at byte 7 (allowed: 443, 8443)")])]
#[case("foo://h:/", &[(MissingPort, 8..8, "missing port at byte 8 (allowed: 443, 8443)")])]
#[case("//h", &[(MissingPort, 3..3, "missing port at byte 3 (allowed: 443, 8443)")])]
// No authority: where it would go.
#[case("https:/x", &[(MissingPort, 6..6, "missing port at byte 6 (allowed: 443, 8443)")])]
#[case("/x", &[(MissingPort, 0..0, "missing port at byte 0 (allowed: 443, 8443)")])]
fn ports(#[case] uri: &str, #[case] expected: &[(ViolationKind, Range<usize>, &str)]) {
    let policy = Policy::new().with_ports([443, 8443]);
    assert_eq!(
        found(&policy, uri),
        expect(Some(Component::Port), expected),
        "{uri}"
    );
}

#[rstest]
// The userinfo, forbidden: even an empty one; an `@` outside an authority
// is no userinfo.
#[case(Policy::new().forbid_userinfo(), Component::Userinfo, "ftp://jo:pw@h/", &[(ForbiddenComponent, 6..11, "userinfo at bytes 6..11 is forbidden")])]
#[case(Policy::new().forbid_userinfo(), Component::Userinfo, "ftp://@h/", &[(ForbiddenComponent, 6..6, "userinfo at byte 6 is forbidden")])]
#[case(Policy::new().forbid_userinfo(), Component::Userinfo, "ftp://h/", &[])]
#[case(Policy::new().forbid_userinfo(), Component::Userinfo, "mailto:jo@h", &[])]
// Required: missing at the host's start, or where the authority would go.
#[case(Policy::new().require_userinfo(), Component::Userinfo, "ftp://h/", &[(MissingComponent, 6..6, "missing userinfo at byte 6 (required)")])]
#[case(Policy::new().require_userinfo(), Component::Userinfo, "//h:1", &[(MissingComponent, 2..2, "missing userinfo at byte 2 (required)")])]
#[case(Policy::new().require_userinfo(), Component::Userinfo, "ftp:/x", &[(MissingComponent, 4..4, "missing userinfo at byte 4 (required)")])]
#[case(Policy::new().require_userinfo(), Component::Userinfo, "ftp://jo@h", &[])]
#[case(Policy::new().require_userinfo(), Component::Userinfo, "ftp://@h", &[])]
#[case(Policy::new().forbid_query(), Component::Query, "/a?", &[(ForbiddenComponent, 3..3, "query at byte 3 is forbidden")])]
#[case(Policy::new().forbid_query(), Component::Query, "http://h?x=1#f", &[(ForbiddenComponent, 9..12, "query at bytes 9..12 is forbidden")])]
#[case(Policy::new().forbid_query(), Component::Query, "/a#?", &[])]
#[case(Policy::new().require_query(), Component::Query, "/a", &[(MissingComponent, 2..2, "missing query at byte 2 (required)")])]
#[case(Policy::new().require_query(), Component::Query, "http://h#f", &[(MissingComponent, 8..8, "missing query at byte 8 (required)")])]
#[case(Policy::new().require_query(), Component::Query, "?", &[])]
#[case(Policy::new().forbid_fragment(), Component::Fragment, "/a#", &[(ForbiddenComponent, 3..3, "fragment at byte 3 is forbidden")])]
#[case(Policy::new().forbid_fragment(), Component::Fragment, "http://h/?q#f", &[(ForbiddenComponent, 12..13, "fragment at bytes 12..13 is forbidden")])]
#[case(Policy::new().forbid_fragment(), Component::Fragment, "/a?#", &[(ForbiddenComponent, 4..4, "fragment at byte 4 is forbidden")])]
#[case(Policy::new().forbid_fragment(), Component::Fragment, "/a?q", &[])]
#[case(Policy::new().require_fragment(), Component::Fragment, "/a?q", &[(MissingComponent, 4..4, "missing fragment at byte 4 (required)")])]
#[case(Policy::new().require_fragment(), Component::Fragment, "", &[(MissingComponent, 0..0, "missing fragment at byte 0 (required)")])]
#[case(Policy::new().require_fragment(), Component::Fragment, "#", &[])]
fn components(
    #[case] policy: Policy,
    #[case] component: Component,
    #[case] uri: &str,
    #[case] expected: &[(ViolationKind, Range<usize>, &str)],
) {
    assert_eq!(
        found(&policy, uri),
        expect(Some(component), expected),
        "{uri}"
    );
}

#[rstest]
#[case("ftp://jo:pw@h/", &[(ForbiddenPassword, 9..11, "password at bytes 9..11 is forbidden")])]
#[case("ftp://:x@h", &[(ForbiddenPassword, 7..8, "password at bytes 7..8 is forbidden")])]
// The password holds every `:` after the first.
#[case("ftp://a:b:c@h", &[(ForbiddenPassword, 8..11, "password at bytes 8..11 is forbidden")])]
#[case("ftp://jo:%70w@h", &[(ForbiddenPassword, 9..13, "password at bytes 9..13 is forbidden")])]
// An empty password is none (section 3.2.1).
#[case("ftp://jo:@h/", &[])]
#[case("ftp://jo@h/", &[])]
#[case("ftp://h/", &[])]
#[case("mailto:a:b@h", &[])]
fn password(#[case] uri: &str, #[case] expected: &[(ViolationKind, Range<usize>, &str)]) {
    let policy = Policy::new().forbid_password();
    assert_eq!(
        found(&policy, uri),
        expect(Some(Component::Userinfo), expected),
        "{uri}"
    );
}

#[test]
fn a_forbidden_userinfo_is_reported_without_its_password() {
    let policy = Policy::new().forbid_userinfo().forbid_password();
    assert_eq!(
        found(&policy, "ftp://jo:pw@h/"),
        [(
            ForbiddenComponent,
            Some(Component::Userinfo),
            6..11,
            "userinfo at bytes 6..11 is forbidden".to_string()
        )]
    );
}

#[rstest]
#[case(10, "http://h/a", &[])]
#[case(10, "", &[])]
#[case(10, "http://h/ab", &[(TooLong, 10..11, "reference length 11 is over the maximum 10, at bytes 10..11")])]
#[case(0, "", &[])]
#[case(0, "a", &[(TooLong, 0..1, "reference length 1 is over the maximum 0, at bytes 0..1")])]
#[case(3, "http://example.com/", &[(TooLong, 3..19, "reference length 19 is over the maximum 3, at bytes 3..19")])]
fn length(
    #[case] max: usize,
    #[case] uri: &str,
    #[case] expected: &[(ViolationKind, Range<usize>, &str)],
) {
    let policy = Policy::new().with_max_length(max);
    assert_eq!(found(&policy, uri), expect(None, expected), "{uri}");
}

/// IRIs: the length is in bytes, and a registered name's characters
/// above ASCII compare exactly.
#[test]
fn iris() {
    let policy = Policy::new()
        .with_host_suffixes(["\u{4f8b}\u{3048}.jp"])
        .with_max_length(16);
    let check = |text: &str| {
        let iri = Iri::parse(text).unwrap();
        policy.check(&iri).map_err(|err| err.to_string())
    };
    assert_eq!(check("http://\u{4f8b}\u{3048}.jp"), Ok(()));
    assert_eq!(
        check("http://a\u{4f8b}\u{3048}.jp/"),
        Err(
            "host \"a\u{4f8b}\u{3048}.jp\" at bytes 7..17 is not allowed \
             (allowed: \u{4f8b}\u{3048}.jp and its subdomains); \
             reference length 18 is over the maximum 16, at bytes 16..18"
                .to_string()
        )
    );
}

/// Every violation, each in its place, sorted by where its range starts:
/// the length's starts at the maximum.
#[test]
fn several_violations_in_the_order_of_the_text() {
    let policy = Policy::new()
        .with_schemes(["https"])
        .with_host_suffixes(["example.com"])
        .with_ports([443])
        .forbid_password()
        .forbid_query()
        .require_fragment()
        .with_max_length(20);
    let uri = "http://jo:pw@evil.com:8080/a?q=1";
    let got = found(&policy, uri);
    assert_eq!(
        got,
        [
            (SchemeNotAllowed, Some(Component::Scheme), 0..4, r#"scheme "http" at bytes 0..4 is not allowed (allowed: https)"#),
            (ForbiddenPassword, Some(Component::Userinfo), 10..12, "password at bytes 10..12 is forbidden"),
            (HostNotAllowed, Some(Component::Host), 13..21, r#"host "evil.com" at bytes 13..21 is not allowed (allowed: example.com and its subdomains)"#),
            (TooLong, None, 20..32, "reference length 32 is over the maximum 20, at bytes 20..32"),
            (PortNotAllowed, Some(Component::Port), 22..26, "port 8080 at bytes 22..26 is not allowed (allowed: 443)"),
            (ForbiddenComponent, Some(Component::Query), 29..32, "query at bytes 29..32 is forbidden"),
            (MissingComponent, Some(Component::Fragment), 32..32, "missing fragment at byte 32 (required)"),
        ]
        .map(|(kind, component, range, message)| (kind, component, range, message.to_string()))
    );
    let uri = Uri::parse(uri).unwrap();
    let err = policy.check(&uri).unwrap_err();
    assert_eq!(err.clone().into_violations(), err.violations());
    assert_eq!(&uri.as_str()[err.violations()[1].range()], "pw");
    assert_eq!(&uri.as_str()[err.violations()[4].range()], "8080");
}

/// Missing components at the same place keep the order of the
/// components: userinfo, host, port.
#[test]
fn missing_components_at_one_place() {
    let policy = Policy::new()
        .with_ports([25])
        .with_hosts(["h"])
        .require_userinfo();
    assert_eq!(
        found(&policy, "mailto:x@h"),
        [
            (
                MissingComponent,
                Some(Component::Userinfo),
                7..7,
                "missing userinfo at byte 7 (required)"
            ),
            (
                MissingHost,
                Some(Component::Host),
                7..7,
                "missing host at byte 7 (allowed: h)"
            ),
            (
                MissingPort,
                Some(Component::Port),
                7..7,
                "missing port at byte 7 (allowed: 25)"
            ),
        ]
        .map(|(kind, component, range, message)| (
            kind,
            component,
            range,
            message.to_string()
        ))
    );
}

#[test]
fn messages_stay_short() {
    // A long host is cut at 64 bytes.
    let host = "a".repeat(100);
    let policy = Policy::new().with_hosts(["h"]);
    let got = found(&policy, &format!("http://{host}/"));
    assert_eq!(got[0].2, 7..107);
    assert_eq!(
        got[0].3,
        format!(
            r#"host "{}..." at bytes 7..107 is not allowed (allowed: h)"#,
            "a".repeat(64)
        )
    );
    // A long list names its first eight entries.
    let policy = Policy::new().with_ports(1..=10);
    assert_eq!(
        found(&policy, "http://h:11")[0].3,
        "port 11 at bytes 9..11 is not allowed (allowed: 1, 2, 3, 4, 5, 6, 7, 8, and 2 more)"
    );
    // An empty list allows nothing.
    let policy = Policy::new().with_schemes(Vec::<String>::new());
    assert_eq!(
        found(&policy, "http://h")[0].3,
        r#"scheme "http" at bytes 0..4 is not allowed (allowed: none)"#
    );
}

#[test]
fn the_empty_policy_allows_everything() {
    assert_eq!(Policy::new(), Policy::default());
    for uri in ["", "x://u:p@h:1/?q#f", "mailto:a@b", "//[::1]:/", "#"] {
        assert_eq!(found(&Policy::new(), uri), [], "{uri}");
    }
}

/// A later list replaces an earlier one.
#[test]
fn a_list_set_again_replaces_the_first() {
    let policy = Policy::new().with_schemes(["http"]).with_schemes(["https"]);
    assert_eq!(policy, Policy::new().with_schemes(["https"]));
    assert_eq!(found(&policy, "http://h")[0].0, SchemeNotAllowed);
}

#[cfg(feature = "serde")]
mod serde {
    use super::*;

    const CONFIG: &str = r#"{
        "schemes": ["https"],
        "hosts": ["api.example.com"],
        "host_suffixes": ["example.org"],
        "ports": [443, 8443],
        "userinfo": "forbidden",
        "password": "forbidden",
        "query": "allowed",
        "fragment": "forbidden",
        "max_length": 2048
    }"#;

    /// The guide's policy (docs/untrusted.md), as a configuration file
    /// holds it, loads and is the policy its words describe.
    #[test]
    fn the_guide_policy_loads() {
        const GUIDE: &str = include_str!("../../docs/untrusted.md");
        let json = GUIDE
            .split_once("A policy in a configuration file")
            .and_then(|(_, rest)| rest.split_once("```json\n"))
            .and_then(|(_, rest)| rest.split_once("```"))
            .expect("the guide shows a policy in JSON")
            .0;
        let policy: Policy = serde_json::from_str(json).unwrap();
        assert_eq!(
            policy,
            Policy::new()
                .with_schemes(["https"])
                .with_host_suffixes(["example.com"])
                .with_ports([443])
                .forbid_password()
                .forbid_fragment()
                .with_max_length(2048)
        );
        let uri = Uri::parse("https://u:pw@cdn.example.com/a#top").unwrap();
        let kinds: Vec<_> = policy
            .check(&uri)
            .unwrap_err()
            .violations()
            .iter()
            .map(|v| (v.kind(), v.range()))
            .collect();
        assert_eq!(
            kinds,
            [
                (ViolationKind::ForbiddenPassword, 10..12),
                (ViolationKind::ForbiddenComponent, 31..34),
            ]
        );
    }

    #[test]
    fn a_policy_read_from_json_checks() {
        let policy: Policy = serde_json::from_str(CONFIG).unwrap();
        assert_eq!(
            policy,
            Policy::new()
                .with_schemes(["https"])
                .with_hosts(["api.example.com"])
                .with_host_suffixes(["example.org"])
                .with_ports([443, 8443])
                .forbid_userinfo()
                .forbid_password()
                .forbid_fragment()
                .with_max_length(2048)
        );
        assert_eq!(found(&policy, "https://api.example.com/v1?x=1"), []);
        assert_eq!(found(&policy, "https://www.example.org:8443/"), []);
        assert_eq!(
            found(&policy, "http://u@example.com/#f"),
            [
                (SchemeNotAllowed, Some(Component::Scheme), 0..4, r#"scheme "http" at bytes 0..4 is not allowed (allowed: https)"#),
                (ForbiddenComponent, Some(Component::Userinfo), 7..8, "userinfo at bytes 7..8 is forbidden"),
                (HostNotAllowed, Some(Component::Host), 9..20, r#"host "example.com" at bytes 9..20 is not allowed (allowed: api.example.com, example.org and its subdomains)"#),
                (PortNotAllowed, Some(Component::Port), 20..20, "port 80 (the scheme's default) at byte 20 is not allowed (allowed: 443, 8443)"),
                (ForbiddenComponent, Some(Component::Fragment), 22..23, "fragment at bytes 22..23 is forbidden"),
            ]
            .map(|(kind, component, range, message)| (kind, component, range, message.to_string()))
        );
    }

    #[test]
    fn every_field_may_be_left_out() {
        let policy: Policy = serde_json::from_str("{}").unwrap();
        assert_eq!(policy, Policy::new());
        let policy: Policy = serde_json::from_str(r#"{"query": "required"}"#).unwrap();
        assert_eq!(policy, Policy::new().require_query());
        let policy: Policy = serde_json::from_str(r#"{"schemes": null}"#).unwrap();
        assert_eq!(policy, Policy::new());
    }

    #[test]
    fn a_typo_is_an_error() {
        let err = serde_json::from_str::<Policy>(r#"{"scheme": ["https"]}"#).unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown field `scheme`, expected one of `schemes`, `hosts`, `host_suffixes`, \
             `ports`, `userinfo`, `password`, `query`, `fragment`, `max_length` at line 1 column 9"
        );
        let err = serde_json::from_str::<Policy>(r#"{"query": "forbid"}"#).unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown variant `forbid`, expected one of `allowed`, `required`, `forbidden` at line 1 column 18"
        );
        // A password cannot be required.
        let err = serde_json::from_str::<Policy>(r#"{"password": "required"}"#).unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown variant `required`, expected `allowed` or `forbidden` at line 1 column 23"
        );
        let err = serde_json::from_str::<Policy>(r#"{"ports": [65536]}"#).unwrap_err();
        assert_eq!(
            err.to_string(),
            "invalid value: integer `65536`, expected u16 at line 1 column 16"
        );
    }

    #[test]
    fn serializes_what_is_set() {
        assert_eq!(serde_json::to_string(&Policy::new()).unwrap(), "{}");
        let policy: Policy = serde_json::from_str(CONFIG).unwrap();
        let json = serde_json::to_string(&policy).unwrap();
        assert_eq!(
            json,
            r#"{"schemes":["https"],"hosts":["api.example.com"],"host_suffixes":["example.org"],"ports":[443,8443],"userinfo":"forbidden","password":"forbidden","fragment":"forbidden","max_length":2048}"#
        );
        assert_eq!(serde_json::from_str::<Policy>(&json).unwrap(), policy);
    }
}
