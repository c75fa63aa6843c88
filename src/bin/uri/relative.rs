//! `uri relative BASE TARGET...`: for each target, the shortest reference
//! that resolves against a base to it, the inverse of `uri resolve`.

use std::io::{self, Write};
use std::process::ExitCode;

use rfc3986::{ResolveError, Uri};

use crate::lines::for_each_reference;

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

pub fn run(args: &Args) -> io::Result<ExitCode> {
    // The base and every target are checked, so that one run reports every
    // invalid one.
    let base = match parse("BASE", &args.base) {
        Some(base) if base.is_relative() => {
            eprintln!("BASE: {}", ResolveError::RelativeBase);
            None
        }
        base => base,
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut all_valid = base.is_some();
    let mut number = 0;
    for_each_reference(&args.targets, |target| {
        number += 1;
        let name = format!("TARGET {number}");
        // Keep the order of the report when both go to a terminal.
        out.flush()?;
        let target = match target {
            Ok(target) => parse(&name, target),
            Err(not_utf8) => {
                eprintln!("{name}: {not_utf8}");
                None
            }
        };
        let Some(target) = target else {
            all_valid = false;
            return Ok(());
        };
        let Some(base) = &base else { return Ok(()) };
        match base.make_relative(&target) {
            Some(reference) => writeln!(out, "{reference}")?,
            None => {
                eprintln!("{name}: {}", why_none(&target));
                all_valid = false;
            }
        }
        Ok(())
    })?;
    out.flush()?;
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

/// `input` parsed, or `None` once the error is reported with the name of
/// the argument.
fn parse<'a>(name: &str, input: &'a str) -> Option<Uri<&'a str>> {
    Uri::parse(input)
        .map_err(|err| eprintln!("{name}: {err:#}"))
        .ok()
}
