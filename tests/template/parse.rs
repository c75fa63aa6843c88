//! `Template::parse`: what each part of a template is read as (operators,
//! variables, prefixes, explode, literals), the errors of malformed
//! templates at their byte with their exact messages, the reserved
//! operators, and the compiled parser of `template.pest` against
//! pest_derive's on every spec template and thousands of damaged copies.

use pest::Parser;
use rfc3986::template::{Operator, Part, Template};
use rfc3986::{ErrorKind, TemplateParser, TemplateRule};
use rstest::rstest;

/// Each expression of `text` as (operator, [(name, prefix, explode)]).
#[allow(clippy::type_complexity)]
fn read(text: &str) -> Vec<(Operator, Vec<(String, Option<u16>, bool)>)> {
    let template = Template::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
    template
        .expressions()
        .map(|expression| {
            let vars = expression
                .varspecs()
                .map(|var| (var.name().to_string(), var.prefix(), var.explode()))
                .collect();
            (expression.operator(), vars)
        })
        .collect()
}

fn var(name: &str, prefix: Option<u16>, explode: bool) -> (String, Option<u16>, bool) {
    (name.to_string(), prefix, explode)
}

#[rstest]
#[case::simple("{var}", Operator::Simple)]
#[case::reserved("{+var}", Operator::Reserved)]
#[case::fragment("{#var}", Operator::Fragment)]
#[case::label("{.var}", Operator::Label)]
#[case::path_segment("{/var}", Operator::PathSegment)]
#[case::path_parameter("{;var}", Operator::PathParameter)]
#[case::query("{?var}", Operator::Query)]
#[case::query_continuation("{&var}", Operator::QueryContinuation)]
fn each_operator_is_read(#[case] text: &str, #[case] operator: Operator) {
    assert_eq!(read(text), [(operator, vec![var("var", None, false)])]);
    assert_eq!(
        operator.as_char(),
        text[1..].chars().next().filter(|c| *c != 'v')
    );
    assert_eq!(
        Operator::from_char(text.as_bytes()[1].into()),
        operator.as_char().map(|_| operator)
    );
}

#[test]
fn variables_prefixes_and_explode_are_read_in_order() {
    assert_eq!(
        read("x{+a}y{#b,c*}{.d:9999}{/e:1,f*}{;g}{?h,i}{&j}"),
        [
            (Operator::Reserved, vec![var("a", None, false)]),
            (
                Operator::Fragment,
                vec![var("b", None, false), var("c", None, true)]
            ),
            (Operator::Label, vec![var("d", Some(9999), false)]),
            (
                Operator::PathSegment,
                vec![var("e", Some(1), false), var("f", None, true)]
            ),
            (Operator::PathParameter, vec![var("g", None, false)]),
            (
                Operator::Query,
                vec![var("h", None, false), var("i", None, false)]
            ),
            (Operator::QueryContinuation, vec![var("j", None, false)]),
        ]
    );
}

#[rstest]
#[case::dotted("{a.b}", "a.b")]
#[case::underscore("{_}", "_")]
#[case::digits("{42}", "42")]
#[case::pct_encoded("{%41b}", "%41b")]
#[case::pct_encoded_after_dot("{a.%7E}", "a.%7E")]
#[case::mixed_case("{Var_1.x}", "Var_1.x")]
fn varnames_are_kept_as_written(#[case] text: &str, #[case] name: &str) {
    assert_eq!(
        read(text),
        [(Operator::Simple, vec![var(name, None, false)])]
    );
}

#[test]
fn a_label_operator_is_not_part_of_the_name() {
    assert_eq!(
        read("{.a}"),
        [(Operator::Label, vec![var("a", None, false)])]
    );
}

#[test]
fn ranges_and_texts_are_those_of_the_template() {
    let text = "/repos/{owner}/{repo}/issues{?state,labels*}";
    let template = Template::parse(text).unwrap();
    let expressions: Vec<_> = template.expressions().collect();
    assert_eq!(
        expressions
            .iter()
            .map(|e| (e.as_str(), e.range()))
            .collect::<Vec<_>>(),
        [
            ("{owner}", 7..14),
            ("{repo}", 15..21),
            ("{?state,labels*}", 28..44)
        ]
    );
    let vars: Vec<_> = template
        .varspecs()
        .map(|v| (v.name(), v.as_str(), v.range()))
        .collect();
    assert_eq!(
        vars,
        [
            ("owner", "owner", 8..13),
            ("repo", "repo", 16..20),
            ("state", "state", 30..35),
            ("labels", "labels*", 36..43),
        ]
    );
    for (name, _, range) in vars {
        assert!(text[range].starts_with(name));
    }
    assert_eq!(template.as_str(), text);
    assert_eq!(template.to_string(), text);
    assert_eq!(format!("{template:?}"), format!("Template({text:?})"));
}

#[rstest]
#[case::empty("", &[])]
#[case::literal_only("/a/b", &["L/a/b"])]
#[case::expression_only("{a}", &["E{a}"])]
#[case::adjacent("{a}{b}", &["E{a}", "E{b}"])]
#[case::around("x{a}y{b}z", &["Lx", "E{a}", "Ly", "E{b}", "Lz"])]
#[case::non_ascii("caf\u{e9}/{a}\u{e000}", &["Lcaf\u{e9}/", "E{a}", "L\u{e000}"])]
fn parts_cover_the_text_in_order(#[case] text: &str, #[case] parts: &[&str]) {
    let template = Template::parse(text).unwrap();
    let got: Vec<String> = template
        .parts()
        .map(|part| match part {
            Part::Literal(literal) => format!("L{literal}"),
            Part::Expression(expression) => format!("E{}", expression.as_str()),
        })
        .collect();
    assert_eq!(got, parts);
    assert_eq!(got.iter().map(|p| &p[1..]).collect::<String>(), text);
}

#[rstest]
#[case::unclosed_query("/search{?q", 10, "one of %*,.:_}, ALPHA or DIGIT", None)]
#[case::unclosed("{var", 4, "one of %*,.:_}, ALPHA or DIGIT", None)]
#[case::empty_expression("{}", 1, "one of !#%&+,./;=?@_|, ALPHA or DIGIT", Some('}'))]
#[case::lone_open_brace("{", 1, "one of !#%&+,./;=?@_|, ALPHA or DIGIT", None)]
#[case::nested_braces("{{a}}", 1, "one of !#%&+,./;=?@_|, ALPHA or DIGIT", Some('{'))]
#[case::operator_without_variable("{+}", 2, r#""%", "_", ALPHA or DIGIT"#, Some('}'))]
#[case::space_in_expression("{a b}", 2, "one of %*,.:_}, ALPHA or DIGIT", Some(' '))]
#[case::pipe_after_name("{a|b}", 2, "one of %*,.:_}, ALPHA or DIGIT", Some('|'))]
#[case::trailing_dot("{a.}", 3, r#""%", "_", ALPHA or DIGIT"#, Some('}'))]
#[case::double_dot("{a..b}", 3, r#""%", "_", ALPHA or DIGIT"#, Some('.'))]
#[case::trailing_comma("{a,}", 3, r#""%", "_", ALPHA or DIGIT"#, Some('}'))]
#[case::hyphen_name("{-a}", 1, "one of !#%&+,./;=?@_|, ALPHA or DIGIT", Some('-'))]
#[case::reserved_after_comma("{a}{b,=c}", 6, r#""%", "_", ALPHA or DIGIT"#, Some('='))]
#[case::bad_pct_in_name("{a%2}", 4, "HEXDIG", Some('}'))]
#[case::max_length_zero("{a:0}", 3, "'1'..'9'", Some('0'))]
#[case::max_length_missing("{a:}", 3, "'1'..'9'", Some('}'))]
#[case::max_length_five_digits("{a:10000}", 7, r#""," or "}""#, Some('0'))]
#[case::prefix_then_explode("{a:5*}", 4, r#"",", "}" or DIGIT"#, Some('*'))]
#[case::explode_then_prefix("{a*:5}", 3, r#""," or "}""#, Some(':'))]
#[case::pct_not_hex("%zz", 1, "HEXDIG", Some('z'))]
#[case::pct_cut_short("%4", 2, "HEXDIG", None)]
fn malformed_templates_fail_at_their_byte(
    #[case] text: &str,
    #[case] offset: usize,
    #[case] expected: &str,
    #[case] found: Option<char>,
) {
    let err = Template::parse(text).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset(), err.expected(), err.found()),
        (ErrorKind::Template, offset, expected, found)
    );
    let found = found.map_or("end of input".to_string(), |c| format!("{c:?}"));
    assert_eq!(
        err.to_string(),
        format!("invalid URI template at byte {offset}: expected {expected}, found {found}")
    );
    assert!(!Template::is_valid(text));
}

/// Section 2.1's `literals` leaves out CTL, SP, DQUOTE, "'", "%" (but in
/// pct-encoded), "<", ">", "\", "^", "`", "{", "|" and "}".
#[rstest]
#[case::space(' ')]
#[case::dquote('"')]
#[case::apostrophe('\'')]
#[case::less_than('<')]
#[case::greater_than('>')]
#[case::backslash('\\')]
#[case::caret('^')]
#[case::backtick('`')]
#[case::pipe('|')]
#[case::close_brace('}')]
#[case::control('\u{1}')]
#[case::delete('\u{7f}')]
#[case::not_ucschar('\u{fffe}')]
fn characters_outside_literals_are_rejected(#[case] c: char) {
    let text = format!("/a{c}b");
    let err = Template::parse(text.as_str()).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset(), err.found()),
        (ErrorKind::Template, 2, Some(c))
    );
    assert_eq!(
        err.expected(),
        "one of !#$%&()*+,-./:;=?@[]_{~, a character of 19 ranges above ASCII, ALPHA or DIGIT"
    );
}

#[rstest]
#[case::every_ascii_literal("!#$&()*+,-./0123456789:;=?@ABCXYZ[]_abcxyz~")]
#[case::pct_encoded("%7B%7d%20")]
#[case::ucschar("caf\u{e9}/\u{4e2d}\u{1f600}")]
#[case::iprivate("\u{e000}\u{f8ff}\u{100000}")]
#[case::largest_max_length("{a:9999}")]
#[case::many_expressions("{a}{b}{c}{d}{e}{f}{g}{h}{i}{j}{k}{l}{m}{n}{o}{p}{q}{r}")]
fn valid_templates_are_accepted(#[case] text: &str) {
    assert!(Template::parse(text).is_ok(), "{text:?}");
    assert!(Template::is_valid(text));
}

#[rstest]
#[case::equals('=')]
#[case::comma(',')]
#[case::bang('!')]
#[case::at('@')]
#[case::pipe('|')]
fn reserved_operators_parse_and_are_rejected(#[case] operator: char) {
    let text = format!("/x{{a}}{{{operator}b}}");
    // The grammar takes them (`op-reserve`)...
    assert!(TemplateParser::parse(TemplateRule::uri_template_input, &text).is_ok());
    // ...and `Template::parse` rejects them, at the operator.
    let err = Template::parse(text.as_str()).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset(), err.found()),
        (ErrorKind::ReservedOperator, 6, Some(operator))
    );
    assert_eq!(
        err.to_string(),
        format!(
            r##"reserved template operator at byte 6: expected an operator ("+", "#", ".", "/", ";", "?" or "&") or a varname, found {operator:?}"##
        )
    );
    assert_eq!(Operator::from_char(operator), None);
}

#[test]
fn the_caret_form_points_at_the_byte() {
    let err = Template::parse("/users/{id/posts").unwrap_err();
    assert_eq!(err.offset(), 10);
    assert_eq!(
        format!("{err:#}").lines().skip(1).collect::<Vec<_>>(),
        ["  /users/{id/posts", "            ^"]
    );
}

#[test]
fn owned_and_shared_texts_are_kept_and_given_back() {
    let template: Template = Template::parse(String::from("/a/{b}")).unwrap();
    assert_eq!(template.as_str(), "/a/{b}");
    let err = Template::parse(String::from("/a/{b")).unwrap_err();
    assert_eq!(err.offset(), 5);
    assert_eq!(err.into_input(), "/a/{b");
    let shared = Template::parse(std::sync::Arc::<str>::from("{x}")).unwrap();
    assert_eq!(shared.varspecs().next().unwrap().name(), "x");
    let parsed: Template = "{x}".parse().unwrap();
    assert_eq!(parsed, shared);
    assert_ne!(parsed, Template::parse("{y}").unwrap());
    assert_eq!(parsed.borrowed().as_str(), "{x}");
    assert_eq!(Template::try_from("{z").unwrap_err().offset(), 2);
}

#[rstest]
#[case::literal("/static", 1)]
#[case::simple("{a}", 1)]
#[case::reserved("{+a}", 2)]
#[case::fragment("{#a}", 2)]
#[case::two_variables("{a,b}", 3)]
#[case::query("{?a}", 3)]
#[case::prefix("{a:3}", 4)]
#[case::explode("{/a*}", 4)]
fn levels_are_those_of_section_1_2(#[case] text: &str, #[case] level: u8) {
    assert_eq!(Template::parse(text).unwrap().level(), level);
}

/// The templates of the two spec example files.
fn spec_templates() -> Vec<String> {
    let mut templates = Vec::new();
    for file in ["spec-examples.json", "spec-examples-by-section.json"] {
        let path = format!("{}/tests/template/data/{file}", env!("CARGO_MANIFEST_DIR"));
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        for group in json.as_object().unwrap().values() {
            for case in group["testcases"].as_array().unwrap() {
                templates.push(case[0].as_str().unwrap().to_string());
            }
        }
    }
    templates
}

/// The compiled parser of `template.pest` gives what pest_derive's gives
/// (verdict, pairs, the record of a failure, and the error) on every
/// spec template and on damaged copies of each: every byte removed, and
/// every byte replaced by each of a set of characters that the grammar
/// treats differently (delimiters of expressions, operators, modifiers,
/// characters outside `literals`, `%`, above ASCII). The set covers each
/// class of byte the grammar's first sets tell apart, so every choice of
/// the grammar is entered with each alternative's first byte and without.
#[test]
fn the_compiled_parser_agrees_with_pest_derives() {
    rfc3986::__private::error_detail();
    let replacements = [
        '{', '}', ',', '*', ':', '.', '%', '+', '=', '|', '\'', ' ', '9', '0', 'a', '\u{e9}',
    ];
    let mut inputs = spec_templates();
    assert_eq!(inputs.len(), 64 + 117);
    let originals = inputs.clone();
    for text in &originals {
        for (i, _) in text.char_indices() {
            let next = text[i..].chars().next().map_or(0, char::len_utf8);
            inputs.push(format!("{}{}", &text[..i], &text[i + next..]));
            for c in replacements {
                inputs.push(format!("{}{c}{}", &text[..i], &text[i + next..]));
            }
        }
    }
    let mut rejected = 0;
    for input in &inputs {
        if let Err(difference) = rfc3986::__private::compare_template(input) {
            panic!("{difference}");
        }
        let pest = TemplateParser::parse(TemplateRule::uri_template_input, input).is_ok();
        let reserved = Template::parse(input.as_str())
            .err()
            .is_some_and(|e| e.kind() == ErrorKind::ReservedOperator);
        assert_eq!(Template::is_valid(input), pest && !reserved, "{input:?}");
        rejected += usize::from(!pest);
    }
    // Most damaged copies are rejected, and many are not.
    assert!(
        rejected > inputs.len() / 4 && rejected < inputs.len() * 3 / 4,
        "{rejected} of {}",
        inputs.len()
    );
}
