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
pub(crate) fn port_value(digits: &[u8]) -> Result<Option<u16>, PortError> {
    if digits.is_empty() {
        return Ok(None);
    }
    // Saturating above the largest port rather than overflowing.
    let mut value: u32 = 0;
    for &byte in digits {
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

/// A span as the lowering reads it from a slot, which may be empty: then
/// `present` is false and the bounds are whatever the slot held, which
/// every check ignores.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Found {
    pub present: bool,
    pub start: usize,
    pub end: usize,
}

impl Found {
    pub fn of(span: Option<Range<usize>>) -> Found {
        match span {
            Some(span) => Found {
                present: true,
                start: span.start,
                end: span.end,
            },
            None => Found {
                present: false,
                start: 0,
                end: 0,
            },
        }
    }

    /// `end` if the span is there, otherwise `or`.
    #[inline(always)]
    fn end_or(self, or: usize) -> usize {
        if self.present {
            self.end
        } else {
            or
        }
    }
}

/// The spans of the components of a URI reference as found, for [`tile`]:
/// a parse tree's slots, or a `Uri`'s parts. The host's is the host as
/// written, and is read only with an authority.
///
/// A trait rather than a struct of spans: the lowering's slots are read in
/// place, where a struct built from them (and passed to the error path by
/// reference) would be written to memory first.
pub(crate) trait ComponentSpans {
    fn scheme(&self) -> Found;
    fn authority(&self) -> Found;
    fn userinfo(&self) -> Found;
    fn host(&self) -> Range<usize>;
    fn port(&self) -> Found;
    fn path(&self) -> Range<usize>;
    fn query(&self) -> Found;
    fn fragment(&self) -> Found;
}

/// What [`tile_with`] makes of its checks.
trait Checks {
    /// Takes the check that `ok`, which else fails at byte `at`, where
    /// `expected` was expected.
    fn check(&mut self, ok: bool, at: usize, expected: &'static str);
}

/// Whether every check passed: one `and` a check, with no branch (every
/// check passes on a parse of this crate's grammar, and which checks
/// matter depends on which components the reference has, which varies from
/// one reference to the next).
struct AllPass(bool);

impl Checks for AllPass {
    #[inline(always)]
    fn check(&mut self, ok: bool, _: usize, _: &'static str) {
        self.0 &= ok;
    }
}

/// The first check that failed: where, and what was expected there.
struct FirstFailure(Option<(usize, &'static str)>);

impl Checks for FirstFailure {
    fn check(&mut self, ok: bool, at: usize, expected: &'static str) {
        if !ok && self.0.is_none() {
            self.0 = Some((at, expected));
        }
    }
}

/// Checks that the components tile `text` in the order and with the
/// delimiters of section 5.3, so that recomposing them gives `text` back,
/// and that the authority's subcomponents tile the authority; gives the
/// bounds a parsed URI keeps (an authority's whether or not there is one,
/// and without the port's value, which are the caller's).
///
/// The one statement of how components tile a URI reference: the lowering
/// checks a parse tree with it, and [`Parts::check_tiling`] a `Uri`'s
/// parts. Inlined into the lowering, where it runs without a branch but
/// the last ([`AllPass`]); only when a check failed does it run again to
/// say which ([`FirstFailure`]).
///
/// # Errors
///
/// The byte where the tiling breaks first, and what was expected there.
#[inline(always)]
pub(crate) fn tile(
    text: &str,
    spans: &impl ComponentSpans,
) -> Result<(Bounds, AuthorityBounds), (usize, &'static str)> {
    let mut all = AllPass(true);
    let bounds = tile_with(text, spans, &mut all);
    if all.0 {
        Ok(bounds)
    } else {
        Err(first_failure(text, spans))
    }
}

/// The first check of [`tile`] that fails.
#[cold]
#[inline(never)]
fn first_failure(text: &str, spans: &impl ComponentSpans) -> (usize, &'static str) {
    let mut first = FirstFailure(None);
    tile_with(text, spans, &mut first);
    first.0.unwrap_or((0, "components that tile the reference"))
}

/// [`tile`]'s checks, made in order with `checks`, and the bounds.
#[inline(always)]
fn tile_with(
    text: &str,
    spans: &impl ComponentSpans,
    checks: &mut impl Checks,
) -> (Bounds, AuthorityBounds) {
    let bytes = text.as_bytes();
    // The byte at `at`; 0, which is no delimiter, past the end.
    let byte = |at: usize| bytes.get(at).copied().unwrap_or(0);
    let scheme = spans.scheme();
    let authority = spans.authority();
    let userinfo = spans.userinfo();
    let host = spans.host();
    let port = spans.port();
    let path = spans.path();
    let query = spans.query();
    let fragment = spans.fragment();

    checks.check(
        !scheme.present | ((scheme.start == 0) & (byte(scheme.end) == b':')),
        scheme.start,
        "the scheme and its \":\" first",
    );
    let at = if scheme.present { scheme.end + 1 } else { 0 };

    let host_start = if userinfo.present {
        userinfo.end + 1
    } else {
        authority.start
    };
    let subcomponents_tile = (!userinfo.present
        | ((userinfo.start == authority.start) & (byte(userinfo.end) == b'@')))
        & (host.start == host_start)
        & (!port.present | ((port.start == host.end + 1) & (byte(host.end) == b':')))
        & (port.end_or(host.end) == authority.end);
    checks.check(
        !authority.present
            | ((authority.start == at + 2)
                & (byte(at) == b'/')
                & (byte(at + 1) == b'/')
                & subcomponents_tile),
        authority.start,
        "\"//\" authority after the scheme",
    );
    let at = authority.end_or(at);

    checks.check(
        (path.start == at) & (path.end <= text.len()),
        path.start,
        "the path after the scheme and authority",
    );
    let at = path.end;
    checks.check(
        !query.present | ((query.start == at + 1) & (byte(at) == b'?')),
        query.start,
        "\"?\" query after the path",
    );
    let at = query.end_or(at);
    checks.check(
        !fragment.present | ((fragment.start == at + 1) & (byte(at) == b'#')),
        fragment.start,
        "\"#\" fragment after the query",
    );
    let at = fragment.end_or(at);
    checks.check(at == text.len(), at, "a parse of the whole input");

    let mark = |found: Found, at: usize| Mark(if found.present { at } else { usize::MAX });
    let bounds = Bounds {
        scheme_end: mark(scheme, scheme.end),
        path_start: path.start,
        path_end: path.end,
        query_end: mark(query, query.end),
        fragment_start: mark(fragment, fragment.start),
    };
    let authority = AuthorityBounds {
        start: authority.start,
        end: authority.end,
        userinfo_end: mark(userinfo, userinfo.end),
        host_start: host.start,
        host_end: host.end,
        port: None,
    };
    (bounds, authority)
}

impl ComponentSpans for Parts {
    fn scheme(&self) -> Found {
        Found::of(self.scheme.clone())
    }

    fn authority(&self) -> Found {
        Found::of(self.authority.as_ref().map(|a| a.span.clone()))
    }

    fn userinfo(&self) -> Found {
        Found::of(self.authority.as_ref().and_then(|a| a.userinfo.clone()))
    }

    fn host(&self) -> Range<usize> {
        self.authority
            .as_ref()
            .map_or(0..0, |a| a.host_span.clone())
    }

    fn port(&self) -> Found {
        Found::of(self.authority.as_ref().and_then(|a| a.port_span.clone()))
    }

    fn path(&self) -> Range<usize> {
        self.path.clone()
    }

    fn query(&self) -> Found {
        Found::of(self.query.clone())
    }

    fn fragment(&self) -> Found {
        Found::of(self.fragment.clone())
    }
}

impl Parts {
    /// Checks that the components tile `text` ([`tile`]).
    ///
    /// # Errors
    ///
    /// The byte where the tiling breaks, and what was expected there.
    pub fn check_tiling(&self, text: &str) -> Result<(), (usize, &'static str)> {
        tile(text, self).map(|_| ())
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
