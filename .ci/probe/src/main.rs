//! Uses rfc3986 as an application would, with pest_derive's `std` on: the
//! crate's own parsers, errors and conversions, and a grammar of the
//! application's own derived from `uri.pest` (the README's "Your own
//! grammar"). Exits with a failure if any result is not the expected one.
//!
//! [`agree_on_mutants`] compares each string's parse by the crate's
//! compiled parsers with pest_derive's parser of the same grammar, and
//! panics where the two differ, in verdict, pairs or error: pest_derive's `grammar-extras`
//! changes the tree pest_meta gives pest_derive (and the derive of the
//! application's own grammar), while the crate's own parsers were
//! generated without it (they are kept in its sources), and
//! [`agree_on_mutants`] parses enough strings to meet every rule.

use pest_derive::Parser;
use rfc3986::schemes::http::HttpUri;
use rfc3986::{AbsoluteUri, ErrorKind, Iri, Uri};

#[derive(Parser)]
#[grammar = "../../../uri.pest"]
#[grammar_inline = r#"ftp_input = { SOI ~ &(^"ftp:") ~ URI ~ EOI }"#]
struct FtpParser;

rfc3986::impl_uri_rule!(Rule);

/// A grammar of the application's own, with literals checked at compile
/// time by its rules (`redis!`): the interpreter that checks them runs the
/// tree pest_meta gives with `grammar-extras` on.
mod redis {
    #[derive(rfc3986::Grammar)]
    #[grammar_inline = r#"
redis_URI = ${ ^"redis://" ~ host ~ (":" ~ port)? ~ ("/" ~ db_number)? }
db_number = @{ DIGIT+ }
redis_input = _{ SOI ~ redis_URI ~ EOI }
"#]
    #[literal_macro = "redis"]
    pub struct Redis;
}

const CACHE: rfc3986::schemes::Parsed<'static, redis::Redis> =
    redis::redis!(redis::Rule::redis_input, "redis://cache.example:6380/2");
const HOME: Uri<&str> = rfc3986::uri!("http://example.com/a");

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

    use redis::RedisRules as _;
    assert_eq!(CACHE.db_number(), Some("2"));
    assert_eq!(CACHE.uri().port(), Some(6380));
    let parsed = redis::Redis::parse(redis::Rule::redis_input, CACHE.as_str())?;
    assert_eq!(format!("{CACHE:?}"), format!("{parsed:?}"));
    assert_eq!(HOME.host_str(), Some("example.com"));

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

    let parsed = agree_on_mutants();
    println!(
        "rfc3986 builds and parses with pest_derive's std and grammar-extras on \
         ({parsed} strings checked against pest_derive's parsers)"
    );
    Ok(())
}

/// Parses, as a URI reference, an IRI reference and an absolute URI, the
/// examples of RFC 3986 section 1.1.2, references of every other host
/// kind (IPvFuture, IPv4 in IPv6, a name above ASCII), relative ones with
/// dot segments, and every string one edit away from each (a character
/// replaced by, or preceded by, one of a set of delimiters and characters
/// that end or change a component, or a character deleted): valid and
/// rejected inputs across the rules of `uri.pest` and `iri.pest`. The
/// cross-check panics on any difference; returns how many strings it
/// parsed.
fn agree_on_mutants() -> usize {
    const SEEDS: &[&str] = &[
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        "http://www.ietf.org/rfc/rfc2396.txt",
        "ldap://[2001:db8::7]/c=GB?objectClass?one",
        "mailto:John.Doe@example.com",
        "news:comp.infosystems.www.servers.unix",
        "tel:+1-816-555-1212",
        "telnet://192.0.2.16:80/",
        "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
        "foo://user:pw@example.com:8042/over/there?name=ferret#nose",
        "http://[v7.fe80::a+en1]/%7Euser",
        "http://[::ffff:192.0.2.1]:65535/a",
        "//g/./h/../i;x?y#s",
        "../../g;x=1/./y",
        "g:h",
        "?q#f",
        "http://r\u{e9}sum\u{e9}.example/\u{30d1}?\u{e9}#\u{e9}",
    ];
    const EDITS: &[char] = &[
        ':', '/', '?', '#', '[', ']', '@', '%', '.', '0', 'a', 'F', ' ', '\u{e9}',
    ];
    let mut strings = Vec::new();
    for seed in SEEDS {
        strings.push(seed.to_string());
        for (at, c) in seed.char_indices() {
            let after = &seed[at + c.len_utf8()..];
            strings.push(format!("{}{after}", &seed[..at]));
            for edit in EDITS {
                strings.push(format!("{}{edit}{after}", &seed[..at]));
                strings.push(format!("{}{edit}{}", &seed[..at], &seed[at..]));
            }
        }
    }
    use rfc3986::__private::{compare_iri, compare_uri};
    for s in &strings {
        // The compiled parsers against pest_derive's, with grammar-extras
        // on: the same verdict, pairs and error.
        for rule in [rfc3986::Rule::uri_reference_input, rfc3986::Rule::uri_input] {
            compare_uri(rule, s).unwrap_or_else(|diff| panic!("{s:?}: {diff}"));
        }
        for rule in [
            rfc3986::IriRule::iri_reference_input,
            rfc3986::IriRule::iri_input,
        ] {
            compare_iri(rule, s).unwrap_or_else(|diff| panic!("{s:?}: {diff}"));
        }
        let uri = Uri::parse(s.as_str());
        let _ = Iri::parse(s.as_str());
        let absolute = AbsoluteUri::parse(s.as_str());
        // Each error says where, inside the input.
        if let Err(err) = &uri {
            assert!(err.offset() <= s.len(), "{s:?}: {err}");
        }
        assert!(absolute.is_err() || uri.is_ok(), "{s:?}");
    }
    strings.len()
}
