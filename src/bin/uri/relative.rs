//! `uri relative BASE TARGET`: the shortest reference that resolves
//! against a base to a target, the inverse of `uri resolve`.

use std::io::{self, Write};
use std::process::ExitCode;

use rfc3986::{ResolveError, Uri};

/// The arguments of `uri relative` (its help is on `Command::Relative`).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The base URI: it must have a scheme
    #[arg(value_name = "BASE")]
    base: String,

    /// The URI to reach from the base: it must have a scheme
    #[arg(value_name = "TARGET")]
    target: String,
}

pub fn run(args: &Args) -> io::Result<ExitCode> {
    // Both are checked, so that one run reports both when both are wrong.
    let base = parse("BASE", &args.base);
    let target = parse("TARGET", &args.target);
    let (Some(base), Some(target)) = (base, target) else {
        return Ok(ExitCode::FAILURE);
    };
    if let Some(reference) = base.make_relative(&target) {
        let stdout = io::stdout();
        let mut out = stdout.lock();
        writeln!(out, "{reference}")?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    // Why not: the cases `make_relative` documents.
    if base.is_relative() {
        eprintln!("BASE: {}", ResolveError::RelativeBase);
    } else if target.is_relative() {
        eprintln!(
            "TARGET: the target has no scheme: resolution always gives a URI with a scheme, \
             so no reference resolves to a relative reference"
        );
    } else if target.path_segments().any(|s| s == "." || s == "..") {
        eprintln!(
            "TARGET: no reference resolves to it: resolution removes the \".\" and \"..\" \
             segments of its path {:?}; its normal form is {}",
            target.path(),
            target.normalize()
        );
    } else {
        eprintln!("TARGET: no reference resolves to it");
    }
    Ok(ExitCode::FAILURE)
}

/// `input` parsed, or `None` once the error is reported with the name of
/// the argument.
fn parse(name: &str, input: &str) -> Option<Uri> {
    Uri::parse(input)
        .map_err(|err| eprintln!("{name}: {err:#}"))
        .ok()
}
