//! How many pairs of each rule a parse can record: none, one, or more than
//! one. The derive gives a grammar's rule an accessor that reads its text
//! where a parse can record a pair of it, and an iterator instead where it
//! can record several ([`rule_counts`]).
//!
//! A count is found as `max_pairs` finds the size of the pair buffer (see
//! `analysis`), per rule instead of in all: a rule records its own pair
//! where pest records (see [`records`]), its body records in the context
//! its type sets, a sequence adds, a choice and an option take the most of
//! their parts, a repetition of what records a pair makes it several, and a
//! lookahead records nothing. Counts saturate at [`Count::Many`], so the
//! least fixpoint over the rules exists, and it is exact over the finite
//! derivations of successful parses, which are all of them (pest rejects
//! left recursion): a recursive rule that records its own pair calls
//! itself within its own match, so it counts as several, and a rule that a
//! recursion reaches once at most counts as one. It counts what the
//! grammar allows, not what inputs exist: `"a" ~ x | "a" ~ x ~ x` counts
//! `x` as several, although the second alternative can never match.

use std::collections::{BTreeMap, HashMap, HashSet};

use pest_meta::ast::RuleType;

use crate::analysis::{body_ctx, records, Ctx, EOI};
use crate::ir::{Ir, IrRule};

/// How many pairs of a rule a parse can record, at most.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Count {
    /// One.
    One,
    /// Two or more.
    Many,
}

/// The most pairs of each rule that a match records, by rule; a rule that
/// records none is absent.
type Counts = BTreeMap<String, Count>;

/// The counts of `a` and then `b`: a rule both record is several.
fn add(mut a: Counts, b: &Counts) -> Counts {
    for (rule, count) in b {
        a.entry(rule.clone())
            .and_modify(|c| *c = Count::Many)
            .or_insert(*count);
    }
    a
}

/// The counts of `a` or `b`: the more of each rule.
fn max(mut a: Counts, b: &Counts) -> Counts {
    for (rule, count) in b {
        a.entry(rule.clone())
            .and_modify(|c| *c = (*c).max(*count))
            .or_insert(*count);
    }
    a
}

/// What a parse of the grammar can record of each rule: for each rule a
/// parse can record a pair of, whether one or several.
///
/// A rule is counted where it is recorded by a parse from one of the
/// grammar's entries: the rules that no other rule calls (`redis_input`),
/// and those of a recursion that no entry reaches. A rule that is only
/// called inside an atomic (`@`) rule or a lookahead is not, although a
/// parse from it (`parse_pairs(Rule::it, ..)`) would record it: its text
/// is its caller's. A rule counts as several where a parse from any rule
/// at all can record more than one pair of it, so that a parse from a rule
/// that is not an entry cannot record more of a rule than its count says.
pub fn rule_counts(rules: &[IrRule]) -> BTreeMap<String, Count> {
    let by_name: HashMap<&str, &IrRule> = rules.iter().map(|r| (r.name.as_str(), r)).collect();
    let table = fixpoint(&by_name);
    let from = |name: &str| count_in(&Ir::Call(name.to_string()), Ctx::Record, &by_name, &table);

    let mut entries: Vec<&str> = {
        let mut called = HashSet::new();
        for rule in rules {
            each_call(&rule.expr, &mut |callee| {
                if callee != rule.name {
                    called.insert(callee.to_string());
                }
            });
        }
        rules
            .iter()
            .map(|r| r.name.as_str())
            .filter(|name| !called.contains(*name))
            .collect()
    };
    // The rules no entry reaches: a recursion with no way in, each of whose
    // rules a parse can start from.
    let mut reached: HashSet<&str> = HashSet::new();
    let mut stack = entries.clone();
    while let Some(name) = stack.pop() {
        if reached.insert(name) {
            if let Some(rule) = by_name.get(name) {
                each_call(&rule.expr, &mut |callee| {
                    if let Some(callee) = by_name.get(callee) {
                        stack.push(callee.name.as_str());
                    }
                });
            }
        }
    }
    entries.extend(
        rules
            .iter()
            .map(|r| r.name.as_str())
            .filter(|name| !reached.contains(name)),
    );

    let recorded = entries
        .iter()
        .fold(Counts::new(), |all, entry| max(all, &from(entry)));
    let most = rules
        .iter()
        .fold(Counts::new(), |all, rule| max(all, &from(&rule.name)));
    recorded
        .into_keys()
        .filter(|name| name != EOI)
        .map(|name| {
            let count = most[&name];
            (name, count)
        })
        .collect()
}

/// Calls `f` with the name of every rule `e` calls, in any context.
fn each_call<'e>(e: &'e Ir, f: &mut impl FnMut(&'e str)) {
    match e {
        Ir::Call(name) => f(name),
        Ir::Seq(items) | Ir::Choice(items) => items.iter().for_each(|e| each_call(e, f)),
        Ir::Opt(e) | Ir::Rep(e) | Ir::Pos(e) | Ir::Neg(e) => each_call(e, f),
        _ => {}
    }
}

/// The counts of every rule's body in the two contexts that record, as
/// the least fixpoint: from "records nothing", until nothing changes.
fn fixpoint(rules: &HashMap<&str, &IrRule>) -> HashMap<(String, Ctx), Counts> {
    let mut table: HashMap<(String, Ctx), Counts> = HashMap::new();
    loop {
        let mut changed = false;
        for (name, rule) in rules {
            for ctx in [Ctx::Record, Ctx::Atomic] {
                let counts = count_in(&rule.expr, ctx, rules, &table);
                let slot = table.entry((name.to_string(), ctx)).or_default();
                if *slot != counts {
                    *slot = counts;
                    changed = true;
                }
            }
        }
        if !changed {
            return table;
        }
    }
}

/// The counts of `e` matched in `ctx`, by `table` for the rules' bodies.
fn count_in(
    e: &Ir,
    ctx: Ctx,
    rules: &HashMap<&str, &IrRule>,
    table: &HashMap<(String, Ctx), Counts>,
) -> Counts {
    match e {
        Ir::Call(name) => {
            let ty = rules.get(name.as_str()).map_or(RuleType::Normal, |r| r.ty);
            let mut counts = Counts::new();
            if records(ctx, ty) {
                counts.insert(name.clone(), Count::One);
            }
            // The body's context records too, or is `Atomic`: `ctx` is one
            // of those, and a lookahead is never looked into.
            match table.get(&(name.clone(), body_ctx(ctx, ty))) {
                Some(inner) => add(counts, inner),
                None => counts,
            }
        }
        Ir::Seq(items) => items.iter().fold(Counts::new(), |sum, item| {
            add(sum, &count_in(item, ctx, rules, table))
        }),
        Ir::Choice(items) => items.iter().fold(Counts::new(), |most, item| {
            max(most, &count_in(item, ctx, rules, table))
        }),
        Ir::Opt(e) => count_in(e, ctx, rules, table),
        Ir::Rep(e) => {
            let mut counts = count_in(e, ctx, rules, table);
            counts.values_mut().for_each(|c| *c = Count::Many);
            counts
        }
        // A lookahead records nothing; neither do tokens.
        _ => Counts::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The counts of a grammar's rules, lowered as the compiler lowers
    /// them (no base grammar).
    fn counts(grammar: &str) -> Vec<(String, Count)> {
        let pairs = pest_meta::parser::parse(pest_meta::parser::Rule::grammar_rules, grammar)
            .expect("the grammar parses");
        let ast = pest_meta::parser::consume_rules(pairs).expect("the grammar is valid");
        let optimized = pest_meta::optimizer::optimize(ast);
        let lowered = crate::ir::lower(&optimized).expect("the grammar lowers");
        rule_counts(&lowered).into_iter().collect()
    }

    fn named(list: &[(&str, Count)]) -> Vec<(String, Count)> {
        let mut list: Vec<(String, Count)> =
            list.iter().map(|(n, c)| (n.to_string(), *c)).collect();
        list.sort();
        list
    }

    use Count::{Many, One};

    #[test]
    fn repetitions_record_several() {
        let grammar = "top = { a* ~ b+ ~ c{2,} ~ d{,2} ~ e{,1} ~ f? ~ g{1} ~ h{3} }\n\
                       a = { \"a\" }\nb = { \"b\" }\nc = { \"c\" }\nd = { \"d\" }\n\
                       e = { \"e\" }\nf = { \"f\" }\ng = { \"g\" }\nh = { \"h\" }\n";
        assert_eq!(
            counts(grammar),
            named(&[
                ("top", One),
                ("a", Many),
                ("b", Many),
                ("c", Many),
                ("d", Many),
                ("e", One),
                ("f", One),
                ("g", One),
                ("h", Many),
            ])
        );
    }

    #[test]
    fn a_sequence_adds_and_a_choice_takes_the_most() {
        let grammar = "top = { (a ~ \"-\" ~ a) | b ~ (c | c ~ \"+\") }\n\
                       a = { \"a\" }\nb = { \"b\" }\nc = { \"c\" }\n";
        assert_eq!(
            counts(grammar),
            named(&[("top", One), ("a", Many), ("b", One), ("c", One)])
        );
        // Through a silent rule, called or inlined, as through any other.
        let grammar = "top = { twice ~ \";\" ~ twice }\ntwice = _{ a }\na = { \"a\" }\n";
        assert_eq!(counts(grammar), named(&[("top", One), ("a", Many)]));
    }

    #[test]
    fn a_recursion_that_records_records_several() {
        let grammar = "top = { SOI ~ expr ~ EOI }\n\
                       expr = { \"(\" ~ expr ~ \")\" | atom }\natom = { ASCII_DIGIT+ }\n";
        // `atom` is at the bottom of the recursion, once; `EOI` is no
        // rule of the grammar's.
        assert_eq!(
            counts(grammar),
            named(&[("top", One), ("expr", Many), ("atom", One)])
        );
        let grammar = "list = { item ~ (\",\" ~ list)? }\nitem = { ASCII_DIGIT }\n";
        assert_eq!(counts(grammar), named(&[("list", Many), ("item", Many)]));
    }

    /// `@` records its own pair and none inside it (but for a `$` or `!`
    /// rule it calls, which records again), `_` none of its own, `$` its
    /// own and those inside it; a lookahead records nothing.
    #[test]
    fn only_what_records_counts() {
        let grammar = "top = _{ atomic ~ compound ~ &ahead ~ !behind ~ \"x\" }\n\
                       atomic = @{ inner ~ inner ~ ahead }\ncompound = ${ \"c\" ~ back }\n\
                       back = !{ inner }\ninner = { \"i\" }\n\
                       ahead = { \"a\" }\nbehind = { \"b\" }\n";
        // `inner` is recorded once, in `back`; `ahead` and `behind` never.
        assert_eq!(
            counts(grammar),
            named(&[
                ("atomic", One),
                ("compound", One),
                ("back", One),
                ("inner", One)
            ])
        );
    }

    /// A rule is counted as several if a parse from any rule records
    /// several of it, although its entry records one.
    #[test]
    fn several_from_any_rule() {
        let grammar = "top = { outer ~ inner }\nouter = @{ mid }\nmid = { inner ~ inner }\n\
                       inner = { \"i\" }\n";
        // `outer` is atomic: `mid` records nothing there, and a parse from
        // `top` one `inner`. A parse from `mid` records two.
        assert_eq!(
            counts(grammar),
            named(&[("top", One), ("outer", One), ("inner", Many)])
        );
    }

    /// A recursion no rule outside it calls is its own entry.
    #[test]
    fn a_recursion_with_no_way_in_is_an_entry() {
        let grammar = "a = { \"a\" ~ b? }\nb = { \"b\" ~ a? }\n";
        assert_eq!(counts(grammar), named(&[("a", Many), ("b", Many)]));
    }
}
