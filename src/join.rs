//! `join`: a reference given as text, parsed and resolved against a base
//! in one call, with the one error type of both steps. Above the crate-wide
//! [`Error`] (`any_error`), which it returns.

use alloc::string::String;

use crate::any_error::Error;
use crate::reference::{Absolute, Reference, Storage};
use crate::spec::Spec;

impl<X: Spec, S: Storage> Reference<X, S> {
    /// Parses `reference` (with this reference's grammar: an IRI's for an
    /// [`Iri`](https://docs.rs/rfc3986/latest/rfc3986/type.Iri.html)) and resolves it against this base URI, as
    /// [`resolve`](Self::resolve) does: what `url::Url::join` does, for
    /// RFC 3986. For many references, or to keep the parsed one, parse it
    /// and call [`resolve`](Self::resolve).
    ///
    /// # Errors
    ///
    /// [`Error::Parse`] when `reference` is not a URI reference (its offset
    /// is a byte of `reference`); [`Error::Resolve`] when `self` has no
    /// scheme and so cannot be a base.
    ///
    /// ```
    /// use rfc3986::{Error, ErrorKind, Uri};
    ///
    /// let base = Uri::parse("http://a/b/c/d;p?q")?;
    /// assert_eq!(base.join("../g")?, "http://a/b/g");
    /// assert_eq!(base.join("//g")?, "http://g");
    /// assert_eq!(base.join("")?, "http://a/b/c/d;p?q");
    ///
    /// let Err(Error::Parse(err)) = base.join("a b") else { panic!() };
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::InvalidCharacter, 1));
    /// assert!(matches!(Uri::parse("/relative")?.join("g"), Err(Error::Resolve(_))));
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn join(&self, reference: &str) -> Result<Reference<X, String>, Error> {
        let reference = Reference::<X, &str>::parse(reference)?;
        Ok(self.resolve(&reference)?)
    }
}

impl<X: Spec, S: Storage> Absolute<X, S> {
    /// [`Reference::join`], which against an absolute base gives an
    /// absolute target: `url::Url::join`'s counterpart.
    ///
    /// # Errors
    ///
    /// [`Error::Parse`] when `reference` is not a URI reference; an
    /// absolute base always resolves.
    ///
    /// ```
    /// use rfc3986::AbsoluteUri;
    ///
    /// let base = AbsoluteUri::parse("https://example.com/docs/guide/")?;
    /// let target: AbsoluteUri = base.join("../api?v=2")?;
    /// assert_eq!(target, "https://example.com/docs/api?v=2");
    /// assert_eq!(target.scheme(), "https");
    /// assert!(base.join("a b").is_err());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn join(&self, reference: &str) -> Result<Absolute<X, String>, Error> {
        let reference = Reference::<X, &str>::parse(reference)?;
        Ok(self.resolve(&reference)?)
    }
}
