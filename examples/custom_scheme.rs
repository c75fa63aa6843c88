//! A scheme the crate does not ship, derived from `uri.pest` plus a grammar
//! of its own: `redis://[[user]:password@]host[:port][/db-number]`.
//!
//! ```text
//! cargo run --example custom_scheme
//! cargo run --example custom_scheme -- 'redis://:secret@cache.example.com:6380/2'
//! ```
//!
//! The grammar is `examples/custom_scheme/redis.pest`: only the scheme's
//! own rules, which name uri.pest's (`host`, `port`, ...) as if they were in
//! the same file. `#[derive(rfc3986::Grammar)]` (the `derive` feature)
//! compiles the two into one parser of the kind `Uri::parse` runs. The
//! generic components (host, port) come from the crate's `Uri`, lowered
//! from the same parse; the scheme's own (user, password, database number)
//! from the pairs of its rules.

use std::io::{self, Write};
use std::process::ExitCode;

use rfc3986::schemes::{SchemeError, SchemeViolation};
use rfc3986::{percent_decode_utf8, Uri};

/// The parser of uri.pest and redis.pest. The path is found as pest_derive
/// finds it: under the crate's root, else under `src/`.
#[derive(rfc3986::Grammar)]
#[grammar = "examples/custom_scheme/redis.pest"]
pub struct Redis;

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

    /// Parses a redis URI: the generic `Uri` and the pairs of redis.pest's
    /// rules, in one compiled parse.
    pub fn parse(input: &str) -> Result<RedisUri, SchemeError> {
        let parsed = Redis::parse(Rule::redis_input, input)?;
        let mut redis = RedisUri {
            uri: parsed.uri().to_owned(),
            user: None,
            password: None,
            db: 0,
        };
        for pair in parsed.pairs() {
            let at = pair.start();
            let decode = |rule: &str| {
                percent_decode_utf8(pair.as_str())
                    .map(|text| text.into_owned())
                    .map_err(|_| SchemeViolation::new("redis", rule, input, at, "UTF-8"))
            };
            match pair.rule() {
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
