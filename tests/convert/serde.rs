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
        r#"invalid IPv6 address at byte 12: expected HEXDIG, found ':' at line 1 column 17"#
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

/// A configuration field typed `AbsoluteUri` takes a URI with a scheme
/// and nothing else.
#[test]
fn absolute_uri_rejects_relative_references() {
    use rfc3986::AbsoluteUri;

    let uri: AbsoluteUri = serde_json::from_str(r#""https://api.example.com/v1/""#).unwrap();
    assert_eq!(uri.scheme(), "https");
    assert_eq!(
        serde_json::to_string(&uri).unwrap(),
        r#""https://api.example.com/v1/""#
    );
    for (json, message) in [
        (r#""""#, "invalid scheme at byte 0: expected ALPHA, found end of input at line 1 column 2"),
        (
            r#""example.com/api""#,
            r#"invalid scheme at byte 11: expected ALPHA, DIGIT, "+", "-", "." or ":", found '/' at line 1 column 17"#,
        ),
        (
            "7",
            "invalid type: integer `7`, expected a URI with a scheme (RFC 3986) as a string at line 1 column 1",
        ),
    ] {
        let err = serde_json::from_str::<AbsoluteUri>(json).unwrap_err();
        assert_eq!(err.to_string(), message, "{json}");
    }
    let uris: Vec<AbsoluteUri> = serde_json::from_str(r#"["urn:a:b", "s:"]"#).unwrap();
    assert_eq!(
        uris,
        ["urn:a:b", "s:"].map(|s| AbsoluteUri::parse(s).unwrap())
    );
}

/// The scheme types serialize as their text and deserialize through their
/// own `parse`, with its error.
#[test]
fn scheme_types() {
    use rfc3986::schemes::{file::FileUri, http::HttpUri, mailto::Mailto, urn::Urn};

    fn round_trip<T>(text: &str)
    where
        T: serde::Serialize + serde::de::DeserializeOwned + std::fmt::Display,
    {
        let json = serde_json::to_string(text).unwrap();
        let value: T = serde_json::from_str(&json).unwrap();
        assert_eq!(value.to_string(), text);
        assert_eq!(serde_json::to_string(&value).unwrap(), json);
    }
    round_trip::<HttpUri>("https://example.com:8443/a?b#c");
    round_trip::<Mailto>("mailto:joe@example.com?subject=hi");
    round_trip::<Urn>("urn:isbn:0451450523");
    round_trip::<FileUri>("file:///etc/hosts");

    let err = serde_json::from_str::<HttpUri>(r#""http://user@example.com/""#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid http URI at byte 7: expected no userinfo: it is deprecated and unsafe \
         (RFC 9110 section 4.2.4), found 'u' at line 1 column 26"
    );
    let err = serde_json::from_str::<Urn>(r#""urn:a:b""#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid urn URI at byte 5: expected \"-\", ALPHA or DIGIT in urn NID, found ':' at line 1 column 9"
    );
    let err = serde_json::from_str::<Mailto>("null").unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid type: null, expected a mailto URI (RFC 6068) as a string at line 1 column 4"
    );
    assert!(serde_json::from_str::<FileUri>(r#""http://a/""#).is_err());
}
