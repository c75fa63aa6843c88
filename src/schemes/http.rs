//! The `http` and `https` schemes ([RFC 9110 section 4.2]).
//!
//! The grammar, `src/schemes/http.pest`, transcribes `http-URI` and
//! `https-URI`: an authority is required, the path is `path-abempty`. Two
//! more rules of the section are checked on the parsed value:
//!
//! - the host must not be empty (4.2.1: "A recipient that processes such a
//!   URI reference MUST reject it as invalid");
//! - there must be no userinfo (4.2.4: deprecated, and "likely being used
//!   to obscure the authority for the sake of phishing attacks"; a
//!   recipient "SHOULD parse for userinfo and treat its presence as an
//!   error").
//!
//! [RFC 9110 section 4.2]: https://www.rfc-editor.org/rfc/rfc9110#section-4.2

use core::fmt;

use super::{SchemeError, SchemeViolation};
use crate::authority::{Authority, Host};
use crate::reference::Uri;

/// The derive's output, as in `grammar.rs`: pest documents the `Rule`
/// variants from the grammar's comments, not its helper functions.
#[cfg(feature = "pest-parsers")]
#[allow(missing_docs)]
pub(crate) mod derived {
    use pest_derive::Parser;

    /// The parser derived from `uri.pest` and `src/schemes/http.pest`.
    #[derive(Parser)]
    #[grammar = "../uri.pest"]
    #[grammar = "schemes/http.pest"]
    pub struct HttpParser;

    __uri_rule_roles!(Rule);
}

/// The grammar of `uri.pest` and `src/schemes/http.pest`, compiled by
/// `#[derive(rfc3986::Grammar)]` as a user's grammar is; `derived` is
/// pest_derive's parser of the same files, which the tests compare it with.
#[allow(missing_docs)]
pub(crate) mod grammar {
    /// `uri.pest` and `src/schemes/http.pest`.
    #[derive(rfc3986_derive::Grammar)]
    #[grammar = "schemes/http.pest"]
    #[scheme = "http"]
    pub struct HttpGrammar;
}

use grammar::{HttpGrammar, Rule};

/// An `http` or `https` URI (RFC 9110 section 4.2), possibly with a
/// fragment: a URI reference with an authority whose host is not empty and
/// which has no userinfo.
///
/// ```
/// use rfc3986::schemes::http::HttpUri;
///
/// let uri = HttpUri::parse("https://www.example.com/hello?x=1#top")?;
/// assert!(uri.is_https());
/// assert_eq!(uri.host_str(), "www.example.com");
/// assert_eq!(uri.port(), None);
/// assert_eq!(uri.port_or_default(), 443);
/// assert_eq!(uri.path(), "/hello");
/// assert_eq!(uri.query(), Some("x=1"));
/// assert_eq!(uri.fragment(), Some("top"));
///
/// let err = HttpUri::parse("http://user:secret@example.com/").unwrap_err();
/// assert_eq!(err.offset(), 7);
/// # Ok::<(), rfc3986::Error>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct HttpUri {
    uri: Uri,
    https: bool,
}

impl HttpUri {
    /// The scheme name in errors.
    pub(crate) const SCHEME: &'static str = "http";

    /// Parses an `http` or `https` URI (the scheme in any case).
    ///
    /// # Errors
    ///
    /// [`SchemeError::Syntax`] when `input` is not a URI reference;
    /// [`SchemeError::Scheme`] when it is not an `http` or `https` URI,
    /// has an empty host (rule `host`) or has a userinfo (rule `userinfo`).
    ///
    /// ```
    /// use rfc3986::schemes::http::HttpUri;
    ///
    /// assert_eq!(
    ///     HttpUri::parse("http:///path").unwrap_err().to_string(),
    ///     "invalid http URI at byte 7: expected a host that is not empty \
    ///      (RFC 9110 section 4.2.1), found '/'"
    /// );
    /// assert_eq!(
    ///     HttpUri::parse("http:/path").unwrap_err().to_string(),
    ///     r#"invalid http URI at byte 4: expected "://" in https-URI or http-URI, found ':'"#
    /// );
    /// ```
    pub fn parse(input: &str) -> Result<HttpUri, SchemeError> {
        // http.pest holds every generic component: one parse.
        let parsed = HttpGrammar::parse(Rule::http_input, input)?;
        let https = parsed.get(Rule::https_URI).is_some();
        let uri = parsed.into_uri();
        let Some(authority) = uri.authority() else {
            // The grammar requires "//" authority; only an edited grammar
            // gets here.
            return Err(violation(input, "authority", 0, "\"//\" authority"));
        };
        if authority.userinfo().is_some() {
            return Err(violation(
                input,
                "userinfo",
                authority.bounds().authority().map_or(0, |a| a.start),
                "no userinfo: it is deprecated and unsafe (RFC 9110 section 4.2.4)",
            ));
        }
        if authority.host_str().is_empty() {
            return Err(violation(
                input,
                "host",
                authority.bounds().host().map_or(0, |h| h.start),
                "a host that is not empty (RFC 9110 section 4.2.1)",
            ));
        }
        Ok(HttpUri {
            uri: uri.to_owned(),
            https,
        })
    }

    /// The URI as a generic [`Uri`].
    ///
    /// ```
    /// use rfc3986::schemes::http::HttpUri;
    ///
    /// let uri = HttpUri::parse("https://example.com/a")?;
    /// assert_eq!(uri.uri().scheme(), Some("https"));
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn uri(&self) -> &Uri {
        &self.uri
    }

    /// The URI as text, exactly as parsed.
    ///
    /// ```
    /// use rfc3986::schemes::http::HttpUri;
    ///
    /// assert_eq!(HttpUri::parse("HTTP://Example.com")?.as_str(), "HTTP://Example.com");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn as_str(&self) -> &str {
        self.uri.as_str()
    }

    /// Whether the scheme is `https` rather than `http`.
    ///
    /// ```
    /// use rfc3986::schemes::http::HttpUri;
    ///
    /// assert!(HttpUri::parse("HTTPS://example.com/")?.is_https());
    /// assert!(!HttpUri::parse("http://example.com/")?.is_https());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn is_https(&self) -> bool {
        self.https
    }

    /// The authority: host and port (never a userinfo).
    ///
    /// ```
    /// use rfc3986::schemes::http::HttpUri;
    ///
    /// let uri = HttpUri::parse("http://example.com:8080/a")?;
    /// assert_eq!(uri.authority().as_str(), "example.com:8080");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn authority(&self) -> Authority<'_> {
        // `parse` checked that there is one.
        self.uri
            .authority()
            .unwrap_or_else(|| Authority::new(self.uri.as_str(), self.uri.bounds()))
    }

    /// The typed host, never an empty registered name.
    ///
    /// ```
    /// use std::net::Ipv6Addr;
    /// use rfc3986::{schemes::http::HttpUri, Host};
    ///
    /// let uri = HttpUri::parse("http://[::1]:8080/")?;
    /// assert_eq!(uri.host(), Host::Ipv6(Ipv6Addr::LOCALHOST));
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn host(&self) -> Host<'_> {
        self.authority().host()
    }

    /// The host as written, IP literals with their brackets.
    ///
    /// ```
    /// use rfc3986::schemes::http::HttpUri;
    ///
    /// assert_eq!(HttpUri::parse("http://[::1]:8080/")?.host_str(), "[::1]");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn host_str(&self) -> &str {
        self.authority().host_str()
    }

    /// The port as written in the URI; `None` when absent or empty.
    ///
    /// ```
    /// use rfc3986::schemes::http::HttpUri;
    ///
    /// assert_eq!(HttpUri::parse("http://example.com:8080/")?.port(), Some(8080));
    /// assert_eq!(HttpUri::parse("http://example.com/")?.port(), None);
    /// assert_eq!(HttpUri::parse("http://example.com:/")?.port(), None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn port(&self) -> Option<u16> {
        self.authority().port()
    }

    /// The default port of the scheme: 80 for `http` (RFC 9110 section
    /// 4.2.1), 443 for `https` (section 4.2.2).
    ///
    /// ```
    /// use rfc3986::schemes::http::HttpUri;
    ///
    /// assert_eq!(HttpUri::parse("http://example.com:8080/")?.default_port(), 80);
    /// assert_eq!(HttpUri::parse("https://example.com/")?.default_port(), 443);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn default_port(&self) -> u16 {
        // The scheme is http or https, whose default ports normalization
        // knows too.
        self.uri
            .scheme()
            .and_then(crate::authority::default_port)
            .unwrap_or(80)
    }

    /// The port the URI designates: its own, or the scheme's default.
    ///
    /// ```
    /// use rfc3986::schemes::http::HttpUri;
    ///
    /// assert_eq!(HttpUri::parse("http://example.com:8080/")?.port_or_default(), 8080);
    /// assert_eq!(HttpUri::parse("http://example.com:/")?.port_or_default(), 80);
    /// assert_eq!(HttpUri::parse("HTTPS://example.com/")?.port_or_default(), 443);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn port_or_default(&self) -> u16 {
        self.port().unwrap_or(self.default_port())
    }

    /// The path as written: `path-abempty`, empty or starting with `/`.
    /// RFC 9110 section 4.2.3 treats an empty path as `/`.
    ///
    /// ```
    /// use rfc3986::schemes::http::HttpUri;
    ///
    /// assert_eq!(HttpUri::parse("http://example.com/a/b?c")?.path(), "/a/b");
    /// assert_eq!(HttpUri::parse("http://example.com")?.path(), "");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn path(&self) -> &str {
        self.uri.path()
    }

    /// The query as written, without its `?`.
    ///
    /// ```
    /// use rfc3986::schemes::http::HttpUri;
    ///
    /// assert_eq!(HttpUri::parse("http://example.com/?q=1#f")?.query(), Some("q=1"));
    /// assert_eq!(HttpUri::parse("http://example.com/#f")?.query(), None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn query(&self) -> Option<&str> {
        self.uri.query()
    }

    /// The fragment as written, without its `#`.
    ///
    /// ```
    /// use rfc3986::schemes::http::HttpUri;
    ///
    /// assert_eq!(HttpUri::parse("http://example.com/?q=1#top")?.fragment(), Some("top"));
    /// assert_eq!(HttpUri::parse("http://example.com/")?.fragment(), None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn fragment(&self) -> Option<&str> {
        self.uri.fragment()
    }
}

/// A violation of the http scheme.
fn violation(input: &str, rule: &str, at: usize, expected: &str) -> SchemeError {
    SchemeError::Scheme(SchemeViolation::new(
        HttpUri::SCHEME,
        rule,
        input,
        at,
        expected,
    ))
}

impl fmt::Display for HttpUri {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for HttpUri {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.uri, f)
    }
}

impl core::str::FromStr for HttpUri {
    type Err = SchemeError;

    fn from_str(s: &str) -> Result<HttpUri, SchemeError> {
        HttpUri::parse(s)
    }
}
