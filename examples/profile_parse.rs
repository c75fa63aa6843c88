//! Parses the benchmark corpus once, for a profiler: the parse-time profile
//! in BENCHMARKS.md comes from
//!
//! ```text
//! CARGO_PROFILE_RELEASE_DEBUG=true cargo build --release --example profile_parse
//! valgrind --tool=callgrind target/release/examples/profile_parse rfc3986
//! callgrind_annotate --inclusive=yes callgrind.out.*
//! ```
//!
//! The argument picks the parser: `rfc3986` (the default), `pest-derive`
//! (the crate's pest_derive parser, through `parse_with`), `fluent-uri`,
//! `oxiri`, `iri-string`, or `none` (only generate the corpus, to subtract
//! its cost). With `iri-` in front (`iri-rfc3986`, `iri-fluent-uri`,
//! `iri-oxiri`, `iri-iri-string`, `iri-none`), an IRI parser on the IRI
//! corpus (`corpus::iri_corpus`).

#[path = "../benches/support/corpus.rs"]
mod corpus;

fn main() {
    let which = std::env::args().nth(1).unwrap_or_else(|| "rfc3986".into());
    // `iri-string` alone is that crate's URI parser, on the URI corpus.
    let corpus = if which.starts_with("iri-") && which != "iri-string" {
        corpus::iri_corpus()
    } else {
        corpus::standard()
    };
    let read: fn(&str) -> usize = match which.as_str() {
        "rfc3986" => |s| rfc3986::Uri::parse(s).map_or(0, |uri| uri.path().len()),
        "fluent-uri" => |s| fluent_uri::UriRef::parse(s).map_or(0, |uri| uri.path().as_str().len()),
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
        "none" | "iri-none" => |_| 0,
        other => {
            eprintln!("unknown parser {other:?}: [iri-]rfc3986, pest-derive, [iri-]fluent-uri, [iri-]oxiri, [iri-]iri-string or [iri-]none");
            std::process::exit(2);
        }
    };
    let total: usize = corpus.iter().map(|s| read(s)).sum();
    println!("{} references, {total} bytes of path", corpus.len());
}
