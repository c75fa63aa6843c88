//! URIs shown without the password in their userinfo.

use core::fmt;

use crate::authority::{redact_password, Authority};
use crate::reference::{Reference, Storage};
use crate::spec::Spec;

/// A URI reference or authority shown with the password of its userinfo
/// replaced by `***`: what [`Reference::redacted`] and [`Authority::redacted`]
/// return, for logs and messages.
///
/// The password is whatever follows the first `:` of the userinfo (RFC
/// 3986 section 3.2.1, which deprecates it and says applications should
/// not display it). An empty password (`user:@host`) is shown as it is,
/// and so is everything outside the userinfo: secrets in a query or
/// fragment are not recognized.
///
/// `Display` writes the redacted text; `Debug` writes it quoted.
///
/// ```
/// use rfc3986::Uri;
///
/// let uri = Uri::parse("https://alice:s3cret@example.com/?token=x")?;
/// assert_eq!(uri.redacted().to_string(), "https://alice:***@example.com/?token=x");
/// assert_eq!(format!("{:?}", uri.redacted()), "\"https://alice:***@example.com/?token=x\"");
/// # Ok::<(), rfc3986::Error>(())
/// ```
#[derive(Clone, Copy)]
pub struct Redacted<'a> {
    /// The text, and the userinfo's start and end in it.
    text: &'a str,
    userinfo: Option<(usize, usize)>,
}

impl fmt::Display for Redacted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.userinfo {
            Some((start, end)) => {
                f.write_str(&self.text[..start])?;
                fmt::Display::fmt(&redact_password(&self.text[start..end]), f)?;
                f.write_str(&self.text[end..])
            }
            None => f.write_str(self.text),
        }
    }
}

impl fmt::Debug for Redacted<'_> {
    /// The redacted text in quotes. A URI has no character that `Debug`
    /// would escape.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{self}\"")
    }
}

impl<X: Spec, S: Storage> Reference<X, S> {
    /// The URI reference with the password in its userinfo replaced by
    /// `***`, for showing where the URI itself would leak it (logs, error
    /// messages). See [`Redacted`].
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::parse("ftp://anonymous:hunter2@ftp.example.org/pub?q#f")?;
    /// assert_eq!(uri.redacted().to_string(), "ftp://anonymous:***@ftp.example.org/pub?q#f");
    /// // Without a password there is nothing to hide.
    /// let uri = Uri::parse("ftp://anonymous@ftp.example.org/")?;
    /// assert_eq!(uri.redacted().to_string(), uri.as_str());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn redacted(&self) -> Redacted<'_> {
        Redacted {
            text: self.as_str(),
            userinfo: self.bounds().userinfo().map(|u| (u.start, u.end)),
        }
    }
}

impl<'a> Authority<'a> {
    /// The authority with the password in its userinfo replaced by `***`.
    /// See [`Redacted`].
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::parse("https://user:secret@example.com:8443/")?;
    /// let authority = uri.authority().unwrap();
    /// assert_eq!(authority.redacted().to_string(), "user:***@example.com:8443");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn redacted(&self) -> Redacted<'a> {
        let start = self.bounds().authority().map_or(0, |a| a.start);
        Redacted {
            text: self.as_str(),
            userinfo: self
                .bounds()
                .userinfo()
                .map(|u| (u.start - start, u.end - start)),
        }
    }
}
