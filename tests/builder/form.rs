//! The form-encoded query pairs (`application/x-www-form-urlencoded`),
//! edited in place and given to the builder: a space is `+`, and a pair's
//! name is read as a form reads it. (`tests/algorithms/query.rs` compares
//! what they write with url's `form_urlencoded`.)

use rfc3986::Uri;
use rstest::rstest;

fn parse(input: &str) -> Uri {
    Uri::parse(input)
        .unwrap_or_else(|e| panic!("{input:?}: {e}"))
        .to_owned()
}

fn form_pairs(uri: &Uri) -> Vec<(String, String)> {
    uri.form_pairs()
        .map(|(name, value)| (name.into_owned(), value.into_owned()))
        .collect()
}

#[rstest]
#[case::no_query("http://h/p", "q", "rust book!", "http://h/p?q=rust+book%21")]
#[case::after_pairs("/p?a=1+2&b=%7e#f", "c", "3", "/p?a=1+2&b=%7e&c=3#f")]
#[case::after_ampersand("?a=1&", "b", "2", "?a=1&b=2")]
#[case::plus_encoded("?", "1+1", "=2&", "?1%2B1=%3D2%26")]
#[case::whatwg_raw("?", "aZ09*-._", "x", "?aZ09*-._=x")]
#[case::whatwg_encoded("?", "~!$'(),;:@/?", "", "?%7E%21%24%27%28%29%2C%3B%3A%40%2F%3F=")]
#[case::rfc_refused(
    "?",
    "[]{}|\\^`\"<>#%",
    "",
    "?%5B%5D%7B%7D%7C%5C%5E%60%22%3C%3E%23%25="
)]
#[case::non_ascii(
    "?",
    "caf\u{e9}",
    "\u{4f8b} \u{e000}",
    "?caf%C3%A9=%E4%BE%8B+%EE%80%80"
)]
#[case::empty_pair("?x", "", "", "?x&=")]
fn append_form_pair(
    #[case] input: &str,
    #[case] name: &str,
    #[case] value: &str,
    #[case] expected: &str,
) {
    let mut uri = parse(input);
    uri.append_form_pair(name, value);
    assert_eq!(uri.as_str(), expected);
    uri.check_invariants().unwrap();
    assert_eq!(uri, parse(expected));
    let last = form_pairs(&uri).pop().unwrap();
    assert_eq!(last, (name.to_string(), value.to_string()));
}

#[rstest]
#[case::plus_and_encoded_space("?a+b=1&x=2&a%20b=3", "a b", "c d", "?a+b=c+d&x=2")]
#[case::plus_is_not_a_plus("?a%2Bb=1", "a b", "2", "?a%2Bb=1&a+b=2")]
#[case::encoded_plus_is_a_plus("?a%2Bb=1", "a+b", "2", "?a%2Bb=2")]
#[case::appended("/p#f", "q", "a b", "/p?q=a+b#f")]
#[case::others_as_written("?q=%7e&n=1&r=x+y", "n", "~", "?q=%7e&n=%7E&r=x+y")]
fn set_form_pair(
    #[case] input: &str,
    #[case] name: &str,
    #[case] value: &str,
    #[case] expected: &str,
) {
    let mut uri = parse(input);
    uri.set_form_pair(name, value);
    assert_eq!(uri.as_str(), expected);
    uri.check_invariants().unwrap();
    let values: Vec<_> = form_pairs(&uri)
        .into_iter()
        .filter(|(n, _)| n == name)
        .map(|(_, v)| v)
        .collect();
    assert_eq!(values, [value]);
}

/// Names are compared by their exact octets, as for `set_query_pair`
/// (`form_pairs`, which is lossy, reads both names below as U+FFFD).
#[test]
fn form_names_match_on_their_exact_octets() {
    let mut uri = parse("?%FF=1");
    uri.set_form_pair("\u{FFFD}", "2");
    assert_eq!(uri.as_str(), "?%FF=1&%EF%BF%BD=2");
    assert_eq!(uri.remove_form_pair("\u{FFFD}"), 1);
    assert_eq!(uri.as_str(), "?%FF=1");
}

#[rstest]
#[case::plus_and_encoded_space("?a+b=1&q=x&a%20b=2", "a b", 2, "?q=x")]
#[case::plus_is_not_a_plus("?a+b=1", "a+b", 0, "?a+b=1")]
#[case::the_only_one("http://h/?a=1#f", "a", 1, "http://h/#f")]
#[case::no_query("/p", "a", 0, "/p")]
fn remove_form_pair(
    #[case] input: &str,
    #[case] name: &str,
    #[case] removed: usize,
    #[case] expected: &str,
) {
    let mut uri = parse(input);
    assert_eq!(uri.remove_form_pair(name), removed);
    assert_eq!(uri.as_str(), expected);
    uri.check_invariants().unwrap();
    assert!(form_pairs(&uri).iter().all(|(n, _)| n != name));
}

/// The builder has the same pair edits, on the query given so far, and
/// they write what the in-place edits write.
#[test]
fn the_builder_edits_pairs_as_a_reference_does() {
    let built = Uri::builder()
        .path("/s")
        .query("q=a+b&utm+source=x&n=1")
        .append_form_pair("full name", "Ada L.")
        .set_form_pair("q", "c d")
        .remove_form_pair("utm source")
        .append_query_pair("x y", "1+1")
        .set_query_pair("n", "2 3")
        .build()
        .unwrap();
    let mut edited = parse("/s?q=a+b&utm+source=x&n=1");
    edited.append_form_pair("full name", "Ada L.");
    edited.set_form_pair("q", "c d");
    edited.remove_form_pair("utm source");
    edited.append_query_pair("x y", "1+1");
    edited.set_query_pair("n", "2 3");
    assert_eq!(built, edited);
    assert_eq!(
        built.as_str(),
        "/s?q=c+d&n=2%203&full+name=Ada+L.&x%20y=1%2B1"
    );

    // Without a query, an edit makes one; removing the last pair removes it.
    let built = Uri::builder().append_form_pair("a", "b").build().unwrap();
    assert_eq!(built.as_str(), "?a=b");
    let built = Uri::builder().set_form_pair("a", "b").build().unwrap();
    assert_eq!(built.as_str(), "?a=b");
    let built = Uri::builder()
        .path("/p")
        .query("a=1")
        .remove_query_pairs("a")
        .build()
        .unwrap();
    assert_eq!(built.as_str(), "/p");
    let built = Uri::builder()
        .path("/p")
        .remove_form_pair("a")
        .build()
        .unwrap();
    assert_eq!(built.as_str(), "/p");
    let built = Uri::builder()
        .query("b")
        .remove_form_pair("a")
        .build()
        .unwrap();
    assert_eq!(built.as_str(), "?b");
}

/// `form_pairs` on the builder encodes as `append_form_pair` does; an
/// IRI keeps what `iquery` takes above ASCII.
#[test]
fn builder_form_pairs() {
    let pairs = [("q", "rust book!"), ("lang", "en fr"), ("", "")];
    let built = Uri::builder().form_pairs(pairs).build().unwrap();
    assert_eq!(built.as_str(), "?q=rust+book%21&lang=en+fr&=");
    let mut appended = parse("?");
    for (name, value) in pairs {
        appended.append_form_pair(name, value);
    }
    assert_eq!(built, appended);

    let iri = rfc3986::Iri::builder()
        .form_pairs([("q", "値 \u{e000}+")])
        .build()
        .unwrap();
    assert_eq!(iri.as_str(), "?q=値+\u{e000}%2B");
    let mut edited: rfc3986::AbsoluteIri = "https://例え.jp/".parse().unwrap();
    edited.append_form_pair("q", "値 \u{e000}+");
    assert_eq!(edited, "https://例え.jp/?q=値+\u{e000}%2B");
    assert_eq!(edited.remove_form_pair("q"), 1);
    edited.set_form_pair("a b", "c");
    assert_eq!(edited, "https://例え.jp/?a+b=c");
}
