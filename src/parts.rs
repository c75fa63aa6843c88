//! Where the components of a URI reference lie in its text: the bounds
//! that the lowering reads out of a parse tree and that recomposition
//! records as it writes, and the rules that tie them to the text.

use core::net::{Ipv4Addr, Ipv6Addr};
use core::ops::Range;

/// Where each component of a URI reference lies in its text. Undefined
/// components are `None`; the path is always defined.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Parts {
    /// The scheme, without its `:`.
    pub scheme: Option<Range<usize>>,
    pub authority: Option<AuthorityParts>,
    pub path: Range<usize>,
    /// The query, without its `?`.
    pub query: Option<Range<usize>>,
    /// The fragment, without its `#`.
    pub fragment: Option<Range<usize>>,
}

/// The subcomponents of an authority (section 3.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct AuthorityParts {
    /// The authority, without the `//` before it.
    pub span: Range<usize>,
    /// The userinfo, without its `@`.
    pub userinfo: Option<Range<usize>>,
    /// The host as written, IP literals with their brackets.
    pub host_span: Range<usize>,
    pub host: HostParts,
    /// The port's digits, without the `:`.
    pub port_span: Option<Range<usize>>,
    /// The port's value; `None` when there is no port or it is empty.
    pub port: Option<u16>,
}

/// The host, typed by the rule that matched it: the crate's own form of
/// the public [`Host`](crate::Host), which holds text where this holds
/// bounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum HostParts {
    Ipv4(Ipv4Addr),
    Ipv6(Ipv6Addr),
    IpvFuture {
        version: Range<usize>,
        address: Range<usize>,
    },
    RegName(Range<usize>),
}

/// An offset that may be absent, in one word: a parsed URI keeps its bounds
/// this way, so that it is small to build and move. No text is
/// `usize::MAX` bytes long, so no offset is `usize::MAX`, which stands for
/// "none".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Mark(usize);

impl Mark {
    #[inline(always)]
    pub fn of(at: Option<usize>) -> Mark {
        Mark(at.unwrap_or(usize::MAX))
    }

    #[inline(always)]
    pub fn get(self) -> Option<usize> {
        (self.0 != usize::MAX).then_some(self.0)
    }
}

/// [`Parts`] without the authority, as a parsed URI keeps them: the
/// components tile the text (`Parts::check_tiling`), so each is known from
/// one or two offsets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bounds {
    /// Where the scheme ends, at its `:`; it starts at 0.
    pub scheme_end: Mark,
    pub path_start: usize,
    pub path_end: usize,
    /// Where the query ends; it starts after the `?` at `path_end`.
    pub query_end: Mark,
    /// Where the fragment starts, after its `#`; it ends with the text.
    pub fragment_start: Mark,
}

/// [`AuthorityParts`] without the host's type, as a parsed URI keeps them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct AuthorityBounds {
    /// Where the authority starts, after its `//`.
    pub start: usize,
    pub end: usize,
    /// Where the userinfo ends, at its `@`; it starts at `start`.
    pub userinfo_end: Mark,
    pub host_start: usize,
    pub host_end: usize,
    /// The port's value; the port, if any, is what follows the `:` at
    /// `host_end`, up to `end`.
    pub port: Option<u16>,
}

impl AuthorityBounds {
    pub fn span(&self) -> Range<usize> {
        self.start..self.end
    }

    pub fn userinfo(&self) -> Option<Range<usize>> {
        self.userinfo_end.get().map(|end| self.start..end)
    }

    pub fn host_span(&self) -> Range<usize> {
        self.host_start..self.host_end
    }

    pub fn port_span(&self) -> Option<Range<usize>> {
        (self.host_end < self.end).then(|| self.host_end + 1..self.end)
    }

    /// The bounds with the host's type: the [`AuthorityParts`] they come
    /// from.
    pub fn parts(&self, host: HostParts) -> AuthorityParts {
        AuthorityParts {
            span: self.span(),
            userinfo: self.userinfo(),
            host_span: self.host_span(),
            host,
            port_span: self.port_span(),
            port: self.port,
        }
    }
}

/// Why digits are not the value of a port.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PortError {
    /// Something else than a digit: only an edited grammar gets there.
    NotDigits,
    /// A number above 65535: the grammar allows any number of digits, and
    /// this crate's ports are `u16` (`ErrorKind::PortRange`).
    OutOfRange,
}

/// The value of `port = *DIGIT`: any number of digits, leading zeros
/// included, at most 65535; `None` for the empty port.
pub(crate) fn port_value(digits: &str) -> Result<Option<u16>, PortError> {
    if digits.is_empty() {
        return Ok(None);
    }
    // Saturating above the largest port rather than overflowing.
    let mut value: u32 = 0;
    for &byte in digits.as_bytes() {
        let digit = byte.wrapping_sub(b'0');
        if digit > 9 {
            return Err(PortError::NotDigits);
        }
        value = (value * 10 + u32::from(digit)).min(1 << 16);
    }
    u16::try_from(value)
        .map(Some)
        .map_err(|_| PortError::OutOfRange)
}

/// The version and address of the `IPvFuture` at `span` of `text`, which
/// is `"v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )` (without the
/// brackets of its IP literal): HEXDIG has no `.`, so the first `.` ends
/// the version. `None` when there is no `.` (only an edited grammar gets
/// there).
pub(crate) fn ipv_future(text: &str, span: Range<usize>) -> Option<HostParts> {
    let dot = span.start + text.get(span.clone())?.find('.')?;
    Some(HostParts::IpvFuture {
        version: span.start + 1..dot,
        address: dot + 1..span.end,
    })
}

/// The spans of an authority's subcomponents, as a parse tree or
/// [`AuthorityParts`] gives them: the authority, userinfo, host (as
/// written) and port.
pub(crate) type AuthoritySpans = (
    Range<usize>,
    Option<Range<usize>>,
    Range<usize>,
    Option<Range<usize>>,
);

/// Checks that the components tile `text` in the order and with the
/// delimiters of section 5.3, so that recomposing them gives `text` back,
/// and that the authority's subcomponents tile the authority; gives the
/// bounds a parsed URI keeps (the port's value is the caller's).
///
/// The one statement of how components tile a URI reference: the lowering
/// checks a parse tree with it, and [`Parts::check_tiling`] a `Uri`'s
/// parts. Inlined into the lowering, where the spans are values in
/// registers rather than a struct in memory.
///
/// # Errors
///
/// The byte where the tiling breaks, and what was expected there.
#[inline(always)]
pub(crate) fn tile(
    text: &str,
    scheme: Option<Range<usize>>,
    authority: Option<AuthoritySpans>,
    path: Range<usize>,
    query: Option<Range<usize>>,
    fragment: Option<Range<usize>>,
) -> Result<(Bounds, Option<AuthorityBounds>), (usize, &'static str)> {
    let bytes = text.as_bytes();
    let is = |at: usize, byte: u8| bytes.get(at) == Some(&byte);
    let mut at = 0;
    let mut scheme_end = None;
    if let Some(scheme) = scheme {
        if scheme.start != 0 || !is(scheme.end, b':') {
            return Err((scheme.start, "the scheme and its \":\" first"));
        }
        scheme_end = Some(scheme.end);
        at = scheme.end + 1;
    }
    let mut authority_bounds = None;
    if let Some((span, userinfo, host, port)) = authority {
        let error = (span.start, "\"//\" authority after the scheme");
        if span.start != at + 2 || !is(at, b'/') || !is(at + 1, b'/') {
            return Err(error);
        }
        let mut sub = span.start;
        let mut userinfo_end = None;
        if let Some(userinfo) = userinfo {
            if userinfo.start != sub || !is(userinfo.end, b'@') {
                return Err(error);
            }
            userinfo_end = Some(userinfo.end);
            sub = userinfo.end + 1;
        }
        if host.start != sub {
            return Err(error);
        }
        sub = host.end;
        if let Some(port) = port {
            if port.start != sub + 1 || !is(sub, b':') {
                return Err(error);
            }
            sub = port.end;
        }
        if sub != span.end {
            return Err(error);
        }
        authority_bounds = Some(AuthorityBounds {
            start: span.start,
            end: span.end,
            userinfo_end: Mark::of(userinfo_end),
            host_start: host.start,
            host_end: host.end,
            port: None,
        });
        at = span.end;
    }
    if path.start != at || path.end > text.len() {
        return Err((path.start, "the path after the scheme and authority"));
    }
    at = path.end;
    let mut query_end = None;
    if let Some(query) = query {
        if query.start != at + 1 || !is(at, b'?') {
            return Err((query.start, "\"?\" query after the path"));
        }
        query_end = Some(query.end);
        at = query.end;
    }
    let mut fragment_start = None;
    if let Some(fragment) = fragment {
        if fragment.start != at + 1 || !is(at, b'#') {
            return Err((fragment.start, "\"#\" fragment after the query"));
        }
        fragment_start = Some(fragment.start);
        at = fragment.end;
    }
    if at != text.len() {
        return Err((at, "a parse of the whole input"));
    }
    let bounds = Bounds {
        scheme_end: Mark::of(scheme_end),
        path_start: path.start,
        path_end: path.end,
        query_end: Mark::of(query_end),
        fragment_start: Mark::of(fragment_start),
    };
    Ok((bounds, authority_bounds))
}

impl Parts {
    /// Checks that the components tile `text` ([`tile`]).
    ///
    /// # Errors
    ///
    /// The byte where the tiling breaks, and what was expected there.
    pub fn check_tiling(&self, text: &str) -> Result<(), (usize, &'static str)> {
        let authority = self.authority.as_ref().map(|a| {
            (
                a.span.clone(),
                a.userinfo.clone(),
                a.host_span.clone(),
                a.port_span.clone(),
            )
        });
        tile(
            text,
            self.scheme.clone(),
            authority,
            self.path.clone(),
            self.query.clone(),
            self.fragment.clone(),
        )
        .map(|_| ())
    }
}

impl Parts {
    /// The bounds a parsed URI keeps of the components but the authority.
    /// The components must tile the text ([`check_tiling`](Self::check_tiling)).
    #[inline(always)]
    pub fn bounds(&self) -> Bounds {
        Bounds {
            scheme_end: Mark::of(self.scheme.as_ref().map(|s| s.end)),
            path_start: self.path.start,
            path_end: self.path.end,
            query_end: Mark::of(self.query.as_ref().map(|q| q.end)),
            fragment_start: Mark::of(self.fragment.as_ref().map(|f| f.start)),
        }
    }

    /// The parts of the URI of `bounds` and `authority`, whose text is
    /// `len` bytes long.
    pub fn from_bounds(bounds: &Bounds, authority: Option<AuthorityParts>, len: usize) -> Parts {
        Parts {
            scheme: bounds.scheme_end.get().map(|end| 0..end),
            authority,
            path: bounds.path_start..bounds.path_end,
            query: bounds.query_end.get().map(|end| bounds.path_end + 1..end),
            fragment: bounds.fragment_start.get().map(|start| start..len),
        }
    }
}

/// `range` moved from a text where the bounds start at `from` to one where
/// they start at `to`.
fn moved(range: Range<usize>, from: usize, to: usize) -> Range<usize> {
    range.start - from + to..range.end - from + to
}

impl HostParts {
    /// The same host where what was at byte `from` is at byte `to`.
    pub fn moved(self, from: usize, to: usize) -> HostParts {
        match self {
            HostParts::IpvFuture { version, address } => HostParts::IpvFuture {
                version: moved(version, from, to),
                address: moved(address, from, to),
            },
            HostParts::RegName(span) => HostParts::RegName(moved(span, from, to)),
            address => address,
        }
    }
}

impl AuthorityParts {
    /// The bounds a parsed URI keeps. The subcomponents must tile the
    /// authority (`Parts::check_tiling`).
    #[inline(always)]
    pub fn bounds(&self) -> AuthorityBounds {
        AuthorityBounds {
            start: self.span.start,
            end: self.span.end,
            userinfo_end: Mark::of(self.userinfo.as_ref().map(|u| u.end)),
            host_start: self.host_span.start,
            host_end: self.host_span.end,
            port: self.port,
        }
    }

    /// The same authority where what was at byte `from` is at byte `to`.
    pub fn moved(self, from: usize, to: usize) -> AuthorityParts {
        AuthorityParts {
            span: moved(self.span, from, to),
            userinfo: self.userinfo.map(|span| moved(span, from, to)),
            host_span: moved(self.host_span, from, to),
            host: self.host.moved(from, to),
            port_span: self.port_span.map(|span| moved(span, from, to)),
            port: self.port,
        }
    }
}
