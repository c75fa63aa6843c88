//! The lowering pass: from the parse tree of a grammar derived from
//! `uri.pest` to the bounds of each component and the typed host and port.
//!
//! It reads the structure the grammar found and records where each
//! component lies; it does not split the text again. The one allocation of a
//! parse, the URI's text, is made once the tree is known to be a URI.
//!
//! The tree is read as what both parsers give: each pair's rule, start and
//! end, in preorder ([`Node`]). pest_derive's `Pairs` give them through
//! [`pest_nodes`], the compiled parser's `Tree` directly.

use alloc::sync::Arc;
use core::net::{Ipv4Addr, Ipv6Addr};
use core::ops::Range;

use pest::iterators::Pairs;

pub(crate) use crate::compiled::runtime::Node;
use crate::error::{ErrorKind, ParseError};
use crate::grammar::{RfcRule, UriRule};
use crate::parts::{
    ipv_future, port_value, tile, AuthorityBounds, Bounds, ComponentSpans, Found, HostParts, Parts,
    PortError,
};
use crate::percent;
use crate::uri::Uri;

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

/// What the lowering keeps: one slot for each thing it reads, in which the
/// span of the (last) pair that gives it is stored.
#[derive(Clone, Copy)]
enum Slot {
    Scheme,
    Authority,
    Userinfo,
    /// The span of a `host` pair.
    Host,
    /// The span of an `IP-literal` pair, brackets included.
    IpLiteral,
    Ipv4Address,
    RegName,
    Ipv6Address,
    IpvFuture,
    Port,
    /// Any of the five path rules: the path is one component, whichever
    /// rule matched it.
    Path,
    Query,
    Fragment,
    /// The rules that only group others, a derived grammar's own, and
    /// `EOI`: stored like the others and never read, so that the loop takes
    /// the same path for every pair.
    Other,
}

const SLOTS: usize = Slot::Other as usize + 1;

// `Slots::host` reads the four host values as consecutive slots.
const _: () = assert!(
    Slot::RegName as usize == Slot::Ipv4Address as usize + 1
        && Slot::Ipv6Address as usize == Slot::Ipv4Address as usize + 2
        && Slot::IpvFuture as usize == Slot::Ipv4Address as usize + 3
);

/// How many RFC rules there are, and the index in [`SLOT_OF`] of a rule
/// that is none of them.
const RFC_RULES: usize = RfcRule::IpvFuture as usize + 1;

/// The slot of the pairs of each RFC rule, in `RfcRule` order, then of the
/// rules that are none of them.
const SLOT_OF: [Slot; RFC_RULES + 1] = {
    let mut table = [Slot::Other; RFC_RULES + 1];
    table[RfcRule::Scheme as usize] = Slot::Scheme;
    table[RfcRule::Query as usize] = Slot::Query;
    table[RfcRule::Fragment as usize] = Slot::Fragment;
    table[RfcRule::Authority as usize] = Slot::Authority;
    table[RfcRule::PathAbempty as usize] = Slot::Path;
    table[RfcRule::PathAbsolute as usize] = Slot::Path;
    table[RfcRule::PathNoscheme as usize] = Slot::Path;
    table[RfcRule::PathRootless as usize] = Slot::Path;
    table[RfcRule::PathEmpty as usize] = Slot::Path;
    table[RfcRule::Userinfo as usize] = Slot::Userinfo;
    table[RfcRule::Host as usize] = Slot::Host;
    table[RfcRule::Port as usize] = Slot::Port;
    table[RfcRule::IpLiteral as usize] = Slot::IpLiteral;
    table[RfcRule::Ipv4Address as usize] = Slot::Ipv4Address;
    table[RfcRule::RegName as usize] = Slot::RegName;
    table[RfcRule::Ipv6Address as usize] = Slot::Ipv6Address;
    table[RfcRule::IpvFuture as usize] = Slot::IpvFuture;
    table
};

/// The bit of each slot in the check that each component comes at most
/// once. The four kinds of host value are one component; an IP literal
/// wraps one of them, and the other slots are not components.
const ONCE: [u16; SLOTS] = {
    let host_value = 1 << Slot::RegName as u16;
    let mut table = [0; SLOTS];
    let mut slot = 0;
    while slot < SLOTS {
        table[slot] = 1 << slot;
        slot += 1;
    }
    table[Slot::Ipv4Address as usize] = host_value;
    table[Slot::Ipv6Address as usize] = host_value;
    table[Slot::IpvFuture as usize] = host_value;
    table[Slot::IpLiteral as usize] = 0;
    table[Slot::Other as usize] = 0;
    table
};

/// The slots that only an authority holds, in the order in which a stray
/// one is reported.
const INSIDE_AUTHORITY: [Slot; 8] = [
    Slot::Userinfo,
    Slot::Host,
    Slot::Port,
    Slot::IpLiteral,
    Slot::Ipv4Address,
    Slot::RegName,
    Slot::Ipv6Address,
    Slot::IpvFuture,
];

/// [`INSIDE_AUTHORITY`] as bits of [`Slots::seen`].
const INSIDE_AUTHORITY_BITS: u32 = {
    let mut bits = 0;
    let mut i = 0;
    while i < INSIDE_AUTHORITY.len() {
        bits |= 1 << INSIDE_AUTHORITY[i] as u32;
        i += 1;
    }
    bits
};

/// What the lowering makes of a tree: the bounds of the components, and
/// the authority's with its host typed.
pub(crate) struct Lowered {
    pub bounds: Bounds,
    pub authority: Option<(AuthorityBounds, HostParts)>,
}

/// The `Uri` of `input` from the pairs of a successful parse of it.
///
/// Inlined into each parse function with everything it calls but the
/// error paths: the spans then stay in registers, and the `Uri` is written
/// where the caller returns it (callgrind, per reference of the benchmark
/// corpus: see BENCHMARKS.md).
#[inline(always)]
pub(crate) fn lower_uri<R: UriRule>(
    input: &str,
    nodes: impl IntoIterator<Item = Node<R>>,
) -> Result<Uri, ParseError> {
    let lowered = lower_bounds(input, nodes)?;
    Ok(Uri::from_bounds(Arc::from(input), lowered))
}

/// Lowers the pairs of a successful parse of `input` to its parts.
pub(crate) fn lower<R: UriRule>(
    input: &str,
    nodes: impl IntoIterator<Item = Node<R>>,
) -> Result<Parts, ParseError> {
    let Lowered { bounds, authority } = lower_bounds(input, nodes)?;
    let authority = authority.map(|(bounds, host)| bounds.parts(host));
    Ok(Parts::from_bounds(&bounds, authority, input.len()))
}

/// Lowers the pairs of a successful parse of `input`.
///
/// One pass stores each pair in its slot, with no decision per pair, so
/// that nothing in the loop depends on which rule came. The checks come
/// after it: each component at most once, userinfo, host and port only
/// inside an authority, and the components tiling the input ([`tile`]).
#[inline(always)]
fn lower_bounds<R: UriRule>(
    input: &str,
    nodes: impl IntoIterator<Item = Node<R>>,
) -> Result<Lowered, ParseError> {
    let mut slots = Slots::new(input);
    let repeated = slots.read(nodes);
    if repeated != usize::MAX {
        return Err(grammar_error(
            input,
            repeated,
            "each component at most once",
        ));
    }
    slots.lower()
}

/// The slot of the pairs of `rule`. `None` (a rule that is not the RFC's)
/// is the index after the RFC rules rather than a branch: whether a pair's
/// rule is one of them varies from pair to pair (`EOI` is not).
#[inline(always)]
fn slot_of<R: UriRule>(rule: R) -> usize {
    SLOT_OF[rule.rfc_rule().map_or(RFC_RULES, |rule| rule as usize)] as usize
}

/// The typed host of `text` when all of it is a `host` by the grammar
/// (the compiled parser from that rule, read as an authority's host is
/// read), its bounds from the start of `text`; `None` when it is not.
pub(crate) fn host(text: &str) -> Option<HostParts> {
    use crate::compiled::uri;
    let mut tree = uri::tree(text);
    let end = uri::run(crate::grammar::Rule::host, &mut tree)?;
    if end != text.len() {
        return None;
    }
    let mut slots = Slots::new(text);
    slots.read(tree.nodes());
    let host = slots.host_value(0).ok()?;
    (ComponentSpans::host(&slots) == (0..text.len())).then_some(host)
}

impl ComponentSpans for Slots<'_> {
    fn scheme(&self) -> Found {
        self.found(Slot::Scheme)
    }

    fn authority(&self) -> Found {
        self.found(Slot::Authority)
    }

    fn userinfo(&self) -> Found {
        self.found(Slot::Userinfo)
    }

    /// The host as written: the `host` pair's span or, that rule being
    /// silent, the IP literal's (with its brackets) or the host value's.
    /// The slot is chosen without a branch, and read once: the four host
    /// values are consecutive slots, and at most one is filled (they are
    /// one component, which [`lower_bounds`] checks comes once).
    fn host(&self) -> Range<usize> {
        let values = (self.seen >> Slot::Ipv4Address as u32) & 0b1111;
        let value = Slot::Ipv4Address as usize + (values.trailing_zeros() as usize).min(3);
        let slot = if self.seen & (1 << Slot::Host as u32) != 0 {
            Slot::Host as usize
        } else if self.seen & (1 << Slot::IpLiteral as u32) != 0 {
            Slot::IpLiteral as usize
        } else {
            value
        };
        let (start, end) = self.spans[slot];
        start..end
    }

    fn port(&self) -> Found {
        self.found(Slot::Port)
    }

    fn path(&self) -> Range<usize> {
        let path = self.found(Slot::Path);
        path.start..path.end
    }

    fn query(&self) -> Found {
        self.found(Slot::Query)
    }

    fn fragment(&self) -> Found {
        self.found(Slot::Fragment)
    }
}

/// The pairs of a parse tree, by slot.
struct Slots<'i> {
    input: &'i str,
    spans: [(usize, usize); SLOTS],
    /// The slots filled, as bits.
    seen: u32,
}

/// The error of a parse tree that lacks what the lowering reads: only an
/// edited grammar makes one.
#[cold]
#[inline(never)]
fn grammar_error(input: &str, offset: usize, what: &'static str) -> ParseError {
    ParseError::new(ErrorKind::Grammar, input, offset, what)
}

impl<'i> Slots<'i> {
    /// Empty slots for the pairs of a parse of `input`.
    #[inline(always)]
    fn new(input: &'i str) -> Slots<'i> {
        Slots {
            input,
            spans: [(0, 0); SLOTS],
            seen: 0,
        }
    }

    /// Stores each pair in its slot; returns where a component came a
    /// second time (`usize::MAX` if none did). The slots are filled in
    /// place: they are 224 bytes, which returning them would copy.
    #[inline(always)]
    fn read<R: UriRule>(&mut self, nodes: impl IntoIterator<Item = Node<R>>) -> usize {
        let mut components: u16 = 0;
        let mut repeated = usize::MAX;
        // A local, not the field, so that it stays in a register.
        let mut seen: u32 = 0;
        for node in nodes {
            let slot = slot_of(node.rule);
            let once = ONCE[slot];
            if components & once != 0 {
                // Pairs come in preorder: the first repeat starts first.
                repeated = repeated.min(node.start);
            }
            components |= once;
            seen |= 1 << slot;
            self.spans[slot] = (node.start, node.end);
        }
        self.seen = seen;
        repeated
    }

    fn grammar_error(&self, offset: usize, what: &'static str) -> ParseError {
        grammar_error(self.input, offset, what)
    }

    /// The span stored in `slot`, if it was filled.
    #[inline(always)]
    fn span(&self, slot: Slot) -> Option<Range<usize>> {
        let (start, end) = self.spans[slot as usize];
        (self.seen & (1 << slot as usize) != 0).then_some(start..end)
    }

    /// The span in `slot`, whether or not a pair filled it.
    #[inline(always)]
    fn found(&self, slot: Slot) -> Found {
        let (start, end) = self.spans[slot as usize];
        Found {
            present: self.seen & (1 << slot as usize) != 0,
            start,
            end,
        }
    }

    /// Types the host and port, then checks that the components tile the
    /// input ([`tile`]), so that recomposing them gives the input back.
    /// The crate's grammar always satisfies this; an edited grammar that
    /// does not gets an error instead of an inconsistent URI.
    #[inline(always)]
    fn lower(&self) -> Result<Lowered, ParseError> {
        let authority = self.found(Slot::Authority);
        let mut host = None;
        if authority.present {
            host = Some(self.host_value(authority.start)?);
        } else if self.seen & INSIDE_AUTHORITY_BITS != 0 {
            return Err(self.stray());
        }
        // An empty slot reads as `0..0`, an empty port: no branch on
        // whether there is one.
        let port = self.found(Slot::Port);
        let port = self.port(port.start..port.end)?;
        if !self.found(Slot::Path).present {
            return Err(self.grammar_error(0, "a path in every URI reference"));
        }
        let (bounds, mut authority_bounds) =
            tile(self.input, self).map_err(|(at, expected)| self.grammar_error(at, expected))?;
        authority_bounds.port = port;
        Ok(Lowered {
            bounds,
            authority: host.map(|host| (authority_bounds, host)),
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

    /// The host, typed, in an authority that starts at `authority`.
    ///
    /// A registered name is built here, in place; the rest are rare
    /// enough to be called.
    #[inline(always)]
    fn host_value(&self, authority: usize) -> Result<HostParts, ParseError> {
        if self.seen & (1 << Slot::RegName as u32) != 0 {
            let (start, end) = self.spans[Slot::RegName as usize];
            Ok(HostParts::RegName(start..end))
        } else {
            self.ip_host(authority)
        }
    }

    /// [`host_value`](Self::host_value) when it is not a registered name:
    /// an IP address or IPvFuture.
    #[inline(never)]
    fn ip_host(&self, authority: usize) -> Result<HostParts, ParseError> {
        Ok(if let Some(at) = self.span(Slot::Ipv4Address) {
            let address = ipv4(&self.input[at.clone()]).ok_or_else(|| {
                self.grammar_error(at.start, "an IPv4address that is four octets")
            })?;
            HostParts::Ipv4(address)
        } else if let Some(at) = self.span(Slot::Ipv6Address) {
            let address = ipv6(&self.input[at.clone()]).ok_or_else(|| {
                ParseError::new(
                    ErrorKind::Ipv6Address,
                    self.input,
                    at.start,
                    "an IPv6address that is eight 16-bit pieces",
                )
            })?;
            HostParts::Ipv6(address)
        } else if let Some(at) = self.span(Slot::IpvFuture) {
            // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ):
            // HEXDIG has no ".", so the first "." ends the version.
            ipv_future(self.input, at.clone())
                .ok_or_else(|| self.grammar_error(at.start, "an IPvFuture with a \".\""))?
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

/// The value of an `IPv4address` as the grammar matched it: four decimal
/// octets. `None` for any other text (an edited grammar's).
fn ipv4(text: &str) -> Option<Ipv4Addr> {
    let bytes = text.as_bytes();
    let mut octets = [0u8; 4];
    let mut at = 0;
    for (i, octet) in octets.iter_mut().enumerate() {
        if i > 0 {
            if bytes.get(at) != Some(&b'.') {
                return None;
            }
            at += 1;
        }
        *octet = dec_octet(bytes, &mut at)?;
    }
    (at == bytes.len()).then(|| Ipv4Addr::from(octets))
}

/// A `dec-octet` at `*at`: 0 to 255 without leading zeros; `*at` moves
/// past it.
fn dec_octet(bytes: &[u8], at: &mut usize) -> Option<u8> {
    let start = *at;
    let mut value: u16 = 0;
    while let Some(&digit) = bytes.get(*at) {
        if !digit.is_ascii_digit() || *at - start == 3 {
            break;
        }
        value = value * 10 + u16::from(digit - b'0');
        *at += 1;
    }
    let len = *at - start;
    if len == 0 || (len > 1 && bytes[start] == b'0') {
        return None;
    }
    u8::try_from(value).ok()
}

/// The value of an `IPv6address` as the grammar matched it: up to eight
/// `h16` pieces, at most one `::` standing for one or more zero pieces, and
/// an IPv4 address in place of the last two. `None` for any other text.
fn ipv6(text: &str) -> Option<Ipv6Addr> {
    let bytes = text.as_bytes();
    let mut pieces = [0u16; 8];
    let mut count = 0;
    // Where the "::" is, in pieces.
    let mut gap = None;
    let mut at = 0;
    if bytes.starts_with(b"::") {
        gap = Some(0);
        at = 2;
    }
    while at < bytes.len() {
        let start = at;
        let mut value: u32 = 0;
        while let Some(digit) = bytes.get(at).and_then(|&b| percent::hex_value(b)) {
            if at - start == 4 {
                break;
            }
            value = value * 16 + u32::from(digit);
            at += 1;
        }
        if at == start {
            return None;
        }
        if bytes.get(at) == Some(&b'.') {
            // ls32 as an IPv4address: the last two pieces.
            let [a, b, c, d] = ipv4(text.get(start..)?)?.octets();
            if count > 6 {
                return None;
            }
            pieces[count] = u16::from_be_bytes([a, b]);
            pieces[count + 1] = u16::from_be_bytes([c, d]);
            count += 2;
            break;
        }
        *pieces.get_mut(count)? = value as u16;
        count += 1;
        match bytes.get(at) {
            None => break,
            Some(b':') if bytes.get(at + 1) == Some(&b':') => {
                if gap.is_some() {
                    return None;
                }
                gap = Some(count);
                at += 2;
            }
            // A single ":" goes on to another piece.
            Some(b':') if at + 1 < bytes.len() => at += 1,
            Some(_) => return None,
        }
    }
    match gap {
        None => (count == 8).then(|| Ipv6Addr::from(pieces)),
        // "::" stands for at least one zero piece.
        Some(_) if count > 7 => None,
        Some(gap) => {
            let tail = count - gap;
            pieces.copy_within(gap..count, 8 - tail);
            pieces[gap..8 - tail].fill(0);
            Some(Ipv6Addr::from(pieces))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{ipv4, ipv6};
    use alloc::format;
    use alloc::string::String;
    use core::net::{Ipv4Addr, Ipv6Addr};

    /// The lowering's address readers agree with `core::net`'s parsers on
    /// every form of address, and on text that is not one.
    #[test]
    fn ip_addresses_read_as_core_reads_them() {
        let mut texts: alloc::vec::Vec<String> = [
            "::",
            "::1",
            "1::",
            "1::2",
            "1:2:3:4:5:6:7:8",
            "1:2:3:4:5:6:1.2.3.4",
            "::1.2.3.4",
            "::ffff:192.0.2.1",
            "1::2:3:4:5:6:7",
            "1:2:3:4:5:6:7::",
            "1:2::7:8",
            "abcd:EF01::",
            "1:2:3:4:5:6:7:8:9",
            "1:::2",
            "1::2::3",
            "12345::",
            ":1::",
            "1::2:",
            "1:2:3:4:5:6:7",
            "::1.2.3",
            "::1.2.3.256",
            "::01.2.3.4",
            "1.2.3.4",
            "",
            ":",
            "1:2:3:4:5:6:7:1.2.3.4",
            "::1:2:3:4:5:6:7",
            "::1:2:3:4:5:6:7:8",
            "g::",
            "::1.2.3.4:5",
        ]
        .iter()
        .map(|s| String::from(*s))
        .collect();
        for i in 0..8 {
            for j in 0..8 - i {
                let head: alloc::vec::Vec<String> =
                    (0..i).map(|k| format!("{:x}", k * 4099)).collect();
                let tail: alloc::vec::Vec<String> =
                    (0..j).map(|k| format!("{:X}", k + 0xff0)).collect();
                texts.push(format!("{}::{}", head.join(":"), tail.join(":")));
            }
        }
        for text in &texts {
            assert_eq!(ipv6(text), text.parse::<Ipv6Addr>().ok(), "{text}");
        }
        for text in [
            "0.0.0.0",
            "255.255.255.255",
            "256.0.0.0",
            "01.0.0.0",
            "1.2.3",
            "1.2.3.4.5",
            "1..2.3",
            "a.b.c.d",
            "",
        ] {
            assert_eq!(ipv4(text), text.parse::<Ipv4Addr>().ok(), "{text}");
        }
        // Strings over the alphabet of addresses, from a fixed-seed
        // xorshift generator, weighted so that many are addresses.
        let alphabet = b"0123456789abcdefABCDEF:.::..";
        let mut next = crate::xorshift(0x9e37_79b9_7f4a_7c15);
        for _ in 0..200_000 {
            let len = (next() % 24) as usize;
            let text: String = (0..len)
                .map(|_| char::from(alphabet[(next() % alphabet.len() as u64) as usize]))
                .collect();
            assert_eq!(ipv6(&text), text.parse::<Ipv6Addr>().ok(), "{text}");
            assert_eq!(ipv4(&text), text.parse::<Ipv4Addr>().ok(), "{text}");
        }
    }
}
