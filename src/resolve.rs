//! Reference resolution (RFC 3986 section 5.2): transforming a reference
//! into its target URI against a base URI.

use alloc::string::String;

use crate::bounds::Bounds;
use crate::path::{self, remove_dot_segments_into, Joined};
use crate::recompose::Recomposition;
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
        resolved(self, reference, true)
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
        resolved(self, reference, false)
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
        resolve_to(self, reference, true, target).map(|_| ())
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

/// The target of `r` against `base`, in a new text.
fn resolved<X: Spec, S: Storage, T: Storage>(
    base: &Reference<X, S>,
    r: &Reference<X, T>,
    strict: bool,
) -> Result<Reference<X, String>, ResolveError> {
    let (text, bounds) = match splice(base, r, strict) {
        Some(splice) => {
            let mut text = String::with_capacity(splice.len(r));
            let bounds = splice.write(base, r, &mut text);
            (text, bounds)
        }
        None => {
            let mut text = String::new();
            let bounds = transform_references(base, r, strict, &mut text)?;
            (text, bounds)
        }
    };
    let target = Reference::from_bounds(text, bounds);
    debug_assert_eq!(target.check_invariants(), Ok(()), "{target:?}");
    Ok(target)
}

/// Appends the target of `r` against `base` to `target`: as a splice of
/// the two texts ([`splice`]) where the algorithm's result is one, else by
/// the algorithm ([`transform_references`]).
fn resolve_to<X: Spec, S: Storage, T: Storage>(
    base: &Reference<X, S>,
    r: &Reference<X, T>,
    strict: bool,
    target: &mut String,
) -> Result<Bounds, ResolveError> {
    match splice(base, r, strict) {
        Some(splice) => Ok(splice.write(base, r, target)),
        None => transform_references(base, r, strict, target),
    }
}

/// Where the target that section 5.2.2 gives is a piece of the base's
/// text followed by a piece of the reference's, the two pieces.
///
/// The components of a reference lie in its text in the order in which
/// section 5.3 writes them, each with its delimiter, so a run of the
/// base's components is one piece of its text. Where the algorithm takes
/// the base's components up to some point and the reference's from there
/// on, the target is the base's text up to `cut` and then the reference's
/// from `from`: two copies, and bounds that are the base's and the
/// reference's, moved.
///
/// Removing dot segments must leave each piece as it is. The base's
/// directory, and what follows the reference's leading dot segments, must
/// have none; the leading ones (`./`, `../`, and a last `.` or `..`)
/// are what section 5.2.4 makes of them after an absolute directory: `.`
/// goes, and `..` takes the directory's last segment with it, never
/// climbing above its root. The remaining cases go through the algorithm:
/// dot segments further in, a `..` against a rootless directory (whose
/// first segment rule C removes with the `/` after it), and a relative path
/// against a base with an authority and an empty path (whose merge adds a
/// `/`), and a path without an authority that would start with `//` once
/// the leading dot segments are gone (which gets the `/.` of
/// [`Recomposition::path_with`]). No other target of a splice needs that
/// `/.`: without an authority, a path never starts with `//`, in the base
/// or in the reference.
#[derive(Clone, Copy)]
struct Splice {
    /// Which components come from which reference.
    kind: SpliceKind,
    /// The base's text up to here...
    cut: usize,
    /// ... then the reference's from here.
    from: usize,
}

/// Which components of the target the base gives (those before the cut)
/// and which the reference gives.
#[derive(Clone, Copy, PartialEq, Eq)]
enum SpliceKind {
    /// `R.scheme` is defined: the reference is the target.
    Reference,
    /// `R.authority` is defined: the base's scheme and `:`, then the
    /// reference.
    AfterScheme,
    /// `R.path` is empty: the base up to its path's end (when `R.query` is
    /// defined) or its query's end (when not), then the reference.
    AfterPath { query: bool },
    /// `R.path` starts with `/`: the base up to its path, then the
    /// reference's path after its leading dot segments.
    AfterAuthority,
    /// A relative path merged: the base up to its directory's end, less a
    /// segment for each leading `..`, then the reference's path after its
    /// leading dot segments.
    AfterDirectory,
}

#[inline(always)]
fn splice<X: Spec, S: Storage, T: Storage>(
    base: &Reference<X, S>,
    r: &Reference<X, T>,
    strict: bool,
) -> Option<Splice> {
    let base_scheme = base.scheme()?;
    let (b, rb) = (base.bounds(), r.bounds());
    let r_scheme = r
        .scheme()
        .filter(|scheme| strict || !scheme.eq_ignore_ascii_case(base_scheme));
    let r_path = r.path();
    let r_path_start = rb.path().start;
    // What follows a scheme of the reference's that is ignored (the
    // non-strict parser's, when it is the base's).
    let after_scheme = rb.scheme_end().map_or(0, |end| end + 1);
    if r_scheme.is_some() {
        return (!path::has_dot_segments(r_path)).then_some(Splice {
            kind: SpliceKind::Reference,
            cut: 0,
            from: 0,
        });
    }
    if rb.has_authority() {
        return (!path::has_dot_segments(r_path)).then_some(Splice {
            kind: SpliceKind::AfterScheme,
            cut: base_scheme.len() + 1,
            from: after_scheme,
        });
    }
    if r_path.is_empty() {
        // `T.path = Base.path`, as it is.
        let query = r.query().is_some();
        let cut = match b.query() {
            Some(q) if !query => q.end,
            _ => b.path().end,
        };
        return Some(Splice {
            kind: SpliceKind::AfterPath { query },
            cut,
            from: after_scheme,
        });
    }
    let base_path = base.path();
    if r_path.starts_with('/') {
        // `/./` and `/../` at the root leave the root.
        let mut rest = r_path;
        while let Some(after) = rest.strip_prefix("/.").and_then(|after| {
            after
                .strip_prefix('/')
                .map(|_| after)
                .or_else(|| after.strip_prefix("./").map(|_| &after[1..]))
        }) {
            rest = after;
        }
        // Without an authority, `//` after the leading dot segments needs
        // the `/.` of recomposition.
        let needs_prefix = !b.has_authority() && rest.starts_with("//");
        return (!needs_prefix && !path::has_dot_segments(rest)).then_some(Splice {
            kind: SpliceKind::AfterAuthority,
            cut: b.path().start,
            from: r_path_start + r_path.len() - rest.len(),
        });
    }
    if b.has_authority() && base_path.is_empty() {
        return None;
    }
    let mut directory = path::directory(base.path(), base.bounds().has_authority());
    if path::has_dot_segments(directory) {
        return None;
    }
    let mut rest = r_path;
    loop {
        let (dots, after) = if let Some(after) = rest.strip_prefix("./") {
            (1, after)
        } else if let Some(after) = rest.strip_prefix("../") {
            (2, after)
        } else if rest == "." {
            (1, "")
        } else if rest == ".." {
            (2, "")
        } else {
            break;
        };
        if dots == 2 {
            // Rule C removes a rootless directory's first segment with
            // the `/` after it: the algorithm says what that gives.
            if !directory.starts_with('/') {
                return None;
            }
            let parent =
                path::last_slash(&directory[..directory.len() - 1]).map_or(0, |slash| slash + 1);
            directory = &directory[..parent.max(1)];
        }
        rest = after;
    }
    // The same of the merged path.
    let needs_prefix = !b.has_authority()
        && match directory {
            "" => rest.starts_with("//"),
            "/" => rest.starts_with('/'),
            _ => false,
        };
    (!needs_prefix && !path::has_dot_segments(rest)).then_some(Splice {
        kind: SpliceKind::AfterDirectory,
        cut: b.path().start + directory.len(),
        from: r_path_start + r_path.len() - rest.len(),
    })
}

impl Splice {
    /// The length of the target.
    fn len<X: Spec, T: Storage>(self, r: &Reference<X, T>) -> usize {
        self.cut + r.as_str().len() - self.from
    }

    /// Appends the target to `text`, and gives its bounds.
    #[inline(always)]
    fn write<X: Spec, S: Storage, T: Storage>(
        self,
        base: &Reference<X, S>,
        r: &Reference<X, T>,
        text: &mut String,
    ) -> Bounds {
        let Splice { kind, cut, from } = self;
        text.reserve(self.len(r));
        text.push_str(&base.as_str()[..cut]);
        text.push_str(&r.as_str()[from..]);
        let (b, rb) = (base.bounds(), r.bounds());
        // An offset in the reference's text, in the target's.
        let moved = |at: usize| at - from + cut;
        // The scheme and the authority: the reference's, or the base's.
        let from_reference = matches!(kind, SpliceKind::Reference | SpliceKind::AfterScheme);
        let head = if from_reference { rb } else { b };
        let at = |end: usize| if from_reference { moved(end) } else { end };
        let scheme_end = match kind {
            SpliceKind::Reference => rb.scheme_end(),
            _ => b.scheme_end(),
        };
        let authority = head.has_authority();
        let path = match kind {
            SpliceKind::AfterPath { .. } => b.path(),
            SpliceKind::AfterAuthority | SpliceKind::AfterDirectory => {
                b.path().start..moved(rb.path().end)
            }
            _ => moved(rb.path().start)..moved(rb.path().end),
        };
        let query_end = match kind {
            SpliceKind::AfterPath { query: false } => b.query().map(|q| q.end),
            _ => rb.query().map(|q| moved(q.end)),
        };
        Bounds::of_parse(
            scheme_end,
            head.userinfo().map(|userinfo| at(userinfo.end)),
            authority.then(|| (at(head.host().map_or(0, |h| h.end)), head.host_kind())),
            head.port_value(),
            path,
            query_end,
            rb.fragment_start().map(moved),
        )
        .with_zone(head.zone().filter(|_| authority))
    }
}

/// Section 5.2.2, line by line, with section 5.3 folded in: each `T.x = ...`
/// of the algorithm appends that component to the target as it is decided
/// (the algorithm decides them in the order in which 5.3 writes them), so
/// that the target's components are never held anywhere but in its text.
/// `T.path` is never computed into a string of its own either: the merged
/// path's dot segments are removed as it is written.
///
/// Nothing is written when the base has no scheme.
#[allow(clippy::collapsible_else_if)] // The RFC's nesting, kept.
fn transform_references<X: Spec, S: Storage, T: Storage>(
    base: &Reference<X, S>,
    r: &Reference<X, T>,
    strict: bool,
    target: &mut String,
) -> Result<Bounds, ResolveError> {
    // Section 5.2.1: "only the scheme component is required to be present
    // in a base URI".
    let Some(base_scheme) = base.scheme() else {
        return Err(ResolveError::RelativeBase);
    };
    // Each component of the target, with its delimiter, is one of the base
    // or of the reference, and the merged path is the base's directory and
    // the reference's path: the target is at most both, and `/.`.
    target.reserve(base.as_str().len() + r.as_str().len() + 2);
    let mut recomposition = Recomposition::into(target);
    let t = &mut recomposition;

    // -- The URI reference is parsed into the five URI components
    let mut r_scheme = r.scheme();

    // -- A non-strict parser may ignore a scheme in the reference
    // -- if it is identical to the base URI's scheme.
    if !strict && r_scheme.is_some_and(|s| s.eq_ignore_ascii_case(base_scheme)) {
        r_scheme = None;
    }

    if let Some(r_scheme) = r_scheme {
        t.scheme(r_scheme); //                        T.scheme    = R.scheme;
        t.authority(r.authority()); //                T.authority = R.authority;
        remove_dot_segments(t, Joined::whole(r.path())); // T.path = remove_dot_segments(R.path);
        t.query(r.query()); //                        T.query     = R.query;
    } else {
        t.scheme(base_scheme); //                     T.scheme    = Base.scheme;
        if r.authority().is_some() {
            t.authority(r.authority()); //            T.authority = R.authority;
            remove_dot_segments(t, Joined::whole(r.path())); // T.path = remove_dot_segments(R.path);
            t.query(r.query()); //                    T.query     = R.query;
        } else {
            t.authority(base.authority()); //         T.authority = Base.authority;
            if r.path().is_empty() {
                t.path(base.path()); //               T.path = Base.path;
                if r.query().is_some() {
                    t.query(r.query()); //            T.query = R.query;
                } else {
                    t.query(base.query()); //         T.query = Base.query;
                }
            } else {
                if r.path().starts_with('/') {
                    remove_dot_segments(t, Joined::whole(r.path())); // T.path = remove_dot_segments(R.path);
                } else {
                    // T.path = merge(Base.path, R.path);
                    // T.path = remove_dot_segments(T.path);
                    remove_dot_segments(t, merge(base, r.path()));
                }
                t.query(r.query()); //                T.query = R.query;
            }
        }
    }
    t.fragment(r.fragment()); //                      T.fragment = R.fragment;
    Ok(recomposition.bounds())
}

/// Appends `remove_dot_segments(path)` as the target's path.
fn remove_dot_segments(t: &mut Recomposition<'_>, path: Joined<'_>) {
    t.path_with(|text| {
        if path.has_dot_segments() {
            remove_dot_segments_into(text, path, |text, segment| text.push_str(segment));
        } else {
            // Without dot segments, removing them leaves the path as it is.
            path.push_to(text);
        }
    });
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
    Joined::under(
        path::directory(base.path(), base.bounds().has_authority()),
        r_path,
    )
}

#[cfg(test)]
mod tests {
    use alloc::string::String;

    use super::{splice, transform_references};
    use crate::Uri;

    /// The splice gives what the algorithm gives, wherever it applies, on
    /// references made of the pieces that matter to it (dot segments,
    /// empty segments, colons, each component or not) against bases of
    /// every shape, strict and not.
    #[test]
    fn a_splice_is_the_algorithms_target() {
        const BASES: [&str; 12] = [
            "http://a/b/c/d;p?q",
            "http://a",
            "http://a/",
            "http://u@a:8/b/?q#f",
            "f:/a/b",
            "f:/",
            "f:a/b",
            "f:a",
            "f:",
            "f:?q",
            "http:/.//a/b",
            "f://a//b/./c",
        ];
        const SCHEMES: [&str; 4] = ["", "http:", "HTTP:", "g:"];
        const HEADS: [&str; 3] = ["", "//h", "//u@h:1"];
        const SEGMENTS: [&str; 8] = ["", ".", "..", "a", "b.c", "x:y", "...", "%2E"];
        let mut next = crate::xorshift(0x5EED);
        let (mut spliced, mut total) = (0, 0);
        for _ in 0..20_000 {
            let mut pick = |n: usize| (next() % n as u64) as usize;
            let mut r = String::from(SCHEMES[pick(4)]);
            r.push_str(HEADS[pick(3)]);
            let segments = pick(5);
            let absolute = pick(2) == 0;
            for i in 0..segments {
                if i > 0 || absolute {
                    r.push('/');
                }
                r.push_str(SEGMENTS[pick(8)]);
            }
            if pick(2) == 0 {
                r.push_str("?y");
            }
            if pick(2) == 0 {
                r.push_str("#s");
            }
            let Ok(reference) = Uri::parse(r.as_str()) else {
                continue;
            };
            for base in BASES {
                let base = Uri::parse(base).unwrap();
                for strict in [true, false] {
                    total += 1;
                    let Some(splice) = splice(&base, &reference, strict) else {
                        continue;
                    };
                    spliced += 1;
                    let mut by_splice = String::new();
                    let bounds = splice.write(&base, &reference, &mut by_splice);
                    let mut by_algorithm = String::new();
                    let expected =
                        transform_references(&base, &reference, strict, &mut by_algorithm).unwrap();
                    assert_eq!(
                        (by_splice.as_str(), bounds),
                        (by_algorithm.as_str(), expected),
                        "{base} + {reference} ({strict})"
                    );
                }
            }
        }
        // Most targets are splices (two in three), and not all.
        assert!(
            spliced * 2 > total && spliced < total,
            "{spliced} of {total}"
        );
    }
}
