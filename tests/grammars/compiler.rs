//! The grammar compiler (`rfc3986-generator`), checked on small grammars of
//! its own (`tests/grammars/*.pest`) through `#[derive(rfc3986::Grammar)]`,
//! as a user's grammar goes: each is compiled by the derive (with
//! `#[grammar_base = "none"]`: the file's rules alone) and derived by
//! pest_derive, and the two parsers must give the same verdict, the same
//! pairs and the same error from every rule, on every string up to a
//! length over the grammar's alphabet. The compiler is also run directly on
//! grammars it must refuse.

use std::fmt::Debug;

use rfc3986::__private::runtime::Node;

/// The rule of `all` with the name of `rule`: the derive declares the
/// variants pest_derive declares for the same file.
fn same_rule<A: Debug, B: Copy + Debug>(rule: A, all: &[B]) -> B {
    let name = format!("{rule:?}");
    *all.iter()
        .find(|other| format!("{other:?}") == name)
        .unwrap_or_else(|| panic!("no rule {name}"))
}

/// A grammar under `tests/grammars`, derived by pest_derive and compiled
/// by `#[derive(rfc3986::Grammar)]`, with what the comparison needs of
/// each, over the derive's `Rule`.
macro_rules! grammar {
    ($name:ident, $file:literal) => {
        mod $name {
            use super::{same_rule, Node};

            mod derived {
                #[derive(pest_derive::Parser)]
                #[grammar = $file]
                pub struct Derived;

                // No rule of it is an RFC rule.
                rfc3986::__uri_rule_table!(@impl Rule,);
            }

            mod compiled {
                #[derive(rfc3986::Grammar)]
                #[grammar = $file]
                #[grammar_base = "none"]
                #[scheme = "test"]
                pub struct Compiled;
            }

            pub use compiled::{Compiled, Rule};

            /// pest_derive's pairs of `input` from `rule`, in preorder, or
            /// its error, as the derive's rules.
            pub fn derived(rule: Rule, input: &str) -> super::Outcome<Rule> {
                use pest::error::{ErrorVariant, InputLocation};
                use pest::Parser;
                let all = <Compiled as rfc3986::__private::CompiledGrammar>::RULES;
                let entry = same_rule(rule, derived::Rule::all_rules());
                rfc3986::__private::error_detail();
                match derived::Derived::parse(entry, input) {
                    Ok(pairs) => Ok(pairs
                        .flatten()
                        .map(|pair| Node {
                            rule: same_rule(pair.as_rule(), all),
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
                            panic!("a custom error from {rule:?} on {input:?}");
                        };
                        let map = |rules: Vec<derived::Rule>| {
                            rules.into_iter().map(|r| same_rule(r, all)).collect()
                        };
                        Err(super::Failure {
                            pos,
                            far,
                            positives: map(positives),
                            negatives: map(negatives),
                        })
                    }
                }
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
                "{rule:?} on {input:?}: compiled, then pest_derive"
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
conformance!(
    recursive_rules,
    recursion,
    ["(", ")", "x", "+", "[", "]", ","],
    7
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
    };
    let err = rfc3986_generator::compile("x = { \"x\" }\na = { b }", &options).unwrap_err();
    assert_eq!((err.rule.as_str(), err.line), ("a", Some(2)), "{err}");
    assert!(err.message.contains("rule b is undefined"), "{err}");
    let err = rfc3986_generator::compile("a = { (\"\")* }", &options).unwrap_err();
    assert!(err.message.contains("repeat"), "{err}");
    let err = rfc3986_generator::compile("a = { \"a\" }\nb = { b ~ \"b\" }", &options).unwrap_err();
    assert_eq!((err.rule.as_str(), err.line), ("b", Some(2)), "{err}");
    assert!(err.message.contains("left-recursive"), "{err}");
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
