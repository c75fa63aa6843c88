//! The builder's entry points on [`Uri`], and the setters, which change
//! one component: the new component is checked against its rule, the
//! others are copied as they are, and the text is written once.

use alloc::borrow::ToOwned;
use alloc::string::String;
use core::marker::PhantomData;

use super::{
    check, check_authority, check_host, check_path, check_path_after_authority, encode_segments,
    port_text, BuildError, Builder, Component, PathInput,
};
use crate::percent;
use crate::recompose::{AuthorityText, Components};
use crate::reference::{Absolute, Owned, Reference, Storage};
use crate::role::Role;
use crate::spec::Spec;

/// `reference` written again with the components that `change` makes of
/// its own; the caller puts it in the reference's place
/// ([`Reference::replace_with`]).
pub(super) fn rewrite<'a, X: Spec, S: Storage>(
    reference: &'a Reference<X, S>,
    change: impl FnOnce(&mut Components<'a>),
) -> Reference<X, String> {
    let mut components = Components::of(reference);
    change(&mut components);
    components.write::<X>()
}

impl<X: Spec> Reference<X, String> {
    /// A builder for a reference of this grammar, with every component
    /// undefined and an empty path. See [`Builder`].
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::builder().scheme("mailto").path("a@example.com").build()?;
    /// assert_eq!(uri.as_str(), "mailto:a@example.com");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn builder() -> Builder<X> {
        Builder::default()
    }
}

impl<X: Spec, S: Storage> Reference<X, S> {
    /// A builder holding this reference's components as they are written,
    /// to change some and build a new one.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::parse("http://example.com/a?q")?;
    /// let changed = uri.to_builder().path_segments(["", "a b"]).build()?;
    /// assert_eq!(changed.as_str(), "http://example.com/a%20b?q");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn to_builder(&self) -> Builder<X> {
        Builder {
            syntax: X::syntax(),
            spec: PhantomData,
            scheme: self.scheme().map(ToOwned::to_owned),
            userinfo: self.userinfo().map(ToOwned::to_owned),
            host: self.host_str().map(ToOwned::to_owned),
            port: self.port_str().map(ToOwned::to_owned),
            path: PathInput::Text(self.path().to_owned()),
            query: self.query().map(ToOwned::to_owned),
            fragment: self.fragment().map(ToOwned::to_owned),
        }
    }
}

/// The setters, on a reference whose text is owned ([`Owned`]): each
/// checks the new component against its rule of the reference's grammar,
/// then writes the text once, every other component as it was.
//
// The bound `S: Owned` is on each method, not on the impl, here and for
// every edit: a call on a `Uri<&str>` is then error E0277, which shows the
// message of `Owned` (that a `Uri<&str>` borrows its text, and that
// `to_owned()` gives a `Uri`); with the bound on the impl it would be
// E0599, which shows no message of the trait's. Callers see no other
// difference.
impl<X: Spec, S: Storage> Reference<X, S> {
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
    /// let mut uri: Uri = "urn:isbn:0451450523".parse()?;
    /// uri.set_scheme(None)?;
    /// assert_eq!(uri.as_str(), "./isbn:0451450523");
    /// assert!(uri.set_scheme(Some("1http")).is_err());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn set_scheme(&mut self, scheme: Option<&str>) -> Result<(), BuildError>
    where
        S: Owned,
    {
        let syntax = X::syntax();
        if let Some(scheme) = scheme {
            check(syntax, Component::Scheme, Role::Scheme, scheme)?;
        }
        let rewritten = rewrite(self, |c| {
            c.scheme = scheme;
        });
        self.replace_with(rewritten);
        Ok(())
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
    /// let mut uri: Uri = "ftp://h/pub".parse()?;
    /// uri.set_userinfo(Some("anonymous"))?;
    /// assert_eq!(uri.as_str(), "ftp://anonymous@h/pub");
    /// uri.set_userinfo(None)?;
    /// assert_eq!(uri.as_str(), "ftp://h/pub");
    /// assert!(uri.set_userinfo(Some("a@b")).is_err());
    /// let mut no_host: Uri = "/pub".parse()?;
    /// assert_eq!(no_host.set_userinfo(Some("a")), Err(BuildError::UserinfoWithoutHost));
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn set_userinfo(&mut self, userinfo: Option<&str>) -> Result<(), BuildError>
    where
        S: Owned,
    {
        let syntax = X::syntax();
        check_authority(self.authority().is_some(), userinfo.is_some(), false)?;
        if let Some(userinfo) = userinfo {
            check(syntax, Component::Userinfo, Role::Userinfo, userinfo)?;
        }
        let rewritten = rewrite(self, |c| {
            if let Some(authority) = &mut c.authority {
                authority.userinfo = userinfo;
            }
        });
        self.replace_with(rewritten);
        Ok(())
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
    /// let mut uri: Uri = "http://example.com/path".parse()?;
    /// uri.set_host(Some("[2001:db8::7]"))?;
    /// assert_eq!(uri.as_str(), "http://[2001:db8::7]/path");
    /// assert!(uri.set_host(Some("evil.com/x")).is_err());
    /// assert!(uri.set_host(Some("evil.com@good.com")).is_err());
    /// assert_eq!(uri.as_str(), "http://[2001:db8::7]/path");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn set_host(&mut self, host: Option<&str>) -> Result<(), BuildError>
    where
        S: Owned,
    {
        let syntax = X::syntax();
        let Some(host) = host else {
            let authority = self.authority();
            check_authority(
                false,
                authority.is_some_and(|a| a.userinfo().is_some()),
                authority.is_some_and(|a| a.has_port()),
            )?;
            let rewritten = rewrite(self, |c| {
                c.authority = None;
            });
            self.replace_with(rewritten);
            return Ok(());
        };
        let kind = check_host(syntax, host)?;
        check_path_after_authority(true, self.path())?;
        let rewritten = rewrite(self, |c| match &mut c.authority {
            Some(authority) => {
                authority.host = host;
                authority.kind = Some(kind);
                authority.zone = None;
            }
            None => {
                c.authority = Some(AuthorityText {
                    userinfo: None,
                    host,
                    kind: Some(kind),
                    zone: None,
                    port: None,
                    port_value: None,
                });
            }
        });
        self.replace_with(rewritten);
        Ok(())
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
    /// let mut uri: Uri = "http://h:80/a".parse()?;
    /// uri.set_port(Some(8080))?;
    /// assert_eq!(uri.as_str(), "http://h:8080/a");
    /// uri.set_port(None)?;
    /// assert_eq!(uri.as_str(), "http://h/a");
    /// let mut relative: Uri = "/a".parse()?;
    /// assert_eq!(relative.set_port(Some(80)), Err(BuildError::PortWithoutHost));
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn set_port(&mut self, port: Option<u16>) -> Result<(), BuildError>
    where
        S: Owned,
    {
        check_authority(self.authority().is_some(), false, port.is_some())?;
        let text = port.map(port_text);
        let rewritten = rewrite(self, |c| {
            if let Some(authority) = &mut c.authority {
                authority.port = text.as_deref();
                authority.port_value = port;
            }
        });
        self.replace_with(rewritten);
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
    /// let mut uri: Uri = "http://example.com".parse()?;
    /// uri.set_path("/a/b")?;
    /// assert_eq!(uri.as_str(), "http://example.com/a/b");
    /// assert!(uri.set_path("a/b").is_err());
    /// assert!(uri.set_path("/a?b").is_err());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn set_path(&mut self, path: &str) -> Result<(), BuildError>
    where
        S: Owned,
    {
        let syntax = X::syntax();
        check_path(syntax, path)?;
        check_path_after_authority(self.authority().is_some(), path)?;
        let rewritten = rewrite(self, |c| {
            c.path = path;
        });
        self.replace_with(rewritten);
        Ok(())
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
    /// let mut uri: Uri = "http://h/a#f".parse()?;
    /// uri.set_query(Some("q=1"))?;
    /// assert_eq!(uri.as_str(), "http://h/a?q=1#f");
    /// uri.set_query(Some(""))?;
    /// assert_eq!(uri.as_str(), "http://h/a?#f");
    /// uri.set_query(None)?;
    /// assert_eq!(uri.as_str(), "http://h/a#f");
    /// assert!(uri.set_query(Some("a b")).is_err());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn set_query(&mut self, query: Option<&str>) -> Result<(), BuildError>
    where
        S: Owned,
    {
        let syntax = X::syntax();
        if let Some(query) = query {
            check(syntax, Component::Query, Role::Query, query)?;
        }
        let rewritten = rewrite(self, |c| {
            c.query = query;
        });
        self.replace_with(rewritten);
        Ok(())
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
    /// let mut uri: Uri = "http://h/a?q".parse()?;
    /// uri.set_fragment(Some("top"))?;
    /// assert_eq!(uri.as_str(), "http://h/a?q#top");
    /// uri.set_fragment(None)?;
    /// assert_eq!(uri.as_str(), "http://h/a?q");
    /// assert!(uri.set_fragment(Some("a#b")).is_err());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn set_fragment(&mut self, fragment: Option<&str>) -> Result<(), BuildError>
    where
        S: Owned,
    {
        let syntax = X::syntax();
        if let Some(fragment) = fragment {
            check(syntax, Component::Fragment, Role::Fragment, fragment)?;
        }
        let rewritten = rewrite(self, |c| {
            c.fragment = fragment;
        });
        self.replace_with(rewritten);
        Ok(())
    }
}

/// The setters that take decoded text, as the builder's `*_decoded`
/// methods do: each percent-encodes what its component's rule (of the
/// reference's grammar) does not take as it is, `%` included, with the
/// builder's sets, and writes the text once.
impl<X: Spec, S: Storage> Reference<X, S> {
    /// Sets the userinfo from decoded text, without its `@`; `None`
    /// removes it. Everything but unreserved characters, sub-delims and
    /// `:` is percent-encoded (in an [`Iri`](https://docs.rs/rfc3986/latest/rfc3986/type.Iri.html), characters above
    /// ASCII that `iuserinfo` takes stay as they are), as
    /// [`UriBuilder::userinfo_decoded`](crate::UriBuilder::userinfo_decoded)
    /// does. A `:` stays a `:`, so the text after the first one is a
    /// [`password`](Self::password).
    ///
    /// # Errors
    ///
    /// [`BuildError::UserinfoWithoutHost`] when there is no host; the URI
    /// is then unchanged. Once encoded, any text is a userinfo.
    ///
    /// ```
    /// use rfc3986::{percent_decode_utf8, BuildError, Uri};
    ///
    /// let mut uri: Uri = "ftp://h/pub".parse()?;
    /// uri.set_userinfo_decoded(Some("jo@home"))?;
    /// assert_eq!(uri.as_str(), "ftp://jo%40home@h/pub");
    /// assert_eq!(percent_decode_utf8(uri.userinfo().unwrap())?, "jo@home");
    /// uri.set_userinfo_decoded(None)?;
    /// assert_eq!(uri.as_str(), "ftp://h/pub");
    ///
    /// let mut no_host: Uri = "/pub".parse()?;
    /// assert_eq!(no_host.set_userinfo_decoded(Some("jo")), Err(BuildError::UserinfoWithoutHost));
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn set_userinfo_decoded(&mut self, userinfo: Option<&str>) -> Result<(), BuildError>
    where
        S: Owned,
    {
        check_authority(self.authority().is_some(), userinfo.is_some(), false)?;
        let encoded = userinfo.map(|text| percent::encode(text, &X::syntax().userinfo));
        debug_assert_valid::<X>(Component::Userinfo, Role::Userinfo, encoded.as_deref());
        let rewritten = rewrite(self, |c| {
            if let Some(authority) = &mut c.authority {
                authority.userinfo = encoded.as_deref();
            }
        });
        self.replace_with(rewritten);
        Ok(())
    }

    /// Sets the path from decoded text: split at each `/` (a separator
    /// here: a segment that must hold a `/` needs
    /// [`push_path_segment_decoded`](Self::push_path_segment_decoded), which
    /// encodes it as `%2F`), and each segment percent-encoded as a
    /// [`PathSegment`](crate::Component::PathSegment): everything but
    /// unreserved characters, sub-delims, `:` and `@` (in an
    /// [`Iri`](https://docs.rs/rfc3986/latest/rfc3986/type.Iri.html),
    /// characters above ASCII that `isegment` takes stay as they are), as
    /// [`UriBuilder::path_decoded`](crate::UriBuilder::path_decoded) does.
    ///
    /// The path then reads back as this path where it stands, as for
    /// [`set_path`](Self::set_path): in a relative reference, a `:` in the
    /// first segment is encoded (`%3A`), or it would read as a scheme;
    /// without an authority, a path that starts with `//` gets a `/.`
    /// prefix, or it would read as one. `.` and `..` segments stay as they
    /// are: steps of the hierarchy, which resolution and normalization
    /// remove.
    ///
    /// # Errors
    ///
    /// [`BuildError::RootlessPathWithAuthority`] when there is an
    /// authority and `path` is neither empty nor starts with `/`; the URI
    /// is then unchanged. Once encoded, any other text is a path.
    ///
    /// ```
    /// use rfc3986::{BuildError, Uri};
    ///
    /// let mut uri: Uri = "https://example.com/old?q#top".parse()?;
    /// uri.set_path_decoded("/new path/ü")?;
    /// assert_eq!(uri.as_str(), "https://example.com/new%20path/%C3%BC?q#top");
    /// assert_eq!(uri.path_segments().collect::<Vec<_>>(), ["", "new%20path", "%C3%BC"]);
    /// assert_eq!(uri.set_path_decoded("relative"), Err(BuildError::RootlessPathWithAuthority));
    ///
    /// let mut relative: Uri = "x".parse()?;
    /// relative.set_path_decoded("a:b/c?d")?;
    /// assert_eq!(relative.as_str(), "a%3Ab/c%3Fd");
    /// relative.set_path_decoded("//not-a-host")?;
    /// assert_eq!(relative.as_str(), "/.//not-a-host");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn set_path_decoded(&mut self, path: &str) -> Result<(), BuildError>
    where
        S: Owned,
    {
        let has_authority = self.authority().is_some();
        let relative = self.is_relative() && !has_authority;
        let encoded = encode_segments(X::syntax(), path.split('/'), relative);
        check_path_after_authority(has_authority, &encoded)?;
        debug_assert_eq!(check_path(X::syntax(), &encoded), Ok(()));
        let rewritten = rewrite(self, |c| c.path = &encoded);
        self.replace_with(rewritten);
        Ok(())
    }

    /// Sets the query from decoded text, without its `?`; `None` removes
    /// it. Everything but `pchar`, `/` and `?` is percent-encoded (in an
    /// [`Iri`](https://docs.rs/rfc3986/latest/rfc3986/type.Iri.html), characters above ASCII that `iquery` takes,
    /// `iprivate` among them, stay as they are), as
    /// [`UriBuilder::query_decoded`](crate::UriBuilder::query_decoded)
    /// does. `&` and `=` stay as they are, so `a=1&b=2` is two pairs; to
    /// set one pair whose text may hold them, use
    /// [`set_query_pair`](Self::set_query_pair).
    ///
    /// It returns nothing, where [`set_query`](Self::set_query) returns a
    /// `Result`: once encoded, every text is a query, so there is no error
    /// a caller would have to handle (as for
    /// [`append_query_pair`](Self::append_query_pair)).
    ///
    /// ```
    /// use rfc3986::{percent_decode_utf8, Iri, Uri};
    ///
    /// let mut uri: Uri = "http://h/s#top".parse()?;
    /// uri.set_query_decoded(Some("q=a b#c"));
    /// assert_eq!(uri.as_str(), "http://h/s?q=a%20b%23c#top");
    /// assert_eq!(percent_decode_utf8(uri.query().unwrap())?, "q=a b#c");
    /// uri.set_query_decoded(None);
    /// assert_eq!(uri.as_str(), "http://h/s#top");
    ///
    /// let mut iri: Iri = "https://例え.jp/".parse()?;
    /// iri.set_query_decoded(Some("q=値 1"));
    /// assert_eq!(iri.as_str(), "https://例え.jp/?q=値%201");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn set_query_decoded(&mut self, query: Option<&str>)
    where
        S: Owned,
    {
        let encoded = query.map(|text| percent::encode(text, &X::syntax().query));
        debug_assert_valid::<X>(Component::Query, Role::Query, encoded.as_deref());
        let rewritten = rewrite(self, |c| c.query = encoded.as_deref());
        self.replace_with(rewritten);
    }

    /// Sets the fragment from decoded text, without its `#`; `None` removes
    /// it. Everything but `pchar`, `/` and `?` is percent-encoded (in an
    /// [`Iri`](https://docs.rs/rfc3986/latest/rfc3986/type.Iri.html), characters above ASCII that `ifragment` takes
    /// stay as they are), as
    /// [`UriBuilder::fragment_decoded`](crate::UriBuilder::fragment_decoded)
    /// does.
    ///
    /// It returns nothing, where [`set_fragment`](Self::set_fragment)
    /// returns a `Result`: once encoded, every text is a fragment, so there
    /// is no error a caller would have to handle.
    ///
    /// ```
    /// use rfc3986::{percent_decode_utf8, Iri, Uri};
    ///
    /// let mut uri: Uri = "http://h/a?q".parse()?;
    /// uri.set_fragment_decoded(Some("section 2#b"));
    /// assert_eq!(uri.as_str(), "http://h/a?q#section%202%23b");
    /// assert_eq!(percent_decode_utf8(uri.fragment().unwrap())?, "section 2#b");
    ///
    /// let mut iri: Iri = "https://例え.jp/".parse()?;
    /// iri.set_fragment_decoded(Some("片 1"));
    /// assert_eq!(iri.as_str(), "https://例え.jp/#片%201");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn set_fragment_decoded(&mut self, fragment: Option<&str>)
    where
        S: Owned,
    {
        let encoded = fragment.map(|text| percent::encode(text, &X::syntax().fragment));
        debug_assert_valid::<X>(Component::Fragment, Role::Fragment, encoded.as_deref());
        let rewritten = rewrite(self, |c| c.fragment = encoded.as_deref());
        self.replace_with(rewritten);
    }
}

/// In debug builds, that `encoded` (decoded text percent-encoded for
/// `component`) is what `rule` takes: an encoding set that lets through a
/// character the rule does not take is a bug of the crate's.
fn debug_assert_valid<X: Spec>(component: Component, rule: Role, encoded: Option<&str>) {
    if let Some(encoded) = encoded {
        debug_assert_eq!(check(X::syntax(), component, rule, encoded), Ok(()));
    }
}

/// The edits of an absolute reference: [`Reference`]'s, which keep its
/// scheme (`set_scheme` takes one, and cannot remove it).
macro_rules! absolute_edits {
    ($($name:ident($($arg:ident: $ty:ty),*) -> $ret:ty;)*) => {
        impl<X: Spec, S: Storage> Absolute<X, S> {
            $(
                #[doc = concat!("[`Reference::", stringify!($name), "`], which keeps the scheme.")]
                ///
                /// # Errors
                ///
                /// As [`Reference`]'s.
                #[allow(clippy::missing_errors_doc)]
                pub fn $name(&mut self, $($arg: $ty),*) -> $ret
                where
                    S: Owned,
                {
                    self.reference_mut().$name($($arg),*)
                }
            )*
        }
    };
}

absolute_edits! {
    set_userinfo(userinfo: Option<&str>) -> Result<(), BuildError>;
    set_host(host: Option<&str>) -> Result<(), BuildError>;
    set_port(port: Option<u16>) -> Result<(), BuildError>;
    set_path(path: &str) -> Result<(), BuildError>;
    set_query(query: Option<&str>) -> Result<(), BuildError>;
    set_fragment(fragment: Option<&str>) -> Result<(), BuildError>;
    set_userinfo_decoded(userinfo: Option<&str>) -> Result<(), BuildError>;
    set_query_decoded(query: Option<&str>) -> ();
    set_fragment_decoded(fragment: Option<&str>) -> ();
    set_path_decoded(path: &str) -> Result<(), BuildError>;
    push_path_segment(segment: &str) -> Result<(), BuildError>;
    push_path_segment_decoded(segment: &str) -> Result<(), BuildError>;
    pop_path_segment() -> Option<String>;
    pop_path_segment_decoded() -> Result<Option<String>, crate::DecodeError>;
    append_query_pair(name: &str, value: &str) -> ();
    set_query_pair(name: &str, value: &str) -> ();
    remove_query_pairs(name: &str) -> usize;
    append_form_pair(name: &str, value: &str) -> ();
    set_form_pair(name: &str, value: &str) -> ();
    remove_form_pair(name: &str) -> usize;
}

impl<X: Spec, S: Storage> Absolute<X, S> {
    /// Sets the scheme, which an absolute reference always has.
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] when `scheme` is not a scheme.
    ///
    /// ```
    /// use rfc3986::AbsoluteUri;
    ///
    /// let mut uri: AbsoluteUri = "http://a/b".parse()?;
    /// uri.set_scheme("https")?;
    /// assert_eq!(uri, "https://a/b");
    /// assert!(uri.set_scheme("1").is_err());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn set_scheme(&mut self, scheme: &str) -> Result<(), BuildError>
    where
        S: Owned,
    {
        self.reference_mut().set_scheme(Some(scheme))
    }
}
