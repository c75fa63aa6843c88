//! Compares the parsers the build script compiles from the grammars with
//! the ones pest_derive generates from the same files, on any UTF-8 input:
//! `uri.pest` from its entry rule and from every other rule, `uri.pest` +
//! `iri.pest` likewise, and each scheme grammar from its entry rules. The
//! same verdict and the same pairs.

#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc3986::__private::{compare_all, compare_iri, compare_uri};
use rfc3986::{IriRule, Rule};

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(difference) = compare_all(input) {
        panic!("{difference}");
    }
    for &rule in Rule::all_rules() {
        if let Err(difference) = compare_uri(rule, input) {
            panic!("{difference}");
        }
    }
    for &rule in IriRule::all_rules() {
        if let Err(difference) = compare_iri(rule, input) {
            panic!("{difference}");
        }
    }
});
