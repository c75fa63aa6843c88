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

impl Parts {
    /// Checks that the components tile `text` in the order and with the
    /// delimiters of section 5.3, so that recomposing them gives `text`
    /// back, and that the authority's subcomponents tile the authority.
    ///
    /// # Errors
    ///
    /// The byte where the tiling breaks, and what was expected there.
    #[inline(always)]
    pub fn check_tiling(&self, text: &str) -> Result<(), (usize, &'static str)> {
        let bytes = text.as_bytes();
        // Whether `range` starts right after `delimiter`, which starts at
        // `at` (compared byte by byte: a delimiter is one or two bytes).
        let delimited = |range: &Range<usize>, delimiter: &[u8], at: usize| {
            range.start.checked_sub(delimiter.len()) == Some(at)
                && delimiter
                    .iter()
                    .enumerate()
                    .all(|(i, d)| bytes.get(at + i) == Some(d))
        };
        let mut at = 0;
        if let Some(scheme) = &self.scheme {
            if scheme.start != 0 || bytes.get(scheme.end) != Some(&b':') {
                return Err((scheme.start, "the scheme and its \":\" first"));
            }
            at = scheme.end + 1;
        }
        if let Some(authority) = &self.authority {
            if !delimited(&authority.span, b"//", at) || !authority.tiles(bytes) {
                return Err((authority.span.start, "\"//\" authority after the scheme"));
            }
            at = authority.span.end;
        }
        if self.path.start != at || self.path.end > text.len() {
            return Err((self.path.start, "the path after the scheme and authority"));
        }
        at = self.path.end;
        if let Some(query) = &self.query {
            if !delimited(query, b"?", at) {
                return Err((query.start, "\"?\" query after the path"));
            }
            at = query.end;
        }
        if let Some(fragment) = &self.fragment {
            if !delimited(fragment, b"#", at) {
                return Err((fragment.start, "\"#\" fragment after the query"));
            }
            at = fragment.end;
        }
        if at != text.len() {
            return Err((at, "a parse of the whole input"));
        }
        Ok(())
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

    /// Whether userinfo, host and port tile the authority with their `@`
    /// and `:`.
    fn tiles(&self, bytes: &[u8]) -> bool {
        let mut at = self.span.start;
        if let Some(userinfo) = &self.userinfo {
            if userinfo.start != at || bytes.get(userinfo.end) != Some(&b'@') {
                return false;
            }
            at = userinfo.end + 1;
        }
        if self.host_span.start != at {
            return false;
        }
        at = self.host_span.end;
        if let Some(port) = &self.port_span {
            if port.start != at + 1 || bytes.get(at) != Some(&b':') {
                return false;
            }
            at = port.end;
        }
        at == self.span.end
    }
}
