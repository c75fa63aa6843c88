//! Reference resolution (RFC 3986 section 5): the examples of section 5.4
//! in full, edge cases of the base and the reference, and the dot-segment
//! algorithm's traces.

use rfc3986::{remove_dot_segments, remove_dot_segments_trace, ResolveError, Uri};
use rstest::rstest;

fn parse(input: &str) -> Uri {
    Uri::parse(input)
        .unwrap_or_else(|e| panic!("{input:?}: {e}"))
        .to_owned()
}

/// A `Uri` built without parsing must be the `Uri` a parse of its text
/// gives: every accessor equal, the invariants holding.
fn assert_reparses<S: rfc3986::Storage>(uri: &Uri<S>) {
    uri.check_invariants().unwrap();
    let again = parse(uri.as_str());
    assert_eq!(uri.scheme(), again.scheme(), "{uri}");
    assert_eq!(
        uri.authority().map(|a| a.as_str()),
        again.authority().map(|a| a.as_str())
    );
    assert_eq!(uri.userinfo(), again.userinfo(), "{uri}");
    assert_eq!(uri.host(), again.host(), "{uri}");
    assert_eq!(uri.host_str(), again.host_str(), "{uri}");
    assert_eq!(uri.port(), again.port(), "{uri}");
    assert_eq!(uri.port_str(), again.port_str(), "{uri}");
    assert_eq!(uri.path(), again.path(), "{uri}");
    assert_eq!(uri.query(), again.query(), "{uri}");
    assert_eq!(uri.fragment(), again.fragment(), "{uri}");
    assert_eq!(format!("{uri:?}"), format!("{again:?}"));
}

fn resolve(base: &str, reference: &str) -> String {
    let target = parse(base).resolve(&parse(reference)).unwrap();
    assert_reparses(&target);
    target.to_string()
}

fn resolve_non_strict(base: &str, reference: &str) -> String {
    let target = parse(base).resolve_non_strict(&parse(reference)).unwrap();
    assert_reparses(&target);
    target.to_string()
}

const BASE: &str = "http://a/b/c/d;p?q";

// Section 5.4.1, Normal Examples, in full.
#[rstest]
#[case("g:h", "g:h")]
#[case("g", "http://a/b/c/g")]
#[case("./g", "http://a/b/c/g")]
#[case("g/", "http://a/b/c/g/")]
#[case("/g", "http://a/g")]
#[case("//g", "http://g")]
#[case("?y", "http://a/b/c/d;p?y")]
#[case("g?y", "http://a/b/c/g?y")]
#[case("#s", "http://a/b/c/d;p?q#s")]
#[case("g#s", "http://a/b/c/g#s")]
#[case("g?y#s", "http://a/b/c/g?y#s")]
#[case(";x", "http://a/b/c/;x")]
#[case("g;x", "http://a/b/c/g;x")]
#[case("g;x?y#s", "http://a/b/c/g;x?y#s")]
#[case("", "http://a/b/c/d;p?q")]
#[case(".", "http://a/b/c/")]
#[case("./", "http://a/b/c/")]
#[case("..", "http://a/b/")]
#[case("../", "http://a/b/")]
#[case("../g", "http://a/b/g")]
#[case("../..", "http://a/")]
#[case("../../", "http://a/")]
#[case("../../g", "http://a/g")]
fn normal_examples(#[case] reference: &str, #[case] target: &str) {
    assert_eq!(resolve(BASE, reference), target);
    // None of these has the base's scheme, so non-strict changes nothing.
    assert_eq!(resolve_non_strict(BASE, reference), target);
}

// Section 5.4.2, Abnormal Examples, in full.
#[rstest]
#[case("../../../g", "http://a/g")]
#[case("../../../../g", "http://a/g")]
#[case("/./g", "http://a/g")]
#[case("/../g", "http://a/g")]
#[case("g.", "http://a/b/c/g.")]
#[case(".g", "http://a/b/c/.g")]
#[case("g..", "http://a/b/c/g..")]
#[case("..g", "http://a/b/c/..g")]
#[case("./../g", "http://a/b/g")]
#[case("./g/.", "http://a/b/c/g/")]
#[case("g/./h", "http://a/b/c/g/h")]
#[case("g/../h", "http://a/b/c/h")]
#[case("g;x=1/./y", "http://a/b/c/g;x=1/y")]
#[case("g;x=1/../y", "http://a/b/c/y")]
#[case("g?y/./x", "http://a/b/c/g?y/./x")]
#[case("g?y/../x", "http://a/b/c/g?y/../x")]
#[case("g#s/./x", "http://a/b/c/g#s/./x")]
#[case("g#s/../x", "http://a/b/c/g#s/../x")]
fn abnormal_examples(#[case] reference: &str, #[case] target: &str) {
    assert_eq!(resolve(BASE, reference), target);
    assert_eq!(resolve_non_strict(BASE, reference), target);
}

// The last abnormal example: `"http:g" = "http:g" ; for strict parsers`,
// `/ "http://a/b/c/g" ; for backward compatibility`.
#[test]
fn scheme_equal_to_the_base_s() {
    assert_eq!(resolve(BASE, "http:g"), "http:g");
    assert_eq!(resolve_non_strict(BASE, "http:g"), "http://a/b/c/g");
    // Schemes compare case-insensitively; the base's is kept.
    assert_eq!(resolve_non_strict(BASE, "HTTP:g"), "http://a/b/c/g");
    assert_eq!(resolve(BASE, "HTTP:g"), "HTTP:g");
    // Non-strict treats the reference as relative in every way.
    assert_eq!(resolve_non_strict(BASE, "http:"), "http://a/b/c/d;p?q");
    assert_eq!(resolve_non_strict(BASE, "http:?y"), "http://a/b/c/d;p?y");
    assert_eq!(resolve_non_strict(BASE, "http://g/x"), "http://g/x");
    // Another scheme is never ignored.
    assert_eq!(resolve_non_strict(BASE, "https:g"), "https:g");
}

#[rstest]
// The "/." deviation: a path starting with "//" and no authority.
#[case::dot_slash_slash("f:/a", ".//g", "f:/.//g")]
#[case::dot_slash_slash_deeper("f:/a/b", "../..//g", "f:/.//g")]
#[case::absolute_dot("f:/a", "/.//g", "f:/.//g")]
#[case::scheme_reference("f:/a", "g:/.//h", "g:/.//h")]
#[case::with_authority_no_prefix("http://a", ".//g", "http://a//g")]
#[case::with_authority_deeper("http://a/b/c", "..//g", "http://a//g")]
// Rootless and empty base paths, merged literally (5.2.3).
#[case::rootless("foo:bar", "baz", "foo:baz")]
#[case::rootless_deeper("foo:a/b", "c", "foo:a/c")]
#[case::rootless_climb("foo:a/b", "../c", "foo:/c")]
#[case::rootless_query("foo:bar", "?q", "foo:bar?q")]
#[case::rootless_dot("foo:bar", ".", "foo:")]
#[case::empty_path("foo:", "g", "foo:g")]
#[case::empty_path_climb("foo:", "../g", "foo:g")]
#[case::empty_path_empty_ref("foo:?q", "", "foo:?q")]
// An authority with an empty path: "/" + the reference's path.
#[case::authority_only("http://a", "g", "http://a/g")]
#[case::authority_only_climb("http://a", "../g", "http://a/g")]
#[case::authority_only_query("http://a", "?y", "http://a?y")]
#[case::authority_only_fragment("http://a", "#s", "http://a#s")]
#[case::authority_only_empty("http://a", "", "http://a")]
// Only a query, only a fragment, empty versus undefined.
#[case::empty_query_kept("http://a/b?q", "?", "http://a/b?")]
#[case::empty_query_path("http://a/b?q", "c?", "http://a/c?")]
#[case::no_query_inherits("http://a/b?q", "#", "http://a/b?q#")]
#[case::empty_fragment("http://a/b", "#", "http://a/b#")]
#[case::empty_fragment_path("http://a/b", "c#", "http://a/c#")]
// The base's fragment is ignored (5.1).
#[case::base_fragment("http://a/b?q#f", "", "http://a/b?q")]
#[case::base_fragment_replaced("http://a/b?q#f", "#g", "http://a/b?q#g")]
#[case::base_fragment_path("http://a/b#f", "c", "http://a/c")]
// The reference's authority replaces the base's, userinfo and port too.
#[case::network_path("http://u@a:1/b", "//v@c:2", "http://v@c:2")]
#[case::network_path_dots("http://a/b", "//c/./d/../e", "http://c/e")]
#[case::ipv6("http://a/b", "//[::1]:8/x", "http://[::1]:8/x")]
#[case::ipv_future("http://a/b", "//[v1.x]/y", "http://[v1.x]/y")]
#[case::ipv4_base("http://1.2.3.4/b/c", "d", "http://1.2.3.4/b/d")]
#[case::ipv_future_base("http://u@[v7.a:b]:9/b/c", "?q", "http://u@[v7.a:b]:9/b/c?q")]
#[case::empty_authority("file:///etc/hosts", "passwd", "file:///etc/passwd")]
// A reference with a scheme: dot segments removed, nothing of the base.
#[case::absolute_dots("http://a/b", "ftp://x/./y/../z?q#f", "ftp://x/z?q#f")]
#[case::absolute_rootless("http://a/b", "urn:a:b", "urn:a:b")]
// Base paths that are not normalized are kept as they are when the
// reference's path is empty, and normalized by merging otherwise.
#[case::base_dots_kept("http://a/b/./c", "?y", "http://a/b/./c?y")]
#[case::base_dots_merged("http://a/b/./c", "d", "http://a/b/d")]
// Percent-encoded dots are not dot segments (5.2.4 works on the text).
#[case::encoded_dots("http://a/b/c", "%2E%2E/g", "http://a/b/%2E%2E/g")]
fn edge_cases(#[case] base: &str, #[case] reference: &str, #[case] target: &str) {
    assert_eq!(resolve(base, reference), target);
}

#[test]
fn a_relative_base_is_an_error() {
    for base in ["", "/a/b", "a/b", "//a/b", "?q", "#f"] {
        let err = parse(base).resolve(&parse("g")).unwrap_err();
        assert_eq!(err, ResolveError::RelativeBase);
        assert_eq!(
            err.to_string(),
            "the base URI has no scheme: only an absolute URI can be a base (RFC 3986 section 5.2.1)"
        );
        assert_eq!(
            parse(base).resolve_non_strict(&parse("g:h")).unwrap_err(),
            ResolveError::RelativeBase
        );
    }
}

/// Resolving `""` against a base without a fragment gives the base.
#[test]
fn the_empty_reference_gives_the_base() {
    for base in [BASE, "foo:", "foo:bar", "http://a", "f:/.//g", "http://a?"] {
        assert_eq!(resolve(base, ""), base);
    }
}

// Section 5.2.4's two traces: the state of the two buffers after each step.
#[test]
fn remove_dot_segments_first_trace() {
    let trace = remove_dot_segments_trace("/a/b/c/./../../g");
    let expected = [
        ("1", "", "/a/b/c/./../../g"),
        ("2E", "/a", "/b/c/./../../g"),
        ("2E", "/a/b", "/c/./../../g"),
        ("2E", "/a/b/c", "/./../../g"),
        ("2B", "/a/b/c", "/../../g"),
        ("2C", "/a/b", "/../g"),
        ("2C", "/a", "/g"),
        ("2E", "/a/g", ""),
    ];
    let trace: Vec<_> = trace
        .iter()
        .map(|(step, output, input)| (*step, output.as_str(), input.as_str()))
        .collect();
    assert_eq!(trace, expected);
    assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
}

#[test]
fn remove_dot_segments_second_trace() {
    let trace = remove_dot_segments_trace("mid/content=5/../6");
    let expected = [
        ("1", "", "mid/content=5/../6"),
        ("2E", "mid", "/content=5/../6"),
        ("2E", "mid/content=5", "/../6"),
        ("2C", "mid", "/6"),
        ("2E", "mid/6", ""),
    ];
    let trace: Vec<_> = trace
        .iter()
        .map(|(step, output, input)| (*step, output.as_str(), input.as_str()))
        .collect();
    assert_eq!(trace, expected);
    assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
}

#[rstest]
#[case("", "")]
#[case("/", "/")]
#[case(".", "")]
#[case("..", "")]
#[case("./", "")]
#[case("../", "")]
#[case("/.", "/")]
#[case("/..", "/")]
#[case("/./", "/")]
#[case("/../", "/")]
#[case("a/..", "/")]
#[case("a/../b", "/b")]
#[case("/a/..", "/")]
#[case("/a/../", "/")]
#[case("/a/b/..", "/a/")]
#[case("../a", "a")]
#[case("./a:b", "a:b")]
#[case(".//g", "/g")]
#[case("/.//g", "//g")]
#[case("//..", "/")]
#[case("/a//../b", "/a/b")]
#[case("/a/.../b", "/a/.../b")]
#[case("/a/.b/..c/", "/a/.b/..c/")]
#[case("/%2E/%2E%2E", "/%2E/%2E%2E")]
fn remove_dot_segments_cases(#[case] path: &str, #[case] expected: &str) {
    assert_eq!(remove_dot_segments(path), expected);
    let trace = remove_dot_segments_trace(path);
    assert_eq!(trace.last().unwrap().1, expected);
}

/// The segment-wise `remove_dot_segments` is the RFC's two-buffer
/// algorithm: compared on every path of up to 9 characters over `a`, `.`
/// and `/`.
#[test]
fn remove_dot_segments_is_the_two_buffer_algorithm() {
    let mut paths = vec![String::new()];
    let mut all = 0;
    for _ in 0..9 {
        let mut longer = Vec::with_capacity(paths.len() * 3);
        for path in &paths {
            for c in ['a', '.', '/'] {
                let mut p = path.clone();
                p.push(c);
                longer.push(p);
            }
        }
        for path in &longer {
            let literal = remove_dot_segments_trace(path).pop().unwrap();
            assert_eq!(literal.2, "", "{path:?}");
            assert_eq!(remove_dot_segments(path), literal.1, "{path:?}");
            all += 1;
        }
        paths = longer;
    }
    assert_eq!(all, (1..=9).map(|n| 3usize.pow(n)).sum::<usize>());
}

/// Resolution against every combination of base and reference drawn from
/// small sets: the result re-parses to the same components, and a relative
/// result never happens.
#[test]
fn every_resolved_uri_reparses() {
    let bases = [
        "http://a/b/c/d;p?q",
        "http://a",
        "http://a?q#f",
        "http://u:p@[::1]:80/x/",
        "http://[v1.x]/",
        "foo:",
        "foo:bar",
        "foo:a/b/c",
        "foo:/a/b",
        "f:/a",
        "f:/.//g",
        "file:///",
    ];
    let references = [
        "",
        "g",
        ".",
        "..",
        "./",
        "../",
        "../..",
        ".//g",
        "..//g",
        "/.//g",
        "//g",
        "//",
        "///",
        "?",
        "#",
        "?y#s",
        "g:h",
        "http:g",
        "foo:x",
        "a:b/./c",
        "g/../..",
        ";x",
        "//u@h:1",
        "//[::2]/",
        "%2E",
        "a/b/../../..",
        "./a:b",
    ];
    for base in bases {
        for reference in references {
            let (base, reference) = (parse(base), parse(reference));
            for target in [
                base.resolve(&reference).unwrap(),
                base.resolve_non_strict(&reference).unwrap(),
            ] {
                assert_reparses(&target);
                assert!(!target.is_relative());
                assert_eq!(target.fragment(), reference.fragment());
            }
        }
    }
}

/// Every path of up to `max` characters over `a`, `.` and `/`.
fn small_paths(max: usize) -> Vec<String> {
    let mut all = vec![String::new()];
    let mut level = vec![String::new()];
    for _ in 0..max {
        level = level
            .iter()
            .flat_map(|p| ['a', '.', '/'].map(|c| format!("{p}{c}")))
            .collect();
        all.extend(level.iter().cloned());
    }
    all
}

/// Resolution merges the paths and removes dot segments without building
/// the merged path; compare it with `merge` and the two-buffer algorithm
/// written out, for every base path of up to 5 characters and relative-path
/// reference of up to 4 over `a`, `.` and `/`, with and without an
/// authority.
#[test]
fn merged_paths_are_the_two_buffer_algorithm() {
    let (paths, references) = (small_paths(5), small_paths(4));
    let mut compared = 0;
    for authority in [false, true] {
        for base_path in &paths {
            let base = if authority {
                if !base_path.is_empty() && !base_path.starts_with('/') {
                    continue;
                }
                format!("http://h{base_path}")
            } else {
                if base_path.starts_with("//") {
                    continue;
                }
                format!("foo:{base_path}")
            };
            let base = parse(&base);
            for r_path in &references {
                if r_path.is_empty() || r_path.starts_with('/') {
                    continue;
                }
                // 5.2.3, as a string.
                let merged = if authority && base_path.is_empty() {
                    format!("/{r_path}")
                } else {
                    match base_path.rfind('/') {
                        Some(slash) => format!("{}{r_path}", &base_path[..=slash]),
                        None => r_path.clone(),
                    }
                };
                let mut expected = remove_dot_segments_trace(&merged).pop().unwrap().1;
                if !authority && expected.starts_with("//") {
                    expected.insert_str(0, "/.");
                }
                let target = base.resolve(&parse(r_path)).unwrap();
                assert_eq!(target.path(), expected, "{base} + {r_path}");
                compared += 1;
            }
        }
    }
    assert!(compared > 20_000, "{compared}");
}
