//! The parsers kept in `src/compiled/generated/` are the generator's output
//! for the grammars as they are: what the build reads where the
//! fingerprints in their first lines match (see `build/main.rs`). A grammar
//! or the generator edited without the copies brought up to date fails
//! here, with the command that updates them.

// The tool that writes the copies, whose `generate` this test calls.
#[allow(dead_code)]
#[path = "../../generator/examples/regenerate.rs"]
mod regenerate;

use std::path::Path;

#[test]
fn the_kept_parsers_are_the_generator_s_output_for_the_grammars_as_they_are() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = regenerate::generate(root).expect("the crate's grammars compile");
    // Two files per grammar: uri, iri and template.
    assert_eq!(files.len(), 6);
    let dir = root.join("src/compiled/generated");
    let mut stale = Vec::new();
    for (file, text) in &files {
        let kept = std::fs::read_to_string(dir.join(file)).unwrap_or_default();
        if &kept != text {
            stale.push(file.as_str());
        }
    }
    assert!(
        stale.is_empty(),
        "src/compiled/generated/ is not what the generator makes of the grammars now \
         ({}): run `cargo run -p rfc3986-generator --example regenerate`",
        stale.join(", ")
    );
    // And each names, in its first line, the fingerprints the build checks.
    for (file, text) in &files {
        let first = text.lines().next().unwrap_or_default();
        assert!(
            first.starts_with("// Generated from ") && first.contains(", generator 0x"),
            "{file}: {first}"
        );
    }
}
