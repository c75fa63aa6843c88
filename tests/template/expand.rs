//! Expansion beyond the RFC's examples: every operator with lists and
//! associative arrays (prefixed, exploded, with empty members), empty
//! lists and maps and undefined variables, UTF-8 in values and literals
//! (`expand` encodes it, `expand_iri` keeps it), pct-encoded triplets and
//! stray `%`, the largest prefix, the errors (`PrefixOnComposite`, and
//! `NotAReference` with the part, byte and message), and the `Vars`
//! implementations.

use std::collections::{BTreeMap, HashMap};

use rfc3986::template::{ExpandError, Template, Value, Variables, Vars};
use rfc3986::ErrorKind;
use rstest::rstest;

/// The variables of the table tests.
fn vars() -> Variables {
    Variables::new()
        .with("var", "value")
        .with("empty", "")
        .with("list", ["red", "green", "blue"])
        .with("keys", [("semi", ";"), ("dot", "."), ("comma", ",")])
        .with("holes", ["a", ""])
        .with("blank", [("k", ""), ("j", "x")])
        .with("empty_list", Value::List(vec![]))
        .with("empty_keys", Value::Map(vec![]))
        .with("utf", "caf\u{e9}")
        .with("emoji", "\u{1f600}\u{1f600}\u{1f600}")
        .with("private", "\u{e000}")
        .with("nonchar", "\u{fffe}\u{85}")
        .with("pct", "a%20b%zz%2")
        .with("half", "100%")
        .with("prefixed", "%41%42")
        .with("reserved", "!$&'()*+,;=:@/?")
}

/// The expansion of `template` with [`vars`], as a URI and as an IRI.
fn expand(template: &str) -> (String, String) {
    let template = Template::parse(template).unwrap_or_else(|e| panic!("{template:?}: {e}"));
    let vars = vars();
    let uri = template
        .expand(&vars)
        .unwrap_or_else(|e| panic!("{template}: {e}"));
    let iri = template
        .expand_iri(&vars)
        .unwrap_or_else(|e| panic!("{template}: {e}"));
    (uri.to_string(), iri.to_string())
}

#[rstest]
// A list with every operator, exploded or not.
#[case("{list}", "red,green,blue")]
#[case("{list*}", "red,green,blue")]
#[case("{+list}", "red,green,blue")]
#[case("{#list*}", "#red,green,blue")]
#[case("{.list}", ".red,green,blue")]
#[case("{.list*}", ".red.green.blue")]
#[case("{/list}", "/red,green,blue")]
#[case("{/list*}", "/red/green/blue")]
#[case("{;list}", ";list=red,green,blue")]
#[case("{;list*}", ";list=red;list=green;list=blue")]
#[case("{?list}", "?list=red,green,blue")]
#[case("{?list*}", "?list=red&list=green&list=blue")]
#[case("{&list*}", "&list=red&list=green&list=blue")]
// An associative array, in its order; keys and values encoded alike.
#[case("{keys}", "semi,%3B,dot,.,comma,%2C")]
#[case("{keys*}", "semi=%3B,dot=.,comma=%2C")]
#[case("{+keys}", "semi,;,dot,.,comma,,")]
#[case("{#keys*}", "#semi=;,dot=.,comma=,")]
#[case("{.keys*}", ".semi=%3B.dot=..comma=%2C")]
#[case("{/keys*}", "/semi=%3B/dot=./comma=%2C")]
#[case("{;keys}", ";keys=semi,%3B,dot,.,comma,%2C")]
#[case("{;keys*}", ";semi=%3B;dot=.;comma=%2C")]
#[case("{?keys*}", "?semi=%3B&dot=.&comma=%2C")]
#[case("{&keys}", "&keys=semi,%3B,dot,.,comma,%2C")]
// Empty members: `ifemp` after a name, for exploded lists and maps too.
#[case("{holes}", "a,")]
#[case("{/holes*}", "/a/")]
#[case("{;holes*}", ";holes=a;holes")]
#[case("{?holes*}", "?holes=a&holes=")]
#[case("{blank}", "k,,j,x")]
#[case("{blank*}", "k=,j=x")]
#[case("{;blank*}", ";k;j=x")]
#[case("{?blank*}", "?k=&j=x")]
// Empty lists and maps are undefined: skipped, with their separators.
#[case("{?empty_list,var}", "?var=value")]
#[case("{?var,empty_keys*}", "?var=value")]
#[case("x{/empty_keys*}y", "xy")]
#[case("x{;empty_list}y", "xy")]
#[case("{?empty_list*,empty_keys}", "")]
// Undefined (absent) variables likewise.
#[case("{?absent,var,other}", "?var=value")]
#[case("{#absent}", "")]
// An empty string is defined.
#[case("{empty}", "")]
#[case("{+empty}", "")]
#[case("{#empty}", "#")]
#[case("{.empty}", ".")]
#[case("{/empty}", "/")]
#[case("{;empty}", ";empty")]
#[case("{?empty}", "?empty=")]
#[case("{&empty}", "&empty=")]
#[case("{/var,empty,var}", "/value//value")]
// Prefixes, with every operator that names.
#[case("{var:3}", "val")]
#[case("{var:9999}", "value")]
#[case("{;var:2}", ";var=va")]
#[case("{?var:1,list}", "?var=v&list=red,green,blue")]
#[case("{empty:3}", "")]
// Empty lists and maps are undefined even with a prefix: no error.
#[case("{empty_list:1,empty_keys:2}", "")]
// Reserved characters: kept by `+` and `#`, encoded by the others.
#[case("/{+reserved}", "/!$&'()*+,;=:@/?")]
#[case("{reserved}", "%21%24%26%27%28%29%2A%2B%2C%3B%3D%3A%40%2F%3F")]
#[case(
    "{?reserved}",
    "?reserved=%21%24%26%27%28%29%2A%2B%2C%3B%3D%3A%40%2F%3F"
)]
// Pct-encoded triplets: kept by `+` and `#`; a `%` not followed by two
// hexadecimal digits is encoded, `%25`; the others encode every `%`.
#[case("{+pct}", "a%20b%25zz%252")]
#[case("{#pct}", "#a%20b%25zz%252")]
#[case("{pct}", "a%2520b%25zz%252")]
#[case("{+half}", "100%25")]
#[case("{half}", "100%25")]
// A prefix counts characters of the value as given, and may cut a
// triplet: what is left of it is a stray `%`.
#[case("{+prefixed:3}", "%41")]
#[case("{+prefixed:2}", "%254")]
#[case("{prefixed:3}", "%2541")]
// Pct-encoded triplets in literals are copied as written.
#[case("/a%20b%2f{var}", "/a%20b%2fvalue")]
fn expansions(#[case] template: &str, #[case] expected: &str) {
    let (uri, iri) = expand(template);
    assert_eq!(uri, expected, "{template}");
    // ASCII values and literals: the IRI is the same text.
    assert_eq!(iri, expected, "{template}");
}

#[rstest]
// Characters above ASCII in values: each octet of their UTF-8 encoded by
// `expand`; `ucschar` kept by `expand_iri`, whatever the operator.
#[case("{utf}", "caf%C3%A9", "caf\u{e9}")]
#[case("{+utf}", "caf%C3%A9", "caf\u{e9}")]
#[case("{?utf}", "?utf=caf%C3%A9", "?utf=caf\u{e9}")]
#[case(
    "{/list,utf}",
    "/red,green,blue/caf%C3%A9",
    "/red,green,blue/caf\u{e9}"
)]
// Prefixes count characters, not bytes.
#[case("{utf:4}", "caf%C3%A9", "caf\u{e9}")]
#[case("{utf:3}", "caf", "caf")]
#[case("{emoji:2}", "%F0%9F%98%80%F0%9F%98%80", "\u{1f600}\u{1f600}")]
// A private-use character (`iprivate`) is encoded by both, as are
// characters that are not `ucschar` (U+FFFE, U+0085).
#[case("{?private}", "?private=%EE%80%80", "?private=%EE%80%80")]
#[case("{+private}", "%EE%80%80", "%EE%80%80")]
#[case("{nonchar}", "%EF%BF%BE%C2%85", "%EF%BF%BE%C2%85")]
// Literals: above ASCII, encoded as UTF-8 by `expand`, kept by
// `expand_iri` (a `ucschar`, beyond the BMP too), encoded by both for
// `iprivate`.
#[case("/caf\u{e9}/{var}", "/caf%C3%A9/value", "/caf\u{e9}/value")]
#[case("/\u{1f600}", "/%F0%9F%98%80", "/\u{1f600}")]
#[case("/\u{e000}{?var}", "/%EE%80%80?var=value", "/%EE%80%80?var=value")]
fn expansions_above_ascii(#[case] template: &str, #[case] uri: &str, #[case] iri: &str) {
    assert_eq!(expand(template), (uri.to_string(), iri.to_string()));
}

#[test]
fn the_largest_prefix_takes_9999_characters_of_a_longer_value() {
    let vars = Variables::new().with("long", "\u{e9}".repeat(10_000));
    let template = Template::parse("{long:9999}").unwrap();
    assert_eq!(template.varspecs().next().unwrap().prefix(), Some(9999));
    assert_eq!(
        template.expand(&vars).unwrap().as_str(),
        "%C3%A9".repeat(9999)
    );
    assert_eq!(
        template.expand_iri(&vars).unwrap().as_str(),
        "\u{e9}".repeat(9999)
    );
    // Shorter values are taken whole.
    let vars = Variables::new().with("long", "x".repeat(9999));
    assert_eq!(template.expand(&vars).unwrap().as_str(), "x".repeat(9999));
}

#[test]
fn undefined_means_absent_or_none() {
    let template = Template::parse("/search{?q,lang,page}").unwrap();
    let mut map: HashMap<String, Option<Value>> = HashMap::new();
    map.insert("q".into(), Some(Value::from("cat")));
    map.insert("lang".into(), None);
    assert_eq!(template.expand(&map).unwrap().as_str(), "/search?q=cat");
    let map: BTreeMap<&str, Option<Value>> =
        BTreeMap::from([("q", None), ("page", Some(Value::from(2)))]);
    assert_eq!(template.expand(&map).unwrap().as_str(), "/search?page=2");
    // Nothing defined: the expression is empty, the literal stays.
    assert_eq!(
        template.expand(&Variables::new()).unwrap().as_str(),
        "/search"
    );
}

#[test]
fn every_vars_implementation_expands_alike() {
    let template = Template::parse("{/a}{?b*}").unwrap();
    let expected = "/x?k=v";
    let pairs = [("a", Value::from("x")), ("b", Value::from([("k", "v")]))];
    assert_eq!(template.expand(&pairs).unwrap().as_str(), expected);
    assert_eq!(template.expand(&pairs[..]).unwrap().as_str(), expected);
    assert_eq!(template.expand(&pairs.to_vec()).unwrap().as_str(), expected);
    let btree: BTreeMap<&str, Value> = pairs.iter().cloned().collect();
    assert_eq!(template.expand(&btree).unwrap().as_str(), expected);
    let hash: HashMap<String, Value> = pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.clone()))
        .collect();
    assert_eq!(template.expand(&hash).unwrap().as_str(), expected);
    let dynamic: &dyn Vars = &hash;
    assert_eq!(template.expand(dynamic).unwrap().as_str(), expected);
    // Borrowed and shared templates expand as the owned one.
    let borrowed = Template::parse("{/a}{?b*}").unwrap();
    assert_eq!(
        borrowed.borrowed().expand(&pairs).unwrap().as_str(),
        expected
    );
}

#[test]
fn a_variable_used_twice_expands_twice() {
    let vars = Variables::from([("x", "1")]);
    let uri = Template::parse("{x}{/x}{?x,x}")
        .unwrap()
        .expand(&vars)
        .unwrap();
    assert_eq!(uri.as_str(), "1/1?x=1&x=1");
}

#[test]
fn the_result_is_a_parsed_reference() {
    let vars = Variables::from([("host", "example.com"), ("path", "a/b"), ("q", "x y")]);
    let uri = Template::parse("https://{host}/{+path}{?q}#top")
        .unwrap()
        .expand(&vars)
        .unwrap();
    assert_eq!(uri.as_str(), "https://example.com/a/b?q=x%20y#top");
    assert_eq!(uri.scheme(), Some("https"));
    assert_eq!(
        uri.host().map(|h| h.to_string()),
        Some("example.com".into())
    );
    assert_eq!(uri.path(), "/a/b");
    assert_eq!(uri.query(), Some("q=x%20y"));
    assert_eq!(uri.fragment(), Some("top"));
}

#[rstest]
#[case::list("{/list:1}", "list", "a list", 0..9, "list:1")]
#[case::map("x{?var,keys:2}", "keys", "an associative array", 1..14, "keys:2")]
fn a_prefix_on_a_composite_value_is_an_error(
    #[case] template: &str,
    #[case] name: &str,
    #[case] kind: &str,
    #[case] range: std::ops::Range<usize>,
    #[case] varspec: &str,
) {
    let err = Template::parse(template)
        .unwrap()
        .expand(&vars())
        .unwrap_err();
    match &err {
        ExpandError::PrefixOnComposite {
            expression,
            expression_text,
            varspec: written,
            name: named,
            kind: what,
            ..
        } => assert_eq!(
            (
                expression,
                expression_text.as_str(),
                written.as_str(),
                named.as_str(),
                *what
            ),
            (&range, &template[range.clone()], varspec, name, kind)
        ),
        other => panic!("not PrefixOnComposite: {other:?}"),
    }
    assert_eq!(err.template_range(), Some(range.clone()));
    assert_eq!(err.expansion(), None);
    assert_eq!(err.parse_error(), None);
    assert_eq!(
        err.to_string(),
        format!(
            "the prefix modifier of `{varspec}` in `{}` (template bytes {}..{}) applies to \
             strings only, and `{name}` is {kind} (RFC 6570 section 2.4.1)",
            &template[range.clone()],
            range.start,
            range.end
        )
    );
    // The IRI expansion fails alike.
    assert_eq!(
        Template::parse(template)
            .unwrap()
            .expand_iri(&vars())
            .unwrap_err(),
        err
    );
}

/// The parts of a `NotAReference` error: (part range, part text,
/// expansion, kind, offset, message).
fn not_a_reference(
    err: &ExpandError,
) -> (std::ops::Range<usize>, &str, &str, ErrorKind, usize, String) {
    match err {
        ExpandError::NotAReference {
            part,
            part_text,
            expansion,
            error,
            ..
        } => (
            part.clone(),
            part_text.as_str(),
            expansion.as_str(),
            error.kind(),
            error.offset(),
            err.to_string(),
        ),
        other => panic!("not NotAReference: {other:?}"),
    }
}

#[test]
fn two_fragments_are_not_a_reference() {
    let vars = Variables::from([("a", "#x"), ("b", "#y")]);
    let template = Template::parse("{+a}{+b}").unwrap();
    let err = template.expand(&vars).unwrap_err();
    assert_eq!(
        not_a_reference(&err),
        (
            4..8,
            "{+b}",
            "#x#y",
            ErrorKind::Fragment,
            2,
            "the expansion of `{+b}` (template bytes 4..8) is not a URI reference: invalid \
             fragment at byte 2 of \"#x#y\": expected pchar, \"/\", \"?\" or end of input, \
             found '#'"
                .to_string()
        )
    );
    assert_eq!(err.template_range(), Some(4..8));
    assert_eq!(err.expansion(), Some("#x#y"));
    assert_eq!(
        err.parse_error().map(|e| (e.kind(), e.offset())),
        Some((ErrorKind::Fragment, 2))
    );
    // Two fragment expansions write two `#`, whatever the values; in
    // one expression, the second value follows a `,`.
    let vars_xy = Variables::from([("a", "x"), ("b", "y")]);
    let err = Template::parse("{#a}{#b}")
        .unwrap()
        .expand(&vars_xy)
        .unwrap_err();
    let (part, text, expansion, kind, offset, _) = not_a_reference(&err);
    assert_eq!(
        (part, text, expansion, kind, offset),
        (4..8, "{#b}", "#x#y", ErrorKind::Fragment, 2)
    );
    let uri = Template::parse("{#a,b}").unwrap().expand(&vars_xy).unwrap();
    assert_eq!(uri.as_str(), "#x,y");
    // As an IRI, which the message says.
    let err = template.expand_iri(&vars).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the expansion of `{+b}` (template bytes 4..8) is not an IRI reference: invalid \
         fragment at byte 2 of \"#x#y\": expected ipchar, \"/\", \"?\" or end of input, found '#'"
    );
}

#[test]
fn a_literal_that_is_not_a_reference_is_named() {
    let err = Template::parse("http://[{x}")
        .unwrap()
        .expand(&Variables::new())
        .unwrap_err();
    assert_eq!(
        not_a_reference(&err),
        (
            0..8,
            "http://[",
            "http://[",
            ErrorKind::IpLiteral,
            8,
            "the expansion of the literal `http://[` (template bytes 0..8) is not a URI \
             reference: invalid IP literal at byte 8 of \"http://[\": expected IPv6address or \
             IPvFuture, found end of input"
                .to_string()
        )
    );
}

#[test]
fn the_part_named_is_the_one_that_wrote_the_rejected_byte() {
    // The `[` of `{+host}` opens an IP literal that the literal `/` cannot
    // continue: the grammar rejects the `/`, which the literal wrote.
    let vars = Variables::from([("host", "["), ("empty", ""), ("v", "value")]);
    let err = Template::parse("http://{+host}/")
        .unwrap()
        .expand(&vars)
        .unwrap_err();
    let (part, text, expansion, kind, offset, _) = not_a_reference(&err);
    assert_eq!(
        (part, text, expansion, kind, offset),
        (14..15, "/", "http://[/", ErrorKind::IpLiteral, 8)
    );
    // Where the grammar wants more at the end, the last part that wrote
    // anything is named (not `{empty}`, which wrote nothing).
    let err = Template::parse("http://{+host}{empty}")
        .unwrap()
        .expand(&vars)
        .unwrap_err();
    let (part, text, expansion, kind, offset, _) = not_a_reference(&err);
    assert_eq!(
        (part, text, expansion, kind, offset),
        (7..14, "{+host}", "http://[", ErrorKind::IpLiteral, 8)
    );
    // An empty expansion before a `:` leaves it first: a scheme with no
    // name, at byte 0, which the literal `:` wrote.
    let err = Template::parse("{+empty}:{v}")
        .unwrap()
        .expand(&vars)
        .unwrap_err();
    let (part, text, expansion, kind, offset, message) = not_a_reference(&err);
    assert_eq!(
        (part, text, expansion, kind, offset),
        (8..9, ":", ":value", ErrorKind::Scheme, 0)
    );
    assert_eq!(
        message,
        "the expansion of the literal `:` (template bytes 8..9) is not a URI reference: invalid \
         scheme at byte 0 of \":value\": expected a scheme before \":\" (ALPHA, then ALPHA, DIGIT, \
         \"+\", \"-\" or \".\"), found ':'"
    );
}

#[test]
fn a_long_expansion_is_quoted_around_the_byte() {
    let vars = Variables::new()
        .with("a", format!("#{}", "x".repeat(100)))
        .with("b", "#y");
    let err = Template::parse("{+a}{+b}")
        .unwrap()
        .expand(&vars)
        .unwrap_err();
    let (part, _, expansion, _, offset, message) = not_a_reference(&err);
    assert_eq!((part, expansion.len(), offset), (4..8, 103, 101));
    assert_eq!(
        message,
        format!(
            "the expansion of `{{+b}}` (template bytes 4..8) is not a URI reference: invalid \
             fragment at byte 101 of ...\"{}#y\": expected pchar, \"/\", \"?\" or end of input, \
             found '#'",
            "x".repeat(32)
        )
    );
}
