//! What the compiled parsers record into in place of a tree, or beside it:
//! the lowering's slots, filled as the parser matches. [`SlotRecorder`] for
//! a parse, with a copy of its slots where `EOI` failed furthest
//! ([`KeptSlots`]); [`DiagnosisRecorder`] for a diagnostic parse;
//! [`TreeRecorder`] for a derived grammar's parse, which keeps its pairs
//! too.
//!
//! Imports: [`slots`](super::slots), [`lowering`](super::lowering) (to
//! lower what was recorded), `bounds`, `grammar` and `compiled::runtime`
//! (the recorder traits the generated parsers call).

use super::lowering::captured_tiled;
use super::slots::Slots;
use crate::bounds::Bounds;
use crate::compiled::runtime::{Keep, Sink};
use crate::grammar::UriRule;

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
/// furthest ([`KeptSlots`]): `EOI` is then the last step of the entry rule's
/// layouts, outside every rule the lowering reads, so the slots hold the
/// reading of the input up to there, which a diagnosis of a failed parse
/// lowers instead of recording it again. The copy is made on a failure
/// only.
#[derive(Clone, Copy)]
pub(crate) struct SlotRecorder<'i, const TILED: bool> {
    pub(crate) slots: Slots<'i>,
    kept: Option<KeptSlots<'i>>,
}

/// The slots a [`SlotRecorder`] held where `EOI` failed furthest, at
/// `pos`: the reading of the input up to there.
#[derive(Clone, Copy)]
pub(crate) struct KeptSlots<'i> {
    slots: Slots<'i>,
    pos: usize,
}

impl<'i, const TILED: bool> SlotRecorder<'i, TILED> {
    /// An empty capture of a parse of `input`.
    #[inline(always)]
    pub(crate) fn new(input: &'i str) -> Self {
        SlotRecorder {
            slots: Slots::new(input),
            kept: None,
        }
    }

    /// The capture of a parse by a grammar whose IP address rules match
    /// only addresses, where `read` says so
    /// (`CompiledGrammar::IP_ADDRESSES_READ`).
    #[inline(always)]
    pub(crate) fn reading_addresses(mut self, read: bool) -> Self {
        self.slots.ip_read = read;
        self
    }

    /// The slots kept where `EOI` failed furthest, if it did.
    pub(crate) fn kept(&self) -> Option<&KeptSlots<'i>> {
        self.kept.as_ref()
    }
}

impl KeptSlots<'_> {
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

impl<R: UriRule, const TILED: bool> Sink<R> for SlotRecorder<'_, TILED> {
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

impl<const TILED: bool> SlotRecorder<'_, TILED> {
    /// Keeps the slots where `EOI` failed at `pos`, unless it failed as
    /// far or further before.
    #[cold]
    #[inline(never)]
    fn keep(&mut self, pos: usize) {
        let further = self.kept.as_ref().is_none_or(|kept| pos > kept.pos);
        if let (true, Some(input)) = (further, self.slots.input.get(..pos)) {
            self.kept = Some(KeptSlots {
                slots: Slots {
                    input,
                    ..self.slots
                },
                pos,
            });
        }
    }
}

/// What a derived grammar's parse records into: the full pairs (`B`, the
/// grammar's pair buffer), which its user reads, and the lowering's slots,
/// filled in the same pass as [`SlotRecorder`] fills them, so that the
/// generic reference is read without a second pass over the pairs where
/// the slots are [exact](Slots::exact).
pub(crate) struct TreeRecorder<'i, B> {
    pub(crate) pairs: B,
    pub(crate) slots: Slots<'i>,
}

impl<'i, B> TreeRecorder<'i, B> {
    /// An empty record of a parse of `input` into `pairs`.
    #[inline(always)]
    pub(crate) fn new(input: &'i str, pairs: B) -> Self {
        TreeRecorder {
            pairs,
            slots: Slots::new(input),
        }
    }

    /// [`SlotRecorder::reading_addresses`], for a derived grammar's parse.
    #[inline(always)]
    pub(crate) fn reading_addresses(mut self, read: bool) -> Self {
        self.slots.ip_read = read;
        self
    }
}

impl<R: UriRule, B: Sink<R>> Sink<R> for TreeRecorder<'_, B> {
    type Mark = (B::Mark, u32);

    #[inline(always)]
    fn mark(&self) -> Self::Mark {
        (self.pairs.mark(), self.slots.seen)
    }

    #[inline(always)]
    fn enter(&mut self, rule: R, start: usize) -> Self::Mark {
        (self.pairs.enter(rule, start), self.slots.seen)
    }

    #[inline(always)]
    fn leave(
        &mut self,
        at: Self::Mark,
        rule: R,
        start: usize,
        end: Option<usize>,
    ) -> Option<usize> {
        self.slots.record::<R, false>(at.1, rule, start, end);
        self.pairs.leave(at.0, rule, start, end)
    }

    #[inline(always)]
    fn restore(&mut self, mark: Self::Mark) {
        self.pairs.restore(mark.0);
        self.slots.seen = mark.1;
    }
}

/// What the diagnostic variant of the crate's compiled parsers records into
/// for a diagnosis from an entry rule that tiles its input ([`tiles`]):
/// the lowering's slots, filled as the capture variant fills them, and how
/// many rules that record a pair are not finished.
/// Where `EOI` fails with none open (the crate's entry rules call it
/// outside every rule that records one), the slots hold the pairs of the
/// tree of the input up to there, which is kept ([`Keep`]) and lowered
/// ([`DiagnosisRecorder::bounds`]) instead of the full pairs.
#[derive(Clone, Copy)]
pub(crate) struct DiagnosisRecorder<'i> {
    slots: Slots<'i>,
    open: u32,
}

impl<'i> DiagnosisRecorder<'i> {
    /// Empty slots for a diagnostic parse of `input`.
    pub(crate) fn new(input: &'i str) -> DiagnosisRecorder<'i> {
        DiagnosisRecorder {
            slots: Slots::new(input),
            open: 0,
        }
    }

    /// The bounds of the input up to where `EOI` failed, from what a
    /// diagnostic parse from an entry rule that tiles its input kept there
    /// ([`Keep`]): what [`lower`] makes of the pairs of the tree of that
    /// prefix, which the slots hold. `None` where the pairs do not lower.
    #[inline(always)]
    pub(crate) fn bounds(&self) -> Option<Bounds> {
        prefix_bounds(&self.slots)
    }
}

/// Records as [`SlotRecorder`] does for an entry rule that tiles its input:
/// [`DiagnosisRecorder`] is only run from one.
impl<R: UriRule> Sink<R> for DiagnosisRecorder<'_> {
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
impl Keep for DiagnosisRecorder<'_> {
    #[inline(always)]
    fn keep(&self, pos: usize) -> Option<Self> {
        let input = self.slots.input.get(..pos)?;
        (self.open == 0).then_some(DiagnosisRecorder {
            slots: Slots {
                input,
                ..self.slots
            },
            open: 0,
        })
    }
}

/// The bounds of the prefix of the input that `slots` read, from an entry
/// rule that tiles its input, where `EOI` failed
/// ([`DiagnosisRecorder::bounds`], [`KeptSlots::bounds`]).
#[inline(always)]
fn prefix_bounds(slots: &Slots<'_>) -> Option<Bounds> {
    captured_tiled::<true>(slots)?.ok()
}

#[cfg(test)]
mod tests {
    use super::super::lowering::{captured, lower};
    use super::super::slots::{Slot, Slots};
    use super::{DiagnosisRecorder, KeptSlots, SlotRecorder, TreeRecorder};
    use crate::compiled::runtime::{Keep, Node, Sink};
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
        let mut sink = DiagnosisRecorder::new(input);
        record(&mut sink, &nodes);
        let open = sink.enter(Rule::query, 10);
        assert!(sink.keep(10).is_none());
        sink.leave(open, Rule::query, 10, None);
        assert!(sink.keep(8).is_none(), "byte 8 is inside the \u{e9}");
        let kept = sink.keep(10).expect("no rule is open");
        let prefix = &input[..10];
        let pairs = nodes.map(|(rule, start, end)| Node { rule, start, end });
        let expected = lower(prefix, pairs).expect("a reference");
        assert_eq!(kept.bounds(), Some(expected));
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
        let mut capture = SlotRecorder::<false>::new(input);
        record(&mut capture, nodes);
        capture.slots
    }

    /// A capture that holds one pair per slot lowers as the full pairs do;
    /// a slot filled twice, or two kinds of host, cannot be told from the
    /// slots, and the caller lowers the full pairs instead, which give the
    /// error.
    #[test]
    fn a_capture_lowers_as_the_pairs_or_defers_to_them() {
        let (input, pairs, twice, two_hosts) = one_pair_per_slot();
        let nodes = pairs.map(|(rule, start, end)| Node { rule, start, end });
        let full = lower(input, nodes);
        assert!(full.is_ok());
        assert_eq!(captured(&capture(input, &pairs)), Some(full));

        assert_eq!(captured(&capture(input, &twice)), None);
        let twice = twice.map(|(rule, start, end)| Node { rule, start, end });
        assert!(lower(input, twice).is_err());

        assert_eq!(captured(&capture(input, &two_hosts)), None);
    }

    /// A reference's pairs, one per slot; the same with a slot filled a
    /// second time; the same with a second kind of host.
    #[allow(clippy::type_complexity)]
    fn one_pair_per_slot() -> (
        &'static str,
        [(Rule, usize, usize); 4],
        [(Rule, usize, usize); 5],
        [(Rule, usize, usize); 5],
    ) {
        let pairs = [
            (Rule::scheme, 0, 1),
            (Rule::authority, 4, 5),
            (Rule::reg_name, 4, 5),
            (Rule::path_abempty, 5, 7),
        ];
        let [scheme, authority, host, path] = pairs;
        let twice = [scheme, authority, host, path, (Rule::path_abempty, 7, 7)];
        let two_hosts = [scheme, authority, host, (Rule::IPv4address, 4, 5), path];
        ("s://h/p", pairs, twice, two_hosts)
    }

    /// A derived grammar's record keeps the pairs as the pair buffer alone
    /// does, and the slots in the same pass: exact where each slot was
    /// filled once, and then lowering as the pairs do; a failed rule's pair
    /// leaves neither; a slot filled twice, or two kinds of host, make the
    /// slots inexact, and the caller reads the pairs instead.
    #[test]
    fn a_tree_record_keeps_the_pairs_and_their_slots() {
        use crate::compiled::runtime::{NodeBuffer, PairBuffer};
        let (input, pairs, twice, two_hosts) = one_pair_per_slot();
        let tree = |pairs: &[(Rule, usize, usize)]| {
            let mut sink = TreeRecorder::new(input, NodeBuffer::<Rule, 8>::new(Rule::EOI));
            let at = sink.enter(Rule::query, 0);
            sink.leave(at, Rule::query, 0, None);
            record(&mut sink, pairs);
            sink
        };
        let sink = tree(&pairs);
        let nodes = pairs.map(|(rule, start, end)| Node { rule, start, end });
        assert!(sink.pairs.nodes().eq(nodes));
        assert!(sink.slots.exact());
        assert_eq!(sink.slots.span(Slot::Query), None);
        assert_eq!(captured(&sink.slots), Some(lower(input, nodes)));

        assert!(!tree(&twice).slots.exact());
        assert!(!tree(&two_hosts).slots.exact());
    }

    /// A failed parse's capture keeps its slots where `EOI` failed furthest
    /// (the hook the generator puts in the fast variant), and they lower
    /// to the bounds of the prefix there, as its full pairs do; a parse
    /// that matched keeps nothing, and neither does a capture from an
    /// entry rule that does not tile its input.
    #[test]
    fn a_failed_capture_keeps_the_slots_where_the_end_was_missed() {
        use crate::compiled::runtime::{PairBuffer, Parse};
        use crate::compiled::{self, uri::Grammar, CompiledGrammar};
        // The slots a parse of `input` from `entry` kept where `EOI`
        // failed furthest, as `Uri::parse` gets them.
        fn kept(entry: Rule, input: &str) -> Option<KeptSlots<'_>> {
            let mut parse = Parse::with_sink(input, SlotRecorder::<true>::new(input));
            match Grammar::run_with(entry, &mut parse) {
                Some(_) => None,
                None => parse.pairs.kept().copied(),
            }
        }
        let entry = Rule::uri_reference_input;
        for (input, pos) in [
            ("http://a b/c", 8),
            ("/a?b#c#d", 6),
            ("x:y%zz", 3),
            ("//[::1]x", 7),
        ] {
            let kept = kept(entry, input).unwrap();
            assert_eq!(kept.pos(), pos, "{input}");
            let prefix = &input[..pos];
            let mut tree = compiled::tree::<Grammar>(prefix);
            compiled::run::<Grammar>(entry, &mut tree).unwrap();
            assert_eq!(
                kept.bounds(),
                lower(prefix, tree.pairs.nodes()).ok(),
                "{input}"
            );
        }
        assert!(kept(entry, "http://a/b").is_none());

        let mut capture = SlotRecorder::<false>::new("a b");
        Sink::<Rule>::end_missed(&mut capture, 1);
        assert!(capture.kept().is_none());
        let mut capture = SlotRecorder::<true>::new("a b");
        Sink::<Rule>::end_missed(&mut capture, 1);
        Sink::<Rule>::end_missed(&mut capture, 0);
        assert_eq!(
            capture.kept().map(KeptSlots::pos),
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
        let mut capture = SlotRecorder::<false>::new(input);
        let at = capture.enter(Rule::scheme, 0);
        capture.leave(at, Rule::scheme, 0, Some(1));
        assert_eq!(capture.slots.span(Slot::Scheme), Some(0..1));
        // The `:` after it is missing: the alternative fails.
        Sink::<Rule>::restore(&mut capture, at);
        let at = capture.enter(Rule::path_noscheme, 0);
        capture.leave(at, Rule::path_noscheme, 0, Some(3));
        assert_eq!(capture.slots.span(Slot::Scheme), None);
        let bounds = captured(&capture.slots).unwrap().unwrap();
        assert_eq!((bounds.scheme(), bounds.path()), (None, 0..3));
    }
}
