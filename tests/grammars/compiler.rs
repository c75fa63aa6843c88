//! The grammar compiler (`rfc3986-generator`), checked on small grammars of
//! its own (`tests/grammars/*.pest`) through `#[derive(rfc3986::Grammar)]`,
//! as a user's grammar goes: each is compiled by the derive (with
//! `#[grammar_base = "none"]`: the file's rules alone) and derived by
//! pest_derive, and the two parsers must give the same verdict, the same
//! pairs and the same error from every rule, on every string up to a
//! length over the grammar's alphabet. The compiler's interpreter
//! (`rfc3986_generator::interpret`), which runs the grammar's text without
//! generating code, must give pest_derive's outcome too, and on the
//! shorter inputs its whole error detail (the tokens expected, the call
//! stacks, in the order recorded). The compiler is also run directly on
//! grammars it must refuse.

use std::fmt::Debug;

use rfc3986::__private::runtime::Node;
use rfc3986_generator::interpret::Interpreter;

/// The rule of `all` with the name of `rule`: the derive declares the
/// variants pest_derive declares for the same file.
fn same_rule<A: Debug, B: Copy + Debug>(rule: A, all: &[B]) -> B {
    named(&format!("{rule:?}"), all)
}

/// The rule of `all` named `name` (a rule's `Debug` is its name).
fn named<B: Copy + Debug>(name: &str, all: &[B]) -> B {
    *all.iter()
        .find(|other| format!("{other:?}") == name)
        .unwrap_or_else(|| panic!("no rule {name}"))
}

/// A pest parser's pairs in preorder, or its error, with each rule as
/// `rule` maps it; `context` names the parse where it panics.
fn outcome<A: pest::RuleType, R>(
    result: Result<pest::iterators::Pairs<'_, A>, pest::error::Error<A>>,
    rule: &dyn Fn(A) -> R,
    context: &dyn Fn() -> String,
) -> Outcome<R> {
    use pest::error::{ErrorVariant, InputLocation};
    match result {
        Ok(pairs) => Ok(pairs
            .flatten()
            .map(|pair| Node {
                rule: rule(pair.as_rule()),
                start: pair.as_span().start(),
                end: pair.as_span().end(),
            })
            .collect()),
        Err(error) => {
            let pos = match error.location {
                InputLocation::Pos(pos) | InputLocation::Span((pos, _)) => pos,
            };
            let far = error
                .parse_attempts()
                .expect("pest's error detail is on")
                .max_position;
            let ErrorVariant::ParsingError {
                positives,
                negatives,
            } = error.variant
            else {
                panic!("a custom error from {}", context());
            };
            let map = |rules: Vec<A>| rules.into_iter().map(rule).collect();
            Err(Failure {
                pos,
                far,
                positives: map(positives),
                negatives: map(negatives),
            })
        }
    }
}

/// What pest's error detail holds beyond [`Failure`], as text that names
/// rules by name: the tokens expected and unexpected at the furthest
/// position and the rules' call stacks there, in the order the parser
/// recorded them (which the accessors sort), so that a parser that makes
/// its attempts in another order differs. `None` where the parse matched.
fn error_detail<A: pest::RuleType>(
    result: Result<pest::iterators::Pairs<'_, A>, pest::error::Error<A>>,
) -> Option<String> {
    let error = result.err()?;
    let attempts = error.parse_attempts().expect("pest's error detail is on");
    Some(format!("{attempts:?}"))
}

/// A grammar under `tests/grammars`, derived by pest_derive and compiled
/// by `#[derive(rfc3986::Grammar)]`, with what the comparison needs of
/// each, over the derive's `Rule`.
macro_rules! grammar {
    ($name:ident, $file:literal) => {
        mod $name {
            use super::{same_rule, Interpreter, Node};

            mod derived {
                #[derive(pest_derive::Parser)]
                #[grammar = $file]
                pub struct Derived;

                // No rule of it plays a role.
                impl rfc3986::UriRule for Rule {
                    fn role(self) -> Option<rfc3986::Role> {
                        None
                    }

                    fn with_role(_: rfc3986::Role) -> Option<Self> {
                        None
                    }
                }
            }

            mod compiled {
                #[derive(rfc3986::Grammar)]
                #[grammar = $file]
                #[grammar_base = "none"]
                #[scheme = "test"]
                pub struct Compiled;
            }

            pub use compiled::{Compiled, Rule};

            /// pest_derive's parse of `input` from `rule`, with pest's
            /// error detail on.
            fn derive_parse(
                rule: Rule,
                input: &str,
            ) -> Result<pest::iterators::Pairs<'_, derived::Rule>, pest::error::Error<derived::Rule>>
            {
                use pest::Parser;
                let entry = same_rule(rule, derived::Rule::all_rules());
                rfc3986::__private::error_detail();
                derived::Derived::parse(entry, input)
            }

            /// pest_derive's pairs of `input` from `rule`, in preorder, or
            /// its error, as the derive's rules.
            pub fn derived(rule: Rule, input: &str) -> super::Outcome<Rule> {
                let all = <Compiled as rfc3986::__private::CompiledGrammar>::RULES;
                super::outcome(derive_parse(rule, input), &|r| same_rule(r, all), &|| {
                    format!("{rule:?} on {input:?}")
                })
            }

            /// The grammar's interpreter (`rfc3986_generator::interpret`),
            /// built once from the file's text, over the derive's rules.
            fn interpreter() -> &'static Interpreter<Rule> {
                static INTERPRETER: std::sync::OnceLock<Interpreter<Rule>> =
                    std::sync::OnceLock::new();
                INTERPRETER.get_or_init(|| {
                    let all = <Compiled as rfc3986::__private::CompiledGrammar>::RULES;
                    let text = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/", $file));
                    Interpreter::new(text, |name| super::named(name, all))
                        .unwrap_or_else(|errors| panic!("{errors:?}"))
                })
            }

            /// The interpreter's parse of `input` from `rule`, with pest's
            /// error detail on.
            fn interpret(
                rule: Rule,
                input: &str,
            ) -> Result<pest::iterators::Pairs<'_, Rule>, pest::error::Error<Rule>> {
                rfc3986::__private::error_detail();
                interpreter().parse(&format!("{rule:?}"), input)
            }

            /// The interpreter's pairs of `input` from `rule`, in preorder,
            /// or its error.
            pub fn interpreted(rule: Rule, input: &str) -> super::Outcome<Rule> {
                super::outcome(interpret(rule, input), &|r| r, &|| {
                    format!("{rule:?} on {input:?}, interpreted")
                })
            }

            /// The error detail of pest_derive's parse and the
            /// interpreter's ([`super::error_detail`]), where they differ.
            pub fn detail_differs(rule: Rule, input: &str) -> Option<String> {
                let derived = super::error_detail(derive_parse(rule, input));
                let interpreted = super::error_detail(interpret(rule, input));
                (derived != interpreted).then(|| {
                    format!(
                        "{rule:?} on {input:?}: interpreted {interpreted:#?}, pest_derive {derived:#?}"
                    )
                })
            }

            /// The derive's: the fast variant's pairs, or the diagnostic
            /// variant's error.
            pub fn compiled(rule: Rule, input: &str) -> super::Outcome<Rule> {
                match Compiled::parse_pairs(rule, input) {
                    Ok(pairs) => Ok(pairs
                        .iter()
                        .map(|pair| Node {
                            rule: pair.rule(),
                            start: pair.start(),
                            end: pair.end(),
                        })
                        .collect()),
                    Err(_) => {
                        let (attempts, end) = rfc3986::__private::failure::<Compiled>(rule, input);
                        assert_eq!(end, None, "{rule:?} on {input:?}: the variants' verdicts");
                        Err(super::Failure {
                            pos: attempts.pos(),
                            far: attempts.far(),
                            positives: attempts.positives().to_vec(),
                            negatives: attempts.negatives().to_vec(),
                        })
                    }
                }
            }

            /// Everything the crate compares of the two parsers, the
            /// violation the crate makes of a failure too.
            pub fn compare_all(rule: Rule, input: &str) -> Result<(), String> {
                let entry = same_rule(rule, derived::Rule::all_rules());
                rfc3986::__private::compare_derived::<derived::Derived, Compiled, _>(
                    "test",
                    entry,
                    input,
                )
            }

            pub fn rules() -> &'static [Rule] {
                Rule::all_rules()
            }
        }
    };
}

grammar!(choice, "tests/grammars/choice.pest");
grammar!(repetition, "tests/grammars/repetition.pest");
grammar!(bounds, "tests/grammars/bounds.pest");
grammar!(lookahead, "tests/grammars/lookahead.pest");
grammar!(insensitive, "tests/grammars/insensitive.pest");
grammar!(unicode, "tests/grammars/unicode.pest");
grammar!(atomicity, "tests/grammars/atomicity.pest");
grammar!(recursion, "tests/grammars/recursion.pest");
grammar!(optimizer, "tests/grammars/optimizer.pest");
grammar!(builtins, "tests/grammars/builtins.pest");
grammar!(errors, "tests/grammars/errors.pest");
grammar!(shadowing, "tests/grammars/shadowing.pest");

/// What pest's error holds: the furthest position at which a rule failed,
/// the furthest byte a token reached (its error detail), and the rules
/// tried at that position (sorted, each once).
#[derive(Debug, PartialEq)]
pub struct Failure<R> {
    pos: usize,
    far: usize,
    positives: Vec<R>,
    negatives: Vec<R>,
}

/// A parse's pairs in preorder, or its error.
pub type Outcome<R> = Result<Vec<Node<R>>, Failure<R>>;

/// Every string of up to `max_len` characters of `alphabet`.
pub(crate) fn strings(alphabet: &[&str], max_len: usize) -> Vec<String> {
    let mut all = vec![String::new()];
    let mut last = vec![String::new()];
    for _ in 0..max_len {
        last = last
            .iter()
            .flat_map(|prefix| alphabet.iter().map(move |c| format!("{prefix}{c}")))
            .collect();
        all.extend(last.iter().cloned());
    }
    all
}

/// Runs both parsers from every rule on every input, and compares their
/// pairs, or their errors; returns how many parses matched, so that a test
/// can check the inputs exercise the rules.
fn compare<R: Copy + std::fmt::Debug + PartialEq>(
    rules: &[R],
    inputs: &[String],
    derived: impl Fn(R, &str) -> Outcome<R>,
    compiled: impl Fn(R, &str) -> Outcome<R>,
) -> usize {
    let mut matched = 0;
    for &rule in rules {
        for input in inputs {
            let expected = derived(rule, input);
            assert_eq!(
                compiled(rule, input),
                expected,
                "{rule:?} on {input:?}: compiled (or interpreted), then pest_derive"
            );
            matched += usize::from(expected.is_ok());
        }
    }
    matched
}

/// A conformance test: every string of up to `$max_len` characters of
/// `$alphabet`, and `$extra` inputs, from every rule of `$grammar`. Every
/// rule must match some input (or its comparison proves little), except
/// the rules `$never` that the grammar makes match nothing.
macro_rules! conformance {
    ($test:ident, $grammar:ident, $alphabet:expr, $max_len:expr) => {
        conformance!($test, $grammar, $alphabet, $max_len, extra: [], never: []);
    };
    ($test:ident, $grammar:ident, $alphabet:expr, $max_len:expr, extra: [$($extra:expr),*], never: [$($never:ident),*]) => {
        #[test]
        fn $test() {
            let mut inputs = strings(&$alphabet, $max_len);
            inputs.extend([$(String::from($extra)),*]);
            let rules = $grammar::rules();
            let matched = compare(rules, &inputs, $grammar::derived, $grammar::compiled);
            // The interpreter, on the same inputs; and the whole of pest's
            // error detail, on the shorter ones.
            compare(rules, &inputs, $grammar::derived, $grammar::interpreted);
            for &rule in rules {
                for input in inputs.iter().filter(|input| input.chars().count() <= 5) {
                    if let Some(difference) = $grammar::detail_differs(rule, input) {
                        panic!("{difference}");
                    }
                }
            }
            // The violations too, on the shorter inputs.
            for &rule in rules {
                for input in inputs.iter().filter(|input| input.chars().count() <= 3) {
                    if let Err(difference) = $grammar::compare_all(rule, input) {
                        panic!("{difference}");
                    }
                }
            }
            let never: &[$grammar::Rule] = &[$($grammar::Rule::$never),*];
            for &rule in rules {
                let matches = inputs.iter().any(|input| $grammar::derived(rule, input).is_ok());
                assert_eq!(matches, !never.contains(&rule), "{rule:?} matching any input");
            }
            assert!(matched > 0);
        }
    };
}

conformance!(ordered_choice, choice, ["a", "b", "c", "d", "e", "x"], 6);
conformance!(greedy_repetition, repetition, ["a", "b", "c", "d"], 7, extra: [], never: [starve]);
conformance!(repetition_bounds, bounds, ["a", "b", "c"], 7);
conformance!(lookahead_records_nothing, lookahead, ["a", "b", "c"], 6);
conformance!(
    case_insensitive_strings,
    insensitive,
    ["a", "A", "b", "B", "c", "C", "v", "V", "1", "-", "é", "É"],
    4
);
conformance!(
    utf8_characters,
    unicode,
    ["a", "é", "€", "😀", "α", "ω", "_", "1"],
    5
);
conformance!(
    atomicity_decides_pairs,
    atomicity,
    ["a", "b", "c"],
    7,
    // What `top` needs, with and without the `tagged` pairs.
    extra: [
        "aaaaaaaaaaaaaaa",
        "abababababababab",
        "aacbaacbaacbaacbaacbaacbacba",
        "acaaaaaaaaaaaaaaa"
    ],
    never: []
);
// Six characters nest each recursive rule in itself and in the others
// ("(()())", "((x))", "(x+x)", "[x,[]]", "[[],x]"), with every way to
// leave one open; deeper nesting is `deeply_nested_recursion`'s. Seven
// characters would be 960,000 strings, against 137,000.
conformance!(
    recursive_rules,
    recursion,
    ["(", ")", "x", "+", "[", "]", ","],
    6
);
conformance!(optimizer_rewrites, optimizer, ["a", "b", ","], 7);
conformance!(
    errors_record_what_pest_records,
    errors,
    ["a", "1", "!", "?", "+", "-", ",", ".", ":", "/", "i", "f"],
    4,
    extra: [
        "ab!", "12?", "if", "ab,if", "ab,cd,do", "a.b.c:x", "a/1/+", "a-b1x", "[a]", "[1]+[ab]",
        "[", "[]", "[a", "[a]x", "+[1", "-[+]", "[[a]]", "[a]]"
    ],
    never: []
);
conformance!(
    builtin_rules,
    builtins,
    ["0", "1", "8", "a", "G", "\n", "\r", "-"],
    5
);
conformance!(
    a_grammar_s_rules_shadow_built_in_ones,
    shadowing,
    ["1", "x", "a", "g", ";", "\n", "L", "é"],
    4
);

/// Longer inputs for the recursive grammar, where nesting goes deeper
/// than the exhaustive strings reach.
#[test]
fn deeply_nested_recursion() {
    let mut inputs = Vec::new();
    for depth in [10, 100, 500] {
        inputs.push(format!("{}{}", "(".repeat(depth), ")".repeat(depth)));
        inputs.push(format!("{}{}", "(".repeat(depth), ")".repeat(depth - 1)));
        inputs.push(format!("{}x{}", "(".repeat(depth), ")".repeat(depth)));
        inputs.push(format!("{}x{}", "[".repeat(depth), "]".repeat(depth)));
        inputs.push(format!("{}x", "x+".repeat(depth)));
    }
    let matched = compare(
        recursion::rules(),
        &inputs,
        recursion::derived,
        recursion::compiled,
    );
    assert!(matched >= 10, "{matched}");
    compare(
        recursion::rules(),
        &inputs,
        recursion::derived,
        recursion::interpreted,
    );
}

/// The pair buffer spills to the heap for a grammar that records without
/// bound, and still gives pest's pairs.
#[test]
fn unbounded_pairs_spill() {
    let input = "ab".repeat(1000);
    let pairs = choice::compiled(choice::Rule::classes, &input).unwrap();
    assert_eq!(
        Ok(pairs.clone()),
        choice::derived(choice::Rule::classes, &input)
    );
    let pairs = repetition::compiled(repetition::Rule::plus, &input).unwrap();
    assert_eq!(pairs.len(), 1 + 2000);
    assert_eq!(
        Ok(pairs),
        repetition::derived(repetition::Rule::plus, &input)
    );
}

/// What the compiler refuses, it refuses at build time, naming the rule
/// and the construct.
#[rstest::rstest]
#[case::whitespace(
    "WHITESPACE = _{ \" \" }\na = { \"a\" }",
    "WHITESPACE",
    "implicit whitespace"
)]
#[case::comment(
    "COMMENT = _{ \"#\" }\na = { \"a\" }",
    "COMMENT",
    "implicit whitespace"
)]
#[case::push("a = { PUSH(\"a\") ~ \"b\" }", "a", "the stack (PUSH)")]
#[case::pop("a = { \"a\" ~ POP }", "a", "the stack (POP)")]
#[case::peek("a = { \"a\" ~ PEEK }", "a", "the stack (PEEK)")]
#[case::peek_slice("a = { PUSH(\"a\") ~ PEEK[..] }", "a", "the stack")]
#[case::drop("a = { PUSH(\"a\") ~ DROP }", "a", "the stack")]
fn unsupported_constructs_fail_the_build(
    #[case] grammar: &str,
    #[case] rule: &str,
    #[case] construct: &str,
) {
    let options = rfc3986_generator::Options {
        runtime: "rt",
        sources: &["test.pest".to_string()],
        grammar_type: "Test",
        starts: rfc3986_generator::Starts::Every,
        role_macro: None,
        docs: None,
    };
    let err = rfc3986_generator::compile(grammar, &options).unwrap_err();
    assert_eq!(err.rule, rule, "{err}");
    let line = grammar.lines().position(|l| l.starts_with(rule)).unwrap() + 1;
    assert_eq!(err.line, Some(line), "{err}");
    assert!(err.message.contains(construct), "{err}");
    assert!(
        err.to_string().starts_with(&format!("rule `{rule}`: ")),
        "{err}"
    );
    // The interpreter refuses it too, with the compiler's errors.
    assert_eq!(
        Interpreter::new(grammar, |_| 0_u8).unwrap_err(),
        rfc3986_generator::compile_all(grammar, &options).unwrap_err()
    );
}

/// A grammar pest_meta rejects fails with pest_meta's own message, the
/// rule whose definition holds the error, and its line.
#[test]
fn invalid_grammars_fail_with_pest_metas_message() {
    let options = rfc3986_generator::Options {
        runtime: "rt",
        sources: &["test.pest".to_string()],
        grammar_type: "Test",
        starts: rfc3986_generator::Starts::Every,
        role_macro: None,
        docs: None,
    };
    let err = rfc3986_generator::compile("x = { \"x\" }\na = { b }", &options).unwrap_err();
    assert_eq!((err.rule.as_str(), err.line), ("a", Some(2)), "{err}");
    assert!(err.message.contains("rule b is undefined"), "{err}");
    let err = rfc3986_generator::compile("a = { (\"\")* }", &options).unwrap_err();
    assert!(err.message.contains("repeat"), "{err}");
    let err = rfc3986_generator::compile("a = { \"a\" }\nb = { b ~ \"b\" }", &options).unwrap_err();
    assert_eq!((err.rule.as_str(), err.line), ("b", Some(2)), "{err}");
    assert!(err.message.contains("left-recursive"), "{err}");
    // The interpreter gives the compiler's errors, all of them.
    for grammar in [
        "x = { \"x\" }\na = { b }",
        "a = { (\"\")* }",
        "a = { \"a\" }\nb = { b ~ \"b\" }",
        "a = { b }\nc = { d ~ \"",
        "a = { b }\nc = { d }",
    ] {
        assert_eq!(
            Interpreter::new(grammar, |_| 0_u8).unwrap_err(),
            rfc3986_generator::compile_all(grammar, &options).unwrap_err(),
            "{grammar}"
        );
    }
}

/// `Compiled::roles` gives the role each rule plays as the crate's own
/// grammars' `Rule` types play them (uri.pest's `Role:` lines, and
/// iri.pest's taking over those it gives its own rules), and every rule
/// that plays one.
#[test]
fn the_compiled_roles_are_the_rule_types_roles() {
    use rfc3986::{IriRule, Rule, UriRule};
    fn check<R: UriRule + Copy + Debug>(grammar: &str, all: &[R]) {
        let options = rfc3986_generator::Options {
            runtime: "rt",
            sources: &[],
            grammar_type: "Test",
            starts: rfc3986_generator::Starts::Every,
            role_macro: None,
            docs: None,
        };
        let compiled = rfc3986_generator::compile_grammar(grammar, &options).unwrap();
        let expected: Vec<(String, &str)> = all
            .iter()
            .filter_map(|&rule| Some((format!("{rule:?}"), rule.role()?.name())))
            .collect();
        let found: Vec<(String, &str)> = compiled
            .roles()
            .into_iter()
            .map(|(name, role)| (name, role.name()))
            .collect();
        assert_eq!(found, expected);
        assert!(!found.is_empty());
    }
    check(rfc3986_generator::URI_PEST, Rule::all_rules());
    let iri = format!(
        "{}{}",
        rfc3986_generator::URI_PEST,
        rfc3986_generator::IRI_PEST
    );
    check(&iri, IriRule::all_rules());
}

/// pest_derive's parser of `grammar_inline`, with the interpreter of the
/// same text over its `Rule` type, and whether the two give the same
/// pairs (token for token) or the same error, for each input from each
/// rule.
macro_rules! interpreted_as_derived {
    ($grammar:literal, [$($input:literal),*]) => {{
        mod derived {
            #[derive(pest_derive::Parser)]
            #[grammar_inline = $grammar]
            pub struct Derived;
        }
        use derived::{Derived, Rule};
        use pest::Parser;
        rfc3986::__private::error_detail();
        let interpreter = Interpreter::new($grammar, |name| named(name, Rule::all_rules())).unwrap();
        let mut matched = 0;
        for &rule in Rule::all_rules() {
            for input in [$($input),*] {
                let derived = Derived::parse(rule, input);
                let interpreted = interpreter.parse(&format!("{rule:?}"), input);
                match (derived, interpreted) {
                    (Ok(derived), Ok(interpreted)) => {
                        matched += 1;
                        assert_eq!(
                            interpreted.tokens().collect::<Vec<_>>(),
                            derived.tokens().collect::<Vec<_>>(),
                            "{rule:?} on {input:?}"
                        );
                    }
                    (derived, interpreted) => assert_eq!(
                        interpreted.err(),
                        derived.err(),
                        "{rule:?} on {input:?}"
                    ),
                }
            }
        }
        matched
    }};
}

/// A grammar may define a rule named as a built-in one (`ASCII_DIGIT`,
/// `NEWLINE`, a Unicode property): pest_derive then calls the grammar's.
#[test]
fn interpreter_calls_a_grammars_rule_before_a_built_in() {
    let matched = interpreted_as_derived!(
        "digits = { ASCII_DIGIT+ ~ NEWLINE? ~ LETTER? }\n\
         ASCII_DIGIT = { \"x\" | ASCII_HEX_DIGIT }\n\
         NEWLINE = _{ \";\" }\n\
         LETTER = @{ \"L\" }",
        ["", "1", "x", "a", "x;", "1\n", "x;L", "xL", "ab", "Lx"]
    );
    assert!(matched > 0);
}

/// `EOI` as the rule a parse starts from, which pest_derive allows where
/// the grammar uses it; and a name the grammar does not define, which
/// pest's API cannot express and the interpreter refuses.
#[test]
fn interpreter_starts_from_eoi_and_refuses_unknown_rules() {
    use pest::error::ErrorVariant;
    let grammar = "a = { \"a\" ~ EOI }";
    let names = ["a", "EOI"];
    let interpreter = Interpreter::new(grammar, |name| {
        names.iter().position(|n| *n == name).unwrap()
    })
    .unwrap();
    let pairs: Vec<_> = interpreter.parse("EOI", "").unwrap().collect();
    assert_eq!(pairs.len(), 1);
    assert_eq!(pairs[0].as_rule(), 1);
    let err = interpreter.parse("EOI", "a").unwrap_err();
    assert!(
        matches!(&err.variant, ErrorVariant::ParsingError { positives, .. } if positives == &[1]),
        "{err:?}"
    );
    for unknown in ["b", "ANY", "", "a ", "SOI"] {
        let err = interpreter.parse(unknown, "a").unwrap_err();
        assert!(
            matches!(&err.variant, ErrorVariant::CustomError { message } if message.contains(unknown)),
            "{err:?}"
        );
    }
    // Without `EOI` in the grammar, it is no rule either.
    let interpreter = Interpreter::new("a = { \"a\" }", |_| 0_u8).unwrap();
    assert!(interpreter.parse("EOI", "").is_err());
}

/// Input nested deeper than the native stack allows fails with pest's
/// error, as pest_derive's parser does, rather than overflowing the stack
/// (on the targets where pest knows the stack's bounds).
#[cfg(all(
    any(target_arch = "x86_64", target_arch = "aarch64"),
    any(
        all(target_os = "linux", target_env = "gnu"),
        target_os = "macos",
        all(target_os = "windows", target_env = "msvc")
    )
))]
#[test]
fn interpreter_fails_on_nesting_deeper_than_the_stack() {
    use pest::error::ErrorVariant;
    // Through a normal rule, and through silent ones that pest_generator
    // checks the stack in (a choice) or not (a sequence).
    let grammar = "nested = { \"(\" ~ nested? ~ \")\" }\n\
                   silent = _{ \"(\" ~ silent? ~ \")\" }\n\
                   choice = _{ \"[\" ~ choice ~ \"]\" | \"x\" }";
    let interpreter = Interpreter::new(grammar, |_| 0_u8).unwrap();
    for (rule, input) in [
        ("nested", "(".repeat(1_000_000)),
        ("silent", "(".repeat(1_000_000)),
        ("choice", "[".repeat(1_000_000)),
    ] {
        let err = interpreter.parse(rule, &input).unwrap_err();
        assert!(
            matches!(&err.variant, ErrorVariant::CustomError { message } if message == "stack limit reached"),
            "{rule}: {:?}",
            err.variant
        );
    }
}

/// The error records of a few inputs, written out: what the conformance
/// test compares on every input, seen once (pest's semantics, which the
/// diagnostic variant follows).
#[test]
fn diagnostic_variant_records_pests_error() {
    use errors::Rule::*;
    let failure = |rule, input| errors::compiled(rule, input).unwrap_err();
    let record = |rule, input| {
        let err = failure(rule, input);
        (err.pos, err.positives, err.negatives)
    };
    // A keyword where an identifier must be: `keyword` matched inside `!`,
    // a negative attempt, and the only one `identifier` made, so it stands
    // for `identifier`.
    assert_eq!(record(not_keyword, "if"), (0, vec![], vec![keyword]));
    assert_eq!(record(not_keyword, "ab,do"), (3, vec![], vec![keyword]));
    // Four attempts at byte 0 (`word` twice): the rule that made them
    // replaces them.
    assert_eq!(record(alternatives, "?"), (0, vec![alternatives], vec![]));
    // One attempt inside `wrapper` stands for it; two inside `either` do not.
    assert_eq!(record(one_inside, "1"), (0, vec![word], vec![]));
    assert_eq!(record(two_inside, "!"), (0, vec![either], vec![]));
    // Past "a.b", only what could follow there.
    assert_eq!(record(further, "a.b:x"), (4, vec![number], vec![]));
    // Inside the atomic `atomic_word`, `word` is not tracked; inside the
    // compound-atomic `compound` (at byte 2) it is.
    assert_eq!(record(in_atomic, "a-!"), (2, vec![word], vec![]));
    assert_eq!(record(in_atomic, "a-b!"), (3, vec![EOI, number], vec![]));
    // A positive lookahead's failure is expected; so is a double negation's.
    assert_eq!(record(ahead, "x"), (0, vec![number], vec![]));
    assert_eq!(record(twice_not, "a"), (0, vec![sign], vec![]));
    // A silent rule adds no attempt of its own.
    assert_eq!(
        record(through_silent, "a/!"),
        (2, vec![word, number], vec![])
    );
}
