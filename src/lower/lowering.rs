//! The lowering itself: from a tree's pairs (or a recorder's slots) to the
//! [`Bounds`] of each component, with the host's kind checked against its
//! value and the port's value read.
//!
//! Imports: the rest of the lowering ([`slots`](super::slots),
//! [`tiling`](super::tiling)), `bounds`, `error`, `grammar`, `ip` and
//! `compiled::runtime` (the nodes).

use core::ops::Range;

use pest::iterators::Pairs;

use super::slots::{grammar_error, Slot, Slots, INSIDE_AUTHORITY, INSIDE_AUTHORITY_BITS};
use super::tiling::tile;
use crate::bounds::{ipv_future, port_value, Bounds, HostKind, PortError, Zone, MAX_LEN};
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

/// Lowers the pairs of a successful parse of `input` to the bounds of its
/// components, with the host's kind and the port's value.
///
/// One pass stores each pair in its slot, the same way for every rule;
/// the checks come after it, on the slots: each component at most once,
/// userinfo, host and port only inside an authority, and the components
/// tiling the input ([`tile`]).
#[inline(always)]
pub(crate) fn lower<R: UriRule>(
    input: &str,
    nodes: impl IntoIterator<Item = Node<R>>,
) -> Result<Bounds, ParseError> {
    lower_tiled::<R, false>(input, nodes)
}

/// [`lower`], where `TILED` says that the pairs are a tree of an entry rule
/// that [`tiles`]: the lowering then skips the checks of the tree's shape,
/// as [`captured_tiled`] does.
#[inline(always)]
pub(crate) fn lower_tiled<R: UriRule, const TILED: bool>(
    input: &str,
    nodes: impl IntoIterator<Item = Node<R>>,
) -> Result<Bounds, ParseError> {
    if input.len() > MAX_LEN {
        return Err(too_long(input));
    }
    let mut slots = Slots::new(input);
    let repeated = slots.read::<R, TILED>(nodes);
    if repeated != usize::MAX {
        return Err(grammar_error(
            input,
            repeated,
            "each component at most once",
        ));
    }
    slots.lower_tiled::<TILED>()
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

/// The kind of host `text` is, from the pairs of a parse of all of it from
/// the grammar's `host` rule (read as an authority's host is read); `None`
/// when the pairs do not make all of it one host.
pub(crate) fn host_of<R: UriRule>(
    text: &str,
    nodes: impl IntoIterator<Item = Node<R>>,
) -> Option<HostKind> {
    let mut slots = Slots::new(text);
    slots.read::<_, false>(nodes);
    let kind = slots.checked_host_kind(0).ok()?;
    (slots.host() == (0..text.len())).then_some(kind)
}

/// Lowers what a capture recorded ([`SlotRecorder`]) after a
/// successful parse of its input: exactly what [`lower`] makes of the full
/// pairs of the same parse. `None` where the capture cannot tell: a slot
/// filled twice (its first span is lost), or two kinds of host value (a
/// component twice); the caller then lowers the full pairs, which give the
/// error. The crate's grammars fill each slot once.
#[cfg(any(test, feature = "pest-parsers"))]
#[inline(always)]
pub(crate) fn captured(slots: &Slots<'_>) -> Option<Result<Bounds, ParseError>> {
    captured_tiled::<false>(slots)
}

/// [`captured`], where `TILED` says that the grammar's entry rule
/// [`tiles`]: the lowering then skips the checks of the tree's shape,
/// which every tree of that grammar passes.
#[inline(always)]
pub(crate) fn captured_tiled<const TILED: bool>(
    slots: &Slots<'_>,
) -> Option<Result<Bounds, ParseError>> {
    if slots.input.len() > MAX_LEN {
        return Some(Err(too_long(slots.input)));
    }
    if !slots.exact() {
        return None;
    }
    if TILED {
        if let Some(bounds) = slots.usual() {
            return Some(Ok(bounds));
        }
        return Some(slots.lower_unusual());
    }
    Some(slots.lower_tiled::<TILED>())
}

/// The kind of host of each set of host value slots filled
/// ([`Slots::usual`]): bit 0 `IPv4address`, bit 1 `reg-name`, bit 2
/// `IPv6address` (bit 3, `IPvFuture`, is never read here). A set of two is
/// never read either: [`Slots::exact`] rules it out.
const KIND_OF_VALUES: [HostKind; 8] = [
    HostKind::RegName,
    HostKind::Ipv4,
    HostKind::RegName,
    HostKind::RegName,
    HostKind::Ipv6,
    HostKind::RegName,
    HostKind::RegName,
    HostKind::RegName,
];

impl Slots<'_> {
    /// Types the host and port, then, unless `TILED`, checks that the
    /// components tile the input ([`tile`]), so that recomposing them gives
    /// the input back: the crate's grammar always satisfies this; an edited
    /// grammar that does not gets an error instead of an inconsistent URI.
    /// `TILED` says that the grammar makes those checks of the tree's shape
    /// ([`tiles`]), or the caller did: the userinfo, host and port inside an
    /// authority, a path, and components that tile the input. The value
    /// checks (an IP address, a port) are made either way.
    #[inline(always)]
    pub(crate) fn lower_tiled<const TILED: bool>(&self) -> Result<Bounds, ParseError> {
        let authority = self.found(Slot::Authority);
        let mut kind = HostKind::RegName;
        let mut zone = None;
        if authority.present {
            kind = self.checked_host_kind(authority.start)?;
            if self.seen & (1 << Slot::ZoneId as u32) != 0 {
                zone = Some(self.zone(kind)?);
            }
        } else if !TILED && self.seen & INSIDE_AUTHORITY_BITS != 0 {
            return Err(self.stray());
        }
        // A slot that is not filled reads as `0..0`, an empty port, which
        // reads as no port. Its span is not read: a parse can fill a slot
        // and then drop it (a `host ":" port` matched before a userinfo
        // proved to follow), which leaves the span behind.
        let port_span = self.found(Slot::Port);
        let digits = if port_span.present {
            port_span.start..port_span.end
        } else {
            0..0
        };
        let port = self.port(digits)?;
        // Where the components tile the input, the host ends at the ":"
        // before the port, or with the authority.
        let host_end = if !TILED {
            self.host().end
        } else if port_span.present {
            port_span.start.saturating_sub(1)
        } else {
            authority.end
        };
        if !TILED {
            if !self.found(Slot::Path).present {
                return Err(self.grammar_error(0, "a path in every URI reference"));
            }
            tile(self).map_err(|(at, expected)| self.grammar_error(at, expected))?;
        }
        let scheme = self.found(Slot::Scheme);
        let userinfo = self.found(Slot::Userinfo);
        let path = self.found(Slot::Path);
        Ok(Bounds::of_parse(
            scheme.present.then_some(scheme.end),
            (authority.present & userinfo.present).then_some(userinfo.end),
            authority.present.then_some((host_end, kind)),
            port.filter(|_| authority.present),
            path.start..path.end,
            self.found(Slot::Query).end_if_present(),
            self.found(Slot::Fragment).start_if_present(),
        )
        .with_zone(zone))
    }

    /// [`lower_tiled`](Self::lower_tiled)`::<true>` of slots where there is
    /// nothing to read or check: no port and no zone, and a host (if there
    /// is an authority) whose kind is the slot it fills, a `reg-name`, or
    /// an IP address of a grammar whose address rules match only addresses
    /// (`ip_read`). `None` for any other slots.
    ///
    /// Most references are of this kind, and they are told apart by one
    /// test, without a branch for each thing that could be there: whether
    /// there is an authority, a port, and the kind of host vary from one
    /// reference to the next, and the processor mispredicts a test of each.
    #[inline(always)]
    pub(crate) fn usual(&self) -> Option<Bounds> {
        let seen = self.seen;
        let values = (seen >> Slot::Ipv4Address as u32) & 0b1111;
        let read: u32 = if self.ip_read { 0b0111 } else { 0b0010 };
        let authority = self.found(Slot::Authority);
        let unusual = (values & !read)
            | (seen & (1 << Slot::Port as u32 | 1 << Slot::ZoneId as u32))
            | u32::from(authority.present & (values == 0));
        if unusual != 0 {
            return None;
        }
        let kind = KIND_OF_VALUES[(values & 0b0111) as usize];
        let scheme = self.found(Slot::Scheme);
        let userinfo = self.found(Slot::Userinfo);
        let path = self.found(Slot::Path);
        Some(Bounds::of_parse(
            scheme.present.then_some(scheme.end),
            (authority.present & userinfo.present).then_some(userinfo.end),
            authority.present.then_some((authority.end, kind)),
            None,
            path.start..path.end,
            self.found(Slot::Query).end_if_present(),
            self.found(Slot::Fragment).start_if_present(),
        ))
    }

    /// [`lower_tiled`](Self::lower_tiled)`::<true>` where
    /// [`usual`](Self::usual) is not: out of line, as few references get
    /// here.
    #[inline(never)]
    pub(crate) fn lower_unusual(&self) -> Result<Bounds, ParseError> {
        self.lower_tiled::<true>()
    }

    /// The zone of an IPv6 literal (RFC 6874), from the pairs of the
    /// grammar's `IPv6address` and `ZoneID`: the address right after the
    /// host's `[`, the zone after it and right before the host's `]`, and
    /// no further apart than [`Zone`] stores. Only a grammar that extends
    /// `IP-literal` has a `ZoneID`.
    #[cold]
    #[inline(never)]
    fn zone(&self, kind: HostKind) -> Result<Zone, ParseError> {
        let host = self.host();
        let zone = self.found(Slot::ZoneId);
        let bytes = self.input.as_bytes();
        let address = match self.span(Slot::Ipv6Address) {
            Some(address) if kind == HostKind::Ipv6 => address,
            _ => return Err(self.grammar_error(zone.start, "a zone after an IPv6address")),
        };
        let in_brackets = address.start == host.start + 1
            && bytes.get(host.start) == Some(&b'[')
            && address.end <= zone.start
            && zone.end + 1 == host.end
            && bytes.get(zone.end) == Some(&b']');
        if !in_brackets {
            return Err(self.grammar_error(
                zone.start,
                "an IP literal that is \"[\" IPv6address, a zone and \"]\"",
            ));
        }
        Zone::new(host.start, address.end, zone.start).ok_or_else(|| {
            self.grammar_error(zone.start, "a zone at most 15 bytes after its IPv6address")
        })
    }

    /// The error for a userinfo, host or port outside an authority: at the
    /// first of them, in the order of [`INSIDE_AUTHORITY`].
    #[cold]
    #[inline(never)]
    fn stray(&self) -> ParseError {
        let at = INSIDE_AUTHORITY
            .iter()
            .find_map(|&slot| self.span(slot))
            .map_or(0, |span| span.start);
        self.grammar_error(at, "host, userinfo and port inside an authority")
    }

    /// The kind of the host the slots hold, in an authority that starts at
    /// `authority`, checked to have the value the grammar says it has (an
    /// IP address is read, not only matched, unless the grammar's rules
    /// match only addresses: `ip_read`). The slots are tried in
    /// [`ip_host`](Self::ip_host)'s order.
    #[inline(always)]
    pub(crate) fn checked_host_kind(&self, authority: usize) -> Result<HostKind, ParseError> {
        if self.seen & (1 << Slot::RegName as u32) != 0 {
            Ok(HostKind::RegName)
        } else if self.ip_read && self.seen & (1 << Slot::Ipv4Address as u32) != 0 {
            Ok(HostKind::Ipv4)
        } else if self.ip_read && self.seen & (1 << Slot::Ipv6Address as u32) != 0 {
            Ok(HostKind::Ipv6)
        } else {
            self.ip_host(authority)
        }
    }

    /// [`checked_host_kind`](Self::checked_host_kind) when it is not a
    /// registered name: an IP address or IPvFuture.
    #[inline(never)]
    fn ip_host(&self, authority: usize) -> Result<HostKind, ParseError> {
        Ok(if let Some(at) = self.span(Slot::Ipv4Address) {
            ipv4(&self.input[at.clone()]).ok_or_else(|| {
                self.grammar_error(at.start, "an IPv4address that is four octets")
            })?;
            HostKind::Ipv4
        } else if let Some(at) = self.span(Slot::Ipv6Address) {
            ipv6(&self.input[at.clone()]).ok_or_else(|| {
                ParseError::new(
                    ErrorKind::Ipv6Address,
                    self.input,
                    at.start,
                    "an IPv6address that is eight 16-bit pieces",
                )
            })?;
            HostKind::Ipv6
        } else if let Some(at) = self.span(Slot::IpvFuture) {
            // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ):
            // HEXDIG has no ".", so the first "." ends the version.
            ipv_future(&self.input[at.clone()])
                .ok_or_else(|| self.grammar_error(at.start, "an IPvFuture with a \".\""))?;
            HostKind::IpvFuture
        } else {
            return Err(self.grammar_error(authority, "a host in every authority"));
        })
    }

    /// The value of `port = *DIGIT` ([`port_value`]); a port above 65535 is
    /// an error of its own.
    #[inline(always)]
    fn port(&self, digits: Range<usize>) -> Result<Option<u16>, ParseError> {
        let bytes = self
            .input
            .as_bytes()
            .get(digits.clone())
            .unwrap_or_default();
        port_value(bytes).map_err(|error| match error {
            PortError::NotDigits => self.grammar_error(digits.start, "a port of digits only"),
            PortError::OutOfRange => ParseError::port_range(self.input, digits.start),
        })
    }
}

#[cfg(test)]
mod tests {
    use alloc::string::ToString;

    use super::lower;
    use crate::bounds::HostKind;
    use crate::compiled::runtime::Node;
    use crate::error::ErrorKind;
    use crate::grammar::{RfcRule, UriRule};

    /// The rules of a grammar that extends `IP-literal` with RFC 6874's
    /// zone, as its `Rule` maps them.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    enum Z {
        Scheme,
        Authority,
        Userinfo,
        RegName,
        Ipv4Address,
        IpLiteral,
        Ipv6Address,
        IpvFuture,
        ZoneId,
        Port,
        PathAbempty,
        Query,
        Fragment,
    }

    impl UriRule for Z {
        fn rfc_rule(self) -> Option<RfcRule> {
            Some(match self {
                Z::Scheme => RfcRule::Scheme,
                Z::Authority => RfcRule::Authority,
                Z::Userinfo => RfcRule::Userinfo,
                Z::RegName => RfcRule::RegName,
                Z::Ipv4Address => RfcRule::Ipv4Address,
                Z::IpLiteral => RfcRule::IpLiteral,
                Z::Ipv6Address => RfcRule::Ipv6Address,
                Z::IpvFuture => RfcRule::IpvFuture,
                Z::ZoneId => RfcRule::ZoneId,
                Z::Port => RfcRule::Port,
                Z::PathAbempty => RfcRule::PathAbempty,
                Z::Query => RfcRule::Query,
                Z::Fragment => RfcRule::Fragment,
            })
        }

        fn from_rfc_rule(_: RfcRule) -> Option<Z> {
            None
        }
    }

    fn nodes(pairs: &[(Z, usize, usize)]) -> impl Iterator<Item = Node<Z>> + '_ {
        pairs
            .iter()
            .map(|&(rule, start, end)| Node { rule, start, end })
    }

    /// The zone is where the `ZoneID` pair is, the address where the
    /// `IPv6address` pair is; both survive the port's flags beside them.
    #[test]
    fn the_zone_is_the_pairs() {
        let input = "http://[fe80::1%25eth0]:80/";
        let bounds = lower(
            input,
            nodes(&[
                (Z::Scheme, 0, 4),
                (Z::Authority, 7, 26),
                (Z::IpLiteral, 7, 23),
                (Z::Ipv6Address, 8, 15),
                (Z::ZoneId, 18, 22),
                (Z::Port, 24, 26),
                (Z::PathAbempty, 26, 27),
            ]),
        )
        .unwrap();
        assert_eq!(bounds.host_kind(), HostKind::Ipv6);
        assert_eq!(bounds.zoned_address(), Some((8..15, 18..22)));
        assert_eq!(bounds.host(), Some(7..23));
        assert_eq!(bounds.port_value(), Some(80));
        assert!(bounds.has_authority());
        assert_eq!(bounds.with_zone(None).zoned_address(), None);
        assert_eq!(bounds.with_zone(None).host_kind(), HostKind::Ipv6);
        assert_eq!(bounds.with_zone(None).port_value(), Some(80));
    }

    /// An `IPv6address` pair over text that is not an address (only an
    /// edited grammar makes one) is an error at the pair, unless
    /// the slots say the grammar was proven to match only addresses
    /// (`ip_read`): then the host's kind is the slot it fills, unread.
    #[test]
    fn an_ip_address_is_read_unless_the_grammar_was_proven() {
        let input = "//[1:2:3]/";
        let pairs = [
            (Z::Authority, 2, 9),
            (Z::IpLiteral, 2, 9),
            (Z::Ipv6Address, 3, 8),
            (Z::PathAbempty, 9, 10),
        ];
        let error = lower(input, nodes(&pairs)).unwrap_err();
        assert_eq!(
            (error.kind(), error.offset(), error.expected()),
            (
                ErrorKind::Ipv6Address,
                3,
                "an IPv6address that is eight 16-bit pieces"
            )
        );
        let mut slots = super::Slots::new(input);
        slots.read::<Z, false>(nodes(&pairs));
        slots.ip_read = true;
        let bounds = slots.lower_tiled::<false>().unwrap();
        assert_eq!(
            (bounds.host_kind(), bounds.host()),
            (HostKind::Ipv6, Some(2..9))
        );
    }

    /// A zone the lowering cannot place is a grammar error at the zone,
    /// never a host typed wrong: outside the brackets, without an
    /// address, or further from it than the bounds store.
    #[test]
    fn a_misplaced_zone_is_a_grammar_error() {
        let error = |input: &str, pairs: &[(Z, usize, usize)]| {
            let error = lower(input, nodes(pairs)).unwrap_err();
            (error.kind(), error.offset(), error.to_string())
        };
        // After the "]".
        let input = "//[::1]%25x";
        assert_eq!(
            error(
                input,
                &[
                    (Z::Authority, 2, 11),
                    (Z::IpLiteral, 2, 11),
                    (Z::Ipv6Address, 3, 6),
                    (Z::ZoneId, 10, 11),
                    (Z::PathAbempty, 11, 11),
                ]
            ),
            (
                ErrorKind::Grammar,
                10,
                "unexpected parse tree at byte 10: expected an IP literal that is \"[\" \
                 IPv6address, a zone and \"]\""
                    .to_string()
            )
        );
        // No IPv6 address.
        let input = "//[v1.x%25y]";
        assert_eq!(
            error(
                input,
                &[
                    (Z::Authority, 2, 12),
                    (Z::IpLiteral, 2, 12),
                    (Z::IpvFuture, 3, 7),
                    (Z::ZoneId, 10, 11),
                    (Z::PathAbempty, 12, 12),
                ]
            ),
            (
                ErrorKind::Grammar,
                10,
                "unexpected parse tree at byte 10: expected a zone after an IPv6address"
                    .to_string()
            )
        );
        // 16 bytes between the address and the zone.
        let input = "//[::1%25%25%25%25%25%25x]";
        assert_eq!(
            error(
                input,
                &[
                    (Z::Authority, 2, 26),
                    (Z::IpLiteral, 2, 26),
                    (Z::Ipv6Address, 3, 6),
                    (Z::ZoneId, 24, 25),
                    (Z::PathAbempty, 26, 26),
                ]
            )
            .1,
            24
        );
    }

    /// `usual` gives what `lower_tiled::<true>` gives, and gives nothing
    /// exactly where there is something to read or check: a port (even an
    /// empty one), a zone, an IPvFuture, an authority without a host
    /// value, or an IP address of a grammar whose rules were not proven to
    /// match only addresses (`ip_read`).
    #[test]
    fn the_usual_slots_lower_as_all_others() {
        use Z::*;
        // An input, its pairs, and whether `usual` lowers them with
        // `ip_read` and without.
        type Case = (&'static str, &'static [(Z, usize, usize)], bool, bool);
        let cases: &[Case] = &[
            (
                "http://a@b/c?d#e",
                &[
                    (Scheme, 0, 4),
                    (Authority, 7, 10),
                    (Userinfo, 7, 8),
                    (RegName, 9, 10),
                    (PathAbempty, 10, 12),
                    (Query, 13, 14),
                    (Fragment, 15, 16),
                ],
                true,
                true,
            ),
            (
                "x:/b?",
                &[(Scheme, 0, 1), (PathAbempty, 2, 4), (Query, 5, 5)],
                true,
                true,
            ),
            (
                "//1.2.3.4/",
                &[(Authority, 2, 9), (Ipv4Address, 2, 9), (PathAbempty, 9, 10)],
                true,
                false,
            ),
            (
                "//[::1]",
                &[
                    (Authority, 2, 7),
                    (IpLiteral, 2, 7),
                    (Ipv6Address, 3, 6),
                    (PathAbempty, 7, 7),
                ],
                true,
                false,
            ),
            (
                "//[v1.x]",
                &[
                    (Authority, 2, 8),
                    (IpLiteral, 2, 8),
                    (IpvFuture, 3, 7),
                    (PathAbempty, 8, 8),
                ],
                false,
                false,
            ),
            (
                "//a:80/",
                &[
                    (Authority, 2, 6),
                    (RegName, 2, 3),
                    (Port, 4, 6),
                    (PathAbempty, 6, 7),
                ],
                false,
                false,
            ),
            (
                "//a:/",
                &[
                    (Authority, 2, 4),
                    (RegName, 2, 3),
                    (Port, 4, 4),
                    (PathAbempty, 4, 5),
                ],
                false,
                false,
            ),
            (
                "//[fe80::1%25e]",
                &[
                    (Authority, 2, 15),
                    (IpLiteral, 2, 15),
                    (Ipv6Address, 3, 10),
                    (ZoneId, 13, 14),
                    (PathAbempty, 15, 15),
                ],
                false,
                false,
            ),
            (
                "//",
                &[(Authority, 2, 2), (PathAbempty, 2, 2)],
                false,
                false,
            ),
        ];
        for &(input, pairs, with_read, without) in cases {
            for (ip_read, usual) in [(true, with_read), (false, without)] {
                let mut slots = super::Slots::new(input);
                slots.read::<Z, true>(nodes(pairs));
                slots.ip_read = ip_read;
                let lowered = slots.lower_tiled::<true>().ok();
                match slots.usual() {
                    Some(bounds) => assert_eq!(Some(bounds), lowered, "{input}"),
                    None => assert!(!usual, "{input}, ip_read {ip_read}"),
                }
                assert_eq!(slots.usual().is_some(), usual, "{input}, ip_read {ip_read}");
            }
        }
        // What the lowering makes of the usual ones, for the record.
        let mut slots = super::Slots::new("http://a@b/c?d#e");
        slots.read::<Z, true>(nodes(cases[0].1));
        let bounds = slots.usual().unwrap();
        assert_eq!(
            (bounds.host(), bounds.host_kind(), bounds.port_value()),
            (Some(9..10), HostKind::RegName, None)
        );
    }
}
