//! The authority component (RFC 3986 section 3.2) and its typed host.

use alloc::borrow::Cow;
use alloc::string::FromUtf8Error;
use alloc::sync::Arc;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::net::{Ipv4Addr, Ipv6Addr};
use core::ops::{Deref, Range};

use crate::parts::{AuthorityBounds, AuthorityParts, HostParts};

/// A piece of a parsed URI's text, sharing the URI's buffer: making or
/// cloning one copies no text.
///
/// It dereferences to `str`, compares and hashes as its text, and displays
/// as its text.
///
/// ```
/// use rfc3986::{Host, Uri};
///
/// let uri = Uri::parse("http://example.com/")?;
/// let Host::RegName(name) = uri.authority().unwrap().host() else { panic!() };
/// assert_eq!(name, "example.com");
/// assert_eq!(name.len(), 11);
/// # Ok::<(), rfc3986::Error>(())
/// ```
#[derive(Clone)]
pub struct SharedStr {
    text: Arc<str>,
    start: usize,
    end: usize,
}

impl SharedStr {
    /// `span` of `text`, holding it.
    pub(crate) fn new(text: Arc<str>, span: Range<usize>) -> SharedStr {
        debug_assert!(text.get(span.clone()).is_some());
        SharedStr {
            text,
            start: span.start,
            end: span.end,
        }
    }

    /// The whole text this is a piece of: the URI's.
    pub(crate) fn whole(&self) -> &str {
        &self.text
    }

    /// Where the piece lies in [`whole`](Self::whole).
    pub(crate) fn span(&self) -> Range<usize> {
        self.start..self.end
    }

    /// The text.
    ///
    /// ```
    /// use rfc3986::{Host, Uri};
    ///
    /// let uri = Uri::parse("http://[v1.fe:x]/")?;
    /// let Some(Host::IpvFuture { version, address }) = uri.host() else { panic!() };
    /// assert_eq!((version.as_str(), address.as_str()), ("1", "fe:x"));
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn as_str(&self) -> &str {
        self.text.get(self.start..self.end).unwrap_or_default()
    }
}

impl Deref for SharedStr {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for SharedStr {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq for SharedStr {
    fn eq(&self, other: &SharedStr) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for SharedStr {}

impl PartialEq<str> for SharedStr {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for SharedStr {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl Hash for SharedStr {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl fmt::Debug for SharedStr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for SharedStr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The host of an authority (RFC 3986 section 3.2.2), typed by the grammar
/// rule that matched it.
///
/// The RFC resolves the overlap between `IPv4address` and `reg-name` by
/// first-match-wins over the whole host: `1.2.3.4` is an IPv4 address, while
/// `1.2.3.4.5`, `256.1.1.1` and `01.1.1.1` are registered names.
///
/// ```
/// use std::net::Ipv6Addr;
/// use rfc3986::{Host, Uri};
///
/// let uri = Uri::parse("ldap://[2001:db8::7]/c=GB")?;
/// let host = uri.authority().unwrap().host();
/// assert_eq!(*host, Host::Ipv6("2001:db8::7".parse::<Ipv6Addr>().unwrap()));
/// assert_eq!(uri.host_str(), Some("[2001:db8::7]"));
/// # Ok::<(), rfc3986::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Host {
    /// `IPv4address`: four decimal octets.
    Ipv4(Ipv4Addr),
    /// An `IP-literal` holding an `IPv6address`.
    Ipv6(Ipv6Addr),
    /// An `IP-literal` holding an `IPvFuture`: `v`, the version in
    /// hexadecimal, `.`, the address.
    IpvFuture {
        /// The hexadecimal digits after `v`, as written.
        version: SharedStr,
        /// The part after the `.`, as written.
        address: SharedStr,
    },
    /// `reg-name`: a registered name, as written (percent-encodings and
    /// case kept). It may be empty.
    RegName(SharedStr),
}

/// The authority component of a URI (RFC 3986 section 3.2):
/// `[ userinfo "@" ] host [ ":" port ]`.
///
/// ```
/// use rfc3986::{Host, Uri};
///
/// let uri = Uri::parse("ftp://anonymous@ftp.example.org:2121/pub")?;
/// let authority = uri.authority().unwrap();
/// assert_eq!(authority.as_str(), "anonymous@ftp.example.org:2121");
/// assert_eq!(authority.userinfo(), Some("anonymous"));
/// assert_eq!(authority.host_str(), "ftp.example.org");
/// assert!(matches!(authority.host(), Host::RegName(name) if name == "ftp.example.org"));
/// assert_eq!(authority.port(), Some(2121));
/// # Ok::<(), rfc3986::Error>(())
/// ```
#[derive(Clone)]
pub struct Authority {
    /// The host, typed. A registered name or IPvFuture holds the URI's text
    /// (as a [`SharedStr`]), and the authority reads its own from there.
    host: Host,
    /// The URI's text when the host holds none: an IP address. The
    /// authority holds one reference count of the text, not two (an `Arc`
    /// clone and drop are each an atomic operation).
    own_text: Option<Arc<str>>,
    /// Where the subcomponents lie in the text.
    bounds: AuthorityBounds,
}

impl Authority {
    /// The authority of `text` with `bounds` and the host `host`.
    #[inline(always)]
    pub(crate) fn new(text: Arc<str>, bounds: AuthorityBounds, host: HostParts) -> Authority {
        let (host, own_text) = match host {
            HostParts::Ipv4(address) => (Host::Ipv4(address), Some(text)),
            HostParts::Ipv6(address) => (Host::Ipv6(address), Some(text)),
            HostParts::IpvFuture { version, address } => (
                Host::IpvFuture {
                    version: SharedStr::new(Arc::clone(&text), version),
                    address: SharedStr::new(text, address),
                },
                None,
            ),
            HostParts::RegName(span) => (Host::RegName(SharedStr::new(text, span)), None),
        };
        Authority {
            host,
            own_text,
            bounds,
        }
    }

    /// The whole text of the URI the authority belongs to.
    #[inline]
    pub(crate) fn text(&self) -> &str {
        match &self.host {
            Host::RegName(held) | Host::IpvFuture { version: held, .. } => held.whole(),
            // `new` keeps the text of a URI whose host is an IP address.
            Host::Ipv4(_) | Host::Ipv6(_) => self.own_text.as_deref().unwrap_or_default(),
        }
    }

    /// `span` of the URI's text.
    #[inline]
    fn slice(&self, span: Range<usize>) -> &str {
        self.text().get(span).unwrap_or_default()
    }

    /// Where the subcomponents lie in the URI's text.
    pub(crate) fn bounds(&self) -> &AuthorityBounds {
        &self.bounds
    }

    /// The bounds and type of the subcomponents.
    pub(crate) fn parts(&self) -> AuthorityParts {
        let host = match &self.host {
            Host::Ipv4(address) => HostParts::Ipv4(*address),
            Host::Ipv6(address) => HostParts::Ipv6(*address),
            Host::IpvFuture { version, address } => HostParts::IpvFuture {
                version: version.span(),
                address: address.span(),
            },
            Host::RegName(name) => HostParts::RegName(name.span()),
        };
        self.bounds.parts(host)
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
    pub fn as_str(&self) -> &str {
        self.slice(self.bounds.span())
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
    /// let authority = |s| Uri::parse(s).map(|uri| uri.authority().cloned().unwrap());
    /// assert_eq!(authority("ftp://jo:pw@h/")?.userinfo(), Some("jo:pw"));
    /// assert_eq!(authority("ftp://@h/")?.userinfo(), Some(""));
    /// assert_eq!(authority("ftp://h/")?.userinfo(), None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn userinfo(&self) -> Option<&str> {
        self.bounds.userinfo().map(|span| self.slice(span))
    }

    /// The host, typed.
    ///
    /// ```
    /// use std::net::Ipv4Addr;
    /// use rfc3986::{Host, Uri};
    ///
    /// let uri = Uri::parse("http://192.0.2.16:8080/")?;
    /// assert_eq!(*uri.authority().unwrap().host(), Host::Ipv4(Ipv4Addr::new(192, 0, 2, 16)));
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn host(&self) -> &Host {
        &self.host
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
    pub fn host_str(&self) -> &str {
        self.slice(self.bounds.host_span())
    }

    /// The host with its percent-encodings decoded, read as UTF-8 (see
    /// [`Uri::host_decoded`](crate::Uri::host_decoded)): a registered name
    /// decoded, an IP literal as written.
    ///
    /// # Errors
    ///
    /// The decoded octets are not UTF-8.
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
    pub fn host_decoded(&self) -> Result<Cow<'_, str>, FromUtf8Error> {
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
    pub fn port(&self) -> Option<u16> {
        self.bounds.port
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
    pub fn port_str(&self) -> Option<&str> {
        self.bounds.port_span().map(|span| self.slice(span))
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
    pub fn has_port(&self) -> bool {
        self.bounds.host_end < self.bounds.end
    }
}

impl PartialEq for Authority {
    /// Authorities are equal when their text is.
    fn eq(&self, other: &Authority) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Authority {}

impl Hash for Authority {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl fmt::Display for Authority {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Authority {
    /// Shows the components, with any password in the userinfo replaced by
    /// `***` (RFC 3986 section 3.2.1).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Authority")
            .field("userinfo", &self.userinfo().map(redact_password))
            .field("host", &self.host)
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
