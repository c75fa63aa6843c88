//! `uri parse [URI]...`: every component of each URI reference, given as
//! arguments or read from standard input, as a table or as JSON.

use std::borrow::Cow;
use std::io::{self, Write};
use std::process::ExitCode;

use rfc3986::{percent_decode_utf8, Host, Iri, Uri};
use serde::Serialize;

use crate::json::ErrorJson;
use crate::lines::{for_each_reference, NotUtf8};
use crate::output::Output;

/// The arguments of `uri parse` (its help is on `Command::Parse`).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The URI references; none, or "-", reads them from standard input,
    /// one a line (a reference that starts with "-" goes after "--"; the
    /// reference "-" itself is "./-")
    #[arg(value_name = "URI")]
    uris: Vec<String>,

    /// Print one JSON object per reference and line, invalid ones included
    /// (as {"input", "valid": false, "error"}), instead of tables
    #[arg(long)]
    json: bool,

    /// Parse IRI references (RFC 3987), which may hold characters above
    /// ASCII, instead of URI references
    #[arg(long)]
    iri: bool,
}

/// A parsed reference: a URI reference, or an IRI reference with `--iri`.
enum Parsed<'a> {
    Uri(Uri<&'a str>),
    Iri(Iri<&'a str>),
}

/// `Parsed`'s accessors, each the same method of `Uri` and `Iri`.
macro_rules! accessors {
    ($($name:ident -> $ty:ty;)*) => {
        impl Parsed<'_> {
            $(fn $name(&self) -> $ty {
                match self {
                    Parsed::Uri(uri) => uri.$name(),
                    Parsed::Iri(iri) => iri.$name(),
                }
            })*
        }
    };
}

accessors! {
    is_relative -> bool;
    scheme -> Option<&str>;
    authority -> Option<rfc3986::Authority<'_>>;
    userinfo -> Option<&str>;
    host -> Option<Host<'_>>;
    host_str -> Option<&str>;
    port -> Option<u16>;
    port_str -> Option<&str>;
    path -> &str;
    path_segments -> rfc3986::PathSegments<'_>;
    query -> Option<&str>;
    fragment -> Option<&str>;
}

pub fn run(args: &Args, output: &mut Output) -> io::Result<ExitCode> {
    let mut printer = Printer {
        output,
        json: args.json,
        iri: args.iri,
        tables: 0,
        all_valid: true,
    };
    for_each_reference(&args.uris, |input| match input {
        Ok(input) => printer.print(input),
        Err(not_utf8) => printer.not_utf8(&not_utf8),
    })?;
    Ok(crate::status(printer.all_valid))
}

/// Writes what each reference is, as a table or a JSON line.
struct Printer<'o> {
    output: &'o mut Output,
    json: bool,
    /// Parse each reference as an IRI reference.
    iri: bool,
    /// How many tables have been written, to put a blank line between two.
    tables: usize,
    all_valid: bool,
}

impl Printer<'_> {
    fn print(&mut self, input: &str) -> io::Result<()> {
        let parsed = if self.iri {
            Iri::parse(input).map(Parsed::Iri)
        } else {
            Uri::parse(input).map(Parsed::Uri)
        };
        self.all_valid &= parsed.is_ok();
        if self.json {
            let line = match &parsed {
                Ok(uri) => serde_json::to_string(&Components::new(input, uri)),
                Err(err) => serde_json::to_string(&Invalid {
                    input: input.into(),
                    valid: false,
                    error: ErrorJson::parse(err),
                }),
            }?;
            return writeln!(self.output.out(), "{line}");
        }
        match parsed {
            Ok(uri) => {
                let out = self.output.out();
                if self.tables > 0 {
                    writeln!(out)?;
                }
                self.tables += 1;
                writeln!(out, "{input}")?;
                write_table(&uri, out)
            }
            Err(err) => self.output.error(format_args!("{input}\n{err:#}")),
        }
    }

    /// A line of standard input that is not UTF-8.
    fn not_utf8(&mut self, not_utf8: &NotUtf8<'_>) -> io::Result<()> {
        self.all_valid = false;
        if self.json {
            let line = serde_json::to_string(&Invalid {
                input: String::from_utf8_lossy(not_utf8.line),
                valid: false,
                error: ErrorJson::not_utf8(not_utf8),
            })?;
            return writeln!(self.output.out(), "{line}");
        }
        self.output
            .error(format_args!("line {}: {not_utf8}", not_utf8.number))
    }
}

/// The table of `examples/uri.rs`, with decoded forms where they differ.
fn write_table(uri: &Parsed, out: &mut impl Write) -> io::Result<()> {
    let text = |value: Option<&str>| match value {
        None => "(undefined)".to_string(),
        Some("") => "\"\"".to_string(),
        Some(value) => value.to_string(),
    };
    // The text, and its percent-decoded form when that differs and is UTF-8.
    let decoded = |value: Option<&str>| {
        let shown = text(value);
        match value.map(percent_decode_utf8) {
            Some(Ok(plain)) if Some(&*plain) != value => format!("{shown}  (decoded {plain})"),
            _ => shown,
        }
    };
    let host = match uri.host() {
        None => text(None),
        Some(host) => {
            let kind = match host {
                Host::Ipv4(address) => format!("IPv4address {address}"),
                Host::Ipv6(address) => format!("IPv6address {address}"),
                // Only a grammar that extends IP-literal reads a zone; the
                // tool's are uri.pest and iri.pest.
                Host::Ipv6Zoned { address, zone } => {
                    format!("IPv6address {address}, zone {zone}")
                }
                Host::IpvFuture { version, address } => {
                    format!("IPvFuture version {version}, address {address}")
                }
                Host::RegName(name) => match percent_decode_utf8(name) {
                    Ok(plain) if plain != name => format!("reg-name, decoded {plain}"),
                    _ => "reg-name".to_string(),
                },
                // `Host` is non_exhaustive: a kind of host the tool's
                // grammars do not give.
                _ => "host".to_string(),
            };
            format!("{}  ({kind})", text(uri.host_str()))
        }
    };
    let port = match (uri.port_str(), uri.port()) {
        (Some(digits), Some(number)) if digits != number.to_string() => {
            format!("{digits}  (number {number})")
        }
        (port, _) => text(port),
    };
    let segments = uri
        .path_segments()
        .map(|s| format!("{s:?}"))
        .collect::<Vec<_>>()
        .join(", ");
    let reference = match (uri.is_relative(), uri) {
        (true, _) => "relative reference",
        (false, Parsed::Uri(_)) => "URI",
        (false, Parsed::Iri(_)) => "IRI",
    };
    let rows = [
        ("reference", reference.to_string()),
        ("scheme", text(uri.scheme())),
        ("authority", text(uri.authority().map(|a| a.as_str()))),
        ("userinfo", decoded(uri.userinfo())),
        ("host", host),
        ("port", port),
        ("path", decoded(Some(uri.path()))),
        ("segments", format!("[{segments}]")),
        ("query", decoded(uri.query())),
        ("fragment", decoded(uri.fragment())),
    ];
    let width = rows.iter().map(|(name, _)| name.len()).max().unwrap_or(0);
    for (name, value) in rows {
        writeln!(out, "  {name:<width$}  {value}")?;
    }
    Ok(())
}

/// The JSON object of a valid reference. Components are as written;
/// `decoded` has the percent-decoded form of each that has one, `null`
/// where the component is undefined or its decoded octets are not UTF-8.
#[derive(Serialize)]
struct Components<'a> {
    input: &'a str,
    valid: bool,
    /// "uri", "iri" (with `--iri`) or "relative".
    reference: &'static str,
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    userinfo: Option<&'a str>,
    host: Option<HostJson<'a>>,
    /// The port number; `null` when there is no port or it is empty.
    port: Option<u16>,
    /// The port as written; `""` for an empty port.
    port_str: Option<&'a str>,
    path: &'a str,
    segments: Vec<&'a str>,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
    decoded: Decoded,
}

#[derive(Serialize)]
struct HostJson<'a> {
    /// As written, IP literals with their brackets.
    text: &'a str,
    /// "ipv4", "ipv6", "ipvfuture" or "reg-name".
    kind: &'static str,
    /// The address of an IPv4 or IPv6 host in its canonical form, the part
    /// after the "." of an IPvFuture.
    #[serde(skip_serializing_if = "Option::is_none")]
    address: Option<String>,
    /// The version of an IPvFuture.
    #[serde(skip_serializing_if = "Option::is_none")]
    version: Option<&'a str>,
}

#[derive(Serialize)]
struct Decoded {
    userinfo: Option<String>,
    host: Option<String>,
    path: Option<String>,
    segments: Vec<Option<String>>,
    query: Option<String>,
    fragment: Option<String>,
}

impl<'a> Components<'a> {
    fn new(input: &'a str, uri: &'a Parsed) -> Components<'a> {
        let decode = |value: Option<&str>| {
            value
                .and_then(|text| percent_decode_utf8(text).ok())
                .map(|text| text.into_owned())
        };
        let host = uri.host().map(|host| {
            let (kind, address, version) = match host {
                Host::Ipv4(address) => ("ipv4", Some(address.to_string()), None),
                Host::Ipv6(address) => ("ipv6", Some(address.to_string()), None),
                Host::Ipv6Zoned { address, zone } => {
                    ("ipv6", Some(format!("{address}%25{zone}")), None)
                }
                Host::IpvFuture { version, address } => {
                    ("ipvfuture", Some(address.to_string()), Some(version))
                }
                Host::RegName(_) => ("reg-name", None, None),
                // `Host` is non_exhaustive: a kind of host the tool's
                // grammars do not give.
                _ => ("host", None, None),
            };
            HostJson {
                text: uri.host_str().unwrap_or(""),
                kind,
                address,
                version,
            }
        });
        Components {
            input,
            valid: true,
            reference: match (uri.is_relative(), uri) {
                (true, _) => "relative",
                (false, Parsed::Uri(_)) => "uri",
                (false, Parsed::Iri(_)) => "iri",
            },
            scheme: uri.scheme(),
            authority: uri.authority().map(|a| a.as_str()),
            userinfo: uri.userinfo(),
            host,
            port: uri.port(),
            port_str: uri.port_str(),
            path: uri.path(),
            segments: uri.path_segments().collect(),
            query: uri.query(),
            fragment: uri.fragment(),
            decoded: Decoded {
                userinfo: decode(uri.userinfo()),
                host: match uri.host() {
                    Some(Host::RegName(name)) => decode(Some(name)),
                    _ => decode(uri.host_str()),
                },
                path: decode(Some(uri.path())),
                segments: uri.path_segments().map(|s| decode(Some(s))).collect(),
                query: decode(uri.query()),
                fragment: decode(uri.fragment()),
            },
        }
    }
}

/// The JSON object of an invalid reference.
#[derive(Serialize)]
struct Invalid<'a> {
    input: Cow<'a, str>,
    valid: bool,
    error: ErrorJson,
}
