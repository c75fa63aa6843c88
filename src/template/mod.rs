//! URI Templates (RFC 6570): a template parsed by the grammar of
//! `template.pest`, expanded into a URI reference the crate's grammar has
//! checked, and matched against a URI reference to give back its
//! variables.
//!
//! This module owns the [`Template`] type and its record of positions
//! (each expression, operator and variable of the text), read from the
//! pairs of the compiled parser of `uri.pest` + `iri.pest` +
//! `template.pest`, which the build script compiles as it compiles the
//! reference grammars. Expansion ([`Template::expand`]), matching
//! ([`Template::match_uri`]), the variables ([`Value`], [`Variables`],
//! [`Vars`]) and, with `serde`, variables from any `Serialize` value
//! (`Template::expand_serialize`) are private modules of their own.
//!
//! Layer: above the reference types and the algorithms, beside `checks`.
//! It imports the compiled parsers, the diagnosis, percent-encoding and the
//! reference types (an expansion is checked by `Uri::parse` or
//! `Iri::parse`); nothing below imports it.

mod expand;
mod grammar;
mod matching;
#[cfg(feature = "serde")]
mod serialize;
mod value;

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::ops::Range;
use core::str::FromStr;

pub use expand::ExpandError;
#[cfg(feature = "pest-parsers")]
pub use grammar::TemplateParser;
pub use grammar::TemplateRule;
pub use matching::{Capture, Captures, Matcher};
#[cfg(feature = "serde")]
pub use serialize::VariablesError;
pub use value::{Value, Variables, Vars};

/// What the crate root re-exports of this module (which the root builds
/// with the `template` feature), each item under the feature it needs.
pub(crate) mod at_root {
    #[cfg(feature = "pest-parsers")]
    pub use super::TemplateParser;
    pub use super::{Template, TemplateRule};
}

/// What the crate's `__private` re-exports of this module.
pub(crate) mod private {
    #[cfg(feature = "pest-parsers")]
    pub use super::compare as compare_template;
}

use crate::compiled::runtime::PairBuffer;
use crate::compiled::{self, template::Grammar};
use crate::diagnose::{self, CompiledParsers};
use crate::error::{ErrorKind, ParseError};
use crate::reference::{Input, Storage};

/// The operator of an expression (RFC 6570 section 2.2), and how it
/// expands (the table of Appendix A).
///
/// ```
/// use rfc3986::template::Operator;
///
/// assert_eq!(Operator::from_char('?'), Some(Operator::Query));
/// assert_eq!(Operator::Query.first(), "?");
/// assert_eq!(Operator::Query.separator(), "&");
/// assert!(Operator::Query.named());
/// assert!(Operator::Reserved.allows_reserved());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Operator {
    /// No operator: simple string expansion (`{var}`, section 3.2.2).
    Simple,
    /// `+`: reserved expansion (section 3.2.3).
    Reserved,
    /// `#`: fragment expansion (section 3.2.4).
    Fragment,
    /// `.`: label expansion with dot-prefix (section 3.2.5).
    Label,
    /// `/`: path segment expansion (section 3.2.6).
    PathSegment,
    /// `;`: path-style parameter expansion (section 3.2.7).
    PathParameter,
    /// `?`: form-style query expansion (section 3.2.8).
    Query,
    /// `&`: form-style query continuation (section 3.2.9).
    QueryContinuation,
}

impl Operator {
    /// Every operator, in the order of Appendix A's table.
    pub const ALL: [Operator; 8] = [
        Operator::Simple,
        Operator::Reserved,
        Operator::Fragment,
        Operator::Label,
        Operator::PathSegment,
        Operator::PathParameter,
        Operator::Query,
        Operator::QueryContinuation,
    ];

    /// The operator written `c` (`+ # . / ; ? &`); `None` for any other
    /// character, the reserved operators (`= , ! @ |`) among them.
    pub fn from_char(c: char) -> Option<Operator> {
        Some(match c {
            '+' => Operator::Reserved,
            '#' => Operator::Fragment,
            '.' => Operator::Label,
            '/' => Operator::PathSegment,
            ';' => Operator::PathParameter,
            '?' => Operator::Query,
            '&' => Operator::QueryContinuation,
            _ => return None,
        })
    }

    /// The character the operator is written with; `None` for
    /// [`Simple`](Operator::Simple), which has none.
    pub fn as_char(self) -> Option<char> {
        Some(match self {
            Operator::Simple => return None,
            Operator::Reserved => '+',
            Operator::Fragment => '#',
            Operator::Label => '.',
            Operator::PathSegment => '/',
            Operator::PathParameter => ';',
            Operator::Query => '?',
            Operator::QueryContinuation => '&',
        })
    }

    /// What an expansion with at least one defined value starts with
    /// (Appendix A's `first`).
    pub fn first(self) -> &'static str {
        match self {
            Operator::Simple | Operator::Reserved => "",
            Operator::Fragment => "#",
            Operator::Label => ".",
            Operator::PathSegment => "/",
            Operator::PathParameter => ";",
            Operator::Query => "?",
            Operator::QueryContinuation => "&",
        }
    }

    /// What separates the expansions of two defined values (Appendix A's
    /// `sep`).
    pub fn separator(self) -> &'static str {
        match self {
            Operator::Simple | Operator::Reserved | Operator::Fragment => ",",
            Operator::Label => ".",
            Operator::PathSegment => "/",
            Operator::PathParameter => ";",
            Operator::Query | Operator::QueryContinuation => "&",
        }
    }

    /// Whether each value is written as `name=value` (Appendix A's
    /// `named`): `;`, `?` and `&`.
    pub fn named(self) -> bool {
        matches!(
            self,
            Operator::PathParameter | Operator::Query | Operator::QueryContinuation
        )
    }

    /// What follows a name whose value is empty (Appendix A's `ifemp`):
    /// `=` for `?` and `&`, nothing for `;` (and the operators that name
    /// no variable).
    pub fn if_empty(self) -> &'static str {
        match self {
            Operator::Query | Operator::QueryContinuation => "=",
            _ => "",
        }
    }

    /// Whether reserved characters and percent-encoded triplets of a value
    /// are kept as they are (Appendix A's `allow` is `U+R`): `+` and `#`.
    /// Every other operator percent-encodes all but the unreserved
    /// characters.
    pub fn allows_reserved(self) -> bool {
        matches!(self, Operator::Reserved | Operator::Fragment)
    }

    /// The level of RFC 6570 (section 1.2) that introduces the operator:
    /// 1 for simple expansion, 2 for `+` and `#`, 3 for the others.
    pub fn level(self) -> u8 {
        match self {
            Operator::Simple => 1,
            Operator::Reserved | Operator::Fragment => 2,
            _ => 3,
        }
    }
}

impl fmt::Display for Operator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.as_char() {
            Some(c) => fmt::Write::write_char(f, c),
            None => Ok(()),
        }
    }
}

/// One expression of a template's record: where it lies, its operator, and
/// which of the record's variables are its.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct ExpressionAt {
    /// The expression, braces included.
    span: Range<usize>,
    operator: Operator,
    /// Its variables, as indices into [`Template::vars`].
    vars: Range<usize>,
}

/// One variable of an expression (`varspec`): where it and its name lie,
/// and its modifier.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct VarSpecAt {
    span: Range<usize>,
    name: Range<usize>,
    prefix: Option<u16>,
    explode: bool,
}

/// A URI Template (RFC 6570), parsed by the grammar of `template.pest`.
///
/// Like [`Uri`](crate::Uri), it keeps its text exactly as given, in a `&str`,
/// a `String` (the default) or an `Arc<str>`, and records where each
/// expression and variable lies in it.
///
/// ```
/// use rfc3986::template::{Operator, Template, Variables};
///
/// let template = Template::parse("https://api.example.com/repos/{owner}/{repo}/issues{?state,labels*}")?;
/// let expressions: Vec<_> = template.expressions().collect();
/// assert_eq!(expressions.len(), 3);
/// assert_eq!(expressions[2].as_str(), "{?state,labels*}");
/// assert_eq!(expressions[2].operator(), Operator::Query);
/// let labels = expressions[2].varspecs().nth(1).unwrap();
/// assert_eq!((labels.name(), labels.explode(), labels.prefix()), ("labels", true, None));
///
/// let vars = Variables::from([("owner", "rust-lang"), ("repo", "rust"), ("state", "open")]);
/// let uri = template.expand(&vars)?;
/// assert_eq!(uri.as_str(), "https://api.example.com/repos/rust-lang/rust/issues?state=open");
/// # Ok::<(), rfc3986::Error>(())
/// ```
///
/// A text that is not a template is an error that says where, and what the
/// grammar expected there:
///
/// ```
/// use rfc3986::{template::Template, ErrorKind};
///
/// let err = Template::parse("/search{?q").unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (ErrorKind::Template, 10));
/// assert_eq!(
///     err.to_string(),
///     "invalid URI template at byte 10: expected one of %*,.:_}, ALPHA or DIGIT, found end of input"
/// );
///
/// let err = Template::parse("/{=var}").unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (ErrorKind::ReservedOperator, 2));
/// ```
#[derive(Clone)]
pub struct Template<S = String> {
    text: S,
    expressions: Vec<ExpressionAt>,
    vars: Vec<VarSpecAt>,
}

impl<S: Storage> Template<S> {
    /// Parses `input` as a URI Template: `URI-Template` of RFC 6570 section
    /// 2, as `template.pest` transcribes it.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] of kind [`ErrorKind::Template`] at the first byte no
    /// template can take (a literal `'`, `<` or space, an unclosed
    /// expression, a bad variable name, a `max-length` of five digits...),
    /// naming what the grammar expected there; of kind
    /// [`ErrorKind::ReservedOperator`] at an operator section 2.2 reserves
    /// (`=` `,` `!` `@` `|`), which the grammar takes but which must not
    /// be expanded. An owned input is given back in the error.
    pub fn parse<I>(input: I) -> Result<Self, ParseError<I::Back>>
    where
        I: Input<Storage = S>,
    {
        match read(input.text()) {
            Ok((expressions, vars)) => Ok(Template {
                text: input.into_storage(),
                expressions,
                vars,
            }),
            Err(error) => Err(error.with_back(input.into_back())),
        }
    }
}

impl Template {
    /// Whether `text` is a URI Template that [`parse`](Self::parse)
    /// accepts.
    ///
    /// ```
    /// use rfc3986::template::Template;
    ///
    /// assert!(Template::is_valid("/a{/b*}{?c:3}"));
    /// assert!(!Template::is_valid("/a{b"));
    /// assert!(!Template::is_valid("{|b}"));
    /// ```
    pub fn is_valid(text: &str) -> bool {
        read(text).is_ok()
    }
}

impl<S: Storage> Template<S> {
    /// The template's text, exactly as given.
    pub fn as_str(&self) -> &str {
        self.text.text()
    }

    /// The expressions, in the order of the text.
    pub fn expressions(&self) -> impl ExactSizeIterator<Item = Expression<'_>> + Clone + '_ {
        let text = self.as_str();
        self.expressions.iter().map(move |at| Expression {
            text,
            at,
            vars: &self.vars[at.vars.clone()],
        })
    }

    /// The literals and expressions, in the order of the text: every byte
    /// of it is in exactly one part, and no two literals are next to each
    /// other.
    ///
    /// ```
    /// use rfc3986::template::{Part, Template};
    ///
    /// let template = Template::parse("/a{b}{c}d")?;
    /// let parts: Vec<String> = template
    ///     .parts()
    ///     .map(|part| match part {
    ///         Part::Literal(text) => format!("literal {text}"),
    ///         Part::Expression(expression) => format!("expression {}", expression.as_str()),
    ///     })
    ///     .collect();
    /// assert_eq!(parts, ["literal /a", "expression {b}", "expression {c}", "literal d"]);
    /// # Ok::<(), rfc3986::ParseError>(())
    /// ```
    pub fn parts(&self) -> Parts<'_> {
        Parts {
            text: self.as_str(),
            expressions: &self.expressions,
            vars: &self.vars,
            pos: 0,
            next: 0,
        }
    }

    /// Every variable of every expression, in the order of the text (a name
    /// used twice comes twice).
    pub fn varspecs(&self) -> impl ExactSizeIterator<Item = VarSpec<'_>> + Clone + '_ {
        let text = self.as_str();
        self.vars.iter().map(move |at| VarSpec { text, at })
    }

    /// The lowest level of RFC 6570 (section 1.2) whose processors expand
    /// this template: 1 for simple expressions of one variable, 2 for `+`
    /// and `#`, 3 for several variables or the other operators, 4 where a
    /// variable has a prefix or explode modifier.
    ///
    /// ```
    /// use rfc3986::template::Template;
    ///
    /// let level = |t: &str| Template::parse(t).unwrap().level();
    /// assert_eq!(level("/static"), 1);
    /// assert_eq!(level("/{a}"), 1);
    /// assert_eq!(level("/{+a}"), 2);
    /// assert_eq!(level("/{a,b}"), 3);
    /// assert_eq!(level("/{?a}"), 3);
    /// assert_eq!(level("/{a:3}"), 4);
    /// ```
    pub fn level(&self) -> u8 {
        self.expressions()
            .map(|expression| {
                let vars = expression.vars;
                if vars.iter().any(|var| var.explode || var.prefix.is_some()) {
                    4
                } else if vars.len() > 1 {
                    3
                } else {
                    expression.operator().level()
                }
            })
            .max()
            .unwrap_or(1)
    }

    /// The template, borrowing its text.
    pub fn borrowed(&self) -> Template<&str> {
        Template {
            text: self.as_str(),
            expressions: self.expressions.clone(),
            vars: self.vars.clone(),
        }
    }

    /// The template, owning a copy of its text.
    pub fn to_owned(&self) -> Template {
        Template {
            text: String::from(self.as_str()),
            expressions: self.expressions.clone(),
            vars: self.vars.clone(),
        }
    }

    /// The template, owning its text (copied only if it was borrowed).
    pub fn into_owned(self) -> Template {
        Template {
            text: self.text.into_string(),
            expressions: self.expressions,
            vars: self.vars,
        }
    }
}

impl<S: Storage> fmt::Display for Template<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl<S: Storage> fmt::Debug for Template<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Template").field(&self.as_str()).finish()
    }
}

impl<S: Storage, T: Storage> PartialEq<Template<T>> for Template<S> {
    /// Two templates are equal when their texts are.
    fn eq(&self, other: &Template<T>) -> bool {
        self.as_str() == other.as_str()
    }
}

impl<S: Storage> Eq for Template<S> {}

impl<S: Storage> core::hash::Hash for Template<S> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl FromStr for Template {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Template, ParseError> {
        Template::parse(text).map(|template| template.into_owned())
    }
}

impl<'a> TryFrom<&'a str> for Template<&'a str> {
    type Error = ParseError;

    fn try_from(text: &'a str) -> Result<Template<&'a str>, ParseError> {
        Template::parse(text)
    }
}

impl TryFrom<String> for Template {
    type Error = ParseError<String>;

    fn try_from(text: String) -> Result<Template, ParseError<String>> {
        Template::parse(text)
    }
}

/// One expression of a [`Template`]: `{` operator variables `}`.
#[derive(Clone, Copy, Debug)]
pub struct Expression<'t> {
    text: &'t str,
    at: &'t ExpressionAt,
    vars: &'t [VarSpecAt],
}

impl<'t> Expression<'t> {
    /// The expression as written, braces included.
    pub fn as_str(&self) -> &'t str {
        &self.text[self.at.span.clone()]
    }

    /// Where the expression lies in the template's text, braces included.
    pub fn range(&self) -> Range<usize> {
        self.at.span.clone()
    }

    /// Its operator.
    pub fn operator(&self) -> Operator {
        self.at.operator
    }

    /// Its variables (`varspec`s), in order: at least one.
    pub fn varspecs(&self) -> impl ExactSizeIterator<Item = VarSpec<'t>> + Clone + 't {
        let text = self.text;
        self.vars.iter().map(move |at| VarSpec { text, at })
    }
}

/// One variable of an expression (`varspec`): its name and its modifier.
#[derive(Clone, Copy, Debug)]
pub struct VarSpec<'t> {
    text: &'t str,
    at: &'t VarSpecAt,
}

impl<'t> VarSpec<'t> {
    /// The variable's name (`varname`), as written: the key its value is
    /// looked up by. Section 2.3 allows percent-encoded triplets in it, and
    /// they are kept as they are (`{a%20b}` names `a%20b`).
    pub fn name(&self) -> &'t str {
        &self.text[self.at.name.clone()]
    }

    /// The `varspec` as written, its modifier included (`labels*`, `q:3`).
    pub fn as_str(&self) -> &'t str {
        &self.text[self.at.span.clone()]
    }

    /// Where the `varspec` lies in the template's text.
    pub fn range(&self) -> Range<usize> {
        self.at.span.clone()
    }

    /// The prefix modifier's length (`:n`, from 1 to 9999): at most so many
    /// characters of a string value are expanded.
    pub fn prefix(&self) -> Option<u16> {
        self.at.prefix
    }

    /// Whether the variable has the explode modifier (`*`).
    pub fn explode(&self) -> bool {
        self.at.explode
    }
}

/// One part of a [`Template`]: a run of literal characters, or an
/// expression. See [`Template::parts`].
#[derive(Clone, Copy, Debug)]
pub enum Part<'t> {
    /// Literal characters, copied as they are into an expansion (those
    /// not allowed in a URI percent-encoded).
    Literal(&'t str),
    /// An expression.
    Expression(Expression<'t>),
}

/// The iterator of [`Template::parts`].
#[derive(Clone, Debug)]
pub struct Parts<'t> {
    text: &'t str,
    expressions: &'t [ExpressionAt],
    vars: &'t [VarSpecAt],
    /// Where the next part starts.
    pos: usize,
    /// The next expression.
    next: usize,
}

impl<'t> Iterator for Parts<'t> {
    type Item = Part<'t>;

    fn next(&mut self) -> Option<Part<'t>> {
        let start = self.pos;
        match self.expressions.get(self.next) {
            Some(at) if at.span.start == start => {
                self.pos = at.span.end;
                self.next += 1;
                Some(Part::Expression(Expression {
                    text: self.text,
                    at,
                    vars: &self.vars[at.vars.clone()],
                }))
            }
            Some(at) => {
                self.pos = at.span.start;
                Some(Part::Literal(&self.text[start..at.span.start]))
            }
            None if start < self.text.len() => {
                self.pos = self.text.len();
                Some(Part::Literal(&self.text[start..]))
            }
            None => None,
        }
    }
}

/// The entry rule a template is parsed from.
const ENTRY: TemplateRule = TemplateRule::uri_template_input;

/// The record of `text`'s expressions and variables, read from the pairs
/// of the compiled parser of `template.pest`; or why it is not a template.
fn read(text: &str) -> Result<(Vec<ExpressionAt>, Vec<VarSpecAt>), ParseError> {
    let mut tree = compiled::tree::<Grammar>(text);
    let end = compiled::run::<Grammar>(ENTRY, &mut tree);
    #[cfg(feature = "verify-compiled")]
    if let Err(difference) = compare(text) {
        panic!("{difference}");
    }
    if end != Some(text.len()) {
        return Err(rejected(text));
    }
    let mut expressions: Vec<ExpressionAt> = Vec::new();
    let mut vars: Vec<VarSpecAt> = Vec::new();
    let mut reserved = None;
    for node in tree.pairs.nodes() {
        let span = node.start..node.end;
        match node.rule {
            TemplateRule::expression => expressions.push(ExpressionAt {
                span,
                operator: Operator::Simple,
                vars: vars.len()..vars.len(),
            }),
            TemplateRule::operator => {
                let c = char::from(text.as_bytes()[node.start]);
                match (Operator::from_char(c), expressions.last_mut()) {
                    (Some(operator), Some(expression)) => expression.operator = operator,
                    _ => {
                        reserved.get_or_insert(node.start);
                    }
                }
            }
            TemplateRule::varspec => {
                vars.push(VarSpecAt {
                    span: span.clone(),
                    name: span,
                    prefix: None,
                    explode: false,
                });
                if let Some(expression) = expressions.last_mut() {
                    expression.vars.end = vars.len();
                }
            }
            TemplateRule::varname => {
                if let Some(var) = vars.last_mut() {
                    var.name = span;
                }
            }
            TemplateRule::max_length => {
                if let Some(var) = vars.last_mut() {
                    // One to four digits, the first not 0: the grammar says
                    // so, and the value fits.
                    var.prefix = text[span].parse().ok();
                }
            }
            TemplateRule::explode => {
                if let Some(var) = vars.last_mut() {
                    var.explode = true;
                }
            }
            _ => {}
        }
    }
    match reserved {
        Some(offset) => Err(ParseError::new(
            ErrorKind::ReservedOperator,
            text,
            offset,
            r##"an operator ("+", "#", ".", "/", ";", "?" or "&") or a varname"##,
        )),
        None => Ok((expressions, vars)),
    }
}

/// The error of `text`, which the grammar rejects.
#[cold]
#[inline(never)]
fn rejected(text: &str) -> ParseError {
    compiled_error(text)
}

/// The error the compiled parser's diagnosis gives of `text`.
fn compiled_error(text: &str) -> ParseError {
    diagnose::rule_error(
        &CompiledParsers::<Grammar>::PARSERS,
        ErrorKind::Template,
        ENTRY,
        text,
    )
}

/// Compares the compiled parser of `template.pest` with pest_derive's
/// (`TemplateParser`) on `text`: the same verdict, pairs and record of a
/// failure, and, where both reject it, the same error. What the tests run
/// on every template they try, and `verify-compiled` on every parse.
///
/// # Errors
///
/// What each parser gave, when they differ. Not public API: the tests
/// reach it through `__private`.
#[cfg(feature = "pest-parsers")]
#[doc(hidden)]
pub fn compare(text: &str) -> Result<(), String> {
    crate::verify::compare_grammar::<Grammar>(ENTRY, text)?;
    let mut tree = compiled::tree::<Grammar>(text);
    if compiled::run::<Grammar>(ENTRY, &mut tree) == Some(text.len()) {
        return Ok(());
    }
    let ours = compiled_error(text);
    let theirs = diagnose::rule_error(
        &diagnose::Derived::<TemplateParser>::PARSERS,
        ErrorKind::Template,
        ENTRY,
        text,
    );
    if ours == theirs {
        Ok(())
    } else {
        Err(alloc::format!(
            "the template errors of {text:?} differ: compiled {ours}, pest_derive {theirs}"
        ))
    }
}
