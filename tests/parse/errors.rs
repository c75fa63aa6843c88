//! Errors: kind, byte offset, what was expected, and how they are shown.
//! (Host errors are in `hosts.rs`.)

use rfc3986::{ErrorKind, Uri};
use rstest::rstest;

#[rstest]
// Scheme: what comes before the ":" is no scheme, so it reads as the first
// segment of a relative reference, which no ":" may follow: the error is at
// that ":", the first byte no reference takes, and names the scheme; but
// where the scheme rule matches nothing (no ALPHA first), at that first
// character.
#[case::scheme_digit_first("1http://a/", ErrorKind::Scheme, 0, Some('1'))]
#[case::scheme_dot_first(".a:b", ErrorKind::Scheme, 0, Some('.'))]
#[case::scheme_pct_first("%41:b", ErrorKind::Scheme, 0, Some('%'))]
#[case::scheme_underscore("ht_tp://a/", ErrorKind::Scheme, 5, Some(':'))]
#[case::scheme_empty("://a/", ErrorKind::Scheme, 0, Some(':'))]
#[case::scheme_pct("h%41ttp://a/", ErrorKind::Scheme, 7, Some(':'))]
#[case::scheme_at("a@b:c", ErrorKind::Scheme, 3, Some(':'))]
#[case::scheme_only_colon(":", ErrorKind::Scheme, 0, Some(':'))]
#[case::scheme_space("ht tp://a/", ErrorKind::InvalidCharacter, 2, Some(' '))]
// Path.
#[case::path_bracket("http://a/b[c", ErrorKind::Path, 10, Some('['))]
#[case::path_close_bracket("/a]", ErrorKind::Path, 2, Some(']'))]
#[case::path_rootless_bracket("mailto:a[b", ErrorKind::Path, 8, Some('['))]
#[case::path_empty_bracket("s:[", ErrorKind::Path, 2, Some('['))]
#[case::relative_bracket("a[", ErrorKind::Path, 1, Some('['))]
#[case::leading_bracket("[::1]", ErrorKind::Path, 0, Some('['))]
#[case::path_space("http://a/b c", ErrorKind::InvalidCharacter, 10, Some(' '))]
#[case::path_backslash("http://a/b\\c", ErrorKind::InvalidCharacter, 10, Some('\\'))]
#[case::path_pipe("/a|b", ErrorKind::InvalidCharacter, 2, Some('|'))]
#[case::path_quote("/\"", ErrorKind::InvalidCharacter, 1, Some('"'))]
#[case::path_nul("/a\0", ErrorKind::InvalidCharacter, 2, Some('\0'))]
#[case::path_newline("/a\nb", ErrorKind::InvalidCharacter, 2, Some('\n'))]
#[case::path_tab("/a\tb", ErrorKind::InvalidCharacter, 2, Some('\t'))]
#[case::path_del("/a\u{7f}", ErrorKind::InvalidCharacter, 2, Some('\u{7f}'))]
#[case::path_non_ascii("/caf\u{e9}", ErrorKind::InvalidCharacter, 4, Some('\u{e9}'))]
#[case::path_emoji("/\u{1f600}", ErrorKind::InvalidCharacter, 1, Some('\u{1f600}'))]
#[case::leading_space(" http://a/", ErrorKind::InvalidCharacter, 0, Some(' '))]
#[case::trailing_space("http://a/ ", ErrorKind::InvalidCharacter, 9, Some(' '))]
// Percent-encoding: the error is at the byte after the "%" that is not a
// HEXDIG, the first one no reference takes (this was the "%" itself).
#[case::pct_issue_example("http://example.com/%g0", ErrorKind::PercentEncoding, 20, Some('g'))]
#[case::pct_bad_digit("http://a/%zz", ErrorKind::PercentEncoding, 10, Some('z'))]
#[case::pct_one_digit("http://a/%4", ErrorKind::PercentEncoding, 11, None)]
#[case::pct_alone("/%", ErrorKind::PercentEncoding, 2, None)]
#[case::pct_second_digit("/%4g", ErrorKind::PercentEncoding, 3, Some('g'))]
#[case::pct_in_query("?a%g0", ErrorKind::PercentEncoding, 3, Some('g'))]
#[case::pct_in_fragment("#%%41", ErrorKind::PercentEncoding, 2, Some('%'))]
#[case::pct_in_userinfo("http://u%x@h/", ErrorKind::PercentEncoding, 9, Some('x'))]
#[case::pct_in_host("http://a%4/", ErrorKind::PercentEncoding, 10, Some('/'))]
#[case::pct_non_ascii_digit("/%4\u{e9}", ErrorKind::InvalidCharacter, 3, Some('\u{e9}'))]
// Query and fragment.
#[case::query_bracket("http://a/?q[1]", ErrorKind::Query, 11, Some('['))]
#[case::query_space("http://a/?a b", ErrorKind::InvalidCharacter, 11, Some(' '))]
#[case::fragment_hash("http://a#b#c", ErrorKind::Fragment, 10, Some('#'))]
#[case::fragment_bracket("#[", ErrorKind::Fragment, 1, Some('['))]
#[case::fragment_caret("#a^", ErrorKind::InvalidCharacter, 2, Some('^'))]
// Authority details beyond the host (see hosts.rs for hosts).
#[case::authority_backslash("http:\\\\a", ErrorKind::InvalidCharacter, 5, Some('\\'))]
#[case::network_path_bracket("//a]", ErrorKind::Host, 3, Some(']'))]
#[case::port_range_relative("//a:70000", ErrorKind::PortRange, 4, None)]
fn errors(
    #[case] input: &str,
    #[case] kind: ErrorKind,
    #[case] offset: usize,
    #[case] found: Option<char>,
) {
    let err = Uri::parse(input).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset(), err.found()),
        (kind, offset, found),
        "{input:?}: {err}"
    );
}

// What was expected, in the RFC's terms, by where the error is.
#[rstest]
#[case::scheme_digit_first("1a:", "ALPHA")]
#[case::scheme(
    "a_b:",
    r#"a scheme before ":" (ALPHA, then ALPHA, DIGIT, "+", "-" or ".")"#
)]
#[case::path("/a b", r##"pchar, "/", "?", "#" or end of input"##)]
#[case::query("?a b", r##"pchar, "/", "?", "#" or end of input"##)]
#[case::fragment("#a b", r#"pchar, "/", "?" or end of input"#)]
#[case::reg_name(
    "//a b",
    r##"reg-name character, ":" port, "/", "?", "#" or end of input"##
)]
#[case::host_start("// ", r##"userinfo, host, "/", "?", "#" or end of input"##)]
#[case::after_ip_literal("//[::1] ", r##"":" port, "/", "?", "#" or end of input"##)]
#[case::userinfo("//a b@c", r#"userinfo character or "@""#)]
// An "@" after an IP literal does not make what comes before it a userinfo
// (brackets are not userinfo characters): this said `expected userinfo
// character or "@", found 'm'`.
#[case::after_ip_literal_before_at("//[v1.x]m@a", r##"":" port, "/", "?", "#" or end of input"##)]
#[case::port("//a:1 ", r##"DIGIT, "/", "?", "#" or end of input"##)]
#[case::port_range("//a:65536", "a port number from 0 to 65535")]
#[case::pct("/%", "HEXDIG")]
#[case::pct_second("/%a", "HEXDIG")]
// In an IPv6 address, what the grammar takes next, tried character by
// character.
#[case::unclosed("//[::1", r#"HEXDIG, ":", "." or "]""#)]
#[case::ipv6("//[1]", r#"HEXDIG or ":""#)]
#[case::second_double_colon("//[::1::]", "HEXDIG")]
#[case::after_double_colon("//[::g]", r#"HEXDIG or "]""#)]
#[case::four_digits("//[1234x]", r#"":""#)]
#[case::ipv4_part("//[::1.2x]", r#"DIGIT or ".""#)]
#[case::after_ipv4_dot("//[::1.x]", "DIGIT")]
#[case::single_colon("//[:1]", r#"":""#)]
#[case::empty_literal("//[]", "IPv6address or IPvFuture")]
#[case::ipvfuture_version("//[v]", "HEXDIG")]
#[case::ipvfuture_dot("//[v1]", r#"HEXDIG or ".""#)]
#[case::ipvfuture_address("//[v1.]", r#"unreserved, sub-delims or ":""#)]
#[case::ipvfuture_more("//[v1.a b]", r#"unreserved, sub-delims, ":" or "]""#)]
#[case::start(" ", r##"scheme, path, "?", "#" or end of input"##)]
fn expected_in_rfc_terms(#[case] input: &str, #[case] expected: &str) {
    assert_eq!(
        Uri::parse(input).unwrap_err().expected(),
        expected,
        "{input:?}"
    );
}

#[rstest]
#[case::invalid_character(
    "http://exa mple/",
    r##"invalid character at byte 10: expected reg-name character, ":" port, "/", "?", "#" or end of input, found ' '"##
)]
#[case::ipv6(
    "http://[::1::]/",
    r#"invalid IPv6 address at byte 12: expected HEXDIG, found ':'"#
)]
#[case::end_of_input(
    "http://[::1",
    r#"invalid IP literal at byte 11: expected HEXDIG, ":", "." or "]", found end of input"#
)]
#[case::pct(
    "http://example.com/%g0",
    "invalid percent-encoding at byte 20: expected HEXDIG, found 'g'"
)]
#[case::port_range(
    "http://a:99999/",
    "port out of range at byte 9: expected a port number from 0 to 65535"
)]
#[case::scheme_digit_first("1http://a", "invalid scheme at byte 0: expected ALPHA, found '1'")]
#[case::scheme(
    "ht_tp://a",
    r#"invalid scheme at byte 5: expected a scheme before ":" (ALPHA, then ALPHA, DIGIT, "+", "-" or "."), found ':'"#
)]
#[case::second_port(
    "http://example.com:80:80/",
    r##"invalid port at byte 21: expected DIGIT, "/", "?", "#" or end of input, found ':'"##
)]
#[case::unbracketed_ipv6(
    "http://2001:db8::1/",
    r#"invalid IP literal at byte 7: expected "[" before an IPv6address, found '2'"#
)]
#[case::userinfo_before_at(
    "http://a:8x[@h/",
    r#"invalid userinfo at byte 11: expected userinfo character or "@", found '['"#
)]
#[case::control_escaped(
    "/a\u{1b}[31m",
    r##"invalid character at byte 2: expected pchar, "/", "?", "#" or end of input, found '\u{1b}'"##
)]
#[case::bidi_escaped(
    "/a\u{202e}",
    r##"invalid character at byte 2: expected pchar, "/", "?", "#" or end of input, found '\u{202e}'"##
)]
#[case::quote_unescaped(
    "/'\"",
    r##"invalid character at byte 2: expected pchar, "/", "?", "#" or end of input, found '"'"##
)]
fn display(#[case] input: &str, #[case] message: &str) {
    assert_eq!(Uri::parse(input).unwrap_err().to_string(), message);
}

/// The alternate form shows the input with a caret under the offset; the
/// caret counts characters as shown, so it stays right after non-ASCII and
/// escaped characters.
#[rstest]
#[case::ascii("http://exa mple/", "  http://exa mple/\n            ^")]
#[case::at_start(" a", "   a\n  ^")]
#[case::at_end("http://[::1", "  http://[::1\n             ^")]
#[case::after_non_ascii("/\u{e9}\u{e9}", "  /\u{e9}\u{e9}\n   ^")]
#[case::after_escape("/%41\u{7}x y", "  /%41\\u{7}x y\n      ^")]
fn alternate_display(#[case] input: &str, #[case] shown: &str) {
    let err = Uri::parse(input).unwrap_err();
    let alternate = format!("{err:#}");
    let (first, rest) = alternate.split_once('\n').unwrap();
    assert_eq!(first, err.to_string());
    assert_eq!(rest, shown);
}

/// Very long inputs are shown cut short around the offset, so an error
/// never quotes megabytes.
#[test]
fn long_inputs_are_cut_short() {
    let input = format!("http://a/{} {}", "x".repeat(1 << 20), "y".repeat(1 << 20));
    let err = Uri::parse(&input).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidCharacter);
    assert_eq!(err.offset(), 9 + (1 << 20));
    let shown = format!("{err:#}");
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(
        lines[1],
        format!("  ...{} {}...", "x".repeat(32), "y".repeat(31))
    );
    assert_eq!(lines[2], format!("{}^", " ".repeat(2 + 3 + 32)));
}

/// A long input that is valid parses, and keeps its text.
#[test]
fn one_mebibyte() {
    let path = "/segment".repeat(1 << 17);
    let query = "k=v&".repeat(1 << 16);
    let input = format!("http://example.com{path}?{query}#end");
    let uri = Uri::parse(&input).unwrap();
    assert_eq!(uri.path().len(), 1 << 20);
    assert_eq!(uri.path_segments().count(), (1 << 17) + 1);
    assert_eq!(uri.query().unwrap().len(), 1 << 18);
    assert_eq!(uri.to_string(), input);
}

/// No input makes the parser panic, and every outcome is consistent: a
/// parse gives the input back and satisfies the invariants; an error points
/// inside the input at a character boundary and displays. Every string of
/// up to three characters over an alphabet of delimiters, letters, digits
/// and troublemakers is tried.
#[test]
fn no_panics_on_short_strings() {
    const ALPHABET: &[char] = &[
        'a', 'V', '1', '0', ':', '/', '?', '#', '[', ']', '@', '%', '.', '-', '+', '!', '=', ' ',
        '\\', '\u{e9}', '\0',
    ];
    let mut inputs = vec![String::new()];
    let mut frontier = vec![String::new()];
    for _ in 0..3 {
        frontier = frontier
            .iter()
            .flat_map(|prefix| ALPHABET.iter().map(move |c| format!("{prefix}{c}")))
            .collect();
        inputs.extend(frontier.iter().cloned());
    }
    let (mut valid, mut invalid) = (0, 0);
    for input in &inputs {
        match Uri::parse(input) {
            Ok(uri) => {
                valid += 1;
                assert_eq!(uri.as_str(), input);
                uri.check_invariants()
                    .unwrap_or_else(|e| panic!("{input:?}: {e}"));
            }
            Err(err) => {
                invalid += 1;
                assert!(err.offset() <= input.len(), "{input:?}: {err}");
                assert!(input.is_char_boundary(err.offset()), "{input:?}: {err}");
                assert_eq!(
                    err.found(),
                    input[err.offset()..]
                        .chars()
                        .next()
                        .filter(|_| err.kind() != ErrorKind::PortRange)
                );
                assert!(format!("{err:#}").contains('^'));
            }
        }
    }
    assert_eq!(valid + invalid, 1 + 21 + 21 * 21 + 21 * 21 * 21);
    assert!(
        valid > 1000 && invalid > 1000,
        "{valid} valid, {invalid} invalid"
    );
}

#[test]
fn errors_are_std_errors() {
    fn assert_error<E: std::error::Error + Send + Sync + 'static>(_: &E) {}
    let err = Uri::parse("http://a b").unwrap_err();
    assert_error(&err);
    let boxed: Box<dyn std::error::Error> = Box::new(err.clone());
    assert_eq!(boxed.to_string(), err.to_string());
}

/// Whether an error that `expected` an alternative of `expected` contradicts
/// itself by having `found` one: a one-character literal (`"@"`), a
/// character class the errors name (`DIGIT`, `pchar`, `userinfo
/// character`...), or the end of input. Alternatives of several parts
/// (`"%" HEXDIG HEXDIG`, `":" port`) and whole rules (`path`) can begin
/// with what was found and still be what failed.
fn expects_what_it_found(expected: &str, found: Option<char>) -> bool {
    use rfc3986::__private::{chars, iri_chars};
    let alternatives = expected
        .split(", ")
        .flat_map(|part| part.split(" or "))
        .flat_map(|part| part.strip_prefix("or ").or(Some(part)));
    alternatives.into_iter().any(|alternative| {
        let Some(c) = found else {
            return alternative == "end of input";
        };
        let literal = alternative
            .strip_prefix('"')
            .and_then(|rest| rest.strip_suffix('"'));
        if let Some(literal) = literal {
            return literal.chars().eq([c]);
        }
        let class = match alternative {
            "ALPHA" => chars::ALPHA,
            "DIGIT" => chars::DIGIT,
            "HEXDIG" => chars::HEXDIG,
            "unreserved" => chars::unreserved,
            "sub-delims" => chars::sub_delims,
            "pchar" => chars::pchar,
            "userinfo character" => chars::userinfo,
            "reg-name character" => chars::reg_name,
            "ipchar" => iri_chars::ipchar,
            "iprivate" => iri_chars::iprivate,
            "iunreserved" => iri_chars::iunreserved,
            "iuserinfo character" => iri_chars::iuserinfo,
            "ireg-name character" => iri_chars::ireg_name,
            _ => return false,
        };
        class.contains(c)
    })
}

/// No error says it expected what it found, on any rejected input of the
/// property generator or the damaged corpus, as a URI reference, an
/// absolute URI, an IRI reference or a URI of a shipped scheme.
#[test]
fn no_error_expects_what_it_found() {
    use rfc3986::schemes::{file::FileUri, http::HttpUri, mailto::Mailto, urn::Urn, SchemeError};
    use rfc3986::{AbsoluteUri, Iri};
    let corpus = crate::support::corpus::differential();
    let mut checked = 0;
    let mut contradictions = Vec::new();
    let mut check = |input: &str, expected: &str, found: Option<char>, message: String| {
        checked += 1;
        if expects_what_it_found(expected, found) && contradictions.len() < 10 {
            contradictions.push(format!("{input:?}: {message}"));
        }
    };
    for (i, text) in corpus.iter().enumerate().take(30_000) {
        let mutant = crate::support::generate::mutate(text, i as u64);
        for input in [text.as_str(), &mutant] {
            let parse_errors = [
                Uri::parse(input).err(),
                AbsoluteUri::parse(input).err(),
                Iri::parse(input).err(),
            ];
            for err in parse_errors.into_iter().flatten() {
                check(input, err.expected(), err.found(), err.to_string());
            }
            let scheme_errors = [
                HttpUri::parse(input).err(),
                Mailto::parse(input).err(),
                Urn::parse(input).err(),
                FileUri::parse(input).err(),
            ];
            for err in scheme_errors.into_iter().flatten() {
                match &err {
                    SchemeError::Syntax(e) => {
                        check(input, e.expected(), e.found(), err.to_string())
                    }
                    SchemeError::Scheme(v) => {
                        check(input, v.expected(), v.found(), err.to_string())
                    }
                    _ => {}
                }
            }
        }
    }
    assert!(checked > 100_000, "{checked} errors");
    assert!(
        contradictions.is_empty(),
        "errors that expect what they found:\n{}",
        contradictions.join("\n")
    );
}

#[test]
fn contradictions_are_recognized() {
    assert!(expects_what_it_found(
        r#"userinfo character or "@""#,
        Some('@')
    ));
    assert!(expects_what_it_found(
        r#"userinfo character or "@""#,
        Some('a')
    ));
    assert!(expects_what_it_found(
        r##"DIGIT, "/", "?", "#" or end of input"##,
        None
    ));
    assert!(!expects_what_it_found(
        r##"DIGIT, "/", "?", "#" or end of input"##,
        Some('x')
    ));
    assert!(!expects_what_it_found(r#""%" HEXDIG HEXDIG"#, Some('%')));
}

/// Texts that complete the start of a reference of every kind the errors
/// meet: a `pct-encoded` cut short, a userinfo waiting for its "@", and
/// IPv6 and IPvFuture literals at each of their steps.
const COMPLETIONS: &[&str] = &[
    "", "0", "00", "@", "0@", "00@", "]", "0]", ":0]", "::]", ":]", "0::]", ".0.0]", "0.0]", ".0]",
    "0.0.0]", ".0.0.0]", "0.a]", ".a]", "a]",
];

/// Whether `prefix`, followed by one of [`COMPLETIONS`], is a reference of
/// the grammar `parses` checks: the start of one.
fn completes(prefix: &str, parses: &dyn Fn(&str) -> bool) -> Option<&'static str> {
    COMPLETIONS
        .iter()
        .copied()
        .find(|completion| parses(&format!("{prefix}{completion}")))
}

/// Every error is at the first byte no reference takes, checked by
/// pest_derive's parser of the same grammar rather than by the crate's
/// diagnosis: the input before the offset is the start of a reference
/// (some text completes it), and with the character at the offset it is
/// not (none of the same texts does). Over every rejected input of the
/// property generator and the damaged corpus, as a URI reference and as an
/// IRI reference. A port out of range is an error of the value, at its
/// first digit, and is left out. Two errors name the part at fault before
/// that byte, and are checked for what they say instead: a scheme whose
/// first character is no ALPHA, at byte 0, where pest_derive's `scheme`
/// rule matches nothing; and an authority without an "@", taken as a host
/// and a port: an invalid port, where the character at the offset is one
/// only a userinfo takes (only a text with an "@" completes the input
/// through it), and an IPv6 address without its brackets, at the first
/// byte of a match of pest_derive's `IPv6address` rule.
#[test]
fn errors_are_at_the_first_byte_no_reference_takes() {
    use pest::Parser;
    use rfc3986::{ErrorKind, Iri, IriParser, IriRule, Rule, UriParser};
    let uri = |text: &str| UriParser::parse(Rule::uri_reference_input, text).is_ok();
    let iri = |text: &str| IriParser::parse(IriRule::iri_reference_input, text).is_ok();
    let no_scheme = |text: &str| UriParser::parse(Rule::scheme, text).is_err();
    let ipv6 = |text: &str| UriParser::parse(Rule::IPv6address, text).is_ok();
    let corpus = crate::support::corpus::differential();
    let mut checked = 0;
    let (mut schemes, mut authorities) = (0, 0);
    let mut wrong = Vec::new();
    let mut check = |input: &str, err: &rfc3986::ParseError, parses: &dyn Fn(&str) -> bool| {
        if err.kind() == ErrorKind::PortRange {
            return;
        }
        checked += 1;
        let offset = err.offset();
        let next = input[offset..]
            .chars()
            .next()
            .map_or(offset, |c| offset + c.len_utf8());
        let before = completes(&input[..offset], parses);
        let through = (next > offset)
            .then(|| completes(&input[..next], parses))
            .flatten();
        let named_before = match (err.kind(), through) {
            (ErrorKind::Scheme, Some(_)) if offset == 0 => {
                schemes += 1;
                no_scheme(input)
            }
            (ErrorKind::Port, Some(completion)) => {
                authorities += 1;
                completion.contains('@')
            }
            (ErrorKind::IpLiteral, Some(_)) => {
                authorities += 1;
                ipv6(&input[offset..])
            }
            (_, through) => through.is_none(),
        };
        if (before.is_none() || !named_before) && wrong.len() < 10 {
            wrong.push(format!(
                "{input:?}: {err}; completed before: {before:?}, through: {through:?}"
            ));
        }
    };
    for (i, text) in corpus.iter().enumerate().take(20_000) {
        let mutant = crate::support::generate::mutate(text, i as u64);
        for input in [text.as_str(), &mutant] {
            if let Err(err) = Uri::parse(input) {
                check(input, &err, &uri);
            }
            if let Err(err) = Iri::parse(input) {
                check(input, &err, &iri);
            }
        }
    }
    assert!(checked > 10_000, "{checked} errors");
    assert!(
        schemes > 0 && authorities > 0,
        "{schemes} schemes, {authorities} authorities"
    );
    assert!(
        wrong.is_empty(),
        "errors not at the first byte no reference takes:\n{}",
        wrong.join("\n")
    );
}
