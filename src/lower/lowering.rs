//! The lowering itself: from a parse's [`Record`] to the [`Bounds`] of
//! each component, with the host's kind checked against its text and the
//! port's value read ([`finish`]); and the pairs of a tree read into a
//! record ([`read`]), for a parse that kept its pairs (pest_derive's, the
//! compiled parser's full pairs).
//!
//! Imports: `bounds`, `error`, `grammar`, `ip` and `compiled::runtime`
//! (the nodes).

use core::ops::Range;

use pest::iterators::Pairs;

use crate::bounds::{
    ipv_future, part, port_value, Bounds, HostKind, PortError, Record, Zone, MAX_LEN,
};
use crate::compiled::runtime::Node;
use crate::error::{ErrorKind, ParseError};
use crate::grammar::UriRule;
use crate::ip::{ipv4, ipv6};

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

/// The record of a tree's pairs: each pair of a rule that plays a role
/// written by its role, as the compiled parser writes them as it matches.
#[inline(always)]
pub(crate) fn read<R: UriRule>(nodes: impl IntoIterator<Item = Node<R>>) -> Record {
    let mut record = Record::new();
    for node in nodes {
        if let Some(role) = node.rule.role() {
            record.write(role, node.start, node.end);
        }
    }
    record
}

/// Lowers the pairs of a successful parse of `input` ([`read`], then
/// [`finish`]).
#[inline(always)]
pub(crate) fn lower<R: UriRule>(
    input: &str,
    nodes: impl IntoIterator<Item = Node<R>>,
) -> Result<Bounds, ParseError> {
    finish(&read(nodes), input)
}

/// The error for a text longer than a reference can be.
#[cold]
#[inline(never)]
pub(crate) fn too_long(input: &str) -> ParseError {
    ParseError::new(
        ErrorKind::TooLong,
        input,
        MAX_LEN,
        "at most 4294967294 bytes",
    )
}

/// The error of a parse that records what is no reference: only a grammar
/// edited into another shape makes one.
#[cold]
#[inline(never)]
fn grammar_error(input: &str, offset: usize, what: &'static str) -> ParseError {
    ParseError::new(ErrorKind::Grammar, input, offset, what)
}

/// The bounds of `input` from the record of a parse of all of it: each
/// part the parse wrote, the host's kind checked against its text (an IP
/// address is read), the port's value read, and the zone of an IPv6 host
/// placed; then the bounds checked against the input ([`Bounds::check`]),
/// so that no grammar, however edited, makes a reference whose parts do
/// not divide its text as RFC 3986 does.
///
/// # Errors
///
/// A port above 65535, or an IP host whose text is not the address its
/// rule says ([`ErrorKind::PortRange`], [`ErrorKind::Ipv6Address`]); an
/// input longer than a reference can be; and where the record is no
/// reference ([`ErrorKind::Grammar`]: only an edited grammar gives one).
#[inline(always)]
pub(crate) fn finish(record: &Record, input: &str) -> Result<Bounds, ParseError> {
    if input.len() > MAX_LEN {
        return Err(too_long(input));
    }
    let written = record.written();
    let mut bounds = record.bounds();
    let authority = written & part::AUTHORITY != 0;
    // Most references have nothing to read in their authority: no port,
    // no zone, and a registered name. They are told apart by one test.
    let unusual = (record.twice() != 0)
        | (written & part::PATH == 0)
        | (written & (part::PORT | part::ZONE | part::ADDRESS) != 0)
        | (authority & (bounds.host_kind() != HostKind::RegName))
        | (!authority & (written & part::INSIDE_AUTHORITY != 0));
    if unusual {
        bounds = unusual_parts(record, bounds, input)?;
    }
    if let Err((at, expected)) = bounds.check(input) {
        return Err(grammar_error(input, at, expected));
    }
    if authority && record.authority_span() != bounds.authority().unwrap_or(0..0) {
        return Err(misplaced(record, input));
    }
    Ok(bounds)
}

/// [`finish`] of a record with something to read or check: each part at
/// most once, a path, the authority's parts inside one, and the host and
/// port's values.
#[inline(never)]
fn unusual_parts(record: &Record, bounds: Bounds, input: &str) -> Result<Bounds, ParseError> {
    let written = record.written();
    if record.twice() != 0 {
        return Err(grammar_error(
            input,
            record.twice_at(),
            "each component at most once",
        ));
    }
    if written & part::PATH == 0 {
        return Err(grammar_error(input, 0, "a path in every URI reference"));
    }
    if written & part::AUTHORITY == 0 {
        if written & part::INSIDE_AUTHORITY != 0 {
            let at = [
                (part::USERINFO, 0..0),
                (part::HOST, record.host_span()),
                (part::PORT, record.port_span()),
            ]
            .into_iter()
            .find(|(bit, _)| written & bit != 0)
            .map_or(0, |(_, span)| span.start);
            return Err(grammar_error(
                input,
                at,
                "host, userinfo and port inside an authority",
            ));
        }
        return Ok(bounds);
    }
    let Some(host) = bounds.host() else {
        return Ok(bounds);
    };
    if written & part::HOST == 0 || record.host_span().start != host.start {
        return Err(grammar_error(
            input,
            record.authority_span().start,
            "a host in every authority",
        ));
    }
    let kind = host_kind(record, bounds, host.clone(), input)?;
    let mut bounds = bounds;
    if written & part::ZONE != 0 {
        bounds = bounds.with_zone(Some(zone(record, kind, host, input)?));
    }
    match bounds.port() {
        Some(digits) => {
            if written & part::PORT == 0 || record.port_span() != digits {
                return Err(misplaced(record, input));
            }
            Ok(bounds.with_port(port(input, digits)?))
        }
        None if written & part::PORT != 0 => Err(misplaced(record, input)),
        None => Ok(bounds),
    }
}

/// The error of a record whose authority's parts do not lie where the
/// bounds place them: after the scheme's `//`, the port after the host's
/// `:`.
#[cold]
#[inline(never)]
fn misplaced(record: &Record, input: &str) -> ParseError {
    grammar_error(
        input,
        record.authority_span().start,
        "\"//\" authority after the scheme",
    )
}

/// The kind of the host at `host`, checked to have the value its rule says
/// it has: an IP address is read, not only matched.
fn host_kind(
    record: &Record,
    bounds: Bounds,
    host: Range<usize>,
    input: &str,
) -> Result<HostKind, ParseError> {
    let kind = bounds.host_kind();
    match kind {
        HostKind::RegName => {}
        HostKind::Ipv4 => {
            ipv4(&input[host.clone()]).ok_or_else(|| {
                grammar_error(input, host.start, "an IPv4address that is four octets")
            })?;
        }
        HostKind::Ipv6 => {
            let address = host.start + 1..record.ipv6_end();
            let text = input.get(address.clone()).unwrap_or_default();
            ipv6(text).ok_or_else(|| {
                ParseError::new(
                    ErrorKind::Ipv6Address,
                    input,
                    address.start,
                    "an IPv6address that is eight 16-bit pieces",
                )
            })?;
        }
        HostKind::IpvFuture => {
            // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ):
            // HEXDIG has no ".", so the first "." ends the version.
            let text = input.get(host.start + 1..host.end.saturating_sub(1));
            text.and_then(ipv_future)
                .ok_or_else(|| grammar_error(input, host.start, "an IPvFuture with a \".\""))?;
        }
    }
    Ok(kind)
}

/// The zone of an IPv6 literal (RFC 6874), from the pairs of the
/// grammar's `IPv6address` and `ZoneID`: the address right after the
/// host's `[`, the zone after it and right before the host's `]`, and no
/// further apart than [`Zone`] stores.
#[cold]
#[inline(never)]
fn zone(
    record: &Record,
    kind: HostKind,
    host: Range<usize>,
    input: &str,
) -> Result<Zone, ParseError> {
    let zone = record.zone_span();
    let bytes = input.as_bytes();
    if kind != HostKind::Ipv6 {
        return Err(grammar_error(
            input,
            zone.start,
            "a zone after an IPv6address",
        ));
    }
    let address_end = record.ipv6_end();
    let in_brackets = bytes.get(host.start) == Some(&b'[')
        && address_end <= zone.start
        && zone.end + 1 == host.end
        && bytes.get(zone.end) == Some(&b']');
    if !in_brackets {
        return Err(grammar_error(
            input,
            zone.start,
            "an IP literal that is \"[\" IPv6address, a zone and \"]\"",
        ));
    }
    Zone::new(host.start, address_end, zone.start).ok_or_else(|| {
        grammar_error(
            input,
            zone.start,
            "a zone at most 15 bytes after its IPv6address",
        )
    })
}

/// The value of `port = *DIGIT` at `digits` ([`port_value`]); a port above
/// 65535 is an error of its own.
fn port(input: &str, digits: Range<usize>) -> Result<Option<u16>, ParseError> {
    let bytes = input.as_bytes().get(digits.clone()).unwrap_or_default();
    port_value(bytes).map_err(|error| match error {
        PortError::NotDigits => grammar_error(input, digits.start, "a port of digits only"),
        PortError::OutOfRange => ParseError::port_range(input, digits.start),
    })
}

/// The kind of host `text` is, from the pairs of a parse of all of it from
/// the grammar's `host` rule (read as an authority's host is read); `None`
/// when the pairs do not make all of it one host.
pub(crate) fn host_of<R: UriRule>(
    text: &str,
    nodes: impl IntoIterator<Item = Node<R>>,
) -> Option<HostKind> {
    let record = read(nodes);
    if record.written() & part::HOST == 0 || record.host_span() != (0..text.len()) {
        return None;
    }
    let kind = record.raw().host_kind();
    let ok = match kind {
        HostKind::RegName => true,
        HostKind::Ipv4 => ipv4(text).is_some(),
        HostKind::Ipv6 => text.get(1..record.ipv6_end()).and_then(ipv6).is_some(),
        HostKind::IpvFuture => text
            .get(1..text.len().saturating_sub(1))
            .and_then(ipv_future)
            .is_some(),
    };
    ok.then_some(kind)
}
