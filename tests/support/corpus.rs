//! The 100,000-input corpus of the differential test, also run through
//! both of this crate's parsers by `tests/grammars/compiled.rs`: valid references
//! generated from the grammar, mutants of each, and arbitrary strings over
//! the URI alphabet and stray characters. The same inputs on every run.

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

use super::generate::{mutate, uri_ish, uri_reference};

/// Valid references generated from the grammar.
pub const BASES: usize = 5_000;
/// Mutants of each base: one to three characters inserted, deleted or
/// replaced with URI-significant ones.
pub const MUTANTS_PER_BASE: usize = 18;
/// Arbitrary strings over the URI alphabet and stray characters.
pub const ARBITRARY: usize = 5_000;
pub const TOTAL: usize = BASES * (1 + MUTANTS_PER_BASE) + ARBITRARY;

/// A generator seeded the same on every run, so that a failure reproduces.
pub fn runner() -> TestRunner {
    let seed = *b"rfc3986 differential test seed!!";
    TestRunner::new_with_rng(
        Config::default(),
        TestRng::from_seed(RngAlgorithm::ChaCha, &seed),
    )
}

/// The corpus: `TOTAL` strings.
pub fn differential() -> Vec<String> {
    let mut runner = runner();
    let valid = uri_reference();
    let arbitrary = uri_ish();

    let mut inputs = Vec::with_capacity(TOTAL);
    for base in 0..BASES {
        let text = valid.new_tree(&mut runner).unwrap().current().text;
        for mutant in 0..MUTANTS_PER_BASE {
            inputs.push(mutate(&text, (base * MUTANTS_PER_BASE + mutant) as u64));
        }
        inputs.push(text);
    }
    for _ in 0..ARBITRARY {
        inputs.push(arbitrary.new_tree(&mut runner).unwrap().current());
    }
    inputs
}
