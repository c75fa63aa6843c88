//! What a grammar's parses read, for its diagnosis: what a parse from a
//! rule may read at a byte without a token that pest's error detail counts
//! failing there (the generated grammar's `hidden_reads`).
//!
//! A diagnosis asks, of a piece of input `text`, which of a few characters
//! would take a rule further: whether the tokens of a parse of `text`
//! followed by that character reach past `text`. A parse of `text` alone
//! answers that for all of them at once, where the only reads of the byte
//! after `text` are tokens it counts: the parses with and without the
//! character are the same parse up to the first read of that byte whose
//! outcome the character changes, and a counted token that takes the
//! character reaches past `text`. The tokens counted failing at the end
//! of `text` are then the ones that can take it.
//!
//! Other reads of that byte can change the parse without a counted token
//! taking it: a token inside a lookahead (pest counts some of those and
//! not others), a string of two or more characters that starts before the
//! byte (pest counts a string only whole, at its start), `EOI`, which
//! matches at the end of `text` and not before the character, and `ANY`
//! or a Unicode property, which pest matches without counting or which the
//! diagnosis does not read. This module collects the characters of the
//! first two, which the diagnosis then probes one by one, and gives up
//! (`None`) on the others.

use std::collections::{HashMap, HashSet};

use crate::ir::{Ir, IrRule};
use crate::sets::CharSet;

/// The characters that a parse from the rule `name` may read at a byte
/// without a counted token failing there: any character of a token inside
/// a lookahead, and any but the first character of a string of two or
/// more. `None` where it may read a byte otherwise (`ANY`, `EOI`, a
/// Unicode property, the optimizer's skip), or where `name` is no rule.
pub(crate) fn hidden_reads(rules: &HashMap<String, IrRule>, name: &str) -> Option<CharSet> {
    let mut walk = Walk {
        rules,
        visited: HashSet::new(),
        hidden: CharSet::default(),
        eoi_reads: true,
    };
    walk.visit(&Ir::Call(name.to_string()), false)?;
    Some(walk.hidden)
}

/// A walk over the rules a parse from one rule can run, each once outside
/// lookaheads and once inside.
struct Walk<'a> {
    rules: &'a HashMap<String, IrRule>,
    visited: HashSet<(String, bool)>,
    hidden: CharSet,
    /// Whether `EOI` reads a byte in a way the walk does not follow: its
    /// outcome at the end of a text is not its outcome before another
    /// character, which a rule's hidden reads must know, and what tokens
    /// take need not.
    eoi_reads: bool,
}

impl Walk<'_> {
    /// Adds what `e` reads unseen, where `ahead` says it is inside a
    /// lookahead; `None` where it reads a byte in a way the module does
    /// not follow.
    fn visit(&mut self, e: &Ir, ahead: bool) -> Option<()> {
        match e {
            Ir::Empty | Ir::Soi => Some(()),
            Ir::Class(set) => {
                if ahead {
                    self.hidden = self.hidden.union(set);
                }
                Some(())
            }
            Ir::Str(text) => {
                self.string(text, ahead, false);
                Some(())
            }
            Ir::Insens(text) => {
                self.string(text, ahead, true);
                Some(())
            }
            Ir::Any | Ir::Unicode(_) | Ir::SkipUntil(_) => None,
            Ir::Call(name) => {
                // `EOI`, the one built-in rule that is called, is no rule.
                let Some(rule) = self.rules.get(name) else {
                    return (name == "EOI" && !self.eoi_reads).then_some(());
                };
                if self.visited.insert((name.clone(), ahead)) {
                    self.visit(&rule.expr, ahead)?;
                }
                Some(())
            }
            Ir::Seq(items) | Ir::Choice(items) => {
                items.iter().try_for_each(|item| self.visit(item, ahead))
            }
            Ir::Opt(e) | Ir::Rep(e) => self.visit(e, ahead),
            Ir::Pos(e) | Ir::Neg(e) => self.visit(e, true),
        }
    }

    /// The characters of `text` read unseen: all of them inside a
    /// lookahead, else all but the first; in either case where
    /// `insensitive`.
    fn string(&mut self, text: &str, ahead: bool, insensitive: bool) {
        for c in text.chars().skip(usize::from(!ahead)) {
            self.hidden = self.hidden.union(&CharSet::char(c));
            if insensitive {
                self.hidden = self
                    .hidden
                    .union(&CharSet::char(c.to_ascii_lowercase()))
                    .union(&CharSet::char(c.to_ascii_uppercase()));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::hidden_reads;
    use crate::ir::IrRule;
    use crate::sets::CharSet;
    use std::collections::HashMap;

    /// The rules of `grammar`, lowered as the compiler lowers them.
    fn rules_of(grammar: &str) -> HashMap<String, IrRule> {
        crate::ir::lowered(grammar)
            .into_iter()
            .map(|r| (r.name.clone(), r))
            .collect()
    }

    /// The characters `set` holds, in order.
    fn chars(set: CharSet) -> String {
        set.ranges()
            .iter()
            .flat_map(|&(a, b)| (a..=b).filter_map(char::from_u32))
            .collect()
    }

    /// `hidden_reads` of the rule `name` of `grammar`, as the characters
    /// it holds.
    fn hidden(grammar: &str, name: &str) -> Option<String> {
        hidden_reads(&rules_of(grammar), name).map(chars)
    }

    /// The RFCs' IP literal reads ":" unseen (as the second character of
    /// "::"), and "5" (the second of dec-octet's "25"); the rest of it only
    /// through tokens it counts.
    #[test]
    fn the_ip_literal_hides_the_tails_of_its_strings() {
        let uri = crate::URI_PEST;
        assert_eq!(hidden(uri, "IP_literal").as_deref(), Some("5:"));
        let iri = format!("{uri}{}", crate::IRI_PEST);
        assert_eq!(hidden(&iri, "IP_literal").as_deref(), Some("5:"));
        // Both are IPv6address's (dec-octet's by its IPv4address): an IP
        // literal of IPvFuture alone hides nothing.
        let future = uri.replace(
            r#""[" ~ (IPv6address | IPvFuture) ~ "]""#,
            r#""[" ~ IPvFuture ~ "]""#,
        );
        assert_ne!(future, uri);
        assert_eq!(hidden(&future, "IP_literal").as_deref(), Some(""));
        // An entry rule ends with `EOI`, which matches at the end of the
        // input and not before another character.
        assert_eq!(hidden(uri, "uri_reference_input"), None);
    }

    #[test]
    fn lookaheads_hide_every_character_and_any_hides_all() {
        let grammar = r#"
            a = { !"xy" ~ 'a'..'c' ~ &("q" | ^"ST") ~ "uvw" }
            b = { a ~ ANY }
            c = { "k" ~ b? }
            d = { (!"m" ~ "n")* }
        "#;
        assert_eq!(hidden(grammar, "a").as_deref(), Some("STqstvwxy"));
        assert_eq!(hidden(grammar, "b"), None);
        assert_eq!(hidden(grammar, "c"), None);
        assert_eq!(hidden(grammar, "d").as_deref(), Some("m"));
        assert_eq!(hidden(grammar, "e"), None);
    }
}
