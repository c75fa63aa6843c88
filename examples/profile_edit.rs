//! Runs one builder or setter operation 1,000 times, for a profiler: the
//! instruction counts per operation in BENCHMARKS.md come from
//!
//! ```text
//! cargo build --release --example profile_edit
//! valgrind --tool=callgrind target/release/examples/profile_edit build
//! valgrind --tool=callgrind target/release/examples/profile_edit none
//! ```
//!
//! (the difference of the two totals, divided by 1,000). The argument picks
//! the operation: `build`, `set_query`, `set_host`, `normalize`, or `none`.

use rfc3986::Uri;

#[path = "../benches/support/edit.rs"]
mod edit;

fn main() {
    let which = std::env::args().nth(1).unwrap_or_else(|| "none".into());
    let parsed = Uri::parse(edit::PARSED)
        .expect("the example URI parses")
        .to_owned();
    let operation: fn(&Uri) -> usize = match which.as_str() {
        "build" => |_| edit::build("https").map_or(0, |uri| uri.as_str().len()),
        "set_query" => |parsed| {
            let mut uri = parsed.clone();
            uri.set_query(Some("a=1&b=2"))
                .map_or(0, |()| uri.as_str().len())
        },
        "set_host" => |parsed| {
            let mut uri = parsed.clone();
            uri.set_host(Some("example.org"))
                .map_or(0, |()| uri.as_str().len())
        },
        "normalize" => |_| {
            Uri::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")
                .map_or(0, |uri| uri.normalize().as_str().len())
        },
        "none" => |_| 0,
        other => {
            eprintln!("unknown operation {other:?}: build, set_query, set_host, normalize or none");
            std::process::exit(2);
        }
    };
    let total: usize = (0..1000).map(|_| operation(&parsed)).sum();
    println!("{total} bytes written");
}
