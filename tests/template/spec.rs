//! The two example files of the uritemplate-test suite, in `data/`: the
//! examples of RFC 6570 (`spec-examples.json`, by level, and
//! `spec-examples-by-section.json`, by section). Every case of every group
//! is expanded with its group's variables and compared with the expected
//! expansion (or one of the accepted ones, where an associative array's
//! order is free); the two whose templates hold `'`, which section 2.1's
//! `literals` excludes, are checked to be rejected at that byte.

use rfc3986::template::{Template, Value, Variables};
use rfc3986::ErrorKind;
use serde_json::Value as Json;

/// The text of `data/{name}`.
fn data(name: &str) -> String {
    let path = format!("{}/tests/template/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The text of a JSON scalar: a string as it is, a number as JSON writes
/// it.
fn scalar(json: &Json) -> String {
    match json {
        Json::String(text) => text.clone(),
        Json::Number(number) => number.to_string(),
        Json::Bool(value) => value.to_string(),
        other => panic!("not a scalar: {other}"),
    }
}

/// A group's variables, built here from the JSON (not by the library's
/// `Deserialize`): strings and numbers as strings, arrays as lists,
/// objects as associative arrays, null left undefined. serde_json's
/// objects (without its `preserve_order` feature) give their keys sorted,
/// not in the file's order: the files accept every order of a map's
/// pairs, as section 2.4.2 leaves it free.
fn variables(json: &Json) -> Variables {
    let mut vars = Variables::new();
    for (name, value) in json.as_object().expect("variables are an object") {
        let value = match value {
            Json::Null => continue,
            Json::Array(items) => Value::List(items.iter().map(scalar).collect()),
            Json::Object(pairs) => Value::Map(
                pairs
                    .iter()
                    .map(|(key, value)| (key.clone(), scalar(value)))
                    .collect(),
            ),
            other => Value::String(scalar(other)),
        };
        vars.set(name.clone(), value);
    }
    vars
}

/// Runs every case of the file `name`; returns how many ran.
fn run(name: &str) -> usize {
    let file: Json = serde_json::from_str(&data(name)).unwrap();
    let mut count = 0;
    for (group, body) in file.as_object().unwrap() {
        let vars = variables(&body["variables"]);
        for case in body["testcases"].as_array().unwrap() {
            let text = case[0].as_str().unwrap();
            count += 1;
            if let Some(quote) = text.find('\'') {
                // Section 2.1's `literals` excludes "'" (%x27, between
                // %x26 and %x28-3B): the template is not one, and the
                // grammar rejects it at the quote, although the file
                // expects it to be copied.
                let err = Template::parse(text).unwrap_err();
                assert_eq!(
                    (err.kind(), err.offset()),
                    (ErrorKind::Template, quote),
                    "{group}: {text:?}"
                );
                continue;
            }
            let template =
                Template::parse(text).unwrap_or_else(|e| panic!("{group}: {text:?}: {e}"));
            let uri = template
                .expand(&vars)
                .unwrap_or_else(|e| panic!("{group}: {text:?}: {e}"));
            let accepted: Vec<&str> = match &case[1] {
                Json::String(expected) => vec![expected.as_str()],
                Json::Array(expected) => expected.iter().map(|e| e.as_str().unwrap()).collect(),
                other => panic!("{group}: {text:?}: expected {other}"),
            };
            assert!(
                accepted.contains(&uri.as_str()),
                "{group}: {text:?} gave {:?}, expected one of {accepted:?}",
                uri.as_str()
            );
            // Every expected expansion is ASCII: the IRI expansion is the
            // same text.
            assert_eq!(
                template.expand_iri(&vars).unwrap().as_str(),
                uri.as_str(),
                "{group}: {text:?}"
            );
        }
    }
    count
}

#[test]
fn every_example_by_level_expands() {
    // 64 cases in 4 groups, `'{var}'` among them.
    assert_eq!(run("spec-examples.json"), 64);
}

#[test]
fn every_example_by_section_expands() {
    // 117 cases in 10 groups, `'{count}'` among them.
    assert_eq!(run("spec-examples-by-section.json"), 117);
}

#[test]
fn exactly_two_examples_hold_a_quote() {
    let quoted: Vec<String> = ["spec-examples.json", "spec-examples-by-section.json"]
        .iter()
        .flat_map(|name| {
            let file: Json = serde_json::from_str(&data(name)).unwrap();
            file.as_object()
                .unwrap()
                .values()
                .flat_map(|body| body["testcases"].as_array().unwrap().clone())
                .filter_map(|case| {
                    case[0]
                        .as_str()
                        .filter(|t| t.contains('\''))
                        .map(String::from)
                })
                .collect::<Vec<_>>()
        })
        .collect();
    assert_eq!(quoted, ["'{var}'", "'{count}'"]);
    let err = Template::parse("'{var}'").unwrap_err();
    assert_eq!(
        (err.kind(), err.offset(), err.found()),
        (ErrorKind::Template, 0, Some('\''))
    );
}
