//! Reference resolution (RFC 3986 section 5.2): transforming a reference
//! into its target URI against a base URI.

use crate::path::{self, remove_dot_segments_into, Joined};
use crate::recompose::Recomposition;
use crate::uri::Uri;

/// Why a reference could not be resolved.
///
/// ```
/// use rfc3986::{ResolveError, Uri};
///
/// let base = Uri::parse("/relative/base")?;
/// let err = base.resolve(&Uri::parse("g")?).unwrap_err();
/// assert_eq!(err, ResolveError::RelativeBase);
/// assert_eq!(
///     err.to_string(),
///     "the base URI has no scheme: only an absolute URI can be a base (RFC 3986 section 5.2.1)"
/// );
/// # Ok::<(), rfc3986::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ResolveError {
    /// The base is a relative reference. Section 5.2.1 requires the base
    /// to have a scheme: resolving against a relative reference would give
    /// another relative reference, not a target URI.
    #[error(
        "the base URI has no scheme: only an absolute URI can be a base (RFC 3986 section 5.2.1)"
    )]
    RelativeBase,
}

impl Uri {
    /// Resolves `reference` against this base URI: the strict algorithm of
    /// RFC 3986 section 5.2.2, then recomposition (section 5.3).
    ///
    /// The base must have a scheme. Its fragment is ignored (section 5.1).
    /// A reference with a scheme is taken as it is, its dot segments
    /// removed, even when its scheme is the base's (`http:g` gives
    /// `http:g`); [`resolve_non_strict`](Self::resolve_non_strict) treats
    /// that as relative instead. Undefined and empty components stay apart:
    /// `?` with an empty query is kept.
    ///
    /// One deliberate deviation: where the algorithm would give a path that
    /// starts with `//` and no authority (`f:/a` and `.//g` give
    /// `f:` + `//g`), which would read back as an authority, `/.` goes
    /// before the path (`f:/.//g`), as uriparser, fluent-uri and iri-string
    /// do. Removing dot segments from the result gives the algorithm's path
    /// back.
    ///
    /// The result is built directly from the components of `self` and
    /// `reference`, in one buffer sized up front; nothing is parsed again.
    ///
    /// # Errors
    ///
    /// [`ResolveError::RelativeBase`] when `self` has no scheme.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let base = Uri::parse("http://a/b/c/d;p?q")?;
    /// let resolve = |r| -> Result<Uri, rfc3986::Error> { Ok(base.resolve(&Uri::parse(r)?)?) };
    /// assert_eq!(resolve("g")?, "http://a/b/c/g");
    /// assert_eq!(resolve("../g")?, "http://a/b/g");
    /// assert_eq!(resolve("//g")?, "http://g");
    /// assert_eq!(resolve("?y")?, "http://a/b/c/d;p?y");
    /// assert_eq!(resolve("")?, "http://a/b/c/d;p?q");
    /// assert_eq!(resolve("http:g")?, "http:g");
    ///
    /// let base = Uri::parse("f:/a")?;
    /// assert_eq!(base.resolve(&Uri::parse(".//g")?)?, "f:/.//g");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn resolve(&self, reference: &Uri) -> Result<Uri, ResolveError> {
        transform_references(self, reference, true)
    }

    /// Resolves `reference` against this base URI as
    /// [`resolve`](Self::resolve) does, except that a reference whose scheme
    /// is the base's (compared case-insensitively) is treated as relative:
    /// the "non-strict" parser of section 5.2.2, for backward compatibility
    /// with references such as `http:g`.
    ///
    /// # Errors
    ///
    /// [`ResolveError::RelativeBase`] when `self` has no scheme.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let base = Uri::parse("http://a/b/c/d;p?q")?;
    /// assert_eq!(base.resolve_non_strict(&Uri::parse("http:g")?)?, "http://a/b/c/g");
    /// assert_eq!(base.resolve_non_strict(&Uri::parse("HTTP:g")?)?, "http://a/b/c/g");
    /// assert_eq!(base.resolve(&Uri::parse("http:g")?)?, "http:g");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn resolve_non_strict(&self, reference: &Uri) -> Result<Uri, ResolveError> {
        transform_references(self, reference, false)
    }
}

/// Section 5.2.2, line by line. `T.path` is not computed into a string of
/// its own: it is a description ([`TargetPath`]) that recomposition writes
/// straight into the target's text.
#[allow(clippy::collapsible_else_if)] // The RFC's nesting, kept.
fn transform_references(base: &Uri, r: &Uri, strict: bool) -> Result<Uri, ResolveError> {
    use TargetPath::{AsIs, RemoveDotSegments};

    // Section 5.2.1: "only the scheme component is required to be present
    // in a base URI".
    let Some(base_scheme) = base.scheme() else {
        return Err(ResolveError::RelativeBase);
    };

    // -- The URI reference is parsed into the five URI components
    let mut r_scheme = r.scheme();

    // -- A non-strict parser may ignore a scheme in the reference
    // -- if it is identical to the base URI's scheme.
    if !strict && r_scheme.is_some_and(|s| s.eq_ignore_ascii_case(base_scheme)) {
        r_scheme = None;
    }

    let t_scheme;
    let t_authority;
    let t_path;
    let t_query;
    if let Some(r_scheme) = r_scheme {
        t_scheme = r_scheme;
        t_authority = r.authority();
        t_path = RemoveDotSegments(Joined::whole(r.path()));
        t_query = r.query();
    } else {
        if let Some(r_authority) = r.authority() {
            t_authority = Some(r_authority);
            t_path = RemoveDotSegments(Joined::whole(r.path()));
            t_query = r.query();
        } else {
            if r.path().is_empty() {
                t_path = AsIs(base.path());
                if r.query().is_some() {
                    t_query = r.query();
                } else {
                    t_query = base.query();
                }
            } else {
                if r.path().starts_with('/') {
                    t_path = RemoveDotSegments(Joined::whole(r.path()));
                } else {
                    t_path = RemoveDotSegments(merge(base, r.path()));
                }
                t_query = r.query();
            }
            t_authority = base.authority();
        }
        t_scheme = base_scheme;
    }
    let t_fragment = r.fragment();

    // Section 5.3, into one buffer that the target cannot outgrow.
    let capacity = t_scheme.len()
        + 1
        + t_authority.map_or(0, |a| a.as_str().len() + 2)
        + t_path.max_len()
        + 2 // "/." (see `Recomposition::path_with`)
        + t_query.map_or(0, |q| q.len() + 1)
        + t_fragment.map_or(0, |f| f.len() + 1);
    let mut t = Recomposition::with_capacity(capacity);
    t.scheme(t_scheme);
    if let Some(authority) = t_authority {
        t.authority(authority);
    }
    t.path_with(|text| match t_path {
        AsIs(path) => text.push_str(path),
        RemoveDotSegments(path) => {
            remove_dot_segments_into(text, path, |text, segment| text.push_str(segment));
        }
    });
    t.query(t_query);
    t.fragment(t_fragment);
    Ok(t.finish())
}

/// `T.path`, as the algorithm of section 5.2.2 defines it.
enum TargetPath<'a> {
    /// `T.path = Base.path;`
    AsIs(&'a str),
    /// `T.path = remove_dot_segments(...)`.
    RemoveDotSegments(Joined<'a>),
}

impl TargetPath<'_> {
    /// A bound on the length of the path: removing dot segments never
    /// lengthens a path.
    fn max_len(&self) -> usize {
        match self {
            TargetPath::AsIs(path) => path.len(),
            TargetPath::RemoveDotSegments(merged) => merged.len(),
        }
    }
}

/// Section 5.2.3, Merge Paths:
///
/// - If the base URI has a defined authority component and an empty path,
///   then return a string consisting of `/` concatenated with the
///   reference's path; otherwise,
/// - return a string consisting of the reference's path component appended
///   to all but the last segment of the base URI's path (i.e., excluding
///   any characters after the right-most `/` in the base URI path, or
///   excluding the entire base URI path if it does not contain any `/`
///   characters).
///
/// Both are the base's [`directory`](crate::path::directory) and the
/// reference's path.
fn merge<'a>(base: &'a Uri, r_path: &'a str) -> Joined<'a> {
    Joined::under(path::directory(base), r_path)
}
