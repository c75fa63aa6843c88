//! Policies: [`Policy`], what a configuration allows of a URI reference
//! (schemes, hosts, ports, components, length), and [`PolicyError`], every
//! [`Violation`] of one by a parsed reference, each with the component and
//! the byte range it is about.
//!
//! Layer: above the algorithms, in `checks`. It imports the reference
//! types (`Reference`, `Host`, the default ports of `authority`), the IP
//! address values of `ip` and the base layer's positions (`Bounds`) and
//! `Component`; nothing below imports it.

use alloc::string::{String, ToString};
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::fmt;
use core::net::IpAddr;
use core::ops::Range;

use crate::authority::{default_port, Host};
use crate::component::Component;
use crate::reference::{Reference, Storage};
use crate::spec::Spec;

/// What a URI reference may be: its schemes, hosts and ports, which of its
/// userinfo, password, query and fragment it must or must not have, and
/// its longest length. [`check`](Self::check) finds every
/// [`Violation`] of it.
///
/// [`Policy::new`] allows everything; each `with_*`, `require_*` and
/// `forbid_*` method narrows it. With the `serde` feature, a policy is
/// `Serialize` and `Deserialize`, written as a configuration file would
/// say it (every field may be left out, and an unknown field is an error):
///
/// ```json
/// { "schemes": ["https"], "hosts": ["api.example.com"], "host_suffixes": ["example.org"],
///   "ports": [443, 8443], "userinfo": "forbidden", "password": "forbidden",
///   "query": "allowed", "fragment": "forbidden", "max_length": 2048 }
/// ```
///
/// `userinfo`, `query` and `fragment` are each `"allowed"` (the default),
/// `"required"` or `"forbidden"`; `password` is `"allowed"` or
/// `"forbidden"`.
///
/// The rules, each checked only when it is set:
///
/// - **schemes**: the scheme, compared ASCII-case-insensitively, is one of
///   them; a reference without a scheme violates it
///   ([`ViolationKind::MissingScheme`]).
/// - **hosts** and **host suffixes**: the host is one of the hosts, or a
///   registered name in the domain of one of the suffixes. A reference
///   without an authority violates them ([`ViolationKind::MissingHost`]);
///   an empty host (`file:///etc`) is a host, allowed only by an empty
///   entry in `hosts`.
///   - A registered name equals an entry ASCII-case-insensitively, as
///     written: percent-encodings are not decoded, so `ex%61mple.com` is
///     not `example.com` (check [`normalize_syntax`]'s result to compare
///     them decoded). One trailing dot is ignored on both sides:
///     `example.com.` is the same DNS name as `example.com` (its root
///     label written out), and matches the same entries.
///   - A suffix allows the name itself and every name that ends with `.`
///     and the suffix: `example.org` allows `example.org` and
///     `api.example.org`, never `badexample.org` or `example.org.evil`.
///     A leading dot in a suffix is ignored (`.example.org` is
///     `example.org`); an empty suffix allows nothing. A suffix never
///     allows an IP address (`0.1` does not allow `10.0.0.1`).
///   - An IP address equals an entry of `hosts` that holds the same
///     address: `[::1]` (or `::1`) allows `[0:0::1]`, `127.0.0.1` allows
///     `127.0.0.1`. An IPv6 address with a zone and an `IPvFuture`
///     literal equal an entry written the same, ASCII-case-insensitively.
/// - **ports**: the effective port is one of them: the port written, or,
///   without one (or with an empty one, `http://h:/`), the scheme's
///   default as [`port_or_known_default`] knows it. So `https://h/`,
///   `https://h:/` and `https://h:443/` all pass `[443]`, and
///   `https://h:8443/` does not. A reference with no effective port (no
///   authority, or no port and a scheme without a known default)
///   violates it ([`ViolationKind::MissingPort`]).
/// - **userinfo**, **query**, **fragment**: each is *present* when its
///   delimiter is (`@`, `?`, `#`), even with nothing after it: RFC 3986
///   keeps an empty component apart from an undefined one.
/// - **password**: the userinfo after its first `:`. An empty password
///   (`user:@host`) is no password (section 3.2.1, and
///   [`Reference::password`] gives `Some("")`), and passes. Where the
///   userinfo is forbidden too, only the userinfo is reported.
/// - **max length**: the reference's text is at most this many bytes.
///
/// ```
/// use rfc3986::{Component, Policy, Uri, ViolationKind};
///
/// let policy = Policy::new()
///     .with_schemes(["https"])
///     .with_host_suffixes(["example.com"])
///     .with_ports([443])
///     .forbid_userinfo();
///
/// assert!(policy.check(&Uri::parse("HTTPS://API.example.com:443/v1")?).is_ok());
///
/// let err = policy.check(&Uri::parse("http://user@badexample.com/")?).unwrap_err();
/// let kinds: Vec<_> = err.violations().iter().map(|v| v.kind()).collect();
/// assert_eq!(
///     kinds,
///     [
///         ViolationKind::SchemeNotAllowed,
///         ViolationKind::ForbiddenComponent,
///         ViolationKind::HostNotAllowed,
///         ViolationKind::PortNotAllowed,
///     ]
/// );
/// assert_eq!(err.violations()[2].component(), Some(Component::Host));
/// assert_eq!(err.violations()[2].range(), 12..26);
/// assert_eq!(
///     err.violations()[2].to_string(),
///     "host \"badexample.com\" at bytes 12..26 is not allowed (allowed: example.com and its subdomains)"
/// );
/// # Ok::<(), rfc3986::Error>(())
/// ```
///
/// [`normalize_syntax`]: Reference::normalize_syntax
/// [`port_or_known_default`]: Reference::port_or_known_default
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(default, deny_unknown_fields, rename_all = "snake_case")
)]
pub struct Policy {
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none", with = "shared")
    )]
    schemes: Option<Arc<[String]>>,
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none", with = "shared")
    )]
    hosts: Option<Arc<[String]>>,
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none", with = "shared")
    )]
    host_suffixes: Option<Arc<[String]>>,
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none", with = "shared")
    )]
    ports: Option<Arc<[u16]>>,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Presence::is_allowed"))]
    userinfo: Presence,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Password::is_allowed"))]
    password: Password,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Presence::is_allowed"))]
    query: Presence,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Presence::is_allowed"))]
    fragment: Presence,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    max_length: Option<usize>,
}

/// Whether a policy allows, requires or forbids a component.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
enum Presence {
    #[default]
    Allowed,
    Required,
    Forbidden,
}

impl Presence {
    #[cfg(feature = "serde")]
    fn is_allowed(&self) -> bool {
        *self == Presence::Allowed
    }
}

/// Whether a policy allows a password: it cannot require one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
enum Password {
    #[default]
    Allowed,
    Forbidden,
}

impl Password {
    #[cfg(feature = "serde")]
    fn is_allowed(&self) -> bool {
        *self == Password::Allowed
    }
}

/// What a [`Violation`] is.
///
/// ```
/// use rfc3986::{Policy, Uri, ViolationKind};
///
/// let err = Policy::new().forbid_query().check(&Uri::parse("/a?b")?).unwrap_err();
/// assert_eq!(err.violations()[0].kind(), ViolationKind::ForbiddenComponent);
/// # Ok::<(), rfc3986::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ViolationKind {
    /// The scheme is not one of the policy's.
    SchemeNotAllowed,
    /// The policy lists schemes, and the reference has none (it is
    /// relative). The range is empty, at byte 0.
    MissingScheme,
    /// The host is not one of the policy's, nor in the domain of one of
    /// its suffixes.
    HostNotAllowed,
    /// The policy lists hosts or host suffixes, and the reference has no
    /// authority. The range is empty, where the authority would go (where
    /// the path starts).
    MissingHost,
    /// The effective port (written, or the scheme's default) is not one
    /// of the policy's. The range is the port's digits, or, for a
    /// default port, empty where the digits would be.
    PortNotAllowed,
    /// The policy lists ports, and the reference has no effective port:
    /// no authority, or no port and a scheme without a known default. The
    /// range is empty, where the port's digits would be (where the path
    /// starts, without an authority).
    MissingPort,
    /// A component the policy forbids is there: the userinfo (without its
    /// `@`), the query (without its `?`) or the fragment (without its
    /// `#`).
    ForbiddenComponent,
    /// A component the policy requires is not there. The range is empty,
    /// where it would go: the userinfo at the host's start (where the
    /// path starts, without an authority), the query at the path's end,
    /// the fragment at the end of the text.
    MissingComponent,
    /// The userinfo holds a password, which the policy forbids. The range
    /// is the password, after the userinfo's first `:`, and the component
    /// is [`Component::Userinfo`].
    ForbiddenPassword,
    /// The reference is longer than the policy's maximum. The range is the
    /// bytes beyond it, and there is no component.
    TooLong,
}

/// One way a reference breaks a [`Policy`]: what ([`kind`](Self::kind)),
/// in which component, and where, as a byte range of the reference's text.
///
/// `Display` writes one line, which quotes a scheme or a host that is not
/// allowed (at most 64 bytes of it), and never the userinfo, a password, a
/// query or a fragment.
///
/// ```
/// use rfc3986::{Component, Policy, Uri, ViolationKind};
///
/// let uri = Uri::parse("http://example.com/")?;
/// let err = Policy::new().with_schemes(["https", "wss"]).check(&uri).unwrap_err();
/// let violation = &err.violations()[0];
/// assert_eq!(violation.kind(), ViolationKind::SchemeNotAllowed);
/// assert_eq!(violation.component(), Some(Component::Scheme));
/// assert_eq!(violation.range(), 0..4);
/// assert_eq!(violation.to_string(), "scheme \"http\" at bytes 0..4 is not allowed (allowed: https, wss)");
/// # Ok::<(), rfc3986::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Violation {
    kind: ViolationKind,
    component: Option<Component>,
    range: Range<usize>,
    /// The scheme or host that is not allowed (truncated), or the port's
    /// value.
    found: Option<Found>,
    /// What the policy allows, for the message: its list, shared with
    /// the policy, and written only when the message is.
    allowed: Option<Allowed>,
}

/// What a violation's message quotes: a scheme or a host (cut to
/// [`QUOTED`] bytes), or a port.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Found {
    Text(String),
    Port(u16),
}

/// A violation's [`Found`], written as its message quotes it; nothing
/// where there is none.
struct Quoted<'a>(Option<&'a Found>);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(Found::Text(text)) => f.write_str(text),
            Some(Found::Port(port)) => write!(f, "{port}"),
            None => Ok(()),
        }
    }
}

/// The list of a policy that a violation's message names.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Allowed {
    Schemes(Arc<[String]>),
    Hosts {
        hosts: Option<Arc<[String]>>,
        suffixes: Option<Arc<[String]>>,
    },
    Ports(Arc<[u16]>),
}

impl fmt::Display for Allowed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Allowed::Schemes(schemes) => listed(f, schemes.iter()),
            Allowed::Hosts { hosts, suffixes } => {
                let hosts = hosts.iter().flat_map(|h| h.iter()).map(Item::Plain);
                let suffixes = suffixes.iter().flat_map(|s| s.iter()).map(Item::Domain);
                listed(f, hosts.chain(suffixes))
            }
            Allowed::Ports(ports) => listed(f, ports.iter()),
        }
    }
}

impl Violation {
    /// What the violation is.
    ///
    /// ```
    /// use rfc3986::{Policy, Uri, ViolationKind};
    ///
    /// let err = Policy::new().with_max_length(3).check(&Uri::parse("/abcd")?).unwrap_err();
    /// assert_eq!(err.violations()[0].kind(), ViolationKind::TooLong);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn kind(&self) -> ViolationKind {
        self.kind
    }

    /// The component the violation is about: [`Component::Scheme`],
    /// [`Component::Userinfo`] (for a password too), [`Component::Host`],
    /// [`Component::Port`], [`Component::Query`] or
    /// [`Component::Fragment`]; `None` for the length, which is about the
    /// whole reference.
    ///
    /// ```
    /// use rfc3986::{Component, Policy, Uri};
    ///
    /// let policy = Policy::new().forbid_password().with_max_length(10);
    /// let err = policy.check(&Uri::parse("ftp://jo:pw@h/")?).unwrap_err();
    /// let components: Vec<_> = err.violations().iter().map(|v| v.component()).collect();
    /// assert_eq!(components, [Some(Component::Userinfo), None]);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn component(&self) -> Option<Component> {
        self.component
    }

    /// Where the violation is, in bytes of the reference's text: the
    /// offending component without its delimiters (the scheme without
    /// `:`, the userinfo without `@`, the password after the userinfo's
    /// first `:`, the host as written, IP literals with their brackets,
    /// the port's digits, the query without `?`, the fragment without
    /// `#`); for what is missing, the empty range where it would go (see
    /// [`ViolationKind`]); for the length, the bytes beyond the maximum,
    /// `max..len`.
    ///
    /// ```
    /// use rfc3986::{Policy, Uri};
    ///
    /// let uri = Uri::parse("ftp://jo:pw@h/")?;
    /// let err = Policy::new().forbid_password().check(&uri).unwrap_err();
    /// let range = err.violations()[0].range();
    /// assert_eq!(range, 9..11);
    /// assert_eq!(&uri.as_str()[range], "pw");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn range(&self) -> Range<usize> {
        self.range.clone()
    }

    fn new(kind: ViolationKind, component: Option<Component>, range: Range<usize>) -> Violation {
        Violation {
            kind,
            component,
            range,
            found: None,
            allowed: None,
        }
    }

    fn found(mut self, found: Found) -> Violation {
        self.found = Some(found);
        self
    }

    fn allowed(mut self, allowed: Allowed) -> Violation {
        self.allowed = Some(allowed);
        self
    }
}

impl fmt::Display for Violation {
    /// One line: what, where, and what the policy allows.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self.component {
            Some(component) => component.to_string(),
            None => String::from("reference"),
        };
        let at = At(&self.range);
        let found = Quoted(self.found.as_ref());
        match self.kind {
            ViolationKind::SchemeNotAllowed | ViolationKind::HostNotAllowed => {
                write!(f, "{name} \"{found}\" {at} is not allowed")?
            }
            ViolationKind::PortNotAllowed if self.range.is_empty() => {
                write!(f, "port {found} (the scheme's default) {at} is not allowed")?
            }
            ViolationKind::PortNotAllowed => write!(f, "port {found} {at} is not allowed")?,
            ViolationKind::MissingScheme
            | ViolationKind::MissingHost
            | ViolationKind::MissingPort => write!(f, "missing {name} {at}")?,
            ViolationKind::ForbiddenComponent => write!(f, "{name} {at} is forbidden")?,
            ViolationKind::MissingComponent => write!(f, "missing {name} {at} (required)")?,
            ViolationKind::ForbiddenPassword => write!(f, "password {at} is forbidden")?,
            ViolationKind::TooLong => write!(
                f,
                "reference length {} is over the maximum {}, {at}",
                self.range.end, self.range.start
            )?,
        }
        match &self.allowed {
            Some(allowed) => write!(f, " (allowed: {allowed})"),
            None => Ok(()),
        }
    }
}

/// A range as a message says where it is: `at bytes 0..4`, or `at byte 7`
/// when it is empty.
struct At<'a>(&'a Range<usize>);

impl fmt::Display for At<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            write!(f, "at byte {}", self.0.start)
        } else {
            write!(f, "at bytes {}..{}", self.0.start, self.0.end)
        }
    }
}

/// Every way a reference breaks a [`Policy`], in the order of the text
/// (by where each range starts; a length violation counts from the
/// maximum): what [`Policy::check`] returns. Never empty.
///
/// `Display` writes the violations on one line, separated by `; `.
///
/// ```
/// use rfc3986::{Policy, Uri};
///
/// let policy = Policy::new().forbid_query().forbid_fragment();
/// let err = policy.check(&Uri::parse("/a?b#c")?).unwrap_err();
/// assert_eq!(err.violations().len(), 2);
/// assert_eq!(err.to_string(), "query at bytes 3..4 is forbidden; fragment at bytes 5..6 is forbidden");
/// # Ok::<(), rfc3986::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{}", Listed(&self.violations))]
pub struct PolicyError {
    violations: Vec<Violation>,
}

impl PolicyError {
    /// The violations, in the order of the text; at least one.
    ///
    /// ```
    /// use rfc3986::{Policy, Uri, ViolationKind};
    ///
    /// let err = Policy::new().require_query().check(&Uri::parse("/a")?).unwrap_err();
    /// assert_eq!(err.violations()[0].kind(), ViolationKind::MissingComponent);
    /// assert_eq!(err.violations()[0].range(), 2..2);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn violations(&self) -> &[Violation] {
        &self.violations
    }

    /// The violations, owned, in the order of the text.
    ///
    /// ```
    /// use rfc3986::{Policy, Uri};
    ///
    /// let err = Policy::new().with_schemes(["https"]).check(&Uri::parse("/a")?).unwrap_err();
    /// let violations = err.into_violations();
    /// assert_eq!(violations[0].to_string(), "missing scheme at byte 0 (allowed: https)");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn into_violations(self) -> Vec<Violation> {
        self.violations
    }
}

/// Violations joined by `; `.
struct Listed<'a>(&'a [Violation]);

impl fmt::Display for Listed<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, violation) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{violation}")?;
        }
        Ok(())
    }
}

impl Policy {
    /// The policy that allows every reference; narrow it with the
    /// `with_*`, `require_*` and `forbid_*` methods.
    ///
    /// ```
    /// use rfc3986::{Policy, Uri};
    ///
    /// assert!(Policy::new().check(&Uri::parse("x://u:p@h:1/?q#f")?).is_ok());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn new() -> Policy {
        Policy::default()
    }

    /// Allows only these schemes, compared ASCII-case-insensitively
    /// (replacing any list set before). A reference without a scheme
    /// breaks it.
    ///
    /// ```
    /// use rfc3986::{Policy, Uri};
    ///
    /// let policy = Policy::new().with_schemes(["https", "wss"]);
    /// assert!(policy.check(&Uri::parse("WSS://h/")?).is_ok());
    /// assert!(policy.check(&Uri::parse("http://h/")?).is_err());
    /// assert!(policy.check(&Uri::parse("//h/")?).is_err());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn with_schemes<I>(mut self, schemes: I) -> Policy
    where
        I: IntoIterator,
        I::Item: Into<String>,
    {
        self.schemes = Some(schemes.into_iter().map(Into::into).collect());
        self
    }

    /// Allows only these hosts (and those of
    /// [`with_host_suffixes`](Self::with_host_suffixes)), replacing any
    /// list set before: registered names compared ASCII-case-insensitively
    /// and without a trailing dot, IP addresses by their value (`[::1]`
    /// or `::1` for an IPv6 address). See [`Policy`] for the details.
    ///
    /// ```
    /// use rfc3986::{Policy, Uri};
    ///
    /// let policy = Policy::new().with_hosts(["api.example.com", "[::1]"]);
    /// assert!(policy.check(&Uri::parse("https://API.Example.com./")?).is_ok());
    /// assert!(policy.check(&Uri::parse("http://[0:0::1]:8080/")?).is_ok());
    /// assert!(policy.check(&Uri::parse("https://www.example.com/")?).is_err());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn with_hosts<I>(mut self, hosts: I) -> Policy
    where
        I: IntoIterator,
        I::Item: Into<String>,
    {
        self.hosts = Some(hosts.into_iter().map(Into::into).collect());
        self
    }

    /// Allows only registered names in the domains of these suffixes (and
    /// the hosts of [`with_hosts`](Self::with_hosts)), replacing any list
    /// set before: a suffix allows itself and its subdomains, matched on
    /// label boundaries. See [`Policy`] for the details.
    ///
    /// ```
    /// use rfc3986::{Policy, Uri};
    ///
    /// let policy = Policy::new().with_host_suffixes(["example.com"]);
    /// assert!(policy.check(&Uri::parse("https://example.com/")?).is_ok());
    /// assert!(policy.check(&Uri::parse("https://a.b.example.com/")?).is_ok());
    /// assert!(policy.check(&Uri::parse("https://badexample.com/")?).is_err());
    /// assert!(policy.check(&Uri::parse("https://example.com.evil/")?).is_err());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn with_host_suffixes<I>(mut self, suffixes: I) -> Policy
    where
        I: IntoIterator,
        I::Item: Into<String>,
    {
        self.host_suffixes = Some(suffixes.into_iter().map(Into::into).collect());
        self
    }

    /// Allows only these effective ports (replacing any list set before):
    /// the port written, or the scheme's default
    /// ([`Reference::port_or_known_default`]).
    ///
    /// ```
    /// use rfc3986::{Policy, Uri};
    ///
    /// let policy = Policy::new().with_ports([443]);
    /// assert!(policy.check(&Uri::parse("https://h/")?).is_ok());
    /// assert!(policy.check(&Uri::parse("https://h:443/")?).is_ok());
    /// assert!(policy.check(&Uri::parse("http://h/")?).is_err());
    /// assert!(policy.check(&Uri::parse("foo://h/")?).is_err());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn with_ports<I: IntoIterator<Item = u16>>(mut self, ports: I) -> Policy {
        self.ports = Some(ports.into_iter().collect());
        self
    }

    /// Allows references of at most `max` bytes.
    ///
    /// ```
    /// use rfc3986::{Policy, Uri};
    ///
    /// let policy = Policy::new().with_max_length(8);
    /// assert!(policy.check(&Uri::parse("http://h")?).is_ok());
    /// let err = policy.check(&Uri::parse("http://h/a")?).unwrap_err();
    /// assert_eq!(err.to_string(), "reference length 10 is over the maximum 8, at bytes 8..10");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn with_max_length(mut self, max: usize) -> Policy {
        self.max_length = Some(max);
        self
    }

    /// Requires a userinfo (`user@`, even an empty one, `@`).
    ///
    /// ```
    /// use rfc3986::{Policy, Uri};
    ///
    /// let policy = Policy::new().require_userinfo();
    /// assert!(policy.check(&Uri::parse("ftp://@h/")?).is_ok());
    /// let err = policy.check(&Uri::parse("ftp://h/")?).unwrap_err();
    /// assert_eq!(err.to_string(), "missing userinfo at byte 6 (required)");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn require_userinfo(mut self) -> Policy {
        self.userinfo = Presence::Required;
        self
    }

    /// Forbids a userinfo, and so a password.
    ///
    /// ```
    /// use rfc3986::{Policy, Uri};
    ///
    /// let policy = Policy::new().forbid_userinfo();
    /// let err = policy.check(&Uri::parse("ftp://jo:pw@h/")?).unwrap_err();
    /// assert_eq!(err.to_string(), "userinfo at bytes 6..11 is forbidden");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn forbid_userinfo(mut self) -> Policy {
        self.userinfo = Presence::Forbidden;
        self
    }

    /// Forbids a password: a userinfo with something after its first `:`
    /// (`user:@host` has none).
    ///
    /// ```
    /// use rfc3986::{Policy, Uri};
    ///
    /// let policy = Policy::new().forbid_password();
    /// assert!(policy.check(&Uri::parse("ftp://jo@h/")?).is_ok());
    /// assert!(policy.check(&Uri::parse("ftp://jo:@h/")?).is_ok());
    /// let err = policy.check(&Uri::parse("ftp://jo:pw@h/")?).unwrap_err();
    /// assert_eq!(err.to_string(), "password at bytes 9..11 is forbidden");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn forbid_password(mut self) -> Policy {
        self.password = Password::Forbidden;
        self
    }

    /// Requires a query (`?`, even an empty one).
    ///
    /// ```
    /// use rfc3986::{Policy, Uri};
    ///
    /// let policy = Policy::new().require_query();
    /// assert!(policy.check(&Uri::parse("/a?")?).is_ok());
    /// let err = policy.check(&Uri::parse("/a#f")?).unwrap_err();
    /// assert_eq!(err.to_string(), "missing query at byte 2 (required)");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn require_query(mut self) -> Policy {
        self.query = Presence::Required;
        self
    }

    /// Forbids a query (`?`, even an empty one).
    ///
    /// ```
    /// use rfc3986::{Policy, Uri};
    ///
    /// let policy = Policy::new().forbid_query();
    /// let err = policy.check(&Uri::parse("/a?")?).unwrap_err();
    /// assert_eq!(err.to_string(), "query at byte 3 is forbidden");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn forbid_query(mut self) -> Policy {
        self.query = Presence::Forbidden;
        self
    }

    /// Requires a fragment (`#`, even an empty one).
    ///
    /// ```
    /// use rfc3986::{Policy, Uri};
    ///
    /// let policy = Policy::new().require_fragment();
    /// assert!(policy.check(&Uri::parse("/a#")?).is_ok());
    /// let err = policy.check(&Uri::parse("/a?q")?).unwrap_err();
    /// assert_eq!(err.to_string(), "missing fragment at byte 4 (required)");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn require_fragment(mut self) -> Policy {
        self.fragment = Presence::Required;
        self
    }

    /// Forbids a fragment (`#`, even an empty one).
    ///
    /// ```
    /// use rfc3986::{Policy, Uri};
    ///
    /// let policy = Policy::new().forbid_fragment();
    /// let err = policy.check(&Uri::parse("/a#top")?).unwrap_err();
    /// assert_eq!(err.to_string(), "fragment at bytes 3..6 is forbidden");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn forbid_fragment(mut self) -> Policy {
        self.fragment = Presence::Forbidden;
        self
    }

    /// Checks `uri` against the policy.
    ///
    /// # Errors
    ///
    /// [`PolicyError`] with every [`Violation`], in the order of the text,
    /// when the reference breaks a rule.
    ///
    /// ```
    /// use rfc3986::{Policy, Uri};
    ///
    /// let policy = Policy::new().with_schemes(["https"]).forbid_userinfo().with_ports([443]);
    /// assert!(policy.check(&Uri::parse("https://example.com/")?).is_ok());
    /// let err = policy.check(&Uri::parse("http://jo@example.com:8080/")?).unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "scheme \"http\" at bytes 0..4 is not allowed (allowed: https); \
    ///      userinfo at bytes 7..9 is forbidden; \
    ///      port 8080 at bytes 22..26 is not allowed (allowed: 443)"
    /// );
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn check<X: Spec, S: Storage>(&self, uri: &Reference<X, S>) -> Result<(), PolicyError> {
        let mut violations = Vec::new();
        let bounds = uri.bounds();
        let text = uri.as_str();
        self.check_scheme(uri, &mut violations);
        self.check_userinfo(uri, &mut violations);
        self.check_host(uri, &mut violations);
        self.check_port(uri, &mut violations);
        presence(
            &mut violations,
            self.query,
            Component::Query,
            bounds.query(),
            bounds.path().end,
        );
        presence(
            &mut violations,
            self.fragment,
            Component::Fragment,
            bounds.fragment(text.len()),
            text.len(),
        );
        if let Some(max) = self.max_length {
            if text.len() > max {
                violations.push(Violation::new(
                    ViolationKind::TooLong,
                    None,
                    max..text.len(),
                ));
            }
        }

        if violations.is_empty() {
            return Ok(());
        }
        // The rules ran in the order of the components, which is the
        // order of the text; the stable sort puts the length's violation,
        // which starts at the maximum, in its place and keeps the order of
        // the components where ranges start together.
        violations.sort_by_key(|violation| violation.range.start);
        Err(PolicyError { violations })
    }

    /// The scheme rule.
    fn check_scheme<X: Spec, S: Storage>(&self, uri: &Reference<X, S>, out: &mut Vec<Violation>) {
        let Some(schemes) = &self.schemes else {
            return;
        };
        let allowed = || Allowed::Schemes(Arc::clone(schemes));
        match (uri.scheme(), uri.bounds().scheme()) {
            (Some(scheme), Some(range)) => {
                if !schemes.iter().any(|s| s.eq_ignore_ascii_case(scheme)) {
                    out.push(
                        Violation::new(
                            ViolationKind::SchemeNotAllowed,
                            Some(Component::Scheme),
                            range,
                        )
                        .found(Found::Text(truncated(scheme)))
                        .allowed(allowed()),
                    );
                }
            }
            _ => out.push(
                Violation::new(ViolationKind::MissingScheme, Some(Component::Scheme), 0..0)
                    .allowed(allowed()),
            ),
        }
    }

    /// The userinfo and password rules: a forbidden userinfo is reported
    /// without its password.
    fn check_userinfo<X: Spec, S: Storage>(&self, uri: &Reference<X, S>, out: &mut Vec<Violation>) {
        let bounds = uri.bounds();
        let userinfo = bounds.userinfo();
        match (self.userinfo, &userinfo) {
            (Presence::Forbidden, Some(range)) => out.push(Violation::new(
                ViolationKind::ForbiddenComponent,
                Some(Component::Userinfo),
                range.clone(),
            )),
            (Presence::Required, None) => {
                // At the host's start, or where the authority would go.
                let at = bounds.host().unwrap_or(bounds.path()).start;
                out.push(Violation::new(
                    ViolationKind::MissingComponent,
                    Some(Component::Userinfo),
                    at..at,
                ));
            }
            _ => {}
        }
        if self.password == Password::Forbidden && self.userinfo != Presence::Forbidden {
            if let Some(range) = userinfo.and_then(|u| password(uri.as_str(), u)) {
                out.push(Violation::new(
                    ViolationKind::ForbiddenPassword,
                    Some(Component::Userinfo),
                    range,
                ));
            }
        }
    }

    /// The hosts and host suffixes rule.
    fn check_host<X: Spec, S: Storage>(&self, uri: &Reference<X, S>, out: &mut Vec<Violation>) {
        if self.hosts.is_none() && self.host_suffixes.is_none() {
            return;
        }
        let bounds = uri.bounds();
        match (uri.host(), bounds.host()) {
            (Some(host), Some(range)) => {
                let written = uri.as_str().get(range.clone()).unwrap_or_default();
                if !self.allows_host(host, written) {
                    out.push(
                        Violation::new(ViolationKind::HostNotAllowed, Some(Component::Host), range)
                            .found(Found::Text(truncated(written)))
                            .allowed(self.allowed_hosts()),
                    );
                }
            }
            _ => {
                // Where the authority would go.
                let at = bounds.path().start;
                out.push(
                    Violation::new(ViolationKind::MissingHost, Some(Component::Host), at..at)
                        .allowed(self.allowed_hosts()),
                );
            }
        }
    }

    /// The ports rule, on the port written or the scheme's default.
    fn check_port<X: Spec, S: Storage>(&self, uri: &Reference<X, S>, out: &mut Vec<Violation>) {
        let Some(ports) = &self.ports else {
            return;
        };
        let bounds = uri.bounds();
        // Where the port's digits are, or would be.
        let digits = match (bounds.port(), bounds.host()) {
            (Some(digits), _) => digits,
            (None, Some(host)) => host.end..host.end,
            (None, None) => bounds.path().start..bounds.path().start,
        };
        let effective = match (bounds.has_authority(), uri.port()) {
            (false, _) => None,
            (true, Some(port)) => Some((port, digits.clone())),
            (true, None) => uri
                .scheme()
                .and_then(default_port)
                .map(|port| (port, digits.start..digits.start)),
        };
        let allowed = || Allowed::Ports(Arc::clone(ports));
        match effective {
            Some((port, range)) => {
                if !ports.contains(&port) {
                    out.push(
                        Violation::new(ViolationKind::PortNotAllowed, Some(Component::Port), range)
                            .found(Found::Port(port))
                            .allowed(allowed()),
                    );
                }
            }
            None => out.push(
                Violation::new(
                    ViolationKind::MissingPort,
                    Some(Component::Port),
                    digits.start..digits.start,
                )
                .allowed(allowed()),
            ),
        }
    }

    /// Whether `host`, written `written`, is one of the hosts or in the
    /// domain of one of the suffixes.
    fn allows_host(&self, host: Host<'_>, written: &str) -> bool {
        let mut hosts = self.hosts.iter().flat_map(|h| h.iter()).map(String::as_str);
        match host {
            Host::Ipv4(address) => hosts
                .filter_map(ip_entry)
                .any(|entry| entry == IpAddr::V4(address)),
            Host::Ipv6(address) => hosts
                .filter_map(ip_entry)
                .any(|entry| entry == IpAddr::V6(address)),
            Host::RegName(name) => {
                let name = without_root(name);
                hosts
                    .map(without_root)
                    .any(|entry| entry.eq_ignore_ascii_case(name))
                    || self
                        .host_suffixes
                        .iter()
                        .flat_map(|s| s.iter())
                        .any(|suffix| in_domain(name, suffix))
            }
            _ => hosts.any(|entry| entry.eq_ignore_ascii_case(written)),
        }
    }

    /// The hosts and host suffixes the policy allows, for a message.
    fn allowed_hosts(&self) -> Allowed {
        Allowed::Hosts {
            hosts: self.hosts.clone(),
            suffixes: self.host_suffixes.clone(),
        }
    }
}

/// Checks a query or a fragment, whose range is `range` (`None`: absent)
/// and which would go at `at`, against `rule`.
fn presence(
    violations: &mut Vec<Violation>,
    rule: Presence,
    component: Component,
    range: Option<Range<usize>>,
    at: usize,
) {
    match (rule, range) {
        (Presence::Forbidden, Some(range)) => violations.push(Violation::new(
            ViolationKind::ForbiddenComponent,
            Some(component),
            range,
        )),
        (Presence::Required, None) => violations.push(Violation::new(
            ViolationKind::MissingComponent,
            Some(component),
            at..at,
        )),
        _ => {}
    }
}

/// The range of the password of the userinfo at `userinfo` in `text`:
/// after its first `:`, `None` when there is none or nothing follows it.
fn password(text: &str, userinfo: Range<usize>) -> Option<Range<usize>> {
    let colon = text.get(userinfo.clone())?.find(':')?;
    let start = userinfo.start + colon + 1;
    (start < userinfo.end).then_some(start..userinfo.end)
}

/// The IP address a host entry holds: an IPv4 address, or an IPv6 address
/// with or without its brackets.
fn ip_entry(entry: &str) -> Option<IpAddr> {
    match entry.strip_prefix('[').and_then(|e| e.strip_suffix(']')) {
        Some(inner) => crate::ip::ipv6(inner).map(IpAddr::V6),
        None => crate::ip::ipv4(entry)
            .map(IpAddr::V4)
            .or_else(|| crate::ip::ipv6(entry).map(IpAddr::V6)),
    }
}

/// A registered name without one trailing dot (the DNS root label written
/// out), unless that leaves nothing.
fn without_root(name: &str) -> &str {
    match name.strip_suffix('.') {
        Some(rest) if !rest.is_empty() => rest,
        _ => name,
    }
}

/// Whether the registered name `name` (without its root dot) is `suffix`
/// or ends with `.` and `suffix`, ASCII-case-insensitively; a suffix's
/// leading and trailing dot are ignored, and an empty suffix allows
/// nothing.
fn in_domain(name: &str, suffix: &str) -> bool {
    let suffix = without_root(suffix.strip_prefix('.').unwrap_or(suffix));
    if suffix.is_empty() || suffix == "." || name.len() < suffix.len() {
        return false;
    }
    let (head, tail) = name.as_bytes().split_at(name.len() - suffix.len());
    tail.eq_ignore_ascii_case(suffix.as_bytes()) && (head.is_empty() || head.ends_with(b"."))
}

/// At most this many bytes of a scheme or a host are quoted in a message.
const QUOTED: usize = 64;

/// `text` cut to at most [`QUOTED`] bytes, on a character boundary, with
/// `...` after it when it was cut.
fn truncated(text: &str) -> String {
    if text.len() <= QUOTED {
        return String::from(text);
    }
    let mut end = QUOTED;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let mut cut = String::from(&text[..end]);
    cut.push_str("...");
    cut
}

/// At most this many entries of a policy's list are named in a message.
const LISTED: usize = 8;

/// An entry of a host list, for a message.
enum Item<'a> {
    Plain(&'a String),
    Domain(&'a String),
}

impl fmt::Display for Item<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Item::Plain(host) => f.write_str(host),
            Item::Domain(suffix) => write!(f, "{suffix} and its subdomains"),
        }
    }
}

/// Writes `items` separated by `, `, the first [`LISTED`] of them (each
/// cut to [`QUOTED`] bytes) and how many more; `none` when there are none.
fn listed<T: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    items: impl Iterator<Item = T>,
) -> fmt::Result {
    let mut shown = 0usize;
    let mut more = 0usize;
    for item in items {
        if shown >= LISTED {
            more += 1;
            continue;
        }
        if shown > 0 {
            f.write_str(", ")?;
        }
        f.write_str(&truncated(&item.to_string()))?;
        shown += 1;
    }
    if shown == 0 {
        f.write_str("none")?;
    }
    if more > 0 {
        write!(f, ", and {more} more")?;
    }
    Ok(())
}

/// Serde of a policy's lists, which the policy shares with the violations
/// that name them (`Arc<[T]>`), as sequences: `serde`'s own `Arc` support
/// needs its `rc` feature, and a list needs nothing of it but this.
#[cfg(feature = "serde")]
mod shared {
    use alloc::sync::Arc;
    use alloc::vec::Vec;

    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<T: Serialize, S: Serializer>(
        list: &Option<Arc<[T]>>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        list.as_deref().serialize(serializer)
    }

    pub fn deserialize<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<Arc<[T]>>, D::Error> {
        Ok(Option::<Vec<T>>::deserialize(deserializer)?.map(Arc::from))
    }
}
