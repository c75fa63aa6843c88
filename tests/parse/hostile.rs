//! Hostile inputs: megabytes of one character, of one construct, or of a
//! pattern that makes a backtracking parser work hard. Each must finish
//! (the grammar is not recursive and every rule is a bounded lookahead or a
//! linear repetition) with an exact outcome, and an error's message must
//! stay short whatever the input's length.
//!
//! Outcomes only, never times: scaling was measured by hand (1, 2, 4 and
//! 8 MiB take time in proportion; see the commit that added this file).

use rfc3986::{percent_decode, ErrorKind, Host, ParseError, Uri};

const MIB: usize = 1 << 20;

/// Both parsers of `uri.pest`, the compiled one and pest_derive's, give the
/// same verdict and pairs (or record of a failure) for `input`, from both
/// entry rules, and the crate makes the same error of it from either, for
/// every grammar (as tests/grammars/compiled.rs checks for the other inputs).
fn same_pairs(input: &str) {
    for entry in [rfc3986::Rule::uri_reference_input, rfc3986::Rule::uri_input] {
        if let Err(difference) = rfc3986::__private::compare_uri(entry, input) {
            // Not the whole difference: it quotes the input.
            panic!("{}", &difference[..difference.len().min(300)]);
        }
    }
    // The capture variant that a parse runs gives what the lowering makes
    // of the full pairs.
    if let Err(difference) = rfc3986::__private::compare_capture(input) {
        panic!("{}", &difference[..difference.len().min(300)]);
    }
    // And the same errors from both, whatever the grammar.
    if let Err(difference) = rfc3986::__private::compare_errors(input) {
        panic!("{}", &difference[..difference.len().min(300)]);
    }
}

/// The error of `input`, with its kind and offset, and a message that
/// does not grow with the input.
fn fails(input: &str, kind: ErrorKind, offset: usize) -> ParseError {
    same_pairs(input);
    // Not `expect_err`: its message would quote the whole input.
    let Err(err) = Uri::parse(input) else {
        panic!("{} bytes parsed, expected an error", input.len());
    };
    assert_eq!((err.kind(), err.offset()), (kind, offset), "{err}");
    let line = err.to_string();
    assert!(line.len() < 200, "{} bytes: {line}", line.len());
    // The excerpt is at most 32 characters either side of the offset.
    let alternate = format!("{err:#}");
    assert!(alternate.len() < 300, "{} bytes", alternate.len());
    err
}

fn parses(input: &str) -> Uri {
    same_pairs(input);
    let uri = Uri::parse(input).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(uri.as_str().len(), input.len());
    assert_eq!(uri.check_invariants(), Ok(()));
    uri.to_owned()
}

#[test]
fn ten_mebibytes_of_letters_are_a_relative_path() {
    let uri = parses(&"a".repeat(10 * MIB));
    assert_eq!(uri.scheme(), None);
    assert!(uri.authority().is_none());
    assert_eq!(uri.path().len(), 10 * MIB);
    assert_eq!(uri.path_segments().count(), 1);
    assert_eq!((uri.query(), uri.fragment()), (None, None));
}

#[test]
fn ten_mebibytes_of_letters_in_an_absolute_path() {
    let uri = parses(&format!("/{}", "a".repeat(10 * MIB)));
    assert_eq!(uri.path().len(), 10 * MIB + 1);
    assert_eq!(
        uri.path_segments().map(str::len).collect::<Vec<_>>(),
        [0, 10 * MIB]
    );
}

#[test]
fn ten_mebibytes_of_letters_as_a_scheme() {
    let uri = parses(&format!("{}:", "a".repeat(10 * MIB)));
    assert_eq!(uri.scheme().map(str::len), Some(10 * MIB));
    assert_eq!(uri.path(), "");
    // Without its ":" it is a relative path, until a character neither
    // allows: both readings are tried, each in one pass.
    fails(
        &format!("{}^", "a".repeat(MIB)),
        ErrorKind::InvalidCharacter,
        MIB,
    );
}

#[test]
fn a_mebibyte_of_percent_encodings() {
    let count = MIB / 3;
    let input = "%41".repeat(count);
    let uri = parses(&input);
    assert_eq!(uri.path().len(), 3 * count);
    let decoded = percent_decode(uri.path()).unwrap();
    assert_eq!(decoded.len(), count);
    assert!(decoded.iter().all(|&b| b == b'A'));
    // Broken at the very end: the error is where the second HEXDIG of the
    // last one should be.
    fails(
        &format!("{input}%4"),
        ErrorKind::PercentEncoding,
        3 * count + 2,
    );
}

#[test]
fn a_mebibyte_host() {
    let uri = parses(&format!("http://{}/", "a".repeat(MIB)));
    assert_eq!(uri.host_str().map(str::len), Some(MIB));
    assert!(matches!(uri.host(), Some(Host::RegName(name)) if name.len() == MIB));
    assert_eq!(uri.path(), "/");
    // A stray character after it, and an "@" after that: the authority
    // is read as userinfo up to the "@" (section 3.2.1).
    fails(
        &format!("http://{} x", "a".repeat(MIB)),
        ErrorKind::InvalidCharacter,
        7 + MIB,
    );
    fails(
        &format!("http://{} @", "a".repeat(MIB)),
        ErrorKind::InvalidCharacter,
        7 + MIB,
    );
    // After a "#" an "@" is fragment, not userinfo.
    let uri = parses(&format!("http://{}#@", "a".repeat(MIB)));
    assert_eq!(
        (uri.host_str().map(str::len), uri.fragment()),
        (Some(MIB), Some("@"))
    );
    // A mebibyte of userinfo before a host.
    let uri = parses(&format!("http://{}@h", "u:".repeat(MIB / 2)));
    assert_eq!(uri.userinfo().map(str::len), Some(MIB));
    assert_eq!(uri.host_str(), Some("h"));
}

#[test]
fn a_hundred_thousand_path_segments() {
    let uri = parses(&format!("http://h{}", "/a".repeat(100_000)));
    assert_eq!(uri.path_segments().count(), 100_001);
    let uri = parses(&"/".repeat(100_000));
    assert_eq!(uri.authority().map(|a| a.as_str()), Some(""));
    assert_eq!(uri.path().len(), 100_000 - 2);
    let uri = parses(&"../".repeat(100_000));
    assert_eq!(uri.path_segments().count(), 100_001);
}

#[test]
fn an_ip_literal_of_a_mebibyte_of_hex_digits_and_colons() {
    // Eight pieces are all an IPv6address can hold: the ninth ":" is
    // where a "]" had to be.
    fails(
        &format!("http://[{}", "a:".repeat(MIB / 2)),
        ErrorKind::Ipv6Address,
        8 + 15,
    );
    fails(
        &format!("http://[{}]", "1234:".repeat(MIB / 5)),
        ErrorKind::Ipv6Address,
        8 + 39,
    );
    // Four hex digits are an h16, and a fifth is none.
    fails(
        &format!("http://[{}", "f".repeat(MIB)),
        ErrorKind::Ipv6Address,
        8 + 4,
    );
    // "::" once, and a third ":" never.
    fails(
        &format!("http://[{}", ":".repeat(MIB)),
        ErrorKind::Ipv6Address,
        8 + 2,
    );
    fails(
        &format!("http://[v{}", "f".repeat(MIB)),
        ErrorKind::IpvFuture,
        9 + MIB,
    );
    // Outside an authority "[" is no URI character a path may hold.
    fails(&format!("[{}", "a:".repeat(MIB / 2)), ErrorKind::Path, 0);
}

#[test]
fn a_mebibyte_of_one_delimiter() {
    // ":" first is an empty scheme.
    fails(&":".repeat(MIB), ErrorKind::Scheme, 0);
    // "@" is a pchar, and a first segment may hold it.
    assert_eq!(parses(&"@".repeat(MIB)).path().len(), MIB);
    fails(&"[".repeat(MIB), ErrorKind::Path, 0);
    fails(&"]".repeat(MIB), ErrorKind::Path, 0);
    fails(&"%".repeat(MIB), ErrorKind::PercentEncoding, 1);
    // "//" then an empty authority and a path of empty segments.
    assert_eq!(parses(&"/".repeat(MIB)).path().len(), MIB - 2);
    // "?" then a query of "?".
    assert_eq!(
        parses(&"?".repeat(MIB)).query().map(str::len),
        Some(MIB - 1)
    );
    fails(&"#".repeat(MIB), ErrorKind::Fragment, 1);
    assert_eq!(parses(&".".repeat(MIB)).path().len(), MIB);
}

#[test]
fn a_mebibyte_of_one_delimiter_in_an_authority() {
    // A userinfo of colons, whose "@" never comes: an empty host and an
    // empty port, which no second ":" may follow.
    fails(&format!("//{}", ":".repeat(MIB)), ErrorKind::Port, 3);
    // Empty userinfo, then an "@" where the host starts.
    fails(&format!("//{}", "@".repeat(MIB)), ErrorKind::Host, 3);
    fails(&format!("//{}", "[".repeat(MIB)), ErrorKind::Ipv6Address, 3);
    fails(
        &format!("//{}", "%".repeat(MIB)),
        ErrorKind::PercentEncoding,
        3,
    );
    // The port grammar allows any number of digits; the value must fit.
    let err = fails(&format!("//a:{}", "1".repeat(MIB)), ErrorKind::PortRange, 4);
    assert_eq!(err.found(), None);
    // A dotted name of a mebibyte is a registered name, not IPv4.
    let uri = parses(&format!("//{}1", "1.".repeat(MIB / 2)));
    assert!(matches!(uri.host(), Some(Host::RegName(name)) if name.len() == MIB + 1));
}

/// 100,000 `../` segments being resolved, against a short base and against
/// a base of 100,000 segments: dot-segment removal is linear, and the
/// result is exact.
#[test]
fn a_hundred_thousand_dot_dot_segments_resolve() {
    let reference = Uri::parse(format!("{}g", "../".repeat(100_000))).unwrap();

    let base = Uri::parse("http://a/b/c/d;p?q").unwrap();
    assert_eq!(base.resolve(&reference).unwrap(), "http://a/g");

    let deep = Uri::parse(format!("http://a{}/last", "/s".repeat(100_000))).unwrap();
    assert_eq!(deep.resolve(&reference).unwrap(), "http://a/g");
    let shallower = Uri::parse(format!("{}g", "../".repeat(99_999))).unwrap();
    assert_eq!(deep.resolve(&shallower).unwrap(), "http://a/s/g");

    // And the same through normalization of an absolute URI.
    let uri = Uri::parse(format!("http://a/b{}/g", "/..".repeat(100_000))).unwrap();
    assert_eq!(uri.normalize(), "http://a/g");
}

/// A one-line message shorter than 200 bytes, and an alternate form of at
/// most three lines.
fn short(error: &(impl std::fmt::Display + std::fmt::Debug)) -> String {
    let line = error.to_string();
    assert!(
        line.len() < 200 && !line.contains('\n'),
        "{} bytes: {}",
        line.len(),
        &line[..line.len().min(300)]
    );
    let alternate = format!("{error:#}");
    assert!(alternate.len() < 400, "{} bytes", alternate.len());
    let debug = format!("{error:?}");
    assert!(debug.len() < 600, "{} bytes", debug.len());
    line
}

/// Every error the crate returns stays short for a 10 MiB input, but
/// pest's, which `UriParser::parse` returns as it is (as its docs say),
/// and which `parse_rule` replaces with a short one.
#[test]
fn every_error_of_ten_mebibytes_stays_short() {
    use pest::Parser;
    use rfc3986::schemes::{mailto::Mailto, urn::Urn};
    use rfc3986::{parse_rule, percent_decode_utf8, Iri, IriParser, IriRule, Rule, UriParser};

    let long = "a".repeat(10 * MIB);
    // Rejected at its last byte, and at its first.
    let bad_end = format!("{long}\u{7f}");
    let bad_start = format!("\u{7f}{long}");

    let theirs = UriParser::parse(Rule::uri_reference_input, &bad_start).unwrap_err();
    assert!(theirs.to_string().len() > 10 * MIB);
    let ours = parse_rule::<UriParser, _>(Rule::uri_reference_input, &bad_start).unwrap_err();
    assert_eq!((ours.kind(), ours.offset()), (ErrorKind::Rule, 0));
    assert_eq!(
        short(&ours),
        "no match for the rule at byte 0: expected EOI, scheme, path-absolute or path-noscheme, found '\\u{7f}'"
    );
    let ours = parse_rule::<IriParser, _>(IriRule::iri_reference_input, &bad_start).unwrap_err();
    assert_eq!((ours.kind(), ours.offset()), (ErrorKind::Rule, 0));
    short(&ours);

    let err = Uri::parse(bad_end.as_str()).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset()),
        (ErrorKind::InvalidCharacter, 10 * MIB)
    );
    short(&err);
    short(&Iri::parse(bad_end.as_str()).unwrap_err());

    let err = Uri::builder()
        .host(&format!("{long}/"))
        .build()
        .unwrap_err();
    assert_eq!(
        short(&err),
        format!(
            "the host given is not a valid host: invalid host at byte {}: \
             expected unreserved, pct-encoded, sub-delims or end of host, found '/'",
            10 * MIB
        )
    );
    short(&Uri::builder().query(&bad_end).build().unwrap_err());
    short(&rfc3986::Error::from(err));

    let err = percent_decode_utf8(&format!("{long}%")).unwrap_err();
    assert_eq!(err.offset(), 10 * MIB + 1);
    short(&err);

    short(&Mailto::parse(&format!("mailto:{long}")).unwrap_err());
    short(&Urn::parse(&format!("urn:{long}")).unwrap_err());
}

/// The errors of the conversions, which quote a host, cut it short.
#[cfg(all(feature = "url", feature = "idna"))]
#[test]
fn conversion_errors_quote_a_long_host_cut_short() {
    use rfc3986::{AbsoluteUri, Iri};

    let long = "a".repeat(MIB);
    let uri = AbsoluteUri::parse(format!("http:///{long}")).unwrap();
    let err = url::Url::try_from(&uri).unwrap_err();
    assert_eq!(
        short(&err),
        format!(
            r#"url::Url reads the domain "{}"... where RFC 3986 reads no host"#,
            &long[..48]
        )
    );

    let iri = Iri::parse(format!("http://{long}_/")).unwrap();
    let err = iri.to_uri_idna().unwrap_err();
    assert_eq!(err.host().len(), MIB + 1);
    assert_eq!(
        short(&err),
        format!(
            r#"the host "{}"... is not a valid internationalized domain name (IDNA ToASCII failed)"#,
            &long[..48]
        )
    );
}
