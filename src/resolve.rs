//! Reference resolution (RFC 3986 section 5.2): transforming a reference
//! into its target URI against a base URI.

use alloc::string::String;

use crate::authority::Authority;
use crate::path::{self, remove_dot_segments_into, Joined};
use crate::recompose::{recompose, Recomposition};
use crate::reference::{Absolute, Reference, Storage};
use crate::spec::Spec;

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

impl<X: Spec, S: Storage> Reference<X, S> {
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
    pub fn resolve<T: Storage>(
        &self,
        reference: &Reference<X, T>,
    ) -> Result<Reference<X, String>, ResolveError> {
        let target = transform_references(self, reference, true)?;
        Ok(recompose(target.capacity(), |t| target.write(t)))
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
    pub fn resolve_non_strict<T: Storage>(
        &self,
        reference: &Reference<X, T>,
    ) -> Result<Reference<X, String>, ResolveError> {
        let target = transform_references(self, reference, false)?;
        Ok(recompose(target.capacity(), |t| target.write(t)))
    }

    /// Resolves `reference` against this base URI as
    /// [`resolve`](Self::resolve) does, and appends the target's text to
    /// `target`: a caller that resolves many references can keep one
    /// buffer, and allocate nothing once it is large enough.
    ///
    /// # Errors
    ///
    /// [`ResolveError::RelativeBase`] when `self` has no scheme; nothing is
    /// appended then.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let base = Uri::parse("http://a/b/c/d;p?q")?;
    /// let mut buffer = String::new();
    /// for reference in ["g", "../g", "?y"] {
    ///     buffer.clear();
    ///     base.resolve_into(&Uri::parse(reference)?, &mut buffer)?;
    ///     assert_eq!(Uri::parse(buffer.as_str())?, base.resolve(&Uri::parse(reference)?)?);
    /// }
    /// assert_eq!(buffer, "http://a/b/c/d;p?y");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn resolve_into<T: Storage>(
        &self,
        reference: &Reference<X, T>,
        target: &mut String,
    ) -> Result<(), ResolveError> {
        let t_ = transform_references(self, reference, true)?;
        target.reserve(t_.capacity());
        let mut t = Recomposition::into(target);
        t_.write(&mut t);
        Ok(())
    }
}

impl<X: Spec, S: Storage> Absolute<X, S> {
    /// [`Reference::resolve`], which against an absolute base gives an
    /// absolute target.
    ///
    /// # Errors
    ///
    /// None in practice: the base has a scheme. The type is
    /// [`Reference::resolve`]'s.
    ///
    /// ```
    /// use rfc3986::{AbsoluteUri, Uri};
    ///
    /// let base = AbsoluteUri::parse("http://a/b/c/d;p?q")?;
    /// let target: AbsoluteUri = base.resolve(&Uri::parse("../g")?)?;
    /// assert_eq!(target.scheme(), "http");
    /// assert_eq!(target, "http://a/b/g");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn resolve<T: Storage>(
        &self,
        reference: &Reference<X, T>,
    ) -> Result<Absolute<X, String>, ResolveError> {
        self.as_reference()
            .resolve(reference)
            .map(Absolute::new_unchecked)
    }

    /// [`Reference::resolve_non_strict`], which against an absolute base
    /// gives an absolute target.
    ///
    /// # Errors
    ///
    /// None in practice: the base has a scheme.
    pub fn resolve_non_strict<T: Storage>(
        &self,
        reference: &Reference<X, T>,
    ) -> Result<Absolute<X, String>, ResolveError> {
        self.as_reference()
            .resolve_non_strict(reference)
            .map(Absolute::new_unchecked)
    }
}

/// Section 5.2.2, line by line. `T.path` is not computed into a string of
/// its own: it is a description ([`TargetPath`]) that recomposition writes
/// straight into the target's text.
#[allow(clippy::collapsible_else_if)] // The RFC's nesting, kept.
fn transform_references<'a, X: Spec, S: Storage, T: Storage>(
    base: &'a Reference<X, S>,
    r: &'a Reference<X, T>,
    strict: bool,
) -> Result<Target<'a>, ResolveError> {
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

    Ok(Target {
        scheme: t_scheme,
        authority: t_authority,
        path: t_path,
        query: t_query,
        fragment: t_fragment,
    })
}

/// The target's components, from [`transform_references`].
struct Target<'a> {
    scheme: &'a str,
    authority: Option<Authority<'a>>,
    path: TargetPath<'a>,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

impl Target<'_> {
    /// A bound on the length of the target's text.
    fn capacity(&self) -> usize {
        self.scheme.len()
            + 1
            + self.authority.map_or(0, |a| a.as_str().len() + 2)
            + self.path.max_len()
            + 2 // "/." (see `Recomposition::path_with`)
            + self.query.map_or(0, |q| q.len() + 1)
            + self.fragment.map_or(0, |f| f.len() + 1)
    }

    /// Section 5.3.
    fn write(&self, t: &mut Recomposition<'_>) {
        use TargetPath::{AsIs, RemoveDotSegments};
        t.scheme(self.scheme);
        if let Some(authority) = &self.authority {
            t.authority(authority);
        }
        t.path_with(|text| match &self.path {
            AsIs(path) => text.push_str(path),
            RemoveDotSegments(path) => {
                remove_dot_segments_into(text, *path, |text, segment| text.push_str(segment));
            }
        });
        t.query(self.query);
        t.fragment(self.fragment);
    }
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
fn merge<'a, X: Spec, S: Storage>(base: &'a Reference<X, S>, r_path: &'a str) -> Joined<'a> {
    Joined::under(path::directory(base), r_path)
}
