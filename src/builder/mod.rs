//! Building URI references from components, and changing their components.
//!
//! Every URI built or changed here is assembled as text and parsed by
//! [`Uri::parse`], so the grammar decides what is valid; the code here only
//! percent-encodes decoded input, applies the disambiguation rules of RFC 3986
//! section 3 and 4.2, and checks that each component was read back where it
//! was put.

use alloc::borrow::ToOwned;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::net::IpAddr;

use pest::Parser;

use crate::authority::{redact_password, Host};
use crate::error::{ErrorKind, ParseError};
use crate::grammar::{Rule, UriParser};
use crate::uri::Uri;

/// A component of a URI reference, as a [`BuildError`] names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Component {
    /// The scheme (section 3.1).
    Scheme,
    /// The userinfo of the authority (section 3.2.1).
    Userinfo,
    /// The host of the authority (section 3.2.2).
    Host,
    /// The port of the authority (section 3.2.3).
    Port,
    /// The path (section 3.3).
    Path,
    /// The query (section 3.4).
    Query,
    /// The fragment (section 3.5).
    Fragment,
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Component::Scheme => "scheme",
            Component::Userinfo => "userinfo",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::Query => "query",
            Component::Fragment => "fragment",
        })
    }
}

/// Why a URI reference could not be built or changed: a component is not
/// valid, or the components cannot stand together.
///
/// ```
/// use rfc3986::{BuildError, Component, ErrorKind, Uri};
///
/// let err = Uri::builder().scheme("http").host("evil.com/x").build().unwrap_err();
/// let BuildError::Invalid { component, source } = &err else { panic!() };
/// assert_eq!(*component, Component::Host);
/// assert_eq!(source.kind(), ErrorKind::Host);
/// assert_eq!(source.offset(), 8);
///
/// let err = Uri::builder().path("/a").port(8080).build().unwrap_err();
/// assert_eq!(err, BuildError::PortWithoutHost);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BuildError {
    /// A component given as text is not that component in RFC 3986's
    /// grammar. The [`ParseError`]'s offset is a byte offset into the text
    /// given for the component.
    #[error("the {component} given is not a valid {component}: {source}")]
    Invalid {
        /// The component at fault.
        component: Component,
        /// What the grammar rejected, in the component's own text.
        source: ParseError,
    },
    /// A port was given without a host: the port is part of the authority,
    /// and an authority always has a host (section 3.2).
    #[error("a port needs a host: the port belongs to the authority, which has a host (RFC 3986 section 3.2)")]
    PortWithoutHost,
    /// A userinfo was given without a host: the userinfo is part of the
    /// authority, and an authority always has a host (section 3.2).
    #[error("a userinfo needs a host: the userinfo belongs to the authority, which has a host (RFC 3986 section 3.2)")]
    UserinfoWithoutHost,
    /// A path that does not start with `/` was given with an authority:
    /// after an authority the path must be empty or start with `/`
    /// (section 3.3), or its first segment would read as part of the
    /// authority.
    #[error(
        "with an authority, the path must be empty or start with \"/\" (RFC 3986 section 3.3)"
    )]
    RootlessPathWithAuthority,
    /// The assembled text did not read back with each component where it
    /// was put. The checks on each component are meant to make this
    /// impossible; it is reported rather than returning a wrong URI.
    #[error(
        "the {component} did not read back as the {component} from the assembled URI reference"
    )]
    Misplaced {
        /// The component that was read back differently.
        component: Component,
    },
}

/// Builds a URI reference from its components: [`Uri::builder`].
///
/// Each component can be given as text, as it appears in a URI (`path`,
/// `query`, ...: percent-encodings are kept, and the text must already be
/// valid for its component), or decoded (`path_segments`,
/// `query_decoded`, ...: every character that the component may not hold
/// as it is, `%` included, is percent-encoded, with exactly the characters
/// that component's ABNF rule allows left as they are).
///
/// [`build`](Self::build) assembles the text and parses it with
/// [`Uri::parse`]: the grammar is the judge. It also applies the
/// disambiguation rules of RFC 3986 sections 3 and 4.2 so that the text
/// means what the components say:
///
/// - without an authority, a path that starts with `//` gets a `/.`
///   prefix (`//a` becomes `/.//a`), or the `//` would read as an authority;
/// - in a relative reference (no scheme, no authority), a first segment
///   with a `:` gets a `./` prefix (`a:b` becomes `./a:b`), or it would read
///   as a scheme. Decoded segments have that `:` percent-encoded instead.
///
/// Combinations that no URI can have (a port or userinfo without a host; a
/// path that does not start with `/` after an authority) are errors.
///
/// Unlike the library this design comes from, an empty host is an
/// authority: `file:///etc` and `file:/etc` are different URIs, and
/// `host("")` gives the first.
///
/// ```
/// use rfc3986::Uri;
///
/// let uri = Uri::builder()
///     .scheme("http")
///     .host("example.com")
///     .port(8080)
///     .path_segments(["", "a b", "c/d"])
///     .query_pairs([("q", "1+1=2"), ("lang", "en")])
///     .fragment_decoded("top")
///     .build()?;
/// assert_eq!(uri.as_str(), "http://example.com:8080/a%20b/c%2Fd?q=1%2B1%3D2&lang=en#top");
///
/// let relative = Uri::builder().path("a:b").build()?;
/// assert_eq!(relative.as_str(), "./a:b");
/// # Ok::<(), rfc3986::BuildError>(())
/// ```
#[derive(Clone, Default)]
#[must_use = "a builder does nothing until `build` is called"]
pub struct UriBuilder {
    scheme: Option<String>,
    userinfo: Option<String>,
    host: Option<String>,
    port: Option<String>,
    path: PathInput,
    query: Option<String>,
    fragment: Option<String>,
}

/// The path as the builder was given it. Decoded segments are encoded at
/// build time, when it is known whether the first one may hold a `:`.
#[derive(Clone, Debug)]
enum PathInput {
    Text(String),
    Segments(Vec<String>),
}

impl Default for PathInput {
    fn default() -> PathInput {
        PathInput::Text(String::new())
    }
}

impl Uri {
    /// A builder for a URI reference, with every component undefined and an
    /// empty path. See [`UriBuilder`].
    pub fn builder() -> UriBuilder {
        UriBuilder::default()
    }

    /// A builder holding this URI reference's components as they are
    /// written, to change some and build a new one.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::parse("http://example.com/a?q")?;
    /// let changed = uri.to_builder().path_segments(["", "a b"]).build()?;
    /// assert_eq!(changed.as_str(), "http://example.com/a%20b?q");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_builder(&self) -> UriBuilder {
        UriBuilder {
            scheme: self.scheme().map(ToOwned::to_owned),
            userinfo: self.userinfo().map(ToOwned::to_owned),
            host: self.host_str().map(ToOwned::to_owned),
            port: self.port_str().map(ToOwned::to_owned),
            path: PathInput::Text(self.path().to_owned()),
            query: self.query().map(ToOwned::to_owned),
            fragment: self.fragment().map(ToOwned::to_owned),
        }
    }

    /// Sets the scheme (`None` makes this a relative reference).
    ///
    /// A relative reference whose path's first segment holds a `:` gets a
    /// `./` prefix, so that the segment does not read as a scheme.
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] when `scheme` is not a scheme. On error the
    /// URI is unchanged; so it is for every setter.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let mut uri = Uri::parse("urn:isbn:0451450523")?;
    /// uri.set_scheme(None)?;
    /// assert_eq!(uri.as_str(), "./isbn:0451450523");
    /// assert!(uri.set_scheme(Some("1http")).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_scheme(&mut self, scheme: Option<&str>) -> Result<(), BuildError> {
        let mut builder = self.to_builder();
        builder.scheme = scheme.map(ToOwned::to_owned);
        self.replace(&builder)
    }

    /// Sets the userinfo, as written (percent-encoded), without its `@`.
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] when `userinfo` is not a userinfo (an `@`, a
    /// `/`, ...); [`BuildError::UserinfoWithoutHost`] when there is no host.
    pub fn set_userinfo(&mut self, userinfo: Option<&str>) -> Result<(), BuildError> {
        let mut builder = self.to_builder();
        builder.userinfo = userinfo.map(ToOwned::to_owned);
        self.replace(&builder)
    }

    /// Sets the host, as written: a registered name (percent-encoded), an
    /// IPv4 address, or an IP literal in brackets. `None` removes the
    /// authority.
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] when `host` is not a whole host: a host that
    /// holds `/`, `@`, `:`, `?` or `#` is never read as something else.
    /// Removing the host of an authority that has a userinfo or port is
    /// [`BuildError::UserinfoWithoutHost`] or [`BuildError::PortWithoutHost`];
    /// adding one to a URI whose path does not start with `/` is
    /// [`BuildError::RootlessPathWithAuthority`].
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let mut uri = Uri::parse("http://example.com/path")?;
    /// uri.set_host(Some("[2001:db8::7]"))?;
    /// assert_eq!(uri.as_str(), "http://[2001:db8::7]/path");
    /// assert!(uri.set_host(Some("evil.com/x")).is_err());
    /// assert!(uri.set_host(Some("evil.com@good.com")).is_err());
    /// assert_eq!(uri.as_str(), "http://[2001:db8::7]/path");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_host(&mut self, host: Option<&str>) -> Result<(), BuildError> {
        let mut builder = self.to_builder();
        builder.host = host.map(ToOwned::to_owned);
        self.replace(&builder)
    }

    /// Sets the port; `None` removes it, with its `:`.
    ///
    /// # Errors
    ///
    /// [`BuildError::PortWithoutHost`] when there is no host.
    pub fn set_port(&mut self, port: Option<u16>) -> Result<(), BuildError> {
        let mut builder = self.to_builder();
        builder.port = port.map(port_text);
        self.replace(&builder)
    }

    /// Sets the path, as written (percent-encoded). Without an authority, a
    /// path that starts with `//` gets a `/.` prefix; in a relative
    /// reference, a first segment with a `:` gets a `./` prefix.
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] when `path` is not a path (it holds `?` or
    /// `#`, say); [`BuildError::RootlessPathWithAuthority`] when there is an
    /// authority and `path` is neither empty nor starts with `/`.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let mut uri = Uri::parse("http://example.com")?;
    /// uri.set_path("/a/b")?;
    /// assert_eq!(uri.as_str(), "http://example.com/a/b");
    /// assert!(uri.set_path("a/b").is_err());
    /// assert!(uri.set_path("/a?b").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_path(&mut self, path: &str) -> Result<(), BuildError> {
        let mut builder = self.to_builder();
        builder.path = PathInput::Text(path.to_owned());
        self.replace(&builder)
    }

    /// Sets the query, as written (percent-encoded), without its `?`;
    /// `None` removes it.
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] when `query` is not a query (it holds `#`,
    /// say).
    pub fn set_query(&mut self, query: Option<&str>) -> Result<(), BuildError> {
        let mut builder = self.to_builder();
        builder.query = query.map(ToOwned::to_owned);
        self.replace(&builder)
    }

    /// Sets the fragment, as written (percent-encoded), without its `#`;
    /// `None` removes it.
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] when `fragment` is not a fragment (it holds
    /// a second `#`, say).
    pub fn set_fragment(&mut self, fragment: Option<&str>) -> Result<(), BuildError> {
        let mut builder = self.to_builder();
        builder.fragment = fragment.map(ToOwned::to_owned);
        self.replace(&builder)
    }

    fn replace(&mut self, builder: &UriBuilder) -> Result<(), BuildError> {
        *self = builder.build()?;
        Ok(())
    }
}

impl UriBuilder {
    /// A builder with every component undefined and an empty path; the same
    /// as [`Uri::builder`].
    pub fn new() -> UriBuilder {
        UriBuilder::default()
    }

    /// The scheme, without its `:`. Schemes have no percent-encoding; the
    /// text must be a scheme (a letter, then letters, digits, `+`, `-`,
    /// `.`).
    pub fn scheme(mut self, scheme: &str) -> UriBuilder {
        self.scheme = Some(scheme.to_owned());
        self
    }

    /// The userinfo as written (percent-encoded), without its `@`.
    pub fn userinfo(mut self, userinfo: &str) -> UriBuilder {
        self.userinfo = Some(userinfo.to_owned());
        self
    }

    /// The userinfo, decoded: everything but unreserved characters,
    /// sub-delims and `:` is percent-encoded.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::builder().scheme("ftp").userinfo_decoded("jo@home").host("h").build()?;
    /// assert_eq!(uri.as_str(), "ftp://jo%40home@h");
    /// # Ok::<(), rfc3986::BuildError>(())
    /// ```
    pub fn userinfo_decoded(mut self, userinfo: &str) -> UriBuilder {
        self.userinfo = Some(encode(userinfo, is_userinfo));
        self
    }

    /// The host as written: a registered name (percent-encoded), an IPv4
    /// address, or an IP literal with its brackets (`[2001:db8::7]`,
    /// `[v1.x]`). The empty host gives an empty authority (`file:///a`).
    pub fn host(mut self, host: &str) -> UriBuilder {
        self.host = Some(host.to_owned());
        self
    }

    /// The host as a registered name, decoded: everything but unreserved
    /// characters and sub-delims is percent-encoded. For IP addresses use
    /// [`host_ip`](Self::host_ip).
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::builder().scheme("http").host_decoded("bücher.example").build()?;
    /// assert_eq!(uri.as_str(), "http://b%C3%BCcher.example");
    /// # Ok::<(), rfc3986::BuildError>(())
    /// ```
    pub fn host_decoded(mut self, name: &str) -> UriBuilder {
        self.host = Some(encode(name, is_reg_name));
        self
    }

    /// The host as an IP address: an IPv4 address as it is, an IPv6 address
    /// in brackets.
    ///
    /// ```
    /// use std::net::Ipv6Addr;
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::builder().scheme("http").host_ip(Ipv6Addr::LOCALHOST).port(80).build()?;
    /// assert_eq!(uri.as_str(), "http://[::1]:80");
    /// # Ok::<(), rfc3986::BuildError>(())
    /// ```
    pub fn host_ip(mut self, address: impl Into<IpAddr>) -> UriBuilder {
        self.host = Some(match address.into() {
            IpAddr::V4(v4) => alloc::format!("{v4}"),
            IpAddr::V6(v6) => alloc::format!("[{v6}]"),
        });
        self
    }

    /// The host, typed, as [`Uri::host`] gives it.
    pub fn host_typed(mut self, host: &Host) -> UriBuilder {
        self.host = Some(match host {
            Host::Ipv4(v4) => alloc::format!("{v4}"),
            Host::Ipv6(v6) => alloc::format!("[{v6}]"),
            Host::IpvFuture { version, address } => alloc::format!("[v{version}.{address}]"),
            Host::RegName(name) => name.as_str().to_owned(),
        });
        self
    }

    /// The port number.
    pub fn port(mut self, port: u16) -> UriBuilder {
        self.port = Some(port_text(port));
        self
    }

    /// The port as written: digits, or the empty string for an empty port
    /// (`http://example.com:/`).
    pub fn port_str(mut self, port: &str) -> UriBuilder {
        self.port = Some(port.to_owned());
        self
    }

    /// The path as written (percent-encoded). It must be empty or start
    /// with `/` when there is an authority.
    pub fn path(mut self, path: &str) -> UriBuilder {
        self.path = PathInput::Text(path.to_owned());
        self
    }

    /// The path as its segments, decoded, in the form
    /// [`Uri::path_segments`] gives them: joined with `/`, so an absolute
    /// path starts with an empty segment (`["", "a"]` is `/a`) and no
    /// segments is the empty path. In each segment everything but `pchar`
    /// (unreserved characters, sub-delims, `:` and `@`) is
    /// percent-encoded, `/` included; in a relative reference the first
    /// segment has its `:` encoded too. With an authority the first segment
    /// must be empty (the path absolute), as for [`path`](Self::path).
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::builder().path_segments(["a:b", "c d", "e/f"]).build()?;
    /// assert_eq!(uri.as_str(), "a%3Ab/c%20d/e%2Ff");
    /// # Ok::<(), rfc3986::BuildError>(())
    /// ```
    pub fn path_segments<I, S>(mut self, segments: I) -> UriBuilder
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        self.path = PathInput::Segments(
            segments
                .into_iter()
                .map(|segment| segment.as_ref().to_owned())
                .collect(),
        );
        self
    }

    /// The query as written (percent-encoded), without its `?`.
    pub fn query(mut self, query: &str) -> UriBuilder {
        self.query = Some(query.to_owned());
        self
    }

    /// The query, decoded: everything but `pchar`, `/` and `?` is
    /// percent-encoded. `&` and `=` are left as they are; to give
    /// name-value pairs whose text may hold them, use
    /// [`query_pairs`](Self::query_pairs).
    pub fn query_decoded(mut self, query: &str) -> UriBuilder {
        self.query = Some(encode(query, is_query));
        self
    }

    /// The query as `name=value` pairs joined with `&`, each name and value
    /// decoded: everything but `pchar`, `/` and `?` is percent-encoded, and
    /// so are `&`, `=` and `+`, so that [`Uri::query_pairs`] gives the pairs
    /// back and a reader that takes `+` for a space (HTML forms) does not
    /// misread one.
    pub fn query_pairs<I, K, V>(mut self, pairs: I) -> UriBuilder
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let mut query = String::new();
        for (i, (name, value)) in pairs.into_iter().enumerate() {
            if i > 0 {
                query.push('&');
            }
            encode_into(&mut query, name.as_ref(), is_query_pair);
            query.push('=');
            encode_into(&mut query, value.as_ref(), is_query_pair);
        }
        self.query = Some(query);
        self
    }

    /// The fragment as written (percent-encoded), without its `#`.
    pub fn fragment(mut self, fragment: &str) -> UriBuilder {
        self.fragment = Some(fragment.to_owned());
        self
    }

    /// The fragment, decoded: everything but `pchar`, `/` and `?` is
    /// percent-encoded.
    pub fn fragment_decoded(mut self, fragment: &str) -> UriBuilder {
        self.fragment = Some(encode(fragment, is_query));
        self
    }

    /// Assembles the URI reference and parses it.
    ///
    /// # Errors
    ///
    /// A [`BuildError`] that names the component at fault, or the rule
    /// that the components break together.
    pub fn build(&self) -> Result<Uri, BuildError> {
        let has_authority = self.host.is_some();
        if !has_authority && self.userinfo.is_some() {
            return Err(BuildError::UserinfoWithoutHost);
        }
        if !has_authority && self.port.is_some() {
            return Err(BuildError::PortWithoutHost);
        }
        let relative = self.scheme.is_none() && !has_authority;

        if let Some(scheme) = &self.scheme {
            check(Component::Scheme, Rule::scheme, scheme)?;
        }
        if let Some(userinfo) = &self.userinfo {
            check(Component::Userinfo, Rule::userinfo, userinfo)?;
        }
        if let Some(host) = &self.host {
            check_host(host)?;
        }
        if let Some(port) = &self.port {
            check(Component::Port, Rule::port, port)?;
            // The grammar takes any number of digits; a port is a u16.
            if !port.is_empty() && port.parse::<u16>().is_err() {
                return Err(BuildError::Invalid {
                    component: Component::Port,
                    source: ParseError::new(
                        ErrorKind::PortRange,
                        port,
                        0,
                        "a port number from 0 to 65535",
                    ),
                });
            }
        }
        let path = match &self.path {
            PathInput::Text(path) => {
                if path.starts_with('/') {
                    check(Component::Path, Rule::path_abempty, path)?;
                } else if !path.is_empty() {
                    check(Component::Path, Rule::path_rootless, path)?;
                }
                path.clone()
            }
            PathInput::Segments(segments) => encode_segments(segments, relative),
        };
        if let Some(query) = &self.query {
            check(Component::Query, Rule::query, query)?;
        }
        if let Some(fragment) = &self.fragment {
            check(Component::Fragment, Rule::fragment, fragment)?;
        }

        // The disambiguation rules of sections 3 and 4.2.
        if has_authority && !path.is_empty() && !path.starts_with('/') {
            return Err(BuildError::RootlessPathWithAuthority);
        }
        let prefix = if !has_authority && path.starts_with("//") {
            "/."
        } else if relative && path.split('/').next().is_some_and(|s| s.contains(':')) {
            "./"
        } else {
            ""
        };

        // Each component's end in the text, its delimiter included, to name
        // the component a parse error falls in.
        let mut ends = Vec::with_capacity(7);
        let mut text = String::new();
        if let Some(scheme) = &self.scheme {
            text.push_str(scheme);
            text.push(':');
            ends.push((Component::Scheme, text.len()));
        }
        if let Some(host) = &self.host {
            text.push_str("//");
            if let Some(userinfo) = &self.userinfo {
                text.push_str(userinfo);
                text.push('@');
                ends.push((Component::Userinfo, text.len()));
            }
            text.push_str(host);
            ends.push((Component::Host, text.len()));
            if let Some(port) = &self.port {
                text.push(':');
                text.push_str(port);
                ends.push((Component::Port, text.len()));
            }
        }
        let path_start = text.len();
        text.push_str(prefix);
        text.push_str(&path);
        let path_range = path_start..text.len();
        ends.push((Component::Path, text.len()));
        if let Some(query) = &self.query {
            text.push('?');
            text.push_str(query);
            ends.push((Component::Query, text.len()));
        }
        if let Some(fragment) = &self.fragment {
            text.push('#');
            text.push_str(fragment);
            ends.push((Component::Fragment, text.len()));
        }

        let uri = Uri::parse(&text).map_err(|error| {
            // Each component was checked on its own, so only the way they
            // were put together can be at fault.
            let component = ends
                .iter()
                .find(|(_, end)| error.offset() < *end)
                .or(ends.last())
                .map_or(Component::Path, |(component, _)| *component);
            BuildError::Misplaced { component }
        })?;
        let path = &text[path_range];
        let landed = [
            (Component::Scheme, uri.scheme() == self.scheme.as_deref()),
            (
                Component::Userinfo,
                uri.userinfo() == self.userinfo.as_deref(),
            ),
            (Component::Host, uri.host_str() == self.host.as_deref()),
            (Component::Port, uri.port_str() == self.port.as_deref()),
            (Component::Path, uri.path() == path),
            (Component::Query, uri.query() == self.query.as_deref()),
            (
                Component::Fragment,
                uri.fragment() == self.fragment.as_deref(),
            ),
        ];
        match landed.iter().find(|(_, ok)| !ok) {
            Some(&(component, _)) => Err(BuildError::Misplaced { component }),
            None => Ok(uri),
        }
    }
}

impl fmt::Debug for UriBuilder {
    /// Shows the components, with any password in the userinfo replaced by
    /// `***` (RFC 3986 section 3.2.1).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("UriBuilder")
            .field("scheme", &self.scheme)
            .field("userinfo", &self.userinfo.as_deref().map(redact_password))
            .field("host", &self.host)
            .field("port", &self.port)
            .field("path", &self.path)
            .field("query", &self.query)
            .field("fragment", &self.fragment)
            .finish()
    }
}

fn port_text(port: u16) -> String {
    alloc::format!("{port}")
}

/// Checks that `rule` of the grammar matches all of `text`, the text given
/// for `component`.
fn check(component: Component, rule: Rule, text: &str) -> Result<(), BuildError> {
    // How much of `text` the rule matches; `None` when it cannot match even
    // the empty string there (a scheme needs a letter).
    let matched = UriParser::parse(rule, text)
        .ok()
        .map(|pairs| pairs.last().map_or(0, |pair| pair.as_span().end()));
    if matched == Some(text.len()) {
        return Ok(());
    }
    let matched = matched.unwrap_or(0);
    let (kind, expected) = match component {
        Component::Scheme if matched == 0 => (ErrorKind::Scheme, "ALPHA"),
        Component::Scheme => (ErrorKind::Scheme, r#"ALPHA, DIGIT, "+", "-" or ".""#),
        Component::Userinfo => (
            ErrorKind::Userinfo,
            r#"unreserved, pct-encoded, sub-delims or ":""#,
        ),
        Component::Host => (
            ErrorKind::Host,
            "unreserved, pct-encoded or sub-delims, or an IP address",
        ),
        Component::Port => (ErrorKind::Port, "DIGIT"),
        Component::Path => (ErrorKind::Path, r#"pchar or "/""#),
        Component::Query => (ErrorKind::Query, r#"pchar, "/" or "?""#),
        Component::Fragment => (ErrorKind::Fragment, r#"pchar, "/" or "?""#),
    };
    let rest = &text[matched..];
    let kind = match rest.chars().next() {
        Some('%') if !is_pct_encoded(rest) => ErrorKind::PercentEncoding,
        Some(c) if !is_uri_char(c) => ErrorKind::InvalidCharacter,
        _ => kind,
    };
    let expected = match kind {
        ErrorKind::PercentEncoding => r#""%" HEXDIG HEXDIG"#,
        _ => expected,
    };
    Err(BuildError::Invalid {
        component,
        source: ParseError::new(kind, text, matched, expected),
    })
}

/// Checks that `host` is a whole host. The text `//host` is parsed as a
/// URI reference so that an IP literal gets the diagnosis of a parse; a
/// host that parses but does not end the authority there holds a delimiter.
fn check_host(host: &str) -> Result<(), BuildError> {
    const PREFIX: &str = "//";
    let mut text = String::with_capacity(PREFIX.len() + host.len());
    text.push_str(PREFIX);
    text.push_str(host);
    let invalid = |source| BuildError::Invalid {
        component: Component::Host,
        source,
    };
    match Uri::parse(&text) {
        Err(error) => Err(invalid(error.shifted(host, PREFIX.len()))),
        Ok(uri) if uri.host_str() == Some(host) && !uri.has_port() && uri.userinfo().is_none() => {
            Ok(())
        }
        Ok(_) => {
            // The text parsed, with a delimiter ending the host early; the
            // first one is where the host stops being a host.
            let after_literal = if host.starts_with('[') {
                host.find(']').map_or(0, |end| end + 1)
            } else {
                0
            };
            let at = host[after_literal..]
                .find([':', '/', '?', '#', '@'])
                .map_or(host.len(), |at| after_literal + at);
            let expected = if after_literal > 0 {
                "end of host"
            } else {
                "reg-name character"
            };
            Err(invalid(ParseError::new(
                ErrorKind::Host,
                host,
                at,
                expected,
            )))
        }
    }
}

/// Joins `segments` with `/`, each percent-encoded as a `segment`, the
/// first as a `segment-nz-nc` (no `:`) in a relative reference.
fn encode_segments(segments: &[String], relative: bool) -> String {
    let mut path = String::new();
    for (i, segment) in segments.iter().enumerate() {
        if i > 0 {
            path.push('/');
        }
        if i == 0 && relative {
            encode_into(&mut path, segment, is_segment_nz_nc);
        } else {
            encode_into(&mut path, segment, is_pchar);
        }
    }
    path
}

fn encode(text: &str, keep: fn(u8) -> bool) -> String {
    let mut encoded = String::with_capacity(text.len());
    encode_into(&mut encoded, text, keep);
    encoded
}

/// Appends `text` to `out`, each byte that `keep` does not allow (and `%`,
/// which no set allows) percent-encoded, in uppercase hexadecimal as
/// section 2.1 recommends.
fn encode_into(out: &mut String, text: &str, keep: fn(u8) -> bool) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for c in text.chars() {
        // Only ASCII bytes are ever kept, so a kept char is one byte.
        if c.is_ascii() && keep(c as u8) {
            out.push(c);
            continue;
        }
        let mut utf8 = [0; 4];
        for &byte in c.encode_utf8(&mut utf8).as_bytes() {
            out.push('%');
            out.push(char::from(HEX[usize::from(byte >> 4)]));
            out.push(char::from(HEX[usize::from(byte & 0xf)]));
        }
    }
}

/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`
fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`
fn is_sub_delim(b: u8) -> bool {
    matches!(
        b,
        b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
    )
}

/// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )`
fn is_userinfo(b: u8) -> bool {
    is_unreserved(b) || is_sub_delim(b) || b == b':'
}

/// `reg-name = *( unreserved / pct-encoded / sub-delims )`
fn is_reg_name(b: u8) -> bool {
    is_unreserved(b) || is_sub_delim(b)
}

/// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"`
fn is_pchar(b: u8) -> bool {
    is_unreserved(b) || is_sub_delim(b) || b == b':' || b == b'@'
}

/// `segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )`
fn is_segment_nz_nc(b: u8) -> bool {
    is_pchar(b) && b != b':'
}

/// `query = *( pchar / "/" / "?" )`, and the same for `fragment`.
fn is_query(b: u8) -> bool {
    is_pchar(b) || b == b'/' || b == b'?'
}

/// A name or value of a query pair: a query character but the pair
/// delimiters `&` and `=`, and `+`, which form decoding reads as a space.
fn is_query_pair(b: u8) -> bool {
    is_query(b) && !matches!(b, b'&' | b'=' | b'+')
}

/// Whether `s` starts with `pct-encoded = "%" HEXDIG HEXDIG`.
fn is_pct_encoded(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() >= 3 && b[0] == b'%' && b[1].is_ascii_hexdigit() && b[2].is_ascii_hexdigit()
}

/// Whether `c` may appear somewhere in a URI (section 2).
fn is_uri_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "-._~:/?#[]@!$&'()*+,;=%".contains(c)
}
