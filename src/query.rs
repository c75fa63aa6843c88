//! The query read as `name=value` pairs.

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
    ///   form encoding (`application/x-www-form-urlencoded`), not RFC 3986;
    ///   a query meant that way needs `+` replaced before use.
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
        QueryPairs {
            pieces: self.query().map(|query| query.split('&')),
        }
    }
}

/// The `name=value` pairs of a query, from [`Reference::query_pairs`].
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
pub struct QueryPairs<'a> {
    pieces: Option<core::str::Split<'a, char>>,
}

impl<'a> Iterator for QueryPairs<'a> {
    type Item = (Cow<'a, str>, Cow<'a, str>);

    fn next(&mut self) -> Option<Self::Item> {
        let pieces = self.pieces.as_mut()?;
        loop {
            let piece = pieces.next()?;
            if piece.is_empty() {
                continue;
            }
            let (name, value) = split_pair(piece);
            return Some((decode_lossy(name), decode_lossy(value)));
        }
    }
}

impl core::iter::FusedIterator for QueryPairs<'_> {}

/// A piece of a query between two `&`, split at its first `=` into a name
/// and a value, as written; a piece without `=` is a name with an empty
/// value.
pub(crate) fn split_pair(piece: &str) -> (&str, &str) {
    piece.split_once('=').unwrap_or((piece, ""))
}

/// Whether the piece of a query between two `&` is a pair named `name`:
/// whether its name, percent-decoded, is exactly the octets of `name`'s
/// UTF-8 (never after a lossy step, so `%FF` is not U+FFFD). An empty
/// piece is no pair.
pub(crate) fn is_named(piece: &str, name: &str) -> bool {
    !piece.is_empty() && percent::decodes_to(split_pair(piece).0, name.as_bytes())
}

/// Appends `name=value`, each percent-encoded as a
/// [`QueryPair`](crate::Component::QueryPair).
pub(crate) fn push_pair(out: &mut String, syntax: &Syntax, name: &str, value: &str) {
    percent::push_encoded(out, name, &syntax.query_pair);
    out.push('=');
    percent::push_encoded(out, value, &syntax.query_pair);
}

/// A `name=value` pair, as [`UriBuilder::query_pairs`] takes them: a tuple
/// of two strings (`(&str, &str)`, `(String, String)`, what a map's
/// iterator gives), or a reference to one, so that a slice
/// `&[(String, String)]` or a `&Vec` of pairs can be given as it is.
///
/// [`UriBuilder::query_pairs`]: crate::UriBuilder::query_pairs
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

/// Percent-decodes `s`, a parsed component (every `%` starts an
/// encoding), reading the octets as UTF-8 with U+FFFD for what is not.
fn decode_lossy(s: &str) -> Cow<'_, str> {
    match percent_decode_lenient(s) {
        // Borrowed means nothing was decoded: it is `s` itself.
        Cow::Borrowed(_) => Cow::Borrowed(s),
        Cow::Owned(bytes) => match String::from_utf8(bytes) {
            Ok(text) => Cow::Owned(text),
            Err(error) => Cow::Owned(String::from_utf8_lossy(error.as_bytes()).into_owned()),
        },
    }
}
