//! What a grammar says of its rules in their doc comments: the text
//! (which documents the `Rule` type), the RFC's name and ABNF of a rule
//! transcribed from an RFC (the first lines, `name = definition`), and the
//! rule's role in a URI reference (a `Role: <name>` line).
//!
//! A grammar's table ([`RuleFacts`]) is read from these and nothing else:
//! the compiler knows no rule by its name.
//!
//! Imports: [`error`](crate::error) and [`role`](crate::role).

use std::collections::BTreeMap;

use crate::error::CompileError;
use crate::role::Role;

/// The doc comments of a grammar: the grammar's (`//!`) and each rule's
/// (`///`, the lines above it), in the order of the text.
pub(crate) struct Docs {
    pub grammar: Option<String>,
    pub rules: Vec<(String, String)>,
}

/// The [`Docs`] of `grammar`; none where it does not parse.
pub(crate) fn docs(grammar: &str) -> Docs {
    use pest_meta::parser::{parse, Rule};
    let mut docs = Docs {
        grammar: None,
        rules: Vec::new(),
    };
    let Ok(pairs) = parse(Rule::grammar_rules, grammar) else {
        return docs;
    };
    let inner_text = |pair: pest::iterators::Pair<'_, Rule>| {
        pair.into_inner()
            .next()
            .map_or(String::new(), |inner| inner.as_str().to_string())
    };
    let mut grammar_doc: Vec<String> = Vec::new();
    let mut pending: Vec<String> = Vec::new();
    for pair in pairs.flatten() {
        match pair.as_rule() {
            Rule::grammar_doc => grammar_doc.push(inner_text(pair)),
            Rule::line_doc => pending.push(inner_text(pair)),
            Rule::grammar_rule => {
                let first = pair.into_inner().next();
                if let Some(identifier) = first.filter(|p| p.as_rule() == Rule::identifier) {
                    if !pending.is_empty() {
                        docs.rules
                            .push((identifier.as_str().to_string(), pending.join("\n")));
                        pending.clear();
                    }
                }
            }
            _ => {}
        }
    }
    if !grammar_doc.is_empty() {
        docs.grammar = Some(grammar_doc.join("\n"));
    }
    docs
}

/// The prefix of a doc line that gives the rule its role.
const ROLE_LINE: &str = "Role:";

/// What a rule's doc comment says of it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RuleFacts {
    /// The rule's name as its RFC writes it (`reg-name`): the name of its
    /// ABNF, where the doc comment starts with one, else the rule's own
    /// with `_` written `-`.
    pub name: String,
    /// The ABNF the doc comment starts with, its lines joined with a line
    /// break; empty where it starts with none.
    pub abnf: String,
    /// The role the rule plays, where a `Role:` line gives it one and no
    /// rule later in the grammar takes it over.
    pub role: Option<Role>,
}

/// Whether `name` is an ABNF rule name (RFC 5234: a letter, then letters,
/// digits and hyphens).
fn is_abnf_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// The RFC name and the ABNF a doc comment starts with: its first line,
/// when that is `name = definition` (or `name =/ definition`), and the
/// lines after it up to an empty one or a `Role:` line.
fn abnf_of(doc: &str) -> Option<(String, String)> {
    let mut lines = doc.lines();
    let first = lines.next()?.trim();
    let (name, _) = first.split_once('=')?;
    let name = name.trim();
    if !is_abnf_name(name) {
        return None;
    }
    let mut abnf = vec![first.to_string()];
    for line in lines {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with(ROLE_LINE) {
            break;
        }
        abnf.push(line.trim_end().to_string());
    }
    Some((name.to_string(), abnf.join("\n")))
}

/// What each rule of `grammar` (by name) says of itself, for each of
/// `rules`: its RFC name, ABNF and role. A role given to more than one
/// rule is the last one's, in the order of the text: a file joined after
/// another takes over the roles it gives its own rules.
///
/// # Errors
///
/// A `Role:` line that names no role (with the names there are), or a
/// rule with two of them: each at the rule.
pub(crate) fn rule_facts(
    grammar: &str,
    rules: &[String],
) -> Result<BTreeMap<String, RuleFacts>, Vec<CompileError>> {
    let docs = docs(grammar);
    let mut facts: BTreeMap<String, RuleFacts> = rules
        .iter()
        .map(|rule| {
            let facts = RuleFacts {
                name: rule.replace('_', "-"),
                ..RuleFacts::default()
            };
            (rule.clone(), facts)
        })
        .collect();
    let mut errors = Vec::new();
    // The rule holding each role so far.
    let mut holders: BTreeMap<Role, String> = BTreeMap::new();
    for (rule, doc) in &docs.rules {
        let Some(entry) = facts.get_mut(rule) else {
            continue;
        };
        if let Some((name, abnf)) = abnf_of(doc) {
            entry.name = name;
            entry.abnf = abnf;
        }
        let mut named = doc
            .lines()
            .filter_map(|line| line.trim().strip_prefix(ROLE_LINE))
            .map(str::trim);
        let Some(name) = named.next() else {
            continue;
        };
        if named.next().is_some() {
            errors.push(role_error(rule, "two `Role:` lines: a rule plays one role"));
            continue;
        }
        let Some(role) = Role::from_name(name) else {
            let known: Vec<&str> = Role::ALL.iter().map(|role| role.name()).collect();
            errors.push(role_error(
                rule,
                &format!(
                    "`Role: {name}` names no role; the roles are {}",
                    known.join(", ")
                ),
            ));
            continue;
        };
        if let Some(before) = holders.insert(role, rule.clone()) {
            if let Some(before) = facts.get_mut(&before) {
                before.role = None;
            }
        }
        if let Some(entry) = facts.get_mut(rule) {
            entry.role = Some(role);
        }
    }
    if errors.is_empty() {
        Ok(facts)
    } else {
        Err(errors)
    }
}

fn role_error(rule: &str, message: &str) -> CompileError {
    CompileError {
        rule: rule.to_string(),
        message: message.to_string(),
        line: None,
        column: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(grammar: &str) -> Result<BTreeMap<String, RuleFacts>, Vec<CompileError>> {
        let rules: Vec<String> = docs(grammar).rules.into_iter().map(|(r, _)| r).collect();
        rule_facts(grammar, &rules)
    }

    /// The RFC name and ABNF come from the first lines, up to an empty
    /// line or the role; a rule without an ABNF keeps its own name.
    #[test]
    fn the_abnf_and_the_role_are_the_doc_comments() {
        let grammar = "/// reg-name = *( unreserved\n///          / sub-delims )\n///\n/// More.\n/// Role: reg-name\nreg_name = @{ \"a\"* }\n\n/// An entry.\n/// Role: URI-reference entry\ninput = { SOI ~ reg_name ~ EOI }\n/// Not ABNF.\nother = { \"b\" }\n";
        let facts = facts(grammar).unwrap();
        let reg = &facts["reg_name"];
        assert_eq!(reg.name, "reg-name");
        assert_eq!(
            reg.abnf,
            "reg-name = *( unreserved\n         / sub-delims )"
        );
        assert_eq!(reg.role, Some(Role::RegName));
        assert_eq!(facts["input"].role, Some(Role::ReferenceEntry));
        assert_eq!(facts["input"].abnf, "");
        assert_eq!(facts["other"].name, "other");
        assert_eq!(facts["other"].role, None);
    }

    /// A later rule that takes a role takes it from the one before.
    #[test]
    fn a_later_rule_takes_the_role_over() {
        let grammar =
            "/// Role: reg-name\nreg_name = { \"a\" }\n/// Role: reg-name\nireg_name = { \"b\" }\n";
        let facts = facts(grammar).unwrap();
        assert_eq!(facts["reg_name"].role, None);
        assert_eq!(facts["ireg_name"].role, Some(Role::RegName));
    }

    /// An unknown role, and two roles on one rule, are errors at the rule.
    #[test]
    fn a_role_must_be_one_and_known() {
        let errors = facts("/// Role: hostname\nh = { \"a\" }\n").unwrap_err();
        assert_eq!(errors[0].rule, "h");
        assert!(
            errors[0]
                .message
                .starts_with("`Role: hostname` names no role; the roles are scheme, authority"),
            "{}",
            errors[0].message
        );
        let errors = facts("/// Role: host\n/// Role: port\nh = { \"a\" }\n").unwrap_err();
        assert_eq!(
            errors[0].message,
            "two `Role:` lines: a rule plays one role"
        );
    }
}
