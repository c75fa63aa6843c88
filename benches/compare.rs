//! `rfc3986` side by side with the crates a user would otherwise pick, in one
//! run, on the same inputs.
//!
//! ```text
//! cargo bench --bench compare
//! ```
//!
//! Groups:
//!
//! - `parse`: every crate parses the 10,000 references of the seeded corpus
//!   (`support/corpus.rs`) and reads the authority and path of each result,
//!   so nothing is optimized away. `rfc3986` is `Uri::parse`, which runs
//!   the parser the build script compiles from `uri.pest`; `pest_derive`
//!   is the same through the parser pest_derive generates from the same
//!   file (`parse_with`), the crate's only parser before. `pest-floor` is a
//!   parser derived from a one-rule pest grammar that only checks every
//!   byte is in the URI alphabet: the least any pest-derived parser can
//!   cost on this corpus.
//! - `parse-second`: `rfc3986`, `fluent-uri` and `oxiri` on a second
//!   corpus, generated another way (`support/grammar_walk.rs`: RFC 3986's
//!   ABNF walked with random choices, every character a rule allows, 40%
//!   relative references, 20% IP literals, long queries), so that a
//!   figure of `parse` that holds on one corpus is checked on another.
//! - `parse-iri`: the IRI parsers (`Iri::parse`, fluent-uri's `IriRef`,
//!   oxiri's `IriRef`, iri-string's `IriReferenceStr`) on the same corpus
//!   with words replaced by non-ASCII ones where RFC 3987 allows them
//!   (`corpus::iri_corpus`).
//! - `rejected`: 10,000 references of the corpus with one character
//!   replaced by one no URI may hold (a space, `<`, `"`, ...); every crate
//!   rejects each. Rows: the verdict alone (`rfc3986` is `Uri::is_valid`);
//!   `/error`, the parse's error and its byte (`rfc3986` explains each
//!   rejection, kind, byte and what was expected, with the compiled
//!   parser's diagnostic variant); `/display`, the error's message as a
//!   `String`. Each is compared with fluent-uri's row of the same name.
//! - `rejected-real-world`: a few thousand strings of the kinds a program
//!   meets where it expects a URI, which RFC 3986 rejects (prose around a
//!   link, `<...>`, regular expressions, Rust types, Windows paths,
//!   placeholders: `corpus::real_world_invalid`).
//! - `schemes`: the `http`/`https`, `mailto`, `urn` and `file` URIs of a
//!   larger corpus that their types accept (`support/schemes.rs`), each
//!   parsed by its scheme type (`HttpUri`, `Mailto`, `Urn`, `FileUri`) and
//!   by pest_derive's parsers of the same grammars, against fluent-uri's
//!   generic parse of the same. A second table gives each type over
//!   fluent-uri, beside issue 32's bar.
//! - `scaling`: one URI of 100 B, 10 KiB, 1 MiB and 10 MiB, parsed by
//!   `rfc3986` and `fluent-uri`, and the 10 MiB one with a bad last byte
//!   (`rejected`). A second table gives the time per byte at each length,
//!   the cost of a byte from 10 KiB to 1 MiB and, from it, the fixed cost
//!   of a parse, which dominates at 100 B, and the rejected 10 MiB parse
//!   over the valid one.
//! - `resolve`: the relative references of the corpus and the 23 normal
//!   examples of RFC 3986 section 5.4.1, each resolved against a base with
//!   four path segments. Inputs are parsed beforehand: only resolution is
//!   timed.
//! - `normalize`: the RFC's `eXAMPLE://a/./b/../b/%63/%7bfoo%7d`, and the
//!   absolute URIs of the corpus (`iri-string` normalizes only those).
//! - `to_string`: the text of resolved URIs, as a new `String`.
//! - `user-grammar`: grammars of users' own (`support/user.rs`), 10,000
//!   URIs of each from a seeded generator: redis
//!   (`examples/custom_scheme/redis.pest`), ssh, S3 and tel (RFC 3966)
//!   (`tests/grammars/user/{ssh,s3,tel}.pest`). Rows `route/grammar`: the
//!   grammar through `#[derive(Grammar)]` (`derive`), `Uri::parse`
//!   (`rfc3986`) and fluent-uri's generic parse of the same inputs, and for
//!   redis pest_derive's parser of the same file with `parse_scheme`
//!   (`parse_with` lowers only a tree that holds the generic components,
//!   which redis.pest's does not). A second table gives each route relative
//!   to `Uri::parse`, beside issue 32's bar for the derive.
//! - `checks`: what a reference from untrusted hands costs beyond its
//!   parse (issue 36), each row beside the parse it follows, on the same
//!   inputs. No peer row: no other Rust crate has these checks. On the
//!   standard corpus, `parse` (`Uri::parse`), `parse+lints`
//!   (`Reference::lints`) and `parse+policy` (a [`rfc3986::Policy`] of
//!   schemes, host suffixes, ports, no password and a length); on the
//!   `resolve` group's references against its base, `resolve` and
//!   `resolve_within` (containment in the base's directory); on the
//!   `rejected` corpus, `rejected/error` (the parse and its error) and
//!   `rejected/suggestion` (the same, then `ParseError::suggestion`).
//! - `literal`: six references as `static` literals of `rfc3986-macros`
//!   (`uri!`), each read through its accessors (`static`), beside
//!   `Uri::parse` of the same texts and the same reads (`parse`): what a
//!   literal saves, since its bounds were computed when it was compiled.
//!   No peer row: no other Rust crate checks a whole URI literal at
//!   compile time into a value its accessors read.
//! - `edit`: building a URI with the builder (components as text, and
//!   decoded), and changing one component of a parsed one with each setter.
//!   No peer row: the group is for comparing this crate with itself
//!   before and after a change (BENCHMARKS.md), and reports times only.
//! - `template-expand`, `template-parse`, `template-match`: URI Templates
//!   (RFC 6570) on the examples of the RFC, all four levels
//!   (`support/templates.rs`: `tests/template/data/spec-examples.json`,
//!   but the case whose template holds `'`, which the grammar rejects).
//!   `template-expand`: each template expanded with the variables of its
//!   level, parsed beforehand, by `rfc3986` (`Template::expand`, the
//!   result checked by the crate's grammar), `iri-string`
//!   (`UriTemplateStr::expand`, written to a `String`) and
//!   `uritemplate-next` (`UriTemplate::build`); the `/parse+expand` rows
//!   parse the template each time too. `template-parse`: each template
//!   parsed (`Template::parse`; iri-string's `UriTemplateStr::new`, which
//!   validates and records nothing; uritemplate-next's `UriTemplate::new`,
//!   which splits the template into its parts and checks nothing).
//!   `template-match`: `Template::match_uri` of each example's expansion;
//!   no peer row, no other Rust crate matches. A table of each row's
//!   median and its ratio to iri-string's row of the same name follows.
//!
//! After the groups have run, a table of the median time of each row and its
//! ratio to `fluent-uri` in the same group is printed (from criterion's
//! `target/criterion/*/*/new/estimates.json`); `BENCHMARKS.md` records it.

extern crate alloc;

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, BenchmarkId, Criterion, Throughput};

#[path = "support/corpus.rs"]
mod corpus;
#[path = "support/edit.rs"]
mod edit_inputs;
#[path = "support/grammar_walk.rs"]
mod grammar_walk;
#[path = "support/literals.rs"]
mod literals;
#[path = "support/schemes.rs"]
mod scheme_inputs;
#[path = "support/templates.rs"]
mod template_inputs;
#[path = "support/user.rs"]
mod user_grammars;

/// What every row reads of each result: 1 plus the length of the authority
/// and of the path, so that 0 means the crate rejected the reference.
type Reader = fn(&str) -> usize;

fn rfc3986(s: &str) -> usize {
    match rfc3986::Uri::parse(s) {
        Ok(uri) => 1 + uri.authority().map_or(0, |a| a.as_str().len()) + uri.path().len(),
        Err(_) => 0,
    }
}

fn fluent_uri(s: &str) -> usize {
    match fluent_uri::UriRef::parse(s) {
        Ok(uri) => 1 + uri.authority().map_or(0, |a| a.as_str().len()) + uri.path().as_str().len(),
        Err(_) => 0,
    }
}

fn oxiri(s: &str) -> usize {
    match oxiri::IriRef::parse(s) {
        Ok(iri) => 1 + iri.authority().map_or(0, str::len) + iri.path().len(),
        Err(_) => 0,
    }
}

fn iri_string(s: &str) -> usize {
    match iri_string::types::UriReferenceStr::new(s) {
        Ok(uri) => 1 + uri.authority_str().map_or(0, str::len) + uri.path_str().len(),
        Err(_) => 0,
    }
}

fn iref(s: &str) -> usize {
    match iref::UriRef::new(s) {
        Ok(uri) => 1 + uri.authority().map_or(0, |a| a.as_str().len()) + uri.path().as_str().len(),
        Err(_) => 0,
    }
}

fn rhymuri(s: &str) -> usize {
    match rhymuri::Uri::parse(s) {
        Ok(uri) => {
            1 + uri.authority().map_or(0, |a| a.host().len())
                + uri.path().iter().map(Vec::len).sum::<usize>()
        }
        Err(_) => 0,
    }
}

/// `url` implements the WHATWG URL standard, which has no relative reference
/// on its own: every reference is parsed against a base, so `url` also
/// resolves and normalizes the relative ones. It is the parser many reach
/// for, so it is here, with that caveat.
fn url(s: &str) -> usize {
    thread_local! {
        static BASE: url::Url = url::Url::parse("http://example.com/a/b/c/d").unwrap();
    }
    BASE.with(
        |base| match url::Url::options().base_url(Some(base)).parse(s) {
            Ok(url) => 1 + url.host_str().map_or(0, str::len) + url.path().len(),
            Err(_) => 0,
        },
    )
}

mod floor {
    use pest_derive::Parser;

    /// The cheapest pest parser that still looks at every byte of a URI: one
    /// atomic rule over the characters RFC 3986 allows.
    #[derive(Parser)]
    #[grammar_inline = r##"
floor = @{ SOI ~ ('a'..'z' | 'A'..'Z' | '0'..'9' | "-" | "." | "_" | "~" | ":" | "/" | "?" | "#" | "[" | "]" | "@" | "!" | "$" | "&" | "'" | "(" | ")" | "*" | "+" | "," | ";" | "=" | "%")* ~ EOI }
"##]
    pub struct Floor;
}

/// `Uri::parse` as it was before the compiled parser: the same grammar,
/// lowering and checks, through pest_derive's parser.
fn pest_derive(s: &str) -> usize {
    use rfc3986::{parse_with, Rule, UriParser};
    match parse_with::<UriParser, Rule>(Rule::uri_reference_input, s) {
        Ok(uri) => 1 + uri.authority().map_or(0, |a| a.as_str().len()) + uri.path().len(),
        Err(_) => 0,
    }
}

fn pest_floor(s: &str) -> usize {
    use pest::Parser;
    match floor::Floor::parse(floor::Rule::floor, s) {
        Ok(pairs) => 1 + pairs.as_str().len(),
        Err(_) => 0,
    }
}

/// The owned rows: each crate given a `String` (copied from the corpus,
/// the copy in the measurement), kept as the parsed value's storage.
fn rfc3986_owned(s: &str) -> usize {
    match rfc3986::Uri::parse(String::from(s)) {
        Ok(uri) => 1 + uri.authority().map_or(0, |a| a.as_str().len()) + uri.path().len(),
        Err(_) => 0,
    }
}

fn fluent_uri_owned(s: &str) -> usize {
    match fluent_uri::UriRef::parse(String::from(s)) {
        Ok(uri) => 1 + uri.authority().map_or(0, |a| a.as_str().len()) + uri.path().as_str().len(),
        Err(_) => 0,
    }
}

fn oxiri_owned(s: &str) -> usize {
    match oxiri::IriRef::parse(String::from(s)) {
        Ok(iri) => 1 + iri.authority().map_or(0, str::len) + iri.path().len(),
        Err(_) => 0,
    }
}

/// The rows of the `parse` group, `fluent-uri` (the reference for ratios)
/// first. The unmarked rows parse a `&str` and borrow it; the `/owned`
/// rows parse a `String` copy of it.
const PARSERS: [(&str, Reader); 12] = [
    ("fluent-uri", fluent_uri),
    ("rfc3986", rfc3986),
    ("fluent-uri/owned", fluent_uri_owned),
    ("rfc3986/owned", rfc3986_owned),
    ("oxiri/owned", oxiri_owned),
    ("pest_derive", pest_derive),
    ("oxiri", oxiri),
    ("iri-string", iri_string),
    ("iref", iref),
    ("rhymuri", rhymuri),
    ("url", url),
    ("pest-floor", pest_floor),
];

fn parse(c: &mut Criterion) {
    let corpus = corpus::standard();
    let bytes: usize = corpus.iter().map(String::len).sum();
    eprintln!(
        "corpus: {} references, {bytes} bytes, {:.1} bytes each",
        corpus.len(),
        bytes as f64 / corpus.len() as f64
    );
    for (name, read) in PARSERS {
        let rejected = corpus.iter().filter(|s| read(s) == 0).count();
        eprintln!("{name:>10} rejects {rejected} of them");
    }
    let mut group = c.benchmark_group("parse");
    group.throughput(Throughput::Elements(corpus.len() as u64));
    for (name, read) in PARSERS {
        group.bench_function(name, |b| {
            b.iter(|| corpus.iter().map(|s| read(black_box(s))).sum::<usize>())
        });
    }
    group.finish();
}

/// The rows of the `parse-second` group, `fluent-uri` first.
const SECOND_PARSERS: [(&str, Reader); 3] = [
    ("fluent-uri", fluent_uri),
    ("rfc3986", rfc3986),
    ("oxiri", oxiri),
];

fn parse_second(c: &mut Criterion) {
    let corpus = grammar_walk::second();
    let bytes: usize = corpus.iter().map(String::len).sum();
    eprintln!(
        "second corpus: {} references, {bytes} bytes, {:.1} bytes each",
        corpus.len(),
        bytes as f64 / corpus.len() as f64
    );
    // Valid by construction: each RFC 3986 parser accepts each.
    for (name, read) in SECOND_PARSERS {
        if let Some(s) = corpus.iter().find(|s| read(s) == 0) {
            panic!("{name} rejects {s:?} of the second corpus");
        }
    }
    let mut group = c.benchmark_group("parse-second");
    group.throughput(Throughput::Elements(corpus.len() as u64));
    for (name, read) in SECOND_PARSERS {
        group.bench_function(name, |b| {
            b.iter(|| corpus.iter().map(|s| read(black_box(s))).sum::<usize>())
        });
    }
    group.finish();
}

/// The rows of the `parse-iri` group: IRI parsers on the IRI corpus
/// (`corpus::iri_corpus`), `fluent-uri` first.
const IRI_PARSERS: [(&str, Reader); 4] = [
    ("fluent-uri", |s| match fluent_uri::IriRef::parse(s) {
        Ok(iri) => 1 + iri.authority().map_or(0, |a| a.as_str().len()) + iri.path().as_str().len(),
        Err(_) => 0,
    }),
    ("rfc3986", |s| match rfc3986::Iri::parse(s) {
        Ok(iri) => 1 + iri.authority().map_or(0, |a| a.as_str().len()) + iri.path().len(),
        Err(_) => 0,
    }),
    ("oxiri", oxiri),
    (
        "iri-string",
        |s| match iri_string::types::IriReferenceStr::new(s) {
            Ok(iri) => 1 + iri.authority_str().map_or(0, str::len) + iri.path_str().len(),
            Err(_) => 0,
        },
    ),
];

fn parse_iri(c: &mut Criterion) {
    let corpus = corpus::iri_corpus();
    let international = corpus.iter().filter(|s| !s.is_ascii()).count();
    eprintln!(
        "IRI corpus: {} references, {international} with characters above ASCII",
        corpus.len()
    );
    for (name, read) in IRI_PARSERS {
        let rejected = corpus.iter().filter(|s| read(s) == 0).count();
        eprintln!("{name:>10} rejects {rejected} of them");
    }
    let mut group = c.benchmark_group("parse-iri");
    group.throughput(Throughput::Elements(corpus.len() as u64));
    for (name, read) in IRI_PARSERS {
        group.bench_function(name, |b| {
            b.iter(|| corpus.iter().map(|s| read(black_box(s))).sum::<usize>())
        });
    }
    group.finish();
}

/// The rows of the `rejected` groups, `fluent-uri` first: each crate's
/// verdict (`rfc3986`: `Uri::is_valid`); `/error`, the parse's error and
/// its byte (`rfc3986`'s explains the rejection with a diagnostic parse);
/// `/display`, the error's message as a `String`.
const REJECTERS: [(&str, Reader); 9] = [
    ("fluent-uri", |s| {
        usize::from(fluent_uri::UriRef::parse(s).is_err())
    }),
    ("rfc3986", |s| usize::from(!rfc3986::Uri::is_valid(s))),
    ("fluent-uri/error", |s| {
        fluent_uri::UriRef::parse(s).map_or_else(|e| 1 + e.index(), |_| 0)
    }),
    ("rfc3986/error", |s| {
        rfc3986::Uri::parse(s).map_or_else(|e| 1 + e.offset(), |_| 0)
    }),
    ("fluent-uri/display", |s| {
        fluent_uri::UriRef::parse(s).map_or_else(|e| e.to_string().len(), |_| 0)
    }),
    ("rfc3986/display", |s| {
        rfc3986::Uri::parse(s).map_or_else(|e| e.to_string().len(), |_| 0)
    }),
    ("oxiri", |s| usize::from(oxiri::IriRef::parse(s).is_err())),
    ("iri-string", |s| {
        usize::from(iri_string::types::UriReferenceStr::new(s).is_err())
    }),
    ("url", |s| usize::from(url(s) == 0)),
];

/// Each crate on `inputs`, which RFC 3986 rejects: the two RFC 3986
/// parsers reject each (the others may accept some).
fn reject_group(c: &mut Criterion, group: &str, inputs: &[String]) {
    let mut group = c.benchmark_group(group);
    group.throughput(Throughput::Elements(inputs.len() as u64));
    for (name, reject) in REJECTERS {
        if name.starts_with("fluent-uri") || name.starts_with("rfc3986") {
            assert!(inputs.iter().all(|s| reject(s) != 0), "{name} accepts one");
        }
        group.bench_function(name, |b| {
            b.iter(|| inputs.iter().map(|s| reject(black_box(s))).sum::<usize>())
        });
    }
    group.finish();
}

/// The rows of the `rejected` groups, by name.
fn reject_rows() -> Vec<String> {
    REJECTERS.iter().map(|(name, _)| name.to_string()).collect()
}

fn rejected(c: &mut Criterion) {
    reject_group(c, "rejected", &corpus::rejected());
    // Of the real-world kinds, the strings RFC 3986 rejects (a Rust path
    // such as `a::b` is a URI: scheme `a`, path `:b`).
    let real_world: Vec<String> = corpus::real_world_invalid(3986, 4_000)
        .into_iter()
        .filter(|s| fluent_uri::UriRef::parse(s.as_str()).is_err())
        .collect();
    assert!(real_world.len() > 3_000, "{} rejected", real_world.len());
    reject_group(c, "rejected-real-world", &real_world);
}

/// The scheme grammars through pest_derive's parsers: what the scheme
/// types ran before they ran the compiled ones.
mod before {
    macro_rules! scheme_parser {
        ($module:ident, $file:literal) => {
            pub mod $module {
                #[derive(pest_derive::Parser)]
                #[grammar = "uri.pest"]
                #[grammar = $file]
                pub struct Parser;
            }
        };
    }
    scheme_parser!(http, "src/schemes/http.pest");
    scheme_parser!(mailto, "src/schemes/mailto.pest");
    scheme_parser!(urn, "src/schemes/urn.pest");
    scheme_parser!(file, "src/schemes/file.pest");
}

/// A scheme parse as it was: the generic parse and the scheme grammar's,
/// both by pest_derive's parsers, and a look at the scheme's parse tree.
macro_rules! before {
    ($module:ident, $entry:ident) => {
        |s: &str| -> usize {
            use pest::Parser;
            use rfc3986::{parse_with, Rule, UriParser};
            let Ok(uri) = parse_with::<UriParser, Rule>(Rule::uri_reference_input, s) else {
                return 0;
            };
            match before::$module::Parser::parse(before::$module::Rule::$entry, s) {
                Ok(pairs) => uri.path().len() + pairs.flatten().count(),
                Err(_) => 0,
            }
        }
    };
}

/// The schemes of the `schemes` group.
const SCHEMES: [&str; 4] = ["http", "mailto", "urn", "file"];

/// The scheme types, each on the URIs of its scheme
/// (`support/schemes.rs`), beside fluent-uri's generic parse and the
/// scheme's grammar through pest_derive.
fn schemes(c: &mut Criterion) {
    let mut group = c.benchmark_group("schemes");
    for (scheme, _, read) in scheme_inputs::TYPED {
        let read_before: Reader = match scheme {
            "http" => before!(http, http_input),
            "mailto" => before!(mailto, mailto_input),
            "urn" => before!(urn, urn_input),
            _ => before!(file, file_input),
        };
        let (inputs, left_out) = scheme_inputs::inputs(scheme);
        eprintln!(
            "schemes/{scheme}: {} URIs ({left_out} its type rejects left out)",
            inputs.len()
        );
        // Every row accepts every input: no row measures an error path.
        for (route, read) in [
            ("fluent-uri", fluent_uri as Reader),
            ("rfc3986", read),
            ("pest_derive", read_before),
        ] {
            if let Some(s) = inputs.iter().find(|s| read(s) == 0) {
                panic!("{route} rejects the {scheme} input {s:?}");
            }
        }
        group.throughput(Throughput::Elements(inputs.len() as u64));
        group.bench_function(BenchmarkId::new("fluent-uri", scheme), |b| {
            b.iter(|| {
                inputs
                    .iter()
                    .map(|s| fluent_uri(black_box(s)))
                    .sum::<usize>()
            })
        });
        group.bench_function(BenchmarkId::new("rfc3986", scheme), |b| {
            b.iter(|| inputs.iter().map(|s| read(black_box(s))).sum::<usize>())
        });
        group.bench_function(BenchmarkId::new("pest_derive", scheme), |b| {
            b.iter(|| {
                inputs
                    .iter()
                    .map(|s| read_before(black_box(s)))
                    .sum::<usize>()
            })
        });
    }
    group.finish();
}

/// pest_derive's parser of the redis grammar (`examples/custom_scheme/redis.pest`
/// joined to `uri.pest`), for the `parse_scheme` row of `user-grammar`.
mod redis_pest {
    #[derive(pest_derive::Parser)]
    #[grammar = "uri.pest"]
    #[grammar = "examples/custom_scheme/redis.pest"]
    pub struct Redis;

    rfc3986::impl_uri_rule!(Rule);
}

/// The redis grammar through pest_derive's parser and `parse_scheme`
/// (`parse_with` lowers only a tree that holds the generic components,
/// which redis.pest's does not).
fn redis_parse_scheme(s: &str) -> usize {
    use redis_pest::{Redis, Rule};
    rfc3986::schemes::parse_scheme::<Redis, Rule>("redis", Rule::redis_input, s).map_or(
        0,
        |(uri, pairs)| {
            let db = pairs.flatten().find(|p| p.as_rule() == Rule::db_number);
            uri.host_str().map_or(0, str::len) + db.map_or(0, |p| p.as_str().len()) + 1
        },
    )
}

/// `Uri::parse` in the `user-grammar` group: the host and the path.
fn generic_host_path(s: &str) -> usize {
    rfc3986::Uri::parse(s).map_or(0, |u| u.host_str().map_or(0, str::len) + u.path().len() + 1)
}

/// The routes of the `user-grammar` group, each a row per grammar
/// (`derive/ssh`...): fluent-uri's and `Uri::parse`'s generic parse, the
/// derive's (`support/user.rs`), and for redis pest_derive's
/// (`parse_scheme`).
const USER_ROUTES: [&str; 4] = ["fluent-uri", "rfc3986", "derive", "parse_scheme"];

/// Each grammar's bar from issue 32: the derive's time over `Uri::parse`'s.
fn user_grammar_bar(grammar: &str) -> f64 {
    if grammar == "tel" {
        1.5
    } else {
        1.2
    }
}

fn user_grammar(c: &mut Criterion) {
    let mut group = c.benchmark_group("user-grammar");
    for (grammar, derived) in user_grammars::DERIVED {
        let inputs = user_grammars::inputs(grammar);
        let bytes: usize = inputs.iter().map(String::len).sum();
        eprintln!(
            "user-grammar/{grammar}: {} URIs, {:.1} bytes each",
            inputs.len(),
            bytes as f64 / inputs.len() as f64
        );
        let mut rows: Vec<(&str, Reader)> = vec![
            ("fluent-uri", fluent_uri),
            ("rfc3986", generic_host_path),
            ("derive", derived),
        ];
        if grammar == "redis" {
            rows.push(("parse_scheme", redis_parse_scheme));
        }
        // Every route accepts every input: no row measures an error path.
        for (route, read) in &rows {
            if let Some(s) = inputs.iter().find(|s| read(s) == 0) {
                panic!("{route} rejects the {grammar} input {s:?}");
            }
        }
        group.throughput(Throughput::Elements(inputs.len() as u64));
        for (route, read) in rows {
            group.bench_function(BenchmarkId::new(route, grammar), |b| {
                b.iter(|| inputs.iter().map(|s| read(black_box(s))).sum::<usize>())
            });
        }
    }
    group.finish();
}

/// The `user-grammar` rows relative to `Uri::parse` on the same inputs,
/// beside issue 32's bar for the derive.
fn user_grammar_report() {
    println!("\n| user-grammar | route | median per 10k URIs | relative to Uri::parse | bar |");
    println!("|---|---|---:|---:|---:|");
    for (grammar, _) in user_grammars::DERIVED {
        let Some(generic) = median_ns("user-grammar", &format!("rfc3986/{grammar}")) else {
            continue;
        };
        for route in USER_ROUTES {
            if let Some(time) = median_ns("user-grammar", &format!("{route}/{grammar}")) {
                let bar = if route == "derive" {
                    format!("{:.1}x", user_grammar_bar(grammar))
                } else {
                    String::new()
                };
                println!(
                    "| {grammar} | {route} | {} | {:.2}x | {bar} |",
                    human(time),
                    time / generic
                );
            }
        }
    }
}

/// The `schemes` rows relative to fluent-uri's generic parse of the same
/// URIs, beside issue 32's bar (1.5x).
fn schemes_report() {
    println!("\n| schemes | scheme type | fluent-uri | ratio | bar |");
    println!("|---|---:|---:|---:|---:|");
    for scheme in SCHEMES {
        let (Some(typed), Some(generic)) = (
            median_ns("schemes", &format!("rfc3986/{scheme}")),
            median_ns("schemes", &format!("fluent-uri/{scheme}")),
        ) else {
            continue;
        };
        println!(
            "| {scheme} | {} | {} | {:.2}x | 1.5x |",
            human(typed),
            human(generic),
            typed / generic
        );
    }
}

const BASE: &str = "http://example.com/a/b/c/d;p?q";

/// RFC 3986 section 5.4.1, the references of the normal examples.
const RFC_REFERENCES: [&str; 23] = [
    "g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s", ";x", "g;x",
    "g;x?y#s", "", ".", "./", "..", "../", "../g", "../..", "../../", "../../g",
];

/// The references the `resolve` group resolves.
fn references() -> Vec<String> {
    let mut references: Vec<String> = corpus::standard()
        .into_iter()
        .filter(|s| rfc3986::Uri::parse(s).unwrap().is_relative())
        .collect();
    references.extend(RFC_REFERENCES.iter().map(|s| s.to_string()));
    eprintln!("resolve and to_string: {} references", references.len());
    references
}

fn resolve(c: &mut Criterion) {
    let references = references();
    let mut group = c.benchmark_group("resolve");
    group.throughput(Throughput::Elements(references.len() as u64));

    let base = fluent_uri::Uri::parse(BASE).unwrap();
    let parsed: Vec<_> = references
        .iter()
        .map(|s| fluent_uri::UriRef::parse(s.as_str()).unwrap())
        .collect();
    group.bench_function("fluent-uri", |b| {
        b.iter(|| {
            parsed
                .iter()
                .map(|r| r.resolve_against(black_box(&base)).unwrap().as_str().len())
                .sum::<usize>()
        })
    });

    let base = rfc3986::Uri::parse(BASE).unwrap();
    let parsed: Vec<_> = references
        .iter()
        .map(|s| rfc3986::Uri::parse(s).unwrap())
        .collect();
    group.bench_function("rfc3986", |b| {
        b.iter(|| {
            parsed
                .iter()
                .map(|r| black_box(&base).resolve(r).unwrap().as_str().len())
                .sum::<usize>()
        })
    });

    let base = oxiri::Iri::parse(BASE).unwrap();
    let parsed: Vec<_> = references
        .iter()
        .map(|s| oxiri::IriRef::parse(s.as_str()).unwrap())
        .collect();
    group.bench_function("oxiri", |b| {
        b.iter(|| {
            parsed
                .iter()
                .map(|r| black_box(&base).resolve(r).unwrap().as_str().len())
                .sum::<usize>()
        })
    });

    use iri_string::format::ToDedicatedString;
    let base = iri_string::types::UriAbsoluteStr::new(BASE).unwrap();
    let parsed: Vec<_> = references
        .iter()
        .map(|s| iri_string::types::UriReferenceStr::new(s).unwrap())
        .collect();
    group.bench_function("iri-string", |b| {
        b.iter(|| {
            parsed
                .iter()
                .map(|r| {
                    r.resolve_against(black_box(base))
                        .to_dedicated_string()
                        .as_str()
                        .len()
                })
                .sum::<usize>()
        })
    });
    group.finish();
}

fn checks(c: &mut Criterion) {
    let mut group = c.benchmark_group("checks");
    let standard = corpus::standard();
    group.throughput(Throughput::Elements(standard.len() as u64));
    group.bench_function("parse", |b| {
        b.iter(|| {
            standard
                .iter()
                .map(|s| rfc3986::Uri::parse(black_box(s.as_str())).map_or(0, |u| u.path().len()))
                .sum::<usize>()
        })
    });
    group.bench_function("parse+lints", |b| {
        b.iter(|| {
            standard
                .iter()
                .map(|s| rfc3986::Uri::parse(black_box(s.as_str())).map_or(0, |u| u.lints().len()))
                .sum::<usize>()
        })
    });
    let policy = corpus::checks_policy();
    group.bench_function("parse+policy", |b| {
        b.iter(|| {
            standard
                .iter()
                .map(|s| {
                    rfc3986::Uri::parse(black_box(s.as_str()))
                        .map_or(0, |u| usize::from(policy.check(&u).is_ok()))
                })
                .sum::<usize>()
        })
    });

    let references = references();
    let base = rfc3986::Uri::parse(BASE).unwrap();
    let parsed: Vec<_> = references
        .iter()
        .map(|s| rfc3986::Uri::parse(s).unwrap())
        .collect();
    group.bench_function("resolve", |b| {
        b.iter(|| {
            parsed
                .iter()
                .map(|r| black_box(&base).resolve(r).map_or(0, |t| t.as_str().len()))
                .sum::<usize>()
        })
    });
    group.bench_function("resolve_within", |b| {
        b.iter(|| {
            parsed
                .iter()
                .map(|r| {
                    black_box(&base)
                        .resolve_within(r)
                        .map_or(0, |t| t.as_str().len())
                })
                .sum::<usize>()
        })
    });

    let rejected = corpus::rejected();
    group.bench_function("rejected/error", |b| {
        b.iter(|| {
            rejected
                .iter()
                .map(|s| {
                    rfc3986::Uri::parse(black_box(s.as_str())).map_or_else(|e| e.offset(), |_| 0)
                })
                .sum::<usize>()
        })
    });
    group.bench_function("rejected/suggestion", |b| {
        b.iter(|| {
            rejected
                .iter()
                .map(|s| {
                    rfc3986::Uri::parse(black_box(s.as_str())).map_or_else(
                        |e| e.suggestion(s).map_or(0, |fix| fix.as_str().len()),
                        |_| 0,
                    )
                })
                .sum::<usize>()
        })
    });
    group.finish();
}

/// The `checks` group's rows, each as a ratio to the row it follows.
fn checks_report() {
    println!("\n| checks | median | ratio to the row it follows |");
    println!("|---|---:|---:|");
    for (row, beside) in [
        ("parse", "parse"),
        ("parse+lints", "parse"),
        ("parse+policy", "parse"),
        ("resolve", "resolve"),
        ("resolve_within", "resolve"),
        ("rejected/error", "rejected/error"),
        ("rejected/suggestion", "rejected/error"),
    ] {
        let (Some(time), Some(before)) = (median_ns("checks", row), median_ns("checks", beside))
        else {
            continue;
        };
        println!("| {row} | {} | {:.2}x |", human(time), time / before);
    }
}

/// The rows of the `template-expand` group, `iri-string` (the reference
/// for ratios, and the issue's bar) first.
const TEMPLATE_EXPAND_ROWS: [&str; 5] = [
    "iri-string",
    "rfc3986",
    "uritemplate-next",
    "iri-string/parse+expand",
    "rfc3986/parse+expand",
];

/// The rows of the `template-parse` group.
const TEMPLATE_PARSE_ROWS: [&str; 3] = ["iri-string", "rfc3986", "uritemplate-next"];

/// Expansion, parsing and matching of the RFC's examples (the `template-*`
/// groups). Each crate is given the same variables, built before the
/// measurement as its own type (`support/templates.rs`).
fn template(c: &mut Criterion) {
    use iri_string::template::UriTemplateStr;
    use rfc3986::Template;

    let cases = template_inputs::spec_cases();
    let count = cases.len() as u64;
    // Each crate's expansion of each case beside the RFC's: rfc3986 gives
    // the RFC's for every one; a peer that does not is counted.
    let expected = |row: &str, expanded: &[Option<String>]| {
        let wrong: Vec<_> = cases
            .iter()
            .zip(expanded)
            .filter(|(case, got)| !got.as_ref().is_some_and(|got| case.expected.contains(got)))
            .map(|(case, got)| format!("{} -> {got:?}", case.template))
            .collect();
        eprintln!(
            "template-expand: {row} expands {} of {} examples as the RFC does{}{}",
            cases.len() - wrong.len(),
            cases.len(),
            if wrong.is_empty() { "" } else { "; not " },
            wrong.join(", ")
        );
        wrong.len()
    };

    let ours: Vec<(Template<&str>, rfc3986::template::Variables)> = cases
        .iter()
        .map(|case| {
            let template = Template::parse(case.template.as_str()).expect("a spec template");
            (template, template_inputs::rfc3986_vars(&case.vars))
        })
        .collect();
    let got: Vec<_> = ours
        .iter()
        .map(|(template, vars)| template.expand(vars).ok().map(|uri| uri.to_string()))
        .collect();
    assert_eq!(expected("rfc3986", &got), 0, "rfc3986 differs from the RFC");
    let iri_string: Vec<_> = cases
        .iter()
        .map(|case| {
            (
                UriTemplateStr::new(&case.template).expect("a spec template"),
                template_inputs::iri_string_context(&case.vars),
            )
        })
        .collect();
    let got: Vec<_> = iri_string
        .iter()
        .map(|(template, context)| template_inputs::iri_string_expand(template, context))
        .collect();
    expected("iri-string", &got);
    // uritemplate-next keeps the variables in the template: both are made
    // before the measurement, as for the others.
    let uritemplate: Vec<_> = cases
        .iter()
        .map(|case| template_inputs::uritemplate_next(&case.template, &case.vars))
        .collect();
    let got: Vec<_> = uritemplate.iter().map(|t| Some(t.build())).collect();
    expected("uritemplate-next", &got);

    let mut group = c.benchmark_group("template-expand");
    group.throughput(Throughput::Elements(count));
    // iri-string's `UriTemplateStr` is the validated text: it records no
    // parts, and each expansion reads the template's text again.
    group.bench_function("iri-string", |b| {
        b.iter(|| {
            iri_string
                .iter()
                .map(|(template, context)| {
                    template_inputs::iri_string_expand(black_box(template), context)
                        .map_or(0, |s| s.len())
                })
                .sum::<usize>()
        })
    });
    group.bench_function("rfc3986", |b| {
        b.iter(|| {
            ours.iter()
                .map(|(template, vars)| {
                    black_box(template)
                        .expand(vars)
                        .map_or(0, |uri| uri.as_str().len())
                })
                .sum::<usize>()
        })
    });
    // uritemplate-next builds its text with a `String` per part, and
    // compiles a regular expression in each reserved encoding (each
    // literal, each value of `+` and `#`).
    group.bench_function("uritemplate-next", |b| {
        b.iter(|| {
            uritemplate
                .iter()
                .map(|template| black_box(template).build().len())
                .sum::<usize>()
        })
    });
    // The template parsed in the measurement too: the whole work from text
    // to URI. uritemplate-next has no such row: its variables are set on
    // the parsed template, so that the row would time copying them too.
    group.bench_function("iri-string/parse+expand", |b| {
        b.iter(|| {
            cases
                .iter()
                .zip(&iri_string)
                .map(|(case, (_, context))| {
                    UriTemplateStr::new(black_box(&case.template)).map_or(0, |template| {
                        template_inputs::iri_string_expand(template, context).map_or(0, |s| s.len())
                    })
                })
                .sum::<usize>()
        })
    });
    group.bench_function("rfc3986/parse+expand", |b| {
        b.iter(|| {
            cases
                .iter()
                .zip(&ours)
                .map(|(case, (_, vars))| {
                    Template::parse(black_box(case.template.as_str())).map_or(0, |template| {
                        template.expand(vars).map_or(0, |uri| uri.as_str().len())
                    })
                })
                .sum::<usize>()
        })
    });
    group.finish();

    let mut group = c.benchmark_group("template-parse");
    group.throughput(Throughput::Elements(count));
    group.bench_function("iri-string", |b| {
        b.iter(|| {
            cases
                .iter()
                .map(|case| UriTemplateStr::new(black_box(&case.template)).map_or(0, |t| t.len()))
                .sum::<usize>()
        })
    });
    group.bench_function("rfc3986", |b| {
        b.iter(|| {
            cases
                .iter()
                .map(|case| {
                    Template::parse(black_box(case.template.as_str()))
                        .map_or(0, |t| 1 + t.expressions().len())
                })
                .sum::<usize>()
        })
    });
    group.bench_function("uritemplate-next", |b| {
        b.iter(|| {
            cases
                .iter()
                .map(|case| {
                    black_box(uritemplate::UriTemplate::new(black_box(&case.template)));
                    1
                })
                .sum::<usize>()
        })
    });
    group.finish();

    // Each example's first expansion, matched back to its variables.
    let uris: Vec<&str> = cases.iter().map(|case| case.expected[0].as_str()).collect();
    let matched = ours
        .iter()
        .zip(&uris)
        .filter(|((template, _), uri)| template.match_uri(uri).is_some())
        .count();
    eprintln!(
        "template-match: {matched} of {} expansions match their template",
        uris.len()
    );
    let mut group = c.benchmark_group("template-match");
    group.throughput(Throughput::Elements(count));
    group.bench_function("rfc3986", |b| {
        b.iter(|| {
            ours.iter()
                .zip(&uris)
                .map(|((template, _), uri)| {
                    template
                        .match_uri(black_box(uri))
                        .map_or(0, |vars| 1 + vars.len())
                })
                .sum::<usize>()
        })
    });
    group.finish();
}

/// The `template-*` rows, each beside iri-string's row of the same name:
/// the issue's bar for `rfc3986` in `template-expand` is 1.0x.
fn template_report() {
    println!("\n| template | row | median per run | per example | ratio to iri-string |");
    println!("|---|---|---:|---:|---:|");
    let examples = template_inputs::spec_cases().len() as f64;
    for (group, rows) in [
        ("template-expand", &TEMPLATE_EXPAND_ROWS[..]),
        ("template-parse", &TEMPLATE_PARSE_ROWS[..]),
        ("template-match", &["rfc3986"][..]),
    ] {
        for row in rows {
            let Some(time) = median_ns(group, row) else {
                continue;
            };
            let peer = row.replacen(row.split('/').next().unwrap_or(row), "iri-string", 1);
            let ratio = median_ns(group, &peer)
                .map_or_else(|| "-".to_string(), |peer| format!("{:.2}x", time / peer));
            println!(
                "| {group} | {row} | {} | {} | {ratio} |",
                human(time),
                human(time / examples)
            );
        }
    }
}

/// The RFC's example of syntax-based normalization (section 6.2.2).
const RFC_NORMALIZE: &str = "eXAMPLE://a/./b/../b/%63/%7bfoo%7d";

fn normalize(c: &mut Criterion) {
    let absolute: Vec<String> = corpus::standard()
        .into_iter()
        .filter(|s| !rfc3986::Uri::parse(s).unwrap().is_relative())
        .collect();
    eprintln!("normalize: {} absolute URIs", absolute.len());
    for (name, inputs) in [
        ("rfc-example", vec![RFC_NORMALIZE.to_string()]),
        ("corpus", absolute),
    ] {
        let mut group = c.benchmark_group(format!("normalize-{name}"));
        group.throughput(Throughput::Elements(inputs.len() as u64));

        let parsed: Vec<_> = inputs
            .iter()
            .map(|s| fluent_uri::Uri::parse(s.as_str()).unwrap())
            .collect();
        group.bench_function("fluent-uri", |b| {
            b.iter(|| {
                parsed
                    .iter()
                    .map(|u| black_box(u).normalize().as_str().len())
                    .sum::<usize>()
            })
        });

        let parsed: Vec<_> = inputs
            .iter()
            .map(|s| rfc3986::Uri::parse(s).unwrap())
            .collect();
        group.bench_function("rfc3986", |b| {
            b.iter(|| {
                parsed
                    .iter()
                    .map(|u| black_box(u).normalize().as_str().len())
                    .sum::<usize>()
            })
        });

        use iri_string::format::ToDedicatedString;
        let parsed: Vec<_> = inputs
            .iter()
            .map(|s| iri_string::types::UriStr::new(s).unwrap())
            .collect();
        group.bench_function("iri-string", |b| {
            b.iter(|| {
                parsed
                    .iter()
                    .map(|u| {
                        black_box(u)
                            .normalize()
                            .to_dedicated_string()
                            .as_str()
                            .len()
                    })
                    .sum::<usize>()
            })
        });
        group.finish();
    }
}

fn to_string(c: &mut Criterion) {
    let references = references();
    let mut group = c.benchmark_group("to_string");
    group.throughput(Throughput::Elements(references.len() as u64));

    let base = fluent_uri::Uri::parse(BASE).unwrap();
    let resolved: Vec<_> = references
        .iter()
        .map(|s| {
            fluent_uri::UriRef::parse(s.as_str())
                .unwrap()
                .resolve_against(&base)
                .unwrap()
        })
        .collect();
    group.bench_function("fluent-uri", |b| {
        b.iter(|| {
            resolved
                .iter()
                .map(|u| black_box(u).to_string().len())
                .sum::<usize>()
        })
    });

    let base = rfc3986::Uri::parse(BASE).unwrap();
    let resolved: Vec<_> = references
        .iter()
        .map(|s| base.resolve(&rfc3986::Uri::parse(s).unwrap()).unwrap())
        .collect();
    group.bench_function("rfc3986", |b| {
        b.iter(|| {
            resolved
                .iter()
                .map(|u| black_box(u).to_string().len())
                .sum::<usize>()
        })
    });
    group.finish();
}

fn literal(c: &mut Criterion) {
    let mut group = c.benchmark_group("literal");
    group.throughput(Throughput::Elements(literals::LITERALS.len() as u64));
    use literals::LITERALS;
    let texts = literals::texts();
    group.bench_function("static", |b| {
        b.iter(|| literals::read_static(black_box(&LITERALS)))
    });
    group.bench_function("parse", |b| {
        b.iter(|| literals::read_parsed(black_box(&texts)))
    });
    group.finish();
}

fn edit(c: &mut Criterion) {
    use rfc3986::Uri;
    let mut group = c.benchmark_group("edit");
    let parsed: Uri = edit_inputs::PARSED.parse().unwrap();
    group.bench_function("build", |b| {
        b.iter(|| {
            edit_inputs::build(black_box("https"))
                .unwrap()
                .as_str()
                .len()
        })
    });
    group.bench_function("build-decoded", |b| {
        b.iter(|| {
            Uri::builder()
                .scheme(black_box("https"))
                .host_decoded("bücher.example")
                .path_segments(["", "a b", "c/d", "e"])
                .query_pairs([("q", "1+1=2"), ("lang", "en")])
                .fragment_decoded("top")
                .build()
                .unwrap()
                .as_str()
                .len()
        })
    });
    type Set = fn(&mut Uri);
    let setters: [(&str, Set); 6] = [
        ("set_scheme", |u| u.set_scheme(Some("http")).unwrap()),
        ("set_host", |u| u.set_host(Some("example.org")).unwrap()),
        ("set_port", |u| u.set_port(Some(8080)).unwrap()),
        ("set_path", |u| u.set_path("/x/y/z").unwrap()),
        ("set_query", |u| u.set_query(Some("a=1&b=2")).unwrap()),
        ("set_fragment", |u| u.set_fragment(None).unwrap()),
    ];
    for (name, set) in setters {
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut uri = black_box(&parsed).clone();
                set(&mut uri);
                uri.as_str().len()
            })
        });
    }
    group.finish();
}

/// One http URI of about `len` bytes: a host, path segments and a query.
fn long_uri(len: usize) -> String {
    let mut uri = String::from("http://www.example.com:8080");
    let mut i = 0;
    while uri.len() + 40 < len {
        uri.push_str(&format!("/segment-{i}/%7Efile.html"));
        i += 1;
    }
    uri.push_str("?key=value&other=1");
    while uri.len() < len {
        uri.push('a');
    }
    uri
}

/// The lengths of the `scaling` group.
const LENGTHS: [usize; 4] = [100, 10 * 1024, 1024 * 1024, 10 * 1024 * 1024];

fn scaling(c: &mut Criterion) {
    let mut group = c.benchmark_group("scaling");
    for len in LENGTHS {
        let uri = long_uri(len);
        assert_ne!(rfc3986(&uri), 0);
        assert_ne!(fluent_uri(&uri), 0);
        group.throughput(Throughput::Bytes(uri.len() as u64));
        for (name, read) in [("fluent-uri", fluent_uri as Reader), ("rfc3986", rfc3986)] {
            group.bench_with_input(BenchmarkId::new(name, len), &uri, |b, uri| {
                b.iter(|| read(black_box(uri)))
            });
        }
    }
    // The longest with its last byte one no URI may hold: rejected, after
    // a parse of all of it, and explained.
    let mut bad = long_uri(LENGTHS[3]);
    bad.pop();
    bad.push(' ');
    for (name, reject) in &REJECTERS[..2] {
        assert_ne!(reject(&bad), 0, "{name}");
        group.bench_with_input(BenchmarkId::new(*name, "rejected"), &bad, |b, bad| {
            b.iter(|| reject(black_box(bad)))
        });
    }
    group.finish();
}

/// The median of a row, in nanoseconds, from criterion's saved estimates.
fn median_ns(group: &str, row: &str) -> Option<f64> {
    // Criterion writes a `/` of a row's name as `_` in its directory.
    let path = |row: &str| format!("target/criterion/{group}/{row}/new/estimates.json");
    let json = std::fs::read_to_string(path(row))
        .or_else(|_| std::fs::read_to_string(path(&row.replace('/', "_"))))
        .ok()?;
    let median = &json[json.find("\"median\"")?..];
    let estimate = &median[median.find("\"point_estimate\":")? + 17..];
    let end = estimate.find([',', '}'])?;
    estimate[..end].trim().parse().ok()
}

/// Prints each row's median and its ratio to `fluent-uri` in the same group.
fn report(rows: &[(&str, Vec<String>, &str)]) {
    println!("\n| group | row | median | ratio to fluent-uri |");
    println!("|---|---|---:|---:|");
    for (group, names, per) in rows {
        for name in names {
            let Some(time) = median_ns(group, name) else {
                continue;
            };
            let reference = median_ns(
                group,
                &name.replacen(name.split('/').next().unwrap_or(name), "fluent-uri", 1),
            );
            let ratio = reference.map_or_else(|| "-".to_string(), |r| format!("{:.2}x", time / r));
            println!("| {group} | {name} | {} {per} | {ratio} |", human(time));
        }
    }
}

/// The scaling group per byte: each crate's time per byte at each length,
/// their spread (the largest over the smallest), and the cost of a byte
/// between 10 KiB and 1 MiB (the slope), from which the fixed cost of a
/// parse is what the 100-byte parse takes beyond 100 such bytes.
fn scaling_report() {
    println!("\n| scaling | ns/byte at 100 B | at 10 KiB | at 1 MiB | at 10 MiB | spread | ns/byte from 10 KiB to 1 MiB | fixed cost of a parse | 10 MiB rejected / valid |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for name in ["fluent-uri", "rfc3986"] {
        let times: Option<Vec<f64>> = LENGTHS
            .iter()
            .map(|len| median_ns("scaling", &format!("{name}/{len}")))
            .collect();
        let Some(times) = times else { continue };
        let per_byte: Vec<f64> = times
            .iter()
            .zip(LENGTHS)
            .map(|(time, len)| time / len as f64)
            .collect();
        let spread = per_byte.iter().copied().fold(0.0, f64::max)
            / per_byte.iter().copied().fold(f64::MAX, f64::min);
        let slope = (times[2] - times[1]) / (LENGTHS[2] - LENGTHS[1]) as f64;
        let fixed = times[0] - slope * LENGTHS[0] as f64;
        let rejected = median_ns("scaling", &format!("{name}/rejected"))
            .map_or_else(|| "-".to_string(), |r| format!("{:.2}x", r / times[3]));
        println!(
            "| {name} | {:.2} | {:.2} | {:.2} | {:.2} | {spread:.2}x | {slope:.2} | {} | {rejected} |",
            per_byte[0],
            per_byte[1],
            per_byte[2],
            per_byte[3],
            human(fixed)
        );
    }
}

fn human(ns: f64) -> String {
    match ns {
        ns if ns >= 1e9 => format!("{:.2} s", ns / 1e9),
        ns if ns >= 1e6 => format!("{:.2} ms", ns / 1e6),
        ns if ns >= 1e3 => format!("{:.2} µs", ns / 1e3),
        ns => format!("{ns:.1} ns"),
    }
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(30)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
}

criterion_group! {
    name = benches;
    config = config();
    targets = parse, parse_second, parse_iri, rejected, schemes, user_grammar, scaling, resolve, normalize, to_string, literal, edit, checks, template
}

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    // `cargo bench` passes `--bench`; `cargo test --benches` runs each row
    // once and measures nothing, so there is nothing to report.
    if !std::env::args().any(|arg| arg == "--bench") {
        return;
    }
    let parse_rows = PARSERS.iter().map(|(name, _)| name.to_string()).collect();
    let scaling_rows = LENGTHS
        .iter()
        .map(ToString::to_string)
        .chain(["rejected".to_string()])
        .flat_map(|len| [format!("fluent-uri/{len}"), format!("rfc3986/{len}")])
        .collect();
    let rows = |names: &[&str]| names.iter().map(|name| name.to_string()).collect();
    let scheme_rows = SCHEMES
        .iter()
        .flat_map(|s| {
            [
                format!("fluent-uri/{s}"),
                format!("rfc3986/{s}"),
                format!("pest_derive/{s}"),
            ]
        })
        .collect();
    let iri_rows = IRI_PARSERS
        .iter()
        .map(|(name, _)| name.to_string())
        .collect();
    report(&[
        ("parse", parse_rows, "per 10k refs"),
        (
            "parse-second",
            rows(&["fluent-uri", "rfc3986", "oxiri"]),
            "per 10k refs",
        ),
        ("parse-iri", iri_rows, "per 10k refs"),
        ("rejected", reject_rows(), "per 10k refs"),
        ("rejected-real-world", reject_rows(), "per run"),
        ("schemes", scheme_rows, "per run"),
        (
            "user-grammar",
            user_grammars::DERIVED
                .iter()
                .flat_map(|(grammar, _)| USER_ROUTES.map(|route| format!("{route}/{grammar}")))
                .collect(),
            "per 10k URIs",
        ),
        ("scaling", scaling_rows, "per URI"),
        (
            "resolve",
            rows(&["fluent-uri", "rfc3986", "oxiri", "iri-string"]),
            "per run",
        ),
        (
            "normalize-rfc-example",
            rows(&["fluent-uri", "rfc3986", "iri-string"]),
            "per URI",
        ),
        (
            "normalize-corpus",
            rows(&["fluent-uri", "rfc3986", "iri-string"]),
            "per run",
        ),
        ("to_string", rows(&["fluent-uri", "rfc3986"]), "per run"),
        ("literal", rows(&["static", "parse"]), "per 6 URIs"),
        (
            "edit",
            rows(&[
                "build",
                "build-decoded",
                "set_scheme",
                "set_host",
                "set_port",
                "set_path",
                "set_query",
                "set_fragment",
            ]),
            "per call",
        ),
    ]);
    scaling_report();
    user_grammar_report();
    schemes_report();
    checks_report();
    template_report();
}
