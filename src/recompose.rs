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
use core::net::{Ipv4Addr, Ipv6Addr};
use core::ops::Range;

use crate::authority::{Authority, Host};
use crate::lower::{AuthorityParts, HostParts, Parts};
use crate::uri::Uri;

/// Which rule a host written with [`Recomposition::host_with`] matches.
#[derive(Clone, Copy, Debug)]
pub(crate) enum HostKind {
    Ipv4(Ipv4Addr),
    Ipv6(Ipv6Addr),
    /// `[v` version `.` address `]`: the bounds are found in the text.
    IpvFuture,
    /// A registered name; [`Recomposition::host_with`] types it as an IPv4
    /// address when it is one (decoding `%31` can make `1.2.3.4`).
    RegName,
}

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
        let userinfo = authority.userinfo().map(|u| start..start + u.len());
        let host_start = userinfo.as_ref().map_or(start, |u| u.end + 1);
        let host_span = host_start..host_start + authority.host_str().len();
        let port_span = authority
            .port_str()
            .map(|p| host_span.end + 1..host_span.end + 1 + p.len());
        let host = match authority.host() {
            Host::Ipv4(address) => HostParts::Ipv4(*address),
            Host::Ipv6(address) => HostParts::Ipv6(*address),
            Host::IpvFuture { .. } => ipv_future(&self.text, host_span.clone()),
            Host::RegName(_) => HostParts::RegName(host_span.clone()),
        };
        self.parts.authority = Some(AuthorityParts {
            span: start..self.text.len(),
            userinfo,
            host_span,
            host,
            port_span,
            port: authority.port(),
        });
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

    /// Writes the host with `write`; `kind` says which rule it matches.
    pub fn host_with(&mut self, kind: HostKind, write: impl FnOnce(&mut String)) {
        let start = self.text.len();
        write(&mut self.text);
        let span = start..self.text.len();
        let host = match kind {
            HostKind::Ipv4(address) => HostParts::Ipv4(address),
            HostKind::Ipv6(address) => HostParts::Ipv6(address),
            HostKind::IpvFuture => ipv_future(&self.text, span.clone()),
            // `IPv4address` comes first in `host = IP-literal / IPv4address
            // / reg-name`, and Rust's parser accepts exactly its
            // `dec-octet`s (no leading zeros).
            HostKind::RegName => match self.text[span.clone()].parse::<Ipv4Addr>() {
                Ok(address) => HostParts::Ipv4(address),
                Err(_) => HostParts::RegName(span.clone()),
            },
        };
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
    /// reference:
    ///
    /// - a path that starts with `//` where there is no authority would read
    ///   as an authority; `/.` goes before it (`/.//g`), which
    ///   `remove_dot_segments` takes away again. Section 5.2 would produce
    ///   the unparseable `//g` there; this is the crate's one deliberate
    ///   deviation, as in uriparser, fluent-uri and iri-string.
    /// - a relative reference whose first segment contains `:` would read
    ///   as a scheme; `./` goes before it (section 4.2).
    pub fn path_with(&mut self, write: impl FnOnce(&mut String)) {
        let start = self.text.len();
        write(&mut self.text);
        let path = &self.text[start..];
        if self.parts.authority.is_none() {
            if path.starts_with("//") {
                self.text.insert_str(start, "/.");
            } else if self.parts.scheme.is_none()
                && path.split('/').next().is_some_and(|s| s.contains(':'))
            {
                self.text.insert_str(start, "./");
            }
        }
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

/// The version and address of the `IP-literal` `[v1.x]` at `span`.
fn ipv_future(text: &str, span: Range<usize>) -> HostParts {
    // `[` `v` HEXDIG... `.` address `]`: HEXDIG has no `.`.
    let inner = span.start + 2..span.end.saturating_sub(1).max(span.start + 2);
    let dot = text[inner.clone()]
        .find('.')
        .map_or(inner.end, |i| inner.start + i);
    HostParts::IpvFuture {
        version: inner.start..dot,
        address: (dot + 1).min(inner.end)..inner.end,
    }
}

impl Uri {
    /// Recomposes a URI reference (section 5.3) from components that are
    /// each valid for their place: the scheme, an authority copied from
    /// another `Uri`, the path, the query and the fragment. One buffer is
    /// sized up front and the bounds are recorded while writing; nothing is
    /// parsed again. The path is adjusted as [`Recomposition::path_with`]
    /// says, so that the result is always a valid URI reference.
    pub(crate) fn from_components(
        scheme: Option<&str>,
        authority: Option<&Authority>,
        path: &str,
        query: Option<&str>,
        fragment: Option<&str>,
    ) -> Uri {
        let capacity = scheme.map_or(0, |s| s.len() + 1)
            + authority.map_or(0, |a| a.as_str().len() + 2)
            + path.len()
            + 2
            + query.map_or(0, |q| q.len() + 1)
            + fragment.map_or(0, |f| f.len() + 1);
        let mut t = Recomposition::with_capacity(capacity);
        if let Some(scheme) = scheme {
            t.scheme(scheme);
        }
        if let Some(authority) = authority {
            t.authority(authority);
        }
        t.path(path);
        t.query(query);
        t.fragment(fragment);
        t.finish()
    }
}
