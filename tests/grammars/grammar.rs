//! `uri.pest` is RFC 3986 Appendix A transcribed rule by rule. These tests
//! read the file itself so that it cannot drift from the RFC: every rule is
//! there, in the Appendix's order, with its ABNF quoted above it.

use pest::Parser;
use rfc3986::{Rule, Uri, UriParser};

const GRAMMAR: &str = include_str!("../../uri.pest");

/// Appendix A's rules in its order (RFC names), then the RFC 5234 core
/// rules the grammar uses.
const APPENDIX_A: [&str; 39] = [
    "URI-reference",
    "URI",
    "absolute-URI",
    "relative-ref",
    "relative-part",
    "scheme",
    "hier-part",
    "query",
    "fragment",
    "authority",
    "path",
    "path-abempty",
    "path-absolute",
    "path-noscheme",
    "path-rootless",
    "path-empty",
    "pchar",
    "userinfo",
    "host",
    "port",
    "segment",
    "segment-nz",
    "segment-nz-nc",
    "IP-literal",
    "IPv4address",
    "reg-name",
    "IPv6address",
    "IPvFuture",
    "dec-octet",
    "ls32",
    "h16",
    "pct-encoded",
    "unreserved",
    "reserved",
    "gen-delims",
    "sub-delims",
    "ALPHA",
    "DIGIT",
    "HEXDIG",
];

/// The rules defined in the grammar, in order, each with the `///` doc
/// comment lines just above it.
fn definitions() -> Vec<(String, Vec<String>)> {
    let mut rules = Vec::new();
    let mut docs = Vec::new();
    for line in GRAMMAR.lines() {
        if let Some(doc) = line.strip_prefix("///") {
            docs.push(doc.trim().to_string());
        } else if let Some((name, _)) = line.split_once(" = ") {
            if !name.starts_with(' ') && !name.starts_with("//") {
                rules.push((name.to_string(), std::mem::take(&mut docs)));
            }
        } else if !line.starts_with("//") {
            docs.clear();
        }
    }
    rules
}

#[test]
fn every_appendix_a_rule_is_defined_in_order() {
    let defined: Vec<String> = definitions().into_iter().map(|(name, _)| name).collect();
    let expected: Vec<String> = APPENDIX_A
        .iter()
        .map(|name| name.replace('-', "_"))
        .collect();
    assert_eq!(defined[..expected.len()], expected[..]);
}

#[test]
fn every_appendix_a_rule_quotes_its_abnf() {
    let definitions = definitions();
    for (rfc_name, (pest_name, docs)) in APPENDIX_A.iter().zip(&definitions) {
        let first = docs
            .first()
            .unwrap_or_else(|| panic!("{pest_name} has no /// comment"));
        assert!(
            first.starts_with(&format!("{rfc_name} =")),
            "the comment on {pest_name} should quote `{rfc_name} = ...`, not `{first}`"
        );
    }
}

/// After the RFC's rules come only the rules of IPv6address's rewrite and
/// the entry points.
#[test]
fn rules_after_appendix_a_are_ipv6_tails_and_entry_points() {
    let definitions = definitions();
    let extra: Vec<&str> = definitions[APPENDIX_A.len()..]
        .iter()
        .map(|(name, _)| name.as_str())
        .collect();
    assert_eq!(
        extra,
        [
            "IPv6_tail_7",
            "IPv6_tail_6",
            "IPv6_tail_5",
            "IPv6_tail_4",
            "IPv6_tail_3",
            "IPv6_tail_2",
            "uri_reference_input",
            "uri_input"
        ]
    );
}

/// The rules that a comment starting with `marker` comes before.
fn marked(marker: &str) -> Vec<String> {
    let mut marked = Vec::new();
    let mut pending = false;
    for line in GRAMMAR.lines() {
        if line.starts_with(marker) {
            pending = true;
        } else if let Some((name, _)) = line.split_once(" = ") {
            if pending && !line.starts_with("//") {
                marked.push(name.to_string());
                pending = false;
            }
        }
    }
    marked
}

/// The places where PEG needs the ABNF written differently say so, and so
/// does the one rule written differently to be faster, IPv6address, with
/// the rules of its rewrite (`ipv6.rs` holds it to the RFC's alternatives).
/// The compiled parser did not need the other rewrites pest_derive's did
/// (see the header of `uri.pest`).
#[test]
fn deviations_are_marked() {
    assert_eq!(marked("// PEG:"), ["path", "host", "dec_octet"]);
    assert_eq!(marked("// PERF:"), ["IPv6address", "IPv6_tail_7"]);
}

/// The character-class rules accept exactly the characters the RFC lists
/// (section 2 and Appendix A).
#[rstest::rstest]
#[case::alpha(Rule::ALPHA, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")]
#[case::digit(Rule::DIGIT, "0123456789")]
#[case::hexdig(Rule::HEXDIG, "0123456789ABCDEFabcdef")]
#[case::unreserved(
    Rule::unreserved,
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
)]
#[case::sub_delims(Rule::sub_delims, "!$&'()*+,;=")]
#[case::gen_delims(Rule::gen_delims, ":/?#[]@")]
#[case::reserved(Rule::reserved, ":/?#[]@!$&'()*+,;=")]
#[case::pchar(
    Rule::pchar,
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@"
)]
#[case::segment_nz_nc(
    Rule::segment_nz_nc,
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=@"
)]
fn character_classes(#[case] rule: Rule, #[case] members: &str) {
    let non_ascii = ['\u{80}', '\u{e9}', '\u{ff}', '\u{2028}', '\u{1f600}'];
    for c in (0..=0x7f_u8).map(char::from).chain(non_ascii) {
        let accepted = UriParser::parse(rule, &c.to_string()).is_ok();
        assert_eq!(accepted, members.contains(c), "{rule:?} and {c:?}");
    }
}

/// ABNF string literals are case-insensitive (RFC 5234 section 2.3).
#[test]
fn abnf_literals_are_case_insensitive() {
    for host in ["[v1.x]", "[V1.x]", "[vAbC.x]", "[::aBcD]", "[ABCD::EF]"] {
        let input = format!("http://{host}/");
        let uri = Uri::parse(&input).unwrap();
        assert_eq!(uri.host_str(), Some(host));
        assert_eq!(uri.to_string(), input);
    }
    assert_eq!(
        Uri::parse("http://a/%aF%Af").unwrap().to_string(),
        "http://a/%aF%Af"
    );
}

/// The parse tree has a pair for each component the lowering reads, not
/// one per character.
#[test]
fn parse_tree_has_a_handful_of_pairs() {
    let count = |input: &str| {
        UriParser::parse(Rule::uri_reference_input, input)
            .unwrap()
            .flatten()
            .count()
    };
    let long_path = format!("http://example.com/{}", "segment/".repeat(1000));
    assert_eq!(
        count("foo://example.com:8042/over/there?name=ferret#nose"),
        8
    );
    assert_eq!(count(&long_path), count("http://example.com/a"));
    assert_eq!(count("urn:example:animal:ferret:nose"), 3);
    assert_eq!(count("//[2001:db8::7]/"), 5);
}

/// Each rule can be used on its own, and the `path` rule, which no other
/// rule uses, takes a whole path of each of the five forms. (`path` is
/// silent: what it yields is the pair of the form that matched.)
#[rstest::rstest]
#[case::abempty("/a//b", Rule::path_abempty)]
#[case::abempty_root("/", Rule::path_abempty)]
#[case::absolute("/a/b", Rule::path_abempty)]
#[case::noscheme("a/b:c", Rule::path_noscheme)]
#[case::rootless("a:b/c", Rule::path_rootless)]
#[case::empty("", Rule::path_abempty)]
fn path_rule_matches_whole_paths(#[case] path: &str, #[case] form: Rule) {
    let pairs = UriParser::parse(Rule::path, path).unwrap();
    assert_eq!(pairs.as_str(), path);
    assert_eq!(pairs.clone().next().unwrap().as_rule(), form);
}

#[test]
fn ipv4address_takes_exactly_the_dec_octets() {
    let ipv4 =
        |s: &str| UriParser::parse(Rule::IPv4address, s).is_ok_and(|pairs| pairs.as_str() == s);
    for n in 0..1000 {
        for text in [format!("{n}"), format!("0{n}"), format!("00{n}")] {
            let is_dec_octet = n <= 255 && text == n.to_string();
            for address in [
                format!("{text}.0.0.0"),
                format!("0.{text}.0.0"),
                format!("0.0.{text}.0"),
                format!("0.0.0.{text}"),
            ] {
                assert_eq!(ipv4(&address), is_dec_octet, "{address}");
            }
        }
    }
}
