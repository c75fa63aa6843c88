//! `Uri::query_pairs`: the query as decoded `name=value` pairs.

use std::borrow::Cow;

use rfc3986::Uri;

fn pairs(text: &str) -> Vec<(String, String)> {
    Uri::parse(text)
        .unwrap()
        .query_pairs()
        .map(|(name, value)| (name.into_owned(), value.into_owned()))
        .collect()
}

fn owned(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect()
}

#[test]
fn splits_at_ampersands_and_the_first_equals_sign() {
    assert_eq!(
        pairs("?a=1&b=2=3&c&=d"),
        owned(&[("a", "1"), ("b", "2=3"), ("c", ""), ("", "d")])
    );
}

#[test]
fn empty_pieces_give_no_pair() {
    assert_eq!(pairs("/p"), owned(&[]));
    assert_eq!(pairs("/p?"), owned(&[]));
    assert_eq!(pairs("?&&a=1&&"), owned(&[("a", "1")]));
    assert_eq!(pairs("?="), owned(&[("", "")]));
}

#[test]
fn decodes_percent_encodings_but_not_plus() {
    assert_eq!(
        pairs("?q=caf%C3%A9+au%20lait&%26=%3D"),
        owned(&[("q", "café+au lait"), ("&", "=")])
    );
}

#[test]
fn octets_that_are_not_utf8_become_replacement_characters() {
    assert_eq!(
        pairs("?a=%FF%C3&%E2%82=x"),
        owned(&[("a", "\u{FFFD}\u{FFFD}"), ("\u{FFFD}", "x")])
    );
}

#[test]
fn borrows_what_has_no_percent() {
    let uri = Uri::parse("?plain=a%20b").unwrap();
    let (name, value) = uri.query_pairs().next().unwrap();
    assert!(matches!(name, Cow::Borrowed("plain")));
    assert!(matches!(value, Cow::Owned(ref v) if v == "a b"));
}

#[test]
fn the_query_ends_at_the_fragment() {
    assert_eq!(pairs("?a=1#b=2"), owned(&[("a", "1")]));
}
