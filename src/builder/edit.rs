//! Edits that change a piece of one component, path segments and query
//! pairs, and leave every other byte as it was written: the new
//! component's text is the old one plus or minus the piece (encoded for
//! its place), and the whole is written once through recomposition.

use alloc::string::String;

use super::setters::rewrite;
use super::{check_segment, BuildError};
use crate::path;
use crate::percent::{self, DecodeError};
use crate::query::{self, Coding};
use crate::reference::{Owned, Reference, Storage};
use crate::spec::Spec;

// `S: Owned` is on each method, for the message it gives on a `Uri<&str>`
// (see the setters).
impl<X: Spec, S: Storage> Reference<X, S> {
    /// Adds `segment`, as written (percent-encoded), at the end of the
    /// path: the text [`pop_path_segment`](Self::pop_path_segment) and
    /// [`path_segments`](Self::path_segments) give, so that a segment taken
    /// from one URI goes onto another as it was (`%2C` stays `%2C`). It
    /// must be a `segment` of the reference's grammar: no `/`, every `%`
    /// the start of a percent-encoding. For decoded text, which is
    /// percent-encoded for its place, use
    /// [`push_path_segment_decoded`](Self::push_path_segment_decoded). The
    /// rest of the URI, the path before it included, stays byte for byte
    /// as it was.
    ///
    /// Where the segment goes is as for `push_path_segment_decoded`: in
    /// place of the empty last segment of a path that ends in `/`, after a
    /// `/` otherwise. In a relative reference whose first segment it
    /// becomes, a `:` in it gets the path a `./` prefix, as
    /// [`set_path`](Self::set_path) does, so that it does not read as a
    /// scheme.
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] (of [`Component::PathSegment`](crate::Component::PathSegment))
    /// when `segment` is not a segment, at the first byte that is not;
    /// [`BuildError::DotSegment`] for `.` and `..`, however encoded
    /// (`%2E%2E` is `..`, RFC 3986 section 6.2.2.2). The URI is then
    /// unchanged.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let from: Uri = "https://old.example/files/report%2C%202024".parse()?;
    /// let mut to: Uri = "https://new.example/archive/".parse()?;
    /// to.push_path_segment(from.path_segments().last().unwrap())?;
    /// assert_eq!(to.as_str(), "https://new.example/archive/report%2C%202024");
    ///
    /// assert!(to.push_path_segment("a/b").is_err());
    /// assert!(to.push_path_segment("a b").is_err());
    /// assert!(to.push_path_segment("%2e%2E").is_err());
    /// assert_eq!(to.as_str(), "https://new.example/archive/report%2C%202024");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn push_path_segment(&mut self, segment: &str) -> Result<(), BuildError>
    where
        S: Owned,
    {
        if percent::decodes_to(segment, b".") || percent::decodes_to(segment, b"..") {
            return Err(BuildError::DotSegment);
        }
        check_segment(X::syntax(), segment)?;
        self.push_segment(|new, _| new.push_str(segment));
        Ok(())
    }

    /// Adds `segment`, decoded, at the end of the path: percent-encoded as
    /// a [`PathSegment`](crate::Component::PathSegment) (so a `/` in it is
    /// `%2F`), and, in a relative reference where it is the first segment,
    /// with its `:` encoded too. The rest of the URI, the path before it
    /// included, stays byte for byte as it was.
    ///
    /// A path that ends in `/` (its last segment is empty: `/v1/`, `/`)
    /// gets the segment in place of that empty one, so that pushing `users`
    /// onto `https://api.example/v1/` gives `https://api.example/v1/users`,
    /// not `/v1//users` (where `url`'s `path_segments_mut().push` needs a
    /// `pop_if_empty` first). Any other path gets a `/` and the segment;
    /// an empty path after an authority becomes `/segment`. Pushing the
    /// empty segment therefore ends the path in `/`, or leaves it as it is
    /// when it already does (or is empty with no authority).
    ///
    /// `segment` is decoded text, where
    /// [`push_path_segment`](Self::push_path_segment) takes it as written;
    /// [`pop_path_segment_decoded`](Self::pop_path_segment_decoded) is the
    /// inverse: pushing a segment onto a path that does not end in `/`,
    /// then popping it decoded, gives the same text and the same URI back.
    ///
    /// # Errors
    ///
    /// [`BuildError::DotSegment`] for `.` and `..`, which are not names
    /// but steps of the path's hierarchy; the URI is then unchanged.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let mut uri: Uri = "https://api.example/v1/?page=2".parse()?;
    /// uri.push_path_segment_decoded("users")?;
    /// uri.push_path_segment_decoded("a/b c")?;
    /// assert_eq!(uri.as_str(), "https://api.example/v1/users/a%2Fb%20c?page=2");
    ///
    /// // What was there stays as written.
    /// let mut uri: Uri = "http://h/a/%2C/b".parse()?;
    /// uri.push_path_segment_decoded("")?;
    /// assert_eq!(uri.as_str(), "http://h/a/%2C/b/");
    ///
    /// assert!(uri.push_path_segment_decoded("..").is_err());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn push_path_segment_decoded(&mut self, segment: &str) -> Result<(), BuildError>
    where
        S: Owned,
    {
        if segment == "." || segment == ".." {
            return Err(BuildError::DotSegment);
        }
        self.push_segment(|new, first_of_relative| {
            path::push_segment(new, X::syntax(), segment, first_of_relative);
        });
        Ok(())
    }

    /// Adds a segment at the end of the path, which `write` appends (given
    /// whether it is the first segment of a relative reference), after a
    /// `/` where one is needed.
    fn push_segment(&mut self, write: impl FnOnce(&mut String, bool))
    where
        S: Owned,
    {
        let old = self.path();
        let mut new = String::with_capacity(old.len() + 64);
        new.push_str(old);
        let first = old.is_empty() && self.authority().is_none();
        if (old.is_empty() && self.authority().is_some()) || !(old.is_empty() || old.ends_with('/'))
        {
            new.push('/');
        }
        write(&mut new, first && self.is_relative());
        if new != old {
            let rewritten = rewrite(self, |c| c.path = &new);
            self.replace_with(rewritten);
        }
    }

    /// Removes the last segment of the path, with the `/` before it, and
    /// gives it back as it was written (percent-encoded); `None` when there
    /// is no segment to remove: the path is empty or `/`. The root `/` of
    /// an absolute path stays (`/a` becomes `/`), and every other byte of
    /// the URI stays as it was.
    ///
    /// The segment comes back encoded, as
    /// [`push_path_segment`](Self::push_path_segment) takes it:
    /// [`pop_path_segment_decoded`](Self::pop_path_segment_decoded) is the
    /// twin that gives it decoded, the inverse of
    /// [`push_path_segment_decoded`](Self::push_path_segment_decoded).
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let mut uri: Uri = "http://h/a/%2C/b%20c?q".parse()?;
    /// assert_eq!(uri.pop_path_segment().as_deref(), Some("b%20c"));
    /// assert_eq!(uri.as_str(), "http://h/a/%2C?q");
    /// assert_eq!(uri.pop_path_segment().as_deref(), Some("%2C"));
    /// assert_eq!(uri.pop_path_segment().as_deref(), Some("a"));
    /// assert_eq!(uri.as_str(), "http://h/?q");
    /// assert_eq!(uri.pop_path_segment(), None);
    ///
    /// let mut uri: Uri = "a/b/".parse()?;
    /// assert_eq!(uri.pop_path_segment().as_deref(), Some(""));
    /// assert_eq!(uri.as_str(), "a/b");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn pop_path_segment(&mut self) -> Option<String>
    where
        S: Owned,
    {
        let (kept, popped) = split_last_segment(self.path())?;
        let popped = String::from(popped);
        let rewritten = rewrite(self, |c| c.path = kept);
        self.replace_with(rewritten);
        Some(popped)
    }

    /// Removes the last segment of the path, as
    /// [`pop_path_segment`](Self::pop_path_segment) does, and gives it back
    /// percent-decoded, as UTF-8: the text
    /// [`push_path_segment_decoded`](Self::push_path_segment_decoded) takes, so that
    /// pushing a segment onto a path that does not end in `/` and popping
    /// it with this method gives both the segment and the URI back.
    /// `Ok(None)` when there is no segment to remove (the path is empty or
    /// `/`).
    ///
    /// # Errors
    ///
    /// [`DecodeError::Utf8`](crate::DecodeError::Utf8) when the segment's
    /// octets, decoded, are not UTF-8 (`%FF`), at its byte offset in the
    /// segment. The segment is then *not* removed, so that it is never
    /// lost: the URI is unchanged, and
    /// [`pop_path_segment`](Self::pop_path_segment) removes it and gives
    /// it as written, for [`percent_decode`](crate::percent_decode) to
    /// give its octets.
    ///
    /// ```
    /// use rfc3986::{DecodeError, Uri};
    ///
    /// let mut uri: Uri = "http://h/docs?q".parse()?;
    /// uri.push_path_segment_decoded("a b/c")?;
    /// assert_eq!(uri.as_str(), "http://h/docs/a%20b%2Fc?q");
    /// assert_eq!(uri.pop_path_segment_decoded()?.as_deref(), Some("a b/c"));
    /// assert_eq!(uri.as_str(), "http://h/docs?q");
    ///
    /// let mut uri: Uri = "http://h/a/%FF".parse()?;
    /// assert_eq!(uri.pop_path_segment_decoded(), Err(DecodeError::Utf8 { offset: 0 }));
    /// assert_eq!(uri.as_str(), "http://h/a/%FF");
    /// assert_eq!(uri.pop_path_segment().as_deref(), Some("%FF"));
    /// assert_eq!(uri.pop_path_segment_decoded()?.as_deref(), Some("a"));
    /// assert_eq!(uri.pop_path_segment_decoded()?, None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn pop_path_segment_decoded(&mut self) -> Result<Option<String>, DecodeError>
    where
        S: Owned,
    {
        let Some((kept, popped)) = split_last_segment(self.path()) else {
            return Ok(None);
        };
        let popped = percent::percent_decode_utf8(popped)?.into_owned();
        let rewritten = rewrite(self, |c| c.path = kept);
        self.replace_with(rewritten);
        Ok(Some(popped))
    }

    /// Adds the pair `name=value`, both decoded, at the end of the query:
    /// each percent-encoded as a [`QueryPair`](crate::Component::QueryPair)
    /// (`&`, `=` and `+` included), joined to what is there with `&` (none
    /// when the query is empty or ends in `&`). A URI without a query gets
    /// one. The pairs already there stay byte for byte as they were
    /// (`q=a+b` keeps its `+`), as does the rest of the URI.
    ///
    /// [`append_form_pair`](Self::append_form_pair) writes the pair as an
    /// HTML form does (a space as `+`).
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let mut uri: Uri = "http://h/s?q=a+b&x=%7e#top".parse()?;
    /// uri.append_query_pair("lang", "en&fr");
    /// assert_eq!(uri.as_str(), "http://h/s?q=a+b&x=%7e&lang=en%26fr#top");
    ///
    /// let mut uri: Uri = "http://h/s".parse()?;
    /// uri.append_query_pair("a b", "1+1=2");
    /// assert_eq!(uri.as_str(), "http://h/s?a%20b=1%2B1%3D2");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn append_query_pair(&mut self, name: &str, value: &str)
    where
        S: Owned,
    {
        let new = query::appended(self.query(), X::syntax(), Coding::Percent, name, value);
        self.replace_query(Some(&new));
    }

    /// Sets the value of the pair named `name`, decoded: the first such pair
    /// keeps its place and its name as written and gets `value`, decoded,
    /// percent-encoded as a [`QueryPair`](crate::Component::QueryPair);
    /// later pairs of that name are removed. Without one, the pair is
    /// appended as [`append_query_pair`](Self::append_query_pair) does.
    /// Every other pair, and the rest of the URI, stays byte for byte.
    ///
    /// # Which pairs are named `name`
    ///
    /// A pair's name is compared by its octets once percent-decoded with
    /// the octets of `name`'s UTF-8, exactly: never after a lossy UTF-8
    /// step. So a name written `%71` *is* the name `q` (a percent-encoding
    /// is the octet it encodes, and RFC 3986 section 6.2.2.2 makes `%71`
    /// and `q` equivalent), and `caf%C3%A9` is `café`; but `%FF` and `%FE`
    /// are names that no `&str` spells (they are not UTF-8), and neither
    /// is U+FFFD, which is `%EF%BF%BD`. `+` is a plus sign, as in
    /// [`query_pairs`](Self::query_pairs) (a space in
    /// [`set_form_pair`](Self::set_form_pair)). The same holds for
    /// [`remove_query_pairs`](Self::remove_query_pairs).
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let mut uri: Uri = "http://h/?a=1&%70age=2&b=x+y&page=3".parse()?;
    /// uri.set_query_pair("page", "10");
    /// assert_eq!(uri.as_str(), "http://h/?a=1&%70age=10&b=x+y");
    /// uri.set_query_pair("sort", "name");
    /// assert_eq!(uri.as_str(), "http://h/?a=1&%70age=10&b=x+y&sort=name");
    ///
    /// // Octets that are not UTF-8 are no name but their own.
    /// let mut uri: Uri = "http://h/?%FF=1".parse()?;
    /// uri.set_query_pair("\u{FFFD}", "2");
    /// assert_eq!(uri.as_str(), "http://h/?%FF=1&%EF%BF%BD=2");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn set_query_pair(&mut self, name: &str, value: &str)
    where
        S: Owned,
    {
        let new = query::with_pair_set(self.query(), X::syntax(), Coding::Percent, name, value);
        self.replace_query(Some(&new));
    }

    /// Removes every pair named `name`, decoded (its octets compared
    /// exactly, as [`set_query_pair`](Self::set_query_pair) says: `%71` is
    /// `q`, `%FF` is no `&str`'s name) from the query, with
    /// the `&` before it (after it, for the first), and says how many there
    /// were. When no pair is left (only what was between two `&`, which is
    /// nothing), the query goes, with its `?`. Every other pair, and the
    /// rest of the URI, stays byte for byte.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let mut uri: Uri = "http://h/?utm_source=x&q=a+b&utm_source=y#f".parse()?;
    /// assert_eq!(uri.remove_query_pairs("utm_source"), 2);
    /// assert_eq!(uri.as_str(), "http://h/?q=a+b#f");
    /// assert_eq!(uri.remove_query_pairs("q"), 1);
    /// assert_eq!(uri.as_str(), "http://h/#f");
    /// assert_eq!(uri.remove_query_pairs("q"), 0);
    ///
    /// let mut uri: Uri = "http://h/?%FF=1&%FE=2&%71=3".parse()?;
    /// assert_eq!(uri.remove_query_pairs("\u{FFFD}"), 0);
    /// assert_eq!(uri.remove_query_pairs("q"), 1);
    /// assert_eq!(uri.as_str(), "http://h/?%FF=1&%FE=2");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn remove_query_pairs(&mut self, name: &str) -> usize
    where
        S: Owned,
    {
        self.remove_pairs(Coding::Percent, name)
    }

    /// Adds the pair `name=value`, both decoded, at the end of the query,
    /// encoded as an HTML form encodes it (`application/x-www-form-urlencoded`):
    /// a space is `+`, and every character but the ASCII alphanumerics,
    /// `*`, `-`, `.` and `_` is percent-encoded, `+` included (`%2B`), as
    /// the WHATWG URL standard's serializer writes it, and as `url`'s
    /// `form_urlencoded::Serializer` and `Url::query_pairs_mut` do. It is
    /// joined to what is there with `&` (none when the query is empty or
    /// ends in `&`); a URI without a query gets one, and the pairs already
    /// there stay byte for byte as they were.
    ///
    /// The text is always a valid RFC 3986 query: the characters left as
    /// they are are the grammar's `query` characters without those the
    /// WHATWG serializer encodes, so a character that serializer would leave
    /// as it is but `query` refuses would be percent-encoded all the same.
    /// (For ASCII there is none; WHATWG's *URL parser* leaves `[`, `]`,
    /// `{`, `}`, `|`, `\`, `^` and `` ` `` raw in a query, which RFC 3986
    /// refuses, but its form serializer encodes them.) In an
    /// [`Iri`](https://docs.rs/rfc3986/latest/rfc3986/type.Iri.html), the
    /// characters above ASCII that `iquery` takes stay as they are, as for
    /// every decoded input of an IRI, where the WHATWG serializer encodes
    /// their UTF-8.
    ///
    /// [`form_pairs`](Self::form_pairs) reads the pair back, as does a form
    /// decoder (`url`'s `form_urlencoded::parse`);
    /// [`query_pairs`](Self::query_pairs) reads a value written with a
    /// space with a `+` in its place.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let mut uri: Uri = "https://example.com/search#results".parse()?;
    /// uri.append_form_pair("q", "rust book!");
    /// uri.append_form_pair("sum", "1+1=2 ü");
    /// assert_eq!(uri.as_str(), "https://example.com/search?q=rust+book%21&sum=1%2B1%3D2+%C3%BC#results");
    ///
    /// let pairs: Vec<_> = uri.form_pairs().collect();
    /// assert_eq!(pairs, [("q".into(), "rust book!".into()), ("sum".into(), "1+1=2 ü".into())]);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn append_form_pair(&mut self, name: &str, value: &str)
    where
        S: Owned,
    {
        let new = query::appended(self.query(), X::syntax(), Coding::Form, name, value);
        self.replace_query(Some(&new));
    }

    /// Sets the value of the pair named `name`, decoded, as
    /// [`set_query_pair`](Self::set_query_pair) does, with the pairs read
    /// and written as an HTML form's: a pair's name is compared as
    /// [`form_pairs`](Self::form_pairs) decodes it (`+` is a space, then
    /// its octets exactly: `first+name` and `first%20name` are both
    /// `first name`), and `value` is encoded as
    /// [`append_form_pair`](Self::append_form_pair) encodes it. The first
    /// such pair keeps its place and its name as written; later ones are
    /// removed; without one, the pair is appended.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let mut uri: Uri = "https://example.com/?first+name=Jo&page=2&first%20name=Al".parse()?;
    /// uri.set_form_pair("first name", "Ada Lovelace");
    /// assert_eq!(uri.as_str(), "https://example.com/?first+name=Ada+Lovelace&page=2");
    /// uri.set_form_pair("sort", "a-z");
    /// assert_eq!(uri.as_str(), "https://example.com/?first+name=Ada+Lovelace&page=2&sort=a-z");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn set_form_pair(&mut self, name: &str, value: &str)
    where
        S: Owned,
    {
        let new = query::with_pair_set(self.query(), X::syntax(), Coding::Form, name, value);
        self.replace_query(Some(&new));
    }

    /// Removes every pair named `name`, decoded, as
    /// [`remove_query_pairs`](Self::remove_query_pairs) does, with each
    /// pair's name decoded as [`form_pairs`](Self::form_pairs) decodes it
    /// (`+` is a space), and says how many there were. When no pair is
    /// left, the query goes, with its `?`.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let mut uri: Uri = "https://example.com/?utm+source=x&q=a+b&utm%20source=y".parse()?;
    /// assert_eq!(uri.remove_form_pair("utm source"), 2);
    /// assert_eq!(uri.as_str(), "https://example.com/?q=a+b");
    /// assert_eq!(uri.remove_form_pair("q"), 1);
    /// assert_eq!(uri.as_str(), "https://example.com/");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn remove_form_pair(&mut self, name: &str) -> usize
    where
        S: Owned,
    {
        self.remove_pairs(Coding::Form, name)
    }

    /// Removes the pairs named `name` in `coding`; how many there were.
    fn remove_pairs(&mut self, coding: Coding, name: &str) -> usize
    where
        S: Owned,
    {
        let Some(old) = self.query() else { return 0 };
        let (removed, new) = query::without_pairs(old, coding, name);
        if removed > 0 {
            self.replace_query(new.as_deref());
        }
        removed
    }

    /// Writes the reference again with the query `query`.
    fn replace_query(&mut self, query: Option<&str>)
    where
        S: Owned,
    {
        let rewritten = rewrite(self, |c| c.query = query);
        self.replace_with(rewritten);
    }
}

/// `path` split before its last segment: what stays (without the `/`
/// before the segment, but with the root `/` of an absolute path) and the
/// segment; `None` when there is no segment to remove (the path is empty
/// or `/`).
fn split_last_segment(path: &str) -> Option<(&str, &str)> {
    match path.rfind('/') {
        None if path.is_empty() => None,
        None => Some(("", path)),
        Some(0) if path.len() == 1 => None,
        Some(0) => Some(("/", &path[1..])),
        Some(slash) => Some((&path[..slash], &path[slash + 1..])),
    }
}
