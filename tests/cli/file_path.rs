//! `uri from-path` and `uri to-path`: file paths and file URIs from the
//! command line, both flavors whatever the host, exact output and exit
//! status.

use super::{indent, run};

#[test]
fn from_path_windows() {
    let (out, err, code) = run(
        &[
            "from-path",
            "--windows",
            r"C:\a b\c",
            r"\\server\share\x",
            r"\\?\UNC\server\share\x",
            r"\\localhost\share",
        ],
        b"",
    );
    assert_eq!(
        out,
        "file:///C:/a%20b/c\nfile://server/share/x\nfile://server/share/x\nfile:////localhost/share\n"
    );
    assert_eq!((err.as_str(), code), ("", 0));
}

#[test]
fn from_path_posix_reads_octets_from_standard_input() {
    let (out, err, code) = run(&["from-path", "--posix"], b"/tmp/a b\n/caf\xe9/[x]\r\n/\n");
    assert_eq!(out, "file:///tmp/a%20b\nfile:///caf%E9/%5Bx%5D\nfile:///\n");
    assert_eq!((err.as_str(), code), ("", 0));
}

#[test]
fn from_path_directory() {
    let (out, _, code) = run(
        &["from-path", "--posix", "--directory", "/srv", "/srv/"],
        b"",
    );
    assert_eq!((out.as_str(), code), ("file:///srv/\nfile:///srv/\n", 0));
    let (out, _, code) = run(
        &[
            "from-path",
            "--windows",
            "--directory",
            r"C:\srv",
            "C:/srv/",
        ],
        b"",
    );
    assert_eq!(
        (out.as_str(), code),
        ("file:///C:/srv/\nfile:///C:/srv/\n", 0)
    );
}

#[test]
fn from_path_reports_each_path_without_a_uri() {
    let (out, err, code) = run(
        &[
            "from-path",
            "--windows",
            r"C:\ok",
            r"C:\logs\nul.txt",
            r"a\b",
            "-",
        ],
        b"C:\\a<b\nC:\\fine\n",
    );
    assert_eq!(out, "file:///C:/ok\nfile:///C:/fine\n");
    assert_eq!(
        err,
        r#"C:\logs\nul.txt
reserved device name NUL at byte 8: Windows opens the device, not a file, whatever the extension
a\b
the Windows path is relative: a file URI holds an absolute path, C:\ or \\server\share
C:\a<b
'<' at byte 4: Windows refuses it in a file name (< > : " / \ | ? * and the control characters)
"#
    );
    assert_eq!(code, 1);

    let (out, err, code) = run(&["from-path", "--posix", "//x", "rel"], b"");
    assert_eq!(out, "");
    assert_eq!(
        err,
        "//x\nempty name at byte 1: the path of a file URI cannot start with \"//\" (RFC 3986 path-absolute), and file://// reads as a UNC path\n\
         rel\nthe POSIX path is relative: a file URI holds an absolute path, one that starts with \"/\"\n"
    );
    assert_eq!(code, 1);
}

#[test]
fn to_path_both_flavors() {
    let uris = [
        "file:///C:/a%20b/c",
        "file:c:/x",
        "file:///c%7C/x",
        "file:////host.example.com/path/to/file",
        "file://localhost/etc/hosts",
    ];
    let mut args = vec!["to-path", "--windows"];
    args.extend(uris);
    let (out, err, code) = run(&args, b"");
    assert_eq!(
        out,
        "C:\\a b\\c\nc:\\x\nc:\\x\n\\\\host.example.com\\path\\to\\file\n"
    );
    assert_eq!(
        err,
        "file://localhost/etc/hosts\n\
         no drive letter at byte 16: a Windows path of the local machine starts with one (file:///C:/...)\n"
    );
    assert_eq!(code, 1);

    args[1] = "--posix";
    let output = super::uri().args(&args).output().unwrap();
    assert_eq!(output.stdout, b"/C:/a b/c\n/c:/x\n/c|/x\n/etc/hosts\n");
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "file:////host.example.com/path/to/file\n\
         the host at byte 9 is another machine's: a POSIX path names a file of the local machine\n"
    );
    assert_eq!(output.status.code(), Some(1));
}

/// A POSIX path is written as its octets, which need not be UTF-8.
#[test]
fn to_path_posix_writes_octets() {
    let output = super::uri()
        .args(["to-path", "--posix", "-"])
        .write_stdin("file:///caf%E9\nfile:///a%2Fb\nhttp://x/\n")
        .output()
        .unwrap();
    assert_eq!(output.stdout, b"/caf\xe9\n");
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "file:///a%2Fb\n'/' percent-encoded at byte 9: a name of a POSIX path cannot hold it\n\
         http://x/\ninvalid file URI at byte 0: expected file-scheme, found 'h'\n  http://x/\n  ^\n"
    );
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn flags_conflict_and_examples_are_right() {
    let (_, err, code) = run(&["to-path", "--posix", "--windows", "file:///x"], b"");
    assert!(err.contains("cannot be used with"), "{err}");
    assert_eq!(code, 2);

    let (help, _, _) = run(&["from-path", "--help"], b"");
    let (out, _, _) = run(
        &["from-path", "--windows", r"C:\a b\c", r"\\server\share\x"],
        b"",
    );
    assert!(help.contains(&indent(&out)), "{help}");
    let (help, _, _) = run(&["to-path", "--help"], b"");
    let (out, _, _) = run(
        &[
            "to-path",
            "--windows",
            "file:///C:/a%20b/c",
            "file://server/share/x",
        ],
        b"",
    );
    assert!(help.contains(&indent(&out)), "{help}");
}
