//! The builder's entry points on [`Uri`], and the setters, which change
//! one component: the new component is checked against its rule, the
//! others are copied as they are, and the text is written once.

use alloc::borrow::ToOwned;

use super::{
    check, check_authority, check_host, check_path, check_path_after_authority, port_text,
    BuildError, Component, PathInput, UriBuilder,
};
use crate::authority::Authority;
use crate::grammar::RfcRule;
use crate::recompose::{AuthorityText, Components};
use crate::syntax::{self, Syntax};
use crate::uri::Uri;

/// `uri` written again with the components that `change` makes of its
/// own.
pub(super) fn rewrite<'a>(uri: &'a Uri, change: impl FnOnce(&mut Components<'a>)) -> Uri {
    let mut components = Components::of(uri);
    change(&mut components);
    components.write()
}

impl Uri {
    /// A builder for a URI reference, with every component undefined and an
    /// empty path. See [`UriBuilder`].
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::builder().scheme("mailto").path("a@example.com").build()?;
    /// assert_eq!(uri.as_str(), "mailto:a@example.com");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
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
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn to_builder(&self) -> UriBuilder {
        self.to_builder_as(&syntax::URI)
    }

    /// A builder for references of `syntax` holding this reference's
    /// components.
    pub(crate) fn to_builder_as(&self, syntax: &'static Syntax) -> UriBuilder {
        UriBuilder {
            syntax,
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
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn set_scheme(&mut self, scheme: Option<&str>) -> Result<(), BuildError> {
        self.set_scheme_as(&syntax::URI, scheme)
    }

    /// Sets the userinfo, as written (percent-encoded), without its `@`.
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] when `userinfo` is not a userinfo (an `@`, a
    /// `/`, ...); [`BuildError::UserinfoWithoutHost`] when there is no host.
    ///
    /// ```
    /// use rfc3986::{BuildError, Uri};
    ///
    /// let mut uri = Uri::parse("ftp://h/pub")?;
    /// uri.set_userinfo(Some("anonymous"))?;
    /// assert_eq!(uri.as_str(), "ftp://anonymous@h/pub");
    /// uri.set_userinfo(None)?;
    /// assert_eq!(uri.as_str(), "ftp://h/pub");
    /// assert!(uri.set_userinfo(Some("a@b")).is_err());
    /// let mut no_host = Uri::parse("/pub")?;
    /// assert_eq!(no_host.set_userinfo(Some("a")), Err(BuildError::UserinfoWithoutHost));
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn set_userinfo(&mut self, userinfo: Option<&str>) -> Result<(), BuildError> {
        self.set_userinfo_as(&syntax::URI, userinfo)
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
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn set_host(&mut self, host: Option<&str>) -> Result<(), BuildError> {
        self.set_host_as(&syntax::URI, host)
    }

    /// Sets the port; `None` removes it, with its `:`.
    ///
    /// # Errors
    ///
    /// [`BuildError::PortWithoutHost`] when there is no host.
    ///
    /// ```
    /// use rfc3986::{BuildError, Uri};
    ///
    /// let mut uri = Uri::parse("http://h:80/a")?;
    /// uri.set_port(Some(8080))?;
    /// assert_eq!(uri.as_str(), "http://h:8080/a");
    /// uri.set_port(None)?;
    /// assert_eq!(uri.as_str(), "http://h/a");
    /// assert_eq!(Uri::parse("/a")?.set_port(Some(80)), Err(BuildError::PortWithoutHost));
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn set_port(&mut self, port: Option<u16>) -> Result<(), BuildError> {
        check_authority(self.authority().is_some(), false, port.is_some())?;
        let text = port.map(port_text);
        *self = rewrite(self, |c| {
            if let Some(authority) = &mut c.authority {
                authority.port = text.as_deref();
                authority.port_value = port;
            }
        });
        Ok(())
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
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn set_path(&mut self, path: &str) -> Result<(), BuildError> {
        self.set_path_as(&syntax::URI, path)
    }

    /// Sets the query, as written (percent-encoded), without its `?`;
    /// `None` removes it.
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] when `query` is not a query (it holds `#`,
    /// say).
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let mut uri = Uri::parse("http://h/a#f")?;
    /// uri.set_query(Some("q=1"))?;
    /// assert_eq!(uri.as_str(), "http://h/a?q=1#f");
    /// uri.set_query(Some(""))?;
    /// assert_eq!(uri.as_str(), "http://h/a?#f");
    /// uri.set_query(None)?;
    /// assert_eq!(uri.as_str(), "http://h/a#f");
    /// assert!(uri.set_query(Some("a b")).is_err());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn set_query(&mut self, query: Option<&str>) -> Result<(), BuildError> {
        self.set_query_as(&syntax::URI, query)
    }

    /// Sets the fragment, as written (percent-encoded), without its `#`;
    /// `None` removes it.
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] when `fragment` is not a fragment (it holds
    /// a second `#`, say).
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let mut uri = Uri::parse("http://h/a?q")?;
    /// uri.set_fragment(Some("top"))?;
    /// assert_eq!(uri.as_str(), "http://h/a?q#top");
    /// uri.set_fragment(None)?;
    /// assert_eq!(uri.as_str(), "http://h/a?q");
    /// assert!(uri.set_fragment(Some("a#b")).is_err());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn set_fragment(&mut self, fragment: Option<&str>) -> Result<(), BuildError> {
        self.set_fragment_as(&syntax::URI, fragment)
    }
}

/// The setters, for references of either grammar: [`Iri`](crate::Iri)'s
/// call them with the IRI's.
impl Uri {
    pub(crate) fn set_scheme_as(
        &mut self,
        syntax: &'static Syntax,
        scheme: Option<&str>,
    ) -> Result<(), BuildError> {
        if let Some(scheme) = scheme {
            check(syntax, Component::Scheme, RfcRule::Scheme, scheme)?;
        }
        *self = rewrite(self, |c| {
            c.scheme = scheme;
        });
        Ok(())
    }

    pub(crate) fn set_userinfo_as(
        &mut self,
        syntax: &'static Syntax,
        userinfo: Option<&str>,
    ) -> Result<(), BuildError> {
        check_authority(self.authority().is_some(), userinfo.is_some(), false)?;
        if let Some(userinfo) = userinfo {
            check(syntax, Component::Userinfo, RfcRule::Userinfo, userinfo)?;
        }
        *self = rewrite(self, |c| {
            if let Some(authority) = &mut c.authority {
                authority.userinfo = userinfo;
            }
        });
        Ok(())
    }

    pub(crate) fn set_host_as(
        &mut self,
        syntax: &'static Syntax,
        host: Option<&str>,
    ) -> Result<(), BuildError> {
        let Some(host) = host else {
            let authority = self.authority();
            check_authority(
                false,
                authority.is_some_and(|a| a.userinfo().is_some()),
                authority.is_some_and(Authority::has_port),
            )?;
            *self = rewrite(self, |c| {
                c.authority = None;
            });
            return Ok(());
        };
        let typed = check_host(syntax, host)?;
        check_path_after_authority(true, self.path())?;
        *self = rewrite(self, |c| match &mut c.authority {
            Some(authority) => {
                authority.host = host;
                authority.typed = typed;
            }
            None => {
                c.authority = Some(AuthorityText {
                    userinfo: None,
                    host,
                    typed,
                    port: None,
                    port_value: None,
                });
            }
        });
        Ok(())
    }

    pub(crate) fn set_path_as(
        &mut self,
        syntax: &'static Syntax,
        path: &str,
    ) -> Result<(), BuildError> {
        check_path(syntax, path)?;
        check_path_after_authority(self.authority().is_some(), path)?;
        *self = rewrite(self, |c| {
            c.path = path;
        });
        Ok(())
    }

    pub(crate) fn set_query_as(
        &mut self,
        syntax: &'static Syntax,
        query: Option<&str>,
    ) -> Result<(), BuildError> {
        if let Some(query) = query {
            check(syntax, Component::Query, RfcRule::Query, query)?;
        }
        *self = rewrite(self, |c| {
            c.query = query;
        });
        Ok(())
    }

    pub(crate) fn set_fragment_as(
        &mut self,
        syntax: &'static Syntax,
        fragment: Option<&str>,
    ) -> Result<(), BuildError> {
        if let Some(fragment) = fragment {
            check(syntax, Component::Fragment, RfcRule::Fragment, fragment)?;
        }
        *self = rewrite(self, |c| {
            c.fragment = fragment;
        });
        Ok(())
    }
}
