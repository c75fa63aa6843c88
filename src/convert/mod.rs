//! Conversions to and from other crates' URI types, behind the features
//! named after those crates: `http` (`http::Uri`) and `url` (`url::Url`).
//! Each conversion hands the text to the other crate's parser, and refuses
//! what would change the URI's meaning rather than change it silently.

use alloc::string::String;

use crate::error::ParseError;

#[cfg(feature = "http")]
mod with_http;
#[cfg(feature = "url")]
mod with_url;

/// Why a URI could not be converted to or from another crate's type (the
/// `http` and `url` features).
///
/// ```
/// use rfc3986::ConvertError;
///
/// assert_eq!(
///     ConvertError::Fragment.to_string(),
///     "http::Uri cannot hold a fragment, and dropping it would change the URI"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ConvertError {
    /// The URI has a fragment, which `http::Uri` cannot hold (a request
    /// target has none, RFC 9110 section 7.1); the http crate would drop
    /// it without a word.
    #[error("http::Uri cannot hold a fragment, and dropping it would change the URI")]
    Fragment,
    /// The reference has none of the forms an `http::Uri` holds (RFC 9112
    /// section 3.2): a scheme with an authority (absolute-form), an
    /// absolute path and maybe a query (origin-form), or an authority
    /// alone (authority-form, written `//host:port` in RFC 3986). The http
    /// crate would read another (`foo:80` as the authority `foo:80`,
    /// `//a/b` as the path `//a/b`).
    #[error(
        "http::Uri holds a scheme with an authority, an absolute path, or an authority alone; \
         this URI reference is none of them"
    )]
    NotRequestTarget,
    /// The other crate would read another host than RFC 3986 does: a
    /// host where RFC 3986 reads none, or none where it reads one (the URL
    /// Standard skips the slashes after a special scheme, so `http:///a`
    /// and `http:a` have the host `a` there), an IPv4 address where RFC
    /// 3986 reads a registered name (`0x7f.1` is `127.0.0.1` in the URL
    /// Standard), or a domain that is not the registered name (UTS 46
    /// maps `ｅｘａｍｐｌｅ．com` to `example.com`). The conversion of
    /// `AbsoluteUri` to `url::Url` lists every case.
    ///
    /// ```
    /// # #[cfg(feature = "url")] {
    /// use rfc3986::{AbsoluteUri, ConvertError};
    ///
    /// let err = url::Url::try_from(&AbsoluteUri::parse("http://1.2.3/")?).unwrap_err();
    /// assert_eq!(
    ///     err,
    ///     ConvertError::HostChanged {
    ///         by: "url::Url",
    ///         ours: r#"the registered name "1.2.3""#.to_string(),
    ///         theirs: "the IPv4 address 1.2.0.3".to_string(),
    ///     }
    /// );
    /// # }
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[error("{by} reads {theirs} where RFC 3986 reads {ours}")]
    HostChanged {
        /// The crate: `"url::Url"`.
        by: &'static str,
        /// What RFC 3986 reads, and as what: `no host`, `the registered
        /// name "0x7f.1"` (as written, percent-encodings kept), `the IPv4
        /// address 192.0.2.1`, `the IPv6 address [2001:db8::1]`. A name
        /// longer than 48 characters is cut short, with `...`.
        ours: String,
        /// What the other crate reads, and as what: `no host`, `the domain
        /// "a"`, `the IPv4 address 127.0.0.1`, `the IPv6 address [::1]`.
        theirs: String,
    },
    /// The other crate's parser rejected the text.
    #[error("{by} rejects it: {message}")]
    Rejected {
        /// The crate: `"http::Uri"` or `"url::Url"`.
        by: &'static str,
        /// The other crate's message.
        message: String,
    },
    /// The other crate's text is not a URI of RFC 3986 (the URL Standard
    /// leaves `|`, `^` and others unencoded, which RFC 3986 does not
    /// allow).
    #[error(transparent)]
    Parse(#[from] ParseError),
}
