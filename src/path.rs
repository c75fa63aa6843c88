//! The rules about paths that more than one algorithm needs, each written
//! once: what keeps a path reading as a path where it stands (section 3.3,
//! section 4.2 and the crate's `/.` rule), the directory of a base
//! (section 5.2.3), and dot segments (section 5.2.4).

use alloc::string::String;
use alloc::vec::Vec;

use crate::percent;
use crate::syntax::Syntax;

/// Whether the first segment of `path` contains a `:`: as the path of a
/// relative reference it would then read as a scheme (section 4.2), which
/// `path-noscheme` forbids.
pub(crate) fn first_segment_has_colon(path: &str) -> bool {
    let first = path.find('/').map_or(path, |slash| &path[..slash]);
    first.contains(':')
}

/// What must go before `path` so that, where it stands, it reads back as
/// this path and nothing else:
///
/// - `/.` when there is no authority and the path starts with `//`, which
///   would read as an authority (section 3.3 forbids it; section 5.2 can
///   produce it, and this prefix, which `remove_dot_segments` takes away
///   again, is the crate's one deliberate deviation from the RFC's output,
///   as in uriparser, fluent-uri and iri-string);
/// - `./` in a relative reference (no scheme, no authority) whose first
///   segment has a `:`, which would read as a scheme (section 4.2);
/// - nothing otherwise.
pub(crate) fn disambiguation(path: &str, has_scheme: bool, has_authority: bool) -> &'static str {
    if has_authority {
        ""
    } else if path.starts_with("//") {
        "/."
    } else if !has_scheme && first_segment_has_colon(path) {
        "./"
    } else {
        ""
    }
}

/// Appends `segment`, decoded, percent-encoded as a `segment`
/// ([`Component::PathSegment`](crate::Component::PathSegment)), or as a
/// `segment-nz-nc` when it is the first segment of a relative reference,
/// where a `:` would read as the end of a scheme (section 4.2).
pub(crate) fn push_segment(
    out: &mut String,
    syntax: &Syntax,
    segment: &str,
    first_of_relative: bool,
) {
    let keep = if first_of_relative {
        &syntax.segment_nz_nc
    } else {
        &syntax.segment
    };
    percent::push_encoded(out, segment, keep);
}

/// The directory of a base URI whose path is `path`, as section 5.2.3
/// merges a relative path into it: `/` when the base has an authority and
/// an empty path, else the path up to and including its last `/`, or
/// nothing when it has none.
pub(crate) fn directory(path: &str, has_authority: bool) -> &str {
    if has_authority && path.is_empty() {
        "/"
    } else {
        last_slash(path).map_or("", |slash| &path[..=slash])
    }
}

/// The offset of the last `/` of `path`. A loop over the bytes, which
/// inlines: a path is short, and `str::rfind` of a `char` calls out to a
/// searcher and a `memrchr` built for long texts.
#[inline]
pub(crate) fn last_slash(path: &str) -> Option<usize> {
    path.as_bytes().iter().rposition(|&b| b == b'/')
}

/// Whether `path` has a `.` or `..` segment: a `.` that starts a segment
/// (at the start or after a `/`) and ends it, alone or with a second `.`.
/// Each byte is compared with `.`; only around a `.` does it look at the
/// bytes before and after.
pub(crate) fn has_dot_segments(path: &str) -> bool {
    let bytes = path.as_bytes();
    // Whether the byte at `at` ends a segment: a `/`, or the end.
    let ends = |at: usize| bytes.get(at).is_none_or(|&b| b == b'/');
    bytes.iter().enumerate().any(|(at, &byte)| {
        byte == b'.'
            && (at == 0 || bytes[at - 1] == b'/')
            && (ends(at + 1) || (bytes.get(at + 1) == Some(&b'.') && ends(at + 2)))
    })
}

/// A path given as two pieces to be read as one, `directory` then `rest`,
/// without concatenating them: `directory` is empty or ends with `/`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Joined<'a> {
    directory: &'a str,
    rest: &'a str,
}

impl<'a> Joined<'a> {
    /// `path` on its own.
    pub(crate) fn whole(path: &'a str) -> Joined<'a> {
        Joined {
            directory: "",
            rest: path,
        }
    }

    /// `rest` under `directory`, which is empty or ends with `/`.
    pub(crate) fn under(directory: &'a str, rest: &'a str) -> Joined<'a> {
        debug_assert!(directory.is_empty() || directory.ends_with('/'));
        Joined { directory, rest }
    }

    /// Whether the joined path has a `.` or `..` segment. The directory
    /// ends with `/`, so no segment spans the two pieces.
    pub(crate) fn has_dot_segments(&self) -> bool {
        has_dot_segments(self.directory) || has_dot_segments(self.rest)
    }

    /// Appends the joined path as it is.
    pub(crate) fn push_to(&self, out: &mut String) {
        out.push_str(self.directory);
        out.push_str(self.rest);
    }

    /// The two pieces whose segments, one after the other, are those of
    /// the joined path: the directory without its last `/`, if any, then
    /// the rest.
    fn pieces(&self) -> [Option<&'a str>; 2] {
        [self.directory.strip_suffix('/'), Some(self.rest)]
    }
}

/// Removes the dot segments `.` and `..` from a path: RFC 3986 section
/// 5.2.4, exactly.
///
/// `.` segments go; `..` removes itself and the segment before it, but
/// never climbs above the root. Leading `.` and `..` segments of a relative
/// path are dropped, and a path that ends in a dot segment keeps a trailing
/// `/`. The result is what the algorithm's two string buffers give (the
/// doc-hidden `remove_dot_segments_trace` shows them step by step); this
/// function works segment by segment into one buffer.
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
#[must_use]
pub fn remove_dot_segments(path: &str) -> String {
    let mut output = String::with_capacity(path.len());
    remove_dot_segments_into(&mut output, Joined::whole(path), |out, segment| {
        out.push_str(segment);
    });
    output
}

/// [`remove_dot_segments`] of `input`, appended to `output` (the part of
/// `output` before the call is never removed), each segment written by
/// `write`, which may rewrite it: normalization decodes percent-encodings
/// as it goes, and what `write` wrote is what decides whether a segment is
/// `.` or `..` (`%2E%2E` is one).
///
/// The algorithm of section 5.2.4 reads its input a segment at a time, each
/// but the first with the `/` before it. While no segment has been moved to
/// the output, rules A and D drop `.` and `..` segments. After that, rule B
/// drops a `/.` segment and rule C a `/..` segment with the output's last
/// segment and its `/`; each leaves a `/` when it was the input's last
/// segment. Rule E moves a segment to the output.
pub(crate) fn remove_dot_segments_into(
    output: &mut String,
    input: Joined<'_>,
    mut write: impl FnMut(&mut String, &str),
) {
    let floor = output.len();
    // No segment moved yet: rules A and D apply.
    let mut leading = true;
    let [directory, rest] = input.pieces();
    for (piece, last_piece) in [(directory, false), (rest, true)] {
        // The piece's segments, split at each "/" by a scan of its bytes.
        let mut unread = piece;
        while let Some(text) = unread {
            let (segment, after) = match text.bytes().position(|b| b == b'/') {
                Some(slash) => (&text[..slash], Some(&text[slash + 1..])),
                None => (text, None),
            };
            unread = after;
            let last = last_piece && unread.is_none();
            remove_dot_segment(output, floor, &mut leading, segment, last, &mut write);
        }
    }
}

/// One segment of [`remove_dot_segments_into`]: moved to `output` (rule
/// E), or dropped as a dot segment (A and D while `leading`, else B and C).
fn remove_dot_segment(
    output: &mut String,
    floor: usize,
    leading: &mut bool,
    segment: &str,
    last: bool,
    write: &mut impl FnMut(&mut String, &str),
) {
    let start = output.len();
    if !*leading {
        output.push('/');
    }
    let text = output.len();
    write(output, segment);
    let dotdot = match &output[text..] {
        "." => false,
        ".." => true,
        // E.
        _ => {
            *leading = false;
            return;
        }
    };
    output.truncate(start);
    if *leading {
        // A and D.
        return;
    }
    if dotdot {
        // C: the output's last segment and the "/" before it.
        let kept = output.as_bytes()[floor..]
            .iter()
            .rposition(|&b| b == b'/')
            .unwrap_or(0);
        output.truncate(floor + kept);
    }
    if last {
        output.push('/');
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
#[must_use]
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
