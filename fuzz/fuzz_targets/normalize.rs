//! Normalization (RFC 3986 section 6.2) on any valid reference.
//!
//! - The normal form is a valid reference that keeps the invariants.
//! - Normalizing is idempotent: normalize(normalize(x)) == normalize(x).
//! - A reference is `equivalent` to its normal form.
//! - It keeps the shape: relative stays relative, and the presence of
//!   authority, query and fragment does not change.

#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc3986::Uri;

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(uri) = Uri::parse(input) else {
        return;
    };
    let normal = uri.normalize();
    normal.check_invariants().unwrap();
    assert_eq!(Uri::parse(normal.as_str()).as_ref(), Ok(&normal));
    assert_eq!(normal.normalize(), normal, "{uri}");
    assert!(uri.equivalent(&normal), "{uri} vs {normal}");
    assert_eq!(normal.is_relative(), uri.is_relative());
    assert_eq!(normal.authority().is_some(), uri.authority().is_some());
    assert_eq!(normal.query().is_some(), uri.query().is_some());
    assert_eq!(normal.fragment().is_some(), uri.fragment().is_some());
});
