//! `uri to-uri IRI...` and `uri to-iri URI...`: the mappings of RFC 3987
//! sections 3.1 and 3.2, one result a line.

use std::io::{self, Write};
use std::process::ExitCode;

use rfc3986::{Iri, Uri};

use crate::lines::for_each_reference;
use crate::output::Output;

/// The arguments of `uri to-uri` (its help is on `Command::ToUri`).
#[derive(Debug, clap::Args)]
pub struct ToUriArgs {
    /// The IRI references; none, or "-", reads them from standard input,
    /// one a line (a reference that starts with "-" goes after "--")
    #[arg(value_name = "IRI")]
    iris: Vec<String>,
}

/// The arguments of `uri to-iri` (its help is on `Command::ToIri`).
#[derive(Debug, clap::Args)]
pub struct ToIriArgs {
    /// The URI references; none, or "-", reads them from standard input,
    /// one a line (a reference that starts with "-" goes after "--")
    #[arg(value_name = "URI")]
    uris: Vec<String>,
}

pub fn to_uri(args: &ToUriArgs, output: &mut Output) -> io::Result<ExitCode> {
    each(&args.iris, output, |input| {
        Iri::parse(input).map(|iri| iri.to_uri().to_string())
    })
}

pub fn to_iri(args: &ToIriArgs, output: &mut Output) -> io::Result<ExitCode> {
    each(&args.uris, output, |input| {
        Uri::parse(input).map(|uri| uri.to_iri().to_string())
    })
}

/// Writes `convert` of each reference (of `args`, or read from standard
/// input), one a line, or reports its error as `uri parse` does (`uri
/// normalize` too).
pub fn each(
    args: &[String],
    output: &mut Output,
    convert: impl Fn(&str) -> Result<String, rfc3986::ParseError>,
) -> io::Result<ExitCode> {
    let mut all_valid = true;
    for_each_reference(args, |input| {
        let input = match input {
            Ok(input) => input,
            Err(not_utf8) => {
                all_valid = false;
                return output.error(format_args!("line {}: {not_utf8}", not_utf8.number));
            }
        };
        match convert(input) {
            Ok(converted) => writeln!(output.out(), "{converted}"),
            Err(err) => {
                all_valid = false;
                output.error(format_args!("{input}\n{err:#}"))
            }
        }
    })?;
    Ok(crate::status(all_valid))
}
