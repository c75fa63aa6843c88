//! IRIs (RFC 3987): the examples of sections 3.1, 3.2, 3.2.1, 5.3.2 and
//! 6.4 transcribed in full from the RFC's text (its XML notation `&#xE9;`
//! written as the Rust escape `\u{e9}`), every `ucschar` and `iprivate`
//! range at its first and last code point and just outside, and the
//! accessors, errors, builder and conversions of `Iri`.

use crate::support;

use rfc3986::{BuildError, Component, ErrorKind, Host, Iri, Uri};
use rstest::rstest;
use support::iri::{in_ranges, IPRIVATE_RANGES as IPRIVATE, UCSCHAR_RANGES as UCSCHAR};

fn iri(text: &str) -> Iri {
    Iri::parse(text)
        .unwrap_or_else(|e| panic!("{text:?}: {e}"))
        .to_owned()
}

fn uri(text: &str) -> Uri {
    Uri::parse(text)
        .unwrap_or_else(|e| panic!("{text:?}: {e}"))
        .to_owned()
}

/// Section 3.1, "Mapping of IRIs to URIs": every example of the section
/// with an IRI and the URI it maps to.
#[rstest]
#[case::resume_host(
    "http://r\u{e9}sum\u{e9}.example.org",
    "http://r%C3%A9sum%C3%A9.example.org"
)]
#[case::validator_query(
    "http://validator.w3.org/check?uri=http%3A%2F%2Fr\u{e9}sum\u{e9}.example.org",
    "http://validator.w3.org/check?uri=http%3A%2F%2Fr%C3%A9sum%C3%A9.example.org"
)]
#[case::existing_encoding_kept(
    "http://www.example.org/red%09ros\u{e9}#red",
    "http://www.example.org/red%09ros%C3%A9#red"
)]
#[case::old_italic_outside_the_bmp(
    "http://example.com/\u{10300}\u{10301}\u{10302}",
    "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82"
)]
fn section_3_1_iri_to_uri(#[case] input: &str, #[case] expected: &str) {
    let mapped = iri(input).to_uri();
    assert_eq!(mapped.as_str(), expected);
    assert_eq!(mapped.check_invariants(), Ok(()));
    // "The mapping is also an identity transformation for URIs and is
    // idempotent."
    assert_eq!(iri(expected).to_uri().as_str(), expected);
    assert_eq!(
        Uri::parse(expected).map(|r| r.to_owned()).as_ref(),
        Ok(&mapped)
    );
}

/// Section 3.1's `ToASCII` example: "http://r&#xE9;sum&#xE9;.example.org"
/// "may be converted to" "http://xn--rsum-bpad.example.org".
#[cfg(feature = "idna")]
#[test]
fn section_3_1_idna() {
    let mapped = iri("http://r\u{e9}sum\u{e9}.example.org")
        .to_uri_idna()
        .unwrap();
    assert_eq!(mapped.as_str(), "http://xn--rsum-bpad.example.org");
    assert_eq!(mapped.host_str(), Some("xn--rsum-bpad.example.org"));
    // Percent-encoded UTF-8 in the name is the same name.
    let mapped = iri("http://r%C3%A9sum%C3%A9.example.org/\u{e9}")
        .to_uri_idna()
        .unwrap();
    assert_eq!(mapped.as_str(), "http://xn--rsum-bpad.example.org/%C3%A9");
    // IP hosts are left alone.
    let mapped = iri("http://[::1]/\u{e9}").to_uri_idna().unwrap();
    assert_eq!(mapped.as_str(), "http://[::1]/%C3%A9");
    // Not UTF-8, and not a valid name under STD3 rules.
    for host in ["%FF.example", "a_b.example", "a%20b"] {
        let err = iri(&format!("http://{host}/")).to_uri_idna().unwrap_err();
        assert_eq!(err.host(), host);
        assert_eq!(
            rfc3986::Error::from(err).to_string(),
            format!("the host {host:?} is not a valid internationalized domain name (IDNA ToASCII failed)")
        );
    }
    // An ASCII name is mapped too (UTS #46 folds case); a host without
    // a name is not touched.
    assert_eq!(
        iri("http://Example.ORG/\u{e9}").to_uri_idna().unwrap(),
        "http://example.org/%C3%A9"
    );
    assert_eq!(iri("/\u{e9}").to_uri_idna().unwrap(), "/%C3%A9");
}

/// Sections 3.2 and 3.2.1, "Converting URIs to IRIs", and section 6.4:
/// every URI of those sections with the IRI it converts to.
#[rstest]
// Section 3.2: "must not be converted to an IRI containing these e-acute
// characters".
#[case::latin1_not_converted(
    "http://www.example.org/r%E9sum%E9.html",
    "http://www.example.org/r%E9sum%E9.html"
)]
// Section 3.2's counterpart, and section 6.4's first example.
#[case::utf8_converted(
    "http://www.example.org/r%C3%A9sum%C3%A9.html",
    "http://www.example.org/r\u{e9}sum\u{e9}.html"
)]
// Section 3.2.1, first example: steps 1 to 5.
#[case::u_umlaut(
    "http://www.example.org/D%C3%BCrst",
    "http://www.example.org/D\u{fc}rst"
)]
// Section 3.2.1, second example: <fc> is not UTF-8, re-encoded in step 3.
#[case::not_utf8("http://www.example.org/D%FCrst", "http://www.example.org/D%FCrst")]
// Section 3.2.1, third example: U+202E is re-encoded in step 4, in
// uppercase, and the punycode label is not converted.
#[case::right_to_left_override(
    "http://xn--99zt52a.example.org/%e2%80%ae",
    "http://xn--99zt52a.example.org/%E2%80%AE"
)]
// Section 6.4: the path is iso-8859-1, the fragment UTF-8.
#[case::mixed_encodings(
    "http://www.example.org/r%E9sum%E9.xml#r%C3%A9sum%C3%A9",
    "http://www.example.org/r%E9sum%E9.xml#r\u{e9}sum\u{e9}"
)]
fn sections_3_2_and_6_4_uri_to_iri(#[case] input: &str, #[case] expected: &str) {
    let converted = uri(input).to_iri();
    assert_eq!(converted.as_str(), expected);
    assert_eq!(converted.check_invariants(), Ok(()));
    assert_eq!(
        Iri::parse(expected).map(|r| r.to_owned()).as_ref(),
        Ok(&converted)
    );
    // "will always result in an IRI that maps back to the URI used as an
    // input for the conversion (except for potential case differences in
    // percent-encoding ...)".
    assert_eq!(
        converted.to_uri().as_str().to_ascii_uppercase(),
        input.to_ascii_uppercase()
    );
}

/// Section 6.4's first example the other way, and section 3.2's "in the
/// future the IRI will be mapped to ...".
#[test]
fn section_6_4_iri_to_uri() {
    assert_eq!(
        iri("http://www.example.org/r\u{e9}sum\u{e9}.html").to_uri(),
        "http://www.example.org/r%C3%A9sum%C3%A9.html"
    );
    assert_eq!(
        iri("http://www.example.org/r%E9sum%E9.xml#r\u{e9}sum\u{e9}").to_uri(),
        "http://www.example.org/r%E9sum%E9.xml#r%C3%A9sum%C3%A9"
    );
}

/// The steps of section 3.2 on what its examples do not show: which
/// encodings step 2 leaves as written, the overlong form of section 8,
/// characters that are not `ucschar`, `iprivate` in and out of the query,
/// and each component.
#[rstest]
#[case::unreserved_decoded("http://a/%7e%41%2d", "http://a/~A-")]
#[case::delimiters_as_written("http://a/%2f%3A%25%5b", "http://a/%2f%3A%25%5b")]
#[case::not_allowed_in_uris_as_written("http://a/%20%3c%7F%00", "http://a/%20%3c%7F%00")]
#[case::overlong_slash("http://a/%C0%AF..", "http://a/%C0%AF..")]
#[case::surrogate("http://a/%ED%A0%80", "http://a/%ED%A0%80")]
#[case::truncated("http://a/%E4%BE", "http://a/%E4%BE")]
#[case::lone_continuation("http://a/%bc%C3%BC", "http://a/%BC\u{fc}")]
#[case::noncharacter("http://a/%EF%BF%BF%EF%B7%90", "http://a/%EF%BF%BF%EF%B7%90")]
#[case::c1_control("http://a/%C2%9F%C2%A0", "http://a/%C2%9F\u{a0}")]
#[case::private_use_in_query(
    "http://a/%EE%80%80?%EE%80%80#%EE%80%80",
    "http://a/%EE%80%80?\u{e000}#%EE%80%80"
)]
#[case::bidi_marks(
    "http://a/%E2%80%8E%E2%80%8F%E2%80%AA",
    "http://a/%E2%80%8E%E2%80%8F%E2%80%AA"
)]
#[case::every_component(
    "s://%C3%A9%40@%E4%BE%8B.jp:8/%E3%83%91?%E5%80%A4#%F0%9F%98%80",
    "s://\u{e9}%40@\u{4f8b}.jp:8/\u{30d1}?\u{5024}#\u{1f600}"
)]
#[case::host_becomes_ipv4("http://%31.2.3.4/", "http://1.2.3.4/")]
#[case::relative("../%C3%A9?%C3%A9", "../\u{e9}?\u{e9}")]
#[case::nothing_encoded("http://a/b?c#d", "http://a/b?c#d")]
fn section_3_2_steps(#[case] input: &str, #[case] expected: &str) {
    let converted = uri(input).to_iri();
    assert_eq!(converted.as_str(), expected);
    assert_eq!(converted.check_invariants(), Ok(()));
    assert_eq!(
        Iri::parse(expected).map(|r| r.to_owned()).as_ref(),
        Ok(&converted)
    );
}

#[test]
fn to_iri_types_the_host_as_the_grammar_does() {
    let converted = uri("http://%31.2.3.4/").to_iri();
    assert_eq!(converted.host(), Some(Host::Ipv4([1, 2, 3, 4].into())));
    let converted = uri("http://%C3%A9/").to_iri();
    assert!(matches!(converted.host(), Some(Host::RegName(name)) if name == "\u{e9}"));
}

/// Section 5.3.2: "an application using this approach could reasonably
/// consider the following two IRIs equivalent".
#[test]
fn section_5_3_2_equivalent() {
    let a = iri("example://a/b/c/%7Bfoo%7D/ros\u{e9}");
    let b = iri("eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9");
    assert!(a.equivalent(&b));
    assert_eq!(b.normalize(), "example://a/b/c/%7Bfoo%7D/ros\u{e9}");
    assert_eq!(a.normalize(), a);
}

/// Sections 5.3.2.1 to 5.3.2.4 and 5.3.3: each example, and what each
/// says about cases the examples do not show.
#[rstest]
// 5.3.2.1: "HTTP://www.EXAMPLE.com/" is equivalent to
// "http://www.example.com/".
#[case::case_ascii_host("HTTP://www.EXAMPLE.com/", "http://www.example.com/")]
#[case::case_hex_digits("http://a/%3a%c3%28", "http://a/%3A%C3%28")]
// "the scheme and US-ASCII only host are case insensitive": a host with
// other characters keeps its case.
#[case::case_non_ascii_host("HTTP://B\u{fc}cher.EXAMPLE/", "http://B\u{fc}cher.EXAMPLE/")]
#[case::case_encoded_non_ascii_host("http://B%C3%BCcher.EXAMPLE/", "http://B\u{fc}cher.EXAMPLE/")]
#[case::case_encoded_ascii_host("http://%41%42.Example/", "http://ab.example/")]
#[case::case_ipv6("http://[A::B]/", "http://[a::b]/")]
#[case::case_other_components_kept(
    "http://a/\u{c4}?\u{c4}#\u{c4}",
    "http://a/\u{c4}?\u{c4}#\u{c4}"
)]
// 5.3.2.2: no character normalization; "re&#x301;sume&#x301;" stays.
#[case::no_nfc(
    "http://www.example.org/re\u{301}sume\u{301}.html",
    "http://www.example.org/re\u{301}sume\u{301}.html"
)]
// 5.3.2.3: "http://example.org/~user", "http://example.org/%7euser",
// and "http://example.org/%7Euser" "must resolve to the same resource".
#[case::pct_tilde("http://example.org/%7euser", "http://example.org/~user")]
#[case::pct_tilde_upper("http://example.org/%7Euser", "http://example.org/~user")]
#[case::pct_ucschar("http://a/%C3%A9?%C3%A9#%C3%A9", "http://a/\u{e9}?\u{e9}#\u{e9}")]
// Only `iunreserved` is decoded: `iprivate` stays encoded, in the query
// too (where an IRI may hold it as it is), with its hex upper-cased.
#[case::pct_iprivate_in_query("http://a/%EE%80%80?%EE%80%80", "http://a/%EE%80%80?%EE%80%80")]
#[case::pct_iprivate_every_component(
    "http://%ee%80%80@%ee%80%80/%ee%80%80?%ee%80%80#%ee%80%80",
    "http://%EE%80%80@%EE%80%80/%EE%80%80?%EE%80%80#%EE%80%80"
)]
#[case::pct_iprivate_ends(
    "http://a/?%EF%A3%BF%F3%B0%80%80%F4%8F%BF%BD",
    "http://a/?%EF%A3%BF%F3%B0%80%80%F4%8F%BF%BD"
)]
#[case::pct_iprivate_relative("?%ee%80%80", "?%EE%80%80")]
// The ends of each `ucschar` range are decoded, wherever they stand...
#[case::pct_ucschar_ends(
    "http://a/%C2%A0%ED%9F%BF%EF%A4%80%EF%B7%8F%EF%B7%B0%EF%BF%AF?%F0%90%80%80#%F3%AF%BF%BD",
    "http://a/\u{a0}\u{d7ff}\u{f900}\u{fdcf}\u{fdf0}\u{ffef}?\u{10000}#\u{efffd}"
)]
// ...and what lies just outside them stays encoded: noncharacters, the
// tags block, and the bidi formatting characters, which `ucschar` holds
// but section 4.1 forbids.
#[case::pct_outside_ucschar(
    "http://a/%EF%B7%90%EF%BF%B0%F0%9F%BF%BE%F3%A0%80%80%F3%A0%BF%BF",
    "http://a/%EF%B7%90%EF%BF%B0%F0%9F%BF%BE%F3%A0%80%80%F3%A0%BF%BF"
)]
#[case::pct_bidi_in_query_kept("http://a/?%e2%80%8f#%E2%80%AA", "http://a/?%E2%80%8F#%E2%80%AA")]
#[case::pct_reserved_kept("http://a/%2f%3f", "http://a/%2F%3F")]
#[case::pct_not_utf8_kept("http://a/%e9", "http://a/%E9")]
#[case::pct_bidi_kept("http://a/%e2%80%ae", "http://a/%E2%80%AE")]
#[case::pct_dot_segments("http://a/b/%2E%2E/c", "http://a/c")]
// 5.3.2.4: dot segments removed.
#[case::dot_segments("http://a/\u{e9}/./b/../c", "http://a/\u{e9}/c")]
// 5.3.3: "the following four IRIs are equivalent", "the second IRI above
// is the normal form", and "http://example.com/?" is not one of them.
#[case::scheme_no_path("http://example.com", "http://example.com/")]
#[case::scheme_normal("http://example.com/", "http://example.com/")]
#[case::scheme_empty_port("http://example.com:/", "http://example.com/")]
#[case::scheme_default_port("http://example.com:80/", "http://example.com/")]
#[case::scheme_empty_query_kept("http://example.com/?", "http://example.com/?")]
fn section_5_3_normalization(#[case] input: &str, #[case] expected: &str) {
    let normal = iri(input).normalize();
    assert_eq!(normal.as_str(), expected);
    assert_eq!(normal.check_invariants(), Ok(()));
    assert_eq!(normal.normalize(), normal);
    assert_eq!(
        Iri::parse(expected).map(|r| r.to_owned()).as_ref(),
        Ok(&normal)
    );
}

#[test]
fn section_5_3_equivalences() {
    let same = [
        "http://example.com",
        "http://example.com/",
        "http://example.com:/",
        "http://example.com:80/",
    ];
    for a in same {
        for b in same {
            assert!(iri(a).equivalent(&iri(b)), "{a} {b}");
        }
        assert!(!iri(a).equivalent(&iri("http://example.com/?")));
    }
    // 5.3.2.3 decodes no `iprivate`: the encoded form and the character
    // are different IRIs.
    assert!(!iri("http://a/?%EE%80%80").equivalent(&iri("http://a/?\u{e000}")));
    assert!(iri("http://a/?%ee%80%80").equivalent(&iri("http://a/?%EE%80%80")));
    // 5.3.2.2: NFC and NFD forms are different IRIs.
    assert!(!iri("http://www.example.org/r\u{e9}sum\u{e9}.html")
        .equivalent(&iri("http://www.example.org/re\u{301}sume\u{301}.html")));
    // 5.3.3: IDN and punycode "may be considered equivalent"; this crate
    // does not consider them so (it would need IDNA in normalization).
    assert!(!iri("http://r\u{e9}sum\u{e9}.example.org")
        .equivalent(&iri("http://xn--rsum-bpad.example.org")));
}

/// Where each kind of character may stand: `http://` + userinfo `@` host
/// `/` path `?` query `#` fragment, the character in one of them.
fn places(c: char) -> [(String, usize, ErrorKind, bool); 5] {
    // (input, offset of c, kind of the error if rejected, allowed for a ucschar only)
    [
        (format!("http://u{c}@h/"), 8, ErrorKind::Userinfo, false),
        (format!("http://h{c}/"), 8, ErrorKind::Host, false),
        (format!("http://h/p{c}"), 10, ErrorKind::Path, false),
        (format!("http://h/?q{c}"), 11, ErrorKind::Query, true),
        (format!("http://h/#f{c}"), 11, ErrorKind::Fragment, false),
    ]
}

#[test]
fn every_ucschar_range_at_its_ends_and_just_outside() {
    for (first, last) in UCSCHAR {
        for code in [first, last] {
            let c = char::from_u32(code).unwrap();
            for (input, _, _, _) in places(c) {
                let parsed = iri(&input);
                assert_eq!(parsed.as_str(), input);
            }
        }
        for code in [first - 1, last + 1] {
            // Just outside is never another ucschar; it is a surrogate (no
            // char), an iprivate (in the query only), or nothing allowed.
            assert!(!in_ranges(code, &UCSCHAR), "{code:x}");
            let Some(c) = char::from_u32(code) else {
                assert_eq!(code, 0xD800);
                continue;
            };
            let private = in_ranges(code, &IPRIVATE);
            for (input, offset, kind, in_query) in places(c) {
                match Iri::parse(&input) {
                    Ok(_) => assert!(private && in_query, "{input:?} accepted"),
                    Err(err) => {
                        assert!(!(private && in_query), "{input:?}: {err}");
                        assert_eq!(err.offset(), offset, "{input:?}: {err}");
                        assert_eq!(err.found(), Some(c));
                        let kind = if private {
                            kind
                        } else {
                            ErrorKind::InvalidCharacter
                        };
                        assert_eq!(err.kind(), kind, "{input:?}: {err}");
                    }
                }
            }
        }
    }
}

#[test]
fn iprivate_only_in_the_query() {
    for (first, last) in IPRIVATE {
        for code in [first, last] {
            let c = char::from_u32(code).unwrap();
            for (input, offset, kind, in_query) in places(c) {
                match Iri::parse(&input) {
                    Ok(parsed) => {
                        assert!(in_query, "{input:?}");
                        assert_eq!(parsed.query(), Some(&*format!("q{c}")));
                        assert_eq!(parsed.to_uri().query().unwrap(), format!("q{}", encode(c)));
                    }
                    Err(err) => {
                        assert!(!in_query, "{input:?}");
                        assert_eq!((err.kind(), err.offset()), (kind, offset), "{err}");
                    }
                }
            }
        }
        // Just outside: a surrogate, a ucschar (allowed anywhere), or
        // nothing allowed.
        for code in [first - 1, last + 1] {
            let Some(c) = char::from_u32(code) else {
                continue;
            };
            let allowed = in_ranges(code, &UCSCHAR);
            for (input, _, _, _) in places(c) {
                assert_eq!(Iri::parse(&input).is_ok(), allowed, "{input:?}");
            }
        }
    }
}

fn encode(c: char) -> String {
    let mut utf8 = [0; 4];
    c.encode_utf8(&mut utf8)
        .bytes()
        .map(|b| format!("%{b:02X}"))
        .collect()
}

#[test]
fn accessors() {
    let parsed = iri("https://\u{7528}\u{6237}:p@\u{4f8b}\u{3048}.jp:8443/\u{30d1}\u{30b9}/x?q=\u{5024}&\u{e000}#\u{7247}");
    assert_eq!(parsed.scheme(), Some("https"));
    assert_eq!(parsed.userinfo(), Some("\u{7528}\u{6237}:p"));
    assert_eq!(parsed.host_str(), Some("\u{4f8b}\u{3048}.jp"));
    assert!(matches!(parsed.host(), Some(Host::RegName(n)) if n == "\u{4f8b}\u{3048}.jp"));
    assert_eq!(parsed.port(), Some(8443));
    assert_eq!(parsed.port_str(), Some("8443"));
    assert!(parsed.has_port());
    assert_eq!(parsed.path(), "/\u{30d1}\u{30b9}/x");
    assert_eq!(
        parsed.path_segments().collect::<Vec<_>>(),
        ["", "\u{30d1}\u{30b9}", "x"]
    );
    assert_eq!(parsed.query(), Some("q=\u{5024}&\u{e000}"));
    assert_eq!(parsed.fragment(), Some("\u{7247}"));
    assert!(!parsed.is_relative());
    assert_eq!(
        parsed.authority().unwrap().as_str(),
        "\u{7528}\u{6237}:p@\u{4f8b}\u{3048}.jp:8443"
    );
    assert_eq!(
        parsed.redacted().to_string(),
        "https://\u{7528}\u{6237}:***@\u{4f8b}\u{3048}.jp:8443/\u{30d1}\u{30b9}/x?q=\u{5024}&\u{e000}#\u{7247}"
    );
    assert_eq!(
        format!("{parsed:?}"),
        "Iri { scheme: Some(\"https\"), userinfo: Some(\"\u{7528}\u{6237}:***\"), host: RegName(\"\u{4f8b}\u{3048}.jp\"), port: Some(\"8443\"), path: \"/\u{30d1}\u{30b9}/x\", query: Some(\"q=\u{5024}&\\u{e000}\"), fragment: Some(\"\u{7247}\") }"
    );
    let relative: Iri = "../\u{e9}".parse().unwrap();
    assert!(relative.is_relative());
    assert_eq!(relative.to_string(), "../\u{e9}");
    assert_eq!(
        Iri::try_from(String::from("#\u{e9}")).unwrap().fragment(),
        Some("\u{e9}")
    );
    // Every URI is an IRI, with the same components.
    let text = "foo://user@example.com:8042/over/there?name=ferret#nose";
    assert_eq!(iri(text).to_uri(), uri(text));
    assert_eq!(uri(text).to_iri(), iri(text));
}

/// Errors say where (byte offset) and what was expected, in the IRI
/// grammar's rule names, and put the caret under the character.
#[rstest]
#[case::space_after_non_ascii(
    "http://\u{4f8b}\u{3048}.jp/a b",
    ErrorKind::InvalidCharacter,
    18,
    r##"invalid character at byte 18: expected ipchar, "/", "?", "#" or end of input, found ' '"##,
    "                ^"
)]
#[case::private_use_in_path(
    "/\u{e9}/\u{e000}",
    ErrorKind::Path,
    4,
    r##"invalid path at byte 4: expected ipchar, "/", "?", "#" or end of input, found '\u{e000}'"##,
    "     ^"
)]
#[case::private_use_in_host(
    "//\u{e9}\u{e000}",
    ErrorKind::Host,
    4,
    r##"invalid host at byte 4: expected ireg-name character, ":" port, "/", "?", "#" or end of input, found '\u{e000}'"##,
    "     ^"
)]
#[case::private_use_in_userinfo(
    "//\u{e9}\u{e000}@h",
    ErrorKind::Userinfo,
    4,
    r##"invalid userinfo at byte 4: expected iuserinfo character or "@", found '\u{e000}'"##,
    "     ^"
)]
#[case::noncharacter_in_query(
    "?\u{e9}\u{fffe}",
    ErrorKind::InvalidCharacter,
    3,
    r##"invalid character at byte 3: expected ipchar, iprivate, "/", "?", "#" or end of input, found '\u{fffe}'"##,
    "    ^"
)]
#[case::private_use_in_fragment(
    "#\u{1f600}\u{f0000}",
    ErrorKind::Fragment,
    5,
    r##"invalid fragment at byte 5: expected ipchar, "/", "?" or end of input, found '\u{f0000}'"##,
    "    ^"
)]
#[case::non_ascii_scheme(
    "h\u{e9}:x",
    ErrorKind::Scheme,
    3,
    r##"invalid scheme at byte 3: expected a scheme before ":" (ALPHA, then ALPHA, DIGIT, "+", "-" or "."), found ':'"##,
    "    ^"
)]
// Not a port, but the start of an iuserinfo (`é:8é@h`) that finds no
// "@": the authority is a host and a port, whose "é" is wrong.
#[case::non_ascii_port(
    "//\u{e9}:8\u{e9}",
    ErrorKind::Port,
    6,
    "invalid port at byte 6: expected DIGIT, \"/\", \"?\", \"#\" or end of input, found '\u{e9}'",
    "       ^"
)]
#[case::non_ascii_ipv6(
    "//[\u{e9}]",
    ErrorKind::Ipv6Address,
    3,
    "invalid IPv6 address at byte 3: expected IPv6address or IPvFuture, found 'é'",
    "     ^"
)]
#[case::bad_pct_after_non_ascii(
    "/\u{e9}%e",
    ErrorKind::PercentEncoding,
    5,
    "invalid percent-encoding at byte 5: expected HEXDIG, found end of input",
    "      ^"
)]
fn errors(
    #[case] input: &str,
    #[case] kind: ErrorKind,
    #[case] offset: usize,
    #[case] message: &str,
    #[case] caret: &str,
) {
    let err = Iri::parse(input).unwrap_err();
    assert_eq!(err.kind(), kind, "{err}");
    assert_eq!(err.offset(), offset, "{err}");
    assert_eq!(err.to_string(), message);
    let alternate = format!("{err:#}");
    let lines: Vec<&str> = alternate.lines().collect();
    assert_eq!(lines[2], caret, "{alternate}");
}

#[test]
fn bidi_formatting_characters() {
    // The seven characters of section 4.1, each accepted by the grammar
    // and reported by the check.
    for c in [
        '\u{200e}', '\u{200f}', '\u{202a}', '\u{202b}', '\u{202c}', '\u{202d}', '\u{202e}',
    ] {
        let parsed = iri(&format!("http://a/\u{5d0}{c}?{c}"));
        let err = parsed.check_bidi().unwrap_err();
        assert_eq!(err.kind(), ErrorKind::BidiFormatting);
        assert_eq!(err.offset(), 11);
        assert_eq!(err.found(), Some(c));
        assert_eq!(
            err.to_string(),
            format!(
                "bidirectional formatting character at byte 11: expected no bidirectional formatting character (RFC 3987 section 4.1), found '{}'",
                c.escape_debug()
            )
        );
        // Not decoded from a URI (section 3.2, step 4), nor by
        // normalization.
        let encoded = encode(c);
        let text = format!("http://a/{encoded}");
        assert_eq!(uri(&text).to_iri().as_str(), text);
        assert_eq!(iri(&text).normalize().as_str(), text);
    }
    // Their neighbours are ordinary ucschars.
    for c in ['\u{200d}', '\u{2010}', '\u{2029}', '\u{202f}'] {
        assert!(iri(&format!("http://a/{c}")).check_bidi().is_ok());
        assert_eq!(
            uri(&format!("http://a/{}", encode(c))).to_iri().as_str(),
            format!("http://a/{c}")
        );
    }
}

/// Resolution is RFC 3986's (section 6.5), on IRIs.
#[rstest]
#[case("g\u{e9}", "http://\u{4f8b}/b/c/g\u{e9}")]
#[case("../\u{e9}", "http://\u{4f8b}/b/\u{e9}")]
#[case("//\u{e9}/x", "http://\u{e9}/x")]
#[case("?\u{e000}", "http://\u{4f8b}/b/c/d\u{e9};p?\u{e000}")]
#[case("#\u{e9}", "http://\u{4f8b}/b/c/d\u{e9};p?q#\u{e9}")]
#[case("", "http://\u{4f8b}/b/c/d\u{e9};p?q")]
#[case("http:\u{e9}", "http:\u{e9}")]
fn resolution(#[case] reference: &str, #[case] target: &str) {
    let base = iri("http://\u{4f8b}/b/c/d\u{e9};p?q");
    let resolved = base.resolve(&iri(reference)).unwrap();
    assert_eq!(resolved.as_str(), target);
    assert_eq!(resolved.check_invariants(), Ok(()));
    // And back.
    let relative = base.make_relative(&resolved).unwrap();
    assert_eq!(base.resolve(&relative).unwrap(), resolved);
}

#[test]
fn resolve_non_strict_and_relative_base() {
    let base = iri("http://a/\u{e9}/c");
    assert_eq!(
        base.resolve_non_strict(&iri("http:g")).unwrap(),
        "http://a/\u{e9}/g"
    );
    assert_eq!(base.resolve(&iri("http:g")).unwrap(), "http:g");
    assert_eq!(
        iri("/\u{e9}").resolve(&iri("g")).unwrap_err(),
        rfc3986::ResolveError::RelativeBase
    );
}

#[test]
fn builder_keeps_iri_characters_and_encodes_the_rest() {
    let built = Iri::builder()
        .scheme("http")
        .userinfo_decoded("\u{e9}@x")
        .host_decoded("\u{4f8b} \u{e000}")
        .port(8080)
        .path_segments(["", "\u{30d1}/\u{e000}", "\u{202e}"])
        .query_decoded("\u{5024}#\u{e000}")
        .fragment_decoded("\u{7247}#\u{e000}")
        .build()
        .unwrap();
    assert_eq!(
        built.as_str(),
        "http://\u{e9}%40x@\u{4f8b}%20%EE%80%80:8080/\u{30d1}%2F%EE%80%80/\u{202e}?\u{5024}%23\u{e000}#\u{7247}%23%EE%80%80"
    );
    // A relative first segment with ':' is encoded, as for a URI.
    let built = Iri::builder().path_segments(["\u{e9}:x"]).build().unwrap();
    assert_eq!(built.as_str(), "\u{e9}%3Ax");
    // Components as text are checked against the IRI rules.
    let err = Iri::builder()
        .scheme("http")
        .host("\u{e9}\u{e000}")
        .build()
        .unwrap_err();
    let BuildError::Invalid { component, source } = err else {
        panic!()
    };
    assert_eq!(component, Component::Host);
    assert_eq!((source.kind(), source.offset()), (ErrorKind::Host, 2));
    assert_eq!(
        source.expected(),
        "iunreserved, pct-encoded, sub-delims or end of host"
    );
    let err = Iri::builder().fragment("\u{e000}").build().unwrap_err();
    let BuildError::Invalid { source, .. } = err else {
        panic!()
    };
    assert_eq!(
        source.to_string(),
        r#"invalid fragment at byte 0: expected ipchar, "/" or "?", found '\u{e000}'"#
    );
    // The URI builder still encodes every non-ASCII character.
    assert_eq!(
        Uri::builder()
            .path_segments(["\u{e9}"])
            .build()
            .unwrap()
            .as_str(),
        "%C3%A9"
    );
    assert!(Uri::builder().path("\u{e9}").build().is_err());
    assert_eq!(
        format!("{:?}", Iri::builder().scheme("s")),
        r#"IriBuilder { scheme: Some("s"), userinfo: None, host: None, port: None, path: Text(""), query: None, fragment: None }"#
    );
}

#[test]
fn setters_check_against_the_iri_rules() {
    let mut parsed = iri("http://a/b");
    parsed.set_path("/\u{e9}").unwrap();
    parsed.set_query(Some("\u{e000}")).unwrap();
    parsed.set_fragment(Some("\u{7247}")).unwrap();
    parsed.set_userinfo(Some("\u{7528}")).unwrap();
    parsed.set_host(Some("\u{4f8b}.jp")).unwrap();
    parsed.set_port(Some(1)).unwrap();
    parsed.set_scheme(Some("https")).unwrap();
    assert_eq!(
        parsed,
        "https://\u{7528}@\u{4f8b}.jp:1/\u{e9}?\u{e000}#\u{7247}"
    );
    assert!(parsed.set_path("/\u{e000}").is_err());
    assert!(parsed.set_fragment(Some("\u{e000}")).is_err());
    assert!(parsed.set_host(Some("\u{e9}/x")).is_err());
    assert!(parsed.set_scheme(Some("h\u{e9}")).is_err());
    assert_eq!(
        parsed,
        "https://\u{7528}@\u{4f8b}.jp:1/\u{e9}?\u{e000}#\u{7247}"
    );
    let rebuilt = parsed.to_builder().path("/x").build().unwrap();
    assert_eq!(
        rebuilt,
        "https://\u{7528}@\u{4f8b}.jp:1/x?\u{e000}#\u{7247}"
    );
    // A URI's setters stay ASCII-only.
    let mut plain = uri("http://a/b");
    assert!(plain.set_path("/\u{e9}").is_err());
}

#[cfg(feature = "serde")]
#[test]
fn serde_round_trip() {
    let parsed = iri("http://\u{4f8b}/\u{e9}");
    let json = serde_json::to_string(&parsed).unwrap();
    assert_eq!(json, "\"http://\u{4f8b}/\u{e9}\"");
    assert_eq!(serde_json::from_str::<Iri>(&json).unwrap(), parsed);
    let err = serde_json::from_str::<Iri>("\"/\u{e000}\"").unwrap_err();
    assert!(
        err.to_string().starts_with("invalid path at byte 1"),
        "{err}"
    );
}
