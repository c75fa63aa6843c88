//! The lowering pass: from the parse tree of a grammar derived from
//! `uri.pest` to the [`Bounds`] of each component, the host's kind and the
//! port's value: the one place that says how a parse tree becomes typed
//! components.
//!
//! It reads the structure the grammar found and records where each
//! component lies; it does not split the text again, and allocates
//! nothing.
//!
//! The tree is read as what both parsers give: each pair's rule, start and
//! end, in preorder ([`Node`]). pest_derive's `Pairs` give them through
//! [`pest_nodes`], the compiled parser's `Tree` directly.

use core::net::{Ipv4Addr, Ipv6Addr};
use core::ops::Range;

use pest::iterators::Pairs;

use crate::bounds::{ipv_future, port_value, Bounds, HostKind, PortError, MAX_LEN};
pub(crate) use crate::compiled::runtime::Node;
use crate::compiled::runtime::{Keep, Layouts, Sink, Step};
use crate::error::{ErrorKind, ParseError};
use crate::grammar::{RfcRule, UriRule};
use crate::percent;

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

/// What a grammar's generated parser says of it, for [`tiles`]: the
/// layouts of its rules ([`Step`]), and the RFC rule each of its rules is
/// (the table of [`UriRule`]), both by discriminant.
pub(crate) struct Grammar<'a> {
    pub layouts: &'a [(usize, Layouts)],
    pub rfc: &'a [(usize, RfcRule)],
}

impl Grammar<'_> {
    /// The layouts of the rule with discriminant `rule`.
    const fn layouts(&self, rule: usize) -> Layouts {
        let mut i = 0;
        while i < self.layouts.len() {
            if self.layouts[i].0 == rule {
                return self.layouts[i].1;
            }
            i += 1;
        }
        None
    }

    /// The slot of the rule with discriminant `rule`.
    const fn slot(&self, rule: usize) -> Slot {
        let mut i = 0;
        while i < self.rfc.len() {
            if self.rfc[i].0 == rule {
                return SLOT_OF[self.rfc[i].1 as usize];
            }
            i += 1;
        }
        Slot::Other
    }

    /// The slot of the pair at step `at` of `layout`, if a pair is there.
    const fn pair(&self, layout: &[Step], at: usize) -> Option<(usize, Slot)> {
        if at < layout.len() {
            if let Step::Pair(rule) = layout[at] {
                return Some((rule, self.slot(rule)));
            }
        }
        None
    }

    /// Whether step `at` of `layout` is a pair in `slot` whose rule holds
    /// no pair that the lowering reads.
    const fn leaf_at(&self, layout: &[Step], at: usize, slot: Slot) -> bool {
        match self.pair(layout, at) {
            Some((rule, found)) => found as usize == slot as usize && self.is_leaf(rule, 4),
            None => false,
        }
    }

    /// Whether no match of `rule` records a pair that the lowering reads,
    /// through rules of its own up to `depth` deep.
    const fn is_leaf(&self, rule: usize, depth: usize) -> bool {
        let Some(layouts) = self.layouts(rule) else {
            return false;
        };
        let mut i = 0;
        while i < layouts.len() {
            let layout = layouts[i];
            let mut at = 0;
            while at < layout.len() {
                if let Some((inner, slot)) = self.pair(layout, at) {
                    if !matches!(slot, Slot::Other) || depth == 0 || !self.is_leaf(inner, depth - 1)
                    {
                        return false;
                    }
                }
                at += 1;
            }
            i += 1;
        }
        true
    }
}

/// Whether step `at` of `layout` is the byte `byte`.
const fn byte_at(layout: &[Step], at: usize, byte: u8) -> bool {
    at < layout.len() && matches!(layout[at], Step::Byte(b) if b == byte)
}

/// Whether every match of the rule `entry` of a grammar tiles its input
/// as [`tile`] checks, whatever the input: decided from the grammar, at
/// compile time, so that a parse of a grammar for which it holds need not
/// check it. It holds when each layout of `entry` is, step for step,
/// `SOI [scheme ":"] ["//" authority] path ["?" query] ["#" fragment] EOI`,
/// each layout of the authority `[userinfo "@"] host [":" port]`, the host
/// an `IP-literal` (`"[" IPv6address-or-IPvFuture "]"`), an
/// `IPv4address` or a `reg-name` (or a `host` pair around one), and no
/// other of these components holds a pair that the lowering reads. Each
/// component is then where the one before it and its delimiter end, each
/// comes at most once, and the userinfo, host and port only inside the
/// authority: the checks that [`tile`] and [`Slots::lower`] make of a
/// tree. `uri.pest` and `iri.pest` are such grammars; one edited into
/// another shape is checked at each parse.
pub(crate) const fn tiles(grammar: &Grammar<'_>, entry: usize) -> bool {
    let Some(layouts) = grammar.layouts(entry) else {
        return false;
    };
    if layouts.is_empty() {
        return false;
    }
    let mut i = 0;
    while i < layouts.len() {
        if !reference_tiles(grammar, layouts[i]) {
            return false;
        }
        i += 1;
    }
    true
}

/// [`tiles`] for one layout of the entry rule.
const fn reference_tiles(grammar: &Grammar<'_>, layout: &[Step]) -> bool {
    if layout.is_empty() || !matches!(layout[0], Step::Soi) {
        return false;
    }
    let mut at = 1;
    if grammar.leaf_at(layout, at, Slot::Scheme) {
        if !byte_at(layout, at + 1, b':') {
            return false;
        }
        at += 2;
    }
    if byte_at(layout, at, b'/') && byte_at(layout, at + 1, b'/') {
        match grammar.pair(layout, at + 2) {
            Some((rule, Slot::Authority)) if authority_tiles(grammar, rule) => at += 3,
            _ => return false,
        }
    }
    if !grammar.leaf_at(layout, at, Slot::Path) {
        return false;
    }
    at += 1;
    if byte_at(layout, at, b'?') {
        if !grammar.leaf_at(layout, at + 1, Slot::Query) {
            return false;
        }
        at += 2;
    }
    if byte_at(layout, at, b'#') {
        if !grammar.leaf_at(layout, at + 1, Slot::Fragment) {
            return false;
        }
        at += 2;
    }
    at + 1 == layout.len() && matches!(layout[at], Step::Eoi)
}

/// Whether each layout of the authority rule `rule` is
/// `[userinfo "@"] host [":" port]`.
const fn authority_tiles(grammar: &Grammar<'_>, rule: usize) -> bool {
    let Some(layouts) = grammar.layouts(rule) else {
        return false;
    };
    let mut i = 0;
    while i < layouts.len() {
        let layout = layouts[i];
        let mut at = 0;
        if grammar.leaf_at(layout, at, Slot::Userinfo) {
            if !byte_at(layout, at + 1, b'@') {
                return false;
            }
            at += 2;
        }
        let host_tiles = match grammar.pair(layout, at) {
            Some((host, Slot::Host)) => host_pair_tiles(grammar, host),
            Some((value, slot)) => host_value_tiles(grammar, value, slot),
            None => false,
        };
        if !host_tiles {
            return false;
        }
        at += 1;
        if byte_at(layout, at, b':') {
            if !grammar.leaf_at(layout, at + 1, Slot::Port) {
                return false;
            }
            at += 2;
        }
        if at != layout.len() {
            return false;
        }
        i += 1;
    }
    !layouts.is_empty()
}

/// Whether each layout of a `host` pair's rule is one host value.
const fn host_pair_tiles(grammar: &Grammar<'_>, rule: usize) -> bool {
    let Some(layouts) = grammar.layouts(rule) else {
        return false;
    };
    let mut i = 0;
    while i < layouts.len() {
        let layout = layouts[i];
        match grammar.pair(layout, 0) {
            Some((value, slot)) if layout.len() == 1 => {
                if !host_value_tiles(grammar, value, slot) {
                    return false;
                }
            }
            _ => return false,
        }
        i += 1;
    }
    !layouts.is_empty()
}

/// Whether the pair of `rule`, in `slot`, is a host value: an
/// `IP-literal` around an address, or a leaf `IPv4address` or `reg-name`.
const fn host_value_tiles(grammar: &Grammar<'_>, rule: usize, slot: Slot) -> bool {
    match slot {
        Slot::Ipv4Address | Slot::RegName => grammar.is_leaf(rule, 4),
        Slot::IpLiteral => {
            let Some(layouts) = grammar.layouts(rule) else {
                return false;
            };
            let mut i = 0;
            while i < layouts.len() {
                let layout = layouts[i];
                let address = grammar.leaf_at(layout, 1, Slot::Ipv6Address)
                    || grammar.leaf_at(layout, 1, Slot::IpvFuture);
                if layout.len() != 3
                    || !byte_at(layout, 0, b'[')
                    || !address
                    || !byte_at(layout, 2, b']')
                {
                    return false;
                }
                i += 1;
            }
            !layouts.is_empty()
        }
        _ => false,
    }
}

/// Lowers the pairs of a successful parse of `input` to the bounds of its
/// components, with the host's kind and the port's value.
///
/// One pass stores each pair in its slot, with no decision per pair, so
/// that nothing in the loop depends on which rule came. The checks come
/// after it: each component at most once, userinfo, host and port only
/// inside an authority, and the components tiling the input ([`tile`]).
/// Inlined into each parse, with everything it calls but the error paths.
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
fn too_long(input: &str) -> ParseError {
    ParseError::new(
        ErrorKind::TooLong,
        input,
        MAX_LEN,
        "at most 4294967294 bytes",
    )
}

/// The slot of the pairs of `rule`. `None` (a rule that is not the RFC's)
/// is the index after the RFC rules rather than a branch: whether a pair's
/// rule is one of them varies from pair to pair (`EOI` is not).
#[inline(always)]
fn slot_of<R: UriRule>(rule: R) -> usize {
    SLOT_OF[rule.rfc_rule().map_or(RFC_RULES, |rule| rule as usize)] as usize
}

/// The kind of host `text` is when all of it is a `host` by the grammar
/// (the compiled parser from that rule, read as an authority's host is
/// read); `None` when it is not.
pub(crate) fn host_kind(text: &str) -> Option<HostKind> {
    use crate::compiled::uri;
    if text.len() > MAX_LEN {
        return None;
    }
    let mut tree = uri::tree(text);
    let end = uri::run(crate::grammar::Rule::host, &mut tree)?;
    if end != text.len() {
        return None;
    }
    let mut slots = Slots::new(text);
    slots.read::<_, false>(tree.nodes());
    let kind = slots.host_kind(0).ok()?;
    (slots.host() == (0..text.len())).then_some(kind)
}

/// A slot as read: whether a pair filled it, and its span, which every
/// check ignores when it was not filled.
#[derive(Clone, Copy, Debug)]
struct Found {
    present: bool,
    start: usize,
    end: usize,
}

impl Found {
    /// Its end, if it is there.
    #[inline(always)]
    fn end_if_present(self) -> Option<usize> {
        self.present.then_some(self.end)
    }

    /// Its start, if it is there.
    #[inline(always)]
    fn start_if_present(self) -> Option<usize> {
        self.present.then_some(self.start)
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

/// The pairs of a parse tree, by slot; or a reference's bounds, read the
/// same way to check them ([`check_tiling`]).
///
/// It is also what the capture variant of a compiled parser records into
/// ([`Capture`]): there the parser fills the slots as it matches, and the
/// tree is never built.
#[derive(Clone, Copy)]
pub(crate) struct Slots<'i> {
    input: &'i str,
    /// The spans, as `u32`: a text the lowering accepts is at most
    /// [`MAX_LEN`] bytes, which it checks before it reads one.
    spans: [(u32, u32); SLOTS],
    /// The slots filled, as bits.
    seen: u32,
    /// The slots a capture filled when they were filled already (as bits):
    /// the span before is lost, so the full pairs must decide
    /// ([`captured`]).
    clobbered: u32,
}

/// What the capture variant of a compiled parser records into: the
/// lowering's [`Slots`], filled as the parser matches ([`Slots::record`]).
///
/// `TILED` says that the parse starts from an entry rule that tiles its
/// input ([`tiles`]): every tree of it then holds each component at most
/// once, and so does every partial tree the parse builds on the way (each
/// step of its layouts holds the pairs of its own component only), so no
/// slot that is filled is filled again and the capture does not watch for
/// it. Otherwise it does, and [`captured`] defers to the full pairs where
/// it happens.
///
/// Where `TILED`, it also keeps a copy of the slots where `EOI` fails
/// furthest ([`Kept`]): `EOI` is then the last step of the entry rule's
/// layouts, outside every rule the lowering reads, so the slots hold the
/// reading of the input up to there, which a diagnosis of a failed parse
/// lowers instead of recording it again. The copy is made on a failure
/// only.
#[derive(Clone, Copy)]
pub(crate) struct Capture<'i, const TILED: bool> {
    pub(crate) slots: Slots<'i>,
    kept: Option<Kept<'i>>,
}

/// The slots a capture held where `EOI` failed furthest, at `pos`: the
/// reading of the input up to there.
#[derive(Clone, Copy)]
pub(crate) struct Kept<'i> {
    slots: Slots<'i>,
    pos: usize,
}

impl<'i, const TILED: bool> Capture<'i, TILED> {
    /// An empty capture of a parse of `input`.
    #[inline(always)]
    pub(crate) fn new(input: &'i str) -> Self {
        Capture {
            slots: Slots::new(input),
            kept: None,
        }
    }

    /// The slots kept where `EOI` failed furthest, if it did.
    pub(crate) fn kept(&self) -> Option<&Kept<'i>> {
        self.kept.as_ref()
    }
}

impl Kept<'_> {
    /// Where `EOI` failed.
    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    /// The bounds of the input up to [`pos`](Self::pos): what [`lower`]
    /// makes of the pairs of the tree of that prefix, which the slots
    /// hold; `None` where those do not lower.
    #[inline(always)]
    pub(crate) fn bounds(&self) -> Option<Bounds> {
        prefix_bounds(&self.slots)
    }
}

impl<R: UriRule, const TILED: bool> Sink<R> for Capture<'_, TILED> {
    type Mark = u32;

    #[inline(always)]
    fn mark(&self) -> u32 {
        self.slots.seen
    }

    #[inline(always)]
    fn enter(&mut self, _: R, _: usize) -> u32 {
        self.slots.seen
    }

    #[inline(always)]
    fn leave(&mut self, at: u32, rule: R, start: usize, end: Option<usize>) -> Option<usize> {
        self.slots.record::<R, TILED>(at, rule, start, end)
    }

    #[inline(always)]
    fn restore(&mut self, mark: u32) {
        self.slots.seen = mark;
    }

    #[inline(always)]
    fn end_missed(&mut self, pos: usize) {
        if TILED {
            self.keep(pos);
        }
    }
}

impl<const TILED: bool> Capture<'_, TILED> {
    /// Keeps the slots where `EOI` failed at `pos`, unless it failed as
    /// far or further before.
    #[cold]
    #[inline(never)]
    fn keep(&mut self, pos: usize) {
        let further = self.kept.as_ref().is_none_or(|kept| pos > kept.pos);
        if let (true, Some(input)) = (further, self.slots.input.get(..pos)) {
            self.kept = Some(Kept {
                slots: Slots {
                    input,
                    ..self.slots
                },
                pos,
            });
        }
    }
}

/// What the diagnostic variant of the crate's compiled parsers records into
/// for a diagnosis from an entry rule that tiles its input ([`tiles`]):
/// the lowering's slots, filled as the capture variant fills them, and how
/// many rules that record a pair are not finished.
/// Where `EOI` fails with none open (the crate's entry rules call it
/// outside every rule that records one), the slots hold the pairs of the
/// tree of the input up to there, which is kept ([`Keep`]) and lowered
/// ([`held`]) instead of the full pairs.
#[derive(Clone, Copy)]
pub(crate) struct Held<'i> {
    slots: Slots<'i>,
    open: u32,
}

impl<'i> Held<'i> {
    /// Empty slots for a diagnostic parse of `input`.
    pub(crate) fn new(input: &'i str) -> Held<'i> {
        Held {
            slots: Slots::new(input),
            open: 0,
        }
    }
}

/// Records as [`Capture`] does for an entry rule that tiles its input:
/// [`Held`] is only run from one.
impl<R: UriRule> Sink<R> for Held<'_> {
    type Mark = u32;

    #[inline(always)]
    fn mark(&self) -> u32 {
        self.slots.seen
    }

    #[inline(always)]
    fn enter(&mut self, _: R, _: usize) -> u32 {
        self.open += 1;
        self.slots.seen
    }

    #[inline(always)]
    fn leave(&mut self, at: u32, rule: R, start: usize, end: Option<usize>) -> Option<usize> {
        self.open -= 1;
        self.slots.record::<R, true>(at, rule, start, end)
    }

    #[inline(always)]
    fn restore(&mut self, mark: u32) {
        self.slots.seen = mark;
    }
}

/// A copy of the slots of the input up to `pos`, where no rule that records
/// a pair is open: otherwise the slots lack that rule's pair, which the
/// tree up to here has.
impl Keep for Held<'_> {
    #[inline(always)]
    fn keep(&self, pos: usize) -> Option<Self> {
        let input = self.slots.input.get(..pos)?;
        (self.open == 0).then_some(Held {
            slots: Slots {
                input,
                ..self.slots
            },
            open: 0,
        })
    }
}

/// The bounds of the input up to where `EOI` failed, from `held`, what a
/// diagnostic parse from an entry rule that tiles its input kept there:
/// what [`lower`] makes of the pairs of the tree of that prefix, which the
/// slots hold. `None` where the pairs do not lower.
#[inline(always)]
pub(crate) fn held(held: &Held<'_>) -> Option<Bounds> {
    prefix_bounds(&held.slots)
}

/// The bounds of the prefix of the input that `slots` read, from an entry
/// rule that tiles its input, where `EOI` failed ([`held`], [`Kept`]).
#[inline(always)]
fn prefix_bounds(slots: &Slots<'_>) -> Option<Bounds> {
    captured_tiled::<true>(slots)?.ok()
}

/// Lowers what a capture recorded ([`Capture`]) after a
/// successful parse of its input: exactly what [`lower`] makes of the full
/// pairs of the same parse. `None` where the capture cannot tell: a slot
/// filled twice (its first span is lost), or two kinds of host value (a
/// component twice); the caller then lowers the full pairs, which give the
/// error. The crate's grammars fill each slot once.
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
    let host_values = (slots.seen >> Slot::Ipv4Address as u32) & 0b1111;
    if slots.clobbered != 0 || host_values & host_values.wrapping_sub(1) != 0 {
        return None;
    }
    Some(slots.lower_tiled::<TILED>())
}

/// The bounds of `input` from the pairs of a derived grammar's parse of
/// all of it, when the pairs hold a whole reference: the bounds the generic
/// parser would give. `None` when they do not, or cannot be trusted to:
/// the caller then parses `input` with the generic grammar. `matches` is
/// the generic grammar's compiled rules ([`Syntax::matches`]).
///
/// A grammar may match the parts of an authority (`host`, `port`) without
/// `authority` and the scheme as a literal (`^"ssh://"`): the scheme, the
/// authority and the userinfo the generic grammar would read around them
/// are then taken from the text ([`Slots::infer_authority`]), each checked
/// by its rule of the generic grammar.
///
/// The lowering's checks (each component at most once, userinfo, host and
/// port inside an authority, components that tile the input) do not say
/// that the generic grammar would have split the input there: a grammar of
/// one's own can put an RFC rule where the generic grammar would not.
/// Three more checks do, with what the components' own rules guarantee
/// (none holds a delimiter that ends it): with an authority the path is
/// empty or starts with "/"; without one it does not start with "//";
/// without a scheme either its first segment has no ":". The generic
/// grammar then reads the same components, at the same places: a scheme
/// ends at the first ":", an authority at the first "/", "?" or "#", a
/// path at the first "?" or "#", a query at the first "#".
///
/// [`Syntax::matches`]: crate::syntax::Syntax
#[inline(always)]
pub(crate) fn whole_reference<R: UriRule>(
    input: &str,
    nodes: impl IntoIterator<Item = Node<R>>,
    matches: fn(RfcRule, &str) -> Option<usize>,
) -> Option<Bounds> {
    if input.len() > MAX_LEN {
        return None;
    }
    let mut slots = Slots::new(input);
    if slots.read::<_, false>(nodes) != usize::MAX {
        return None;
    }
    if !slots.found(Slot::Authority).present
        && slots.seen & INSIDE_AUTHORITY_BITS != 0
        && !slots.infer_authority(matches)
    {
        return None;
    }
    let has_path = slots.found(Slot::Path).present
        || (slots.found(Slot::Authority).present && slots.infer_tail(matches));
    if !has_path {
        return None;
    }
    let path = slots.found(Slot::Path);
    let path = &input[path.start..path.end];
    let split_as_generic = if slots.found(Slot::Authority).present {
        path.is_empty() || path.starts_with('/')
    } else {
        !path.starts_with("//")
            && (slots.found(Slot::Scheme).present
                || !path.split('/').next().unwrap_or("").contains(':'))
    };
    if !split_as_generic {
        return None;
    }
    // Components that do not tile the input (the lowering checks it), an
    // IP address that is not one, or a port above 65535: the generic parse
    // says so.
    slots.lower().ok()
}

impl Slots<'_> {
    /// Fills the authority slot, and the scheme and userinfo slots where
    /// they are empty, from the text around the host and port of a tree
    /// that has no `authority` pair, as the generic grammar reads that
    /// text: a scheme up to the first ":" (if one comes before any "/",
    /// "?" or "#"), "//", a userinfo up to an "@" just before the host,
    /// the host, the port. Each part the tree does not hold is checked
    /// with the generic grammar's rule for it (`matches`): all of it must
    /// match. Whether the parts then tile the input is the caller's check.
    ///
    /// `false` where the text is not that: the caller falls back to the
    /// generic parser, which decides.
    #[inline(never)]
    fn infer_authority(&mut self, matches: fn(RfcRule, &str) -> Option<usize>) -> bool {
        const HOST_BITS: u32 = 1 << Slot::Host as u32
            | 1 << Slot::IpLiteral as u32
            | 1 << Slot::Ipv4Address as u32
            | 1 << Slot::RegName as u32
            | 1 << Slot::Ipv6Address as u32
            | 1 << Slot::IpvFuture as u32;
        if self.seen & HOST_BITS == 0 {
            return false;
        }
        let input = self.input;
        let host = self.host();
        let port = self.found(Slot::Port);
        let end = if port.present { port.end } else { host.end };
        let scheme = self.found(Slot::Scheme);
        let after_scheme = if scheme.present {
            scheme.end + 1
        } else {
            let before_host = input.as_bytes().get(..host.start).unwrap_or_default();
            let delimiter = before_host
                .iter()
                .position(|b| matches!(b, b':' | b'/' | b'?' | b'#'));
            match delimiter {
                Some(colon) if before_host[colon] == b':' => {
                    if colon == 0 || matches(RfcRule::Scheme, &input[..colon]) != Some(colon) {
                        return false;
                    }
                    self.set(Slot::Scheme, Some(0..colon));
                    colon + 1
                }
                _ => 0,
            }
        };
        let start = after_scheme + 2;
        if input.get(after_scheme..start) != Some("//") || start > host.start {
            return false;
        }
        if !self.found(Slot::Userinfo).present && host.start > start {
            let userinfo = start..host.start - 1;
            if input.as_bytes()[userinfo.end] != b'@'
                || matches(RfcRule::Userinfo, &input[userinfo.clone()]) != Some(userinfo.len())
            {
                return false;
            }
            self.set(Slot::Userinfo, Some(userinfo));
        }
        self.set(Slot::Authority, Some(start..end));
        true
    }

    /// Fills the path slot of a tree that has an authority and no path (a
    /// grammar that matches `"/" ~ db_number` rather than `path_abempty`),
    /// and the query and fragment slots where they are empty, from the text
    /// after the authority, as the generic grammar reads it: a path up to
    /// the first "?" or "#", a query up to the first "#", a fragment. Each
    /// part the tree does not hold is checked with the generic grammar's
    /// rule for it (`matches`): all of it must match. Whether the parts
    /// then tile the input is the caller's check.
    ///
    /// `false` where the text is not that: the caller falls back to the
    /// generic parser, which decides.
    #[inline(never)]
    fn infer_tail(&mut self, matches: fn(RfcRule, &str) -> Option<usize>) -> bool {
        let input = self.input;
        let bytes = input.as_bytes();
        let next = |from: usize, stop: &[u8]| {
            bytes[from..]
                .iter()
                .position(|b| stop.contains(b))
                .map_or(input.len(), |at| from + at)
        };
        let whole = |rule: RfcRule, span: &Range<usize>| {
            let text = &input[span.clone()];
            matches(rule, text) == Some(text.len())
        };
        let start = self.found(Slot::Authority).end;
        let path = start..next(start, b"?#");
        if !whole(RfcRule::PathAbempty, &path) {
            return false;
        }
        let mut at = path.end;
        self.set(Slot::Path, Some(path));
        if bytes.get(at) == Some(&b'?') {
            let query = at + 1..next(at + 1, b"#");
            at = query.end;
            if !self.found(Slot::Query).present {
                if !whole(RfcRule::Query, &query) {
                    return false;
                }
                self.set(Slot::Query, Some(query));
            }
        }
        if bytes.get(at) == Some(&b'#') && !self.found(Slot::Fragment).present {
            let fragment = at + 1..input.len();
            if !whole(RfcRule::Fragment, &fragment) {
                return false;
            }
            self.set(Slot::Fragment, Some(fragment));
        }
        true
    }
}

/// The error of a parse tree that lacks what the lowering reads: only an
/// edited grammar makes one.
#[cold]
#[inline(never)]
fn grammar_error(input: &str, offset: usize, what: &'static str) -> ParseError {
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
        }
    }

    /// Stores each pair in its slot; returns where a component came a
    /// second time (`usize::MAX` if none did, or where `TILED` says that
    /// none can: [`tiles`] proves each comes once). The slots are filled in
    /// place: returning them would copy them.
    #[inline(always)]
    fn read<R: UriRule, const TILED: bool>(
        &mut self,
        nodes: impl IntoIterator<Item = Node<R>>,
    ) -> usize {
        let mut components: u16 = 0;
        let mut repeated = usize::MAX;
        // A local, not the field, so that it stays in a register.
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
    /// goes straight into its slot, and the rest are not recorded at all;
    /// a failed rule's pairs are dropped by restoring which slots were
    /// filled before it (`at`), as pest drops them from its queue. Unless
    /// `TILED` ([`Capture`]), a slot filled again is marked as clobbered.
    ///
    /// The rule is a constant where the generated parser calls this, so
    /// the lookup of its slot folds away and a rule the lowering does not
    /// read costs nothing.
    #[inline(always)]
    fn record<R: UriRule, const TILED: bool>(
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

    /// Fills `slot` with `span`.
    fn set(&mut self, slot: Slot, span: Option<Range<usize>>) {
        if let Some(span) = span {
            self.spans[slot as usize] = (span.start as u32, span.end as u32);
            self.seen |= 1 << slot as u32;
        }
    }

    fn grammar_error(&self, offset: usize, what: &'static str) -> ParseError {
        grammar_error(self.input, offset, what)
    }

    /// The span stored in `slot`, if it was filled.
    #[inline(always)]
    fn span(&self, slot: Slot) -> Option<Range<usize>> {
        let (start, end) = self.span_at(slot as usize);
        (self.seen & (1 << slot as usize) != 0).then_some(start..end)
    }

    /// The span in `slot`, whether or not a pair filled it.
    #[inline(always)]
    fn found(&self, slot: Slot) -> Found {
        let (start, end) = self.span_at(slot as usize);
        Found {
            present: self.seen & (1 << slot as usize) != 0,
            start,
            end,
        }
    }

    /// The host as written: the `host` pair's span or, that rule being
    /// silent, the IP literal's (with its brackets) or the host value's.
    /// The slot is chosen without a branch, and read once: the four host
    /// values are consecutive slots, and at most one is filled (they are
    /// one component, which [`lower`] checks comes once).
    #[inline(always)]
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
        let (start, end) = self.span_at(slot);
        start..end
    }

    /// Types the host and port, then checks that the components tile the
    /// input ([`tile`]), so that recomposing them gives the input back.
    /// The crate's grammar always satisfies this; an edited grammar that
    /// does not gets an error instead of an inconsistent URI.
    #[inline(always)]
    fn lower(&self) -> Result<Bounds, ParseError> {
        self.lower_tiled::<false>()
    }

    /// [`lower`](Self::lower), where `TILED` says that the grammar makes
    /// the checks of the tree's shape ([`tiles`]): the userinfo, host and
    /// port inside an authority, a path, and components that tile the
    /// input. The value checks (an IP address, a port) are made either way.
    #[inline(always)]
    fn lower_tiled<const TILED: bool>(&self) -> Result<Bounds, ParseError> {
        let authority = self.found(Slot::Authority);
        let mut kind = HostKind::RegName;
        if authority.present {
            kind = self.host_kind(authority.start)?;
        } else if !TILED && self.seen & INSIDE_AUTHORITY_BITS != 0 {
            return Err(self.stray());
        }
        // An empty slot reads as `0..0`, an empty port: no branch on
        // whether there is one.
        let port_span = self.found(Slot::Port);
        let port = self.port(port_span.start..port_span.end)?;
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
        ))
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

    /// The kind of the host, in an authority that starts at `authority`,
    /// checked to have the value the grammar says it has.
    #[inline(always)]
    fn host_kind(&self, authority: usize) -> Result<HostKind, ParseError> {
        if self.seen & (1 << Slot::RegName as u32) != 0 {
            Ok(HostKind::RegName)
        } else {
            self.ip_host(authority)
        }
    }

    /// [`host_kind`](Self::host_kind) when it is not a registered name: an
    /// IP address or IPvFuture.
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

    /// The slots of a reference's `bounds` in `text`.
    fn of_bounds(text: &'i str, bounds: &Bounds) -> Slots<'i> {
        let mut slots = Slots::new(text);
        slots.set(Slot::Scheme, bounds.scheme());
        slots.set(Slot::Authority, bounds.authority());
        slots.set(Slot::Userinfo, bounds.userinfo());
        slots.set(Slot::Host, bounds.host());
        slots.set(Slot::Port, bounds.port());
        slots.set(Slot::Path, Some(bounds.path()));
        slots.set(Slot::Query, bounds.query());
        slots.set(Slot::Fragment, bounds.fragment(text.len()));
        slots
    }
}

/// Checks that `bounds` tile `text` as a parse's would ([`tile`]).
///
/// # Errors
///
/// The byte where the tiling breaks, and what was expected there.
pub(crate) fn check_tiling(text: &str, bounds: &Bounds) -> Result<(), (usize, &'static str)> {
    tile(&Slots::of_bounds(text, bounds))
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

/// Checks that the components tile the text in the order and with the
/// delimiters of section 5.3, so that recomposing them gives the text
/// back, and that the authority's subcomponents tile the authority.
///
/// The one statement of how components tile a URI reference: the lowering
/// checks a parse tree with it, and [`check_tiling`] a reference's bounds.
/// Inlined into the lowering, where it runs without a branch but the last
/// ([`AllPass`]); only when a check failed does it run again to say which
/// ([`FirstFailure`]).
///
/// # Errors
///
/// The byte where the tiling breaks first, and what was expected there.
#[inline(always)]
fn tile(slots: &Slots<'_>) -> Result<(), (usize, &'static str)> {
    let mut all = AllPass(true);
    tile_with(slots, &mut all);
    if all.0 {
        Ok(())
    } else {
        Err(first_failure(slots))
    }
}

/// The first check of [`tile`] that fails.
#[cold]
#[inline(never)]
fn first_failure(slots: &Slots<'_>) -> (usize, &'static str) {
    let mut first = FirstFailure(None);
    tile_with(slots, &mut first);
    first.0.unwrap_or((0, "components that tile the reference"))
}

/// [`tile`]'s checks, made in order with `checks`.
#[inline(always)]
fn tile_with(slots: &Slots<'_>, checks: &mut impl Checks) {
    let text = slots.input;
    let bytes = text.as_bytes();
    // The byte at `at`; 0, which is no delimiter, past the end.
    let byte = |at: usize| bytes.get(at).copied().unwrap_or(0);
    let scheme = slots.found(Slot::Scheme);
    let authority = slots.found(Slot::Authority);
    let userinfo = slots.found(Slot::Userinfo);
    let host = slots.host();
    let port = slots.found(Slot::Port);
    let path = slots.found(Slot::Path);
    let query = slots.found(Slot::Query);
    let fragment = slots.found(Slot::Fragment);

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
}

/// The value of an `IPv4address` as the grammar matched it: four decimal
/// octets. `None` for any other text (an edited grammar's).
pub(crate) fn ipv4(text: &str) -> Option<Ipv4Addr> {
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
pub(crate) fn ipv6(text: &str) -> Option<Ipv6Addr> {
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
    use super::{captured, held, ipv4, ipv6, lower, Capture, Held, Keep, Kept, Node, Sink, Slots};
    use crate::grammar::Rule;

    /// What a diagnostic parse keeps of its slots where `EOI` fails:
    /// nothing while a rule that records a pair is open (the slots lack its
    /// pair) or inside a character, and otherwise the slots of the input up
    /// to there, which lower as the pairs of that prefix do.
    #[test]
    fn held_slots_are_kept_only_with_no_rule_open() {
        let input = "http://\u{e9}x y";
        let nodes = [
            (Rule::scheme, 0, 4),
            (Rule::authority, 7, 10),
            (Rule::reg_name, 7, 10),
            (Rule::path_abempty, 10, 10),
        ];
        let mut sink = Held::new(input);
        record(&mut sink, &nodes);
        let open = sink.enter(Rule::query, 10);
        assert!(sink.keep(10).is_none());
        sink.leave(open, Rule::query, 10, None);
        assert!(sink.keep(8).is_none(), "byte 8 is inside the \u{e9}");
        let kept = sink.keep(10).expect("no rule is open");
        let prefix = &input[..10];
        let pairs = nodes.map(|(rule, start, end)| Node { rule, start, end });
        let expected = lower(prefix, pairs).expect("a reference");
        assert_eq!(held(&kept), Some(expected));
    }

    /// Records `nodes` into `sink` as the parser would (each pair left as
    /// it matched).
    fn record(sink: &mut impl Sink<Rule>, nodes: &[(Rule, usize, usize)]) {
        for &(rule, start, end) in nodes {
            let at = sink.enter(rule, start);
            sink.leave(at, rule, start, Some(end));
        }
    }

    /// Records `nodes` into a capture of `input`.
    fn capture<'i>(input: &'i str, nodes: &[(Rule, usize, usize)]) -> Slots<'i> {
        let mut capture = Capture::<false>::new(input);
        record(&mut capture, nodes);
        capture.slots
    }

    /// A capture that holds one pair per slot lowers as the full pairs do;
    /// a slot filled twice, or two kinds of host, cannot be told from the
    /// slots, and the caller lowers the full pairs instead, which give the
    /// error.
    #[test]
    fn a_capture_lowers_as_the_pairs_or_defers_to_them() {
        let input = "s://h/p";
        let pairs = [
            (Rule::scheme, 0, 1),
            (Rule::authority, 4, 5),
            (Rule::reg_name, 4, 5),
            (Rule::path_abempty, 5, 7),
        ];
        let nodes = pairs.map(|(rule, start, end)| Node { rule, start, end });
        let full = lower(input, nodes);
        assert!(full.is_ok());
        assert_eq!(captured(&capture(input, &pairs)), Some(full));

        let twice = [
            pairs[0],
            pairs[1],
            pairs[2],
            pairs[3],
            (Rule::path_abempty, 7, 7),
        ];
        assert_eq!(captured(&capture(input, &twice)), None);
        let twice = twice.map(|(rule, start, end)| Node { rule, start, end });
        assert!(lower(input, twice).is_err());

        let two_hosts = [
            pairs[0],
            pairs[1],
            pairs[2],
            (Rule::IPv4address, 4, 5),
            pairs[3],
        ];
        assert_eq!(captured(&capture(input, &two_hosts)), None);
    }

    /// A failed parse's capture keeps its slots where `EOI` failed furthest
    /// (the hook the generator puts in the fast variant), and they lower
    /// to the bounds of the prefix there, as its full pairs do; a parse
    /// that matched keeps nothing, and neither does a capture from an
    /// entry rule that does not tile its input.
    #[test]
    fn a_failed_capture_keeps_the_slots_where_the_end_was_missed() {
        use crate::compiled::uri;
        let entry = Rule::uri_reference_input;
        for (input, pos) in [
            ("http://a b/c", 8),
            ("/a?b#c#d", 6),
            ("x:y%zz", 3),
            ("//[::1]x", 7),
        ] {
            let kept = (uri::OWN.kept)(entry, input).unwrap();
            assert_eq!(kept.pos(), pos, "{input}");
            let prefix = &input[..pos];
            let mut tree = uri::tree(prefix);
            uri::run(entry, &mut tree).unwrap();
            assert_eq!(kept.bounds(), lower(prefix, tree.nodes()).ok(), "{input}");
        }
        assert!((uri::OWN.kept)(entry, "http://a/b").is_none());

        let mut capture = Capture::<false>::new("a b");
        Sink::<Rule>::end_missed(&mut capture, 1);
        assert!(capture.kept().is_none());
        let mut capture = Capture::<true>::new("a b");
        Sink::<Rule>::end_missed(&mut capture, 1);
        Sink::<Rule>::end_missed(&mut capture, 0);
        assert_eq!(
            capture.kept().map(Kept::pos),
            Some(1),
            "the furthest is kept"
        );
    }

    /// A failed rule's pairs are dropped from a capture, as from the pairs:
    /// the slot it filled reads as empty again, and the slot is not taken
    /// as filled twice when the next alternative fills it.
    #[test]
    fn a_failed_rule_leaves_nothing_in_a_capture() {
        let input = "a/b";
        let mut capture = Capture::<false>::new(input);
        let at = capture.enter(Rule::scheme, 0);
        capture.leave(at, Rule::scheme, 0, Some(1));
        assert_eq!(capture.slots.span(super::Slot::Scheme), Some(0..1));
        // The `:` after it is missing: the alternative fails.
        Sink::<Rule>::restore(&mut capture, at);
        let at = capture.enter(Rule::path_noscheme, 0);
        capture.leave(at, Rule::path_noscheme, 0, Some(3));
        assert_eq!(capture.slots.span(super::Slot::Scheme), None);
        let bounds = captured(&capture.slots).unwrap().unwrap();
        assert_eq!((bounds.scheme(), bounds.path()), (None, 0..3));
    }

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

    /// The compile-time shape check on layouts written by hand: a grammar
    /// of discriminants 0.. whose RFC rules are given, and layouts of each.
    mod tiling {
        use super::super::{tiles, Grammar};
        use crate::compiled::runtime::{Layouts, Step};
        use crate::grammar::RfcRule;
        use alloc::vec;
        use alloc::vec::Vec;
        use Step::{Byte, Eoi, Pair, Soi, Text};

        const SCHEME: usize = 1;
        const AUTHORITY: usize = 2;
        const USERINFO: usize = 3;
        const REG_NAME: usize = 4;
        const PORT: usize = 5;
        const PATH: usize = 6;
        const QUERY: usize = 7;
        const OWN: usize = 8;
        const RFC: &[(usize, RfcRule)] = &[
            (SCHEME, RfcRule::Scheme),
            (AUTHORITY, RfcRule::Authority),
            (USERINFO, RfcRule::Userinfo),
            (REG_NAME, RfcRule::RegName),
            (PORT, RfcRule::Port),
            (PATH, RfcRule::PathAbempty),
            (QUERY, RfcRule::Query),
        ];
        const LEAF: Layouts = Some(&[&[Text]]);
        const AUTHORITY_OK: Layouts = Some(&[
            &[Pair(REG_NAME)],
            &[
                Pair(USERINFO),
                Byte(b'@'),
                Pair(REG_NAME),
                Byte(b':'),
                Pair(PORT),
            ],
        ]);

        /// Whether the entry rule 0, with `entry`'s layouts and `authority`'s
        /// for the authority, tiles.
        fn entry_tiles(entry: &'static [&'static [Step]], authority: Layouts) -> bool {
            let layouts: &[(usize, Layouts)] = &[
                (0, Some(entry)),
                (SCHEME, LEAF),
                (AUTHORITY, authority),
                (USERINFO, LEAF),
                (REG_NAME, LEAF),
                (PORT, LEAF),
                (PATH, LEAF),
                (QUERY, LEAF),
                (OWN, Some(&[&[Pair(REG_NAME)]])),
            ];
            tiles(&Grammar { layouts, rfc: RFC }, 0)
        }

        const URI: &[Step] = &[
            Soi,
            Pair(SCHEME),
            Byte(b':'),
            Byte(b'/'),
            Byte(b'/'),
            Pair(AUTHORITY),
            Pair(PATH),
            Byte(b'?'),
            Pair(QUERY),
            Eoi,
        ];

        #[test]
        fn a_reference_shape_tiles() {
            assert!(entry_tiles(&[URI], AUTHORITY_OK));
            assert!(entry_tiles(&[URI, &[Soi, Pair(PATH), Eoi]], AUTHORITY_OK));
        }

        #[test]
        fn any_other_shape_does_not() {
            let cases: &[&'static [Step]] = &[
                // No ":" after the scheme.
                &[Soi, Pair(SCHEME), Pair(PATH), Eoi],
                // Text before the scheme, or between components.
                &[Soi, Text, Pair(SCHEME), Byte(b':'), Pair(PATH), Eoi],
                &[Soi, Pair(PATH), Text, Byte(b'?'), Pair(QUERY), Eoi],
                // No path.
                &[Soi, Pair(SCHEME), Byte(b':'), Eoi],
                // A query without its "?", or a component twice.
                &[Soi, Pair(PATH), Pair(QUERY), Eoi],
                &[
                    Soi,
                    Pair(PATH),
                    Byte(b'?'),
                    Pair(QUERY),
                    Byte(b'?'),
                    Pair(QUERY),
                    Eoi,
                ],
                // A host outside an authority.
                &[Soi, Pair(REG_NAME), Pair(PATH), Eoi],
                // An authority without its "//".
                &[
                    Soi,
                    Pair(SCHEME),
                    Byte(b':'),
                    Pair(AUTHORITY),
                    Pair(PATH),
                    Eoi,
                ],
                // A rule of the grammar's own around the host.
                &[Soi, Pair(OWN), Pair(PATH), Eoi],
                // Not anchored.
                &[Pair(PATH), Eoi],
                &[Soi, Pair(PATH)],
            ];
            for (i, case) in cases.iter().enumerate() {
                let both: &'static [&'static [Step]] = Vec::leak(vec![URI, *case]);
                assert!(!entry_tiles(both, AUTHORITY_OK), "case {i}");
            }
            // An authority of another shape, or one whose layouts are not
            // known.
            let port_first: Layouts = Some(&[&[Pair(PORT), Byte(b':'), Pair(REG_NAME)]]);
            let text_inside: Layouts = Some(&[&[Pair(REG_NAME), Text, Pair(PORT)]]);
            for authority in [port_first, text_inside, None] {
                assert!(!entry_tiles(&[URI], authority));
            }
        }

        /// The crate's grammars have the shape: their parses skip the
        /// checks. (An edit of `uri.pest` that breaks it fails here, and the
        /// checks run again.)
        #[test]
        fn the_crates_grammars_tile() {
            assert_eq!(crate::spec::TILES, [true; 4]);
        }
    }
}
