//! The lowering pass: from the parse tree of a grammar derived from
//! `uri.pest` to the bounds of each component and the typed host and port.
//!
//! It reads the structure the grammar found and records where each
//! component lies; it does not split the text again. The one allocation of a
//! parse, the URI's text, is made by the caller.
//!
//! The tree is read as what both parsers give: each pair's rule, start and
//! end, in preorder ([`Node`]). pest_derive's `Pairs` give them through
//! [`pest_nodes`], the compiled parser's `Tree` directly.

use core::net::{Ipv4Addr, Ipv6Addr};
use core::ops::Range;

use pest::iterators::Pairs;

pub(crate) use crate::compiled::runtime::Node;
use crate::error::{ErrorKind, ParseError};
use crate::grammar::{RfcRule, UriRule};

/// The pairs of a pest parse tree as nodes, in preorder.
pub(crate) fn pest_nodes<'i, R: pest::RuleType + 'i>(
    pairs: Pairs<'i, R>,
) -> impl Iterator<Item = Node<R>> + 'i {
    pairs.flatten().map(|pair| {
        let span = pair.as_span();
        Node {
            rule: pair.as_rule(),
            start: span.start(),
            end: span.end(),
        }
    })
}

/// Where each component of a URI reference lies in its text, as the lowering
/// found them. Undefined components are `None`; the path is always defined.
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
    pub port: Option<u16>,
}

/// The host, typed by the rule that matched it.
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

/// Lowers the pairs of a successful parse of `input`.
///
/// One pass over the pairs in preorder: an authority's pair comes before
/// those of its userinfo, host and port, so they are read into the authority
/// most recently opened. Rules that only group others, and a derived
/// grammar's own rules, are passed over; [`Lowering::finish`] then checks
/// that what was found tiles the input.
pub(crate) fn lower<R: UriRule>(
    input: &str,
    nodes: impl IntoIterator<Item = Node<R>>,
) -> Result<Parts, ParseError> {
    let mut lowering = Lowering {
        input,
        scheme: None,
        authority: None,
        path: None,
        query: None,
        fragment: None,
    };
    for node in nodes {
        lowering.node(node)?;
    }
    lowering.finish()
}

struct Lowering<'i> {
    input: &'i str,
    scheme: Option<Range<usize>>,
    authority: Option<AuthorityBuilder>,
    path: Option<Range<usize>>,
    query: Option<Range<usize>>,
    fragment: Option<Range<usize>>,
}

/// An authority while its subcomponents are being read.
struct AuthorityBuilder {
    span: Range<usize>,
    userinfo: Option<Range<usize>>,
    host_span: Option<Range<usize>>,
    host: Option<HostParts>,
    port_span: Option<Range<usize>>,
}

/// Stores a component that a URI reference has at most once.
fn once<T>(input: &str, slot: &mut Option<T>, value: T, at: usize) -> Result<(), ParseError> {
    if slot.is_some() {
        return Err(ParseError::new(
            ErrorKind::Grammar,
            input,
            at,
            "each component at most once",
        ));
    }
    *slot = Some(value);
    Ok(())
}

impl<'i> Lowering<'i> {
    fn grammar_error(&self, offset: usize, what: &'static str) -> ParseError {
        ParseError::new(ErrorKind::Grammar, self.input, offset, what)
    }

    /// The authority that userinfo, host and port belong to.
    fn authority(&mut self, at: usize) -> Result<&mut AuthorityBuilder, ParseError> {
        let input = self.input;
        self.authority.as_mut().ok_or_else(|| {
            ParseError::new(
                ErrorKind::Grammar,
                input,
                at,
                "host, userinfo and port inside an authority",
            )
        })
    }

    fn node<R: UriRule>(&mut self, node: Node<R>) -> Result<(), ParseError> {
        let range = node.start..node.end;
        let at = range.start;
        let input = self.input;
        let text = input.get(range.clone()).unwrap_or("");
        match node.rule.rfc_rule() {
            // Rules that only group others, and a derived grammar's own rules.
            None
            | Some(
                RfcRule::UriReference
                | RfcRule::Uri
                | RfcRule::AbsoluteUri
                | RfcRule::RelativeRef
                | RfcRule::RelativePart
                | RfcRule::HierPart
                | RfcRule::Path,
            ) => Ok(()),
            Some(RfcRule::Scheme) => once(input, &mut self.scheme, range, at),
            Some(RfcRule::Authority) => {
                let authority = AuthorityBuilder {
                    span: range,
                    userinfo: None,
                    host_span: None,
                    host: None,
                    port_span: None,
                };
                once(input, &mut self.authority, authority, at)
            }
            Some(RfcRule::Userinfo) => once(input, &mut self.authority(at)?.userinfo, range, at),
            Some(RfcRule::Port) => once(input, &mut self.authority(at)?.port_span, range, at),
            // The host is the span of `host` or, when that rule is silent, of
            // the rule inside it that matched.
            Some(RfcRule::Host) => once(input, &mut self.authority(at)?.host_span, range, at),
            Some(RfcRule::IpLiteral) => {
                self.authority(at)?.host_span.get_or_insert(range);
                Ok(())
            }
            Some(RfcRule::Ipv4Address) => {
                let address = text
                    .parse::<Ipv4Addr>()
                    .map_err(|_| self.grammar_error(at, "an IPv4address that is four octets"))?;
                let authority = self.authority(at)?;
                authority.host_span.get_or_insert(range);
                once(input, &mut authority.host, HostParts::Ipv4(address), at)
            }
            Some(RfcRule::Ipv6Address) => {
                let address = text.parse::<Ipv6Addr>().map_err(|_| {
                    ParseError::new(
                        ErrorKind::Ipv6Address,
                        input,
                        at,
                        "an IPv6address that is eight 16-bit pieces",
                    )
                })?;
                once(
                    input,
                    &mut self.authority(at)?.host,
                    HostParts::Ipv6(address),
                    at,
                )
            }
            Some(RfcRule::IpvFuture) => {
                // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ):
                // HEXDIG has no ".", so the first "." ends the version.
                let Some(dot) = text.find('.') else {
                    return Err(self.grammar_error(at, "an IPvFuture with a \".\""));
                };
                let version = at + 1..at + dot;
                let address = at + dot + 1..range.end;
                let host = HostParts::IpvFuture { version, address };
                once(input, &mut self.authority(at)?.host, host, at)
            }
            Some(RfcRule::RegName) => {
                let authority = self.authority(at)?;
                authority.host_span.get_or_insert(range.clone());
                once(input, &mut authority.host, HostParts::RegName(range), at)
            }
            Some(
                RfcRule::PathAbempty
                | RfcRule::PathAbsolute
                | RfcRule::PathNoscheme
                | RfcRule::PathRootless
                | RfcRule::PathEmpty,
            ) => once(input, &mut self.path, range, at),
            Some(RfcRule::Query) => once(input, &mut self.query, range, at),
            Some(RfcRule::Fragment) => once(input, &mut self.fragment, range, at),
        }
    }

    /// The authority that was read, with its port's value.
    fn authority_parts(&self, builder: &AuthorityBuilder) -> Result<AuthorityParts, ParseError> {
        let (Some(host_span), Some(host)) = (builder.host_span.clone(), builder.host.clone())
        else {
            return Err(self.grammar_error(builder.span.start, "a host in every authority"));
        };
        let port = match &builder.port_span {
            Some(digits) if !digits.is_empty() => Some(self.port(digits.clone())?),
            _ => None,
        };
        Ok(AuthorityParts {
            span: builder.span.clone(),
            userinfo: builder.userinfo.clone(),
            host_span,
            host,
            port_span: builder.port_span.clone(),
            port,
        })
    }

    /// The value of a non-empty `port = *DIGIT`. The grammar allows any
    /// number of digits; a port is 16 bits, and more is an error of its own.
    fn port(&self, digits: Range<usize>) -> Result<u16, ParseError> {
        let mut value: u16 = 0;
        for byte in self.input[digits.clone()].bytes() {
            if !byte.is_ascii_digit() {
                return Err(self.grammar_error(digits.start, "a port of digits only"));
            }
            value = value
                .checked_mul(10)
                .and_then(|v| v.checked_add(u16::from(byte - b'0')))
                .ok_or_else(|| {
                    ParseError::new(
                        ErrorKind::PortRange,
                        self.input,
                        digits.start,
                        "a port number from 0 to 65535",
                    )
                })?;
        }
        Ok(value)
    }

    /// Checks that the components found tile the input in the order and
    /// with the delimiters of section 5.3, so that recomposing them gives
    /// the input back. The crate's grammar always satisfies this; an edited
    /// grammar that does not gets an error instead of an inconsistent URI.
    fn finish(self) -> Result<Parts, ParseError> {
        let authority = match &self.authority {
            Some(builder) => Some(self.authority_parts(builder)?),
            None => None,
        };
        let Some(path) = self.path.clone() else {
            return Err(self.grammar_error(0, "a path in every URI reference"));
        };
        let bytes = self.input.as_bytes();
        let delimited = |range: &Range<usize>, before: &[u8], at: usize| {
            range.start >= before.len()
                && range.start - before.len() == at
                && &bytes[at..range.start] == before
        };

        let mut at = 0;
        if let Some(scheme) = &self.scheme {
            if scheme.start != 0 || bytes.get(scheme.end) != Some(&b':') {
                return Err(self.grammar_error(scheme.start, "the scheme and its \":\" first"));
            }
            at = scheme.end + 1;
        }
        if let Some(authority) = &authority {
            if !delimited(&authority.span, b"//", at) || !self.authority_tiles(authority) {
                return Err(
                    self.grammar_error(authority.span.start, "\"//\" authority after the scheme")
                );
            }
            at = authority.span.end;
        }
        if path.start != at {
            return Err(self.grammar_error(path.start, "the path after the scheme and authority"));
        }
        at = path.end;
        if let Some(query) = &self.query {
            if !delimited(query, b"?", at) {
                return Err(self.grammar_error(query.start, "\"?\" query after the path"));
            }
            at = query.end;
        }
        if let Some(fragment) = &self.fragment {
            if !delimited(fragment, b"#", at) {
                return Err(self.grammar_error(fragment.start, "\"#\" fragment after the query"));
            }
            at = fragment.end;
        }
        if at != self.input.len() {
            return Err(self.grammar_error(at, "a parse of the whole input"));
        }
        Ok(Parts {
            scheme: self.scheme,
            authority,
            path,
            query: self.query,
            fragment: self.fragment,
        })
    }

    /// Whether userinfo, host and port tile the authority with their `@`
    /// and `:`.
    fn authority_tiles(&self, authority: &AuthorityParts) -> bool {
        let bytes = self.input.as_bytes();
        let mut at = authority.span.start;
        if let Some(userinfo) = &authority.userinfo {
            if userinfo.start != at || bytes.get(userinfo.end) != Some(&b'@') {
                return false;
            }
            at = userinfo.end + 1;
        }
        if authority.host_span.start != at {
            return false;
        }
        at = authority.host_span.end;
        if let Some(port) = &authority.port_span {
            if port.start != at + 1 || bytes.get(at) != Some(&b':') {
                return false;
            }
            at = port.end;
        }
        at == authority.span.end
    }
}
