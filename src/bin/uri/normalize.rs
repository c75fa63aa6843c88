//! `uri normalize URI...`: each URI reference in its normal form (RFC 3986
//! section 6.2, or 6.2.2 alone with `--syntax`).

use std::io::{self, Write};
use std::process::ExitCode;

use rfc3986::Uri;

/// The arguments of `uri normalize` (its help is on `Command::Normalize`).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The URI references (a reference that starts with "-" goes after "--")
    #[arg(required = true, value_name = "URI")]
    uris: Vec<String>,

    /// Only the syntax-based normalization of section 6.2.2: ports and
    /// empty paths stay as written
    #[arg(long)]
    syntax: bool,
}

pub fn run(args: &Args) -> io::Result<ExitCode> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut all_valid = true;
    for input in &args.uris {
        match Uri::parse(input) {
            Ok(uri) if args.syntax => writeln!(out, "{}", uri.normalize_syntax())?,
            Ok(uri) => writeln!(out, "{}", uri.normalize())?,
            Err(err) => {
                // As `uri parse` reports it. Keep the order of the report
                // when both go to a terminal.
                out.flush()?;
                eprintln!("{input}\n{err:#}");
                all_valid = false;
            }
        }
    }
    out.flush()?;
    Ok(crate::status(all_valid))
}
