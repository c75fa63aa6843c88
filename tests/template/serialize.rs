//! Variables from `Serialize` values (the `serde` feature):
//! `Variables::from_serialize` and `Template::expand_serialize` on derived
//! structs, maps and `serde_json` values (scalars, options, lists, maps,
//! enums), the errors of values nested too deep or of the wrong shape, and
//! `Serialize` and `Deserialize` of `Variables` and `Value` with JSON.

#![cfg(feature = "serde")]

use std::collections::BTreeMap;

use rfc3986::template::{ExpandError, Template, Value, Variables, VariablesError};
use serde::ser::Error as _;
use serde::Serialize;
use serde_json::json;

#[derive(Serialize)]
struct Point {
    x: i32,
    y: f64,
}

#[derive(Serialize)]
enum Color {
    Red,
}

#[derive(Serialize)]
struct Id(u64);

#[derive(Serialize)]
struct Everything<'a> {
    text: &'a str,
    owned: String,
    letter: char,
    yes: bool,
    small: u8,
    negative: i64,
    big: u128,
    half: f32,
    whole: f64,
    none: Option<&'a str>,
    some: Option<&'a str>,
    unit: (),
    color: Color,
    id: Id,
    list: Vec<u32>,
    holes: Vec<Option<&'a str>>,
    tuple: (&'a str, i32, bool),
    map: BTreeMap<&'a str, Option<i32>>,
    point: Point,
    empty: Vec<String>,
}

fn everything() -> Everything<'static> {
    Everything {
        text: "a b",
        owned: String::from("caf\u{e9}"),
        letter: '/',
        yes: true,
        small: 7,
        negative: -12,
        big: u128::MAX,
        half: 0.5,
        whole: 3.0,
        none: None,
        some: Some("s"),
        unit: (),
        color: Color::Red,
        id: Id(42),
        list: vec![1, 2, 3],
        holes: vec![Some("a"), None, Some("b")],
        tuple: ("t", -1, false),
        map: BTreeMap::from([("k", Some(1)), ("skipped", None), ("z", Some(2))]),
        point: Point { x: 1, y: -2.25 },
        empty: vec![],
    }
}

#[test]
fn a_struct_gives_its_fields_in_order() {
    let vars = Variables::from_serialize(&everything()).unwrap();
    let expected = Variables::new()
        .with("text", "a b")
        .with("owned", "caf\u{e9}")
        .with("letter", "/")
        .with("yes", "true")
        .with("small", "7")
        .with("negative", "-12")
        .with("big", "340282366920938463463374607431768211455")
        .with("half", "0.5")
        // Rust's `Display` of 3.0_f64.
        .with("whole", "3")
        .with("some", "s")
        .with("color", "Red")
        .with("id", "42")
        .with("list", ["1", "2", "3"])
        .with("holes", ["a", "b"])
        .with("tuple", ["t", "-1", "false"])
        .with("map", [("k", "1"), ("z", "2")])
        .with("point", [("x", "1"), ("y", "-2.25")])
        .with("empty", Value::List(vec![]));
    assert_eq!(vars, expected);
    // `none` and `unit` are undefined: not set at all.
    assert_eq!(vars.get("none"), None);
    assert_eq!(vars.get("unit"), None);
}

#[test]
fn a_struct_expands() {
    let template = Template::parse("/{text}{/list*}{?some,none,map*,point,empty}{#owned}").unwrap();
    let value = everything();
    assert_eq!(
        template.expand_serialize(&value).unwrap().as_str(),
        "/a%20b/1/2/3?some=s&k=1&z=2&point=x,1,y,-2.25#caf%C3%A9"
    );
    assert_eq!(
        template.expand_serialize_iri(&value).unwrap().as_str(),
        "/a%20b/1/2/3?some=s&k=1&z=2&point=x,1,y,-2.25#caf\u{e9}"
    );
}

#[test]
fn json_values_are_read_as_serde_json_orders_them() {
    // serde_json's maps (without `preserve_order`) are sorted by key.
    let value = json!({"who": "fred", "n": 1.5, "list": [1, null, "x"], "keys": {"b": true, "a": null}, "undef": null});
    let vars = Variables::from_serialize(&value).unwrap();
    assert_eq!(
        vars,
        Variables::new()
            .with("keys", [("b", "true")])
            .with("list", ["1", "x"])
            .with("n", "1.5")
            .with("who", "fred")
    );
    let template = Template::parse("{?who,n,list,keys*,undef}").unwrap();
    assert_eq!(
        template.expand_serialize(&value).unwrap().as_str(),
        "?who=fred&n=1.5&list=1,x&b=true"
    );
}

#[test]
fn a_map_with_other_keys_gives_them_as_strings() {
    let value = BTreeMap::from([(1, "one"), (2, "two")]);
    assert_eq!(
        Variables::from_serialize(&value).unwrap(),
        Variables::from([("1", "one"), ("2", "two")])
    );
    let value = BTreeMap::from([('c', BTreeMap::from([(true, 'x')]))]);
    assert_eq!(
        Variables::from_serialize(&value).unwrap(),
        Variables::new().with("c", [("true", "x")])
    );
}

#[test]
fn values_nested_too_deep_are_errors_naming_the_variable() {
    #[derive(Serialize)]
    struct Deep {
        ok: u8,
        lists: Vec<Vec<u8>>,
    }
    let err = Variables::from_serialize(&Deep {
        ok: 1,
        lists: vec![vec![1]],
    })
    .unwrap_err();
    assert_eq!(
        err,
        VariablesError::Unsupported {
            name: "lists".into(),
            found: "a list holding a list"
        }
    );
    assert_eq!(err.name(), Some("lists"));
    assert_eq!(
        err.to_string(),
        "the template variable `lists` is a list holding a list: a variable is a string, a \
         number or a boolean, or a list or map of them"
    );

    let cases: [(serde_json::Value, &str); 4] = [
        (json!({"v": [{"a": 1}]}), "a list holding a map"),
        (json!({"v": {"a": [1]}}), "a map holding a list"),
        (json!({"v": {"a": {"b": 1}}}), "a map holding a map"),
        (json!({"v": [[]]}), "a list holding a list"),
    ];
    for (value, found) in cases {
        assert_eq!(
            Variables::from_serialize(&value).unwrap_err(),
            VariablesError::Unsupported {
                name: "v".into(),
                found
            },
            "{value}"
        );
    }

    #[derive(Serialize)]
    enum Shape {
        Circle(u8),
    }
    let err =
        Variables::from_serialize(&BTreeMap::from([("shape", Shape::Circle(1))])).unwrap_err();
    assert_eq!(
        err,
        VariablesError::Unsupported {
            name: "shape".into(),
            found: "an enum variant with data"
        }
    );
    let err = Variables::from_serialize(&BTreeMap::from([("shapes", vec![Shape::Circle(1)])]))
        .unwrap_err();
    assert_eq!(
        err,
        VariablesError::Unsupported {
            name: "shapes".into(),
            found: "a list holding an enum variant with data"
        }
    );
}

#[test]
fn the_value_must_be_a_map_or_a_struct() {
    let cases: [(&dyn erased::Serialize, &str); 6] = [
        (&"text", "a string, a number or a boolean"),
        (&12, "a string, a number or a boolean"),
        (&vec![("a", "b")], "a sequence"),
        (&("a", "b"), "a tuple"),
        (&Option::<BTreeMap<u8, u8>>::None, "none"),
        (&(), "a unit"),
    ];
    for (value, found) in cases {
        let err = value.variables().unwrap_err();
        assert_eq!(err, VariablesError::NotAMap { found });
        assert_eq!(err.name(), None);
        assert_eq!(
            err.to_string(),
            format!("template variables are a map or a struct, not {found}")
        );
    }
    // `Some` and a newtype struct are what they hold.
    #[derive(Serialize)]
    struct Wrapper(BTreeMap<&'static str, u8>);
    let value = Some(Wrapper(BTreeMap::from([("a", 1)])));
    assert_eq!(
        Variables::from_serialize(&value).unwrap(),
        Variables::from([("a", "1")])
    );
}

/// `Variables::from_serialize` for values of different types in one array.
mod erased {
    use rfc3986::template::{Variables, VariablesError};

    pub trait Serialize {
        fn variables(&self) -> Result<Variables, VariablesError>;
    }

    impl<T: serde::Serialize> Serialize for T {
        fn variables(&self) -> Result<Variables, VariablesError> {
            Variables::from_serialize(self)
        }
    }
}

#[test]
fn keys_must_be_scalars() {
    let value = BTreeMap::from([((1, 2), "pair")]);
    let err = Variables::from_serialize(&value).unwrap_err();
    assert_eq!(
        err,
        VariablesError::Key {
            name: None,
            found: "a tuple"
        }
    );
    assert_eq!(
        err.to_string(),
        "the name of a template variable is a tuple: a key is a string, a character, a number or \
         a boolean"
    );
    let value = BTreeMap::from([("m", BTreeMap::from([(vec![1], 2)]))]);
    let err = Variables::from_serialize(&value).unwrap_err();
    assert_eq!(
        err,
        VariablesError::Key {
            name: Some("m".into()),
            found: "a sequence"
        }
    );
    assert_eq!(err.name(), Some("m"));
    assert_eq!(
        err.to_string(),
        "a key of the template variable `m` is a sequence: a key is a string, a character, a \
         number or a boolean"
    );
}

/// A value whose `Serialize` fails.
struct Failing;

impl Serialize for Failing {
    fn serialize<S: serde::Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
        Err(S::Error::custom("no value today"))
    }
}

#[test]
fn a_failing_serialize_is_reported_with_its_variable() {
    let err = Variables::from_serialize(&BTreeMap::from([("late", Failing)])).unwrap_err();
    assert_eq!(
        err,
        VariablesError::Custom {
            name: Some("late".into()),
            message: "no value today".into()
        }
    );
    assert_eq!(
        err.to_string(),
        "the template variable `late` could not be serialized: no value today"
    );
    let err = Variables::from_serialize(&Failing).unwrap_err();
    assert_eq!(err.name(), None);
    assert_eq!(
        err.to_string(),
        "the template variables could not be serialized: no value today"
    );
}

#[test]
fn expand_serialize_reports_the_variables_error() {
    let template = Template::parse("{a}").unwrap();
    let err = template.expand_serialize(&json!({"a": [[1]]})).unwrap_err();
    assert_eq!(
        err,
        ExpandError::Variables(VariablesError::Unsupported {
            name: "a".into(),
            found: "a list holding a list"
        })
    );
    assert_eq!(
        err.to_string(),
        "the template variable `a` is a list holding a list: a variable is a string, a number or \
         a boolean, or a list or map of them"
    );
    assert_eq!(err.template_range(), None);
    let err = template.expand_serialize_iri(&"a").unwrap_err();
    assert_eq!(
        err,
        ExpandError::Variables(VariablesError::NotAMap {
            found: "a string, a number or a boolean"
        })
    );
    // The errors of the expansion itself come through.
    let err = Template::parse("{+a}{+b}")
        .unwrap()
        .expand_serialize(&json!({"a": "#", "b": "#"}))
        .unwrap_err();
    assert_eq!(err.template_range(), Some(4..8));
}

#[test]
fn variables_deserialize_from_json_in_file_order() {
    let vars: Variables = serde_json::from_str(
        r#"{"z": "last?", "n": 1024, "f": 2.5, "t": true, "list": ["red", 2, null, false],
            "keys": {"semi": ";", "dot": ".", "none": null, "comma": ","}, "undef": null,
            "empty": [], "a": ""}"#,
    )
    .unwrap();
    let expected = Variables::new()
        .with("z", "last?")
        .with("n", "1024")
        .with("f", "2.5")
        .with("t", "true")
        .with("list", ["red", "2", "false"])
        .with("keys", [("semi", ";"), ("dot", "."), ("comma", ",")])
        .with("empty", Value::List(vec![]))
        .with("a", "");
    assert_eq!(vars, expected);
    assert_eq!(
        vars.names().collect::<Vec<_>>(),
        ["z", "n", "f", "t", "list", "keys", "empty", "a"]
    );
    let uri = Template::parse("{?keys*,undef,n}")
        .unwrap()
        .expand(&vars)
        .unwrap();
    assert_eq!(uri.as_str(), "?semi=%3B&dot=.&comma=%2C&n=1024");
}

#[test]
fn json_that_is_not_variables_is_an_error() {
    let err = |json: &str| {
        serde_json::from_str::<Variables>(json)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        err(r#"["a"]"#),
        "invalid type: sequence, expected a map of template variables at line 1 column 0"
    );
    assert_eq!(
        err(r#"{"a": [[1]]}"#),
        "invalid type: sequence, expected a string, a number, a boolean or null at line 1 column 8"
    );
    assert_eq!(
        err(r#"{"a": {"b": {}}}"#),
        "invalid type: map, expected a string, a number, a boolean or null at line 1 column 14"
    );
    let err = serde_json::from_str::<Value>("null")
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "invalid type: null, expected a string, a number, a boolean, or an array or map of them at line 1 column 4"
    );
}

#[test]
fn variables_serialize_in_order_and_round_trip() {
    let vars = Variables::new()
        .with("who", "fred")
        .with("list", ["red", "green"])
        .with("keys", [("semi", ";"), ("dot", ".")])
        .with("empty", "");
    let json = serde_json::to_string(&vars).unwrap();
    assert_eq!(
        json,
        r#"{"who":"fred","list":["red","green"],"keys":{"semi":";","dot":"."},"empty":""}"#
    );
    assert_eq!(serde_json::from_str::<Variables>(&json).unwrap(), vars);
    // The crate's own serializer reads them back alike.
    assert_eq!(Variables::from_serialize(&vars).unwrap(), vars);
    for (_, value) in vars.iter() {
        let json = serde_json::to_string(value).unwrap();
        assert_eq!(
            &serde_json::from_str::<Value>(&json).unwrap(),
            value,
            "{json}"
        );
    }
}
