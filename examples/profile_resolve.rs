//! Resolves the bench's references against its base, for a profiler: the
//! resolve instruction counts in BENCHMARKS.md come from
//!
//! ```text
//! cargo build --release --example profile_resolve
//! valgrind --tool=callgrind target/release/examples/profile_resolve <resolver> 20
//! ```
//!
//! `<resolver>` is `rfc3986` (`resolve`, a new `Uri` each), `rfc3986-into`
//! (`resolve_into` one buffer), `oxiri`, `fluent-uri`, or `none` (the setup
//! alone, to subtract). The second argument repeats the resolutions.

// Only the standard corpus is used here.
#[allow(dead_code)]
#[path = "../benches/support/corpus.rs"]
mod corpus;

/// The base of the bench's `resolve` group.
const BASE: &str = "http://example.com/a/b/c/d;p?q";

fn main() {
    let which = std::env::args().nth(1).unwrap_or_else(|| "rfc3986".into());
    let rounds: usize = std::env::args()
        .nth(2)
        .and_then(|n| n.parse().ok())
        .unwrap_or(1);
    let references: Vec<String> = corpus::standard()
        .into_iter()
        .filter(|s| rfc3986::Uri::parse(s).is_ok_and(|uri| uri.is_relative()))
        .collect();
    let base = rfc3986::Uri::parse(BASE).unwrap();
    let parsed: Vec<_> = references
        .iter()
        .map(|s| rfc3986::Uri::parse(s.as_str()).unwrap())
        .collect();
    let oxiri_base = oxiri::Iri::parse(BASE).unwrap();
    let oxiri_parsed: Vec<_> = references
        .iter()
        .map(|s| oxiri::IriRef::parse(s.as_str()).unwrap())
        .collect();
    let fluent_base = fluent_uri::Uri::parse(BASE).unwrap();
    let fluent_parsed: Vec<_> = references
        .iter()
        .map(|s| fluent_uri::UriRef::parse(s.as_str()).unwrap())
        .collect();
    let mut total = 0;
    let mut buffer = String::new();
    for _ in 0..rounds {
        total += match which.as_str() {
            "rfc3986" => parsed
                .iter()
                .map(|r| base.resolve(r).map_or(0, |t| t.as_str().len()))
                .sum::<usize>(),
            "rfc3986-into" => parsed
                .iter()
                .map(|r| {
                    buffer.clear();
                    base.resolve_into(r, &mut buffer)
                        .map_or(0, |()| buffer.len())
                })
                .sum(),
            "oxiri" => oxiri_parsed
                .iter()
                .map(|r| oxiri_base.resolve(r).map_or(0, |t| t.as_str().len()))
                .sum(),
            "fluent-uri" => fluent_parsed
                .iter()
                .map(|r| {
                    r.resolve_against(&fluent_base)
                        .map_or(0, |t| t.as_str().len())
                })
                .sum(),
            "none" => 0,
            other => {
                eprintln!(
                    "unknown resolver {other:?}: rfc3986, rfc3986-into, oxiri, fluent-uri or none"
                );
                std::process::exit(2);
            }
        };
    }
    println!("{} references, {total} bytes of targets", references.len());
}
