//! What can go wrong building or changing a URI reference.

use core::fmt;

use crate::component::Component;
use crate::error::ParseError;

/// Why a URI reference could not be built or changed: a component is not
/// valid, or the components cannot stand together.
///
/// ```
/// use rfc3986::{BuildError, Component, ErrorKind, Uri};
///
/// let err = Uri::builder().scheme("http").host("evil.com/x").build().unwrap_err();
/// let BuildError::Invalid { component, source } = &err else { panic!() };
/// assert_eq!(*component, Component::Host);
/// assert_eq!(source.kind(), ErrorKind::Host);
/// assert_eq!(source.offset(), 8);
///
/// let err = Uri::builder().path("/a").port(8080).build().unwrap_err();
/// assert_eq!(err, BuildError::PortWithoutHost);
/// ```
///
/// `Display` gives one line. For [`Invalid`](BuildError::Invalid), the
/// alternate form (`{:#}`) adds the text given for the component with a
/// caret under the byte at fault, as a [`ParseError`]'s does:
///
/// ```
/// use rfc3986::Uri;
///
/// let err = Uri::builder().scheme("http").host("::1").build().unwrap_err();
/// assert_eq!(
///     format!("{err:#}"),
///     "the host given is not a valid host: invalid host at byte 0: \
///      expected \"[\" (an IPv6 address is written in brackets), found ':'\n  ::1\n  ^"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BuildError {
    /// A component given as text is not that component in RFC 3986's
    /// grammar. The [`ParseError`]'s offset is a byte offset into the text
    /// given for the component.
    #[error(fmt = invalid)]
    Invalid {
        /// The component at fault.
        component: Component,
        /// What the grammar rejected, in the component's own text.
        source: ParseError,
    },
    /// A port was given without a host: the port is part of the authority,
    /// and an authority always has a host (section 3.2).
    #[error("a port needs a host: the port belongs to the authority, which has a host (RFC 3986 section 3.2)")]
    PortWithoutHost,
    /// A userinfo was given without a host: the userinfo is part of the
    /// authority, and an authority always has a host (section 3.2).
    #[error("a userinfo needs a host: the userinfo belongs to the authority, which has a host (RFC 3986 section 3.2)")]
    UserinfoWithoutHost,
    /// A path that does not start with `/` was given with an authority:
    /// after an authority the path must be empty or start with `/`
    /// (section 3.3), or its first segment would read as part of the
    /// authority.
    #[error(
        "with an authority, the path must be empty or start with \"/\" (RFC 3986 section 3.3)"
    )]
    RootlessPathWithAuthority,
    /// A path segment to add is `.` or `..`: a dot segment (section 3.3),
    /// which resolution and normalization remove with the segment before
    /// it, not a segment of that name. No encoding makes one a name:
    /// `%2E` is `.` (section 6.2.2.2).
    #[error("\".\" and \"..\" are dot segments (RFC 3986 section 3.3), not names a path segment can have")]
    DotSegment,
}

/// The message of [`BuildError::Invalid`]: the source's own, alternate form
/// (the excerpt and caret) included.
fn invalid(component: &Component, source: &ParseError, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    write!(f, "the {component} given is not a valid {component}: ")?;
    fmt::Display::fmt(source, f)
}
