//! `uri normalize URI...`: each URI reference in its normal form (RFC 3986
//! section 6.2.2).

use std::io;
use std::process::ExitCode;

use rfc3986::Uri;

/// The arguments of `uri normalize` (its help is on `Command::Normalize`).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The URI references (a reference that starts with "-" goes after "--")
    #[arg(required = true, value_name = "URI")]
    uris: Vec<String>,
}

pub fn run(args: &Args) -> io::Result<ExitCode> {
    crate::convert::each(&args.uris, |input| {
        Uri::parse(input).map(|uri| uri.normalize().to_string())
    })
}
