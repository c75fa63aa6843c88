//! Internationalized Resource Identifiers (RFC 3987): IRI references
//! parsed by the grammar of `iri.pest`, and their mapping to and from URI
//! references.
//!
//! An [`Iri`] holds the crate's representation of a reference, a
//! [`Uri`] value whose text may hold characters above ASCII: the lowering
//! reads an IRI's parse tree as it reads a URI's (the IRI grammar's rules
//! map onto the RFC 3986 rules they extend), and resolution, recomposition,
//! `make_relative` and the builder are the URI's, called with what differs
//! ([`Syntax`](crate::syntax::Syntax)) where something does. Section 2.1 of
//! RFC 3987 asks for exactly that: "All the operations defined in
//! \[RFC3986\] ... can be applied to IRIs ... in exactly the same way".

mod builder;
mod convert;
mod grammar;

use alloc::string::String;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::str::FromStr;

pub use builder::IriBuilder;
#[cfg(feature = "idna")]
pub use convert::IdnaError;
pub use grammar::compare_iri;
pub(crate) use grammar::{chars, compiled};
pub use grammar::{IriParser, IriRule};

use crate::authority::{Authority, Host};
use crate::error::{ErrorKind, ParseError};
use crate::query::QueryPairs;
use crate::redact::Redacted;
use crate::resolve::ResolveError;
use crate::syntax;
use crate::uri::{PathSegments, Uri};

/// An IRI reference (RFC 3987 section 2.2): a URI reference whose
/// unreserved characters include the characters of the UCS above U+007F
/// (`ucschar`), and whose query may also hold private-use characters
/// (`iprivate`), such as `https://例え.jp/パス?q=値`.
///
/// It is parsed by the grammar of `iri.pest`, RFC 3987's rules on top of
/// `uri.pest`, and has the accessors, resolution, normalization and
/// builder of [`Uri`], which work on it as they do on a URI (section 2.1:
/// "in exactly the same way"). Its text is kept exactly; offsets in errors
/// are byte offsets into it.
///
/// [`to_uri`](Self::to_uri) maps it to a URI (section 3.1), and
/// [`Uri::to_iri`] converts a URI into one (section 3.2).
///
/// ```
/// use rfc3986::Iri;
///
/// let iri = Iri::parse("https://例え.jp/パス?q=値#片")?;
/// assert_eq!(iri.host_str(), Some("例え.jp"));
/// assert_eq!(iri.path(), "/パス");
/// assert_eq!(iri.query(), Some("q=値"));
/// assert_eq!(
///     iri.to_uri(),
///     "https://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9?q=%E5%80%A4#%E7%89%87"
/// );
/// # Ok::<(), rfc3986::Error>(())
/// ```
#[derive(Clone)]
pub struct Iri(Uri);

impl Iri {
    /// Parses an IRI reference: an IRI or a relative IRI reference
    /// (`IRI-reference`, RFC 3987 section 2.2).
    ///
    /// The parse goes through the parser compiled from `uri.pest` and
    /// `iri.pest`. As for [`Uri::parse`], a port above 65535 is rejected
    /// with [`ErrorKind::PortRange`]. Bidirectional formatting characters,
    /// which section 4.1 says IRIs must not contain, are `ucschar`s and
    /// the grammar accepts them: [`check_bidi`](Self::check_bidi) reports
    /// them.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] with the kind of problem, its byte offset and what
    /// the grammar expected there, in the IRI grammar's terms (`ipchar`,
    /// `ireg-name`, ...). Its alternate form puts the caret under the
    /// offending character, however many bytes the characters before it
    /// take.
    ///
    /// ```
    /// use rfc3986::{ErrorKind, Iri};
    ///
    /// let err = Iri::parse("http://例え.jp/a b").unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::InvalidCharacter);
    /// assert_eq!(err.offset(), 18);
    /// assert_eq!(
    ///     err.to_string(),
    ///     r##"invalid character at byte 18: expected ipchar, "/", "?", "#" or end of input, found ' '"##
    /// );
    /// assert_eq!(
    ///     format!("{err:#}").lines().skip(1).collect::<Vec<_>>(),
    ///     ["  http://例え.jp/a b", "                ^"]
    /// );
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn parse(input: &str) -> Result<Iri, ParseError> {
        let entry = IriRule::iri_reference_input;
        // The steps of `Uri::parse_compiled` with the IRI grammar's parser,
        // written out: a shared function that returns the tree moves it,
        // which cost 6-8% more instructions per parse (callgrind, both
        // corpora).
        let mut tree = compiled::tree(input);
        let matched = compiled::run(entry, &mut tree).is_some();
        #[cfg(feature = "verify-compiled")]
        compiled::verify(entry, input);
        if matched {
            Uri::from_nodes(input, tree.nodes()).map(Iri)
        } else {
            // The compiled parser's diagnostic variant says what is wrong
            // and where.
            Err(crate::verify::iri_error(entry, input))
        }
    }

    /// The representation the algorithms share.
    pub(crate) fn into_uri(self) -> Uri {
        self.0
    }

    /// The IRI reference as text. For a parsed `Iri`, exactly the input.
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }

    /// Whether this is a relative reference: one without a scheme.
    pub fn is_relative(&self) -> bool {
        self.0.is_relative()
    }

    /// The scheme as written, without its `:`. See [`Uri::scheme`].
    pub fn scheme(&self) -> Option<&str> {
        self.0.scheme()
    }

    /// The authority (`iauthority`), the part after `//`. See
    /// [`Uri::authority`].
    pub fn authority(&self) -> Option<&Authority> {
        self.0.authority()
    }

    /// The userinfo (`iuserinfo`), without its `@`. See [`Uri::userinfo`].
    pub fn userinfo(&self) -> Option<&str> {
        self.0.userinfo()
    }

    /// The typed host (`ihost`): an `ireg-name` is a
    /// [`Host::RegName`], as written. See [`Uri::host`].
    pub fn host(&self) -> Option<&Host> {
        self.0.host()
    }

    /// The host as written. See [`Uri::host_str`].
    pub fn host_str(&self) -> Option<&str> {
        self.0.host_str()
    }

    /// The port number. See [`Uri::port`].
    pub fn port(&self) -> Option<u16> {
        self.0.port()
    }

    /// The port as written. See [`Uri::port_str`].
    pub fn port_str(&self) -> Option<&str> {
        self.0.port_str()
    }

    /// Whether the authority has a port subcomponent. See
    /// [`Uri::has_port`].
    pub fn has_port(&self) -> bool {
        self.0.has_port()
    }

    /// The path as written (`ipath`). See [`Uri::path`].
    pub fn path(&self) -> &str {
        self.0.path()
    }

    /// The segments of the path, as written. See [`Uri::path_segments`].
    ///
    /// ```
    /// use rfc3986::Iri;
    ///
    /// let iri = Iri::parse("http://a/b\u{e9}/c")?;
    /// assert_eq!(iri.path_segments().collect::<Vec<_>>(), ["", "b\u{e9}", "c"]);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn path_segments(&self) -> PathSegments<'_> {
        self.0.path_segments()
    }

    /// The query as written (`iquery`), without its `?`. See
    /// [`Uri::query`].
    pub fn query(&self) -> Option<&str> {
        self.0.query()
    }

    /// The query's `name=value` pairs. See [`Uri::query_pairs`].
    ///
    /// ```
    /// use rfc3986::Iri;
    ///
    /// let iri = Iri::parse("http://a/?q=%E5%80%A4&r=値")?;
    /// let pairs: Vec<_> = iri.query_pairs().collect();
    /// assert_eq!(pairs[0].1, "値");
    /// assert_eq!(pairs[1].1, "値");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn query_pairs(&self) -> QueryPairs<'_> {
        self.0.query_pairs()
    }

    /// The fragment as written (`ifragment`), without its `#`. See
    /// [`Uri::fragment`].
    pub fn fragment(&self) -> Option<&str> {
        self.0.fragment()
    }

    /// The IRI reference with the password of its userinfo replaced by
    /// `***`. See [`Uri::redacted`].
    #[must_use]
    pub fn redacted(&self) -> Redacted<'_> {
        self.0.redacted()
    }

    /// Resolves `reference` against this base IRI: RFC 3986 section 5.2
    /// applied to IRIs, as RFC 3987 section 6.5 says ("the algorithms of
    /// \[RFC3986\] can be applied directly"). See [`Uri::resolve`].
    ///
    /// # Errors
    ///
    /// [`ResolveError::RelativeBase`] when `self` has no scheme.
    ///
    /// ```
    /// use rfc3986::Iri;
    ///
    /// let base = Iri::parse("http://例え.jp/a/b/c")?;
    /// assert_eq!(base.resolve(&Iri::parse("../値")?)?, "http://例え.jp/a/値");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn resolve(&self, reference: &Iri) -> Result<Iri, ResolveError> {
        self.0.resolve(&reference.0).map(Iri)
    }

    /// Resolves `reference` as [`resolve`](Self::resolve) does, treating a
    /// reference whose scheme is the base's as relative. See
    /// [`Uri::resolve_non_strict`].
    ///
    /// # Errors
    ///
    /// [`ResolveError::RelativeBase`] when `self` has no scheme.
    pub fn resolve_non_strict(&self, reference: &Iri) -> Result<Iri, ResolveError> {
        self.0.resolve_non_strict(&reference.0).map(Iri)
    }

    /// A reference, as short as this crate can make it, that resolves
    /// against this base to `target` exactly. See [`Uri::make_relative`].
    ///
    /// ```
    /// use rfc3986::Iri;
    ///
    /// let base = Iri::parse("http://例え.jp/ä/b")?;
    /// let target = Iri::parse("http://例え.jp/ä/ö?q")?;
    /// assert_eq!(base.make_relative(&target).unwrap(), "ö?q");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn make_relative(&self, target: &Iri) -> Option<Iri> {
        self.0.make_relative(&target.0).map(Iri)
    }

    /// The normal form of this IRI reference: the syntax-based
    /// normalization of RFC 3987 section 5.3.2 and the scheme-based
    /// normalization of [`Uri::normalize`] (section 5.3.3 describes the
    /// same).
    ///
    /// - **Case** (5.3.2.1): the scheme becomes lowercase, and so does the
    ///   host when it is US-ASCII only (an IP literal, or a registered
    ///   name without characters above ASCII once decoded); a host with
    ///   other characters keeps its case, since "case normalization of
    ///   non-ASCII characters can be culturally dependent". The
    ///   hexadecimal digits of every percent-encoding become uppercase.
    /// - **Character normalization** (5.3.2.2) is **not** applied: the
    ///   section says equivalence "MUST rely on the assumption that IRIs
    ///   are appropriately pre-character-normalized rather than apply
    ///   character normalization", so `e` followed by U+0301 and `é` stay
    ///   different. Apply NFC (or NFKC) yourself when you create IRIs.
    /// - **Percent-encoding** (5.3.2.3): a percent-encoding of a character
    ///   that stands for itself in the component is decoded: the
    ///   `iunreserved` characters (ASCII unreserved ones and `ucschar`),
    ///   and `iprivate` in the query, each from strictly legal UTF-8
    ///   (`%C3%A9` becomes `é`; `%E9` and `%C0%AF` stay, uppercased). The
    ///   bidirectional formatting characters of section 4.1 stay encoded.
    /// - **Path segments** (5.3.2.4) and **scheme-based** normalization
    ///   (5.3.3): as [`Uri::normalize`] does, dot segments removed for an
    ///   IRI with a scheme, an empty or default port dropped, and an empty
    ///   `http` path made `/`.
    ///
    /// ```
    /// use rfc3986::Iri;
    ///
    /// let iri = Iri::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9")?;
    /// assert_eq!(iri.normalize(), "example://a/b/c/%7Bfoo%7D/ros\u{e9}");
    /// let iri = Iri::parse("HTTP://Bücher.EXAMPLE:80/%e2%80%ae")?;
    /// assert_eq!(iri.normalize(), "http://Bücher.EXAMPLE/%E2%80%AE");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn normalize(&self) -> Iri {
        Iri(self.0.normalize_as(&syntax::IRI))
    }

    /// Whether this IRI reference and `other` are equivalent by
    /// normalization: whether their [`normalize`](Self::normalize)d forms
    /// are the same text.
    ///
    /// ```
    /// use rfc3986::Iri;
    ///
    /// let a = Iri::parse("example://a/b/c/%7Bfoo%7D/ros\u{e9}")?;
    /// let b = Iri::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9")?;
    /// assert!(a.equivalent(&b));
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn equivalent(&self, other: &Iri) -> bool {
        self.0.equivalent_as(&syntax::IRI, &other.0)
    }

    /// Checks that this IRI reference holds none of the bidirectional
    /// formatting characters that RFC 3987 section 4.1 says IRIs "MUST
    /// NOT contain" (LRM U+200E, RLM U+200F, LRE U+202A, RLE U+202B, PDF
    /// U+202C, LRO U+202D, RLO U+202E: the `bidi_formatting` rule of
    /// `iri.pest`). The grammar of section 2.2 accepts them, as `ucschar`s,
    /// so a parse does not reject them.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] of kind [`ErrorKind::BidiFormatting`] at the
    /// first one.
    ///
    /// ```
    /// use rfc3986::{ErrorKind, Iri};
    ///
    /// let iri = Iri::parse("http://a/\u{5d0}\u{202e}b")?;
    /// let err = iri.check_bidi().unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::BidiFormatting);
    /// assert_eq!(err.offset(), 11);
    /// assert_eq!(err.found(), Some('\u{202e}'));
    /// assert!(Iri::parse("http://a/\u{5d0}b")?.check_bidi().is_ok());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn check_bidi(&self) -> Result<(), ParseError> {
        let text = self.as_str();
        match text
            .char_indices()
            .find(|&(_, c)| chars::bidi_formatting.contains(c))
        {
            Some((offset, _)) => Err(ParseError::new(
                ErrorKind::BidiFormatting,
                text,
                offset,
                "no bidirectional formatting character (RFC 3987 section 4.1)",
            )),
            None => Ok(()),
        }
    }

    /// Checks the invariants that tie the component bounds to the text
    /// (see `Uri::check_invariants`).
    #[doc(hidden)]
    pub fn check_invariants(&self) -> Result<(), &'static str> {
        self.0.check_invariants()
    }
}

impl fmt::Display for Iri {
    /// Writes the IRI reference as text; for a parsed `Iri`, exactly the
    /// input.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Iri {
    /// Shows the components, with any password in the userinfo replaced by
    /// `***`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.debug_as("Iri", f)
    }
}

impl FromStr for Iri {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Iri, ParseError> {
        Iri::parse(s)
    }
}

impl TryFrom<&str> for Iri {
    type Error = ParseError;

    fn try_from(s: &str) -> Result<Iri, ParseError> {
        Iri::parse(s)
    }
}

impl TryFrom<String> for Iri {
    type Error = ParseError;

    fn try_from(s: String) -> Result<Iri, ParseError> {
        Iri::parse(&s)
    }
}

impl AsRef<str> for Iri {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq for Iri {
    /// Compares the text exactly (section 5.3.1, simple string
    /// comparison); see [`equivalent`](Iri::equivalent) for more.
    fn eq(&self, other: &Iri) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Iri {}

impl PartialEq<str> for Iri {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Iri {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialOrd for Iri {
    fn partial_cmp(&self, other: &Iri) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Iri {
    /// Orders by text.
    fn cmp(&self, other: &Iri) -> core::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl Hash for Iri {
    /// Hashes the text, consistent with `PartialEq`.
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}
