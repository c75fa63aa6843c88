//! Reading references one a line, in constant memory: from standard input
//! or from files, lines ending in LF or CRLF; and the references of a
//! subcommand, from its arguments or from standard input.

use std::fs::File;
use std::io::{self, BufRead, BufReader};

/// A line that is not UTF-8: its number (from 1), its bytes, and where it
/// stops being UTF-8.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotUtf8<'a> {
    pub number: u64,
    pub line: &'a [u8],
    pub at: usize,
}

impl NotUtf8<'_> {
    /// The byte at which the line stops being UTF-8.
    pub fn byte(&self) -> u8 {
        self.line[self.at]
    }
}

impl std::fmt::Display for NotUtf8<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "not UTF-8: byte {} is 0x{:02X}", self.at, self.byte())
    }
}

/// Reads `input` line by line into one reused buffer and calls `each` with
/// each line's number (from 1) and its text, without the line end; a line
/// that is not UTF-8 comes as where it stops being UTF-8. Returns how many
/// lines there were.
pub fn for_each_line(
    input: &mut impl BufRead,
    mut each: impl FnMut(u64, Result<&str, NotUtf8<'_>>) -> io::Result<()>,
) -> io::Result<u64> {
    let mut buffer = Vec::with_capacity(4096);
    let mut number = 0;
    loop {
        buffer.clear();
        if input.read_until(b'\n', &mut buffer)? == 0 {
            return Ok(number);
        }
        number += 1;
        let line = match buffer.strip_suffix(b"\n") {
            Some(line) => line.strip_suffix(b"\r").unwrap_or(line),
            None => &buffer[..],
        };
        let line = std::str::from_utf8(line).map_err(|err| NotUtf8 {
            number,
            line,
            at: err.valid_up_to(),
        });
        each(number, line)?;
    }
}

/// Calls `each` with each reference a subcommand is given: each argument
/// in `args`, in order, but for a `-`, which stands for the lines of
/// standard input (as `for_each_line` reads them, a line that is not UTF-8
/// included); with no argument, each line of standard input. The
/// reference `-` itself is written `./-`.
pub fn for_each_reference(
    args: &[String],
    mut each: impl FnMut(Result<&str, NotUtf8<'_>>) -> io::Result<()>,
) -> io::Result<()> {
    if args.is_empty() {
        return stdin_lines(&mut each);
    }
    for arg in args {
        if arg == "-" {
            stdin_lines(&mut each)?;
        } else {
            each(Ok(arg))?;
        }
    }
    Ok(())
}

/// `each` of each line of standard input.
fn stdin_lines(
    each: &mut impl FnMut(Result<&str, NotUtf8<'_>>) -> io::Result<()>,
) -> io::Result<()> {
    for_each_line(&mut io::stdin().lock(), |_, line| each(line)).map(drop)
}

/// Where lines come from: `-` is standard input, anything else a file.
pub enum Source<'a> {
    Stdin,
    File(&'a str),
}

impl<'a> Source<'a> {
    pub fn of(name: &'a str) -> Source<'a> {
        if name == "-" {
            Source::Stdin
        } else {
            Source::File(name)
        }
    }

    /// The source opened for reading.
    pub fn open(&self) -> io::Result<Box<dyn BufRead + 'a>> {
        Ok(match self {
            Source::Stdin => Box::new(io::stdin().lock()),
            Source::File(path) => Box::new(BufReader::new(File::open(path)?)),
        })
    }
}
