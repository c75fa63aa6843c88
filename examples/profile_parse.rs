//! Parses the benchmark corpus once, for a profiler: the parse-time profile
//! in BENCHMARKS.md comes from
//!
//! ```text
//! CARGO_PROFILE_RELEASE_DEBUG=true cargo build --release --example profile_parse
//! valgrind --tool=callgrind target/release/examples/profile_parse rfc3986
//! callgrind_annotate --inclusive=yes callgrind.out.*
//! ```
//!
//! The argument picks the parser: `rfc3986` (the default), `rfc3986-valid`
//! (`Uri::is_valid`, the verdict alone), `rfc3986-display` and
//! `fluent-uri-display` (the parse, and the error's text where it is one),
//! `rfc3986-lints`, `rfc3986-policy` and `rfc3986-suggest` (the parse, then
//! the checks of `benches/compare.rs`'s `checks` group: the lints, a policy,
//! the error's suggested fix; the policy is built once, as in the bench),
//! `pest-derive`
//! (the crate's pest_derive parser, through `parse_with`), `fluent-uri`,
//! `oxiri`, `iri-string`, or `none` (only generate the corpus, to subtract
//! its cost). With `iri-` in front (`iri-rfc3986`, `iri-fluent-uri`,
//! `iri-oxiri`, `iri-iri-string`, `iri-none`), an IRI parser on the IRI
//! corpus (`corpus::iri_corpus`). With `rejected-` in front
//! (`rejected-rfc3986`, `rejected-fluent-uri`, `rejected-none`, ...), a
//! URI parser on the corpus with a stray character in each reference, which
//! every parser rejects (`corpus::rejected`); with `second-`, on the second
//! corpus (`grammar_walk::second`: the bench's `parse-second` group); with
//! `real-world-`, on strings
//! of the kinds found in documentation (`corpus::real_world_invalid`).
//!
//! The corpora of the bench's `user-grammar` and `schemes` groups: with a
//! grammar's name in front (`redis-`, `ssh-`, `s3-`, `tel-`), a parser on
//! its 10,000 URIs (`benches/support/user.rs`), where `derive` is the
//! grammar's parse through `#[derive(rfc3986::Grammar)]`; with a scheme's
//! (`http-`, `mailto-`, `urn-`, `file-`), on the URIs of that scheme its
//! type accepts (`benches/support/schemes.rs`), where `typed` is the scheme
//! type's parse (`HttpUri::parse`...); after a grammar's name, `match` is
//! its compiled parser from the same entry rule recording nothing (the cost
//! of its rules alone), and `pairs` its `parse_pairs` (the rules and the
//! pairs, without the generic reference), so that a derived parse's cost
//! splits into its rules, its pairs and its reading. `rfc3986`, `fluent-uri` and `none`
//! after either, as above: `valgrind --tool=callgrind
//! target/release/examples/profile_parse tel-derive`, less `tel-none`, over
//! 10,000 is the derive's instructions per tel URI.
//!
//! The `literal-*` workloads are the bench's `literal` group, its six
//! references read `LITERAL_ROUNDS` times: `literal-static` (`static`
//! literals of `rfc3986-macros`), `literal-parse` (`Uri::parse` of their
//! text, then the same reads) and `literal-none`.
//!
//! The `template-*` workloads are those of the bench's `template-*` groups,
//! on RFC 6570's examples (`benches/support/templates.rs`), gone over
//! `TEMPLATE_ROUNDS` times: `template-expand` (`Template::expand`, the
//! templates parsed and the variables built beforehand), `template-parse`
//! (`Template::parse`), `template-match` (`Template::match_uri` of each
//! example's expansion), the peers' expansions `template-iri-string` and
//! `template-uritemplate-next`, and `template-none`, which builds every
//! crate's templates and variables and does nothing with them.

#[path = "../benches/support/corpus.rs"]
mod corpus;
#[path = "../benches/support/grammar_walk.rs"]
mod grammar_walk;
#[path = "../benches/support/literals.rs"]
mod literals;
#[path = "../benches/support/schemes.rs"]
mod scheme_inputs;
#[path = "../benches/support/templates.rs"]
mod template_inputs;
#[path = "../benches/support/user.rs"]
mod user_grammars;

fn main() {
    let which = std::env::args().nth(1).unwrap_or_else(|| "rfc3986".into());
    if let Some(workload) = which.strip_prefix("template-") {
        return template(workload);
    }
    if let Some(workload) = which.strip_prefix("literal-") {
        return literal(workload);
    }
    // `iri-string` alone is that crate's URI parser, on the URI corpus.
    // `rejected-` in front: the same parser on the corpus with one stray
    // character in each reference (the bench's `rejected` group).
    // `real-world-` in front: strings of the kinds found in documentation
    // that RFC 3986 rejects (the bench's `rejected-real-world` group, before
    // it keeps only those fluent-uri rejects).
    // A grammar's or a scheme's name in front: its corpus, and its own
    // parse as `derive` or `typed`.
    let mut own: Option<fn(&str) -> usize> = None;
    let mut layers: Option<Layers> = None;
    let grammar = which.split_once('-').and_then(|(prefix, rest)| {
        let derived = user_grammars::DERIVED
            .iter()
            .find(|(name, _)| *name == prefix);
        let typed = scheme_inputs::TYPED
            .iter()
            .find(|(name, _, _)| *name == prefix);
        match (derived, typed) {
            (Some((name, read)), _) => {
                own = Some(*read);
                layers = derived_layers(name);
                Some((user_grammars::inputs(name), rest.to_string()))
            }
            (_, Some((name, _, read))) => {
                own = Some(*read);
                Some((scheme_inputs::inputs(name).0, rest.to_string()))
            }
            _ => None,
        }
    });
    let (corpus, which) = if let Some(grammar) = grammar {
        grammar
    } else if let Some(which) = which.strip_prefix("rejected-") {
        (corpus::rejected(), which.to_string())
    } else if let Some(which) = which.strip_prefix("second-") {
        (grammar_walk::second(), which.to_string())
    } else if let Some(which) = which.strip_prefix("real-world-") {
        (corpus::real_world_invalid(3986, 4_000), which.to_string())
    } else if which.starts_with("iri-") && which != "iri-string" {
        (corpus::iri_corpus(), which)
    } else {
        (corpus::standard(), which)
    };
    let read: fn(&str) -> usize = match which.as_str() {
        "rfc3986" => |s| rfc3986::Uri::parse(s).map_or(0, |uri| uri.path().len()),
        "fluent-uri" => |s| fluent_uri::UriRef::parse(s).map_or(0, |uri| uri.path().as_str().len()),
        // The verdict alone, and the error's text where it is an error.
        "rfc3986-valid" => |s| usize::from(rfc3986::Uri::is_valid(s)),
        "rfc3986-display" => {
            |s| rfc3986::Uri::parse(s).map_or_else(|e| e.to_string().len(), |uri| uri.path().len())
        }
        "fluent-uri-display" => |s| {
            fluent_uri::UriRef::parse(s)
                .map_or_else(|e| e.to_string().len(), |uri| uri.path().as_str().len())
        },
        "pest-derive" => |s| {
            use rfc3986::{parse_with, Rule, UriParser};
            parse_with::<UriParser, Rule>(Rule::uri_reference_input, s)
                .map_or(0, |uri| uri.path().len())
        },
        "oxiri" => |s| oxiri::IriRef::parse(s).map_or(0, |uri| uri.path().len()),
        "iri-string" => {
            |s| iri_string::types::UriReferenceStr::new(s).map_or(0, |uri| uri.path_str().len())
        }
        "iri-rfc3986" => |s| rfc3986::Iri::parse(s).map_or(0, |iri| iri.path().len()),
        "iri-fluent-uri" => {
            |s| fluent_uri::IriRef::parse(s).map_or(0, |iri| iri.path().as_str().len())
        }
        "iri-oxiri" => |s| oxiri::IriRef::parse(s).map_or(0, |iri| iri.path().len()),
        "iri-iri-string" => {
            |s| iri_string::types::IriReferenceStr::new(s).map_or(0, |iri| iri.path_str().len())
        }
        "derive" | "typed" if own.is_some() => own.unwrap_or(|_| 0),
        "match" if layers.is_some() => layers.map_or(|_| 0, |(rules, _)| rules),
        "pairs" if layers.is_some() => layers.map_or(|_| 0, |(_, pairs)| pairs),
        // The checks of issue 36, after the parse (`rejected-` in front for
        // the suggestion): what `benches/compare.rs`'s `checks` group times.
        "rfc3986-lints" => |s| rfc3986::Uri::parse(s).map_or(0, |uri| uri.lints().len()),
        "rfc3986-policy" => |s| {
            static POLICY: std::sync::OnceLock<rfc3986::Policy> = std::sync::OnceLock::new();
            let policy = POLICY.get_or_init(corpus::checks_policy);
            rfc3986::Uri::parse(s).map_or(0, |uri| usize::from(policy.check(&uri).is_ok()))
        },
        "rfc3986-suggest" => |s| {
            rfc3986::Uri::parse(s).map_or_else(
                |e| e.suggestion(s).map_or(0, |fix| fix.as_str().len()),
                |uri| uri.path().len(),
            )
        },
        "none" | "iri-none" => |_| 0,
        other => {
            eprintln!("unknown parser {other:?}: [iri-]rfc3986, pest-derive, [iri-]fluent-uri, [iri-]oxiri, [iri-]iri-string or [iri-]none, or derive, match, pairs (a grammar) or typed (a scheme) after its name");
            std::process::exit(2);
        }
    };
    // A second argument repeats the parses, for a sampling profiler
    // (`perf record`), which needs more than one pass to see anything.
    let rounds: usize = std::env::args()
        .nth(2)
        .and_then(|n| n.parse().ok())
        .unwrap_or(1);
    let mut total = 0;
    for _ in 0..rounds {
        total += corpus.iter().map(|s| read(s)).sum::<usize>();
    }
    println!("{} references, {total} bytes of path", corpus.len());
}

/// How many times the template workloads go over the RFC's examples, so
/// that what they count is their work more than the program's start.
const TEMPLATE_ROUNDS: usize = 1_000;

/// The `template-*` workload `workload` (after `template-`): every crate's
/// templates and variables are built first, whatever the workload, so that
/// `template-none` subtracts them.
/// How many times the `literal-*` workloads read their six references.
const LITERAL_ROUNDS: usize = 10_000;

/// The `literal-*` workloads: the bench's `literal` group, its six
/// references read `LITERAL_ROUNDS` times as `static` literals (`static`)
/// or parsed from their text first (`parse`); `none` reads nothing.
fn literal(workload: &str) {
    let texts = literals::texts();
    let read: &dyn Fn() -> usize = match workload {
        "static" => &|| literals::read_static(std::hint::black_box(&literals::LITERALS)),
        "parse" => &|| literals::read_parsed(std::hint::black_box(&texts)),
        "none" => &|| std::hint::black_box(texts.len()),
        other => {
            eprintln!("unknown literal workload {other:?}: static, parse or none");
            std::process::exit(2);
        }
    };
    let total: usize = (0..LITERAL_ROUNDS).map(|_| read()).sum();
    println!("{total}");
}

fn template(workload: &str) {
    use iri_string::template::UriTemplateStr;
    use rfc3986::Template;

    let cases = template_inputs::spec_cases();
    let ours: Vec<_> = cases
        .iter()
        .map(|case| {
            let template = Template::parse(case.template.as_str()).expect("a spec template");
            (template, template_inputs::rfc3986_vars(&case.vars))
        })
        .collect();
    let iri_string: Vec<_> = cases
        .iter()
        .map(|case| {
            (
                UriTemplateStr::new(&case.template).expect("a spec template"),
                template_inputs::iri_string_context(&case.vars),
            )
        })
        .collect();
    let uritemplate: Vec<_> = cases
        .iter()
        .map(|case| template_inputs::uritemplate_next(&case.template, &case.vars))
        .collect();
    let expand = |i: usize| {
        let (template, vars) = &ours[i];
        template.expand(vars).map_or(0, |uri| uri.as_str().len())
    };
    let parse = |i: usize| {
        Template::parse(cases[i].template.as_str()).map_or(0, |t| 1 + t.expressions().len())
    };
    let match_uri = |i: usize| {
        ours[i]
            .0
            .match_uri(&cases[i].expected[0])
            .map_or(0, |vars| 1 + vars.len())
    };
    let iri_string_expand = |i: usize| {
        let (template, context) = &iri_string[i];
        template_inputs::iri_string_expand(template, context).map_or(0, |s| s.len())
    };
    let uritemplate_expand = |i: usize| uritemplate[i].build().len();
    let none = |_: usize| 0;
    let read: &dyn Fn(usize) -> usize = match workload {
        "expand" => &expand,
        "parse" => &parse,
        "match" => &match_uri,
        "iri-string" => &iri_string_expand,
        "uritemplate-next" => &uritemplate_expand,
        "none" => &none,
        other => {
            eprintln!("unknown template workload {other:?}: template-expand, template-parse, template-match, template-iri-string, template-uritemplate-next or template-none");
            std::process::exit(2);
        }
    };
    let rounds = TEMPLATE_ROUNDS
        * std::env::args()
            .nth(2)
            .and_then(|n| n.parse().ok())
            .unwrap_or(1);
    let mut total = 0;
    for _ in 0..rounds {
        total += (0..cases.len()).map(read).sum::<usize>();
    }
    println!(
        "{} template operations ({} examples), {total} bytes or variables",
        rounds * cases.len(),
        cases.len()
    );
}

/// A user grammar's parse without its generic reading: its rules alone,
/// and its rules with its pairs.
type Layers = (fn(&str) -> usize, fn(&str) -> usize);

/// For the user grammar `name`: its compiled parser from its entry rule,
/// recording nothing (the end of the match, plus one), and its
/// `parse_pairs` (how many pairs).
fn derived_layers(name: &str) -> Option<Layers> {
    use rfc3986::__private::runtime::Parse;
    use rfc3986::__private::CompiledGrammar;
    use rfc3986::schemes::Grammar;
    /// `G`'s compiled parser from `rule`, recording nothing.
    fn rules<G: Grammar>(rule: G::Rule, s: &str) -> usize {
        let mut parse = Parse::with_sink(s, ());
        G::Compiled::run_with(rule, &mut parse).map_or(0, |end| end + 1)
    }
    /// `G::parse_pairs` from `rule`: how many pairs.
    fn pairs<G: Grammar>(rule: G::Rule, s: &str) -> usize {
        G::parse_pairs(rule, s).map_or(0, |p| p.len())
    }
    /// Both, for grammar `$g` from its entry rule `$entry`.
    macro_rules! layers {
        ($g:ty, $entry:expr) => {
            (|s| rules::<$g>($entry, s), |s| pairs::<$g>($entry, s))
        };
    }
    use user_grammars::{redis, s3, ssh, tel};
    Some(match name {
        "redis" => layers!(redis::Redis, redis::Rule::redis_input),
        "ssh" => layers!(ssh::Ssh, ssh::Rule::ssh_input),
        "s3" => layers!(s3::S3, s3::Rule::s3_input),
        "tel" => layers!(tel::Tel, tel::Rule::tel_input),
        _ => return None,
    })
}
