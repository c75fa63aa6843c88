//! The `file` scheme, RFC 8089: the examples of its Appendix B, the drive
//! letters of Appendix E.2 and the UNC paths of Appendix E.3.2.

use rfc3986::schemes::file::{FileHost, FileUri};
use rstest::rstest;

const LOCAL: FileHost<'static> = FileHost::Local;

#[rstest]
// Appendix B: local files.
#[case("file:///path/to/file", LOCAL, None, "/path/to/file", false)]
#[case("file:/path/to/file", LOCAL, None, "/path/to/file", false)]
// Appendix B: a non-local file.
#[case(
    "file://host.example.com/path/to/file",
    FileHost::Remote("host.example.com"),
    None,
    "/path/to/file",
    false
)]
// Section 2 and RFC 3986 section 3.2.2: "localhost" is the local machine.
#[case("file://localhost/etc/fstab", LOCAL, None, "/etc/fstab", false)]
#[case("file://LocalHost/etc/fstab", LOCAL, None, "/etc/fstab", false)]
#[case(
    "file://192.0.2.16/share",
    FileHost::Remote("192.0.2.16"),
    None,
    "/share",
    false
)]
#[case(
    "file://[2001:db8::7]/share",
    FileHost::Remote("[2001:db8::7]"),
    None,
    "/share",
    false
)]
// Appendix E.2: DOS and Windows drive letters.
#[case("file:c:/path/to/file", LOCAL, Some('c'), "/path/to/file", false)]
#[case("file:///c:/path/to/file", LOCAL, Some('c'), "/path/to/file", false)]
#[case("file:/c:/path/to/file", LOCAL, Some('c'), "/path/to/file", false)]
// Appendix E.2.1: the examples of relative resolution.
#[case(
    "file:///c:/path/to/file.txt",
    LOCAL,
    Some('c'),
    "/path/to/file.txt",
    false
)]
#[case("file:///c:/foo.txt", LOCAL, Some('c'), "/foo.txt", false)]
#[case("file:///C:/", LOCAL, Some('C'), "/", false)]
#[case(
    "file://host.example.com/c:/path",
    FileHost::Remote("host.example.com"),
    Some('c'),
    "/path",
    false
)]
// A "c:" not followed by "/" is a segment, not a drive letter; nor is one
// followed by "//", after which no path-absolute starts.
#[case("file:///c:", LOCAL, None, "/c:", false)]
#[case("file:///c://x", LOCAL, None, "/c://x", false)]
#[case("file://h/c://", FileHost::Remote("h"), None, "/c://", false)]
// Appendix E.2.2: the vertical line, percent-encoded.
#[case("file:///c%7C/path/to/file", LOCAL, Some('c'), "/path/to/file", false)]
#[case("file:c%7c/path/to/file", LOCAL, Some('c'), "/path/to/file", false)]
// Appendix E.3.2: UNC strings in the path.
#[case(
    "file:////host.example.com/path/to/file",
    FileHost::Remote("host.example.com"),
    None,
    "/path/to/file",
    true
)]
#[case(
    "file://///host.example.com/path/to/file",
    FileHost::Remote("host.example.com"),
    None,
    "/path/to/file",
    true
)]
#[case(
    "file:////192.0.2.16/share",
    FileHost::Remote("192.0.2.16"),
    None,
    "/share",
    true
)]
#[case(
    "file:////%5B2001:db8::7%5D/share",
    FileHost::Remote("%5B2001:db8::7%5D"),
    None,
    "/share",
    true
)]
fn valid(
    #[case] input: &str,
    #[case] host: FileHost<'_>,
    #[case] drive_letter: Option<char>,
    #[case] path: &str,
    #[case] unc: bool,
) {
    let file = FileUri::parse(input).unwrap();
    assert_eq!(file.host(), host);
    assert_eq!(file.drive_letter(), drive_letter);
    assert_eq!(file.path(), path);
    assert_eq!(file.is_unc(), unc);
    assert_eq!(file.to_string(), input);
}

#[test]
fn fragment() {
    let file = FileUri::parse("file:///doc.html#intro").unwrap();
    assert_eq!(file.fragment(), Some("intro"));
    assert_eq!(file.path(), "/doc.html");
}

#[rstest]
#[case::relative_path(
    "file:path/to/file",
    "local-path",
    6,
    "invalid file URI at byte 6: expected \"%\" or \":\" in file local-path, found 'a'"
)]
#[case::drive_letter_only(
    "file:c:",
    "path-absolute",
    7,
    "invalid file URI at byte 7: expected file path-absolute, found end of input"
)]
#[case::empty_path(
    "file:",
    "local-path",
    5,
    "invalid file URI at byte 5: expected file local-path, found end of input"
)]
#[case::no_path(
    "file://host.example.com",
    "path-absolute",
    23,
    "invalid file URI at byte 23: expected file path-absolute, found end of input"
)]
#[case::query(
    "file:///etc/hosts?x",
    "auth-path",
    17,
    "invalid file URI at byte 17: expected file auth-path, found '?'"
)]
#[case::port(
    "file://host:80/x",
    "path-absolute",
    11,
    "invalid file URI at byte 11: expected file path-absolute, found ':'"
)]
#[case::userinfo(
    "file://user@host/x",
    "path-absolute",
    11,
    "invalid file URI at byte 11: expected file path-absolute, found '@'"
)]
#[case::not_file(
    "files:///x",
    "file-URI",
    4,
    "invalid file URI at byte 4: expected \":\" in file-URI, found 's'"
)]
fn violations(
    #[case] input: &str,
    #[case] rule: &str,
    #[case] offset: usize,
    #[case] message: &str,
) {
    let err = FileUri::parse(input).unwrap_err();
    super::assert_violation(input, &err, rule, offset, message);
}
