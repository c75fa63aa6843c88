//! The lowering's checks on parse trees that the crate's grammar never
//! makes: an edited or derived grammar whose pairs do not tile the input,
//! repeat a component, or hold a host outside an authority gets an error of
//! kind `Grammar` at the byte where the tree goes wrong, never an
//! inconsistent `Uri`. Both parsers reach the lowering; these go through
//! `parse_with` (pest_derive's parser of a grammar of the user's own).

use rfc3986::{parse_with, ErrorKind};
use rstest::rstest;

mod derived {
    use pest_derive::Parser;

    /// `uri.pest` plus entry rules whose trees break the lowering's rules.
    #[derive(Parser)]
    #[grammar = "../uri.pest"]
    #[grammar_inline = r##"
/// A query with no "?" before it.
no_delimiter = _{ SOI ~ path_empty ~ query ~ EOI }
/// Two queries.
repeated = _{ SOI ~ path_empty ~ "?" ~ query ~ "#" ~ query ~ EOI }
/// A host with no authority around it.
stray_host = _{ SOI ~ reg_name ~ path_empty ~ EOI }
/// A scheme followed by "/", not ":".
scheme_no_colon = _{ SOI ~ scheme ~ path_absolute ~ EOI }
/// A query and a fragment, neither after its delimiter: the first is
/// reported.
two_faults = _{ SOI ~ path_empty ~ query ~ "[" ~ fragment ~ EOI }
/// A fragment after "[", not "#".
fragment_fault = _{ SOI ~ path_empty ~ "?" ~ query ~ "[" ~ fragment ~ EOI }
/// A well-formed reference, for contrast.
fine = _{ SOI ~ URI_reference ~ EOI }
"##]
    pub struct Derived;

    rfc3986::impl_uri_rule!(Rule);
}

use derived::{Derived, Rule};

#[rstest]
#[case::query_without_its_delimiter(Rule::no_delimiter, "a", 0, r#""?" query after the path"#)]
#[case::component_twice(Rule::repeated, "?a#b", 3, "each component at most once")]
#[case::host_outside_an_authority(
    Rule::stray_host,
    "example.com",
    0,
    "host, userinfo and port inside an authority"
)]
#[case::scheme_without_its_colon(
    Rule::scheme_no_colon,
    "a/b",
    0,
    r#"the scheme and its ":" first"#
)]
#[case::fragment_without_its_delimiter(
    Rule::fragment_fault,
    "?a[b",
    2,
    r##""#" fragment after the query"##
)]
#[case::the_first_of_two_faults(Rule::two_faults, "a[b", 0, r#""?" query after the path"#)]
fn an_inconsistent_tree_is_a_grammar_error(
    #[case] entry: Rule,
    #[case] input: &str,
    #[case] offset: usize,
    #[case] expected: &str,
) {
    let error = parse_with::<Derived, Rule>(entry, input).unwrap_err();
    assert_eq!(
        (error.kind(), error.offset(), error.expected()),
        (ErrorKind::Grammar, offset, expected),
        "{input:?} from {entry:?}"
    );
}

#[test]
fn a_consistent_tree_of_the_same_grammar_lowers() {
    let uri = parse_with::<Derived, Rule>(Rule::fine, "http://h:8/p?q#f").unwrap();
    assert_eq!(
        (
            uri.host_str(),
            uri.port(),
            uri.path(),
            uri.query(),
            uri.fragment()
        ),
        (Some("h"), Some(8), "/p", Some("q"), Some("f"))
    );
}
