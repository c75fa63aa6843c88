//! Component recomposition (RFC 3986 section 5.3) from components that are
//! already valid, without parsing again.
//!
//! Resolution, normalization and `make_relative` produce a URI from pieces
//! of URIs that were parsed (or of pieces derived from them in ways that
//! keep them valid). [`Recomposition`] appends the pieces to one `String`,
//! sized by the caller, and records the bounds of each component as it
//! writes them, so that [`Recomposition::finish`] makes the [`Uri`] from
//! that text and those bounds directly: one buffer, then the `Arc<str>`.

use alloc::string::String;
use alloc::sync::Arc;

use crate::authority::Authority;
use crate::lower;
use crate::parts::{AuthorityParts, HostParts, Parts};
use crate::path;
use crate::uri::Uri;

/// A URI reference being recomposed, component by component, in the order
/// of section 5.3.
pub(crate) struct Recomposition {
    text: String,
    parts: Parts,
    /// The authority while its subcomponents are written.
    authority: Option<AuthorityParts>,
}

impl Recomposition {
    /// Starts a URI reference of at most `capacity` bytes.
    pub fn with_capacity(capacity: usize) -> Recomposition {
        Recomposition {
            text: String::with_capacity(capacity),
            parts: Parts::default(),
            authority: None,
        }
    }

    /// `append scheme to result; append ":" to result;`
    pub fn scheme(&mut self, scheme: &str) {
        self.scheme_with(|text| text.push_str(scheme));
    }

    /// Writes the scheme with `write`, then its `:`.
    pub fn scheme_with(&mut self, write: impl FnOnce(&mut String)) {
        let start = self.text.len();
        write(&mut self.text);
        self.parts.scheme = Some(start..self.text.len());
        self.text.push(':');
    }

    /// `append "//" to result; append authority to result;`, copying an
    /// authority with its typed host.
    pub fn authority(&mut self, authority: &Authority) {
        self.text.push_str("//");
        let start = self.text.len();
        self.text.push_str(authority.as_str());
        let parts = authority.parts();
        let from = parts.span.start;
        self.parts.authority = Some(parts.moved(from, start));
    }

    /// Opens an authority (`"//"`) whose subcomponents follow:
    /// [`userinfo_with`](Self::userinfo_with), then
    /// [`host_with`](Self::host_with), then [`port`](Self::port), then
    /// [`end_authority`](Self::end_authority).
    pub fn begin_authority(&mut self) {
        self.text.push_str("//");
        let start = self.text.len();
        self.authority = Some(AuthorityParts {
            span: start..start,
            userinfo: None,
            host_span: start..start,
            host: HostParts::RegName(start..start),
            port_span: None,
            port: None,
        });
    }

    /// Writes the userinfo with `write`, then its `@`.
    pub fn userinfo_with(&mut self, write: impl FnOnce(&mut String)) {
        let start = self.text.len();
        write(&mut self.text);
        let end = self.text.len();
        self.text.push('@');
        if let Some(authority) = &mut self.authority {
            authority.userinfo = Some(start..end);
        }
    }

    /// Writes the host with `write`. `typed` is its type when the caller
    /// knows it (its bounds from the start of the host); otherwise the rule
    /// of the grammar that matches what was written decides (decoding
    /// `%31` in a registered name can make the IPv4 address `1.2.3.4`).
    pub fn host_with(&mut self, write: impl FnOnce(&mut String), typed: Option<HostParts>) {
        let start = self.text.len();
        write(&mut self.text);
        let span = start..self.text.len();
        // What is written here comes from a host, and stays one.
        let host = typed
            .or_else(|| lower::host(&self.text[span.clone()]))
            .map_or_else(
                || HostParts::RegName(span.clone()),
                |host| host.moved(0, start),
            );
        if let Some(authority) = &mut self.authority {
            authority.host_span = span;
            authority.host = host;
        }
    }

    /// Writes `":"` and the port, when there is one.
    pub fn port(&mut self, port: Option<&str>, value: Option<u16>) {
        let Some(port) = port else { return };
        self.text.push(':');
        let start = self.text.len();
        self.text.push_str(port);
        if let Some(authority) = &mut self.authority {
            authority.port_span = Some(start..self.text.len());
            authority.port = value;
        }
    }

    /// Closes the authority opened by [`begin_authority`](Self::begin_authority).
    pub fn end_authority(&mut self) {
        if let Some(mut authority) = self.authority.take() {
            authority.span.end = self.text.len();
            self.parts.authority = Some(authority);
        }
    }

    /// `append path to result;`
    pub fn path(&mut self, path: &str) {
        self.path_with(|text| text.push_str(path));
    }

    /// Writes the path with `write`, then keeps the result a valid URI
    /// reference: a path that starts with `//` without an authority gets
    /// `/.` before it, and a relative reference's first segment with a `:`
    /// gets `./` ([`path::disambiguation`]).
    pub fn path_with(&mut self, write: impl FnOnce(&mut String)) {
        let start = self.text.len();
        write(&mut self.text);
        let prefix = path::disambiguation(
            &self.text[start..],
            self.parts.scheme.is_some(),
            self.parts.authority.is_some(),
        );
        self.text.insert_str(start, prefix);
        self.parts.path = start..self.text.len();
    }

    /// `if defined(query) then append "?" to result; append query to
    /// result; endif;`
    pub fn query(&mut self, query: Option<&str>) {
        if let Some(query) = query {
            self.query_with(|text| text.push_str(query));
        }
    }

    /// Writes `"?"` and the query with `write`.
    pub fn query_with(&mut self, write: impl FnOnce(&mut String)) {
        self.text.push('?');
        let start = self.text.len();
        write(&mut self.text);
        self.parts.query = Some(start..self.text.len());
    }

    /// `if defined(fragment) then append "#" to result; append fragment to
    /// result; endif;`
    pub fn fragment(&mut self, fragment: Option<&str>) {
        if let Some(fragment) = fragment {
            self.fragment_with(|text| text.push_str(fragment));
        }
    }

    /// Writes `"#"` and the fragment with `write`.
    pub fn fragment_with(&mut self, write: impl FnOnce(&mut String)) {
        self.text.push('#');
        let start = self.text.len();
        write(&mut self.text);
        self.parts.fragment = Some(start..self.text.len());
    }

    /// `return result;`: the URI reference, its text shared with its
    /// authority and host.
    pub fn finish(self) -> Uri {
        let uri = Uri::from_parts(Arc::from(self.text), self.parts);
        debug_assert_eq!(uri.check_invariants(), Ok(()), "{uri:?}");
        uri
    }
}

/// The components of a URI reference, each valid for its place (as a parse
/// gave it, or as the builder checked it against its rule), to be written
/// as one text by [`write`](Self::write).
pub(crate) struct Components<'a> {
    pub scheme: Option<&'a str>,
    pub authority: Option<AuthorityText<'a>>,
    pub path: &'a str,
    pub query: Option<&'a str>,
    pub fragment: Option<&'a str>,
}

/// The subcomponents of an authority, each valid for its place.
pub(crate) struct AuthorityText<'a> {
    pub userinfo: Option<&'a str>,
    pub host: &'a str,
    /// The host's type, its bounds from the start of `host`.
    pub typed: HostParts,
    pub port: Option<&'a str>,
    pub port_value: Option<u16>,
}

impl<'a> AuthorityText<'a> {
    /// The subcomponents of a parsed authority.
    pub fn of(authority: &'a Authority) -> AuthorityText<'a> {
        AuthorityText {
            userinfo: authority.userinfo(),
            host: authority.host_str(),
            typed: authority
                .parts()
                .host
                .moved(authority.bounds().host_start, 0),
            port: authority.port_str(),
            port_value: authority.port(),
        }
    }
}

impl<'a> Components<'a> {
    /// The components of `uri`, as written.
    pub fn of(uri: &'a Uri) -> Components<'a> {
        Components {
            scheme: uri.scheme(),
            authority: uri.authority().map(AuthorityText::of),
            path: uri.path(),
            query: uri.query(),
            fragment: uri.fragment(),
        }
    }

    /// Section 5.3, into one buffer sized up front, the bounds recorded as
    /// the text is written; nothing is parsed again. The path is adjusted as
    /// [`Recomposition::path_with`] says, so that the result is always a
    /// valid URI reference.
    pub fn write(&self) -> Uri {
        let capacity = self.scheme.map_or(0, |s| s.len() + 1)
            + self.authority.as_ref().map_or(0, |a| {
                a.userinfo.map_or(0, |u| u.len() + 1) + a.host.len() + a.port.map_or(0, |p| p.len() + 1) + 2
            })
            + self.path.len()
            + 2 // "/." or "./"
            + self.query.map_or(0, |q| q.len() + 1)
            + self.fragment.map_or(0, |f| f.len() + 1);
        let mut t = Recomposition::with_capacity(capacity);
        if let Some(scheme) = self.scheme {
            t.scheme(scheme);
        }
        if let Some(authority) = &self.authority {
            t.begin_authority();
            if let Some(userinfo) = authority.userinfo {
                t.userinfo_with(|text| text.push_str(userinfo));
            }
            t.host_with(
                |text| text.push_str(authority.host),
                Some(authority.typed.clone()),
            );
            t.port(authority.port, authority.port_value);
            t.end_authority();
        }
        t.path(self.path);
        t.query(self.query);
        t.fragment(self.fragment);
        t.finish()
    }
}

/// A component whose text [`map_components`] passes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Part {
    Scheme,
    Userinfo,
    Host,
    Path,
    Query,
    Fragment,
}

/// `uri` written again with the text of each component (scheme, userinfo,
/// host, path, query and fragment) through `write(out, part, text)`, and
/// the rest (which components are defined, the port) as it is: the
/// mappings between IRIs and URIs (RFC 3987 sections 3.1 and 3.2), which
/// change characters within components and never the structure. What
/// `write` appends must be valid where it stands; `capacity` is the length
/// of the result, or a bound on it.
pub(crate) fn map_components(
    uri: &Uri,
    capacity: usize,
    write: impl Fn(&mut String, Part, &str),
) -> Uri {
    let mut t = Recomposition::with_capacity(capacity);
    if let Some(scheme) = uri.scheme() {
        t.scheme_with(|text| write(text, Part::Scheme, scheme));
    }
    if let Some(authority) = uri.authority() {
        t.begin_authority();
        if let Some(userinfo) = authority.userinfo() {
            t.userinfo_with(|text| write(text, Part::Userinfo, userinfo));
        }
        t.host_with(|text| write(text, Part::Host, authority.host_str()), None);
        t.port(authority.port_str(), authority.port());
        t.end_authority();
    }
    t.path_with(|text| write(text, Part::Path, uri.path()));
    if let Some(query) = uri.query() {
        t.query_with(|text| write(text, Part::Query, query));
    }
    if let Some(fragment) = uri.fragment() {
        t.fragment_with(|text| write(text, Part::Fragment, fragment));
    }
    t.finish()
}
