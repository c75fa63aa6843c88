//! Matching a URI back to its variables (`Template::match_uri`,
//! `Template::captures`): every operator and modifier, values that are
//! not UTF-8, URIs that do not match, the split chosen where several
//! match, hostile inputs that must finish fast, and the round trip
//! `expand(match_uri(expand(vars))) == expand(vars)` as a property.

use std::time::{Duration, Instant};

use proptest::prelude::*;
use rfc3986::template::{Template, Value, Variables};
use rstest::rstest;

/// The variables `template` matches in `uri`, as `(name, value)` pairs in
/// the order of the template; `None` if it does not match.
fn matched(template: &str, uri: &str) -> Option<Vec<(String, Value)>> {
    let template = Template::parse(template).unwrap();
    let vars = template.match_uri(uri)?;
    assert!(template.matches(uri));
    Some(vars.into_iter().collect())
}

fn s(text: &str) -> Value {
    Value::from(text)
}

fn list(items: &[&str]) -> Value {
    Value::list(items.iter().copied())
}

fn map(pairs: &[(&str, &str)]) -> Value {
    Value::map(pairs.iter().copied())
}

fn vars(pairs: &[(&str, Value)]) -> Option<Vec<(String, Value)>> {
    Some(
        pairs
            .iter()
            .map(|(name, value)| (String::from(*name), value.clone()))
            .collect(),
    )
}

/// Level 1 and 2: simple, reserved and fragment expansion.
#[rstest]
#[case::simple("/users/{id}", "/users/42", vars(&[("id", s("42"))]))]
#[case::simple_decoded("/users/{id}", "/users/a%20b%2Fc", vars(&[("id", s("a b/c"))]))]
#[case::simple_utf8("{x}", "caf%C3%A9", vars(&[("x", s("café"))]))]
#[case::simple_lowercase_hex("{x}", "caf%c3%a9", vars(&[("x", s("café"))]))]
#[case::simple_iri("{x}", "café", vars(&[("x", s("café"))]))]
#[case::simple_empty_is_undefined("/users/{id}", "/users/", vars(&[]))]
#[case::simple_list("{list}", "red,green,blue", vars(&[("list", list(&["red", "green", "blue"]))]))]
#[case::simple_encoded_comma_is_a_string("{x}", "a%2Cb", vars(&[("x", s("a,b"))]))]
#[case::simple_two("{x,y}", "1024,768", vars(&[("x", s("1024")), ("y", s("768"))]))]
#[case::simple_two_one_defined("{x,y}", "1024", vars(&[("x", s("1024"))]))]
#[case::simple_two_first_empty("{x,y}", ",768", vars(&[("x", s("")), ("y", s("768"))]))]
#[case::simple_last_takes_the_rest("{x,y}", "1,2,3", vars(&[("x", s("1")), ("y", list(&["2", "3"]))]))]
#[case::reserved("{+path}/here", "/foo/bar/here", vars(&[("path", s("/foo/bar"))]))]
#[case::reserved_keeps_reserved_triplets("{+x}", "a%2Fb%41%20c", vars(&[("x", s("a%2Fb%41 c"))]))]
#[case::reserved_keeps_percent_25_before_hex("{+x}", "%2541%25", vars(&[("x", s("%2541%"))]))]
#[case::reserved_comma_is_a_string("{+list}", "red,green", vars(&[("list", s("red,green"))]))]
#[case::reserved_two("{+x,hello,y}", "1024,Hello%20World!,768",
    vars(&[("x", s("1024")), ("hello", s("Hello World!")), ("y", s("768"))]))]
#[case::fragment("/a{#frag}", "/a#x/y?z", vars(&[("frag", s("x/y?z"))]))]
#[case::fragment_empty_value("/a{#frag}", "/a#", vars(&[("frag", s(""))]))]
#[case::fragment_undefined("/a{#frag}", "/a", vars(&[]))]
#[case::fragment_two("{#x,y}", "#1,2", vars(&[("x", s("1")), ("y", s("2"))]))]
fn levels_1_and_2(
    #[case] template: &str,
    #[case] uri: &str,
    #[case] expected: Option<Vec<(String, Value)>>,
) {
    assert_eq!(matched(template, uri), expected);
}

/// Level 3: label, path segment, path parameter and query expansion.
#[rstest]
#[case::label("X{.var}", "X.value", vars(&[("var", s("value"))]))]
#[case::label_two("X{.x,y}", "X.1024.768", vars(&[("x", s("1024")), ("y", s("768"))]))]
#[case::label_value_with_dot("X{.x}", "X.a.b", vars(&[("x", s("a.b"))]))]
#[case::label_list("X{.list}", "X.red,green", vars(&[("list", list(&["red", "green"]))]))]
#[case::label_empty("X{.x}", "X.", vars(&[("x", s(""))]))]
#[case::path("{/var}", "/value", vars(&[("var", s("value"))]))]
#[case::path_two("{/var,x}/here", "/value/1024/here", vars(&[("var", s("value")), ("x", s("1024"))]))]
#[case::path_empty_segment("{/x}", "/", vars(&[("x", s(""))]))]
#[case::path_list("{/list}", "/red,green", vars(&[("list", list(&["red", "green"]))]))]
#[case::path_parameter("{;x,y}", ";x=1024;y=768", vars(&[("x", s("1024")), ("y", s("768"))]))]
#[case::path_parameter_empty("{;x,empty}", ";x=1024;empty", vars(&[("x", s("1024")), ("empty", s(""))]))]
#[case::path_parameter_list_of_empty("{;x}", ";x=", vars(&[("x", list(&[""]))]))]
#[case::path_parameter_list("{;list}", ";list=red,green", vars(&[("list", list(&["red", "green"]))]))]
#[case::query("{?x,y}", "?x=1024&y=768", vars(&[("x", s("1024")), ("y", s("768"))]))]
#[case::query_empty("{?x,empty}", "?x=1024&empty=", vars(&[("x", s("1024")), ("empty", s(""))]))]
#[case::query_first_absent("{?x,y}", "?y=2", vars(&[("y", s("2"))]))]
#[case::query_none("/s{?x,y}", "/s", vars(&[]))]
#[case::query_decoded("{?q}", "?q=a%26b%3Dc%2Bd", vars(&[("q", s("a&b=c+d"))]))]
#[case::query_continuation("?fixed=yes{&x}", "?fixed=yes&x=1024", vars(&[("x", s("1024"))]))]
#[case::query_then_continuation("{?x}{&y}", "?x=1&y=2", vars(&[("x", s("1")), ("y", s("2"))]))]
#[case::name_triplets_either_case("{?a%2Fb}", "?a%2fb=1", vars(&[("a%2Fb", s("1"))]))]
fn level_3(
    #[case] template: &str,
    #[case] uri: &str,
    #[case] expected: Option<Vec<(String, Value)>>,
) {
    assert_eq!(matched(template, uri), expected);
}

/// Level 4: prefixes and explode.
#[rstest]
#[case::prefix("{var:3}", "val", vars(&[("var", s("val"))]))]
#[case::prefix_shorter("{var:3}", "va", vars(&[("var", s("va"))]))]
#[case::prefix_counts_characters("{var:2}", "%C3%A9t", vars(&[("var", s("ét"))]))]
#[case::prefix_then_literal("{var:3}x", "valx", vars(&[("var", s("val"))]))]
#[case::prefix_query("{?q:3}", "?q=caf", vars(&[("q", s("caf"))]))]
#[case::prefix_two_in_a_row("{a:2}{b:2}", "wxyz", vars(&[("a", s("wx")), ("b", s("yz"))]))]
#[case::prefix_reserved("{+path:6}/here", "/foo/b/here", vars(&[("path", s("/foo/b"))]))]
#[case::explode_path("{/list*}", "/red/green/blue", vars(&[("list", list(&["red", "green", "blue"]))]))]
#[case::explode_path_then_var("{/list*,x}", "/a/b", vars(&[("list", list(&["a", "b"]))]))]
#[case::explode_path_map("{/keys*}", "/semi=%3B/dot=./comma=%2C",
    vars(&[("keys", map(&[("semi", ";"), ("dot", "."), ("comma", ",")]))]))]
#[case::explode_simple_list("{list*}", "red,green", vars(&[("list", list(&["red", "green"]))]))]
#[case::explode_simple_map("{keys*}", "a=1,b=", vars(&[("keys", map(&[("a", "1"), ("b", "")]))]))]
#[case::explode_label_list("X{.list*}", "X.red.green", vars(&[("list", list(&["red", "green"]))]))]
#[case::explode_label_map_with_dots("X{.keys*}", "X.a.b=c.d.e=f",
    vars(&[("keys", map(&[("a.b", "c.d"), ("e", "f")]))]))]
#[case::explode_reserved_list("{+list*}", "red,gr/een", vars(&[("list", list(&["red", "gr/een"]))]))]
#[case::explode_reserved_pairs_are_items("{+keys*}", "a=1,b=2", vars(&[("keys", list(&["a=1", "b=2"]))]))]
#[case::explode_fragment_list("{#list*}", "#red,green", vars(&[("list", list(&["red", "green"]))]))]
#[case::explode_query_list("{?list*}", "?list=red&list=&list=blue",
    vars(&[("list", list(&["red", "", "blue"]))]))]
#[case::explode_query_map("{?keys*}", "?semi=%3B&dot=.&comma=%2C",
    vars(&[("keys", map(&[("semi", ";"), ("dot", "."), ("comma", ",")]))]))]
#[case::explode_path_parameter_list("{;list*}", ";list=red;list", vars(&[("list", list(&["red", ""]))]))]
#[case::explode_path_parameter_map("{;keys*}", ";a=1;b", vars(&[("keys", map(&[("a", "1"), ("b", "")]))]))]
#[case::explode_continuation_map("?x=1{&keys*}", "?x=1&a=2", vars(&[("keys", map(&[("a", "2")]))]))]
#[case::explode_map_and_named_vars("{?x,keys*,y}", "?x=1&a=2&b=3&y=4",
    vars(&[("x", s("1")), ("keys", map(&[("a", "2"), ("b", "3")])), ("y", s("4"))]))]
#[case::explode_map_leaves_later_names("{?keys*,y}", "?a=1&y=2",
    vars(&[("keys", map(&[("a", "1")])), ("y", s("2"))]))]
#[case::explode_map_takes_a_later_name_when_it_must("{?keys*,y}", "?a=1&y=2&y=3",
    vars(&[("keys", map(&[("a", "1"), ("y", "2")])), ("y", s("3"))]))]
#[case::explode_map_leaves_a_first_later_name("{?keys*,y}", "?y=2", vars(&[("y", s("2"))]))]
#[case::explode_map_named_as_the_list("{?list*}", "?list=1&b=2",
    vars(&[("list", map(&[("list", "1"), ("b", "2")]))]))]
fn level_4(
    #[case] template: &str,
    #[case] uri: &str,
    #[case] expected: Option<Vec<(String, Value)>>,
) {
    assert_eq!(matched(template, uri), expected);
}

/// Literals: exact ASCII, triplets in either case, characters above
/// ASCII as themselves or percent-encoded.
#[rstest]
#[case::exact("/a/{x}", "/a/1", true)]
#[case::ascii_case_matters("/a/{x}", "/A/1", false)]
#[case::triplet_either_case("/a%2fb/{x}", "/a%2Fb/1", true)]
#[case::triplet_is_not_its_character("/a%20b/{x}", "/a b/1", false)]
#[case::utf8_as_is("/café/{x}", "/café/1", true)]
#[case::utf8_encoded("/café/{x}", "/caf%C3%A9/1", true)]
#[case::utf8_encoded_lowercase("/café/{x}", "/caf%c3%a9/1", true)]
#[case::utf8_wrong_octets("/café/{x}", "/caf%C3%A8/1", false)]
#[case::too_short("/a/{x}", "/a", false)]
#[case::trailing("/a/{x}", "/a/1/", false)]
fn literals(#[case] template: &str, #[case] uri: &str, #[case] matches: bool) {
    assert_eq!(Template::parse(template).unwrap().matches(uri), matches);
}

/// URIs that are no expansion of the template.
#[rstest]
#[case::slash_in_simple("/users/{id}", "/users/1/2")]
#[case::unencoded_sub_delim("/users/{id}", "/users/a+b")]
#[case::unencoded_space("/users/{id}", "/users/a b")]
#[case::stray_percent("/users/{id}", "/users/100%")]
#[case::bad_triplet("/users/{id}", "/users/%4g")]
#[case::wrong_name("{?x}", "?y=1")]
#[case::out_of_order("{?x,y}", "?y=2&x=1")]
#[case::name_without_ifemp("{?x}", "?x")]
#[case::path_parameter_with_equals_empty_prefix("{;x:3}", ";x=")]
#[case::prefix_too_long("{x:3}", "abcd")]
#[case::prefix_list("{x:3}", "a,b")]
#[case::too_many_segments("{/x,y}", "/a/b/c")]
#[case::two_equals("{?x}", "?x=a=b")]
#[case::mixed_exploded_path("{/keys*}", "/a=1/b")]
#[case::exploded_list_with_comma("{/list*}", "/a,b")]
#[case::second_question_mark("{?x}", "?x=a?b")]
#[case::query_in_a_path_value("{/x}", "/a?b")]
#[case::repeated_name_differs("{a}/{a}", "x/y")]
#[case::repeated_name_once_undefined("{a}/{a}", "x/")]
#[case::empty_template_nonempty_uri("", "/")]
fn does_not_match(#[case] template: &str, #[case] uri: &str) {
    let template = Template::parse(template).unwrap();
    assert_eq!(template.match_uri(uri), None);
    assert!(!template.matches(uri));
}

#[test]
fn a_repeated_name_with_the_same_value_matches() {
    assert_eq!(matched("{a}/{a}", "x/x"), vars(&[("a", s("x"))]));
    assert_eq!(matched("", ""), vars(&[]));
}

/// Values that are not UTF-8 keep their percent-encoded text.
#[test]
fn octets_that_are_not_utf8_stay_encoded() {
    assert_eq!(matched("{x}", "a%FFb%C3"), vars(&[("x", s("a%FFb%C3"))]));
    assert_eq!(matched("{x}", "%C3%A9%E9"), vars(&[("x", s("é%E9"))]));
    assert_eq!(matched("{+x}", "%C3"), vars(&[("x", s("%C3"))]));
}

/// Where several splits match: leftmost-longest.
#[rstest]
#[case::adjacent("{a}{b}", "xy", vars(&[("a", s("xy"))]))]
#[case::dash("{a}-{b}", "x-y-z", vars(&[("a", s("x-y")), ("b", s("z"))]))]
#[case::dot("{a}.{b}", "x.y.z", vars(&[("a", s("x.y")), ("b", s("z"))]))]
#[case::reserved_then_literal("{+a}/{b}", "/x/y/z", vars(&[("a", s("/x/y")), ("b", s("z"))]))]
#[case::reserved_twice("{+a}{+b}", "x/y", vars(&[("a", s("x/y"))]))]
#[case::reserved_then_query("{+a}{?q}", "/p?q=1", vars(&[("a", s("/p?q=1"))]))]
#[case::path_then_path("{/a}{/b}", "/x/y", vars(&[("a", s("x")), ("b", s("y"))]))]
#[case::exploded_then_path("{/list*}{/last}", "/x/y/z", vars(&[("list", list(&["x", "y", "z"]))]))]
#[case::encoded_slash_stays_in_a_segment("{/path*}", "/a%2Fb/c", vars(&[("path", list(&["a/b", "c"]))]))]
#[case::list_then_prefix("{a}{b:1}", "x,yz", vars(&[("a", list(&["x", "yz"]))]))]
#[case::prefix_then_list("{a:1}{b}", "x,yz", vars(&[("a", s("x")), ("b", list(&["", "yz"]))]))]
#[case::label_two_values("X{.x,y}", "X.a.b.c", vars(&[("x", s("a")), ("y", s("b.c"))]))]
fn ambiguous_splits(
    #[case] template: &str,
    #[case] uri: &str,
    #[case] expected: Option<Vec<(String, Value)>>,
) {
    assert_eq!(matched(template, uri), expected);
}

/// Where each variable's text lies in the URI.
#[test]
fn captures_give_ranges() {
    let template = Template::parse("/r/{owner}{/path*}{?q,keys*}").unwrap();
    let uri = "/r/me/a/b?q=1&x=2&y=3";
    let captures = template.captures(uri).unwrap();
    assert_eq!(captures.uri(), uri);
    let ranges: Vec<(&str, std::ops::Range<usize>)> = captures
        .iter()
        .map(|capture| (capture.name(), capture.range()))
        .collect();
    assert_eq!(
        ranges,
        [
            ("owner", 3..5),
            ("path", 6..9),
            ("q", 12..13),
            ("keys", 14..21)
        ]
    );
    assert_eq!(captures.text("keys"), Some("x=2&y=3"));
    assert_eq!(captures.text("nothing"), None);
    assert_eq!(captures.len(), 4);
    let empty = Template::parse("{;e}").unwrap().captures(";e").unwrap();
    assert_eq!(empty.range("e"), Some(2..2));
    assert_eq!(empty.get("e"), Some(&s("")));
}

#[test]
fn a_matcher_matches_as_its_template_does() {
    let matcher = Template::parse("/users/{id}{?fields}")
        .unwrap()
        .into_matcher();
    assert_eq!(matcher.literal_prefix(), "/users/");
    assert_eq!(
        matcher.match_uri("/users/7?fields=a,b"),
        Some(Variables::new().with("id", "7").with("fields", ["a", "b"]))
    );
    assert!(matcher.matches("/users/7"));
    assert!(!matcher.matches("/user/7"));
    assert_eq!(
        matcher.captures("/users/7").unwrap().range("id"),
        Some(7..8)
    );
    assert_eq!(matcher.template().as_str(), "/users/{id}{?fields}");
}

/// Any `&str` may be given: none panics, whatever it holds.
#[rstest]
#[case("{x}")]
#[case("{+x}")]
#[case("{#x,y*}")]
#[case("{.x*}")]
#[case("{/x,y:2}")]
#[case("{;x,y*}")]
#[case("{?x*,y}")]
#[case("{&x:1}")]
fn odd_inputs_do_not_panic(#[case] template: &str) {
    let template = Template::parse(template).unwrap();
    for uri in [
        "",
        "%",
        "%%",
        "%4",
        "%zz",
        "é",
        "%C3%",
        "\u{0}",
        "=",
        "==",
        ",,",
        "#",
        "##",
        "?",
        "?&=",
        ";;",
        "..",
        "//",
        "a%",
        "\u{10FFFF}%FF",
        "&x=&=x",
        ";=;",
        "?=",
        ".=.",
        "#,=,",
    ] {
        let _ = template.match_uri(uri);
    }
}

/// Times `f`, which must finish within `limit` (generous for a debug
/// build on a loaded machine; the matcher is linear or quadratic here,
/// where a naive backtracking one would not finish).
fn finishes_within(limit: Duration, f: impl FnOnce()) {
    let start = Instant::now();
    f();
    let took = start.elapsed();
    assert!(took < limit, "took {took:?}");
}

/// A chain of 40 expressions and a final `!`, against 2000 units with no
/// `!` (every split is tried, and none matches), then against 40 units
/// and a `!`.
#[rstest]
#[case::simple("{v}", "a")]
#[case::simple_two("{v,w}", "a")]
#[case::reserved("{+v}", "a/")]
#[case::fragment("{#v}", "#a")]
#[case::label("{.v}", ".a")]
#[case::path("{/v}", "/a")]
#[case::path_exploded("{/v*}", "/a")]
#[case::path_two("{/v,w}", "/a")]
#[case::query("{?v}", "?v=a")]
#[case::with_literals("{v}-", "a-")]
#[case::prefix("{v:3}", "a")]
fn hostile_chains_finish_fast(#[case] expression: &str, #[case] unit: &str) {
    let template: String = (0..40)
        .map(|i| {
            expression
                .replace('v', &format!("v{i}"))
                .replace('w', &format!("w{i}"))
        })
        .collect();
    let template = Template::parse(format!("{template}!")).unwrap();
    let uri = unit.repeat(2000);
    finishes_within(Duration::from_secs(5), || {
        assert_eq!(template.match_uri(&uri), None);
    });
    let uri: String = (0..40)
        .map(|i| unit.replace('v', &format!("v{i}")))
        .collect();
    let uri = format!("{uri}!");
    finishes_within(Duration::from_secs(5), || {
        assert!(template.match_uri(&uri).is_some());
    });
}

#[test]
fn hostile_literals_finish_fast() {
    let template: String = (0..40).map(|i| format!("{{v{i}}}a")).collect();
    let template = Template::parse(template).unwrap();
    let uri = "a".repeat(4000) + "%";
    finishes_within(Duration::from_secs(5), || {
        assert_eq!(template.match_uri(&uri), None);
    });
}

#[test]
fn hostile_named_explodes_finish_fast() {
    let template: String = (0..20).map(|i| format!("{{;v{i}*}}")).collect();
    let template = Template::parse(template + "!").unwrap();
    let uri = ";a=b".repeat(500);
    finishes_within(Duration::from_secs(5), || {
        assert_eq!(template.match_uri(&uri), None);
    });
}

// The round trip as a property.

/// A string of unreserved and reserved characters, `%` (alone and before
/// hexadecimal digits), spaces and characters above ASCII.
fn string() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            4 => prop::sample::select(vec!['a', 'Z', '0', '-', '.', '_', '~']),
            2 => prop::sample::select(":/?#[]@!$&'()*+,;=".chars().collect::<Vec<_>>()),
            1 => Just('%'),
            1 => prop::sample::select(vec!['4', '1', 'F', 'c']),
            1 => Just(' '),
            1 => prop::sample::select(vec!['é', '€', '😀', '\u{e000}']),
        ],
        0..6,
    )
    .prop_map(|chars| canonical(&chars.into_iter().collect::<String>()))
}

/// `text` with the `%` of each triplet that expansion never writes by
/// itself written `%25`: that of an unreserved character (`%41`), with a
/// lowercase hexadecimal digit (`%4c`), or of an octet above ASCII (`%F4`,
/// which expansion writes only in the UTF-8 of a character, a sequence
/// this generator would rarely make).
///
/// `{+var}` and `{#var}` keep such a triplet as it is. Where an expression
/// before them (`{x}{+y}`, or `{x}.{+y}`) can take the triplet in its text
/// too, leftmost-longest gives it that text, which decodes it (`%41` is
/// `A`; `%F4`, not UTF-8, stays `%F4`), and the value found expands to
/// `A` (or `%25F4`): for `%41`, the same URI by RFC 3986's normalization
/// (section 6.2.2), but not the same text. Values are
/// decoded however their triplets are written, so that `/a%2fb` matches
/// `/{x}`; the property is checked on the triplets expansion writes.
fn canonical(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.char_indices() {
        let triplet = bytes.get(i + 1..i + 3).filter(|hex| {
            hex.iter().all(u8::is_ascii_hexdigit)
                && (hex.iter().any(u8::is_ascii_lowercase)
                    || u8::from_str_radix(std::str::from_utf8(hex).unwrap(), 16).is_ok_and(
                        |octet| {
                            octet >= 0x80
                                || octet.is_ascii_alphanumeric()
                                || b"-._~".contains(&octet)
                        },
                    ))
        });
        if c == '%' && triplet.is_some() {
            out.push_str("%25");
        } else {
            out.push(c);
        }
    }
    out
}

/// A value, or undefined (`None`; empty lists and maps are undefined
/// too).
fn value() -> impl Strategy<Value = Option<Value>> {
    prop_oneof![
        1 => Just(None),
        3 => string().prop_map(|text| Some(Value::String(text))),
        2 => prop::collection::vec(string(), 0..4).prop_map(|items| Some(Value::List(items))),
        2 => prop::collection::vec((string(), string()), 0..4).prop_map(|pairs| Some(Value::Map(pairs))),
    ]
}

/// A template: literals between expressions of every operator and
/// modifier, with names that are distinct (a name used twice must have
/// the same value in each expression, which the round trip cannot
/// promise once a split gives the expressions different texts).
fn template() -> impl Strategy<Value = String> {
    let expression = (
        prop::sample::select(vec!["", "+", "#", ".", "/", ";", "?", "&"]),
        prop::collection::vec(prop::sample::select(vec!["", "*", ":1", ":3"]), 1..4),
    );
    let literal = prop::sample::select(vec!["", "", "/", "-", "x", ".", "/a/", "?q=1", "é", "%2F"]);
    prop::collection::vec((literal, expression), 1..4).prop_map(|parts| {
        let mut text = String::new();
        let mut n = 0;
        for (literal, (operator, modifiers)) in parts {
            text.push_str(literal);
            text.push('{');
            text.push_str(operator);
            let specs: Vec<String> = modifiers
                .iter()
                .map(|modifier| {
                    n += 1;
                    format!("v{n}{modifier}")
                })
                .collect();
            text.push_str(&specs.join(","));
            text.push('}');
        }
        text
    })
}

/// A token of a URI: delimiters, `%` with and without hexadecimal
/// digits, the names of the generated templates, characters above ASCII.
fn token() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "a", "Z", "0", "-", ".", "_", "~", "/", "?", "#", "&", ";", "=", ",", "+", "!", "%", "%41",
        "%2F", "%2f", "%C3%A9", "%FF", "é", "v1", "v2", "v3", "x", "q", " ",
    ])
}

/// Text of random tokens.
fn uri_text() -> impl Strategy<Value = String> {
    prop::collection::vec(token(), 0..16).prop_map(|parts| parts.concat())
}

/// Variables for every name `v1`... of a template.
fn variables() -> impl Strategy<Value = Vec<Option<Value>>> {
    prop::collection::vec(value(), 12)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Matching an expansion gives variables that expand to it again.
    #[test]
    fn matching_an_expansion_gives_it_back(text in template(), values in variables()) {
        let template = Template::parse(text.as_str()).unwrap();
        let mut vars = Variables::new();
        for (i, value) in values.into_iter().enumerate() {
            if let Some(value) = value {
                vars.set(format!("v{}", i + 1), value);
            }
        }
        // A prefix applies to strings only (expansion refuses a list): such
        // a variable gets the first item of its list or array instead.
        for spec in template.varspecs().filter(|spec| spec.prefix().is_some()) {
            let first = match vars.get(spec.name()) {
                Some(Value::List(items)) => items.first().cloned(),
                Some(Value::Map(pairs)) => pairs.first().map(|(key, _)| key.clone()),
                _ => continue,
            };
            match first {
                Some(first) => {
                    vars.set(spec.name(), first);
                }
                None => {
                    vars.remove(spec.name());
                }
            }
        }
        for iri in [false, true] {
            let expanded = if iri {
                template.expand_iri(&vars).map(|uri| uri.to_string())
            } else {
                template.expand(&vars).map(|uri| uri.to_string())
            };
            // A prefix on a list, or reserved characters that make no URI
            // (`{+a}` with `#` twice): nothing to match.
            let Ok(expanded) = expanded else { continue };
            let Some(found) = template.match_uri(&expanded) else {
                return Err(TestCaseError::fail(format!("{expanded:?} does not match {text}")));
            };
            let again = if iri {
                template.expand_iri(&found).map(|uri| uri.to_string())
            } else {
                template.expand(&found).map(|uri| uri.to_string())
            };
            prop_assert_eq!(again.as_deref(), Ok(expanded.as_str()), "{} found {:?}", text, found);
        }
    }

    /// Any text, matched against any template: no panic, and what matches
    /// expands to text that matches again and gives the same expansion.
    /// The texts are expansions with a few tokens inserted or removed
    /// (which often still match, differently), or tokens at random.
    #[test]
    fn matching_any_text_is_stable(
        text in template(),
        values in variables(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), prop::option::of(token())), 0..3),
        random in prop::option::weighted(0.2, uri_text()),
    ) {
        let template = Template::parse(text.as_str()).unwrap();
        let vars: Variables = values
            .into_iter()
            .enumerate()
            .filter_map(|(i, value)| Some((format!("v{}", i + 1), value?)))
            .collect();
        let mut uri = match random {
            Some(uri) => uri,
            None => template.expand(&vars).map(|uri| uri.to_string()).unwrap_or_default(),
        };
        for (at, token) in edits {
            let boundaries: Vec<usize> = (0..=uri.len()).filter(|&i| uri.is_char_boundary(i)).collect();
            let at = boundaries[at.index(boundaries.len())];
            match token {
                Some(token) => uri.insert_str(at, token),
                None => {
                    if let Some(c) = uri[at..].chars().next() {
                        uri.replace_range(at..at + c.len_utf8(), "");
                    }
                }
            }
        }
        let Some(found) = template.match_uri(&uri) else { return Ok(()) };
        let Ok(expanded) = template.expand(&found) else { return Ok(()) };
        let expanded = expanded.to_string();
        let again = template.match_uri(&expanded);
        prop_assert!(again.is_some(), "{} matched {:?} as {:?}, whose expansion {:?} does not match", text, uri, found, expanded);
        let twice = again.map(|vars| template.expand(&vars).map(|uri| uri.to_string()));
        prop_assert_eq!(twice, Some(Ok(expanded)));
    }
}
