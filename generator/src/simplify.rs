//! The simplifications of a rule's IR that need the analysis: choices
//! flattened with their character classes merged where the alternatives
//! between them cannot match, and loop nests fused into one loop.
//!
//! Imports the IR and the analysis of it; the IR itself ([`crate::ir`])
//! knows nothing of the analysis.

use super::analysis::{Analysis, Ctx};
use super::ir::{seq, Ir};

/// Flattens choices and merges their character classes, bottom up.
///
/// Ordered choice is associative, so nested choices flatten. A class can
/// move to an earlier class in the same choice when every alternative
/// between them fails on each character of the class (their next-byte sets
/// are disjoint from the class's first bytes): for those characters the
/// choice got to the class anyway, and for others the class fails. Two
/// classes next to each other are one class, since each consumes exactly one
/// character.
pub fn simplify(expr: Ir, analysis: &Analysis) -> Ir {
    match expr {
        Ir::Seq(items) => seq(items.into_iter().map(|e| simplify(e, analysis)).collect()),
        Ir::Choice(items) => {
            let mut flat = Vec::new();
            for item in items {
                match simplify(item, analysis) {
                    Ir::Choice(inner) => flat.extend(inner),
                    other => flat.push(other),
                }
            }
            let mut merged: Vec<Ir> = Vec::with_capacity(flat.len());
            for alt in flat {
                let Ir::Class(class) = &alt else {
                    merged.push(alt);
                    continue;
                };
                let first = class.first_bytes();
                let mut target = None;
                for (i, earlier) in merged.iter().enumerate().rev() {
                    if matches!(earlier, Ir::Class(_)) {
                        target = Some(i);
                        break;
                    }
                    if !analysis.guard(earlier).is_disjoint(&first) {
                        break;
                    }
                }
                match target {
                    Some(i) => {
                        if let Ir::Class(earlier) = &merged[i] {
                            merged[i] = Ir::Class(earlier.union(class));
                        }
                    }
                    None => merged.push(alt),
                }
            }
            if merged.len() == 1 {
                merged.pop().unwrap_or(Ir::Empty)
            } else {
                Ir::Choice(merged)
            }
        }
        Ir::Opt(e) => Ir::Opt(Box::new(simplify(*e, analysis))),
        Ir::Rep(e) => fuse(simplify(*e, analysis), analysis),
        Ir::Pos(e) => Ir::Pos(Box::new(simplify(*e, analysis))),
        Ir::Neg(e) => Ir::Neg(Box::new(simplify(*e, analysis))),
        other => other,
    }
}

/// `e*`, with one loop nest fused into one loop: `(a ~ b*)*`, where `a` is
/// a character class that `b` never starts with, becomes
/// `(a ~ (a | b)*)?` (the path rules' `("/" ~ segment)*`).
///
/// The two make the same decisions at every position: after the first
/// `a`, where the next character is in `a`, `b` fails (its guard excludes
/// it), so the inner loop of the original ends and its outer loop takes
/// the `a`, as the fused loop does; where it is not, both try `b`, and both
/// stop where `b` fails. `b` must consume when it succeeds, and record no
/// pairs, so that the two record the same (none).
fn fuse(e: Ir, analysis: &Analysis) -> Ir {
    if let Ir::Seq(items) = &e {
        if let [Ir::Class(a), Ir::Rep(b)] = items.as_slice() {
            let fusable = analysis.guard(b).is_disjoint(&a.first_bytes())
                && !analysis.nullable(b)
                && !analysis.can_record(b, Ctx::Record);
            if fusable {
                let inner = simplify(
                    Ir::Choice(vec![Ir::Class(a.clone()), (**b).clone()]),
                    analysis,
                );
                return Ir::Opt(Box::new(Ir::Seq(vec![
                    Ir::Class(a.clone()),
                    Ir::Rep(Box::new(inner)),
                ])));
            }
        }
    }
    Ir::Rep(Box::new(e))
}
