//! Building URI references from components, and changing their components.
//!
//! Each component is checked once, against its rule of the grammar (the
//! compiled parser can start at any rule), and the text is written once,
//! through recomposition, which records each component's bounds as it
//! writes: nothing is parsed again. The code here percent-encodes decoded
//! input, checks the combinations that no URI can have (a port without a
//! host, ...), and leaves the disambiguation rules of sections 3 and 4.2
//! to recomposition.

mod edit;
mod error;
mod setters;

use alloc::borrow::ToOwned;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::net::IpAddr;

use crate::component::Component;
pub use error::BuildError;

use core::marker::PhantomData;

use crate::authority::{redact_password, Host};
use crate::bounds::{port_value, HostKind};
use crate::diagnose;
use crate::error::{ErrorKind, ParseError};
use crate::parse;
use crate::path;
use crate::percent;
use crate::query::{self, AsQueryPair, Coding};
use crate::recompose::{AuthorityText, Components};
use crate::reference::Reference;
use crate::role::Role;
#[cfg(feature = "iri")]
use crate::spec::Rfc3987;
use crate::spec::{Rfc3986, Spec};
use crate::syntax::Syntax;

/// Builds a reference from its components: [`Reference::builder`]. Use it
/// as [`UriBuilder`], or [`IriBuilder`](https://docs.rs/rfc3986/latest/rfc3986/type.IriBuilder.html) for an IRI.
///
/// Each component can be given as text, as it appears in a URI (`path`,
/// `query`, ...: percent-encodings are kept, and the text must already be
/// valid for its component), or decoded (`path_segments`,
/// `query_decoded`, ...: every character that the component may not hold
/// as it is, `%` included, is percent-encoded, with exactly the characters
/// that component's ABNF rule allows left as they are).
///
/// [`build`](Self::build) checks each component against its rule of the
/// grammar (the grammar is the judge), then writes the text once, with
/// the disambiguation rules of RFC 3986 sections 3 and 4.2 applied so that
/// the text means what the components say:
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
/// # Ok::<(), rfc3986::Error>(())
/// ```
#[must_use = "a builder does nothing until `build` is called"]
pub struct Builder<X> {
    /// The grammar the components are checked against and encoded for:
    /// the URI's, or the IRI's.
    syntax: &'static Syntax,
    spec: PhantomData<fn() -> X>,
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

/// Builds a URI reference from its components: [`Uri::builder`](crate::Uri).
pub type UriBuilder = Builder<Rfc3986>;

/// Builds an IRI reference from its components: [`Builder`] with RFC 3987's
/// grammar. A component given as text may hold the characters of `ucschar`
/// (and `iprivate` in the query) as they are; decoded input keeps them and
/// percent-encodes only what no IRI component may hold.
///
/// ```
/// use rfc3986::Iri;
///
/// let iri = Iri::builder()
///     .scheme("https")
///     .host_decoded("例え.jp")
///     .path_segments(["", "パス", "a b"])
///     .query_pairs([("q", "値")])
///     .build()?;
/// assert_eq!(iri.as_str(), "https://例え.jp/パス/a%20b?q=値");
/// # Ok::<(), rfc3986::Error>(())
/// ```
#[cfg(feature = "iri")]
#[cfg_attr(docsrs, doc(cfg(feature = "iri")))]
pub type IriBuilder = Builder<Rfc3987>;

impl<X> Clone for Builder<X> {
    fn clone(&self) -> Self {
        Builder {
            syntax: self.syntax,
            spec: PhantomData,
            scheme: self.scheme.clone(),
            userinfo: self.userinfo.clone(),
            host: self.host.clone(),
            port: self.port.clone(),
            path: self.path.clone(),
            query: self.query.clone(),
            fragment: self.fragment.clone(),
        }
    }
}

impl<X: Spec> Default for Builder<X> {
    fn default() -> Builder<X> {
        Builder {
            syntax: X::syntax(),
            spec: PhantomData,
            scheme: None,
            userinfo: None,
            host: None,
            port: None,
            path: PathInput::default(),
            query: None,
            fragment: None,
        }
    }
}

impl<X: Spec> Builder<X> {
    /// A builder with every component undefined and an empty path; the same
    /// as [`Reference::builder`].
    ///
    /// ```
    /// use rfc3986::UriBuilder;
    ///
    /// let uri = UriBuilder::new().path("/a").build()?;
    /// assert_eq!(uri.as_str(), "/a");
    /// assert_eq!(UriBuilder::new().build()?.as_str(), "");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn new() -> Builder<X> {
        Builder::default()
    }

    /// The scheme, without its `:`. Schemes have no percent-encoding; the
    /// text must be a scheme (a letter, then letters, digits, `+`, `-`,
    /// `.`).
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// assert_eq!(Uri::builder().scheme("urn").path("isbn:1").build()?.as_str(), "urn:isbn:1");
    /// assert!(Uri::builder().scheme("a b").build().is_err());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn scheme(mut self, scheme: &str) -> Builder<X> {
        self.scheme = Some(scheme.to_owned());
        self
    }

    /// The userinfo as written (percent-encoded), without its `@`.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::builder().scheme("ftp").userinfo("jo%40home").host("h").build()?;
    /// assert_eq!(uri.as_str(), "ftp://jo%40home@h");
    /// assert!(Uri::builder().scheme("ftp").userinfo("jo@home").host("h").build().is_err());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn userinfo(mut self, userinfo: &str) -> Builder<X> {
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
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn userinfo_decoded(mut self, userinfo: &str) -> Builder<X> {
        self.userinfo = Some(percent::encode(userinfo, &self.syntax.userinfo).into_owned());
        self
    }

    /// The host as written: a registered name (percent-encoded), an IPv4
    /// address, or an IP literal with its brackets (`[2001:db8::7]`,
    /// `[v1.x]`). The empty host gives an empty authority (`file:///a`).
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::builder().scheme("http").host("[2001:db8::7]").path("/a").build()?;
    /// assert_eq!(uri.as_str(), "http://[2001:db8::7]/a");
    /// assert_eq!(Uri::builder().scheme("file").host("").path("/etc").build()?.as_str(), "file:///etc");
    /// assert!(Uri::builder().scheme("http").host("a/b").build().is_err());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn host(mut self, host: &str) -> Builder<X> {
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
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn host_decoded(mut self, name: &str) -> Builder<X> {
        self.host = Some(percent::encode(name, &self.syntax.reg_name).into_owned());
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
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn host_ip(mut self, address: impl Into<IpAddr>) -> Builder<X> {
        self.host = Some(match address.into() {
            IpAddr::V4(v4) => alloc::format!("{v4}"),
            IpAddr::V6(v6) => alloc::format!("[{v6}]"),
        });
        self
    }

    /// The host, typed, as [`Reference::host`] gives it. An IPv6 host
    /// with a zone ([`Host::Ipv6Zoned`], which only a grammar that
    /// extends `IP-literal` reads) is written as RFC 6874 writes it, and
    /// [`build`](Self::build) refuses it: RFC 3986's `host` has no zone.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let from = Uri::parse("ldap://[v1.x]/c=GB")?;
    /// let uri = Uri::builder().scheme("http").host_typed(from.host().unwrap()).build()?;
    /// assert_eq!(uri.as_str(), "http://[v1.x]");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn host_typed(mut self, host: Host<'_>) -> Builder<X> {
        self.host = Some(match host {
            Host::Ipv4(v4) => alloc::format!("{v4}"),
            Host::Ipv6(v6) => alloc::format!("[{v6}]"),
            // RFC 3986 has no zones: `build` refuses it, as the host's
            // rule does not match it.
            Host::Ipv6Zoned { address, zone } => alloc::format!("[{address}%25{zone}]"),
            Host::IpvFuture { version, address } => alloc::format!("[v{version}.{address}]"),
            Host::RegName(name) => (*name).to_owned(),
        });
        self
    }

    /// The port number.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::builder().scheme("http").host("h").port(8080).build()?;
    /// assert_eq!(uri.as_str(), "http://h:8080");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn port(mut self, port: u16) -> Builder<X> {
        self.port = Some(port_text(port));
        self
    }

    /// The port as written: digits, or the empty string for an empty port
    /// (`http://example.com:/`).
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// assert_eq!(Uri::builder().host("h").port_str("").build()?.as_str(), "//h:");
    /// assert_eq!(Uri::builder().host("h").port_str("080").build()?.port(), Some(80));
    /// assert!(Uri::builder().host("h").port_str("http").build().is_err());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn port_str(mut self, port: &str) -> Builder<X> {
        self.port = Some(port.to_owned());
        self
    }

    /// The path as written (percent-encoded). It must be empty or start
    /// with `/` when there is an authority.
    ///
    /// ```
    /// use rfc3986::{BuildError, Uri};
    ///
    /// let uri = Uri::builder().scheme("http").host("h").path("/a%20b/c").build()?;
    /// assert_eq!(uri.as_str(), "http://h/a%20b/c");
    /// let err = Uri::builder().host("h").path("a").build().unwrap_err();
    /// assert_eq!(err, BuildError::RootlessPathWithAuthority);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn path(mut self, path: &str) -> Builder<X> {
        self.path = PathInput::Text(path.to_owned());
        self
    }

    /// The path as its segments, decoded, in the form
    /// [`Reference::path_segments`](crate::Reference::path_segments) gives them: joined with `/`, so an absolute
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
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn path_segments<I, S>(mut self, segments: I) -> Builder<X>
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

    /// The path, decoded: split at each `/`, and each segment
    /// percent-encoded as [`path_segments`](Self::path_segments) encodes
    /// it (everything but `pchar` is encoded; in a relative reference the
    /// first segment's `:` too). A `/` is a separator; a segment that must
    /// hold one needs `path_segments`. With an authority the path must be
    /// empty or start with `/`, as for [`path`](Self::path).
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::builder().scheme("https").host("h").path_decoded("/new path/ü").build()?;
    /// assert_eq!(uri.as_str(), "https://h/new%20path/%C3%BC");
    /// assert_eq!(Uri::builder().path_decoded("a:b/c").build()?.as_str(), "a%3Ab/c");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn path_decoded(mut self, path: &str) -> Builder<X> {
        self.path = PathInput::Segments(path.split('/').map(ToOwned::to_owned).collect());
        self
    }

    /// The query as written (percent-encoded), without its `?`.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// assert_eq!(Uri::builder().path("/s").query("q=a+b&x=%26").build()?.as_str(), "/s?q=a+b&x=%26");
    /// assert_eq!(Uri::builder().query("").build()?.as_str(), "?");
    /// assert!(Uri::builder().query("a#b").build().is_err());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn query(mut self, query: &str) -> Builder<X> {
        self.query = Some(query.to_owned());
        self
    }

    /// The query, decoded: everything but `pchar`, `/` and `?` is
    /// percent-encoded. `&` and `=` are left as they are; to give
    /// name-value pairs whose text may hold them, use
    /// [`query_pairs`](Self::query_pairs).
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::builder().path("/s").query_decoded("a b&c=d#e").build()?;
    /// assert_eq!(uri.as_str(), "/s?a%20b&c=d%23e");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn query_decoded(mut self, query: &str) -> Builder<X> {
        self.query = Some(percent::encode(query, &self.syntax.query).into_owned());
        self
    }

    /// The query as `name=value` pairs joined with `&`, each name and value
    /// decoded: everything but `pchar`, `/` and `?` is percent-encoded, and
    /// so are `&`, `=` and `+` ([`Component::QueryPair`]), so that
    /// [`Reference::query_pairs`](crate::Reference::query_pairs) gives the pairs back and a reader that takes `+`
    /// for a space (HTML forms) does not misread one.
    ///
    /// The pairs are tuples of strings or references to them
    /// ([`AsQueryPair`](crate::AsQueryPair)): an array or iterator of
    /// `(&str, &str)`, a `&[(String, String)]`, a map's iterator.
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use rfc3986::Uri;
    ///
    /// let owned = vec![("q".to_string(), "1+1=2".to_string())];
    /// let uri = Uri::builder().query_pairs(&owned).build()?;
    /// assert_eq!(uri.as_str(), "?q=1%2B1%3D2");
    ///
    /// let map = BTreeMap::from([("a", "x y"), ("b", "&")]);
    /// let uri = Uri::builder().query_pairs(&map).build()?;
    /// assert_eq!(uri.as_str(), "?a=x%20y&b=%26");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn query_pairs<I>(self, pairs: I) -> Builder<X>
    where
        I: IntoIterator,
        I::Item: AsQueryPair,
    {
        self.pairs(pairs, Coding::Percent)
    }

    /// The query as `name=value` pairs joined with `&`, each name and value
    /// decoded and encoded as an HTML form encodes it
    /// (`application/x-www-form-urlencoded`): a space is `+`, and
    /// everything but the ASCII alphanumerics, `*`, `-`, `.` and `_` is
    /// percent-encoded, as the WHATWG URL standard's serializer and `url`'s
    /// `form_urlencoded::Serializer` write it (in an IRI, characters above
    /// ASCII that `iquery` takes stay as they are). The text is always a
    /// valid query: see
    /// [`Reference::append_form_pair`](crate::Reference::append_form_pair).
    /// [`Reference::form_pairs`](crate::Reference::form_pairs) reads the
    /// pairs back; [`query_pairs`](Self::query_pairs) encodes a space as
    /// `%20` instead, for readers that do not take `+` for one.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::builder()
    ///     .scheme("https")
    ///     .host("example.com")
    ///     .path("/search")
    ///     .form_pairs([("q", "rust book!"), ("sum", "1+1")])
    ///     .build()?;
    /// assert_eq!(uri.as_str(), "https://example.com/search?q=rust+book%21&sum=1%2B1");
    /// let pairs: Vec<_> = uri.form_pairs().collect();
    /// assert_eq!(pairs, [("q".into(), "rust book!".into()), ("sum".into(), "1+1".into())]);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn form_pairs<I>(self, pairs: I) -> Builder<X>
    where
        I: IntoIterator,
        I::Item: AsQueryPair,
    {
        self.pairs(pairs, Coding::Form)
    }

    /// The builder with the query `pairs` joined with `&`, each encoded
    /// with `coding`.
    fn pairs<I>(mut self, pairs: I, coding: Coding) -> Builder<X>
    where
        I: IntoIterator,
        I::Item: AsQueryPair,
    {
        let mut query = String::new();
        for (i, pair) in pairs.into_iter().enumerate() {
            if i > 0 {
                query.push('&');
            }
            coding.push_pair(&mut query, self.syntax, pair.name(), pair.value());
        }
        self.query = Some(query);
        self
    }

    /// Adds the pair `name=value`, both decoded, at the end of the query
    /// given so far (a builder without one gets one), as
    /// [`Reference::append_query_pair`](crate::Reference::append_query_pair)
    /// adds it: percent-encoded, `&`, `=` and `+` included.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::builder().path("/s").append_query_pair("q", "a+b").append_query_pair("n", "1").build()?;
    /// assert_eq!(uri.as_str(), "/s?q=a%2Bb&n=1");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn append_query_pair(self, name: &str, value: &str) -> Builder<X> {
        self.edit_query(|query, syntax| {
            Some(query::appended(query, syntax, Coding::Percent, name, value))
        })
    }

    /// Sets the value of the pair named `name` in the query given so far,
    /// as [`Reference::set_query_pair`](crate::Reference::set_query_pair)
    /// does: the first such pair gets `value`, later ones go; without one,
    /// the pair is appended.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::builder().query("page=1&q=x&page=2").set_query_pair("page", "3").build()?;
    /// assert_eq!(uri.as_str(), "?page=3&q=x");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn set_query_pair(self, name: &str, value: &str) -> Builder<X> {
        self.edit_query(|query, syntax| {
            Some(query::with_pair_set(
                query,
                syntax,
                Coding::Percent,
                name,
                value,
            ))
        })
    }

    /// Removes every pair named `name` from the query given so far, as
    /// [`Reference::remove_query_pairs`](crate::Reference::remove_query_pairs)
    /// does; when no pair is left, the query goes.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::builder().path("/a").query("utm=x&q=1").remove_query_pairs("utm").build()?;
    /// assert_eq!(uri.as_str(), "/a?q=1");
    /// let uri = Uri::builder().path("/a").query("utm=x").remove_query_pairs("utm").build()?;
    /// assert_eq!(uri.as_str(), "/a");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn remove_query_pairs(self, name: &str) -> Builder<X> {
        self.remove_pairs(Coding::Percent, name)
    }

    /// Adds the pair `name=value`, both decoded, at the end of the query
    /// given so far (a builder without one gets one), encoded as an HTML
    /// form encodes it, as
    /// [`Reference::append_form_pair`](crate::Reference::append_form_pair)
    /// adds it.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::builder().path("/s").append_form_pair("q", "rust book!").build()?;
    /// assert_eq!(uri.as_str(), "/s?q=rust+book%21");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn append_form_pair(self, name: &str, value: &str) -> Builder<X> {
        self.edit_query(|query, syntax| {
            Some(query::appended(query, syntax, Coding::Form, name, value))
        })
    }

    /// Sets the value of the pair named `name` in the query given so far,
    /// read and written as an HTML form's, as
    /// [`Reference::set_form_pair`](crate::Reference::set_form_pair) does.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::builder().query("first+name=Jo&n=1").set_form_pair("first name", "Ada L").build()?;
    /// assert_eq!(uri.as_str(), "?first+name=Ada+L&n=1");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn set_form_pair(self, name: &str, value: &str) -> Builder<X> {
        self.edit_query(|query, syntax| {
            Some(query::with_pair_set(
                query,
                syntax,
                Coding::Form,
                name,
                value,
            ))
        })
    }

    /// Removes every pair named `name`, its name read as an HTML form's
    /// (`+` is a space), from the query given so far, as
    /// [`Reference::remove_form_pair`](crate::Reference::remove_form_pair)
    /// does; when no pair is left, the query goes.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::builder().path("/a").query("utm+source=x&q=1").remove_form_pair("utm source").build()?;
    /// assert_eq!(uri.as_str(), "/a?q=1");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn remove_form_pair(self, name: &str) -> Builder<X> {
        self.remove_pairs(Coding::Form, name)
    }

    /// Removes the pairs named `name` in `coding` from the query.
    fn remove_pairs(self, coding: Coding, name: &str) -> Builder<X> {
        self.edit_query(|query, _| {
            let query = query?;
            match query::without_pairs(query, coding, name) {
                (0, _) => Some(query.to_owned()),
                (_, new) => new,
            }
        })
    }

    /// The builder with the query that `edit` makes of the one given so
    /// far (`None`: none).
    fn edit_query(
        mut self,
        edit: impl FnOnce(Option<&str>, &Syntax) -> Option<String>,
    ) -> Builder<X> {
        self.query = edit(self.query.as_deref(), self.syntax);
        self
    }

    /// The fragment as written (percent-encoded), without its `#`.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// assert_eq!(Uri::builder().path("/a").fragment("sec%202").build()?.as_str(), "/a#sec%202");
    /// assert!(Uri::builder().fragment("a#b").build().is_err());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn fragment(mut self, fragment: &str) -> Builder<X> {
        self.fragment = Some(fragment.to_owned());
        self
    }

    /// The fragment, decoded: everything but `pchar`, `/` and `?` is
    /// percent-encoded.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::builder().path("/a").fragment_decoded("section 2#b").build()?;
    /// assert_eq!(uri.as_str(), "/a#section%202%23b");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn fragment_decoded(mut self, fragment: &str) -> Builder<X> {
        self.fragment = Some(percent::encode(fragment, &self.syntax.fragment).into_owned());
        self
    }

    /// Checks each component against its rule and writes the URI
    /// reference.
    ///
    /// # Errors
    ///
    /// A [`BuildError`] that names the component at fault, or the rule
    /// that the components break together.
    ///
    /// ```
    /// use rfc3986::{BuildError, Component, Uri};
    ///
    /// let builder = Uri::builder().scheme("https").host("example.com").path("/a");
    /// assert_eq!(builder.build()?.as_str(), "https://example.com/a");
    /// // The builder is kept: build again, or change it first.
    /// assert_eq!(builder.clone().query("q").build()?.as_str(), "https://example.com/a?q");
    ///
    /// let err = Uri::builder().scheme("https").host("exa mple.com").build().unwrap_err();
    /// assert!(matches!(err, BuildError::Invalid { component: Component::Host, .. }));
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn build(&self) -> Result<Reference<X, String>, BuildError> {
        let syntax = self.syntax;
        let has_authority = self.host.is_some();
        check_authority(has_authority, self.userinfo.is_some(), self.port.is_some())?;
        if let Some(scheme) = &self.scheme {
            check(syntax, Component::Scheme, Role::Scheme, scheme)?;
        }
        if let Some(userinfo) = &self.userinfo {
            check(syntax, Component::Userinfo, Role::Userinfo, userinfo)?;
        }
        let kind = self
            .host
            .as_deref()
            .map(|host| check_host(syntax, host))
            .transpose()?;
        let port_value = self
            .port
            .as_deref()
            .map(|port| check_port(syntax, port))
            .transpose()?;
        let encoded;
        let path = match &self.path {
            PathInput::Text(path) => {
                check_path(syntax, path)?;
                path.as_str()
            }
            PathInput::Segments(segments) => {
                let relative = self.scheme.is_none() && !has_authority;
                encoded = encode_segments(syntax, segments.iter().map(String::as_str), relative);
                encoded.as_str()
            }
        };
        if let Some(query) = &self.query {
            check(syntax, Component::Query, Role::Query, query)?;
        }
        if let Some(fragment) = &self.fragment {
            check(syntax, Component::Fragment, Role::Fragment, fragment)?;
        }
        check_path_after_authority(has_authority, path)?;

        let authority = match (&self.host, kind) {
            (Some(host), Some(kind)) => Some(AuthorityText {
                userinfo: self.userinfo.as_deref(),
                host,
                kind: Some(kind),
                zone: None,
                port: self.port.as_deref(),
                port_value: port_value.flatten(),
            }),
            _ => None,
        };
        Ok(Components {
            scheme: self.scheme.as_deref(),
            authority,
            path,
            query: self.query.as_deref(),
            fragment: self.fragment.as_deref(),
        }
        .write())
    }
}

impl<X> fmt::Debug for Builder<X> {
    /// Shows the components, with any password in the userinfo replaced by
    /// `***` (RFC 3986 section 3.2.1).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct(self.syntax.builder)
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

/// Checks that `rule` of `syntax`'s grammar matches all of `text`, the text
/// given for `component`.
fn check(syntax: &Syntax, component: Component, rule: Role, text: &str) -> Result<(), BuildError> {
    diagnose::component(syntax, component, rule, text)
        .map_err(|source| BuildError::Invalid { component, source })
}

/// The combinations of authority subcomponents that no URI can have: a
/// userinfo or port without a host (section 3.2).
fn check_authority(has_host: bool, has_userinfo: bool, has_port: bool) -> Result<(), BuildError> {
    if !has_host && has_userinfo {
        return Err(BuildError::UserinfoWithoutHost);
    }
    if !has_host && has_port {
        return Err(BuildError::PortWithoutHost);
    }
    Ok(())
}

/// After an authority, the path is empty or starts with `/` (section 3.3).
fn check_path_after_authority(has_authority: bool, path: &str) -> Result<(), BuildError> {
    if has_authority && !path.is_empty() && !path.starts_with('/') {
        return Err(BuildError::RootlessPathWithAuthority);
    }
    Ok(())
}

/// Checks a path given as text: `path-abempty` when it starts with `/`,
/// `path-rootless` otherwise (where it stands decides the rest).
fn check_path(syntax: &Syntax, path: &str) -> Result<(), BuildError> {
    if path.starts_with('/') {
        check(syntax, Component::Path, Role::PathAbempty, path)
    } else if !path.is_empty() {
        check(syntax, Component::Path, Role::PathRootless, path)
    } else {
        Ok(())
    }
}

/// Checks a port given as text, and gives its value: `None` for the empty
/// port. The grammar takes any number of digits; a port is a `u16`.
fn check_port(syntax: &Syntax, port: &str) -> Result<Option<u16>, BuildError> {
    check(syntax, Component::Port, Role::Port, port)?;
    // The grammar took only digits.
    port_value(port.as_bytes()).map_err(|_| BuildError::Invalid {
        component: Component::Port,
        source: ParseError::port_range(port, 0),
    })
}

/// Checks that `host` is a whole host of `syntax`'s grammar, and gives its
/// type: the grammar's `host` (`ihost`) rule, through the compiled parser;
/// a host that is an IP address is one in both grammars, and any other is
/// a registered name. On failure only: an IPv6 address without its
/// brackets is said to need them; otherwise `//host` is parsed as a
/// reference so that an IP literal gets the diagnosis of a parse, and a
/// host that parses there but does not end the authority (or whose parse
/// fails past it, in what would be a port) holds a delimiter, which is
/// where it stops being a host.
fn check_host(syntax: &'static Syntax, host: &str) -> Result<HostKind, BuildError> {
    if let Some(kind) = parse::parse_host_kind(host) {
        return Ok(kind);
    }
    if (syntax.matches)(Role::Host, host) == Some(host.len()) {
        return Ok(HostKind::RegName);
    }
    let invalid = |source| BuildError::Invalid {
        component: Component::Host,
        source,
    };
    if (syntax.matches)(Role::Ipv6Address, host) == Some(host.len()) {
        return Err(invalid(ParseError::new(
            ErrorKind::Host,
            host,
            0,
            r#""[" (an IPv6 address is written in brackets)"#,
        )));
    }
    let source = diagnose::host(syntax, host);
    Err(invalid(source))
}

/// Joins `segments` (decoded) with `/`, each percent-encoded as a
/// `segment`, the first as a `segment-nz-nc` (no `:`) in a relative
/// reference.
fn encode_segments<'a>(
    syntax: &Syntax,
    segments: impl IntoIterator<Item = &'a str>,
    relative: bool,
) -> String {
    let mut path = String::new();
    for (i, segment) in segments.into_iter().enumerate() {
        if i > 0 {
            path.push('/');
        }
        path::push_segment(&mut path, syntax, segment, i == 0 && relative);
    }
    path
}

/// Checks a path segment given as text: a `segment` of `syntax`'s
/// grammar, which holds no `/`. The grammar's `path-rootless` matches a
/// segment that is not empty whole, and the text up to the first `/`
/// says whether the error is that `/` or a byte before it.
fn check_segment(syntax: &Syntax, segment: &str) -> Result<(), BuildError> {
    let slash = segment.find('/');
    let before = &segment[..slash.unwrap_or(segment.len())];
    if !before.is_empty() && (syntax.matches)(Role::PathRootless, before) != Some(before.len()) {
        // The whole segment fails where `before` does: no `/` comes first.
        return check(syntax, Component::PathSegment, Role::PathRootless, segment);
    }
    match slash {
        None => Ok(()),
        Some(at) => Err(BuildError::Invalid {
            component: Component::PathSegment,
            source: ParseError::new(ErrorKind::Path, segment, at, "pchar"),
        }),
    }
}
