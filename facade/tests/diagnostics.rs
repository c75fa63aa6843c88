//! What the compiler says when the crate's types are misused (the
//! messages of `#[diagnostic::on_unimplemented]` on the crate's traits),
//! when a grammar of `#[derive(rfc3986::Grammar)]` cannot be compiled, and
//! when a literal is not valid, pinned with trybuild (`tests/ui/`, one
//! `.rs` and its expected `.stderr` per case). These are the messages a
//! user of `rfc3986` reads, so they are this crate's tests. Run
//! `TRYBUILD=overwrite cargo test -p rfc3986 --features derive,macros,iri
//! --test diagnostics` to write the `.stderr` again after a message
//! changes, and read the diff.
//!
//! trybuild builds the crate again, in `target/tests/trybuild`, with the
//! features of this run and every dev-dependency of this package: trybuild
//! alone, where the root package's would add the benches' and tests' peer
//! crates to that build. The messages do not depend on a feature, so the
//! cases run with `derive`, `macros` and `iri` (which they use) and without
//! `verify-compiled`, where the build is the smallest; the README's test
//! command, which turns every feature on, skips them, and `.ci/run` has a
//! step of its own for them. The expected text is rustc's, so a new rustc
//! may word the rest of the error differently.

#![cfg(all(
    feature = "derive",
    feature = "macros",
    feature = "iri",
    not(feature = "verify-compiled")
))]

/// Calling a setter on a `Uri<&str>`: the error says that it borrows its
/// text, and that `.to_owned()` gives a `Uri` (`Uri<String>`).
#[test]
fn editing_a_borrowed_uri_says_how_to_own_it() {
    trybuild::TestCases::new().compile_fail("tests/ui/edit_borrowed.rs");
}

/// A grammar that cannot be compiled is one error, and the code that uses
/// the struct and its `Rule` does not fail with it (`grammar_no_cascade`);
/// the mistakes users of RFC ABNF make say what to write instead
/// (`grammar_errors`: a hyphenated name, a rule of uri.pest defined again,
/// a rule named `self`, a PEG trap, a `// #[extends]` above a rule uri.pest
/// does not define), each with its file, line and column.
#[test]
fn grammar_errors_are_one_error_each_and_say_where() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("tests/ui/grammar_no_cascade.rs");
    cases.compile_fail("tests/ui/grammar_errors.rs");
}

/// A literal of `rfc3986-macros` that its parse rejects fails the build
/// with the parse's message and the line and column of the character at
/// fault (escapes and raw strings read as rustc reads them); a literal
/// that is not one string is an error that says what the macro takes.
#[test]
fn a_literal_that_is_not_valid_fails_the_build_with_the_parse_error() {
    trybuild::TestCases::new().compile_fail("tests/ui/literal_errors.rs");
}

/// A literal of a derived grammar (`#[literal_macro = "..."]`) that the
/// grammar's parse rejects fails the build with the parse's message and
/// the place of the character at fault, whichever of the parse's errors it
/// is (the generic grammar's, the grammar's own, a reading two ways); a
/// call with a rule the grammar lacks, a rule of another grammar, or no
/// string says what the macro takes.
#[test]
fn a_grammar_literal_that_is_not_valid_fails_the_build_with_the_parse_error() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("tests/ui/grammar_literal_errors.rs");
    cases.compile_fail("tests/ui/grammar_literal_other_grammar.rs");
}
