//! What `#[derive(rfc3986::Grammar)]` gives a struct: the [`Grammar`]
//! trait, and a parse's result, [`Parsed`] (the generic reference and the
//! pairs) or [`Pairs`] (the pairs alone).

use alloc::borrow::Cow;
use core::fmt;
use core::marker::PhantomData;
use core::ops::Range;

use super::reading::{Components, Crossing, ReadingConflict};
use super::{violation, SchemeError, SchemeViolation};
use crate::bounds::Record;
use crate::compiled::runtime::{Node, NodeIter, PairBuffer, Parse};
use crate::compiled::{self, CompiledGrammar};
use crate::diagnose::CompiledParsers;
use crate::grammar::UriRule;
use crate::reference::Reference;
use crate::role::Role;
use crate::spec::Spec;

/// A scheme grammar compiled by `#[derive(rfc3986::Grammar)]`: `uri.pest`
/// (or `uri.pest` and `iri.pest`) and the rules of a `.pest` file of one's
/// own, whose parse gives the generic reference and the pairs of every
/// rule.
///
/// The derive implements it; the crate's scheme types (`HttpUri`,
/// `Mailto`, `Urn`, `FileUri`, with the `schemes` feature) are built on
/// grammars derived the same way. The struct also gets `parse` and
/// `parse_pairs` as its own functions, so that calling them needs no
/// import, and the derive declares a trait of accessors beside it
/// (`RedisRules` for `struct Redis`: `parsed.db_number()`).
///
/// # How a parse goes
///
/// [`parse`](Grammar::parse) runs the compiled parser of the grammar from
/// the rule given, which must match all of the input (anchor it with `SOI`
/// and `EOI`). Then the generic reference:
///
/// - where the pairs hold it (the grammar reaches `URI`, or `scheme`,
///   `authority` and a `path_*` rule, at the places the generic grammar
///   would put them), it is read from them: one parse;
/// - where the pairs and the literal delimiters around them hold it (a
///   scheme written `^"ssh://"`, then `host`), it is read from them too,
///   each part found where the generic grammar would split the text: with
///   no check at all where the generator proved, when it compiled the
///   grammar, that every match of the rule reads that way
///   (`static_reading`), and otherwise with each part checked by the
///   generic grammar's rule for it;
/// - otherwise (a grammar whose path is a rule of its own, as RFC 3966's
///   `tel:` numbers are, say), the generic parser of [`Uri::parse`] runs
///   too, the same one, on the same input.
///
/// A failure is reported by the generic grammar first, when the input is
/// not a reference at all ([`SchemeError::Syntax`]), and otherwise by the
/// grammar's own rules ([`SchemeError::Scheme`], from the compiled parser's
/// diagnostic variant, which records what pest's parser records).
///
/// The pairs and the generic reference never contradict each other. A
/// grammar may match a component with rules of its own, but where one of
/// its pairs runs across the start or the end of a component of the
/// generic reading (a number that takes the `#` RFC 3986 starts a fragment
/// with), the input is read two ways, and the parse fails with
/// [`SchemeError::Reading`], which names both: RFC 3986 section 3.1 makes
/// a scheme's syntax a subset of the generic syntax. Where the generator
/// proved that no pair of a rule can do so (the literal delimiters of
/// every match place each component, and each pair holds a component
/// whole or none of it), a parse from that rule makes no such comparison.
///
/// [`Uri::parse`]: crate::Uri::parse
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a scheme grammar",
    label = "a scheme grammar is a struct with `#[derive(rfc3986::Grammar)]`",
    note = "derive it with `#[derive(rfc3986::Grammar)]` and `#[grammar = \"your.pest\"]` \
            (the `derive` feature)"
)]
pub trait Grammar: Sized + 'static {
    /// The grammar's rules, which the derive declares as `Rule` beside the
    /// struct: `uri.pest`'s (and `iri.pest`'s) and the file's own.
    type Rule: UriRule;
    /// The generic grammar: [`Rfc3986`](crate::spec::Rfc3986), or
    /// [`Rfc3987`](https://docs.rs/rfc3986/latest/rfc3986/spec/enum.Rfc3987.html) with `#[grammar_base = "iri"]`.
    type Spec: Spec;
    /// Not public API: the grammar as the generator compiled it.
    #[doc(hidden)]
    type Compiled: CompiledGrammar<Rule = Self::Rule>;
    /// The scheme's name in errors (`#[scheme = "..."]`).
    const SCHEME: &'static str;

    /// Whether the grammar replaces a rule of its base (a rule of
    /// `uri.pest` or `iri.pest` marked `// #[extends]`, see
    /// the documentation of the derive `rfc3986::Grammar`): it then
    /// accepts references the generic grammar does not (an IPv6 zone, RFC
    /// 6874), and an input it rejects is its [`SchemeError::Scheme`],
    /// never a [`SchemeError::Syntax`] of the generic grammar. `false`
    /// unless the derive says otherwise.
    const EXTENDS_BASE: bool = false;

    /// Parses `input` from `rule`, which must match all of it: the generic
    /// reference, and the pairs of the grammar's rules.
    ///
    /// # Errors
    ///
    /// [`SchemeError::Syntax`] when `input` is not a reference of the
    /// generic grammar (unless the grammar
    /// [extends its base](Self::EXTENDS_BASE)); [`SchemeError::Scheme`]
    /// when `rule` does not match
    /// all of it, naming the grammar's rule that failed and the byte;
    /// [`SchemeError::Reading`] when it matches, but a pair runs across a
    /// component of the generic reading.
    fn parse(rule: Self::Rule, input: &str) -> Result<Parsed<'_, Self>, SchemeError>;

    /// Matches `input` from `rule` with the grammar alone, as pest's
    /// `Parser::parse` does (a prefix, unless the rule ends in `EOI`): the
    /// pairs, and no generic reference. For entry rules that are not a
    /// whole reference (the `to` of a `mailto:`, say).
    ///
    /// # Errors
    ///
    /// A [`SchemeViolation`] naming the grammar's rule that failed and the
    /// byte.
    fn parse_pairs(rule: Self::Rule, input: &str) -> Result<Pairs<'_, Self>, SchemeViolation>;
}

/// A successful [`Grammar::parse`]: the generic reference (a
/// [`Uri`](crate::Uri) or [`Iri`](https://docs.rs/rfc3986/latest/rfc3986/type.Iri.html) borrowing the input), and the
/// pairs of the grammar's rules.
pub struct Parsed<'i, G: Grammar> {
    uri: Reference<G::Spec, &'i str>,
    pairs: Pairs<'i, G>,
}

impl<'i, G: Grammar> Parsed<'i, G> {
    /// The generic reference, typed: host, port, path...
    pub fn uri(&self) -> &Reference<G::Spec, &'i str> {
        &self.uri
    }

    /// The generic reference, without the pairs.
    pub fn into_uri(self) -> Reference<G::Spec, &'i str> {
        self.uri
    }

    /// The text of the first pair of `rule`, in preorder; `None` when the
    /// parse has none.
    ///
    /// `host` and `path` (and `ihost` and `ipath`) record no pair: each is
    /// silent in the RFC grammars, an ordered choice of rules that do
    /// (`IP_literal`, `IPv4address`, `reg_name`; `path_abempty` and the
    /// other four). Asked for either, `get` gives the component, where the
    /// alternative that matched is the one the generic reference reads.
    ///
    /// ```
    /// use rfc3986::schemes::Grammar;
    ///
    /// #[derive(rfc3986::Grammar)]
    /// #[grammar_inline = r#"
    /// ssh_URI = ${ ^"ssh://" ~ (userinfo ~ "@")? ~ host ~ (":" ~ port)? ~ path_abempty }
    /// ssh_input = _{ SOI ~ ssh_URI ~ EOI }
    /// "#]
    /// struct Ssh;
    ///
    /// let parsed = Ssh::parse(Rule::ssh_input, "ssh://git@[::1]:22/repo.git")?;
    /// assert_eq!(parsed.get(Rule::host), Some("[::1]"));
    /// assert_eq!(parsed.get(Rule::IP_literal), Some("[::1]"));
    /// assert_eq!(parsed.get(Rule::path), Some("/repo.git"));
    /// assert_eq!(parsed.get(Rule::query), None);
    /// # Ok::<(), rfc3986::schemes::SchemeError>(())
    /// ```
    pub fn get(&self, rule: G::Rule) -> Option<&'i str> {
        self.span(rule).map(|span| &self.pairs.input[span])
    }

    /// The texts of every pair of `rule`, in preorder: [`get`](Self::get)
    /// gives the first. `host` and `path` (and `ihost` and `ipath`), which
    /// record no pair, give their component, as `get` reads it.
    ///
    /// The accessor the derive generates for a rule of yours that a parse
    /// can record more than once gives the same (`parsed.item()` below).
    ///
    /// ```
    /// use rfc3986::schemes::Grammar;
    ///
    /// #[derive(rfc3986::Grammar)]
    /// #[grammar_inline = r#"
    /// list_URI = ${ ^"list:" ~ item ~ ("," ~ item)* }
    /// item = @{ ALPHA+ }
    /// list_input = _{ SOI ~ list_URI ~ EOI }
    /// "#]
    /// struct List;
    ///
    /// let parsed = List::parse(Rule::list_input, "list:milk,eggs,tea")?;
    /// assert!(parsed.all(Rule::item).eq(["milk", "eggs", "tea"]));
    /// assert_eq!(parsed.get(Rule::item), Some("milk"));
    /// assert!(parsed.item().eq(["milk", "eggs", "tea"]));
    /// assert_eq!(parsed.all(Rule::query).next(), None);
    /// # Ok::<(), rfc3986::schemes::SchemeError>(())
    /// ```
    pub fn all(&self, rule: G::Rule) -> Texts<'_, 'i, G::Rule> {
        Texts {
            component: self
                .silent_component(rule)
                .map(|span| &self.pairs.input[span]),
            ..self.pairs.all(rule)
        }
    }

    /// The bytes of the input the first pair of `rule` spans (with `host`
    /// and `path` read as [`get`](Self::get) says).
    pub fn span(&self, rule: G::Rule) -> Option<Range<usize>> {
        self.pairs
            .span(rule)
            .or_else(|| self.silent_component(rule))
    }

    /// [`span`](Self::span) of each of `rules`, read in one pass over the
    /// pairs, where `span` of each reads them once per rule: for a type
    /// that takes several components of a grammar of its own at once.
    ///
    /// ```
    /// use rfc3986::schemes::Grammar;
    ///
    /// #[derive(rfc3986::Grammar)]
    /// #[grammar_inline = r#"
    /// isbn_URI = ${ ^"isbn:" ~ group ~ "-" ~ publisher ~ ("-" ~ title)? }
    /// group = @{ DIGIT+ }
    /// publisher = @{ DIGIT+ }
    /// title = @{ DIGIT+ }
    /// isbn_input = _{ SOI ~ isbn_URI ~ EOI }
    /// "#]
    /// struct Isbn;
    ///
    /// let parsed = Isbn::parse(Rule::isbn_input, "isbn:0-451")?;
    /// let [group, publisher, title, path] =
    ///     parsed.spans([Rule::group, Rule::publisher, Rule::title, Rule::path]);
    /// assert_eq!((group, publisher, title), (Some(5..6), Some(7..10), None));
    /// assert_eq!(path, None);
    /// # Ok::<(), rfc3986::schemes::SchemeError>(())
    /// ```
    pub fn spans<const N: usize>(&self, rules: [G::Rule; N]) -> [Option<Range<usize>>; N] {
        let mut spans: [Option<Range<usize>>; N] = core::array::from_fn(|_| None);
        let mut missing = N;
        for pair in self.pairs.iter() {
            for (span, rule) in spans.iter_mut().zip(rules) {
                if span.is_none() && pair.rule == rule {
                    *span = Some(pair.span());
                    missing -= 1;
                }
            }
            if missing == 0 {
                return spans;
            }
        }
        for (span, rule) in spans.iter_mut().zip(rules) {
            if span.is_none() {
                *span = self.silent_component(rule);
            }
        }
        spans
    }

    /// The span of the component that `rule`, a silent choice of RFC
    /// rules (`host`, `path`), matched: the generic reference's, where a
    /// pair of one of its alternatives lies exactly there.
    fn silent_component(&self, rule: G::Rule) -> Option<Range<usize>> {
        use Role::*;
        let bounds = self.uri.bounds();
        let (span, alternatives): (_, &[Role]) = match rule.role()? {
            Host => (bounds.host()?, &[IpLiteral, Ipv4Address, RegName]),
            Path => (
                bounds.path(),
                &[
                    PathAbempty,
                    PathAbsolute,
                    PathNoscheme,
                    PathRootless,
                    PathEmpty,
                ],
            ),
            _ => return None,
        };
        self.pairs
            .iter()
            .any(|pair| {
                pair.span() == span
                    && pair
                        .rule()
                        .role()
                        .is_some_and(|rfc| alternatives.contains(&rfc))
            })
            .then_some(span)
    }

    /// All the pairs, in preorder.
    pub fn pairs(&self) -> &Pairs<'i, G> {
        &self.pairs
    }

    /// The input.
    pub fn as_str(&self) -> &'i str {
        self.pairs.input
    }
}

impl<G: Grammar> Parsed<'static, G> {
    /// Not public API: what a literal of a derived grammar (the macro that
    /// `#[literal_macro = "..."]` declares) expands to: `text`, with the
    /// bounds of the generic reference and the pairs that a parse of it
    /// gave when the macro expanded, so that a `const` holds it and using
    /// it runs no parse.
    #[doc(hidden)]
    #[must_use]
    pub const fn __from_literal(
        text: &'static str,
        bounds: [u32; 8],
        pairs: &'static [Node<G::Rule>],
    ) -> Self {
        // Pairs written by hand that do not fit the text stop the `const`
        // here, as bounds that do not fit it do.
        let mut index = 0;
        while index < pairs.len() {
            let (start, end) = (pairs[index].start, pairs[index].end);
            assert!(
                start <= end && end <= text.len(),
                "a pair of a literal does not fit its text"
            );
            index += 1;
        }
        Parsed {
            uri: Reference::__from_literal(text, bounds),
            pairs: Pairs {
                input: text,
                end: text.len(),
                store: Store::Literal(pairs),
            },
        }
    }
}

#[cfg(feature = "iri")]
#[cfg_attr(docsrs, doc(cfg(feature = "iri")))]
impl<'i, G: Grammar<Spec = crate::spec::Rfc3987>> Parsed<'i, G> {
    /// The generic reference of a grammar on the IRI base
    /// (`#[grammar_base = "iri"]`): [`uri`](Self::uri), by the name of
    /// what it is, an [`Iri`](https://docs.rs/rfc3986/latest/rfc3986/type.Iri.html).
    ///
    /// ```
    /// use rfc3986::schemes::Grammar;
    ///
    /// #[derive(rfc3986::Grammar)]
    /// #[grammar_base = "iri"]
    /// #[grammar_inline = r#"
    /// wiki_IRI = ${ ^"wiki://" ~ ihost ~ "/" ~ title }
    /// title = @{ (iunreserved | pct_encoded)+ }
    /// wiki_input = _{ SOI ~ wiki_IRI ~ EOI }
    /// "#]
    /// struct Wiki;
    ///
    /// let parsed = Wiki::parse(Rule::wiki_input, "wiki://de.example/Straße")?;
    /// let iri: &rfc3986::Iri<&str> = parsed.iri();
    /// assert_eq!(iri.path(), "/Straße");
    /// assert_eq!(parsed.get(Rule::title), Some("Straße"));
    /// # Ok::<(), rfc3986::schemes::SchemeError>(())
    /// ```
    pub fn iri(&self) -> &crate::Iri<&'i str> {
        &self.uri
    }
}

impl<G: Grammar> Clone for Parsed<'_, G> {
    fn clone(&self) -> Self {
        Parsed {
            uri: self.uri,
            pairs: self.pairs.clone(),
        }
    }
}

impl<G: Grammar> fmt::Debug for Parsed<'_, G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Parsed")
            .field("uri", &self.uri)
            .field("pairs", &self.pairs)
            .finish()
    }
}

/// The pairs of a parse of a derived grammar, in preorder (by start, outer
/// before inner), as pest's `Pairs::flatten` gives them: every rule's that
/// is not silent, none inside an atomic rule.
pub struct Pairs<'i, G: Grammar> {
    input: &'i str,
    end: usize,
    store: Store<<G::Compiled as CompiledGrammar>::Buffer, G::Rule>,
}

/// Where [`Pairs`] keeps the pairs: the buffer a parse recorded them into,
/// or, for a literal checked at compile time, a static slice.
#[derive(Clone)]
enum Store<B, R: 'static> {
    Buffer(B),
    Literal(&'static [Node<R>]),
}

impl<B: PairBuffer<R>, R> Store<B, R> {
    /// The pairs, in preorder: the first slice, then the second.
    #[inline(always)]
    fn parts(&self) -> [&[Node<R>]; 2] {
        match self {
            Store::Buffer(buffer) => buffer.parts(),
            Store::Literal(nodes) => [nodes, &[]],
        }
    }
}

impl<'i, G: Grammar> Pairs<'i, G> {
    /// The text of the first pair of `rule`, in preorder. A silent rule
    /// records no pair; [`Parsed::get`] reads `host` and `path` from the
    /// generic reference.
    pub fn get(&self, rule: G::Rule) -> Option<&'i str> {
        self.find(rule).map(|pair| pair.as_str())
    }

    /// The bytes of the input the first pair of `rule` spans.
    pub fn span(&self, rule: G::Rule) -> Option<Range<usize>> {
        self.find(rule).map(|pair| pair.span())
    }

    /// The texts of every pair of `rule`, in preorder; [`get`](Self::get)
    /// gives the first.
    ///
    /// ```
    /// use rfc3986::schemes::Grammar;
    ///
    /// #[derive(rfc3986::Grammar)]
    /// #[grammar_inline = r#"
    /// hosts = { host ~ ("/" ~ host)* }
    /// "#]
    /// struct Hosts;
    ///
    /// let pairs = Hosts::parse_pairs(Rule::hosts, "a.example/10.0.0.1/[::1]")?;
    /// assert!(pairs.all(Rule::reg_name).eq(["a.example"]));
    /// assert!(pairs.all(Rule::IPv4address).eq(["10.0.0.1"]));
    /// assert_eq!(pairs.all(Rule::IP_literal).collect::<Vec<_>>(), ["[::1]"]);
    /// # Ok::<(), rfc3986::schemes::SchemeViolation>(())
    /// ```
    pub fn all(&self, rule: G::Rule) -> Texts<'_, 'i, G::Rule> {
        Texts {
            pairs: self.iter(),
            rule,
            component: None,
        }
    }

    /// The first pair of `rule`, in preorder.
    pub fn find(&self, rule: G::Rule) -> Option<Pair<'i, G::Rule>> {
        // Over the buffer's two slices in place, making a `Pair` of the
        // one found only: `get` and `span` run it for every rule read.
        for part in self.store.parts() {
            for node in part {
                if node.rule == rule {
                    return Some(Pair {
                        rule,
                        input: self.input,
                        start: node.start,
                        end: node.end,
                    });
                }
            }
        }
        None
    }

    /// The pairs, in preorder.
    pub fn iter(&self) -> PairIter<'_, 'i, G::Rule> {
        let [first, second] = self.store.parts();
        PairIter {
            nodes: first.iter().chain(second).copied(),
            input: self.input,
        }
    }

    /// How many pairs there are.
    pub fn len(&self) -> usize {
        let [first, second] = self.store.parts();
        first.len() + second.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The text matched: the input up to where the rule's match ended.
    pub fn as_str(&self) -> &'i str {
        &self.input[..self.end]
    }
}

impl<G: Grammar> Clone for Pairs<'_, G> {
    fn clone(&self) -> Self {
        Pairs {
            input: self.input,
            end: self.end,
            store: self.store.clone(),
        }
    }
}

impl<G: Grammar> fmt::Debug for Pairs<'_, G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a, 'i, G: Grammar> IntoIterator for &'a Pairs<'i, G> {
    type Item = Pair<'i, G::Rule>;
    type IntoIter = PairIter<'a, 'i, G::Rule>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// A pair: a rule, and the part of the input it matched.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pair<'i, R> {
    rule: R,
    input: &'i str,
    start: usize,
    end: usize,
}

impl<'i, R: Copy> Pair<'i, R> {
    /// The rule.
    pub fn rule(&self) -> R {
        self.rule
    }

    /// The text it matched.
    pub fn as_str(&self) -> &'i str {
        &self.input[self.start..self.end]
    }

    /// The bytes of the input it matched.
    pub fn span(&self) -> Range<usize> {
        self.start..self.end
    }

    /// Its first byte.
    pub fn start(&self) -> usize {
        self.start
    }

    /// The byte after it.
    pub fn end(&self) -> usize {
        self.end
    }
}

impl<R: fmt::Debug> fmt::Debug for Pair<'_, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?}({}..{}, {:?})",
            self.rule,
            self.start,
            self.end,
            &self.input[self.start..self.end]
        )
    }
}

/// The pairs of [`Pairs`], in preorder.
#[derive(Clone, Debug)]
pub struct PairIter<'a, 'i, R> {
    nodes: NodeIter<'a, R>,
    input: &'i str,
}

impl<'i, R: Copy> Iterator for PairIter<'_, 'i, R> {
    type Item = Pair<'i, R>;

    #[inline]
    fn next(&mut self) -> Option<Pair<'i, R>> {
        self.nodes.next().map(|node| Pair {
            rule: node.rule,
            input: self.input,
            start: node.start,
            end: node.end,
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.nodes.size_hint()
    }
}

impl<R: Copy> ExactSizeIterator for PairIter<'_, '_, R> {}

/// The texts of the pairs of one rule, in preorder: what
/// [`Pairs::all`] and [`Parsed::all`] give, and the accessor the derive
/// generates for a rule that a parse can record more than once.
#[derive(Clone, Debug)]
pub struct Texts<'a, 'i, R> {
    pairs: PairIter<'a, 'i, R>,
    rule: R,
    /// The component of a silent RFC rule (`host`, `path`), which has no
    /// pair: the one text given.
    component: Option<&'i str>,
}

impl<'i, R: Copy + PartialEq> Iterator for Texts<'_, 'i, R> {
    type Item = &'i str;

    fn next(&mut self) -> Option<&'i str> {
        if let Some(text) = self.component.take() {
            return Some(text);
        }
        let rule = self.rule;
        self.pairs
            .find(|pair| pair.rule == rule)
            .map(|pair| pair.as_str())
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let extra = usize::from(self.component.is_some());
        let most = self.pairs.size_hint().1;
        (extra, most.and_then(|pairs| pairs.checked_add(extra)))
    }
}

/// [`Grammar::parse`] with the grammar's compiled parser: what the derive's
/// implementation calls. Not public API.
#[doc(hidden)]
#[inline]
pub fn parse_grammar<G: Grammar, const PROVEN: bool, const NEST: bool>(
    rule: G::Rule,
    input: &str,
) -> Result<Parsed<'_, G>, SchemeError> {
    let mut parse = recorder::<G>(input);
    let end = compiled::run_outlined::<G::Compiled, _>(rule, &mut parse);
    let (pairs, record) = &mut parse.pairs;
    let uri = reference_of(
        &CompiledFacts::<G>::FACTS,
        rule,
        input,
        end,
        record,
        pairs.parts(),
        Proven {
            reading: PROVEN,
            nest: NEST,
        },
    )?;
    Ok(Parsed {
        uri,
        pairs: Pairs {
            input,
            end: input.len(),
            store: Store::Buffer(parse.pairs.0),
        },
    })
}

/// What the end of a derived grammar's parse reads of the grammar, after
/// its parser matched: the compiled grammar's answers ([`CompiledFacts`]),
/// or, with the `grammar-literals` feature, those the derive handed to a
/// literal of the grammar, checked at compile time by an interpreter of the
/// same grammar. [`reference_of`] is written once over it, so that a
/// literal and a parse of its text read the same reference and fail with
/// the same error.
pub(crate) trait SchemeFacts {
    /// The grammar's rules.
    type Rule: UriRule;
    /// The generic grammar.
    type Spec: Spec;

    /// [`Grammar::SCHEME`].
    fn scheme(&self) -> &'static str;
    /// [`Grammar::EXTENDS_BASE`].
    fn extends_base(&self) -> bool;
    /// The rule's name as an error writes it.
    fn rule_name(&self, rule: Self::Rule) -> Cow<'static, str>;
    /// The violation of a failed parse of `input` from `rule`.
    fn violation(&self, rule: Self::Rule, input: &str) -> SchemeViolation;
}

/// The facts of the derived grammar `G`, compiled into it.
pub(crate) struct CompiledFacts<G>(PhantomData<G>);

impl<G> CompiledFacts<G> {
    const FACTS: CompiledFacts<G> = CompiledFacts(PhantomData);
}

impl<G: Grammar> SchemeFacts for CompiledFacts<G> {
    type Rule = G::Rule;
    type Spec = G::Spec;

    #[inline(always)]
    fn scheme(&self) -> &'static str {
        G::SCHEME
    }

    #[inline(always)]
    fn extends_base(&self) -> bool {
        G::EXTENDS_BASE
    }

    fn rule_name(&self, rule: G::Rule) -> Cow<'static, str> {
        Cow::Borrowed(G::Compiled::rule_name(rule))
    }

    fn violation(&self, rule: G::Rule, input: &str) -> SchemeViolation {
        violation(
            &CompiledParsers::<G::Compiled>::PARSERS,
            G::SCHEME,
            rule,
            input,
        )
    }
}

/// What the generator proved of the matches of a derived grammar's rule
/// (`#[derive(rfc3986::Grammar)]` writes it into the parse from each
/// rule).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Proven {
    /// Every match is read as the generic grammar reads it, from its pairs
    /// and literal bytes alone.
    pub(crate) reading: bool,
    /// Each pair of every match holds all of each component of the
    /// generic reading or none of it.
    pub(crate) nest: bool,
}

/// The generic reference of a derived grammar's parse of `input` from
/// `rule`, whose match ended at `end` (`None`: it failed) with the pairs
/// `parts` (in preorder, the second slice after the first) and the one
/// `record` of positions, filled in the same pass, where the generator
/// proved `proven` of the rule; or the parse's error.
#[inline(always)]
pub(crate) fn reference_of<'i, F: SchemeFacts>(
    facts: &F,
    rule: F::Rule,
    input: &'i str,
    end: Option<usize>,
    record: &mut Record,
    parts: [&[Node<F::Rule>]; 2],
    proven: Proven,
) -> Result<Reference<F::Spec, &'i str>, SchemeError> {
    if end != Some(input.len()) {
        return Err(rejected(facts, rule, input, end));
    }
    use crate::parse::EntryPoints;
    let reading =
        crate::lower::derived_reference(record, input, F::Spec::syntax().matches, proven.reading);
    let (uri, may_cross) = match reading {
        Some(reading) => (
            Reference::from_bounds(input, reading.bounds),
            reading.may_cross,
        ),
        None => (Reference::<F::Spec, &str>::parse(input)?, true),
    };
    // No pair can cross a component where the generator proved that they
    // nest with the components; a plain loop over the pairs, as this runs
    // on every other parse that reads a component from the text.
    if may_cross && !proven.nest {
        if let Some(crossing) = first_crossing(parts, &uri) {
            return Err(read_two_ways(facts, parts, crossing, input));
        }
    }
    Ok(uri)
}

/// A parse of `input` by `G` about to start, recording the pairs and the
/// lowering's slots in the same pass. [`parse_grammar`] and [`parse_pairs`]
/// both record into it, so that each grammar's parser is compiled once.
#[inline(always)]
fn recorder<G: Grammar>(
    input: &str,
) -> Parse<'_, (<G::Compiled as CompiledGrammar>::Buffer, Record)> {
    let sink = (PairBuffer::empty(G::Compiled::FILLER), Record::new());
    Parse::with_sink(input, sink)
}

/// The first of `parts`, the pairs of a parse of the reference `uri`, that
/// runs across one of its components.
#[inline]
fn first_crossing<R, X: Spec>(
    parts: [&[Node<R>]; 2],
    uri: &Reference<X, &str>,
) -> Option<Crossing> {
    let components = Components::of(uri.bounds(), uri.as_str().len());
    let mut index = 0;
    let mut cursor = 0;
    for part in parts {
        for node in part {
            // A pair that crosses the start or the end of a component holds
            // the delimiter there.
            if let Some((component, span)) =
                components.crossed_in_order(&mut cursor, node.start, node.end)
            {
                return Some(Crossing {
                    pair: index,
                    component,
                    span,
                });
            }
            index += 1;
        }
    }
    None
}

/// The error of a parse whose pair `crossing.pair` runs across a component
/// of the generic reading.
#[cold]
#[inline(never)]
fn read_two_ways<F: SchemeFacts>(
    facts: &F,
    parts: [&[Node<F::Rule>]; 2],
    crossing: Crossing,
    input: &str,
) -> SchemeError {
    let node = parts[0]
        .iter()
        .chain(parts[1])
        .nth(crossing.pair)
        .expect("the pair crossing is one of the tree's");
    SchemeError::Reading(ReadingConflict::new(
        facts.scheme(),
        facts.rule_name(node.rule),
        node.start..node.end,
        crossing,
        input,
    ))
}

/// The error of a parse whose rule did not match all of its input (it
/// matched a prefix up to `end`, or nothing): the generic grammar's if the
/// input is not a reference, else the grammar's own.
#[cold]
#[inline(never)]
fn rejected<F: SchemeFacts>(
    facts: &F,
    rule: F::Rule,
    input: &str,
    end: Option<usize>,
) -> SchemeError {
    // A grammar that extends its base is the judge of what a reference
    // is: the generic grammar's error would be at a byte it accepts.
    if !facts.extends_base() {
        if let Err(error) = Reference::<F::Spec, &str>::parse(input) {
            return SchemeError::Syntax(error);
        }
    }
    SchemeError::Scheme(match end {
        None => facts.violation(rule, input),
        Some(end) => SchemeViolation::new(
            facts.scheme(),
            facts.rule_name(rule),
            input,
            end,
            "end of input",
        ),
    })
}

/// [`Grammar::parse_pairs`] with the grammar's compiled parser. Not public
/// API.
#[doc(hidden)]
pub fn parse_pairs<G: Grammar>(
    rule: G::Rule,
    input: &str,
) -> Result<Pairs<'_, G>, SchemeViolation> {
    let mut parse = recorder::<G>(input);
    match compiled::run_outlined::<G::Compiled, _>(rule, &mut parse) {
        Some(end) => Ok(Pairs {
            input,
            end,
            store: Store::Buffer(parse.pairs.0),
        }),
        None => Err(violation(
            &CompiledParsers::<G::Compiled>::PARSERS,
            G::SCHEME,
            rule,
            input,
        )),
    }
}
