//! Scheme-specific syntax on top of the generic syntax: grammars derived
//! from `uri.pest`, and four schemes built that way.
//!
//! RFC 3986 section 3.1 lets each scheme restrict the generic syntax, and
//! section 4.3 requires every URI of a scheme to be an `absolute-URI` too.
//! A scheme is therefore checked in two stages, like this crate's generic
//! parse is lowered in two:
//!
//! 1. The generic grammar, through [`Uri::parse`]: a failure is a
//!    [`ParseError`] ([`SchemeError::Syntax`]), with the usual kind and byte.
//! 2. The scheme's grammar: a `.pest` file that adds rules to `uri.pest`
//!    without editing it, and a parser derived from both. Its entry rule
//!    must match the whole input; a failure is a [`SchemeViolation`]
//!    ([`SchemeError::Scheme`]) that names the scheme's rule and the byte.
//!
//! [`parse_scheme`] runs both and returns the generic [`Uri`] with the
//! scheme grammar's parse tree, from which a scheme reads its typed
//! components. The shipped schemes do the same with the parsers the build
//! script compiles from their grammars, as `Uri::parse` does with
//! `uri.pest`'s; pest_derive's parsers of the same files explain a failure.
//! Where a scheme grammar holds every component of the generic syntax
//! (`http`), one parse gives both: its tree is lowered into the `Uri`. Constraints that a grammar does not state well (a host must
//! not be empty, a userinfo must be absent) are checked on the typed value
//! and reported as a [`SchemeViolation`] too.
//!
//! The shipped schemes, each a `.pest` file next to its module, with the
//! `schemes` feature (off by default: their four grammars are more than
//! half of the crate's build):
//!
//! - `http`: `http` and `https` ([RFC 9110 section 4.2]).
//! - `mailto`: `mailto` ([RFC 6068]).
//! - `urn`: `urn` ([RFC 8141]).
//! - `file`: `file` ([RFC 8089]), with the DOS drive letters and UNC
//!   paths of its Appendix E.
//!
//! `examples/custom_scheme.rs` derives a grammar for a scheme the crate
//! does not ship (`redis`) the same way.
//!
//! [RFC 9110 section 4.2]: https://www.rfc-editor.org/rfc/rfc9110#section-4.2
//! [RFC 6068]: https://www.rfc-editor.org/rfc/rfc6068
//! [RFC 8141]: https://www.rfc-editor.org/rfc/rfc8141
//! [RFC 8089]: https://www.rfc-editor.org/rfc/rfc8089

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;

use pest::iterators::Pairs as PestPairs;
use pest::Parser;

use crate::diagnose::{Derived, Failure as _, Parsers};
use crate::error::{Count, Escaped, Excerpt, ParseError, Window};
use crate::grammar::UriRule;
use crate::lower::Node;
use crate::reference::Uri;

#[cfg(feature = "schemes")]
#[cfg_attr(docsrs, doc(cfg(feature = "schemes")))]
pub mod file;
pub(crate) mod grammar;
#[cfg(feature = "schemes")]
#[cfg_attr(docsrs, doc(cfg(feature = "schemes")))]
pub mod http;
#[cfg(feature = "schemes")]
#[cfg_attr(docsrs, doc(cfg(feature = "schemes")))]
pub mod mailto;
mod reading;
#[cfg(feature = "schemes")]
#[cfg_attr(docsrs, doc(cfg(feature = "schemes")))]
pub mod urn;

pub use grammar::{Grammar, Pair, PairIter, Pairs, Parsed, Texts};
pub use reading::ReadingConflict;

/// Parses `input` as a URI of `scheme`: first with the generic grammar,
/// then with the scheme grammar `P` from its rule `entry`.
///
/// `entry` must match the whole input (anchor it between `SOI` and `EOI`).
/// On success, the result is the generic [`Uri`] and the scheme grammar's
/// parse tree, whose pairs of the scheme's own rules hold its typed
/// components. The pairs borrow `input`.
///
/// `scheme` names the scheme in errors (`"mailto"`).
///
/// # Errors
///
/// - [`SchemeError::Syntax`] when `input` is not a URI reference.
/// - [`SchemeError::Scheme`] when the scheme grammar rejects it. The
///   violation names the deepest rule of the scheme grammar that was
///   being matched at the byte where the grammar stopped, spelled as
///   the RFC spells it (`hfield`, `addr-spec`).
/// - [`SchemeError::Reading`] when the scheme grammar accepts it, but one
///   of its pairs runs across a component of the generic reading.
///
/// ```
/// // pest_derive's generated code uses `alloc` when pest is built without
/// // its `std` feature, as this crate builds it.
/// extern crate alloc;
///
/// use pest_derive::Parser;
/// use rfc3986::schemes::{parse_scheme, SchemeError};
///
/// #[derive(Parser)]
/// #[grammar = "../uri.pest"] // paths are relative to `src/`
/// #[grammar_inline = r#"
/// /// tel-URI = "tel:" number, much simplified from RFC 3966
/// tel_URI = ${ ^"tel:" ~ number }
/// number = @{ "+" ~ DIGIT ~ (DIGIT | "-")* }
/// tel_input = _{ SOI ~ tel_URI ~ EOI }
/// "#]
/// struct TelParser;
///
/// rfc3986::impl_uri_rule!(Rule);
///
/// fn main() -> Result<(), SchemeError> {
///     let (uri, pairs) = parse_scheme::<TelParser, Rule>("tel", Rule::tel_input, "tel:+1-816-555-1212")?;
///     assert_eq!(uri.path(), "+1-816-555-1212");
///     let number = pairs.flatten().find(|pair| pair.as_rule() == Rule::number).unwrap();
///     assert_eq!(number.as_str(), "+1-816-555-1212");
///
///     let err = parse_scheme::<TelParser, Rule>("tel", Rule::tel_input, "tel:555-1212").unwrap_err();
///     assert_eq!(err.to_string(), "invalid tel URI at byte 4: expected tel number, found '5'");
///     Ok(())
/// }
/// ```
pub fn parse_scheme<'i, P, R>(
    scheme: &'static str,
    entry: R,
    input: &'i str,
) -> Result<(Uri<&'i str>, PestPairs<'i, R>), SchemeError>
where
    P: Parser<R>,
    R: UriRule,
{
    let uri = Uri::parse(input)?;
    match P::parse(entry, input) {
        Ok(pairs) => {
            let spans = pairs.clone().flatten().enumerate().map(|(index, pair)| {
                let span = pair.as_span();
                (index, span.start()..span.end())
            });
            match reading::Components::of(uri.bounds(), input.len()).first_crossing(spans) {
                None => Ok((uri, pairs)),
                Some(crossing) => {
                    let pair = pairs.clone().flatten().nth(crossing.pair);
                    let pair = pair.expect("the pair crossing is one of the parse's");
                    let span = pair.as_span();
                    Err(SchemeError::Reading(ReadingConflict::new(
                        scheme,
                        Derived::<P>::PARSERS.rule_name(pair.as_rule()),
                        span.start()..span.end(),
                        crossing,
                        input,
                    )))
                }
            }
        }
        Err(_) => Err(SchemeError::Scheme(violation(
            &Derived::<P>::PARSERS,
            scheme,
            entry,
            input,
        ))),
    }
}

/// The violation pest_derive's parser `P` gives for `input` from `entry`,
/// without the generic grammar's check: the oracle the tests compare a
/// derived grammar's errors with, for a grammar on `iri.pest` as well.
#[doc(hidden)]
pub fn pest_violation<P, R>(scheme: &'static str, entry: R, input: &str) -> SchemeViolation
where
    P: Parser<R>,
    R: UriRule,
{
    violation(&Derived::<P>::PARSERS, scheme, entry, input)
}

/// The violation for a failed parse of `input` from `entry`.
///
/// The byte is where the input stops matching: the furthest byte a token
/// reached (pest's error detail), where the tokens tried there and failed
/// are what was expected ("=" of a `param`, byte 25 of
/// `postgresql://h/db?sslmode`), in the rules pest tried furthest (the
/// `param` that began at byte 18). Where no token got further than the
/// furthest byte at which a rule began and failed (pest's error), the
/// error is there, and says which rules were expected: in this order, the
/// rules of the scheme's own that pest tried at that byte, last in the
/// grammar first; else the innermost rule of the scheme's own that ends
/// there in a parse of the input up to that byte (the rule that could not
/// go on); else the RFC 3986 rules pest tried there; else `entry`.
///
/// Its one allocation holds what was expected and the excerpt; a rule's
/// name is static where `parsers` are compiled.
pub(crate) fn violation<R: UriRule>(
    parsers: &impl Parsers<R>,
    scheme: &'static str,
    entry: R,
    input: &str,
) -> SchemeViolation {
    parsers.failure(entry, input, |failure| {
        let offset = failure.pos().min(input.len());
        write_violation(parsers, scheme, entry, input, offset, failure)
    })
}

/// [`violation`], from the record of the failure.
fn write_violation<R: UriRule, P: Parsers<R>>(
    parsers: &P,
    scheme: &'static str,
    entry: R,
    input: &str,
    offset: usize,
    failure: &P::Failure,
) -> SchemeViolation {
    let named = |rule: &R| !matches!(&*parsers.rule_name(*rule), "EOI" | "SOI");
    let own = |rule: &R| rule.role().is_none();
    let tried = || failure.positives().iter().rev().copied().filter(named);

    let any_own = tried().any(|rule| own(&rule));
    // The innermost rule of the scheme's own that ends at `offset` in the
    // parse tree of the input up to there, from a parse of that prefix.
    // Not the tree the diagnostic parse kept where `EOI` failed: a
    // lookahead of the grammar's may have read past the prefix there
    // (s3's bucket is no IPv4 address unless a bucket character follows),
    // and a parse of the prefix alone then goes another way, or fails.
    let innermost_in = |nodes: &mut dyn Iterator<Item = Node<R>>| {
        nodes
            .filter(|node| own(&node.rule) && named(&node.rule) && node.end.min(offset) == offset)
            .last()
            .map(|node| node.rule)
    };
    let innermost = if any_own {
        None
    } else {
        parsers
            .with_nodes(entry, &input[..offset], innermost_in)
            .flatten()
    };
    let for_each_rule = |f: &mut dyn FnMut(R)| {
        if any_own {
            tried().filter(own).for_each(f);
        } else if let Some(rule) = innermost {
            f(rule);
        } else if tried().next().is_some() {
            tried().for_each(f);
        } else {
            f(entry);
        }
    };

    // Where tokens got further than any rule's failure, the error is
    // there, and names them.
    let far = failure.far().min(input.len());
    let tokens = if far > offset {
        Some(parsers.expected(failure)).filter(|tokens| !tokens.is_empty())
    } else {
        None
    };

    // "<scheme> <rule> or <rule> ...", or "<tokens> in <scheme> <rule> or
    // <rule> ...", written once to count it and once into the buffer it
    // shares with the excerpt. The scheme's name is left out where a
    // rule's name already says it (`ssh-URI`), so that it appears once.
    let mut carries_scheme = false;
    for_each_rule(&mut |rule| {
        carries_scheme |= names_scheme(&parsers.rule_name(rule), scheme);
    });
    let write_expected = |out: &mut dyn fmt::Write| {
        if let Some(tokens) = &tokens {
            let _ = tokens.write(out);
            let _ = out.write_str(" in ");
        }
        let mut separator = "";
        if !carries_scheme {
            let _ = out.write_str(scheme);
            separator = " ";
        }
        for_each_rule(&mut |rule| {
            let _ = out.write_str(separator);
            let _ = out.write_str(&parsers.rule_name(rule));
            separator = " or ";
        });
    };
    let offset = if tokens.is_some() { far } else { offset };
    let mut expected_len = Count(0);
    write_expected(&mut expected_len);
    let range = Excerpt::range(input, offset);
    let mut text = String::with_capacity(expected_len.0 + range.len());
    write_expected(&mut text);
    let mut first = None;
    for_each_rule(&mut |rule| {
        first.get_or_insert(rule);
    });
    let rule = parsers.rule_name(first.unwrap_or(entry));
    SchemeViolation::with_text(scheme, rule, input, offset, text, range)
}

/// Whether a rule's name (as errors show it, `ssh-URI`) starts with the
/// scheme's, as a word of its own.
fn names_scheme(rule: &str, scheme: &str) -> bool {
    rule.get(..scheme.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(scheme))
        && matches!(rule.as_bytes().get(scheme.len()), None | Some(b'-'))
}

/// Why a string is not a URI of a scheme.
///
/// ```
/// use rfc3986::{schemes::{mailto::Mailto, SchemeError}, ErrorKind};
///
/// // Not a URI reference: the generic grammar says so.
/// let SchemeError::Syntax(err) = Mailto::parse("mailto:a b").unwrap_err() else { panic!() };
/// assert_eq!((err.kind(), err.offset()), (ErrorKind::InvalidCharacter, 8));
/// // A URI reference, but not a mailto URI.
/// let SchemeError::Scheme(err) = Mailto::parse("mailto:joe").unwrap_err() else { panic!() };
/// assert_eq!(err.scheme(), "mailto");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SchemeError {
    /// It is not a URI reference at all (RFC 3986).
    #[error(transparent)]
    Syntax(#[from] ParseError),
    /// It is a URI reference, but not one of the scheme.
    #[error(transparent)]
    Scheme(#[from] SchemeViolation),
    /// The scheme's grammar accepts it, but divides it into components
    /// otherwise than RFC 3986 does: one of its rules matched text across
    /// the start or the end of a component. The grammar breaks section 3.1
    /// of RFC 3986, which makes a scheme's syntax a subset of the generic
    /// syntax, and the reference and the pairs would contradict each
    /// other.
    #[error(transparent)]
    Reading(#[from] ReadingConflict),
}

impl SchemeError {
    /// The byte offset in the input where the problem is.
    ///
    /// ```
    /// use rfc3986::schemes::mailto::Mailto;
    ///
    /// assert_eq!(Mailto::parse("mailto:a b@example.com").unwrap_err().offset(), 8);
    /// assert_eq!(Mailto::parse("mailto:ab@").unwrap_err().offset(), 10);
    /// ```
    pub fn offset(&self) -> usize {
        match self {
            SchemeError::Syntax(err) => err.offset(),
            SchemeError::Scheme(err) => err.offset(),
            SchemeError::Reading(err) => err.offset(),
        }
    }
}

/// A URI reference that breaks a rule of its scheme: the scheme, the rule,
/// the byte offset where the grammar or the check stopped, and what was
/// expected there.
///
/// `Display` gives one line, like [`ParseError`]'s, and the alternate form
/// (`{:#}`) adds the input around the offset with a caret under it:
///
/// ```
/// use rfc3986::schemes::{mailto::Mailto, SchemeError};
///
/// let err = Mailto::parse("mailto:joe@example.com?cc=bob@example.com?body=hello").unwrap_err();
/// let SchemeError::Scheme(violation) = &err else { panic!("{err}") };
/// assert_eq!(violation.scheme(), "mailto");
/// assert_eq!(violation.rule(), "hfvalue");
/// assert_eq!(violation.offset(), 41);
/// assert_eq!(err.to_string(), "invalid mailto URI at byte 41: expected mailto hfvalue, found '?'");
///
/// let err = rfc3986::schemes::urn::Urn::parse("urn:a:b").unwrap_err();
/// assert_eq!(
///     format!("{err:#}"),
///     "invalid urn URI at byte 5: expected \"-\", ALPHA or DIGIT in urn NID, found ':'\n  urn:a:b\n       ^"
/// );
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct SchemeViolation {
    scheme: &'static str,
    rule: Cow<'static, str>,
    offset: usize,
    found: Option<char>,
    /// What was expected, then the excerpt's window of the input: one
    /// allocation for both.
    text: String,
    expected_len: usize,
    window: Window,
}

/// The fields as the accessors give them, and the excerpt of the input
/// the violation keeps; not how it stores them.
///
/// ```
/// use rfc3986::schemes::SchemeViolation;
///
/// let err = SchemeViolation::new("redis", "db-number", "redis://h/9x", 11, "DIGIT or end of input");
/// assert_eq!(
///     format!("{err:?}"),
///     "SchemeViolation { scheme: \"redis\", rule: \"db-number\", offset: 11, \
///      expected: \"DIGIT or end of input\", found: Some('x'), excerpt: \"redis://h/9x\" }"
/// );
/// ```
impl fmt::Debug for SchemeViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SchemeViolation")
            .field("scheme", &self.scheme)
            .field("rule", &self.rule)
            .field("offset", &self.offset)
            .field("expected", &self.expected())
            .field("found", &self.found)
            .field("excerpt", &&self.text[self.expected_len..])
            .finish()
    }
}

impl SchemeViolation {
    /// A violation of `rule` of `scheme` at byte `offset` of `input`, where
    /// `expected` is what would have been right.
    ///
    /// Scheme modules use it for the constraints they check on typed
    /// values; [`parse_scheme`] makes the ones its grammar finds.
    ///
    /// ```
    /// use rfc3986::schemes::SchemeViolation;
    ///
    /// let input = "redis://localhost/99999999999";
    /// let err = SchemeViolation::new("redis", "db-number", input, 18, "a database number below 2^32");
    /// assert_eq!(
    ///     err.to_string(),
    ///     "invalid redis URI at byte 18: expected a database number below 2^32, found '9'"
    /// );
    /// ```
    pub fn new(
        scheme: &'static str,
        rule: impl Into<String>,
        input: &str,
        offset: usize,
        expected: impl Into<String>,
    ) -> SchemeViolation {
        let mut text = expected.into();
        let range = Excerpt::range(input, offset);
        text.reserve_exact(range.len());
        SchemeViolation::with_text(scheme, Cow::Owned(rule.into()), input, offset, text, range)
    }

    /// A violation whose `text` holds what was expected, with room for the
    /// excerpt's `range` of the input, which is written after it.
    fn with_text(
        scheme: &'static str,
        rule: Cow<'static, str>,
        input: &str,
        offset: usize,
        mut text: String,
        range: core::ops::Range<usize>,
    ) -> SchemeViolation {
        let expected_len = text.len();
        let window = Excerpt::window(&mut text, input, offset, range);
        SchemeViolation {
            scheme,
            rule,
            offset,
            found: input.get(offset..).and_then(|rest| rest.chars().next()),
            text,
            expected_len,
            window,
        }
    }

    /// The scheme whose rule is broken (`"mailto"`).
    ///
    /// ```
    /// use rfc3986::schemes::{urn::Urn, SchemeError};
    ///
    /// let SchemeError::Scheme(err) = Urn::parse("urn:a:b").unwrap_err() else { panic!() };
    /// assert_eq!(err.scheme(), "urn");
    /// ```
    pub fn scheme(&self) -> &str {
        self.scheme
    }

    /// The scheme's rule that is broken, as its RFC spells it
    /// (`"hfield"`, `"NID"`).
    ///
    /// ```
    /// use rfc3986::schemes::{urn::Urn, SchemeError};
    ///
    /// let SchemeError::Scheme(err) = Urn::parse("urn:a:b").unwrap_err() else { panic!() };
    /// assert_eq!(err.rule(), "NID");
    /// ```
    pub fn rule(&self) -> &str {
        &self.rule
    }

    /// The byte offset in the input where the problem is.
    ///
    /// ```
    /// use rfc3986::schemes::{urn::Urn, SchemeError};
    ///
    /// let SchemeError::Scheme(err) = Urn::parse("urn:a:b").unwrap_err() else { panic!() };
    /// // An NID has two characters at least: "urn:a" is where the input
    /// // stops matching.
    /// assert_eq!(err.offset(), 5);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// What would have been right at [`offset`](Self::offset).
    ///
    /// ```
    /// use rfc3986::schemes::{urn::Urn, SchemeError};
    ///
    /// let SchemeError::Scheme(err) = Urn::parse("urn:a:b").unwrap_err() else { panic!() };
    /// assert_eq!(err.expected(), r#""-", ALPHA or DIGIT in urn NID"#);
    /// ```
    pub fn expected(&self) -> &str {
        &self.text[..self.expected_len]
    }

    /// The character at [`offset`](Self::offset), or `None` at the end of
    /// the input.
    ///
    /// ```
    /// use rfc3986::schemes::{urn::Urn, SchemeError};
    ///
    /// let SchemeError::Scheme(err) = Urn::parse("urn:a:b").unwrap_err() else { panic!() };
    /// assert_eq!(err.found(), Some(':'));
    /// ```
    pub fn found(&self) -> Option<char> {
        self.found
    }
}

impl fmt::Display for SchemeViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid {} URI at byte {}: expected {}",
            self.scheme,
            self.offset,
            self.expected()
        )?;
        match self.found {
            Some(c) => write!(f, ", found '{}'", Escaped(c))?,
            None => f.write_str(", found end of input")?,
        }
        // The alternate form adds the input around the offset with a caret
        // under it, as `ParseError`'s does.
        if f.alternate() {
            Excerpt::write_window(f, &self.text, self.window)?;
        }
        Ok(())
    }
}

impl core::error::Error for SchemeViolation {}
