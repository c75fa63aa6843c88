//! URIs that have a scheme: the `URI` rule of section 3, as a type.

use alloc::string::String;
use core::fmt;
use core::ops::Deref;
use core::str::FromStr;

use crate::error::ParseError;
use crate::grammar::Rule;
use crate::uri::Uri;

/// A URI with a scheme (RFC 3986 section 3, the `URI` rule: `scheme ":"
/// hier-part [ "?" query ] [ "#" fragment ]`), never a relative reference:
/// the type for a configuration field or an argument that must name a
/// resource on its own, such as a base for resolution (section 5.1).
///
/// It is a [`Uri`] (it dereferences to one, so every accessor and method of
/// `Uri` works on it) whose [`scheme`](Self::scheme) is always there. The
/// grammar decides: [`parse`](Self::parse) runs `uri.pest`'s `URI` rule
/// anchored to the whole input, so `""`, `example.com/api` and `//host/a`,
/// which are relative references, are errors at the byte where a scheme
/// stops being possible. A fragment is allowed, as `URI` allows it; section
/// 4.3's `absolute-URI`, without one, is this type with
/// [`fragment`](Uri::fragment) `None`.
///
/// With the `serde` feature it serializes as its text and deserializes
/// through [`parse`](Self::parse).
///
/// ```
/// use rfc3986::{AbsoluteUri, ErrorKind, Uri};
///
/// let api: AbsoluteUri = "https://api.example.com/v1/".parse()?;
/// assert_eq!(api.scheme(), "https");
/// assert_eq!(api.host_str(), Some("api.example.com")); // through `Deref<Target = Uri>`
/// assert_eq!(api.resolve(&Uri::parse("users")?)?, "https://api.example.com/v1/users");
///
/// let err = AbsoluteUri::parse("example.com/api").unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (ErrorKind::Scheme, 11));
/// assert!(AbsoluteUri::parse("").is_err());
///
/// let relative = Uri::parse("//example.com/a")?;
/// assert!(AbsoluteUri::try_from(relative).is_err());
/// # Ok::<(), rfc3986::Error>(())
/// ```
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct AbsoluteUri(Uri);

impl AbsoluteUri {
    /// Parses a URI with a scheme (`URI`, section 3), with the parser
    /// compiled from `uri.pest`, as [`Uri::parse`] does for a URI
    /// reference.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] with the kind of problem, its byte offset and what
    /// the grammar expected there; for a relative reference, where its
    /// first segment, `/` or `?` comes instead of a scheme's `:`.
    ///
    /// ```
    /// use rfc3986::AbsoluteUri;
    ///
    /// assert_eq!(AbsoluteUri::parse("urn:isbn:0451450523")?.path(), "isbn:0451450523");
    /// let err = AbsoluteUri::parse("/etc/hosts").unwrap_err();
    /// assert_eq!(err.offset(), 0);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn parse(input: &str) -> Result<AbsoluteUri, ParseError> {
        Uri::parse_compiled(Rule::uri_input, input, || {
            Err(crate::verify::not_a_uri(input))
        })
        .map(AbsoluteUri)
    }

    /// The scheme as written, without its `:`: always there.
    ///
    /// ```
    /// use rfc3986::AbsoluteUri;
    ///
    /// assert_eq!(AbsoluteUri::parse("HTTP://a/")?.scheme(), "HTTP");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn scheme(&self) -> &str {
        // A `URI` always has its scheme.
        self.0.scheme().unwrap_or_default()
    }

    /// The URI as a [`Uri`] (what `Deref` gives too).
    ///
    /// ```
    /// use rfc3986::AbsoluteUri;
    ///
    /// let uri = AbsoluteUri::parse("mailto:a@example.com")?;
    /// assert!(!uri.as_uri().is_relative());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn as_uri(&self) -> &Uri {
        &self.0
    }

    /// The URI as a [`Uri`], by value.
    ///
    /// ```
    /// use rfc3986::{AbsoluteUri, Uri};
    ///
    /// let uri: Uri = AbsoluteUri::parse("http://a/")?.into_uri();
    /// assert_eq!(uri, "http://a/");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn into_uri(self) -> Uri {
        self.0
    }
}

impl Deref for AbsoluteUri {
    type Target = Uri;

    fn deref(&self) -> &Uri {
        &self.0
    }
}

impl AsRef<Uri> for AbsoluteUri {
    fn as_ref(&self) -> &Uri {
        &self.0
    }
}

impl AsRef<str> for AbsoluteUri {
    fn as_ref(&self) -> &str {
        self.0.as_str()
    }
}

impl From<AbsoluteUri> for Uri {
    fn from(uri: AbsoluteUri) -> Uri {
        uri.0
    }
}

impl TryFrom<Uri> for AbsoluteUri {
    type Error = ParseError;

    /// The `Uri` when it has a scheme. A relative reference is an error,
    /// the one [`AbsoluteUri::parse`] gives for its text: the grammar's
    /// `URI` rule says where it fails.
    fn try_from(uri: Uri) -> Result<AbsoluteUri, ParseError> {
        if uri.is_relative() {
            AbsoluteUri::parse(uri.as_str())
        } else {
            Ok(AbsoluteUri(uri))
        }
    }
}

impl FromStr for AbsoluteUri {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<AbsoluteUri, ParseError> {
        AbsoluteUri::parse(s)
    }
}

impl TryFrom<&str> for AbsoluteUri {
    type Error = ParseError;

    fn try_from(s: &str) -> Result<AbsoluteUri, ParseError> {
        AbsoluteUri::parse(s)
    }
}

impl TryFrom<String> for AbsoluteUri {
    type Error = ParseError;

    fn try_from(s: String) -> Result<AbsoluteUri, ParseError> {
        AbsoluteUri::parse(&s)
    }
}

impl PartialEq<Uri> for AbsoluteUri {
    fn eq(&self, other: &Uri) -> bool {
        self.0 == *other
    }
}

impl PartialEq<str> for AbsoluteUri {
    fn eq(&self, other: &str) -> bool {
        self.0.as_str() == other
    }
}

impl PartialEq<&str> for AbsoluteUri {
    fn eq(&self, other: &&str) -> bool {
        self.0.as_str() == *other
    }
}

impl fmt::Display for AbsoluteUri {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl fmt::Debug for AbsoluteUri {
    /// As [`Uri`]'s, the password hidden.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}
