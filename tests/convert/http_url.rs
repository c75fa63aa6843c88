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
    use proptest::prelude::*;
    use rfc3986::{AbsoluteUri, ConvertError, Host};
    use rstest::rstest;

    fn parse(input: &str) -> AbsoluteUri {
        AbsoluteUri::parse(input).unwrap().to_owned()
    }

    /// What the URL Standard changes, as the conversion documents it.
    #[rstest]
    #[case::unchanged("https://example.com/a%20b?q=1#f", "https://example.com/a%20b?q=1#f")]
    #[case::case("HTTP://Example.COM/A", "http://example.com/A")]
    #[case::idna("http://b%C3%BCcher.example/", "http://xn--bcher-kva.example/")]
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

    /// Hosts the URL Standard writes otherwise, but reads as the same host
    /// RFC 3986 does: an ASCII name in lowercase, a non-ASCII name in its
    /// IDNA form (what RFC 3986 section 3.2.2 has it converted to for
    /// lookup), percent-encoded unreserved characters decoded (section
    /// 6.2.2.2), an IPv6 address in its shortest form, and `localhost` of
    /// the `file` scheme as no host (both the local machine, section
    /// 3.2.2).
    #[rstest]
    #[case::ascii_case("http://Example.COM/", "http://example.com/")]
    #[case::address("http://192.0.2.1/", "http://192.0.2.1/")]
    #[case::ipv6_written_otherwise("http://[2001:DB8:0::1]/", "http://[2001:db8::1]/")]
    #[case::ipv6_with_ipv4("http://[::1.2.3.4]/", "http://[::102:304]/")]
    #[case::idn("http://b%C3%BCcher.example/", "http://xn--bcher-kva.example/")]
    #[case::idn_ascii_case("http://B%C3%BCcher.Example/", "http://xn--bcher-kva.example/")]
    #[case::idn_lowercase_hex("http://b%c3%bccher.example/", "http://xn--bcher-kva.example/")]
    #[case::idna_form("http://XN--BCHER-KVA.example/", "http://xn--bcher-kva.example/")]
    #[case::idna_form_and_idn(
        "http://xn--bcher-kva.b%C3%BCcher/",
        "http://xn--bcher-kva.xn--bcher-kva/"
    )]
    #[case::encoded_unreserved("http://%41.b%2Ec%7E%5F%2D/", "http://a.b.c~_-/")]
    #[case::sub_delims("http://a,b!c/", "http://a,b!c/")]
    #[case::empty_labels("http://a..b./", "http://a..b./")]
    #[case::port("http://Example.COM:8080/", "http://example.com:8080/")]
    #[case::userinfo("ftp://u:p@Example.COM/", "ftp://u:p@example.com/")]
    #[case::websocket("WSS://Example.COM/", "wss://example.com/")]
    #[case::file_host("file://Example.COM/etc", "file://example.com/etc")]
    #[case::file_localhost("file://localhost/etc/hosts", "file:///etc/hosts")]
    #[case::file_localhost_case("file://LocalHost/etc", "file:///etc")]
    #[case::file_localhost_encoded("file://%6Cocalhost/etc", "file:///etc")]
    #[case::file_localhost_drive("file://localhost/C:/x", "file:///C:/x")]
    #[case::file_localhost_dot("file://localhost./etc", "file://localhost./etc")]
    fn same_host_written_otherwise(#[case] input: &str, #[case] written: &str) {
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

    /// A registered name that the URL Standard's IPv4 parser reads as an
    /// address: numbers in hexadecimal or octal, fewer than four of them,
    /// a trailing dot, percent-encoded digits or dots, or characters that
    /// UTS 46 maps to digits or dots. RFC 3986 reads an IPv4 address only
    /// in four decimal numbers without leading zeros.
    #[rstest]
    #[case::hex(
        "http://0x7f.1/",
        r#"the IPv4 address 127.0.0.1 where RFC 3986 reads the registered name "0x7f.1""#
    )]
    #[case::hex_whole(
        "http://0x7F000001/",
        r#"the IPv4 address 127.0.0.1 where RFC 3986 reads the registered name "0x7F000001""#
    )]
    #[case::hex_empty(
        "http://0x/",
        r#"the IPv4 address 0.0.0.0 where RFC 3986 reads the registered name "0x""#
    )]
    #[case::octal(
        "http://0177.0.0.1/",
        r#"the IPv4 address 127.0.0.1 where RFC 3986 reads the registered name "0177.0.0.1""#
    )]
    #[case::octal_parts(
        "http://01.02.03.04/",
        r#"the IPv4 address 1.2.3.4 where RFC 3986 reads the registered name "01.02.03.04""#
    )]
    #[case::three_parts(
        "http://1.2.3/",
        r#"the IPv4 address 1.2.0.3 where RFC 3986 reads the registered name "1.2.3""#
    )]
    #[case::two_parts(
        "http://127.1/",
        r#"the IPv4 address 127.0.0.1 where RFC 3986 reads the registered name "127.1""#
    )]
    #[case::one_part(
        "http://2130706433/",
        r#"the IPv4 address 127.0.0.1 where RFC 3986 reads the registered name "2130706433""#
    )]
    #[case::trailing_dot(
        "http://1.2.3.4./",
        r#"the IPv4 address 1.2.3.4 where RFC 3986 reads the registered name "1.2.3.4.""#
    )]
    #[case::encoded_digit(
        "http://%31.2.3.4/",
        r#"the IPv4 address 1.2.3.4 where RFC 3986 reads the registered name "%31.2.3.4""#
    )]
    #[case::encoded_dots(
        "http://1%2e2%2e3%2e4/",
        r#"the IPv4 address 1.2.3.4 where RFC 3986 reads the registered name "1%2e2%2e3%2e4""#
    )]
    #[case::fullwidth_digits(
        "http://%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1/",
        r#"the IPv4 address 127.0.0.1 where RFC 3986 reads the registered name "%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1""#
    )]
    #[case::ideographic_full_stop(
        "http://127%E3%80%820.0.1/",
        r#"the IPv4 address 127.0.0.1 where RFC 3986 reads the registered name "127%E3%80%820.0.1""#
    )]
    #[case::scheme_case(
        "HTTP://0x7f.1/",
        r#"the IPv4 address 127.0.0.1 where RFC 3986 reads the registered name "0x7f.1""#
    )]
    #[case::websocket(
        "ws://0x7f.1/",
        r#"the IPv4 address 127.0.0.1 where RFC 3986 reads the registered name "0x7f.1""#
    )]
    #[case::ftp(
        "ftp://0x7f.1/",
        r#"the IPv4 address 127.0.0.1 where RFC 3986 reads the registered name "0x7f.1""#
    )]
    #[case::file(
        "file://0x7f.1/etc",
        r#"the IPv4 address 127.0.0.1 where RFC 3986 reads the registered name "0x7f.1""#
    )]
    fn name_read_as_an_address(#[case] input: &str, #[case] message: &str) {
        assert_eq!(host_changed(input), format!("url::Url reads {message}"));
    }

    /// A non-ASCII name that UTS 46 maps to another name than itself with
    /// its ASCII letters in lowercase: fullwidth letters and dots,
    /// uppercase letters other than ASCII, the ignored soft hyphen, other
    /// dots, compatibility characters, a decomposed letter (UTS 46 writes
    /// NFC). A URI writes each character percent-encoded as UTF-8.
    #[rstest]
    #[case::fullwidth(
        "http://%EF%BD%85%EF%BD%98%EF%BD%81%EF%BD%8D%EF%BD%90%EF%BD%8C%EF%BD%85%EF%BC%8Ecom/",
        r#"the domain "example.com" where RFC 3986 reads the registered name "%EF%BD%85%EF%BD%98%EF%BD%81%EF%BD%8D%EF%BD%90%EF"..."#
    )]
    #[case::fullwidth_letter(
        "http://%EF%BD%81.com/",
        r#"the domain "a.com" where RFC 3986 reads the registered name "%EF%BD%81.com""#
    )]
    #[case::uppercase(
        "http://B%C3%9CCHER/",
        r#"the domain "xn--bcher-kva" where RFC 3986 reads the registered name "B%C3%9CCHER""#
    )]
    #[case::uppercase_letter(
        "http://b%C3%9Ccher.example/",
        r#"the domain "xn--bcher-kva.example" where RFC 3986 reads the registered name "b%C3%9Ccher.example""#
    )]
    #[case::soft_hyphen(
        "http://ex%C2%ADample.com/",
        r#"the domain "example.com" where RFC 3986 reads the registered name "ex%C2%ADample.com""#
    )]
    #[case::soft_hyphen_in_idn(
        "http://b%C3%BC%C2%ADcher.example/",
        r#"the domain "xn--bcher-kva.example" where RFC 3986 reads the registered name "b%C3%BC%C2%ADcher.example""#
    )]
    #[case::ideographic_full_stop(
        "http://example%E3%80%82com/",
        r#"the domain "example.com" where RFC 3986 reads the registered name "example%E3%80%82com""#
    )]
    #[case::kelvin_sign(
        "http://%E2%84%AA/",
        r#"the domain "k" where RFC 3986 reads the registered name "%E2%84%AA""#
    )]
    #[case::circled_digit(
        "http://%E2%91%A0.com/",
        r#"the domain "1.com" where RFC 3986 reads the registered name "%E2%91%A0.com""#
    )]
    #[case::decomposed(
        "http://bu%CC%88cher.example/",
        r#"the domain "xn--bcher-kva.example" where RFC 3986 reads the registered name "bu%CC%88cher.example""#
    )]
    #[case::file(
        "file://%EF%BD%81/etc",
        r#"the domain "a" where RFC 3986 reads the registered name "%EF%BD%81""#
    )]
    fn name_mapped_by_uts46(#[case] input: &str, #[case] message: &str) {
        assert_eq!(host_changed(input), format!("url::Url reads {message}"));
    }

    /// A reserved character percent-encoded in a name is data, not the
    /// character: RFC 3986 section 2.2 says decoding it changes how a URI
    /// is read, so `a%2Cb` and `a,b` are two names. The URL Standard
    /// decodes it, and reads one. (It refuses a decoded gen-delim, see
    /// `not_to_url`.)
    #[rstest]
    #[case::comma(
        "http://a%2Cb/",
        r#"the domain "a,b" where RFC 3986 reads the registered name "a%2Cb""#
    )]
    #[case::equals(
        "http://a%3Db.example/",
        r#"the domain "a=b.example" where RFC 3986 reads the registered name "a%3Db.example""#
    )]
    #[case::ampersand(
        "http://a%26b/",
        r#"the domain "a&b" where RFC 3986 reads the registered name "a%26b""#
    )]
    #[case::plus(
        "http://a%2bb/",
        r#"the domain "a+b" where RFC 3986 reads the registered name "a%2bb""#
    )]
    #[case::exclamation_mark(
        "http://a%21b/",
        r#"the domain "a!b" where RFC 3986 reads the registered name "a%21b""#
    )]
    #[case::dollar(
        "http://a%24b/",
        r#"the domain "a$b" where RFC 3986 reads the registered name "a%24b""#
    )]
    #[case::apostrophe(
        "http://a%27b/",
        r#"the domain "a'b" where RFC 3986 reads the registered name "a%27b""#
    )]
    #[case::parentheses(
        "http://a%28b%29/",
        r#"the domain "a(b)" where RFC 3986 reads the registered name "a%28b%29""#
    )]
    #[case::asterisk(
        "http://a%2Ab/",
        r#"the domain "a*b" where RFC 3986 reads the registered name "a%2Ab""#
    )]
    #[case::semicolon(
        "http://a%3Bb/",
        r#"the domain "a;b" where RFC 3986 reads the registered name "a%3Bb""#
    )]
    #[case::among_unreserved(
        "http://%41%2C%42/",
        r#"the domain "a,b" where RFC 3986 reads the registered name "%41%2C%42""#
    )]
    #[case::file(
        "file://a%2Cb/etc",
        r#"the domain "a,b" where RFC 3986 reads the registered name "a%2Cb""#
    )]
    fn name_with_an_encoded_reserved_character(#[case] input: &str, #[case] message: &str) {
        assert_eq!(host_changed(input), format!("url::Url reads {message}"));
    }

    /// A name holding a deviation character of UTS 46: IDNA2003, which RFC
    /// 3986 section 3.2.2 cites for lookup (RFC 3490), maps `ß` to `ss`
    /// and `ς` to `σ` and drops the joiners, while the URL Standard keeps
    /// them; the two look up different names.
    #[rstest]
    #[case::sharp_s("http://stra%C3%9Fe.de/", r#"the domain "xn--strae-oqa.de" where RFC 3986 reads the registered name "stra%C3%9Fe.de""#)]
    #[case::sharp_s_ascii_case("http://STRA%C3%9FE.DE/", r#"the domain "xn--strae-oqa.de" where RFC 3986 reads the registered name "STRA%C3%9FE.DE""#)]
    #[case::final_sigma(
        "http://%CF%83%CE%BF%CF%86%CE%BF%CF%82.gr/",
        r#"the domain "xn--0xaajbq.gr" where RFC 3986 reads the registered name "%CF%83%CE%BF%CF%86%CE%BF%CF%82.gr""#
    )]
    #[case::zero_width_non_joiner(
        "http://%E0%A4%95%E0%A5%8D%E2%80%8C%E0%A4%B7/",
        r#"the domain "xn--11b2ezcs70k" where RFC 3986 reads the registered name "%E0%A4%95%E0%A5%8D%E2%80%8C%E0%A4%B7""#
    )]
    #[case::zero_width_joiner(
        "http://%E0%A4%95%E0%A5%8D%E2%80%8D%E0%A4%B7/",
        r#"the domain "xn--11b2ezcw70k" where RFC 3986 reads the registered name "%E0%A4%95%E0%A5%8D%E2%80%8D%E0%A4%B7""#
    )]
    #[case::file("file://stra%C3%9Fe.de/etc", r#"the domain "xn--strae-oqa.de" where RFC 3986 reads the registered name "stra%C3%9Fe.de""#)]
    fn name_with_a_deviation_character(#[case] input: &str, #[case] message: &str) {
        assert_eq!(host_changed(input), format!("url::Url reads {message}"));
    }

    /// The `file` scheme's quirks in the URL Standard: a host that is a
    /// Windows drive letter (`C:`) is read as the start of the path, and a
    /// host before a path that starts with one is dropped; `localhost` is
    /// no host, which is only the same host where RFC 3986 reads
    /// `localhost` too.
    #[rstest]
    #[case::drive_letter_host(
        "file://C:/x",
        r#"no host where RFC 3986 reads the registered name "C""#
    )]
    #[case::host_before_drive_letter(
        "file://example.com/C:/x",
        r#"no host where RFC 3986 reads the registered name "example.com""#
    )]
    #[case::address_before_drive_letter(
        "file://192.0.2.1/C:/x",
        "no host where RFC 3986 reads the IPv4 address 192.0.2.1"
    )]
    #[case::ipv6_before_drive_letter(
        "file://[::1]/c:",
        "no host where RFC 3986 reads the IPv6 address [::1]"
    )]
    // Quoted as `{:?}` quotes a str: `'` as it is.
    #[case::apostrophe(
        "file://a'b/C:/x",
        r#"no host where RFC 3986 reads the registered name "a'b""#
    )]
    #[case::mapped_to_localhost(
        "file://%EF%BD%8Cocalhost/x",
        r#"no host where RFC 3986 reads the registered name "%EF%BD%8Cocalhost""#
    )]
    fn file_host_dropped(#[case] input: &str, #[case] message: &str) {
        assert_eq!(host_changed(input), format!("url::Url reads {message}"));
    }

    /// A scheme the URL Standard does not know keeps its host opaque, as
    /// written: what a special scheme would read as an address or map
    /// stays as it is, and is no error.
    #[rstest]
    #[case::hex("foo://0x7f.1/")]
    #[case::three_parts("foo://1.2.3/")]
    #[case::address("foo://192.0.2.1/")]
    #[case::ipv6("foo://[::1]/")]
    #[case::case("foo://Example.COM/")]
    #[case::encoded_reserved("foo://a%2Cb/")]
    #[case::fullwidth("foo://%EF%BD%81/")]
    #[case::uppercase("foo://B%C3%9CCHER/")]
    #[case::sharp_s("foo://stra%C3%9Fe.de/")]
    #[case::localhost("foo://localhost/C:/x")]
    fn non_special_host_is_opaque(#[case] input: &str) {
        let url = url::Url::try_from(&parse(input)).unwrap();
        assert_eq!(url.as_str(), input);
        assert_eq!(url.host_str(), parse(input).host_str());
    }

    /// A percent-encoded octet that is neither unreserved nor reserved has
    /// no meaning in the host but itself: the URL Standard decodes it and
    /// reads the same name, which RFC 3986 can then no longer hold as it
    /// is written.
    #[test]
    fn decoded_octet_without_a_meaning_is_the_same_host() {
        let url = url::Url::try_from(&parse("http://a%22b/")).unwrap();
        assert_eq!(url.host_str(), Some("a\"b"));
        let err = AbsoluteUri::try_from(&url).unwrap_err();
        assert!(
            matches!(&err, ConvertError::Parse(parse) if parse.offset() == 8),
            "{err:?}"
        );
    }

    /// A piece of a registered name that probes the URL Standard's host
    /// parser: letters, IPv4 numbers in its forms, sub-delims, any octet
    /// percent-encoded, and characters UTS 46 maps or keeps (fullwidth
    /// forms, uppercase, the soft hyphen, a combining mark, the deviation
    /// characters, any character) percent-encoded as UTF-8.
    fn name_piece() -> impl Strategy<Value = String> {
        let chars = [
            'ß', 'ς', '\u{200C}', '\u{200D}', 'ü', 'Ü', 'é', 'ａ', '１', '．', '。', '\u{AD}',
            '\u{308}', 'K', 'ℌ', 'Σ', 'क', '\u{94D}',
        ];
        let encoded = |c: char, lower: bool| {
            let mut buf = [0; 4];
            let hex = c.encode_utf8(&mut buf).bytes().map(|b| format!("%{b:02X}"));
            let hex = hex.collect::<String>();
            if lower {
                hex.to_ascii_lowercase()
            } else {
                hex
            }
        };
        prop_oneof![
            3 => prop::sample::select(vec![
                "a", "B", "xyz", "0x7f", "0X1", "0177", "1", "127", "255", "256", "4294967295",
                "0x", "09", "-", "_", "~", "!", "$", ",", "localhost", "LocalHost", "xn--bcher-kva",
            ])
            .prop_map(String::from),
            1 => any::<u8>().prop_map(|octet| format!("%{octet:02X}")),
            2 => (prop::sample::select(chars.to_vec()), any::<bool>())
                .prop_map(move |(c, lower)| encoded(c, lower)),
            1 => (any::<char>(), any::<bool>()).prop_map(move |(c, lower)| encoded(c, lower)),
        ]
    }

    /// A URI with a registered name of `name_piece`s and dots (some of
    /// them percent-encoded), under a special scheme, `file` or another
    /// scheme, before a path that may start with a Windows drive letter.
    fn probing_uri() -> impl Strategy<Value = String> {
        let separator = prop::sample::select(vec![".", ".", "", "%2E", "%2e"]);
        (
            prop::sample::select(vec!["http", "HTTPS", "ws", "ftp", "file", "foo"]),
            prop::collection::vec((name_piece(), separator), 0..6),
            prop::sample::select(vec!["/x", "/C:/x", ""]),
        )
            .prop_map(|(scheme, pieces, path)| {
                let name: String = pieces.into_iter().map(|(p, s)| p + s).collect();
                format!("{scheme}://{name}{path}")
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(5_000))]

        /// Whatever the host, the conversion does not panic, refuses or
        /// keeps the host, and what it keeps is the host RFC 3986 reads,
        /// checked another way than the conversion checks it: through
        /// `idna::domain_to_unicode`, for names that write no label in
        /// IDNA form already.
        #[test]
        fn converted_host_is_ours(input in probing_uri()) {
            let uri = parse(&input);
            let url = match url::Url::try_from(&uri) {
                Ok(url) => url,
                Err(err) => {
                    prop_assert!(
                        matches!(err, ConvertError::HostChanged { .. } | ConvertError::Rejected { .. }),
                        "{err:?}"
                    );
                    prop_assert!(err.to_string().len() < 300, "{err}");
                    return Ok(());
                }
            };
            let special = url.scheme() != "foo";
            let name = match uri.host() {
                Some(Host::RegName(name)) => name,
                Some(Host::Ipv4(ours)) => {
                    if special {
                        prop_assert_eq!(url.host(), Some(url::Host::Ipv4(ours)));
                    } else {
                        prop_assert_eq!(url.host_str(), uri.host_str());
                    }
                    return Ok(());
                }
                host => return Err(TestCaseError::fail(format!("{host:?}"))),
            };
            if !special {
                prop_assert_eq!(url.host_str().unwrap_or_default(), name);
                return Ok(());
            }
            let decoded = rfc3986::percent_decode_utf8(name).unwrap().to_ascii_lowercase();
            match url.host() {
                None => prop_assert!(
                    decoded.is_empty() || (url.scheme() == "file" && decoded == "localhost"),
                    "{input} -> {url}"
                ),
                Some(url::Host::Domain(domain)) => {
                    prop_assert!(!decoded.contains(['ß', 'ς', '\u{200C}', '\u{200D}']), "{}", input);
                    prop_assert!(!["%21", "%24", "%26", "%27", "%28", "%29", "%2A", "%2B", "%2C", "%3B", "%3D"]
                        .iter()
                        .any(|encoded| name.to_ascii_uppercase().contains(encoded)));
                    if !decoded.split('.').any(|label| label.starts_with("xn--")) {
                        prop_assert_eq!(idna::domain_to_unicode(domain).0, decoded);
                    }
                }
                Some(address) => {
                    return Err(TestCaseError::fail(format!("{input}: the name {name:?} read as {address}")));
                }
            }
        }
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
    #[case::bad_ipv4_letters("http://a.1/", "url::Url rejects it: invalid IPv4 address")]
    #[case::bad_ipv4_octet("http://1.2.3.256/", "url::Url rejects it: invalid IPv4 address")]
    #[case::bad_ipv4_octal("http://09/", "url::Url rejects it: invalid IPv4 address")]
    #[case::not_utf8(
        "http://a%FFb/",
        "url::Url rejects it: invalid international domain name"
    )]
    #[case::encoded_gen_delim(
        "http://a%2Fb/",
        "url::Url rejects it: invalid international domain name"
    )]
    #[case::encoded_percent(
        "http://a%25b/",
        "url::Url rejects it: invalid international domain name"
    )]
    #[case::joiner_without_context(
        "http://a%E2%80%8Db/",
        "url::Url rejects it: invalid international domain name"
    )]
    #[case::file_port(
        "file://example.com:80/",
        "url::Url rejects it: invalid international domain name"
    )]
    fn not_to_url(#[case] input: &str, #[case] message: &str) {
        let err = url::Url::try_from(&parse(input)).unwrap_err();
        assert!(
            matches!(err, ConvertError::Rejected { by: "url::Url", .. }),
            "{err:?}"
        );
        assert_eq!(err.to_string(), message);
    }

    /// By value, the URL's text becomes the URI's, with the errors of the
    /// conversion of `&url::Url`.
    #[test]
    fn from_url_by_value() {
        let url = url::Url::parse("https://example.com/a b?c d#e f").unwrap();
        let uri: AbsoluteUri = AbsoluteUri::try_from(url).unwrap();
        assert_eq!(uri, "https://example.com/a%20b?c%20d#e%20f");

        let url = url::Url::try_from(&parse("HTTP://Example.COM:80/a/./b")).unwrap();
        assert_eq!(
            AbsoluteUri::try_from(url).unwrap(),
            "http://example.com/a/b"
        );

        let url = url::Url::parse("https://example.com/a|b^c").unwrap();
        let err = AbsoluteUri::try_from(url).unwrap_err();
        assert!(
            matches!(&err, ConvertError::Parse(parse) if parse.offset() == 21),
            "{err:?}"
        );
        assert_eq!(
            err.to_string(),
            r##"invalid character at byte 21: expected pchar, "/", "?", "#" or end of input, found '|'"##
        );
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
