//! The character tables the build script derives from `uri.pest` (which
//! encoding, decoding, normalization, the builder and error diagnosis use
//! instead of copies of the RFC's classes) are each their rule: a character
//! is in a rule's table exactly when the rule matches that one character,
//! all of it. The judge is a parser pest_derive generates from `uri.pest`
//! here, with entry rules that anchor each rule at both ends.

// pest_derive's generated code uses `alloc` when pest is built without
// its `std` feature, as this crate builds it.
extern crate alloc;

use pest::Parser;
use rfc3986::__private::chars;
use rfc3986::__private::runtime::CharClass;

#[derive(pest_derive::Parser)]
#[grammar = "uri.pest"]
#[grammar_inline = r#"
whole_ALPHA = { SOI ~ ALPHA ~ EOI }
whole_DIGIT = { SOI ~ DIGIT ~ EOI }
whole_HEXDIG = { SOI ~ HEXDIG ~ EOI }
whole_unreserved = { SOI ~ unreserved ~ EOI }
whole_sub_delims = { SOI ~ sub_delims ~ EOI }
whole_gen_delims = { SOI ~ gen_delims ~ EOI }
whole_reserved = { SOI ~ reserved ~ EOI }
whole_pchar = { SOI ~ pchar ~ EOI }
whole_userinfo = { SOI ~ userinfo ~ EOI }
whole_reg_name = { SOI ~ reg_name ~ EOI }
whole_port = { SOI ~ port ~ EOI }
whole_segment = { SOI ~ segment ~ EOI }
whole_segment_nz = { SOI ~ segment_nz ~ EOI }
whole_segment_nz_nc = { SOI ~ segment_nz_nc ~ EOI }
whole_query = { SOI ~ query ~ EOI }
whole_fragment = { SOI ~ fragment ~ EOI }
"#]
struct Anchored;

/// Characters above ASCII that no rule of RFC 3986 takes.
const NON_ASCII: [char; 5] = ['\u{80}', '\u{e9}', '\u{ff}', '\u{2028}', '\u{1f600}'];

#[rstest::rstest]
#[case::alpha(Rule::whole_ALPHA, chars::ALPHA)]
#[case::digit(Rule::whole_DIGIT, chars::DIGIT)]
#[case::hexdig(Rule::whole_HEXDIG, chars::HEXDIG)]
#[case::unreserved(Rule::whole_unreserved, chars::unreserved)]
#[case::sub_delims(Rule::whole_sub_delims, chars::sub_delims)]
#[case::gen_delims(Rule::whole_gen_delims, chars::gen_delims)]
#[case::reserved(Rule::whole_reserved, chars::reserved)]
#[case::pchar(Rule::whole_pchar, chars::pchar)]
#[case::userinfo(Rule::whole_userinfo, chars::userinfo)]
#[case::reg_name(Rule::whole_reg_name, chars::reg_name)]
#[case::port(Rule::whole_port, chars::port)]
#[case::segment(Rule::whole_segment, chars::segment)]
#[case::segment_nz(Rule::whole_segment_nz, chars::segment_nz)]
#[case::segment_nz_nc(Rule::whole_segment_nz_nc, chars::segment_nz_nc)]
#[case::query(Rule::whole_query, chars::query)]
#[case::fragment(Rule::whole_fragment, chars::fragment)]
fn each_table_is_its_rule(#[case] rule: Rule, #[case] table: CharClass) {
    let mut members = 0;
    for c in (0..=0x7f_u8).map(char::from).chain(NON_ASCII) {
        let matches = Anchored::parse(rule, &c.to_string()).is_ok();
        assert_eq!(table.contains(c), matches, "{rule:?} and {c:?}");
        members += usize::from(matches);
    }
    assert!(members > 0, "{rule:?} takes no character");
}

/// The set the crate builds from them: the URI alphabet of section 2
/// (`unreserved`, `reserved` and the `%` of `pct-encoded`), which the
/// diagnosis uses to call a character invalid wherever it stands.
#[test]
fn the_uri_alphabet_is_unreserved_reserved_and_percent() {
    let members: String = (0..=0x7f_u8)
        .map(char::from)
        .chain(NON_ASCII)
        .filter(|&c| chars::URI.contains(c))
        .collect();
    assert_eq!(
        members,
        "!#$%&'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]_abcdefghijklmnopqrstuvwxyz~"
    );
}
