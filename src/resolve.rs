//! Reference resolution (RFC 3986 section 5.2): transforming a reference
//! into its target URI against a base URI.

use alloc::string::String;
use alloc::vec::Vec;

use crate::build::Recomposition;
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
/// # Ok::<(), Box<dyn std::error::Error>>(())
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
    /// let resolve = |r| base.resolve(&Uri::parse(r)?).map_err(Box::<dyn std::error::Error>::from);
    /// assert_eq!(resolve("g")?, "http://a/b/c/g");
    /// assert_eq!(resolve("../g")?, "http://a/b/g");
    /// assert_eq!(resolve("//g")?, "http://g");
    /// assert_eq!(resolve("?y")?, "http://a/b/c/d;p?y");
    /// assert_eq!(resolve("")?, "http://a/b/c/d;p?q");
    /// assert_eq!(resolve("http:g")?, "http:g");
    ///
    /// let base = Uri::parse("f:/a")?;
    /// assert_eq!(base.resolve(&Uri::parse(".//g")?)?, "f:/.//g");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
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
    /// # Ok::<(), Box<dyn std::error::Error>>(())
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
        t_path = RemoveDotSegments(Merged::path(r.path()));
        t_query = r.query();
    } else {
        if let Some(r_authority) = r.authority() {
            t_authority = Some(r_authority);
            t_path = RemoveDotSegments(Merged::path(r.path()));
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
                    t_path = RemoveDotSegments(Merged::path(r.path()));
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
        RemoveDotSegments(path) => remove_dot_segments_into(text, path),
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
    RemoveDotSegments(Merged<'a>),
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

/// A path that is `head`, or `head "/" tail`: the result of [`merge`]
/// without concatenating.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Merged<'a> {
    head: &'a str,
    tail: Option<&'a str>,
}

impl<'a> Merged<'a> {
    /// A path as it is.
    pub(crate) fn path(path: &'a str) -> Merged<'a> {
        Merged {
            head: path,
            tail: None,
        }
    }

    fn len(&self) -> usize {
        self.head.len() + self.tail.map_or(0, |t| t.len() + 1)
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
pub(crate) fn merge<'a>(base: &'a Uri, r_path: &'a str) -> Merged<'a> {
    if base.authority().is_some() && base.path().is_empty() {
        // "/" + r_path
        Merged {
            head: "",
            tail: Some(r_path),
        }
    } else {
        match base.path().rfind('/') {
            // base.path[..=slash] + r_path
            Some(slash) => Merged {
                head: &base.path()[..slash],
                tail: Some(r_path),
            },
            None => Merged::path(r_path),
        }
    }
}

/// Removes the dot segments `.` and `..` from a path: RFC 3986 section
/// 5.2.4, exactly.
///
/// `.` segments go; `..` removes itself and the segment before it, but
/// never climbs above the root. Leading `.` and `..` segments of a relative
/// path are dropped, and a path that ends in a dot segment keeps a trailing
/// `/`. The result has the same meaning as the algorithm's string buffers
/// give (the doc-hidden `remove_dot_segments_trace` shows them step by
/// step); this function works segment by segment into one buffer.
///
/// ```
/// use rfc3986::remove_dot_segments;
///
/// assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
/// assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
/// assert_eq!(remove_dot_segments("/a/b/.."), "/a/");
/// assert_eq!(remove_dot_segments("../../g"), "g");
/// assert_eq!(remove_dot_segments("/../g"), "/g");
/// ```
pub fn remove_dot_segments(path: &str) -> String {
    let mut output = String::with_capacity(path.len());
    remove_dot_segments_into(&mut output, Merged::path(path));
    output
}

/// [`remove_dot_segments`] of `input`, appended to `output`; the part of
/// `output` before the call is never removed.
///
/// The algorithm of section 5.2.4 reads its input buffer a segment at a
/// time, each but the first with the `/` before it. Rules A and D remove
/// leading `.` and `..` segments (after rule A the next segment leads);
/// rule B drops a `/.` segment and rule C a `/..` segment along with the
/// last segment of the output, each leaving a `/` when it was the last
/// segment; rule E moves a segment to the output. Runs of segments that
/// rule E moves are copied at once, as the text they are in the input.
pub(crate) fn remove_dot_segments_into(output: &mut String, input: Merged<'_>) {
    let floor = output.len();
    // No segment moved yet: rules A and D apply.
    let mut leading = true;
    let pieces = [Some(input.head), input.tail];
    for (index, piece) in pieces.into_iter().enumerate() {
        let Some(piece) = piece else { continue };
        let last_piece = index == 1 || input.tail.is_none();
        let bytes = piece.as_bytes();
        // Where the text still to be copied as it is starts.
        let mut run: Option<usize> = None;
        let mut start = 0;
        loop {
            let end = bytes[start..]
                .iter()
                .position(|&b| b == b'/')
                .map_or(bytes.len(), |i| start + i);
            let segment = &piece[start..end];
            if segment == "." || segment == ".." {
                if let Some(from) = run.take() {
                    // Up to the "/" before this segment.
                    output.push_str(&piece[from..start - 1]);
                }
                if !leading {
                    if segment == ".." {
                        // C: the last segment of the output and its "/".
                        let kept = output.as_bytes()[floor..]
                            .iter()
                            .rposition(|&b| b == b'/')
                            .unwrap_or(0);
                        output.truncate(floor + kept);
                    }
                    // B and C leave a "/" when the segment was the last.
                    if end == bytes.len() && last_piece {
                        output.push('/');
                    }
                }
            } else if leading {
                // E, for the first segment moved: without a "/".
                leading = false;
                run = Some(start);
            } else if run.is_none() {
                // E, with the "/" before the segment; the tail's first
                // segment has it from `merge`.
                if start == 0 {
                    output.push('/');
                    run = Some(0);
                } else {
                    run = Some(start - 1);
                }
            }
            if end == bytes.len() {
                break;
            }
            start = end + 1;
        }
        if let Some(from) = run {
            output.push_str(&piece[from..]);
        }
    }
}

/// The algorithm of section 5.2.4 with its two string buffers, literally:
/// each step's rule (`"1"`, `"2A"`, ..., `"2E"`), output buffer and input
/// buffer, as the RFC's traces show them. Tests compare it with
/// [`remove_dot_segments`].
///
/// ```
/// let trace = rfc3986::remove_dot_segments_trace("mid/content=5/../6");
/// assert_eq!(trace.last().unwrap(), &("2E", "mid/6".to_string(), String::new()));
/// ```
#[doc(hidden)]
pub fn remove_dot_segments_trace(path: &str) -> Vec<(&'static str, String, String)> {
    // 1. The input buffer is initialized with the now-appended path
    //    components and the output buffer is initialized to the empty
    //    string.
    let mut input = String::from(path);
    let mut output = String::new();
    let mut trace = Vec::from([("1", output.clone(), input.clone())]);
    // Remove the last segment and its preceding "/" (if any).
    let remove_last_segment = |output: &mut String| {
        let kept = output.rfind('/').unwrap_or(0);
        output.truncate(kept);
    };
    // 2. While the input buffer is not empty, loop as follows:
    while !input.is_empty() {
        let step = if input.starts_with("../") {
            input.replace_range(..3, "");
            "2A"
        } else if input.starts_with("./") {
            input.replace_range(..2, "");
            "2A"
        } else if input.starts_with("/./") {
            input.replace_range(..3, "/");
            "2B"
        } else if input == "/." {
            input.replace_range(.., "/");
            "2B"
        } else if input.starts_with("/../") {
            input.replace_range(..4, "/");
            remove_last_segment(&mut output);
            "2C"
        } else if input == "/.." {
            input.replace_range(.., "/");
            remove_last_segment(&mut output);
            "2C"
        } else if input == "." || input == ".." {
            input.clear();
            "2D"
        } else {
            // The first segment, with its initial "/" (if any), up to but
            // not including the next "/".
            let from = usize::from(input.starts_with('/'));
            let end = input[from..].find('/').map_or(input.len(), |i| from + i);
            output.push_str(&input[..end]);
            input.replace_range(..end, "");
            "2E"
        };
        trace.push((step, output.clone(), input.clone()));
    }
    // 3. Finally, the output buffer is returned.
    trace
}
