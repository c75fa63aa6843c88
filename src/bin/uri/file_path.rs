//! `uri from-path PATH...` and `uri to-path URI...`: file paths and `file`
//! URIs (RFC 8089), both ways, in the host's flavor of path or the one a
//! flag names.

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

use rfc3986::schemes::file::{FileUri, PathFlavor};

use crate::lines::{for_each_line, for_each_reference};
use crate::output::Output;

/// The flavor of path, from `--posix` and `--windows` (which clap keeps
/// apart).
#[derive(Debug, clap::Args)]
pub struct Flavor {
    /// POSIX paths (octets, "/" between the names), whatever the host
    #[arg(long, conflicts_with = "windows")]
    posix: bool,

    /// Windows paths (C:\..., \\server\share\...), whatever the host
    #[arg(long)]
    windows: bool,
}

impl Flavor {
    fn get(&self) -> PathFlavor {
        if self.posix {
            PathFlavor::Posix
        } else if self.windows {
            PathFlavor::Windows
        } else {
            PathFlavor::HOST
        }
    }
}

/// The arguments of `uri from-path` (its help is on `Command::FromPath`).
#[derive(Debug, clap::Args)]
pub struct FromPathArgs {
    /// The absolute paths; none, or "-", reads them from standard input,
    /// one a line (a path that starts with "-" goes after "--")
    #[arg(value_name = "PATH")]
    paths: Vec<OsString>,

    #[command(flatten)]
    flavor: Flavor,

    /// End each URI with "/", as the base URI of a directory's files must
    #[arg(long)]
    directory: bool,
}

/// The arguments of `uri to-path` (its help is on `Command::ToPath`).
#[derive(Debug, clap::Args)]
pub struct ToPathArgs {
    /// The file URIs; none, or "-", reads them from standard input, one a
    /// line (a URI that starts with "-" goes after "--")
    #[arg(value_name = "URI")]
    uris: Vec<String>,

    #[command(flatten)]
    flavor: Flavor,
}

pub fn from_path(args: &FromPathArgs, output: &mut Output) -> io::Result<ExitCode> {
    let flavor = args.flavor.get();
    let mut all_valid = true;
    let mut each = |path: &[u8], output: &mut Output| -> io::Result<()> {
        let mut path = path.to_vec();
        let separator = match flavor {
            PathFlavor::Posix => b'/',
            PathFlavor::Windows => b'\\',
        };
        if args.directory && !path.ends_with(b"/") && !path.ends_with(&[separator]) {
            path.push(separator);
        }
        let uri = match flavor {
            PathFlavor::Posix => FileUri::from_posix_path(&path),
            PathFlavor::Windows => match std::str::from_utf8(&path) {
                Ok(text) => FileUri::from_windows_path(text),
                Err(_) => Err(rfc3986::schemes::file::FilePathError::NotUnicode),
            },
        };
        match uri {
            Ok(uri) => writeln!(output.out(), "{uri}"),
            Err(err) => {
                all_valid = false;
                output.error(format_args!("{}\n{err}", String::from_utf8_lossy(&path)))
            }
        }
    };
    if args.paths.is_empty() {
        stdin_paths(output, &mut each)?;
    }
    for path in &args.paths {
        if path == "-" {
            stdin_paths(output, &mut each)?;
        } else {
            each(&os_bytes(path), output)?;
        }
    }
    Ok(crate::status(all_valid))
}

/// The octets of an argument: as they are on Unix; elsewhere its UTF-8,
/// an unpaired surrogate of a Windows argument as U+FFFD.
fn os_bytes(arg: &OsString) -> Vec<u8> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        arg.as_os_str().as_bytes().to_vec()
    }
    #[cfg(not(unix))]
    {
        arg.to_string_lossy().into_owned().into_bytes()
    }
}

/// `each` of each line of standard input, as octets.
fn stdin_paths(
    output: &mut Output,
    each: &mut impl FnMut(&[u8], &mut Output) -> io::Result<()>,
) -> io::Result<()> {
    for_each_line(&mut io::stdin().lock(), |_, line| match line {
        Ok(line) => each(line.as_bytes(), output),
        Err(not_utf8) => each(not_utf8.line, output),
    })
    .map(drop)
}

pub fn to_path(args: &ToPathArgs, output: &mut Output) -> io::Result<ExitCode> {
    let flavor = args.flavor.get();
    let mut all_valid = true;
    for_each_reference(&args.uris, |input| {
        let input = match input {
            Ok(input) => input,
            Err(not_utf8) => {
                all_valid = false;
                return output.error(format_args!("line {}: {not_utf8}", not_utf8.number));
            }
        };
        let path = FileUri::parse(input)
            .map_err(Into::into)
            .and_then(|uri| match flavor {
                PathFlavor::Posix => uri.to_posix_path(),
                PathFlavor::Windows => uri.to_windows_path().map(String::into_bytes),
            });
        match path {
            Ok(path) => {
                let out = output.out();
                out.write_all(&path)?;
                out.write_all(b"\n")
            }
            Err(err) => {
                all_valid = false;
                output.error(format_args!("{input}\n{err:#}"))
            }
        }
    })?;
    Ok(crate::status(all_valid))
}
