//! Measures what share of rejected strings gets a suggested fix
//! (`ParseError::suggestion`), on three corpora of strings that
//! `Uri::parse` rejects:
//!
//! - `rejected`: the benchmarks' corpus with one character of each
//!   reference replaced by one no URI may hold (`corpus::rejected`);
//! - `real-world`: strings of the kinds found in documentation and
//!   configuration (`corpus::real_world_invalid`): prose around a link,
//!   links in angle brackets or quotes, regular expressions, Rust paths,
//!   Windows paths, templates, Markdown links;
//! - `typos`: references of the benchmarks' corpus, each with one realistic
//!   mistake made here (a space in a path, an unbracketed IPv6 host,
//!   backslashes, a wrapper, a raw `|` or `{}`, words above ASCII, ...).
//!
//! ```text
//! cargo run --release --example suggestions
//! cargo run --release --example suggestions -- --samples 5
//! cargo run --release --example suggestions -- --misses 20
//! cargo run --release --example suggestions -- 'http://a b/' '<http://::1/>'
//! ```
//!
//! For each corpus it prints how many strings were rejected, how many got
//! a suggestion, the share, and how many suggestions made each kind of fix
//! (and how many fixes of that kind they made). `--samples N` also prints
//! the first `N` rejected strings of each corpus with their suggestions,
//! `--misses N` the first `N` that get none; strings given as arguments
//! are shown with their suggestion and fixes instead.

use std::collections::BTreeMap;

use rfc3986::{FixKind, Uri};

// The example uses part of the benches' support module.
#[allow(dead_code)]
#[path = "../benches/support/corpus.rs"]
mod corpus;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count = || args.get(1).and_then(|n| n.parse().ok()).unwrap_or(5);
    let (samples, misses) = match args.first().map(String::as_str) {
        Some("--samples") => (count(), 0),
        Some("--misses") => (0, count()),
        Some(_) => {
            for input in &args {
                show(input);
            }
            return;
        }
        None => (0, 0),
    };
    let corpora = [
        ("rejected", corpus::rejected()),
        ("real-world", corpus::real_world_invalid(3986, 4_000)),
        ("typos", typos(36, 10_000)),
    ];
    for (name, strings) in &corpora {
        measure(name, strings, samples, misses);
    }
}

/// A string, and its suggestion with each fix.
fn show(input: &str) {
    match Uri::parse(input) {
        Ok(_) => println!("{input:?}: valid"),
        Err(err) => match err.suggestion(input) {
            Some(suggestion) => {
                println!("{input:?}: {err}\n  did you mean {suggestion}?");
                for fix in suggestion.fixes() {
                    println!("    {fix}");
                }
            }
            None => println!("{input:?}: {err}\n  no suggestion"),
        },
    }
}

fn measure(name: &str, strings: &[String], samples: usize, misses: usize) {
    let mut rejected = 0;
    let mut suggested = 0;
    // Per kind: suggestions that make it, and fixes of it.
    let mut kinds: BTreeMap<FixKind, (usize, usize)> = BTreeMap::new();
    let mut shown = 0;
    let mut missed = 0;
    if samples > 0 || misses > 0 {
        println!("{name}, first strings:");
    }
    for input in strings {
        let Err(err) = Uri::parse(input.as_str()) else {
            continue;
        };
        rejected += 1;
        let suggestion = err.suggestion(input);
        if shown < samples {
            shown += 1;
            match &suggestion {
                Some(suggestion) => println!("  {input:?} -> {:?}", suggestion.as_str()),
                None => println!("  {input:?} -> none"),
            }
        }
        let Some(suggestion) = suggestion else {
            if missed < misses {
                missed += 1;
                println!("  no suggestion: {input:?}");
            }
            continue;
        };
        assert!(Uri::is_valid(suggestion.as_str()));
        suggested += 1;
        let mut seen = Vec::new();
        for fix in suggestion.fixes() {
            let entry = kinds.entry(fix.kind()).or_default();
            entry.1 += 1;
            if !seen.contains(&fix.kind()) {
                seen.push(fix.kind());
                entry.0 += 1;
            }
        }
    }
    let share = if rejected == 0 {
        0.0
    } else {
        100.0 * suggested as f64 / rejected as f64
    };
    println!(
        "{name}: {} strings, {rejected} rejected, {suggested} with a suggestion ({share:.1}%)",
        strings.len()
    );
    for (kind, (suggestions, fixes)) in &kinds {
        println!("  {kind:<28} {suggestions:>6} suggestions, {fixes:>6} fixes");
    }
}

/// `count` references of the benchmarks' corpus (from `seed`), each with
/// one mistake of the kinds people make when they write or paste a URI;
/// the mistake is picked by the reference's position, and where it does
/// not apply to that reference (a space in a path that has no segment),
/// the next one that does is made.
fn typos(seed: u64, count: usize) -> Vec<String> {
    let mut rng = corpus::Rng::new(seed);
    corpus::corpus(seed, count)
        .into_iter()
        .enumerate()
        .map(|(i, uri)| {
            (0..TYPOS)
                .find_map(|k| typo((i + k) % TYPOS, &uri, &mut rng))
                .unwrap_or_else(|| format!("{uri} "))
        })
        .collect()
}

/// How many kinds of mistake `typo` makes.
const TYPOS: usize = 14;

/// `uri` with the mistake `which`, if it applies to it.
fn typo(which: usize, uri: &str, rng: &mut corpus::Rng) -> Option<String> {
    let parsed = Uri::parse(uri).ok()?;
    // Where the path starts and ends: after the scheme and the authority.
    let path_start = parsed.scheme().map_or(0, |s| s.len() + 1)
        + parsed.authority().map_or(0, |a| a.as_str().len() + 2);
    let path_end = path_start + parsed.path().len();
    let (head, path, tail) = (
        &uri[..path_start],
        &uri[path_start..path_end],
        &uri[path_end..],
    );
    let word = rng.pick(corpus::WORDS);
    match which {
        // A space in the last segment of a path: a file name of two words.
        0 => {
            (!path.is_empty() && !path.ends_with('/')).then(|| format!("{head}{path} {word}{tail}"))
        }
        // An IPv6 host without its brackets.
        1 => {
            let host = parsed.host_str().filter(|h| h.starts_with('['))?;
            Some(uri.replacen(host, &host[1..host.len() - 1], 1))
        }
        // A path written with backslashes.
        2 => (parsed.authority().is_some() && path.len() > 1)
            .then(|| format!("{head}{}{tail}", path.replace('/', "\\"))),
        // A URL written with backslashes throughout.
        3 => {
            let scheme = parsed.scheme()?;
            let authority = parsed.authority()?.as_str();
            Some(format!(
                "{scheme}:\\\\{authority}{}{tail}",
                path.replace('/', "\\")
            ))
        }
        // In angle brackets.
        4 => Some(format!("<{uri}>")),
        // In quotes.
        5 => Some(if rng.chance(50) {
            format!("\"{uri}\"")
        } else {
            format!("'{uri}'")
        }),
        // In angle brackets or quotes, at the end of a sentence.
        6 => {
            let (open, close) = if rng.chance(50) {
                ("<", ">")
            } else {
                ("\"", "\"")
            };
            let end = if rng.chance(50) { "." } else { "," };
            Some(format!("{open}{uri}{close}{end}"))
        }
        // A raw `|` between two values of a query.
        7 => (parsed.query().is_some() && parsed.fragment().is_none())
            .then(|| format!("{uri}|{word}")),
        // A template placeholder as the last segment of a path.
        8 => (parsed.authority().is_some()
            && parsed.query().is_none()
            && parsed.fragment().is_none())
        .then(|| {
            if uri.ends_with('/') {
                format!("{uri}{{id}}")
            } else {
                format!("{uri}/{{id}}")
            }
        }),
        // Words above ASCII.
        9 => {
            let out = corpus::internationalized(uri);
            (out != uri).then_some(out)
        }
        // Whitespace pasted around it.
        10 => Some(format!(
            "{}{uri}{}",
            if rng.chance(50) { " " } else { "" },
            if rng.chance(50) { "\n" } else { " " }
        )),
        // A `%` that starts no percent-encoding, in a query.
        11 => parsed.fragment().is_none().then(|| match parsed.query() {
            Some(_) => format!("{uri}&discount=50%"),
            None => format!("{uri}?discount=50%"),
        }),
        // A host and port at the end of a sentence (or of a parenthesis).
        12 => {
            parsed.port_str().filter(|p| !p.is_empty())?;
            let end = if rng.chance(50) { "." } else { ")." };
            Some(format!("{head}{end}"))
        }
        // A second `#`.
        _ => parsed.fragment().map(|_| format!("{uri}#{word}")),
    }
}
