//! Editing a path segment or a query pair while every other byte of the
//! URI stays as it was written.

use proptest::prelude::*;
use rfc3986::{BuildError, Component, ErrorKind, Uri};
use rstest::rstest;

fn parse(input: &str) -> Uri {
    Uri::parse(input)
        .unwrap_or_else(|e| panic!("{input:?}: {e}"))
        .to_owned()
}

/// The edited URI is the URI its text parses into.
fn assert_reparses<S: rfc3986::Storage>(uri: &Uri<S>) {
    uri.check_invariants().unwrap();
    assert_eq!(format!("{uri:?}"), format!("{:?}", parse(uri.as_str())));
}

#[rstest]
#[case::after_authority("http://h", "a", "http://h/a")]
#[case::root("http://h/", "a", "http://h/a")]
#[case::directory("http://h/v1/", "users", "http://h/v1/users")]
#[case::file("http://h/v1", "users", "http://h/v1/users")]
#[case::kept_as_written(
    "HTTP://User@Ex%41mple.COM:080/a/%2C/b?q=a+b&x=%7e#F%7e",
    "c d",
    "HTTP://User@Ex%41mple.COM:080/a/%2C/b/c%20d?q=a+b&x=%7e#F%7e"
)]
#[case::encoded("http://h/a", "b/c?d#e%", "http://h/a/b%2Fc%3Fd%23e%25")]
#[case::pchar_kept("http://h/a", "b:c@d!$&'()*+,;=", "http://h/a/b:c@d!$&'()*+,;=")]
#[case::dots_in_a_name("http://h", "...", "http://h/...")]
#[case::empty_makes_a_directory("http://h/a", "", "http://h/a/")]
#[case::empty_on_a_directory("http://h/a/", "", "http://h/a/")]
#[case::empty_after_authority("http://h?q", "", "http://h/?q")]
#[case::relative_first_segment_colon("", "a:b", "a%3Ab")]
#[case::relative_first_segment("?q", "a", "a?q")]
#[case::relative_later_segment_colon("x", "a:b", "x/a:b")]
#[case::relative_dot_dot_kept("../", "a", "../a")]
#[case::network_path("//h?q", "a", "//h/a?q")]
#[case::scheme_first_segment("urn:", "isbn:1", "urn:isbn:1")]
#[case::scheme_rootless("mailto:a@b", "c", "mailto:a@b/c")]
#[case::no_authority_absolute("s:/", "a/b", "s:/a%2Fb")]
#[case::disambiguated_path("f:/.//a", "b", "f:/.//a/b")]
#[case::empty_relative("", "", "")]
#[case::non_ascii("http://h", "caf\u{e9}", "http://h/caf%C3%A9")]
fn push_path_segment_decoded(#[case] input: &str, #[case] segment: &str, #[case] expected: &str) {
    let mut uri = parse(input);
    uri.push_path_segment_decoded(segment).unwrap();
    assert_eq!(uri.as_str(), expected);
    assert_reparses(&uri);
    if !segment.is_empty() {
        let last = uri.path_segments().next_back().unwrap();
        assert_eq!(rfc3986::percent_decode_utf8(last).unwrap(), segment);
    }
}

#[test]
fn dot_segments_are_not_names() {
    let mut uri = parse("http://h/a/%2C");
    for dot in [".", ".."] {
        assert_eq!(
            uri.push_path_segment_decoded(dot),
            Err(BuildError::DotSegment)
        );
        assert_eq!(uri.as_str(), "http://h/a/%2C");
    }
    assert_eq!(
        BuildError::DotSegment.to_string(),
        r#""." and ".." are dot segments (RFC 3986 section 3.3), not names a path segment can have"#
    );
    // A name that only starts or ends with dots is one.
    uri.push_path_segment_decoded("..a").unwrap();
    uri.push_path_segment_decoded(".a.").unwrap();
    assert_eq!(uri.as_str(), "http://h/a/%2C/..a/.a.");
}

#[rstest]
#[case::last("http://h/a/b?q=a+b#f", Some("b"), "http://h/a?q=a+b#f")]
#[case::empty_last("http://h/a/", Some(""), "http://h/a")]
#[case::root_stays("http://h/a", Some("a"), "http://h/")]
#[case::root_alone("http://h/", None, "http://h/")]
#[case::empty("http://h?q", None, "http://h?q")]
#[case::encoded("/%2C/b%20c?x=%7e", Some("b%20c"), "/%2C?x=%7e")]
#[case::relative("a/b:c", Some("b:c"), "a")]
#[case::relative_only("a", Some("a"), "")]
#[case::relative_colon("./a:b", Some("a:b"), ".")]
#[case::relative_empty("", None, "")]
#[case::rootless("foo:x?q#f", Some("x"), "foo:?q#f")]
#[case::kept_as_written(
    "HTTP://U@Ex%41mple:080/%7e/x#F",
    Some("x"),
    "HTTP://U@Ex%41mple:080/%7e#F"
)]
fn pop_path_segment(#[case] input: &str, #[case] popped: Option<&str>, #[case] expected: &str) {
    let mut uri = parse(input);
    assert_eq!(uri.pop_path_segment().as_deref(), popped);
    assert_eq!(uri.as_str(), expected);
    assert_reparses(&uri);
}

/// Pushing a segment onto a path that does not end in `/`, then popping
/// it, gives the URI back, and the popped segment is the encoded one.
#[test]
fn pop_undoes_push() {
    for input in [
        "http://h",
        "http://h/a",
        "s:/a/%2C",
        "a/b",
        "?q#f",
        "//h/x?q=1",
    ] {
        for segment in ["x", "a b", "c/d", "%", "\u{e9}"] {
            let mut uri = parse(input);
            uri.push_path_segment_decoded(segment).unwrap();
            let popped = uri.pop_path_segment().unwrap();
            assert_eq!(rfc3986::percent_decode_utf8(&popped).unwrap(), segment);
            let expected = if input.starts_with("http://h") && parse(input).path().is_empty() {
                // The empty path after an authority became "/x", and the
                // root stays.
                format!("{input}/")
            } else {
                input.to_string()
            };
            assert_eq!(uri.as_str(), expected, "{input} {segment}");
        }
    }
}

#[rstest]
#[case::no_query("http://h/p", "a", "b", "http://h/p?a=b")]
#[case::empty_query("http://h/p?", "a", "b", "http://h/p?a=b")]
#[case::after_pairs("http://h/p?q=a+b&x=%7e", "a", "b", "http://h/p?q=a+b&x=%7e&a=b")]
#[case::after_ampersand("http://h/p?q=1&", "a", "b", "http://h/p?q=1&a=b")]
#[case::before_fragment("/p?x#f%7e", "n", "v", "/p?x&n=v#f%7e")]
#[case::encoded("?", "a b&", "1+1=2#", "?a%20b%26=1%2B1%3D2%23")]
#[case::kept("?", "a/b?c", "d:e@f", "?a/b?c=d:e@f")]
#[case::empty_pair("?x", "", "", "?x&=")]
fn append_query_pair(
    #[case] input: &str,
    #[case] name: &str,
    #[case] value: &str,
    #[case] expected: &str,
) {
    let mut uri = parse(input);
    uri.append_query_pair(name, value);
    assert_eq!(uri.as_str(), expected);
    assert_reparses(&uri);
    let last = uri.query_pairs().last().unwrap();
    assert_eq!((&*last.0, &*last.1), (name, value));
}

#[rstest]
#[case::first_kept_later_removed("?a=1&b=2&a=3", "a", "9", "?a=9&b=2")]
#[case::name_as_written("?%61=1", "a", "x y", "?%61=x%20y")]
#[case::without_value("?a&b", "a", "1", "?a=1&b")]
#[case::appended("?b=x+y", "a", "1", "?b=x+y&a=1")]
#[case::no_query("/p#f", "a", "1", "/p?a=1#f")]
#[case::others_as_written("?q=a+b&a=1&x=%7e", "a", "&", "?q=a+b&a=%26&x=%7e")]
#[case::empty_pieces_kept("?&a=1&&a=2&", "a", "x", "?&a=x&&")]
#[case::names_are_case_sensitive("?A=1", "a", "2", "?A=1&a=2")]
// `%71` is the octet `q`: the same name, so the later pair goes.
#[case::encoded_name_is_the_name("?q=3&%71=4", "q", "9", "?q=9")]
#[case::encoded_utf8_name("?caf%c3%a9=1&x=2", "caf\u{e9}", "3", "?caf%c3%a9=3&x=2")]
fn set_query_pair(
    #[case] input: &str,
    #[case] name: &str,
    #[case] value: &str,
    #[case] expected: &str,
) {
    let mut uri = parse(input);
    uri.set_query_pair(name, value);
    assert_eq!(uri.as_str(), expected);
    assert_reparses(&uri);
    let values: Vec<_> = uri
        .query_pairs()
        .filter(|(n, _)| n == name)
        .map(|(_, v)| v.into_owned())
        .collect();
    assert_eq!(values, [value]);
}

#[rstest]
#[case::all_of_a_name("?a=1&b=2&a=3", "a", 2, "?b=2")]
#[case::the_only_one("http://h/p?a=1", "a", 1, "http://h/p")]
#[case::without_value("http://h/?a#f", "a", 1, "http://h/#f")]
#[case::none("?b=x+y", "a", 0, "?b=x+y")]
#[case::no_query("/p", "a", 0, "/p")]
#[case::empty_query("/p?", "a", 0, "/p?")]
#[case::encoded_name("?%61=1&A=2&b=%7e", "a", 1, "?A=2&b=%7e")]
#[case::empty_piece_kept("?a=1&&b", "a", 1, "?&b")]
#[case::nothing_left_but_ampersands("?&a=1&", "a", 1, "")]
#[case::value_not_name("?b=a", "a", 0, "?b=a")]
#[case::encoded_and_plain_same_name("?q=3&%71=4&r=5", "q", 2, "?r=5")]
#[case::encoded_delimiter_in_name("?a%3Db=1&a=2", "a=b", 1, "?a=2")]
#[case::plus_is_not_space("?a+b=1&a%20b=2", "a b", 1, "?a+b=1")]
fn remove_query_pairs(
    #[case] input: &str,
    #[case] name: &str,
    #[case] removed: usize,
    #[case] expected: &str,
) {
    let mut uri = parse(input);
    assert_eq!(uri.remove_query_pairs(name), removed);
    assert_eq!(uri.as_str(), expected);
    assert_reparses(&uri);
    assert!(uri.query_pairs().all(|(n, _)| n != name));
}

/// The reference for what users expect: url's `path_segments_mut().push`
/// and `query_pairs_mut().append_pair` on the same URI, where url keeps the
/// rest as written too. url encodes a query pair as an HTML form does,
/// spaces as `+`, as `append_form_pair` does; `append_query_pair` writes
/// `%20`, which no reader takes for anything but a space.
#[test]
fn like_url_for_the_common_case() {
    let input = "https://api.example.com/v1/items?q=a+b&page=2";
    let mut ours = parse(input);
    ours.push_path_segment_decoded("42").unwrap();
    ours.append_query_pair("sort", "name");
    let mut theirs = url::Url::parse(input).unwrap();
    theirs.path_segments_mut().unwrap().push("42");
    theirs.query_pairs_mut().append_pair("sort", "name");
    assert_eq!(ours.as_str(), theirs.as_str());
    assert_eq!(
        ours.as_str(),
        "https://api.example.com/v1/items/42?q=a+b&page=2&sort=name"
    );

    ours.push_path_segment_decoded("a b").unwrap();
    ours.append_form_pair("full name", "Ada L. (1815)~*");
    theirs.path_segments_mut().unwrap().push("a b");
    theirs
        .query_pairs_mut()
        .append_pair("full name", "Ada L. (1815)~*");
    assert_eq!(ours.as_str(), theirs.as_str());
    assert_eq!(
        ours.as_str(),
        "https://api.example.com/v1/items/42/a%20b?q=a+b&page=2&sort=name&full+name=Ada+L.+%281815%29%7E*"
    );
}

/// Names are compared by their exact decoded octets, never after a lossy
/// UTF-8 step: `%FF` and `%FE` are two names, and neither is U+FFFD.
#[test]
fn names_match_on_their_exact_octets() {
    let mut uri = parse("?%FF=1&%FE=2");
    assert_eq!(uri.remove_query_pairs("\u{FFFD}"), 0);
    assert_eq!(uri.as_str(), "?%FF=1&%FE=2");

    let mut uri = parse("?%FF=1&%EF%BF%BD=2&%FE=3");
    assert_eq!(uri.remove_query_pairs("\u{FFFD}"), 1);
    assert_eq!(uri.as_str(), "?%FF=1&%FE=3");

    let mut uri = parse("?%FF=1&%FE=2");
    uri.set_query_pair("\u{FFFD}", "3");
    assert_eq!(uri.as_str(), "?%FF=1&%FE=2&%EF%BF%BD=3");

    // A truncated sequence is its octets, not a prefix of a character.
    let mut uri = parse("?%C3=1&%C3%A9=2");
    assert_eq!(uri.remove_query_pairs("\u{e9}"), 1);
    assert_eq!(uri.as_str(), "?%C3=1");
    assert_eq!(uri.remove_query_pairs(""), 0);
    let mut uri = parse("?=1&%C3=2");
    assert_eq!(uri.remove_query_pairs(""), 1);
    assert_eq!(uri.as_str(), "?%C3=2");
}

/// The decoded setters encode what their component does not take as it
/// is, and the decoded text comes back from the component.
#[rstest]
#[case::plain("http://h/p#f", "q=1", "http://h/p?q=1#f")]
#[case::kept_as_is(
    "http://h/p",
    "a/b?c=d&e:f@g!$'()*+,;",
    "http://h/p?a/b?c=d&e:f@g!$'()*+,;"
)]
#[case::encoded("http://h/p", "a b#c%d", "http://h/p?a%20b%23c%25d")]
#[case::non_ascii("/p", "caf\u{e9}", "/p?caf%C3%A9")]
#[case::replaces("/p?old=1#f", "", "/p?#f")]
fn set_query_decoded(#[case] input: &str, #[case] query: &str, #[case] expected: &str) {
    let mut uri = parse(input);
    uri.set_query_decoded(Some(query));
    assert_eq!(uri.as_str(), expected);
    assert_reparses(&uri);
    assert_eq!(
        rfc3986::percent_decode_utf8(uri.query().unwrap()).unwrap(),
        query
    );
    uri.set_query_decoded(None);
    assert_eq!(uri.query(), None);
}

#[rstest]
#[case::plain("http://h/p?q", "top", "http://h/p?q#top")]
#[case::kept_as_is("/p", "a/b?c:d@e", "/p#a/b?c:d@e")]
#[case::encoded("/p", "section 2#b%", "/p#section%202%23b%25")]
#[case::non_ascii("/p", "\u{7247}", "/p#%E7%89%87")]
fn set_fragment_decoded(#[case] input: &str, #[case] fragment: &str, #[case] expected: &str) {
    let mut uri = parse(input);
    uri.set_fragment_decoded(Some(fragment));
    assert_eq!(uri.as_str(), expected);
    assert_reparses(&uri);
    assert_eq!(
        rfc3986::percent_decode_utf8(uri.fragment().unwrap()).unwrap(),
        fragment
    );
    uri.set_fragment_decoded(None);
    assert_eq!(uri.fragment(), None);
}

#[rstest]
#[case::plain("ftp://h/pub", "anonymous", "ftp://anonymous@h/pub")]
#[case::password_colon_kept("ftp://h/", "jo:pw", "ftp://jo:pw@h/")]
#[case::at_encoded("ftp://old@h/", "jo@home", "ftp://jo%40home@h/")]
#[case::delimiters_encoded("//h", "a/b?c#d[e]%", "//a%2Fb%3Fc%23d%5Be%5D%25@h")]
#[case::kept_as_is("//h", "a-._~!$&'()*+,;=:", "//a-._~!$&'()*+,;=:@h")]
#[case::non_ascii("//h", "j\u{f6}", "//j%C3%B6@h")]
#[case::empty("//h", "", "//@h")]
fn set_userinfo_decoded(#[case] input: &str, #[case] userinfo: &str, #[case] expected: &str) {
    let mut uri = parse(input);
    uri.set_userinfo_decoded(Some(userinfo)).unwrap();
    assert_eq!(uri.as_str(), expected);
    assert_reparses(&uri);
    assert_eq!(
        rfc3986::percent_decode_utf8(uri.userinfo().unwrap()).unwrap(),
        userinfo
    );
    uri.set_userinfo_decoded(None).unwrap();
    assert_eq!(uri.userinfo(), None);
}

#[test]
fn set_userinfo_decoded_needs_a_host() {
    let mut uri = parse("/pub?q");
    assert_eq!(
        uri.set_userinfo_decoded(Some("jo")),
        Err(BuildError::UserinfoWithoutHost)
    );
    assert_eq!(uri.as_str(), "/pub?q");
    // Removing what is not there is no error.
    uri.set_userinfo_decoded(None).unwrap();
    assert_eq!(uri.as_str(), "/pub?q");
}

/// An IRI keeps the characters above ASCII that the component's rule of
/// RFC 3987 takes (`iprivate` in the query only), and encodes the rest as
/// a URI does.
#[test]
fn decoded_setters_on_an_iri() {
    let mut iri: rfc3986::Iri = "https://例え.jp/パス".parse().unwrap();
    iri.set_query_decoded(Some("q=値 \u{e000}#"));
    iri.set_fragment_decoded(Some("片 \u{e000}"));
    iri.set_userinfo_decoded(Some("ユーザー@x")).unwrap();
    assert_eq!(
        iri.as_str(),
        "https://ユーザー%40x@例え.jp/パス?q=値%20\u{e000}%23#片%20%EE%80%80"
    );
    iri.check_invariants().unwrap();
    assert_eq!(iri, rfc3986::Iri::parse(iri.as_str()).unwrap());
    assert_eq!(
        rfc3986::percent_decode_utf8(iri.fragment().unwrap()).unwrap(),
        "片 \u{e000}"
    );
}

/// `AbsoluteUri` has the decoded setters too, and stays absolute.
#[test]
fn decoded_setters_on_an_absolute_uri() {
    let mut uri: rfc3986::AbsoluteUri = "http://h/p".parse().unwrap();
    uri.set_query_decoded(Some("a b"));
    uri.set_fragment_decoded(Some("c d"));
    uri.set_userinfo_decoded(Some("e f")).unwrap();
    assert_eq!(uri, "http://e%20f@h/p?a%20b#c%20d");
    assert_eq!(uri.scheme(), "http");
}

#[rstest]
#[case::plain("http://h/a/b?q", Some("b"), "http://h/a?q")]
#[case::encoded("/%2C/b%20c%2Fd?x", Some("b c/d"), "/%2C?x")]
#[case::utf8("http://h/caf%C3%A9", Some("caf\u{e9}"), "http://h/")]
#[case::plus_is_a_plus("/a+b", Some("a+b"), "/")]
#[case::empty_last("http://h/a/", Some(""), "http://h/a")]
#[case::root_alone("http://h/", None, "http://h/")]
#[case::no_path("?q", None, "?q")]
#[case::iri_kept_decoded("/%E3%83%91%E3%82%B9", Some("\u{30d1}\u{30b9}"), "/")]
fn pop_path_segment_decoded(
    #[case] input: &str,
    #[case] popped: Option<&str>,
    #[case] expected: &str,
) {
    let mut uri = parse(input);
    assert_eq!(uri.pop_path_segment_decoded().unwrap().as_deref(), popped);
    assert_eq!(uri.as_str(), expected);
    assert_reparses(&uri);
}

/// A segment whose octets are not UTF-8 is not lost: the URI keeps it, and
/// `pop_path_segment` still gives it as written.
#[test]
fn pop_path_segment_decoded_keeps_what_is_not_utf8() {
    let mut uri = parse("http://h/a/b%FFc?q");
    assert_eq!(
        uri.pop_path_segment_decoded(),
        Err(rfc3986::DecodeError::Utf8 { offset: 1 })
    );
    assert_eq!(uri.as_str(), "http://h/a/b%FFc?q");
    assert_eq!(uri.pop_path_segment().as_deref(), Some("b%FFc"));
    assert_eq!(uri.pop_path_segment_decoded(), Ok(Some("a".to_string())));
    assert_eq!(uri.as_str(), "http://h/?q");
}

/// `push_path_segment_decoded` and `pop_path_segment_decoded` undo each other,
/// on a URI and on an IRI, which keeps the characters above ASCII.
#[test]
fn pop_decoded_undoes_push() {
    for input in ["http://h", "http://h/a", "s:/a/%2C", "a/b", "?q#f"] {
        for segment in ["x", "a b", "c/d", "%", "%FF", "\u{e9}", "a:b"] {
            let mut uri = parse(input);
            uri.push_path_segment_decoded(segment).unwrap();
            assert_eq!(
                uri.pop_path_segment_decoded().unwrap().as_deref(),
                Some(segment)
            );
            let expected = if input == "http://h" {
                "http://h/"
            } else {
                input
            };
            assert_eq!(uri.as_str(), expected, "{input} {segment}");
        }
    }
    let mut iri: rfc3986::Iri = "https://例え.jp/パス".parse().unwrap();
    iri.push_path_segment_decoded("値 1").unwrap();
    assert_eq!(iri.as_str(), "https://例え.jp/パス/値%201");
    assert_eq!(
        iri.pop_path_segment_decoded().unwrap().as_deref(),
        Some("値 1")
    );
    assert_eq!(iri.as_str(), "https://例え.jp/パス");
}

/// `push_path_segment` takes the segment as written: it goes on as it is,
/// so that the segments of one URI go onto another unchanged.
#[rstest]
#[case::after_authority("http://h", "a", "http://h/a")]
#[case::directory("http://h/v1/", "a%20b", "http://h/v1/a%20b")]
#[case::encoded_kept("http://h/a", "%2C%2f%7e", "http://h/a/%2C%2f%7e")]
#[case::pchar_kept("http://h/a", "b:c@d!$&'()*+,;=", "http://h/a/b:c@d!$&'()*+,;=")]
#[case::empty_makes_a_directory("http://h/a", "", "http://h/a/")]
#[case::dots_in_a_name("http://h", "...", "http://h/...")]
#[case::encoded_dots_in_a_name("http://h", "%2E%2E%2E", "http://h/%2E%2E%2E")]
#[case::relative("?q", "a", "a?q")]
#[case::relative_first_segment_colon("", "a:b", "./a:b")]
#[case::relative_later_segment_colon("x", "a:b", "x/a:b")]
#[case::scheme_first_segment("urn:", "isbn:1", "urn:isbn:1")]
fn push_path_segment_as_written(
    #[case] input: &str,
    #[case] segment: &str,
    #[case] expected: &str,
) {
    let mut uri = parse(input);
    uri.push_path_segment(segment).unwrap();
    assert_eq!(uri.as_str(), expected);
    assert_reparses(&uri);
    if !segment.is_empty() {
        assert_eq!(uri.path_segments().next_back(), Some(segment));
    }
}

/// A segment as written must be a `segment`; `.` and `..`, however
/// encoded, are no names. On error the URI is unchanged.
#[rstest]
#[case::slash("a/b", Some((ErrorKind::Path, 1)))]
#[case::slash_first("/a", Some((ErrorKind::Path, 0)))]
#[case::space_before_slash("a b/c", Some((ErrorKind::InvalidCharacter, 1)))]
#[case::query("a?b", Some((ErrorKind::Path, 1)))]
#[case::fragment("a#b", Some((ErrorKind::Path, 1)))]
#[case::bad_percent("a%zz", Some((ErrorKind::PercentEncoding, 2)))]
#[case::non_ascii("caf\u{e9}", Some((ErrorKind::InvalidCharacter, 3)))]
#[case::dot(".", None)]
#[case::dot_dot("..", None)]
#[case::encoded_dot("%2e", None)]
#[case::encoded_dot_dot("%2E%2e", None)]
#[case::half_encoded(".%2E", None)]
fn push_path_segment_as_written_refuses(
    #[case] segment: &str,
    #[case] invalid: Option<(ErrorKind, usize)>,
) {
    let mut uri = parse("http://h/a?q");
    let err = uri.push_path_segment(segment).unwrap_err();
    match (invalid, &err) {
        (
            Some((kind, offset)),
            BuildError::Invalid {
                component: Component::PathSegment,
                source,
            },
        ) => assert_eq!((source.kind(), source.offset()), (kind, offset), "{err}"),
        (None, BuildError::DotSegment) => {}
        _ => panic!("{segment:?}: {err:?}"),
    }
    assert_eq!(uri.as_str(), "http://h/a?q");
}

/// An IRI takes what `isegment` takes above ASCII as written; the
/// segments of one URI go onto another as they are, which the decoded
/// push would encode a second time.
#[test]
fn push_path_segment_copies_segments() {
    let mut iri: rfc3986::Iri = "https://例え.jp/".parse().unwrap();
    iri.push_path_segment("パス").unwrap();
    assert_eq!(iri.as_str(), "https://例え.jp/パス");
    assert!(parse("http://h/").push_path_segment("パス").is_err());

    let from = parse("http://old/a%20b/%2C/c%2Fd");
    let mut to = parse("http://new");
    let mut twice = parse("http://new");
    for segment in from.path_segments().skip(1) {
        to.push_path_segment(segment).unwrap();
        twice.push_path_segment_decoded(segment).unwrap();
    }
    assert_eq!(to.path(), from.path());
    assert_eq!(twice.path(), "/a%2520b/%252C/c%252Fd");
}

/// `set_path_decoded`: `/` separates, each segment is encoded, and the
/// path reads back where it stands.
#[rstest]
#[case::absolute(
    "https://h/old?q#f",
    "/new path/\u{fc}",
    "https://h/new%20path/%C3%BC?q#f"
)]
#[case::encoded("http://h", "/a?b#c%d/e f", "http://h/a%3Fb%23c%25d/e%20f")]
#[case::pchar_kept("http://h", "/b:c@d!$&'()*+,;=", "http://h/b:c@d!$&'()*+,;=")]
#[case::empty_after_authority("http://h/a?q", "", "http://h?q")]
#[case::root("http://h/a", "/", "http://h/")]
#[case::directory("http://h", "/a/", "http://h/a/")]
#[case::dot_segments_kept("http://h", "/a/../b/.", "http://h/a/../b/.")]
#[case::relative("x?q", "a/b", "a/b?q")]
#[case::relative_first_segment_colon("x", "a:b/c:d", "a%3Ab/c:d")]
#[case::relative_double_slash("x", "//h/a", "/.//h/a")]
#[case::scheme_rootless("mailto:x", "a@b:c", "mailto:a@b:c")]
#[case::scheme_double_slash("s:x", "//a", "s:/.//a")]
#[case::network_path("//h/x", "/a b", "//h/a%20b")]
#[case::empty_relative("x?q", "", "?q")]
fn set_path_decoded(#[case] input: &str, #[case] path: &str, #[case] expected: &str) {
    let mut uri = parse(input);
    uri.set_path_decoded(path).unwrap();
    assert_eq!(uri.as_str(), expected);
    assert_reparses(&uri);
    let built = parse(input)
        .to_builder()
        .path_decoded(path)
        .build()
        .unwrap();
    assert_eq!(built, uri);
}

#[test]
fn set_path_decoded_needs_a_rooted_path_after_an_authority() {
    let mut uri = parse("http://h/a?q");
    assert_eq!(
        uri.set_path_decoded("b c"),
        Err(BuildError::RootlessPathWithAuthority)
    );
    assert_eq!(uri.as_str(), "http://h/a?q");
    let mut iri: rfc3986::AbsoluteIri = "https://例え.jp/".parse().unwrap();
    iri.set_path_decoded("/パス/a b").unwrap();
    assert_eq!(iri, "https://例え.jp/パス/a%20b");
}

proptest! {
    /// Any decoded path comes back from the segments, decoded, split at
    /// `/`, whatever it holds.
    #[test]
    fn set_path_decoded_decodes_back(segments in proptest::collection::vec(".*", 1..5)) {
        let path = format!("/{}", segments.join("/"));
        let mut uri = parse("http://h/old?q#f");
        uri.set_path_decoded(&path).unwrap();
        assert_reparses(&uri);
        let decoded: Vec<String> = uri
            .path_segments()
            .map(|s| rfc3986::percent_decode_utf8(s).unwrap().into_owned())
            .collect();
        prop_assert_eq!(decoded.join("/"), path);
    }
}

#[rstest]
#[case::fragment("http://h/a?q#top", "http://h/a?q")]
#[case::empty_fragment("/a#", "/a")]
#[case::only_a_fragment("#f", "")]
#[case::query_with_question_marks("?a?b#c?d", "?a?b")]
#[case::none("http://h/a?q", "http://h/a?q")]
#[case::none_empty("", "")]
fn without_fragment(#[case] input: &str, #[case] expected: &str) {
    // Borrowed: a shorter borrow of the same text.
    let borrowed = Uri::parse(input).unwrap().without_fragment();
    assert_eq!(borrowed.as_str(), expected);
    assert!(std::ptr::eq(borrowed.as_str().as_ptr(), input.as_ptr()));
    assert_eq!(borrowed.fragment(), None);
    assert_reparses(&borrowed);

    // Owned: the same `String`, truncated.
    let owned = parse(input);
    let buffer = owned.as_str().as_ptr();
    let owned = owned.without_fragment();
    assert_eq!(owned, borrowed);
    assert_eq!(owned.as_str().as_ptr(), buffer);
    assert_reparses(&owned);

    let shared = Uri::parse(std::sync::Arc::<str>::from(input))
        .unwrap()
        .without_fragment();
    assert_eq!(shared, borrowed);
    assert_reparses(&shared);
}

#[test]
fn without_fragment_on_an_absolute_uri_and_an_iri() {
    let uri = rfc3986::AbsoluteUri::parse("https://example.com/a?b#c").unwrap();
    let base = uri.without_fragment();
    assert_eq!(base, "https://example.com/a?b");
    assert_eq!(base.scheme(), "https");
    let iri = rfc3986::Iri::parse("https://例え.jp/パス#片").unwrap();
    assert_eq!(iri.without_fragment(), "https://例え.jp/パス");
}
