//! What a user of `url` or `fluent-uri` reaches for, under the names they
//! know: `join`, `port_or_known_default`, `url::Url::try_from(Uri)`,
//! `Host`'s `Display`, maps keyed by references looked up with `&str`,
//! `username` and `password`, and conversions by value (`String::from`,
//! `http::Uri::try_from`).

use std::collections::HashMap;

use rfc3986::{AbsoluteUri, Error, ErrorKind, Host, Iri, Uri};

/// `join` resolves text against a base as `resolve` does a parsed
/// reference: the examples of RFC 3986 section 5.4.1.
#[test]
fn join_is_parse_then_resolve() {
    let base = Uri::parse("http://a/b/c/d;p?q").unwrap();
    for (reference, target) in [
        ("g:h", "g:h"),
        ("g", "http://a/b/c/g"),
        ("./g", "http://a/b/c/g"),
        ("g/", "http://a/b/c/g/"),
        ("/g", "http://a/g"),
        ("//g", "http://g"),
        ("?y", "http://a/b/c/d;p?y"),
        ("g?y", "http://a/b/c/g?y"),
        ("#s", "http://a/b/c/d;p?q#s"),
        ("", "http://a/b/c/d;p?q"),
        ("../../../g", "http://a/g"),
    ] {
        let joined: Uri = base.join(reference).unwrap();
        assert_eq!(joined, target, "{reference}");
        assert_eq!(
            joined,
            base.resolve(&Uri::parse(reference).unwrap()).unwrap()
        );
    }
}

#[test]
fn join_has_one_error_type() {
    let base = Uri::parse("http://a/b").unwrap();
    let Err(Error::Parse(err)) = base.join("g h") else {
        panic!()
    };
    assert_eq!((err.kind(), err.offset()), (ErrorKind::InvalidCharacter, 1));
    let Err(Error::Parse(err)) = base.join("//[::1") else {
        panic!()
    };
    assert_eq!((err.kind(), err.offset()), (ErrorKind::IpLiteral, 6));

    let relative = Uri::parse("/b").unwrap();
    let err = relative.join("g").unwrap_err();
    assert!(matches!(err, Error::Resolve(_)));
    assert_eq!(
        err.to_string(),
        "the base URI has no scheme: only an absolute URI can be a base (RFC 3986 section 5.2.1)"
    );
}

#[test]
fn join_keeps_the_grammar_and_absoluteness() {
    let base = AbsoluteUri::parse("https://example.com/a/b").unwrap();
    let target: AbsoluteUri = base.join("../c?d").unwrap();
    assert_eq!(target, "https://example.com/c?d");
    assert_eq!(target.scheme(), "https");

    // An IRI joins IRI text; a URI does not take it.
    let iri = Iri::parse("https://\u{4f8b}.jp/a/").unwrap();
    assert_eq!(
        iri.join("\u{30d1}").unwrap(),
        "https://\u{4f8b}.jp/a/\u{30d1}"
    );
    let uri = Uri::parse("https://example.jp/a/").unwrap();
    let Err(Error::Parse(err)) = uri.join("\u{30d1}") else {
        panic!()
    };
    assert_eq!((err.kind(), err.offset()), (ErrorKind::InvalidCharacter, 0));
}

#[test]
fn port_or_known_default() {
    for (input, port) in [
        ("http://h/", Some(80)),
        ("ws://h/", Some(80)),
        ("https://h/", Some(443)),
        ("WSS://h/", Some(443)),
        ("ftp://h/", Some(21)),
        ("http://h:/", Some(80)),
        ("http://h:8080/", Some(8080)),
        ("http://h:0/", Some(0)),
        ("foo://h/", None),
        ("foo://h:1/", Some(1)),
        ("file:///a", None),
        ("//h/", None),
        ("//h:7/", Some(7)),
        ("http:g", None),
        ("mailto:a@b", None),
    ] {
        assert_eq!(
            Uri::parse(input).unwrap().port_or_known_default(),
            port,
            "{input}"
        );
    }
}

/// `port_or_known_default` and normalization read one table: normalizing
/// drops a port exactly when it is the scheme's known default.
#[test]
fn port_or_known_default_is_the_table_normalization_uses() {
    for scheme in ["http", "https", "ws", "wss", "ftp", "foo", "HTTPS"] {
        let default = Uri::parse(format!("{scheme}://h/").as_str())
            .unwrap()
            .port_or_known_default();
        for port in [0, 21, 80, 443, 8080] {
            let uri = Uri::parse(format!("{scheme}://h:{port}/")).unwrap();
            let dropped = uri.normalize().port().is_none();
            assert_eq!(dropped, default == Some(port), "{uri}");
            assert_eq!(uri.normalize().port_or_known_default(), Some(port));
        }
    }
}

#[cfg(feature = "url")]
#[test]
fn url_from_a_uri() {
    use rfc3986::ConvertError;

    let uri = Uri::parse("HTTP://Example.COM:80/a/./b").unwrap();
    let url = url::Url::try_from(&uri).unwrap();
    assert_eq!(url.as_str(), "http://example.com/a/b");
    assert_eq!(url::Url::try_from(uri.to_owned()).unwrap(), url);
    let absolute = AbsoluteUri::try_from(uri.to_owned()).unwrap();
    assert_eq!(url::Url::try_from(&absolute).unwrap(), url);
    assert_eq!(url::Url::try_from(absolute).unwrap(), url);

    let Err(ConvertError::Parse(err)) = url::Url::try_from(&Uri::parse("/a:b").unwrap()) else {
        panic!()
    };
    assert_eq!((err.kind(), err.offset()), (ErrorKind::Scheme, 0));
    // What url::Url refuses of a URI, it refuses of a Uri.
    let err = url::Url::try_from(Uri::parse("http:///a").unwrap()).unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"url::Url reads the domain "a" where RFC 3986 reads no host"#
    );
}

#[test]
fn host_display_writes_the_host_as_a_uri_does() {
    let host = |s: &str| Uri::parse(s).unwrap().host().unwrap().to_string();
    assert_eq!(host("http://[2001:DB8::7]/"), "[2001:db8::7]");
    assert_eq!(host("http://[::ffff:1.2.3.4]/"), "[::ffff:1.2.3.4]");
    assert_eq!(host("http://[v1.x:y]/"), "[v1.x:y]");
    assert_eq!(host("http://192.0.2.16:80/"), "192.0.2.16");
    assert_eq!(host("http://Ex%41mple.com/"), "Ex%41mple.com");
    assert_eq!(host("file:///a"), "");
    assert_eq!(Host::Ipv6("::1".parse().unwrap()).to_string(), "[::1]");
}

/// Equality and hashing are the text's, so a map keyed by references is
/// looked up with a `&str`, whatever the storage.
#[test]
fn maps_keyed_by_references_are_looked_up_with_str() {
    let mut hits: HashMap<Uri, u32> = HashMap::new();
    hits.insert("http://a/b".parse().unwrap(), 1);
    hits.insert("HTTP://a/b".parse().unwrap(), 2);
    assert_eq!(hits.get("http://a/b"), Some(&1));
    assert_eq!(hits.get("HTTP://a/b"), Some(&2));
    assert_eq!(hits.get("http://a/c"), None);
    *hits.get_mut("http://a/b").unwrap() += 10;
    assert_eq!(hits.remove("http://a/b"), Some(11));

    let input = String::from("http://a/b");
    let mut borrowed: HashMap<Uri<&str>, ()> = HashMap::new();
    borrowed.insert(Uri::parse(input.as_str()).unwrap(), ());
    assert!(borrowed.contains_key("http://a/b"));

    let mut absolute: HashMap<AbsoluteUri, u8> = HashMap::new();
    absolute.insert(AbsoluteUri::parse("urn:a:b").unwrap().to_owned(), 7);
    assert_eq!(absolute.get("urn:a:b"), Some(&7));
}

/// `username` and `password`: the userinfo split at its first `:`, as
/// written, on the reference and on its authority alike.
#[test]
fn username_and_password() {
    for (input, username, password) in [
        ("http://h/", None, None),
        ("http://@h/", Some(""), None),
        ("http://a@h/", Some("a"), None),
        ("http://a:@h/", Some("a"), Some("")),
        ("http://:b@h/", Some(""), Some("b")),
        ("http://a:b:c@h/", Some("a"), Some("b:c")),
        (
            "http://j%C3%B6%3A:p%40ss@h/",
            Some("j%C3%B6%3A"),
            Some("p%40ss"),
        ),
        ("mailto:a:b@h", None, None),
        ("/a:b@h", None, None),
    ] {
        let uri = Uri::parse(input).unwrap();
        assert_eq!(
            (uri.username(), uri.password()),
            (username, password),
            "{input}"
        );
        if let Some(authority) = uri.authority() {
            assert_eq!(
                (authority.username(), authority.password()),
                (username, password),
                "{input}"
            );
        }
    }
    let uri = Uri::parse("http://j%C3%B6:p%40ss@h/").unwrap();
    assert_eq!(
        rfc3986::percent_decode_utf8(uri.password().unwrap()).unwrap(),
        "p@ss"
    );
    let iri = Iri::parse("http://ユーザー:パス@例え.jp/").unwrap();
    assert_eq!(
        (iri.username(), iri.password()),
        (Some("ユーザー"), Some("パス"))
    );
}

/// A reference gives its text back by value, in the storage it holds:
/// `String` for `Uri`, `Arc<str>` for a shared one, and the borrowed
/// `&str` for as long as the text lives.
#[test]
fn text_by_value() {
    let uri: Uri = "http://a/b?q".parse().unwrap();
    assert_eq!(String::from(uri), "http://a/b?q");
    let absolute: AbsoluteUri = "http://a/b".parse().unwrap();
    let text: String = absolute.into();
    assert_eq!(text, "http://a/b");

    let shared = Uri::parse(std::sync::Arc::<str>::from("/a")).unwrap();
    assert_eq!(&*std::sync::Arc::<str>::from(shared), "/a");
    let shared = AbsoluteUri::parse(std::sync::Arc::<str>::from("s:a")).unwrap();
    assert_eq!(&*std::sync::Arc::<str>::from(shared), "s:a");

    let text = String::from("https://例え.jp/");
    let borrowed: &str = {
        let iri = Iri::parse(text.as_str()).unwrap();
        iri.into()
    };
    assert_eq!(borrowed, "https://例え.jp/");
    let borrowed: &str = AbsoluteUri::parse("x:y").unwrap().into();
    assert_eq!(borrowed, "x:y");
    let owned_iri: Iri = Iri::parse("/パス").unwrap().to_owned();
    assert_eq!(String::from(owned_iri), "/パス");
}

/// `http::Uri` both ways by value, as by reference.
#[cfg(feature = "http")]
#[test]
fn http_uri_by_value() {
    let uri: Uri = "https://example.com/a%20b?q=1".parse().unwrap();
    let converted = http::Uri::try_from(uri.clone()).unwrap();
    assert_eq!(converted.to_string(), "https://example.com/a%20b?q=1");
    assert_eq!(Uri::try_from(converted).unwrap(), uri);

    let borrowed = Uri::parse("//example.com:443").unwrap();
    let connect = http::Uri::try_from(borrowed).unwrap();
    assert_eq!(connect.to_string(), "example.com:443");
    assert_eq!(Uri::try_from(connect).unwrap(), "//example.com:443");

    assert_eq!(
        http::Uri::try_from(Uri::parse("/a#f").unwrap()),
        Err(rfc3986::ConvertError::Fragment)
    );
    assert_eq!(
        http::Uri::try_from(Uri::parse("a/b").unwrap()),
        Err(rfc3986::ConvertError::NotRequestTarget)
    );
    let lax: http::Uri = "/a{b}".parse().unwrap();
    assert!(matches!(
        Uri::try_from(lax),
        Err(rfc3986::ConvertError::Parse(_))
    ));
}
