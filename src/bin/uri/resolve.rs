//! `uri resolve BASE REF...`: each reference resolved against a base URI
//! (RFC 3986 section 5.2).

use std::io::{self, Write};
use std::process::ExitCode;

use rfc3986::{ResolveError, Uri};

use crate::lines::for_each_reference;

/// The arguments of `uri resolve` (its help is on `Command::Resolve`).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The base URI: it must have a scheme
    #[arg(value_name = "BASE")]
    base: String,

    /// The references to resolve; none, or "-", reads them from standard
    /// input, one a line (a reference that starts with "-" goes after
    /// "--")
    #[arg(value_name = "REF")]
    references: Vec<String>,

    /// Treat a reference whose scheme is the base's as relative, so that
    /// "http:g" is "g" (the non-strict parser of RFC 3986 section 5.2.2)
    #[arg(long)]
    non_strict: bool,
}

pub fn run(args: &Args) -> io::Result<ExitCode> {
    let base = match Uri::parse(&args.base) {
        // Once, rather than for each reference.
        Ok(base) if base.is_relative() => {
            eprintln!("BASE: {}", ResolveError::RelativeBase);
            return Ok(ExitCode::FAILURE);
        }
        Ok(base) => base,
        Err(err) => {
            eprintln!("BASE: {err:#}");
            return Ok(ExitCode::FAILURE);
        }
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut all_valid = true;
    let mut number = 0;
    for_each_reference(&args.references, |reference| {
        number += 1;
        let reference = match reference {
            Ok(reference) => reference,
            Err(not_utf8) => {
                out.flush()?;
                eprintln!("REF {number}: {not_utf8}");
                all_valid = false;
                return Ok(());
            }
        };
        let resolved = Uri::parse(reference).map(|reference| {
            if args.non_strict {
                base.resolve_non_strict(&reference)
            } else {
                base.resolve(&reference)
            }
        });
        match resolved {
            Ok(Ok(target)) => writeln!(out, "{target}")?,
            Ok(Err(err)) => {
                // The base was checked above; kept for a future error.
                out.flush()?;
                eprintln!("REF {number}: {err}");
                all_valid = false;
            }
            Err(err) => {
                // Keep the order of the report when both go to a terminal.
                out.flush()?;
                eprintln!("REF {number}: {err:#}");
                all_valid = false;
            }
        }
        Ok(())
    })?;
    out.flush()?;
    Ok(crate::status(all_valid))
}
