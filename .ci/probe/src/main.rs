//! Uses rfc3986 as an application would, with pest_derive's `std` on: the
//! crate's own parsers, errors and conversions, and a grammar of the
//! application's own derived from `uri.pest` (the README's "Your own
//! grammar"). Exits with a failure if any result is not the expected one.

use pest_derive::Parser;
use rfc3986::schemes::http::HttpUri;
use rfc3986::{AbsoluteUri, ErrorKind, Iri, Uri};

#[derive(Parser)]
#[grammar = "../../../uri.pest"]
#[grammar_inline = r#"ftp_input = { SOI ~ &(^"ftp:") ~ URI ~ EOI }"#]
struct FtpParser;

rfc3986::impl_uri_rule!(Rule);

#[derive(serde::Deserialize)]
struct Config {
    base: Uri,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let uri = Uri::parse("foo://user@example.com:8042/over/there?name=ferret#nose")?;
    assert_eq!(uri.host_str(), Some("example.com"));
    assert_eq!(uri.port(), Some(8042));

    let err = Uri::parse("http://[::1::]/").unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Ipv6Address);
    assert_eq!(
        err.to_string(),
        "invalid IPv6 address at byte 12: expected HEXDIG, found ':'"
    );
    // The crate's errors are std errors for an application's `?`.
    let _: Box<dyn std::error::Error> = Box::new(err);

    let resolved = Uri::parse("http://a/b/c/d;p?q")?.resolve(&Uri::parse("../g")?)?;
    assert_eq!(resolved.as_str(), "http://a/b/g");

    let iri = Iri::parse("http://r\u{e9}sum\u{e9}.example.org/")?;
    assert_eq!(
        iri.to_uri().as_str(),
        "http://r%C3%A9sum%C3%A9.example.org/"
    );

    let http = HttpUri::parse("https://example.com:8443/a")?;
    assert_eq!(http.port(), Some(8443));

    let ftp = rfc3986::parse_with::<FtpParser, Rule>(Rule::ftp_input, "ftp://example.com/pub")?;
    assert_eq!(ftp.host_str(), Some("example.com"));
    let err =
        rfc3986::parse_with::<FtpParser, Rule>(Rule::ftp_input, "http://example.com/").unwrap_err();
    assert_eq!(err.offset(), 0);

    let config: Config = serde_json::from_str(r#"{"base": "http://a/b"}"#)?;
    assert_eq!(config.base.as_str(), "http://a/b");
    let config: serde_json::Value = json5::from_str("{base: 'http://a/b'}")?;
    assert_eq!(config["base"], "http://a/b");

    let absolute = AbsoluteUri::parse("http://example.com/a?b")?;
    let for_http = http::Uri::try_from(&*absolute)?;
    assert_eq!(for_http.to_string(), "http://example.com/a?b");
    let url = url::Url::try_from(&absolute)?;
    assert_eq!(url.as_str(), "http://example.com/a?b");

    println!("rfc3986 builds and parses with pest_derive's std on");
    Ok(())
}
