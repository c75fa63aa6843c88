//! The crate-wide [`Error`], above every error it gathers: parsing,
//! building, resolving, the schemes, the conversions and the checks of
//! untrusted references (containment, policies, lint names). The errors below
//! it know nothing of it or of each other.

use alloc::string::String;

use crate::error::ParseError;

/// Any error of this crate, so that `?` works across parsing, building,
/// resolving and scheme parsing: each of their errors converts into it.
///
/// ```
/// use rfc3986::schemes::http::HttpUri; // the `schemes` feature
/// use rfc3986::Uri;
///
/// fn link(base: &str, href: &str) -> Result<String, rfc3986::Error> {
///     let base = HttpUri::parse(base)?; // a SchemeError
///     let target = base.uri().resolve(&Uri::parse(href)?)?; // a ParseError, then a ResolveError
///     let mut target = target;
///     target.set_fragment(None)?; // a BuildError
///     Ok(target.to_string())
/// }
///
/// assert_eq!(link("https://example.com/a/b", "../c#top")?, "https://example.com/c");
/// let err = link("https://example.com/", "a b").unwrap_err();
/// assert!(matches!(err, rfc3986::Error::Parse(_)));
/// assert_eq!(err.to_string(), "invalid character at byte 1: expected pchar, \"/\", \"?\", \"#\" or end of input, found ' '");
/// # Ok::<(), rfc3986::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Not a URI reference: [`Uri::parse`](crate::Uri::parse) and the
    /// like.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// Components that cannot make a URI reference: the builder and the
    /// setters.
    #[error(transparent)]
    Build(#[from] crate::BuildError),
    /// A reference that cannot be resolved.
    #[error(transparent)]
    Resolve(#[from] crate::ResolveError),
    /// Not a URI of a scheme: the [`schemes`](crate::schemes) types.
    #[error(transparent)]
    Scheme(#[from] crate::schemes::SchemeError),
    /// A file path that has no file URI, or a file URI that has no file
    /// path: the conversions of
    /// [`schemes::file`](crate::schemes::file) (the `schemes` feature).
    #[cfg(feature = "schemes")]
    #[cfg_attr(docsrs, doc(cfg(feature = "schemes")))]
    #[error(transparent)]
    FilePath(#[from] crate::schemes::file::FilePathError),
    /// Text that does not percent-decode: a `%` that starts no
    /// encoding, or decoded octets that are not UTF-8
    /// ([`percent_decode_utf8`](crate::percent_decode_utf8) and the
    /// `*_decoded` getters).
    #[error(transparent)]
    Decode(#[from] crate::DecodeError),
    /// A URI that another crate's type cannot hold, or the other way
    /// round: the conversions of the `http` and `url` features.
    #[error(transparent)]
    Convert(#[from] crate::ConvertError),
    /// A target outside the base or prefix it must lie within:
    /// [`Reference::resolve_within`](crate::Reference::resolve_within) and
    /// [`Reference::check_within`](crate::Reference::check_within).
    #[error(transparent)]
    Within(#[from] crate::WithinError),
    /// A reference that a [`Policy`](crate::Policy) does not allow.
    #[error(transparent)]
    Policy(#[from] crate::PolicyError),
    /// A name that is not a lint's or a severity's:
    /// [`LintKind`](crate::LintKind) and [`Severity`](crate::Severity)
    /// from text.
    #[error(transparent)]
    LintName(#[from] crate::LintNameError),
    /// A template that could not be expanded into a URI reference:
    /// [`Template::expand`](crate::Template::expand). (A text that is not a
    /// template is [`Error::Parse`].)
    #[cfg(feature = "template")]
    #[cfg_attr(docsrs, doc(cfg(feature = "template")))]
    #[error(transparent)]
    Expand(#[from] crate::template::ExpandError),
    /// A registered name that IDNA cannot convert:
    /// [`Iri::to_uri_idna`](crate::Iri::to_uri_idna).
    #[cfg(feature = "idna")]
    #[error(transparent)]
    Idna(#[from] crate::IdnaError),
}

impl From<ParseError<String>> for Error {
    /// The error, without the input it gives back.
    fn from(error: ParseError<String>) -> Error {
        Error::Parse(error.without_input())
    }
}

impl From<ParseError<alloc::sync::Arc<str>>> for Error {
    /// The error, without the input it gives back.
    fn from(error: ParseError<alloc::sync::Arc<str>>) -> Error {
        Error::Parse(error.without_input())
    }
}

impl From<crate::schemes::SchemeViolation> for Error {
    fn from(violation: crate::schemes::SchemeViolation) -> Error {
        Error::Scheme(violation.into())
    }
}
