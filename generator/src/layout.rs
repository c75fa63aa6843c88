//! The layouts of each rule: every sequence of pairs, literal ASCII bytes
//! and other text that a match of the rule can make, its silent rules
//! expanded, in the contexts in which the fast variant records pairs.
//!
//! These are facts about the grammar, stated without knowing what any rule
//! means: a reader of the parse tree (rfc3986's lowering) decides from them,
//! at compile time, what every tree of the grammar looks like, and skips
//! the checks that the grammar already makes. A rule whose layouts cannot
//! be listed (a repetition that records pairs, or too many alternatives)
//! has none, and its reader checks every tree.

use std::collections::BTreeSet;
use std::fmt::Write;

use crate::analysis::{body_ctx, records, Analysis, Ctx, EOI};
use crate::ir::Ir;

/// One step of a layout (the generated code's `rt::Step`).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Step {
    Soi,
    Eoi,
    /// A pair of this rule.
    Pair(String),
    /// This ASCII byte, literally.
    Byte(u8),
    /// Text of some other kind, possibly none.
    Text,
}

/// A rule's layouts, each a sequence of steps.
pub type Layouts = BTreeSet<Vec<Step>>;

/// At most this many layouts a rule: beyond, it has none (an IPv6 address
/// has many, and nothing reads them).
const MAX_LAYOUTS: usize = 64;

/// At most this deep through silent rules.
const MAX_DEPTH: usize = 24;

/// The layouts of the body of rule `name` as its pair records it (a silent
/// rule's, as its caller records around it); `None` where they cannot be
/// listed.
pub fn of_rule(analysis: &Analysis, name: &str) -> Option<Layouts> {
    let rule = analysis.rules.get(name)?;
    expand(analysis, &rule.expr, body_ctx(Ctx::Record, rule.ty), 0)
}

fn one(steps: Vec<Step>) -> Option<Layouts> {
    Some(BTreeSet::from([steps]))
}

/// The layouts of `e` matched in `ctx`.
fn expand(analysis: &Analysis, e: &Ir, ctx: Ctx, depth: usize) -> Option<Layouts> {
    if depth > MAX_DEPTH {
        return None;
    }
    match e {
        Ir::Empty | Ir::Pos(_) | Ir::Neg(_) => one(Vec::new()),
        Ir::Class(class) => {
            let bytes: Vec<u8> = class.ascii_bytes().bytes().collect();
            match bytes.as_slice() {
                [byte] if class.non_ascii_ranges().is_empty() => one(vec![Step::Byte(*byte)]),
                _ => one(vec![Step::Text]),
            }
        }
        Ir::Str(text) if text.is_ascii() => one(text.bytes().map(Step::Byte).collect()),
        Ir::Str(_) | Ir::Insens(_) | Ir::Any | Ir::Unicode(_) | Ir::SkipUntil(_) => {
            one(vec![Step::Text])
        }
        Ir::Soi => one(vec![Step::Soi]),
        Ir::Call(name) if name == EOI => one(vec![Step::Eoi]),
        Ir::Call(name) => {
            let ty = analysis.rule_type(name);
            if records(ctx, ty) {
                one(vec![Step::Pair(name.clone())])
            } else {
                let rule = analysis.rules.get(name)?;
                expand(analysis, &rule.expr, body_ctx(ctx, ty), depth + 1)
            }
        }
        Ir::Seq(items) => {
            let mut all = one(Vec::new())?;
            for item in items {
                let next = expand(analysis, item, ctx, depth)?;
                let mut product = Layouts::new();
                for head in &all {
                    for tail in &next {
                        let mut joined = head.clone();
                        for step in tail {
                            push(&mut joined, step.clone());
                        }
                        product.insert(joined);
                    }
                }
                if product.len() > MAX_LAYOUTS {
                    // Text of many shapes is text: an IPv4 address's
                    // octets, say. Only what records or anchors must stay
                    // listed.
                    if !(textual(&all) && textual(&next)) {
                        return None;
                    }
                    product = BTreeSet::from([vec![Step::Text]]);
                }
                all = product;
            }
            Some(all)
        }
        Ir::Choice(items) => {
            let mut all = Layouts::new();
            for item in items {
                all.extend(expand(analysis, item, ctx, depth)?);
                if all.len() > MAX_LAYOUTS {
                    if !textual(&all) {
                        return None;
                    }
                    all = BTreeSet::from([vec![Step::Text]]);
                }
            }
            Some(all)
        }
        Ir::Opt(inner) => {
            let mut all = expand(analysis, inner, ctx, depth)?;
            all.insert(Vec::new());
            Some(all)
        }
        Ir::Rep(inner) => {
            // Text repeated is text; anything that records or anchors,
            // repeated, cannot be listed.
            let inner = expand(analysis, inner, ctx, depth)?;
            let text_only = inner
                .iter()
                .flatten()
                .all(|step| matches!(step, Step::Byte(_) | Step::Text));
            text_only.then(|| BTreeSet::from([vec![Step::Text]]))
        }
    }
}

/// Whether every layout of `layouts` is text alone (literal bytes or
/// other text), which one [`Step::Text`] stands for: "text of some kind,
/// possibly none" says less than the bytes did, never something else.
fn textual(layouts: &Layouts) -> bool {
    layouts
        .iter()
        .flatten()
        .all(|step| matches!(step, Step::Byte(_) | Step::Text))
}

/// Appends `step`, merging text into text before it.
fn push(steps: &mut Vec<Step>, step: Step) {
    if step == Step::Text && steps.last() == Some(&Step::Text) {
        return;
    }
    steps.push(step);
}

/// The generated code's table of every rule's layouts, by discriminant.
pub fn emit(analysis: &Analysis, names: &[String]) -> String {
    let mut out = String::from(
        "\n/// The layouts of each rule (see `rt::Step`), by discriminant: what the\n/// lowering reads to know, before any parse, what every tree looks like.\npub const LAYOUTS: &[(usize, rt::Layouts)] = &[\n",
    );
    for name in names {
        let layouts = match of_rule(analysis, name) {
            Some(layouts) => {
                let mut list = String::new();
                for layout in &layouts {
                    let steps: Vec<String> = layout.iter().map(step_code).collect();
                    let _ = write!(list, "&[{}], ", steps.join(", "));
                }
                format!("Some(&[{list}])")
            }
            None => "None".to_string(),
        };
        let _ = writeln!(out, "    (Rule::r#{name} as usize, {layouts}),");
    }
    out.push_str("];\n");
    out
}

fn step_code(step: &Step) -> String {
    match step {
        Step::Soi => "rt::Step::Soi".to_string(),
        Step::Eoi => "rt::Step::Eoi".to_string(),
        Step::Pair(name) => format!("rt::Step::Pair(Rule::r#{name} as usize)"),
        Step::Byte(byte) => format!("rt::Step::Byte({byte:#04x})"),
        Step::Text => "rt::Step::Text".to_string(),
    }
}
