//! Resolution (RFC 3986 section 5.2) and its inverse, on two references
//! split from the input at its first newline.
//!
//! - A resolved target parses back to itself, keeps the invariants, has
//!   a scheme, and has the reference's fragment (section 5.2.2).
//! - The result does not depend on the reference's being parsed again.
//! - `make_relative` inverts `resolve`: when it gives a reference, that
//!   reference resolves against the base to the target.

#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc3986::Uri;

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    let (base, reference) = input.split_once('\n').unwrap_or((input, ""));
    let (Ok(base), Ok(reference)) = (Uri::parse(base), Uri::parse(reference)) else {
        return;
    };
    let Ok(target) = base.resolve(&reference) else {
        return;
    };
    target.check_invariants().unwrap();
    assert!(!target.is_relative(), "{target}");
    assert_eq!(target.fragment(), reference.fragment());
    assert_eq!(Uri::parse(target.as_str()).as_ref(), Ok(&target));
    let again = Uri::parse(reference.as_str()).unwrap();
    assert_eq!(base.resolve(&again).ok().as_ref(), Some(&target));

    if let Some(relative) = base.make_relative(&target) {
        relative.check_invariants().unwrap();
        let back = base
            .resolve(&relative)
            .expect("a reference from make_relative resolves");
        assert_eq!(back, target, "{base} + {relative}");
    }
});
