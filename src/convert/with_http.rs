//! `http::Uri` (the http crate), behind the `http` feature.

use alloc::string::{String, ToString};

use super::ConvertError;
use crate::reference::{Reference, Storage, Uri};
use crate::spec::Rfc3986;

impl<S: Storage> TryFrom<&Reference<Rfc3986, S>> for http::Uri {
    type Error = ConvertError;

    /// The `http::Uri` of a URI reference in one of the forms of a request
    /// target (RFC 9112 section 3.2): a scheme with an authority
    /// (`https://example.com/a?b`), an absolute path with or without a
    /// query (`/a?b`), or an authority alone (`//example.com:443`, which
    /// becomes the authority-form `example.com:443`).
    ///
    /// What changes: the http crate writes an empty path after an
    /// authority as `/` (`https://example.com` comes back as
    /// `https://example.com/`), which is the same resource for `http` and
    /// `https` (section 6.2.3) but not for every scheme. Nothing else: the
    /// rest is the same text.
    ///
    /// # Errors
    ///
    /// [`ConvertError::Fragment`] for a fragment, which `http::Uri` cannot
    /// hold; [`ConvertError::NotRequestTarget`] for a reference of another
    /// form (`mailto:a@b`, `a/b`, `//a/b`); [`ConvertError::Rejected`] when
    /// the http crate rejects the text (a URI longer than it takes).
    ///
    /// ```
    /// use rfc3986::{ConvertError, Uri};
    ///
    /// let uri = Uri::parse("https://example.com/a%20b?q=1")?;
    /// let converted = http::Uri::try_from(&uri)?;
    /// assert_eq!(converted.path(), "/a%20b");
    /// assert_eq!(Uri::try_from(&converted)?, uri);
    ///
    /// let err = http::Uri::try_from(&Uri::parse("https://example.com/#top")?).unwrap_err();
    /// assert_eq!(err, ConvertError::Fragment);
    /// let authority = http::Uri::try_from(&Uri::parse("//example.com:443")?)?;
    /// assert_eq!(authority.authority().unwrap().as_str(), "example.com:443");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    fn try_from(uri: &Reference<Rfc3986, S>) -> Result<http::Uri, ConvertError> {
        let text = match request_target(uri)? {
            Target::Whole => uri.as_str(),
            Target::Authority(authority) => authority,
        };
        http::Uri::try_from(text).map_err(rejected)
    }
}

impl<S: Storage> TryFrom<Reference<Rfc3986, S>> for http::Uri {
    type Error = ConvertError;

    /// The `http::Uri` of a URI reference, as the conversion of a
    /// reference (`TryFrom<&Uri>`) gives it, with the same errors. A
    /// `Uri<String>` hands its `String` to the http crate, which keeps it
    /// without a copy (but for the authority-form, a part of it).
    ///
    /// # Errors
    ///
    /// As `TryFrom<&Uri>`'s: [`ConvertError::Fragment`],
    /// [`ConvertError::NotRequestTarget`], [`ConvertError::Rejected`].
    ///
    /// ```
    /// use rfc3986::{ConvertError, Uri};
    ///
    /// let uri: Uri = "https://example.com/a%20b?q=1".parse()?;
    /// let converted = http::Uri::try_from(uri)?;
    /// assert_eq!(converted, "https://example.com/a%20b?q=1");
    /// assert_eq!(
    ///     http::Uri::try_from(Uri::parse("/a#top")?).unwrap_err(),
    ///     ConvertError::Fragment
    /// );
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    fn try_from(uri: Reference<Rfc3986, S>) -> Result<http::Uri, ConvertError> {
        match request_target(&uri)? {
            Target::Whole => http::Uri::try_from(uri.into_string()),
            Target::Authority(authority) => http::Uri::try_from(authority),
        }
        .map_err(rejected)
    }
}

/// Which text of a URI reference is its request target.
enum Target<'a> {
    /// All of it: the absolute-form or the origin-form.
    Whole,
    /// Its authority: the authority-form.
    Authority(&'a str),
}

/// The request target (RFC 9112 section 3.2) that `uri` is, or why it is
/// none.
fn request_target<S: Storage>(uri: &Reference<Rfc3986, S>) -> Result<Target<'_>, ConvertError> {
    if uri.fragment().is_some() {
        return Err(ConvertError::Fragment);
    }
    match (uri.scheme(), uri.authority()) {
        // absolute-form
        (Some(_), Some(_)) => Ok(Target::Whole),
        // origin-form
        (None, None) if uri.path().starts_with('/') => Ok(Target::Whole),
        // authority-form
        (None, Some(authority)) if uri.path().is_empty() && uri.query().is_none() => {
            Ok(Target::Authority(authority.as_str()))
        }
        _ => Err(ConvertError::NotRequestTarget),
    }
}

/// The http crate's error, as this crate's.
fn rejected(error: http::uri::InvalidUri) -> ConvertError {
    ConvertError::Rejected {
        by: "http::Uri",
        message: error.to_string(),
    }
}

impl TryFrom<&http::Uri> for Uri {
    type Error = ConvertError;

    /// The URI reference of an `http::Uri`: its text, parsed, except that
    /// an authority-form target (`example.com:443`, a CONNECT request's)
    /// becomes the reference `//example.com:443`, which is what it means
    /// in RFC 3986 (the text alone would read as the scheme `example.com`).
    /// The asterisk-form `*` is the relative reference `*`.
    ///
    /// # Errors
    ///
    /// [`ConvertError::Parse`] when the text is not a URI reference: the
    /// http crate takes some characters that RFC 3986 does not (`{`, `}`,
    /// `"`, ...).
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let target: http::Uri = "example.com:443".parse().unwrap();
    /// let uri = Uri::try_from(&target)?;
    /// assert_eq!(uri.as_str(), "//example.com:443");
    /// assert_eq!(uri.port(), Some(443));
    ///
    /// let lax: http::Uri = "/a{b}".parse().unwrap();
    /// assert!(Uri::try_from(&lax).is_err());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    fn try_from(uri: &http::Uri) -> Result<Uri, ConvertError> {
        let text = match (uri.scheme(), uri.authority()) {
            (None, Some(authority)) => {
                let mut text = String::from("//");
                text.push_str(authority.as_str());
                text
            }
            _ => uri.to_string(),
        };
        Ok(Uri::parse(text).map_err(crate::ParseError::without_input)?)
    }
}

impl TryFrom<http::Uri> for Uri {
    type Error = ConvertError;

    /// The URI reference of an `http::Uri`, as the conversion of a
    /// reference (`TryFrom<&http::Uri>`) gives it, with the same error.
    ///
    /// # Errors
    ///
    /// [`ConvertError::Parse`] when the text is not a URI reference.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let target: http::Uri = "https://example.com/a?q".parse().unwrap();
    /// assert_eq!(Uri::try_from(target)?, "https://example.com/a?q");
    /// let connect: http::Uri = "example.com:443".parse().unwrap();
    /// assert_eq!(Uri::try_from(connect)?, "//example.com:443");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    fn try_from(uri: http::Uri) -> Result<Uri, ConvertError> {
        Uri::try_from(&uri)
    }
}
