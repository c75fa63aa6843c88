//! Lints (`Reference::lints`): a table per kind with the exact lints of
//! each input (name, byte range, severity), the exact message of one case
//! of each kind, several lints in text order, clean references, IRIs, the
//! names of kinds and severities, the table of the docs against the code,
//! and a property test: a normalized reference has none of the lints that
//! normalization fixes.

use std::ops::Range;

use crate::support;

use proptest::prelude::*;
use rfc3986::{Iri, LintKind, Severity, Uri};
use rstest::rstest;
use support::generate::uri_reference;

use Severity::{Info, Warning};

/// The lints of `input` as `(name, range, severity)`, in the order
/// `lints()` gives them, after checking that each range is in the text.
fn lints(input: &str) -> Vec<(&'static str, Range<usize>, Severity)> {
    let uri = Uri::parse(input).unwrap_or_else(|e| panic!("{input:?}: {e}"));
    summary(input, &uri.lints())
}

fn iri_lints(input: &str) -> Vec<(&'static str, Range<usize>, Severity)> {
    let iri = Iri::parse(input).unwrap_or_else(|e| panic!("{input:?}: {e}"));
    summary(input, &iri.lints())
}

fn summary(input: &str, lints: &[rfc3986::Lint]) -> Vec<(&'static str, Range<usize>, Severity)> {
    lints
        .iter()
        .map(|lint| {
            assert!(input.get(lint.range()).is_some(), "{input:?}: {lint:?}");
            (lint.kind().as_str(), lint.range(), lint.severity())
        })
        .collect()
}

type Expected = Vec<(&'static str, Range<usize>, Severity)>;

#[rstest]
#[case::upper("HTTP://example.com/", vec![("uppercase-scheme", 0..4, Info)])]
#[case::mixed("Http:x", vec![("uppercase-scheme", 0..4, Info)])]
#[case::with_symbols("a+B.c-d:x", vec![("uppercase-scheme", 0..7, Info)])]
#[case::lowercase("http://example.com/", vec![])]
#[case::digits("h2:x", vec![])]
fn uppercase_scheme(#[case] input: &str, #[case] expected: Expected) {
    assert_eq!(lints(input), expected);
}

#[rstest]
#[case::reg_name("http://Example.com/", vec![("uppercase-host", 7..18, Info)])]
#[case::after_userinfo("http://User@EXAMPLE.com:8080/", vec![("uppercase-host", 12..23, Info)])]
#[case::relative_with_authority("//Host/a", vec![("uppercase-host", 2..6, Info)])]
// Section 3.2.2: lowercase "for registered names and hexadecimal
// addresses"; the brackets are part of the range.
#[case::ipv6("http://[2001:DB8::1]/", vec![("uppercase-host", 7..20, Info)])]
#[case::ipv_future("http://[V1.x]/", vec![("uppercase-host", 7..13, Info)])]
#[case::ipv_future_address("http://[v1.X]/", vec![("uppercase-host", 7..13, Info)])]
// The hexadecimal digits of an encoding should be uppercase: not a lint
// here (the name is not a DNS name, which is another lint).
#[case::encoding_digits("http://%C3%A9x.com/", vec![("non-dns-name", 7..18, Info)])]
#[case::ipv6_lowercase("http://[2001:db8::1]/", vec![])]
#[case::ipv4("http://10.0.0.1/", vec![])]
#[case::userinfo_case_kept("http://User@example.com/", vec![])]
#[case::path_case_kept("http://example.com/ABC", vec![])]
fn uppercase_host(#[case] input: &str, #[case] expected: Expected) {
    assert_eq!(lints(input), expected);
}

#[rstest]
#[case::path("http://example.com/a%3ab", vec![("lowercase-percent-encoding", 20..23, Info)])]
#[case::both_digits("http://example.com/%c3%a9", vec![
    ("lowercase-percent-encoding", 19..22, Info),
    ("lowercase-percent-encoding", 22..25, Info),
])]
#[case::one_digit("http://example.com/%Ab", vec![("lowercase-percent-encoding", 19..22, Info)])]
#[case::every_component("http://us%3aer@example.com/?q=%2f#%5b", vec![
    ("lowercase-percent-encoding", 9..12, Info),
    ("lowercase-percent-encoding", 30..33, Info),
    ("lowercase-percent-encoding", 34..37, Info),
])]
#[case::host("http://a%c3%a9.com/", vec![
    ("non-dns-name", 7..18, Info),
    ("lowercase-percent-encoding", 8..11, Info),
    ("lowercase-percent-encoding", 11..14, Info),
])]
#[case::relative("a%2fb", vec![("lowercase-percent-encoding", 1..4, Info)])]
#[case::uppercase("http://example.com/%3A%2F", vec![])]
fn lowercase_percent_encoding(#[case] input: &str, #[case] expected: Expected) {
    assert_eq!(lints(input), expected);
}

#[rstest]
#[case::tilde("http://example.com/%7Euser", vec![("encoded-unreserved", 19..22, Info)])]
// Lowercase and unreserved: one lint, decoding fixes both.
#[case::lowercase_tilde("http://example.com/%7e", vec![("encoded-unreserved", 19..22, Info)])]
#[case::each_unreserved("http://example.com/?%2D%2E%5F%30#%61", vec![
    ("encoded-unreserved", 20..23, Info),
    ("encoded-unreserved", 23..26, Info),
    ("encoded-unreserved", 26..29, Info),
    ("encoded-unreserved", 29..32, Info),
    ("encoded-unreserved", 33..36, Info),
])]
#[case::host("http://%41%42.com/", vec![
    ("non-dns-name", 7..17, Info),
    ("encoded-unreserved", 7..10, Info),
    ("encoded-unreserved", 10..13, Info),
])]
#[case::userinfo("http://%75ser@h/", vec![("encoded-unreserved", 7..10, Info)])]
#[case::reserved_space_and_utf8("http://example.com/%2F%20%E2%82%AC%25", vec![])]
fn encoded_unreserved(#[case] input: &str, #[case] expected: Expected) {
    assert_eq!(lints(input), expected);
}

#[rstest]
#[case::http("http://example.com:/", vec![("empty-port", 18..19, Info)])]
#[case::relative("//h:", vec![("empty-port", 3..4, Info)])]
#[case::any_scheme("foo://h:/x", vec![("empty-port", 7..8, Info)])]
#[case::no_port("http://h/", vec![])]
#[case::colon_in_path("http://h/a:", vec![])]
fn empty_port(#[case] input: &str, #[case] expected: Expected) {
    assert_eq!(lints(input), expected);
}

#[rstest]
#[case::http("http://example.com:80/", vec![("default-port", 18..21, Info)])]
#[case::https_leading_zero("HTTPS://h:0443", vec![
    ("uppercase-scheme", 0..5, Info),
    ("default-port", 9..14, Info),
])]
#[case::ws("ws://h:80", vec![("default-port", 6..9, Info)])]
#[case::wss("wss://h:443", vec![("default-port", 7..11, Info)])]
#[case::ftp("ftp://h:21/", vec![("default-port", 7..10, Info)])]
#[case::other_port("http://h:443/", vec![])]
#[case::https_80("https://h:80/", vec![])]
#[case::unknown_scheme("foo://h:80/", vec![])]
#[case::no_scheme("//h:80/", vec![])]
fn default_port(#[case] input: &str, #[case] expected: Expected) {
    assert_eq!(lints(input), expected);
}

#[rstest]
#[case::password("ftp://user:secret@example.com/", vec![("password", 11..17, Warning)])]
#[case::no_user("ftp://:pw@h/", vec![("password", 7..9, Warning)])]
#[case::colon_in_password("ftp://u:a:b@h/", vec![("password", 8..11, Warning)])]
#[case::encoded("ftp://u:p%41@h/", vec![
    ("password", 8..12, Warning),
    ("encoded-unreserved", 9..12, Info),
])]
// An empty password is no password (section 3.2.1).
#[case::empty("ftp://user:@h/", vec![])]
#[case::user_only("ftp://user@h/", vec![])]
fn password(#[case] input: &str, #[case] expected: Expected) {
    assert_eq!(lints(input), expected);
}

#[rstest]
#[case::climb("http://example.com/v1/../admin", vec![("dot-segment", 22..24, Warning)])]
#[case::both("http://a/./b/../c", vec![
    ("dot-segment", 9..10, Warning),
    ("dot-segment", 13..15, Warning),
])]
#[case::last("http://a/b/..", vec![("dot-segment", 11..13, Warning)])]
#[case::absolute_path("/a/./b", vec![("dot-segment", 3..4, Warning)])]
#[case::authority("//h/.", vec![("dot-segment", 4..5, Warning)])]
#[case::rootless_with_scheme("foo:./a", vec![("dot-segment", 4..5, Warning)])]
// Encoded: the segment, then each encoding in it.
#[case::encoded("http://a/%2e%2E/b", vec![
    ("dot-segment", 9..15, Warning),
    ("encoded-unreserved", 9..12, Info),
    ("encoded-unreserved", 12..15, Info),
])]
#[case::half_encoded("http://a/.%2e", vec![
    ("dot-segment", 9..13, Warning),
    ("encoded-unreserved", 10..13, Info),
])]
// The `/.` that keeps `//g` from reading as an authority is needed.
#[case::guard("f:/.//g", vec![])]
#[case::guard_relative("/.//g", vec![])]
#[case::guard_encoded("f:/%2E//g", vec![("encoded-unreserved", 3..6, Info)])]
#[case::not_guard_with_authority("http://h/.//g", vec![("dot-segment", 9..10, Warning)])]
#[case::not_guard_single_slash("f:/./g", vec![("dot-segment", 3..4, Warning)])]
#[case::not_guard_second("f:/a/.//g", vec![("dot-segment", 5..6, Warning)])]
#[case::three_dots("http://a/...", vec![])]
#[case::dot_name("http://a/.a/b.", vec![])]
#[case::encoded_other("http://a/%2e%2F", vec![("encoded-unreserved", 9..12, Info)])]
#[case::query_and_fragment("http://a/b?x=/../#/./", vec![])]
// Relative-path references climb their base with dot segments.
#[case::relative_climb("../a", vec![])]
#[case::relative_inner("a/./b", vec![])]
#[case::relative_dot("./", vec![])]
fn dot_segment(#[case] input: &str, #[case] expected: Expected) {
    assert_eq!(lints(input), expected);
}

#[rstest]
#[case::underscore("http://my_host.example/", vec![("non-dns-name", 7..22, Info)])]
#[case::leading_hyphen("http://-a.example/", vec![("non-dns-name", 7..17, Info)])]
#[case::trailing_hyphen("http://a-.example/", vec![("non-dns-name", 7..17, Info)])]
#[case::empty_label("http://a..b/", vec![("non-dns-name", 7..11, Info)])]
#[case::leading_dot("http://.a/", vec![("non-dns-name", 7..9, Info)])]
#[case::only_dot("http://./", vec![("non-dns-name", 7..8, Info)])]
#[case::two_trailing_dots("http://a../", vec![("non-dns-name", 7..10, Info)])]
#[case::numeric_last("http://256.1.1.1/", vec![("non-dns-name", 7..16, Info)])]
#[case::single_number("http://123/", vec![("non-dns-name", 7..10, Info)])]
#[case::percent_encoded("http://%E4%BE%8B.jp/", vec![("non-dns-name", 7..19, Info)])]
#[case::sub_delims("http://a!b/", vec![("non-dns-name", 7..10, Info)])]
#[case::tilde("http://a~b/", vec![("non-dns-name", 7..10, Info)])]
#[case::with_port_and_user("http://u@a_b:8080/", vec![("non-dns-name", 9..12, Info)])]
#[case::plain("http://example.com/", vec![])]
#[case::hyphen_inside("http://a-b.example/", vec![])]
#[case::trailing_dot("http://example.com./", vec![])]
#[case::digit_first_label("http://3com.example/", vec![])]
#[case::numeric_inner("http://1.2.example/", vec![])]
#[case::ace("http://xn--r8jz45g.jp/", vec![])]
#[case::single_label("http://localhost/", vec![])]
#[case::empty_host("file:///etc", vec![])]
#[case::ipv4("http://1.2.3.4/", vec![])]
#[case::ipv6("http://[::1]/", vec![])]
fn non_dns_name(#[case] input: &str, #[case] expected: Expected) {
    assert_eq!(lints(input), expected);
}

/// The limits of RFC 1034 section 3.5: labels of 63 bytes, names of 253
/// (without a trailing dot).
#[test]
fn dns_lengths() {
    let check = |host: String, expected: bool| {
        let input = format!("http://{host}/");
        let found = lints(&input);
        let want = if expected {
            vec![("non-dns-name", 7..7 + host.len(), Info)]
        } else {
            vec![]
        };
        assert_eq!(found, want, "{} bytes", host.len());
    };
    check("a".repeat(63), false);
    check("a".repeat(64), true);
    check(format!("{}.b", "a".repeat(64)), true);
    // 4 labels of 62 and a fifth of 1 to 5 bytes: 253 is the most.
    let name = |last: usize| format!("{0}.{0}.{0}.{0}.{1}", "a".repeat(62), "b".repeat(last));
    assert_eq!(name(1).len(), 253);
    check(name(1), false);
    check(format!("{}.", name(1)), false);
    check(name(2), true);
}

#[rstest]
#[case::uppercase_scheme(
    "HTTP://example.com/",
    "uppercase letters in the scheme \"HTTP\" at bytes 0..4: schemes are case-insensitive and \
     should be written in lowercase (RFC 3986 section 3.1)"
)]
#[case::uppercase_host(
    "http://[2001:DB8::1]/",
    "uppercase letters in the host \"[2001:DB8::1]\" at bytes 7..20: hosts are case-insensitive \
     and should be written in lowercase (RFC 3986 section 3.2.2)"
)]
#[case::lowercase_percent_encoding(
    "http://example.com/a%3ab",
    "lowercase hexadecimal digits in the percent-encoding \"%3a\" at bytes 20..23: \
     percent-encodings should use uppercase hexadecimal digits (RFC 3986 section 2.1)"
)]
#[case::encoded_unreserved(
    "http://example.com/%7e",
    "percent-encoded unreserved character \"%7e\" at bytes 19..22: it should be written as \
     \"~\" (RFC 3986 section 2.3)"
)]
#[case::empty_port(
    "http://example.com:/",
    "empty port at bytes 18..19: the \":\" should be omitted when the port is empty (RFC 3986 \
     section 3.2.3)"
)]
#[case::default_port(
    "https://example.com:0443/",
    "the port \":0443\" at bytes 19..24 is the scheme's default: it should be omitted, with its \
     \":\" (RFC 3986 section 3.2.3)"
)]
// The password is not shown.
#[case::password(
    "ftp://user:secret@example.com/",
    "a password in the userinfo at bytes 11..17: \"user:password\" is deprecated, and a password \
     should not be written in a URI (RFC 3986 section 3.2.1)"
)]
#[case::dot_segment(
    "http://example.com/v1/%2E%2E/admin",
    "dot segment \"%2E%2E\" at bytes 22..28: resolution removes it from this path, and dot \
     segments should be written only in relative-path references (RFC 3986 section 5.2.4)"
)]
#[case::non_dns_name(
    "http://my_host.example/",
    "the registered name \"my_host.example\" at bytes 7..22 is not a DNS name (it has the \
     character \"_\"): a name for DNS lookup should be labels of letters, digits and hyphens, \
     separated by dots (RFC 3986 section 3.2.2)"
)]
fn message(#[case] input: &str, #[case] expected: &str) {
    let uri = Uri::parse(input).unwrap();
    let lints = uri.lints();
    assert_eq!(lints[0].message(), expected);
    assert_eq!(lints[0].to_string(), expected);
}

/// Why a registered name is not a DNS name, each reason as the message
/// gives it.
#[rstest]
#[case::percent(
    "%E4%BE%8B.jp",
    "it is percent-encoded; an internationalized name takes its IDNA form"
)]
#[case::character("a!b", "it has the character \"!\"")]
#[case::too_long(&format!("{}.{}", "a".repeat(63), "b".repeat(190)), "it is longer than 253 bytes")]
#[case::empty_label("a..b", "it has an empty label")]
#[case::long_label(&"a".repeat(64), "it has a label longer than 63 bytes")]
#[case::hyphen("a.b-", "a label starts or ends with a hyphen")]
#[case::numeric_last("example.123", "its last label is all digits")]
fn non_dns_reason(#[case] host: &str, #[case] reason: &str) {
    let uri = Uri::parse(format!("http://{host}/")).unwrap();
    let message = uri.lints()[0].message();
    let expected = format!(" is not a DNS name ({reason}): ");
    assert!(message.contains(&expected), "{message}");
}

/// A message quotes at most 40 bytes of the text, cut at a character
/// boundary, with `...` after the quotes.
#[test]
fn long_text_is_cut() {
    let host = format!("{}.com", "A".repeat(50));
    let uri = Uri::parse(format!("http://{host}/")).unwrap();
    assert_eq!(
        uri.lints()[0].message(),
        format!(
            "uppercase letters in the host \"{}\"... at bytes 7..61: hosts are case-insensitive \
             and should be written in lowercase (RFC 3986 section 3.2.2)",
            "A".repeat(40)
        )
    );
    // 13 characters of 3 bytes are 39 bytes: the 14th does not fit.
    let iri = Iri::parse(format!("http://{}_/", "例".repeat(20))).unwrap();
    let message = iri.lints()[0].message();
    assert!(
        message.starts_with(&format!(
            "the registered name \"{}\"... at bytes 7..68 ",
            "例".repeat(13)
        )),
        "{message}"
    );
}

/// Lints of every kind in one reference, in text order.
#[test]
fn several_in_text_order() {
    let input = "HTTP://u:p@Ex_ample.com:80/a/./%7e/%2f/../b?%41#%3a";
    assert_eq!(
        lints(input),
        vec![
            ("uppercase-scheme", 0..4, Info),
            ("password", 9..10, Warning),
            ("uppercase-host", 11..23, Info),
            ("non-dns-name", 11..23, Info),
            ("default-port", 23..26, Info),
            ("dot-segment", 29..30, Warning),
            ("encoded-unreserved", 31..34, Info),
            ("lowercase-percent-encoding", 35..38, Info),
            ("dot-segment", 39..41, Warning),
            ("encoded-unreserved", 44..47, Info),
            ("lowercase-percent-encoding", 48..51, Info),
        ]
    );
    let text_order = lints(input)
        .windows(2)
        .all(|pair| pair[0].1.start <= pair[1].1.start);
    assert!(text_order);
}

#[rstest]
#[case("https://example.com/a?b#c")]
#[case("../a")]
#[case("")]
#[case("#top")]
#[case("mailto:user@example.com")]
#[case("urn:isbn:0451450523")]
#[case("file:///etc/hosts")]
#[case("http://[2001:db8::1]:8080/a%2Fb?q=%C3%A9")]
#[case("ftp://anonymous@ftp.example.org/pub")]
#[case("https://example.com:8443/")]
#[case("//example.com/a/b/")]
fn clean(#[case] input: &str) {
    assert_eq!(lints(input), vec![]);
}

/// In an IRI, a character above ASCII counts as a letter of a DNS name
/// (IDNA maps it): an internationalized name is no lint, but the rules on
/// ASCII still hold, and a percent-encoded name still fails.
#[rstest]
#[case::idn("http://例え.jp/", vec![])]
#[case::idn_accents("http://bücher.example/", vec![])]
// 25 characters of 3 bytes: 75 bytes, not checked against 63.
#[case::idn_long_label(&format!("http://{}.jp/", "例".repeat(25)), vec![])]
#[case::idn_uppercase("http://Bücher.example/", vec![("uppercase-host", 7..22, Info)])]
#[case::idn_underscore("http://例_え.jp/", vec![("non-dns-name", 7..17, Info)])]
#[case::idn_hyphen("http://例え-.jp/", vec![("non-dns-name", 7..17, Info)])]
#[case::percent_encoded("http://%E4%BE%8B.jp/", vec![("non-dns-name", 7..19, Info)])]
// Only RFC 3986's unreserved characters: an encoded `é` is left to
// normalization.
#[case::encoded_iunreserved("http://a/%C3%A9", vec![])]
#[case::path("http://a/%7e/é/./x", vec![
    ("encoded-unreserved", 9..12, Info),
    ("dot-segment", 16..17, Warning),
])]
fn iri(#[case] input: &str, #[case] expected: Expected) {
    assert_eq!(iri_lints(input), expected);
}

/// `lints` is the same for every storage, and on absolute URIs.
#[test]
fn storages() {
    let text = "HTTP://h:80/";
    let expected = lints(text);
    assert_eq!(expected.len(), 2);
    let owned = Uri::parse(text.to_string()).unwrap();
    assert_eq!(summary(text, &owned.lints()), expected);
    assert_eq!(summary(text, &owned.to_shared().lints()), expected);
    let absolute = rfc3986::AbsoluteUri::parse(text).unwrap();
    assert_eq!(summary(text, &absolute.lints()), expected);
}

#[test]
fn with_severity() {
    let uri = Uri::parse("http://my_host/").unwrap();
    let lint = uri.lints().remove(0);
    assert_eq!(lint.severity(), Info);
    let raised = lint.clone().with_severity(Warning);
    assert_eq!(raised.severity(), Warning);
    assert_eq!((raised.kind(), raised.range()), (lint.kind(), lint.range()));
    assert_eq!(raised.message(), lint.message());
}

#[test]
fn kinds() {
    for &kind in LintKind::ALL {
        assert_eq!(kind.as_str().parse::<LintKind>(), Ok(kind));
        assert_eq!(kind.as_str().to_uppercase().parse::<LintKind>(), Ok(kind));
        assert_eq!(kind.to_string(), kind.as_str());
    }
    let names: Vec<_> = LintKind::ALL
        .iter()
        .map(|k| (k.as_str(), k.section(), k.severity()))
        .collect();
    assert_eq!(
        names,
        vec![
            ("uppercase-scheme", "3.1", Info),
            ("uppercase-host", "3.2.2", Info),
            ("lowercase-percent-encoding", "2.1", Info),
            ("encoded-unreserved", "2.3", Info),
            ("empty-port", "3.2.3", Info),
            ("default-port", "3.2.3", Info),
            ("password", "3.2.1", Warning),
            ("dot-segment", "5.2.4", Warning),
            ("non-dns-name", "3.2.2", Info),
        ]
    );
    assert_eq!(
        "nope".parse::<LintKind>().unwrap_err().to_string(),
        "unknown lint \"nope\": expected one of uppercase-scheme, uppercase-host, \
         lowercase-percent-encoding, encoded-unreserved, empty-port, default-port, password, \
         dot-segment, non-dns-name"
    );
}

#[test]
fn severities() {
    assert!(Info < Warning);
    assert_eq!(Severity::ALL, [Info, Warning]);
    for &severity in Severity::ALL {
        assert_eq!(severity.as_str().parse::<Severity>(), Ok(severity));
        assert_eq!(severity.to_string(), severity.as_str());
    }
    assert_eq!("Warning".parse::<Severity>(), Ok(Warning));
    assert_eq!(
        "error".parse::<Severity>().unwrap_err().to_string(),
        "unknown severity \"error\": expected one of info, warning"
    );
    // The name is quoted, cut at 40 bytes.
    let long = "x".repeat(100);
    assert_eq!(
        long.parse::<Severity>().unwrap_err().to_string(),
        format!(
            "unknown severity \"{}\"...: expected one of info, warning",
            "x".repeat(40)
        )
    );
}

/// The table of `Reference::lints`'s docs lists every kind, with its name,
/// section and severity, and an example that gives a lint of that kind.
#[test]
fn docs_table() {
    let source = include_str!("../../src/checks/lints.rs");
    let rows: Vec<Vec<&str>> = source
        .lines()
        .filter_map(|line| line.trim().strip_prefix("/// | `"))
        .map(|row| {
            row.trim_end_matches('|')
                .split(" | ")
                .map(|cell| cell.trim().trim_matches('`'))
                .collect()
        })
        .collect();
    assert_eq!(rows.len(), LintKind::ALL.len());
    for (row, &kind) in rows.iter().zip(LintKind::ALL) {
        let [name, link, section, severity, example] = row[..] else {
            panic!("{row:?}");
        };
        assert_eq!(name, kind.as_str());
        assert!(link.ends_with(&format!("(LintKind::{kind:?})")), "{link}");
        assert_eq!(section, kind.section());
        assert_eq!(severity, kind.severity().as_str());
        let found = Uri::parse(example).unwrap().lints();
        assert_eq!(
            found.iter().map(|lint| lint.kind()).collect::<Vec<_>>(),
            [kind],
            "{example}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    /// Over generated references: the lints are in text order, each range
    /// lies in the text on character boundaries, and a normalized reference
    /// has none of the lints that normalization fixes (case, encodings,
    /// ports), nor dot segments where normalization removes them.
    #[test]
    fn normalized_references_are_clean(generated in uri_reference()) {
        let uri = Uri::parse(generated.text.as_str()).unwrap();
        let lints = uri.lints();
        for lint in &lints {
            prop_assert!(uri.as_str().get(lint.range()).is_some_and(|s| !s.is_empty()), "{:?}", lint);
        }
        prop_assert!(lints.windows(2).all(|w| w[0].range().start <= w[1].range().start));
        let normal = uri.normalize();
        let fixed = [
            LintKind::UppercaseScheme,
            LintKind::UppercaseHost,
            LintKind::LowercasePercentEncoding,
            LintKind::EncodedUnreserved,
            LintKind::EmptyPort,
            LintKind::DefaultPort,
            LintKind::DotSegment,
        ];
        let left: Vec<_> = normal.lints().into_iter().filter(|l| fixed.contains(&l.kind())).collect();
        prop_assert!(left.is_empty(), "{} normalizes to {}: {:?}", uri, normal, left);
    }
}
