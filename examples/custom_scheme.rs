//! A scheme the crate does not ship, derived from `uri.pest` plus a grammar
//! of its own: `redis://[[user]:password@]host[:port][/db-number]`.
//!
//! ```text
//! cargo run --example custom_scheme
//! cargo run --example custom_scheme -- 'redis://:secret@cache.example.com:6380/2'
//! ```
//!
//! The grammar is `examples/custom_scheme/redis.pest`. The generic
//! components (host, port) come from the crate's `Uri`; the scheme's own
//! (user, password, database number) from the pairs of its rules.

// pest_derive's generated code uses `alloc` when pest is built without its
// `std` feature, as rfc3986 builds it.
extern crate alloc;

use std::io::{self, Write};
use std::process::ExitCode;

use pest_derive::Parser;
use rfc3986::schemes::{parse_scheme, SchemeError, SchemeViolation};
use rfc3986::{percent_decode_utf8, Uri};

/// The parser derived from both grammars; paths are relative to `src/`.
#[derive(Parser)]
#[grammar = "../uri.pest"]
#[grammar = "../examples/custom_scheme/redis.pest"]
pub struct RedisParser;

// The lowering and error naming read uri.pest's rules in `Rule` by name.
rfc3986::impl_uri_rule!(Rule);

/// A redis URI, typed.
#[derive(Debug, PartialEq, Eq)]
pub struct RedisUri {
    /// The generic URI: host, port, ...
    pub uri: Uri,
    /// The user name, decoded; `None` when absent.
    pub user: Option<String>,
    /// The password, decoded; `None` without credentials.
    pub password: Option<String>,
    /// The database number; 0 when absent.
    pub db: u32,
}

impl RedisUri {
    /// Redis's default port.
    pub const DEFAULT_PORT: u16 = 6379;

    /// Parses a redis URI: the generic grammar first, then redis.pest.
    pub fn parse(input: &str) -> Result<RedisUri, SchemeError> {
        let (uri, pairs) = parse_scheme::<RedisParser, Rule>("redis", Rule::redis_input, input)?;
        let mut redis = RedisUri {
            uri: uri.to_owned(),
            user: None,
            password: None,
            db: 0,
        };
        for pair in pairs.flatten() {
            let at = pair.as_span().start();
            let decode = |rule: &str| {
                percent_decode_utf8(pair.as_str())
                    .map(|text| text.into_owned())
                    .map_err(|_| SchemeViolation::new("redis", rule, input, at, "UTF-8"))
            };
            match pair.as_rule() {
                Rule::user => redis.user = Some(decode("user")?),
                Rule::password => redis.password = Some(decode("password")?),
                // The grammar says it is digits; whether they fit is a
                // check on the value.
                Rule::db_number => {
                    redis.db = pair.as_str().parse().map_err(|_| {
                        SchemeViolation::new(
                            "redis",
                            "db-number",
                            input,
                            at,
                            "a database number below 2^32",
                        )
                    })?;
                }
                _ => {}
            }
        }
        Ok(redis)
    }

    /// The host as written.
    pub fn host(&self) -> &str {
        self.uri.host_str().unwrap_or("")
    }

    /// The port, or Redis's default.
    pub fn port_or_default(&self) -> u16 {
        self.uri.port().unwrap_or(Self::DEFAULT_PORT)
    }
}

/// Writes the typed components of each input, or its error with a
/// caret under the byte at fault. Returns whether all were valid.
pub fn show(inputs: &[&str], out: &mut impl Write) -> io::Result<bool> {
    let mut all_valid = true;
    for input in inputs {
        writeln!(out, "{input}")?;
        match RedisUri::parse(input) {
            Ok(redis) => {
                writeln!(out, "  host      {}", redis.host())?;
                writeln!(out, "  port      {}", redis.port_or_default())?;
                writeln!(out, "  user      {:?}", redis.user)?;
                // Never show a password (RFC 3986 section 3.2.1).
                let password = redis.password.as_ref().map(|_| "***");
                writeln!(out, "  password  {password:?}")?;
                writeln!(out, "  db        {}", redis.db)?;
            }
            Err(err) => {
                all_valid = false;
                writeln!(out, "  error     {err}")?;
                writeln!(
                    out,
                    "  {input}\n  {:>width$}",
                    "^",
                    width = err.offset() + 1
                )?;
            }
        }
    }
    Ok(all_valid)
}

/// A good input and a bad one when none are given.
const DEFAULT_INPUTS: [&str; 2] = [
    "redis://alice:s3cret@cache.example.com:6380/2",
    "redis://cache.example.com/db2",
];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let inputs: Vec<&str> = if args.is_empty() {
        DEFAULT_INPUTS.to_vec()
    } else {
        args.iter().map(String::as_str).collect()
    };
    match show(&inputs, &mut io::stdout().lock()) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) if args.is_empty() => ExitCode::SUCCESS,
        _ => ExitCode::FAILURE,
    }
}
