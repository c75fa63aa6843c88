//! Percent-decoding (section 2.1) of components.

use std::borrow::Cow;

use rfc3986::{percent_decode, percent_decode_utf8, Uri};
use rstest::rstest;

#[rstest]
#[case::nothing("abc", b"abc")]
#[case::empty("", b"")]
#[case::space("a%20b", b"a b")]
#[case::delimiters("%2F%3F%23", b"/?#")]
#[case::lowercase_hex("%2f%3a", b"/:")]
#[case::high_octet("%FF%00", &[0xff, 0x00])]
#[case::utf8("caf%C3%A9", "caf\u{e9}".as_bytes())]
#[case::adjacent("%41%42%43", b"ABC")]
#[case::percent_of_percent("%2541", b"%41")]
#[case::malformed_kept("%zz%4", b"%zz%4")]
#[case::malformed_then_valid("%%41", b"%A")]
fn decode(#[case] input: &str, #[case] decoded: &[u8]) {
    assert_eq!(percent_decode(input), decoded);
}

#[test]
fn borrows_when_nothing_is_encoded() {
    assert!(matches!(percent_decode("a/b?c"), Cow::Borrowed(b"a/b?c")));
    assert!(matches!(percent_decode("a%41"), Cow::Owned(_)));
    assert!(matches!(
        percent_decode_utf8("plain"),
        Ok(Cow::Borrowed("plain"))
    ));
}

#[test]
fn utf8() {
    assert_eq!(
        percent_decode_utf8("%E2%82%AC%20100").unwrap(),
        "\u{20ac} 100"
    );
    let err = percent_decode_utf8("a%C3").unwrap_err();
    assert_eq!(err.as_bytes(), b"a\xc3");
}

#[test]
fn components_of_a_parsed_uri() {
    let input = "http://%75ser@ex%41mple.com/a%2Fb/c?q=%26#%23";
    let uri = Uri::parse(input).unwrap();
    assert_eq!(uri.to_string(), input);
    assert_eq!(
        percent_decode_utf8(uri.userinfo().unwrap()).unwrap(),
        "user"
    );
    assert_eq!(
        percent_decode_utf8(uri.host_str().unwrap()).unwrap(),
        "exAmple.com"
    );
    let segments: Vec<_> = uri
        .path_segments()
        .map(|s| percent_decode_utf8(s).unwrap())
        .collect();
    assert_eq!(segments, ["", "a/b", "c"]);
    assert_eq!(percent_decode_utf8(uri.query().unwrap()).unwrap(), "q=&");
    assert_eq!(percent_decode_utf8(uri.fragment().unwrap()).unwrap(), "#");
}
