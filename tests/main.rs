//! The integration tests, as one test binary: each file of `tests/` is a
//! module of it (run one with `cargo test --test integration absolute::`).
//!
//! One binary instead of one per file: 35 binaries, each linking the crate
//! and every dev-dependency, for two feature sets, took 1.7 GB of a CI
//! run's target directory and a link each. `tests/allocations.rs` stays a
//! binary of its own: its counting global allocator must see only its own
//! tests.

// pest_derive's generated code (chars, compiler, custom_scheme) uses
// `alloc` from the crate root when pest is built without its `std` feature,
// as this crate builds it.
extern crate alloc;

mod support;

mod absolute;
mod build;
mod build_props;
mod chars;
mod cli;
mod compiled;
mod compiler;
mod components;
mod conveniences;
mod convert;
mod custom_scheme;
mod derive;
mod diagnostics;
mod differential;
mod edit;
mod errors;
mod family;
mod grammar;
mod hostile;
mod hosts;
mod iri;
mod iri_properties;
mod lowering;
mod normalize;
mod percent;
mod properties;
mod properties_resolve;
mod query;
mod readme;
mod regressions;
mod relative;
mod resolve;
mod schemes_file;
mod schemes_http;
mod schemes_mailto;
mod schemes_urn;
mod security;
mod serde;

/// With `autotests = false`, a file added to `tests/` runs only if it is
/// declared above: every one must be (but `allocations.rs`, a binary of its
/// own, and this file).
#[test]
fn every_test_file_is_a_module() {
    let this = include_str!("main.rs");
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let Some(module) = name.strip_suffix(".rs") else {
            continue;
        };
        if !["main", "allocations"].contains(&module)
            && !this.lines().any(|line| line == format!("mod {module};"))
        {
            missing.push(name);
        }
    }
    assert_eq!(
        missing,
        Vec::<String>::new(),
        "add `mod` lines to tests/main.rs"
    );
}
