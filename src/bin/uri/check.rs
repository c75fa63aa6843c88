//! `uri check`: validate URI references read from standard input, one a
//! line, in constant memory.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use rfc3986::schemes::{file::FileUri, http::HttpUri, mailto::Mailto, urn::Urn, SchemeError};
use rfc3986::{Iri, Uri};

/// The options of `uri check` (its help is on `Command::Check`).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Check each line with this scheme's rules too, not only RFC 3986's
    #[arg(long, value_enum, conflicts_with = "iri")]
    scheme: Option<Scheme>,

    /// Check each line as an IRI reference (RFC 3987), which may hold
    /// characters above ASCII
    #[arg(long)]
    iri: bool,
}

/// The schemes `--scheme` knows: those of `rfc3986::schemes`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Scheme {
    /// http and https URIs (RFC 9110 section 4.2)
    Http,
    /// mailto URIs (RFC 6068)
    Mailto,
    /// URNs (RFC 8141)
    Urn,
    /// file URIs (RFC 8089)
    File,
}

/// Checks a line: `Ok` when it is valid.
type Validator = dyn Fn(&str) -> Result<(), SchemeError>;

impl Scheme {
    fn validator(self) -> &'static Validator {
        match self {
            Scheme::Http => &|line| HttpUri::parse(line).map(drop),
            Scheme::Mailto => &|line| Mailto::parse(line).map(drop),
            Scheme::Urn => &|line| Urn::parse(line).map(drop),
            Scheme::File => &|line| FileUri::parse(line).map(drop),
        }
    }
}

pub fn run(args: &Args) -> io::Result<ExitCode> {
    let validate: &Validator = match args.scheme {
        Some(scheme) => scheme.validator(),
        None if args.iri => &|line| Ok(Iri::parse(line).map(drop)?),
        None => &|line| Ok(Uri::parse(line).map(drop)?),
    };
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let summary = check(&mut stdin.lock(), &mut out, validate)?;
    writeln!(
        out,
        "{} lines, {} valid, {} invalid",
        summary.lines, summary.valid, summary.invalid
    )?;
    out.flush()?;
    Ok(if summary.invalid == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// What `check` counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub lines: u64,
    pub valid: u64,
    pub invalid: u64,
}

/// Reads `input` line by line into one reused buffer, validates each line
/// with `validate` and writes a report of each invalid one to `out`: its
/// number, the error and a caret under the byte at fault.
pub fn check(
    input: &mut impl BufRead,
    out: &mut impl Write,
    validate: &Validator,
) -> io::Result<Summary> {
    let mut summary = Summary::default();
    let mut buffer = Vec::with_capacity(4096);
    loop {
        buffer.clear();
        if input.read_until(b'\n', &mut buffer)? == 0 {
            return Ok(summary);
        }
        summary.lines += 1;
        let number = summary.lines;
        let line = match buffer.strip_suffix(b"\n") {
            Some(line) => line.strip_suffix(b"\r").unwrap_or(line),
            None => &buffer[..],
        };
        let valid = match std::str::from_utf8(line) {
            Ok(line) => match validate(line) {
                Ok(()) => true,
                Err(err) => {
                    writeln!(out, "line {number}: {err:#}")?;
                    false
                }
            },
            Err(err) => {
                let at = err.valid_up_to();
                writeln!(
                    out,
                    "line {number}: not UTF-8: byte {at} is 0x{:02X}",
                    line[at]
                )?;
                false
            }
        };
        if valid {
            summary.valid += 1;
        } else {
            summary.invalid += 1;
        }
    }
}
