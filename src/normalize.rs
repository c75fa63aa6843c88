//! Normalization (RFC 3986 sections 6.2.2 and 6.2.3) and the equivalence
//! it decides.

use alloc::string::String;
use core::fmt::Write as _;

use crate::authority::{Authority, Host};
use crate::path::{self, has_dot_segments, remove_dot_segments_into, Joined};
use crate::percent::{self, Piece};
use crate::recompose::Recomposition;
use crate::syntax::{self, Syntax};
use crate::uri::Uri;

impl Uri {
    /// The normal form of this URI reference: RFC 3986's syntax-based
    /// normalization (section 6.2.2) and the scheme-based normalization of
    /// section 6.2.3 for a few schemes.
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
    ///   address (`%31.2.3.4`) is then one, as a parse would type it.
    /// - **Dot segments** (6.2.2.3): for a URI with a scheme, the path goes
    ///   through [`remove_dot_segments`](crate::remove_dot_segments), after
    ///   decoding (so `%2E%2E` is a `..` segment), rootless paths included
    ///   (`foo:a/../b` → `foo:/b`, as the algorithm gives). A path that
    ///   would then start with `//` without an authority gets `/.` before
    ///   it, as in [`resolve`](Self::resolve).
    /// - **Scheme-based** (6.2.3): an empty port and its `:` are dropped
    ///   (section 3.2.3), and so is a port that is the scheme's default
    ///   (`http` and `ws` 80, `https` and `wss` 443, `ftp` 21). A port is
    ///   written without leading zeros (`:080` → `:80`). An empty path
    ///   after an authority becomes `/` for `http`, `https`, `ws` and
    ///   `wss`.
    ///
    /// A **relative reference** gets the case and percent-encoding
    /// normalization only. Its dot segments are kept: they mean something
    /// relative to a base (`../a` is not `a`), and removing them would
    /// change the target it resolves to. Resolve it first, then normalize
    /// the target (section 5.2.1 says the same).
    ///
    /// Undefined and empty components stay apart (an empty query's `?`
    /// stays). Normalizing is idempotent, and a URI that is already normal
    /// is returned as a clone, sharing its text, after one scan.
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
    /// let relative = Uri::parse("../%7Ea/./b")?;
    /// assert_eq!(relative.normalize(), "../~a/./b");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn normalize(&self) -> Uri {
        self.normalize_as(&syntax::URI)
    }

    /// [`normalize`](Self::normalize) for a reference of `syntax`, whose
    /// grammar says which percent-encodings stand for themselves.
    pub(crate) fn normalize_as(&self, syntax: &Syntax) -> Uri {
        let decodes = syntax.decodes;
        if is_normal(self, decodes) {
            return self.clone();
        }
        let scheme = self.scheme();
        // Normalizing never lengthens a component, except an empty path
        // that becomes "/" and a path that gets "/." before it.
        let mut t = Recomposition::with_capacity(self.as_str().len() + 3);
        if let Some(scheme) = scheme {
            t.scheme_with(|text| {
                let start = text.len();
                text.push_str(scheme);
                text[start..].make_ascii_lowercase();
            });
        }
        if let Some(authority) = self.authority() {
            normalize_authority(&mut t, scheme, authority, decodes);
        }
        t.path_with(|text| {
            let start = text.len();
            let path = self.path();
            if scheme.is_some() {
                // Each segment decoded as it is written: a `%2E%2E` that
                // decodes to `..` is a dot segment.
                remove_dot_segments_into(text, Joined::whole(path), |text, segment| {
                    push_pct_normalized(text, segment, |c| decodes(c, false), false);
                });
            } else {
                push_pct_normalized(text, path, |c| decodes(c, false), false);
            }
            if text.len() == start && self.authority().is_some() && empty_path_is_root(scheme) {
                text.push('/');
            }
        });
        if let Some(query) = self.query() {
            t.query_with(|text| push_pct_normalized(text, query, |c| decodes(c, true), false));
        }
        if let Some(fragment) = self.fragment() {
            t.fragment_with(|text| {
                push_pct_normalized(text, fragment, |c| decodes(c, false), false);
            });
        }
        t.finish()
    }

    /// Whether this URI reference and `other` are equivalent by
    /// normalization: whether their [`normalize`](Self::normalize)d forms
    /// are the same text (the comparison ladder of section 6.2, up to
    /// scheme-based normalization).
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
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn equivalent(&self, other: &Uri) -> bool {
        self.equivalent_as(&syntax::URI, other)
    }

    /// [`equivalent`](Self::equivalent) for references of `syntax`.
    pub(crate) fn equivalent_as(&self, syntax: &Syntax, other: &Uri) -> bool {
        self == other || self.normalize_as(syntax) == other.normalize_as(syntax)
    }
}

/// Whether a percent-encoded character stands for itself (in the query,
/// with `true`): [`Syntax::decodes`].
type Decodes = fn(char, bool) -> bool;

/// Writes the normal form of `authority`.
fn normalize_authority(
    t: &mut Recomposition,
    scheme: Option<&str>,
    authority: &Authority,
    decodes: Decodes,
) {
    t.begin_authority();
    if let Some(userinfo) = authority.userinfo() {
        t.userinfo_with(|text| push_pct_normalized(text, userinfo, |c| decodes(c, false), false));
    }
    let host = authority.host_str();
    t.host_with(|text| match authority.host() {
        Host::Ipv4(_) => text.push_str(host),
        Host::Ipv6(_) | Host::IpvFuture { .. } => {
            let start = text.len();
            text.push_str(host);
            text[start..].make_ascii_lowercase();
        }
        Host::RegName(_) => {
            let lowercase = is_ascii_host(host, |c| decodes(c, false));
            push_pct_normalized(text, host, |c| decodes(c, false), lowercase);
        }
    });
    match (authority.port_str(), authority.port()) {
        (Some(digits), Some(port)) if !is_default_port(scheme, port) => {
            if is_normal_port(digits) {
                t.port(Some(digits), Some(port));
            } else {
                let mut decimal = String::new();
                let _ = write!(decimal, "{port}"); // Writing to a String cannot fail.
                t.port(Some(&decimal), Some(port));
            }
        }
        // No port, an empty one, or the default.
        _ => {}
    }
    t.end_authority();
}

/// Whether normalizing `uri` would change nothing.
fn is_normal(uri: &Uri, decodes: Decodes) -> bool {
    let elsewhere = |c| decodes(c, false);
    let scheme = uri.scheme();
    if scheme.is_some_and(|s| s.bytes().any(|b| b.is_ascii_uppercase())) {
        return false;
    }
    if let Some(authority) = uri.authority() {
        if authority
            .userinfo()
            .is_some_and(|u| !is_pct_normal(u, elsewhere, false))
        {
            return false;
        }
        let host = authority.host_str();
        let host_is_normal = match authority.host() {
            Host::Ipv4(_) => true,
            Host::Ipv6(_) | Host::IpvFuture { .. } => !host.bytes().any(|b| b.is_ascii_uppercase()),
            Host::RegName(_) => is_pct_normal(host, elsewhere, is_ascii_host(host, elsewhere)),
        };
        if !host_is_normal {
            return false;
        }
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
    // The "/." that keeps "//" from reading as an authority is normal.
    let path = match uri.path().strip_prefix("/.") {
        Some(rest)
            if path::disambiguation(rest, scheme.is_some(), uri.authority().is_some()) == "/." =>
        {
            rest
        }
        _ => uri.path(),
    };
    is_pct_normal(path, elsewhere, false)
        && !(scheme.is_some() && has_dot_segments(path))
        && uri
            .query()
            .is_none_or(|q| is_pct_normal(q, |c| decodes(c, true), false))
        && uri
            .fragment()
            .is_none_or(|f| is_pct_normal(f, elsewhere, false))
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
