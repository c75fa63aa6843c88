//! The query read as `name=value` pairs.

use alloc::borrow::Cow;
use alloc::string::String;

use crate::percent::percent_decode;
use crate::uri::Uri;

impl Uri {
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

/// The `name=value` pairs of a query, from [`Uri::query_pairs`].
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
            let (name, value) = piece.split_once('=').unwrap_or((piece, ""));
            return Some((decode_lossy(name), decode_lossy(value)));
        }
    }
}

impl core::iter::FusedIterator for QueryPairs<'_> {}

/// Percent-decodes `s`, reading the octets as UTF-8 with U+FFFD for what is
/// not.
fn decode_lossy(s: &str) -> Cow<'_, str> {
    match percent_decode(s) {
        // Borrowed means nothing was decoded: it is `s` itself.
        Cow::Borrowed(_) => Cow::Borrowed(s),
        Cow::Owned(bytes) => match String::from_utf8(bytes) {
            Ok(text) => Cow::Owned(text),
            Err(error) => Cow::Owned(String::from_utf8_lossy(error.as_bytes()).into_owned()),
        },
    }
}
