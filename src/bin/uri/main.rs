//! `uri`: parse and check URI references exactly as RFC 3986 defines them.
//!
//! ```text
//! cargo install --path . --features cli
//! uri parse 'foo://example.com:8042/over/there?name=ferret#nose'
//! uri parse --json 'http://[::1]:80/a%20b'
//! uri check < urls.txt
//! ```
//!
//! Results go to standard output, errors to standard error. Exit status: 0
//! when every input is valid, 1 when one is not, 2 for a usage error (clap's
//! code) or when the input or output fails.
//!
//! Each subcommand is a module with an `Args` struct and a `run` function
//! that returns the exit status. `resolve BASE REF...`, `normalize URI...`
//! and `relative BASE TARGET` are to be added the same way, as variants of
//! [`Command`]; `check --scheme` as an option of `check::Args` that picks
//! the validator `check::run` is given.

#![forbid(unsafe_code)]

mod check;
mod excerpt;
mod parse;

use std::io;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Parse and check URI references exactly as RFC 3986 defines them.
///
/// Results go to standard output, errors to standard error. Exit status: 0
/// when every reference is valid, 1 when one is not, 2 for a usage error or
/// when reading or writing fails.
#[derive(Debug, Parser)]
#[command(name = "uri", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Show every component of each URI reference
    ///
    /// Undefined components show as (undefined), empty ones as "", and
    /// percent-encoded ones with their decoded form when it is UTF-8. An
    /// invalid reference is reported on standard error, with a caret under
    /// the byte at fault, and the exit status is 1.
    Parse(parse::Args),
    /// Check URI references read from standard input, one a line
    ///
    /// Each invalid line is printed with its number and the error, with a
    /// caret under the byte at fault; then a summary: lines, valid, invalid.
    /// Lines end in LF or CRLF; a line that is not UTF-8 is invalid; an empty
    /// line is a valid (empty) relative reference. With --scheme, each line
    /// must also be a URI of that scheme. Memory use does not grow with the
    /// number of lines. Exit status: 0 when every line is valid, 1
    /// otherwise.
    Check(check::Args),
    // resolve, normalize and relative go here.
}

/// The exit status for a failure of the input or output itself, the same as
/// clap's for a usage error: the command could not do its work.
const EXIT_TROUBLE: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Parse(args) => parse::run(&args),
        Command::Check(args) => check::run(&args),
    };
    match result {
        Ok(code) => code,
        // A closed pipe (`uri check < big.txt | head`) ends the output
        // quietly, as other tools do.
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(EXIT_TROUBLE),
        Err(err) => {
            eprintln!("uri: {err}");
            ExitCode::from(EXIT_TROUBLE)
        }
    }
}
