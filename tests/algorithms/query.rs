//! `Uri::query_pairs` and `Uri::form_pairs`: the query as decoded
//! `name=value` pairs, `+` a plus sign or (as HTML forms write it) a
//! space; and the form-encoded pairs the crate writes, compared with url's
//! `form_urlencoded` both ways.

use std::borrow::Cow;

use proptest::prelude::*;
use rfc3986::{Iri, Uri};
use rstest::rstest;
use url::form_urlencoded;

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

fn form_pairs(text: &str) -> Vec<(String, String)> {
    Uri::parse(text)
        .unwrap()
        .form_pairs()
        .map(|(name, value)| (name.into_owned(), value.into_owned()))
        .collect()
}

/// What url's `form_urlencoded::parse` reads of `query`.
fn their_pairs(query: &str) -> Vec<(String, String)> {
    form_urlencoded::parse(query.as_bytes())
        .map(|(name, value)| (name.into_owned(), value.into_owned()))
        .collect()
}

#[rstest]
#[case::plus_is_a_space("?q=rust+book%21", &[("q", "rust book!")])]
#[case::encoded_plus_is_a_plus("?sum=1%2B1+%3D+2", &[("sum", "1+1 = 2")])]
#[case::in_names("?first+name=Ada&a%2Bb=c", &[("first name", "Ada"), ("a+b", "c")])]
#[case::splits_as_query_pairs("?a=1&&b=2=3&c&=d&", &[("a", "1"), ("b", "2=3"), ("c", ""), ("", "d")])]
#[case::utf8("?caf%C3%A9=au+lait", &[("caf\u{e9}", "au lait")])]
#[case::not_utf8("?a=%FF+%C3", &[("a", "\u{FFFD} \u{FFFD}")])]
#[case::only_plus("?+=+++", &[(" ", "   ")])]
#[case::no_query("/p", &[])]
#[case::ends_at_the_fragment("?a=b+c#d=e+f", &[("a", "b c")])]
fn form_pairs_read_plus_as_a_space(#[case] input: &str, #[case] expected: &[(&str, &str)]) {
    assert_eq!(form_pairs(input), owned(expected));
    let query = Uri::parse(input).unwrap().query().unwrap_or("").to_string();
    assert_eq!(their_pairs(&query), owned(expected));
}

/// The query url writes for a form: `query_pairs` reads its `+` as they
/// are, `form_pairs` as the spaces they stand for.
#[test]
fn a_query_url_wrote() {
    let query = form_urlencoded::Serializer::new(String::new())
        .append_pair("q", "rust & c++ = fun/\u{fc} caf\u{e9}")
        .finish();
    assert_eq!(query, "q=rust+%26+c%2B%2B+%3D+fun%2F%C3%BC+caf%C3%A9");
    let uri = Uri::parse(format!("https://example.com/search?{query}")).unwrap();
    assert_eq!(
        form_pairs(uri.as_str()),
        owned(&[("q", "rust & c++ = fun/\u{fc} caf\u{e9}")])
    );
    assert_eq!(
        pairs(uri.as_str()),
        owned(&[("q", "rust+&+c+++=+fun/\u{fc}+caf\u{e9}")])
    );
}

#[test]
fn form_pairs_borrow_what_has_neither_percent_nor_plus() {
    let uri = Uri::parse("?plain=a+b&c=%41").unwrap();
    let mut pairs = uri.form_pairs();
    let (name, value) = pairs.next().unwrap();
    assert!(matches!(name, Cow::Borrowed("plain")));
    assert!(matches!(value, Cow::Owned(ref v) if v == "a b"));
    let (name, value) = pairs.next().unwrap();
    assert!(matches!(name, Cow::Borrowed("c")));
    assert!(matches!(value, Cow::Owned(ref v) if v == "A"));
    assert_eq!(pairs.next(), None);
}

/// Names and values for the comparisons: any character, and more often
/// the ones the two codings treat apart (space, `+`, `%`, the delimiters,
/// what the WHATWG serializer encodes and RFC 3986 does not).
fn text() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            4 => proptest::char::range('a', 'z'),
            4 => proptest::sample::select(
                " +%&=#?/:@!$'()*,;~-._[]{}|\\^`\"<>".chars().collect::<Vec<_>>()
            ),
            1 => any::<char>(),
            1 => proptest::sample::select(vec!['\u{e9}', '\u{4f8b}', '\u{e000}', '\u{10300}']),
        ],
        0..12,
    )
    .prop_map(|chars| chars.into_iter().collect())
}

fn text_pairs() -> impl Strategy<Value = Vec<(String, String)>> {
    proptest::collection::vec((text(), text()), 0..6)
}

/// What url's `form_urlencoded::Serializer` writes of `pairs`.
fn their_query(pairs: &[(String, String)]) -> String {
    form_urlencoded::Serializer::new(String::new())
        .extend_pairs(pairs)
        .finish()
}

/// Valid query text: query characters, `+` and `&` and `=` often, and
/// percent-encodings of any octet (`%FF` too), in either case.
fn query_text() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            3 => proptest::sample::select(
                "aZ09-._~!$&'()*+,;=:@/?".chars().map(String::from).collect::<Vec<_>>()
            ),
            2 => proptest::sample::select(vec!["+".to_string(), "&".to_string(), "=".to_string()]),
            2 => (any::<u8>(), any::<bool>()).prop_map(|(octet, lower)| {
                let hex = format!("%{octet:02X}");
                if lower { hex.to_lowercase() } else { hex }
            }),
        ],
        0..24,
    )
    .prop_map(|pieces| pieces.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// What the crate writes, `form_urlencoded::parse` reads back as the
    /// same pairs, and so does `form_pairs`; for a URI the text is the
    /// serializer's, byte for byte, and always a valid query.
    #[test]
    fn form_urlencoded_reads_what_we_write(pairs in text_pairs()) {
        let built = Uri::builder().path("/f").form_pairs(&pairs).build().unwrap();
        let query = built.query().unwrap();
        prop_assert_eq!(their_pairs(query), pairs.clone());
        prop_assert_eq!(form_pairs(built.as_str()), pairs.clone());
        prop_assert_eq!(query, their_query(&pairs));

        let mut appended: Uri = "https://h/f?#top".parse().unwrap();
        for (name, value) in &pairs {
            appended.append_form_pair(name, value);
        }
        prop_assert_eq!(appended.query(), Some(query));
        prop_assert_eq!(appended.fragment(), Some("top"));
        prop_assert!(Uri::is_valid(appended.as_str()));

        // An IRI keeps what `iquery` takes above ASCII as it is; the pairs
        // read back all the same.
        let iri = Iri::builder().path("/f").form_pairs(&pairs).build().unwrap();
        prop_assert_eq!(their_pairs(iri.query().unwrap()), pairs.clone());
        prop_assert_eq!(
            iri.form_pairs().map(|(n, v)| (n.into_owned(), v.into_owned())).collect::<Vec<_>>(),
            pairs
        );
    }

    /// What `form_urlencoded::Serializer` writes is a valid query, and
    /// `form_pairs` reads it back as the same pairs.
    #[test]
    fn we_read_what_form_urlencoded_writes(pairs in text_pairs()) {
        let query = their_query(&pairs);
        let uri = Uri::parse(format!("https://h/f?{query}#f")).unwrap();
        prop_assert_eq!(form_pairs(uri.as_str()), pairs);
    }

    /// On any valid query, `form_pairs` reads what
    /// `form_urlencoded::parse` reads, and `query_pairs` the same but for
    /// the `+`, which it keeps.
    #[test]
    fn form_pairs_read_any_query_as_form_urlencoded_does(query in query_text()) {
        let uri = Uri::parse(format!("?{query}")).unwrap();
        prop_assert_eq!(form_pairs(uri.as_str()), their_pairs(&query));
        prop_assert_eq!(pairs(uri.as_str()), their_pairs(&query.replace('+', "%2B")));
    }
}
