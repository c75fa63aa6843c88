//! `url::Url` (the url crate, WHATWG URLs), behind the `url` feature.

use alloc::format;
use alloc::string::{String, ToString};

use super::ConvertError;
use crate::authority::Host;
use crate::error::Shortened;
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
    /// - the scheme, and the host of a special scheme, in lowercase; a
    ///   special scheme's host percent-decoded and converted to ASCII
    ///   (IDNA: `b%C3%BCcher.example` becomes `xn--bcher-kva.example`), and
    ///   read as an IPv4 address where it can be one (`0x7f.1` becomes
    ///   `127.0.0.1`);
    /// - IPv6 addresses in their shortest form, in hexadecimal
    ///   (`[::FFFF:1.2.3.4]` becomes `[::ffff:102:304]`);
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
    /// [`ConvertError::Rejected`] when the url crate rejects the URI (an
    /// IPvFuture host, an empty host where a special scheme needs one);
    /// [`ConvertError::HostChanged`] when it would read another host:
    /// `http:///a` and `http:a` have no host in RFC 3986, and the host `a`
    /// in the URL Standard.
    ///
    /// ```
    /// use rfc3986::{AbsoluteUri, ConvertError};
    ///
    /// let uri = AbsoluteUri::parse("HTTP://Example.COM:80/a/./b/%7e?q#f")?;
    /// let url = url::Url::try_from(&uri)?;
    /// assert_eq!(url.as_str(), "http://example.com/a/b/%7e?q#f");
    ///
    /// let err = url::Url::try_from(&AbsoluteUri::parse("http:///a")?).unwrap_err();
    /// assert!(matches!(err, ConvertError::HostChanged { .. }));
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
        let theirs = url.host();
        if ours.is_some() != theirs.is_some() {
            return Err(ConvertError::HostChanged {
                by: "url::Url",
                ours: describe_ours(ours),
                theirs: describe_theirs(theirs),
            });
        }
        Ok(url)
    }
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
