//! The inputs of the `template-*` bench groups, shared with
//! `examples/profile_parse.rs` so that the instruction counts and the
//! timings of BENCHMARKS.md measure the same work: the cases of RFC 6570's
//! examples (`tests/template/data/spec-examples.json`, from the
//! uritemplate-test suite, all four levels), each template with the
//! variables of its level, and each crate's form of them.

use serde_json::Value as Json;

/// The examples, as the test suite writes them.
const SPEC_EXAMPLES: &str = include_str!("../../tests/template/data/spec-examples.json");

/// A variable's value, before each crate's own type is made of it.
#[derive(Clone, Debug)]
pub enum Var {
    String(String),
    List(Vec<String>),
    /// The pairs in the order serde_json's map gives them (by name): the
    /// same order for every crate.
    Map(Vec<(String, String)>),
}

/// One example: the template, the variables of its level, and the
/// expansions the RFC accepts (several where an associative array's order
/// is free).
#[derive(Clone, Debug)]
pub struct Case {
    pub template: String,
    pub vars: Vec<(String, Var)>,
    pub expected: Vec<String>,
}

/// Every example of the four levels, but those whose template holds `'`,
/// which section 2.1's `literals` rule excludes and `Template::parse`
/// rejects.
pub fn spec_cases() -> Vec<Case> {
    let json: Json = serde_json::from_str(SPEC_EXAMPLES).expect("spec-examples.json is JSON");
    let mut cases = Vec::new();
    for level in json.as_object().expect("an object of levels").values() {
        let vars: Vec<(String, Var)> = level["variables"]
            .as_object()
            .expect("the level's variables")
            .iter()
            .map(|(name, value)| (name.clone(), var(value)))
            .collect();
        for case in level["testcases"].as_array().expect("the level's cases") {
            let template = case[0].as_str().expect("a template").to_string();
            if template.contains('\'') {
                continue;
            }
            let expected = match &case[1] {
                Json::String(one) => vec![one.clone()],
                Json::Array(any) => any.iter().map(text).collect(),
                other => panic!("an expansion of {template}: {other}"),
            };
            cases.push(Case {
                template,
                vars: vars.clone(),
                expected,
            });
        }
    }
    cases
}

fn text(json: &Json) -> String {
    json.as_str().expect("a string").to_string()
}

fn var(json: &Json) -> Var {
    match json {
        Json::String(s) => Var::String(s.clone()),
        Json::Array(items) => Var::List(items.iter().map(text).collect()),
        Json::Object(pairs) => Var::Map(pairs.iter().map(|(k, v)| (k.clone(), text(v))).collect()),
        other => panic!("a value of the examples: {other}"),
    }
}

/// The variables as `rfc3986`'s `Variables`.
pub fn rfc3986_vars(vars: &[(String, Var)]) -> rfc3986::template::Variables {
    use rfc3986::template::Value;
    vars.iter()
        .map(|(name, value)| {
            let value = match value {
                Var::String(s) => Value::String(s.clone()),
                Var::List(items) => Value::List(items.clone()),
                Var::Map(pairs) => Value::Map(pairs.clone()),
            };
            (name.clone(), value)
        })
        .collect()
}

/// The variables as iri-string's `SimpleContext`.
pub fn iri_string_context(
    vars: &[(String, Var)],
) -> iri_string::template::simple_context::SimpleContext {
    use iri_string::template::simple_context::{SimpleContext, Value};
    let mut context = SimpleContext::new();
    for (name, value) in vars {
        let value = match value {
            Var::String(s) => Value::String(s.clone()),
            Var::List(items) => Value::List(items.clone()),
            Var::Map(pairs) => Value::Assoc(pairs.clone()),
        };
        context.insert(name.as_str(), value);
    }
    context
}

/// uritemplate-next's template: parsed, with the variables set on it (the
/// crate keeps them in the template).
pub fn uritemplate_next(template: &str, vars: &[(String, Var)]) -> uritemplate::UriTemplate {
    use uritemplate::TemplateVar;
    let mut parsed = uritemplate::UriTemplate::new(template);
    for (name, value) in vars {
        let value = match value {
            Var::String(s) => TemplateVar::Scalar(s.clone()),
            Var::List(items) => TemplateVar::List(items.clone()),
            Var::Map(pairs) => TemplateVar::AssociativeArray(pairs.clone()),
        };
        parsed.set(name, value);
    }
    parsed
}

/// `template` expanded by iri-string with `context`, as a URI; `None` where
/// it is an error.
pub fn iri_string_expand(
    template: &iri_string::template::UriTemplateStr,
    context: &iri_string::template::simple_context::SimpleContext,
) -> Option<String> {
    use iri_string::spec::UriSpec;
    template
        .expand::<UriSpec, _>(context)
        .ok()
        .map(|expanded| expanded.to_string())
}
