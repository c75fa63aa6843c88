//! IPv6 zone identifiers (RFC 6874), which RFC 3986 does not have:
//! `uri.pest` with its `IP_literal` extended, by a grammar of the user's.
//!
//! ```text
//! cargo run --example zone
//! cargo run --example zone -- 'http://[fe80::a%25en1]:8080/'
//! ```
//!
//! The grammar is `examples/zone/rfc6874.pest`: RFC 6874's three rules, of
//! which `IP_literal` replaces uri.pest's (it is marked `// #[extends]`).
//! The generic `Uri` of a parse has the zone typed, read from the pair of
//! the grammar's `ZoneID`: `Host::Ipv6Zoned`.

use std::io::{self, Write};
use std::process::ExitCode;

use rfc3986::schemes::SchemeError;
use rfc3986::{Host, Uri};

/// The parser of uri.pest with RFC 6874's `IP_literal`.
#[derive(rfc3986::Grammar)]
#[grammar = "examples/zone/rfc6874.pest"]
#[scheme = "RFC 6874"]
pub struct Rfc6874;

/// Parses a URI reference whose IPv6 literal may hold a zone.
///
/// # Errors
///
/// The error of the grammar.
pub fn parse(input: &str) -> Result<Uri<&str>, SchemeError> {
    Ok(*Rfc6874::parse(Rule::zone_reference_input, input)?.uri())
}

/// Writes the host, address and zone of each input, or its error.
/// Returns whether all were valid.
pub fn show(inputs: &[&str], out: &mut impl Write) -> io::Result<bool> {
    let mut all_valid = true;
    for input in inputs {
        writeln!(out, "{input}")?;
        match parse(input) {
            Ok(uri) => {
                match uri.host() {
                    Some(Host::Ipv6Zoned { address, zone }) => {
                        writeln!(out, "  address     {address}")?;
                        writeln!(out, "  zone        {zone}")?;
                    }
                    Some(host) => writeln!(out, "  host        {host}")?,
                    None => writeln!(out, "  no host")?,
                }
                writeln!(out, "  normalized  {}", uri.normalize())?;
            }
            Err(err) => {
                all_valid = false;
                writeln!(out, "  error       {err}")?;
            }
        }
    }
    Ok(all_valid)
}

/// Two zones, an address without one, and an empty zone when none are
/// given.
const DEFAULT_INPUTS: [&str; 4] = [
    "http://[fe80::1%25eth0]/",
    "HTTP://[FE80::0:1%25en%31]:80/a/../b",
    "http://[2001:db8::7]/",
    "http://[fe80::1%25]/",
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
