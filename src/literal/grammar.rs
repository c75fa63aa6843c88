//! Literals of a user's grammar checked at compile time: what the macro
//! that `#[literal_macro = "name"]` declares runs when it expands, through
//! `rfc3986-macros`.
//!
//! A derived grammar's parser is code in the user's crate, which a
//! proc-macro cannot run. The derive hands the macro what it compiled
//! instead: the grammar's text and the facts the parse reads of the
//! compiled grammar ([`GrammarFacts`]). The macro matches the literal with
//! an interpreter of that text ([`GrammarMatcher`], rfc3986-generator's,
//! which runs pest_derive's code shape over the tree the compiler
//! optimizes), and everything after the match is the code
//! `Grammar::parse` runs: [`reference_of`] reads the generic reference,
//! finds a pair that crosses a component, and explains a failure with
//! [`violation`](crate::schemes) over pest's error. The tests compare
//! [`GrammarLiteral::check`] with `Grammar::parse` on the corpora of the
//! derived grammars, bounds, pairs and errors included.
//!
//! Not public API: `rfc3986-macros` reaches it through `__private`, with
//! the hidden feature `grammar-literals`.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::marker::PhantomData;

use super::LiteralError;
use crate::compiled::runtime::Node;
use crate::diagnose::{PestParse, PestParsers};
use crate::grammar::UriRule;
use crate::literal::raw_bounds;
use crate::lower::{pest_nodes, read};
use crate::pest_error::pest_rule_name;
use crate::role::Role;
use crate::schemes::grammar::{reference_of, Proven, SchemeFacts};
use crate::schemes::{violation, SchemeError, SchemeViolation};
use crate::spec::{Rfc3986, Rfc3987, Spec};

/// A rule of a derived grammar, known by its place in the grammar's `Rule`
/// type and its name: what the interpreter records pairs of.
///
/// It is ordered by that place, as the variants of `Rule` are (pest sorts
/// the rules its error lists by it), and its `Debug` writes the name, as
/// pest_derive's `Rule` does (an error names a rule by it).
#[derive(Clone, Copy)]
pub struct NamedRule {
    index: u16,
    role: Option<Role>,
    name: &'static str,
}

impl NamedRule {
    /// The rule's name in the grammar.
    pub fn name(self) -> &'static str {
        self.name
    }

    /// The rule's place among the variants of the grammar's `Rule`.
    pub fn index(self) -> usize {
        usize::from(self.index)
    }
}

impl PartialEq for NamedRule {
    fn eq(&self, other: &Self) -> bool {
        self.index == other.index
    }
}

impl Eq for NamedRule {}

impl Hash for NamedRule {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.index.hash(state);
    }
}

impl PartialOrd for NamedRule {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for NamedRule {
    fn cmp(&self, other: &Self) -> Ordering {
        self.index.cmp(&other.index)
    }
}

impl fmt::Debug for NamedRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

impl UriRule for NamedRule {
    fn role(self) -> Option<Role> {
        self.role
    }

    /// `None`: only the diagnosis of a generic reference asks, which the
    /// parse of a derived grammar runs with the crate's own grammars.
    fn with_role(_: Role) -> Option<Self> {
        None
    }
}

/// What the derive knows of a grammar it compiled and a literal of it is
/// checked with: the facts the parse reads of the compiled grammar.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GrammarFacts {
    /// The scheme's name in errors (`Grammar::SCHEME`).
    pub scheme: String,
    /// Whether the grammar is built on `iri.pest` (its generic reference
    /// is an `Iri`).
    pub iri: bool,
    /// `Grammar::EXTENDS_BASE`.
    pub extends_base: bool,
    /// Every rule, in the order of the variants of the grammar's `Rule`
    /// (`EOI` first where the grammar uses it), each with the role it
    /// plays: its place in [`Role::ALL`].
    pub rules: Vec<(String, Option<usize>)>,
    /// The rules whose every match the generator proved reads the generic
    /// reference from the pairs and the delimiters alone.
    pub static_reading: Vec<String>,
    /// The rules whose every match the generator proved has no pair run
    /// across a component of the generic reading.
    pub pairs_nest: Vec<String>,
}

/// A matcher of a grammar with pest's semantics: pest's `Parser::parse`,
/// and where the match ended.
pub trait GrammarMatcher {
    /// The pairs of a match of a prefix of `input` from `rule`, and the
    /// byte after it; or pest's error.
    ///
    /// # Errors
    ///
    /// pest's, where `rule` does not match.
    #[allow(clippy::type_complexity)]
    fn parse<'i>(
        &self,
        rule: NamedRule,
        input: &'i str,
    ) -> Result<(pest::iterators::Pairs<'i, NamedRule>, usize), pest::error::Error<NamedRule>>;
}

/// A [`GrammarMatcher`] as the diagnosis runs a parser with pest's API.
struct Matching<M>(M);

impl<M: GrammarMatcher> PestParse<NamedRule> for Matching<M> {
    fn pest_parse<'i>(
        &self,
        rule: NamedRule,
        input: &'i str,
    ) -> Result<pest::iterators::Pairs<'i, NamedRule>, pest::error::Error<NamedRule>> {
        self.0.parse(rule, input).map(|(pairs, _)| pairs)
    }
}

/// A derived grammar, ready to check literals of it.
pub struct GrammarLiteral<M> {
    scheme: &'static str,
    iri: bool,
    extends_base: bool,
    rules: Vec<NamedRule>,
    /// By [`NamedRule::index`].
    static_reading: Vec<bool>,
    /// By [`NamedRule::index`].
    pairs_nest: Vec<bool>,
    /// By [`NamedRule::index`].
    parsers: PestParsers<Matching<M>>,
}

/// A literal a parse accepted: the bounds of its generic reference (as
/// `Bounds::to_raw` gives them) and its pairs, in preorder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiteralParse {
    /// The generic reference's bounds.
    pub bounds: [u32; 8],
    /// The pairs.
    pub pairs: Vec<Node<NamedRule>>,
}

impl<M: GrammarMatcher> GrammarLiteral<M> {
    /// The grammar of `facts`, matched by the matcher `matcher` makes from
    /// a map of the grammar's rule names to its rules. The names of its
    /// rules and its scheme live as long as the process (a proc-macro
    /// builds one per grammar): the errors of a parse hold them as
    /// `'static`.
    ///
    /// # Errors
    ///
    /// `matcher`'s; or facts that name a rule the grammar does not have,
    /// more rules than a `Rule` can have, or an RFC rule that does not
    /// exist: facts the derive did not write.
    pub fn new(
        facts: &GrammarFacts,
        matcher: impl FnOnce(&dyn Fn(&str) -> Option<NamedRule>) -> Result<M, String>,
    ) -> Result<Self, String> {
        // The diagnosis reads what pest's error detail records (the
        // furthest byte a token reached, and the tokens tried there), as
        // the compiled parser's diagnostic variant records it.
        pest::set_error_detail(true);
        let mut rules = Vec::with_capacity(facts.rules.len());
        for (index, (name, role)) in facts.rules.iter().enumerate() {
            let index = u16::try_from(index).map_err(|_| "too many rules".to_string())?;
            let role = match role {
                None => None,
                Some(role) => Some(
                    *Role::ALL
                        .get(*role)
                        .ok_or_else(|| format!("no role {role}"))?,
                ),
            };
            rules.push(NamedRule {
                index,
                role,
                name: Box::leak(name.clone().into_boxed_str()),
            });
        }
        let set = |names: &[String]| -> Result<Vec<bool>, String> {
            let mut set = alloc::vec![false; rules.len()];
            for name in names {
                let rule = rules
                    .iter()
                    .find(|rule| rule.name == name)
                    .ok_or_else(|| format!("no rule {name}"))?;
                set[rule.index()] = true;
            }
            Ok(set)
        };
        let matcher = matcher(&|name| rules.iter().copied().find(|rule| rule.name == name))?;
        Ok(GrammarLiteral {
            scheme: Box::leak(facts.scheme.clone().into_boxed_str()),
            iri: facts.iri,
            extends_base: facts.extends_base,
            static_reading: set(&facts.static_reading)?,
            pairs_nest: set(&facts.pairs_nest)?,
            rules,
            parsers: PestParsers(Matching(matcher)),
        })
    }

    /// The rule named `name`, if the grammar has one.
    pub fn rule(&self, name: &str) -> Option<NamedRule> {
        self.rules.iter().copied().find(|rule| rule.name == name)
    }

    /// Every rule, in the order of the grammar's `Rule`.
    pub fn rules(&self) -> &[NamedRule] {
        &self.rules
    }

    /// What `Grammar::parse(rule, text)` gives: the bounds and the pairs
    /// of the literal `text`, or the parse's error.
    ///
    /// # Errors
    ///
    /// The error `Grammar::parse` gives, its offset and its `{:#}`.
    pub fn check(&self, rule: NamedRule, text: &str) -> Result<LiteralParse, LiteralError> {
        let (nodes, end) = match self.parsers.0 .0.parse(rule, text) {
            Ok((pairs, end)) => (pest_nodes(pairs).collect::<Vec<_>>(), Some(end)),
            Err(_) => (Vec::new(), None),
        };
        let mut record = read(nodes.iter().copied());
        let parts = [&nodes[..], &[]];
        let proven = Proven {
            reading: self.static_reading[rule.index()],
            nest: self.pairs_nest[rule.index()],
        };
        let bounds = if self.iri {
            let facts = self.facts::<Rfc3987>();
            reference_of(&facts, rule, text, end, &mut record, parts, proven)
                .map(|uri| raw_bounds(&uri))
        } else {
            let facts = self.facts::<Rfc3986>();
            reference_of(&facts, rule, text, end, &mut record, parts, proven)
                .map(|uri| raw_bounds(&uri))
        };
        match bounds {
            Ok(bounds) => Ok(LiteralParse {
                bounds,
                pairs: nodes,
            }),
            Err(error) => Err(scheme_error(&error)),
        }
    }

    /// The Rust expression a literal of the grammar from the rule named
    /// `rule` with the text `text` expands to: a call of the constructor
    /// the derive puts on the grammar's `Rule` (`rule_type`, its path as
    /// the literal's caller wrote it), which calls
    /// `Parsed::__from_literal`, with the text, its bounds and its pairs,
    /// which name the grammar's rules as variants of `rule_type`.
    ///
    /// # Errors
    ///
    /// The parse's error; or, at offset 0, that the grammar has no rule
    /// `rule`.
    pub fn expansion(
        &self,
        rule_type: &str,
        rule: &str,
        text: &str,
    ) -> Result<String, LiteralError> {
        let entry = self.rule(rule).ok_or_else(|| LiteralError {
            offset: 0,
            message: format!("the grammar has no rule `{rule}`"),
        })?;
        let LiteralParse { bounds, pairs } = self.check(entry, text)?;
        let mut nodes = String::new();
        for node in pairs {
            nodes.push_str(&format!(
                "::rfc3986::__private::runtime::Node {{ rule: {rule_type}::r#{}, start: {}, end: {} }}, ",
                node.rule.name, node.start, node.end
            ));
        }
        Ok(format!(
            "{rule_type}::__rfc3986_literal({text:?}, {bounds:?}, &[{nodes}])"
        ))
    }

    fn facts<X: Spec>(&self) -> Facts<'_, M, X> {
        Facts {
            literal: self,
            spec: PhantomData,
        }
    }
}

/// The error of a parse of a literal, as a [`LiteralError`].
fn scheme_error(error: &SchemeError) -> LiteralError {
    LiteralError {
        offset: error.offset(),
        message: format!("{error:#}"),
    }
}

/// A [`GrammarLiteral`]'s facts, read as a parse of a generic grammar `X`
/// reads a compiled grammar's.
struct Facts<'a, M, X> {
    literal: &'a GrammarLiteral<M>,
    spec: PhantomData<X>,
}

impl<M: GrammarMatcher, X: Spec> SchemeFacts for Facts<'_, M, X> {
    type Rule = NamedRule;
    type Spec = X;

    fn scheme(&self) -> &'static str {
        self.literal.scheme
    }

    fn extends_base(&self) -> bool {
        self.literal.extends_base
    }

    fn rule_name(&self, rule: NamedRule) -> alloc::borrow::Cow<'static, str> {
        alloc::borrow::Cow::Owned(pest_rule_name(rule))
    }

    fn violation(&self, rule: NamedRule, input: &str) -> SchemeViolation {
        violation(&self.literal.parsers, self.literal.scheme, rule, input)
    }
}
