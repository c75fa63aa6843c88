//! Compares rfc3986 with fluent-uri on any UTF-8 input, as
//! tests/parse/differential.rs does: both accept or both reject it, with the
//! same components; ports above 65535 are the one expected difference.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[allow(dead_code)]
#[path = "../../tests/support/differential.rs"]
mod differential;

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(disagreement) = differential::compare(input) {
        panic!("{disagreement}");
    }
});
