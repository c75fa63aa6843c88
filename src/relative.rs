//! The inverse of resolution: a reference from a base to a target.

use alloc::string::String;
use alloc::vec::Vec;

use crate::authority::Authority;
use crate::path::{self, first_segment_has_colon, has_dot_segments, remove_dot_segments};
use crate::recompose::{AuthorityText, Components};
use crate::reference::{Reference, Storage};
use crate::spec::Spec;

impl<X: Spec, S: Storage> Reference<X, S> {
    /// A reference, as short as this crate can make it, that resolves
    /// against this base to `target` exactly:
    /// `base.resolve(&base.make_relative(&target)?) == target`, as text.
    ///
    /// The candidates, shortest first, are: the empty reference, `#f` or
    /// `?q#f` when only the query or fragment differ; a relative path from
    /// the base's directory, climbing with `..` where needed (with `./`
    /// before a first segment that contains `:` or is empty); an absolute
    /// path; a network-path reference (`//authority/path`); and last the
    /// target itself. Each candidate is resolved against the base and the
    /// first whose target is exactly `target` is returned, so a `Some` is
    /// always right.
    ///
    /// Some details follow from resolution. Resolving `""` drops the base's
    /// fragment and keeps its query, so a target equal to the base with a
    /// fragment gives `#fragment`, and a target without the base's query
    /// needs a path. A target whose scheme differs from the base's (even
    /// only in case) is returned as it is: only a reference with a scheme
    /// can reach it.
    ///
    /// `None` when no reference resolves to `target`:
    ///
    /// - the base or the target is a relative reference (resolution needs
    ///   an absolute base and always gives an absolute URI);
    /// - the target's path has a `.` or `..` segment that resolution would
    ///   remove, and it is not the base's own path (which `""`, `?q` and
    ///   `#f` keep as it is). `f:/.//g`, as [`resolve`](Self::resolve) and
    ///   [`normalize`](Self::normalize) write `f:` + `//g`, is reachable.
    ///
    /// Every other target, given an absolute base, gives `Some`: at worst
    /// the target itself, which resolves to itself.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let base = Uri::parse("http://a/b/c/d;p?q#f")?;
    /// let relative = |t| base.make_relative(&Uri::parse(t).unwrap()).map(|r| r.to_string());
    /// assert_eq!(relative("http://a/b/c/g").as_deref(), Some("g"));
    /// assert_eq!(relative("http://a/b/g?y").as_deref(), Some("../g?y"));
    /// assert_eq!(relative("http://a/b/c/d;p?q").as_deref(), Some(""));
    /// assert_eq!(relative("http://a/b/c/d;p?q#f").as_deref(), Some("#f"));
    /// assert_eq!(relative("http://a/b/c/d;p").as_deref(), Some("d;p"));
    /// assert_eq!(relative("http://a/b/c/x:y").as_deref(), Some("./x:y"));
    /// assert_eq!(relative("http://z/b").as_deref(), Some("//z/b"));
    /// assert_eq!(relative("ftp://a/b").as_deref(), Some("ftp://a/b"));
    /// assert_eq!(relative("http://a/b/../g"), None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn make_relative<T: Storage>(
        &self,
        target: &Reference<X, T>,
    ) -> Option<Reference<X, String>> {
        let base = self;
        base.scheme()?;
        target.scheme()?;
        let (query, fragment) = (target.query(), target.fragment());
        let reference = |authority: Option<&Authority<'_>>,
                         path: &str,
                         query: Option<&str>|
         -> Reference<X, String> {
            Components {
                scheme: None,
                authority: authority.map(AuthorityText::of),
                path,
                query,
                fragment,
            }
            .write()
        };

        let mut candidates = Vec::new();
        let same_scheme = base.scheme() == target.scheme();
        let same_authority =
            base.authority().map(|a| a.as_str()) == target.authority().map(|a| a.as_str());
        if same_scheme && same_authority {
            // An empty path keeps the base's path, and its query unless the
            // reference has one.
            if target.path() == base.path() {
                if query == base.query() {
                    candidates.push(reference(None, "", None));
                } else if query.is_some() {
                    candidates.push(reference(None, "", query));
                }
            }
            for path in relative_paths(base, target.path()) {
                candidates.push(reference(None, &path, query));
            }
            if target.path().starts_with('/') {
                // Recomposition puts "/." before a path that starts with
                // "//" (see `path::disambiguation`).
                candidates.push(reference(None, target.path(), query));
            }
        }
        if same_scheme && target.authority().is_some() {
            candidates.push(reference(target.authority().as_ref(), target.path(), query));
        }
        candidates.push(target.to_owned());
        // Stable: among references of one length, the order above.
        candidates.sort_by_key(|r| r.as_str().len());
        candidates
            .into_iter()
            .find(|r| base.resolve(r).is_ok_and(|t| t == *target))
    }
}

/// Relative paths (path-noscheme references) from the base's directory to
/// `target`: the rest of `target` under the directory, and from each
/// directory above it the `..` segments and the rest.
fn relative_paths<X: Spec, S: Storage>(base: &Reference<X, S>, target: &str) -> Vec<String> {
    // What `merge` keeps of the base's path: all but its last segment.
    let directory = path::directory(base.path(), base.bounds().has_authority());
    // The directory ends with "/", so the dot segments in it are removed
    // the same way whatever follows it: remove them first.
    let normal_directory;
    let directory = if has_dot_segments(directory) {
        normal_directory = remove_dot_segments(directory);
        normal_directory.as_str()
    } else {
        directory
    };
    let mut paths = Vec::new();
    if let Some(rest) = target.strip_prefix(directory) {
        if rest.is_empty() {
            paths.push(String::from("."));
            paths.push(String::from("./"));
        } else if rest.starts_with('/') || first_segment_has_colon(rest) {
            let mut path = String::from("./");
            path.push_str(rest);
            paths.push(path);
        } else {
            paths.push(String::from(rest));
        }
    }
    // Climbing: the segments the directory and the target share, then one
    // ".." for each other segment of the directory.
    if let Some(directory) = directory.strip_suffix('/') {
        let directory_segments: Vec<&str> = directory.split('/').collect();
        let target_segments: Vec<&str> = target.split('/').collect();
        let shared = directory_segments
            .iter()
            .zip(&target_segments)
            .take_while(|(d, t)| d == t)
            .count()
            // At least the target's last segment is written out.
            .min(target_segments.len() - 1);
        let climbs = directory_segments.len() - shared;
        if climbs > 0 {
            let skipped: usize = target_segments[..shared].iter().map(|s| s.len() + 1).sum();
            let rest = &target[skipped..];
            let mut path = "../".repeat(climbs);
            if rest.is_empty() {
                path.pop();
            }
            path.push_str(rest);
            paths.push(path);
        }
    }
    paths
}
