//! Normalization (RFC 3986 section 6.2: the syntax-based rung 6.2.2 and the
//! scheme-based rung 6.2.3) and equivalence.

use std::net::Ipv4Addr;

use rfc3986::{Host, Uri};
use rstest::rstest;

fn parse(input: &str) -> Uri {
    Uri::parse(input)
        .unwrap_or_else(|e| panic!("{input:?}: {e}"))
        .to_owned()
}

/// A `Uri` built without parsing must be the `Uri` a parse of its text
/// gives.
fn assert_reparses<S: rfc3986::Storage>(uri: &Uri<S>) {
    uri.check_invariants().unwrap();
    let again = parse(uri.as_str());
    assert_eq!(format!("{uri:?}"), format!("{again:?}"));
    assert_eq!(uri.host(), again.host(), "{uri}");
    assert_eq!(uri.port(), again.port(), "{uri}");
    assert_eq!(
        uri.authority().map(|a| a.as_str()),
        again.authority().map(|a| a.as_str())
    );
}

#[rstest]
// Section 6.2.2's example.
#[case::rfc_example("eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "example://a/b/c/%7Bfoo%7D")]
// 6.2.2.1: case.
#[case::scheme_and_host("HTTP://www.EXAMPLE.com/", "http://www.example.com/")]
// The issue's example: case, default port and empty path at once.
#[case::case_port_and_path("HTTP://www.EXAMPLE.com:80", "http://www.example.com/")]
#[case::hex_digits_upper("http://a/%3a%2f%c3%a9", "http://a/%3A%2F%C3%A9")]
#[case::path_case_kept("http://a/ABC/Def", "http://a/ABC/Def")]
#[case::userinfo_case_kept("http://User:PASS%3a@a/", "http://User:PASS%3A@a/")]
#[case::ipv6_lowercase("http://[2001:DB8::A]/", "http://[2001:db8::a]/")]
#[case::ipv6_ipv4_tail("http://[::FFFF:1.2.3.4]/", "http://[::ffff:1.2.3.4]/")]
// IPv6 addresses in the form of RFC 5952 (section 4): no leading zeros,
// the longest run of zero fields as "::" (the first of equal runs), a
// single zero field not compressed, lowercase.
#[case::ipv6_rfc5952_issue("http://[2001:DB8:0::1]/", "http://[2001:db8::1]/")]
#[case::ipv6_rfc5952_full(
    "http://[2001:0db8:0000:0000:0000:0000:0000:0001]/",
    "http://[2001:db8::1]/"
)]
#[case::ipv6_rfc5952_loopback("http://[0:0:0:0:0:0:0:1]:8080/", "http://[::1]:8080/")]
#[case::ipv6_rfc5952_longest_run("http://[1:0:0:2:0:0:0:3]/", "http://[1:0:0:2::3]/")]
#[case::ipv6_rfc5952_first_of_equal_runs("http://[1:0:0:2:3:0:0:4]/", "http://[1::2:3:0:0:4]/")]
#[case::ipv6_rfc5952_one_zero_field("http://[1:2:3:4:5:6:0:8]/", "http://[1:2:3:4:5:6:0:8]/")]
#[case::ipv6_rfc5952_mapped("http://[0:0:0:0:0:ffff:102:304]/", "http://[::ffff:1.2.3.4]/")]
#[case::ipv6_unspecified("http://[0::0]/", "http://[::]/")]
#[case::ipv_future_lowercase("http://[V1A.ABC:D]/", "http://[v1a.abc:d]/")]
#[case::reg_name_hex_upper("http://%c3%a9xAMPLE.com/", "http://%C3%A9xample.com/")]
// 6.2.2.2: percent-encoding.
#[case::tilde("http://example.com/%7Esmith/", "http://example.com/~smith/")]
#[case::unreserved_letters_kept("http://a/%41%62%30%2D%2E%5F%7E", "http://a/Ab0-._~")]
#[case::reserved_stays(
    "http://a/%2F%3F%23%5B%5D%40%21%24",
    "http://a/%2F%3F%23%5B%5D%40%21%24"
)]
#[case::non_ascii_stays("http://a/%E2%82%AC", "http://a/%E2%82%AC")]
#[case::host_decoded_lowercase("http://%41%42.Com/", "http://ab.com/")]
#[case::userinfo_decoded("http://%75%73er@a/", "http://user@a/")]
#[case::query_and_fragment("http://a/?%7e%2f=%41#%7e%2f", "http://a/?~%2F=A#~%2F")]
// 6.2.2.3: dot segments, after decoding.
#[case::dots("http://a/b/./c/../d", "http://a/b/d")]
#[case::encoded_dots("http://a/b/%2E%2E/c/%2e", "http://a/c/")]
#[case::dots_above_root("http://a/../../g", "http://a/g")]
#[case::rootless_dots("foo:a/../b", "foo:/b")]
#[case::rootless_leading_dots("foo:./a:b", "foo:a:b")]
#[case::rootless_all_dots("foo:..", "foo:")]
#[case::double_slash_prefix("f:/a/..//g", "f:/.//g")]
#[case::double_slash_prefix_encoded("f:/%2E//g", "f:/.//g")]
#[case::double_slash_prefix_kept("f:/.//g", "f:/.//g")]
#[case::double_slash_with_authority("http://a/b/..//g", "http://a//g")]
// 6.2.3: scheme-based.
#[case::empty_path_http("http://example.com", "http://example.com/")]
#[case::empty_port("http://example.com:/", "http://example.com/")]
#[case::default_port("http://example.com:80/", "http://example.com/")]
#[case::all_at_once("HTTP://Example.COM:/", "http://example.com/")]
#[case::https_default("https://a:443", "https://a/")]
#[case::https_other("https://a:80/", "https://a:80/")]
#[case::ws_default("ws://a:80", "ws://a/")]
#[case::wss_default("WSS://a:443?x", "wss://a/?x")]
#[case::ftp_default("ftp://a:21/x", "ftp://a/x")]
#[case::ftp_empty_path_kept("ftp://a", "ftp://a")]
#[case::unknown_scheme_port_kept("foo://a:80", "foo://a:80")]
#[case::unknown_scheme_empty_port("foo://a:", "foo://a")]
#[case::unknown_scheme_empty_path_kept("foo://a?q", "foo://a?q")]
#[case::leading_zeros_default("http://a:0080/", "http://a/")]
#[case::leading_zeros("http://a:08080/", "http://a:8080/")]
#[case::port_zero("http://a:0/", "http://a:0/")]
#[case::port_zeros("http://a:000/", "http://a:0/")]
#[case::empty_authority("file:///etc/./hosts", "file:///etc/hosts")]
#[case::empty_host_http("http://:80", "http:///")]
// Empty and undefined components stay apart.
#[case::empty_query_and_fragment("HTTP://a?#", "http://a/?#")]
#[case::no_query("http://a/b", "http://a/b")]
// A reg-name that decoding makes an IPv4 address is one.
#[case::becomes_ipv4("http://%31.2.3.4:80/", "http://1.2.3.4/")]
#[case::ipv4_kept("http://192.0.2.1:8080/", "http://192.0.2.1:8080/")]
// Relative references: dot segments removed where resolution removes them
// whatever the base (an authority, or an absolute path), kept in a
// relative-path reference.
#[case::network_path_dots("//H/./a/../b", "//h/b")]
#[case::network_path_encoded_dots("//h/a/%2E%2e/b", "//h/b")]
#[case::absolute_path_dots("/a/./b/../c", "/a/c")]
#[case::absolute_path_above_root("/../g", "/g")]
#[case::absolute_path_encoded_dot("/%2E", "/")]
#[case::absolute_path_double_slash("/a/..//g", "/.//g")]
#[case::absolute_path_double_slash_kept("/.//g", "/.//g")]
#[case::relative_dots_kept("../%7ea/./B", "../~a/./B")]
#[case::relative_inner_dots_kept("a/./b/../c", "a/./b/../c")]
#[case::relative_dot_only("./%2e", "./.")]
#[case::relative_network_path("//EXAMPLE.com:80", "//example.com:80")]
#[case::relative_empty_port("//a:/b", "//a/b")]
#[case::relative_query("?%7e", "?~")]
#[case::relative_fragment("#%7e%2f", "#~%2F")]
#[case::relative_empty("", "")]
#[case::relative_colon_encoded("a%3ab", "a%3Ab")]
fn normalize(#[case] input: &str, #[case] expected: &str) {
    let normal = parse(input).normalize();
    assert_eq!(normal.as_str(), expected);
    assert_reparses(&normal);
    // Idempotent.
    let again = normal.normalize();
    assert_eq!(again.as_str(), expected);
    assert!(parse(input).equivalent(&parse(expected)));
}

/// Section 6.2.2 alone: case, percent-encoding and dot segments, and
/// nothing of 6.2.3 (ports and empty paths stay as written) nor of RFC 5952.
#[rstest]
#[case::rfc_example("eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "example://a/b/c/%7Bfoo%7D")]
#[case::case("HTTP://www.EXAMPLE.com/%3a", "http://www.example.com/%3A")]
#[case::unreserved_decoded("http://a/%7Esmith/%41", "http://a/~smith/A")]
#[case::host_decoded_lowercase("http://%41%42.Com/", "http://ab.com/")]
#[case::default_port_kept("https://example.com:443/", "https://example.com:443/")]
#[case::leading_zeros_kept("HTTP://a:00080/", "http://a:00080/")]
#[case::empty_port_kept("http://a:/", "http://a:/")]
#[case::empty_path_kept("https://example.com", "https://example.com")]
#[case::empty_path_and_port_kept("HTTP://a:?q", "http://a:?q")]
#[case::ipv6_lowercase_only("http://[2001:DB8:0::1]/", "http://[2001:db8:0::1]/")]
#[case::ipv_future_lowercase("http://[V1A.ABC:D]/", "http://[v1a.abc:d]/")]
#[case::dots("http://a/b/./c/../d", "http://a/b/d")]
#[case::rootless_dots("foo:a/../b", "foo:/b")]
#[case::double_slash_prefix("f:/a/..//g", "f:/.//g")]
#[case::network_path_dots("//a:080/./b/../c", "//a:080/c")]
#[case::absolute_path_dots("/a/%2e/b", "/a/b")]
#[case::relative_path_dots_kept("../%7ea/./b", "../~a/./b")]
#[case::empty_query_and_fragment("HTTP://a?#", "http://a?#")]
#[case::becomes_ipv4("http://%31.2.3.4:80", "http://1.2.3.4:80")]
fn normalize_syntax(#[case] input: &str, #[case] expected: &str) {
    let normal = parse(input).normalize_syntax();
    assert_eq!(normal.as_str(), expected);
    assert_reparses(&normal);
    // Idempotent.
    let again = normal.normalize_syntax();
    assert_eq!(again.as_str(), expected);
    // The next rung goes on from there.
    assert_eq!(normal.normalize(), parse(input).normalize());
}

/// What the syntax rung leaves and the scheme-based rung changes.
#[test]
fn the_ladder_has_two_rungs() {
    let uri = parse("HTTPS://Example.COM:0443");
    assert_eq!(uri.normalize_syntax(), "https://example.com:0443");
    assert_eq!(uri.normalize(), "https://example.com/");
    // Already normal at the first rung, not at the second.
    let uri = parse("https://example.com");
    assert_eq!(uri.normalize_syntax(), uri);
    assert_eq!(uri.normalize(), "https://example.com/");
    let uri = parse("http://[2001:db8:0::1]/");
    assert_eq!(uri.normalize_syntax(), uri);
    assert_eq!(uri.normalize(), "http://[2001:db8::1]/");
}

#[test]
fn equivalent_compares_ipv6_hosts_by_address() {
    let a = parse("http://[2001:DB8:0::1]/");
    for b in [
        "http://[2001:db8::1]/",
        "http://[2001:0db8:0000:0000:0000:0000:0000:0001]:80/",
        "HTTP://[2001:db8:0:0:0:0:0:1]",
    ] {
        assert!(a.equivalent(&parse(b)), "{b}");
        assert!(parse(b).equivalent(&a), "{b}");
    }
    assert!(!a.equivalent(&parse("http://[2001:db8::2]/")));
    assert!(parse("http://[::ffff:1.2.3.4]/").equivalent(&parse("http://[::FFFF:102:304]/")));
    // An IPv4 address is not its IPv4-mapped IPv6 address.
    assert!(!parse("http://1.2.3.4/").equivalent(&parse("http://[::ffff:1.2.3.4]/")));
}

#[test]
fn a_decoded_ipv4_address_is_typed() {
    let uri = parse("http://%31%32%37.0.0.%31/").normalize();
    assert_eq!(uri.as_str(), "http://127.0.0.1/");
    assert_eq!(uri.host(), Some(Host::Ipv4(Ipv4Addr::LOCALHOST)));
    // Not with a leading zero: then it stays a reg-name, as the grammar says.
    let uri = parse("http://%30%31.0.0.1/").normalize();
    assert_eq!(uri.as_str(), "http://01.0.0.1/");
    assert!(matches!(uri.host(), Some(Host::RegName(name)) if name == "01.0.0.1"));
}

/// A URI that is already normal comes back sharing its text.
#[rstest]
#[case("http://example.com/")]
#[case("http://a/%2F?%C3%A9#%3A")]
#[case("foo:a:b")]
#[case("foo://a")]
#[case("mailto:John.Doe@example.com")]
#[case("../a/./b")]
#[case("//a:8080")]
#[case("/a/b")]
#[case("//h/a")]
#[case("http://[2001:db8::1]/")]
#[case("http://[::ffff:1.2.3.4]/")]
fn already_normal(#[case] input: &str) {
    let uri = parse(input);
    let normal = uri.normalize();
    assert_eq!(normal, uri);
}

#[test]
fn equivalent_compares_normal_forms() {
    let a = parse("http://example.com/~smith/");
    for b in [
        "http://example.com/~smith/",
        "HTTP://EXAMPLE.COM/%7Esmith/",
        "http://example.com:80/%7esmith/",
        "http://example.com:/./~smith/",
        "http://example.com/a/../%7Esmith/",
    ] {
        let b = parse(b);
        assert!(a.equivalent(&b), "{b}");
        assert!(b.equivalent(&a), "{b}");
    }
    for b in [
        "http://example.com/~Smith/",
        "http://example.com/%7esmith",
        "https://example.com/~smith/",
        "http://example.com:8080/~smith/",
        "http://example.com/~smith/?",
        "http://example.com/~smith/#",
        "http://example.com/~smith%2F",
    ] {
        assert!(!a.equivalent(&parse(b)), "{b}");
    }
    // `==` and hashing stay exact.
    assert_ne!(parse("HTTP://a/"), parse("http://a/"));
    // Relative-path references keep their dot segments, so these differ;
    // absolute paths lose them.
    assert!(!parse("a/../b").equivalent(&parse("b")));
    assert!(parse("/a/../b").equivalent(&parse("/b")));
    assert!(parse("//h/a/./b").equivalent(&parse("//H/a/b")));
    assert!(parse("A/%7e").equivalent(&parse("A/~")));
}

/// Normalizing preserves the target of resolution: a reference and its
/// normal form resolve to equivalent targets.
#[test]
fn normalizing_a_reference_keeps_its_target() {
    let base = parse("http://a/b/c/d;p?q");
    for reference in [
        "%2E%2E/g",
        "./%7Eg",
        "../%2e/G",
        "//A:80/%7e",
        "?%7E",
        "#%7e",
        "g/%2E%2E/h",
        "/a/./b/../%63",
        "//A/./b/../c",
        "/..",
        "a/./b/../c",
    ] {
        let reference = parse(reference);
        let direct = base.resolve(&reference).unwrap();
        let normalized = base.resolve(&reference.normalize()).unwrap();
        assert!(direct.equivalent(&normalized), "{reference}");
    }
}
