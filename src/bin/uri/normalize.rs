//! `uri normalize URI...`: each URI reference in its normal form (RFC 3986
//! section 6.2, or 6.2.2 alone with `--syntax`).

use std::io;
use std::process::ExitCode;

use rfc3986::Uri;

use crate::output::Output;

/// The arguments of `uri normalize` (its help is on `Command::Normalize`).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The URI references; none, or "-", reads them from standard input,
    /// one a line (a reference that starts with "-" goes after "--")
    #[arg(value_name = "URI")]
    uris: Vec<String>,

    /// Only the syntax-based normalization of section 6.2.2: ports and
    /// empty paths stay as written
    #[arg(long)]
    syntax: bool,
}

pub fn run(args: &Args, output: &mut Output) -> io::Result<ExitCode> {
    crate::convert::each(&args.uris, output, |input| {
        Uri::parse(input).map(|uri| {
            if args.syntax {
                uri.normalize_syntax().to_string()
            } else {
                uri.normalize().to_string()
            }
        })
    })
}
