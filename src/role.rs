//! The roles a grammar's rules can play in a URI reference: which part of
//! one, as RFC 3986 section 3 divides it, a rule's match is.
//!
//! A grammar gives its rules their roles in their doc comments, with a
//! line `Role: <name>` (`/// Role: reg-name` above `reg_name`, and above
//! `ireg_name` in `iri.pest`); the grammar compiler writes them into the
//! grammar's table, and the parse records each pair of a rule with a role
//! into the one record of positions, by that role. Nothing else says which
//! rule is which: a rule without a role line plays none, whatever its
//! name.
//!
//! This file is the vocabulary, written once: the library and the grammar
//! compiler (`rfc3986-generator`, through a link to this file) both
//! include it. It imports nothing, and holds no example: its doc tests
//! would run in both crates.

/// What a rule's match is in a URI reference, as a grammar says of the
/// rule (a `Role:` line in its doc comment).
///
/// Each role is RFC 3986's rule of that name: a grammar whose rule plays
/// `reg-name` says that the rule's match is the host, as a registered
/// name. At most one rule of a grammar plays each role; a file joined
/// after another (`iri.pest` after `uri.pest`, a scheme grammar after
/// either) takes over a role it gives one of its own rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Role {
    /// `scheme`: the scheme, before its `:`.
    Scheme,
    /// `authority`: everything between the `//` and the path.
    Authority,
    /// `userinfo`: the authority's part before its `@`.
    Userinfo,
    /// `host`: the whole host, of whichever kind a rule inside it says.
    Host,
    /// `IP-literal`: the host, in brackets; the rule inside it says which
    /// kind (`IPv6address`, `IPvFuture`).
    IpLiteral,
    /// `IPv4address`: the host, an IPv4 address.
    Ipv4Address,
    /// `IPv6address`: the address inside an IP literal.
    Ipv6Address,
    /// `IPvFuture`: the address inside an IP literal, of a later version.
    IpvFuture,
    /// `reg-name`: the host, a registered name.
    RegName,
    /// `ZoneID` (RFC 6874): the zone of an IPv6 address, after its `%25`.
    ZoneId,
    /// `port`: the port's digits, after the host's `:`.
    Port,
    /// `path`: the path, of any of the five forms.
    Path,
    /// `path-abempty`: the path after an authority.
    PathAbempty,
    /// `path-absolute`: a path that starts with one `/`.
    PathAbsolute,
    /// `path-noscheme`: a relative reference's path, without `:` in its
    /// first segment.
    PathNoscheme,
    /// `path-rootless`: a URI's path that starts with a segment.
    PathRootless,
    /// `path-empty`: the empty path.
    PathEmpty,
    /// `query`: the query, after its `?`.
    Query,
    /// `fragment`: the fragment, after its `#`.
    Fragment,
    /// `URI-reference entry`: the rule that matches a whole input that is
    /// a URI reference; the reference types parse from it.
    ReferenceEntry,
    /// `URI entry`: the rule that matches a whole input that is a URI, a
    /// reference with a scheme; the absolute types parse from it.
    UriEntry,
}

impl Role {
    /// Every role, in the order of the enum.
    pub const ALL: [Role; 21] = [
        Role::Scheme,
        Role::Authority,
        Role::Userinfo,
        Role::Host,
        Role::IpLiteral,
        Role::Ipv4Address,
        Role::Ipv6Address,
        Role::IpvFuture,
        Role::RegName,
        Role::ZoneId,
        Role::Port,
        Role::Path,
        Role::PathAbempty,
        Role::PathAbsolute,
        Role::PathNoscheme,
        Role::PathRootless,
        Role::PathEmpty,
        Role::Query,
        Role::Fragment,
        Role::ReferenceEntry,
        Role::UriEntry,
    ];

    /// The role's name, as a `Role:` line writes it: RFC 3986's name of
    /// the rule (`reg-name`), or the entry's (`URI-reference entry`).
    pub const fn name(self) -> &'static str {
        match self {
            Role::Scheme => "scheme",
            Role::Authority => "authority",
            Role::Userinfo => "userinfo",
            Role::Host => "host",
            Role::IpLiteral => "IP-literal",
            Role::Ipv4Address => "IPv4address",
            Role::Ipv6Address => "IPv6address",
            Role::IpvFuture => "IPvFuture",
            Role::RegName => "reg-name",
            Role::ZoneId => "ZoneID",
            Role::Port => "port",
            Role::Path => "path",
            Role::PathAbempty => "path-abempty",
            Role::PathAbsolute => "path-absolute",
            Role::PathNoscheme => "path-noscheme",
            Role::PathRootless => "path-rootless",
            Role::PathEmpty => "path-empty",
            Role::Query => "query",
            Role::Fragment => "fragment",
            Role::ReferenceEntry => "URI-reference entry",
            Role::UriEntry => "URI entry",
        }
    }

    /// The role a `Role:` line names; `None` for a name that is none.
    pub fn from_name(name: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|role| role.name() == name)
    }

    /// Whether the role's match is the path, of one form or any.
    pub const fn is_path(self) -> bool {
        matches!(
            self,
            Role::Path
                | Role::PathAbempty
                | Role::PathAbsolute
                | Role::PathNoscheme
                | Role::PathRootless
                | Role::PathEmpty
        )
    }

    /// Whether the role's match is the whole host (its kind given by the
    /// role, or by a rule inside it).
    pub const fn is_host(self) -> bool {
        matches!(
            self,
            Role::Host | Role::IpLiteral | Role::Ipv4Address | Role::RegName
        )
    }

    /// Whether the role is an entry: a rule that matches a whole input.
    pub const fn is_entry(self) -> bool {
        matches!(self, Role::ReferenceEntry | Role::UriEntry)
    }
}
