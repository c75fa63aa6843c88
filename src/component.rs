//! The components of a URI reference, as names: the vocabulary that the
//! percent-encoding, the diagnosis of errors and the builder share, below
//! all of them.

use core::fmt;

/// A component of a URI reference, as a [`BuildError`](crate::BuildError) names it and as
/// [`percent_encode`](crate::percent_encode) encodes for it.
///
/// ```
/// use rfc3986::{percent_encode, Component};
///
/// assert_eq!(Component::PathSegment.to_string(), "path segment");
/// assert_eq!(percent_encode("a/b c", Component::PathSegment), "a%2Fb%20c");
/// assert_eq!(percent_encode("a/b c", Component::Path), "a/b%20c");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Component {
    /// The scheme (section 3.1).
    Scheme,
    /// The userinfo of the authority (section 3.2.1).
    Userinfo,
    /// The host of the authority (section 3.2.2).
    Host,
    /// The port of the authority (section 3.2.3).
    Port,
    /// The path (section 3.3).
    Path,
    /// One segment of the path (`segment`, section 3.3): the path between
    /// two `/`.
    PathSegment,
    /// The query (section 3.4).
    Query,
    /// A name or a value of the query read as `name=value` pairs joined
    /// with `&` (the convention of HTML forms, which RFC 3986 does not
    /// define): a query character but `&`, `=` and `+`.
    QueryPair,
    /// The fragment (section 3.5).
    Fragment,
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Component::Scheme => "scheme",
            Component::Userinfo => "userinfo",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::PathSegment => "path segment",
            Component::Query => "query",
            Component::QueryPair => "query name or value",
            Component::Fragment => "fragment",
        })
    }
}
