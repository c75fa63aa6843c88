//! `uri relative BASE TARGET...`: for each target, the shortest reference
//! that resolves against a base to it, the inverse of `uri resolve`.

use std::io::{self, Write};
use std::process::ExitCode;

use rfc3986::{ResolveError, Uri};

use crate::lines::for_each_reference;
use crate::output::Output;

/// The arguments of `uri relative` (its help is on `Command::Relative`).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The base URI: it must have a scheme
    #[arg(value_name = "BASE")]
    base: String,

    /// The URIs to reach from the base: each must have a scheme. None, or
    /// "-", reads them from standard input, one a line
    #[arg(value_name = "TARGET")]
    targets: Vec<String>,
}

pub fn run(args: &Args, output: &mut Output) -> io::Result<ExitCode> {
    // The base and every target are checked, so that one run reports every
    // invalid one.
    let base = match Uri::parse(&args.base) {
        Ok(base) if base.is_relative() => {
            output.error(format_args!("BASE: {}", ResolveError::RelativeBase))?;
            None
        }
        Ok(base) => Some(base),
        Err(err) => {
            output.error(format_args!("BASE: {err:#}"))?;
            None
        }
    };
    let mut all_valid = base.is_some();
    let mut number = 0;
    for_each_reference(&args.targets, |target| {
        number += 1;
        let target = match target.map(Uri::parse) {
            Ok(Ok(target)) => target,
            Ok(Err(err)) => {
                all_valid = false;
                return output.error(format_args!("TARGET {number}: {err:#}"));
            }
            Err(not_utf8) => {
                all_valid = false;
                return output.error(format_args!("TARGET {number}: {not_utf8}"));
            }
        };
        let Some(base) = &base else { return Ok(()) };
        match base.make_relative(&target) {
            Some(reference) => writeln!(output.out(), "{reference}"),
            None => {
                all_valid = false;
                output.error(format_args!("TARGET {number}: {}", why_none(&target)))
            }
        }
    })?;
    Ok(crate::status(all_valid))
}

/// Why no reference resolves against an absolute base to `target`: the
/// cases `make_relative` documents.
fn why_none(target: &Uri<&str>) -> String {
    if target.is_relative() {
        "the target has no scheme: resolution always gives a URI with a scheme, \
         so no reference resolves to a relative reference"
            .to_string()
    } else if target.path_segments().any(|s| s == "." || s == "..") {
        format!(
            "no reference resolves to it: resolution removes the \".\" and \"..\" \
             segments of its path {:?}; its normal form is {}",
            target.path(),
            target.normalize()
        )
    } else {
        "no reference resolves to it".to_string()
    }
}
