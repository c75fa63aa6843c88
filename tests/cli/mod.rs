//! The `uri` command-line tool, run as a program on real inputs: exact
//! output and exit status.
#![cfg(feature = "cli")]

use assert_cmd::cargo::cargo_bin_cmd;
use assert_cmd::Command;

mod file_path;
mod template;

fn uri() -> Command {
    cargo_bin_cmd!("uri")
}

/// Runs `uri` with `args` and `stdin`, and returns stdout, stderr and the
/// exit code.
fn run(args: &[&str], stdin: &[u8]) -> (String, String, i32) {
    let output = uri().args(args).write_stdin(stdin).output().unwrap();
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
        output.status.code().unwrap(),
    )
}

#[test]
fn parse_prints_a_table_per_reference() {
    let (out, err, code) = run(
        &[
            "parse",
            "foo://example.com:8042/over/there?name=ferret#nose",
            "http://u%40x@b%C3%BCcher.example:080/caf%C3%A9?q=%FF#",
            "../g",
        ],
        b"",
    );
    assert_eq!(
        out,
        r#"foo://example.com:8042/over/there?name=ferret#nose
  reference  URI
  scheme     foo
  authority  example.com:8042
  userinfo   (undefined)
  host       example.com  (reg-name)
  port       8042
  path       /over/there
  segments   ["", "over", "there"]
  query      name=ferret
  fragment   nose

http://u%40x@b%C3%BCcher.example:080/caf%C3%A9?q=%FF#
  reference  URI
  scheme     http
  authority  u%40x@b%C3%BCcher.example:080
  userinfo   u%40x  (decoded u@x)
  host       b%C3%BCcher.example  (reg-name, decoded bücher.example)
  port       080  (number 80)
  path       /caf%C3%A9  (decoded /café)
  segments   ["", "caf%C3%A9"]
  query      q=%FF
  fragment   ""

../g
  reference  relative reference
  scheme     (undefined)
  authority  (undefined)
  userinfo   (undefined)
  host       (undefined)
  port       (undefined)
  path       ../g
  segments   ["..", "g"]
  query      (undefined)
  fragment   (undefined)
"#
    );
    assert_eq!(err, "");
    assert_eq!(code, 0);
}

#[test]
fn parse_reports_an_invalid_reference_on_stderr() {
    let (out, err, code) = run(&["parse", "http://[::1::]/", "/ok"], b"");
    assert_eq!(out, OK_TABLE);
    assert_eq!(
        err,
        r#"http://[::1::]/
invalid IPv6 address at byte 12: expected HEXDIG, found ':'
  http://[::1::]/
              ^
"#
    );
    assert_eq!(code, 1);
}

#[test]
fn parse_json_prints_one_object_per_line() {
    let (out, err, code) = run(
        &[
            "parse",
            "--json",
            "http://[::1]:80/a%20b/%FF?x#",
            "a b",
            "ldap://192.0.2.16/c=GB",
            "//[v1.fe:x]",
            "urn:x\"y",
        ],
        b"",
    );
    let expected = [
        r##"{"input":"http://[::1]:80/a%20b/%FF?x#","valid":true,"reference":"uri","scheme":"http","authority":"[::1]:80","userinfo":null,"host":{"text":"[::1]","kind":"ipv6","address":"::1"},"port":80,"port_str":"80","path":"/a%20b/%FF","segments":["","a%20b","%FF"],"query":"x","fragment":"","decoded":{"userinfo":null,"host":"[::1]","path":null,"segments":["","a b",null],"query":"x","fragment":""}}"##,
        r##"{"input":"a b","valid":false,"error":{"kind":"InvalidCharacter","offset":1,"expected":"pchar, \"/\", \"?\", \"#\" or end of input","found":" ","message":"invalid character at byte 1: expected pchar, \"/\", \"?\", \"#\" or end of input, found ' '"}}"##,
        r##"{"input":"ldap://192.0.2.16/c=GB","valid":true,"reference":"uri","scheme":"ldap","authority":"192.0.2.16","userinfo":null,"host":{"text":"192.0.2.16","kind":"ipv4","address":"192.0.2.16"},"port":null,"port_str":null,"path":"/c=GB","segments":["","c=GB"],"query":null,"fragment":null,"decoded":{"userinfo":null,"host":"192.0.2.16","path":"/c=GB","segments":["","c=GB"],"query":null,"fragment":null}}"##,
        r##"{"input":"//[v1.fe:x]","valid":true,"reference":"relative","scheme":null,"authority":"[v1.fe:x]","userinfo":null,"host":{"text":"[v1.fe:x]","kind":"ipvfuture","address":"fe:x","version":"1"},"port":null,"port_str":null,"path":"","segments":[],"query":null,"fragment":null,"decoded":{"userinfo":null,"host":"[v1.fe:x]","path":"","segments":[],"query":null,"fragment":null}}"##,
        r##"{"input":"urn:x\"y","valid":false,"error":{"kind":"InvalidCharacter","offset":5,"expected":"pchar, \"/\", \"?\", \"#\" or end of input","found":"\"","message":"invalid character at byte 5: expected pchar, \"/\", \"?\", \"#\" or end of input, found '\"'"}}"##,
    ];
    assert_eq!(out.lines().collect::<Vec<_>>(), expected);
    // Each line is a JSON document of its own.
    for line in out.lines() {
        serde_json::from_str::<serde_json::Value>(line).unwrap();
    }
    assert_eq!(err, "");
    assert_eq!(code, 1);
}

/// The table `uri parse` prints for `/ok` and for `../g`.
const OK_TABLE: &str = r#"/ok
  reference  relative reference
  scheme     (undefined)
  authority  (undefined)
  userinfo   (undefined)
  host       (undefined)
  port       (undefined)
  path       /ok
  segments   ["", "ok"]
  query      (undefined)
  fragment   (undefined)
"#;

#[test]
fn parse_reads_standard_input_without_a_uri_or_with_a_dash() {
    let input = b"/ok\r\nhttp://a b/\n\xff\n/ok";
    let expected_err = r##"http://a b/
invalid character at byte 8: expected reg-name character, ":" port, "/", "?", "#" or end of input, found ' '
  http://a b/
          ^
line 3: not UTF-8: byte 0 is 0xFF
"##;
    for args in [&["parse"][..], &["parse", "-"][..]] {
        let (out, err, code) = run(args, input);
        assert_eq!(out, format!("{OK_TABLE}\n{OK_TABLE}"), "{args:?}");
        assert_eq!(err, expected_err, "{args:?}");
        assert_eq!(code, 1, "{args:?}");
    }
    // "-" reads standard input where it stands among the arguments.
    let (out, err, code) = run(&["parse", "/ok", "-", "/ok"], b"/ok\n");
    assert_eq!(out, [OK_TABLE; 3].join("\n"));
    assert_eq!((err.as_str(), code), ("", 0));
    // The reference "-" is "./-".
    let (out, _, code) = run(&["parse", "./-"], b"");
    assert!(
        out.starts_with("./-\n  reference  relative reference\n"),
        "{out}"
    );
    assert_eq!(code, 0);
}

#[test]
fn parse_json_reads_standard_input() {
    let (out, err, code) = run(&["parse", "--json"], b"//h\n\xffa\n");
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        [
            r#"{"input":"//h","valid":true,"reference":"relative","scheme":null,"authority":"h","userinfo":null,"host":{"text":"h","kind":"reg-name"},"port":null,"port_str":null,"path":"","segments":[],"query":null,"fragment":null,"decoded":{"userinfo":null,"host":"h","path":"","segments":[],"query":null,"fragment":null}}"#,
            r#"{"input":"�a","valid":false,"error":{"kind":"NotUtf8","offset":0,"expected":"UTF-8","found":null,"message":"not UTF-8: byte 0 is 0xFF"}}"#,
        ]
    );
    assert_eq!((err.as_str(), code), ("", 1));
}

#[test]
fn check_reports_invalid_lines_and_a_summary() {
    let input = b"http://example.com/\r\n\
        http://exa mple.com/\n\
        \n\
        caf\xc3\xa9\n\
        /a\xffb\n\
        http://a/\r\r\n\
        mailto:John.Doe@example.com";
    let (out, err, code) = run(&["check"], input);
    assert_eq!(
        out,
        r##"line 2: invalid character at byte 10: expected reg-name character, ":" port, "/", "?", "#" or end of input, found ' '
  http://exa mple.com/
            ^
line 4: invalid character at byte 3: expected pchar, "/", "?", "#" or end of input, found 'é'
  café
     ^
line 5: not UTF-8: byte 2 is 0xFF
line 6: invalid character at byte 9: expected pchar, "/", "?", "#" or end of input, found '\r'
  http://a/\r
           ^
7 lines, 3 valid, 4 invalid
"##
    );
    assert_eq!(err, "");
    assert_eq!(code, 1);
}

#[test]
fn check_exits_0_when_every_line_is_valid() {
    let (out, err, code) = run(&["check"], b"http://a/\r\n../g\n?q\n");
    assert_eq!(out, "3 lines, 3 valid, 0 invalid\n");
    assert_eq!(err, "");
    assert_eq!(code, 0);

    let (out, _, code) = run(&["check"], b"");
    assert_eq!(out, "0 lines, 0 valid, 0 invalid\n");
    assert_eq!(code, 0);
}

#[test]
fn check_streams_100k_lines() {
    let mut input = Vec::new();
    for i in 0..100_000 {
        let line = if i % 1000 == 999 {
            format!("http://host/{i} x\n")
        } else {
            format!("http://user@host{i}.example:8080/a/{i}?q={i}#f\r\n")
        };
        input.extend_from_slice(line.as_bytes());
    }
    let (out, err, code) = run(&["check"], &input);
    let lines: Vec<&str> = out.lines().collect();
    // Three lines for each of the 100 invalid ones, and the summary.
    assert_eq!(lines.len(), 301);
    assert_eq!(
        lines[0],
        r##"line 1000: invalid character at byte 15: expected pchar, "/", "?", "#" or end of input, found ' '"##
    );
    assert!(lines[297].starts_with("line 100000: invalid character at byte 17:"));
    assert_eq!(lines[300], "100000 lines, 99900 valid, 100 invalid");
    assert_eq!(err, "");
    assert_eq!(code, 1);
}

/// A file under cargo's temporary directory for integration tests, with
/// `contents`.
fn temp_file(name: &str, contents: &[u8]) -> String {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, contents).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn check_reads_files_and_standard_input() {
    let first = temp_file("check-first.txt", b"http://a/\nx y\n");
    let second = temp_file("check-second.txt", b"?q\r\n%zz\r\n");
    let (out, err, code) = run(&["check", &first, "-", &second], b"a b\n../g\n");
    assert_eq!(
        out,
        format!(
            r##"{first}: line 2: invalid character at byte 1: expected pchar, "/", "?", "#" or end of input, found ' '
  x y
   ^
-: line 1: invalid character at byte 1: expected pchar, "/", "?", "#" or end of input, found ' '
  a b
   ^
{second}: line 2: invalid percent-encoding at byte 1: expected HEXDIG, found 'z'
  %zz
   ^
6 lines, 3 valid, 3 invalid
"##
        )
    );
    assert_eq!((err.as_str(), code), ("", 1));

    // Every line valid, the same file twice.
    let valid = temp_file("check-valid.txt", b"http://a/\n");
    let (out, err, code) = run(&["check", &valid, &valid], b"");
    assert_eq!(
        (out.as_str(), err.as_str(), code),
        ("2 lines, 2 valid, 0 invalid\n", "", 0)
    );
}

/// A file that cannot be read is reported on standard error, the others
/// are still checked, and the exit status is 2.
#[test]
fn check_reports_a_file_it_cannot_read() {
    let valid = temp_file("check-readable.txt", b"http://a/\n");
    let missing = format!("{}/no-such-file.txt", env!("CARGO_TARGET_TMPDIR"));
    let (out, err, code) = run(&["check", &missing, &valid], b"");
    assert_eq!(out, "1 line, 1 valid, 0 invalid, 1 file not read\n");
    assert!(
        err.starts_with(&format!("uri: {missing}: ")) && err.ends_with('\n'),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(code, 2);

    // Nothing read at all: the summary says why.
    let (out, err, code) = run(&["check", &missing], b"");
    assert_eq!(out, "0 lines, 0 valid, 0 invalid, 1 file not read\n");
    assert_eq!((err.lines().count(), code), (1, 2));
    let (out, err, code) = run(&["check", &missing, &missing], b"");
    assert_eq!(out, "0 lines, 0 valid, 0 invalid, 2 files not read\n");
    assert_eq!(err.lines().count(), 2, "{err}");
    assert_eq!(code, 2);

    // With --json there is no summary; the error and the status say it.
    let (out, err, code) = run(&["check", "--json", &missing], b"");
    assert_eq!((out.as_str(), err.lines().count(), code), ("", 1, 2));
}

/// The summary counts in words: one line, one file.
#[test]
fn check_summary_is_singular_for_one() {
    let (out, err, code) = run(&["check"], b"http://a/\n");
    assert_eq!(
        (out.as_str(), err.as_str(), code),
        ("1 line, 1 valid, 0 invalid\n", "", 0)
    );
    let (out, _, code) = run(&["check"], b"a b\n");
    assert!(out.ends_with("\n1 line, 0 valid, 1 invalid\n"), "{out}");
    assert_eq!(code, 1);
    let (out, _, _) = run(&["check"], b"http://a/\nhttp://b/\n");
    assert_eq!(out, "2 lines, 2 valid, 0 invalid\n");
}

/// With standard output and standard error in one file (`> log 2>&1`),
/// the results and the errors keep their order there, although both are
/// buffered.
#[cfg(unix)]
#[test]
fn results_and_errors_in_one_file_keep_their_order() {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("relative-2-to-1.txt");
    let file = std::fs::File::create(&path).unwrap();
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_uri"))
        .args(SEVERAL_TARGETS)
        .stdin(std::process::Stdio::null())
        .stdout(file.try_clone().unwrap())
        .stderr(file)
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(1));
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        r##"../g?y
TARGET 2: invalid character at byte 1: expected pchar, "/", "?", "#" or end of input, found ' '
  a b
   ^
.
TARGET 4: the target has no scheme: resolution always gives a URI with a scheme, so no reference resolves to a relative reference
#s
"##
    );
}

#[test]
fn check_json_prints_one_object_per_invalid_line() {
    let input = b"mailto:a@example.com\nmailto:a@example.com?cc=b@example.com?x\n\
        http://a b/\n\xfe\xff\n";
    let (out, err, code) = run(&["check", "--json", "--scheme", "mailto"], input);
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        [
            r#"{"line":2,"input":"mailto:a@example.com?cc=b@example.com?x","error":{"kind":"SchemeViolation","offset":37,"expected":"mailto hfvalue","found":"?","message":"invalid mailto URI at byte 37: expected mailto hfvalue, found '?'","scheme":"mailto","rule":"hfvalue"}}"#,
            r##"{"line":3,"input":"http://a b/","error":{"kind":"InvalidCharacter","offset":8,"expected":"reg-name character, \":\" port, \"/\", \"?\", \"#\" or end of input","found":" ","message":"invalid character at byte 8: expected reg-name character, \":\" port, \"/\", \"?\", \"#\" or end of input, found ' '"}}"##,
            r#"{"line":4,"input":"��","error":{"kind":"NotUtf8","offset":0,"expected":"UTF-8","found":null,"message":"not UTF-8: byte 0 is 0xFE"}}"#,
        ]
    );
    assert_eq!((err.as_str(), code), ("", 1));

    // With files, each object names its file; with every line valid,
    // nothing is printed.
    let file = temp_file("check-json.txt", b"ok\n%\n");
    let (out, _, code) = run(&["check", "--json", &file], b"");
    assert_eq!(
        out,
        format!(
            "{{\"file\":{},\"line\":2,\"input\":\"%\",\"error\":{{\"kind\":\"PercentEncoding\",\"offset\":1,\"expected\":\"HEXDIG\",\"found\":null,\"message\":\"invalid percent-encoding at byte 1: expected HEXDIG, found end of input\"}}}}\n",
            serde_json::to_string(&file).unwrap()
        )
    );
    assert_eq!(code, 1);
    let (out, err, code) = run(&["check", "--json"], b"http://a/\n");
    assert_eq!((out.as_str(), err.as_str(), code), ("", "", 0));
}

#[test]
fn check_scheme_http() {
    let input = b"http://example.com/a?b#c\n\
        HTTPS://[::1]:8443/\n\
        http:///path\n\
        http://user:secret@example.com/\n\
        ftp://example.com/\n\
        http://exa mple.com/\n";
    let (out, err, code) = run(&["check", "--scheme", "http"], input);
    assert_eq!(
        out,
        r##"line 3: invalid http URI at byte 7: expected a host that is not empty (RFC 9110 section 4.2.1), found '/'
  http:///path
         ^
line 4: invalid http URI at byte 7: expected no userinfo: it is deprecated and unsafe (RFC 9110 section 4.2.4), found 'u'
  http://user:secret@example.com/
         ^
line 5: invalid http URI at byte 0: expected https-URI or http-URI, found 'f'
  ftp://example.com/
  ^
line 6: invalid character at byte 10: expected reg-name character, ":" port, "/", "?", "#" or end of input, found ' '
  http://exa mple.com/
            ^
6 lines, 2 valid, 4 invalid
"##
    );
    assert_eq!(err, "");
    assert_eq!(code, 1);
}

#[test]
fn check_scheme_mailto() {
    let input = b"mailto:joe@example.com?cc=bob@example.com&body=hello\r\n\
        mailto:?to=joe@example.com\r\n\
        mailto:joe@example.com?cc=bob@example.com?body=hello\r\n\
        mailto:joe@example.com?cc=bob@example.com&subject=a-rather-long-subject?\r\n\
        http://example.com/\r\n";
    let (out, err, code) = run(&["check", "--scheme", "mailto"], input);
    // A long line is cut around the byte at fault, as for RFC 3986 errors.
    assert_eq!(
        out,
        r##"line 3: invalid mailto URI at byte 41: expected mailto hfvalue, found '?'
  ...e@example.com?cc=bob@example.com?body=hello
                                     ^
line 4: invalid mailto URI at byte 71: expected mailto hfvalue, found '?'
  ...om&subject=a-rather-long-subject?
                                     ^
line 5: invalid mailto URI at byte 0: expected mailto mailtoURI, found 'h'
  http://example.com/
  ^
5 lines, 2 valid, 3 invalid
"##
    );
    assert_eq!(err, "");
    assert_eq!(code, 1);
}

#[test]
fn check_scheme_urn() {
    let input = b"urn:example:a123,z456?+abc?=xyz#789\n\
        URN:ISBN:0-395-36341-1\n\
        urn:a:b\n\
        urn:example:\n";
    let (out, err, code) = run(&["check", "--scheme", "urn"], input);
    assert_eq!(
        out,
        r##"line 3: invalid urn URI at byte 5: expected "-", ALPHA or DIGIT in urn NID, found ':'
  urn:a:b
       ^
line 4: invalid urn URI at byte 12: expected urn NSS, found end of input
  urn:example:
              ^
4 lines, 2 valid, 2 invalid
"##
    );
    assert_eq!(err, "");
    assert_eq!(code, 1);
}

#[test]
fn check_scheme_file() {
    let input = b"file:///etc/hosts\n\
        file:///c:/path/to/file\n\
        file://host.example.com/path/to/file\n\
        file:///etc/hosts?x\n\
        file:etc/hosts\n";
    let (out, err, code) = run(&["check", "--scheme", "file"], input);
    assert_eq!(
        out,
        r##"line 4: invalid file URI at byte 17: expected file auth-path, found '?'
  file:///etc/hosts?x
                   ^
line 5: invalid file URI at byte 6: expected "%" or ":" in file local-path, found 't'
  file:etc/hosts
        ^
5 lines, 3 valid, 2 invalid
"##
    );
    assert_eq!(err, "");
    assert_eq!(code, 1);

    let (out, err, code) = run(&["check", "--scheme=file"], b"file:///a\nfile:/b\n");
    assert_eq!(out, "2 lines, 2 valid, 0 invalid\n");
    assert_eq!(err, "");
    assert_eq!(code, 0);
}

#[test]
fn check_scheme_must_be_known() {
    let (out, err, code) = run(&["check", "--scheme", "gopher"], b"gopher://a/\n");
    assert_eq!(out, "");
    assert_eq!(
        err,
        "error: invalid value 'gopher' for '--scheme <SCHEME>'
  [possible values: http, mailto, urn, file]

For more information, try '--help'.
"
    );
    assert_eq!(code, 2);
}

/// `--absolute`: a relative reference is invalid, with a message that
/// names the line and says why, and a caret where a scheme stops being
/// possible; a line that is no reference at all has its own error.
#[test]
fn check_absolute_rejects_relative_references() {
    let input = b"https://example.com/a?b#c\n\
        ../g\n\
        example.com/api\n\
        \n\
        //host/a\r\n\
        a b\n\
        urn:isbn:0451450523\n\
        ?q\n";
    let (out, err, code) = run(&["check", "--absolute"], input);
    assert_eq!(
        out,
        r##"line 2: not an absolute URI: "../g" is a relative reference, with no scheme (at byte 0: expected ALPHA, found '.')
  ../g
  ^
line 3: not an absolute URI: "example.com/api" is a relative reference, with no scheme (at byte 11: expected ALPHA, DIGIT, "+", "-", "." or ":", found '/')
  example.com/api
             ^
line 4: not an absolute URI: "" is a relative reference, with no scheme (at byte 0: expected ALPHA, found end of input)
  
  ^
line 5: not an absolute URI: "//host/a" is a relative reference, with no scheme (at byte 0: expected ALPHA, found '/')
  //host/a
  ^
line 6: invalid character at byte 1: expected pchar, "/", "?", "#" or end of input, found ' '
  a b
   ^
line 8: not an absolute URI: "?q" is a relative reference, with no scheme (at byte 0: expected ALPHA, found '?')
  ?q
  ^
8 lines, 2 valid, 6 invalid
"##
    );
    assert_eq!((err.as_str(), code), ("", 1));

    // Without the flag, the same relative references are valid.
    let (out, _, code) = run(&["check"], input);
    assert_eq!(out, "line 6: invalid character at byte 1: expected pchar, \"/\", \"?\", \"#\" or end of input, found ' '\n  a b\n   ^\n8 lines, 7 valid, 1 invalid\n");
    assert_eq!(code, 1);

    let (out, err, code) = run(&["check", "--absolute"], b"http://a/\nmailto:a@b\n");
    assert_eq!(out, "2 lines, 2 valid, 0 invalid\n");
    assert_eq!((err.as_str(), code), ("", 0));
}

/// A long relative line is named cut to 48 characters, and shown around
/// the byte at fault as every error is.
#[test]
fn check_absolute_cuts_a_long_line() {
    let line = format!("{}/x", "a".repeat(60));
    let (out, _, code) = run(&["check", "--absolute"], line.as_bytes());
    assert_eq!(
        out,
        format!(
            "line 1: not an absolute URI: \"{}...\" is a relative reference, with no scheme \
             (at byte 60: expected ALPHA, DIGIT, \"+\", \"-\", \".\" or \":\", found '/')\n  \
             ...{}/x\n     {}^\n1 line, 0 valid, 1 invalid\n",
            "a".repeat(48),
            "a".repeat(40),
            " ".repeat(40)
        )
    );
    assert_eq!(code, 1);
}

#[test]
fn check_absolute_json_and_iri() {
    let (out, err, code) = run(&["check", "--absolute", "--json"], b"http://a/\n../g\n");
    assert_eq!(
        out,
        r#"{"line":2,"input":"../g","error":{"kind":"RelativeReference","offset":0,"expected":"ALPHA","found":".","message":"not an absolute URI: \"../g\" is a relative reference, with no scheme (at byte 0: expected ALPHA, found '.')"}}
"#
    );
    assert_eq!((err.as_str(), code), ("", 1));

    let (out, err, code) = run(
        &["check", "--absolute", "--iri"],
        "https://例え.jp/パス\nパス\n".as_bytes(),
    );
    assert_eq!(
        out,
        "line 2: not an absolute IRI: \"パス\" is a relative reference, with no scheme (at byte 0: expected ALPHA, found 'パ')\n  パス\n  ^\n2 lines, 1 valid, 1 invalid\n"
    );
    assert_eq!((err.as_str(), code), ("", 1));

    // A bidirectional formatting character is reported before the scheme.
    let (out, _, code) = run(
        &["check", "--absolute", "--iri", "--bidi"],
        "a\u{200e}\n".as_bytes(),
    );
    assert!(
        out.starts_with("line 1: bidirectional formatting character at byte 1"),
        "{out}"
    );
    assert_eq!(code, 1);
}

/// `--count` prints the summary alone, with the exit status it would have
/// had; what cannot be read is still said on standard error.
#[test]
fn check_count_prints_only_the_summary() {
    let input = b"http://a/\n../g\na b\n%zz\n";
    let (out, err, code) = run(&["check", "--count"], input);
    assert_eq!(out, "4 lines, 2 valid, 2 invalid\n");
    assert_eq!((err.as_str(), code), ("", 1));

    let (out, err, code) = run(&["check", "--count", "--absolute"], input);
    assert_eq!(out, "4 lines, 1 valid, 3 invalid\n");
    assert_eq!((err.as_str(), code), ("", 1));

    let (out, err, code) = run(&["check", "--count"], b"http://a/\n../g\n");
    assert_eq!(out, "2 lines, 2 valid, 0 invalid\n");
    assert_eq!((err.as_str(), code), ("", 0));

    // With --lint, the lints are counted, not shown; --fail-on still fails.
    let (out, err, code) = run(
        &["check", "--count", "--lint"],
        b"HTTP://a:80/\nhttp://a/\n",
    );
    assert_eq!(out, "2 lines, 2 valid, 0 invalid, 2 lints\n");
    assert_eq!((err.as_str(), code), ("", 0));
    let (out, _, code) = run(
        &["check", "--count", "--lint", "--fail-on", "info"],
        b"HTTP://a:80/\n",
    );
    assert_eq!(out, "1 line, 1 valid, 0 invalid, 2 lints\n");
    assert_eq!(code, 1);

    let file = temp_file("check-count.txt", b"http://a/\nx y\n");
    let missing = format!("{file}.missing");
    let (out, err, code) = run(&["check", "--count", &file, &missing], b"");
    assert_eq!(out, "2 lines, 1 valid, 1 invalid, 1 file not read\n");
    assert!(err.starts_with(&format!("uri: {missing}: ")), "{err}");
    assert_eq!(code, 2);

    // It prints no line of its own, so it takes no option that shapes one.
    for other in ["--json", "--suggest"] {
        let (out, err, code) = run(&["check", "--count", other], b"");
        assert_eq!(out, "");
        assert!(err.contains("cannot be used with"), "{err}");
        assert_eq!(code, 2);
    }
}

/// RFC 3986 section 5.4: each reference and what it resolves to against
/// "http://a/b/c/d;p?q", normal examples (5.4.1) then abnormal (5.4.2).
const RFC_EXAMPLES: [(&str, &str); 42] = [
    ("g:h", "g:h"),
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g"),
    ("?y", "http://a/b/c/d;p?y"),
    ("g?y", "http://a/b/c/g?y"),
    ("#s", "http://a/b/c/d;p?q#s"),
    ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"),
    ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    ("", "http://a/b/c/d;p?q"),
    (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"),
    ("..", "http://a/b/"),
    ("../", "http://a/b/"),
    ("../g", "http://a/b/g"),
    ("../..", "http://a/"),
    ("../../", "http://a/"),
    ("../../g", "http://a/g"),
    ("../../../g", "http://a/g"),
    ("../../../../g", "http://a/g"),
    ("/./g", "http://a/g"),
    ("/../g", "http://a/g"),
    ("g.", "http://a/b/c/g."),
    (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."),
    ("..g", "http://a/b/c/..g"),
    ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"),
    ("g/./h", "http://a/b/c/g/h"),
    ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
    ("g;x=1/../y", "http://a/b/c/y"),
    ("g?y/./x", "http://a/b/c/g?y/./x"),
    ("g?y/../x", "http://a/b/c/g?y/../x"),
    ("g#s/./x", "http://a/b/c/g#s/./x"),
    ("g#s/../x", "http://a/b/c/g#s/../x"),
    ("http:g", "http:g"),
];

const RFC_BASE: &str = "http://a/b/c/d;p?q";

#[test]
fn resolve_the_examples_of_rfc_3986() {
    let (out, err, code) = run(&["resolve", RFC_BASE, "g", "../g", "?y", "#s"], b"");
    assert_eq!(
        out,
        "http://a/b/c/g\nhttp://a/b/g\nhttp://a/b/c/d;p?y\nhttp://a/b/c/d;p?q#s\n"
    );
    assert_eq!(err, "");
    assert_eq!(code, 0);

    let mut args = vec!["resolve", RFC_BASE];
    args.extend(RFC_EXAMPLES.iter().map(|(reference, _)| reference));
    let (out, err, code) = run(&args, b"");
    let expected: String = RFC_EXAMPLES
        .iter()
        .map(|(_, target)| format!("{target}\n"))
        .collect();
    assert_eq!(out, expected);
    assert_eq!(err, "");
    assert_eq!(code, 0);
}

#[test]
fn resolve_non_strict_ignores_the_base_scheme() {
    let (out, err, code) = run(&["resolve", RFC_BASE, "http:g", "HTTP:g", "ftp:g"], b"");
    assert_eq!(out, "http:g\nHTTP:g\nftp:g\n");
    assert_eq!((err.as_str(), code), ("", 0));

    let (out, err, code) = run(
        &[
            "resolve",
            "--non-strict",
            RFC_BASE,
            "http:g",
            "HTTP:g",
            "ftp:g",
        ],
        b"",
    );
    assert_eq!(out, "http://a/b/c/g\nhttp://a/b/c/g\nftp:g\n");
    assert_eq!((err.as_str(), code), ("", 0));
}

#[test]
fn resolve_reports_a_bad_reference_and_goes_on() {
    let (out, err, code) = run(
        &[
            "resolve",
            RFC_BASE,
            "g",
            "a b",
            "../g",
            "//[::1::]/",
            "--",
            "-g",
        ],
        b"",
    );
    assert_eq!(out, "http://a/b/c/g\nhttp://a/b/g\nhttp://a/b/c/-g\n");
    assert_eq!(
        err,
        r##"REF 2: invalid character at byte 1: expected pchar, "/", "?", "#" or end of input, found ' '
  a b
   ^
REF 4: invalid IPv6 address at byte 7: expected HEXDIG, found ':'
  //[::1::]/
         ^
"##
    );
    assert_eq!(code, 1);
}

#[test]
fn resolve_reports_a_bad_base_once() {
    let (out, err, code) = run(&["resolve", "http://[::1::]/", "g", "a b"], b"");
    assert_eq!(out, "");
    assert_eq!(
        err,
        r#"BASE: invalid IPv6 address at byte 12: expected HEXDIG, found ':'
  http://[::1::]/
              ^
"#
    );
    assert_eq!(code, 1);

    let (out, err, code) = run(&["resolve", "/b/c/d", "g", "../g"], b"");
    assert_eq!(out, "");
    assert_eq!(
        err,
        "BASE: the base URI has no scheme: only an absolute URI can be a base \
         (RFC 3986 section 5.2.1)\n"
    );
    assert_eq!(code, 1);
}

#[test]
fn normalize_prints_the_normal_form_of_each() {
    let (out, err, code) = run(
        &[
            "normalize",
            "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
            "HTTP://www.EXAMPLE.com:80",
            // A relative reference keeps its dot segments.
            "../a/./b/%7e",
            "http://[::1::]/",
            "http://a/b/c/g;x=1/../y",
        ],
        b"",
    );
    assert_eq!(
        out,
        "example://a/b/c/%7Bfoo%7D\nhttp://www.example.com/\n../a/./b/~\nhttp://a/b/c/y\n"
    );
    assert_eq!(
        err,
        r#"http://[::1::]/
invalid IPv6 address at byte 12: expected HEXDIG, found ':'
  http://[::1::]/
              ^
"#
    );
    assert_eq!(code, 1);

    let (out, err, code) = run(&["normalize", "http://a/b"], b"");
    assert_eq!((out.as_str(), err.as_str(), code), ("http://a/b\n", "", 0));
}

#[test]
fn relative_prints_the_shortest_reference() {
    for (target, reference) in [
        ("http://a/b/c/g", "g"),
        ("http://a/b/g?y", "../g?y"),
        ("http://a/b/c/d;p?q", ""),
        ("http://a/b/c/d;p?q#s", "#s"),
        ("http://a/b/c/x:y", "./x:y"),
        ("http://z/b", "//z/b"),
        ("ftp://a/b", "ftp://a/b"),
    ] {
        let (out, err, code) = run(&["relative", RFC_BASE, target], b"");
        assert_eq!(out, format!("{reference}\n"), "{target}");
        assert_eq!((err.as_str(), code), ("", 0), "{target}");
    }
}

/// `uri resolve BASE "$(uri relative BASE TARGET)"` prints TARGET.
#[test]
fn relative_then_resolve_gives_the_target() {
    let targets = RFC_EXAMPLES.iter().map(|(_, target)| *target).chain([
        "http://a/b/c/",
        "http://a",
        "http://a/b/c/d;p",
        "f:/a//b",
    ]);
    for target in targets {
        let (reference, err, code) = run(&["relative", RFC_BASE, target], b"");
        assert_eq!((err.as_str(), code), ("", 0), "{target}");
        let reference = reference.strip_suffix('\n').unwrap();
        let (resolved, err, code) = run(&["resolve", RFC_BASE, "--", reference], b"");
        assert_eq!(resolved, format!("{target}\n"), "{target} by {reference}");
        assert_eq!((err.as_str(), code), ("", 0), "{target}");
    }
}

#[test]
fn relative_says_why_there_is_no_reference() {
    let (out, err, code) = run(&["relative", RFC_BASE, "http://a/b/../g"], b"");
    assert_eq!(out, "");
    assert_eq!(
        err,
        "TARGET 1: no reference resolves to it: resolution removes the \".\" and \"..\" \
         segments of its path \"/b/../g\"; its normal form is http://a/g\n"
    );
    assert_eq!(code, 1);

    let (out, err, code) = run(&["relative", "../b", "http://a/g"], b"");
    assert_eq!(out, "");
    assert_eq!(
        err,
        "BASE: the base URI has no scheme: only an absolute URI can be a base \
         (RFC 3986 section 5.2.1)\n"
    );
    assert_eq!(code, 1);

    let (out, err, code) = run(&["relative", RFC_BASE, "/g"], b"");
    assert_eq!(out, "");
    assert_eq!(
        err,
        "TARGET 1: the target has no scheme: resolution always gives a URI with a scheme, \
         so no reference resolves to a relative reference\n"
    );
    assert_eq!(code, 1);

    // Both invalid: both reported.
    let (out, err, code) = run(&["relative", "http://a b/", "http://a/%g"], b"");
    assert_eq!(out, "");
    assert_eq!(
        err,
        r##"BASE: invalid character at byte 8: expected reg-name character, ":" port, "/", "?", "#" or end of input, found ' '
  http://a b/
          ^
TARGET 1: invalid percent-encoding at byte 10: expected HEXDIG, found 'g'
  http://a/%g
            ^
"##
    );
    assert_eq!(code, 1);
}

/// `uri relative` with targets it answers and targets it reports.
const SEVERAL_TARGETS: [&str; 7] = [
    "relative",
    RFC_BASE,
    "http://a/b/g?y",
    "a b",
    "http://a/b/c/",
    "/g",
    "http://a/b/c/d;p?q#s",
];

#[test]
fn relative_takes_several_targets() {
    let (out, err, code) = run(&SEVERAL_TARGETS, b"");
    assert_eq!(out, "../g?y\n.\n#s\n");
    assert_eq!(
        err,
        r##"TARGET 2: invalid character at byte 1: expected pchar, "/", "?", "#" or end of input, found ' '
  a b
   ^
TARGET 4: the target has no scheme: resolution always gives a URI with a scheme, so no reference resolves to a relative reference
"##
    );
    assert_eq!(code, 1);

    // A relative base is reported once; the targets are still checked.
    let (out, err, code) = run(&["relative", "b", "http://a/", "%"], b"");
    assert_eq!(out, "");
    assert_eq!(
        err,
        r#"BASE: the base URI has no scheme: only an absolute URI can be a base (RFC 3986 section 5.2.1)
TARGET 2: invalid percent-encoding at byte 1: expected HEXDIG, found end of input
  %
   ^
"#
    );
    assert_eq!(code, 1);
}

#[test]
fn normalize_syntax_stops_at_section_6_2_2() {
    let (out, err, code) = run(
        &[
            "normalize",
            "--syntax",
            "HTTPS://Example.COM:0443",
            "http://[2001:DB8:0::1]:/%7e/./a",
        ],
        b"",
    );
    assert_eq!(
        out,
        "https://example.com:0443\nhttp://[2001:db8:0::1]:/~/a\n"
    );
    assert_eq!((err.as_str(), code), ("", 0));
    let (out, _, _) = run(&["normalize", "http://[2001:DB8:0::1]:/%7e/./a"], b"");
    assert_eq!(out, "http://[2001:db8::1]/~/a\n");
}

/// clap exits with 2 for a usage error, which is what the tool documents.
#[test]
fn usage_errors_exit_2() {
    for args in [
        &[][..],
        &["check", "--bogus"][..],
        &["frobnicate"][..],
        &["check", "--scheme"][..],
        &["check", "--scheme", "ftp"][..],
        &["check", "--scheme", "HTTP"][..],
        &["resolve"][..],
        &["resolve", "--strict", "http://a/", "g"][..],
        &["relative"][..],
        &["normalize", "--syntactic", "http://a/"][..],
        &["check", "--bidi"][..],
    ] {
        let (out, err, code) = run(args, b"");
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(out, "", "{args:?}");
        // clap shows the usage, or the values it expected.
        assert!(
            err.contains("Usage: uri") || err.contains("[possible values: "),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn every_subcommand_has_help() {
    for (args, usage) in [
        (&["--help"][..], "Usage: uri <COMMAND>"),
        (&["help"][..], "Usage: uri <COMMAND>"),
        (
            &["parse", "--help"][..],
            "Usage: uri parse [OPTIONS] [URI]...",
        ),
        (
            &["check", "--help"][..],
            "Usage: uri check [OPTIONS] [FILE]...",
        ),
        (&["help", "check"][..], "Usage: uri check"),
        (
            &["resolve", "--help"][..],
            "Usage: uri resolve [OPTIONS] <BASE> [REF]...",
        ),
        (
            &["normalize", "--help"][..],
            "Usage: uri normalize [OPTIONS] [URI]...",
        ),
        (
            &["relative", "--help"][..],
            "Usage: uri relative <BASE> [TARGET]...",
        ),
        (&["help", "relative"][..], "Usage: uri relative"),
        (&["to-uri", "--help"][..], "Usage: uri to-uri [IRI]..."),
        (&["to-iri", "--help"][..], "Usage: uri to-iri [URI]..."),
    ] {
        let (out, err, code) = run(args, b"");
        assert_eq!(code, 0, "{args:?}");
        assert!(out.contains(usage), "{args:?}: {out}");
        assert_eq!(err, "", "{args:?}");
    }
}

/// Each subcommand's help ends with an example, and `uri --help` lists it
/// with its one-line description.
#[test]
fn every_subcommand_has_an_example() {
    for command in [
        "parse",
        "check",
        "resolve",
        "normalize",
        "relative",
        "from-path",
        "to-path",
    ] {
        let (out, _, code) = run(&[command, "--help"], b"");
        assert_eq!(code, 0, "{command}");
        let example = out.split("\nExample:\n  $ uri ").nth(1);
        let example = example.or_else(|| out.split("\nExample:\n  $ printf ").nth(1));
        assert!(example.is_some(), "{command}: {out}");
    }
    let (out, _, _) = run(&["--help"], b"");
    for line in [
        "  resolve    Resolve references against a base URI, one result a line",
        "  normalize  Normalize URI references, one result a line",
        "  relative   Print the shortest reference from a base URI to each target URI",
    ] {
        assert!(out.contains(line), "{line}: {out}");
    }
}

/// The examples in the help are real: each one's output is what it says.
#[test]
fn help_examples_are_right() {
    let (help, _, _) = run(&["resolve", "--help"], b"");
    let (out, _, _) = run(&["resolve", RFC_BASE, "g", "../g", "?y", "#s"], b"");
    assert!(help.contains(&indent(&out)), "{help}");

    let (help, _, _) = run(&["normalize", "--help"], b"");
    let (out, _, _) = run(&["normalize", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d"], b"");
    assert!(help.contains(&indent(&out)), "{help}");

    let (help, _, _) = run(&["relative", "--help"], b"");
    let (out, _, _) = run(
        &["relative", RFC_BASE, "http://a/b/g?y", "http://a/b/c/"],
        b"",
    );
    assert!(help.contains(&indent(&out)), "{help}");

    let (help, _, _) = run(&["check", "--help"], b"");
    let (out, _, _) = run(
        &["check", "--scheme", "urn"],
        b"urn:isbn:0451450523\nurn:a:b\n",
    );
    assert!(help.contains(&indent(&out)), "{help}");
}

fn indent(text: &str) -> String {
    text.lines().map(|line| format!("  {line}\n")).collect()
}

#[test]
fn parse_iri_prints_a_table_and_points_at_the_character() {
    let (out, err, code) = run(
        &[
            "parse",
            "--iri",
            "https://例え.jp/パス?q=値#%E7%89%87",
            "//é/a b",
        ],
        b"",
    );
    assert_eq!(
        out,
        r#"https://例え.jp/パス?q=値#%E7%89%87
  reference  IRI
  scheme     https
  authority  例え.jp
  userinfo   (undefined)
  host       例え.jp  (reg-name)
  port       (undefined)
  path       /パス
  segments   ["", "パス"]
  query      q=値
  fragment   %E7%89%87  (decoded 片)
"#
    );
    assert_eq!(
        err,
        r##"//é/a b
invalid character at byte 6: expected ipchar, "/", "?", "#" or end of input, found ' '
  //é/a b
       ^
"##
    );
    assert_eq!(code, 1);
    // Without --iri, the same IRI is not a URI.
    let (_, err, code) = run(&["parse", "https://例え.jp/"], b"");
    assert!(
        err.starts_with("https://例え.jp/\ninvalid character at byte 8"),
        "{err}"
    );
    assert_eq!(code, 1);
}

#[test]
fn parse_iri_json() {
    let (out, _, code) = run(&["parse", "--iri", "--json", "http://é/"], b"");
    assert_eq!(
        out,
        r#"{"input":"http://é/","valid":true,"reference":"iri","scheme":"http","authority":"é","userinfo":null,"host":{"text":"é","kind":"reg-name"},"port":null,"port_str":null,"path":"/","segments":["",""],"query":null,"fragment":null,"decoded":{"userinfo":null,"host":"é","path":"/","segments":["",""],"query":null,"fragment":null}}
"#
    );
    assert_eq!(code, 0);
}

#[test]
fn check_iri() {
    let (out, err, code) = run(
        &["check", "--iri"],
        "http://é/\n/\u{e000}\n?\u{e000}\n".as_bytes(),
    );
    assert_eq!(
        out,
        "line 2: invalid path at byte 1: expected ipchar, \"/\", \"?\", \"#\" or end of input, found '\\u{e000}'\n  /\\u{e000}\n   ^\n3 lines, 2 valid, 1 invalid\n"
    );
    assert_eq!((err.as_str(), code), ("", 1));
    let (_, err, code) = run(&["check", "--iri", "--scheme", "http"], b"");
    assert!(err.contains("cannot be used with"), "{err}");
    assert_eq!(code, 2);
}

#[test]
fn to_uri_and_to_iri() {
    let (out, err, code) = run(
        &[
            "to-uri",
            "http://www.example.org/red%09ros\u{e9}#red",
            "http://example.com/\u{10300}\u{10301}\u{10302}",
        ],
        b"",
    );
    assert_eq!(
        out,
        "http://www.example.org/red%09ros%C3%A9#red\nhttp://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82\n"
    );
    assert_eq!((err.as_str(), code), ("", 0));
    let (out, err, code) = run(
        &[
            "to-iri",
            "http://www.example.org/D%C3%BCrst",
            "http://www.example.org/D%FCrst",
            "http://xn--99zt52a.example.org/%e2%80%ae",
            "http://é/",
        ],
        b"",
    );
    assert_eq!(
        out,
        "http://www.example.org/D\u{fc}rst\nhttp://www.example.org/D%FCrst\nhttp://xn--99zt52a.example.org/%E2%80%AE\n"
    );
    assert!(
        err.starts_with("http://é/\ninvalid character at byte 7"),
        "{err}"
    );
    assert_eq!(code, 1);
}

/// Every subcommand that takes references reads them from standard input,
/// one a line, when given none, and for a "-" among them.
#[test]
fn every_subcommand_reads_standard_input_without_references() {
    let cases: [(&[&str], &str, &str); 6] = [
        (
            &["normalize"],
            "eXAMPLE://a/./b/../b/%63/%7bfoo%7d\r\nHTTP://X:80\n",
            "example://a/b/c/%7Bfoo%7D\nhttp://x/\n",
        ),
        (&["normalize", "--syntax"], "HTTP://X:80\n", "http://x:80\n"),
        (
            &["to-uri"],
            "http://\u{e9}/\u{30d1}\n",
            "http://%C3%A9/%E3%83%91\n",
        ),
        (
            &["to-iri"],
            "http://a/%C3%A9\nhttp://a/%FF\n",
            "http://a/\u{e9}\nhttp://a/%FF\n",
        ),
        (
            &["resolve", "http://a/b/c/d;p?q"],
            "g\n../g\n?y\n\n",
            "http://a/b/c/g\nhttp://a/b/g\nhttp://a/b/c/d;p?y\nhttp://a/b/c/d;p?q\n",
        ),
        (
            &["relative", "http://a/b/c/d;p?q"],
            "http://a/b/g?y\nhttp://a/b/c/\n",
            "../g?y\n.\n",
        ),
    ];
    for (args, stdin, expected) in cases {
        let (out, err, code) = run(args, stdin.as_bytes());
        assert_eq!(
            (out.as_str(), err.as_str(), code),
            (expected, "", 0),
            "{args:?}"
        );
        // Nothing on standard input is no reference, and no error.
        assert_eq!(
            run(args, b""),
            (String::new(), String::new(), 0),
            "{args:?}"
        );
    }
}

#[test]
fn a_dash_among_the_references_reads_standard_input() {
    let (out, err, code) = run(&["resolve", "http://a/b/c", "x", "-", "z"], b"y1\ny2\n");
    assert_eq!(
        out,
        "http://a/b/x\nhttp://a/b/y1\nhttp://a/b/y2\nhttp://a/b/z\n"
    );
    assert_eq!((err.as_str(), code), ("", 0));
    let (out, _, code) = run(&["normalize", "HTTP://A", "-"], b"HTTP://B\n");
    assert_eq!((out.as_str(), code), ("http://a/\nhttp://b/\n", 0));
}

/// A bad line read from standard input is reported with its number (the
/// reference's, for resolve and relative) and the others are still done.
#[test]
fn bad_lines_of_standard_input_are_reported_and_the_rest_done() {
    let (out, err, code) = run(&["resolve", "http://a/b"], b"g\n\xff\na b\nh\n");
    assert_eq!(out, "http://a/g\nhttp://a/h\n");
    assert_eq!(
        err,
        "REF 2: not UTF-8: byte 0 is 0xFF\n\
         REF 3: invalid character at byte 1: expected pchar, \"/\", \"?\", \"#\" or end of input, found ' '\n  a b\n   ^\n"
    );
    assert_eq!(code, 1);

    let (out, err, code) = run(&["relative", "http://a/b/c"], b"http://a/b/d\n\xc3\n/x\n");
    assert_eq!(out, "d\n");
    assert_eq!(
        err,
        "TARGET 2: not UTF-8: byte 0 is 0xC3\n\
         TARGET 3: the target has no scheme: resolution always gives a URI with a scheme, \
         so no reference resolves to a relative reference\n"
    );
    assert_eq!(code, 1);

    let (out, err, code) = run(&["to-uri"], b"/a\n/\xff\n/b c\n");
    assert_eq!(out, "/a\n");
    assert_eq!(
        err,
        "line 2: not UTF-8: byte 1 is 0xFF\n/b c\n\
         invalid character at byte 2: expected ipchar, \"/\", \"?\", \"#\" or end of input, found ' '\n  /b c\n    ^\n"
    );
    assert_eq!(code, 1);
}

#[test]
fn check_iri_bidi() {
    let input = "http://a/\u{5d0}\nhttp://a/\u{5d0}\u{202e}b\n?\u{200e}\n".as_bytes();
    // The grammar takes the bidi formatting characters...
    let (out, err, code) = run(&["check", "--iri"], input);
    assert_eq!(
        (out.as_str(), err.as_str(), code),
        ("3 lines, 3 valid, 0 invalid\n", "", 0)
    );
    // ...and --bidi rejects them, at the first one.
    let (out, err, code) = run(&["check", "--iri", "--bidi"], input);
    assert_eq!(
        out,
        "line 2: bidirectional formatting character at byte 11: expected no bidirectional formatting character (RFC 3987 section 4.1), found '\\u{202e}'\n  http://a/\u{5d0}\\u{202e}b\n            ^\n\
         line 3: bidirectional formatting character at byte 1: expected no bidirectional formatting character (RFC 3987 section 4.1), found '\\u{200e}'\n  ?\\u{200e}\n   ^\n\
         3 lines, 1 valid, 2 invalid\n"
    );
    assert_eq!((err.as_str(), code), ("", 1));
    // A line that is not an IRI is reported as a parse error first.
    let (out, _, code) = run(&["check", "--iri", "--bidi", "--json"], b"a b\n");
    assert!(
        out.starts_with(r#"{"line":1,"input":"a b","error":{"kind":"InvalidCharacter","#),
        "{out}"
    );
    assert_eq!(code, 1);
}

#[test]
fn check_lint_prints_each_lint_under_its_line_and_counts_them() {
    let (out, err, code) = run(
        &["check", "--lint"],
        b"HTTP://Example.com:80/a/./b\nhttps://example.com/\nhttps://user:secret@h/\n",
    );
    assert_eq!(
        out,
        r##"line 1: info: uppercase letters in the scheme "HTTP" at bytes 0..4: schemes are case-insensitive and should be written in lowercase (RFC 3986 section 3.1)
  HTTP://Example.com:80/a/./b
  ^^^^
line 1: info: uppercase letters in the host "Example.com" at bytes 7..18: hosts are case-insensitive and should be written in lowercase (RFC 3986 section 3.2.2)
  HTTP://Example.com:80/a/./b
         ^^^^^^^^^^^
line 1: info: the port ":80" at bytes 18..21 is the scheme's default: it should be omitted, with its ":" (RFC 3986 section 3.2.3)
  HTTP://Example.com:80/a/./b
                    ^^^
line 1: warning: dot segment "." at bytes 24..25: resolution removes it from this path, and dot segments should be written only in relative-path references (RFC 3986 section 5.2.4)
  HTTP://Example.com:80/a/./b
                          ^
line 3: warning: a password in the userinfo at bytes 13..19: "user:password" is deprecated, and a password should not be written in a URI (RFC 3986 section 3.2.1)
  https://user:secret@h/
               ^^^^^^
3 lines, 3 valid, 0 invalid, 5 lints
"##
    );
    assert_eq!(err, "");
    // Lints change the exit status only with --fail-on.
    assert_eq!(code, 0);
}

#[test]
fn check_lint_fails_only_at_the_severity_named() {
    let info_only = b"HTTP://a/\n";
    let with_warning = b"HTTP://a/\nhttp://u:p@a/\n";
    let status = |args: &[&str], input: &[u8]| run(args, input).2;
    assert_eq!(status(&["check", "--lint"], with_warning), 0);
    assert_eq!(
        status(&["check", "--lint", "--fail-on", "warning"], info_only),
        0
    );
    assert_eq!(
        status(&["check", "--lint", "--fail-on", "warning"], with_warning),
        1
    );
    assert_eq!(
        status(&["check", "--lint", "--fail-on", "info"], info_only),
        1
    );
    assert_eq!(
        status(&["check", "--lint", "--fail-on", "INFO"], b"http://a/\n"),
        0
    );

    // A severity that does not exist, and --fail-on without --lint, are
    // usage errors.
    let (_, err, code) = run(&["check", "--lint", "--fail-on", "fatal"], info_only);
    assert_eq!(code, 2);
    assert!(
        err.contains(r##"unknown severity "fatal": expected one of info, warning"##),
        "{err}"
    );
    let (_, err, code) = run(&["check", "--fail-on", "info"], info_only);
    assert_eq!(code, 2);
    assert!(err.contains("--lint"), "{err}");
}

#[test]
fn check_lint_with_json_prints_an_object_per_linted_line() {
    let (out, _, code) = run(&["check", "--lint", "--json"], b"HTTP://a/\nhttp://a/\n");
    assert_eq!(
        out,
        r##"{"line":1,"input":"HTTP://a/","lints":[{"kind":"uppercase-scheme","severity":"info","section":"3.1","start":0,"end":4,"message":"uppercase letters in the scheme \"HTTP\" at bytes 0..4: schemes are case-insensitive and should be written in lowercase (RFC 3986 section 3.1)"}]}
"##
    );
    assert_eq!(code, 0);
}

#[test]
fn check_suggest_prints_a_correction_and_the_line_stays_invalid() {
    // A host with a space gets no suggestion: `exa%20mple.com` is no host.
    let (out, err, code) = run(
        &["check", "--suggest"],
        b"http://a/b c\nhttp://a/\nhttp://exa mple.com\n",
    );
    assert_eq!(
        out,
        r##"line 1: invalid character at byte 10: expected pchar, "/", "?", "#" or end of input, found ' '
  http://a/b c
            ^
  suggestion: http://a/b%20c
    percent-encode ' ' at byte 10 as %20
line 3: invalid character at byte 10: expected reg-name character, ":" port, "/", "?", "#" or end of input, found ' '
  http://exa mple.com
            ^
3 lines, 1 valid, 2 invalid
"##
    );
    assert_eq!(err, "");
    assert_eq!(code, 1);

    let (out, _, code) = run(&["check", "--suggest", "--json"], b"<http://a/b>\n");
    assert_eq!(
        out,
        r##"{"line":1,"input":"<http://a/b>","error":{"kind":"InvalidCharacter","offset":0,"expected":"scheme, path, \"?\", \"#\" or end of input","found":"<","message":"invalid character at byte 0: expected scheme, path, \"?\", \"#\" or end of input, found '<'"},"suggestion":{"text":"http://a/b","fixes":[{"kind":"strip-wrapper","start":0,"end":1,"replacement":"","message":"strip the wrapper '<' at byte 0"},{"kind":"strip-wrapper","start":11,"end":12,"replacement":"","message":"strip the wrapper '>' at byte 11"}]}}
"##
    );
    assert_eq!(code, 1);
}
