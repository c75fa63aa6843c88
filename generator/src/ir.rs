//! The compiler's intermediate form: pest_meta's optimized tree with pest's
//! built-in rules resolved, one-character matches turned into character
//! classes, small silent rules inlined, and sequences and choices flattened.
//! Each rewrite keeps pest's semantics exactly; the comment on each says why.

use std::collections::{HashMap, HashSet};

use pest_meta::ast::RuleType;
use pest_meta::optimizer::{OptimizedExpr, OptimizedRule};

use super::error::CompileError;
use super::sets::CharSet;

/// An expression, matched at a position: it succeeds with a new position or
/// fails, and on failure leaves the position and the recorded pairs as they
/// were (pest's invariant, which every construct below keeps).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ir {
    /// Succeeds without consuming (`""`).
    Empty,
    /// Exactly one character from the set: a one-character string, a
    /// range, or an ordered choice of those, which all consume exactly one
    /// character, so that their order cannot matter.
    Class(CharSet),
    /// A string of two or more characters, byte for byte.
    Str(String),
    /// A string of two or more characters, ASCII letters in either case
    /// (pest's `^"..."` compares with `eq_ignore_ascii_case`).
    Insens(String),
    /// `ANY`: one character, whichever.
    Any,
    /// `SOI`.
    Soi,
    /// A rule, silent or not, that is called rather than inlined; `EOI` is
    /// one (pest records a pair for it).
    Call(String),
    /// A built-in Unicode property rule (`XID_START`...), one character.
    Unicode(String),
    Seq(Vec<Ir>),
    /// Ordered choice: the first alternative that succeeds.
    Choice(Vec<Ir>),
    Opt(Box<Ir>),
    /// Zero or more, greedy.
    Rep(Box<Ir>),
    /// `&e`: succeeds where `e` does, consuming nothing.
    Pos(Box<Ir>),
    /// `!e`: succeeds where `e` fails, consuming nothing.
    Neg(Box<Ir>),
    /// The optimizer's form of `(!("a" | "b") ~ ANY)*` in an atomic rule:
    /// moves to the first place where one of the strings starts, or to the
    /// end of input.
    SkipUntil(Vec<String>),
}

/// A rule of the grammar, its expression lowered.
#[derive(Clone, Debug)]
pub struct IrRule {
    pub name: String,
    pub ty: RuleType,
    pub expr: Ir,
}

/// The character class of each ASCII built-in, as pest_generator defines
/// them.
pub(crate) fn builtin_class(name: &str) -> Option<CharSet> {
    let r = CharSet::range;
    Some(match name {
        "ASCII_DIGIT" => r('0', '9'),
        "ASCII_NONZERO_DIGIT" => r('1', '9'),
        "ASCII_BIN_DIGIT" => r('0', '1'),
        "ASCII_OCT_DIGIT" => r('0', '7'),
        "ASCII_HEX_DIGIT" => r('0', '9').union(&r('a', 'f')).union(&r('A', 'F')),
        "ASCII_ALPHA_LOWER" => r('a', 'z'),
        "ASCII_ALPHA_UPPER" => r('A', 'Z'),
        "ASCII_ALPHA" => r('a', 'z').union(&r('A', 'Z')),
        "ASCII_ALPHANUMERIC" => r('a', 'z').union(&r('A', 'Z')).union(&r('0', '9')),
        "ASCII" => r('\0', '\x7f'),
        _ => return None,
    })
}

/// pest's stack built-ins, which the compiled parser does not implement.
const STACK_BUILTINS: [&str; 5] = ["PEEK", "PEEK_ALL", "POP", "POP_ALL", "DROP"];

/// Silent rules at most this big are inlined where they are used, so that a
/// choice can see their alternatives (`pchar` in `segment`) and merge
/// classes across them. Bigger ones are called.
const INLINE_SIZE: usize = 24;

/// ... unless their copies would add more than this many nodes in all
/// (size times uses): after pest_meta unrolls repetition bounds, `h16` and
/// `ls32` stand dozens of times in `IPv6address`, and copies would
/// multiply the code to no purpose. Character classes are inlined wherever
/// they stand: a class is one node, whatever its size.
const INLINE_TOTAL: usize = 120;

/// Lowers every rule of the optimized grammar.
pub fn lower(rules: &[OptimizedRule]) -> Result<Vec<IrRule>, CompileError> {
    for rule in rules {
        if rule.name == "WHITESPACE" || rule.name == "COMMENT" {
            return Err(CompileError::unsupported(
                &rule.name,
                "implicit whitespace (a WHITESPACE or COMMENT rule)",
            ));
        }
    }
    let by_name: HashMap<&str, &OptimizedRule> = rules
        .iter()
        .map(|rule| (rule.name.as_str(), rule))
        .collect();
    let mut uses: HashMap<String, usize> = HashMap::new();
    for rule in rules {
        for expr in rule.expr.iter_top_down() {
            if let OptimizedExpr::Ident(name) = expr {
                *uses.entry(name).or_default() += 1;
            }
        }
    }
    let mut lowering = Lowering {
        rules: &by_name,
        uses,
        lowered: HashMap::new(),
        in_progress: HashSet::new(),
    };
    let mut out = Vec::with_capacity(rules.len());
    for rule in rules {
        let expr = lowering.rule_body(&rule.name)?;
        out.push(IrRule {
            name: rule.name.clone(),
            ty: rule.ty,
            expr,
        });
    }
    Ok(out)
}

struct Lowering<'g> {
    rules: &'g HashMap<&'g str, &'g OptimizedRule>,
    /// How many times each rule is named in the optimized grammar.
    uses: HashMap<String, usize>,
    /// Each rule's lowered body, once lowered.
    lowered: HashMap<String, Ir>,
    /// Rules being lowered: a silent rule met again while it is being
    /// lowered is recursive and is called, not inlined.
    in_progress: HashSet<String>,
}

impl Lowering<'_> {
    fn rule_body(&mut self, name: &str) -> Result<Ir, CompileError> {
        if let Some(ir) = self.lowered.get(name) {
            return Ok(ir.clone());
        }
        let rule = self.rules[name];
        self.in_progress.insert(name.to_string());
        let ir = tidy(self.expr(name, &rule.expr)?);
        self.in_progress.remove(name);
        self.lowered.insert(name.to_string(), ir.clone());
        Ok(ir)
    }

    fn expr(&mut self, rule: &str, expr: &OptimizedExpr) -> Result<Ir, CompileError> {
        Ok(match expr {
            OptimizedExpr::Str(s) => string(s, false),
            OptimizedExpr::Insens(s) => string(s, true),
            OptimizedExpr::Range(start, end) => {
                let (Some(start), Some(end)) = (start.chars().next(), end.chars().next()) else {
                    return Err(CompileError::unsupported(rule, "a range with an empty end"));
                };
                Ir::Class(CharSet::range(start, end))
            }
            OptimizedExpr::Ident(name) => self.ident(rule, name)?,
            OptimizedExpr::PosPred(e) => Ir::Pos(Box::new(self.expr(rule, e)?)),
            OptimizedExpr::NegPred(e) => Ir::Neg(Box::new(self.expr(rule, e)?)),
            OptimizedExpr::Seq(a, b) => seq(vec![self.expr(rule, a)?, self.expr(rule, b)?]),
            OptimizedExpr::Choice(a, b) => {
                Ir::Choice(vec![self.expr(rule, a)?, self.expr(rule, b)?])
            }
            OptimizedExpr::Opt(e) => Ir::Opt(Box::new(self.expr(rule, e)?)),
            OptimizedExpr::Rep(e) => Ir::Rep(Box::new(self.expr(rule, e)?)),
            OptimizedExpr::Skip(strings) => Ir::SkipUntil(strings.clone()),
            // The optimizer wraps a branch in RestoreOnErr only when it
            // pushes to or pops from the stack, which is rejected inside it.
            OptimizedExpr::RestoreOnErr(e) => self.expr(rule, e)?,
            OptimizedExpr::PeekSlice(..) => {
                return Err(CompileError::unsupported(rule, "the stack (PEEK[..])"))
            }
            OptimizedExpr::Push(_) => {
                return Err(CompileError::unsupported(rule, "the stack (PUSH)"))
            }
            // With pest_meta's "grammar-extras" feature the tree has more
            // kinds of node (tags, PUSH_LITERAL, ...).
            #[allow(unreachable_patterns)]
            other => {
                return Err(CompileError::unsupported(
                    rule,
                    &format!("the grammar-extras construct {other:?}"),
                ))
            }
        })
    }

    fn ident(&mut self, rule: &str, name: &str) -> Result<Ir, CompileError> {
        // A rule of the grammar's named as a built-in one (`ASCII_DIGIT`,
        // `NEWLINE`) is the one pest_derive's parser calls: pest_generator
        // defines only the built-in rules the grammar does not.
        let defined = self.rules.contains_key(name);
        if let Some(class) = builtin_class(name).filter(|_| !defined) {
            return Ok(Ir::Class(class));
        }
        Ok(match name {
            "ANY" => Ir::Any,
            "SOI" => Ir::Soi,
            "EOI" => Ir::Call("EOI".to_string()),
            // NEWLINE = "\n" | "\r\n" | "\r", in pest_generator's order.
            "NEWLINE" if !defined => Ir::Choice(vec![
                string("\n", false),
                string("\r\n", false),
                string("\r", false),
            ]),
            _ if STACK_BUILTINS.contains(&name) => {
                return Err(CompileError::unsupported(
                    rule,
                    &format!("the stack ({name})"),
                ))
            }
            _ if !self.rules.contains_key(name) => {
                if pest::unicode::unicode_property_names().any(|p| p == name) {
                    Ir::Unicode(name.to_string())
                } else {
                    return Err(CompileError::unsupported(
                        rule,
                        &format!("the built-in rule {name}"),
                    ));
                }
            }
            _ => {
                let callee = self.rules[name];
                if callee.ty != RuleType::Silent || self.in_progress.contains(name) {
                    Ir::Call(name.to_string())
                } else {
                    // A silent rule is its expression: pest_generator emits
                    // no wrapper for it, so inlining changes nothing.
                    let body = self.rule_body(name)?;
                    let uses = self.uses.get(name).copied().unwrap_or(0);
                    let size = body.size();
                    if matches!(body, Ir::Class(_))
                        || size <= INLINE_SIZE && size * uses <= INLINE_TOTAL
                    {
                        body
                    } else {
                        Ir::Call(name.to_string())
                    }
                }
            }
        })
    }
}

/// A string literal: empty, one character (a class), or longer.
fn string(s: &str, insensitive: bool) -> Ir {
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (None, _) => Ir::Empty,
        // One character: `eq_ignore_ascii_case` makes an ASCII letter match
        // either case and anything else match itself.
        (Some(c), None) if insensitive && c.is_ascii_alphabetic() => Ir::Class(
            CharSet::char(c.to_ascii_lowercase()).union(&CharSet::char(c.to_ascii_uppercase())),
        ),
        (Some(c), None) => Ir::Class(CharSet::char(c)),
        _ if insensitive => Ir::Insens(s.to_string()),
        _ => Ir::Str(s.to_string()),
    }
}

/// A sequence, nested sequences flattened (sequencing is associative:
/// pest restores the position and pairs of the whole on failure either way).
pub(crate) fn seq(items: Vec<Ir>) -> Ir {
    let mut flat = Vec::new();
    for item in items {
        match item {
            Ir::Seq(inner) => flat.extend(inner),
            Ir::Empty => {}
            other => flat.push(other),
        }
    }
    match flat.len() {
        0 => Ir::Empty,
        1 => flat.pop().unwrap_or(Ir::Empty),
        _ => Ir::Seq(flat),
    }
}

/// Calls `f` with the text of each string of `e` (`Str` and `Insens`, two
/// characters or more) and whether it ignores ASCII case.
pub fn each_string(e: &Ir, f: &mut impl FnMut(&str, bool)) {
    match e {
        Ir::Str(text) => f(text, false),
        Ir::Insens(text) => f(text, true),
        Ir::Seq(items) | Ir::Choice(items) => items.iter().for_each(|e| each_string(e, f)),
        Ir::Opt(e) | Ir::Rep(e) | Ir::Pos(e) | Ir::Neg(e) => each_string(e, f),
        _ => {}
    }
}

impl Ir {
    /// The number of nodes, to decide what to inline.
    pub fn size(&self) -> usize {
        match self {
            Ir::Seq(items) | Ir::Choice(items) => 1 + items.iter().map(Ir::size).sum::<usize>(),
            Ir::Opt(e) | Ir::Rep(e) | Ir::Pos(e) | Ir::Neg(e) => 1 + e.size(),
            _ => 1,
        }
    }
}

/// Flattens sequences and choices and merges classes that are next to each
/// other in a choice, bottom up: what can be done without the analysis, so
/// that a rule's size ([`Ir::size`]) counts the nodes a copy of it adds
/// where it is inlined.
fn tidy(expr: Ir) -> Ir {
    match expr {
        Ir::Seq(items) => seq(items.into_iter().map(tidy).collect()),
        Ir::Choice(items) => {
            let mut merged: Vec<Ir> = Vec::with_capacity(items.len());
            for item in items {
                let alternatives = match tidy(item) {
                    Ir::Choice(inner) => inner,
                    other => vec![other],
                };
                for alt in alternatives {
                    match (merged.last_mut(), alt) {
                        (Some(Ir::Class(earlier)), Ir::Class(class)) => {
                            *earlier = earlier.union(&class);
                        }
                        (_, alt) => merged.push(alt),
                    }
                }
            }
            if merged.len() == 1 {
                merged.pop().unwrap_or(Ir::Empty)
            } else {
                Ir::Choice(merged)
            }
        }
        Ir::Opt(e) => Ir::Opt(Box::new(tidy(*e))),
        Ir::Rep(e) => Ir::Rep(Box::new(tidy(*e))),
        Ir::Pos(e) => Ir::Pos(Box::new(tidy(*e))),
        Ir::Neg(e) => Ir::Neg(Box::new(tidy(*e))),
        other => other,
    }
}

/// The rules of `grammar`, lowered as the compiler lowers them: for the
/// tests of the passes that read them.
#[cfg(test)]
pub(crate) fn lowered(grammar: &str) -> Vec<IrRule> {
    let pairs = pest_meta::parser::parse(pest_meta::parser::Rule::grammar_rules, grammar)
        .expect("the grammar parses");
    let ast = pest_meta::parser::consume_rules(pairs).expect("the grammar is valid");
    lower(&pest_meta::optimizer::optimize(ast)).expect("the grammar lowers")
}
