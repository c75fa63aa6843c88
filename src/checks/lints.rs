//! Lints: the SHOULD-level problems of a URI reference that is valid,
//! [`Reference::lints`], each a [`Lint`] with its [`LintKind`], its byte
//! range in the reference's text, its [`Severity`] and a message that cites
//! the RFC section it breaks.
//!
//! This module owns the lints' vocabulary (the kinds, their names, sections
//! and severities, the messages) and the one scan that finds them, over the
//! reference's text and the component ranges of its
//! [`Bounds`](crate::bounds::Bounds). It imports only the layers below: the
//! reference types, the bounds, the character classes and
//! percent-encoding of the grammar layer, and the table of default ports.

use alloc::string::String;
use alloc::vec::Vec;
use core::cmp::Reverse;
use core::fmt;
use core::ops::Range;
use core::str::FromStr;

use crate::authority::default_port;
use crate::bounds::{Bounds, HostKind};
use crate::chars;
use crate::percent::{decodes_to, octet_at};
use crate::reference::{Reference, Storage};
use crate::spec::Spec;

impl<X: Spec, S: Storage> Reference<X, S> {
    /// The SHOULD-level problems of this reference: what RFC 3986 asks
    /// producers to write otherwise, though the reference is valid. One
    /// [`Lint`] per problem, in text order (by the start of its range; of
    /// two lints that start at the same byte, the one with the longer
    /// range first). A reference without a problem gives an empty `Vec`,
    /// without allocating.
    ///
    /// | Name | Kind | Section | Severity | Example |
    /// |------|------|---------|----------|---------|
    /// | `uppercase-scheme` | [`UppercaseScheme`](LintKind::UppercaseScheme) | 3.1 | info | `HTTP://example.com/` |
    /// | `uppercase-host` | [`UppercaseHost`](LintKind::UppercaseHost) | 3.2.2 | info | `http://Example.COM/` |
    /// | `lowercase-percent-encoding` | [`LowercasePercentEncoding`](LintKind::LowercasePercentEncoding) | 2.1 | info | `http://example.com/a%3ab` |
    /// | `encoded-unreserved` | [`EncodedUnreserved`](LintKind::EncodedUnreserved) | 2.3 | info | `http://example.com/%7Euser` |
    /// | `empty-port` | [`EmptyPort`](LintKind::EmptyPort) | 3.2.3 | info | `http://example.com:/` |
    /// | `default-port` | [`DefaultPort`](LintKind::DefaultPort) | 3.2.3 | info | `https://example.com:443/` |
    /// | `password` | [`Password`](LintKind::Password) | 3.2.1 | warning | `ftp://user:secret@example.com/` |
    /// | `dot-segment` | [`DotSegment`](LintKind::DotSegment) | 5.2.4 | warning | `http://example.com/v1/../admin` |
    /// | `non-dns-name` | [`NonDnsName`](LintKind::NonDnsName) | 3.2.2 | info | `http://my_host.example/` |
    ///
    /// What each kind finds, and its range:
    ///
    /// - **`uppercase-scheme`**: a letter `A` to `Z` in the scheme, which
    ///   is case-insensitive and should be written in lowercase; the range
    ///   is the scheme.
    /// - **`uppercase-host`**: a letter `A` to `Z` in the host, outside its
    ///   percent-encodings (whose hexadecimal digits should be uppercase).
    ///   Section 3.2.2 asks for lowercase "for registered names and
    ///   hexadecimal addresses", so IPv6 literals are linted too
    ///   (`[2001:DB8::1]`), as RFC 5952 section 4.3 also asks, and so are
    ///   IPvFuture literals, since the whole host is case-insensitive. The
    ///   range is the host as written, an IP literal with its brackets.
    /// - **`lowercase-percent-encoding`**: a percent-encoding with a
    ///   hexadecimal digit in lowercase (`%3a`); section 2.1 says producers
    ///   should use uppercase. One lint per encoding, whose range is its
    ///   three bytes.
    /// - **`encoded-unreserved`**: a percent-encoding of an unreserved
    ///   character (`ALPHA`, `DIGIT`, `-`, `.`, `_`, `~`), which section 2.3
    ///   says should not be created: the character itself means the same.
    ///   One lint per encoding; an encoding that is both lowercase and of
    ///   an unreserved character (`%7e`) gives only this lint, since
    ///   decoding it fixes both. Only the unreserved characters of RFC 3986
    ///   count, in an [`Iri`](https://docs.rs/rfc3986/latest/rfc3986/type.Iri.html) too: RFC 3987's `iunreserved`
    ///   characters above ASCII are left to
    ///   [`normalize_syntax`](Self::normalize_syntax).
    /// - **`empty-port`**: a `:` after the host with no port after it
    ///   (`example.com:`); section 3.2.3 says to omit the `:`. The range is
    ///   the `:`.
    /// - **`default-port`**: a port whose value is the scheme's default, for
    ///   the schemes whose default the crate knows (`http` and `ws` 80,
    ///   `https` and `wss` 443, `ftp` 21, the table of
    ///   [`port_or_known_default`](Self::port_or_known_default)), leading
    ///   zeros or not (`:0443`); section 3.2.3 says to omit it. The range is
    ///   the `:` and the digits.
    /// - **`password`**: a non-empty password in the userinfo
    ///   (`user:password`, deprecated by section 3.2.1, which says
    ///   applications should not show it). The range is the password,
    ///   after the first `:` and up to the `@`; the message does not quote
    ///   it. `user:@host` has no password, and no lint.
    /// - **`dot-segment`**: a `.` or `..` segment, written as it is or
    ///   percent-encoded (`%2E`, `.%2e`), in a path that resolution does
    ///   not merge with a base's: the path of a reference with a scheme or
    ///   an authority, or an absolute path (`/a/../b`). Resolution removes
    ///   them there (section 5.2.4), so the path does not name what it
    ///   reads as: `/v1/../admin` is `/admin`. In a relative-path reference
    ///   (`../a`) dot segments are how the reference climbs its base's
    ///   path, and are not linted; nor is the `.` of a path that starts
    ///   `/.//` without an authority (`f:/.//g`, as
    ///   [`resolve`](Self::resolve) writes it), which keeps `//g` from
    ///   reading as an authority. One lint per segment; its range is the
    ///   segment.
    /// - **`non-dns-name`**: a non-empty registered name that does not have
    ///   the syntax of a DNS name (section 3.2.2, which points to RFC 1034
    ///   section 3.5 and RFC 1123 section 2.1): labels of letters, digits
    ///   and hyphens, separated by dots (one trailing dot allowed), each 1
    ///   to 63 bytes, not starting or ending with a hyphen, at most 253
    ///   bytes in all, and a last label that is not all digits (RFC 1123
    ///   section 2.1: `256.1.1.1` reads as an address to many programs).
    ///   A percent-encoded name fails: section 3.2.2 asks for an
    ///   internationalized name in its IDNA ASCII form. In an
    ///   [`Iri`](https://docs.rs/rfc3986/latest/rfc3986/type.Iri.html), a character above ASCII counts as a letter,
    ///   since IDNA turns such a label into an ASCII one (`例え.jp` gives no
    ///   lint), and the lengths are checked only for labels that are ASCII.
    ///   Its severity is info: a registered name need not be meant for the
    ///   DNS. The range is the host.
    ///
    /// Severities are [`Info`](Severity::Info), for a form that means the
    /// same as the one the RFC recommends, and
    /// [`Warning`](Severity::Warning), for a form that hides what the
    /// reference does (a path that resolution changes, a secret in clear
    /// text). No lint is an error: the reference is valid.
    ///
    /// ```
    /// use rfc3986::{LintKind, Severity, Uri};
    ///
    /// let uri = Uri::parse("HTTP://user:pw@Example.com:80/a/../%7e")?;
    /// let lints = uri.lints();
    /// let found: Vec<_> = lints.iter().map(|l| (l.kind().as_str(), l.range())).collect();
    /// assert_eq!(
    ///     found,
    ///     [
    ///         ("uppercase-scheme", 0..4),
    ///         ("password", 12..14),
    ///         ("uppercase-host", 15..26),
    ///         ("default-port", 26..29),
    ///         ("dot-segment", 32..34),
    ///         ("encoded-unreserved", 35..38),
    ///     ]
    /// );
    /// assert_eq!(lints[1].severity(), Severity::Warning);
    /// assert_eq!(
    ///     lints[0].to_string(),
    ///     "uppercase letters in the scheme \"HTTP\" at bytes 0..4: schemes are \
    ///      case-insensitive and should be written in lowercase (RFC 3986 section 3.1)"
    /// );
    ///
    /// assert!(Uri::parse("https://example.com/a?b#c")?.lints().is_empty());
    /// assert!(Uri::parse("../a")?.lints().is_empty());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn lints(&self) -> Vec<Lint> {
        let text = self.as_str();
        let bounds = self.bounds();
        let mut lints = Vec::new();
        scheme_lints(text, bounds, &mut lints);
        authority_lints(text, bounds, &mut lints);
        dot_segment_lints(text, bounds, &mut lints);
        percent_lints(text, bounds, &mut lints);
        // Each pass above is in text order; merged, a stable sort keeps the
        // order of the passes between lints with the same range.
        lints.sort_by_key(|lint| (lint.range.start, Reverse(lint.range.end)));
        lints
    }
}

/// A SHOULD-level problem of a valid URI reference, found by
/// [`Reference::lints`]: its kind, where it is in the reference's text,
/// how serious it is, and a one-line message that cites the RFC section.
///
/// The message (`Display`, [`message`](Self::message)) quotes the
/// offending text, at most 40 bytes of it (longer text is cut, with `...`
/// after the quotes), but never a password.
///
/// ```
/// use rfc3986::{LintKind, Severity, Uri};
///
/// let uri = Uri::parse("http://example.com:/")?;
/// let lint = &uri.lints()[0];
/// assert_eq!(lint.kind(), LintKind::EmptyPort);
/// assert_eq!(lint.range(), 18..19);
/// assert_eq!(&uri.as_str()[lint.range()], ":");
/// assert_eq!(lint.severity(), Severity::Info);
/// assert_eq!(
///     lint.message(),
///     "empty port at bytes 18..19: the \":\" should be omitted when the port is empty \
///      (RFC 3986 section 3.2.3)"
/// );
/// # Ok::<(), rfc3986::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Lint {
    kind: LintKind,
    severity: Severity,
    range: Range<usize>,
    /// The offending text, for the message: empty where the message quotes
    /// none.
    excerpt: Excerpt,
    /// Why a registered name is not a DNS name, for
    /// [`LintKind::NonDnsName`].
    dns: Option<DnsProblem>,
}

impl Lint {
    /// A lint of `kind` over `range` of `text`, with the kind's severity,
    /// quoting that text.
    fn new(kind: LintKind, text: &str, range: Range<usize>) -> Lint {
        Lint {
            kind,
            severity: kind.severity(),
            excerpt: Excerpt::of(text.get(range.clone()).unwrap_or_default()),
            range,
            dns: None,
        }
    }

    /// What the problem is.
    ///
    /// ```
    /// use rfc3986::{LintKind, Uri};
    ///
    /// let uri = Uri::parse("HTTP://example.com/")?;
    /// assert_eq!(uri.lints()[0].kind(), LintKind::UppercaseScheme);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn kind(&self) -> LintKind {
        self.kind
    }

    /// Where the problem is: the bytes of the reference's text that it is
    /// about (see [`Reference::lints`] for each kind's range).
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::parse("http://example.com/a%3ab")?;
    /// let lint = &uri.lints()[0];
    /// assert_eq!(lint.range(), 20..23);
    /// assert_eq!(&uri.as_str()[lint.range()], "%3a");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn range(&self) -> Range<usize> {
        self.range.clone()
    }

    /// How serious the problem is: its kind's
    /// [`severity`](LintKind::severity), unless
    /// [`with_severity`](Self::with_severity) set another.
    ///
    /// ```
    /// use rfc3986::{Severity, Uri};
    ///
    /// let uri = Uri::parse("ftp://user:secret@example.com/")?;
    /// assert_eq!(uri.lints()[0].severity(), Severity::Warning);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn severity(&self) -> Severity {
        self.severity
    }

    /// The same lint with another severity: for an application that rates
    /// a kind otherwise than its default (a `non-dns-name` is a warning
    /// where every host must be looked up in the DNS).
    ///
    /// ```
    /// use rfc3986::{LintKind, Severity, Uri};
    ///
    /// let uri = Uri::parse("http://my_host/")?;
    /// let lints: Vec<_> = uri
    ///     .lints()
    ///     .into_iter()
    ///     .map(|lint| match lint.kind() {
    ///         LintKind::NonDnsName => lint.with_severity(Severity::Warning),
    ///         _ => lint,
    ///     })
    ///     .collect();
    /// assert_eq!(lints[0].severity(), Severity::Warning);
    /// assert_eq!(lints[0].kind().severity(), Severity::Info);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn with_severity(mut self, severity: Severity) -> Lint {
        self.severity = severity;
        self
    }

    /// The message: one line that says what is wrong, where, and which
    /// section of RFC 3986 asks otherwise. The same text as `Display`.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::parse("http://example.com/%7Euser")?;
    /// assert_eq!(
    ///     uri.lints()[0].message(),
    ///     "percent-encoded unreserved character \"%7E\" at bytes 19..22: it should be \
    ///      written as \"~\" (RFC 3986 section 2.3)"
    /// );
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn message(&self) -> String {
        alloc::format!("{self}")
    }
}

impl fmt::Display for Lint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Range { start, end } = self.range;
        let quoted = &self.excerpt;
        match self.kind {
            LintKind::UppercaseScheme => write!(
                f,
                "uppercase letters in the scheme {quoted} at bytes {start}..{end}: schemes are \
                 case-insensitive and should be written in lowercase"
            )?,
            LintKind::UppercaseHost => write!(
                f,
                "uppercase letters in the host {quoted} at bytes {start}..{end}: hosts are \
                 case-insensitive and should be written in lowercase"
            )?,
            LintKind::LowercasePercentEncoding => write!(
                f,
                "lowercase hexadecimal digits in the percent-encoding {quoted} at bytes \
                 {start}..{end}: percent-encodings should use uppercase hexadecimal digits"
            )?,
            LintKind::EncodedUnreserved => {
                write!(
                    f,
                    "percent-encoded unreserved character {quoted} at bytes {start}..{end}: it \
                     should be written as "
                )?;
                match octet_at(quoted.as_str().as_bytes(), 0) {
                    Some(octet) => write!(f, "\"{}\"", char::from(octet))?,
                    None => f.write_str("the character it encodes")?,
                }
            }
            LintKind::EmptyPort => write!(
                f,
                "empty port at bytes {start}..{end}: the \":\" should be omitted when the port \
                 is empty"
            )?,
            LintKind::DefaultPort => write!(
                f,
                "the port {quoted} at bytes {start}..{end} is the scheme's default: it should be \
                 omitted, with its \":\""
            )?,
            LintKind::Password => write!(
                f,
                "a password in the userinfo at bytes {start}..{end}: \"user:password\" is \
                 deprecated, and a password should not be written in a URI"
            )?,
            LintKind::DotSegment => write!(
                f,
                "dot segment {quoted} at bytes {start}..{end}: resolution removes it from this \
                 path, and dot segments should be written only in relative-path references"
            )?,
            LintKind::NonDnsName => {
                write!(
                    f,
                    "the registered name {quoted} at bytes {start}..{end} is not a DNS name"
                )?;
                if let Some(problem) = self.dns {
                    write!(f, " ({problem})")?;
                }
                f.write_str(
                    ": a name for DNS lookup should be labels of letters, digits and hyphens, \
                     separated by dots",
                )?;
            }
        }
        write!(f, " (RFC 3986 section {})", self.kind.section())
    }
}

/// What a [`Lint`] is about: which SHOULD of RFC 3986 the reference does
/// not follow. [`Reference::lints`] has the table of kinds.
///
/// Each kind has a stable lowercase name ([`as_str`](Self::as_str), and
/// back with `FromStr`), for command lines and configuration files.
///
/// ```
/// use rfc3986::{LintKind, Severity};
///
/// let kind: LintKind = "default-port".parse()?;
/// assert_eq!(kind, LintKind::DefaultPort);
/// assert_eq!(kind.as_str(), "default-port");
/// assert_eq!(kind.section(), "3.2.3");
/// assert_eq!(kind.severity(), Severity::Info);
/// # Ok::<(), rfc3986::LintNameError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum LintKind {
    /// Uppercase letters in the scheme (section 3.1).
    UppercaseScheme,
    /// Uppercase letters in the host, outside its percent-encodings
    /// (section 3.2.2).
    UppercaseHost,
    /// Lowercase hexadecimal digits in a percent-encoding (section 2.1).
    LowercasePercentEncoding,
    /// A percent-encoded unreserved character (section 2.3).
    EncodedUnreserved,
    /// An empty port: a `:` after the host and nothing after it (section
    /// 3.2.3).
    EmptyPort,
    /// A port that is the scheme's default (section 3.2.3).
    DefaultPort,
    /// A password in the userinfo (section 3.2.1).
    Password,
    /// A `.` or `..` segment in a path that resolution does not merge
    /// (section 5.2.4).
    DotSegment,
    /// A registered name without the syntax of a DNS name (section 3.2.2).
    NonDnsName,
}

impl LintKind {
    /// Every kind, in the order of the table of [`Reference::lints`].
    ///
    /// ```
    /// use rfc3986::LintKind;
    ///
    /// assert_eq!(LintKind::ALL[0].as_str(), "uppercase-scheme");
    /// assert!(LintKind::ALL.contains(&LintKind::Password));
    /// ```
    pub const ALL: &'static [LintKind] = &[
        LintKind::UppercaseScheme,
        LintKind::UppercaseHost,
        LintKind::LowercasePercentEncoding,
        LintKind::EncodedUnreserved,
        LintKind::EmptyPort,
        LintKind::DefaultPort,
        LintKind::Password,
        LintKind::DotSegment,
        LintKind::NonDnsName,
    ];

    /// The kind's stable name: lowercase words joined by `-`.
    ///
    /// ```
    /// use rfc3986::LintKind;
    ///
    /// assert_eq!(LintKind::LowercasePercentEncoding.as_str(), "lowercase-percent-encoding");
    /// assert_eq!(LintKind::NonDnsName.to_string(), "non-dns-name");
    /// ```
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            LintKind::UppercaseScheme => "uppercase-scheme",
            LintKind::UppercaseHost => "uppercase-host",
            LintKind::LowercasePercentEncoding => "lowercase-percent-encoding",
            LintKind::EncodedUnreserved => "encoded-unreserved",
            LintKind::EmptyPort => "empty-port",
            LintKind::DefaultPort => "default-port",
            LintKind::Password => "password",
            LintKind::DotSegment => "dot-segment",
            LintKind::NonDnsName => "non-dns-name",
        }
    }

    /// The section of RFC 3986 that says what the reference should do
    /// instead.
    ///
    /// ```
    /// use rfc3986::LintKind;
    ///
    /// assert_eq!(LintKind::UppercaseScheme.section(), "3.1");
    /// assert_eq!(LintKind::DotSegment.section(), "5.2.4");
    /// ```
    #[must_use]
    pub const fn section(self) -> &'static str {
        match self {
            LintKind::UppercaseScheme => "3.1",
            LintKind::UppercaseHost | LintKind::NonDnsName => "3.2.2",
            LintKind::LowercasePercentEncoding => "2.1",
            LintKind::EncodedUnreserved => "2.3",
            LintKind::EmptyPort | LintKind::DefaultPort => "3.2.3",
            LintKind::Password => "3.2.1",
            LintKind::DotSegment => "5.2.4",
        }
    }

    /// The severity of the kind's lints (which
    /// [`Lint::with_severity`] can change lint by lint):
    /// [`Warning`](Severity::Warning) for a password and a dot segment,
    /// which hide what the reference does, [`Info`](Severity::Info) for the
    /// others, which are forms that mean the same as the recommended one.
    ///
    /// ```
    /// use rfc3986::{LintKind, Severity};
    ///
    /// assert_eq!(LintKind::Password.severity(), Severity::Warning);
    /// assert_eq!(LintKind::UppercaseHost.severity(), Severity::Info);
    /// ```
    #[must_use]
    pub const fn severity(self) -> Severity {
        match self {
            LintKind::Password | LintKind::DotSegment => Severity::Warning,
            _ => Severity::Info,
        }
    }
}

impl fmt::Display for LintKind {
    /// The kind's [`as_str`](Self::as_str) name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for LintKind {
    type Err = LintNameError;

    /// The kind named `name` ([`as_str`](Self::as_str)), in any ASCII case.
    ///
    /// ```
    /// use rfc3986::LintKind;
    ///
    /// assert_eq!("Password".parse::<LintKind>(), Ok(LintKind::Password));
    /// let err = "passwd".parse::<LintKind>().unwrap_err();
    /// assert!(err.to_string().starts_with("unknown lint \"passwd\": expected one of uppercase-scheme, "));
    /// ```
    fn from_str(name: &str) -> Result<LintKind, LintNameError> {
        LintKind::ALL
            .iter()
            .copied()
            .find(|kind| kind.as_str().eq_ignore_ascii_case(name))
            .ok_or_else(|| LintNameError::new(Named::Lint, name))
    }
}

/// How serious a [`Lint`] is, from the least: [`Info`](Self::Info) <
/// [`Warning`](Self::Warning). A tool that fails on lints fails on those at
/// or above a severity its user names (`lint.severity() >= threshold`);
/// `FromStr` reads the names [`as_str`](Self::as_str) gives.
///
/// There is no "error": a lint is about a valid reference.
///
/// ```
/// use rfc3986::Severity;
///
/// let threshold: Severity = "warning".parse()?;
/// assert!(Severity::Info < threshold);
/// assert_eq!(threshold.as_str(), "warning");
/// assert_eq!(
///     "fatal".parse::<Severity>().unwrap_err().to_string(),
///     "unknown severity \"fatal\": expected one of info, warning"
/// );
/// # Ok::<(), rfc3986::LintNameError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Severity {
    /// A form that means the same as the one the RFC recommends, written
    /// otherwise: case, percent-encoding, ports that say nothing, names
    /// that the DNS cannot look up.
    Info,
    /// A form that hides what the reference does or exposes: a path that
    /// resolution changes, a password in clear text.
    Warning,
}

impl Severity {
    /// Every severity, from the least.
    ///
    /// ```
    /// use rfc3986::Severity;
    ///
    /// assert_eq!(Severity::ALL, [Severity::Info, Severity::Warning]);
    /// ```
    pub const ALL: &'static [Severity] = &[Severity::Info, Severity::Warning];

    /// The severity's name: `info` or `warning`.
    ///
    /// ```
    /// use rfc3986::Severity;
    ///
    /// assert_eq!(Severity::Info.as_str(), "info");
    /// assert_eq!(Severity::Warning.to_string(), "warning");
    /// ```
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
        }
    }
}

impl fmt::Display for Severity {
    /// The severity's [`as_str`](Self::as_str) name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Severity {
    type Err = LintNameError;

    /// The severity named `name` ([`as_str`](Self::as_str)), in any ASCII
    /// case.
    ///
    /// ```
    /// use rfc3986::Severity;
    ///
    /// assert_eq!("INFO".parse::<Severity>(), Ok(Severity::Info));
    /// assert!("error".parse::<Severity>().is_err());
    /// ```
    fn from_str(name: &str) -> Result<Severity, LintNameError> {
        Severity::ALL
            .iter()
            .copied()
            .find(|severity| severity.as_str().eq_ignore_ascii_case(name))
            .ok_or_else(|| LintNameError::new(Named::Severity, name))
    }
}

/// A name that is not a [`Severity`]'s or a [`LintKind`]'s: the error of
/// their `FromStr`. Its message quotes at most 40 bytes of the name, and
/// lists the names there are.
///
/// ```
/// use rfc3986::{LintKind, Severity};
///
/// let err = "loud".parse::<Severity>().unwrap_err();
/// assert_eq!(err.to_string(), "unknown severity \"loud\": expected one of info, warning");
/// assert!("empty_port".parse::<LintKind>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("unknown {what} {given}: expected one of {expected}")]
pub struct LintNameError {
    what: Named,
    given: Excerpt,
    expected: Expected,
}

impl LintNameError {
    fn new(what: Named, given: &str) -> LintNameError {
        LintNameError {
            what,
            given: Excerpt::of(given),
            expected: Expected(what),
        }
    }
}

/// What a [`LintNameError`] was asked to name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Named {
    Severity,
    Lint,
}

impl fmt::Display for Named {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Named::Severity => "severity",
            Named::Lint => "lint",
        })
    }
}

/// The names a [`LintNameError`] expected, joined by `, `.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Expected(Named);

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = match self.0 {
            Named::Severity => Severity::ALL.iter().map(|s| s.as_str()).collect::<Vec<_>>(),
            Named::Lint => LintKind::ALL.iter().map(|k| k.as_str()).collect(),
        };
        for (i, name) in names.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(name)?;
        }
        Ok(())
    }
}

/// The most bytes of text that an [`Excerpt`] keeps.
const EXCERPT_MAX: usize = 40;

/// At most [`EXCERPT_MAX`] bytes of a text, cut at a character boundary,
/// kept inline so that a [`Lint`] allocates nothing. `Display` writes it
/// quoted, with `...` after the quotes when it was cut.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Excerpt {
    bytes: [u8; EXCERPT_MAX],
    len: u8,
    cut: bool,
}

impl Excerpt {
    fn of(text: &str) -> Excerpt {
        let mut len = text.len().min(EXCERPT_MAX);
        while !text.is_char_boundary(len) {
            len -= 1;
        }
        let mut bytes = [0; EXCERPT_MAX];
        bytes[..len].copy_from_slice(&text.as_bytes()[..len]);
        Excerpt {
            bytes,
            len: len as u8,
            cut: len < text.len(),
        }
    }

    fn as_str(&self) -> &str {
        // The bytes are a prefix of a `str` cut at a character boundary.
        core::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }
}

impl fmt::Display for Excerpt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\"", self.as_str())?;
        if self.cut {
            f.write_str("...")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Excerpt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a registered name is not a DNS name: the first problem found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum DnsProblem {
    /// A percent-encoding: an internationalized name belongs in its IDNA
    /// ASCII form.
    PercentEncoded,
    /// A character that is not a letter, a digit, a hyphen or a dot.
    Character(char),
    /// More than 253 bytes, without a trailing dot.
    TooLong,
    /// Two dots in a row, a leading dot, or a name that is only a dot.
    EmptyLabel,
    /// A label longer than 63 bytes.
    LongLabel,
    /// A label that starts or ends with a hyphen.
    Hyphen,
    /// A last label of digits only (RFC 1123 section 2.1).
    NumericLast,
}

impl fmt::Display for DnsProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DnsProblem::PercentEncoded => {
                f.write_str("it is percent-encoded; an internationalized name takes its IDNA form")
            }
            DnsProblem::Character(c) => write!(f, "it has the character \"{c}\""),
            DnsProblem::TooLong => f.write_str("it is longer than 253 bytes"),
            DnsProblem::EmptyLabel => f.write_str("it has an empty label"),
            DnsProblem::LongLabel => f.write_str("it has a label longer than 63 bytes"),
            DnsProblem::Hyphen => f.write_str("a label starts or ends with a hyphen"),
            DnsProblem::NumericLast => f.write_str("its last label is all digits"),
        }
    }
}

/// Why the registered name `name` (not empty) is not a DNS name, if it is
/// not: RFC 1034 section 3.5 and RFC 1123 section 2.1, with a character
/// above ASCII taken as a letter (an IRI's, which IDNA maps to ASCII).
fn dns_problem(name: &str) -> Option<DnsProblem> {
    if name.contains('%') {
        return Some(DnsProblem::PercentEncoded);
    }
    // Characters above ASCII are letters here (an IDN's U-label), so the
    // first that is not allowed is an ASCII byte.
    let allowed = |b: u8| b.is_ascii_alphanumeric() || b == b'-' || b == b'.' || !b.is_ascii();
    if let Some(b) = name.bytes().find(|&b| !allowed(b)) {
        return Some(DnsProblem::Character(char::from(b)));
    }
    // One trailing dot is the root of a fully qualified name (section 3.2.2).
    let name = name.strip_suffix('.').unwrap_or(name);
    if name.is_ascii() && name.len() > 253 {
        return Some(DnsProblem::TooLong);
    }
    let mut last = "";
    for label in name.split('.') {
        if label.is_empty() {
            return Some(DnsProblem::EmptyLabel);
        }
        if label.is_ascii() && label.len() > 63 {
            return Some(DnsProblem::LongLabel);
        }
        if label.starts_with('-') || label.ends_with('-') {
            return Some(DnsProblem::Hyphen);
        }
        last = label;
    }
    last.bytes()
        .all(|b| b.is_ascii_digit())
        .then_some(DnsProblem::NumericLast)
}

/// `uppercase-scheme`.
fn scheme_lints(text: &str, bounds: &Bounds, lints: &mut Vec<Lint>) {
    if let Some(scheme) = bounds.scheme() {
        if bytes(text, scheme.clone())
            .iter()
            .any(u8::is_ascii_uppercase)
        {
            lints.push(Lint::new(LintKind::UppercaseScheme, text, scheme));
        }
    }
}

/// `password`, `uppercase-host`, `non-dns-name`, `empty-port` and
/// `default-port`, in the order their ranges come in the authority.
fn authority_lints(text: &str, bounds: &Bounds, lints: &mut Vec<Lint>) {
    if let Some(userinfo) = bounds.userinfo() {
        let colon = bytes(text, userinfo.clone())
            .iter()
            .position(|&b| b == b':');
        if let Some(colon) = colon {
            let password = userinfo.start + colon + 1..userinfo.end;
            if !password.is_empty() {
                let mut lint = Lint::new(LintKind::Password, text, password);
                // The message must not show the password.
                lint.excerpt = Excerpt::of("");
                lints.push(lint);
            }
        }
    }
    if let Some(host) = bounds.host() {
        // The letters that case applies to: the address of a zoned IPv6
        // literal (RFC 6874), whose zone is not a hexadecimal address, or
        // else the whole host.
        let cased = bounds
            .zoned_address()
            .map_or(host.clone(), |(address, _)| address);
        if has_uppercase(bytes(text, cased)) {
            lints.push(Lint::new(LintKind::UppercaseHost, text, host.clone()));
        }
        let name = text.get(host.clone()).unwrap_or_default();
        if bounds.host_kind() == HostKind::RegName && !name.is_empty() {
            if let Some(problem) = dns_problem(name) {
                let mut lint = Lint::new(LintKind::NonDnsName, text, host);
                lint.dns = Some(problem);
                lints.push(lint);
            }
        }
    }
    if let Some(port) = bounds.port() {
        // The `:` before the digits.
        let colon = port.start - 1;
        if port.is_empty() {
            lints.push(Lint::new(LintKind::EmptyPort, text, colon..port.start));
        } else {
            let default = bounds
                .scheme()
                .and_then(|scheme| default_port(text.get(scheme).unwrap_or_default()));
            if default.is_some() && default == bounds.port_value() {
                lints.push(Lint::new(LintKind::DefaultPort, text, colon..port.end));
            }
        }
    }
}

/// `dot-segment`: each segment that is `.` or `..`, as written or
/// percent-encoded, in a path that resolution does not merge with a base's
/// (one with a scheme or an authority before it, or that starts with `/`).
fn dot_segment_lints(text: &str, bounds: &Bounds, lints: &mut Vec<Lint>) {
    let path = bounds.path();
    let path_bytes = bytes(text, path.clone());
    let resolved_as_is =
        bounds.scheme().is_some() || bounds.has_authority() || path_bytes.first() == Some(&b'/');
    // A dot segment holds a `.`, written or encoded (`%2E`): a path with
    // neither, found by the fast byte search, has none.
    let path_text = text.get(path.clone()).unwrap_or_default();
    if !resolved_as_is || !(path_text.contains('.') || path_text.contains('%')) {
        return;
    }
    let mut start = path.start;
    for (index, segment) in path_bytes.split(|&b| b == b'/').enumerate() {
        let range = start..start + segment.len();
        start = range.end + 1;
        // Without an authority, the `.` of a path that starts `/.//` keeps
        // the rest from reading as an authority (as resolution and
        // normalization write it): it is needed there.
        let guard = index == 1
            && !bounds.has_authority()
            && path_bytes.first() == Some(&b'/')
            && bytes(text, range.end..path.end).starts_with(b"//");
        // A dot segment is at most 6 bytes (`%2E%2E`): longer ones are not
        // decoded.
        if segment.len() <= 6 && !guard {
            let segment = text.get(range.clone()).unwrap_or_default();
            if decodes_to(segment, b".") || decodes_to(segment, b"..") {
                lints.push(Lint::new(LintKind::DotSegment, text, range));
            }
        }
    }
}

/// `encoded-unreserved` and `lowercase-percent-encoding`: one scan of the
/// components that may hold a percent-encoding (the scheme and the port
/// cannot), each encoding linted once.
fn percent_lints(text: &str, bounds: &Bounds, lints: &mut Vec<Lint>) {
    let components = [
        bounds.userinfo(),
        bounds.host(),
        Some(bounds.path()),
        bounds.query(),
        bounds.fragment(text.len()),
    ];
    // Most references hold no encoding: one fast byte search says so.
    if !text.contains('%') {
        return;
    }
    let all = text.as_bytes();
    for range in components.into_iter().flatten() {
        let mut at = range.start;
        while let Some(offset) = bytes(text, at..range.end).iter().position(|&b| b == b'%') {
            at += offset;
            let encoding = at..at + 3;
            let Some(octet) = octet_at(all, at).filter(|_| encoding.end <= range.end) else {
                // A `%` that starts no encoding: a valid reference has none.
                at += 1;
                continue;
            };
            let kind = if chars::unreserved.has_byte(octet) {
                Some(LintKind::EncodedUnreserved)
            } else if all[at + 1..at + 3].iter().any(u8::is_ascii_lowercase) {
                Some(LintKind::LowercasePercentEncoding)
            } else {
                None
            };
            if let Some(kind) = kind {
                lints.push(Lint::new(kind, text, encoding.clone()));
            }
            at = encoding.end;
        }
    }
}

/// Whether `host` has a letter `A` to `Z` outside its percent-encodings.
fn has_uppercase(host: &[u8]) -> bool {
    let mut at = 0;
    while let Some(&byte) = host.get(at) {
        if byte == b'%' && octet_at(host, at).is_some() {
            at += 3;
            continue;
        }
        if byte.is_ascii_uppercase() {
            return true;
        }
        at += 1;
    }
    false
}

/// The bytes of `range` of `text`; none where the range is not in it.
fn bytes(text: &str, range: Range<usize>) -> &[u8] {
    text.as_bytes().get(range).unwrap_or_default()
}
