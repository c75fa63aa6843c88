//! Times the parse of both benchmark corpora in one process, rfc3986 and
//! fluent-uri side by side: the figures BENCHMARKS.md quotes as "timed in
//! one process", where criterion's rows on this machine vary by more than
//! the differences measured.
//!
//! ```text
//! cargo run --release --example time_parse [passes]
//! ```
//!
//! Each row reads each result as the bench's `parse` group does (1 plus
//! the lengths of the authority and the path), or less of it, and its
//! figure is the least time per reference over `passes` passes (1,000 by
//! default), the rows taking turns so that each sees the same moments of
//! the machine. Run two builds alternately, twice each, to compare them:
//! the rows of one build move together from run to run, and the code of
//! each build is placed differently, which moves fluent-uri's rows too.

// The corpora's other generators (rejected, IRI, real-world) are the
// bench's and profile_parse's; this example reads two of them.
#[allow(dead_code)]
#[path = "../benches/support/corpus.rs"]
mod corpus;
#[path = "../benches/support/grammar_walk.rs"]
mod grammar_walk;

use std::hint::black_box;
use std::time::Instant;

/// A way to parse a reference and read its result: 0 where it is
/// rejected.
type Reader = fn(&str) -> usize;

const ROWS: [(&str, Reader); 5] = [
    ("rfc3986", |s| {
        rfc3986::Uri::parse(s).map_or(0, |uri| {
            1 + uri.authority().map_or(0, |a| a.as_str().len()) + uri.path().len()
        })
    }),
    ("rfc3986, is_ok", |s| {
        usize::from(rfc3986::Uri::parse(s).is_ok())
    }),
    ("rfc3986, is_valid", |s| {
        usize::from(rfc3986::Uri::is_valid(s))
    }),
    ("fluent-uri", |s| {
        fluent_uri::UriRef::parse(s).map_or(0, |uri| {
            1 + uri.authority().map_or(0, |a| a.as_str().len()) + uri.path().as_str().len()
        })
    }),
    ("fluent-uri, is_ok", |s| {
        usize::from(fluent_uri::UriRef::parse(s).is_ok())
    }),
];

fn main() {
    let passes: usize = std::env::args()
        .nth(1)
        .map_or(Ok(1_000), |arg| arg.parse())
        .unwrap_or_else(|_| {
            eprintln!("usage: time_parse [passes]");
            std::process::exit(2);
        });
    let corpora = [
        ("first corpus", corpus::standard()),
        ("second corpus", grammar_walk::second()),
    ];
    let mut least = [[f64::MAX; ROWS.len()]; 2];
    let mut sink = 0;
    for _ in 0..passes {
        for ((_, inputs), least) in corpora.iter().zip(&mut least) {
            for ((_, read), least) in ROWS.iter().zip(least.iter_mut()) {
                let start = Instant::now();
                sink += inputs.iter().map(|s| read(black_box(s))).sum::<usize>();
                let each = start.elapsed().as_secs_f64() * 1e9 / inputs.len() as f64;
                *least = least.min(each);
            }
        }
    }
    for ((name, _), least) in corpora.iter().zip(&least) {
        println!("{name}, ns per reference (least of {passes} passes):");
        for ((row, _), ns) in ROWS.iter().zip(least) {
            println!("  {row:<20} {ns:7.1}");
        }
        println!("  rfc3986 / fluent-uri {:7.3}", least[0] / least[3]);
    }
    // Every reference of both corpora is read, so that no row is left out.
    black_box(sink);
}
