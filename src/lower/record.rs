//! What the compiled parsers record into: the one [`Record`] of
//! positions, written as the parser leaves each rule that plays a role and
//! undone where the rule fails ([`Sink`]); and [`Capture`], the record of a
//! parse with a copy of it kept where `EOI` failed furthest ([`Kept`]),
//! the reading of the input up to there, which a diagnosis of a rejected
//! input lowers rather than parse that prefix again.
//!
//! Imports: [`lowering`](super::lowering) (to lower what was kept),
//! `bounds`, `grammar` and `compiled::runtime` (the recorder trait the
//! generated parsers call).

use super::lowering::finish;
use crate::bounds::{Bounds, Record};
use crate::compiled::runtime::Sink;
use crate::grammar::UriRule;

/// Each pair of a rule that plays a role goes into the record by its role
/// ([`Record::write`]); a rule that fails drops what was recorded since it
/// was entered, as pest drops its pairs. The rule is a constant where the
/// generated parser calls these, so that each call is the one write of its
/// role, or nothing.
impl<R: UriRule> Sink<R> for Record {
    type Mark = u32;

    #[inline(always)]
    fn mark(&self) -> u32 {
        Record::mark(self)
    }

    #[inline(always)]
    fn enter(&mut self, _: R, _: usize) -> u32 {
        Record::mark(self)
    }

    #[inline(always)]
    fn leave(&mut self, at: u32, rule: R, start: usize, end: Option<usize>) -> Option<usize> {
        match end {
            Some(end) => {
                if let Some(role) = rule.role() {
                    self.write(role, start, end);
                }
            }
            None => Record::restore(self, at),
        }
        end
    }

    #[inline(always)]
    fn restore(&mut self, mark: u32) {
        Record::restore(self, mark);
    }
}

/// The record of a parse ([`Record`]), and a copy of it where `EOI` failed
/// furthest ([`Kept`]): the generated parser reports each failure of `EOI`
/// outside every lookahead and atomic rule ([`Sink::end_missed`]).
#[derive(Clone, Copy)]
pub(crate) struct Capture {
    pub(crate) record: Record,
    kept: Option<Kept>,
}

/// A record kept where `EOI` failed at `pos`: the reading of the input up
/// to there, where the entry rule calls `EOI` after every rule that plays a
/// role, as the crate's entries do.
#[derive(Clone, Copy)]
pub(crate) struct Kept {
    record: Record,
    pos: usize,
}

impl Capture {
    /// Nothing recorded yet.
    #[inline(always)]
    pub(crate) fn new() -> Capture {
        Capture {
            record: Record::new(),
            kept: None,
        }
    }

    /// The record kept where `EOI` failed furthest, if it did.
    pub(crate) fn kept(&self) -> Option<&Kept> {
        self.kept.as_ref()
    }

    /// Keeps the record where `EOI` failed at `pos`, unless it failed as
    /// far or further before.
    #[cold]
    #[inline(never)]
    fn keep(&mut self, pos: usize) {
        if self.kept.is_none_or(|kept| pos > kept.pos) {
            self.kept = Some(Kept {
                record: self.record,
                pos,
            });
        }
    }
}

impl Kept {
    /// Where `EOI` failed.
    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    /// The bounds of `input` up to [`pos`](Self::pos), from what was kept;
    /// `None` where they do not lower.
    pub(crate) fn bounds(&self, input: &str) -> Option<Bounds> {
        finish(&self.record, input.get(..self.pos)?).ok()
    }
}

impl<R: UriRule> Sink<R> for Capture {
    type Mark = u32;

    #[inline(always)]
    fn mark(&self) -> u32 {
        self.record.mark()
    }

    #[inline(always)]
    fn enter(&mut self, rule: R, start: usize) -> u32 {
        Sink::<R>::enter(&mut self.record, rule, start)
    }

    #[inline(always)]
    fn leave(&mut self, at: u32, rule: R, start: usize, end: Option<usize>) -> Option<usize> {
        self.record.leave(at, rule, start, end)
    }

    #[inline(always)]
    fn restore(&mut self, mark: u32) {
        self.record.restore(mark);
    }

    #[inline(always)]
    fn end_missed(&mut self, pos: usize) {
        self.keep(pos);
    }
}

#[cfg(test)]
mod tests {
    use super::{Capture, Kept};
    use crate::bounds::Record;
    use crate::compiled::runtime::{Parse, Sink};
    use crate::compiled::{self, uri::Grammar, CompiledGrammar};
    use crate::grammar::Rule;
    use crate::lower::lower;

    /// Records `nodes` into `sink` as the parser would (each pair left as
    /// it matched).
    fn record(sink: &mut impl Sink<Rule>, nodes: &[(Rule, usize, usize)]) {
        for &(rule, start, end) in nodes {
            let at = sink.enter(rule, start);
            sink.leave(at, rule, start, Some(end));
        }
    }

    /// A failed rule's pairs are dropped from the record, as from the
    /// pairs: the part it wrote reads as not there again, and is not taken
    /// as written twice when the next alternative writes it.
    #[test]
    fn a_failed_rule_leaves_nothing_in_the_record() {
        let input = "a/b";
        let mut sink = Record::new();
        let at = Sink::<Rule>::mark(&sink);
        record(&mut sink, &[(Rule::scheme, 0, 1)]);
        assert_eq!(sink.bounds().scheme(), Some(0..1));
        // The `:` after it is missing: the alternative fails.
        Sink::<Rule>::restore(&mut sink, at);
        record(&mut sink, &[(Rule::path_noscheme, 0, 3)]);
        assert_eq!(sink.twice(), 0);
        let bounds = crate::lower::finish(&sink, input).unwrap();
        assert_eq!((bounds.scheme(), bounds.path()), (None, 0..3));
    }

    /// A failed parse's capture keeps its record where `EOI` failed
    /// furthest (the hook the generator puts in the fast variant), and it
    /// lowers to the bounds of the prefix there, as its full pairs do; a
    /// parse that matched keeps nothing.
    #[test]
    fn a_failed_capture_keeps_the_record_where_the_end_was_missed() {
        fn kept(entry: Rule, input: &str) -> Option<Kept> {
            let mut parse = Parse::with_sink(input, Capture::new());
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
                kept.bounds(input),
                lower(prefix, tree.nodes()).ok(),
                "{input}"
            );
        }
        assert!(kept(entry, "http://a/b").is_none());

        let mut capture = Capture::new();
        Sink::<Rule>::end_missed(&mut capture, 1);
        Sink::<Rule>::end_missed(&mut capture, 0);
        assert_eq!(
            capture.kept().map(Kept::pos),
            Some(1),
            "the furthest is kept"
        );
    }
}
