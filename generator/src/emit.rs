//! Rust source for a lowered grammar: one function per rule and context, in
//! which every expression becomes straight-line code over the input bytes.
//!
//! Each emitted expression is a Rust expression of type `Option<usize>`: the
//! position after a match that starts at `pos` (a variable in scope), or
//! `None`. On `None` it has left the pair buffer as it found it, so that a
//! choice can go on to its next alternative with nothing to undo, exactly
//! as pest's choice does.
//!
//! Two variants of each parser come from the same code here:
//!
//! - the fast one ([`Mode::Fast`]), which a parse runs: it records pest's
//!   pairs, from the simplified tree, and tries an alternative only where
//!   the next byte can start it;
//! - the diagnostic one ([`Mode::Diagnostic`]), which runs once after the
//!   fast one failed: it records what pest records for an error instead
//!   (the furthest position where a rule failed, and the rules tried
//!   there, by the rules of pest's `ParserState::track`), and what pest's
//!   error detail records (`ParseAttempts::max_position`): the furthest
//!   byte a token reached, the end of one that matched or the start of one
//!   that failed, outside a negative lookahead, and the tokens that failed
//!   there (its `expected_tokens`; each token is an index into the
//!   generated `TOKENS`). That byte is where the input stops being the
//!   start of a match. A rule's attempt counts even where it could not
//!   match, so this variant makes every attempt pest makes: it follows
//!   the tree before simplification (which merges and reorders
//!   alternatives) and skips an alternative on its next byte only where
//!   nothing in it is tracked and no token of it would reach past the
//!   failure it then counts; a skipped alternative counts the failures of
//!   the tokens it would have tried first (`SKIPPED_n`). Only inside a
//!   negative lookahead, where nothing counts, does it call the fast
//!   variant's functions.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

use super::analysis::{body_ctx, records, Analysis, Ctx, Look, Track, EOI};
use super::error::CompileError;
use super::ir::Ir;
use super::sets::{ByteSet, CharSet, END};
use super::speculate::{proved, speculation};

/// Rules whose lowered expression is at most this big are `#[inline]`;
/// bigger ones are `#[inline(never)]`, out of line, so that the rules that
/// call them stay short (IPv6address is the big one of `uri.pest`).
const INLINE_SIZE: usize = 48;

/// A token a diagnosis can name: what pest's error detail lists as
/// tried where a parse stopped (`ParsingToken`), as the generated `TOKENS`
/// holds it (`rt::Token`).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Token {
    Chars(Vec<(u32, u32)>),
    Str(String),
    Insens(String),
    Property(String),
}

impl Token {
    fn of_class(class: &CharSet) -> Token {
        Token::Chars(class.ranges().to_vec())
    }
}

/// Which variant an expression is emitted for, and in which context.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mode {
    /// The fast parser, recording pairs as `Ctx` says.
    Fast(Ctx),
    /// The diagnostic parser, tracking attempts as `Track` says.
    Diagnostic(Track),
}

pub struct Emitter<'a> {
    /// What is known of the simplified rules, which the fast variant runs.
    analysis: &'a Analysis,
    /// ... and of the rules before simplification, which the diagnostic
    /// variant runs.
    unsimplified: &'a Analysis,
    /// Every byte set tested by table lookup: its table and bit.
    tables: BTreeMap<[u64; 4], (usize, u32)>,
    /// The non-ASCII ranges of each character class that has them.
    ranges: BTreeMap<Vec<(u32, u32)>, usize>,
    /// Every token a diagnosis can name ([`Token`]), by its index in the
    /// generated `TOKENS`.
    tokens: BTreeMap<Token, u16>,
    /// The sets of tokens an expression skipped on its next byte would
    /// have tried and failed: their indices, and the set's number.
    token_sets: BTreeMap<Vec<u16>, usize>,
    /// Functions to emit, and those emitted.
    wanted: BTreeSet<(String, Mode)>,
    done: BTreeSet<(String, Mode)>,
    label: usize,
    /// The rule being emitted, for errors.
    rule: String,
    /// Whether the diagnostic variant counts the end of every token that
    /// matches, or only where the parse stops ([`Emitter::new`]).
    successes: bool,
}

/// What was generated, for the build log and the file's header.
pub struct Stats {
    pub functions: usize,
    pub tables: usize,
}

impl<'a> Emitter<'a> {
    /// An emitter for a grammar whose rules `analysis` knows, simplified,
    /// and `unsimplified` knows as pest_meta optimized them.
    ///
    /// How far tokens reach is counted one of two ways. pest counts the
    /// end of each token that matches and the start of each that fails,
    /// outside a negative lookahead; where only tokens move the parse (no
    /// `ANY`, which pest does not count, and no skip), every position the
    /// parse stands at outside a negative lookahead is the start of the
    /// input or the end of a token that matched, so the furthest of them
    /// is where a token failed, a lookahead's test failed, `EOI` failed, a
    /// positive lookahead's test ended, or the parse ended: the variant
    /// counts only there, which is where the parse stops going forward,
    /// rather than at every token. A grammar with `ANY` or a skip counts
    /// every token, as pest does.
    pub fn new(analysis: &'a Analysis, unsimplified: &'a Analysis) -> Emitter<'a> {
        let successes = unsimplified
            .rules
            .values()
            .any(|rule| moves_untracked(&rule.expr));
        Emitter {
            successes,
            analysis,
            unsimplified,
            tables: BTreeMap::new(),
            ranges: BTreeMap::new(),
            tokens: BTreeMap::new(),
            token_sets: BTreeMap::new(),
            wanted: BTreeSet::new(),
            done: BTreeSet::new(),
            label: 0,
            rule: String::new(),
        }
    }

    /// The functions for every rule in the recording context and in the
    /// diagnostic variant's starting context (each rule can start a
    /// parse), and for whatever they call in other contexts.
    pub fn functions(&mut self, rules: &[String]) -> Result<(String, Stats), CompileError> {
        let mut out = String::new();
        for name in rules {
            self.wanted.insert((name.clone(), Mode::Fast(Ctx::Record)));
            self.wanted
                .insert((name.clone(), Mode::Diagnostic(Track::START)));
        }
        while let Some(next) = self
            .wanted
            .iter()
            .find(|w| !self.done.contains(*w))
            .cloned()
        {
            self.done.insert(next.clone());
            let (name, mode) = next;
            out.push_str(&self.function(&name, mode)?);
        }
        out.push_str(&self.statics());
        let stats = Stats {
            functions: self.done.len(),
            tables: self.tables.values().map(|&(t, _)| t + 1).max().unwrap_or(0),
        };
        Ok((out, stats))
    }

    /// The code of a call of rule `name` in `mode` at `pos`, where a parse
    /// starts (emitted before [`functions`](Self::functions), which then
    /// emits what it calls).
    pub fn entry(&mut self, name: &str, mode: Mode) -> String {
        self.call(name, mode)
    }

    /// The code of the match of rule `name` at 0 of input `s` that the
    /// generated `reach` runs, counting into `far` how far its tokens
    /// reach: the fast variant's code that counts where the parse stops,
    /// where it counts as pest does ([`Emitter::new`]; no lookahead whose
    /// tokens count below the rule), else the diagnostic variant's, whose
    /// record gives it.
    pub fn reach_entry(&mut self, name: &str) -> String {
        let call = Ir::Call(name.to_string());
        let analysis = self.unsimplified;
        // A rule whose body tracks a call (the grammar's skeleton) runs the
        // diagnostic variant's code, which exists for it anyway, rather
        // than a copy of the whole grammar in `Reach`.
        let body_tracks = analysis
            .rules
            .get(name)
            .is_some_and(|rule| analysis.can_track(&rule.expr, Track::START.body(rule.ty)));
        if self.successes || analysis.reaches_ahead(&call) || body_tracks {
            let filler = name;
            return format!(
                "{{ let mut a = rt::Attempts::<Rule, false, ()>::new(Rule::r#{filler}); let end = failure_with(Rule::r#{name}, input, (), &mut a); far.at(a.far()); end }}"
            );
        }
        let callee = self.callee(name, Mode::Fast(Ctx::Reach));
        format!("{callee}(s, &mut far, 0)")
    }

    /// The name of the function for `rule` in `mode`, which is then
    /// emitted.
    fn callee(&mut self, rule: &str, mode: Mode) -> String {
        self.wanted.insert((rule.to_string(), mode));
        fn_name(rule, mode)
    }

    /// What is known of the rules `mode` runs.
    fn analysis(&self, mode: Mode) -> &'a Analysis {
        match mode {
            Mode::Fast(_) => self.analysis,
            Mode::Diagnostic(_) => self.unsimplified,
        }
    }

    fn function(&mut self, name: &str, mode: Mode) -> Result<String, CompileError> {
        self.rule = name.to_string();
        self.label = 0;
        let s = input(mode);
        let params = match mode {
            Mode::Fast(Ctx::Quiet) => "s: &[u8]",
            Mode::Fast(Ctx::Reach) => "s: &[u8], far: &mut rt::Reach",
            Mode::Fast(_) => "p: &mut ParseOf<'_, K>",
            Mode::Diagnostic(_) => "p: &mut Diagnosis<'_, '_, K, L>",
        };
        let mut f = String::new();
        if name == EOI {
            // pest_generator: `state.rule(Rule::EOI, |state| state.end_of_input())`.
            let end = format!("(pos == {s}.len()).then_some(pos)");
            let body = match mode {
                Mode::Fast(Ctx::Quiet) => end,
                Mode::Fast(Ctx::Reach) => format!("far.stopped({end}, pos)"),
                // Where the fast variant records, its sink may keep what it
                // holds where `EOI` fails (`Sink::end_missed`).
                Mode::Fast(_) if records(ctx_of(mode), self.analysis.rule_type(EOI)) => {
                    format!("{BIND_INPUT}let end = {end};\n    if end.is_none() {{ p.pairs.end_missed(pos); }}\n    let at = p.pairs.enter(Rule::EOI, pos);\n    p.pairs.leave(at, Rule::EOI, pos, end)")
                }
                _ if records(ctx_of(mode), self.analysis.rule_type(EOI)) => {
                    let end = self.eoi_reached(end, mode);
                    format!("{BIND_INPUT}let at = p.pairs.enter(Rule::EOI, pos);\n    p.pairs.leave(at, Rule::EOI, pos, {end})")
                }
                _ => {
                    let end = self.eoi_reached(end, mode);
                    format!("{BIND_INPUT}{end}")
                }
            };
            writeln!(
                f,
                "\n#[inline]\n#[allow(unused_variables)]\nfn {}{}({params}, pos: usize) -> Option<usize> {{\n    {body}\n}}",
                fn_name(name, mode),
                generics(mode)
            )
            .ok();
            return Ok(f);
        }
        let rule = &self.analysis(mode).rules[name];
        let (ty, expr) = (rule.ty, rule.expr.clone());
        let inner = match mode {
            Mode::Fast(ctx) => Mode::Fast(body_ctx(ctx, ty)),
            Mode::Diagnostic(track) => Mode::Diagnostic(track.body(ty)),
        };
        // A rule whose body records nothing, called where it records its
        // own pair (an atomic rule, say), and too big to be inlined: the
        // pair around the body's function in the `Quiet` context, which
        // matches the same and is not generic over the sink, so that its
        // code is compiled once rather than once for each sink a parse
        // records into. A smaller body stays in the rule's function, to be
        // inlined where it is called.
        let quiet_body = matches!(inner, Mode::Fast(Ctx::Record | Ctx::Atomic))
            && expr.size() > INLINE_SIZE
            && !self.analysis.can_record(&expr, ctx_of(inner));
        let (body, inline) = if quiet_body {
            let quiet = self.callee(name, Mode::Fast(Ctx::Quiet));
            (format!("{quiet}(s, pos)"), "#[inline]")
        } else if expr.size() <= INLINE_SIZE && mode == Mode::Fast(Ctx::Reach) {
            // The `Reach` variant is not generic, so it is compiled in the
            // crate that defines the grammar, where the inliner weighs a
            // small rule called from many places (`h16` in `IPv6address`)
            // otherwise than in the crate that instantiates a generic one.
            (self.expr(&expr, inner)?, "#[inline(always)]")
        } else if expr.size() <= INLINE_SIZE {
            (self.expr(&expr, inner)?, "#[inline]")
        } else {
            (self.expr(&expr, inner)?, "#[inline(never)]")
        };
        let body = match mode {
            Mode::Fast(Ctx::Quiet | Ctx::Reach) => body,
            _ if records(ctx_of(mode), ty) => format!(
                "{BIND_INPUT}let at = p.pairs.enter(Rule::r#{name}, pos);\n    let end = {body};\n    p.pairs.leave(at, Rule::r#{name}, pos, end)"
            ),
            _ => format!("{BIND_INPUT}{body}"),
        };
        writeln!(
            f,
            "\n/// `{name}`, {}.\n{inline}\n#[allow(unused_variables)]\nfn {}{}({params}, pos: usize) -> Option<usize> {{\n    {body}\n}}",
            describe(mode),
            fn_name(name, mode),
            generics(mode)
        )
        .ok();
        Ok(f)
    }

    /// `code`, the match of `token` at `pos`, counted where `mode` counts
    /// tokens ([`Emitter::new`]): its end where it matches, if every
    /// token's is counted, and `pos` where it fails, with the token.
    fn token(&mut self, code: String, mode: Mode, token: Token) -> String {
        if !reaches(mode) && mode != Mode::Fast(Ctx::Reach) {
            return code;
        }
        let id = self.token_id(token);
        match (mode, self.successes) {
            (Mode::Fast(Ctx::Reach), _) => format!("far.failed({code}, pos, {id})"),
            (_, true) => format!("p.a.reached({code}, pos, {id})"),
            (_, false) => format!("p.a.failed({code}, pos, {id})"),
        }
    }

    /// The index of `token` in the generated `TOKENS`. (A grammar with
    /// more than 65,535 tokens would share the last index among the rest,
    /// which a diagnosis then names none of.)
    fn token_id(&mut self, token: Token) -> u16 {
        let next = u16::try_from(self.tokens.len()).unwrap_or(u16::MAX);
        *self.tokens.entry(token).or_insert(next)
    }

    /// The tokens that `e`, tried at a position where the next byte
    /// cannot start it, tries there (each of which fails), in `mode`'s
    /// rules: pest tries each first token of `e` in turn, going past an
    /// item that then matches nothing. The name of their generated list.
    fn skipped_tokens(&mut self, e: &Ir, mode: Mode) -> String {
        let analysis = self.analysis(mode);
        let mut tokens = Vec::new();
        self.first_tokens(e, analysis, &mut Vec::new(), &mut tokens);
        // In the order pest tries them, each once.
        let mut seen = BTreeSet::new();
        tokens.retain(|&token| seen.insert(token));
        let next = self.token_sets.len();
        let index = *self.token_sets.entry(tokens).or_insert(next);
        format!("&SKIPPED_{index}")
    }

    /// Adds to `out` the tokens `e` tries at a position where each fails
    /// ([`skipped_tokens`](Self::skipped_tokens)); whether `e` then
    /// matches nothing, so that what follows it is tried there too.
    /// `calls` are the rules being followed, each once.
    fn first_tokens(
        &mut self,
        e: &Ir,
        analysis: &Analysis,
        calls: &mut Vec<String>,
        out: &mut Vec<u16>,
    ) -> bool {
        match e {
            Ir::Class(class) => {
                out.push(self.token_id(Token::of_class(class)));
                false
            }
            Ir::Str(text) => {
                out.push(self.token_id(Token::Str(text.clone())));
                false
            }
            Ir::Insens(text) => {
                out.push(self.token_id(Token::Insens(text.clone())));
                false
            }
            Ir::Unicode(property) => {
                out.push(self.token_id(Token::Property(property.clone())));
                false
            }
            Ir::Empty | Ir::Soi | Ir::SkipUntil(_) => true,
            // `ANY` fails on the end of input uncounted.
            Ir::Any => false,
            // pest's error detail lists no token for `EOI`.
            Ir::Call(name) if name == EOI => false,
            Ir::Call(name) => {
                if calls.contains(name) {
                    return analysis.nullable(e);
                }
                let Some(rule) = analysis.rules.get(name) else {
                    return false;
                };
                calls.push(name.clone());
                let empty = self.first_tokens(&rule.expr, analysis, calls, out);
                calls.pop();
                empty
            }
            Ir::Seq(items) => items
                .iter()
                .all(|item| self.first_tokens(item, analysis, calls, out)),
            Ir::Choice(items) => items
                .iter()
                .any(|item| self.first_tokens(item, analysis, calls, out)),
            Ir::Opt(inner) | Ir::Rep(inner) => {
                self.first_tokens(inner, analysis, calls, out);
                true
            }
            Ir::Pos(inner) => self.first_tokens(inner, analysis, calls, out),
            // Tokens in a negative lookahead are not counted; it matches
            // where they fail.
            Ir::Neg(_) => true,
        }
    }

    /// The code that counts `at` (an expression) as a stop of the parse and
    /// gives it back, where `mode` counts how far tokens reach.
    fn stop(&self, mode: Mode, at: &str) -> Option<String> {
        match mode {
            Mode::Fast(Ctx::Reach) => Some(format!("far.at({at})")),
            _ if reaches(mode) => Some(format!("p.a.reach({at})")),
            _ => None,
        }
    }

    /// The code that counts a failure of `class` at `at` (an expression:
    /// where a run of it stops) and gives `at` back,
    /// where `mode` counts how far tokens reach.
    fn stop_missed(&mut self, mode: Mode, at: &str, class: &CharSet) -> Option<String> {
        if !reaches(mode) && mode != Mode::Fast(Ctx::Reach) {
            return None;
        }
        let id = self.token_id(Token::of_class(class));
        Some(match mode {
            Mode::Fast(Ctx::Reach) => format!("far.missed({at}, {id})"),
            _ => format!("p.a.missed({at}, {id})"),
        })
    }

    /// `end`, whether `EOI` matched at `pos`, with its failure counted
    /// where the parse stops are ([`Emitter::new`]).
    fn eoi_reached(&self, end: String, mode: Mode) -> String {
        if reaches(mode) && !self.successes {
            format!("p.a.stopped({end}, pos)")
        } else {
            end
        }
    }

    fn next_label(&mut self, kind: &str) -> String {
        self.label += 1;
        format!("'{kind}{}", self.label)
    }

    /// The code of `e` matched in `mode` at `pos`.
    fn expr(&mut self, e: &Ir, mode: Mode) -> Result<String, CompileError> {
        let s = input(mode);
        Ok(match e {
            Ir::Empty => "Some(pos)".to_string(),
            Ir::Soi => "(pos == 0).then_some(pos)".to_string(),
            Ir::Class(class) => {
                let code = self.class(class, s);
                self.token(code, mode, Token::of_class(class))
            }
            Ir::Str(lit) => self.token(
                format!("rt::string({s}, pos, {})", byte_literal(lit)),
                mode,
                Token::Str(lit.clone()),
            ),
            Ir::Insens(lit) => self.token(
                format!("rt::insensitive({s}, pos, {})", byte_literal(lit)),
                mode,
                Token::Insens(lit.clone()),
            ),
            // pest matches `ANY` with `skip`, which its error detail does
            // not count.
            Ir::Any => format!("rt::any({s}, pos)"),
            Ir::Unicode(property) => self.token(
                format!("rt::char_where({s}, pos, rt::unicode::{property})"),
                mode,
                Token::Property(property.clone()),
            ),
            Ir::SkipUntil(strings) => self.skip_until(strings, s),
            Ir::Call(name) => self.call(name, mode),
            Ir::Seq(items) => self.seq(items, mode)?,
            Ir::Choice(items) => self.choice(items, mode)?,
            Ir::Opt(inner) => {
                let code = self.guarded(inner, mode)?;
                format!("{{\n let r = {code};\n r.or(Some(pos))\n}}")
            }
            Ir::Rep(inner) => self.rep(inner, mode)?,
            Ir::Pos(inner) => {
                let code = self.expr(inner, lookahead(mode, true))?;
                match self.stop(mode, "end") {
                    Some(count) if !self.successes => format!("{{\n let r = {code};\n if let Some(end) = r {{ {count}; }}\n r.and(Some(pos))\n}}"),
                    _ => format!("{{\n let r = {code};\n r.and(Some(pos))\n}}"),
                }
            }
            Ir::Neg(inner) => {
                let code = self.expr(inner, lookahead(mode, false))?;
                let fail = match self.stop(mode, "pos") {
                    Some(count) if !self.successes => format!("{{ {count}; None }}"),
                    _ => "{ None }".to_string(),
                };
                format!("{{\n let r = {code};\n if r.is_none() {{ Some(pos) }} else {fail}\n}}")
            }
        })
    }

    /// A call of rule `name` in `mode`.
    ///
    /// In the diagnostic variant, a rule that pest's `track` tracks here
    /// is tracked as `state.rule` does: the attempts at `pos` counted
    /// before the call, and the rule tracked after it when it failed (or,
    /// in a negative lookahead, when it matched). A call below which
    /// nothing is tracked runs the fast variant's function, which records
    /// nothing in a lookahead context.
    fn call(&mut self, name: &str, mode: Mode) -> String {
        match mode {
            Mode::Fast(ctx) => {
                let ctx = call_ctx(ctx, self.analysis, name);
                let callee = self.callee(name, Mode::Fast(ctx));
                match ctx {
                    Ctx::Quiet => format!("{callee}({}, pos)", input(mode)),
                    Ctx::Reach => format!("{callee}({}, far, pos)", input(mode)),
                    _ => format!("{callee}(p, pos)"),
                }
            }
            Mode::Diagnostic(track) => {
                let analysis = self.unsimplified;
                let call = Ir::Call(name.to_string());
                let ty = analysis.rule_type(name);
                // Where the tokens count (outside a negative lookahead),
                // every rule runs the diagnostic variant's code, which
                // counts them; the fast variant's does not.
                let reach = reaches(mode);
                // Where only the stops of the parse count, below a call that
                // tracks nothing and no lookahead's tokens count, the fast
                // variant's code counts them as well: it stops where the
                // diagnostic variant's would (its simplifications and
                // guards pass over no byte a token of it could reach).
                let fast_reach = reach && !self.successes && !analysis.reaches_ahead(&call);
                if !analysis.can_track(&call, track) && (!reach || fast_reach) {
                    return if reach {
                        let fast = self.callee(name, Mode::Fast(Ctx::Reach));
                        format!("{fast}(s, p.a.far_mut(), pos)")
                    } else {
                        let fast = self.callee(name, Mode::Fast(Ctx::Quiet));
                        format!("{fast}(s, pos)")
                    };
                }
                // Where only the call is tracked, not what its body calls
                // (an atomic rule), the body is the fast variant's, run only
                // where the next byte can start it: elsewhere it fails, and
                // its failure is tracked all the same. Its pair, if it
                // records one, is recorded around it.
                let body_tracks = (reach && !fast_reach)
                    || analysis
                        .rules
                        .get(name)
                        .is_some_and(|rule| analysis.can_track(&rule.expr, track.body(ty)));
                let callee = if body_tracks {
                    let run = format!("{}(p, pos)", self.callee(name, mode));
                    // A body that fails on its first byte test before it
                    // calls anything tracks nothing where that test fails:
                    // it is not run where the next byte cannot start it,
                    // and its failure is tracked all the same. Where tokens
                    // count, that test is a token that fails there (not
                    // `ANY`, which pest does not count), and the failure
                    // counts too.
                    let body = analysis.rules.get(name).map(|rule| &rule.expr);
                    let fails_first = body.is_some_and(|body| {
                        fails_before_calls(body)
                            && (!reach || !self.successes || analysis.tries_token_first(body))
                    });
                    let (guard, miss) = if reach {
                        let skipped = self.skipped_tokens(&call, mode);
                        (
                            analysis.guard(&call),
                            format!("{{ p.a.skipped(pos, {skipped}) }}"),
                        )
                    } else {
                        (self.analysis.guard(&call), "{ None }".to_string())
                    };
                    match self.guard_test(&guard, "s") {
                        Some(test) if fails_first => {
                            format!("if {test} {{ {run} }} else {miss}")
                        }
                        _ => run,
                    }
                } else {
                    let (fast, miss) = if reach {
                        let fast = self.callee(name, Mode::Fast(Ctx::Reach));
                        let skipped = self.skipped_tokens(&call, mode);
                        (
                            format!("{fast}(s, p.a.far_mut(), pos)"),
                            format!("{{ p.a.skipped(pos, {skipped}) }}"),
                        )
                    } else {
                        let fast = self.callee(name, Mode::Fast(Ctx::Quiet));
                        (format!("{fast}(s, pos)"), "{ None }".to_string())
                    };
                    let guard = self.analysis.guard(&call);
                    let body = match self.guard_test(&guard, "s") {
                        Some(test) => format!("if {test} {{ {fast} }} else {miss}"),
                        None => fast,
                    };
                    if records(track.ctx(), ty) {
                        format!("{{\n let at = p.pairs.enter(Rule::r#{name}, pos);\n let end = {body};\n p.pairs.leave(at, Rule::r#{name}, pos, end)\n}}")
                    } else {
                        body
                    }
                };
                if !track.tracks(ty) {
                    return callee;
                }
                let (outcome, negative) = match track.look {
                    Look::Negative => ("is_some", true),
                    _ => ("is_none", false),
                };
                // Where `EOI` fails outside a lookahead, the pairs are the
                // tree of the input up to there (see `Attempts::track`).
                let end_of_input = if name == EOI && track.look == Look::None {
                    "Some(&p.pairs)"
                } else {
                    "None"
                };
                format!(
                    "{{\n let mark = p.a.mark(pos);\n let r = {callee};\n if r.{outcome}() {{ p.a.track(Rule::r#{name}, pos, mark, {negative}, {end_of_input}); }}\n r\n}}"
                )
            }
        }
    }

    /// `e`, tried only where its guard admits the next byte, when the guard
    /// says something, `e` does not begin with a byte test of its own, and
    /// (in the diagnostic variant) skipping it loses no attempt pest would
    /// track.
    fn guarded(&mut self, e: &Ir, mode: Mode) -> Result<String, CompileError> {
        let code = self.expr(e, mode)?;
        if starts_with_test(e) {
            return Ok(code);
        }
        let analysis = self.analysis(mode);
        let mut miss = "{ None }".to_string();
        if mode == Mode::Fast(Ctx::Reach) {
            let skipped = self.skipped_tokens(e, mode);
            miss = format!("{{ far.skipped(pos, {skipped}) }}");
        }
        if let Mode::Diagnostic(track) = mode {
            if analysis.can_track(e, track) {
                return Ok(code);
            }
            // Where tokens count, skipping `e` must lose none that would
            // reach further, and must count the failure `e` would have met
            // at `pos`. A guard admits every byte on which `e` can match a
            // token, but for the tokens of a lookahead, which match
            // without `e` consuming; and `e` fails on a token at `pos`
            // where it certainly tries one first.
            if reaches(mode) {
                let unsure = self.successes && !analysis.tries_token_first(e);
                if analysis.reaches_ahead(e) || unsure {
                    return Ok(code);
                }
                let skipped = self.skipped_tokens(e, mode);
                miss = format!("{{ p.a.skipped(pos, {skipped}) }}");
            }
        }
        Ok(match self.guard_test(&analysis.guard(e), input(mode)) {
            Some(test) => format!("if {test} {{ {code} }} else {miss}"),
            None => code,
        })
    }

    /// Whether `e` can record a pair in `mode`.
    fn can_record(&self, e: &Ir, mode: Mode) -> bool {
        self.analysis(mode).can_record(e, ctx_of(mode))
    }

    /// A sequence. In the fast variant, one that begins with an optional
    /// prefix whose failure what follows can prove ([`speculation`]) is
    /// matched from its second item first, and as written where the proof
    /// fails.
    fn seq(&mut self, items: &[Ir], mode: Mode) -> Result<String, CompileError> {
        let Mode::Fast(ctx) = mode else {
            return self.seq_items(items, mode);
        };
        if ctx == Ctx::Reach {
            return self.seq_items(items, mode);
        }
        let Some(speculation) = speculation(items, self.analysis(mode)) else {
            return self.seq_items(items, mode);
        };
        let s = input(mode);
        let rest = &items[1..];
        let rest_code = match rest {
            [item] => self.expr(item, mode)?,
            _ => self.seq_items(rest, mode)?,
        };
        let written = self.seq_items(items, mode)?;
        let proof = self
            .guard_test(&proved(&speculation.open), s)
            .unwrap_or_else(|| "true".to_string());
        let records = rest.iter().any(|item| self.can_record(item, mode));
        let (mark, restore) = if records {
            (" let mark = p.pairs.mark();\n", " p.pairs.restore(mark);\n")
        } else {
            ("", "")
        };
        let label = self.next_label("spec");
        let attempt = format!(
            "{mark} if let Some(end) = {rest_code} {{\n if {{ let pos = end; {proof} }} {{\n break {label} Some(end);\n }}\n{restore} }}\n"
        );
        let attempt = match self.guard_test(&speculation.lead, s) {
            Some(test) => format!(" if {test} {{\n{attempt} }}\n"),
            None => attempt,
        };
        Ok(format!("{label}: {{\n{attempt} {written}\n}}"))
    }

    /// A sequence as written: each item in turn.
    fn seq_items(&mut self, items: &[Ir], mode: Mode) -> Result<String, CompileError> {
        let label = self.next_label("seq");
        // Pairs recorded by an earlier item are dropped when a later one
        // fails; only needed if an item before the last can record.
        let undo = items[..items.len() - 1]
            .iter()
            .any(|item| self.can_record(item, mode));
        let mut code = format!("{label}: {{\n");
        if undo {
            code.push_str(" let mark = p.pairs.mark();\n");
        }
        let mut recorded_before = false;
        let mut rest = items;
        while let Some(item) = rest.first() {
            let (item_code, taken) = match (bounded_run(rest, mode), optional_run(rest, mode)) {
                (Some((class, min, max)), _) => {
                    (self.class_run_upto(class, min, max, input(mode)), max)
                }
                (None, Some((inner, max))) => (self.optional_upto(inner, max, mode)?, max),
                (None, None) => (self.expr(item, mode)?, 1),
            };
            rest = &rest[taken..];
            let fail = if undo && recorded_before {
                format!("{{ p.pairs.restore(mark); break {label} None; }}")
            } else {
                format!("break {label} None")
            };
            write!(
                code,
                " let pos = match {item_code} {{\n Some(next) => next,\n None => {fail},\n }};\n"
            )
            .ok();
            recorded_before |= self.can_record(item, mode);
        }
        code.push_str(" Some(pos)\n}");
        Ok(code)
    }

    fn choice(&mut self, items: &[Ir], mode: Mode) -> Result<String, CompileError> {
        let label = self.next_label("choice");
        let mut code = format!("{label}: {{\n");
        for item in items {
            let item_code = self.guarded(item, mode)?;
            write!(
                code,
                " if let Some(next) = {item_code} {{\n break {label} Some(next);\n }}\n"
            )
            .ok();
        }
        code.push_str(" None\n}");
        Ok(code)
    }

    fn rep(&mut self, inner: &Ir, mode: Mode) -> Result<String, CompileError> {
        let s = input(mode);
        if self.analysis(mode).nullable(inner) {
            return Err(CompileError::unsupported(
                &self.rule,
                "a repetition of an expression that can match nothing (pest would repeat it forever)",
            ));
        }
        // A class repeated: a tight loop over the bytes.
        if let Ir::Class(class) = inner {
            let run = self.class_run(class, s);
            return Ok(match self.stop_missed(mode, &run, class) {
                Some(count) => format!("Some({count})"),
                None => format!("Some({run})"),
            });
        }
        // A choice whose first alternative is a class: each turn takes a
        // run of the class, then tries the other alternatives once.
        let (run, rest) = match inner {
            Ir::Choice(items) => match items.split_first() {
                Some((Ir::Class(class), rest)) => (Some(class.clone()), rest.to_vec()),
                _ => (None, Vec::new()),
            },
            _ => (None, Vec::new()),
        };
        if let Some(class) = run {
            if let Some(code) = self.escaped_run(&class, &rest, mode) {
                return Ok(code);
            }
            let rest = if rest.len() == 1 {
                rest[0].clone()
            } else {
                Ir::Choice(rest)
            };
            let rest_code = self.guarded(&rest, mode)?;
            let run_code = self.class_run(&class, s);
            let run_code = self
                .stop_missed(mode, &run_code, &class)
                .unwrap_or(run_code);
            return Ok(format!(
                "{{\n let mut pos = pos;\n loop {{\n pos = {run_code};\n let r = {rest_code};\n match r {{\n Some(next) => pos = next,\n None => break,\n }}\n }}\n Some(pos)\n}}"
            ));
        }
        let code = self.guarded(inner, mode)?;
        Ok(format!(
            "{{\n let mut pos = pos;\n loop {{\n let r = {code};\n match r {{\n Some(next) => pos = next,\n None => break,\n }}\n }}\n Some(pos)\n}}"
        ))
    }

    /// The fast variant's code of `(C | e H1 H2)*` where [`escaped`] finds
    /// that form: a byte loop that takes an escape where its byte is
    /// (`rt::run_escaped`).
    fn escaped_run(&mut self, class: &CharSet, rest: &[Ir], mode: Mode) -> Option<String> {
        let (e, first, second) = escaped(class, rest, mode)?;
        let s = input(mode);
        let (table, bit) = self.table_bit(&class.ascii_bytes());
        let (table1, bit1) = self.table_bit(&first.ascii_bytes());
        let (table2, bit2) = self.table_bit(&second.ascii_bytes());
        Some(format!(
            "Some(rt::run_escaped({s}, pos, (&TABLE_{table}, 1 << {bit}), {e}, [(&TABLE_{table1}, 1 << {bit1}), (&TABLE_{table2}, 1 << {bit2})]))"
        ))
    }

    /// One character of `class` at `pos` of input `s`.
    fn class(&mut self, class: &CharSet, s: &str) -> String {
        if class.is_empty() {
            return "None".to_string();
        }
        if class.is_ascii() {
            let test = self.byte_test(&class.ascii_bytes(), "b");
            format!("match {s}.get(pos) {{ Some(&b) if {test} => Some(pos + 1), _ => None }}")
        } else {
            let (table, bit) = self.table_bit(&class.ascii_bytes());
            let ranges = self.ranges_static(class);
            format!("rt::class({s}, pos, &TABLE_{table}, 1 << {bit}, &{ranges})")
        }
    }

    /// `min` to `max` characters of the ASCII `class` at `pos`, as many as
    /// follow: `C{min,max}` as pest's optimizer writes it out, `min` times
    /// `C` and then `C?` until `max` (see [`bounded_run`]).
    fn class_run_upto(&mut self, class: &CharSet, min: usize, max: usize, s: &str) -> String {
        let (table, bit) = self.table_bit(&class.ascii_bytes());
        let count = format!("rt::run_upto({s}, pos, &TABLE_{table}, 1 << {bit}, {max})");
        if min == 0 {
            format!("Some(pos + {count})")
        } else {
            format!("{{ let n = {count}; if n >= {min} {{ Some(pos + n) }} else {{ None }} }}")
        }
    }

    /// `e?` written `max` times in a row, as pest's optimizer writes out
    /// `e{,max}` (see [`optional_run`]): a loop that stops at the first
    /// turn that fails.
    fn optional_upto(&mut self, e: &Ir, max: usize, mode: Mode) -> Result<String, CompileError> {
        let code = self.guarded(e, mode)?;
        Ok(format!(
            "{{\n let mut pos = pos;\n for _ in 0..{max} {{\n match {code} {{\n Some(next) => pos = next,\n None => break,\n }}\n }}\n Some(pos)\n}}"
        ))
    }

    /// The position after as many characters of `class` as follow `pos`.
    fn class_run(&mut self, class: &CharSet, s: &str) -> String {
        if class.is_ascii() {
            let (table, bit) = self.table_bit(&class.ascii_bytes());
            format!("rt::run({s}, pos, &TABLE_{table}, 1 << {bit})")
        } else {
            let (table, bit) = self.table_bit(&class.ascii_bytes());
            let ranges = self.ranges_static(class);
            format!("rt::class_run({s}, pos, &TABLE_{table}, 1 << {bit}, &{ranges})")
        }
    }

    fn ranges_static(&mut self, class: &CharSet) -> String {
        let ranges = class.non_ascii_ranges();
        let next = self.ranges.len();
        let index = *self.ranges.entry(ranges).or_insert(next);
        format!("RANGES_{index}")
    }

    fn skip_until(&mut self, strings: &[String], s: &str) -> String {
        if !strings.is_empty() && strings.iter().all(|s| s.len() == 1) {
            // Single bytes, which in valid UTF-8 are whole characters: scan
            // for the first, as pest's memchr search does.
            let mut stop = ByteSet::empty();
            for s in strings {
                stop.insert(usize::from(s.as_bytes()[0]));
            }
            let test = self.byte_test(&stop, "b");
            format!(
                "Some(pos + {s}[pos..].iter().take_while({}).count())",
                closure("&&b", &format!("!({test})"))
            )
        } else {
            let list: Vec<String> = strings.iter().map(|s| byte_literal(s)).collect();
            format!("Some(rt::skip_until({s}, pos, &[{}]))", list.join(", "))
        }
    }

    /// A test that the next byte, or the end of input, is in `set`; `None`
    /// when any is.
    fn guard_test(&mut self, set: &ByteSet, s: &str) -> Option<String> {
        if set.is_all() {
            return None;
        }
        let end = set.contains(END);
        let bytes = set.without_end();
        if bytes == ByteSet::empty() {
            return Some(if end {
                format!("pos == {s}.len()")
            } else {
                "false".to_string()
            });
        }
        // A `match` rather than `Option::is_some_and` with a closure: one
        // closure type per test would be one more generic function for
        // rustc to instantiate at each of thousands of call sites.
        let test = self.byte_test(&bytes, "b");
        let byte = if test.contains('b') {
            "Some(&b)"
        } else {
            "Some(_)"
        };
        Some(if end {
            format!("match {s}.get(pos) {{ {byte} => {test}, None => true }}")
        } else {
            format!("match {s}.get(pos) {{ {byte} => {test}, None => false }}")
        })
    }

    /// A boolean expression: byte `var` is in `set` (bytes only).
    fn byte_test(&mut self, set: &ByteSet, var: &str) -> String {
        let bytes: Vec<u8> = set.bytes().collect();
        let (Some(&lo), Some(&hi)) = (bytes.first(), bytes.last()) else {
            return "false".to_string();
        };
        if bytes.len() == 256 {
            return "true".to_string();
        }
        if lo == hi {
            return format!("{var} == {}", byte(lo));
        }
        if usize::from(hi - lo) + 1 == bytes.len() {
            return format!("({}..={}).contains(&{var})", byte(lo), byte(hi));
        }
        if bytes.len() == 2 {
            return format!("{var} == {} || {var} == {}", byte(lo), byte(hi));
        }
        let (table, bit) = self.table_bit(set);
        format!("TABLE_{table}[usize::from({var})] & (1 << {bit}) != 0")
    }

    /// The table and bit that say which bytes are in `set`.
    fn table_bit(&mut self, set: &ByteSet) -> (usize, u32) {
        let mut key = [0u64; 4];
        for b in set.bytes() {
            key[usize::from(b) / 64] |= 1 << (b % 64);
        }
        let next = self.tables.len();
        *self
            .tables
            .entry(key)
            .or_insert(((next / 64), (next % 64) as u32))
    }

    /// The lookup tables and range lists the functions use.
    fn statics(&self) -> String {
        let mut out = String::new();
        let count = self.tables.values().map(|&(t, _)| t + 1).max().unwrap_or(0);
        for t in 0..count {
            let mut rows = [0u64; 256];
            for (key, &(table, bit)) in &self.tables {
                if table != t {
                    continue;
                }
                for (b, row) in rows.iter_mut().enumerate() {
                    if key[b / 64] & (1 << (b % 64)) != 0 {
                        *row |= 1 << bit;
                    }
                }
            }
            let cells: Vec<String> = rows.iter().map(|r| format!("{r:#x}")).collect();
            write!(
                out,
                "\n/// Byte classes: bit k of entry b says whether byte b is in class k.\nstatic TABLE_{t}: [u64; 256] = [\n    {},\n];\n",
                cells.join(", ")
            )
            .ok();
        }
        let mut tokens: Vec<(&Token, &u16)> = self.tokens.iter().collect();
        tokens.sort_by_key(|&(_, index)| *index);
        let cells: Vec<String> = tokens
            .iter()
            .map(|(token, _)| match token {
                Token::Chars(ranges) => {
                    let ranges: Vec<String> = ranges
                        .iter()
                        .map(|&(a, b)| format!("('\\u{{{a:x}}}', '\\u{{{b:x}}}')"))
                        .collect();
                    format!("rt::Token::Chars(&[{}])", ranges.join(", "))
                }
                Token::Str(text) => format!("rt::Token::Str({text:?})"),
                Token::Insens(text) => format!("rt::Token::Insens({text:?})"),
                Token::Property(name) => format!("rt::Token::Property({name:?})"),
            })
            .collect();
        write!(
            out,
            "\n/// Every token a diagnosis can name, by the index a parse records.\npub const TOKENS: &[rt::Token] = &[\n    {},\n];\n\n/// Whether the diagnostic variant counts the end of every token that\n/// matches, rather than only where the parse stops.\npub const COUNTS_SUCCESSES: bool = {};\n",
            cells.join(",\n    "),
            self.successes
        )
        .ok();
        let mut sets: Vec<(&Vec<u16>, &usize)> = self.token_sets.iter().collect();
        sets.sort_by_key(|&(_, index)| *index);
        for (set, index) in sets {
            let cells: Vec<String> = set.iter().map(u16::to_string).collect();
            write!(
                out,
                "\n/// The tokens an expression skipped on its next byte would have tried.\nconst SKIPPED_{index}: [u16; {}] = [{}];\n",
                set.len(),
                cells.join(", ")
            )
            .ok();
        }
        let mut ranges: Vec<(&Vec<(u32, u32)>, &usize)> = self.ranges.iter().collect();
        ranges.sort_by_key(|&(_, index)| *index);
        for (list, index) in ranges {
            let cells: Vec<String> = list
                .iter()
                .map(|(a, b)| format!("({a:#x}, {b:#x})"))
                .collect();
            write!(
                out,
                "\n/// The code points above ASCII of a character class.\nstatic RANGES_{index}: [(u32, u32); {}] = [{}];\n",
                list.len(),
                cells.join(", ")
            )
            .ok();
        }
        out
    }
}

/// The context a rule called in `ctx` is entered in: the variant that
/// matters. A rule that can record nothing in `ctx` behaves as in `Quiet`,
/// so one function serves both.
fn call_ctx(ctx: Ctx, analysis: &Analysis, name: &str) -> Ctx {
    if !matches!(ctx, Ctx::Quiet | Ctx::Reach)
        && !analysis.can_record(&Ir::Call(name.to_string()), ctx)
    {
        Ctx::Quiet
    } else {
        ctx
    }
}

/// A closure over byte `pattern` (`b`, `&b`, `&&b`) that tests `test`;
/// its parameter is `_` when the test does not read the byte.
fn closure(pattern: &str, test: &str) -> String {
    if test.contains('b') && test != "true" && test != "false" {
        format!("|{pattern}| {test}")
    } else {
        format!("|_| {test}")
    }
}

/// Whether `e` fails on its first byte test where its guard would, so that
/// a guard in front of it would test the same byte twice.
fn starts_with_test(e: &Ir) -> bool {
    match e {
        Ir::Empty | Ir::Class(_) | Ir::Str(_) | Ir::Insens(_) | Ir::Any => true,
        Ir::Seq(items) => items.first().is_some_and(starts_with_test),
        Ir::Choice(items) => items.iter().all(starts_with_test),
        _ => false,
    }
}

/// Whether `e` starts with a byte test that, where it fails, fails `e`
/// before `e` calls any rule: a character, a string of at least one byte,
/// or a sequence or choice of such starts. Where the next byte cannot start
/// `e`, it then tracks no attempt.
fn fails_before_calls(e: &Ir) -> bool {
    match e {
        Ir::Class(_) | Ir::Any => true,
        Ir::Str(lit) | Ir::Insens(lit) => !lit.is_empty(),
        Ir::Seq(items) => items.first().is_some_and(fails_before_calls),
        Ir::Choice(items) => items.iter().all(fails_before_calls),
        _ => false,
    }
}

/// The type parameters of a function in `mode`: the recording functions of
/// both variants are generic over what records (`rt::Sink`), so that one
/// function serves the full pairs and the lowering's capture; the
/// diagnostic variant's also over whether it keeps pest's lists of rules.
fn generics(mode: Mode) -> &'static str {
    match mode {
        Mode::Fast(Ctx::Quiet | Ctx::Reach) => "",
        Mode::Fast(_) => "<K: rt::Sink<Rule>>",
        Mode::Diagnostic(_) => "<K: rt::Sink<Rule> + rt::Keep, const L: bool>",
    }
}

pub fn fn_name(rule: &str, mode: Mode) -> String {
    match mode {
        Mode::Fast(ctx) => format!("{}_{rule}", ctx.suffix()),
        Mode::Diagnostic(track) => format!("{}_{rule}", track.suffix()),
    }
}

/// Where a repetition of the choice of `class` and then `rest` is
/// `(C | e H1 H2)*` (`pchar*`, with `pct-encoded`), in the fast variant:
/// the byte `e` and the classes `H1` and `H2`. `C`, `H1` and `H2` are ASCII
/// classes and `e` one ASCII byte outside `C`, so that where `e` stands
/// only the escape can match and elsewhere only `C` (the order of the two
/// does not matter). Such a repetition is read a byte at a time, the test
/// for `e` first: a run of `C` and then a test for `e` would test each byte
/// that ends a run twice, first as not `C` and then as `e` or not, and the
/// second test's outcome changes with the input (an escape, or the end),
/// so the processor mispredicts it about once per run that has escapes;
/// `e` first mispredicts once per escape and once at the end. The
/// diagnostic variants, which track each attempt, keep the loop as
/// written.
fn escaped<'c>(
    class: &CharSet,
    rest: &'c [Ir],
    mode: Mode,
) -> Option<(u8, &'c CharSet, &'c CharSet)> {
    if !runs_at_once(mode) {
        return None;
    }
    let [Ir::Seq(items)] = rest else {
        return None;
    };
    let [Ir::Class(escape), Ir::Class(first), Ir::Class(second)] = items.as_slice() else {
        return None;
    };
    if ![class, escape, first, second].iter().all(|c| c.is_ascii()) {
        return None;
    }
    let escape_bytes = escape.ascii_bytes();
    let mut members = escape_bytes.bytes();
    let (Some(e), None) = (members.next(), members.next()) else {
        return None;
    };
    (!class.ascii_bytes().contains(usize::from(e))).then_some((e, first, second))
}

/// Where `items` start with a bounded repetition of one ASCII class as
/// pest's optimizer writes `C{m,n}` out (`C` `m` times, then `C?` up to `n`
/// in all, with at least one `C?`), the class and `m` and `n`: the items
/// match the longest run of the class there, cut at `n` bytes, where it
/// has at least `m`, since each `C?` after one that failed fails at the
/// same byte. Counted in one step instead of a test and a branch per
/// byte, in the fast variant only: the diagnostic one tracks each item's
/// attempt, and the variant that counts where the parse stops (`Reach`)
/// each byte it reached.
fn bounded_run(items: &[Ir], mode: Mode) -> Option<(&CharSet, usize, usize)> {
    if !runs_at_once(mode) {
        return None;
    }
    let class = match items.first()? {
        Ir::Class(class) => class,
        Ir::Opt(inner) => match &**inner {
            Ir::Class(class) => class,
            _ => return None,
        },
        _ => return None,
    };
    if !class.is_ascii() {
        return None;
    }
    let min = items
        .iter()
        .take_while(|item| matches!(item, Ir::Class(c) if c == class))
        .count();
    let optional = items[min..]
        .iter()
        .take_while(
            |item| matches!(item, Ir::Opt(inner) if matches!(&**inner, Ir::Class(c) if c == class)),
        )
        .count();
    (optional > 0 && min + optional > 1).then_some((class, min, min + optional))
}

/// Where `items` start with the same optional item `e?` two or more times
/// in a row, as pest's optimizer writes out `e{,n}` (and the end of
/// `e{m,n}`), `e` and how many times: a loop of that many turns matches
/// them, stopping at the first turn that fails, since the `e?` after one
/// whose `e` failed tries `e` again at the same position with the same
/// pairs (a failure leaves both as they were) and fails too. In the fast
/// variant only, as for [`bounded_run`], which takes a class first.
fn optional_run(items: &[Ir], mode: Mode) -> Option<(&Ir, usize)> {
    if !runs_at_once(mode) {
        return None;
    }
    let first @ Ir::Opt(inner) = items.first()? else {
        return None;
    };
    let count = items.iter().take_while(|item| *item == first).count();
    (count > 1).then_some((&**inner, count))
}

/// Whether the code of `mode` may match a run of items as one step
/// ([`escaped`], [`bounded_run`], [`optional_run`]): the fast variant, but
/// for the one that counts where the parse stops (`Reach`), which counts
/// each byte it reached, as the diagnostic variant tracks each item's
/// attempt.
fn runs_at_once(mode: Mode) -> bool {
    matches!(mode, Mode::Fast(ctx) if ctx != Ctx::Reach)
}

/// The input's bytes, as the code of `mode` reaches them: a function that
/// records nothing takes only them, and the others bind them first
/// ([`BIND_INPUT`]).
fn input(_mode: Mode) -> &'static str {
    "s"
}

/// The first statement of a function that takes the parse state `p` (the
/// function's code may not read it).
const BIND_INPUT: &str = "#[allow(unused_variables)]\n    let s = p.s;\n    ";

/// What records pairs in `mode`: the diagnostic variant records the pairs
/// the fast one does, so that it holds the parse tree at any point.
fn ctx_of(mode: Mode) -> Ctx {
    match mode {
        Mode::Fast(ctx) => ctx,
        Mode::Diagnostic(track) => track.ctx(),
    }
}

/// Whether the code of `mode` counts how far its tokens reach, as pest's
/// error detail does (`ParseAttempts::max_position`): the diagnostic
/// variant, outside a negative lookahead, where pest counts no token.
fn reaches(mode: Mode) -> bool {
    matches!(mode, Mode::Diagnostic(track) if track.look != Look::Negative)
}

/// Whether matching `e` can move the parse without a token that pest
/// counts: `ANY`, or a skip.
fn moves_untracked(e: &Ir) -> bool {
    match e {
        Ir::Any | Ir::SkipUntil(_) => true,
        Ir::Seq(items) | Ir::Choice(items) => items.iter().any(moves_untracked),
        Ir::Opt(e) | Ir::Rep(e) | Ir::Pos(e) | Ir::Neg(e) => moves_untracked(e),
        _ => false,
    }
}

/// The mode inside `&e` (`positive`) or `!e`: the fast variant records
/// nothing there.
fn lookahead(mode: Mode, positive: bool) -> Mode {
    match mode {
        Mode::Fast(_) => Mode::Fast(Ctx::Quiet),
        Mode::Diagnostic(track) => Mode::Diagnostic(track.lookahead(positive)),
    }
}

fn describe(mode: Mode) -> String {
    match mode {
        Mode::Fast(Ctx::Record) => "recording its pairs".to_string(),
        Mode::Fast(Ctx::Atomic) => "inside an atomic rule".to_string(),
        Mode::Fast(Ctx::Quiet) => {
            "recording nothing (in a lookahead, or where nothing records)".to_string()
        }
        Mode::Fast(Ctx::Reach) => {
            "recording nothing, counting where the parse stops, for a diagnosis".to_string()
        }
        Mode::Diagnostic(track) => format!(
            "tracking attempts for an error ({}atomic, lookahead {:?})",
            if track.atomic { "" } else { "not " },
            track.look
        ),
    }
}

fn byte(b: u8) -> String {
    if b.is_ascii_graphic() && b != b'\'' && b != b'\\' {
        format!("b'{}'", b as char)
    } else {
        format!("{b:#04x}")
    }
}

fn byte_literal(s: &str) -> String {
    let mut out = String::from("b\"");
    for &b in s.as_bytes() {
        if b.is_ascii_graphic() && b != b'"' && b != b'\\' || b == b' ' {
            out.push(b as char);
        } else {
            write!(out, "\\x{b:02x}").ok();
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::{bounded_run, escaped, optional_run, Mode};
    use crate::analysis::{Analysis, Ctx, Track};
    use crate::compile::simplified;
    use crate::ir::{lowered, Ir};

    /// What [`bounded_run`] finds at the start of rule `name` of `grammar`,
    /// as the compiler simplifies it, in `mode`: the class's ASCII
    /// characters, and the bounds.
    /// Rule `name` of `grammar`, as the compiler simplifies it.
    fn simplified_rule(grammar: &str, name: &str) -> Ir {
        let rules = lowered(grammar);
        let before = Analysis::new(&rules);
        let analysis = Analysis::new(&simplified(rules, &before));
        analysis.rules[name].expr.clone()
    }

    fn of(grammar: &str, name: &str, mode: Mode) -> Option<(String, usize, usize)> {
        let Ir::Seq(items) = simplified_rule(grammar, name) else {
            return None;
        };
        let (class, min, max) = bounded_run(&items, mode)?;
        let chars = class.ascii_bytes().bytes().map(char::from).collect();
        Some((chars, min, max))
    }

    const FAST: Mode = Mode::Fast(Ctx::Record);

    /// What [`escaped`] finds in rule `name` of `grammar` (a repetition of
    /// a choice whose first alternative is a class), in `mode`: the escape
    /// byte, and the ASCII characters of the two classes after it.
    fn escape_of(grammar: &str, name: &str, mode: Mode) -> Option<(char, String, String)> {
        let Ir::Rep(inner) = simplified_rule(grammar, name) else {
            return None;
        };
        let Ir::Choice(items) = *inner else {
            return None;
        };
        let (Ir::Class(class), rest) = items.split_first()? else {
            return None;
        };
        let chars = |c: &crate::sets::CharSet| c.ascii_bytes().bytes().map(char::from).collect();
        let (e, first, second) = escaped(class, rest, mode)?;
        Some((char::from(e), chars(first), chars(second)))
    }

    #[test]
    fn the_rfc_s_query_is_a_class_or_an_escape() {
        let uri = include_str!("../../uri.pest");
        let hex = "0123456789ABCDEFabcdef".to_string();
        let found = Some(('%', hex.clone(), hex));
        for rule in ["query", "fragment", "userinfo", "reg_name"] {
            assert_eq!(escape_of(uri, rule, FAST), found, "{rule}");
        }
        assert_eq!(escape_of(uri, "query", Mode::Fast(Ctx::Reach)), None);
        assert_eq!(
            escape_of(uri, "query", Mode::Diagnostic(Track::START)),
            None
        );
    }

    #[test]
    fn not_an_escape_whose_byte_the_class_takes_nor_another_shape() {
        let grammar = "a = { (\"a\" | \"%\" | \"%\" ~ \"a\" ~ \"a\")* }\n\
                       b = { (\"a\" | \"%\" ~ \"a\")* }\n\
                       c = { (\"a\" | \"%\" ~ \"a\" ~ \"a\" ~ \"a\")* }\n\
                       d = { (\"a\" | (\"%\" | \"&\") ~ \"a\" ~ \"a\")* }\n";
        for rule in ["a", "b", "c", "d"] {
            assert_eq!(escape_of(grammar, rule, FAST), None, "{rule}");
        }
    }

    #[test]
    fn h16_is_one_to_four_hex_digits_counted_at_once() {
        let uri = include_str!("../../uri.pest");
        let hex = "0123456789ABCDEFabcdef".to_string();
        assert_eq!(of(uri, "h16", FAST), Some((hex.clone(), 1, 4)));
        assert_eq!(of(uri, "h16", Mode::Fast(Ctx::Atomic)), Some((hex, 1, 4)));
    }

    #[test]
    fn bounds_with_optional_items_and_a_rest() {
        let grammar = "a = { \"a\"{2, 3} ~ \"b\" }\nb = { (\"x\" | \"y\"){, 6} }\n";
        assert_eq!(of(grammar, "a", FAST), Some(("a".into(), 2, 3)));
        // `{,6}`: six optional items, which pest_meta writes as a sequence.
        assert_eq!(of(grammar, "b", FAST), Some(("xy".into(), 0, 6)));
    }

    /// What [`optional_run`] finds at item `at` of rule `name` of
    /// `grammar` in `mode`: how many optional items it takes.
    fn optional_of(grammar: &str, name: &str, at: usize, mode: Mode) -> Option<usize> {
        let Ir::Seq(items) = simplified_rule(grammar, name) else {
            return None;
        };
        optional_run(&items[at..], mode).map(|(_, max)| max)
    }

    #[test]
    fn optional_items_in_a_row_are_one_loop_in_the_fast_variant_only() {
        let grammar = "a = { \"x\" ~ (\"b\" ~ &\"b\"){, 30} ~ \"b\" }\n\
                       b = { \"x\" ~ (\"b\" ~ \"c\"){2, 5} }\n\
                       c = { \"x\" ~ (\"b\" ~ \"c\")? ~ \"b\" }\n";
        assert_eq!(optional_of(grammar, "a", 1, FAST), Some(30));
        assert_eq!(
            optional_of(grammar, "a", 1, Mode::Fast(Ctx::Atomic)),
            Some(30)
        );
        // After `x` and the two turns `{2, 5}` requires (flattened into
        // the sequence, two items each), three optional ones.
        assert_eq!(optional_of(grammar, "b", 5, FAST), Some(3));
        assert_eq!(optional_of(grammar, "b", 4, FAST), None);
        // One optional item is matched as written.
        assert_eq!(optional_of(grammar, "c", 1, FAST), None);
        assert_eq!(optional_of(grammar, "a", 1, Mode::Fast(Ctx::Reach)), None);
        assert_eq!(
            optional_of(grammar, "a", 1, Mode::Diagnostic(Track::START)),
            None
        );
    }

    #[test]
    fn not_without_an_optional_item_nor_in_the_tracking_variants() {
        let grammar = "a = { \"a\"{3} }\nb = { \"a\"{1, 2} }\nc = { \"é\"{1, 2} }\n";
        assert_eq!(of(grammar, "a", FAST), None);
        assert_eq!(of(grammar, "b", Mode::Fast(Ctx::Reach)), None);
        assert_eq!(of(grammar, "b", Mode::Diagnostic(Track::START)), None);
        // Above ASCII a character is more than one byte.
        assert_eq!(of(grammar, "c", FAST), None);
    }
}
