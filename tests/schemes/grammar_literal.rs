//! Literals of users' grammars (`#[literal_macro = "..."]`): the check a
//! literal's macro runs when it expands ([`GrammarLiteral`], with the
//! generator's interpreter of the grammar) against `Grammar::parse` of the
//! same text, on every input of the derive's comparisons with pest_derive
//! (`derive.rs`) and of the s3 and RFC 6874 grammars: the verdict, the
//! generic reference's bounds, the pairs, and for a rejected input the
//! error's offset and message; and the value a literal makes
//! (`Parsed::__from_literal`) against the parse's, accessor by accessor.
//! Then the macros themselves, in `const`, `static` and expressions.

use std::fmt::Debug;
use std::path::Path;

use rfc3986::__private::runtime::Node;
use rfc3986::__private::{
    raw_bounds, CompiledGrammar, GrammarFacts, GrammarLiteral, GrammarMatcher, LiteralError,
    NamedRule,
};
use rfc3986::schemes::{Grammar, Parsed, SchemeError};
use rfc3986_generator::interpret::Interpreter;
use rfc3986_generator::literal::fingerprint;
use rfc3986_generator::{literal_facts, Base, DeriveInput, GrammarSource};

use super::derive::{
    inputs, postgresql, postgresql_inputs, redis, redis_inputs, s3, s3_inputs, ssh, ssh_inputs,
    tel, tel_inputs, wiki, wiki_inputs,
};

pub(super) mod zone {
    #[derive(rfc3986::Grammar)]
    #[grammar = "examples/zone/rfc6874.pest"]
    #[scheme = "RFC 6874"]
    #[literal_macro = "zone"]
    pub struct Rfc6874;
}

/// The interpreter, as rfc3986-macros runs it.
struct Interpreted(Interpreter<NamedRule>);

impl GrammarMatcher for Interpreted {
    fn parse<'i>(
        &self,
        rule: NamedRule,
        input: &'i str,
    ) -> Result<(pest::iterators::Pairs<'i, NamedRule>, usize), pest::error::Error<NamedRule>> {
        self.0.parse_with_end(rule.name(), input)
    }
}

/// The checker of literals of the grammar `G`, derived with the
/// attributes `files`, `base` and `scheme`, from what the derive hands its
/// literal macro; which must be what it handed `G`'s, whose fingerprint
/// its `Rule` holds (`expected`).
fn checker<G: Grammar>(
    expected: u64,
    name: &str,
    files: &[&str],
    base: Base,
    scheme: Option<&str>,
) -> GrammarLiteral<Interpreted> {
    let input = DeriveInput {
        name: name.to_string(),
        sources: files
            .iter()
            .map(|file| GrammarSource::File(file.to_string()))
            .collect(),
        base,
        scheme: scheme.map(str::to_string),
        literal_macro: Some("unused".to_string()),
    };
    let (facts, text) = literal_facts(&input, Path::new(env!("CARGO_MANIFEST_DIR"))).unwrap();
    assert_eq!(
        fingerprint(&facts.to_text(), &text),
        expected,
        "{name}: not what the derive handed the macro"
    );
    let of = GrammarFacts {
        scheme: facts.scheme.clone(),
        iri: facts.iri,
        extends_base: facts.extends_base,
        rules: facts.rules.clone(),
        static_reading: facts.static_reading.clone(),
        pairs_nest: facts.pairs_nest.clone(),
    };
    let literal = GrammarLiteral::new(&of, |rule| {
        Interpreter::new(&text, |name| rule(name).expect("a rule of the facts"))
            .map(Interpreted)
            .map_err(|errors| format!("{errors:?}"))
    })
    .unwrap();
    // The rules are `G::Rule`'s, each the RFC rule it is, in the order of
    // its variants (pest sorts the rules of an error by it).
    let all = <G::Compiled as CompiledGrammar>::RULES;
    assert_eq!(literal.rules().len(), all.len(), "{name}");
    for named in literal.rules() {
        let rule = rule_of::<G>(*named);
        assert_eq!(named.role(), rule.role(), "{name}: {rule:?}");
        for other in literal.rules() {
            assert_eq!(named.cmp(other), rule.cmp(&rule_of::<G>(*other)), "{name}");
        }
    }
    literal
}

/// The rule of `G` that `named` stands for: the one of its name.
fn rule_of<G: Grammar>(named: NamedRule) -> G::Rule {
    *<G::Compiled as CompiledGrammar>::RULES
        .iter()
        .find(|rule| format!("{rule:?}") == named.name())
        .unwrap_or_else(|| panic!("no rule {named:?}"))
}

use rfc3986::UriRule as _;

/// How many inputs each outcome had.
#[derive(Debug, Default)]
struct Outcomes {
    accepted: usize,
    syntax: usize,
    scheme: usize,
    reading: usize,
}

/// Checks every input from every entry with `literal` and with `G::parse`:
/// the same outcome, and for an accepted input a literal value equal to
/// the parse's.
fn agree<G: Grammar>(
    literal: &GrammarLiteral<Interpreted>,
    entries: &[G::Rule],
    inputs: &[String],
) -> Outcomes {
    let mut outcomes = Outcomes::default();
    for &entry in entries {
        let named = literal.rule(&format!("{entry:?}")).unwrap();
        for input in inputs {
            let input = input.as_str();
            match (literal.check(named, input), G::parse(entry, input)) {
                (Ok(checked), Ok(parsed)) => {
                    outcomes.accepted += 1;
                    assert_eq!(checked.bounds, raw_bounds(parsed.uri()), "{input:?}");
                    let pairs: Vec<Node<G::Rule>> = checked
                        .pairs
                        .iter()
                        .map(|node| Node {
                            rule: rule_of::<G>(node.rule),
                            start: node.start,
                            end: node.end,
                        })
                        .collect();
                    let parse_pairs: Vec<Node<G::Rule>> = parsed
                        .pairs()
                        .iter()
                        .map(|pair| Node {
                            rule: pair.rule(),
                            start: pair.start(),
                            end: pair.end(),
                        })
                        .collect();
                    assert_eq!(pairs, parse_pairs, "{input:?} from {entry:?}");
                    same_value(
                        &Parsed::<G>::__from_literal(
                            Box::leak(input.into()),
                            checked.bounds,
                            Box::leak(pairs.into_boxed_slice()),
                        ),
                        &parsed,
                    );
                }
                (Err(LiteralError { offset, message }), Err(error)) => {
                    match error {
                        SchemeError::Syntax(_) => outcomes.syntax += 1,
                        SchemeError::Scheme(_) => outcomes.scheme += 1,
                        SchemeError::Reading(_) => outcomes.reading += 1,
                        _ => panic!("{input:?}: {error:?}"),
                    }
                    assert_eq!(
                        (offset, message),
                        (error.offset(), format!("{error:#}")),
                        "{input:?} from {entry:?}"
                    );
                }
                (checked, parsed) => {
                    panic!("{input:?} from {entry:?}: literal {checked:?}, parse {parsed:?}")
                }
            }
        }
    }
    outcomes
}

/// A literal's value reads as the parse's: the same `Debug`, text and
/// generic reference, and every rule's `get`, `all`, `span` and `spans`.
fn same_value<G: Grammar>(literal: &Parsed<'static, G>, parsed: &Parsed<'_, G>) {
    let input = parsed.as_str();
    assert_eq!(format!("{literal:?}"), format!("{parsed:?}"), "{input:?}");
    assert_eq!(literal.as_str(), input);
    assert_eq!(literal.pairs().len(), parsed.pairs().len(), "{input:?}");
    assert_eq!(literal.pairs().as_str(), parsed.pairs().as_str());
    let all = <G::Compiled as CompiledGrammar>::RULES;
    for &rule in all {
        assert_eq!(literal.get(rule), parsed.get(rule), "{input:?} {rule:?}");
        assert_eq!(literal.span(rule), parsed.span(rule), "{input:?} {rule:?}");
        assert!(literal.all(rule).eq(parsed.all(rule)), "{input:?} {rule:?}");
        assert_eq!(literal.pairs().find(rule), parsed.pairs().find(rule));
    }
    for window in all.windows(4) {
        let rules = [window[0], window[1], window[2], window[3]];
        assert_eq!(literal.spans(rules), parsed.spans(rules), "{input:?}");
    }
}

#[test]
fn redis_literals_are_its_parses() {
    let literal = checker::<redis::Redis>(
        redis::Rule::__RFC3986_LITERAL_FINGERPRINT,
        "Redis",
        &["examples/custom_scheme/redis.pest"],
        Base::Uri,
        None,
    );
    let inputs = redis_inputs();
    // `redis_URI` has no `EOI`: it matches a prefix, and the parse says
    // where the match ended.
    let outcomes = agree::<redis::Redis>(
        &literal,
        &[redis::Rule::redis_input, redis::Rule::redis_URI],
        &inputs,
    );
    assert!(
        outcomes.accepted > 400 && outcomes.scheme > 0 && outcomes.syntax > 0,
        "{outcomes:?}"
    );
}

#[test]
fn ssh_literals_are_its_parses() {
    let literal = checker::<ssh::Ssh>(
        ssh::Rule::__RFC3986_LITERAL_FINGERPRINT,
        "Ssh",
        &["tests/grammars/user/ssh.pest"],
        Base::Uri,
        None,
    );
    let inputs = ssh_inputs(3);
    use ssh::Rule;
    let outcomes = agree::<ssh::Ssh>(&literal, &[Rule::ssh_input, Rule::ssh_generic], &inputs);
    assert!(
        outcomes.accepted > 100 && outcomes.scheme > 0 && outcomes.syntax > 0,
        "{outcomes:?}"
    );
}

#[test]
fn iri_grammar_literals_are_its_parses() {
    let literal = checker::<wiki::Wiki>(
        wiki::Rule::__RFC3986_LITERAL_FINGERPRINT,
        "Wiki",
        &["tests/grammars/user/wiki.pest"],
        Base::Iri,
        None,
    );
    let pages = wiki_inputs(3);
    use wiki::Rule;
    let outcomes = agree::<wiki::Wiki>(&literal, &[Rule::wiki_input, Rule::wiki_generic], &pages);
    assert!(
        outcomes.accepted > 100 && outcomes.scheme > 0 && outcomes.syntax > 0,
        "{outcomes:?}"
    );

    let literal = checker::<postgresql::Postgresql>(
        postgresql::Rule::__RFC3986_LITERAL_FINGERPRINT,
        "Postgresql",
        &["tests/grammars/user/postgresql.pest"],
        Base::Iri,
        None,
    );
    let inputs = postgresql_inputs();
    let outcomes =
        agree::<postgresql::Postgresql>(&literal, &[postgresql::Rule::postgresql_input], &inputs);
    assert!(
        outcomes.accepted > 50 && outcomes.scheme > 0,
        "{outcomes:?}"
    );
}

/// tel's grammar reads a raw `#` as part of a number, where RFC 3986
/// starts a fragment: such a literal is refused as the parse refuses it.
#[test]
fn tel_literals_are_its_parses_two_readings_included() {
    let literal = checker::<tel::Tel>(
        tel::Rule::__RFC3986_LITERAL_FINGERPRINT,
        "Tel",
        &["tests/grammars/user/tel.pest"],
        Base::Uri,
        None,
    );
    let inputs = tel_inputs();
    let outcomes = agree::<tel::Tel>(&literal, &[tel::Rule::tel_input], &inputs);
    assert!(
        outcomes.accepted > 100 && outcomes.reading > 0 && outcomes.scheme > 0,
        "{outcomes:?}"
    );
}

/// s3's bucket is a rule of its own: the parse reads the generic
/// reference with a second, generic parse.
#[test]
fn s3_literals_are_its_parses() {
    let literal = checker::<s3::S3>(
        s3::Rule::__RFC3986_LITERAL_FINGERPRINT,
        "S3",
        &["tests/grammars/user/s3.pest"],
        Base::Uri,
        None,
    );
    let inputs = s3_inputs();
    let outcomes = agree::<s3::S3>(&literal, &[s3::Rule::s3_input], &inputs);
    assert!(
        outcomes.accepted > 100 && outcomes.scheme > 0,
        "{outcomes:?}"
    );
}

/// RFC 6874's grammar extends uri.pest's `IP_literal`: its literals hold a
/// zone the generic grammar refuses, and every error is the grammar's own.
#[test]
fn zone_literals_are_its_parses() {
    let literal = checker::<zone::Rfc6874>(
        zone::Rule::__RFC3986_LITERAL_FINGERPRINT,
        "Rfc6874",
        &["examples/zone/rfc6874.pest"],
        Base::Uri,
        Some("RFC 6874"),
    );
    let inputs = inputs(
        &["http://[fe80::1", "//[::", "x://[v1.a", "http://h"],
        &["%25", "eth0", "]", ":", "1", "%", "/", "a"],
        4,
    );
    let outcomes = agree::<zone::Rfc6874>(&literal, &[zone::Rule::zone_reference_input], &inputs);
    assert!(
        outcomes.accepted > 100 && outcomes.scheme > 100 && outcomes.syntax == 0,
        "{outcomes:?}"
    );
}

/// The expansion names the rules through the path the literal was given.
#[test]
fn the_expansion_is_the_constructor_call() {
    let literal = checker::<redis::Redis>(
        redis::Rule::__RFC3986_LITERAL_FINGERPRINT,
        "Redis",
        &["examples/custom_scheme/redis.pest"],
        Base::Uri,
        None,
    );
    let expansion = literal
        .expansion("crate::redis::Rule", "redis_input", "redis://h/2")
        .unwrap();
    assert!(
        expansion.starts_with("crate::redis::Rule::__rfc3986_literal(\"redis://h/2\", ["),
        "{expansion}"
    );
    assert!(
        expansion.contains("Node { rule: crate::redis::Rule::r#db_number, start: 10, end: 11 }"),
        "{expansion}"
    );
    assert_eq!(
        literal.expansion("Rule", "nope", "redis://h/2"),
        Err(LiteralError {
            offset: 0,
            message: "the grammar has no rule `nope`".to_string()
        })
    );
}

// The macros themselves: a literal of each grammar, in a `const`, a
// `static` and an expression, read as a parse of its text.

const CACHE: Parsed<'static, redis::Redis> = redis::redis!(
    redis::Rule::redis_input,
    "redis://:secret@cache.example:6380/2"
);
static REPO: Parsed<'static, ssh::Ssh> =
    ssh::ssh!(ssh::Rule::ssh_input, "ssh://git@example.com:2222/repo.git");
const PAGE: Parsed<'static, wiki::Wiki> =
    wiki::wiki!(wiki::Rule::wiki_input, "wiki://de.example/Straße");
const LINK_LOCAL: Parsed<'static, zone::Rfc6874> = zone::zone!(
    zone::Rule::zone_reference_input,
    "http://[fe80::1%25eth0]:8080/"
);

#[test]
fn literals_of_derived_grammars_in_const_static_and_expressions() {
    use redis::RedisRules as _;
    same_value(
        &CACHE,
        &redis::Redis::parse(redis::Rule::redis_input, CACHE.as_str()).unwrap(),
    );
    assert_eq!(CACHE.db_number(), Some("2"));
    assert_eq!(CACHE.uri().port(), Some(6380));
    assert_eq!(CACHE.get(redis::Rule::password), Some("secret"));

    same_value(
        &REPO,
        &ssh::Ssh::parse(ssh::Rule::ssh_input, REPO.as_str()).unwrap(),
    );
    assert_eq!(REPO.get(ssh::Rule::host), Some("example.com"));

    let page = PAGE;
    let iri: &rfc3986::Iri<&str> = page.iri();
    assert_eq!(iri.path(), "/Straße");
    same_value(
        &PAGE,
        &wiki::Wiki::parse(wiki::Rule::wiki_input, PAGE.as_str()).unwrap(),
    );

    assert_eq!(
        LINK_LOCAL.uri().host(),
        Some(rfc3986::Host::Ipv6Zoned {
            address: std::net::Ipv6Addr::new(0xfe80, 0, 0, 0, 0, 0, 0, 1),
            zone: "eth0"
        })
    );

    // In an expression, with the type inferred from the rule; a rule
    // named by a keyword; tel's parse with a second, generic parse.
    let number = tel::tel!(tel::Rule::tel_input, "tel:+1-201-555-0123;ext=7");
    assert_eq!(number.get(tel::Rule::ext), Some("7"));
    same_value(
        &number,
        &tel::Tel::parse(tel::Rule::tel_input, number.as_str()).unwrap(),
    );
    let object = s3::s3!(s3::Rule::s3_input, "s3://my-bucket/a/b?versionId=3");
    assert_eq!(object.get(s3::Rule::bucket), Some("my-bucket"));
    same_value(
        &object,
        &s3::S3::parse(s3::Rule::s3_input, object.as_str()).unwrap(),
    );
}
