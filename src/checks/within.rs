//! Containment: whether a URI lies under another
//! ([`Reference::is_within`], [`Reference::check_within`]), and resolution
//! that stays inside its base's directory ([`Reference::resolve_within`]),
//! with [`WithinError`], which says why not.
//!
//! # Why after normalization
//!
//! An allow-list that says "under `https://api.example/v1/`" is only as good
//! as the comparison behind it. As text, `/v1/../admin` and
//! `/v1/%2e%2e/admin` both start with `/v1/`; a server removes their dot
//! segments (RFC 3986 section 5.2.4), the second once it has decoded `%2e`
//! to the `.` it stands for (`.` is unreserved: section 2.3 makes the two
//! spellings the same URI), and serves `/admin`. So both sides are compared
//! by what they identify, not by how they are written (section 6.2):
//!
//! - the scheme and the authority as [`equivalent`] compares them: on the
//!   normal form of [`normalize`] (lowercase scheme and host, uppercase
//!   percent-encoding hex digits, unreserved characters decoded, no default
//!   or empty port, IPv6 addresses in one form). The userinfo is part of
//!   the authority: `https://user@api.example/` is not under
//!   `https://api.example/`;
//! - the path after syntax-based normalization (section 6.2.2): each
//!   segment's encodings of unreserved characters decoded (`%2E` and `%2e`
//!   are `.`), then dot segments removed, so that `..`, `%2e%2e`, `.%2E`
//!   and the like climb as the server will make them climb.
//!
//! The paths are compared a whole segment at a time: `/v1` does not hold
//! `/v1x`. [`check_within`](Reference::check_within) documents the rule
//! in full, for a prefix with and without a trailing `/`, an empty path,
//! and a relative reference (never within: it identifies nothing until it
//! is resolved). [`resolve_within`](Reference::resolve_within)'s prefix is
//! the base's directory: its path up to and including its last `/`, as
//! section 5.2.3 merges a relative path into it.
//!
//! # Encoded separators
//!
//! `%2F` is not `/` (section 2.2: a reserved character and its encoding
//! are different URIs), and normalization keeps it: `/v1/..%2Fadmin` has
//! one segment, `..%2Fadmin`, under `/v1/`. But a server, a proxy or a
//! file system that decodes the path before it splits it (section 7.3)
//! sees `/v1/../admin`, and one that reads `\` as a separator does the same
//! with `%5C`. Which of them stands behind a URI cannot be known from the
//! URI, so a `%2F` or a `%5C` (either case) anywhere in the path of the URI
//! being checked, as it is written, makes the answer "not within":
//! [`WithinError::EncodedSeparator`], with the byte of its `%`. The
//! prefix's own path is not searched for them: it is the trusted side, and
//! a target under a segment of it that has one has one too.
//!
//! Layer: above the algorithms. This module imports the reference types,
//! resolution, normalization and recomposition, and the path rules of
//! `path`; nothing imports it but the crate root.
//!
//! [`equivalent`]: Reference::equivalent
//! [`normalize`]: Reference::normalize

use alloc::string::String;
use core::fmt;

use crate::path;
use crate::recompose::{recompose, Components};
use crate::reference::{Reference, Storage};
use crate::resolve::ResolveError;
use crate::spec::Spec;

/// Why a URI does not lie within a prefix, or a reference's target within
/// its base's directory: what [`Reference::check_within`] and
/// [`Reference::resolve_within`] return.
///
/// The paths, schemes and authorities it holds are the normalized ones
/// that were compared; its message cuts each to 48 characters.
///
/// ```
/// use rfc3986::{Uri, WithinError};
///
/// let base = Uri::parse("https://api.example/v1/users")?;
/// let err = base.resolve_within(&Uri::parse("%2e%2e/admin")?).unwrap_err();
/// assert_eq!(
///     err,
///     WithinError::Outside { path: "/admin".to_string(), prefix: "/v1/".to_string() }
/// );
/// assert_eq!(
///     err.to_string(),
///     "the path \"/admin\" is not under \"/v1/\" once normalized (RFC 3986 section 6.2.2)"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WithinError {
    /// The reference could not be resolved ([`Reference::resolve`]'s
    /// error): the base has no scheme.
    #[error(transparent)]
    Resolve(#[from] ResolveError),
    /// The URI or the prefix is a relative reference: it has no scheme,
    /// and identifies nothing until it is resolved (section 4.2).
    #[error(
        "a relative reference has no scheme: only URIs can be compared for containment (RFC 3986 section 4.2)"
    )]
    Relative,
    /// The schemes differ, compared in lowercase (section 6.2.2.1).
    #[error(
        "the scheme is {}, not {} (compared in lowercase, RFC 3986 section 6.2.2.1)",
        Quoted(.found),
        Quoted(.expected)
    )]
    Scheme {
        /// The scheme of the URI checked, normalized.
        found: String,
        /// The prefix's scheme (the base's), normalized.
        expected: String,
    },
    /// The authorities differ, compared normalized as
    /// [`Reference::equivalent`] compares them (section 6.2); `None` is no
    /// authority, `Some("")` an empty one (`file:///`).
    #[error(
        "the authority is {}, not {} (compared normalized, RFC 3986 section 6.2)",
        Authority(.found),
        Authority(.expected)
    )]
    Authority {
        /// The authority of the URI checked, normalized.
        found: Option<String>,
        /// The prefix's authority (the base's), normalized.
        expected: Option<String>,
    },
    /// The path of the URI checked, as written, has an encoded separator:
    /// `%2F` (`/`) or `%5C` (`\`), in either case. A server that decodes
    /// the path before splitting it would see another path (section 7.3).
    #[error(
        "the path has an encoded {} at byte {offset}, which a server may decode and split at (RFC 3986 section 7.3)",
        Quoted(.separator.encode_utf8(&mut [0; 4]))
    )]
    EncodedSeparator {
        /// The byte offset of the `%` in the text of the URI checked (the
        /// resolved target's, for [`Reference::resolve_within`]).
        offset: usize,
        /// What it encodes: `/` or `\`.
        separator: char,
    },
    /// The normalized path does not lie under the prefix's normalized
    /// path (the base's directory), by the rule that
    /// [`Reference::check_within`] gives.
    #[error(
        "the path {} is not under {} once normalized (RFC 3986 section 6.2.2)",
        Quoted(.path),
        Quoted(.prefix)
    )]
    Outside {
        /// The path of the URI checked, normalized.
        path: String,
        /// The prefix's path (the base's directory), normalized.
        prefix: String,
    },
}

impl<X: Spec, S: Storage> Reference<X, S> {
    /// Resolves `reference` against this base URI as
    /// [`resolve`](Self::resolve) does, and returns the target, as
    /// `resolve` returns it (not normalized), if it lies within the base's
    /// directory: its path up to and including its last `/`.
    ///
    /// The target is checked against the base's scheme, authority and
    /// directory as [`check_within`](Self::check_within) checks a URI
    /// against a prefix whose path ends with `/` (it says how, and why
    /// after normalization): `..` and `%2e%2e` climb out of the directory
    /// as a server would make them climb, a target on another host or with
    /// another scheme is outside, and so is any target whose path has a
    /// `%2F` or `%5C`. A reference with an empty path (`?q`, `#f`, the
    /// empty reference) targets the base's own path, which lies within its
    /// directory.
    ///
    /// The directory is taken from the base as written, as section 5.2.3
    /// merges a relative path into it, then normalized: `/v1/` for
    /// `https://api.example/v1/users`, and for `http://a/v1/..` too (whose
    /// own path, normalized, is `/`, outside it: normalize such a base
    /// first). A base with an empty path after an authority
    /// (`https://api.example`) has `/`; a base whose path has no `/` and
    /// no authority (`mailto:x`, `urn:a:b`) has an empty one, which holds
    /// every path of the base's scheme: there is no hierarchy to stay in.
    ///
    /// # Forward the target, never the input
    ///
    /// The answer is about the target this returns, not about the text of
    /// `reference`: send, fetch or serve the returned URI, and never
    /// `reference` itself, or the base and `reference` joined some other
    /// way. Resolution here is RFC 5.2 read literally, where a
    /// percent-encoded dot is not a dot segment: against
    /// `https://files.example/users/alice/`, `docs/%2e%2e/..` resolves to
    /// `https://files.example/users/alice/docs/` (the `..` removes
    /// `%2e%2e`), which is inside. url and fluent-uri decode `%2e%2e` to
    /// `..` first, and land on `https://files.example/users/`, outside; so
    /// may the server that gets the raw input. The returned target has no
    /// such segment left to be read two ways.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let base = Uri::parse("https://files.example/users/alice/")?;
    /// let input = Uri::parse("docs/%2e%2e/..")?;
    /// let target = base.resolve_within(&input)?;
    /// assert_eq!(target, "https://files.example/users/alice/docs/");
    /// // Forward `target`: `input`, decoded before it is resolved, climbs
    /// // out of `/users/alice/`.
    /// let decoded = url::Url::parse(base.as_str())?.join(input.as_str())?;
    /// assert_eq!(decoded.as_str(), "https://files.example/users/");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`WithinError::Resolve`] when `self` has no scheme, else
    /// [`WithinError::Scheme`], [`WithinError::Authority`],
    /// [`WithinError::EncodedSeparator`] (its offset in the target's text)
    /// or [`WithinError::Outside`], checked in that order.
    ///
    /// ```
    /// use rfc3986::{ResolveError, Uri, WithinError};
    ///
    /// let base = Uri::parse("https://api.example/v1/users")?;
    /// let within = |r| base.resolve_within(&Uri::parse(r).unwrap());
    /// assert_eq!(within("orders/7?all")?, "https://api.example/v1/orders/7?all");
    /// assert_eq!(within("/v1/./x")?, "https://api.example/v1/x");
    /// assert_eq!(within("HTTPS://API.example:443/v1/x")?, "HTTPS://API.example:443/v1/x");
    /// assert_eq!(within("?q")?, "https://api.example/v1/users?q");
    ///
    /// let outside = WithinError::Outside { path: "/admin".into(), prefix: "/v1/".into() };
    /// assert_eq!(within("../admin"), Err(outside.clone()));
    /// assert_eq!(within("%2e%2e/admin"), Err(outside.clone()));
    /// assert_eq!(within("/v1/%2E%2E/admin"), Err(outside));
    /// assert_eq!(
    ///     within("..%2Fadmin"),
    ///     Err(WithinError::EncodedSeparator { offset: 25, separator: '/' })
    /// );
    /// assert_eq!(
    ///     within("//evil.example/v1/x"),
    ///     Err(WithinError::Authority {
    ///         found: Some("evil.example".into()),
    ///         expected: Some("api.example".into()),
    ///     })
    /// );
    ///
    /// let relative = Uri::parse("/v1/")?;
    /// assert_eq!(
    ///     relative.resolve_within(&Uri::parse("x")?),
    ///     Err(WithinError::Resolve(ResolveError::RelativeBase))
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resolve_within<T: Storage>(
        &self,
        reference: &Reference<X, T>,
    ) -> Result<Reference<X, String>, WithinError> {
        let target = self.resolve(reference)?;
        let directory = path::directory(self.path(), self.bounds().has_authority());
        if !plainly_within(self, directory, &target) {
            check(&directory_of(self), &target)?;
        }
        Ok(target)
    }

    /// Whether this URI lies under `prefix`:
    /// [`check_within`](Self::check_within) without the reason.
    ///
    /// The same scheme and authority, compared normalized, and a
    /// normalized path under the prefix's, a whole segment at a time. A
    /// prefix whose path ends with `/` holds the paths that start with it
    /// (`/v1/` holds `/v1/` and `/v1/x`, not `/v1`); one whose path does
    /// not holds itself and the paths below it (`/v1` holds `/v1`, `/v1/`
    /// and `/v1/x`, not `/v1x`). [`check_within`](Self::check_within)
    /// gives the whole rule. A relative reference, on either side, is
    /// never within.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let slash = Uri::parse("https://api.example/v1/")?;
    /// let bare = Uri::parse("https://api.example/v1")?;
    /// let is_within = |uri, prefix| Uri::parse(uri).unwrap().is_within(prefix);
    /// assert!(is_within("https://api.example/v1/users", &slash));
    /// assert!(is_within("HTTPS://api.EXAMPLE:443/v1/users", &slash));
    /// assert!(!is_within("https://api.example/v1/../admin", &slash));
    /// assert!(!is_within("https://api.example/v1/%2e%2e/admin", &slash));
    /// assert!(!is_within("https://api.example/v1", &slash));
    /// assert!(is_within("https://api.example/v1", &bare));
    /// assert!(is_within("https://api.example/v1/users", &bare));
    /// assert!(!is_within("https://api.example/v1x", &bare));
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn is_within<T: Storage>(&self, prefix: &Reference<X, T>) -> bool {
        self.check_within(prefix).is_ok()
    }

    /// Whether this URI lies under `prefix`, and if not, why:
    /// [`is_within`](Self::is_within) is this method's answer without the
    /// reason.
    ///
    /// As text, `/v1/../admin` and `/v1/%2e%2e/admin` start with `/v1/`,
    /// and a server that removes their dot segments (section 5.2.4),
    /// having decoded `%2e` to the `.` it stands for (`.` is unreserved,
    /// so the two spellings are the same URI: section 6.2.2.2), serves
    /// `/admin`. So both sides are compared by what they identify, not as
    /// they are written:
    ///
    /// - **scheme and authority** as [`equivalent`](Self::equivalent)
    ///   compares them, on the normal form of [`normalize`](Self::normalize):
    ///   case, percent-encodings, default and empty ports, IPv6 forms. The
    ///   userinfo is part of the authority: `https://user@api.example/x`
    ///   is not under `https://api.example/`;
    /// - **the path** after syntax-based normalization (section 6.2.2): the
    ///   encodings of unreserved characters decoded in each segment (`%2E`
    ///   and `%2e` are `.`, `%76` is `v`), then the dot segments removed.
    ///   The prefix's normalized path then holds this URI's normalized
    ///   path, a whole segment at a time:
    ///   - a prefix path that ends with `/` holds the paths that start with
    ///     it: `/v1/` holds `/v1/` and `/v1/x/y`, not `/v1`;
    ///   - one that does not holds itself and the paths below it: `/v1`
    ///     holds `/v1`, `/v1/` and `/v1/x`, not `/v1x`;
    ///   - an empty path after an authority is `/`, on either side
    ///     (section 5.2.3 merges it as `/`; section 6.2.3 makes
    ///     `http://a` `http://a/`): `https://api.example` holds its host;
    ///   - an empty prefix path without an authority (`urn:`) holds every
    ///     path of its scheme: there is no hierarchy to stay in.
    ///
    ///   The query and the fragment take no part, on either side.
    /// - **encoded separators**: a `%2F` or a `%5C`, in either case,
    ///   anywhere in this URI's path as written, makes the answer "not
    ///   within". Normalization keeps them (section 2.2: `%2F` is not `/`),
    ///   so `/v1/..%2Fadmin` is one segment under `/v1/`; but a server
    ///   that decodes the path before it splits it at `/`, or at `\` as
    ///   well, serves `/admin` (section 7.3), and which kind of server
    ///   stands behind a URI cannot be read from it. The prefix's path is
    ///   not searched for them: it is the trusted side.
    ///
    /// Both must be URIs, with a scheme: a relative reference identifies
    /// nothing until it is resolved (section 4.2).
    ///
    /// # Errors
    ///
    /// [`WithinError::Relative`] when either has no scheme, else
    /// [`WithinError::Scheme`], [`WithinError::Authority`],
    /// [`WithinError::EncodedSeparator`] (its offset in this URI's text)
    /// or [`WithinError::Outside`], checked in that order.
    ///
    /// ```
    /// use rfc3986::{Uri, WithinError};
    ///
    /// let prefix = Uri::parse("https://api.example/v1/")?;
    /// let check = |uri| Uri::parse(uri).unwrap().check_within(&prefix);
    /// assert_eq!(check("https://api.example/v1/users/7"), Ok(()));
    /// assert_eq!(
    ///     check("https://api.example/v1/%2e%2e/admin"),
    ///     Err(WithinError::Outside { path: "/admin".into(), prefix: "/v1/".into() })
    /// );
    /// assert_eq!(
    ///     check("https://api.example/v1/a%5cb"),
    ///     Err(WithinError::EncodedSeparator { offset: 24, separator: '\\' })
    /// );
    /// assert_eq!(
    ///     check("http://api.example/v1/users"),
    ///     Err(WithinError::Scheme { found: "http".into(), expected: "https".into() })
    /// );
    /// assert_eq!(check("/v1/users"), Err(WithinError::Relative));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_within<T: Storage>(&self, prefix: &Reference<X, T>) -> Result<(), WithinError> {
        check(prefix, self)
    }
}

/// The base's scheme and authority with its directory as the path
/// (section 5.2.3: `/` after an authority when the path is empty, else the
/// path up to and including its last `/`), written without parsing.
fn directory_of<X: Spec, S: Storage>(base: &Reference<X, S>) -> Reference<X, String> {
    let components = Components {
        path: path::directory(base.path(), base.bounds().has_authority()),
        query: None,
        fragment: None,
        ..Components::of(base)
    };
    recompose(components.capacity(), |t| components.write_into(t))
}

/// Whether `target` lies under `prefix`: the rule that
/// [`Reference::check_within`] documents, in the order its errors are.
fn check<X: Spec, P: Storage, T: Storage>(
    prefix: &Reference<X, P>,
    target: &Reference<X, T>,
) -> Result<(), WithinError> {
    if prefix.scheme().is_none() || target.scheme().is_none() {
        return Err(WithinError::Relative);
    }
    if plainly_within(prefix, prefix.path(), target) {
        return Ok(());
    }
    // `normalize` goes past section 6.2.2 only where the path is empty
    // after an authority, which both sides take as `/` below.
    let (prefix, normal) = (prefix.normalize(), target.normalize());
    let (expected, found) = (
        prefix.scheme().unwrap_or_default(),
        normal.scheme().unwrap_or_default(),
    );
    if expected != found {
        return Err(WithinError::Scheme {
            found: found.into(),
            expected: expected.into(),
        });
    }
    let (expected, found) = (
        prefix.authority().map(|a| a.as_str()),
        normal.authority().map(|a| a.as_str()),
    );
    if expected != found {
        return Err(WithinError::Authority {
            found: found.map(String::from),
            expected: expected.map(String::from),
        });
    }
    // Normalization keeps every `%2F` and `%5C`, and removing dot segments
    // could drop one with its segment: the path as written is the one that
    // a decoding server sees.
    if let Some((at, separator)) = encoded_separator(target.path()) {
        return Err(WithinError::EncodedSeparator {
            offset: target.bounds().path().start + at,
            separator,
        });
    }
    let has_authority = found.is_some();
    let (prefix, path) = (
        rooted(prefix.path(), has_authority),
        rooted(normal.path(), has_authority),
    );
    if under(path, prefix) {
        Ok(())
    } else {
        Err(WithinError::Outside {
            path: path.into(),
            prefix: prefix.into(),
        })
    }
}

/// Whether `target` lies under the prefix with `prefix`'s scheme and
/// authority and the path `prefix_path`, where that can be seen without
/// normalizing: the schemes and the authorities are the same bytes (as a
/// reference resolved against a base copies them), and neither path holds
/// a `%` or a dot segment, so normalization would change nothing the rule
/// compares, and no separator is encoded. `false` says only that the full
/// comparison must decide: it never accepts what [`check`] would refuse.
fn plainly_within<X: Spec, P: Storage, T: Storage>(
    prefix: &Reference<X, P>,
    prefix_path: &str,
    target: &Reference<X, T>,
) -> bool {
    let plain = |path: &str| !path.contains('%') && !path::has_dot_segments(path);
    let has_authority = target.bounds().has_authority();
    prefix.scheme().is_some()
        && prefix.scheme() == target.scheme()
        && prefix.authority().map(|a| a.as_str()) == target.authority().map(|a| a.as_str())
        && plain(prefix_path)
        && plain(target.path())
        && under(
            rooted(target.path(), has_authority),
            rooted(prefix_path, has_authority),
        )
}

/// A normalized path as the prefix rule reads it: an empty path after an
/// authority is `/` (section 5.2.3 merges it as `/`).
fn rooted(path: &str, has_authority: bool) -> &str {
    if has_authority && path.is_empty() {
        "/"
    } else {
        path
    }
}

/// Whether the normalized `path` lies under the normalized `prefix`, a
/// whole segment at a time: a prefix that is empty or ends with `/` is a
/// directory, which holds what starts with it; another holds itself and
/// what follows it after a `/`.
fn under(path: &str, prefix: &str) -> bool {
    path.strip_prefix(prefix).is_some_and(|rest| {
        prefix.is_empty() || prefix.ends_with('/') || rest.is_empty() || rest.starts_with('/')
    })
}

/// The first `%2F` or `%5C` (either case) of `path`: the offset of its
/// `%`, and the separator it encodes.
fn encoded_separator(path: &str) -> Option<(usize, char)> {
    path.as_bytes()
        .windows(3)
        .enumerate()
        .find_map(|(at, window)| match window {
            [b'%', b'2', b'f' | b'F'] => Some((at, '/')),
            [b'%', b'5', b'c' | b'C'] => Some((at, '\\')),
            _ => None,
        })
}

/// The longest a text that a message quotes is shown, in characters.
const SHOWN: usize = 48;

/// A text in a message, in double quotes, cut to [`SHOWN`] characters
/// with `...` after them when it is longer, so that a message stays one
/// short line whatever the input.
struct Quoted<'a>(&'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.char_indices().nth(SHOWN) {
            Some((cut, _)) => write!(f, "\"{}...\"", &self.0[..cut]),
            None => write!(f, "\"{}\"", self.0),
        }
    }
}

/// An authority in a message: [`Quoted`], or `absent`.
struct Authority<'a>(&'a Option<String>);

impl fmt::Display for Authority<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(authority) => Quoted(authority).fmt(f),
            None => f.write_str("absent"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn under_is_segment_wise() {
        assert!(under("/v1/", "/v1/"));
        assert!(under("/v1/x", "/v1/"));
        assert!(!under("/v1", "/v1/"));
        assert!(under("/v1", "/v1"));
        assert!(under("/v1/", "/v1"));
        assert!(under("/v1/x", "/v1"));
        assert!(!under("/v1x", "/v1"));
        assert!(!under("/v", "/v1"));
        assert!(under("a", ""));
        assert!(under("/a", ""));
        assert!(under("", ""));
    }

    #[test]
    fn encoded_separators_are_found_in_either_case() {
        assert_eq!(encoded_separator("/a%2fb"), Some((2, '/')));
        assert_eq!(encoded_separator("/a%2Fb"), Some((2, '/')));
        assert_eq!(encoded_separator("/%5c"), Some((1, '\\')));
        assert_eq!(encoded_separator("/%5C%2F"), Some((1, '\\')));
        assert_eq!(encoded_separator("/%252F/%2"), None);
        assert_eq!(encoded_separator("/%2E%2e/%5B"), None);
        assert_eq!(encoded_separator(""), None);
    }

    #[test]
    fn long_texts_are_cut_in_messages() {
        let long = "/".repeat(60);
        let err = WithinError::Outside {
            path: long.clone(),
            prefix: "/v1/".into(),
        };
        let shown = alloc::format!("{}...", &long[..SHOWN]);
        assert_eq!(
            alloc::format!("{err}"),
            alloc::format!(
                "the path \"{shown}\" is not under \"/v1/\" once normalized (RFC 3986 section 6.2.2)"
            )
        );
        let exact = "é".repeat(SHOWN);
        assert_eq!(
            alloc::format!("{}", Quoted(&exact)),
            alloc::format!("\"{exact}\"")
        );
        let err = WithinError::Authority {
            found: None,
            expected: Some(String::new()),
        };
        assert_eq!(
            alloc::format!("{err}"),
            "the authority is absent, not \"\" (compared normalized, RFC 3986 section 6.2)"
        );
    }
}
