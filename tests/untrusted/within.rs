//! Containment (`src/checks/within.rs`): `resolve_within` against bases of
//! every shape, `is_within` and `check_within` with and without a trailing
//! slash on the prefix, the messages, and the property that no target
//! `resolve_within` accepts lies outside its base's directory, however its
//! dot segments are encoded.

use proptest::prelude::*;
use rfc3986::{Iri, ResolveError, Uri, WithinError};
use rstest::rstest;

fn parse(input: &str) -> Uri<&str> {
    Uri::parse(input).unwrap_or_else(|e| panic!("{input:?}: {e}"))
}

fn outside(path: &str, prefix: &str) -> WithinError {
    WithinError::Outside {
        path: path.into(),
        prefix: prefix.into(),
    }
}

fn separator(offset: usize, separator: char) -> WithinError {
    WithinError::EncodedSeparator { offset, separator }
}

fn scheme(found: &str, expected: &str) -> WithinError {
    WithinError::Scheme {
        found: found.into(),
        expected: expected.into(),
    }
}

fn authority(found: Option<&str>, expected: Option<&str>) -> WithinError {
    WithinError::Authority {
        found: found.map(String::from),
        expected: expected.map(String::from),
    }
}

const API: &str = "https://api.example/v1/users";

#[rstest]
// Within: the target as `resolve` gives it, not normalized.
#[case(API, "orders", Ok("https://api.example/v1/orders"))]
#[case(API, "orders/7?all#top", Ok("https://api.example/v1/orders/7?all#top"))]
#[case(API, "/v1/./x", Ok("https://api.example/v1/x"))]
#[case(API, "/v1/%2e/x", Ok("https://api.example/v1/%2e/x"))]
#[case(API, "x/../../v1/y", Ok("https://api.example/v1/y"))]
#[case(
    API,
    "x/%2e%2e/%2E%2E/v1/y",
    Ok("https://api.example/v1/x/%2e%2e/%2E%2E/v1/y")
)]
#[case(API, "/%76%31/x", Ok("https://api.example/%76%31/x"))]
#[case(
    API,
    "HTTPS://API.example:443/v1/x",
    Ok("HTTPS://API.example:443/v1/x")
)]
#[case(API, "//API.EXAMPLE/v1/x", Ok("https://API.EXAMPLE/v1/x"))]
#[case(API, "https://api.example:/v1/x", Ok("https://api.example:/v1/x"))]
// An empty path targets the base's own path, inside its directory.
#[case(API, "?q", Ok("https://api.example/v1/users?q"))]
#[case(API, "#f", Ok("https://api.example/v1/users#f"))]
#[case(API, "", Ok("https://api.example/v1/users"))]
// The directory itself.
#[case(API, "/v1/", Ok("https://api.example/v1/"))]
#[case(API, "./", Ok("https://api.example/v1/"))]
#[case(API, ".", Ok("https://api.example/v1/"))]
// Climbing out, however the dots are written.
#[case(API, "../admin", Err(outside("/admin", "/v1/")))]
#[case(API, "%2e%2e/admin", Err(outside("/admin", "/v1/")))]
#[case(API, "%2E%2e/admin", Err(outside("/admin", "/v1/")))]
#[case(API, ".%2e/admin", Err(outside("/admin", "/v1/")))]
#[case(API, "%2E./admin", Err(outside("/admin", "/v1/")))]
#[case(API, "/v1/%2e%2e/admin", Err(outside("/admin", "/v1/")))]
#[case(API, "x/../%2e%2e/admin", Err(outside("/admin", "/v1/")))]
#[case(API, "..", Err(outside("/", "/v1/")))]
#[case(API, "/v1", Err(outside("/v1", "/v1/")))]
#[case(API, "/v1x/a", Err(outside("/v1x/a", "/v1/")))]
#[case(API, "/admin", Err(outside("/admin", "/v1/")))]
#[case(API, "https://api.example/admin", Err(outside("/admin", "/v1/")))]
// Another host, port, userinfo or scheme.
#[case(
    API,
    "//other-host/v1/x",
    Err(authority(Some("other-host"), Some("api.example")))
)]
#[case(
    API,
    "https://api.example:8443/v1/x",
    Err(authority(Some("api.example:8443"), Some("api.example")))
)]
#[case(
    API,
    "https://user@api.example/v1/x",
    Err(authority(Some("user@api.example"), Some("api.example")))
)]
#[case(API, "http://api.example/v1/x", Err(scheme("http", "https")))]
#[case(API, "urn:v1:x", Err(scheme("urn", "https")))]
// Encoded separators, at the `%` in the target's text.
#[case(API, "a%2Fb", Err(separator(24, '/')))]
#[case(API, "a%2fb", Err(separator(24, '/')))]
#[case(API, "a%5cb", Err(separator(24, '\\')))]
#[case(API, "a%5Cb", Err(separator(24, '\\')))]
#[case(API, "..%2F..%2Fadmin", Err(separator(25, '/')))]
#[case(API, "x/%2F/y", Err(separator(25, '/')))]
// Resolution removes the segment with the `%2F`: the target has none.
#[case(API, "x/%2F/../y", Ok("https://api.example/v1/x/y"))]
#[case("http://a/v1/a%2Fb", "?q", Err(separator(13, '/')))]
// An empty path after an authority: the directory is `/`.
#[case("http://a", "x", Ok("http://a/x"))]
#[case("http://a", "?q", Ok("http://a?q"))]
#[case("http://a", "../../x", Ok("http://a/x"))]
#[case("http://a", "//a", Ok("http://a"))]
// No `/` and no authority: an empty directory, every path of the scheme.
#[case("mailto:x", "y", Ok("mailto:y"))]
#[case("mailto:x", "/etc/passwd", Ok("mailto:/etc/passwd"))]
#[case("mailto:x", "mailto:z", Ok("mailto:z"))]
#[case("mailto:x", "http://x/", Err(scheme("http", "mailto")))]
#[case("mailto:x", "//h/y", Err(authority(Some("h"), None)))]
// A rootless directory.
#[case("foo:a/b", "c", Ok("foo:a/c"))]
#[case("foo:a/b", "../c", Err(outside("/c", "a/")))]
// The base's directory as section 5.2.3 merges into it, normalized.
#[case("http://a/v1/..", "x", Ok("http://a/v1/x"))]
#[case("http://a/v1/..", "?q", Err(outside("/", "/v1/")))]
#[case("http://a/v1/%2e%2e/b", "x", Ok("http://a/v1/%2e%2e/x"))]
#[case("HTTP://API.example:80/v1/", "x", Ok("HTTP://API.example:80/v1/x"))]
#[case("http://a/b%2fc/d", "x", Err(separator(10, '/')))]
// A base without a scheme cannot be resolved against.
#[case("/v1/", "x", Err(WithinError::Resolve(ResolveError::RelativeBase)))]
fn resolve_within(
    #[case] base: &str,
    #[case] reference: &str,
    #[case] expected: Result<&str, WithinError>,
) {
    let (base, reference) = (parse(base), parse(reference));
    let got = base.resolve_within(&reference);
    assert_eq!(
        got.as_ref().map(|target| target.as_str()),
        expected.as_deref(),
        "{base} {reference}"
    );
    // Accepted: exactly `resolve`'s target.
    if let Ok(target) = got {
        assert_eq!(target, base.resolve(&reference).unwrap());
        target.check_invariants().unwrap();
    }
}

#[rstest]
// A directory prefix: what starts with it.
#[case("https://api.example/v1/", "https://api.example/v1/", Ok(()))]
#[case("https://api.example/v1/", "https://api.example/v1/x/y", Ok(()))]
#[case("https://api.example/v1/", "https://api.example/v1/x?q#f", Ok(()))]
#[case("https://api.example/v1/", "HTTPS://API.EXAMPLE:443/%76%31/x", Ok(()))]
#[case("https://api.example/v1/", "https://api.example/v1/a/../b", Ok(()))]
#[case(
    "https://api.example/v1/",
    "https://api.example/v1",
    Err(outside("/v1", "/v1/"))
)]
#[case(
    "https://api.example/v1/",
    "https://api.example/v1x",
    Err(outside("/v1x", "/v1/"))
)]
#[case(
    "https://api.example/v1/",
    "https://api.example/v1/../admin",
    Err(outside("/admin", "/v1/"))
)]
#[case(
    "https://api.example/v1/",
    "https://api.example/v1/%2e%2e/admin",
    Err(outside("/admin", "/v1/"))
)]
#[case(
    "https://api.example/v1/",
    "https://api.example/v1/.%2E/admin",
    Err(outside("/admin", "/v1/"))
)]
#[case(
    "https://api.example/v1/",
    "https://api.example",
    Err(outside("/", "/v1/"))
)]
#[case(
    "https://api.example/v1/",
    "https://api.example/v1/x%2Fy",
    Err(separator(24, '/'))
)]
#[case(
    "https://api.example/v1/",
    "https://api.example/v1/x%5c..%5c..%5cadmin",
    Err(separator(24, '\\'))
)]
// A prefix without a trailing slash: itself and what lies below it.
#[case("https://api.example/v1", "https://api.example/v1", Ok(()))]
#[case("https://api.example/v1", "https://api.example/v1/", Ok(()))]
#[case("https://api.example/v1", "https://api.example/v1/x", Ok(()))]
#[case("https://api.example/v1", "https://api.example/v1/../v1", Ok(()))]
#[case("https://api.example/v1", "https://api.example/%76%31", Ok(()))]
#[case(
    "https://api.example/v1",
    "https://api.example/v1x",
    Err(outside("/v1x", "/v1"))
)]
#[case(
    "https://api.example/v1",
    "https://api.example/v",
    Err(outside("/v", "/v1"))
)]
#[case(
    "https://api.example/v1",
    "https://api.example/v1/..",
    Err(outside("/", "/v1"))
)]
#[case(
    "https://api.example/v1",
    "https://api.example/v1/%2E%2E/v1x",
    Err(outside("/v1x", "/v1"))
)]
// The prefix is normalized too; its query and fragment take no part.
#[case("HTTPS://API.EXAMPLE:443/%76%31/", "https://api.example/v1/x", Ok(()))]
#[case("https://api.example/v1/a/../", "https://api.example/v1/x", Ok(()))]
#[case("https://api.example/v1/?q#f", "https://api.example/v1/x", Ok(()))]
// A prefix with an empty path, or `/`: the whole host.
#[case("https://api.example", "https://api.example/anything", Ok(()))]
#[case("https://api.example", "https://api.example", Ok(()))]
#[case("https://api.example/", "https://api.example", Ok(()))]
#[case("foo://h", "foo://h", Ok(()))]
#[case("foo://h/", "foo://h", Ok(()))]
// Without an authority, an empty prefix path holds every path.
#[case("urn:", "urn:isbn:0451450523", Ok(()))]
#[case(
    "urn:isbn:",
    "urn:isbn:0451450523",
    Err(outside("isbn:0451450523", "isbn:"))
)]
#[case("urn:isbn", "urn:isbn/x", Ok(()))]
// Scheme and authority as `equivalent` compares them.
#[case(
    "https://api.example/",
    "http://api.example/",
    Err(scheme("http", "https"))
)]
#[case(
    "https://user@api.example/",
    "https://api.example/x",
    Err(authority(Some("api.example"), Some("user@api.example")))
)]
#[case("file:///etc/", "file:/etc/passwd", Err(authority(None, Some(""))))]
#[case("http://[2001:DB8:0::1]/a/", "http://[2001:db8::1]:80/a/b", Ok(()))]
// Relative references, on either side.
#[case("/v1/", "https://api.example/v1/x", Err(WithinError::Relative))]
#[case("https://api.example/v1/", "/v1/x", Err(WithinError::Relative))]
#[case("//api.example/v1/", "//api.example/v1/x", Err(WithinError::Relative))]
fn check_within(
    #[case] prefix: &str,
    #[case] uri: &str,
    #[case] expected: Result<(), WithinError>,
) {
    let (prefix, uri) = (parse(prefix), parse(uri));
    assert_eq!(uri.check_within(&prefix), expected, "{uri} under {prefix}");
    assert_eq!(
        uri.is_within(&prefix),
        expected.is_ok(),
        "{uri} under {prefix}"
    );
}

#[rstest]
#[case(
    WithinError::Resolve(ResolveError::RelativeBase),
    "the base URI has no scheme: only an absolute URI can be a base (RFC 3986 section 5.2.1)"
)]
#[case(
    WithinError::Relative,
    "a relative reference has no scheme: only URIs can be compared for containment (RFC 3986 section 4.2)"
)]
#[case(
    scheme("http", "https"),
    "the scheme is \"http\", not \"https\" (compared in lowercase, RFC 3986 section 6.2.2.1)"
)]
#[case(
    authority(Some("evil.example"), Some("api.example")),
    "the authority is \"evil.example\", not \"api.example\" (compared normalized, RFC 3986 section 6.2)"
)]
#[case(
    authority(None, Some("")),
    "the authority is absent, not \"\" (compared normalized, RFC 3986 section 6.2)"
)]
#[case(
    separator(24, '/'),
    "the path has an encoded \"/\" at byte 24, which a server may decode and split at (RFC 3986 section 7.3)"
)]
#[case(
    separator(3, '\\'),
    "the path has an encoded \"\\\" at byte 3, which a server may decode and split at (RFC 3986 section 7.3)"
)]
#[case(
    outside("/admin", "/v1/"),
    "the path \"/admin\" is not under \"/v1/\" once normalized (RFC 3986 section 6.2.2)"
)]
#[case(
    outside(&"/a".repeat(30), "/v1/"),
    "the path \"/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a...\" \
     is not under \"/v1/\" once normalized (RFC 3986 section 6.2.2)"
)]
fn messages(#[case] error: WithinError, #[case] message: &str) {
    assert_eq!(error.to_string(), message);
}

/// The same rule holds for IRIs, whose normalization decodes the
/// encodings of `iunreserved` characters as well.
#[test]
fn iris_are_compared_the_same_way() {
    let base = Iri::parse("https://\u{4f8b}.jp/\u{30d1}/users").unwrap();
    let within = |r: &str| base.resolve_within(&Iri::parse(r).unwrap());
    assert_eq!(within("x").unwrap(), "https://\u{4f8b}.jp/\u{30d1}/x");
    assert_eq!(
        within("/%E3%83%91/x").unwrap(),
        "https://\u{4f8b}.jp/%E3%83%91/x"
    );
    assert_eq!(within("%2e%2e/admin"), Err(outside("/admin", "/\u{30d1}/")));
    assert_eq!(within("\u{30d1}%2Fx"), Err(separator(22, '/')));
}

/// The path of a target as a server that trusts nothing would read it,
/// independently of the crate's normalization: every `%XX` decoded (the
/// bytes read lossily as UTF-8), `\` taken as a separator too, then the
/// dot segments removed by the literal algorithm of RFC 3986 section 5.2.4
/// (`remove_dot_segments_trace`, with its two string buffers).
fn decoded_path(path: &str) -> String {
    let decoded = rfc3986::percent_decode_lenient(path);
    let split = String::from_utf8_lossy(&decoded).replace('\\', "/");
    rfc3986::remove_dot_segments_trace(&split)
        .pop()
        .map(|(_, output, _)| output)
        .unwrap_or_default()
}

/// The segments a reference is built from: dot segments written every way
/// (plain, encoded in either case, half encoded), encoded separators, a
/// double encoding (`%252e` is the text `%2e`, not a dot), and names.
const SEGMENTS: &[&str] = &[
    "..", ".", "%2e", "%2E", "%2e%2e", "%2E%2e", ".%2E", "%2e.", "..%2f..", "%2f", "%2F", "%5C",
    "%5c", "%252e", "a", "b%20c", "v1", "%76%31", "",
];

/// The segments of a base's path.
const BASE_SEGMENTS: &[&str] = &["v1", "b", "c%20d", ".", "..", "%2E"];

/// `http://a/` and up to three segments, then, or not, a last segment
/// after a `/`.
fn base() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(prop::sample::select(BASE_SEGMENTS), 0..=3),
        prop::option::of(prop::sample::select(&["users", "x.y", "..", "%2e"][..])),
    )
        .prop_map(|(segments, last)| {
            let mut base = String::from("http://a/");
            for segment in segments {
                base.push_str(segment);
                base.push('/');
            }
            base.push_str(last.unwrap_or(""));
            base
        })
}

/// Up to five segments joined by `/`, as a relative path, an absolute
/// path, or after an authority (the base's, written equivalently, or
/// another) or a scheme, with or without a query and a fragment.
fn reference() -> impl Strategy<Value = String> {
    const STARTS: &[&str] = &[
        "",
        "/",
        "//a/",
        "//A:80/",
        "//a:/",
        "//b/",
        "//a:8080/",
        "http://a/",
        "HTTP://a:80/",
        "https://a/",
    ];
    (
        prop::sample::select(STARTS),
        prop::collection::vec(prop::sample::select(SEGMENTS), 0..=5),
        prop::sample::select(&["", "?q", "#f", "?..%2F#.."][..]),
    )
        .prop_map(|(start, segments, end)| format!("{start}{}{end}", segments.join("/")))
}

proptest! {
    // 2,000 cases: the outcome depends on the base's directory depth (0
    // to 3, itself with dot segments), on how far the reference's dot
    // segments climb against it (nearly half of the pool climbs or stays,
    // in one of eight spellings), on whether an encoded separator is
    // present (4 of the 19 segments, and `..%2f..`), and on which of the
    // ten starts is used; each of these combinations comes up many times
    // in 2,000 draws, in a few seconds.
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    /// No target that `resolve_within` accepts lies outside its base's
    /// directory once fully decoded, `\` included; accepting returns
    /// `resolve`'s target; and where the path has no encoded separator and
    /// the host is the base's, it accepts exactly the targets inside.
    #[test]
    fn accepted_targets_lie_within(base in base(), reference in reference()) {
        let base = Uri::parse(base.as_str()).map_err(|e| TestCaseError::fail(format!("{base}: {e}")))?;
        let reference = Uri::parse(reference.as_str())
            .map_err(|e| TestCaseError::fail(format!("{reference}: {e}")))?;
        let resolved = base.resolve(&reference).unwrap();
        let within = base.resolve_within(&reference);

        // The base's directory, decoded the same way: its path up to its
        // last `/`, which every base generated has.
        let raw = base.path();
        let directory = decoded_path(&raw[..=raw.rfind('/').unwrap()]);
        prop_assert!(directory.ends_with('/'), "{}", directory);
        let directory: Vec<&str> = directory.split('/').collect();
        let directory = &directory[..directory.len() - 1];

        // An empty path after an authority is `/` (section 5.2.3).
        let path = match decoded_path(resolved.path()) {
            empty if empty.is_empty() => String::from("/"),
            path => path,
        };
        let segments: Vec<&str> = path.split('/').collect();
        let inside = segments.len() > directory.len() && segments[..directory.len()] == *directory;

        // The base's scheme and authority, written equivalently.
        let same_origin = resolved.scheme().is_some_and(|s| s.eq_ignore_ascii_case("http"))
            && resolved.host_str().is_some_and(|h| h.eq_ignore_ascii_case("a"))
            && resolved.port_or_known_default() == Some(80)
            && resolved.userinfo().is_none();
        // The first encoded separator of the path as written, from the
        // start of the text.
        let path_start = resolved.as_str().len()
            - resolved.path().len()
            - resolved.query().map_or(0, |q| q.len() + 1)
            - resolved.fragment().map_or(0, |f| f.len() + 1);
        let upper = resolved.path().to_ascii_uppercase();
        let first_separator = [upper.find("%2F"), upper.find("%5C")]
            .into_iter()
            .flatten()
            .min()
            .map(|at| path_start + at);
        match &within {
            Ok(target) => {
                prop_assert!(inside, "{} accepted, but {:?} is outside {:?}", target, path, directory);
                prop_assert!(same_origin && first_separator.is_none(), "{} accepted", target);
                prop_assert_eq!(target.as_str(), resolved.as_str());
            }
            Err(WithinError::Scheme { .. } | WithinError::Authority { .. }) => {
                prop_assert!(!same_origin, "{} rejected for its scheme or authority", resolved);
            }
            Err(WithinError::EncodedSeparator { offset, separator }) => {
                prop_assert!(same_origin, "{} rejected", resolved);
                prop_assert_eq!(Some(*offset), first_separator, "{}", resolved);
                let encoded = if *separator == '/' { "%2F" } else { "%5C" };
                prop_assert_eq!(&upper[*offset - path_start..][..3], encoded, "{}", resolved);
            }
            Err(WithinError::Outside { .. }) => {
                prop_assert!(same_origin && first_separator.is_none(), "{} rejected", resolved);
                prop_assert!(!inside, "{} rejected, but {:?} is inside {:?}", resolved, path, directory);
            }
            Err(other) => prop_assert!(false, "{}: {:?}", resolved, other),
        }
    }
}
