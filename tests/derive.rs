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
//! and one on `iri.pest` (`tests/grammars/user/wiki.pest`). The
//! `tests/grammars` conformance suite runs through the derive in
//! `compiler.rs`.

use std::fmt::Debug;

use rfc3986::__private::{compare_derived, pest_violation};
use rfc3986::schemes::{parse_scheme, Grammar, SchemeError};
use rfc3986::{Iri, Uri};

mod redis {
    pub mod derived {
        #[derive(pest_derive::Parser)]
        #[grammar = "uri.pest"]
        #[grammar = "examples/custom_scheme/redis.pest"]
        pub struct Redis;

        rfc3986::impl_uri_rule!(Rule);
    }

    #[derive(rfc3986::Grammar)]
    #[grammar = "examples/custom_scheme/redis.pest"]
    pub struct Redis;
}

mod ssh {
    pub mod derived {
        #[derive(pest_derive::Parser)]
        #[grammar = "uri.pest"]
        #[grammar = "tests/grammars/user/ssh.pest"]
        pub struct Ssh;

        rfc3986::impl_uri_rule!(Rule);
    }

    #[derive(rfc3986::Grammar)]
    #[grammar = "tests/grammars/user/ssh.pest"]
    pub struct Ssh;
}

mod wiki {
    pub mod derived {
        #[derive(pest_derive::Parser)]
        #[grammar = "uri.pest"]
        #[grammar = "iri.pest"]
        #[grammar = "tests/grammars/user/wiki.pest"]
        pub struct Wiki;

        rfc3986::__impl_iri_rule!(Rule);
    }

    #[derive(rfc3986::Grammar)]
    #[grammar = "tests/grammars/user/wiki.pest"]
    #[grammar_base = "iri"]
    pub struct Wiki;
}

/// Every string of up to `max_len` pieces of `alphabet` after each of
/// `prefixes`.
fn inputs(prefixes: &[&str], alphabet: &[&str], max_len: usize) -> Vec<String> {
    let tails = crate::compiler::strings(alphabet, max_len);
    prefixes
        .iter()
        .flat_map(|prefix| tails.iter().map(move |tail| format!("{prefix}{tail}")))
        .collect()
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
        let all: &[R] = G::__PARSERS.rules;
        let mut accepted = 0;
        for entry in $entries {
            let rule: R = same_rule(entry, all);
            for input in &$inputs {
                let input = input.as_str();
                if let Err(difference) = compare_derived::<derived::$name, _, _, _>(
                    &G::__PARSERS,
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
    let inputs = inputs(
        &["redis://", "REDIS://", "redis:/", "rediss://"],
        &["a", ":", "@", "/", "1", "%2", "[::1]", "?", " "],
        4,
    );
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
    let inputs = inputs(
        &["ssh://", "SSH://", "ssh:", "ssh:/", "sftp://", "s:"],
        &["a", "@", ":", "/", "?", "#", "1", "[v1.x]", "%41", "é"],
        4,
    );
    use ssh::derived::Rule;
    let accepted = compare_grammar!(ssh::Ssh, [Rule::ssh_input, Rule::ssh_generic], inputs, Uri);
    assert!(accepted > 1000, "{accepted}");
}

#[test]
fn iri_grammar_is_pest_derives() {
    let inputs = inputs(
        &["wiki://", "WIKI://", "wiki:", "wiki:/"],
        &["a", "é", "/", ":", "@", "?", "#", "%C3%A9", "\u{202e}", " "],
        4,
    );
    use wiki::derived::Rule;
    let accepted = compare_grammar!(
        wiki::Wiki,
        [Rule::wiki_input, Rule::wiki_generic],
        inputs,
        Iri
    );
    assert!(accepted > 1000, "{accepted}");
}

/// The contract of the derive, as the README shows it.
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
