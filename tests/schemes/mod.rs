//! Scheme grammars: the crate's own (`file`, `http` and `https`, `mailto`,
//! `urn`, each checked on the examples of its RFC), a user's
//! (`examples/custom_scheme.rs`), and `#[derive(rfc3986::Grammar)]` on
//! users' grammars (`tests/grammars/user/`) against pest_derive's parsers
//! of the same files.

mod custom_scheme;
mod derive;
mod file;
mod file_path;
mod grammar_literal;
mod http;
mod mailto;
mod urn;
mod zone;

use rfc3986::schemes::SchemeError;

/// Asserts that `err`, a scheme type's error for `input`, is a violation
/// of the scheme's grammar: of `rule`, at byte `offset` (the error's own
/// offset too), with the message `message`.
fn assert_violation(input: &str, err: &SchemeError, rule: &str, offset: usize, message: &str) {
    let SchemeError::Scheme(violation) = err else {
        panic!("{input}: {err:?}")
    };
    assert_eq!(
        (violation.rule(), violation.offset(), err.offset()),
        (rule, offset, offset),
        "{input}: {err}"
    );
    assert_eq!(err.to_string(), message);
}
