//! Component recomposition (RFC 3986 section 5.3) from components that are
//! already valid, without parsing again.
//!
//! Resolution, normalization, `make_relative`, the builder and the edits
//! produce a reference from pieces of references that were parsed (or of
//! pieces derived from them in ways that keep them valid). [`Recomposition`]
//! appends the pieces to one `String`, sized by the caller, and records the
//! [`Bounds`] of each component as it writes them, so that
//! [`Recomposition::finish`] makes the reference from that text and those
//! bounds directly: one buffer, no second parse.

use alloc::string::String;

use crate::authority::Authority;
use crate::bounds::{Bounds, BoundsWriter, HostKind, Zone};
use crate::parse;
use crate::path;
use crate::reference::{Reference, Storage};
use crate::spec::Spec;

/// A reference being recomposed, component by component, in the order of
/// section 5.3, into a text the caller gives (or a new one).
pub(crate) struct Recomposition<'t> {
    text: &'t mut String,
    /// Where the reference starts in `text`.
    start: usize,
    bounds: BoundsWriter,
    scheme: bool,
    authority: bool,
}

impl<'t> Recomposition<'t> {
    /// Starts a reference at the end of `text`, which should have room for
    /// it.
    pub fn into(text: &'t mut String) -> Recomposition<'t> {
        let start = text.len();
        Recomposition {
            text,
            start,
            bounds: BoundsWriter::new(),
            scheme: false,
            authority: false,
        }
    }

    /// Where the text written so far ends, from the reference's start.
    fn at(&self) -> usize {
        self.text.len() - self.start
    }

    /// `append scheme to result; append ":" to result;`
    pub fn scheme(&mut self, scheme: &str) {
        self.scheme_with(|text| text.push_str(scheme));
    }

    /// Writes the scheme with `write`, then its `:`.
    pub fn scheme_with(&mut self, write: impl FnOnce(&mut String)) {
        write(self.text);
        self.bounds.scheme(self.at());
        self.scheme = true;
        self.text.push(':');
    }

    /// `if defined(authority) then append "//" to result; append authority
    /// to result; endif;`, copying a parsed authority whole: its
    /// subcomponents keep their places in it, so their bounds are the
    /// source's, moved, and its host keeps its kind.
    pub fn authority(&mut self, authority: Option<Authority<'_>>) {
        let Some(authority) = authority else {
            return;
        };
        self.begin_authority();
        let source = authority.bounds();
        let text = authority.as_str();
        let from = source.authority().map_or(0, |span| span.start);
        let to = self.at();
        // Where `end` of the source's text lies in the target's.
        let moved = |end: usize| end - from + to;
        self.text.push_str(text);
        if let Some(userinfo) = source.userinfo() {
            self.bounds.userinfo(moved(userinfo.end));
        }
        let host = source.host().map_or(from..from, |span| span);
        self.bounds
            .host(moved(host.end), source.host_kind(), source.zone());
        self.bounds.port_value(source.port_value());
    }

    /// Opens an authority (`"//"`) whose subcomponents follow:
    /// [`userinfo_with`](Self::userinfo_with), then
    /// [`host_with`](Self::host_with), then [`port`](Self::port).
    pub fn begin_authority(&mut self) {
        self.text.push_str("//");
        self.bounds.authority();
        self.authority = true;
    }

    /// Writes the userinfo with `write`, then its `@`.
    pub fn userinfo_with(&mut self, write: impl FnOnce(&mut String)) {
        write(self.text);
        self.bounds.userinfo(self.at());
        self.text.push('@');
    }

    /// Writes the host with `write`. `kind` is its kind when the caller
    /// knows it; otherwise the rule of the grammar that matches what was
    /// written decides (decoding `%31` in a registered name can make the
    /// IPv4 address `1.2.3.4`). `zone` is the zone of an IPv6 host (RFC
    /// 6874), which only a grammar that extends `IP-literal` matches: the
    /// caller knows it, and writes the host as its bounds say.
    pub fn host_with(
        &mut self,
        write: impl FnOnce(&mut String),
        kind: Option<HostKind>,
        zone: Option<Zone>,
    ) {
        let start = self.text.len();
        write(self.text);
        // What is written here comes from a host, and stays one.
        let kind = kind
            .or_else(|| parse::parse_host_kind(&self.text[start..]))
            .unwrap_or(HostKind::RegName);
        self.bounds.host(self.at(), kind, zone);
    }

    /// Writes an IPv6 host with a zone (RFC 6874): `[`, the address with
    /// `address`, `between` and `zone` as they are, and `]`.
    pub fn zoned_host(&mut self, address: impl FnOnce(&mut String), between: &str, zone: &str) {
        let host = self.at();
        self.text.push('[');
        address(self.text);
        let address_end = self.at();
        self.text.push_str(between);
        let zone_start = self.at();
        self.text.push_str(zone);
        self.text.push(']');
        let zone = Zone::new(host, address_end, zone_start);
        self.bounds.host(self.at(), HostKind::Ipv6, zone);
    }

    /// Writes `":"` and the port, when there is one, whose value is
    /// `value`.
    pub fn port(&mut self, port: Option<&str>, value: Option<u16>) {
        if let Some(port) = port {
            self.text.push(':');
            self.text.push_str(port);
            self.bounds.port_value(value);
        }
    }

    /// `append path to result;`
    pub fn path(&mut self, path: &str) {
        self.path_with(|text| text.push_str(path));
    }

    /// Writes the path with `write`, then keeps the result a valid
    /// reference: a path that starts with `//` without an authority gets
    /// `/.` before it, and a relative reference's first segment with a `:`
    /// gets `./` ([`path::disambiguation`]).
    pub fn path_with(&mut self, write: impl FnOnce(&mut String)) {
        let start = self.text.len();
        write(self.text);
        let prefix = path::disambiguation(&self.text[start..], self.scheme, self.authority);
        if !prefix.is_empty() {
            self.text.insert_str(start, prefix);
        }
        self.bounds.path(start - self.start..self.at());
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
        write(self.text);
        self.bounds.query(self.at());
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
        self.bounds.fragment(self.at());
        write(self.text);
    }

    /// `return result;`: the bounds of what was written, from its start.
    pub fn bounds(self) -> Bounds {
        self.bounds.finish()
    }
}

/// Recomposes into a new text of `capacity` bytes (a bound on the
/// result's length, so that it is allocated once) with `write`, and makes
/// the reference.
pub(crate) fn recompose<X: Spec>(
    capacity: usize,
    write: impl FnOnce(&mut Recomposition<'_>),
) -> Reference<X, String> {
    let mut text = String::with_capacity(capacity);
    let mut t = Recomposition::into(&mut text);
    write(&mut t);
    let bounds = t.bounds();
    let reference = Reference::from_bounds(text, bounds);
    debug_assert_eq!(reference.check_invariants(), Ok(()), "{reference:?}");
    reference
}

/// The components of a reference, each valid for its place (as a parse
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
    /// The host's kind, when known.
    pub kind: Option<HostKind>,
    /// The zone of an IPv6 host (RFC 6874), as its bounds in `host` say.
    pub zone: Option<Zone>,
    pub port: Option<&'a str>,
    pub port_value: Option<u16>,
}

impl<'a> AuthorityText<'a> {
    /// The subcomponents of a parsed authority.
    pub fn of(authority: &Authority<'a>) -> AuthorityText<'a> {
        AuthorityText {
            userinfo: authority.userinfo(),
            host: authority.host_str(),
            kind: Some(authority.bounds().host_kind()),
            zone: authority.bounds().zone(),
            port: authority.port_str(),
            port_value: authority.port(),
        }
    }
}

impl<'a> Components<'a> {
    /// The components of `reference`, as written.
    pub fn of<X: Spec, S: Storage>(reference: &'a Reference<X, S>) -> Components<'a> {
        Components {
            scheme: reference.scheme(),
            authority: reference.authority().as_ref().map(AuthorityText::of),
            path: reference.path(),
            query: reference.query(),
            fragment: reference.fragment(),
        }
    }

    /// The most bytes [`write`](Self::write) writes.
    pub fn capacity(&self) -> usize {
        self.scheme.map_or(0, |s| s.len() + 1)
            + self.authority.as_ref().map_or(0, |a| {
                a.userinfo.map_or(0, |u| u.len() + 1)
                    + a.host.len()
                    + a.port.map_or(0, |p| p.len() + 1)
                    + 2
            })
            + self.path.len()
            + 2 // "/." or "./"
            + self.query.map_or(0, |q| q.len() + 1)
            + self.fragment.map_or(0, |f| f.len() + 1)
    }

    /// Section 5.3, the bounds recorded as the text is written; nothing is
    /// parsed again. The path is adjusted as [`Recomposition::path_with`]
    /// says, so that the result is always a valid reference.
    pub fn write_into(&self, t: &mut Recomposition<'_>) {
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
                authority.kind,
                authority.zone,
            );
            t.port(authority.port, authority.port_value);
        }
        t.path(self.path);
        t.query(self.query);
        t.fragment(self.fragment);
    }

    /// [`write_into`](Self::write_into) a new text, sized up front.
    pub fn write<X: Spec>(&self) -> Reference<X, String> {
        recompose(self.capacity(), |t| self.write_into(t))
    }
}

/// A component whose text [`map_components`] passes on.
#[cfg(feature = "iri")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Part {
    Scheme,
    Userinfo,
    Host,
    Path,
    Query,
    Fragment,
}

/// `reference` written again with the text of each component (scheme,
/// userinfo, host, path, query and fragment) through `write(out, part,
/// text)`, and the rest (which components are defined, the port) as it
/// is: the mappings between IRIs and URIs (RFC 3987 sections 3.1 and 3.2),
/// which change characters within components and never the structure.
/// What `write` appends must be valid where it stands; `capacity` is the
/// length of the result, or a bound on it.
#[cfg(feature = "iri")]
pub(crate) fn map_components<X: Spec, S: Storage, Y: Spec>(
    reference: &Reference<X, S>,
    capacity: usize,
    write: impl Fn(&mut String, Part, &str),
) -> Reference<Y, String> {
    recompose(capacity, |t| {
        if let Some(scheme) = reference.scheme() {
            t.scheme_with(|text| write(text, Part::Scheme, scheme));
        }
        if let Some(authority) = reference.authority() {
            t.begin_authority();
            if let Some(userinfo) = authority.userinfo() {
                t.userinfo_with(|text| write(text, Part::Userinfo, userinfo));
            }
            match authority.bounds().zone() {
                // An IPv6 host with a zone (RFC 6874), ASCII: kept as it
                // is, where its bounds say.
                Some(zone) => t.host_with(
                    |text| text.push_str(authority.host_str()),
                    Some(authority.bounds().host_kind()),
                    Some(zone),
                ),
                None => t.host_with(
                    |text| write(text, Part::Host, authority.host_str()),
                    None,
                    None,
                ),
            }
            t.port(authority.port_str(), authority.port());
        }
        t.path_with(|text| write(text, Part::Path, reference.path()));
        if let Some(query) = reference.query() {
            t.query_with(|text| write(text, Part::Query, query));
        }
        if let Some(fragment) = reference.fragment() {
            t.fragment_with(|text| write(text, Part::Fragment, fragment));
        }
    })
}
