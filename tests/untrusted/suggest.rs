//! Suggested fixes, `ParseError::suggestion`: a table per kind of fix (the
//! exact suggestion and the exact fixes, kind, byte range and
//! replacement), the texts that get none, the fixes' messages, and a
//! property test that no text makes it panic and that every suggestion
//! parses, differs from its text and is its text with the fixes applied.

use std::ops::Range;

use proptest::prelude::*;
use rfc3986::{parse_rule, ErrorKind, FixKind, Iri, Rule, Suggestion, Uri, UriParser};
use rstest::rstest;

use crate::support::generate::uri_reference;

use FixKind::{
    BackslashToSlash as Slash, BracketIpv6 as Bracket, DrivePath as Drive, PercentEncode as Encode,
    StripTrailingPunctuation as Punctuation, StripWrapper as Wrapper, TrimWhitespace as Trim,
};

/// The suggestion for a text `Uri::parse` rejects.
fn suggest(input: &str) -> Option<Suggestion> {
    let err = Uri::parse(input).expect_err("the input is rejected");
    err.suggestion(input)
}

/// Each fix as (kind, range, replacement).
fn fixes(suggestion: &Suggestion) -> Vec<(FixKind, Range<usize>, &str)> {
    suggestion
        .fixes()
        .iter()
        .map(|fix| (fix.kind(), fix.range(), fix.replacement()))
        .collect()
}

/// The suggestion for `input` is `expected`, made by exactly `expected_fixes`.
/// Every table of suggestions checks each of its rows with this.
fn check(input: &str, expected: &str, expected_fixes: &[(FixKind, Range<usize>, &str)]) {
    let suggestion = suggest(input).unwrap_or_else(|| panic!("no suggestion for {input:?}"));
    assert_eq!(suggestion.as_str(), expected);
    assert_eq!(fixes(&suggestion), expected_fixes);
    // It parses, and the parse of the input still fails: a suggestion is
    // never applied.
    assert_eq!(Uri::parse(expected).unwrap(), suggestion.uri().clone());
    let err = Uri::parse(input).unwrap_err();
    // A text that parses, the suggestion, gets none.
    assert_eq!(err.suggestion(expected), None);
}

#[rstest]
#[case::space_in_path("http://example.com/a b", "http://example.com/a%20b", &[(Encode, 20..21, "%20")])]
#[case::space_in_userinfo("http://a b@host/", "http://a%20b@host/", &[(Encode, 8..9, "%20")])]
#[case::quotes("http://a/\"q\"", "http://a/%22q%22", &[(Encode, 9..10, "%22"), (Encode, 11..12, "%22")])]
#[case::angle_brackets("http://a/<b>", "http://a/%3Cb%3E", &[(Encode, 9..10, "%3C"), (Encode, 11..12, "%3E")])]
#[case::caret("http://a/^", "http://a/%5E", &[(Encode, 9..10, "%5E")])]
#[case::backtick("http://a/`x`", "http://a/%60x%60", &[(Encode, 9..10, "%60"), (Encode, 11..12, "%60")])]
#[case::braces_and_bar(
    "http://a/{x}|y",
    "http://a/%7Bx%7D%7Cy",
    &[(Encode, 9..10, "%7B"), (Encode, 11..12, "%7D"), (Encode, 12..13, "%7C")]
)]
#[case::bar_in_query("https://a/s?q=w|v", "https://a/s?q=w%7Cv", &[(Encode, 15..16, "%7C")])]
#[case::backslash_in_query("http://a/?q=\\d", "http://a/?q=%5Cd", &[(Encode, 12..13, "%5C")])]
#[case::two_bytes("http://a/caf\u{e9}", "http://a/caf%C3%A9", &[(Encode, 12..14, "%C3%A9")])]
#[case::each_character(
    "http://\u{4f8b}\u{3048}.jp/",
    "http://%E4%BE%8B%E3%81%88.jp/",
    &[(Encode, 7..10, "%E4%BE%8B"), (Encode, 10..13, "%E3%81%88")]
)]
#[case::four_bytes("/\u{1f600}", "/%F0%9F%98%80", &[(Encode, 1..5, "%F0%9F%98%80")])]
#[case::invisible("http://a/\u{a0}x", "http://a/%C2%A0x", &[(Encode, 9..11, "%C2%A0")])]
#[case::percent_then_letters("http://a/%zz", "http://a/%25zz", &[(Encode, 9..10, "%25")])]
#[case::percent_at_end("http://a/100%", "http://a/100%25", &[(Encode, 12..13, "%25")])]
#[case::percent_one_digit("/a%4?b", "/a%254?b", &[(Encode, 2..3, "%25")])]
#[case::brackets_in_path("http://a/[x]", "http://a/%5Bx%5D", &[(Encode, 9..10, "%5B"), (Encode, 11..12, "%5D")])]
#[case::brackets_in_query("http://a/?q=[1]", "http://a/?q=%5B1%5D", &[(Encode, 12..13, "%5B"), (Encode, 14..15, "%5D")])]
#[case::second_hash("http://a/#x#y", "http://a/#x%23y", &[(Encode, 11..12, "%23")])]
#[case::every_part(
    "http://a/b c#d e#f",
    "http://a/b%20c#d%20e%23f",
    &[(Encode, 10..11, "%20"), (Encode, 14..15, "%20"), (Encode, 16..17, "%23")]
)]
#[case::at_in_userinfo("http://u@v@host/", "http://u%40v@host/", &[(Encode, 8..9, "%40")])]
#[case::template("https://a/{w}/{v_id}", "https://a/%7Bw%7D/%7Bv_id%7D", &[
    (Encode, 10..11, "%7B"),
    (Encode, 12..13, "%7D"),
    (Encode, 14..15, "%7B"),
    (Encode, 19..20, "%7D"),
])]
#[case::no_authority("mailto:a b@example.com", "mailto:a%20b@example.com", &[(Encode, 8..9, "%20")])]
#[case::relative_space("my file.html", "my%20file.html", &[(Encode, 2..3, "%20")])]
#[case::relative_non_ascii("caf\u{e9}/", "caf%C3%A9/", &[(Encode, 3..5, "%C3%A9")])]
#[case::relative_query("a/b?q=x|y", "a/b?q=x%7Cy", &[(Encode, 7..8, "%7C")])]
#[case::relative_fragment("#<top>", "#%3Ctop%3E", &[(Encode, 1..2, "%3C"), (Encode, 5..6, "%3E")])]
#[case::network_path("//a/{id}", "//a/%7Bid%7D", &[(Encode, 4..5, "%7B"), (Encode, 7..8, "%7D")])]
fn percent_encode(
    #[case] input: &str,
    #[case] expected: &str,
    #[case] expected_fixes: &[(FixKind, Range<usize>, &str)],
) {
    check(input, expected, expected_fixes);
}

#[rstest]
#[case::angle("<https://a/b>", "https://a/b", &[(Wrapper, 0..1, ""), (Wrapper, 12..13, "")])]
#[case::double_quotes("\"https://a/b\"", "https://a/b", &[(Wrapper, 0..1, ""), (Wrapper, 12..13, "")])]
#[case::single_quotes("'https://a/b'", "https://a/b", &[(Wrapper, 0..1, ""), (Wrapper, 12..13, "")])]
#[case::nested("\"<http://a/>\"", "http://a/", &[
    (Wrapper, 0..1, ""),
    (Wrapper, 1..2, ""),
    (Wrapper, 11..12, ""),
    (Wrapper, 12..13, ""),
])]
#[case::whitespace_inside("< http://a/ >", "http://a/", &[
    (Wrapper, 0..1, ""),
    (Trim, 1..2, ""),
    (Trim, 11..12, ""),
    (Wrapper, 12..13, ""),
])]
#[case::and_a_fix_inside("<http://a/b c>", "http://a/b%20c", &[
    (Wrapper, 0..1, ""),
    (Encode, 11..12, "%20"),
    (Wrapper, 13..14, ""),
])]
#[case::relative("<a/b>", "a/b", &[(Wrapper, 0..1, ""), (Wrapper, 4..5, "")])]
#[case::then_a_period("<http://a/>.", "http://a/", &[
    (Wrapper, 0..1, ""),
    (Wrapper, 10..11, ""),
    (Punctuation, 11..12, ""),
])]
#[case::then_a_comma("\"notes.txt\",", "notes.txt", &[
    (Wrapper, 0..1, ""),
    (Wrapper, 10..11, ""),
    (Punctuation, 11..12, ""),
])]
#[case::then_a_parenthesis("<http://a/>).", "http://a/", &[
    (Wrapper, 0..1, ""),
    (Wrapper, 10..11, ""),
    (Punctuation, 11..13, ""),
])]
#[case::parentheses("(https://a/b)", "https://a/b", &[(Wrapper, 0..1, ""), (Wrapper, 12..13, "")])]
#[case::parentheses_inside(
    "(http://en.wikipedia.org/wiki/Foo_(bar))",
    "http://en.wikipedia.org/wiki/Foo_(bar)",
    &[(Wrapper, 0..1, ""), (Wrapper, 39..40, "")]
)]
#[case::parentheses_then_a_period("(<http://a/>).", "http://a/", &[
    (Wrapper, 0..1, ""),
    (Wrapper, 1..2, ""),
    (Wrapper, 11..12, ""),
    (Wrapper, 12..13, ""),
    (Punctuation, 13..14, ""),
])]
#[case::parentheses_and_a_fix("(http://a/b c)", "http://a/b%20c", &[
    (Wrapper, 0..1, ""),
    (Encode, 11..12, "%20"),
    (Wrapper, 13..14, ""),
])]
fn strip_wrapper(
    #[case] input: &str,
    #[case] expected: &str,
    #[case] expected_fixes: &[(FixKind, Range<usize>, &str)],
) {
    check(input, expected, expected_fixes);
}

/// Punctuation is stripped at the end of a reference only where the
/// reference does not parse with it and a complete URI (one with a
/// scheme) is left; or with a wrapper (`strip_wrapper`).
#[rstest]
#[case::after_a_port("http://a:8080.", "http://a:8080", &[(Punctuation, 13..14, "")])]
#[case::after_a_port_in_parentheses("http://a:8080).", "http://a:8080", &[(Punctuation, 13..15, "")])]
#[case::after_a_literal("http://[::1]!", "http://[::1]", &[(Punctuation, 12..13, "")])]
#[case::after_an_address("http://::1.", "http://[::1]", &[(Bracket, 7..10, "[::1]"), (Punctuation, 10..11, "")])]
#[case::with_a_fix("http://a:80/ b:,", "http://a:80/%20b:,", &[(Encode, 12..13, "%20")])]
fn strip_trailing_punctuation(
    #[case] input: &str,
    #[case] expected: &str,
    #[case] expected_fixes: &[(FixKind, Range<usize>, &str)],
) {
    check(input, expected, expected_fixes);
}

#[rstest]
#[case::leading(" http://a/", "http://a/", &[(Trim, 0..1, "")])]
#[case::trailing_newline("http://a/\r\n", "http://a/", &[(Trim, 9..11, "")])]
#[case::both("\t http://a/ ", "http://a/", &[(Trim, 0..2, ""), (Trim, 11..12, "")])]
#[case::unicode("\u{a0}http://a/", "http://a/", &[(Trim, 0..2, "")])]
#[case::and_inside(" http://a/b c ", "http://a/b%20c", &[(Trim, 0..1, ""), (Encode, 11..12, "%20"), (Trim, 13..14, "")])]
fn trim_whitespace(
    #[case] input: &str,
    #[case] expected: &str,
    #[case] expected_fixes: &[(FixKind, Range<usize>, &str)],
) {
    check(input, expected, expected_fixes);
}

/// The host is bracketed whole when it is an address, which wins over a
/// port after its last `:`; else all of it but that port.
#[rstest]
#[case::loopback("http://::1/", "http://[::1]/", &[(Bracket, 7..10, "[::1]")])]
#[case::with_a_path("http://2001:db8::1/path", "http://[2001:db8::1]/path", &[(Bracket, 7..18, "[2001:db8::1]")])]
#[case::ambiguous_port("http://2001:db8::1:8080/", "http://[2001:db8::1:8080]/", &[(Bracket, 7..23, "[2001:db8::1:8080]")])]
#[case::port("http://1:2:3:4:5:6:7:8:8080/", "http://[1:2:3:4:5:6:7:8]:8080/", &[(Bracket, 7..22, "[1:2:3:4:5:6:7:8]")])]
#[case::empty_port("http://::1:", "http://[::1]:", &[(Bracket, 7..10, "[::1]")])]
#[case::ipv4_suffix("http://u@::ffff:1.2.3.4:80/x", "http://u@[::ffff:1.2.3.4]:80/x", &[(Bracket, 9..23, "[::ffff:1.2.3.4]")])]
#[case::network_path("//::1/a", "//[::1]/a", &[(Bracket, 2..5, "[::1]")])]
#[case::and_a_space("http://::1/a b", "http://[::1]/a%20b", &[(Bracket, 7..10, "[::1]"), (Encode, 12..13, "%20")])]
fn bracket_ipv6(
    #[case] input: &str,
    #[case] expected: &str,
    #[case] expected_fixes: &[(FixKind, Range<usize>, &str)],
) {
    check(input, expected, expected_fixes);
}

/// In a reference with an authority, a `\` in the two slashes and the
/// path becomes `/`; elsewhere it is percent-encoded.
#[rstest]
#[case::throughout("http:\\\\host\\path", "http://host/path", &[
    (Slash, 5..6, "/"),
    (Slash, 6..7, "/"),
    (Slash, 11..12, "/"),
])]
#[case::one_of_each("http:/\\host", "http://host", &[(Slash, 6..7, "/")])]
#[case::path_only("http://host\\a\\b", "http://host/a/b", &[(Slash, 11..12, "/"), (Slash, 13..14, "/")])]
#[case::not_in_query_or_fragment("http://host\\a?c\\d#e\\f", "http://host/a?c%5Cd#e%5Cf", &[
    (Slash, 11..12, "/"),
    (Encode, 15..16, "%5C"),
    (Encode, 19..20, "%5C"),
])]
#[case::network_path("//host\\a\\b", "//host/a/b", &[(Slash, 6..7, "/"), (Slash, 8..9, "/")])]
#[case::no_authority("mailto:a\\b", "mailto:a%5Cb", &[(Encode, 8..9, "%5C")])]
#[case::one_backslash("http:\\host", "http:%5Chost", &[(Encode, 5..6, "%5C")])]
// A relative reference that starts with a backslash: a path from the root
// of a drive, or with two, a network path (a UNC name).
#[case::leading("\\windows\\path", "/windows/path", &[(Slash, 0..1, "/"), (Slash, 8..9, "/")])]
#[case::leading_alone("\\", "/", &[(Slash, 0..1, "/")])]
#[case::leading_and_a_space("\\a b\\c", "/a%20b/c", &[
    (Slash, 0..1, "/"),
    (Encode, 2..3, "%20"),
    (Slash, 4..5, "/"),
])]
#[case::leading_then_a_query("\\a?b\\c", "/a?b%5Cc", &[(Slash, 0..1, "/"), (Encode, 4..5, "%5C")])]
#[case::unc("\\\\server\\share\\x", "//server/share/x", &[
    (Slash, 0..1, "/"),
    (Slash, 1..2, "/"),
    (Slash, 8..9, "/"),
    (Slash, 14..15, "/"),
])]
#[case::unc_one_of_each("\\/server/x", "//server/x", &[(Slash, 0..1, "/")])]
fn backslash_to_slash(
    #[case] input: &str,
    #[case] expected: &str,
    #[case] expected_fixes: &[(FixKind, Range<usize>, &str)],
) {
    check(input, expected, expected_fixes);
}

/// A Windows drive path becomes a `file:` URI with an empty authority:
/// `file:///`, the drive, the path with `/` for `\`, and every character
/// no path holds percent-encoded, with `#`, `?` and `%`, which stand for
/// themselves in a file's name.
#[rstest]
#[case::backslash("C:\\x", "file:///C:/x", &[(Drive, 0..2, "file:///C:"), (Slash, 2..3, "/")])]
#[case::root("C:\\", "file:///C:/", &[(Drive, 0..2, "file:///C:"), (Slash, 2..3, "/")])]
#[case::lowercase_and_a_space("c:\\a b\\c", "file:///c:/a%20b/c", &[
    (Drive, 0..2, "file:///c:"),
    (Slash, 2..3, "/"),
    (Encode, 4..5, "%20"),
    (Slash, 6..7, "/"),
])]
#[case::slashes_and_a_space("C:/Program Files/a", "file:///C:/Program%20Files/a", &[
    (Drive, 0..2, "file:///C:"),
    (Encode, 10..11, "%20"),
])]
#[case::hash("C:\\a#1.txt", "file:///C:/a%231.txt", &[
    (Drive, 0..2, "file:///C:"),
    (Slash, 2..3, "/"),
    (Encode, 4..5, "%23"),
])]
#[case::percent("C:\\100%", "file:///C:/100%25", &[
    (Drive, 0..2, "file:///C:"),
    (Slash, 2..3, "/"),
    (Encode, 6..7, "%25"),
])]
#[case::percent_and_digits("C:\\a%41", "file:///C:/a%2541", &[
    (Drive, 0..2, "file:///C:"),
    (Slash, 2..3, "/"),
    (Encode, 4..5, "%25"),
])]
#[case::non_ascii("C:\\caf\u{e9}", "file:///C:/caf%C3%A9", &[
    (Drive, 0..2, "file:///C:"),
    (Slash, 2..3, "/"),
    (Encode, 6..8, "%C3%A9"),
])]
#[case::quoted("\"C:\\Program Files\\a.txt\"", "file:///C:/Program%20Files/a.txt", &[
    (Wrapper, 0..1, ""),
    (Drive, 1..3, "file:///C:"),
    (Slash, 3..4, "/"),
    (Encode, 11..12, "%20"),
    (Slash, 17..18, "/"),
    (Wrapper, 23..24, ""),
])]
fn drive_path(
    #[case] input: &str,
    #[case] expected: &str,
    #[case] expected_fixes: &[(FixKind, Range<usize>, &str)],
) {
    check(input, expected, expected_fixes);
}

/// A text that parses gets no suggestion, whatever error it is given to:
/// `C:/x` is a URI of the scheme `C`, `(a)` a relative reference.
#[rstest]
#[case::drive_with_a_slash("C:/x")]
#[case::parentheses("(a)")]
#[case::percent_encoded_host("http://exa%20mple.com/")]
fn valid_input(#[case] input: &str) {
    assert!(Uri::parse(input).is_ok());
    let err = Uri::parse("http://a b/").unwrap_err();
    assert_eq!(err.suggestion(input), None);
}

/// Texts that get no suggestion: text around a link (never searched),
/// code, patterns and Windows paths (a suggestion would be a guess), and
/// errors that no fix of these kinds mends.
#[rstest]
#[case::prose("see https://a/b for x")]
#[case::markdown("[x](https://a/b)")]
#[case::pattern("[a-z0-9_]+@host")]
#[case::regex("^https?://a/(\\d+)$")]
#[case::code_span("`a.b()`")]
#[case::relative_template("/users/{id}")]
#[case::relative_backslash("..\\a\\b")]
#[case::rust_path("std::vec::Vec<u8>")]
#[case::rust_type("<T as a::b>::new")]
#[case::signature("fn(a: &str) -> Result<b, Error>")]
#[case::note("Note: see below")]
// A host with an ASCII character it may not hold: percent-encoded, it
// would be no host a resolver takes (`exa%20mple.com`).
#[case::space_in_host("http://exa mple.com")]
#[case::space_in_host_with_a_path("http://a b/")]
#[case::bracket_in_host("http://a]b/")]
#[case::percent_in_host("http://%zz.com/")]
#[case::space_in_unc_host("\\\\my server\\x")]
// A "(" that a ")" before the last one closes is no wrapper.
#[case::two_parentheses("(http://a/) (b)")]
#[case::line_break("http://a/b\nc")]
#[case::tab("http://a/\tb")]
#[case::scheme("1http://a/")]
#[case::port("http://a:8x/")]
#[case::port_range("http://a:65536/")]
#[case::ip_literal("http://[::1/")]
#[case::zone("http://fe80::1%eth0/")]
#[case::ipv_future("http://v1.fe80::a+en1/")]
#[case::whitespace_only("  ")]
#[case::empty_wrapper("<>")]
fn no_suggestion(#[case] input: &str) {
    assert_eq!(suggest(input), None);
}

#[rstest]
#[case::encode("http://a/b c", 0, "percent-encode ' ' at byte 10 as %20")]
#[case::encode_character(
    "http://a/\u{e9}",
    0,
    "percent-encode '\u{e9}' at bytes 9..11 as %C3%A9"
)]
#[case::encode_invisible(
    "http://a/\u{a0}x",
    0,
    "percent-encode '\\u{a0}' at bytes 9..11 as %C2%A0"
)]
#[case::encode_backslash("http://a/?\\", 0, "percent-encode '\\' at byte 10 as %5C")]
#[case::wrapper("<http://a/>", 1, "strip the wrapper '>' at byte 10")]
#[case::punctuation("http://a:1).", 0, "strip the trailing punctuation at bytes 10..12")]
#[case::whitespace(" http://a/", 0, "trim the whitespace at byte 0")]
#[case::bracket("http://::1/", 0, "bracket the IPv6 address at bytes 7..10 as [::1]")]
#[case::backslash("http://a\\b", 0, "turn the backslash at byte 8 into /")]
#[case::drive("C:\\a", 0, "turn the drive at bytes 0..2 into file:///C:")]
fn fix_display(#[case] input: &str, #[case] index: usize, #[case] message: &str) {
    let suggestion = suggest(input).unwrap();
    assert_eq!(suggestion.fixes()[index].to_string(), message);
}

#[test]
fn suggestion_display_and_conversions() {
    let suggestion = suggest("http://a/b c").unwrap();
    assert_eq!(suggestion.to_string(), "http://a/b%20c");
    assert_eq!(suggestion.uri().path(), "/b%20c");
    assert_eq!(suggestion.clone().into_string(), "http://a/b%20c");
    assert_eq!(suggestion.into_uri(), "http://a/b%20c");
    assert_eq!(FixKind::BackslashToSlash.to_string(), "backslash-to-slash");
    assert_eq!(
        format!("{:>14}|", FixKind::TrimWhitespace),
        "trim-whitespace|"
    );
    assert_eq!(
        format!("{:<15}|", FixKind::StripWrapper),
        "strip-wrapper  |"
    );
}

/// An error of `Iri::parse` gets a URI reference: characters above ASCII
/// are percent-encoded, as the error does not say which grammar it is of.
#[test]
fn iri_error() {
    let input = "http://\u{4f8b}.jp/a b";
    let err = Iri::parse(input).unwrap_err();
    assert_eq!(err.offset(), 15);
    let suggestion = err.suggestion(input).unwrap();
    assert_eq!(suggestion.as_str(), "http://%E4%BE%8B.jp/a%20b");
    assert_eq!(
        fixes(&suggestion),
        [(Encode, 7..10, "%E4%BE%8B"), (Encode, 15..16, "%20")]
    );
    assert!(Iri::parse(suggestion.as_str()).is_ok());
    assert!(Iri::parse(input).is_err());
}

/// The error decides only whether to look; the text is what is fixed.
#[test]
fn other_input() {
    let err = Uri::parse("http://a/b c").unwrap_err();
    assert_eq!(err.suggestion("http://a/"), None);
    assert_eq!(err.suggestion(""), None);
    assert_eq!(
        err.suggestion("<http://x/>").map(Suggestion::into_string),
        Some("http://x/".to_string())
    );
    // An owned parse's error, which holds the input.
    let err = Uri::parse(String::from("http://a/b c")).unwrap_err();
    let suggestion = err.suggestion("http://a/b c").unwrap();
    assert_eq!(err.into_input(), "http://a/b c");
    assert_eq!(suggestion.as_str(), "http://a/b%20c");
}

/// An error of a rule's parse is not about a URI reference: no suggestion.
#[test]
fn rule_error() {
    let err = parse_rule::<UriParser, _>(Rule::IPv4address, "a b").unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Rule);
    assert_eq!(err.suggestion("a b"), None);
    assert!(Uri::parse("a b").unwrap_err().suggestion("a b").is_some());
}

/// What every suggestion for `input` must be: a reference that parses,
/// other than `input`, that `input` with its fixes applied gives, at most
/// three times as long (and four bytes, for a drive's `file:///`), that
/// percent-encodes no ASCII character in its host.
fn check_suggestion(input: &str) -> Result<(), TestCaseError> {
    let Err(err) = Uri::parse(input) else {
        return Ok(());
    };
    let Some(suggestion) = err.suggestion(input) else {
        return Ok(());
    };
    prop_assert!(Uri::parse(suggestion.as_str()).is_ok());
    prop_assert_ne!(suggestion.as_str(), input);
    let drive = suggestion.fixes().iter().any(|fix| fix.kind() == Drive);
    let bound = 3 * input.len() + if drive { 4 } else { 0 };
    prop_assert!(suggestion.as_str().len() <= bound);
    // Where the host is in the suggestion.
    let text = suggestion.as_str();
    let host = suggestion.uri().host_str().map_or(0..0, |host| {
        let start = host.as_ptr() as usize - text.as_ptr() as usize;
        start..start + host.len()
    });
    prop_assert!(!suggestion.fixes().is_empty());
    let mut rebuilt = String::new();
    let mut at = 0;
    for fix in suggestion.fixes() {
        let range = fix.range();
        prop_assert!(range.start >= at && range.start < range.end, "{range:?}");
        rebuilt.push_str(&input[at..range.start]);
        let ascii = fix.kind() == Encode && fix.replacement().as_bytes()[1] < b'8';
        prop_assert!(
            !(ascii && host.contains(&rebuilt.len())),
            "{fix} in the host of {text}"
        );
        rebuilt.push_str(fix.replacement());
        at = range.end;
    }
    rebuilt.push_str(&input[at..]);
    prop_assert_eq!(rebuilt.as_str(), suggestion.as_str());
    Ok(())
}

/// Characters of the fixes' rules, and others, for strings that often
/// come close to a reference.
fn near_reference() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "http",
        "://",
        "//",
        ":",
        "/",
        "\\",
        "C:\\",
        "\\\\",
        "?",
        "#",
        "@",
        "[",
        "]",
        "::1",
        "2001:db8::",
        ":80",
        "%",
        "%4",
        "%41",
        " ",
        "\t",
        "\n",
        "<",
        ">",
        "\"",
        "'",
        "{",
        "}",
        "|",
        "^",
        "`",
        ".",
        ",",
        ")",
        "(",
        "a",
        "b.c",
        "\u{e9}",
        "\u{4f8b}",
        "\u{a0}",
        "\u{1f600}",
    ]);
    prop::collection::vec(pieces, 0..16).prop_map(|pieces| pieces.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3_000))]

    #[test]
    fn any_string(input in any::<String>()) {
        check_suggestion(&input)?;
    }

    #[test]
    fn pieces_of_references(input in near_reference()) {
        check_suggestion(&input)?;
    }

    /// A reference that parses gets no suggestion.
    #[test]
    fn none_for_a_valid_reference(generated in uri_reference()) {
        let err = Uri::parse("http://a b/").unwrap_err();
        prop_assert_eq!(err.suggestion(&generated.text), None);
    }

    /// A valid reference with one character put in: most get a suggestion.
    #[test]
    fn one_character_more(
        generated in uri_reference(),
        at in any::<prop::sample::Index>(),
        c in prop::sample::select(vec![' ', '<', '"', '\\', '^', '`', '|', '{', '\u{e9}', '%', '#', '[']),
    ) {
        let text = generated.text;
        let boundaries: Vec<usize> = text.char_indices().map(|(i, _)| i).chain([text.len()]).collect();
        let at = boundaries[at.index(boundaries.len())];
        let input = format!("{}{c}{}", &text[..at], &text[at..]);
        check_suggestion(&input)?;
    }
}

/// A long text with a fix at every other byte: one fix each, and a
/// suggestion three times as long as what it encodes.
#[test]
fn long_input() {
    let input = format!("http://a/{}", "b ".repeat(50_000));
    let suggestion = suggest(&input).unwrap();
    assert_eq!(suggestion.fixes().len(), 49_999 + 1);
    assert_eq!(suggestion.fixes()[49_999].kind(), Trim);
    assert_eq!(suggestion.fixes()[49_999].range(), 100_008..100_009);
    assert_eq!(suggestion.as_str().len(), 9 + 50_000 + 3 * 49_999);
    assert!(suggestion.as_str().ends_with("b%20b"));
}
