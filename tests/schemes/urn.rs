//! The `urn` scheme, RFC 8141: the examples of its section 3.2, the
//! components, NID rules and violations.

use rfc3986::schemes::urn::Urn;
use rfc3986::schemes::SchemeError;
use rstest::rstest;

/// Section 3.2, in its order.
const SECTION_3_2: [&str; 14] = [
    "urn:example:a123,z456",
    "URN:example:a123,z456",
    "urn:EXAMPLE:a123,z456",
    "urn:example:a123,z456?+abc",
    "urn:example:a123,z456?=xyz",
    "urn:example:a123,z456#789",
    "urn:example:a123,z456/foo",
    "urn:example:a123,z456/bar",
    "urn:example:a123,z456/baz",
    "urn:example:a123%2Cz456",
    "URN:EXAMPLE:a123%2cz456",
    "urn:example:A123,z456",
    "urn:example:a123,Z456",
    "urn:example:%D0%B0123,z456",
];

/// The classes of section 3.2: the first six are equivalent; the next
/// three are equivalent to none; the two with %2C only to each other; the
/// last three to none.
fn class(index: usize) -> usize {
    match index {
        0..=5 => 0,
        9 | 10 => 9,
        other => other,
    }
}

#[test]
fn section_3_2_equivalence() {
    let urns: Vec<Urn> = SECTION_3_2.iter().map(|s| Urn::parse(s).unwrap()).collect();
    for (i, a) in urns.iter().enumerate() {
        for (j, b) in urns.iter().enumerate() {
            assert_eq!(a.equivalent(b), class(i) == class(j), "{a} and {b}");
        }
    }
}

#[rstest]
#[case(
    "urn:example:a123,z456",
    "example",
    "a123,z456",
    None,
    None,
    None,
    "urn:example:a123,z456"
)]
#[case(
    "URN:EXAMPLE:a123%2cz456",
    "EXAMPLE",
    "a123%2cz456",
    None,
    None,
    None,
    "urn:example:a123%2Cz456"
)]
#[case(
    "urn:example:a123,z456?+abc",
    "example",
    "a123,z456",
    Some("abc"),
    None,
    None,
    "urn:example:a123,z456"
)]
#[case(
    "urn:example:a123,z456?=xyz",
    "example",
    "a123,z456",
    None,
    Some("xyz"),
    None,
    "urn:example:a123,z456"
)]
#[case(
    "urn:example:a123,z456#789",
    "example",
    "a123,z456",
    None,
    None,
    Some("789"),
    "urn:example:a123,z456"
)]
#[case(
    "urn:example:a123,z456?+abc?=def#g",
    "example",
    "a123,z456",
    Some("abc"),
    Some("def"),
    Some("g"),
    "urn:example:a123,z456"
)]
// A q-component may hold "?+": it comes after the r-component.
#[case(
    "urn:example:a?=q?+r",
    "example",
    "a",
    None,
    Some("q?+r"),
    None,
    "urn:example:a"
)]
#[case(
    "urn:example:a?+r?x?=q?y",
    "example",
    "a",
    Some("r?x"),
    Some("q?y"),
    None,
    "urn:example:a"
)]
#[case(
    "urn:example:weather?=op=map&lat=39.56&lon=-104.85",
    "example",
    "weather",
    None,
    Some("op=map&lat=39.56&lon=-104.85"),
    None,
    "urn:example:weather"
)]
#[case(
    "urn:example:foo-bar-baz-qux#somepart",
    "example",
    "foo-bar-baz-qux",
    None,
    None,
    Some("somepart"),
    "urn:example:foo-bar-baz-qux"
)]
#[case(
    "urn:example:apple:pear:plum:cherry",
    "example",
    "apple:pear:plum:cherry",
    None,
    None,
    None,
    "urn:example:apple:pear:plum:cherry"
)]
#[case(
    "urn:isbn:0451450523",
    "isbn",
    "0451450523",
    None,
    None,
    None,
    "urn:isbn:0451450523"
)]
#[case(
    "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
    "oasis",
    "names:specification:docbook:dtd:xml:4.1.2",
    None,
    None,
    None,
    "urn:oasis:names:specification:docbook:dtd:xml:4.1.2"
)]
#[case("urn:ab:c", "ab", "c", None, None, None, "urn:ab:c")]
#[case("urn:a-b:c", "a-b", "c", None, None, None, "urn:a-b:c")]
#[case(
    "urn:abcdefghijklmnopqrstuvwxyz012345:x",
    "abcdefghijklmnopqrstuvwxyz012345",
    "x",
    None,
    None,
    None,
    "urn:abcdefghijklmnopqrstuvwxyz012345:x"
)]
#[case("urn:urn-7:x", "urn-7", "x", None, None, None, "urn:urn-7:x")]
fn components(
    #[case] input: &str,
    #[case] nid: &str,
    #[case] nss: &str,
    #[case] r: Option<&str>,
    #[case] q: Option<&str>,
    #[case] f: Option<&str>,
    #[case] normalized: &str,
) {
    let urn = Urn::parse(input).unwrap();
    assert_eq!(urn.nid(), nid);
    assert_eq!(urn.nss(), nss);
    assert_eq!(urn.r_component(), r);
    assert_eq!(urn.q_component(), q);
    assert_eq!(urn.f_component(), f);
    assert_eq!(urn.normalized(), normalized);
    assert_eq!(urn.to_string(), input);
    assert_eq!(urn.is_informal(), nid.starts_with("urn-"));
}

#[rstest]
// NID: 2 to 32 characters, no leading or trailing hyphen.
#[case::nid_one_char(
    "urn:a:b",
    "NID",
    5,
    "invalid urn URI at byte 5: expected \"-\", ALPHA or DIGIT in urn NID, found ':'"
)]
#[case::nid_33_chars(
    "urn:abcdefghijklmnopqrstuvwxyz0123456:x",
    "NID",
    4,
    "invalid urn URI at byte 4: expected urn NID, found 'a'"
)]
#[case::nid_leading_hyphen(
    "urn:-ab:c",
    "NID",
    4,
    "invalid urn URI at byte 4: expected urn NID, found '-'"
)]
#[case::nid_trailing_hyphen(
    "urn:ab-:c",
    "NID",
    7,
    "invalid urn URI at byte 7: expected \"-\", ALPHA or DIGIT in urn NID, found ':'"
)]
#[case::nid_underscore(
    "urn:a_b:c",
    "NID",
    5,
    "invalid urn URI at byte 5: expected \"-\", ALPHA or DIGIT in urn NID, found '_'"
)]
// Section 5.2: "urn-" is reserved for informal namespaces, urn-<number>.
#[case::nid_urn_prefix(
    "urn:urn-abc:x",
    "NID",
    8,
    "invalid urn URI at byte 8: expected '1'..'9' in urn NID, found 'a'"
)]
#[case::nid_urn_zero(
    "urn:urn-0:x",
    "NID",
    8,
    "invalid urn URI at byte 8: expected '1'..'9' in urn NID, found '0'"
)]
// NSS: at least one pchar.
#[case::nss_empty(
    "urn:example:",
    "NSS",
    12,
    "invalid urn URI at byte 12: expected urn NSS, found end of input"
)]
#[case::nss_slash_first(
    "urn:example:/a",
    "NSS",
    12,
    "invalid urn URI at byte 12: expected urn NSS, found '/'"
)]
#[case::no_nss(
    "urn:example",
    "assigned-name",
    11,
    "invalid urn URI at byte 11: expected \"-\", \":\", ALPHA or DIGIT in urn assigned-name, found end of input"
)]
// rq-components: "?+" and "?=", each with something after it.
#[case::plain_query(
    "urn:example:a?b",
    "rq-components",
    13,
    "invalid urn URI at byte 13: expected urn rq-components, found '?'"
)]
#[case::empty_r(
    "urn:example:a?+",
    "r-component",
    15,
    "invalid urn URI at byte 15: expected urn r-component, found end of input"
)]
#[case::empty_q(
    "urn:example:a?=#f",
    "q-component",
    15,
    "invalid urn URI at byte 15: expected urn q-component, found '#'"
)]
#[case::not_urn(
    "urx:example:a",
    "assigned-name",
    0,
    "invalid urn URI at byte 0: expected urn assigned-name, found 'u'"
)]
fn violations(
    #[case] input: &str,
    #[case] rule: &str,
    #[case] offset: usize,
    #[case] message: &str,
) {
    let err = Urn::parse(input).unwrap_err();
    super::assert_violation(input, &err, rule, offset, message);
}

#[test]
fn generic_errors_come_first() {
    let err = Urn::parse("urn:example:a b").unwrap_err();
    assert!(
        matches!(&err, SchemeError::Syntax(e) if e.offset() == 13),
        "{err:?}"
    );
}
