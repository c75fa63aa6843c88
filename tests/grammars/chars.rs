//! The character tables the build script derives from `uri.pest` (which
//! encoding, decoding, normalization, the builder and error diagnosis use
//! instead of copies of the RFC's classes) are each their rule: a character
//! is in a rule's table exactly when the rule matches that one character,
//! all of it. The judge is a parser pest_derive generates from `uri.pest`
//! here, with entry rules that anchor each rule at both ends.

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

/// The same for the tables of `iri.pest` (built on `uri.pest`), on ASCII
/// and on the ends of every range of `ucschar` and `iprivate` and the code
/// points just outside them.
mod iri {
    use pest::Parser;
    use rfc3986::__private::iri_chars as chars;
    use rfc3986::__private::runtime::CharClass;

    #[derive(pest_derive::Parser)]
    #[grammar = "uri.pest"]
    #[grammar = "iri.pest"]
    #[grammar_inline = r#"
whole_ucschar = { SOI ~ ucschar ~ EOI }
whole_iprivate = { SOI ~ iprivate ~ EOI }
whole_iunreserved = { SOI ~ iunreserved ~ EOI }
whole_ipchar = { SOI ~ ipchar ~ EOI }
whole_iuserinfo = { SOI ~ iuserinfo ~ EOI }
whole_ireg_name = { SOI ~ ireg_name ~ EOI }
whole_isegment = { SOI ~ isegment ~ EOI }
whole_isegment_nz = { SOI ~ isegment_nz ~ EOI }
whole_isegment_nz_nc = { SOI ~ isegment_nz_nc ~ EOI }
whole_iquery = { SOI ~ iquery ~ EOI }
whole_ifragment = { SOI ~ ifragment ~ EOI }
whole_bidi_formatting = { SOI ~ bidi_formatting ~ EOI }
"#]
    struct Anchored;

    /// The range ends of section 2.2 and their neighbours, and the seven
    /// characters of section 4.1 and theirs.
    fn samples() -> Vec<char> {
        let ends = [
            0xA0, 0xD7FF, 0xF900, 0xFDCF, 0xFDF0, 0xFFEF, 0x10000, 0x1FFFD, 0x20000, 0x2FFFD,
            0x30000, 0x3FFFD, 0x40000, 0x4FFFD, 0x50000, 0x5FFFD, 0x60000, 0x6FFFD, 0x70000,
            0x7FFFD, 0x80000, 0x8FFFD, 0x90000, 0x9FFFD, 0xA0000, 0xAFFFD, 0xB0000, 0xBFFFD,
            0xC0000, 0xCFFFD, 0xD0000, 0xDFFFD, 0xE1000, 0xEFFFD, 0xE000, 0xF8FF, 0xF0000, 0xFFFFD,
            0x100000, 0x10FFFD, 0x200E, 0x200F, 0x202A, 0x202E,
        ];
        let mut samples: Vec<char> = (0..=0x7f_u8).map(char::from).collect();
        for end in ends {
            for code in [end - 1, end, end + 1] {
                samples.extend(char::from_u32(code));
            }
        }
        samples
    }

    #[rstest::rstest]
    #[case::ucschar(Rule::whole_ucschar, chars::ucschar)]
    #[case::iprivate(Rule::whole_iprivate, chars::iprivate)]
    #[case::iunreserved(Rule::whole_iunreserved, chars::iunreserved)]
    #[case::ipchar(Rule::whole_ipchar, chars::ipchar)]
    #[case::iuserinfo(Rule::whole_iuserinfo, chars::iuserinfo)]
    #[case::ireg_name(Rule::whole_ireg_name, chars::ireg_name)]
    #[case::isegment(Rule::whole_isegment, chars::isegment)]
    #[case::isegment_nz(Rule::whole_isegment_nz, chars::isegment_nz)]
    #[case::isegment_nz_nc(Rule::whole_isegment_nz_nc, chars::isegment_nz_nc)]
    #[case::iquery(Rule::whole_iquery, chars::iquery)]
    #[case::ifragment(Rule::whole_ifragment, chars::ifragment)]
    #[case::bidi_formatting(Rule::whole_bidi_formatting, chars::bidi_formatting)]
    fn each_table_is_its_rule(#[case] rule: Rule, #[case] table: CharClass) {
        let mut members = 0;
        for c in samples() {
            let matches = Anchored::parse(rule, &c.to_string()).is_ok();
            assert_eq!(table.contains(c), matches, "{rule:?} and {c:?}");
            members += usize::from(matches);
        }
        assert!(members > 0, "{rule:?} takes no character");
    }
}
