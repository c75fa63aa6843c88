//! `uri resolve BASE REF...`: each reference resolved against a base URI
//! (RFC 3986 section 5.2).

use std::io::{self, Write};
use std::process::ExitCode;

use rfc3986::{ResolveError, Uri};

use crate::lines::for_each_reference;
use crate::output::Output;

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

pub fn run(args: &Args, output: &mut Output) -> io::Result<ExitCode> {
    let base = match Uri::parse(&args.base) {
        // Once, rather than for each reference.
        Ok(base) if base.is_relative() => {
            output.error(format_args!("BASE: {}", ResolveError::RelativeBase))?;
            return Ok(ExitCode::FAILURE);
        }
        Ok(base) => base,
        Err(err) => {
            output.error(format_args!("BASE: {err:#}"))?;
            return Ok(ExitCode::FAILURE);
        }
    };
    let mut all_valid = true;
    let mut number = 0;
    for_each_reference(&args.references, |reference| {
        number += 1;
        let reference = match reference {
            Ok(reference) => reference,
            Err(not_utf8) => {
                all_valid = false;
                return output.error(format_args!("REF {number}: {not_utf8}"));
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
            Ok(Ok(target)) => writeln!(output.out(), "{target}"),
            Ok(Err(err)) => {
                // The base was checked above; kept for a future error.
                all_valid = false;
                output.error(format_args!("REF {number}: {err}"))
            }
            Err(err) => {
                all_valid = false;
                output.error(format_args!("REF {number}: {err:#}"))
            }
        }
    })?;
    Ok(crate::status(all_valid))
}
