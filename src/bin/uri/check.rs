//! `uri check [FILE]...`: validate URI references read one a line from
//! files or standard input, in constant memory.

use std::borrow::Cow;
use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use rfc3986::schemes::{file::FileUri, http::HttpUri, mailto::Mailto, urn::Urn, SchemeError};
use rfc3986::{Iri, Uri};
use serde::Serialize;

use crate::json::ErrorJson;
use crate::lines::{for_each_line, NotUtf8, Source};
use crate::output::Output;
use crate::EXIT_TROUBLE;

/// The options of `uri check` (its help is on `Command::Check`).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Files to read, one reference a line; "-" or none is standard input
    #[arg(value_name = "FILE")]
    files: Vec<String>,

    /// Check each line with this scheme's rules too, not only RFC 3986's
    #[arg(long, value_enum, conflicts_with = "iri")]
    scheme: Option<Scheme>,

    /// Print one JSON object a line for each invalid line, and no summary
    #[arg(long)]
    json: bool,

    /// Check each line as an IRI reference (RFC 3987), which may hold
    /// characters above ASCII
    #[arg(long)]
    iri: bool,

    /// With --iri, also reject the bidirectional formatting characters
    /// (LRM, RLM, LRE, RLE, PDF, LRO, RLO) that RFC 3987 section 4.1 says
    /// an IRI must not contain, although its grammar takes them
    #[arg(long, requires = "iri")]
    bidi: bool,
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

pub fn run(args: &Args, output: &mut Output) -> io::Result<ExitCode> {
    let validate: &Validator = match args.scheme {
        Some(scheme) => scheme.validator(),
        None if args.iri && args.bidi => &|line| Ok(Iri::parse(line)?.check_bidi()?),
        None if args.iri => &|line| Ok(Iri::parse(line).map(drop)?),
        None => &|line| Ok(Uri::parse(line).map(drop)?),
    };
    let report = if args.json {
        Report::Json
    } else {
        Report::Text
    };
    let mut summary = Summary::default();
    if args.files.is_empty() {
        summary = check(
            &mut io::stdin().lock(),
            None,
            output.out(),
            validate,
            report,
        )?;
    }
    for name in &args.files {
        let source = Source::of(name);
        let counted = source
            .open()
            .and_then(|mut input| check(&mut input, Some(name), output.out(), validate, report));
        match counted {
            Ok(counted) => summary.add(counted),
            Err(err) if err.kind() == io::ErrorKind::BrokenPipe => return Err(err),
            Err(err) => {
                output.error(format_args!("uri: {name}: {err}"))?;
                summary.unread += 1;
            }
        }
    }
    if report == Report::Text {
        writeln!(output.out(), "{summary}")?;
    }
    Ok(if summary.unread > 0 {
        ExitCode::from(EXIT_TROUBLE)
    } else {
        crate::status(summary.invalid == 0)
    })
}

/// What `check` counted, and the files `run` could not read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub lines: u64,
    pub valid: u64,
    pub invalid: u64,
    pub unread: u64,
}

impl Summary {
    fn add(&mut self, other: Summary) {
        self.lines += other.lines;
        self.valid += other.valid;
        self.invalid += other.invalid;
        self.unread += other.unread;
    }
}

impl std::fmt::Display for Summary {
    /// `2 lines, 1 valid, 1 invalid`, and `, 1 file not read` when one
    /// could not be.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let plural = |count: u64, one, many| if count == 1 { one } else { many };
        write!(
            f,
            "{} {}, {} valid, {} invalid",
            self.lines,
            plural(self.lines, "line", "lines"),
            self.valid,
            self.invalid
        )?;
        if self.unread > 0 {
            let files = plural(self.unread, "file", "files");
            write!(f, ", {} {files} not read", self.unread)?;
        }
        Ok(())
    }
}

/// How invalid lines are reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Report {
    /// The line's number (after its file's name, for a file), the error,
    /// and the line with a caret under the byte at fault.
    Text,
    /// One JSON object a line.
    Json,
}

/// The JSON object of an invalid line.
#[derive(Serialize)]
struct InvalidLine<'a> {
    /// The file, when the line comes from one that was named.
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<&'a str>,
    line: u64,
    /// The line, with U+FFFD for what is not UTF-8.
    input: Cow<'a, str>,
    error: ErrorJson,
}

/// Validates each line of `input` (named `file`, when it is one) with
/// `validate` and writes a report of each invalid one to `out`.
pub fn check(
    input: &mut impl BufRead,
    file: Option<&str>,
    out: &mut impl Write,
    validate: &Validator,
    report: Report,
) -> io::Result<Summary> {
    let mut invalid = 0;
    let lines = for_each_line(input, |number, line| {
        let error = match line {
            Ok(line) => match validate(line) {
                Ok(()) => return Ok(()),
                Err(err) => Err((line, err)),
            },
            Err(not_utf8) => Ok(not_utf8),
        };
        invalid += 1;
        match report {
            Report::Text => write_text(out, file, number, &error),
            Report::Json => write_json(out, file, number, &error),
        }
    })?;
    Ok(Summary {
        lines,
        valid: lines - invalid,
        invalid,
        unread: 0,
    })
}

/// What is wrong with a line: the line and its error, or where it stops
/// being UTF-8.
type LineError<'a> = Result<NotUtf8<'a>, (&'a str, SchemeError)>;

fn write_text(
    out: &mut impl Write,
    file: Option<&str>,
    number: u64,
    error: &LineError<'_>,
) -> io::Result<()> {
    if let Some(file) = file {
        write!(out, "{file}: ")?;
    }
    match error {
        Ok(not_utf8) => writeln!(out, "line {number}: {not_utf8}"),
        Err((_, err)) => writeln!(out, "line {number}: {err:#}"),
    }
}

fn write_json(
    out: &mut impl Write,
    file: Option<&str>,
    number: u64,
    error: &LineError<'_>,
) -> io::Result<()> {
    let object = match error {
        Ok(not_utf8) => InvalidLine {
            file,
            line: number,
            input: String::from_utf8_lossy(not_utf8.line),
            error: ErrorJson::not_utf8(not_utf8),
        },
        Err((line, err)) => InvalidLine {
            file,
            line: number,
            input: Cow::Borrowed(line),
            error: ErrorJson::scheme(err),
        },
    };
    serde_json::to_writer(&mut *out, &object)?;
    writeln!(out)
}
