//! The README shows the demo's output and gives commands, and the crate's
//! front page names every feature; all must stay true. (The README's Rust
//! examples run as doctests.)

const README: &str = include_str!("../../README.md");
const CI: &str = include_str!("../../.ci/run");

/// The demo command of the README: the `uri` tool through `cargo run`, so
/// that a newcomer builds the library, clap and serde, and none of the
/// dev-dependencies (the benchmarks' peer crates).
const DEMO: &str = "cargo run --features cli -- parse ";

/// The README's demo command line, and the URI it shows.
fn demo() -> (&'static str, &'static str) {
    let command = README
        .lines()
        .find(|line| line.starts_with(DEMO))
        .expect("the README gives the demo command");
    let uri = command.trim_start_matches(DEMO).trim_matches('\'');
    (command, uri)
}

/// The first ```text block of the README is the output of the `uri parse`
/// command above it.
#[cfg(feature = "cli")]
#[test]
fn readme_shows_the_demo_output() {
    let (_, uri) = demo();
    let shown = README
        .split_once("```text\n")
        .and_then(|(_, rest)| rest.split_once("```"))
        .expect("the README shows the demo's output")
        .0;

    let output = assert_cmd::cargo::cargo_bin_cmd!("uri")
        .args(["parse", uri])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8(output.stdout).unwrap(), shown);
    assert_eq!(String::from_utf8(output.stderr).unwrap(), "");
}

/// CI runs the README's demo command as it is written.
#[test]
fn ci_runs_the_readme_demo_command() {
    let (command, _) = demo();
    assert!(
        CI.lines()
            .any(|line| line.trim_start().starts_with(command)),
        "CI does not run `{command}`"
    );
}

/// CI runs the test command the README gives a newcomer: the command of
/// the `sh` block after "Run the tests".
#[test]
fn ci_runs_the_readme_test_command() {
    let command = README
        .split_once("Run the tests")
        .and_then(|(_, rest)| rest.split_once("```sh\n"))
        .and_then(|(_, rest)| rest.split_once("\n```"))
        .expect("the README gives a test command")
        .0;
    assert!(command.starts_with("cargo test"), "{command}");
    assert!(
        CI.lines().any(|line| line == command),
        "CI does not run `{command}`"
    );
}

/// The `[features]` of a manifest: each feature's name and the text of
/// its list.
fn features(manifest: &str) -> Vec<(&str, &str)> {
    manifest
        .split("[features]\n")
        .nth(1)
        .unwrap()
        .split("\n[")
        .next()
        .unwrap()
        .lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| line.split_once(" = "))
        .collect()
}

/// The `rfc3986` crate users depend on (facade/) has every feature of
/// rfc3986-core, each turning on rfc3986-core's of the same name (all
/// but `cli`, whose tool is rfc3986-core's binary), the same defaults,
/// and `macros`.
#[test]
fn the_facade_forwards_every_feature() {
    const CORE: &str = include_str!("../../Cargo.toml");
    const FACADE: &str = include_str!("../../facade/Cargo.toml");
    let facade = features(FACADE);
    let list = |name: &str| {
        facade
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, list)| *list)
            .unwrap_or_else(|| panic!("the facade has no feature {name}"))
    };
    let core = features(CORE);
    assert!(core.len() >= 12, "{core:?}");
    for (name, core_list) in core {
        match name {
            "cli" => assert!(facade.iter().all(|(n, _)| *n != "cli")),
            "default" => assert_eq!(list(name), core_list),
            _ => assert_eq!(list(name), format!("[\"rfc3986-core/{name}\"]")),
        }
    }
    assert_eq!(list("macros"), "[\"dep:rfc3986-macros\"]");
}

/// The crate's front page (`src/lib.md`, the crate docs of rfc3986-core
/// and of `rfc3986`, the page a docs.rs reader lands on) gives every
/// feature of both manifests a line, and every capability a line with a
/// link to its guide chapter.
#[test]
fn crate_docs_name_every_feature_and_capability() {
    const MANIFEST: &str = include_str!("../../Cargo.toml");
    const FACADE: &str = include_str!("../../facade/Cargo.toml");
    const MAP: &str = include_str!("../../src/lib.md");
    let names: Vec<&str> = features(MANIFEST)
        .into_iter()
        .chain(features(FACADE))
        .map(|(name, _)| name)
        // Not a feature: which ones are on by default, which the docs say.
        .filter(|&name| name != "default")
        .collect();
    assert!(names.len() >= 14, "{names:?}");
    for name in names {
        assert!(MAP.contains(&format!("\n- `{name}`")), "feature {name}");
    }
    for capability in [
        "**Parse and read**",
        "**Resolution**",
        "**The normalization ladder**",
        "**Percent-encoding**",
        "**Building and changing**",
        "**URIs that must have a scheme**",
        "**IRIs**",
        "**URI Templates**",
        "**Checking URIs you did not write**",
        "**Literals checked at compile time**",
        "**Schemes, and grammars of your own**",
        "**The `uri` tool**",
    ] {
        let line = MAP
            .split("\n- ")
            .find(|item| item.starts_with(capability))
            .unwrap_or_else(|| panic!("{capability}"));
        assert!(
            line.contains("[`guide::"),
            "{capability} has no guide chapter: {line}"
        );
    }
}

/// pest documents a parser's `Rule` enum with the `//!` lines of its
/// grammar files, in their order; `IriRule`'s start with its own, which
/// say what it is, rather than being `Rule`'s, word for word, as they were
/// when `uri.pest`'s were the only ones.
#[test]
fn iri_rule_has_docs_of_its_own() {
    const URI_PEST: &str = include_str!("../../uri.pest");
    const IRI_PEST: &str = include_str!("../../iri.pest");
    // The `//!` lines that come first in IriRule's files (pest_derive's
    // `IriParser` and the build script both read them first).
    const IRI_DOCS: &str = include_str!("../../src/iri/docs.pest");
    let grammar_docs = |text: &str| -> String {
        text.lines()
            .filter_map(|line| line.trim_start().strip_prefix("//!"))
            .map(|line| format!("{}\n", line.trim()))
            .collect()
    };
    let rule = grammar_docs(URI_PEST);
    let iri_rule = grammar_docs(IRI_DOCS) + &grammar_docs(URI_PEST) + &grammar_docs(IRI_PEST);
    let summary = |docs: &str| docs.split("\n\n").next().unwrap_or("").to_string();
    assert!(summary(&rule).contains("RFC 3986"), "{rule}");
    assert!(summary(&iri_rule).contains("RFC 3987"), "{iri_rule}");
    assert_ne!(summary(&iri_rule), summary(&rule));
}
