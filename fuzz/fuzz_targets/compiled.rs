//! Compares the parsers the build script compiles from the grammars with
//! the ones pest_derive generates from the same files, on any UTF-8 input:
//! `uri.pest` from every rule its compiled parser can start from (the
//! reference's entries and the RFC rules), `uri.pest` + `iri.pest`
//! likewise, and each scheme grammar from its entry rules. The same
//! verdict and the same pairs.

#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc3986::__private::{compare_all, compare_iri, compare_uri, iri_starts, uri_starts};

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(difference) = compare_all(input) {
        panic!("{difference}");
    }
    for &rule in uri_starts() {
        if let Err(difference) = compare_uri(rule, input) {
            panic!("{difference}");
        }
    }
    for &rule in iri_starts() {
        if let Err(difference) = compare_iri(rule, input) {
            panic!("{difference}");
        }
    }
});
