//! Where the components of a URI reference lie in its text: [`Bounds`], the
//! one record of positions that a parse, a recomposition or an edit makes,
//! and that every accessor and algorithm reads.
//!
//! The components tile the text in the order of RFC 3986 section 5.3, each
//! after its delimiter, so a few offsets say where every one is: the
//! scheme ends at its `:`, the authority starts after the `//` that
//! follows, the host after the userinfo's `@`, the port after the host's
//! `:`, the path where the authority ends, and so on. Offsets are `u32`:
//! a reference is at most `u32::MAX - 1` bytes long ([`MAX_LEN`]), and
//! `u32::MAX` marks a component that is not there.

use core::ops::Range;

use crate::role::Role;

/// The longest text a reference can have: its offsets are `u32`, and
/// `u32::MAX` means "none".
pub(crate) const MAX_LEN: usize = u32::MAX as usize - 1;

/// An offset that is not there.
const NONE: u32 = u32::MAX;

/// The fields of [`Bounds`] as numbers: the seven offsets in the order
/// they are declared, then the port in the high 16 bits of the eighth,
/// the host byte and the flags below it.
pub(crate) type Raw = [u32; 8];

/// Which rule the host matched (RFC 3986 section 3.2.2). The typed value
/// of an IP address is read from its text, which the grammar matched, when
/// it is asked for ([`Host::of`](crate::Host)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum HostKind {
    RegName,
    Ipv4,
    Ipv6,
    IpvFuture,
}

impl HostKind {
    /// The kind stored as `bits` (the low two bits of [`Bounds`]' host
    /// byte).
    #[inline(always)]
    const fn of_bits(bits: u8) -> HostKind {
        match bits & 3 {
            0 => HostKind::RegName,
            1 => HostKind::Ipv4,
            2 => HostKind::Ipv6,
            _ => HostKind::IpvFuture,
        }
    }
}

/// Where an IPv6 literal's zone identifier lies in its host (RFC 6874,
/// which a grammar that extends `IP-literal` matches: `"[" IPv6address
/// "%25" ZoneID "]"`): the end of the address and the start of the zone,
/// read from the pairs of the grammar's `IPv6address` and `ZoneID`. The
/// address starts after the host's `[`, and the zone ends before its `]`,
/// which the lowering checks.
///
/// Stored in the bits [`Bounds`] has spare: the address's end as an
/// offset from the host's start (at most 63; an `IPv6address` is at most
/// 45 bytes) and the zone's start as an offset from the address's end (at
/// most 15; RFC 6874's `%25` is 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Zone {
    address_end: u8,
    gap: u8,
}

impl Zone {
    /// The zone of a host that starts at `host`, whose address ends at
    /// `address_end` and whose zone starts at `zone_start`; `None` where
    /// they are further apart than [`Bounds`] can store.
    pub fn new(host: usize, address_end: usize, zone_start: usize) -> Option<Zone> {
        let address_end = address_end.checked_sub(host)?;
        let gap = zone_start.checked_sub(host + address_end)?;
        (address_end > 0 && address_end <= 63 && gap <= 15).then_some(Zone {
            address_end: address_end as u8,
            gap: gap as u8,
        })
    }
}

/// The offsets of the components of a URI reference in its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Bounds {
    /// Where the scheme ends, at its `:`; it starts at 0.
    scheme_end: u32,
    /// Where the userinfo ends, at its `@`; it starts with the authority.
    userinfo_end: u32,
    /// Where the host ends; it starts after the userinfo's `@`, or with the
    /// authority. The port, if any, is what follows the `:` here, up to the
    /// path.
    host_end: u32,
    /// Where the path starts: where the authority ends, or after the
    /// scheme's `:`, or at 0.
    path_start: u32,
    path_end: u32,
    /// Where the query ends; it starts after the `?` at `path_end`.
    query_end: u32,
    /// Where the fragment starts, after its `#`; it ends with the text.
    fragment_start: u32,
    /// The port's value, when [`PORT_VALUE`](Self::PORT_VALUE) is set.
    port: u16,
    /// The host's kind ([`HostKind::of_bits`]) in the low two bits; above
    /// them, the end of a zoned IPv6 address ([`Zone`]), 0 without a zone.
    host: u8,
    /// [`AUTHORITY`](Self::AUTHORITY) and
    /// [`PORT_VALUE`](Self::PORT_VALUE) in the low bits; in the high four,
    /// the gap between a zoned IPv6 address and its zone ([`Zone`]).
    flags: u8,
}

impl Bounds {
    /// There is an authority.
    const AUTHORITY: u8 = 1;
    /// The port has a value (it is there and not empty).
    const PORT_VALUE: u8 = 2;

    /// The bounds of a reference that is only a path, `path`.
    pub fn path_only(path: Range<usize>) -> Bounds {
        Bounds {
            scheme_end: NONE,
            userinfo_end: NONE,
            host_end: 0,
            path_start: offset(path.start),
            path_end: offset(path.end),
            query_end: NONE,
            fragment_start: NONE,
            port: 0,
            host: HostKind::RegName as u8,
            flags: 0,
        }
    }

    /// The bounds of a reference, all at once (the lowering's of a parse,
    /// resolution's of a splice): one value built from every component's
    /// position, rather than set field by field, so that no caller sees
    /// bounds that are half set. `host` is the host's end and kind, `None`
    /// without an authority.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub fn of_parse(
        scheme_end: Option<usize>,
        userinfo_end: Option<usize>,
        host: Option<(usize, HostKind)>,
        port: Option<u16>,
        path: Range<usize>,
        query_end: Option<usize>,
        fragment_start: Option<usize>,
    ) -> Bounds {
        let (host_end, kind) = host.unwrap_or((0, HostKind::RegName));
        Bounds {
            scheme_end: scheme_end.map_or(NONE, offset),
            userinfo_end: userinfo_end.map_or(NONE, offset),
            host_end: offset(host_end),
            path_start: offset(path.start),
            path_end: offset(path.end),
            query_end: query_end.map_or(NONE, offset),
            fragment_start: fragment_start.map_or(NONE, offset),
            port: port.unwrap_or(0),
            host: kind as u8,
            flags: if host.is_some() { Self::AUTHORITY } else { 0 }
                | if port.is_some() { Self::PORT_VALUE } else { 0 },
        }
    }

    /// The fields as numbers ([`Raw`]): what a literal's expansion writes
    /// (`crate::literal`), and [`from_raw`](Self::from_raw) reads back in
    /// a `const`.
    pub const fn to_raw(self) -> Raw {
        [
            self.scheme_end,
            self.userinfo_end,
            self.host_end,
            self.path_start,
            self.path_end,
            self.query_end,
            self.fragment_start,
            (self.port as u32) << 16 | (self.host as u32) << 8 | self.flags as u32,
        ]
    }

    /// Whether `raw` can be the bounds of a text of `len` bytes: every
    /// offset there is falls in it, and the path does not end before it
    /// starts. What a literal's constructor checks of bounds it is handed
    /// (a parse's always can be), so that bounds written by hand fail in
    /// the `const` rather than in an accessor.
    pub const fn fits(raw: &Raw, len: usize) -> bool {
        let mut i = 0;
        while i < 7 {
            if raw[i] != NONE && raw[i] as usize > len {
                return false;
            }
            i += 1;
        }
        raw[3] <= raw[4]
    }

    /// The bounds [`to_raw`](Self::to_raw) wrote `raw` from.
    pub const fn from_raw(raw: Raw) -> Bounds {
        Bounds {
            scheme_end: raw[0],
            userinfo_end: raw[1],
            host_end: raw[2],
            path_start: raw[3],
            path_end: raw[4],
            query_end: raw[5],
            fragment_start: raw[6],
            port: (raw[7] >> 16) as u16,
            host: (raw[7] >> 8) as u8,
            flags: raw[7] as u8,
        }
    }

    /// Where the scheme ends, at its `:`.
    #[inline]
    pub fn scheme_end(&self) -> Option<usize> {
        get(self.scheme_end)
    }

    /// The scheme, without its `:`.
    #[inline]
    pub fn scheme(&self) -> Option<Range<usize>> {
        self.scheme_end().map(|end| 0..end)
    }

    /// Whether there is an authority.
    #[inline]
    pub fn has_authority(&self) -> bool {
        self.flags & Self::AUTHORITY != 0
    }

    /// Where the authority starts, after its `//`, if there is one.
    #[inline]
    fn authority_start(&self) -> usize {
        self.scheme_end().map_or(0, |end| end + 1) + 2
    }

    /// The authority, without the `//` before it.
    #[inline]
    pub fn authority(&self) -> Option<Range<usize>> {
        self.has_authority()
            .then(|| self.authority_start()..self.path_start as usize)
    }

    /// The userinfo, without its `@`.
    #[inline]
    pub fn userinfo(&self) -> Option<Range<usize>> {
        if !self.has_authority() {
            return None;
        }
        get(self.userinfo_end).map(|end| self.authority_start()..end)
    }

    /// The host as written, IP literals with their brackets.
    #[inline]
    pub fn host(&self) -> Option<Range<usize>> {
        if !self.has_authority() {
            return None;
        }
        let start = get(self.userinfo_end).map_or(self.authority_start(), |end| end + 1);
        Some(start..self.host_end as usize)
    }

    /// Which rule the host matched.
    #[inline]
    pub fn host_kind(&self) -> HostKind {
        HostKind::of_bits(self.host)
    }

    /// The same bounds, with the zone of an IPv6 host (`None`: none).
    #[inline(always)]
    pub fn with_zone(mut self, zone: Option<Zone>) -> Bounds {
        let (address_end, gap) = zone.map_or((0, 0), |zone| (zone.address_end, zone.gap));
        self.host = (self.host & 3) | address_end << 2;
        self.flags = (self.flags & 0b1111) | gap << 4;
        self
    }

    /// The zone of an IPv6 host, if it has one.
    #[inline]
    pub fn zone(&self) -> Option<Zone> {
        let address_end = self.host >> 2;
        (address_end != 0).then_some(Zone {
            address_end,
            gap: self.flags >> 4,
        })
    }

    /// The address and the zone of an IPv6 host with a zone (RFC 6874),
    /// as written: `None` without a zone. Inline: normalization asks it of
    /// every host, and most have no zone.
    #[inline]
    pub fn zoned_address(&self) -> Option<(Range<usize>, Range<usize>)> {
        let zone = self.zone()?;
        let host = self.host()?;
        let address_end = host.start + usize::from(zone.address_end);
        let zone_start = address_end + usize::from(zone.gap);
        let zone_end = host.end.checked_sub(1)?.max(zone_start);
        Some((host.start + 1..address_end, zone_start..zone_end))
    }

    /// The port's digits, without the `:`.
    #[inline]
    pub fn port(&self) -> Option<Range<usize>> {
        let host_end = self.host_end as usize;
        let end = self.path_start as usize;
        (self.has_authority() && host_end < end).then(|| host_end + 1..end)
    }

    /// The port's value; `None` when there is no port or it is empty.
    #[inline]
    pub fn port_value(&self) -> Option<u16> {
        (self.flags & Self::PORT_VALUE != 0).then_some(self.port)
    }

    #[inline]
    pub fn path(&self) -> Range<usize> {
        self.path_start as usize..self.path_end as usize
    }

    /// The query, without its `?`.
    #[inline]
    pub fn query(&self) -> Option<Range<usize>> {
        get(self.query_end).map(|end| self.path_end as usize + 1..end)
    }

    /// The fragment, without its `#`, in a text of `len` bytes.
    #[inline]
    pub fn fragment(&self, len: usize) -> Option<Range<usize>> {
        get(self.fragment_start).map(|start| start..len)
    }

    /// Where the fragment starts, after its `#`.
    #[inline]
    pub fn fragment_start(&self) -> Option<usize> {
        get(self.fragment_start)
    }

    /// The same bounds without the fragment, for the text cut before its
    /// `#`: every other component ends before it.
    #[inline]
    pub fn without_fragment(mut self) -> Bounds {
        self.fragment_start = NONE;
        self
    }
}

/// Writes [`Bounds`], component by component, in the order of section 5.3:
/// what the lowering and recomposition fill in. Each setter takes a
/// component's bounds in the text being described.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BoundsWriter(Bounds);

impl BoundsWriter {
    pub fn new() -> BoundsWriter {
        BoundsWriter(Bounds::path_only(0..0))
    }

    /// The scheme ends at `end`, at its `:`.
    pub fn scheme(&mut self, end: usize) {
        self.0.scheme_end = offset(end);
    }

    /// There is an authority.
    pub fn authority(&mut self) {
        self.0.flags |= Bounds::AUTHORITY;
    }

    /// The userinfo ends at `end`, at its `@`.
    pub fn userinfo(&mut self, end: usize) {
        self.0.userinfo_end = offset(end);
    }

    /// The host ends at `end`, and is of `kind`, with `zone` (an IPv6
    /// host's, RFC 6874).
    pub fn host(&mut self, end: usize, kind: HostKind, zone: Option<Zone>) {
        self.0.host_end = offset(end);
        self.0.host = kind as u8;
        self.0 = self.0.with_zone(zone);
    }

    /// The port's value (`None` for an empty port; its digits are what
    /// lies between the host's `:` and the path).
    pub fn port_value(&mut self, value: Option<u16>) {
        match value {
            Some(port) => {
                self.0.port = port;
                self.0.flags |= Bounds::PORT_VALUE;
            }
            None => self.0.flags &= !Bounds::PORT_VALUE,
        }
    }

    pub fn path(&mut self, path: Range<usize>) {
        self.0.path_start = offset(path.start);
        self.0.path_end = offset(path.end);
    }

    /// The query ends at `end`; it starts after the `?` at the path's end.
    pub fn query(&mut self, end: usize) {
        self.0.query_end = offset(end);
    }

    /// The fragment starts at `start`, after its `#`.
    pub fn fragment(&mut self, start: usize) {
        self.0.fragment_start = offset(start);
    }

    pub fn finish(self) -> Bounds {
        self.0
    }
}

/// [`Bounds`] as a parse writes them: each pair of a rule that plays a
/// role written into the field of its part of the reference
/// ([`write`](Self::write)), as the compiled parser leaves the rule or as
/// another parser's pairs are read, with which parts were written, so that
/// the pairs of a rule that failed are undone by a mark
/// ([`mark`](Self::mark), [`restore`](Self::restore)). The lowering
/// (`crate::lower`) reads what was written, once the parse is done.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Record {
    /// The fields written, each valid only where its part's bit is in
    /// `written`.
    bounds: Bounds,
    /// The parts written ([`part`]).
    written: u16,
    /// The parts written a second time, which one reference has once, and
    /// where the first of them was.
    twice: u16,
    twice_at: u32,
    /// The spans of the authority, the host and the port as their rules'
    /// pairs give them: the fields of [`Bounds`] place them from the parts
    /// around them, which the lowering checks against these, and reads
    /// where a grammar's pairs lack a part (a host without `authority`).
    authority: (u32, u32),
    host_start: u32,
    port: (u32, u32),
    /// Where an IP literal's `IPv6address` ends, and its zone (RFC 6874).
    ipv6_end: u32,
    zone: (u32, u32),
}

/// The parts of a reference a [`Record`] tells apart, as bits.
pub(crate) mod part {
    pub const SCHEME: u16 = 1;
    pub const AUTHORITY: u16 = 1 << 1;
    pub const USERINFO: u16 = 1 << 2;
    /// The host, whatever rule's span it is (`host`, `IP-literal`,
    /// `IPv4address`, `reg-name`).
    pub const HOST: u16 = 1 << 3;
    /// The address inside an IP literal (`IPv6address`, `IPvFuture`).
    pub const ADDRESS: u16 = 1 << 4;
    pub const ZONE: u16 = 1 << 5;
    pub const PORT: u16 = 1 << 6;
    pub const PATH: u16 = 1 << 7;
    pub const QUERY: u16 = 1 << 8;
    pub const FRAGMENT: u16 = 1 << 9;
    /// The parts of the authority.
    pub const INSIDE_AUTHORITY: u16 = USERINFO | HOST | ADDRESS | ZONE | PORT;
    /// The parts one reference has at most once. The host is not among
    /// them: the rules of one host nest (`host` around `reg-name`).
    pub const ONCE: u16 = !HOST;
}

impl Record {
    /// Nothing written yet.
    #[inline(always)]
    pub fn new() -> Record {
        Record {
            bounds: Bounds::path_only(0..0),
            written: 0,
            twice: 0,
            twice_at: 0,
            authority: (0, 0),
            host_start: 0,
            port: (0, 0),
            ipv6_end: 0,
            zone: (0, 0),
        }
    }

    /// What to [`restore`](Self::restore) to undo what is written after.
    #[inline(always)]
    pub fn mark(&self) -> u32 {
        u32::from(self.written) | u32::from(self.twice) << 16
    }

    /// Undoes what was written since `mark`.
    #[inline(always)]
    pub fn restore(&mut self, mark: u32) {
        self.written = mark as u16;
        self.twice = (mark >> 16) as u16;
    }

    /// A pair of a rule that plays `role` matched `start..end`.
    #[inline(always)]
    pub fn write(&mut self, role: Role, start: usize, end: usize) {
        let (start, end) = (offset(start), offset(end));
        let b = &mut self.bounds;
        let bit = match role {
            Role::Scheme => {
                b.scheme_end = end;
                part::SCHEME
            }
            Role::Authority => {
                self.authority = (start, end);
                part::AUTHORITY
            }
            Role::Userinfo => {
                b.userinfo_end = end;
                part::USERINFO
            }
            Role::Host | Role::IpLiteral => {
                self.host_start = start;
                b.host_end = end;
                part::HOST
            }
            Role::RegName => {
                self.host_start = start;
                b.host_end = end;
                b.host = HostKind::RegName as u8;
                part::HOST
            }
            Role::Ipv4Address => {
                self.host_start = start;
                b.host_end = end;
                b.host = HostKind::Ipv4 as u8;
                part::HOST
            }
            Role::Ipv6Address => {
                self.ipv6_end = end;
                b.host = HostKind::Ipv6 as u8;
                part::ADDRESS
            }
            Role::IpvFuture => {
                b.host = HostKind::IpvFuture as u8;
                part::ADDRESS
            }
            Role::ZoneId => {
                self.zone = (start, end);
                part::ZONE
            }
            Role::Port => {
                self.port = (start, end);
                part::PORT
            }
            Role::Path
            | Role::PathAbempty
            | Role::PathAbsolute
            | Role::PathNoscheme
            | Role::PathRootless
            | Role::PathEmpty => {
                b.path_start = start;
                b.path_end = end;
                part::PATH
            }
            Role::Query => {
                b.query_end = end;
                part::QUERY
            }
            Role::Fragment => {
                b.fragment_start = start;
                part::FRAGMENT
            }
            Role::ReferenceEntry | Role::UriEntry => 0,
        };
        let again = self.written & bit & part::ONCE;
        if again != 0 {
            self.written_again(again, start);
        }
        self.written |= bit;
    }

    /// The parts `again` were written a second time, at `start`.
    #[cold]
    #[inline(never)]
    fn written_again(&mut self, again: u16, start: u32) {
        if self.twice == 0 {
            self.twice_at = start;
        }
        self.twice |= again;
    }

    /// The parts written.
    #[inline(always)]
    pub fn written(&self) -> u16 {
        self.written
    }

    /// The parts written more than once.
    #[inline(always)]
    pub fn twice(&self) -> u16 {
        self.twice
    }

    /// Where the first part written a second time was written again.
    pub fn twice_at(&self) -> usize {
        self.twice_at as usize
    }

    /// The bounds written, each part that was not written left out, the
    /// host's kind as its rules said, and no port value (the lowering
    /// reads it): what the lowering checks and completes. Without an
    /// authority, the userinfo, host and port are left out too.
    #[inline(always)]
    pub fn bounds(&self) -> Bounds {
        let w = self.written;
        let has = |bit: u16| w & bit != 0;
        let authority = has(part::AUTHORITY);
        let mut b = self.bounds;
        b.scheme_end = if has(part::SCHEME) {
            b.scheme_end
        } else {
            NONE
        };
        b.userinfo_end = if authority & has(part::USERINFO) {
            b.userinfo_end
        } else {
            NONE
        };
        b.query_end = if has(part::QUERY) { b.query_end } else { NONE };
        b.fragment_start = if has(part::FRAGMENT) {
            b.fragment_start
        } else {
            NONE
        };
        if !authority {
            b.host_end = 0;
            b.host = HostKind::RegName as u8;
        }
        b.flags = if authority { Bounds::AUTHORITY } else { 0 };
        b.port = 0;
        b
    }

    /// The authority, as its rule's pair gives it.
    pub fn authority_span(&self) -> Range<usize> {
        self.authority.0 as usize..self.authority.1 as usize
    }

    /// The host, as its rule's pair gives it.
    pub fn host_span(&self) -> Range<usize> {
        self.host_start as usize..self.bounds.host_end as usize
    }

    /// The port's digits, as its rule's pair gives them.
    pub fn port_span(&self) -> Range<usize> {
        self.port.0 as usize..self.port.1 as usize
    }

    /// The userinfo's end, the scheme's end and the path, as their rules'
    /// pairs give them (whether or not they were written).
    pub fn raw(&self) -> &Bounds {
        &self.bounds
    }

    /// Where an IP literal's `IPv6address` ends.
    pub fn ipv6_end(&self) -> usize {
        self.ipv6_end as usize
    }

    /// The zone of an IPv6 address (RFC 6874), as its rule's pair says.
    pub fn zone_span(&self) -> Range<usize> {
        self.zone.0 as usize..self.zone.1 as usize
    }
}

impl Bounds {
    /// The same bounds, with the port's value (`None` for an empty port).
    #[inline(always)]
    pub fn with_port(mut self, value: Option<u16>) -> Bounds {
        match value {
            Some(port) => {
                self.port = port;
                self.flags |= Bounds::PORT_VALUE;
            }
            None => self.flags &= !Bounds::PORT_VALUE,
        }
        self
    }

    /// Checks that the bounds divide `text` as RFC 3986 does: each part in
    /// its place, after its delimiter, up to the next part's, the parts
    /// together all of `text` (section 5.3 recomposes it from them). A
    /// parse by the crate's grammars always does; a grammar edited into
    /// another shape may not.
    ///
    /// # Errors
    ///
    /// The byte where the division breaks, and what was expected there.
    pub fn check(&self, text: &str) -> Result<(), (usize, &'static str)> {
        let bytes = text.as_bytes();
        // The byte at `at`; 0, which is no delimiter, past the end.
        let byte = |at: usize| bytes.get(at).copied().unwrap_or(0);
        let path = self.path();
        let mut at = 0;
        if let Some(end) = self.scheme_end() {
            if end == 0 || byte(end) != b':' {
                return Err((0, "the scheme and its \":\" first"));
            }
            at = end + 1;
        }
        if let Some(authority) = self.authority() {
            let host = self.host().unwrap_or(0..0);
            let userinfo_ok = self.userinfo().is_none_or(|userinfo| {
                userinfo.end >= userinfo.start && byte(userinfo.end) == b'@'
            });
            // Section 3.3: after an authority, the path is empty or starts
            // with "/".
            let tiles = (byte(at) == b'/')
                & (byte(at + 1) == b'/')
                & userinfo_ok
                & (host.start <= host.end)
                & (host.end <= authority.end)
                & ((host.end == authority.end) | (byte(host.end) == b':'))
                & ((path.start == path.end) | (byte(path.start) == b'/'));
            if !tiles {
                return Err((at, "\"//\" authority after the scheme"));
            }
            at = authority.end;
        }
        if path.start != at || path.end < path.start || path.end > text.len() {
            return Err((path.start, "the path after the scheme and authority"));
        }
        at = path.end;
        if let Some(query) = self.query() {
            if byte(at) != b'?' || query.end < query.start {
                return Err((at, "\"?\" query after the path"));
            }
            at = query.end;
        }
        if let Some(start) = self.fragment_start() {
            if byte(at) != b'#' || start != at + 1 || start > text.len() {
                return Err((at, "\"#\" fragment after the query"));
            }
            at = text.len();
        }
        if at != text.len() {
            return Err((at, "a parse of the whole input"));
        }
        Ok(())
    }
}

/// `at` as an offset of [`Bounds`]; every text is at most [`MAX_LEN`]
/// bytes long, which the parse and the writers check.
#[inline(always)]
fn offset(at: usize) -> u32 {
    debug_assert!(at <= MAX_LEN);
    at as u32
}

#[inline(always)]
fn get(value: u32) -> Option<usize> {
    (value != NONE).then_some(value as usize)
}

/// The value of `port = *DIGIT`: any number of digits, leading zeros
/// included, at most 65535; `None` for the empty port.
#[inline(always)]
pub(crate) fn port_value(digits: &[u8]) -> Result<Option<u16>, PortError> {
    if digits.is_empty() {
        return Ok(None);
    }
    digits_value(digits)
}

/// [`port_value`] of digits that are there: out of line, as most
/// references have no port.
#[inline(never)]
fn digits_value(digits: &[u8]) -> Result<Option<u16>, PortError> {
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

/// Why digits are not the value of a port.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PortError {
    /// Something else than a digit: only an edited grammar gets there.
    NotDigits,
    /// A number above 65535: the grammar allows any number of digits, and
    /// this crate's ports are `u16` (`ErrorKind::PortRange`).
    OutOfRange,
}

/// The version and address of the `IPvFuture` `text` (without the
/// brackets of its IP literal), which is `"v" 1*HEXDIG "." 1*( unreserved /
/// sub-delims / ":" )`: HEXDIG has no `.`, so the first `.` ends the
/// version. `None` when there is no `.` (only an edited grammar gets
/// there).
pub(crate) fn ipv_future(text: &str) -> Option<(&str, &str)> {
    let (v, address) = text.split_once('.')?;
    Some((v.get(1..)?, address))
}
