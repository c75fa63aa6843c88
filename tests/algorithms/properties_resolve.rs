//! Property tests of resolution, its inverse and normalization, over the
//! grammar-shaped references of `support/generate.rs` (every host kind,
//! every path form, percent-encodings, empty and absent components).
//!
//! The make_relative round trip over dot segments and shared prefixes has
//! its own generator in `relative.rs`; here the inputs are the
//! generic ones.

use crate::support;

use proptest::prelude::*;
use rfc3986::Uri;
use support::generate::uri_reference;

fn parse(text: &str) -> Result<Uri<&str>, TestCaseError> {
    Uri::parse(text).map_err(|e| TestCaseError::fail(format!("{text:?}: {e}")))
}

/// Whether the last segment of the path is `.` or `..`, percent-encoded or
/// not.
fn ends_in_dot_segment<S: rfc3986::Storage>(uri: &Uri<S>) -> bool {
    let last = uri.path_segments().next_back().unwrap_or("");
    let decoded = rfc3986::percent_decode(last).unwrap();
    decoded.as_ref() == b"." || decoded.as_ref() == b".."
}

/// An absolute URI (one with a scheme) from the generator.
fn absolute() -> impl Strategy<Value = String> {
    uri_reference()
        .prop_filter("a base needs a scheme", |g| g.expected.scheme.is_some())
        .prop_map(|g| g.text)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3_000))]

    /// Normalizing is idempotent, keeps the reference equivalent to the
    /// original, and gives a reference that parses back to itself.
    #[test]
    fn normalize_is_idempotent(generated in uri_reference()) {
        let uri = parse(&generated.text)?;
        let normal = uri.normalize();
        prop_assert_eq!(parse(normal.as_str())?, normal.clone());
        prop_assert!(normal.check_invariants().is_ok());
        prop_assert_eq!(normal.normalize(), normal.clone());
        prop_assert!(uri.equivalent(&normal));
        prop_assert_eq!(normal.is_relative(), uri.is_relative());
    }

    /// The syntax rung is idempotent and equivalent to the original, and
    /// the scheme-based rung goes on from it to the same normal form.
    #[test]
    fn normalize_syntax_is_the_first_rung(generated in uri_reference()) {
        let uri = parse(&generated.text)?;
        let syntax = uri.normalize_syntax();
        prop_assert_eq!(parse(syntax.as_str())?, syntax.clone());
        prop_assert!(syntax.check_invariants().is_ok());
        prop_assert_eq!(syntax.normalize_syntax(), syntax.clone());
        prop_assert_eq!(syntax.normalize(), uri.normalize());
        // Ports stay as written at this rung.
        prop_assert_eq!(syntax.port_str(), uri.port_str());
    }

    /// Normalizing a reference keeps its target: the reference and its
    /// normal form resolve to equivalent URIs, whatever dot segments it
    /// had. Where the RFC makes that hold: not when a percent-encoded dot
    /// (`%2E`) stands with literal dot segments, which resolution removes
    /// before normalization decodes the encoded ones.
    #[test]
    fn normalizing_a_reference_keeps_its_target(base in absolute(), reference in uri_reference()) {
        let base = parse(&base)?;
        let reference = parse(&reference.text)?;
        prop_assume!(!reference.path().to_ascii_uppercase().contains("%2E"));
        prop_assume!(!ends_in_dot_segment(&base));
        let resolve = |r: &Uri| base.resolve(r).map_err(|e| TestCaseError::fail(e.to_string()));
        let direct = resolve(&reference.to_owned())?.normalize();
        for normal in [reference.normalize(), reference.normalize_syntax()] {
            prop_assert_eq!(resolve(&normal)?.normalize(), direct.clone(), "reference {}, normal {}", reference, normal);
        }
    }

    /// A resolved target is absolute, parses back to itself and carries the
    /// reference's fragment (section 5.2.2).
    #[test]
    fn resolve_gives_a_valid_absolute_target(base in absolute(), reference in uri_reference()) {
        let base = parse(&base)?;
        let reference = parse(&reference.text)?;
        let target = base.resolve(&reference).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(!target.is_relative());
        prop_assert_eq!(parse(target.as_str())?, target.clone());
        prop_assert!(target.check_invariants().is_ok());
        prop_assert_eq!(target.fragment(), reference.fragment());
    }

    /// `make_relative` inverts `resolve`: whenever it gives a reference,
    /// that reference resolves back to the target, text for text.
    #[test]
    fn make_relative_inverts_resolve(base in absolute(), reference in uri_reference()) {
        let base = parse(&base)?;
        let target = base.resolve(&parse(&reference.text)?).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let relative = base.make_relative(&target);
        prop_assert!(relative.is_some(), "{} to {}: a resolved target is reachable", base, target);
        let relative = relative.unwrap();
        let back = base.resolve(&relative).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(back, target);
    }

    /// Resolving against the normalized base gives the normal form of
    /// resolving against the base itself: normalization of the base
    /// commutes with resolution.
    ///
    /// Where the RFC makes that hold: not when the base path's last segment
    /// is `.` or `..` (also percent-encoded). Merging (section 5.2.3) drops
    /// the base's last segment before dot segments are removed, so in
    /// `http://a/b/c/..` + `g` the `..` never acts (`http://a/b/c/g`), while
    /// the normal form of that base is `http://a/b/` (`http://a/b/g`). The
    /// unit test `a_trailing_dot_segment_in_the_base_does_not_commute`
    /// pins this.
    #[test]
    fn normalizing_the_base_commutes_with_resolve(base in absolute(), reference in uri_reference()) {
        let base = parse(&base)?;
        let reference = parse(&reference.text)?;
        prop_assume!(!ends_in_dot_segment(&base));
        let resolve = |base: &Uri| base.resolve(&reference).map_err(|e| TestCaseError::fail(e.to_string()));
        let original = resolve(&base.to_owned())?.normalize();
        let from_normal = resolve(&base.normalize())?.normalize();
        prop_assert_eq!(from_normal, original, "base {}, reference {}", base, reference);
    }
}

#[test]
fn a_trailing_dot_segment_in_the_base_does_not_commute() {
    let base = Uri::parse("http://a/b/c/..").unwrap();
    let reference = Uri::parse("g").unwrap();
    assert_eq!(base.resolve(&reference).unwrap(), "http://a/b/c/g");
    assert_eq!(base.normalize(), "http://a/b/");
    assert_eq!(
        base.normalize().resolve(&reference).unwrap(),
        "http://a/b/g"
    );
}
