//! `url::Url` (the url crate, WHATWG URLs), behind the `url` feature.

use alloc::format;
use alloc::string::{String, ToString};

use super::ConvertError;
use crate::authority::Host;
use crate::chars::reserved;
use crate::error::Shortened;
use crate::percent::{octet_at, percent_decode_utf8};
use crate::reference::{Absolute, AbsoluteUri, Reference, Storage};
use crate::spec::Rfc3986;

impl<S: Storage> TryFrom<&Absolute<Rfc3986, S>> for url::Url {
    type Error = ConvertError;

    /// The `url::Url` of a URI: its text, parsed by the url crate, which
    /// follows the WHATWG URL Standard rather than RFC 3986. Only a URI
    /// with a scheme converts (a `url::Url` is always absolute), hence
    /// `AbsoluteUri`.
    ///
    /// What changes, as the URL Standard serializes a URL (the `special`
    /// schemes are `http`, `https`, `ws`, `wss`, `ftp` and `file`):
    ///
    /// - the scheme in lowercase;
    /// - the host of a special scheme, where the URL Standard reads the
    ///   host RFC 3986 reads (anywhere else the conversion is an error, see
    ///   below):
    ///   - an ASCII name in lowercase (`Example.COM` becomes `example.com`):
    ///     names are case-insensitive (section 3.2.2);
    ///   - a non-ASCII name, which a URI writes as percent-encoded UTF-8,
    ///     in its IDNA form (`b%C3%BCcher.example` becomes
    ///     `xn--bcher-kva.example`), as section 3.2.2 has it converted for
    ///     lookup;
    ///   - percent-encoded unreserved characters decoded (`a%2Eb` becomes
    ///     `a.b`, the same name by section 6.2.2.2), and other octets that
    ///     are not reserved characters, which have no meaning but
    ///     themselves (`a%22b` becomes `a"b`, which RFC 3986 does not
    ///     allow as it is: converting that URL back is an error);
    ///   - an IPv6 address in its shortest form, in hexadecimal
    ///     (`[2001:DB8:0::1]` becomes `[2001:db8::1]`, `[::FFFF:1.2.3.4]`
    ///     becomes `[::ffff:102:304]`);
    ///   - `localhost` of the `file` scheme removed (`file://localhost/etc`
    ///     becomes `file:///etc`): for `file`, section 3.2.2 says an empty
    ///     host and `localhost` both mean the machine the URI is read on;
    /// - the host of any other scheme kept as written, without IDNA or
    ///   IPv4 parsing (`foo://0x7f.1/` stays as it is);
    /// - the default port of a special scheme removed, leading zeros of a
    ///   port removed;
    /// - dot segments removed from the path, `%2e` and `%2E` counted as
    ///   dots; an empty path of a special scheme written `/`;
    /// - some characters percent-encoded that RFC 3986 allows as they are
    ///   (`'` in the query of a special scheme).
    ///
    /// Percent-encodings are otherwise kept as written, their case too.
    ///
    /// # Errors
    ///
    /// [`ConvertError::Rejected`] when the url crate rejects the URI: an
    /// IPvFuture host, an empty host where a special scheme needs one, a
    /// host its host parser refuses (`a.1` and `1.2.3.256`, which end in
    /// a number but are not an IPv4 address; `%2F`, `%25` or octets that
    /// are not UTF-8 percent-encoded in a name; a name UTS 46 refuses), a
    /// port of a `file` URI.
    ///
    /// [`ConvertError::HostChanged`] when the url crate would read another
    /// host than RFC 3986, which is where a parser mismatch turns one
    /// host into another (a name into a loopback address, say):
    ///
    /// - a host where RFC 3986 reads none: `http:///a` and `http:a` have
    ///   the host `a` in the URL Standard, which skips the slashes after a
    ///   special scheme;
    /// - no host where RFC 3986 reads one: a `file` host that is a Windows
    ///   drive letter (`file://C:/x`), or a `file` host before a path that
    ///   starts with one (`file://example.com/C:/x`);
    /// - an IPv4 address where RFC 3986 reads a registered name, which it
    ///   does for anything but four decimal numbers without leading zeros:
    ///   numbers in hexadecimal or octal (`0x7f.1` and `0177.0.0.1` are
    ///   `127.0.0.1` in the URL Standard), fewer than four numbers
    ///   (`1.2.3` is `1.2.0.3`, `2130706433` is `127.0.0.1`), a trailing
    ///   dot (`1.2.3.4.`), digits or dots percent-encoded (`%31.2.3.4`) or
    ///   written as characters UTS 46 maps to them (fullwidth digits,
    ///   `。`);
    /// - a domain that is not the name RFC 3986 reads, in lowercase ASCII
    ///   or IDNA form: a name that UTS 46 maps to another (fullwidth
    ///   letters and dots, `ｅｘａｍｐｌｅ．com` written
    ///   `%EF%BD%85...%EF%BC%8Ecom`, is `example.com`; uppercase letters
    ///   other than ASCII, `B%C3%9CCHER`; the soft hyphen, which UTS 46
    ///   ignores; compatibility characters such as the Kelvin sign; a
    ///   letter and a combining mark, which UTS 46 composes);
    /// - a domain from a name holding a percent-encoded reserved
    ///   character (`a%2Cb`): RFC 3986 reads it as data, not as the
    ///   character (section 2.2), and the URL Standard decodes it (`a,b`);
    /// - a domain from a name holding a deviation character of UTS 46
    ///   (`ß`, `ς`, the zero width joiner or non-joiner), whatever the url
    ///   crate makes of it: IDNA2003, which section 3.2.2 cites for
    ///   lookup, maps them (`straße.de` is looked up as `strasse.de`), and
    ///   the URL Standard keeps them (`xn--strae-oqa.de`), so the two look
    ///   up different names.
    ///
    /// ```
    /// use rfc3986::{AbsoluteUri, ConvertError};
    ///
    /// let uri = AbsoluteUri::parse("HTTP://Example.COM:80/a/./b/%7e?q#f")?;
    /// let url = url::Url::try_from(&uri)?;
    /// assert_eq!(url.as_str(), "http://example.com/a/b/%7e?q#f");
    ///
    /// let url = url::Url::try_from(&AbsoluteUri::parse("file://LocalHost/b%C3%BCcher")?)?;
    /// assert_eq!(url.as_str(), "file:///b%C3%BCcher");
    ///
    /// // The URL Standard reads a loopback address where RFC 3986 reads a name.
    /// let err = url::Url::try_from(&AbsoluteUri::parse("http://0x7f.1/")?).unwrap_err();
    /// assert!(matches!(err, ConvertError::HostChanged { .. }));
    /// assert_eq!(
    ///     err.to_string(),
    ///     r#"url::Url reads the IPv4 address 127.0.0.1 where RFC 3986 reads the registered name "0x7f.1""#
    /// );
    /// // A scheme it does not know keeps the host as written.
    /// let url = url::Url::try_from(&AbsoluteUri::parse("foo://0x7f.1/")?)?;
    /// assert_eq!(url.host_str(), Some("0x7f.1"));
    ///
    /// let err = url::Url::try_from(&AbsoluteUri::parse("http:///a")?).unwrap_err();
    /// assert_eq!(err.to_string(), r#"url::Url reads the domain "a" where RFC 3986 reads no host"#);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    fn try_from(uri: &Absolute<Rfc3986, S>) -> Result<url::Url, ConvertError> {
        let url = url::Url::parse(uri.as_str()).map_err(|error| ConvertError::Rejected {
            by: "url::Url",
            message: error.to_string(),
        })?;
        // An empty registered name is no host: the URL Standard has none
        // for `file:///etc` or `foo:///a`.
        let ours = uri.host().filter(|host| *host != Host::RegName(""));
        if !same_host(ours, uri.host_str().unwrap_or_default(), &url) {
            return Err(ConvertError::HostChanged {
                by: "url::Url",
                ours: describe_ours(ours),
                theirs: describe_theirs(url.host()),
            });
        }
        Ok(url)
    }
}

/// The schemes the URL Standard calls special: it parses their host as a
/// domain or an IP address. Any other scheme keeps an opaque host, the
/// text as written.
const SPECIAL: [&str; 6] = ["ftp", "file", "http", "https", "ws", "wss"];

/// Whether `url`, which the url crate parsed from a URI, has the host RFC
/// 3986 reads in that URI: `ours` (`None` for no host or an empty one),
/// written `text`.
fn same_host(ours: Option<Host<'_>>, text: &str, url: &url::Url) -> bool {
    let special = SPECIAL.contains(&url.scheme());
    match (ours, url.host()) {
        (None, None) => true,
        // Addresses by value: the URL Standard writes an IPv6 address in
        // its shortest form.
        (Some(Host::Ipv4(ours)), Some(url::Host::Ipv4(theirs))) => ours == theirs,
        (Some(Host::Ipv6(ours)), Some(url::Host::Ipv6(theirs))) => ours == theirs,
        // An opaque host is the text as written: the url crate
        // percent-encodes only controls, which a URI does not hold.
        (Some(_), Some(url::Host::Domain(theirs))) if !special => text == theirs,
        (Some(Host::RegName(name)), Some(url::Host::Domain(theirs))) => is_domain_of(name, theirs),
        // The URL Standard makes `localhost` of a `file` URL no host; for
        // `file`, RFC 3986 section 3.2.2 says that `localhost` and an empty
        // host both mean the machine the URI is read on.
        (Some(Host::RegName(name)), None) if url.scheme() == "file" => {
            is_domain_of(name, "localhost")
        }
        // A name read as an address or an address as a name, a host read
        // as none (a `file` host before a Windows drive letter) or none as
        // a host (`http:///a`).
        _ => false,
    }
}

/// The deviation characters of UTS 46: `ß`, `ς`, the zero width joiner
/// and non-joiner. IDNA2003, the IDNA that RFC 3986 section 3.2.2 cites
/// for lookup (RFC 3490), maps them (`ß` to `ss`, `ς` to `σ`, the joiners
/// to nothing), as UTS 46's transitional processing does; the URL
/// Standard's nontransitional processing keeps them. The two look up
/// different names (`straße.de` is `strasse.de` for one, `xn--strae-oqa.de`
/// for the other), so a name holding one is read differently whatever the
/// url crate makes of it.
const DEVIATIONS: [char; 4] = ['\u{DF}', '\u{3C2}', '\u{200C}', '\u{200D}'];

/// Whether `domain`, a domain of the URL Standard (lowercase ASCII, in
/// IDNA form), is the registered name written `name` in a URI, as RFC 3986
/// reads it: the name percent-decoded, its ASCII letters in lowercase
/// (section 3.2.2: names are case-insensitive), and each label of it that
/// is not ASCII in IDNA form, `xn--` and the label's Punycode. A name with
/// a percent-encoded reserved character never is, nor one with a deviation
/// character (see [`DEVIATIONS`]).
///
/// Only where UTS 46 leaves a label as it is does the url crate write that
/// Punycode, and Punycode is one-to-one: a label UTS 46 maps to another
/// (fullwidth letters, `Ü` to `ü`, a soft hyphen dropped, a letter and a
/// combining mark composed) comes back as another label, or as other
/// labels (`。` is a dot), and so as another domain.
fn is_domain_of(name: &str, domain: &str) -> bool {
    // A reserved character percent-encoded is data, not the character
    // (section 2.2: decoding it changes how a URI is read), and the URL
    // Standard decodes it: `a%2Cb` is `a,b` there, another name.
    let bytes = name.as_bytes();
    if (0..bytes.len()).any(|at| octet_at(bytes, at).is_some_and(|octet| reserved.has_byte(octet)))
    {
        return false;
    }
    let Ok(decoded) = percent_decode_utf8(name) else {
        // Octets that are not UTF-8 are no name UTS 46 reads (the url crate
        // refuses them).
        return false;
    };
    if decoded.contains(DEVIATIONS) {
        return false;
    }
    let decoded = decoded.to_ascii_lowercase();
    let mut theirs = domain.split('.');
    decoded.split('.').all(|label| {
        theirs
            .next()
            .is_some_and(|theirs| is_label_of(label, theirs))
    }) && theirs.next().is_none()
}

/// Whether the label `theirs` of a domain of the URL Standard is `label`,
/// a label of a registered name, decoded, its ASCII letters in lowercase:
/// the same text if `label` is ASCII, its IDNA form if not.
fn is_label_of(label: &str, theirs: &str) -> bool {
    if label.is_ascii() {
        return label == theirs;
    }
    let (Some(code), Some(ours)) = (
        theirs.strip_prefix("xn--"),
        idna::punycode::encode_str(label),
    ) else {
        return false;
    };
    code == ours
}

/// What RFC 3986 reads the host of a URI as, for
/// [`ConvertError::HostChanged`]: its kind, and the host as written (a
/// registered name quoted, and cut short when long).
fn describe_ours(host: Option<Host<'_>>) -> String {
    match host {
        None | Some(Host::RegName("")) => String::from("no host"),
        Some(Host::RegName(name)) => format!("the registered name {}", Shortened(name)),
        Some(Host::Ipv4(address)) => format!("the IPv4 address {address}"),
        Some(Host::Ipv6(address)) => format!("the IPv6 address [{address}]"),
        Some(Host::Ipv6Zoned { address, zone }) => {
            format!(
                "the IPv6 address [{address}] with the zone {}",
                Shortened(zone)
            )
        }
        Some(future @ Host::IpvFuture { .. }) => {
            format!("the IPvFuture address {}", Shortened(&future.to_string()))
        }
    }
}

/// What the url crate reads the host of a URL as, for
/// [`ConvertError::HostChanged`]: its kind, and the host as the URL
/// Standard serializes it.
fn describe_theirs(host: Option<url::Host<&str>>) -> String {
    match host {
        None => String::from("no host"),
        Some(url::Host::Domain(domain)) => format!("the domain {}", Shortened(domain)),
        Some(url::Host::Ipv4(address)) => format!("the IPv4 address {address}"),
        Some(url::Host::Ipv6(address)) => format!("the IPv6 address [{address}]"),
    }
}

impl<S: Storage> TryFrom<Absolute<Rfc3986, S>> for url::Url {
    type Error = ConvertError;

    /// The `url::Url` of a URI, as the conversion of `&AbsoluteUri` gives
    /// it.
    ///
    /// # Errors
    ///
    /// Those of the conversion of `&AbsoluteUri`.
    ///
    /// ```
    /// use rfc3986::AbsoluteUri;
    ///
    /// let url = url::Url::try_from(AbsoluteUri::parse("https://example.com/a")?)?;
    /// assert_eq!(url.as_str(), "https://example.com/a");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    fn try_from(uri: Absolute<Rfc3986, S>) -> Result<url::Url, ConvertError> {
        url::Url::try_from(&uri)
    }
}

impl<S: Storage> TryFrom<&Reference<Rfc3986, S>> for url::Url {
    type Error = ConvertError;

    /// The `url::Url` of a URI reference that has a scheme: through
    /// [`AbsoluteUri`], whose conversion says what changes. A `url::Url`
    /// is always absolute; a relative reference must be resolved against
    /// a base first ([`join`](crate::Reference::join)).
    ///
    /// # Errors
    ///
    /// [`ConvertError::Parse`] for a relative reference, with the error
    /// [`AbsoluteUri::try_from`] gives it (the byte where a scheme stops
    /// being possible); otherwise those of the conversion of
    /// `&AbsoluteUri`.
    ///
    /// ```
    /// use rfc3986::{ConvertError, ErrorKind, Uri};
    ///
    /// let uri = Uri::parse("HTTPS://Example.COM/a/../b")?;
    /// assert_eq!(url::Url::try_from(&uri)?.as_str(), "https://example.com/b");
    ///
    /// let Err(ConvertError::Parse(err)) = url::Url::try_from(&Uri::parse("../b")?) else { panic!() };
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::Scheme, 0));
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    fn try_from(uri: &Reference<Rfc3986, S>) -> Result<url::Url, ConvertError> {
        let absolute = Absolute::try_from(uri.borrowed())?;
        url::Url::try_from(&absolute)
    }
}

impl<S: Storage> TryFrom<Reference<Rfc3986, S>> for url::Url {
    type Error = ConvertError;

    /// The `url::Url` of a URI reference that has a scheme, as the
    /// conversion of `&Uri` gives it.
    ///
    /// # Errors
    ///
    /// Those of the conversion of `&Uri`.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri: Uri = "http://example.com:80/".parse()?;
    /// assert_eq!(url::Url::try_from(uri)?.as_str(), "http://example.com/");
    /// assert!(url::Url::try_from(Uri::parse("/a")?).is_err());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    fn try_from(uri: Reference<Rfc3986, S>) -> Result<url::Url, ConvertError> {
        url::Url::try_from(&uri)
    }
}

impl TryFrom<&url::Url> for AbsoluteUri {
    type Error = ConvertError;

    /// The URI of a `url::Url`: its serialization, parsed. A URL the url
    /// crate parsed from an RFC 3986 URI converts back; one it took from
    /// looser text may hold characters that RFC 3986 does not allow
    /// (`|`, `^`, a space in a non-special URL's path), which are an error.
    ///
    /// # Errors
    ///
    /// [`ConvertError::Parse`] with the byte where the URL's text stops
    /// being a URI.
    ///
    /// ```
    /// use rfc3986::AbsoluteUri;
    ///
    /// let url = url::Url::parse("https://example.com/a b").unwrap();
    /// assert_eq!(AbsoluteUri::try_from(&url)?, "https://example.com/a%20b");
    ///
    /// let url = url::Url::parse("https://example.com/a|b").unwrap();
    /// assert_eq!(AbsoluteUri::try_from(&url).unwrap_err().to_string(),
    ///     "invalid character at byte 21: expected pchar, \"/\", \"?\", \"#\" or end of input, found '|'");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    fn try_from(url: &url::Url) -> Result<AbsoluteUri, ConvertError> {
        Ok(AbsoluteUri::<&str>::parse(url.as_str())?.to_owned())
    }
}

impl TryFrom<url::Url> for AbsoluteUri {
    type Error = ConvertError;

    /// The URI of a `url::Url`, as the conversion of `&url::Url` gives it:
    /// the URL's serialization, parsed, which becomes the URI's text
    /// without a copy.
    ///
    /// # Errors
    ///
    /// Those of the conversion of `&url::Url`: [`ConvertError::Parse`] with
    /// the byte where the URL's text stops being a URI.
    ///
    /// ```
    /// use rfc3986::{AbsoluteUri, ConvertError};
    ///
    /// let url = url::Url::try_from(&AbsoluteUri::parse("HTTP://Example.COM:80/a/./b")?)?;
    /// let uri = AbsoluteUri::try_from(url)?;
    /// assert_eq!(uri, "http://example.com/a/b");
    ///
    /// let url = url::Url::parse("https://example.com/a|b").unwrap();
    /// let Err(ConvertError::Parse(err)) = AbsoluteUri::try_from(url) else { panic!() };
    /// assert_eq!(err.offset(), 21);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    fn try_from(url: url::Url) -> Result<AbsoluteUri, ConvertError> {
        AbsoluteUri::parse(String::from(url)).map_err(|error| error.without_input().into())
    }
}
