//! `Uri` as a string in serde formats, validated when deserialized.
#![cfg(feature = "serde")]

use rfc3986::Uri;

#[test]
fn serializes_as_its_text() {
    let uri = Uri::parse("http://user@example.com:8080/a%20b?q=1#f").unwrap();
    assert_eq!(
        serde_json::to_string(&uri).unwrap(),
        r#""http://user@example.com:8080/a%20b?q=1#f""#
    );
    assert_eq!(
        serde_json::to_string(&vec![Uri::parse("").unwrap(), Uri::parse("../g").unwrap()]).unwrap(),
        r#"["","../g"]"#
    );
}

#[test]
fn deserializes_with_validation() {
    let uri: Uri =
        serde_json::from_str(r#""foo://example.com:8042/over/there?name=ferret#nose""#).unwrap();
    assert_eq!(uri.port(), Some(8042));
    assert_eq!(uri.fragment(), Some("nose"));

    let uris: Vec<Uri> = serde_json::from_str(r#"["urn:a:b", "//h", ""]"#).unwrap();
    assert_eq!(uris, ["urn:a:b", "//h", ""]);

    // An escaped string is unescaped before it is parsed.
    let uri: Uri = serde_json::from_str(r#""http://a/\u0062""#).unwrap();
    assert_eq!(uri, "http://a/b");
}

#[test]
fn an_invalid_uri_is_an_error_with_the_parse_errors_message() {
    let err = serde_json::from_str::<Uri>(r#""http://[::1::]/""#).unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"invalid IPv6 address at byte 11: expected "]", found ':' at line 1 column 17"#
    );
    let err = serde_json::from_str::<Uri>(r#""http://a:99999/""#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "port out of range at byte 9: expected a port number from 0 to 65535 at line 1 column 17"
    );
    let err = serde_json::from_str::<Uri>("42").unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid type: integer `42`, expected a URI reference (RFC 3986) as a string at line 1 column 2"
    );
}

#[test]
fn round_trips() {
    for text in [
        "http://[2001:db8::7]:80/c=GB?objectClass?one",
        "mailto:a@b",
        "?#",
    ] {
        let uri = Uri::parse(text).unwrap();
        let json = serde_json::to_string(&uri).unwrap();
        assert_eq!(serde_json::from_str::<Uri>(&json).unwrap(), uri);
    }
}
