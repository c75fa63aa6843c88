//! The `uri` command-line tool, run as a program on real inputs: exact
//! output and exit status.
#![cfg(feature = "cli")]

use assert_cmd::cargo::cargo_bin_cmd;
use assert_cmd::Command;

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
    assert_eq!(
        out,
        r#"/ok
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
"#
    );
    assert_eq!(
        err,
        r#"http://[::1::]/
invalid IPv6 address at byte 11: expected "]", found ':'
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
line 5: invalid http URI at byte 0: expected http https-URI or http-URI, found 'f'
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
        r##"line 3: invalid urn URI at byte 4: expected urn NID, found 'a'
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
line 5: invalid file URI at byte 5: expected file local-path, found 'e'
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

/// clap exits with 2 for a usage error, which is what the tool documents.
#[test]
fn usage_errors_exit_2() {
    for args in [
        &[][..],
        &["parse"][..],
        &["check", "--bogus"][..],
        &["check", "extra"][..],
        &["frobnicate"][..],
    ] {
        let (out, err, code) = run(args, b"");
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(out, "", "{args:?}");
        assert!(err.contains("Usage: uri"), "{args:?}: {err}");
    }
}

#[test]
fn every_subcommand_has_help() {
    for (args, usage) in [
        (&["--help"][..], "Usage: uri <COMMAND>"),
        (&["help"][..], "Usage: uri <COMMAND>"),
        (
            &["parse", "--help"][..],
            "Usage: uri parse [OPTIONS] <URI>...",
        ),
        (&["check", "--help"][..], "Usage: uri check"),
        (&["help", "check"][..], "Usage: uri check"),
    ] {
        let (out, err, code) = run(args, b"");
        assert_eq!(code, 0, "{args:?}");
        assert!(out.contains(usage), "{args:?}: {out}");
        assert_eq!(err, "", "{args:?}");
    }
}
