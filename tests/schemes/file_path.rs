//! File paths and `file` URIs both ways (`schemes::file::paths`): RFC
//! 8089's examples (Appendix B, D.2, E and F), a table for each flavor and
//! direction, the round trips as properties, `to_*_path` on generated
//! file URIs, and agreement with the url crate on a corpus of paths.

use proptest::prelude::*;
use rfc3986::schemes::file::{FilePathError, FileUri, PathFlavor};
use rfc3986::schemes::SchemeError;
use rfc3986::Uri;
use rstest::rstest;

use FilePathError::*;

/// The POSIX path of `uri`, which must be a file URI.
fn posix(uri: &str) -> Result<Vec<u8>, FilePathError> {
    FileUri::parse(uri).unwrap().to_posix_path()
}

/// The Windows path of `uri`, which must be a file URI.
fn windows(uri: &str) -> Result<String, FilePathError> {
    FileUri::parse(uri).unwrap().to_windows_path()
}

/// Checks what `from_*_path` wrote: a URI by `Uri::parse` and a file URI,
/// given back as text.
fn written(uri: Result<FileUri, FilePathError>) -> Result<String, FilePathError> {
    let uri = uri?;
    assert!(Uri::parse(uri.as_str()).is_ok(), "{uri}");
    Ok(uri.to_string())
}

/// Appendix B, and the same forms in Appendix F: local files, and a
/// non-local file with an explicit authority; D.2 and E.2: the drive
/// letter as the first segment; E.3.2: UNC strings in the path.
#[rstest]
// Appendix B.
#[case("file:///path/to/file", Ok("/path/to/file"), Err(NoDrive { offset: 7 }))]
#[case("file:/path/to/file", Ok("/path/to/file"), Err(NoDrive { offset: 5 }))]
#[case(
    "file://host.example.com/path/to/file",
    Err(RemoteHost { offset: 7 }),
    Ok(r"\\host.example.com\path\to\file")
)]
// Appendix E.2 (and D.2: the drive letter is the first segment).
#[case("file:c:/path/to/file", Ok("/c:/path/to/file"), Ok(r"c:\path\to\file"))]
#[case(
    "file:///c:/path/to/file",
    Ok("/c:/path/to/file"),
    Ok(r"c:\path\to\file")
)]
// Appendix E.3.2.
#[case(
    "file:////host.example.com/path/to/file",
    Err(RemoteHost { offset: 9 }),
    Ok(r"\\host.example.com\path\to\file")
)]
#[case(
    "file://///host.example.com/path/to/file",
    Err(RemoteHost { offset: 10 }),
    Ok(r"\\host.example.com\path\to\file")
)]
fn rfc8089_examples(
    #[case] uri: &str,
    #[case] posix_path: Result<&str, FilePathError>,
    #[case] windows_path: Result<&str, FilePathError>,
) {
    assert_eq!(
        posix(uri),
        posix_path.map(|path| path.as_bytes().to_vec()),
        "{uri}"
    );
    assert_eq!(windows(uri), windows_path.map(String::from), "{uri}");
}

/// Appendix E.2.2: the vertical line in the drive letter. RFC 3986 takes
/// no `|`, so these three are no URIs; the parse's suggestion encodes it,
/// and the encoded form reads as the drive letter, "to update such an old
/// URI" as the appendix says.
#[rstest]
#[case("file:///c|/path/to/file", 9, "file:///c%7C/path/to/file")]
#[case("file:/c|/path/to/file", 7, "file:/c%7C/path/to/file")]
#[case("file:c|/path/to/file", 6, "file:c%7C/path/to/file")]
fn rfc8089_vertical_line(#[case] old: &str, #[case] offset: usize, #[case] updated: &str) {
    let err = FileUri::parse(old).unwrap_err();
    assert!(matches!(err, SchemeError::Syntax(_)), "{err:?}");
    assert_eq!(err.offset(), offset);
    let suggestion = Uri::parse(old).unwrap_err().suggestion(old).unwrap();
    assert_eq!(suggestion.as_str(), updated);
    let file = FileUri::parse(updated).unwrap();
    assert_eq!(file.drive_letter(), Some('c'));
    assert_eq!(file.to_windows_path().unwrap(), r"c:\path\to\file");
    assert_eq!(file.to_posix_path().unwrap(), b"/c|/path/to/file");
}

/// Appendix E.3.1: a UNC string and the URI of the same file, both ways.
#[test]
fn rfc8089_unc_with_authority() {
    let unc = r"\\host.example.com\Share\path\to\file.txt";
    let uri = "file://host.example.com/Share/path/to/file.txt";
    assert_eq!(written(FileUri::from_windows_path(unc)).unwrap(), uri);
    assert_eq!(windows(uri).unwrap(), unc);
}

/// Appendix E.2.1: its examples of resolution relative to the drive
/// letter are not what RFC 3986 resolution gives (it replaces the whole
/// path, drive letter and all); the references written with the drive
/// letter, as the appendix recommends (`/c:/foo.txt`), resolve to its
/// results. A drive letter followed by something other than `/` is no
/// drive letter.
#[test]
fn rfc8089_relative_resolution() {
    let base = Uri::parse("file:///c:/path/to/file.txt").unwrap();
    let generic = base.join("/some/other/thing.bmp").unwrap();
    assert_eq!(generic, "file:///some/other/thing.bmp");
    assert_eq!(windows(generic.as_str()), Err(NoDrive { offset: 7 }));
    let with_drive = base.join("/c:/some/other/thing.bmp").unwrap();
    assert_eq!(with_drive, "file:///c:/some/other/thing.bmp");
    assert_eq!(
        windows(with_drive.as_str()).unwrap(),
        r"c:\some\other\thing.bmp"
    );

    let base = Uri::parse("file:///c:/foo.txt").unwrap();
    assert_eq!(base.join("../bar.txt").unwrap(), "file:///bar.txt");
    let with_drive = base.join("/c:/bar.txt").unwrap();
    assert_eq!(with_drive, "file:///c:/bar.txt");
    assert_eq!(windows(with_drive.as_str()).unwrap(), r"c:\bar.txt");

    for reference in ["/c:bar/baz.txt", "/c:../foo.txt"] {
        let target = base.join(reference).unwrap();
        assert_eq!(
            FileUri::parse(target.as_str()).unwrap().drive_letter(),
            None
        );
        assert_eq!(
            windows(target.as_str()),
            Err(NoDrive { offset: 7 }),
            "{reference}"
        );
    }
}

/// Appendix E.4: a backslash is no URI character, and the conversion
/// never writes one.
#[test]
fn rfc8089_backslash() {
    let err = FileUri::parse(r"file:///c:\path\to\file").unwrap_err();
    assert_eq!(err.offset(), 10);
    assert_eq!(
        written(FileUri::from_windows_path(r"c:\path\to\file")).unwrap(),
        "file:///c:/path/to/file"
    );
}

/// Appendix E.1: user information is an extension this crate's grammar
/// does not take, so such a URI has no path.
#[test]
fn rfc8089_user_information() {
    let err = Uri::parse("file://user@host/x")
        .unwrap()
        .to_file_path()
        .unwrap_err();
    assert!(matches!(&err, Scheme(SchemeError::Scheme(_))), "{err:?}");
    assert_eq!(err.offset(), Some(11));
}

#[rstest]
#[case(b"/", "file:///")]
#[case(b"/tmp/a b", "file:///tmp/a%20b")]
#[case(b"/a/b/", "file:///a/b/")]
#[case(b"/a//b", "file:///a//b")]
#[case(b"/..", "file:///..")]
#[case(b"/a/./../b", "file:///a/./../b")]
#[case(b"/c:/x", "file:///c:/x")]
#[case(b"/c|/x", "file:///c%7C/x")]
#[case(
    b"/%#?[]{}|^`\"<> \\",
    "file:///%25%23%3F%5B%5D%7B%7D%7C%5E%60%22%3C%3E%20%5C"
)]
#[case(b"/-._~!$&'()*+,;=:@", "file:///-._~!$&'()*+,;=:@")]
#[case(b"/caf\xc3\xa9", "file:///caf%C3%A9")]
#[case(b"/caf\xe9/\xff\xfe", "file:///caf%E9/%FF%FE")]
#[case(b"/\x01\x7f", "file:///%01%7F")]
#[case(b"/images/img.jpg", "file:///images/img.jpg")]
fn posix_to_uri(#[case] path: &[u8], #[case] uri: &str) {
    assert_eq!(written(FileUri::from_posix_path(path)).unwrap(), uri);
    assert_eq!(posix(uri).unwrap(), path);
}

#[rstest]
#[case(b"", Relative { flavor: PathFlavor::Posix }, "the POSIX path is relative: a file URI holds an absolute path, one that starts with \"/\"")]
#[case(b"a/b", Relative { flavor: PathFlavor::Posix }, "the POSIX path is relative: a file URI holds an absolute path, one that starts with \"/\"")]
#[case(b"../../images/img.jpg", Relative { flavor: PathFlavor::Posix }, "the POSIX path is relative: a file URI holds an absolute path, one that starts with \"/\"")]
#[case(b"//a", EmptyFirstSegment { offset: 1 }, "empty name at byte 1: the path of a file URI cannot start with \"//\" (RFC 3986 path-absolute), and file://// reads as a UNC path")]
#[case(b"//", EmptyFirstSegment { offset: 1 }, "empty name at byte 1: the path of a file URI cannot start with \"//\" (RFC 3986 path-absolute), and file://// reads as a UNC path")]
#[case(b"/a\0b", Nul { offset: 2 }, "NUL at byte 2: no POSIX path holds the octet 0")]
fn posix_to_uri_errors(#[case] path: &[u8], #[case] error: FilePathError, #[case] message: &str) {
    let err = FileUri::from_posix_path(path).unwrap_err();
    assert_eq!(err, error);
    assert_eq!(err.to_string(), message);
}

#[rstest]
#[case("file:///", b"/")]
#[case("file:/tmp/x", b"/tmp/x")]
#[case("file://localhost/x", b"/x")]
#[case("file://LocalHost/x", b"/x")]
#[case("file:///tmp/a%20b", b"/tmp/a b")]
#[case("file:c:/x", b"/c:/x")]
#[case("file:/c:/x", b"/c:/x")]
#[case("file:///c%7c/x", b"/c|/x")]
#[case("file:///a/b/", b"/a/b/")]
#[case("file:///%2e%2E/x", b"/../x")]
#[case("file:///a/%FF%fe", b"/a/\xff\xfe")]
#[case("file:///%7e%41", b"/~A")]
#[case("file:///doc.html#intro", b"/doc.html")]
fn uri_to_posix(#[case] uri: &str, #[case] path: &[u8]) {
    assert_eq!(posix(uri).unwrap(), path);
}

#[rstest]
#[case("file://h/x", RemoteHost { offset: 7 })]
#[case("file:////h/x", RemoteHost { offset: 9 })]
#[case("file://[::1]/x", RemoteHost { offset: 7 })]
#[case("file:///a%2fb", EncodedSeparator { separator: '/', flavor: PathFlavor::Posix, offset: 9 })]
#[case("file:///c:/a/b%2F", EncodedSeparator { separator: '/', flavor: PathFlavor::Posix, offset: 14 })]
#[case("file:///a%00", Nul { offset: 9 })]
fn uri_to_posix_errors(#[case] uri: &str, #[case] error: FilePathError) {
    assert_eq!(posix(uri).unwrap_err(), error);
}

#[rstest]
#[case(r"C:\a b\c", "file:///C:/a%20b/c", r"C:\a b\c")]
#[case(r"c:\", "file:///c:/", r"c:\")]
#[case(r"C:\x\", "file:///C:/x/", r"C:\x\")]
#[case("C:/x/y", "file:///C:/x/y", r"C:\x\y")]
#[case(r"C:\x\\y", "file:///C:/x//y", r"C:\x\\y")]
#[case(r"C:\.\..\x", "file:///C:/./../x", r"C:\.\..\x")]
#[case(r"\\server\share", "file://server/share", r"\\server\share")]
#[case(r"\\server\share\", "file://server/share/", r"\\server\share\")]
#[case(
    r"\\server\share\x y\z",
    "file://server/share/x%20y/z",
    r"\\server\share\x y\z"
)]
#[case("//server/share/x", "file://server/share/x", r"\\server\share\x")]
#[case(r"\\?\C:\x", "file:///C:/x", r"C:\x")]
#[case(r"\\?\C:\", "file:///C:/", r"C:\")]
#[case(
    r"\\?\UNC\server\share\x",
    "file://server/share/x",
    r"\\server\share\x"
)]
#[case(r"\\?\unc\server\share", "file://server/share", r"\\server\share")]
#[case(
    r"\\localhost\share\x",
    "file:////localhost/share/x",
    r"\\localhost\share\x"
)]
#[case(r"\\LocalHost\s", "file:////LocalHost/s", r"\\LocalHost\s")]
#[case(
    r"\\192.0.2.16\share",
    "file://192.0.2.16/share",
    r"\\192.0.2.16\share"
)]
#[case("\\\\h\u{e9}\\s", "file://h%C3%A9/s", "\\\\h\u{e9}\\s")]
#[case(
    r"\\2001-db8--7.ipv6-literal.net\share",
    "file://[2001:db8::7]/share",
    r"\\2001-db8--7.ipv6-literal.net\share"
)]
#[case(
    r"\\2001-DB8--7.ipv6-literal.net\s",
    "file://[2001:DB8::7]/s",
    r"\\2001-DB8--7.ipv6-literal.net\s"
)]
#[case(
    r"\\2001-db8--7.IPV6-LITERAL.NET\s",
    "file://2001-db8--7.IPV6-LITERAL.NET/s",
    r"\\2001-db8--7.IPV6-LITERAL.NET\s"
)]
#[case(
    r"\\x.ipv6-literal.net\s",
    "file://x.ipv6-literal.net/s",
    r"\\x.ipv6-literal.net\s"
)]
#[case(
    r"C:\100%\#1 {a}^[b]`",
    "file:///C:/100%25/%231%20%7Ba%7D%5E%5Bb%5D%60",
    r"C:\100%\#1 {a}^[b]`"
)]
#[case(
    r"C:\a;b=c&d@e!$'()+,",
    "file:///C:/a;b=c&d@e!$'()+,",
    r"C:\a;b=c&d@e!$'()+,"
)]
#[case(
    "C:\\caf\u{e9}\\\u{65e5}\u{672c}",
    "file:///C:/caf%C3%A9/%E6%97%A5%E6%9C%AC",
    "C:\\caf\u{e9}\\\u{65e5}\u{672c}"
)]
#[case(
    r"C:\console\nul-x\com10\lpt\auxiliary.txt",
    "file:///C:/console/nul-x/com10/lpt/auxiliary.txt",
    r"C:\console\nul-x\com10\lpt\auxiliary.txt"
)]
fn windows_to_uri(#[case] path: &str, #[case] uri: &str, #[case] back: &str) {
    assert_eq!(written(FileUri::from_windows_path(path)).unwrap(), uri);
    assert_eq!(windows(uri).unwrap(), back);
}

#[rstest]
#[case("", Relative { flavor: PathFlavor::Windows })]
#[case(r"a\b", Relative { flavor: PathFlavor::Windows })]
#[case(r"\a", Relative { flavor: PathFlavor::Windows })]
#[case("/a", Relative { flavor: PathFlavor::Windows })]
#[case("C:a", Relative { flavor: PathFlavor::Windows })]
#[case("C:", Relative { flavor: PathFlavor::Windows })]
#[case(r"1:\a", Relative { flavor: PathFlavor::Windows })]
#[case(r"\\.\COM1", UnsupportedPrefix { offset: 0 })]
#[case("//./x", UnsupportedPrefix { offset: 0 })]
#[case("//?/C:/x", UnsupportedPrefix { offset: 0 })]
#[case(r"\??\C:\x", UnsupportedPrefix { offset: 0 })]
#[case(r"\\?\Volume{b75e2c83-0000-0000-0000-602f00000000}\x", UnsupportedPrefix { offset: 4 })]
#[case(r"\\?\C:", UnsupportedPrefix { offset: 4 })]
#[case(r"\\server", IncompleteUnc { offset: 8 })]
#[case(r"\\server\", IncompleteUnc { offset: 8 })]
#[case(r"\\\share", IncompleteUnc { offset: 2 })]
#[case(r"\\?\UNC\server", IncompleteUnc { offset: 14 })]
#[case(r"C:\\x", EmptyFirstSegment { offset: 3 })]
#[case(r"C:\a<b", ForbiddenCharacter { character: '<', offset: 4 })]
#[case(r"C:\a>b", ForbiddenCharacter { character: '>', offset: 4 })]
#[case(r"C:\a:b", ForbiddenCharacter { character: ':', offset: 4 })]
#[case(r#"C:\a"b"#, ForbiddenCharacter { character: '"', offset: 4 })]
#[case(r"C:\a|b", ForbiddenCharacter { character: '|', offset: 4 })]
#[case(r"C:\a?b", ForbiddenCharacter { character: '?', offset: 4 })]
#[case(r"C:\a*b", ForbiddenCharacter { character: '*', offset: 4 })]
#[case("C:\\a\u{1f}", ForbiddenCharacter { character: '\u{1f}', offset: 4 })]
#[case("C:\\\u{e9}\0", ForbiddenCharacter { character: '\0', offset: 5 })]
#[case(r"\\?\C:\a/b", ForbiddenCharacter { character: '/', offset: 8 })]
#[case(r"\\ser*ver\share", ForbiddenCharacter { character: '*', offset: 5 })]
#[case(r"\\server\sh:are", ForbiddenCharacter { character: ':', offset: 11 })]
#[case(r"C:\CON", ReservedName { device: "CON", offset: 3 })]
#[case(r"C:\con\x", ReservedName { device: "CON", offset: 3 })]
#[case(r"C:\x\Prn.txt", ReservedName { device: "PRN", offset: 5 })]
#[case(r"C:\aux.tar.gz", ReservedName { device: "AUX", offset: 3 })]
#[case(r"C:\logs\nul", ReservedName { device: "NUL", offset: 8 })]
#[case(r"C:\com1", ReservedName { device: "COM1", offset: 3 })]
#[case(r"C:\COM9.log", ReservedName { device: "COM9", offset: 3 })]
#[case("C:\\com\u{b9}", ReservedName { device: "COM\u{b9}", offset: 3 })]
#[case("C:\\COM\u{b2}.x", ReservedName { device: "COM\u{b2}", offset: 3 })]
#[case("C:\\lpt\u{b3}", ReservedName { device: "LPT\u{b3}", offset: 3 })]
#[case(r"C:\LPT5", ReservedName { device: "LPT5", offset: 3 })]
#[case(r"\\server\nul", ReservedName { device: "NUL", offset: 9 })]
fn windows_to_uri_errors(#[case] path: &str, #[case] error: FilePathError) {
    assert_eq!(
        FileUri::from_windows_path(path).unwrap_err(),
        error,
        "{path}"
    );
}

#[rstest]
#[case("file:///C:/", r"C:\")]
#[case("file:///c%7c/x", r"c:\x")]
#[case("file:/C:/x", r"C:\x")]
#[case("file://localhost/C:/x", r"C:\x")]
#[case("file://server/share/a%20b", r"\\server\share\a b")]
#[case("file:////%5B2001:db8::7%5D/s", r"\\2001-db8--7.ipv6-literal.net\s")]
#[case("file:///C:/x#frag", r"C:\x")]
#[case("file:///C:/%7e", r"C:\~")]
fn uri_to_windows(#[case] uri: &str, #[case] path: &str) {
    assert_eq!(windows(uri).unwrap(), path);
}

#[rstest]
#[case("file:///x", NoDrive { offset: 7 }, "no drive letter at byte 7: a Windows path of the local machine starts with one (file:///C:/...)")]
#[case("file:///C://x", NoDrive { offset: 7 }, "no drive letter at byte 7: a Windows path of the local machine starts with one (file:///C:/...)")]
#[case("file://server/", IncompleteUnc { offset: 14 }, r"incomplete UNC path at byte 14: expected \\server\share")]
#[case("file://server/c:/x", RemoteDrive { offset: 14 }, "drive letter at byte 14 on another host: a UNC path names a share, not a drive")]
#[case("file://[v1.x]/s", UnsupportedHost { offset: 7 }, "the IPvFuture host at byte 7 has no UNC form")]
#[case("file://ser%2Fver/s", EncodedSeparator { separator: '/', flavor: PathFlavor::Windows, offset: 10 }, "'/' percent-encoded at byte 10: a name of a Windows path cannot hold it")]
#[case("file:///C:/a%5cb", EncodedSeparator { separator: '\\', flavor: PathFlavor::Windows, offset: 12 }, r"'\' percent-encoded at byte 12: a name of a Windows path cannot hold it")]
#[case("file:///C:/a%2Fb", EncodedSeparator { separator: '/', flavor: PathFlavor::Windows, offset: 12 }, "'/' percent-encoded at byte 12: a name of a Windows path cannot hold it")]
#[case("file:///C:/a/%C3%A9%FFb", NotUtf8 { offset: 19 }, "the percent-decoded octets from byte 19 are not UTF-8: a Windows path is Unicode")]
#[case("file:///C:/a%3Cb", ForbiddenCharacter { character: '<', offset: 12 }, r#"'<' at byte 12: Windows refuses it in a file name (< > : " / \ | ? * and the control characters)"#)]
#[case("file:///C:/a:b", ForbiddenCharacter { character: ':', offset: 12 }, r#"':' at byte 12: Windows refuses it in a file name (< > : " / \ | ? * and the control characters)"#)]
#[case("file:///C:/%C3%A9%0A", ForbiddenCharacter { character: '\n', offset: 17 }, r#"'\n' at byte 17: Windows refuses it in a file name (< > : " / \ | ? * and the control characters)"#)]
#[case("file:///C:/x/NUL", ReservedName { device: "NUL", offset: 13 }, "reserved device name NUL at byte 13: Windows opens the device, not a file, whatever the extension")]
#[case("file:///C:/x/c%6Fm%C2%B9.txt", ReservedName { device: "COM\u{b9}", offset: 13 }, "reserved device name COM\u{b9} at byte 13: Windows opens the device, not a file, whatever the extension")]
fn uri_to_windows_errors(#[case] uri: &str, #[case] error: FilePathError, #[case] message: &str) {
    let err = windows(uri).unwrap_err();
    assert_eq!(err, error, "{uri}");
    assert_eq!(err.to_string(), message);
    assert_eq!(err.offset(), error.offset());
}

/// A reference that is not a file URI has no path, and the error is the
/// scheme's.
#[rstest]
#[case("http://example.com/", 0)]
#[case("file:path/to/file", 6)]
#[case("file:../../images/img.jpg", 5)]
#[case("file:///etc/hosts?x", 17)]
#[case("file://server//x", 14)]
fn not_file_uris(#[case] uri: &str, #[case] offset: usize) {
    let err = match Uri::parse(uri) {
        Ok(uri) => uri.to_file_path().unwrap_err(),
        Err(err) => panic!("{err}"),
    };
    assert!(matches!(err, Scheme(_)), "{err:?}");
    assert_eq!(err.offset(), Some(offset));
    let any: rfc3986::Error = err.clone().into();
    assert_eq!(any.to_string(), err.to_string());
}

/// The `Path` forms and the methods of `Uri` and `AbsoluteUri`, on this
/// host's flavor.
#[cfg(unix)]
#[test]
fn host_paths() {
    use rfc3986::AbsoluteUri;
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    use std::path::Path;

    let path = Path::new(OsStr::from_bytes(b"/tmp/caf\xe9 [x]"));
    let uri = FileUri::from_path(path).unwrap();
    assert_eq!(uri.as_str(), "file:///tmp/caf%E9%20%5Bx%5D");
    assert_eq!(uri.to_path().unwrap(), path);
    assert_eq!(Uri::from_file_path(path).unwrap(), uri.as_str());
    assert_eq!(AbsoluteUri::from_file_path(path).unwrap(), uri.as_str());
    assert_eq!(uri.uri().to_file_path().unwrap(), path);
    assert_eq!(
        AbsoluteUri::parse(uri.as_str())
            .unwrap()
            .to_file_path()
            .unwrap(),
        path
    );

    for (directory, expected) in [
        ("/srv", "file:///srv/"),
        ("/srv/", "file:///srv/"),
        ("/", "file:///"),
    ] {
        let directory = Path::new(directory);
        assert_eq!(
            FileUri::from_directory_path(directory).unwrap().as_str(),
            expected
        );
        assert_eq!(Uri::from_directory_path(directory).unwrap(), expected);
        assert_eq!(
            AbsoluteUri::from_directory_path(directory).unwrap(),
            expected
        );
    }
    assert_eq!(
        Uri::from_file_path(Path::new("relative")).unwrap_err(),
        Relative {
            flavor: PathFlavor::Posix
        }
    );
    assert_eq!(PathFlavor::HOST, PathFlavor::Posix);
}

/// The names of a POSIX path: any octet but NUL and `/`.
fn posix_name() -> impl Strategy<Value = Vec<u8>> {
    let octet = prop_oneof![
        3 => any::<u8>().prop_filter("no NUL or /", |&b| b != 0 && b != b'/'),
        1 => prop::sample::select(&b"%#?[]{}|^`\\:@. "[..]),
    ];
    prop::collection::vec(octet, 0..6)
}

/// A character of a Windows name: any Windows takes, with more of those
/// that need encoding.
fn windows_char() -> impl Strategy<Value = char> {
    prop_oneof![
        3 => any::<char>().prop_filter("taken by Windows", |&c| {
            !matches!(c, '\0'..='\x1f' | '<' | '>' | ':' | '"' | '|' | '?' | '*' | '/' | '\\')
        }),
        2 => prop::sample::select(&['%', '#', '[', ']', '{', '}', '^', '`', ' ', '.', '~', '\u{e9}', 'a', 'Z', '$'][..]),
    ]
}

/// A name of a Windows path, not a reserved one.
fn windows_name() -> impl Strategy<Value = String> {
    prop::collection::vec(windows_char(), 0..6)
        .prop_map(|chars| chars.into_iter().collect::<String>())
        .prop_filter("not a device", |name| {
            // Every name of four characters or less that starts as a
            // reserved one does (CON, COM1, COM¹...), and more.
            let stem = name.split('.').next().unwrap().to_ascii_uppercase();
            stem.chars().count() > 4
                || !["CON", "PRN", "AUX", "NUL", "COM", "LPT"]
                    .iter()
                    .any(|device| stem.starts_with(device))
        })
}

/// An absolute Windows path, and the path `to_windows_path` gives back
/// (`\` between the names, no long prefix).
fn windows_path() -> impl Strategy<Value = (String, String)> {
    let nonempty = || windows_name().prop_filter("not empty", |name| !name.is_empty());
    let server = "[a-zA-Z0-9][a-zA-Z0-9.-]{0,8}".prop_filter("not localhost", |s| s != "localhost");
    let root = prop_oneof![
        (prop::char::range('a', 'z'), any::<bool>(), any::<bool>()).prop_map(
            |(letter, upper, long)| {
                let letter = if upper {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                };
                let prefix = if long { r"\\?\" } else { "" };
                (format!("{prefix}{letter}:\\"), format!("{letter}:\\"))
            }
        ),
        (server, nonempty(), any::<bool>()).prop_map(|(server, share, long)| {
            let prefix = if long { r"\\?\UNC\" } else { r"\\" };
            (
                format!("{prefix}{server}\\{share}\\"),
                format!(r"\\{server}\{share}\"),
            )
        }),
    ];
    (
        root,
        nonempty(),
        prop::collection::vec(windows_name(), 0..4),
        any::<bool>(),
    )
        .prop_map(|((root, back), first, rest, slashes)| {
            let names = std::iter::once(first).chain(rest).collect::<Vec<_>>();
            let separator = if slashes && !root.starts_with(r"\\?\") {
                "/"
            } else {
                "\\"
            };
            (root + &names.join(separator), back + &names.join("\\"))
        })
}

/// A file URI, made of the pieces the file grammar reads: every form of
/// RFC 8089 and its appendices, and octets of every value, encoded.
fn file_uri() -> impl Strategy<Value = String> {
    let segment = prop::collection::vec(
        prop_oneof![
            3 => prop::sample::select(&["a", "B", "~", ".", "..", ":", "@", "!", "$", "'", "c:", "C%7c"][..]).prop_map(String::from),
            3 => any::<u8>().prop_map(|b| format!("%{b:02X}")),
            1 => any::<u8>().prop_map(|b| format!("%{b:02x}")),
        ],
        0..4,
    )
    .prop_map(|pieces| pieces.concat());
    let path = prop::collection::vec(segment, 1..5).prop_map(|segments| segments.join("/"));
    let start = prop::sample::select(
        &[
            "file:/",
            "FILE:/",
            "file:///",
            "file://localhost/",
            "file://LOCALHOST/",
            "file://host.example/",
            "file://h%C3%A9/",
            "file://h%2F/",
            "file://h%5C/",
            "file://h%3A/",
            "file://192.0.2.16/",
            "file://[2001:db8::7]/",
            "file://[v7.x]/",
            "file:////host/",
            "file://///host/",
            "file:////%5B::1%5D/",
            "file:////%5Bv1.a%5D/",
            "file:c:/",
            "file:/c:/",
            "file:///c:/",
            "file:///C%7C/",
            "file://host/c:/",
            "file://%5B::1%5D/",
        ][..],
    );
    (start, path, prop::option::of("[a-z%0-9]{0,3}")).prop_map(|(start, path, fragment)| {
        let mut uri = format!("{start}{path}");
        if let Some(fragment) = fragment {
            uri.push('#');
            uri.push_str(&fragment);
        }
        uri
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    /// Every POSIX path, as octets, comes back from its URI exactly, and
    /// its URI parses; but a path that starts with `//`, which has none.
    #[test]
    fn posix_round_trip(names in prop::collection::vec(posix_name(), 1..6)) {
        let path = [b"/".as_slice(), &names.join(&b'/')].concat();
        match FileUri::from_posix_path(&path) {
            Ok(uri) => {
                prop_assert!(Uri::parse(uri.as_str()).is_ok());
                prop_assert!(uri.as_str().is_ascii());
                prop_assert_eq!(uri.to_posix_path().unwrap(), path);
            }
            Err(err) => {
                prop_assert!(path.starts_with(b"//"), "{:?}: {}", path, err);
                prop_assert_eq!(err, EmptyFirstSegment { offset: 1 });
            }
        }
    }

    /// Every Windows path comes back from its URI, with `\` between its
    /// names and without a long prefix; its URI parses.
    #[test]
    fn windows_round_trip((path, back) in windows_path()) {
        let uri = FileUri::from_windows_path(&path).unwrap();
        prop_assert!(Uri::parse(uri.as_str()).is_ok());
        prop_assert_eq!(uri.to_windows_path().unwrap(), back.clone());
        // The path given back gives the same URI.
        prop_assert_eq!(FileUri::from_windows_path(&back).unwrap(), uri);
    }

    /// Reading any file URI never panics, in either flavor; a path read
    /// gives a URI that reads the same path again.
    #[test]
    fn to_path_never_panics(uri in file_uri()) {
        let Ok(file) = FileUri::parse(&uri) else { return Ok(()) };
        if let Ok(path) = file.to_posix_path() {
            let again = FileUri::from_posix_path(&path).unwrap();
            prop_assert_eq!(again.to_posix_path().unwrap(), path);
        }
        if let Ok(path) = file.to_windows_path() {
            let again = FileUri::from_windows_path(&path).unwrap();
            prop_assert_eq!(again.to_windows_path().unwrap(), path);
        }
    }

    /// A file URI in the form the conversion writes (`file:///`, each
    /// octet encoded but the characters a segment takes, some unreserved
    /// ones encoded too, in either case) comes back from its path the same
    /// up to normalization (RFC 3986 section 6.2.2).
    #[test]
    fn uri_round_trip_up_to_normalization(
        names in prop::collection::vec(posix_name(), 1..5),
        encode in prop::collection::vec(any::<bool>(), 32),
        lower in any::<bool>(),
    ) {
        let mut uri = String::from("file://");
        for (i, name) in names.iter().enumerate() {
            uri.push('/');
            for (j, &b) in name.iter().enumerate() {
                let unreserved = b.is_ascii_alphanumeric() || b"-._~".contains(&b);
                let keep = unreserved || b"!$&'()*+,;=:@".contains(&b);
                if keep && !(unreserved && encode[(i * 7 + j) % 32]) {
                    uri.push(char::from(b));
                } else if lower {
                    uri.push_str(&format!("%{b:02x}"));
                } else {
                    uri.push_str(&format!("%{b:02X}"));
                }
            }
        }
        prop_assume!(!uri.starts_with("file:////"));
        // Normalization removes dot segments (section 6.2.2.3), which the
        // conversion keeps as names.
        prop_assume!(names.iter().all(|name| name != b"." && name != b".."));
        let file = FileUri::parse(&uri).unwrap();
        let again = FileUri::from_posix_path(&file.to_posix_path().unwrap()).unwrap();
        prop_assert!(again.uri().equivalent(file.uri()), "{} {}", uri, again);
        let normal = file.uri().normalize_syntax();
        prop_assert_eq!(again.as_str(), normal.as_str());
    }
}

/// The url crate (`Url::from_file_path` and `to_file_path`, POSIX only on
/// this host) on a corpus of paths: both give each path back, and the
/// URIs differ exactly where url writes a character RFC 3986 refuses, or
/// reads the path by its components (`Path::components`), which drops a
/// trailing `/`, an empty name and a `.` name.
#[cfg(unix)]
#[test]
fn agrees_with_url() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    use std::path::{Path, PathBuf};

    let pieces: &[&[u8]] = &[
        b"a",
        b" ",
        b"%",
        b"%41",
        b"#",
        b"?",
        b"\xc3\xa9",
        b"\xff",
        b"[",
        b"]",
        b"{",
        b"}",
        b"|",
        b"^",
        b"`",
        b"\"",
        b"<",
        b">",
        b":",
        b"@",
        b"..",
        b".",
        b"C:",
        b"c|",
        b"~",
        b";",
        b"=",
        b"\\",
        b"\x7f",
        b"",
        b"/",
    ];
    // The characters url writes as they are and RFC 3986 refuses.
    let refused_by_rfc3986 = ['[', ']', '|', '^'];
    let mut refused = std::collections::BTreeSet::new();
    let (mut count, mut by_components) = (0, 0);
    for (i, first) in pieces.iter().enumerate() {
        for second in pieces.iter().skip(i % 3) {
            for bytes in [
                [b"/".as_slice(), first, b"/", second].concat(),
                [b"/x".as_slice(), first, second, b"/"].concat(),
            ] {
                if bytes.starts_with(b"//") {
                    continue;
                }
                count += 1;
                let path = Path::new(OsStr::from_bytes(&bytes));
                let ours = FileUri::from_path(path).unwrap();
                // Ours gives the path back octet for octet.
                assert_eq!(ours.to_path().unwrap().as_os_str().as_bytes(), bytes);

                let theirs = url::Url::from_file_path(path).unwrap();
                let components = path.components().collect::<PathBuf>();
                if components.as_os_str().as_bytes() != bytes {
                    by_components += 1;
                    assert_eq!(theirs, url::Url::from_file_path(&components).unwrap());
                }
                // Path equality compares components.
                assert_eq!(theirs.to_file_path().unwrap(), path);

                // The URI of the same components: url's with what RFC 3986
                // refuses encoded.
                let ours = FileUri::from_path(&components).unwrap();
                let mut encoded = String::new();
                for c in theirs.as_str().chars() {
                    if refused_by_rfc3986.contains(&c) {
                        refused.insert(c);
                        encoded.push_str(&format!("%{:02X}", c as u32));
                    } else {
                        encoded.push(c);
                    }
                }
                assert_eq!(encoded, ours.as_str(), "{path:?}");
                assert_eq!(
                    Uri::parse(theirs.as_str()).is_ok(),
                    encoded == theirs.as_str(),
                    "{theirs}"
                );
            }
        }
    }
    assert!(
        count > 1_000 && by_components > 100,
        "{count} {by_components}"
    );
    assert_eq!(refused.into_iter().collect::<String>(), "[]^|");
    // A path that starts with `//`, whose meaning POSIX leaves to the
    // system: url writes it as one that starts with `/`; this crate
    // refuses it, as `file:////server/x` would be a UNC path by RFC 8089.
    let path = Path::new("//server/x");
    assert_eq!(
        url::Url::from_file_path(path).unwrap().as_str(),
        "file:///server/x"
    );
    assert_eq!(
        FileUri::from_path(path).unwrap_err(),
        EmptyFirstSegment { offset: 1 }
    );
}
