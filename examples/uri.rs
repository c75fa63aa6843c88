//! Shows every component of URI references, as RFC 3986 names them.
//!
//! ```text
//! cargo run --example uri -- 'foo://example.com:8042/over/there?name=ferret#nose'
//! cargo run --example uri            # the RFC's example URIs
//! cargo run --example uri -- --iri 'https://例え.jp/パス?q=値'   # IRIs (RFC 3987)
//! ```
//!
//! Undefined components show as `(undefined)`, empty ones as `""`. An
//! invalid reference shows its error with a caret under the byte at fault,
//! and the exit status is 1.

use std::io::{self, Write};
use std::process::ExitCode;

use rfc3986::{Host, Iri, Uri};

/// RFC 3986 section 1.1.2, then the two examples of section 3.
const RFC_EXAMPLES: [&str; 10] = [
    "ftp://ftp.is.co.za/rfc/rfc1808.txt",
    "http://www.ietf.org/rfc/rfc2396.txt",
    "ldap://[2001:db8::7]/c=GB?objectClass?one",
    "mailto:John.Doe@example.com",
    "news:comp.infosystems.www.servers.unix",
    "tel:+1-816-555-1212",
    "telnet://192.0.2.16:80/",
    "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
    "foo://example.com:8042/over/there?name=ferret#nose",
    "urn:example:animal:ferret:nose",
];

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let iri = args.first().is_some_and(|a| a == "--iri");
    if iri {
        args.remove(0);
    }
    let inputs: Vec<&str> = if args.is_empty() {
        RFC_EXAMPLES.to_vec()
    } else {
        args.iter().map(String::as_str).collect()
    };
    let mut all_valid = true;
    // A closed pipe (`| head`) ends the output quietly.
    let _ = show(&inputs, iri, &mut io::stdout().lock(), &mut all_valid);
    if all_valid {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Writes each input's table, parsed as a URI reference, or as an IRI
/// reference when `iri`.
pub fn show(
    inputs: &[&str],
    iri: bool,
    out: &mut impl Write,
    all_valid: &mut bool,
) -> io::Result<()> {
    for (i, input) in inputs.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        writeln!(out, "{input}")?;
        let parsed = if iri {
            Iri::parse(input).map(|iri| write_table(&fields!(iri, "IRI"), out))
        } else {
            Uri::parse(input).map(|uri| write_table(&fields!(uri, "URI"), out))
        };
        match parsed {
            Ok(written) => written?,
            Err(err) => {
                writeln!(out, "{err:#}")?;
                *all_valid = false;
            }
        }
    }
    Ok(())
}

/// The components of a parsed reference, read the same way from a `Uri`
/// and an `Iri` (which have the same accessors).
struct Fields<'a> {
    /// "URI" or "IRI", for an absolute reference.
    absolute: &'static str,
    relative: bool,
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    userinfo: Option<&'a str>,
    host: Option<Host<'a>>,
    host_str: Option<&'a str>,
    port_str: Option<&'a str>,
    port: Option<u16>,
    path: &'a str,
    segments: Vec<&'a str>,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

macro_rules! fields {
    ($parsed:ident, $absolute:literal) => {
        Fields {
            absolute: $absolute,
            relative: $parsed.is_relative(),
            scheme: $parsed.scheme(),
            authority: $parsed.authority().map(|a| a.as_str()),
            userinfo: $parsed.userinfo(),
            host: $parsed.host(),
            host_str: $parsed.host_str(),
            port_str: $parsed.port_str(),
            port: $parsed.port(),
            path: $parsed.path(),
            segments: $parsed.path_segments().collect(),
            query: $parsed.query(),
            fragment: $parsed.fragment(),
        }
    };
}
use fields;

fn write_table(uri: &Fields<'_>, out: &mut impl Write) -> io::Result<()> {
    let text = |value: Option<&str>| match value {
        None => "(undefined)".to_string(),
        Some("") => "\"\"".to_string(),
        Some(value) => value.to_string(),
    };
    let host = match uri.host {
        None => text(None),
        Some(host) => {
            let kind = match host {
                Host::Ipv4(address) => format!("IPv4address {address}"),
                Host::Ipv6(address) => format!("IPv6address {address}"),
                Host::Ipv6Zoned { address, zone } => {
                    format!("IPv6address {address}, zone {zone}")
                }
                Host::IpvFuture { version, address } => {
                    format!("IPvFuture version {version}, address {address}")
                }
                Host::RegName(_) => "reg-name".to_string(),
                // `Host` is non_exhaustive.
                _ => "host".to_string(),
            };
            format!("{}  ({kind})", text(uri.host_str))
        }
    };
    let port = match (uri.port_str, uri.port) {
        (Some(digits), Some(number)) if digits != number.to_string() => {
            format!("{digits}  (number {number})")
        }
        (port, _) => text(port),
    };
    let segments = uri
        .segments
        .iter()
        .map(|s| format!("{s:?}"))
        .collect::<Vec<_>>()
        .join(", ");
    let rows = [
        (
            "reference",
            if uri.relative {
                "relative reference"
            } else {
                uri.absolute
            }
            .to_string(),
        ),
        ("scheme", text(uri.scheme)),
        ("authority", text(uri.authority)),
        ("userinfo", text(uri.userinfo)),
        ("host", host),
        ("port", port),
        ("path", text(Some(uri.path))),
        ("segments", format!("[{segments}]")),
        ("query", text(uri.query)),
        ("fragment", text(uri.fragment)),
    ];
    let width = rows.iter().map(|(name, _)| name.len()).max().unwrap_or(0);
    for (name, value) in rows {
        writeln!(out, "  {name:<width$}  {value}")?;
    }
    Ok(())
}
