//! Rust source for a lowered grammar: one function per rule and context, in
//! which every expression becomes straight-line code over the input bytes.
//!
//! Each emitted expression is a Rust expression of type `Option<usize>`: the
//! position after a match that starts at `pos` (a variable in scope), or
//! `None`. On `None` it has left the pair buffer as it found it, so that a
//! choice can go on to its next alternative with nothing to undo, exactly
//! as pest's choice does.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

use super::analysis::{body_ctx, records, Analysis, Ctx, EOI};
use super::ir::Ir;
use super::sets::{ByteSet, CharSet, END};
use super::CompileError;

/// Rules whose lowered expression is at most this big are `#[inline]`;
/// bigger ones are `#[inline(never)]`, out of line, so that the hot rules
/// around them stay small (IPv6address is the big one of `uri.pest`).
const INLINE_SIZE: usize = 48;

pub struct Emitter<'a> {
    analysis: &'a Analysis,
    /// Every byte set tested by table lookup: its table and bit.
    tables: BTreeMap<[u64; 4], (usize, u32)>,
    /// The non-ASCII ranges of each character class that has them.
    ranges: BTreeMap<Vec<(u32, u32)>, usize>,
    /// Functions to emit, and those emitted.
    wanted: BTreeSet<(String, Ctx)>,
    done: BTreeSet<(String, Ctx)>,
    label: usize,
    /// The rule being emitted, for errors.
    rule: String,
}

/// What was generated, for the build log and the file's header.
pub struct Stats {
    pub functions: usize,
    pub tables: usize,
}

impl<'a> Emitter<'a> {
    pub fn new(analysis: &'a Analysis) -> Emitter<'a> {
        Emitter {
            analysis,
            tables: BTreeMap::new(),
            ranges: BTreeMap::new(),
            wanted: BTreeSet::new(),
            done: BTreeSet::new(),
            label: 0,
            rule: String::new(),
        }
    }

    /// The functions for every rule in the recording context (each rule
    /// can start a parse), and for whatever they call in other contexts.
    pub fn functions(&mut self, rules: &[String]) -> Result<(String, Stats), CompileError> {
        let mut out = String::new();
        for name in rules {
            self.wanted.insert((name.clone(), Ctx::Record));
        }
        while let Some(next) = self
            .wanted
            .iter()
            .find(|w| !self.done.contains(*w))
            .cloned()
        {
            self.done.insert(next.clone());
            let (name, ctx) = next;
            out.push_str(&self.function(&name, ctx)?);
        }
        out.push_str(&self.statics());
        let stats = Stats {
            functions: self.done.len(),
            tables: self.tables.values().map(|&(t, _)| t + 1).max().unwrap_or(0),
        };
        Ok((out, stats))
    }

    /// The name of the function for `rule` in `ctx`, which is then emitted.
    fn callee(&mut self, rule: &str, ctx: Ctx) -> String {
        self.wanted.insert((rule.to_string(), ctx));
        fn_name(rule, ctx)
    }

    fn function(&mut self, name: &str, ctx: Ctx) -> Result<String, CompileError> {
        self.rule = name.to_string();
        self.label = 0;
        let mut f = String::new();
        if name == EOI {
            // pest_generator: `state.rule(Rule::EOI, |state| state.end_of_input())`.
            let record = records(ctx, self.analysis.rule_type(EOI));
            let body = if record {
                "let at = p.pairs.open(Rule::EOI, pos);\n    p.pairs.finish(at, (pos == p.s.len()).then_some(pos))"
            } else {
                "(pos == p.s.len()).then_some(pos)"
            };
            writeln!(
                f,
                "\n#[inline]\nfn {}(p: &mut P<'_>, pos: usize) -> Option<usize> {{\n    {body}\n}}",
                fn_name(name, ctx)
            )
            .ok();
            return Ok(f);
        }
        let rule = &self.analysis.rules[name];
        let (ty, expr) = (rule.ty, rule.expr.clone());
        let inner = body_ctx(ctx, ty);
        let body = self.expr(&expr, inner)?;
        let inline = if expr.size() <= INLINE_SIZE {
            "#[inline]"
        } else {
            "#[inline(never)]"
        };
        let body = if records(ctx, ty) {
            format!("let at = p.pairs.open(Rule::{name}, pos);\n    let end = {body};\n    p.pairs.finish(at, end)")
        } else {
            body
        };
        writeln!(
            f,
            "\n/// `{name}`, {}.\n{inline}\nfn {}(p: &mut P<'_>, pos: usize) -> Option<usize> {{\n    {body}\n}}",
            describe(ctx),
            fn_name(name, ctx)
        )
        .ok();
        Ok(f)
    }

    fn next_label(&mut self, kind: &str) -> String {
        self.label += 1;
        format!("'{kind}{}", self.label)
    }

    /// The code of `e` matched in `ctx` at `pos`.
    fn expr(&mut self, e: &Ir, ctx: Ctx) -> Result<String, CompileError> {
        Ok(match e {
            Ir::Empty => "Some(pos)".to_string(),
            Ir::Soi => "(pos == 0).then_some(pos)".to_string(),
            Ir::Class(class) => self.class(class),
            Ir::Str(s) => format!("rt::string(p.s, pos, {})", byte_literal(s)),
            Ir::Insens(s) => format!("rt::insensitive(p.s, pos, {})", byte_literal(s)),
            Ir::Any => "rt::any(p.s, pos)".to_string(),
            Ir::Unicode(property) => {
                format!("rt::char_where(p.s, pos, ::pest::unicode::{property})")
            }
            Ir::SkipUntil(strings) => self.skip_until(strings),
            Ir::Call(name) => {
                let ctx = call_ctx(ctx, self.analysis, name);
                format!("{}(p, pos)", self.callee(name, ctx))
            }
            Ir::Seq(items) => self.seq(items, ctx)?,
            Ir::Choice(items) => self.choice(items, ctx)?,
            Ir::Opt(inner) => {
                let code = self.guarded(inner, ctx)?;
                format!("{{\n let r = {code};\n r.or(Some(pos))\n}}")
            }
            Ir::Rep(inner) => self.rep(inner, ctx)?,
            Ir::Pos(inner) => {
                let code = self.expr(inner, Ctx::Quiet)?;
                format!("{{\n let r = {code};\n r.map(|_| pos)\n}}")
            }
            Ir::Neg(inner) => {
                let code = self.expr(inner, Ctx::Quiet)?;
                format!("{{\n let r = {code};\n if r.is_none() {{ Some(pos) }} else {{ None }}\n}}")
            }
        })
    }

    /// `e`, tried only where its guard admits the next byte, when the guard
    /// says something and `e` does not begin with a byte test of its own.
    fn guarded(&mut self, e: &Ir, ctx: Ctx) -> Result<String, CompileError> {
        let code = self.expr(e, ctx)?;
        if starts_with_test(e) {
            return Ok(code);
        }
        Ok(match self.guard_test(&self.analysis.guard(e)) {
            Some(test) => format!("if {test} {{ {code} }} else {{ None }}"),
            None => code,
        })
    }

    fn seq(&mut self, items: &[Ir], ctx: Ctx) -> Result<String, CompileError> {
        let label = self.next_label("seq");
        // Pairs recorded by an earlier item are dropped when a later one
        // fails; only needed if an item before the last can record.
        let undo = items[..items.len() - 1]
            .iter()
            .any(|item| self.analysis.can_record(item, ctx));
        let mut code = format!("{label}: {{\n");
        if undo {
            code.push_str(" let mark = p.pairs.len();\n");
        }
        let mut recorded_before = false;
        for item in items {
            let item_code = self.expr(item, ctx)?;
            let fail = if undo && recorded_before {
                format!("{{ p.pairs.truncate(mark); break {label} None; }}")
            } else {
                format!("break {label} None")
            };
            write!(
                code,
                " let pos = match {item_code} {{\n Some(next) => next,\n None => {fail},\n }};\n"
            )
            .ok();
            recorded_before |= self.analysis.can_record(item, ctx);
        }
        code.push_str(" Some(pos)\n}");
        Ok(code)
    }

    fn choice(&mut self, items: &[Ir], ctx: Ctx) -> Result<String, CompileError> {
        let label = self.next_label("choice");
        let mut code = format!("{label}: {{\n");
        for item in items {
            let item_code = self.guarded(item, ctx)?;
            write!(
                code,
                " if let Some(next) = {item_code} {{\n break {label} Some(next);\n }}\n"
            )
            .ok();
        }
        code.push_str(" None\n}");
        Ok(code)
    }

    fn rep(&mut self, inner: &Ir, ctx: Ctx) -> Result<String, CompileError> {
        if self.analysis.nullable(inner) {
            return Err(CompileError::unsupported(
                &self.rule,
                "a repetition of an expression that can match nothing (pest would repeat it forever)",
            ));
        }
        // A class repeated: a tight loop over the bytes.
        if let Ir::Class(class) = inner {
            return Ok(format!("Some({})", self.class_run(class)));
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
            let rest = if rest.len() == 1 {
                rest[0].clone()
            } else {
                Ir::Choice(rest)
            };
            let rest_code = self.guarded(&rest, ctx)?;
            let run_code = self.class_run(&class);
            return Ok(format!(
                "{{\n let mut pos = pos;\n loop {{\n pos = {run_code};\n let r = {rest_code};\n match r {{\n Some(next) => pos = next,\n None => break,\n }}\n }}\n Some(pos)\n}}"
            ));
        }
        let code = self.guarded(inner, ctx)?;
        Ok(format!(
            "{{\n let mut pos = pos;\n loop {{\n let r = {code};\n match r {{\n Some(next) => pos = next,\n None => break,\n }}\n }}\n Some(pos)\n}}"
        ))
    }

    /// One character of `class` at `pos`.
    fn class(&mut self, class: &CharSet) -> String {
        if class.is_empty() {
            return "None".to_string();
        }
        let test = self.byte_test(&class.ascii_bytes(), "b");
        if class.is_ascii() {
            format!("match p.s.get(pos) {{ Some(&b) if {test} => Some(pos + 1), _ => None }}")
        } else {
            let ranges = self.ranges_static(class);
            format!("rt::class(p.s, pos, {}, &{ranges})", closure("b", &test))
        }
    }

    /// The position after as many characters of `class` as follow `pos`.
    fn class_run(&mut self, class: &CharSet) -> String {
        if class.is_ascii() {
            let (table, bit) = self.table_bit(&class.ascii_bytes());
            format!("rt::run(p.s, pos, &TABLE_{table}, 1 << {bit})")
        } else {
            let test = self.byte_test(&class.ascii_bytes(), "b");
            let ranges = self.ranges_static(class);
            format!(
                "rt::class_run(p.s, pos, {}, &{ranges})",
                closure("b", &test)
            )
        }
    }

    fn ranges_static(&mut self, class: &CharSet) -> String {
        let ranges = class.non_ascii_ranges();
        let next = self.ranges.len();
        let index = *self.ranges.entry(ranges).or_insert(next);
        format!("RANGES_{index}")
    }

    fn skip_until(&mut self, strings: &[String]) -> String {
        if !strings.is_empty() && strings.iter().all(|s| s.len() == 1) {
            // Single bytes, which in valid UTF-8 are whole characters: scan
            // for the first, as pest's memchr search does.
            let mut stop = ByteSet::empty();
            for s in strings {
                stop.insert(usize::from(s.as_bytes()[0]));
            }
            let test = self.byte_test(&stop, "b");
            format!(
                "Some(pos + p.s[pos..].iter().take_while({}).count())",
                closure("&&b", &format!("!({test})"))
            )
        } else {
            let list: Vec<String> = strings.iter().map(|s| byte_literal(s)).collect();
            format!("Some(rt::skip_until(p.s, pos, &[{}]))", list.join(", "))
        }
    }

    /// A test that the next byte, or the end of input, is in `set`; `None`
    /// when any is.
    fn guard_test(&mut self, set: &ByteSet) -> Option<String> {
        if set.is_all() {
            return None;
        }
        let end = set.contains(END);
        let bytes = set.without_end();
        if bytes == ByteSet::empty() {
            return Some(if end {
                "pos == p.s.len()".to_string()
            } else {
                "false".to_string()
            });
        }
        let test = self.byte_test(&bytes, "b");
        Some(if end {
            format!("p.s.get(pos).is_none_or({})", closure("&b", &test))
        } else {
            format!("p.s.get(pos).is_some_and({})", closure("&b", &test))
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
    if ctx != Ctx::Quiet && !analysis.can_record(&Ir::Call(name.to_string()), ctx) {
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

pub fn fn_name(rule: &str, ctx: Ctx) -> String {
    format!("{}_{rule}", ctx.suffix())
}

fn describe(ctx: Ctx) -> &'static str {
    match ctx {
        Ctx::Record => "recording its pairs",
        Ctx::Atomic => "inside an atomic rule",
        Ctx::Quiet => "recording nothing (in a lookahead, or where nothing records)",
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
