//! The authority component (RFC 3986 section 3.2) and its typed host, as
//! views of a reference's text.

use alloc::borrow::Cow;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::net::{Ipv4Addr, Ipv6Addr};
use core::ops::Range;

use crate::bounds::{ipv_future, Bounds, HostKind};

/// The host of an authority (RFC 3986 section 3.2.2), typed by the grammar
/// rule that matched it, borrowing the reference's text.
///
/// The RFC resolves the overlap between `IPv4address` and `reg-name` by
/// first-match-wins over the whole host: `1.2.3.4` is an IPv4 address, while
/// `1.2.3.4.5`, `256.1.1.1` and `01.1.1.1` are registered names.
///
/// `Display` writes the host as it stands in a URI: an IPv6 address in
/// brackets.
///
/// The enum is `#[non_exhaustive]`: a grammar that extends RFC 3986's
/// gives hosts it does not have (as [`Ipv6Zoned`](Host::Ipv6Zoned) came
/// with RFC 6874), and more may come, so a `match` on it outside the
/// crate needs a `_` arm.
///
/// ```
/// use std::net::Ipv6Addr;
/// use rfc3986::{Host, Uri};
///
/// let uri = Uri::parse("ldap://[2001:db8::7]/c=GB")?;
/// let host = uri.authority().unwrap().host();
/// assert_eq!(host, Host::Ipv6("2001:db8::7".parse::<Ipv6Addr>().unwrap()));
/// assert_eq!(host.to_string(), "[2001:db8::7]");
/// assert_eq!(uri.host_str(), Some("[2001:db8::7]"));
/// # Ok::<(), rfc3986::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Host<'a> {
    /// `IPv4address`: four decimal octets.
    Ipv4(Ipv4Addr),
    /// An `IP-literal` holding an `IPv6address`.
    Ipv6(Ipv6Addr),
    /// An `IP-literal` holding an `IPv6address` and a zone identifier
    /// (RFC 6874: `"[" IPv6address "%25" ZoneID "]"`). RFC 3986 has no
    /// zones, and `Uri::parse` rejects them: only a grammar of your own
    /// that extends `IP-literal` (`#[derive(rfc3986::Grammar)]`, see
    /// `examples/zone/`) gives this host, with the zone read from its
    /// `ZoneID` rule.
    ///
    /// ```
    /// use std::net::Ipv6Addr;
    /// use rfc3986::Host;
    ///
    /// let host = Host::Ipv6Zoned { address: Ipv6Addr::new(0xfe80, 0, 0, 0, 0, 0, 0, 1), zone: "eth0" };
    /// assert_eq!(host.to_string(), "[fe80::1%25eth0]");
    /// ```
    Ipv6Zoned {
        /// The address.
        address: Ipv6Addr,
        /// The zone identifier, as written: `1*( unreserved / pct-encoded
        /// )`, still percent-encoded (`en%31` for `en1`), case kept.
        zone: &'a str,
    },
    /// An `IP-literal` holding an `IPvFuture`: `v`, the version in
    /// hexadecimal, `.`, the address.
    IpvFuture {
        /// The hexadecimal digits after `v`, as written.
        version: &'a str,
        /// The part after the `.`, as written.
        address: &'a str,
    },
    /// `reg-name`: a registered name, as written (percent-encodings and
    /// case kept). It may be empty.
    RegName(&'a str),
}

impl<'a> Host<'a> {
    /// The host written `text` (IP literals with their brackets), which
    /// the grammar matched as a host of `kind`. A text it would not have
    /// matched so (only an edited grammar makes one) reads as a registered
    /// name.
    pub(crate) fn of(text: &'a str, kind: HostKind) -> Host<'a> {
        let inner = text
            .strip_prefix('[')
            .and_then(|t| t.strip_suffix(']'))
            .unwrap_or(text);
        match kind {
            HostKind::RegName => Host::RegName(text),
            HostKind::Ipv4 => crate::ip::ipv4(text).map_or(Host::RegName(text), Host::Ipv4),
            HostKind::Ipv6 => crate::ip::ipv6(inner).map_or(Host::RegName(text), Host::Ipv6),
            HostKind::IpvFuture => {
                ipv_future(inner).map_or(Host::RegName(text), |(version, address)| {
                    Host::IpvFuture { version, address }
                })
            }
        }
    }

    /// The host of `authority`: [`of`](Self::of) its text and kind, or,
    /// with a zone (RFC 6874), the address and the zone where its bounds
    /// say they are (where the lowering found the grammar's `IPv6address`
    /// and `ZoneID`).
    fn of_authority(authority: &Authority<'a>) -> Host<'a> {
        let text = authority.host_str();
        let Some((address, zone)) = authority.bounds.zoned_address() else {
            return Host::of(text, authority.bounds.host_kind());
        };
        let address = authority.text.get(address).and_then(crate::ip::ipv6);
        match (address, authority.text.get(zone)) {
            (Some(address), Some(zone)) => Host::Ipv6Zoned { address, zone },
            _ => Host::RegName(text),
        }
    }
}

impl fmt::Display for Host<'_> {
    /// The host as a URI writes it: an IPv4 address in dotted decimal, an
    /// IPv6 address in brackets (in the form `Ipv6Addr` displays, RFC
    /// 5952's), with its zone after `%25` as written (RFC 6874), an
    /// IPvFuture as `[v<version>.<address>]`, a registered name as
    /// written.
    ///
    /// ```
    /// use std::net::Ipv4Addr;
    /// use rfc3986::Host;
    ///
    /// assert_eq!(Host::Ipv4(Ipv4Addr::LOCALHOST).to_string(), "127.0.0.1");
    /// assert_eq!(Host::Ipv6("::1".parse().unwrap()).to_string(), "[::1]");
    /// assert_eq!(Host::IpvFuture { version: "1", address: "x" }.to_string(), "[v1.x]");
    /// assert_eq!(Host::RegName("Example.com").to_string(), "Example.com");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Host::Ipv4(address) => write!(f, "{address}"),
            Host::Ipv6(address) => write!(f, "[{address}]"),
            Host::Ipv6Zoned { address, zone } => write!(f, "[{address}%25{zone}]"),
            Host::IpvFuture { version, address } => write!(f, "[v{version}.{address}]"),
            Host::RegName(name) => f.write_str(name),
        }
    }
}

/// The authority component of a URI (RFC 3986 section 3.2):
/// `[ userinfo "@" ] host [ ":" port ]`, a view of a reference's text.
///
/// ```
/// use rfc3986::{Host, Uri};
///
/// let uri = Uri::parse("ftp://anonymous@ftp.example.org:2121/pub")?;
/// let authority = uri.authority().unwrap();
/// assert_eq!(authority.as_str(), "anonymous@ftp.example.org:2121");
/// assert_eq!(authority.userinfo(), Some("anonymous"));
/// assert_eq!(authority.host_str(), "ftp.example.org");
/// assert_eq!(authority.host(), Host::RegName("ftp.example.org"));
/// assert_eq!(authority.port(), Some(2121));
/// # Ok::<(), rfc3986::Error>(())
/// ```
#[derive(Clone, Copy)]
pub struct Authority<'a> {
    /// The whole text of the reference.
    text: &'a str,
    bounds: &'a Bounds,
}

impl<'a> Authority<'a> {
    /// The authority of the reference `text` with `bounds`, which has one.
    #[inline]
    pub(crate) fn new(text: &'a str, bounds: &'a Bounds) -> Authority<'a> {
        Authority { text, bounds }
    }

    /// `span` of the reference's text.
    #[inline]
    fn slice(&self, span: Range<usize>) -> &'a str {
        self.text.get(span).unwrap_or_default()
    }

    /// The bounds of the reference this is the authority of.
    pub(crate) fn bounds(&self) -> &'a Bounds {
        self.bounds
    }

    /// The whole text of the reference this is the authority of, which
    /// its bounds count in.
    pub(crate) fn text(&self) -> &'a str {
        self.text
    }

    /// The authority as written, without the `//` before it.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::parse("ftp://anonymous@ftp.example.org:21/pub")?;
    /// assert_eq!(uri.authority().unwrap().as_str(), "anonymous@ftp.example.org:21");
    /// assert_eq!(Uri::parse("file:///etc")?.authority().unwrap().as_str(), "");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[inline]
    pub fn as_str(&self) -> &'a str {
        self.slice(self.bounds.authority().unwrap_or(0..0))
    }

    /// The userinfo, without its `@`; `None` when there is no `@`,
    /// `Some("")` for `@host`.
    ///
    /// The part after the first `:` is a password: RFC 3986 section 3.2.1
    /// deprecates it, and applications should not display it.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let userinfo = |s| Uri::parse(s).map(|uri| uri.authority().unwrap().userinfo().map(str::to_owned));
    /// assert_eq!(userinfo("ftp://jo:pw@h/")?.as_deref(), Some("jo:pw"));
    /// assert_eq!(userinfo("ftp://@h/")?.as_deref(), Some(""));
    /// assert_eq!(userinfo("ftp://h/")?, None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[inline]
    pub fn userinfo(&self) -> Option<&'a str> {
        self.bounds.userinfo().map(|span| self.slice(span))
    }

    /// The user name: the userinfo up to its first `:`, or all of it when
    /// it has none, as written (percent-encoded); `None` when there is no
    /// userinfo. `Some("")` for `@host` and `:pw@host`.
    ///
    /// `url::Url::username` returns a `&str`, `""` both for no userinfo
    /// and for an empty user name; here, as for every component of this
    /// crate, undefined is `None` and empty is `Some("")` (RFC 3986 keeps
    /// the two apart).
    ///
    /// ```
    /// use rfc3986::{percent_decode_utf8, Uri};
    ///
    /// let uri = Uri::parse("ftp://jo%40home:pw@h/")?;
    /// let authority = uri.authority().unwrap();
    /// assert_eq!(authority.username(), Some("jo%40home"));
    /// assert_eq!(percent_decode_utf8(authority.username().unwrap())?, "jo@home");
    /// assert_eq!(Uri::parse("ftp://h/")?.authority().unwrap().username(), None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn username(&self) -> Option<&'a str> {
        let userinfo = self.userinfo()?;
        Some(userinfo.split_once(':').map_or(userinfo, |(user, _)| user))
    }

    /// The password: the userinfo after its first `:`, as written
    /// (percent-encoded, and holding any later `:`); `None` when there is
    /// no userinfo or it has no `:`, `Some("")` for `user:@host`, which
    /// RFC 3986 section 3.2.1 says indicates no password (this crate keeps
    /// the text `user:` apart from `user`).
    ///
    /// Section 3.2.1 deprecates `user:password` in a URI: the password is
    /// in clear text wherever the URI goes. Applications should not show
    /// it; [`redacted`](Self::redacted) (and
    /// [`Reference::redacted`](crate::Reference::redacted)) show the URI
    /// without it. `url::Url::password` returns `None` for an empty
    /// password too.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::parse("ftp://jo:s3cr%3At:x@h/")?;
    /// let authority = uri.authority().unwrap();
    /// assert_eq!(authority.password(), Some("s3cr%3At:x"));
    /// assert_eq!(authority.redacted().to_string(), "jo:***@h");
    /// assert_eq!(Uri::parse("ftp://jo@h/")?.authority().unwrap().password(), None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn password(&self) -> Option<&'a str> {
        self.userinfo()?
            .split_once(':')
            .map(|(_, password)| password)
    }

    /// The host, typed.
    ///
    /// ```
    /// use std::net::Ipv4Addr;
    /// use rfc3986::{Host, Uri};
    ///
    /// let uri = Uri::parse("http://192.0.2.16:8080/")?;
    /// assert_eq!(uri.authority().unwrap().host(), Host::Ipv4(Ipv4Addr::new(192, 0, 2, 16)));
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn host(&self) -> Host<'a> {
        Host::of_authority(self)
    }

    /// The host as written, IP literals with their brackets.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::parse("http://[2001:db8::7]:8080/")?;
    /// assert_eq!(uri.authority().unwrap().host_str(), "[2001:db8::7]");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[inline]
    pub fn host_str(&self) -> &'a str {
        self.slice(self.bounds.host().unwrap_or(0..0))
    }

    /// The host with its percent-encodings decoded, read as UTF-8 (see
    /// [`Reference::host_decoded`](crate::Reference::host_decoded)): a
    /// registered name decoded, an IP literal as written.
    ///
    /// # Errors
    ///
    /// [`DecodeError::Utf8`](crate::DecodeError::Utf8) when the decoded octets are not UTF-8.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::parse("ftp://%E2%82%ACuro.example:21/")?;
    /// assert_eq!(uri.authority().unwrap().host_decoded()?, "€uro.example");
    /// let uri = Uri::parse("ftp://[::1]/")?;
    /// assert_eq!(uri.authority().unwrap().host_decoded()?, "[::1]");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn host_decoded(&self) -> Result<Cow<'a, str>, crate::DecodeError> {
        crate::percent::percent_decode_utf8(self.host_str())
    }

    /// The port number; `None` when there is no port or the port is empty
    /// (`http://example.com:/`).
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let port = |s| Uri::parse(s).map(|uri| uri.authority().unwrap().port());
    /// assert_eq!(port("http://h:0080/")?, Some(80));
    /// assert_eq!(port("http://h:/")?, None);
    /// assert_eq!(port("http://h/")?, None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[inline]
    pub fn port(&self) -> Option<u16> {
        self.bounds.port_value()
    }

    /// The port as written, without its `:`; `None` when there is no `:`,
    /// `Some("")` when the port is empty.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::parse("http://h:0080/")?;
    /// assert_eq!(uri.authority().unwrap().port_str(), Some("0080"));
    /// let uri = Uri::parse("http://h:/")?;
    /// assert_eq!(uri.authority().unwrap().port_str(), Some(""));
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[inline]
    pub fn port_str(&self) -> Option<&'a str> {
        self.bounds.port().map(|span| self.slice(span))
    }

    /// Whether the authority has a port subcomponent, that is a `:` after
    /// the host. It is `true` for an empty port (`example.com:`), which has
    /// no [`port`](Self::port) number.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// assert!(Uri::parse("http://h:/")?.authority().unwrap().has_port());
    /// assert!(!Uri::parse("http://h/")?.authority().unwrap().has_port());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[inline]
    pub fn has_port(&self) -> bool {
        self.bounds.port().is_some()
    }
}

impl PartialEq for Authority<'_> {
    /// Authorities are equal when their text is.
    fn eq(&self, other: &Authority<'_>) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Authority<'_> {}

impl PartialEq<str> for Authority<'_> {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Authority<'_> {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl Hash for Authority<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl fmt::Display for Authority<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Authority<'_> {
    /// Shows the components, with any password in the userinfo replaced by
    /// `***` (RFC 3986 section 3.2.1).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Authority")
            .field("userinfo", &self.userinfo().map(redact_password))
            .field("host", &self.host())
            .field("port", &self.port_str())
            .finish()
    }
}

/// A userinfo with whatever follows its first `:` replaced by `***`, unless
/// that is empty (which section 3.2.1 says means no password).
pub(crate) fn redact_password(userinfo: &str) -> RedactedUserinfo<'_> {
    RedactedUserinfo(userinfo)
}

/// A userinfo as [`redact_password`] shows it.
pub(crate) struct RedactedUserinfo<'a>(&'a str);

impl fmt::Debug for RedactedUserinfo<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{self}\"")
    }
}

impl fmt::Display for RedactedUserinfo<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.split_once(':') {
            Some((user, password)) if !password.is_empty() => write!(f, "{user}:***"),
            _ => f.write_str(self.0),
        }
    }
}

/// The default port of `scheme` (compared case-insensitively), for the
/// schemes that section 6.2.3 normalization knows: `http` and `ws` 80
/// (RFC 9110 section 4.2.1, RFC 6455), `https` and `wss` 443 (RFC 9110
/// section 4.2.2), `ftp` 21 (RFC 1738).
pub(crate) fn default_port(scheme: &str) -> Option<u16> {
    let is = |name: &str| scheme.eq_ignore_ascii_case(name);
    if is("http") || is("ws") {
        Some(80)
    } else if is("https") || is("wss") {
        Some(443)
    } else if is("ftp") {
        Some(21)
    } else {
        None
    }
}
