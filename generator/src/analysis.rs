//! What the compiler knows about each expression before it emits code:
//!
//! - `nullable`: it can succeed without consuming;
//! - `first`: the bytes that a match which consumes can start with;
//! - `guard`: the next byte (or the end of input) at every position where
//!   it can succeed: a necessary condition, which lets a choice pass over an
//!   alternative after one byte lookup;
//! - `max_pairs`: how many pairs it can record, which sizes the pair buffer.
//!
//! The first three are least fixpoints over the rules (pest rejects left
//! recursion, so every successful match is a finite derivation, which the
//! least solution covers). `nullable` is computed first and then fixed, so
//! that the equations of the other two are monotone.

use std::cell::RefCell;
use std::collections::HashMap;

use pest_meta::ast::RuleType;

use super::ir::{Ir, IrRule};
use super::sets::{ByteSet, CharSet, END};

/// Whether the pairs of rules matched here are recorded: what pest's
/// atomicity and lookahead state decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ctx {
    /// Outside lookahead, not atomic: non-silent rules record pairs.
    Record,
    /// Inside an atomic (`@`) rule: nothing records, but a compound-atomic
    /// (`$`) or non-atomic (`!`) rule called from here switches pest's
    /// atomicity back, and records.
    Atomic,
    /// Inside `&` or `!`: nothing records, whatever the rule types.
    Quiet,
    /// Nothing records, as in `Quiet`, and where the parse stops going
    /// forward is counted: the diagnostic variant's calls of a rule below
    /// which nothing is tracked, in a grammar where only tokens move the
    /// parse (see `Emitter::new`).
    Reach,
}

impl Ctx {
    /// The suffix of the functions generated for this context.
    pub fn suffix(self) -> &'static str {
        match self {
            Ctx::Record => "r",
            Ctx::Atomic => "a",
            Ctx::Quiet => "q",
            Ctx::Reach => "t",
        }
    }
}

/// Whether a call of a rule of type `ty` in `ctx` records a pair for it.
/// pest_generator wraps a normal rule in `state.rule`, an atomic one in
/// `state.rule` around `state.atomic(Atomic)`, and compound-atomic and
/// non-atomic ones in `state.atomic(..)` around `state.rule`; `state.rule`
/// records when there is no lookahead and the atomicity is not `Atomic`.
pub fn records(ctx: Ctx, ty: RuleType) -> bool {
    match ty {
        RuleType::Silent => false,
        RuleType::Normal | RuleType::Atomic => ctx == Ctx::Record,
        RuleType::CompoundAtomic | RuleType::NonAtomic => matches!(ctx, Ctx::Record | Ctx::Atomic),
    }
}

/// The context of the body of a rule of type `ty` called in `ctx`.
pub fn body_ctx(ctx: Ctx, ty: RuleType) -> Ctx {
    match (ctx, ty) {
        (Ctx::Quiet | Ctx::Reach, _) => ctx,
        (_, RuleType::Silent | RuleType::Normal) => ctx,
        (_, RuleType::Atomic) => Ctx::Atomic,
        (_, RuleType::CompoundAtomic | RuleType::NonAtomic) => Ctx::Record,
    }
}

/// The `EOI` built-in: pest_generator makes it a normal rule around
/// `end_of_input`.
pub const EOI: &str = "EOI";

/// pest's lookahead state (`ParserState::lookahead`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Look {
    None,
    Positive,
    Negative,
}

/// What decides whether pest's `state.rule` tracks a rule's attempt for an
/// error (its `track`): the atomicity (`Atomic` or not) and the lookahead.
/// The diagnostic variant of a parser has one function per rule and
/// tracking context, as the fast one has per recording context.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Track {
    pub atomic: bool,
    pub look: Look,
}

impl Track {
    /// Where a parse starts: not atomic, no lookahead.
    pub const START: Track = Track {
        atomic: false,
        look: Look::None,
    };

    /// What records pairs here: pest's `state.rule` records when there is
    /// no lookahead and the atomicity is not `Atomic`.
    pub fn ctx(self) -> Ctx {
        match (self.atomic, self.look) {
            (_, Look::Positive | Look::Negative) => Ctx::Quiet,
            (false, Look::None) => Ctx::Record,
            (true, Look::None) => Ctx::Atomic,
        }
    }

    /// The suffix of the diagnostic functions for this context.
    pub fn suffix(self) -> &'static str {
        match (self.atomic, self.look) {
            (false, Look::None) => "dn",
            (false, Look::Positive) => "dp",
            (false, Look::Negative) => "dm",
            (true, Look::None) => "dan",
            (true, Look::Positive) => "dap",
            (true, Look::Negative) => "dam",
        }
    }

    /// Inside `&e` (`positive`) or `!e`: `ParserState::lookahead` keeps a
    /// negative lookahead negative under `&`, and flips it under `!`.
    pub fn lookahead(self, positive: bool) -> Track {
        let look = match (self.look, positive) {
            (Look::Negative, true) => Look::Negative,
            (_, true) => Look::Positive,
            (Look::Negative, false) => Look::Positive,
            (_, false) => Look::Negative,
        };
        Track { look, ..self }
    }

    /// Whether a call of a rule of type `ty` here is tracked: pest's
    /// `track` returns at once when the atomicity is `Atomic`, which for a
    /// normal or atomic rule is the caller's, and for a compound-atomic or
    /// non-atomic rule the one its `state.atomic` sets (never `Atomic`).
    pub fn tracks(self, ty: RuleType) -> bool {
        match ty {
            RuleType::Silent => false,
            RuleType::Normal | RuleType::Atomic => !self.atomic,
            RuleType::CompoundAtomic | RuleType::NonAtomic => true,
        }
    }

    /// The context of the body of a rule of type `ty` called here.
    pub fn body(self, ty: RuleType) -> Track {
        let atomic = match ty {
            RuleType::Silent | RuleType::Normal => self.atomic,
            RuleType::Atomic => true,
            RuleType::CompoundAtomic | RuleType::NonAtomic => false,
        };
        Track { atomic, ..self }
    }
}

type Table<T> = HashMap<String, T>;

/// What is known of how many pairs a rule records in a context: `None`
/// while it is being computed, then `Some(bound)`, where a bound of `None`
/// means unbounded.
type PairBound = Option<Option<usize>>;

pub struct Analysis {
    pub rules: Table<IrRule>,
    nullable: Table<bool>,
    first: Table<ByteSet>,
    guard: Table<ByteSet>,
    max_pairs: RefCell<HashMap<(String, Ctx), PairBound>>,
    /// Whether a call of each rule in each tracking context can track.
    tracks: HashMap<(String, Track), bool>,
    /// Whether matching each rule can run a lookahead whose tokens pest's
    /// error detail counts (see [`Analysis::reaches_ahead`]).
    reaches_ahead: Table<bool>,
    /// Whether matching each rule can run a lookahead of either kind.
    looks: Table<bool>,
}

impl Analysis {
    pub fn new(rules: &[IrRule]) -> Analysis {
        let rules: Table<IrRule> = rules.iter().map(|r| (r.name.clone(), r.clone())).collect();
        let nullable = fixpoint(&rules, false, nullable_in);
        let first = fixpoint(&rules, ByteSet::empty(), |e, f| first_in(e, &nullable, f));
        let guard = fixpoint(&rules, ByteSet::empty(), |e, g| {
            guard_in(e, &nullable, &first, g)
        });
        let tracks = tracks_fixpoint(&rules);
        let looks = fixpoint(&rules, false, looks_in);
        let reaches_ahead = fixpoint(&rules, false, |e, t| reaches_ahead_in(e, t, &looks));
        Analysis {
            tracks,
            reaches_ahead,
            looks,
            rules,
            nullable,
            first,
            guard,
            max_pairs: RefCell::new(HashMap::new()),
        }
    }

    pub fn nullable(&self, e: &Ir) -> bool {
        nullable_in(e, &self.nullable)
    }

    pub fn guard(&self, e: &Ir) -> ByteSet {
        guard_in(e, &self.nullable, &self.first, &self.guard)
    }

    /// Whether matching `e` can run a lookahead in which pest's error
    /// detail counts the tokens that match (`&e`, and `!e` around another
    /// lookahead, which pest's `ParserState::lookahead` makes positive
    /// again): those tokens reach past the position without `e` consuming
    /// anything, so that `e` can reach a byte on which its guard, which
    /// says only where `e` can succeed, fails.
    pub fn reaches_ahead(&self, e: &Ir) -> bool {
        reaches_ahead_in(e, &self.reaches_ahead, &self.looks)
    }

    /// Whether `e`, tried at a position, certainly tries a token there that
    /// pest's error detail counts (a character, a string, a Unicode
    /// property; not `ANY`, which pest matches with an untracked `skip`)
    /// before it can fail otherwise: where its guard rules it out, `e`
    /// would fail on that token, and pest would count the failure there.
    pub fn tries_token_first(&self, e: &Ir) -> bool {
        tries_token_first_in(e, &self.rules, &mut Vec::new())
    }

    /// The type of rule `name`; `EOI` is a normal rule.
    pub fn rule_type(&self, name: &str) -> RuleType {
        self.rules.get(name).map_or(RuleType::Normal, |r| r.ty)
    }

    /// How many pairs `e` can record in `ctx`: `Some(n)` at most `n`, `None`
    /// unbounded (a repetition or recursion of something that records).
    pub fn max_pairs(&self, e: &Ir, ctx: Ctx) -> Option<usize> {
        match e {
            Ir::Call(name) => self.call_pairs(name, ctx),
            Ir::Seq(items) => items
                .iter()
                .try_fold(0usize, |sum, item| Some(sum + self.max_pairs(item, ctx)?)),
            Ir::Choice(items) => items.iter().try_fold(0usize, |max, item| {
                Some(max.max(self.max_pairs(item, ctx)?))
            }),
            Ir::Opt(e) => self.max_pairs(e, ctx),
            Ir::Rep(e) => match self.max_pairs(e, ctx) {
                Some(0) => Some(0),
                _ => None,
            },
            _ => Some(0),
        }
    }

    /// The characters `e` takes one at a time: for a class, its members;
    /// for a choice, the members of its class alternatives (`pchar` takes
    /// a `pct-encoded` too, but as three characters); for a repetition
    /// (`x*`, `x ~ x*`), those of `x`. `None` for any other shape.
    pub fn single_chars(&self, e: &Ir) -> Option<CharSet> {
        match e {
            Ir::Class(class) => Some(class.clone()),
            Ir::Choice(items) => {
                let classes = items.iter().filter_map(|item| match item {
                    Ir::Class(class) => Some(class.clone()),
                    _ => None,
                });
                classes.reduce(|a, b| a.union(&b))
            }
            Ir::Rep(inner) => self.single_chars(inner),
            Ir::Seq(items) => match items.as_slice() {
                [first, Ir::Rep(rest)] if first == &**rest => self.single_chars(first),
                _ => None,
            },
            Ir::Call(name) => {
                let rule = self.rules.get(name)?;
                (rule.ty == RuleType::Silent).then(|| self.single_chars(&rule.expr))?
            }
            _ => None,
        }
    }

    /// Whether matching `e` in `track` can track a rule's attempt (call a
    /// rule that `track` tracks, or a rule whose body does): where it
    /// cannot, the diagnostic variant runs the fast parser's code.
    pub fn can_track(&self, e: &Ir, track: Track) -> bool {
        body_tracks(e, track, &self.rules, &self.tracks)
    }

    /// Whether `e` can record any pair in `ctx`.
    pub fn can_record(&self, e: &Ir, ctx: Ctx) -> bool {
        self.max_pairs(e, ctx) != Some(0)
    }

    fn call_pairs(&self, name: &str, ctx: Ctx) -> Option<usize> {
        if matches!(ctx, Ctx::Quiet | Ctx::Reach) {
            return Some(0);
        }
        let own = usize::from(records(ctx, self.rule_type(name)));
        let Some(rule) = self.rules.get(name) else {
            return Some(own); // EOI
        };
        let key = (name.to_string(), ctx);
        if let Some(known) = self.max_pairs.borrow().get(&key) {
            // Met again while being computed: recursion, which may record
            // without bound.
            return known.unwrap_or(None);
        }
        self.max_pairs.borrow_mut().insert(key.clone(), None);
        let inner = self.max_pairs(&rule.expr, body_ctx(ctx, rule.ty));
        let total = inner.map(|n| n + own);
        self.max_pairs.borrow_mut().insert(key, Some(total));
        total
    }
}

/// Every tracking context.
const TRACKS: [Track; 6] = {
    let none = Track {
        atomic: false,
        look: Look::None,
    };
    [
        none,
        Track {
            atomic: true,
            ..none
        },
        Track {
            look: Look::Positive,
            ..none
        },
        Track {
            atomic: true,
            look: Look::Positive,
        },
        Track {
            look: Look::Negative,
            ..none
        },
        Track {
            atomic: true,
            look: Look::Negative,
        },
    ]
};

/// Whether a call of rule `name` in `track` can track an attempt, given
/// what `table` knows of the calls in its body.
fn call_tracks(
    name: &str,
    track: Track,
    rules: &Table<IrRule>,
    table: &HashMap<(String, Track), bool>,
) -> bool {
    let Some(rule) = rules.get(name) else {
        return track.tracks(RuleType::Normal); // EOI
    };
    track.tracks(rule.ty) || table[&(name.to_string(), track.body(rule.ty))]
}

/// `can_track` of every rule's body in every context: the least fixpoint,
/// from "nothing tracks", since a recursion tracks only what its other
/// paths do.
fn tracks_fixpoint(rules: &Table<IrRule>) -> HashMap<(String, Track), bool> {
    let mut table: HashMap<(String, Track), bool> = rules
        .keys()
        .flat_map(|name| TRACKS.map(|track| ((name.clone(), track), false)))
        .collect();
    loop {
        let mut changed = false;
        for (name, rule) in rules {
            for track in TRACKS {
                let value = body_tracks(&rule.expr, track, rules, &table);
                let slot = table.entry((name.clone(), track)).or_default();
                if value != *slot {
                    *slot = value;
                    changed = true;
                }
            }
        }
        if !changed {
            return table;
        }
    }
}

/// Whether `e`, matched in `track`, can track, by `table`.
fn body_tracks(
    e: &Ir,
    track: Track,
    rules: &Table<IrRule>,
    table: &HashMap<(String, Track), bool>,
) -> bool {
    match e {
        Ir::Call(name) => call_tracks(name, track, rules, table),
        Ir::Seq(items) | Ir::Choice(items) => items
            .iter()
            .any(|item| body_tracks(item, track, rules, table)),
        Ir::Opt(e) | Ir::Rep(e) => body_tracks(e, track, rules, table),
        Ir::Pos(e) => body_tracks(e, track.lookahead(true), rules, table),
        Ir::Neg(e) => body_tracks(e, track.lookahead(false), rules, table),
        _ => false,
    }
}

/// Whether `e` can run a lookahead of either kind, by `t`.
fn looks_in(e: &Ir, t: &Table<bool>) -> bool {
    match e {
        Ir::Pos(_) | Ir::Neg(_) => true,
        Ir::Call(name) => t.get(name).copied().unwrap_or(false),
        Ir::Seq(items) | Ir::Choice(items) => items.iter().any(|e| looks_in(e, t)),
        Ir::Opt(e) | Ir::Rep(e) => looks_in(e, t),
        _ => false,
    }
}

/// [`Analysis::reaches_ahead`], by `t` for the rules' bodies and `looks`.
fn reaches_ahead_in(e: &Ir, t: &Table<bool>, looks: &Table<bool>) -> bool {
    match e {
        Ir::Pos(_) => true,
        // `!e` is negative, and nothing in it counts, but for a lookahead
        // inside it, which pest turns positive under `!`, or keeps negative
        // under `&`: either way, a lookahead inside may count.
        Ir::Neg(e) => looks_in(e, looks),
        Ir::Call(name) => t.get(name).copied().unwrap_or(false),
        Ir::Seq(items) | Ir::Choice(items) => items.iter().any(|e| reaches_ahead_in(e, t, looks)),
        Ir::Opt(e) | Ir::Rep(e) => reaches_ahead_in(e, t, looks),
        _ => false,
    }
}

/// [`Analysis::tries_token_first`]; `calling` holds the rules being
/// looked into, so that a left recursion answers "not certainly".
fn tries_token_first_in(e: &Ir, rules: &Table<IrRule>, calling: &mut Vec<String>) -> bool {
    match e {
        Ir::Class(_) | Ir::Str(_) | Ir::Insens(_) | Ir::Unicode(_) => true,
        Ir::Seq(items) | Ir::Choice(items) => items
            .first()
            .is_some_and(|first| tries_token_first_in(first, rules, calling)),
        Ir::Opt(e) | Ir::Rep(e) | Ir::Pos(e) => tries_token_first_in(e, rules, calling),
        Ir::Call(name) => {
            let Some(rule) = rules.get(name) else {
                return false; // EOI
            };
            if calling.contains(name) {
                return false;
            }
            calling.push(name.clone());
            let tries = tries_token_first_in(&rule.expr, rules, calling);
            calling.pop();
            tries
        }
        Ir::Empty | Ir::Any | Ir::Soi | Ir::SkipUntil(_) | Ir::Neg(_) => false,
    }
}

/// Iterates `f` over every rule body, from `bottom`, until nothing changes.
fn fixpoint<T: Clone + PartialEq>(
    rules: &Table<IrRule>,
    bottom: T,
    f: impl Fn(&Ir, &Table<T>) -> T,
) -> Table<T> {
    let mut table: Table<T> = rules.keys().map(|n| (n.clone(), bottom.clone())).collect();
    loop {
        let mut changed = false;
        for (name, rule) in rules {
            let value = f(&rule.expr, &table);
            if value != table[name] {
                table.insert(name.clone(), value);
                changed = true;
            }
        }
        if !changed {
            return table;
        }
    }
}

fn nullable_in(e: &Ir, n: &Table<bool>) -> bool {
    match e {
        Ir::Empty | Ir::Soi | Ir::Opt(_) | Ir::Rep(_) | Ir::Pos(_) | Ir::Neg(_) => true,
        Ir::SkipUntil(_) => true,
        Ir::Class(_) | Ir::Str(_) | Ir::Insens(_) | Ir::Any | Ir::Unicode(_) => false,
        Ir::Call(name) => name == EOI || n.get(name).copied().unwrap_or(false),
        Ir::Seq(items) => items.iter().all(|e| nullable_in(e, n)),
        Ir::Choice(items) => items.iter().any(|e| nullable_in(e, n)),
    }
}

/// The first byte of a string, in both cases where it is an ASCII letter
/// and the match ignores case.
fn first_byte(s: &str, insensitive: bool) -> ByteSet {
    let mut set = ByteSet::empty();
    if let Some(&b) = s.as_bytes().first() {
        set.insert(usize::from(b));
        if insensitive {
            set.insert(usize::from(b.to_ascii_lowercase()));
            set.insert(usize::from(b.to_ascii_uppercase()));
        }
    }
    set
}

fn first_in(e: &Ir, n: &Table<bool>, f: &Table<ByteSet>) -> ByteSet {
    match e {
        Ir::Empty | Ir::Soi | Ir::Pos(_) | Ir::Neg(_) => ByteSet::empty(),
        Ir::Class(class) => class.first_bytes(),
        Ir::Str(s) => first_byte(s, false),
        Ir::Insens(s) => first_byte(s, true),
        Ir::Any | Ir::Unicode(_) | Ir::SkipUntil(_) => ByteSet::all_bytes(),
        Ir::Call(name) => f.get(name).copied().unwrap_or(ByteSet::empty()),
        Ir::Seq(items) => {
            let mut set = ByteSet::empty();
            for item in items {
                set = set.union(&first_in(item, n, f));
                if !nullable_in(item, n) {
                    break;
                }
            }
            set
        }
        Ir::Choice(items) => items
            .iter()
            .fold(ByteSet::empty(), |set, e| set.union(&first_in(e, n, f))),
        Ir::Opt(e) | Ir::Rep(e) => first_in(e, n, f),
    }
}

fn guard_in(e: &Ir, n: &Table<bool>, f: &Table<ByteSet>, g: &Table<ByteSet>) -> ByteSet {
    match e {
        Ir::Empty | Ir::Soi | Ir::Opt(_) | Ir::Rep(_) | Ir::Neg(_) | Ir::SkipUntil(_) => {
            ByteSet::all()
        }
        Ir::Class(_) | Ir::Str(_) | Ir::Insens(_) | Ir::Any | Ir::Unicode(_) => first_in(e, n, f),
        Ir::Call(name) if name == EOI => ByteSet::single(END),
        Ir::Call(name) => g.get(name).copied().unwrap_or(ByteSet::empty()),
        Ir::Pos(e) => guard_in(e, n, f, g),
        // Where `a ~ rest` succeeds, `a` succeeded; and either it consumed,
        // starting with a byte of first(a), or it did not, and `rest`
        // succeeded at the same place.
        Ir::Seq(items) => {
            // guard(a ~ rest) = guard(a) ∩ (first(a) ∪ (nullable(a) ? guard(rest) : ∅)),
            // unrolled from the right.
            let mut rest = ByteSet::all();
            for item in items.iter().rev() {
                let nullable = nullable_in(item, n);
                let tail = if nullable { rest } else { ByteSet::empty() };
                rest = guard_in(item, n, f, g).intersection(&first_in(item, n, f).union(&tail));
            }
            rest
        }
        Ir::Choice(items) => items
            .iter()
            .fold(ByteSet::empty(), |set, e| set.union(&guard_in(e, n, f, g))),
    }
}
