//! The `file` scheme ([RFC 8089]), with the DOS and Windows drive letters
//! of its Appendix E.2 and the UNC paths of Appendix E.3.2.
//!
//! The grammar, `src/schemes/file.pest`, transcribes section 2 with the
//! rules of those appendices. [`FileUri`] gives the host (the local
//! machine, or a remote host), the drive letter and the path; the
//! [`paths`] module converts between file URIs and the file paths of
//! POSIX and Windows, both ways ([`FileUri::from_path`],
//! [`FileUri::to_path`]).
//!
//! [RFC 8089]: https://www.rfc-editor.org/rfc/rfc8089

use core::fmt;
use core::ops::Range;

use super::SchemeError;
use crate::reference::{PathSegments, Uri};

mod error;
pub mod paths;

pub use error::{FilePathError, PathFlavor};

/// pest_derive's parser of the same files, as in `grammar.rs`: the oracle
/// the tests compare the compiled grammar with.
#[cfg(feature = "pest-parsers")]
#[allow(missing_docs)]
pub(crate) mod derived {
    use pest_derive::Parser;

    /// The parser derived from `uri.pest` and `src/schemes/file.pest`.
    #[derive(Parser)]
    #[grammar = "../uri.pest"]
    #[grammar = "schemes/file.pest"]
    pub struct FileParser;

    __uri_rule_roles!(Rule);
}

/// The grammar of `uri.pest` and `src/schemes/file.pest`, compiled by
/// `#[derive(rfc3986::Grammar)]` as a user's grammar is; `derived` is
/// pest_derive's parser of the same files, which the tests compare it with.
#[allow(missing_docs)]
pub(crate) mod grammar {
    /// `uri.pest` and `src/schemes/file.pest`.
    #[derive(rfc3986_derive::Grammar)]
    #[grammar = "schemes/file.pest"]
    #[scheme = "file"]
    pub struct FileGrammar;
}

use grammar::{FileGrammar, Rule};

/// Where a file is: on the local machine or on another host.
///
/// ```
/// use rfc3986::schemes::file::{FileHost, FileUri};
///
/// assert_eq!(FileUri::parse("file:/etc/hosts")?.host(), FileHost::Local);
/// assert_eq!(FileUri::parse("file://server/share")?.host(), FileHost::Remote("server"));
/// # Ok::<(), rfc3986::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FileHost<'a> {
    /// The local machine: no authority, an empty one, or `localhost`
    /// (section 2 and RFC 3986 section 3.2.2).
    Local,
    /// A remote host, as written: the authority's host, or the host of a
    /// UNC path (Appendix E.3.2; an IP literal there is written
    /// `%5B...%5D`).
    Remote(&'a str),
}

/// A `file` URI (RFC 8089).
///
/// ```
/// use rfc3986::schemes::file::{FileHost, FileUri};
///
/// let file = FileUri::parse("file:///c:/path/to/file")?;
/// assert_eq!(file.host(), FileHost::Local);
/// assert_eq!(file.drive_letter(), Some('c'));
/// assert_eq!(file.path(), "/path/to/file");
///
/// let file = FileUri::parse("file://host.example.com/path/to/file")?;
/// assert_eq!(file.host(), FileHost::Remote("host.example.com"));
/// assert_eq!(file.drive_letter(), None);
/// # Ok::<(), rfc3986::Error>(())
/// ```
#[derive(Clone)]
pub struct FileUri {
    uri: Uri,
    /// The remote host, if any.
    remote: Option<Range<usize>>,
    unc: bool,
    /// The drive letter as written (`c:`, `c%7C`).
    drive: Option<Range<usize>>,
    drive_letter: Option<char>,
    /// The IPv6 address of a remote host (in `[...]` or `%5B...%5D`).
    ipv6: Option<Range<usize>>,
    /// Whether the remote host is an `IPvFuture`.
    ipv_future: bool,
    path: Range<usize>,
}

impl FileUri {
    /// Parses a `file` URI (the scheme in any case).
    ///
    /// # Errors
    ///
    /// [`SchemeError::Syntax`] when `input` is not a URI reference;
    /// [`SchemeError::Scheme`] when it breaks a rule of RFC 8089: a
    /// relative path, a query, a port or userinfo in the authority.
    ///
    /// ```
    /// use rfc3986::schemes::file::FileUri;
    ///
    /// let err = FileUri::parse("file:///etc/hosts?x").unwrap_err();
    /// assert_eq!(err.offset(), 17);
    /// ```
    pub fn parse(input: &str) -> Result<FileUri, SchemeError> {
        // The file grammar splits the path its own way (drive letters,
        // UNC hosts): the generic parse is a second pass.
        let parsed = FileGrammar::parse(Rule::file_input, input)?;
        let [unc_host, auth, drive, path, ipv6, ipv_future] = parsed.spans([
            Rule::file_host,
            Rule::file_auth,
            Rule::drive_letter,
            Rule::path_absolute,
            Rule::IPv6address,
            Rule::IPvFuture,
        ]);
        let auth = auth.filter(|auth| {
            let host = &input[auth.clone()];
            !host.is_empty() && !host.eq_ignore_ascii_case("localhost")
        });
        let drive_letter = drive.clone().and_then(|at| input[at].chars().next());
        // The grammar requires a path-absolute; an empty range keeps an
        // edited grammar from panicking.
        let path = path.unwrap_or(0..0);
        Ok(FileUri {
            uri: parsed.uri().to_owned(),
            unc: unc_host.is_some(),
            remote: unc_host.or(auth),
            drive,
            drive_letter,
            ipv6,
            ipv_future: ipv_future.is_some(),
            path,
        })
    }

    /// The URI as a generic [`Uri`].
    ///
    /// ```
    /// use rfc3986::schemes::file::{FileHost, FileUri};
    ///
    /// let uri = FileUri::parse("file:///etc/hosts")?;
    /// assert_eq!(uri.uri().authority().map(|a| a.as_str()), Some(""));
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn uri(&self) -> &Uri {
        &self.uri
    }

    /// The URI as a generic [`Uri`], owned.
    ///
    /// ```
    /// use rfc3986::schemes::file::FileUri;
    ///
    /// let uri = FileUri::parse("file:///etc/hosts")?.into_uri();
    /// assert_eq!(uri.path(), "/etc/hosts");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn into_uri(self) -> Uri {
        self.uri
    }

    /// The URI as text, exactly as parsed.
    ///
    /// ```
    /// use rfc3986::schemes::file::{FileHost, FileUri};
    ///
    /// assert_eq!(FileUri::parse("FILE:/etc/hosts")?.as_str(), "FILE:/etc/hosts");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn as_str(&self) -> &str {
        self.uri.as_str()
    }

    /// Where the file is.
    ///
    /// ```
    /// use rfc3986::schemes::file::{FileHost, FileUri};
    ///
    /// assert_eq!(FileUri::parse("file:///etc/hosts")?.host(), FileHost::Local);
    /// assert_eq!(FileUri::parse("file://localhost/etc/hosts")?.host(), FileHost::Local);
    /// assert_eq!(FileUri::parse("file://host.example.com/etc")?.host(), FileHost::Remote("host.example.com"));
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn host(&self) -> FileHost<'_> {
        match &self.remote {
            Some(span) => FileHost::Remote(self.as_str().get(span.clone()).unwrap_or("")),
            None => FileHost::Local,
        }
    }

    /// Whether the path holds a UNC string (Appendix E.3.2):
    /// `file:////host.example.com/path/to/file`.
    ///
    /// ```
    /// use rfc3986::schemes::file::{FileHost, FileUri};
    ///
    /// let uri = FileUri::parse("file:////host.example.com/path/to/file")?;
    /// assert!(uri.is_unc());
    /// assert_eq!(uri.host(), FileHost::Remote("host.example.com"));
    /// assert!(!FileUri::parse("file://host.example.com/path")?.is_unc());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn is_unc(&self) -> bool {
        self.unc
    }

    /// The DOS or Windows drive letter (Appendix E.2), as written:
    /// `c` in `file:c:/path`, `file:/c:/path` and `file:///c:/path`, and
    /// in `file:///c%7C/path`, the vertical line of Appendix E.2.2
    /// percent-encoded (RFC 3986 takes no `|` as it is).
    ///
    /// ```
    /// use rfc3986::schemes::file::{FileHost, FileUri};
    ///
    /// assert_eq!(FileUri::parse("file:///c:/path/to/file")?.drive_letter(), Some('c'));
    /// assert_eq!(FileUri::parse("file:///c%7C/path/to/file")?.drive_letter(), Some('c'));
    /// assert_eq!(FileUri::parse("file:/etc/hosts")?.drive_letter(), None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn drive_letter(&self) -> Option<char> {
        self.drive_letter
    }

    /// The path on the host, as written (percent-encoded): after the
    /// drive letter if there is one, after the host of a UNC path. It is a
    /// `path-absolute`, so it starts with `/`.
    ///
    /// ```
    /// use rfc3986::schemes::file::{FileHost, FileUri};
    ///
    /// assert_eq!(FileUri::parse("file:///c:/path/to/file")?.path(), "/path/to/file");
    /// assert_eq!(FileUri::parse("file:////host.example.com/share/a")?.path(), "/share/a");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn path(&self) -> &str {
        self.as_str().get(self.path.clone()).unwrap_or("")
    }

    /// The segments of [`path`](Self::path), as written (percent-encoded),
    /// the empty one before its first `/` included, as
    /// [`Uri::path_segments`](crate::Reference::path_segments) gives a
    /// path's.
    ///
    /// ```
    /// use rfc3986::schemes::file::FileUri;
    ///
    /// let file = FileUri::parse("file:///c:/a%20b/c/")?;
    /// assert_eq!(file.path_segments().collect::<Vec<_>>(), ["", "a%20b", "c", ""]);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn path_segments(&self) -> PathSegments<'_> {
        PathSegments::of(self.path())
    }

    /// The fragment, which a URI reference may add.
    ///
    /// ```
    /// use rfc3986::schemes::file::{FileHost, FileUri};
    ///
    /// assert_eq!(FileUri::parse("file:///doc.html#intro")?.fragment(), Some("intro"));
    /// assert_eq!(FileUri::parse("file:///doc.html")?.fragment(), None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn fragment(&self) -> Option<&str> {
        self.uri.fragment()
    }
}

impl PartialEq for FileUri {
    /// Compares the text exactly, like [`Uri`].
    fn eq(&self, other: &FileUri) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for FileUri {}

impl fmt::Display for FileUri {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for FileUri {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FileUri")
            .field("host", &self.host())
            .field("unc", &self.unc)
            .field("drive_letter", &self.drive_letter)
            .field("path", &self.path())
            .finish()
    }
}

impl core::str::FromStr for FileUri {
    type Err = SchemeError;

    fn from_str(s: &str) -> Result<FileUri, SchemeError> {
        FileUri::parse(s)
    }
}
