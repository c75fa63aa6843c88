//! What the compiler says when the crate's types are misused (the
//! messages of `#[diagnostic::on_unimplemented]` on the crate's traits)
//! and when a grammar of `#[derive(rfc3986::Grammar)]` cannot be compiled,
//! pinned with trybuild (`tests/docs/ui/`, one `.rs` and its expected
//! `.stderr` per case). Run `TRYBUILD=overwrite cargo test --test
//! integration docs::diagnostics::` to write the `.stderr` again after a
//! message changes, and read the diff.
//!
//! trybuild builds the crate again, in `target/tests/trybuild`, with the
//! features of this run and every dev-dependency: the first run of this
//! test takes minutes (196 s on the 2-core CI machine), later ones
//! seconds. The messages do not depend on a feature, so it runs without
//! `verify-compiled`, where the build is the smallest, and not again with
//! every feature: `.ci/run` has a step of its own for it
//! (`cargo test --test integration docs::diagnostics::`). The expected
//! text is rustc's, so a new rustc may word the rest of the error
//! differently.

/// Calling a setter on a `Uri<&str>`: the error says that it borrows its
/// text, and that `.to_owned()` gives a `Uri` (`Uri<String>`).
#[cfg(not(feature = "verify-compiled"))]
#[test]
fn editing_a_borrowed_uri_says_how_to_own_it() {
    trybuild::TestCases::new().compile_fail("tests/docs/ui/edit_borrowed.rs");
}

/// A grammar that cannot be compiled is one error, and the code that uses
/// the struct and its `Rule` does not fail with it (`grammar_no_cascade`);
/// the mistakes users of RFC ABNF make say what to write instead
/// (`grammar_errors`: a hyphenated name, a rule of uri.pest defined again,
/// a rule named `self`, a PEG trap, a `// #[extends]` above a rule uri.pest
/// does not define), each with its file, line and column.
#[cfg(not(feature = "verify-compiled"))]
#[test]
fn grammar_errors_are_one_error_each_and_say_where() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("tests/docs/ui/grammar_no_cascade.rs");
    cases.compile_fail("tests/docs/ui/grammar_errors.rs");
}

/// A literal of `rfc3986-macros` that its parse rejects fails the build
/// with the parse's message and the line and column of the character at
/// fault (escapes and raw strings read as rustc reads them); a literal
/// that is not one string is an error that says what the macro takes.
#[cfg(not(feature = "verify-compiled"))]
#[test]
fn a_literal_that_is_not_valid_fails_the_build_with_the_parse_error() {
    trybuild::TestCases::new().compile_fail("tests/docs/ui/literal_errors.rs");
}

/// A literal of a derived grammar (`#[literal_macro = "..."]`) that the
/// grammar's parse rejects fails the build with the parse's message and
/// the place of the character at fault, whichever of the parse's errors it
/// is (the generic grammar's, the grammar's own, a reading two ways); a
/// call with a rule the grammar lacks, a rule of another grammar, or no
/// string says what the macro takes.
#[cfg(not(feature = "verify-compiled"))]
#[test]
fn a_grammar_literal_that_is_not_valid_fails_the_build_with_the_parse_error() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("tests/docs/ui/grammar_literal_errors.rs");
    cases.compile_fail("tests/docs/ui/grammar_literal_other_grammar.rs");
}
