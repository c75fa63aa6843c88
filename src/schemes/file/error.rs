//! [`FilePathError`] and [`PathFlavor`]: what the conversions of
//! [`paths`](super::paths) say when a path has no file URI or a file URI
//! no path, and which kind of path they read and write. Below both
//! `schemes::file` and its `paths`, which import it; it imports the
//! scheme errors and the excerpt's character escape.

use core::fmt;

use crate::error::Escaped;
use crate::schemes::SchemeError;

/// The two kinds of file path a file URI converts to and from, whatever
/// the host's operating system: each has its own methods
/// ([`FileUri::from_posix_path`](super::FileUri::from_posix_path), [`FileUri::from_windows_path`](super::FileUri::from_windows_path) and their
/// `to_` counterparts), and the methods that take a `Path` use the
/// host's ([`PathFlavor::HOST`]).
///
/// ```
/// use rfc3986::schemes::file::PathFlavor;
///
/// assert_eq!(PathFlavor::Windows.to_string(), "Windows");
/// assert_eq!(PathFlavor::HOST, if cfg!(windows) { PathFlavor::Windows } else { PathFlavor::Posix });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PathFlavor {
    /// POSIX paths: octets, `/` between the names, absolute when they
    /// start with `/`.
    Posix,
    /// Windows paths: Unicode, `\` (or `/`) between the names, absolute
    /// when they start with a drive (`C:\`) or a UNC share
    /// (`\\server\share`), or the long forms of either (`\\?\C:\`,
    /// `\\?\UNC\server\share`).
    Windows,
}

impl PathFlavor {
    /// The flavor of the host the crate is built for: Windows on Windows,
    /// POSIX elsewhere.
    pub const HOST: PathFlavor = if cfg!(windows) {
        PathFlavor::Windows
    } else {
        PathFlavor::Posix
    };

    /// What an absolute path of the flavor looks like, for the errors.
    fn absolute_forms(self) -> &'static str {
        match self {
            PathFlavor::Posix => r#"one that starts with "/""#,
            PathFlavor::Windows => r"C:\ or \\server\share",
        }
    }
}

impl fmt::Display for PathFlavor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PathFlavor::Posix => "POSIX",
            PathFlavor::Windows => "Windows",
        })
    }
}

/// Why a file path has no file URI, or a file URI no file path. Each
/// variant says what is wrong, and where there is one, the byte offset in
/// the input (the path given to a `from_*` method, the URI for a `to_*`
/// one): [`offset`](Self::offset).
///
/// `Display` gives one line, of a bounded length whatever the input.
///
/// ```
/// use rfc3986::schemes::file::{FilePathError, FileUri};
///
/// let err = FileUri::from_windows_path(r"C:\logs\a<b.txt").unwrap_err();
/// assert_eq!(err, FilePathError::ForbiddenCharacter { character: '<', offset: 9 });
/// assert_eq!(
///     err.to_string(),
///     r#"'<' at byte 9: Windows refuses it in a file name (< > : " / \ | ? * and the control characters)"#
/// );
///
/// let err = FileUri::parse("file:///tmp/a%2Fb")?.to_posix_path().unwrap_err();
/// assert_eq!(err.offset(), Some(13));
/// # Ok::<(), rfc3986::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FilePathError {
    /// The path is not absolute: a file URI holds an absolute path. A
    /// POSIX path starts with `/`; a Windows path with a drive and a
    /// separator (`C:\`; `C:x` and `\x` are relative to the current
    /// directory of a drive, or to the current drive) or a UNC share
    /// (`\\server\share`). Its offset is 0.
    #[error("the {flavor} path is relative: a file URI holds an absolute path, {}", .flavor.absolute_forms())]
    Relative {
        /// The flavor of the path.
        flavor: PathFlavor,
    },
    /// The path has an empty name where the URI's path would start with
    /// `//`: a POSIX path that starts with `//`, a Windows path with two
    /// separators after its drive (`C:\\x`). The path of a file URI is a
    /// `path-absolute` (RFC 3986 section 3.3), which cannot start with an
    /// empty segment, and `file:////x` reads as the UNC host `x` (RFC 8089
    /// Appendix E.3.2).
    #[error(
        "empty name at byte {offset}: the path of a file URI cannot start with \"//\" \
         (RFC 3986 path-absolute), and file://// reads as a UNC path"
    )]
    EmptyFirstSegment {
        /// The byte offset of the second separator.
        offset: usize,
    },
    /// A NUL (the octet 0), which no POSIX path holds: in the path, or
    /// percent-encoded (`%00`) in the URI.
    #[error("NUL at byte {offset}: no POSIX path holds the octet 0")]
    Nul {
        /// The byte offset of the NUL, or of the `%` of its encoding.
        offset: usize,
    },
    /// A character that Windows refuses in a file name (`<`, `>`, `:`,
    /// `"`, `|`, `?`, `*`, and the control characters U+0000 to U+001F;
    /// `:` is taken only as the drive's): in the path, or in the URI,
    /// as it is or percent-encoded.
    #[error(
        "'{}' at byte {offset}: Windows refuses it in a file name \
         (< > : \" / \\ | ? * and the control characters)",
        Escaped(*.character)
    )]
    ForbiddenCharacter {
        /// The character.
        character: char,
        /// The byte offset of the character, or of the `%` of its
        /// encoding.
        offset: usize,
    },
    /// A name that Windows reserves for a device: `CON`, `PRN`, `AUX`,
    /// `NUL`, `COM1` to `COM9`, `COM¹`, `COM²`, `COM³`, `LPT1` to `LPT9`,
    /// `LPT¹`, `LPT²`, `LPT³`, in any case, alone or followed by an
    /// extension (`nul.txt`): Windows opens the device, not a file.
    #[error("reserved device name {device} at byte {offset}: Windows opens the device, not a file, whatever the extension")]
    ReservedName {
        /// The device, in capitals: `"NUL"`, `"COM¹"`.
        device: &'static str,
        /// The byte offset of the name.
        offset: usize,
    },
    /// A Windows path whose prefix names no file a URI can hold: the
    /// device namespace (`\\.\`, `\??\`), or a long path (`\\?\`) that is
    /// neither a drive (`\\?\C:\`) nor a UNC share (`\\?\UNC\server\share`),
    /// such as `\\?\Volume{...}\`.
    #[error(
        r"Windows path prefix at byte {offset} has no file URI: expected C:\, \\server\share, \\?\C:\ or \\?\UNC\server\share"
    )]
    UnsupportedPrefix {
        /// The byte offset of the prefix.
        offset: usize,
    },
    /// A UNC path without its server or its share (`\\server`), or a file
    /// URI of another host without a share (`file://server/`).
    #[error(r"incomplete UNC path at byte {offset}: expected \\server\share")]
    IncompleteUnc {
        /// Where the server or the share should be.
        offset: usize,
    },
    /// A path that is not Unicode, which a Windows path must be to be
    /// written in a URI (a `Path` on Windows holds UTF-16, which may have
    /// unpaired surrogates).
    #[error("the path is not Unicode: a Windows path in a file URI is UTF-8")]
    NotUnicode,
    /// The URI is not a file URI (RFC 8089): the error of
    /// [`FileUri::parse`](super::FileUri::parse).
    #[error(transparent)]
    Scheme(#[from] SchemeError),
    /// A segment of the URI's path holds a path separator,
    /// percent-encoded (`%2F`, and `%5C` for Windows): the name it
    /// stands for cannot be a name of the path.
    #[error("'{}' percent-encoded at byte {offset}: a name of a {flavor} path cannot hold it", Escaped(*.separator))]
    EncodedSeparator {
        /// The separator: `/`, or `\` for Windows.
        separator: char,
        /// The flavor of the path.
        flavor: PathFlavor,
        /// The byte offset of the `%` of its encoding.
        offset: usize,
    },
    /// A file URI of another host, which has no POSIX path: a POSIX path
    /// names a file of the local machine, and only `localhost` or no host
    /// is local (RFC 8089 section 2).
    #[error("the host at byte {offset} is another machine's: a POSIX path names a file of the local machine")]
    RemoteHost {
        /// The byte offset of the host.
        offset: usize,
    },
    /// A file URI of the local machine without a drive letter, which has
    /// no Windows path (`\path` is relative to the current drive).
    #[error("no drive letter at byte {offset}: a Windows path of the local machine starts with one (file:///C:/...)")]
    NoDrive {
        /// The byte offset of the path.
        offset: usize,
    },
    /// A file URI of another host with a drive letter
    /// (`file://server/c:/x`): a UNC path names a share, not a drive.
    #[error(
        "drive letter at byte {offset} on another host: a UNC path names a share, not a drive"
    )]
    RemoteDrive {
        /// The byte offset of the drive letter.
        offset: usize,
    },
    /// Percent-decoded octets that are not UTF-8, which a Windows path
    /// must be.
    #[error(
        "the percent-decoded octets from byte {offset} are not UTF-8: a Windows path is Unicode"
    )]
    NotUtf8 {
        /// The byte offset, in the URI, of the first octet of the first
        /// sequence that is not UTF-8.
        offset: usize,
    },
    /// A host that a UNC path has no form for: an `IPvFuture`.
    #[error("the IPvFuture host at byte {offset} has no UNC form")]
    UnsupportedHost {
        /// The byte offset of the host.
        offset: usize,
    },
}

impl FilePathError {
    /// The byte offset in the input where the problem is: 0 for a
    /// relative path, none for a path that is not Unicode.
    ///
    /// ```
    /// use rfc3986::schemes::file::FileUri;
    ///
    /// assert_eq!(FileUri::from_posix_path(b"etc/hosts").unwrap_err().offset(), Some(0));
    /// assert_eq!(FileUri::from_windows_path(r"C:\a\aux.txt").unwrap_err().offset(), Some(5));
    /// ```
    pub fn offset(&self) -> Option<usize> {
        match self {
            FilePathError::Relative { .. } => Some(0),
            FilePathError::NotUnicode => None,
            FilePathError::Scheme(err) => Some(err.offset()),
            FilePathError::EmptyFirstSegment { offset }
            | FilePathError::Nul { offset }
            | FilePathError::ForbiddenCharacter { offset, .. }
            | FilePathError::ReservedName { offset, .. }
            | FilePathError::UnsupportedPrefix { offset }
            | FilePathError::IncompleteUnc { offset }
            | FilePathError::EncodedSeparator { offset, .. }
            | FilePathError::RemoteHost { offset }
            | FilePathError::NoDrive { offset }
            | FilePathError::RemoteDrive { offset }
            | FilePathError::NotUtf8 { offset }
            | FilePathError::UnsupportedHost { offset } => Some(*offset),
        }
    }
}
