//! Building IRI references, and changing their components: the URI's
//! builder and setters, with the IRI grammar's rules and character sets.

use core::fmt;
use core::net::IpAddr;

use super::Iri;
use crate::authority::Host;
use crate::builder::{BuildError, UriBuilder};
use crate::syntax;

/// Builds an IRI reference from its components: [`Iri::builder`].
///
/// It is [`UriBuilder`] with RFC 3987's grammar: a component given as text
/// is checked against its IRI rule (`iuserinfo`, `ihost`, `ipath-*`,
/// `iquery`, ...), and a component given decoded is percent-encoded but
/// for the characters its IRI rule takes, so `ucschar`s stay as they are
/// (and `iprivate`s in the query). The disambiguation rules are the
/// URI's.
///
/// ```
/// use rfc3986::Iri;
///
/// let iri = Iri::builder()
///     .scheme("https")
///     .host_decoded("例え.jp")
///     .path_segments(["", "パス", "a/b"])
///     .query_pairs([("q", "値 x")])
///     .build()?;
/// assert_eq!(iri.as_str(), "https://例え.jp/パス/a%2Fb?q=値%20x");
/// # Ok::<(), rfc3986::Error>(())
/// ```
#[derive(Clone)]
#[must_use = "a builder does nothing until `build` is called"]
pub struct IriBuilder(UriBuilder);

impl Default for IriBuilder {
    fn default() -> IriBuilder {
        IriBuilder(UriBuilder::with_syntax(&syntax::IRI))
    }
}

impl IriBuilder {
    /// A builder with every component undefined and an empty path; the same
    /// as [`Iri::builder`].
    pub fn new() -> IriBuilder {
        IriBuilder::default()
    }

    /// The scheme, without its `:`. See [`UriBuilder::scheme`].
    pub fn scheme(self, scheme: &str) -> IriBuilder {
        IriBuilder(self.0.scheme(scheme))
    }

    /// The userinfo as written, without its `@`.
    pub fn userinfo(self, userinfo: &str) -> IriBuilder {
        IriBuilder(self.0.userinfo(userinfo))
    }

    /// The userinfo, decoded: everything but `iunreserved` characters,
    /// sub-delims and `:` is percent-encoded.
    pub fn userinfo_decoded(self, userinfo: &str) -> IriBuilder {
        IriBuilder(self.0.userinfo_decoded(userinfo))
    }

    /// The host as written: an `ireg-name`, an IPv4 address, or an IP
    /// literal with its brackets.
    pub fn host(self, host: &str) -> IriBuilder {
        IriBuilder(self.0.host(host))
    }

    /// The host as a registered name, decoded: everything but `iunreserved`
    /// characters and sub-delims is percent-encoded.
    ///
    /// ```
    /// use rfc3986::Iri;
    ///
    /// let iri = Iri::builder().scheme("http").host_decoded("bücher ex").build()?;
    /// assert_eq!(iri.as_str(), "http://bücher%20ex");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn host_decoded(self, name: &str) -> IriBuilder {
        IriBuilder(self.0.host_decoded(name))
    }

    /// The host as an IP address. See [`UriBuilder::host_ip`].
    pub fn host_ip(self, address: impl Into<IpAddr>) -> IriBuilder {
        IriBuilder(self.0.host_ip(address))
    }

    /// The host, typed, as [`Iri::host`] gives it.
    pub fn host_typed(self, host: &Host) -> IriBuilder {
        IriBuilder(self.0.host_typed(host))
    }

    /// The port number.
    pub fn port(self, port: u16) -> IriBuilder {
        IriBuilder(self.0.port(port))
    }

    /// The port as written: digits, or the empty string for an empty port.
    pub fn port_str(self, port: &str) -> IriBuilder {
        IriBuilder(self.0.port_str(port))
    }

    /// The path as written. See [`UriBuilder::path`].
    pub fn path(self, path: &str) -> IriBuilder {
        IriBuilder(self.0.path(path))
    }

    /// The path as its segments, decoded: in each segment everything but
    /// `ipchar` is percent-encoded. See [`UriBuilder::path_segments`].
    pub fn path_segments<I, S>(self, segments: I) -> IriBuilder
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        IriBuilder(self.0.path_segments(segments))
    }

    /// The query as written, without its `?`.
    pub fn query(self, query: &str) -> IriBuilder {
        IriBuilder(self.0.query(query))
    }

    /// The query, decoded: everything but `ipchar`, `iprivate`, `/` and `?`
    /// is percent-encoded.
    pub fn query_decoded(self, query: &str) -> IriBuilder {
        IriBuilder(self.0.query_decoded(query))
    }

    /// The query as `name=value` pairs joined with `&`, each decoded. See
    /// [`UriBuilder::query_pairs`].
    pub fn query_pairs<I, K, V>(self, pairs: I) -> IriBuilder
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        IriBuilder(self.0.query_pairs(pairs))
    }

    /// The fragment as written, without its `#`.
    pub fn fragment(self, fragment: &str) -> IriBuilder {
        IriBuilder(self.0.fragment(fragment))
    }

    /// The fragment, decoded: everything but `ipchar`, `/` and `?` is
    /// percent-encoded.
    pub fn fragment_decoded(self, fragment: &str) -> IriBuilder {
        IriBuilder(self.0.fragment_decoded(fragment))
    }

    /// Checks each component against its IRI rule and writes the IRI
    /// reference.
    ///
    /// # Errors
    ///
    /// A [`BuildError`] that names the component at fault, or the rule
    /// that the components break together.
    ///
    /// ```
    /// use rfc3986::{BuildError, Iri};
    ///
    /// let err = Iri::builder().scheme("http").host("a").path("/\u{e000}").build().unwrap_err();
    /// let BuildError::Invalid { source, .. } = err else { panic!() };
    /// assert_eq!(source.to_string(), r#"invalid path at byte 1: expected ipchar or "/", found '\u{e000}'"#);
    /// assert!(Iri::builder().query("\u{e000}").build().is_ok());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn build(&self) -> Result<Iri, BuildError> {
        self.0.build().map(Iri)
    }
}

impl fmt::Debug for IriBuilder {
    /// Shows the components, with any password in the userinfo replaced by
    /// `***`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

impl Iri {
    /// A builder for an IRI reference, with every component undefined and
    /// an empty path. See [`IriBuilder`].
    pub fn builder() -> IriBuilder {
        IriBuilder::default()
    }

    /// A builder holding this IRI reference's components as they are
    /// written.
    pub fn to_builder(&self) -> IriBuilder {
        IriBuilder(self.0.to_builder_as(&syntax::IRI))
    }

    /// Sets the scheme. See [`Uri::set_scheme`](crate::Uri::set_scheme).
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] when `scheme` is not a scheme.
    pub fn set_scheme(&mut self, scheme: Option<&str>) -> Result<(), BuildError> {
        self.0.set_scheme_as(&syntax::IRI, scheme)
    }

    /// Sets the userinfo, as written. See
    /// [`Uri::set_userinfo`](crate::Uri::set_userinfo).
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] when `userinfo` is not an `iuserinfo`;
    /// [`BuildError::UserinfoWithoutHost`] when there is no host.
    pub fn set_userinfo(&mut self, userinfo: Option<&str>) -> Result<(), BuildError> {
        self.0.set_userinfo_as(&syntax::IRI, userinfo)
    }

    /// Sets the host, as written. See
    /// [`Uri::set_host`](crate::Uri::set_host).
    ///
    /// # Errors
    ///
    /// As [`Uri::set_host`](crate::Uri::set_host), with the `ihost` rule.
    ///
    /// ```
    /// use rfc3986::Iri;
    ///
    /// let mut iri = Iri::parse("http://example.com/パス")?;
    /// iri.set_host(Some("例え.jp"))?;
    /// assert_eq!(iri, "http://例え.jp/パス");
    /// assert!(iri.set_host(Some("例え.jp/x")).is_err());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn set_host(&mut self, host: Option<&str>) -> Result<(), BuildError> {
        self.0.set_host_as(&syntax::IRI, host)
    }

    /// Sets the port; `None` removes it.
    ///
    /// # Errors
    ///
    /// [`BuildError::PortWithoutHost`] when there is no host.
    pub fn set_port(&mut self, port: Option<u16>) -> Result<(), BuildError> {
        self.0.set_port(port)
    }

    /// Sets the path, as written. See
    /// [`Uri::set_path`](crate::Uri::set_path).
    ///
    /// # Errors
    ///
    /// As [`Uri::set_path`](crate::Uri::set_path), with the IRI's path
    /// rules.
    pub fn set_path(&mut self, path: &str) -> Result<(), BuildError> {
        self.0.set_path_as(&syntax::IRI, path)
    }

    /// Sets the query, as written; `None` removes it.
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] when `query` is not an `iquery`.
    pub fn set_query(&mut self, query: Option<&str>) -> Result<(), BuildError> {
        self.0.set_query_as(&syntax::IRI, query)
    }

    /// Sets the fragment, as written; `None` removes it.
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] when `fragment` is not an `ifragment`.
    pub fn set_fragment(&mut self, fragment: Option<&str>) -> Result<(), BuildError> {
        self.0.set_fragment_as(&syntax::IRI, fragment)
    }
}
