//! Generates the parsers of rfc3986-core's own grammars (`uri.pest`,
//! `iri.pest`, `template.pest`; the table is `build/grammars.rs`) with this
//! compiler, and writes them where rfc3986-core keeps them
//! (`src/compiled/generated/`), or into the directory given.
//!
//! ```text
//! cargo run -p rfc3986-generator --example regenerate            # the repository's copies
//! cargo run -p rfc3986-generator --example regenerate -- DIR     # into DIR
//! ```
//!
//! rfc3986-core's build script reads the copies in the repository where
//! each is current (its first line holds the fingerprints of the grammar and
//! of this compiler's sources it was generated from). Where one is not (a
//! grammar or the compiler edited), the script runs this tool into its
//! `OUT_DIR` and reads that output instead, so that an edited grammar
//! changes what the crate accepts at the next build. Running the tool
//! without a directory brings the repository's copies up to date; a test
//! (`tests/grammars/generated.rs`) fails until that is done.

// Some of the table is for the build script only. Public for the test that
// checks the kept copies as the build script does.
#[allow(dead_code)]
#[path = "../../build/grammars.rs"]
pub mod grammars;

use rfc3986_generator as compiler;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

fn main() -> ExitCode {
    let root = crate_root();
    let dir = match std::env::args_os().nth(1) {
        Some(dir) => PathBuf::from(dir),
        None => root.join(grammars::GENERATED),
    };
    let files = match generate(&root) {
        Ok(files) => files,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
    };
    if let Err(error) = std::fs::create_dir_all(&dir) {
        eprintln!("error: cannot create {}: {error}", dir.display());
        return ExitCode::FAILURE;
    }
    for (file, text) in files {
        let path = dir.join(&file);
        // Only what changed is written: a file rewritten with the same text
        // would make cargo build the crate again for nothing.
        if std::fs::read_to_string(&path).is_ok_and(|old| old == text) {
            continue;
        }
        if let Err(error) = std::fs::write(&path, text) {
            eprintln!("error: cannot write {}: {error}", path.display());
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

/// rfc3986-core's root: this package's parent directory.
pub fn crate_root() -> PathBuf {
    let generator = Path::new(env!("CARGO_MANIFEST_DIR"));
    generator.parent().unwrap_or(generator).to_path_buf()
}

/// Each generated file of every grammar of the crate under `root`, by name,
/// with its text: the header that says what it was generated from, then the
/// compiler's output.
pub fn generate(root: &Path) -> Result<Vec<(String, String)>, String> {
    let generator = grammars::generator_fingerprint(root)
        .map_err(|e| format!("cannot read the generator's sources: {e}"))?
        .ok_or_else(|| format!("no generator under {}", root.display()))?;
    let mut files = Vec::new();
    for grammar in grammars::GRAMMARS {
        let fingerprint = grammar
            .fingerprint(root)
            .map_err(|e| format!("cannot read {}: {e}", grammar.files.join(", ")))?;
        let sources: Vec<_> = grammar
            .files
            .iter()
            .map(|file| compiler::GrammarSource::File(file.to_string()))
            .collect();
        let artifact = compiler::compile_files(
            &grammar.name(),
            compiler::Base::None,
            &sources,
            root,
            compiler::Target {
                runtime: "crate::compiled::runtime",
                grammar_type: "Grammar",
                // The library starts a parse of its own grammars only from
                // their entries and, for a reference grammar, the rules
                // that play a role (its entries, and a component's check).
                starts: if grammar.reference {
                    compiler::Starts::RolesAnd(grammar.entries)
                } else {
                    compiler::Starts::Only(grammar.entries)
                },
                role_macro: grammar.role_macro,
            },
        )?;
        let header = grammar.header(fingerprint, generator);
        let [parser, rule] = grammar.outputs();
        files.push((parser, format!("{header}{}", artifact.compiled.code)));
        files.push((rule, format!("{header}{}", artifact.rule_type())));
    }
    Ok(files)
}
