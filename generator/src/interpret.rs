//! A grammar run without generating code:
//! [`Interpreter`](crate::interpret::Interpreter) matches an input exactly
//! as the parser pest_derive generates from the same grammar does, with
//! pest's own parser state, so that a proc-macro can check a literal
//! against a user's grammar at compile time and report pest's error.
//!
//! It runs the optimized tree the compiler generates its parser from (the
//! optimizer's rewrites are not all meaning-preserving, so the raw tree
//! would not do), read and optimized as the compiler does it, and follows
//! pest_generator's code for that tree node by node: each rule's wrapper
//! (`generate_rule`), each expression inside a non-atomic rule
//! (`generate_expr`) and inside an atomic one (`generate_expr_atomic`),
//! and the built-in rules. It calls the parser state's methods in the
//! order the generated code calls them, so that the pairs, the error (its
//! position, its rules, and with pest's error detail on the furthest
//! position and the tokens expected there) and the calls counted against
//! pest's call limit are those of pest_derive's parser.
//!
//! pest_vm interprets the same tree, but its match on the tree's nodes
//! names exactly the kinds of node pest_meta has without its
//! `grammar-extras` feature, which adds kinds and which any crate of a
//! build can turn on: pest_vm then fails to compile. This module turns
//! the tree into a form of its own once, with a case for kinds it does
//! not know, as the compiler's lowering does.
//!
//! What the compiler refuses, the interpreter refuses when it is built,
//! with the compiler's errors: implicit whitespace (so that pest's `skip`
//! between the items of a sequence or a repetition is nothing) and the
//! stack.

use std::collections::HashMap;

use pest::error::{Error, ErrorVariant};
use pest::iterators::Pairs;
use pest::{Atomicity, ParseResult, ParserState, Position, RuleType};
use pest_meta::ast::RuleType as Kind;
use pest_meta::optimizer::{OptimizedExpr, OptimizedRule};

use crate::error::CompileError;

/// A grammar, ready to parse as pest_derive's parser of it parses, with
/// the caller's rule type `R` in the pairs and errors.
///
/// Built once per grammar ([`Interpreter::new`]), it parses any number of
/// inputs from any of its rules ([`Interpreter::parse`]).
#[derive(Debug)]
pub struct Interpreter<R> {
    /// The grammar's rules, in the order of the text.
    rules: Vec<Rule<R>>,
    /// Each rule's index in `rules`, by name.
    by_name: HashMap<String, usize>,
    /// The caller's value for `EOI`, where the grammar uses it.
    eoi: Option<R>,
    /// The Unicode properties the grammar uses (`XID_START`), each once:
    /// [`Node::Unicode`] holds an index of this list.
    properties: Vec<String>,
}

/// A rule of the grammar.
#[derive(Debug)]
struct Rule<R> {
    ty: Kind,
    /// The caller's value for it.
    value: R,
    expr: Node,
    /// Whether pest_generator's function for it checks the native stack
    /// first: a silent rule whose expression is a call or a choice.
    stack_check: bool,
}

/// An expression of the optimized tree, each name resolved: a node of
/// pest_meta's `OptimizedExpr`, with sequences and choices as lists (the
/// chains pest_generator emits as one `sequence` and one run of `or_else`)
/// and the built-in rules as what pest_generator defines them to be.
#[derive(Debug)]
enum Node {
    Str(String),
    Insens(String),
    /// `'a'..'z'`, both ends in.
    Range(char, char),
    /// `ANY`.
    Any,
    /// `SOI`.
    Soi,
    /// `EOI`, which pest records a pair of.
    Eoi,
    /// A Unicode property rule, as an index of [`Interpreter::properties`].
    Unicode(usize),
    /// A rule of the grammar, as an index of [`Interpreter::rules`].
    Call(usize),
    PosPred(Box<Node>),
    NegPred(Box<Node>),
    /// Two or more expressions, one after the other.
    Seq(Vec<Node>),
    /// Two or more alternatives, the first that matches.
    Choice(Vec<Node>),
    Opt(Box<Node>),
    Rep(Box<Node>),
    /// The optimizer's form of `(!("a" | "b") ~ ANY)*`.
    Skip(Vec<String>),
    RestoreOnErr(Box<Node>),
}

type State<'i, R> = Box<ParserState<'i, R>>;

impl<R: RuleType> Interpreter<R> {
    /// Reads and optimizes `grammar` (the text of one or more pest files,
    /// joined as [`crate::compile_all`] takes them) exactly as the compiler
    /// does, and calls `rule` once with the name of each of the grammar's
    /// rules, in the order of the text, and then with `"EOI"` where the
    /// grammar uses it, for the value of the caller's rule type that
    /// stands for it in pairs and errors.
    ///
    /// # Errors
    ///
    /// The errors [`crate::compile_all`] gives for what pest_meta rejects
    /// (each with its place, in the order of the text), or else for the
    /// first construct the compiler does not support (implicit whitespace,
    /// the stack). Not the compiler's lints, nor its refusal of rule names
    /// no variant of a generated `Rule` can have: they do not change what
    /// a parse means.
    pub fn new(grammar: &str, mut rule: impl FnMut(&str) -> R) -> Result<Self, Vec<CompileError>> {
        let (uses_eoi, optimized) = crate::compile::optimized(grammar)?;
        let by_name: HashMap<String, usize> = optimized
            .iter()
            .enumerate()
            .map(|(index, rule)| (rule.name.clone(), index))
            .collect();
        let values: Vec<R> = optimized.iter().map(|r| rule(&r.name)).collect();
        let eoi = uses_eoi.then(|| rule("EOI"));
        let mut resolver = Resolver {
            by_name: &by_name,
            uses_eoi,
            properties: Vec::new(),
        };
        let mut rules = Vec::with_capacity(optimized.len());
        for (rule, value) in optimized.iter().zip(values) {
            rules.push(resolver.rule(rule, value).map_err(|error| vec![error])?);
        }
        let properties = resolver.properties;
        Ok(Interpreter {
            rules,
            by_name,
            eoi,
            properties,
        })
    }

    /// What `pest::Parser::parse` of pest_derive's parser of the grammar
    /// gives for `input` from the rule named `rule` (`"EOI"` too, where the
    /// grammar uses it): the pairs, or pest's error, with pest's error
    /// detail where it is on (`pest::set_error_detail`).
    ///
    /// # Errors
    ///
    /// pest's error where the input does not match; a custom error (at the
    /// start of the input) where the grammar has no rule named `rule`; and
    /// pest's custom errors where a parse reaches pest's call limit
    /// (`pest::set_call_limit`) or nests deeper than the native stack
    /// allows ("stack limit reached"): every recursion of a grammar passes
    /// through a call of pest's parser state that checks the stack (a
    /// rule, a sequence, an option, a repetition, a lookahead, or the
    /// check pest_generator's code makes in a silent rule), on the targets
    /// where pest knows the stack's bounds.
    pub fn parse<'i>(&self, rule: &str, input: &'i str) -> Result<Pairs<'i, R>, Error<R>> {
        self.parse_with_end(rule, input).map(|(pairs, _)| pairs)
    }

    /// [`parse`](Self::parse), and where the match ended: the byte after
    /// the prefix of `input` that `rule` matched, which the pairs do not
    /// say where the rule is silent.
    ///
    /// # Errors
    ///
    /// As [`parse`](Self::parse).
    pub fn parse_with_end<'i>(
        &self,
        rule: &str,
        input: &'i str,
    ) -> Result<(Pairs<'i, R>, usize), Error<R>> {
        let entry = match (self.by_name.get(rule), self.eoi) {
            (Some(&index), _) => Entry::Rule(index),
            (None, Some(eoi)) if rule == "EOI" => Entry::Eoi(eoi),
            _ => {
                return Err(Error::new_from_pos(
                    ErrorVariant::CustomError {
                        message: format!("the grammar has no rule `{rule}`"),
                    },
                    Position::from_start(input),
                ))
            }
        };
        // Each property looked up once per parse, by the name pest's
        // function of it has (`pest::unicode::XID_START`): the lookup's
        // function is not `Sync`, and an interpreter in a `static` must be.
        let properties: Vec<Property> = self
            .properties
            .iter()
            .map(|name| pest::unicode::by_name(name))
            .collect();
        let run = Run {
            rules: &self.rules,
            eoi: self.eoi,
            properties: &properties,
        };
        let end = std::cell::Cell::new(0);
        let pairs = pest::state(input, |state| {
            let matched = match entry {
                Entry::Rule(index) => run.rule(index, state),
                Entry::Eoi(eoi) => state.rule(eoi, |state| state.end_of_input()),
            };
            if let Ok(state) = &matched {
                end.set(state.position().pos());
            }
            matched
        })?;
        Ok((pairs, end.get()))
    }
}

/// The rule a parse starts from.
#[derive(Clone, Copy)]
enum Entry<R> {
    Rule(usize),
    Eoi(R),
}

/// A Unicode property's test of a character; `None` only for a name pest
/// does not know, which the grammar's validation excludes.
type Property = Option<Box<dyn Fn(char) -> bool>>;

/// Turns the optimized tree's expressions into [`Node`]s.
struct Resolver<'a> {
    by_name: &'a HashMap<String, usize>,
    uses_eoi: bool,
    properties: Vec<String>,
}

impl Resolver<'_> {
    /// `generate_rule`'s choices for `rule`, made once.
    fn rule<R>(&mut self, rule: &OptimizedRule, value: R) -> Result<Rule<R>, CompileError> {
        Ok(Rule {
            ty: rule.ty,
            value,
            stack_check: rule.ty == Kind::Silent
                && matches!(
                    rule.expr,
                    OptimizedExpr::Ident(_) | OptimizedExpr::Choice(..)
                ),
            expr: self.node(&rule.name, &rule.expr)?,
        })
    }

    fn node(&mut self, rule: &str, expr: &OptimizedExpr) -> Result<Node, CompileError> {
        Ok(match expr {
            OptimizedExpr::Str(string) => Node::Str(string.clone()),
            OptimizedExpr::Insens(string) => Node::Insens(string.clone()),
            OptimizedExpr::Range(start, end) => {
                let (Some(start), Some(end)) = (start.chars().next(), end.chars().next()) else {
                    return Err(CompileError::unsupported(rule, "a range with an empty end"));
                };
                Node::Range(start, end)
            }
            OptimizedExpr::Ident(name) => self.ident(rule, name)?,
            OptimizedExpr::PosPred(expr) => Node::PosPred(Box::new(self.node(rule, expr)?)),
            OptimizedExpr::NegPred(expr) => Node::NegPred(Box::new(self.node(rule, expr)?)),
            // The chain along the right, as pest_generator walks it: a
            // sequence on the left is a `sequence` of its own.
            OptimizedExpr::Seq(head, tail) => {
                let mut items = vec![self.node(rule, head)?];
                let mut current = &**tail;
                while let OptimizedExpr::Seq(head, tail) = current {
                    items.push(self.node(rule, head)?);
                    current = tail;
                }
                items.push(self.node(rule, current)?);
                Node::Seq(items)
            }
            OptimizedExpr::Choice(head, tail) => {
                let mut items = vec![self.node(rule, head)?];
                let mut current = &**tail;
                while let OptimizedExpr::Choice(head, tail) = current {
                    items.push(self.node(rule, head)?);
                    current = tail;
                }
                items.push(self.node(rule, current)?);
                Node::Choice(items)
            }
            OptimizedExpr::Opt(expr) => Node::Opt(Box::new(self.node(rule, expr)?)),
            OptimizedExpr::Rep(expr) => Node::Rep(Box::new(self.node(rule, expr)?)),
            OptimizedExpr::Skip(strings) => Node::Skip(strings.clone()),
            OptimizedExpr::RestoreOnErr(expr) => {
                Node::RestoreOnErr(Box::new(self.node(rule, expr)?))
            }
            // The compiler's lowering refuses these first, with its own
            // errors; this one stands only so that no node is unknown.
            OptimizedExpr::PeekSlice(..) | OptimizedExpr::Push(_) => {
                return Err(CompileError::unsupported(rule, "the stack"))
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

    /// A name: a rule of the grammar first (a grammar may define
    /// `NEWLINE` or `ASCII_DIGIT`, and pest_derive then calls its rule),
    /// else a built-in rule, as pest_generator defines it.
    fn ident(&mut self, rule: &str, name: &str) -> Result<Node, CompileError> {
        if let Some(&index) = self.by_name.get(name) {
            return Ok(Node::Call(index));
        }
        let range = |start, end| Node::Range(start, end);
        Ok(match name {
            "ANY" => Node::Any,
            "SOI" => Node::Soi,
            "EOI" if self.uses_eoi => Node::Eoi,
            "ASCII_DIGIT" => range('0', '9'),
            "ASCII_NONZERO_DIGIT" => range('1', '9'),
            "ASCII_BIN_DIGIT" => range('0', '1'),
            "ASCII_OCT_DIGIT" => range('0', '7'),
            "ASCII_HEX_DIGIT" => {
                Node::Choice(vec![range('0', '9'), range('a', 'f'), range('A', 'F')])
            }
            "ASCII_ALPHA_LOWER" => range('a', 'z'),
            "ASCII_ALPHA_UPPER" => range('A', 'Z'),
            "ASCII_ALPHA" => Node::Choice(vec![range('a', 'z'), range('A', 'Z')]),
            "ASCII_ALPHANUMERIC" => {
                Node::Choice(vec![range('a', 'z'), range('A', 'Z'), range('0', '9')])
            }
            "ASCII" => range('\x00', '\x7f'),
            "NEWLINE" => Node::Choice(vec![
                Node::Str("\n".to_string()),
                Node::Str("\r\n".to_string()),
                Node::Str("\r".to_string()),
            ]),
            _ if pest::unicode::unicode_property_names().any(|p| p == name) => {
                let index = match self.properties.iter().position(|p| p == name) {
                    Some(index) => index,
                    None => {
                        self.properties.push(name.to_string());
                        self.properties.len() - 1
                    }
                };
                Node::Unicode(index)
            }
            // The stack's (`PEEK`, `POP`, ...), which the compiler's
            // lowering refuses first.
            _ => {
                return Err(CompileError::unsupported(
                    rule,
                    &format!("the built-in rule {name}"),
                ))
            }
        })
    }
}

/// One parse: the grammar, with what it needs looked up for this parse.
struct Run<'a, R> {
    rules: &'a [Rule<R>],
    eoi: Option<R>,
    properties: &'a [Property],
}

impl<R: RuleType> Run<'_, R> {
    /// pest_generator's function for the rule at `index` (`generate_rule`).
    fn rule<'i>(&self, index: usize, state: State<'i, R>) -> ParseResult<State<'i, R>> {
        let Some(rule) = self.rules.get(index) else {
            return Err(state);
        };
        let atomic = matches!(rule.ty, Kind::Atomic | Kind::CompoundAtomic);
        let expr = |state| self.expr(&rule.expr, atomic, state);
        match rule.ty {
            Kind::Normal => state.rule(rule.value, expr),
            Kind::Silent => {
                let state = if rule.stack_check {
                    state.check_stack_limit()?
                } else {
                    state
                };
                expr(state)
            }
            Kind::Atomic => state.rule(rule.value, |state| state.atomic(Atomicity::Atomic, expr)),
            Kind::CompoundAtomic => state.atomic(Atomicity::CompoundAtomic, |state| {
                state.rule(rule.value, expr)
            }),
            Kind::NonAtomic => {
                state.atomic(Atomicity::NonAtomic, |state| state.rule(rule.value, expr))
            }
        }
    }

    /// pest_generator's code for `expr`: `generate_expr_atomic`'s where
    /// `atomic` (in an atomic or compound-atomic rule), else
    /// `generate_expr`'s, whose `skip` between the items of a sequence or
    /// a repetition matches nothing in a grammar without implicit
    /// whitespace.
    fn expr<'i>(
        &self,
        expr: &Node,
        atomic: bool,
        state: State<'i, R>,
    ) -> ParseResult<State<'i, R>> {
        match expr {
            Node::Str(string) => state.match_string(string),
            Node::Insens(string) => state.match_insensitive(string),
            Node::Range(start, end) => state.match_range(*start..*end),
            Node::Any => state.skip(1),
            Node::Soi => state.start_of_input(),
            Node::Eoi => match self.eoi {
                Some(eoi) => state.rule(eoi, |state| state.end_of_input()),
                None => Err(state),
            },
            Node::Unicode(index) => match self.properties.get(*index) {
                Some(Some(property)) => state.match_char_by(property),
                _ => Err(state),
            },
            Node::Call(index) => self.rule(*index, state),
            Node::PosPred(expr) => state.lookahead(true, |state| self.expr(expr, atomic, state)),
            Node::NegPred(expr) => state.lookahead(false, |state| self.expr(expr, atomic, state)),
            Node::Seq(items) => state.sequence(|mut state| {
                for item in items {
                    state = self.expr(item, atomic, state)?;
                }
                Ok(state)
            }),
            Node::Choice(items) => {
                let mut result = Err(state);
                for item in items {
                    result = match result {
                        Err(state) => self.expr(item, atomic, state),
                        matched => return matched,
                    };
                }
                result
            }
            Node::Opt(expr) => state.optional(|state| self.expr(expr, atomic, state)),
            Node::Rep(expr) if atomic => state.repeat(|state| self.expr(expr, atomic, state)),
            Node::Rep(expr) => state.sequence(|state| {
                state.optional(|state| {
                    self.expr(expr, atomic, state).and_then(|state| {
                        state.repeat(|state| state.sequence(|state| self.expr(expr, atomic, state)))
                    })
                })
            }),
            Node::Skip(strings) => {
                let strings: Vec<&str> = strings.iter().map(String::as_str).collect();
                state.skip_until(&strings)
            }
            Node::RestoreOnErr(expr) => {
                state.restore_on_err(|state| self.expr(expr, atomic, state))
            }
        }
    }
}
