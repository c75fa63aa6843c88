//! Normalization (RFC 3986 section 6.2): the ladder's syntax-based rung
//! (6.2.2) and scheme-based rung (6.2.3), one implementation for both, and
//! the equivalence they decide.

use alloc::string::String;
use core::fmt::Write as _;
use core::net::Ipv6Addr;

use crate::authority::{default_port, Authority, Host};
use crate::bounds::HostKind;
use crate::ip::Rfc5952;
use crate::path::{self, has_dot_segments, remove_dot_segments_into, Joined};
use crate::percent::{self, Piece};
use crate::recompose::{recompose, Recomposition};
use crate::reference::{Absolute, Reference, Storage};
use crate::spec::Spec;

impl<X: Spec, S: Storage> Reference<X, S> {
    /// The normal form of this URI reference: the syntax-based
    /// normalization of RFC 3986 section 6.2.2 ([`normalize_syntax`]),
    /// then the scheme-based normalization of section 6.2.3, and IPv6
    /// addresses in the text form of RFC 5952.
    ///
    /// - **Syntax** (6.2.2): as [`normalize_syntax`] says: case,
    ///   percent-encoding, dot segments.
    /// - **Scheme-based** (6.2.3): an empty port and its `:` are dropped
    ///   (section 3.2.3), and so is a port that is the scheme's default
    ///   (`http` and `ws` 80, `https` and `wss` 443, `ftp` 21). A port is
    ///   written without leading zeros (`:080` → `:80`). An empty path
    ///   after an authority becomes `/` for `http`, `https`, `ws` and
    ///   `wss`.
    /// - **IPv6 literals** are written as RFC 5952 recommends (section 4:
    ///   leading zeros dropped, the longest run of zero fields as `::`,
    ///   lowercase; an IPv4-mapped address with its dotted tail), the form
    ///   [`Ipv6Addr`](core::net::Ipv6Addr)'s `Display` gives, so that
    ///   `[2001:DB8:0::1]` and `[2001:db8::1]` have one normal form. RFC
    ///   3986 itself only lowercases them; [`normalize_syntax`] stops there.
    ///
    /// Undefined and empty components stay apart (an empty query's `?`
    /// stays). Normalizing is idempotent, and a URI that is already normal
    /// is copied as it is, after one scan.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")?;
    /// assert_eq!(uri.normalize(), "example://a/b/c/%7Bfoo%7D");
    ///
    /// let uri = Uri::parse("HTTP://User@Example.COM:80?%7euser")?;
    /// assert_eq!(uri.normalize(), "http://User@example.com/?~user");
    ///
    /// let uri = Uri::parse("https://[2001:DB8:0:0::1]:0443")?;
    /// assert_eq!(uri.normalize(), "https://[2001:db8::1]/");
    ///
    /// let relative = Uri::parse("../%7Ea/./b")?;
    /// assert_eq!(relative.normalize(), "../~a/./b");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    ///
    /// [`normalize_syntax`]: Self::normalize_syntax
    #[must_use]
    pub fn normalize(&self) -> Reference<X, String> {
        normalized(self, Rung::SchemeBased)
    }

    /// The syntax-based normal form of this URI reference (RFC 3986
    /// section 6.2.2), and nothing else: the first rung of the ladder of
    /// section 6.2, which holds for every scheme. [`normalize`] adds the
    /// scheme-based rung.
    ///
    /// - **Case** (6.2.2.1): the scheme and the host become lowercase; the
    ///   hexadecimal digits of every percent-encoding, in every component,
    ///   become uppercase (`%3a` → `%3A`). The host is case-insensitive as
    ///   a whole (section 3.2.2), so an IPv6 literal's hexadecimal digits
    ///   and all of an IPvFuture literal (its `v`, version and address) are
    ///   lowercased too. Other components keep their case.
    /// - **Percent-encoding** (6.2.2.2): encodings of unreserved characters
    ///   are decoded (`%7E` → `~`, `%41` → `A`; in the host, `%41` → `a`),
    ///   in every component. Every other encoding stays, uppercased: `%2F`
    ///   is not `/`. A registered name that decoding turns into an IPv4
    ///   address (`%31.2.3.4`) is then one, as a parse would type it. In
    ///   an [`Iri`](https://docs.rs/rfc3986/latest/rfc3986/type.Iri.html), the encodings decoded are those of
    ///   `iunreserved` characters (RFC 3987 section 5.3.2.3): `%C3%A9` →
    ///   `é`; an `iprivate` character (`%EE%80%80`, U+E000) stays encoded
    ///   in every component, the query included, and so does a
    ///   bidirectional formatting character (section 4.1), a
    ///   noncharacter, or octets that are not UTF-8.
    /// - **Dot segments** (6.2.2.3): an absolute path, and the path of a URI
    ///   with a scheme or of a reference with an authority, goes through
    ///   [`remove_dot_segments`](crate::remove_dot_segments), after
    ///   decoding (so `%2E%2E` is a `..` segment): resolution (section
    ///   5.2.2) removes them from such a path whatever the base, so
    ///   `//h/./a` and `/a/./b` lose theirs, and so do rootless paths with a
    ///   scheme (`foo:a/../b` → `foo:/b`, as the algorithm gives). A path
    ///   that would then start with `//` without an authority gets `/.`
    ///   before it, as in [`resolve`](Self::resolve).
    ///
    /// A **relative-path reference** (`../a`, `a/./b`) keeps its dot
    /// segments: resolution merges it with the base's path before removing
    /// them, so `../a` is not `a`. Resolve it first, then normalize the
    /// target (section 5.2.1 says the same).
    ///
    /// Nothing else changes: a port stays as written (`:443`, `:00080`, the
    /// empty `:`), and so does an empty path (`https://example.com`).
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::parse("HTTPS://Example.COM:0443/a/./%7Eb/../c")?;
    /// assert_eq!(uri.normalize_syntax(), "https://example.com:0443/a/c");
    /// assert_eq!(uri.normalize(), "https://example.com/a/c");
    ///
    /// assert_eq!(Uri::parse("https://example.com")?.normalize_syntax(), "https://example.com");
    /// assert_eq!(Uri::parse("//h/./a/../b")?.normalize_syntax(), "//h/b");
    /// assert_eq!(Uri::parse("/a/./b")?.normalize_syntax(), "/a/b");
    /// assert_eq!(Uri::parse("../a/./b")?.normalize_syntax(), "../a/./b");
    /// assert_eq!(Uri::parse("http://[2001:DB8:0::1]")?.normalize_syntax(), "http://[2001:db8:0::1]");
    ///
    /// let iri = rfc3986::Iri::parse("http://a/%C3%A9?%ee%80%80")?;
    /// assert_eq!(iri.normalize_syntax(), "http://a/\u{e9}?%EE%80%80");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    ///
    /// [`normalize`]: Self::normalize
    #[must_use]
    pub fn normalize_syntax(&self) -> Reference<X, String> {
        normalized(self, Rung::Syntax)
    }

    /// Whether this URI reference and `other` are equivalent by
    /// normalization: whether their [`normalize`](Self::normalize)d forms
    /// are the same text (the comparison ladder of section 6.2, up to
    /// scheme-based normalization). IPv6 hosts are compared by address,
    /// since `normalize` writes each address in one form.
    ///
    /// `==`, ordering and hashing stay exact comparisons of the text, so
    /// that a `Uri` keeps what it was given; use this to ask whether two
    /// URIs identify the same resource.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let a = Uri::parse("http://example.com/~smith/")?;
    /// let b = Uri::parse("HTTP://EXAMPLE.com:80/%7Esmith/")?;
    /// assert_ne!(a, b);
    /// assert!(a.equivalent(&b));
    /// assert!(!a.equivalent(&Uri::parse("http://example.com/%7esmith")?));
    ///
    /// let v6 = Uri::parse("http://[2001:DB8:0::1]/")?;
    /// assert!(v6.equivalent(&Uri::parse("http://[2001:db8::1]/")?));
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn equivalent<T: Storage>(&self, other: &Reference<X, T>) -> bool {
        self == other || self.normalize() == other.normalize()
    }
}

impl<X: Spec, S: Storage> Absolute<X, S> {
    /// [`Reference::normalize`], which keeps an absolute URI absolute:
    /// normalization changes no component's presence, and the scheme stays.
    ///
    /// ```
    /// use rfc3986::AbsoluteUri;
    ///
    /// let uri = AbsoluteUri::parse("HTTP://Example.COM:80/a/../b")?;
    /// let normal: AbsoluteUri = uri.normalize();
    /// assert_eq!(normal, "http://example.com/b");
    /// assert_eq!(normal.scheme(), "http");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn normalize(&self) -> Absolute<X, String> {
        Absolute::new_unchecked(self.as_reference().normalize())
    }

    /// [`Reference::normalize_syntax`], which keeps an absolute URI
    /// absolute.
    ///
    /// ```
    /// use rfc3986::AbsoluteUri;
    ///
    /// let uri = AbsoluteUri::parse("HTTP://Example.COM:80/a/../b")?;
    /// assert_eq!(uri.normalize_syntax(), "http://example.com:80/b");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn normalize_syntax(&self) -> Absolute<X, String> {
        Absolute::new_unchecked(self.as_reference().normalize_syntax())
    }
}

/// How far up the ladder of section 6.2 a normal form goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rung {
    /// Section 6.2.2, for every scheme.
    Syntax,
    /// Section 6.2.2, then 6.2.3 and RFC 5952's form of IPv6 addresses.
    SchemeBased,
}

/// The normal form of `uri`, a reference of `syntax`, up to `rung`: one
/// implementation for both rungs and both grammars, the scheme-based steps
/// skipped below it.
fn normalized<X: Spec, S: Storage>(uri: &Reference<X, S>, rung: Rung) -> Reference<X, String> {
    let decodes = X::syntax().decodes;
    if is_normal(uri, decodes, rung) {
        return uri.to_owned();
    }
    // Normalizing never lengthens a component, except an empty path that
    // becomes "/", a path that gets "/." before it, and an IPv6 address
    // written in full that gets its RFC 5952 form (never longer).
    recompose(uri.as_str().len() + 3, |t| {
        write_normalized(t, uri, decodes, rung)
    })
}

/// Writes the normal form of `uri`.
fn write_normalized<X: Spec, S: Storage>(
    t: &mut Recomposition<'_>,
    uri: &Reference<X, S>,
    decodes: Decodes,
    rung: Rung,
) {
    let scheme = uri.scheme();
    if let Some(scheme) = scheme {
        t.scheme_with(|text| {
            let start = text.len();
            text.push_str(scheme);
            text[start..].make_ascii_lowercase();
        });
    }
    if let Some(authority) = uri.authority() {
        normalize_authority(t, scheme, &authority, decodes, rung);
    }
    t.path_with(|text| {
        let start = text.len();
        let path = uri.path();
        // Without `%`, no segment decodes to a dot segment: without one as
        // written, removing them leaves the path as it is.
        if removes_dot_segments(uri) && (path.contains('%') || has_dot_segments(path)) {
            // Each segment decoded as it is written: a `%2E%2E` that
            // decodes to `..` is a dot segment.
            remove_dot_segments_into(text, Joined::whole(path), |text, segment| {
                push_pct_normalized(text, segment, decodes, false);
            });
        } else {
            push_pct_normalized(text, path, decodes, false);
        }
        if rung == Rung::SchemeBased
            && text.len() == start
            && uri.authority().is_some()
            && empty_path_is_root(scheme)
        {
            text.push('/');
        }
    });
    if let Some(query) = uri.query() {
        t.query_with(|text| push_pct_normalized(text, query, decodes, false));
    }
    if let Some(fragment) = uri.fragment() {
        t.fragment_with(|text| {
            push_pct_normalized(text, fragment, decodes, false);
        });
    }
}

/// Whether normalization removes the dot segments of `uri`'s path: when
/// resolution would, whatever the base (section 5.2.2 applies
/// `remove_dot_segments` to the path of a reference with a scheme, with an
/// authority, or with an absolute path). A relative-path reference is
/// merged with the base's path first, so its dot segments stay.
fn removes_dot_segments<X: Spec, S: Storage>(uri: &Reference<X, S>) -> bool {
    uri.scheme().is_some() || uri.authority().is_some() || uri.path().starts_with('/')
}
/// Whether normalization decodes a percent-encoded character:
/// [`Syntax::decodes`](crate::syntax::Syntax::decodes).
type Decodes = fn(char) -> bool;

/// Writes the normal form of `authority`.
fn normalize_authority(
    t: &mut Recomposition<'_>,
    scheme: Option<&str>,
    authority: &Authority<'_>,
    decodes: Decodes,
    rung: Rung,
) {
    t.begin_authority();
    if let Some(userinfo) = authority.userinfo() {
        t.userinfo_with(|text| push_pct_normalized(text, userinfo, decodes, false));
    }
    let host = authority.host_str();
    // An IPv6 address with a zone (RFC 6874): the address normalized as
    // any other's, the zone kept as written (a system's name for an
    // interface, whose case can matter: RFC 4007 section 11.2).
    if let Some((address, zone)) = authority.bounds().zoned_address() {
        let text = authority.text();
        let between = text.get(address.end..zone.start).unwrap_or_default();
        let written = text.get(address.clone()).unwrap_or_default();
        let zone = text.get(zone).unwrap_or_default();
        t.zoned_host(
            |text| match authority.host() {
                Host::Ipv6Zoned { address, .. } if rung == Rung::SchemeBased => {
                    text.push_str(Rfc5952::of(&address).as_str());
                }
                _ => {
                    let start = text.len();
                    text.push_str(written);
                    text[start..].make_ascii_lowercase();
                }
            },
            between,
            zone,
        );
        normalize_port(t, scheme, authority, rung);
        return;
    }
    // Lowercasing keeps a host's type and bounds, and RFC 5952's form of
    // an IPv6 address is the same address; decoding a registered name's
    // percent-encodings can change them, so the grammar decides.
    let host_kind = authority.bounds().host_kind();
    let kind = (!host.contains('%')).then_some(host_kind);
    t.host_with(
        |text| match host_kind {
            HostKind::Ipv4 => text.push_str(host),
            HostKind::Ipv6 if rung == Rung::SchemeBased => match authority.host() {
                // Writing to a String cannot fail.
                Host::Ipv6(address) => {
                    text.push('[');
                    text.push_str(Rfc5952::of(&address).as_str());
                    text.push(']');
                }
                _ => text.push_str(host),
            },
            HostKind::Ipv6 | HostKind::IpvFuture => {
                let start = text.len();
                text.push_str(host);
                text[start..].make_ascii_lowercase();
            }
            // An ASCII name without encodings: lowercased (RFC 3987
            // section 5.3.2.1 leaves a name with other characters as it is).
            HostKind::RegName if host.bytes().all(|b| b.is_ascii() && b != b'%') => {
                let start = text.len();
                text.push_str(host);
                text[start..].make_ascii_lowercase();
            }
            HostKind::RegName => {
                let lowercase = is_ascii_host(host, decodes);
                push_pct_normalized(text, host, decodes, lowercase);
            }
        },
        kind,
        None,
    );
    normalize_port(t, scheme, authority, rung);
}

/// Writes the normal form of the port of `authority`.
fn normalize_port(
    t: &mut Recomposition<'_>,
    scheme: Option<&str>,
    authority: &Authority<'_>,
    rung: Rung,
) {
    match (rung, authority.port_str(), authority.port()) {
        (Rung::Syntax, port, value) => t.port(port, value),
        (Rung::SchemeBased, Some(digits), Some(port)) if !is_default_port(scheme, port) => {
            if is_normal_port(digits) {
                t.port(Some(digits), Some(port));
            } else {
                let mut decimal = String::new();
                let _ = write!(decimal, "{port}"); // Writing to a String cannot fail.
                t.port(Some(&decimal), Some(port));
            }
        }
        // No port, an empty one, or the default.
        (Rung::SchemeBased, ..) => {}
    }
}

/// Whether normalizing `uri` up to `rung` would change nothing.
fn is_normal<X: Spec, S: Storage>(uri: &Reference<X, S>, decodes: Decodes, rung: Rung) -> bool {
    let scheme = uri.scheme();
    if scheme.is_some_and(|s| s.bytes().any(|b| b.is_ascii_uppercase())) {
        return false;
    }
    if let Some(authority) = uri.authority() {
        if authority
            .userinfo()
            .is_some_and(|u| !is_pct_normal(u, decodes, false))
        {
            return false;
        }
        let host = authority.host_str();
        let zoned = authority.bounds().zoned_address();
        let host_is_normal = match authority.bounds().host_kind() {
            // The zone as written; the address as any other's.
            HostKind::Ipv6 if zoned.is_some() => match (rung, authority.host(), zoned) {
                (Rung::SchemeBased, Host::Ipv6Zoned { address, .. }, Some((written, _))) => {
                    is_rfc5952_address(authority.text().get(written).unwrap_or_default(), &address)
                }
                (_, _, Some((written, _))) => !authority
                    .text()
                    .get(written)
                    .unwrap_or_default()
                    .bytes()
                    .any(|b| b.is_ascii_uppercase()),
                _ => true,
            },
            HostKind::Ipv4 => true,
            HostKind::Ipv6 if rung == Rung::SchemeBased => match authority.host() {
                Host::Ipv6(address) => is_rfc5952(host, &address),
                _ => true,
            },
            HostKind::RegName if !host.bytes().all(|b| b.is_ascii() && b != b'%') => {
                is_pct_normal(host, decodes, is_ascii_host(host, decodes))
            }
            HostKind::Ipv6 | HostKind::IpvFuture | HostKind::RegName => {
                !host.bytes().any(|b| b.is_ascii_uppercase())
            }
        };
        if !host_is_normal {
            return false;
        }
        if rung == Rung::SchemeBased {
            match (authority.port_str(), authority.port()) {
                (None, _) => {}
                (Some(digits), Some(port))
                    if !is_default_port(scheme, port) && is_normal_port(digits) => {}
                _ => return false,
            }
            if uri.path().is_empty() && empty_path_is_root(scheme) {
                return false;
            }
        }
    }
    // The "/." that keeps "//" from reading as an authority is normal.
    let path = match uri.path().strip_prefix("/.") {
        Some(rest)
            if path::disambiguation(rest, scheme.is_some(), uri.authority().is_some()) == "/." =>
        {
            rest
        }
        _ => uri.path(),
    };
    is_pct_normal(path, decodes, false)
        && !(removes_dot_segments(uri) && has_dot_segments(path))
        && uri.query().is_none_or(|q| is_pct_normal(q, decodes, false))
        && uri
            .fragment()
            .is_none_or(|f| is_pct_normal(f, decodes, false))
}

/// Whether the IP literal `literal` (with its brackets) holds `address` in
/// the form its `Display` writes (RFC 5952's), compared as it is written,
/// without allocating.
fn is_rfc5952(literal: &str, address: &Ipv6Addr) -> bool {
    let Some(inside) = literal.strip_prefix('[').and_then(|l| l.strip_suffix(']')) else {
        return false;
    };
    is_rfc5952_address(inside, address)
}

/// Whether `written` (an address without brackets) is `address` in the
/// form its `Display` writes (RFC 5952's).
fn is_rfc5952_address(written: &str, address: &Ipv6Addr) -> bool {
    written.as_bytes() == Rfc5952::of(address).as_bytes()
}

fn is_default_port(scheme: Option<&str>, port: u16) -> bool {
    scheme.and_then(default_port) == Some(port)
}

/// Whether an empty path after an authority means `/` in this scheme
/// (the example of section 6.2.3, and the schemes built on it).
fn empty_path_is_root(scheme: Option<&str>) -> bool {
    scheme.is_some_and(|s| {
        ["http", "https", "ws", "wss"]
            .iter()
            .any(|name| s.eq_ignore_ascii_case(name))
    })
}

/// A port written as its decimal value is: no leading zero, unless it is
/// `0`.
fn is_normal_port(digits: &str) -> bool {
    digits.len() == 1 || !digits.starts_with('0')
}

/// Whether a registered name is US-ASCII once its encodings of characters
/// that stand for themselves are decoded: only such a host is
/// case-insensitive (RFC 3987 section 5.3.2.1). Every URI host is.
fn is_ascii_host(host: &str, decodes: impl Fn(char) -> bool) -> bool {
    host.is_ascii()
        && percent::pieces(host, decodes).all(|piece| match piece {
            Piece::Decoded(c) => c.is_ascii(),
            Piece::Text(_) | Piece::Kept(..) => true,
        })
}

/// Whether [`push_pct_normalized`] would copy `s` unchanged.
fn is_pct_normal(s: &str, decodes: impl Fn(char) -> bool, lowercase: bool) -> bool {
    if !lowercase && !s.contains('%') {
        return true;
    }
    percent::pieces(s, decodes).all(|piece| match piece {
        Piece::Text(text) => !(lowercase && text.bytes().any(|b| b.is_ascii_uppercase())),
        Piece::Decoded(_) => false,
        Piece::Kept(text, _) => !text.bytes().any(|b| b.is_ascii_lowercase()),
    })
}

/// Appends `s` with each percent-encoding of a character that stands for
/// itself (`decodes`: RFC 3986's unreserved characters, RFC 3987's
/// `iunreserved`) decoded and the hexadecimal digits of the others
/// uppercased; with `lowercase`, the other letters (and decoded ones)
/// lowercased.
fn push_pct_normalized(out: &mut String, s: &str, decodes: impl Fn(char) -> bool, lowercase: bool) {
    if !s.contains('%') && !lowercase {
        out.push_str(s);
        return;
    }
    for piece in percent::pieces(s, decodes) {
        match piece {
            Piece::Text(text) => {
                let start = out.len();
                out.push_str(text);
                if lowercase {
                    out[start..].make_ascii_lowercase();
                }
            }
            Piece::Decoded(c) if lowercase => out.push(c.to_ascii_lowercase()),
            Piece::Decoded(c) => out.push(c),
            Piece::Kept(_, octet) => percent::push_octet(out, octet),
        }
    }
}
