//! `uri template expand TEMPLATE [NAME=VALUE]...` and `uri template match
//! TEMPLATE [URI]...`: URI Templates (RFC 6570), expanded with variables
//! given as arguments or as a JSON object, and matched against URI
//! references, one JSON object a line.

use std::borrow::Cow;
use std::io::{self, Read, Write};
use std::ops::Range;
use std::process::ExitCode;

use rfc3986::template::{Template, Value, Variables};
use serde::Serialize;

use crate::json::ErrorJson;
use crate::lines::{for_each_reference, Source};
use crate::output::Output;
use crate::EXIT_TROUBLE;

/// The subcommands of `uri template` (its help is on `Command::Template`).
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Expand a URI Template into a URI reference
    ///
    /// Each expression of TEMPLATE is replaced by the values of its
    /// variables as RFC 6570 section 3 says, and the result, a URI
    /// reference the crate's grammar has checked, is printed. A variable
    /// with no value is undefined: its expression expands to nothing.
    /// NAME=VALUE sets NAME to the string VALUE. NAME:=JSON sets it to a
    /// JSON value: an array for a list, an object for an associative array
    /// (its keys in order), a string, number or boolean for a string, null
    /// for undefined. With --vars, the variables come from a JSON object
    /// in FILE ("-" is standard input), and the arguments override it. A
    /// template that does not parse is reported on standard error with a
    /// caret under the byte at fault, and so is an expansion that would not
    /// be a URI reference; the exit status is then 1. A file that cannot
    /// be read, or is not such a JSON object, exits with 2. With --iri, the
    /// result is an IRI reference (RFC 3987): the characters above ASCII
    /// that an IRI may hold anywhere stay as they are.
    #[command(after_help = "Example:\n  \
        $ uri template expand '/repos/{owner}/{repo}{?page}' owner=rust-lang repo=rust page=2\n  \
        /repos/rust-lang/rust?page=2\n  \
        $ uri template expand '/search{?q,lang}{&tags*}' q='café au lait' 'tags:=[\"hot\",\"sweet\"]'\n  \
        /search?q=caf%C3%A9%20au%20lait&tags=hot&tags=sweet")]
    Expand(ExpandArgs),
    /// Match URI references against a URI Template, one JSON object a line
    ///
    /// For each URI, a JSON object: {"input", "matched": true, "variables"}
    /// with the value of each variable the URI defines (decoded: a string,
    /// an array for a list, an object for an associative array), or
    /// {"input", "matched": false, "variables": null} when no values of the
    /// template's variables expand to it. With no URI, or "-", the
    /// references are read from standard input, one a line; a line that is
    /// not UTF-8 does not match, and its object has an "error". A template
    /// that does not parse is reported on standard error, with a caret
    /// under the byte at fault. Exit status: 0 when every URI matched, 1
    /// otherwise.
    #[command(after_help = "Example:\n  \
        $ uri template match '/repos/{owner}/{repo}{?page}' '/repos/rust-lang/rust?page=2' /users/octocat\n  \
        {\"input\":\"/repos/rust-lang/rust?page=2\",\"matched\":true,\"variables\":{\"owner\":\"rust-lang\",\"repo\":\"rust\",\"page\":\"2\"}}\n  \
        {\"input\":\"/users/octocat\",\"matched\":false,\"variables\":null}")]
    Match(MatchArgs),
}

/// The arguments of `uri template expand`.
#[derive(Debug, clap::Args)]
pub struct ExpandArgs {
    /// The URI Template (quote it: the shell gives "{", "}", "?" and "&" a
    /// meaning of their own)
    #[arg(value_name = "TEMPLATE")]
    template: String,

    /// The variables: NAME=VALUE for a string, NAME:=JSON for any JSON
    /// value (a list is an array: 'list:=["red","green"]'); a later one
    /// replaces an earlier one of the same name
    #[arg(value_name = "NAME=VALUE", value_parser = assignment)]
    assignments: Vec<Assignment>,

    /// Read the variables from a JSON object in FILE ("-" for standard
    /// input), before the NAME=VALUE arguments
    #[arg(long = "vars", value_name = "FILE")]
    vars_file: Option<String>,

    /// Expand into an IRI reference (RFC 3987), keeping the characters
    /// above ASCII of the template and the values as they are (but the
    /// private-use ones) rather than percent-encoding them
    #[arg(long)]
    iri: bool,
}

/// The arguments of `uri template match`.
#[derive(Debug, clap::Args)]
pub struct MatchArgs {
    /// The URI Template (quote it: the shell gives "{", "}", "?" and "&" a
    /// meaning of their own)
    #[arg(value_name = "TEMPLATE")]
    template: String,

    /// The URI references to match; none, or "-", reads them from standard
    /// input, one a line (a reference that starts with "-" goes after
    /// "--")
    #[arg(value_name = "URI")]
    uris: Vec<String>,
}

/// One variable given as an argument: its name, and its value (`None`
/// from `NAME:=null`, which makes it undefined).
#[derive(Clone, Debug)]
struct Assignment {
    name: String,
    value: Option<Value>,
}

/// Reads `NAME=VALUE` (a string) or `NAME:=JSON` (any value). A variable
/// name has no `=` and no `:` (RFC 6570 section 2.3), so the first `=`
/// ends the name, and a `:` before it marks JSON.
fn assignment(arg: &str) -> Result<Assignment, String> {
    let Some((name, value)) = arg.split_once('=') else {
        return Err("expected NAME=VALUE or NAME:=JSON".to_string());
    };
    let (name, value) = match name.strip_suffix(':') {
        Some(name) => {
            let value = serde_json::from_str::<Option<Value>>(value)
                .map_err(|err| format!("the JSON of {name} is not a variable's value: {err}"))?;
            (name, value)
        }
        None => (name, Some(Value::from(value))),
    };
    if name.is_empty() {
        return Err("expected a variable name before \"=\"".to_string());
    }
    Ok(Assignment {
        name: name.to_string(),
        value,
    })
}

pub fn run(command: &Command, output: &mut Output) -> io::Result<ExitCode> {
    match command {
        Command::Expand(args) => expand(args, output),
        Command::Match(args) => match_uris(args, output),
    }
}

/// `template`, parsed; or its error, reported on standard error.
fn parse<'a>(template: &'a str, output: &mut Output) -> io::Result<Option<Template<&'a str>>> {
    match Template::parse(template) {
        Ok(template) => Ok(Some(template)),
        Err(err) => {
            output.error(format_args!("TEMPLATE: {err:#}"))?;
            Ok(None)
        }
    }
}

fn expand(args: &ExpandArgs, output: &mut Output) -> io::Result<ExitCode> {
    let Some(template) = parse(&args.template, output)? else {
        return Ok(ExitCode::FAILURE);
    };
    let mut vars = Variables::new();
    if let Some(name) = &args.vars_file {
        match read_vars(name) {
            Ok(read) => vars = read,
            Err(err) if err.kind() == io::ErrorKind::BrokenPipe => return Err(err),
            Err(err) => {
                output.error(format_args!("uri: {name}: {err}"))?;
                return Ok(ExitCode::from(EXIT_TROUBLE));
            }
        }
    }
    for Assignment { name, value } in &args.assignments {
        match value {
            Some(value) => {
                vars.set(name.as_str(), value.clone());
            }
            None => {
                vars.remove(name);
            }
        }
    }
    let expanded = if args.iri {
        template.expand_iri(&vars).map(|iri| iri.to_string())
    } else {
        template.expand(&vars).map(|uri| uri.to_string())
    };
    match expanded {
        Ok(text) => {
            writeln!(output.out(), "{text}")?;
            Ok(ExitCode::SUCCESS)
        }
        Err(err) => {
            let part = err
                .template_range()
                .map(|range| underline(&args.template, range))
                .unwrap_or_default();
            output.error(format_args!("TEMPLATE: {err}{part}"))?;
            Ok(ExitCode::FAILURE)
        }
    }
}

/// The template on a line of its own, and carets under the part `range`
/// of it, each line indented as the caret of a `ParseError`'s `{:#}` is. A
/// template that parsed holds no control character or space, so each
/// character takes one column.
fn underline(template: &str, range: Range<usize>) -> String {
    let column = |end: usize| template.get(..end).map_or(0, |text| text.chars().count());
    let start = column(range.start);
    let width = column(range.end).saturating_sub(start).max(1);
    format!(
        "\n  {template}\n  {}{}",
        " ".repeat(start),
        "^".repeat(width)
    )
}

/// The variables of the JSON object in the file `name` (`-`: standard
/// input). Not JSON, or JSON of something else, is an `InvalidData`
/// error.
fn read_vars(name: &str) -> io::Result<Variables> {
    let mut text = String::new();
    Source::of(name).open()?.read_to_string(&mut text)?;
    serde_json::from_str(&text).map_err(|err| io::Error::new(io::ErrorKind::InvalidData, err))
}

/// The JSON object `uri template match` prints for each reference.
#[derive(Serialize)]
struct Matched<'a> {
    input: Cow<'a, str>,
    matched: bool,
    /// The values of the variables the reference defines; `null` when it
    /// does not match.
    variables: Option<Variables>,
    /// Why a line of standard input was not read (not UTF-8).
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<ErrorJson>,
}

fn match_uris(args: &MatchArgs, output: &mut Output) -> io::Result<ExitCode> {
    let Some(template) = parse(&args.template, output)? else {
        return Ok(ExitCode::FAILURE);
    };
    let mut all_matched = true;
    for_each_reference(&args.uris, |input| {
        let matched = match input {
            Ok(input) => {
                let variables = template.match_uri(input);
                Matched {
                    input: Cow::Borrowed(input),
                    matched: variables.is_some(),
                    variables,
                    error: None,
                }
            }
            Err(not_utf8) => Matched {
                input: String::from_utf8_lossy(not_utf8.line),
                matched: false,
                variables: None,
                error: Some(ErrorJson::not_utf8(&not_utf8)),
            },
        };
        all_matched &= matched.matched;
        let line = serde_json::to_string(&matched)?;
        writeln!(output.out(), "{line}")
    })?;
    Ok(crate::status(all_matched))
}
