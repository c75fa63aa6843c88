//! `uri check [FILE]...`: validate URI references read one a line from
//! files or standard input, in constant memory; with `--lint`, the
//! SHOULD-level problems of each valid line, with `--suggest`, a
//! corrected reference for each invalid one, with `--absolute`, relative
//! references rejected, and with `--count`, the summary alone.

use std::borrow::Cow;
use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use rfc3986::schemes::{file::FileUri, http::HttpUri, mailto::Mailto, urn::Urn, SchemeError};
use rfc3986::{AbsoluteIri, AbsoluteUri, Iri, Lint, ParseError, Severity, Suggestion, Uri};
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

    /// Also print the SHOULD-level problems of each valid line (uppercase
    /// scheme or host, lowercase or needless percent-encodings, empty or
    /// default ports, a password, dot segments, a host that is not a DNS
    /// name), each with the RFC section it cites and a caret under it.
    /// They change the exit status only with --fail-on
    #[arg(long)]
    lint: bool,

    /// With --lint, exit with 1 when a lint of this severity or above is
    /// found: info or warning
    #[arg(long, value_name = "SEVERITY", requires = "lint")]
    fail_on: Option<Severity>,

    /// Print after each invalid line a corrected reference, when one of the
    /// usual mistakes explains the rejection (a character to percent-encode,
    /// a <...>, (...) or quote wrapper, trailing punctuation, an unbracketed
    /// IPv6 host, backslashes for slashes, a Windows drive path for a file:
    /// URI). Nothing is ever corrected silently:
    /// the line still counts as invalid
    #[arg(long)]
    suggest: bool,

    /// Require absolute URIs (absolute IRIs with --iri): a relative
    /// reference, which has no scheme ("../a", "//host/a", "/a", "a"), is
    /// invalid, reported as such. A URI of a --scheme always has one
    #[arg(long)]
    absolute: bool,

    /// Print only the summary line: the counts of lines, valid and invalid
    /// lines (and of lints, with --lint), and nothing for each line
    #[arg(long, conflicts_with_all = ["json", "suggest"])]
    count: bool,
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
type Validator<'a> = dyn Fn(&str) -> Result<(), Rejection> + 'a;

impl Scheme {
    fn validate(self, line: &str) -> Result<(), SchemeError> {
        match self {
            Scheme::Http => HttpUri::parse(line).map(drop),
            Scheme::Mailto => Mailto::parse(line).map(drop),
            Scheme::Urn => Urn::parse(line).map(drop),
            Scheme::File => FileUri::parse(line).map(drop),
        }
    }
}

/// Why a line is not valid.
#[derive(Debug)]
pub enum Rejection {
    /// It is not a reference (of its scheme, with --scheme).
    Invalid(SchemeError),
    /// With --absolute, it is a relative reference: the error of its parse
    /// as an absolute one, at the byte where a scheme stops being possible.
    Relative {
        error: ParseError,
        /// "URI", or "IRI" with --iri.
        kind: &'static str,
    },
}

impl From<SchemeError> for Rejection {
    fn from(err: SchemeError) -> Rejection {
        Rejection::Invalid(err)
    }
}

impl From<ParseError> for Rejection {
    fn from(err: ParseError) -> Rejection {
        Rejection::Invalid(err.into())
    }
}

/// A line as a URI reference, and with `absolute` as an absolute URI.
fn uri(line: &str, absolute: bool) -> Result<(), Rejection> {
    let uri = Uri::parse(line)?;
    if absolute {
        AbsoluteUri::try_from(uri).map_err(|error| Rejection::Relative { error, kind: "URI" })?;
    }
    Ok(())
}

/// A line as an IRI reference, with `bidi` without the bidirectional
/// formatting characters, and with `absolute` as an absolute IRI.
fn iri(line: &str, bidi: bool, absolute: bool) -> Result<(), Rejection> {
    let iri = Iri::parse(line)?;
    if bidi {
        iri.check_bidi()?;
    }
    if absolute {
        AbsoluteIri::try_from(iri).map_err(|error| Rejection::Relative { error, kind: "IRI" })?;
    }
    Ok(())
}

impl Rejection {
    /// The one-line message: the parse's for an invalid line; for a
    /// relative one, that it is one, the line (cut to 48 characters), and
    /// where a scheme stops being possible.
    fn message(&self, line: &str) -> String {
        match self {
            Rejection::Invalid(err) => err.to_string(),
            Rejection::Relative { error, kind } => {
                const SHOWN: usize = 48;
                let mut quoted: String = line.chars().take(SHOWN).collect();
                if quoted.len() < line.len() {
                    quoted.push_str("...");
                }
                let found = match error.found() {
                    Some(c) => format!("{c:?}"),
                    None => "end of input".to_string(),
                };
                format!(
                    "not an absolute {kind}: {quoted:?} is a relative reference, with no scheme \
                     (at byte {}: expected {}, found {found})",
                    error.offset(),
                    error.expected()
                )
            }
        }
    }
}

pub fn run(args: &Args, output: &mut Output) -> io::Result<ExitCode> {
    let validate = |line: &str| match args.scheme {
        Some(scheme) => Ok(scheme.validate(line)?),
        None if args.iri => iri(line, args.bidi, args.absolute),
        None => uri(line, args.absolute),
    };
    let report = Report {
        json: args.json,
        lint: match (args.lint, args.iri) {
            (false, _) => None,
            (true, true) => {
                Some(|line: &str| Iri::parse(line).map(|iri| iri.lints()).unwrap_or_default())
            }
            (true, false) => {
                Some(|line: &str| Uri::parse(line).map(|uri| uri.lints()).unwrap_or_default())
            }
        },
        fail_on: args.fail_on,
        suggest: args.suggest,
        count: args.count,
    };
    let mut summary = Summary::default();
    if args.files.is_empty() {
        summary = check(
            &mut io::stdin().lock(),
            None,
            output.out(),
            &validate,
            report,
        )?;
    }
    for name in &args.files {
        let source = Source::of(name);
        let counted = source
            .open()
            .and_then(|mut input| check(&mut input, Some(name), output.out(), &validate, report));
        match counted {
            Ok(counted) => summary.add(counted),
            Err(err) if err.kind() == io::ErrorKind::BrokenPipe => return Err(err),
            Err(err) => {
                output.error(format_args!("uri: {name}: {err}"))?;
                summary.unread += 1;
            }
        }
    }
    if !report.json {
        writeln!(output.out(), "{summary}")?;
    }
    Ok(if summary.unread > 0 {
        ExitCode::from(EXIT_TROUBLE)
    } else {
        crate::status(summary.invalid == 0 && summary.failing == 0)
    })
}

/// What `check` counted, and the files `run` could not read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub lines: u64,
    pub valid: u64,
    pub invalid: u64,
    pub unread: u64,
    /// With `--lint`, the lints found, and those at or above `--fail-on`.
    pub lints: Option<u64>,
    pub failing: u64,
}

impl Summary {
    fn add(&mut self, other: Summary) {
        self.lines += other.lines;
        self.valid += other.valid;
        self.invalid += other.invalid;
        self.unread += other.unread;
        self.lints = match (self.lints, other.lints) {
            (None, None) => None,
            (mine, theirs) => Some(mine.unwrap_or(0) + theirs.unwrap_or(0)),
        };
        self.failing += other.failing;
    }
}

impl std::fmt::Display for Summary {
    /// `2 lines, 1 valid, 1 invalid`, then `, 3 lints` with `--lint`, and
    /// `, 1 file not read` when one could not be.
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
        if let Some(lints) = self.lints {
            write!(f, ", {lints} {}", plural(lints, "lint", "lints"))?;
        }
        if self.unread > 0 {
            let files = plural(self.unread, "file", "files");
            write!(f, ", {} {files} not read", self.unread)?;
        }
        Ok(())
    }
}

/// What is reported of each line, and how.
#[derive(Clone, Copy, Debug)]
pub struct Report {
    /// One JSON object a reported line; otherwise the line's number (after
    /// its file's name, for a file), the error, and the line with a caret
    /// under the byte at fault.
    pub json: bool,
    /// With `--lint`: the lints of a valid line (as `Uri` or `Iri`).
    pub lint: Option<fn(&str) -> Vec<Lint>>,
    /// The severity from which a lint fails the run.
    pub fail_on: Option<Severity>,
    /// With `--suggest`: a corrected reference for each invalid line.
    pub suggest: bool,
    /// With `--count`: nothing for each line, only the summary.
    pub count: bool,
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
    /// With `--suggest`, the corrected reference, if there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    suggestion: Option<SuggestionJson>,
}

/// A suggested correction: its text and each change, by byte range of the
/// line.
#[derive(Serialize)]
struct SuggestionJson {
    text: String,
    fixes: Vec<FixJson>,
}

#[derive(Serialize)]
struct FixJson {
    kind: &'static str,
    start: usize,
    end: usize,
    replacement: String,
    message: String,
}

impl SuggestionJson {
    fn of(suggestion: &Suggestion) -> SuggestionJson {
        SuggestionJson {
            text: suggestion.as_str().to_string(),
            fixes: suggestion
                .fixes()
                .iter()
                .map(|fix| FixJson {
                    kind: fix.kind().name(),
                    start: fix.range().start,
                    end: fix.range().end,
                    replacement: fix.replacement().to_string(),
                    message: fix.to_string(),
                })
                .collect(),
        }
    }
}

/// The JSON object of a valid line with lints.
#[derive(Serialize)]
struct LintedLine<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<&'a str>,
    line: u64,
    input: &'a str,
    lints: Vec<LintJson>,
}

#[derive(Serialize)]
struct LintJson {
    kind: &'static str,
    severity: &'static str,
    section: &'static str,
    start: usize,
    end: usize,
    message: String,
}

/// Validates each line of `input` (named `file`, when it is one) with
/// `validate` and writes a report of each invalid one to `out`.
pub fn check(
    input: &mut impl BufRead,
    file: Option<&str>,
    out: &mut impl Write,
    validate: &Validator<'_>,
    report: Report,
) -> io::Result<Summary> {
    let mut invalid = 0;
    let mut lints_found = 0;
    let mut failing = 0;
    let lines = for_each_line(input, |number, line| {
        let error = match line {
            Ok(line) => match validate(line) {
                Ok(()) => {
                    let Some(lint) = report.lint else {
                        return Ok(());
                    };
                    let lints = lint(line);
                    lints_found += lints.len() as u64;
                    failing += lints
                        .iter()
                        .filter(|l| report.fail_on.is_some_and(|at| l.severity() >= at))
                        .count() as u64;
                    if report.count {
                        return Ok(());
                    }
                    return write_lints(out, file, number, line, &lints, report.json);
                }
                Err(err) => Err((line, err)),
            },
            Err(not_utf8) => Ok(not_utf8),
        };
        invalid += 1;
        if report.count {
            return Ok(());
        }
        let suggestion = match &error {
            Err((line, Rejection::Invalid(err))) if report.suggest => {
                syntax_error(err).and_then(|e| e.suggestion(line))
            }
            _ => None,
        };
        if report.json {
            write_json(out, file, number, &error, suggestion.as_ref())
        } else {
            write_text(out, file, number, &error, suggestion.as_ref())
        }
    })?;
    Ok(Summary {
        lines,
        valid: lines - invalid,
        invalid,
        unread: 0,
        lints: report.lint.map(|_| lints_found),
        failing,
    })
}

/// The RFC 3986 syntax error behind a line's rejection, which a
/// suggestion can correct; `None` for a violation of a scheme's own rules.
fn syntax_error(err: &SchemeError) -> Option<&ParseError> {
    match err {
        SchemeError::Syntax(err) => Some(err),
        _ => None,
    }
}

/// Writes the lints of a valid line: for each, its severity and message,
/// and the line with carets under its bytes; in JSON, one object for the
/// line.
fn write_lints(
    out: &mut impl Write,
    file: Option<&str>,
    number: u64,
    line: &str,
    lints: &[Lint],
    json: bool,
) -> io::Result<()> {
    if lints.is_empty() {
        return Ok(());
    }
    if json {
        let object = LintedLine {
            file,
            line: number,
            input: line,
            lints: lints
                .iter()
                .map(|lint| LintJson {
                    kind: lint.kind().as_str(),
                    severity: lint.severity().as_str(),
                    section: lint.kind().section(),
                    start: lint.range().start,
                    end: lint.range().end,
                    message: lint.message(),
                })
                .collect(),
        };
        serde_json::to_writer(&mut *out, &object)?;
        return writeln!(out);
    }
    for lint in lints {
        if let Some(file) = file {
            write!(out, "{file}: ")?;
        }
        writeln!(out, "line {number}: {}: {lint}", lint.severity())?;
        let (shown, under) = underlined(line, lint.range());
        writeln!(out, "  {shown}\n  {under}")?;
    }
    Ok(())
}

/// `line` as it is shown under a message (at most 40 characters each side
/// of `range`, with `...` where cut), and the line of carets under
/// `range`'s characters in it.
fn underlined(line: &str, range: std::ops::Range<usize>) -> (String, String) {
    const AROUND: usize = 40;
    let start = range.start.min(line.len());
    let end = range.end.clamp(start, line.len());
    let before: Vec<char> = line[..start].chars().collect();
    let after: Vec<char> = line[end..].chars().collect();
    let mut shown = String::new();
    let mut pad = 0;
    if before.len() > AROUND {
        shown.push_str("...");
        pad += 3;
    }
    let kept = &before[before.len().saturating_sub(AROUND)..];
    shown.extend(kept);
    pad += kept.len();
    let marked = line[start..end].chars().count().max(1);
    shown.push_str(&line[start..end]);
    shown.extend(after.iter().take(AROUND));
    if after.len() > AROUND {
        shown.push_str("...");
    }
    (shown, format!("{}{}", " ".repeat(pad), "^".repeat(marked)))
}

/// What is wrong with a line: the line and its error, or where it stops
/// being UTF-8.
type LineError<'a> = Result<NotUtf8<'a>, (&'a str, Rejection)>;

fn write_text(
    out: &mut impl Write,
    file: Option<&str>,
    number: u64,
    error: &LineError<'_>,
    suggestion: Option<&Suggestion>,
) -> io::Result<()> {
    if let Some(file) = file {
        write!(out, "{file}: ")?;
    }
    match error {
        Ok(not_utf8) => writeln!(out, "line {number}: {not_utf8}")?,
        Err((_, Rejection::Invalid(err))) => writeln!(out, "line {number}: {err:#}")?,
        Err((line, relative @ Rejection::Relative { error, .. })) => {
            writeln!(out, "line {number}: {}", relative.message(line))?;
            let (shown, under) = underlined(line, error.offset()..error.offset());
            writeln!(out, "  {shown}\n  {under}")?;
        }
    }
    if let Some(suggestion) = suggestion {
        writeln!(out, "  suggestion: {suggestion}")?;
        for fix in suggestion.fixes() {
            writeln!(out, "    {fix}")?;
        }
    }
    Ok(())
}

fn write_json(
    out: &mut impl Write,
    file: Option<&str>,
    number: u64,
    error: &LineError<'_>,
    suggestion: Option<&Suggestion>,
) -> io::Result<()> {
    let suggestion = suggestion.map(SuggestionJson::of);
    let object = match error {
        Ok(not_utf8) => InvalidLine {
            file,
            line: number,
            input: String::from_utf8_lossy(not_utf8.line),
            error: ErrorJson::not_utf8(not_utf8),
            suggestion,
        },
        Err((line, rejection)) => InvalidLine {
            file,
            line: number,
            input: Cow::Borrowed(line),
            error: match rejection {
                Rejection::Invalid(err) => ErrorJson::scheme(err),
                Rejection::Relative { error, .. } => {
                    ErrorJson::relative(error, rejection.message(line))
                }
            },
            suggestion,
        },
    };
    serde_json::to_writer(&mut *out, &object)?;
    writeln!(out)
}
