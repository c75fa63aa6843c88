//! The query read as `name=value` pairs, in the two codings the crate
//! reads and writes: RFC 3986's percent-encoding alone, where `+` is a plus
//! sign ([`Reference::query_pairs`]), and the `application/x-www-form-urlencoded`
//! coding of HTML forms, where it is a space ([`Reference::form_pairs`]);
//! and the edits of the pairs of a query's text, which the in-place edits
//! and the builder share.
//!
//! It imports percent-encoding, the reference types and the grammars'
//! `Syntax`; the builder imports it.

use alloc::borrow::Cow;
use alloc::string::String;

use crate::percent::{self, percent_decode_lenient};
use crate::reference::{Reference, Storage};
use crate::spec::Spec;
use crate::syntax::Syntax;

impl<X: Spec, S: Storage> Reference<X, S> {
    /// The query split into `name=value` pairs at each `&`, each pair at its
    /// first `=`, names and values percent-decoded.
    ///
    /// RFC 3986 gives the query no structure; `&`-separated `name=value`
    /// pairs are a convention of HTML forms and most web servers, which this
    /// follows with these choices:
    ///
    /// - `+` is a plus sign, not a space. Reading `+` as a space is HTML's
    ///   form encoding (`application/x-www-form-urlencoded`), not RFC 3986:
    ///   [`form_pairs`](Self::form_pairs) reads a query that way.
    /// - Empty pieces (`a=1&&b=2`, a trailing `&`, the empty query) give no
    ///   pair; a piece without `=` gives an empty value.
    /// - Decoded octets that are not UTF-8 become U+FFFD (lossy); for the
    ///   exact octets, split [`query`](Self::query) and use
    ///   [`percent_decode`](crate::percent_decode). A name or value without
    ///   `%` is borrowed from the URI.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::parse("http://example.com/?q=caf%C3%A9+au+lait&x&=v&&a=b=c")?;
    /// let pairs: Vec<(String, String)> = uri
    ///     .query_pairs()
    ///     .map(|(name, value)| (name.into_owned(), value.into_owned()))
    ///     .collect();
    /// assert_eq!(
    ///     pairs,
    ///     [("q", "café+au+lait"), ("x", ""), ("", "v"), ("a", "b=c")]
    ///         .map(|(n, v)| (n.to_string(), v.to_string()))
    /// );
    /// assert_eq!(Uri::parse("/no-query")?.query_pairs().count(), 0);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn query_pairs(&self) -> QueryPairs<'_> {
        QueryPairs(Pairs::of(self.query(), Coding::Percent))
    }

    /// The query read as HTML forms send it (`application/x-www-form-urlencoded`,
    /// the body of a form's `GET` and of most HTTP APIs): the pairs that
    /// the WHATWG URL standard's `application/x-www-form-urlencoded` parser
    /// gives, and `url`'s `form_urlencoded::parse` and `Url::query_pairs`.
    ///
    /// It splits as [`query_pairs`](Self::query_pairs) does (at each `&`,
    /// each pair at its first `=`, no pair for an empty piece), and decodes
    /// each name and value as a form does: `+` is a space, then each
    /// percent-encoding is its octet (so `%2B` is a `+`), and the octets are
    /// read as UTF-8, with U+FFFD for what is not. `query_pairs` differs only
    /// in the `+`, which it keeps: that is the RFC 3986 reading, and the
    /// crate's default, since a query that is not a form's may mean a `+`
    /// (`?tz=UTC+1`).
    ///
    /// [`append_form_pair`](Self::append_form_pair) and
    /// [`UriBuilder::form_pairs`](crate::UriBuilder::form_pairs) write
    /// pairs this reads back.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::parse("https://example.com/search?q=rust+book%21&lang=en&sum=1%2B1")?;
    /// let pairs: Vec<(String, String)> = uri
    ///     .form_pairs()
    ///     .map(|(name, value)| (name.into_owned(), value.into_owned()))
    ///     .collect();
    /// assert_eq!(
    ///     pairs,
    ///     [("q", "rust book!"), ("lang", "en"), ("sum", "1+1")]
    ///         .map(|(n, v)| (n.to_string(), v.to_string()))
    /// );
    ///
    /// // The RFC 3986 reading keeps the `+`.
    /// let (_, q) = uri.query_pairs().next().unwrap();
    /// assert_eq!(q, "rust+book!");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn form_pairs(&self) -> FormPairs<'_> {
        FormPairs(Pairs::of(self.query(), Coding::Form))
    }
}

/// The `name=value` pairs of a query, from [`Reference::query_pairs`]:
/// percent-decoded, `+` kept.
///
/// ```
/// use std::borrow::Cow;
/// use rfc3986::Uri;
///
/// let uri = Uri::parse("?a=1&b=x%20y")?;
/// let mut pairs = uri.query_pairs();
/// assert_eq!(pairs.next(), Some((Cow::Borrowed("a"), Cow::Borrowed("1"))));
/// assert_eq!(pairs.next(), Some((Cow::Borrowed("b"), Cow::Owned("x y".to_string()))));
/// assert_eq!(pairs.next(), None);
/// # Ok::<(), rfc3986::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct QueryPairs<'a>(Pairs<'a>);

impl<'a> Iterator for QueryPairs<'a> {
    type Item = (Cow<'a, str>, Cow<'a, str>);

    fn next(&mut self) -> Option<Self::Item> {
        self.0.next()
    }
}

impl core::iter::FusedIterator for QueryPairs<'_> {}

/// The `name=value` pairs of a query read as a form's, from
/// [`Reference::form_pairs`]: `+` is a space, then percent-decoded.
///
/// ```
/// use std::borrow::Cow;
/// use rfc3986::Uri;
///
/// let uri = Uri::parse("?a=1&b=x+y%2B")?;
/// let mut pairs = uri.form_pairs();
/// assert_eq!(pairs.next(), Some((Cow::Borrowed("a"), Cow::Borrowed("1"))));
/// assert_eq!(pairs.next(), Some((Cow::Borrowed("b"), Cow::Owned("x y+".to_string()))));
/// assert_eq!(pairs.next(), None);
/// # Ok::<(), rfc3986::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct FormPairs<'a>(Pairs<'a>);

impl<'a> Iterator for FormPairs<'a> {
    type Item = (Cow<'a, str>, Cow<'a, str>);

    fn next(&mut self) -> Option<Self::Item> {
        self.0.next()
    }
}

impl core::iter::FusedIterator for FormPairs<'_> {}

/// The pairs of a query, decoded with a [`Coding`]: what [`QueryPairs`]
/// and [`FormPairs`] give.
#[derive(Clone, Debug)]
struct Pairs<'a> {
    pieces: Option<core::str::Split<'a, char>>,
    coding: Coding,
}

impl<'a> Pairs<'a> {
    fn of(query: Option<&'a str>, coding: Coding) -> Pairs<'a> {
        Pairs {
            pieces: query.map(|query| query.split('&')),
            coding,
        }
    }

    fn next(&mut self) -> Option<(Cow<'a, str>, Cow<'a, str>)> {
        let pieces = self.pieces.as_mut()?;
        loop {
            let piece = pieces.next()?;
            if piece.is_empty() {
                continue;
            }
            let (name, value) = split_pair(piece);
            return Some((self.coding.decode(name), self.coding.decode(value)));
        }
    }
}

/// How the names and values of a query's pairs are encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Coding {
    /// Percent-encoding alone (RFC 3986): `+` is a plus sign, and is
    /// written `%2B` so that a form reader does not take it for a space.
    Percent,
    /// `application/x-www-form-urlencoded` (the WHATWG URL standard): `+`
    /// is a space; the characters its serializer encodes are encoded.
    Form,
}

impl Coding {
    /// A name or value of a parsed query (every `%` starts an encoding),
    /// decoded, its octets read as UTF-8 with U+FFFD for what is not.
    fn decode(self, s: &str) -> Cow<'_, str> {
        let decoded = match self {
            Coding::Percent => percent_decode_lenient(s),
            Coding::Form => percent::form_decode(s),
        };
        match decoded {
            // Borrowed means nothing was decoded: it is `s` itself.
            Cow::Borrowed(_) => Cow::Borrowed(s),
            Cow::Owned(bytes) => match String::from_utf8(bytes) {
                Ok(text) => Cow::Owned(text),
                Err(error) => Cow::Owned(String::from_utf8_lossy(error.as_bytes()).into_owned()),
            },
        }
    }

    /// Whether the piece of a query between two `&` is a pair named
    /// `name`: whether its name, decoded, is exactly the octets of
    /// `name`'s UTF-8 (never after a lossy step, so `%FF` is not U+FFFD).
    /// An empty piece is no pair.
    fn is_named(self, piece: &str, name: &str) -> bool {
        !piece.is_empty()
            && percent::octets(split_pair(piece).0, self == Coding::Form).eq(name.bytes())
    }

    /// Appends `text`, a name or a value, encoded.
    fn push(self, out: &mut String, syntax: &Syntax, text: &str) {
        match self {
            Coding::Percent => percent::push_encoded(out, text, &syntax.query_pair),
            Coding::Form => percent::push_form_encoded(out, text, &syntax.form_pair),
        }
    }

    /// Appends `name=value`, each encoded.
    pub(crate) fn push_pair(self, out: &mut String, syntax: &Syntax, name: &str, value: &str) {
        self.push(out, syntax, name);
        out.push('=');
        self.push(out, syntax, value);
    }
}

/// A piece of a query between two `&`, split at its first `=` into a name
/// and a value, as written; a piece without `=` is a name with an empty
/// value.
fn split_pair(piece: &str) -> (&str, &str) {
    piece.split_once('=').unwrap_or((piece, ""))
}

/// The query `query` (`None`: there is none) with the pair `name=value`
/// (decoded) appended, encoded with `coding`, after a `&` unless the
/// query is empty or ends in one. The pairs there stay as written.
pub(crate) fn appended(
    query: Option<&str>,
    syntax: &Syntax,
    coding: Coding,
    name: &str,
    value: &str,
) -> String {
    let old = query.unwrap_or("");
    let mut new = String::with_capacity(old.len() + 2 + 3 * (name.len() + value.len()));
    new.push_str(old);
    if !(old.is_empty() || old.ends_with('&')) {
        new.push('&');
    }
    coding.push_pair(&mut new, syntax, name, value);
    new
}

/// The query `query` with the value of the pair named `name` set to
/// `value`: the first such pair keeps its place and its name as written,
/// later ones are removed; without one, the pair is [`appended`]. Every
/// other piece stays as written.
pub(crate) fn with_pair_set(
    query: Option<&str>,
    syntax: &Syntax,
    coding: Coding,
    name: &str,
    value: &str,
) -> String {
    let Some(old) = query.filter(|q| q.split('&').any(|p| coding.is_named(p, name))) else {
        return appended(query, syntax, coding, name, value);
    };
    let mut new = String::with_capacity(old.len() + 3 * value.len());
    let mut set = false;
    for (i, piece) in old.split('&').enumerate() {
        let named = coding.is_named(piece, name);
        if named && set {
            continue;
        }
        if i > 0 {
            new.push('&');
        }
        if named {
            new.push_str(split_pair(piece).0);
            new.push('=');
            coding.push(&mut new, syntax, value);
            set = true;
        } else {
            new.push_str(piece);
        }
    }
    new
}

/// The query `query` without the pairs named `name` (each with the `&`
/// before it, after it for the first), and how many there were; the new
/// query is `None` when no pair is left (only what was between two `&`,
/// which is nothing). Every other piece stays as written.
pub(crate) fn without_pairs(query: &str, coding: Coding, name: &str) -> (usize, Option<String>) {
    let mut new = String::with_capacity(query.len());
    let mut removed = 0;
    let mut kept = 0;
    let mut pairs_left = false;
    for piece in query.split('&') {
        if coding.is_named(piece, name) {
            removed += 1;
            continue;
        }
        if kept > 0 {
            new.push('&');
        }
        kept += 1;
        new.push_str(piece);
        pairs_left |= !piece.is_empty();
    }
    (removed, pairs_left.then_some(new))
}

/// A `name=value` pair, as [`UriBuilder::query_pairs`] and
/// [`UriBuilder::form_pairs`] take them: a tuple of two strings (`(&str,
/// &str)`, `(String, String)`, what a map's iterator gives), or a
/// reference to one, so that a slice `&[(String, String)]` or a `&Vec` of
/// pairs can be given as it is.
///
/// [`UriBuilder::query_pairs`]: crate::UriBuilder::query_pairs
/// [`UriBuilder::form_pairs`]: crate::UriBuilder::form_pairs
///
/// ```
/// use rfc3986::{AsQueryPair, Uri};
///
/// let pair = ("lang".to_string(), "en".to_string());
/// assert_eq!((pair.name(), pair.value()), ("lang", "en"));
///
/// let pairs: Vec<(String, String)> = vec![pair, ("q".into(), "a&b".into())];
/// let uri = Uri::builder().path("/search").query_pairs(&pairs).build()?;
/// assert_eq!(uri.as_str(), "/search?lang=en&q=a%26b");
/// # Ok::<(), rfc3986::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a query pair",
    label = "a query pair is a tuple of two strings, or a reference to one",
    note = "`(&str, &str)`, `(String, String)`, `&(String, String)`, or what a map of strings \
            iterates over; a number needs `.to_string()` first"
)]
pub trait AsQueryPair {
    /// The name, decoded.
    ///
    /// ```
    /// use rfc3986::AsQueryPair;
    ///
    /// assert_eq!(("lang", "en").name(), "lang");
    /// ```
    fn name(&self) -> &str;
    /// The value, decoded.
    ///
    /// ```
    /// use rfc3986::AsQueryPair;
    ///
    /// assert_eq!(&("lang".to_string(), "en".to_string()).value(), &"en");
    /// ```
    fn value(&self) -> &str;
}

impl<K: AsRef<str>, V: AsRef<str>> AsQueryPair for (K, V) {
    fn name(&self) -> &str {
        self.0.as_ref()
    }

    fn value(&self) -> &str {
        self.1.as_ref()
    }
}

impl<K: AsRef<str>, V: AsRef<str>> AsQueryPair for &(K, V) {
    fn name(&self) -> &str {
        self.0.as_ref()
    }

    fn value(&self) -> &str {
        self.1.as_ref()
    }
}
