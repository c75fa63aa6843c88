//! `uri template expand` and `uri template match`: URI Templates (RFC
//! 6570) from the command line, exact output and exit status.

use super::{indent, run, temp_file};

/// The guide's example of `uri template expand` (docs/cli.md), exactly as
/// it shows it.
#[test]
fn expand_the_readme_example() {
    let (out, err, code) = run(
        &[
            "template",
            "expand",
            "/repos/{owner}/{repo}{?page}",
            "owner=rust-lang",
            "repo=rust",
            "page=2",
        ],
        b"",
    );
    assert_eq!(
        (out.as_str(), err.as_str(), code),
        ("/repos/rust-lang/rust?page=2\n", "", 0)
    );
}

/// The guide's example of `uri template match` (docs/cli.md), exactly as
/// it shows it.
#[test]
fn match_the_readme_example() {
    let (out, err, code) = run(
        &[
            "template",
            "match",
            "/repos/{owner}/{repo}{?page}",
            "/repos/rust-lang/rust?page=2",
        ],
        b"",
    );
    assert_eq!(
        out,
        r#"{"input":"/repos/rust-lang/rust?page=2","matched":true,"variables":{"owner":"rust-lang","repo":"rust","page":"2"}}
"#
    );
    assert_eq!((err.as_str(), code), ("", 0));
}

/// Runs `uri template expand TEMPLATE ARGS...` and returns its output, its
/// errors and its exit code.
fn expand(template: &str, args: &[&str], stdin: &[u8]) -> (String, String, i32) {
    let mut all = vec!["template", "expand", template];
    all.extend(args);
    run(&all, stdin)
}

/// A variable undefined, an empty string, a value with `=` in it (the
/// first `=` ends the name) and a later argument that replaces an earlier
/// one.
#[test]
fn expand_takes_strings_from_the_arguments() {
    for (template, args, expected) in [
        ("/search{?q,lang}", &[][..], "/search\n"),
        (
            "/search{?q,lang}",
            &["q=", "lang=en"][..],
            "/search?q=&lang=en\n",
        ),
        ("{?eq}", &["eq=a=b"][..], "?eq=a%3Db\n"),
        ("{+eq}", &["eq=="][..], "=\n"),
        ("/{x}", &["x=1", "x=2"][..], "/2\n"),
        (
            "/search{?q}",
            &["q=café au lait"][..],
            "/search?q=caf%C3%A9%20au%20lait\n",
        ),
        ("{+path}/here", &["path=/foo/bar"][..], "/foo/bar/here\n"),
        ("{x}", &["x=%zz%41"][..], "%25zz%2541\n"),
        ("{+x}", &["x=%zz%41"][..], "%25zz%41\n"),
    ] {
        let (out, err, code) = expand(template, args, b"");
        assert_eq!(
            (out.as_str(), err.as_str(), code),
            (expected, "", 0),
            "{template} {args:?}"
        );
    }
}

/// `NAME:=JSON`: lists, associative arrays (in their order), numbers and
/// booleans, and null for undefined.
#[test]
fn expand_takes_json_values_from_the_arguments() {
    let (out, err, code) = expand(
        "/{list}{/list*}{?keys*,n,yes,gone}",
        &[
            r#"list:=["red","green"]"#,
            r#"keys:={"semi":";","dot":"."}"#,
            "n:=42",
            "yes:=true",
            "gone=here",
            "gone:=null",
        ],
        b"",
    );
    assert_eq!(
        (out.as_str(), err.as_str(), code),
        ("/red,green/red/green?semi=%3B&dot=.&n=42&yes=true\n", "", 0)
    );
    // An empty list is undefined (section 2.3).
    let (out, _, code) = expand("/a{/list*}{?x}", &["list:=[]", "x=1"], b"");
    assert_eq!((out.as_str(), code), ("/a?x=1\n", 0));
    // A JSON string is a string.
    let (out, _, code) = expand("{x}", &[r#"x:="a b""#], b"");
    assert_eq!((out.as_str(), code), ("a%20b\n", 0));
}

/// `--vars FILE` reads a JSON object, and the arguments after it replace
/// its values; `--vars -` reads standard input.
#[test]
fn expand_reads_a_json_object_of_variables() {
    let template = "/repos/{owner}/{repo}/issues{?state,labels*}";
    let json = br#"{"owner": "rust-lang", "repo": "cargo", "labels": ["bug", "help wanted"], "state": null}"#;
    let file = temp_file("template-vars.json", json);
    let (out, err, code) = expand(template, &["--vars", &file, "repo=rust"], b"");
    assert_eq!(
        (out.as_str(), err.as_str(), code),
        (
            "/repos/rust-lang/rust/issues?labels=bug&labels=help%20wanted\n",
            "",
            0
        )
    );
    let (out, err, code) = expand(template, &["state=open", "--vars", "-"], json);
    assert_eq!(
        (out.as_str(), err.as_str(), code),
        (
            "/repos/rust-lang/cargo/issues?state=open&labels=bug&labels=help%20wanted\n",
            "",
            0
        )
    );
}

/// A file that cannot be read, or that is not a JSON object of variables,
/// is reported with its name, and the exit status is 2.
#[test]
fn expand_reports_a_bad_vars_file() {
    let missing = format!("{}/no-such-vars.json", env!("CARGO_TARGET_TMPDIR"));
    let (out, err, code) = expand("{a}", &["--vars", &missing], b"");
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(
        err.starts_with(&format!("uri: {missing}: ")) && err.ends_with('\n'),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");

    for (name, contents) in [
        ("template-array.json", &b"[\"a\"]"[..]),
        ("template-broken.json", &b"{\"a\": "[..]),
    ] {
        let file = temp_file(name, contents);
        let (out, err, code) = expand("{a}", &["--vars", &file], b"");
        assert_eq!((out.as_str(), code), ("", 2), "{name}");
        assert!(
            err.starts_with(&format!("uri: {file}: ")) && err.lines().count() == 1,
            "{name}: {err}"
        );
    }
    // Standard input is named "-".
    let (out, err, code) = expand("{a}", &["--vars", "-"], b"not json");
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(err.starts_with("uri: -: "), "{err}");
}

/// With `--iri`, characters above ASCII stay as they are, in the literals
/// and in the values; without it, they are percent-encoded.
#[test]
fn expand_iri_keeps_characters_above_ascii() {
    let args = ["name=крем брюле", "q=thé"];
    let (out, err, code) = expand("/café{/name}{?q}", &[&["--iri"][..], &args].concat(), b"");
    assert_eq!(
        (out.as_str(), err.as_str(), code),
        ("/café/крем%20брюле?q=thé\n", "", 0)
    );
    let (out, _, code) = expand("/café{/name}{?q}", &args, b"");
    assert_eq!(
        (out.as_str(), code),
        (
            "/caf%C3%A9/%D0%BA%D1%80%D0%B5%D0%BC%20%D0%B1%D1%80%D1%8E%D0%BB%D0%B5?q=th%C3%A9\n",
            0
        )
    );
}

/// A template that does not parse: the error, with a caret under the byte
/// at fault, on standard error, and the exit status is 1.
#[test]
fn expand_reports_a_template_that_does_not_parse() {
    let (out, err, code) = expand("/search{?q", &["q=x"], b"");
    assert_eq!(
        (out.as_str(), err.as_str(), code),
        (
            "",
            "TEMPLATE: invalid URI template at byte 10: expected one of %*,.:_}, ALPHA or DIGIT, found end of input\n  \
             /search{?q\n            ^\n",
            1
        )
    );
    let (out, err, code) = expand("/{=var}", &[], b"");
    assert_eq!((out.as_str(), code), ("", 1));
    assert!(
        err.starts_with("TEMPLATE: ") && err.ends_with("\n  /{=var}\n    ^\n"),
        "{err}"
    );
    // The grammar excludes `'` from literals (section 2.1).
    let (_, err, code) = expand("'{var}'", &["var=value"], b"");
    assert_eq!(code, 1);
    assert!(
        err.starts_with("TEMPLATE: invalid URI template at byte 0: "),
        "{err}"
    );
}

/// An expansion that is not a URI reference: the error names the part of
/// the template that wrote the byte the grammar rejected, with carets
/// under it, and the exit status is 1.
#[test]
fn expand_reports_an_expansion_that_is_not_a_reference() {
    let (out, err, code) = expand("{+a}{+b}", &["a=#x", "b=#y"], b"");
    assert_eq!(
        (out.as_str(), err.as_str(), code),
        (
            "",
            "TEMPLATE: the expansion of `{+b}` (template bytes 4..8) is not a URI reference: \
             invalid fragment at byte 2 of \"#x#y\": expected pchar, \"/\", \"?\" or end of input, found '#'\n  \
             {+a}{+b}\n      ^^^^\n",
            1
        )
    );
    let (out, err, code) = expand("http://[{host}", &[], b"");
    assert_eq!((out.as_str(), code), ("", 1));
    assert!(
        err.starts_with("TEMPLATE: the expansion of the literal `http://[` (template bytes 0..8) is not a URI reference: ")
            && err.ends_with("\n  http://[{host}\n  ^^^^^^^^\n"),
        "{err}"
    );
    // A prefix applies to strings only (section 2.4.1).
    let (out, err, code) = expand("/x{/list:1}", &[r#"list:=["a","b"]"#], b"");
    assert_eq!(
        (out.as_str(), err.as_str(), code),
        (
            "",
            "TEMPLATE: the prefix modifier of `list:1` in `{/list:1}` (template bytes 2..11) applies to strings only, \
             and `list` is a list (RFC 6570 section 2.4.1)\n  /x{/list:1}\n    ^^^^^^^^^\n",
            1
        )
    );
}

/// A variable that is not NAME=VALUE or NAME:=JSON is a usage error:
/// clap's message and exit status 2.
#[test]
fn expand_rejects_a_malformed_variable() {
    for (args, message) in [
        (&["a"][..], "expected NAME=VALUE or NAME:=JSON"),
        (&["=x"][..], "expected a variable name before \"=\""),
        (&[":=1"][..], "expected a variable name before \"=\""),
        (&["a:=[1,"][..], "the JSON of a is not a variable's value: "),
        (
            &["a:={\"k\":[1]}"][..],
            "the JSON of a is not a variable's value: ",
        ),
    ] {
        let (out, err, code) = expand("{a}", args, b"");
        assert_eq!((out.as_str(), code), ("", 2), "{args:?}");
        assert!(
            err.starts_with(&format!(
                "error: invalid value '{}' for '[NAME=VALUE]...': {message}",
                args[0]
            )),
            "{args:?}: {err}"
        );
    }
}

/// One JSON object a line, the input with its variables, or `null` where
/// it does not match; the exit status is 1 when one did not.
#[test]
fn match_prints_a_json_object_per_reference() {
    let (out, err, code) = run(
        &[
            "template",
            "match",
            "/repos/{owner}/{repo}{?page}",
            "/repos/rust-lang/rust?page=2",
            "/users/octocat",
            "/repos/a%20b/c",
        ],
        b"",
    );
    assert_eq!(
        out,
        r#"{"input":"/repos/rust-lang/rust?page=2","matched":true,"variables":{"owner":"rust-lang","repo":"rust","page":"2"}}
{"input":"/users/octocat","matched":false,"variables":null}
{"input":"/repos/a%20b/c","matched":true,"variables":{"owner":"a b","repo":"c"}}
"#
    );
    assert_eq!((err.as_str(), code), ("", 1));
}

/// With no URI, or "-", the references are lines of standard input; a
/// line that is not UTF-8 does not match, and says why.
#[test]
fn match_reads_standard_input() {
    let input = b"/a/x\r\n/b\n\xff\n";
    let expected = concat!(
        r#"{"input":"/a/x","matched":true,"variables":{"dir":"a","file":"x"}}"#,
        "\n",
        r#"{"input":"/b","matched":false,"variables":null}"#,
        "\n",
        r#"{"input":"�","matched":false,"variables":null,"error":{"kind":"NotUtf8","offset":0,"expected":"UTF-8","found":null,"message":"not UTF-8: byte 0 is 0xFF"}}"#,
        "\n",
    );
    for args in [
        &["template", "match", "/{dir}/{file}"][..],
        &["template", "match", "/{dir}/{file}", "-"][..],
    ] {
        let (out, err, code) = run(args, input);
        assert_eq!(
            (out.as_str(), err.as_str(), code),
            (expected, "", 1),
            "{args:?}"
        );
    }
    // Every line matches: 0. Nothing on standard input: nothing, and 0.
    let (out, err, code) = run(&["template", "match", "/{dir}/{file}"], b"/a/b\n");
    assert_eq!(
        (out.as_str(), err.as_str(), code),
        (
            "{\"input\":\"/a/b\",\"matched\":true,\"variables\":{\"dir\":\"a\",\"file\":\"b\"}}\n",
            "",
            0
        )
    );
    let (out, err, code) = run(&["template", "match", "/{dir}/{file}"], b"");
    assert_eq!((out.as_str(), err.as_str(), code), ("", "", 0));
}

/// Lists and associative arrays come back as JSON arrays and objects.
#[test]
fn match_gives_back_lists_and_associative_arrays() {
    let (out, err, code) = run(
        &["template", "match", "{/path*}{?keys*}", "/a/b%2Fc?x=1&y=2"],
        b"",
    );
    assert_eq!(
        out,
        r#"{"input":"/a/b%2Fc?x=1&y=2","matched":true,"variables":{"path":["a","b/c"],"keys":{"x":"1","y":"2"}}}
"#
    );
    assert_eq!((err.as_str(), code), ("", 0));
}

#[test]
fn match_reports_a_template_that_does_not_parse() {
    let (out, err, code) = run(&["template", "match", "/{a", "/x"], b"");
    assert_eq!((out.as_str(), code), ("", 1));
    assert!(
        err.starts_with("TEMPLATE: invalid URI template at byte 3: ")
            && err.ends_with("\n  /{a\n     ^\n"),
        "{err}"
    );
}

#[test]
fn template_usage_errors_exit_2() {
    for args in [
        &["template"][..],
        &["template", "expand"][..],
        &["template", "match"][..],
        &["template", "frobnicate"][..],
        &["template", "match", "--iri", "{a}"][..],
    ] {
        let (out, err, code) = run(args, b"");
        assert_eq!((out.as_str(), code), ("", 2), "{args:?}");
        assert!(err.contains("Usage: uri template"), "{args:?}: {err}");
    }
    let (out, err, code) = run(&["template", "expand", "{a}", "--vars"], b"");
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(
        err.starts_with("error: a value is required for '--vars <FILE>'"),
        "{err}"
    );
}

#[test]
fn template_has_help_with_examples() {
    for (args, usage) in [
        (&["template", "--help"][..], "Usage: uri template <COMMAND>"),
        (&["help", "template"][..], "Usage: uri template <COMMAND>"),
        (
            &["template", "expand", "--help"][..],
            "Usage: uri template expand [OPTIONS] <TEMPLATE> [NAME=VALUE]...",
        ),
        (
            &["template", "match", "--help"][..],
            "Usage: uri template match <TEMPLATE> [URI]...",
        ),
        (
            &["template", "help", "match"][..],
            "Usage: uri template match",
        ),
    ] {
        let (out, err, code) = run(args, b"");
        assert_eq!((err.as_str(), code), ("", 0), "{args:?}");
        assert!(out.contains(usage), "{args:?}: {out}");
    }
    let (out, _, _) = run(&["--help"], b"");
    let line = "  template   Expand a URI Template (RFC 6570), or match URI references against one";
    assert!(out.contains(line), "{out}");
    let (out, _, _) = run(&["template", "--help"], b"");
    for line in [
        "  expand  Expand a URI Template into a URI reference",
        "  match   Match URI references against a URI Template, one JSON object a line",
    ] {
        assert!(out.contains(line), "{line}: {out}");
    }
}

/// The examples in the help are real: each one's output is what it says.
#[test]
fn template_help_examples_are_right() {
    let (help, _, _) = run(&["template", "expand", "--help"], b"");
    let (out, _, code) = run(
        &[
            "template",
            "expand",
            "/repos/{owner}/{repo}{?page}",
            "owner=rust-lang",
            "repo=rust",
            "page=2",
        ],
        b"",
    );
    assert_eq!(code, 0);
    assert!(
        help.contains(&format!(
            "\nExample:\n  $ uri template expand '/repos/{{owner}}/{{repo}}{{?page}}' owner=rust-lang repo=rust page=2\n{}",
            indent(&out)
        )),
        "{help}"
    );
    let (out, _, code) = run(
        &[
            "template",
            "expand",
            "/search{?q,lang}{&tags*}",
            "q=café au lait",
            r#"tags:=["hot","sweet"]"#,
        ],
        b"",
    );
    assert_eq!(code, 0);
    assert!(
        help.contains(&format!(
            "  $ uri template expand '/search{{?q,lang}}{{&tags*}}' q='café au lait' 'tags:=[\"hot\",\"sweet\"]'\n{}",
            indent(&out)
        )),
        "{help}"
    );

    let (help, _, _) = run(&["template", "match", "--help"], b"");
    let (out, _, _) = run(
        &[
            "template",
            "match",
            "/repos/{owner}/{repo}{?page}",
            "/repos/rust-lang/rust?page=2",
            "/users/octocat",
        ],
        b"",
    );
    assert!(
        help.contains(&format!(
            "\nExample:\n  $ uri template match '/repos/{{owner}}/{{repo}}{{?page}}' '/repos/rust-lang/rust?page=2' /users/octocat\n{}",
            indent(&out)
        )),
        "{help}"
    );
}
