//! The lowering's slots: one for each thing it reads of a parse tree
//! ([`Slot`]), the tables that say which RFC rule fills which slot
//! ([`SLOT_OF`]) and which slots are components that come once ([`ONCE`])
//! or belong inside an authority ([`INSIDE_AUTHORITY`]), and [`Slots`],
//! the spans a tree (or a recorder) filled them with.
//!
//! Imports: `bounds`, `error`, `grammar` (the RFC rules) and
//! `compiled::runtime` (the node type); nothing else of the lowering.

use core::ops::Range;

use crate::compiled::runtime::Node;
use crate::error::{ErrorKind, ParseError};
use crate::grammar::{RfcRule, UriRule};

/// What the lowering keeps: one slot for each thing it reads, in which the
/// span of the (last) pair that gives it is stored.
#[derive(Clone, Copy)]
pub(crate) enum Slot {
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
    /// The span of a `ZoneID` pair (RFC 6874), in an IP literal of a
    /// grammar that extends `IP-literal`.
    ZoneId,
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

pub(crate) const SLOTS: usize = Slot::Other as usize + 1;

// `Slots::host` reads the four host values as consecutive slots.
const _: () = assert!(
    Slot::RegName as usize == Slot::Ipv4Address as usize + 1
        && Slot::Ipv6Address as usize == Slot::Ipv4Address as usize + 2
        && Slot::IpvFuture as usize == Slot::Ipv4Address as usize + 3
);

/// How many RFC rules there are, and the index in [`SLOT_OF`] of a rule
/// that is none of them.
const RFC_RULES: usize = RfcRule::ZoneId as usize + 1;

/// The slot of the pairs of each RFC rule, in `RfcRule` order, then of the
/// rules that are none of them.
pub(crate) const SLOT_OF: [Slot; RFC_RULES + 1] = {
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
    table[RfcRule::ZoneId as usize] = Slot::ZoneId;
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
pub(crate) const INSIDE_AUTHORITY: [Slot; 9] = [
    Slot::Userinfo,
    Slot::Host,
    Slot::Port,
    Slot::IpLiteral,
    Slot::Ipv4Address,
    Slot::RegName,
    Slot::Ipv6Address,
    Slot::IpvFuture,
    Slot::ZoneId,
];

/// [`INSIDE_AUTHORITY`] as bits of [`Slots::seen`].
pub(crate) const INSIDE_AUTHORITY_BITS: u32 = {
    let mut bits = 0;
    let mut i = 0;
    while i < INSIDE_AUTHORITY.len() {
        bits |= 1 << INSIDE_AUTHORITY[i] as u32;
        i += 1;
    }
    bits
};

/// The slot of the pairs of `rule`: a rule that is none of the RFC's
/// (`EOI`, a derived grammar's own) reads the entry after the RFC rules in
/// [`SLOT_OF`], which is [`Slot::Other`].
#[inline(always)]
pub(crate) fn slot_of<R: UriRule>(rule: R) -> usize {
    SLOT_OF[rule.rfc_rule().map_or(RFC_RULES, |rule| rule as usize)] as usize
}

/// A slot as read: whether a pair filled it, and its span, which every
/// check ignores when it was not filled.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Found {
    pub(crate) present: bool,
    pub(crate) start: usize,
    pub(crate) end: usize,
}

impl Found {
    /// Its end, if it is there.
    #[inline(always)]
    pub(crate) fn end_if_present(self) -> Option<usize> {
        self.present.then_some(self.end)
    }

    /// Its start, if it is there.
    #[inline(always)]
    pub(crate) fn start_if_present(self) -> Option<usize> {
        self.present.then_some(self.start)
    }

    /// `end` if the span is there, otherwise `or`.
    #[inline(always)]
    pub(crate) fn end_or(self, or: usize) -> usize {
        if self.present {
            self.end
        } else {
            or
        }
    }
}

/// The pairs of a parse tree, by slot; or a reference's bounds, read the
/// same way to check them ([`check_tiling`]).
///
/// It is also what the capture variant of a compiled parser records into
/// ([`SlotRecorder`]): there the parser fills the slots as it matches, and
/// the tree is never built.
#[derive(Clone, Copy)]
pub(crate) struct Slots<'i> {
    pub(crate) input: &'i str,
    /// The spans, as `u32`: a text the lowering accepts is at most
    /// [`MAX_LEN`](crate::bounds::MAX_LEN) bytes, which it checks before it
    /// reads one.
    pub(crate) spans: [(u32, u32); SLOTS],
    /// The slots filled, as bits.
    pub(crate) seen: u32,
    /// The slots a capture filled when they were filled already (as bits):
    /// the span before is lost, so the full pairs must decide
    /// ([`captured`]).
    pub(crate) clobbered: u32,
    /// Whether the grammar's IP address rules match only addresses
    /// (`CompiledGrammar::IP_ADDRESSES_READ`): the host's kind is then the
    /// slot it fills, without reading the address.
    pub(crate) ip_read: bool,
}

/// The error of a parse tree that lacks what the lowering reads: only an
/// edited grammar makes one.
#[cold]
#[inline(never)]
pub(crate) fn grammar_error(input: &str, offset: usize, what: &'static str) -> ParseError {
    ParseError::new(ErrorKind::Grammar, input, offset, what)
}

impl<'i> Slots<'i> {
    /// The span stored at slot index `slot`, filled or not.
    #[inline(always)]
    fn span_at(&self, slot: usize) -> (usize, usize) {
        let (start, end) = self.spans[slot];
        (start as usize, end as usize)
    }

    /// Empty slots for the pairs of a parse of `input`.
    #[inline(always)]
    pub(crate) fn new(input: &'i str) -> Slots<'i> {
        Slots {
            input,
            spans: [(0, 0); SLOTS],
            seen: 0,
            clobbered: 0,
            ip_read: false,
        }
    }

    /// Slots for the pairs of a parse of `input` that recorded none (a
    /// parse with pest's API): not [exact](Self::exact), so that a reader
    /// reads them from the pairs.
    #[cfg(feature = "grammar-literals")]
    pub(crate) fn unread(input: &'i str) -> Slots<'i> {
        Slots {
            clobbered: u32::MAX,
            ..Slots::new(input)
        }
    }

    /// Stores each pair in its slot; returns where a component came a
    /// second time (`usize::MAX` if none did, or where `TILED` says that
    /// none can: [`tiles`] proves each comes once). The slots are filled in
    /// place: returning them would copy them.
    #[inline(always)]
    pub(crate) fn read<R: UriRule, const TILED: bool>(
        &mut self,
        nodes: impl IntoIterator<Item = Node<R>>,
    ) -> usize {
        let mut components: u16 = 0;
        let mut repeated = usize::MAX;
        // Gathered in a local and stored in the field once, after the loop.
        let mut seen: u32 = 0;
        for node in nodes {
            let slot = slot_of(node.rule);
            let once = ONCE[slot];
            if !TILED && components & once != 0 {
                // Pairs come in preorder: the first repeat starts first.
                repeated = repeated.min(node.start);
            }
            components |= once;
            seen |= 1 << slot;
            self.spans[slot] = (node.start as u32, node.end as u32);
        }
        self.seen = seen;
        repeated
    }

    /// Records the end of a call of `rule` from `start` (`None` when it
    /// failed) as a capture does: each pair of a rule the lowering reads
    /// goes straight into its slot, and the rest are not recorded at all; a
    /// failed rule's pairs are dropped by restoring which slots were filled
    /// before it (`at`), as pest drops them from its queue. Unless `TILED`
    /// ([`SlotRecorder`]), a slot filled again is marked as clobbered.
    ///
    /// A rule the lowering does not read ([`Slot::Other`]) records nothing.
    #[inline(always)]
    pub(crate) fn record<R: UriRule, const TILED: bool>(
        &mut self,
        at: u32,
        rule: R,
        start: usize,
        end: Option<usize>,
    ) -> Option<usize> {
        let slot = slot_of(rule);
        match end {
            Some(end) if slot != Slot::Other as usize => {
                if !TILED {
                    self.clobbered |= self.seen & (1 << slot);
                }
                self.spans[slot] = (start as u32, end as u32);
                self.seen |= 1 << slot;
            }
            Some(_) => {}
            None => self.seen = at,
        }
        end
    }

    /// Whether what a recorder filled the slots with ([`record`](Self::record))
    /// is what [`read`](Self::read) makes of the full pairs of the same
    /// parse: no slot was filled twice (its first span is lost), and at
    /// most one kind of host value was (two would be a component twice).
    #[inline(always)]
    pub(crate) fn exact(&self) -> bool {
        let host_values = (self.seen >> Slot::Ipv4Address as u32) & 0b1111;
        self.clobbered == 0 && host_values & host_values.wrapping_sub(1) == 0
    }

    /// Fills `slot` with `span`.
    pub(crate) fn set(&mut self, slot: Slot, span: Option<Range<usize>>) {
        if let Some(span) = span {
            self.spans[slot as usize] = (span.start as u32, span.end as u32);
            self.seen |= 1 << slot as u32;
        }
    }

    pub(crate) fn grammar_error(&self, offset: usize, what: &'static str) -> ParseError {
        grammar_error(self.input, offset, what)
    }

    /// The span stored in `slot`, if it was filled.
    #[inline(always)]
    pub(crate) fn span(&self, slot: Slot) -> Option<Range<usize>> {
        let (start, end) = self.span_at(slot as usize);
        (self.seen & (1 << slot as usize) != 0).then_some(start..end)
    }

    /// The span in `slot`, whether or not a pair filled it.
    #[inline(always)]
    pub(crate) fn found(&self, slot: Slot) -> Found {
        let (start, end) = self.span_at(slot as usize);
        Found {
            present: self.seen & (1 << slot as usize) != 0,
            start,
            end,
        }
    }

    /// The host as written: the `host` pair's span or, that rule being
    /// silent, the IP literal's (with its brackets) or the host value's.
    /// The four host values are consecutive slots, and at most one is
    /// filled (they are one component, which [`lower`](crate::lower::lower)
    /// checks comes once): the lowest filled one is the host value.
    #[inline(always)]
    pub(crate) fn host(&self) -> Range<usize> {
        let values = (self.seen >> Slot::Ipv4Address as u32) & 0b1111;
        let value = Slot::Ipv4Address as usize + (values.trailing_zeros() as usize).min(3);
        let slot = if self.seen & (1 << Slot::Host as u32) != 0 {
            Slot::Host as usize
        } else if self.seen & (1 << Slot::IpLiteral as u32) != 0 {
            Slot::IpLiteral as usize
        } else {
            value
        };
        let (start, end) = self.span_at(slot);
        start..end
    }
}
