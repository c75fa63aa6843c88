#![doc = include_str!("../../../docs/file-paths.md")]
//!
//! # What this module owns, and where it sits
//!
//! The conversions between file paths and file URIs: the methods
//! `from_*_path` and `to_*_path` of [`FileUri`], and those of
//! [`Uri`](crate::Uri) and [`AbsoluteUri`](crate::AbsoluteUri) for the
//! `file` scheme. Their error, [`FilePathError`], and [`PathFlavor`] are
//! `schemes::file`'s (a module below both).
//!
//! It is a part of `schemes::file`, behind the `schemes` feature, because
//! reading a path from a URI needs the file grammar: where the drive
//! letter is (`file:c:/x`, `file:///c%7C/x`), whether a host is the local
//! machine, and whether the path holds a UNC host (`file:////server/x`)
//! are rules of RFC 8089, which `src/schemes/file.pest` states and the
//! generic grammar does not. Writing needs no scheme grammar (each segment
//! is percent-encoded by the crate's encoder, with the grammar's table of
//! `segment`), but every URI written is parsed by [`FileUri::parse`], so
//! that both grammars check it, and the conversion reads it back with
//! the same rules. The `Path` forms, and `to_path`, need `std` too.
//!
//! It imports the scheme type ([`FileUri`]) and its errors, the
//! percent-encoding (`crate::percent`), the reference types and
//! `Component`: all below it. Nothing of the crate imports it.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

use super::{FilePathError, FileUri, PathFlavor};
use crate::component::Component;
use crate::percent::{self, percent_decode_lenient, percent_encode, percent_encode_bytes};

/// The names Windows reserves for devices, in capitals ("Naming Files,
/// Paths, and Namespaces": the superscript digits of `COM¹` are
/// reserved too).
const DEVICES: [&str; 28] = [
    "CON",
    "PRN",
    "AUX",
    "NUL",
    "COM1",
    "COM2",
    "COM3",
    "COM4",
    "COM5",
    "COM6",
    "COM7",
    "COM8",
    "COM9",
    "COM\u{b9}",
    "COM\u{b2}",
    "COM\u{b3}",
    "LPT1",
    "LPT2",
    "LPT3",
    "LPT4",
    "LPT5",
    "LPT6",
    "LPT7",
    "LPT8",
    "LPT9",
    "LPT\u{b9}",
    "LPT\u{b2}",
    "LPT\u{b3}",
];

/// The device `name` opens on Windows, if it is one: a reserved name, in
/// any case, alone or before a `.` (`nul.tar.gz`).
fn reserved_device(name: &str) -> Option<&'static str> {
    let stem = name.split('.').next().unwrap_or(name);
    DEVICES
        .iter()
        .copied()
        .find(|device| device.eq_ignore_ascii_case(stem))
}

/// Whether Windows refuses `c` in a file name: the control characters and
/// `< > : " | ? *` (the separators `\` and `/` are the caller's).
fn refused_by_windows(c: char) -> bool {
    matches!(c, '\0'..='\x1f' | '<' | '>' | ':' | '"' | '|' | '?' | '*')
}

/// The suffix of the names Windows gives IPv6 addresses in UNC paths
/// (`2001-db8--7.ipv6-literal.net` is `2001:db8::7`).
const IPV6_LITERAL: &str = ".ipv6-literal.net";

/// The text of a file URI, which `FileUri::parse` then checks.
struct Writer {
    uri: String,
}

impl Writer {
    /// `file://`, then the authority.
    fn new(capacity: usize) -> Writer {
        let mut uri = String::with_capacity("file://".len() + capacity);
        uri.push_str("file://");
        Writer { uri }
    }

    /// Appends `/` and a segment, percent-encoded where `segment` (a
    /// table of the grammar) does not take a character as it is.
    fn segment(&mut self, encoded: &str) {
        self.uri.push('/');
        self.uri.push_str(encoded);
    }

    /// The file URI, parsed by both grammars.
    fn finish(self) -> Result<FileUri, FilePathError> {
        Ok(FileUri::parse(&self.uri)?)
    }
}

/// Checks the characters of one name (or server) of a Windows path that
/// starts at byte `at`: none that Windows refuses, nor `/` in a long
/// path, where it is no separator.
fn check_windows_characters(name: &str, at: usize, long: bool) -> Result<(), FilePathError> {
    match name
        .char_indices()
        .find(|&(_, c)| refused_by_windows(c) || (long && c == '/'))
    {
        Some((i, character)) => Err(FilePathError::ForbiddenCharacter {
            character,
            offset: at + i,
        }),
        None => Ok(()),
    }
}

/// Checks one name of a Windows path that starts at byte `at`: its
/// characters, and that it is no reserved device name.
fn check_windows_name(name: &str, at: usize, long: bool) -> Result<(), FilePathError> {
    check_windows_characters(name, at, long)?;
    match reserved_device(name) {
        Some(device) => Err(FilePathError::ReservedName { device, offset: at }),
        None => Ok(()),
    }
}

/// The names of a Windows path from byte `start` on, each with its
/// offset, split at the separators (`\`, and `/` but in a long path).
fn windows_names(path: &str, start: usize, long: bool) -> impl Iterator<Item = (&str, usize)> {
    let mut at = start;
    path[start..]
        .split(move |c| c == '\\' || (!long && c == '/'))
        .map(move |name| {
            let item = (name, at);
            at += name.len() + 1;
            item
        })
}

/// Whether `b` separates the names of a Windows path.
fn is_windows_separator(b: u8) -> bool {
    b == b'\\' || b == b'/'
}

/// Where a Windows path's names start, once its root is read.
enum Root {
    /// A drive letter and its separator: the names start at `names`.
    Drive { names: usize },
    /// A UNC server at `server`, whose share starts the names at `names`.
    Unc { server: Range<usize>, names: usize },
}

/// The root of a Windows path: a drive (`C:\`), a UNC share
/// (`\\server\share`), or their long forms; `long` says whether it was
/// one (where `/` is no separator).
fn windows_root(path: &str) -> Result<(Root, bool), FilePathError> {
    let bytes = path.as_bytes();
    let drive_at = |at: usize, separator: &dyn Fn(u8) -> bool| {
        bytes.get(at).is_some_and(u8::is_ascii_alphabetic)
            && bytes.get(at + 1) == Some(&b':')
            && bytes.get(at + 2).is_some_and(|&b| separator(b))
    };
    if let Some(long) = path.strip_prefix(r"\\?\") {
        let root = if long
            .get(..4)
            .is_some_and(|unc| unc.eq_ignore_ascii_case(r"UNC\"))
        {
            unc_root(path, 8, true)?
        } else if drive_at(4, &|b| b == b'\\') {
            Root::Drive { names: 7 }
        } else {
            return Err(FilePathError::UnsupportedPrefix { offset: 4 });
        };
        return Ok((root, true));
    }
    if path.starts_with(r"\??\") {
        return Err(FilePathError::UnsupportedPrefix { offset: 0 });
    }
    let root = match bytes {
        // `\\.\` and `\\?\` written with `/`: the device namespace.
        [a, b, b'.' | b'?', c, ..]
            if is_windows_separator(*a) && is_windows_separator(*b) && is_windows_separator(*c) =>
        {
            return Err(FilePathError::UnsupportedPrefix { offset: 0 });
        }
        [a, b, ..] if is_windows_separator(*a) && is_windows_separator(*b) => {
            unc_root(path, 2, false)?
        }
        _ if drive_at(0, &is_windows_separator) => Root::Drive { names: 3 },
        _ => {
            return Err(FilePathError::Relative {
                flavor: PathFlavor::Windows,
            })
        }
    };
    Ok((root, false))
}

/// The root of a UNC path whose server starts at `at`.
fn unc_root(path: &str, at: usize, long: bool) -> Result<Root, FilePathError> {
    let mut names = windows_names(path, at, long);
    let server = match names.next() {
        Some((server, at)) if !server.is_empty() => at..at + server.len(),
        _ => return Err(FilePathError::IncompleteUnc { offset: at }),
    };
    match names.next() {
        Some((share, at)) if !share.is_empty() => Ok(Root::Unc { server, names: at }),
        _ => Err(FilePathError::IncompleteUnc { offset: server.end }),
    }
}

/// Writes the authority of a UNC server: its name as a `reg-name`, an
/// IPv6 address for its `ipv6-literal.net` name, and `localhost` as a UNC
/// string in the path (RFC 8089 Appendix E.3.2), where an authority
/// `localhost` would be the local machine.
fn write_server(
    writer: &mut Writer,
    server: &str,
    at: usize,
    long: bool,
) -> Result<(), FilePathError> {
    check_windows_characters(server, at, long)?;
    if server.eq_ignore_ascii_case("localhost") {
        writer.uri.push_str("//");
        writer.uri.push_str(server);
        return Ok(());
    }
    if let Some(address) = ipv6_literal(server) {
        writer.uri.push('[');
        writer.uri.push_str(&address);
        writer.uri.push(']');
        return Ok(());
    }
    writer
        .uri
        .push_str(&percent_encode(server, Component::Host));
    Ok(())
}

/// The IPv6 address a UNC server name `2001-db8--7.ipv6-literal.net`
/// stands for, when its first part, `-` read as `:`, is an `IPv6address`
/// by the grammar. The suffix must be in lower case, the case the
/// conversion writes it in, so that the round trip keeps the name.
fn ipv6_literal(server: &str) -> Option<String> {
    let address = server.strip_suffix(IPV6_LITERAL)?.replace('-', ":");
    let bracketed = alloc::format!("//[{address}]");
    let is_ipv6 = crate::Uri::parse(bracketed.as_str())
        .is_ok_and(|uri| matches!(uri.host(), Some(crate::Host::Ipv6(_))));
    is_ipv6.then_some(address)
}

impl FileUri {
    /// The file URI of an absolute POSIX path, given as its octets, which
    /// need not be UTF-8: `file://` and the path, each octet that a
    /// `segment` does not take as it is percent-encoded (RFC 3986 section
    /// 2.1), a name that is not UTF-8 too. Whatever the host's operating
    /// system.
    ///
    /// # Errors
    ///
    /// [`FilePathError::Relative`] unless the path starts with `/`;
    /// [`FilePathError::EmptyFirstSegment`] when it starts with `//`;
    /// [`FilePathError::Nul`] for a NUL.
    ///
    /// ```
    /// use rfc3986::schemes::file::FileUri;
    ///
    /// let uri = FileUri::from_posix_path(b"/home/me/My Notes/caf\xc3\xa9 [1].md")?;
    /// assert_eq!(uri.as_str(), "file:///home/me/My%20Notes/caf%C3%A9%20%5B1%5D.md");
    /// assert_eq!(FileUri::from_posix_path(b"/tmp/\xff")?.as_str(), "file:///tmp/%FF");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn from_posix_path(path: &[u8]) -> Result<FileUri, FilePathError> {
        let Some(names) = path.strip_prefix(b"/") else {
            return Err(FilePathError::Relative {
                flavor: PathFlavor::Posix,
            });
        };
        if names.first() == Some(&b'/') {
            return Err(FilePathError::EmptyFirstSegment { offset: 1 });
        }
        if let Some(offset) = path.iter().position(|&b| b == 0) {
            return Err(FilePathError::Nul { offset });
        }
        let mut writer = Writer::new(path.len());
        for name in names.split(|&b| b == b'/') {
            writer.segment(&percent_encode_bytes(name, Component::PathSegment));
        }
        writer.finish()
    }

    /// The file URI of an absolute Windows path, whatever the host's
    /// operating system: a drive (`C:\a b` is `file:///C:/a%20b`), a UNC
    /// share (`\\server\share\x` is `file://server/share/x`), or their
    /// long forms (`\\?\C:\x`, `\\?\UNC\server\share\x`, the same URIs).
    /// `\` and `/` both separate names, but in a long path, where only
    /// `\` does. Each name is percent-encoded where a `segment` does not
    /// take a character as it is; the drive letter keeps its case.
    ///
    /// The UNC server `localhost` is written as a UNC string in the path,
    /// `file:////localhost/share` (RFC 8089 Appendix E.3.2), since the
    /// authority `localhost` is the local machine; a server named as an
    /// IPv6 address the Windows way (`2001-db8--7.ipv6-literal.net`, the
    /// suffix in lower case) is written as that address,
    /// `file://[2001:db8::7]/share`.
    ///
    /// # Errors
    ///
    /// - [`FilePathError::Relative`] for a path relative to a current
    ///   directory (`a\b`, `\a`, `C:a`);
    /// - [`FilePathError::UnsupportedPrefix`] for the device namespace
    ///   (`\\.\`) and a long path of neither form;
    /// - [`FilePathError::IncompleteUnc`] for a UNC path without its share;
    /// - [`FilePathError::ForbiddenCharacter`] and
    ///   [`FilePathError::ReservedName`] for a name Windows refuses;
    /// - [`FilePathError::EmptyFirstSegment`] for `C:\\x`.
    ///
    /// ```
    /// use rfc3986::schemes::file::FileUri;
    ///
    /// assert_eq!(FileUri::from_windows_path(r"C:\a b\c")?.as_str(), "file:///C:/a%20b/c");
    /// assert_eq!(FileUri::from_windows_path(r"\\server\share\x")?.as_str(), "file://server/share/x");
    /// assert_eq!(FileUri::from_windows_path(r"\\?\UNC\server\share\x")?.as_str(), "file://server/share/x");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn from_windows_path(path: &str) -> Result<FileUri, FilePathError> {
        let (root, long) = windows_root(path)?;
        let mut writer = Writer::new(path.len());
        let names = match root {
            Root::Drive { names } => {
                writer.uri.push('/');
                writer.uri.push_str(&path[names - 3..names - 1]);
                names
            }
            Root::Unc { server, names } => {
                write_server(&mut writer, &path[server.clone()], server.start, long)?;
                names
            }
        };
        let mut names = windows_names(path, names, long).peekable();
        if let Some(&(first, at)) = names.peek() {
            // `C:\` is the root, and `C:\\x` starts with an empty name.
            if first.is_empty() && at < path.len() {
                return Err(FilePathError::EmptyFirstSegment { offset: at });
            }
        }
        for (name, at) in names {
            check_windows_name(name, at, long)?;
            writer.segment(&percent_encode(name, Component::PathSegment));
        }
        writer.finish()
    }

    /// The segments of the path, each with its byte offset in the URI,
    /// after the empty one before the path's first `/`.
    fn segments_at(&self) -> impl Iterator<Item = (&str, usize)> {
        let mut at = self.path.start;
        self.path_segments()
            .map(move |segment| {
                let item = (segment, at);
                at += segment.len() + 1;
                item
            })
            .skip(1)
    }

    /// The POSIX path of a file URI of the local machine, as octets (which
    /// need not be UTF-8), whatever the host's operating system: `/` and
    /// the segments of the path, each percent-decoded. A drive letter
    /// (`file:///c:/x`, or `file:c:/x`) is the first name of the path,
    /// `/c:/x`. The fragment, if any, names a part of the file, and is not
    /// part of its path.
    ///
    /// # Errors
    ///
    /// - [`FilePathError::RemoteHost`] for a host other than `localhost`
    ///   (a UNC string in the path too);
    /// - [`FilePathError::EncodedSeparator`] for a `%2F` in a segment;
    /// - [`FilePathError::Nul`] for a `%00`.
    ///
    /// ```
    /// use rfc3986::schemes::file::{FilePathError, FileUri};
    ///
    /// let uri = FileUri::parse("file://localhost/home/me/caf%C3%A9%20%FF")?;
    /// assert_eq!(uri.to_posix_path()?, b"/home/me/caf\xc3\xa9 \xff");
    /// let err = FileUri::parse("file://server/share")?.to_posix_path().unwrap_err();
    /// assert_eq!(err, FilePathError::RemoteHost { offset: 7 });
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn to_posix_path(&self) -> Result<Vec<u8>, FilePathError> {
        if let Some(remote) = &self.remote {
            return Err(FilePathError::RemoteHost {
                offset: remote.start,
            });
        }
        let mut path = Vec::with_capacity(self.as_str().len());
        let drive = self
            .drive
            .clone()
            .map(|at| (&self.as_str()[at.clone()], at.start));
        for (segment, at) in drive.into_iter().chain(self.segments_at()) {
            path.push(b'/');
            let decoded = percent_decode_lenient(segment);
            if let Some(i) = decoded.iter().position(|&b| b == b'/' || b == 0) {
                let offset = at + percent::encoded_offset(segment, i);
                return Err(match decoded[i] {
                    0 => FilePathError::Nul { offset },
                    _ => FilePathError::EncodedSeparator {
                        separator: '/',
                        flavor: PathFlavor::Posix,
                        offset,
                    },
                });
            }
            path.extend_from_slice(&decoded);
        }
        Ok(path)
    }

    /// The Windows path of a file URI, whatever the host's operating
    /// system: a drive path for the local machine (`file:///C:/a%20b` is
    /// `C:\a b`; `file:c:/x`, `file:/c:/x` and `file:///c%7C/x`, the forms
    /// of RFC 8089 Appendix E.2, are read too), a UNC path for another
    /// host (`file://server/share/x`, and the UNC string in the path of
    /// Appendix E.3.2, `file:////server/share/x`, are `\\server\share\x`).
    /// Each segment is percent-decoded, and must be UTF-8. An IPv6 host is
    /// written the Windows way: `file://[2001:db8::7]/share` is
    /// `\\2001-db8--7.ipv6-literal.net\share`. The fragment, if any, is not
    /// part of the path.
    ///
    /// # Errors
    ///
    /// - [`FilePathError::NoDrive`] for a path of the local machine
    ///   without a drive letter, [`FilePathError::RemoteDrive`] for one on
    ///   another host, [`FilePathError::IncompleteUnc`] for another host
    ///   without a share, [`FilePathError::UnsupportedHost`] for an
    ///   `IPvFuture`;
    /// - [`FilePathError::EncodedSeparator`] for `%2F` or `%5C` in a
    ///   segment, [`FilePathError::NotUtf8`] for octets that are not
    ///   UTF-8;
    /// - [`FilePathError::ForbiddenCharacter`] and
    ///   [`FilePathError::ReservedName`] for a name Windows refuses.
    ///
    /// ```
    /// use rfc3986::schemes::file::FileUri;
    ///
    /// assert_eq!(FileUri::parse("file:///C:/a%20b/c")?.to_windows_path()?, r"C:\a b\c");
    /// assert_eq!(FileUri::parse("file:///c%7C/path/to/file")?.to_windows_path()?, r"c:\path\to\file");
    /// assert_eq!(FileUri::parse("file:////host.example.com/path/to/file")?.to_windows_path()?, r"\\host.example.com\path\to\file");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn to_windows_path(&self) -> Result<String, FilePathError> {
        let mut path = String::with_capacity(self.as_str().len());
        let mut segments = self.segments_at().peekable();
        match &self.remote {
            None => {
                let Some(letter) = self.drive_letter else {
                    return Err(FilePathError::NoDrive {
                        offset: self.path.start,
                    });
                };
                path.push(letter);
                path.push(':');
            }
            Some(host) => {
                if let Some(drive) = &self.drive {
                    return Err(FilePathError::RemoteDrive {
                        offset: drive.start,
                    });
                }
                path.push_str(r"\\");
                self.push_server(host.clone(), &mut path)?;
                if segments.peek().is_none_or(|(share, _)| share.is_empty()) {
                    return Err(FilePathError::IncompleteUnc {
                        offset: self.path.start + 1,
                    });
                }
            }
        }
        for (segment, at) in segments {
            path.push('\\');
            let name = windows_name(segment, at)?;
            if let Some(device) = reserved_device(&name) {
                return Err(FilePathError::ReservedName { device, offset: at });
            }
            path.push_str(&name);
        }
        Ok(path)
    }

    /// Appends the UNC server of the host at `host`.
    fn push_server(&self, host: Range<usize>, path: &mut String) -> Result<(), FilePathError> {
        if let Some(address) = &self.ipv6 {
            path.extend(self.as_str()[address.clone()].chars().map(|c| match c {
                ':' => '-',
                c => c,
            }));
            path.push_str(IPV6_LITERAL);
            return Ok(());
        }
        if self.ipv_future {
            return Err(FilePathError::UnsupportedHost { offset: host.start });
        }
        path.push_str(&windows_name(&self.as_str()[host.clone()], host.start)?);
        Ok(())
    }
}

/// The name of a Windows path that the segment (or host) `encoded`, at
/// byte `at` of the URI, stands for: percent-decoded, UTF-8, without a
/// separator or a character Windows refuses.
fn windows_name(encoded: &str, at: usize) -> Result<Cow<'_, str>, FilePathError> {
    let offset = |i: usize| at + percent::encoded_offset(encoded, i);
    let decoded = percent_decode_lenient(encoded);
    if let Some(i) = decoded.iter().position(|&b| b == b'/' || b == b'\\') {
        return Err(FilePathError::EncodedSeparator {
            separator: char::from(decoded[i]),
            flavor: PathFlavor::Windows,
            offset: offset(i),
        });
    }
    let name = match decoded {
        Cow::Borrowed(_) => Cow::Borrowed(encoded),
        Cow::Owned(octets) => {
            Cow::Owned(
                String::from_utf8(octets).map_err(|err| FilePathError::NotUtf8 {
                    offset: offset(err.utf8_error().valid_up_to()),
                })?,
            )
        }
    };
    match name.char_indices().find(|&(_, c)| refused_by_windows(c)) {
        Some((i, character)) => Err(FilePathError::ForbiddenCharacter {
            character,
            offset: offset(i),
        }),
        None => Ok(name),
    }
}

/// The conversions with `std`'s paths, in the host's flavor: the `std`
/// feature, on Unix or Windows (the only hosts whose path flavor is known).
#[cfg(feature = "std")]
#[cfg(any(unix, windows))]
mod host {
    use crate::host_std::ffi::OsString;
    use crate::host_std::path::{Path, PathBuf};

    use super::{FilePathError, FileUri};
    use crate::reference::{AbsoluteUri, Reference, Storage, Uri};
    use crate::spec::Rfc3986;

    /// `path` ended with a separator, if it does not end with one.
    fn directory(path: &Path) -> OsString {
        let mut directory = OsString::from(path.as_os_str());
        let last = path.as_os_str().as_encoded_bytes().last().copied();
        if !last.is_some_and(|b| b == b'/' || (cfg!(windows) && b == b'\\')) {
            directory.push(crate::host_std::path::MAIN_SEPARATOR_STR);
        }
        directory
    }

    impl FileUri {
        /// The file URI of an absolute path of the host:
        /// [`from_posix_path`](Self::from_posix_path) of its octets on
        /// Unix, [`from_windows_path`](Self::from_windows_path) on
        /// Windows. The `std` feature, on Unix or Windows.
        ///
        /// # Errors
        ///
        /// Those of the flavor's method; on Windows,
        /// [`FilePathError::NotUnicode`] for a path that is not Unicode.
        ///
        /// ```
        /// use std::path::Path;
        /// use rfc3986::schemes::file::FileUri;
        ///
        /// # #[cfg(unix)] {
        /// assert_eq!(FileUri::from_path(Path::new("/tmp/a b"))?.as_str(), "file:///tmp/a%20b");
        /// # }
        /// # #[cfg(windows)] {
        /// assert_eq!(FileUri::from_path(Path::new(r"C:\a b"))?.as_str(), "file:///C:/a%20b");
        /// # }
        /// # Ok::<(), rfc3986::Error>(())
        /// ```
        pub fn from_path(path: &Path) -> Result<FileUri, FilePathError> {
            #[cfg(unix)]
            {
                use crate::host_std::os::unix::ffi::OsStrExt;
                FileUri::from_posix_path(path.as_os_str().as_bytes())
            }
            #[cfg(windows)]
            {
                FileUri::from_windows_path(path.to_str().ok_or(FilePathError::NotUnicode)?)
            }
        }

        /// [`from_path`](Self::from_path) of a directory: the path ends
        /// with a separator, as a base URI of the files in it must (RFC
        /// 3986 section 5.2.3 replaces the last segment of a base's path).
        ///
        /// # Errors
        ///
        /// Those of [`from_path`](Self::from_path).
        ///
        /// ```
        /// use std::path::Path;
        /// use rfc3986::schemes::file::FileUri;
        ///
        /// # #[cfg(unix)] {
        /// let base = FileUri::from_directory_path(Path::new("/srv/site"))?;
        /// assert_eq!(base.as_str(), "file:///srv/site/");
        /// assert_eq!(base.uri().join("index.html")?, "file:///srv/site/index.html");
        /// # }
        /// # Ok::<(), rfc3986::Error>(())
        /// ```
        pub fn from_directory_path(path: &Path) -> Result<FileUri, FilePathError> {
            FileUri::from_path(Path::new(&directory(path)))
        }

        /// The path of the host that the file URI names:
        /// [`to_posix_path`](Self::to_posix_path) on Unix, octets as they
        /// are, [`to_windows_path`](Self::to_windows_path) on Windows. The
        /// `std` feature, on Unix or Windows.
        ///
        /// # Errors
        ///
        /// Those of the flavor's method.
        ///
        /// ```
        /// use std::path::Path;
        /// use rfc3986::schemes::file::FileUri;
        ///
        /// # #[cfg(unix)] {
        /// assert_eq!(FileUri::parse("file:///tmp/a%20b")?.to_path()?, Path::new("/tmp/a b"));
        /// # }
        /// # Ok::<(), rfc3986::Error>(())
        /// ```
        pub fn to_path(&self) -> Result<PathBuf, FilePathError> {
            #[cfg(unix)]
            {
                use crate::host_std::os::unix::ffi::OsStringExt;
                Ok(PathBuf::from(OsString::from_vec(self.to_posix_path()?)))
            }
            #[cfg(windows)]
            {
                Ok(PathBuf::from(self.to_windows_path()?))
            }
        }
    }

    impl Uri {
        /// The file URI of an absolute path of the host, as a [`Uri`]:
        /// [`FileUri::from_path`]. The `schemes` and `std` features, on
        /// Unix or Windows.
        ///
        /// # Errors
        ///
        /// Those of [`FileUri::from_path`].
        ///
        /// ```
        /// use std::path::Path;
        /// use rfc3986::Uri;
        ///
        /// # #[cfg(unix)] {
        /// assert_eq!(Uri::from_file_path(Path::new("/a/{b}"))?, "file:///a/%7Bb%7D");
        /// # }
        /// # Ok::<(), rfc3986::Error>(())
        /// ```
        pub fn from_file_path(path: &Path) -> Result<Uri, FilePathError> {
            FileUri::from_path(path).map(FileUri::into_uri)
        }

        /// The file URI of a directory of the host, ending with `/`:
        /// [`FileUri::from_directory_path`].
        ///
        /// # Errors
        ///
        /// Those of [`FileUri::from_path`].
        ///
        /// ```
        /// use std::path::Path;
        /// use rfc3986::Uri;
        ///
        /// # #[cfg(unix)] {
        /// assert_eq!(Uri::from_directory_path(Path::new("/srv"))?, "file:///srv/");
        /// # }
        /// # Ok::<(), rfc3986::Error>(())
        /// ```
        pub fn from_directory_path(path: &Path) -> Result<Uri, FilePathError> {
            FileUri::from_directory_path(path).map(FileUri::into_uri)
        }
    }

    impl AbsoluteUri {
        /// The file URI of an absolute path of the host, as an absolute
        /// URI, which [`FileUri::from_path`] writes.
        ///
        /// # Errors
        ///
        /// Those of [`FileUri::from_path`].
        ///
        /// ```
        /// use std::path::Path;
        /// use rfc3986::AbsoluteUri;
        ///
        /// # #[cfg(unix)] {
        /// assert_eq!(AbsoluteUri::from_file_path(Path::new("/a"))?.scheme(), "file");
        /// # }
        /// # Ok::<(), rfc3986::Error>(())
        /// ```
        pub fn from_file_path(path: &Path) -> Result<AbsoluteUri, FilePathError> {
            absolute(Uri::from_file_path(path)?)
        }

        /// The file URI of a directory of the host, ending with `/`, as an
        /// absolute URI, which [`FileUri::from_directory_path`] writes.
        ///
        /// # Errors
        ///
        /// Those of [`FileUri::from_path`].
        ///
        /// ```
        /// use std::path::Path;
        /// use rfc3986::AbsoluteUri;
        ///
        /// # #[cfg(unix)] {
        /// assert_eq!(AbsoluteUri::from_directory_path(Path::new("/srv/"))?, "file:///srv/");
        /// # }
        /// # Ok::<(), rfc3986::Error>(())
        /// ```
        pub fn from_directory_path(path: &Path) -> Result<AbsoluteUri, FilePathError> {
            absolute(Uri::from_directory_path(path)?)
        }
    }

    /// A file URI as an [`AbsoluteUri`]: it has a scheme, so this never
    /// fails, but the grammar says so rather than this function.
    fn absolute(uri: Uri) -> Result<AbsoluteUri, FilePathError> {
        AbsoluteUri::try_from(uri).map_err(|err| FilePathError::Scheme(err.into()))
    }

    impl<S: Storage> Reference<Rfc3986, S> {
        /// The path of the host that a file URI names:
        /// [`FileUri::to_path`] of the reference (of an
        /// [`AbsoluteUri`] too). The `schemes` and `std` features, on
        /// Unix or Windows.
        ///
        /// # Errors
        ///
        /// [`FilePathError::Scheme`] when the reference is not a file URI
        /// (RFC 8089), and those of [`FileUri::to_path`].
        ///
        /// ```
        /// use std::path::Path;
        /// use rfc3986::{schemes::file::FilePathError, Uri};
        ///
        /// # #[cfg(unix)] {
        /// assert_eq!(Uri::parse("file:///etc/hosts")?.to_file_path()?, Path::new("/etc/hosts"));
        /// let err = Uri::parse("http://example.com/")?.to_file_path().unwrap_err();
        /// assert!(matches!(err, FilePathError::Scheme(_)));
        /// # }
        /// # Ok::<(), rfc3986::Error>(())
        /// ```
        pub fn to_file_path(&self) -> Result<PathBuf, FilePathError> {
            FileUri::parse(self.as_str())?.to_path()
        }
    }
}
