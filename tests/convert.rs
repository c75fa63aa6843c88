//! Conversions to and from `http::Uri` (feature `http`) and `url::Url`
//! (feature `url`): what converts, what changes, and what is refused
//! rather than changed silently.

#[cfg(feature = "http")]
mod http_uri {
    use rfc3986::{ConvertError, Uri};
    use rstest::rstest;

    fn parse(input: &str) -> Uri {
        Uri::parse(input).unwrap().to_owned()
    }

    /// The forms of a request target: the same text both ways, but an
    /// empty path after an authority, which the http crate writes `/`, and
    /// the authority-form, which is `//authority` in RFC 3986.
    #[rstest]
    #[case::absolute_form(
        "https://example.com:8443/a%20b?q=1&r",
        "https://example.com:8443/a%20b?q=1&r",
        "https://example.com:8443/a%20b?q=1&r"
    )]
    #[case::ipv6(
        "http://[2001:db8::7]/c=GB",
        "http://[2001:db8::7]/c=GB",
        "http://[2001:db8::7]/c=GB"
    )]
    #[case::ipv_future("http://[v1.x]/", "http://[v1.x]/", "http://[v1.x]/")]
    #[case::userinfo(
        "ftp://anonymous@ftp.example.org/pub",
        "ftp://anonymous@ftp.example.org/pub",
        "ftp://anonymous@ftp.example.org/pub"
    )]
    #[case::empty_path("http://example.com", "http://example.com/", "http://example.com/")]
    #[case::empty_path_query("foo://a?q", "foo://a/?q", "foo://a/?q")]
    #[case::origin_form("/where?q=now", "/where?q=now", "/where?q=now")]
    #[case::root("/", "/", "/")]
    #[case::authority_form("//example.com:443", "example.com:443", "//example.com:443")]
    fn to_http(#[case] input: &str, #[case] written: &str, #[case] back: &str) {
        let converted = http::Uri::try_from(&parse(input)).unwrap();
        assert_eq!(converted.to_string(), written);
        assert_eq!(Uri::try_from(&converted).unwrap(), back);
    }

    #[rstest]
    #[case::fragment("https://example.com/#top", ConvertError::Fragment)]
    #[case::empty_fragment("/a#", ConvertError::Fragment)]
    // http would read these as an authority.
    #[case::scheme_without_authority("foo:80", ConvertError::NotRequestTarget)]
    #[case::mailto("mailto:a@example.com", ConvertError::NotRequestTarget)]
    // http would read these as a path.
    #[case::network_path("//example.com/a", ConvertError::NotRequestTarget)]
    #[case::network_path_query("//example.com?q", ConvertError::NotRequestTarget)]
    #[case::relative_path("a/b", ConvertError::NotRequestTarget)]
    #[case::empty("", ConvertError::NotRequestTarget)]
    #[case::query_only("?q", ConvertError::NotRequestTarget)]
    fn not_to_http(#[case] input: &str, #[case] error: ConvertError) {
        assert_eq!(http::Uri::try_from(&parse(input)).unwrap_err(), error);
    }

    #[test]
    fn what_http_rejects_is_its_error() {
        let long = format!("http://a/{}", "a".repeat(70_000));
        let err = http::Uri::try_from(&parse(&long)).unwrap_err();
        assert!(
            matches!(&err, ConvertError::Rejected { by: "http::Uri", message } if message == "uri too long"),
            "{err:?}"
        );
        assert_eq!(err.to_string(), "http::Uri rejects it: uri too long");
    }

    #[test]
    fn from_http() {
        let uri: http::Uri = "*".parse().unwrap();
        assert_eq!(Uri::try_from(&uri).unwrap(), "*");
        // The http crate takes characters RFC 3986 does not.
        let uri: http::Uri = "/a{b}".parse().unwrap();
        let err = Uri::try_from(&uri).unwrap_err();
        assert!(
            matches!(&err, ConvertError::Parse(parse) if parse.offset() == 2),
            "{err:?}"
        );
        assert_eq!(
            err.to_string(),
            r##"invalid character at byte 2: expected pchar, "/", "?", "#" or end of input, found '{'"##
        );
        // Into the crate's one error.
        let err: rfc3986::Error = err.into();
        assert!(matches!(
            err,
            rfc3986::Error::Convert(ConvertError::Parse(_))
        ));
    }
}

#[cfg(feature = "url")]
mod url_url {
    use rfc3986::{AbsoluteUri, ConvertError};
    use rstest::rstest;

    fn parse(input: &str) -> AbsoluteUri {
        AbsoluteUri::parse(input).unwrap().to_owned()
    }

    /// What the URL Standard changes, as the conversion documents it.
    #[rstest]
    #[case::unchanged("https://example.com/a%20b?q=1#f", "https://example.com/a%20b?q=1#f")]
    #[case::case("HTTP://Example.COM/A", "http://example.com/A")]
    #[case::idna("http://b%C3%BCcher.example/", "http://xn--bcher-kva.example/")]
    #[case::ipv4_number("http://0x7f.1/", "http://127.0.0.1/")]
    #[case::ipv6("http://[::FFFF:1.2.3.4]/", "http://[::ffff:102:304]/")]
    #[case::default_port("https://a:443/", "https://a/")]
    #[case::leading_zeros("foo://a:0099/", "foo://a:99/")]
    #[case::dots("http://a/b/./c/../%2e%2E/d", "http://a/d")]
    #[case::empty_path("http://a", "http://a/")]
    #[case::non_special_empty_path("foo://a", "foo://a")]
    #[case::quote_in_query("http://a/?q='x'", "http://a/?q=%27x%27")]
    #[case::percent_kept("foo://%41/%7e", "foo://%41/%7e")]
    #[case::mailto("mailto:a@example.com?subject=hi", "mailto:a@example.com?subject=hi")]
    #[case::file("file:///etc/hosts", "file:///etc/hosts")]
    fn to_url(#[case] input: &str, #[case] written: &str) {
        let url = url::Url::try_from(&parse(input)).unwrap();
        assert_eq!(url.as_str(), written);
        assert_eq!(AbsoluteUri::try_from(&url).unwrap(), written);
    }

    /// The error of a URI whose host the url crate reads differently, with
    /// its message; the test fails on any other outcome.
    fn host_changed(input: &str) -> String {
        let err = url::Url::try_from(&parse(input)).unwrap_err();
        assert!(
            matches!(err, ConvertError::HostChanged { by: "url::Url", .. }),
            "{input}: {err:?}"
        );
        err.to_string()
    }

    /// Where RFC 3986 reads no host and the URL Standard, which skips the
    /// slashes after a special scheme (and any number of them), reads one.
    #[rstest]
    #[case::no_authority(
        "http:a/b",
        r#"url::Url reads the domain "a" where RFC 3986 reads no host"#
    )]
    #[case::absolute_path(
        "http:/a",
        r#"url::Url reads the domain "a" where RFC 3986 reads no host"#
    )]
    #[case::empty_host(
        "http:///a",
        r#"url::Url reads the domain "a" where RFC 3986 reads no host"#
    )]
    #[case::path_of_slashes(
        "http:////a",
        r#"url::Url reads the domain "a" where RFC 3986 reads no host"#
    )]
    fn no_host_read_as_one(#[case] input: &str, #[case] message: &str) {
        assert_eq!(host_changed(input), message);
    }

    /// The fields name the kind of host each side reads, as the message
    /// does.
    #[test]
    fn host_changed_fields() {
        let err = url::Url::try_from(&parse("http:///a")).unwrap_err();
        assert_eq!(
            err,
            ConvertError::HostChanged {
                by: "url::Url",
                ours: "no host".to_owned(),
                theirs: r#"the domain "a""#.to_owned(),
            }
        );
    }

    /// What the url crate refuses is its error, in its words.
    #[rstest]
    #[case::ipv_future("http://[v1.x]/", "url::Url rejects it: invalid IPv6 address")]
    #[case::empty_host_with_port("http://:80/", "url::Url rejects it: empty host")]
    fn not_to_url(#[case] input: &str, #[case] message: &str) {
        let err = url::Url::try_from(&parse(input)).unwrap_err();
        assert!(
            matches!(err, ConvertError::Rejected { by: "url::Url", .. }),
            "{err:?}"
        );
        assert_eq!(err.to_string(), message);
    }

    #[test]
    fn from_url() {
        // url's own percent-encoding makes most text a URI.
        let url = url::Url::parse("https://example.com/a b?c d#e f").unwrap();
        assert_eq!(
            AbsoluteUri::try_from(&url).unwrap(),
            "https://example.com/a%20b?c%20d#e%20f"
        );
        // Not `|`, `^` or `` ` `` in a path.
        let url = url::Url::parse("https://example.com/a|b^c").unwrap();
        let err = AbsoluteUri::try_from(&url).unwrap_err();
        assert!(
            matches!(&err, ConvertError::Parse(parse) if parse.offset() == 21),
            "{err:?}"
        );
    }
}
