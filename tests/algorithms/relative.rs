//! `make_relative`, the inverse of resolution: examples, edge cases, and
//! the round trip as a property.

use proptest::prelude::*;
use rfc3986::{remove_dot_segments, Uri};
use rstest::rstest;

fn parse(input: &str) -> Uri {
    Uri::parse(input)
        .unwrap_or_else(|e| panic!("{input:?}: {e}"))
        .to_owned()
}

/// `base.make_relative(target)`, checked: a `Some` resolves back to the
/// target exactly, and is a valid reference that re-parses to itself.
fn relative(base: &str, target: &str) -> Option<String> {
    let (base, target) = (parse(base), parse(target));
    let reference = base.make_relative(&target)?;
    reference.check_invariants().unwrap();
    assert_eq!(parse(reference.as_str()), reference);
    assert_eq!(base.resolve(&reference).unwrap(), target, "{reference}");
    Some(reference.to_string())
}

const BASE: &str = "http://a/b/c/d;p?q";

#[rstest]
// The targets of section 5.4.1, back to (shortest) references.
#[case("g:h", Some("g:h"))]
#[case("http://a/b/c/g", Some("g"))]
#[case("http://a/b/c/g/", Some("g/"))]
#[case("http://a/g", Some("/g"))]
#[case("http://g", Some("//g"))]
#[case("http://a/b/c/d;p?y", Some("?y"))]
#[case("http://a/b/c/g?y", Some("g?y"))]
#[case("http://a/b/c/d;p?q#s", Some("#s"))]
#[case("http://a/b/c/g#s", Some("g#s"))]
#[case("http://a/b/c/;x", Some(";x"))]
#[case("http://a/b/c/d;p?q", Some(""))]
#[case("http://a/b/c/", Some("."))]
#[case("http://a/b/", Some(".."))]
#[case("http://a/b/g", Some("../g"))]
#[case("http://a/", Some("/"))]
// Query and fragment: empty versus undefined.
#[case("http://a/b/c/d;p", Some("d;p"))]
#[case("http://a/b/c/d;p?", Some("?"))]
#[case("http://a/b/c/d;p?#", Some("?#"))]
#[case("http://a/b/c/d;p?q#", Some("#"))]
#[case("http://a/b/c/d;p#s", Some("d;p#s"))]
// A first segment with ":" needs "./"; so does an empty one.
#[case("http://a/b/c/x:y", Some("./x:y"))]
#[case("http://a/b/c//g", Some(".//g"))]
#[case("http://a//g", Some("/.//g"))]
#[case("http://a/b/x:y", Some("../x:y"))]
// Another authority, or none where the base has one.
#[case("http://a", Some("//a"))]
#[case("http://u@a/b/c/g", Some("//u@a/b/c/g"))]
#[case("http://a:80/b/c/g", Some("//a:80/b/c/g"))]
#[case("http:/b/c/g", Some("http:/b/c/g"))]
// Another scheme, even by case only: the target itself.
#[case("HTTP://a/b/c/g", Some("HTTP://a/b/c/g"))]
#[case("https://a/b/c/g", Some("https://a/b/c/g"))]
// Dot segments that resolution would remove: unreachable.
#[case("http://a/b/c/./g", None)]
#[case("http://a/b/c/g/..", None)]
#[case("http://x/../g", None)]
#[case("ftp://x/./g", None)]
// Relative targets: unreachable.
#[case("g", None)]
#[case("//a/b", None)]
fn from_the_rfc_base(#[case] target: &str, #[case] expected: Option<&str>) {
    assert_eq!(relative(BASE, target).as_deref(), expected);
}

#[rstest]
// The base's fragment is dropped by every resolution.
#[case::identical_with_fragment("http://a/b?q#f", "http://a/b?q#f", Some("#f"))]
#[case::identical_without("http://a/b?q#f", "http://a/b?q", Some(""))]
#[case::identical_no_query("http://a/b", "http://a/b", Some(""))]
#[case::other_fragment("http://a/b#f", "http://a/b#g", Some("#g"))]
#[case::query_dropped("http://a/b?q", "http://a/b", Some("b"))]
#[case::query_emptied("http://a/b?q", "http://a/b?", Some("?"))]
#[case::query_added("http://a/b", "http://a/b?", Some("?"))]
// A base without an authority.
#[case::rootless("foo:a/b/c", "foo:a/b/x", Some("x"))]
#[case::rootless_up("foo:a/b/c", "foo:a/x", Some("../x"))]
#[case::rootless_to_absolute("foo:a/b/c", "foo:/x", Some("/x"))]
#[case::rootless_unreachable("foo:a/b/c", "foo:x", Some("foo:x"))]
#[case::rootless_colon("foo:a/b", "foo:a/x:y", Some("./x:y"))]
#[case::absolute_no_authority("f:/a/b", "f:/a/c", Some("c"))]
#[case::to_empty_path("f:/a/b", "f:", Some("f:"))]
// A base with an empty path.
#[case::empty_path("foo:", "foo:x", Some("x"))]
#[case::empty_path_same("foo:", "foo:", Some(""))]
#[case::empty_path_absolute("foo:", "foo:/x", Some("/x"))]
#[case::empty_path_colon("foo:", "foo:x:y", Some("./x:y"))]
#[case::rootless_base_to_empty("foo:bar", "foo:", Some("."))]
#[case::authority_only("http://a", "http://a/g", Some("g"))]
#[case::authority_only_same("http://a", "http://a", Some(""))]
#[case::authority_only_root("http://a", "http://a/", Some("."))]
#[case::authority_only_query("http://a", "http://a?q", Some("?q"))]
#[case::to_authority_only("http://a/b", "http://a", Some("//a"))]
// The "/." that resolve puts before "//" without an authority.
#[case::dot_prefix("f:/a", "f:/.//g", Some(".//g"))]
#[case::dot_prefix_deeper("f:/a/b/c", "f:/.//g", Some("/.//g"))]
// A base whose path has dot segments is merged and normalized.
#[case::base_dots("http://a/b/./c", "http://a/b/d", Some("d"))]
#[case::base_dots_kept("http://a/b/./c?q", "http://a/b/./c?r", Some("?r"))]
// An empty authority.
#[case::file("file:///etc/hosts", "file:///etc/passwd", Some("passwd"))]
#[case::file_root("file:///etc/hosts", "file:///", Some("/"))]
// A relative base has no targets.
#[case::relative_base("/a/b", "http://a/b", None)]
fn edge_cases(#[case] base: &str, #[case] target: &str, #[case] expected: Option<&str>) {
    assert_eq!(relative(base, target).as_deref(), expected);
}

/// URI references from small pieces: the shapes resolution cares about.
fn uri_strategy(with_scheme: bool) -> impl Strategy<Value = String> {
    let scheme = prop_oneof![Just("http:"), Just("foo:")];
    let authority = prop_oneof![
        2 => Just(None),
        1 => Just(Some("//a")),
        1 => Just(Some("//b:1")),
        1 => Just(Some("//")),
    ];
    let segment = prop_oneof![
        3 => Just(""),
        2 => Just("."),
        2 => Just(".."),
        4 => Just("a"),
        3 => Just("b"),
        1 => Just("c:d"),
        1 => Just("%2E"),
    ];
    let segments = prop::collection::vec(segment, 0..6);
    let absolute = any::<bool>();
    let query = prop_oneof![Just(None), Just(Some("")), Just(Some("q")), Just(Some("r"))];
    let fragment = prop_oneof![Just(None), Just(Some("")), Just(Some("f"))];
    (scheme, authority, absolute, segments, query, fragment).prop_map(
        move |(scheme, authority, absolute, segments, query, fragment)| {
            let mut s = String::new();
            if with_scheme {
                s.push_str(scheme);
            }
            if let Some(authority) = authority {
                s.push_str(authority);
            }
            let path = segments.join("/");
            if (absolute || authority.is_some()) && !segments.is_empty() {
                s.push('/');
            }
            s.push_str(&path);
            if let Some(query) = query {
                s.push('?');
                s.push_str(query);
            }
            if let Some(fragment) = fragment {
                s.push('#');
                s.push_str(fragment);
            }
            s
        },
    )
}

/// Pairs of a base and a target; often the target is the base resolved
/// against a reference, so that it shares the base's scheme and
/// authority.
fn pair_strategy() -> impl Strategy<Value = (Uri, Uri)> {
    (
        uri_strategy(true),
        uri_strategy(true),
        uri_strategy(false),
        any::<bool>(),
    )
        .prop_filter_map("valid URIs", |(base, target, reference, from_base)| {
            let base = Uri::parse(&base).ok()?.to_owned();
            let target = if from_base {
                base.resolve(&Uri::parse(&reference).ok()?).ok()?
            } else {
                Uri::parse(&target).ok()?.to_owned()
            };
            Some((base, target))
        })
}

fn has_dot_segments(path: &str) -> bool {
    path.split('/').any(|s| s == "." || s == "..")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn make_relative_round_trips((base, target) in pair_strategy()) {
        let reference = base.make_relative(&target);
        if let Some(reference) = &reference {
            reference.check_invariants().unwrap();
            prop_assert_eq!(&base.resolve(reference).unwrap(), &target, "via {}", reference);
            // Never longer than the target itself.
            prop_assert!(reference.as_str().len() <= target.as_str().len());
        }
        let shares = base.scheme() == target.scheme()
            && base.authority().map(|a| a.as_str()) == target.authority().map(|a| a.as_str());
        if shares && !has_dot_segments(target.path()) {
            prop_assert!(reference.is_some(), "no reference from {} to {}", base, target);
            // With an authority, at worst a network-path reference: never
            // the target itself.
            if target.authority().is_some() {
                prop_assert!(reference.as_ref().is_some_and(Uri::is_relative));
            }
        }
        // A target that resolution gives is always reachable.
        if target.path() == remove_dot_segments(target.path()) {
            prop_assert!(reference.is_some(), "no reference from {} to {}", base, target);
        }
    }

    #[test]
    fn normalize_is_idempotent(uri in uri_strategy(true), relative in uri_strategy(false)) {
        for input in [uri, relative] {
            let Ok(uri) = Uri::parse(&input) else { continue };
            let normal = uri.normalize();
            normal.check_invariants().unwrap();
            let reparsed = Uri::parse(normal.as_str()).unwrap();
            prop_assert_eq!(format!("{reparsed:?}"), format!("{normal:?}"));
            prop_assert_eq!(normal.normalize(), normal.clone());
            prop_assert!(uri.equivalent(&normal));
        }
    }
}
