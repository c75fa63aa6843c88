//! What the parsers that the build script compiles from the grammars use at
//! run time: the pair buffer, the parse tree, and the few matching steps
//! that are not a byte comparison.
//!
//! The input is always a `&str` turned into bytes, so it is valid UTF-8 and
//! every position a parser reaches is a character boundary; the decoding
//! below relies on that, and still returns `None` rather than panic if it
//! were not so.

use alloc::vec::Vec;
use core::cmp::Ordering;
use core::fmt;

/// pest's Unicode property rules (`XID_START`, ...), which the generated
/// code calls: through here, so that a user's crate need not depend on pest.
pub use pest::unicode;

pub use crate::grammar::UriRule;
/// What the generated code implements for its `Rule` type: the role each
/// rule plays.
pub use crate::role::Role;

/// A pair of a parse tree: a rule, and the bytes `start..end` it matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Node<R> {
    /// The rule.
    pub rule: R,
    /// The first byte of the match.
    pub start: usize,
    /// The byte after the match.
    pub end: usize,
}

/// The pairs recorded so far, in preorder (by start, outer before inner).
///
/// The first `N` live on the stack, `N` being the most a parse of the
/// grammar can record (the compiler derives it), so a parse allocates
/// nothing; only a grammar that can record without bound spills the rest
/// into a `Vec`.
#[derive(Clone, Debug)]
pub struct NodeBuffer<R, const N: usize> {
    inline: [Node<R>; N],
    len: usize,
    spill: Vec<Node<R>>,
}

/// The end of a pair whose rule has not finished yet.
pub const OPEN: usize = usize::MAX;

impl<R: Copy, const N: usize> NodeBuffer<R, N> {
    /// None yet; `filler` is any rule, to initialize the buffer.
    pub fn new(filler: R) -> Self {
        let empty = Node {
            rule: filler,
            start: 0,
            end: 0,
        };
        NodeBuffer {
            inline: [empty; N],
            len: 0,
            spill: Vec::new(),
        }
    }

    /// How many pairs there are.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Records the start of a pair of `rule` at `start`; its end is
    /// [`OPEN`] until [`finish`](Self::finish) sets it. Returns its index.
    #[inline]
    pub fn open(&mut self, rule: R, start: usize) -> usize {
        let at = self.len;
        let node = Node {
            rule,
            start,
            end: OPEN,
        };
        match self.inline.get_mut(at) {
            Some(slot) => *slot = node,
            None => self.spill.push(node),
        }
        self.len += 1;
        at
    }

    /// Completes the pair opened at `at` when its rule matched up to `end`,
    /// or removes it and everything recorded after it when the rule failed
    /// (`None`), as pest truncates its queue. Returns `end`.
    #[inline]
    pub fn finish(&mut self, at: usize, end: Option<usize>) -> Option<usize> {
        match end {
            Some(end) => {
                let node = match self.inline.get_mut(at) {
                    Some(node) => Some(node),
                    None => self.spill.get_mut(at - N),
                };
                if let Some(node) = node {
                    node.end = end;
                }
                Some(end)
            }
            None => {
                self.truncate(at);
                None
            }
        }
    }

    /// Drops the pairs from index `len` on.
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        if len < self.len {
            self.len = len;
            self.spill.truncate(len.saturating_sub(N));
        }
    }

    /// The pairs held in place, which are all of them unless some spilled
    /// to the heap.
    fn inline(&self) -> &[Node<R>] {
        &self.inline[..self.len.min(N)]
    }

    /// The pairs, in preorder.
    pub fn iter(&self) -> NodeIter<'_, R> {
        self.inline().iter().chain(&self.spill).copied()
    }

    /// The pairs, in preorder: those held in place, then those that
    /// spilled to the heap. For a loop over them that keeps no iterator.
    pub fn parts(&self) -> [&[Node<R>]; 2] {
        [self.inline(), &self.spill]
    }
}

/// The pair buffer of a grammar, whichever its size: what a parse records
/// pest's pairs into, and what `rfc3986::schemes::Pairs` keeps of it.
pub trait PairBuffer<R>: Clone + fmt::Debug + Sink<R> + Keep {
    /// None yet; `filler` is any rule, to initialize the buffer.
    fn empty(filler: R) -> Self;

    /// The pairs, in preorder.
    fn nodes(&self) -> NodeIter<'_, R>;

    /// The pairs, in preorder: those held in place, then those that
    /// spilled to the heap ([`NodeBuffer::parts`]).
    fn parts(&self) -> [&[Node<R>]; 2];

    /// How many there are.
    fn count(&self) -> usize;
}

impl<R: Copy + fmt::Debug, const N: usize> PairBuffer<R> for NodeBuffer<R, N> {
    #[inline(always)]
    fn empty(filler: R) -> Self {
        NodeBuffer::new(filler)
    }

    #[inline]
    fn nodes(&self) -> NodeIter<'_, R> {
        self.iter()
    }

    #[inline]
    fn parts(&self) -> [&[Node<R>]; 2] {
        NodeBuffer::parts(self)
    }

    #[inline]
    fn count(&self) -> usize {
        self.len()
    }
}

/// The pairs of a [`NodeBuffer`] or [`Tree`], in preorder.
pub type NodeIter<'a, R> = core::iter::Copied<
    core::iter::Chain<core::slice::Iter<'a, Node<R>>, core::slice::Iter<'a, Node<R>>>,
>;

/// What a parse records as it goes, and undoes where pest drops pairs: the
/// full pairs ([`NodeBuffer`], pest's tree), or what a reader of the tree keeps
/// of it (the lowering's slots, which only know the rules it reads).
///
/// The generated parser calls these around each rule that records a pair
/// and at each point it may have to backtrack to. The rule is a constant at
/// each call site, so that a sink that ignores a rule (as the lowering's
/// slots ignore those it does not read) can tell from the rule alone and
/// do nothing there.
pub trait Sink<R> {
    /// What it takes to undo what was recorded since.
    type Mark: Copy;

    /// The state to [`restore`](Self::restore) if what follows fails.
    fn mark(&self) -> Self::Mark;

    /// A pair of `rule` starts at `start`.
    fn enter(&mut self, rule: R, start: usize) -> Self::Mark;

    /// The pair of `rule` entered at `start` (the mark `at`) matched up to
    /// `end`, or failed (`None`), which drops what was recorded since it
    /// was entered. Returns `end`.
    fn leave(&mut self, at: Self::Mark, rule: R, start: usize, end: Option<usize>)
        -> Option<usize>;

    /// Drops what was recorded since `mark`.
    fn restore(&mut self, mark: Self::Mark);

    /// `EOI` failed at `pos`, where a fast variant records pairs (outside
    /// every lookahead and atomic rule): a sink may keep what it holds, a
    /// diagnosis's reading of the input up to `pos` (the crate's capture
    /// of a parse does). Nothing, by default.
    #[inline(always)]
    fn end_missed(&mut self, pos: usize) {
        let _ = pos;
    }
}

impl<R: Copy, const N: usize> Sink<R> for NodeBuffer<R, N> {
    type Mark = usize;

    #[inline(always)]
    fn mark(&self) -> usize {
        self.len
    }

    #[inline(always)]
    fn enter(&mut self, rule: R, start: usize) -> usize {
        self.open(rule, start)
    }

    #[inline(always)]
    fn leave(&mut self, at: usize, _: R, _: usize, end: Option<usize>) -> Option<usize> {
        self.finish(at, end)
    }

    #[inline(always)]
    fn restore(&mut self, mark: usize) {
        self.truncate(mark);
    }
}

/// A sink that records nothing: for a parse that only asks how far a rule
/// matches.
impl<R> Sink<R> for () {
    type Mark = ();

    #[inline(always)]
    fn mark(&self) {}

    #[inline(always)]
    fn enter(&mut self, _: R, _: usize) {}

    #[inline(always)]
    fn leave(&mut self, _: (), _: R, _: usize, end: Option<usize>) -> Option<usize> {
        end
    }

    #[inline(always)]
    fn restore(&mut self, _: ()) {}
}

/// Two sinks that record the same parse, as the parser calls them: a
/// derived grammar's parse records its pairs and the one record of
/// positions in one pass.
impl<R: Copy, A: Sink<R>, B: Sink<R>> Sink<R> for (A, B) {
    type Mark = (A::Mark, B::Mark);

    #[inline(always)]
    fn mark(&self) -> Self::Mark {
        (self.0.mark(), self.1.mark())
    }

    #[inline(always)]
    fn enter(&mut self, rule: R, start: usize) -> Self::Mark {
        (self.0.enter(rule, start), self.1.enter(rule, start))
    }

    #[inline(always)]
    fn leave(
        &mut self,
        at: Self::Mark,
        rule: R,
        start: usize,
        end: Option<usize>,
    ) -> Option<usize> {
        self.1.leave(at.1, rule, start, end);
        self.0.leave(at.0, rule, start, end)
    }

    #[inline(always)]
    fn restore(&mut self, mark: Self::Mark) {
        self.0.restore(mark.0);
        self.1.restore(mark.1);
    }

    #[inline(always)]
    fn end_missed(&mut self, pos: usize) {
        self.0.end_missed(pos);
        self.1.end_missed(pos);
    }
}

/// What the diagnostic variant of a compiled parser records into (a
/// [`Sink`]) that [`Attempts`] can keep a copy of where `EOI` fails: the
/// parse tree of the input up to there, or what a reader of it keeps.
pub trait Keep: Sized {
    /// A copy of what is held now, where `EOI` failed at `pos`, for a
    /// diagnosis; `None` where it would allocate (pairs that spilled to the
    /// heap) or would not be that tree (a rule that records a pair is not
    /// finished).
    fn keep(&self, pos: usize) -> Option<Self>;
}

/// Nothing to keep: for a diagnostic parse that only asks for the furthest
/// position.
impl Keep for () {
    #[inline(always)]
    fn keep(&self, _: usize) -> Option<()> {
        None
    }
}

/// The first `N` pairs, which a copy keeps without allocating.
impl<R: Copy, const N: usize> Keep for NodeBuffer<R, N> {
    #[inline]
    fn keep(&self, _: usize) -> Option<Self> {
        self.spill.is_empty().then(|| NodeBuffer {
            inline: self.inline,
            len: self.len,
            spill: Vec::new(),
        })
    }
}

/// A parse: the input and what it has recorded so far while it runs (in
/// `K`), and where its match ended once it is done. One value throughout,
/// so that nothing is moved when the parse ends. The position is not here:
/// the generated functions pass it along.
#[derive(Clone, Debug)]
pub struct Parse<'i, K> {
    /// The input, as bytes.
    pub s: &'i [u8],
    /// What the parse recorded so far.
    pub pairs: K,
    end: usize,
}

/// A parse that records pest's pairs: its tree, once it is done.
pub type Tree<'i, R, const N: usize> = Parse<'i, NodeBuffer<R, N>>;

impl<'i, K> Parse<'i, K> {
    /// A parse of `input` about to start, recording into `sink`.
    #[inline(always)]
    pub fn with_sink(input: &'i str, sink: K) -> Self {
        Parse {
            s: input.as_bytes(),
            pairs: sink,
            end: 0,
        }
    }

    /// Marks the parse done, having matched up to `end`.
    #[inline(always)]
    pub fn set_end(&mut self, end: usize) {
        self.end = end;
    }

    /// The bytes of the input the parse matched: `0..end`.
    pub fn end(&self) -> usize {
        self.end
    }
}

impl<'i, R: Copy + PartialEq, const N: usize> Parse<'i, NodeBuffer<R, N>> {
    /// A parse of `input` about to start; `filler` is any rule, to
    /// initialize the buffer.
    #[inline(always)]
    pub fn new(input: &'i str, filler: R) -> Self {
        Parse::with_sink(input, NodeBuffer::new(filler))
    }

    /// Replaces the pairs with `nodes` (in preorder), as another parser of
    /// the same grammar found them.
    pub fn replace(&mut self, nodes: impl IntoIterator<Item = Node<R>>) {
        self.pairs.truncate(0);
        for node in nodes {
            let at = self.pairs.open(node.rule, node.start);
            self.pairs.finish(at, Some(node.end));
            self.end = self.end.max(node.end);
        }
    }

    /// The pairs, in preorder, as pest's `Pairs::flatten` gives them.
    pub fn nodes(&self) -> NodeIter<'_, R> {
        self.pairs.iter()
    }

    /// The first pair of `rule`, in preorder.
    pub fn find(&self, rule: R) -> Option<Node<R>> {
        self.nodes().find(|node| node.rule == rule)
    }
}

/// A set of characters, derived from a rule of a grammar: the ASCII ones
/// as bits, the others as sorted ranges of code points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CharClass {
    /// The ASCII members: bit b of word b / 64 for byte b (the `u128`
    /// that [`new`](Self::new) takes, split into two words, so that a test
    /// of a byte reads one word).
    ascii: [u64; 2],
    ranges: &'static [(u32, u32)],
}

impl CharClass {
    /// The set of ASCII characters whose bits `ascii` has, and the code
    /// points of `ranges` (sorted, disjoint, inclusive).
    pub const fn new(ascii: u128, ranges: &'static [(u32, u32)]) -> CharClass {
        CharClass {
            ascii: [ascii as u64, (ascii >> 64) as u64],
            ranges,
        }
    }

    /// Whether `byte`, an ASCII character, is in the set (a byte above
    /// ASCII never is: it is part of a character, not one).
    #[inline]
    pub const fn has_byte(&self, byte: u8) -> bool {
        byte < 128 && (self.ascii[(byte >> 6) as usize] >> (byte & 63)) & 1 != 0
    }

    /// Whether `c` is in the set.
    #[inline]
    pub fn contains(&self, c: char) -> bool {
        match u8::try_from(c) {
            Ok(byte) if byte < 128 => self.has_byte(byte),
            _ => in_ranges(u32::from(c), self.ranges),
        }
    }

    /// The ASCII members as bits (bit b for byte b).
    pub const fn ascii(&self) -> u128 {
        self.ascii[0] as u128 | (self.ascii[1] as u128) << 64
    }

    /// The set with the ASCII characters of `others` as well.
    pub const fn with(self, others: &CharClass) -> CharClass {
        CharClass::new(self.ascii() | others.ascii(), self.ranges)
    }

    /// The set without the ASCII characters of `bytes`.
    pub const fn without(self, bytes: &[u8]) -> CharClass {
        let mut ascii = self.ascii();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] < 128 {
                ascii &= !(1 << bytes[i]);
            }
            i += 1;
        }
        CharClass::new(ascii, self.ranges)
    }
}

/// The position after as many bytes `b` with `table[b] & mask != 0` as
/// follow `pos` (a repetition of an ASCII class).
///
/// Four bytes a step while they all match. Where a step fails, the
/// matching bytes before the first that does not are counted from that
/// step's four tests (`a`, `a & b`, `a & b & c`), so the run ends there,
/// without going back over those bytes one at a time. The last bytes,
/// fewer than four, go one at a time.
#[inline(always)]
pub fn run(s: &[u8], pos: usize, table: &[u64; 256], mask: u64) -> usize {
    let rest = s.get(pos..).unwrap_or_default();
    let is = |b: u8| table[usize::from(b)] & mask != 0;
    let mut n = 0;
    let mut chunks = rest.chunks_exact(4);
    for c in &mut chunks {
        let (a, b, c, d) = (is(c[0]), is(c[1]), is(c[2]), is(c[3]));
        if !(a & b & c & d) {
            return pos + n + usize::from(a) + usize::from(a & b) + usize::from(a & b & c);
        }
        n += 4;
    }
    pos + n + chunks.remainder().iter().take_while(|&&b| is(b)).count()
}

/// How many bytes at `pos` are in the class (`table[b] & mask`), counting
/// at most `max`: a bounded repetition of a class (`C{m,n}`) in one step.
/// Up to four are counted without a branch on each byte: the lengths of
/// such repetitions vary from input to input (an IPv6 address's `h16`
/// pieces), and a branch per byte is one the processor cannot foresee.
#[inline]
pub fn run_upto(s: &[u8], pos: usize, table: &[u64; 256], mask: u64, max: usize) -> usize {
    let is = |i: usize| s.get(i).is_some_and(|&b| table[usize::from(b)] & mask != 0);
    if max <= 4 {
        let a = is(pos);
        let b = max > 1 && is(pos + 1);
        let c = max > 2 && is(pos + 2);
        let d = max > 3 && is(pos + 3);
        return usize::from(a)
            + usize::from(a & b)
            + usize::from(a & b & c)
            + usize::from(a & b & c & d);
    }
    let rest = s.get(pos..).unwrap_or_default();
    rest.iter()
        .take(max)
        .take_while(|&&b| table[usize::from(b)] & mask != 0)
        .count()
}

/// A class of bytes to test with a table: the table and the bit.
pub type Test<'a> = (&'a [u64; 256], u64);

/// The position after `(C | e T1 T2)*` at `pos`: bytes of the class `C`,
/// and escapes, each the byte `e` (which is not in `C`) and a byte of each
/// of `T1` and `T2` (`pct-encoded` in `pchar*`). An `e` that does not start
/// an escape ends the run there. A byte at a time, the test for `e` first,
/// so that the processor mispredicts once per escape and once at the end
/// (a test of a run's end and then one for `e` mispredicts more: the
/// grammar compiler's `escaped` says why).
#[inline]
pub fn run_escaped(
    s: &[u8],
    pos: usize,
    class: Test<'_>,
    escape: u8,
    tail: [Test<'_>; 2],
) -> usize {
    let is = |b: u8, (table, mask): Test<'_>| table[usize::from(b)] & mask != 0;
    let at = |i: usize, test: Test<'_>| s.get(i).is_some_and(|&b| is(b, test));
    let mut i = pos;
    while let Some(&b) = s.get(i) {
        if b == escape {
            if !(at(i + 1, tail[0]) & at(i + 2, tail[1])) {
                return i;
            }
            i += 3;
        } else if is(b, class) {
            i += 1;
        } else {
            return i;
        }
    }
    i
}

/// `lit` at `pos`, byte for byte.
#[inline]
pub fn string(s: &[u8], pos: usize, lit: &[u8]) -> Option<usize> {
    s.get(pos..)?.starts_with(lit).then_some(pos + lit.len())
}

/// `lit` at `pos`, ASCII letters in either case (pest's
/// `match_insensitive` compares with `eq_ignore_ascii_case`).
#[inline]
pub fn insensitive(s: &[u8], pos: usize, lit: &[u8]) -> Option<usize> {
    let end = pos.checked_add(lit.len())?;
    s.get(pos..end)?.eq_ignore_ascii_case(lit).then_some(end)
}

/// One character, whichever (`ANY`).
#[inline]
pub fn any(s: &[u8], pos: usize) -> Option<usize> {
    decode(s, pos).map(|(_, len)| pos + len)
}

/// The character at `pos` and its length in bytes.
#[inline]
pub fn decode(s: &[u8], pos: usize) -> Option<(char, usize)> {
    let lead = *s.get(pos)?;
    let tail = |i: usize| s.get(pos + i).map(|&b| u32::from(b & 0x3f));
    // Each length of a UTF-8 sequence written out: the lead byte says how
    // many continuation bytes follow, and each gives six bits; a missing
    // one gives `None`.
    let (c, len) = match lead {
        0..=0x7f => return Some((char::from(lead), 1)),
        0xc0..=0xdf => ((u32::from(lead & 0x1f) << 6) | tail(1)?, 2),
        0xe0..=0xef => (
            (u32::from(lead & 0x0f) << 12) | (tail(1)? << 6) | tail(2)?,
            3,
        ),
        _ => (
            (u32::from(lead & 0x07) << 18) | (tail(1)? << 12) | (tail(2)? << 6) | tail(3)?,
            4,
        ),
    };
    Some((char::from_u32(c)?, len))
}

/// One character for which `test` holds (pest's Unicode property rules).
#[inline]
pub fn char_where(s: &[u8], pos: usize, test: fn(char) -> bool) -> Option<usize> {
    let (c, len) = decode(s, pos)?;
    test(c).then_some(pos + len)
}

/// Whether code point `c` is in one of `ranges` (sorted, disjoint,
/// inclusive).
#[inline]
pub fn in_ranges(c: u32, ranges: &[(u32, u32)]) -> bool {
    // Most characters above ASCII in text are in the first range of a
    // class that has several (ucschar's U+00A0..U+D7FF): one comparison,
    // before the search.
    if let Some(&(start, end)) = ranges.first() {
        if c <= end {
            return c >= start;
        }
    }
    ranges
        .binary_search_by(|&(start, end)| {
            if end < c {
                Ordering::Less
            } else if start > c {
                Ordering::Greater
            } else {
                Ordering::Equal
            }
        })
        .is_ok()
}

/// One character of a class with members above ASCII: a byte below 0x80
/// is in it where its bit `mask` in `table` is set, a code point above
/// where it is in `ranges`. Always inlined: one function called from
/// every class test of a grammar, which the inliner would otherwise keep
/// out of line, on the path of every character above ASCII.
#[inline(always)]
pub fn class(
    s: &[u8],
    pos: usize,
    table: &[u64; 256],
    mask: u64,
    ranges: &[(u32, u32)],
) -> Option<usize> {
    let &b = s.get(pos)?;
    if b < 0x80 {
        return (table[usize::from(b)] & mask != 0).then_some(pos + 1);
    }
    let (c, len) = decode(s, pos)?;
    in_ranges(u32::from(c), ranges).then_some(pos + len)
}

/// The position after as many characters of such a class as follow `pos`.
#[inline(always)]
pub fn class_run(
    s: &[u8],
    mut pos: usize,
    table: &[u64; 256],
    mask: u64,
    ranges: &[(u32, u32)],
) -> usize {
    while let Some(next) = class(s, pos, table, mask, ranges) {
        pos = next;
    }
    pos
}

/// The first position from `pos` on where one of `lits` starts, or the end
/// of input (pest's `skip_until`). Only character boundaries count.
pub fn skip_until(s: &[u8], pos: usize, lits: &[&[u8]]) -> usize {
    (pos..s.len())
        .filter(|&at| !(0x80..0xc0).contains(&s[at]))
        .find(|&at| lits.iter().any(|lit| s[at..].starts_with(lit)))
        .unwrap_or(s.len())
}

/// A token of a grammar, as pest's error detail names what a parse tried
/// (its `ParsingToken`): what a diagnosis says was expected where a parse
/// stopped. The generator lists each grammar's tokens
/// ([`CompiledGrammar::TOKENS`]); a parse records their indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    /// One character from these ranges (inclusive): a one-character
    /// string, a range, or a choice of those.
    Chars(&'static [(char, char)]),
    /// A string of two or more characters.
    Str(&'static str),
    /// A string of two or more characters, ASCII letters in either case.
    Insens(&'static str),
    /// One character with a Unicode property (`XID_START`...).
    Property(&'static str),
}

/// The furthest byte a token reached, as pest's error detail records it
/// (`ParseAttempts::max_position`), and the tokens that failed there (its
/// `expected_tokens`): the end of a token that matched, or the start of
/// one that failed, outside a negative lookahead.
///
/// The diagnostic variant of a compiled parser counts into it, and so does
/// the fast variant's code that it runs where only the stops of a parse
/// count. The tokens are kept where [`new`](Self::new) says so: a
/// diagnosis that names none (a reference's) counts only how far they
/// reach, and one that asks only which characters they take keeps their
/// set ([`keeping_set`](Self::keeping_set)).
#[derive(Clone, Debug)]
pub struct Reach {
    far: usize,
    /// Whether the tokens are kept: a flag, not a type parameter, so that
    /// the generated code that counts into it is compiled once; and
    /// whether as a set (`set`, `beyond`) rather than as pest's list.
    keep: bool,
    as_set: bool,
    /// The indices of the tokens that failed at `far`, each once.
    tokens: RuleList<u16>,
    /// The token whose failure moved `far` there, if one did (rather than
    /// a token that matched up to there): pest's error detail leaves it
    /// out (it lists the token, then clears the list for the new
    /// position), which its comparison with pest allows for.
    first: Option<u16>,
    /// With `as_set`, bit `i` for each token `i` below 128 that failed at
    /// `far`, and whether one from 128 on did.
    set: u128,
    beyond: bool,
}

impl Reach {
    /// Nothing reached yet; the tokens that fail are kept where `keep`.
    pub fn new(keep: bool) -> Self {
        Reach {
            far: 0,
            keep,
            as_set: false,
            tokens: RuleList::new(0),
            first: None,
            set: 0,
            beyond: false,
        }
    }

    /// Nothing reached yet; the tokens that fail are kept as a set, whose
    /// upkeep is a bit per failure ([`token_set`](Self::token_set)).
    pub fn keeping_set() -> Self {
        Reach {
            keep: true,
            as_set: true,
            ..Reach::new(false)
        }
    }

    /// With [`keeping_set`](Self::keeping_set), the tokens that failed at
    /// [`far`](Self::far): bit `i` for token `i`; `None` where one of them
    /// is token 128 or later, which the set does not hold.
    pub fn token_set(&self) -> Option<u128> {
        (!self.beyond).then_some(self.set)
    }

    /// The furthest byte a token reached.
    pub fn far(&self) -> usize {
        self.far
    }

    /// The indices of the tokens that failed there, in the order they
    /// first did.
    pub fn tokens(&self) -> &[u16] {
        self.tokens.as_slice()
    }

    /// The token whose failure took the count to [`far`](Self::far), if
    /// one did.
    pub fn first(&self) -> Option<u16> {
        self.first
    }

    /// A token, or a stop of the parse, reached `end` without failing
    /// there: a position further than any before, with no token failed
    /// there yet. Returns `end`.
    #[inline(always)]
    pub fn at(&mut self, end: usize) -> usize {
        if end > self.far {
            self.far = end;
            if self.keep {
                self.clear();
            }
        }
        end
    }

    /// Token `token` failed at `pos`: counted where `pos` is as far as
    /// any. Returns `pos`.
    #[inline(always)]
    pub fn missed(&mut self, pos: usize, token: u16) -> usize {
        if pos >= self.far {
            if self.keep {
                self.miss_at_or_past(pos, token);
            } else {
                self.far = pos;
            }
        }
        pos
    }

    /// What is kept of the tokens that failed furthest, cleared for a new
    /// furthest byte.
    #[inline(never)]
    fn clear(&mut self) {
        self.tokens.truncate(0);
        self.first = None;
        self.set = 0;
        self.beyond = false;
    }

    /// With [`keeping_set`](Self::keeping_set), `token` failed at `far`.
    #[inline(always)]
    fn add(&mut self, token: u16) {
        match 1u128.checked_shl(u32::from(token)) {
            Some(bit) => self.set |= bit,
            None => self.beyond = true,
        }
    }

    #[inline(never)]
    fn miss_at_or_past(&mut self, pos: usize, token: u16) {
        if pos > self.far {
            self.far = pos;
            self.clear();
            self.first = Some(token);
        }
        if self.as_set {
            self.add(token);
        } else if !self.tokens.as_slice().contains(&token) {
            self.tokens.push(token);
        }
    }

    /// Each of `tokens` failed at `pos`, in this order: an expression
    /// skipped where the next byte cannot start it, whose first tokens
    /// would all have failed there (an expression that tries none, `EOI`,
    /// still stops there). Returns `None`, the expression's outcome.
    #[inline(always)]
    pub fn skipped(&mut self, pos: usize, tokens: &[u16]) -> Option<usize> {
        if pos >= self.far {
            if self.keep {
                self.skipped_at_or_past(pos, tokens);
            } else {
                self.far = pos;
            }
        }
        None
    }

    #[inline(never)]
    fn skipped_at_or_past(&mut self, pos: usize, tokens: &[u16]) {
        if pos > self.far {
            self.far = pos;
            self.clear();
            self.first = tokens.first().copied();
        }
        for &token in tokens {
            if self.as_set {
                self.add(token);
            } else if !self.tokens.as_slice().contains(&token) {
                self.tokens.push(token);
            }
        }
    }

    /// `end`, the match of token `token` at `pos`, counted where it
    /// failed.
    #[inline(always)]
    pub fn failed(&mut self, end: Option<usize>, pos: usize, token: u16) -> Option<usize> {
        if end.is_none() {
            self.missed(pos, token);
        }
        end
    }

    /// `end`, the match of token `token` at `pos`, counted whether it
    /// matched or failed.
    #[inline(always)]
    pub fn reached(&mut self, end: Option<usize>, pos: usize, token: u16) -> Option<usize> {
        match end {
            Some(end) => {
                self.at(end);
            }
            None => {
                self.missed(pos, token);
            }
        }
        end
    }

    /// `end`, the match of `EOI` at `pos`, where only the stops of a
    /// parse count: its failure is one, and names no token (pest's error
    /// detail lists none for `EOI`).
    #[inline(always)]
    pub fn stopped(&mut self, end: Option<usize>, pos: usize) -> Option<usize> {
        if end.is_none() && pos > self.far {
            self.far = pos;
            if self.keep {
                self.clear();
            }
        }
        end
    }
}

/// Rules, in the order they were tracked: the first [`RuleList::INLINE`]
/// in place, so that a diagnosis allocates nothing; a grammar that tracks
/// more at one position moves them all to the heap.
#[derive(Clone, Debug)]
pub struct RuleList<R> {
    inline: [R; RuleList::<()>::INLINE],
    len: usize,
    spill: Vec<R>,
}

impl RuleList<()> {
    /// How many rules are held in place.
    pub const INLINE: usize = 16;
}

impl<R: Copy + Ord> RuleList<R> {
    fn new(filler: R) -> Self {
        RuleList {
            inline: [filler; RuleList::<()>::INLINE],
            len: 0,
            spill: Vec::new(),
        }
    }

    /// How many rules there are.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The rules.
    pub fn as_slice(&self) -> &[R] {
        if self.spill.is_empty() {
            &self.inline[..self.len]
        } else {
            &self.spill
        }
    }

    fn push(&mut self, rule: R) {
        if self.spill.is_empty() {
            if let Some(slot) = self.inline.get_mut(self.len) {
                *slot = rule;
                self.len += 1;
                return;
            }
            self.spill.extend_from_slice(&self.inline);
        }
        self.spill.push(rule);
        self.len += 1;
    }

    fn truncate(&mut self, len: usize) {
        if len < self.len {
            self.len = len;
            self.spill.truncate(len);
        }
    }

    /// Sorted by the rules' order (the grammar's), each once, as pest's
    /// error lists them.
    fn sort_dedup(&mut self) {
        let len = self.len;
        let rules: &mut [R] = if self.spill.is_empty() {
            &mut self.inline[..len]
        } else {
            &mut self.spill
        };
        rules.sort_unstable();
        let mut kept = 0;
        for i in 0..rules.len() {
            if kept == 0 || rules[i] != rules[kept - 1] {
                rules[kept] = rules[i];
                kept += 1;
            }
        }
        self.truncate(kept);
    }
}

/// What pest's `ParserState` records for an error while a parse runs: the
/// furthest position at which a tracked rule failed (`attempt_pos`), and
/// the rules tracked there, positive (expected) and negative (not
/// expected). The diagnostic variant of a compiled parser updates it as
/// `ParserState::rule` and `track` do.
///
/// It also keeps what pest does not: a copy of what the parse had recorded
/// (`K`, its [`Sink`]) when `EOI` first failed at that position: the full
/// pairs (at most `N`, the rules not finished yet ending at [`OPEN`]), or
/// what a reader of them keeps. They are the parse tree of the input up to
/// that position, which a diagnosis would otherwise get from a second
/// parse.
///
/// Without `LISTS`, it keeps the furthest position and that copy, and not
/// the rules tried there (the lists stay empty): what a diagnosis that
/// names no rule reads, without the work of keeping pest's lists. The
/// position is the same, since pest moves it forward whenever a tracked
/// rule fails further (the one case where `track` records nothing, a
/// rule whose children made one attempt, is at the furthest position).
#[derive(Clone, Debug)]
pub struct Attempts<R, const LISTS: bool = true, K = NodeBuffer<R, 0>> {
    pos: usize,
    /// The furthest byte a token reached, and the tokens that failed there
    /// (pest's error detail).
    reach: Reach,
    positives: RuleList<R>,
    negatives: RuleList<R>,
    /// What was kept, and the position where `EOI` failed then; `None`
    /// when nothing was, or it could not be ([`Keep`]).
    kept: Option<(K, usize)>,
}

/// The attempts at a position before a rule's call: what `track` cuts back
/// to when the rule's own attempt replaces its children's.
#[derive(Clone, Copy, Debug)]
pub struct Mark {
    positives: usize,
    negatives: usize,
}

impl<R: Copy + Ord, const LISTS: bool, K> Attempts<R, LISTS, K> {
    /// None yet; `filler` is any rule, to initialize the lists.
    pub fn new(filler: R) -> Self {
        Attempts {
            pos: 0,
            reach: Reach::new(LISTS),
            positives: RuleList::new(filler),
            negatives: RuleList::new(filler),
            kept: None,
        }
    }

    /// [`new`](Self::new), keeping the set of the tokens that fail
    /// furthest ([`Reach::keeping_set`]): a parse that asks only which
    /// tokens failed at the furthest byte.
    pub fn keeping_token_set(filler: R) -> Self {
        Attempts {
            reach: Reach::keeping_set(),
            ..Attempts::new(filler)
        }
    }

    /// Attempts as pest's error lists them: the furthest position, and the
    /// rules tried there; and the furthest byte a token reached, where
    /// pest's error detail recorded it (`far`), or that position.
    pub fn from_parts(
        filler: R,
        pos: usize,
        far: Option<usize>,
        positives: &[R],
        negatives: &[R],
    ) -> Self {
        let mut attempts = Attempts::new(filler);
        attempts.pos = pos;
        attempts.reach.at(far.unwrap_or(pos));
        for &rule in positives {
            attempts.positives.push(rule);
        }
        for &rule in negatives {
            attempts.negatives.push(rule);
        }
        attempts
    }

    /// Before a tracked rule is called at `pos` (`ParserState::rule`): the
    /// attempts at `pos` so far, none if the furthest position is another.
    #[inline]
    pub fn mark(&self, pos: usize) -> Mark {
        if LISTS && pos == self.pos {
            Mark {
                positives: self.positives.len(),
                negatives: self.negatives.len(),
            }
        } else {
            Mark {
                positives: 0,
                negatives: 0,
            }
        }
    }

    /// The furthest position at which a tracked rule failed.
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// The furthest byte a token reached, as pest's error detail records
    /// it (`ParseAttempts::max_position`): the end of a token that matched,
    /// or the start of one that failed, outside a negative lookahead (not
    /// `ANY`, which pest matches without counting). The input up to there
    /// is the start of a match, and the byte there is where it stops being
    /// one. It can be short of [`pos`](Self::pos) only where `ANY`, which
    /// pest does not count, took the parse there.
    pub fn far(&self) -> usize {
        self.reach.far()
    }

    /// The tokens that failed at [`far`](Self::far), as indices into the
    /// grammar's [`CompiledGrammar::TOKENS`]: what was expected there
    /// (pest's `expected_tokens`).
    pub fn tokens(&self) -> &[u16] {
        self.reach.tokens()
    }

    /// [`Reach::token_set`].
    pub fn token_set(&self) -> Option<u128> {
        self.reach.token_set()
    }

    /// [`Reach::first`].
    pub fn first_token(&self) -> Option<u16> {
        self.reach.first()
    }

    /// A token, or a stop of the parse, reached `end` ([`Reach::at`]).
    /// Returns `end`.
    #[inline(always)]
    pub fn reach(&mut self, end: usize) -> usize {
        self.reach.at(end)
    }

    /// [`Reach::reached`].
    #[inline(always)]
    pub fn reached(&mut self, end: Option<usize>, pos: usize, token: u16) -> Option<usize> {
        self.reach.reached(end, pos, token)
    }

    /// [`Reach::failed`], where only failures count (a grammar in which
    /// only tokens move the parse).
    #[inline(always)]
    pub fn failed(&mut self, end: Option<usize>, pos: usize, token: u16) -> Option<usize> {
        self.reach.failed(end, pos, token)
    }

    /// [`Reach::missed`].
    #[inline(always)]
    pub fn missed(&mut self, pos: usize, token: u16) -> usize {
        self.reach.missed(pos, token)
    }

    /// [`Reach::skipped`].
    #[inline(always)]
    pub fn skipped(&mut self, pos: usize, tokens: &[u16]) -> Option<usize> {
        self.reach.skipped(pos, tokens)
    }

    /// [`Reach::stopped`].
    #[inline(always)]
    pub fn stopped(&mut self, end: Option<usize>, pos: usize) -> Option<usize> {
        self.reach.stopped(end, pos)
    }

    /// The count of how far tokens reach, for the fast variant's code that
    /// counts where the parse stops.
    #[inline(always)]
    pub fn far_mut(&mut self) -> &mut Reach {
        &mut self.reach
    }

    /// The rules tracked there, sorted and each once, as pest's
    /// `ErrorVariant::ParsingError` lists them: expected ones.
    pub fn positives(&self) -> &[R] {
        self.positives.as_slice()
    }

    /// ... and ones that matched where they must not have.
    pub fn negatives(&self) -> &[R] {
        self.negatives.as_slice()
    }

    /// What the parse had recorded when `EOI` first failed at
    /// [`pos`](Self::pos), when it was kept.
    pub fn kept(&self) -> Option<&K> {
        match &self.kept {
            Some((kept, at)) if *at == self.pos => Some(kept),
            _ => None,
        }
    }

    /// The lists sorted and deduplicated, once the parse is over.
    pub fn finish(&mut self) {
        if !LISTS {
            return;
        }
        self.positives.sort_dedup();
        self.negatives.sort_dedup();
    }
}

impl<R: Copy + Ord, const LISTS: bool, K: Keep> Attempts<R, LISTS, K> {
    /// After a rule called at `pos` failed (or, in a negative lookahead,
    /// matched): pest's `track`.
    ///
    /// `end_of_input` is what the parse has recorded, when the rule was
    /// `EOI` outside a lookahead. The first time `EOI` fails at a position
    /// as far as any, a copy is kept: a parse of the input up to there
    /// would have found the end of its input there, and been over, with
    /// these pairs.
    ///
    /// When the rule's children made exactly one attempt at `pos`, that
    /// attempt stands for the rule. Otherwise the rule's attempt replaces
    /// its children's at `pos`; a position further than any before clears
    /// the lists and becomes the furthest; a position short of the furthest
    /// adds nothing.
    #[inline(always)]
    pub fn track(
        &mut self,
        rule: R,
        pos: usize,
        before: Mark,
        negative: bool,
        end_of_input: Option<&K>,
    ) {
        if LISTS {
            self.track_lists(rule, pos, before, negative, end_of_input);
        } else {
            if let Some(held) = end_of_input {
                self.keep(pos, held);
            }
            self.pos = self.pos.max(pos);
        }
    }

    /// [`track`](Self::track), with the lists.
    #[inline(never)]
    fn track_lists(
        &mut self,
        rule: R,
        pos: usize,
        before: Mark,
        negative: bool,
        end_of_input: Option<&K>,
    ) {
        let earlier = before.positives + before.negatives;
        let now = if pos == self.pos {
            self.positives.len() + self.negatives.len()
        } else {
            0
        };
        if let Some(held) = end_of_input {
            self.keep(pos, held);
        }
        if now > earlier && now - earlier == 1 {
            return;
        }
        if pos == self.pos {
            self.positives.truncate(before.positives);
            self.negatives.truncate(before.negatives);
        }
        if pos > self.pos {
            self.positives.truncate(0);
            self.negatives.truncate(0);
            self.pos = pos;
        }
        if pos == self.pos {
            if negative {
                self.negatives.push(rule);
            } else {
                self.positives.push(rule);
            }
        }
    }

    /// Keeps a copy of `held`, recorded where `EOI` failed at `pos`, unless
    /// one was kept at `pos` already or a rule failed further.
    #[inline(always)]
    fn keep(&mut self, pos: usize, held: &K) {
        if pos < self.pos || self.kept.as_ref().is_some_and(|(_, at)| *at == pos) {
            return;
        }
        self.kept = held.keep(pos).map(|kept| (kept, pos));
    }
}

impl<R: Copy + Ord, const N: usize, const LISTS: bool> Attempts<R, LISTS, NodeBuffer<R, N>> {
    /// The pairs the parse held when `EOI` first failed at
    /// [`pos`](Self::pos) (unfinished ones ending at [`OPEN`]), when they
    /// were kept.
    pub fn prefix(&self) -> Option<&[Node<R>]> {
        self.kept().map(NodeBuffer::inline)
    }
}

/// A grammar compiled by `rfc3986-generator`: its parser, in the variants
/// a parse and a diagnosis run, and its tables. The generator implements
/// it for every grammar it compiles; the library takes a grammar as a type
/// that implements it.
///
/// Public (hidden) because `#[derive(rfc3986::Grammar)]` implements it in
/// the user's crate. Not public API.
pub trait CompiledGrammar: 'static {
    /// The grammar's rules: pest_derive's `Rule` for the same files.
    type Rule: UriRule;
    /// The buffer a parse records pest's pairs into, sized for the
    /// grammar (no parse from a rule of bounded count spills it).
    type Buffer: PairBuffer<Self::Rule>;

    /// Every rule, `EOI` too, in the grammar's order.
    const RULES: &'static [Self::Rule];
    /// The rules a parse can start from ([`run_with`](Self::run_with),
    /// [`failure_with`](Self::failure_with), [`reach`](Self::reach)), in
    /// the grammar's order: every rule of a derived grammar; the entries
    /// and RFC rules of the crate's own, which only the library starts.
    /// From any other rule, each matches nothing.
    const STARTS: &'static [Self::Rule];
    /// The first character of every string of two or more characters the
    /// grammar matches: pest counts such a string only whole.
    const STRING_STARTS: CharClass;
    /// Every token a diagnosis can name, by the index a parse records
    /// ([`Attempts::tokens`]).
    const TOKENS: &'static [Token];
    /// Whether the diagnostic variant counts the end of every token that
    /// matches (a grammar with `ANY` or a skip), rather than only where
    /// the parse stops: only then can a token's failure be the first to
    /// reach the furthest byte, which pest's error detail then leaves out
    /// of its list ([`Reach::first`]).
    const COUNTS_SUCCESSES: bool;
    /// Any rule, to initialize buffers.
    const FILLER: Self::Rule;

    /// The rule's name as errors write it: its own, with `_` written `-`
    /// (`addr_spec` is `addr-spec`).
    fn rule_name(rule: Self::Rule) -> &'static str;

    /// The name of the ABNF the rule's doc comment starts with, as its RFC
    /// writes it; empty for a rule that has none.
    fn rfc_name(rule: Self::Rule) -> &'static str;

    /// The ABNF the rule's doc comment starts with, as its RFC writes it;
    /// empty for a rule that has none.
    fn abnf(rule: Self::Rule) -> &'static str;

    /// The fast variant: matches a prefix of the input from `rule`,
    /// recording into `p`'s sink (the full pairs, or what a reader of them
    /// keeps); the end of the match, or `None` where pest fails.
    fn run_with<K: Sink<Self::Rule>>(rule: Self::Rule, p: &mut Parse<'_, K>) -> Option<usize>;

    /// The diagnostic variant: what pest's parser records for the error of
    /// a failed parse of `input` from `rule` (into `a`, with pest's lists
    /// of rules where `L`), recording into `sink` and keeping a copy of it
    /// where `EOI` fails furthest.
    fn failure_with<K: Sink<Self::Rule> + Keep, const L: bool>(
        rule: Self::Rule,
        input: &str,
        sink: K,
        a: &mut Attempts<Self::Rule, L, K>,
    ) -> Option<usize>;

    /// How far the tokens of a parse of `input` from `rule` reach, whether
    /// it matches or not, as pest's error detail counts them.
    fn reach(rule: Self::Rule, input: &str) -> usize;

    /// The characters a parse from `rule` may read at a byte without a
    /// token that pest's error detail counts failing there (in a
    /// lookahead, or past the first character of a string); `None` where
    /// it may read a byte otherwise, or where that is not known, as for a
    /// grammar compiled without the analysis.
    fn hidden_reads(rule: Self::Rule) -> Option<CharClass> {
        let _ = rule;
        None
    }
}

#[cfg(test)]
mod tests {
    use super::{run, Attempts, NodeBuffer, Reach};
    use alloc::vec::Vec;

    /// The record without lists keeps the furthest position and the pairs
    /// kept there as the record with them does, over random sequences of
    /// the calls a diagnostic parse makes: marks before rule calls, tracks
    /// of failures (and of matches in a negative lookahead) at positions
    /// that go back and forth, and `EOI` failures with the pairs then held.
    #[test]
    fn the_record_without_lists_keeps_what_the_one_with_them_keeps() {
        let mut next = crate::xorshift(0x9e37_79b9);
        for _ in 0..2_000 {
            let mut with: Attempts<u8, true, NodeBuffer<u8, 4>> = Attempts::new(0);
            let mut without: Attempts<u8, false, NodeBuffer<u8, 4>> = Attempts::new(0);
            let mut pairs: NodeBuffer<u8, 4> = NodeBuffer::new(0);
            for _ in 0..(next() % 24) {
                let pos = (next() % 8) as usize;
                let rule = (next() % 5) as u8;
                match next() % 4 {
                    0 => {
                        let at = pairs.open(rule, pos);
                        pairs.finish(at, Some(pos + (next() % 3) as usize));
                    }
                    1 => pairs.truncate((next() % 3) as usize),
                    _ => {
                        let end_of_input = next().is_multiple_of(3).then_some(&pairs);
                        let negative = next().is_multiple_of(5);
                        let mark = with.mark(pos);
                        with.track(rule, pos, mark, negative, end_of_input);
                        let mark = without.mark(pos);
                        without.track(rule, pos, mark, negative, end_of_input);
                    }
                }
                assert_eq!(without.pos(), with.pos());
                assert_eq!(without.prefix(), with.prefix());
                assert!(without.positives().is_empty() && without.negatives().is_empty());
            }
        }
    }

    /// The reach that keeps the set of the tokens that failed furthest
    /// holds the tokens of the list that the one keeping the list holds,
    /// and gets as far, over random sequences of the calls a diagnostic
    /// parse makes: tokens matched, missed and skipped, at positions that
    /// go back and forth, and stops; tokens 128 and on leave no set.
    #[test]
    fn the_token_set_holds_what_the_token_list_holds() {
        let mut next = crate::xorshift(0x51ed_270b);
        for _ in 0..2_000 {
            let mut list = Reach::new(true);
            let mut set = Reach::keeping_set();
            for _ in 0..(next() % 24) {
                let pos = (next() % 8) as usize;
                let token = if next().is_multiple_of(50) {
                    128 + (next() % 4) as u16
                } else {
                    (next() % 6) as u16
                };
                match next() % 4 {
                    0 => {
                        list.at(pos);
                        set.at(pos);
                    }
                    1 => {
                        list.missed(pos, token);
                        set.missed(pos, token);
                    }
                    2 => {
                        let tokens = [token, (token + 1) % 6];
                        let tokens = &tokens[..(next() % 3) as usize];
                        list.skipped(pos, tokens);
                        set.skipped(pos, tokens);
                    }
                    _ => {
                        list.stopped(None, pos);
                        set.stopped(None, pos);
                    }
                }
                assert_eq!(set.far(), list.far());
                let from_list = list.tokens().iter().try_fold(0u128, |bits, &token| {
                    1u128.checked_shl(u32::from(token)).map(|bit| bits | bit)
                });
                assert_eq!(set.token_set(), from_list);
                assert!(set.tokens().is_empty());
            }
        }
    }

    /// `run` stops where a byte loop over the same class stops: from every
    /// start, in texts of every length up to a few four-byte steps, the run
    /// ending at every offset of a step, and at the end of the text.
    #[test]
    fn run_stops_where_a_byte_loop_stops() {
        // Two classes in one table, as the generated tables hold several:
        // bit 0 is the lowercase letters, bit 1 the letters and digits.
        let mut table = [0u64; 256];
        for b in b'a'..=b'z' {
            table[usize::from(b)] |= 0b11;
        }
        for b in (b'A'..=b'Z').chain(b'0'..=b'9') {
            table[usize::from(b)] |= 0b10;
        }
        let alphabet = b"abZ9-\xc3";
        let mut next = crate::xorshift(0x2545_f491);
        for _ in 0..20_000 {
            let len = (next() % 14) as usize;
            let text: Vec<u8> = (0..len)
                .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
                .collect();
            for mask in [0b01, 0b10] {
                for pos in 0..=len {
                    let expected = pos
                        + text[pos..]
                            .iter()
                            .take_while(|&&b| table[usize::from(b)] & mask != 0)
                            .count();
                    assert_eq!(
                        run(&text, pos, &table, mask),
                        expected,
                        "{text:?} from {pos}"
                    );
                }
            }
        }
    }
}
