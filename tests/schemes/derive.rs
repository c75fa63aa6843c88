//! `#[derive(rfc3986::Grammar)]` on users' grammars, compared with
//! pest_derive's parser of the same files on the same generated inputs:
//! the verdict, the pairs, the record of a failure and the violation the
//! crate makes of it ([`compare_derived`]); and the generic reference of a
//! parse, which must be the generic parser's, whether it came from the same
//! parse or a second one, with the errors `parse_scheme` (the pest_derive
//! route) gives.
//!
//! The grammars: `redis` (`examples/custom_scheme/redis.pest`), an
//! ssh-like one whose scheme is a literal (`tests/grammars/user/ssh.pest`),
//! RFC 3966's `tel` and an S3 one whose bucket is a rule of its own
//! (`tel.pest`, `s3.pest`), and two on `iri.pest`
//! (`tests/grammars/user/wiki.pest` and `postgresql.pest`). The
//! `tests/grammars` conformance suite runs through the derive in
//! `tests/grammars/compiler.rs`.

use std::fmt::Debug;

use rfc3986::__private::{compare_derived, pest_violation};
use rfc3986::schemes::{parse_scheme, Grammar, SchemeError};
use rfc3986::{Iri, Uri};

pub(super) mod redis {
    pub mod derived {
        #[derive(pest_derive::Parser)]
        #[grammar = "uri.pest"]
        #[grammar = "examples/custom_scheme/redis.pest"]
        pub struct Redis;

        rfc3986::impl_uri_rule!(Rule);
    }

    #[derive(rfc3986::Grammar)]
    #[grammar = "examples/custom_scheme/redis.pest"]
    #[literal_macro = "redis"]
    pub struct Redis;
}

pub(super) mod ssh {
    pub mod derived {
        #[derive(pest_derive::Parser)]
        #[grammar = "uri.pest"]
        #[grammar = "tests/grammars/user/ssh.pest"]
        pub struct Ssh;

        rfc3986::impl_uri_rule!(Rule);
    }

    #[derive(rfc3986::Grammar)]
    #[grammar = "tests/grammars/user/ssh.pest"]
    #[literal_macro = "ssh"]
    pub struct Ssh;
}

pub(super) mod wiki {
    pub mod derived {
        #[derive(pest_derive::Parser)]
        #[grammar = "uri.pest"]
        #[grammar = "iri.pest"]
        #[grammar = "tests/grammars/user/wiki.pest"]
        pub struct Wiki;

        // The roles of iri.pest's rules, as the build script read them.
        rfc3986::__iri_rule_roles!(Rule);
    }

    #[derive(rfc3986::Grammar)]
    #[grammar = "tests/grammars/user/wiki.pest"]
    #[grammar_base = "iri"]
    #[literal_macro = "wiki"]
    pub struct Wiki;
}

pub(super) mod postgresql {
    pub mod derived {
        #[derive(pest_derive::Parser)]
        #[grammar = "uri.pest"]
        #[grammar = "iri.pest"]
        #[grammar = "tests/grammars/user/postgresql.pest"]
        pub struct Postgresql;

        // The roles of iri.pest's rules, as for `wiki`.
        rfc3986::__iri_rule_roles!(Rule);
    }

    #[derive(rfc3986::Grammar)]
    #[grammar = "tests/grammars/user/postgresql.pest"]
    #[grammar_base = "iri"]
    #[literal_macro = "postgresql"]
    pub struct Postgresql;
}

pub(super) mod tel {
    pub mod derived {
        #[derive(pest_derive::Parser)]
        #[grammar = "uri.pest"]
        #[grammar = "tests/grammars/user/tel.pest"]
        pub struct Tel;

        rfc3986::impl_uri_rule!(Rule);
    }

    #[derive(rfc3986::Grammar)]
    #[grammar = "tests/grammars/user/tel.pest"]
    #[literal_macro = "tel"]
    pub struct Tel;
}

pub(super) mod s3 {
    pub mod derived {
        #[derive(pest_derive::Parser)]
        #[grammar = "uri.pest"]
        #[grammar = "tests/grammars/user/s3.pest"]
        pub struct S3;

        rfc3986::impl_uri_rule!(Rule);
    }

    #[derive(rfc3986::Grammar)]
    #[grammar = "tests/grammars/user/s3.pest"]
    #[literal_macro = "s3"]
    pub struct S3;
}

/// Every string of up to `max_len` pieces of `alphabet` after each of
/// `prefixes`.
pub(super) fn inputs(prefixes: &[&str], alphabet: &[&str], max_len: usize) -> Vec<String> {
    let tails = crate::grammars::compiler::strings(alphabet, max_len);
    prefixes
        .iter()
        .flat_map(|prefix| tails.iter().map(move |tail| format!("{prefix}{tail}")))
        .collect()
}

/// The inputs the redis grammar is checked on.
pub(super) fn redis_inputs() -> Vec<String> {
    inputs(
        &["redis://", "REDIS://", "redis:/", "rediss://"],
        &["a", ":", "@", "/", "1", "%2", "[::1]", "?", " "],
        4,
    )
}

/// The inputs the ssh grammar is checked on: every string of up to
/// `max_len` pieces of its alphabet after each of its prefixes.
pub(super) fn ssh_inputs(max_len: usize) -> Vec<String> {
    inputs(
        &["ssh://", "SSH://", "ssh:", "ssh:/", "sftp://", "s:"],
        &["a", "@", ":", "/", "?", "#", "1", "[v1.x]", "%41", "é"],
        max_len,
    )
}

/// The inputs the wiki grammar is checked on: every string of up to
/// `max_len` pieces of its alphabet after each of its prefixes.
pub(super) fn wiki_inputs(max_len: usize) -> Vec<String> {
    inputs(
        &["wiki://", "WIKI://", "wiki:", "wiki:/"],
        &["a", "é", "/", ":", "@", "?", "#", "%C3%A9", "\u{202e}", " "],
        max_len,
    )
}

/// The inputs the s3 grammar is checked on.
pub(super) fn s3_inputs() -> Vec<String> {
    inputs(
        &[
            "s3://abc",
            "s3://my-bucket.x",
            "S3://a1b",
            "s3://1.2.3.4",
            "s3://xn--ab",
        ],
        &["/", "k", ".", "-", "?versionId=", "v", "%20", "#", "A"],
        3,
    )
}

/// The inputs the postgresql grammar is checked on.
pub(super) fn postgresql_inputs() -> Vec<String> {
    inputs(
        &[
            "postgresql://h/db",
            "postgresql://h:5432/db?",
            "postgresql:/",
        ],
        &["?", "ssl", "=", "&", "x", "_", "%41", "é", "#"],
        3,
    )
}

/// The inputs the tel grammar is checked on.
pub(super) fn tel_inputs() -> Vec<String> {
    inputs(
        &["tel:", "TEL:", "tel:+1", "tel:#"],
        &[
            "1",
            "-",
            "#",
            "?",
            ";phone-context=",
            "a.b",
            ";ext=",
            "+",
            "%23",
        ],
        3,
    )
}

/// The derive's rule named as pest_derive's `rule`.
fn same_rule<A: Debug, B: Copy + Debug>(rule: A, all: &[B]) -> B {
    let name = format!("{rule:?}");
    *all.iter()
        .find(|other| format!("{other:?}") == name)
        .unwrap_or_else(|| panic!("no rule {name}"))
}

/// Compares, on every input from every entry: the two parsers
/// ([`compare_derived`]); the derive's `parse` with the generic parser
/// (`generic`, `Uri::parse` or `Iri::parse`) and with `parse_scheme`'s
/// errors; `parse_pairs` with `parse`. Returns how many inputs `parse`
/// accepted, so that a test can check the inputs reach the grammar.
macro_rules! compare_grammar {
    ($module:ident :: $name:ident, $entries:expr, $inputs:expr, $generic:ident) => {{
        use $module::{derived, $name as G};
        type R = <G as Grammar>::Rule;
        let all: &[R] = <G as rfc3986::__private::CompiledGrammar>::RULES;
        let mut accepted = 0;
        for entry in $entries {
            let rule: R = same_rule(entry, all);
            for input in &$inputs {
                let input = input.as_str();
                if let Err(difference) = compare_derived::<derived::$name, G, _>(
                    G::SCHEME,
                    entry,
                    input,
                ) {
                    panic!("{difference}");
                }
                let parsed = G::parse(rule, input);
                match &parsed {
                    Ok(parsed) => {
                        accepted += 1;
                        let generic = $generic::<&str>::parse(input).unwrap_or_else(|e| {
                            panic!("{input:?} from {rule:?}: the derive accepts, the generic parser: {e}")
                        });
                        assert_eq!(
                            format!("{:?}", parsed.uri()),
                            format!("{generic:?}"),
                            "{input:?} from {rule:?}"
                        );
                        assert_eq!(parsed.uri().as_str(), input);
                        assert_eq!(parsed.uri().host_str(), generic.host_str());
                        assert_eq!(parsed.uri().port(), generic.port());
                        assert_eq!(parsed.uri().path(), generic.path());
                        let pairs = G::parse_pairs(rule, input).unwrap();
                        assert!(pairs.iter().eq(parsed.pairs().iter()), "{input:?}");
                        // `spans` gives `span` of each rule, every rule of
                        // the grammar four at a time, and a rule asked
                        // twice.
                        for window in all.windows(4) {
                            let rules = [window[0], window[1], window[2], window[0]];
                            assert_eq!(
                                parsed.spans(rules),
                                rules.map(|rule| parsed.span(rule)),
                                "{input:?}"
                            );
                        }
                    }
                    Err(SchemeError::Reading(conflict)) => {
                        // Read two ways: the pest_derive route finds the
                        // same pair across the same component.
                        let generic = $generic::<&str>::parse(input).unwrap_or_else(|e| {
                            panic!("{input:?} from {rule:?}: read two ways, not a reference: {e}")
                        });
                        assert!(
                            conflict.rule_span().start < conflict.component_span().start
                                || conflict.component_span().end < conflict.rule_span().end,
                            "{input:?} from {rule:?}: {conflict}"
                        );
                        assert!(generic.as_str().get(conflict.component_span()).is_some());
                        if stringify!($generic) == "Uri" {
                            let route = parse_scheme::<derived::$name, _>(G::SCHEME, entry, input)
                                .map(|_| ())
                                .unwrap_err();
                            assert_eq!(
                                parsed.as_ref().map(|_| ()).unwrap_err(),
                                &route,
                                "{input:?} from {rule:?}"
                            );
                        }
                    }
                    Err(error) => {
                        // The pest_derive route: the generic grammar first
                        // (URI or IRI), then pest_derive's parser and its
                        // violation.
                        let old = match $generic::<&str>::parse(input) {
                            Err(syntax) => SchemeError::Syntax(syntax),
                            Ok(_) => SchemeError::Scheme(pest_violation::<derived::$name, _>(
                                G::SCHEME, entry, input,
                            )),
                        };
                        assert_eq!(error, &old, "{input:?} from {rule:?}");
                        if stringify!($generic) == "Uri" {
                            let route = parse_scheme::<derived::$name, _>(G::SCHEME, entry, input)
                                .map(|_| ())
                                .unwrap_err();
                            assert_eq!(error, &route, "{input:?} from {rule:?}");
                        }
                    }
                }
            }
        }
        accepted
    }};
}

#[test]
fn redis_is_pest_derives() {
    let inputs = redis_inputs();
    let accepted = compare_grammar!(
        redis::Redis,
        [redis::derived::Rule::redis_input],
        inputs,
        Uri
    );
    assert!(accepted > 400, "{accepted}");
}

#[test]
fn ssh_is_pest_derives() {
    let inputs = ssh_inputs(4);
    use ssh::derived::Rule;
    let accepted = compare_grammar!(ssh::Ssh, [Rule::ssh_input, Rule::ssh_generic], inputs, Uri);
    assert!(accepted > 1000, "{accepted}");
}

#[test]
fn iri_grammar_is_pest_derives() {
    let inputs = wiki_inputs(4);
    use wiki::derived::Rule;
    let accepted = compare_grammar!(
        wiki::Wiki,
        [Rule::wiki_input, Rule::wiki_generic],
        inputs,
        Iri
    );
    assert!(accepted > 1000, "{accepted}");
}

/// s3's bucket is a rule of its own, whose pairs hold no generic
/// component: the generic reference comes from a second parse.
#[test]
fn s3_is_pest_derives() {
    let inputs = s3_inputs();
    let accepted = compare_grammar!(s3::S3, [s3::derived::Rule::s3_input], inputs, Uri);
    assert!(accepted > 100, "{accepted}");
}

/// The contract of the derive, as the guide shows it (docs/grammars.md).
#[test]
fn parse_gives_the_typed_uri_and_the_pairs() -> Result<(), SchemeError> {
    use ssh::{Rule, Ssh};
    let parsed = Ssh::parse(Rule::ssh_input, "ssh://git@example.com:2222/repo.git")?;
    let uri: &Uri<&str> = parsed.uri();
    assert_eq!(uri.scheme(), Some("ssh"));
    assert_eq!(uri.userinfo(), Some("git"));
    assert_eq!(uri.host_str(), Some("example.com"));
    assert_eq!(uri.port(), Some(2222));
    assert_eq!(uri.path(), "/repo.git");
    assert_eq!(parsed.get(Rule::ssh_user), Some("git"));
    assert_eq!(parsed.get(Rule::port), Some("2222"));
    assert_eq!(parsed.get(Rule::query), None);
    let pairs: Vec<(Rule, &str)> = parsed
        .pairs()
        .iter()
        .map(|pair| (pair.rule(), pair.as_str()))
        .collect();
    assert_eq!(
        pairs,
        [
            (Rule::ssh_URI, "ssh://git@example.com:2222/repo.git"),
            (Rule::ssh_user, "git"),
            (Rule::reg_name, "example.com"),
            (Rule::port, "2222"),
            (Rule::path_abempty, "/repo.git"),
            (Rule::EOI, ""),
        ]
    );

    let err = Ssh::parse(Rule::ssh_input, "ssh://example.com/a?b").unwrap_err();
    let SchemeError::Scheme(violation) = &err else {
        panic!("{err}")
    };
    assert_eq!((violation.scheme(), violation.offset()), ("ssh", 19));
    // Not a URI at all: the generic grammar says so first.
    let err = Ssh::parse(Rule::ssh_input, "ssh://a b/").unwrap_err();
    assert!(matches!(err, SchemeError::Syntax(_)), "{err}");

    // An IRI-based grammar gives an `Iri`.
    let parsed = wiki::Wiki::parse(wiki::Rule::wiki_input, "wiki://例え.jp/Café?x=é")?;
    let iri: &Iri<&str> = parsed.uri();
    assert_eq!(iri.host_str(), Some("例え.jp"));
    assert_eq!(parsed.get(wiki::Rule::wiki_title), Some("Café"));
    Ok(())
}

/// The derive declares the `Rule` pest_derive declares: the same variants
/// in the same order, so that errors list rules in the same order.
#[test]
fn rule_types_are_pest_derives() {
    fn names<R: Debug>(rules: &[R]) -> Vec<String> {
        rules.iter().map(|r| format!("{r:?}")).collect()
    }
    assert_eq!(
        names(ssh::Rule::all_rules()),
        names(ssh::derived::Rule::all_rules())
    );
    assert_eq!(
        names(wiki::Rule::all_rules()),
        names(wiki::derived::Rule::all_rules())
    );
}

/// The error is where the input stops matching, with what was expected
/// there: pest's own error names the `param` that began at byte 18; its
/// error detail, which the compiled parser counts too, sees that the
/// input goes on matching up to byte 25, where `=` (or more of the
/// name) was expected.
#[test]
fn an_error_is_where_the_input_stops_matching() {
    use postgresql::{Postgresql, Rule};
    let cases = [
        (
            "postgresql://h/db?sslmode",
            25,
            "param",
            "invalid postgresql URI at byte 25: expected \"=\", \"_\" or ALPHA in postgresql param, found end of input",
        ),
        (
            "postgresql://h/db?sslmode=require&x",
            35,
            "param",
            "invalid postgresql URI at byte 35: expected \"=\", \"_\" or ALPHA in postgresql param, found end of input",
        ),
        // Where no token gets further than the rule's failure, the error
        // names the rule.
        (
            "postgresql://h/db?=x",
            18,
            "param-name",
            "invalid postgresql URI at byte 18: expected postgresql param-name, found '='",
        ),
    ];
    for (input, offset, rule, message) in cases {
        let Err(SchemeError::Scheme(violation)) = Postgresql::parse(Rule::postgresql_input, input)
        else {
            panic!("{input}: not a violation");
        };
        assert_eq!(
            (
                violation.offset(),
                violation.rule(),
                violation.to_string().as_str()
            ),
            (offset, rule, message),
            "{input}"
        );
    }
}

#[test]
fn postgresql_is_pest_derives() {
    let inputs = postgresql_inputs();
    use postgresql::derived::Rule;
    let accepted = compare_grammar!(
        postgresql::Postgresql,
        [Rule::postgresql_input],
        inputs,
        Iri
    );
    assert!(accepted > 50, "{accepted}");
}

#[test]
fn tel_is_pest_derives() {
    let inputs = tel_inputs();
    use tel::derived::Rule;
    let accepted = compare_grammar!(tel::Tel, [Rule::tel_input], inputs, Uri);
    assert!(accepted > 100, "{accepted}");
}

/// RFC 3966 lets a local number hold a raw `#`, where RFC 3986 starts a
/// fragment: the grammar's pairs would say the number is `#21`, the
/// reference that the path is empty. The parse refuses it, naming both
/// readings; the pest_derive route (`parse_scheme`) says the same.
#[test]
fn a_grammar_that_reads_components_otherwise_is_refused() -> Result<(), SchemeError> {
    use tel::{Rule, Tel};
    let cases = [
        (
            "tel:#21;phone-context=example.com",
            "local-number-digits",
            4..7,
            rfc3986::Component::Fragment,
            5..33,
            4,
            "tel URI read two ways at byte 4: rule local-number-digits matches bytes 4..7, \
             but RFC 3986 reads the '#' at byte 4 as the start of the fragment (bytes 5..33); \
             a scheme's syntax is a subset of the generic syntax (RFC 3986, section 3.1)",
        ),
        (
            "tel:+1;isub=a?b",
            "isdn-subaddress",
            6..15,
            rfc3986::Component::Path,
            4..13,
            13,
            "tel URI read two ways at byte 13: rule isdn-subaddress matches bytes 6..15, \
             but RFC 3986 ends the path at byte 13; \
             a scheme's syntax is a subset of the generic syntax (RFC 3986, section 3.1)",
        ),
    ];
    for (input, rule, rule_span, component, component_span, offset, message) in cases {
        let err = Tel::parse(Rule::tel_input, input).unwrap_err();
        let SchemeError::Reading(conflict) = &err else {
            panic!("{input}: {err}")
        };
        assert_eq!(conflict.scheme(), "tel");
        assert_eq!(conflict.rule(), rule, "{input}");
        assert_eq!(conflict.rule_span(), rule_span, "{input}");
        assert_eq!(conflict.component(), component, "{input}");
        assert_eq!(conflict.component_span(), component_span, "{input}");
        assert_eq!(
            (conflict.offset(), err.offset()),
            (offset, offset),
            "{input}"
        );
        assert_eq!(err.to_string(), message);
        let route =
            parse_scheme::<tel::derived::Tel, _>("tel", tel::derived::Rule::tel_input, input)
                .map(|_| ())
                .unwrap_err();
        assert_eq!(route, err, "{input}");
    }
    let err = Tel::parse(Rule::tel_input, "tel:#21;phone-context=example.com").unwrap_err();
    assert_eq!(
        format!("{err:#}"),
        format!("{err}\n  tel:#21;phone-context=example.com\n      ^")
    );

    // The same numbers, as RFC 3966 section 5.1.5 writes them, read one
    // way: the pairs and the reference agree.
    let parsed = Tel::parse(Rule::tel_input, "tel:+1-201-555-0123;ext=7")?;
    assert_eq!(parsed.uri().path(), "+1-201-555-0123;ext=7");
    assert_eq!(
        parsed.get(Rule::global_number_digits),
        Some("+1-201-555-0123")
    );
    assert_eq!(parsed.get(Rule::ext), Some("7"));
    let parsed = Tel::parse(Rule::tel_input, "tel:*21;phone-context=example.com")?;
    assert_eq!(parsed.uri().fragment(), None);
    assert_eq!(parsed.get(Rule::local_number_digits), Some("*21"));
    Ok(())
}

/// `host` and `path` are silent in uri.pest; `get` reads them from the
/// reference where the alternative that matched lies there.
#[test]
fn silent_host_and_path_give_their_text() -> Result<(), SchemeError> {
    use ssh::{Rule, Ssh};
    let parsed = Ssh::parse(Rule::ssh_input, "ssh://git@example.com:2222/repo.git")?;
    assert_eq!(parsed.get(Rule::host), Some("example.com"));
    assert_eq!(parsed.span(Rule::host), Some(10..21));
    assert_eq!(parsed.get(Rule::path), Some("/repo.git"));
    let parsed = Ssh::parse(Rule::ssh_input, "ssh://[v1.x]")?;
    assert_eq!(parsed.get(Rule::host), Some("[v1.x]"));
    assert_eq!(parsed.get(Rule::path), Some(""));
    // The IRI base: `ihost` and `ipath`.
    let parsed = wiki::Wiki::parse(wiki::Rule::wiki_input, "wiki://例え.jp/Café")?;
    assert_eq!(parsed.get(wiki::Rule::ihost), Some("例え.jp"));
    // `wiki_IRI` matches the path with rules of its own: no `ipath`.
    assert_eq!(parsed.get(wiki::Rule::ipath), None);
    // A grammar whose host is not the reference's: the file scheme's UNC
    // host lies in the path, and its authority is empty.
    use rfc3986::schemes::file::FileUri;
    let file = FileUri::parse("file:////server/share/a.txt")?;
    assert_eq!(file.uri().host_str(), Some(""));
    Ok(())
}

/// The generator proves, from each grammar's rules, which entry rules are
/// read as the generic grammar reads them: their parse then takes the
/// components from the pairs and the literal delimiters, with no check of
/// the text and no comparison of the pairs with the components. A literal
/// scheme (`^"ssh://"`), a rule of one's own standing for the userinfo,
/// and `"/" ~ db_number` standing for the path are proven; a number that
/// may hold a `#` (tel) is not, nor is an entry that does not match the
/// whole input.
#[test]
fn entries_whose_reading_is_proven_at_compile_time() {
    // What the derive proves of a grammar, as it compiles it.
    let proven = |file: &str| {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        rfc3986_generator::compile_files(
            "Test",
            rfc3986_generator::Base::Uri,
            &[rfc3986_generator::GrammarSource::File(file.to_string())],
            root,
            rfc3986_generator::Target {
                runtime: "rt",
                grammar_type: "Test",
                starts: rfc3986_generator::Starts::Every,
                role_macro: None,
            },
        )
        .unwrap()
        .compiled
        .static_reading
    };
    let redis = proven("examples/custom_scheme/redis.pest");
    assert!(redis.contains(&"redis_input".to_string()), "{redis:?}");
    assert!(!redis.contains(&"redis_URI".to_string()), "{redis:?}");
    let ssh = proven("tests/grammars/user/ssh.pest");
    assert!(ssh.contains(&"ssh_input".to_string()), "{ssh:?}");
    assert!(ssh.contains(&"ssh_generic".to_string()), "{ssh:?}");
    let tel = proven("tests/grammars/user/tel.pest");
    assert!(!tel.contains(&"tel_input".to_string()), "{tel:?}");
}

/// On a proven entry, a value that is not what its rule says (a port
/// above 65535) is the generic grammar's error, as on any other entry.
#[test]
fn a_proven_entry_still_reads_the_values() -> Result<(), SchemeError> {
    use ssh::{Rule, Ssh};
    let err = Ssh::parse(Rule::ssh_input, "ssh://git@example.com:65536/repo").unwrap_err();
    let SchemeError::Syntax(syntax) = &err else {
        panic!("{err}")
    };
    assert_eq!(syntax.kind(), rfc3986::ErrorKind::PortRange);
    assert_eq!(err.offset(), 22);
    let parsed = Ssh::parse(Rule::ssh_input, "SSH://me%40home@[v1.x]:22/a/b")?;
    assert_eq!(parsed.uri().scheme(), Some("SSH"));
    assert_eq!(parsed.uri().userinfo(), Some("me%40home"));
    assert_eq!(parsed.uri().host_str(), Some("[v1.x]"));
    assert_eq!(parsed.uri().port(), Some(22));
    assert_eq!(parsed.uri().path(), "/a/b");
    let parsed = Ssh::parse(Rule::ssh_input, "ssh://h")?;
    assert_eq!(parsed.uri().userinfo(), None);
    assert_eq!(parsed.uri().host_str(), Some("h"));
    assert_eq!(parsed.uri().path(), "");
    let parsed = redis::Redis::parse(redis::Rule::redis_input, "redis://:pw@10.0.0.1:6379/15")?;
    assert_eq!(parsed.uri().userinfo(), Some(":pw"));
    assert_eq!(parsed.uri().host_str(), Some("10.0.0.1"));
    assert_eq!(parsed.uri().path(), "/15");
    assert_eq!(parsed.uri().query(), None);
    Ok(())
}

/// A rule that matches a prefix of a valid reference, given to `parse`,
/// which needs all of it: the error is at the first byte left over, and
/// what is expected there is the end of the input, said to the user of
/// the grammar (no advice to its author, whom the `missing_eoi` lint
/// tells at compile time).
#[test]
fn a_rule_that_matches_a_prefix_expects_the_end_of_input() {
    mod head {
        #[derive(rfc3986::Grammar)]
        #[grammar_inline = "head = { scheme ~ \":\" }"]
        pub struct Head;
    }
    let err = head::Head::parse(head::Rule::head, "urn:isbn:0451450523").unwrap_err();
    let SchemeError::Scheme(violation) = &err else {
        panic!("{err}")
    };
    assert_eq!(violation.offset(), 4);
    assert_eq!(violation.rule(), "head");
    assert_eq!(violation.expected(), "end of input");
    assert_eq!(
        err.to_string(),
        "invalid head URI at byte 4: expected end of input, found 'i'"
    );
}

/// A grammar whose rules are named as methods of `Parsed` and `Pairs`
/// (`uri`, `get`, `all`): their accessors are reached through the trait's
/// name.
mod list {
    #[derive(rfc3986::Grammar)]
    #[grammar_inline = r#"
    /// list-URI = "list:" uri *( "," all ) [ "?" get ]
    list_URI = ${ ^"list:" ~ uri ~ ("," ~ all)* ~ ("?" ~ get)? }
    uri = @{ ALPHA+ }
    all = @{ DIGIT+ }
    get = @{ ALPHA+ }
    list_input = _{ SOI ~ list_URI ~ EOI }
    "#]
    pub struct List;
}

/// The accessors of the guide's redis grammar (docs/grammars.md): each rule of its own
/// keeps one text, read from `Parsed` and from `Pairs`.
#[test]
fn accessors_read_a_rule_by_its_name() -> Result<(), Box<dyn std::error::Error>> {
    use redis::{Redis, RedisRules, Rule};
    let input = "redis://alice:s3cret@cache.example.com:6380/2";
    fn read<'i>(rules: &dyn RedisRules<'i>) -> [Option<&'i str>; 5] {
        [
            rules.redis_URI(),
            rules.credentials(),
            rules.user(),
            rules.password(),
            rules.db_number(),
        ]
    }
    let parsed = Redis::parse(Rule::redis_input, input)?;
    let expected = [
        Some(input),
        Some("alice:s3cret"),
        Some("alice"),
        Some("s3cret"),
        Some("2"),
    ];
    assert_eq!(read(&parsed), expected);
    assert_eq!(read(parsed.pairs()), expected);
    assert_eq!(
        read(&Redis::parse_pairs(Rule::redis_input, input)?),
        expected
    );
    assert_eq!(parsed.db_number(), parsed.get(Rule::db_number));

    let parsed = Redis::parse(Rule::redis_input, "redis://:pw@cache.example.com")?;
    assert_eq!(
        read(&parsed),
        [
            Some("redis://:pw@cache.example.com"),
            Some(":pw"),
            None,
            Some("pw"),
            None
        ]
    );

    // The ssh grammar: two rules of its own, its entries silent.
    use ssh::{Ssh, SshRules};
    let parsed = Ssh::parse(ssh::Rule::ssh_input, "ssh://git@example.com:2222/repo.git")?;
    assert_eq!(
        parsed.ssh_URI(),
        Some("ssh://git@example.com:2222/repo.git")
    );
    assert_eq!(parsed.ssh_user(), Some("git"));
    let parsed = Ssh::parse(ssh::Rule::ssh_generic, "ssh://git@example.com/repo.git")?;
    assert_eq!((parsed.ssh_URI(), parsed.ssh_user()), (None, None));
    Ok(())
}

/// A rule that a parse can record more than once gives the texts of all
/// its pairs, in preorder; one that it records once at most, its text.
#[test]
fn accessors_of_repeating_rules_give_every_text() -> Result<(), SchemeError> {
    use rfc3986::schemes::Texts;
    use tel::{Rule, Tel, TelRules};
    // `isub` takes any `uric`, `;` among them: it comes last.
    let input = "tel:+1-201-555-0123;ext=7;foo=bar;baz;isub=x";
    let parsed = Tel::parse(Rule::tel_input, input)?;
    // Each `par` of `par*`: several.
    let parameters: Texts<'_, '_, Rule> = parsed.parameter();
    assert_eq!(parameters.collect::<Vec<_>>(), [";foo=bar", ";baz"]);
    assert!(parsed.pname().eq(["foo", "baz"]));
    assert!(parsed.pvalue().eq(["bar"]));
    assert!(parsed.extension().eq([";ext=7"]));
    assert!(parsed.ext().eq(["7"]));
    assert!(parsed.isdn_subaddress().eq([";isub=x"]));
    assert!(parsed.isub().eq(["x"]));
    // Once at most: `global_number_digits` is recorded in a global number,
    // and not inside the atomic `descriptor` of a local one.
    let digits: Option<&str> = parsed.global_number_digits();
    assert_eq!(digits, Some("+1-201-555-0123"));
    assert_eq!(parsed.telephone_uri(), Some(input));
    assert_eq!(parsed.global_number(), Some(&input[4..]));
    assert_eq!(parsed.local_number(), None);
    assert_eq!(parsed.context(), None);
    // `all` is the same, for any rule, on `Parsed` and on `Pairs`.
    assert!(parsed.all(Rule::pname).eq(parsed.pname()));
    assert!(parsed.pairs().pname().eq(["foo", "baz"]));
    assert!(parsed.pairs().all(Rule::pname).eq(["foo", "baz"]));

    let parsed = Tel::parse(Rule::tel_input, "tel:*21;phone-context=+1-201;ext=3")?;
    assert_eq!(parsed.local_number_digits(), Some("*21"));
    assert_eq!(parsed.context(), Some(";phone-context=+1-201"));
    assert_eq!(parsed.descriptor(), Some("+1-201"));
    assert_eq!(parsed.global_number_digits(), None);
    assert!(parsed.ext().eq(["3"]));
    assert_eq!(parsed.parameter().next(), None);
    Ok(())
}

/// `host` and `path` record no pair: `Parsed::all` gives the component,
/// as `get` does, and `Pairs::all` nothing.
#[test]
fn all_reads_host_and_path_as_get_does() -> Result<(), SchemeError> {
    use ssh::{Rule, Ssh};
    let parsed = Ssh::parse(Rule::ssh_input, "ssh://git@example.com:2222/repo.git")?;
    assert!(parsed.all(Rule::host).eq(["example.com"]));
    assert!(parsed.all(Rule::path).eq(["/repo.git"]));
    assert!(parsed.all(Rule::port).eq(["2222"]));
    assert_eq!(parsed.all(Rule::query).next(), None);
    assert_eq!(parsed.pairs().all(Rule::host).next(), None);
    assert!(parsed.pairs().all(Rule::reg_name).eq(["example.com"]));
    Ok(())
}

/// A rule named as a method of `Parsed` or `Pairs` (`uri`, `get`, `all`):
/// the type's own method wins in method-call syntax, the trait's is called
/// by its path.
#[test]
fn accessors_named_as_methods() -> Result<(), Box<dyn std::error::Error>> {
    use list::{List, ListRules, Rule};
    let parsed = List::parse(Rule::list_input, "list:milk,1,22?x")?;
    let uri: &Uri<&str> = parsed.uri();
    assert_eq!((uri.path(), uri.query()), ("milk,1,22", Some("x")));
    assert_eq!(ListRules::uri(&parsed), Some("milk"));
    assert_eq!(parsed.get(Rule::uri), Some("milk"));
    assert_eq!(ListRules::get(&parsed), Some("x"));
    assert!(ListRules::all(&parsed).eq(["1", "22"]));
    assert!(parsed.all(Rule::all).eq(["1", "22"]));
    assert_eq!(parsed.list_URI(), Some("list:milk,1,22?x"));

    let pairs = List::parse_pairs(Rule::list_input, "list:tea")?;
    assert_eq!(ListRules::uri(&pairs), Some("tea"));
    assert_eq!(ListRules::get(&pairs), None);
    assert_eq!(ListRules::all(&pairs).next(), None);
    Ok(())
}
