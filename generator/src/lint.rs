//! Lints: the traps of a PEG written from an ABNF, found in the grammar as
//! written, before it is compiled.
//!
//! An ABNF rule matches any way it can; a PEG commits. A repetition takes
//! all it can and never gives back, and an ordered choice keeps the first
//! alternative that succeeds. So `"+" ~ phonedigit* ~ DIGIT`, RFC 3966
//! transcribed rule for rule, can never match: the repetition takes every
//! digit. pest compiles such a rule without a word, and its parser then
//! fails at the start of the rule. Each lint here names one such trap and
//! is raised only where the trap is certain: the reasoning below
//! over-approximates what an expression can start with and
//! under-approximates what it always matches, so that a lint is never a
//! false alarm. A trap the reasoning cannot prove goes unreported.
//!
//! The lints read the tree pest_meta's parser gives (its pairs), not the
//! optimized tree the compiler generates from: that one has lost the
//! positions, and the optimizer rewrites what the author wrote.
//!
//! A rule turns a lint off with a line comment among those right above
//! its definition, written like a Rust attribute, with the reason after
//! it: `// #[allow(shadowed_alternative)]: RFC 3986 orders them so`.

use std::collections::HashMap;

use pest::iterators::Pair;
use pest_meta::parser::Rule as P;

use crate::ir::builtin_class;
use crate::sets::CharSet;

/// Every lint: its name (what `#[allow(...)]` takes) and what it finds.
pub const LINTS: &[(&str, &str)] = &[
    (
        GREEDY_REPETITION,
        "a repetition that takes what must follow it, so that the sequence can never match",
    ),
    (
        UNREACHABLE_ALTERNATIVE,
        "an alternative of an ordered choice after one that always succeeds",
    ),
    (
        SHADOWED_ALTERNATIVE,
        "an alternative of an ordered choice that an earlier one always wins over",
    ),
    (NEVER_MATCHES, "a rule that can never match any input"),
    (
        MISSING_EOI,
        "an entry rule (one that starts with SOI) that does not end with EOI",
    ),
];

const GREEDY_REPETITION: &str = "greedy_repetition";
const UNREACHABLE_ALTERNATIVE: &str = "unreachable_alternative";
const SHADOWED_ALTERNATIVE: &str = "shadowed_alternative";
const NEVER_MATCHES: &str = "never_matches";
const MISSING_EOI: &str = "missing_eoi";

/// A trap found in a grammar: which lint, in which rule, where (a byte
/// offset of the grammar's text), why the expression cannot match as
/// written, and how to write it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The lint's name; `"unknown_lint"` for an `#[allow(...)]` of a name
    /// that is no lint's.
    pub lint: &'static str,
    /// The rule whose definition holds the trap.
    pub rule: String,
    /// Where the sub-expression at fault starts, in the grammar's text.
    pub offset: usize,
    /// What is wrong, naming the sub-expression.
    pub message: String,
    /// How to write it.
    pub help: String,
}

/// An expression as written, with where it stands in the grammar's text.
#[derive(Debug)]
struct Expr<'g> {
    kind: Kind<'g>,
    start: usize,
    text: &'g str,
}

#[derive(Debug)]
enum Kind<'g> {
    Str(String),
    Insens(String),
    Range(char, char),
    Ident(&'g str),
    Pos(Box<Expr<'g>>),
    Neg(Box<Expr<'g>>),
    Seq(Vec<Expr<'g>>),
    Choice(Vec<Expr<'g>>),
    /// `e{min,max}`, and the `?`, `*` and `+` that stand for bounds.
    Rep(Box<Expr<'g>>, u32, Option<u32>),
    /// The stack (`PUSH`, `PEEK[..]`), which the lints do not reason about.
    Opaque,
}

/// A rule as written: its name, where the name stands, its expression,
/// and the lints its comments allow.
struct LintRule<'g> {
    name: &'g str,
    start: usize,
    expr: Expr<'g>,
    allowed: Vec<String>,
}

/// The traps of `grammar` (pest files joined, as the compiler reads them),
/// in the order of the text, less those its rules allow. `grammar` must
/// be one pest_meta parses and validates; other text gives no finding.
pub fn lint(grammar: &str) -> Vec<Finding> {
    let Ok(pairs) = pest_meta::parser::parse(P::grammar_rules, grammar) else {
        return Vec::new();
    };
    let mut rules = Vec::new();
    for pair in pairs {
        if pair.as_rule() != P::grammar_rule {
            continue;
        }
        let mut inner = pair.into_inner();
        let Some(name) = inner.next().filter(|p| p.as_rule() == P::identifier) else {
            continue;
        };
        let Some(expression) = inner.find(|p| p.as_rule() == P::expression) else {
            continue;
        };
        let start = name.as_span().start();
        rules.push(LintRule {
            name: name.as_str(),
            start,
            expr: expression_of(grammar, expression),
            allowed: allowed_above(grammar, start),
        });
    }
    let mut findings = Vec::new();
    for rule in &rules {
        for allowed in &rule.allowed {
            if !LINTS.iter().any(|(name, _)| name == allowed) {
                findings.push(Finding {
                    lint: "unknown_lint",
                    rule: rule.name.to_string(),
                    offset: rule.start,
                    message: format!("`#[allow({allowed})]` names no lint"),
                    help: format!(
                        "the lints are {}",
                        LINTS
                            .iter()
                            .map(|(name, _)| format!("`{name}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                });
            }
        }
    }
    let facts = Facts::of(grammar, &rules);
    let mut raised: Vec<bool> = Vec::with_capacity(rules.len());
    for rule in &rules {
        let mut found = Vec::new();
        facts.walk(&rule.expr, &mut found);
        if let Some(finding) = facts.missing_eoi(rule) {
            found.push(finding);
        }
        raised.push(!found.is_empty());
        for (lint, offset, message, help) in found {
            if !rule.allowed.iter().any(|a| a == lint) {
                findings.push(Finding {
                    lint,
                    rule: rule.name.to_string(),
                    offset,
                    message,
                    help,
                });
            }
        }
    }
    findings.extend(facts.never_matching(&rules, &raised));
    findings.sort_by_key(|f| f.offset);
    findings
}

/// The lints allowed by the comments right above the definition that
/// starts at `start`: `// #[allow(a, b)]...` lines among the contiguous
/// comment lines before it.
fn allowed_above(grammar: &str, start: usize) -> Vec<String> {
    let line_start = grammar[..start].rfind('\n').map_or(0, |i| i + 1);
    let mut allowed = Vec::new();
    for line in grammar[..line_start].lines().rev() {
        let Some(comment) = line.trim_start().strip_prefix("//") else {
            break;
        };
        let Some(rest) = comment.trim_start().strip_prefix("#[allow(") else {
            continue;
        };
        if let Some(end) = rest.find(")]") {
            allowed.extend(
                rest[..end]
                    .split(',')
                    .map(|name| name.trim().to_string())
                    .filter(|name| !name.is_empty()),
            );
        }
    }
    allowed
}

fn expr<'g>(grammar: &'g str, start: usize, end: usize, kind: Kind<'g>) -> Expr<'g> {
    Expr {
        kind,
        start,
        text: &grammar[start..end],
    }
}

/// An `expression` pair: terms joined by `~` and `|`, where `~` binds
/// tighter. Nested sequences and choices are flattened: parentheses around
/// them change nothing.
fn expression_of<'g>(grammar: &'g str, pair: Pair<'g, P>) -> Expr<'g> {
    let span = pair.as_span();
    let mut alternatives: Vec<Vec<Expr<'g>>> = vec![Vec::new()];
    for part in pair.into_inner() {
        match part.as_rule() {
            P::choice_operator if !alternatives.last().is_some_and(Vec::is_empty) => {
                alternatives.push(Vec::new());
            }
            P::term => {
                let term = term_of(grammar, part);
                let alternative = alternatives.last_mut().expect("one alternative at least");
                match term.kind {
                    Kind::Seq(items) => alternative.extend(items),
                    _ => alternative.push(term),
                }
            }
            _ => {}
        }
    }
    let mut alternatives: Vec<Expr<'g>> = alternatives
        .into_iter()
        .filter(|items| !items.is_empty())
        .map(|mut items| {
            if items.len() == 1 {
                items.pop().expect("one item")
            } else {
                let start = items[0].start;
                let last = items.last().expect("items");
                let end = last.start + last.text.len();
                expr(grammar, start, end, Kind::Seq(items))
            }
        })
        .flat_map(|alternative| match alternative.kind {
            Kind::Choice(inner) => inner,
            _ => vec![alternative],
        })
        .collect();
    if alternatives.len() == 1 {
        alternatives.pop().expect("one alternative")
    } else {
        expr(
            grammar,
            span.start(),
            span.end(),
            Kind::Choice(alternatives),
        )
    }
}

/// A `term` pair: a node with its prefix (`&`, `!`) and postfix (`?`, `*`,
/// `+`, `{..}`) operators. The postfix ones apply first, as pest_meta
/// applies them.
fn term_of<'g>(grammar: &'g str, pair: Pair<'g, P>) -> Expr<'g> {
    let mut prefixes = Vec::new();
    let mut node: Option<Expr<'g>> = None;
    let mut inner = pair.into_inner();
    while let Some(part) = inner.next() {
        let span = part.as_span();
        match part.as_rule() {
            P::positive_predicate_operator | P::negative_predicate_operator => {
                prefixes.push((part.as_rule(), span.start()));
            }
            P::opening_paren => {
                if let Some(expression) = inner.next() {
                    let inner_expr = expression_of(grammar, expression);
                    let end = inner
                        .next()
                        .map_or(span.end(), |close| close.as_span().end());
                    // The parentheses belong to the text, not to the node.
                    node = Some(Expr {
                        text: &grammar[span.start()..end],
                        start: span.start(),
                        ..inner_expr
                    });
                }
            }
            P::identifier => {
                node = Some(expr(
                    grammar,
                    span.start(),
                    span.end(),
                    Kind::Ident(part.as_str()),
                ));
            }
            P::string => {
                node = Some(expr(
                    grammar,
                    span.start(),
                    span.end(),
                    Kind::Str(string_of(part)),
                ));
            }
            P::insensitive_string => {
                let string = part.into_inner().next().map(string_of).unwrap_or_default();
                node = Some(expr(
                    grammar,
                    span.start(),
                    span.end(),
                    Kind::Insens(string),
                ));
            }
            P::range => {
                let mut chars = part.into_inner().filter(|p| p.as_rule() == P::character);
                let mut next = || {
                    chars
                        .next()
                        .and_then(|c| unescape(c.as_str().get(1..c.as_str().len() - 1)?))
                        .and_then(|s| s.chars().next())
                };
                let kind = match (next(), next()) {
                    (Some(a), Some(b)) => Kind::Range(a, b),
                    _ => Kind::Opaque,
                };
                node = Some(expr(grammar, span.start(), span.end(), kind));
            }
            P::_push | P::peek_slice | P::_push_literal => {
                node = Some(expr(grammar, span.start(), span.end(), Kind::Opaque));
            }
            P::optional_operator
            | P::repeat_operator
            | P::repeat_once_operator
            | P::repeat_exact
            | P::repeat_min
            | P::repeat_max
            | P::repeat_min_max => {
                let Some(of) = node.take() else { continue };
                let numbers: Vec<u32> = part
                    .clone()
                    .into_inner()
                    .filter(|p| p.as_rule() == P::number)
                    .filter_map(|p| p.as_str().parse().ok())
                    .collect();
                let (min, max) = match (part.as_rule(), numbers.as_slice()) {
                    (P::optional_operator, _) => (0, Some(1)),
                    (P::repeat_operator, _) => (0, None),
                    (P::repeat_once_operator, _) => (1, None),
                    (P::repeat_exact, [n]) => (*n, Some(*n)),
                    (P::repeat_min, [n]) => (*n, None),
                    (P::repeat_max, [n]) => (0, Some(*n)),
                    (P::repeat_min_max, [m, n]) => (*m, Some(*n)),
                    _ => (0, None),
                };
                let start = of.start;
                node = Some(expr(
                    grammar,
                    start,
                    span.end(),
                    Kind::Rep(Box::new(of), min, max),
                ));
            }
            _ => {}
        }
    }
    let mut node = node.unwrap_or_else(|| expr(grammar, 0, 0, Kind::Opaque));
    for (operator, start) in prefixes.into_iter().rev() {
        let end = node.start + node.text.len();
        let boxed = Box::new(node);
        let kind = if operator == P::positive_predicate_operator {
            Kind::Pos(boxed)
        } else {
            Kind::Neg(boxed)
        };
        node = expr(grammar, start, end, kind);
    }
    node
}

/// The value of a `string` pair (`"..."`, escapes resolved).
fn string_of(pair: Pair<'_, P>) -> String {
    let text = pair.as_str();
    text.get(1..text.len().saturating_sub(1))
        .and_then(unescape)
        .unwrap_or_default()
}

/// pest's escapes: `\"`, `\\`, `\'`, `\r`, `\n`, `\t`, `\0`, `\x41`,
/// `\u{41}`.
fn unescape(text: &str) -> Option<String> {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        out.push(match chars.next()? {
            'r' => '\r',
            'n' => '\n',
            't' => '\t',
            '0' => '\0',
            'x' => {
                let hex: String = chars.by_ref().take(2).collect();
                char::from(u8::from_str_radix(&hex, 16).ok()?)
            }
            'u' => {
                chars.next().filter(|&c| c == '{')?;
                let hex: String = chars.by_ref().take_while(|&c| c != '}').collect();
                char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?
            }
            other => other,
        });
    }
    Some(out)
}

/// What one expression can do, for each rule: computed as fixpoints over
/// the rules, each from the side that keeps the lints sound.
struct Facts<'r, 'g> {
    grammar: &'g str,
    rules: HashMap<&'g str, &'r Expr<'g>>,
    /// Whether the rule can succeed without consuming (from false up).
    nullable: HashMap<&'g str, bool>,
    /// What the rule's first consumed character can be (from empty up: a
    /// superset of the truth once stable).
    first: HashMap<&'g str, CharSet>,
    /// Whether the rule succeeds on every input (from false up: only
    /// what is proven).
    never_fails: HashMap<&'g str, bool>,
    /// Whether some input matches the rule (from false up: a rule is
    /// marked only once an input is proven, so a recursion without an
    /// end stays unmarked).
    can_match: HashMap<&'g str, bool>,
}

impl<'r, 'g> Facts<'r, 'g> {
    fn of(grammar: &'g str, rules: &'r [LintRule<'g>]) -> Facts<'r, 'g> {
        let mut facts = Facts {
            grammar,
            rules: rules.iter().map(|r| (r.name, &r.expr)).collect(),
            nullable: HashMap::new(),
            first: HashMap::new(),
            never_fails: HashMap::new(),
            can_match: HashMap::new(),
        };
        loop {
            let mut changed = false;
            for rule in rules {
                let nullable = facts.nullable(&rule.expr);
                let first = facts.first(&rule.expr);
                let never_fails = facts.never_fails(&rule.expr);
                changed |= facts.nullable.insert(rule.name, nullable) != Some(nullable);
                changed |= facts.first.insert(rule.name, first.clone()) != Some(first);
                changed |= facts.never_fails.insert(rule.name, never_fails) != Some(never_fails);
            }
            if !changed {
                break;
            }
        }
        // Whether a rule can match depends on the facts above (a greedy
        // trap), so it comes after them.
        loop {
            let mut changed = false;
            for rule in rules {
                let can = facts.can_match(&rule.expr);
                changed |= facts.can_match.insert(rule.name, can) != Some(can);
            }
            if !changed {
                break;
            }
        }
        facts
    }

    fn nullable(&self, e: &Expr<'g>) -> bool {
        match &e.kind {
            Kind::Str(s) | Kind::Insens(s) => s.is_empty(),
            Kind::Range(..) => false,
            Kind::Ident(name) => match self.rules.get(name) {
                Some(_) => self.nullable.get(name).copied().unwrap_or(false),
                None => builtin_nullable(name),
            },
            Kind::Pos(_) | Kind::Neg(_) | Kind::Opaque => true,
            Kind::Seq(items) => items.iter().all(|x| self.nullable(x)),
            Kind::Choice(items) => items.iter().any(|x| self.nullable(x)),
            Kind::Rep(inner, min, _) => *min == 0 || self.nullable(inner),
        }
    }

    fn first(&self, e: &Expr<'g>) -> CharSet {
        match &e.kind {
            Kind::Str(s) => s
                .chars()
                .next()
                .map_or_else(CharSet::default, CharSet::char),
            Kind::Insens(s) => s.chars().next().map_or_else(CharSet::default, either_case),
            Kind::Range(a, b) => CharSet::range(*a, *b),
            Kind::Ident(name) => match self.rules.get(name) {
                Some(_) => self.first.get(name).cloned().unwrap_or_default(),
                None => builtin_first(name),
            },
            Kind::Pos(_) | Kind::Neg(_) => CharSet::default(),
            Kind::Opaque => CharSet::all(),
            Kind::Seq(items) => {
                let mut first = CharSet::default();
                for item in items {
                    first = first.union(&self.first(item));
                    if !self.nullable(item) {
                        break;
                    }
                }
                first
            }
            Kind::Choice(items) => items
                .iter()
                .fold(CharSet::default(), |set, x| set.union(&self.first(x))),
            Kind::Rep(inner, ..) => self.first(inner),
        }
    }

    fn never_fails(&self, e: &Expr<'g>) -> bool {
        match &e.kind {
            Kind::Str(s) | Kind::Insens(s) => s.is_empty(),
            Kind::Range(..) | Kind::Neg(_) | Kind::Opaque => false,
            Kind::Ident(name) => self.never_fails.get(name).copied().unwrap_or(false),
            Kind::Pos(inner) => self.never_fails(inner),
            Kind::Seq(items) => items.iter().all(|x| self.never_fails(x)),
            Kind::Choice(items) => items.iter().any(|x| self.never_fails(x)),
            Kind::Rep(inner, min, _) => *min == 0 || self.never_fails(inner),
        }
    }

    fn can_match(&self, e: &'r Expr<'g>) -> bool {
        match &e.kind {
            Kind::Str(_) | Kind::Insens(_) | Kind::Opaque => true,
            Kind::Range(a, b) => a <= b,
            Kind::Ident(name) => match self.rules.get(name) {
                Some(_) => self.can_match.get(name).copied().unwrap_or(false),
                None => true,
            },
            Kind::Pos(inner) => self.can_match(inner),
            Kind::Neg(inner) => !self.never_fails(inner),
            Kind::Seq(items) => {
                items.iter().all(|x| self.can_match(x))
                    && (0..items.len()).all(|i| self.swallowed(items, i).is_none())
            }
            Kind::Choice(items) => items.iter().any(|x| self.can_match(x)),
            Kind::Rep(inner, min, _) => *min == 0 || self.can_match(inner),
        }
    }

    /// The characters `e` matches, when it matches exactly one character
    /// whenever the next one is among them (a one-character string, a
    /// range, a choice of those, a rule that is one, `ANY`).
    fn class(&self, e: &Expr<'g>, depth: usize) -> Option<CharSet> {
        if depth > 32 {
            return None;
        }
        match &e.kind {
            Kind::Str(s) => one_char(s).map(CharSet::char),
            Kind::Insens(s) => one_char(s).map(either_case),
            Kind::Range(a, b) => Some(CharSet::range(*a, *b)),
            Kind::Ident(name) => match self.rules.get(name) {
                Some(body) => self.class(body, depth + 1),
                None if *name == "ANY" => Some(CharSet::all()),
                None => builtin_class(name),
            },
            Kind::Choice(items) => items.iter().try_fold(CharSet::default(), |set, x| {
                Some(set.union(&self.class(x, depth + 1)?))
            }),
            _ => None,
        }
    }

    /// The characters each step of `e` matches, when `e` matches a fixed
    /// string of such steps whenever the input starts with one: strings,
    /// classes, sequences of them and exact repetitions.
    fn fixed(&self, e: &Expr<'g>) -> Option<Vec<CharSet>> {
        match &e.kind {
            Kind::Str(s) => Some(s.chars().map(CharSet::char).collect()),
            Kind::Insens(s) => Some(s.chars().map(either_case).collect()),
            Kind::Seq(items) => items.iter().try_fold(Vec::new(), |mut steps, x| {
                steps.extend(self.fixed(x)?);
                Some(steps)
            }),
            Kind::Rep(inner, min, Some(max)) if min == max && *min <= 16 => {
                let one = self.fixed(inner)?;
                Some(
                    one.iter()
                        .cycle()
                        .take(one.len() * *min as usize)
                        .cloned()
                        .collect(),
                )
            }
            _ => self.class(e, 0).map(|class| vec![class]),
        }
    }

    /// What each of the first characters of every match of `e` can be, as
    /// far as the steps are known: the fixed steps of its leading items,
    /// then what the next item that must consume starts with.
    fn prefix(&self, e: &Expr<'g>) -> Vec<CharSet> {
        let items = match &e.kind {
            Kind::Seq(items) => items.as_slice(),
            _ => std::slice::from_ref(e),
        };
        let mut steps = Vec::new();
        for item in items {
            if let Some(fixed) = self.fixed(item) {
                steps.extend(fixed);
                continue;
            }
            if !self.nullable(item) {
                steps.push(self.first(item));
            }
            break;
        }
        steps
    }

    /// The repetition `e` ends with, and its class `C`, when `e` is one
    /// without a bound of one-character steps, or ends with one (a
    /// sequence's last item, every alternative of a choice, a rule's
    /// body): such a repetition stops only where the next character is
    /// not in `C`, whether it took any or none, so that after `e`
    /// succeeds the next character is never in `C`.
    fn stop(&self, e: &'r Expr<'g>, depth: usize) -> Option<(CharSet, &'r Expr<'g>)> {
        if depth > 32 {
            return None;
        }
        match &e.kind {
            Kind::Rep(inner, _, None) => Some((self.class(inner, 0)?, e)),
            Kind::Seq(items) => self.stop(items.last()?, depth + 1),
            Kind::Choice(items) => {
                let mut stops = items.iter().map(|x| self.stop(x, depth + 1));
                let (mut class, rep) = stops.next()??;
                for other in stops {
                    let (other, _) = other?;
                    class = class.intersection(&other);
                }
                Some((class, rep))
            }
            Kind::Ident(name) => self.stop(self.rules.get(name)?, depth + 1),
            _ => None,
        }
    }

    /// Whether `items[i]` ends with a repetition that takes what the rest
    /// of the sequence must start with, so that the rest always fails
    /// after it: the rest must consume, and can only start with a
    /// character the repetition would have taken. Gives the repetition.
    fn swallowed(&self, items: &'r [Expr<'g>], i: usize) -> Option<&'r Expr<'g>> {
        let (class, rep) = self.stop(&items[i], 0)?;
        let rest = &items[i + 1..];
        if rest.is_empty() || rest.iter().all(|x| self.nullable(x)) {
            return None;
        }
        let mut first = CharSet::default();
        for item in rest {
            first = first.union(&self.first(item));
            if !self.nullable(item) {
                break;
            }
        }
        first.is_subset(&class).then_some(rep)
    }

    /// The lints of `e` and its sub-expressions.
    fn walk(&self, e: &'r Expr<'g>, found: &mut Vec<(&'static str, usize, String, String)>) {
        match &e.kind {
            Kind::Seq(items) => {
                for i in 0..items.len() {
                    let Some(rep) = self.swallowed(items, i) else {
                        continue;
                    };
                    let Kind::Rep(inner, ..) = &rep.kind else {
                        continue;
                    };
                    let rest = &items[i + 1..];
                    let rest_text = span_text(self.grammar, rest);
                    let next = rest
                        .iter()
                        .find(|x| !self.nullable(x))
                        .map_or(rest_text, |x| x.text);
                    let rewrite = format!(
                        "(!{} ~ {}){}",
                        parenthesized(next),
                        inner.text,
                        &rep.text[inner.text.len()..]
                    );
                    let item = &items[i];
                    let (message, help) = if std::ptr::eq(item, rep) {
                        (
                            format!("`{}` takes what must follow it", rep.text),
                            format!("repeat only what cannot start what follows: `{rewrite}`"),
                        )
                    } else {
                        (
                            format!(
                                "`{}` ends with `{}`, which takes what must follow it",
                                item.text, rep.text
                            ),
                            format!(
                                "end `{}` with a repetition of only what cannot start what \
                                 follows (`{rewrite}`), or give this sequence a rule of its own \
                                 that does",
                                item.text
                            ),
                        )
                    };
                    found.push((
                        GREEDY_REPETITION,
                        item.start,
                        format!(
                            "{message}: a repetition is greedy and never gives back, so it stops \
                             only at a character that `{}` does not match, and `{rest_text}` \
                             must start with one that it does; the sequence can never match",
                            inner.text
                        ),
                        help,
                    ));
                }
                for item in items {
                    self.walk(item, found);
                }
            }
            Kind::Choice(items) => {
                let mut after_sure: Option<&Expr<'g>> = None;
                for (j, item) in items.iter().enumerate() {
                    if let Some(sure) = after_sure {
                        found.push((
                            UNREACHABLE_ALTERNATIVE,
                            item.start,
                            format!(
                                "`{}` is never tried: the alternative before it, `{}`, always \
                                 succeeds (it can match nothing), and an ordered choice stops \
                                 at the first alternative that succeeds",
                                item.text, sure.text
                            ),
                            format!(
                                "put `{}` before `{}`, or make `{}` consume (`+` rather than \
                                 `*`, no `?`)",
                                item.text, sure.text, sure.text
                            ),
                        ));
                    } else if let Some(earlier) = self.shadowing(&items[..j], item) {
                        found.push((
                            SHADOWED_ALTERNATIVE,
                            item.start,
                            format!(
                                "`{}` can never be the alternative that matches: every input \
                                 it matches starts with what `{}`, an earlier alternative, \
                                 matches, and an ordered choice takes the first alternative \
                                 that succeeds",
                                item.text, earlier.text
                            ),
                            format!(
                                "put the longer alternative first: `{} | {}`",
                                item.text, earlier.text
                            ),
                        ));
                    }
                    if after_sure.is_none() && self.never_fails(item) {
                        after_sure = Some(item);
                    }
                    self.walk(item, found);
                }
            }
            Kind::Pos(inner) | Kind::Neg(inner) | Kind::Rep(inner, ..) => self.walk(inner, found),
            _ => {}
        }
    }

    /// The earlier alternative that wins over `later` on every input
    /// `later` matches: one that matches a fixed string of steps, each
    /// holding the characters `later` can have at that step.
    fn shadowing<'e>(&self, earlier: &'e [Expr<'g>], later: &Expr<'g>) -> Option<&'e Expr<'g>> {
        let prefix = self.prefix(later);
        earlier.iter().find(|alternative| {
            self.fixed(alternative).is_some_and(|steps| {
                !steps.is_empty()
                    && steps.len() <= prefix.len()
                    && prefix
                        .iter()
                        .zip(&steps)
                        .all(|(can, takes)| can.is_subset(takes))
            })
        })
    }

    /// `missing_eoi` for a rule that starts with `SOI` and does not end
    /// with `EOI`.
    fn missing_eoi(&self, rule: &LintRule<'g>) -> Option<(&'static str, usize, String, String)> {
        let Kind::Seq(items) = &rule.expr.kind else {
            return None;
        };
        if !matches!(items[0].kind, Kind::Ident("SOI")) || self.ends_with_eoi(&rule.expr, 0) {
            return None;
        }
        Some((
            MISSING_EOI,
            rule.expr.start,
            format!(
                "rule `{}` starts with SOI, as an entry rule does, but does not end with EOI: it \
                 matches a prefix of its input, and leaves the rest unread",
                rule.name
            ),
            format!("end it with EOI: `{} ~ EOI`", rule.expr.text),
        ))
    }

    fn ends_with_eoi(&self, e: &Expr<'g>, depth: usize) -> bool {
        if depth > 32 {
            return false;
        }
        match &e.kind {
            Kind::Ident("EOI") => true,
            Kind::Ident(name) => self
                .rules
                .get(name)
                .is_some_and(|body| self.ends_with_eoi(body, depth + 1)),
            Kind::Seq(items) => items
                .last()
                .is_some_and(|last| self.ends_with_eoi(last, depth + 1)),
            Kind::Choice(items) => items.iter().all(|x| self.ends_with_eoi(x, depth + 1)),
            _ => false,
        }
    }

    /// `never_matches` for each rule no input matches, once per cause: a
    /// rule that calls another that cannot match is explained by it, and
    /// of rules that cannot match because they call each other, the first
    /// is reported. None where a lint of the rules involved says why.
    fn never_matching(&self, rules: &[LintRule<'g>], raised: &[bool]) -> Vec<Finding> {
        let never = |name: &str| !self.can_match.get(name).copied().unwrap_or(true);
        // The never-matching rules each never-matching rule calls.
        let calls: HashMap<&str, Vec<&str>> = rules
            .iter()
            .filter(|rule| never(rule.name))
            .map(|rule| {
                let mut names = Vec::new();
                idents(&rule.expr, &mut names);
                names.retain(|name| self.rules.contains_key(name) && never(name));
                (rule.name, names)
            })
            .collect();
        let reaches = |from: &str, to: &str| {
            let mut seen = vec![from];
            let mut stack = vec![from];
            while let Some(at) = stack.pop() {
                for &next in calls.get(at).map_or(&[][..], Vec::as_slice) {
                    if next == to {
                        return true;
                    }
                    if !seen.contains(&next) {
                        seen.push(next);
                        stack.push(next);
                    }
                }
            }
            false
        };
        let raised: HashMap<&str, bool> = rules
            .iter()
            .zip(raised)
            .map(|(rule, raised)| (rule.name, *raised))
            .collect();
        let mut reported: Vec<&str> = Vec::new();
        let mut findings = Vec::new();
        for rule in rules {
            let Some(callees) = calls.get(rule.name) else {
                continue;
            };
            // Its cycle: itself and the rules that call it back.
            let cycle: Vec<&str> = std::iter::once(rule.name)
                .chain(callees.iter().copied().filter(|&c| reaches(c, rule.name)))
                .collect();
            let caused_elsewhere = callees
                .iter()
                .any(|&c| c != rule.name && !reaches(c, rule.name));
            if caused_elsewhere
                || cycle
                    .iter()
                    .any(|name| raised[name] || reported.contains(name))
                || rule.allowed.iter().any(|a| a == NEVER_MATCHES)
            {
                continue;
            }
            reported.push(rule.name);
            findings.push(Finding {
                lint: NEVER_MATCHES,
                rule: rule.name.to_string(),
                offset: rule.start,
                message: format!(
                    "rule `{}` can never match any input: every way through it needs a rule \
                     that cannot match, or recursion that never ends",
                    rule.name
                ),
                help: "give its recursion an alternative that ends it, or remove the rule"
                    .to_string(),
            });
        }
        findings
    }
}

/// The rules `e` names.
fn idents<'g>(e: &Expr<'g>, out: &mut Vec<&'g str>) {
    match &e.kind {
        Kind::Ident(name) => out.push(name),
        Kind::Pos(inner) | Kind::Neg(inner) | Kind::Rep(inner, ..) => idents(inner, out),
        Kind::Seq(items) | Kind::Choice(items) => items.iter().for_each(|x| idents(x, out)),
        _ => {}
    }
}

/// The text of `grammar` from the first of `items` to the end of the last.
fn span_text<'g>(grammar: &'g str, items: &[Expr<'g>]) -> &'g str {
    match (items.first(), items.last()) {
        (Some(first), Some(last)) => &grammar[first.start..last.start + last.text.len()],
        _ => "",
    }
}

fn parenthesized(text: &str) -> String {
    let simple = text.chars().all(|c| c.is_alphanumeric() || c == '_')
        || (text.starts_with('"') && text.ends_with('"'));
    if simple {
        text.to_string()
    } else {
        format!("({text})")
    }
}

fn one_char(s: &str) -> Option<char> {
    let mut chars = s.chars();
    let c = chars.next()?;
    chars.next().is_none().then_some(c)
}

/// `c` in both ASCII cases, as `^"c"` matches it.
fn either_case(c: char) -> CharSet {
    CharSet::char(c.to_ascii_lowercase()).union(&CharSet::char(c.to_ascii_uppercase()))
}

fn builtin_nullable(name: &str) -> bool {
    matches!(
        name,
        "SOI" | "EOI" | "PEEK" | "PEEK_ALL" | "POP" | "POP_ALL" | "DROP"
    )
}

fn builtin_first(name: &str) -> CharSet {
    match name {
        "SOI" | "EOI" => CharSet::default(),
        "NEWLINE" => CharSet::char('\n').union(&CharSet::char('\r')),
        _ => builtin_class(name).unwrap_or_else(CharSet::all),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lints of `grammar` joined to uri.pest, as `(lint, rule, the
    /// text at the offset)`.
    fn lints(grammar: &str) -> Vec<(&'static str, String, String)> {
        let joined = format!("{}\n{grammar}", crate::URI_PEST);
        lint(&joined)
            .into_iter()
            .map(|f| {
                let at: String = joined[f.offset..].chars().take(12).collect();
                (f.lint, f.rule, at)
            })
            .collect()
    }

    fn one(lint: &'static str, rule: &str, at: &str) -> Vec<(&'static str, String, String)> {
        vec![(lint, rule.to_string(), at.to_string())]
    }

    #[test]
    fn greedy_repetition() {
        // RFC 3966's global-number-digits, transcribed rule for rule.
        let trap = "phonedigit = { DIGIT | \".\" | \"-\" }\n\
                    digits = { \"+\" ~ phonedigit* ~ DIGIT ~ phonedigit* }\n";
        assert_eq!(
            lints(trap),
            one(GREEDY_REPETITION, "digits", "phonedigit* ")
        );
        let finding = lint(&format!("{}\n{trap}", crate::URI_PEST)).remove(0);
        assert_eq!(
            finding.help,
            "repeat only what cannot start what follows: `(!DIGIT ~ phonedigit)*`"
        );
        assert!(
            finding.message.contains("`DIGIT ~ phonedigit*` must start"),
            "{}",
            finding.message
        );
        // What the rule means, written so that the repetition stops.
        assert_eq!(
            lints(
                "phonedigit = { DIGIT | \".\" | \"-\" }\n\
                 digits = { \"+\" ~ (!DIGIT ~ phonedigit)* ~ DIGIT ~ phonedigit* }\n"
            ),
            []
        );
        // A class that only overlaps what follows is no trap; nor is a
        // bounded repetition, nor a rest that can match nothing.
        assert_eq!(lints("a = { ALPHA* ~ (DIGIT | \"x\") }\n"), []);
        assert_eq!(lints("a = { DIGIT{0,3} ~ DIGIT }\n"), []);
        assert_eq!(lints("a = { DIGIT* ~ DIGIT? }\n"), []);
        // Across rules: what a rule ends with takes what follows its call
        // (every alternative must end so).
        let trap = "digits = { \"0\" ~ DIGIT* }\nnumber = { digits ~ DIGIT }\n";
        assert_eq!(
            lints(trap),
            one(GREEDY_REPETITION, "number", "digits ~ DIG")
        );
        let finding = lint(&format!("{}\n{trap}", crate::URI_PEST)).remove(0);
        assert!(
            finding
                .message
                .starts_with("`digits` ends with `DIGIT*`, which takes what must follow it"),
            "{}",
            finding.message
        );
        assert_eq!(
            lints("d = { \"0\" ~ DIGIT* | \"x\" }\nn = { d ~ DIGIT }\n"),
            []
        );
        assert_eq!(
            lints("d = { \"0\" ~ DIGIT* | ALPHA+ }\nn = { d ~ \"5\" }\n"),
            []
        );
        assert_eq!(
            lints("d = { \"0\" ~ DIGIT* | \"x\" ~ ASCII_ALPHANUMERIC* }\nn = { d ~ \"5\" }\n"),
            one(GREEDY_REPETITION, "n", "d ~ \"5\" }\n")
        );
        // ANY and case-insensitive strings are classes too.
        assert_eq!(
            lints("a = { ANY* ~ \";\" }\n"),
            one(GREEDY_REPETITION, "a", "ANY* ~ \";\" }")
        );
        assert_eq!(
            lints("a = { ^\"x\"+ ~ \"X\" }\n"),
            one(GREEDY_REPETITION, "a", "^\"x\"+ ~ \"X\" ")
        );
    }

    #[test]
    fn unreachable_alternative() {
        assert_eq!(
            lints("a = { DIGIT* | \"x\" }\n"),
            one(UNREACHABLE_ALTERNATIVE, "a", "\"x\" }\n")
        );
        assert_eq!(
            lints("a = { (\"y\" ~ DIGIT?)? | \"x\" }\n"),
            one(UNREACHABLE_ALTERNATIVE, "a", "\"x\" }\n")
        );
        assert_eq!(lints("a = { \"x\" | DIGIT* }\n"), []);
        assert_eq!(lints("a = { &\"y\" | \"x\" }\n"), []);
    }

    #[test]
    fn shadowed_alternative() {
        assert_eq!(
            lints("a = { \"a\" | \"ab\" }\n"),
            one(SHADOWED_ALTERNATIVE, "a", "\"ab\" }\n")
        );
        assert_eq!(
            lints("s = { ^\"http\" | ^\"https\" }\n"),
            one(SHADOWED_ALTERNATIVE, "s", "^\"https\" }\n")
        );
        // A class shadows what starts in it, whatever follows.
        assert_eq!(
            lints("a = { DIGIT | \"1\" ~ ALPHA+ }\n"),
            one(SHADOWED_ALTERNATIVE, "a", "\"1\" ~ ALPHA+")
        );
        assert_eq!(lints("a = { \"ab\" | \"a\" }\n"), []);
        assert_eq!(lints("a = { \"a\" ~ \"b\"? | \"ab\" }\n"), []);
        assert_eq!(lints("a = { \"1\" ~ ALPHA+ | DIGIT }\n"), []);
        // RFC 3986's dec-octet, longest first as it must be.
        assert_eq!(
            lints(
                "o = { \"25\" ~ '0'..'5' | \"2\" ~ '0'..'4' ~ DIGIT | \"1\" ~ DIGIT{2} \
                 | '1'..'9' ~ DIGIT | DIGIT }\n"
            ),
            []
        );
    }

    #[test]
    fn never_matches() {
        assert_eq!(
            lints("a = { \"x\" ~ a }\n"),
            one(NEVER_MATCHES, "a", "a = { \"x\" ~ ")
        );
        assert_eq!(lints("a = { \"x\" ~ a | \"y\" }\n"), []);
        // One finding per cause: the rule that calls a trap is not
        // reported again.
        assert_eq!(
            lints("a = { DIGIT* ~ DIGIT }\nb = { \"x\" ~ a }\nc = { b }\n"),
            one(GREEDY_REPETITION, "a", "DIGIT* ~ DIG")
        );
        assert_eq!(
            lints("a = { \"x\" ~ a }\nb = { \"y\" ~ a }\n"),
            one(NEVER_MATCHES, "a", "a = { \"x\" ~ ")
        );
        // Two rules that need each other: one finding, at the first.
        assert_eq!(
            lints("a = { \"x\" ~ b }\nb = { \"y\" ~ a }\nc = { a | \"z\" }\n"),
            one(NEVER_MATCHES, "a", "a = { \"x\" ~ ")
        );
    }

    #[test]
    fn missing_eoi() {
        assert_eq!(
            lints("input = { SOI ~ URI }\n"),
            one(MISSING_EOI, "input", "SOI ~ URI }\n")
        );
        assert_eq!(lints("input = { SOI ~ URI ~ EOI }\n"), []);
        assert_eq!(
            lints("input = { SOI ~ (URI ~ EOI | \"x\" ~ end) }\nend = _{ EOI }\n"),
            []
        );
        assert_eq!(lints("input = { URI }\n"), []);
    }

    #[test]
    fn allowed_by_a_comment_above_the_rule() {
        assert_eq!(
            lints(
                "/// A doc line.\n// #[allow(shadowed_alternative)]: kept as the RFC orders it\n\
                 a = { \"a\" | \"ab\" }\n"
            ),
            []
        );
        // Only for that rule, and only that lint.
        assert_eq!(
            lints(
                "// #[allow(greedy_repetition)]\na = { \"a\" | \"ab\" }\nb = { \"b\" | \"bc\" }\n"
            ),
            vec![
                (
                    SHADOWED_ALTERNATIVE,
                    "a".to_string(),
                    "\"ab\" }\nb = {".to_string()
                ),
                (
                    SHADOWED_ALTERNATIVE,
                    "b".to_string(),
                    "\"bc\" }\n".to_string()
                ),
            ]
        );
        assert_eq!(
            lints("// #[allow(shadowed)]\na = { \"a\" }\n"),
            one("unknown_lint", "a", "a = { \"a\" }\n")
        );
    }

    /// Every grammar of the repository: uri.pest, iri.pest, the shipped
    /// schemes, the bench and example grammars, the users' grammars of the
    /// tests and the conformance grammars. None raises a lint that is not
    /// allowed next to its rule.
    #[test]
    fn no_false_alarm_on_the_repositorys_grammars() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let base = format!("{}\n{}", crate::URI_PEST, crate::IRI_PEST);
        assert_eq!(lint(&base), []);
        let mut files = Vec::new();
        for dir in [
            "src/schemes",
            "tests/grammars",
            "tests/grammars/user",
            "examples/custom_scheme",
        ] {
            for entry in std::fs::read_dir(root.join(dir)).unwrap() {
                let path = entry.unwrap().path();
                if path.extension().is_some_and(|e| e == "pest") {
                    files.push(path);
                }
            }
        }
        assert!(files.len() >= 20, "{files:?}");
        let mut alarms = Vec::new();
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            let joined = format!("{base}\n{text}");
            for f in lint(&joined) {
                let at: String = joined[f.offset..].chars().take(40).collect();
                alarms.push(format!(
                    "{}: {} in {}: {at:?}",
                    file.display(),
                    f.lint,
                    f.rule
                ));
            }
        }
        assert!(alarms.is_empty(), "{}", alarms.join("\n"));
    }
}
