//! The grammars of users' own and their inputs, for the `user-grammar`
//! group of `benches/compare.rs` and for `examples/profile_parse.rs`: each
//! grammar compiled by `#[derive(rfc3986::Grammar)]`, and 10,000 URIs of
//! its scheme from a seeded generator (the same on every machine), in the
//! style of `corpus.rs`, which this module needs beside it as `corpus`.
//!
//! - `redis`: `examples/custom_scheme/redis.pest`, on the hosts and ports
//!   of the standard corpus's URIs with an authority, with credentials and
//!   a database number.
//! - `ssh`: `tests/grammars/user/ssh.pest`: `ssh://[user@]host[:port]path`,
//!   with a user on half, a port on a fifth, registered names, IPv4 and
//!   IPv6 hosts, and paths of 0 to 5 segments.
//! - `s3`: `tests/grammars/user/s3.pest`: `s3://bucket[/key][?versionId=..]`,
//!   buckets of one to four words joined by `-` or `.`, keys of 0 to 6
//!   segments, a version on a third.
//! - `tel`: `tests/grammars/user/tel.pest` (RFC 3966): global numbers in
//!   the forms of the RFC's examples, and local numbers with their
//!   `phone-context`, with 0 to 2 parameters (`ext`, `isub`, others).

use crate::corpus::{self, Rng};

/// A grammar of each kind, compiled by the derive. Each declares its own
/// `Rule`, so each has a module.
pub mod redis {
    #[derive(rfc3986::Grammar)]
    #[grammar = "examples/custom_scheme/redis.pest"]
    pub struct Redis;
}

pub mod ssh {
    #[derive(rfc3986::Grammar)]
    #[grammar = "tests/grammars/user/ssh.pest"]
    pub struct Ssh;
}

pub mod s3 {
    #[derive(rfc3986::Grammar)]
    #[grammar = "tests/grammars/user/s3.pest"]
    pub struct S3;
}

pub mod tel {
    #[derive(rfc3986::Grammar)]
    #[grammar = "tests/grammars/user/tel.pest"]
    pub struct Tel;
}

/// What a derived row reads of each parse: the generic host and path, and
/// one rule of the grammar's own, so that 0 means the grammar rejected the
/// input.
pub type Reader = fn(&str) -> usize;

/// The derive's parse of each grammar, from its entry rule.
pub const DERIVED: [(&str, Reader); 4] = [
    ("redis", |s| {
        use redis::{Redis, Rule};
        Redis::parse(Rule::redis_input, s).map_or(0, |p| {
            p.uri().host_str().map_or(0, str::len) + p.get(Rule::db_number).map_or(0, str::len) + 1
        })
    }),
    ("ssh", |s| {
        use ssh::{Rule, Ssh};
        Ssh::parse(Rule::ssh_input, s).map_or(0, |p| {
            p.uri().host_str().map_or(0, str::len) + p.uri().path().len() + 1
        })
    }),
    ("s3", |s| {
        use s3::{Rule, S3};
        S3::parse(Rule::s3_input, s).map_or(0, |p| {
            p.get(Rule::bucket).map_or(0, str::len) + p.uri().path().len() + 1
        })
    }),
    ("tel", |s| {
        use tel::{Rule, Tel};
        Tel::parse(Rule::tel_input, s).map_or(0, |p| {
            p.get(Rule::global_number_digits)
                .or_else(|| p.get(Rule::local_number_digits))
                .map_or(0, str::len)
                + p.uri().path().len()
                + 1
        })
    }),
];

/// The inputs of the grammar named `name` (one of [`DERIVED`]'s).
pub fn inputs(name: &str) -> Vec<String> {
    match name {
        "redis" => redis_inputs(),
        "ssh" => ssh_inputs(),
        "s3" => s3_inputs(),
        "tel" => tel_inputs(),
        other => panic!("no grammar {other:?}"),
    }
}

/// How many URIs of each grammar.
const COUNT: usize = 10_000;

/// `redis://` URIs: the hosts and ports of the corpus's URIs with an
/// authority, with credentials and a database number drawn from a seeded
/// generator.
pub fn redis_inputs() -> Vec<String> {
    let mut rng = Rng::new(23);
    corpus::corpus(11, 40_000)
        .iter()
        .filter_map(|s| {
            let uri = rfc3986::Uri::parse(s.as_str()).ok()?;
            let host = uri.host_str()?;
            let credentials = match rng.below(4) {
                0 => ":s3cret@",
                1 => "alice:pa%20ss@",
                _ => "",
            };
            let port = uri.port().map(|p| format!(":{p}")).unwrap_or_default();
            let db = if rng.chance(70) {
                format!("/{}", rng.below(16))
            } else {
                String::new()
            };
            Some(format!("redis://{credentials}{host}{port}{db}"))
        })
        .take(COUNT)
        .collect()
}

/// A host of every kind: 70% registered names, 15% IPv4, 15% IPv6.
fn any_host(rng: &mut Rng) -> String {
    match rng.below(20) {
        0..=13 => corpus::host(rng),
        14..=16 => corpus::ipv4(rng),
        _ => format!("[{}]", corpus::ipv6(rng)),
    }
}

/// `ssh://[user@]host[:port]path`.
pub fn ssh_inputs() -> Vec<String> {
    let mut rng = Rng::new(22);
    (0..COUNT)
        .map(|_| {
            let mut out = String::from("ssh://");
            if rng.chance(50) {
                out.push_str(rng.pick(&["git", "alice", "deploy", "root", "me%40home", "ci-bot"]));
                out.push('@');
            }
            out.push_str(&any_host(&mut rng));
            if rng.chance(20) {
                out.push(':');
                out.push_str(rng.pick(&["22", "2222", "443", "7999", "29418"]));
            }
            out.push_str(&corpus::path(&mut rng, 5));
            out
        })
        .collect()
}

/// `s3://bucket[/key][?versionId=...]`.
pub fn s3_inputs() -> Vec<String> {
    let mut rng = Rng::new(3);
    (0..COUNT)
        .map(|_| {
            let words = 1 + rng.below(4);
            let mut bucket = String::new();
            for i in 0..words {
                if i > 0 {
                    bucket.push(if rng.chance(70) { '-' } else { '.' });
                }
                bucket.push_str(rng.pick(corpus::LABELS));
            }
            // A year on some, and on every bucket that would be too short.
            if bucket.len() < 3 || rng.chance(30) {
                bucket.push_str(&format!("-{}", 2000 + rng.below(30)));
            }
            let mut out = format!("s3://{bucket}");
            out.push_str(&corpus::path(&mut rng, 6));
            if rng.chance(33) {
                out.push_str("?versionId=");
                if rng.chance(10) {
                    out.push_str("null");
                } else {
                    const ID: &[u8] =
                        b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._";
                    out.extend((0..32).map(|_| ID[rng.below(ID.len())] as char));
                }
            }
            out
        })
        .collect()
}

/// `n` digits.
fn digits(rng: &mut Rng, n: usize) -> String {
    (0..n)
        .map(|_| char::from(b'0' + rng.below(10) as u8))
        .collect()
}

/// `tel:` URIs (RFC 3966): 60% global numbers, 40% local numbers with a
/// `phone-context` (a domain or a global number prefix), each with 0 to 2
/// parameters.
pub fn tel_inputs() -> Vec<String> {
    // The two `isub`s last: an `isub` is `1*uric`, which takes `;` and `=`,
    // so tel.pest reads all that follows one as the subaddress (as a PEG
    // reads RFC 3966's ABNF), and a local number's context cannot follow.
    const PARAMETERS: &[&str] = &[
        ";ext=1234",
        ";ext=22",
        ";tgrp=TG-1;trunk-context=example.com",
        ";cic=+1-6789",
        ";x-token=a%20b",
        ";npdi",
        ";isub=1411",
        ";isub=%31%34",
    ];
    let before_context = PARAMETERS.split_at(PARAMETERS.len() - 2).0;
    let mut rng = Rng::new(3966);
    (0..COUNT)
        .map(|_| {
            let mut out = String::from("tel:");
            let global = rng.chance(60);
            if global {
                out.push('+');
                let country = 1 + rng.below(3);
                out.push_str(&digits(&mut rng, country));
                match rng.below(4) {
                    // +1-201-555-0123
                    0 => {
                        let (a, b, c) = (
                            digits(&mut rng, 3),
                            digits(&mut rng, 3),
                            digits(&mut rng, 4),
                        );
                        out.push_str(&format!("-{a}-{b}-{c}"));
                    }
                    // +44.20.7946.0958
                    1 => {
                        let (a, b, c) = (
                            digits(&mut rng, 2),
                            digits(&mut rng, 4),
                            digits(&mut rng, 4),
                        );
                        out.push_str(&format!(".{a}.{b}.{c}"));
                    }
                    // +49(30)1234567
                    2 => {
                        let (a, b) = (digits(&mut rng, 2), digits(&mut rng, 7));
                        out.push_str(&format!("({a}){b}"));
                    }
                    // +12015550123
                    _ => out.push_str(&digits(&mut rng, 10)),
                }
            } else {
                match rng.below(3) {
                    0 => out.push_str(&digits(&mut rng, 4)),
                    1 => {
                        let (a, b) = (digits(&mut rng, 3), digits(&mut rng, 4));
                        out.push_str(&format!("{a}-{b}"));
                    }
                    _ => {
                        out.push('*');
                        out.push_str(&digits(&mut rng, 2));
                    }
                }
            }
            let parameters = rng.below(3);
            // A local number's context comes among its parameters.
            let context = if global {
                usize::MAX
            } else {
                rng.below(parameters + 1)
            };
            for i in 0..=parameters {
                if i == context {
                    out.push_str(";phone-context=");
                    if rng.chance(50) {
                        out.push_str(&corpus::host(&mut rng));
                    } else {
                        out.push('+');
                        let country = 1 + rng.below(3);
                        out.push_str(&digits(&mut rng, country));
                        out.push('-');
                        out.push_str(&digits(&mut rng, 3));
                    }
                }
                if i < parameters {
                    out.push_str(rng.pick(if !global && i < context {
                        before_context
                    } else {
                        PARAMETERS
                    }));
                }
            }
            out
        })
        .collect()
}
