//! The `mailto` scheme, RFC 6068: every example of its sections 6.1, 6.2
//! and 6.3, then violations.

use rfc3986::schemes::mailto::Mailto;
use rfc3986::schemes::SchemeError;
use rfc3986::ErrorKind;
use rstest::rstest;

/// The examples of sections 6.1 to 6.3 (the ones the RFC breaks over two
/// lines joined), with their decoded addresses and header fields.
#[rstest]
// 6.1. Basic Examples
#[case("mailto:chris@example.com", &["chris@example.com"], &[])]
#[case("mailto:infobot@example.com?subject=current-issue", &["infobot@example.com"], &[("subject", "current-issue")])]
#[case("mailto:infobot@example.com?body=send%20current-issue", &["infobot@example.com"], &[("body", "send current-issue")])]
#[case("mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index",
    &["infobot@example.com"], &[("body", "send current-issue\r\nsend index")])]
#[case("mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E",
    &["list@example.org"], &[("In-Reply-To", "<3469A91.D10AF4C@example.com>")])]
#[case("mailto:majordomo@example.com?body=subscribe%20bamboo-l", &["majordomo@example.com"], &[("body", "subscribe bamboo-l")])]
#[case("mailto:joe@example.com?cc=bob@example.com&body=hello",
    &["joe@example.com"], &[("cc", "bob@example.com"), ("body", "hello")])]
#[case("mailto:gorby%25kremvax@example.com", &["gorby%kremvax@example.com"], &[])]
#[case("mailto:unlikely%3Faddress@example.com?blat=foop", &["unlikely?address@example.com"], &[("blat", "foop")])]
#[case("mailto:joe@an.example?cc=bob@an.example&body=hello", &["joe@an.example"], &[("cc", "bob@an.example"), ("body", "hello")])]
#[case("mailto:Mike%26family@example.org", &["Mike&family@example.org"], &[])]
// 6.2. Examples of Complicated Email Addresses
#[case("mailto:%22not%40me%22@example.org", &["\"not@me\"@example.org"], &[])]
#[case("mailto:%22oh%5C%5Cno%22@example.org", &["\"oh\\\\no\"@example.org"], &[])]
#[case("mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org", &["\"\\\\\\\"it's\\ ugly\\\\\\\"\"@example.org"], &[])]
// 6.3. Examples Using UTF-8-Based Percent-Encoding
#[case("mailto:user@example.org?subject=caf%C3%A9", &["user@example.org"], &[("subject", "caf\u{e9}")])]
#[case("mailto:user@example.org?subject=%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D",
    &["user@example.org"], &[("subject", "=?utf-8?Q?caf=C3=A9?=")])]
#[case("mailto:user@example.org?subject=%3D%3Fiso-8859-1%3FQ%3Fcaf%3DE9%3F%3D",
    &["user@example.org"], &[("subject", "=?iso-8859-1?Q?caf=E9?=")])]
#[case("mailto:user@example.org?subject=caf%C3%A9&body=caf%C3%A9",
    &["user@example.org"], &[("subject", "caf\u{e9}"), ("body", "caf\u{e9}")])]
#[case("mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO",
    &["user@\u{7d0d}\u{8c46}.example.org"], &[("subject", "Test"), ("body", "NATTO")])]
// Section 2: several addresses, and "to" as an hfield.
#[case("mailto:addr1@an.example,addr2@an.example", &["addr1@an.example", "addr2@an.example"], &[])]
#[case("mailto:?to=addr1@an.example,addr2@an.example", &[], &[("to", "addr1@an.example,addr2@an.example")])]
#[case("mailto:addr1@an.example?to=addr2@an.example", &["addr1@an.example"], &[("to", "addr2@an.example")])]
// Section 5: "+" is a "+", not a space.
#[case("mailto:bill+ietf@example.org", &["bill+ietf@example.org"], &[])]
// The empty forms the ABNF allows.
#[case("mailto:", &[], &[])]
#[case("MAILTO:?subject=", &[], &[("subject", "")])]
#[case("mailto:?=", &[], &[("", "")])]
fn rfc_examples(#[case] input: &str, #[case] to: &[&str], #[case] hfields: &[(&str, &str)]) {
    let mailto = Mailto::parse(input).unwrap();
    assert_eq!(mailto.to(), to);
    let got: Vec<(&str, &str)> = mailto
        .hfields()
        .iter()
        .map(|hfield| (hfield.name(), hfield.value()))
        .collect();
    assert_eq!(got, hfields);
    assert_eq!(mailto.to_string(), input);
}

/// Section 2: these three are equivalent, and name the same recipients.
#[rstest]
#[case("mailto:addr1@an.example,addr2@an.example")]
#[case("mailto:?to=addr1@an.example,addr2@an.example")]
#[case("mailto:addr1@an.example?to=addr2@an.example")]
fn to_in_path_or_hfield(#[case] input: &str) {
    let mailto = Mailto::parse(input).unwrap();
    assert_eq!(
        mailto.recipients(),
        ["addr1@an.example", "addr2@an.example"]
    );
}

#[test]
fn header_names_are_case_insensitive() {
    let mailto = Mailto::parse("mailto:a@example.org?Subject=Hi&BODY=there").unwrap();
    assert_eq!(mailto.subject(), Some("Hi"));
    assert_eq!(mailto.body(), Some("there"));
    assert_eq!(mailto.header("SUBJECT"), Some("Hi"));
    assert_eq!(mailto.header("cc"), None);
    assert_eq!(mailto.uri().path(), "a@example.org");
}

/// Violations of RFC 6068: rule, byte offset, message.
#[rstest]
// Section 6.1: "The following example, using "?" twice, is incorrect".
#[case::question_mark_twice(
    "mailto:joe@example.com?cc=bob@example.com?body=hello",
    "hfvalue",
    41,
    "invalid mailto URI at byte 41: expected mailto hfvalue, found '?'"
)]
#[case::no_at(
    "mailto:chris",
    "addr-spec",
    12,
    "invalid mailto URI at byte 12: expected one of !$%'()*+-.:@_~, ALPHA or DIGIT in mailto addr-spec or hfields, found end of input"
)]
#[case::no_domain(
    "mailto:chris@",
    "domain",
    13,
    "invalid mailto URI at byte 13: expected mailto domain, found end of input"
)]
#[case::empty_address(
    "mailto:a@example.org,,b@example.org",
    "local-part",
    21,
    "invalid mailto URI at byte 21: expected mailto local-part, found ','"
)]
#[case::trailing_comma(
    "mailto:a@example.org,",
    "local-part",
    21,
    "invalid mailto URI at byte 21: expected mailto local-part, found end of input"
)]
#[case::unencoded_slash(
    "mailto:a/b@example.org",
    "addr-spec",
    8,
    "invalid mailto URI at byte 8: expected one of !$%'()*+-.:@_~, ALPHA or DIGIT in mailto addr-spec or hfields, found '/'"
)]
#[case::unencoded_semicolon(
    "mailto:a;b@example.org",
    "addr-spec",
    8,
    "invalid mailto URI at byte 8: expected one of !$%'()*+-.:@_~, ALPHA or DIGIT in mailto addr-spec or hfields, found ';'"
)]
#[case::hfield_without_equals(
    "mailto:a@example.org?subject",
    "hfield",
    28,
    "invalid mailto URI at byte 28: expected one of !$%'()*+,-.:;=@_~, ALPHA or DIGIT in mailto hfield, found end of input"
)]
#[case::empty_hfields(
    "mailto:a@example.org?",
    "hfield",
    21,
    "invalid mailto URI at byte 21: expected mailto hfield, found end of input"
)]
#[case::slash_in_hfvalue(
    "mailto:a@example.org?body=a/b",
    "hfvalue",
    27,
    "invalid mailto URI at byte 27: expected mailto hfvalue, found '/'"
)]
#[case::bad_to_hfield(
    "mailto:?to=nobody",
    "addr-spec",
    17,
    "invalid mailto URI at byte 17: expected mailto addr-spec in the to hfield, found end of input"
)]
#[case::bad_cc_hfield(
    "mailto:a@example.org?cc=b@example.org,",
    "addr-spec",
    38,
    "invalid mailto URI at byte 38: expected mailto addr-spec in the cc hfield, found end of input"
)]
#[case::not_utf8("mailto:a@example.org?subject=caf%E9", "hfvalue", 29,
    "invalid mailto URI at byte 29: expected mailto hfvalue whose percent-encodings are UTF-8, found 'c'")]
#[case::not_mailto(
    "mailtox:a@example.org",
    "mailtoURI",
    0,
    "invalid mailto URI at byte 0: expected mailto mailtoURI, found 'm'"
)]
fn violations(
    #[case] input: &str,
    #[case] rule: &str,
    #[case] offset: usize,
    #[case] message: &str,
) {
    let err = Mailto::parse(input).unwrap_err();
    super::assert_violation(input, &err, rule, offset, message);
}

/// A character that no URI may hold is a generic error, found first.
#[rstest]
#[case("mailto:a b@example.org", ErrorKind::InvalidCharacter, 8)]
#[case(
    "mailto:a@example.org?subject=caf\u{e9}",
    ErrorKind::InvalidCharacter,
    32
)]
#[case("mailto:a@example.org?body=%0", ErrorKind::PercentEncoding, 28)]
fn syntax_errors(#[case] input: &str, #[case] kind: ErrorKind, #[case] offset: usize) {
    match Mailto::parse(input).unwrap_err() {
        SchemeError::Syntax(err) => assert_eq!((err.kind(), err.offset()), (kind, offset)),
        other => panic!("{input}: {other:?}"),
    }
}
