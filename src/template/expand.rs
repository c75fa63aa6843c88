//! Expansion (RFC 6570 section 3): a [`Template`] and its variables give a
//! URI reference ([`Template::expand`]) or an IRI reference
//! ([`Template::expand_iri`]), which the crate's grammar has checked; and
//! [`ExpandError`], why one could not be given.
//!
//! The expansion is written into one `String`, part by part in the order
//! of the template: literals as section 3.1 says, each expression by the
//! algorithm of Appendix A, with the operator's row of its table (the
//! methods of [`Operator`](super::Operator)). Percent-encoding tests each byte against the
//! character classes of `uri.pest` (`crate::chars`), and above ASCII
//! against `iri.pest`'s `ucschar` for an IRI. The whole text is then
//! parsed as a reference: an expansion the grammar rejects is an error
//! that names the part of the template that wrote the byte it rejected.

use alloc::boxed::Box;
use alloc::string::String;
use core::fmt;
use core::ops::Range;

use super::{ExpressionAt, Template, Value, VarSpecAt, Vars};
use crate::chars::iri::ucschar;
use crate::chars::{self, CharClass};
use crate::error::ParseError;
use crate::percent::push_octet;
use crate::reference::{Reference, Storage};
use crate::spec::{Rfc3986, Rfc3987, Spec};
use crate::{Iri, Uri};

/// Why a template could not be expanded.
///
/// ```
/// use rfc3986::template::{ExpandError, Template, Variables};
///
/// let template = Template::parse("{+a}{+b}")?;
/// let vars = Variables::from([("a", "#x"), ("b", "#y")]);
/// let err = template.expand(&vars).unwrap_err();
/// assert_eq!(err.template_range(), Some(4..8));
/// assert_eq!(err.expansion(), Some("#x#y"));
/// assert_eq!(err.parse_error().map(|e| e.offset()), Some(2));
/// assert_eq!(
///     err.to_string(),
///     "the expansion of `{+b}` (template bytes 4..8) is not a URI reference: \
///      invalid fragment at byte 2 of \"#x#y\": expected pchar, \"/\", \"?\" or end of input, found '#'"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ExpandError {
    /// The expansion is not a URI reference (for
    /// [`expand_iri`](Template::expand_iri), not an IRI reference): the
    /// grammar rejected the byte [`error`](ParseError::offset) points at,
    /// which the template's part `part` wrote (or, where the grammar
    /// wanted more at the end, the last part that wrote anything).
    ///
    /// Values are percent-encoded, so only what a template leaves as it is
    /// can do this: literals (`http://[`), and the reserved characters of
    /// values in `{+var}` and `{#var}` (two `#`, or a `[` in a host).
    #[non_exhaustive]
    #[error(fmt = display_not_a_reference)]
    NotAReference {
        /// Where the part lies in the template's text (an expression with
        /// its braces).
        part: Range<usize>,
        /// The part's text: a literal, or an expression (which starts with
        /// `{`, which no literal holds).
        part_text: String,
        /// The whole expansion, which the grammar rejected.
        expansion: String,
        /// Whether the expansion was to be an IRI reference
        /// ([`expand_iri`](Template::expand_iri)).
        iri: bool,
        /// The grammar's error, at a byte offset of `expansion` (boxed: it
        /// is the largest field, and an error is returned in the place of
        /// each expansion).
        error: Box<ParseError>,
    },
    /// A variable with a prefix modifier (`{list:3}`) has a list or an
    /// associative array as its value: section 2.4.1 says prefixes are
    /// "not applicable to variables that have composite values".
    #[non_exhaustive]
    #[error(
        "the prefix modifier of `{varspec}` in `{expression_text}` (template bytes {}..{}) \
         applies to strings only, and `{name}` is {kind} (RFC 6570 section 2.4.1)",
        .expression.start,
        .expression.end
    )]
    PrefixOnComposite {
        /// Where the expression lies in the template's text.
        expression: Range<usize>,
        /// The expression, braces included.
        expression_text: String,
        /// The `varspec`, as written (`list:3`).
        varspec: String,
        /// The variable's name.
        name: String,
        /// What its value is: `"a list"` or `"an associative array"`.
        kind: &'static str,
    },
    /// The variables of
    /// [`expand_serialize`](Template::expand_serialize) could not be read
    /// from the value given.
    #[cfg(feature = "serde")]
    #[error(transparent)]
    Variables(#[from] super::serialize::VariablesError),
}

impl ExpandError {
    /// Where the part of the template the error is about lies in its text:
    /// the part that wrote the rejected byte
    /// ([`NotAReference`](Self::NotAReference)), or the expression
    /// ([`PrefixOnComposite`](Self::PrefixOnComposite)).
    ///
    /// ```
    /// use rfc3986::template::{Template, Value, Variables};
    ///
    /// let vars = Variables::new().with("list", Value::from(["a", "b"]));
    /// let err = Template::parse("/x{/list:1}")?.expand(&vars).unwrap_err();
    /// assert_eq!(err.template_range(), Some(2..11));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn template_range(&self) -> Option<Range<usize>> {
        match self {
            ExpandError::NotAReference { part, .. } => Some(part.clone()),
            ExpandError::PrefixOnComposite { expression, .. } => Some(expression.clone()),
            #[cfg(feature = "serde")]
            ExpandError::Variables(_) => None,
        }
    }

    /// The expansion that the grammar rejected.
    ///
    /// ```
    /// use rfc3986::template::{Template, Variables};
    ///
    /// let err = Template::parse("http://[{host}")?.expand(&Variables::new()).unwrap_err();
    /// assert_eq!(err.expansion(), Some("http://["));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn expansion(&self) -> Option<&str> {
        match self {
            ExpandError::NotAReference { expansion, .. } => Some(expansion),
            _ => None,
        }
    }

    /// The grammar's error, at a byte offset of the
    /// [`expansion`](Self::expansion).
    ///
    /// ```
    /// use rfc3986::template::{Template, Variables};
    /// use rfc3986::ErrorKind;
    ///
    /// let err = Template::parse("http://[{host}")?.expand(&Variables::new()).unwrap_err();
    /// let parse = err.parse_error().unwrap();
    /// assert_eq!((parse.kind(), parse.offset()), (ErrorKind::IpLiteral, 8));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_error(&self) -> Option<&ParseError> {
        match self {
            ExpandError::NotAReference { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// The message of [`ExpandError::NotAReference`]: the part, the grammar's
/// error, and the expansion around the byte it rejected.
fn display_not_a_reference(
    part: &Range<usize>,
    part_text: &str,
    expansion: &str,
    iri: &bool,
    error: &ParseError,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    f.write_str("the expansion of ")?;
    if !part_text.starts_with('{') {
        f.write_str("the literal ")?;
    }
    write!(
        f,
        "`{}` (template bytes {}..{}) is not {} reference: {} at byte {} of {}: expected {}, found ",
        Shortened::new(part_text, 0),
        part.start,
        part.end,
        if *iri { "an IRI" } else { "a URI" },
        error.kind(),
        error.offset(),
        Quoted(Shortened::new(expansion, error.offset())),
        error.expected(),
    )?;
    match error.found() {
        Some(c) => write!(f, "'{}'", c.escape_debug()),
        None => f.write_str("end of input"),
    }
}

/// At most [`Shortened::RADIUS`] characters of a text on each side of a
/// byte of it, with `...` where the text goes on: what an error message
/// quotes of a text that may be long.
struct Shortened<'a> {
    before: bool,
    text: &'a str,
    after: bool,
}

impl<'a> Shortened<'a> {
    const RADIUS: usize = 32;

    fn new(text: &'a str, at: usize) -> Shortened<'a> {
        let at = floor_char_boundary(text, at.min(text.len()));
        let start = text[..at]
            .char_indices()
            .rev()
            .nth(Self::RADIUS - 1)
            .map_or(0, |(i, _)| i);
        let end = text[at..]
            .char_indices()
            .nth(Self::RADIUS)
            .map_or(text.len(), |(i, _)| at + i);
        Shortened {
            before: start > 0,
            text: &text[start..end],
            after: end < text.len(),
        }
    }
}

impl fmt::Display for Shortened<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.before {
            f.write_str("...")?;
        }
        f.write_str(self.text)?;
        if self.after {
            f.write_str("...")?;
        }
        Ok(())
    }
}

/// A [`Shortened`] text in double quotes, escaped as `{:?}` escapes a
/// `str`, the `...` outside the quotes.
struct Quoted<'a>(Shortened<'a>);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.before {
            f.write_str("...")?;
        }
        write!(f, "{:?}", self.0.text)?;
        if self.0.after {
            f.write_str("...")?;
        }
        Ok(())
    }
}

/// The largest char boundary of `text` at or below `at` (`at <= len`).
fn floor_char_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The characters a value expands to as they are where the operator
/// allows only unreserved characters (Appendix A's `U`).
const UNRESERVED: CharClass = chars::unreserved;

/// ... where it allows reserved characters too (`U+R`, for `+` and `#`);
/// the `%` of a pct-encoded triplet is kept as well, apart from this set.
const UNRESERVED_RESERVED: CharClass = chars::unreserved.with(&chars::reserved);

impl<S: Storage> Template<S> {
    /// Expands the template with `vars` (RFC 6570 section 3): a URI
    /// reference, which the crate's grammar has checked.
    ///
    /// Literals are copied, but for characters above ASCII, which are
    /// percent-encoded as UTF-8 (section 3.1). Each expression expands as
    /// Appendix A says: undefined variables (absent, or an empty list or
    /// associative array) are skipped, a prefix (`:n`) keeps the first `n`
    /// characters (not bytes) of a string, explode (`*`) writes each
    /// member of a list or pair of an associative array (in its order) as
    /// a value of its own. Values are percent-encoded but for the
    /// unreserved characters, and for `+` and `#` but for the reserved
    /// characters and pct-encoded triplets too (a `%` not followed by two
    /// hexadecimal digits is written `%25`, section 3.2.3).
    ///
    /// ```
    /// use rfc3986::template::{Template, Variables};
    ///
    /// let vars = Variables::new()
    ///     .with("path", "/foo/bar")
    ///     .with("list", ["red", "green"])
    ///     .with("keys", [("semi", ";"), ("dot", ".")])
    ///     .with("q", "café au lait");
    /// let expand = |t: &str| Template::parse(t).unwrap().expand(&vars).unwrap().to_string();
    /// assert_eq!(expand("{+path}/here"), "/foo/bar/here");
    /// assert_eq!(expand("{/list*}"), "/red/green");
    /// assert_eq!(expand("{?keys*}"), "?semi=%3B&dot=.");
    /// assert_eq!(expand("{?q:4,undefined}"), "?q=caf%C3%A9");
    /// ```
    ///
    /// # Errors
    ///
    /// [`ExpandError::PrefixOnComposite`] where a variable with a prefix
    /// has a list or an associative array as its value;
    /// [`ExpandError::NotAReference`] where the expansion is not a URI
    /// reference (a literal `http://[`, two `#` from `{+a}{+b}`), naming
    /// the part of the template that wrote the byte the grammar rejected.
    pub fn expand<V: Vars + ?Sized>(&self, vars: &V) -> Result<Uri<String>, ExpandError> {
        self.expand_checked::<Rfc3986, V, false>(vars)
    }

    /// [`expand`](Self::expand), giving an IRI reference (RFC 3987), as
    /// section 1.6 allows: the characters above ASCII that an IRI holds
    /// as they are anywhere (`ucschar`) are kept as they are, in literals
    /// and in values, rather than percent-encoded. Private-use characters
    /// (`iprivate`), which an IRI holds only in its query, are
    /// percent-encoded wherever they are.
    ///
    /// ```
    /// use rfc3986::template::{Template, Variables};
    ///
    /// let template = Template::parse("/café{/name}{?q}")?;
    /// let vars = Variables::from([("name", "крем брюле"), ("q", "\u{e000}")]);
    /// assert_eq!(template.expand_iri(&vars)?.as_str(), "/café/крем%20брюле?q=%EE%80%80");
    /// assert_eq!(
    ///     template.expand(&vars)?.as_str(),
    ///     "/caf%C3%A9/%D0%BA%D1%80%D0%B5%D0%BC%20%D0%B1%D1%80%D1%8E%D0%BB%D0%B5?q=%EE%80%80"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`expand`](Self::expand)'s, for an IRI reference.
    pub fn expand_iri<V: Vars + ?Sized>(&self, vars: &V) -> Result<Iri<String>, ExpandError> {
        self.expand_checked::<Rfc3987, V, true>(vars)
    }

    /// The expansion, parsed by the grammar of `X` (an IRI's where `IRI`).
    fn expand_checked<X: Spec, V: Vars + ?Sized, const IRI: bool>(
        &self,
        vars: &V,
    ) -> Result<Reference<X, String>, ExpandError> {
        let text = self.as_str();
        // Room for the literals and a short value for each variable: the
        // expansions of the common templates, which grow it at most once.
        let mut out = String::with_capacity(text.len() + 16 * self.vars.len());
        self.expand_into::<V, IRI>(vars, &mut out, &mut |_, _| {})?;
        match X::parse(&out) {
            Ok(bounds) => Ok(Reference::from_bounds(out, bounds)),
            Err(error) => Err(self.not_a_reference::<V, IRI>(vars, out, error)),
        }
    }

    /// The error of an expansion `out` that the grammar rejected with
    /// `error`: the part that wrote the byte it points at is found by
    /// expanding again, noting where each part's output lies (which the
    /// expansion that succeeds does not pay for).
    #[cold]
    #[inline(never)]
    fn not_a_reference<V: Vars + ?Sized, const IRI: bool>(
        &self,
        vars: &V,
        out: String,
        error: ParseError,
    ) -> ExpandError {
        let offset = error.offset();
        // The part whose output holds the byte, or the last one that wrote
        // anything before it (an error at the end of the expansion).
        let mut holds = None;
        let mut before = 0..0;
        let mut again = String::with_capacity(out.len());
        let mut note = |part: Range<usize>, written: Range<usize>| {
            if written.start <= offset && offset < written.end {
                holds.get_or_insert(part);
            } else if written.start < written.end && written.end <= offset {
                before = part;
            }
        };
        // `Vars::get` gives the same values the second time: the expansion
        // is the same, and cannot fail before its end.
        let _ = self.expand_into::<V, IRI>(vars, &mut again, &mut note);
        let part = holds.unwrap_or(before);
        ExpandError::NotAReference {
            part_text: String::from(self.as_str().get(part.clone()).unwrap_or_default()),
            part,
            expansion: out,
            iri: IRI,
            error: Box::new(error),
        }
    }

    /// Appends the expansion to `out`, and calls `note` with where each
    /// part lies in the template and where its output lies in `out`.
    fn expand_into<V: Vars + ?Sized, const IRI: bool>(
        &self,
        vars: &V,
        out: &mut String,
        note: &mut impl FnMut(Range<usize>, Range<usize>),
    ) -> Result<(), ExpandError> {
        let text = self.as_str();
        let mut pos = 0;
        for expression in &self.expressions {
            let span = expression.span.clone();
            if pos < span.start {
                let start = out.len();
                push_literal::<IRI>(out, &text[pos..span.start]);
                note(pos..span.start, start..out.len());
            }
            let start = out.len();
            self.push_expression::<V, IRI>(out, vars, expression)?;
            note(span.clone(), start..out.len());
            pos = span.end;
        }
        if pos < text.len() {
            let start = out.len();
            push_literal::<IRI>(out, &text[pos..]);
            note(pos..text.len(), start..out.len());
        }
        Ok(())
    }

    /// Appends the expansion of `expression`: the algorithm of Appendix A.
    fn push_expression<V: Vars + ?Sized, const IRI: bool>(
        &self,
        out: &mut String,
        vars: &V,
        expression: &ExpressionAt,
    ) -> Result<(), ExpandError> {
        let text = self.as_str();
        let op = expression.operator;
        let reserved = op.allows_reserved();
        let mut first = true;
        for var in &self.vars[expression.vars.clone()] {
            let name = &text[var.name.clone()];
            let value = match vars.get(name) {
                Some(value) if !value.is_undefined() => value,
                _ => continue,
            };
            out.push_str(if first { op.first() } else { op.separator() });
            first = false;
            match value {
                Value::String(value) => {
                    let value = match var.prefix {
                        Some(length) => prefix(value, length),
                        None => value,
                    };
                    if op.named() {
                        out.push_str(name);
                        out.push_str(if value.is_empty() { op.if_empty() } else { "=" });
                    }
                    push_value::<IRI>(out, value, reserved);
                }
                Value::List(_) | Value::Map(_) if var.prefix.is_some() => {
                    return Err(self.prefix_on_composite(expression, var, value));
                }
                Value::List(items) if var.explode => {
                    for (i, item) in items.iter().enumerate() {
                        if i > 0 {
                            out.push_str(op.separator());
                        }
                        if op.named() {
                            out.push_str(name);
                            out.push_str(if item.is_empty() { op.if_empty() } else { "=" });
                        }
                        push_value::<IRI>(out, item, reserved);
                    }
                }
                Value::Map(pairs) if var.explode => {
                    for (i, (key, item)) in pairs.iter().enumerate() {
                        if i > 0 {
                            out.push_str(op.separator());
                        }
                        push_value::<IRI>(out, key, reserved);
                        out.push_str(if op.named() && item.is_empty() {
                            op.if_empty()
                        } else {
                            "="
                        });
                        push_value::<IRI>(out, item, reserved);
                    }
                }
                Value::List(items) => {
                    if op.named() {
                        out.push_str(name);
                        out.push('=');
                    }
                    for (i, item) in items.iter().enumerate() {
                        if i > 0 {
                            out.push(',');
                        }
                        push_value::<IRI>(out, item, reserved);
                    }
                }
                Value::Map(pairs) => {
                    if op.named() {
                        out.push_str(name);
                        out.push('=');
                    }
                    for (i, (key, item)) in pairs.iter().enumerate() {
                        if i > 0 {
                            out.push(',');
                        }
                        push_value::<IRI>(out, key, reserved);
                        out.push(',');
                        push_value::<IRI>(out, item, reserved);
                    }
                }
            }
        }
        Ok(())
    }

    /// The error of `var`, which has a prefix, whose value is composite.
    #[cold]
    #[inline(never)]
    fn prefix_on_composite(
        &self,
        expression: &ExpressionAt,
        var: &VarSpecAt,
        value: &Value,
    ) -> ExpandError {
        let text = self.as_str();
        ExpandError::PrefixOnComposite {
            expression: expression.span.clone(),
            expression_text: String::from(&text[expression.span.clone()]),
            varspec: String::from(&text[var.span.clone()]),
            name: String::from(&text[var.name.clone()]),
            kind: match value {
                Value::Map(_) => "an associative array",
                _ => "a list",
            },
        }
    }
}

/// The first `length` characters of `value` (all of it if it has no
/// more): section 2.4.1 counts Unicode characters, not octets.
#[inline]
fn prefix(value: &str, length: u16) -> &str {
    let length = usize::from(length);
    // No more bytes than `length` is no more characters either.
    if value.len() <= length {
        return value;
    }
    match value.char_indices().nth(length) {
        Some((end, _)) => &value[..end],
        None => value,
    }
}

/// The number of bytes of the UTF-8 sequence that `lead`, a byte above
/// ASCII at a character boundary, starts.
#[inline]
fn utf8_len(lead: u8) -> usize {
    match lead {
        0xF0.. => 4,
        0xE0.. => 3,
        _ => 2,
    }
}

/// Appends `literal` as section 3.1 says: the characters a URI may hold
/// anywhere as they are, and every other one percent-encoded as UTF-8.
/// The grammar's `literals` takes only such ASCII characters (and `%` only
/// in a pct-encoded triplet), so only the characters above ASCII are
/// encoded, or kept as an IRI's `ucschar` where `IRI`.
#[inline]
fn push_literal<const IRI: bool>(out: &mut String, literal: &str) {
    if literal.is_ascii() {
        out.push_str(literal);
        return;
    }
    for c in literal.chars() {
        if c.is_ascii() || (IRI && ucschar.contains(c)) {
            out.push(c);
        } else {
            let mut utf8 = [0; 4];
            for &octet in c.encode_utf8(&mut utf8).as_bytes() {
                push_octet(out, octet);
            }
        }
    }
}

/// Appends `value` percent-encoded as Appendix A's `allow` says: the
/// unreserved characters kept (and the reserved ones and pct-encoded
/// triplets where `reserved`), every other character encoded as the
/// octets of its UTF-8, but an IRI's `ucschar`, kept where `IRI`.
///
/// Runs of kept bytes are copied in one piece; the loop stops only at a
/// byte to encode.
#[inline]
fn push_value<const IRI: bool>(out: &mut String, value: &str, reserved: bool) {
    let keep = if reserved {
        &UNRESERVED_RESERVED
    } else {
        &UNRESERVED
    };
    let bytes = value.as_bytes();
    // Every index the loop stops at, and `run`, are at a character
    // boundary: it moves by an ASCII byte, a triplet or a whole character.
    let mut run = 0;
    let mut i = 0;
    while i < bytes.len() {
        let byte = bytes[i];
        if keep.has_byte(byte) {
            i += 1;
            continue;
        }
        out.push_str(&value[run..i]);
        if byte < 0x80 {
            if reserved && byte == b'%' && is_triplet(bytes, i) {
                out.push_str(&value[i..i + 3]);
                i += 3;
            } else {
                push_octet(out, byte);
                i += 1;
            }
        } else {
            let end = i + utf8_len(byte);
            let kept = IRI
                && value[i..end]
                    .chars()
                    .next()
                    .is_some_and(|c| ucschar.contains(c));
            if kept {
                out.push_str(&value[i..end]);
            } else {
                for &octet in &bytes[i..end] {
                    push_octet(out, octet);
                }
            }
            i = end;
        }
        run = i;
    }
    out.push_str(&value[run..]);
}

/// Whether a pct-encoded triplet (`%` and two hexadecimal digits) starts
/// at `bytes[at]`, a `%`.
#[inline]
fn is_triplet(bytes: &[u8], at: usize) -> bool {
    matches!(
        bytes.get(at + 1..at + 3),
        Some(&[high, low]) if chars::HEXDIG.has_byte(high) && chars::HEXDIG.has_byte(low)
    )
}

/// Expansion from any `Serialize` value (the `serde` feature), through
/// [`Variables::from_serialize`](super::Variables::from_serialize).
#[cfg(feature = "serde")]
impl<S: Storage> Template<S> {
    /// [`expand`](Self::expand) with the variables of `value`, read by
    /// [`Variables::from_serialize`](super::Variables::from_serialize): a map or a struct of strings,
    /// numbers, booleans, and sequences and maps of them.
    ///
    /// ```
    /// use rfc3986::template::Template;
    /// use serde::Serialize;
    ///
    /// #[derive(Serialize)]
    /// struct Search<'a> {
    ///     q: &'a str,
    ///     page: u32,
    ///     lang: Option<&'a str>,
    ///     tags: Vec<&'a str>,
    /// }
    ///
    /// let template = Template::parse("/search{?q,page,lang,tags*}")?;
    /// let search = Search { q: "rust uri", page: 2, lang: None, tags: vec!["rfc", "6570"] };
    /// assert_eq!(
    ///     template.expand_serialize(&search)?.as_str(),
    ///     "/search?q=rust%20uri&page=2&tags=rfc&tags=6570"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ExpandError::Variables`] where `value` does not have the shape of
    /// template variables; otherwise as [`expand`](Self::expand)'s.
    pub fn expand_serialize<T: serde::Serialize + ?Sized>(
        &self,
        value: &T,
    ) -> Result<Uri<String>, ExpandError> {
        self.expand(&super::Variables::from_serialize(value)?)
    }

    /// [`expand_iri`](Self::expand_iri) with the variables of `value`, as
    /// [`expand_serialize`](Self::expand_serialize) reads them.
    ///
    /// ```
    /// use rfc3986::template::Template;
    /// use std::collections::BTreeMap;
    ///
    /// let template = Template::parse("/wiki/{title}")?;
    /// let value = BTreeMap::from([("title", "Café")]);
    /// assert_eq!(template.expand_serialize_iri(&value)?.as_str(), "/wiki/Café");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`expand_serialize`](Self::expand_serialize)'s, for an IRI
    /// reference.
    pub fn expand_serialize_iri<T: serde::Serialize + ?Sized>(
        &self,
        value: &T,
    ) -> Result<Iri<String>, ExpandError> {
        self.expand_iri(&super::Variables::from_serialize(value)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_count_characters() {
        assert_eq!(prefix("caf\u{e9}s", 4), "caf\u{e9}");
        assert_eq!(prefix("abc", 3), "abc");
        assert_eq!(prefix("abcd", 3), "abc");
        assert_eq!(prefix("\u{1f600}\u{1f600}", 1), "\u{1f600}");
    }

    #[test]
    fn shortened_texts_keep_a_window_around_the_byte() {
        let text = "a".repeat(100);
        let short = Shortened::new(&text, 50);
        assert_eq!(
            alloc::format!("{}", Quoted(short)),
            alloc::format!("...\"{}\"...", "a".repeat(64))
        );
        assert_eq!(alloc::format!("{}", Shortened::new("abc", 3)), "abc");
        let text = "\u{e9}".repeat(40);
        assert_eq!(
            alloc::format!("{}", Shortened::new(&text, 1)),
            alloc::format!("{}...", "\u{e9}".repeat(32))
        );
    }
}
