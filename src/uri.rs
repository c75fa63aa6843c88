//! The typed URI reference.

use alloc::borrow::Cow;
use alloc::string::{FromUtf8Error, String};
use alloc::sync::Arc;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::Range;
use core::str::FromStr;

use crate::authority::{redact_password, Authority, Host};
use crate::error::ParseError;
use crate::grammar::Rule;
use crate::lower::Lowered;
use crate::parts::{Bounds, Parts};
use crate::path;

/// A URI reference (RFC 3986 section 4.1): an absolute URI such as
/// `http://example.com/a?b#c`, or a relative reference such as `../a?b`.
///
/// A parsed `Uri` keeps its text exactly: [`as_str`](Self::as_str) and
/// `Display` give back the input. The accessors return the components as
/// written; undefined components are `None` and present-but-empty ones
/// `Some("")` (section 5.3 keeps the two apart).
///
/// Equality, ordering and hashing compare the text, so `HTTP://a` and
/// `http://a` are different values that denote the same resource.
///
/// ```
/// use rfc3986::Uri;
///
/// let uri = Uri::parse("foo://example.com:8042/over/there?name=ferret#nose")?;
/// assert_eq!(uri.scheme(), Some("foo"));
/// assert_eq!(uri.host_str(), Some("example.com"));
/// assert_eq!(uri.port(), Some(8042));
/// assert_eq!(uri.path(), "/over/there");
/// assert_eq!(uri.query(), Some("name=ferret"));
/// assert_eq!(uri.fragment(), Some("nose"));
/// assert_eq!(uri.to_string(), "foo://example.com:8042/over/there?name=ferret#nose");
/// # Ok::<(), rfc3986::Error>(())
/// ```
#[derive(Clone)]
pub struct Uri {
    /// The text.
    text: Arc<str>,
    /// The authority, which holds the text too, for its own accessors.
    authority: Option<Authority>,
    /// Where the other components lie in the text.
    bounds: Bounds,
}

impl Uri {
    /// Parses a URI reference: an absolute URI or a relative reference
    /// (`URI-reference`, section 4.1).
    ///
    /// The parse goes through the parser derived from `uri.pest`, which
    /// accepts exactly RFC 3986's language. One exception narrows it: a port
    /// above 65535 is rejected with [`ErrorKind::PortRange`], because ports
    /// are `u16`.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] with the kind of problem, its byte offset and what
    /// the grammar expected there.
    ///
    /// [`ErrorKind::PortRange`]: crate::ErrorKind::PortRange
    ///
    /// ```
    /// use rfc3986::{ErrorKind, Uri};
    ///
    /// let uri = Uri::parse("https://example.com/a?b#c")?;
    /// assert_eq!(uri.as_str(), "https://example.com/a?b#c");
    /// assert!(Uri::parse("../a")?.is_relative());
    ///
    /// let err = Uri::parse("http://example.com:65536/").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::PortRange, 19));
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn parse(input: &str) -> Result<Uri, ParseError> {
        let entry = Rule::uri_reference_input;
        // The compiled parser's diagnostic variant says what is wrong and
        // where.
        Uri::parse_compiled(entry, input, || Err(crate::verify::uri_error(entry, input)))
    }

    /// Whether `input` is a URI reference, with the error [`Uri::parse`]
    /// would give when it is not, without making the `Uri` (and so without
    /// allocating, unless for the error).
    pub(crate) fn check(input: &str) -> Result<(), ParseError> {
        use crate::compiled::uri as compiled;
        let entry = Rule::uri_reference_input;
        let mut tree = compiled::tree(input);
        if compiled::run(entry, &mut tree).is_none() {
            return Err(crate::verify::uri_error(entry, input));
        }
        crate::lower::lower(input, tree.nodes()).map(|_| ())
    }

    /// Parses `input` from `entry`, an entry rule of `uri.pest` (one that
    /// anchors a rule holding a URI reference), with the compiled parser;
    /// `rejected` says why when the grammar rejects it. Inlined into each
    /// caller, with the lowering: an `Option<Result<Uri, _>>` returned
    /// instead, and the lowering called, cost `Uri::parse` 10% more
    /// instructions (callgrind, the benchmark corpus).
    #[inline(always)]
    pub(crate) fn parse_compiled(
        entry: Rule,
        input: &str,
        rejected: impl FnOnce() -> Result<Uri, ParseError>,
    ) -> Result<Uri, ParseError> {
        use crate::compiled::uri as compiled;
        let mut tree = compiled::tree(input);
        let matched = compiled::run(entry, &mut tree).is_some();
        #[cfg(feature = "verify-compiled")]
        compiled::verify(entry, input);
        if matched {
            Uri::from_nodes(input, tree.nodes())
        } else {
            rejected()
        }
    }

    /// The `Uri` of `input` from the parse tree a parser derived from
    /// `uri.pest` made of it: its pairs in preorder, lowered
    /// ([`lower_uri`](crate::lower::lower_uri)). Inlined with the lowering,
    /// so that the `Uri` is built where the caller returns it.
    #[inline(always)]
    pub(crate) fn from_nodes<R: crate::grammar::UriRule>(
        input: &str,
        nodes: impl IntoIterator<Item = crate::lower::Node<R>>,
    ) -> Result<Uri, ParseError> {
        crate::lower::lower_uri(input, nodes)
    }

    /// Makes a `Uri` from the parts of `text` (which tile it).
    pub(crate) fn from_parts(text: Arc<str>, parts: Parts) -> Uri {
        let bounds = parts.bounds();
        let authority = parts.authority.map(|a| (a.bounds(), a.host));
        Uri::from_bounds(text, Lowered { bounds, authority })
    }

    /// Makes a `Uri` from the bounds that the lowering found in `text`.
    #[inline(always)]
    pub(crate) fn from_bounds(text: Arc<str>, lowered: Lowered) -> Uri {
        let authority = lowered
            .authority
            .map(|(bounds, host)| Authority::new(Arc::clone(&text), bounds, host));
        Uri {
            text,
            authority,
            bounds: lowered.bounds,
        }
    }

    /// The URI reference as text. For a parsed `Uri`, exactly the input.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::parse("HTTP://Example.COM/%7e")?;
    /// assert_eq!(uri.as_str(), "HTTP://Example.COM/%7e");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn as_str(&self) -> &str {
        self.text()
    }

    /// Whether this is a relative reference (section 4.2): one without a
    /// scheme.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// assert!(!Uri::parse("urn:isbn:0451450523")?.is_relative());
    /// assert!(Uri::parse("//example.com/a")?.is_relative());
    /// assert!(Uri::parse("")?.is_relative());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn is_relative(&self) -> bool {
        self.bounds.scheme_end.get().is_none()
    }

    /// The scheme as written (schemes are case-insensitive; see
    /// `normalize`), without its `:`. `None` for a relative reference.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// assert_eq!(Uri::parse("HTTPS://a/")?.scheme(), Some("HTTPS"));
    /// assert_eq!(Uri::parse("/a:b")?.scheme(), None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn scheme(&self) -> Option<&str> {
        self.bounds.scheme_end.get().map(|end| self.slice(0..end))
    }

    /// The authority (section 3.2), the part after `//`; `None` when there
    /// is no `//`. It may be empty (`file:///etc/hosts`).
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// assert_eq!(Uri::parse("http://u@h:1/p")?.authority().unwrap().as_str(), "u@h:1");
    /// assert_eq!(Uri::parse("file:///etc")?.authority().unwrap().as_str(), "");
    /// assert!(Uri::parse("mailto:a@b")?.authority().is_none());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn authority(&self) -> Option<&Authority> {
        self.authority.as_ref()
    }

    /// The text.
    #[inline]
    fn text(&self) -> &str {
        &self.text
    }

    /// `span` of the text.
    #[inline]
    fn slice(&self, span: Range<usize>) -> &str {
        self.text().get(span).unwrap_or_default()
    }

    /// The userinfo of the authority, without its `@`. See
    /// [`Authority::userinfo`].
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// assert_eq!(Uri::parse("ftp://anonymous@h/")?.userinfo(), Some("anonymous"));
    /// assert_eq!(Uri::parse("ftp://h/")?.userinfo(), None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn userinfo(&self) -> Option<&str> {
        self.authority()?.userinfo()
    }

    /// The typed host of the authority. See [`Authority::host`].
    ///
    /// ```
    /// use std::net::Ipv6Addr;
    /// use rfc3986::{Host, Uri};
    ///
    /// let uri = Uri::parse("http://[::1]:8080/")?;
    /// assert_eq!(uri.host(), Some(&Host::Ipv6(Ipv6Addr::LOCALHOST)));
    /// assert!(matches!(Uri::parse("//h")?.host(), Some(Host::RegName(name)) if name == "h"));
    /// assert_eq!(Uri::parse("/a")?.host(), None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn host(&self) -> Option<&Host> {
        self.authority().map(Authority::host)
    }

    /// The host as written, IP literals with their brackets
    /// (`[2001:db8::7]`). See [`Authority::host_str`].
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// assert_eq!(Uri::parse("http://[::1]:8080/")?.host_str(), Some("[::1]"));
    /// assert_eq!(Uri::parse("http://Ex%41mple.com/")?.host_str(), Some("Ex%41mple.com"));
    /// assert_eq!(Uri::parse("file:///etc")?.host_str(), Some(""));
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn host_str(&self) -> Option<&str> {
        self.authority().map(Authority::host_str)
    }

    /// The host with its percent-encodings decoded, read as UTF-8: the
    /// text [`UriBuilder::host_decoded`](crate::UriBuilder::host_decoded)
    /// takes, for a registered name (`b%C3%BCcher.example` gives
    /// `bücher.example`). An IP literal has nothing to decode and comes as
    /// written, with its brackets. `None` when there is no authority. See
    /// [`Authority::host_decoded`].
    ///
    /// # Errors
    ///
    /// The decoded octets are not UTF-8 (`%FF`).
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::parse("http://b%C3%BCcher.example/")?;
    /// assert_eq!(uri.host_decoded().transpose()?.as_deref(), Some("bücher.example"));
    /// assert_eq!(Uri::parse("/a")?.host_decoded(), None);
    /// assert!(Uri::parse("//%FF")?.host_decoded().unwrap().is_err());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn host_decoded(&self) -> Option<Result<Cow<'_, str>, FromUtf8Error>> {
        self.authority().map(Authority::host_decoded)
    }

    /// The port number. See [`Authority::port`].
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// assert_eq!(Uri::parse("http://h:8080/")?.port(), Some(8080));
    /// assert_eq!(Uri::parse("http://h/")?.port(), None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn port(&self) -> Option<u16> {
        self.authority()?.port()
    }

    /// The port as written, `Some("")` for an empty port. See
    /// [`Authority::port_str`].
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// assert_eq!(Uri::parse("http://h:08080/")?.port_str(), Some("08080"));
    /// assert_eq!(Uri::parse("http://h:/")?.port_str(), Some(""));
    /// assert_eq!(Uri::parse("http://h/")?.port_str(), None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn port_str(&self) -> Option<&str> {
        self.authority()?.port_str()
    }

    /// Whether the authority has a port subcomponent (a `:` after the
    /// host), even an empty one. See [`Authority::has_port`].
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// assert!(Uri::parse("http://h:/")?.has_port());
    /// assert!(!Uri::parse("http://h/")?.has_port());
    /// assert!(!Uri::parse("/a:1")?.has_port());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn has_port(&self) -> bool {
        self.authority().is_some_and(Authority::has_port)
    }

    /// The path as written (section 3.3). Every URI reference has one; it
    /// may be empty.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// assert_eq!(Uri::parse("http://h/a/b?q")?.path(), "/a/b");
    /// assert_eq!(Uri::parse("urn:isbn:0451450523")?.path(), "isbn:0451450523");
    /// assert_eq!(Uri::parse("http://h?q")?.path(), "");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn path(&self) -> &str {
        self.slice(self.bounds.path_start..self.bounds.path_end)
    }

    /// The segments of the path, as written: the path split at each `/`.
    ///
    /// An absolute path starts with an empty segment, so joining the
    /// segments with `/` gives the path back. The empty path has no
    /// segments; `/` has two empty ones.
    ///
    /// Splitting at `/` is the grammar's own division: `segment = *pchar`
    /// and `pchar` excludes `/`.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::parse("http://a/b/c/")?;
    /// assert_eq!(uri.path_segments().collect::<Vec<_>>(), ["", "b", "c", ""]);
    /// let uri = Uri::parse("../g")?;
    /// assert_eq!(uri.path_segments().collect::<Vec<_>>(), ["..", "g"]);
    /// let uri = Uri::parse("/")?;
    /// assert_eq!(uri.path_segments().collect::<Vec<_>>(), ["", ""]);
    /// let uri = Uri::parse("?q")?;
    /// assert_eq!(uri.path_segments().next(), None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn path_segments(&self) -> PathSegments<'_> {
        let path = self.path();
        PathSegments {
            inner: (!path.is_empty()).then(|| path.split('/')),
        }
    }

    /// The query as written, without its `?` (section 3.4); `None` when
    /// there is no `?`, `Some("")` when it is empty.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// assert_eq!(Uri::parse("/a?b=c?d")?.query(), Some("b=c?d"));
    /// assert_eq!(Uri::parse("/a?")?.query(), Some(""));
    /// assert_eq!(Uri::parse("/a")?.query(), None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn query(&self) -> Option<&str> {
        let start = self.bounds.path_end + 1;
        self.bounds
            .query_end
            .get()
            .map(|end| self.slice(start..end))
    }

    /// The fragment as written, without its `#` (section 3.5); `None` when
    /// there is no `#`, `Some("")` when it is empty.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// assert_eq!(Uri::parse("/a#top")?.fragment(), Some("top"));
    /// assert_eq!(Uri::parse("/a#")?.fragment(), Some(""));
    /// assert_eq!(Uri::parse("/a")?.fragment(), None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn fragment(&self) -> Option<&str> {
        let text = self.text();
        self.bounds
            .fragment_start
            .get()
            .map(|start| text.get(start..).unwrap_or_default())
    }

    /// Checks the invariants that tie the component bounds to the text:
    /// the components tile the text in order with their delimiters, and the
    /// authority's parts tile the authority. Tests and fuzzers call it.
    #[doc(hidden)]
    pub fn check_invariants(&self) -> Result<(), &'static str> {
        self.parts()
            .check_tiling(self.text())
            .map_err(|(_, expected)| expected)?;
        let path = self.path();
        if self.authority().is_some() && !(path.is_empty() || path.starts_with('/')) {
            return Err("a path after an authority must be empty or start with '/'");
        }
        if !path::disambiguation(path, !self.is_relative(), self.authority().is_some()).is_empty() {
            return Err("the path would not read back as a path where it stands");
        }
        Ok(())
    }

    /// The bounds of the components, as the lowering found them.
    pub(crate) fn parts(&self) -> Parts {
        Parts::from_bounds(
            &self.bounds,
            self.authority().map(Authority::parts),
            self.text().len(),
        )
    }
}

/// The segments of a path, from [`Uri::path_segments`].
///
/// ```
/// use rfc3986::Uri;
///
/// let uri = Uri::parse("http://h/a/b%20c/")?;
/// let mut segments = uri.path_segments();
/// assert_eq!(segments.next(), Some(""));
/// assert_eq!(segments.next_back(), Some(""));
/// assert_eq!(segments.collect::<Vec<_>>(), ["a", "b%20c"]);
/// # Ok::<(), rfc3986::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct PathSegments<'a> {
    inner: Option<core::str::Split<'a, char>>,
}

impl<'a> Iterator for PathSegments<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        self.inner.as_mut()?.next()
    }
}

impl DoubleEndedIterator for PathSegments<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.inner.as_mut()?.next_back()
    }
}

impl core::iter::FusedIterator for PathSegments<'_> {}

impl fmt::Display for Uri {
    /// Writes the URI reference as text; for a parsed `Uri`, exactly the
    /// input.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Uri {
    /// Shows the components, with any password in the userinfo replaced by
    /// `***` (RFC 3986 section 3.2.1 advises against displaying it).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.debug_as("Uri", f)
    }
}

impl Uri {
    /// `Debug` under the type name `name` (an [`Iri`](crate::Iri) shows
    /// itself as one).
    pub(crate) fn debug_as(&self, name: &str, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut debug = f.debug_struct(name);
        debug.field("scheme", &self.scheme());
        match self.authority() {
            Some(authority) => debug
                .field("userinfo", &authority.userinfo().map(redact_password))
                .field("host", authority.host())
                .field("port", &authority.port_str()),
            None => debug.field("authority", &None::<()>),
        };
        debug
            .field("path", &self.path())
            .field("query", &self.query())
            .field("fragment", &self.fragment())
            .finish()
    }
}

impl FromStr for Uri {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Uri, ParseError> {
        Uri::parse(s)
    }
}

impl TryFrom<&str> for Uri {
    type Error = ParseError;

    fn try_from(s: &str) -> Result<Uri, ParseError> {
        Uri::parse(s)
    }
}

impl TryFrom<String> for Uri {
    type Error = ParseError;

    fn try_from(s: String) -> Result<Uri, ParseError> {
        Uri::parse(&s)
    }
}

impl AsRef<str> for Uri {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq for Uri {
    /// Compares the text exactly. Two URIs that differ only in case or
    /// percent-encoding are different values; compare normalized forms to
    /// find out whether they are equivalent.
    fn eq(&self, other: &Uri) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Uri {}

impl PartialEq<str> for Uri {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Uri {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialOrd for Uri {
    fn partial_cmp(&self, other: &Uri) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Uri {
    /// Orders by text.
    fn cmp(&self, other: &Uri) -> core::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl Hash for Uri {
    /// Hashes the text, consistent with `PartialEq`.
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}
