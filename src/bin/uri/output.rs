//! Where every subcommand writes: standard output for results, standard
//! error for what is wrong, both buffered, with one policy for all.
//!
//! Each stream is written to the system when its buffer is full, when the
//! command ends, and line by line when it is a terminal (someone reads it
//! as it comes). When both streams go to the same place (a terminal, or
//! one file or pipe: `2>&1`), a message on standard error first writes
//! what standard output holds and is written at once itself, so that the
//! two keep their order there.

use std::fmt;
use std::io::{self, BufWriter, IsTerminal, LineWriter, Write};

/// How many bytes a stream holds before it writes them: a write call for
/// about a thousand lines of URIs.
const CAPACITY: usize = 64 * 1024;

/// One stream, buffered: line by line, or by the buffer.
pub enum Stream<W: Write> {
    /// A terminal: each line is written when it ends.
    Lines(LineWriter<W>),
    /// Anything else: written when the buffer is full, and at the end.
    Blocks(BufWriter<W>),
}

impl<W: Write> Stream<W> {
    pub fn new(inner: W, terminal: bool) -> Stream<W> {
        if terminal {
            Stream::Lines(LineWriter::with_capacity(CAPACITY, inner))
        } else {
            Stream::Blocks(BufWriter::with_capacity(CAPACITY, inner))
        }
    }

    /// What the stream writes to.
    #[cfg(test)]
    fn get_ref(&self) -> &W {
        match self {
            Stream::Lines(writer) => writer.get_ref(),
            Stream::Blocks(writer) => writer.get_ref(),
        }
    }
}

impl<W: Write> Write for Stream<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Stream::Lines(writer) => writer.write(buf),
            Stream::Blocks(writer) => writer.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            Stream::Lines(writer) => writer.write_all(buf),
            Stream::Blocks(writer) => writer.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Stream::Lines(writer) => writer.flush(),
            Stream::Blocks(writer) => writer.flush(),
        }
    }
}

/// Standard output and standard error, as the subcommands write them.
pub struct Output<O: Write = io::StdoutLock<'static>, E: Write = io::StderrLock<'static>> {
    out: Stream<O>,
    err: Stream<E>,
    /// Both go to the same place, where their order shows.
    shared: bool,
}

impl Output {
    /// The process's standard output and standard error.
    pub fn std() -> Output {
        let (stdout, stderr) = (io::stdout(), io::stderr());
        let shared = same_destination(&stdout, &stderr);
        Output::new(
            Stream::new(stdout.lock(), stdout.is_terminal()),
            Stream::new(stderr.lock(), stderr.is_terminal()),
            shared,
        )
    }
}

impl<O: Write, E: Write> Output<O, E> {
    pub fn new(out: Stream<O>, err: Stream<E>, shared: bool) -> Output<O, E> {
        Output { out, err, shared }
    }

    /// Standard output, for the results.
    pub fn out(&mut self) -> &mut Stream<O> {
        &mut self.out
    }

    /// Writes `message` and a line end to standard error, in its order
    /// with standard output when both go to the same place.
    pub fn error(&mut self, message: fmt::Arguments<'_>) -> io::Result<()> {
        if self.shared {
            self.out.flush()?;
        }
        self.err.write_fmt(message)?;
        self.err.write_all(b"\n")?;
        if self.shared {
            self.err.flush()?;
        }
        Ok(())
    }

    /// Writes `message` to standard error, and it alone, at once: the
    /// last words of a command whose standard output may be what failed.
    pub fn fail(&mut self, message: fmt::Arguments<'_>) {
        // Nowhere is left to report a failure of standard error.
        let _ = writeln!(self.err, "{message}").and_then(|()| self.err.flush());
    }

    /// Writes what both streams hold: at the end of the command.
    pub fn flush(&mut self) -> io::Result<()> {
        // Standard error first: a failure of standard output (a closed
        // pipe) must not keep the errors from showing.
        let err = self.err.flush();
        self.out.flush()?;
        err
    }
}

/// Whether standard output and standard error are the same file, pipe or
/// terminal: the same device and inode.
#[cfg(unix)]
fn same_destination(stdout: &io::Stdout, stderr: &io::Stderr) -> bool {
    use std::os::fd::{AsFd, BorrowedFd};
    use std::os::unix::fs::MetadataExt;

    // A duplicate of the descriptor, as a `File` to ask its metadata of
    // (`fstat`); dropping it closes the duplicate only.
    let identity = |fd: BorrowedFd<'_>| {
        let metadata = std::fs::File::from(fd.try_clone_to_owned().ok()?)
            .metadata()
            .ok()?;
        Some((metadata.dev(), metadata.ino()))
    };
    match (identity(stdout.as_fd()), identity(stderr.as_fd())) {
        (Some(out), Some(err)) => out == err,
        _ => false,
    }
}

/// Whether standard output and standard error show in the same place:
/// where the files cannot be compared, when both are terminals.
#[cfg(not(unix))]
fn same_destination(stdout: &io::Stdout, stderr: &io::Stderr) -> bool {
    stdout.is_terminal() && stderr.is_terminal()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `Write` that keeps what it is given and counts the calls.
    #[derive(Default)]
    struct Counting {
        text: Vec<u8>,
        writes: usize,
    }

    impl Write for Counting {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.writes += 1;
            self.text.extend_from_slice(buf);
            Ok(buf.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    const LINES: usize = 10_000;
    const LINE: &str = "http://user@host.example.com/a/b/c.html?q=1#s";

    /// `LINES` lines of results and `LINES` errors, through an `Output`
    /// whose streams are terminals or not, and share a place or not.
    fn run(terminal: bool, shared: bool) -> Output<Counting, Counting> {
        let mut output = Output::new(
            Stream::new(Counting::default(), terminal),
            Stream::new(Counting::default(), terminal),
            shared,
        );
        for i in 0..LINES {
            writeln!(output.out(), "{LINE}").unwrap();
            if i % 100 == 99 {
                output.error(format_args!("TARGET {i}: {LINE}")).unwrap();
            }
        }
        output.flush().unwrap();
        output
    }

    #[test]
    fn not_a_terminal_is_written_by_the_buffer() {
        let output = run(false, false);
        let (out, err) = (output.out.get_ref(), output.err.get_ref());
        assert_eq!(out.text.len(), LINES * (LINE.len() + 1));
        // 470 kB in 64 kB buffers.
        assert_eq!(out.writes, out.text.len().div_ceil(CAPACITY));
        assert_eq!(err.writes, 1);
        assert_eq!(
            String::from_utf8_lossy(&err.text).lines().count(),
            LINES / 100
        );
    }

    #[test]
    fn a_terminal_is_written_line_by_line() {
        let output = run(true, false);
        let (out, err) = (output.out.get_ref(), output.err.get_ref());
        assert_eq!(out.writes, LINES);
        assert_eq!(err.writes, LINES / 100);
    }

    /// In one place, each error writes the results before it, and itself.
    #[test]
    fn a_shared_place_keeps_the_order() {
        let output = run(false, true);
        let (out, err) = (output.out.get_ref(), output.err.get_ref());
        assert_eq!(out.writes, LINES / 100);
        assert_eq!(err.writes, LINES / 100);
    }
}
