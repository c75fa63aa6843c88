//! The parsers kept in `src/compiled/generated/` are the generator's output
//! for the grammars as they are: what the build reads where the
//! fingerprints in their first lines match (see `build/main.rs`). A grammar
//! or the generator edited without the copies brought up to date fails
//! here, with the command that updates them.

// The tool that writes the copies, whose `generate` this test calls.
#[allow(dead_code)]
#[path = "../../generator/examples/regenerate.rs"]
mod regenerate;

use regenerate::grammars::{generator_fingerprint, GENERATED, GRAMMARS};
use std::path::Path;

#[test]
fn the_kept_parsers_are_the_generator_s_output_for_the_grammars_as_they_are() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = regenerate::generate(root).expect("the crate's grammars compile");
    // Two files per grammar: uri, iri and template.
    assert_eq!(files.len(), 6);
    let dir = root.join(GENERATED);
    let mut stale = Vec::new();
    for (file, text) in &files {
        let kept = std::fs::read_to_string(dir.join(file)).unwrap_or_default();
        if &kept != text {
            stale.push(file.as_str());
        }
    }
    assert!(
        stale.is_empty(),
        "{GENERATED}/ is not what the generator makes of the grammars now \
         ({}): run `cargo run -p rfc3986-generator --example regenerate`",
        stale.join(", ")
    );
    // And the build script, by the fingerprints in their first lines, reads
    // them as current, with the generator's sources and without them (in
    // the published package).
    let generator = generator_fingerprint(root)
        .expect("the generator's sources read")
        .expect("the generator is in the repository");
    for grammar in GRAMMARS {
        let fingerprint = grammar.fingerprint(root).expect("the grammar reads");
        assert!(
            grammar.is_current(&dir, fingerprint, Some(generator)),
            "{}",
            grammar.module
        );
        assert!(
            grammar.is_current(&dir, fingerprint, None),
            "{}",
            grammar.module
        );
        // Another generator, or another grammar, would not be current.
        assert!(
            !grammar.is_current(&dir, fingerprint, Some(generator ^ 1)),
            "{}",
            grammar.module
        );
        assert!(
            !grammar.is_current(&dir, fingerprint ^ 1, None),
            "{}",
            grammar.module
        );
    }
}
