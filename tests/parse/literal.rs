//! Literals checked at compile time (`rfc3986::uri!`, `iri!`,
//! `absolute_uri!`, `absolute_iri!`, from `rfc3986-macros` with the
//! `macros` feature): the macros in `const`, `static` and
//! expression position, and the agreement of what they expand to with a
//! parse of the same text, on every input of the differential corpus and
//! on IRI references and their mutants.
//!
//! The macro calls `rfc3986::__private::literal_expansion` when it
//! expands; the agreement tests call the same function here, on inputs
//! that could not be written as literals one by one, and check that the
//! value its expansion builds is the parse's: the same verdict, the same
//! bounds, the same components, and, for a rejected text, the same
//! offset and message.

use rfc3986::__private::{
    literal_bounds, literal_expansion, raw_bounds, LiteralError, LiteralKind,
};
use rfc3986::{absolute_iri, absolute_uri, iri, uri};
use rfc3986::{AbsoluteIri, AbsoluteUri, Host, Iri, Uri};

use proptest::strategy::{Strategy, ValueTree};

use crate::support;

const EXAMPLE: Uri<&str> = uri!("http://example.com/a");
static RFC_EXAMPLE: Uri<&str> = uri!("foo://user@example.com:8042/over/there?name=ferret#nose");
const BASE: AbsoluteUri<&str> = absolute_uri!("http://a/b/c/d;p?q");
const CAFE: Iri<&str> = iri!("https://café.example/menü?q=thé#à");
const IRI_BASE: AbsoluteIri<&str> = absolute_iri!("http://例え.テスト/");

/// Issue 37's spelling, as a user of the `rfc3986` crate with its
/// `macros` feature writes it.
const U: rfc3986::Uri<&'static str> = rfc3986::uri!("http://example.com/a");

#[test]
fn the_crate_s_own_uri_macro_makes_a_const() {
    assert_eq!(U.host_str(), Some("example.com"));
    let parsed = rfc3986::Uri::parse("http://example.com/a").unwrap();
    assert_eq!(format!("{U:?}"), format!("{parsed:?}"));
}

#[test]
fn a_const_literal_has_its_components() {
    assert_eq!(EXAMPLE.host_str(), Some("example.com"));
    assert_eq!(EXAMPLE.scheme(), Some("http"));
    assert_eq!(EXAMPLE.path(), "/a");
    assert_eq!(EXAMPLE.query(), None);
    assert_eq!(EXAMPLE.as_str(), "http://example.com/a");
}

#[test]
fn a_static_literal_has_every_component_of_rfc_3986_section_3() {
    let uri = &RFC_EXAMPLE;
    assert_eq!(uri.scheme(), Some("foo"));
    assert_eq!(uri.userinfo(), Some("user"));
    assert_eq!(uri.host_str(), Some("example.com"));
    assert_eq!(uri.port(), Some(8042));
    assert_eq!(uri.port_str(), Some("8042"));
    assert_eq!(uri.path(), "/over/there");
    assert_eq!(uri.query(), Some("name=ferret"));
    assert_eq!(uri.fragment(), Some("nose"));
    assert_eq!(
        uri.path_segments().collect::<Vec<_>>(),
        ["", "over", "there"]
    );
    assert_eq!(uri.check_invariants(), Ok(()));
}

#[test]
fn literals_are_what_a_parse_of_their_text_gives() {
    assert_eq!(EXAMPLE, Uri::parse("http://example.com/a").unwrap());
    assert_eq!(BASE, AbsoluteUri::parse("http://a/b/c/d;p?q").unwrap());
    assert_eq!(
        CAFE,
        Iri::parse("https://café.example/menü?q=thé#à").unwrap()
    );
    assert_eq!(IRI_BASE, AbsoluteIri::parse("http://例え.テスト/").unwrap());
    assert_eq!(CAFE.fragment(), Some("à"));
    assert_eq!(IRI_BASE.host_str(), Some("例え.テスト"));
}

#[test]
fn literals_in_expressions_and_each_kind_of_host() {
    assert_eq!(BASE.resolve(&uri!("../g")).unwrap(), "http://a/b/g");
    assert!(uri!("//[v7.x]/")
        .host()
        .is_some_and(|host| matches!(host, Host::IpvFuture { .. })));
    assert_eq!(
        uri!("http://[::1]:80/").host(),
        Uri::parse("http://[::1]:80/").unwrap().host()
    );
    assert_eq!(
        uri!("http://192.0.2.1/").host(),
        Some(Host::Ipv4("192.0.2.1".parse().unwrap()))
    );
    // Present but empty is `Some("")`; absent is `None`.
    let empty = uri!("http://@:?#");
    assert_eq!(
        (
            empty.userinfo(),
            empty.host_str(),
            empty.port_str(),
            empty.query(),
            empty.fragment()
        ),
        (Some(""), Some(""), Some(""), Some(""), Some(""))
    );
    assert_eq!(uri!("").path(), "");
    // Escapes and raw strings are read as rustc reads them.
    assert_eq!(uri!("http://a/\x41\u{42}").path(), "/AB");
    assert_eq!(uri!(r#"http://a/b#c"#).fragment(), Some("c"));
}

/// What a literal of `kind` with the text `text` would be, next to a parse
/// of `text` by the type of `kind`: the same verdict, bounds, components
/// and, for a rejection, offset and message.
fn assert_agrees(kind: LiteralKind, text: &str) {
    let literal = literal_bounds(kind, text);
    let expansion = literal_expansion(kind, text);
    // The expansion is the bounds written into the constructor's call.
    match (&literal, &expansion) {
        (Ok(bounds), Ok(expression)) => assert!(
            expression.ends_with(&format!("__from_literal({text:?}, {bounds:?})")),
            "{kind:?} {text:?}: {expression}"
        ),
        (Err(a), Err(b)) => assert_eq!(a, b),
        _ => panic!("{kind:?} {text:?}: {literal:?} against {expansion:?}"),
    }
    // Leaked so that the literal's constructor, which takes the
    // `&'static str` of a literal, can be called with it.
    let leaked = || -> &'static str { Box::leak(text.to_owned().into_boxed_str()) };
    macro_rules! agree {
        ($parse:expr, $build:expr) => {
            match ($parse, literal) {
                (Ok(parsed), Ok(bounds)) => {
                    assert_eq!(raw_bounds(&parsed), bounds, "{kind:?} {text:?}");
                    let built = $build(leaked(), bounds);
                    assert_eq!(
                        format!("{built:?}"),
                        format!("{parsed:?}"),
                        "{kind:?} {text:?}"
                    );
                    assert_eq!(built.port(), parsed.port(), "{kind:?} {text:?}");
                    assert_eq!(built.check_invariants(), Ok(()), "{kind:?} {text:?}");
                }
                (Err(error), Err(LiteralError { offset, message })) => {
                    assert_eq!(offset, error.offset(), "{kind:?} {text:?}");
                    assert_eq!(message, format!("{error:#}"), "{kind:?} {text:?}");
                }
                (parsed, literal) => {
                    panic!("{kind:?} {text:?}: parse {parsed:?}, literal {literal:?}")
                }
            }
        };
    }
    match kind {
        LiteralKind::Uri => agree!(Uri::<&str>::parse(text), Uri::__from_literal),
        LiteralKind::Iri => agree!(Iri::<&str>::parse(text), Iri::__from_literal),
        LiteralKind::AbsoluteUri => {
            agree!(
                AbsoluteUri::<&str>::parse(text),
                AbsoluteUri::__from_literal
            )
        }
        LiteralKind::AbsoluteIri => {
            agree!(
                AbsoluteIri::<&str>::parse(text),
                AbsoluteIri::__from_literal
            )
        }
    }
}

#[test]
fn literals_agree_with_a_parse_on_the_differential_corpus() {
    let inputs = support::corpus::differential();
    let (mut valid, mut invalid) = (0, 0);
    // `Uri` on every input, the three other kinds on every fourth (each
    // of its own entry rule or grammar), which still meets each verdict
    // thousands of times: with `verify-compiled`, every parse is also
    // checked against pest_derive's, and the whole corpus four times over
    // would be the slowest test of the suite.
    for (i, input) in inputs.iter().enumerate() {
        assert_agrees(LiteralKind::Uri, input);
        if i % 4 == 0 {
            for kind in [
                LiteralKind::Iri,
                LiteralKind::AbsoluteUri,
                LiteralKind::AbsoluteIri,
            ] {
                assert_agrees(kind, input);
            }
        }
        if literal_bounds(LiteralKind::Uri, input).is_ok() {
            valid += 1;
        } else {
            invalid += 1;
        }
    }
    // Both verdicts, many times each: the test could fail either way.
    assert!(
        valid > 30_000 && invalid > 30_000,
        "{valid} valid, {invalid} invalid"
    );
}

#[test]
fn iri_literals_agree_with_a_parse_on_iri_references_and_mutants() {
    let mut runner = support::corpus::runner();
    let strategy = support::iri::iri_reference();
    let (mut valid, mut invalid) = (0, 0);
    for base in 0..1_000u64 {
        let text = strategy.new_tree(&mut runner).unwrap().current().text;
        for mutant in 0..4 {
            let text = if mutant == 0 {
                text.clone()
            } else {
                support::iri::mutate(&text, base * 4 + mutant)
            };
            assert_agrees(LiteralKind::Iri, &text);
            assert_agrees(LiteralKind::AbsoluteIri, &text);
            if literal_bounds(LiteralKind::Iri, &text).is_ok() {
                valid += 1;
            } else {
                invalid += 1;
            }
        }
    }
    assert!(
        valid > 1_000 && invalid > 500,
        "{valid} valid, {invalid} invalid"
    );
}

#[test]
fn a_rejected_literal_says_the_byte_what_was_expected_and_what_was_found() {
    let error = literal_bounds(LiteralKind::Uri, "http://exa mple.com/").unwrap_err();
    assert_eq!(error.offset, 10);
    let parse = Uri::parse("http://exa mple.com/").unwrap_err();
    assert_eq!(error.message, format!("{parse:#}"));
    assert!(error.message.starts_with("invalid "), "{}", error.message);
    assert!(error.message.contains("at byte 10"), "{}", error.message);
    assert!(error.message.contains("found ' '"), "{}", error.message);
    // A relative reference is no absolute URI, and the error says so where
    // the scheme should have ended.
    let error = literal_bounds(LiteralKind::AbsoluteUri, "/b/c").unwrap_err();
    let parse = AbsoluteUri::parse("/b/c").unwrap_err();
    assert_eq!(
        (error.offset, error.message),
        (parse.offset(), format!("{parse:#}"))
    );
}

/// The literal constructor is not public API, but it refuses bounds that
/// do not fit the text (in a `const`, a compile error), so that no
/// accessor slices out of it.
#[test]
#[should_panic(expected = "the bounds of a literal do not fit its text")]
fn bounds_that_do_not_fit_the_text_are_refused() {
    const NONE: u32 = u32::MAX;
    let _ = Uri::__from_literal("a", [NONE, NONE, 0, 0, 9, NONE, NONE, 0]);
}
