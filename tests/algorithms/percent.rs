//! Percent-encoding and decoding (section 2.1) of components.

use std::borrow::Cow;

use rfc3986::{
    percent_decode, percent_decode_lenient, percent_decode_utf8, percent_encode,
    percent_encode_bytes, Component, DecodeError, Error, Uri,
};
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
fn decode(#[case] input: &str, #[case] decoded: &[u8]) {
    assert_eq!(percent_decode(input).unwrap(), decoded);
    assert_eq!(percent_decode_lenient(input), decoded);
}

/// The strict decoders fail after the first `%` that starts no encoding,
/// at the first byte that is not one of its HEXDIGs (where they failed at
/// the `%`); the lenient one keeps it.
#[rstest]
#[case::issue("a%20b%ZZ%", 6, b"a b%ZZ%")]
#[case::bad_hex("%zz%4", 1, b"%zz%4")]
#[case::second_hex("%az", 2, b"%az")]
#[case::short_at_end("ab%4", 4, b"ab%4")]
#[case::lone_at_end("100%", 4, b"100%")]
#[case::percent_then_valid("%%41", 1, b"%A")]
#[case::after_valid("%41%4G", 5, b"A%4G")]
#[case::after_multibyte("\u{e9}%", 3, "\u{e9}%".as_bytes())]
#[case::multibyte_after("%\u{e9}", 1, "%\u{e9}".as_bytes())]
fn malformed(#[case] input: &str, #[case] offset: usize, #[case] lenient: &[u8]) {
    let expected = DecodeError::PercentEncoding { offset };
    assert_eq!(percent_decode(input), Err(expected));
    assert_eq!(percent_decode_utf8(input), Err(expected));
    assert_eq!(percent_decode_lenient(input), lenient);
    assert_eq!(
        expected.to_string(),
        format!("invalid percent-encoding at byte {offset}: expected HEXDIG")
    );
}

/// A malformed escape is reported before octets that are not UTF-8,
/// wherever each is: the escapes are read first.
#[test]
fn malformed_before_not_utf8() {
    assert_eq!(
        percent_decode_utf8("%FF%G"),
        Err(DecodeError::PercentEncoding { offset: 4 })
    );
}

#[rstest]
#[case::lone_high_octet("%FF", 0)]
#[case::after_text("ab%FF", 2)]
#[case::after_a_character("caf%C3%A9%FF", 9)]
#[case::truncated_sequence("a%C3", 1)]
#[case::overlong("x%C0%AF", 1)]
#[case::surrogate("%ED%A0%80", 0)]
#[case::lone_continuation("\u{e9}%A9", 2)]
fn not_utf8(#[case] input: &str, #[case] offset: usize) {
    let err = percent_decode_utf8(input).unwrap_err();
    assert_eq!(err, DecodeError::Utf8 { offset });
    assert_eq!(err.offset(), offset);
    assert_eq!(
        err.to_string(),
        format!("the percent-decoded octets are not UTF-8 from byte {offset}")
    );
    // The umbrella error says the same.
    assert_eq!(Error::from(err).to_string(), err.to_string());
}

#[test]
fn borrows_when_nothing_is_encoded() {
    assert!(matches!(
        percent_decode("a/b?c"),
        Ok(Cow::Borrowed(b"a/b?c"))
    ));
    assert!(matches!(percent_decode("a%41"), Ok(Cow::Owned(_))));
    assert!(matches!(
        percent_decode_lenient("a/b"),
        Cow::Borrowed(b"a/b")
    ));
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
    assert_eq!(err, DecodeError::Utf8 { offset: 1 });
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

/// Every ASCII character, in order.
fn ascii() -> String {
    (0..=0x7f_u8).map(char::from).collect()
}

/// The ASCII characters `component` leaves as they are: exactly the sets
/// `percent_encode` documents, each its rule's.
#[rstest]
#[case::userinfo(
    Component::Userinfo,
    "!$&'()*+,-.0123456789:;=ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"
)]
#[case::host(
    Component::Host,
    "!$&'()*+,-.0123456789;=ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"
)]
#[case::path(
    Component::Path,
    "!$&'()*+,-./0123456789:;=@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"
)]
#[case::path_segment(
    Component::PathSegment,
    "!$&'()*+,-.0123456789:;=@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"
)]
#[case::query(
    Component::Query,
    "!$&'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"
)]
#[case::query_pair(
    Component::QueryPair,
    "!$'()*,-./0123456789:;?@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"
)]
#[case::fragment(
    Component::Fragment,
    "!$&'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"
)]
#[case::scheme(Component::Scheme, "")]
#[case::port(Component::Port, "")]
fn each_component_leaves_its_rules_characters(#[case] component: Component, #[case] kept: &str) {
    let left: String = ascii()
        .chars()
        .filter(|c| percent_encode(&c.to_string(), component) == c.to_string())
        .collect();
    assert_eq!(left, kept);
    // The others become "%" and two uppercase hexadecimal digits.
    for c in ascii().chars().filter(|c| !kept.contains(*c)) {
        assert_eq!(
            percent_encode(&c.to_string(), component),
            format!("%{:02X}", c as u8),
            "{c:?}"
        );
    }
}

/// What `percent_encode` gives for a component is that component: the
/// builder, which checks each against its rule, takes it, and decoding
/// gives the text back.
#[test]
fn an_encoded_component_is_valid_and_decodes_back() {
    let text = format!("{}\u{e9}\u{20ac}\u{1f600}%41", ascii());
    let encoded = |component| percent_encode(&text, component).into_owned();
    let uri = Uri::builder()
        .scheme("s")
        .userinfo(&encoded(Component::Userinfo))
        .host(&encoded(Component::Host))
        .path(&format!("/{}", encoded(Component::Path)))
        .query(&encoded(Component::Query))
        .fragment(&encoded(Component::Fragment))
        .build()
        .unwrap();
    for component in [uri.userinfo(), uri.host_str(), uri.query(), uri.fragment()] {
        assert_eq!(percent_decode_utf8(component.unwrap()).unwrap(), text);
    }
    assert_eq!(percent_decode_utf8(&uri.path()[1..]).unwrap(), text);

    // A segment holds no "/"; a query pair no "&", "=" or "+".
    let mut uri: Uri = "s:/".parse().unwrap();
    uri.set_path(&format!("/{}", encoded(Component::PathSegment)))
        .unwrap();
    assert_eq!(uri.path_segments().count(), 2);
    assert_eq!(
        percent_decode_utf8(uri.path_segments().nth(1).unwrap()).unwrap(),
        text
    );
    let pair = encoded(Component::QueryPair);
    assert!(!pair.contains(['&', '=', '+']));
    uri.set_query(Some(&format!("{pair}={pair}"))).unwrap();
    let pairs: Vec<_> = uri.query_pairs().collect();
    assert_eq!(pairs, [(Cow::Borrowed(&*text), Cow::Borrowed(&*text))]);

    // Nothing can be encoded into a scheme or a port.
    let scheme = percent_encode("http", Component::Scheme);
    assert_eq!(scheme, "%68%74%74%70");
    assert!(Uri::parse("s:")
        .unwrap()
        .to_owned()
        .set_scheme(Some(&scheme))
        .is_err());
}

#[test]
fn encoding_borrows_when_nothing_changes() {
    assert!(matches!(
        percent_encode("a/b?c=d", Component::Query),
        Cow::Borrowed("a/b?c=d")
    ));
    assert!(matches!(
        percent_encode("", Component::Host),
        Cow::Borrowed("")
    ));
    assert!(matches!(
        percent_encode("a b", Component::Query),
        Cow::Owned(text) if text == "a%20b"
    ));
    // A "%" is always encoded, even one that starts a valid encoding.
    assert_eq!(percent_encode("%41", Component::Fragment), "%2541");
    assert!(matches!(
        percent_encode_bytes(b"a-b", Component::PathSegment),
        Cow::Borrowed("a-b")
    ));
}

#[rstest]
#[case::ascii(b"a b", Component::PathSegment, "a%20b")]
#[case::not_utf8(b"\xff\xfe/", Component::PathSegment, "%FF%FE%2F")]
#[case::latin1(b"caf\xe9", Component::Query, "caf%E9")]
#[case::utf8("caf\u{e9}".as_bytes(), Component::Query, "caf%C3%A9")]
#[case::nul(b"\0", Component::Fragment, "%00")]
#[case::kept_delimiters(b"a/b?c", Component::Query, "a/b?c")]
#[case::pair(b"a&b=c+d", Component::QueryPair, "a%26b%3Dc%2Bd")]
#[case::port(b"80", Component::Port, "%38%30")]
fn encode_bytes(#[case] bytes: &[u8], #[case] component: Component, #[case] encoded: &str) {
    assert_eq!(percent_encode_bytes(bytes, component), encoded);
    assert_eq!(percent_decode(encoded).unwrap(), bytes);
}

/// Text and its UTF-8 octets encode the same.
#[test]
fn encode_bytes_is_encode_of_utf8() {
    let text = format!("{}\u{e9}\u{1f600}", ascii());
    for component in [
        Component::Userinfo,
        Component::Host,
        Component::Path,
        Component::PathSegment,
        Component::Query,
        Component::QueryPair,
        Component::Fragment,
        Component::Scheme,
    ] {
        assert_eq!(
            percent_encode_bytes(text.as_bytes(), component),
            percent_encode(&text, component),
            "{component}"
        );
    }
}

#[test]
fn host_decoded() {
    let uri = Uri::parse("http://b%C3%BCcher.Example/").unwrap();
    assert_eq!(uri.host_decoded().unwrap().unwrap(), "b\u{fc}cher.Example");
    let uri = Uri::parse("http://ab%FF.example/").unwrap();
    assert_eq!(
        uri.host_decoded(),
        Some(Err(DecodeError::Utf8 { offset: 2 }))
    );
    assert!(matches!(
        Uri::parse("http://plain/").unwrap().host_decoded(),
        Some(Ok(Cow::Borrowed("plain")))
    ));
    assert_eq!(
        Uri::parse("http://[::1]:80/")
            .unwrap()
            .host_decoded()
            .unwrap()
            .unwrap(),
        "[::1]"
    );
    assert_eq!(
        Uri::parse("file:///a")
            .unwrap()
            .host_decoded()
            .unwrap()
            .unwrap(),
        ""
    );
    assert_eq!(Uri::parse("mailto:a@b").unwrap().host_decoded(), None);
    let err = Uri::parse("//a%FF")
        .unwrap()
        .host_decoded()
        .unwrap()
        .unwrap_err();
    assert_eq!(err, DecodeError::Utf8 { offset: 1 });
    // What the builder's host_decoded takes, it gives back.
    let name = "b\u{fc}cher & co.example";
    let uri = Uri::builder()
        .scheme("http")
        .host_decoded(name)
        .build()
        .unwrap();
    assert_eq!(uri.host_str(), Some("b%C3%BCcher%20&%20co.example"));
    assert_eq!(uri.host_decoded().unwrap().unwrap(), name);
}
