//! `uri`: parse and check URI references exactly as RFC 3986 defines them.
//!
//! ```text
//! cargo install --locked --path . --features cli
//! uri parse 'foo://example.com:8042/over/there?name=ferret#nose'
//! uri parse --json 'http://[::1]:80/a%20b'
//! uri parse < urls.txt
//! uri check urls.txt more.txt
//! uri check --json --scheme mailto < addresses.txt
//! uri check --absolute --count urls.txt
//! uri resolve 'http://a/b/c/d;p?q' ../g '?y'
//! uri resolve 'http://a/b/c/d;p?q' < hrefs.txt
//! uri normalize 'eXAMPLE://a/./b/../b/%63/%7bfoo%7d'
//! uri normalize < urls.txt
//! uri relative 'http://a/b/c/d;p?q' 'http://a/b/g?y' 'http://a/b/c/'
//! uri parse --iri 'https://例え.jp/パス?q=値'
//! uri to-uri 'https://例え.jp/パス'
//! uri to-iri 'http://www.example.org/D%C3%BCrst'
//! uri check --iri --bidi < iris.txt
//! uri template expand '/repos/{owner}/{repo}{?page}' owner=rust-lang repo=rust page=2
//! uri template expand --vars vars.json 'https://api.example.com{/path*}{?q}'
//! uri template match '/repos/{owner}/{repo}{?page}' '/repos/rust-lang/rust?page=2'
//! uri from-path '/tmp/a b'
//! uri from-path --windows 'C:\a b' '\\server\share\x'
//! uri to-path 'file:///tmp/a%20b'
//! ```
//!
//! Every subcommand that takes references (`uri template match` too) reads
//! them from standard input, one a line, when it is given none (or for a
//! "-" among them).
//!
//! Results go to standard output, errors to standard error. Exit status: 0
//! when every input is valid, 1 when one is not, 2 for a usage error (clap's
//! code) or when the input or output fails.
//!
//! Each subcommand is a module with an `Args` struct and a `run` function
//! that writes to an [`Output`] and returns the exit status; `check
//! --scheme` picks the validator that `check::check` is given; `template`
//! has subcommands of its own (`template::Command`: `expand`, `match`). Both
//! streams are buffered ([`output`]), line by line on a terminal.

#![forbid(unsafe_code)]

// The library, by the name its users give it (the `rfc3986` crate
// re-exports it): a binary sees its own package's library only.
extern crate rfc3986_core as rfc3986;

mod check;
mod convert;
mod file_path;
mod json;
mod lines;
mod normalize;
mod output;
mod parse;
mod relative;
mod resolve;
mod template;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::output::Output;

/// Parse and check URI references exactly as RFC 3986 defines them.
///
/// Results go to standard output, errors to standard error. Exit status: 0
/// when every reference is valid, 1 when one is not, 2 for a usage error or
/// when reading or writing fails.
#[derive(Debug, Parser)]
#[command(name = "uri", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Show every component of each URI reference
    ///
    /// Undefined components show as (undefined), empty ones as "", and
    /// percent-encoded ones with their decoded form when it is UTF-8. With
    /// no URI, or "-", the references are read from standard input, one a
    /// line (LF or CRLF). An invalid reference is reported on standard
    /// error, with a caret under the character at fault, and the exit
    /// status is 1. With --iri, the references are IRI references
    /// (RFC 3987).
    #[command(after_help = "Example:\n  \
        $ uri parse --json 'http://[::1]:80/a%20b'\n  \
        $ uri parse 'foo://example.com:8042/over/there?name=ferret#nose'")]
    Parse(parse::Args),
    /// Check URI references read from files or standard input, one a line
    ///
    /// Each invalid line is printed with its number (after its file's name,
    /// when files are named) and the error, with a caret under the byte at
    /// fault; then a summary of all the input: lines, valid, invalid, and
    /// the files that could not be read, if any (each is reported on
    /// standard error, and the others are still checked). With
    /// --json, each invalid line is one JSON object instead (file, line,
    /// input, error), and there is no summary. With no FILE, or "-", the
    /// lines come from standard input. Lines end in LF or CRLF; a line that
    /// is not UTF-8 is invalid; an empty line is a valid (empty) relative
    /// reference. With --scheme, each line must also be a URI of that
    /// scheme; with --iri, each line is checked as an IRI reference
    /// (RFC 3987), and with --iri --bidi also for the bidirectional
    /// formatting characters that RFC 3987 section 4.1 forbids (its grammar
    /// takes them). With --lint, each valid line's SHOULD-level problems
    /// are printed too (severity, message, caret), and the summary counts
    /// them; with --suggest, each invalid line gets a corrected reference
    /// when a usual mistake explains it (never applied: the line stays
    /// invalid). With --absolute, a relative reference (no scheme) is
    /// invalid too, reported as one. With --count, only the summary is
    /// printed. Memory use does not grow with the number of lines. Exit
    /// status: 0 when every line is valid (and, with --fail-on, no lint is
    /// of that severity or above), 1 otherwise, 2 when a file cannot be
    /// read.
    #[command(after_help = "Example:\n  \
        $ printf 'urn:isbn:0451450523\\nurn:a:b\\n' | uri check --scheme urn\n  \
        line 2: invalid urn URI at byte 5: expected \"-\", ALPHA or DIGIT in urn NID, found ':'\n    \
        urn:a:b\n         \
        ^\n  \
        2 lines, 1 valid, 1 invalid")]
    Check(check::Args),
    /// Resolve references against a base URI, one result a line
    ///
    /// Each reference is resolved as RFC 3986 section 5.2 says, its dot
    /// segments removed; the results go to standard output in the order of
    /// the references. An invalid reference is reported on standard error
    /// with its number (REF 1 is the first), and the others are still
    /// resolved. An invalid or relative base is reported alone. With no
    /// REF, or "-", the references are read from standard input, one a
    /// line. Exit status: 0 when every reference resolved, 1 otherwise.
    #[command(after_help = "Example:\n  \
        $ uri resolve 'http://a/b/c/d;p?q' g ../g '?y' '#s'\n  \
        http://a/b/c/g\n  \
        http://a/b/g\n  \
        http://a/b/c/d;p?y\n  \
        http://a/b/c/d;p?q#s")]
    Resolve(resolve::Args),
    /// Normalize URI references, one result a line
    ///
    /// The normal form of RFC 3986 section 6.2: syntax-based (6.2.2: scheme
    /// and host in lower case, percent-encodings in upper case and decoded
    /// where they stand for unreserved characters, dot segments removed),
    /// then scheme-based (6.2.3: an empty or default port dropped, an empty
    /// path "/" for http, https, ws and wss), IPv6 addresses in the form of
    /// RFC 5952. With --syntax, section 6.2.2 only. With no URI, or "-",
    /// the references are read from standard input, one a line. An invalid
    /// reference is reported on standard error, with a caret under the
    /// byte at fault, and the exit status is 1.
    #[command(after_help = "Example:\n  \
        $ uri normalize 'eXAMPLE://a/./b/../b/%63/%7bfoo%7d'\n  \
        example://a/b/c/%7Bfoo%7D")]
    Normalize(normalize::Args),
    /// Print the shortest reference from a base URI to each target URI
    ///
    /// Each reference resolves against BASE to its TARGET exactly, so that
    /// `uri resolve BASE "$(uri relative BASE TARGET)"` prints TARGET; they
    /// go to standard output, one a line, in the order of the targets.
    /// There is none when BASE or a TARGET is a relative reference, or when
    /// the path of a TARGET has "." or ".." segments (which resolution
    /// removes): that is reported on standard error with the target's
    /// number (TARGET 1 is the first), the others are still done, and the
    /// exit status is 1. With no TARGET, or "-", the targets are read from
    /// standard input, one a line.
    #[command(after_help = "Example:\n  \
        $ uri relative 'http://a/b/c/d;p?q' 'http://a/b/g?y' 'http://a/b/c/'\n  \
        ../g?y\n  \
        .")]
    Relative(relative::Args),
    /// Map IRI references to URI references (RFC 3987 section 3.1)
    ///
    /// Each character above ASCII becomes the percent-encodings of its
    /// UTF-8 octets, in upper case; nothing else changes. With no IRI, or
    /// "-", the references are read from standard input, one a line. An
    /// invalid IRI reference is reported on standard error, with a caret
    /// under the character at fault, and the exit status is 1.
    #[command(after_help = "Example:\n  \
        $ uri to-uri 'http://www.example.org/red%09ros\u{e9}#red'\n  \
        http://www.example.org/red%09ros%C3%A9#red")]
    ToUri(convert::ToUriArgs),
    /// Convert URI references to IRI references (RFC 3987 section 3.2)
    ///
    /// Percent-encoded UTF-8 is decoded where the character it encodes may
    /// stand in an IRI; encodings of delimiters, of octets that are not
    /// UTF-8 and of bidirectional formatting characters stay. With no URI,
    /// or "-", the references are read from standard input, one a line.
    /// An invalid URI reference is reported on standard error and the exit
    /// status is 1.
    #[command(after_help = "Example:\n  \
        $ uri to-iri 'http://www.example.org/D%C3%BCrst' 'http://www.example.org/D%FCrst'\n  \
        http://www.example.org/D\u{fc}rst\n  \
        http://www.example.org/D%FCrst")]
    ToIri(convert::ToIriArgs),
    /// Print the file URI of each absolute path (RFC 8089)
    ///
    /// Each name of the path is percent-encoded where RFC 3986's segment
    /// does not take a character as it is; a POSIX path is octets, which
    /// need not be UTF-8. The paths are the host's kind (POSIX, or Windows
    /// on Windows), or the kind --posix or --windows names: C:\..., or
    /// \\server\share\... (written file://server/share/...), or their
    /// long forms \\?\C:\... and \\?\UNC\server\share\.... With
    /// --directory, each URI ends with "/". With no PATH, or "-", the
    /// paths are read from standard input, one a line. A path that has no
    /// file URI (a relative one, a name Windows refuses) is reported on
    /// standard error, and the exit status is 1.
    #[command(after_help = "Example:\n  \
        $ uri from-path --windows 'C:\\a b\\c' '\\\\server\\share\\x'\n  \
        file:///C:/a%20b/c\n  \
        file://server/share/x")]
    FromPath(file_path::FromPathArgs),
    /// Print the file path of each file URI (RFC 8089)
    ///
    /// Each segment is percent-decoded. The forms of RFC 8089 Appendix E
    /// are read too: file:c:/x, file:/c:/x, file:///c%7C/x, and a UNC
    /// string in the path, file:////server/share/x. The paths are the
    /// host's kind (POSIX, or Windows on Windows), or the kind --posix or
    /// --windows names; a POSIX path is written as its octets. With no URI,
    /// or "-", the URIs are read from standard input, one a line. A URI
    /// that has no path of that kind (another host on POSIX, no drive
    /// letter on Windows, an encoded "/" in a segment) is reported on
    /// standard error, and the exit status is 1.
    #[command(after_help = "Example:\n  \
        $ uri to-path --windows 'file:///C:/a%20b/c' 'file://server/share/x'\n  \
        C:\\a b\\c\n  \
        \\\\server\\share\\x")]
    ToPath(file_path::ToPathArgs),
    /// Expand a URI Template (RFC 6570), or match URI references against one
    ///
    /// `uri template expand` replaces each expression of a template with
    /// the values of its variables, given as NAME=VALUE arguments or as a
    /// JSON object, and prints the URI reference; `uri template match`
    /// gives back, as JSON, the values of the variables that expand to
    /// each URI reference.
    #[command(subcommand)]
    Template(template::Command),
}

/// The exit status for a failure of the input or output itself, the same as
/// clap's for a usage error: the command could not do its work.
pub const EXIT_TROUBLE: u8 = 2;

/// The exit status of a subcommand that read its inputs: 0 when every one
/// was valid, 1 when one was not.
fn status(all_valid: bool) -> ExitCode {
    if all_valid {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut output = Output::std();
    let output = &mut output;
    let result = match cli.command {
        Command::Parse(args) => parse::run(&args, output),
        Command::Check(args) => check::run(&args, output),
        Command::Resolve(args) => resolve::run(&args, output),
        Command::Normalize(args) => normalize::run(&args, output),
        Command::Relative(args) => relative::run(&args, output),
        Command::ToUri(args) => convert::to_uri(&args, output),
        Command::ToIri(args) => convert::to_iri(&args, output),
        Command::FromPath(args) => file_path::from_path(&args, output),
        Command::ToPath(args) => file_path::to_path(&args, output),
        Command::Template(command) => template::run(&command, output),
    };
    match result.and_then(|code| output.flush().map(|()| code)) {
        Ok(code) => code,
        // A closed pipe (`uri check < big.txt | head`) ends the output
        // quietly, as other tools do.
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => {
            // What standard error holds still comes out.
            let _ = output.flush();
            ExitCode::from(EXIT_TROUBLE)
        }
        Err(err) => {
            // The results so far, then why there are no more. Standard
            // output may be what failed: its error is the one reported.
            let _ = output.out().flush();
            output.fail(format_args!("uri: {err}"));
            ExitCode::from(EXIT_TROUBLE)
        }
    }
}
